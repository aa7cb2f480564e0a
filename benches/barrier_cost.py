#!/usr/bin/env python3
"""What the region collector's write barrier costs a program that never collects.

    python3 benches/barrier_cost.py [--gcvm target/release/gcvm] [--runs 5] [--program SplayTree]
                                    [--size 8] [--callgrind] [--json]

Runs the program (a bundled one, compiled with javac first) under the region collector with a
young generation large enough that no collection happens (`-Xmx4g -Xms4g -Xmn3g`), and under
semispace, which has no barrier, with a heap as large (`-Xmx8g -Xms8g`: a 4 GB half), alternating
in every run. Both runs print `-Xlog:gc`; a run that collects is an error, since the figure is
the barrier's alone. Reports the median wall, user and system seconds and their ratios, region
over semispace, and with --callgrind the instructions of one run of each (valgrind; the whole
process, every thread). SplayTree stores a reference into an old tree node at every step, which
is what issue 34's goal (at most 1.05x) is about.

What the ratio holds beside the barrier: the region collector's eden allocation (a TLAB per
region's worth of eden, no difference in the fast path) and its controller thread, which faults
in the regions the eden will take next (its system time shows in the system column, on the
other core). A benchmark, never a test.
"""
import argparse
import builtins
import json
import os
import pathlib
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CONFIGS = {
    "region": ["--gc", "region", "-Xmx4g", "-Xms4g", "-Xmn3g"],
    "semispace": ["--gc", "semispace", "-Xmx8g", "-Xms8g"],
}
PAUSE = re.compile(r"\[gc\] GC\(\d+\) Pause ", re.M)


def timed(cmd):
    """(wall, user, sys, stdout) of one run; exits naming the run if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
    return wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime, p.stdout


def instructions(cmd, work, name):
    out = os.path.join(work, f"callgrind.{name}.out")
    p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        sys.exit(f"callgrind of {name} failed: {p.stderr[-300:]}")
    return int(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcvm", default="target/release/gcvm")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--program", default="SplayTree")
    ap.add_argument("--size", default="8")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    print = (lambda *x, **k: None) if a.json else builtins.print
    source = pathlib.Path("programs") / f"{a.program}.java"
    work = tempfile.mkdtemp(prefix="gcvm-barrier-")
    subprocess.run(["javac", "-d", work, str(source)], check=True)
    commands = {name: [a.gcvm, "run"] + opts + ["-Xlog:gc", "-cp", work, a.program, a.size]
                for name, opts in CONFIGS.items()}
    samples = {name: [] for name in CONFIGS}
    outputs = {}
    for _ in range(a.runs):
        for name, cmd in commands.items():
            wall, user, system, out = timed(cmd)
            if PAUSE.search(out):
                sys.exit(f"{name}: the run collected ({' '.join(cmd)}); the figure needs none")
            outputs.setdefault(name, [l for l in out.splitlines() if not l.startswith("[")])
            samples[name].append((wall, user, system))
    if outputs["region"] != outputs["semispace"]:
        sys.exit("the two collectors' runs printed different output")
    med = {name: [statistics.median(s[i] for s in runs) for i in range(3)]
           for name, runs in samples.items()}
    ratio = [med["region"][i] / med["semispace"][i] if med["semispace"][i] else None
             for i in range(3)]
    result = {"program": a.program, "size": a.size, "runs": a.runs,
              "commands": {n: " ".join(c) for n, c in commands.items()},
              "median": med, "ratio": ratio,
              "wall": {n: [s[0] for s in runs] for n, runs in samples.items()}}
    if a.callgrind:
        counts = {name: instructions(cmd, work, name) for name, cmd in commands.items()}
        result["instructions"] = counts
        result["instructions_ratio"] = counts["region"] / counts["semispace"]
    if a.json:
        builtins.print(json.dumps(result))
        return
    print(f"{a.program} {a.size}, no collection, {a.runs} alternating runs, medians")
    for name in CONFIGS:
        w, u, s = med[name]
        print(f"  {name:9} wall {w:.3f} s  user {u:.3f} s  sys {s:.3f} s")
    print(f"  region / semispace: wall {ratio[0]:.3f}x, user {ratio[1]:.3f}x")
    if a.callgrind:
        print(f"  instructions: region {counts['region']:,}, semispace {counts['semispace']:,}: "
              f"{result['instructions_ratio']:.3f}x")


if __name__ == "__main__":
    main()
