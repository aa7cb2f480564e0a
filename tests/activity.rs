//! Code activity and thread states (`gcvm run --activity`, docs/code-activity.md) on real runs:
//! the counts of programs whose answer is known by construction (tests/activity/*.java), the
//! allocations per method against the trace's own allocation events, thread-state spans that
//! tile each thread's life, and the heap streams' frames carrying the activity before them.

mod support;

use gcvm_tools::reader::{Event, TraceReader};
use gcvm_tracer::format::ThreadState;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use support::*;

/// One thread's state spans: (state, start_us, end_us).
type Spans = Vec<(ThreadState, u64, u64)>;

/// What a trace says about code activity, summed over the run.
#[derive(Default)]
struct Activity {
    /// (class, method name) -> invocations, bytecodes, objects, bytes.
    methods: BTreeMap<(String, String), [u64; 4]>,
    /// (class, method name) -> objects allocated at its sites, from the allocation events.
    site_objects: BTreeMap<(String, String), u64>,
    /// Thread name -> its spans in trace order, its alive and death positions in its events.
    spans: BTreeMap<String, Spans>,
}

fn read_activity(trace: &PathBuf) -> Activity {
    let mut r = TraceReader::open(trace).expect("trace opens");
    assert_ne!(
        r.header().flags & gcvm_tracer::format::HEADER_FLAG_ACTIVITY,
        0,
        "the header says the trace has activity"
    );
    let mut a = Activity::default();
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut per_site: HashMap<u32, u64> = HashMap::new();
    let mut counted: Vec<(u32, [u64; 4])> = Vec::new();
    while let Some((thread, ev)) = r.next_event().expect("trace reads") {
        match ev {
            Event::ThreadAlive { name } => {
                names.insert(thread, name);
            }
            Event::Alloc { site, .. }
            | Event::AllocTyped { site, .. }
            | Event::AllocOutside { site, .. } => *per_site.entry(site).or_default() += 1,
            Event::Activity(i) => {
                for m in &i.methods {
                    counted.push((m.method, [m.invocations, m.bytecodes, m.objects, m.bytes]));
                }
            }
            Event::ThreadState {
                state,
                start_us,
                end_us,
            } => a
                .spans
                .entry(names[&thread].clone())
                .or_default()
                .push((state, start_us, end_us)),
            _ => {}
        }
    }
    let sy = r.symbols();
    for (id, c) in counted {
        let m = &sy.methods[&id];
        let e = a
            .methods
            .entry((m.class.clone(), m.name.clone()))
            .or_default();
        for k in 0..4 {
            e[k] += c[k];
        }
    }
    for (site, n) in per_site {
        let s = &sy.sites[&site];
        *a.site_objects
            .entry((s.class.clone(), s.method.clone()))
            .or_default() += n;
    }
    a
}

fn traced(program: &str, label: &str, options: &[&str], args: &[&str]) -> PathBuf {
    let out = scratch_dir(&format!("activity-{label}")).join("trace.gct");
    let src = repo_root().join(format!("tests/activity/{program}.java"));
    let mut cmd: Vec<&str> = vec!["run", "--activity", "--trace", out.to_str().unwrap()];
    cmd.extend_from_slice(options);
    cmd.push(src.to_str().unwrap());
    cmd.extend_from_slice(args);
    gcvm_ok(&cmd);
    out
}

fn counted_trace() -> &'static PathBuf {
    static TRACE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    TRACE.get_or_init(|| traced("Counted", "counted", &["-Xmx8m"], &["50000"]))
}

fn method<'a>(a: &'a Activity, name: &str) -> &'a [u64; 4] {
    a.methods
        .get(&("Counted".to_string(), name.to_string()))
        .unwrap_or_else(|| panic!("no activity for Counted.{name}"))
}

#[test]
fn a_method_called_n_times_in_a_loop_counts_exactly_n_invocations() {
    let a = read_activity(counted_trace());
    assert_eq!(method(&a, "work")[0], 50_000);
    assert_eq!(method(&a, "make")[0], 50_000);
    assert_eq!(method(&a, "makeList")[0], 20);
    assert_eq!(method(&a, "main")[0], 1);
}

#[test]
fn a_straight_line_method_counts_its_instructions_on_every_call() {
    // work(): iload_0, iconst_3, imul, iconst_1, iadd, ireturn.
    let a = read_activity(counted_trace());
    assert_eq!(method(&a, "work")[1], 6 * 50_000);
}

#[test]
fn a_method_calling_a_native_counts_its_instructions_once() {
    // clock(): invokestatic System.nanoTime, iload_0, i2l, ladd, lreturn.
    let a = read_activity(counted_trace());
    assert_eq!(method(&a, "clock")[0], 50_000);
    assert_eq!(method(&a, "clock")[1], 5 * 50_000);
}

#[test]
fn per_method_allocations_equal_the_traces_allocations_at_its_sites() {
    let a = read_activity(counted_trace());
    let mut checked = 0;
    for ((class, name), counts) in &a.methods {
        if class != "Counted" {
            continue;
        }
        let at_sites = a
            .site_objects
            .get(&(class.clone(), name.clone()))
            .copied()
            .unwrap_or(0);
        assert_eq!(counts[2], at_sites, "objects allocated by {class}.{name}");
        checked += 1;
    }
    assert!(
        checked >= 4,
        "main, work, make and makeList were all counted"
    );
    assert_eq!(method(&a, "make")[2], 50_000);
    assert_eq!(method(&a, "makeList")[2], 20 * (1 + 5_000));
}

#[test]
fn allocated_bytes_per_method_follow_the_objects_sizes() {
    // make(i) allocates int[i % 8]: 16 bytes of header and 4 per element, rounded to 8.
    let a = read_activity(counted_trace());
    let per_round: u64 = (0..8u64).map(|len| (16 + 4 * len).div_ceil(8) * 8).sum();
    assert_eq!(method(&a, "make")[3], per_round * 50_000 / 8);
}

/// Checks that `spans` follow each other without gaps or overlaps.
fn assert_tiled(thread: &str, spans: &Spans) {
    assert!(!spans.is_empty(), "{thread} has spans");
    for w in spans.windows(2) {
        assert_eq!(
            w[0].2, w[1].1,
            "{thread}: span {:?} is followed by {:?}",
            w[0], w[1]
        );
    }
    for s in spans {
        assert!(s.1 <= s.2, "{thread}: span {s:?} ends before it starts");
    }
}

#[test]
fn a_threads_state_spans_tile_its_life_without_gaps_or_overlaps() {
    let a = read_activity(counted_trace());
    assert_tiled("main", &a.spans["main"]);
    let contended = read_activity(contended_trace());
    for (thread, spans) in &contended.spans {
        assert_tiled(thread, spans);
    }
}

fn contended_trace() -> &'static PathBuf {
    static TRACE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    TRACE.get_or_init(|| traced("Contended", "contended", &[], &[]))
}

fn time_in(spans: &Spans, state: ThreadState) -> u64 {
    spans
        .iter()
        .filter(|s| s.0 == state)
        .map(|s| s.2 - s.1)
        .sum()
}

#[test]
fn a_thread_blocked_on_a_monitor_shows_as_blocked_for_that_time() {
    let a = read_activity(contended_trace());
    let waiter = &a.spans["waiter"];
    let blocked = time_in(waiter, ThreadState::Blocked);
    assert!(
        (280_000..2_000_000).contains(&blocked),
        "the waiter was blocked for the 300 ms main held the lock, not {blocked} µs: {waiter:?}"
    );
    let main = &a.spans["main"];
    let sleeping = time_in(main, ThreadState::Sleeping);
    assert!(
        (280_000..2_000_000).contains(&sleeping),
        "main slept 300 ms, not {sleeping} µs: {main:?}"
    );
    // The waiter's blocked span lies within main's sleep (main held the lock meanwhile).
    let sleep = main
        .iter()
        .find(|s| s.0 == ThreadState::Sleeping)
        .expect("main's sleep");
    let block = waiter
        .iter()
        .find(|s| s.0 == ThreadState::Blocked)
        .expect("the waiter's block");
    assert!(
        block.1 <= sleep.2 && block.2 >= sleep.2,
        "{block:?} vs {sleep:?}"
    );
}

#[test]
fn threads_stopped_for_a_collection_show_the_pause() {
    let trace = traced(
        "Counted",
        "counted-gc",
        &["-Xmx4m", "--gc", "mark-compact"],
        &["200000"],
    );
    let a = read_activity(&trace);
    let main = &a.spans["main"];
    assert_tiled("main", main);
    assert!(
        main.iter().any(|s| s.0 == ThreadState::Gc),
        "main asked for collections and waited for them: {main:?}"
    );
}

#[test]
fn a_trace_without_activity_has_no_activity_events_and_no_flag() {
    let out = scratch_dir("activity-off").join("trace.gct");
    let src = repo_root().join("tests/activity/Counted.java");
    gcvm_ok(&[
        "run",
        "--trace",
        out.to_str().unwrap(),
        src.to_str().unwrap(),
        "100",
    ]);
    let mut r = TraceReader::open(&out).unwrap();
    assert_eq!(
        r.header().flags & gcvm_tracer::format::HEADER_FLAG_ACTIVITY,
        0
    );
    while let Some((_, ev)) = r.next_event().unwrap() {
        assert!(
            !matches!(ev, Event::Activity(_) | Event::ThreadState { .. }),
            "{ev:?}"
        );
    }
}

#[test]
fn an_activity_interval_out_of_range_is_a_one_line_error() {
    for bad in ["--activity=0", "--activity=abc", "--activity=60001"] {
        let o = run_gcvm(&["run", bad, "Foo"]);
        assert_eq!(o.code, Some(2), "{bad}: {}", o.stderr_text());
        assert!(
            o.stderr_text().contains("--activity"),
            "{}",
            o.stderr_text()
        );
    }
}

#[test]
fn heap_stream_frames_carry_the_code_that_ran_before_them() {
    let out = scratch_dir("activity-stream").join("run.gcvms");
    let src = repo_root().join("tests/activity/Counted.java");
    gcvm_ok(&[
        "run",
        "--activity",
        "--stream-record",
        out.to_str().unwrap(),
        "-Xmx4m",
        src.to_str().unwrap(),
        "100000",
    ]);
    let rec = gcvm_tracer::stream::record::Recording::read(&out).unwrap();
    assert!(rec.frames.len() >= 2, "collections made frames");
    let mut last_total = 0;
    let mut interval_sum = 0;
    let mut previous_to = 0.0;
    for bytes in &rec.frames {
        let frame = gcvm_tracer::stream::Frame::decode(bytes).unwrap();
        let activity = frame.activity.expect("every frame carries activity");
        assert_eq!(activity.from_ms, previous_to, "intervals follow each other");
        previous_to = activity.to_ms;
        if let Some(u) = activity.units.iter().find(|u| u.name == "Counted") {
            assert!(u.total >= last_total, "run totals never fall");
            last_total = u.total;
            interval_sum += u.bytecodes;
        }
    }
    assert!(last_total > 0, "the program's class ran");
    assert_eq!(
        interval_sum, last_total,
        "a unit's total is the sum of its intervals"
    );
}
