#!/usr/bin/env python3
"""Joins published per-position scores to the table of `samegame verify --markdown`.

Usage: samegame verify TESTSET SOLUTIONS --markdown | scripts/published-join.py CSV

Reads the verify table (position, score, moves, then a total row) on stdin and the
published scores from CSV (docs/published-standard-20.csv: `#` comment lines, a
header `position,<program>,...`, one row per position and a `total` row with the
published totals). A program's column is joined only when all of its position cells
are filled; its sum must then equal its published total (errors exit 1). A last
column, `gap to best`, is our score minus the best published score of the row, over
the joined columns without an even score (a column with one cannot be checked). In a joined column
a published score gets ✓ when our verified score matches or beats it, and † when it
is even: no finished game of an odd number of tiles scores even under the SameGame
rules (see docs/published-scores.md). Prints the joined table and a note naming the
columns that are not shown. Our column is copied from verify, never computed here.
"""
import sys
import textwrap


def die(msg):
    sys.exit(f"published-join.py: {msg}")


def parse_csv(path):
    rows = [line.rstrip("\n") for line in open(path, encoding="utf-8")]
    rows = [r for r in rows if r.strip() and not r.startswith("#")]
    header = rows[0].split(",")
    if header[0] != "position":
        die(f"{path}: the header must start with `position`")
    table = {}
    for r in rows[1:]:
        cells = r.split(",")
        if len(cells) != len(header):
            die(f"{path}: `{r}` has {len(cells)} cells, the header {len(header)}")
        if cells[0] in table:
            die(f"{path}: position {cells[0]} twice")
        table[cells[0]] = dict(zip(header[1:], cells[1:]))
    if "total" not in table:
        die(f"{path}: no `total` row")
    return header[1:], table


def main():
    if len(sys.argv) != 2:
        die("usage: ... | published-join.py CSV")
    path = sys.argv[1]
    programs, pub = parse_csv(path)
    lines = [line.rstrip("\n") for line in sys.stdin if line.startswith("|")]
    if len(lines) < 3:
        die("no verify table on stdin")
    body, total = lines[2:-1], lines[-1]
    cells = lambda line: [c.strip() for c in line.strip("|").split("|")]
    ours = {cells(r)[0]: int(cells(r)[1]) for r in body}
    our_total = int(cells(total)[1].strip("*"))
    if set(ours) != set(pub) - {"total"}:
        die(f"{path}: positions differ from the verify table's")

    # Numeric columns; a `<name> by` column is the text that goes with <name>.
    numeric = [p for p in programs if not p.endswith(" by")]
    shown, missing = [], []
    for p in numeric:
        vals = [pub[pos][p] for pos in ours]
        if all(vals):
            got = sum(int(v) for v in vals)
            want = int(pub["total"][p])
            if got != want:
                die(f"{path}: {p} adds up to {got}, its published total is {want}")
            shown.append(p)
        else:
            missing.append((p, sum(1 for v in vals if v)))
    # The best published score of a row: over the shown columns with no even score.
    comparable = [p for p in shown if all(int(pub[pos][p]) % 2 == 1 for pos in ours)]
    best = {pos: max(int(pub[pos][p]) for p in comparable) for pos in ours} if comparable else {}

    columns = []
    for p in shown:
        columns.append(p)
        if f"{p} by" in programs:
            columns.append(f"{p} by")

    def mark(value, our, parity=True):
        v = int(value)
        return f"{v}{' ✓' if our >= v else ''}{' †' if parity and v % 2 == 0 else ''}"

    gap = " gap to best |" if best else ""
    out = [lines[0] + "".join(f" {c} |" for c in columns) + gap]
    rule = "".join("---|" if c.endswith(" by") else "---:|" for c in columns)
    out.append(lines[1] + rule + ("---:|" if best else ""))
    for r in body:
        pos = cells(r)[0]
        extra = [pub[pos][c] if c.endswith(" by") else mark(pub[pos][c], ours[pos]) for c in columns]
        if best:
            extra.append(f"{ours[pos] - best[pos]:+d}")
        out.append(r + "".join(f" {e} |" for e in extra))
    # A total of 20 odd scores is even: no † there.
    extra = ["" if c.endswith(" by") else f"**{mark(pub['total'][c], our_total, False)}**" for c in columns]
    if best:
        extra.append(f"**{our_total - sum(best.values()):+d}**")
    out.append(total + "".join(f" {e} |" if e else " |" for e in extra))
    print("\n".join(out))

    print()
    note = (
        "Published scores per position: the columns of "
        "[docs/published-standard-20.csv](docs/published-standard-20.csv), joined by "
        "`scripts/published-join.py` once all 20 values of a column are there and add up "
        "to its published total (sources and what could be checked: "
        "[docs/published-scores.md](docs/published-scores.md)). ✓ marks a published score "
        "that our verified score matches or beats. † marks an even published score: no "
        "finished game of a 15 × 15 board has one under these rules (every final score is "
        "odd, cleared or not), so such a score cannot be checked. `gap to best` is our "
        "verified score minus the best published score of the position, over the columns "
        "with no even score."
    )
    if missing:
        names = ", ".join(
            f"{p} ({int(pub['total'][p]):,}{'' if k == 0 else f'; {k} of 20 found'})"
            for p, k in missing
        )
        note += f" Not shown, per-position values not found: {names}."
    print(textwrap.fill(note, width=85, break_long_words=False, break_on_hyphens=False))


main()
