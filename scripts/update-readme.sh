#!/usr/bin/env bash
# Regenerates the solutions table in README.md (between the solutions markers) from
# `samegame verify --markdown` on every file in solutions/. Nothing in that table is
# typed by hand; tests/readme.rs fails when README.md and solutions/ disagree.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
table=$(mktemp)
for f in solutions/*.txt; do
  [ -e "$f" ] || continue
  base=$(basename "$f" .txt)
  set=${base%.*}
  echo "#### \`$f\`"
  echo
  ./target/release/samegame verify "testsets/$set.txt" "$f" --markdown | grep '^|'
  echo
done > "$table"
python3 - "$table" <<'PY'
import sys
table = open(sys.argv[1]).read()
readme = open("README.md").read()
begin, end = "<!-- solutions:begin -->\n", "<!-- solutions:end -->"
i, j = readme.index(begin) + len(begin), readme.index(end)
open("README.md", "w").write(readme[:i] + table + readme[j:])
PY
rm -f "$table"
