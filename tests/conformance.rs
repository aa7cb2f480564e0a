//! Conformance: every program in `tests/conformance/*.java` must print exactly
//! what HotSpot prints and exit with the same status when run on gcvm.
//!
//! How it works (see `support`):
//! * all programs are compiled together once with `javac --release 17` into
//!   `CARGO_TARGET_TMPDIR/classes/conformance-<hash of the sources>/`;
//! * each program's reference result comes from
//!   `java -Xint -XX:+UseSerialGC -Xss16m -cp <classes> <Name>` and is cached
//!   in `CARGO_TARGET_TMPDIR/hotspot-expected/<Name>-<hash>.expected`, keyed by
//!   the program's source, the reference options and the JDK version (on a
//!   miss HotSpot runs it twice and the two runs must agree);
//! * gcvm runs `gcvm run [options] -cp <classes> <Name>`, two programs at a
//!   time, each with a 60 s timeout; stdout must match byte for byte, the exit
//!   code must match, and stderr must not show a Rust panic.
//!
//! Every failing program is listed in one assertion message with its first
//! difference.

mod support;

use std::sync::OnceLock;
use support::{assert_no_failures, repo_root, Suite, ACTIVITY_STRESS_OPTIONS, COLLECTORS};

/// Options for the stress configuration: a collection every 25 allocations,
/// heap verification before and after each collection, and a small heap.
const GC_STRESS_OPTIONS: &[&str] = &["--gc-stress", "25", "--verify-heap", "-Xmx16m"];

/// The only programs that are expected to exit with a non-zero status.
const EXPECTED_NON_ZERO_EXITS: &[(&str, i32)] = &[("UncaughtException", 1), ("SystemExit", 3)];

fn suite() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| {
        Suite::load(
            "conformance",
            &repo_root().join("tests").join("conformance"),
        )
    })
}

#[test]
fn conformance_suite_has_at_least_25_programs() {
    let suite = suite();
    let names: Vec<&str> = suite.programs.iter().map(|p| p.name.as_str()).collect();
    assert!(
        names.len() >= 25,
        "tests/conformance should hold at least 25 programs, found {}: {names:?}",
        names.len()
    );
}

#[test]
fn conformance_programs_exit_zero_on_hotspot_except_the_exit_tests() {
    let mut wrong = Vec::new();
    for program in &suite().programs {
        let wanted = EXPECTED_NON_ZERO_EXITS
            .iter()
            .find(|(name, _)| *name == program.name)
            .map_or(0, |&(_, code)| code);
        if program.expected.code != wanted {
            wrong.push(format!(
                "{} exits {} on HotSpot, expected {wanted}",
                program.name, program.expected.code
            ));
        }
        if program.expected.stdout.is_empty() {
            wrong.push(format!("{} prints nothing on HotSpot", program.name));
        }
    }
    assert!(
        wrong.is_empty(),
        "the conformance programs themselves are broken:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn conformance_matches_hotspot() {
    let suite = suite();
    let failures = suite.failures_on_gcvm(&[]);
    assert_no_failures(
        "conformance with default options",
        suite.programs.len(),
        &failures,
    );
}

#[test]
fn conformance_matches_hotspot_under_gc_stress_with_verification() {
    let suite = suite();
    let mut failures = Vec::new();
    for collector in COLLECTORS {
        let mut options = vec!["--gc", collector];
        options.extend_from_slice(GC_STRESS_OPTIONS);
        failures.extend(suite.failures_on_gcvm(&options));
    }
    assert_no_failures(
        "conformance under --gc-stress 25 --verify-heap -Xmx16m",
        suite.programs.len() * COLLECTORS.len(),
        &failures,
    );
}

/// Counting code activity changes nothing a program sees: 1 ms intervals swap often (inside
/// natives, during exceptions), collections stop threads often, and the states go to a trace.
#[test]
fn conformance_matches_hotspot_while_counting_code_activity() {
    let suite = suite();
    let failures = suite.failures_on_gcvm(ACTIVITY_STRESS_OPTIONS);
    assert_no_failures(
        "conformance under --activity=1 --trace /dev/null --gc-stress 50",
        suite.programs.len(),
        &failures,
    );
}

#[test]
fn conformance_reference_stores_all_run_the_write_barrier_under_every_collector() {
    let suite = suite();
    let mut failures = Vec::new();
    for collector in COLLECTORS {
        failures.extend(suite.failures_on_gcvm(&[
            "--gc",
            collector,
            "--verify-barriers",
            "--gc-stress",
            "50",
            "-Xmx16m",
        ]));
    }
    assert_no_failures(
        "conformance under --verify-barriers --gc-stress 50",
        suite.programs.len() * COLLECTORS.len(),
        &failures,
    );
}
