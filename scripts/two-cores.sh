#!/usr/bin/env bash
# Issue 52 item 4: two cores for an hour on a board. Is one width-2 parallel NRPA
# search (`--search-threads 2`: its top level runs two lower-level searches side by
# side from one policy) better than two independent one-core searches with the
# best kept (two campaign runs of the board at once)? Both arms get 3600 CPU s per
# thread, 2 core-hours per board; every run is also a record attempt, merged into
# solutions/ as the campaign's are (scripts/record-campaign.sh runs each arm).
#
#   scripts/two-cores.sh            run (or continue) both arms board by board, then report
#   scripts/two-cores.sh --report   the report of the boards both arms finished
#
# Arms (batch with --checkpoint, journaled, in runs/record/):
#   indep2  CONFIG, --runs 2 --threads 2   runs 0 and 1 side by side, the best kept
#   width2  CONFIG --search-threads 2, --threads 2   one search of width 2 on both cores
# Environment: CONFIG ["--algo nrpa --level 4": the campaign's engine; change it,
# and start new files, if the 600-s comparison picks another], BUDGET ["--cpu-time
# 3600"], BOARDS ["5 14 4 2 9 18": the six closest to their records], SEED [52],
# and SG, SG_BUILT, PRIO as for record-campaign.sh.
#
# Durable: a stop (`kill -TERM` this script) checkpoints the runs in progress and
# the same command continues them (record-campaign.sh, "Stopping"). Compute goes to
# runs/record/compute.tsv (config column: the arm's flags). The report pairs the
# arms by board (indep2: the better of its two runs) with scripts/paired.py.
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=${CONFIG:---algo nrpa --level 4}
BOARDS=${BOARDS:-5 14 4 2 9 18}
export BUDGET=${BUDGET:---cpu-time 3600} SEED=${SEED:-52}
indep=runs/record/two-cores-indep2
width=runs/record/two-cores-width2

report() {
  local csv
  csv=$(mktemp)
  python3 - "$indep.results.jsonl" "$width.results.jsonl" "$csv" <<'PY'
import json, os, sys
def runs(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            if line.strip():
                r = json.loads(line)
                out.setdefault(r["position"], []).append(r["score"])
    return out
indep, width = runs(sys.argv[1]), runs(sys.argv[2])
both = sorted(b for b in indep if len(indep[b]) == 2 and b in width)
print("| board | indep2 run 0 | indep2 run 1 | indep2 best | width2 | width2 - indep2 |")
print("|---:|---:|---:|---:|---:|---:|")
with open(sys.argv[3], "w") as f:
    f.write("label,position,score\n")
    for b in both:
        i, w = max(indep[b]), width[b][0]
        print(f"| {b} | {indep[b][0]} | {indep[b][1]} | {i} | {w} | {w - i:+d} |")
        f.write(f"indep2,{b},{i}\nwidth2,{b},{w}\n")
print(f"\n{len(both)} boards with both arms finished")
PY
  if [ "$(wc -l <"$csv")" -gt 2 ]; then
    python3 scripts/paired.py "$csv" width2 "$csv" indep2
  fi
  rm -f "$csv"
}
if [ "${1:-}" = "--report" ]; then
  report
  exit 0
fi

child=
trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null || true' TERM INT
arm() { # OUT RUNS THREADS CONFIG BOARD
  OUT=$1.txt RUNS=$2 THREADS=$3 CONFIG=$4 scripts/record-campaign.sh "$5" &
  child=$!
  local rc=0
  while :; do
    wait "$child" || rc=$?
    kill -0 "$child" 2>/dev/null || break
  done
  child=
  return "$rc"
}
for b in $BOARDS; do
  arm "$indep" 2 2 "$CONFIG" "$b"
  arm "$width" 1 2 "$CONFIG --search-threads 2" "$b"
done
report
