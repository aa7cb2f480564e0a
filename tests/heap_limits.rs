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
