//! JDK 17's helpful NullPointerException messages (JEP 358) where the conformance suite does
//! not look: stderr of an uncaught exception, and class files with a LocalVariableTable
//! (`javac -g`, which `gcvm run Foo.java` uses), whose locals HotSpot names. Each test runs the
//! same class files on HotSpot and on gcvm and compares. The message forms themselves are
//! covered by tests/conformance/NullPointerMessages.java.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use support::{assert_no_panic, jdk, run_gcvm_program, run_hotspot, run_with_timeout, scratch_dir};

/// Compiles `source` (a single class `main`) with `javac --release 17` plus `extra` options
/// into a fresh scratch directory named `label`.
fn compile(label: &str, main: &str, source: &str, extra: &[&str]) -> PathBuf {
    let dir = scratch_dir(label);
    let src = dir.join(format!("{main}.java"));
    std::fs::write(&src, source).expect("write source");
    let classes = dir.join("classes");
    let mut cmd = Command::new(jdk().tool("javac"));
    cmd.args(["--release", "17"])
        .args(extra)
        .arg("-d")
        .arg(&classes)
        .arg(&src);
    let outcome = run_with_timeout(cmd, Duration::from_secs(120));
    assert_eq!(outcome.code, Some(0), "javac: {}", outcome.stderr_text());
    classes
}

/// Runs `main` from `classes` on HotSpot and gcvm; both stdout and stderr must be equal, and
/// the exit code too.
fn assert_same_as_hotspot(classes: &Path, main: &str) {
    let expected = run_hotspot(classes, main);
    let actual = run_gcvm_program(classes, main, &[]);
    assert_no_panic(&actual, main);
    assert_eq!(
        actual.stdout_text(),
        expected.stdout_text(),
        "stdout of {main}"
    );
    assert_eq!(
        actual.stderr_text(),
        expected.stderr_text(),
        "stderr of {main}"
    );
    assert_eq!(actual.code, expected.code, "exit code of {main}");
}

const UNCAUGHT: &str = r#"
public class Uncaught {
    static int[] counts;

    static int total(int[] values, int index) {
        return values[index];
    }

    public static void main(String[] args) {
        System.out.println("before");
        total(counts, 3);
        System.out.println("not reached");
    }
}
"#;

#[test]
fn an_uncaught_null_pointer_exception_prints_the_helpful_message_on_stderr_as_hotspot_does() {
    let classes = compile("npe-uncaught", "Uncaught", UNCAUGHT, &[]);
    assert_same_as_hotspot(&classes, "Uncaught");
}

const NAMED: &str = r#"
public class Named {
    String label;
    Named next;

    int takes(StringBuilder sb, Object o, Integer i, String[] names, java.util.List<String> l,
            Named n, long x) {
        return 0;
    }

    static void check(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(what + ": " + e.getMessage());
        }
    }

    static int parameterLength(String text) { return text.length(); }

    int fieldOfThis() { return next.label.length(); }

    public static void main(String[] args) {
        check("local", () -> { String greeting = null; greeting.length(); });
        check("parameter", () -> parameterLength(null));
        check("this", () -> new Named().fieldOfThis());
        check("element", () -> {
            String[] words = new String[2];
            int index = 1;
            words[index].trim();
        });
        check("parameter types", () -> {
            Named nobody = null;
            nobody.takes(null, null, null, null, null, null, 0L);
        });
        check("captured", () -> {
            Named outer = null;
            Runnable inner = () -> outer.label.length();
            inner.run();
        });
        String[] argv = args.length == 0 ? null : args;
        System.out.println(argv.length);
    }
}
"#;

#[test]
fn with_a_local_variable_table_locals_and_parameters_are_named_as_hotspot_names_them() {
    let classes = compile("npe-named", "Named", NAMED, &["-g"]);
    assert_same_as_hotspot(&classes, "Named");
}

#[test]
fn without_a_local_variable_table_the_same_program_prints_local_and_parameter_numbers() {
    let classes = compile("npe-unnamed", "Named", NAMED, &[]);
    assert_same_as_hotspot(&classes, "Named");
}
