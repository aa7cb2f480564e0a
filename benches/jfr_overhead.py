#!/usr/bin/env python3
"""What `--jfr` costs: run time with a JFR recording (`default` and `profile` settings, execution
sampling on) against none, and the recordings' bytes per event.

    python3 benches/jfr_overhead.py [--binary target/release/gcvm] [--reps 3]
                                    [--collectors semispace,region] [--xmx 64m]
                                    [--programs GCBench,BinaryTrees] [--hotspot] [--json]

Compiles the bundled programs (programs/) once, then runs each at its default size under each
collector without a recording, with `--jfr` and with `--jfr --jfr-settings profile`, alternating
the three in every repetition so that machine noise hits all alike. Prints one Markdown row per
(program, collector): median seconds without, each recording's ratio to it, and for the profile
recording its events (as `jfr summary` counts them), file size and bytes per event (the metadata
and constant pools aside); then the geometric means. With --hotspot, HotSpot's interpreter (`java -Xint`,
Serial) is timed alongside without and with `-XX:StartFlightRecording` (settings=profile): its
own recording's cost, for comparison. Results: docs/benchmarks.md.
"""
import argparse, json, math, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr.decode()[:500]}")
    return time.perf_counter() - t


def recorded_events(jfr):
    """Events in a recording and their bytes, as `jfr summary` counts them (the metadata and the
    constant pools aside: those are per recording, not per event)."""
    out = subprocess.run(["jfr", "summary", jfr], capture_output=True, text=True, check=True).stdout
    events = size = 0
    for line in out.splitlines():
        parts = line.split()
        if (len(parts) == 3 and "." in parts[0] and parts[1].isdigit() and parts[2].isdigit()
                and parts[0] not in ("jdk.Metadata", "jdk.CheckPoint")):
            events += int(parts[1])
            size += int(parts[2])
    return events, size


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--collectors", default="semispace,mark-compact,region,concurrent-mark-sweep")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="")
    ap.add_argument("--hotspot", action="store_true", help="also time java -Xint with and without JFR")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    out = (lambda *x, **k: None) if a.json else print
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    work = tempfile.mkdtemp(prefix="gcvm-jfr-")
    classes = os.path.join(work, "classes")
    subprocess.run(["javac", "-d", classes] +
                   [os.path.join(ROOT, "programs", p + ".java") for p in programs], check=True)
    out(f"-Xmx{a.xmx}, {a.reps} alternating repetitions, median wall seconds\n")
    out("| program | collector | off s | --jfr x off | profile x off | profile events | profile KiB | bytes/event |")
    out("|---|---|---|---|---|---|---|---|")
    all_events = all_event_bytes = 0
    rows, default_x, profile_x = [], [], []
    for gc in a.collectors.split(","):
        for p in programs:
            jfr, prof = os.path.join(work, f"{p}-{gc}.jfr"), os.path.join(work, f"{p}-{gc}-p.jfr")
            base = [a.binary, "run", "--gc", gc, "-Xmx" + a.xmx, "-cp", classes]
            off, on, profile = [], [], []
            for _ in range(a.reps):
                off.append(timed(base + [p]))
                on.append(timed(base + ["--jfr", jfr, p]))
                profile.append(timed(base + ["--jfr", prof, "--jfr-settings", "profile", p]))
            t0, t1, t2 = map(statistics.median, (off, on, profile))
            (events, event_bytes), size = recorded_events(prof), os.path.getsize(prof)
            all_events += events
            all_event_bytes += event_bytes
            default_x.append(t1 / t0)
            profile_x.append(t2 / t0)
            rows.append({"program": p, "collector": gc, "off_s": t0, "jfr_s": t1, "profile_s": t2,
                         "profile_events": events, "profile_bytes": size, "event_bytes": event_bytes})
            out(f"| {p} | {gc} | {t0:.2f} | {t1 / t0:.3f} | {t2 / t0:.3f} | {events:,} | "
                f"{size / 1024:.0f} | {event_bytes / max(events, 1):.1f} |", flush=True)
    result = {"rows": rows, "geomean_jfr": geomean(default_x), "worst_jfr": max(default_x),
              "geomean_profile": geomean(profile_x), "worst_profile": max(profile_x),
              "bytes_per_event": all_event_bytes / max(all_events, 1)}
    out(f"\n--jfr: geometric mean {result['geomean_jfr']:.3f}x, worst {result['worst_jfr']:.3f}x; "
        f"profile: {result['geomean_profile']:.3f}x, worst {result['worst_profile']:.3f}x; "
        f"{result['bytes_per_event']:.1f} bytes per event (metadata and constant pools aside)")
    if a.hotspot:
        ratios = []
        out("\n| program | java -Xint s | with JFR profile x |")
        out("|---|---|---|")
        for p in programs:
            hs = os.path.join(work, f"{p}-hotspot.jfr")
            java = ["java", "-Xint", "-XX:+UseSerialGC", "-Xmx" + a.xmx, "-cp", classes]
            off, on = [], []
            for _ in range(a.reps):
                off.append(timed(java + [p]))
                on.append(timed(java + [f"-XX:StartFlightRecording:filename={hs},settings=profile", p]))
            t0, t1 = statistics.median(off), statistics.median(on)
            ratios.append(t1 / t0)
            out(f"| {p} | {t0:.2f} | {t1 / t0:.3f} |", flush=True)
        result["hotspot_geomean_profile"] = geomean(ratios)
        out(f"\nHotSpot -Xint with its profile recording: geometric mean {geomean(ratios):.3f}x")
    if a.json:
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
