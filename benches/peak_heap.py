#!/usr/bin/env python3
"""How much heap a program needs under concurrent mark-sweep against mark-compact.

    python3 benches/peak_heap.py [--gcvm target/release/gcvm] [--runs 5] [--xmx 64m]
                                 [--programs Fragmentation] [--json]

Issue 34 asks for Fragmentation's peak heap under concurrent mark-sweep within 1.2x of
mark-compact's. A collector's "peak heap" depends on how it is asked, so this measures it three
ways, each collector `--runs` times, alternating:

- **smallest heap**: the smallest `-Xmx`, in 1 MB steps, at which the program still runs to the
  end with the output of its `-Xmx<xmx>` run (a bisection per run). The heap the collector needs
  for the program: fragmentation a collector cannot undo makes it larger, and it does not depend
  on when the collector chooses to collect.
- **peak RSS**: the process's largest resident set at `-Xmx<xmx>` (the VM and its side tables
  included), what `top` shows. Mark-compact fills the whole heap before it collects, and the
  concurrent collector starts a cycle at about half of it, so this says more about pacing than
  about fragmentation.
- **after collection**: at `-Xmx<xmx>`, the largest heap left right after a collection, from
  `-Xlog:gc*`: mark-compact's `B` of `A->B(C)`; concurrent mark-sweep's spans in use after a
  concurrent sweep (used bytes plus the free slots of partly used spans: the fragmentation it
  holds while whole free spans remain), or the B of a full collection. Its used bytes alone are
  printed beside.

A benchmark, never a test (docs/benchmarks.md).
"""
import argparse
import builtins
import json
import os
import pathlib
import re
import statistics
import subprocess
import tempfile

COLLECTORS = ["mark-compact", "concurrent-mark-sweep"]
PAUSE = re.compile(r"\[gc\] GC\(\d+\) Pause (.*?) (\d+)M->(\d+)M\(\d+M\)")
SWEEP = re.compile(r"\[gc,heap\] GC\(\d+\) Sweep: .*?used (\d+)K, spans in use (\d+)K")
TIMEOUT_S = 120


def run(gcvm, collector, heap_mb, program):
    """(exit code, stdout) of one unlogged run; exit code None after TIMEOUT_S (a heap so small
    that the collector thrashes counts as too small)."""
    cmd = [gcvm, "run", "--gc", collector, f"-Xmx{heap_mb}m", str(program)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, ""
    return done.returncode, done.stdout


def run_measured(gcvm, collector, heap_mb, program):
    """(stdout, log, peak RSS KiB) of one logged run: the log goes to a file (-Xlog's output),
    and wait4 gives the child's own rusage."""
    with tempfile.TemporaryDirectory() as tmp:
        log_file = pathlib.Path(tmp) / "gc.log"
        cmd = [gcvm, "run", "--gc", collector, f"-Xmx{heap_mb}m", f"-Xlog:gc*:file={log_file}",
               str(program)]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            raise SystemExit(f"{collector} {program.stem} -Xmx{heap_mb}m exited {code}")
        return out, log_file.read_text(), usage.ru_maxrss


def after_collection(collector, log):
    """(largest heap after a collection MB, largest used bytes after one MB) from a gc log."""
    fulls = [int(m.group(3)) for m in PAUSE.finditer(log)
             if collector == "mark-compact" or m.group(1).startswith("Full")]
    sweeps = [(int(u) / 1024, int(s) / 1024) for u, s in SWEEP.findall(log)]
    held = fulls + [s for _, s in sweeps]
    used = fulls + [u for u, _ in sweeps]
    return (max(held) if held else 0.0), (max(used) if used else 0.0)


def smallest_heap(gcvm, collector, program, expected, hi):
    """The smallest -Xmx in MB (at most hi) at which the program prints `expected`."""
    lo = 1  # fails (gcvm refuses heaps under 2 MB), hi completes
    while hi - lo > 1:
        mid = (lo + hi) // 2
        code, out = run(gcvm, collector, mid, program)
        if code == 0 and out == expected:
            hi = mid
        else:
            lo = mid
    return hi


def median(xs):
    return statistics.median(xs) if xs else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcvm", default="target/release/gcvm")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="Fragmentation")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    print = (lambda *x, **k: None) if a.json else builtins.print
    if not a.xmx.endswith("m") or not a.xmx[:-1].isdigit():
        raise SystemExit(f"--xmx {a.xmx}: give megabytes, as 64m")
    xmx = int(a.xmx[:-1])
    names = a.programs.split(",")
    programs = [pathlib.Path("programs") / f"{n}.java" for n in names]
    for p in programs:
        if not p.exists():
            raise SystemExit(f"no bundled program {p.stem} (programs/{p.stem}.java)")
    print(f"-Xmx{a.xmx}, {a.runs} runs per collector, alternating; medians, then min-max\n")
    print("| program | collector | smallest heap MB | peak RSS MiB | after collection MB "
          "| used after collection MB |")
    print("|---|---|---:|---:|---:|---:|")
    rows = []
    for p in programs:
        per = {c: {"smallest_mb": [], "rss_mib": [], "after_mb": [], "used_after_mb": []}
               for c in COLLECTORS}
        for _ in range(a.runs):
            for c in COLLECTORS:
                out, log, rss = run_measured(a.gcvm, c, xmx, p)
                held, used = after_collection(c, log)
                r = per[c]
                r["rss_mib"].append(rss / 1024)
                r["after_mb"].append(held)
                r["used_after_mb"].append(used)
                r["smallest_mb"].append(smallest_heap(a.gcvm, c, p, out, xmx))
        for c in COLLECTORS:
            r = per[c]
            cells = [f"{median(v):.1f} ({min(v):.1f}-{max(v):.1f})" for v in
                     (r["smallest_mb"], r["rss_mib"], r["after_mb"], r["used_after_mb"])]
            print(f"| {p.stem} | {c} | " + " | ".join(cells) + " |")
        ratios = {k: median(per["concurrent-mark-sweep"][k]) / max(1e-9, median(per["mark-compact"][k]))
                  for k in ("smallest_mb", "rss_mib", "after_mb", "used_after_mb")}
        print(f"| {p.stem} | CMS / mark-compact | " + " | ".join(
            f"{ratios[k]:.2f}x" for k in ("smallest_mb", "rss_mib", "after_mb", "used_after_mb"))
              + " |")
        rows.append({"program": p.stem, "runs": per, "ratios": ratios})
    if a.json:
        builtins.print(json.dumps({"xmx": a.xmx, "runs": a.runs, "programs": rows}))


if __name__ == "__main__":
    main()
