#!/usr/bin/env python3
"""What `--trace-deaths` costs: run time with `--trace FILE --trace-deaths` against `--trace FILE`.

    python3 benches/deaths_overhead.py [--binary target/release/gcvm] [--reps 3]
                                       [--collectors semispace] [--xmx 64m]
                                       [--programs GCBench,BinaryTrees] [--size N]
                                       [--off] [--json]

Compiles the bundled programs (programs/) once, then runs each (default size, or --size) under
each collector traced with and without death records, alternating the two in every repetition
so that machine noise hits both alike. Prints one Markdown row per (program, collector): median
seconds of each, the ratio deaths/trace, the trace sizes and the share of deaths whose context
was not observed; then the geometric mean of the ratios. With --off an untraced run alternates
with the two as well and the rows also give --trace/off and --trace-deaths/off; with --json the
rows are printed as one JSON object instead ({"rows": [...], "geomean_deaths_over_trace": x}).
Results: docs/benchmarks.md (benches/report.py).
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
    ap.add_argument("--off", action="store_true", help="also time untraced runs, alternating")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    out = (lambda *x, **k: None) if a.json else print
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    work = tempfile.mkdtemp(prefix="gcvm-deaths-")
    classes = os.path.join(work, "classes")
    subprocess.run(["javac", "-d", classes] +
                   [os.path.join(ROOT, "programs", p + ".java") for p in programs], check=True)
    if a.off:
        out("| program | collector | off s | --trace s | --trace-deaths s | trace/off | deaths/off "
            "| deaths/trace | trace MiB | with deaths MiB | unknown context |")
        out("|---|---|---|---|---|---|---|---|---|---|---|")
    else:
        out("| program | collector | --trace s | --trace-deaths s | ratio | trace MiB | with deaths MiB | unknown context |")
        out("|---|---|---|---|---|---|---|---|")
    ratios, rows = [], []
    for gc in a.collectors.split(","):
        for p in programs:
            plain, deaths = os.path.join(work, f"{p}-{gc}.gct"), os.path.join(work, f"{p}-{gc}-d.gct")
            base = [a.binary, "run", "--gc", gc, "-Xmx" + a.xmx, "-cp", classes]
            args = [p] + ([a.size] if a.size else [])
            untraced, off, on = [], [], []
            for _ in range(a.reps):
                if a.off:
                    untraced.append(timed(base + args))
                off.append(timed(base + ["--trace", plain] + args))
                on.append(timed(base + ["--trace", deaths, "--trace-deaths"] + args))
            t0, t1 = statistics.median(off), statistics.median(on)
            tu = statistics.median(untraced) if a.off else None
            ratios.append(t1 / t0)
            r = subprocess.run([a.binary, "deaths", deaths, "--json"], capture_output=True)
            report = json.loads(r.stdout) if r.returncode == 0 else {"deaths": 0, "unknown_context": 0}
            n, u = report["deaths"], report["unknown_context"]
            mib, dmib = os.path.getsize(plain) / 2**20, os.path.getsize(deaths) / 2**20
            rows.append({"program": p, "collector": gc, "off_s": tu, "trace_s": t0, "deaths_s": t1,
                         "trace_mib": mib, "deaths_mib": dmib, "deaths": n, "unknown_context": u})
            if a.off:
                out(f"| {p} | {gc} | {tu:.2f} | {t0:.2f} | {t1:.2f} | {t0 / tu:.2f} | {t1 / tu:.2f} "
                    f"| {t1 / t0:.2f} | {mib:.1f} | {dmib:.1f} | {100 * u / max(n, 1):.1f}% of {n:,} |",
                    flush=True)
            else:
                out(f"| {p} | {gc} | {t0:.2f} | {t1:.2f} | {t1 / t0:.2f} | {mib:.1f} | {dmib:.1f} | "
                    f"{100 * u / max(n, 1):.1f}% of {n:,} |", flush=True)
    gm = math.exp(sum(map(math.log, ratios)) / len(ratios))
    out(f"\ngeometric mean deaths/trace: {gm:.2f}")
    if a.json:
        print(json.dumps({"rows": rows, "geomean_deaths_over_trace": gm}, indent=1))


if __name__ == "__main__":
    main()
