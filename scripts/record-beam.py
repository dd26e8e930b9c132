#!/usr/bin/env python3
"""The record campaign's beam pass and its rule (docs/experiments.md, "Record
campaign", "The beam pass, fixed before its first run ended", 2026-12-01 03:00):
per board, the beam pass's score (`--algo beam`, the default cap of 2^20, --cpu-time
3600) against our best line from level-4 NRPA (every finished level-4 NRPA run of
the campaign, whatever its seed and budget) and the CPU time of that run; then what
the rule says once all 20 boards are in: if the beam is above on at least half of
them, the next pass is wider beams (2^21) on the boards where it won, before pass
3's remaining runs; else pass 3 goes on as fixed.

    python3 scripts/record-beam.py [runs/record]
    python3 scripts/record-beam.py --wide a|b [runs/record]

--wide prints, for scripts/record-lane.sh, the boards of one lane's wider-beam stage
on one line: the boards where the beam won, in the beam pass's order (largest gap to
the best published score first), lane a the 1st, 3rd, ... and lane b the others;
`none` when the rule says pass 3 goes on (or the lane has no board); `pending` while
a board of the beam pass has not finished.

Reads runs/record/*.results.jsonl (one JSON object per finished run; paused or cut
runs are not there). Writes nothing.
"""
import glob
import json
import os
import sys

# The beam pass's boards, largest gap to the best published score first (the order
# of scripts/record-lane.sh's two lanes, interleaved: a, b, a, b, ...).
ORDER = [8, 15, 10, 7, 13, 11, 16, 12, 3, 6, 1, 20, 17, 18, 19, 9, 4, 2, 14, 5]
BEAM_FILES = "beam-[ab].results.jsonl"
NRPA4 = "nrpa --level 4 "


def finished(folder, pattern):
    """Every finished run in the files matching `pattern`: (path:line, record)."""
    for path in sorted(glob.glob(os.path.join(folder, pattern))):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                r = json.loads(line)
                if r.get("variant") == "samegame":
                    yield f"{path}:{n}", r


def beam_pass(folder):
    """The beam pass's score per board (one run each: the beam is deterministic)."""
    out = {}
    for at, r in finished(folder, BEAM_FILES):
        if not r["config"].startswith("beam") or r["budget"].get("cpu_time") != 3600.0:
            continue
        b = r["position"]
        if b in out:
            sys.exit(f"{at}: a second beam-pass run of board {b}")
        out[b] = r["score"]
    return out


def nrpa_best(folder):
    """Per board: the best level-4 NRPA score of the campaign and its run's CPU s."""
    out = {}
    for _, r in finished(folder, "*.results.jsonl"):
        if not r["config"].startswith(NRPA4):
            continue
        b, s = r["position"], r["score"]
        cpu = r["budget"].get("cpu_time")
        if b not in out or s > out[b][0]:
            out[b] = (s, cpu)
    return out


def winners(beam, nrpa):
    """The boards where the beam pass scored above the best NRPA line, in ORDER."""
    return [b for b in ORDER if b in beam and beam[b] > nrpa.get(b, (-(10**9),))[0]]


def main():
    args = sys.argv[1:]
    lane = None
    if args and args[0] == "--wide":
        if len(args) < 2 or args[1] not in ("a", "b"):
            sys.exit("usage: scripts/record-beam.py --wide a|b [runs/record]")
        lane, args = args[1], args[2:]
    folder = args[0] if args else "runs/record"
    beam, nrpa = beam_pass(folder), nrpa_best(folder)
    complete = all(b in beam for b in ORDER)
    won = winners(beam, nrpa)
    wide = complete and 2 * len(won) >= len(ORDER)
    if lane is not None:
        if not complete:
            print("pending")
            return
        mine = won[0::2] if lane == "a" else won[1::2]
        print(" ".join(map(str, mine)) if wide and mine else "none")
        return
    print("| board | beam pass (2^20) | best level-4 NRPA | its CPU s | beam − NRPA |")
    print("|---:|---:|---:|---:|---:|")
    for b in ORDER:
        s = beam.get(b)
        n, cpu = nrpa.get(b, (None, None))
        d = "-" if s is None or n is None else f"{s - n:+,}"
        print(f"| {b} | {'-' if s is None else f'{s:,}'} | {'-' if n is None else f'{n:,}'} | "
              f"{'-' if cpu is None else f'{cpu:,.0f}'} | {d} |")
    done = [b for b in ORDER if b in beam]
    print(f"\n{len(done)} of {len(ORDER)} boards done; the beam is above on "
          f"{len([b for b in won])} of them.")
    if complete:
        if wide:
            print(f"Rule: wider beams (2^21) on the {len(won)} boards where it won "
                  f"({' '.join(map(str, won))}), before pass 3's remaining runs.")
        else:
            print("Rule: the beam won on fewer than half of the boards; pass 3 goes on.")


if __name__ == "__main__":
    main()
