#!/usr/bin/env python3
"""Copying and marking rates per GC worker, gcvm's beside HotSpot's, for the same programs.

    python3 benches/gc_rates.py [--gcvm target/release/gcvm] [--runs 3] [--xmx 64m]
                                [--programs GCBench,LruCache] [--ihop 20] [--json]

Every bundled program (programs/*.java) at its default size and `-Xmx64m`, `--runs` times each,
the configurations alternating in every run. The rates come from the collectors' own logs:

- **Copying**, bytes copied per millisecond a worker spent copying, summed over a run's pauses:
  - gcvm `--gc region -Xlog:gc*`: each pause's `Evacuation workers: #0 NK copied, ... X ms ...`
    line gives every worker's copied bytes and its time from start to termination.
    That time covers the worker's whole evacuation: roots, remembered cards, copying and
    termination.
  - HotSpot G1 (`java -Xint -XX:+UseG1GC -Xlog:gc+phases=debug`): each pause's
    `Copied Bytes ... Sum: B` over `GC Worker Total (ms): ... Sum: S` (the same span as
    gcvm's), and over `Object Copy (ms): ... Sum: S` (copying alone), summed over workers.
- **Marking**, bytes (and, where the log says, objects) marked per millisecond per worker:
  - gcvm mark-compact: each full collection's `[gc,marking] Marking: N objects, NK live,
    marked by W workers in X ms` (stop-the-world, parallel).
  - gcvm concurrent mark-sweep: each cycle's `[gc,marking] Concurrent Mark: N objects, NK
    marked by W workers in X ms of marking` (concurrent, parallel rounds).
  - gcvm region: each cycle's `Concurrent Mark X ms` (one thread) and the `Marked: N objects,
    NK below TAMS` line of the remark that follows it (the objects the cycle marked; the remark
    has its own GC id, later than the cycle's when young pauses came between).
  - HotSpot G1: each cycle's `Concurrent Mark From Roots X ms` and `Using W workers of ... for
    marking` over the `next-live` bytes of its Post-Marking liveness summary
    (`-Xlog:gc+liveness=trace`). That figure counts the bytes allocated above TAMS during the
    mark as live, so it overstates G1's rate by those bytes; HotSpot logs no count of objects
    marked. G1 runs with `-XX:-G1UseAdaptiveIHOP -XX:InitiatingHeapOccupancyPercent=IHOP`
    (default 20) so that programs whose old generation stays under the default 45% mark too.

A rate is the run's bytes over the run's worker-milliseconds; the table gives the median over
the runs that had any. `-` means the collector did no such work in any run. Benchmarks, not
tests: results go to docs/benchmarks.md (report.py --only rates).
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GCVM_EVAC = re.compile(r"Evacuation workers: (.*)$")
GCVM_EVAC_WORKER = re.compile(r"#\d+ (\d+)K copied, .*? ([0-9.]+)ms from")
GCVM_MC_MARK = re.compile(r"\[gc,marking\] GC\(\d+\) Marking: (\d+) objects, (\d+)K live, marked by (\d+) workers in ([0-9.]+)ms")
GCVM_CMS_MARK = re.compile(r"\[gc,marking\] GC\(\d+\) Concurrent Mark: (\d+) objects, (\d+)K marked by (\d+) workers in ([0-9.]+)ms")
GCVM_REGION_MARK_TIME = re.compile(r"\[gc,marking\] GC\(\d+\) Concurrent Mark ([0-9.]+)ms")
GCVM_REGION_MARKED = re.compile(r"\[gc,marking\] GC\(\d+\) Marked: (\d+) objects, (\d+)K below TAMS")
G1_COPY_MS = re.compile(r"GC\((\d+)\)\s+Object Copy \(ms\):.*Sum:\s*([0-9.]+), Workers")
G1_WORKER_MS = re.compile(r"GC\((\d+)\)\s+GC Worker Total \(ms\):.*Sum:\s*([0-9.]+), Workers")
G1_COPIED = re.compile(r"GC\((\d+)\)\s+Copied Bytes .*Sum: (\d+),")
G1_MARK_WORKERS = re.compile(r"GC\((\d+)\) Using (\d+) workers of \d+ for marking")
G1_MARK_TIME = re.compile(r"GC\((\d+)\) Concurrent Mark From Roots ([0-9.]+)ms")
G1_LIVE = re.compile(r"GC\((\d+)\) ### SUMMARY .*next-live:\s*([0-9.]+) MB")
G1_PHASE = re.compile(r"GC\((\d+)\) ### PHASE (\S+)")


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr.strip()[:400]}")
    return p.stdout + p.stderr


def gcvm_run(gcvm, gc, xmx, classes, program):
    return run([gcvm, "run", "--gc", gc, f"-Xmx{xmx}", "-Xlog:gc*", "-cp", classes, program])


def region_rates(log):
    """(copied bytes, worker ms) and (marked bytes, marked objects, worker ms) of one run."""
    copied = copy_ms = 0.0
    mark = [0, 0, 0.0]
    pending_ms = None  # the last Concurrent Mark's time, until its remark's Marked line
    for line in log.splitlines():
        m = GCVM_EVAC.search(line)
        if m:
            for k, t in GCVM_EVAC_WORKER.findall(m.group(1)):
                copied += int(k) * 1024
                copy_ms += float(t)
            continue
        m = GCVM_REGION_MARK_TIME.search(line)
        if m:
            pending_ms = float(m.group(1))
            continue
        m = GCVM_REGION_MARKED.search(line)
        if m and pending_ms is not None:
            mark[0] += int(m.group(2)) * 1024
            mark[1] += int(m.group(1))
            mark[2] += pending_ms
            pending_ms = None
    return (copied, copy_ms), tuple(mark)


def parallel_marking(log, pattern):
    """(marked bytes, objects, worker ms) from lines 'N objects, NK ..., W workers in X ms'."""
    b = o = t = 0.0
    for m in pattern.finditer(log):
        o += int(m.group(1))
        b += int(m.group(2)) * 1024
        t += int(m.group(3)) * float(m.group(4))
    return b, o, t


def g1_rates(log):
    copy_ms, worker_ms, copied = {}, {}, {}
    workers, mark_ms, live = {}, {}, {}
    phase = {}
    for line in log.splitlines():
        for pat, into in ((G1_COPY_MS, copy_ms), (G1_WORKER_MS, worker_ms),
                          (G1_MARK_TIME, mark_ms)):
            m = pat.search(line)
            if m:
                into[m.group(1)] = float(m.group(2))
        m = G1_COPIED.search(line)
        if m:
            copied[m.group(1)] = int(m.group(2))
        m = G1_MARK_WORKERS.search(line)
        if m:
            workers[m.group(1)] = int(m.group(2))
        m = G1_PHASE.search(line)
        if m:
            phase[m.group(1)] = m.group(2)
        m = G1_LIVE.search(line)
        if m and phase.get(m.group(1)) == "Post-Marking":
            live[m.group(1)] = float(m.group(2)) * 1024 * 1024
    gcs = [g for g in copy_ms if g in copied and g in worker_ms]
    copy = (sum(copied[g] for g in gcs), sum(copy_ms[g] for g in gcs))
    evacuation = (sum(copied[g] for g in gcs), sum(worker_ms[g] for g in gcs))
    cycles = [c for c in mark_ms if c in live]
    mark = (sum(live[c] for c in cycles), 0,
            sum(mark_ms[c] * workers.get(c, 1) for c in cycles))
    return copy, evacuation, mark


def rate(pairs, index=0, unit=1024):
    """Median over runs of amount/ms (amount in `unit`s), runs without work left out."""
    rs = [p[index] / unit / p[-1] for p in pairs if p[-1] > 0 and p[index] > 0]
    return statistics.median(rs) if rs else None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gcvm", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--ihop", type=int, default=20)
    ap.add_argument("--programs", default="")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if not os.path.exists(a.gcvm):
        sys.exit(f"no gcvm binary at {a.gcvm} (cargo build --release)")
    names = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    rows = []
    with tempfile.TemporaryDirectory() as classes:
        for name in names:
            src = os.path.join(ROOT, "programs", name + ".java")
            if not os.path.exists(src):
                sys.exit(f"unknown program {name}: no {src}")
            subprocess.run(["javac", "-d", classes, src], check=True)
        for name in names:
            runs = {k: [] for k in ("region_copy", "region_mark", "mc_mark", "cms_mark",
                                    "g1_copy", "g1_evacuation", "g1_mark")}
            for _ in range(a.runs):
                copy, mark = region_rates(gcvm_run(a.gcvm, "region", a.xmx, classes, name))
                runs["region_copy"].append(copy)
                runs["region_mark"].append(mark)
                runs["mc_mark"].append(parallel_marking(
                    gcvm_run(a.gcvm, "mark-compact", a.xmx, classes, name), GCVM_MC_MARK))
                runs["cms_mark"].append(parallel_marking(
                    gcvm_run(a.gcvm, "concurrent-mark-sweep", a.xmx, classes, name),
                    GCVM_CMS_MARK))
                copy, evacuation, mark = g1_rates(run([
                    "java", "-Xint", "-XX:+UseG1GC", f"-Xmx{a.xmx}", "-XX:-G1UseAdaptiveIHOP",
                    f"-XX:InitiatingHeapOccupancyPercent={a.ihop}",
                    "-Xlog:gc+phases=debug,gc+marking,gc+task,gc+liveness=trace",
                    "-cp", classes, name]))
                runs["g1_copy"].append(copy)
                runs["g1_evacuation"].append(evacuation)
                runs["g1_mark"].append(mark)
            row = {"program": name,
                   "region_copy_kb_ms": rate(runs["region_copy"]),
                   "g1_evacuation_kb_ms": rate(runs["g1_evacuation"]),
                   "g1_copy_kb_ms": rate(runs["g1_copy"]),
                   "mc_mark_kb_ms": rate(runs["mc_mark"]),
                   "mc_mark_objects_ms": rate(runs["mc_mark"], 1, 1),
                   "cms_mark_kb_ms": rate(runs["cms_mark"]),
                   "cms_mark_objects_ms": rate(runs["cms_mark"], 1, 1),
                   "region_mark_kb_ms": rate(runs["region_mark"]),
                   "region_mark_objects_ms": rate(runs["region_mark"], 1, 1),
                   "g1_mark_kb_ms": rate(runs["g1_mark"])}
            rows.append(row)
            print(f"{name} done", file=sys.stderr)
    data = {"runs": a.runs, "xmx": a.xmx, "ihop": a.ihop, "rows": rows}
    for key in ("region_copy_kb_ms", "g1_evacuation_kb_ms", "g1_copy_kb_ms", "mc_mark_kb_ms", "cms_mark_kb_ms",
                "region_mark_kb_ms", "g1_mark_kb_ms"):
        xs = [r[key] for r in rows if r[key]]
        data["geomean_" + key] = math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None
    if a.json:
        print(json.dumps(data, indent=1))
    else:
        print(markdown(data))


def fmt(x, objects=None):
    if x is None:
        return "-"
    return f"{x:,.0f}" + (f" ({objects:,.0f})" if objects else "")


def markdown(data):
    out = ["| program | copy KB/ms: region | G1 | G1, Object Copy only | mark KB/ms "
           "(objects/ms): mark-compact | concurrent mark-sweep | region | G1 |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in data["rows"]:
        out.append(f"| {r['program']} | {fmt(r['region_copy_kb_ms'])} | "
                   f"{fmt(r['g1_evacuation_kb_ms'])} | {fmt(r['g1_copy_kb_ms'])} | "
                   f"{fmt(r['mc_mark_kb_ms'], r['mc_mark_objects_ms'])} | "
                   f"{fmt(r['cms_mark_kb_ms'], r['cms_mark_objects_ms'])} | "
                   f"{fmt(r['region_mark_kb_ms'], r['region_mark_objects_ms'])} | "
                   f"{fmt(r['g1_mark_kb_ms'])} |")
    g = lambda k: fmt(data["geomean_" + k])
    out.append(f"| **geometric mean** | {g('region_copy_kb_ms')} | {g('g1_evacuation_kb_ms')} | "
               f"{g('g1_copy_kb_ms')} | "
               f"{g('mc_mark_kb_ms')} | {g('cms_mark_kb_ms')} | {g('region_mark_kb_ms')} | "
               f"{g('g1_mark_kb_ms')} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
