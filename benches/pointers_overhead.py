#!/usr/bin/env python3
"""What `--trace-pointers` costs: run time, pause time and trace bytes against `--trace` alone,
and how many pointer records it writes against AntTracks' scheme.

    python3 benches/pointers_overhead.py [--binary target/release/gcvm] [--reps 3]
                                         [--collectors semispace,...] [--xmx 64m]
                                         [--programs GCBench,BinaryTrees] [--json]

Compiles the bundled programs (programs/) once, then runs each at its default size under each
collector with `--trace FILE` and with `--trace FILE --trace-pointers`, alternating the two in
every repetition so that machine noise hits both alike, with `-Xlog:gc*` (its exit line says
what pointer tracing recorded). Per (program, collector):
- median wall seconds of each and their ratio;
- total pause time of each (the `-Xlog:gc` pause lines; the recording happens in the pauses);
- the trace's raw bytes per allocation, both ways (`gcvm trace info --json`), and the raw bytes
  of pointer and root events per collection;
- pointer records written, against AntTracks' scheme — every object a collection moves or keeps,
  plus every object outside the collected spaces whose references changed (its dirty-card
  objects) — and the share saved.
With --json the rows are printed as one JSON object ({"rows": [...]}).
Results: docs/benchmarks.md (benches/report.py, subject pointers).
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAUSE = re.compile(r"\[gc\] GC\(\d+\) .* (\d+\.\d+)ms$")
POINTERS = re.compile(r"Pointers: (\d+) objects recorded with (\d+) references \((\d+) stored "
                      r"into, (\d+) of them outside the collected spaces\), (\d+) roots; (\d+) "
                      r"survivors reported")


def run(cmd):
    """Runs cmd; returns (wall seconds, stdout)."""
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed: {p.stderr.decode()[:500]}")
    return wall, p.stdout.decode(errors="replace")


def pause_ms(log):
    return sum(float(m.group(1)) for m in map(PAUSE.search, log.splitlines()) if m)


def info(binary, trace):
    return json.loads(subprocess.run([binary, "trace", "info", trace, "--json"],
                                     capture_output=True, check=True).stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/gcvm"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--collectors", default="semispace,mark-compact,concurrent-mark-sweep,region")
    ap.add_argument("--xmx", default="64m")
    ap.add_argument("--programs", default="")
    ap.add_argument("--json", action="store_true", help="print JSON instead of Markdown")
    a = ap.parse_args()
    programs = a.programs.split(",") if a.programs else sorted(
        f[:-5] for f in os.listdir(os.path.join(ROOT, "programs")) if f.endswith(".java"))
    work = tempfile.mkdtemp(prefix="gcvm-pointers-")
    classes = os.path.join(work, "classes")
    subprocess.run(["javac", "-d", classes] +
                   [os.path.join(ROOT, "programs", p + ".java") for p in programs], check=True)
    if not a.json:
        print("| program | collector | --trace s | pointers x | pause ms | with pointers ms | "
              "raw B/alloc | with pointers | pointer B/GC | records | AntTracks' | saved |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    rows = []
    for p in programs:
        for gc in a.collectors.split(","):
            plain_t, ptr_t, plain_p, ptr_p = [], [], [], []
            trace = os.path.join(work, f"{p}-{gc}.gct")
            ptrace = os.path.join(work, f"{p}-{gc}-pointers.gct")
            base = [a.binary, "run", "--gc", gc, "-Xmx" + a.xmx, "-Xlog:gc*", "-cp", classes]
            last = ""
            for _ in range(a.reps):
                t, log = run(base[:2] + ["--trace", trace] + base[2:] + [p])
                plain_t.append(t)
                plain_p.append(pause_ms(log))
                t, last = run(base[:2] + ["--trace", ptrace, "--trace-pointers"] + base[2:] + [p])
                ptr_t.append(t)
                ptr_p.append(pause_ms(last))
            m = POINTERS.search(last)
            if not m:
                sys.exit(f"{p} under {gc}: no pointers line in -Xlog:gc* output")
            recorded, refs, logged, outside, roots, survivors = map(int, m.groups())
            plain, ptr = info(a.binary, trace), info(a.binary, ptrace)
            n = max(1, plain["allocation_events"])
            baseline = survivors + outside
            row = {"program": p, "collector": gc,
                   "trace_s": statistics.median(plain_t), "pointers_s": statistics.median(ptr_t),
                   "pause_ms": statistics.median(plain_p), "pointers_pause_ms": statistics.median(ptr_p),
                   "raw_per_alloc": plain["chunks"]["raw_bytes"] / n,
                   "pointers_raw_per_alloc": ptr["chunks"]["raw_bytes"] / max(1, ptr["allocation_events"]),
                   "pointer_bytes_per_gc": ptr["pointer_bytes_per_collection"],
                   "collections": len(ptr["collections"]),
                   "records": recorded, "references": refs, "logged": logged, "roots": roots,
                   "antracks_records": baseline,
                   "saved": 0.0 if baseline == 0 else 1 - recorded / baseline}
            rows.append(row)
            if not a.json:
                print(f"| {p} | {gc} | {row['trace_s']:.2f} | {row['pointers_s'] / row['trace_s']:.2f} "
                      f"| {row['pause_ms']:.1f} | {row['pointers_pause_ms']:.1f} "
                      f"| {row['raw_per_alloc']:.2f} | {row['pointers_raw_per_alloc']:.2f} "
                      f"| {row['pointer_bytes_per_gc']:,.0f} | {recorded:,} | {baseline:,} "
                      f"| {100 * row['saved']:.0f}% |", flush=True)
    if a.json:
        print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
