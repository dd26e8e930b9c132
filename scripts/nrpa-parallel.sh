#!/usr/bin/env bash
# Parallel NRPA at equal wall time (issue 28, item 2): one search on 2 threads
# (`--threads 2`, width 2) against 2 independent searches (`--threads 2
# --nrpa-independent`) and against 1 thread, default NRPA (level 3), S seconds per
# search, on positions P of a test set (SET, default the standard 20), one seed.
# Each search runs alone, so its threads have the machine's cores, shared with
# whatever else runs: the load average is printed before and after (wall-clock
# results depend on it).
#
#   [SET=testsets/….txt] scripts/nrpa-parallel.sh [SECONDS] [POSITIONS] [SEED]
#   default: SET=testsets/samegame-standard-20.txt, 10 "1 2 3 4 5" 1
#
# Prints a Markdown table: score and playouts per position and configuration, the
# totals and, over the positions, the paired differences (mean, 95% CI, two-sided
# p of a paired t-test). About 3 × SECONDS per position.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
positions=${2:-1 2 3 4 5}
seed=${3:-1}
set_=${SET:-testsets/samegame-standard-20.txt}
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
configs=("--threads 1" "--threads 2" "--threads 2 --nrpa-independent")
scores=$(mktemp)
trap 'rm -f "$scores"' EXIT
echo "$set_, $secs s per search, seed $seed"
echo
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| position | 1 thread | 2 threads, one search (width 2) | 2 independent searches |"
echo "|---|---|---|---|"
declare -a total=(0 0 0)
for p in $positions; do
  row="| $p |"
  srow=""
  for i in "${!configs[@]}"; do
    # shellcheck disable=SC2086 # the configuration is a flag list
    line=$("$SG" solve "$set_" --position "$p" --time "$secs" --seed "$seed" ${configs[$i]} 2>&1 >/dev/null |
      grep "^position $p: score ")
    score=$(awk '{print $4}' <<<"$line")
    playouts=$(awk '{print $6}' <<<"$line")
    total[i]=$((total[i] + score))
    row="$row $score ($playouts playouts) |"
    srow="$srow $score"
  done
  echo "$srow" >>"$scores"
  echo "$row"
done
echo "| total | ${total[0]} | ${total[1]} | ${total[2]} |"
echo
python3 - "$scores" <<'PY'
import math, sys
rows = [list(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
n = len(rows)
def t_sf2(t, df):
    # two-sided p of Student's t: 1 - I, by Simpson's rule on the density
    if not math.isfinite(t):
        return 0.0
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)
    a, steps = abs(t), 20000
    h = a / steps
    s = f(0) + f(a) + sum((4 if k % 2 else 2) * f(k * h) for k in range(1, steps))
    return max(0.0, 1 - 2 * s * h / 3)
def t_crit(df):
    lo, hi = 0.0, 50.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_sf2(mid, df) > 0.05 else (lo, mid)
    return lo
names = ["1 thread", "width 2", "2 independent"]
if n >= 2:
    print("| difference | mean per position | 95% CI | p |")
    print("|---|---:|---|---:|")
    for a, b in [(1, 0), (2, 0), (1, 2)]:
        d = [r[a] - r[b] for r in rows]
        m = sum(d) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
        se = sd / math.sqrt(n)
        t = m / se if se > 0 else (math.inf if m else 0.0)
        p = t_sf2(t, n - 1) if se > 0 else (0.0 if m else 1.0)
        h = t_crit(n - 1) * se
        print(f"| {names[a]} − {names[b]} | {m:+.1f} | [{m - h:+.1f}, {m + h:+.1f}] | {p:.4f} |")
    print()
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
