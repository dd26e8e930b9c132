#!/usr/bin/env bash
# Prints the Speed table of docs/engine.md (markdown) from measurements taken now on this machine:
#   - `samegame bench --seconds S --classic`: our random playouts and the classic
#     array engine's, interleaved in the same process, per CPU-second of the thread
#     (so other load on a shared machine does not skew the ratio), three runs, median;
#   - `samegame bench --seconds S --policy tabu` against `samegame bench --seconds S`,
#     alternated three times, median ratio;
#   - instructions per playout under valgrind's callgrind (deterministic), if valgrind
#     is installed: total for `bench --playouts 2000` / 2000, random and tabu, and
#     per level-3 NRPA playout (`solve … --position 1 --algo nrpa --iterations 20000`);
#   - level-3 NRPA's playouts/s against level-1 NMCS's with random playouts in one
#     `compare` run on one thread (issue 51's yardstick), three runs, the median;
#   - `cargo bench --bench lanes_vs_bitvec`: one hot operation with bitvec vs lanes.
# Used by `scripts/update-readme.sh --speed`; S defaults to 5 (SECONDS_PER_RUN).
set -euo pipefail
cd "$(dirname "$0")/.."
S=${SECONDS_PER_RUN:-5}
cargo build --release --quiet
bin=./target/release/samegame
field() { awk -v k="$1" '$1 == k {print $2}'; }
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

ours=() classic=() ratio=() wall=() cwall=() tabu=() random=()
for _ in 1 2 3; do
  out=$($bin bench --seconds "$S" --classic 2>/dev/null)
  ours+=("$(echo "$out" | field cpu_playouts_per_s)")
  wall+=("$(echo "$out" | field playouts_per_s)")
  classic+=("$(echo "$out" | field classic_cpu_playouts_per_s)")
  cwall+=("$(echo "$out" | field classic_playouts_per_s)")
  ratio+=("$(echo "$out" | field speedup_vs_classic)")
  random+=("$($bin bench --seconds "$S" 2>/dev/null | field cpu_playouts_per_s)")
  tabu+=("$($bin bench --seconds "$S" --policy tabu 2>/dev/null | field cpu_playouts_per_s)")
done
m_ours=$(printf '%s\n' "${ours[@]}" | median)
m_wall=$(printf '%s\n' "${wall[@]}" | median)
m_classic=$(printf '%s\n' "${classic[@]}" | median)
m_cwall=$(printf '%s\n' "${cwall[@]}" | median)
wall_ratio=$(awk -v a="$m_wall" -v b="$m_cwall" 'BEGIN {printf "%.1f", a / b}')
m_ratio=$(printf '%s\n' "${ratio[@]}" | median)
m_random=$(printf '%s\n' "${random[@]}" | median)
m_tabu=$(printf '%s\n' "${tabu[@]}" | median)
tabu_ratio=$(awk -v t="$m_tabu" -v r="$m_random" 'BEGIN {printf "%.2f", t / r}')

cpu=$(lscpu 2>/dev/null | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2; exit}')
load=$(awk '{print $1}' /proc/loadavg 2>/dev/null || echo "?")
echo "Measured $(date -u +%Y-%m-%d) by \`scripts/update-readme.sh --speed\` on ${cpu:-this machine}"
echo "($(nproc) cores, shared: load average $load when the script started; rates are per"
echo "CPU-second of the benchmark thread, medians of 3 runs of ${S} s, single thread, the"
echo "standard 20 boards 15 × 15 × 5):"
echo
echo "| measurement | command | value |"
echo "|---|---|---:|"
echo "| random playouts / CPU-s | \`samegame bench --seconds $S --classic\` | $m_ours |"
echo "| classic array engine playouts / CPU-s | same run | $m_classic |"
echo "| **speed-up over the classic engine** (CPU time) | same run | **${m_ratio}×** |"
echo "| random playouts / wall-clock s (medians) | same run | $m_wall |"
echo "| classic playouts / wall-clock s (medians) | same run | $m_cwall |"
echo "| speed-up, wall clock (ratio of the medians) | same run | ${wall_ratio}× |"
echo "| random playouts / CPU-s | \`samegame bench --seconds $S\` | $m_random |"
echo "| tabu playouts / CPU-s | \`samegame bench --seconds $S --policy tabu\` | $m_tabu |"
echo "| **tabu / random** | the two above | **$tabu_ratio** |"
# Issue 51's yardstick: level-3 NRPA's playouts/s against level-1 NMCS with random
# playouts, in one `compare` run on one thread (standard positions 1-5, 100,000
# playouts per search, wall clock): three runs, the run with the median ratio.
# The command as the table prints it; run as written (eval: its quotes), with $bin.
cmp_cmd='samegame compare testsets/samegame-standard-20.txt --positions 1-5 --iterations 100000 --runs 1 --threads 1 --config "nrpa3: --algo nrpa --level 3" --config "nmcs1: --algo nmcs --level 1 --policy random"'
nrpa=$(for _ in 1 2 3; do
  eval "$bin ${cmp_cmd#samegame }" 2>/dev/null |
    awk '$1 == "nrpa3" {n = $5} $1 == "nmcs1" && $2 != "-" {m = $5}
      END {if (m > 0) printf "%.3f %d %d\n", n / m, n, m; else print "NA NA NA"}'
done | sort -g | sed -n 2p)
read -r n_ratio n_nrpa n_nmcs <<< "$nrpa"
echo "| level-3 NRPA playouts / wall-clock s (the run with the median ratio of 3) | \`$cmp_cmd\` | $n_nrpa |"
echo "| level-1 NMCS random playouts / wall-clock s | same run | $n_nmcs |"
echo "| **NRPA / NMCS playouts per second** | same run | **$n_ratio** |"
if command -v valgrind >/dev/null; then
  for p in random tabu; do
    total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      $bin bench --playouts 2000 --policy $p 2>&1 >/dev/null | awk '/Collected/ {print $NF}')
    echo "| instructions per $p playout | \`valgrind --tool=callgrind samegame bench --playouts 2000 --policy $p\`, total / 2000 | $((total / 2000)) |"
  done
  # NRPA's playout: the policy's draw, the group list it keeps and the adaptation
  # (issue 51), on standard position 1 (same line, score 1889, in every build since).
  total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    $bin solve testsets/samegame-standard-20.txt --position 1 --algo nrpa --iterations 20000 \
    2>&1 >/dev/null | awk '/Collected/ {print $NF}')
  echo "| instructions per level-3 NRPA playout (adaptation included) | \`valgrind --tool=callgrind samegame solve testsets/samegame-standard-20.txt --position 1 --algo nrpa --iterations 20000\`, total / 20000 | $((total / 20000)) |"
fi
bv=$(cargo bench --quiet --bench lanes_vs_bitvec 2>/dev/null)
echo "| pair mask of a board, lanes | \`cargo bench --bench lanes_vs_bitvec\` | $(echo "$bv" | field lanes_ns) ns |"
echo "| the same with bitvec 1.x | same run | $(echo "$bv" | field bitvec_ns) ns |"
