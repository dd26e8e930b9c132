#!/usr/bin/env bash
# NRPA's selective policy (--policy tabu) against random candidates (--policy random),
# level 3, 100,000 playouts, by board size and colour count: 10 generated SameGame
# boards per class (seed 11, not the test sets), then Maastricht 1-20 (training).
# Chose Defaults::NRPA_SELECTIVE_MIN_TILES / _MIN_COLORS. One worker thread.
#   scripts/nrpa-selective.sh > docs/results/nrpa-selective.md
set -euo pipefail
cd "$(dirname "$0")/.."
S=${SG:-./target/release/samegame}
[ -n "${SG:-}" ] || cargo build --release -q
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
cfg=(--config "sel: --algo nrpa --policy tabu" --config "rnd: --algo nrpa --policy random")
echo '```text'
for wh in 6x6 8x8 10x10 12x12 15x15; do
  for c in 2 3 4 5; do
    f=$dir/g$wh-$c.txt
    "$S" generate --width "${wh%x*}" --height "${wh#*x}" --colors "$c" --count 10 --seed 11 --out "$f"
    printf '%-6s %s colours  ' "$wh" "$c"
    "$S" compare "$f" --iterations 100000 --threads 1 "${cfg[@]}" | grep -A1 '^difference' | tail -1
  done
done
printf 'Maastricht 1-20  '
"$S" compare testsets/samegame-maastricht-250.txt --positions 1-20 --iterations 100000 --threads 1 \
  "${cfg[@]}" | grep -A1 '^difference' | tail -1
echo '```'
