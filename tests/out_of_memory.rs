//! Running out of memory and going on, as HotSpot does: a program that catches its
//! OutOfMemoryError, drops what it held and goes on; a handler that runs out again; and a
//! property test that runs out at random points, many times, under every collector. The heap
//! must stay parseable and verifiable whatever a collection could not free (`--verify-heap`
//! checks it before and after every collection).

mod support;

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use support::*;

/// The heap sizes of the acceptance: semispace halves of 4 MB up to region heaps of 128 MB.
const HEAP_SIZES: &[&str] = &["-Xmx8m", "-Xmx16m", "-Xmx32m", "-Xmx64m", "-Xmx128m"];

/// Fills a list until the heap is exhausted, catches the error, drops the list, prints.
const CATCH_AND_DROP: &str = r#"
import java.util.ArrayList;
public class CatchAndDrop {
    public static void main(String[] args) {
        ArrayList<long[]> list = new ArrayList<>();
        try {
            while (true) list.add(new long[16]);
        } catch (OutOfMemoryError e) {
            int n = list.size();
            list = null;
            System.out.println("caught, filled " + (n > 0));
        }
    }
}
"#;

/// As `CatchAndDrop`, but the handler fills a new list until the heap is exhausted again: the
/// second error is not caught.
const RUN_OUT_AGAIN: &str = r#"
import java.util.ArrayList;
public class RunOutAgain {
    public static void main(String[] args) {
        ArrayList<long[]> list = new ArrayList<>();
        try {
            while (true) list.add(new long[16]);
        } catch (OutOfMemoryError e) {
            list = null;
            System.out.println("caught once");
            ArrayList<long[]> again = new ArrayList<>();
            while (true) again.add(new long[16]);
        }
    }
}
"#;

/// Rounds of allocation until out of memory, each in a shape chosen at random (small chains,
/// medium arrays, large arrays, a growing list of survivors), each caught; then every object
/// still held is checked for corruption (without allocating: the heap is full), a random part
/// of the chain is kept for the next rounds and a random part of the survivors dropped.
const ROUNDS: &str = r#"
import java.util.ArrayList;
import java.util.Random;
public class OomRounds {
    static final class Node {
        final long id;
        Node next;
        final long[] payload;
        Node(long id, Node next, int n) {
            this.id = id;
            this.next = next;
            payload = new long[n];
            for (int i = 0; i < n; i++) payload[i] = id * 31 + i;
        }
        boolean intact() {
            for (int i = 0; i < payload.length; i++) if (payload[i] != id * 31 + i) return false;
            return next == null || next.id < id;
        }
    }

    public static void main(String[] args) {
        Random r = new Random(Long.parseLong(args[0]));
        int rounds = Integer.parseInt(args[1]);
        ArrayList<Node> kept = new ArrayList<>();
        long nextId = 0;
        int ooms = 0;
        boolean checked = false;
        for (int round = 0; round < rounds; round++) {
            int shape = r.nextInt(4);
            Node head = null;
            try {
                while (true) {
                    long id = nextId++;
                    switch (shape) {
                        case 0: head = new Node(id, head, r.nextInt(8)); break;
                        case 1: head = new Node(id, head, 64 + r.nextInt(2048)); break;
                        case 2: head = new Node(id, head, r.nextInt(8) == 0 ? 16384 + r.nextInt(65536) : 2); break;
                        default: kept.add(new Node(id, null, r.nextInt(16))); break;
                    }
                }
            } catch (OutOfMemoryError e) {
                ooms++;
            }
            for (Node n = head; n != null; n = n.next) {
                if (!n.intact()) throw new AssertionError("round " + round + ": node " + n.id + " corrupt");
                checked = true;
            }
            for (int k = 0; k < kept.size(); k++) {
                if (!kept.get(k).intact()) throw new AssertionError("round " + round + ": kept node " + kept.get(k).id + " corrupt");
                checked = true;
            }
            int keep = r.nextInt(kept.size() / 2 + 1);
            while (kept.size() > keep) kept.remove(kept.size() - 1);
            int stride = 1 + r.nextInt(64);
            int i = 0;
            boolean room = true;
            Node n = head;
            head = null;
            while (n != null) {
                Node rest = n.next;
                n.next = null;
                if (room && i++ % stride == 0 && kept.size() < keep + 1000) {
                    try {
                        kept.add(n);
                    } catch (OutOfMemoryError e) {
                        room = false; // the list could not grow: keep no more this round
                    }
                }
                n = rest;
            }
        }
        long[] after = new long[4096];
        System.out.println("rounds " + rounds + ", out of memory " + ooms + " times, checked " + checked + ", allocates again " + after.length);
    }
}
"#;

fn classes() -> &'static PathBuf {
    static CLASSES: OnceLock<PathBuf> = OnceLock::new();
    CLASSES.get_or_init(|| {
        compile_snippets(
            "out-of-memory",
            &[
                ("CatchAndDrop.java", CATCH_AND_DROP),
                ("RunOutAgain.java", RUN_OUT_AGAIN),
                ("OomRounds.java", ROUNDS),
            ],
        )
    })
}

/// HotSpot's run of `main` with `-Xmx`, as the reference (interpreted, like gcvm).
fn hotspot(classes: &Path, main: &str, xmx: &str) -> Outcome {
    let mut cmd = Command::new(jdk().tool("java"));
    cmd.args(["-Xint", xmx, "-cp"]).arg(classes).arg(main);
    run_with_timeout(cmd, RUN_TIMEOUT)
}

/// Every (collector, heap size, verify) run of the acceptance.
fn runs() -> Vec<(&'static str, &'static str, bool)> {
    let mut runs = Vec::new();
    for &gc in COLLECTORS {
        for &xmx in HEAP_SIZES {
            for verify in [false, true] {
                runs.push((gc, xmx, verify));
            }
        }
    }
    runs
}

fn gcvm(main: &str, gc: &str, xmx: &str, verify: bool) -> Outcome {
    let mut options = vec!["--gc", gc, xmx];
    if verify {
        options.push("--verify-heap");
    }
    run_gcvm_program(classes(), main, &options)
}

fn describe(gc: &str, xmx: &str, verify: bool, out: &Outcome) -> String {
    let verify = if verify { " --verify-heap" } else { "" };
    format!(
        "--gc {gc} {xmx}{verify}: {}\n{}",
        out.describe_status(),
        out.stderr_head(8)
    )
}

/// The uncaught OutOfMemoryError as HotSpot reports it: the message is "Java heap space", or
/// "GC overhead limit exceeded" where the collector gives up on a heap it can only thrash on
/// (HotSpot's Parallel GC says the same of this program), then frames, the outermost
/// `main`'s. The innermost frames depend on which allocation failed: usually the `new long[16]`
/// in main, sometimes the list's growth inside ArrayList (HotSpot's runs show both too).
fn check_uncaught_oom_report(stderr: &str, outermost: &str) -> Result<(), String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let known = [
        "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
        "Exception in thread \"main\" java.lang.OutOfMemoryError: GC overhead limit exceeded",
    ];
    match lines.as_slice() {
        [first, frames @ .., last]
            if known.contains(first)
                && frames.iter().all(|l| l.starts_with("\tat "))
                && *last == outermost =>
        {
            Ok(())
        }
        _ => Err(format!("not HotSpot's report ending in {outermost:?}")),
    }
}

#[test]
fn a_program_that_catches_out_of_memory_and_drops_its_data_goes_on_as_in_hotspot() {
    let classes = classes();
    let reference: Vec<Outcome> = HEAP_SIZES
        .iter()
        .map(|xmx| hotspot(classes, "CatchAndDrop", xmx))
        .collect();
    let failures: Vec<String> = parallel_map(&runs(), 2, |&(gc, xmx, verify)| {
        let out = gcvm("CatchAndDrop", gc, xmx, verify);
        let hs = &reference[HEAP_SIZES.iter().position(|&x| x == xmx).unwrap()];
        let same = out.code == hs.code && out.stdout == hs.stdout && out.stderr.is_empty();
        (!same).then(|| {
            format!(
                "{} (HotSpot: {}, {:?})",
                describe(gc, xmx, verify, &out),
                hs.describe_status(),
                hs.stdout_text()
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_handler_that_runs_out_of_memory_again_ends_the_program_as_in_hotspot() {
    let classes = classes();
    let reference: Vec<Outcome> = HEAP_SIZES
        .iter()
        .map(|xmx| hotspot(classes, "RunOutAgain", xmx))
        .collect();
    for (xmx, hs) in HEAP_SIZES.iter().zip(&reference) {
        assert_eq!(hs.code, Some(1), "HotSpot {xmx}");
        check_uncaught_oom_report(
            &hs.stderr_text(),
            "\tat RunOutAgain.main(RunOutAgain.java:12)",
        )
        .unwrap_or_else(|e| panic!("HotSpot {xmx}: {e}\n{}", hs.stderr_text()));
    }
    let failures: Vec<String> = parallel_map(&runs(), 2, |&(gc, xmx, verify)| {
        let out = gcvm("RunOutAgain", gc, xmx, verify);
        let hs = &reference[HEAP_SIZES.iter().position(|&x| x == xmx).unwrap()];
        let report = check_uncaught_oom_report(
            &out.stderr_text(),
            "\tat RunOutAgain.main(RunOutAgain.java:12)",
        );
        match (out.code == hs.code && out.stdout == hs.stdout, report) {
            (true, Ok(())) => None,
            (_, Err(e)) => Some(format!("{e}: {}", describe(gc, xmx, verify, &out))),
            (false, _) => Some(describe(gc, xmx, verify, &out)),
        }
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn cases() -> u32 {
    std::env::var("GCVM_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(16)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Whatever the collector, heap size, number of GC threads and shape of the data, a program
    /// can run out of memory, catch it, drop part of what it held and go on, round after round;
    /// the verifier finds the heap well formed at every collection, and nothing the program
    /// still holds is corrupt.
    #[test]
    fn running_out_of_memory_at_random_points_and_going_on_keeps_the_heap_intact(
        collector in prop::sample::select(COLLECTORS.to_vec()),
        xmx in prop::sample::select(vec!["-Xmx8m", "-Xmx12m", "-Xmx16m", "-Xmx24m"]),
        gc_threads in prop::sample::select(vec!["1", "2"]),
        seed in 0u64..1_000_000,
        rounds in 2u32..6,
    ) {
        let (seed, rounds) = (seed.to_string(), rounds.to_string());
        let out = run_gcvm(&[
            "run", "--gc", collector, xmx, "--gc-threads", gc_threads, "--verify-heap",
            "-cp", &classes().to_string_lossy(), "OomRounds", &seed, &rounds,
        ]);
        assert_no_panic(&out, collector);
        let expected = format!(
            "rounds {rounds}, out of memory {rounds} times, checked true, allocates again 4096\n"
        );
        prop_assert_eq!(
            (out.code, out.stdout_text()),
            (Some(0), expected),
            "--gc {} {} --gc-threads {} OomRounds {} {}: {}",
            collector, xmx, gc_threads, seed, rounds, out.stderr_head(8)
        );
    }
}
