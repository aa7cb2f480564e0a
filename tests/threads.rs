//! Threads: the programs in tests/threads/ (shared counters, producer/consumer with
//! wait/notifyAll, threads building trees, daemon threads, uncaught exceptions in threads,
//! interrupts) must match HotSpot's output every time — each run 20 times with a timeout, with
//! and without GC stress plus heap verification, under every collector. And 8 threads churning
//! a tiny heap with frequent collections must finish, verified, with 1 and 2 GC workers, and
//! must not mistake a young generation other threads refilled for a full heap.

mod support;

use std::sync::OnceLock;
use support::*;

const REPEATS: usize = 20;

fn suite() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| Suite::load("threads", &repo_root().join("tests").join("threads")))
}

fn repeated_failures(options: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for round in 0..REPEATS {
        failures.extend(
            suite()
                .failures_on_gcvm(options)
                .into_iter()
                .map(|f| format!("round {round}: {f}")),
        );
    }
    failures
}

#[test]
fn thread_programs_match_hotspot_every_time() {
    assert!(suite().programs.len() >= 6);
    let failures = repeated_failures(&[]);
    assert_no_failures(
        "thread programs",
        suite().programs.len() * REPEATS,
        &failures,
    );
}

#[test]
fn thread_programs_match_hotspot_under_gc_stress_with_verification_every_time() {
    for collector in COLLECTORS {
        let failures = repeated_failures(&[
            "--gc",
            collector,
            "--gc-stress",
            "50",
            "--verify-heap",
            "-Xmx16m",
        ]);
        assert_no_failures(
            &format!("thread programs under {collector} with GC stress"),
            suite().programs.len() * REPEATS,
            &failures,
        );
    }
}

/// Counting code activity and recording every thread's states (each block, wait, sleep and
/// safepoint stop) changes nothing the thread programs see.
#[test]
fn thread_programs_match_hotspot_while_counting_code_activity() {
    for collector in ["region", "concurrent-mark-sweep"] {
        let mut options = vec!["--gc", collector];
        options.extend_from_slice(ACTIVITY_STRESS_OPTIONS);
        let failures = suite().failures_on_gcvm(&options);
        assert_no_failures(
            &format!("thread programs under {collector} counting code activity"),
            suite().programs.len(),
            &failures,
        );
    }
}

fn churn() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| Suite::load("stress", &repo_root().join("tests").join("stress")))
}

#[test]
fn eight_threads_churn_a_tiny_heap_with_one_and_two_gc_workers() {
    for collector in COLLECTORS {
        for workers in ["1", "2"] {
            let failures = churn().failures_on_gcvm(&[
                "--gc",
                collector,
                "--gc-threads",
                workers,
                "-Xmx4m",
                "--gc-stress",
                "500",
                "--verify-heap",
            ]);
            assert_no_failures(
                &format!("8-thread churn under {collector} with {workers} GC workers"),
                1,
                &failures,
            );
        }
    }
}

/// Eight threads allocating into the region collector's small eden (3 MB of a 64 MB heap):
/// a thread whose allocation fails collects, and the others may refill the eden before it
/// runs again. That must lead to another young collection, not to the last-ditch full
/// collection meant for a heap out of room (which the run before the fix reached in most
/// runs, several times each).
#[test]
fn threads_racing_for_a_small_eden_do_not_take_it_for_a_full_heap() {
    let classes = churn().classes.to_string_lossy().into_owned();
    for run in 0..4 {
        let out = run_gcvm(&[
            "run",
            "--gc",
            "region",
            "-Xmx64m",
            "-Xlog:gc",
            "-cp",
            &classes,
            "EightThreadChurn",
            "3000",
        ]);
        assert_eq!(out.code, Some(0), "run {run}: {}", out.stderr_head(10));
        let stdout = out.stdout_text();
        assert!(
            stdout.contains("Pause Young"),
            "run {run}: no young collection"
        );
        let full: Vec<&str> = stdout
            .lines()
            .filter(|l| l.contains("Pause Full"))
            .collect();
        assert!(full.is_empty(), "run {run}: {full:?}");
    }
}

#[test]
fn thread_programs_reference_stores_all_run_the_write_barrier_under_every_collector() {
    for collector in COLLECTORS {
        let failures = suite().failures_on_gcvm(&[
            "--gc",
            collector,
            "--verify-barriers",
            "--gc-stress",
            "50",
        ]);
        assert_no_failures(
            &format!("thread programs under {collector} --verify-barriers"),
            suite().programs.len(),
            &failures,
        );
    }
}
