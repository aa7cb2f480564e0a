#!/usr/bin/env python3
"""How much a second core gives on this machine now: the work two processes do at once over
the work one does alone in the same time, for two kinds of work.

    python3 benches/parallel_capacity.py [--iterations 3000000] [--mib 1024] [--tries 3] [--json]

*Counting*: a loop the interpreter runs on one core (no memory traffic, no system calls).
*Copying*: memcpy of 64 MiB buffers, bound by memory as a collector's move is. One process does
the work alone, then two do it side by side, `--tries` times each; the best (shortest) times
are kept. 2.0x: two whole cores, with memory to feed both; a speed-up from a second GC worker
cannot go above these figures, so benches/report.py prints them under each table's heading
(docs/benchmarks.md, "What the second core gives", has what a shared machine gave).
"""
import argparse
import json
import multiprocessing
import sys
import time


def count(n):
    """The work: a loop the interpreter runs on one core, touching nothing else."""
    t = time.perf_counter()
    s = 0
    for i in range(n):
        s += i
    return time.perf_counter() - t


def copy(mib):
    """The work of a collector's move: copying 64 MiB buffers, `mib` MiB in all (memcpy, bound
    by memory, not by the core)."""
    src, dst = bytearray(64 << 20), bytearray(64 << 20)
    dst[:] = src  # both buffers' pages faulted in before the clock starts
    t = time.perf_counter()
    for _ in range(mib // 64):
        dst[:] = src
    return time.perf_counter() - t


def wall(pool, work, n):
    """Two pieces of work handed to the pool's two processes at once, start to the end of the
    later."""
    t = time.perf_counter()
    pool.map(work, [n, n], chunksize=1)
    return time.perf_counter() - t


def ratio(pool, work, n, tries):
    """The work two processes do at once over one's alone, per unit of time (2.0: two cores)."""
    pool.map(work, [n // 8 or 1, n // 8 or 1])  # both processes started and warm
    alone = min(pool.apply(work, (n,)) for _ in range(tries))
    together = min(wall(pool, work, n) for _ in range(tries))
    return 2 * alone / together


def two_core_ratios(iterations=3_000_000, mib=1024, tries=3):
    """(counting, copying): what two processes at once do over one alone."""
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        return ratio(pool, count, iterations, tries), ratio(pool, copy, mib, tries)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=3_000_000)
    ap.add_argument("--mib", type=int, default=1024, help="MiB each copying process copies")
    ap.add_argument("--tries", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.mib < 64 or a.iterations < 1 or a.tries < 1:
        sys.exit("parallel_capacity: --mib must be at least 64 (one buffer), --iterations and "
                 "--tries at least 1")
    cpu, mem = two_core_ratios(a.iterations, a.mib, a.tries)
    print(json.dumps({"counting": round(cpu, 3), "copying": round(mem, 3)}) if a.json
          else f"two processes at once do {cpu:.2f}x the counting and {mem:.2f}x the copying of one")


if __name__ == "__main__":
    main()
