#!/usr/bin/env bash
# Does `samegame batch` scale linearly with the number of positions? Times one run per
# position on N and on 10·N random 10 × 10 boards (5 colours; the first N boards of
# both sets are the same) at the same budget per run, in a scratch folder, and prints
# a Markdown table with the ratio of the two times (the target is at most 10).
#
#   scripts/batch-scaling.sh [N (default 5000)] [playouts per run (default 200)] [batch flags…]
#
# e.g. `scripts/batch-scaling.sh 5000 2000 --threads 2`. CPU seconds (user + sys) are
# less disturbed by other load than wall seconds; say which machine and load.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-5000}
iterations=${2:-200}
shift $(($# < 2 ? $# : 2))
cargo build --release --quiet
bin=$PWD/target/release/samegame
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| positions | playouts per run | wall s | CPU s (user + sys) | CPU ms per position |"
echo "|---:|---:|---:|---:|---:|"
declare -a cpu wall
for count in "$n" $((10 * n)); do
    "$bin" generate --width 10 --height 10 --colors 5 --count "$count" --out "$dir/set.txt"
    TIMEFORMAT="%R %U %S"
    t=$({ time "$bin" batch "$dir/set.txt" --iterations "$iterations" --runs 1 \
        --out "$dir/s.txt" --quiet "$@" >/dev/null; } 2>&1 | tail -n 1)
    read -r r u s <<<"$t"
    c=$(awk "BEGIN { print $u + $s }")
    wall+=("$r")
    cpu+=("$c")
    printf '| %d | %d | %.2f | %.2f | %.3f |\n' "$count" "$iterations" "$r" "$c" \
        "$(awk "BEGIN { print 1000 * $c / $count }")"
    rm -f "$dir"/s.*
done
printf '\n10·N / N: wall %.2f×, CPU %.2f× (target: at most 10×)\n' \
    "$(awk "BEGIN { print ${wall[1]} / ${wall[0]} }")" "$(awk "BEGIN { print ${cpu[1]} / ${cpu[0]} }")"
