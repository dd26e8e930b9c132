#!/usr/bin/env bash
# Runs experiment plans: experiments/NAME.toml, one per table of docs/experiments.md
# (docs/compare.md describes the format; docs/results/README.md lists them all).
# Each plan writes docs/results/NAME/ (NAME.md with the command and the table, CSV,
# JSON, chart, plan.toml) and journals every finished job there (NAME.journal, not
# committed), so running the same plan again after a kill resumes it. Delete the
# journal when the search code has changed since: jobs are keyed by their settings
# and the defaults these resolve to, not by the build. (Before plans, RESUME=1 asked for that journal; it is now always on.)
#
# Usage: scripts/experiments.sh NAME ...   (plan names, e.g. tune-c e4-nmcs-curve)
# SG=path runs another binary (e.g. a copy, while the tree is being rebuilt);
# THREADS=n limits `compare` to n worker threads (results do not depend on it,
# except under time budgets, whose plans name their thread count);
# EACH="1 2 3 ..." runs the listed positions one at a time first, into the plan's
# folder and journal, then the whole plan (which takes them from the journal).
# (`compare` itself starts jobs position by position, so a long run that stops
# leaves complete pairs either way; EACH also writes the report after each group.)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  echo "usage: scripts/experiments.sh NAME ...   (plans: $(ls experiments | sed 's/\.toml$//' | tr '\n' ' '))" >&2
  exit 2
fi
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
for name in "$@"; do
  plan=experiments/$name.toml
  [ -f "$plan" ] || { echo "unknown experiment $name (no $plan)" >&2; exit 2; }
  echo "== $name" >&2
  if [ -n "${EACH:-}" ]; then
    out=$(sed -n 's/^out *= *"\(.*\)"/\1/p' "$plan")
    for p in $EACH; do
      echo "== $name position $p" >&2
      "$SG" compare --plan "$plan" --positions "$p" --out "$out" ${THREADS:+--threads "$THREADS"}
    done
  fi
  "$SG" compare --plan "$plan" ${THREADS:+--threads "$THREADS"}
done
