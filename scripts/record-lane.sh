#!/usr/bin/env bash
# The record campaign's work queue, one lane per core: every stage of the campaign
# still to run, in order, as calls of scripts/record-campaign.sh. A stage whose
# boards the journal already holds takes no search (a second or so), so the same
# command after a kill, or in a later session, goes on where the lane stood: a run
# in progress continues from its checkpoint.
#
#   scripts/record-lane.sh a|b            (SG_COMMIT / SG / BUILDS as record-campaign.sh)
#   scripts/record-lane.sh --list a|b     prints the lane's stages, runs nothing
#
# Start each lane in the background, one per core:
#   (nohup scripts/record-lane.sh a >> /work/builds/lane-a.log 2>&1 &)
#   (nohup scripts/record-lane.sh b >> /work/builds/lane-b.log 2>&1 &)
# Stop: `kill -TERM` the lane; it passes the signal to the campaign in progress
# (which pauses its run with a checkpoint and exits 130) and stops there.
#
# Stages (docs/experiments.md, "Record campaign", pass 2 and its rule):
#   pass 1: level-4 NRPA, one hour of CPU per board, seed 31, the boards no hour has
#           touched yet, into runs/record/nrpa4-{a,b}.txt;
#   pass 2: the six boards of pass 1 furthest below their best published score
#           (7, 10, 13, 11, 16, 12), each given one more one-hour run (seed 32) and
#           one two-hour run (seed 33), the two arms alternating between the lanes
#           so that both lanes have 9 hours, into runs/record/p2-{1h,2h}-{a,b}.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
list=
if [ "${1:-}" = --list ]; then
  list=1
  shift
fi
lane=${1:-}
case $lane in
  a | b) ;;
  *) echo "usage: scripts/record-lane.sh [--list] a|b" >&2; exit 2 ;;
esac
export SG_COMMIT=${SG_COMMIT:-9f72c5d}
# Pass 2's order: board, then which arm lane a runs (lane b runs the other).
pass2=(7:2h 10:1h 13:2h 11:1h 16:2h 12:1h)

stages=()
if [ "$lane" = a ]; then
  stages+=("nrpa4-a 3600 31 17 20 6 16 3 7 15")
else
  stages+=("nrpa4-b 3600 31 19 1 12 11 13 10 8 18")
fi
for s in "${pass2[@]}"; do
  board=${s%%:*} arm=${s#*:}
  if [ "$lane" = b ]; then
    arm=$([ "$arm" = 1h ] && echo 2h || echo 1h)
  fi
  case $arm in
    1h) stages+=("p2-1h-$lane 3600 32 $board") ;;
    2h) stages+=("p2-2h-$lane 7200 33 $board") ;;
  esac
done

if [ -n "$list" ]; then
  for st in "${stages[@]}"; do
    read -r name cpu seed boards <<<"$st"
    echo "OUT=runs/record/$name.txt BUDGET='--cpu-time $cpu' SEED=$seed boards $boards"
  done
  exit 0
fi

pid=
trap '[ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true' TERM INT
for st in "${stages[@]}"; do
  read -r name cpu seed boards <<<"$st"
  # shellcheck disable=SC2086 # the board list
  OUT=runs/record/$name.txt BUDGET="--cpu-time $cpu" SEED=$seed \
    scripts/record-campaign.sh $boards &
  pid=$!
  # `wait` returns early when a trapped signal arrives: wait for the campaign's end.
  rc=0
  while :; do
    wait "$pid" || rc=$?
    kill -0 "$pid" 2>/dev/null || break
  done
  pid=
  if [ "$rc" != 0 ]; then
    echo "record-lane $lane: stage $name ($boards) ended with status $rc; stopping" >&2
    exit "$rc"
  fi
done
echo "record-lane $lane: every stage has run" >&2
