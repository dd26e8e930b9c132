#!/usr/bin/env bash
# Issue 51's done-when ratio, run after run: the playouts/s of level-3 NRPA over
# those of level-1 NMCS with random playouts, in one `compare` run on one thread
# (positions 1-5 of the standard set, 100,000 iterations), pinned to one core.
# On a shared VM one run's NRPA playouts/s varies by ±15%, so a single run says
# little: this repeats the run, alternating the builds given, and prints every
# run's figures and each build's median.
#
#   scripts/nrpa-ratio.sh [-n RUNS] BIN [BIN...]     default 10 runs per build
#
# Prints `build nrpa3_pps nmcs1_pps ratio` per run, then `median build ratio
# nrpa3_pps (n runs, k of them >= 0.25)`. Environment: CPU (core, default 1). Stop
# background searches first (kill -STOP), as for any timed run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=10
if [ "${1:-}" = -n ]; then
  runs=$2
  shift 2
fi
[ $# -ge 1 ] || { echo "usage: scripts/nrpa-ratio.sh [-n RUNS] BIN [BIN...]" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for _ in $(seq "$runs"); do
  for bin in "$@"; do
    taskset -c "${CPU:-1}" "$bin" compare testsets/samegame-standard-20.txt --positions 1-5 \
      --config "nrpa3: --algo nrpa --level 3" \
      --config "nmcs1: --algo nmcs --level 1 --policy random" \
      --iterations 100000 --runs 1 --threads 1 2>/dev/null |
      awk -v b="$bin" '$1 == "nrpa3" && $2 != "-" { n = $5 } $1 == "nmcs1" && $2 != "-" { m = $5 }
        END { if (n == "" || m == "") { print "nrpa-ratio: no playouts/s column for " b > "/dev/stderr"; exit 1 }
              printf "%s %s %s %.4f\n", b, n, m, n / m }' | tee -a "$out"
  done
done
python3 - "$out" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for b in dict.fromkeys(r[0] for r in rows):
    rs = [float(r[3]) for r in rows if r[0] == b]
    ps = [float(r[1]) for r in rows if r[0] == b]
    print(f"median {b} {statistics.median(rs):.4f} {statistics.median(ps):.0f} "
          f"({len(rs)} runs, {sum(r >= 0.25 for r in rs)} of them >= 0.25)")
EOF
