//! Chrome trace-event JSON (the format Perfetto's UI and chrome://tracing open) of a trace's
//! collections, on one process with these tracks:
//!
//! - **VM** (tid 1): per safepoint a "safepoint for GC N" slice from the request to the moment
//!   every thread had stopped (the time to safepoint; args: requesting thread, threads stopped),
//!   then each pause as a slice (name: id, kind and cause; args: heap before and after,
//!   collected, moved, kept, dead).
//! - **each mutator thread** (tid = thread id + 2, named from its thread-alive event), for every
//!   pause it was alive at: "to safepoint (GC N)" from the request to its own arrival, then
//!   "stopped for GC N" from its arrival (the pause's start when the trace has no safepoint
//!   event for it: a follow-up pause in the same safepoint, or an older trace) to the pause's end.
//! - **each GC worker** (tid = `WORKER_TID_BASE` + worker): a slice per parallel phase it worked
//!   in ("copy", "evacuate", "mark", "compact"; args: GC id, objects, bytes, steals).
//! - counter tracks of live bytes — the whole heap and each space — at every pause's start and end.
//! - with `--activity` (docs/trace-format.md, Activity and Thread State events): **each mutator
//!   thread's states** on a track of its own (tid = `STATE_TID_BASE` + thread id, named `id
//!   name: states`), a slice per Thread State span named by its state ("running", "blocked",
//!   "waiting", "sleeping", "safepoint", "gc", "native"); and per thread two counter tracks,
//!   "bytecodes per interval (id name)" and "allocated bytes per interval (id name)": at each
//!   interval's start the interval's sums (every Activity event of the thread for it added up),
//!   back to 0 where the next interval does not start at this one's end.
//!
//! Times are the trace's clock: microseconds since the trace start (`ts`, `dur`).

use crate::analysis::activity::{records_activity, ActivityTrace, ThreadInterval};
use crate::analysis::lifecycle::Lifecycle;
use crate::reader::{is_gc_thread, Event, TraceError, TraceReader, WorkerPhase};
use crate::render::{arr, Obj};
use gcvm_tracer::format::GLOBAL_THREAD;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const PID: u32 = 1;
/// The VM's track: safepoints and pauses.
const VM_TID: u64 = 1;

fn counter(name: &str, ts: u64, series: &[(&str, u64)]) -> String {
    let mut args = Obj::new();
    for (k, v) in series {
        args = args.num(k, v);
    }
    Obj::new()
        .str("name", name)
        .str("ph", "C")
        .num("ts", ts)
        .num("pid", PID)
        .raw("args", args.build())
        .build()
}

fn metadata(name: &str, tid: u64, value: &str) -> String {
    Obj::new()
        .str("name", name)
        .str("ph", "M")
        .num("pid", PID)
        .num("tid", tid)
        .raw("args", Obj::new().str("name", value).build())
        .build()
}

/// What the trace says about one pause beyond its GC start and end.
#[derive(Default)]
pub(crate) struct PauseTimes {
    /// Mutator threads alive at the pause's start: (thread id, name).
    pub threads: Vec<(u32, String)>,
    /// (requesting thread, requested µs, all arrived µs), when the trace records the safepoint.
    pub safepoint: Option<(Option<u32>, u64, u64)>,
    /// Thread id -> arrival at the safepoint, µs.
    pub arrivals: BTreeMap<u32, u64>,
    /// The GC workers' phases, in the order recorded.
    pub workers: Vec<WorkerPhase>,
}

/// Reads the threads, safepoints and worker phases of every pause: gc id -> times.
pub(crate) fn pause_times(path: &Path) -> Result<BTreeMap<u32, PauseTimes>, TraceError> {
    let mut reader = TraceReader::open(path)?;
    let mut alive: BTreeMap<u32, String> = BTreeMap::new();
    let mut at: BTreeMap<u32, PauseTimes> = BTreeMap::new();
    // Arrivals follow their Safepoint event; worker phases lie between GC start and GC end.
    let (mut safepoint_gc, mut current_gc) = (None, None);
    while let Some((thread, ev)) = reader.next_event()? {
        let mutator = !is_gc_thread(thread) && thread != GLOBAL_THREAD;
        match ev {
            Event::ThreadAlive { name } if mutator => {
                alive.insert(thread, name);
            }
            Event::ThreadDeath if mutator => {
                alive.remove(&thread);
            }
            Event::Safepoint {
                gc_id,
                requester,
                requested_us,
                all_arrived_us,
            } => {
                at.entry(gc_id).or_default().safepoint =
                    Some((requester, requested_us, all_arrived_us));
                safepoint_gc = Some(gc_id);
            }
            Event::SafepointArrival { thread, arrived_us } => {
                if let Some(gc) = safepoint_gc {
                    at.entry(gc)
                        .or_default()
                        .arrivals
                        .insert(thread, arrived_us);
                }
            }
            Event::GcStart { gc_id, .. } => {
                at.entry(gc_id).or_default().threads =
                    alive.iter().map(|(&t, n)| (t, n.clone())).collect();
                current_gc = Some(gc_id);
            }
            Event::GcWorker(w) => {
                if let Some(gc) = current_gc {
                    at.entry(gc).or_default().workers.push(*w);
                }
            }
            Event::GcEnd { .. } => current_gc = None,
            _ => {}
        }
    }
    Ok(at)
}

/// Thread ids of the export: the VM track is 1, mutator thread T is T + 2, GC worker W is
/// `WORKER_TID_BASE` + W (above any mutator's: trace thread ids of mutators are below
/// `GC_THREAD_BASE`).
fn mutator_tid(thread: u32) -> u64 {
    thread as u64 + 2
}

/// The first GC worker's track id: within 32 bits (trace viewers read tids as such), above
/// any mutator thread id a run reaches (Java thread ids count up from 1).
pub const WORKER_TID_BASE: u64 = 1_000_000_000;

fn worker_tid(worker: u32) -> u64 {
    WORKER_TID_BASE + worker as u64
}

/// The first thread-state track's id: mutator thread T's states are on `STATE_TID_BASE` + T,
/// above the GC workers' tracks and within 31 bits.
pub const STATE_TID_BASE: u64 = 1_500_000_000;

fn state_tid(thread: u32) -> u64 {
    STATE_TID_BASE + thread as u64
}

/// The thread-state tracks and the activity counters of a trace recorded with `--activity`.
fn activity_events(a: &ActivityTrace, out: &mut Vec<String>) {
    let mut named = BTreeSet::new();
    for s in &a.states {
        if named.insert(s.thread) {
            let label = format!("{}: states", thread_name(a, s.thread));
            out.push(metadata("thread_name", state_tid(s.thread), &label));
        }
        out.push(slice(
            s.state.name(),
            "thread-state",
            s.start_us,
            s.end_us - s.start_us,
            state_tid(s.thread),
            None,
        ));
    }
    activity_counters(a, out);
}

/// `id name`, as the mutator tracks are named.
fn thread_name(a: &ActivityTrace, thread: u32) -> String {
    match a.names.get(&thread) {
        Some(n) => format!("{thread} {n}"),
        None => thread.to_string(),
    }
}

/// Per thread, "bytecodes per interval" and "allocated bytes per interval" counters: the
/// interval's sums at its start, 0 after an interval the next does not continue.
fn activity_counters(a: &ActivityTrace, out: &mut Vec<String>) {
    let mut per_thread: BTreeMap<u32, Vec<&ThreadInterval>> = BTreeMap::new();
    for iv in &a.intervals {
        per_thread.entry(iv.thread).or_default().push(iv);
    }
    for (thread, mut ivs) in per_thread {
        ivs.sort_by_key(|iv| (iv.start_us, iv.end_us));
        let label = thread_name(a, thread);
        let bytecodes = format!("bytecodes per interval ({label})");
        let bytes = format!("allocated bytes per interval ({label})");
        for (i, iv) in ivs.iter().enumerate() {
            out.push(counter(
                &bytecodes,
                iv.start_us,
                &[("bytecodes", iv.bytecodes())],
            ));
            out.push(counter(&bytes, iv.start_us, &[("bytes", iv.bytes())]));
            let continued = ivs.get(i + 1).is_some_and(|n| n.start_us <= iv.end_us);
            if !continued {
                out.push(counter(&bytecodes, iv.end_us, &[("bytecodes", 0)]));
                out.push(counter(&bytes, iv.end_us, &[("bytes", 0)]));
            }
        }
    }
}

/// A complete slice (`ph` X) on track `tid`.
fn slice(name: &str, cat: &str, ts: u64, dur: u64, tid: u64, args: Option<Obj>) -> String {
    let mut o = Obj::new()
        .str("name", name)
        .str("cat", cat)
        .str("ph", "X")
        .num("ts", ts)
        .num("dur", dur)
        .num("pid", PID)
        .num("tid", tid);
    if let Some(args) = args {
        o = o.raw("args", args.build());
    }
    o.build()
}

/// The slices of one pause's safepoint and stopped threads: the VM's "safepoint" slice, and
/// per mutator thread its "to safepoint" and "stopped" slices.
fn safepoint_slices(gc: u32, pause: (u64, u64), t: &PauseTimes, out: &mut Vec<String>) {
    let (start, end) = pause;
    if let Some((requester, requested, arrived)) = t.safepoint {
        let args = Obj::new()
            .num("gc", gc)
            .opt("requester", requester)
            .num("threads", t.arrivals.len())
            .num("time_to_safepoint_us", arrived - requested);
        out.push(slice(
            &format!("safepoint for GC {gc}"),
            "safepoint",
            requested,
            arrived - requested,
            VM_TID,
            Some(args),
        ));
    }
    for (thread, _) in &t.threads {
        let tid = mutator_tid(*thread);
        let arrival = match (t.safepoint, t.arrivals.get(thread)) {
            (Some((_, requested, _)), Some(&arrived)) => {
                out.push(slice(
                    &format!("to safepoint (GC {gc})"),
                    "safepoint",
                    requested,
                    arrived.saturating_sub(requested),
                    tid,
                    None,
                ));
                arrived
            }
            _ => start,
        };
        out.push(slice(
            &format!("stopped for GC {gc}"),
            "safepoint",
            arrival,
            end.saturating_sub(arrival),
            tid,
            None,
        ));
    }
}

/// One slice per GC worker per phase of the pause, on the worker's track.
fn worker_slices(gc: u32, t: &PauseTimes, out: &mut Vec<String>) {
    for w in &t.workers {
        let args = Obj::new()
            .num("gc", gc)
            .num("objects", w.objects)
            .num("bytes", w.bytes)
            .num("steals", w.steals);
        out.push(slice(
            &w.phase,
            "gc-worker",
            w.start_us,
            w.end_us - w.start_us,
            worker_tid(w.worker),
            Some(args),
        ));
    }
}

/// The trace-event JSON of the trace at `path`.
pub fn trace_events(path: impl AsRef<Path>) -> Result<String, TraceError> {
    let path = path.as_ref();
    let l = Lifecycle::read(path)?;
    let times = pause_times(path)?;
    let mut ev = vec![
        metadata(
            "process_name",
            0,
            &format!("gcvm {} {}", l.header.collector, l.header.program),
        ),
        metadata("thread_name", VM_TID, "VM: safepoints and GC pauses"),
    ];
    let (mut named, mut named_workers) = (BTreeSet::new(), BTreeSet::new());
    let none = PauseTimes::default();
    for g in &l.gcs {
        let pause = g.pause_us.unwrap_or(0);
        let end = g.start_us + pause;
        let t = times.get(&g.id).unwrap_or(&none);
        for (thread, name) in &t.threads {
            if named.insert(*thread) {
                let label = format!("{thread} {name}");
                ev.push(metadata("thread_name", mutator_tid(*thread), &label));
            }
        }
        for w in &t.workers {
            if named_workers.insert(w.worker) {
                let label = format!("GC worker {}", w.worker);
                ev.push(metadata("thread_name", worker_tid(w.worker), &label));
            }
        }
        safepoint_slices(g.id, (g.start_us, end), t, &mut ev);
        worker_slices(g.id, t, &mut ev);
        ev.push(
            Obj::new()
                .str("name", &format!("GC {} ({}, {})", g.id, g.kind, g.cause))
                .str("cat", "gc")
                .str("ph", "X")
                .num("ts", g.start_us)
                .num("dur", pause)
                .num("pid", PID)
                .num("tid", VM_TID)
                .raw(
                    "args",
                    Obj::new()
                        .num("gc", g.id)
                        .str("kind", g.kind)
                        .str("cause", &g.cause)
                        .num("before_bytes", g.before_bytes)
                        .num("after_bytes", g.after_bytes)
                        .num("collected_bytes", g.collected_bytes)
                        .num("moved_bytes", g.moved_bytes)
                        .num("kept_bytes", g.kept_bytes)
                        .num("dead_bytes", g.dead_bytes)
                        .build(),
                )
                .build(),
        );
        ev.push(counter(
            "heap live bytes",
            g.start_us,
            &[("live", g.before_bytes)],
        ));
        ev.push(counter("heap live bytes", end, &[("live", g.after_bytes)]));
        let spaces = |m: &std::collections::BTreeMap<String, u64>| -> Vec<(String, u64)> {
            m.iter().map(|(k, v)| (k.clone(), *v)).collect()
        };
        for (ts, m) in [(g.start_us, &g.spaces_before), (end, &g.spaces_after)] {
            let s = spaces(m);
            let refs: Vec<(&str, u64)> = s.iter().map(|(k, v)| (k.as_str(), *v)).collect();
            ev.push(counter("live bytes per space", ts, &refs));
        }
    }
    if records_activity(&l.header) {
        activity_events(&ActivityTrace::read(path)?, &mut ev);
    }
    Ok(Obj::new()
        .raw("traceEvents", arr(ev))
        .str("displayTimeUnit", "ms")
        .build()
        + "\n")
}
