//! Shared helpers for gcvm's integration tests.
//!
//! Every integration test file that drives the `gcvm` binary against real
//! `javac` output includes this module with `mod support;`. It knows how to
//!
//! * find a JDK 17 (`javac`/`java`/`jar`) to produce class files and reference
//!   output,
//! * compile Java sources once and reuse the classes across test runs
//!   (keyed by a hash of the sources),
//! * run HotSpot as the reference VM, caching its stdout and exit code next to
//!   the classes (keyed by a hash of the program's source and the reference
//!   command), so reruns only pay for gcvm,
//! * run `gcvm` (or any command) with a timeout, capturing stdout and stderr,
//! * compare a gcvm run with the reference and describe the first difference.
//!
//! Only `std` is used (and gcvm-interp, by `classfile.rs`, to find instructions). Paths live
//! under `CARGO_TARGET_TMPDIR`.
#![allow(dead_code)]

pub mod classfile;

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Every garbage collector gcvm offers through `--gc NAME`. Tests that must
/// hold for each collector iterate over this list, so a new collector is
/// added to the test matrix here and nowhere else.
pub const COLLECTORS: &[&str] = &gcvm_gc::COLLECTOR_NAMES;

/// How long one gcvm (or HotSpot) run of a test program may take before it
/// is killed and reported as "timed out".
pub const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// How many programs run at the same time. The machine has 2 cores, shared.
pub const PARALLEL_RUNS: usize = 2;

/// The reference VM's options. `-Xint` keeps HotSpot in its interpreter (the
/// closest analogue of gcvm) and `-XX:+UseSerialGC` avoids GC threads.
/// `-Xss16m`: HotSpot's interpreter frames are big enough that its default
/// 1 MB stack cannot reach recursion depth 10000, which the conformance suite
/// requires to work (StackOverflow.java); gcvm's default stack must.
pub const HOTSPOT_ARGS: &[&str] = &["-Xint", "-XX:+UseSerialGC", "-Xss16m"];

/// Text that must never appear on gcvm's stderr: it means a Rust panic
/// escaped instead of a Java-level error.
pub const PANIC_MARKERS: &[&str] = &["panicked at", "RUST_BACKTRACE", "gcvm: internal error"];

// ---------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------

/// The gcvm binary built by cargo for this test run.
/// Options that count code activity as hard as a test can: 1 ms intervals (swaps inside natives
/// and exceptions), states recorded into a trace that goes nowhere, a collection every 50
/// allocations (safepoint stops), a small heap.
pub const ACTIVITY_STRESS_OPTIONS: &[&str] = &[
    "--activity=1",
    "--trace",
    "/dev/null",
    "--gc-stress",
    "50",
    "-Xmx16m",
];

pub fn gcvm_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gcvm"))
}

/// The repository root (where Cargo.toml of the `gcvm` package lives).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Cargo's scratch directory for integration tests (kept between runs).
pub fn target_tmp() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// A fresh, empty directory `CARGO_TARGET_TMPDIR/scratch/<name>`. Use one
/// name per test so parallel tests never share a directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = target_tmp().join("scratch").join(name);
    if dir.exists() {
        fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("cannot clear {}: {e}", dir.display()));
    }
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// All `*.java` files directly inside `dir`, sorted by file name.
pub fn java_sources_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|ext| ext == "java"))
        .collect();
    files.sort();
    files
}

/// The main class name of a single-file program: its file stem.
pub fn class_name_of(source: &Path) -> String {
    source
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_else(|| panic!("bad source file name {}", source.display()))
        .to_string()
}

// ---------------------------------------------------------------------------
// Stable hashing (std's DefaultHasher is not guaranteed stable across Rust
// releases, and these keys name files that outlive one build).
// ---------------------------------------------------------------------------

/// 64-bit FNV-1a over a sequence of byte strings (each followed by a 0xff
/// separator so that ["ab","c"] and ["a","bc"] differ).
pub fn stable_hash<I, B>(parts: I) -> u64
where
    I: IntoIterator<Item = B>,
    B: AsRef<[u8]>,
{
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.as_ref().iter().chain(std::iter::once(&0xffu8)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

// ---------------------------------------------------------------------------
// Running commands
// ---------------------------------------------------------------------------

/// What a finished (or killed) process did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The exit code, or `None` if the process died from a signal or was
    /// killed on timeout.
    pub code: Option<i32>,
    /// Set when the process was killed because it exceeded the timeout.
    pub timed_out: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub elapsed: Duration,
}

impl Outcome {
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// The first panic marker found on stderr, if any.
    pub fn panic_marker(&self) -> Option<&'static str> {
        let err = self.stderr_text();
        PANIC_MARKERS.iter().copied().find(|m| err.contains(m))
    }

    /// A one-line description of how the process ended.
    pub fn describe_status(&self) -> String {
        match (self.timed_out, self.code) {
            (true, _) => format!("timed out after {:.0?}", self.elapsed),
            (false, Some(c)) => format!("exit code {c}"),
            (false, None) => "killed by a signal".to_string(),
        }
    }

    /// The first `n` lines of stderr, for failure messages.
    pub fn stderr_head(&self, n: usize) -> String {
        let text = self.stderr_text();
        let mut lines: Vec<&str> = text.lines().take(n).collect();
        if text.lines().count() > n {
            lines.push("...");
        }
        lines.join("\n")
    }
}

#[cfg(unix)]
fn signal_of(status: &ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn signal_of(_status: &ExitStatus) -> Option<i32> {
    None
}

/// Run `cmd` to completion or until `timeout`, capturing stdout and stderr.
/// Stdin is closed. On timeout the process is killed (by its own id only)
/// and `timed_out` is set. Output is collected by reader threads; if a
/// stray grandchild keeps a pipe open, the reader is abandoned after a
/// short grace period instead of hanging the test. Panics only if the
/// command cannot be started.
pub fn run_with_timeout(mut cmd: Command, timeout: Duration) -> Outcome {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let description = format!("{cmd:?}");
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {description}: {e}"));

    let out_rx = spawn_reader(child.stdout.take().expect("piped stdout"));
    let err_rx = spawn_reader(child.stderr.take().expect("piped stderr"));

    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) => {
                if start.elapsed() >= timeout {
                    timed_out = true;
                    let _ = child.kill();
                    break child.wait().ok();
                }
                thread::sleep(Duration::from_millis(5));
            }
            Err(e) => panic!("waiting for {description}: {e}"),
        }
    };
    let elapsed = start.elapsed();
    let grace = Duration::from_secs(5);
    let stdout = out_rx.recv_timeout(grace).unwrap_or_default();
    let stderr = err_rx.recv_timeout(grace).unwrap_or_default();
    let code = match &status {
        Some(s) if !timed_out && signal_of(s).is_none() => s.code(),
        _ => None,
    };
    Outcome {
        code,
        timed_out,
        stdout,
        stderr,
        elapsed,
    }
}

fn spawn_reader<R: Read + Send + 'static>(mut pipe: R) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    rx
}

/// Run gcvm with the given arguments (e.g. `["run", "-cp", dir, "Main"]`).
pub fn run_gcvm<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Outcome {
    let mut cmd = Command::new(gcvm_binary());
    cmd.args(args);
    run_with_timeout(cmd, RUN_TIMEOUT)
}

/// Runs gcvm with `args`, which must succeed (exit 0): its stdout. A failure panics with the
/// command and the head of its stderr.
pub fn gcvm_ok(args: &[&str]) -> String {
    let o = run_gcvm(args);
    assert_eq!(
        o.code,
        Some(0),
        "gcvm {}: {}",
        args.join(" "),
        o.stderr_head(20)
    );
    o.stdout_text()
}

/// `gcvm run [options] -cp <classpath> <main_class>`.
pub fn run_gcvm_program(classpath: &Path, main_class: &str, options: &[&str]) -> Outcome {
    let mut cmd = Command::new(gcvm_binary());
    cmd.arg("run")
        .args(options)
        .arg("-cp")
        .arg(classpath)
        .arg(main_class);
    run_with_timeout(cmd, RUN_TIMEOUT)
}

/// Assert that gcvm's stderr shows no escaped Rust panic.
pub fn assert_no_panic(outcome: &Outcome, context: &str) {
    if let Some(marker) = outcome.panic_marker() {
        panic!(
            "{context}: gcvm's stderr contains {marker:?} (a Rust panic escaped):\n{}",
            outcome.stderr_head(20)
        );
    }
}

// ---------------------------------------------------------------------------
// The JDK
// ---------------------------------------------------------------------------

/// A JDK 17 installation (`bin` directory holding javac, java and jar).
#[derive(Clone, Debug)]
pub struct Jdk {
    pub bin: Option<PathBuf>,
    /// The first line of `java -version`, part of the reference cache key.
    pub version_line: String,
}

impl Jdk {
    pub fn tool(&self, name: &str) -> PathBuf {
        match &self.bin {
            Some(bin) => bin.join(name),
            None => PathBuf::from(name),
        }
    }
}

fn java_version_line(java: &Path) -> Option<String> {
    let out = Command::new(java)
        .arg("-version")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    text.lines().next().map(|l| l.trim().to_string())
}

fn is_java_17(version_line: &str) -> bool {
    version_line.contains("\"17\"") || version_line.contains("\"17.")
}

/// Find a JDK 17: `$JAVA_HOME`, then the tools on `PATH`, then
/// `/usr/lib/jvm/*17*`. The reference output must come from Java 17
/// (e.g. `Double.toString` changed in Java 19), so other versions are skipped.
pub fn jdk() -> &'static Jdk {
    static JDK: OnceLock<Jdk> = OnceLock::new();
    JDK.get_or_init(|| {
        let mut candidates: Vec<Option<PathBuf>> = Vec::new();
        if let Some(home) = std::env::var_os("JAVA_HOME") {
            candidates.push(Some(PathBuf::from(home).join("bin")));
        }
        candidates.push(None);
        if let Ok(entries) = fs::read_dir("/usr/lib/jvm") {
            let mut dirs: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().contains("17")))
                .collect();
            dirs.sort();
            candidates.extend(dirs.into_iter().map(|d| Some(d.join("bin"))));
        }
        let mut seen = Vec::new();
        for bin in candidates {
            let java = match &bin {
                Some(b) => b.join("java"),
                None => PathBuf::from("java"),
            };
            if let Some(line) = java_version_line(&java) {
                if is_java_17(&line) {
                    let javac = match &bin {
                        Some(b) => b.join("javac"),
                        None => PathBuf::from("javac"),
                    };
                    if Command::new(&javac).arg("-version").output().is_ok_and(|o| o.status.success()) {
                        return Jdk { bin, version_line: line };
                    }
                }
                seen.push(format!("{} -> {line}", java.display()));
            }
        }
        panic!(
            "these tests need a JDK 17 (javac and java), e.g. `apt-get install openjdk-17-jdk-headless`; \
             found: {seen:?}"
        );
    })
}

// ---------------------------------------------------------------------------
// Compiling Java
// ---------------------------------------------------------------------------

/// Compile `sources` with `javac --release 17` into `out_dir` (created).
/// Returns javac's diagnostics on failure.
pub fn compile_java(sources: &[PathBuf], out_dir: &Path) -> Result<(), String> {
    fs::create_dir_all(out_dir).map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let mut cmd = Command::new(jdk().tool("javac"));
    cmd.args(["--release", "17", "-encoding", "UTF-8", "-d"])
        .arg(out_dir)
        .args(sources);
    let outcome = run_with_timeout(cmd, Duration::from_secs(300));
    if outcome.code == Some(0) {
        Ok(())
    } else {
        Err(format!(
            "javac failed ({}):\n{}{}",
            outcome.describe_status(),
            outcome.stdout_text(),
            outcome.stderr_text()
        ))
    }
}

/// Compile `sources` once and reuse the result across test runs and test
/// processes: the classes go to `CARGO_TARGET_TMPDIR/classes/<label>-<hash>`
/// where the hash covers the file names and contents. A finished directory
/// is created by an atomic rename, so concurrent test binaries never see a
/// half-written one.
pub fn compile_java_cached(label: &str, sources: &[PathBuf]) -> PathBuf {
    let mut parts: Vec<Vec<u8>> = vec![
        b"javac --release 17".to_vec(),
        jdk().version_line.clone().into_bytes(),
    ];
    for src in sources {
        parts.push(
            src.file_name()
                .unwrap()
                .to_string_lossy()
                .as_bytes()
                .to_vec(),
        );
        parts.push(fs::read(src).unwrap_or_else(|e| panic!("cannot read {}: {e}", src.display())));
    }
    let key = stable_hash(&parts);
    let root = target_tmp().join("classes");
    let done = root.join(format!("{label}-{key:016x}"));
    if done.join(".complete").exists() {
        return done;
    }
    let tmp = root.join(format!(
        "{label}-{key:016x}.tmp-{}-{}",
        std::process::id(),
        unique_suffix()
    ));
    if let Err(msg) = compile_java(sources, &tmp) {
        let _ = fs::remove_dir_all(&tmp);
        panic!("compiling {label} failed:\n{msg}");
    }
    fs::write(tmp.join(".complete"), b"").expect("write completion marker");
    if fs::rename(&tmp, &done).is_err() {
        // Another process finished first; use its copy.
        let _ = fs::remove_dir_all(&tmp);
        assert!(
            done.join(".complete").exists(),
            "cannot install classes into {}",
            done.display()
        );
    }
    done
}

/// Write `(file name, contents)` pairs into a fresh source directory and
/// compile them (cached). Returns the class directory.
pub fn compile_snippets(label: &str, files: &[(&str, &str)]) -> PathBuf {
    let src_dir = target_tmp().join("snippets").join(format!(
        "{label}-{}-{}",
        std::process::id(),
        unique_suffix()
    ));
    fs::create_dir_all(&src_dir).expect("create snippet dir");
    let mut paths = Vec::new();
    for (name, text) in files {
        let p = src_dir.join(name);
        fs::write(&p, text).expect("write snippet");
        paths.push(p);
    }
    let classes = compile_java_cached(label, &paths);
    let _ = fs::remove_dir_all(&src_dir);
    classes
}

fn unique_suffix() -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!("{nanos}-{}", COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// Copy every regular file of `from` into `to` (flat; class files of the
/// default package).
pub fn copy_dir_files(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create target dir");
    for entry in fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("dir entry");
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            fs::copy(entry.path(), to.join(entry.file_name())).expect("copy file");
        }
    }
}

// ---------------------------------------------------------------------------
// The reference VM (HotSpot), cached
// ---------------------------------------------------------------------------

/// What the reference VM printed on stdout and how it exited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    pub stdout: Vec<u8>,
    pub code: i32,
}

/// Run HotSpot (`java HOTSPOT_ARGS -cp classes main_class`) once, uncached.
pub fn run_hotspot(classes: &Path, main_class: &str) -> Outcome {
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.args(HOTSPOT_ARGS)
        .arg("-cp")
        .arg(classes)
        .arg(main_class);
    run_with_timeout(cmd, RUN_TIMEOUT)
}

/// The reference result for `main_class`, whose behaviour is fully
/// determined by `source_text`. Cached in
/// `CARGO_TARGET_TMPDIR/hotspot-expected/<Main>-<hash>.expected` (first line
/// `exit <code>`, then stdout verbatim), the hash covering the source, the
/// reference options and the JDK version. On a cache miss HotSpot runs the
/// program twice and insists on identical results, so a nondeterministic
/// test program is caught when it is added.
pub fn hotspot_expected(classes: &Path, main_class: &str, source_text: &[u8]) -> Expected {
    let key = stable_hash([
        source_text,
        HOTSPOT_ARGS.join(" ").as_bytes(),
        jdk().version_line.as_bytes(),
    ]);
    let dir = target_tmp().join("hotspot-expected");
    let file = dir.join(format!("{main_class}-{key:016x}.expected"));
    if let Some(expected) = read_expected(&file) {
        return expected;
    }
    let first = reference_run(classes, main_class);
    let second = reference_run(classes, main_class);
    assert!(
        first == second,
        "{main_class} is not deterministic on HotSpot: two runs differ (exit codes {} and {}; {})",
        first.code,
        second.code,
        first_stdout_difference(&first.stdout, &second.stdout)
    );
    fs::create_dir_all(&dir).expect("create cache dir");
    let tmp = dir.join(format!(
        ".{main_class}-{key:016x}.{}-{}",
        std::process::id(),
        unique_suffix()
    ));
    let mut bytes = format!("exit {}\n", first.code).into_bytes();
    bytes.extend_from_slice(&first.stdout);
    fs::write(&tmp, &bytes).expect("write cache file");
    fs::rename(&tmp, &file).expect("install cache file");
    first
}

fn reference_run(classes: &Path, main_class: &str) -> Expected {
    let outcome = run_hotspot(classes, main_class);
    match outcome.code {
        Some(code) => Expected {
            stdout: outcome.stdout,
            code,
        },
        None => panic!(
            "HotSpot reference run of {main_class} failed ({}):\n{}",
            outcome.describe_status(),
            outcome.stderr_head(20)
        ),
    }
}

fn read_expected(file: &Path) -> Option<Expected> {
    let bytes = fs::read(file).ok()?;
    let newline = bytes.iter().position(|&b| b == b'\n')?;
    let header = std::str::from_utf8(&bytes[..newline]).ok()?;
    let code = header.strip_prefix("exit ")?.parse().ok()?;
    Some(Expected {
        stdout: bytes[newline + 1..].to_vec(),
        code,
    })
}

// ---------------------------------------------------------------------------
// Comparing
// ---------------------------------------------------------------------------

fn shorten(line: &str) -> String {
    const MAX: usize = 160;
    if line.chars().count() <= MAX {
        format!("{line:?}")
    } else {
        let cut: String = line.chars().take(MAX).collect();
        format!("{cut:?}...")
    }
}

/// `None` if `actual` matches `expected` (same stdout bytes, same exit code,
/// no panic marker on stderr, not timed out); otherwise a short description
/// of the first difference.
pub fn describe_difference(expected: &Expected, actual: &Outcome) -> Option<String> {
    if actual.timed_out {
        return Some(format!("timed out after {:.0?}", actual.elapsed));
    }
    if let Some(marker) = actual.panic_marker() {
        return Some(format!(
            "stderr contains {marker:?} (Rust panic):\n{}",
            indent(&actual.stderr_head(8))
        ));
    }
    let mut problems = Vec::new();
    if actual.code != Some(expected.code) {
        problems.push(format!(
            "expected exit code {}, got {}",
            expected.code,
            actual.describe_status()
        ));
    }
    if actual.stdout != expected.stdout {
        problems.push(first_stdout_difference(&expected.stdout, &actual.stdout));
    }
    if problems.is_empty() {
        return None;
    }
    let stderr = actual.stderr_head(6);
    if !stderr.is_empty() {
        problems.push(format!("stderr:\n{}", indent(&stderr)));
    }
    Some(problems.join("\n"))
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn first_stdout_difference(expected: &[u8], actual: &[u8]) -> String {
    let exp = String::from_utf8_lossy(expected);
    let act = String::from_utf8_lossy(actual);
    let exp_lines: Vec<&str> = exp.split_inclusive('\n').collect();
    let act_lines: Vec<&str> = act.split_inclusive('\n').collect();
    for i in 0..exp_lines.len().max(act_lines.len()) {
        match (exp_lines.get(i), act_lines.get(i)) {
            (Some(e), Some(a)) if e == a => continue,
            (Some(e), Some(a)) => {
                return format!(
                    "stdout differs at line {}:\n    expected {}\n    actual   {}",
                    i + 1,
                    shorten(e),
                    shorten(a)
                )
            }
            (Some(e), None) => {
                return format!(
                    "stdout ends after {} lines, expected {}; next expected line {}",
                    act_lines.len(),
                    exp_lines.len(),
                    shorten(e)
                )
            }
            (None, Some(a)) => {
                return format!(
                    "stdout has {} lines, expected {}; first extra line {}",
                    act_lines.len(),
                    exp_lines.len(),
                    shorten(a)
                )
            }
            (None, None) => unreachable!(),
        }
    }
    "stdout differs (bytes differ after lossy decoding)".to_string()
}

// ---------------------------------------------------------------------------
// Parallel map
// ---------------------------------------------------------------------------

/// Apply `f` to every item on `threads` worker threads, keeping the order of
/// the results.
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= items.len() {
                    break;
                }
                let r = f(&items[i]);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every item processed"))
        .collect()
}

// ---------------------------------------------------------------------------
// Program suites: compile a directory of single-file programs, know the
// reference result of each, and check gcvm against it.
// ---------------------------------------------------------------------------

/// One single-file program of a suite.
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub source: PathBuf,
    pub expected: Expected,
}

/// A directory of single-file programs compiled together, with their
/// reference results.
#[derive(Debug)]
pub struct Suite {
    pub label: String,
    pub classes: PathBuf,
    pub programs: Vec<Program>,
}

impl Suite {
    /// Compile every `*.java` in `source_dir` (cached) and obtain each
    /// program's HotSpot result (cached, computed in parallel on a miss).
    pub fn load(label: &str, source_dir: &Path) -> Suite {
        let sources = java_sources_in(source_dir);
        let classes = if sources.is_empty() {
            target_tmp().join("classes").join(format!("{label}-empty"))
        } else {
            compile_java_cached(label, &sources)
        };
        let programs = parallel_map(&sources, PARALLEL_RUNS, |src| {
            let name = class_name_of(src);
            let text =
                fs::read(src).unwrap_or_else(|e| panic!("cannot read {}: {e}", src.display()));
            let expected = hotspot_expected(&classes, &name, &text);
            Program {
                name,
                source: src.clone(),
                expected,
            }
        });
        Suite {
            label: label.to_string(),
            classes,
            programs,
        }
    }

    /// Run every program on gcvm with `options` (2 at a time) and return one
    /// failure description per mismatching program, e.g.
    /// `"IntArith [--gc-stress 25]: stdout differs at line 3: ..."`.
    pub fn failures_on_gcvm(&self, options: &[&str]) -> Vec<String> {
        let config = if options.is_empty() {
            "default options".to_string()
        } else {
            options.join(" ")
        };
        let results = parallel_map(&self.programs, PARALLEL_RUNS, |program| {
            let outcome = run_gcvm_program(&self.classes, &program.name, options);
            describe_difference(&program.expected, &outcome)
                .map(|why| format!("{} [{config}]: {}", program.name, why))
        });
        results.into_iter().flatten().collect()
    }
}

/// Panic with one message listing every failure, or do nothing if there are
/// none. `total` is the number of (program, configuration) runs checked.
pub fn assert_no_failures(what: &str, total: usize, failures: &[String]) {
    if failures.is_empty() {
        return;
    }
    panic!(
        "{what}: {} of {total} runs differ from HotSpot\n\n{}\n",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Read a whole file or panic with its path.
pub fn read_bytes(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Write a whole file or panic with its path.
pub fn write_bytes(path: &Path, bytes: &[u8]) {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", parent.display()));
    }
    fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// One of `classlib/tests/`'s generated checks (MathCheck, TimeCheck, MoreUtilCheck...), which
/// `classlib/tests/run.sh` runs on HotSpot against renamed copies of the class library, run
/// instead on gcvm itself (the embedded library) and on HotSpot (the JDK's) with the same
/// arguments: the outputs must be identical, line for line. `finished` is how HotSpot's last
/// line begins when the check ran to its end.
pub struct LibraryCheck {
    pub class: &'static str,
    pub args: &'static [&'static str],
    pub finished: &'static str,
}

impl LibraryCheck {
    fn classes(&self) -> PathBuf {
        let source = repo_root()
            .join("classlib/tests")
            .join(format!("{}.java", self.class));
        compile_java_cached(&self.class.to_lowercase(), &[source])
    }

    fn output(&self, mut cmd: Command, vm: &str) -> String {
        cmd.arg("-cp")
            .arg(self.classes())
            .arg(self.class)
            .args(self.args);
        let out = run_with_timeout(cmd, Duration::from_secs(300));
        assert_no_panic(&out, &format!("{vm} {}", self.class));
        assert_eq!(
            out.code,
            Some(0),
            "{vm} {} failed: {}",
            self.class,
            out.stderr_head(20)
        );
        out.stdout_text()
    }

    /// HotSpot's output, computed once per check and test process.
    fn hotspot_output(&self) -> String {
        static OUTPUTS: Mutex<Vec<(&'static str, String)>> = Mutex::new(Vec::new());
        if let Some((_, out)) = OUTPUTS
            .lock()
            .unwrap()
            .iter()
            .find(|(c, _)| *c == self.class)
        {
            return out.clone();
        }
        let mut java = Command::new(jdk().tool("java"));
        // Without it, the JIT throws a preallocated exception without a message for an implicit
        // exception it has seen often (an index out of bounds), and the checks print messages.
        java.arg("-XX:-OmitStackTraceInFastThrow");
        let out = self.output(java, "java");
        OUTPUTS.lock().unwrap().push((self.class, out.clone()));
        out
    }

    /// Panics with the first ten differing lines unless gcvm, run with `options`, prints what
    /// HotSpot prints.
    pub fn assert_gcvm_matches_hotspot(&self, options: &[&str]) {
        let java = self.hotspot_output();
        let mut gcvm_cmd = Command::new(gcvm_binary());
        gcvm_cmd.arg("run").args(options);
        let gcvm = self.output(gcvm_cmd, &format!("gcvm {}", options.join(" ")));
        let java_lines: Vec<&str> = java.lines().collect();
        let gcvm_lines: Vec<&str> = gcvm.lines().collect();
        assert!(
            java_lines
                .last()
                .is_some_and(|l| l.starts_with(self.finished)),
            "HotSpot's run of {} did not finish: {:?}",
            self.class,
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
            "{} [{}]: {} lines on HotSpot, {} on gcvm; first differences:\n{}",
            self.class,
            options.join(" "),
            java_lines.len(),
            gcvm_lines.len(),
            differing.join("\n")
        );
    }
}

/// A heap-stream recording (`--stream-record`, `gcvm tiles -o`) and its frames, decoded.
pub fn recording_and_frames(
    path: &Path,
) -> (
    gcvm_tracer::stream::record::Recording,
    Vec<gcvm_tracer::stream::Frame>,
) {
    let rec = gcvm_tracer::stream::record::Recording::read(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let frames = rec
        .frames
        .iter()
        .map(|f| gcvm_tracer::stream::Frame::decode(f).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    (rec, frames)
}
