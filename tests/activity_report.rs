//! Code activity and thread states (`gcvm run --activity`): `gcvm activity`, the Perfetto
//! export's thread-state tracks and activity counters, and `gcvm trace info`'s activity line —
//! on a synthetic trace written with the real `TraceWriter`, whose every interval, state span
//! and safepoint is known, so sums and rankings are checked exactly.

mod support;

use gcvm_tracer::format::{MethodActivity, ThreadState};
use gcvm_tracer::{GcEventSink, GcKind, TraceConfig, TraceWriter};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::thread::sleep;
use std::time::{Duration, Instant};
use support::*;

// The methods of the synthetic program: (id, class, name, descriptor).
const MAIN: u32 = 1;
const HOT: u32 = 2;
const PARSE: u32 = 3;
const PUT: u32 = 4;
const ADD: u32 = 5;
const SOLO: u32 = 6;
const METHODS: [(u32, &str, &str, &str); 6] = [
    (MAIN, "app/Main", "main", "([Ljava/lang/String;)V"),
    (HOT, "app/Main", "hot", "()I"),
    (PARSE, "app/Parser", "parse", "(Ljava/lang/String;)V"),
    (
        PUT,
        "java/util/HashMap",
        "put",
        "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
    ),
    (ADD, "java/util/ArrayList", "add", "(Ljava/lang/Object;)Z"),
    (SOLO, "Solo", "run", "()V"),
];

fn m(method: u32, invocations: u64, bytecodes: u64, objects: u64, bytes: u64) -> MethodActivity {
    MethodActivity {
        method,
        invocations,
        bytecodes,
        objects,
        bytes,
    }
}

fn pause_a_moment() {
    sleep(Duration::from_millis(2));
}

/// The synthetic trace and the trace-clock times (µs) its expectations need.
struct Fixture {
    trace: PathBuf,
    /// GC 1's safepoint: requested (thread 1 asks and stops there) and when thread 2, the
    /// last, arrived.
    requested_us: u64,
    arrived_us: u64,
    /// Thread 1: the end of its gc span after GC 0 (when it runs again).
    resumed_us: u64,
    /// Thread 2: the end of its sleep, which started before GC 0.
    woke_us: u64,
    /// Thread 1's interval after GC 0: (start, end).
    interval_after_gc0: (u64, u64),
}

/// Two threads, `1 main` and `2 worker`, two pauses (GC 0 without a Safepoint event, GC 1
/// with one), activity before each and after the last:
///
/// - before GC 0: thread 1 ran `main` 10 and `hot` 1,000 bytecodes, thread 2 `parse` 500 and
///   allocated 4 KiB in it;
/// - between GC 0 and GC 1: thread 1's interval in two Activity events (`hot` 300 + 200,
///   `HashMap.put` 200 bytecodes and 1 KiB in 16 objects, `ArrayList.add` 50 and 8 KiB in 4),
///   thread 2 `parse` 100 and 64 B, `Solo.run` 7;
/// - after GC 1: thread 1 `hot` 99,999 (before no pause).
///
/// States: both run until GC 0; thread 1 is in `gc` until it resumes, runs, asks for GC 1's
/// safepoint and waits there; thread 2 sleeps from GC 0 until it wakes, runs, and arrives last.
fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let trace = scratch_dir("activity-report-synthetic").join("trace.gct");
        let w = TraceWriter::create(
            &trace,
            TraceConfig {
                collector: "test".into(),
                program: "app.Main".into(),
                activity: true,
                ..Default::default()
            },
        )
        .unwrap();
        for (id, class, name, desc) in METHODS {
            w.define_method(id, class, name, desc);
        }
        let mut t1 = w.thread_events(1, "main");
        let mut t2 = w.thread_events(2, "worker");
        let mut gc = w.gc_sink();

        let start = Instant::now();
        pause_a_moment();
        let p0 = Instant::now();
        t1.activity(start, p0, &[m(MAIN, 1, 10, 0, 0), m(HOT, 5, 1000, 0, 0)]);
        t2.activity(start, p0, &[m(PARSE, 2, 500, 8, 4096)]);
        t1.thread_state(ThreadState::Running, start, p0);
        t2.thread_state(ThreadState::Running, start, p0);
        t1.flush();
        t2.flush();
        pause_a_moment();
        gc.gc_start(0, GcKind::Minor, "test");
        pause_a_moment();
        gc.gc_end(0);
        pause_a_moment();

        let resumed = Instant::now();
        t1.thread_state(ThreadState::Gc, p0, resumed);
        pause_a_moment();
        let m1 = Instant::now();
        t1.activity(
            resumed,
            m1,
            &[m(HOT, 3, 300, 0, 0), m(PUT, 16, 200, 16, 1024)],
        );
        t1.activity(resumed, m1, &[m(HOT, 2, 200, 0, 0), m(ADD, 4, 50, 4, 8192)]);
        pause_a_moment();
        let woke = Instant::now();
        t2.thread_state(ThreadState::Sleeping, p0, woke);
        pause_a_moment();
        let requested = Instant::now();
        t1.thread_state(ThreadState::Running, resumed, requested);
        sleep(Duration::from_millis(3));
        let arrived = Instant::now();
        t2.activity(
            woke,
            arrived,
            &[m(PARSE, 1, 100, 1, 64), m(SOLO, 1, 7, 0, 0)],
        );
        t2.thread_state(ThreadState::Running, woke, arrived);
        t1.thread_state(ThreadState::Safepoint, requested, arrived);
        t1.flush();
        t2.flush();
        gc.safepoint(
            1,
            Some(1),
            requested,
            arrived,
            &[(1, requested), (2, arrived)],
        );
        pause_a_moment();
        gc.gc_start(1, GcKind::Major, "test");
        pause_a_moment();
        gc.gc_end(1);
        pause_a_moment();

        let after = Instant::now();
        pause_a_moment();
        t1.activity(after, Instant::now(), &[m(HOT, 1, 99_999, 0, 0)]);
        let us = |t: Instant| t1.time_us_at(t);
        let f = Fixture {
            trace: trace.clone(),
            requested_us: us(requested),
            arrived_us: us(arrived),
            resumed_us: us(resumed),
            woke_us: us(woke),
            interval_after_gc0: (us(resumed), us(m1)),
        };
        drop((t1, t2, gc));
        w.finish().unwrap();
        f
    })
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `gcvm activity TRACE ARGS... --json`, parsed.
fn activity_json(trace: &Path, args: &[&str]) -> Value {
    let mut all = vec!["activity", path_str(trace)];
    all.extend_from_slice(args);
    all.push("--json");
    serde_json::from_str(&gcvm_ok(&all)).expect("gcvm activity --json prints JSON")
}

/// The only pause of `gcvm activity --around gc:N --json ARGS`.
fn around(gc: u32, args: &[&str]) -> Value {
    let gc = format!("gc:{gc}");
    let mut all = vec!["--around", gc.as_str()];
    all.extend_from_slice(args);
    let v = activity_json(&fixture().trace, &all);
    let pauses = v["pauses"].as_array().unwrap();
    assert_eq!(pauses.len(), 1, "--around {gc}: one pause");
    pauses[0].clone()
}

/// (name, value of `key`) of a ranking.
fn ranking(units: &Value, key: &str) -> Vec<(String, u64)> {
    units
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["name"].as_str().unwrap().to_string(),
                u[key].as_u64().unwrap(),
            )
        })
        .collect()
}

fn named(rows: &[(&str, u64)]) -> Vec<(String, u64)> {
    rows.iter().map(|(n, v)| (n.to_string(), *v)).collect()
}

const HOT_M: &str = "app/Main.hot()I";
const PUT_M: &str = "java/util/HashMap.put(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";
const PARSE_M: &str = "app/Parser.parse(Ljava/lang/String;)V";
const ADD_M: &str = "java/util/ArrayList.add(Ljava/lang/Object;)Z";

#[test]
fn methods_before_a_pause_rank_by_bytecodes_adding_up_every_event_of_an_interval() {
    let p = around(1, &[]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytecodes"], "bytecodes"),
        named(&[
            (HOT_M, 500),
            (PUT_M, 200),
            (PARSE_M, 100),
            (ADD_M, 50),
            ("Solo.run()V", 7)
        ])
    );
    assert_eq!(p["window"]["bytecodes"], 857);
    assert_eq!(p["window"]["invocations"], 3 + 16 + 2 + 4 + 1 + 1);
}

#[test]
fn methods_before_a_pause_rank_by_allocated_bytes_leaving_out_those_that_allocated_nothing() {
    let p = around(1, &[]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytes"], "bytes"),
        named(&[(ADD_M, 8192), (PUT_M, 1024), (PARSE_M, 64)])
    );
    assert_eq!(
        ranking(&p["window"]["top_by_bytes"], "objects"),
        named(&[(ADD_M, 4), (PUT_M, 16), (PARSE_M, 1)])
    );
    assert_eq!(p["window"]["bytes"], 8192 + 1024 + 64);
    assert_eq!(p["window"]["objects"], 21);
}

#[test]
fn the_window_of_a_pause_holds_only_intervals_ending_since_the_previous_pause() {
    let first = around(0, &[]);
    assert_eq!(
        ranking(&first["window"]["top_by_bytecodes"], "bytecodes"),
        named(&[
            (HOT_M, 1000),
            (PARSE_M, 500),
            ("app/Main.main([Ljava/lang/String;)V", 10)
        ])
    );
    assert_eq!(
        first["window"]["from_us"],
        Value::Null,
        "since the trace start"
    );
    let second = around(1, &[]);
    assert_eq!(second["window"]["from_us"], first["end_us"]);
    assert_eq!(second["window"]["to_us"], second["start_us"]);
    // Two thread intervals: thread 1's two events for one interval are one.
    assert_eq!(second["window"]["intervals"], 2);
}

#[test]
fn a_window_in_ms_reaches_back_over_the_previous_pause() {
    let p = around(1, &["--window", "100000"]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytecodes"], "bytecodes")[0],
        (HOT_M.to_string(), 1500)
    );
    assert_eq!(p["window"]["intervals"], 4);
}

#[test]
fn by_class_adds_up_the_methods_of_each_class() {
    let p = around(0, &["--by", "class"]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytecodes"], "bytecodes"),
        named(&[("app/Main", 1010), ("app/Parser", 500)])
    );
    let p = around(1, &["--by", "class"]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytecodes"], "bytecodes"),
        named(&[
            ("app/Main", 500),
            ("java/util/HashMap", 200),
            ("app/Parser", 100),
            ("java/util/ArrayList", 50),
            ("Solo", 7)
        ])
    );
}

#[test]
fn by_package_adds_up_the_classes_of_each_package_and_names_the_default_package() {
    let p = around(1, &["--by", "package"]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytecodes"], "bytecodes"),
        named(&[("app", 600), ("java/util", 250), ("(default package)", 7)])
    );
    assert_eq!(
        ranking(&p["window"]["top_by_bytes"], "bytes"),
        named(&[("java/util", 9216), ("app", 64)])
    );
}

#[test]
fn top_limits_the_rows_of_each_ranking() {
    let p = around(1, &["--top", "2"]);
    assert_eq!(
        ranking(&p["window"]["top_by_bytecodes"], "bytecodes"),
        named(&[(HOT_M, 500), (PUT_M, 200)])
    );
    assert_eq!(p["window"]["top_by_bytes"].as_array().unwrap().len(), 2);
    assert_eq!(p["window"]["units"], 5, "the units counted beyond the top");
}

/// A thread's µs per state, from a `threads` array, by thread id.
fn states_of(threads: &Value, id: u64) -> BTreeMap<String, u64> {
    let t = threads
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .unwrap_or_else(|| panic!("thread {id} in {threads}"));
    t["states_us"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect()
}

fn expect_states(rows: &[(&str, u64)]) -> BTreeMap<String, u64> {
    rows.iter()
        .filter(|(_, us)| *us > 0)
        .map(|(s, us)| (s.to_string(), *us))
        .collect()
}

#[test]
fn thread_states_in_a_window_are_clipped_to_it() {
    let f = fixture();
    let p = around(1, &[]);
    let from = p["window"]["from_us"].as_u64().unwrap();
    let threads = &p["window"]["threads"];
    assert_eq!(
        states_of(threads, 1),
        expect_states(&[
            ("running", f.requested_us - f.resumed_us),
            ("safepoint", f.arrived_us - f.requested_us),
            ("gc", f.resumed_us - from),
        ])
    );
    assert_eq!(
        states_of(threads, 2),
        expect_states(&[
            ("running", f.arrived_us - f.woke_us),
            ("sleeping", f.woke_us - from),
        ])
    );
}

#[test]
fn the_safepoint_wait_shows_the_thread_still_running_while_the_requester_waited() {
    let f = fixture();
    let s = around(1, &[])["safepoint"].clone();
    let wait = f.arrived_us - f.requested_us;
    assert!(wait >= 3000, "the fixture waits 3 ms: {wait} µs");
    assert_eq!(s["time_to_safepoint_us"], wait);
    assert_eq!(s["requester"], "1 (main)");
    let threads = s["threads"].as_array().unwrap();
    assert_eq!(
        threads[0]["label"], "2 (worker)",
        "the last to arrive first"
    );
    assert_eq!(threads[0]["wait_us"], wait);
    assert_eq!(
        states_of(&s["threads"], 2),
        expect_states(&[("running", wait)])
    );
    assert_eq!(
        states_of(&s["threads"], 1),
        expect_states(&[("safepoint", wait)])
    );
    assert_eq!(
        threads[1]["wait_us"], 0,
        "the requester arrives at the request"
    );
}

#[test]
fn a_pause_without_a_safepoint_event_has_no_safepoint_wait() {
    assert_eq!(around(0, &[])["safepoint"], Value::Null);
}

#[test]
fn the_json_report_names_its_options_and_every_pause() {
    let v = activity_json(&fixture().trace, &["--by", "class", "--top", "3"]);
    assert_eq!(v["by"], "class");
    assert_eq!(v["top"], 3);
    assert_eq!(v["window_ms"], Value::Null);
    assert_eq!(v["overall"], Value::Null, "the trace has pauses");
    let gcs: Vec<u64> = v["pauses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["gc"].as_u64().unwrap())
        .collect();
    assert_eq!(gcs, [0, 1]);
    let p = &v["pauses"][1];
    for key in ["kind", "cause", "start_us", "end_us", "window", "safepoint"] {
        assert!(p.get(key).is_some(), "pause has {key}: {p}");
    }
    assert_eq!(p["kind"], "major");
    assert_eq!(p["cause"], "test");
    let w = &p["window"];
    for key in [
        "from_us",
        "to_us",
        "intervals",
        "bytecodes",
        "invocations",
        "objects",
        "bytes",
        "units",
        "top_by_bytecodes",
        "top_by_bytes",
        "threads",
    ] {
        assert!(w.get(key).is_some(), "window has {key}: {w}");
    }
    let unit = &w["top_by_bytecodes"][0];
    for key in ["name", "bytecodes", "invocations", "objects", "bytes"] {
        assert!(unit.get(key).is_some(), "unit has {key}: {unit}");
    }
}

#[test]
fn the_text_report_shows_rankings_states_and_the_safepoint_wait_in_aligned_tables() {
    let out = gcvm_ok(&["activity", path_str(&fixture().trace), "--around", "gc:1"]);
    assert!(out.contains("GC 1 (major, test) at "), "{out}");
    assert!(out.contains("method by bytecodes"), "{out}");
    assert!(out.contains("method by allocated bytes"), "{out}");
    assert!(out.contains("8.0 KiB"), "bytes in binary units: {out}");
    assert!(out.contains("time to safepoint "), "{out}");
    assert!(
        out.contains("requested at") && out.contains("by 1 (main)"),
        "{out}"
    );
    let hot = out.lines().find(|l| l.starts_with(HOT_M)).expect(HOT_M);
    assert!(hot.contains(" 500 ") && hot.contains("58.3%"), "{hot}");
    // Each table's rows are as wide as its rule at most, and its numbers right-aligned.
    let header = out
        .lines()
        .position(|l| l.starts_with("method by bytecodes"))
        .unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let rule = lines[header + 1];
    assert!(rule.chars().all(|c| c == '-'), "{rule}");
    for row in &lines[header + 2..header + 7] {
        assert!(row.len() == rule.len(), "{row:?} aligned to {rule:?}");
    }
}

#[test]
fn a_trace_without_activity_is_refused_in_one_line_naming_the_fix() {
    let trace = scratch_dir("activity-report-no-activity").join("trace.gct");
    let w = TraceWriter::create(&trace, TraceConfig::default()).unwrap();
    drop(w.thread_events(1, "main"));
    w.finish().unwrap();
    let o = run_gcvm(&["activity", path_str(&trace)]);
    assert_eq!(o.code, Some(1), "{}", o.stderr_text());
    let err = o.stderr_text();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("has no activity records") && err.contains("gcvm run --activity --trace FILE"),
        "{err}"
    );
}

#[test]
fn an_unknown_collection_is_refused_in_one_line() {
    let o = run_gcvm(&["activity", path_str(&fixture().trace), "--around", "gc:7"]);
    assert_eq!(o.code, Some(1));
    assert_eq!(
        o.stderr_text().trim(),
        "gcvm: collection gc:7 not found: the trace has collections 0..=1"
    );
    let o = run_gcvm(&["activity", path_str(&fixture().trace), "--around", "7"]);
    assert_eq!(o.code, Some(2), "not gc:N");
    assert_eq!(o.stderr_text().lines().count(), 1, "{}", o.stderr_text());
}

#[test]
fn a_trace_without_pauses_gets_an_overall_summary() {
    let trace = scratch_dir("activity-report-no-pauses").join("trace.gct");
    let w = TraceWriter::create(
        &trace,
        TraceConfig {
            activity: true,
            ..Default::default()
        },
    )
    .unwrap();
    w.define_method(HOT, "app/Main", "hot", "()I");
    let mut t = w.thread_events(1, "main");
    let start = Instant::now();
    pause_a_moment();
    let end = Instant::now();
    t.activity(start, end, &[m(HOT, 1, 42, 1, 16)]);
    t.activity(start, end, &[m(HOT, 1, 8, 0, 0)]);
    t.thread_state(ThreadState::Running, start, end);
    let running = t.time_us_at(end) - t.time_us_at(start);
    drop(t);
    w.finish().unwrap();
    let v = activity_json(&trace, &[]);
    assert_eq!(v["pauses"].as_array().unwrap().len(), 0);
    let all = &v["overall"];
    assert_eq!(
        ranking(&all["top_by_bytecodes"], "bytecodes"),
        named(&[(HOT_M, 50)])
    );
    assert_eq!(
        states_of(&all["threads"], 1),
        expect_states(&[("running", running)])
    );
    let text = gcvm_ok(&["activity", path_str(&trace)]);
    assert!(
        text.contains("the trace has no pauses; the whole run:"),
        "{text}"
    );
}

#[test]
fn trace_info_says_the_trace_records_activity_and_its_bytes_per_thread_interval() {
    let trace = path_str(&fixture().trace);
    let info: Value = serde_json::from_str(&gcvm_ok(&["trace", "info", trace, "--json"])).unwrap();
    assert_eq!(info["activity"], true);
    assert_eq!(
        info["activity_intervals"], 5,
        "six events, five thread intervals"
    );
    let kinds = info["event_kinds"].as_array().unwrap();
    let kind = |k: &str| kinds.iter().find(|x| x["kind"] == k).unwrap().clone();
    assert_eq!(kind("activity")["count"], 6);
    assert_eq!(kind("thread-state")["count"], 7);
    let bytes = kind("activity")["raw_bytes"].as_f64().unwrap();
    let per = info["activity_bytes_per_interval"].as_f64().unwrap();
    assert!((per - bytes / 5.0).abs() < 0.001, "{per} vs {bytes} / 5");
    let text = gcvm_ok(&["trace", "info", trace]);
    assert!(
        text.lines()
            .any(|l| l.starts_with("activity   yes: 5 thread intervals, ")),
        "{text}"
    );
}

#[test]
fn trace_info_of_a_trace_without_activity_has_no_activity_line() {
    let trace = scratch_dir("activity-report-info-no-activity").join("trace.gct");
    let w = TraceWriter::create(&trace, TraceConfig::default()).unwrap();
    w.finish().unwrap();
    let text = gcvm_ok(&["trace", "info", path_str(&trace)]);
    assert!(!text.contains("activity   "), "{text}");
}

/// The Perfetto export of the fixture, read back.
fn perfetto() -> &'static Vec<Value> {
    static E: OnceLock<Vec<Value>> = OnceLock::new();
    E.get_or_init(|| {
        let out = scratch_dir("activity-report-perfetto").join("trace.json");
        gcvm_ok(&[
            "export",
            path_str(&fixture().trace),
            "--perfetto",
            path_str(&out),
        ]);
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        v["traceEvents"].as_array().unwrap().clone()
    })
}

/// The tid of the track named `name`.
fn track(events: &[Value], name: &str) -> u64 {
    events
        .iter()
        .find(|e| e["ph"] == "M" && e["name"] == "thread_name" && e["args"]["name"] == name)
        .unwrap_or_else(|| panic!("a track named {name:?}"))["tid"]
        .as_u64()
        .unwrap()
}

#[test]
fn perfetto_has_a_thread_state_track_per_thread_with_a_slice_per_span() {
    let f = fixture();
    let ev = perfetto();
    let tid = track(ev, "1 main: states");
    assert_ne!(tid, track(ev, "2 worker: states"));
    let slices: Vec<(String, u64, u64)> = ev
        .iter()
        .filter(|e| e["ph"] == "X" && e["tid"] == tid)
        .map(|e| {
            assert_eq!(e["cat"], "thread-state");
            let (ts, dur) = (e["ts"].as_u64().unwrap(), e["dur"].as_u64().unwrap());
            (e["name"].as_str().unwrap().to_string(), ts, ts + dur)
        })
        .collect();
    let names: Vec<&str> = slices.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(names, ["running", "gc", "running", "safepoint"]);
    assert_eq!(slices[2].1, f.resumed_us);
    assert_eq!(slices[2].2, f.requested_us);
    assert_eq!((slices[3].1, slices[3].2), (f.requested_us, f.arrived_us));
}

/// (ts, value) of counter `name`'s series `key`.
fn counter(events: &[Value], name: &str, key: &str) -> Vec<(u64, u64)> {
    events
        .iter()
        .filter(|e| e["ph"] == "C" && e["name"] == name)
        .map(|e| (e["ts"].as_u64().unwrap(), e["args"][key].as_u64().unwrap()))
        .collect()
}

#[test]
fn perfetto_counts_each_threads_bytecodes_and_allocated_bytes_per_interval() {
    let f = fixture();
    let ev = perfetto();
    let bytecodes = counter(ev, "bytecodes per interval (1 main)", "bytecodes");
    let (start, end) = f.interval_after_gc0;
    assert!(
        bytecodes.contains(&(start, 750)),
        "both events of the interval add up: {bytecodes:?}"
    );
    assert!(
        bytecodes.contains(&(end, 0)),
        "back to 0 after it: {bytecodes:?}"
    );
    assert_eq!(bytecodes.iter().map(|c| c.1).max(), Some(99_999));
    let bytes = counter(ev, "allocated bytes per interval (1 main)", "bytes");
    assert!(bytes.contains(&(start, 9216)), "{bytes:?}");
    let worker = counter(ev, "allocated bytes per interval (2 worker)", "bytes");
    assert_eq!(
        worker.iter().map(|c| c.1).collect::<Vec<_>>(),
        [4096, 0, 64, 0]
    );
}

/// A real run: tests/activity_report/Hot.java under semispace in an 8 MiB heap, where spin()
/// runs nearly every instruction and churn() allocates nearly every byte.
fn hot_trace() -> &'static PathBuf {
    static T: OnceLock<PathBuf> = OnceLock::new();
    T.get_or_init(|| {
        let trace = scratch_dir("activity-report-hot").join("trace.gct");
        let src = repo_root().join("tests/activity_report/Hot.java");
        gcvm_ok(&[
            "run",
            "--activity",
            "--trace",
            path_str(&trace),
            "--gc",
            "semispace",
            "-Xmx8m",
            path_str(&src),
            "20",
        ]);
        trace
    })
}

#[test]
fn on_a_real_run_the_hot_method_tops_the_bytecodes_and_the_allocating_one_the_bytes() {
    let v = activity_json(hot_trace(), &[]);
    let pauses = v["pauses"].as_array().unwrap();
    assert!(!pauses.is_empty(), "an 8 MiB heap collects: {v}");
    // The last pause's window, since the pause before it, lies in the rounds' loop.
    let w = &pauses.last().unwrap()["window"];
    assert_eq!(w["top_by_bytecodes"][0]["name"], "Hot.spin(I)J", "{w}");
    assert_eq!(
        w["top_by_bytes"][0]["name"], "Hot.churn(I)Ljava/lang/Object;",
        "{w}"
    );
    assert!(
        states_of(&w["threads"], 1)["running"] > 0,
        "main ran before the pause: {w}"
    );
    let text = gcvm_ok(&["activity", path_str(hot_trace()), "--by", "class"]);
    let last_table = text.rsplit("class by bytecodes").next().unwrap();
    let first_row = last_table.lines().nth(2).unwrap();
    assert!(first_row.starts_with("Hot "), "{text}");
}

#[test]
fn a_damaged_activity_trace_is_read_up_to_the_damage_or_refused_in_one_line() {
    let bytes = std::fs::read(hot_trace()).unwrap();
    let dir = scratch_dir("activity-report-damaged");
    for i in 1..=12 {
        let cut = bytes.len() * i / 13;
        let mut damaged = bytes[..cut].to_vec();
        if i % 2 == 0 {
            // A flipped byte inside what is left, besides the cut.
            damaged[cut / 2] ^= 0x5a;
        }
        let file = dir.join(format!("cut-{i}.gct"));
        std::fs::write(&file, &damaged).unwrap();
        for args in [
            vec!["activity", path_str(&file), "--json"],
            vec!["activity", path_str(&file), "--by", "package"],
        ] {
            let o = run_gcvm(&args);
            assert_no_panic(&o, &args.join(" "));
            let err = o.stderr_text();
            match o.code {
                Some(0) => {}
                Some(1) => assert!(
                    err.lines().count() == 1 && err.starts_with("gcvm: trace byte "),
                    "gcvm {}: {err}",
                    args.join(" ")
                ),
                other => panic!("gcvm {}: exit {other:?}: {err}", args.join(" ")),
            }
        }
    }
}
