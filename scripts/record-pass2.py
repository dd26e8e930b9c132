#!/usr/bin/env python3
"""The record campaign's pass 2 (docs/experiments.md, "Record campaign", pass 2 and
its rule, written before its runs): per board, D = the two-hour run's score (seed 33,
--cpu-time 7200) - the better of two one-hour runs (pass 1's, seed 31, and pass 2's,
seed 32, --cpu-time 3600), all level-4 NRPA; then the mean of D with a paired 95% CI,
the number of D above 0, and what the rule says for pass 3 once all six boards are in.

    python3 scripts/record-pass2.py [runs/record]
    python3 scripts/record-pass2.py --form [runs/record]

--form prints only pass 3's form, one word, for scripts/record-lane.sh: `long4` (D > 0
on at least 5 boards: runs of 4 hours), `long2` (neither 5 of 6, the two-hour arm's
sum larger: runs of 2 hours), `seeds` (D < 0 on at least 5, or the one-hour arm's sum
larger, or the sums equal: pairs of one-hour runs; the tie's branch was fixed on
2026-11-30 23:30, before board 12's runs ended, as the cheaper arm of equal result), or
`pending` (a run of pass 2 not finished yet).

Reads the finished runs of runs/record/nrpa4-{a,b}.results.jsonl (pass 1) and
runs/record/p2-{1h,2h}-{a,b}.results.jsonl (pass 2); a run not finished yet (paused,
or not started) shows as '-'. Writes nothing.
"""
import glob
import json
import math
import os
import sys

BOARDS = [7, 10, 13, 11, 16, 12]
CONFIG = "nrpa --level 4 "
# Two-sided 95% quantiles of Student's t, by degrees of freedom.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571}


def runs(folder, pattern, seed, cpu):
    """Score per board of the finished runs in the files matching `pattern`."""
    out = {}
    for path in sorted(glob.glob(os.path.join(folder, pattern))):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                r = json.loads(line)
                if (r["seed"], r["budget"].get("cpu_time")) != (seed, cpu):
                    continue
                if not r["config"].startswith(CONFIG) or r["variant"] != "samegame":
                    continue
                b = r["position"]
                if b in out:
                    sys.exit(f"{path}:{n}: a second run of board {b} (seed {seed})")
                out[b] = r["score"]
    return out


def rows(h31, h32, h2):
    """Per board: its scores, the better hour and D (None where a run is missing)."""
    out = []
    for b in BOARDS:
        a, c, two = h31.get(b), h32.get(b), h2.get(b)
        best = max(a, c) if a is not None and c is not None else None
        d = two - best if best is not None and two is not None else None
        out.append((b, a, c, best, two, d))
    return out


def rule(ds, sums):
    """Pass 3's form by the rule (see --form above) and the words for it, from the
    six D's and the arms' sums (two hours, better hour)."""
    up, down = sum(d > 0 for d in ds), sum(d < 0 for d in ds)
    if up >= 5:
        return "long4", "pass 3 gives its boards longer runs (4 hours)"
    if down >= 5:
        return "seeds", "pass 3 gives its boards more one-hour seeds"
    if sums[0] > sums[1]:
        return "long2", "neither 5 of 6: the two-hour arm has the larger sum, so longer runs"
    if sums[0] < sums[1]:
        return "seeds", "neither 5 of 6: the one-hour arm has the larger sum, so more seeds"
    return "seeds", ("neither 5 of 6 and equal sums: the rule does not decide; "
                     "pass 3 takes the one-hour runs (fixed before the last boards ended)")


def main():
    args = sys.argv[1:]
    form = bool(args) and args[0] == "--form"
    if form:
        args = args[1:]
    folder = args[0] if args else "runs/record"
    h31 = runs(folder, "nrpa4-[ab].results.jsonl", 31, 3600.0)
    h32 = runs(folder, "p2-1h-[ab].results.jsonl", 32, 3600.0)
    h2 = runs(folder, "p2-2h-[ab].results.jsonl", 33, 7200.0)
    table = rows(h31, h32, h2)
    done = [r for r in table if r[5] is not None]
    ds = [r[5] for r in done]
    sums = [sum(r[4] for r in done), sum(r[3] for r in done)]
    complete = len(done) == len(BOARDS)
    if form:
        print(rule(ds, sums)[0] if complete else "pending")
        return
    cell = lambda v: "-" if v is None else f"{v:,}"
    print("| board | 1 h, seed 31 | 1 h, seed 32 | better 1 h | 2 h, seed 33 | D |")
    print("|---:|---:|---:|---:|---:|---:|")
    for b, a, c, best, two, d in table:
        print(f"| {b} | {cell(a)} | {cell(c)} | {cell(best)} | {cell(two)} | "
              f"{'-' if d is None else f'{d:+,}'} |")
    n = len(ds)
    print(f"\n{n} of {len(BOARDS)} boards complete.")
    if n >= 2:
        mean = sum(ds) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in ds) / (n - 1))
        half = T975[n - 1] * sd / math.sqrt(n)
        print(f"mean D {mean:+.1f} (95% CI [{mean - half:+.1f}, {mean + half:+.1f}], n = {n}); "
              f"D > 0 on {sum(d > 0 for d in ds)}, D < 0 on {sum(d < 0 for d in ds)}")
    if complete:
        print(f"sums: two hours {sums[0]:,}, better one hour {sums[1]:,}. "
              f"Rule: {rule(ds, sums)[1]}.")


if __name__ == "__main__":
    main()
