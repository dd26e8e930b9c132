#!/usr/bin/env bash
# Speed of root parallelisation (`solve --threads N`, docs/search.md): playouts/s
# of 1 and 2 threads at a fixed iteration budget (wall clock, so it depends on what
# else the machine runs: the load average is printed), and the instruction counts
# of the same searches under callgrind (deterministic, per thread).
#
# Usage: scripts/threads-speed.sh [ITERATIONS] [CALLGRIND_ITERATIONS] [-- SEARCH FLAGS]
# Defaults: 300000 and 100000 playouts, `--algo mcts`, Maastricht position 1.
set -euo pipefail
cd "$(dirname "$0")/.."
K=${1:-300000}
KCG=${2:-100000}
shift $(($# < 2 ? $# : 2))
[ "${1:-}" = "--" ] && shift
FLAGS=("$@")
[ ${#FLAGS[@]} -gt 0 ] || FLAGS=(--algo mcts)
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
SG=$(realpath "$SG")
SET=$(realpath testsets/samegame-maastricht-250.txt)
echo "machine: $(nproc) cores; search: ${FLAGS[*]}; position 1 of $(basename "$SET")"
for t in 1 2; do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  line=$("$SG" solve "$SET" --position 1 --iterations "$K" --threads "$t" "${FLAGS[@]}" 2>&1 >/dev/null |
    grep '^position 1:')
  playouts=$(sed -E 's/.* playouts ([0-9]+) .*/\1/' <<<"$line")
  secs=$(sed -E 's/.* ([0-9.]+) s( .*)?$/\1/' <<<"$line")
  echo "threads $t: $playouts playouts in $secs s = $(awk -v p="$playouts" -v s="$secs" 'BEGIN{printf "%.0f", p/s}') playouts/s (load average before: $load)"
done
command -v valgrind >/dev/null || { echo "valgrind not installed: no instruction counts"; exit 0; }
dir=$(mktemp -d)
for t in 1 2; do
  (cd "$dir" && valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="t$t" \
    "$SG" solve "$SET" --position 1 --iterations "$KCG" --threads "$t" "${FLAGS[@]}" \
    >/dev/null 2>&1)
  counts=$(for f in "$dir/t$t"-*; do grep -E '^(summary|totals):' "$f" | head -1 | awk '{print $2}'; done |
    sort -rn)
  total=$(awk '{s+=$1} END{printf "%.0f", s}' <<<"$counts")
  busiest=$(head -1 <<<"$counts")
  echo "threads $t, $KCG playouts under callgrind: $total instructions in all, busiest thread $busiest"
  eval "total_$t=$total busiest_$t=$busiest"
done
awk -v a="$total_1" -v b="$total_2" -v m="$busiest_2" 'BEGIN{
  printf "work of 2 threads / 1 thread: %.3f; ideal speed-up on 2 free cores (1-thread work / busiest thread of 2): %.2f\n", b/a, a/m }'
rm -rf "$dir"
