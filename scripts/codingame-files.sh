#!/usr/bin/env bash
# CodinGame's 40 SameGame validators (tests 11-50) are the standard 20 boards and
# the same boards recoloured, under no-penalty rules. This keeps their no-penalty
# solutions files at least as good as the SameGame record: every line of
# solutions/samegame-standard-20.samegame.txt is checked, scored again under
# samegame-nopenalty (`merge --rescore`) and merged into
#   solutions/samegame-standard-20.samegame-nopenalty.txt
#   solutions/codingame-standard-20-recolored.samegame-nopenalty.txt
# (the recoloured boards are colour permutations of the same positions, so the same
# moves are legal and score the same; testsets/SOURCES.md). Lines only improve.
set -euo pipefail
cd "$(dirname "$0")/.."
SG=${SG:-./target/release/samegame}
src=solutions/samegame-standard-20.samegame.txt
for set in samegame-standard-20 codingame-standard-20-recolored; do
  "$SG" merge "$src" --rescore --variant samegame-nopenalty \
    --testset "testsets/$set.txt" --out "solutions/$set.samegame-nopenalty.txt" | tail -n 1
done
