#!/usr/bin/env bash
# A build kept aside for long runs: prints the path of $BUILDS/samegame-<COMMIT>
# (BUILDS [/work/builds]), building it first from that commit in a temporary
# worktree when the file is missing (a session on a new machine has only the
# repository). Two callers at once build it once (a lock). Used by
# scripts/record-campaign.sh (SG_COMMIT) and scripts/record-lane.sh (its compare
# stages), so that a long run never mixes builds.
#
#   scripts/kept-build.sh COMMIT      prints the binary's path; exit 2 if it cannot
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:?usage: scripts/kept-build.sh COMMIT}
builds=${BUILDS:-/work/builds}
sg=$builds/samegame-$commit
mkdir -p "$builds"
(
  flock 8
  if [ ! -x "$sg" ]; then
    echo "kept-build: building $commit into $sg" >&2
    tree=$(mktemp -d)
    # Gone however the build ends (a failure, Ctrl-C): no worktree left registered.
    trap 'git worktree remove --force "$tree/src" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
    # A chain, not `set -e`: errexit is off in a subshell whose status is tested.
    git worktree add -q --detach "$tree/src" "$commit" &&
      (cd "$tree/src" && cargo build --release -q) &&
      cp "$tree/src/target/release/samegame" "$sg.tmp" && mv "$sg.tmp" "$sg"
  fi
) 8>"$builds/.samegame-$commit.lock" || true
[ -x "$sg" ] || { echo "kept-build: no build of $commit" >&2; exit 2; }
echo "$sg"
