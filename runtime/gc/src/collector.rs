//! The collector interface: the one trait every collector implements.
//!
//! A collector owns a set of *spaces* carved out of the heap reservation. It gives each mutator
//! thread its state (a TLAB, barrier buffers, whatever else it needs: shared/mutator.rs), hands
//! out raw memory (TLAB refills and objects too large for a TLAB), and collects: in a pause
//! (`collect`, when allocation fails, on System.gc() or in stress mode), and — if it owns a
//! controller thread (`start`) — in pauses it requests itself between phases of concurrent work.
//! During a pause it finds live objects from the roots the VM supplies, moves or keeps them,
//! updates every reference, and reports what it did to a `GcEventSink`.
//!
//! Every method takes `&self`: the VM calls them from many threads, and a concurrent collector
//! must be able to run allocation, background work and pauses at once, each under the locks it
//! chooses. A stop-the-world collector writes the simpler `StwCollector` (methods on `&mut self`)
//! and is wrapped in `Stw`, which keeps its state under one lock.
//!
//! The VM-facing side (what the interpreter calls) is `crate::Heap`, which wraps one collector.
//! See docs/collectors.md for a guide to adding a collector.

use crate::memory::HeapMemory;
use crate::object::{Ref, TypeRegistry};
pub use crate::shared::barrier::{
    Barrier, BarrierKind, HolderFilter, NoBarrier, HOLDER_PAGE_SHIFT,
};
use crate::shared::controller::VmControl;
pub use crate::shared::mutator::{Mutator, Placement};
use gcvm_tlab::{SlowPath, Tlab};
pub use gcvm_tracer::stream::{StepInfo, StepKind, StreamDef, Tiler};
pub use gcvm_tracer::{GcEventSink, GcKind};
use parking_lot::Mutex;
use std::sync::Arc;

/// Why a collection happens (HotSpot's names, as the GC log prints them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GcCause {
    AllocationFailure,
    SystemGc,
    GcStress,
    /// A final collection requested by a heap dump or a test.
    HeapInspection,
    /// The last collection before an OutOfMemoryError (HotSpot's "Last ditch collection"):
    /// never skipped as redundant, and a full one for generational collectors.
    LastDitch,
    /// `--periodic-gc`: the controller found no collection in the last interval.
    Periodic,
    /// A pause a collector's controller asked for, with the collector's own name for it.
    Collector(&'static str),
}

impl GcCause {
    /// How the trace's GC start names a pause of this cause: a collector's own pauses
    /// (`GcCause::Collector`, e.g. an initial mark) collect no space unless they name one;
    /// every other pause collects the whole heap unless it names spaces.
    pub fn trace_kind(self) -> GcKind {
        match self {
            GcCause::Collector(_) => GcKind::Marking,
            _ => GcKind::Major,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            GcCause::AllocationFailure => "Allocation Failure",
            GcCause::SystemGc => "System.gc()",
            GcCause::GcStress => "GC Stress",
            GcCause::HeapInspection => "Heap Inspection",
            GcCause::LastDitch => "Last ditch collection",
            GcCause::Periodic => "Periodic Collection",
            GcCause::Collector(label) => label,
        }
    }
}

/// The roots of a collection, supplied by the VM: every reference held outside the heap
/// (interpreter frames and operand stacks, statics, interned strings, class mirrors, VM handles).
pub trait RootSource {
    /// Calls `visit` with every non-null root; the VM stores back the reference `visit` returns
    /// (the object's new address if it moved).
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref);

    /// Calls `describe` with every non-null root, what holds it and the detail of that kind
    /// (`--trace-pointers`: the trace's Roots events, `--heap-dump`'s root lines). Read-only.
    /// A VM that does not say what holds its roots reports them all as VM-internal.
    fn describe_roots(&mut self, describe: &mut dyn FnMut(Ref, gcvm_tracer::RootKind, u32)) {
        self.visit_roots(&mut |r| {
            describe(r, gcvm_tracer::RootKind::VmInternal, 0);
            r
        });
    }
}

/// What kind of memory a space holds, for the tracer and the heap viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceKind {
    /// The half of a semispace heap that mutators allocate into.
    SemiFrom,
    /// The empty half a semispace collection copies into.
    SemiTo,
    Eden,
    Survivor,
    Old,
    Humongous,
    /// A further region of a humongous object.
    HumongousCont,
    Free,
}

impl SpaceKind {
    pub fn label(self) -> &'static str {
        match self {
            SpaceKind::SemiFrom => "from",
            SpaceKind::SemiTo => "to",
            SpaceKind::Eden => "eden",
            SpaceKind::Survivor => "survivor",
            SpaceKind::Old => "old",
            SpaceKind::Humongous => "humongous",
            SpaceKind::HumongousCont => "humongous-cont",
            SpaceKind::Free => "free",
        }
    }
}

/// A space as the tracer and the viewer see it: addresses are byte offsets from the heap base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceInfo {
    pub id: u32,
    pub name: String,
    pub kind: SpaceKind,
    /// First byte of the space.
    pub start: usize,
    /// One past the last byte objects may currently occupy (the committed capacity).
    pub end: usize,
    /// One past the last byte of the reservation the space may grow into.
    pub reserved_end: usize,
    /// One past the last allocated byte; `[start, top)` is parseable once TLABs are retired.
    pub top: usize,
}

/// The outcome of one collection, for the GC log and statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcOutcome {
    pub kind: GcKind,
    pub used_before: usize,
    pub used_after: usize,
    pub capacity_after: usize,
    /// Bytes of live objects copied or slid.
    pub moved_bytes: usize,
    pub live_objects: usize,
    /// The pause's name in the GC log when it is not a plain young or full collection
    /// (`Pause Initial Mark`, `Pause Remark`, `Pause Young (Mixed) (G1 Evacuation Pause)`):
    /// printed as it is, without the cause appended.
    pub pause_name: Option<String>,
}

impl GcOutcome {
    /// The outcome of a collection of the whole heap (kind Major).
    pub fn whole_heap(
        used_before: usize,
        used_after: usize,
        capacity_after: usize,
        moved_bytes: usize,
        live_objects: usize,
    ) -> GcOutcome {
        GcOutcome {
            kind: GcKind::Major,
            used_before,
            used_after,
            capacity_after,
            moved_bytes,
            live_objects,
            pause_name: None,
        }
    }
}

/// Tests the access API makes before a barrier's dynamic call (HotSpot's barrier fast paths:
/// G1's "is marking active", "young card" and "same region" checks are inline code, the slow
/// path a call). A filter may only skip a call the barrier would have ignored.
#[derive(Clone, Debug, Default)]
pub struct BarrierFilters {
    /// Holders whose stores need no call at all (young regions outside marking, every page
    /// outside marking for a snapshot barrier): the one test inlined at every store.
    pub holder_filter: Option<HolderFilter>,
    /// The pre-write hook matters only while this flag is on (a snapshot barrier's marking).
    pub pre_write_active: Option<Arc<std::sync::atomic::AtomicBool>>,
    /// The post-write hook ignores null stores and stores that stay inside one region.
    pub cross_region: Option<CrossRegionFilter>,
}

/// G1's post-write fast path: `value == null` and "slot and value are in the same region" are
/// tested before the call; only stores that may need a card reach the barrier.
#[derive(Clone, Debug)]
pub struct CrossRegionFilter {
    /// Heap offset of region 0.
    pub base: usize,
    /// log2 of the region size.
    pub shift: u32,
}

/// Heap sizing and collector options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapConfig {
    /// -Xms: initial committed heap size in bytes.
    pub initial_size: usize,
    /// -Xmx: maximum heap size in bytes.
    pub max_size: usize,
    /// --gc-threads: parallel GC worker threads.
    pub gc_threads: usize,
    /// --periodic-gc: collect when no collection happened for this long (None: never).
    pub periodic_interval: Option<std::time::Duration>,
    /// --region-size: the region collector's region size in bytes (None: from the heap size).
    pub region_size: Option<usize>,
    /// --pause-goal: the pause time the region collector aims at (None: 200 ms, G1's default).
    pub pause_goal: Option<std::time::Duration>,
    /// -Xmn: the region collector's young generation (eden and survivors) in bytes, fixed
    /// (None: sized by the pause goal).
    pub young_size: Option<usize>,
    /// -XX:+UseTransparentHugePages: ask the kernel for 2 MB pages for the heap
    /// (`HeapMemory::prefer_huge_pages`). Off by default, as in HotSpot.
    pub huge_pages: bool,
}

/// Everything a collector is built from.
pub struct CollectorContext {
    pub memory: Arc<HeapMemory>,
    pub types: Arc<TypeRegistry>,
    pub config: HeapConfig,
}

/// The trait every collector implements. Methods may be called from any thread at any time,
/// except `collect`, which runs only in a pause: every mutator stopped and flushed (TLAB
/// retired and filled, barrier buffers handed over).
/// Is this object (in a parseable range) dead garbage not reclaimed yet? (`Collector::dead_test`)
pub type DeadTest<'a> = Box<dyn Fn(Ref) -> bool + 'a>;

pub trait Collector: Send + Sync {
    /// The name `--gc` selects it by.
    fn name(&self) -> &'static str;

    /// The barrier mutators run around reference stores (fixed for the run).
    fn barrier(&self) -> BarrierKind {
        BarrierKind::None
    }

    /// Cheap tests the access API makes inline before calling the barrier (see
    /// `BarrierFilters`); the default filters nothing.
    fn barrier_filters(&self) -> BarrierFilters {
        BarrierFilters::default()
    }

    /// What a pause of `cause` collects, as the trace's GC start says: by default a
    /// collector's own pauses are marking pauses and everything else collects the whole heap;
    /// a generational collector's young pauses are minor.
    fn trace_kind(&self, cause: GcCause) -> GcKind {
        cause.trace_kind()
    }

    /// The VM asked every mutator to stop (a safepoint request) and is waiting for them to reach
    /// their polls: concurrent work should step aside at its next check, so that the threads
    /// still running Java code get the CPU to reach a poll (with more runnable threads than
    /// cores the time to safepoint is mostly waiting for the CPU). `world_resumed` follows.
    fn world_stopping(&self) {}

    /// The VM stopped every mutator (for a pause, or for good at exit). Until `world_resumed`,
    /// the VM and the heap's pause driver walk the heap (verifier, heap dump, barrier check):
    /// a collector with concurrent threads keeps them from changing it (shared/controller.rs
    /// `ConcurrentGate`).
    fn world_stopped(&self) {}

    /// The mutators run again.
    fn world_resumed(&self) {}

    /// Asked after every pause: a collection to run next, in the same safepoint (the region
    /// collector's full collection when an evacuation pause could not make enough room).
    fn follow_up(&self) -> Option<GcCause> {
        None
    }

    /// A new thread's state: an empty TLAB sized for `threads` allocating threads and the
    /// collector's barrier.
    fn new_mutator(&self, threads: usize) -> Mutator {
        Mutator::new(
            Tlab::new(self.tlab_capacity(), threads),
            Box::new(NoBarrier),
        )
    }

    /// At a safepoint (`for_gc`) or a thread's exit: give back the TLAB's unused tail (as a
    /// filler, so the space stays parseable) and hand over barrier buffers.
    fn flush_mutator(&self, mutator: &mut Mutator, memory: &HeapMemory, for_gc: bool) {
        if let Some((from, to)) = mutator.tlab.retire(for_gc) {
            memory.fill_gap(from, to);
        }
        mutator.barrier.flush();
    }

    /// The thread owning `mutator` is about to block (wait, park, sleep, a contended monitor,
    /// I/O): give back allocation state other threads could use meanwhile. Runs on that thread,
    /// with the world running. The default keeps everything: a TLAB is sized by the number of
    /// threads (gcvm-tlab), and retiring it would waste its tail.
    fn release_idle(&self, _mutator: &mut Mutator) {}

    /// Do mutators allocate in TLABs (the default slow path)? A free-list collector that
    /// allocates every object on its own says no.
    fn allocates_in_tlabs(&self) -> bool {
        true
    }

    /// The allocation slow path for `size` bytes that did not fit the mutator's TLAB: refill it
    /// or allocate outside it. Returns the address of `size` zeroed bytes, or None when it is
    /// time to collect. The default is HotSpot's TLAB policy (gcvm-tlab) over `alloc_tlab` and
    /// `alloc_outside_tlab`; a free-list collector overrides it.
    fn alloc_slow(&self, mutator: &mut Mutator, memory: &HeapMemory, size: usize) -> Option<usize> {
        tlab_alloc_slow(self, mutator, memory, size)
    }

    /// The spaces, in address order.
    fn spaces(&self) -> Vec<SpaceInfo>;

    /// Carves a TLAB of `desired` bytes (at least `min`) out of the allocation space.
    /// Returns `[start, end)` (not zeroed), or None when a GC is needed.
    fn alloc_tlab(&self, min: usize, desired: usize) -> Option<(usize, usize)>;

    /// Allocates one object of `size` bytes outside any TLAB (not zeroed), or None.
    fn alloc_outside_tlab(&self, size: usize) -> Option<usize>;

    /// The capacity TLAB sizing divides among threads (HotSpot: eden capacity).
    fn tlab_capacity(&self) -> usize;

    /// Collects in a pause, visiting `roots`, and reports moves/keep-alives to `events`.
    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome;

    /// After a collection that did not free `wanted` bytes, may grow the heap; true if it did.
    fn grow_for(&self, _wanted: usize) -> bool {
        false
    }

    /// Starts the collector's controller thread, if it has one: it may do concurrent work while
    /// mutators run and ask `vm` for pauses (shared/controller.rs). Called once, after the VM
    /// booted.
    fn start(&'static self, _vm: &'static dyn VmControl) {}

    /// Bytes allocated in the collector's spaces (including retired TLAB waste).
    fn used(&self) -> usize;
    /// Committed capacity in bytes.
    fn capacity(&self) -> usize;
    /// Maximum capacity the heap may grow to.
    fn max_capacity(&self) -> usize;

    /// The `[start, top)` ranges that hold objects, each parseable object by object once TLABs
    /// are retired. The heap verifier and heap iteration walk these.
    fn parseable_ranges(&self) -> Vec<(usize, usize)>;

    /// Does every `collect` of this collector reclaim all the garbage in the heap (the objects
    /// unreachable at its start are gone, or overwritten, when it ends)? Then `--trace-deaths`
    /// need not mark the deaths it reports before it (`deaths::Garbage`). Not for a young or
    /// partial collection, nor a concurrent collector's pauses.
    fn collections_reclaim_all_garbage(&self) -> bool {
        false
    }

    /// Is `obj` (in a parseable range) garbage the collector knows of but has not reclaimed yet
    /// (a concurrent sweeper's backlog)? Heap walks skip such objects. Asked only in pauses.
    fn is_dead(&self, _obj: Ref) -> bool {
        false
    }

    /// Bins every live object into `tiles` for a heap-stream frame (world stopped, every
    /// mutator flushed), if the collector knows a quicker way than the heap's walk (bins kept
    /// from the last frame for what has not changed since). False: the heap walks.
    fn tile_objects(&self, _tiles: &mut Tiler) -> bool {
        false
    }

    /// Does a marking pause of this collector that collects nothing (an initial mark) begin a
    /// snapshot-at-the-beginning marking, completed by its next marking pause that collects
    /// (a remark), after which `dead_test` names, among the objects allocated before the
    /// initial mark, exactly those unreachable there? `--trace-pointers` then records the
    /// graph at the initial mark when the marking completes (pointers.rs).
    fn initial_mark_snapshots(&self) -> bool {
        false
    }

    /// `is_dead` for a walk of the whole heap (world stopped): what it needs is gathered once,
    /// so the walk takes no lock per object. `None`: nothing the walk finds is dead — the
    /// default, which agrees with the default `is_dead`: a collector that overrides one
    /// overrides both (a walk of a heap that keeps no dead objects then makes no call per
    /// object).
    fn dead_test(&self) -> Option<DeadTest<'_>> {
        None
    }

    /// The collector's own heap streams for the viewer (docs/stream-format.md), numbered from
    /// `gcvm_tracer::stream::standard::COUNT`; the default has none.
    fn stream_defs(&self, _tile_size: u64) -> Vec<StreamDef> {
        Vec::new()
    }

    /// Adds the values of the collector's own streams to `tiles` (in a pause, every mutator
    /// flushed; the standard streams are gathered by the heap).
    fn gather_streams(&self, _tiles: &mut Tiler) {}

    /// The kinds of step the collector takes inside its collections, in the order they come
    /// (docs/stream-format.md, "Steps inside a collection"); the bootstrap lists them.
    fn step_kinds(&self) -> &'static [&'static StepKind] {
        &[]
    }

    /// Collector-specific checks at the end of a pause under `--verify-heap` (the heap-wide
    /// verifier has run already).
    fn verify_pause(&self, _roots: &mut dyn RootSource) -> Result<(), String> {
        Ok(())
    }
}

/// A stop-the-world collector: all its state changes under one lock — allocation between
/// pauses, collection during them (when no mutator can allocate). Wrap it in `Stw` to make it a
/// `Collector`. Semispace and mark-compact are written this way.
pub trait StwCollector: Send {
    fn name(&self) -> &'static str;
    fn spaces(&self) -> Vec<SpaceInfo>;
    fn alloc_tlab(&mut self, min: usize, desired: usize) -> Option<(usize, usize)>;
    fn alloc_outside_tlab(&mut self, size: usize) -> Option<usize>;
    fn tlab_capacity(&self) -> usize;
    fn collect(
        &mut self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome;
    fn grow_for(&mut self, _wanted: usize) -> bool {
        false
    }
    /// See `Collector::start`: the VM is running (a collector that writes `-Xlog:gc*` detail
    /// lines keeps `vm` for them).
    fn start(&mut self, _vm: &'static dyn VmControl) {}
    fn used(&self) -> usize;
    fn capacity(&self) -> usize;
    fn max_capacity(&self) -> usize;
    fn parseable_ranges(&self) -> Vec<(usize, usize)>;
    /// See `Collector::stream_defs`.
    fn stream_defs(&self, _tile_size: u64) -> Vec<StreamDef> {
        Vec::new()
    }
    /// See `Collector::gather_streams`.
    fn gather_streams(&self, _tiles: &mut Tiler) {}
    /// See `Collector::tile_objects`.
    fn tile_objects(&mut self, _tiles: &mut Tiler) -> bool {
        false
    }
    /// See `Collector::step_kinds`.
    fn step_kinds(&self) -> &'static [&'static StepKind] {
        &[]
    }
}

/// The default allocation slow path (HotSpot's TLAB policy over `alloc_tlab` and
/// `alloc_outside_tlab`), for collectors that override `alloc_slow` only for some sizes.
pub fn tlab_alloc_slow<C: Collector + ?Sized>(
    collector: &C,
    mutator: &mut Mutator,
    memory: &HeapMemory,
    size: usize,
) -> Option<usize> {
    match mutator.tlab.slow_path(size) {
        SlowPath::AllocateOutside => {
            let at = collector.alloc_outside_tlab(size)?;
            memory.zero(at, size);
            Some(at)
        }
        SlowPath::Refill { size: desired } => {
            let min = size + gcvm_tlab::FILLER_RESERVE;
            if let Some((from, to)) = mutator.tlab.retire(false) {
                memory.fill_gap(from, to);
            }
            let (start, end) = collector.alloc_tlab(min, desired.max(min))?;
            memory.zero(start, end - start);
            mutator.tlab.install(start, end);
            mutator.tlab.alloc(size)
        }
    }
}

/// A `StwCollector` behind one lock.
pub struct Stw<C: StwCollector> {
    name: &'static str,
    inner: Mutex<C>,
}

impl<C: StwCollector> Stw<C> {
    pub fn new(collector: C) -> Stw<C> {
        Stw {
            name: collector.name(),
            inner: Mutex::new(collector),
        }
    }

    /// The wrapped collector (for tests and statistics).
    pub fn lock(&self) -> parking_lot::MutexGuard<'_, C> {
        self.inner.lock()
    }
}

impl<C: StwCollector> Collector for Stw<C> {
    fn name(&self) -> &'static str {
        self.name
    }
    /// Semispace copies every survivor out and empties the old half; mark-compact slides
    /// every survivor and overwrites the garbage, or makes it fillers in the dense prefix.
    fn collections_reclaim_all_garbage(&self) -> bool {
        true
    }
    fn spaces(&self) -> Vec<SpaceInfo> {
        self.inner.lock().spaces()
    }
    fn alloc_tlab(&self, min: usize, desired: usize) -> Option<(usize, usize)> {
        self.inner.lock().alloc_tlab(min, desired)
    }
    fn alloc_outside_tlab(&self, size: usize) -> Option<usize> {
        self.inner.lock().alloc_outside_tlab(size)
    }
    fn tlab_capacity(&self) -> usize {
        self.inner.lock().tlab_capacity()
    }
    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.inner.lock().collect(cause, roots, events)
    }
    fn grow_for(&self, wanted: usize) -> bool {
        self.inner.lock().grow_for(wanted)
    }
    fn start(&'static self, vm: &'static dyn VmControl) {
        self.inner.lock().start(vm)
    }
    fn used(&self) -> usize {
        self.inner.lock().used()
    }
    fn capacity(&self) -> usize {
        self.inner.lock().capacity()
    }
    fn max_capacity(&self) -> usize {
        self.inner.lock().max_capacity()
    }
    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        self.inner.lock().parseable_ranges()
    }
    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        self.inner.lock().stream_defs(tile_size)
    }
    fn gather_streams(&self, tiles: &mut Tiler) {
        self.inner.lock().gather_streams(tiles)
    }
    fn tile_objects(&self, tiles: &mut Tiler) -> bool {
        self.inner.lock().tile_objects(tiles)
    }
    fn step_kinds(&self) -> &'static [&'static StepKind] {
        self.inner.lock().step_kinds()
    }
}
