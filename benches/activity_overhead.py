#!/usr/bin/env python3
"""What `--activity` costs: run time counting code activity and thread states with nobody
watching (no trace, no stream: the counting alone) against not counting; with `--base`, the
binary that can count, counting off, against a binary built from before counting existed; and
the trace bytes the counts take per interval and thread.

    python3 benches/activity_overhead.py [--binary target/release/gcvm] [--base OLD_GCVM]
                                         [--reps 5] [--collector region] [--xmx 64m]
                                         [--programs GCBench,BinaryTrees] [--json]

Compiles the bundled programs (programs/) once, then runs each at its default size, alternating
the configurations in every repetition so that machine noise hits all alike: `base` (the old
binary, if given), `off` (this binary), `on` (this binary with `--activity`). Prints one
Markdown row per program with the median seconds and the ratios, then the geometric means and
the worst ratios. Then one traced run per program with `--activity --trace`: the Activity and
Thread State events' raw bytes, per Activity event (a thread's report of one interval, or of
its part before a state change) and per thread-interval (the run's intervals times its
threads, the most a run can report). Results: docs/benchmarks.md.
"""
import argparse, json, math, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr.decode()[:500]}")
    return time.perf_counter() - t


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def activity_bytes(binary, trace):
    """(Activity events, their raw bytes, Thread State events, their raw bytes, threads)."""
    info = json.loads(subprocess.run([binary, "trace", "info", "--json", trace],
                                     capture_output=True, text=True, check=True).stdout)
    kinds = {k["kind"]: k for k in info["event_kinds"]}
    a, s = kinds.get("activity", {}), kinds.get("thread-state", {})
    return (a.get("count", 0), a.get("raw_bytes", 0), s.get("count", 0), s.get("raw_bytes", 0),
            len(info["threads"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--base", default="", help="a gcvm built from before counting existed")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--collector", default="region")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--interval", type=int, default=10)
    ap.add_argument("--programs", default="")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    out = (lambda *x, **k: None) if a.json else print
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    work = tempfile.mkdtemp(prefix="gcvm-activity-")
    classes = os.path.join(work, "classes")
    subprocess.run(["javac", "-d", classes] +
                   [os.path.join(ROOT, "programs", p + ".java") for p in programs], check=True)
    out(f"--gc {a.collector} -Xmx{a.xmx}, {a.reps} alternating repetitions, median wall seconds\n")
    out("| program | off s | --activity x off | off x base | Activity events | bytes/event | bytes/thread-interval |")
    out("|---|---|---|---|---|---|---|")
    rows, on_x, off_x = [], [], []
    total_events = total_bytes = total_slots = 0
    for p in programs:
        opts = ["run", "--gc", a.collector, "-Xmx" + a.xmx, "-cp", classes]
        base, off, on = [], [], []
        for _ in range(a.reps):
            if a.base:
                base.append(timed([a.base] + opts + [p]))
            off.append(timed([a.binary] + opts + [p]))
            on.append(timed([a.binary] + opts + [f"--activity={a.interval}", p]))
        t_off, t_on = statistics.median(off), statistics.median(on)
        t_base = statistics.median(base) if base else None
        trace = os.path.join(work, f"{p}.gct")
        t_traced = timed([a.binary] + opts + [f"--activity={a.interval}", "--trace", trace, p])
        events, ev_bytes, states, state_bytes, threads = activity_bytes(a.binary, trace)
        slots = max(1, round(t_traced * 1000 / a.interval)) * max(threads, 1)
        total_events += events
        total_bytes += ev_bytes + state_bytes
        total_slots += slots
        on_x.append(t_on / t_off)
        if t_base:
            off_x.append(t_off / t_base)
        rows.append({"program": p, "off_s": t_off, "on_s": t_on, "base_s": t_base,
                     "activity_events": events, "activity_bytes": ev_bytes,
                     "state_events": states, "state_bytes": state_bytes, "threads": threads,
                     "thread_intervals": slots})
        base_col = f"{t_off / t_base:.3f}" if t_base else "-"
        out(f"| {p} | {t_off:.2f} | {t_on / t_off:.3f} | {base_col} | {events:,} | "
            f"{ev_bytes / max(events, 1):.0f} | {(ev_bytes + state_bytes) / slots:.0f} |", flush=True)
    result = {"rows": rows, "geomean_on": geomean(on_x), "worst_on": max(on_x),
              "bytes_per_thread_interval": total_bytes / max(total_slots, 1),
              "bytes_per_activity_event": total_bytes / max(total_events, 1)}
    if off_x:
        result.update(geomean_off=geomean(off_x), worst_off=max(off_x))
    out(f"\n--activity with nobody watching: geometric mean {result['geomean_on']:.3f}x, "
        f"worst {result['worst_on']:.3f}x")
    if off_x:
        out(f"counting compiled in but off, against the base binary: geometric mean "
            f"{result['geomean_off']:.3f}x, worst {result['worst_off']:.3f}x")
    out(f"trace: {result['bytes_per_thread_interval']:.0f} raw bytes per thread-interval, "
        f"{result['bytes_per_activity_event']:.0f} per Activity event (Thread State events included)")
    if a.json:
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
