//! The trace is exact: for every conformance program, every bundled program (size 1) and every
//! thread program, under every collector, in a 16 MB heap — once as it runs, once with GC stress
//! giving tens of collections — the heap rebuilt from `--trace` equals the heap the runtime
//! dumped with `--heap-dump` (every object's address, type, size and array length) at every
//! collection's start and end and at the end of the run — and, recorded with `--trace-pointers`,
//! the object graph (the roots, and the references of every object reachable from them) at
//! the start and end of every collection and at the end (at a GC start, over the objects the
//! collection did not free; at an initial mark, over those the collection completing its
//! marking did not free). Runs go two at a time.

mod support;
mod trace_common;

use std::path::{Path, PathBuf};
use support::*;
use trace_common::{check_trace_against_dump, Checked};

/// Collections a stressed run aims at: tens, not thousands.
const TARGET_COLLECTIONS: u64 = 30;

struct Case {
    label: String,
    classes: PathBuf,
    main: String,
    args: Vec<String>,
}

fn cases_from(label: &str, dir: &Path, args: &[&str]) -> Vec<Case> {
    let sources = java_sources_in(dir);
    let classes = compile_java_cached(label, &sources);
    sources
        .iter()
        .map(|src| Case {
            label: label.to_string(),
            classes: classes.clone(),
            main: class_name_of(src),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
        .collect()
}

fn every_case() -> Vec<Case> {
    let root = repo_root();
    let mut cases = cases_from("conformance", &root.join("tests").join("conformance"), &[]);
    cases.extend(cases_from("programs", &root.join("programs"), &["1"]));
    cases.extend(cases_from(
        "threads",
        &root.join("tests").join("threads"),
        &[],
    ));
    cases
}

/// Runs one case under `collector` in a 16 MB heap with a trace and a heap dump (plus
/// `extra` options), and compares the two.
fn run_and_check(
    case: &Case,
    collector: &str,
    extra: &[String],
    scratch: &Path,
) -> Result<Checked, String> {
    run_and_check_in(case, collector, "16m", extra, scratch)
}

/// `run_and_check` in a heap of `heap` (`-Xmx`).
fn run_and_check_in(
    case: &Case,
    collector: &str,
    heap: &str,
    extra: &[String],
    scratch: &Path,
) -> Result<Checked, String> {
    let stem = format!(
        "{}-{}-{collector}-{heap}-{}",
        case.label,
        case.main,
        extra.len()
    );
    let trace = scratch.join(format!("{stem}.gct"));
    let dump = scratch.join(format!("{stem}.heap"));
    let mut args: Vec<String> = ["run", "--gc", collector, &format!("-Xmx{heap}")]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(extra.iter().cloned());
    args.extend(["--trace".into(), trace.to_string_lossy().into_owned()]);
    args.extend(["--heap-dump".into(), dump.to_string_lossy().into_owned()]);
    args.extend([
        "-cp".into(),
        case.classes.to_string_lossy().into_owned(),
        case.main.clone(),
    ]);
    args.extend(case.args.iter().cloned());
    let out = run_gcvm(&args);
    if out.timed_out || out.panic_marker().is_some() || out.code.is_none() {
        return Err(format!(
            "gcvm {}:\n{}",
            out.describe_status(),
            out.stderr_head(10)
        ));
    }
    let checked =
        check_trace_against_dump(&trace, &dump).map_err(|e| format!("{} {e}", extra.join(" ")))?;
    let _ = std::fs::remove_file(&trace);
    let _ = std::fs::remove_file(&dump);
    Ok(checked)
}

/// Checks one case twice: as it runs (collections on allocation failure only), then with GC
/// stress set from the first run's allocation count to give about `TARGET_COLLECTIONS`, and
/// with `--trace-pointers`: the object graph too (roots, and every reachable object's
/// references) at the start and end of every collection and at the end. Returns
/// the stressed run's summary.
fn check(case: &Case, collector: &str, scratch: &Path) -> Result<Checked, String> {
    let plain = run_and_check(case, collector, &[], scratch)?;
    let every = (plain.allocations / TARGET_COLLECTIONS).max(5);
    let stressed = run_and_check(
        case,
        collector,
        &[
            "--gc-stress".into(),
            every.to_string(),
            "--trace-pointers".into(),
        ],
        scratch,
    )?;
    if stressed.graphs != 2 * stressed.collections + 1 {
        return Err(format!(
            "--trace-pointers: {} object graphs compared for {} collections (their GC starts and ends) and the end",
            stressed.graphs, stressed.collections
        ));
    }
    Ok(stressed)
}

/// A trace and heap dump named by GCVM_TRACE and GCVM_DUMP, checked as the test above checks
/// its runs (for investigating one run: `cargo test --release --test trace_reconstruction
/// one_recorded_run -- --ignored`).
#[test]
#[ignore]
fn one_recorded_run() {
    let trace = std::env::var("GCVM_TRACE").expect("GCVM_TRACE");
    let dump = std::env::var("GCVM_DUMP").expect("GCVM_DUMP");
    let checked = check_trace_against_dump(Path::new(&trace), Path::new(&dump)).unwrap();
    eprintln!("{checked:?}");
}

#[test]
fn the_heap_rebuilt_from_the_trace_is_the_real_heap_at_every_boundary() {
    let scratch = scratch_dir("trace-reconstruction");
    let cases = every_case();
    assert!(
        cases.len() >= 50,
        "conformance, bundled and thread programs: {}",
        cases.len()
    );
    let runs: Vec<(&Case, &str)> = cases
        .iter()
        .flat_map(|c| COLLECTORS.iter().map(move |g| (c, *g)))
        .collect();
    let results = parallel_map(&runs, PARALLEL_RUNS, |(case, collector)| {
        (
            format!("{} {} [{collector}]", case.label, case.main),
            check(case, collector, &scratch),
        )
    });
    let mut failures = Vec::new();
    let (mut collections, mut boundaries, mut objects, mut references) = (0, 0, 0, 0);
    let mut few = Vec::new();
    for (what, r) in &results {
        match r {
            Ok(c) => {
                collections += c.collections;
                boundaries += c.boundaries;
                objects += c.objects;
                references += c.references;
                if c.collections < 10 {
                    few.push(format!("{what}: {}", c.collections));
                }
            }
            Err(e) => failures.push(format!("{what}: {e}")),
        }
    }
    eprintln!(
        "{} programs x collectors, each run plain and with GC stress; in the stressed runs: {collections} collections, {boundaries} boundaries, {objects} objects and {references} references compared; fewer than 10 collections: {}",
        runs.len(),
        few.len()
    );
    for f in &few {
        eprintln!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} runs: the trace does not rebuild the heap\n\n{}",
        failures.len(),
        runs.len(),
        failures.join("\n\n")
    );
    assert!(
        few.is_empty(),
        "GC stress should give tens of collections per run: {few:?}"
    );
}

#[test]
fn an_initial_marks_graph_is_the_heaps_there() {
    // Concurrent mark-sweep in a small heap without GC stress: concurrent cycles, each an
    // initial mark, whose graph the remark records, then the remark (or a full collection,
    // when the cycle fails, or the end of the run). The graph at the initial mark's start and
    // end must be the dumped heap's (tests/trace_common, `compare_marking_graphs`).
    let scratch = scratch_dir("trace-reconstruction-initial-marks");
    let programs = cases_from("programs", &repo_root().join("programs"), &["1"]);
    let chosen: Vec<&Case> = ["SlowLeak", "BinaryTrees", "Fragmentation"]
        .iter()
        .map(|name| programs.iter().find(|c| c.main == *name).expect(name))
        .collect();
    let results = parallel_map(&chosen, PARALLEL_RUNS, |case| {
        let extra = ["--trace-pointers".to_string()];
        (
            case.main.clone(),
            run_and_check_in(case, "concurrent-mark-sweep", "6m", &extra, &scratch),
        )
    });
    let mut marking_graphs = 0;
    for (what, r) in &results {
        match r {
            Ok(c) => {
                assert_eq!(
                    c.graphs,
                    2 * c.collections + 1,
                    "{what}: every boundary's graph compared: {c:?}"
                );
                marking_graphs += c.marking_graphs;
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
    assert!(
        marking_graphs >= 2 * 3,
        "each program has concurrent cycles in 6 MB: {marking_graphs} initial-mark graphs"
    );
}
