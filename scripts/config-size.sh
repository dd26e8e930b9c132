#!/bin/bash
# The configuration layer's size (issue 50): lines of the files it names, or what
# replaced them, tests left out (files named *tests.rs and everything from a
# `#[cfg(test)]` line to the end of a file). Prints per file: lines, code,
# comment, blank; then the total.
cd "$(dirname "$0")/.."
files=$(ls src/search/config.rs src/search/config/*.rs src/search/defaults.rs \
  src/search/defaults/*.rs src/search/plan.rs src/search/plan/*.rs \
  src/search/resolve.rs src/search/choices.rs src/cli/search_args.rs \
  src/cli/search_args/*.rs 2>/dev/null | grep -v 'tests\.rs$')
for f in $files; do
  awk -v f="$f" '/^#\[cfg\(test\)\]/{exit} {n++; if ($0 ~ /^[ \t]*$/) b++; else if ($0 ~ /^[ \t]*\/\//) c++; else k++}
    END{printf "%5d %5d %5d %5d  %s\n", n, k, c, b, f}' "$f"
done | sort -rn | awk '{print; n+=$1; k+=$2; c+=$3; b+=$4} END{printf "%5d %5d %5d %5d  total (lines, code, comment, blank)\n", n, k, c, b}'
