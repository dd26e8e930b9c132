#!/usr/bin/env bash
# Issue 29 item 4: the record campaign on the standard 20 boards (SameGame rules).
#
# Runs one long search per board, the boards closest to their best published score
# first (the `gap to best` column of `samegame verify --markdown` joined with
# docs/published-standard-20.csv by scripts/published-join.py), and merges every
# board's line into solutions/samegame-standard-20.samegame.txt as soon as its run
# ends (`samegame merge` replays every line and keeps the better one per board).
#
#   scripts/record-campaign.sh [BOARD ...]      default: all 20, closest first
#
# Environment (defaults in brackets):
#   CONFIG   search flags (the beam pass of 2026-12-01: "--algo beam", with
#            --checkpoint from build 915b74b on)                ["--algo nrpa --level 4", again
#            from 2026-11-30 00:32 by the rule in docs/experiments.md, "Record
#            campaign"; from 2026-11-29 20:28 the runs used "--algo nmcts --level 2",
#            the warm tree the 3,600-s stage of issue 52 picked, and before that
#            "--algo nrpa --level 4"]
#   BUDGET   budget flags of one run             ["--cpu-time 3600": an hour of one
#            core, whatever the load (runs before 2026-11-27 used
#            "--iterations 100000000", about 40-60 CPU minutes)]
#   RUNS, THREADS  runs per board, and how many run side by side  [1, 1]
#   OUT      the runs' solutions file (merged into solutions/ after each board)
#            [runs/record/standard-20.samegame.txt]; two campaigns at once (one per
#            core, disjoint boards) need one OUT each; their merges take turns
#   SEED     seed of the campaign's runs         [31; the iteration-budget runs
#            before 2026-11-27 used 30, and NRPA with the same seed would replay
#            those runs' playouts before going further]
#   PRIO     idle: SCHED_IDLE (chrt -i 0), which yields the cores to builds,
#            tests and timed runs completely (nice does not, on our machines);
#            none: normal priority                 [idle]
#   SG       samegame binary                     [./target/release/samegame]; a
#            copy kept aside as /work/builds/samegame-<commit> names its commit in
#            compute.tsv's build column (else the checkout's HEAD). Every build
#            since issue 51 began plays the same search (the search fingerprint
#            prints the same lines; since 3d7ed2b the policy weights agree up to
#            their last bits), so a faster build plays it further in its hour: runs
#            before 2026-11-27 23:53 used e993878 (NRPA before issue 51), later
#            ones builds with its passes (about 1.6-1.75x the playouts per CPU s).
#   SG_COMMIT  the commit of the build kept aside for the campaign: SG becomes
#            $BUILDS/samegame-<SG_COMMIT> (BUILDS [/work/builds]), built from that
#            commit in a temporary worktree when the file is missing (a session on a
#            new machine has only the repository); two campaigns started together
#            build it once (a lock); with SG set too, they must name the same
#            file (else exit 2)
#
# Durable and resumable: `batch` journals every finished run in runs/record/ (the
# journal and results files beside runs/record/standard-20.samegame.txt), so the same
# command after a kill or in a later session skips the finished boards
# (`RESUME=1 scripts/record-campaign.sh ...` says so explicitly; it is the same).
# Stopping: `kill -TERM` the script (not its batch). It stops the run in progress,
# which keeps its best game in the out file and merges it like a finished one,
# appends the run's compute to compute.tsv, and exits 130. Since 2026-11-28 the
# batch checkpoints its run (`batch --checkpoint`, docs/batch.md "Checkpoints"):
# the stop writes the run's whole search state to
# runs/record/standard-20.samegame.journal.checkpoints/, the row's outcome is
# `paused`, and the next start continues that run (same seed) where it stood, as if
# never stopped. (Runs before that were `cut`: NRPA then kept no partial state, so
# the board's next run took seed SEED + (the board's cut runs with this CONFIG and
# BUDGET) and searched anew.) Commit the checkpoint files with the journals at the
# end of a session (`git add -f -A runs/record/*.journal.checkpoints`): a session
# may start on a new machine with only the repository, and a paused run whose file
# is gone starts over (board 5's first pair did, on 2026-11-28).
# A machine that stops (the end of a session) kills the script before it writes the
# paused row; the next start that continues the run writes the missing seconds as
# a paused row (wall NA): its checkpoints' budget seconds (CPU seconds under
# --cpu-time) less the paused rows already there.
# Compute per board (the
# CPU seconds each run had, from compute.tsv): scripts/compute-report.py --campaign
# runs/record/compute.tsv (runs/record/standard-20.samegame.results.jsonl has every
# run's score; its seconds are wall-clock). A board that improves
# the total is carried into the no-penalty files at once (scripts/codingame-files.sh)
# and into the README's results table (scripts/update-readme.sh). Commands and compute
# go to docs/experiments.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${SG_COMMIT:-}" ]; then
  builds=${BUILDS:-/work/builds}
  # Two names for the binary: refused unless they name the same file.
  if [ -n "${SG:-}" ] && [ "$SG" != "$builds/samegame-$SG_COMMIT" ]; then
    echo "record-campaign: SG=$SG and SG_COMMIT=$SG_COMMIT name different builds; set one" >&2
    exit 2
  fi
  SG=$(scripts/kept-build.sh "$SG_COMMIT") || exit 2
  SG_BUILT=1
fi
SG=${SG:-./target/release/samegame}
[ -n "${SG_BUILT:-}" ] || cargo build --release -q
CONFIG=${CONFIG:---algo nrpa --level 4}
BUDGET=${BUDGET:---cpu-time 3600}
SEED=${SEED:-31}
PRIO=${PRIO:-idle}
case $PRIO in
  idle) low=(chrt -i 0) ;;
  none) low=() ;;
  *) echo "record-campaign: PRIO is idle or none, not $PRIO" >&2; exit 2 ;;
esac
set_=testsets/samegame-standard-20.txt
best=solutions/samegame-standard-20.samegame.txt
mkdir -p runs/record
out=${OUT:-runs/record/standard-20.samegame.txt}
RUNS=${RUNS:-1}
THREADS=${THREADS:-1}
# What compute.tsv's config column says: CONFIG, and the runs when not one.
label=$CONFIG
[ "$RUNS $THREADS" = "1 1" ] || label="$CONFIG --runs $RUNS --threads $THREADS"
# CPU and wall seconds of every board's run (the process's user + system time: the
# compute it had, however long it waited at low priority), appended per board.
compute=runs/record/compute.tsv
[ -e "$compute" ] ||
  printf 'finished\tboard\tcpu_s\twall_s\tconfig\tbudget\tseed\toutcome\tbuild\n' >"$compute"
# The build whose compute a row counts (playouts per CPU second differ by build).
case $(basename "$SG") in
  samegame-*) build=$(basename "$SG" | cut -d- -f2) ;;
  *) build=$(git rev-parse --short HEAD) ;;
esac
timing=$(mktemp)
resumed=$(mktemp)
trap 'rm -f "$timing" "$resumed"' EXIT
total() { "$SG" verify "$set_" "$best" | tail -1 | grep -o 'total [0-9-]*' | cut -d' ' -f2; }

if [ $# -gt 0 ]; then
  boards=("$@")
else
  # Boards by gap to the best published score, smallest first (ties by board).
  mapfile -t boards < <("$SG" verify "$set_" "$best" --markdown |
    python3 scripts/published-join.py docs/published-standard-20.csv |
    python3 -c '
import sys
rows = []
for line in sys.stdin:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) > 2 and cells[0].isdigit():
        rows.append((-int(cells[-1].replace("\u2212", "-")), int(cells[0])))
for gap, board in sorted(rows):
    print(board)
')
fi
[ ${#boards[@]} -gt 0 ] || { echo "record-campaign: no boards" >&2; exit 2; }
echo "record-campaign: boards ${boards[*]}; $label $BUDGET --seed $SEED; runs into $out" >&2
# The board's runs cut short with this CONFIG and BUDGET (compute.tsv's outcome).
cuts() {
  awk -F'\t' -v b="$1" -v c="$label" -v u="$BUDGET" \
    '$2 == b && $5 == c && $6 == u && $8 == "cut" { n++ } END { print n + 0 }' "$compute"
}
# Every run checkpoints (the beam's since build 915b74b: a stopped one continues
# from its layer's start; builds before it refused --checkpoint for the beam, and
# until 2026-12-01 its runs went without, starting again from the root).
ckpt=(--checkpoint)
cut=0
pid=
# TERM/INT: stop the batch (its child of `time`), which keeps its best game. The
# tee of its stderr is a child of `time` too: it ignores the signal and ends when
# the batch closes the pipe, so the batch can still say it stopped (until
# 2026-11-30 the tee died first, and the batch of build 9f72c5d, writing its
# "stopping" line into the closed pipe, was killed by SIGPIPE before the stop's
# checkpoint: each pause lost the search since the last periodic checkpoint).
trap 'cut=1; [ -z "$pid" ] || pkill -TERM -P "$pid" 2>/dev/null || true' TERM INT
for b in "${boards[@]}"; do
  seed=$((SEED + $(cuts "$b")))
  # shellcheck disable=SC2086 # CONFIG and BUDGET are flag lists
  /usr/bin/time -f "%U %S %e" -o "$timing" "${low[@]}" "$SG" batch "$set_" --positions "$b" \
    $CONFIG $BUDGET --runs "$RUNS" --seed "$seed" --threads "$THREADS" --out "$out" "${ckpt[@]}" \
    2> >(trap '' TERM INT; exec tee "$resumed" >&2) &
  pid=$!
  # `wait` returns early when a trapped signal arrives: wait until the batch is gone.
  while :; do
    wait "$pid" || true
    kill -0 "$pid" 2>/dev/null || break
  done
  pid=
  # time writes "Command exited with non-zero status N" first when the batch fails.
  read -r user sys wall < <(tail -1 "$timing")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
  outcome=done
  if [ "$cut" = 1 ]; then
    outcome=cut
    # The stop checkpointed the run: the next start continues it.
    compgen -G "${out%.txt}.journal.checkpoints/p$b-r*.checkpoint" >/dev/null && outcome=paused
  fi
  # A machine that stops kills the campaign before it writes the paused row: the CPU
  # seconds the continued runs' checkpoints held, less the paused rows since the
  # board's last other row, go in as a paused row first (wall NA).
  sleep 1 # tee's last lines
  held=$({ grep -o 'continues from its checkpoint ([0-9]* playouts, [0-9.]* s)' "$resumed" || true; } |
    awk '{ s += $(NF - 1) } END { print s + 0 }')
  gap=$(awk -F'\t' -v b="$b" -v c="$label" -v s="$seed" -v h="$held" '
    $2 == b && $5 == c && $7 == s { t = ($8 == "paused") ? t + $3 : 0 }
    END { printf "%.1f", h - t }' "$compute")
  if awk -v g="$gap" 'BEGIN { exit !(g >= 1) }'; then
    printf '%s\t%s\t%s\tNA\t%s\t%s\t%s\tpaused\t%s\n' "$(date -u +%FT%TZ)" "$b" \
      "$gap" "$label" "$BUDGET" "$seed" "$build" >>"$compute"
  fi
  # A board whose run the journal already held took no search: no row.
  if awk -v c="$cpu" 'BEGIN { exit !(c >= 1) }'; then
    printf '%s\t%s\t%.1f\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$b" \
      "$cpu" "$wall" "$label" "$BUDGET" "$seed" "$outcome" "$build" >>"$compute"
  fi
  # One merge at a time: two campaigns (one per core, each with its own OUT) may
  # end a board together, and a merge reads solutions/ before it writes it. The
  # total is read under the lock, so a rise is this board's, not the other's.
  {
    flock 9
    before=$(total)
    "$SG" merge "$out" --out "$best" --testset "$set_"
    now=$(total)
    if [ "$now" -gt "$before" ]; then
      echo "record-campaign: board $b improved the total $before -> $now" >&2
      # Into the no-penalty files the CodinGame validators use (lines only improve).
      SG="$SG" scripts/codingame-files.sh
      # The README's results table, from the files (tests/readme.rs checks it).
      SG="$SG" SG_BUILT=1 scripts/update-readme.sh
    fi
  } 9>runs/record/.merge.lock
  if [ "$cut" = 1 ]; then
    echo "record-campaign: stopped; board $b's run $outcome after $cpu CPU s (seed $seed)" >&2
    "$SG" verify "$set_" "$best" | tail -1
    exit 130
  fi
done
"$SG" verify "$set_" "$best" | tail -1
