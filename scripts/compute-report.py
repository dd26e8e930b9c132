#!/usr/bin/env python3
"""Compute spent on the shipped solutions, from the batch results files.

Usage: scripts/compute-report.py [--scores] runs/*.results.jsonl
       scripts/compute-report.py --campaign runs/record/compute.tsv
Prints a Markdown table: per results file and configuration, the runs, playouts
and seconds (one search runs on one core; the results files record wall-clock
seconds, which are CPU seconds only for a run that had its core to itself), from
every run the journal recorded. With --scores, also the mean score of one run (over
every run of the row) and the mean of the best run per position: what one run, and
the row's runs together, score per position.

With --campaign, the record campaign's compute per board from its compute.tsv
(scripts/record-campaign.sh: the CPU seconds each run had, whatever its priority):
runs finished and cut, CPU seconds and core-hours per board, closest gap first in
the order the runs were made, and the total. A run paused at a checkpoint (outcome
`paused`: stopped, continued by the next start) is one run over several rows: its
rows count in the CPU seconds, the run once, when it finishes.
"""
import json
import sys
from collections import OrderedDict

args = sys.argv[1:]
if args[:1] == ["--campaign"]:
    boards = OrderedDict()
    for path in args[1:]:
        with open(path) as f:
            head = f.readline().rstrip("\n").split("\t")
            for line in f:
                r = dict(zip(head, line.rstrip("\n").split("\t")))
                b = boards.setdefault(r["board"], [0, 0, 0.0, []])
                if r["outcome"] != "paused":
                    b[0 if r["outcome"] == "done" else 1] += 1
                b[2] += float(r["cpu_s"])
                build = r.get("build", "?")
                if build not in b[3]:
                    b[3].append(build)
    print("| board | runs finished | runs cut | CPU s | core-hours | builds |")
    print("|---:|---:|---:|---:|---:|---|")
    for board, (done, cut, cpu, builds) in boards.items():
        print(f"| {board} | {done} | {cut} | {cpu:,.0f} | {cpu / 3600:.2f} | {', '.join(builds)} |")
    total = sum(b[2] for b in boards.values())
    print(f"| **total** | {sum(b[0] for b in boards.values())} | "
          f"{sum(b[1] for b in boards.values())} | {total:,.0f} | {total / 3600:.2f} | |")
    sys.exit(0)
scores = "--scores" in args
args = [a for a in args if a != "--scores"]
if scores:
    print("| results file | configuration | budget per run | runs | playouts | wall s "
          "| positions | mean score of a run | mean best per position |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
else:
    print("| results file | configuration | budget per run | runs | playouts | wall s |")
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
        if "iterations" in b:
            b = f"{b['iterations']:,} playouts"
        elif "cpu_time" in b:
            b = f"{b['cpu_time']} CPU s"
        else:
            b = f"{b['time']} s"
        row = f"| {name} | `{config}` | {b} | {n} | {playouts:,} | {secs:,.0f} |"
        if scores:
            mean = sum(runs) / len(runs)
            mbest = sum(best.values()) / len(best)
            row += f" {len(best)} | {mean:,.1f} | {mbest:,.1f} |"
        print(row)
