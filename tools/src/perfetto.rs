//! Chrome trace-event JSON (the format Perfetto's UI and chrome://tracing open) of a trace's
//! collections: each pause as a slice on a "GC pauses" track (name: id, kind and cause; args:
//! heap before and after, collected, moved, kept, dead), and counter tracks of live bytes — the
//! whole heap and each space — at every pause's start and end.
//!
//! Each mutator thread alive at a pause gets a "stopped for GC N" slice on its own track (threads
//! are named from their thread-alive events): the world is stopped for the whole pause.
//!
//! The trace times only the pauses (GC start and end events); it does not record GC worker
//! activity, safepoint requests or per-thread time to safepoint, so the export has none of them.

use crate::analyses::Lifecycle;
use crate::reader::{is_gc_thread, Event, TraceError, TraceReader};
use crate::render::{arr, Obj};
use gcvm_tracer::format::GLOBAL_THREAD;
use std::collections::BTreeMap;
use std::path::Path;

const PID: u32 = 1;
const GC_TID: u32 = 1;

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

fn metadata(name: &str, tid: u32, value: &str) -> String {
    Obj::new()
        .str("name", name)
        .str("ph", "M")
        .num("pid", PID)
        .num("tid", tid)
        .raw("args", Obj::new().str("name", value).build())
        .build()
}

/// Mutator threads alive at each pause: gc id -> (thread id, name).
fn threads_at_pauses(path: &Path) -> Result<BTreeMap<u32, Vec<(u32, String)>>, TraceError> {
    let mut reader = TraceReader::open(path)?;
    let mut alive: BTreeMap<u32, String> = BTreeMap::new();
    let mut at = BTreeMap::new();
    while let Some((thread, ev)) = reader.next_event()? {
        let mutator = !is_gc_thread(thread) && thread != GLOBAL_THREAD;
        match ev {
            Event::ThreadAlive { name } if mutator => {
                alive.insert(thread, name);
            }
            Event::ThreadDeath if mutator => {
                alive.remove(&thread);
            }
            Event::GcStart { gc_id, .. } => {
                at.insert(gc_id, alive.iter().map(|(&t, n)| (t, n.clone())).collect());
            }
            _ => {}
        }
    }
    Ok(at)
}

/// Thread ids of the export: the GC track is 1, mutator thread T is T + 2.
fn mutator_tid(thread: u32) -> u32 {
    thread.saturating_add(2)
}

/// The trace-event JSON of the trace at `path`.
pub fn trace_events(path: impl AsRef<Path>) -> Result<String, TraceError> {
    let path = path.as_ref();
    let l = Lifecycle::read(path)?;
    let stopped = threads_at_pauses(path)?;
    let mut ev = vec![
        metadata(
            "process_name",
            0,
            &format!("gcvm {} {}", l.header.collector, l.header.program),
        ),
        metadata("thread_name", GC_TID, "GC pauses"),
    ];
    let mut named = std::collections::BTreeSet::new();
    for g in &l.gcs {
        let pause = g.pause_us.unwrap_or(0);
        let end = g.start_us + pause;
        for (t, name) in stopped.get(&g.id).into_iter().flatten() {
            if named.insert(*t) {
                ev.push(metadata(
                    "thread_name",
                    mutator_tid(*t),
                    &format!("{t} {name}"),
                ));
            }
            ev.push(
                Obj::new()
                    .str("name", &format!("stopped for GC {}", g.id))
                    .str("cat", "safepoint")
                    .str("ph", "X")
                    .num("ts", g.start_us)
                    .num("dur", pause)
                    .num("pid", PID)
                    .num("tid", mutator_tid(*t))
                    .build(),
            );
        }
        ev.push(
            Obj::new()
                .str("name", &format!("GC {} ({}, {})", g.id, g.kind, g.cause))
                .str("cat", "gc")
                .str("ph", "X")
                .num("ts", g.start_us)
                .num("dur", pause)
                .num("pid", PID)
                .num("tid", GC_TID)
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
    Ok(Obj::new()
        .raw("traceEvents", arr(ev))
        .str("displayTimeUnit", "ms")
        .build()
        + "\n")
}
