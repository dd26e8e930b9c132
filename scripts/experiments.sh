#!/usr/bin/env bash
# Reproduces every table and chart in docs/experiments.md with `samegame compare`.
# Budgets are iteration budgets (level-0 playouts per search), scaled down from the
# thesis' 9120 s per position to what a 2-core machine does in under an hour; results
# are deterministic for a given seed whatever the thread count.
#
# Usage: scripts/experiments.sh [NAME ...]   (default: all experiments)
# Writes docs/results/NAME.{md,csv,summary.csv,json,svg}.
set -euo pipefail
cd "$(dirname "$0")/.."
# MCTS configurations pin `--search-threads 1` (one tree: what they ran before mcts
# defaulted to two trees sharing the budget).
# SG=path runs another binary (e.g. a copy, while the tree is being rebuilt);
# THREADS=n limits `compare` to n worker threads (results do not depend on it).
# RESUME=1 journals every finished job in runs/compare/NAME.journal, so that running
# the same experiment again after a kill resumes it (delete the journal when the
# search code has changed since: jobs are keyed by their settings, not the build).
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
THREADS=${THREADS:-0}
OUT=docs/results
mkdir -p "$OUT"
STD=testsets/samegame-standard-20.txt
MAA=testsets/samegame-maastricht-250.txt
CLK=testsets/clickomania-20x20x10-100.txt
TRAIN=testsets/random-15x15x5-100.txt

# run NAME ARGS...: runs `samegame compare ARGS` and records command + table.
run() {
  local name=$1
  shift
  local cmd=("$SG" compare "$@" --threads "$THREADS" --csv "$OUT/$name.csv" --json "$OUT/$name.json" --svg "$OUT/$name.svg")
  if [ "${RESUME:-0}" = 1 ]; then
    mkdir -p runs/compare
    cmd+=(--journal "runs/compare/$name.journal")
  fi
  echo "== $name" >&2
  local start=$SECONDS
  local table
  table=$("${cmd[@]}")
  {
    echo "### $name"
    echo
    echo "Command (\`scripts/experiments.sh $name\`):"
    echo
    echo '```sh'
    printf 'samegame compare'
    printf ' %q' "$@"
    echo
    echo '```'
    echo
    echo '```text'
    echo "$table"
    echo '```'
    echo
    local cores="2 cores"
    [ "$THREADS" = 0 ] || cores="$THREADS worker thread(s)"
    echo "Chart: [$name.svg]($name.svg). Wall time $((SECONDS - start)) s on $cores."
  } > "$OUT/$name.md"
  echo "$table" >&2
}

# E1 (thesis §4.3.2): level-2 NMCTS vs multi-start MCTS at equal budget and equal
# number of level-1 searches / restarts (R = 5, 25, 125 of a 250,000-playout budget).
# Both sides use the same level-1 C (the thesis: C of MCTS = C_1 of NMCTS, C_2 = 0),
# the thesis' 4-second value for the variant (Tables 4.1/4.2). POLICY tabu-bandit:B
# pins the bandit's C to B (0.01, the default when these ran).
e1() {
  local tag=$1 variant=$2 policy=${3/:/ --bandit-c } set=$4 positions=$5 budget=$6 c=$7
  local args=()
  for r in 5 25 125; do
    local inner=$((budget / r))
    args+=(--config "mcts-x$r: --algo mcts --search-threads 1 --z 0 --restarts $r --c $c --policy $policy")
    args+=(--config "nmcts2-x$r: --algo nmcts --level 2 --inner $inner --c $c,0 --policy $policy")
  done
  run "e1-$tag" "$set" --positions "$positions" --variant "$variant" --iterations "$budget" \
    --all-pairs "${args[@]}"
}

declare -A EXPERIMENTS=(
  [e1-samegame-random]="e1 samegame-random samegame random $STD 1-20 250000 0.0002"
  [e1-samegame-tabu]="e1 samegame-tabu samegame tabu-bandit:0.01 $STD 1-20 250000 0.0005"
  [e1-bubblebreaker]="e1 bubblebreaker bubblebreaker random $STD 1-20 250000 0.008"
  [e1-clickomania]="e1 clickomania clickomania random $CLK 1-20 100000 0"
  [e1-maastricht100]="e1m"
  [e2-beam]="e2"
  [threads-mcts]="thr mcts"
  [s10-validate]="s10v"
  [s10-trees]="s10t"
  [s10-trees-variants]="s10tv"
  [s10-default-validate]="s10dv"
  [threads-nmcts]="thr nmcts"
  [threads-nmcs]="thr nmcs"
  [e2-beam-multistart]="e2m"
  [e2-beam-tuned]="e2t"
  [e2-beam-maastricht100]="e2x"
  [e3-nbmcts]="e3"
  [e4-nmcs]="e4"
  [tune-c]="tc tune-c $TRAIN samegame random 100000 0 0.0001 0.0002 0.0005 0.001 0.003 0.01"
  [tune-c-10k]="tc tune-c-10k $TRAIN samegame random 10000 0 0.0001 0.0002 0.0005 0.001 0.003 0.01"
  [tune-c-30k]="tc tune-c-30k $TRAIN samegame random 30000 0 0.0001 0.0002 0.0005 0.001 0.003 0.01"
  [tune-c-tabu-10k]="tc tune-c-tabu-10k $TRAIN samegame tabu 10000 0 0.0002 0.0005 0.001 0.003 0.01 0.03"
  [tune-c-tabu-100k]="tc tune-c-tabu-100k $TRAIN samegame tabu 100000 0 0.0002 0.0005 0.001 0.003 0.01 0.03"
  [tune-c-bubblebreaker-10k]="tc tune-c-bubblebreaker-10k $TRAIN bubblebreaker random 10000 0 0.0002 0.0005 0.001 0.003 0.01 0.03"
  [tune-c-bubblebreaker-100k]="tc tune-c-bubblebreaker-100k $TRAIN bubblebreaker random 100000 0 0.0002 0.0005 0.001 0.003 0.01 0.03"
  [tune-c-clickomania-10k]="tc tune-c-clickomania-10k $CLK clickomania random 10000 0 0.0002 0.0005 0.001 0.003 0.01 0.03"
  [tune-c-clickomania-100k]="tc tune-c-clickomania-100k $CLK clickomania random 100000 0 0.0002 0.0005 0.001 0.003 0.01 0.03"
  [tune-beam]="tb"
  [tune-beam-random-10k]="tbv tune-beam-random-10k $TRAIN samegame random 10000 0.0005 100,250,1000,2500 2,10,100"
  [tune-beam-tabu-10k]="tbv tune-beam-tabu-10k $TRAIN samegame tabu 10000 0.001 100,250,1000,2500 2,10,100"
  [tune-beam-tabu-100k]="tbv tune-beam-tabu-100k $TRAIN samegame tabu 100000 0.01 1000,2500,10000,25000 2,10,100"
  [tune-beam-bubblebreaker-10k]="tbv tune-beam-bubblebreaker-10k $TRAIN bubblebreaker random 10000 0.0002 100,250,1000,2500 2,5,25"
  [tune-beam-bubblebreaker-100k]="tbv tune-beam-bubblebreaker-100k $TRAIN bubblebreaker random 100000 0.003 1000,2500,10000,25000 2,5,25"
  [tune-beam-clickomania-10k]="tbv tune-beam-clickomania-10k $CLK clickomania random 10000 0 10,100,1000 3,15,100"
  [tune-beam-clickomania-100k]="tbv tune-beam-clickomania-100k $CLK clickomania random 100000 0.01 100,1000,10000 3,25,500"
  [tune-z-random-10k]="tz tune-z-random-10k $TRAIN samegame random 10000 10,20,30,50"
  [tune-z-random-100k]="tz tune-z-random-100k $TRAIN samegame random 100000 10,20,30,50"
  [tune-z-tabu-10k]="tz tune-z-tabu-10k $TRAIN samegame tabu 10000 10,20,30,50"
  [tune-z-tabu-100k]="tz tune-z-tabu-100k $TRAIN samegame tabu 100000 10,20,30,50"
  [tune-z-bubblebreaker-10k]="tz tune-z-bubblebreaker-10k $TRAIN bubblebreaker random 10000 10,20,30,50"
  [tune-z-bubblebreaker-100k]="tz tune-z-bubblebreaker-100k $TRAIN bubblebreaker random 100000 10,20,30,50"
  [tune-z-clickomania-10k]="tz tune-z-clickomania-10k $CLK clickomania random 10000 20,50,100,200"
  [tune-z-clickomania-100k]="tz tune-z-clickomania-100k $CLK clickomania random 100000 20,50,100,200"
  [tune-bandit-c]="tbc"
  [tune-beam-nested]="tbn tune-beam-nested random"
  [tune-beam-nested-tabu]="tbn tune-beam-nested-tabu tabu"
  [tune-default]="td"
  [tune-default-mbm]="tdm"
  [tune-default-nbmcts]="tdn"
  [e4-nmcs-tabu-pair]="e4p"
  [e4-nmcs-curve]="e4c"
  [s9-tune-c]="s9c"
  [s9-tune-c-10k]="s9c10"
  [s9-endgame]="s9e"
  [s9-endgame-validate]="s9ev"
  [s9-default]="s9d"
  [s9-validate]="s9v"
  [s9-e1]="s9e1"
  [s9-e4]="s9e4"
  [s9-small]="s9s"
  [s9-retune-z]="s9rz"
  [s9-retune-beam]="s9rb"
  [s9-retune-beam-small]="s9rb2"
  [s9-retune-validate]="s9rv"
  [s9-retune-10k]="s9r10"
  [s9-retune-validate-151]="s9rv2"
  [s9-retune-beam-random]="s9rbr"
  [s9-retune-beam-variants]="s9rbv"
  [s9-retune-beam-variants-validate]="s9rbvv"
  [s9-retune-validate-random]="s9rvr"
  [s9-retune-nested-beam]="s9rnb"
  [s9-retune-z-variants]="s9rzv"
  [s9-retune-nested-beam-small]="s9rnb2"
  [s9-retune-nested-validate]="s9rnv"
  [s9-e2]="s9e2"
  [s9-e3]="s9e3"
  [s9-bounds]="s9b"
  [s9-bounds-small]="s9bs"
  [e11-nrpa-time10]="e11t"
  [e11-nrpa-time10-more]="e11m"
  [e14-time-train]="e14tt"
  [e14-time-validate]="e14tv"
  [e14-time-variants]="e14tvar"
  [e14-thesis-reference]="e14ref"
  [e14-thesis-bubblebreaker]="e14refbb"
  [e11-budget-1m]="e11b1"
  [e11-budget-10m]="e11b10"
  [e11-budget-1m-131]="e11b1b"
  [e11-budget-60m-1]="e11b60a"
  [e11-budget-60m-3]="e11b60b"
  [e11-late-tune]="e11lt"
  [s10-target-300k]="s10tg"
  [s10-tune-nested]="s10tn"
  [s10-validate-nested]="s10vn"
)

# Issue 9 (one-player MCTS-Solver). Tuning on Maastricht 1-50 (the training half
# 1-100), validation on Maastricht 101-150 (never used for tuning).
# C of global MCTS after the fix, thesis and range reward normalisation, with the
# old tuned setting (solver off, C 0.01) as the baseline.
# s9tc NAME BUDGET OLD_C "THESIS C..." "RANGE C..."
s9tc() {
  local name=$1 budget=$2 old=$3
  local args=(--config "old: --algo mcts --search-threads 1 --z 0 --c $old --solver off --policy tabu")
  for c in $4; do
    args+=(--config "c=$c: --algo mcts --search-threads 1 --z 0 --c $c --policy tabu")
  done
  for c in $5; do
    args+=(--config "range c=$c: --algo mcts --search-threads 1 --z 0 --c $c --reward-norm range --policy tabu")
  done
  run "$name" "$MAA" --positions 1-50 --iterations "$budget" "${args[@]}"
}
s9c() { s9tc s9-tune-c 100000 0.01 "0 0.0005 0.002 0.01" "0.02 0.1 0.5"; }
s9c10() { s9tc s9-tune-c-10k 10000 0.001 "0 0.0002 0.001 0.005" "0.02 0.1 0.5"; }
# Exact endgames at equal time (the solver's nodes are not playouts): NMCS level 2,
# the default, 3 s per position.
s9e() {
  local args=()
  for n in 0 15 25 40; do
    args+=(--config "endgame $n: --algo nmcs --level 2 --policy tabu --endgame $n")
  done
  run s9-endgame "$MAA" --positions 1-30 --time 3 "${args[@]}"
}
s9ev() {
  run s9-endgame-validate "$MAA" --positions 101-150 --time 3 \
    --config "endgame 0: --algo nmcs --level 2 --policy tabu" \
    --config "endgame 15: --algo nmcs --level 2 --policy tabu --endgame 15"
}
# NRPA against NMCS at equal time (one worker thread: THREADS=1), 10 s per position,
# validation positions (scaled down from the issue's 1M-60M playouts).
e11t() {
  run e11-nrpa-time10 "$MAA" --positions 101-120 --time 10 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "nrpa2: --algo nrpa --level 2" \
    --config "nrpa3: --algo nrpa --level 3"
}
e11m() {
  run e11-nrpa-time10-more "$MAA" --positions 121-160 --time 10 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "nrpa3: --algo nrpa --level 3"
}
# Issue 14: the default algorithm under a time budget. Chosen on training positions
# (Maastricht 1-30) at 1, 3 and 10 s, then checked on validation positions 161-190.
e14tt() {
  run e14-time-train "$MAA" --positions 1-30 --time 1,3,10 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "nrpa2: --algo nrpa --level 2" \
    --config "nrpa3: --algo nrpa --level 3"
}
e14tv() {
  run e14-time-validate "$MAA" --positions 161-190 --time 1,3,10 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "default (auto): "
}
# The other variants, training positions, 1 and 3 s.
e14tvar() {
  local cfg=(--config "nmcs2: --algo nmcs --level 2" --config "nrpa3: --algo nrpa --level 3")
  run e14-time-bubblebreaker "$MAA" --variant bubblebreaker --positions 1-20 --time 1,3 "${cfg[@]}"
  run e14-time-nopenalty "$MAA" --variant samegame-nopenalty --positions 1-20 --time 1,3 "${cfg[@]}"
  run e14-time-clickomania "$CLK" --variant clickomania --positions 1-20 --time 1,3 "${cfg[@]}"
}
# Issue 10's reference: the thesis' informed-rollout NMCTS averaged 3,487.7 on
# Maastricht 1-100 at 9,120 s per position; the default (level-3 NRPA) at 300,000
# playouts per position (about 10 s) and level-2 NMCS at the same budget.
e14ref() {
  run e14-thesis-reference "$MAA" --positions 1-100 --iterations 300000 \
    --config "default (nrpa3): " --config "nmcs2: --algo nmcs --level 2"
}
# Issue 14 item 5: the thesis' Bubble Breaker reference, NMCTS averaging 2,661.7 on
# Maastricht 1-100 at 9,120 s per position; the default at 300,000 playouts.
e14refbb() {
  run e14-thesis-bubblebreaker "$MAA" --variant bubblebreaker --positions 1-100 --iterations 300000 \
    --config "default (nrpa3): " --config "nmcs2: --algo nmcs --level 2"
}
# Issue 11: NRPA levels 2-4 against NMCS levels 2-3 and the NMCTS configuration of
# the record runs (docs/experiments.md, "Shipped solutions"), at equal playouts:
# 1M on validation positions 101-130, 10M on the standard positions 1-5 (the
# issue's 60M, 330 CPU-hours, is out of reach here).
E11_CONFIGS=(
  --config "nmcs2: --algo nmcs --level 2"
  --config "nmcs3: --algo nmcs --level 3"
  --config "nrpa2: --algo nrpa --level 2"
  --config "nrpa3: --algo nrpa --level 3"
  --config "nrpa4: --algo nrpa --level 4"
  --config "nmcts2-mbm: --algo nmcts --level 2 --c 0.0005,0 --z 30,20 --advance best --inner 2000 --policy tabu-bandit --bandit-c 0.001"
)
e11b1() {
  run e11-budget-1m "$MAA" --positions 101-130 --iterations 100000,1000000 "${E11_CONFIGS[@]}"
}
# The rest of the issue's validation range, 131-150, same configurations and budgets
# but level-4 NRPA: up to 10^6 playouts a level-4 run is its first level-3 search,
# bit for bit (e11-budget-1m), so it would repeat nrpa3's column at the same cost.
e11b1b() {
  run e11-budget-1m-131 "$MAA" --positions 131-150 --iterations 100000,1000000 \
    "${E11_CONFIGS[@]:0:8}" "${E11_CONFIGS[@]:10:2}"
}
e11b10() {
  run e11-budget-10m "$STD" --positions 1-5 --iterations 10000000 \
    "${E11_CONFIGS[@]:0:4}" "${E11_CONFIGS[@]:6:6}" \
    --keep-best solutions/samegame-standard-20.samegame.txt
}
# The issue's largest budget, 60M playouts per search, on the standard positions 1-5:
# level-4 NRPA (the record configuration; level 3 was level with it at 10M) against
# level-2 and level-3 NMCS. Levels 2-3 of NRPA and NMCTS at 60M did not fit. Split
# in two runs that each fit a session when nothing else runs (1-2: about 50 min,
# 3-5: about 80 min of 2 cores); pool them with scripts/pooled-pair.py. Run with
# RESUME=1 (a stopped run resumes; the first attempt, all five positions in one run
# without a journal, was stopped after about 4.4 CPU-hours and left nothing). Seed 12, a
# stream the record runs (seeds 1, 10, 11) have not used, so the lines are offered
# to the record file.
E11_60M=(
  --iterations 60000000 --seed 12
  --config "nrpa4: --algo nrpa --level 4"
  --config "nmcs2: --algo nmcs --level 2" --config "nmcs3: --algo nmcs --level 3"
  --baseline nmcs2 --keep-best solutions/samegame-standard-20.samegame.txt
)
e11b60a() { run e11-budget-60m-1 "$STD" --positions 1-2 "${E11_60M[@]}"; }
e11b60b() { run e11-budget-60m-3 "$STD" --positions 3-5 "${E11_60M[@]}"; }
# Issue 11 item 3: the selective policy's late-game exception (ours: the 2016
# paper's rule is not available here). Tabu-colour groups of at most S tiles are
# candidates once at most T tiles are left. Training positions, level-3 NRPA.
e11lt() {
  local args=(--config "strict: --algo nrpa")
  for t in 30 60 100; do
    for sz in 2 3; do
      args+=(--config "late$t-$sz: --algo nrpa --nrpa-late-tiles $t --nrpa-late-size $sz")
    done
  done
  run e11-late-tune "$MAA" --positions 1-40 --iterations 100000 "${args[@]}"
}
# Default algorithm at the batch budget (300,000 playouts per run), training half.
s9d() {
  local args=(
    --config "nmcs2: --algo nmcs --level 2 --policy tabu"
    --config "nmcts2: --algo nmcts --level 2 --policy tabu"
    --config "nmcts2-mbm: --algo nmcts --level 2 --z 30,20 --advance best --policy tabu"
    --config "nbmcts2: --algo nbmcts --level 2 --policy tabu"
    --config "nmcts2-old: --algo nmcts --level 2 --policy tabu --solver off"
  )
  run s9-default "$MAA" --positions 1-40 --iterations 300000 "${args[@]}"
}
# Validation of the candidates on positions never used for tuning.
s9v() {
  run s9-validate "$MAA" --positions 101-150 --iterations 300000 \
    --config "nmcs2: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-mbm: --algo nmcts --level 2 --z 30,20 --advance best --policy tabu" \
    --config "nbmcts2: --algo nbmcts --level 2 --policy tabu"
}
# Issue 9, item 4: z and the beam retuned after the solver and the score bounds
# (C was retuned in s9-tune-c), with today's defaults (two MCTS trees, --c auto,
# --policy auto = tabu here), on the training positions Maastricht 1-50 at the
# 100,000-playout class. The current defaults are the baselines (z = 10; BMCTS
# L = 10,000, W = 10). Winners are then validated on 101-150 (s9-retune-validate,
# written from these results).
s9rz() {
  local args=(--config "default (z=10): --algo mcts" --config "z=0: --algo mcts --z 0")
  for z in 5 20 30 50; do
    args+=(--config "z=$z: --algo mcts --z $z")
  done
  run s9-retune-z "$MAA" --positions 1-50 --iterations 100000 "${args[@]}"
}
# algo_grid ALGO SUFFIX LS WS [FLAGS]: appends an ALGO configuration per (L, W) of
# the two comma lists (beam values followed by SUFFIX, with FLAGS added) to the array
# `args`. beam_grid LS WS [FLAGS]: BMCTS beams; nested_grid LS WS: NBMCTS level-1
# beams (none above).
algo_grid() {
  local a=$1 s=$2 l w
  for l in ${3//,/ }; do
    for w in ${4//,/ }; do
      args+=(--config "L=$l,W=$w: --algo $a --beam-l $l$s --beam-w $w$s${5:+ $5}")
    done
  done
}
beam_grid() { algo_grid bmcts "" "$@"; }
nested_grid() { algo_grid nbmcts ",none" "$@"; }
# The baselines name the beam they ran (the default of the day; `auto` has changed).
s9rb() {
  local args=(--config "default (10000x10): --algo bmcts --beam-l 10000 --beam-w 10")
  beam_grid 1000,2500,25000 2,10,100
  beam_grid 10000 2,100
  run s9-retune-beam "$MAA" --positions 1-50 --iterations 100000 "${args[@]}"
}
# s9-retune-beam found L = 1,000 best of its grid; smaller L next.
s9rb2() {
  local args=(--config "default (10000x10): --algo bmcts --beam-l 10000 --beam-w 10")
  beam_grid 1000 100
  beam_grid 250,500 10,100,1000
  run s9-retune-beam-small "$MAA" --positions 1-50 --iterations 100000 "${args[@]}"
}
# s9-retune-validate was +109.4 at p = 0.051 on 101-150: the same pair on the rest of
# the validation positions, 151-250, for power (decided before it ran: the new beam
# becomes the default if it wins on 151-250 and on all of 101-250).
s9rv2() {
  run s9-retune-validate-151 "$MAA" --positions 151-250 --iterations 100000 \
    --config "bmcts old default (10000x10): --algo bmcts --beam-l 10000 --beam-w 10" \
    --config "bmcts L=500,W=100: --algo bmcts --beam-l 500 --beam-w 100"
}
# s9-e2 lost 248.5 points with the old random-rollout beam (10000, 10) where it tied
# before issue 9; the solver is not the cause (bit-identical with --solver off and
# --bounds off on positions 1-20), the restart of deeper depths' counters after a
# prune (Alg. 5.2, issue 9 item 5) is: with L = 10,000 a 100,000-playout search now
# prunes only the first few depths. The random-rollout column, retuned the same way.
s9rbr() {
  local args=(--config "default (10000x10): --algo bmcts --beam-l 10000 --beam-w 10 --policy random")
  beam_grid 250,500,1000,2500 10,100 "--policy random"
  run s9-retune-beam-random "$MAA" --positions 1-50 --iterations 100000 "${args[@]}"
  args=(--config "default (1000x2): --algo bmcts --beam-l 1000 --beam-w 2 --policy random")
  beam_grid 100,250,500 2,10,100 "--policy random"
  run s9-retune-beam-random-10k "$MAA" --positions 1-50 --iterations 10000 "${args[@]}"
}
# Issue 9: the Bubble Breaker and Clickomania beams were tuned before Alg. 5.2's
# counter restart, like the SameGame beams s9-retune-beam found stale. Same grids
# around smaller L, default flags otherwise, training boards 1-20 of each variant's
# set (the sets of tune-beam-{bubblebreaker,clickomania}-*); the baselines name the
# beam they ran. Validation of the winners: s9-retune-beam-variants-validate.
# variant_beams NAME SET VARIANT BUDGET OLD_L OLD_W LS WS: the old beam, then the
# (L, W) grid of LS x WS, on boards 1-20.
variant_beams() {
  local args=(--config "old ($5x$6): --algo bmcts --beam-l $5 --beam-w $6")
  beam_grid "$7" "$8"
  run "$1" "$2" --variant "$3" --positions 1-20 --iterations "$4" "${args[@]}"
}
s9rbv() {
  variant_beams s9-retune-beam-bubblebreaker "$TRAIN" bubblebreaker 100000 25000 2 250,500,1000,2500 2,25,100
  variant_beams s9-retune-beam-bubblebreaker-10k "$TRAIN" bubblebreaker 10000 1000 25 50,100,250,500 2,25,100
  variant_beams s9-retune-beam-clickomania "$CLK" clickomania 100000 1000 25 100,250,500,2500 3,25,100
  variant_beams s9-retune-beam-clickomania-10k "$CLK" clickomania 10000 100 100 25,50,250,1000 3,25,100
}
# Validation of the Bubble Breaker winners of s9-retune-beam-variants (highest mean
# of each grid, chosen before this ran) on boards 51-100 of the same set, never used
# for tuning; the rule, also written before the run: a winner replaces the old beam
# if it wins here at p < 0.05. Clickomania kept its beams (nothing beat them).
s9rbvv() {
  run s9-retune-beam-bubblebreaker-validate "$TRAIN" --variant bubblebreaker --positions 51-100 --iterations 100000 \
    --config "old (25000x2): --algo bmcts --beam-l 25000 --beam-w 2" \
    --config "L=250,W=100: --algo bmcts --beam-l 250 --beam-w 100"
  run s9-retune-beam-bubblebreaker-validate-10k "$TRAIN" --variant bubblebreaker --positions 51-100 --iterations 10000 \
    --config "old (1000x25): --algo bmcts --beam-l 1000 --beam-w 25" \
    --config "L=50,W=25: --algo bmcts --beam-l 50 --beam-w 25"
}
# Issue 9: the level-1 beams of level-2 NBMCTS were tuned (SameGame) or taken from
# the thesis (Bubble Breaker, Clickomania) before Alg. 5.2's counter restart, like
# the BMCTS beams that turned out stale. Default NBMCTS (level 2, inner auto = 1,000
# playouts per level-1 search at this budget, default rollouts) against (L, W) grids
# at level 1, 100,000 playouts, on training positions only: Maastricht 1-50, boards
# 1-20 of the Bubble Breaker and Clickomania sets. The baselines name the beam the
# default ran. Winners go to validation (s9-retune-nested-beam-validate, written
# after these results, with its rule, before it runs).
s9rnb() {
  local args=(--config "default (75x25): --algo nbmcts")
  nested_grid 25,250,1000 5,25,100
  nested_grid 75 5,100
  run s9-retune-nested-beam "$MAA" --positions 1-50 --iterations 100000 "${args[@]}"
  args=(--config "default (75x3): --algo nbmcts")
  nested_grid 10,25,250 3,25,100
  nested_grid 75 25,100
  run s9-retune-nested-beam-bubblebreaker "$TRAIN" --variant bubblebreaker --positions 1-20 --iterations 100000 "${args[@]}"
  args=(--config "default (10x3): --algo nbmcts")
  nested_grid 3,25,100 3,25,100
  nested_grid 10 25,100
  run s9-retune-nested-beam-clickomania "$CLK" --variant clickomania --positions 1-20 --iterations 100000 "${args[@]}"
}
# s9-retune-nested-beam found the smallest L of its grid best (L = 25: +138.0,
# p = 0.0012; W made no difference at L = 25): smaller L at 100,000 playouts, and at
# the batch budget, 300,000 (3,000-playout level-1 searches), on the same positions.
s9rnb2() {
  local args=(--config "default (75x25): --algo nbmcts")
  nested_grid 5,10,25 25
  run s9-retune-nested-beam-small "$MAA" --positions 1-50 --iterations 100000 "${args[@]}"
  args=(--config "default (75x25): --algo nbmcts")
  nested_grid 10,25,250 25
  run s9-retune-nested-beam-300k "$MAA" --positions 1-50 --iterations 300000 "${args[@]}"
}
# Validation, written before it ran. The training runs found the best level-1 L of
# NBMCTS depends on the level-1 search's budget: SameGame L = 25 +138.0 (p = 0.0012)
# with 1,000-playout searches (100,000 in all) but -168.2 (p < 0.0001) with 3,000
# (300,000), where the default 75 was best of its grid; Bubble Breaker (25, 25)
# +402.5 (p < 0.0001) at 1,000; Clickomania nothing beat (10, 3). Rule: a training
# winner becomes the default for nested level-1 searches of at most 1,732 playouts
# (the geometric mean of 1,000 and 3,000) if it wins here at p < 0.05; longer
# level-1 searches keep today's beam unless the 300,000-playout training run below
# (Bubble Breaker, boards 1-20) also finds a winner. Bubble Breaker z = 50 (highest
# mean at 100,000 and 10,000 on training, neither significant) against z = 30 on
# the same footing.
s9rnv() {
  run s9-retune-nested-beam-validate "$MAA" --positions 101-250 --iterations 100000 \
    --config "default (75x25): --algo nbmcts" --config "L=25,W=25: --algo nbmcts --beam-l 25,none --beam-w 25,none"
  run s9-retune-nested-beam-bubblebreaker-validate "$TRAIN" --variant bubblebreaker --positions 51-100 --iterations 100000 \
    --config "default (75x3): --algo nbmcts" --config "L=25,W=25: --algo nbmcts --beam-l 25,none --beam-w 25,none"
  local args=(--config "default (75x3): --algo nbmcts")
  nested_grid 25,75,250 25
  run s9-retune-nested-beam-bubblebreaker-300k "$TRAIN" --variant bubblebreaker --positions 1-20 --iterations 300000 "${args[@]}"
  for k in 100000 10000; do
    run "s9-retune-z-bubblebreaker-validate-$((k / 1000))k" "$TRAIN" --variant bubblebreaker --positions 51-100 --iterations $k \
      --config "default (z=30): --algo mcts" --config "z=50: --algo mcts --z 50"
  done
}
# Issue 9: Bubble Breaker and Clickomania z were tuned before the solver (SameGame's
# were retuned after it and held). Default MCTS (two trees in Bubble Breaker, one in
# Clickomania) with z pinned, in both budget classes, boards 1-20 of each set.
s9rzv() {
  local args=(--config "default (z=30): --algo mcts")
  for z in 0 10 20 50 100; do args+=(--config "z=$z: --algo mcts --z $z"); done
  run s9-retune-z-bubblebreaker "$TRAIN" --variant bubblebreaker --positions 1-20 --iterations 100000 "${args[@]}"
  run s9-retune-z-bubblebreaker-10k "$TRAIN" --variant bubblebreaker --positions 1-20 --iterations 10000 "${args[@]}"
  args=(--config "default (z=0): --algo mcts")
  for z in 10 30 100 200; do args+=(--config "z=$z: --algo mcts --z $z"); done
  run s9-retune-z-clickomania "$CLK" --variant clickomania --positions 1-20 --iterations 100000 "${args[@]}"
  args=(--config "default (z=100): --algo mcts")
  for z in 0 10 30 200; do args+=(--config "z=$z: --algo mcts --z $z"); done
  run s9-retune-z-clickomania-10k "$CLK" --variant clickomania --positions 1-20 --iterations 10000 "${args[@]}"
}
# The random-rollout winners of s9-retune-beam-random (the informed beams again),
# on all validation positions: the new beam becomes the default if it wins here.
s9rvr() {
  run s9-retune-validate-random "$MAA" --positions 101-250 --iterations 100000 \
    --config "old default (10000x10): --algo bmcts --beam-l 10000 --beam-w 10 --policy random" \
    --config "L=500,W=100: --algo bmcts --beam-l 500 --beam-w 100 --policy random"
  run s9-retune-validate-random-10k "$MAA" --positions 101-250 --iterations 10000 \
    --config "old default (1000x2): --algo bmcts --beam-l 1000 --beam-w 2 --policy random" \
    --config "L=250,W=100: --algo bmcts --beam-l 250 --beam-w 100 --policy random"
}
# The short budget class (<= 31,623 playouts per search) at 10,000 playouts: today
# global search (z = 0) and BMCTS (250, 100).
s9r10() {
  local args=(--config "mcts default (z=0): --algo mcts")
  for z in 5 10 20; do
    args+=(--config "z=$z: --algo mcts --z $z")
  done
  run s9-retune-z-10k "$MAA" --positions 1-50 --iterations 10000 "${args[@]}"
  args=(--config "bmcts default (250x100): --algo bmcts --beam-l 250 --beam-w 100")
  beam_grid 50,100,1000 10,100
  run s9-retune-beam-10k "$MAA" --positions 1-50 --iterations 10000 "${args[@]}"
}
# The training winner (chosen before this ran) against the old default on the
# validation positions 101-150, never used for tuning; MCTS's default for reference.
s9rv() {
  run s9-retune-validate "$MAA" --positions 101-150 --iterations 100000 \
    --config "bmcts old default (10000x10): --algo bmcts --beam-l 10000 --beam-w 10" \
    --config "bmcts L=500,W=100: --algo bmcts --beam-l 500 --beam-w 100" \
    --config "mcts default: --algo mcts"
}
# E2 and E3 again with the solver and score bounds, the settings of e2-beam-maastricht100
# (100,000 playouts) and e3-nbmcts.
s9e2() {
  run s9-e2 "$MAA" --positions 1-100 --iterations 100000 \
    --config "mcts: --algo mcts --search-threads 1 --z 0 --c 0.003 --policy random" \
    --config "bmcts: --algo bmcts --beam-l 10000 --beam-w 10 --c 0.003 --policy random"
}
s9e3() { run s9-e3 "$STD" --positions 1-20 --iterations 250000 "${E3_CONFIGS[@]}"; }
# E1 and E4 again with the solver (the thesis' settings, standard 20).
s9e1() { e1 solver-samegame-tabu samegame tabu "$STD" 1-20 250000 0.0005; }
# Where the solver matters: small boards (generated 7 x 7, 4 colours, seed 9),
# every tree search with and without it at 20,000 playouts.
s9s() {
  local set=/tmp/samegame-7x7x4-seed9.txt
  "$SG" generate --width 7 --height 7 --colors 4 --count 40 --seed 9 --out "$set"
  local args=()
  for a in mcts nmcts bmcts nbmcts; do
    args+=(--config "$a: --algo $a --search-threads 1" --config "$a off: --algo $a --search-threads 1 --solver off")
  done
  run s9-small "$set" --iterations 20000 --all-pairs "${args[@]}"
}
# Score-bounded solver (--bounds, on by default): every tree search with and
# without it, on the training half at 100,000 playouts and on the 7 x 7 boards.
s9b() {
  local args=()
  for a in mcts nmcts nbmcts; do
    args+=(--config "$a: --algo $a --search-threads 1 --policy tabu" --config "$a no bounds: --algo $a --search-threads 1 --policy tabu --bounds off")
  done
  run s9-bounds "$MAA" --positions 1-40 --iterations 100000 "${args[@]}"
}
s9bs() {
  local set=/tmp/samegame-7x7x4-seed9.txt
  "$SG" generate --width 7 --height 7 --colors 4 --count 40 --seed 9 --out "$set"
  local args=()
  for a in mcts nmcts bmcts nbmcts; do
    args+=(--config "$a: --algo $a --search-threads 1" --config "$a no bounds: --algo $a --search-threads 1 --bounds off")
  done
  run s9-bounds-small "$set" --iterations 20000 --all-pairs "${args[@]}"
}
s9e4() {
  run s9-e4-nmcs "$STD" --positions 1-20 --iterations 250000 \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy tabu" \
    --config "nmcts2-mbm-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu" \
    --config "nmcts2-tabu-solver-off: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy tabu --solver off"
}

# E1 on the first 100 Maastricht positions (the thesis' set), R = 5, 25, 125 at
# 100,000 playouts (4-second C of Table 4.1 adjusted to our tuning: 0.0005).
e1m() { e1 maastricht100 samegame random "$MAA" 1-100 100000 0.0005; }

# E2 (thesis §5.3.2): BMCTS vs MCTS vs move-by-move (W = 1) across budgets.
# beam_vs_mcts PREFIX DIVISOR BUDGET:C...: simulation limit L = BUDGET / DIVISOR,
# C the tuned value for the budget class (see tune-c).
beam_vs_mcts() {
  local prefix=$1 divisor=$2
  shift 2
  for kc in "$@"; do
    local k=${kc%:*} c=${kc#*:}
    local l=$((k / divisor))
    run "$prefix-$k" "$STD" --positions 1-20 --iterations "$k" \
      --config "mcts: --algo mcts --search-threads 1 --z 0 --c $c --policy random" \
      --config "bmcts: --algo bmcts --beam-l $l --beam-w 10 --c $c --policy random" \
      --config "bmcts-w1: --algo bmcts --beam-l $l --beam-w 1 --c $c --policy random"
  done
}
e2() { beam_vs_mcts e2-beam 40 20000:0.001 100000:0.003 500000:0.003; }
# E2 again with the simulation limit tune-beam found best (L = budget/10, W = 10).
e2t() { beam_vs_mcts e2-beam-tuned 10 100000:0.003 500000:0.003; }

# E2 on 100 positions (the first 100 Maastricht boards) for more power: MCTS vs
# BMCTS with the tuned L = budget/10, W = 10.
e2x() {
  for kc in 100000:0.003 250000:0.003; do
    local k=${kc%:*} c=${kc#*:}
    run "e2-beam-maastricht100-$k" "$MAA" --positions 1-100 --iterations "$k" \
      --config "mcts: --algo mcts --search-threads 1 --z 0 --c $c --policy random" \
      --config "bmcts: --algo bmcts --beam-l $((k / 10)) --beam-w 10 --c $c --policy random"
  done
}

# E2' (thesis §5.3.3): multi-start, best of 4 runs per position.
e2m() {
  run e2-beam-multistart "$STD" --positions 1-20 --iterations 100000 --runs 4 --aggregate max \
    --config "mcts: --algo mcts --search-threads 1 --z 0 --c 0.003 --policy random" \
    --config "bmcts: --algo bmcts --beam-l 2500 --beam-w 10 --c 0.003 --policy random"
}

# E3 (thesis §5.3.4): NBMCTS vs NMCTS, level 2, same inner searches.
E3_CONFIGS=(
  --config "nmcts2: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy random"
  --config "nbmcts2: --algo nbmcts --level 2 --inner 2000 --c 0.0005,0 --beam-l 75,none --beam-w 2,none --policy random"
)
e3() { run e3-nbmcts "$STD" --positions 1-20 --iterations 250000 "${E3_CONFIGS[@]}"; }

# E4 (thesis §4.3.3): level-2 NMCTS vs NMCS at equal budget, random and informed
# rollouts; NMCTS with move-by-move search on both levels, advancing along the best
# solution (the thesis' E4 setting).
e4() {
  run e4-nmcs "$STD" --positions 1-20 --iterations 250000 \
    --config "nmcs2: --algo nmcs --level 2 --policy random" \
    --config "nmcts2: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy random" \
    --config "nmcts2-mbm: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy random" \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy tabu-bandit --bandit-c 0.01" \
    --config "nmcts2-mbm-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu-bandit --bandit-c 0.01"
}

# Tuning C (thesis §4.3.1) on the independent random training set (Clickomania: the
# first 20 boards of its set): MCTS with one C per configuration.
# tc NAME SET VARIANT POLICY BUDGET C...
tc() {
  local name=$1 set=$2 variant=$3 policy=$4 budget=$5
  shift 5
  local args=()
  for c in "$@"; do
    args+=(--config "c=$c: --algo mcts --search-threads 1 --z 0 --c $c --policy $policy")
  done
  run "$name" "$set" --positions 1-20 --variant "$variant" --iterations "$budget" "${args[@]}"
}
# Beam grid for one domain and budget (thesis §5.3.1, Tables 5.1/5.2), MCTS with
# the same C first as the baseline (the plateau BMCTS reaches when L or W is large).
# tbv NAME SET VARIANT POLICY BUDGET C L,L,... W,W,...
tbv() {
  local name=$1 set=$2 variant=$3 policy=$4 budget=$5 c=$6 ls=$7 ws=$8
  local args=(--config "mcts: --algo mcts --search-threads 1 --z 0 --c $c --policy $policy")
  for l in ${ls//,/ }; do
    for w in ${ws//,/ }; do
      args+=(--config "L=$l,W=$w: --algo bmcts --beam-l $l --beam-w $w --c $c --policy $policy")
    done
  done
  run "$name" "$set" --positions 1-20 --variant "$variant" --iterations "$budget" "${args[@]}"
}
# Move-by-move MCTS (thesis §4.3.1, Tables 4.3/4.4): z per domain and budget,
# advancing along the best solution, global MCTS (z = 0) first as the baseline.
# C is `auto`: the tuned C of the budget class of one move search (budget / z), as
# `--z auto` uses it (the thesis tuned C and z together).
# tz NAME SET VARIANT POLICY BUDGET Z,Z,...
tz() {
  local name=$1 set=$2 variant=$3 policy=$4 budget=$5 zs=$6
  local args=(--config "z=0: --algo mcts --search-threads 1 --z 0 --c auto --policy $policy")
  for z in ${zs//,/ }; do
    args+=(--config "z=$z: --algo mcts --search-threads 1 --c auto --z $z --advance best --policy $policy")
  done
  run "$name" "$set" --positions 1-20 --variant "$variant" --iterations "$budget" "${args[@]}"
}
# The tabu-colour bandit's exploration factor (--bandit-c; the thesis gives none),
# with fixed-tabu rollouts first as the baseline: MCTS at 100,000 playouts, and
# level-2 NMCTS with 2,000-playout move-by-move level-1 searches (the bandit restarts
# with every one) at 300,000.
tbc() {
  local m=(--config "tabu: --algo mcts --search-threads 1 --z 0 --c 0.01 --policy tabu")
  local n=(--config "tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu")
  for b in 0.001 0.01 0.1 1; do
    m+=(--config "bandit-c=$b: --algo mcts --search-threads 1 --z 0 --c 0.01 --policy tabu-bandit --bandit-c $b")
    n+=(--config "bandit-c=$b: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu-bandit --bandit-c $b")
  done
  run tune-bandit-c "$TRAIN" --positions 1-20 --iterations 100000 "${m[@]}"
  run tune-bandit-c-nmcts "$TRAIN" --positions 1-20 --iterations 300000 "${n[@]}"
}
# Level-1 beams of NBMCTS (the thesis' multi-start Tables 5.3/5.4 analogue: many
# short searches): level 2, 2,000-playout level-1 searches, 250,000 playouts, NMCTS
# (no beam) first as the baseline. tbn NAME POLICY
tbn() {
  local name=$1 policy=$2
  local args=(--config "nmcts: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy $policy")
  for l in 25 75 250; do
    for w in 2 5 25; do
      args+=(--config "L=$l,W=$w: --algo nbmcts --level 2 --inner 2000 --c 0.0005,0 --beam-l $l,none --beam-w $w,none --policy $policy")
    done
  done
  run "$name" "$TRAIN" --positions 1-20 --iterations 250000 "${args[@]}"
}
tb() {
  local args=()
  for l in 500 2500 10000; do
    for w in 2 10 50; do
      args+=(--config "L=$l,W=$w: --algo bmcts --beam-l $l --beam-w $w --c 0.0002 --policy random")
    done
  done
  run tune-beam "$TRAIN" --positions 1-20 --iterations 100000 "${args[@]}"
}

# Default algorithm for SameGame at the batch budget (300,000 playouts per run), on
# the training set: the strongest settings seen so far, side by side.
td() {
  run tune-default "$TRAIN" --positions 1-20 --iterations 300000 \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-tabu-i2000: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy tabu" \
    --config "nmcts2-tabu-i10000: --algo nmcts --level 2 --inner 10000 --c 0.003,0 --policy tabu" \
    --config "nbmcts2-tabu: --algo nbmcts --level 2 --c 0.0005,0 --beam-l 25,none --beam-w 5,none --policy tabu" \
    --config "bmcts-tabu: --algo bmcts --beam-l 10000 --beam-w 10 --c 0.003 --policy tabu" \
    --config "mcts-tabu: --algo mcts --search-threads 1 --z 0 --c 0.003 --policy tabu"
}

# The two strongest informed settings of tune-default and e4, paired directly: on
# the training set at the batch budget, and on the standard set at E4's budget.
tdm() {
  run tune-default-mbm "$TRAIN" --positions 1-20 --iterations 300000 \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-mbm-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu-bandit --bandit-c 0.01"
}
# The default again, against NBMCTS with the tuned nested beams (tune-beam-nested-tabu).
tdn() {
  run tune-default-nbmcts "$TRAIN" --positions 1-20 --iterations 300000 \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nbmcts2-tabu: --algo nbmcts --level 2 --inner 2000 --c 0.0005,0 --beam-l 75,none --beam-w 25,none --policy tabu" \
    --config "nbmcts2-mbm-tabu: --algo nbmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --beam-l 75,none --beam-w 25,none --policy tabu"
}
e4p() {
  run e4-nmcs-tabu-pair "$STD" --positions 1-20 --iterations 250000 \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-mbm-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu-bandit --bandit-c 0.01"
}

# E4 as a budget curve (thesis Figs. 4.10-4.13): the informed level-2 settings of e4
# at three budgets, same seeds and positions at every budget.
e4c() {
  run e4-nmcs-curve "$STD" --positions 1-10 --iterations 10000,30000,100000 \
    --config "nmcs2-tabu: --algo nmcs --level 2 --policy tabu" \
    --config "nmcts2-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --policy tabu-bandit --bandit-c 0.01" \
    --config "nmcts2-mbm-tabu: --algo nmcts --level 2 --inner 2000 --c 0.0005,0 --z 30,20 --advance best --policy tabu-bandit --bandit-c 0.01"
}

# Root parallelisation (issue 10, MC-LOA §III-B): two searches sharing the budget
# (--search-threads 2: K/2 playouts each) against one search with all K, at
# K = 50,000 and 100,000. "2 threads" at 100,000 is 2 x 50,000: the playouts one
# search spends in the same wall time on one core. Training positions 1-20.
thr() {
  run "threads-$1" "$MAA" --positions 1-20 --iterations 50000,100000 \
    --config "1 thread: --algo $1 --search-threads 1" \
    --config "2 threads: --algo $1 --search-threads 2"
}

# Issue 10 candidates for the MCTS default, on validation positions never used
# for tuning (101-150), 100,000 playouts: implicit values from the best rollout
# below a node (--im-source best --im-alpha 0.1, the best setting on the training
# positions, docs/search.md) and root parallelisation (two trees sharing the
# budget, the best setting of threads-mcts).
s10v() {
  run s10-validate "$MAA" --positions 101-150 --iterations 100000 \
    --config "mcts: --algo mcts --search-threads 1" \
    --config "mcts im-best-0.1: --algo mcts --search-threads 1 --im-alpha 0.1 --im-source best" \
    --config "mcts 2 trees: --algo mcts --search-threads 2" \
    --config "mcts 2 trees im-best-0.1: --algo mcts --search-threads 2 --im-alpha 0.1 --im-source best"
}

# How many trees (root parallelisation at equal total budget), at the batch budget
# (300,000 playouts), against the default NMCS level 2: training positions 1-40.
s10t() {
  run s10-trees "$MAA" --positions 1-40 --iterations 300000 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "mcts 1 tree: --algo mcts --search-threads 1" \
    --config "mcts 2 trees: --algo mcts --search-threads 2" \
    --config "mcts 4 trees: --algo mcts --search-threads 4"
}
# The winner of s10-trees (4 trees, chosen before this ran) against the default on
# the validation positions; 2 trees for information only.
s10dv() {
  run s10-default-validate "$MAA" --positions 101-150 --iterations 300000 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "mcts 4 trees: --algo mcts --search-threads 4" \
    --config "mcts 2 trees: --algo mcts --search-threads 2"
}
# Issue 10's target as written: level-2 NMCTS and NBMCTS with default flags (after
# the solver and the retuned beams) against level-2 NMCS, validation positions,
# 300,000 playouts. No tuning went into this run.
s10tg() {
  run s10-target-300k "$MAA" --positions 101-150 --iterations 300000 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "nmcts2: --algo nmcts --level 2" \
    --config "nbmcts2: --algo nbmcts --level 2"
}
# Issue 10 item 5: evaluation, alpha and W per level for the nested tree searches
# (level 2: the first value is level 1, the second level 2), training positions.
s10tn() {
  local args=()
  for a in nmcts nbmcts; do
    args+=(
      --config "$a: --algo $a"
      --config "$a best-.1,.1: --algo $a --im-source best --im-alpha 0.1,0.1"
      --config "$a best-.1,0: --algo $a --im-source best --im-alpha 0.1,0"
      --config "$a best-.05,.05: --algo $a --im-source best --im-alpha 0.05,0.05"
      --config "$a colors-.05,.05: --algo $a --eval colors --im-alpha 0.05,0.05"
      --config "$a colors-.1,0: --algo $a --eval colors --im-alpha 0.1,0"
      --config "$a potential-.1,.1: --algo $a --eval potential --im-alpha 0.1,0.1"
      --config "$a pb-colors-.01: --algo $a --eval colors --pb 0.01,0.01"
      --config "$a pb-potential-.01: --algo $a --eval potential --pb 0.01,0.01"
    )
  done
  run s10-tune-nested "$MAA" --positions 1-40 --iterations 100000 "${args[@]}"
}
# Validation of s10-tune-nested's winner (NMCTS with implicit max backups of the best
# rollout, alpha 0.1 at level 1 and 0 at level 2) on positions never used for tuning,
# at 100,000 and 1,000,000 playouts, beside the NMCTS and NBMCTS defaults and NMCS
# level 2. Chosen from the training run before this ran.
s10vn() {
  run s10-validate-nested "$MAA" --positions 101-150 --iterations 100000,1000000 \
    --config "nmcs2: --algo nmcs --level 2" \
    --config "nmcts: --algo nmcts" \
    --config "nmcts best-.1,0: --algo nmcts --im-source best --im-alpha 0.1,0" \
    --config "nbmcts: --algo nbmcts" --baseline nmcts
}

# The other variants: MCTS with 1 and 4 trees at 100,000 playouts (Bubble Breaker on
# the generated 15 x 15 training boards, Clickomania on its 20 x 20 set).
s10tv() {
  run s10-trees-bubblebreaker "$TRAIN" --variant bubblebreaker --positions 1-20 --iterations 100000 \
    --config "mcts 1 tree: --algo mcts --search-threads 1" --config "mcts 4 trees: --algo mcts --search-threads 4"
  run s10-trees-clickomania "$CLK" --variant clickomania --positions 1-20 --iterations 100000 \
    --config "mcts 1 tree: --algo mcts --search-threads 1" --config "mcts 4 trees: --algo mcts --search-threads 4"
}

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=(tune-c tune-c-10k tune-c-30k tune-c-tabu-10k tune-c-tabu-100k
         tune-c-bubblebreaker-10k tune-c-bubblebreaker-100k tune-c-clickomania-10k
         tune-c-clickomania-100k tune-beam
         tune-beam-random-10k tune-beam-tabu-10k tune-beam-tabu-100k
         tune-beam-bubblebreaker-10k tune-beam-bubblebreaker-100k
         tune-beam-clickomania-10k tune-beam-clickomania-100k
         tune-z-random-10k tune-z-random-100k tune-z-tabu-10k tune-z-tabu-100k
         tune-z-bubblebreaker-10k tune-z-bubblebreaker-100k
         tune-z-clickomania-10k tune-z-clickomania-100k tune-bandit-c
         tune-beam-nested tune-beam-nested-tabu tune-default tune-default-mbm tune-default-nbmcts e1-samegame-random e1-samegame-tabu e1-bubblebreaker e1-clickomania
         e1-maastricht100 e2-beam e2-beam-tuned e2-beam-maastricht100 e2-beam-multistart e3-nbmcts e4-nmcs e4-nmcs-tabu-pair e4-nmcs-curve
         threads-mcts threads-nmcts threads-nmcs)
fi
for n in "${names[@]}"; do
  spec=${EXPERIMENTS[$n]:-}
  [ -n "$spec" ] || { echo "unknown experiment $n" >&2; exit 2; }
  $spec
done
