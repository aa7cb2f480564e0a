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

    python3 benches/streams_overhead.py --runs 3 --heap 64m
"""
import argparse
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
    a = ap.parse_args()
    root = pathlib.Path(__file__).resolve().parent.parent
    gcvm = a.gcvm or str(root / "target" / "release" / "gcvm")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="gcvm-streams-"))
    print("| program | collector | plain s | idle / plain | every event / plain | frames | bytes per frame (gzip) | raw bytes per frame |")
    print("|---|---|---|---|---|---|---|---|")
    idle_ratios, every_ratios = [], []
    for program in a.programs.split(","):
        src = root / "programs" / f"{program}.java"
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
            print(f"| {program} | {collector} | {med['plain']:.2f} | {idle:.3f}x | {every:.2f}x | {frames} | {per} | {raw_per} |")
    gm = lambda xs: statistics.geometric_mean(xs)
    print(f"\ngeometric mean: idle {gm(idle_ratios):.3f}x, every event {gm(every_ratios):.2f}x")


if __name__ == "__main__":
    main()
