#!/usr/bin/env bash
# NRPA's iterations per level N on small boards (Defaults::nrpa_iterations, the
# `--nrpa-iterations auto` rule): level 2-3 with N = 10-100 on generated boards of
# 5 x 4 to 8 x 8 (seed 11, not the suite; optima proven by exact) at 20,000
# playouts, then N = 100 / 30 / 20 at level 3 on 10 x 10 and 12 x 12 SameGame boards
# at 100,000 playouts (seed 11, 12 boards each). Validation of the chosen rule: the
# small-board suite (scripts/small-board-suite.sh, seed 7).
#   scripts/nrpa-small-n.sh > docs/results/nrpa-small-n.md
set -euo pipefail
cd "$(dirname "$0")/.."
S=${SG:-./target/release/samegame}
[ -n "${SG:-}" ] || cargo build --release -q
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
configs=""
for l in 2 3; do
  for n in 10 20 30 100; do
    configs+="L${l}N$n: --algo nrpa --level $l --nrpa-iterations $n"$'\n'
  done
done
echo '```text'
echo "\$ scripts/nrpa-small-n.sh"
SAMEGAME="$S" SEED=11 CONFIGS="$configs" scripts/small-board-suite.sh 20000 4
for g in 10x10x4 12x12x5; do
  IFS=x read -r w h c <<<"$g"
  "$S" generate --width "$w" --height "$h" --colors "$c" --count 12 --seed 11 --out "$dir/g$g.txt"
  echo
  echo "$g SameGame, 12 boards (seed 11), 100,000 playouts:"
  "$S" compare "$dir/g$g.txt" --iterations 100000 --threads 1 \
    --config "L3N100: --algo nrpa --nrpa-iterations 100" \
    --config "L3N30: --algo nrpa --nrpa-iterations 30" \
    --config "L3N20: --algo nrpa --nrpa-iterations 20" | sed -n '/^difference/,$p'
done
echo '```'
