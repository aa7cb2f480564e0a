//! gcvm's heap: the object model, the heap reservation, the collectors behind one interface, and
//! the heap verifier.
//!
//! Structure (after mmtk-core): *policy* — how one space manages memory (a copying half, a
//! compacting space) — lives with each collector; the *plan* — which spaces exist and what a
//! collection does — is a `Collector`; the *allocator* — TLAB bump allocation — is in gcvm-tlab.
//! The VM-facing side is one type, `Heap`, which the interpreter uses without ever naming a
//! concrete collector.

pub mod access;
pub mod cms;
pub mod collector;
pub mod deaths;
pub mod kit;
pub mod markcompact;
pub mod memory;
pub mod object;
pub mod pointers;
pub mod region;
pub mod semispace;
pub mod shared;
#[cfg(feature = "testing")]
pub mod testing;
pub mod verify;

pub use collector::{
    Barrier, BarrierFilters, BarrierKind, Collector, CollectorContext, GcCause, GcOutcome,
    HeapConfig, HolderFilter, Mutator, Placement, RootSource, SpaceInfo, SpaceKind, Stw,
    StwCollector, HOLDER_PAGE_SHIFT,
};
pub use gcvm_tracer::{GcEventSink, GcKind, NoEvents, SpaceDesc, TraceSpaceKind};
pub use memory::{HeapMemory, HeapView, StackMemory};
pub use object::{ElemKind, Ref, Shape, TypeInfo, TypeRegistry};
pub use shared::controller::{PauseBody, VmControl};
pub use shared::workers;

use parking_lot::Mutex;
use shared::barrier_check::BarrierCheck;
use shared::controller::Controller;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One entry of the collector registry: how `--gc NAME` builds a collector.
pub struct CollectorEntry {
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// Bytes of address space the collector needs for a heap configured as `config`.
    pub reservation_for: fn(config: &HeapConfig) -> usize,
    /// Builds the collector over its reservation.
    pub build: fn(CollectorContext) -> Result<Box<dyn Collector>, String>,
}

/// Every collector `--gc` can select, in the order `--help` lists them. Adding a collector is
/// adding a row here (and its folder).
pub const COLLECTORS: &[CollectorEntry] = &[
    CollectorEntry {
        name: "semispace",
        summary: "Cheney copying between two halves, parallel with several GC workers",
        reservation_for: |c| semispace::SemiSpace::reservation_for(c.max_size),
        build: |ctx| Ok(Box::new(Stw::new(semispace::SemiSpace::new(ctx)?))),
    },
    CollectorEntry {
        name: "mark-compact",
        summary: "Lisp-2 sliding compaction with a dense prefix and parallel marking",
        reservation_for: |c| markcompact::MarkCompact::reservation_for(c.max_size),
        build: |ctx| Ok(Box::new(Stw::new(markcompact::MarkCompact::new(ctx)?))),
    },
    CollectorEntry {
        name: "concurrent-mark-sweep",
        summary: "non-moving size-class spans, concurrent marking (SATB barrier) and sweeping",
        reservation_for: |c| cms::ConcurrentMarkSweep::reservation_for(c.max_size),
        build: |ctx| Ok(Box::new(cms::ConcurrentMarkSweep::new(ctx)?)),
    },
    CollectorEntry {
        name: "region",
        summary: "G1-like: equal regions, young/mixed evacuation with remembered sets, concurrent marking, a pause goal",
        reservation_for: |c| region::RegionCollector::reservation_for_config(c.max_size, c.region_size),
        build: |ctx| Ok(Box::new(region::RegionCollector::new(ctx)?)),
    },
];

/// The names of every registered collector, in registry order.
pub const COLLECTOR_NAMES: [&str; COLLECTORS.len()] = {
    let mut names = [""; COLLECTORS.len()];
    let mut i = 0;
    while i < COLLECTORS.len() {
        names[i] = COLLECTORS[i].name;
        i += 1;
    }
    names
};

/// Collectors registered at run time, after the built-in ones: the labs' collectors
/// (labs/, the `gcvm-lab` binary), which live outside this crate.
static REGISTERED: std::sync::OnceLock<&'static [CollectorEntry]> = std::sync::OnceLock::new();

/// Adds `entries` to the registry, after the built-in collectors, for `--gc` and every other
/// place that looks collectors up by name. Once per process, before any lookup; an entry may
/// not reuse a built-in name.
pub fn register_collectors(entries: &'static [CollectorEntry]) -> Result<(), String> {
    if let Some(e) = entries.iter().find(|e| COLLECTOR_NAMES.contains(&e.name)) {
        return Err(format!("collector '{}' is built in already", e.name));
    }
    REGISTERED
        .set(entries)
        .map_err(|_| "extra collectors are registered already".to_string())
}

/// Every registry entry: the built-in collectors, then the registered ones.
fn all_entries() -> impl Iterator<Item = &'static CollectorEntry> {
    COLLECTORS
        .iter()
        .chain(REGISTERED.get().copied().unwrap_or_default())
}

/// The names of every collector `--gc` accepts: the built-in ones, then the registered ones.
pub fn collector_names() -> Vec<&'static str> {
    all_entries().map(|c| c.name).collect()
}

/// The registry entry called `name`, or an error listing the valid names.
pub fn collector_entry(name: &str) -> Result<&'static CollectorEntry, String> {
    all_entries().find(|c| c.name == name).ok_or_else(|| {
        format!(
            "unknown collector '{name}' (available: {})",
            collector_names().join(", ")
        )
    })
}

/// Builds the collector called `name` over a fresh reservation; returns it with its memory.
pub fn create_collector(
    name: &str,
    config: HeapConfig,
    types: Arc<TypeRegistry>,
) -> Result<(Box<dyn Collector>, Arc<HeapMemory>), String> {
    let entry = collector_entry(name)?;
    let memory = HeapMemory::reserve((entry.reservation_for)(&config))?;
    if config.huge_pages {
        memory.prefer_huge_pages();
    }
    let memory = Arc::new(memory);
    let ctx = CollectorContext {
        memory: memory.clone(),
        types,
        config,
    };
    Ok(((entry.build)(ctx)?, memory))
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
        SpaceKind::HumongousCont => TraceSpaceKind::HumongousCont,
        SpaceKind::Free => TraceSpaceKind::Free,
    }
}

/// One collection as the GC log and statistics see it.
#[derive(Clone, Debug)]
pub struct GcRecord {
    pub id: u32,
    pub cause: GcCause,
    pub outcome: GcOutcome,
    /// From the safepoint request to the resumption: everything the mutators waited.
    pub pause: Duration,
    /// Time from the safepoint request until every mutator had stopped.
    pub time_to_safepoint: Duration,
    /// Seconds since the VM started, at the start of the pause.
    pub uptime: f64,
    /// Reference processing in this pause, if the collector processed references.
    pub refs: Option<shared::refs::RefStats>,
    /// `--trace-pointers`: what the pause recorded of the object graph, and how long that
    /// took (part of `pause`, after the collection's own work).
    pub pointers: Option<pointers::PauseRecords>,
}

impl GcRecord {
    /// gcvm's `-Xlog:gc*` line for `--trace-pointers`: the graph's records and their time,
    /// apart from the collection's work (a tag of its own, so GC-log parsers pass over it).
    pub fn pointers_line(&self) -> Option<String> {
        let p = self.pointers.as_ref()?;
        Some(format!(
            "[{:.3}s][info][gc,pointers] GC({}) Pointer records: {} objects, {} references, {} roots {:.3}ms",
            self.end_uptime(),
            self.id,
            p.objects,
            p.references,
            p.roots,
            p.time.as_secs_f64() * 1e3,
        ))
    }

    /// The pause without the time to safepoint: what HotSpot's GC log reports, and what a
    /// collector can shorten (the wait for threads to stop is the VM's).
    pub fn gc_time(&self) -> Duration {
        self.pause.saturating_sub(self.time_to_safepoint)
    }

    /// Seconds since the VM started, at the end of the pause: the uptime HotSpot's log lines
    /// for a pause carry (they are printed when it ends).
    pub fn end_uptime(&self) -> f64 {
        self.uptime + self.gc_time().as_secs_f64()
    }

    /// The record in HotSpot's unified-logging shape (`-Xlog:gc`), exactly, for GC-log parsers.
    /// The time is HotSpot's: the pause from the moment every thread had stopped (`gc_time`);
    /// the time to safepoint before it is `safepoint_line`'s.
    pub fn log_line(&self) -> String {
        let pause = match &self.outcome.pause_name {
            Some(name) => name.clone(),
            None => {
                let kind = match self.outcome.kind {
                    GcKind::Minor => "Pause Young",
                    GcKind::Major | GcKind::Marking => "Pause Full",
                };
                format!("{kind} ({})", self.cause.label())
            }
        };
        format!(
            "[{:.3}s][info][gc] GC({}) {pause} {}M->{}M({}M) {:.3}ms",
            self.end_uptime(),
            self.id,
            self.outcome.used_before >> 20,
            self.outcome.used_after >> 20,
            self.outcome.capacity_after >> 20,
            self.gc_time().as_secs_f64() * 1e3,
        )
    }

    /// gcvm's extra line for `-Xlog:gc*`: how long the threads took to stop before the pause
    /// (the whole stop is this plus `log_line`'s time). A tag of its own, so GC-log parsers,
    /// which read `[gc]`, `[gc,start]`, `[gc,heap]` and `[gc,phases]`, pass over it.
    pub fn safepoint_line(&self) -> String {
        format!(
            "[{:.3}s][info][gc,safepoint] GC({}) Time to safepoint {:.3}ms",
            self.end_uptime(),
            self.id,
            self.time_to_safepoint.as_secs_f64() * 1e3,
        )
    }
}

/// The VM's roots plus the pending references (cleared, not yet enqueued by the VM): those are
/// roots too, for every collector (shared/refs.rs).
struct WithPending<'a> {
    roots: &'a mut dyn RootSource,
    refs: &'a shared::refs::References,
}

impl RootSource for WithPending<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        self.roots.visit_roots(visit);
        self.refs.visit_pending(visit);
    }

    fn describe_roots(&mut self, describe: &mut dyn FnMut(Ref, gcvm_tracer::RootKind, u32)) {
        self.roots.describe_roots(describe);
        self.refs.visit_pending(&mut |r| {
            describe(r, gcvm_tracer::RootKind::ReferenceQueue, 0);
            r
        });
    }
}

/// Every root of `roots` with its kind and detail, in address order.
fn described_roots(roots: &mut dyn RootSource) -> Vec<gcvm_tracer::RootRecord> {
    let mut out = Vec::new();
    roots.describe_roots(&mut |r, kind, detail| {
        out.push(gcvm_tracer::RootRecord {
            addr: r.offset() as u64,
            kind,
            detail,
        })
    });
    out.sort_unstable();
    out
}

/// The VM-facing heap: one collector, the memory it manages, the allocation slow paths, the
/// access API (access.rs) and the pause driver.
pub struct Heap {
    pub memory: Arc<HeapMemory>,
    pub types: Arc<TypeRegistry>,
    pub config: HeapConfig,
    /// The barrier mutators run (the collector's, plus post-write under `--verify-barriers`).
    pub(crate) barrier: BarrierKind,
    /// `barrier == BarrierKind::None`: the store fast path's one test.
    pub(crate) barrier_free: bool,
    /// Inline tests before the barrier's calls (none under `--verify-barriers`, which must see
    /// every store).
    pub(crate) barrier_filters: collector::BarrierFilters,
    /// The one filter inlined at every reference store: the collector's, or one that skips
    /// nothing (no filter, `--trace-deaths`, `--verify-barriers`). Covers the whole heap.
    pub(crate) holder_filter: collector::HolderFilter,
    /// The filters tested out of line before the barrier's calls (access.rs); None when a store
    /// must always reach the barriered path.
    pub(crate) store_fast_path: Option<access::StoreFastPath>,
    /// `--trace-deaths` is the only thing a reference store must do besides the write (no
    /// barrier, no pointer tracing, no barrier check): the store path stamps and writes.
    pub(crate) stamp_only: bool,
    collector: Box<dyn Collector>,
    collector_name: &'static str,
    barrier_check: Option<Arc<BarrierCheck>>,
    /// `--trace-deaths` (deaths.rs): None when off.
    deaths: Option<deaths::DeathTracker>,
    /// `--trace-pointers` (pointers.rs): None when off.
    pointers: Option<Arc<pointers::PointerTracker>>,
    gc_count: AtomicU32,
    /// Has any thread allocated through the slow path (a TLAB refill, an object outside any
    /// TLAB, every concurrent mark-sweep allocation) since the last pause? After a pause every
    /// TLAB is empty, so any allocation since went through it. Set once per pause with a
    /// load-then-store, so the allocation path only reads a line no one writes.
    allocated_since_pause: AtomicBool,
    start: Instant,
    history: Mutex<Vec<GcRecord>>,
    controllers: Mutex<Vec<Controller>>,
    overhead: Mutex<Overhead>,
}

/// The GC overhead limit's state: the limit, when the last collection ended, and whether the
/// next collection is a follow-up in the same safepoint (`Heap::follow_up`).
#[derive(Default)]
struct Overhead {
    limit: shared::overhead::OverheadLimit,
    last_end: Option<Instant>,
    follow_up: bool,
}

impl Heap {
    /// The heap of the registered collector called `collector_name`.
    pub fn new(
        collector_name: &str,
        config: HeapConfig,
        types: Arc<TypeRegistry>,
    ) -> Result<Heap, String> {
        let (collector, memory) = create_collector(collector_name, config.clone(), types.clone())?;
        Ok(Heap::with_collector(collector, memory, config, types))
    }

    /// The heap of a collector built by the caller over `memory` (tests, embedders).
    pub fn with_collector(
        collector: Box<dyn Collector>,
        memory: Arc<HeapMemory>,
        config: HeapConfig,
        types: Arc<TypeRegistry>,
    ) -> Heap {
        shared::workers::start_helpers(config.gc_threads);
        let barrier_filters = collector.barrier_filters();
        let holder_filter = match &barrier_filters.holder_filter {
            Some(filter) => {
                assert!(
                    filter.covers(memory.size()),
                    "the collector's holder filter must cover the heap"
                );
                filter.clone()
            }
            None => collector::HolderFilter::new(memory.size()),
        };
        Heap {
            holder_filter,
            barrier: collector.barrier(),
            barrier_free: collector.barrier() == BarrierKind::None,
            store_fast_path: access::StoreFastPath::new(collector.barrier(), &barrier_filters),
            stamp_only: false,
            barrier_filters,
            collector_name: collector.name(),
            memory,
            types,
            config,
            collector,
            barrier_check: None,
            deaths: None,
            pointers: None,
            gc_count: AtomicU32::new(0),
            allocated_since_pause: AtomicBool::new(false),
            start: Instant::now(),
            history: Mutex::new(Vec::new()),
            controllers: Mutex::new(Vec::new()),
            overhead: Mutex::new(Overhead::default()),
        }
    }

    /// `--verify-barriers`: every pause checks that each reference store since the last one went
    /// through the barrier (shared/barrier_check.rs). Set before any mutator is created.
    pub fn with_barrier_check(mut self) -> Heap {
        self.barrier = BarrierCheck::kind(self.barrier);
        self.barrier_filters.cross_region = None;
        self.send_every_store_to_the_barrier();
        self.barrier_check = Some(BarrierCheck::new());
        self.stamp_only = false;
        self
    }

    /// `--trace-deaths`: every reference store stamps the object that loses the reference, and
    /// every pause first reports the objects that became unreachable (deaths.rs). Set before any
    /// mutator is created.
    pub fn with_death_tracking(mut self) -> Heap {
        self.send_every_store_to_the_barrier();
        self.deaths = Some(deaths::DeathTracker::new(
            self.memory.size(),
            self.config.gc_threads,
        ));
        self.stamp_only = self.barrier == BarrierKind::None
            && self.barrier_check.is_none()
            && self.pointers.is_none();
        self
    }

    /// No filter skips a store any more (`--verify-barriers` and `--trace-deaths` must see
    /// every one): the barriered path runs for each.
    fn send_every_store_to_the_barrier(&mut self) {
        self.barrier_free = false;
        self.holder_filter = collector::HolderFilter::new(self.memory.size());
        self.store_fast_path = None;
    }

    /// `--trace-pointers`: every reference store logs its holder, and every pause records the
    /// references of the logged objects that survive and the roots (pointers.rs). Set before
    /// any mutator is created.
    pub fn with_pointer_tracking(mut self) -> Heap {
        self.send_every_store_to_the_barrier();
        self.stamp_only = false;
        self.pointers = Some(Arc::new(pointers::PointerTracker::new(
            self.memory.size(),
            self.collector.initial_mark_snapshots(),
        )));
        self
    }

    /// What pointer tracing did so far, with `--trace-pointers`.
    pub fn pointer_totals(&self) -> Option<pointers::PointerTotals> {
        self.pointers.as_ref().map(|p| *p.totals.lock())
    }

    /// Every root `roots` holds (the pending references included), with its kind and detail,
    /// in address order.
    pub fn describe_roots(&self, roots: &mut dyn RootSource) -> Vec<gcvm_tracer::RootRecord> {
        let mut with_pending = WithPending {
            roots,
            refs: self.types.references(),
        };
        described_roots(&mut with_pending)
    }

    /// `--trace-pointers`, outside a pause (the end of the run; every thread stopped and
    /// retired): records every logged object as it is and the roots.
    pub fn record_pointers_now(&self, roots: &mut dyn RootSource, events: &mut dyn GcEventSink) {
        if let Some(p) = &self.pointers {
            let described = self.describe_roots(roots);
            p.record_now(&self.memory, &self.types, &described, events);
        }
    }

    /// `--trace-pointers`, a rotated trace's new file (outside a pause, before its GC start;
    /// every thread stopped and retired): the references of every object in the heap and the
    /// roots, applied at once, so that the file's graph stands alone. The logs are left alone:
    /// the objects stored into since the last pause are recorded again at this pause's end, as
    /// always (pointers.rs).
    pub fn record_heap_graph(&self, roots: &mut dyn RootSource, events: &mut dyn GcEventSink) {
        if self.pointers.is_none() {
            return;
        }
        let described = self.describe_roots(roots);
        let mut records = gcvm_tracer::PointerRecords::default();
        self.for_each_object(|obj| {
            pointers::record_object(&self.memory, &self.types, obj, &mut records);
            if records.len() >= 65_536 {
                events.object_pointers(&records, false);
                records = gcvm_tracer::PointerRecords::default();
            }
        });
        events.object_pointers(&records, false);
        events.roots(&described, false);
    }

    /// The death tracker, with `--trace-deaths`.
    pub fn deaths(&self) -> Option<&deaths::DeathTracker> {
        self.deaths.as_ref()
    }

    pub fn collector_name(&self) -> &'static str {
        self.collector_name
    }

    /// The barrier mutators run.
    pub fn barrier(&self) -> BarrierKind {
        self.barrier
    }

    /// The collector (for statistics and tests).
    pub fn collector(&self) -> &dyn Collector {
        &*self.collector
    }

    /// Starts the collector's controller thread (if it has one) and the periodic-collection
    /// controller (with `--periodic-gc`). Called once the VM can stop the world.
    pub fn start(&'static self, vm: &'static dyn VmControl) -> Result<(), String> {
        self.collector.start(vm);
        if let Some(interval) = self.config.periodic_interval {
            let controller =
                shared::controller::spawn_periodic(vm, interval, move |roots, events| {
                    self.collector.collect(GcCause::Periodic, roots, events)
                })?;
            self.controllers.lock().push(controller);
        }
        Ok(())
    }

    // ---- mutators ----

    /// A new thread's collector state, for `threads` allocating threads.
    pub fn new_mutator(&self, threads: usize) -> Mutator {
        let mut m = self.collector.new_mutator(threads);
        if let Some(check) = &self.barrier_check {
            let inner = std::mem::replace(&mut m.barrier, Box::new(collector::NoBarrier));
            m.barrier = check.wrap(inner, self.collector.barrier());
        }
        if let Some(deaths) = &self.deaths {
            m.deaths = Some(Box::new(deaths.new_mutator()));
        }
        if let Some(p) = &self.pointers {
            m.pointers = Some(Box::new(p.new_mutator()));
        }
        m
    }

    /// At a safepoint: retires the TLAB (for a collection) and hands over barrier buffers.
    pub fn flush_mutator(&self, m: &mut Mutator) {
        self.hand_over_thread_state(m, true);
    }

    /// The thread is about to block: gives back what others could use (`Collector::release_idle`).
    pub fn release_idle(&self, m: &mut Mutator) {
        self.collector.release_idle(m);
    }

    /// At a thread's exit or the end of the run: gives everything back.
    pub fn retire_mutator(&self, m: &mut Mutator) {
        self.hand_over_thread_state(m, false);
    }

    /// Hands what a thread holds for itself to the collector, at a safepoint (`for_gc`) or at
    /// its exit: its TLAB's unused tail and barrier buffers, the bytes it allocated since it
    /// last published its allocation clock, and the pointers it recorded.
    fn hand_over_thread_state(&self, m: &mut Mutator, for_gc: bool) {
        self.collector.flush_mutator(m, &self.memory, for_gc);
        if let Some(d) = m.deaths.as_deref_mut() {
            d.publish_clock();
        }
        if let Some(p) = m.pointers.as_deref_mut() {
            p.hand_over();
        }
    }

    /// The allocation slow path for `size` bytes that did not fit the mutator's TLAB. Returns
    /// zeroed memory, or None when a collection is needed.
    /// `m.placement` says where it went (`Placement::Explicit` unless the collector says
    /// otherwise).
    pub fn alloc_slow(&self, m: &mut Mutator, size: usize) -> Option<usize> {
        m.placement = Placement::Explicit;
        let at = self.collector.alloc_slow(m, &self.memory, size)?;
        if !self.allocated_since_pause.load(Ordering::Relaxed) {
            self.allocated_since_pause.store(true, Ordering::Relaxed);
        }
        Some(at)
    }

    // ---- pauses ----

    /// The VM stopped the world (see `Collector::world_stopped`).
    pub fn world_stopping(&self) {
        self.collector.world_stopping();
    }

    /// Every mutator has stopped (see `Collector::world_stopped`).
    pub fn world_stopped(&self) {
        self.collector.world_stopped();
    }

    /// The VM lets the world run again.
    pub fn world_resumed(&self) {
        self.collector.world_resumed();
    }

    /// Runs one collection in a pause (every mutator stopped and flushed).
    /// With `verify`, the heap is verified before and after; a failure is returned as Err.
    pub fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
        verify: bool,
        time_to_safepoint: Duration,
    ) -> Result<GcRecord, String> {
        let collector = &*self.collector;
        self.pause(
            cause,
            roots,
            events,
            verify,
            time_to_safepoint,
            &mut |roots, events| collector.collect(cause, roots, events),
        )
    }

    /// Runs `body` as one pause: numbers it, checks barriers and verifies the heap before and
    /// after (when asked), brackets it with GC start/end in the trace, and records it.
    pub fn pause(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
        verify: bool,
        time_to_safepoint: Duration,
        body: &mut PauseBody<'_>,
    ) -> Result<GcRecord, String> {
        // GC helpers stay awake between the pause's phases, and sleep once it is over.
        let _window = shared::workers::PauseWindow::open();
        let id = self.gc_count.fetch_add(1, Ordering::Relaxed);
        if let Some(check) = &self.barrier_check {
            check
                .check(&self.memory, &self.types, &*self.collector)
                .map_err(|e| format!("before GC({id}): {e}"))?;
        }
        if verify {
            self.verify(roots)
                .map_err(|e| format!("before GC({id}): {e}"))?;
        }
        let mut with_pending = WithPending {
            roots,
            refs: self.types.references(),
        };
        let roots: &mut dyn RootSource = &mut with_pending;
        let started = Instant::now();
        let uptime = (started - self.start).as_secs_f64();
        if let Some(deaths) = &self.deaths {
            // Before GC start: the objects that became unreachable since the last pause. A
            // pause that is not a controller's collects (`GcCause::trace_kind`), and with some
            // collectors every collection reclaims all garbage.
            let reclaimed = self.collector.collections_reclaim_all_garbage()
                && !matches!(cause, GcCause::Collector(_));
            deaths.report_deaths(
                &self.objects(),
                roots,
                events,
                if reclaimed {
                    deaths::Garbage::Reclaimed
                } else {
                    deaths::Garbage::MayStay
                },
            );
        }
        // Region roles taken since the last pause (eden, humongous) reach the trace first.
        let spaces_at_start = trace_spaces(&self.collector.spaces());
        events.sync_spaces(&spaces_at_start);
        // With pointers: the roots as the pause finds them, applied before its GC start, so
        // that the graph at the GC start is exact too (pointers.rs).
        let start_roots = self.pointers.as_ref().map(|tracker| {
            let began = Instant::now();
            let described = described_roots(roots);
            events.roots(&described, false);
            tracker.totals.lock().roots += described.len() as u64;
            (described.len() as u64, began.elapsed())
        });
        let kind = self.collector.trace_kind(cause);
        events.gc_start(id, kind, cause.label());
        let mut pause_records = None;
        let outcome = match &self.pointers {
            None => body(roots, events),
            Some(tracker) => {
                tracker.pause_begins(kind, &self.memory, &self.types, events);
                let mut watch = tracker.begin_pause(kind, &spaces_at_start);
                let outcome = body(
                    roots,
                    &mut pointers::PointerWatch {
                        inner: events,
                        watch: &mut watch,
                        tracker,
                    },
                );
                // `roots` has the pending references already.
                let began = Instant::now();
                let described = described_roots(roots);
                let dead = tracker
                    .snapshot_waiting()
                    .then(|| self.collector.dead_test())
                    .flatten();
                pause_records = tracker.end_pause(
                    watch,
                    &self.memory,
                    &self.types,
                    &described,
                    dead.as_deref(),
                    events,
                );
                if let Some(p) = pause_records.as_mut() {
                    let (roots, time) = start_roots.unwrap_or_default();
                    p.roots += roots;
                    p.time = began.elapsed() + time;
                }
                outcome
            }
        };
        let refs = self.types.references();
        refs.collection_ended(
            self.collector
                .max_capacity()
                .saturating_sub(outcome.used_after),
        );
        let ref_stats = refs.take_last_stats();
        if let Some(stats) = &ref_stats {
            events.reference_counts(
                stats.discovered.map(|n| n as u64),
                stats.cleared.map(|n| n as u64),
            );
        }
        // The spaces as the pause left them (roles swapped, bounds grown), before GC end.
        events.sync_spaces(&trace_spaces(&self.collector.spaces()));
        events.gc_end(id);
        let pause = started.elapsed() + time_to_safepoint;
        if verify {
            self.verify(roots)
                .and_then(|_| self.collector.verify_pause(roots))
                .map_err(|e| format!("after GC({id}): {e}"))?;
        }
        if let Some(check) = &self.barrier_check {
            check.snapshot(&self.memory, &self.types, &*self.collector);
        }
        let record = GcRecord {
            id,
            cause,
            outcome,
            pause,
            time_to_safepoint,
            uptime,
            refs: ref_stats,
            pointers: pause_records,
        };
        self.note_overhead(&record, started);
        self.allocated_since_pause.store(false, Ordering::Relaxed);
        self.history.lock().push(record.clone());
        Ok(record)
    }

    /// Feeds an allocation-failure collection to the GC overhead limit (shared/overhead.rs); a
    /// follow-up collection extends the one it follows.
    fn note_overhead(&self, record: &GcRecord, started: Instant) {
        let mut guard = self.overhead.lock();
        let o = &mut *guard;
        let now = Instant::now();
        let mutator = o.last_end.map_or(Duration::MAX / 4, |end| {
            started.saturating_duration_since(end)
        });
        o.last_end = Some(now);
        let max = self.collector.max_capacity();
        let free = max.saturating_sub(record.outcome.used_after);
        if std::mem::take(&mut o.follow_up) {
            o.limit.extend_last(record.pause, free, max);
        } else if record.cause == GcCause::AllocationFailure {
            o.limit.record(record.pause, mutator, free, max);
        } else {
            o.limit.forget_last();
        }
    }

    /// Has the program spent nearly all its time collecting while recovering almost nothing,
    /// over the last several allocation failures? Then the VM throws
    /// `OutOfMemoryError: GC overhead limit exceeded` (and the count starts again).
    pub fn gc_overhead_limit_exceeded(&self) -> bool {
        let mut guard = self.overhead.lock();
        let exceeded = guard.limit.exceeded();
        if exceeded {
            guard.limit.reset();
        }
        exceeded
    }

    /// The collection the collector asks for next, in the same safepoint as the one that just
    /// ended (the region collector's full collection after an evacuation pause that freed too
    /// little). It counts as part of that one for the GC overhead limit.
    pub fn follow_up(&self) -> Option<GcCause> {
        let next = self.collector.follow_up()?;
        self.overhead.lock().follow_up = true;
        Some(next)
    }

    /// `Reference.get()` returned `referent`: while a concurrent (SATB) marking runs, the
    /// referent must be kept alive, so it goes through the pre-write barrier's queue, as G1's
    /// keep-alive barrier does (shared/refs.rs).
    #[inline]
    pub fn keep_alive_referent(&self, m: &mut Mutator, referent: Ref) {
        if self.barrier.has_pre() && !referent.is_null() {
            m.barrier.pre_write(Ref::NULL, 0, referent);
        }
    }

    /// After a collection that did not make room for `wanted` bytes: lets the collector grow.
    pub fn grow_for(&self, wanted: usize) -> bool {
        self.collector.grow_for(wanted)
    }

    /// Verifies the heap now (every mutator flushed).
    pub fn verify(&self, roots: &mut dyn RootSource) -> Result<verify::VerifyReport, String> {
        let collector = &*self.collector;
        let dead = collector.dead_test();
        verify::verify_heap(
            &self.memory,
            &self.types,
            &collector.parseable_ranges(),
            &|obj| dead.as_ref().is_some_and(|dead| dead(obj)),
            roots,
        )
    }

    /// Calls `f` for every object in the heap, in address order (every mutator flushed).
    pub fn for_each_object(&self, f: impl FnMut(Ref)) {
        self.objects().for_each(f);
    }

    /// The heap's objects as a walk finds them (every mutator flushed): the parseable ranges
    /// and the collector's dead test, gathered once.
    pub fn objects(&self) -> HeapObjects<'_> {
        HeapObjects {
            memory: &self.memory,
            types: &self.types,
            ranges: self.collector.parseable_ranges(),
            dead: self.collector.dead_test(),
        }
    }

    /// The heap viewer's streams: the standard ones and the collector's own.
    pub fn stream_defs(&self, tile_size: u64) -> Vec<gcvm_tracer::stream::StreamDef> {
        let mut defs = gcvm_tracer::stream::standard_streams(tile_size);
        defs.extend(self.collector.stream_defs(tile_size));
        defs
    }

    /// The collector's step kinds, as the bootstrap lists them.
    pub fn step_defs(&self) -> Vec<gcvm_tracer::stream::StepDef> {
        self.collector
            .step_kinds()
            .iter()
            .map(|k| k.def())
            .collect()
    }

    /// The heap cut into `tile_size` tiles with every stream's values (docs/stream-format.md):
    /// objects binned as a heap walk finds them (the objects `--heap-dump` writes, so tiles
    /// recomputed from a trace equal these), then the collector's own streams. Every mutator
    /// must be flushed.
    pub fn stream_tiles(&self, tile_size: u64) -> Vec<gcvm_tracer::stream::FrameSpace> {
        let mut tiler = gcvm_tracer::stream::Tiler::for_spaces(&self.trace_spaces(), tile_size);
        self.tile_objects(&mut tiler);
        self.collector.gather_streams(&mut tiler);
        tiler.finish()
    }

    /// Bins every object of the heap into `tiler` (with the world stopped, every mutator
    /// flushed): the collector's way if it has one, else a walk.
    pub fn tile_objects(&self, tiler: &mut gcvm_tracer::stream::Tiler) {
        if self.collector.tile_objects(tiler) {
            return;
        }
        self.for_each_object(|obj| {
            let size = self.memory.object_size(&self.types, obj);
            tiler.object(obj.offset() as u64, size as u64);
        });
    }

    /// Time since the heap was created (the GC log's uptime decoration).
    pub fn uptime(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn gc_count(&self) -> u32 {
        self.gc_count.load(Ordering::Relaxed)
    }
    pub fn used(&self) -> usize {
        self.collector.used()
    }
    pub fn capacity(&self) -> usize {
        self.collector.capacity()
    }
    pub fn max_capacity(&self) -> usize {
        self.collector.max_capacity()
    }
    pub fn tlab_capacity(&self) -> usize {
        self.collector.tlab_capacity()
    }
    /// Do mutators allocate in TLABs? (Not under concurrent mark-sweep: every object comes from
    /// its free lists, outside any TLAB.)
    pub fn allocates_in_tlabs(&self) -> bool {
        self.collector.allocates_in_tlabs()
    }
    pub fn spaces(&self) -> Vec<SpaceInfo> {
        self.collector.spaces()
    }
    /// The spaces as the trace describes them.
    pub fn trace_spaces(&self) -> Vec<SpaceDesc> {
        trace_spaces(&self.spaces())
    }
    pub fn history(&self) -> Vec<GcRecord> {
        self.history.lock().clone()
    }

    /// Did the last collection leave at least `bytes` of its capacity free, and did other
    /// threads allocate since? A thread whose allocation still fails after such a collection
    /// lost the room to them, between the pause and its retry: another collection will make
    /// room again. If nobody allocated, the room the collection left cannot hold the object
    /// (a region heap's free bytes may not be a free region, a free list's not one chunk), and
    /// collecting again would free nothing more.
    pub fn room_left_by_last_collection_was_taken(&self, bytes: usize) -> bool {
        self.allocated_since_pause.load(Ordering::Relaxed)
            && self.history.lock().last().is_some_and(|r| {
                r.outcome
                    .capacity_after
                    .saturating_sub(r.outcome.used_after)
                    >= bytes
            })
    }
}

/// The heap's objects as a walk finds them (`Heap::objects`; every mutator flushed): the
/// collector's parseable ranges, each a run of objects and fillers, and its test for the dead
/// objects it has not reclaimed yet.
pub struct HeapObjects<'a> {
    pub memory: &'a HeapMemory,
    pub types: &'a TypeRegistry,
    ranges: Vec<(usize, usize)>,
    dead: Option<collector::DeadTest<'a>>,
}

/// How far ahead of the object it parses a heap walk asks for memory. Each object's address
/// comes from the size in the header before it, a chain of dependent loads the hardware's
/// sequential prefetch did not run ahead of: a `--trace-deaths` pause spent 30% of its time
/// waiting on those headers.
const WALK_PREFETCH: usize = 1024;

impl HeapObjects<'_> {
    /// Calls `f` for every object, range by range.
    pub fn for_each(&self, mut f: impl FnMut(Ref)) {
        for &(start, top) in &self.ranges {
            self.walk(start, top, &mut f);
        }
    }

    /// Calls `f` for every object of the range `[from, to)`, in address order; fillers and the
    /// collector's dead objects are skipped.
    #[inline]
    fn walk(&self, from: usize, to: usize, mut f: impl FnMut(Ref)) {
        let mut at = from;
        while at < to {
            if at + WALK_PREFETCH < to {
                self.memory.prefetch(at + WALK_PREFETCH);
            }
            let obj = Ref::from_offset(at);
            let size = self.memory.object_size(self.types, obj);
            if self.memory.type_id(obj) != object::FILLER_TYPE
                && !self.dead.as_ref().is_some_and(|dead| dead(obj))
            {
                f(obj);
            }
            at += size;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_with_time_to_safepoint() -> GcRecord {
        GcRecord {
            id: 3,
            cause: GcCause::AllocationFailure,
            outcome: GcOutcome::whole_heap(40 << 20, 10 << 20, 64 << 20, 0, 0),
            pause: Duration::from_micros(5_250),
            time_to_safepoint: Duration::from_micros(2_000),
            uptime: 1.5,
            refs: None,
            pointers: None,
        }
    }

    #[test]
    fn the_logged_pause_is_exactly_hotspots_line_stamped_at_its_end_without_the_time_to_safepoint()
    {
        let record = record_with_time_to_safepoint();
        assert_eq!(record.gc_time(), Duration::from_micros(3_250));
        assert_eq!(
            record.log_line(),
            "[1.503s][info][gc] GC(3) Pause Full (Allocation Failure) 40M->10M(64M) 3.250ms"
        );
    }

    #[test]
    fn the_time_to_safepoint_is_a_detail_line_of_its_own() {
        assert_eq!(
            record_with_time_to_safepoint().safepoint_line(),
            "[1.503s][info][gc,safepoint] GC(3) Time to safepoint 2.000ms"
        );
    }
}
