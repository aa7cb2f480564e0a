#!/usr/bin/env python3
"""Pauses as the program feels them: each pause's time plus the time to reach its safepoint.

    python3 benches/pause_with_safepoint.py [--gc concurrent-mark-sweep] [--heap 64m]
                                            [--runs 5] [--programs a,b] [--gcvm PATH] [--json]

Runs every bundled program (or --programs) `--runs` times under `gcvm run --gc GC -Xmx<heap>
-Xlog:gc*`, pairs each `[gc] GC(n) Pause ... Tms` line with GC(n)'s `Time to safepoint Sms`
line, and prints per program the number of pauses, the largest pause alone, the largest time
to safepoint and the largest sum, each the worst over all runs, and the kind of pause that set
the sum. Issue 34 asks concurrent mark-sweep for a sum of at most 1 ms on every program. A
benchmark, not a test: a time to safepoint depends on the machine's load (docs/benchmarks.md).
"""
import argparse
import builtins
import json
import pathlib
import re
import subprocess
import sys

PAUSE = re.compile(r"\] GC\((\d+)\) (Pause .*?) \d+M->\d+M\(\d+M\) ([0-9.]+)ms")
SAFEPOINT = re.compile(r"\] GC\((\d+)\) Time to safepoint ([0-9.]+)ms")


def pauses(log):
    """[(kind, pause ms, time to safepoint ms)] for every pause of one run's log."""
    ttsp, found = {}, []
    for line in log.splitlines():
        if m := SAFEPOINT.search(line):
            ttsp[m.group(1)] = float(m.group(2))
        elif m := PAUSE.search(line):
            found.append((m.group(2).strip(), float(m.group(3)), ttsp.get(m.group(1), 0.0)))
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gc", default="concurrent-mark-sweep")
    ap.add_argument("--heap", default="64m")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--programs", default="all")
    ap.add_argument("--gcvm", default="target/release/gcvm")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    print = (lambda *x, **k: None) if a.json else builtins.print
    progs = sorted(pathlib.Path("programs").glob("*.java"))
    if a.programs != "all":
        progs = [p for p in progs if p.stem in set(a.programs.split(","))]
    print(f"{a.gc}, -Xmx{a.heap}, {a.runs} runs each: worst over the runs\n")
    print("| program | pauses | max pause ms | max time to safepoint ms | max sum ms | set by |")
    print("|---|---:|---:|---:|---:|---|")
    rows = []
    for p in progs:
        every = []
        for _ in range(a.runs):
            out = subprocess.run([a.gcvm, "run", "--gc", a.gc, f"-Xmx{a.heap}", "-Xlog:gc*", str(p)],
                                 capture_output=True, text=True, timeout=900)
            if out.returncode != 0:
                sys.exit(f"{p.stem} failed: {out.stderr.strip()[:300]}")
            every += pauses(out.stdout)
        rows.append({"program": p.stem, "pauses": every})
        if not every:
            print(f"| {p.stem} | 0 | - | - | - | |")
            continue
        worst = max(every, key=lambda x: x[1] + x[2])
        print(f"| {p.stem} | {len(every)} | {max(x[1] for x in every):.3f} | "
              f"{max(x[2] for x in every):.3f} | {worst[1] + worst[2]:.3f} | {worst[0]} |", flush=True)
    if a.json:
        builtins.print(json.dumps({"gc": a.gc, "heap": a.heap, "runs": a.runs, "programs": rows}))


if __name__ == "__main__":
    main()
