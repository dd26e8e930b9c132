#!/usr/bin/env bash
# Results of the tree searches (and NMCS) under many configurations, without
# timings or node counts: solution lines, scores, playouts, solved nodes, proofs.
# Two builds that search identically print identical output, so a change meant to
# keep results bit-identical (docs/search.md, "Tree simulations") is checked with
#
#   diff <(SG=path/to/old/samegame scripts/search-fingerprint.sh) <(scripts/search-fingerprint.sh)
#
# About a minute. Boards: Maastricht positions 1-3 (15x15), and generated 6x6 (proven
# by the solver) and 10x10 sets.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
SG=$(realpath "$SG")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
M=$dir/m3.txt
S=$dir/small6.txt
T=$dir/b10.txt
awk '/^# position 4/{exit} {print}' testsets/samegame-maastricht-250.txt >"$M"
"$SG" generate --width 6 --height 6 --colors 3 --count 4 --seed 7 --out "$S"
"$SG" generate --width 10 --height 10 --colors 4 --count 3 --seed 9 --out "$T"
run() {
  local name=$1
  shift
  echo "## $name"
  "$SG" solve "$@" 2>"$dir/err"
  sed -E 's/ nodes [0-9]+ peak [0-9]+ [0-9.]+ s/ /' "$dir/err"
}
run mcts-z0 "$M" --algo mcts --policy tabu --z 0 --iterations 30000
run mcts-auto "$M" --algo mcts --policy tabu --iterations 30000
run mcts-z5-visits "$M" --algo mcts --policy tabu --z 5 --advance visits --iterations 20000
run mcts-noreuse "$M" --algo mcts --policy tabu --z 5 --reuse off --iterations 20000
run nmcts "$M" --algo nmcts --inner-algo mcts --iterations 30000
run nmcts3 "$M" --algo nmcts --inner-algo mcts --level 3 --iterations 30000
run bmcts "$M" --algo bmcts --iterations 30000
run nbmcts "$M" --algo nbmcts --inner-algo mcts --iterations 30000
run bmcts-z0 "$M" --algo bmcts --z 0 --beam-l 500 --beam-w 3 --iterations 20000
run mcts-im "$M" --algo mcts --policy tabu --z 0 --eval potential --im-alpha 0.3 --iterations 20000
run mcts-pb "$M" --algo mcts --policy tabu --z 0 --eval colors --pb 0.5 --iterations 20000
run mcts-imbest "$M" --algo mcts --policy tabu --z 0 --im-source best --im-alpha 0.2 --iterations 20000
run nmcts-im "$M" --algo nmcts --inner-algo mcts --eval potential --im-alpha 0.3,0.1 --iterations 20000
run mcts-range "$M" --algo mcts --policy tabu --z 0 --reward-norm range --iterations 20000
run mcts-solveroff "$M" --algo mcts --policy tabu --z 0 --solver off --iterations 20000
run mcts-boundsoff "$M" --algo mcts --policy tabu --z 0 --bounds off --restarts 3 --iterations 20000
run small-mcts "$S" --algo mcts --z 0 --iterations 20000
run small-nmcts "$S" --algo nmcts --inner-algo mcts --iterations 20000
run small-bmcts "$S" --algo bmcts --iterations 20000
run small-endgame "$T" --algo mcts --z 0 --endgame 12 --iterations 20000
run b10-mcts-c0 "$T" --algo mcts --z 0 --c 0 --iterations 20000
run b10-nbmcts "$T" --algo nbmcts --inner-algo mcts --level 3 --iterations 20000
run threads2 "$M" --algo mcts --policy tabu --threads 2 --iterations 20000
run click "$M" --variant clickomania --algo mcts --z 0 --iterations 20000
run bubble "$M" --variant bubblebreaker --algo nmcts --inner-algo mcts --iterations 20000
run nbmcts-im "$M" --algo nbmcts --inner-algo mcts --eval colors --pb 1 --iterations 20000
run nmcs1 "$M" --algo nmcs --level 1 --iterations 20000
run nmcs2 "$M" --algo nmcs --iterations 20000
run nrpa-default "$M" --iterations 20000
run nrpa2 "$M" --algo nrpa --level 2 --nrpa-iterations 30 --iterations 20000
run nrpa-bias "$M" --algo nrpa --level 2 --nrpa-bias 0.5 --nrpa-alpha 0.7 --iterations 20000
run nrpa-late "$M" --algo nrpa --level 2 --nrpa-late-tiles 20 --nrpa-late-size 3 --iterations 20000
run nrpa-random "$M" --algo nrpa --level 2 --policy random --iterations 20000
run nrpa-small "$S" --algo nrpa --iterations 20000
run nrpa-click "$T" --variant clickomania --algo nrpa --iterations 20000
run nrpa-threads "$M" --algo nrpa --level 2 --threads 2 --iterations 20000
run nmcs-bubble "$T" --variant bubblebreaker --algo nmcs --level 2 --iterations 20000
run nmcs-threads "$M" --algo nmcs --threads 2 --iterations 20000
run nmcts-threads "$M" --algo nmcts --inner-algo mcts --threads 2 --iterations 20000
run mcts-zauto "$M" --algo mcts --policy tabu --z auto --iterations 20000
run mcts-bandit "$M" --algo mcts --z 0 --policy tabu-bandit --iterations 20000
run exact-small "$S" --algo exact --iterations 200000
