#!/usr/bin/env python3
"""What heap streams cost (issue 13's figures; docs/benchmarks.md, "Heap streams").

For each bundled program (or --programs a,b) under each collector (or --collectors), runs gcvm
side by side in three configurations, interleaved, --runs times each, and reports median wall
time ratios against the plain run:

  plain      gcvm run -Xmx<heap> PROGRAM
  idle       ... --stream=127.0.0.1:0 --stream-nowait   (server up, no viewer: gathering
             compiled in and switched on, nobody watching)
  every      ... --stream-record F --stream-tick 0       (a frame at every pause's start and end,
             each a walk of the whole heap, encoded and written: what a connected viewer
             costs the VM with every event enabled)

and, from the recording, frames and bytes per frame (compressed) at 8 KB tiles.
A benchmark, not a test: the figures depend on the machine and its load.

    python3 benches/streams_overhead.py --runs 3 --heap 64m [--json]

With --json the rows are printed as one JSON object instead of the Markdown table
({"rows": [...], "geomean_idle": x, "geomean_every": y}; benches/report.py reads it).
"""
import argparse
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

RECORDING = re.compile(r"stream recording .*: (\d+) frames, (\d+) bytes raw, (\d+) bytes written")


def run(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {out.stderr.strip()[:300]}")
    return elapsed, out.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--heap", default="64m")
    ap.add_argument("--programs", default="GCBench,BinaryTrees,SplayTree,LruCache,JsonDoc")
    ap.add_argument("--collectors", default="semispace,mark-compact,concurrent-mark-sweep,region")
    ap.add_argument("--gcvm", default=None)
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    out = (lambda *x, **k: None) if a.json else print
    rows = []
    root = pathlib.Path(__file__).resolve().parent.parent
    gcvm = a.gcvm or str(root / "target" / "release" / "gcvm")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="gcvm-streams-"))
    out("| program | collector | plain s | idle / plain | every event / plain | frames | bytes per frame (gzip) | raw bytes per frame |")
    out("|---|---|---|---|---|---|---|---|")
    idle_ratios, every_ratios = [], []
    for program in a.programs.split(","):
        src = root / "programs" / f"{program}.java"
        # Untimed: the first run of a source compiles it into gcvm's cache (javac is not measured).
        run([gcvm, "run", f"-Xmx{a.heap}", str(src)])
        for collector in a.collectors.split(","):
            base = [gcvm, "run", "--gc", collector, f"-Xmx{a.heap}"]
            rec = tmp / f"{program}-{collector}.gcs"
            configs = {
                "plain": base + [str(src)],
                "idle": base + ["--stream=127.0.0.1:0", "--stream-nowait", str(src)],
                "every": base + ["--stream-record", str(rec), "--stream-tick", "0", str(src)],
            }
            times = {k: [] for k in configs}
            figures = None
            for _ in range(a.runs):
                for k, cmd in configs.items():
                    t, err = run(cmd)
                    times[k].append(t)
                    m = RECORDING.search(err)
                    if m:
                        figures = tuple(int(x) for x in m.groups())
            med = {k: statistics.median(v) for k, v in times.items()}
            idle, every = med["idle"] / med["plain"], med["every"] / med["plain"]
            idle_ratios.append(idle)
            every_ratios.append(every)
            frames, raw, written = figures or (0, 0, 0)
            per = written // frames if frames else 0
            raw_per = raw // frames if frames else 0
            rows.append({"program": program, "collector": collector, "plain_s": med["plain"],
                         "idle_s": med["idle"], "every_s": med["every"], "frames": frames,
                         "bytes_per_frame": per, "raw_bytes_per_frame": raw_per})
            out(f"| {program} | {collector} | {med['plain']:.2f} | {idle:.3f}x | {every:.2f}x | {frames} | {per} | {raw_per} |")
    gm = lambda xs: statistics.geometric_mean(xs)
    out(f"\ngeometric mean: idle {gm(idle_ratios):.3f}x, every event {gm(every_ratios):.2f}x")
    if a.json:
        print(json.dumps({"rows": rows, "geomean_idle": gm(idle_ratios),
                          "geomean_every": gm(every_ratios)}, indent=1))


if __name__ == "__main__":
    main()
