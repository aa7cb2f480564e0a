//! The region collector beyond what the shared suites check (conformance, bundled and thread
//! programs, trace reconstruction and the property tests all loop over every collector): each
//! kind of collection really happens and is logged in G1's words, the output still matches
//! HotSpot, and the heap verifier's remembered-set and marking checks hold throughout.

mod support;

use std::path::PathBuf;
use support::*;

fn workout() -> PathBuf {
    compile_java_cached(
        "region-workout",
        &[repo_root().join("tests/region/RegionWorkout.java")],
    )
}

/// Runs a phase of RegionWorkout under `--gc region -Xmx32m` with `-Xlog:gc*` and `extra`.
fn run_phase(phase: &str, extra: &[&str]) -> Outcome {
    let classes = workout();
    let mut options = vec!["--gc", "region", "-Xmx32m", "-Xlog:gc*"];
    options.extend_from_slice(extra);
    let cp = classes.to_string_lossy().into_owned();
    let mut args = vec!["run"];
    args.extend_from_slice(&options);
    args.extend_from_slice(&["-cp", &cp, "RegionWorkout", phase]);
    let out = run_gcvm(&args);
    assert_no_panic(&out, phase);
    assert_eq!(out.code, Some(0), "{phase}: {}", out.stderr_head(10));
    out
}

fn program_lines(stdout: &str) -> Vec<&str> {
    stdout.lines().filter(|l| !l.starts_with('[')).collect()
}

fn hotspot_lines(phase: &str) -> Vec<String> {
    let classes = workout();
    let mut cmd = std::process::Command::new(jdk().tool("java"));
    cmd.args(HOTSPOT_ARGS)
        .arg("-Xmx64m")
        .arg("-cp")
        .arg(&classes)
        .arg("RegionWorkout")
        .arg(phase);
    let out = run_with_timeout(cmd, RUN_TIMEOUT);
    assert_eq!(out.code, Some(0), "HotSpot {phase}");
    out.stdout_text().lines().map(String::from).collect()
}

fn count(stdout: &str, needle: &str) -> usize {
    stdout.lines().filter(|l| l.contains(needle)).count()
}

#[test]
fn the_log_opens_with_using_region() {
    let out = run_phase("humongous", &[]);
    let first = out.stdout_text().lines().next().unwrap_or("").to_string();
    assert!(first.ends_with("[info][gc] Using Region"), "{first}");
}

#[test]
fn a_crowded_old_generation_is_marked_concurrently_and_collected_by_mixed_collections() {
    let out = run_phase("mixed", &[]);
    let log = out.stdout_text();
    for pause in [
        "Pause Young (Normal) (G1 Evacuation Pause)",
        "Pause Young (Concurrent Start) (G1 Evacuation Pause)",
        "Concurrent Mark Cycle",
        "Pause Remark",
        "Pause Cleanup",
        "Pause Young (Mixed) (G1 Evacuation Pause)",
    ] {
        assert!(count(&log, pause) > 0, "no '{pause}' in:\n{log}");
    }
    assert_eq!(program_lines(&log), hotspot_lines("mixed"));
}

#[test]
fn dead_humongous_arrays_are_reclaimed_eagerly_by_young_collections() {
    let out = run_phase("humongous", &[]);
    let log = out.stdout_text();
    assert!(
        count(&log, "Humongous objects reclaimed eagerly") > 0,
        "no eager reclaim in:\n{log}"
    );
    assert_eq!(count(&log, "Pause Full"), 0, "{log}");
    assert_eq!(program_lines(&log), hotspot_lines("humongous"));
}

#[test]
fn a_full_heap_makes_evacuation_fail_and_a_full_collection_follow_in_the_same_safepoint() {
    let out = run_phase("failure", &[]);
    let log = out.stdout_text();
    assert!(count(&log, "To-space exhausted") > 0, "{log}");
    assert!(count(&log, "Pause Full (G1 Compaction Pause)") > 0, "{log}");
    // The follow-up has no time to safepoint of its own: the world was stopped already.
    let lines: Vec<&str> = log.lines().collect();
    let full = lines
        .iter()
        .position(|l| l.contains("Pause Full (G1 Compaction Pause)"))
        .unwrap();
    assert!(
        lines[full - 1].ends_with("Time to safepoint 0.000ms"),
        "{}",
        lines[full - 1]
    );
    assert!(log.lines().any(|l| l.starts_with("failure sum ")), "{log}");
}

/// The lines `-Xlog:gc*` prints for pause `id`'s reference processing, without decorations.
fn reference_lines(log: &str, id: &str) -> Vec<String> {
    let tag = format!("[gc,phases,ref] GC({id}) ");
    log.lines()
        .filter_map(|l| l.split_once(&tag).map(|(_, rest)| rest.trim().to_string()))
        .collect()
}

/// How many references of `kind` (`WeakReference`, ...) pause `id` cleared, per its log.
fn cleared_in(log: &str, id: &str, kind: &str) -> usize {
    let lines = reference_lines(log, id);
    let Some(at) = lines.iter().position(|l| l == &format!("{kind}:")) else {
        return 0;
    };
    lines[at + 1..]
        .iter()
        .find_map(|l| l.strip_prefix("Cleared: "))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn a_weak_reference_to_an_old_object_is_cleared_by_the_remark_of_a_concurrent_cycle() {
    let out = run_phase("weak", &[]);
    let log = out.stdout_text();
    assert_eq!(count(&log, "Pause Full"), 0, "{log}");
    let remarks: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("[gc] GC(") && l.contains(") Pause Remark "))
        .filter_map(|l| l.split_once("GC(")?.1.split_once(')').map(|(id, _)| id))
        .collect();
    assert!(!remarks.is_empty(), "no marking cycle:\n{log}");
    let cleared: usize = remarks
        .iter()
        .map(|id| cleared_in(&log, id, "WeakReference"))
        .sum();
    assert_eq!(
        cleared, 1,
        "the remarks {remarks:?} cleared {cleared}:\n{log}"
    );
    assert!(log.contains("weak enqueued true, referent null"), "{log}");
    assert_eq!(program_lines(&log), hotspot_lines("weak"));
}

#[test]
fn every_phase_passes_heap_verification_with_remembered_set_and_marking_checks() {
    for phase in ["mixed", "humongous", "failure", "weak"] {
        let out = run_phase(phase, &["--verify-heap"]);
        let log = out.stdout_text();
        assert!(
            count(&log, "Pause Remark") > 0,
            "{phase}: no marking cycle\n{log}"
        );
    }
}

#[test]
fn every_phase_passes_gc_stress_with_verification() {
    // Every collection verifies the whole heap twice, so the period keeps the mixed phase's
    // ~15 MB of live data to a few hundred collections.
    for (phase, period) in [("mixed", "60000"), ("humongous", "2000"), ("weak", "60000")] {
        run_phase(phase, &["--gc-stress", period, "--verify-heap"]);
    }
}

#[test]
fn region_size_follows_the_heap_and_the_option() {
    let out = run_gcvm(&[
        "run",
        "--gc",
        "region",
        "--region-size",
        "3m",
        "-cp",
        ".",
        "Nothing",
    ]);
    assert_eq!(out.code, Some(2), "{}", out.stderr_text());
    assert!(
        out.stderr_text().contains("--region-size") && out.stderr_text().contains("power of two"),
        "{}",
        out.stderr_text()
    );
    for (size, regions) in [("16m", 256), ("64m", 1024)] {
        let out = run_phase_with_heap(size, &["--region-size", "64k"]);
        let log = out.stdout_text();
        assert!(
            log.contains(&format!("Heap Region Size: 64K ({regions} regions)")),
            "{size}: {log}"
        );
    }
}

fn run_phase_with_heap(xmx: &str, extra: &[&str]) -> Outcome {
    let classes = workout();
    let cp = classes.to_string_lossy().into_owned();
    let xmx = format!("-Xmx{xmx}");
    let mut args = vec!["run", "--gc", "region", &xmx, "-Xlog:gc*"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["-cp", &cp, "RegionWorkout", "humongous"]);
    let out = run_gcvm(&args);
    assert_no_panic(&out, "region size");
    out
}

#[test]
fn a_fixed_young_generation_gives_every_young_collection_the_same_eden() {
    // 32m: 512K regions; -Xmn8m is 16 of them, 15 eden and room for survivors.
    let out = run_phase("weak", &["-Xmn8m", "--pause-goal", "5"]);
    let log = out.stdout_text();
    assert!(
        log.contains("Young Generation: fixed (-Xmn), 16 regions, 15 of them eden"),
        "{log}"
    );
    let edens: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("Eden regions: "))
        .collect();
    assert!(edens.len() >= 3, "{log}");
    let full = edens
        .iter()
        .filter(|l| l.ends_with("Eden regions: 15->0(15)"));
    assert!(full.count() >= 3, "{log}");
    assert!(
        edens.iter().all(|l| !l.contains("Eden regions: 16")),
        "no eden past the fixed size: {log}"
    );
}

#[test]
fn the_young_size_is_refused_for_a_collector_without_generations_and_at_or_over_the_heap() {
    for (gc, xmn, says) in [
        (
            "semispace",
            "-Xmn8m",
            "only the region collector has a young generation",
        ),
        ("region", "-Xmn32m", "must be smaller than the maximum heap"),
    ] {
        let out = run_gcvm(&["run", "--gc", gc, "-Xmx32m", xmn, "-cp", ".", "Nothing"]);
        assert_ne!(out.code, Some(0), "{gc} {xmn}");
        let err = out.stderr_text();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{gc} {xmn}: {err}");
    }
}

#[test]
fn the_pause_goal_shapes_the_young_generation_and_the_log_predicts_each_pause() {
    let out = run_phase("mixed", &["--pause-goal", "5"]);
    let log = out.stdout_text();
    let predictions = count(&log, "Pause time predicted");
    assert!(predictions > 0, "{log}");
    assert!(log.contains("(goal 5ms)"), "{log}");
}
