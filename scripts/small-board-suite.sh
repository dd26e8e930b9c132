#!/usr/bin/env bash
# The small-board suite of the solver issue: random boards 5x4 .. 8x8 with 2-5
# colours under every variant. `exact` proves each optimum; every algorithm's
# default configuration (plus any extra flags given) then searches each board
# with the given budget, and the table counts how often it reaches the optimum
# and how often its result is proven.
#   scripts/small-board-suite.sh [ITERATIONS] [COUNT] [-- EXTRA FLAGS]
# SEED=n generates other boards (default 7, the suite; tuning uses others).
# CONFIGS="label: --algo A flags" lines (one per line) run labelled configurations
# instead of the algorithms' defaults (ALGOS), each with the extra flags too.
set -euo pipefail
cd "$(dirname "$0")/.."
it=${1:-20000}; count=${2:-5}
shift $(( $# > 2 ? 2 : $# )); [ "${1:-}" = "--" ] && shift
S=${SAMEGAME:-./target/release/samegame}
[ -n "${SAMEGAME:-}" ] || cargo build --release -q
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
sizes="5x4 6x5 6x6 7x7 8x8"
seed=${SEED:-7}
declare -A flags
if [ -n "${CONFIGS:-}" ]; then
  algos=""
  while IFS= read -r line; do
    [ -n "${line// /}" ] || continue
    label=${line%%:*}; label=${label// /}
    algos="$algos $label"; flags[$label]=${line#*:}
  done <<<"$CONFIGS"
else
  algos=${ALGOS:-"nmcs mcts nmcts bmcts nbmcts nrpa"}
  $S solve --help | grep -q nrpa || algos=${algos//nrpa/}
  for a in $algos; do flags[$a]="--algo $a"; done
fi
# Algorithms that refuse the extra flags (e.g. --solver for nmcs) are left out.
$S generate --width 5 --height 4 --colors 3 --count 1 --out "$dir/probe.txt"
ok=""
for a in $algos; do
  # shellcheck disable=SC2086
  $S solve "$dir/probe.txt" ${flags[$a]} --iterations 10 "$@" >/dev/null 2>&1 && ok="$ok $a"
done
algos=$ok
declare -A hit proven hs ns
n=0
for v in samegame clickomania bubble-breaker; do
  for wh in $sizes; do
    w=${wh%x*}; h=${wh#*x}
    for c in 2 3 4 5; do
      f=$dir/b$wh-$c.txt
      [ -e "$f" ] || $S generate --width "$w" --height "$h" --colors "$c" --count "$count" --seed "$seed" --out "$f"
      $S solve "$f" --variant $v --algo exact --iterations 200000000 2>"$dir/opt.err" \
        | awk '{print $1, $2}' >"$dir/opt"
      grep -q "not proven" "$dir/opt.err" && { echo "exact did not finish on $f ($v)"; exit 1; }
      n=$((n + count))
      ns[$wh]=$(( ${ns[$wh]:-0} + count ))
      for a in $algos; do
        # shellcheck disable=SC2086
        $S solve "$f" --variant $v ${flags[$a]} --iterations "$it" "$@" 2>"$dir/$a.err" \
          | awk '{print $1, $2}' >"$dir/$a"
        h1=$(paste -d' ' "$dir/opt" "$dir/$a" | awk '$2 == $4 {k++} END {print k+0}')
        p1=$(grep -c "proven optimal" "$dir/$a.err" || true)
        [ -n "${VERBOSE:-}" ] && [ "$h1" -lt "$count" ] && echo "miss $a $v $wh-$c: $((count - h1))" >&2
        hs[$a,$wh]=$(( ${hs[$a,$wh]:-0} + h1 ))
        hit[$a]=$(( ${hit[$a]:-0} + h1 )); proven[$a]=$(( ${proven[$a]:-0} + p1 ))
      done
    done
  done
done
[ "$seed" = 7 ] || echo "boards generated with seed $seed (not the suite's 7)"
echo "small-board suite: $n boards (sizes $sizes, 2-5 colours, 3 variants, $count per class), $it playouts, extra flags: ${*:-none}"
printf '| algorithm | optimum reached | proven optimal |'
for wh in $sizes; do printf ' %s |' "$wh"; done
printf '\n|---|---|---|'
for wh in $sizes; do printf -- '---|'; done
echo
for a in $algos; do
  printf '| %s | %d / %d (%.1f%%) | %d |' "$a" "${hit[$a]}" "$n" "$(echo "100*${hit[$a]}/$n" | bc -l)" "${proven[$a]}"
  for wh in $sizes; do printf ' %d / %d |' "${hs[$a,$wh]}" "${ns[$wh]}"; done
  echo
done
