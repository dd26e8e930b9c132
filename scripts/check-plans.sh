#!/usr/bin/env bash
# Every plan under experiments/ against this build, running no search: each must
# parse and validate, and each plan's committed journal (its `out` folder's
# NAME.journal) must give every journaled job to `compare --journal-only` (the
# line per plan says how many were taken; "0 run now" is the check). Issue 50's
# "every plan still runs, resuming a finished one re-runs no job".
#   scripts/check-plans.sh            (SG=path/to/samegame to check another build)
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok=0
bad=0
for p in $(find experiments -name "*.toml" | sort); do
  out=$(grep -m1 '^out *=' "$p" | sed 's/.*= *"\(.*\)"/\1/')
  j="$out/$(basename "$p" .toml).journal"
  rm -rf "$tmp/o" "$tmp/j.journal"
  args=(compare --plan "$p" --journal-only --out "$tmp/o" --journal "$tmp/j.journal")
  [ -f "$j" ] && args+=(--journal-add "$j")
  r=$("$SG" "${args[@]}" 2>&1)
  rc=$?
  taken=$(echo "$r" | grep -o "[0-9]* job(s) taken from it, [0-9]* run now" | tail -1)
  # A plan with no journal has every job of no position: parsed and validated.
  if [ $rc -eq 0 ] || echo "$r" | grep -q "has every job of no position"; then
    echo "ok   $p${taken:+: $taken}"
    ok=$((ok + 1))
  else
    echo "FAIL $p: $(echo "$r" | grep -m2 -i error)"
    bad=$((bad + 1))
  fi
done
echo "$ok plans ok, $bad failed"
[ "$bad" -eq 0 ]
