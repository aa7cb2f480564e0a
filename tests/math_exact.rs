//! Exact math: java.lang.StrictMath and java.lang.Math give HotSpot's bits on every input.
//!
//! `classlib/tests/MathExact.java` draws 100,000 inputs per function (random bit patterns,
//! ranges that matter for the function, values near multiples of pi/2 and near the function's
//! thresholds, large arguments, subnormals, special values and their neighbours) from a seeded
//! generator written in Java, so both VMs see the same inputs, and prints a hash of the result
//! bits per block of 1,000 inputs. The program runs once on HotSpot (`java`, JDK 17, x86_64)
//! and once on gcvm; every block hash must agree. On a mismatch the test reruns the first
//! differing block of each differing function in detail mode on both VMs and reports the first
//! inputs whose results differ, with both results.
//!
//! HotSpot's Math.exp/log/log10/pow are its x86_64 stubs; gcvm ports them (runtime/interp/src/
//! math), so this test is meaningful on x86_64 only and is skipped elsewhere.

mod support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use support::{compile_java_cached, jdk, repo_root, run_with_timeout};

/// Inputs per function.
const INPUTS: &str = "100000";

/// The block hashes printed by one VM, keyed by function, in block order.
type Hashes = BTreeMap<String, Vec<String>>;

struct Runs {
    classes: PathBuf,
    java: Hashes,
    gcvm: Hashes,
}

fn classes() -> PathBuf {
    compile_java_cached(
        "math-exact",
        &[repo_root().join("classlib/tests/MathExact.java")],
    )
}

fn run_java(classes: &PathBuf, args: &[&str]) -> String {
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.arg("-cp").arg(classes).arg("MathExact").args(args);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    assert_eq!(
        out.code,
        Some(0),
        "java MathExact failed: {}",
        out.stderr_text()
    );
    out.stdout_text()
}

fn run_gcvm(classes: &PathBuf, args: &[&str]) -> String {
    let mut options = vec!["MathExact"];
    options.extend_from_slice(args);
    // run_gcvm_program puts the main class last; pass it and its arguments through `run`.
    let out = support::run_gcvm(
        &[
            &["run", "-cp", classes.to_str().expect("utf-8 path")][..],
            &options[..],
        ]
        .concat(),
    );
    assert_eq!(
        out.code,
        Some(0),
        "gcvm MathExact failed: {}",
        out.stderr_head(20)
    );
    out.stdout_text()
}

fn parse(text: &str) -> Hashes {
    let mut hashes = Hashes::new();
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        let (Some(name), Some(_block), Some(hash)) = (parts.next(), parts.next(), parts.next())
        else {
            panic!("unexpected MathExact line: {line:?}");
        };
        hashes
            .entry(name.to_string())
            .or_default()
            .push(hash.to_string());
    }
    hashes
}

fn runs() -> &'static Runs {
    static RUNS: OnceLock<Runs> = OnceLock::new();
    RUNS.get_or_init(|| {
        let classes = classes();
        let java = parse(&run_java(&classes, &[INPUTS]));
        let gcvm = parse(&run_gcvm(&classes, &[INPUTS]));
        Runs {
            classes,
            java,
            gcvm,
        }
    })
}

fn bits(hex: &str) -> f64 {
    f64::from_bits(u64::from_str_radix(hex, 16).expect("hex bits"))
}

/// The first inputs of `function`'s block `block` whose results differ, one line each.
fn first_differences(runs: &Runs, function: &str, block: usize) -> Vec<String> {
    let args = [INPUTS, "detail", function, &block.to_string()];
    let java = run_java(&runs.classes, &args);
    let gcvm = run_gcvm(&runs.classes, &args);
    java.lines()
        .zip(gcvm.lines())
        .filter(|(j, g)| j != g)
        .take(3)
        .map(|(j, g)| {
            let jf: Vec<&str> = j.split_whitespace().collect();
            let gf: Vec<&str> = g.split_whitespace().collect();
            format!(
                "  {function}({:?}, {:?}, {:?}) [input #{}]: java {:?} ({}), gcvm {:?} ({})",
                bits(jf[2]),
                bits(jf[3]),
                bits(jf[4]),
                jf[1],
                bits(jf[5]),
                jf[5],
                bits(gf[5]),
                gf[5]
            )
        })
        .collect()
}

/// Asserts that every function whose name starts with `prefix` hashes identically on both VMs,
/// and that the program covered at least `expected` such functions with 100 blocks each.
fn assert_exact(prefix: &str, expected: usize) {
    if !cfg!(target_arch = "x86_64") {
        eprintln!("skipped: HotSpot's Math stubs being matched are its x86_64 ones");
        return;
    }
    let runs = runs();
    let functions: Vec<&String> = runs.java.keys().filter(|k| k.starts_with(prefix)).collect();
    assert_eq!(
        functions.len(),
        expected,
        "functions checked: {functions:?}"
    );
    let mut report = Vec::new();
    for function in functions {
        let java = &runs.java[function];
        assert_eq!(java.len(), 100, "{function}: 100 blocks of 1,000 inputs");
        let Some(gcvm) = runs.gcvm.get(function) else {
            report.push(format!("{function}: gcvm printed nothing"));
            continue;
        };
        let differing: Vec<usize> = (0..java.len())
            .filter(|&b| gcvm.get(b) != java.get(b))
            .collect();
        if let Some(&first) = differing.first() {
            report.push(format!(
                "{function}: {} of {} blocks differ; first differences:",
                differing.len(),
                java.len()
            ));
            report.extend(first_differences(runs, function, first));
        }
    }
    assert!(
        report.is_empty(),
        "results differ from HotSpot's:\n{}",
        report.join("\n")
    );
}

#[test]
fn strictmath_gives_fdlibm_bits_on_100000_inputs_per_function() {
    assert_exact("StrictMath.", 23);
}

#[test]
fn math_gives_hotspot_bits_on_100000_inputs_per_function() {
    assert_exact("Math.", 24);
}
