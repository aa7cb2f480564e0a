//! Steps inside a collection (docs/stream-format.md, "Steps inside a collection"): every
//! collector's pauses come as step frames in the documented order, progress frames are
//! monotone, step streams hold what the collector saw, filters and breakpoints work per step
//! kind, and `-Xlog:gc*` reports the time spent gathering apart from the GC work.

mod support;

use gcvm_tools::heap_objects;
use gcvm_tools::reader::{Event, TraceReader};
use gcvm_tracer::stream::record::Recording;
use gcvm_tracer::stream::{standard, Frame, StreamEvent};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use support::*;

fn gcbench_classes() -> PathBuf {
    compile_java_cached(
        "stream-programs",
        &[
            repo_root().join("programs").join("GCBench.java"),
            repo_root().join("programs").join("LargeArrays.java"),
        ],
    )
}

/// A GCBench run under `collector` recorded with every step (extra options after), its
/// recording and frames.
fn recorded_steps(collector: &str, label: &str, extra: &[&str]) -> (Recording, Vec<Frame>) {
    let dir = scratch_dir(&format!("stream-steps-{label}"));
    let live = dir.join("live.gcs");
    let classes = gcbench_classes();
    let mut opts = vec![
        "--gc",
        collector,
        "-Xmx32m",
        "--stream-record",
        live.to_str().unwrap(),
        "--stream-tick",
        "0",
    ];
    opts.extend(extra);
    let run = run_gcvm_program(&classes, "GCBench", &opts);
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    recording_and_frames(&live)
}

/// The frames of RegionWorkout's mixed phase under the region collector (marking cycles every
/// run, unlike GCBench, whose heap may grow before one starts), the evacuated regions left out.
fn recorded_marking_cycles() -> (Recording, Vec<Frame>) {
    let (rec, frames, _) = recorded_workout("mixed");
    (rec, frames)
}

/// The frames of RegionWorkout's `phase` under the region collector, the evacuated regions
/// left out, and the run's `-Xlog:gc` output.
fn recorded_workout(phase: &str) -> (Recording, Vec<Frame>, String) {
    let dir = scratch_dir(&format!("stream-steps-workout-{phase}-region"));
    let live = dir.join("live.gcs");
    let classes = compile_java_cached(
        "region-workout",
        &[repo_root().join("tests/region/RegionWorkout.java")],
    );
    let run = run_gcvm(&[
        "run",
        "--gc",
        "region",
        "-Xmx32m",
        "--stream-record",
        live.to_str().unwrap(),
        "--stream-tick",
        "0",
        "--stream-filter",
        "region.evacuated:enabled=false",
        "-Xlog:gc",
        "-cp",
        classes.to_str().unwrap(),
        "RegionWorkout",
        phase,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    let (rec, frames) = recording_and_frames(&live);
    (rec, frames, run.stdout_text())
}

fn total(f: &Frame, id: u16) -> u64 {
    f.summary.iter().find(|(i, _)| *i == id).map_or(0, |p| p.1)
}

fn kind(f: &Frame) -> &str {
    f.step.as_ref().map_or("", |s| s.kind.as_str())
}

/// Per pause (gc number, in order): the kinds of its step frames, repeats of a progress kind
/// collapsed into one.
fn pause_step_kinds(frames: &[Frame]) -> Vec<(u32, Vec<String>)> {
    let mut out: Vec<(u32, Vec<String>)> = Vec::new();
    for f in frames.iter().filter(|f| f.event == StreamEvent::Step) {
        let gc = f.gc.expect("a step frame names its collection");
        if out.last().is_none_or(|(g, _)| *g != gc) {
            out.push((gc, Vec::new()));
        }
        let kinds = &mut out.last_mut().unwrap().1;
        if kinds.last().map(String::as_str) != Some(kind(f)) {
            kinds.push(kind(f).to_string());
        }
    }
    out
}

/// Within each pause, step numbers count 1, 2, 3 ... and `gc_ms` never falls.
fn assert_numbered_within_pauses(frames: &[Frame]) {
    let mut last: Option<(u32, u32, f64)> = None;
    for f in frames
        .iter()
        .filter(|f| f.event == StreamEvent::Step && !f.step.as_ref().unwrap().concurrent)
    {
        let s = f.step.as_ref().unwrap();
        let gc = f.gc.unwrap();
        match last {
            Some((g, n, ms)) if g == gc => {
                assert_eq!(s.n, n + 1, "GC({gc}) step {} after {n}", s.n);
                assert!(
                    s.gc_ms >= ms,
                    "GC({gc}) gc_ms fell from {ms} to {}",
                    s.gc_ms
                );
            }
            _ => assert_eq!(s.n, 1, "GC({gc}) starts at step {}", s.n),
        }
        last = Some((gc, s.n, s.gc_ms));
    }
}

#[test]
fn the_bootstrap_lists_the_collectors_step_kinds_in_order() {
    let (rec, _) = recorded_steps("mark-compact", "bootstrap-mc", &[]);
    let kinds: Vec<&str> = rec
        .bootstrap
        .steps
        .iter()
        .map(|s| s.kind.as_str())
        .collect();
    assert_eq!(
        kinds,
        [
            "mark-compact.marked",
            "mark-compact.planned",
            "mark-compact.updated",
            "mark-compact.compacted"
        ]
    );
    assert!(rec
        .bootstrap
        .steps
        .iter()
        .all(|s| !s.explain.is_empty() && !s.concurrent));
}

#[test]
fn mark_compact_pauses_have_their_four_steps_in_order() {
    let (_, frames) = recorded_steps("mark-compact", "order-mc", &[]);
    let pauses = pause_step_kinds(&frames);
    assert!(pauses.len() >= 2, "{pauses:?}");
    for (gc, kinds) in &pauses {
        assert_eq!(
            kinds,
            &[
                "mark-compact.marked",
                "mark-compact.planned",
                "mark-compact.updated",
                "mark-compact.compacted"
            ],
            "GC({gc})"
        );
    }
    assert_numbered_within_pauses(&frames);
}

#[test]
fn step_frames_come_between_their_pauses_start_and_end() {
    let (_, frames) = recorded_steps("mark-compact", "between-mc", &[]);
    let mut open: Option<u32> = None;
    for f in &frames {
        match f.event {
            StreamEvent::GcStart => open = f.gc,
            StreamEvent::GcEnd => open = None,
            StreamEvent::Step => assert_eq!(open, f.gc, "step {} outside its pause", kind(f)),
            StreamEvent::Tick => {}
        }
    }
}

#[test]
fn after_mark_compact_marked_the_marked_total_equals_the_live_bytes_after_the_collection() {
    let (_, frames) = recorded_steps("mark-compact", "marked-live-mc", &[]);
    let marked = standard::COUNT;
    let mut checked = 0;
    for f in frames.iter().filter(|f| kind(f) == "mark-compact.marked") {
        let end = frames
            .iter()
            .find(|g| g.event == StreamEvent::GcEnd && g.gc == f.gc)
            .expect("the collection's end frame");
        assert_eq!(
            total(f, marked),
            total(end, standard::USED),
            "GC({:?}): marked vs live after",
            f.gc
        );
        checked += 1;
    }
    assert!(checked >= 2, "{checked} marked steps");
}

/// BinaryTrees `size` under `collector` at -Xmx16m (a few collections), traced and recorded
/// with every step in the same run, so both see the same collections: the trace's path and
/// the recording's frames.
fn traced_and_recorded_binary_trees(
    label: &str,
    collector: &str,
    size: &str,
) -> (PathBuf, Recording, Vec<Frame>) {
    let dir = scratch_dir(&format!("stream-steps-{label}"));
    let (trace, live) = (dir.join("run.gct"), dir.join("live.gcs"));
    let classes = compile_java_cached(
        "binary-trees",
        &[repo_root().join("programs").join("BinaryTrees.java")],
    );
    let run = run_gcvm(&[
        "run",
        "--gc",
        collector,
        "-Xmx16m",
        "--trace",
        trace.to_str().unwrap(),
        "--stream-record",
        live.to_str().unwrap(),
        "--stream-tick",
        "0",
        "-cp",
        classes.to_str().unwrap(),
        "BinaryTrees",
        size,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    let (rec, frames) = recording_and_frames(&live);
    (trace, rec, frames)
}

/// What a collection's trace events say survived it: objects moved or kept alive (by their
/// address before the collection) and runs of objects moved together (address ranges).
#[derive(Default)]
struct Survivors {
    addrs: HashSet<u64>,
    ranges: Vec<std::ops::Range<u64>>,
}

impl Survivors {
    fn include(&self, addr: u64) -> bool {
        self.addrs.contains(&addr) || self.ranges.iter().any(|r| r.contains(&addr))
    }
}

/// Per collection (the trace's gc id), the survivors its events name; deaths are implicit.
fn survivors_per_collection(trace: &Path) -> BTreeMap<u32, Survivors> {
    let mut reader = TraceReader::open(trace).unwrap_or_else(|e| panic!("{e}"));
    let mut out: BTreeMap<u32, Survivors> = BTreeMap::new();
    let mut current: Option<u32> = None;
    while let Some((_, ev)) = reader.next_event().unwrap_or_else(|e| panic!("{e}")) {
        let in_gc = || current.expect("a survivor event outside a collection");
        match ev {
            Event::GcStart { gc_id, .. } => {
                current = Some(gc_id);
                out.entry(gc_id).or_default();
            }
            Event::GcEnd { .. } => current = None,
            Event::Move { from, .. } | Event::KeepAlive { addr: from } => {
                out.get_mut(&in_gc()).unwrap().addrs.insert(from);
            }
            Event::RegionMove { from, bytes, .. } => {
                out.get_mut(&in_gc())
                    .unwrap()
                    .ranges
                    .push(from..from + bytes);
            }
            Event::KeptRuns(runs) => {
                let ranges = &mut out.get_mut(&in_gc()).unwrap().ranges;
                ranges.extend(runs.iter().map(|&(from, bytes)| from..from + bytes));
            }
            _ => {}
        }
    }
    out
}

/// The bytes of `objects` (address, size) in each of `tiles` tiles of `tile_size` from
/// `start`, an object split over the tiles it overlaps.
fn bytes_per_tile(objects: &[(u64, u64)], start: u64, tile_size: u64, tiles: usize) -> Vec<u64> {
    let mut bins = vec![0u64; tiles];
    for &(addr, size) in objects {
        let mut at = addr;
        while at < addr + size {
            let tile = ((at - start) / tile_size) as usize;
            let tile_end = start + (tile as u64 + 1) * tile_size;
            let part = tile_end.min(addr + size) - at;
            assert!(
                tile < tiles,
                "object at {addr:#x} ({size} bytes) past the last tile"
            );
            bins[tile] += part;
            at += part;
        }
    }
    bins
}

/// For every `step` frame (marking just finished) of BinaryTrees `size` under `collector`:
/// each tile's `marked` bytes are the bytes of the objects the trace shows surviving that
/// collection in that tile, counted at their addresses before it.
fn assert_marked_tiles_are_the_survivors(collector: &str, size: &str, step: &str) {
    let label = format!("marked-tiles-{collector}");
    let (trace, rec, frames) = traced_and_recorded_binary_trees(&label, collector, size);
    let marked_id = rec
        .bootstrap
        .streams
        .iter()
        .find(|d| d.name == "marked")
        .expect("a marked stream")
        .id;
    let survivors = survivors_per_collection(&trace);
    let mut checked = 0;
    for f in frames.iter().filter(|f| kind(f) == step) {
        let gc = f.gc.unwrap();
        let [space] = &f.spaces[..] else {
            panic!("GC({gc}): {} spaces", f.spaces.len())
        };
        let survived = &survivors[&gc];
        let before =
            heap_objects(&trace, &format!("gc:{gc}:start")).unwrap_or_else(|e| panic!("{e}"));
        let live: Vec<(u64, u64)> = before
            .iter()
            .filter(|o| survived.include(o.addr))
            .map(|o| (o.addr, o.size))
            .collect();
        let expected = bytes_per_tile(
            &live,
            space.start,
            rec.bootstrap.tile_size,
            space.tiles as usize,
        );
        let marked = space.stream(marked_id).expect("a marked stream");
        assert_eq!(marked.len(), expected.len(), "GC({gc}): tiles");
        for (tile, (&m, &e)) in marked.iter().zip(&expected).enumerate() {
            assert_eq!(
                u64::from(m),
                e,
                "GC({gc}) tile {tile} (at {:#x}): marked bytes vs bytes of survivors",
                space.start + tile as u64 * rec.bootstrap.tile_size
            );
        }
        checked += 1;
    }
    assert!(checked >= 2, "{collector}: {checked} collections checked");
}

#[test]
fn after_mark_compact_marked_each_tiles_marked_bytes_are_the_bytes_of_the_objects_that_survive_in_it(
) {
    assert_marked_tiles_are_the_survivors("mark-compact", "4", "mark-compact.marked");
}

#[test]
fn at_a_concurrent_mark_sweep_remark_each_tiles_marked_bytes_are_the_bytes_of_the_cycles_survivors()
{
    assert_marked_tiles_are_the_survivors("concurrent-mark-sweep", "5", "cms.remark");
}

#[test]
fn mark_compact_plans_to_move_only_marked_bytes_above_the_dense_prefix() {
    let (_, frames) = recorded_steps("mark-compact", "forwarded-mc", &[]);
    let (marked, forwarded) = (standard::COUNT, standard::COUNT + 1);
    for f in frames.iter().filter(|f| kind(f) == "mark-compact.planned") {
        for s in &f.spaces {
            let (m, w) = (s.stream(marked).unwrap(), s.stream(forwarded).unwrap());
            assert!(
                m.iter().zip(w).all(|(m, w)| w <= m),
                "forwarded above marked"
            );
        }
    }
}

#[test]
fn the_step_filter_off_leaves_no_step_frame_and_a_kind_filter_leaves_out_that_kind() {
    let (_, frames) = recorded_steps(
        "mark-compact",
        "off-mc",
        &["--stream-filter", "step:enabled=false"],
    );
    assert!(frames.iter().all(|f| f.event != StreamEvent::Step));
    let (_, frames) = recorded_steps(
        "mark-compact",
        "kind-off-mc",
        &["--stream-filter", "mark-compact.updated:enabled=false"],
    );
    assert!(frames.iter().any(|f| kind(f) == "mark-compact.planned"));
    assert!(frames.iter().all(|f| kind(f) != "mark-compact.updated"));
}

#[test]
fn a_filter_for_a_step_kind_the_collector_lacks_is_refused_in_one_line() {
    let classes = gcbench_classes();
    let dir = scratch_dir("stream-steps-bad-kind");
    let rec = dir.join("x.gcs");
    let out = run_gcvm_program(
        &classes,
        "GCBench",
        &[
            "--gc",
            "mark-compact",
            "--stream-record",
            rec.to_str().unwrap(),
            "--stream-filter",
            "region.cset:pause=true",
        ],
    );
    assert_ne!(out.code, Some(0));
    // The VM's start-up error shape (HotSpot's): a first line saying so, then the reason.
    let err = out.stderr_text();
    let lines: Vec<&str> = err.trim_end().lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_eq!(lines[0], "Error occurred during initialization of VM");
    assert!(
        lines[1].contains("region.cset") && lines[1].contains("mark-compact.marked"),
        "{err}"
    );
    assert_no_panic(&out, "bad kind");
}

/// GCBench under `collector` with `-Xlog:gc*`, recording every step: what it printed, and the
/// recording.
fn gcbench_logged_and_recorded(collector: &str, label: &str) -> (String, PathBuf) {
    let dir = scratch_dir(&format!("stream-steps-log-{label}"));
    let rec = dir.join("x.gcs");
    let out = run_gcvm_program(
        &gcbench_classes(),
        "GCBench",
        &[
            "--gc",
            collector,
            "-Xmx32m",
            "-Xlog:gc*",
            "--stream-record",
            rec.to_str().unwrap(),
            "--stream-tick",
            "0",
        ],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(5));
    (out.stdout_text(), rec)
}

#[test]
fn gc_star_logs_the_time_spent_gathering_step_frames_apart_from_the_gc_work() {
    let (text, _) = gcbench_logged_and_recorded("mark-compact", "mc");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("[gc,streams]"))
        .collect();
    assert!(!lines.is_empty(), "no [gc,streams] line");
    for l in &lines {
        assert!(
            l.contains("Step frames 4 of 4 steps: gathering ") && l.contains("ms, GC work "),
            "{l}"
        );
    }
    // The pause lines keep HotSpot's shape: nothing appended.
    assert!(text
        .lines()
        .filter(|l| l.contains("][info][gc] GC("))
        .all(|l| l.ends_with("ms")));
}

#[test]
fn gc_star_logs_the_time_concurrent_step_frames_took_apart_from_the_phases_work() {
    let (text, rec) = gcbench_logged_and_recorded("concurrent-mark-sweep", "cms");
    // "GC(4) Concurrent Mark step frames 12: gathering 3.210ms, GC work 45.000ms", for each
    // marking that finished (a full collection may abandon one: then no line).
    let logged: Vec<(u32, usize)> = text
        .lines()
        .filter(|l| l.contains("[gc,streams]") && l.contains("Concurrent Mark step frames "))
        .map(|l| {
            assert!(l.contains(": gathering ") && l.ends_with("ms"), "{l}");
            let gc = l.split("GC(").nth(1).unwrap().split(')').next().unwrap();
            let n = l
                .split("step frames ")
                .nth(1)
                .unwrap()
                .split(':')
                .next()
                .unwrap();
            (gc.parse().unwrap(), n.parse().unwrap())
        })
        .collect();
    assert!(!logged.is_empty(), "no concurrent [gc,streams] line");
    let (_, frames) = recording_and_frames(&rec);
    for (gc, n) in logged {
        let recorded = frames
            .iter()
            .filter(|f| kind(f) == "cms.marking" && f.gc == Some(gc))
            .count();
        assert_eq!(recorded, n, "GC({gc}): marking frames recorded vs logged");
    }
}

#[test]
fn without_watching_the_log_has_no_streams_line() {
    let out = run_gcvm_program(
        &gcbench_classes(),
        "GCBench",
        &["--gc", "mark-compact", "-Xmx32m", "-Xlog:gc*"],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(5));
    assert!(!out.stdout_text().contains("[gc,streams]"));
}

/// A small heap makes semispace collect with one worker (Cheney), where scan and free exist.
const SEMI_CHENEY: &[&str] = &["--gc-threads", "1", "--stream-step-kb", "64"];

const FULL_GC: &str = r#"
public class FullGc {
    public static void main(String[] args) {
        Object[] keep = new Object[1000];
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 200000; i++) {
                Object o = new int[8];
                if (i % 200 == 0) keep[(i / 200) % keep.length] = o;
            }
            System.gc();
        }
        System.out.println("done " + keep.length);
    }
}
"#;

#[test]
fn full_collections_have_their_steps_and_the_last_shows_the_heap_they_leave() {
    let classes = compile_snippets("stream-steps-full-gc", &[("FullGc.java", FULL_GC)]);
    let cms: &[&str] = &["cms.full-marked", "cms.full-swept", "cms.full-evacuated"];
    let region: &[&str] = &["region.full-marked", "region.full-compacted"];
    for (collector, steps) in [("concurrent-mark-sweep", cms), ("region", region)] {
        let dir = scratch_dir(&format!("stream-steps-full-{collector}"));
        let live = dir.join("live.gcs");
        let run = run_gcvm(&[
            "run",
            "--gc",
            collector,
            "-Xmx32m",
            "--stream-record",
            live.to_str().unwrap(),
            "--stream-tick",
            "0",
            "-cp",
            classes.to_str().unwrap(),
            "FullGc",
        ]);
        assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
        let (_, frames) = recording_and_frames(&live);
        let fulls: Vec<(u32, Vec<String>)> = pause_step_kinds(&frames)
            .into_iter()
            .filter(|(_, kinds)| kinds.iter().any(|k| k == steps[0]))
            .collect();
        assert_eq!(fulls.len(), 3, "{collector}: {fulls:?}");
        for (gc, kinds) in &fulls {
            assert_eq!(kinds, steps, "{collector} GC({gc})");
            let last = frames
                .iter()
                .find(|f| f.gc == Some(*gc) && kind(f) == steps[steps.len() - 1]);
            let end = frames
                .iter()
                .find(|f| f.gc == Some(*gc) && f.event == StreamEvent::GcEnd);
            let (last, end) = (last.unwrap(), end.unwrap());
            assert_eq!(
                used_tiles(last),
                used_tiles(end),
                "{collector} GC({gc}): the last step vs the end frame"
            );
        }
    }
}

#[test]
fn semispace_pauses_copy_roots_then_scan_then_flip() {
    let (_, frames) = recorded_steps("semispace", "order-semi", SEMI_CHENEY);
    let pauses = pause_step_kinds(&frames);
    assert!(pauses.len() >= 2, "{pauses:?}");
    let mut scanned = 0;
    for (gc, kinds) in &pauses {
        let with_scan = ["semispace.roots", "semispace.scan", "semispace.flip"];
        let without = ["semispace.roots", "semispace.flip"];
        assert!(
            kinds == &with_scan || kinds == &without,
            "GC({gc}): {kinds:?}"
        );
        scanned += usize::from(kinds.len() == 3);
    }
    assert!(scanned > 0, "no pause scanned 64 KB");
    assert_numbered_within_pauses(&frames);
}

/// The tile index of a separator nearest an address is not known to the test; what it knows:
/// the scan step's grey bytes lie between its two moving separators.
#[test]
fn semispace_scan_frames_have_scan_at_most_free_and_grey_shrinking_towards_the_flip() {
    let (_, frames) = recorded_steps("semispace", "scan-semi", SEMI_CHENEY);
    let grey = standard::COUNT;
    let scans: Vec<&Frame> = frames
        .iter()
        .filter(|f| kind(f) == "semispace.scan")
        .collect();
    assert!(!scans.is_empty());
    for f in &scans {
        let title = &f.step.as_ref().unwrap().title;
        // "Scanned S KB of C KB copied: G KB grey": S <= C, and G is the grey stream's total.
        let nums: Vec<u64> = title
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        let (scanned, copied, grey_kb) = (nums[0], nums[1], nums[2]);
        assert!(scanned <= copied, "{title}");
        assert_eq!(total(f, grey).div_ceil(1024), grey_kb, "{title}");
    }
    // Within a pause, the bytes scanned never fall.
    for w in scans.windows(2) {
        if w[0].gc == w[1].gc {
            let s = |f: &Frame| {
                f.step
                    .as_ref()
                    .unwrap()
                    .title
                    .split(' ')
                    .nth(1)
                    .unwrap()
                    .parse::<u64>()
                    .unwrap()
            };
            assert!(s(w[1]) >= s(w[0]), "scanned fell");
        }
    }
}

#[test]
fn semispace_flip_shows_the_heap_the_pause_ends_with() {
    let (_, frames) = recorded_steps("semispace", "flip-semi", SEMI_CHENEY);
    let mut checked = 0;
    for f in frames.iter().filter(|f| kind(f) == "semispace.flip") {
        let end = frames
            .iter()
            .find(|g| g.event == StreamEvent::GcEnd && g.gc == f.gc)
            .unwrap();
        assert_eq!(total(f, standard::USED), total(end, standard::USED));
        checked += 1;
    }
    assert!(checked >= 2);
}

#[test]
fn parallel_semispace_pauses_show_the_roots_and_the_flip() {
    let (_, frames) = recorded_steps("semispace", "order-semi-par", &["--gc-threads", "2"]);
    let pauses = pause_step_kinds(&frames);
    assert!(pauses.len() >= 2, "{pauses:?}");
    for (gc, kinds) in &pauses {
        assert_eq!(
            kinds.first().map(String::as_str),
            Some("semispace.roots"),
            "GC({gc})"
        );
        assert_eq!(
            kinds.last().map(String::as_str),
            Some("semispace.flip"),
            "GC({gc})"
        );
    }
}

#[test]
fn region_evacuation_pauses_have_their_six_steps_in_order() {
    let (_, frames) = recorded_steps("region", "order-region", &[]);
    let pauses = pause_step_kinds(&frames);
    assert!(pauses.len() >= 2, "{pauses:?}");
    let cycle = [
        "region.concurrent-start",
        "region.marking",
        "region.remark",
        "region.cleanup",
    ];
    for (gc, kinds) in &pauses {
        // Evacuation pauses only (a marking cycle's kinds are checked on their own); a
        // concurrent start ends with its own step.
        let kinds: Vec<&str> = kinds
            .iter()
            .map(String::as_str)
            .filter(|k| !cycle.contains(k))
            .collect();
        if kinds.is_empty() {
            continue;
        }
        assert_eq!(
            kinds,
            &[
                "region.cset",
                "region.roots",
                "region.remsets",
                "region.evacuated",
                "region.references",
                "region.freed"
            ],
            "GC({gc})"
        );
    }
    assert_numbered_within_pauses(&frames);
}

/// "Region R evacuated (K of N): ..." -> (R, K, N).
fn evacuated_numbers(f: &Frame) -> (u64, u64, u64) {
    let nums: Vec<u64> = f
        .step
        .as_ref()
        .unwrap()
        .title
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (nums[0], nums[1], nums[2])
}

#[test]
fn region_evacuated_frames_count_up_to_the_whole_cset_before_the_regions_are_freed() {
    let (_, frames) = recorded_steps("region", "evacuated-region", &[]);
    let mut by_gc: std::collections::BTreeMap<u32, Vec<&Frame>> = Default::default();
    for f in frames.iter().filter(|f| f.event == StreamEvent::Step) {
        by_gc.entry(f.gc.unwrap()).or_default().push(f);
    }
    // Evacuation pauses: those with a collection set.
    by_gc.retain(|_, steps| steps.iter().any(|f| kind(f) == "region.cset"));
    assert!(by_gc.len() >= 2);
    for (gc, steps) in &by_gc {
        let evacuated: Vec<(u64, u64, u64)> = steps
            .iter()
            .filter(|f| kind(f) == "region.evacuated")
            .map(|f| evacuated_numbers(f))
            .collect();
        // One frame per region (the default granularity), each the next of the cset.
        let n = evacuated[0].2;
        assert_eq!(evacuated.len() as u64, n, "GC({gc})");
        for (k, e) in evacuated.iter().enumerate() {
            assert_eq!(e.1, k as u64 + 1, "GC({gc}): {e:?}");
        }
        let last_evacuated = steps
            .iter()
            .rposition(|f| kind(f) == "region.evacuated")
            .unwrap();
        let freed = steps
            .iter()
            .position(|f| kind(f) == "region.freed")
            .unwrap();
        assert!(
            freed > last_evacuated,
            "GC({gc}): freed before every region was evacuated"
        );
    }
}

#[test]
fn region_evacuated_frames_drop_each_evacuated_regions_old_copies() {
    let (_, frames) = recorded_steps("region", "evacuated-used-region", &[]);
    let steps = step_frames(&frames);
    let mut checked = 0;
    for w in steps.windows(2) {
        let (a, b) = (w[0], w[1]);
        if a.gc == b.gc && kind(b) == "region.evacuated" {
            // Nothing is copied between two such frames: the used bytes can only fall (a
            // region's old copies drop out), and they fall by the region's bytes.
            assert!(total(b, standard::USED) <= total(a, standard::USED));
            checked += 1;
        }
    }
    assert!(checked > 0);
}

/// The step frames, in order.
fn step_frames(frames: &[Frame]) -> Vec<&Frame> {
    frames
        .iter()
        .filter(|f| f.event == StreamEvent::Step)
        .collect()
}

/// Each space's kind and `used` tiles, by the space's start.
fn used_tiles(f: &Frame) -> std::collections::BTreeMap<u64, (String, Vec<u32>)> {
    f.spaces
        .iter()
        .map(|s| {
            let used = s.stream(standard::USED).unwrap_or(&[]).to_vec();
            (s.start, (s.kind.clone(), used))
        })
        .collect()
}

#[test]
fn region_copies_drawn_during_a_pause_sit_in_the_tiles_the_pause_leaves_them_in() {
    // The frames before `freed` draw the pause's copies from bins made once; `freed` walks the
    // regions as the pause leaves them. Tile for tile, they must agree: a copy drawn in the
    // wrong tile or region, or left out, shows here.
    let (_, frames) = recorded_steps("region", "copies-in-place-region", &[]);
    let checked = copies_drawn_where_the_pause_leaves_them(&frames);
    assert!(checked >= 2, "{checked} pauses checked");
}

#[test]
fn a_failed_evacuation_draws_the_objects_it_keeps_in_place() {
    // RegionWorkout's failure phase fills the heap until an evacuation runs out of room: the
    // objects it could not copy stay in their cset region, which the pause then keeps. Drawn
    // during the pause, that region shows them, as the pause leaves it.
    let (_, frames, log) = recorded_workout("failure");
    assert!(
        log.contains("To-space exhausted"),
        "no evacuation failed:\n{log}"
    );
    let checked = copies_drawn_where_the_pause_leaves_them(&frames);
    assert!(checked >= 1, "{checked} pauses checked");
}

/// For every evacuation pause of `frames`: its last step before `freed` (the copies drawn
/// from bins made once) and `freed` (the regions walked as the pause leaves them) agree tile
/// for tile. Returns how many pauses were checked.
fn copies_drawn_where_the_pause_leaves_them(frames: &[Frame]) -> usize {
    let steps = step_frames(frames);
    let mut checked = 0;
    for w in steps.windows(2) {
        let (before, freed) = (w[0], w[1]);
        if before.gc != freed.gc || kind(freed) != "region.freed" {
            continue;
        }
        assert_eq!(kind(before), "region.references");
        let (drawn, left) = (used_tiles(before), used_tiles(freed));
        for (start, (kind, tiles)) in &left {
            let empty = (String::new(), vec![0; tiles.len()]);
            let (drawn_kind, drawn_tiles) = drawn.get(start).unwrap_or(&empty);
            if drawn_kind.starts_with("humongous") && drawn_kind != kind {
                // A dead humongous object, reclaimed eagerly just before the freed step.
                continue;
            }
            assert_eq!(
                drawn_tiles, tiles,
                "GC({:?}): the region at {start:#x}, drawn during the pause vs left by it",
                freed.gc
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn region_cset_frames_mark_the_collection_set_regions() {
    let (rec, frames) = recorded_steps("region", "cset-region", &[]);
    let cset = rec
        .bootstrap
        .streams
        .iter()
        .find(|s| s.name == "cset")
        .expect("a cset stream")
        .id;
    let mut checked = 0;
    for f in frames.iter().filter(|f| kind(f) == "region.cset") {
        assert!(total(f, cset) > 0, "no tile in the collection set");
        checked += 1;
    }
    assert!(checked >= 2);
}

#[test]
fn region_step_kb_makes_fewer_evacuated_frames_than_regions_when_coarse() {
    let (_, fine) = recorded_steps("region", "granular-fine", &[]);
    let (_, coarse) = recorded_steps(
        "region",
        "granular-coarse",
        &[
            "--stream-step-regions",
            "1000",
            "--stream-step-kb",
            "1048576",
        ],
    );
    let count = |fr: &[Frame]| fr.iter().filter(|f| kind(f) == "region.evacuated").count();
    let pauses = |fr: &[Frame]| fr.iter().filter(|f| kind(f) == "region.cset").count();
    // Coarse: one evacuated frame per pause (the last region always closes the pause).
    assert_eq!(count(&coarse), pauses(&coarse));
    assert!(count(&fine) > pauses(&fine));
}

const CMS_FINE: &[&str] = &["--stream-step-kb", "256"];

#[test]
fn concurrent_mark_sweep_cycles_go_initial_mark_marking_remark_sweeping() {
    let (_, frames) = recorded_steps("concurrent-mark-sweep", "order-cms", CMS_FINE);
    let kinds: Vec<&str> = frames
        .iter()
        .filter(|f| f.event == StreamEvent::Step)
        .map(kind)
        .collect();
    let order = [
        "cms.initial-mark",
        "cms.marking",
        "cms.remark",
        "cms.sweeping",
    ];
    assert!(
        kinds.contains(&"cms.remark"),
        "no cycle reached its remark: {kinds:?}"
    );
    assert!(
        kinds.contains(&"cms.sweeping") && kinds.contains(&"cms.marking"),
        "{kinds:?}"
    );
    // Each kind may only follow itself or the kind before it in the cycle (a cycle's last
    // sweeping step may be followed by the next cycle's initial mark).
    for w in kinds.windows(2) {
        let (a, b) = (
            order.iter().position(|k| *k == w[0]).unwrap(),
            order.iter().position(|k| *k == w[1]).unwrap(),
        );
        assert!(
            b == a || b == (a + 1) % 4 || (b == 0) || (a == 0 && b == 2),
            "{} then {}",
            w[0],
            w[1]
        );
    }
    for f in frames.iter().filter(|f| f.event == StreamEvent::Step) {
        let concurrent = f.step.as_ref().unwrap().concurrent;
        assert_eq!(
            concurrent,
            kind(f) == "cms.marking" || kind(f) == "cms.sweeping",
            "{}",
            kind(f)
        );
    }
}

#[test]
fn concurrent_mark_sweep_marked_bytes_never_fall_within_a_marking() {
    let (_, frames) = recorded_steps("concurrent-mark-sweep", "monotone-cms", CMS_FINE);
    let marked = standard::COUNT + 2;
    let mut last: Option<(u32, u64)> = None;
    let mut checked = 0;
    for f in frames.iter().filter(|f| f.event == StreamEvent::Step) {
        match kind(f) {
            "cms.initial-mark" => last = Some((f.gc.unwrap(), total(f, marked))),
            "cms.marking" => {
                let now = total(f, marked);
                if let Some((gc, before)) = last.filter(|(g, _)| Some(*g) == f.gc) {
                    assert!(
                        now >= before,
                        "GC({gc}): marked fell from {before} to {now}"
                    );
                    checked += 1;
                }
                last = Some((f.gc.unwrap(), now));
            }
            _ => {}
        }
    }
    assert!(checked > 0, "no marking step followed another of its cycle");
}

#[test]
fn concurrent_steps_stop_the_world_only_to_gather_and_number_within_their_phase() {
    let (_, frames) = recorded_steps("concurrent-mark-sweep", "numbered-cms", CMS_FINE);
    let mut last: Option<(u32, String, u32)> = None;
    for f in frames
        .iter()
        .filter(|f| f.step.as_ref().is_some_and(|s| s.concurrent))
    {
        let s = f.step.as_ref().unwrap();
        let key = (f.gc.unwrap(), s.kind.clone());
        match &last {
            Some((g, k, n)) if (*g, k.clone()) == key => assert_eq!(s.n, n + 1, "{key:?}"),
            _ => assert_eq!(s.n, 1, "{key:?} starts at {}", s.n),
        }
        last = Some((key.0, key.1, s.n));
    }
}

#[test]
fn region_marking_cycles_go_concurrent_start_marking_remark_cleanup_and_marked_never_falls() {
    let (_, frames) = recorded_marking_cycles();
    let cycle = [
        "region.concurrent-start",
        "region.marking",
        "region.remark",
        "region.cleanup",
    ];
    let steps: Vec<&Frame> = frames.iter().filter(|f| cycle.contains(&kind(f))).collect();
    let kinds: Vec<&str> = steps.iter().map(|f| kind(f)).collect();
    // RegionWorkout's crowded old generation runs several cycles; whatever comes must come in
    // order (the last may end with the program).
    for step in cycle {
        assert!(kinds.contains(&step), "no {step}: {kinds:?}");
    }
    for w in kinds.windows(2) {
        let a = cycle.iter().position(|k| *k == w[0]).unwrap();
        let b = cycle.iter().position(|k| *k == w[1]).unwrap();
        // In order, a kind repeating (marking), or a cycle abandoned for a new one.
        assert!(
            b == a || b == a + 1 || b == 0 || (a == 0 && b == 2),
            "{} then {}",
            w[0],
            w[1]
        );
    }
    let marked = rec_stream_id(&frames, "region");
    let mut last: Option<(u32, u64)> = None;
    for f in steps.iter().filter(|f| kind(f) == "region.marking") {
        let now = total(f, marked);
        if let Some((gc, before)) = last.filter(|(g, _)| Some(*g) == f.gc) {
            assert!(
                now >= before,
                "GC({gc}): marked fell from {before} to {now}"
            );
        }
        last = Some((f.gc.unwrap(), now));
    }
}

/// The region collector's `marked` stream id: after its `live` and `remset` streams.
fn rec_stream_id(_frames: &[Frame], _collector: &str) -> u16 {
    standard::COUNT + 2
}
