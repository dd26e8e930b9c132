#!/usr/bin/env bash
# Cost of a tree simulation against an NMCS level-1 playout (issue 12, item 2;
# docs/search.md, "Tree simulations"): for `--algo mcts --z 0 --policy tabu`, `--algo nmcts
# --inner-algo mcts` (the thesis' nesting) and `--algo nmcs --level 1` at the same
# budget on the same 15x15 positions it prints
#  - callgrind instructions per playout (deterministic, also on a loaded machine),
#    their ratio to NMCS level 1, and how many of them are the rollouts
#    (`Rollout::run`, inclusive) and how many the search around them;
#  - playouts, nodes created and nodes per playout (from the solve stderr line);
#  - CPU seconds (user), playouts per CPU second and peak RSS (/usr/bin/time): these
#    depend on what else the machine runs (the load average is printed).
# With BIG=K (e.g. BIG=10000000) it also runs `--algo mcts --z 0 --policy tabu` once with K
# playouts on position 1 and prints its peak RSS (the memory of a K-playout tree).
#
# Usage: [ALGOS="...|..."] scripts/tree-speed.sh [ITERATIONS] [POSITIONS] [CALLGRIND_POSITIONS]
# Defaults: 100000 playouts per position, Maastricht positions "1 2 3 4 5" for the
# timed runs, "1 2 3" under callgrind (about 5 minutes). SG=path/to/samegame
# measures another binary (e.g. an older build, for before/after figures).
set -euo pipefail
cd "$(dirname "$0")/.."
K=${1:-100000}
POS=${2:-1 2 3 4 5}
CGPOS=${3:-1 2 3}
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
SG=$(realpath "$SG")
SET=$(realpath testsets/samegame-maastricht-250.txt)
# ALGOS="a|b|c" measures other configurations (the last one is the ratio's base),
# e.g. ALGOS="mcts --policy random|nmcs --level 1 --policy random".
if [ -n "${ALGOS:-}" ]; then
  IFS='|' read -r -a ALGOS <<<"$ALGOS"
else
  ALGOS=("mcts --z 0 --policy tabu" "nmcts --inner-algo mcts" "nmcs --level 1")
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# The selected positions as a test set of their own (one process per algorithm).
awk -v want=" $POS " '/^# position /{keep = index(want, " " $3 " ") > 0} keep' "$SET" >"$dir/set.txt"
echo "machine: $(nproc) cores, shared; binary: $SG"
echo "budget: $K playouts per position; positions: $POS of $(basename "$SET")"
echo
echo "| search | playouts | nodes | nodes/playout | CPU s | playouts/CPU s | peak RSS MB | load before |"
echo "|---|---|---|---|---|---|---|---|"
for a in "${ALGOS[@]}"; do
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  # shellcheck disable=SC2086
  /usr/bin/time -f "%U %M" -o "$dir/time" "$SG" solve "$dir/set.txt" --algo $a \
    --iterations "$K" >/dev/null 2>"$dir/err"
  read -r user rss <"$dir/time"
  awk -v a="$a" -v user="$user" -v rss="$rss" -v load="$load" '
    /^position / { for (i = 1; i <= NF; i++) { if ($i == "playouts") p += $(i + 1); if ($i == "nodes") n += $(i + 1) } }
    END { printf "| %s | %d | %d | %.2f | %.2f | %.0f | %.0f | %s |\n",
          a, p, n, n / p, user, p / user, rss / 1024, load }' "$dir/err"
done
if command -v valgrind >/dev/null; then
  echo
  echo "callgrind, positions $CGPOS, $K playouts each (rollouts: instructions inside"
  echo "\`Rollout::run\`, the playouts themselves; the rest is the search around them):"
  echo
  echo "| search | instructions | per playout | / NMCS level 1 | rollout per playout | rest per playout |"
  echo "|---|---|---|---|---|---|"
  for a in "${ALGOS[@]}"; do
    total=0
    rollout=0
    playouts=0
    for p in $CGPOS; do
      # shellcheck disable=SC2086
      (cd "$dir" && valgrind --tool=callgrind --callgrind-out-file=cg.out "$SG" solve "$SET" \
        --position "$p" --algo $a --iterations "$K" >/dev/null 2>err.txt)
      ir=$(grep -E '^summary:' "$dir/cg.out" | awk '{print $2}')
      ro=$(callgrind_annotate --inclusive=yes --show-percs=no "$dir/cg.out" 2>/dev/null |
        awk '/Rollout::run \[/ && !done {gsub(",", "", $1); print $1; done = 1}')
      po=$(sed -nE 's/^position [0-9]+: .* playouts ([0-9]+) .*/\1/p' "$dir/err.txt")
      total=$((total + ir))
      rollout=$((rollout + ${ro:-0}))
      playouts=$((playouts + po))
      rm -f "$dir/cg.out"
    done
    echo "$a|$total|$rollout|$playouts"
  done | awk -F'|' '{ row[NR] = $1; ir[NR] = $2; per[NR] = $2 / $4; ro[NR] = $3 / $4 }
             END { base = per[NR]
                   for (i = 1; i <= NR; i++)
                     printf "| %s | %.0f | %.0f | %.3f | %.0f | %.0f |\n",
                       row[i], ir[i], per[i], per[i] / base, ro[i], per[i] - ro[i] }'
else
  echo "valgrind not installed: no instruction counts"
fi
if [ -n "${BIG:-}" ]; then
  echo
  /usr/bin/time -f "%U %M" -o "$dir/time" "$SG" solve "$SET" --position 1 --algo mcts --z 0 --policy tabu \
    --iterations "$BIG" >/dev/null 2>"$dir/err"
  read -r user rss <"$dir/time"
  echo "mcts --z 0, $BIG playouts on position 1: peak RSS $((rss / 1024)) MB, $user CPU s"
  grep '^position 1:' "$dir/err" | sed 's/^/  /'
fi
