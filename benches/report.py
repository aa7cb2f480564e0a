#!/usr/bin/env python3
"""Regenerates docs/benchmarks.md: today's figures, one table per subject, against HotSpot.

    python3 benches/report.py [--gcvm PATH] [--quick] [--only SUBJECT[,SUBJECT]] [--out FILE]

Runs the existing harnesses and writes their figures as Markdown tables, with a header naming
the date, the machine and the command:

  collectors   `gcvm bench --format json`: bundled programs x collectors, alternating with
               HotSpot -Xint and JIT with the matching collector (src/cmd/bench.rs)
  interpreter  callgrind instruction counts (classes precompiled with javac) and
               `gcvm bench --no-jit --format json` wall time against HotSpot -Xint
  pause-goal   benches/pause_goal.py --json: the region collector's pauses against its goal
  cms-pauses   benches/pause_with_safepoint.py --json: concurrent mark-sweep's pauses plus
               their times to safepoint
  peak-heap    benches/peak_heap.py --json: the heap Fragmentation needs under concurrent
               mark-sweep against mark-compact (smallest -Xmx, peak RSS, after collection)
  compaction   benches/compaction_speedup.py --json: mark-compact's phases after marking with
               2 GC workers against 1
  barrier      benches/barrier_cost.py --json: the region collector's write barrier on
               SplayTree with no collection (-Xmn), against semispace (no barrier)
  tracing      benches/deaths_overhead.py --off --json: --trace and --trace-deaths vs off
  rates        benches/gc_rates.py --json: copying and marking rates per GC worker, gcvm's
               collectors beside HotSpot G1's, from both logs
  trace-size   benches/trace_size.py --json: trace bytes per allocation, programs x collectors
  pointers     benches/pointers_overhead.py --json: --trace-pointers against --trace (time,
               pauses, bytes) and its records against AntTracks' every-survivor scheme
  streams      benches/streams_overhead.py --json: what heap streams cost
  jfr          benches/jfr_overhead.py --hotspot --json: what --jfr costs, bytes per event
  activity     benches/activity_overhead.py --json: what --activity costs (and, with
               --base-gcvm, counting compiled in but off against a binary from before it),
               trace bytes per thread-interval; callgrind counts of GCBench for the same
  threads      ThreadRing (503 threads) per hand-off mechanism x collectors against HotSpot
               -Xint, and the time to safepoint of MultiThreadAlloc with 4 threads per core
               (gcvm's -Xlog:gc* against HotSpot's -Xlog:safepoint)

--quick runs fewer repetitions and programs (to try the script; the output says "quick").
--only re-measures the named subjects and keeps the other sections of --out as they are.
--gcvm takes the binary to measure: copy it first (cp target/release/gcvm /tmp/gcvm-bench) so
that a rebuild during the run does not change it under the harnesses.
Needs java/javac (JDK 17) and valgrind. A benchmark, never a test.
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import parallel_capacity  # benches/, the script's own directory

# ---- What is measured: change these, not the code below. -----------------------------------
REPS = 3                      # repetitions per configuration (medians over these)
QUICK_REPS = 1
XMX = "64m"                   # heap for every run, gcvm and HotSpot alike
COLLECTORS = "semispace,mark-compact,concurrent-mark-sweep,region"
QUICK_PROGRAMS = "GCBench,JsonDoc"          # bundled programs in --quick (else all of programs/)
# callgrind: (directory, program, size): small sizes, the whole process is counted
CALLGRIND = [("benches/compute", "FannkuchRedux", "9"), ("benches/compute", "NBody", "20000"),
             ("benches/compute", "Meteor", "5"), ("programs", "BinaryTrees", "1"),
             ("programs", "GCBench", "1"), ("programs", "JsonDoc", "2"),
             ("programs", "HashMapBoxing", "2")]
QUICK_CALLGRIND = [("benches/compute", "FannkuchRedux", "7"), ("programs", "JsonDoc", "1")]
CALLGRIND_GC = ["--gc", "semispace", "--gc-threads", "1", "-Xmx" + XMX]
PAUSE_GOAL_RUNS = 5
PAUSE_GOAL_MS = 5
TRACE_COLLECTORS = "semispace,mark-compact"
TRACE_REPS = 5                # issue 34 asks for its figures over 5 runs each
STREAM_PROGRAMS = "GCBench,BinaryTrees,SplayTree,LruCache,JsonDoc"
STREAM_COLLECTORS = COLLECTORS
QUICK_STREAM_PROGRAMS = "GCBench"
QUICK_STREAM_COLLECTORS = "semispace,region"
NOTEBOOK = "9bbfd4d"          # the last commit whose docs/benchmarks.md was the rounds' notebook
# A 1-minute load average above this before a table means other work ran beside it (after
# one, gcvm's own threads count too: GC helpers spinning between tasks, the trace writer).
BUSY_LOAD = 2.2
RING_SIZE = "8"
RING_MECHANISMS = ["monitor", "park", "pool", "queue", "messages"]
TTSP_SIZE, TTSP_THREADS, TTSP_XMX = "8", "8", "24m"   # MultiThreadAlloc: 8 threads on 2 cores
TTSP_HOTSPOT = ["-Xint -XX:+UseSerialGC", "-Xint -XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:+UseG1GC"]
# SplayTree sizes for the barrier (size, count instructions too): the default, and a run twice
# as long, in which the region collector's fixed start-up weighs half as much.
BARRIER_SIZES = [("8", True), ("16", False)]
SUBJECTS = ["collectors", "interpreter", "pause-goal", "cms-pauses", "peak-heap", "compaction",
            "barrier", "rates",
            "tracing",
            "trace-size",
            "pointers", "streams", "jfr", "activity", "threads"]
# ----------------------------------------------------------------------------------------------

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOTSPOT_GC = {"semispace": "-XX:+UseSerialGC", "mark-compact": "-XX:+UseSerialGC",
              "region": "-XX:+UseG1GC", "concurrent-mark-sweep": "-XX:+UseZGC"}
GC_NAME = {"-XX:+UseSerialGC": "Serial", "-XX:+UseG1GC": "G1", "-XX:+UseZGC": "ZGC"}


def log(msg):
    print(f"[report {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def sh(cmd, **kw):
    """Runs a command from the repository root; returns its stdout (stderr passes through)."""
    log("$ " + " ".join(cmd))
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True, **kw)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}")
    return p.stdout


def first_line(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        return (p.stdout or p.stderr).strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


LOADS = []
BEFORE = []


def loadavg(before=False):
    """The 1-minute load average now; `before`: read before a table, when only other work
    (not the table's own gcvm runs, whose spinning GC helpers and trace writer count too)
    can raise it."""
    with open("/proc/loadavg") as f:
        LOADS.append(float(f.read().split()[0]))
    if before:
        BEFORE.append(LOADS[-1])
    return LOADS[-1]


def plural(n, what):
    return f"{n} {what}{'s' * (n != 1)}"


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def f2(x, spec=".2f"):
    return "-" if x is None else format(x, spec)


def pause(row, key):
    return f"{row[key]:.2f}" if row.get("gcs") else "-"


def rel(path):
    return os.path.relpath(path, ROOT) if path.startswith(ROOT) else path


def machine():
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem_kb = int(next(l for l in f if l.startswith("MemTotal")).split()[1])
    h, day, subject = (first_line(["git", "log", "-1", "--format=%h%x09%cs%x09%s"]) + "\t?\t?").split("\t")[:3]
    if len(subject) > 60:
        subject = subject[:57].rstrip(" .,:;") + "..."
    commit = f'{h} ({day}, "{subject}")'
    dirty = [l for l in subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                       cwd=ROOT, capture_output=True, text=True).stdout.splitlines()
             if not l[3:].startswith(("benches/", "docs/benchmarks.md", "README.md"))]
    return {
        "cpu": cpu, "cores": os.cpu_count(), "mem": f"{mem_kb / 2**20:.0f} GiB",
        "kernel": f"{platform.system()} {platform.release()}",
        "rustc": first_line(["rustc", "--version"]),
        "java": first_line(["java", "-version"]),
        "commit": commit, "dirty": bool(dirty),
    }


def built(path):
    return datetime.datetime.fromtimestamp(os.path.getmtime(path), datetime.timezone.utc).strftime(
        "%Y-%m-%d %H:%M UTC")


# ---- Subjects: each returns the Markdown of its section (heading, command line, table). ------

class Ctx:
    def __init__(self, a):
        self.gcvm = os.path.abspath(a.gcvm)
        self.base = os.path.abspath(a.base_gcvm) if a.base_gcvm else ""
        self.quick = a.quick
        self.reps = QUICK_REPS if a.quick else REPS
        self.today = datetime.date.today().isoformat()
        self.work = tempfile.mkdtemp(prefix="gcvm-report-")
        # Which gcvm each table measured (set by main): the global header names it only for a
        # full run, and `--only` keeps the previous header.
        self.provenance = ""

    def stamp(self, cmds, load):
        """The line under a heading: which command made the table, when, and the load."""
        q = " **Quick run** (fewer repetitions and programs): not for comparisons." if self.quick else ""
        counting, copying = parallel_capacity.two_core_ratios()
        lines = [f"Measured {self.today}, {plural(self.reps, 'repetition')}; "
                 f"load average {load[0]:.1f} before, {load[1]:.1f} after{self.provenance}; "
                 f"after the table, two processes at once did {counting:.2f}x the counting and "
                 f"{copying:.2f}x the copying of one (2.00x: two whole cores and the memory to "
                 f"feed them; benches/parallel_capacity.py).{q} "
                 "Made by:", "", "```"]
        lines += [" ".join(c) for c in cmds]
        return "\n".join(lines + ["```", ""])

    def stamp_per_program(self, cmds, load, runs):
        """`stamp` for a harness that runs each program `runs` times (not `reps` repetitions)."""
        return self.stamp(cmds, load).replace(plural(self.reps, "repetition"),
                                              plural(runs, "run") + " per program")

    def shown(self, cmd):
        return [rel(self.gcvm) if c == self.gcvm else c for c in cmd]


def bench_json(ctx, extra):
    cmd = [ctx.gcvm, "bench", "--reps", str(ctx.reps), "--xmx", XMX, "--format", "json"] + extra
    return cmd, json.loads(sh(cmd))


def collectors(ctx):
    extra = ["--collectors", COLLECTORS]
    if ctx.quick:
        extra += ["--programs", QUICK_PROGRAMS]
    l0 = loadavg(before=True)
    cmd, rows = bench_json(ctx, extra)
    l1 = loadavg()
    by = {(r["program"], r["config"]): r for r in rows}
    programs = sorted({r["program"] for r in rows})
    out = ["## Bundled programs x collectors against HotSpot", "",
           ctx.stamp([ctx.shown(cmd)], (l0, l1)),
           f"Every bundled program at its default size, `-Xmx{XMX}`. Times: gcvm's median wall "
           "seconds and its ratio to HotSpot's median with the matching collector (Serial for "
           "semispace and mark-compact, G1 for region, ZGC for concurrent-mark-sweep), "
           "interpreted (`-Xint`) and with the JIT; below 1 is faster than HotSpot. Pauses: "
           "gcvm's / HotSpot -Xint's with that collector (count: median over runs; median: "
           "median over runs of each run's median pause; max: the worst of all runs).", "",
           "| program | collector | gcvm s | x HotSpot -Xint | x HotSpot JIT | HotSpot GC "
           "| GCs | median pause ms | max pause ms |",
           "|---|---|---:|---:|---:|---|---:|---:|---:|"]
    means = {}
    for p in programs:
        for c in COLLECTORS.split(","):
            g = by.get((p, f"gcvm {c}"))
            if not g:
                continue
            hgc = HOTSPOT_GC.get(c, "-XX:+UseSerialGC")
            xi = by.get((p, f"hotspot-xint {hgc}"))
            jit = by.get((p, f"hotspot-jit {hgc}"))
            rx = g["median_s"] / xi["median_s"] if xi else None
            rj = g["median_s"] / jit["median_s"] if jit else None
            means.setdefault(c, ([], []))
            means[c][0].append(rx)
            means[c][1].append(rj)
            h = xi or {}
            out.append(
                f"| {p} | {c} | {g['median_s']:.2f} | {f2(rx)} | {f2(rj)} | {GC_NAME[hgc]} "
                f"| {g['gcs']} / {h.get('gcs', '-')} "
                f"| {pause(g, 'median_pause_ms')} / {pause(h, 'median_pause_ms')} "
                f"| {pause(g, 'max_pause_ms')} / {pause(h, 'max_pause_ms')} |")
    out += ["", "Geometric means over the programs, gcvm / HotSpot -Xint and gcvm / HotSpot JIT: " +
            "; ".join(f"{c} {geomean(x):.2f} and {geomean(j):.1f}" for c, (x, j) in means.items()) +
            ".", ""]
    return "\n".join(out), {c: (geomean(x), geomean(j)) for c, (x, j) in means.items()}


def callgrind_count(ctx, classes, program, size):
    outfile = os.path.join(ctx.work, f"callgrind.{program}.out")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={outfile}", ctx.gcvm, "run",
           "-cp", classes] + CALLGRIND_GC + [program, size]
    log("$ " + " ".join(cmd))
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        sys.exit(f"callgrind of {program} failed: {p.stderr[-500:]}")
    return int(m.group(1))


def interpreter(ctx):
    chosen = QUICK_CALLGRIND if ctx.quick else CALLGRIND
    classes = os.path.join(ctx.work, "classes")
    sources = sorted(os.path.join(d, f) for d in {d for d, _, _ in chosen}
                     for f in os.listdir(os.path.join(ROOT, d)) if f.endswith(".java"))
    sh(["javac", "-g", "-d", classes] + sources)
    l0 = loadavg(before=True)
    counts = {p: (s, callgrind_count(ctx, classes, p, s)) for _, p, s in chosen}
    # Wall time at default sizes against HotSpot -Xint, the same programs.
    walls, cmds = {}, []
    for d in sorted({d for d, _, _ in chosen}):
        progs = ",".join(p for dd, p, _ in chosen if dd == d)
        extra = ["--collectors", "semispace", "--no-jit", "--programs", progs]
        if d != "programs":
            extra += ["--dir", d]
        cmd, rows = bench_json(ctx, extra)
        cmds.append(ctx.shown(cmd))
        by = {(r["program"], r["config"]): r for r in rows}
        for _, p, _ in chosen:
            if (p, "gcvm semispace") in by:
                walls[p] = (by[(p, "gcvm semispace")]["median_s"],
                            by[(p, "hotspot-xint -XX:+UseSerialGC")]["median_s"])
    l1 = loadavg()
    cg = ["valgrind", "--tool=callgrind", rel(ctx.gcvm), "run", "-cp", "CLASSES"] + \
        CALLGRIND_GC + ["PROGRAM", "SIZE"]
    out = ["## Interpreter speed", "",
           ctx.stamp([cg] + cmds, (l0, l1)),
           "Instructions: callgrind's count for the whole `gcvm run` process (start-up "
           "included) at the small size given, classes compiled beforehand with `javac -g` so "
           "javac is not counted, semispace with one GC thread. Wall time: the same program at "
           "its default size, gcvm (semispace) and `java -Xint -XX:+UseSerialGC` alternating, "
           f"`-Xmx{XMX}`, medians.", "",
           "| program | callgrind size | M instructions | gcvm s (default size) "
           "| HotSpot -Xint s | x HotSpot -Xint |",
           "|---|---:|---:|---:|---:|---:|"]
    ratios = {"compute": [], "bundled": []}
    for d, p, _ in chosen:
        size, n = counts[p]
        g, h = walls.get(p, (None, None))
        r = g / h if g and h else None
        ratios["compute" if d != "programs" else "bundled"].append(r)
        out.append(f"| {p} ({'compute' if d != 'programs' else 'bundled'}) | {size} | "
                   f"{n / 1e6:,.1f} | {f2(g)} | {f2(h)} | {f2(r)} |")
    gm = {k: geomean(v) for k, v in ratios.items()}
    out += ["", "Geometric mean x HotSpot -Xint: " +
            ", ".join(f"{k} {v:.2f}" for k, v in gm.items() if v == v) +
            f". The collectors table above has the same ratio for every bundled program "
            "(semispace row).", ""]
    return "\n".join(out), {"instructions": {p: n for p, (_, n) in counts.items()}, "xint": gm}


def harness_json(ctx, cmd):
    """Runs a harness that prints JSON (on the quick programs with --quick): its data and the
    load averages before and after it."""
    if ctx.quick:
        cmd += ["--programs", QUICK_PROGRAMS]
    l0 = loadavg(before=True)
    data = json.loads(sh(cmd))
    return data, (l0, loadavg())


def pause_goal(ctx):
    runs = 1 if ctx.quick else PAUSE_GOAL_RUNS
    cmd = ["python3", "benches/pause_goal.py", "--goal", str(PAUSE_GOAL_MS), "--heap", XMX,
           "--runs", str(runs), "--g1", "--gcvm", ctx.gcvm, "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    goal = data["goal_ms"]
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
    import pause_goal as pg

    out = ["## Region collector: pause goal", "",
           ctx.stamp_per_program([ctx.shown(cmd)], (l0, l1), runs),
           f"`gcvm run --gc region -Xmx{XMX} --pause-goal {goal} -Xlog:gc`, every pause of "
           f"{plural(runs, 'run')} of each bundled program (default size), each run followed by "
           f"one of HotSpot G1 (`java -Xint -XX:+UseG1GC -Xmx{XMX}`, its default pause target). "
           "The goals: at least 95% of pauses within the goal in every program, and each run's "
           "maximum pause at or below G1's in the run beside it.", "",
           "| program | pauses | within goal | worst run | median ms | p99 ms | max ms "
           "| max ms per run, gcvm/G1 | runs at or below G1 |",
           "|---|---:|---:|---:|---:|---:|---:|---|---:|"]
    for p in data["programs"]:
        out.append(pg.table_row(p["program"], p["runs"], p["g1_runs"], goal))
    all_runs = [r for p in data["programs"] for r in p["runs"]]
    out.append(pg.table_row("**all**", all_runs, [], goal))
    every = [t for r in all_runs for _, t in r]
    share = 100 * sum(x <= goal for x in every) / max(1, len(every))
    return "\n".join(out + [""]), {"within": share, "pauses": len(every)}


def peak_heap(ctx):
    runs = 1 if ctx.quick else PAUSE_GOAL_RUNS
    cmd = ["python3", "benches/peak_heap.py", "--gcvm", ctx.gcvm, "--runs", str(runs),
           "--xmx", XMX, "--json"]
    l0 = loadavg(before=True)
    data = json.loads(sh(cmd))  # Fragmentation only, --quick or not: it is what the goal names
    l1 = loadavg()
    out = ["## Concurrent mark-sweep: the heap Fragmentation needs", "",
           ctx.stamp_per_program([ctx.shown(cmd)], (l0, l1), runs),
           "programs/Fragmentation.java (object sizes drift, so the spans of old size classes "
           "empty out) under mark-compact and concurrent mark-sweep, alternating, "
           f"{plural(runs, 'run')} of each; medians (lowest-highest). *Smallest heap*: the "
           "smallest `-Xmx`, in 1 MB steps, at which the program still prints its output (a "
           "bisection per run): the heap each collector needs, whatever its pacing. "
           f"*Peak RSS*: the process's largest resident set at `-Xmx{XMX}`. *After collection*: "
           f"at `-Xmx{XMX}`, the largest heap left right after a collection (`-Xlog:gc*`): "
           "mark-compact's `B` of `A->B(C)`; concurrent mark-sweep's spans in use after a "
           "sweep, free slots of partly used spans included, and its used bytes alone. The goal: "
           "a peak heap within 1.2x of mark-compact's.", "",
           "| program | collector | smallest heap MB | peak RSS MiB | after collection MB "
           "| used after collection MB |",
           "|---|---|---:|---:|---:|---:|"]
    keys = ("smallest_mb", "rss_mib", "after_mb", "used_after_mb")
    for p in data["programs"]:
        for c, r in p["runs"].items():
            cells = [f"{statistics.median(r[k]):.1f} ({min(r[k]):.1f}-{max(r[k]):.1f})"
                     for k in keys]
            out.append(f"| {p['program']} | {c} | " + " | ".join(cells) + " |")
        out.append(f"| {p['program']} | **CMS / mark-compact** | "
                   + " | ".join(f"{p['ratios'][k]:.2f}x" for k in keys) + " |")
    out.append("")
    first = data["programs"][0]["ratios"]
    return "\n".join(out), {"smallest_ratio": first["smallest_mb"], "rss_ratio": first["rss_mib"]}


def compaction(ctx):
    runs = 1 if ctx.quick else PAUSE_GOAL_RUNS
    cmd = ["python3", "benches/compaction_speedup.py", "--gcvm", ctx.gcvm, "--runs", str(runs),
           "--xmx", XMX, "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    out = ["## Mark-compact: a second GC worker after marking", "",
           ctx.stamp_per_program([ctx.shown(cmd)], (l0, l1), runs),
           f"`gcvm run --gc mark-compact -Xmx{XMX} -Xlog:gc*` with `--gc-threads 1` and "
           f"`--gc-threads 2`, alternating, {plural(runs, 'run')} of each bundled program "
           "(default size): each run's `[gc,phases]` times summed over its collections, the "
           "median over the runs with 1 worker / with 2, and their ratio. *Compact*: the move "
           "alone (destination-driven units, docs/collectors/mark-compact.md); *after marking*: "
           "plan (summary and forwarding addresses) + reference update + move; *pauses*: whole "
           "pauses, marking included. *Compact rate*: KiB moved per ms of compact phase (the "
           "`K moved` of the phases lines over the run's compact time), the median per-run rate: "
           "a program with threads (MultiThreadAlloc) reaches its collections with a different "
           "heap from run to run and moves different amounts, so its times do not compare like "
           "with like and its rates do. The goal: a compaction speed-up of at least 1.7x. Phases "
           "of a few milliseconds per run move with the machine's load.", "",
           "| program | collections | compact ms | speed-up | after marking ms | speed-up "
           "| pauses ms | speed-up | KiB moved | compact rate KiB/ms | speed-up |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    ups, rate_ups = [], []
    for r in data["programs"]:
        if not r["pauses"]:
            out.append(f"| {r['program']} | 0 | | | | | | | | | |")
            continue
        cells = []
        for key in ("compact", "after_marking", "pauses_ms"):
            one, two = r[key]
            cells += [f"{one:.2f} / {two:.2f}", f"{one / two:.2f}x" if two else "-"]
        ups.append(r["compact"][0] / r["compact"][1])
        cells.append("{:.0f} / {:.0f}".format(*r["moved_kib"]))
        one, two = r["compact_rate"]
        if one and two:
            rate_ups.append(two / one)
            cells += [f"{one:.0f} / {two:.0f}", f"{two / one:.2f}x"]
        else:
            cells += ["-", "-"]
        out.append(f"| {r['program']} | {r['pauses']:.0f} | " + " | ".join(cells) + " |")
    out += ["", f"Compact phase speed-up: geometric mean {geomean(ups):.2f}x, lowest "
            f"{min(ups):.2f}x; by rate, geometric mean {geomean(rate_ups):.2f}x, lowest "
            f"{min(rate_ups):.2f}x.", ""]
    return "\n".join(out), {"compact_geomean": geomean(ups), "compact_lowest": min(ups),
                            "compact_rate_geomean": geomean(rate_ups),
                            "compact_rate_lowest": min(rate_ups)}


def barrier(ctx):
    runs = 1 if ctx.quick else PAUSE_GOAL_RUNS
    l0 = loadavg(before=True)
    cmds, results = [], []
    for size, count in BARRIER_SIZES:
        cmd = ["python3", "benches/barrier_cost.py", "--gcvm", ctx.gcvm, "--runs", str(runs),
               "--size", size, "--json"] + (["--callgrind"] if count else [])
        results.append(json.loads(sh(cmd)))
        cmds.append(ctx.shown(cmd))
    l1 = loadavg()
    first = results[0]["commands"]
    out = ["## Region write barrier, no collection", "",
           ctx.stamp_per_program(cmds, (l0, l1), runs),
           f"SplayTree (every step stores references into old tree nodes) under `{rel_cmd(first['region'])}` "
           f"and, without any barrier, `{rel_cmd(first['semispace'])}`: a young generation "
           "so large (`-Xmn`) that neither run collects (the harness checks the log), "
           f"{plural(runs, 'run')} of each, alternating; median seconds and region / semispace. "
           "Instructions: one run of each under callgrind, every thread. The goal: at most 1.05x. "
           "Beside the barrier the ratio holds the region collector's start-up (its controller "
           "backs the first copy destinations, tens of milliseconds of system time), which a "
           "longer run spreads thinner.", "",
           "| size | region wall s | semispace wall s | wall ratio | user ratio | instructions ratio |",
           "|---|---:|---:|---:|---:|---:|"]
    for r in results:
        med, ratio = r["median"], r["ratio"]
        ins = f"{r['instructions_ratio']:.3f}x" if "instructions_ratio" in r else "-"
        out.append(f"| {r['size']} | {med['region'][0]:.2f} | {med['semispace'][0]:.2f} "
                   f"| {ratio[0]:.3f}x | {ratio[1]:.3f}x | {ins} |")
    out.append("")
    return "\n".join(out), {r["size"]: r["ratio"][0] for r in results}


def rel_cmd(cmd):
    """A harness's command line with the temporary class directory and binary path shortened."""
    words = cmd.split()
    words[0] = "gcvm"
    return " ".join(w if not w.startswith("/tmp/gcvm-barrier-") else "CLASSES" for w in words)


def cms_pauses(ctx):
    runs = 1 if ctx.quick else PAUSE_GOAL_RUNS
    cmd = ["python3", "benches/pause_with_safepoint.py", "--gc", "concurrent-mark-sweep",
           "--heap", XMX, "--runs", str(runs), "--gcvm", ctx.gcvm, "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    out = ["## Concurrent mark-sweep: pauses as the program feels them", "",
           ctx.stamp_per_program([ctx.shown(cmd)], (l0, l1), runs),
           f"`gcvm run --gc concurrent-mark-sweep -Xmx{XMX} -Xlog:gc*`, every pause of "
           f"{plural(runs, 'run')} of each bundled program (default size): the pause alone, its "
           "time to safepoint (from the request to the last thread stopped) and the two summed, "
           "each the worst over the runs, and the pause that set the worst sum. The goal: a sum "
           "of at most 1 ms on every program. Programs with no pause do not fill the heap's "
           "trigger at this size.", "",
           "| program | pauses | max pause ms | max time to safepoint ms | max sum ms | set by |",
           "|---|---:|---:|---:|---:|---|"]
    worst_sum = 0.0
    for p in data["programs"]:
        every = p["pauses"]
        if not every:
            out.append(f"| {p['program']} | 0 | - | - | - | |")
            continue
        kind, pause, ttsp = max(every, key=lambda x: x[1] + x[2])
        worst_sum = max(worst_sum, pause + ttsp)
        out.append(f"| {p['program']} | {len(every)} | {max(x[1] for x in every):.3f} | "
                   f"{max(x[2] for x in every):.3f} | {pause + ttsp:.3f} | {kind} |")
    return "\n".join(out + [""]), {"worst_sum_ms": worst_sum}


def rates(ctx):
    runs = ctx.reps if ctx.quick else max(5, ctx.reps)
    cmd = ["python3", "benches/gc_rates.py", "--gcvm", ctx.gcvm, "--runs", str(runs),
           "--xmx", XMX, "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    sys.path.insert(0, os.path.join(ROOT, "benches"))
    import gc_rates
    out = ["## Copying and marking rates per worker", "",
           ctx.stamp_per_program([ctx.shown(cmd)], (l0, l1), runs),
           f"Every bundled program at its default size, `-Xmx{XMX}`; gcvm with its default 2 GC "
           f"workers, HotSpot G1 `-Xint` with IHOP {data['ihop']}% (fixed) so that every program "
           "that fills its old generation marks. KB per millisecond of one worker's time, the "
           "median over the runs that did such work; objects per ms in brackets where the log "
           "counts them (HotSpot's does not). *Copy*: gcvm region's evacuation workers, start to "
           "termination, against G1's `GC Worker Total` (the same span) and its `Object Copy` "
           "alone. *Mark*: mark-compact's stop-the-world marking, concurrent mark-sweep's "
           "concurrent rounds and the region collector's concurrent mark (one thread), against "
           "G1's `Concurrent Mark From Roots` over its Post-Marking `next-live` (which counts "
           "bytes allocated above TAMS as marked, so it flatters G1). How each figure is read: "
           "benches/gc_rates.py.", "",
           gc_rates.markdown(data), ""]
    return "\n".join(out), {k: v for k, v in data.items() if k.startswith("geomean_")}


def tracing(ctx):
    reps = QUICK_REPS if ctx.quick else TRACE_REPS
    cmd = ["python3", "benches/deaths_overhead.py", "--binary", ctx.gcvm, "--reps", str(reps),
           "--collectors", TRACE_COLLECTORS, "--xmx", XMX, "--off", "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    out = ["## Tracing cost", "",
           ctx.stamp_per_program([ctx.shown(cmd)], (l0, l1), reps),
           f"Every bundled program at its default size, `-Xmx{XMX}`, untraced, `--trace FILE` and "
           "`--trace FILE --trace-deaths` alternating; median wall seconds untraced and each "
           "traced run's ratio to it, the trace files' sizes, and the deaths recorded (\"unknown "
           "context\": deaths no stamp reached). Programs that do not collect at this heap have no "
           "deaths: deaths are found at pauses.", "",
           "| program | collector | off s | --trace x off | --trace-deaths x off | trace MiB "
           "| with deaths MiB | deaths (unknown context) |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    tr, de = [], []
    for r in data["rows"]:
        t, d = r["trace_s"] / r["off_s"], r["deaths_s"] / r["off_s"]
        tr.append(t)
        de.append(d)
        unknown = 100 * r["unknown_context"] / max(1, r["deaths"])
        out.append(f"| {r['program']} | {r['collector']} | {r['off_s']:.2f} | {t:.2f} | {d:.2f} | "
                   f"{r['trace_mib']:.1f} | {r['deaths_mib']:.1f} | {r['deaths']:,} ({unknown:.1f}%) |")
    over_trace = geomean([d / t for d, t in zip(de, tr)])
    out += ["", f"Geometric means: `--trace` {geomean(tr):.2f}x, `--trace-deaths` "
            f"{geomean(de):.2f}x the untraced run; `--trace-deaths` {over_trace:.2f}x `--trace` "
            "(issue 34 asks for at most 1.2x).", ""]
    return "\n".join(out), {"trace": geomean(tr), "deaths": geomean(de),
                             "deaths_over_trace": over_trace}


def trace_size(ctx):
    cmd = ["python3", "benches/trace_size.py", "--binary", ctx.gcvm, "--collectors", COLLECTORS,
           "--xmx", XMX, "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    stamp = ctx.stamp([ctx.shown(cmd)], (l0, l1)).replace(
        plural(ctx.reps, "repetition"), "one run each")
    out = ["## Trace size", "", stamp,
           f"Every bundled program at its default size, `-Xmx{XMX}`, `--trace FILE`, read with "
           "`gcvm trace info --json`; bytes per allocated object. *Allocation events*: the "
           "allocation events alone (`trace info`'s figure: 4 for an object whose address, type "
           "and size are implied). *With TLABs and runs*: and the events that place them (TLABs; "
           "concurrent mark-sweep's runs of free cells, docs/trace-format.md \"Runs of cells\"). "
           "*Whole trace*: every event, the collections' moves and keep-alives included. *File*: "
           "the file (deflated chunks, headers). Raw bytes are exact for the run; the "
           "allocations of programs with threads vary a little from run to run.", "",
           "| program | collector | allocations | allocation events raw B | with TLABs and runs "
           "raw B | whole trace raw B | file B |",
           "|---|---|---:|---:|---:|---:|---:|"]
    per_gc = {}
    for r in data["rows"]:
        per_gc.setdefault(r["collector"], []).append(r)
        out.append(f"| {r['program']} | {r['collector']} | {r['allocations']:,} | "
                   f"{r['allocation_raw']:.2f} | {r['with_placing_raw']:.2f} | "
                   f"{r['trace_raw']:.2f} | {r['file']:.2f} |")
    means = []
    summary = {}
    for gc, rows in per_gc.items():
        placing = geomean([r["with_placing_raw"] for r in rows])
        whole = geomean([r["trace_raw"] for r in rows])
        file = geomean([r["file"] for r in rows])
        means.append(f"{gc} {placing:.2f} / {whole:.2f} / {file:.2f}")
        summary[gc] = {"with_placing_raw": placing, "trace_raw": whole, "file": file}
    out += ["", "Geometric means over the programs, raw bytes with TLABs and runs / whole trace "
            "raw / file: " + "; ".join(means) + ".", ""]
    return "\n".join(out), summary


def pointers(ctx):
    cmd = ["python3", "benches/pointers_overhead.py", "--binary", ctx.gcvm, "--reps", str(ctx.reps),
           "--collectors", COLLECTORS, "--xmx", XMX, "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    out = ["## Pointer tracing cost", "",
           ctx.stamp([ctx.shown(cmd)], (l0, l1)),
           f"Every bundled program at its default size, `-Xmx{XMX}`, `--trace FILE` and `--trace "
           "FILE --trace-pointers` alternating, `-Xlog:gc*`; median wall seconds of `--trace` and "
           "the ratio of `--trace-pointers` to it; total pause time of each (the pointer records "
           "are written in the pauses); raw trace bytes per allocation both ways (`gcvm trace "
           "info`), and raw bytes of pointer and root events per collection. *Records*: objects "
           "whose references were written (each object stored into since the last collection "
           "and alive after it, docs/trace-format.md \"Pointers and roots\"); *AntTracks'*: what "
           "AntTracks' scheme writes for the same run — every object a collection moves or "
           "keeps, plus the objects outside the collected spaces whose references changed (its "
           "dirty cards); *saved*: the share of AntTracks' records not written.", "",
           "| program | collector | --trace s | pointers x | pauses ms | with pointers ms | raw "
           "B/alloc | with pointers | pointer B/GC | records | AntTracks' | saved |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    ratios, bytes, saved = [], [], []
    for r in data["rows"]:
        x = r["pointers_s"] / r["trace_s"]
        ratios.append(x)
        bytes.append(r["pointers_raw_per_alloc"] / r["raw_per_alloc"])
        saved.append(r["saved"])
        out.append(f"| {r['program']} | {r['collector']} | {r['trace_s']:.2f} | {x:.2f} | "
                   f"{r['pause_ms']:.1f} | {r['pointers_pause_ms']:.1f} | "
                   f"{r['raw_per_alloc']:.2f} | {r['pointers_raw_per_alloc']:.2f} | "
                   f"{r['pointer_bytes_per_gc']:,.0f} | {r['records']:,} | "
                   f"{r['antracks_records']:,} | {100 * r['saved']:.0f}% |")
    total = sum(r["records"] for r in data["rows"])
    base = sum(r["antracks_records"] for r in data["rows"])
    out += ["", f"Geometric means: run time {geomean(ratios):.2f}x `--trace`, raw trace "
            f"{geomean(bytes):.2f}x; over every run, {total:,} records against AntTracks' "
            f"{base:,} ({100 * (1 - total / max(1, base)):.0f}% fewer).", ""]
    return "\n".join(out), {"time": geomean(ratios), "bytes": geomean(bytes),
                            "saved": 1 - total / max(1, base)}


def jfr(ctx):
    cmd = ["python3", "benches/jfr_overhead.py", "--binary", ctx.gcvm, "--reps", str(ctx.reps),
           "--xmx", XMX, "--hotspot", "--json"]
    data, (l0, l1) = harness_json(ctx, cmd)
    out = ["## JFR recording cost", "",
           ctx.stamp([ctx.shown(cmd)], (l0, l1)),
           f"Every bundled program at its default size, `-Xmx{XMX}`, under every collector, without "
           "a recording, with `--jfr FILE` (`default` settings: allocation samples, execution "
           "samples every 20 ms) and with `--jfr FILE --jfr-settings profile` (every TLAB, samples "
           "every 10 ms) alternating; median wall seconds without and each recording's ratio to "
           "it; the profile recording's events (as `jfr summary` counts them), file size and "
           "bytes per event (the metadata and constant pools aside). HotSpot's own cost, "
           "`java -Xint -XX:+UseSerialGC` with and without `-XX:StartFlightRecording:...,"
           "settings=profile`, follows.", "",
           "| program | collector | off s | --jfr x off | profile x off | profile events "
           "| profile KiB | bytes/event |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in data["rows"]:
        out.append(f"| {r['program']} | {r['collector']} | {r['off_s']:.2f} | "
                   f"{r['jfr_s'] / r['off_s']:.3f} | {r['profile_s'] / r['off_s']:.3f} | "
                   f"{r['profile_events']:,} | {r['profile_bytes'] / 1024:.0f} | "
                   f"{r['event_bytes'] / max(1, r['profile_events']):.1f} |")
    out += ["", f"`--jfr`: geometric mean {data['geomean_jfr']:.3f}x, worst {data['worst_jfr']:.3f}x; "
            f"`--jfr-settings profile`: {data['geomean_profile']:.3f}x, worst "
            f"{data['worst_profile']:.3f}x; {data['bytes_per_event']:.1f} bytes per event over "
            f"every profile recording. HotSpot -Xint with its profile recording: "
            f"{data.get('hotspot_geomean_profile', float('nan')):.3f}x (geometric mean).", ""]
    return "\n".join(out), {k: data[k] for k in ("geomean_jfr", "worst_jfr", "geomean_profile",
                                                  "bytes_per_event")}


def activity_instructions(ctx, binary, extra):
    """Callgrind's instruction count of GCBench 6 (semispace, -Xmx64m) run by `binary`."""
    classes = os.path.join(ctx.work, "activity-classes")
    if not os.path.isdir(classes):
        subprocess.run(["javac", "-d", classes, os.path.join(ROOT, "programs/GCBench.java")],
                       check=True)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary,
                          "run", "--gc", "semispace", "-Xmx64m", "-cp", classes] + extra +
                         ["GCBench", "6"], capture_output=True, text=True).stderr
    m = re.search(r"Collected : (\d+)", out)
    return int(m.group(1)) if m else float("nan")


def activity(ctx):
    cmd = ["python3", "benches/activity_overhead.py", "--binary", ctx.gcvm, "--reps",
           str(ctx.reps), "--xmx", XMX, "--json"] + (["--base", ctx.base] if ctx.base else [])
    if ctx.quick:
        cmd += ["--programs", QUICK_PROGRAMS]
    l0 = loadavg(before=True)
    data = json.loads(sh(cmd))
    off_i = activity_instructions(ctx, ctx.gcvm, [])
    on_i = activity_instructions(ctx, ctx.gcvm, ["--activity"])
    base_i = activity_instructions(ctx, ctx.base, []) if ctx.base else None
    l1 = loadavg()
    base_note = (f" and, first, `{rel(ctx.base)}`, a gcvm built from before counting existed "
                 "(`off x base`)" if ctx.base else "")
    out = ["## Code activity cost", "",
           ctx.stamp([ctx.shown(cmd), ["(and callgrind runs of GCBench 6, see below)"]], (l0, l1)),
           f"Every bundled program at its default size, `--gc region -Xmx{XMX}`, without and with "
           f"`--activity` (nobody watching: no trace, no stream){base_note}, alternating; median "
           "wall seconds without and the ratios. Then one `--activity --trace` run per program: its "
           "Activity events, their raw bytes per event, and the Activity and Thread State bytes "
           "per thread-interval (the run's 10 ms intervals times its threads).", "",
           "| program | off s | --activity x off | off x base | Activity events | bytes/event "
           "| bytes/thread-interval |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for r in data["rows"]:
        base = f"{r['off_s'] / r['base_s']:.3f}" if r.get("base_s") else "-"
        out.append(f"| {r['program']} | {r['off_s']:.2f} | {r['on_s'] / r['off_s']:.3f} | {base} | "
                   f"{r['activity_events']:,} | "
                   f"{r['activity_bytes'] / max(1, r['activity_events']):.0f} | "
                   f"{(r['activity_bytes'] + r['state_bytes']) / max(1, r['thread_intervals']):.0f} |")
    line = (f"`--activity` with nobody watching: geometric mean {data['geomean_on']:.3f}x, worst "
            f"{data['worst_on']:.3f}x; {data['bytes_per_thread_interval']:.0f} raw trace bytes per "
            "thread-interval.")
    if "geomean_off" in data:
        line += (f" Counting compiled in but off, against the base binary: geometric mean "
                 f"{data['geomean_off']:.3f}x, worst {data['worst_off']:.3f}x.")
    out += ["", line, "",
            "Instructions (callgrind, GCBench 6, semispace, `-Xmx64m`): "
            + (f"base {base_i / 1e6:,.0f} M, " if base_i else "")
            + f"off {off_i / 1e6:,.0f} M, `--activity` {on_i / 1e6:,.0f} M "
            f"({on_i / off_i:.3f}x off"
            + (f"; off {off_i / base_i:.4f}x base" if base_i else "") + ").", ""]
    return "\n".join(out), {"geomean_on": data["geomean_on"], "worst_on": data["worst_on"],
                            "instructions_on_x_off": on_i / off_i}


def streams(ctx):
    programs = QUICK_STREAM_PROGRAMS if ctx.quick else STREAM_PROGRAMS
    cols = QUICK_STREAM_COLLECTORS if ctx.quick else STREAM_COLLECTORS
    cmd = ["python3", "benches/streams_overhead.py", "--runs", str(ctx.reps), "--heap", XMX,
           "--programs", programs, "--collectors", cols, "--gcvm", ctx.gcvm, "--json"]
    l0 = loadavg(before=True)
    data = json.loads(sh(cmd))
    l1 = loadavg()
    out = ["## Heap streams cost", "",
           ctx.stamp([ctx.shown(cmd)], (l0, l1)),
           f"`-Xmx{XMX}`, three configurations interleaved: plain `gcvm run`; idle (`--stream="
           "127.0.0.1:0 --stream-nowait`: the server up, nobody watching); every event "
           "(`--stream-record F --stream-tick 0`: a frame at every pause's start and end, each a "
           "walk of the whole heap, encoded, compressed and written, which is what a connected "
           "viewer costs the VM). Frames and bytes per frame from the recording, 8 KB tiles. "
           "Goals: idle at most 1.01x, every event at most 1.5x.", "",
           "| program | collector | plain s | idle x plain | every event x plain | frames "
           "| bytes per frame (gzip) | raw bytes per frame |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in data["rows"]:
        out.append(f"| {r['program']} | {r['collector']} | {r['plain_s']:.2f} | "
                   f"{r['idle_s'] / r['plain_s']:.3f} | {r['every_s'] / r['plain_s']:.2f} | "
                   f"{r['frames']} | {r['bytes_per_frame']:,} | {r['raw_bytes_per_frame']:,} |")
    out += ["", f"Geometric means: idle {data['geomean_idle']:.3f}x, every event "
            f"{data['geomean_every']:.2f}x the plain run. Idle does one atomic load per pause more "
            "than plain: its spread around 1.0x is the noise of the machine.", ""]
    return "\n".join(out), {"idle": data["geomean_idle"], "every": data["geomean_every"]}


VIEWER = """## Heap viewer redraw rate

Not measured by this script: it needs headless chromium (`/usr/bin/chromium`, installed by
`.ci/setup`) and a `cargo bench` build. Measure it with

```
cargo bench --bench viewer_fps [-- RECORDING]
```

(benches/viewer_fps.rs): chromium shows a recording of GCBench under the region collector in a
64 MB heap at 8 KB tiles (8,192 tiles, made by the bench first unless RECORDING is given),
served by `gcvm replay`, and redraws every tile in every `requestAnimationFrame` callback for
5 s, for one pane and for the recording twice side by side; it prints redraws per second and
milliseconds per full redraw. Headless chromium's animation-frame rate (60 per second) caps the
first figure; the milliseconds per redraw say how much room is left. GCspy's viewer drew 8,000
tiles at 0.52 frames per second.
"""

# Measured by hand, not by this script (docs/stream-format.md, "Steps inside a collection"):
# kept here so that a run of this script writes it back.
STEP_FRAMES = """## Step frames

Measured 2026-12-03 on a quiet machine, 5 alternating runs each. Made by:

```
gcvm run --gc C -Xmx32m programs/GCBench.java
gcvm run --gc C -Xmx32m --stream-record r.gcs --stream-tick 0 programs/GCBench.java
```

GCBench at its default size, without a stream and recording every frame at the default step
granularity (256 KB, 1 region); median wall seconds and the ratio. Target: at most 1.5x.
Frames vary from run to run under the concurrent collectors (marking races the program).

| collector | plain s | recording every step s | x plain | frames |
|---|---:|---:|---:|---:|
| mark-compact | 0.89 | 0.99 | 1.10 | 48 |
| semispace | 0.92 | 1.09 | 1.18 | 509 |
| region | 0.90 | 1.16 | 1.29 | 734 |
| concurrent-mark-sweep | 1.03 | 1.48 | 1.44 | 737 |
"""

def percentile(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))] if v else float("nan")


def thread_ring(ctx):
    """ThreadRing, one mechanism at a time: gcvm under every collector against HotSpot -Xint."""
    cmds, rows = [], {}
    for m in (["monitor", "queue"] if ctx.quick else RING_MECHANISMS):
        cmd, rs = bench_json(ctx, ["--programs", "ThreadRing", "--size", RING_SIZE, "--args", m,
                                   "--collectors", COLLECTORS, "--hotspot-gcs", "serial,g1",
                                   "--no-jit"])
        cmds.append(ctx.shown(cmd))
        rows[m] = {r["config"]: r for r in rs}
    out = [f"ThreadRing {RING_SIZE} (programs/): 503 threads pass a token 20,000 times through "
           "each mechanism (the pool chains 8,000 tasks; messages: 500 threads forward 2,000 "
           "messages 200 hops each). gcvm's median wall seconds (min-max over the runs) and its "
           "ratio to HotSpot -Xint's median with Serial and with G1; below 1 is faster than "
           "HotSpot. ZGC, concurrent-mark-sweep's usual match, is left out here: interpreted, "
           "with 500 threads, its message round ran for minutes.", "",
           "| mechanism | collector | gcvm s | x HotSpot -Xint Serial | x HotSpot -Xint G1 "
           "| HotSpot -Xint Serial s | HotSpot -Xint G1 s |", "|---|---|---:|---:|---:|---:|---:|"]
    worst = 0.0
    span = lambda r: f"{r['median_s']:.2f} ({r['min_s']:.2f}-{r['max_s']:.2f})" if r else "-"
    for m, by in rows.items():
        serial = by.get("hotspot-xint -XX:+UseSerialGC")
        g1 = by.get("hotspot-xint -XX:+UseG1GC")
        for c in COLLECTORS.split(","):
            g = by.get(f"gcvm {c}")
            if not g:
                continue
            rs = g["median_s"] / serial["median_s"] if serial else None
            rg = g["median_s"] / g1["median_s"] if g1 else None
            worst = max(worst, rs or 0, rg or 0)
            out.append(f"| {m} | {c} | {span(g)} | {f2(rs)} | {f2(rg)} | {span(serial)} "
                       f"| {span(g1)} |")
    return cmds, out, worst


def ttsp_samples(cmd, pattern, scale):
    log("$ " + " ".join(cmd))
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}")
    return [float(x) * scale for x in re.findall(pattern, p.stdout + p.stderr)]


def time_to_safepoint(ctx):
    """MultiThreadAlloc with 4x more runnable threads than cores, alternating gcvm and HotSpot."""
    classes = os.path.join(ctx.work, "mta")
    sh(["javac", "-d", classes, "programs/MultiThreadAlloc.java"])
    program = ["-cp", classes, "MultiThreadAlloc", TTSP_SIZE, TTSP_THREADS]
    configs = [(f"gcvm {c}", [ctx.gcvm, "run", "--gc", c, "-Xmx" + TTSP_XMX, "-Xlog:gc*"] + program,
                r"Time to safepoint ([0-9.]+)ms", 1.0) for c in COLLECTORS.split(",")]
    configs += [(f"HotSpot {h}", ["java"] + h.split() + ["-Xmx" + TTSP_XMX, "-Xlog:safepoint"] + program,
                 r"Reaching safepoint: ([0-9]+) ns", 1e-6) for h in TTSP_HOTSPOT]
    samples = {name: [] for name, _, _, _ in configs}
    for _ in range(ctx.reps):
        for name, cmd, pattern, scale in configs:
            samples[name] += ttsp_samples(cmd, pattern, scale)
    out = ["", f"Time to safepoint: MultiThreadAlloc {TTSP_SIZE} with {TTSP_THREADS} threads "
           f"(4 runnable threads per core), `-Xmx{TTSP_XMX}`, every safepoint of "
           f"{plural(ctx.reps, 'run')} per configuration pooled: gcvm's from `-Xlog:gc*` "
           "(`Time to safepoint`, every pause), HotSpot's from `-Xlog:safepoint` (`Reaching "
           "safepoint`, every safepoint, collections or not).", "",
           "| configuration | safepoints | p50 ms | p99 ms | max ms |", "|---|---:|---:|---:|---:|"]
    for name, v in samples.items():
        out.append(f"| {name} | {len(v)} | {f2(percentile(v, 0.5), '.3f')} "
                   f"| {f2(percentile(v, 0.99), '.3f')} | {f2(max(v) if v else None, '.3f')} |")
    return out, {k: percentile(v, 0.99) for k, v in samples.items()}


def threads(ctx):
    l0 = loadavg(before=True)
    cmds, ring, worst = thread_ring(ctx)
    ttsp, p99 = time_to_safepoint(ctx)
    l1 = loadavg()
    cmds.append(["(and MultiThreadAlloc runs, see below)"])
    out = ["## Many threads", "", ctx.stamp(cmds, (l0, l1))] + ring + ttsp + [""]
    return "\n".join(out), {"worst_ring_ratio": worst, "ttsp_p99_ms": p99}


RUNNERS = {"collectors": collectors, "interpreter": interpreter, "pause-goal": pause_goal,
           "cms-pauses": cms_pauses, "peak-heap": peak_heap, "compaction": compaction,
           "barrier": barrier,
           "rates": rates,
           "tracing": tracing, "trace-size": trace_size, "pointers": pointers,
           "streams": streams, "jfr": jfr,
           "activity": activity, "threads": threads}


def how_we_measure():
    return f"""## How we measure

- **Side by side, alternating.** Every figure is gcvm against HotSpot (or against itself with a
  feature off) on the same machine at the same time. Within each repetition the harnesses run
  every configuration once in turn, so load from other work hits all of them alike; a table
  reports medians over the repetitions, and a ratio is taken against the runs made beside it.
  Figures are never asserted in tests.
- **Against HotSpot's matching collector**: Serial for semispace and mark-compact, G1 for
  region, ZGC for concurrent-mark-sweep; `-Xint` (the fair comparison for an interpreter) and
  with the JIT; the same `-Xmx` ({XMX}) for both, every program at its default size. Wall time is
  the child process's, VM start-up included (gcvm's is a few ms; `java -Xint` ~40 ms).
- **Pauses** come from each run's `-Xlog:gc` lines, gcvm's like HotSpot's (`gc+phases` for
  ZGC, whose pauses are phases), counted from the moment every thread had stopped (time to
  safepoint excluded). Semispace can use half of `-Xmx` at a time and mark-compact the whole of
  it, hence their different collection counts.
- **Instruction counts** (`valgrind --tool=callgrind`) are repeatable to ~0.1% whatever the
  load, so they judge interpreter changes where wall time cannot; they count the whole process
  at small sizes (~37 M instructions of start-up) with one GC thread. They are not time: an
  indirect jump counts as one instruction whatever the branch predictor makes of it. Any arm
  added to the interpreter's `execute` moves LLVM's register allocation and block layout, so
  programs whose hot loop a change does not touch still move by up to ±1%.
- **Noise.** The machine is a shared 2-vCPU VM: when other builds run, wall times move by
  10-20% between repetitions, so treat differences under ~15% in ratios against HotSpot as
  noise, and under ~5% in the alternating on/off ratios (tracing, streams). The load average
  before and after each table is given with it; only the reading before says whether other
  work ran: the one after counts gcvm's own threads too (GC helpers spinning between tasks,
  the trace writer, ThreadRing's 503 threads), 8-16 after a quiet table of traced runs.
- **What the second core gives.** Each table's heading also gives the work two processes did
  at once against one alone, measured right after the table (benches/parallel_capacity.py):
  counting in a loop (the cores) and copying 64 MiB buffers (the memory). 2.00x is two whole
  cores with the memory to feed them; it bounds every speed-up from a second GC worker in the
  table, and a collector's move is bound by the copying figure. On 2026-12-05 the morning's
  compaction table gave two workers 1.74-2.04x; in the afternoon, when two processes copied at
  0.77-0.94x the rate of one, the same binary gave 0.47-1.82x.
- **Comparing two builds**: `python3 benches/ab.py BEFORE AFTER [--xint]` alternates two gcvm
  binaries (and `java -Xint`) over the bundled programs or `--dir benches/compute`. Criterion
  micro-benchmarks: `cargo bench --bench alloc` and `cargo bench --bench interpreter`.
- **Code placement.** Where the interpreter loop falls relative to cache lines moves wall time
  by 5-8% at the same instruction count. Builds align every function to 64 bytes
  (`.cargo/config.toml`), so a change elsewhere in the binary no longer moves it; compare two
  builds only if both were made with it (an `ab.py` against an older binary needs that binary
  rebuilt, e.g. in a `git worktree`, from the same configuration).
"""


def header(ctx, m, argv, elapsed, summary):
    q = ("\n**Quick run** (`--quick`: one repetition, a few programs): for trying the script, "
         "not for comparisons.\n") if ctx.quick else ""
    lo, hi = min(BEFORE, default=0), max(BEFORE, default=0)
    if hi > BUSY_LOAD:
        shared = ("Other work ran beside the harnesses (the 1-minute load average read "
                  f"{lo:.1f}-{hi:.1f} before the tables): they alternate the configurations they "
                  "compare, so the ratios stay fair, but absolute times are inflated.")
    else:
        shared = (f"The machine was otherwise quiet (the 1-minute load average read {lo:.1f}-"
                  f"{hi:.1f} before the tables).")
    binary = ("" if os.path.abspath(ctx.gcvm) == os.path.join(ROOT, "target/release/gcvm") else
              "\n(`--gcvm` named the binary measured, a copy of target/release/gcvm made so that "
              "builds during the run could not change it; without it the script measures "
              "target/release/gcvm.)\n")
    return f"""# Benchmarks

Today's figures, regenerated by one command. The notebook of earlier rounds ("fifth round",
"eighth round"...) that other documents cite is in git: `git show {NOTEBOOK}:docs/benchmarks.md`.

```
{' '.join(argv)}
```
{binary}{q}
- Date: {ctx.today}; the run that wrote this file took {elapsed / 60:.1f} minutes of wall time.
- Machine: {m['cpu']}, {m['cores']} cores, {m['mem']} memory, {m['kernel']}.
- Toolchains: {m['rustc']}; {m['java']} (HotSpot, `java`).
- gcvm: `{rel(ctx.gcvm)}` (built {m['built']}); HEAD was {m['commit']} when the run started{', with uncommitted changes in the working tree' if m['dirty'] else ''}.
- {plural(ctx.reps, 'repetition')} per configuration (medians), `-Xmx{XMX}`. {shared}

`--only SUBJECT` re-measures one table ({', '.join(SUBJECTS)}); each table gives the date it was
measured. The constants (repetitions, heap, programs, sizes) are at the top of benches/report.py.
{summary}"""


def section(name, body):
    return f"<!-- report.py:{name} -->\n{body.rstrip()}\n<!-- /report.py:{name} -->\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gcvm", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--base-gcvm", default="",
                    help="activity: a gcvm built from before code activity existed, for the off cost")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions and programs")
    ap.add_argument("--only", default="", help="comma-separated subjects: " + ",".join(SUBJECTS))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs/benchmarks.md"))
    a = ap.parse_args()
    only = [s for s in a.only.split(",") if s]
    for s in only:
        if s not in SUBJECTS:
            sys.exit(f"unknown subject {s}; one of {', '.join(SUBJECTS)}")
    for tool in ["java", "javac", "valgrind"]:
        if not shutil.which(tool):
            sys.exit(f"{tool} is needed")
    if not os.path.exists(a.gcvm):
        sys.exit(f"no gcvm binary at {a.gcvm} (cargo build --release)")
    ctx = Ctx(a)
    previous, text = {}, ""
    if only:
        text = open(a.out).read() if os.path.exists(a.out) else ""
        for s in SUBJECTS:
            m = re.search(rf"<!-- report.py:{s} -->.*?<!-- /report.py:{s} -->\n", text, re.S)
            if m:
                previous[s] = m.group(0)
    argv = ["python3", "benches/report.py"] + [
        rel(x) if os.path.isabs(x) else x for x in sys.argv[1:]]
    m = machine()
    m["built"] = built(a.gcvm)
    ctx.provenance = f"; gcvm built {m['built']}, HEAD {m['commit'].split(' ')[0]}"
    if m["dirty"]:
        ctx.provenance += " with uncommitted changes"
    start = time.perf_counter()
    sections, summary = {}, {}
    for s in SUBJECTS:
        if only and s not in only:
            continue
        log(f"subject {s}")
        body, summary[s] = RUNNERS[s](ctx)
        sections[s] = section(s, body)
        log(f"subject {s} done")
    elapsed = time.perf_counter() - start
    # A full run writes the header; `--only` keeps the previous one (the last full run's
    # machine, binary and load), since each table it re-measures names its own.
    kept = re.match(r"(.*?)# Today's figures\n", text, re.S) if only else None
    head = [kept.group(1).rstrip("\n") + "\n"] if kept else [header(ctx, m, argv, elapsed, ""),
                                                            how_we_measure()]
    doc = head + ["# Today's figures\n"]
    for s in SUBJECTS:
        if s in sections:
            doc.append(sections[s])
        elif s in previous:
            doc.append(previous[s])
    doc.append(VIEWER)
    doc.append(STEP_FRAMES)
    with open(a.out, "w") as f:
        f.write("\n".join(doc))
    log(f"wrote {a.out} in {elapsed / 60:.1f} minutes")
    print(json.dumps(summary, indent=1, default=str))
    shutil.rmtree(ctx.work, ignore_errors=True)


if __name__ == "__main__":
    main()
