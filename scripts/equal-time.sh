#!/usr/bin/env bash
# Issue 14, target 1: equal time per position on the standard boards 1-5, the
# default `solve` configuration (`--algo auto`: NRPA level 3 under `--time`) and
# level-2 NMCS (the default before, and of iteration budgets) with `--time S`, 5 runs per
# position (seed streams (p, r), r = 1..RUNS, default 5), one search per core. Prints the compare
# table; the total over the five boards is 5 x the mean.
#   scripts/equal-time.sh [SECONDS ...]   (default: 10 60)
# NMCS2=0 leaves out the level-2 NMCS row (half the time); its tables go to
# docs/results/equal-time-default-Ss.md instead of equal-time-Ss.md. THREADS=1 runs
# one search at a time (e.g. pinned to one core with `taskset -c 0`).
set -euo pipefail
cd "$(dirname "$0")/.."
SG=${SG:-./target/release/samegame}
[ -n "${SG_BUILT:-}" ] || cargo build --release -q
mkdir -p docs/results
configs=(--config "default: ")
[ "${NMCS2:-1}" = 0 ] || configs+=(--config "nmcs2: --algo nmcs --level 2")
for s in "${@:-10 60}"; do
  for t in $s; do
    out=docs/results/equal-time-${t}s.md
    [ "${NMCS2:-1}" = 0 ] && out=docs/results/equal-time-default-${t}s.md
    {
      echo "samegame compare testsets/samegame-standard-20.txt --positions 1-5 --time $t --runs ${RUNS:-5} --threads ${THREADS:-0} $(printf '%q ' "${configs[@]}")"
      echo '```text'
      "$SG" compare testsets/samegame-standard-20.txt --positions 1-5 --time "$t" --runs "${RUNS:-5}" \
        --threads "${THREADS:-0}" "${configs[@]}"
      echo '```'
      echo "Machine: $(nproc) of $(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)."
    } > "$out"
    cat "$out"
  done
done
