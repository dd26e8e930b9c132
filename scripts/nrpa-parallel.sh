#!/usr/bin/env bash
# Parallel NRPA at equal wall time (issue 28, item 2): one search on 2 threads
# (`--threads 2`, width 2) against 2 independent searches (`--threads 2
# --nrpa-independent`) and against 1 thread, default NRPA (level 3), S seconds per
# search, on standard boards P, one seed. Each search runs alone, so its threads
# have the machine's cores, shared with whatever else runs: the load average is
# printed before and after (wall-clock results depend on it).
#
#   scripts/nrpa-parallel.sh [SECONDS] [POSITIONS] [SEED]     default: 10 "1 2 3 4 5" 1
#
# Prints a Markdown table: score and playouts per position and configuration, and
# the totals. About 3 × SECONDS per position.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
positions=${2:-1 2 3 4 5}
seed=${3:-1}
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
set_=testsets/samegame-standard-20.txt
configs=("--threads 1" "--threads 2" "--threads 2 --nrpa-independent")
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| position | 1 thread | 2 threads, one search (width 2) | 2 independent searches |"
echo "|---|---|---|---|"
declare -a total=(0 0 0)
for p in $positions; do
  row="| $p |"
  for i in "${!configs[@]}"; do
    # shellcheck disable=SC2086 # the configuration is a flag list
    line=$("$SG" solve "$set_" --position "$p" --time "$secs" --seed "$seed" ${configs[$i]} 2>&1 >/dev/null |
      grep "^position $p: score ")
    score=$(awk '{print $4}' <<<"$line")
    playouts=$(awk '{print $6}' <<<"$line")
    total[i]=$((total[i] + score))
    row="$row $score ($playouts playouts) |"
  done
  echo "$row"
done
echo "| total | ${total[0]} | ${total[1]} | ${total[2]} |"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
