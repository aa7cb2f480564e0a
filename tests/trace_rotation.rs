//! Trace rotation (`gcvm run --trace FILE --trace-max-size SIZE --trace-files N`,
//! docs/trace-format.md "Rotation"): the trace is cut at GC starts into self-contained files
//! FILE.k, the last N kept within SIZE; each file reads alone, and the set reads as one trace.
//! Every rebuilt heap is compared with the runtime's own heap dump (`--heap-dump`) at each
//! boundary the trace covers.

mod support;
mod trace_common;

use std::path::{Path, PathBuf};
use support::{repo_root, run_gcvm, scratch_dir, COLLECTORS};
use trace_common::check_trace_against_dump_from;

/// The size asked for and the files kept in these tests: GCBench at size 1 under GC stress
/// writes ~450 KB of trace in ~36 collections, so there are several cuts.
const SIZE: u64 = 300 * 1024;
const FILES: usize = 3;

struct Run {
    dir: PathBuf,
    trace: PathBuf,
    dump: PathBuf,
    stderr: String,
}

impl Run {
    /// The kept files, in sequence order: (sequence number, path, size).
    fn files(&self) -> Vec<(u32, PathBuf, u64)> {
        let mut files: Vec<(u32, PathBuf, u64)> = std::fs::read_dir(&self.dir)
            .unwrap()
            .filter_map(|e| {
                let e = e.ok()?;
                let name = e.file_name().to_str()?.to_string();
                let seq = name.strip_prefix("t.gct.")?.parse().ok()?;
                Some((seq, e.path(), e.metadata().ok()?.len()))
            })
            .collect();
        files.sort();
        files
    }
}

/// Runs GCBench (size 1, 16 MB heap, a collection every 2,000 allocations) with a rotated
/// trace and a heap dump.
fn rotated_run(label: &str, collector: &str, extra: &[&str]) -> Run {
    rotated_run_of(label, collector, SIZE, extra)
}

/// `rotated_run` with `size` asked.
fn rotated_run_of(label: &str, collector: &str, size: u64, extra: &[&str]) -> Run {
    let dir = scratch_dir(&format!("trace-rotation-{label}-{collector}"));
    let trace = dir.join("t.gct");
    let dump = dir.join("heap.txt");
    let size = format!("{}k", size / 1024);
    let files = FILES.to_string();
    let program = repo_root().join("programs/GCBench.java");
    let mut args: Vec<String> = [
        "run",
        "--gc",
        collector,
        "--xmx",
        "16m",
        "--gc-stress",
        "2000",
        "--trace",
        trace.to_str().unwrap(),
        "--trace-max-size",
        &size,
        "--trace-files",
        &files,
        "--heap-dump",
        dump.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push(program.to_str().unwrap().to_string());
    args.push("1".into());
    let out = run_gcvm(&args);
    assert_eq!(
        out.code,
        Some(0),
        "gcvm {}: {}",
        args.join(" "),
        out.stderr_head(20)
    );
    Run {
        dir,
        trace,
        dump,
        stderr: out.stderr_text(),
    }
}

/// Each kept file alone and the set as one trace rebuild the heap the dump shows at every
/// boundary they cover. The run must have rotated, keeping at least two files (fewer than
/// `FILES` when they would not fit in the size asked).
fn check_files_and_set(run: &Run, what: &str) -> (usize, usize) {
    let files = run.files();
    assert!(
        (2..=FILES).contains(&files.len()) && files[0].0 > 0,
        "{what}: expected 2 to {FILES} files after some rotations, found {:?}",
        files.iter().map(|f| f.0).collect::<Vec<_>>()
    );
    let mut boundaries = 0;
    for (seq, path, _) in &files {
        let c = check_trace_against_dump_from(path, &run.dump, true)
            .unwrap_or_else(|e| panic!("{what}: file {seq} alone: {e}"));
        assert!(c.collections > 0, "{what}: file {seq} has no collection");
        boundaries += c.boundaries;
    }
    let set = check_trace_against_dump_from(&run.trace, &run.dump, true)
        .unwrap_or_else(|e| panic!("{what}: the set: {e}"));
    // The files' boundaries are the set's (a boundary is in one file only) and the files'
    // ends: each file but the last ends where the next begins.
    assert_eq!(
        set.boundaries + files.len() - 1,
        boundaries,
        "{what}: the set covers the files' boundaries"
    );
    (boundaries, set.boundaries)
}

#[test]
fn the_kept_files_are_the_last_n_and_their_total_is_within_the_size_asked() {
    let run = rotated_run("sizes", "semispace", &[]);
    let files = run.files();
    let seqs: Vec<u32> = files.iter().map(|f| f.0).collect();
    assert_eq!(files.len(), FILES, "kept files {seqs:?}");
    let last = seqs[FILES - 1];
    assert!(last >= FILES as u32, "no file was deleted: {seqs:?}");
    assert_eq!(
        seqs,
        (last + 1 - FILES as u32..=last).collect::<Vec<_>>(),
        "the last {FILES} files are kept"
    );
    let total: u64 = files.iter().map(|f| f.2).sum();
    let sizes: Vec<u64> = files.iter().map(|f| f.2).collect();
    eprintln!(
        "asked {SIZE} bytes in {FILES} files: files {seqs:?}, sizes {sizes:?}, total {total}"
    );
    assert!(
        total <= SIZE,
        "the kept files take {total} bytes ({sizes:?}), more than the {SIZE} asked"
    );
    assert!(!run.trace.exists(), "no unrotated file FILE");
}

#[test]
fn a_size_too_small_for_n_files_keeps_fewer_files_within_it_and_warns() {
    // 60 KB for 3 files: a file's prologue (the heap sync) and one collection cycle take more
    // than its 20 KB share, so every file is cut after one collection and fewer files fit.
    let size = 60 * 1024;
    let run = rotated_run_of("small", "semispace", size, &[]);
    let files = run.files();
    let seqs: Vec<u32> = files.iter().map(|f| f.0).collect();
    let sizes: Vec<u64> = files.iter().map(|f| f.2).collect();
    let total: u64 = sizes.iter().sum();
    eprintln!("asked {size} bytes in {FILES} files: files {seqs:?}, sizes {sizes:?}");
    assert!(
        !files.is_empty() && files.len() < FILES,
        "fewer than {FILES} files fit: {seqs:?} {sizes:?}"
    );
    assert!(
        total <= size,
        "the kept files take {total} bytes ({sizes:?}), more than the {size} asked"
    );
    let last = *seqs.last().unwrap();
    assert_eq!(
        seqs,
        (last + 1 - seqs.len() as u32..=last).collect::<Vec<_>>(),
        "the newest files are kept"
    );
    let warning: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("--trace-max-size"))
        .collect();
    assert_eq!(warning.len(), 1, "one warning: {}", run.stderr);
    assert!(
        warning[0].starts_with("gcvm: warning:") && warning[0].contains("fewer files are kept"),
        "{}",
        warning[0]
    );
    // What is kept still reads as one trace and rebuilds the dumped heap.
    let checked = check_trace_against_dump_from(&run.trace, &run.dump, true)
        .unwrap_or_else(|e| panic!("the set: {e}"));
    assert!(checked.boundaries > 0);
}

#[test]
fn each_kept_file_alone_rebuilds_the_heap_at_each_of_its_boundaries() {
    let run = rotated_run("alone", "semispace", &[]);
    for (seq, path, _) in run.files() {
        let c = check_trace_against_dump_from(&path, &run.dump, true)
            .unwrap_or_else(|e| panic!("file {seq} alone: {e}"));
        assert!(c.collections > 0 && c.objects > 0, "file {seq}: {c:?}");
    }
}

#[test]
fn the_set_read_as_one_rebuilds_the_heap_at_every_boundary_it_covers() {
    let run = rotated_run("set", "semispace", &[]);
    let files = run.files();
    let c = check_trace_against_dump_from(&run.trace, &run.dump, true)
        .unwrap_or_else(|e| panic!("the set: {e}"));
    let gcs: u64 = files
        .iter()
        .map(|f| {
            gcvm_tools::reconstruct::reconstruct(&f.1, gcvm_tools::Boundary::End, false)
                .unwrap()
                .model
                .gcs
                .len() as u64
        })
        .sum();
    assert_eq!(
        c.collections as u64, gcs,
        "the set has every file's collections"
    );
}

#[test]
fn rotation_works_under_every_collector() {
    for &collector in COLLECTORS {
        // Concurrent mark-sweep's runs of cells make its trace ~10 times smaller (~50 KB:
        // files of ~20 KB, most of it the heap sync).
        let size = match collector {
            "concurrent-mark-sweep" => 56 * 1024,
            _ => SIZE,
        };
        let run = rotated_run_of("collectors", collector, size, &[]);
        let (files, set) = check_files_and_set(&run, collector);
        eprintln!("{collector}: {files} boundaries in the files alone, {set} in the set");
        let total: u64 = run.files().iter().map(|f| f.2).sum();
        assert!(
            total <= size,
            "{collector}: the kept files take {total} bytes, more than the {size} asked"
        );
    }
}

#[test]
fn with_pointers_a_file_alone_has_the_graph_of_the_set_and_the_heap() {
    for collector in ["semispace", "region"] {
        let run = rotated_run("pointers", collector, &["--trace-pointers"]);
        let files = run.files();
        for (seq, path, _) in &files {
            let c = check_trace_against_dump_from(path, &run.dump, true)
                .unwrap_or_else(|e| panic!("{collector}: file {seq} alone: {e}"));
            assert!(c.graphs > 0, "{collector}: file {seq}: no graph compared");
        }
        let c = check_trace_against_dump_from(&run.trace, &run.dump, true)
            .unwrap_or_else(|e| panic!("{collector}: the set: {e}"));
        assert!(c.graphs > 0);
    }
}

fn gcvm_out(args: &[&str]) -> String {
    let o = run_gcvm(args);
    assert_eq!(
        o.code,
        Some(0),
        "gcvm {}: {}",
        args.join(" "),
        o.stderr_head(10)
    );
    o.stdout_text()
}

#[test]
fn stats_heap_and_trace_info_read_one_file_and_the_set() {
    let run = rotated_run("tools", "semispace", &[]);
    let files = run.files();
    let set = run.trace.to_str().unwrap();
    let info = gcvm_out(&["trace", "info", set]);
    assert!(
        info.contains(&format!("a set of {FILES} files")),
        "trace info on the set: {info}"
    );
    let last = &files[FILES - 1];
    let one = last.1.to_str().unwrap();
    let info = gcvm_out(&["trace", "info", one]);
    assert!(
        info.contains(&format!("file {} of a rotated set", last.0)),
        "{info}"
    );
    let stats_one = gcvm_out(&["stats", one]);
    assert!(
        stats_one.contains("synced "),
        "stats of one file: {stats_one}"
    );
    let stats_set = gcvm_out(&["stats", set]);
    assert!(
        stats_set.contains("synced "),
        "the set's first file begins with a sync too"
    );
    // The last collection, at its end: the same heap from the file and from the set.
    let m =
        gcvm_tools::reconstruct::reconstruct(&last.1, gcvm_tools::Boundary::End, false).unwrap();
    let gc = m.model.gcs.last().unwrap().id;
    let at = format!("gc:{gc}:end");
    let heap_one = gcvm_out(&["heap", one, "--at", &at, "--by", "type"]);
    let heap_set = gcvm_out(&["heap", set, "--at", &at, "--by", "type"]);
    assert_eq!(heap_one, heap_set, "gcvm heap --at {at}");
    // A collection of a deleted file is not in the set: a one-line error.
    let o = run_gcvm(&["heap", set, "--at", "gc:0:end"]);
    assert_eq!(o.code, Some(1));
    assert_eq!(o.stderr_text().lines().count(), 1, "{}", o.stderr_text());
}

#[test]
fn a_damaged_file_of_the_set_is_named_in_the_error() {
    let run = rotated_run("damaged", "semispace", &[]);
    let files = run.files();
    let middle = &files[1].1;
    let mut bytes = std::fs::read(middle).unwrap();
    let n = bytes.len();
    bytes.truncate(n / 2);
    std::fs::write(middle, &bytes).unwrap();
    let o = run_gcvm(&["stats", run.trace.to_str().unwrap()]);
    assert_eq!(o.code, Some(1));
    let err = o.stderr_text();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(middle.to_str().unwrap()), "{err}");
    // The other files still read alone.
    gcvm_out(&["stats", files[2].1.to_str().unwrap()]);
}

#[test]
fn bad_rotation_options_are_one_line_errors() {
    let program = repo_root().join("programs/GCBench.java");
    let p = program.to_str().unwrap();
    let dir = scratch_dir("trace-rotation-bad");
    let t = dir.join("t.gct");
    let t = t.to_str().unwrap();
    for (args, says) in [
        (vec!["run", "--trace-max-size", "1m", p, "1"], "--trace"),
        (
            vec!["run", "--trace", t, "--trace-max-size", "12q", p, "1"],
            "12q",
        ),
        (
            vec!["run", "--trace", t, "--trace-max-size", "0", p, "1"],
            "0",
        ),
        (
            vec![
                "run",
                "--trace",
                t,
                "--trace-max-size",
                "1m",
                "--trace-files",
                "0",
                p,
                "1",
            ],
            "0",
        ),
        (
            vec![
                "run",
                "--trace",
                t,
                "--trace-max-size",
                "1m",
                "--trace-files",
                "x",
                p,
                "1",
            ],
            "x",
        ),
        (
            vec!["run", "--trace", t, "--trace-files", "3", p, "1"],
            "--trace-max-size",
        ),
        (
            vec![
                "run",
                "--trace",
                t,
                "--trace-max-size",
                "8k",
                "--trace-files",
                "3",
                p,
                "1",
            ],
            "too small",
        ),
    ] {
        let o = run_gcvm(&args);
        let err = o.stderr_text();
        assert_ne!(o.code, Some(0), "{args:?}");
        let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(
            lines.first().is_some_and(|l| l.contains(says)),
            "{args:?}: {err}"
        );
        assert!(!Path::new(t).exists() && !dir.join("t.gct.0").exists());
    }
}

#[test]
fn every_analysis_reads_a_file_alone_and_the_set_with_deaths_activity_and_pointers() {
    let run = rotated_run(
        "analyses",
        "semispace",
        &["--trace-deaths", "--activity", "--trace-pointers"],
    );
    let files = run.files();
    let hprof = run.dir.join("x.hprof");
    let tiles = run.dir.join("x.tiles");
    for path in [run.trace.clone(), files[FILES - 1].1.clone()] {
        let p = path.to_str().unwrap();
        for args in [
            vec!["deaths", p],
            vec!["activity", p],
            vec!["lifetimes", p],
            vec!["escapees", p],
            vec!["leaks", p],
            vec!["overview", p],
            vec!["hprof", p, "--at", "end", "-o", hprof.to_str().unwrap()],
            vec!["tiles", p, "--output", tiles.to_str().unwrap()],
        ] {
            gcvm_out(&args);
        }
    }
}
