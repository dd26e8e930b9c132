#!/usr/bin/env python3
"""Paired t-test of two configurations over the positions of several per-job CSVs.

Usage: scripts/pooled-pair.py [--budget B] LABEL_A LABEL_B FILE.csv [FILE.csv ...]
Reads the per-job CSVs that `samegame compare --csv` writes (label, position, score,
...), takes the mean score per (label, position) over runs, and tests B - A over every
position present for both labels in all the files together: mean difference, 95% CI,
t and two-sided p (Student t, df = n - 1). Used where one experiment was run in
parts (e.g. validation positions 101-150 and 151-250). Budget-curve CSVs (with a
`budget` column) need --budget B: only their rows of that budget are read.
"""
import csv
import math
import sys
from collections import defaultdict


def betacf(a, b, x):
    # Continued fraction of the regularised incomplete beta (Numerical Recipes 6.4).
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > 1e-300 else 1e-300
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > 1e-300 else 1e-300)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > 1e-300 else 1e-300
        de = d * c
        h *= de
        if abs(de - 1.0) < 3e-16:
            break
    return h


def inc_beta(a, b, x):
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbt) * betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * betacf(b, a, 1 - x) / b


def p_two_sided(t, df):
    return inc_beta(df / 2.0, 0.5, df / (df + t * t))


def t_quantile_975(df):
    lo, hi = 0.0, 50.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if p_two_sided(mid, df) > 0.05:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


args = sys.argv[1:]
budget = None
if args[:1] == ["--budget"]:
    budget, args = args[1], args[2:]
a_label, b_label, files = args[0], args[1], args[2:]
scores = defaultdict(list)
for path in files:
    with open(path) as f:
        for row in csv.DictReader(f):
            if "budget" in row and budget is None:
                sys.exit(f"{path}: a budget curve; give --budget")
            if budget is not None and row.get("budget") != budget:
                continue
            scores[(row["label"], int(row["position"]))].append(float(row["score"]))
positions = sorted({p for (l, p) in scores if l == a_label} & {p for (l, p) in scores if l == b_label})
diffs = [
    sum(scores[(b_label, p)]) / len(scores[(b_label, p)]) - sum(scores[(a_label, p)]) / len(scores[(a_label, p)])
    for p in positions
]
n = len(diffs)
if n < 2:
    sys.exit(f"need two positions with both labels, found {n}")
mean = sum(diffs) / n
sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
se = sd / math.sqrt(n)
t = mean / se if se > 0 else float("inf")
half = t_quantile_975(n - 1) * se
p = p_two_sided(t, n - 1) if se > 0 else 0.0
print(f"{b_label} - {a_label}: n {n} positions ({positions[0]}-{positions[-1]}), "
      f"mean {mean:.1f}, 95% CI [{mean - half:.1f}, {mean + half:.1f}], t {t:.3f}, "
      + ("p < 0.0001" if p < 0.0001 else f"p {p:.4f}"))
