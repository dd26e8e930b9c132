#!/usr/bin/env python3
"""Paired t-test between two configurations of `compare` result CSVs.

Usage: scripts/paired.py A.csv LABEL_A B.csv LABEL_B [FROM-TO]

Pairs the per-position mean scores of LABEL_A in A.csv and LABEL_B in B.csv over
the positions both have (only FROM-TO when given; two runs of the same positions and seeds, e.g. a
configuration and the baseline of another plan), and prints the mean difference
A - B, its 95% confidence interval and the two-sided p-value, as `compare` reports
a difference. Reads only; the standard library only.
"""
import csv
import math
import sys
from collections import defaultdict


def means(path, label):
    runs = defaultdict(list)
    try:
        with open(path, newline="") as f:
            for line, row in enumerate(csv.DictReader(f), start=2):
                if row.get("label") == label:
                    try:
                        runs[int(row["position"])].append(int(row["score"]))
                    except (KeyError, TypeError, ValueError):
                        sys.exit(f"{path}:{line}: no integer position and score")
    except OSError as e:
        sys.exit(f"{path}: {e.strerror}")
    if not runs:
        sys.exit(f"{path}: no rows with label {label!r}")
    return {p: sum(s) / len(s) for p, s in runs.items()}


def t_cdf(t, df):
    """P(T <= t) for Student's t with df degrees of freedom (Simpson's rule)."""
    if t == 0:
        return 0.5
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    n, x = 20000, abs(t)
    h = x / n
    pdf = lambda u: c * (1 + u * u / df) ** (-(df + 1) / 2)
    area = pdf(0) + pdf(x) + sum((4 if i % 2 else 2) * pdf(i * h) for i in range(1, n))
    half = area * h / 3
    return 0.5 + half if t > 0 else 0.5 - half


def t_quantile(q, df):
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_cdf(mid, df) < q else (lo, mid)
    return (lo + hi) / 2


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__.strip().splitlines()[2])
    a = means(sys.argv[1], sys.argv[2])
    b = means(sys.argv[3], sys.argv[4])
    ps = sorted(set(a) & set(b))
    if len(sys.argv) == 6:
        lo, _, hi = sys.argv[5].partition("-")
        ps = [p for p in ps if int(lo) <= p <= int(hi or lo)]
    if len(ps) < 2:
        sys.exit("fewer than two positions in common")
    d = [a[p] - b[p] for p in ps]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    se = sd / math.sqrt(n)
    half = t_quantile(0.975, n - 1) * se
    if se > 0:
        t = m / se
        p = 2 * (1 - t_cdf(abs(t), n - 1))
        ptext = "<0.0001" if p < 0.0001 else f"{p:.4f}"
    else:  # all differences equal: as compare, p is 1 when they are 0, else 0
        t, ptext = float("nan"), "1.0000" if m == 0 else "<0.0001"
    print(f"{sys.argv[2]} - {sys.argv[4]}: n {n} (positions {ps[0]}-{ps[-1]}), "
          f"mean {m:.1f}, 95% CI [{m - half:.1f}, {m + half:.1f}], t {t:.3f}, p {ptext}")


if __name__ == "__main__":
    main()
