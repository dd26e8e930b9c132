#!/usr/bin/env python3
"""The tables of docs/experiments.md, "The thesis at its own budget" (issue 27, item 3).

Usage: scripts/thesis-budget-table.py [FROM-TO]

Reads the per-job CSVs of the runs at the thesis' budget, tabu rollouts
(docs/results/thesis-budget/thesis-budget.csv) and learned rollouts: the issue's
pair, multi-start MCTS and NMCTS with one policy per level search
(docs/results/thesis-budget-adapt-pair/thesis-budget-adapt-pair.csv), and NMCTS
with one policy per search (docs/results/thesis-budget-adapt/thesis-budget-adapt.csv),
and prints, as Markdown:

1. one row per position (only FROM-TO when given) with the score of every
   configuration journaled there, and the mean of each column over the positions
   where every column has a score (the number of positions is given) and, where
   some column lacks positions, each column's mean over the positions it has;
2. the paired differences (t-tests as `compare` and scripts/paired.py compute
   them), each over the positions both of its configurations have, with n.

A column with no score yet at a position shows a dash. The CSVs are the plans'
reports, written from the plans' journals (e.g. `samegame compare --plan
experiments/thesis-budget-adapt.toml --positions 1-10 --out
docs/results/thesis-budget-adapt`: every job is taken from the journal). Reads
only; the standard library and scripts/paired.py only. Run from the repository's
root.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired import paired, table  # noqa: E402

TABU = "docs/results/thesis-budget/thesis-budget.csv"
LEARNED = "docs/results/thesis-budget-adapt/thesis-budget-adapt.csv"
PAIR = "docs/results/thesis-budget-adapt-pair/thesis-budget-adapt-pair.csv"

# (column heading, CSV, label)
COLUMNS = [
    ("MCTS, tabu", TABU, "mcts-x2280"),
    ("MCTS, learned", PAIR, "mcts-x2280-adapt"),
    ("NMCTS, tabu", TABU, "nmcts2-i9100"),
    ("NMCTS, learned, one policy per search", LEARNED, "nmcts2-i9100-adapt"),
    ("NMCTS, learned, one policy per level search", PAIR, "nmcts2-i9100-adapt-level"),
]

# (row, column a, column b): a − b
DIFFERENCES = [
    ("MCTS, learned − tabu", 1, 0),
    ("NMCTS (per search), learned − tabu", 3, 2),
    ("NMCTS (per level search), learned − tabu", 4, 2),
    ("tabu: NMCTS − MCTS (the thesis: +78.6, p < 0.001)", 2, 0),
    ("learned: NMCTS (per search) − MCTS", 3, 1),
    ("learned: NMCTS (per level search) − MCTS", 4, 1),
    ("learned NMCTS: per level search − per search", 4, 3),
]


def load():
    cols = []
    tables = {}
    for _, path, label in COLUMNS:
        if path not in tables:
            tables[path] = table(path) if os.path.exists(path) else {}
        cols.append(tables[path].get(label, {}))
    return cols


def main():
    lo, hi = 1, 10**9
    if len(sys.argv) == 2:
        a, _, b = sys.argv[1].partition("-")
        try:
            lo, hi = int(a), int(b or a)
        except ValueError:
            sys.exit(f"not a position range: {sys.argv[1]!r} (FROM-TO, e.g. 1-20)")
    elif len(sys.argv) > 2:
        sys.exit(__doc__.strip().splitlines()[2])
    cols = [{p: s for p, s in c.items() if lo <= p <= hi} for c in load()]
    positions = sorted(set().union(*cols))
    if not positions:
        sys.exit("no journaled position in range")
    num = lambda x: f"{x:,.0f}" if x == int(x) else f"{x:,.1f}"
    signed = lambda x: f"{x:+,.1f}".replace("-", "\u2212")
    plain = lambda x: f"{x:,.1f}".replace("-", "\u2212")
    print("| position | " + " | ".join(h for h, _, _ in COLUMNS) + " |")
    print("|---:|" + "---:|" * len(COLUMNS))
    for p in positions:
        cells = [num(c[p]) if p in c else "–" for c in cols]
        print(f"| {p} | " + " | ".join(cells) + " |")
    full = [p for p in positions if all(p in c for c in cols)]
    if full:
        means = [sum(c[p] for p in full) / len(full) for c in cols]
        print(f"| mean ({len(full)} positions with every column) | "
              + " | ".join(f"{m:,.1f}" for m in means) + " |")
    if len(full) < len(positions):
        cells = [f"{sum(c.values()) / len(c):,.1f} ({len(c)})" if c else "–" for c in cols]
        print("| mean over each column's positions (how many) | " + " | ".join(cells) + " |")
    print()
    print("| difference | n | mean | 95% CI | p |")
    print("|---|---:|---:|---|---:|")
    for row, a, b in DIFFERENCES:
        ps = sorted(set(cols[a]) & set(cols[b]))
        if len(ps) < 2:
            print(f"| {row} | {len(ps)} | – | – | – |")
            continue
        m, half, _, p = paired(cols[a], cols[b], ps)
        ptext = "< 0.0001" if p < 0.0001 else f"{p:.2g}" if p < 0.1 else f"{p:.2f}"
        print(f"| {row} | {len(ps)} | {signed(m)} | [{plain(m - half)}, {plain(m + half)}] | {ptext} |")


if __name__ == "__main__":
    main()
