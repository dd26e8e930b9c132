#!/usr/bin/env python3
"""Paired t-test between two configurations of `compare` result CSVs.

Usage: scripts/paired.py A.csv LABEL_A B.csv LABEL_B [FROM-TO]
       scripts/paired.py --check DIR   (every report under DIR, e.g. docs/results)

Pairs the per-position mean scores of LABEL_A in A.csv and LABEL_B in B.csv over
the positions both have (only FROM-TO when given; two runs of the same positions
and seeds, e.g. a configuration and the baseline of another plan), and prints the mean difference
A - B, its 95% confidence interval and the two-sided p-value, as `compare` reports
a difference. `--check` recomputes every difference of every single-budget report
under DIR (NAME.json and NAME.csv of `compare`) from its CSV and fails when one
disagrees with what `compare` wrote: two implementations of the same statistics
(CI runs it). Reads only; the standard library only.
"""
import csv
import functools
import glob
import json
import math
import os
import sys
from collections import defaultdict


def table(path, aggregate="mean"):
    """Per label, per position: the mean (or max) of the scores in a compare CSV."""
    runs = defaultdict(lambda: defaultdict(list))
    try:
        with open(path, newline="") as f:
            for line, row in enumerate(csv.DictReader(f), start=2):
                try:
                    runs[row["label"]][int(row["position"])].append(int(row["score"]))
                except (KeyError, TypeError, ValueError):
                    sys.exit(f"{path}:{line}: no label, integer position and score")
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    pick = max if aggregate == "max" else (lambda s: sum(s) / len(s))
    return {label: {p: pick(s) for p, s in by.items()} for label, by in runs.items()}


def means(path, label, aggregate="mean"):
    """The per-position scores of `label` in a compare CSV (an error if it has none)."""
    got = table(path, aggregate).get(label)
    if not got:
        sys.exit(f"{path}: no rows with label {label!r}")
    return got


def t_cdf(t, df):
    """P(T <= t) for Student's t with df degrees of freedom (Simpson's rule)."""
    if t == 0:
        return 0.5
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    n, x = 4000, abs(t)
    h = x / n
    pdf = lambda u: c * (1 + u * u / df) ** (-(df + 1) / 2)
    area = pdf(0) + pdf(x) + sum((4 if i % 2 else 2) * pdf(i * h) for i in range(1, n))
    half = area * h / 3
    return 0.5 + half if t > 0 else 0.5 - half


@functools.lru_cache(maxsize=None)
def t_quantile(q, df):
    lo, hi = 0.0, 1000.0
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_cdf(mid, df) < q else (lo, mid)
    return (lo + hi) / 2


def paired(a, b, ps):
    """Mean difference, CI half-width, t and p of a - b over positions ps."""
    d = [a[p] - b[p] for p in ps]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    se = sd / math.sqrt(n)
    half = t_quantile(0.975, n - 1) * se
    if se > 0:
        t = m / se
        return m, half, t, 2 * (1 - t_cdf(abs(t), n - 1))
    # All differences equal: as compare, p is 1 when they are 0, else 0.
    return m, half, float("nan"), 1.0 if m == 0 else 0.0


def check(root):
    """Recomputes every difference of the single-budget reports under root."""
    checked, failed = 0, 0
    for js in sorted(glob.glob(os.path.join(root, "*", "*.json"))):
        with open(js) as f:
            rep = json.load(f)
        if "vs_baseline" not in rep:
            continue  # a budget curve: one report per budget, no single CSV sample
        path = js[: -len(".json")] + ".csv"
        scores = table(path, rep["plan"].get("aggregate", "mean"))
        for pair in rep["vs_baseline"] + rep["other_pairs"]:
            test = pair["test"]
            if test["diff"]["n"] < 2:
                continue
            a, b = scores[pair["a_label"]], scores[pair["b_label"]]
            m, half, _, p = paired(a, b, sorted(set(a) & set(b)))
            want = test["diff"]
            ok = (
                abs(m - want["mean"]) <= 1e-6 * max(1.0, abs(want["mean"]))
                and abs(half - want["ci95"]) <= 1e-4 * max(1.0, want["ci95"])
                and (test["p"] is None or abs(p - test["p"]) <= 1e-4)
            )
            checked += 1
            if not ok:
                failed += 1
                print(f"{path}: {pair['a_label']} - {pair['b_label']}: compare wrote "
                      f"mean {want['mean']} ci95 {want['ci95']} p {test['p']}, "
                      f"recomputed {m} {half} {p}")
    print(f"paired.py --check {root}: {checked} differences recomputed, {failed} disagree")
    return failed == 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(0 if check(sys.argv[2]) else 1)
    if len(sys.argv) not in (5, 6):
        sys.exit("\n".join(__doc__.strip().splitlines()[2:4]))
    a = means(sys.argv[1], sys.argv[2])
    b = means(sys.argv[3], sys.argv[4])
    ps = sorted(set(a) & set(b))
    if len(sys.argv) == 6:
        lo, _, hi = sys.argv[5].partition("-")
        ps = [p for p in ps if int(lo) <= p <= int(hi or lo)]
    if len(ps) < 2:
        sys.exit("fewer than two positions in common")
    m, half, t, p = paired(a, b, ps)
    ptext = "<0.0001" if p < 0.0001 else f"{p:.4f}"
    print(f"{sys.argv[2]} - {sys.argv[4]}: n {len(ps)} (positions {ps[0]}-{ps[-1]}), "
          f"mean {m:.1f}, 95% CI [{m - half:.1f}, {m + half:.1f}], t {t:.3f}, p {ptext}")


if __name__ == "__main__":
    main()
