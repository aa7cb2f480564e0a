//! `gcvm tiles` / `gcvm replay TRACE` on an `--activity` trace: every frame carries the code
//! that ran and the threads' states since the previous frame, fed from the trace's Activity and
//! Thread State events (synthetic traces written with the real `TraceWriter`).

mod common;

use common::temp_path;
use gcvm_tools::tiles::tiles_from_trace;
use gcvm_tracer::format::{MethodActivity, ThreadState};
use gcvm_tracer::stream::activity::{FrameActivity, UnitActivity};
use gcvm_tracer::stream::Frame;
use gcvm_tracer::{GcEventSink, GcKind, TraceConfig, TraceWriter};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const MAIN: u32 = 1;
const WORKER: u32 = 2;

fn ran(method: u32, bytecodes: u64, objects: u64) -> MethodActivity {
    MethodActivity {
        method,
        invocations: 1,
        bytecodes,
        objects,
        bytes: objects * 16,
    }
}

fn writer(name: &str, activity: bool) -> (PathBuf, TraceWriter) {
    let path = temp_path(name);
    let config = TraceConfig {
        program: "ActivitySim".into(),
        activity,
        ..TraceConfig::default()
    };
    let w = TraceWriter::create(&path, config).unwrap();
    w.define_method(1, "app/A", "run", "()V");
    w.define_method(2, "app/B", "work", "()V");
    w.define_method(3, "app/A", "helper", "(I)I");
    (path, w)
}

/// Two collections (frames 0 and 1: GC 0's start and end; frames 2 and 3: GC 1's). Before GC 0
/// `main` runs app/A (A.run 900 bytecodes, A.helper 100, 3 objects) and `worker` runs B.work
/// for 50 while blocked from 0.2 to 0.8 ms after `t0`; before GC 1 both run B.work (10 and 1000
/// bytecodes) and `main` sleeps.
fn two_intervals(name: &str, activity: bool) -> PathBuf {
    let (path, w) = writer(name, activity);
    let mut main = w.thread_events(MAIN, "main");
    let mut worker = w.thread_events(WORKER, "worker");
    let mut gc = w.gc_sink();
    let ms = |t: Instant, tenths: u64| t + Duration::from_micros(100 * tenths);
    let t0 = Instant::now();
    main.activity(t0, ms(t0, 10), &[ran(1, 900, 0), ran(3, 100, 3)]);
    worker.activity(t0, ms(t0, 10), &[ran(2, 50, 0)]);
    worker.thread_state(ThreadState::Running, t0, ms(t0, 2));
    worker.thread_state(ThreadState::Blocked, ms(t0, 2), ms(t0, 8));
    main.flush();
    worker.flush();
    std::thread::sleep(Duration::from_millis(3));
    gc.gc_start(0, GcKind::Minor, "test");
    gc.gc_end(0);
    let t1 = Instant::now();
    main.activity(t1, ms(t1, 10), &[ran(2, 10, 0)]);
    main.thread_state(ThreadState::Sleeping, t1, ms(t1, 10));
    worker.activity(t1, ms(t1, 10), &[ran(2, 1000, 0)]);
    main.flush();
    worker.flush();
    std::thread::sleep(Duration::from_millis(3));
    gc.gc_start(1, GcKind::Minor, "test");
    gc.gc_end(1);
    drop(gc);
    main.thread_death();
    worker.thread_death();
    w.finish().unwrap();
    path
}

fn frames_of(path: &std::path::Path) -> Vec<Frame> {
    tiles_from_trace(path, 8192)
        .unwrap()
        .frames
        .iter()
        .map(|f| Frame::decode(f).unwrap())
        .collect()
}

fn activity_of(frame: &Frame) -> &FrameActivity {
    frame
        .activity
        .as_ref()
        .unwrap_or_else(|| panic!("frame {} carries no activity", frame.seq))
}

fn unit<'a>(a: &'a FrameActivity, class: &str) -> &'a UnitActivity {
    a.units
        .iter()
        .find(|u| u.name == class)
        .unwrap_or_else(|| panic!("no unit {class} in {:?}", a.units))
}

#[test]
fn each_frame_carries_every_classs_counts_since_the_previous_frame() {
    let frames = frames_of(&two_intervals("activity-counts", true));
    assert_eq!(frames.len(), 4);
    let first = activity_of(&frames[0]);
    let a = unit(first, "app/A");
    assert_eq!(
        (
            a.total,
            a.bytecodes,
            a.invocations,
            a.threads,
            a.objects,
            a.bytes
        ),
        (1000, 1000, 2, 1, 3, 48),
        "app/A adds up both its methods"
    );
    let b = unit(first, "app/B");
    assert_eq!((b.total, b.bytecodes, b.threads), (50, 50, 1));
    let between = activity_of(&frames[1]);
    assert!(
        between.units.iter().all(|u| u.bytecodes == 0),
        "nothing ran between GC 0's start and end: {:?}",
        between.units
    );
    let second = activity_of(&frames[2]);
    let (a, b) = (unit(second, "app/A"), unit(second, "app/B"));
    assert_eq!((a.total, a.bytecodes, a.threads), (1000, 0, 0));
    assert_eq!((b.total, b.bytecodes, b.threads), (1060, 1010, 2));
    assert_eq!(
        second.units[0].name, "app/B",
        "the busiest over the run first"
    );
}

#[test]
fn a_frames_interval_runs_from_the_previous_frames_time_to_its_own() {
    let frames = frames_of(&two_intervals("activity-interval", true));
    let mut previous = 0.0;
    for f in &frames {
        let a = activity_of(f);
        assert_eq!(
            (a.from_ms, a.to_ms),
            (previous, f.time_ms),
            "frame {}",
            f.seq
        );
        previous = f.time_ms;
    }
}

#[test]
fn thread_state_spans_reach_the_next_frame_under_their_threads_names() {
    let frames = frames_of(&two_intervals("activity-states", true));
    let first = activity_of(&frames[0]);
    assert_eq!(first.threads.len(), 1, "{:?}", first.threads);
    let worker = &first.threads[0];
    assert_eq!((worker.id, worker.name.as_str()), (WORKER as u64, "worker"));
    let states: Vec<ThreadState> = worker.spans.iter().map(|s| s.0).collect();
    assert_eq!(states, vec![ThreadState::Running, ThreadState::Blocked]);
    let (_, start, end) = worker.spans[1];
    assert!(
        (end - start - 0.6).abs() < 0.0015,
        "blocked for {} ms",
        end - start
    );
    assert!(end <= first.to_ms, "the span ends after its frame");
    let second = activity_of(&frames[2]);
    let names: Vec<&str> = second.threads.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, vec!["main"]);
    assert_eq!(second.threads[0].spans[0].0, ThreadState::Sleeping);
}

#[test]
fn a_trace_without_the_activity_flag_gives_frames_without_activity() {
    let frames = frames_of(&two_intervals("no-activity", false));
    assert_eq!(frames.len(), 4);
    assert!(frames.iter().all(|f| f.activity.is_none()));
}

#[test]
fn activity_of_a_method_no_symbol_defines_is_a_one_line_error_at_its_byte() {
    let (path, w) = writer("activity-undefined-method", true);
    let mut main = w.thread_events(MAIN, "main");
    let t0 = Instant::now();
    main.activity(t0, t0 + Duration::from_millis(1), &[ran(77, 5, 0)]);
    main.flush();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Minor, "test");
    gc.gc_end(0);
    drop(gc);
    main.thread_death();
    w.finish().unwrap();
    let Err(err) = tiles_from_trace(&path, 8192) else {
        panic!("the trace was accepted");
    };
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("method 77") && err.starts_with("trace byte "),
        "{err}"
    );
}
