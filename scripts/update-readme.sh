#!/usr/bin/env bash
# Regenerates the solutions tables in README.md (between the solutions markers) from
# `samegame verify` on every file in solutions/: one summary row per file (the total
# line of `verify`) and the per-position table (`verify --markdown`) of the standard
# 20 under the SameGame rules, with the published per-position scores of
# docs/published-standard-20.csv joined by scripts/published-join.py (and its note).
# Nothing in those tables is typed by hand; tests/readme.rs fails when README.md
# disagrees with solutions/ or with the csv.
# It also regenerates the CodinGame bot block of docs/usage.md (between the bot
# markers; tests/codingame_bot.rs checks its total), and with --speed the Speed
# table of docs/engine.md (between the speed markers) from scripts/speed-table.sh:
# about two minutes of benchmarks and valgrind runs.
set -euo pipefail
cd "$(dirname "$0")/.."
speed=0
[ "${1:-}" = "--speed" ] && speed=1
SG=${SG:-./target/release/samegame}
[ -n "${SG_BUILT:-}" ] || cargo build --release --quiet
# splice NAME FILE TARGET: replaces what TARGET (a Markdown file) has between
# <!-- NAME:begin --> and <!-- NAME:end --> with the contents of FILE.
splice() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
name, block, target = sys.argv[1], open(sys.argv[2]).read(), sys.argv[3]
text = open(target).read()
begin, end = f"<!-- {name}:begin -->\n", f"<!-- {name}:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open(target, "w").write(text[:i] + block + text[j:])
PY
}
table=$(mktemp)
{
  echo "| solutions file | \`samegame verify\` |"
  echo "|---|---|"
  for f in solutions/*.txt; do
    [ -e "$f" ] || continue
    base=$(basename "$f" .txt)
    set=${base%.*}
    echo "| \`$f\` | $("$SG" verify "testsets/$set.txt" "$f" | tail -n 1) |"
  done
  main=solutions/samegame-standard-20.samegame.txt
  published=docs/published-standard-20.csv
  if [ -e "$main" ]; then
    echo
    echo "Per position, \`samegame verify testsets/samegame-standard-20.txt $main --markdown\`"
    echo "with the published scores of \`$published\` joined by \`scripts/published-join.py\`:"
    echo
    "$SG" verify testsets/samegame-standard-20.txt "$main" --markdown |
      python3 scripts/published-join.py "$published"
  fi
} > "$table"
splice solutions "$table" README.md
rm -f "$table"

# The CodinGame bot block of docs/usage.md: what `export --format codingame-bot` reports, and the
# validator total (tests 11-50 = the standard 20 and their recoloured copies).
bot=$(mktemp)
cmd="samegame export solutions/samegame-standard-20.*.txt solutions/codingame-*.txt --format codingame-bot --out bot.py"
out=$("$SG" export solutions/samegame-standard-20.*.txt solutions/codingame-*.txt \
  --format codingame-bot --out target/codingame-bot.py | sed 's|target/codingame-bot.py|bot.py|')
std=$(echo "$out" | awk '/^testsets\/samegame-standard-20.txt:/ {print $NF}')
rec=$(echo "$out" | awk '/^testsets\/codingame-standard-20-recolored.txt:/ {print $NF}')
{
  echo '```console'
  echo "\$ $cmd"
  echo "$out"
  echo '```'
  echo
  echo "Expected CodinGame total over the 40 validators (tests 11-50: the standard 20 and"
  echo "their recoloured copies, no-penalty scores): **$((std + rec))** ($std + $rec)."
} > "$bot"
splice bot "$bot" docs/usage.md
rm -f "$bot"

# The Speed table of docs/engine.md: measured now, on this machine (scripts/speed-table.sh).
if [ "$speed" = 1 ]; then
  tab=$(mktemp)
  scripts/speed-table.sh > "$tab"
  splice speed "$tab" docs/engine.md
  rm -f "$tab"
fi
