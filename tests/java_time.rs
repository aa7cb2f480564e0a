//! java.time, java.util.Date/Calendar/TimeZone and java.text.SimpleDateFormat/DateFormat on
//! gcvm: `classlib/tests/TimeCheck.java`, the generated check that `classlib/tests/run.sh` runs
//! on HotSpot against renamed copies of the class library (200,000 cases), runs here on gcvm
//! itself (the embedded classes) and on HotSpot (the JDK's) with the same seeded inputs at a
//! fifth of the scale: every result or exception must print identically. This catches what
//! only gcvm can get wrong: the interpreter, lambdas in the check itself, and the rest of the
//! class library under the date classes (String, StringBuilder, Math, collections, streams).

mod support;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use support::{compile_java_cached, jdk, repo_root, run_with_timeout};

/// TimeCheck's scale in percent of run.sh's counts (20: about 40,000 cases, some 6 s on gcvm).
const SCALE: &str = "20";

fn classes() -> PathBuf {
    compile_java_cached(
        "time-check",
        &[repo_root().join("classlib/tests/TimeCheck.java")],
    )
}

fn run_java(classes: &PathBuf) -> String {
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.arg("-cp").arg(classes).arg("TimeCheck").arg(SCALE);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    assert_eq!(
        out.code,
        Some(0),
        "java TimeCheck failed: {}",
        out.stderr_text()
    );
    out.stdout_text()
}

fn run_gcvm(classes: &PathBuf) -> String {
    let mut cmd = Command::new(support::gcvm_binary());
    cmd.arg("run")
        .arg("-cp")
        .arg(classes)
        .arg("TimeCheck")
        .arg(SCALE);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    support::assert_no_panic(&out, "gcvm TimeCheck");
    assert_eq!(
        out.code,
        Some(0),
        "gcvm TimeCheck failed: {}",
        out.stderr_head(20)
    );
    out.stdout_text()
}

#[test]
fn time_check_prints_the_same_on_gcvm_as_on_hotspot() {
    let classes = classes();
    let java = run_java(&classes);
    let gcvm = run_gcvm(&classes);
    let java_lines: Vec<&str> = java.lines().collect();
    let gcvm_lines: Vec<&str> = gcvm.lines().collect();
    assert!(
        java_lines.last().is_some_and(|l| l.starts_with("cases ")),
        "HotSpot's run did not finish: {:?}",
        java_lines.last()
    );
    let differing: Vec<String> = java_lines
        .iter()
        .zip(gcvm_lines.iter())
        .enumerate()
        .filter(|(_, (j, g))| j != g)
        .take(10)
        .map(|(i, (j, g))| format!("line {}:\n  java {j}\n  gcvm {g}", i + 1))
        .collect();
    assert!(
        differing.is_empty() && java_lines.len() == gcvm_lines.len(),
        "{} lines on HotSpot, {} on gcvm; first differences:\n{}",
        java_lines.len(),
        gcvm_lines.len(),
        differing.join("\n")
    );
}
