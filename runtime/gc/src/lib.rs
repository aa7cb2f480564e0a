//! gcvm's heap: the object model, the heap reservation, the collectors behind one interface, and
//! the heap verifier.
//!
//! Structure (after mmtk-core): *policy* — how one space manages memory (a copying half, a
//! compacting space) — lives with each collector; the *plan* — which spaces exist and what a
//! collection does — is a `Collector`; the *allocator* — TLAB bump allocation — is in gcvm-tlab.
//! The VM-facing side is one type, `Heap`, which the interpreter uses without ever naming a
//! concrete collector.

pub mod collector;
pub mod markcompact;
pub mod memory;
pub mod object;
pub mod semispace;
pub mod verify;
pub mod workers;

pub use collector::{
    BarrierKind, Collector, CollectorContext, GcCause, GcOutcome, HeapConfig, RootSource,
    SpaceInfo, SpaceKind,
};
pub use gcvm_tracer::{GcEventSink, GcKind, NoEvents, SpaceDesc, TraceSpaceKind};
pub use memory::HeapMemory;
pub use object::{ElemKind, Ref, Shape, TypeInfo, TypeRegistry};

use gcvm_tlab::{SlowPath, Tlab};
use parking_lot::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The collectors `--gc` can select, in the order `--help` lists them.
pub const COLLECTOR_NAMES: &[&str] = &["semispace", "mark-compact"];

/// Builds the collector called `name` over a fresh reservation; returns it with its memory.
pub fn create_collector(
    name: &str,
    config: HeapConfig,
    types: Arc<TypeRegistry>,
) -> Result<(Box<dyn Collector>, Arc<HeapMemory>), String> {
    match name {
        "semispace" => {
            let memory = Arc::new(HeapMemory::reserve(semispace::SemiSpace::reservation_for(
                config.max_size,
            ))?);
            let ctx = CollectorContext {
                memory: memory.clone(),
                types,
                config,
            };
            Ok((Box::new(semispace::SemiSpace::new(ctx)?), memory))
        }
        "mark-compact" => {
            let memory = Arc::new(HeapMemory::reserve(
                markcompact::MarkCompact::reservation_for(config.max_size),
            )?);
            let ctx = CollectorContext {
                memory: memory.clone(),
                types,
                config,
            };
            Ok((Box::new(markcompact::MarkCompact::new(ctx)?), memory))
        }
        other => Err(format!(
            "unknown collector '{other}' (available: {})",
            COLLECTOR_NAMES.join(", ")
        )),
    }
}

/// The trace's description of `spaces` (their committed extent, `[start, end)`).
pub fn trace_spaces(spaces: &[SpaceInfo]) -> Vec<SpaceDesc> {
    spaces
        .iter()
        .map(|s| SpaceDesc {
            id: s.id,
            kind: trace_space_kind(s.kind),
            start: s.start as u64,
            end: s.end as u64,
            name: s.name.clone(),
        })
        .collect()
}

/// What the trace calls a space of kind `kind`.
pub fn trace_space_kind(kind: SpaceKind) -> TraceSpaceKind {
    match kind {
        SpaceKind::SemiFrom => TraceSpaceKind::SemiFrom,
        SpaceKind::SemiTo => TraceSpaceKind::SemiTo,
        SpaceKind::Eden => TraceSpaceKind::Eden,
        SpaceKind::Survivor => TraceSpaceKind::Survivor,
        SpaceKind::Old => TraceSpaceKind::Old,
        SpaceKind::Humongous => TraceSpaceKind::Humongous,
        SpaceKind::Free => TraceSpaceKind::Free,
    }
}

/// One collection as the GC log and statistics see it.
#[derive(Clone, Debug)]
pub struct GcRecord {
    pub id: u32,
    pub cause: GcCause,
    pub outcome: GcOutcome,
    pub pause: Duration,
    /// Time from the safepoint request until every mutator had stopped.
    pub time_to_safepoint: Duration,
    /// Seconds since the VM started, at the start of the pause.
    pub uptime: f64,
}

impl GcRecord {
    /// The record in HotSpot's unified-logging shape (`-Xlog:gc`).
    pub fn log_line(&self, collector: &str) -> String {
        let kind = match self.outcome.kind {
            GcKind::Minor => "Pause Young",
            GcKind::Major => "Pause Full",
        };
        format!(
            "[{:.3}s][info][gc] GC({}) {} ({}) {}M->{}M({}M) {:.3}ms (ttsp {:.3}ms, {})",
            self.uptime,
            self.id,
            kind,
            self.cause.label(),
            self.outcome.used_before >> 20,
            self.outcome.used_after >> 20,
            self.outcome.capacity_after >> 20,
            self.pause.as_secs_f64() * 1e3,
            self.time_to_safepoint.as_secs_f64() * 1e3,
            collector,
        )
    }
}

/// The VM-facing heap: one collector, the memory it manages, and the allocation slow paths.
pub struct Heap {
    pub memory: Arc<HeapMemory>,
    pub types: Arc<TypeRegistry>,
    pub barrier: BarrierKind,
    pub config: HeapConfig,
    collector: Mutex<Box<dyn Collector>>,
    collector_name: &'static str,
    gc_count: AtomicU32,
    start: Instant,
    history: Mutex<Vec<GcRecord>>,
}

impl Heap {
    pub fn new(
        collector_name: &str,
        config: HeapConfig,
        types: Arc<TypeRegistry>,
    ) -> Result<Heap, String> {
        let (collector, memory) = create_collector(collector_name, config.clone(), types.clone())?;
        Ok(Heap {
            barrier: collector.barrier(),
            collector_name: collector.name(),
            memory,
            types,
            config,
            collector: Mutex::new(collector),
            gc_count: AtomicU32::new(0),
            start: Instant::now(),
            history: Mutex::new(Vec::new()),
        })
    }

    pub fn collector_name(&self) -> &'static str {
        self.collector_name
    }

    /// The allocation slow path for `size` bytes that did not fit in `tlab`: refills the TLAB or
    /// allocates outside it. Returns zeroed memory, or None when a collection is needed.
    pub fn alloc_slow(&self, tlab: &mut Tlab, size: usize) -> Option<usize> {
        match tlab.slow_path(size) {
            SlowPath::AllocateOutside => self.alloc_outside_tlab(size),
            SlowPath::Refill { size: desired } => {
                let min = size + gcvm_tlab::FILLER_RESERVE;
                let (start, end) = {
                    let mut collector = self.collector.lock();
                    if let Some((from, to)) = tlab.retire(false) {
                        self.memory.fill_gap(from, to);
                    }
                    collector.alloc_tlab(min, desired.max(min))?
                };
                self.memory.zero(start, end - start);
                tlab.install(start, end);
                tlab.alloc(size)
            }
        }
    }

    /// Allocates zeroed memory for one object outside any TLAB, or None.
    pub fn alloc_outside_tlab(&self, size: usize) -> Option<usize> {
        let at = self.collector.lock().alloc_outside_tlab(size)?;
        self.memory.zero(at, size);
        Some(at)
    }

    /// Retires a TLAB (for a collection or a thread's exit), filling its unused tail.
    pub fn retire_tlab(&self, tlab: &mut Tlab, for_gc: bool) {
        if let Some((from, to)) = tlab.retire(for_gc) {
            self.memory.fill_gap(from, to);
        }
    }

    /// Runs one collection. Every mutator must be stopped with its TLAB retired.
    /// With `verify`, the heap is verified before and after; a failure is returned as Err.
    pub fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
        verify: bool,
        time_to_safepoint: Duration,
    ) -> Result<GcRecord, String> {
        let mut collector = self.collector.lock();
        let id = self.gc_count.fetch_add(1, Ordering::Relaxed);
        if verify {
            self.verify_locked(&**collector, roots)
                .map_err(|e| format!("before GC({id}): {e}"))?;
        }
        let started = Instant::now();
        let uptime = (started - self.start).as_secs_f64();
        events.gc_start(id, GcKind::Major, cause.label());
        let outcome = collector.collect(cause, roots, events);
        // The spaces as the collection left them (roles swapped, bounds grown), before GC end.
        // No collected-space event: today's collectors collect the whole heap.
        events.sync_spaces(&trace_spaces(&collector.spaces()));
        events.gc_end(id);
        let pause = started.elapsed() + time_to_safepoint;
        if verify {
            self.verify_locked(&**collector, roots)
                .map_err(|e| format!("after GC({id}): {e}"))?;
        }
        let record = GcRecord {
            id,
            cause,
            outcome,
            pause,
            time_to_safepoint,
            uptime,
        };
        self.history.lock().push(record.clone());
        Ok(record)
    }

    /// After a collection that did not make room for `wanted` bytes: lets the collector grow.
    pub fn grow_for(&self, wanted: usize) -> bool {
        self.collector.lock().grow_for(wanted)
    }

    fn verify_locked(
        &self,
        collector: &dyn Collector,
        roots: &mut dyn RootSource,
    ) -> Result<verify::VerifyReport, String> {
        verify::verify_heap(
            &self.memory,
            &self.types,
            &collector.parseable_ranges(),
            roots,
        )
    }

    /// Verifies the heap now (every TLAB must be retired).
    pub fn verify(&self, roots: &mut dyn RootSource) -> Result<verify::VerifyReport, String> {
        let collector = self.collector.lock();
        self.verify_locked(&**collector, roots)
    }

    /// Calls `f` for every object in the heap, in address order (every TLAB must be retired).
    pub fn for_each_object(&self, mut f: impl FnMut(Ref)) {
        let ranges = self.collector.lock().parseable_ranges();
        for (start, top) in ranges {
            let mut at = start;
            while at < top {
                let obj = Ref::from_offset(at);
                let size = self.memory.object_size(&self.types, obj);
                if self.memory.type_id(obj) != object::FILLER_TYPE {
                    f(obj);
                }
                at += size;
            }
        }
    }

    pub fn gc_count(&self) -> u32 {
        self.gc_count.load(Ordering::Relaxed)
    }
    pub fn used(&self) -> usize {
        self.collector.lock().used()
    }
    pub fn capacity(&self) -> usize {
        self.collector.lock().capacity()
    }
    pub fn max_capacity(&self) -> usize {
        self.collector.lock().max_capacity()
    }
    pub fn tlab_capacity(&self) -> usize {
        self.collector.lock().tlab_capacity()
    }
    pub fn spaces(&self) -> Vec<SpaceInfo> {
        self.collector.lock().spaces()
    }
    /// The spaces as the trace describes them.
    pub fn trace_spaces(&self) -> Vec<SpaceDesc> {
        trace_spaces(&self.spaces())
    }
    pub fn history(&self) -> Vec<GcRecord> {
        self.history.lock().clone()
    }
}
