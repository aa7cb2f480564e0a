//! However a traced program ends — System.exit with another thread still allocating, an uncaught
//! exception, an OutOfMemoryError nobody catches, SIGINT, SIGTERM, SIGHUP — the trace is finished (trailer and
//! footer) and rebuilds exactly the heap the runtime dumped at every boundary, the end included.
//! And the trace commands report a damaged trace in one line with the byte offset, exit 1.

mod support;
mod trace_common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::*;
use trace_common::check_trace_against_dump;

const EXIT_WITH_A_THREAD_RUNNING: &str = r#"
import java.util.ArrayList;
public class ExitWhileBusy {
    static volatile int rounds;
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            ArrayList<int[]> keep = new ArrayList<>();
            while (true) {
                keep.add(new int[rounds % 50]);
                if (keep.size() > 2000) keep.clear();
                rounds++;
            }
        });
        t.start();
        ArrayList<String> mine = new ArrayList<>();
        for (int i = 0; i < 30000; i++) { mine.add("s" + i); if (mine.size() > 500) mine.clear(); }
        while (rounds < 20000) Thread.sleep(1);
        System.out.println("exiting");
        System.exit(3);
    }
}
"#;

const UNCAUGHT: &str = r#"
import java.util.HashMap;
public class Uncaught {
    public static void main(String[] args) {
        HashMap<Integer, String> m = new HashMap<>();
        for (int i = 0; i < 20000; i++) m.put(i % 3000, "v" + i);
        throw new IllegalStateException("size " + m.size());
    }
}
"#;

const OOM: &str = r#"
import java.util.ArrayList;
public class Exhaust {
    public static void main(String[] args) {
        ArrayList<long[]> hoard = new ArrayList<>();
        while (true) hoard.add(new long[4096]);
    }
}
"#;

const FOREVER: &str = r#"
import java.util.ArrayList;
public class Forever {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            ArrayList<Object> keep = new ArrayList<>();
            for (long i = 0; ; i++) { keep.add(new Object[(int) (i % 7)]); if (keep.size() > 5000) keep.clear(); }
        });
        t.setDaemon(true);
        t.start();
        ArrayList<String> mine = new ArrayList<>();
        for (long i = 0; ; i++) { mine.add("x" + i); if (mine.size() > 1000) mine.clear(); }
    }
}
"#;

struct Files {
    trace: PathBuf,
    dump: PathBuf,
}

fn files(dir: &Path, name: &str) -> Files {
    Files {
        trace: dir.join(format!("{name}.gct")),
        dump: dir.join(format!("{name}.heap")),
    }
}

fn traced_args(collector: &str, f: &Files, classes: &Path, main: &str) -> Vec<String> {
    [
        "run",
        "--gc",
        collector,
        "-Xmx16m",
        "--gc-stress",
        "1000",
        "--trace",
        &f.trace.to_string_lossy(),
        "--heap-dump",
        &f.dump.to_string_lossy(),
        "-cp",
        &classes.to_string_lossy(),
        main,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Runs `main` traced under every collector; checks the exit code, the trace against the dump,
/// and returns the trace of the last run.
fn check_exit(
    label: &str,
    source: &str,
    main: &str,
    expected_code: i32,
    stderr_has: &str,
) -> PathBuf {
    let classes = compile_snippets(label, &[(&format!("{main}.java"), source)]);
    let dir = scratch_dir(&format!("trace-exit-{label}"));
    let mut last = PathBuf::new();
    for collector in COLLECTORS {
        let f = files(&dir, collector);
        let out = run_gcvm(&traced_args(collector, &f, &classes, main));
        assert_no_panic(&out, label);
        assert_eq!(
            out.code,
            Some(expected_code),
            "{label} [{collector}]: {}",
            out.stderr_head(10)
        );
        assert!(
            out.stderr_text().contains(stderr_has),
            "{label} [{collector}]: stderr lacks {stderr_has:?}:\n{}",
            out.stderr_head(10)
        );
        let checked = check_trace_against_dump(&f.trace, &f.dump)
            .unwrap_or_else(|e| panic!("{label} [{collector}]: {e}"));
        assert!(
            checked.collections > 0,
            "{label} [{collector}]: no collection in the trace"
        );
        let info = run_gcvm(&["trace", "info", &f.trace.to_string_lossy()]);
        assert_eq!(
            info.code,
            Some(0),
            "{label} [{collector}]: trace info: {}",
            info.stderr_head(5)
        );
        assert!(
            info.stdout_text().contains("finished   yes"),
            "{label} [{collector}]:\n{}",
            info.stdout_text()
        );
        last = f.trace;
    }
    last
}

#[test]
fn system_exit_with_another_thread_allocating_leaves_a_complete_trace() {
    check_exit(
        "exit-busy",
        EXIT_WITH_A_THREAD_RUNNING,
        "ExitWhileBusy",
        3,
        "",
    );
}

#[test]
fn an_uncaught_exception_leaves_a_complete_trace() {
    check_exit(
        "uncaught",
        UNCAUGHT,
        "Uncaught",
        1,
        "java.lang.IllegalStateException: size 3000",
    );
}

#[test]
fn an_uncaught_out_of_memory_error_leaves_a_complete_trace() {
    check_exit("oom", OOM, "Exhaust", 1, "java.lang.OutOfMemoryError");
}

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP: each collector meets one of them (the exit code is 128 +
/// the signal, as after java).
#[cfg(unix)]
#[test]
fn terminating_signals_leave_a_complete_trace() {
    let classes = compile_snippets("forever", &[("Forever.java", FOREVER)]);
    let dir = scratch_dir("trace-exit-signals");
    let cases = [("INT", 130), ("TERM", 143), ("HUP", 129)];
    for (i, (signal, code)) in cases.into_iter().enumerate() {
        let collector = COLLECTORS[i % COLLECTORS.len()];
        let context = format!("[{collector}, SIG{signal}]");
        let f = files(&dir, &format!("{collector}-{signal}"));
        let mut child = Command::new(gcvm_binary())
            .args(traced_args(collector, &f, &classes, "Forever"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start gcvm");
        // Let it allocate and collect for a while.
        let started = Instant::now();
        while std::fs::metadata(&f.trace).map_or(0, |m| m.len()) < 200_000
            && started.elapsed() < Duration::from_secs(20)
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "{context} kill failed");
        let deadline = Instant::now() + Duration::from_secs(30);
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait for gcvm") {
                break s;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("{context} gcvm did not exit after the signal");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{context} {stderr}");
        assert_eq!(
            status.code(),
            Some(code),
            "{context} exit status {status:?}: {stderr}"
        );
        let checked = check_trace_against_dump(&f.trace, &f.dump)
            .unwrap_or_else(|e| panic!("{context} after the signal: {e}"));
        assert!(
            checked.collections > 0,
            "{context} no collection before the signal"
        );
    }
}

/// `gcvm <args>` (`FILE` standing for `file`) on a damaged trace: one line on stderr naming
/// the byte offset, exit 1.
fn assert_one_line_error(args: &[&str], file: &Path, wanted: &str) {
    let file = file.to_string_lossy();
    let all: Vec<String> = args
        .iter()
        .map(|a| {
            if *a == "FILE" {
                file.to_string()
            } else {
                a.to_string()
            }
        })
        .collect();
    let out = run_gcvm(&all);
    assert_no_panic(&out, &all.join(" "));
    assert_eq!(out.code, Some(1), "{all:?}: {}", out.stderr_text());
    let err = out.stderr_text();
    assert_eq!(err.lines().count(), 1, "{all:?}: one line expected:\n{err}");
    assert!(
        err.contains(wanted),
        "{all:?}: {wanted:?} expected in {err:?}"
    );
    assert!(out.stdout.is_empty(), "{all:?}: nothing on stdout expected");
}

#[test]
fn trace_commands_report_a_truncated_trace_in_one_line_with_the_offset() {
    let classes = compile_snippets("uncaught", &[("Uncaught.java", UNCAUGHT)]);
    let dir = scratch_dir("trace-truncated");
    let f = files(&dir, "whole");
    let out = run_gcvm(&traced_args("semispace", &f, &classes, "Uncaught"));
    assert_eq!(out.code, Some(1), "{}", out.stderr_head(5));
    let bytes = read_bytes(&f.trace);
    for (name, cut) in [
        ("half", bytes.len() / 2),
        ("header", 20),
        ("mid-chunk", bytes.len() - 700),
    ] {
        let cut_file = dir.join(format!("{name}.gct"));
        write_bytes(&cut_file, &bytes[..cut]);
        for args in [
            &["trace", "info", "FILE"][..],
            &["stats", "FILE"],
            &["heap", "FILE", "--at", "end"],
        ] {
            assert_one_line_error(args, &cut_file, "trace byte ");
        }
    }
    assert_one_line_error(
        &["trace", "info", "FILE"],
        &dir.join("missing.gct"),
        "cannot open",
    );
}

#[test]
fn trace_commands_read_a_good_trace() {
    let classes = compile_snippets("uncaught", &[("Uncaught.java", UNCAUGHT)]);
    let dir = scratch_dir("trace-commands");
    let f = files(&dir, "run");
    let out = run_gcvm(&traced_args("mark-compact", &f, &classes, "Uncaught"));
    assert_eq!(out.code, Some(1), "{}", out.stderr_head(5));
    let trace = f.trace.to_string_lossy().into_owned();
    let info = run_gcvm(&["trace", "info", &trace, "--json"]);
    assert_eq!(info.code, Some(0), "{}", info.stderr_head(5));
    assert!(
        info.stdout_text()
            .contains("\"collector\":\"mark-compact\""),
        "{}",
        info.stdout_text()
    );
    let stats = run_gcvm(&["stats", &trace]);
    assert_eq!(stats.code, Some(0), "{}", stats.stderr_head(5));
    assert!(
        stats.stdout_text().contains("Uncaught.main"),
        "allocation sites name the program:\n{}",
        stats.stdout_text()
    );
    let heap = run_gcvm(&["heap", &trace, "--at", "gc:0:end", "--by", "site"]);
    assert_eq!(heap.code, Some(0), "{}", heap.stderr_head(5));
    assert!(
        heap.stdout_text().starts_with("heap at gc:0:end:"),
        "{}",
        heap.stdout_text()
    );
    let bad = run_gcvm(&["heap", &trace, "--at", "gc:x:end"]);
    assert_eq!(
        bad.code,
        Some(2),
        "a bad boundary is a usage error: {}",
        bad.stderr_text()
    );
    let absent = run_gcvm(&["heap", &trace, "--at", "gc:100000:end"]);
    assert_eq!(absent.code, Some(1), "{}", absent.stderr_text());
    assert_eq!(
        absent.stderr_text().lines().count(),
        1,
        "{}",
        absent.stderr_text()
    );
}
