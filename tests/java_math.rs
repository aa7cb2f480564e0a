//! java.math on gcvm: `classlib/tests/MathCheck.java`, the generated BigInteger/BigDecimal check
//! that `classlib/tests/run.sh` runs on HotSpot against renamed copies of the class library,
//! runs here on gcvm itself (the embedded `java.math`) and on HotSpot (the JDK's), with the same
//! seeded inputs: every operation's result or exception must print identically. The program's
//! generator is written in Java over `java.util.Random`, so both VMs see the same inputs; the
//! case counts are smaller than run.sh's (gcvm interprets), and run.sh's larger run is the one
//! that checks the library's arithmetic in depth. This one catches what only gcvm can get wrong:
//! the interpreter, the natives and the rest of the class library under java.math.

mod support;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use support::{compile_java_cached, jdk, repo_root, run_with_timeout};

/// BigInteger cases, BigDecimal cases, and the largest probablePrime in bits (MathCheck's
/// arguments; a 1,024-bit prime search alone takes gcvm about 10 s).
const CASES: [&str; 3] = ["1500", "1500", "600"];

fn classes() -> PathBuf {
    compile_java_cached(
        "math-check",
        &[repo_root().join("classlib/tests/MathCheck.java")],
    )
}

fn run_java(classes: &PathBuf) -> String {
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.arg("-cp").arg(classes).arg("MathCheck").args(CASES);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    assert_eq!(
        out.code,
        Some(0),
        "java MathCheck failed: {}",
        out.stderr_text()
    );
    out.stdout_text()
}

fn run_gcvm(classes: &PathBuf) -> String {
    let mut cmd = Command::new(support::gcvm_binary());
    cmd.arg("run")
        .arg("-cp")
        .arg(classes)
        .arg("MathCheck")
        .args(CASES);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    support::assert_no_panic(&out, "gcvm MathCheck");
    assert_eq!(
        out.code,
        Some(0),
        "gcvm MathCheck failed: {}",
        out.stderr_head(20)
    );
    out.stdout_text()
}

#[test]
fn math_check_prints_the_same_on_gcvm_as_on_hotspot() {
    let classes = classes();
    let java = run_java(&classes);
    let gcvm = run_gcvm(&classes);
    let java_lines: Vec<&str> = java.lines().collect();
    let gcvm_lines: Vec<&str> = gcvm.lines().collect();
    assert!(
        java_lines
            .last()
            .is_some_and(|l| l.starts_with("MathCheck: 1500 BigInteger cases")),
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
