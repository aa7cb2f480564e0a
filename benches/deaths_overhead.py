#!/usr/bin/env python3
"""What `--trace-deaths` costs: run time with `--trace FILE --trace-deaths` against `--trace FILE`.

    python3 benches/deaths_overhead.py [--binary target/release/gcvm] [--reps 3]
                                       [--collectors semispace] [--xmx 64m]
                                       [--programs GCBench,BinaryTrees] [--size N]

Compiles the bundled programs (programs/) once, then runs each (default size, or --size) under
each collector traced with and without death records, alternating the two in every repetition
so that machine noise hits both alike. Prints one Markdown row per (program, collector): median
seconds of each, the ratio deaths/trace, the trace sizes and the share of deaths whose context
was not observed; then the geometric mean of the ratios. Results: docs/benchmarks.md.
"""
import argparse, json, math, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr.decode()[:500]}")
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--collectors", default="semispace")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="")
    ap.add_argument("--size", default="")
    a = ap.parse_args()
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    work = tempfile.mkdtemp(prefix="gcvm-deaths-")
    classes = os.path.join(work, "classes")
    subprocess.run(["javac", "-d", classes] +
                   [os.path.join(ROOT, "programs", p + ".java") for p in programs], check=True)
    print("| program | collector | --trace s | --trace-deaths s | ratio | trace MiB | with deaths MiB | unknown context |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = []
    for gc in a.collectors.split(","):
        for p in programs:
            plain, deaths = os.path.join(work, f"{p}-{gc}.gct"), os.path.join(work, f"{p}-{gc}-d.gct")
            base = [a.binary, "run", "--gc", gc, "-Xmx" + a.xmx, "-cp", classes]
            args = [p] + ([a.size] if a.size else [])
            off, on = [], []
            for _ in range(a.reps):
                off.append(timed(base + ["--trace", plain] + args))
                on.append(timed(base + ["--trace", deaths, "--trace-deaths"] + args))
            t0, t1 = statistics.median(off), statistics.median(on)
            ratios.append(t1 / t0)
            r = subprocess.run([a.binary, "deaths", deaths, "--json"], capture_output=True)
            report = json.loads(r.stdout) if r.returncode == 0 else {"deaths": 0, "unknown_context": 0}
            n, u = report["deaths"], report["unknown_context"]
            print(f"| {p} | {gc} | {t0:.2f} | {t1:.2f} | {t1 / t0:.2f} | "
                  f"{os.path.getsize(plain) / 2**20:.1f} | {os.path.getsize(deaths) / 2**20:.1f} | "
                  f"{100 * u / max(n, 1):.1f}% of {n:,} |", flush=True)
    print(f"\ngeometric mean deaths/trace: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}")


if __name__ == "__main__":
    main()
