//! Fuzzing the `gcvm` binary with mutated inputs: class files from the conformance suite
//! (`gcvm run`) and recorded traces (`gcvm trace info`, `stats`, `heap`). Whatever the bytes,
//! gcvm must end by itself with an exit code: never a Rust panic (or "internal error"), never a
//! signal, never a hang. Java-level outcomes (VerifyError, ClassFormatError, exceptions, exit
//! codes) are all fine. A run that is still going after `CASE_TIMEOUT` counts as a hang unless
//! HotSpot, given the same class files, loops as well (a mutated branch can make a real
//! infinite loop).
//!
//! Cases are deterministic: case `i` of a run with seed `s` is always the same mutation.
//! `GCVM_FUZZ_CASES` (default: a CI-sized run of about a minute) and `GCVM_FUZZ_SEED` choose
//! the run; failing inputs are kept under `CARGO_TARGET_TMPDIR/fuzz-failures/` to reproduce.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;
use support::classfile;
use support::*;

const CASE_TIMEOUT: Duration = Duration::from_secs(10);
const CI_CLASS_CASES: usize = 600;
const CI_TRACE_CASES: usize = 300;

fn case_count(default: usize) -> usize {
    std::env::var("GCVM_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn seed() -> u64 {
    std::env::var("GCVM_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED)
}

// ---------------------------------------------------------------------------
// Deterministic mutations
// ---------------------------------------------------------------------------

/// SplitMix64: small, fast and good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn for_case(run_seed: u64, case: usize) -> Rng {
        let mut rng = Rng(run_seed ^ (case as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        rng.next();
        rng
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn byte(&mut self) -> u8 {
        self.next() as u8
    }
}

/// Generic byte mutations: overwritten bytes, a flipped bit, inserted or deleted bytes, a cut.
/// Returns a one-line description.
fn mutate_bytes(bytes: &mut Vec<u8>, rng: &mut Rng) -> String {
    let len = bytes.len().max(1);
    match rng.below(5) {
        0 => {
            let n = 1 + rng.below(4);
            for _ in 0..n {
                let at = rng.below(len);
                bytes[at] = rng.byte();
            }
            format!("{n} bytes overwritten")
        }
        1 => {
            let at = rng.below(len);
            bytes[at] ^= 1 << rng.below(8);
            format!("bit flipped at {at}")
        }
        2 => {
            let at = rng.below(len + 1);
            let n = 1 + rng.below(8);
            let insert: Vec<u8> = (0..n).map(|_| rng.byte()).collect();
            bytes.splice(at..at, insert);
            format!("{n} bytes inserted at {at}")
        }
        3 => {
            let at = rng.below(len);
            let n = (1 + rng.below(8)).min(bytes.len() - at);
            bytes.drain(at..at + n);
            format!("{n} bytes deleted at {at}")
        }
        _ => {
            let at = rng.below(len);
            bytes.truncate(at);
            format!("truncated to {at} bytes")
        }
    }
}

/// Mutations aimed at the bytecode (so that most cases reach the verifier and interpreter):
/// an opcode replaced, an operand byte changed, or max_stack/max_locals changed.
/// Classes without code get a byte mutation instead.
fn mutate_code(bytes: &mut Vec<u8>, rng: &mut Rng) -> String {
    let methods = classfile::methods(bytes);
    if methods.is_empty() {
        return mutate_bytes(bytes, rng);
    }
    let m = &methods[rng.below(methods.len())];
    let insns = m.instructions(bytes);
    let at = insns[rng.below(insns.len())];
    let pc = at - m.code.start;
    match rng.below(4) {
        0 | 1 => {
            let op = rng.below(0xca) as u8;
            let old = std::mem::replace(&mut bytes[at], op);
            format!("{}: opcode 0x{old:02x} at {pc} -> 0x{op:02x}", m.name)
        }
        2 => {
            let len = m.instruction_length(bytes, at);
            let operand = at + 1 + rng.below(len.saturating_sub(1).max(1));
            if operand < m.code.end {
                bytes[operand] = rng.byte();
            }
            format!("{}: operand byte at {pc}", m.name)
        }
        _ => {
            let field = m.max_stack_at + 2 * rng.below(2);
            let value = [0u8, 1, 2, 255][rng.below(4)];
            bytes[field] = 0;
            bytes[field + 1] = value;
            let which = if field == m.max_stack_at {
                "max_stack"
            } else {
                "max_locals"
            };
            format!("{}: {which} = {value}", m.name)
        }
    }
}

/// Mutations of the constants behind invokedynamic (lambdas, records, string concatenation):
/// a method handle retargeted or given another kind, a method type or call-site type replaced
/// by another descriptor of the class.
fn mutate_call_sites(bytes: &mut Vec<u8>, rng: &mut Rng) -> String {
    use classfile::tag;
    let constants = classfile::constants(bytes);
    let of = |tags: &[u8]| -> Vec<&classfile::Constant> {
        constants.iter().filter(|k| tags.contains(&k.tag)).collect()
    };
    let handles = of(&[tag::METHOD_HANDLE]);
    let members = of(&[tag::METHOD_REF, tag::INTERFACE_METHOD_REF, tag::FIELD_REF]);
    let descriptors: Vec<&classfile::Constant> = of(&[tag::UTF8])
        .into_iter()
        .filter(|k| k.text.starts_with('(') || k.text.starts_with('L') || k.text.len() == 1)
        .collect();
    let types = of(&[tag::METHOD_TYPE, tag::NAME_AND_TYPE]);
    if handles.is_empty() || descriptors.is_empty() {
        return mutate_bytes(bytes, rng);
    }
    let mut set_u16 =
        |at: usize, value: u16| bytes[at..at + 2].copy_from_slice(&value.to_be_bytes());
    match rng.below(3) {
        0 => {
            let (h, m) = (
                handles[rng.below(handles.len())],
                members[rng.below(members.len())],
            );
            set_u16(h.at + 2, m.index);
            format!("method handle #{} -> member #{}", h.index, m.index)
        }
        1 => {
            let h = handles[rng.below(handles.len())];
            let kind = 1 + rng.below(9) as u8;
            bytes[h.at + 1] = kind;
            format!("method handle #{} kind {kind}", h.index)
        }
        _ if types.is_empty() => mutate_bytes(bytes, rng),
        _ => {
            let (t, d) = (
                types[rng.below(types.len())],
                descriptors[rng.below(descriptors.len())],
            );
            let field = if t.tag == tag::METHOD_TYPE {
                t.at + 1
            } else {
                t.at + 3
            };
            set_u16(field, d.index);
            format!("type #{} -> {:?}", t.index, d.text)
        }
    }
}

// ---------------------------------------------------------------------------
// Judging an outcome
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    Fine,
    Panic,
    Signal,
    Hang,
}

/// Rust panics escaping (or reported as gcvm's internal error, exit 134), signals, hangs.
fn judge(outcome: &Outcome) -> Verdict {
    let stderr = outcome.stderr_text();
    if outcome.timed_out {
        Verdict::Hang
    } else if outcome.panic_marker().is_some()
        || stderr.contains("internal error")
        || matches!(outcome.code, Some(101) | Some(134))
    {
        Verdict::Panic
    } else if outcome.code.is_none() {
        Verdict::Signal
    } else {
        Verdict::Fine
    }
}

/// Counts per verdict and per first stderr word, and the failures, for the final report.
#[derive(Default)]
struct Tally {
    verdicts: BTreeMap<Verdict, usize>,
    kinds: BTreeMap<String, usize>,
    failures: Vec<String>,
}

impl Tally {
    fn record(&mut self, verdict: Verdict, kind: String, failure: impl FnOnce() -> String) {
        *self.verdicts.entry(verdict).or_default() += 1;
        *self.kinds.entry(kind).or_default() += 1;
        if verdict != Verdict::Fine {
            self.failures.push(failure());
        }
    }

    fn report(&self, what: &str, cases: usize) {
        let count = |v| self.verdicts.get(&v).copied().unwrap_or(0);
        eprintln!(
            "fuzz {what}: {cases} cases, {} panics, {} signals, {} hangs",
            count(Verdict::Panic),
            count(Verdict::Signal),
            count(Verdict::Hang)
        );
        for (kind, n) in &self.kinds {
            eprintln!("    {n:5}  {kind}");
        }
        assert!(
            self.failures.is_empty(),
            "{what}: {} of {cases} cases failed:\n{}",
            self.failures.len(),
            self.failures.join("\n\n")
        );
    }
}

/// What kind of ending: the Java error class named first on stderr, or the exit code.
fn ending(outcome: &Outcome) -> String {
    let stderr = outcome.stderr_text();
    let error = stderr
        .split(|c: char| c.is_whitespace() || c == ':')
        .find(|w| {
            w.starts_with("java.lang.") && (w.ends_with("Error") || w.ends_with("Exception"))
        });
    match error {
        Some(e) => e.to_string(),
        None => format!(
            "exit {}",
            outcome.code.map_or("-".into(), |c| c.to_string())
        ),
    }
}

fn keep_failure(name: &str, file: &str, bytes: &[u8]) -> PathBuf {
    let dir = target_tmp().join("fuzz-failures").join(name);
    write_bytes(&dir.join(file), bytes);
    dir
}

// ---------------------------------------------------------------------------
// Class files
// ---------------------------------------------------------------------------

struct Corpus {
    classes: PathBuf,
    /// (class file name, main class to run)
    files: Vec<(String, String)>,
}

/// The conformance suite's classes; each main class and its nested classes are mutated.
fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let sources = java_sources_in(&repo_root().join("tests").join("conformance"));
        let mains: Vec<String> = sources.iter().map(|s| class_name_of(s)).collect();
        let classes = compile_java_cached("conformance", &sources);
        let mut files: Vec<(String, String)> = std::fs::read_dir(&classes)
            .expect("conformance classes")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|file| {
                let class = file.strip_suffix(".class")?;
                let outer = class.split('$').next()?;
                mains
                    .iter()
                    .any(|m| m == outer)
                    .then(|| (file.clone(), outer.to_string()))
            })
            .collect();
        files.sort();
        Corpus { classes, files }
    })
}

/// Runs `main` with `dir` before the unmutated classes on the class path.
fn run_mutant(dir: &Path, main: &str, options: &[&str], java: bool) -> Outcome {
    let class_path = format!("{}:{}", dir.display(), corpus().classes.display());
    let mut cmd = match java {
        true => Command::new(jdk().tool("java")),
        false => {
            let mut cmd = Command::new(gcvm_binary());
            cmd.arg("run");
            cmd
        }
    };
    cmd.args(options);
    cmd.arg("-cp").arg(class_path).arg(main);
    run_with_timeout(cmd, CASE_TIMEOUT)
}

fn class_case(run_seed: u64, case: usize, tally: &Mutex<Tally>) {
    let corpus = corpus();
    let mut rng = Rng::for_case(run_seed, case);
    let (file, main) = &corpus.files[rng.below(corpus.files.len())];
    let mut bytes = read_bytes(&corpus.classes.join(file));
    let mutation = match rng.below(5) {
        0 | 1 => mutate_code(&mut bytes, &mut rng),
        2 => mutate_call_sites(&mut bytes, &mut rng),
        _ => mutate_bytes(&mut bytes, &mut rng),
    };
    let options: &[&str] = match rng.below(4) {
        0 => &["-Xmx16m", "--gc-stress", "20"],
        1 => &["-Xmx16m", "--gc", "mark-compact", "--gc-stress", "50"],
        _ => &["-Xmx16m"],
    };
    let name = format!("class-{run_seed:x}-{case}");
    let dir = scratch_dir(&format!("fuzz/{name}"));
    write_bytes(&dir.join(file), &bytes);
    let outcome = run_mutant(&dir, main, options, false);
    let mut verdict = judge(&outcome);
    if verdict == Verdict::Hang && run_mutant(&dir, main, &["-Xint"], true).timed_out {
        verdict = Verdict::Fine; // HotSpot loops too: a real infinite loop
    }
    let describe = || {
        let kept = keep_failure(&name, file, &bytes);
        format!(
            "case {case} ({file}, {mutation}; run {main} {}): {verdict:?} ({}), kept in {}\n{}",
            options.join(" "),
            outcome.describe_status(),
            kept.display(),
            outcome.stderr_head(8)
        )
    };
    let kind = match verdict {
        Verdict::Fine if outcome.timed_out => "loops (as on HotSpot -Xint)".to_string(),
        Verdict::Fine => ending(&outcome),
        _ => format!("{verdict:?}"),
    };
    tally.lock().unwrap().record(verdict, kind, describe);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mutated_class_files_never_panic_signal_or_hang() {
    let cases = case_count(CI_CLASS_CASES);
    let run_seed = seed();
    let tally = Mutex::new(Tally::default());
    let numbers: Vec<usize> = (0..cases).collect();
    parallel_map(&numbers, PARALLEL_RUNS, |&case| {
        class_case(run_seed, case, &tally)
    });
    tally.into_inner().unwrap().report("class files", cases);
}

// ---------------------------------------------------------------------------
// Traces
// ---------------------------------------------------------------------------

/// Two real traces (one per collector) of a conformance program with a few collections.
fn traces() -> &'static [(String, Vec<u8>)] {
    static TRACES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    TRACES.get_or_init(|| {
        let dir = scratch_dir("fuzz-traces");
        ["semispace", "mark-compact"]
            .iter()
            .map(|gc| {
                let file = dir.join(format!("{gc}.gct"));
                let mut cmd = Command::new(gcvm_binary());
                cmd.args([
                    "run",
                    "-Xmx4m",
                    "--gc",
                    gc,
                    "--gc-stress",
                    "1500",
                    "--trace",
                ])
                .arg(&file)
                .arg("-cp")
                .arg(&corpus().classes)
                .arg("HashMaps");
                let outcome = run_with_timeout(cmd, RUN_TIMEOUT);
                assert_eq!(outcome.code, Some(0), "{}", outcome.stderr_head(10));
                (gc.to_string(), read_bytes(&file))
            })
            .collect()
    })
}

/// The reading commands a case runs, all on the same mutated trace `file`.
fn trace_commands(rng: &mut Rng, file: &str) -> Vec<Vec<String>> {
    let by = ["objects", "type", "site", "age", "space", "thread"][rng.below(6)];
    let at = ["end", "gc:1:start", "gc:2:end", "gc:99:end"][rng.below(4)];
    let json = if rng.below(2) == 0 { "--json" } else { "" };
    let commands = [
        vec!["trace", "info", file, json],
        vec!["stats", file, json],
        vec!["heap", file, "--at", at, "--by", by, json],
    ];
    commands
        .iter()
        .map(|c| {
            c.iter()
                .filter(|a| !a.is_empty())
                .map(|a| a.to_string())
                .collect()
        })
        .collect()
}

fn trace_case(run_seed: u64, case: usize, tally: &Mutex<Tally>) {
    let mut rng = Rng::for_case(run_seed ^ 0x7ACE, case);
    let (gc, original) = &traces()[rng.below(2)];
    let mut bytes = original.clone();
    let mutation = mutate_bytes(&mut bytes, &mut rng);
    let name = format!("trace-{run_seed:x}-{case}");
    let dir = scratch_dir(&format!("fuzz/{name}"));
    let file = dir.join("mutant.gct");
    write_bytes(&file, &bytes);
    for args in trace_commands(&mut rng, &file.to_string_lossy()) {
        let mut cmd = Command::new(gcvm_binary());
        cmd.args(&args);
        let outcome = run_with_timeout(cmd, CASE_TIMEOUT);
        let verdict = judge(&outcome);
        let describe = || {
            let kept = keep_failure(&name, "mutant.gct", &bytes);
            format!(
                "case {case} ({gc} trace, {mutation}; gcvm {}): {verdict:?} ({}), kept in {}\n{}",
                args.join(" "),
                outcome.describe_status(),
                kept.display(),
                outcome.stderr_head(8)
            )
        };
        let kind = match (verdict, outcome.code) {
            (Verdict::Fine, Some(0)) => "read".to_string(),
            (Verdict::Fine, _) => "rejected".to_string(),
            (v, _) => format!("{v:?}"),
        };
        tally.lock().unwrap().record(verdict, kind, describe);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mutated_traces_never_panic_signal_or_hang() {
    let cases = case_count(CI_TRACE_CASES);
    let run_seed = seed();
    traces();
    let tally = Mutex::new(Tally::default());
    let numbers: Vec<usize> = (0..cases).collect();
    parallel_map(&numbers, PARALLEL_RUNS, |&case| {
        trace_case(run_seed, case, &tally)
    });
    tally.into_inner().unwrap().report("traces", cases);
}
