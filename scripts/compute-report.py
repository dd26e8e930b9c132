#!/usr/bin/env python3
"""Compute spent on the shipped solutions, from the batch results files.

Usage: scripts/compute-report.py [--scores] runs/*.results.jsonl
Prints a Markdown table: per results file and configuration, the runs, playouts
and CPU seconds (one search runs on one core), from every run the journal recorded.
With --scores, also the mean score of one run (over every run of the row) and the
mean of the best run per position: what one run, and the row's runs together, score
per position.
"""
import json
import sys
from collections import OrderedDict

args = sys.argv[1:]
scores = "--scores" in args
args = [a for a in args if a != "--scores"]
if scores:
    print("| results file | configuration | budget per run | runs | playouts | CPU s "
          "| positions | mean score of a run | mean best per position |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
else:
    print("| results file | configuration | budget per run | runs | playouts | CPU s |")
    print("|---|---|---|---:|---:|---:|")
for path in args:
    rows = OrderedDict()
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            key = (r["config"], json.dumps(r["budget"]))
            agg = rows.setdefault(key, [0, 0, 0.0, [], {}])
            agg[0] += 1
            agg[1] += r["playouts"]
            agg[2] += r["seconds"]
            agg[3].append(r["score"])
            best = agg[4]
            best[r["position"]] = max(best.get(r["position"], r["score"]), r["score"])
    name = path.rsplit("/", 1)[-1].replace(".results.jsonl", "")
    for (config, budget), (n, playouts, secs, runs, best) in rows.items():
        b = json.loads(budget)
        b = f"{b['iterations']:,} playouts" if "iterations" in b else f"{b['time']} s"
        row = f"| {name} | `{config}` | {b} | {n} | {playouts:,} | {secs:,.0f} |"
        if scores:
            mean = sum(runs) / len(runs)
            mbest = sum(best.values()) / len(best)
            row += f" {len(best)} | {mean:,.1f} | {mbest:,.1f} |"
        print(row)
