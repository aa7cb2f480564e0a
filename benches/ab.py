#!/usr/bin/env python3
"""A/B wall-time comparison of two gcvm binaries, optionally with HotSpot's interpreter alongside.

    python3 benches/ab.py BEFORE AFTER [--reps 5] [--collectors semispace,mark-compact]
                          [--xmx 64m] [--programs GCBench,BinaryTrees] [--dir programs]
                          [--xint] [--gcvm-args "--trace /tmp/ab.gct --trace-deaths"]

Compiles every program of --dir (default: the bundled programs/) once, then runs each (default
size) under each collector with both binaries — and with --xint also `java -Xint` with Serial —
alternating them in every repetition so that machine noise hits all alike. Prints one Markdown
row per (program, collector): median seconds of each, the ratio AFTER/BEFORE and with --xint
each binary's ratio to HotSpot -Xint; then the geometric means. Used for changes that must not
slow the runtime down (the access layer) and for interpreter speed (issue 16): docs/benchmarks.md.
--gcvm-args adds options to every gcvm run (both binaries), e.g. to compare the cost of tracing.
"""
import argparse, math, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, what):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"{what} failed: {p.stderr.decode()[:500]}")
    return took


def gcvm(binary, collector, xmx, classes, program, extra=()):
    return timed([binary, "run", "--gc", collector, "-Xmx" + xmx, *extra, "-cp", classes,
                  program], f"{binary} {program} under {collector}")


def xint(xmx, classes, program):
    return timed(["java", "-Xint", "-XX:+UseSerialGC", "-Xmx" + xmx, "-cp", classes, program],
                 f"java -Xint {program}")


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--collectors", default="semispace,mark-compact")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="")
    ap.add_argument("--dir", default=os.path.join(ROOT, "programs"))
    ap.add_argument("--xint", action="store_true", help="also time java -Xint (Serial)")
    ap.add_argument("--gcvm-args", default="", help="options added to every gcvm run")
    a = ap.parse_args()
    extra = a.gcvm_args.split()
    sources = sorted(f for f in os.listdir(a.dir) if f.endswith(".java"))
    programs = a.programs.split(",") if a.programs else [f[:-5] for f in sources]
    classes = tempfile.mkdtemp(prefix="gcvm-ab-")
    subprocess.run(["javac", "-g", "-d", classes] + [os.path.join(a.dir, f) for f in sources],
                   check=True)
    ratios, before_x, after_x = [], [], []
    print(f"-Xmx{a.xmx}, {a.reps} alternating repetitions, median wall seconds\n")
    if a.xint:
        print("| program | collector | before s | after s | HotSpot -Xint s | after/before "
              "| before x -Xint | after x -Xint |")
        print("|---|---|---|---|---|---|---|---|")
    else:
        print("| program | collector | before s | after s | after/before |")
        print("|---|---|---|---|---|")
    for program in programs:
        for collector in a.collectors.split(","):
            gcvm(a.after, collector, a.xmx, classes, program, extra)  # warm the page cache
            before, after, hotspot = [], [], []
            for _ in range(a.reps):
                before.append(gcvm(a.before, collector, a.xmx, classes, program, extra))
                after.append(gcvm(a.after, collector, a.xmx, classes, program, extra))
                if a.xint:
                    hotspot.append(xint(a.xmx, classes, program))
            b, c = statistics.median(before), statistics.median(after)
            ratios.append(c / b)
            if a.xint:
                h = statistics.median(hotspot)
                before_x.append(b / h)
                after_x.append(c / h)
                print(f"| {program} | {collector} | {b:.2f} | {c:.2f} | {h:.2f} | {c / b:.3f} "
                      f"| {b / h:.2f} | {c / h:.2f} |", flush=True)
            else:
                print(f"| {program} | {collector} | {b:.3f} | {c:.3f} | {c / b:.3f} |", flush=True)
    print(f"\ngeometric mean after/before: {geomean(ratios):.3f} over {len(ratios)} runs")
    if a.xint:
        print(f"geometric mean x HotSpot -Xint: before {geomean(before_x):.2f}, "
              f"after {geomean(after_x):.2f}")


if __name__ == "__main__":
    main()
