//! Semispace: copying collection between two halves of the heap — Cheney's sequential algorithm
//! with one GC worker, parallel copying with work stealing and PLABs with several.
//!
//! # Algorithm
//!
//! The heap is split into two equal halves. Mutators bump-allocate (in TLABs) in one half, the
//! *from-space*; the other, the *to-space*, is empty. When allocation fails, the world stops and
//! the collector copies every object reachable from the roots into to-space, then swaps the roles
//! of the halves. Whatever was not copied is garbage and is reclaimed all at once, without ever
//! being looked at: the cost of a collection is proportional to the *live* data, not the heap.
//!
//! ## One worker: Cheney (1970)
//!
//! Cheney's trick makes the copy a breadth-first traversal with no stack: to-space itself is the
//! queue. This is the reference version (and the one to read first).
//!
//! ```text
//!   to-space:  [ scanned (black) | copied, not scanned (grey) | free ...        ]
//!               ^start            ^scan                        ^free
//! ```
//!
//! 1. **Roots.** Each root is *evacuated*: if its object is already forwarded, the root gets the
//!    forwarding address; otherwise the object is copied to `free`, `free` advances, and a
//!    forwarding pointer to the copy is left in the old object's GC word.
//! 2. **Scan.** While `scan < free`, take the object at `scan` (grey), evacuate every reference
//!    field it has and store the new addresses back, then advance `scan` past it (black).
//! 3. **Flip.** When `scan == free`, everything reachable has been copied. The halves swap;
//!    allocation continues at `free` in the new from-space.
//!
//! ## Several workers: parallel copying (after HotSpot's ParallelGC scavenge)
//!
//! Cheney's single scan pointer cannot be shared, so the parallel version keeps the grey objects
//! in work-stealing queues instead (the pool of shared/workers.rs: one LIFO deque per worker, a shared
//! injector, stealing), and each worker copies into its own buffer:
//!
//! ```text
//!   to-space: [ PLAB w0 | PLAB w1 | big obj (own chunk) | PLAB w0 | PLAB w1 ...| free     ]
//!              each PLAB: [ copies, in w's copy order | filler (retired tail) ]  ^ top (atomic)
//! ```
//!
//! 1. **Roots.** The calling thread (worker 0) evacuates every root, as Cheney does, and the
//!    copies that have reference fields become the *seeds* of the parallel phase.
//! 2. **Copy.** Each worker takes a grey to-space copy from its deque (or steals one), evacuates
//!    the objects its reference fields point to, stores the new addresses back, and queues each
//!    copy it made itself, if that copy has reference fields (others are never queued).
//!    Reference arrays are scanned `ARRAY_CHUNK` (512) elements per task; the rest of the array is
//!    pushed as a continuation task, so several workers can share one huge array. A new copy
//!    first goes to a small private FIFO *pipeline* (`PIPELINE` = 8 copies), and the GC words of
//!    the objects it points to are prefetched as it enters; copies that find the pipeline full go
//!    to the worker's deque, where others can steal them. Why: copying a random graph is bound by
//!    cache misses on from-space headers, and the depth-first order and the forwarding CAS (a
//!    full barrier on x86) leave the CPU little independent work to overlap them with, unlike
//!    Cheney's linear scan. With the pipeline, a copy's misses overlap with the scanning of the
//!    copies ahead of it: on one worker the parallel algorithm went from ~1.7x Cheney's time to
//!    ~1.1x. (Reference arrays prefetch `PREFETCH_AHEAD` = 8 elements ahead.)
//! 3. **Evacuation races: copy, then CAS.** Two workers may reach the same from-space object at
//!    once. Each reads the GC word `w` (not forwarded), copies the object speculatively into its
//!    own PLAB (body first, then its own GC word `aged(w)`), and then tries to install the
//!    forwarding pointer with one compare-and-swap `w -> forwarding(copy)` on the old object's
//!    GC word. The winner owns the copy: it records the move and pushes the copy as a task. A
//!    loser's CAS returns the winner's forwarding pointer, which it uses; it then gives back the
//!    space it took (its PLAB's bump pointer simply steps back, since nothing was allocated after
//!    it; an own chunk is returned to to-space if it is still at the top, else it becomes a
//!    filler). We chose copy-then-CAS over claim-then-copy (a "busy" GC word while copying, other
//!    workers spinning until the forwarding pointer appears) because it is lock-free: GC threads
//!    share cores with everything else, and a worker descheduled in the middle of a copy would
//!    stall every worker spinning on that object. The price is a wasted copy when two workers
//!    race, which is rare (counted in `CopyWorkerStats::lost_races`).
//! 4. **PLABs** (promotion-local allocation buffers) are carved from to-space by an atomic bump
//!    of the shared `top`, so copying itself needs no atomic operation. An object that does not
//!    fit its worker's PLAB makes the worker retire it — its unused tail becomes a filler object
//!    (`HeapMemory::fill_gap`) — and take a new one, unless the object is larger than a PLAB or
//!    the PLAB still has more than 1/`PLAB_WASTE_DIVISOR` of its size free: then the object gets
//!    its own exact-size chunk and the PLAB is kept. So a retired tail wastes at most 1/16 of a
//!    PLAB. A PLAB never keeps an 8-byte tail (a filler needs 16 bytes).
//! 5. **Termination** is the pool's: a worker with nothing to pop or steal offers termination;
//!    when all workers are idle no queue holds a task and none can appear (only busy workers
//!    push). Bounded queues: a task the full deque and full shared list refuse goes to the
//!    worker's private overflow stack (HotSpot's overflow stacks, bounded only by the number of
//!    live objects), so nothing is lost. Private work does not break the protocol: a worker
//!    empties its pipeline and overflow stack before it takes its next task, so it never offers
//!    termination while holding work.
//! 6. **Retire and flip.** After the workers stop, every PLAB's unused tail is filled, and to-space
//!    `top` is the shared bump pointer. The halves swap as in Cheney's version.
//!
//! The number of workers is `min(gc_threads, 1 + used / BYTES_PER_WORKER)` (1 MB per worker, the
//! mark-compact collector's rule), so small heaps are collected by Cheney's algorithm on the
//! calling thread and never pay for starting threads. The PLAB size is
//! `to-space capacity / (64 * workers)`, clamped to `[MIN_PLAB, MAX_PLAB]` = `[4 KB, 32 KB]`: at
//! least 64 PLABs per worker so that the waste (tails) stays small against the whole half, and
//! at most 32 KB so that the bump of the shared `top` happens once per ~1000 small objects.
//!
//! # Invariants
//! - Between collections, every object lives in from-space, and `[start, top)` of from-space is
//!   parseable (TLAB leftovers are filled with filler objects by the allocator; PLAB leftovers by
//!   the collector).
//! - During a collection, an object in from-space is either unvisited (a normal GC word) or
//!   forwarded (GC word = new address | 0b11); the only transition is normal -> forwarded, made
//!   once, by a CAS, so **every live object is copied exactly once** (losers' copies are
//!   discarded before anyone can see them; only the winner reports a move or pushes a task).
//! - Cheney: an object in to-space below `scan` has only to-space references (black), between
//!   `scan` and `free` it may still have from-space references (grey). Parallel: every grey copy
//!   is in exactly one queue (deque, injector, pipeline or overflow stack) or being scanned; a
//!   copy whose task was scanned is black (array continuation tasks each own a disjoint element
//!   range). When the workers terminate, no task remains, so no to-space object refers to
//!   from-space.
//! - Every slot of a to-space copy is written by exactly one worker (the one scanning it), and a
//!   from-space object's body is never written during the collection (only its GC word), so
//!   speculative copies read consistent data.
//! - After the collection to-space `[start, top)` is parseable: it is tiled by PLABs and own
//!   chunks, each made of copies and, at its end, at most one filler.
//! - Copying preserves the GC word (identity hash, hashed bit, monitor index) and increments the
//!   age.
//!
//! # Barriers
//! None: the whole heap is collected with the world stopped, so mutators need no write barrier.
//!
//! # Sizing
//! Each half starts at half of -Xms and doubles (up to half of -Xmx) whenever a collection leaves
//! it more than half full or cannot satisfy the allocation that triggered it. Parallel copying
//! needs to-space to hold the live data plus the PLAB waste (at most 1/16 of every retired PLAB
//! for pathological object sizes, usually a few bytes, plus the workers' last PLAB tails); a heap
//! whose live data fills a half to within that margin overflows to-space, as Cheney's does when
//! the live data exceeds a half.
//!
//! # Steps a viewer can watch
//! With somebody watching (docs/stream-format.md, "Steps inside a collection"): `roots` after
//! the root phase, `scan` every N KB scanned by Cheney's loop (the scan and free pointers as
//! separators, the grey bytes between them as the `grey` stream), `flip` after the swap. The
//! parallel copy has no scan pointer: it shows `roots` (worker 0's root copies) and `flip`.
//!
//! # What it reports to the tracer
//! A GC start/end pair per collection (kind Major: the whole heap is collected) and one `moved`
//! event per copied object. Every object not moved is dead. With one worker the moves come in
//! copy order. With several, the sink (single-threaded) is not called during copying: each worker
//! logs its buffers and moves locally, and after the parallel phase the logs are replayed worker
//! by worker (worker 0 first). For each worker, its buffers come in the order it took them (which
//! is also address order), each as `plab(worker, start, size)` followed by the `moved` events of
//! the objects copied into it, in copy order. An object in its own chunk is reported as a buffer
//! of exactly its size followed by its move. A buffer's bytes after its last move are a filler.

use crate::collector::*;
use crate::memory::{HeapMemory, RESERVED_PREFIX};
use crate::object::{gcword, ElemKind, Ref, Shape, TypeRegistry, ARRAY_BASE, MIN_OBJECT_SIZE};
use crate::shared::refs::{Discovered, Liveness, ReferenceProcessor, References};
use crate::shared::sizing::{align_down_page, workers_for};
use crate::shared::steps::{self, kb, BumpBins};
use crate::shared::workers::{
    report_activity, Tasks, WorkerPool, WorkerStats, DEFAULT_LOCAL_CAPACITY,
    DEFAULT_SHARED_CAPACITY,
};
use gcvm_tracer::stream::steps::ProgressCounter;
use gcvm_tracer::stream::tiles::Bins;
use gcvm_tracer::stream::StepGranularity;
use parking_lot::Mutex;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Semispace's own heap stream (docs/stream-format.md): in `scan` step frames, the bytes of
/// copies not scanned yet (between the scan and the free pointer).
const STREAM_GREY: u16 = gcvm_tracer::stream::standard::COUNT;

/// The steps of a collection (docs/stream-format.md, "Steps inside a collection").
static STEP_ROOTS: StepKind = StepKind {
    kind: "semispace.roots",
    name: "roots copied",
    explain: "Every object a root points to has been copied to to-space, and the root now \
              points to the copy; the copies are grey: their fields still point to from-space.",
    concurrent: false,
    progress: false,
};
static STEP_SCAN: StepKind = StepKind {
    kind: "semispace.scan",
    name: "scanned",
    explain: "The scan pointer chases the free pointer: below scan the copies are black (their \
              fields point to to-space), between scan and free they are grey, and each object \
              a grey copy points to is copied to free.",
    concurrent: false,
    progress: true,
};
static STEP_FLIP: StepKind = StepKind {
    kind: "semispace.flip",
    name: "flip",
    explain: "Scan met free: everything reachable is in to-space. The halves swap roles; the \
              old half holds only garbage and is empty from now on.",
    concurrent: false,
    progress: false,
};
static STEPS: [&StepKind; 3] = [&STEP_ROOTS, &STEP_SCAN, &STEP_FLIP];

/// What the step frames of a copy in progress show: from-space as the mutators left it, and
/// to-space's copies so far. Present only when somebody watches.
struct StepView {
    /// The heap's spaces at the start of the collection.
    spaces: Vec<SpaceInfo>,
    /// From-space's objects: `[start, top)`.
    from: (usize, usize),
    granularity: StepGranularity,
    progress: ProgressCounter,
    /// From-space's objects, binned at the first frame (starting from those the last heap
    /// frame binned, `frame_bins`): they stay put while the copy runs.
    from_bins: Option<Bins>,
    frame_bins: Option<BumpBins>,
    epoch: u64,
    /// The copies binned so far, `[to-space start, to_binned)`: each frame bins only the
    /// copies made since the last one.
    to_bins: Option<Bins>,
    to_binned: usize,
}

impl StepView {
    fn new(
        spaces: Vec<SpaceInfo>,
        from: (usize, usize),
        granularity: StepGranularity,
        frame_bins: Option<BumpBins>,
        epoch: u64,
    ) -> StepView {
        StepView {
            spaces,
            from,
            granularity,
            progress: ProgressCounter::default(),
            from_bins: None,
            frame_bins,
            epoch,
            to_bins: None,
            to_binned: 0,
        }
    }
}

/// Parallel copying needs to-space slack of 1/this of a half (PLAB tails); above that occupancy
/// of from-space, a collection copies sequentially.
const PARALLEL_SLACK_FRACTION: usize = 8;

/// The largest PLAB.
pub const MAX_PLAB: usize = 32 * 1024;
/// The smallest PLAB.
pub const MIN_PLAB: usize = 4 * 1024;
/// PLABs per worker the to-space is divided into (before clamping to `[MIN_PLAB, MAX_PLAB]`).
pub const PLABS_PER_WORKER: usize = 64;
/// A PLAB with more than `size / PLAB_WASTE_DIVISOR` bytes free is kept when an object does not
/// fit in it (the object gets its own chunk); with less, it is retired and its tail filled.
pub const PLAB_WASTE_DIVISOR: usize = 16;
/// Reference arrays are scanned this many elements per task.
pub const ARRAY_CHUNK: usize = 512;
/// Reference-array elements whose targets are prefetched ahead of the one being evacuated.
pub const PREFETCH_AHEAD: usize = 8;
/// Grey copies a worker keeps privately, in FIFO order, with their targets prefetched.
pub const PIPELINE: usize = 8;

/// The PLAB size for a to-space of `to_capacity` bytes shared by `workers` workers:
/// `to_capacity / (PLABS_PER_WORKER * workers)`, clamped to `[MIN_PLAB, MAX_PLAB]`, 8-aligned.
pub fn plab_size_for(to_capacity: usize, workers: usize) -> usize {
    (to_capacity / (PLABS_PER_WORKER * workers.max(1))).clamp(MIN_PLAB, MAX_PLAB) & !7
}

/// One half of the heap.
#[derive(Clone, Copy, Debug)]
struct Half {
    start: usize,
    /// Committed end: allocation may not pass it.
    end: usize,
    /// The most this half may ever grow to.
    reserved_end: usize,
    /// Allocation pointer.
    top: usize,
}

impl Half {
    fn capacity(&self) -> usize {
        self.end - self.start
    }
    fn free(&self) -> usize {
        self.end - self.top
    }
    fn bump(&mut self, size: usize) -> Option<usize> {
        (self.free() >= size).then(|| {
            let at = self.top;
            self.top += size;
            at
        })
    }
}

/// What one copying worker did during one parallel collection.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyWorkerStats {
    /// Objects this worker copied (won the forwarding CAS for).
    pub objects: usize,
    pub bytes: usize,
    /// PLABs taken.
    pub plabs: usize,
    /// Objects copied into their own exact-size chunk (larger than a PLAB, or not fitting a PLAB
    /// that still had much room).
    pub chunks: usize,
    /// Speculative copies discarded because another worker forwarded the object first.
    pub lost_races: usize,
    /// Tasks the full queues refused, kept on the worker's private overflow stack.
    pub overflowed: usize,
    /// Tasks scanned (grey copies and reference-array chunks), whether taken from the queues or
    /// from the worker's private pipeline and overflow stack.
    pub scanned: usize,
    /// Task, steal and spill counts from the worker pool (`tasks`: tasks taken from the queues).
    pub pool: WorkerStats,
}

/// What the last collection did, for tests, measurements and the curious.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CollectionStats {
    /// Workers used: 1 means Cheney's sequential copy on the calling thread.
    pub workers: usize,
    /// PLAB size of a parallel collection (0 for a sequential one).
    pub plab_size: usize,
    pub live_objects: usize,
    pub live_bytes: usize,
    /// Bytes of filler objects in to-space after the collection (retired PLAB tails, discarded
    /// chunks): `used_after - live_bytes`.
    pub waste_bytes: usize,
    /// Roots and copying (for a parallel collection: the root phase plus the parallel phase).
    pub copy_time: Duration,
    /// Retiring the PLABs and replaying the workers' event logs into the sink.
    pub replay_time: Duration,
    /// Per worker (worker 0 is the calling thread); empty for a sequential collection.
    pub per_worker: Vec<CopyWorkerStats>,
}

pub struct SemiSpace {
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    halves: [Half; 2],
    /// Index of the current from-space (the half mutators allocate in).
    from: usize,
    /// `--gc-threads`: the most workers a collection uses.
    gc_threads: usize,
    /// Bounds of the copy queues: tasks per worker deque, tasks in the shared list.
    queue_capacities: (usize, usize),
    last: CollectionStats,
    /// Collections so far: what from-space holds changes with each.
    epoch: u64,
    /// From-space's objects as the viewer's last frame binned them.
    frame_bins: Option<BumpBins>,
}

/// The smallest a half may be: room for a TLAB and some objects.
const MIN_HALF: usize = 256 * 1024;

impl SemiSpace {
    pub fn new(ctx: CollectorContext) -> Result<SemiSpace, String> {
        let half_max = align_down_page(ctx.config.max_size / 2).max(MIN_HALF);
        let half_initial = align_down_page(ctx.config.initial_size / 2).clamp(MIN_HALF, half_max);
        let needed = RESERVED_PREFIX + 2 * half_max;
        if ctx.memory.size() < needed {
            return Err(format!(
                "heap reservation of {} bytes is smaller than the {needed} semispace needs",
                ctx.memory.size()
            ));
        }
        let half = |start: usize| Half {
            start,
            end: start + half_initial,
            reserved_end: start + half_max,
            top: start,
        };
        Ok(SemiSpace {
            halves: [half(RESERVED_PREFIX), half(RESERVED_PREFIX + half_max)],
            from: 0,
            memory: ctx.memory,
            types: ctx.types,
            gc_threads: ctx.config.gc_threads.max(1),
            queue_capacities: (DEFAULT_LOCAL_CAPACITY, DEFAULT_SHARED_CAPACITY),
            last: CollectionStats::default(),
            epoch: 0,
            frame_bins: None,
        })
    }

    /// Bytes the reservation must have for a semispace heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + 2 * align_down_page(max_size / 2).max(MIN_HALF)
    }

    /// What the last collection did (workers, PLABs, races, times).
    pub fn last_collection(&self) -> &CollectionStats {
        &self.last
    }

    /// Bounds the parallel copy queues (tasks per worker deque, tasks in the shared list). Tiny
    /// bounds force the private overflow stacks; the defaults are
    /// `workers::DEFAULT_LOCAL_CAPACITY` and `DEFAULT_SHARED_CAPACITY`.
    pub fn set_queue_capacities(&mut self, local: usize, shared: usize) {
        self.queue_capacities = (local, shared);
    }

    /// The number of workers a collection would use now. Parallel copying wastes a little
    /// to-space in PLAB tails, so when from-space is nearly full (live data might fill to-space
    /// to within that slack) the exact-fit sequential Cheney copy is used instead.
    pub fn workers_for_next_collection(&self) -> usize {
        let used = self.used();
        let capacity = self.from_half().capacity();
        if used + capacity / PARALLEL_SLACK_FRACTION > capacity {
            return 1;
        }
        workers_for(self.gc_threads, used)
    }

    fn from_half(&self) -> &Half {
        &self.halves[self.from]
    }

    /// The `flip` step: the halves have swapped; the new from-space holds the copies.
    fn step_flip(&mut self, events: &mut dyn GcEventSink, live: usize) {
        if !events.wants_step(&STEP_FLIP) {
            return;
        }
        let h = *self.from_half();
        let spaces = self.spaces();
        let (memory, types, epoch) = (&self.memory, &self.types, self.epoch);
        let frame_bins = &mut self.frame_bins;
        steps::take(
            events,
            &STEP_FLIP,
            || spaces,
            || {
                format!(
                    "Flip: {} KB live copied; the other half is empty",
                    kb(live as u64)
                )
            },
            |tiles| {
                // The heap the pause ends with: binned for the pause's end frame too.
                let ts = tiles.tile_size();
                let bins = BumpBins::update(frame_bins, memory, types, h.start, h.top, epoch, ts);
                tiles.add_bins(bins);
                tiles.separator(h.top as u64);
            },
        );
    }

    /// Doubles both halves' committed size, up to the reservation; true if they grew.
    fn grow(&mut self) -> bool {
        let mut grew = false;
        for half in &mut self.halves {
            let new_end = (half.start + 2 * half.capacity()).min(half.reserved_end);
            grew |= new_end > half.end;
            half.end = new_end;
        }
        grew
    }
}

// ---------------------------------------------------------------------------------------------
// One worker: Cheney's algorithm.
// ---------------------------------------------------------------------------------------------

/// The state of one Cheney copy: where the next copy goes and who hears about it.
struct Evacuator<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    refs: &'a References,
    /// To-space: `[start, scan)` black, `[scan, free)` grey.
    start: usize,
    scan: usize,
    free: usize,
    limit: usize,
    events: &'a mut dyn GcEventSink,
    copied_objects: usize,
    discovered: Discovered,
    /// Step frames, when somebody watches.
    view: Option<StepView>,
}

impl Evacuator<'_> {
    /// A step frame of the copy as it stands (`roots` or `scan`), if the sink wants it: both
    /// halves' objects, the grey bytes and the scan and free pointers.
    fn step(&mut self, kind: &'static StepKind) {
        let Evacuator {
            memory,
            types,
            start,
            scan,
            free,
            events,
            view,
            ..
        } = self;
        let Some(view) = view else { return };
        let (memory, types) = (*memory, *types);
        let (start, scan, free) = (*start, *scan, *free);
        let (from, spaces) = (view.from, view.spaces.clone());
        steps::take(
            *events,
            kind,
            || spaces,
            || {
                let (copied, grey) = ((free - start) as u64, (free - scan) as u64);
                if kind.progress {
                    format!(
                        "Scanned {} KB of {} KB copied: {} KB grey",
                        kb(copied - grey),
                        kb(copied),
                        kb(grey)
                    )
                } else {
                    format!("Roots copied: {} KB in to-space, all grey", kb(copied))
                }
            },
            |tiles| {
                let (frame_bins, epoch) = (&mut view.frame_bins, view.epoch);
                let from_bins = view.from_bins.get_or_insert_with(|| {
                    let (start, top) = from;
                    let ts = tiles.tile_size();
                    BumpBins::update(frame_bins, memory, types, start, top, epoch, ts).clone()
                });
                tiles.add_bins(from_bins);
                let to_bins = view
                    .to_bins
                    .get_or_insert_with(|| Bins::new(start as u64, tiles.tile_size()));
                steps::bin_range(memory, types, to_bins, view.to_binned.max(start), free);
                view.to_binned = free;
                tiles.add_bins(to_bins);
                tiles.in_use(start as u64, free as u64);
                // Cheney's copies lie end to end: the grey objects fill `[scan, free)`.
                let grey = (free - scan) as u64;
                tiles.set_range(STREAM_GREY, scan as u64, free as u64, grey, true);
                tiles.separator(scan as u64);
                tiles.separator(free as u64);
            },
        );
    }

    /// Counts `bytes` scanned; takes a `scan` step when the granularity says one is due.
    #[inline]
    fn scanned(&mut self, bytes: usize) {
        let Some(view) = &mut self.view else { return };
        view.progress.add(bytes as u64, 0);
        if view.progress.due(view.granularity) {
            view.progress.taken();
            self.step(&STEP_SCAN);
        }
    }
    /// Returns the to-space copy of `obj`, copying it first if this is its first visit.
    fn evacuate(&mut self, obj: Ref) -> Ref {
        let word = self.memory.gc_word(obj);
        if gcword::is_forwarded(word) {
            return gcword::forwarded_to(word);
        }
        let size = self.memory.object_size(self.types, obj);
        assert!(
            self.free + size <= self.limit,
            "semispace: to-space overflow (live data exceeds a half)"
        );
        let to = self.free;
        self.memory.copy_object(obj.offset(), to, size);
        self.free += size;
        let copy = Ref::from_offset(to);
        self.memory.set_gc_word(copy, gcword::aged(word));
        self.memory.forward_to(obj, copy);
        self.events
            .moved(obj.offset() as u64, to as u64, size as u32);
        self.copied_objects += 1;
        copy
    }

    /// Evacuates every reference field of the (grey) object at `scan`; returns its size. The
    /// referent of a reference object whose referent has not been copied yet is left alone and
    /// the reference discovered (shared/refs.rs).
    fn scan_object(&mut self, scan: usize) -> usize {
        let obj = Ref::from_offset(scan);
        let memory = self.memory;
        let types = self.types;
        let skip = discover(self.refs, memory, obj, &mut self.discovered);
        memory.for_each_ref_slot(types, obj, |slot| {
            if Some(slot) == skip {
                return;
            }
            let target = memory.read_ref(slot);
            if !target.is_null() {
                let moved = self.evacuate(target);
                memory.write_ref(slot, moved);
            }
        });
        memory.object_size(types, obj)
    }

    /// Scans grey copies until none is left.
    fn scan_all(&mut self) {
        while self.scan < self.free {
            let size = self.scan_object(self.scan);
            self.scan += size;
            self.scanned(size);
        }
    }
}

/// Discovers `obj` (a to-space copy) if it is a reference whose referent has not been copied:
/// returns the referent slot the scan must then skip.
#[inline]
fn discover(
    refs: &References,
    memory: &HeapMemory,
    obj: Ref,
    out: &mut Discovered,
) -> Option<usize> {
    let (kind, slot) =
        refs.should_discover(memory, obj, |r| gcword::is_forwarded(memory.gc_word(r)))?;
    out.push(kind, obj);
    Some(slot)
}

/// Reference processing's view of a Cheney copy: copied (forwarded, or already in to-space)
/// means live; keeping alive is evacuating and scanning on.
impl Liveness for Evacuator<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        if (self.start..self.limit).contains(&obj.offset()) {
            return Some(obj);
        }
        let word = self.memory.gc_word(obj);
        gcword::is_forwarded(word).then(|| gcword::forwarded_to(word))
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let copies = objs.iter().map(|&o| self.evacuate(o)).collect();
        self.scan_all();
        discovered.merge(std::mem::take(&mut self.discovered));
        copies
    }
}

/// Copies everything reachable from `roots` into `[to.start, to.end)` with Cheney's algorithm,
/// then processes the references it discovered. Returns the new top and the number of objects
/// copied.
fn copy_sequential(
    memory: &HeapMemory,
    types: &TypeRegistry,
    to: Half,
    roots: &mut dyn RootSource,
    events: &mut dyn GcEventSink,
    view: Option<StepView>,
) -> (usize, usize) {
    let mut ev = Evacuator {
        memory,
        types,
        refs: types.references(),
        start: to.start,
        scan: to.start,
        free: to.start,
        limit: to.end,
        events,
        copied_objects: 0,
        discovered: Discovered::default(),
        view,
    };
    roots.visit_roots(&mut |r| ev.evacuate(r));
    ev.step(&STEP_ROOTS);
    ev.scan_all();
    let discovered = std::mem::take(&mut ev.discovered);
    ReferenceProcessor::new(types, memory).process(discovered, &mut ev);
    (ev.free, ev.copied_objects)
}

// ---------------------------------------------------------------------------------------------
// Several workers: parallel copying with PLABs and a forwarding CAS.
// ---------------------------------------------------------------------------------------------

/// To-space as the parallel workers share it: an atomic bump pointer.
struct ToSpace {
    start: usize,
    top: AtomicUsize,
    limit: usize,
    plab_size: usize,
}

impl ToSpace {
    /// Takes `[start, start + len)` off the top with `min <= len <= desired`: `desired` when it
    /// fits, else whatever is left (never leaving a 1-15 byte tail beyond `min`, which no filler
    /// could cover). Panics when not even `min` bytes are left.
    fn claim(&self, min: usize, desired: usize) -> (usize, usize) {
        let mut top = self.top.load(Ordering::Relaxed);
        loop {
            let avail = self.limit - top;
            assert!(
                avail >= min,
                "semispace: to-space overflow (live data and copy-buffer waste exceed a half)"
            );
            let mut len = desired.min(avail);
            if len - min < MIN_OBJECT_SIZE {
                len = min;
            }
            match self.top.compare_exchange_weak(
                top,
                top + len,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return (top, len),
                Err(now) => top = now,
            }
        }
    }

    /// Gives back a chunk just claimed, if nothing was claimed after it; otherwise the chunk
    /// becomes a filler object (to-space must stay parseable).
    fn give_back(&self, memory: &HeapMemory, start: usize, len: usize) {
        if self
            .top
            .compare_exchange(start + len, start, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
        {
            memory.fill_gap(start, start + len);
        }
    }
}

/// A task: a grey to-space copy (low 32 bits: its Ref) and, for reference arrays, the first
/// element to scan (high 32 bits).
type CopyTask = u64;

fn task(obj: Ref, first: usize) -> CopyTask {
    obj.raw() as u64 | (first as u64) << 32
}

/// One logged event, 12 bytes: a buffer `[0, start ref, size in words]` or a move
/// `[from ref (never 0), to ref, size in words]`.
type LogEntry = [u32; 3];

fn words(bytes: usize) -> u32 {
    (bytes >> 3) as u32
}

/// Hints the CPU to load the cache line of `word` (no effect on other architectures).
#[inline(always)]
fn prefetch(word: &std::sync::atomic::AtomicU64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching has no architectural effect (SSE is part of the x86_64 baseline) and
    // the address is a valid heap word.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(word.as_ptr() as *const i8)
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = word;
}

/// A copy made before its forwarding pointer was installed.
struct Speculative {
    copy: Ref,
    size: usize,
    /// In the worker's PLAB (else in an exact-size chunk of its own).
    in_plab: bool,
}

/// One parallel copying worker's private state.
struct Copier<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    to: &'a ToSpace,
    /// The current PLAB `[plab_top, plab_end)` (empty before the first).
    plab_top: usize,
    plab_end: usize,
    /// PLAB starts and the moves into PLABs, in the order they happened.
    log: Vec<LogEntry>,
    /// Moves into own chunks (each chunk is exactly its object).
    chunk_log: Vec<LogEntry>,
    /// Tasks the full queues refused.
    overflow: Vec<CopyTask>,
    /// The next few grey copies this worker will scan, their targets already prefetched.
    pipeline: VecDeque<CopyTask>,
    stats: CopyWorkerStats,
    /// References this worker discovered (shared/refs.rs).
    discovered: Discovered,
}

impl<'a> Copier<'a> {
    fn new(memory: &'a HeapMemory, types: &'a TypeRegistry, to: &'a ToSpace) -> Copier<'a> {
        Copier {
            memory,
            types,
            to,
            discovered: Discovered::default(),
            plab_top: 0,
            plab_end: 0,
            log: Vec::new(),
            chunk_log: Vec::new(),
            overflow: Vec::new(),
            pipeline: VecDeque::with_capacity(PIPELINE),
            stats: CopyWorkerStats::default(),
        }
    }

    /// Room for an object of `size` bytes: `(address, in the PLAB?)`.
    fn allocate(&mut self, size: usize) -> (usize, bool) {
        let room = self.plab_end - self.plab_top;
        if size == room || size + MIN_OBJECT_SIZE <= room {
            let at = self.plab_top;
            self.plab_top += size;
            return (at, true);
        }
        let plab_size = self.to.plab_size;
        if size > plab_size || room > plab_size / PLAB_WASTE_DIVISOR {
            let (at, _) = self.to.claim(size, size);
            return (at, false);
        }
        self.retire_plab();
        let (start, len) = self.to.claim(size, plab_size);
        self.plab_top = start + size;
        self.plab_end = start + len;
        self.log
            .push([0, Ref::from_offset(start).raw(), words(len)]);
        self.stats.plabs += 1;
        (start, true)
    }

    /// Fills the unused tail of the current PLAB with a filler object.
    fn retire_plab(&mut self) {
        self.memory.fill_gap(self.plab_top, self.plab_end);
        self.plab_top = self.plab_end;
    }

    /// Returns the to-space copy of `obj` and whether this worker made it (copying it first if
    /// no worker has). Copy, then CAS: see "Evacuation races" in the opening comment.
    fn evacuate(&mut self, obj: Ref) -> (Ref, bool) {
        let word = self.memory.atomic_u64(obj.offset()).load(Ordering::Acquire);
        if gcword::is_forwarded(word) {
            return (gcword::forwarded_to(word), false);
        }
        let copy = self.copy_speculatively(obj, word);
        self.install_forwarding(obj, word, copy)
    }

    /// Copies `obj`, whose GC word was `word` (not forwarded), into space of this worker's.
    fn copy_speculatively(&mut self, obj: Ref, word: u64) -> Speculative {
        let size = self.memory.object_size(self.types, obj);
        let (to, in_plab) = self.allocate(size);
        // The body (type id onwards) never changes during a collection; the old GC word may be
        // CASed by a racing worker at any moment, so it is not copied but rewritten from `word`.
        self.memory.copy_object(obj.offset() + 8, to + 8, size - 8);
        let copy = Ref::from_offset(to);
        self.memory.set_gc_word(copy, gcword::aged(word));
        Speculative {
            copy,
            size,
            in_plab,
        }
    }

    /// Tries to forward `obj` (GC word `word` when it was copied) to `spec`. The winner keeps its
    /// copy and logs the move; a loser gives its space back and returns the winner's copy.
    fn install_forwarding(&mut self, obj: Ref, word: u64, spec: Speculative) -> (Ref, bool) {
        let Speculative {
            copy,
            size,
            in_plab,
        } = spec;
        match self.memory.atomic_u64(obj.offset()).compare_exchange(
            word,
            gcword::forwarding(copy),
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => {
                let entry = [obj.raw(), copy.raw(), words(size)];
                if in_plab {
                    self.log.push(entry);
                } else {
                    self.chunk_log.push(entry);
                    self.stats.chunks += 1;
                }
                self.stats.objects += 1;
                self.stats.bytes += size;
                (copy, true)
            }
            Err(current) => {
                debug_assert!(
                    gcword::is_forwarded(current),
                    "only forwarding changes a GC word"
                );
                self.stats.lost_races += 1;
                if in_plab {
                    // It was the PLAB's last allocation: the next object reuses the space.
                    debug_assert_eq!(self.plab_top, copy.offset() + size);
                    self.plab_top -= size;
                } else {
                    self.to.give_back(self.memory, copy.offset(), size);
                }
                (gcword::forwarded_to(current), false)
            }
        }
    }

    /// Whether a copy has reference slots to scan (objects without them are never queued).
    fn needs_scan(&self, obj: Ref) -> bool {
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => !ref_offsets.is_empty(),
            Shape::Array {
                elem: ElemKind::Ref,
            } => self.memory.array_length(obj) > 0,
            Shape::Array { .. } | Shape::Filler => false,
        }
    }

    fn push(&mut self, t: CopyTask, tasks: &mut Tasks<'_, CopyTask>) {
        if let Err(t) = tasks.push(t) {
            self.stats.overflowed += 1;
            self.overflow.push(t);
        }
    }

    /// Starts loading the GC word of the object the reference at `slot` points to.
    #[inline(always)]
    fn prefetch_target(&self, slot: usize) {
        let target = self.memory.read_ref(slot);
        if !target.is_null() {
            prefetch(self.memory.atomic_u64(target.offset()));
        }
    }

    /// Evacuates the target of the reference at `slot` and stores its new address back.
    fn scan_slot(&mut self, slot: usize, tasks: &mut Tasks<'_, CopyTask>) {
        let target = self.memory.read_ref(slot);
        if target.is_null() {
            return;
        }
        let (copy, mine) = self.evacuate(target);
        self.memory.write_ref(slot, copy);
        if mine && self.needs_scan(copy) {
            self.enqueue(task(copy, 0), tasks);
        }
    }

    /// Queues a new grey copy: in the pipeline if it has room (prefetching the copy's targets, so
    /// that their cache misses overlap with the work on the copies ahead of it), else in the
    /// worker's deque where other workers can steal it.
    fn enqueue(&mut self, t: CopyTask, tasks: &mut Tasks<'_, CopyTask>) {
        if self.pipeline.len() < PIPELINE {
            self.prefetch_task(t);
            self.pipeline.push_back(t);
        } else {
            self.push(t, tasks);
        }
    }

    /// Prefetches the GC words of the objects a task will evacuate first.
    fn prefetch_task(&self, t: CopyTask) {
        let (memory, types) = (self.memory, self.types);
        let obj = Ref::from_raw(t as u32);
        let base = obj.offset();
        match &types.info(memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                for &o in ref_offsets.iter() {
                    self.prefetch_target(base + o as usize);
                }
            }
            Shape::Array {
                elem: ElemKind::Ref,
            } => {
                let first = (t >> 32) as usize;
                let end = (memory.array_length(obj) as usize).min(first + PREFETCH_AHEAD);
                for i in first..end {
                    self.prefetch_target(base + ARRAY_BASE + 4 * i);
                }
            }
            Shape::Array { .. } | Shape::Filler => {}
        }
    }

    /// Processes a task taken from the queues, then everything it queued privately (pipeline,
    /// overflow stack), so the worker never goes idle holding private work.
    fn process(&mut self, t: CopyTask, tasks: &mut Tasks<'_, CopyTask>) {
        self.prefetch_task(t);
        self.scan(t, tasks);
        loop {
            if let Some(t) = self.pipeline.pop_front() {
                self.scan(t, tasks);
            } else if let Some(t) = self.overflow.pop() {
                self.prefetch_task(t);
                self.scan(t, tasks);
            } else {
                break;
            }
        }
    }

    /// Scans one grey copy (or one chunk of a reference array).
    fn scan(&mut self, t: CopyTask, tasks: &mut Tasks<'_, CopyTask>) {
        self.stats.scanned += 1;
        let (memory, types) = (self.memory, self.types);
        let obj = Ref::from_raw(t as u32);
        let base = obj.offset();
        match &types.info(memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                let skip = discover(types.references(), memory, obj, &mut self.discovered);
                for &o in ref_offsets.iter() {
                    let slot = base + o as usize;
                    if Some(slot) != skip {
                        self.scan_slot(slot, tasks);
                    }
                }
            }
            Shape::Array {
                elem: ElemKind::Ref,
            } => {
                let first = (t >> 32) as usize;
                let len = memory.array_length(obj) as usize;
                let end = len.min(first + ARRAY_CHUNK);
                if end < len {
                    self.push(task(obj, end), tasks);
                }
                let slot = |i: usize| base + ARRAY_BASE + 4 * i;
                for i in first..end {
                    if i + PREFETCH_AHEAD < end {
                        self.prefetch_target(slot(i + PREFETCH_AHEAD));
                    }
                    self.scan_slot(slot(i), tasks);
                }
            }
            Shape::Array { .. } | Shape::Filler => {}
        }
    }

    /// The `roots` step of a parallel copy: from-space, and the copies this worker (the calling
    /// thread, which copies the roots alone) made, from its log; to-space `[start, top)`.
    fn step_roots(&self, events: &mut dyn GcEventSink, view: &StepView, start: usize, top: usize) {
        let (memory, types) = (self.memory, self.types);
        let addr = |r: u32| Ref::from_raw(r).offset() as u64;
        let copies = self
            .log
            .iter()
            .filter(|e| e[0] != 0)
            .chain(&self.chunk_log)
            .map(|e| (addr(e[1]), (e[2] as u64) << 3));
        let bytes: u64 = copies.clone().map(|(_, b)| b).sum();
        steps::take(
            events,
            &STEP_ROOTS,
            || view.spaces.clone(),
            || format!("Roots copied: {} KB in to-space, all grey", kb(bytes)),
            |tiles| {
                steps::tile_range(memory, types, tiles, view.from.0, view.from.1);
                for (at, size) in copies.clone() {
                    tiles.object(at, size);
                    tiles.set_range(STREAM_GREY, at, at + size, size, true);
                }
                tiles.in_use(start as u64, top as u64);
            },
        );
    }

    /// Replays this worker's log into `events`: its buffers in the order it took them (address
    /// order), each followed by the moves into it in copy order.
    fn replay(&self, worker: u32, events: &mut dyn GcEventSink) {
        let addr = |r: u32| Ref::from_raw(r).offset() as u64;
        let bytes = |w: u32| (w as u64) << 3;
        let chunk = |e: &LogEntry, events: &mut dyn GcEventSink| {
            events.plab(worker, addr(e[1]), bytes(e[2]));
            events.moved(addr(e[0]), addr(e[1]), bytes(e[2]) as u32);
        };
        let mut chunks = self.chunk_log.iter().peekable();
        for e in &self.log {
            if e[0] == 0 {
                while let Some(c) = chunks.next_if(|c| c[1] < e[1]) {
                    chunk(c, events);
                }
                events.plab(worker, addr(e[1]), bytes(e[2]));
            } else {
                events.moved(addr(e[0]), addr(e[1]), bytes(e[2]) as u32);
            }
        }
        for c in chunks {
            chunk(c, events);
        }
    }
}

/// What a parallel copy produced.
struct ParallelResult {
    top: usize,
    copy_time: Duration,
    replay_time: Duration,
    plab_size: usize,
    per_worker: Vec<CopyWorkerStats>,
}

/// The copiers of one parallel collection between runs of the worker pool: each run continues
/// with the same copiers (their PLABs and logs), so the replay sees one log per worker.
struct ParallelCopy<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    space: &'a ToSpace,
    pool: &'a WorkerPool,
    /// Worker i's copier (None while a run has it).
    copiers: Vec<Option<Copier<'a>>>,
    pool_stats: Vec<WorkerStats>,
}

impl<'a> ParallelCopy<'a> {
    /// Runs the workers from `seeds` until no grey copy is left.
    fn drain(&mut self, seeds: Vec<CopyTask>) {
        let (memory, types, space) = (self.memory, self.types, self.space);
        let slots: Vec<Mutex<Option<Copier<'a>>>> = (0..self.pool.threads())
            .map(|i| Mutex::new(self.copiers.get_mut(i).and_then(Option::take)))
            .collect();
        let results = self.pool.run(
            seeds,
            |i| {
                slots[i]
                    .lock()
                    .take()
                    .unwrap_or_else(|| Copier::new(memory, types, space))
            },
            |copier, t, tasks| copier.process(t, tasks),
        );
        self.copiers = Vec::with_capacity(results.len());
        for (i, (copier, stats)) in results.into_iter().enumerate() {
            self.copiers.push(Some(copier));
            self.pool_stats[i].add(&stats);
        }
    }

    /// Every worker's discovered references, merged.
    fn take_discovered(&mut self) -> Discovered {
        let mut all = Discovered::default();
        for c in self.copiers.iter_mut().flatten() {
            all.merge(std::mem::take(&mut c.discovered));
        }
        all
    }
}

/// Reference processing's view of a parallel copy: forwarded (or in to-space) is live; keeping
/// alive evacuates on worker 0 and lets the pool copy what they reach.
impl Liveness for ParallelCopy<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        if (self.space.start..self.space.limit).contains(&obj.offset()) {
            return Some(obj);
        }
        let word = self.memory.gc_word(obj);
        gcword::is_forwarded(word).then(|| gcword::forwarded_to(word))
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let mut seeds = Vec::new();
        let first = self.copiers[0].as_mut().expect("worker 0's copier");
        let copies = objs
            .iter()
            .map(|&o| {
                let (copy, mine) = first.evacuate(o);
                if mine && first.needs_scan(copy) {
                    seeds.push(task(copy, 0));
                }
                copy
            })
            .collect();
        self.drain(seeds);
        discovered.merge(self.take_discovered());
        copies
    }
}

/// Copies everything reachable from `roots` into `[to.start, to.end)` on `pool`'s workers.
fn copy_parallel(
    memory: &HeapMemory,
    types: &TypeRegistry,
    to: Half,
    pool: &WorkerPool,
    roots: &mut dyn RootSource,
    events: &mut dyn GcEventSink,
    view: Option<StepView>,
) -> ParallelResult {
    let started = Instant::now();
    let plab_size = plab_size_for(to.capacity(), pool.threads());
    let space = ToSpace {
        start: to.start,
        top: AtomicUsize::new(to.start),
        limit: to.end,
        plab_size,
    };
    // Phase 1: the calling thread, as worker 0, evacuates the roots; their copies seed phase 2.
    let mut first = Copier::new(memory, types, &space);
    let mut seeds = Vec::new();
    roots.visit_roots(&mut |r| {
        let (copy, mine) = first.evacuate(r);
        if mine && first.needs_scan(copy) {
            seeds.push(task(copy, 0));
        }
        copy
    });
    if let Some(view) = &view {
        first.step_roots(events, view, to.start, space.top.load(Ordering::Relaxed));
    }
    // Phase 2: workers copy until the pool terminates. Worker 0 keeps its root-phase PLAB.
    let mut copiers = ParallelCopy {
        memory,
        types,
        space: &space,
        pool,
        copiers: vec![Some(first)],
        pool_stats: vec![WorkerStats::default(); pool.threads()],
    };
    copiers.drain(seeds);
    // Reference processing: keeping soft referents alive runs the workers again.
    let discovered = copiers.take_discovered();
    ReferenceProcessor::new(types, memory).process(discovered, &mut copiers);
    let copy_time = started.elapsed();
    // Phase 3: retire every PLAB (fill its tail) and replay the logs, worker by worker.
    let started = Instant::now();
    let mut per_worker = Vec::with_capacity(pool.threads());
    for (i, (copier, pool_stats)) in copiers
        .copiers
        .into_iter()
        .zip(copiers.pool_stats)
        .enumerate()
    {
        let mut copier = copier.expect("every worker's copier comes back");
        copier.retire_plab();
        copier.replay(i as u32, events);
        copier.stats.pool = pool_stats;
        per_worker.push(copier.stats);
    }
    let pool_stats: Vec<WorkerStats> = per_worker.iter().map(|w| w.pool).collect();
    report_activity(events, "copy", &pool_stats, |i| {
        (per_worker[i].objects as u64, per_worker[i].bytes as u64)
    });
    ParallelResult {
        top: space.top.load(Ordering::Relaxed),
        copy_time,
        replay_time: started.elapsed(),
        plab_size,
        per_worker,
    }
}

impl StwCollector for SemiSpace {
    fn name(&self) -> &'static str {
        "semispace"
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let mut spaces: Vec<SpaceInfo> = self
            .halves
            .iter()
            .enumerate()
            .map(|(i, h)| SpaceInfo {
                id: i as u32,
                name: format!("semispace-{i}"),
                kind: if i == self.from {
                    SpaceKind::SemiFrom
                } else {
                    SpaceKind::SemiTo
                },
                start: h.start,
                end: h.end,
                reserved_end: h.reserved_end,
                top: if i == self.from { h.top } else { h.start },
            })
            .collect();
        spaces.sort_by_key(|s| s.start);
        spaces
    }

    fn alloc_tlab(&mut self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let half = &mut self.halves[self.from];
        let size = desired.min(half.free());
        if size < min {
            return None;
        }
        half.bump(size).map(|start| (start, start + size))
    }

    fn alloc_outside_tlab(&mut self, size: usize) -> Option<usize> {
        self.halves[self.from].bump(size)
    }

    fn tlab_capacity(&self) -> usize {
        self.from_half().capacity()
    }

    fn collect(
        &mut self,
        _cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used_before = self.used();
        let workers = self.workers_for_next_collection();
        let to = 1 - self.from;
        let epoch = self.epoch;
        self.epoch += 1;
        let to_half = self.halves[to];
        let mut stats = CollectionStats {
            workers,
            ..CollectionStats::default()
        };
        let view = STEPS.iter().any(|k| events.wants_step(k)).then(|| {
            StepView::new(
                self.spaces(),
                (self.from_half().start, self.from_half().top),
                events.step_granularity(),
                self.frame_bins.clone(),
                epoch,
            )
        });
        let top = if workers == 1 {
            let started = Instant::now();
            let (top, objects) =
                copy_sequential(&self.memory, &self.types, to_half, roots, events, view);
            stats.copy_time = started.elapsed();
            stats.live_objects = objects;
            stats.live_bytes = top - to_half.start;
            top
        } else {
            let (local, shared) = self.queue_capacities;
            let pool = WorkerPool::new(workers).with_capacities(local, shared);
            let r = copy_parallel(
                &self.memory,
                &self.types,
                to_half,
                &pool,
                roots,
                events,
                view,
            );
            stats.plab_size = r.plab_size;
            stats.copy_time = r.copy_time;
            stats.replay_time = r.replay_time;
            stats.live_objects = r.per_worker.iter().map(|w| w.objects).sum();
            stats.live_bytes = r.per_worker.iter().map(|w| w.bytes).sum();
            stats.per_worker = r.per_worker;
            r.top
        };
        stats.waste_bytes = top - to_half.start - stats.live_bytes;
        self.halves[to].top = top;
        self.halves[self.from].top = self.halves[self.from].start;
        self.from = to;
        self.step_flip(events, stats.live_bytes);
        let used_after = self.used();
        if used_after * 2 > self.from_half().capacity() {
            self.grow();
        }
        let outcome = GcOutcome::whole_heap(
            used_before,
            used_after,
            self.capacity(),
            stats.live_bytes,
            stats.live_objects,
        );
        self.last = stats;
        outcome
    }

    fn grow_for(&mut self, wanted: usize) -> bool {
        let mut grew = false;
        while self.from_half().free() < wanted && self.grow() {
            grew = true;
        }
        grew
    }

    fn used(&self) -> usize {
        let h = self.from_half();
        h.top - h.start
    }

    fn capacity(&self) -> usize {
        self.halves.iter().map(Half::capacity).sum()
    }

    fn max_capacity(&self) -> usize {
        self.halves.iter().map(|h| h.reserved_end - h.start).sum()
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let h = self.from_half();
        vec![(h.start, h.top)]
    }

    /// The viewer sees the allocation top of the half in use (a boundary that moves).
    fn gather_streams(&self, tiles: &mut Tiler) {
        tiles.separator(self.from_half().top as u64);
    }

    /// From-space's objects: those binned for the last frame, and those allocated since.
    fn tile_objects(&mut self, tiles: &mut Tiler) -> bool {
        let h = *self.from_half();
        let (memory, types) = (&self.memory, &self.types);
        let ts = tiles.tile_size();
        tiles.add_bins(BumpBins::update(
            &mut self.frame_bins,
            memory,
            types,
            h.start,
            h.top,
            self.epoch,
            ts,
        ));
        true
    }

    /// The `grey` stream of `scan` step frames.
    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        vec![StreamDef {
            id: STREAM_GREY,
            name: "grey".into(),
            description: "bytes of copies not scanned yet: between the scan and the free \
                          pointer (step frames)"
                .into(),
            unit: "bytes".into(),
            presentation: gcvm_tracer::stream::Presentation::Percent,
            max: tile_size,
            colour: "#7f7f7f".into(),
            from_trace: false,
        }]
    }

    fn step_kinds(&self) -> &'static [&'static StepKind] {
        &STEPS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::FILLER_TYPE;

    const START: usize = RESERVED_PREFIX;

    fn to_space(size: usize, plab_size: usize) -> ToSpace {
        ToSpace {
            start: START,
            top: AtomicUsize::new(START),
            limit: START + size,
            plab_size,
        }
    }

    #[test]
    fn a_claim_gets_the_desired_size_when_it_fits() {
        let space = to_space(64 * 1024, 16 * 1024);
        assert_eq!(space.claim(24, 16 * 1024), (START, 16 * 1024));
        assert_eq!(space.claim(24, 16 * 1024), (START + 16 * 1024, 16 * 1024));
    }

    #[test]
    fn a_claim_near_the_end_of_to_space_gets_what_is_left() {
        let space = to_space(20 * 1024, 16 * 1024);
        space.claim(16 * 1024, 16 * 1024);
        assert_eq!(space.claim(24, 16 * 1024), (START + 16 * 1024, 4 * 1024));
        assert_eq!(space.top.load(Ordering::Relaxed), START + 20 * 1024);
    }

    #[test]
    fn a_claim_never_leaves_a_tail_too_small_for_a_filler() {
        let space = to_space(32, 16 * 1024);
        // 32 bytes left, 24 wanted at least: taking all 32 would leave an 8-byte PLAB tail.
        assert_eq!(space.claim(24, 16 * 1024), (START, 24));
    }

    #[test]
    #[should_panic(expected = "to-space overflow")]
    fn a_claim_larger_than_what_is_left_overflows_to_space() {
        to_space(16, 4096).claim(24, 4096);
    }

    #[test]
    fn a_chunk_is_given_back_at_the_top_and_filled_below_it() {
        let memory = HeapMemory::reserve(START + 64 * 1024).unwrap();
        let types = TypeRegistry::new();
        let space = to_space(64 * 1024, 4096);
        let (a, _) = space.claim(100 * 8, 100 * 8);
        space.give_back(&memory, a, 100 * 8);
        assert_eq!(
            space.top.load(Ordering::Relaxed),
            a,
            "nothing was claimed after it"
        );
        let (b, _) = space.claim(100 * 8, 100 * 8);
        space.claim(64, 64);
        space.give_back(&memory, b, 100 * 8);
        assert_eq!(memory.type_id(Ref::from_offset(b)), FILLER_TYPE);
        assert_eq!(memory.object_size(&types, Ref::from_offset(b)), 100 * 8);
    }

    #[test]
    fn objects_go_to_the_plab_to_own_chunks_or_to_a_new_plab() {
        let memory = HeapMemory::reserve(START + 256 * 1024).unwrap();
        let types = TypeRegistry::new();
        let space = to_space(256 * 1024, 4096);
        let mut w = Copier::new(&memory, &types, &space);
        // The first object takes a PLAB.
        assert_eq!(w.allocate(32), (START, true));
        assert_eq!((w.plab_top, w.plab_end), (START + 32, START + 4096));
        // Larger than a PLAB: its own chunk; the PLAB is kept.
        assert_eq!(w.allocate(5000), (START + 4096, false));
        assert_eq!(w.plab_top, START + 32);
        // Fills the PLAB up to 4096 - 32 - 3000 = 1064 free bytes (more than 4096 / 16 = 256).
        assert_eq!(w.allocate(3000), (START + 32, true));
        // Does not fit, and the PLAB still has much room: own chunk, PLAB kept.
        assert_eq!(w.allocate(2000), (START + 4096 + 5000, false));
        assert_eq!(w.allocate(1064 - 200), (START + 3032, true));
        // 200 bytes free now (<= 256 = 4096 / 16). A 192-byte object would leave an 8-byte tail
        // that no filler can cover, so it does not fit: the PLAB is retired (its tail becomes a
        // filler) and a new one is taken.
        assert_eq!(w.plab_end - w.plab_top, 200);
        let tail = w.plab_top;
        let new_plab = START + 4096 + 5000 + 2000;
        assert_eq!(w.allocate(192), (new_plab, true));
        assert_eq!(memory.type_id(Ref::from_offset(tail)), FILLER_TYPE);
        assert_eq!(memory.object_size(&types, Ref::from_offset(tail)), 200);
        assert_eq!((w.plab_top, w.plab_end), (new_plab + 192, new_plab + 4096));
        // An exact fit leaves no tail.
        assert_eq!(w.allocate(4096 - 192), (new_plab + 192, true));
        assert_eq!(w.plab_top, w.plab_end);
        assert_eq!(w.stats.plabs, 2);
    }

    /// A registry with a 32-byte instance type (2) and an int array type (3).
    fn registry() -> TypeRegistry {
        let types = TypeRegistry::new();
        let node = Shape::Instance {
            size: 32,
            ref_offsets: Box::new([]),
        };
        let ints = Shape::Array {
            elem: ElemKind::Int,
        };
        for (id, name, shape) in [(2, "Node", node), (3, "[I", ints)] {
            let info = crate::object::TypeInfo {
                name: name.into(),
                shape,
            };
            types.register(id, info).unwrap();
        }
        types
    }

    #[test]
    fn the_loser_of_a_forwarding_race_discards_its_copy_and_uses_the_winners() {
        // From-space at START, to-space 64 KB above. Worker A reads the GC words and copies, then
        // worker B evacuates the same objects before A's CAS: A must lose both times.
        let memory = HeapMemory::reserve(START + 256 * 1024).unwrap();
        let types = registry();
        let space = ToSpace {
            start: START + 64 * 1024,
            top: AtomicUsize::new(START + 64 * 1024),
            limit: START + 256 * 1024,
            plab_size: 4096,
        };
        let small = Ref::from_offset(START);
        memory.init_header(small.offset(), 2);
        let hashed = gcword::with_identity_hash(0, 77) | (5 << gcword::MONITOR_SHIFT);
        memory.set_gc_word(small, hashed);
        let big = Ref::from_offset(START + 32); // 8016 bytes: larger than a PLAB
        memory.init_array_header(big.offset(), 3, 2000);
        let (mut a, mut b) = (
            Copier::new(&memory, &types, &space),
            Copier::new(&memory, &types, &space),
        );
        for obj in [small, big] {
            let word = memory.gc_word(obj);
            let spec = a.copy_speculatively(obj, word);
            let losing_copy = spec.copy;
            let (winner, mine) = b.evacuate(obj);
            assert!(mine);
            assert_ne!(winner, losing_copy);
            assert_eq!(a.install_forwarding(obj, word, spec), (winner, false));
            let winner_word = memory.gc_word(winner);
            assert_eq!(winner_word, gcword::aged(word), "hash, monitor, age + 1");
            assert_eq!(memory.gc_word(obj), gcword::forwarding(winner));
        }
        assert_eq!(a.stats.lost_races, 2);
        assert_eq!((a.stats.objects, b.stats.objects), (0, 2));
        assert!(a.log.iter().all(|e| e[0] == 0), "the loser logged no move");
        assert!(a.chunk_log.is_empty());
        // To-space: A's PLAB [t, t+4K), B's PLAB [t+4K, t+8K), A's chunk, B's chunk.
        let t = START + 64 * 1024;
        assert_eq!(b.plab_top, t + 4096 + 32, "B's copy of the small object");
        // A's PLAB stepped back: its next object goes where the discarded copy was.
        assert_eq!((a.plab_top, a.plab_end), (t, t + 4096));
        // A's chunk for the big array was claimed before B's, so it could not be given back: it
        // is a filler now, and to-space stays parseable.
        assert_eq!(space.top.load(Ordering::Relaxed), t + 8192 + 2 * 8016);
        let a_chunk = t + 8192;
        assert_eq!(memory.type_id(Ref::from_offset(a_chunk)), FILLER_TYPE);
        assert_eq!(memory.object_size(&types, Ref::from_offset(a_chunk)), 8016);
    }
}
