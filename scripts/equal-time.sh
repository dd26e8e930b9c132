#!/usr/bin/env bash
# Issue 14, target 1: equal time per position on the standard boards 1-5, the
# default `solve` configuration (`--algo auto`: NRPA level 3 under `--time`) and
# level-2 NMCS (the default before, and of iteration budgets) with `--time S`, 5 runs per
# position (seed streams (p, r), r = 1..RUNS, default 5), one search per core. Prints the compare
# table; the total over the five boards is 5 x the mean.
#   scripts/equal-time.sh [SECONDS ...]   (default: 10 60)
set -euo pipefail
cd "$(dirname "$0")/.."
SG=${SG:-./target/release/samegame}
[ -n "${SG_BUILT:-}" ] || cargo build --release -q
mkdir -p docs/results
for s in "${@:-10 60}"; do
  for t in $s; do
    out=docs/results/equal-time-${t}s.md
    {
      echo "samegame compare testsets/samegame-standard-20.txt --positions 1-5 --time $t --runs ${RUNS:-5} --threads ${THREADS:-0} --config \"default: \" --config \"nmcs2: --algo nmcs --level 2\""
      echo '```text'
      "$SG" compare testsets/samegame-standard-20.txt --positions 1-5 --time "$t" --runs "${RUNS:-5}" \
        --threads "${THREADS:-0}" --config "default: " --config "nmcs2: --algo nmcs --level 2"
      echo '```'
      echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)."
    } > "$out"
    cat "$out"
  done
done
