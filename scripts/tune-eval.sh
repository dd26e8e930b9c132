#!/usr/bin/env bash
# Learns the shipped weights of `--eval learned` (weights/beam-eval.toml) from play:
# `samegame tune-eval` (the cross-entropy method, src/tune.rs) with the beam search
# of width 16 playing every candidate on the TRAINING positions Maastricht 1-100
# (never 151-250, the validation positions), 12 generations of 20 candidates, seed 1.
# Every candidate is journaled in docs/results/tune-eval/tune-eval.journal and the
# log goes to docs/results/tune-eval/tune-eval.log.
#
#   scripts/tune-eval.sh            # a fresh run (refused if the journal exists)
#   RESUME=1 scripts/tune-eval.sh   # resume (or extend: GENERATIONS=16) that journal
#   scripts/tune-eval.sh table      # the per-generation table of docs/experiments.md
#
# SG=path runs another binary; THREADS=n worker threads (default all cores; the
# result does not depend on it). 24,000 games of a width-16 beam: 936 CPU seconds
# here (docs/experiments.md, "The learned beam evaluation").
set -euo pipefail
cd "$(dirname "$0")/.."
dir=docs/results/tune-eval
journal=$dir/tune-eval.journal
if [ "${1:-}" = table ]; then
  # Per generation: the games of its mean (candidate 0) and of its best candidate,
  # mean score per position (100 training positions).
  awk '$1 == "candidate" { g = $2; if (!(g in best) || $4 > best[g]) best[g] = $4; if ($3 == 0) m[g] = $4 }
    END {
      print "| generation | its mean'"'"'s games (per position) | its best candidate (per position) |"
      print "|---|---|---|"
      for (g = 0; g in best; g++) printf "| %d | %.1f | %.1f |\n", g, m[g] / 100, best[g] / 100
    }' "$journal"
  exit 0
fi
if [ -e "$journal" ] && [ "${RESUME:-0}" != 1 ]; then
  echo "$journal exists: RESUME=1 $0 to resume it, or delete it to start again" >&2
  exit 2
fi
S=${SG:-./target/release/samegame}
[ -n "${SG:-}" ] || cargo build --release -q
mkdir -p "$dir"
# The log's tee ignores Ctrl-C and SIGTERM (sent to the whole process group) and
# ends when tune-eval closes the pipe, so what the stop says reaches the log.
"$S" tune-eval testsets/samegame-maastricht-250.txt --positions 1-100 --variant samegame \
  --beam-width 16 --population 20 --elite 5 --generations "${GENERATIONS:-12}" --seed 1 \
  --threads "${THREADS:-0}" --journal "$journal" --out weights/beam-eval.toml \
  2> >(trap '' INT TERM; exec tee -a "$dir/tune-eval.log" >&2)
