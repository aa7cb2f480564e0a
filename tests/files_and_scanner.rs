//! java.util.Scanner over a piped System.in, compared with HotSpot. The conformance harness
//! runs programs with stdin closed, so these tests pipe text into one Scanner program on gcvm
//! and on HotSpot and require the same stdout and exit code. (Scanner over strings, files and
//! paths, and the file classes, are covered by tests/conformance/ScannerInput.java,
//! FilesAndPaths.java, WordCount.java and CsvReport.java.)

mod support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use support::*;

/// Reads a count, that many ints, the rest of that line, then the remaining lines with
/// hasNextLine/nextLine; a numeric line is summed with nextDouble. Ends by asking for one more
/// int, which must fail as NoSuchElementException.
const STDIN_SCANNER: &str = r#"
import java.util.*;

public class StdinScanner {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (!in.hasNextInt()) {
            System.out.println("no count: hasNext=" + in.hasNext() + " hasNextLine=" + in.hasNextLine());
            return;
        }
        int n = in.nextInt();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += in.nextInt();
        }
        System.out.println("count " + n + " sum " + sum + " rest [" + in.nextLine() + "]");
        int lines = 0;
        while (in.hasNextLine()) {
            String line = in.nextLine();
            lines++;
            Scanner words = new Scanner(line);
            if (words.hasNextDouble()) {
                double total = 0;
                while (words.hasNextDouble()) {
                    total += words.nextDouble();
                }
                System.out.println("numbers " + total);
            } else if (lines <= 20) {
                System.out.println("line " + lines + ": " + line.toUpperCase());
            }
        }
        System.out.println(lines + " lines; hasNext " + in.hasNext());
        try {
            in.nextInt();
        } catch (NoSuchElementException e) {
            System.out.println(e.getClass().getName() + " " + e.getMessage());
        }
        in.close();
    }
}
"#;

fn classes() -> &'static PathBuf {
    static CLASSES: OnceLock<PathBuf> = OnceLock::new();
    CLASSES
        .get_or_init(|| compile_snippets("stdin-scanner", &[("StdinScanner.java", STDIN_SCANNER)]))
}

/// Runs `cmd` with `input` piped into its stdin; (stdout, exit code, stderr).
fn run_with_input(mut cmd: Command, input: &[u8]) -> (String, Option<i32>, String) {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("start the VM");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let start = Instant::now();
    let waiter = std::thread::spawn(move || child.wait_with_output());
    while !waiter.is_finished() {
        assert!(
            start.elapsed() < RUN_TIMEOUT,
            "the program did not finish within {RUN_TIMEOUT:?}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = waiter.join().expect("waiter").expect("wait for the VM");
    writer.join().expect("stdin writer");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn hotspot(classes: &Path, input: &[u8]) -> (String, Option<i32>, String) {
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.args(HOTSPOT_ARGS)
        .arg("-cp")
        .arg(classes)
        .arg("StdinScanner");
    run_with_input(cmd, input)
}

fn gcvm(classes: &Path, options: &[&str], input: &[u8]) -> (String, Option<i32>, String) {
    let mut cmd = Command::new(gcvm_binary());
    cmd.arg("run")
        .args(options)
        .arg("-cp")
        .arg(classes)
        .arg("StdinScanner");
    run_with_input(cmd, input)
}

/// gcvm (plain and GC-stressed) prints what HotSpot prints for this input.
fn assert_same_as_hotspot(input: &[u8]) {
    let classes = classes();
    let (expected, expected_code, _) = hotspot(classes, input);
    assert_eq!(expected_code, Some(0), "HotSpot failed: {expected}");
    for options in [
        &[][..],
        &["--gc-stress", "25", "--verify-heap", "-Xmx16m"][..],
    ] {
        let (actual, code, stderr) = gcvm(classes, options, input);
        for marker in PANIC_MARKERS {
            assert!(
                !stderr.contains(marker),
                "gcvm {options:?} panicked: {stderr}"
            );
        }
        assert_eq!(
            code, expected_code,
            "gcvm {options:?} exit code; stderr: {stderr}"
        );
        assert_eq!(
            actual, expected,
            "gcvm {options:?} stdout differs from HotSpot's"
        );
    }
}

#[test]
fn scanner_reads_tokens_then_lines_from_piped_stdin() {
    assert_same_as_hotspot(
        b"5\n10 20 30\n40 50 trailing words\nsecond line\n1.5 2.25 -3\n\nr\xc3\xa9sum\xc3\xa9\r\nlast line without newline",
    );
}

#[test]
fn scanner_over_empty_stdin_has_no_tokens() {
    assert_same_as_hotspot(b"");
}

#[test]
fn scanner_over_stdin_of_only_whitespace_has_lines_but_no_tokens() {
    assert_same_as_hotspot(b"  \n\t\n");
}

#[test]
fn scanner_reads_a_large_piped_stdin() {
    let n = 20_000;
    let mut input = format!("{n}\n");
    for i in 0..n {
        input.push_str(&format!(
            "{}{}",
            i * 7 - 5000,
            if i % 10 == 9 { "\n" } else { " " }
        ));
    }
    for i in 0..2_000 {
        input.push_str(&format!("line {i} of text\n"));
    }
    assert_same_as_hotspot(input.as_bytes());
}
