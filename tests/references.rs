//! Reference processing (java.lang.ref), per collector: the programs in `tests/references/`
//! must print what HotSpot prints under every collector — with default options, with several
//! GC workers (parallel copying and marking discover references per worker), and under
//! `--gc-stress 25 --verify-heap`. Each program is one behaviour: weak references cleared,
//! phantom references enqueued, queues polled, WeakHashMap entries expunged, Cleaner actions
//! run. Soft references are checked on gcvm alone (HotSpot would need a small -Xmx to run out
//! of memory in reasonable time): kept while memory is plentiful, cleared before an
//! OutOfMemoryError. The `-Xlog:gc*` test checks the per-kind counts in HotSpot's
//! `gc+phases+ref` shape.

mod support;

use std::sync::OnceLock;
use support::{
    assert_no_failures, assert_no_panic, compile_java_cached, java_sources_in, repo_root,
    run_gcvm_program, Suite, COLLECTORS,
};

fn suite() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| Suite::load("references", &repo_root().join("tests").join("references")))
}

fn failures_under_every_collector(extra: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for collector in COLLECTORS {
        let mut options = vec!["--gc", collector];
        options.extend_from_slice(extra);
        failures.extend(suite().failures_on_gcvm(&options));
    }
    failures
}

#[test]
fn reference_programs_match_hotspot_under_every_collector() {
    let failures = failures_under_every_collector(&[]);
    assert_no_failures(
        "reference programs",
        suite().programs.len() * COLLECTORS.len(),
        &failures,
    );
}

#[test]
fn reference_programs_match_hotspot_with_parallel_gc_workers() {
    let failures =
        failures_under_every_collector(&["--gc-threads", "4", "-Xmx64m", "--verify-heap"]);
    assert_no_failures(
        "reference programs with 4 GC workers",
        suite().programs.len() * COLLECTORS.len(),
        &failures,
    );
}

#[test]
fn reference_programs_match_hotspot_under_gc_stress_with_verification() {
    let failures =
        failures_under_every_collector(&["--gc-stress", "25", "--verify-heap", "-Xmx16m"]);
    assert_no_failures(
        "reference programs under --gc-stress 25 --verify-heap -Xmx16m",
        suite().programs.len() * COLLECTORS.len(),
        &failures,
    );
}

fn pressure_classes() -> std::path::PathBuf {
    let dir = repo_root().join("tests").join("references_pressure");
    compile_java_cached("references-pressure", &java_sources_in(&dir))
}

#[test]
fn soft_references_are_kept_without_pressure_and_cleared_before_out_of_memory() {
    let classes = pressure_classes();
    for collector in COLLECTORS {
        let outcome = run_gcvm_program(
            &classes,
            "SoftKeptUntilPressure",
            &["--gc", collector, "-Xmx32m"],
        );
        assert_no_panic(&outcome, collector);
        assert_eq!(
            outcome.stdout_text(),
            "kept after three collections: true\n\
             ran out of memory: true, allocated more than the soft data: true\n\
             cleared before OutOfMemoryError: true\n",
            "{collector}: {}",
            outcome.stderr_head(5)
        );
    }
}

#[test]
fn gc_log_reports_reference_counts_per_kind_in_hotspot_shape() {
    let classes = &suite().classes;
    for collector in COLLECTORS {
        let outcome = run_gcvm_program(
            classes,
            "PhantomEnqueued",
            &["--gc", collector, "-Xlog:gc*"],
        );
        assert_no_panic(&outcome, collector);
        let out = outcome.stdout_text();
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("[debug][gc,phases,ref]"))
            .collect();
        assert!(
            lines.iter().any(|l| l.contains("Reference Processing: ")),
            "{collector}: no Reference Processing line in\n{out}"
        );
        for kind in [
            "SoftReference:",
            "WeakReference:",
            "FinalReference:",
            "PhantomReference:",
        ] {
            assert!(
                lines.iter().any(|l| l.ends_with(kind)),
                "{collector}: no {kind} line in\n{out}"
            );
        }
        // The second System.gc() finds the phantom reference's referent unreachable.
        let cleared_one = lines.windows(3).any(|w| {
            w[0].ends_with("PhantomReference:")
                && w[1].ends_with("Discovered: 1")
                && w[2].ends_with("Cleared: 1")
        });
        assert!(
            cleared_one,
            "{collector}: no collection cleared the phantom reference:\n{out}"
        );
    }
}
