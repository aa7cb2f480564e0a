//! The collector interface: the one trait every collector implements.
//!
//! A collector owns a set of *spaces* carved out of the heap reservation. It hands out raw memory
//! (TLABs and single objects too large for a TLAB), decides nothing about *when* the VM stops the
//! world — the VM asks it to `collect` when allocation fails, on System.gc() or in stress mode —
//! and, during a collection, finds live objects from the roots the VM supplies, moves or keeps
//! them, updates every reference, and reports what it did to a `GcEventSink`.
//!
//! The VM-facing side (what the interpreter calls) is `crate::Heap`, which wraps one collector.
//! See docs/collectors.md for a guide to adding a collector.

use crate::memory::HeapMemory;
use crate::object::{Ref, TypeRegistry};
pub use gcvm_tracer::{GcEventSink, GcKind};
use std::sync::Arc;

/// Why a collection happens (HotSpot's names, as the GC log prints them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GcCause {
    AllocationFailure,
    SystemGc,
    GcStress,
    /// A final collection requested by a heap dump or a test.
    HeapInspection,
}

impl GcCause {
    pub fn label(self) -> &'static str {
        match self {
            GcCause::AllocationFailure => "Allocation Failure",
            GcCause::SystemGc => "System.gc()",
            GcCause::GcStress => "GC Stress",
            GcCause::HeapInspection => "Heap Inspection",
        }
    }
}

/// The roots of a collection, supplied by the VM: every reference held outside the heap
/// (interpreter frames and operand stacks, statics, interned strings, class mirrors, VM handles).
pub trait RootSource {
    /// Calls `visit` with every non-null root; the VM stores back the reference `visit` returns
    /// (the object's new address if it moved).
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref);
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

/// Write barriers a collector needs the mutator to run around reference stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierKind {
    /// No barrier (semispace, mark-compact: whole-heap stop-the-world collection).
    None,
    /// Post-write card marking (remembered sets for partial collections).
    CardMarking,
    /// Pre-write snapshot-at-the-beginning plus post-write card marking (concurrent marking).
    SatbAndCardMarking,
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
}

/// Heap sizing and collector options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapConfig {
    /// -Xms: initial committed heap size in bytes.
    pub initial_size: usize,
    /// -Xmx: maximum heap size in bytes.
    pub max_size: usize,
    /// --gc-threads: parallel GC worker threads.
    pub gc_threads: usize,
}

/// Everything a collector is built from.
pub struct CollectorContext {
    pub memory: Arc<HeapMemory>,
    pub types: Arc<TypeRegistry>,
    pub config: HeapConfig,
}

/// The trait every collector implements. Methods are called with the heap lock held; `collect`
/// is called only while every mutator is stopped with its TLAB retired (filled).
pub trait Collector: Send {
    /// The name `--gc` selects it by.
    fn name(&self) -> &'static str;

    /// The write barrier mutators must run.
    fn barrier(&self) -> BarrierKind {
        BarrierKind::None
    }

    /// The spaces, in address order.
    fn spaces(&self) -> Vec<SpaceInfo>;

    /// Carves a TLAB of `desired` bytes (at least `min`) out of the allocation space.
    /// Returns `[start, end)` (not zeroed: the allocator zeroes it), or None when a GC is needed.
    fn alloc_tlab(&mut self, min: usize, desired: usize) -> Option<(usize, usize)>;

    /// Allocates one object of `size` bytes outside any TLAB (not zeroed), or None.
    fn alloc_outside_tlab(&mut self, size: usize) -> Option<usize>;

    /// The capacity TLAB sizing divides among threads (HotSpot: eden capacity).
    fn tlab_capacity(&self) -> usize;

    /// Collects, visiting `roots`, and reports moves/keep-alives to `events`.
    fn collect(
        &mut self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome;

    /// After a collection that did not free `wanted` bytes, may grow the heap; true if it did.
    fn grow_for(&mut self, _wanted: usize) -> bool {
        false
    }

    /// Bytes allocated in the collector's spaces (including retired TLAB waste).
    fn used(&self) -> usize;
    /// Committed capacity in bytes.
    fn capacity(&self) -> usize;
    /// Maximum capacity the heap may grow to.
    fn max_capacity(&self) -> usize;

    /// The `[start, top)` ranges that hold objects, each parseable object by object once TLABs
    /// are retired. The heap verifier and heap iteration walk these.
    fn parseable_ranges(&self) -> Vec<(usize, usize)>;
}
