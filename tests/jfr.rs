//! JDK Flight Recorder recordings (`gcvm run --jfr`, `gcvm export --jfr`), read by the JDK's
//! own readers: the `jfr` tool (`summary`, `print --json`) and the `jdk.jfr.consumer` API
//! (tests/jfr/JfrCheck.java, run on `java`). Their figures are checked against gcvm's own
//! (`-Xlog:gc`, `gcvm stats`, `gcvm export --perfetto`), and a HotSpot recording of the same
//! program (tests/jfr/Waits.java) against gcvm's: the same event types, the same fields.

mod support;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use support::*;

const COLLECTORS: [&str; 4] = [
    "semispace",
    "mark-compact",
    "region",
    "concurrent-mark-sweep",
];

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// One run of GCBench (size 4, 16 MB heap) under `gc` with `--jfr` (profile settings),
/// `--trace` and `-Xlog:gc`, once per collector per test process: (recording, trace, GC log).
fn gcbench_run(gc: &'static str) -> &'static (PathBuf, PathBuf, String) {
    static RUNS: OnceLock<
        std::sync::Mutex<BTreeMap<&'static str, &'static (PathBuf, PathBuf, String)>>,
    > = OnceLock::new();
    let runs = RUNS.get_or_init(Default::default);
    let mut runs = runs.lock().unwrap();
    runs.entry(gc).or_insert_with(|| {
        let dir = scratch_dir(&format!("jfr-gcbench-{gc}"));
        let (jfr, trace) = (dir.join("run.jfr"), dir.join("run.gct"));
        let src = repo_root().join("programs/GCBench.java");
        let log = gcvm_ok(&[
            "run",
            "--gc",
            gc,
            "-Xmx16m",
            "-Xlog:gc",
            "--jfr",
            path(&jfr),
            "--jfr-settings",
            "profile",
            "--trace",
            path(&trace),
            path(&src),
            "4",
        ]);
        Box::leak(Box::new((jfr, trace, log)))
    })
}

/// `jfr print --json FILE`: the events, as the JDK's tool prints them.
fn jfr_print(file: &Path) -> Vec<Value> {
    let out = Command::new(jdk().tool("jfr"))
        .args(["print", "--json"])
        .arg(file)
        .output()
        .expect("the JDK's jfr tool");
    assert!(
        out.status.success(),
        "jfr print {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).expect("jfr print --json gives JSON");
    json["recording"]["events"]
        .as_array()
        .expect("an event list")
        .clone()
}

fn of_type<'a>(events: &'a [Value], ty: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["type"] == ty).collect()
}

/// A JFR duration as `jfr print --json` writes it (`PT0.0025S`, `PT1M2.5S`), in nanoseconds.
fn nanos(iso: &Value) -> i64 {
    let s = iso.as_str().unwrap_or_else(|| panic!("a duration: {iso}"));
    let body = s
        .strip_prefix("PT")
        .unwrap_or_else(|| panic!("an ISO duration: {s}"));
    let (minutes, rest) = match body.split_once('M') {
        Some((m, r)) => (m.parse::<f64>().unwrap(), r),
        None => (0.0, body),
    };
    let seconds = rest
        .strip_suffix('S')
        .map_or(0.0, |x| x.parse::<f64>().unwrap());
    ((minutes * 60.0 + seconds) * 1e9).round() as i64
}

/// The pauses of a `-Xlog:gc` log: gc id -> milliseconds.
fn logged_pauses(log: &str) -> BTreeMap<i64, f64> {
    log.lines()
        .filter(|l| l.contains("[gc] GC(") && l.contains(" Pause "))
        .map(|l| {
            let id = l
                .split("GC(")
                .nth(1)
                .unwrap()
                .split(')')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let ms = l
                .rsplit(' ')
                .next()
                .unwrap()
                .trim_end_matches("ms")
                .parse()
                .unwrap();
            (id, ms)
        })
        .collect()
}

#[test]
fn the_jfr_tool_summarises_every_recording_under_every_collector() {
    for gc in COLLECTORS {
        let (jfr, trace, _) = gcbench_run(gc);
        let exported = trace.with_extension("exported.jfr");
        gcvm_ok(&["export", path(trace), "--jfr", path(&exported)]);
        for file in [jfr, &exported] {
            let out = Command::new(jdk().tool("jfr"))
                .arg("summary")
                .arg(file)
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success(),
                "{gc}: jfr summary {}: {}",
                file.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(text.contains("Version: 2.1"), "{gc}: {text}");
            assert!(text.contains("jdk.GarbageCollection"), "{gc}: {text}");
        }
    }
}

#[test]
fn the_jfr_tool_prints_every_recording_as_json_under_every_collector() {
    for gc in COLLECTORS {
        let (jfr, trace, _) = gcbench_run(gc);
        let exported = trace.with_extension("json.jfr");
        gcvm_ok(&["export", path(trace), "--jfr", path(&exported)]);
        for file in [jfr, &exported] {
            let events = jfr_print(file);
            assert!(
                !of_type(&events, "jdk.GarbageCollection").is_empty(),
                "{gc}: {}",
                file.display()
            );
            assert!(
                !of_type(&events, "jdk.GCHeapSummary").is_empty(),
                "{gc}: {}",
                file.display()
            );
            assert!(
                !of_type(&events, "jdk.SafepointBegin").is_empty(),
                "{gc}: {}",
                file.display()
            );
        }
    }
}

#[test]
fn recorded_collections_are_the_gc_logs_pauses_with_their_durations() {
    for gc in COLLECTORS {
        let (jfr, _, log) = gcbench_run(gc);
        let logged = logged_pauses(log);
        let events = jfr_print(jfr);
        let recorded: BTreeMap<i64, i64> = of_type(&events, "jdk.GarbageCollection")
            .iter()
            .map(|e| {
                (
                    e["values"]["gcId"].as_i64().unwrap(),
                    nanos(&e["values"]["duration"]),
                )
            })
            .collect();
        assert_eq!(
            recorded.keys().collect::<Vec<_>>(),
            logged.keys().collect::<Vec<_>>(),
            "{gc}: gc ids"
        );
        for (id, ms) in &logged {
            let recorded_ms = recorded[id] as f64 / 1e6;
            assert!(
                (recorded_ms - ms).abs() <= 0.0005 + 1e-9,
                "{gc}: GC({id}) logged {ms} ms, recorded {recorded_ms} ms"
            );
        }
        let phases = of_type(&events, "jdk.GCPhasePause");
        assert_eq!(
            phases.len(),
            logged.len(),
            "{gc}: one GCPhasePause per pause"
        );
        assert_eq!(
            of_type(&events, "jdk.GCHeapSummary").len(),
            2 * logged.len(),
            "{gc}: before and after"
        );
    }
}

#[test]
fn recorded_tlab_and_outside_tlab_allocations_are_those_gcvm_stats_counts() {
    for gc in ["semispace", "mark-compact", "region"] {
        let (jfr, trace, _) = gcbench_run(gc);
        let stats: Value =
            serde_json::from_str(&gcvm_ok(&["stats", path(trace), "--json"])).unwrap();
        let events = jfr_print(jfr);
        let tlabs = of_type(&events, "jdk.ObjectAllocationInNewTLAB");
        let outside = of_type(&events, "jdk.ObjectAllocationOutsideTLAB");
        let sum = |es: &[&Value], field: &str| {
            es.iter()
                .map(|e| e["values"][field].as_u64().unwrap())
                .sum::<u64>()
        };
        assert_eq!(
            tlabs.len() as u64,
            stats["tlabs"].as_u64().unwrap(),
            "{gc}: TLABs"
        );
        assert_eq!(
            sum(&tlabs, "tlabSize"),
            stats["tlab_bytes"].as_u64().unwrap(),
            "{gc}: TLAB bytes"
        );
        assert_eq!(
            outside.len() as u64,
            stats["outside_tlab_allocations"].as_u64().unwrap(),
            "{gc}: outside TLABs"
        );
        assert_eq!(
            sum(&outside, "allocationSize"),
            stats["outside_tlab_bytes"].as_u64().unwrap(),
            "{gc}"
        );
        // The first TLAB is the VM's, taken while it boots, before main runs: no Java stack.
        let without_stack = tlabs
            .iter()
            .filter(|e| e["values"]["stackTrace"].is_null())
            .count();
        assert!(
            without_stack <= 1,
            "{gc}: {without_stack} TLABs without a stack"
        );
        let with_frames = tlabs
            .iter()
            .filter(|e| e["values"]["stackTrace"]["frames"][0]["method"].is_object());
        assert_eq!(
            with_frames.count(),
            tlabs.len() - without_stack,
            "{gc}: stacks with frames"
        );
    }
}

#[test]
fn recorded_safepoints_are_the_perfetto_exports_with_their_times_to_safepoint() {
    for gc in COLLECTORS {
        let (jfr, trace, _) = gcbench_run(gc);
        let out = trace.with_extension("perfetto.json");
        gcvm_ok(&["export", path(trace), "--perfetto", path(&out)]);
        let perfetto: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        let mut slices: Vec<i64> = perfetto["traceEvents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| {
                e["name"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("safepoint for GC"))
            })
            .map(|e| e["dur"].as_i64().unwrap())
            .collect();
        let events = jfr_print(jfr);
        let mut begins: Vec<i64> = of_type(&events, "jdk.SafepointBegin")
            .iter()
            .map(|e| nanos(&e["values"]["duration"]) / 1000)
            .collect();
        assert_eq!(begins.len(), slices.len(), "{gc}: safepoints");
        assert_eq!(
            of_type(&events, "jdk.SafepointEnd").len(),
            slices.len(),
            "{gc}: safepoint ends"
        );
        slices.sort_unstable();
        begins.sort_unstable();
        for (us, jfr_us) in slices.iter().zip(&begins) {
            assert!(
                (us - jfr_us).abs() <= 1,
                "{gc}: time to safepoint {us} µs in the trace, {jfr_us} µs recorded"
            );
        }
    }
}

#[test]
fn a_recording_exported_from_a_trace_has_the_runs_collections_and_tlabs() {
    for gc in COLLECTORS {
        let (jfr, trace, _) = gcbench_run(gc);
        let exported = trace.with_extension("again.jfr");
        gcvm_ok(&["export", path(trace), "--jfr", path(&exported)]);
        let (live, offline) = (jfr_print(jfr), jfr_print(&exported));
        for ty in [
            "jdk.GarbageCollection",
            "jdk.SafepointBegin",
            "jdk.ObjectAllocationOutsideTLAB",
            "jdk.ThreadStart",
        ] {
            let expected =
                if gc == "concurrent-mark-sweep" && ty == "jdk.ObjectAllocationOutsideTLAB" {
                    // Live, concurrent mark-sweep records samples only (every object is outside a
                    // TLAB); the trace has each allocation.
                    continue;
                } else {
                    of_type(&live, ty).len()
                };
            assert_eq!(of_type(&offline, ty).len(), expected, "{gc}: {ty}");
        }
        let ids = |es: &[Value]| -> Vec<i64> {
            of_type(es, "jdk.GarbageCollection")
                .iter()
                .map(|e| e["values"]["gcId"].as_i64().unwrap())
                .collect()
        };
        assert_eq!(ids(&offline), ids(&live), "{gc}: collections");
    }
}

/// tests/jfr's two programs, compiled once.
fn waits_classes() -> PathBuf {
    let dir = repo_root().join("tests/jfr");
    compile_java_cached("jfr-waits", &java_sources_in(&dir))
}

/// Waits under gcvm's region collector, recorded with `settings`: (recording, stdout).
fn waits_on_gcvm(label: &str, settings: &str) -> (PathBuf, String) {
    let jfr = scratch_dir(&format!("jfr-waits-{label}")).join("waits.jfr");
    let classes = waits_classes();
    let out = gcvm_ok(&[
        "run",
        "--gc",
        "region",
        "-Xmx64m",
        "--jfr",
        path(&jfr),
        "--jfr-settings",
        settings,
        "-cp",
        path(&classes),
        "Waits",
    ]);
    (jfr, out)
}

fn thread_name(v: &Value) -> &str {
    v["javaName"].as_str().unwrap_or("")
}

#[test]
fn a_contended_monitor_entry_is_recorded_with_the_thread_that_held_it() {
    let (jfr, _) = waits_on_gcvm("enter", "default");
    let events = jfr_print(&jfr);
    let enters = of_type(&events, "jdk.JavaMonitorEnter");
    assert_eq!(enters.len(), 1, "{enters:?}");
    let v = &enters[0]["values"];
    assert_eq!(thread_name(&v["eventThread"]), "main");
    assert_eq!(thread_name(&v["previousOwner"]), "holder");
    assert_eq!(v["monitorClass"]["name"], "java/lang/Object");
    assert!(
        nanos(&v["duration"]) >= 20_000_000,
        "blocked {}",
        v["duration"]
    );
    assert_eq!(v["stackTrace"]["frames"][0]["method"]["name"], "main");
}

#[test]
fn a_wait_is_recorded_with_its_notifier_and_a_sleep_with_its_time() {
    let (jfr, _) = waits_on_gcvm("wait", "default");
    let events = jfr_print(&jfr);
    let waits = of_type(&events, "jdk.JavaMonitorWait");
    assert_eq!(waits.len(), 1, "{waits:?}");
    let v = &waits[0]["values"];
    assert_eq!(thread_name(&v["notifier"]), "notifier");
    assert_eq!(v["timedOut"], false);
    assert!(nanos(&v["duration"]) >= 20_000_000);
    let sleeps: BTreeSet<String> = of_type(&events, "jdk.ThreadSleep")
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                thread_name(&e["values"]["eventThread"]),
                e["values"]["time"].as_str().unwrap()
            )
        })
        .collect();
    assert!(sleeps.contains("main PT0.06S"), "{sleeps:?}");
    assert!(sleeps.contains("holder PT0.15S"), "{sleeps:?}");
    for e in of_type(&events, "jdk.ThreadSleep") {
        let asked = nanos(&e["values"]["time"]);
        assert!(
            nanos(&e["values"]["duration"]) >= asked,
            "a sleep lasts at least its time: {e}"
        );
    }
}

#[test]
fn started_threads_are_recorded_with_their_parent() {
    let (jfr, _) = waits_on_gcvm("threads", "default");
    let events = jfr_print(&jfr);
    let starts: BTreeMap<String, String> = of_type(&events, "jdk.ThreadStart")
        .iter()
        .map(|e| {
            (
                thread_name(&e["values"]["thread"]).to_string(),
                thread_name(&e["values"]["parentThread"]).to_string(),
            )
        })
        .collect();
    assert_eq!(starts.get("holder").map(String::as_str), Some("main"));
    assert_eq!(starts.get("notifier").map(String::as_str), Some("main"));
    let ends: BTreeSet<String> = of_type(&events, "jdk.ThreadEnd")
        .iter()
        .map(|e| thread_name(&e["values"]["thread"]).to_string())
        .collect();
    assert!(
        ends.contains("holder") && ends.contains("notifier"),
        "{ends:?}"
    );
}

#[test]
fn execution_samples_hold_the_running_threads_exact_stack() {
    let (jfr, _) = waits_on_gcvm("samples", "profile");
    let events = jfr_print(&jfr);
    let samples = of_type(&events, "jdk.ExecutionSample");
    // busyFor runs 300 ms; profile samples every 10 ms.
    let busy = samples
        .iter()
        .filter(|e| {
            let frames = e["values"]["stackTrace"]["frames"].as_array().unwrap();
            frames.iter().any(|f| f["method"]["name"] == "busyFor")
                && frames.last().is_some_and(|f| f["method"]["name"] == "main")
        })
        .count();
    assert!(busy >= 10, "{busy} samples in busyFor of {}", samples.len());
    for e in &samples {
        assert_eq!(e["values"]["state"], "STATE_RUNNABLE");
        let top = &e["values"]["stackTrace"]["frames"][0];
        assert!(
            top["lineNumber"].as_i64().unwrap() > 0 || top["bytecodeIndex"].as_i64() == Some(-1),
            "{top}"
        );
    }
}

/// `java JfrCheck MODE FILE` (the JDK's consumer API): its lines.
fn jfr_check(mode: &str, file: &Path) -> Vec<String> {
    let o = run_with_timeout(
        {
            let mut c = Command::new(jdk().tool("java"));
            c.args(["-cp", path(&waits_classes()), "JfrCheck", mode, path(file)]);
            c
        },
        std::time::Duration::from_secs(120),
    );
    assert_eq!(
        o.code,
        Some(0),
        "JfrCheck {mode} {}: {}",
        file.display(),
        o.stderr_head(20)
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// `event NAME COUNT WITH_STACK RESOLVED` lines, by name: (count, with stack, resolved).
fn event_counts(lines: &[String]) -> BTreeMap<String, (u64, u64, u64)> {
    lines
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            (
                f[1].to_string(),
                (
                    f[2].parse().unwrap(),
                    f[3].parse().unwrap(),
                    f[4].parse().unwrap(),
                ),
            )
        })
        .collect()
}

#[test]
fn the_jdks_consumer_api_reads_gcvm_recordings_and_their_stack_traces() {
    let (jfr, _) = waits_on_gcvm("consumer", "profile");
    let counts = event_counts(&jfr_check("events", &jfr));
    for ty in [
        "jdk.ExecutionSample",
        "jdk.JavaMonitorEnter",
        "jdk.JavaMonitorWait",
        "jdk.ThreadSleep",
        "jdk.ObjectAllocationInNewTLAB",
        "jdk.ObjectAllocationOutsideTLAB",
    ] {
        let (n, with_stack, resolved) = counts
            .get(ty)
            .copied()
            .unwrap_or_else(|| panic!("no {ty}: {counts:?}"));
        // The VM's first TLAB is taken while it boots, before any Java frame.
        let vm_own = u64::from(ty == "jdk.ObjectAllocationInNewTLAB");
        assert!(
            n > 0 && with_stack + vm_own >= n && resolved == with_stack,
            "{ty}: {n} events, {with_stack} with stacks, {resolved} resolved"
        );
    }
}

/// A settings file (.jfc) enabling every event type in `types`, without thresholds, with
/// stack traces, execution samples every 10 ms.
fn jfc_enabling(types: &[String]) -> String {
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\" label=\"gcvm\">\n");
    for t in types {
        let period = if t == "jdk.ExecutionSample" {
            "10 ms"
        } else {
            "endChunk"
        };
        x += &format!(
            "  <event name=\"{t}\"><setting name=\"enabled\">true</setting><setting name=\"threshold\">0 ms</setting>\
             <setting name=\"stackTrace\">true</setting><setting name=\"period\">{period}</setting></event>\n"
        );
    }
    x + "</configuration>\n"
}

/// Waits on HotSpot (G1, the region collector's model), recording every type in `types`.
fn waits_on_hotspot(label: &str, types: &[String]) -> PathBuf {
    let dir = scratch_dir(&format!("jfr-waits-hotspot-{label}"));
    let (jfc, jfr) = (dir.join("gcvm-types.jfc"), dir.join("waits.jfr"));
    std::fs::write(&jfc, jfc_enabling(types)).unwrap();
    let mut c = Command::new(jdk().tool("java"));
    c.arg("-Xmx64m")
        .arg(format!(
            "-XX:StartFlightRecording:filename={},settings={}",
            path(&jfr),
            path(&jfc)
        ))
        .args(["-cp", path(&waits_classes()), "Waits"]);
    let o = run_with_timeout(c, std::time::Duration::from_secs(120));
    assert_eq!(o.code, Some(0), "HotSpot: {}", o.stderr_head(20));
    jfr
}

fn declared(lines: &[String]) -> BTreeMap<String, String> {
    lines
        .iter()
        .map(|l| {
            let (name, fields) = l
                .trim_start_matches("type ")
                .split_once(' ')
                .unwrap_or((l, ""));
            (name.to_string(), fields.to_string())
        })
        .collect()
}

#[test]
fn every_jdk_event_type_gcvm_declares_has_hotspots_fields() {
    let (jfr, _) = waits_on_gcvm("fields", "profile");
    let ours = declared(&jfr_check("types", &jfr));
    let hotspot = declared(&jfr_check(
        "types",
        &waits_on_hotspot("fields", &ours.keys().cloned().collect::<Vec<_>>()),
    ));
    for (name, fields) in &ours {
        assert_eq!(
            hotspot.get(name),
            Some(fields),
            "{name}: gcvm's fields, then HotSpot's"
        );
    }
}

#[test]
fn a_hotspot_recording_of_the_same_program_has_the_same_event_types() {
    let (jfr, _) = waits_on_gcvm("hotspot", "profile");
    let ours = event_counts(&jfr_check("events", &jfr));
    let jdk_types: Vec<String> = ours
        .keys()
        .filter(|t| t.starts_with("jdk."))
        .cloned()
        .collect();
    let theirs = event_counts(&jfr_check("events", &waits_on_hotspot("types", &jdk_types)));
    let declared: BTreeSet<String> = declared(&jfr_check("types", &jfr)).into_keys().collect();
    let hotspot_types: BTreeSet<&String> =
        theirs.keys().filter(|t| declared.contains(*t)).collect();
    let gcvm_types: BTreeSet<&String> = jdk_types.iter().collect();
    assert_eq!(
        gcvm_types, hotspot_types,
        "gcvm's event types, then HotSpot's"
    );
}

#[test]
fn a_recording_file_that_cannot_be_created_stops_the_run_at_start() {
    let src = repo_root().join("programs/GCBench.java");
    let o = run_gcvm(&["run", "--jfr", "/nonexistent-dir/run.jfr", path(&src), "4"]);
    assert_eq!(o.code, Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("cannot create JFR recording /nonexistent-dir/run.jfr"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "the program did not run");
}

#[test]
fn hotspots_start_flight_recording_option_takes_a_file_name_and_settings() {
    let jfr = scratch_dir("jfr-xx-option").join("xx.jfr");
    let src = repo_root().join("programs/GCBench.java");
    let option = format!(
        "-XX:StartFlightRecording:filename={},settings=profile.jfc",
        path(&jfr)
    );
    gcvm_ok(&["run", &option, "-Xmx16m", path(&src), "4"]);
    assert!(
        !of_type(&jfr_print(&jfr), "jdk.ObjectAllocationInNewTLAB").is_empty(),
        "profile settings"
    );
}

#[test]
fn recording_options_gcvm_does_not_take_are_refused_by_name() {
    let src = repo_root().join("programs/GCBench.java");
    let o = run_gcvm(&["run", "-XX:StartFlightRecording:duration=30s", path(&src)]);
    assert_eq!(o.code, Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unsupported recording option 'duration=30s'"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn exporting_a_corrupt_trace_as_jfr_is_a_one_line_error() {
    let dir = scratch_dir("jfr-corrupt");
    let (bad, out) = (dir.join("bad.gct"), dir.join("out.jfr"));
    std::fs::write(&bad, b"GCVMTRAC but not a trace").unwrap();
    let o = run_gcvm(&["export", path(&bad), "--jfr", path(&out)]);
    assert_eq!(o.code, Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr).trim().lines().count(),
        1,
        "{}",
        o.stderr_head(5)
    );
    assert!(!out.exists(), "no recording from a corrupt trace");
}

#[test]
fn monitor_events_name_objects_that_collections_moved_while_their_threads_waited() {
    // A collection every 5 ms: the lock and the signal object move (semispace copies every
    // survivor) while main blocks on one and waits on the other.
    let jfr = scratch_dir("jfr-waits-moving").join("waits.jfr");
    let classes = waits_classes();
    gcvm_ok(&[
        "run",
        "--gc",
        "semispace",
        "--periodic-gc",
        "5",
        "--verify-heap",
        "--jfr",
        path(&jfr),
        "-cp",
        path(&classes),
        "Waits",
    ]);
    let events = jfr_print(&jfr);
    let collections = of_type(&events, "jdk.GarbageCollection").len();
    assert!(collections >= 20, "{collections} collections");
    for ty in ["jdk.JavaMonitorEnter", "jdk.JavaMonitorWait"] {
        let e = of_type(&events, ty);
        assert_eq!(e.len(), 1, "{ty}");
        assert_eq!(
            e[0]["values"]["monitorClass"]["name"], "java/lang/Object",
            "{ty}"
        );
    }
}

#[test]
fn every_pause_is_followed_by_the_spaces_by_role() {
    for (gc, roles) in [
        ("semispace", &["from", "to"][..]),
        ("region", &["free", "old"][..]),
    ] {
        let (jfr, _, _) = gcbench_run(gc);
        let events = jfr_print(jfr);
        let mut per_gc: BTreeMap<i64, BTreeMap<String, (i64, i64)>> = BTreeMap::new();
        for e in of_type(&events, "gcvm.SpaceSummary") {
            let v = &e["values"];
            let spaces = v["spaces"].as_i64().unwrap();
            let bytes = v["committed"].as_i64().unwrap();
            assert!(spaces > 0 && bytes > 0, "{gc}: {v}");
            per_gc
                .entry(v["gcId"].as_i64().unwrap())
                .or_default()
                .insert(v["kind"].as_str().unwrap().into(), (spaces, bytes));
        }
        let pauses = of_type(&events, "jdk.GarbageCollection").len();
        assert_eq!(per_gc.len(), pauses, "{gc}: one summary per pause");
        for (id, kinds) in &per_gc {
            for role in roles {
                assert!(
                    kinds.contains_key(*role),
                    "{gc}: GC({id}) has no {role} space: {kinds:?}"
                );
            }
        }
    }
}
