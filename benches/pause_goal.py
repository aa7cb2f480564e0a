#!/usr/bin/env python3
"""Share of the region collector's pauses that meet its pause-time goal, beside HotSpot G1.

Runs every bundled program (or --programs a,b) `--runs` times under `gcvm run --gc region
-Xmx<heap> --pause-goal <goal> -Xlog:gc`, reads every pause line ("Pause ..." with its time
in ms) and prints, per program, the pauses of all runs, the share within the goal in the
worst run and over all runs, and the median / 99th percentile / maximum pause. With --g1,
each gcvm run is followed by a run of HotSpot G1 (`java -Xint -XX:+UseG1GC`, same heap,
default pause target, classes compiled with javac first) and the table gains each run's
maximum pause beside G1's: the goal is gcvm's at or below G1's in every run (run i against
run i), and the last column says in how many runs it was. A benchmark, not a test: the
figures depend on the machine and its load (see docs/benchmarks.md).

    python3 benches/pause_goal.py --goal 5 --heap 64m [--runs 5] [--g1] [--json]

With --json the figures are printed as one JSON object instead of the Markdown table
({"goal_ms", "heap", "runs", "programs": [{"program", "runs": [[[kind, ms], ...], ...],
"g1_runs": [...]}, ...]}; benches/report.py reads it).
"""
import argparse
import builtins
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

PAUSE = re.compile(r"\] GC\(\d+\) (Pause .*?) \d+M->\d+M\(\d+M\) ([0-9.]+)ms")


def read_pauses(stdout):
    return [(m.group(1).strip(), float(m.group(2))) for m in map(PAUSE.search, stdout.splitlines()) if m]


def run(cmd, what):
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        sys.exit(f"{what} failed: {out.stderr.strip()[:300]}")
    return read_pauses(out.stdout)


def gcvm_pauses(gcvm, program, heap, goal, size):
    cmd = [gcvm, "run", "--gc", "region", f"-Xmx{heap}", "--pause-goal", str(goal), "-Xlog:gc", str(program)]
    return run(cmd + ([size] if size else []), f"gcvm {program.stem}")


def g1_pauses(classes, program, heap, size):
    cmd = ["java", "-Xint", "-XX:+UseG1GC", f"-Xmx{heap}", "-Xlog:gc", "-cp", classes, program.stem]
    return run(cmd + ([size] if size else []), f"HotSpot G1 {program.stem}")


def compile_programs(progs, into):
    subprocess.run(["javac", "-d", into] + [str(p) for p in progs], check=True)


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def share(pauses, goal):
    return 100 * sum(t <= goal for _, t in pauses) / max(1, len(pauses))


def peak(pauses):
    return max((t for _, t in pauses), default=0.0)


def table_row(name, runs, g1_runs, goal):
    every = [p for r in runs for p in r]
    times = [t for _, t in every]
    if not times:
        return f"| {name} | 0 | - | - | - | - | - |" + (" - | - |" if g1_runs else "")
    ok = sum(t <= goal for t in times)
    worst = min(share(r, goal) for r in runs)
    row = (f"| {name} | {len(times)} | {ok} ({100 * ok / len(times):.1f}%) | {worst:.0f}% | "
           f"{statistics.median(times):.2f} | {pct(times, 99):.2f} | {max(times):.2f} |")
    if g1_runs:
        pairs = list(zip(runs, g1_runs))
        maxes = ", ".join(f"{peak(r):.1f}/{peak(g):.1f}" for r, g in pairs)
        at_or_below = sum(peak(r) <= peak(g) for r, g in pairs)
        row += f" {maxes} | {at_or_below} of {len(pairs)} |"
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goal", type=int, default=5)
    ap.add_argument("--heap", default="64m")
    ap.add_argument("--programs", default="all")
    ap.add_argument("--size")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--g1", action="store_true", help="run HotSpot G1 -Xint beside every gcvm run")
    ap.add_argument("--gcvm", default="target/release/gcvm")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    print = (lambda *x, **k: None) if a.json else builtins.print
    progs = sorted(pathlib.Path("programs").glob("*.java"))
    if a.programs != "all":
        wanted = set(a.programs.split(","))
        progs = [p for p in progs if p.stem in wanted]
    classes = tempfile.mkdtemp(prefix="pause-goal-")
    if a.g1:
        compile_programs(progs, classes)
    print(f"region collector, -Xmx{a.heap}, --pause-goal {a.goal:g}, {a.runs} run(s) each"
          + (", HotSpot G1 -Xint beside each run" if a.g1 else "") + "\n")
    head = "| program | pauses | within goal | worst run | median ms | p99 ms | max ms |"
    rule = "|---|---:|---:|---:|---:|---:|---:|"
    if a.g1:
        head += " max ms per run, gcvm/G1 | runs at or below G1 |"
        rule += "---|---:|"
    print(head)
    print(rule)
    found = []
    for p in progs:
        runs, g1_runs = [], []
        for _ in range(a.runs):
            runs.append(gcvm_pauses(a.gcvm, p, a.heap, a.goal, a.size))
            if a.g1:
                g1_runs.append(g1_pauses(classes, p, a.heap, a.size))
        found.append({"program": p.stem, "runs": runs, "g1_runs": g1_runs})
        print(table_row(p.stem, runs, g1_runs, a.goal), flush=True)
    print(table_row("**all**", [r for f in found for r in f["runs"]], [], a.goal))
    if a.json:
        builtins.print(json.dumps({"goal_ms": a.goal, "heap": a.heap, "runs": a.runs,
                                   "programs": found}, indent=1))


if __name__ == "__main__":
    main()
