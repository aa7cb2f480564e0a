#!/usr/bin/env python3
"""What a trace costs per allocation: trace bytes per allocated object, per program and collector.

    python3 benches/trace_size.py [--binary target/release/gcvm] [--collectors semispace,...]
                                  [--xmx 64m] [--programs GCBench,BinaryTrees] [--json]

Compiles the bundled programs (programs/) once, runs each at its default size under each
collector with `--trace FILE` and reads the trace with `gcvm trace info --json`. Per (program,
collector): the allocations; raw bytes per allocation of the allocation events alone (what
`gcvm trace info` prints first), then with the events that place them (TLABs, runs of cells);
the whole trace's raw bytes per allocation (collections' moves and keep-alives, symbols, threads
included); and the file's bytes per allocation (compressed chunks). Sizes, not times: one run
each (a program's allocations vary a little from run to run with its threads and collections).
With --json the rows are printed as one JSON object ({"rows": [...]}).
Results: docs/benchmarks.md (benches/report.py, subject trace-size).
"""
import argparse, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOCATION = {"alloc", "alloc-typed", "alloc-outside", "alloc-cell"}
PLACING = {"tlab", "cells", "cells-next", "cells-map"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--collectors", default="semispace,mark-compact,concurrent-mark-sweep,region")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    work = tempfile.mkdtemp(prefix="gcvm-trace-size-")
    classes = os.path.join(work, "classes")
    subprocess.run(["javac", "-d", classes] +
                   [os.path.join(ROOT, "programs", p + ".java") for p in programs], check=True)
    if not a.json:
        print("| program | collector | allocations | allocation events raw B | with TLABs and "
              "runs raw B | whole trace raw B | file B |")
        print("|---|---|---:|---:|---:|---:|---:|")
    rows = []
    for p in programs:
        for gc in a.collectors.split(","):
            trace = os.path.join(work, f"{p}-{gc}.gct")
            run = subprocess.run([a.binary, "run", "--gc", gc, "-Xmx" + a.xmx, "--trace", trace,
                                  "-cp", classes, p], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
            if run.returncode != 0:
                sys.exit(f"{p} under {gc} failed: {run.stderr.decode()[:500]}")
            info = json.loads(subprocess.run([a.binary, "trace", "info", trace, "--json"],
                                             capture_output=True, check=True).stdout)
            n = max(1, info["allocation_events"])
            kinds = {k["kind"]: k["raw_bytes"] for k in info["event_kinds"]}
            allocation = sum(b for k, b in kinds.items() if k in ALLOCATION)
            placing = sum(b for k, b in kinds.items() if k in PLACING)
            row = {"program": p, "collector": gc, "allocations": info["allocation_events"],
                   "allocation_raw": allocation / n, "with_placing_raw": (allocation + placing) / n,
                   "trace_raw": info["chunks"]["raw_bytes"] / n,
                   "file": info["file_bytes"] / n}
            rows.append(row)
            os.remove(trace)
            if not a.json:
                print(f"| {p} | {gc} | {row['allocations']:,} | {row['allocation_raw']:.2f} | "
                      f"{row['with_placing_raw']:.2f} | {row['trace_raw']:.2f} | "
                      f"{row['file']:.2f} |", flush=True)
    if a.json:
        print(json.dumps({"rows": rows}, indent=1))


if __name__ == "__main__":
    main()
