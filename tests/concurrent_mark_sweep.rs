//! The concurrent mark-sweep collector beyond what the shared suites check (conformance, bundled
//! and thread programs, trace reconstruction and the property tests all loop over every
//! collector): concurrent cycles really run, the lost-object scenario never loses an object,
//! the log speaks CMS's words, a crowded heap falls back to full collections, and those
//! compact a fragmented heap (evacuating sparse spans) without the trace losing track.

mod support;
mod trace_common;

use support::*;
use trace_common::check_trace_against_dump;

const CROWDED: &str = r#"
public class Crowded {
    public static void main(String[] args) {
        Object[] live = new Object[20_000];
        long sum = 0;
        for (int i = 0; i < 3_000_000; i++) {
            int[] a = new int[(i % 13) + 2];
            a[0] = i;
            live[(int) ((i * 7919L) % live.length)] = a;
            sum += a.length;
        }
        System.out.println("sum " + sum);
    }
}
"#;

fn cms(options: &[&str]) -> Vec<String> {
    let mut all = vec!["--gc".to_string(), "concurrent-mark-sweep".to_string()];
    all.extend(options.iter().map(|s| s.to_string()));
    all
}

fn pause_names(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.starts_with('[') && l.contains("[info][gc] GC("))
        .map(|l| {
            let after_id = l.split(") ").skip(1).collect::<Vec<_>>().join(") ");
            let name_end = after_id
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(after_id.len());
            after_id[..name_end].trim().to_string()
        })
        .collect()
}

#[test]
fn lost_objects_are_never_freed_over_many_concurrent_cycles_with_verification() {
    let suite = Suite::load("stress", &repo_root().join("tests").join("stress"));
    let program = suite
        .programs
        .iter()
        .find(|p| p.name == "LostObjects")
        .expect("tests/stress/LostObjects.java");
    let mut remarks = 0;
    for round in 0..6 {
        let options = cms(&["-Xmx8m", "--verify-heap", "-Xlog:gc"]);
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let out = run_gcvm_program(&suite.classes, "LostObjects", &options);
        assert_no_panic(&out, "LostObjects");
        let stdout = String::from_utf8_lossy(&out.stdout);
        // The program's last line: the collector's controller thread may still log a
        // concurrent phase (`[..][info][gc] Concurrent Sweep`) after it.
        let last = stdout
            .lines()
            .filter(|l| !l.contains("][info][gc"))
            .next_back()
            .unwrap_or("");
        let expected = String::from_utf8_lossy(&program.expected.stdout);
        assert_eq!(
            format!("{last}\n"),
            expected,
            "round {round}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.code, Some(0), "round {round}");
        remarks += pause_names(&stdout)
            .iter()
            .filter(|n| *n == "Pause Remark")
            .count();
    }
    assert!(
        remarks >= 12,
        "the rewiring ran under concurrent marking: {remarks} remarks in 6 rounds"
    );
}

#[test]
fn a_concurrent_cycle_logs_initial_mark_concurrent_mark_remark_and_sweep_in_order() {
    let classes = compile_snippets("cms-crowded", &[("Crowded.java", CROWDED)]);
    let options = cms(&["-Xmx16m", "-Xlog:gc"]);
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let out = run_gcvm_program(&classes, "Crowded", &options);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l == "sum 23999985"), "{stdout}");
    let names = pause_names(&stdout);
    let first = names
        .iter()
        .position(|n| n == "Pause Initial Mark")
        .unwrap_or_else(|| panic!("no concurrent cycle: {stdout}"));
    assert_eq!(
        names[first..first + 4],
        [
            "Pause Initial Mark",
            "Concurrent Mark",
            "Pause Remark",
            "Concurrent Sweep"
        ],
        "{stdout}"
    );
}

#[test]
fn a_crowded_heap_falls_back_to_full_collections_named_like_hotspot() {
    let classes = compile_snippets("cms-crowded", &[("Crowded.java", CROWDED)]);
    let mut seen_mode_failure = false;
    for _ in 0..8 {
        let options = cms(&["-Xmx3m", "-Xlog:gc", "--verify-heap"]);
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let out = run_gcvm_program(&classes, "Crowded", &options);
        let stdout = String::from_utf8_lossy(&out.stdout);
        // A concurrent phase may still be logged between the last line and the exit.
        assert!(stdout.lines().any(|l| l == "sum 23999985"), "{stdout}");
        let names = pause_names(&stdout);
        let allowed = [
            "Pause Initial Mark",
            "Concurrent Mark",
            "Pause Remark",
            "Concurrent Sweep",
            "Pause Full (Allocation Failure)",
            "Pause Full (Concurrent Mode Failure)",
            "Pause Full (Last ditch collection)",
        ];
        for n in &names {
            assert!(
                allowed.contains(&n.as_str()),
                "unexpected log line name {n:?}"
            );
        }
        assert!(
            names.iter().any(|n| n.starts_with("Pause Full")),
            "a 3 MB heap with 1.5 MB live needs full collections: {stdout}"
        );
        if names
            .iter()
            .any(|n| n == "Pause Full (Concurrent Mode Failure)")
        {
            seen_mode_failure = true;
            break;
        }
    }
    assert!(
        seen_mode_failure,
        "allocation outran a concurrent cycle in at least one of 8 runs"
    );
}

/// Fragmentation's `Pause Full phases` lines (`-Xlog:gc*`): the spans each evacuated.
fn spans_evacuated(stdout: &str) -> Vec<usize> {
    stdout
        .lines()
        .filter(|l| l.contains("[gc,phases]") && l.contains("Pause Full phases"))
        .map(|l| {
            let after = l.split("; ").nth(1).expect("what moved");
            after.split(' ').next().unwrap().parse().expect("a count")
        })
        .collect()
}

fn fragmentation() -> (std::path::PathBuf, String) {
    let sources = java_sources_in(&repo_root().join("programs"));
    (
        compile_java_cached("programs", &sources),
        "Fragmentation".to_string(),
    )
}

#[test]
fn full_collections_evacuate_sparse_spans_so_a_fragmenting_program_fits_a_small_heap() {
    // Fragmentation at its default size peaks at about 13 MB of live blocks whose sizes drift:
    // a mark-sweep that only sweeps needed a 21-23 MB heap (free slots of old size classes
    // stranded in half-empty spans); evacuating the sparse spans in the full collections it
    // falls back to makes 18 MB enough (mark-compact needs 13 MB).
    let (classes, main) = fragmentation();
    let options = cms(&["-Xmx18m", "-Xlog:gc*", "--verify-heap"]);
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let out = run_gcvm_program(&classes, &main, &options);
    assert_no_panic(&out, &main);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(10));
    assert!(
        stdout
            .lines()
            .any(|l| l == "checksum 2528075579609069336 table -6484460359385252873"),
        "{stdout}"
    );
    let evacuated = spans_evacuated(&stdout);
    assert!(
        evacuated.iter().any(|&n| n > 0),
        "the full collections evacuated spans: {evacuated:?}"
    );
}

#[test]
fn the_trace_rebuilds_the_heap_and_its_graph_across_compacting_full_collections() {
    // Full collections every 5000 allocations: most evacuate spans (the log says how many),
    // and at every collection's start and end the heap rebuilt from the trace — objects and,
    // with --trace-pointers, the graph — must be the dumped heap.
    let (classes, main) = fragmentation();
    let scratch = scratch_dir("cms-compaction-trace");
    for threads in ["1", "2"] {
        let trace = scratch.join(format!("fragmentation-{threads}.gct"));
        let dump = scratch.join(format!("fragmentation-{threads}.heap"));
        let options = cms(&[
            "-Xmx16m",
            "--gc-stress",
            "5000",
            "--gc-threads",
            threads,
            "-Xlog:gc*",
            "--trace-pointers",
            "--trace",
            trace.to_str().unwrap(),
            "--heap-dump",
            dump.to_str().unwrap(),
        ]);
        let classes = classes.to_string_lossy();
        let mut args = vec!["run"];
        args.extend(options.iter().map(String::as_str));
        args.extend(["-cp", &classes, &main, "1"]);
        let out = run_gcvm(&args);
        assert_eq!(out.code, Some(0), "{}", out.stderr_head(10));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let compactions = spans_evacuated(&stdout).iter().filter(|&&n| n > 0).count();
        assert!(
            compactions >= 3,
            "{threads} workers: {compactions} compactions"
        );
        let checked = check_trace_against_dump(&trace, &dump)
            .unwrap_or_else(|e| panic!("{threads} workers: {e}"));
        assert_eq!(checked.graphs, 2 * checked.collections + 1, "{checked:?}");
        let _ = std::fs::remove_file(&trace);
        let _ = std::fs::remove_file(&dump);
    }
}
