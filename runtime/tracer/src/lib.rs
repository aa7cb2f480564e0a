//! gcvm's tracer: the object-level event trace (AntTracks-style) and the sinks the runtime and the
//! collectors report to.
//!
//! Dependency direction: the tracer depends on nothing in gcvm. The collectors (runtime/gc) and the
//! interpreter (runtime/interp) *emit* through the traits defined here; the offline tools (tools/)
//! *read* the format defined here and never link the interpreter or the collectors.
//!
//! What a collector reports (see docs/collectors.md): the start and end of each collection, and the
//! net effect on every surviving object in the spaces it collected — a move (from, to), a run of
//! neighbours moved by one offset (region move), or a keep-alive for an object that stays in place.
//! Deaths are implicit: an object in a collected space that is neither moved nor kept alive is dead.
//!
//! The trace itself: `format` (the numbers of docs/trace-format.md) and `writer` (`TraceWriter`,
//! the per-thread `ThreadEvents` buffers and the collector-side `GcTraceSink`). The reader lives in
//! gcvm-tools.

pub mod format;
pub mod hprof;
pub mod jfr;
pub mod stream;
pub mod writer;

pub use format::{RootKind, TraceSpaceKind};
pub use writer::{
    rotated_path, GcTraceSink, PackedDeaths, Rotation, SpaceDesc, ThreadEvents, TraceConfig,
    TraceSummary, TraceWriter, SYNC_SITE_CLASS, SYNC_SITE_METHOD,
};

/// Kinds of collection, as the trace and the GC log name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GcKind {
    /// Collects only part of the heap (young generation, chosen regions).
    Minor,
    /// Collects the whole heap.
    Major,
    /// A pause of a concurrent cycle (an initial mark, a remark): it collects no space unless
    /// it names one with GC-space events, and then only those.
    Marking,
}

/// A part of a pause's deaths, handed to a trace (`GcEventSink::objects_died_in_parts`): each
/// `(addr, time, context)` as `GcEventSink::object_died` says it, in address order.
pub type EmitDeaths<'a> = dyn FnMut(&[(u64, u64, u32)]) + 'a;

/// Where collectors report what they do to objects while the world is stopped.
/// Every method has a no-op default, so a sink implements only what it records.
/// Addresses are byte offsets from the heap base; sizes are in bytes.
pub trait GcEventSink {
    /// Does this sink record anything? A collector may skip work that only produces events
    /// (walking survivors to report keep-alives) when it does not.
    fn wants_events(&self) -> bool {
        true
    }
    /// A collection begins (all mutator event buffers have been flushed).
    fn gc_start(&mut self, _gc_id: u32, _kind: GcKind, _cause: &str) {}
    /// A collector worker took a promotion/copy buffer (PLAB) `[start, start+size)`.
    fn plab(&mut self, _worker: u32, _start: u64, _size: u64) {}
    /// A live object moved from `from` to `to`.
    fn moved(&mut self, _from: u64, _to: u64, _size: u32) {}
    /// `count` neighbouring live objects starting at `from` all moved by `to - from`.
    fn region_moved(&mut self, _from: u64, _to: u64, _count: u32, _bytes: u64) {}
    /// A live object in a collected space stayed where it was.
    fn kept_alive(&mut self, _addr: u64, _size: u32) {}
    /// Runs of neighbouring live objects that stayed where they were, `(from, count, bytes)`
    /// each, in address order: `region_moved(from, from, count, bytes)` for each, which a trace
    /// writes as one Kept runs event (2-3 bytes a run instead of 10 or so).
    fn runs_kept(&mut self, runs: &[(u64, u32, u64)]) {
        for &(from, count, bytes) in runs {
            self.region_moved(from, from, count, bytes);
        }
    }
    /// The collection is over.
    fn gc_end(&mut self, _gc_id: u32) {}
    /// Space `space` is collected by this collection (a minor collection names each collected
    /// space right after `gc_start`, before any move; with none named, the whole heap is collected).
    fn collecting_space(&mut self, _space: u32) {}
    /// The spaces are now `spaces` (the sink records what changed: creations, role changes, new
    /// bounds, destructions).
    fn sync_spaces(&mut self, _spaces: &[SpaceDesc]) {}
    /// Space `id` was emptied: whatever is still in it is dead. Report after moving its survivors.
    fn space_release(&mut self, _id: u32) {}
    /// `--trace-deaths`, before `gc_start`: the object at `addr` became unreachable at `time`
    /// (allocated bytes) while method `context` ran (`format::CONTEXT_UNKNOWN`: not observed).
    fn object_died(&mut self, _addr: u64, _time: u64, _context: u32) {}
    /// `--trace-deaths`, before `gc_start`: every death the pause found, as `object_died`
    /// says each, `(addr, time, context)` in address order. A trace writes them as one batch.
    fn objects_died(&mut self, deaths: &[(u64, u64, u32)]) {
        for &(addr, time, context) in deaths {
            self.object_died(addr, time, context);
        }
    }
    /// `objects_died` for a pause's `count` deaths listed a part at a time: `parts` must be
    /// called once, and calls its argument with each part, in address order. A trace writes
    /// them as one batch still, without the whole list ever being in memory at once.
    fn objects_died_in_parts(&mut self, _count: usize, parts: &mut dyn FnMut(&mut EmitDeaths)) {
        parts(&mut |deaths| self.objects_died(deaths));
    }
    /// Does this sink take a pause's deaths packed (`objects_died_packed`)? A trace does: it
    /// encodes them on its writer thread while the program runs again, where
    /// `objects_died_in_parts` has the pause wait for the encoding.
    fn takes_packed_deaths(&self) -> bool {
        false
    }
    /// Lists for `objects_died_packed` to fill, with the room earlier pauses' deaths took
    /// (empty when there are none to reuse).
    fn spare_packed_deaths(&mut self) -> PackedDeaths {
        PackedDeaths::default()
    }
    /// `objects_died` for a sink that `takes_packed_deaths`: the pause's deaths, packed.
    fn objects_died_packed(&mut self, _deaths: PackedDeaths) {}
    /// `--trace-pointers`: the references of objects whose references changed since they were
    /// last recorded, in address order (`at_gc_end`: addresses as the pause leaves them, sent
    /// before `gc_end`; otherwise addresses now, outside a collection).
    fn object_pointers(&mut self, _records: &PointerRecords, _at_gc_end: bool) {}
    /// `--trace-pointers`: the references objects had at the end of the last marking pause
    /// that collected nothing (an initial mark), in address order and with addresses as they
    /// were there. Sent by the pause that completes that marking (or abandons it), or at the
    /// end of the run while it is under way: the reader applies them there, before that
    /// pause's own records, and keeps them for the graph at the marking pause's end.
    fn marking_pointers(&mut self, _records: &PointerRecords) {}
    /// `--trace-pointers`: the whole root set, in address order (`at_gc_end` as for
    /// `object_pointers`).
    fn roots(&mut self, _roots: &[RootRecord], _at_gc_end: bool) {}
    /// The collection's reference processing: per kind (soft, weak, final, phantom), the
    /// references discovered and those cleared (HotSpot's `gc+ref` counts). Reported once,
    /// before `gc_end`, by collections that processed references.
    fn reference_counts(&mut self, _discovered: [u64; 4], _cleared: [u64; 4]) {}
    /// A parallel phase of the pause is over: what each of its workers did (reported once per
    /// phase by the collecting thread, from the workers' own tallies, so tracing costs the
    /// workers nothing while they run).
    fn worker_activity(&mut self, _phase: &str, _workers: &[WorkerActivity]) {}
    /// Does this sink take `worker_activity` even when it records no other event (a JFR
    /// recording's phase times)? Collectors then report phases without the per-object events
    /// that `wants_events` would cost.
    fn wants_phase_times(&self) -> bool {
        self.wants_events()
    }
    /// Would this sink take a frame of step `kind` now (docs/stream-format.md, "Steps inside a
    /// collection")? A collector asks before doing any work for the step, and calls `step`
    /// only when it would: with nobody watching, this is the whole cost of a step.
    fn wants_step(&self, _kind: &stream::StepKind) -> bool {
        false
    }
    /// How fine progress steps are (`--stream-step-kb`, `--stream-step-regions`).
    fn step_granularity(&self) -> stream::StepGranularity {
        stream::StepGranularity::default()
    }
    /// A step of the collection (`info`): the heap's spaces are `spaces`, and `fill` bins every
    /// object and the collector's values of the moment (marked bytes, grey bytes, separators)
    /// into the tiler it is given.
    fn step(
        &mut self,
        _info: &stream::StepInfo,
        _spaces: &[SpaceDesc],
        _fill: &mut dyn FnMut(&mut stream::Tiler),
    ) {
    }
}

/// What one GC worker did in one parallel phase (`GcEventSink::worker_activity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerActivity {
    /// 0 is the collecting thread.
    pub worker: u32,
    /// When the worker started and stopped working on the phase (first task taken to
    /// termination; the earliest start and latest end when the phase ran the pool several times).
    pub start: std::time::Instant,
    pub end: std::time::Instant,
    /// Objects the worker processed (copied, or scanned while marking).
    pub objects: u64,
    /// Bytes the worker copied (0 in phases that do not size the objects they process).
    pub bytes: u64,
    /// Successful steals from other workers' queues.
    pub steals: u64,
}

/// Objects and their non-null references (slot in 4-byte units from the object's start, target
/// address), gathered for `GcEventSink::object_pointers`.
#[derive(Clone, Debug, Default)]
pub struct PointerRecords {
    /// (object address, index of its first reference in `refs`)
    objects: Vec<(u64, usize)>,
    refs: Vec<(u32, u64)>,
}

impl PointerRecords {
    /// Starts the record of the object at `addr` (after the previous object's address).
    pub fn push_object(&mut self, addr: u64) {
        debug_assert!(self.objects.last().is_none_or(|&(a, _)| a < addr));
        self.objects.push((addr, self.refs.len()));
    }

    /// Adds a reference of the object last pushed (slots increasing).
    pub fn push_ref(&mut self, slot: u32, target: u64) {
        self.refs.push((slot, target));
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// References recorded, over every object.
    pub fn ref_count(&self) -> usize {
        self.refs.len()
    }

    pub fn clear(&mut self) {
        self.objects.clear();
        self.refs.clear();
    }

    /// Each object with its references.
    pub fn iter(&self) -> impl Iterator<Item = (u64, &[(u32, u64)])> + '_ {
        self.objects.iter().enumerate().map(|(i, &(addr, first))| {
            let end = self.objects.get(i + 1).map_or(self.refs.len(), |o| o.1);
            (addr, &self.refs[first..end])
        })
    }
}

/// One GC root: the object held, what holds it and the detail of its kind
/// (`format::RootKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RootRecord {
    pub addr: u64,
    pub kind: format::RootKind,
    pub detail: u32,
}

/// A sink that records nothing: tracing off.
pub struct NoEvents;
impl GcEventSink for NoEvents {
    fn wants_events(&self) -> bool {
        false
    }
}

/// A sink that counts what it is told — useful in tests and for the GC log's summary.
#[derive(Default, Debug, Clone)]
pub struct CountingSink {
    pub collections: u32,
    pub moves: u64,
    pub moved_bytes: u64,
    pub kept_alive: u64,
    pub kept_alive_bytes: u64,
    pub region_moves: u64,
}

impl GcEventSink for CountingSink {
    fn gc_start(&mut self, _gc_id: u32, _kind: GcKind, _cause: &str) {
        self.collections += 1;
    }
    fn moved(&mut self, _from: u64, _to: u64, size: u32) {
        self.moves += 1;
        self.moved_bytes += size as u64;
    }
    fn region_moved(&mut self, _from: u64, _to: u64, count: u32, bytes: u64) {
        self.region_moves += 1;
        self.moves += count as u64;
        self.moved_bytes += bytes;
    }
    fn kept_alive(&mut self, _addr: u64, size: u32) {
        self.kept_alive += 1;
        self.kept_alive_bytes += size as u64;
    }
}
