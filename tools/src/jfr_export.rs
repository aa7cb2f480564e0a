//! `gcvm export TRACE --jfr OUT.jfr`: a JDK Flight Recorder recording made from a trace, with
//! the events `gcvm run --jfr` records where the trace holds what they need (docs/jfr.md):
//!
//! - per collection: `jdk.GarbageCollection`, the young/old/G1 event of its kind,
//!   `jdk.GCPhasePause`, `jdk.GCPhasePauseLevel1` per parallel phase (the GC-worker events),
//!   `jdk.GCHeapSummary` before and after (live bytes), `jdk.GCReferenceStatistics`;
//! - per safepoint: `jdk.SafepointBegin`/`End` and each thread's `gcvm.TimeToSafepoint`;
//! - per thread: `jdk.ThreadStart`/`End`; per TLAB, `jdk.ObjectAllocationInNewTLAB` (the object
//!   that took it, found in the rebuilt heap at the TLAB's start), per object outside a TLAB
//!   `jdk.ObjectAllocationOutsideTLAB`. These have no stack trace: the trace names an
//!   allocation site by class, method and bytecode index, but a JFR frame needs the method's
//!   descriptor too (`gcvm stats` lists the sites).
//!
//! The trace times collections, not mutator events: a mutator event is dated at the start of
//! the next collection (its chunk was flushed then; it happened after the previous one ended),
//! or at the end of the trace. Execution samples, monitor waits, sleeps and concurrent phases
//! are not in a trace: only a live recording has them.

use crate::analysis::lifecycle::Lifecycle;
use crate::heap::HeapModel;
use crate::perfetto::{pause_times, PauseTimes};
use crate::reader::{is_gc_thread, Event, EventVisitor, Symbols, TraceError, TraceReader, Visit};
use gcvm_tracer::format::GLOBAL_THREAD;
use gcvm_tracer::jfr::events::{Configuration, Pause, Safepoint};
use gcvm_tracer::jfr::{JfrWriter, ThreadInfo, Ticks};
use gcvm_tracer::GcKind;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// A mutator event waiting for its date (the next collection's start).
enum Pending {
    ThreadStart(ThreadInfo),
    ThreadEnd(ThreadInfo),
    /// A new TLAB at `start`: the object allocated there took it.
    Tlab {
        thread: u32,
        start: u64,
        size: u64,
    },
    Outside {
        thread: u32,
        type_id: u32,
        size: u64,
    },
}

/// What the mutators and the collections' reference processing did, from one pass.
struct MutatorPass {
    model: HeapModel,
    names: HashMap<u32, String>,
    /// Mutator events in trace order, each with the index of the collection it precedes (past
    /// the last one: it came after every collection).
    pending: Vec<(usize, Pending)>,
    /// A TLAB's first object (type, size), found once it is allocated.
    tlab_objects: HashMap<(u32, u64), (u32, u64)>,
    /// References discovered per collection.
    references: BTreeMap<u32, [u64; 4]>,
    current_gc: Option<u32>,
    /// The TLAB each thread took last, not yet looked up.
    open_tlabs: HashMap<u32, u64>,
}

impl MutatorPass {
    /// The object at the start of `thread`'s newest TLAB (its first object, allocated by now).
    fn close_tlab(&mut self, thread: u32) {
        if let Some(start) = self.open_tlabs.remove(&thread) {
            if let Some((d, _)) = self.model.object_at(start) {
                self.tlab_objects
                    .insert((thread, start), (d.type_id, d.size()));
            }
        }
    }
}

impl MutatorPass {
    /// `thread` took a new TLAB (or run of cells) before collection `before`.
    fn new_tlab(&mut self, before: usize, thread: u32, start: u64, size: u64) {
        self.close_tlab(thread);
        self.open_tlabs.insert(thread, start);
        self.pending.push((
            before,
            Pending::Tlab {
                thread,
                start,
                size,
            },
        ));
    }
}

impl EventVisitor for MutatorPass {
    fn alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> Result<(), String> {
        self.model.apply_alloc(thread, site, array_len)?;
        self.close_tlab(thread);
        Ok(())
    }
    fn move_fast(&mut self, thread: u32, from: u64) -> Result<(), String> {
        self.model.apply_move_fast(thread, from)
    }
    fn event(&mut self, thread: u32, ev: &Event, _: &Symbols, _: u64) -> Result<Visit, String> {
        self.model.apply(thread, ev)?;
        let mutator = !is_gc_thread(thread) && thread != GLOBAL_THREAD;
        // The collection the event precedes: the one after those started so far.
        let before = self.model.gcs.len();
        match ev {
            Event::AllocTyped { .. } | Event::AllocCell { .. } if mutator => {
                self.close_tlab(thread)
            }
            Event::ThreadAlive { name } if mutator => {
                self.names.insert(thread, name.clone());
                let info = ThreadInfo {
                    java_id: thread as u64,
                    name: name.clone(),
                };
                self.pending.push((before, Pending::ThreadStart(info)));
            }
            Event::ThreadDeath if mutator => {
                let name = self.names.get(&thread).cloned().unwrap_or_default();
                let info = ThreadInfo {
                    java_id: thread as u64,
                    name,
                };
                self.pending.push((before, Pending::ThreadEnd(info)));
            }
            Event::Tlab { start, size } if mutator => self.new_tlab(before, thread, *start, *size),
            // A run of free cells is a free-list allocator's TLAB: the object that took it is
            // an allocation in a new TLAB of the run's size.
            Event::Cells { start, cell, count } if mutator => {
                self.new_tlab(before, thread, *start, cell * count)
            }
            // A map of free cells, its first one at an address: a TLAB of its free cells.
            Event::CellsMap {
                start: Some(start),
                cell,
                free,
                ..
            } if mutator => self.new_tlab(before, thread, *start, cell * free.count_ones() as u64),
            Event::AllocOutside { type_id, size, .. } if mutator => {
                let outside = Pending::Outside {
                    thread,
                    type_id: *type_id,
                    size: *size,
                };
                self.pending.push((before, outside));
            }
            Event::GcStart { gc_id, .. } => {
                let threads: Vec<u32> = self.open_tlabs.keys().copied().collect();
                for t in threads {
                    self.close_tlab(t);
                }
                self.current_gc = Some(*gc_id);
            }
            Event::References { discovered, .. } => {
                if let Some(gc) = self.current_gc {
                    self.references.insert(gc, *discovered);
                }
            }
            Event::GcEnd { .. } => self.current_gc = None,
            _ => {}
        }
        Ok(Visit::Go)
    }
}

fn ticks(us: u64) -> Ticks {
    us as Ticks * 1000
}

fn kind_of(label: &str) -> GcKind {
    match label {
        "minor" => GcKind::Minor,
        "marking" => GcKind::Marking,
        _ => GcKind::Major,
    }
}

/// Parallel phases of one pause from its GC-worker events: name, first start, last end.
fn phases(t: &PauseTimes) -> Vec<(String, Ticks, Ticks)> {
    let mut out: Vec<(String, Ticks, Ticks)> = Vec::new();
    for w in &t.workers {
        let (s, e) = (ticks(w.start_us), ticks(w.end_us));
        match out.iter_mut().find(|(name, _, _)| *name == w.phase) {
            Some(p) => {
                p.1 = p.1.min(s);
                p.2 = p.2.max(e);
            }
            None => out.push((w.phase.clone(), s, e)),
        }
    }
    out
}

/// Writes the JFR recording of the trace at `path` to `out`; returns a one-line summary.
pub fn export_jfr(path: &Path, out: &Path) -> Result<String, TraceError> {
    let l = Lifecycle::read(path)?;
    let times = pause_times(path)?;
    let mut reader = TraceReader::open(path)?;
    let mut pass = MutatorPass {
        model: HeapModel::for_trace(reader.header()),
        names: HashMap::new(),
        pending: Vec::new(),
        tlab_objects: HashMap::new(),
        references: BTreeMap::new(),
        current_gc: None,
        open_tlabs: HashMap::new(),
    };
    reader.visit_events(&mut pass)?;
    let threads: Vec<u32> = pass.open_tlabs.keys().copied().collect();
    for t in threads {
        pass.close_tlab(t);
    }
    let symbols = reader.symbols().clone();
    let h = &l.header;
    let mut w = JfrWriter::new(h.start_unix_ms as i64 * 1_000_000, 0);
    let none = PauseTimes::default();
    let mut safepoints = 0u64;
    let mut end_us = 0u64;
    for g in &l.gcs {
        let t = times.get(&g.id).unwrap_or(&none);
        let pause_us = g.pause_us.unwrap_or(0);
        end_us = end_us.max(g.start_us + pause_us);
        if let Some((_, requested, arrived)) = t.safepoint {
            safepoints += 1;
            let arrivals: Vec<(ThreadInfo, Ticks)> = t
                .threads
                .iter()
                .filter_map(|(id, name)| {
                    let at = t.arrivals.get(id)?;
                    Some((
                        ThreadInfo {
                            java_id: *id as u64,
                            name: name.clone(),
                        },
                        ticks(*at),
                    ))
                })
                .collect();
            w.safepoint(&Safepoint {
                id: safepoints,
                requested: ticks(requested),
                all_arrived: ticks(arrived),
                ended: ticks(g.start_us + pause_us),
                threads: t.threads.len(),
                arrivals: &arrivals,
            });
        }
        let kind = kind_of(g.kind);
        let pause_name = format!("Pause {}", g.cause);
        let phases = phases(t);
        w.pause(&Pause {
            gc_id: g.id,
            collector: &h.collector,
            kind,
            cause: &g.cause,
            pause_name: (kind == GcKind::Marking).then_some(pause_name.as_str()),
            start: ticks(g.start_us),
            duration: ticks(pause_us),
            used_before: g.before_bytes,
            used_after: g.after_bytes,
            committed_before: h.heap_size,
            committed_after: h.heap_size,
            reserved: h.heap_size,
            phases: &phases,
            references: pass.references.get(&g.id).copied(),
        });
    }
    let date = |gc: usize| -> Ticks { ticks(l.gcs.get(gc).map_or(end_us, |g| g.start_us)) };
    for (gc, event) in &pass.pending {
        let at = date(*gc);
        write_mutator_event(&mut w, at, event, &pass, &symbols);
    }
    let workers = times
        .values()
        .flat_map(|t| t.workers.iter().map(|w| w.worker))
        .max();
    w.configuration(
        ticks(end_us),
        &Configuration {
            collector: &h.collector,
            gc_threads: workers.map_or(1, |m| m as usize + 1),
            pause_goal_ms: 0,
            initial_heap: h.heap_size,
            max_heap: h.heap_size,
        },
    );
    let events = w.total_events();
    let bytes = w.finish();
    std::fs::write(out, &bytes)
        .map_err(|e| TraceError::message(format!("cannot write {}: {e}", out.display())))?;
    Ok(format!(
        "{}: JFR recording, {events} events, {} bytes\n",
        out.display(),
        bytes.len()
    ))
}

/// One mutator event, dated `at`.
fn write_mutator_event(
    w: &mut JfrWriter,
    at: Ticks,
    event: &Pending,
    pass: &MutatorPass,
    symbols: &Symbols,
) {
    let thread_info = |id: u32| ThreadInfo {
        java_id: id as u64,
        name: pass.names.get(&id).cloned().unwrap_or_default(),
    };
    match event {
        Pending::ThreadStart(t) => w.thread_start(at, t, None, 0),
        Pending::ThreadEnd(t) => w.thread_end(at, t),
        Pending::Tlab {
            thread,
            start,
            size,
        } => {
            let Some(&(type_id, object)) = pass.tlab_objects.get(&(*thread, *start)) else {
                return;
            };
            let class = symbols.type_name(type_id);
            w.slow_allocation(at, &thread_info(*thread), 0, &class, object, Some(*size));
        }
        Pending::Outside {
            thread,
            type_id,
            size,
        } => {
            let class = symbols.type_name(*type_id);
            w.slow_allocation(at, &thread_info(*thread), 0, &class, *size, None);
        }
    }
}
