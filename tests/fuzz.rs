//! Fuzzing the `gcvm` binary with mutated inputs: class files from the conformance suite
//! (`gcvm run`) and recorded traces (every command that reads one). Whatever the bytes, gcvm
//! must end by itself with an exit code: never a Rust panic (or "internal error"), never a
//! signal, never a hang. Java-level outcomes (VerifyError, ClassFormatError, exceptions, exit
//! codes) are all fine. A run that is still going after `CASE_TIMEOUT` counts as a hang unless
//! HotSpot, given the same class files, loops as well (a mutated branch can make a real
//! infinite loop).
//!
//! Traces are mutated two ways: as raw bytes (nearly every mutation stops at a checksum, a
//! length or a magic), and behind the checksums (`checksum_valid_trace_mutants_...`: the events
//! of chunks, the trailer and the header's fields are changed, then lengths, CRCs and the
//! footer are made right, so the mutants reach the event decoder, the heap model and every
//! analysis and export). A trace reader must also stay under `MEMORY_LIMIT_KIB` of resident
//! memory, and a trace it rejects must be one line naming the byte offset.
//!
//! Cases are deterministic: case `i` of a run with seed `s` is always the same mutation.
//! `GCVM_FUZZ_CASES` (default: a CI-sized run of about a minute per test), `GCVM_FUZZ_SEED`
//! and `GCVM_FUZZ_FIRST` (the first case's number) choose the run; failing inputs are kept
//! under `CARGO_TARGET_TMPDIR/fuzz-failures/` to reproduce. The big run behind the checksums
//! (docs/trace-format.md, "Fuzzing"):
//! `GCVM_FUZZ_CASES=5000 cargo test --release --test fuzz checksum_valid -- --nocapture`.

mod fuzz_mutations;
mod support;

use fuzz_mutations::mutate_behind_checksums;

use gcvm_tracer::format;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use support::classfile;
use support::*;

const CASE_TIMEOUT: Duration = Duration::from_secs(10);
const CI_CLASS_CASES: usize = 600;
const CI_TRACE_CASES: usize = 300;
const CI_VALID_TRACE_CASES: usize = 1500;

fn case_count(default: usize) -> usize {
    std::env::var("GCVM_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `GCVM_FUZZ_FIRST`: the number of the first case (default 0), to run one case again.
fn first_case() -> usize {
    std::env::var("GCVM_FUZZ_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
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
    /// Trace readers: a peak resident set over `MEMORY_LIMIT_KIB`.
    Memory,
    /// Trace readers: a rejection that is not one line naming the byte offset.
    Unclear,
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
/// Trace readers also count their runs per ending and keep the largest peak resident set.
#[derive(Default)]
struct Tally {
    verdicts: BTreeMap<Verdict, usize>,
    kinds: BTreeMap<String, usize>,
    failures: Vec<String>,
    ends: BTreeMap<&'static str, usize>,
    /// Cases per trace of the corpus.
    traces: BTreeMap<String, usize>,
    /// Rejections per reason (the message with its numbers left out).
    reasons: BTreeMap<String, usize>,
    /// The largest peak resident set (KiB) and the command that reached it.
    peak: (u64, String),
    /// The longest run (not stopped) and its command.
    slowest: (Duration, String),
    wall: Option<Duration>,
}

impl Tally {
    fn record(&mut self, verdict: Verdict, kind: String, failure: impl FnOnce() -> String) {
        *self.verdicts.entry(verdict).or_default() += 1;
        *self.kinds.entry(kind).or_default() += 1;
        if verdict != Verdict::Fine {
            self.failures.push(failure());
        }
    }

    /// One reading command's run: how it ended and its peak resident set.
    fn reading(&mut self, end: &'static str, m: &Measured, what: impl FnOnce() -> String) {
        *self.ends.entry(end).or_default() += 1;
        if end == "rejected" {
            *self
                .reasons
                .entry(reason(&m.outcome.stderr_text()))
                .or_default() += 1;
        }
        let peak_kib = m.peak_kib;
        let elapsed = m.outcome.elapsed;
        if peak_kib > self.peak.0 || (elapsed > self.slowest.0 && !m.served) {
            let what = what();
            if peak_kib > self.peak.0 {
                self.peak = (peak_kib, what.clone());
            }
            if elapsed > self.slowest.0 && !m.served {
                self.slowest = (elapsed, what);
            }
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
        if !self.ends.is_empty() {
            let runs: usize = self.ends.values().sum();
            let ends: Vec<String> = self.ends.iter().map(|(e, n)| format!("{n} {e}")).collect();
            eprintln!(
                "    {runs} commands run: {}; {} over the memory limit, {} unclear rejections{}",
                ends.join(", "),
                count(Verdict::Memory),
                count(Verdict::Unclear),
                self.wall.map_or(String::new(), |w| format!(
                    "; wall time {:.1} s",
                    w.as_secs_f64()
                ))
            );
            let traces: Vec<String> = self
                .traces
                .iter()
                .map(|(t, n)| format!("{t} {n}"))
                .collect();
            eprintln!("    mutated traces of {}", traces.join(", "));
            eprintln!(
                "    largest peak RSS {:.1} MiB ({})",
                self.peak.0 as f64 / 1024.0,
                self.peak.1
            );
            eprintln!(
                "    slowest run {:.2} s ({})",
                self.slowest.0.as_secs_f64(),
                self.slowest.1
            );
        }
        for (kind, n) in &self.kinds {
            eprintln!("    {n:5}  {kind}");
        }
        let mut reasons: Vec<(&String, &usize)> = self.reasons.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1));
        if !reasons.is_empty() {
            eprintln!("    the most frequent reasons for rejection:");
        }
        for (why, n) in reasons.iter().take(15) {
            eprintln!("    {n:5}  {why}");
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
    let numbers: Vec<usize> = (first_case()..first_case() + cases).collect();
    parallel_map(&numbers, PARALLEL_RUNS, |&case| {
        class_case(run_seed, case, &tally)
    });
    tally.into_inner().unwrap().report("class files", cases);
}

// ---------------------------------------------------------------------------
// Traces: the recorded corpus, the reading commands, measured runs
// ---------------------------------------------------------------------------

/// A collection forced every this many allocations: HashMaps in a 4 MB heap then has a few
/// dozen collections per collector.
const TRACE_GC_STRESS: &str = "500";

/// A run whose peak resident set exceeds this fails (and is stopped there). Every command on
/// the unmutated corpus stays far below it (the checksum-valid test prints the largest peak of
/// both the unmutated and the mutated runs).
const MEMORY_LIMIT_KIB: u64 = 256 << 10;

/// Reading commands per mutated trace (a random subset of `TRACE_COMMANDS`).
const COMMANDS_PER_TRACE: usize = 3;

/// One recorded trace of the corpus.
struct Recorded {
    /// The collector, and "+deaths+pointers" when recorded with `--trace-deaths` and
    /// `--trace-pointers`, "+activity" with `--activity`.
    name: String,
    deaths: bool,
    activity: bool,
    bytes: Vec<u8>,
}

impl Recorded {
    /// The deaths traces are recorded with `--trace-pointers` too.
    fn pointers(&self) -> bool {
        self.deaths
    }
}

/// Real traces of a conformance program under every collector: plain, with `--trace-deaths`
/// and `--trace-pointers`, and with `--activity`, in a small heap with many forced collections. They are recorded once and
/// kept (`CARGO_TARGET_TMPDIR/fuzz-corpus/`, keyed by the program and the options), so that
/// case `i` of a seed is the same mutant in every run; a kept trace the reader no longer reads
/// to its end (the format changed) is recorded again.
fn traces() -> &'static [Recorded] {
    static TRACES: OnceLock<Vec<Recorded>> = OnceLock::new();
    TRACES.get_or_init(|| {
        let dir = target_tmp().join("fuzz-corpus");
        std::fs::create_dir_all(&dir).unwrap();
        let classes = &corpus().classes;
        let program = read_bytes(&classes.join("HashMaps.class"));
        let runs: Vec<(&str, bool, bool)> = COLLECTORS
            .iter()
            .flat_map(|&gc| [(gc, false, false), (gc, true, false), (gc, false, true)])
            .collect();
        parallel_map(&runs, PARALLEL_RUNS, |&(gc, deaths, activity)| {
            let name = match (deaths, activity) {
                (true, _) => format!("{gc}+deaths+pointers"),
                (_, true) => format!("{gc}+activity"),
                _ => gc.to_string(),
            };
            let mut options = vec!["-Xmx4m", "--gc", gc, "--gc-stress", TRACE_GC_STRESS];
            if deaths {
                options.push("--trace-deaths");
                options.push("--trace-pointers");
            }
            if activity {
                options.push("--activity");
            }
            let key = stable_hash(options.iter().map(|o| o.as_bytes()).chain([
                &program[..],
                &format::VERSION.to_le_bytes(),
                &CORPUS_REVISION.to_le_bytes(),
            ]));
            let file = dir.join(format!("{name}-{key:016x}.gct"));
            if !reads_to_the_end(&file) {
                let tmp = dir.join(format!("{name}-{key:016x}.tmp-{}", std::process::id()));
                let mut cmd = Command::new(gcvm_binary());
                cmd.arg("run").args(&options).arg("--trace").arg(&tmp);
                cmd.arg("-cp").arg(classes).arg("HashMaps");
                let outcome = run_with_timeout(cmd, RUN_TIMEOUT);
                assert_eq!(outcome.code, Some(0), "{}", outcome.stderr_head(10));
                std::fs::rename(&tmp, &file).unwrap();
            }
            Recorded {
                name,
                deaths,
                activity,
                bytes: read_bytes(&file),
            }
        })
    })
}

/// Changes when what the VM records changes within a format version (new event ids that
/// older traces lack but still read without), so that kept traces are recorded again:
/// 1: concurrent mark-sweep's runs of cells; 2: the deaths traces record pointers too.
const CORPUS_REVISION: u32 = 2;

/// Does the trace at `file` exist and read without an error to its trailer?
fn reads_to_the_end(file: &Path) -> bool {
    let Ok(mut reader) = gcvm_tools::TraceReader::open(file) else {
        return false;
    };
    loop {
        match reader.next_event() {
            Ok(Some(_)) => {}
            Ok(None) => return reader.trailer().is_some(),
            Err(_) => return false,
        }
    }
}

/// Every command that reads a trace file (`gcvm compare` records its own traces; `gcvm
/// replay` of a trace computes its tiles, then serves the viewer until stopped: it is stopped
/// once it says where).
const TRACE_COMMANDS: [&str; 17] = [
    "trace info",
    "stats",
    "heap",
    "diff",
    "overview",
    "lifetimes",
    "deaths",
    "activity",
    "escapees",
    "leaks",
    "paths",
    "dominators",
    "hprof",
    "export --perfetto",
    "export --parquet",
    "tiles",
    "replay",
];

/// What `gcvm replay` prints once it serves.
const REPLAY_READY: &str = "heap viewer at";

/// A boundary: the end, or a collection's start or end (some past the last collection).
fn boundary(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 | 1 => "end".to_string(),
        2 => format!("gc:{}:start", rng.below(40)),
        3 | 4 => format!("gc:{}:end", rng.below(40)),
        _ => "gc:999:end".to_string(),
    }
}

/// The arguments of `command` on `file`, options chosen by `rng`; what it writes goes to `out`.
fn command_args(command: &str, rng: &mut Rng, file: &str, out: &Path) -> Vec<String> {
    let json = ["", "--json"][rng.below(2)];
    let plot = match rng.below(3) {
        0 => out.join("plot.svg").to_string_lossy().into_owned(),
        1 => out.join("plot.html").to_string_lossy().into_owned(),
        _ => String::new(),
    };
    let plot = |args: &mut Vec<String>| {
        if !plot.is_empty() {
            args.extend(["--plot".to_string(), plot.clone()]);
        }
    };
    let out = |f: &str| out.join(f).to_string_lossy().into_owned();
    let mut args: Vec<String> = match command.split_once(" --") {
        Some((export, _)) => vec![export.to_string()],
        None => command.split(' ').map(String::from).collect(),
    };
    args.push(file.to_string());
    let mut more = |a: &[&str]| args.extend(a.iter().map(|s| s.to_string()));
    match command {
        "trace info" | "stats" | "escapees" => more(&[json]),
        "heap" => {
            let by = [
                "objects",
                "type",
                "site",
                "age",
                "space",
                "thread",
                "type,site",
                "age,type",
            ][rng.below(8)];
            let at = boundary(rng);
            more(&["--at", &at, "--by", by, json]);
        }
        "diff" => {
            let from = format!("gc:{}:{}", rng.below(30), ["start", "end"][rng.below(2)]);
            let to = boundary(rng);
            let by = ["type", "site", "thread", "type,site", "thread,type"][rng.below(5)];
            more(&["--from", &from, "--to", &to, "--by", by, json]);
        }
        "overview" | "leaks" => {
            more(&[json]);
            plot(&mut args);
        }
        "lifetimes" => {
            more(&["--by", ["type", "site"][rng.below(2)], json]);
            plot(&mut args);
        }
        "deaths" => {
            let top = ["1", "30", "1000"][rng.below(3)];
            more(&["--top", top, json]);
            if rng.below(2) == 0 {
                more(&["--plot", &out("hive.svg")]);
            }
        }
        "activity" => {
            let by = ["method", "class", "package"][rng.below(3)];
            let top = ["1", "10", "1000"][rng.below(3)];
            more(&["--by", by, "--top", top, json]);
            if rng.below(2) == 0 {
                // A collection of the corpus's (about 30), or one no trace has.
                let gc = [rng.below(20), 999][rng.below(4) / 3];
                more(&["--around", &format!("gc:{gc}")]);
            }
            if rng.below(3) == 0 {
                more(&["--window", ["1", "50"][rng.below(2)]]);
            }
        }
        "paths" => {
            let at = boundary(rng);
            let to = [
                "java.lang.String",
                "HashMaps",
                "site:HashMaps.main",
                "0x1000",
            ][rng.below(4)];
            let limit = ["1", "10"][rng.below(2)];
            more(&["--at", &at, "--to", to, "--limit", limit, json]);
        }
        "dominators" => {
            let at = boundary(rng);
            let by = [None, Some("type"), Some("site")][rng.below(3)];
            more(&["--at", &at, json]);
            if let Some(by) = by {
                more(&["--by", by]);
            }
        }
        "hprof" => {
            let at = boundary(rng);
            more(&["--at", &at, "-o", &out("heap.hprof")]);
        }
        "export --perfetto" => more(&["--perfetto", &out("perfetto.json")]),
        "export --parquet" => {
            let at = boundary(rng);
            more(&["--parquet", &out("parquet"), "--at", &at]);
        }
        "tiles" => {
            let size = ["256", "8k", "1m"][rng.below(3)];
            more(&["--tile-size", size, "-o", &out("tiles.rec")]);
        }
        "replay" => {
            let size = ["4k", "64k"][rng.below(2)];
            more(&["--stream=127.0.0.1:0", "--tile-size", size]);
        }
        other => panic!("no arguments for {other}"),
    }
    args.retain(|a| !a.is_empty());
    args
}

/// `COMMANDS_PER_TRACE` different commands (`deaths` only on traces with deaths, `activity`
/// only on traces with activity, `paths` and `dominators` only on traces with pointers).
fn pick_commands(rng: &mut Rng, trace: &Recorded) -> Vec<&'static str> {
    let mut pool: Vec<&str> = TRACE_COMMANDS
        .iter()
        .copied()
        .filter(|&c| trace.deaths || c != "deaths")
        .filter(|&c| trace.activity || c != "activity")
        .filter(|&c| trace.pointers() || (c != "paths" && c != "dominators"))
        .collect();
    (0..COMMANDS_PER_TRACE)
        .map(|_| pool.remove(rng.below(pool.len())))
        .collect()
}

/// How a measured run ended, and its peak resident set.
struct Measured {
    outcome: Outcome,
    /// The child's peak resident set (`ru_maxrss` from wait4), KiB.
    peak_kib: u64,
    /// Stopped for going over `MEMORY_LIMIT_KIB`.
    over_memory: bool,
    /// Stopped once it said it serves (`REPLAY_READY`).
    served: bool,
}

/// The resident set of a running process, KiB.
fn resident_kib(pid: libc::pid_t) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Reads a pipe to its end on a thread, into a buffer readable while it runs.
fn drain(mut pipe: impl Read + Send + 'static) -> (Arc<Mutex<Vec<u8>>>, mpsc::Receiver<()>) {
    let buf = Arc::new(Mutex::new(Vec::new()));
    let (done, finished) = mpsc::channel();
    let into = Arc::clone(&buf);
    std::thread::spawn(move || {
        let mut chunk = [0u8; 8192];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => into.lock().unwrap().extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = done.send(());
    });
    (buf, finished)
}

/// Waits for our child `pid`: Some((wait status, peak RSS in KiB)) once it ended.
fn wait_child(pid: libc::pid_t, block: bool) -> Option<(i32, u64)> {
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data, written by the kernel; the pointers are valid.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            return Some((status, usage.ru_maxrss as u64));
        }
        if r == 0 {
            return None;
        }
        let e = std::io::Error::last_os_error();
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::Interrupted,
            "wait4({pid}): {e}"
        );
    }
}

/// Runs `cmd` like `run_with_timeout`, reaping it with wait4 for its peak resident set; stops
/// it (by its own id) at the timeout, above `MEMORY_LIMIT_KIB`, or once `ready` is on stderr.
fn run_measured(mut cmd: Command, timeout: Duration, ready: Option<&str>) -> Measured {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
    let pid = child.id() as libc::pid_t;
    let (stdout, stdout_done) = drain(child.stdout.take().expect("piped stdout"));
    let (stderr, stderr_done) = drain(child.stderr.take().expect("piped stderr"));
    let (mut timed_out, mut over_memory, mut served) = (false, false, false);
    let (status, peak_kib) = loop {
        if let Some(ended) = wait_child(pid, false) {
            break ended;
        }
        over_memory = resident_kib(pid).is_some_and(|k| k > MEMORY_LIMIT_KIB);
        served = !over_memory
            && ready.is_some_and(|r| String::from_utf8_lossy(&stderr.lock().unwrap()).contains(r));
        timed_out = !over_memory && !served && start.elapsed() >= timeout;
        if over_memory || served || timed_out {
            let _ = child.kill(); // not reaped yet: the id is still our child's
            break wait_child(pid, true).expect("a blocking wait ends");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = start.elapsed();
    let grace = Duration::from_secs(5);
    let _ = stdout_done.recv_timeout(grace);
    let _ = stderr_done.recv_timeout(grace);
    let stopped = timed_out || over_memory || served;
    let code = (!stopped && libc::WIFEXITED(status)).then(|| libc::WEXITSTATUS(status));
    let take = |b: &Arc<Mutex<Vec<u8>>>| std::mem::take(&mut *b.lock().unwrap());
    Measured {
        outcome: Outcome {
            code,
            timed_out,
            stdout: take(&stdout),
            stderr: take(&stderr),
            elapsed,
        },
        peak_kib,
        over_memory: over_memory || peak_kib > MEMORY_LIMIT_KIB,
        served,
    }
}

/// Refusals that are not about damage and name no offset: a boundary or collection the trace
/// lacks, deaths or activity not recorded, `diff --from` not before `--to`.
const NOT_DAMAGE: &[&str] = &[
    "not found: the trace has",
    "has no death records",
    "has no activity records",
    "the trace has no pointers",
    "must come before --to",
];

/// A rejected trace must say so in one line, `gcvm: trace byte N: ...` (the offset of the
/// damage), or be one of the `NOT_DAMAGE` refusals.
fn clear_rejection(stderr: &str) -> bool {
    let mut lines = stderr.lines();
    let (Some(line), None) = (lines.next(), lines.next()) else {
        return false;
    };
    let Some(message) = line.strip_prefix("gcvm: ") else {
        return false;
    };
    let names_offset = message
        .match_indices("trace byte ")
        .any(|(i, m)| message[i + m.len()..].starts_with(|c: char| c.is_ascii_digit()));
    names_offset || NOT_DAMAGE.iter().any(|m| message.contains(m))
}

/// The verdict on one reading command: `judge`'s, and over the memory limit, or a rejection
/// that is not one clear line naming the offset.
fn judge_reading(m: &Measured) -> Verdict {
    let o = &m.outcome;
    if m.over_memory {
        Verdict::Memory
    } else if m.served && o.panic_marker().is_none() {
        Verdict::Fine
    } else {
        match judge(o) {
            Verdict::Fine if o.code != Some(0) && !clear_rejection(&o.stderr_text()) => {
                Verdict::Unclear
            }
            v => v,
        }
    }
}

/// Why a trace was rejected: its error line without the offsets and numbers.
fn reason(stderr: &str) -> String {
    let line = stderr.lines().next().unwrap_or("");
    let line = line.rsplit("): ").next().unwrap_or(line);
    let line = line.rsplit("trace byte ").next().unwrap_or(line);
    let words: String = line
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect();
    let mut short: String = words
        .split_whitespace()
        .take(9)
        .collect::<Vec<_>>()
        .join(" ");
    short.truncate(90);
    short
}

/// "read", "rejected" or "served" (a fine run), else the verdict.
fn reading_end(verdict: Verdict, m: &Measured) -> &'static str {
    match verdict {
        Verdict::Fine if m.served => "served",
        Verdict::Fine if m.outcome.code == Some(0) => "read",
        Verdict::Fine => "rejected",
        Verdict::Panic => "PANIC",
        Verdict::Signal => "SIGNAL",
        Verdict::Hang => "HANG",
        Verdict::Memory => "MEMORY",
        Verdict::Unclear => "UNCLEAR",
    }
}

/// Runs `gcvm args...` with the case timeout, measured.
fn run_reading(args: &[String]) -> Measured {
    let mut cmd = Command::new(gcvm_binary());
    cmd.args(args);
    let ready = (args[0] == "replay").then_some(REPLAY_READY);
    run_measured(cmd, CASE_TIMEOUT, ready)
}

/// Mutates a trace: the new bytes and a one-line description.
type TraceMutator = fn(&[u8], &mut Rng) -> (Vec<u8>, String);

/// One case: a mutant of a trace of the corpus, read by `COMMANDS_PER_TRACE` commands.
fn trace_case(label: &str, salt: u64, mutate: TraceMutator, case: usize, tally: &Mutex<Tally>) {
    let run_seed = seed();
    let mut rng = Rng::for_case(run_seed ^ salt, case);
    let corpus = traces();
    let trace = &corpus[rng.below(corpus.len())];
    let (bytes, mutation) = mutate(&trace.bytes, &mut rng);
    *tally
        .lock()
        .unwrap()
        .traces
        .entry(trace.name.clone())
        .or_default() += 1;
    let name = format!("{label}-{run_seed:x}-{case}");
    let dir = scratch_dir(&format!("fuzz/{name}"));
    let file = dir.join("mutant.gct");
    write_bytes(&file, &bytes);
    for command in pick_commands(&mut rng, trace) {
        let args = command_args(command, &mut rng, &file.to_string_lossy(), &dir);
        let m = run_reading(&args);
        let verdict = judge_reading(&m);
        let describe = || {
            let kept = keep_failure(&name, "mutant.gct", &bytes);
            format!(
                "case {case} ({} trace, {mutation}; gcvm {}): {verdict:?} ({}, peak {} MiB), kept in {}\n{}",
                trace.name,
                args.join(" "),
                m.outcome.describe_status(),
                m.peak_kib >> 10,
                kept.display(),
                m.outcome.stderr_head(8)
            )
        };
        let end = reading_end(verdict, &m);
        let mut t = tally.lock().unwrap();
        t.record(verdict, format!("{command}: {end}"), describe);
        t.reading(end, &m, || format!("gcvm {}", args.join(" ")));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `cases` cases of `mutate` on the corpus, two at a time, and reports.
fn fuzz_traces(what: &str, label: &str, salt: u64, mutate: TraceMutator, cases: usize) {
    let started = Instant::now();
    traces();
    let tally = Mutex::new(Tally::default());
    let numbers: Vec<usize> = (first_case()..first_case() + cases).collect();
    parallel_map(&numbers, PARALLEL_RUNS, |&case| {
        trace_case(label, salt, mutate, case, &tally)
    });
    let mut tally = tally.into_inner().unwrap();
    tally.wall = Some(started.elapsed());
    tally.report(what, cases);
}

/// Raw byte mutations of the whole file: nearly all stop at a checksum, a length or a magic.
fn mutate_file_bytes(bytes: &[u8], rng: &mut Rng) -> (Vec<u8>, String) {
    let mut bytes = bytes.to_vec();
    let what = mutate_bytes(&mut bytes, rng);
    (bytes, what)
}

#[test]
fn mutated_traces_never_panic_signal_or_hang() {
    let cases = case_count(CI_TRACE_CASES);
    fuzz_traces("traces", "trace", 0x7ACE, mutate_file_bytes, cases);
}

/// Every command on every unmutated trace of the corpus reads it (or refuses what the trace
/// does not have); their largest peak resident set, for `MEMORY_LIMIT_KIB`.
fn unmutated_runs() -> (u64, String) {
    let dir = scratch_dir("fuzz/unmutated");
    let runs: Vec<(usize, &str)> = (0..traces().len())
        .flat_map(|t| TRACE_COMMANDS.iter().map(move |&c| (t, c)))
        .collect();
    let peaks = parallel_map(&runs, PARALLEL_RUNS, |&(t, command)| {
        let trace = &traces()[t];
        let out = dir.join(format!("{}-{}", trace.name, command.replace(' ', "")));
        std::fs::create_dir_all(&out).unwrap();
        let file = out.join("trace.gct");
        write_bytes(&file, &trace.bytes);
        let mut rng = Rng::for_case(0, 0);
        let args = command_args(command, &mut rng, &file.to_string_lossy(), &out);
        let m = run_reading(&args);
        let verdict = judge_reading(&m);
        let fine = verdict == Verdict::Fine
            && (m.outcome.code == Some(0)
                || m.served
                || (command == "deaths" && !trace.deaths)
                || (command == "activity" && !trace.activity)
                || (matches!(command, "paths" | "dominators") && !trace.pointers()));
        assert!(
            fine,
            "the unmutated {} trace: gcvm {}: {verdict:?} ({})\n{}",
            trace.name,
            args.join(" "),
            m.outcome.describe_status(),
            m.outcome.stderr_head(8)
        );
        (
            m.peak_kib,
            format!("gcvm {} ({})", args.join(" "), trace.name),
        )
    });
    let _ = std::fs::remove_dir_all(&dir);
    peaks.into_iter().max().unwrap_or_default()
}

/// Mutations behind the checksums: the events of chunks (and the trailer, and the header's
/// fields) are changed, then lengths, checksums and the footer are made right again, so that
/// every mutant reaches the event decoder, the heap model and the analyses.
#[test]
fn checksum_valid_trace_mutants_never_panic_hang_or_run_away() {
    let cases = case_count(CI_VALID_TRACE_CASES);
    let (peak, what) = unmutated_runs();
    eprintln!(
        "fuzz traces behind the checksums: {} traces ({}); unmutated, the largest peak RSS is {:.1} MiB ({what}); the limit {} MiB",
        traces().len(),
        traces().iter().map(|t| t.name.as_str()).collect::<Vec<_>>().join(", "),
        peak as f64 / 1024.0,
        MEMORY_LIMIT_KIB >> 10
    );
    fuzz_traces(
        "traces behind the checksums",
        "valid",
        0xC4C5,
        mutate_behind_checksums,
        cases,
    );
}
