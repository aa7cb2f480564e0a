//! The Perfetto / Chrome trace-event export of real traces (`gcvm export TRACE --perfetto`):
//! safepoints, per-thread time to safepoint and GC worker activity, read back by serde_json.
//! Traces: MultiThreadAlloc (five threads) under the region collector (parallel evacuation) and
//! under semispace (parallel copying, collections forced by --gc-stress), and GCBench under the
//! region collector, each with two GC threads; and GCBench with pauses a collector's controller
//! asks for (--periodic-gc).

mod support;

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use support::*;

/// The export's VM track (safepoints and pauses).
const VM_TID: u64 = 1;

struct Export {
    label: &'static str,
    events: Vec<Value>,
}

/// Runs `program` with `options` (collector, heap, ...) and two GC threads, traced, and exports
/// the trace.
fn record_and_export(label: &'static str, options: &[&str], program: &str, size: &str) -> Export {
    let dir = scratch_dir(&format!("perfetto-{label}"));
    let (trace, json) = (dir.join("trace.gct"), dir.join("trace.json"));
    let src = repo_root().join("programs").join(program);
    let mut args = vec![
        "run",
        "--gc-threads",
        "2",
        "--trace",
        trace.to_str().unwrap(),
    ];
    args.extend_from_slice(options);
    args.extend([src.to_str().unwrap(), size]);
    let o = run_gcvm(&args);
    assert_eq!(o.code, Some(0), "{label}: {}", o.stderr_head(10));
    let o = run_gcvm(&[
        "export",
        trace.to_str().unwrap(),
        "--perfetto",
        json.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(0), "{label}: {}", o.stderr_head(10));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap())
        .unwrap_or_else(|e| panic!("{label}: the export is not JSON: {e}"));
    Export {
        label,
        events: v["traceEvents"].as_array().expect("traceEvents").clone(),
    }
}

/// The three exports, made once per test process.
fn exports() -> &'static [Export] {
    static E: OnceLock<Vec<Export>> = OnceLock::new();
    E.get_or_init(|| {
        vec![
            record_and_export(
                "region-mta",
                &["--gc", "region", "-Xmx32m"],
                "MultiThreadAlloc.java",
                "2",
            ),
            // Semispace copies in parallel only when from-space is not nearly full: collections
            // forced every 100,000 allocations are.
            record_and_export(
                "semispace-mta",
                &["--gc", "semispace", "-Xmx32m", "--gc-stress", "100000"],
                "MultiThreadAlloc.java",
                "2",
            ),
            record_and_export(
                "region-gcbench",
                &["--gc", "region", "-Xmx16m"],
                "GCBench.java",
                "4",
            ),
        ]
    })
}

fn u(e: &Value, k: &str) -> u64 {
    e[k].as_u64().unwrap_or_else(|| panic!("{k} of {e}"))
}

fn end(e: &Value) -> u64 {
    u(e, "ts") + u(e, "dur")
}

fn slices<'a>(x: &'a Export, cat: &str) -> Vec<&'a Value> {
    x.events
        .iter()
        .filter(|e| e["ph"] == "X" && e["cat"] == cat)
        .collect()
}

/// Pause slices by GC id.
fn pauses(x: &Export) -> BTreeMap<u64, &Value> {
    slices(x, "gc")
        .into_iter()
        .map(|e| (u(&e["args"], "gc"), e))
        .collect()
}

/// The VM track's safepoint slices by GC id.
fn safepoints(x: &Export) -> BTreeMap<u64, &Value> {
    slices(x, "safepoint")
        .into_iter()
        .filter(|e| u(e, "tid") == VM_TID)
        .map(|e| (u(&e["args"], "gc"), e))
        .collect()
}

/// The mutator tracks' slices named `name(gc)` for some pause: (GC id, tid) -> slice.
fn thread_slices(x: &Export, name: impl Fn(u64) -> String) -> BTreeMap<(u64, u64), &Value> {
    let mut out = BTreeMap::new();
    for gc in pauses(x).keys() {
        for e in slices(x, "safepoint") {
            if e["name"] == name(*gc).as_str() {
                out.insert((*gc, u(e, "tid")), e);
            }
        }
    }
    out
}

#[test]
fn every_event_is_well_formed_trace_event_json() {
    for x in exports() {
        assert!(!x.events.is_empty(), "{}", x.label);
        for e in &x.events {
            assert!(e["name"].is_string(), "{}: {e}", x.label);
            assert!(e["pid"].is_u64(), "{}: {e}", x.label);
            match e["ph"].as_str() {
                Some("X") => {
                    assert!(e["ts"].is_u64() && e["dur"].is_u64(), "{}: {e}", x.label);
                    assert!(e["tid"].is_u64(), "{}: {e}", x.label);
                    assert!(u(e, "tid") <= u32::MAX as u64, "{}: {e}", x.label);
                }
                Some("M") => assert!(e["tid"].is_u64() && e["args"]["name"].is_string()),
                Some("C") => assert!(e["ts"].is_u64() && e["args"].is_object()),
                other => panic!("{}: unexpected phase {other:?} in {e}", x.label),
            }
        }
    }
}

#[test]
fn every_pause_has_a_safepoint_slice_that_ends_before_it_starts() {
    for x in exports() {
        let (pauses, safepoints) = (pauses(x), safepoints(x));
        assert!(!pauses.is_empty(), "{}", x.label);
        for (gc, p) in &pauses {
            let s = safepoints
                .get(gc)
                .unwrap_or_else(|| panic!("{}: no safepoint slice for GC {gc}", x.label));
            assert!(end(s) <= u(p, "ts"), "{}: GC {gc}: {s} after {p}", x.label);
            assert_eq!(
                u(&s["args"], "time_to_safepoint_us"),
                u(s, "dur"),
                "{}",
                x.label
            );
        }
    }
}

#[test]
fn each_stopped_thread_reaches_the_safepoint_between_its_request_and_its_completion() {
    for x in exports() {
        let safepoints = safepoints(x);
        let stopped = thread_slices(x, |gc| format!("stopped for GC {gc}"));
        let to = thread_slices(x, |gc| format!("to safepoint (GC {gc})"));
        let threads = stopped
            .keys()
            .map(|(_, tid)| tid)
            .collect::<BTreeSet<_>>()
            .len();
        let want = if x.label.ends_with("mta") { 5 } else { 1 };
        assert!(threads >= want, "{}: {threads} threads stopped", x.label);
        for ((gc, tid), stop) in &stopped {
            let s = safepoints[gc];
            let t = to.get(&(*gc, *tid)).unwrap_or_else(|| {
                panic!(
                    "{}: thread {tid} has no to-safepoint slice for GC {gc}",
                    x.label
                )
            });
            assert_eq!(u(t, "ts"), u(s, "ts"), "{}: starts at the request", x.label);
            assert!(end(t) <= end(s), "{}: {t} ends after {s}", x.label);
            assert_eq!(
                u(stop, "ts"),
                end(t),
                "{}: stopped from its arrival",
                x.label
            );
        }
        assert_eq!(to.len(), stopped.len(), "{}", x.label);
    }
}

#[test]
fn gc_worker_slices_lie_inside_their_pause() {
    for x in exports() {
        let pauses = pauses(x);
        let workers = slices(x, "gc-worker");
        assert!(!workers.is_empty(), "{}", x.label);
        for w in workers {
            let p = pauses[&u(&w["args"], "gc")];
            assert!(
                u(w, "ts") >= u(p, "ts"),
                "{}: {w} starts before {p}",
                x.label
            );
            assert!(end(w) <= end(p), "{}: {w} ends after {p}", x.label);
        }
    }
}

#[test]
fn gc_worker_tracks_are_named_and_distinct_from_thread_tracks() {
    for x in exports() {
        let names: BTreeMap<u64, &str> = x
            .events
            .iter()
            .filter(|e| e["ph"] == "M" && e["name"] == "thread_name")
            .map(|e| (u(e, "tid"), e["args"]["name"].as_str().unwrap()))
            .collect();
        let tids: BTreeSet<u64> = slices(x, "gc-worker").iter().map(|w| u(w, "tid")).collect();
        // How many workers a region pause takes follows its learned survival rate, which
        // follows pause times: on a loaded machine every pause of a run may take one. The
        // forced semispace collections copy enough for two every time.
        let want = if x.label == "semispace-mta" {
            2..=2
        } else {
            1..=2
        };
        assert!(
            want.contains(&tids.len()),
            "{}: --gc-threads 2 gives {want:?} worker tracks, not {}",
            x.label,
            tids.len()
        );
        for tid in tids {
            assert!(
                names.get(&tid).is_some_and(|n| n.starts_with("GC worker ")),
                "{}: track {tid} is {:?}",
                x.label,
                names.get(&tid)
            );
        }
    }
}

#[test]
fn copying_workers_account_for_every_byte_their_pause_moved() {
    for x in exports() {
        let mut copied: BTreeMap<u64, u64> = BTreeMap::new();
        let mut working: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
        for w in slices(x, "gc-worker") {
            if w["name"] == "copy" || w["name"] == "evacuate" {
                let gc = u(&w["args"], "gc");
                *copied.entry(gc).or_default() += u(&w["args"], "bytes");
                if u(&w["args"], "objects") > 0 {
                    working.entry(gc).or_default().insert(u(w, "tid"));
                }
            }
        }
        assert!(
            !copied.is_empty(),
            "{}: some pause copied in parallel",
            x.label
        );
        let pauses = pauses(x);
        for (gc, bytes) in &copied {
            let moved = u(&pauses[gc]["args"], "moved_bytes");
            assert_eq!(*bytes, moved, "{}: GC {gc}", x.label);
            assert!(
                moved == 0 || !working[gc].is_empty(),
                "{}: GC {gc}",
                x.label
            );
        }
    }
}

#[test]
fn the_requesting_thread_reaches_the_safepoint_at_the_request() {
    for x in exports() {
        let to = thread_slices(x, |gc| format!("to safepoint (GC {gc})"));
        let mut requested = 0;
        for (gc, s) in safepoints(x) {
            let requester = s["args"]["requester"]
                .as_u64()
                .unwrap_or_else(|| panic!("{}: GC {gc} was asked for by a Java thread", x.label));
            let t = to[&(gc, requester + 2)];
            assert_eq!(u(t, "dur"), 0, "{}: {t}", x.label);
            requested += 1;
        }
        assert!(requested > 0, "{}", x.label);
    }
}

#[test]
fn a_pause_a_collector_controller_asks_for_names_no_requesting_thread() {
    let x = record_and_export(
        "periodic",
        &["--gc", "semispace", "-Xmx64m", "--periodic-gc", "20"],
        "GCBench.java",
        // Size 2 lasts about one period, so a loaded machine sometimes saw no periodic
        // collection; size 4 gives about four.
        "4",
    );
    let pauses = pauses(&x);
    let periodic: Vec<u64> = pauses
        .iter()
        .filter(|(_, p)| p["args"]["cause"] == "Periodic Collection")
        .map(|(gc, _)| *gc)
        .collect();
    assert!(
        !periodic.is_empty(),
        "--periodic-gc 20 collects during GCBench"
    );
    let safepoints = safepoints(&x);
    for gc in periodic {
        let s = safepoints[&gc];
        assert!(s["args"]["requester"].is_null(), "GC {gc}: {s}");
    }
}
