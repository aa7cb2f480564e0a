//! Mark-compact: Lisp-2 sliding compaction of one contiguous space, with a dense prefix and
//! parallel marking (after the Garbage Collection Handbook, ch. 3, and HotSpot's ParallelOld).
//!
//! # Algorithm
//!
//! The whole heap is one space `[start, end)`. Mutators bump-allocate (in TLABs) from its free
//! tail `[top, end)`. When that runs out the world stops and the collector *slides* every live
//! object towards `start`, squeezing out the garbage between them, so that afterwards the live
//! objects form one contiguous block `[start, top)` and everything above `top` is free again.
//! Unlike a copying collector it needs no second half of the heap: objects move *within* the
//! space, each to an address no higher than its old one. And unlike a copying collector it
//! preserves allocation order: objects that were neighbours stay neighbours, in the same order.
//!
//! Lisp-2 does it in four passes (the Handbook's Algorithm 3.2):
//!
//! ```text
//!  before:  [A][x][B][y  ][C][z][D]                x, y, z dead
//!  1 mark:   A*    B*      C*    D*                * = bit set in the mark bitmap
//!  2 plan:   A->0  B->|A|  C->|AB| D->|ABC|        forwarding address = running sum of live sizes
//!  3 update: every reference (roots and fields) to X becomes X's forwarding address
//!  4 move:  [A][B][C][D]                           slide in address order; top = end of D
//! ```
//!
//! 1. **Mark.** Starting from the roots, set the mark bit of every reachable object. The
//!    traversal uses an explicit mark stack, never recursion (a million-element linked list must
//!    not overflow the machine stack), and runs on `gc_threads` workers that steal from each
//!    other (see shared/workers.rs). Mark bits live in a side bitmap, not in the header (see below).
//! 2. **Compute forwarding addresses.** Walk the marked objects in address order with a `free`
//!    pointer starting at the bottom; each live object's new address is `free`, then `free`
//!    grows by its size. The new address is written into the object's GC word. (Done in
//!    parallel, chunk by chunk, after a summary: see "Parallel planning and compaction".)
//! 3. **Update references.** Every root and every reference field of every live object is
//!    replaced by its target's forwarding address. Objects have not moved yet, so each target's
//!    GC word still holds its forwarding address. (This pass is split by address range over the
//!    workers: each object's fields are written by exactly one of them.)
//! 4. **Move.** Walk the marked objects in address order again and copy each to its forwarding
//!    address. Because an object's new address is never above its old one and we go upwards,
//!    the copy never clobbers an object not yet moved (`HeapMemory::copy` handles the overlap of
//!    an object with its own old bytes). Neighbouring live objects share one offset, so each
//!    maximal run of them is moved with a single `memmove`. Then each moved header is restored
//!    and `top` becomes the end of the last object. Dead objects are simply overwritten: the
//!    compacted prefix has no gaps, so nothing needs filling. (With several workers the walk is
//!    split into units that may run at once only when that is safe: see below.)
//!
//! # The dense prefix (HotSpot ParallelOld)
//!
//! Long-lived data settles at the bottom of the heap, and after a few collections the bottom is
//! almost all live. Sliding it would move a lot of bytes to recover a little space. So before
//! planning, the collector picks a *dense prefix* `[start, dense_end)` whose objects stay where
//! they are: only their references are updated, and the dead objects between them are turned
//! into filler objects (`HeapMemory::fill_gap`) so the space stays parseable. Everything above
//! `dense_end` slides down to `dense_end`.
//!
//! The rule: `dense_end` is the *largest* live-object end `e` such that the dead bytes in
//! `[start, e)` are at most `DENSE_PREFIX_DEAD_PERCENT` (5%) of `e - start`. So at most 5% of
//! the prefix is wasted, and the prefix always includes the leading run of objects that would
//! not move at all. The live object following `dense_end`, if any, has a dead gap before it
//! (otherwise its end would satisfy the rule too), so everything above it really moves.
//! Maximal compaction (prefix = only that fully-live leading run) is done instead on
//! `System.gc()` and heap inspection (as HotSpot's UseMaximumCompactionOnSystemGC) and when the
//! heap cannot grow and less than `MAXIMAL_COMPACTION_FREE_PERCENT` (10%) of it would be free:
//! near an OutOfMemoryError the dead wood is worth reclaiming.
//!
//! # Where the marks and the forwarding addresses live
//!
//! - **Mark bits: a side bitmap**, one bit per 8-byte word of the space (1/64 of the heap), at
//!   the bit of the object's first word, in `AtomicU64` words so parallel markers claim an object
//!   with one `fetch_or` (whoever flips the bit scans the object). A side bitmap rather than the
//!   header's mark bit because: marking touches only the bitmap, not every live object's cache
//!   line a second time; phases 2-4 find the next live object by scanning bits (`trailing_zeros`)
//!   and skip runs of garbage without reading a single dead header; the mark state never needs
//!   clearing object by object (the used part of the bitmap is zeroed in one sweep); and the GC
//!   word stays free for the forwarding address.
//! - **Forwarding addresses: in the GC word**, via `gcword::forwarding(new)`, which uses bits
//!   32-63 and the state bits 0-1. That overwrites the identity hash (bits 32-62) but not the age,
//!   the hashed flag or the monitor index (bits 3-31), which are kept in place in the forwarded
//!   word. Only the hash must be saved elsewhere: objects whose word has the hashed bit are
//!   recorded in a side table of `(new address, original GC word)` (HotSpot's "preserved marks"),
//!   built per chunk in phase 2 (concatenated in chunk order it is sorted by new address) and
//!   looked up by binary search in phase 4 by whichever worker moves the object. Few objects are
//!   ever hashed, so the table is small, where saving every word with a non-zero age would mean
//!   saving nearly every survivor's.
//!
//! # Mark stack overflow
//!
//! Each worker's deque holds at most `workers::DEFAULT_LOCAL_CAPACITY` tasks; when full it spills
//! half of them to the shared list, which holds at most `DEFAULT_SHARED_CAPACITY`. When both are
//! full the object is left marked but unscanned and an `overflowed` flag is raised. After the
//! workers terminate, if the flag is set, the collector *rescans the heap*: for every marked
//! object it marks and queues the unmarked children (in bounded batches, each drained by the
//! workers), and repeats until a whole pass raises no overflow (the classic fallback for a
//! bounded mark stack, as in the Handbook's mark-sweep chapter).
//! Large reference arrays are scanned in chunks of `ARRAY_CHUNK` elements (a continuation task is
//! queued for the rest), so one array never floods a deque. Marking memory is therefore bounded
//! whatever the shape of the heap.
//!
//! # Parallelism
//! Every phase runs on the worker pool of shared/workers.rs: `min(gc_threads, 1 + used /
//! BYTES_PER_WORKER)` workers, so a small heap is collected on the calling thread alone (with one
//! worker no thread is woken). Marking (phase 1) steals tasks; updating references (phase 3) hands
//! out fixed 256 KB address ranges (`for_each_index`); planning and moving (phases 2 and 4) work
//! in chunks, as HotSpot's ParallelOld (PSParallelCompact) does, described next.
//!
//! # Parallel planning and compaction (HotSpot ParallelOld)
//!
//! The space is cut into *chunks* of `COMPACT_CHUNK` (64 KB; larger above 16 MB used, so that
//! there are at most `MAX_CHUNKS`) from `start` (ParallelOld's "regions"); an object belongs to
//! the chunk its first word is in. With one worker the whole
//! space is one chunk, and the phases below become the sequential sweeps described above.
//!
//! **2a. Summary** (in parallel, a chunk per task): each chunk's live bytes and objects, read
//! from the mark bitmap and the marked objects' sizes, plus what the dense prefix rule needs
//! (below). A prefix sum over the chunks then gives the live bytes below each chunk.
//!
//! **The dense prefix from the summary.** The rule asks for the largest live-object end `e` with
//! `100 * live(e) >= 95 * (e - start)` (5% dead at most). Inside chunk `i`, `live(e)` is the
//! live bytes below the chunk plus those of the chunk's objects up to `e`, so each chunk records
//! the best `100 * local_live(e) - 95 * (e - start)` of its object ends: the chunk holds a
//! qualifying end exactly when `100 * live_below(i)` plus that is at least 0. The highest such
//! chunk is walked object by object for the exact end. The fully-live leading run (maximal
//! compaction) comes from each chunk's first object and gap-free run. Same answer as the
//! sequential rule, without a sequential walk of the heap.
//!
//! **2b. Destinations** (a prefix sum, one pass over the chunks): the first chunk above the
//! prefix sends its live bytes above `dense_end` to `dense_end`, each next chunk's to where the
//! previous one's end: `dest(i) = dense_end + moving live bytes of the chunks below i`.
//!
//! **2c. Forwarding** (in parallel, a chunk per task): each chunk walks its marked objects with
//! `free = dest(i)`, exactly as the sequential phase 2 but from its own start. Hashed objects'
//! words are saved per chunk; the lists, concatenated in chunk order, are in address order (old
//! and new: sliding keeps the order), so the move finds a word by binary search on the new
//! address, whichever worker moves the object.
//!
//! **4. The move, destination-driven.** The danger of moving in parallel is clobbering: an
//! object's destination may hold another object that has not moved yet. ParallelOld's answer,
//! used here: a unit of work *fills one destination unit* (a quarter of a chunk, 16 KB, with
//! several workers: `UNITS_PER_CHUNK`), i.e. moves the objects whose new address is in
//! destination unit `k` (a unit: its objects are contiguous in address order, its
//! source span is from the first one's start to the last one's end, and it writes
//! `[new address of its first object, new address of the next unit's first object)`; the units'
//! write ranges tile `[dense_end, new_top)`). When may unit X run?
//!
//! - Units *above* X cannot be in the way: a unit's sources are at or above its destinations,
//!   which are above X's write range.
//! - X's own objects cannot be in the way: it copies them in address order, and each one's
//!   destination ends where the next one's begins, at or below that one's source.
//! - So X waits exactly for the lower units whose source span meets its write range. Each unit
//!   counts them (`waits_for`, an atomic per unit); a unit that finishes decrements the count of
//!   every unit it was in the way of (an index range, since write ranges are in address order)
//!   and hands the units whose count reaches zero to the workers (`Tasks::push`; the atomics'
//!   acquire/release and the deque's hand-over order the copies). Units that wait for nobody
//!   (the lowest always, and any whose write range held only garbage) are the seeds.
//!
//! Every dependency points upwards, so there is no cycle and the lowest unfinished unit is always
//! ready: the workers never deadlock, and with one worker the units simply run in address order.
//! HotSpot counts per *source* region how many destination regions still have to take its data
//! and frees the region when the count reaches zero; counting per unit the lower units in its way
//! is the same condition seen from the destination, and lets a unit start as soon as its own
//! window is clear even if the rest of a source chunk is not. Unlike HotSpot, a unit moves whole
//! objects (the last one may end in the next destination unit, which is why write ranges are not
//! exactly the units' ranges), so a run of neighbours is split only where a unit ends: each run is one
//! `memmove` and one `region_moved` event.
//!
//! **Large objects are moved in pieces.** An object of two chunks or more would make one unit
//! as long as the object, while the units of the chunks it covers have nothing to do: a heap of
//! a few multi-megabyte arrays (LargeArrays) moved on one worker at a time. Such an object is
//! always its unit's last (whatever follows it has its new address past the next chunk), so the
//! unit is cut before it and the object becomes units of one chunk of bytes each (`Piece`): the
//! first copies the header and fixes it, and reports the object's one `region_moved`; the others
//! only copy bytes. The pieces are units like any other: each waits for the lower units whose
//! sources meet its write range, so when the object slides by less than a chunk each piece waits
//! for the one below it, and when it slides further they run side by side.
//! The dense prefix's chunks are tasks of the same phase: their objects stay, their headers are
//! aged and the dead gaps before their objects become fillers (the gap before a chunk's first
//! object may start in an earlier chunk; nothing else writes there).
//!
//! Each worker logs its keep-alives and runs in the order it did them; after the phase the logs
//! are replayed to the trace worker by worker (as semispace's and the region collector's copies),
//! and `report_activity` records each worker's span, objects and bytes (phase `compact`). A trace
//! reader takes each run's objects from the heap as it was before the pause, so the order of the
//! runs does not matter (tools/src/heap.rs). Why units of destination ranges rather than
//! source chunks: a source chunk's objects may go to two destination chunks, and a destination
//! chunk may take objects from many source chunks; counting per destination makes each unit one
//! contiguous write, the thing whose safety has to be decided.

//! # Invariants
//! - Between collections `[start, top)` is parseable object by object (TLAB tails are fillers)
//!   and `[top, end)` is free.
//! - After marking, a bit is set exactly at the start of each object reachable from the roots.
//! - After phase 2, every marked object at or above `dense_end` has a forwarded GC word whose
//!   address is below or equal to its own, and the new addresses of objects in address order are
//!   contiguous from `dense_end`. Objects below `dense_end` are never forwarded.
//! - After phase 2, the units' write ranges tile `[dense_end, new_top)` in address order, each
//!   unit's source span starts at or above its write range's start, and a unit's `waits_for` is
//!   the number of lower units whose source span meets its write range.
//! - Phase 4 moves a unit only when no lower unit's unmoved object lies in its write range, and
//!   within a unit in increasing address order, so a source is never overwritten before it is
//!   copied. After it, no GC word is forwarded, ages are one higher (saturating) and hashes and
//!   monitor indices are unchanged.
//!
//! # Barriers
//! None: the whole heap is collected with the world stopped, so mutators run no write barrier.
//!
//! # Sizing
//! The space starts at -Xms and doubles (up to -Xmx) when a collection leaves it more than
//! `GROW_THRESHOLD_PERCENT` (70%) full, or when `grow_for` is asked to make room for an
//! allocation that still does not fit. The reservation is `RESERVED_PREFIX + -Xmx`.
//!
//! # Steps a viewer can watch
//! With somebody watching (docs/stream-format.md, "Steps inside a collection"), a frame after
//! each phase: `marked` (the mark bitmap as the `marked` stream), `planned` (the `forwarded`
//! stream and the dense prefix's end), `updated`, `compacted`.
//!
//! # What it reports to the tracer
//! Kind Major (the whole heap is collected): `kept_alive(addr, size)` for each live object in the
//! dense prefix and one `region_moved(from, to, count, bytes)` per maximal run of neighbouring
//! live objects slid by the same offset within a unit (a large object moved in pieces is one
//! run, reported by its first piece). With one worker, in address order (prefix
//! first); with several, worker by worker, each in the order it worked. A trace reader applies
//! the runs to its model of the heap to know where every object went; objects with no event died.
//!
//! # GC log
//! `-Xlog:gc*` adds a `[gc,phases]` line per pause before its `[gc]` line: each phase's time
//! (plan with its summary, compact with the replay of the workers' logs), plan + compact, the
//! workers, units and chunk size, the dense prefix and the bytes moved.

use crate::collector::*;
use crate::memory::{HeapMemory, RESERVED_PREFIX};
use crate::object::{gcword, ElemKind, Ref, Shape, TypeRegistry, ARRAY_BASE};
use crate::shared::controller::VmControl;
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use crate::shared::sizing::{align_down_page, workers_for};
use crate::shared::steps::{self, kb, BumpBins};
use crate::shared::workers::{
    report_activity, Tasks, WorkerPool, WorkerStats, DEFAULT_LOCAL_CAPACITY,
    DEFAULT_SHARED_CAPACITY,
};
use gcvm_tracer::stream::tiles::Bins;
use gcvm_tracer::stream::StepKind;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Mark-compact's own heap streams (docs/stream-format.md): marked bytes, and (from the
/// `planned` step) the bytes whose new address is planned.
const STREAM_MARKED: u16 = gcvm_tracer::stream::standard::COUNT;
const STREAM_FORWARDED: u16 = gcvm_tracer::stream::standard::COUNT + 1;

/// The steps of a collection, one frame each (docs/stream-format.md).
static STEP_MARKED: StepKind = StepKind {
    kind: "mark-compact.marked",
    name: "marked",
    explain: "Marking is done: every object reachable from the roots has its mark bit set; \
              the rest of each tile's used bytes is garbage, still in place.",
    concurrent: false,
    progress: false,
};
static STEP_PLANNED: StepKind = StepKind {
    kind: "mark-compact.planned",
    name: "planned",
    explain: "Every live object above the dense prefix now holds its new address (the running \
              sum of the live bytes below it); objects in the dense prefix will not move.",
    concurrent: false,
    progress: false,
};
static STEP_UPDATED: StepKind = StepKind {
    kind: "mark-compact.updated",
    name: "references updated",
    explain: "Every root and every reference field now points to its target's new address; \
              nothing has moved yet, so the picture is the planned one.",
    concurrent: false,
    progress: false,
};
static STEP_COMPACTED: StepKind = StepKind {
    kind: "mark-compact.compacted",
    name: "compacted",
    explain: "Live objects slid down to their new addresses in address order: they form one \
              block from the bottom, and everything above the new top is free.",
    concurrent: false,
    progress: false,
};
/// What a pause's in-place step frames (marked, planned, updated) bin once: the objects and
/// the marks do not change between them.
struct InPlaceBins {
    /// The last heap frame's bins (the objects before the collection, in `epoch`).
    seed: Option<BumpBins>,
    epoch: u64,
    objects: Option<Bins>,
    marked: Option<Bins>,
    /// Marked objects at or above the dense prefix's end (known once planned).
    forwarded: Option<Bins>,
}

static STEPS: [&StepKind; 4] = [&STEP_MARKED, &STEP_PLANNED, &STEP_UPDATED, &STEP_COMPACTED];

/// The smallest the space may be: room for a TLAB and some objects.
pub const MIN_CAPACITY: usize = 256 * 1024;
/// The dense prefix may waste at most this percentage of its bytes on dead objects.
pub const DENSE_PREFIX_DEAD_PERCENT: usize = 5;
/// A collection that leaves the space more than this percentage full doubles it.
pub const GROW_THRESHOLD_PERCENT: usize = 70;
/// At maximum size, compact maximally if less than this percentage would otherwise be free.
pub const MAXIMAL_COMPACTION_FREE_PERCENT: usize = 10;
/// Reference arrays are scanned this many elements per mark task.
pub const ARRAY_CHUNK: usize = 512;
/// The most children the overflow rescan queues before letting the workers drain them.
const RESCAN_BATCH: usize = 1 << 16;
/// Address range per task of the parallel reference update (phase 3).
const UPDATE_CHUNK: usize = 256 * 1024;
/// Chunk of the parallel summary, planning and move (phases 2 and 4) with several workers:
/// HotSpot ParallelOld's region size.
pub const COMPACT_CHUNK: usize = 64 * 1024;

/// At most this many chunks, above 16 MB of used space the chunks grow (powers of two): each
/// costs the planning passes a fixed ~0.1 µs, and a nearly empty 64 MB heap (MultiThreadAlloc's
/// few hundred KB live) planned slower on two workers' 1,024 chunks than on one worker's one.
const MAX_CHUNKS: usize = 256;

/// Units of the move per destination chunk (with several workers): a move of a megabyte or two
/// (SlowLeak's, a few dozen 64 KB units) balanced poorly over two workers when a unit filled a
/// whole chunk.
const UNITS_PER_CHUNK: usize = 4;

/// The destination bytes one unit of the move fills: with several workers a quarter of a
/// `COMPACT_CHUNK` (`UNITS_PER_CHUNK`; of the chunk, when a test forces a smaller one),
/// whatever the chunk size; with one, the whole space (one unit).
fn unit_size(chunk: usize, workers: usize) -> usize {
    if workers > 1 {
        (chunk.min(COMPACT_CHUNK) / UNITS_PER_CHUNK)
            .next_multiple_of(8)
            .max(8)
    } else {
        chunk
    }
}

/// GC-word bits kept in place in a forwarded word: age, hashed flag, monitor index.
const KEPT_BITS: u64 = gcword::AGE_MASK | gcword::HASHED_BIT | gcword::MONITOR_MASK;

/// Wall-clock time of each phase of one collection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseTimes {
    pub mark: Duration,
    /// Phase 2: choosing the dense prefix and computing forwarding addresses.
    pub forward: Duration,
    /// Of phase 2, the summary: live bytes per chunk, the dense prefix, the destinations.
    pub summary: Duration,
    pub update: Duration,
    /// Phase 4: moving objects, filling the prefix's gaps, clearing the bitmap.
    pub compact: Duration,
    /// Of phase 4, handing the workers' moves to the event sink.
    pub report: Duration,
}

/// What the last collection did, for tests, measurements and the curious.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CollectionStats {
    pub times: PhaseTimes,
    /// End of the dense prefix: objects below it stayed in place.
    pub dense_prefix_end: usize,
    /// True when the dense prefix was reduced to the leading run of live objects.
    pub maximal: bool,
    pub live_objects: usize,
    pub live_bytes: usize,
    /// Dead bytes left (as fillers) inside the dense prefix.
    pub prefix_dead_bytes: usize,
    pub moved_objects: usize,
    pub moved_bytes: usize,
    /// Runs of neighbouring objects moved together (one `region_moved` event each).
    pub moved_runs: usize,
    /// Objects whose identity hash was saved in the side table.
    pub preserved_hashes: usize,
    /// Heap rescans after mark stack overflow.
    pub mark_rescans: u32,
    /// Per marking worker, summed over the marking rounds.
    pub mark_workers: Vec<WorkerStats>,
    /// Chunk size of the summary, the planning and the move (the whole space with one
    /// worker), the destination bytes one unit of the move fills (`unit_size`), and the units
    /// the move was split into (one per destination unit).
    pub chunk_size: usize,
    pub unit_size: usize,
    pub compaction_units: usize,
    /// The longest chain of units each waiting for the one before (the move's critical path).
    pub compaction_chain: usize,
    /// Workers that took part in the move.
    pub compaction_workers: usize,
}

/// The state the marking workers share.
struct Marker<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    bitmap: &'a MarkBitmap,
    /// Set when a task was refused by full queues: the heap must be rescanned.
    overflowed: AtomicBool,
}

/// A mark task: the object's Ref in the low 32 bits; for a reference array, the index of the
/// first element to scan in the high 32 bits (0 for a whole object).
type MarkTask = u64;

impl Marker<'_> {
    /// Whether `obj` has reference slots worth scanning.
    #[inline]
    fn has_refs(&self, obj: Ref) -> bool {
        self.memory.has_ref_slots(self.types, obj)
    }

    /// Marks `obj`; true when this call marked it and it has references to scan.
    #[inline]
    fn mark(&self, obj: Ref) -> bool {
        self.bitmap.mark(obj.offset()) && self.has_refs(obj)
    }

    #[inline]
    fn push(&self, tasks: &mut Tasks<'_, MarkTask>, task: MarkTask) {
        if tasks.push(task).is_err() {
            // The object stays marked but unscanned; the rescan will find it.
            self.overflowed.store(true, Ordering::Relaxed);
        }
    }

    #[inline]
    fn visit(&self, slot: usize, tasks: &mut Tasks<'_, MarkTask>) {
        let child = self.memory.read_ref(slot);
        if !child.is_null() && self.mark(child) {
            self.push(tasks, child.raw() as MarkTask);
        }
    }

    /// Discovers `obj` if it is a reference whose referent is not marked (yet): returns the
    /// referent slot tracing must then skip.
    #[inline]
    fn discover(&self, obj: Ref, out: &mut Discovered) -> Option<usize> {
        let (kind, slot) = self
            .types
            .references()
            .should_discover(self.memory, obj, |r| self.bitmap.is_marked(r.offset()))?;
        out.push(kind, obj);
        Some(slot)
    }

    /// Scans one task: marks the object's unmarked children and queues those with references
    /// (a reference object's unmarked referent is discovered instead).
    fn trace(&self, task: MarkTask, tasks: &mut Tasks<'_, MarkTask>, discovered: &mut Discovered) {
        let obj = Ref::from_raw(task as u32);
        let base = obj.offset();
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                let skip = self.discover(obj, discovered);
                for &o in ref_offsets.iter() {
                    let slot = base + o as usize;
                    if Some(slot) != skip {
                        self.visit(slot, tasks);
                    }
                }
            }
            Shape::Array {
                elem: ElemKind::Ref,
            } => {
                let len = self.memory.array_length(obj) as usize;
                let from = (task >> 32) as usize;
                let to = len.min(from + ARRAY_CHUNK);
                if to < len {
                    // The rest of the array is a task of its own, queued below our children so
                    // they are scanned first (depth first keeps the deque short).
                    self.push(tasks, obj.raw() as MarkTask | (to as MarkTask) << 32);
                }
                for i in from..to {
                    self.visit(base + ARRAY_BASE + 4 * i, tasks);
                }
            }
            Shape::Array { .. } | Shape::Filler => {}
        }
    }
}

/// Marking from a set of seeds to the transitive closure (with the overflow rescans), and
/// reference processing's view of it: marked means live, keeping alive is marking.
struct MarkClosure<'a> {
    collector: &'a MarkCompact,
    marker: &'a Marker<'a>,
    pool: &'a WorkerPool,
    workers: Vec<WorkerStats>,
    rescans: u32,
    discovered: Discovered,
}

impl MarkClosure<'_> {
    /// Drains `seeds` (marked already) on the workers, then rescans for overflowed objects.
    fn complete(&mut self, seeds: Vec<MarkTask>) {
        self.drain(seeds);
        let (memory, types, marker) =
            (&*self.collector.memory, &*self.collector.types, self.marker);
        while marker.overflowed.swap(false, Ordering::SeqCst) {
            // Some marked objects were never scanned. Find them all: any marked object with an
            // unmarked child. Children marked here are queued in bounded batches and drained.
            self.rescans += 1;
            let mut batch = Vec::new();
            let (start, top) = (self.collector.start, self.collector.top);
            for addr in self.collector.bitmap.marked(start, top) {
                let obj = Ref::from_offset(addr);
                let skip = marker.discover(obj, &mut self.discovered);
                memory.for_each_ref_slot(types, obj, |slot| {
                    let child = memory.read_ref(slot);
                    if Some(slot) != skip && !child.is_null() && marker.mark(child) {
                        batch.push(child.raw() as MarkTask);
                    }
                });
                if batch.len() >= RESCAN_BATCH {
                    self.drain(std::mem::take(&mut batch));
                }
            }
            self.drain(batch);
        }
    }

    fn drain(&mut self, seeds: Vec<MarkTask>) {
        let marker = self.marker;
        let results = self.pool.run(
            seeds,
            |_| Discovered::default(),
            |discovered, task, tasks| marker.trace(task, tasks, discovered),
        );
        for (w, (discovered, s)) in self.workers.iter_mut().zip(results) {
            w.add(&s);
            self.discovered.merge(discovered);
        }
    }
}

impl Liveness for MarkClosure<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        self.collector.bitmap.is_marked(obj.offset()).then_some(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let seeds = objs
            .iter()
            .filter(|o| self.marker.mark(**o))
            .map(|o| o.raw() as MarkTask)
            .collect();
        self.complete(seeds);
        discovered.merge(std::mem::take(&mut self.discovered));
        objs.to_vec()
    }
}

/// A maximal run of neighbouring live objects that slide by one offset.
#[derive(Clone, Copy)]
struct Run {
    from: usize,
    to: usize,
    count: usize,
    bytes: usize,
}

pub struct MarkCompact {
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    start: usize,
    /// Committed end: allocation may not pass it.
    end: usize,
    /// The most the space may ever grow to.
    reserved_end: usize,
    /// Allocation pointer: `[start, top)` holds objects.
    top: usize,
    bitmap: MarkBitmap,
    /// `--gc-threads`: the most workers a phase uses.
    gc_threads: usize,
    /// Bounds of the marking queues: tasks per worker deque, tasks in the shared list.
    mark_queue_capacities: (usize, usize),
    last: CollectionStats,
    /// Collections so far: what `[start, top)` holds changes with each.
    epoch: u64,
    /// The objects as the viewer's last frame binned them.
    frame_bins: Option<BumpBins>,
    /// Forces the chunk size of phases 2 and 4 (tests); None: `chunk_size`'s choice.
    compact_chunk: Option<usize>,
    /// The VM, for `-Xlog:gc*` detail lines (None in tests that drive the collector alone).
    vm: Option<&'static dyn VmControl>,
}

impl MarkCompact {
    pub fn new(ctx: CollectorContext) -> Result<MarkCompact, String> {
        let max = align_down_page(ctx.config.max_size).max(MIN_CAPACITY);
        let initial = align_down_page(ctx.config.initial_size).clamp(MIN_CAPACITY, max);
        let needed = RESERVED_PREFIX + max;
        if ctx.memory.size() < needed {
            return Err(format!(
                "heap reservation of {} bytes is smaller than the {needed} mark-compact needs",
                ctx.memory.size()
            ));
        }
        let start = RESERVED_PREFIX;
        Ok(MarkCompact {
            memory: ctx.memory,
            types: ctx.types,
            start,
            end: start + initial,
            reserved_end: start + max,
            top: start,
            bitmap: MarkBitmap::new(start),
            gc_threads: ctx.config.gc_threads.max(1),
            mark_queue_capacities: (DEFAULT_LOCAL_CAPACITY, DEFAULT_SHARED_CAPACITY),
            last: CollectionStats::default(),
            epoch: 0,
            frame_bins: None,
            compact_chunk: None,
            vm: None,
        })
    }

    /// Bytes the reservation must have for a mark-compact heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + align_down_page(max_size).max(MIN_CAPACITY)
    }

    /// What the last collection did (phase times, dense prefix, moves, marking workers).
    pub fn last_collection(&self) -> &CollectionStats {
        &self.last
    }

    /// Bounds the marking queues (tasks per worker deque, tasks in the shared overflow list).
    /// Tiny bounds force the mark-stack overflow path; the defaults are
    /// `workers::DEFAULT_LOCAL_CAPACITY` and `DEFAULT_SHARED_CAPACITY`.
    pub fn set_mark_queue_capacities(&mut self, local: usize, shared: usize) {
        self.mark_queue_capacities = (local, shared);
    }

    /// Forces the chunk size of the parallel summary, planning and move (rounded up to 8
    /// bytes), whatever the number of workers: tiny chunks test the unit scheduling. None
    /// restores the default (`COMPACT_CHUNK`, or one chunk with one worker).
    pub fn set_compaction_chunk(&mut self, bytes: Option<usize>) {
        self.compact_chunk = bytes.map(|b| b.next_multiple_of(8).max(8));
    }

    /// The workers for this collection: `gc_threads`, fewer for a small heap.
    fn pool(&self) -> WorkerPool {
        let threads = workers_for(self.gc_threads, self.used());
        let (local, shared) = self.mark_queue_capacities;
        WorkerPool::new(threads).with_capacities(local, shared)
    }

    fn bump(&mut self, size: usize) -> Option<usize> {
        (self.end - self.top >= size).then(|| {
            let at = self.top;
            self.top += size;
            at
        })
    }

    /// Doubles the committed size, up to the reservation; true if it grew.
    fn grow(&mut self) -> bool {
        let new_end = (self.start + 2 * (self.end - self.start)).min(self.reserved_end);
        let grew = new_end > self.end;
        self.end = new_end;
        grew
    }

    // ---- phase 1 ----

    /// Marks everything reachable from `roots`, then processes the references discovered
    /// (shared/refs.rs); returns per-worker statistics and rescans.
    fn mark(&self, pool: &WorkerPool, roots: &mut dyn RootSource) -> (Vec<WorkerStats>, u32) {
        let marker = Marker {
            memory: &self.memory,
            types: &self.types,
            bitmap: &self.bitmap,
            overflowed: AtomicBool::new(false),
        };
        let mut closure = MarkClosure {
            collector: self,
            marker: &marker,
            pool,
            workers: vec![WorkerStats::default(); pool.threads()],
            rescans: 0,
            discovered: Discovered::default(),
        };
        let mut seeds = Vec::new();
        roots.visit_roots(&mut |r| {
            if marker.mark(r) {
                seeds.push(r.raw() as MarkTask);
            }
            r
        });
        closure.complete(seeds);
        let discovered = std::mem::take(&mut closure.discovered);
        ReferenceProcessor::new(&self.types, &self.memory).process(discovered, &mut closure);
        (closure.workers, closure.rescans)
    }

    /// `-Xlog:gc*`: the pause's phases, a `[gc,phases]` line before the pause's `[gc]` line.
    fn log_phases(&self, stats: &CollectionStats) {
        let Some(vm) = self.vm else { return };
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let t = &stats.times;
        let id = vm.pause_count().saturating_sub(1);
        vm.log_gc_detail(
            "gc,phases",
            &format!(
                "GC({id}) Phases: mark {:.3}ms, plan {:.3}ms (summary {:.3}ms), update {:.3}ms, \
                 compact {:.3}ms (report {:.3}ms), plan+compact {:.3}ms; workers: {} marking, {} \
                 compacting; units: {} of {}K in chunks of {}K, longest chain {}; dense prefix \
                 {}K; {}K moved in {} runs",
                ms(t.mark),
                ms(t.forward),
                ms(t.summary),
                ms(t.update),
                ms(t.compact),
                ms(t.report),
                ms(t.forward + t.compact),
                stats.mark_workers.len(),
                stats.compaction_workers,
                stats.compaction_units,
                stats.unit_size.div_ceil(1024),
                stats.chunk_size.div_ceil(1024),
                stats.compaction_chain,
                (stats.dense_prefix_end - self.start) >> 10,
                stats.moved_bytes >> 10,
                stats.moved_runs,
            ),
        );
        let mark_ms = ms(t.mark).max(1e-6);
        vm.log_gc_detail(
            "gc,marking",
            &format!(
                "GC({id}) Marking: {} objects, {}K live, marked by {} workers in {:.3}ms: {:.0} \
                 objects/ms, {:.0}K/ms",
                stats.live_objects,
                stats.live_bytes >> 10,
                stats.mark_workers.len(),
                ms(t.mark),
                stats.live_objects as f64 / mark_ms,
                (stats.live_bytes >> 10) as f64 / mark_ms,
            ),
        );
    }

    // ---- phase 2 ----

    /// The chunk size of this collection's summary, planning and compaction: the configured
    /// one, else `COMPACT_CHUNK` with several workers and the whole space with one (one chunk
    /// and one compaction unit: the address-order sweeps of the sequential algorithm).
    fn chunk_size(&self, workers: usize) -> usize {
        match self.compact_chunk {
            Some(c) => c,
            None if workers > 1 => ((self.top - self.start) / MAX_CHUNKS)
                .next_power_of_two()
                .max(COMPACT_CHUNK),
            None => (self.top - self.start).next_multiple_of(8).max(8),
        }
    }

    /// Chooses the dense prefix and writes forwarding addresses above it, chunk by chunk on
    /// `pool`'s workers: the summary (live bytes per chunk), the destinations (a prefix sum),
    /// then each chunk's forwarding addresses. Returns the plan the compaction follows.
    fn plan(&self, pool: &WorkerPool, cause: GcCause, stats: &mut CollectionStats) -> Plan {
        let (memory, types, bitmap) = (&*self.memory, &*self.types, &self.bitmap);
        let (start, top) = (self.start, self.top);
        let chunk = self.chunk_size(pool.threads());
        let n = (top - start).div_ceil(chunk);
        let range = |i: usize| (start + i * chunk, (start + (i + 1) * chunk).min(top));
        let t = Instant::now();

        // 2a. Summary, in parallel: what each chunk's marked objects add up to.
        let keep = (100 - DENSE_PREFIX_DEAD_PERCENT) as i64;
        let sums: Vec<ChunkSummary> = per_index(pool, n, |i| {
            let (lo, hi) = range(i);
            let mut s = ChunkSummary::default();
            let mut solid = true;
            for addr in bitmap.marked(lo, hi) {
                let size = memory.object_size(types, Ref::from_offset(addr));
                if s.objects == 0 {
                    (s.first, s.solid_end) = (addr, addr);
                }
                if solid && addr == s.solid_end {
                    s.solid_end = addr + size;
                } else {
                    solid = false;
                }
                s.live += size;
                s.objects += 1;
                s.last_end = addr + size;
                let score = 100 * s.live as i64 - keep * (s.last_end - start) as i64;
                s.best = s.best.max(score);
                if i == 0 && score >= 0 {
                    s.dense = Some((s.last_end, s.live));
                }
            }
            s
        });
        let mut live_before = Vec::with_capacity(n + 1);
        let (mut live, mut objects) = (0usize, 0usize);
        for s in &sums {
            live_before.push(live);
            live += s.live;
            objects += s.objects;
        }
        live_before.push(live);

        // The dense prefix: the largest live-object end `e` with at most 5% dead below it, i.e.
        // 100 * live(e) >= 95 * (e - start). A chunk can hold such an end only if its best
        // object end does; the highest such chunk is walked object by object.
        let (mut dense_end, mut dense_live) = (start, 0usize);
        if let Some(i) = (0..n)
            .rev()
            .find(|&i| sums[i].objects > 0 && 100 * live_before[i] as i64 + sums[i].best >= 0)
        {
            if let Some(found) = sums[i].dense {
                (dense_end, dense_live) = found;
            }
            let (lo, hi) = if i == 0 { (top, top) } else { range(i) };
            let mut live = live_before[i];
            for addr in bitmap.marked(lo, hi) {
                let size = memory.object_size(types, Ref::from_offset(addr));
                live += size;
                let end = addr + size;
                let span = end - start;
                if (span - live) * 100 <= DENSE_PREFIX_DEAD_PERCENT * span {
                    (dense_end, dense_live) = (end, live);
                }
            }
        }
        // The leading run of live objects with no gap at all (maximal compaction's prefix).
        let mut solid_end = start;
        for s in sums.iter().filter(|s| s.objects > 0) {
            if s.first != solid_end {
                break;
            }
            solid_end = s.solid_end;
            if s.solid_end != s.last_end {
                break;
            }
        }

        let capacity = self.end - self.start;
        let prefix_dead = dense_end - start - dense_live;
        let cannot_grow = self.end == self.reserved_end;
        let nearly_full = (capacity - (live + prefix_dead).min(capacity)) * 100
            < MAXIMAL_COMPACTION_FREE_PERCENT * capacity;
        let maximal = prefix_dead > 0
            && (matches!(
                cause,
                GcCause::SystemGc | GcCause::HeapInspection | GcCause::LastDitch
            ) || (cannot_grow && nearly_full));
        if maximal {
            (dense_end, dense_live) = (solid_end, solid_end - start);
        }
        stats.maximal = maximal;
        stats.dense_prefix_end = dense_end;
        stats.live_bytes = live;
        stats.live_objects = objects;
        stats.prefix_dead_bytes = if maximal { 0 } else { prefix_dead };
        let new_top = dense_end + (live - dense_live);

        // 2b. Destinations, a prefix sum: chunk i's first moving object goes to dest[i].
        let first_moving = (dense_end - start) / chunk;
        let mut dest = vec![dense_end; n];
        let mut free = dense_end;
        for i in first_moving..n {
            dest[i] = free;
            free += if i == first_moving {
                live_before[i + 1] - dense_live
            } else {
                sums[i].live
            };
        }
        debug_assert!(n == 0 || free == new_top);
        stats.times.summary = t.elapsed();

        // 2c. Forwarding addresses, in parallel, each chunk from its destination. Each object
        // is also counted into its compaction unit: the destination unit (`unit_size`) its new
        // address is in. A unit's objects are contiguous in address order, so its sources are the span
        // from its lowest to its highest object (fetch_min / fetch_max over the chunks).
        let unit_bytes = unit_size(chunk, pool.threads());
        let n_units = (top - start).div_ceil(unit_bytes);
        let unit_first: Vec<AtomicUsize> =
            (0..n_units).map(|_| AtomicUsize::new(usize::MAX)).collect();
        let unit_end: Vec<AtomicUsize> = (0..n_units).map(|_| AtomicUsize::new(0)).collect();
        // Large objects move in pieces of a `COMPACT_CHUNK` (or of a smaller forced chunk),
        // whatever the chunk size.
        let piece = chunk.min(COMPACT_CHUNK);
        let large_from = PIECES_FROM_CHUNKS * piece;
        type Saved = (Vec<(Ref, u64)>, Vec<(usize, usize, usize)>);
        let saved: Vec<Saved> = per_index(pool, n.saturating_sub(first_moving), |j| {
            let i = first_moving + j;
            let (lo, hi) = range(i);
            let mut free = dest[i];
            let mut saved = Vec::new();
            let mut large = Vec::new();
            let mut unit = usize::MAX;
            let mut last_end = 0;
            for addr in bitmap.marked(lo.max(dense_end), hi) {
                let obj = Ref::from_offset(addr);
                let size = memory.object_size(types, obj);
                let u = (free - start) / unit_bytes;
                if u != unit {
                    if unit != usize::MAX {
                        unit_end[unit].fetch_max(last_end, Ordering::Relaxed);
                    }
                    unit_first[u].fetch_min(addr, Ordering::Relaxed);
                    unit = u;
                }
                let word = memory.gc_word(obj);
                let to = Ref::from_offset(free);
                if word & gcword::HASHED_BIT != 0 {
                    saved.push((to, word));
                }
                memory.set_gc_word(obj, gcword::forwarding(to) | (word & KEPT_BITS));
                if size >= large_from {
                    large.push((addr, size, free));
                }
                free += size;
                last_end = addr + size;
            }
            if unit != usize::MAX {
                unit_end[unit].fetch_max(last_end, Ordering::Relaxed);
            }
            (saved, large)
        });
        // In chunk order, hence in address order (old and new: sliding keeps the order).
        let (saved, large): (Vec<_>, Vec<_>) = saved.into_iter().unzip();
        let preserved: Vec<(Ref, u64)> = saved.into_iter().flatten().collect();
        let large: Vec<(usize, usize, usize)> = large.into_iter().flatten().collect();
        stats.preserved_hashes = preserved.len();

        // The units, in address order, with the dependencies of the destination-driven move.
        let mut units: Vec<Unit> = (0..n_units)
            .filter_map(|k| {
                let first = unit_first[k].load(Ordering::Relaxed);
                (first != usize::MAX).then(|| Unit {
                    first,
                    end: unit_end[k].load(Ordering::Relaxed),
                    write_start: gcword::forwarded_to(memory.gc_word(Ref::from_offset(first)))
                        .offset(),
                    write_end: new_top,
                    waits_for: 0,
                    unblocks: (0, 0),
                    piece: Piece::Objects,
                })
            })
            .collect();
        for k in 1..units.len() {
            units[k - 1].write_end = units[k].write_start;
        }
        let mut units = cut_large_objects(units, &large, piece);
        // Unit U must have moved its objects out before a later unit X writes where they are:
        // an edge U -> X for every X above U whose write range meets U's source span. The write
        // ranges tile [dense_end, new_top) in order, so those X are one index range.
        for u in 0..units.len() {
            let (first, end) = (units[u].first, units[u].end);
            let lo = units.partition_point(|x| x.write_end <= first).max(u + 1);
            let hi = units.partition_point(|x| x.write_start < end);
            if lo < hi {
                units[u].unblocks = (lo, hi);
                for x in &mut units[lo..hi] {
                    x.waits_for += 1;
                }
            }
        }
        // The longest chain of units that must run one after another (the move's critical
        // path: with it as long as the number of units, the move is sequential).
        let mut depth = vec![1usize; units.len()];
        for u in 0..units.len() {
            let (lo, hi) = units[u].unblocks;
            for x in lo..hi {
                depth[x] = depth[x].max(depth[u] + 1);
            }
        }
        stats.compaction_chain = depth.iter().copied().max().unwrap_or(0);
        stats.chunk_size = chunk;
        stats.unit_size = unit_bytes;
        stats.compaction_units = units.len();

        // Per chunk, where the objects starting before it end (the dense prefix's gaps).
        let mut covered = Vec::with_capacity(n);
        let mut end = start;
        for s in &sums {
            covered.push(end);
            end = end.max(s.last_end);
        }
        Plan {
            new_top,
            chunk,
            covered,
            preserved,
            units,
        }
    }
    // ---- phase 3 ----

    /// The objects, the `marked` stream (every marked object's bytes) and, with `dense_end`,
    /// the `forwarded` stream (marked objects at or above it) and the dense prefix's
    /// separator. The objects stay put until the compaction, so `bins` keeps what the first
    /// frame walked for the frames after it.
    fn tile_in_place(&self, tiles: &mut Tiler, bins: &mut InPlaceBins, dense_end: Option<usize>) {
        let tile_size = tiles.tile_size();
        let (start, top, epoch) = (self.start, self.top, bins.epoch);
        let seed = &mut bins.seed;
        let objects = bins.objects.get_or_insert_with(|| {
            BumpBins::update(
                seed,
                &self.memory,
                &self.types,
                start,
                top,
                epoch,
                tile_size,
            )
            .clone()
        });
        tiles.add_bins(objects);
        if bins.marked.is_none() || (dense_end.is_some() && bins.forwarded.is_none()) {
            let mut marked = Bins::new(self.start as u64, tile_size);
            let mut forwarded = Bins::new(self.start as u64, tile_size);
            for addr in self.bitmap.marked(self.start, self.top) {
                let size = self.memory.object_size(&self.types, Ref::from_offset(addr)) as u64;
                marked.object(addr as u64, size);
                if dense_end.is_some_and(|d| addr >= d) {
                    forwarded.object(addr as u64, size);
                }
            }
            bins.marked = Some(marked);
            bins.forwarded = dense_end.map(|_| forwarded);
        }
        if let Some(marked) = &bins.marked {
            tiles.add_stream_bins(STREAM_MARKED, marked);
        }
        if let Some(forwarded) = &bins.forwarded {
            tiles.add_stream_bins(STREAM_FORWARDED, forwarded);
        }
        if let Some(d) = dense_end.filter(|&d| d > self.start) {
            tiles.separator(d as u64);
        }
    }

    /// Bytes of marked objects (for step titles).
    fn marked_bytes(&self) -> u64 {
        self.bitmap
            .marked(self.start, self.top)
            .map(|a| self.memory.object_size(&self.types, Ref::from_offset(a)) as u64)
            .sum()
    }

    /// The step frame of `kind` while objects are still in place (marked, planned, updated).
    fn step_in_place(
        &self,
        events: &mut dyn GcEventSink,
        kind: &'static StepKind,
        title: impl FnOnce() -> String,
        bins: &mut InPlaceBins,
        dense_end: Option<usize>,
    ) {
        steps::take(
            events,
            kind,
            || self.spaces(),
            title,
            |tiles| self.tile_in_place(tiles, bins, dense_end),
        );
    }

    /// Points every root and every live object's fields at the forwarding addresses.
    fn update_references(&self, pool: &WorkerPool, roots: &mut dyn RootSource, dense_end: usize) {
        let memory = &*self.memory;
        let forwardee = |r: Ref| -> Ref {
            if r.offset() < dense_end {
                debug_assert!(
                    self.bitmap.is_marked(r.offset()),
                    "reference {r:?} to an object that was not marked"
                );
                r
            } else {
                let word = memory.gc_word(r);
                debug_assert!(
                    gcword::is_forwarded(word),
                    "reference {r:?} to an object that was not marked"
                );
                gcword::forwarded_to(word)
            }
        };
        roots.visit_roots(&mut |r| forwardee(r));
        let (start, top) = (self.start, self.top);
        let chunks = (top - start).div_ceil(UPDATE_CHUNK);
        pool.for_each_index(chunks, |i| {
            let from = start + i * UPDATE_CHUNK;
            let to = (from + UPDATE_CHUNK).min(top);
            // Each object belongs to the chunk its first word is in: its fields are written by
            // exactly one worker, and nothing else is written in this phase.
            for addr in self.bitmap.marked(from, to) {
                memory.for_each_ref_slot(&self.types, Ref::from_offset(addr), |slot| {
                    let target = memory.read_ref(slot);
                    if !target.is_null() {
                        let new = forwardee(target);
                        if new != target {
                            memory.write_ref(slot, new);
                        }
                    }
                });
            }
        });
    }

    // ---- phase 4 ----

    /// Keeps the prefix's objects (filling its gaps) and slides the rest, unit by unit, on
    /// `pool`'s workers; then reports each worker's moves and activity to `events`.
    fn compact(
        &mut self,
        pool: &WorkerPool,
        plan: &Plan,
        events: &mut dyn GcEventSink,
        stats: &mut CollectionStats,
    ) {
        let dense_end = stats.dense_prefix_end;
        let prefix_chunks = (dense_end - self.start).div_ceil(plan.chunk);
        let waits: Vec<AtomicUsize> = plan
            .units
            .iter()
            .map(|u| AtomicUsize::new(u.waits_for))
            .collect();
        let mover = Mover {
            memory: &self.memory,
            types: &self.types,
            bitmap: &self.bitmap,
            start: self.start,
            dense_end,
            plan,
            waits: &waits,
            record: events.wants_events(),
        };
        let started = Instant::now();
        let results: Vec<(MoveLog, WorkerStats)> = if pool.threads() == 1 {
            // In address order: the prefix, then the units (every unit waits only for lower
            // ones, so this order is always safe).
            let mut log = MoveLog::default();
            for i in 0..prefix_chunks {
                mover.keep_prefix(i, &mut log);
            }
            for u in 0..plan.units.len() {
                mover.move_unit(u, &mut log);
            }
            let worker = WorkerStats {
                started: Some(started),
                finished: Some(Instant::now()),
                tasks: (prefix_chunks + plan.units.len()) as u64,
                ..WorkerStats::default()
            };
            vec![(log, worker)]
        } else {
            let seeds = (0..prefix_chunks).map(Task::Prefix).chain(
                (0..plan.units.len())
                    .filter(|&u| plan.units[u].waits_for == 0)
                    .map(Task::Unit),
            );
            WorkerPool::new(pool.threads()).run(
                seeds,
                |_| MoveLog::default(),
                |log, task, tasks| mover.process(task, log, tasks),
            )
        };
        debug_assert!(
            pool.threads() == 1 || waits.iter().all(|w| w.load(Ordering::Relaxed) == 0),
            "every unit was moved"
        );
        // Each worker's log, worker 0 first (as semispace's and the region collector's copies):
        // a trace reader takes each run's objects from the heap as it was before the pause, so
        // the order of the runs does not matter (tools/src/heap.rs).
        let t = Instant::now();
        let mut restored = 0;
        for (log, _) in &results {
            for r in &log.reported {
                match *r {
                    Reported::Kept(addr, size) => events.kept_alive(addr as u64, size as u32),
                    Reported::Moved(r) => events.region_moved(
                        r.from as u64,
                        r.to as u64,
                        r.count as u32,
                        r.bytes as u64,
                    ),
                }
            }
            stats.moved_objects += log.moved_objects;
            stats.moved_bytes += log.moved_bytes;
            stats.moved_runs += log.moved_runs;
            restored += log.restored;
        }
        debug_assert_eq!(
            restored,
            plan.preserved.len(),
            "every saved word was restored"
        );
        let workers: Vec<WorkerStats> = results.iter().map(|(_, s)| *s).collect();
        report_activity(events, "compact", &workers, |i| {
            (results[i].0.objects, results[i].0.bytes)
        });
        stats.compaction_workers = workers.iter().filter(|w| w.started.is_some()).count();
        stats.times.report = t.elapsed();
        let old_top = self.top;
        self.bitmap.clear_in_parallel(pool, old_top);
        self.top = plan.new_top;
    }
}

/// One chunk's marked objects (objects belong to the chunk their first word is in).
#[derive(Clone, Copy)]
struct ChunkSummary {
    /// Bytes and number of the marked objects.
    live: usize,
    objects: usize,
    /// Over the objects' ends `e`: the most `100 * live(e) - 95 * (e - start)`, with `live(e)`
    /// counted from the chunk's start (the dense prefix rule, short of the live bytes below).
    best: i64,
    /// Chunk 0 only (the live bytes below it are known: none): the largest end satisfying
    /// the dense prefix rule and the live bytes up to it, if any. With one chunk (one worker)
    /// the summary then finds the dense prefix in its single walk.
    dense: Option<(usize, usize)>,
    /// The first object, and the end of the gap-free run of objects from it.
    first: usize,
    solid_end: usize,
    /// The end of the last object.
    last_end: usize,
}

impl Default for ChunkSummary {
    fn default() -> ChunkSummary {
        ChunkSummary {
            live: 0,
            objects: 0,
            best: i64::MIN,
            dense: None,
            first: usize::MAX,
            solid_end: 0,
            last_end: 0,
        }
    }
}

/// A unit of the parallel move: the objects whose new address is in one destination unit
/// (`MarkCompact::unit_size`).
#[derive(Clone, Copy, Debug)]
struct Unit {
    /// The span of its objects before the move: its first object's start, its last one's end.
    first: usize,
    end: usize,
    /// Where they go: `[write_start, write_end)`. The units' write ranges tile
    /// `[dense_end, new_top)` in address order.
    write_start: usize,
    write_end: usize,
    /// Lower units whose objects lie in this unit's write range.
    waits_for: usize,
    /// The higher units that wait for this one: an index range.
    unblocks: (usize, usize),
    /// Whole objects, or a piece of a large object's bytes.
    piece: Piece,
}

/// What a unit moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    /// Whole objects: the marked ones in `[first, end)`.
    Objects,
    /// The first bytes of a large object of `size` bytes starting at `first`: its header is
    /// fixed and its move reported here.
    Head { size: usize },
    /// Further bytes of a large object: copied, nothing else.
    Tail,
}

/// Objects of at least this many pieces (a `COMPACT_CHUNK` each, or a smaller forced chunk) are
/// moved in pieces.
const PIECES_FROM_CHUNKS: usize = 2;

/// Splits each unit that ends with a large object (`large`: address, size and new address of
/// every object of `PIECES_FROM_CHUNKS` pieces or more, in address order) into the unit of its
/// other objects, if any, and the object's pieces of `chunk` bytes. The write ranges still tile
/// the same span in address order.
fn cut_large_objects(units: Vec<Unit>, large: &[(usize, usize, usize)], chunk: usize) -> Vec<Unit> {
    if large.is_empty() {
        return units;
    }
    let mut out = Vec::with_capacity(units.len() + large.len() * PIECES_FROM_CHUNKS);
    let mut next = large.iter().peekable();
    for unit in units {
        while next.next_if(|&&(addr, _, _)| addr < unit.first).is_some() {}
        let Some(&&(addr, size, to)) = next.peek().filter(|&&&(a, s, _)| a + s == unit.end) else {
            out.push(unit);
            continue;
        };
        next.next();
        if addr > unit.first {
            out.push(Unit {
                end: addr,
                write_end: to,
                ..unit
            });
        }
        for offset in (0..size).step_by(chunk) {
            let bytes = chunk.min(size - offset);
            out.push(Unit {
                first: addr + offset,
                end: addr + offset + bytes,
                write_start: to + offset,
                write_end: to + offset + bytes,
                piece: if offset == 0 {
                    Piece::Head { size }
                } else {
                    Piece::Tail
                },
                ..unit
            });
        }
    }
    out
}

/// What planning decided, for the move.
struct Plan {
    new_top: usize,
    chunk: usize,
    /// Per chunk, the end of the objects that start below it (where a gap before its first
    /// object begins).
    covered: Vec<usize>,
    /// Saved GC words of hashed objects: (new address, original word), in address order.
    preserved: Vec<(Ref, u64)>,
    units: Vec<Unit>,
}

/// A task of the parallel move.
#[derive(Clone, Copy, Debug)]
enum Task {
    /// Keep chunk i's part of the dense prefix (age headers, fill gaps).
    Prefix(usize),
    /// Move unit u.
    Unit(usize),
}

/// What a worker reports, in the order it did it.
#[derive(Clone, Copy)]
enum Reported {
    Kept(usize, usize),
    Moved(Run),
}

/// One worker's log of the move.
#[derive(Default)]
struct MoveLog {
    reported: Vec<Reported>,
    /// Units made ready that the full task queues refused: run by this worker.
    backlog: Vec<Task>,
    /// Objects and bytes kept or moved (for `worker_activity`).
    objects: u64,
    bytes: u64,
    moved_objects: usize,
    moved_bytes: usize,
    moved_runs: usize,
    /// Saved hashes put back.
    restored: usize,
}

/// The state the compacting workers share.
struct Mover<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    bitmap: &'a MarkBitmap,
    start: usize,
    dense_end: usize,
    plan: &'a Plan,
    /// Per unit, the lower units it still waits for.
    waits: &'a [AtomicUsize],
    /// Does the sink record events (else nothing is logged)?
    record: bool,
}

impl Mover<'_> {
    /// Runs `task`, then every unit it makes ready that the queues had no room for.
    fn process(&self, task: Task, log: &mut MoveLog, tasks: &mut Tasks<'_, Task>) {
        let mut next = Some(task);
        while let Some(task) = next.take().or_else(|| log.backlog.pop()) {
            match task {
                Task::Prefix(i) => self.keep_prefix(i, log),
                Task::Unit(u) => {
                    self.move_unit(u, log);
                    // Release: our copies happen before whatever the unit we make ready does.
                    let (lo, hi) = self.plan.units[u].unblocks;
                    for x in lo..hi {
                        if self.waits[x].fetch_sub(1, Ordering::AcqRel) == 1 {
                            if let Err(t) = tasks.push(Task::Unit(x)) {
                                log.backlog.push(t);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The dense prefix's objects in chunk `i` stay; the dead bytes before each become a filler.
    fn keep_prefix(&self, i: usize, log: &mut MoveLog) {
        let (memory, chunk) = (self.memory, self.plan.chunk);
        let lo = self.start + i * chunk;
        let hi = (lo + chunk).min(self.dense_end);
        let mut cursor = self.plan.covered[i];
        for addr in self.bitmap.marked(lo, hi) {
            let obj = Ref::from_offset(addr);
            if addr > cursor {
                memory.fill_gap(cursor, addr);
            }
            let size = memory.object_size(self.types, obj);
            memory.set_gc_word(obj, gcword::aged(memory.gc_word(obj)) & !gcword::MARK_BIT);
            if self.record {
                log.reported.push(Reported::Kept(addr, size));
            }
            log.objects += 1;
            log.bytes += size as u64;
            cursor = addr + size;
        }
    }

    /// Moves unit `u`'s objects: each maximal run of neighbours with one memmove.
    fn move_unit(&self, u: usize, log: &mut MoveLog) {
        let unit = &self.plan.units[u];
        if unit.piece != Piece::Objects {
            return self.move_piece(unit, log);
        }
        let memory = self.memory;
        let mut run: Option<Run> = None;
        for addr in self.bitmap.marked(unit.first, unit.end) {
            let obj = Ref::from_offset(addr);
            let size = memory.object_size(self.types, obj);
            match &mut run {
                Some(r) if r.from + r.bytes == addr => {
                    debug_assert_eq!(
                        gcword::forwarded_to(memory.gc_word(obj)).offset(),
                        r.to + r.bytes
                    );
                    r.count += 1;
                    r.bytes += size;
                }
                _ => {
                    if let Some(r) = run.take() {
                        self.flush(r, log);
                    }
                    let to = gcword::forwarded_to(memory.gc_word(obj)).offset();
                    run = Some(Run {
                        from: addr,
                        to,
                        count: 1,
                        bytes: size,
                    });
                }
            }
        }
        if let Some(r) = run {
            debug_assert_eq!(r.to + r.bytes, unit.write_end);
            self.flush(r, log);
        }
    }

    /// Copies a piece of a large object; the first also restores the object's header and
    /// reports its move, as `flush` does for a run of one.
    fn move_piece(&self, unit: &Unit, log: &mut MoveLog) {
        let bytes = unit.end - unit.first;
        self.memory.copy(unit.first, unit.write_start, bytes);
        log.bytes += bytes as u64;
        if let Piece::Head { size } = unit.piece {
            self.restore_header(Ref::from_offset(unit.write_start), log);
            let run = Run {
                from: unit.first,
                to: unit.write_start,
                count: 1,
                bytes: size,
            };
            log.objects += 1;
            if self.record {
                log.reported.push(Reported::Moved(run));
            }
            log.moved_objects += 1;
            log.moved_bytes += size;
            log.moved_runs += 1;
        }
    }

    /// The header of `obj`, just copied: its forwarding word becomes its kept bits, aged, with
    /// its saved hash if it had one.
    fn restore_header(&self, obj: Ref, log: &mut MoveLog) {
        let memory = self.memory;
        let mut word = memory.gc_word(obj) & KEPT_BITS;
        if word & gcword::HASHED_BIT != 0 {
            let preserved = &self.plan.preserved;
            let i = preserved
                .binary_search_by_key(&obj, |&(to, _)| to)
                .expect("a saved word for every hashed object");
            word |= preserved[i].1 & gcword::HASH_MASK;
            log.restored += 1;
        }
        memory.set_gc_word(obj, gcword::aged(word));
    }

    /// Copies `run` to its destination and restores its headers (age + 1, saved hashes).
    fn flush(&self, run: Run, log: &mut MoveLog) {
        let memory = self.memory;
        memory.copy(run.from, run.to, run.bytes);
        let mut at = run.to;
        while at < run.to + run.bytes {
            let obj = Ref::from_offset(at);
            self.restore_header(obj, log);
            let size = memory.object_size(self.types, obj);
            if run.from == run.to && self.record {
                // Cannot happen past a dense prefix chosen by the rule, but stay truthful.
                log.reported.push(Reported::Kept(at, size));
            }
            at += size;
        }
        log.objects += run.count as u64;
        log.bytes += run.bytes as u64;
        if run.from != run.to {
            if self.record {
                log.reported.push(Reported::Moved(run));
            }
            log.moved_objects += run.count;
            log.moved_bytes += run.bytes;
            log.moved_runs += 1;
        }
    }
}

/// Index ranges per worker of `per_index`: few enough that claiming one (a shared counter) and
/// storing its results cost little, enough that uneven ranges even out.
const RANGES_PER_WORKER: usize = 16;

/// `f(i)` for every `i` in `0..n` on `pool`'s workers, collected in index order. The workers
/// claim contiguous ranges of indices, not single ones: a chunk is often a few objects, or only
/// garbage, and claiming 1,024 of them one by one from a counter both threads write (and storing
/// each result next to the other thread's) cost as much as the work saved.
fn per_index<T: Send>(pool: &WorkerPool, n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let ranges = if pool.threads() == 1 {
        1
    } else {
        (pool.threads() * RANGES_PER_WORKER).min(n)
    };
    let per = n.div_ceil(ranges.max(1));
    let slots: Vec<Mutex<Vec<T>>> = (0..ranges).map(|_| Mutex::new(Vec::new())).collect();
    pool.for_each_index(ranges, |r| {
        let results: Vec<T> = (r * per..((r + 1) * per).min(n)).map(&f).collect();
        *slots[r].lock() = results;
    });
    slots.into_iter().flat_map(Mutex::into_inner).collect()
}

impl StwCollector for MarkCompact {
    fn name(&self) -> &'static str {
        "mark-compact"
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        vec![SpaceInfo {
            id: 0,
            name: "mark-compact".into(),
            kind: SpaceKind::Old,
            start: self.start,
            end: self.end,
            reserved_end: self.reserved_end,
            top: self.top,
        }]
    }

    fn alloc_tlab(&mut self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let size = desired.min(self.end - self.top);
        if size < min {
            return None;
        }
        self.bump(size).map(|start| (start, start + size))
    }

    fn alloc_outside_tlab(&mut self, size: usize) -> Option<usize> {
        self.bump(size)
    }

    fn tlab_capacity(&self) -> usize {
        self.end - self.start
    }

    fn collect(
        &mut self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used_before = self.used();
        let mut stats = CollectionStats::default();
        self.bitmap.cover(self.top);
        let pool = self.pool();

        let t = Instant::now();
        let (workers, rescans) = self.mark(&pool, roots);
        report_activity(events, "mark", &workers, |i| (workers[i].tasks, 0));
        stats.mark_workers = workers;
        stats.mark_rescans = rescans;
        stats.times.mark = t.elapsed();

        let used = (self.top - self.start) as u64;
        let mut bins = InPlaceBins {
            seed: self.frame_bins.clone(),
            epoch: self.epoch,
            objects: None,
            marked: None,
            forwarded: None,
        };
        self.epoch += 1;
        self.step_in_place(
            events,
            &STEP_MARKED,
            || {
                format!(
                    "Marked: {} KB live of {} KB used",
                    kb(self.marked_bytes()),
                    kb(used)
                )
            },
            &mut bins,
            None,
        );

        let t = Instant::now();
        let plan = self.plan(&pool, cause, &mut stats);
        let new_top = plan.new_top;
        stats.times.forward = t.elapsed();
        let dense_end = stats.dense_prefix_end;
        let moving = (new_top - dense_end) as u64;
        self.step_in_place(
            events,
            &STEP_PLANNED,
            || {
                format!(
                    "Planned: {} KB to slide down to the dense prefix's end ({} KB stay put)",
                    kb(moving),
                    kb((dense_end - self.start) as u64)
                )
            },
            &mut bins,
            Some(dense_end),
        );

        let t = Instant::now();
        self.update_references(&pool, roots, dense_end);
        stats.times.update = t.elapsed();
        self.step_in_place(
            events,
            &STEP_UPDATED,
            || "References updated to the new addresses".to_string(),
            &mut bins,
            Some(dense_end),
        );

        let t = Instant::now();
        self.compact(&pool, &plan, events, &mut stats);
        stats.times.compact = t.elapsed();
        drop(plan);
        self.log_phases(&stats);
        if events.wants_step(&STEP_COMPACTED) {
            // The heap the pause ends with: binned for the pause's end frame too.
            let spaces = self.spaces();
            let (start, top, epoch) = (self.start, self.top, self.epoch);
            let (memory, types, frame_bins) = (&self.memory, &self.types, &mut self.frame_bins);
            steps::take(
                events,
                &STEP_COMPACTED,
                || spaces,
                || {
                    let after = (top - start) as u64;
                    format!(
                        "Compacted: {} KB in use, {} KB freed",
                        kb(after),
                        kb(used - after)
                    )
                },
                |tiles| {
                    let ts = tiles.tile_size();
                    let bins = BumpBins::update(frame_bins, memory, types, start, top, epoch, ts);
                    tiles.add_bins(bins);
                    if dense_end > start {
                        tiles.separator(dense_end as u64);
                    }
                    tiles.separator(top as u64);
                },
            );
        }

        let used_after = self.used();
        if used_after * 100 > GROW_THRESHOLD_PERCENT * self.capacity() {
            self.grow();
        }
        let outcome = GcOutcome::whole_heap(
            used_before,
            used_after,
            self.capacity(),
            stats.moved_bytes,
            stats.live_objects,
        );
        self.last = stats;
        outcome
    }

    fn start(&mut self, vm: &'static dyn VmControl) {
        self.vm = Some(vm);
    }

    fn grow_for(&mut self, wanted: usize) -> bool {
        let mut grew = false;
        while self.end - self.top < wanted && self.grow() {
            grew = true;
        }
        grew
    }

    fn used(&self) -> usize {
        self.top - self.start
    }

    fn capacity(&self) -> usize {
        self.end - self.start
    }

    fn max_capacity(&self) -> usize {
        self.reserved_end - self.start
    }

    /// The objects: those binned for the last frame, and those allocated since.
    fn tile_objects(&mut self, tiles: &mut Tiler) -> bool {
        let ts = tiles.tile_size();
        let (start, top, epoch) = (self.start, self.top, self.epoch);
        let (memory, types) = (&self.memory, &self.types);
        tiles.add_bins(BumpBins::update(
            &mut self.frame_bins,
            memory,
            types,
            start,
            top,
            epoch,
            ts,
        ));
        true
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        vec![(self.start, self.top)]
    }

    /// The viewer's mark-compact streams: what marking found live, and what is planned to move
    /// (in step frames, from `mark-compact.marked` to `mark-compact.updated`).
    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        vec![
            StreamDef {
                id: STREAM_MARKED,
                name: "marked".into(),
                description: "bytes of objects marked live (step frames: marking done, \
                              nothing moved yet; the rest of the tile's used bytes is garbage)"
                    .into(),
                unit: "bytes".into(),
                presentation: gcvm_tracer::stream::Presentation::Percent,
                max: tile_size,
                colour: "#8c564b".into(),
                from_trace: false,
            },
            StreamDef {
                id: STREAM_FORWARDED,
                name: "forwarded".into(),
                description: "bytes of live objects whose new address is planned (from the \
                              planned step; 0 in the dense prefix: those do not move)"
                    .into(),
                unit: "bytes".into(),
                presentation: gcvm_tracer::stream::Presentation::Percent,
                max: tile_size,
                colour: "#e377c2".into(),
                from_trace: false,
            },
        ]
    }

    fn step_kinds(&self) -> &'static [&'static StepKind] {
        &STEPS
    }

    /// The viewer sees the two boundaries that move: the end of the last collection's dense
    /// prefix (objects below it stayed put) and the allocation top.
    fn gather_streams(&self, tiles: &mut Tiler) {
        if self.last.dense_prefix_end > self.start {
            tiles.separator(self.last.dense_prefix_end as u64);
        }
        tiles.separator(self.top as u64);
    }
}
