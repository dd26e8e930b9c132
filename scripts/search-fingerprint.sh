#!/usr/bin/env bash
# Results of the searches under many configurations, without timings or node counts:
# solution lines, scores, playouts, solved nodes, proofs. Two builds that search
# identically print identical output, so a change meant to keep results bit-identical
# (docs/search.md, "Tree simulations") is checked with
#
#   diff <(SG=path/to/old/samegame scripts/search-fingerprint.sh) <(scripts/search-fingerprint.sh)
#
# The configurations and boards are those of the golden search test
# (tests/golden/search-configs.txt, read here too), and this build's output is
# tests/golden/search.txt: `cargo test --release --test golden_search` checks it.
# About a minute (the test runs the configurations in parallel).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
SG=$(realpath "$SG")
configs=tests/golden/search-configs.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
declare -A boards
run() {
  local name=$1
  shift
  echo "## $name"
  "$SG" solve "$@" 2>"$dir/err" </dev/null
  # `runs:` (the resolved search, described) is dropped: results are compared.
  sed -E '/^runs: /d; s/ nodes [0-9]+ peak [0-9]+ [0-9.]+ s/ /' "$dir/err"
}
while read -r -u 3 kind name rest; do
  case "$kind" in
    "" | "#"*) ;;
    board)
      file=$dir/$name.txt
      boards[$name]=$file
      read -r how args <<<"$rest"
      case "$how" in
        positions)
          read -r set n <<<"$args"
          awk -v stop="# position $((n + 1))" '$0 == stop {exit} {print}' "$set" >"$file"
          ;;
        # shellcheck disable=SC2086 # the arguments are split at spaces
        generate) "$SG" generate $args --out "$file" </dev/null ;;
        *) echo "$configs: unknown board source '$how'" >&2 && exit 2 ;;
      esac
      ;;
    run)
      read -r board args <<<"$rest"
      # shellcheck disable=SC2086
      run "$name" "${boards[$board]}" $args
      ;;
    *) echo "$configs: unknown line kind '$kind'" >&2 && exit 2 ;;
  esac
done 3<"$configs"
