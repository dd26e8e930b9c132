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
# Stages (docs/experiments.md, "Record campaign", pass 2 and its rule; the beam's
# validation and the beam pass, below, in that order):
#   pass 1: level-4 NRPA, one hour of CPU per board, seed 31, the boards no hour has
#           touched yet, into runs/record/nrpa4-{a,b}.txt;
#   pass 2: the six boards of pass 1 furthest below their best published score
#           (7, 10, 13, 11, 16, 12), each given one more one-hour run (seed 32) and
#           one two-hour run (seed 33), the two arms alternating between the lanes
#           so that both lanes have 9 hours, into runs/record/p2-{1h,2h}-{a,b}.txt;
#   pass 3: the eight boards where the published level-4 selective NRPA (Cazenave's,
#           the search we run) scored above our line, largest gap first (6, 18, 13,
#           2, 17, 1, 15, 11), two CPU hours each in pass 2's winning form
#           (`scripts/record-pass2.py --form`, which the lane waits for): `seeds`,
#           two one-hour runs per board (lane a seed 34, lane b seed 35, both lanes on
#           one board at a time) into runs/record/p3-1h-{a,b}.txt; `long2`, one
#           two-hour run (seed 34), lane a boards 6 13 17 15 and lane b 18 2 1 11,
#           into runs/record/p3-2h-{a,b}.txt; `long4`, the same with four hours
#           (runs/record/p3-4h-{a,b}.txt).
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

# The beam pass (docs/experiments.md, "Record campaign", 2026-12-01), run before pass
# 3's stages (pass 3's paused runs continue from their checkpoints after it): every
# board once with `--algo beam` (the learned evaluation, passes of width 1, 2, 4, …
# up to the default cap of 2^20; --cpu-time 3600 is only a limit), the boards by
# their gap to the best published score, largest first, alternating between the
# lanes, into runs/record/beam-{a,b}.txt. The beam is deterministic: its seed is
# only a journal key. Since 2026-12-01 06:30 it runs after the validation (below),
# which answers which search wins at ten minutes in about 3.3 CPU hours a lane and
# loses at most one 600-s job to a session's end, where a beam run (no checkpoint)
# lost up to an hour; and on build 9268b54 (`beam_build`), whose beam evaluates
# children from their parent's groups: the same values, so a pass of each width
# gives the line 9f72c5d's would, in about 0.63 of the CPU time. From 2026-12-01
# 09:40 on build 915b74b, the same lines again (six configurations checked against
# 2280b71), whose beam checkpoints: a run stopped by a session's end continues from
# the start of the layer it was in. From 2026-12-01 10:10 on build ac97294, the same
# lines once more, whose children's fingerprints continue their parent's hash
# (CPU time about 0.92 of 915b74b's); compute.tsv's build column tells them apart.
# From 2026-12-01 13:10 (before the pass's first board) on build 675e6f8, the same
# lines again, which floods a parent's groups once and plays its children on one
# board (CPU time about 0.9 of ac97294's).
if [ "$lane" = a ]; then
  beam=(8 10 13 16 3 1 17 19 4 14)
else
  beam=(15 7 11 12 6 20 18 9 2 5)
fi
beam_build=675e6f8
stages+=(validate "beam-$lane 3600 1 ${beam[*]}" wide)

# The stage `wide`: the beam pass's rule (docs/experiments.md, "Record campaign",
# 2026-12-01 03:00; scripts/record-beam.py). Once both lanes' beam passes are done, if
# the beam scored above our best level-4 NRPA line on at least half of the 20
# boards, each board where it won gets the pass of width 2^21 alone (`--beam-start`
# and `--beam-width` 2^21: the line that pass of the doubling schedule gives, about
# 1.1 GB), lane a the 1st, 3rd, ... of them and lane b the others, into
# runs/record/wide-{a,b}.txt, before pass 3; else the stage is empty.
wide_width=2097152
wide_build=$beam_build

# The stage `validate`: the beam against level-3 NRPA at 600 CPU s on
# validation positions (experiments/long-600-beam-validate.toml, on the build kept
# aside for it), positions 151-160 in lane a and 161-170 in lane b, each lane into its
# own folder; resumable from its journal (NRPA's jobs checkpoint).
validate_plan=experiments/long-600-beam-validate.toml
validate_build=2280b71
validate_positions=$([ "$lane" = a ] && echo 151-160 || echo 161-170)
validate_out=docs/results/long-600-beam-validate-$lane

# Pass 3 (see above): its stages, once pass 2's form is known.
pass3=(6 18 13 2 17 1 15 11)
pass3_stages() {
  local form=$1 b i=0
  case $form in
    seeds)
      local seed=$([ "$lane" = a ] && echo 34 || echo 35)
      for b in "${pass3[@]}"; do echo "p3-1h-$lane 3600 $seed $b"; done
      ;;
    long2 | long4)
      local cpu=$([ "$form" = long2 ] && echo 7200 || echo 14400)
      local hours=$((cpu / 3600))
      for b in "${pass3[@]}"; do
        # Lane a the 1st, 3rd, … board, lane b the others.
        if [ $((i % 2)) = "$([ "$lane" = a ] && echo 0 || echo 1)" ]; then
          echo "p3-${hours}h-$lane $cpu 34 $b"
        fi
        i=$((i + 1))
      done
      ;;
    *) echo "record-lane: unknown pass-3 form '$form'" >&2; return 2 ;;
  esac
}

# The search flags of a stage: the beam pass's, else none (record-campaign.sh's
# default, level-4 NRPA); and its build: the beam pass's, else SG_COMMIT.
config_of() {
  case $1 in
    beam-*) echo "--algo beam" ;;
    wide-*) echo "--algo beam --beam-start $wide_width --beam-width $wide_width" ;;
  esac
}
build_of() {
  case $1 in
    beam-*) echo "$beam_build" ;;
    wide-*) echo "$wide_build" ;;
    *) echo "$SG_COMMIT" ;;
  esac
}

# The stage of the wider beams on boards $1 (its name, CPU budget, seed, boards).
wide_stage() {
  echo "wide-$lane 7200 1 $1"
}
# Prints what stage $1 (name, CPU budget, seed, boards) runs, for --list.
describe() {
  local name cpu seed boards config
  read -r name cpu seed boards <<<"$1"
  config=$(config_of "$name")
  echo "${config:+CONFIG='$config' }OUT=runs/record/$name.txt BUDGET='--cpu-time $cpu' SEED=$seed boards $boards (build $(build_of "$name"))"
}

if [ -n "$list" ]; then
  for st in "${stages[@]}"; do
    if [ "$st" = validate ]; then
      echo "compare --plan $validate_plan --positions $validate_positions --out $validate_out (build $validate_build)"
      continue
    fi
    if [ "$st" = wide ]; then
      boards=$(python3 scripts/record-beam.py --wide "$lane")
      case $boards in
        pending) echo "wide: waits for both lanes' beam passes (scripts/record-beam.py --wide $lane: pending)" ;;
        none) echo "wide: none (the beam pass's rule: pass 3 goes on)" ;;
        *) describe "$(wide_stage "$boards")" ;;
      esac
      continue
    fi
    describe "$st"
  done
  form=$(python3 scripts/record-pass2.py --form)
  if [ "$form" = pending ]; then
    echo "pass 3: waits for pass 2's form (scripts/record-pass2.py --form: pending)"
  else
    echo "pass 3, form $form:"
    pass3_stages "$form" | while read -r st; do
      describe "$st"
    done
  fi
  exit 0
fi

pid=
stopped=
trap 'stopped=1; [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true' TERM INT
# Waits for the job $pid started in the background (`wait` returns early when a
# trapped signal arrives: wait until it is gone); stops the lane, naming what ($1)
# ended, unless it ended with status 0 and no stop was asked.
await_job() {
  local rc=0
  while :; do
    wait "$pid" || rc=$?
    kill -0 "$pid" 2>/dev/null || break
  done
  pid=
  if [ "$rc" != 0 ] || [ -n "$stopped" ]; then
    echo "record-lane $lane: $1 ended with status $rc; stopping" >&2
    exit $((rc == 0 ? 130 : rc))
  fi
}
run_stage() {
  local name cpu seed boards
  read -r name cpu seed boards <<<"$1"
  local config
  config=$(config_of "$name")
  # shellcheck disable=SC2086 # the board list
  SG_COMMIT=$(build_of "$name") CONFIG=$config OUT=runs/record/$name.txt \
    BUDGET="--cpu-time $cpu" SEED=$seed scripts/record-campaign.sh $boards &
  pid=$!
  await_job "stage $name ($boards)"
}
# The validation of the beam (above): a finished part takes no search.
validate() {
  local sg
  sg=$(scripts/kept-build.sh "$validate_build")
  chrt -i 0 "$sg" compare --plan "$validate_plan" --positions "$validate_positions" \
    --out "$validate_out" --checkpoint &
  pid=$!
  await_job "the beam's validation"
}
# The wider beams (above): wait for both lanes' beam passes, then run this lane's
# boards of it, if any.
# Sets `polled` to what the command "$@" prints once it is not `pending`, asking
# every minute (a stop ends the lane; not run in a subshell, so the trap reaches it).
poll() {
  while :; do
    polled=$("$@")
    [ "$polled" != pending ] && break
    [ -n "$stopped" ] && exit 130
    sleep 60 &
    wait $! || true
    [ -n "$stopped" ] && exit 130
  done
}
wide() {
  local boards
  poll python3 scripts/record-beam.py --wide "$lane"
  boards=$polled
  echo "record-lane $lane: wider beams: $boards" >&2
  [ "$boards" = none ] || run_stage "$(wide_stage "$boards")"
}
for st in "${stages[@]}"; do
  if [ "$st" = validate ]; then
    validate
  elif [ "$st" = wide ]; then
    wide
  else
    run_stage "$st"
  fi
done
# Pass 3 waits for the other lane's last run of pass 2 (the form needs all six boards).
poll python3 scripts/record-pass2.py --form
form=$polled
echo "record-lane $lane: pass 3, form $form" >&2
p3=$(pass3_stages "$form")
while read -r st; do
  run_stage "$st"
done <<<"$p3"
echo "record-lane $lane: every stage has run" >&2
