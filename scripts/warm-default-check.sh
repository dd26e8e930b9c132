#!/usr/bin/env bash
# Issue 27 item 4: the warm tree against NMCTS's default beyond 15 x 15 SameGame at
# 5 s (other variants, small boards, iteration budgets): the five plans
# experiments/warm-default-*.toml, one after another (journaled; rerun to resume).
#   scripts/warm-default-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SG=${SG:-./target/release/samegame}
for p in samegame bubblebreaker nopenalty clickomania small; do
  "$SG" compare --plan "experiments/warm-default-$p.toml"
done
