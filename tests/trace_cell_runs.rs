//! Concurrent mark-sweep's traces announce runs of free cells, as TLABs are announced, so that
//! its small allocations are 4-byte events with implied addresses (docs/trace-format.md, "Runs
//! of cells"), and the heap rebuilt from such a trace is still exactly the runtime's.

mod support;
mod trace_common;

use gcvm_tools::{Event, TraceReader};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;
use support::*;
use trace_common::check_trace_against_dump;

/// Small objects only (16 bytes to 2 KB: every size class, some objects smaller than their
/// cells), a table of survivors replaced at random so the spans' free cells lie between live
/// ones, and threads that block between bursts, giving their spans back.
const SMALL_OBJECTS: &str = r#"
public class SmallObjects {
    static final Object[] live = new Object[8_000];

    static long work(int seed, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int k = seed + i;
            Object o;
            switch (k % 5) {
                case 0: o = new int[k % 9]; break;
                case 1: o = new long[(k % 250) + 1]; break;
                case 2: o = Integer.valueOf(k).toString(); break;
                case 3: o = new Object[] { null, null }; break;
                default: o = new StringBuilder().append(k).append('x'); break;
            }
            if (k % 16 == 0) {
                synchronized (live) {
                    live[(int) ((k * 7919L) % live.length)] = o;
                }
            }
            sum += o.hashCode() & 1;
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        Thread[] threads = new Thread[3];
        long[] sums = new long[threads.length];
        for (int t = 0; t < threads.length; t++) {
            final int id = t;
            threads[t] = new Thread(() -> {
                for (int burst = 0; burst < 40; burst++) {
                    sums[id] += work(id * 1_000_000 + burst * 5_000, 5_000);
                    try { Thread.sleep(1); } catch (InterruptedException e) { return; }
                }
            });
            threads[t].start();
        }
        long sum = work(7_000_000, 400_000);
        for (Thread t : threads) t.join();
        for (long s : sums) sum += s;
        System.out.println("done " + (sum > 0));
    }
}
"#;

/// One traced run of SmallObjects under concurrent mark-sweep in a 16 MB heap (several
/// concurrent cycles), with its heap dump: (trace, dump).
fn recorded() -> &'static (PathBuf, PathBuf) {
    static RUN: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    RUN.get_or_init(|| {
        let classes = compile_snippets("cell-runs", &[("SmallObjects.java", SMALL_OBJECTS)]);
        let dir = scratch_dir("trace-cell-runs");
        let (trace, dump) = (dir.join("small.gct"), dir.join("small.heap"));
        let out = run_gcvm_program(
            &classes,
            "SmallObjects",
            &[
                "--gc",
                "concurrent-mark-sweep",
                "-Xmx16m",
                "--trace",
                trace.to_str().unwrap(),
                "--heap-dump",
                dump.to_str().unwrap(),
            ],
        );
        assert_no_panic(&out, "SmallObjects");
        assert_eq!(out.code, Some(0), "{}", out.stderr_head(10));
        assert_eq!(out.stdout_text(), "done true\n");
        (trace, dump)
    })
}

#[test]
fn small_allocations_under_concurrent_mark_sweep_cost_at_most_4_5_raw_trace_bytes_each() {
    let (trace, _) = recorded();
    let info: Value = serde_json::from_str(&gcvm_ok(&[
        "trace",
        "info",
        trace.to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    let kind = |name: &str| {
        info["event_kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == name)
            .map_or(0, |k| k["count"].as_u64().unwrap())
    };
    // Every small object is in a run of cells: the only explicit allocations are large ones
    // (the VM's own tables, over 8 KB).
    let mut reader = TraceReader::open(trace).unwrap();
    while let Some((_, e)) = reader.next_event().unwrap() {
        if let Event::AllocOutside { size, .. } = e {
            assert!(size > 8 * 1024, "a {size}-byte object outside any run");
        }
    }
    let per_allocation = info["raw_bytes_per_allocation_with_buffers"]
        .as_f64()
        .unwrap();
    assert!(
        per_allocation <= 4.5,
        "{per_allocation} raw bytes per allocation, its run announcements included ({} allocations, {} runs, {} runs going on)",
        info["allocation_events"],
        kind("cells"),
        kind("cells-next")
    );
}

#[test]
fn the_heap_rebuilt_from_a_trace_of_cell_runs_is_the_real_heap_at_every_boundary() {
    let (trace, dump) = recorded();
    let checked = check_trace_against_dump(trace, dump).unwrap();
    assert!(
        checked.collections >= 4,
        "concurrent cycles ran: {checked:?}"
    );
    // The run covered what the check is about: runs of cells from several threads, and runs
    // that go on past cells others hold.
    let mut reader = TraceReader::open(trace).unwrap();
    let (mut threads, mut skips) = (std::collections::HashSet::new(), 0);
    while let Some((thread, e)) = reader.next_event().unwrap() {
        match e {
            Event::Cells { .. } => {
                threads.insert(thread);
            }
            Event::CellsNext { skip, .. } if skip > 0 => skips += 1,
            _ => {}
        }
    }
    assert!(
        threads.len() >= 4,
        "threads with runs of cells: {threads:?}"
    );
    assert!(skips > 0, "no run went on past taken cells");
}

/// A ring of 48 threads passing a token, each allocating a few small objects per turn and
/// keeping some in a shared table, then blocking until the token comes back.
const RING: &str = r#"
public class Ring {
    static final int THREADS = 48;
    static final Object[] kept = new Object[4_000];
    static final Object lock = new Object();
    static int turn = 0;
    static int passes = 6_000;

    public static void main(String[] args) throws Exception {
        Thread[] threads = new Thread[THREADS];
        long[] sums = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            final int id = t;
            threads[t] = new Thread(() -> {
                int k = id;
                while (true) {
                    synchronized (lock) {
                        while (turn != id && passes > 0) {
                            try { lock.wait(); } catch (InterruptedException e) { return; }
                        }
                        if (passes <= 0) { lock.notifyAll(); return; }
                        Integer box = Integer.valueOf(100_000 + k);
                        long[] a = new long[1 + k % 5];
                        a[0] = box;
                        kept[(k * 31) % kept.length] = (k % 3 == 0) ? box : a;
                        sums[id] += a[0] & 1;
                        k += THREADS;
                        passes--;
                        turn = (id + 1) % THREADS;
                        lock.notifyAll();
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) t.join();
        long sum = 0;
        for (long s : sums) sum += s;
        System.out.println("ring " + sum);
    }
}
"#;

#[test]
fn threads_taking_turns_go_on_in_their_runs_after_blocking_and_the_heap_is_rebuilt_exactly() {
    let classes = compile_snippets("cell-runs-ring", &[("Ring.java", RING)]);
    let dir = scratch_dir("trace-cell-runs-ring");
    let (trace, dump) = (dir.join("ring.gct"), dir.join("ring.heap"));
    let out = run_gcvm_program(
        &classes,
        "Ring",
        &[
            "--gc",
            "concurrent-mark-sweep",
            "-Xmx16m",
            "--gc-stress",
            "3000",
            "--trace",
            trace.to_str().unwrap(),
            "--heap-dump",
            dump.to_str().unwrap(),
        ],
    );
    assert_no_panic(&out, "Ring");
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(10));
    assert_eq!(out.stdout_text(), "ring 3000\n");
    let checked = check_trace_against_dump(&trace, &dump).unwrap();
    assert!(checked.collections >= 2, "collections ran: {checked:?}");
    // Every turn blocks the thread and allocates two objects: had each blocked thread given
    // its runs up, nearly every turn would announce a new run with its address (Cells: 11,989
    // for 12,543 allocations before threads kept their runs, 1,473 after; a collection ends
    // every run).
    let mut reader = TraceReader::open(&trace).unwrap();
    let (mut allocations, mut addressed_runs) = (0, 0);
    while let Some((_, e)) = reader.next_event().unwrap() {
        match e {
            Event::Alloc { .. } | Event::AllocTyped { .. } => allocations += 1,
            Event::Cells { .. } => addressed_runs += 1,
            _ => {}
        }
    }
    assert!(allocations >= 12_000, "{allocations} allocations");
    assert!(
        addressed_runs * 4 < allocations,
        "{addressed_runs} runs announced with an address for {allocations} allocations"
    );
}
