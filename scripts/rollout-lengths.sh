#!/usr/bin/env bash
# How long the rollouts of a search are (issue 27, item 5; docs/search.md, "Tree
# simulations"): builds this commit with scripts/rollout-lengths.patch applied (a
# counter of the moves every `Rollout::run` plays, printed on stderr; not part of
# the shipped binary, so the hot path stays as it is) in a temporary worktree, then
# solves the given Maastricht positions with each configuration at the same budget
# and prints rollouts, moves and moves per rollout. Deterministic (iteration
# budgets): the figures do not depend on the machine's load.
#
# Usage: [ALGOS="...|..."] scripts/rollout-lengths.sh [ITERATIONS] [POSITIONS]
# Defaults: the configurations of tree-speed.sh's random-rollout table, 100000
# playouts per position, positions "1 2 3".
set -euo pipefail
cd "$(dirname "$0")/.."
K=${1:-100000}
POS=${2:-1 2 3}
if [ -n "${ALGOS:-}" ]; then
  IFS='|' read -r -a ALGOS <<<"$ALGOS"
else
  ALGOS=("mcts --z 0 --policy random" "mcts --policy random"
    "nmcts --inner-algo mcts --policy random" "nmcs --level 1 --policy random")
fi
root=$(pwd)
dir=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$dir/wt" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
git worktree add -q --detach "$dir/wt" HEAD
git -C "$dir/wt" apply "$root/scripts/rollout-lengths.patch"
CARGO_TARGET_DIR="$root/target/rollout-lengths" cargo build --release --quiet --manifest-path "$dir/wt/Cargo.toml"
SG="$root/target/rollout-lengths/release/samegame"
awk -v want=" $POS " '/^# position /{keep = index(want, " " $3 " ") > 0} keep' \
  testsets/samegame-maastricht-250.txt >"$dir/set.txt"
echo "commit $(git rev-parse --short HEAD); $K playouts per position; Maastricht positions $POS"
echo
echo "| search | rollouts | moves in rollouts | moves per rollout |"
echo "|---|---:|---:|---:|"
for a in "${ALGOS[@]}"; do
  # shellcheck disable=SC2086
  "$SG" solve "$dir/set.txt" --algo $a --iterations "$K" 2>&1 >/dev/null |
    awk -v a="$a" '/^ROLLSTAT /{m = $3; n = $5} END {printf "| %s | %d | %d | %.2f |\n", a, n, m, m / n}'
done
