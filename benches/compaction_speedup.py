#!/usr/bin/env python3
"""What a second GC worker gains in mark-compact's phases, program by program.

    python3 benches/compaction_speedup.py [--gcvm target/release/gcvm] [--runs 5] [--xmx 64m]
                                          [--programs Fragmentation,GCBench] [--json]

Runs every bundled program (or --programs) at its default size under `gcvm run --gc
mark-compact -Xmx<xmx> -Xlog:gc*` with `--gc-threads 1` and `--gc-threads 2`, alternating in
every run, and sums each run's `[gc,phases]` times (mark, plan, update, compact) and its `[gc]`
pause times. Prints per program the medians over the runs with 1 and 2 workers and their ratio:
the compact phase alone (the move), plan + update + compact (everything after marking) and the
whole pauses; and the compact phase's rate, KiB moved per ms (the `K moved` of each phases
line over the run's compact time). A program with threads (MultiThreadAlloc) does not reach
its collections with the same heap from run to run, so its runs move different amounts: the
rate compares like with like where the times do not. Issue 34 asks for a compaction speed-up of at least 1.7x with 2 workers. A
benchmark, never a test: on a shared two-core machine the phases (a few ms per run) move with
the load (docs/benchmarks.md).
"""
import argparse
import builtins
import json
import pathlib
import re
import statistics
import subprocess
import sys

PHASES = re.compile(r"\] GC\(\d+\) Phases: mark ([0-9.]+)ms, plan ([0-9.]+)ms \(summary [0-9.]+ms\), "
                    r"update ([0-9.]+)ms, compact ([0-9.]+)ms")
MOVED = re.compile(r"\] GC\(\d+\) Phases: .*; (\d+)K moved in \d+ runs")
PAUSE = re.compile(r"\] GC\(\d+\) Pause .*? ([0-9.]+)ms$", re.M)


def sums(log):
    """(pauses, mark, plan, update, compact, pause ms, KiB moved) summed over one run's log."""
    phases = [tuple(map(float, m.groups())) for m in PHASES.finditer(log)]
    pauses = [float(m.group(1)) for m in PAUSE.finditer(log)]
    moved = [int(m.group(1)) for m in MOVED.finditer(log)]
    if len(moved) != len(phases):
        sys.exit(f"{len(phases)} phases lines but {len(moved)} with the bytes moved")
    total = [sum(p[i] for p in phases) for i in range(4)]
    return (len(pauses), *total, sum(pauses), sum(moved))


def rate(run):
    """KiB moved per ms of compact phase in one run (None without a compact phase)."""
    return run[6] / run[4] if run[4] else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcvm", default="target/release/gcvm")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="all")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    print = (lambda *x, **k: None) if a.json else builtins.print
    progs = sorted(pathlib.Path("programs").glob("*.java"))
    if a.programs != "all":
        progs = [p for p in progs if p.stem in set(a.programs.split(","))]
    print(f"mark-compact, -Xmx{a.xmx}, {a.runs} runs, medians of per-run sums (ms), "
          "1 / 2 workers\n")
    print("| program | pauses | compact | speed-up | plan + update + compact | speed-up "
          "| whole pauses | speed-up | KiB moved | compact KiB/ms | speed-up |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    rows = []
    for p in progs:
        runs = {1: [], 2: []}
        for _ in range(a.runs):
            for threads in (1, 2):
                out = subprocess.run([a.gcvm, "run", "--gc", "mark-compact", f"-Xmx{a.xmx}",
                                      "--gc-threads", str(threads), "-Xlog:gc*", str(p)],
                                     capture_output=True, text=True, timeout=900)
                if out.returncode != 0:
                    sys.exit(f"{p.stem} failed: {out.stderr.strip()[:300]}")
                runs[threads].append(sums(out.stdout))
        med = {t: [statistics.median(r[i] for r in runs[t]) for i in range(7)] for t in (1, 2)}
        rates = {t: [x for x in map(rate, runs[t]) if x is not None] for t in (1, 2)}
        row = {"program": p.stem, "pauses": med[1][0],
               "compact": (med[1][4], med[2][4]),
               "after_marking": (med[1][2] + med[1][3] + med[1][4],
                                 med[2][2] + med[2][3] + med[2][4]),
               "pauses_ms": (med[1][5], med[2][5]),
               "moved_kib": (med[1][6], med[2][6]),
               "compact_rate": tuple(statistics.median(rates[t]) if rates[t] else None
                                     for t in (1, 2))}
        rows.append(row)
        if not med[1][0]:
            print(f"| {p.stem} | 0 | | | | | | | | | |")
            continue
        cells = []
        for key in ("compact", "after_marking", "pauses_ms"):
            one, two = row[key]
            cells += [f"{one:.2f} / {two:.2f}", f"{one / two:.2f}x" if two else "-"]
        cells.append(f"{row['moved_kib'][0]:.0f} / {row['moved_kib'][1]:.0f}")
        one, two = row["compact_rate"]
        cells += [f"{one:.0f} / {two:.0f}", f"{two / one:.2f}x"] if one and two else ["-", "-"]
        print(f"| {p.stem} | {med[1][0]:.0f} | " + " | ".join(cells) + " |", flush=True)
    if a.json:
        builtins.print(json.dumps({"xmx": a.xmx, "runs": a.runs, "programs": rows}))


if __name__ == "__main__":
    main()
