//! Bad input: gcvm turns every kind of broken command line, class path or
//! class file into a clear, Java-style error and a non-zero exit status,
//! never into a Rust panic.

mod support;

use std::path::PathBuf;
use support::{
    assert_no_panic, compile_snippets, read_bytes, run_gcvm, scratch_dir, write_bytes, Outcome,
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
    assert_failed(&outcome, context);
    assert_stderr_contains(&outcome, "no-such-collector", context);
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
        assert_failed(&outcome, &context);
        assert!(
            !outcome.stderr_text().trim().is_empty(),
            "{context}: a usage message is expected on stderr"
        );
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
    // gcvm's class library has no streams. (On HotSpot this prints 3.)
    let classes = compile_snippets(
        "bad-input-missing-library-class",
        &[(
            "UsesStreams.java",
            r#"public class UsesStreams {
    public static void main(String[] args) {
        System.out.println("before");
        System.out.println(java.util.stream.IntStream.range(0, 3).sum());
    }
}
"#,
        )],
    );
    let outcome = run_gcvm(&[
        "run".as_ref(),
        "-cp".as_ref(),
        classes.as_os_str(),
        "UsesStreams".as_ref(),
    ]);
    let context = "a program calling java.util.stream.IntStream";
    assert_no_panic(&outcome, context);
    assert_exit_code(&outcome, 1, context);
    assert_eq!(
        outcome.stdout_text(),
        "before\n",
        "{context}: output before the failure must appear"
    );
    let stderr = outcome.stderr_text();
    assert!(
        stderr.contains("java/util/stream/IntStream")
            || stderr.contains("java.util.stream.IntStream"),
        "{context}: the error should name the missing class:\n{}",
        outcome.stderr_head(10)
    );
    assert!(
        stderr.contains("NoClassDefFoundError") || stderr.contains("NoSuchMethodError"),
        "{context}: expected a NoClassDefFoundError (or NoSuchMethodError):\n{}",
        outcome.stderr_head(10)
    );
}
