#!/usr/bin/env python3
"""Share of the region collector's pauses that meet its pause-time goal.

Runs every bundled program (or --programs a,b) under `gcvm run --gc region -Xmx<heap>
--pause-goal <goal> -Xlog:gc`, reads every pause line ("Pause ..." with its time in ms) and
prints, per program and in total, how many pauses there were, how many were within the goal,
and the median / 99th percentile / maximum pause. A benchmark, not a test: the figures depend
on the machine and its load (see docs/benchmarks.md).

    python3 benches/pause_goal.py --goal 5 --heap 64m [--json]

With --json the figures are printed as one JSON object instead of the Markdown table
({"goal_ms", "heap", "programs": [{"program", "pauses": [[kind, ms], ...]}, ...]};
benches/report.py reads it).
"""
import argparse
import builtins
import json
import pathlib
import re
import statistics
import subprocess
import sys

PAUSE = re.compile(r"\] GC\(\d+\) (Pause .*?) \d+M->\d+M\(\d+M\) ([0-9.]+)ms")


def pauses(gcvm, program, heap, goal, size):
    cmd = [gcvm, "run", "--gc", "region", f"-Xmx{heap}", "--pause-goal", str(goal), "-Xlog:gc", str(program)]
    if size:
        cmd.append(size)
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        sys.exit(f"{program.name} failed: {out.stderr.strip()[:300]}")
    return [(m.group(1).strip(), float(m.group(2))) for m in map(PAUSE.search, out.stdout.splitlines()) if m]


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goal", type=int, default=5)
    ap.add_argument("--heap", default="64m")
    ap.add_argument("--programs", default="all")
    ap.add_argument("--size")
    ap.add_argument("--gcvm", default="target/release/gcvm")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    print = (lambda *x, **k: None) if a.json else builtins.print
    found = []
    progs = sorted(pathlib.Path("programs").glob("*.java"))
    if a.programs != "all":
        wanted = set(a.programs.split(","))
        progs = [p for p in progs if p.stem in wanted]
    print(f"region collector, -Xmx{a.heap}, --pause-goal {a.goal:g}\n")
    print("| program | pauses | within goal | median ms | p99 ms | max ms | over goal (kinds) |")
    print("|---|---:|---:|---:|---:|---:|---|")
    every = []
    for p in progs:
        ps = pauses(a.gcvm, p, a.heap, a.goal, a.size)
        every += ps
        found.append({"program": p.stem, "pauses": ps})
        times = [t for _, t in ps]
        if not times:
            print(f"| {p.stem} | 0 | - | - | - | - | |")
            continue
        ok = sum(t <= a.goal for t in times)
        over = sorted({k for k, t in ps if t > a.goal})
        print(f"| {p.stem} | {len(times)} | {ok} ({100 * ok / len(times):.0f}%) | "
              f"{statistics.median(times):.2f} | {pct(times, 99):.2f} | {max(times):.2f} | {', '.join(over)} |")
    times = [t for _, t in every]
    ok = sum(t <= a.goal for t in times)
    print(f"| **all** | {len(times)} | {ok} ({100 * ok / max(1, len(times)):.1f}%) | "
          f"{statistics.median(times):.2f} | {pct(times, 99):.2f} | {max(times):.2f} | |")
    if a.json:
        builtins.print(json.dumps({"goal_ms": a.goal, "heap": a.heap, "programs": found}, indent=1))


if __name__ == "__main__":
    main()
