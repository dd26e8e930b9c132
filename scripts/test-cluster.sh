#!/usr/bin/env bash
# Runs the cluster recipes of docs/batch.md for real on this machine (Debian):
# installs a single-node Slurm (slurm-wlm + munge) and GNU parallel, submits
# scripts/slurm-batch.sh as an array job with shards, waits for it and its merge
# job, verifies the merged solutions file; then the same with GNU parallel.
# Needs root (apt-get, daemons). Re-runnable: it reuses what is installed and
# running, and starts each recipe from fresh output directories.
#   scripts/test-cluster.sh [SHARDS]   (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
SHARDS=${1:-2}
SET=testsets/samegame-standard-20.txt
cargo build --release -q
SG=$PWD/target/release/samegame

command -v sbatch >/dev/null && command -v munged >/dev/null && command -v parallel >/dev/null \
  || apt-get install -y -q slurm-wlm munge parallel >/dev/null

# --- single-node Slurm ---
host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=samegame-test
SlurmctldHost=$host
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmdSpoolDir=/var/spool/slurmd
StateSaveLocation=/var/spool/slurmctld
SlurmUser=root
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
[ -s /etc/munge/munge.key ] || { mkdir -p /etc/munge; dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; }
chown -R munge:munge /etc/munge /run/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || su -s /bin/sh munge -c "/usr/sbin/munged" || /usr/sbin/munged --force
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed' && break; sleep 1; done
scontrol update nodename="$host" state=resume 2>/dev/null || true
sinfo

# The recipe runs in a scratch copy (it writes runs/ and solutions/ under the
# submit directory); a weak line must never replace a shipped one, so the scratch
# solutions file starts as a copy of the shipped one and must not get worse.
work=$(mktemp -d /tmp/samegame-cluster.XXXXXX)
mkdir -p "$work/testsets" "$work/scripts" "$work/solutions"
cp "$SET" "$work/testsets/"
cp scripts/slurm-batch.sh "$work/scripts/"
cp solutions/samegame-standard-20.samegame.txt "$work/solutions/"
before=$("$SG" verify "$SET" "$work/solutions/samegame-standard-20.samegame.txt" | tail -n 1)
cd "$work"
mkdir -p runs
out=$(SHARDS=$SHARDS SAMEGAME=$SG SBATCH_OPTS="--cpus-per-task=1 --time=00:10:00" \
  scripts/slurm-batch.sh "$SET" --positions 1-4 --runs 2 --iterations 2000)
echo "$out"
for _ in $(seq 300); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 2
done
squeue -h | grep -q . && { echo "Slurm jobs did not finish"; exit 1; }
sacct >/dev/null 2>&1 || true
merged=solutions/samegame-standard-20.samegame.txt
ls runs/
cat runs/slurm-*-merge.out
after=$("$SG" verify "$SET" "$merged" | tail -n 1)
echo "slurm: before $before"
echo "slurm: after  $after"
[ "${before%% over*}" = "${after%% over*}" ] || { echo "slurm: the merged file changed its total"; exit 1; }

# --- GNU parallel, the same shards ---
rm -rf runs && mkdir -p runs
seq 1 "$SHARDS" | parallel -j "$SHARDS" "$SG" batch "$SET" --positions 1-4 --runs 2 \
  --iterations 2000 --threads 1 --quiet --shard "{}/$SHARDS"
"$SG" merge runs/samegame-standard-20.samegame.shard-*-of-"$SHARDS".txt "$merged" \
  --out "$merged" --testset "$SET" | tail -n 1
after=$("$SG" verify "$SET" "$merged" | tail -n 1)
echo "parallel: after $after"
[ "${before%% over*}" = "${after%% over*}" ] || { echo "parallel: the merged file changed its total"; exit 1; }
echo "cluster recipes ok ($work)"
