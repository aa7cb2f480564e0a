#!/usr/bin/env python3
"""A/B wall-time comparison of two gcvm binaries on the bundled programs.

    python3 benches/ab.py BEFORE AFTER [--reps 5] [--collectors semispace,mark-compact]
                          [--xmx 64m] [--programs GCBench,BinaryTrees]

Runs every bundled program (default size) under each collector with both binaries,
alternating A and B in every repetition so that machine noise hits both alike, and prints
one Markdown row per (program, collector): median seconds of each and the ratio B/A, then the
geometric mean of the ratios. Used for changes that must not slow the runtime down (e.g. the
access layer: docs/benchmarks.md).
"""
import argparse, math, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, collector, xmx, program):
    src = os.path.join(ROOT, "programs", program + ".java")
    t = time.perf_counter()
    p = subprocess.run([binary, "run", "--gc", collector, "-Xmx" + xmx, src],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"{binary} {program} under {collector} failed: {p.stderr.decode()[:500]}")
    return took


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--collectors", default="semispace,mark-compact")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="")
    a = ap.parse_args()
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    ratios = []
    print(f"-Xmx{a.xmx}, {a.reps} alternating repetitions, median wall seconds\n")
    print("| program | collector | before s | after s | after/before |")
    print("|---|---|---|---|---|")
    for program in programs:
        for collector in a.collectors.split(","):
            run(a.after, collector, a.xmx, program)  # warm the javac cache and the page cache
            before, after = [], []
            for _ in range(a.reps):
                before.append(run(a.before, collector, a.xmx, program))
                after.append(run(a.after, collector, a.xmx, program))
            b, c = statistics.median(before), statistics.median(after)
            ratios.append(c / b)
            print(f"| {program} | {collector} | {b:.3f} | {c:.3f} | {c / b:.3f} |", flush=True)
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"\ngeometric mean after/before: {geo:.3f} over {len(ratios)} runs")


if __name__ == "__main__":
    main()
