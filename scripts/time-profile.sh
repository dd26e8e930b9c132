#!/usr/bin/env bash
# Where an NRPA playout's time goes, on the real CPU (issue 51, fourteenth pass):
# `perf record -e cpu-clock` samples the kernel's software clock, so it needs no
# hardware counters (this project's 2-core boxes have none). Prints the share of
# the time per function, then, for List::play and Policy::adapt, the hottest loops
# (the instructions from a backward jump's target to the jump, with their share of
# the whole run) and the hottest instructions with their source lines.
#
#   scripts/time-profile.sh [ITERATIONS]      default 200000 (about 4 s)
#
# Environment: SG (the samegame binary; default ./target/release/samegame, built),
# CPU (the core to pin to, default 1), POSITION (standard board, default 1). Stop
# background searches first (kill -STOP), as for any timed run. Samples skid to the
# instruction after a slow one: read a hot instruction as "the one before, or its
# operands". Needs perf (Debian: apt-get install linux-perf).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "time-profile: perf not found (apt-get install linux-perf)" >&2; exit 2; }
if [ -z "${SG:-}" ]; then
  cargo build --release --quiet
  SG=./target/release/samegame
fi
iters=${1:-200000}
data=$(mktemp)
ann=$(mktemp)
rep=$(mktemp)
trap 'rm -f "$data" "$ann" "$rep"' EXIT
taskset -c "${CPU:-1}" perf record -q -e cpu-clock -F 20000 -o "$data" -- "$SG" solve \
  testsets/samegame-standard-20.txt --position "${POSITION:-1}" --algo nrpa \
  --iterations "$iters" >/dev/null 2>&1
perf report -i "$data" --no-children --stdio 2>/dev/null | grep -E '^ +[0-9]' >"$rep" || true
echo "## share of the time per function"
awk 'NR <= 10' "$rep"
for f in 'samegame::policy::adaptive::moves::list::List::play' \
  'samegame::policy::adaptive::softmax::Policy::adapt'; do
  perf annotate -i "$data" --stdio -l --no-source "$f" >"$ann" 2>/dev/null || continue
  share=$(awk -v f="$f" 'index($0, f) && !done { sub("%", "", $1); print $1; done = 1 }' "$rep")
  echo
  echo "## $f (${share:-?}% of the time)"
  python3 - "$ann" "${share:-100}" <<'EOF'
import re, sys
ins = []
for line in open(sys.argv[1]):
    m = re.match(r'\s+([0-9.]+) :\s+([0-9a-f]+):\s+(.*)', line)
    if m:
        ins.append((int(m.group(2), 16), float(m.group(1)), m.group(3).strip()))
share = float(sys.argv[2]) / 100
# A loop per target of a backward jump, to its last such jump (a loop with
# several back edges is listed once).
ends = {}
for a, _, t in ins:
    m = re.search(r'\bj\w+\s+([0-9a-f]+) <', t)
    if m and int(m.group(1), 16) < a and a - int(m.group(1), 16) < 400:
        lo = int(m.group(1), 16)
        ends[lo] = max(ends.get(lo, a), a)
loops = [(sum(p for x, p, _ in ins if lo <= x <= a + 16), lo, a) for lo, a in ends.items()]
print("hottest loops (% of the whole run):")
for s, lo, a in sorted(loops, reverse=True)[:6]:
    src = [t.split('// ')[-1] for x, _, t in ins if lo <= x <= a and '// ' in t]
    print(f"  {s * share:5.1f}%  {lo:x}-{a:x}  {' '.join(dict.fromkeys(src))[:70]}")
print("hottest instructions (% of the whole run):")
for x, p, t in sorted(ins, key=lambda i: -i[1])[:8]:
    print(f"  {p * share:5.1f}%  {x:x}  {t[:80]}")
EOF
done
