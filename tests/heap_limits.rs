//! The heap's limits as a Java program sees them: -Xmx bounds it, exhaustion raises a catchable
//! OutOfMemoryError, and a GCBench-style run in a small heap collects many times with the
//! verifier clean.

mod support;

use support::*;

const OOM_PROGRAM: &str = r#"
import java.util.ArrayList;
public class Exhaust {
    public static void main(String[] args) {
        ArrayList<long[]> hoard = new ArrayList<>();
        try {
            while (true) hoard.add(new long[16 * 1024]);
        } catch (OutOfMemoryError e) {
            int held = hoard.size();
            hoard = null;
            System.out.println("caught " + e.getClass().getName() + ": " + e.getMessage());
            System.out.println("held more than 1 MB: " + (held > 8));
        }
        long[] after = new long[1024];
        System.out.println("allocates again: " + after.length);
        Runtime rt = Runtime.getRuntime();
        System.out.println("max within -Xmx: " + (rt.maxMemory() <= 16L * 1024 * 1024));
    }
}
"#;

const HUGE_ARRAY: &str = r#"
public class Huge {
    public static void main(String[] args) {
        try {
            int[] a = new int[Integer.MAX_VALUE];
            System.out.println(a.length);
        } catch (OutOfMemoryError e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
"#;

#[test]
fn heap_exhaustion_raises_a_catchable_out_of_memory_error() {
    for collector in COLLECTORS {
        let classes = compile_snippets("exhaust", &[("Exhaust.java", OOM_PROGRAM)]);
        let out = run_gcvm_program(&classes, "Exhaust", &["--gc", collector, "-Xmx16m"]);
        assert_no_panic(&out, collector);
        assert_eq!(out.code, Some(0), "{collector}: {}", out.stderr_head(10));
        assert_eq!(
            out.stdout_text(),
            "caught java.lang.OutOfMemoryError: Java heap space\nheld more than 1 MB: true\nallocates again: 1024\nmax within -Xmx: true\n",
            "{collector}"
        );
    }
}

#[test]
fn an_impossible_array_is_an_out_of_memory_error() {
    let classes = compile_snippets("huge", &[("Huge.java", HUGE_ARRAY)]);
    let out = run_gcvm_program(&classes, "Huge", &["-Xmx16m"]);
    assert_no_panic(&out, "Huge");
    assert_eq!(
        out.stdout_text(),
        "caught Requested array size exceeds VM limit\n"
    );
}

#[test]
fn gcbench_in_a_32_mb_heap_collects_dozens_of_times_with_the_verifier_clean() {
    for collector in COLLECTORS {
        let program = repo_root().join("programs").join("GCBench.java");
        let program = program.to_string_lossy();
        let out = run_gcvm(&[
            "run",
            "--gc",
            collector,
            "-Xmx32m",
            "-Xms8m",
            "--verify-heap",
            "-Xlog:gc",
            &program,
            "8",
        ]);
        assert_no_panic(&out, collector);
        assert_eq!(out.code, Some(0), "{collector}: {}", out.stderr_head(10));
        let collections = out
            .stdout_text()
            .lines()
            .filter(|l| l.contains("[info][gc] GC("))
            .count();
        assert!(
            collections >= 20,
            "{collector}: only {collections} collections"
        );
    }
}

const SMALL_OBJECT_GROWTH: &str = r#"
import java.util.ArrayList;
public class Grow {
    public static void main(String[] args) {
        ArrayList<int[]> list = new ArrayList<>();
        try {
            while (true) list.add(new int[4]);
        } catch (OutOfMemoryError e) {
            boolean many = list.size() > 1000;
            list = null;
            String m = e.getMessage();
            boolean known = m.equals("Java heap space") || m.equals("GC overhead limit exceeded");
            System.out.println("caught OutOfMemoryError, known message " + known + ", held many " + many);
        }
    }
}
"#;

#[test]
fn small_object_growth_ends_in_an_out_of_memory_error_within_seconds_under_every_collector() {
    let classes = compile_snippets("grow", &[("Grow.java", SMALL_OBJECT_GROWTH)]);
    for collector in COLLECTORS {
        for xmx in ["-Xmx2m", "-Xmx4m", "-Xmx16m"] {
            let started = std::time::Instant::now();
            let out = run_gcvm_program(&classes, "Grow", &["--gc", collector, xmx]);
            let took = started.elapsed();
            assert_no_panic(&out, collector);
            assert_eq!(
                out.stdout_text(),
                "caught OutOfMemoryError, known message true, held many true\n",
                "{collector} {xmx}: {}",
                out.stderr_head(5)
            );
            assert_eq!(out.code, Some(0), "{collector} {xmx}");
            assert!(
                took < std::time::Duration::from_secs(30),
                "{collector} {xmx}: {took:?} (HotSpot: under a second)"
            );
        }
    }
}

#[test]
fn gcbench_in_a_crowded_heap_finishes_or_throws_within_seconds_never_hangs() {
    let program = repo_root().join("programs").join("GCBench.java");
    let program = program.to_string_lossy();
    for collector in COLLECTORS {
        let started = std::time::Instant::now();
        let out = run_gcvm(&["run", "--gc", collector, "-Xmx16m", &program, "8"]);
        assert_no_panic(&out, collector);
        let finished = out.code == Some(0) && out.stdout_text().contains("checksum ");
        let threw = out.code == Some(1)
            && String::from_utf8_lossy(&out.stderr).contains("java.lang.OutOfMemoryError");
        assert!(
            finished || threw,
            "{collector}: exit {:?}: {}",
            out.code,
            out.stderr_head(5)
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "{collector}: {:?}",
            started.elapsed()
        );
    }
}
