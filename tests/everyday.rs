//! Everyday programs: the kind of program a course or a research group writes against the
//! library (a bank simulation in BigDecimal, a producer/consumer pipeline with a Phaser, a
//! report driven by a properties file, textbook RSA in BigInteger, a grade book over streams,
//! a word counter over files, a date calculator, a reflection-driven test runner, ...), kept in
//! `tests/everyday/`. Each must print exactly what HotSpot prints, with default options and
//! under every collector with GC stress and heap verification. They were written as a new user
//! would, without looking at what gcvm's library implements; each one that failed at first
//! named a missing or wrong library member (see the commit history).

mod support;

use std::sync::OnceLock;
use support::{assert_no_failures, repo_root, Suite, COLLECTORS};

fn suite() -> &'static Suite {
    static SUITE: OnceLock<Suite> = OnceLock::new();
    SUITE.get_or_init(|| Suite::load("everyday", &repo_root().join("tests").join("everyday")))
}

#[test]
fn everyday_programs_are_a_dozen_and_run_on_hotspot() {
    let suite = suite();
    assert!(
        suite.programs.len() >= 12,
        "tests/everyday should hold at least 12 programs, found {}",
        suite.programs.len()
    );
    for program in &suite.programs {
        assert_eq!(
            program.expected.code, 0,
            "{} fails on HotSpot",
            program.name
        );
        assert!(
            !program.expected.stdout.is_empty(),
            "{} prints nothing on HotSpot",
            program.name
        );
    }
}

#[test]
fn everyday_programs_match_hotspot() {
    let suite = suite();
    let failures = suite.failures_on_gcvm(&[]);
    assert_no_failures("everyday programs", suite.programs.len(), &failures);
}

#[test]
fn everyday_programs_match_hotspot_under_gc_stress_with_verification() {
    let suite = suite();
    let mut failures = Vec::new();
    for collector in COLLECTORS {
        failures.extend(suite.failures_on_gcvm(&[
            "--gc",
            collector,
            "--gc-stress",
            "100",
            "--verify-heap",
            "-Xmx32m",
        ]));
    }
    assert_no_failures(
        "everyday programs under --gc-stress 100 --verify-heap",
        suite.programs.len() * COLLECTORS.len(),
        &failures,
    );
}
