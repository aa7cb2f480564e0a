//! Bad input: gcvm turns every kind of broken command line, class path or
//! class file into a clear, Java-style error and a non-zero exit status,
//! never into a Rust panic.

mod support;

use std::path::PathBuf;
use support::{
    assert_no_panic, compile_snippets, gcvm_binary, read_bytes, run_gcvm, scratch_dir, write_bytes,
    Outcome,
};

const HELLO: &str = r#"public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
"#;

/// A directory holding a good `Hello.class`.
fn hello_classes() -> PathBuf {
    compile_snippets("bad-input-hello", &[("Hello.java", HELLO)])
}

fn hello_class_bytes() -> Vec<u8> {
    read_bytes(&hello_classes().join("Hello.class"))
}

/// Put `bytes` on a fresh class path as `Hello.class` and run `Hello`.
fn run_hello_class_file(dir_name: &str, bytes: &[u8]) -> Outcome {
    let dir = scratch_dir(dir_name);
    write_bytes(&dir.join("Hello.class"), bytes);
    run_gcvm(&[
        "run".as_ref(),
        "-cp".as_ref(),
        dir.as_os_str(),
        "Hello".as_ref(),
    ])
}

fn assert_exit_code(outcome: &Outcome, code: i32, context: &str) {
    assert_eq!(
        outcome.code,
        Some(code),
        "{context}: expected exit code {code}, got {}; stderr:\n{}",
        outcome.describe_status(),
        outcome.stderr_head(10)
    );
}

fn assert_failed(outcome: &Outcome, context: &str) {
    assert!(
        matches!(outcome.code, Some(c) if c != 0),
        "{context}: expected a non-zero exit code, got {}; stderr:\n{}",
        outcome.describe_status(),
        outcome.stderr_head(10)
    );
}

fn assert_stderr_contains(outcome: &Outcome, needle: &str, context: &str) {
    assert!(
        outcome.stderr_text().contains(needle),
        "{context}: stderr should contain {needle:?}, but was:\n{}",
        outcome.stderr_head(20)
    );
}

/// Exactly one line on stderr, containing `needle`.
fn assert_one_line_containing(outcome: &Outcome, needle: &str, context: &str) {
    let stderr = outcome.stderr_text();
    let lines: Vec<&str> = stderr.trim_end().lines().collect();
    assert!(
        lines.len() == 1 && lines[0].contains(needle),
        "{context}: stderr should be one line containing {needle:?}, got:\n{stderr}"
    );
}

#[test]
fn unknown_option_is_rejected_with_exit_2_and_one_line_naming_it() {
    let classes = hello_classes();
    for option in ["--no-such-option", "-Xno-such-option"] {
        let outcome = run_gcvm(&[
            "run".as_ref(),
            option.as_ref(),
            "-cp".as_ref(),
            classes.as_os_str(),
            "Hello".as_ref(),
        ]);
        let context = format!("gcvm run {option} ...");
        assert_no_panic(&outcome, &context);
        assert_exit_code(&outcome, 2, &context);
        let stderr = outcome.stderr_text();
        let lines: Vec<&str> = stderr.trim_end().lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "{context}: stderr should be exactly one line, got:\n{stderr}"
        );
        assert!(
            lines[0].contains(option),
            "{context}: the error line should name {option}: {:?}",
            lines[0]
        );
        assert!(
            outcome.stdout.is_empty(),
            "{context}: the program must not run: {}",
            outcome.stdout_text()
        );
    }
}

#[test]
fn unknown_collector_name_is_rejected() {
    let classes = hello_classes();
    let outcome = run_gcvm(&[
        "run".as_ref(),
        "--gc".as_ref(),
        "no-such-collector".as_ref(),
        "-cp".as_ref(),
        classes.as_os_str(),
        "Hello".as_ref(),
    ]);
    let context = "gcvm run --gc no-such-collector";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 2, context);
    assert_one_line_containing(&outcome, "no-such-collector", context);
    for collector in support::COLLECTORS {
        assert_stderr_contains(&outcome, collector, context);
    }
    assert!(
        outcome.stdout.is_empty(),
        "{context}: the program must not run"
    );
}

#[test]
fn malformed_heap_size_is_rejected() {
    let classes = hello_classes();
    for option in ["-Xmx12q", "-Xmxlots", "-Xss"] {
        let outcome = run_gcvm(&[
            "run".as_ref(),
            option.as_ref(),
            "-cp".as_ref(),
            classes.as_os_str(),
            "Hello".as_ref(),
        ]);
        let context = format!("gcvm run {option}");
        assert_no_panic(&outcome, &context);
        assert_failed(&outcome, &context);
        assert_stderr_contains(&outcome, option, &context);
        assert!(
            outcome.stdout.is_empty(),
            "{context}: the program must not run"
        );
    }
}

#[test]
fn missing_main_class_prints_javas_two_line_error_and_exits_1() {
    let empty = scratch_dir("missing-main-class");
    let outcome = run_gcvm(&[
        "run".as_ref(),
        "-cp".as_ref(),
        empty.as_os_str(),
        "NoSuchMain".as_ref(),
    ]);
    let context = "gcvm run -cp <empty dir> NoSuchMain";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_eq!(
        outcome.stderr_text().trim_end(),
        "Error: Could not find or load main class NoSuchMain\nCaused by: java.lang.ClassNotFoundException: NoSuchMain",
        "{context}: stderr"
    );
}

#[test]
fn truncated_class_file_is_a_class_format_error() {
    let good = hello_class_bytes();
    let len = good.len();
    for cut in [0, 3, 8, 10, 50, len / 2, len - 1] {
        let outcome = run_hello_class_file(&format!("truncated-class-{cut}"), &good[..cut]);
        let context = format!("Hello.class truncated to {cut} of {len} bytes");
        assert_no_panic(&outcome, &context);
        assert_exit_code(&outcome, 1, &context);
        assert_stderr_contains(&outcome, "java.lang.ClassFormatError", &context);
    }
}

#[test]
fn corrupted_magic_is_a_class_format_error_mentioning_magic() {
    let mut bytes = hello_class_bytes();
    bytes[..4].copy_from_slice(&[0xCA, 0xFE, 0xBA, 0xBF]);
    let outcome = run_hello_class_file("corrupted-magic", &bytes);
    let context = "Hello.class starting with 0xCAFEBABF";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_stderr_contains(&outcome, "java.lang.ClassFormatError", context);
    assert!(
        outcome.stderr_text().to_lowercase().contains("magic"),
        "{context}: the error should mention the magic number:\n{}",
        outcome.stderr_head(10)
    );
}

#[test]
fn class_file_version_62_is_an_unsupported_class_version_error() {
    let mut bytes = hello_class_bytes();
    bytes[6..8].copy_from_slice(&62u16.to_be_bytes()); // major_version
    let outcome = run_hello_class_file("class-version-62", &bytes);
    let context = "Hello.class with major version 62";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_stderr_contains(&outcome, "java.lang.UnsupportedClassVersionError", context);
}

#[test]
fn class_missing_at_run_time_is_a_no_class_def_found_error() {
    let compiled = compile_snippets(
        "bad-input-missing-class",
        &[(
            "Main.java",
            r#"public class Main {
    public static void main(String[] args) {
        System.out.println("before");
        System.out.println(new Missing().hello());
    }
}

class Missing {
    String hello() { return "hi"; }
}
"#,
        )],
    );
    let dir = scratch_dir("missing-class-at-run-time");
    write_bytes(
        &dir.join("Main.class"),
        &read_bytes(&compiled.join("Main.class")),
    );
    assert!(!dir.join("Missing.class").exists());
    let outcome = run_gcvm(&[
        "run".as_ref(),
        "-cp".as_ref(),
        dir.as_os_str(),
        "Main".as_ref(),
    ]);
    let context = "Main using a deleted class Missing";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_eq!(
        outcome.stdout_text(),
        "before\n",
        "{context}: output before the failure must appear"
    );
    assert_stderr_contains(&outcome, "java.lang.NoClassDefFoundError: Missing", context);
}

#[test]
fn corrupt_jar_on_the_class_path_is_a_clear_error_not_a_panic() {
    let dir = scratch_dir("corrupt-jar");
    // Not a zip file at all.
    let garbage: Vec<u8> = (0u32..300)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    write_bytes(&dir.join("garbage.jar"), &garbage);
    // A real jar cut off before its central directory.
    let jar_src = dir.join("jar-src");
    write_bytes(&jar_src.join("Hello.class"), &hello_class_bytes());
    let good_jar = dir.join("good.jar");
    let made = std::process::Command::new(support::jdk().tool("jar"))
        .arg("cf")
        .arg(&good_jar)
        .arg("-C")
        .arg(&jar_src)
        .arg("Hello.class")
        .status()
        .expect("run jar");
    assert!(made.success(), "jar cf failed");
    let jar_bytes = read_bytes(&good_jar);
    write_bytes(
        &dir.join("truncated.jar"),
        &jar_bytes[..jar_bytes.len() / 2],
    );

    for jar in ["garbage.jar", "truncated.jar"] {
        let path = dir.join(jar);
        let outcome = run_gcvm(&[
            "run".as_ref(),
            "-cp".as_ref(),
            path.as_os_str(),
            "Hello".as_ref(),
        ]);
        let context = format!("-cp {jar}");
        assert_no_panic(&outcome, &context);
        assert_failed(&outcome, &context);
        let stderr = outcome.stderr_text();
        assert!(
            stderr.contains("Hello") || stderr.contains(jar),
            "{context}: the error should name the main class or the jar:\n{}",
            outcome.stderr_head(10)
        );
        assert!(
            outcome.stdout.is_empty(),
            "{context}: nothing may run: {}",
            outcome.stdout_text()
        );
    }
}

#[test]
fn run_without_a_main_class_is_a_usage_error() {
    let classes = hello_classes();
    let cases: Vec<Vec<&std::ffi::OsStr>> = vec![
        vec!["run".as_ref()],
        vec!["run".as_ref(), "-cp".as_ref(), classes.as_os_str()],
    ];
    for args in cases {
        let outcome = run_gcvm(&args);
        let context = format!("gcvm {args:?}");
        assert_no_panic(&outcome, &context);
        assert_exit_code(&outcome, 2, &context);
        assert_one_line_containing(&outcome, "<MAIN>", &context);
    }
}

#[test]
fn java_source_with_a_compile_error_shows_javacs_diagnostic() {
    let dir = scratch_dir("java-source-compile-error");
    let source = dir.join("Broken.java");
    write_bytes(
        &source,
        br#"public class Broken {
    public static void main(String[] args) {
        int x = "not an int";
    }
}
"#,
    );
    let outcome = run_gcvm(&["run".as_ref(), source.as_os_str()]);
    let context = "gcvm run Broken.java";
    assert_no_panic(&outcome, context);
    assert_failed(&outcome, context);
    assert_stderr_contains(&outcome, "incompatible types", context);
}

#[test]
fn missing_library_class_is_a_no_class_def_found_error_naming_it() {
    // gcvm's class library has no java.net. (On HotSpot this prints gcvm.dev.)
    let classes = compile_snippets(
        "bad-input-missing-library-class",
        &[(
            "UsesNet.java",
            r#"public class UsesNet {
    public static void main(String[] args) throws Exception {
        System.out.println("before");
        System.out.println(new java.net.URI("http://gcvm.dev/x").getHost());
    }
}
"#,
        )],
    );
    let outcome = run_gcvm(&[
        "run".as_ref(),
        "-cp".as_ref(),
        classes.as_os_str(),
        "UsesNet".as_ref(),
    ]);
    let context = "a program calling java.net.URI";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_eq!(
        outcome.stdout_text(),
        "before\n",
        "{context}: output before the failure must appear"
    );
    let stderr = outcome.stderr_text();
    assert!(
        stderr.contains("java/net/URI") || stderr.contains("java.net.URI"),
        "{context}: the error should name the missing class:\n{}",
        outcome.stderr_head(10)
    );
    assert!(
        stderr.contains("NoClassDefFoundError") || stderr.contains("NoSuchMethodError"),
        "{context}: expected a NoClassDefFoundError (or NoSuchMethodError):\n{}",
        outcome.stderr_head(10)
    );
}

/// `gcvm run <options> -cp <Hello's classes> Hello`.
fn run_hello_with(options: &[&str]) -> Outcome {
    let classes = hello_classes();
    let mut args: Vec<&std::ffi::OsStr> = vec!["run".as_ref()];
    args.extend(options.iter().map(std::ffi::OsStr::new));
    args.extend(["-cp".as_ref(), classes.as_os_str(), "Hello".as_ref()]);
    run_gcvm(&args)
}

#[test]
fn stack_size_below_javas_minimum_or_above_1g_is_refused() {
    let cases: [(&[&str], &str); 4] = [
        (&["-Xss100k"], "at least 136k"),
        (&["-Xss135k"], "at least 136k"),
        (&["--xss", "1k"], "at least 136k"),
        (&["-Xss2g"], "1g"),
    ];
    for (options, needle) in cases {
        let outcome = run_hello_with(options);
        let context = format!("gcvm run {options:?}");
        assert_no_panic(&outcome, &context);
        assert_exit_code(&outcome, 2, &context);
        assert_one_line_containing(&outcome, needle, &context);
        assert!(
            outcome.stdout.is_empty(),
            "{context}: the program must not run"
        );
    }
    let smallest = run_hello_with(&["-Xss136k"]);
    assert_eq!(
        smallest.stdout_text(),
        "hello\n",
        "-Xss136k: {}",
        smallest.stderr_head(5)
    );
}

#[test]
fn gc_threads_out_of_range_is_refused_with_the_valid_range() {
    for n in ["0", "257", "100000", "-1"] {
        let outcome = run_hello_with(&["--gc-threads", n]);
        let context = format!("gcvm run --gc-threads {n}");
        assert_no_panic(&outcome, &context);
        assert_exit_code(&outcome, 2, &context);
        let needle = if n == "-1" { "-1" } else { "1..=256" };
        assert_one_line_containing(&outcome, needle, &context);
    }
    let most = run_hello_with(&["--gc-threads", "256"]);
    assert_eq!(most.stdout_text(), "hello\n", "{}", most.stderr_head(5));
}

#[test]
fn java_source_with_a_package_line_runs_like_java() {
    let dir = scratch_dir("java-source-with-package");
    let source = dir.join("Greeting.java");
    write_bytes(
        &source,
        br#"package com.example.app;

public class Greeting {
    public static void main(String[] args) {
        System.out.println(Greeting.class.getName() + " " + String.join(",", args));
    }
}
"#,
    );
    let outcome = run_gcvm(&[
        "run".as_ref(),
        source.as_os_str(),
        "a".as_ref(),
        "b".as_ref(),
    ]);
    assert_no_panic(&outcome, "gcvm run Greeting.java");
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr_head(10));
    assert_eq!(outcome.stdout_text(), "com.example.app.Greeting a,b\n");
}

#[test]
fn a_main_method_java_would_not_run_is_refused_with_javas_message() {
    let not_found = "Error: Main method not found in class M, please define the main method as:\n   public static void main(String[] args)\nor a JavaFX application class must extend javafx.application.Application\n";
    let not_static = "Error: Main method is not static in class M, please define the main method as:\n   public static void main(String[] args)\n";
    let cases = [
        ("private static void", not_found),
        ("static void", not_found),
        ("protected static void", not_found),
        ("public void", not_static),
    ];
    for (modifiers, expected) in cases {
        let source = format!(
            "public class M {{ {modifiers} main(String[] a) {{ System.out.println(\"ran\"); }} }}\n"
        );
        let classes = compile_snippets(
            &format!("bad-main-{}", modifiers.replace(' ', "-")),
            &[("M.java", &source)],
        );
        let outcome = run_gcvm(&[
            "run".as_ref(),
            "-cp".as_ref(),
            classes.as_os_str(),
            "M".as_ref(),
        ]);
        let context = format!("{modifiers} main");
        assert_no_panic(&outcome, &context);
        assert_exit_code(&outcome, 1, &context);
        assert_eq!(outcome.stderr_text(), expected, "{context}");
        assert!(outcome.stdout.is_empty(), "{context}: main must not run");
    }
}

#[test]
fn heap_help_lists_the_group_by_values() {
    let outcome = run_gcvm(&["heap", "--help"]);
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr_head(5));
    let help = outcome.stdout_text();
    assert!(
        help.contains("[possible values: objects, type, site, age, space,")
            && help.contains("thread]; or a chain of them"),
        "{help}"
    );
}

#[test]
fn a_collection_the_trace_does_not_have_is_reported_without_calling_the_trace_damaged() {
    let dir = scratch_dir("trace-without-that-gc");
    let trace = dir.join("hello.gct");
    let classes = hello_classes();
    let recorded = run_gcvm(&[
        "run".as_ref(),
        "--trace".as_ref(),
        trace.as_os_str(),
        "-cp".as_ref(),
        classes.as_os_str(),
        "Hello".as_ref(),
    ]);
    assert_eq!(recorded.code, Some(0), "{}", recorded.stderr_head(5));
    let outcome = run_gcvm(&[
        "heap".as_ref(),
        trace.as_os_str(),
        "--at".as_ref(),
        "gc:7:end".as_ref(),
    ]);
    let context = "gcvm heap --at gc:7:end on a trace without collections";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_one_line_containing(
        &outcome,
        "gc:7:end not found: the trace has no collections",
        context,
    );
    assert!(
        !outcome.stderr_text().contains("trace byte"),
        "{context}: {}",
        outcome.stderr_text()
    );
}

#[test]
fn a_source_run_by_several_processes_at_once_is_compiled_into_one_complete_cache_folder() {
    let dir = scratch_dir("java-source-raced");
    let cache = dir.join("cache");
    let source = dir.join("Raced.java");
    write_bytes(
        &source,
        b"public class Raced { public static void main(String[] a) { System.out.println(\"ran\"); } }\n",
    );
    let runs: Vec<std::process::Child> = (0..6)
        .map(|_| {
            std::process::Command::new(gcvm_binary())
                .arg("run")
                .arg(&source)
                .env("GCVM_CACHE", &cache)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("start gcvm")
        })
        .collect();
    for run in runs {
        let out = run.wait_with_output().expect("gcvm ends");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).into_owned()
            ),
            (Some(0), "ran\n".to_string()),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let folders: Vec<_> = std::fs::read_dir(&cache)
        .expect("the cache exists")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(folders.len(), 1, "one folder, no staging left: {folders:?}");
    assert!(folders[0].join(".complete").exists());
}
