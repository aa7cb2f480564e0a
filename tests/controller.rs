//! The GC controller: a background thread asks the VM for pauses while Java threads run.
//! `--periodic-gc MS` is built on it for every collector: pauses it requests are collections like
//! any other — logged in HotSpot's shape, verified, and recorded exactly in the trace.

mod support;
mod trace_common;

use support::*;
use trace_common::check_trace_against_dump;

/// A program that allocates a little and sleeps, so only the controller collects.
const SLEEPER: &str = r#"
public class Sleeper {
    public static void main(String[] args) throws Exception {
        Object[] keep = new Object[200];
        long sum = 0;
        for (int round = 0; round < 8; round++) {
            for (int i = 0; i < keep.length; i++) keep[i] = new int[round + i % 7];
            for (Object o : keep) sum += ((int[]) o).length;
            Thread.sleep(40);
        }
        System.out.println("sum " + sum);
    }
}
"#;

fn sleeper() -> std::path::PathBuf {
    compile_snippets("controller", &[("Sleeper.java", SLEEPER)])
}

/// Pauses the periodic controller asked for: `Pause Full (Periodic Collection)`, or the
/// region collector's `Pause Young (Normal) (G1 Periodic Collection)` (G1's word for it).
fn periodic_lines(stdout: &str) -> usize {
    stdout
        .lines()
        .filter(|l| {
            l.contains("Pause Full (Periodic Collection)") || l.contains("(G1 Periodic Collection)")
        })
        .count()
}

#[test]
fn periodic_collections_are_requested_by_the_controller_and_logged_under_every_collector() {
    let classes = sleeper();
    for collector in COLLECTORS {
        let out = run_gcvm_program(
            &classes,
            "Sleeper",
            &[
                "--gc",
                collector,
                "--periodic-gc",
                "20",
                "-Xlog:gc",
                "--verify-heap",
            ],
        );
        assert_no_panic(&out, collector);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.code, Some(0), "{collector}: {stdout}");
        // A periodic collection may still be logged between the last line and the exit.
        assert!(
            stdout.lines().any(|l| l == "sum 10352"),
            "{collector}: {stdout}"
        );
        assert!(
            periodic_lines(&stdout) >= 3,
            "{collector}: the program sleeps 320 ms, so a 20 ms controller collects: {stdout}"
        );
    }
}

#[test]
fn without_periodic_gc_a_sleeping_program_is_never_collected() {
    let out = run_gcvm_program(&sleeper(), "Sleeper", &["-Xmx64m", "-Xlog:gc"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(periodic_lines(&stdout), 0, "{stdout}");
}

#[test]
fn controller_pauses_are_recorded_exactly_in_the_trace_under_every_collector() {
    let classes = sleeper();
    let scratch = scratch_dir("controller-trace");
    for collector in COLLECTORS {
        let trace = scratch.join(format!("{collector}.gct"));
        let dump = scratch.join(format!("{collector}.heap"));
        let out = run_gcvm_program(
            &classes,
            "Sleeper",
            &[
                "--gc",
                collector,
                "--periodic-gc",
                "20",
                "--trace",
                trace.to_str().unwrap(),
                "--heap-dump",
                dump.to_str().unwrap(),
            ],
        );
        assert_eq!(out.code, Some(0), "{collector}");
        let checked =
            check_trace_against_dump(&trace, &dump).unwrap_or_else(|e| panic!("{collector}: {e}"));
        assert!(
            checked.boundaries >= 7,
            "{collector}: several periodic collections were traced ({} boundaries)",
            checked.boundaries
        );
    }
}
