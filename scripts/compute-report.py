#!/usr/bin/env python3
"""Compute spent on the shipped solutions, from the batch results files.

Usage: scripts/compute-report.py runs/*.results.jsonl
Prints a Markdown table: per results file and configuration, the runs, playouts
and CPU seconds (one search runs on one core), from every run the journal recorded.
"""
import json
import sys
from collections import OrderedDict

print("| results file | configuration | budget per run | runs | playouts | CPU s |")
print("|---|---|---|---:|---:|---:|")
for path in sys.argv[1:]:
    rows = OrderedDict()
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            key = (r["config"], json.dumps(r["budget"]))
            agg = rows.setdefault(key, [0, 0, 0.0])
            agg[0] += 1
            agg[1] += r["playouts"]
            agg[2] += r["seconds"]
    name = path.rsplit("/", 1)[-1].replace(".results.jsonl", "")
    for (config, budget), (n, playouts, secs) in rows.items():
        b = json.loads(budget)
        b = f"{b['iterations']:,} playouts" if "iterations" in b else f"{b['time']} s"
        print(f"| {name} | `{config}` | {b} | {n} | {playouts:,} | {secs:,.0f} |")
