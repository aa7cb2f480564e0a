//! `gcvm-lab check LAB`: runs a lab's checks from easiest to hardest and prints each as passed
//! or failed, with a hint pointing into the lab's README, then a score.
//!
//! Two kinds of check:
//! - **unit** checks run the student's collector in this process on a small heap
//!   (heap.rs): one behaviour each, with the heap verifier before and after every collection;
//! - **program** checks run a Java program under the student's collector in a child `gcvm-lab
//!   run` (options such as `--verify-heap` and `--gc-stress`) and compare what it prints with
//!   what it should print: a file under programs/expected/, or HotSpot's own output.
//!
//! A missing step is not a crash: inside a unit check it unwinds here (`crate::Missing`), and a
//! child run prints the step's line and exits with status 3, which the failure shows.

use crate::{Lab, Missing, Wrong};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Prints a line of the report; when stdout is gone (`gcvm-lab check 02 | head`), stops
/// quietly with the shell's status for a broken pipe instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    };
}

/// How long one program check may run before it counts as hung.
const PROGRAM_TIMEOUT: Duration = Duration::from_secs(300);

/// One check.
pub struct Check {
    /// What it checks, as a sentence.
    pub name: &'static str,
    /// Where to look when it fails: a README section and what to suspect.
    pub hint: &'static str,
    pub kind: Kind,
}

impl Check {
    /// A unit check: `f` runs in this process, given the collector's `--gc` name.
    pub fn unit(
        name: &'static str,
        hint: &'static str,
        f: fn(&str) -> Result<(), String>,
    ) -> Check {
        Check {
            name,
            hint,
            kind: Kind::Unit(f),
        }
    }

    /// A program check: `gcvm-lab run --gc C OPTIONS SOURCE ARGS` must print what `expect`
    /// says.
    pub fn program(
        name: &'static str,
        hint: &'static str,
        source: &'static str,
        args: &'static [&'static str],
        options: &'static [&'static str],
        expect: Expect,
    ) -> Check {
        let program = Program {
            source,
            args,
            options,
            expect,
        };
        Check {
            name,
            hint,
            kind: Kind::Program(program),
        }
    }

    /// The conformance programs (`CONFORMANCE`), each with `options`, against HotSpot.
    pub fn conformance(
        name: &'static str,
        hint: &'static str,
        options: &'static [&'static str],
    ) -> Check {
        let suite = Suite {
            sources: CONFORMANCE,
            options,
        };
        Check {
            name,
            hint,
            kind: Kind::Suite(suite),
        }
    }
}

pub enum Kind {
    /// Runs in this process; given the collector's `--gc` name.
    Unit(fn(&str) -> Result<(), String>),
    /// Runs a Java program under the collector.
    Program(Program),
    /// Runs several programs with the same options, each against HotSpot's output.
    Suite(Suite),
}

/// Programs of the conformance suite (tests/conformance/) under the collector.
pub struct Suite {
    /// The programs' sources, relative to the repository root.
    pub sources: &'static [&'static str],
    /// gcvm options before each program.
    pub options: &'static [&'static str],
}

/// Programs of tests/conformance/ that allocate much and use what a collector must get right:
/// hash maps (identity hashes), collections, lambdas, exceptions, arrays, boxing, queues,
/// virtual calls.
pub const CONFORMANCE: &[&str] = &[
    "tests/conformance/HashMaps.java",
    "tests/conformance/CollectionsMix.java",
    "tests/conformance/Lambdas.java",
    "tests/conformance/Exceptions.java",
    "tests/conformance/ArrayOps.java",
    "tests/conformance/Boxing.java",
    "tests/conformance/QueueSimulation.java",
    "tests/conformance/Inheritance.java",
];

/// A Java program run under the collector.
pub struct Program {
    /// The program's source, relative to the repository root.
    pub source: &'static str,
    /// Its arguments.
    pub args: &'static [&'static str],
    /// gcvm options before the program (heap size, --verify-heap, --gc-stress N, ...).
    pub options: &'static [&'static str],
    pub expect: Expect,
}

/// What a program should print.
pub enum Expect {
    /// Exactly this file's contents (relative to the repository root).
    File(&'static str),
    /// Exactly what HotSpot (`java`) prints for the same source and arguments.
    HotSpot,
    /// Exactly this text.
    Text(&'static str),
    /// This text, then an uncaught `java.lang.OutOfMemoryError: Java heap space` (exit 1).
    OutOfMemory(&'static str),
}

/// The repository the labs were built from: programs and expected outputs live there.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("labs/ is inside the repository")
        .to_path_buf()
}

/// The outcome of one check.
pub struct Outcome {
    pub passed: bool,
    /// Why it failed (one or a few lines); empty when it passed.
    pub why: String,
    pub took: Duration,
}

/// Runs every check of `lab` against `collector` and prints the report; returns how many
/// passed out of how many. `exe` is the `gcvm-lab` binary that program checks run.
pub fn run_lab(lab: &Lab, collector: &str, exe: &Path) -> (usize, usize) {
    let checks = (lab.checks)();
    say!(
        "lab {} {}: {} checks of --gc {collector}",
        lab.number,
        lab.name,
        checks.len()
    );
    let mut expected = ExpectedOutputs::default();
    let mut passed = 0;
    for (i, check) in checks.iter().enumerate() {
        let outcome = run_check(check, collector, exe, &mut expected);
        let label = if outcome.passed { "passed" } else { "FAILED" };
        say!(
            "[{}/{}] {label}  {} ({:.1} s)",
            i + 1,
            checks.len(),
            check.name,
            outcome.took.as_secs_f64()
        );
        if outcome.passed {
            passed += 1;
        } else {
            for line in outcome.why.lines() {
                say!("      {line}");
            }
            say!("      hint: {}", check.hint);
        }
    }
    say!("score: {passed}/{} checks passed", checks.len());
    (passed, checks.len())
}

/// Runs one check.
pub fn run_check(
    check: &Check,
    collector: &str,
    exe: &Path,
    expected: &mut ExpectedOutputs,
) -> Outcome {
    let started = Instant::now();
    let result = match &check.kind {
        Kind::Unit(f) => run_unit(*f, collector),
        Kind::Program(p) => run_program(p, collector, exe, expected),
        Kind::Suite(suite) => suite.sources.iter().try_for_each(|&source| {
            let p = Program {
                source,
                args: &[],
                options: suite.options,
                expect: Expect::HotSpot,
            };
            run_program(&p, collector, exe, expected)
        }),
    };
    Outcome {
        passed: result.is_ok(),
        why: result.err().unwrap_or_default(),
        took: started.elapsed(),
    }
}

/// Runs a unit check, turning a missing step or a panic into its failure.
fn run_unit(f: fn(&str) -> Result<(), String>, collector: &str) -> Result<(), String> {
    crate::CHECKING.store(true, Ordering::SeqCst);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| f(collector));
    std::panic::set_hook(hook);
    crate::CHECKING.store(false, Ordering::SeqCst);
    match result {
        Ok(r) => r,
        Err(payload) => Err(
            if let Some(Missing(step)) = payload.downcast_ref::<Missing>() {
                step.message()
            } else if let Some(Wrong(step, what)) = payload.downcast_ref::<Wrong>() {
                step.wrong_message(what)
            } else if let Some(s) = payload.downcast_ref::<String>() {
                format!("panicked: {s}")
            } else if let Some(s) = payload.downcast_ref::<&str>() {
                format!("panicked: {s}")
            } else {
                "panicked".to_string()
            },
        ),
    }
}

/// HotSpot's outputs, each computed once per process.
#[derive(Default)]
pub struct ExpectedOutputs(HashMap<String, String>);

impl ExpectedOutputs {
    fn get(&mut self, p: &Program) -> Result<String, String> {
        let root = repo_root();
        match p.expect {
            Expect::File(f) => std::fs::read_to_string(root.join(f))
                .map_err(|e| format!("cannot read the expected output {f}: {e}")),
            Expect::Text(t) | Expect::OutOfMemory(t) => Ok(t.to_string()),
            Expect::HotSpot => {
                let key = format!("{} {}", p.source, p.args.join(" "));
                if let Some(out) = self.0.get(&key) {
                    return Ok(out.clone());
                }
                let out = Command::new("java")
                    .arg(root.join(p.source))
                    .args(p.args)
                    .stdin(Stdio::null())
                    .output()
                    .map_err(|e| {
                        format!("cannot run java (HotSpot gives the expected output): {e}")
                    })?;
                if !out.status.success() {
                    return Err(format!(
                        "java {} failed: {}",
                        p.source,
                        String::from_utf8_lossy(&out.stderr)
                            .lines()
                            .next()
                            .unwrap_or("")
                    ));
                }
                let text = String::from_utf8_lossy(&out.stdout).into_owned();
                self.0.insert(key, text.clone());
                Ok(text)
            }
        }
    }
}

/// The command line a program check runs, after `gcvm-lab`.
pub fn program_args(p: &Program, collector: &str) -> Vec<String> {
    let mut args = vec!["run".to_string(), "--gc".into(), collector.into()];
    args.extend(p.options.iter().map(|s| s.to_string()));
    args.push(repo_root().join(p.source).to_string_lossy().into_owned());
    args.extend(p.args.iter().map(|s| s.to_string()));
    args
}

fn run_program(
    p: &Program,
    collector: &str,
    exe: &Path,
    expected: &mut ExpectedOutputs,
) -> Result<(), String> {
    let want = expected.get(p)?;
    let args = program_args(p, collector);
    let shown = format!("gcvm-lab {}", args.join(" "));
    let (status, stdout, stderr) = run_with_timeout(exe, &args)?;
    let Some(code) = status else {
        return Err(format!(
            "{shown}\nran for more than {} s: stopped",
            PROGRAM_TIMEOUT.as_secs()
        ));
    };
    let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if let Expect::OutOfMemory(_) = p.expect {
        const OOM: &str = "java.lang.OutOfMemoryError: Java heap space";
        if code != 1 || !stderr.contains(OOM) {
            return Err(format!(
                "{shown}\nexited with status {code} ('{first}'); expected status 1 after an uncaught {OOM}"
            ));
        }
    } else if code != 0 {
        return Err(format!("{shown}\nexited with status {code}: {first}"));
    }
    if stdout != want {
        return Err(format!(
            "{shown}\nprinted something else: {}",
            first_difference(&want, &stdout)
        ));
    }
    Ok(())
}

/// Where two outputs first differ, as one line.
fn first_difference(want: &str, got: &str) -> String {
    let mut w = want.lines();
    let mut g = got.lines();
    let mut line = 1;
    loop {
        match (w.next(), g.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (Some(a), Some(b)) => return format!("line {line} is '{b}', expected '{a}'"),
            (Some(a), None) => return format!("output ends before line {line} ('{a}')"),
            (None, Some(b)) => return format!("extra line {line}: '{b}'"),
            (None, None) => return "the outputs differ only in line endings".into(),
        }
    }
}

/// Runs `exe args`, returning (exit code, or None when it timed out and was killed; stdout;
/// stderr).
fn run_with_timeout(exe: &Path, args: &[String]) -> Result<(Option<i32>, String, String), String> {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let mut out_pipe = child.stdout.take().expect("piped stdout");
    let mut err_pipe = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out_pipe.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let started = Instant::now();
    let code = loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) => break Some(status.code().unwrap_or(-1)),
            None if started.elapsed() > PROGRAM_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok((code, stdout, stderr))
}
