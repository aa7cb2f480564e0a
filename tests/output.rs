//! No lost output: what a program prints reaches a pipe even if the process is killed, ends by a
//! signal, or gcvm itself fails (docs: runtime/interp/src/runtime/output.rs, src/signals.rs).

mod support;

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::*;

/// Prints a line, then computes forever without printing (as GCBench between its reports).
const PRINT_THEN_SPIN: &str = r#"
public class PrintThenSpin {
    public static void main(String[] args) {
        System.out.println("started");
        long n = 0;
        while (true) {
            Object[] garbage = new Object[16];
            n += garbage.length;
        }
    }
}
"#;

fn start_spinner(env: &[(&str, &str)]) -> Child {
    let classes = compile_snippets(
        "print-then-spin",
        &[("PrintThenSpin.java", PRINT_THEN_SPIN)],
    );
    Command::new(gcvm_binary())
        .env_remove("RUST_BACKTRACE")
        .args(["run", "-Xmx16m", "-cp"])
        .arg(&classes)
        .arg("PrintThenSpin")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gcvm")
}

/// Waits up to `limit` for the child to end by itself; kills it (SIGKILL) otherwise.
fn wait_or_kill(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().expect("wait for gcvm") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            return child.wait().expect("wait for gcvm");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn read_all(pipe: Option<impl Read>) -> String {
    let mut text = String::new();
    pipe.expect("piped")
        .read_to_string(&mut text)
        .expect("read pipe");
    text
}

#[test]
fn output_to_a_pipe_survives_sigkill() {
    let mut child = start_spinner(&[]);
    std::thread::sleep(Duration::from_millis(2500));
    let status = wait_or_kill(&mut child, Duration::ZERO);
    assert!(
        status.code().is_none(),
        "gcvm should have been killed: {status:?}"
    );
    assert_eq!(read_all(child.stdout.take()), "started\n");
}

#[cfg(unix)]
#[test]
fn sigterm_sighup_and_sigint_flush_output_and_exit_like_java() {
    for (signal, code) in [("TERM", 143), ("HUP", 129), ("INT", 130)] {
        let mut child = start_spinner(&[]);
        std::thread::sleep(Duration::from_millis(300));
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success(), "kill -{signal} failed");
        let status = wait_or_kill(&mut child, Duration::from_secs(20));
        let stderr = read_all(child.stderr.take());
        assert_eq!(
            status.code(),
            Some(code),
            "SIG{signal}: {status:?}, stderr: {stderr}"
        );
        assert_eq!(read_all(child.stdout.take()), "started\n", "SIG{signal}");
        assert!(stderr.is_empty(), "SIG{signal}: {stderr}");
    }
}

#[test]
fn an_internal_error_flushes_output_and_is_one_line_with_exit_134() {
    let mut child = start_spinner(&[("GCVM_TEST_INTERNAL_ERROR_AFTER_MS", "300")]);
    let status = wait_or_kill(&mut child, Duration::from_secs(20));
    let stderr = read_all(child.stderr.take());
    assert_eq!(status.code(), Some(134), "{status:?}, stderr: {stderr}");
    assert_eq!(read_all(child.stdout.take()), "started\n");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("gcvm: internal error: test internal error after 300 ms"),
        "{stderr}"
    );
}
