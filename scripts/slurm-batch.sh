#!/bin/bash
# Run `samegame batch` as a Slurm job array (one shard per array task), then merge
# the shards into the solutions file with a dependent job.
#
# On the login node, from the repository root (after `cargo build --release`):
#
#   SHARDS=8 scripts/slurm-batch.sh testsets/samegame-standard-20.txt --runs 64 --time 60
#
# submits an array of $SHARDS tasks (each runs `batch … --shard i/$SHARDS` with
# --threads = its CPUs) and a merge job that starts when every task has ended
# (afterany: a shard stopped by the time limit still saved verified lines, and merge
# only keeps lines that replay). Rerunning the same command resumes every shard
# from its journal. Extra arguments go to `samegame batch` unchanged; do not pass
# --out/--journal/--results/--shard (each shard uses its own default files
# runs/<set>.<variant>.shard-<i>-of-<n>.*).
#
# Environment: SHARDS (default 8), VARIANT (default samegame), SAMEGAME (binary,
# default target/release/samegame), SBATCH_OPTS (extra sbatch options, e.g.
# "--partition=short --time=02:00:00 --cpus-per-task=16").
#
#SBATCH --job-name=samegame-batch
#SBATCH --cpus-per-task=8
#SBATCH --time=01:00:00
#SBATCH --output=runs/slurm-%A_%a.out

set -euo pipefail

SET=${1:?usage: SHARDS=8 scripts/slurm-batch.sh TESTSET [batch options...]}
shift
SAMEGAME=${SAMEGAME:-target/release/samegame}
VARIANT=${VARIANT:-samegame}

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    # Submit mode (login node): the array, then the merge.
    SHARDS=${SHARDS:-8}
    NAME=$(basename "${SET%.*}")
    mkdir -p runs solutions
    # shellcheck disable=SC2086
    JOB=$(sbatch --parsable ${SBATCH_OPTS:-} --array=1-"$SHARDS" \
        --export=ALL,VARIANT="$VARIANT",SAMEGAME="$SAMEGAME" "$0" "$SET" "$@")
    echo "submitted array job $JOB ($SHARDS shards)"
    MERGE=$(sbatch --parsable --dependency=afterany:"$JOB" --job-name=samegame-merge \
        --output=runs/slurm-%j-merge.out \
        --wrap "$SAMEGAME merge runs/$NAME.$VARIANT.shard-*-of-$SHARDS.txt \
                \$(ls solutions/$NAME.$VARIANT.txt 2>/dev/null) \
                --out solutions/$NAME.$VARIANT.txt --testset $SET --variant $VARIANT")
    echo "submitted merge job $MERGE (into solutions/$NAME.$VARIANT.txt)"
    exit 0
fi

# Array task: shard number from 1, whatever the array's first index.
I=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-1} + 1))
N=${SLURM_ARRAY_TASK_COUNT:?run through sbatch --array}
exec "$SAMEGAME" batch "$SET" --variant "$VARIANT" --shard "$I/$N" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" --quiet "$@"
