//! Concurrent mark-sweep: a non-moving collector that marks and sweeps while the program runs,
//! stopping it only twice per cycle, briefly (after Dijkstra et al. 1978, Yuasa 1990, Boehm's
//! mostly-parallel collector, HotSpot's CMS and Go's runtime/mgc.go).
//!
//! # Why
//! A stop-the-world collector's pause grows with the live heap (semispace copies it,
//! mark-compact marks and slides it). This collector does almost all of its work *while the
//! mutators run*: pauses only scan roots (initial mark) and finish a marking that is already
//! nearly done (remark). The price, which the numbers show: a write barrier on every reference
//! store, objects that die during a cycle surviving it anyway (floating garbage), a heap that
//! concurrent cycles never compact (fragmentation: only a full collection does), and mutators
//! that allocate fast having to help.
//!
//! # The heap (spans.rs)
//! Objects never move while the program runs. The heap is cut into 32 KB spans; each small
//! span holds slots of one size class, and every slot holds an object or a filler (a free
//! slot), so spans stay parseable.
//! Each thread allocates from spans it owns (its `CmsMutator`: one cursor per size class),
//! claiming a new span only when its current one is full — the allocation fast path takes no
//! lock. Objects over 8 KB take whole spans. A cursor hands out runs of neighbouring free
//! slots, which the trace announces once (a Cells event, as a TLAB), or, where the free slots
//! are scattered a few at a time, the free slots among the next 64 as one map (a Cells map
//! event, `map_pays`); each object is then an implied 4-byte Alloc.
//!
//! # A cycle
//!
//! ```text
//!  mutators  ====|  |=================================|  |================================
//!  controller    |IM| concurrent mark (+ mark assist) |RM| concurrent sweep (+ lazy sweep)
//!  GC workers    |  | rounds of parallel marking      |  |
//!                 ^ pause: roots                        ^ pause: drain SATB, finish marking
//! ```
//!
//! 1. **Trigger (the pacer).** The controller thread sleeps until the bytes in use pass the
//!    trigger: half of what was free after the last cycle (initially half the heap), so that
//!    marking normally finishes long before the heap fills.
//! 2. **Pause Initial Mark.** With the world stopped: clear the mark bitmap, turn on the
//!    snapshot barrier and allocate-black, and mark (grey) every object the roots reference.
//! 3. **Concurrent Mark.** The controller posts the marking to the GC workers (`--gc-threads`,
//!    HotSpot's ConcGCThreads; the controller is one of them): they take grey objects, mark the
//!    unmarked objects their fields reference and grey those, stealing grey objects from each
//!    other, until none is left — while mutators run, allocate and rewire the graph (see
//!    "Parallel marking" below). Mutators that allocate a lot while marking pay for it: every
//!    64 KB they allocate, they process some grey objects themselves (*mark assist*), so
//!    allocation cannot outrun marking.
//! 4. **Pause Remark.** The VM flushes every thread's SATB buffer; the workers drain them and
//!    the grey stack to the end. Now every object reachable at the initial mark, and every
//!    object allocated since, is marked; everything else is garbage.
//! 5. **Concurrent Sweep.** The controller walks the spans that existed at remark and turns
//!    every unmarked object into a free slot (a filler); a span left empty goes back to the free
//!    list. Mutators needing a span sweep one themselves first (*lazy sweeping*). No pause.
//!
//! # The invariant and the barrier
//! Tri-colour: black (marked, fields scanned), grey (marked, on the grey stack), white
//! (unmarked). Marking is correct if no black object points to a white one that nothing grey
//! can still reach. A mutator can break that by (a) storing a white reference into a black
//! object and (b) deleting every other path to it. This collector prevents (b) with Yuasa's
//! **snapshot-at-the-beginning deletion barrier** (`BarrierKind::PreWrite`): while marking, the
//! value a reference store *overwrites* is logged to the thread's SATB queue and later greyed.
//! So every object reachable at the initial mark is marked (nothing can be hidden from the
//! snapshot), and objects allocated during marking are **allocated black** (marked at birth),
//! so they need no scan. Roots are not barriered: they were snapshotted in the initial pause,
//! and no root store can hide a snapshot object, so remark need not rescan stacks (Go's hybrid
//! barrier achieves the same). Outside marking the barrier has nothing to do: every page of the
//! access API's holder filter is set then, so a store costs one inline byte test and no call.
//!
//! **Termination.** Marking ends in the remark pause, when the grey stack, every SATB buffer
//! and the overflow bitmap (below) are empty with the world stopped: no new grey object can
//! then appear. The concurrent mark only gets close to that: it stops when it finds nothing
//! grey, but mutators still hold SATB entries in their own buffers.
//!
//! # Parallel marking (marking.rs)
//! The concurrent mark is a series of **rounds**. For each, the controller takes the work lock,
//! collects the grey objects the collector holds (the grey stack, the SATB buffers handed over,
//! a batch of overflowed objects) and seeds the worker pool of shared/workers.rs with them:
//! each worker pops grey objects from its own deque (depth first) and, when it runs dry,
//! steals half of another's; the round ends when every worker is idle and every queue empty.
//! - **Each object is scanned once**: a worker *claims* a white object by setting its mark bit
//!   with an atomic `fetch_or` (`MarkBitmap::mark`); only the worker whose call set the bit
//!   greys it. Objects without reference fields are marked and never queued. A reference array
//!   is scanned 512 elements per task, so a large one is shared out and no task is long.
//! - **Mutators run beside the workers**: fields are read with atomic loads (a racing store
//!   gives the old or the new reference, and the barrier logged the old one), new objects are
//!   allocated black (they are marked, so no worker claims them, and nothing scans them).
//! - **A round stops early** when a pause is coming (`world_stopping` raises a flag), when a
//!   thread waits to grow the bitmaps the round holds, or when the next `cms.marking` step
//!   frame is due (the bytes marked in the round reach it): every worker looks every 64
//!   objects (about 10 µs), and once told, puts the tasks it still finds in a leftover list
//!   instead of scanning them. The controller puts the leftovers back on the
//!   grey stack and releases the work lock; a pause takes it, or a step frame stops the world;
//!   the next round starts from the grey stack. So a pause waits for at most a poll interval
//!   of marking, not for the marking.
//! - **Small markings stay on one thread**: a round marks its first 8192 objects (about 0.3 ms)
//!   on the controller alone and posts what is left to the other workers only then. Waking a
//!   helper costs tens of microseconds, and on cores the mutators share, a helper preempted in
//!   the middle of a task makes every worker wait for it before the round can end.
//! - **Bounded memory**: each worker's deque and the shared overflow list are bounded. A task
//!   neither can take is not queued: its object stays marked and its bit is set in the
//!   *overflow bitmap*; later rounds take those objects back as seeds, a batch at a time.
//! - **Mark assists** are not rounds: an assisting mutator takes grey objects from the grey
//!   stack (between rounds the workers' leftovers are there) or one SATB buffer, on its own,
//!   racing the workers for marks like any other marker.
//!
//! The remark and full collections mark the same way with the world stopped, in rounds that
//! run to the end (`mark_to_the_end`), on `min(--gc-threads, 1 + used / 1 MB)` workers.
//!
//! # Failure and fallback: a compacting full collection
//! If a mutator finds no free slot, no span to sweep and no free span, the heap is full before
//! the cycle could free anything: a **concurrent mode failure**. The VM then asks for a
//! collection, and `collect` runs a **full stop-the-world collection** (the cycle in progress
//! is abandoned), which also compacts (next section). `System.gc()`, `--gc-stress`, heap
//! inspection and the last collection before an OutOfMemoryError run the same full collection.
//!
//! # Compaction (evacuate.rs)
//! **The problem.** Sweeping frees slots, not spans. A span with one live object in it is a
//! span of its size class for good, and its free slots serve only objects of that class. A
//! program whose object sizes drift (programs/Fragmentation.java: small blocks first, bigger
//! ones later) leaves behind spans of the old classes that are nearly empty, while the new
//! classes need fresh spans: after each sweep of Fragmentation at `-Xmx64m`, 4-18 MB of free
//! slots sat in partially filled spans beside 2-16 MB of live objects. Before this
//! compaction a full collection freed nothing more, so when the fresh spans ran out the heap
//! had to be bigger: Fragmentation needed a 21-23 MB heap where mark-compact needs 13 MB.
//!
//! **The choice: evacuate sparse spans, in the full collection only.** Sliding compaction
//! (mark-compact's, HotSpot's serial fallback for CMS) packs objects of every size together,
//! which a heap of size-class spans cannot hold: every slot must stay in its class. What frees
//! spans here is moving objects *between spans of the same class*: for each class, the live
//! objects fit in `ceil(live / slots per span)` spans; the fullest that many spans are kept
//! (the fewest objects move) and the live objects of the others are copied into their free
//! slots, so the others are freed whole (the Immix / G1 idea of evacuating sparse regions,
//! applied per size class). Every reference to a moved object must then be updated, which
//! needs the world stopped and the whole live heap visited — the cost of a full collection,
//! not of a cycle. So concurrent cycles stay non-moving (their pauses stay well under a
//! millisecond) and the compaction is the fallback's: the full collection that a concurrent
//! mode failure (or System.gc()) runs anyway. There it removes exactly the fragmentation that
//! made the allocation fail: with it, Fragmentation completes in `-Xmx15m`. A proactive
//! compaction when free slots exceed live objects was considered and left out: at `-Xmx64m`
//! about half of Fragmentation's cycles end that way, so it would add a pause of about 2 ms
//! to every other cycle while whole free spans were plentiful (nothing failed, nothing grew);
//! where they are not, the concurrent mode failure it would anticipate compacts anyway.
//!
//! **Phases of a full collection** (all with the world stopped):
//! 1. *Mark* everything reachable (as the remark does: rounds on the workers, to the end),
//!    then process references.
//! 2. *Plan*: from each span's marked objects (`MarkBitmap::marked_count`), per class, the
//!    destinations (kept) and the sources (evacuated). Classes already dense are left alone;
//!    large objects never move (a whole-span object frees nothing by moving).
//! 3. *Report the survivors that stay* to the trace (region moves by zero), as the remark does.
//! 4. *Sweep* every span but the sources: garbage becomes free slots, empty spans are freed.
//! 5. *Evacuate*, one class per task on the workers: each live object of a source is copied,
//!    whole slot, into the next free slot of the destinations; the copy keeps the GC word
//!    (identity hash, monitor index, age + 1), the old copy's GC word becomes a forwarding
//!    pointer, the new copy is marked. Each run of neighbours that lands in neighbouring slots
//!    is reported as one region move.
//! 6. *Update references*, span by span on the workers: every root and every field of a live
//!    object that names an object in a source span gets the forwarding address (a reference
//!    elsewhere is not even followed: the plan says which spans moved out).
//! 7. *Release* the sources, list the destinations with free slots left as partial spans,
//!    grow the heap if it is crowded, set the next cycle's trigger.
//!
//! Invariants: a span is a source of at most one class and never a destination, so the
//! per-class workers never meet; an object is copied only into a slot that is free after the
//! sweep, so nothing live is overwritten; after phase 6 nothing live references a source,
//! which is why freeing the sources is safe; afterwards the mark bitmap marks exactly the live
//! objects and every span is swept. The log names the pause as before, `Pause Full (System.gc())`
//! or `Pause Full (Concurrent Mode Failure)`; `-Xlog:gc*` adds a `gc,phases` line with each
//! phase's time and what moved.
//!
//! # What it reports to the tracer
//! Every pause is a GC start/end pair. The initial mark is a *marking* pause (trace GC kind 2)
//! that collects nothing. The remark names the heap's space as collected and reports every
//! marked object — survivors and objects allocated black — as kept alive, one region move with
//! `to = from` per run of neighbouring marked slots: everything unmarked dies at the remark's
//! end, although the sweeper turns it into free slots only later. Until then `is_dead` hides
//! those objects from heap walks (`--heap-dump`, the verifier), so the heap rebuilt from the
//! trace equals the dump at every boundary. Allocations fill scattered free slots, so a cursor
//! hands them out in *runs* of consecutive free slots and says so in `Mutator::placement`: the
//! trace announces each run once, as a TLAB, and each small object in it is a 4-byte event
//! whose address the reader infers (docs/trace-format.md, "Runs of cells"); large objects are
//! explicit. An object allocated during marking or sweeping is recorded like any other and
//! survives the next remark only if it is marked by then. A full collection is a whole-heap
//! collection (trace kind 1): the survivors that stay are reported as the remark reports them,
//! each run of neighbouring objects the compaction moved is one region move `from -> to` (the
//! same event mark-compact uses for its slides), and everything else dies at its end. The
//! reader takes every moved object from the heap as it was before the pause, so the order of
//! the events does not matter; with `--trace-pointers` the logged objects a move reports are
//! recorded at their new addresses like any collection's survivors.
//!
//! # Log (-Xlog:gc)
//! `Pause Initial Mark`, `Concurrent Mark`, `Pause Remark`, `Concurrent Sweep` with times, and
//! `Pause Full (...)`, named `Pause Full (Concurrent Mode Failure)` when it interrupted a cycle.
//! `-Xlog:gc*` adds, per full collection, a `gc,phases` line (mark, sweep, evacuate, update
//! times; spans and classes evacuated, objects and bytes moved, runs, workers, the bytes of the
//! spans in use after), and per concurrent sweep a `gc,heap` line whose "spans in use" beside
//! "used" shows the fragmentation.
//! `-Xlog:gc*` adds, per concurrent mark, a `gc,marking` line with the objects and bytes the
//! workers marked, how many workers, the time spent in rounds and the marking rate (objects and
//! KB per millisecond of marking), rounds, steals and overflowed tasks.
//!
//! # Steps a viewer can watch
//! With somebody watching (docs/stream-format.md, "Steps inside a collection"):
//! `initial-mark` and `remark` in their pauses, `marking` and `sweeping` every N KB while the
//! program runs, each a frame the VM takes with the world stopped as for a tick, between two
//! rounds of the workers' marking or two spans of sweeping (never while the controller holds
//! the work lock a pause needs). A marking round ends when the next frame's bytes are marked.
//! A full collection has three frames: `full-marked`, `full-swept` (the sources not swept yet)
//! and `full-evacuated` (the heap it leaves).

pub mod evacuate;
pub mod marking;
pub mod spans;

use crate::collector::*;
use crate::memory::{HeapMemory, RESERVED_PREFIX};
use crate::object::{Ref, TypeRegistry, FILLER_TYPE, TYPE_OFFSET};
use crate::shared::controller::{Controller, VmControl};
use crate::shared::kept_runs::KeptRuns;
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::queues::{LocalQueue, QueueSet};
use crate::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use crate::shared::sizing::workers_for;
use crate::shared::steps::{self, kb, ConcurrentSteps};
use crate::shared::workers::{WorkerPool, DEFAULT_LOCAL_CAPACITY, DEFAULT_SHARED_CAPACITY};
use evacuate::{Evacuated, Plan};
use gcvm_tracer::format::{mask_below, next_stretch};
use gcvm_tracer::stream::tiles::Bins;
use gcvm_tracer::stream::StepKind;
use marking::{task_of, GreyStack, MarkCounts, MarkFigures};
use parking_lot::{Condvar, Mutex, RwLock};
use spans::{class_for, slots_in_span, Pool, SpanKind, CLASS_SIZES, SPAN_SIZE};
use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Is announcing the free slots `free` (bit i: the slot i slots on) as one map shorter than
/// announcing their runs one by one? A Cells next event takes about 4 bytes a run, a map about
/// 4 bytes and the bits' varint (1 byte per 7 slots up to the last free one). Not on a span
/// with long runs of free slots, where a run takes up to 127 slots at a time.
fn map_pays(free: u64) -> bool {
    let runs = (free & !(free << 1)).count_ones() as usize;
    let bits = 64 - free.leading_zeros() as usize;
    4 + bits.div_ceil(7) < 4 * runs
}

/// The smallest heap: room for a span of each of a few classes.
pub const MIN_HEAP: usize = 16 * SPAN_SIZE;
/// Entries per thread SATB buffer.
pub const SATB_BUFFER: usize = 1024;
/// A cursor hands out at most this many free slots as one run (the trace announces each run):
/// the count fits the announcement's one-byte varint, and runs of a span with many free slots
/// all have the same count, which compresses. A longer stretch is several runs, each announced
/// in 4 bytes or so.
const RUN_SLOTS: usize = 127;
/// A cursor finding free slots scattered a few at a time announces the next this many slots
/// as one map of free slots when that is shorter than announcing their runs one by one
/// (`map_pays`).
const MAP_SLOTS: usize = 64;
/// A thread that blocks keeps at most this many bytes of each run of free slots it announced
/// (at least one slot), for when it wakes (`park_cursors`).
const PARKED_RUN_BYTES: usize = 4096;
/// A mutator flushes its allocation count (and checks the trigger) every this many bytes.
const ALLOC_FLUSH: usize = 64 * 1024;
/// The mark-sweep collector's own heap streams (docs/stream-format.md).
const STREAM_SPAN: u16 = gcvm_tracer::stream::standard::COUNT;
const STREAM_CELL: u16 = STREAM_SPAN + 1;
/// In step frames: the bytes marking has found live so far.
const STREAM_MARKED: u16 = STREAM_CELL + 1;

/// The steps of a cycle a viewer can watch (docs/stream-format.md, "Steps inside a
/// collection").
static STEP_INITIAL_MARK: StepKind = StepKind {
    kind: "cms.initial-mark",
    name: "initial mark",
    explain: "The roots' objects are marked (grey): marking starts from them while the \
              program runs again.",
    concurrent: false,
    progress: false,
};
static STEP_MARKING: StepKind = StepKind {
    kind: "cms.marking",
    name: "marking",
    explain: "The controller marks while the program runs: the marked stream grows from the \
              roots; objects the program unlinks meanwhile stay marked (snapshot at the \
              beginning), and new objects are allocated black.",
    concurrent: true,
    progress: true,
};
static STEP_REMARK: StepKind = StepKind {
    kind: "cms.remark",
    name: "remark",
    explain: "Marking is finished with the world stopped (the last grey objects and snapshot \
              buffers): every unmarked object is garbage, and every span joins the sweep.",
    concurrent: false,
    progress: false,
};
static STEP_SWEEPING: StepKind = StepKind {
    kind: "cms.sweeping",
    name: "sweeping",
    explain: "The controller sweeps span by span while the program runs: unmarked cells \
              become free cells, empty spans go back to the free list.",
    concurrent: true,
    progress: true,
};
static STEP_FULL_MARKED: StepKind = StepKind {
    kind: "cms.full-marked",
    name: "full collection: marked",
    explain: "A full collection (the heap ran out before a cycle could finish, or System.gc()) \
              marks everything reachable with the world stopped: the marked stream is what \
              survives.",
    concurrent: false,
    progress: false,
};
static STEP_FULL_SWEPT: StepKind = StepKind {
    kind: "cms.full-swept",
    name: "full collection: swept",
    explain: "Every span is swept with the world stopped (but the sparse spans about to be \
              evacuated): unmarked cells are free cells now, empty spans are free. Free cells \
              are still scattered over many half-empty spans.",
    concurrent: false,
    progress: false,
};
static STEP_FULL_EVACUATED: StepKind = StepKind {
    kind: "cms.full-evacuated",
    name: "full collection: evacuated",
    explain: "The sparsest spans of each size class were evacuated into the free cells of the \
              fullest, and every reference to a moved object updated: the evacuated spans are \
              free, whole, so the heap need not grow for lack of spans.",
    concurrent: false,
    progress: false,
};
static STEPS: [&StepKind; 7] = [
    &STEP_INITIAL_MARK,
    &STEP_MARKING,
    &STEP_REMARK,
    &STEP_SWEEPING,
    &STEP_FULL_MARKED,
    &STEP_FULL_SWEPT,
    &STEP_FULL_EVACUATED,
];
/// While marking, a mutator helps mark after allocating this many bytes...
pub const ASSIST_BYTES: usize = 64 * 1024;
/// ... by processing up to this many grey objects.
pub const ASSIST_OBJECTS: usize = 256;
/// The collector starts a cycle when the bytes in use exceed this share of the free space left
/// after the last cycle (GOGC-like), added to what survived it.
const TRIGGER_FRACTION: f64 = 0.5;
/// Occupancy after a cycle above which the heap grows (doubles, up to -Xmx).
const GROW_OCCUPANCY: f64 = 0.6;

/// What the collector's cycles did, for the log, tests and the curious.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CmsStats {
    pub cycles: u64,
    pub concurrent_mode_failures: u64,
    pub full_collections: u64,
    /// In the last cycle: grey objects processed by mutators' mark assists, and how often they
    /// assisted.
    pub assist_objects: u64,
    pub assists: u64,
    /// Bytes allocated black (during marking) in the last cycle: an upper bound on its floating
    /// garbage.
    pub allocated_black: u64,
    /// In the last cycle: spans swept by mutators (lazily) vs by the controller.
    pub lazy_swept_spans: u64,
    pub swept_spans: u64,
    /// Free bytes in small spans after the last sweep (fragmentation).
    pub fragmented_bytes: u64,
    pub last_mark: Duration,
    pub last_sweep: Duration,
    /// The last concurrent mark's parallel marking: workers, rounds, objects and bytes marked,
    /// time in rounds (its marking rate).
    pub last_concurrent_mark: MarkFigures,
    /// The last remark's and the last full collection's marking, with the world stopped.
    pub last_remark_mark: MarkFigures,
    pub last_full_mark: MarkFigures,
    /// Full collections that evacuated spans, and what the last full collection's compaction
    /// did.
    pub compactions: u64,
    pub last_compaction: CompactionFigures,
}

/// What a full collection did, phase by phase, and what its compaction moved (`-Xlog:gc*`'s
/// `gc,phases` line, `CmsStats::last_compaction`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompactionFigures {
    /// Size classes with spans evacuated, the spans evacuated (and freed), the spans they
    /// were evacuated into.
    pub classes: usize,
    pub sources: usize,
    pub destinations: usize,
    /// Objects moved, the bytes of their slots, and the runs of neighbours they moved in (one
    /// region move each in the trace).
    pub objects: usize,
    pub bytes: usize,
    pub runs: usize,
    /// Workers of the evacuation and the reference update.
    pub workers: usize,
    /// The bytes of the spans in use after the collection (free slots included).
    pub spans_in_use: usize,
    /// Time from the pause's start to the end of marking (with reference processing), then
    /// in the sweep, the evacuation (with its trace events), the reference update, and the
    /// whole collection.
    pub mark: Duration,
    pub sweep: Duration,
    pub evacuate: Duration,
    pub update: Duration,
    pub pause: Duration,
}

impl CompactionFigures {
    /// The `gc,phases` line of full collection `id`.
    pub fn log_line(&self, id: u32) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        format!(
            "GC({id}) Pause Full phases: mark {:.3}ms, sweep {:.3}ms, evacuate {:.3}ms, update \
             {:.3}ms; {} spans of {} size classes evacuated into {}, {} objects ({}K) moved in {} \
             runs by {} workers; spans in use {}K",
            ms(self.mark),
            ms(self.sweep),
            ms(self.evacuate),
            ms(self.update),
            self.sources,
            self.classes,
            self.destinations,
            self.objects,
            self.bytes >> 10,
            self.runs,
            self.workers,
            self.spans_in_use >> 10,
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Idle,
    Marking,
    Sweeping,
}

pub struct ConcurrentMarkSweep {
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    pool: Mutex<Pool>,
    bitmap: RwLock<MarkBitmap>,
    /// The snapshot barrier and allocate-black are on.
    marking: Arc<AtomicBool>,
    /// Every page's byte set while marking is off: the access API then skips the barrier call
    /// for every store (the snapshot barrier has work only while marking).
    holder_filter: HolderFilter,
    satb: Arc<QueueSet>,
    /// The shared grey stack: the roots' objects after the initial mark, a stopped round's
    /// leftovers, mark assists' spills (marking.rs). During a round the workers' deques hold
    /// the grey objects.
    grey: Mutex<GreyStack>,
    /// Objects marked but not queued because the workers' bounded queues were full; the next
    /// round takes them back (marking.rs).
    overflow: RwLock<MarkBitmap>,
    overflowed: AtomicBool,
    /// A safepoint was requested and the pause has not ended: marking workers poll it.
    pause_flag: AtomicBool,
    /// Threads waiting to grow the bitmaps (`cover_bitmaps`): marking workers poll it too, so
    /// that a round holding the bitmaps ends rather than keep the grower waiting.
    bitmap_growers: AtomicUsize,
    /// `--gc-threads`: the workers of the concurrent mark (ConcGCThreads), and the most a
    /// pause's marking uses.
    gc_threads: usize,
    /// Bounds of the marking queues (tasks per worker deque, tasks in the shared list).
    mark_queue_capacities: (usize, usize),
    /// References discovered by this cycle's marking, processed at remark (shared/refs.rs).
    discovered: Mutex<Discovered>,
    phase: Mutex<Phase>,
    /// Held while the controller does a piece of concurrent work (a round of the workers'
    /// marking, a span of sweeping) and by every pause, so that a pause never overlaps the
    /// concurrent marking or sweeping.
    work: Mutex<()>,
    /// A safepoint was requested and the pause has not ended: the controller starts no piece
    /// of concurrent work meanwhile, leaving the CPU to the mutators on their way to a poll
    /// (`pause_flag` says the same to the marking workers of a round in progress).
    pause_coming: (Mutex<bool>, Condvar),
    /// Incremented by every full collection: a cycle that sees it change abandons itself.
    generation: AtomicU32,
    /// The cycle whose garbage sweeping removes (see `Span::swept_epoch`).
    sweep_epoch: AtomicU32,
    /// Bytes in allocated slots and large-object spans (mutators add in batches).
    used: AtomicUsize,
    trigger: AtomicUsize,
    wake: (Mutex<bool>, Condvar),
    max_spans: usize,
    stats: Mutex<CmsStats>,
    allocated_black: AtomicU64,
    /// Free slot bytes left in the spans swept since the last remark (fragmentation).
    swept_free_bytes: AtomicUsize,
    controller: Mutex<Option<Controller>>,
    /// The VM, once started: a full collection logs its marking figures through it.
    vm: std::sync::OnceLock<&'static dyn VmControl>,
    /// Each span's objects as the viewer's last frame binned them (`Collector::tile_objects`).
    tiles: Mutex<Option<TileCache>>,
}

/// The objects of each span, binned for heap-stream frames. A frame rebins only the spans
/// touched since the last one (`Span::touched`): during a concurrent phase most spans do not
/// change between two frames, and walking all of them made a marking frame cost a whole-heap
/// walk. Dropped when what makes an object dead changes (the sweep epoch, the mark bitmap
/// cleared) and when the tile size changes.
struct TileCache {
    tile_size: u64,
    spans: Vec<Option<Bins>>,
    /// Per span, its marked objects' bytes and, as of then, its kind and how many marks it
    /// had: marks are only added while a cycle marks, so an unchanged count means unchanged
    /// marks and the span is not walked again.
    marked: Vec<Option<(SpanKind, u64, Bins)>>,
}

impl TileCache {
    /// The cache in `slot` if it bins for `tile_size`, else a new, empty one there.
    fn for_tile_size(slot: &mut Option<TileCache>, tile_size: u64) -> &mut TileCache {
        if slot.as_ref().is_some_and(|c| c.tile_size != tile_size) {
            *slot = None;
        }
        slot.get_or_insert_with(|| TileCache {
            tile_size,
            spans: Vec::new(),
            marked: Vec::new(),
        })
    }
}

/// A mutator's allocation state: one cursor per size class.
pub struct CmsMutator {
    cursors: Vec<Option<Cursor>>,
    /// Slot bytes allocated since the last flush into `used`.
    unflushed: usize,
    /// Bytes allocated since the last mark assist.
    assist_debt: usize,
}

#[derive(Clone, Copy)]
struct Cursor {
    span: u32,
    start: usize,
    slot: usize,
    slots: usize,
    /// The next slot to look at.
    next: usize,
    /// The end of the run of free slots the cursor is handing out (`next..run_end` are free
    /// and announced to the trace); `run_end <= next`: none.
    run_end: usize,
    /// The cursor has announced a run (ending at `run_end`): the thread's run of this cell size
    /// in the trace, which the next one follows.
    announced: bool,
    /// The thread owns the span. A thread that blocks gives its spans back but keeps the rest
    /// of its run (`park_cursors`): the cursor then hands out `next..run_end` and no more.
    owns_span: bool,
    /// The free slots after `run_end` that a map of free slots announced (`Placement::NewMap`):
    /// bit i is slot `map_base + i`. When the run ends, the next stretch of set bits is the
    /// next run, unannounced: the trace's reader takes the same stretches in the same order.
    map: u64,
    map_base: usize,
}

/// The per-thread snapshot barrier.
struct SatbBarrier {
    marking: Arc<AtomicBool>,
    queue: LocalQueue,
}

impl Barrier for SatbBarrier {
    #[inline]
    fn pre_write(&mut self, _holder: Ref, _slot: usize, old: Ref) {
        if !old.is_null() && self.marking.load(Ordering::Relaxed) {
            self.queue.push(old.raw());
        }
    }
    fn flush(&mut self) {
        self.queue.flush();
    }
    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

/// Reference processing's view of this collector (in a pause, marking finished): marked is
/// live; keeping alive is greying and marking to the end again.
struct CmsLiveness<'a>(&'a ConcurrentMarkSweep);

impl Liveness for CmsLiveness<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        self.0.bitmap.read().is_marked(obj.offset()).then_some(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let cms = self.0;
        {
            let bitmap = cms.bitmap.read();
            let mut counts = MarkCounts::default();
            let mut grey = cms.grey.lock();
            for &o in objs {
                if cms.claim(&bitmap, o, &mut counts) {
                    grey.tasks.push(task_of(o));
                }
            }
        }
        cms.finish_marking();
        discovered.merge(std::mem::take(&mut *cms.discovered.lock()));
        objs.to_vec()
    }
}

impl ConcurrentMarkSweep {
    /// Turns the snapshot barrier on or off (in a pause): the flag its hook and the access
    /// API's out-of-line filter read, and the holder filter's every page.
    fn set_marking(&self, on: bool) {
        self.marking.store(on, Ordering::Release);
        self.holder_filter.set_all(!on);
    }

    pub fn new(ctx: CollectorContext) -> Result<ConcurrentMarkSweep, String> {
        let max_spans = ctx.config.max_size.max(MIN_HEAP) / SPAN_SIZE;
        let initial = (ctx.config.initial_size.max(MIN_HEAP) / SPAN_SIZE).min(max_spans);
        let needed = Self::reservation_for(ctx.config.max_size);
        if ctx.memory.size() < needed {
            return Err(format!(
                "heap reservation of {} bytes is smaller than the {needed} mark-sweep needs",
                ctx.memory.size()
            ));
        }
        // 4 KiB pages, not transparent huge pages: a thread taking a fresh span writes its
        // fillers in the allocation slow path, where no safepoint is polled, and the first
        // touch of a never-used 2 MB page (zeroing it, direct compaction) held pauses' times
        // to safepoint at 4-7 ms. A 32 KB span faults in eight small pages instead (docs/
        // collectors/concurrent-mark-sweep.md, "Time to safepoint").
        ctx.memory.prefer_small_pages(0, ctx.memory.size());
        let pool = Pool::new(RESERVED_PREFIX, max_spans, initial);
        let mut bitmap = MarkBitmap::new(RESERVED_PREFIX);
        bitmap.cover(pool.start_of(initial as u32));
        let mut overflow = MarkBitmap::new(RESERVED_PREFIX);
        overflow.cover(pool.start_of(initial as u32));
        let capacity = initial * SPAN_SIZE;
        let holder_filter = HolderFilter::new(ctx.memory.size());
        holder_filter.set_all(true);
        Ok(ConcurrentMarkSweep {
            holder_filter,
            memory: ctx.memory,
            types: ctx.types,
            pool: Mutex::new(pool),
            bitmap: RwLock::new(bitmap),
            marking: Arc::new(AtomicBool::new(false)),
            satb: QueueSet::new(),
            grey: Mutex::new(GreyStack::default()),
            overflow: RwLock::new(overflow),
            overflowed: AtomicBool::new(false),
            pause_flag: AtomicBool::new(false),
            bitmap_growers: AtomicUsize::new(0),
            gc_threads: ctx.config.gc_threads.max(1),
            mark_queue_capacities: (DEFAULT_LOCAL_CAPACITY, DEFAULT_SHARED_CAPACITY),
            discovered: Mutex::new(Discovered::default()),
            phase: Mutex::new(Phase::Idle),
            work: Mutex::new(()),
            pause_coming: (Mutex::new(false), Condvar::new()),
            generation: AtomicU32::new(0),
            sweep_epoch: AtomicU32::new(0),
            used: AtomicUsize::new(0),
            trigger: AtomicUsize::new((capacity as f64 * TRIGGER_FRACTION) as usize),
            wake: (Mutex::new(false), Condvar::new()),
            max_spans,
            stats: Mutex::new(CmsStats::default()),
            allocated_black: AtomicU64::new(0),
            swept_free_bytes: AtomicUsize::new(0),
            controller: Mutex::new(None),
            vm: std::sync::OnceLock::new(),
            tiles: Mutex::new(None),
        })
    }

    /// Bytes the reservation must have for a heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + (max_size.max(MIN_HEAP) / SPAN_SIZE) * SPAN_SIZE
    }

    /// What the cycles so far did.
    pub fn stats(&self) -> CmsStats {
        self.stats.lock().clone()
    }

    /// Bounds the marking queues (tasks per worker deque, tasks in the shared list). Tiny
    /// bounds force the overflow path; the defaults are `workers::DEFAULT_LOCAL_CAPACITY` and
    /// `DEFAULT_SHARED_CAPACITY`.
    pub fn set_mark_queue_capacities(&mut self, local: usize, shared: usize) {
        self.mark_queue_capacities = (local, shared);
    }

    /// The concurrent mark's workers: `--gc-threads` (HotSpot's ConcGCThreads).
    fn concurrent_pool(&self) -> WorkerPool {
        let (local, shared) = self.mark_queue_capacities;
        WorkerPool::new(self.gc_threads).with_capacities(local, shared)
    }

    /// A pause's marking workers: `--gc-threads`, fewer for a small heap (as other pauses).
    fn pause_pool(&self) -> WorkerPool {
        let (local, shared) = self.mark_queue_capacities;
        WorkerPool::new(workers_for(self.gc_threads, self.used())).with_capacities(local, shared)
    }

    /// Makes both bitmaps cover the heap up to `end` (a marking round in progress yields).
    fn cover_bitmaps(&self, end: usize) {
        self.bitmap_growers.fetch_add(1, Ordering::Relaxed);
        self.bitmap.write().cover(end);
        self.overflow.write().cover(end);
        self.bitmap_growers.fetch_sub(1, Ordering::Relaxed);
    }

    fn committed_end(&self) -> usize {
        let pool = self.pool.lock();
        pool.start_of(pool.committed as u32)
    }

    // ---- allocation ----

    /// Allocates `size` zeroed bytes in a slot of the mutator's span of `class`, or None; says
    /// where (for the trace). The cursor hands out *runs* of consecutive free slots: finding a
    /// free slot, it measures the run of free slots from there and takes the run's slots one
    /// by one without looking again, so the trace announces the run once (`Placement::NewRun`)
    /// and leaves every object's address implied, as in a TLAB (`Placement::NextCell`). Only
    /// the owning thread allocates in the span and the sweeper never has it, so the run's
    /// slots stay free until taken.
    fn alloc_small(
        &self,
        local: &mut CmsMutator,
        class: usize,
        size: usize,
    ) -> Option<(usize, Placement)> {
        loop {
            let mut left = None;
            if let Some(c) = local.cursors[class].as_mut() {
                let slot = c.slot;
                if c.next >= c.run_end {
                    // The next stretch of the announced map of free slots, if any.
                    if let Some((first, len, rest)) = next_stretch(c.map) {
                        c.map = rest;
                        c.next = c.map_base + first as usize;
                        c.run_end = c.next + len as usize;
                    }
                }
                if c.next < c.run_end {
                    let at = c.start + c.next * slot;
                    c.next += 1;
                    self.place_small(local, at, size, slot);
                    return Some((at, Placement::NextCell { cell: slot }));
                }
                while c.owns_span && c.next < c.slots {
                    let at = c.start + c.next * slot;
                    if self.memory.read_u32(at + TYPE_OFFSET) == FILLER_TYPE {
                        let free = self.free_slots_ahead(c);
                        let first = free.trailing_ones() as usize;
                        if map_pays(free) {
                            c.map = free & !mask_below(first as u64);
                            c.map_base = c.next;
                            c.announced = true;
                            c.run_end = c.next + first;
                            c.next += 1;
                            self.place_small(local, at, size, slot);
                            return Some((at, Placement::NewMap { cell: slot, free }));
                        }
                        // A run: the free slots from here, as far as the map read them, then on.
                        let mut end = c.next + first;
                        let most = (c.next + RUN_SLOTS).min(c.slots);
                        while end < most
                            && self.memory.read_u32(c.start + end * slot + TYPE_OFFSET)
                                == FILLER_TYPE
                        {
                            end += 1;
                        }
                        let placement = Placement::NewRun {
                            cell: slot,
                            count: end - c.next,
                            skipped: c.announced.then(|| c.next - c.run_end),
                        };
                        c.announced = true;
                        c.run_end = end;
                        c.next += 1;
                        self.place_small(local, at, size, slot);
                        return Some((at, placement));
                    }
                    c.next += 1;
                }
                // The full span is marked touched (for the viewer's tiles) under the pool
                // lock taken next anyway.
                left = c.owns_span.then_some(c.span);
                local.cursors[class] = None;
            }
            let Some(span) = self.take_span(class) else {
                if let Some(l) = left {
                    self.pool.lock().spans[l as usize].touched = true;
                }
                return None;
            };
            let (start, resume_at) = {
                let mut pool = self.pool.lock();
                if let Some(l) = left {
                    pool.spans[l as usize].touched = true;
                }
                pool.spans[span as usize].touched = true;
                (pool.start_of(span), pool.spans[span as usize].resume_at)
            };
            local.cursors[class] = Some(Cursor {
                span,
                start,
                slot: CLASS_SIZES[class] as usize,
                slots: slots_in_span(class),
                next: resume_at as usize,
                run_end: resume_at as usize,
                announced: false,
                owns_span: true,
                map: 0,
                map_base: 0,
            });
        }
    }

    /// The free slots among the `MAP_SLOTS` from the cursor's next slot (free), as bits from
    /// bit 0.
    fn free_slots_ahead(&self, c: &Cursor) -> u64 {
        let window = MAP_SLOTS.min(c.slots - c.next);
        let mut free = 1u64;
        for i in 1..window {
            let at = c.start + (c.next + i) * c.slot;
            if self.memory.read_u32(at + TYPE_OFFSET) == FILLER_TYPE {
                free |= 1 << i;
            }
        }
        free
    }

    /// An object of `size` bytes in the free slot of `slot` bytes at `at`: zeroed, the rest of
    /// the slot a filler, the bookkeeping done.
    #[inline]
    fn place_small(&self, local: &mut CmsMutator, at: usize, size: usize, slot: usize) {
        debug_assert_eq!(
            self.memory.read_u32(at + TYPE_OFFSET),
            FILLER_TYPE,
            "the slot at {at:#x} of a run of free slots is taken"
        );
        self.memory.zero(at, size);
        if slot > size {
            self.memory.fill_gap(at + size, at + slot);
        }
        self.allocated(local, at, slot);
    }

    /// A span of `class` with free slots for a mutator to own: a partial one, one it sweeps
    /// itself, or a fresh one; None when the heap is full.
    fn take_span(&self, class: usize) -> Option<u32> {
        loop {
            let mut pool = self.pool.lock();
            if let Some(span) = pool.partial[class].pop() {
                return Some(span);
            }
            if let Some(span) = pool.unswept[class].pop() {
                drop(pool);
                self.stats.lock().lazy_swept_spans += 1;
                if self.sweep_small_span(span) {
                    return Some(span);
                }
                continue;
            }
            let epoch = self.sweep_epoch.load(Ordering::Acquire);
            if let Some(span) = pool.new_small_span(&self.memory, class, epoch) {
                return Some(span);
            }
            drop(pool);
            // No free span: sweeping other classes' spans may empty some.
            if !self.sweep_one() {
                return None;
            }
        }
    }

    fn alloc_large(&self, local: &mut CmsMutator, size: usize) -> Option<usize> {
        loop {
            let epoch = self.sweep_epoch.load(Ordering::Acquire);
            let span = self.pool.lock().new_large(size, epoch);
            if let Some(span) = span {
                let at = self.pool.lock().start_of(span);
                self.memory.zero(at, size);
                self.allocated(local, at, size.div_ceil(SPAN_SIZE) * SPAN_SIZE);
                return Some(at);
            }
            if !self.sweep_one() {
                return None;
            }
        }
    }

    /// Bookkeeping for a new object at `at` taking `bytes`: black while marking, counted, and
    /// a mark assist when the thread has allocated enough.
    #[inline]
    fn allocated(&self, local: &mut CmsMutator, at: usize, bytes: usize) {
        local.unflushed += bytes;
        if self.marking.load(Ordering::Acquire) {
            self.bitmap.read().mark(at);
            self.allocated_black
                .fetch_add(bytes as u64, Ordering::Relaxed);
            local.assist_debt += bytes;
            if local.assist_debt >= ASSIST_BYTES {
                local.assist_debt = 0;
                let done = self.mark_some(ASSIST_OBJECTS);
                let mut stats = self.stats.lock();
                stats.assists += 1;
                stats.assist_objects += done as u64;
            }
        }
        if local.unflushed >= ALLOC_FLUSH {
            self.flush_allocated(local);
        }
    }

    fn flush_allocated(&self, local: &mut CmsMutator) {
        let used = self.used.fetch_add(local.unflushed, Ordering::Relaxed) + local.unflushed;
        local.unflushed = 0;
        if used >= self.trigger.load(Ordering::Relaxed) {
            let (lock, cond) = &self.wake;
            *lock.lock() = true;
            cond.notify_one();
        }
    }

    /// Gives the mutator's spans back to the partial lists of their classes (those with free
    /// slots left), remembering where each cursor stopped, and drops its cursors.
    fn return_spans(&self, local: &mut CmsMutator) {
        if local.cursors.iter().all(Option::is_none) {
            return;
        }
        let mut pool = self.pool.lock();
        for (class, cursor) in local.cursors.iter_mut().enumerate() {
            if let Some(c) = cursor.take().filter(|c| c.owns_span) {
                Self::give_back(&mut pool, class, c.span, c.next);
            }
        }
    }

    /// The thread is about to block: it gives its spans back (to the partial lists, so that
    /// hundreds of blocked threads do not each hold a span of every class they allocate in),
    /// but keeps the rest of each run of free slots it announced, up to `PARKED_RUN_BYTES`:
    /// the span's next owner starts after it. Waking, the thread goes on in its run where it
    /// stopped, and the trace needs no new announcement; the slots it keeps and never takes
    /// are free again at the next sweep.
    fn park_cursors(&self, local: &mut CmsMutator) {
        if local.cursors.iter().all(Option::is_none) {
            return;
        }
        let mut pool = self.pool.lock();
        for (class, cursor) in local.cursors.iter_mut().enumerate() {
            let Some(c) = cursor.as_mut().filter(|c| c.owns_span) else {
                continue;
            };
            let kept = (c.run_end - c.next).min((PARKED_RUN_BYTES / c.slot).max(1));
            c.run_end = c.next + kept;
            c.owns_span = false;
            c.map = 0;
            Self::give_back(&mut pool, class, c.span, c.run_end);
            if kept == 0 {
                *cursor = None;
            }
        }
    }

    /// A mutator's span of `class` goes back to the partial list (free slots from `resume_at`
    /// on left) or to nobody (full; the sweep finds it).
    fn give_back(pool: &mut Pool, class: usize, span: u32, resume_at: usize) {
        pool.spans[span as usize].resume_at = resume_at as u32;
        pool.spans[span as usize].touched = true;
        if resume_at < slots_in_span(class) {
            pool.partial[class].push(span);
        }
    }

    // ---- marking ----

    /// In a pause, after marking finished: processes the discovered references (shared/refs.rs).
    fn process_references(&self) {
        let discovered = std::mem::take(&mut *self.discovered.lock());
        ReferenceProcessor::new(&self.types, &self.memory)
            .process(discovered, &mut CmsLiveness(self));
    }

    /// In a pause: marks, on the workers, until no grey object, no SATB entry and no
    /// overflowed object is left.
    fn finish_marking(&self) -> MarkFigures {
        self.mark_to_the_end(&self.pause_pool())
    }

    // ---- sweeping ----

    // ---- step frames ----

    /// Adds the `marked` stream (each marked object's bytes) and the span streams; with
    /// `objects`, bins every object too (in a pause; concurrent frames have the VM do it).
    fn tile_marking(&self, tiles: &mut Tiler, objects: bool) {
        if objects {
            self.tile_objects(tiles);
        }
        self.tile_marked(tiles);
        self.gather_streams(tiles);
    }

    /// The `marked` stream: each span's marked objects, walked again only when its marks
    /// changed since the last frame.
    fn tile_marked(&self, tiles: &mut Tiler) {
        let tile_size = tiles.tile_size();
        let mut cache = self.tiles.lock();
        let pool = self.pool.lock();
        let cache = TileCache::for_tile_size(&mut cache, tile_size);
        cache
            .marked
            .resize(pool.committed.max(cache.marked.len()), None);
        let bitmap = self.bitmap.read();
        for s in 0..pool.committed {
            let kind = pool.spans[s].kind;
            let start = pool.start_of(s as u32);
            let end = match kind {
                SpanKind::Small { class } => {
                    start + slots_in_span(class as usize) * CLASS_SIZES[class as usize] as usize
                }
                SpanKind::LargeHead { .. } => start + 8,
                SpanKind::Free | SpanKind::LargeTail => continue,
            };
            let count = bitmap.marked_count(start, end);
            let slot = &mut cache.marked[s];
            if !slot
                .as_ref()
                .is_some_and(|(k, c, _)| *k == kind && *c == count)
            {
                let mut bins = Bins::new(pool.base as u64, tile_size);
                for at in bitmap.marked(start, end) {
                    let size = self.memory.object_size(&self.types, Ref::from_offset(at));
                    bins.object(at as u64, size as u64);
                }
                *slot = Some((kind, count, bins));
            }
            if let Some((_, _, bins)) = slot {
                tiles.add_stream_bins(STREAM_MARKED, bins);
            }
        }
    }

    /// Span `s`'s live objects (fillers and the unswept garbage of the last mark left out),
    /// binned for tiles of `tile_size` counted from the heap's start.
    fn bin_span(&self, pool: &Pool, s: usize, bitmap: &MarkBitmap, tile_size: u64) -> Bins {
        let mut bins = Bins::new(pool.base as u64, tile_size);
        let start = pool.start_of(s as u32);
        let unswept = pool.spans[s].swept_epoch != self.sweep_epoch.load(Ordering::Acquire);
        let mut bin = |at: usize| {
            let obj = Ref::from_offset(at);
            if self.memory.read_u32(at + TYPE_OFFSET) != FILLER_TYPE
                && !(unswept && !bitmap.is_marked(at))
            {
                bins.object(at as u64, self.memory.object_size(&self.types, obj) as u64);
            }
        };
        match pool.spans[s].kind {
            SpanKind::Small { class } => {
                let slot = CLASS_SIZES[class as usize] as usize;
                for k in 0..slots_in_span(class as usize) {
                    bin(start + k * slot);
                }
            }
            SpanKind::LargeHead { .. } => bin(start),
            SpanKind::Free | SpanKind::LargeTail => {}
        }
        bins
    }

    /// A step frame of a pause (initial mark, remark): every object, marked bytes, spans.
    fn pause_step(&self, events: &mut dyn GcEventSink, kind: &'static StepKind, title: &str) {
        steps::take(
            events,
            kind,
            || self.spaces(),
            || title.to_string(),
            |tiles| self.tile_marking(tiles, true),
        );
    }

    /// Sweeps one span of the backlog (any class, or a large object); false if none is left.
    fn sweep_one(&self) -> bool {
        let next = {
            let mut pool = self.pool.lock();
            if let Some(head) = pool.unswept_large.pop() {
                Some((head, true))
            } else {
                let class = (0..CLASS_SIZES.len()).find(|&c| !pool.unswept[c].is_empty());
                class
                    .and_then(|c| pool.unswept[c].pop())
                    .map(|s| (s, false))
            }
        };
        match next {
            None => false,
            Some((head, true)) => {
                self.sweep_large(head);
                true
            }
            Some((span, false)) => {
                if self.sweep_small_span(span) {
                    let mut pool = self.pool.lock();
                    let SpanKind::Small { class } = pool.spans[span as usize].kind else {
                        unreachable!("a swept small span stays small")
                    };
                    pool.partial[class as usize].push(span);
                }
                self.stats.lock().swept_spans += 1;
                true
            }
        }
    }

    /// Turns every unmarked object of a small span (which the caller took off the backlog) into
    /// a free slot; an empty span goes back to the free list. Returns true if the span remains,
    /// with free slots, for the caller to keep or list.
    fn sweep_small_span(&self, span: u32) -> bool {
        let (start, class) = {
            let pool = self.pool.lock();
            let SpanKind::Small { class } = pool.spans[span as usize].kind else {
                unreachable!("the backlog holds small spans")
            };
            (pool.start_of(span), class as usize)
        };
        let slot = CLASS_SIZES[class] as usize;
        let (mut live, mut free, mut freed) = (0usize, 0usize, 0usize);
        {
            let bitmap = self.bitmap.read();
            for k in 0..slots_in_span(class) {
                let at = start + k * slot;
                if self.memory.read_u32(at + TYPE_OFFSET) == FILLER_TYPE {
                    free += 1;
                } else if bitmap.is_marked(at) {
                    live += 1;
                    self.survived(Ref::from_offset(at));
                } else {
                    self.memory.fill_gap(at, at + slot);
                    free += 1;
                    freed += slot;
                }
            }
        }
        self.used.fetch_sub(freed, Ordering::Relaxed);
        let mut pool = self.pool.lock();
        pool.spans[span as usize].swept_epoch = self.sweep_epoch.load(Ordering::Acquire);
        pool.spans[span as usize].resume_at = 0;
        pool.spans[span as usize].touched = true;
        if live == 0 {
            pool.release(span);
            return false;
        }
        self.swept_free_bytes
            .fetch_add(free * slot, Ordering::Relaxed);
        free > 0
    }

    fn sweep_large(&self, head: u32) {
        let mut pool = self.pool.lock();
        let at = pool.start_of(head);
        let SpanKind::LargeHead { spans, .. } = pool.spans[head as usize].kind else {
            unreachable!("the large backlog holds large heads")
        };
        if self.bitmap.read().is_marked(at) {
            self.survived(Ref::from_offset(at));
            let epoch = self.sweep_epoch.load(Ordering::Acquire);
            for s in head..head + spans {
                pool.spans[s as usize].swept_epoch = epoch;
                pool.spans[s as usize].touched = true;
            }
        } else {
            pool.release(head);
            self.used
                .fetch_sub(spans as usize * SPAN_SIZE, Ordering::Relaxed);
        }
    }

    /// A marked object survived a cycle: one year older. Mutators may be setting hash or monitor
    /// bits of the same GC word, so the update is a compare-and-swap loop.
    fn survived(&self, obj: Ref) {
        let word = self.memory.atomic_u64(obj.offset());
        let _ = word.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
            Some(crate::object::gcword::aged(w))
        });
    }

    /// At remark (or a full collection): every span in use joins the sweep backlog.
    fn start_sweep(&self) {
        *self.tiles.lock() = None;
        self.sweep_epoch.fetch_add(1, Ordering::AcqRel);
        self.swept_free_bytes.store(0, Ordering::Relaxed);
        let mut pool = self.pool.lock();
        for list in pool.partial.iter_mut() {
            list.clear();
        }
        for s in 0..pool.committed {
            match pool.spans[s].kind {
                SpanKind::Small { class } => pool.unswept[class as usize].push(s as u32),
                SpanKind::LargeHead { .. } => pool.unswept_large.push(s as u32),
                SpanKind::Free | SpanKind::LargeTail => {}
            }
        }
    }

    // ---- pauses ----

    /// The trace's account of a mark: every marked object kept alive, as runs of neighbouring
    /// marked slots (`runs_kept`: a Kept runs event) — but in the spans a compaction evacuates
    /// (`evacuating`), whose objects it reports as it moves them. Returns the objects reported.
    fn report_survivors(&self, events: &mut dyn GcEventSink, evacuating: &Plan) -> usize {
        let pool = self.pool.lock();
        let bitmap = self.bitmap.read();
        let mut runs = KeptRuns::new(events);
        for s in 0..pool.committed {
            if evacuating.is_source(s) {
                continue;
            }
            let start = pool.start_of(s as u32);
            match pool.spans[s].kind {
                SpanKind::Small { class } => {
                    let slot = CLASS_SIZES[class as usize] as usize;
                    let end = start + slots_in_span(class as usize) * slot;
                    for at in bitmap.marked(start, end) {
                        runs.object(at, slot);
                    }
                    // Runs do not cross spans: a neighbouring span may be of another class.
                    runs.end_run();
                }
                SpanKind::LargeHead { size, .. } if bitmap.is_marked(start) => {
                    runs.object(start, size as usize);
                    runs.end_run();
                }
                _ => {}
            }
        }
        runs.finish()
    }

    /// Starts a mark from scratch (in a pause): no marks, no SATB entries, no grey objects.
    fn reset_marking(&self) {
        *self.tiles.lock() = None;
        let end = self.committed_end();
        // The overflow bitmap holds bits only while `overflowed` says so (rounds clear the
        // bits they take back): clearing it every time cost each initial mark ~0.1 ms (1 MB
        // for a 64 MB heap).
        let overflowed = self.overflowed.swap(false, Ordering::AcqRel);
        let pool = self.pause_pool();
        for (bitmap, clear) in [(&self.bitmap, true), (&self.overflow, overflowed)] {
            let mut bitmap = bitmap.write();
            bitmap.cover(end);
            if clear {
                bitmap.clear_in_parallel(&pool, end);
            }
        }
        self.satb.take_all();
        self.grey.lock().tasks.clear();
        self.discovered.lock().clear();
    }

    /// Marks every object a root references and puts those with references on the grey
    /// stack; returns how many it marked.
    fn grey_roots(&self, roots: &mut dyn RootSource) -> MarkCounts {
        let bitmap = self.bitmap.read();
        let mut counts = MarkCounts::default();
        let mut grey = Vec::new();
        roots.visit_roots(&mut |r| {
            if self.claim(&bitmap, r, &mut counts) {
                grey.push(task_of(r));
            }
            r
        });
        self.grey.lock().tasks = grey;
        counts
    }

    fn initial_mark(&self, roots: &mut dyn RootSource, events: &mut dyn GcEventSink) -> GcOutcome {
        let _work = self.work.lock();
        let used = self.used();
        self.reset_marking();
        self.allocated_black.store(0, Ordering::Relaxed);
        let roots_greyed = self.grey_roots(roots).objects;
        self.pause_step(
            events,
            &STEP_INITIAL_MARK,
            &format!("Initial mark: {roots_greyed} objects the roots hold, marked grey"),
        );
        self.set_marking(true);
        *self.phase.lock() = Phase::Marking;
        let mut stats = self.stats.lock();
        stats.cycles += 1;
        // Per-cycle figures start again.
        stats.assists = 0;
        stats.assist_objects = 0;
        stats.swept_spans = 0;
        stats.lazy_swept_spans = 0;
        GcOutcome {
            pause_name: Some("Pause Initial Mark".into()),
            ..GcOutcome::whole_heap(used, used, self.capacity(), 0, 0)
        }
    }

    /// Pause Remark: finishes marking and hands the garbage to the sweeper.
    fn remark(&self, generation: u32, events: &mut dyn GcEventSink) -> GcOutcome {
        let _work = self.work.lock();
        let used = self.used();
        if self.generation.load(Ordering::Acquire) != generation {
            // A full collection ran since the initial mark: nothing left to finish.
            return GcOutcome {
                pause_name: Some("Pause Remark".into()),
                ..GcOutcome::whole_heap(used, used, self.capacity(), 0, 0)
            };
        }
        let figures = self.finish_marking();
        self.stats.lock().last_remark_mark = figures;
        self.process_references();
        self.set_marking(false);
        self.pause_step(
            events,
            &STEP_REMARK,
            "Remark: marking finished, the sweep begins",
        );
        events.collecting_space(0);
        let live = if events.wants_events() {
            self.report_survivors(events, &Plan::default())
        } else {
            0
        };
        self.stats.lock().allocated_black = self.allocated_black.load(Ordering::Relaxed);
        self.start_sweep();
        *self.phase.lock() = Phase::Sweeping;
        GcOutcome {
            pause_name: Some("Pause Remark".into()),
            ..GcOutcome::whole_heap(used, used, self.capacity(), 0, live)
        }
    }

    /// A full stop-the-world collection (allocation failure, System.gc(), GC stress, a
    /// fragmented heap): mark, sweep, and evacuate the sparsest spans of each size class
    /// (module comment, "Compaction"; evacuate.rs).
    fn full_collection(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let _work = self.work.lock();
        let began = Instant::now();
        let used_before = self.used();
        // An allocation failure while a cycle runs: the cycle lost the race with allocation.
        let interrupted = *self.phase.lock() != Phase::Idle;
        let mode_failure = interrupted && cause == GcCause::AllocationFailure;
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.set_marking(false);
        self.reset_marking();
        let roots_marked = self.grey_roots(roots);
        let mut figures = self.finish_marking();
        figures.marked.add(roots_marked);
        if let Some(vm) = self.vm.get() {
            // Logged in the pause, before the pause's own line (whose GC id it does not know).
            vm.log_gc_detail("gc,marking", &figures.log_line("Pause Full marking"));
        }
        self.stats.lock().last_full_mark = figures;
        self.process_references();
        self.pause_step(
            events,
            &STEP_FULL_MARKED,
            "Full collection: everything reachable is marked",
        );
        let mut compaction = CompactionFigures {
            mark: began.elapsed(),
            ..CompactionFigures::default()
        };
        // The spans to evacuate, chosen from the marks before the sweep: they are not swept,
        // and the trace hears of their objects as they move.
        let plan = self.plan_compaction();
        let live = if events.wants_events() {
            self.report_survivors(events, &plan) + plan.moving()
        } else {
            0
        };
        let swept = Instant::now();
        self.start_sweep();
        {
            let mut pool = self.pool.lock();
            for c in &plan.classes {
                pool.unswept[c.class].retain(|&s| !plan.is_source(s as usize));
            }
        }
        while self.sweep_one() {}
        compaction.sweep = swept.elapsed();
        steps::take(
            events,
            &STEP_FULL_SWEPT,
            || self.spaces(),
            || {
                format!(
                    "Full collection: every span swept but the {} to evacuate, {} KB in use",
                    plan.sources(),
                    kb(self.used() as u64)
                )
            },
            |tiles| {
                self.tile_objects(tiles);
                self.gather_streams(tiles);
            },
        );
        self.compact(&plan, roots, events, &mut compaction);
        *self.phase.lock() = Phase::Idle;
        self.after_cycle();
        steps::take(
            events,
            &STEP_FULL_EVACUATED,
            || self.spaces(),
            || {
                format!(
                    "Full collection: {} spans evacuated ({} objects moved), {} KB in use",
                    compaction.sources,
                    compaction.objects,
                    kb(self.used() as u64)
                )
            },
            |tiles| {
                self.tile_objects(tiles);
                self.gather_streams(tiles);
            },
        );
        compaction.pause = began.elapsed();
        compaction.spans_in_use = self.span_bytes_in_use();
        if let Some(vm) = self.vm.get() {
            let id = vm.pause_count().saturating_sub(1);
            vm.log_gc_detail("gc,phases", &compaction.log_line(id));
        }
        let mut stats = self.stats.lock();
        stats.full_collections += 1;
        if mode_failure {
            stats.concurrent_mode_failures += 1;
        }
        if compaction.sources > 0 {
            stats.compactions += 1;
        }
        stats.last_compaction = compaction.clone();
        drop(stats);
        GcOutcome {
            pause_name: mode_failure.then(|| "Pause Full (Concurrent Mode Failure)".into()),
            ..GcOutcome::whole_heap(
                used_before,
                self.used(),
                self.capacity(),
                compaction.bytes,
                live,
            )
        }
    }

    /// The spans a full collection evacuates, from each span's marked objects (evacuate.rs,
    /// `plan`).
    fn plan_compaction(&self) -> Plan {
        let pool = self.pool.lock();
        let bitmap = self.bitmap.read();
        let kinds = &pool.spans[..pool.committed];
        let kinds: Vec<SpanKind> = kinds.iter().map(|s| s.kind).collect();
        let live: Vec<usize> = kinds
            .iter()
            .enumerate()
            .map(|(s, kind)| match *kind {
                SpanKind::Small { class } => {
                    let start = pool.start_of(s as u32);
                    let end = start
                        + slots_in_span(class as usize) * CLASS_SIZES[class as usize] as usize;
                    bitmap.marked_count(start, end) as usize
                }
                _ => 0,
            })
            .collect();
        evacuate::plan(&kinds, &live)
    }

    /// Evacuates the plan's sources into its destinations (swept already), reports the moves,
    /// updates every reference to a moved object, frees the sources and lists the destinations
    /// with free slots left as partial spans (evacuate.rs, steps 3-5).
    fn compact(
        &self,
        plan: &Plan,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
        figures: &mut CompactionFigures,
    ) {
        if plan.classes.is_empty() {
            return;
        }
        let workers = self.pause_pool();
        figures.workers = workers.threads();
        figures.classes = plan.classes.len();
        let (base, kinds) = {
            let pool = self.pool.lock();
            let kinds: Vec<SpanKind> = pool.spans[..pool.committed]
                .iter()
                .map(|s| s.kind)
                .collect();
            (pool.base, kinds)
        };
        let began = Instant::now();
        let results: Vec<Mutex<Evacuated>> = plan
            .classes
            .iter()
            .map(|_| Mutex::new(Evacuated::default()))
            .collect();
        {
            let bitmap = self.bitmap.read();
            workers.for_each_index(plan.classes.len(), |i| {
                *results[i].lock() = self.evacuate_class(&plan.classes[i], base, &bitmap);
            });
        }
        let results: Vec<Evacuated> = results.into_iter().map(Mutex::into_inner).collect();
        for run in results.iter().flat_map(|r| &r.runs) {
            events.region_moved(run.from as u64, run.to as u64, run.count, run.bytes as u64);
        }
        figures.evacuate = began.elapsed();
        let began = Instant::now();
        self.update_references(&kinds, plan, base, roots, &workers);
        figures.update = began.elapsed();
        let mut garbage = 0;
        let mut pool = self.pool.lock();
        let bitmap = self.bitmap.read();
        for (c, r) in plan.classes.iter().zip(&results) {
            let slot = CLASS_SIZES[c.class] as usize;
            for &s in &c.sources {
                let start = pool.start_of(s);
                bitmap.clear_range(start, start + SPAN_SIZE);
                pool.release(s);
            }
            pool.partial[c.class].retain(|s| c.destinations.binary_search(s).is_err());
            for &d in &c.destinations {
                if self.has_free_slot(pool.start_of(d), c.class) {
                    pool.partial[c.class].push(d);
                }
                pool.spans[d as usize].touched = true;
            }
            garbage += r.garbage_slots * slot;
            self.swept_free_bytes
                .fetch_sub(r.objects * slot, Ordering::Relaxed);
            figures.sources += c.sources.len();
            figures.destinations += c.destinations.len();
            figures.objects += r.objects;
            figures.bytes += r.objects * slot;
            figures.runs += r.runs.len();
        }
        self.used.fetch_sub(garbage, Ordering::Relaxed);
    }

    /// The bytes of the spans that are not free: what the heap occupies, free slots included
    /// (`used` counts allocated slots only, so it does not show fragmentation).
    fn span_bytes_in_use(&self) -> usize {
        let pool = self.pool.lock();
        let free = pool.spans[..pool.committed]
            .iter()
            .filter(|s| s.kind == SpanKind::Free)
            .count();
        (pool.committed - free) * SPAN_SIZE
    }

    /// Does the span of `class` at `start` have a free slot?
    fn has_free_slot(&self, start: usize, class: usize) -> bool {
        let slot = CLASS_SIZES[class] as usize;
        (0..slots_in_span(class))
            .any(|k| self.memory.read_u32(start + k * slot + TYPE_OFFSET) == FILLER_TYPE)
    }

    /// After a sweep: grow a crowded heap, set the next trigger, measure fragmentation.
    fn after_cycle(&self) {
        let used = self.used();
        let mut pool = self.pool.lock();
        let capacity = pool.committed * SPAN_SIZE;
        if used as f64 > GROW_OCCUPANCY * capacity as f64 && pool.committed < self.max_spans {
            let grown = (pool.committed * 2).min(self.max_spans);
            pool.commit(grown);
            drop(pool);
            self.cover_bitmaps(self.committed_end());
            pool = self.pool.lock();
        }
        let capacity = pool.committed * SPAN_SIZE;
        let free = capacity.saturating_sub(used);
        self.trigger.store(
            used + (free as f64 * TRIGGER_FRACTION) as usize,
            Ordering::Relaxed,
        );
        drop(pool);
        self.stats.lock().fragmented_bytes = self.swept_free_bytes.load(Ordering::Relaxed) as u64;
    }

    // ---- the controller ----

    fn aborted(&self, generation: u32) -> bool {
        self.generation.load(Ordering::Acquire) != generation
    }

    /// The controller thread: waits for the trigger, then runs a cycle.
    fn run_controller(
        &'static self,
        vm: &'static dyn VmControl,
        signal: &crate::shared::controller::StopSignal,
    ) {
        loop {
            // Wait for the trigger.
            loop {
                if signal.is_stopped() {
                    return;
                }
                if self.used() >= self.trigger.load(Ordering::Relaxed) {
                    break;
                }
                let (lock, cond) = &self.wake;
                let mut woken = lock.lock();
                if !*woken {
                    cond.wait_for(&mut woken, Duration::from_millis(20));
                }
                *woken = false;
            }
            if !self.run_cycle(vm) {
                return;
            }
        }
    }

    /// Runs `chunk` (one piece of concurrent work; true while there is more) under the work
    /// lock, releasing it between pieces so pauses can interleave. False if a full collection
    /// abandoned the cycle meanwhile.
    /// `between` runs after each piece with the work lock released (a step frame stops the
    /// world, and a pause needs the work lock).
    fn work_in_chunks(
        &self,
        generation: u32,
        mut chunk: impl FnMut() -> bool,
        mut between: impl FnMut(),
    ) -> bool {
        loop {
            self.wait_while_a_pause_is_coming();
            let more = {
                let _work = self.work.lock();
                if self.aborted(generation) {
                    return false;
                }
                chunk()
            };
            if !more {
                return true;
            }
            between();
        }
    }

    /// Waits while a safepoint is being reached or a pause runs (`world_stopping` to
    /// `world_resumed`).
    fn wait_while_a_pause_is_coming(&self) {
        let (lock, cond) = &self.pause_coming;
        let mut coming = lock.lock();
        while *coming {
            cond.wait(&mut coming);
        }
    }

    /// Counts `bytes` marked; every N KB, a `cms.marking` frame (the world stopped as a tick).
    /// Runs with the work lock released: a pause the safepoint may wait for needs it.
    fn marking_step(
        &self,
        vm: &dyn VmControl,
        progress: &mut ConcurrentSteps,
        bytes: u64,
        generation: u32,
    ) {
        progress.add_marked(vm, bytes, &|| !self.aborted(generation), &mut |tiles| {
            self.tile_marking(tiles, false)
        });
    }

    /// Counts a span swept; every N KB of spans, a `cms.sweeping` frame.
    fn sweeping_step(&self, vm: &dyn VmControl, progress: &mut ConcurrentSteps, generation: u32) {
        if !progress.watched(vm) {
            return;
        }
        progress.add(
            vm,
            SPAN_SIZE as u64,
            |total| format!("Sweeping: {} spans swept", total / SPAN_SIZE as u64),
            &|| !self.aborted(generation),
            &mut |tiles| self.gather_streams(tiles),
        );
    }

    /// One cycle; false when the VM is shutting down.
    fn run_cycle(&'static self, vm: &'static dyn VmControl) -> bool {
        // The cycle's generation is the one its initial mark finds: a full collection that
        // reaches the safepoint before the initial mark does leaves the cycle nothing to
        // abandon. (Read before the request, it would make the cycle give up right after its
        // initial mark, leaving that mark's snapshot set waiting for a completion that never
        // comes: `--trace-pointers` would lose the initial mark's graph.)
        let generation = std::cell::Cell::new(0);
        let mut initial = |roots: &mut dyn RootSource, events: &mut dyn GcEventSink| {
            generation.set(self.generation.load(Ordering::Acquire));
            self.initial_mark(roots, events)
        };
        let Some(record) = vm.request_pause(GcCause::Collector("Initial Mark"), &mut initial)
        else {
            return false;
        };
        let generation = generation.get();
        let id = record.id;
        if self.aborted(generation) {
            return true;
        }
        let started = Instant::now();
        let progress = std::cell::RefCell::new(ConcurrentSteps::new(&STEP_MARKING, id));
        let bytes = std::cell::Cell::new(None::<u64>);
        let pool = self.concurrent_pool();
        let figures = std::cell::RefCell::new(MarkFigures {
            workers: pool.threads(),
            ..MarkFigures::default()
        });
        // Each piece of work is a round on the workers (marking.rs), under the work lock: it
        // ends when no grey object is left, a pause is coming, or the next step frame is due.
        let marked = self.work_in_chunks(
            generation,
            || {
                let watched = progress.borrow().watched(vm);
                let limit = if watched {
                    progress.borrow().until_due(vm)
                } else {
                    u64::MAX
                };
                let round = self.concurrent_round(&pool, limit, &mut figures.borrow_mut());
                bytes.set(round.filter(|_| watched).map(|c| c.bytes));
                round.is_some()
            },
            || {
                if let Some(b) = bytes.take() {
                    self.marking_step(vm, &mut progress.borrow_mut(), b, generation);
                }
            },
        );
        if !marked {
            return true;
        }
        let mark_time = started.elapsed();
        vm.concurrent_phase(id, "Concurrent Mark", started, mark_time);
        vm.log_gc(&format!(
            "GC({id}) Concurrent Mark {:.3}ms",
            mark_time.as_secs_f64() * 1e3
        ));
        let figures = figures.into_inner();
        vm.log_gc_detail(
            "gc,marking",
            &figures.log_line(&format!("GC({id}) Concurrent Mark")),
        );
        self.stats.lock().last_concurrent_mark = figures;
        if let Some(line) = progress.borrow().log_line("Concurrent Mark", mark_time) {
            vm.log_gc_detail("gc,streams", &line);
        }
        let mut remark =
            |_: &mut dyn RootSource, events: &mut dyn GcEventSink| self.remark(generation, events);
        if vm
            .request_pause(GcCause::Collector("Remark"), &mut remark)
            .is_none()
        {
            return false;
        }
        if self.aborted(generation) {
            return true;
        }
        let started = Instant::now();
        let mut progress = ConcurrentSteps::new(&STEP_SWEEPING, id);
        let swept = self.work_in_chunks(
            generation,
            || self.sweep_one(),
            || self.sweeping_step(vm, &mut progress, generation),
        );
        if !swept {
            return true;
        }
        {
            let _work = self.work.lock();
            if !self.aborted(generation) {
                *self.phase.lock() = Phase::Idle;
                self.after_cycle();
            }
        }
        let sweep_time = started.elapsed();
        vm.concurrent_phase(id, "Concurrent Sweep", started, sweep_time);
        vm.log_gc(&format!(
            "GC({id}) Concurrent Sweep {:.3}ms",
            sweep_time.as_secs_f64() * 1e3
        ));
        if let Some(line) = progress.log_line("Concurrent Sweep", sweep_time) {
            vm.log_gc_detail("gc,streams", &line);
        }
        let mut stats = self.stats.lock();
        stats.last_mark = mark_time;
        stats.last_sweep = sweep_time;
        let s = stats.clone();
        drop(stats);
        vm.log_gc_detail(
            "gc,marking",
            &format!(
                "GC({id}) Mark assists {} ({} objects in all), allocated black {}K (floating garbage at most)",
                s.assists,
                s.assist_objects,
                s.allocated_black >> 10
            ),
        );
        vm.log_gc_detail(
            "gc,heap",
            &format!(
                "GC({id}) Sweep: {} spans by the controller, {} lazily by mutators; free slots {}K ({:.1}% of {}M), used {}K, spans in use {}K",
                s.swept_spans,
                s.lazy_swept_spans,
                s.fragmented_bytes >> 10,
                100.0 * s.fragmented_bytes as f64 / self.capacity().max(1) as f64,
                self.capacity() >> 20,
                self.used() >> 10,
                self.span_bytes_in_use() >> 10
            ),
        );
        true
    }
}

impl Collector for ConcurrentMarkSweep {
    fn name(&self) -> &'static str {
        "concurrent-mark-sweep"
    }

    /// Every object comes from the free lists of the mutator's spans (`alloc_slow`).
    fn allocates_in_tlabs(&self) -> bool {
        false
    }

    fn barrier(&self) -> BarrierKind {
        BarrierKind::PreWrite
    }

    /// The snapshot barrier's work happens only while marking: tested inline.
    fn barrier_filters(&self) -> BarrierFilters {
        BarrierFilters {
            holder_filter: Some(self.holder_filter.clone()),
            pre_write_active: Some(self.marking.clone()),
            cross_region: None,
        }
    }

    /// The controller's marking and sweeping step aside until the pause is over.
    fn world_stopping(&self) {
        self.pause_flag.store(true, Ordering::Relaxed);
        *self.pause_coming.0.lock() = true;
    }

    fn world_resumed(&self) {
        self.pause_flag.store(false, Ordering::Relaxed);
        *self.pause_coming.0.lock() = false;
        self.pause_coming.1.notify_all();
    }

    fn new_mutator(&self, threads: usize) -> Mutator {
        let barrier = SatbBarrier {
            marking: self.marking.clone(),
            queue: LocalQueue::new(self.satb.clone(), SATB_BUFFER),
        };
        let local = CmsMutator {
            cursors: vec![None; CLASS_SIZES.len()],
            unflushed: 0,
            assist_debt: 0,
        };
        Mutator::new(
            gcvm_tlab::Tlab::new(self.tlab_capacity(), threads),
            Box::new(barrier),
        )
        .with_local(Box::new(local))
    }

    /// Gives the thread's spans back (so the sweeper may take them) and its counts and SATB
    /// entries to the collector.
    fn flush_mutator(&self, mutator: &mut Mutator, _memory: &HeapMemory, _for_gc: bool) {
        mutator.barrier_mut().flush();
        let Some(local) = mutator.local_mut::<CmsMutator>() else {
            return;
        };
        self.return_spans(local);
        self.used.fetch_add(local.unflushed, Ordering::Relaxed);
        local.unflushed = 0;
    }

    /// The thread is about to block: its spans go back to the partial lists, so that hundreds
    /// of parked or waiting threads do not each keep a span of every class they allocated in
    /// (503 threads of a ring holding two or three 32 KB spans each filled a 32 MB heap); it
    /// keeps the rest of its runs of free slots (`park_cursors`), so that waking it goes on
    /// allocating without announcing a new run (the ring had announced one at nearly every
    /// allocation).
    fn release_idle(&self, mutator: &mut Mutator) {
        if let Some(local) = mutator.local_mut::<CmsMutator>() {
            self.park_cursors(local);
        }
    }

    fn alloc_slow(
        &self,
        mutator: &mut Mutator,
        _memory: &HeapMemory,
        size: usize,
    ) -> Option<usize> {
        let local = mutator
            .local_mut::<CmsMutator>()
            .expect("concurrent mark-sweep mutators have their state");
        let (at, placement) = match class_for(size) {
            Some(class) => self.alloc_small(local, class, size)?,
            None => (self.alloc_large(local, size)?, Placement::Explicit),
        };
        mutator.placement = placement;
        Some(at)
    }

    /// The viewer's mark-sweep streams: what each span holds and its cell size.
    fn stream_defs(&self, _tile_size: u64) -> Vec<StreamDef> {
        use gcvm_tracer::stream::Presentation;
        vec![
            StreamDef {
                id: STREAM_SPAN,
                name: "span".into(),
                description: "what the 32 KB span holding the tile is: free, cells of one size \
                              class, or (part of) a large object"
                    .into(),
                unit: String::new(),
                presentation: Presentation::Enum(vec![
                    "free".into(),
                    "small".into(),
                    "large".into(),
                ]),
                max: 2,
                colour: "#17becf".into(),
                from_trace: false,
            },
            StreamDef {
                id: STREAM_CELL,
                name: "cell-size".into(),
                description: "the size class (cell bytes) of the small-object span holding the \
                              tile"
                    .into(),
                unit: "bytes".into(),
                presentation: Presentation::Plain,
                max: spans::MAX_SMALL as u64,
                colour: "#bcbd22".into(),
                from_trace: false,
            },
            StreamDef {
                id: STREAM_MARKED,
                name: "marked".into(),
                description: "bytes marking has found live so far (step frames of a cycle)".into(),
                unit: "bytes".into(),
                presentation: Presentation::Percent,
                max: _tile_size,
                colour: "#8c564b".into(),
                from_trace: false,
            },
        ]
    }

    fn gather_streams(&self, tiles: &mut Tiler) {
        let pool = self.pool.lock();
        for i in 0..pool.committed {
            let start = pool.start_of(i as u32) as u64;
            let end = start + spans::SPAN_SIZE as u64;
            let (kind, cell) = match pool.spans[i].kind {
                SpanKind::Free => (0, 0),
                SpanKind::Small { class } => (1, spans::CLASS_SIZES[class as usize] as u64),
                SpanKind::LargeHead { .. } | SpanKind::LargeTail => (2, 0),
            };
            tiles.set_range(STREAM_SPAN, start, end, kind, false);
            tiles.set_range(STREAM_CELL, start, end, cell, false);
        }
    }

    fn step_kinds(&self) -> &'static [&'static StepKind] {
        &STEPS
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let pool = self.pool.lock();
        let end = pool.start_of(pool.committed as u32);
        let top = (0..pool.committed)
            .rev()
            .find(|&s| pool.spans[s].kind != SpanKind::Free)
            .map_or(pool.base, |s| pool.start_of(s as u32 + 1));
        vec![SpaceInfo {
            id: 0,
            name: "mark-sweep".into(),
            kind: SpaceKind::Old,
            start: pool.base,
            end,
            reserved_end: pool.start_of(self.max_spans as u32),
            top,
        }]
    }

    fn alloc_tlab(&self, _min: usize, _desired: usize) -> Option<(usize, usize)> {
        None
    }

    fn alloc_outside_tlab(&self, _size: usize) -> Option<usize> {
        None
    }

    fn tlab_capacity(&self) -> usize {
        self.capacity()
    }

    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.full_collection(cause, roots, events)
    }

    fn grow_for(&self, wanted: usize) -> bool {
        let mut pool = self.pool.lock();
        if pool.committed >= self.max_spans {
            return false;
        }
        let need = wanted.div_ceil(SPAN_SIZE);
        let grown = (pool.committed * 2)
            .max(pool.committed + need)
            .min(self.max_spans);
        pool.commit(grown);
        let end = pool.start_of(pool.committed as u32);
        drop(pool);
        self.cover_bitmaps(end);
        true
    }

    fn start(&'static self, vm: &'static dyn VmControl) {
        let _ = self.vm.set(vm);
        let controller = Controller::spawn("cms-controller", move |signal| {
            self.run_controller(vm, &signal)
        });
        match controller {
            Ok(c) => *self.controller.lock() = Some(c),
            Err(e) => eprintln!("gcvm: {e}; concurrent cycles are off, full collections only"),
        }
    }

    fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    fn capacity(&self) -> usize {
        self.pool.lock().committed * SPAN_SIZE
    }

    fn max_capacity(&self) -> usize {
        self.max_spans * SPAN_SIZE
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        self.pool.lock().parseable_ranges()
    }

    fn is_dead(&self, obj: Ref) -> bool {
        let pool = self.pool.lock();
        let span = pool.span_of(obj.offset());
        pool.spans[span].swept_epoch != self.sweep_epoch.load(Ordering::Acquire)
            && !self.bitmap.read().is_marked(obj.offset())
    }

    /// The spans touched since the last frame are binned again; the others' bins are kept.
    fn tile_objects(&self, tiles: &mut Tiler) -> bool {
        let tile_size = tiles.tile_size();
        let mut cache = self.tiles.lock();
        let mut pool = self.pool.lock();
        let committed = pool.committed;
        let cache = TileCache::for_tile_size(&mut cache, tile_size);
        cache.spans.resize(committed.max(cache.spans.len()), None);
        let bitmap = self.bitmap.read_recursive();
        for s in 0..committed {
            if pool.spans[s].touched || cache.spans[s].is_none() {
                cache.spans[s] = Some(self.bin_span(&pool, s, &bitmap, tile_size));
                pool.spans[s].touched = false;
            }
            if let Some(bins) = &cache.spans[s] {
                tiles.add_bins(bins);
            }
        }
        true
    }

    /// The unswept spans, listed once; the mark bitmap, read only for their objects.
    /// The remark marks exactly what the initial mark's snapshot reached (and what was
    /// allocated since), and `dead_test` names the rest until it is swept.
    fn initial_mark_snapshots(&self) -> bool {
        true
    }

    fn dead_test(&self) -> Option<DeadTest<'_>> {
        let (base, unswept) = {
            let pool = self.pool.lock();
            let epoch = self.sweep_epoch.load(Ordering::Acquire);
            let unswept: Vec<bool> = pool.spans[..pool.committed]
                .iter()
                .map(|s| s.swept_epoch != epoch && !matches!(s.kind, SpanKind::Free))
                .collect();
            (pool.base, unswept)
        };
        if !unswept.contains(&true) {
            return None;
        }
        // Held for the walk (recursively: the walker may ask `is_dead` too, and a waiting
        // writer must not block it).
        let bitmap = self.bitmap.read_recursive();
        Some(Box::new(move |obj: Ref| {
            let addr = obj.offset();
            unswept.get((addr - base) / SPAN_SIZE) == Some(&true) && !bitmap.is_marked(addr)
        }))
    }
}

#[cfg(test)]
mod parking_tests {
    //! A thread that blocks gives its spans back but keeps the rest of its runs of free slots
    //! (`ConcurrentMarkSweep::park_cursors`).
    use super::*;
    use crate::collector::HeapConfig;

    fn collector() -> ConcurrentMarkSweep {
        let max = 4 << 20;
        let memory =
            HeapMemory::reserve(ConcurrentMarkSweep::reservation_for(max)).expect("reserved");
        ConcurrentMarkSweep::new(CollectorContext {
            memory: Arc::new(memory),
            types: Arc::new(TypeRegistry::new()),
            config: HeapConfig {
                initial_size: max,
                max_size: max,
                ..HeapConfig::default()
            },
        })
        .unwrap()
    }

    fn mutator() -> CmsMutator {
        CmsMutator {
            cursors: vec![None; CLASS_SIZES.len()],
            unflushed: 0,
            assist_debt: 0,
        }
    }

    /// Allocates an object of `size` bytes: (address, placement).
    fn alloc(cms: &ConcurrentMarkSweep, m: &mut CmsMutator, size: usize) -> (usize, Placement) {
        cms.alloc_small(m, class_for(size).unwrap(), size)
            .expect("room")
    }

    #[test]
    fn a_thread_that_wakes_goes_on_in_the_run_it_kept() {
        let cms = collector();
        let mut a = mutator();
        let (first, placement) = alloc(&cms, &mut a, 32);
        assert!(matches!(placement, Placement::NewRun { count: 127, .. }));
        cms.park_cursors(&mut a);
        let (second, placement) = alloc(&cms, &mut a, 32);
        assert_eq!(second, first + 32);
        assert_eq!(placement, Placement::NextCell { cell: 32 });
    }

    #[test]
    fn the_span_a_blocked_thread_gave_back_is_taken_after_the_run_it_kept() {
        let cms = collector();
        let (mut a, mut b) = (mutator(), mutator());
        let (first, _) = alloc(&cms, &mut a, 32);
        cms.park_cursors(&mut a);
        let (other, placement) = alloc(&cms, &mut b, 32);
        assert_eq!(other, first + 127 * 32, "after the 126 free slots a keeps");
        assert!(matches!(placement, Placement::NewRun { .. }));
        let (woken, _) = alloc(&cms, &mut a, 32);
        assert_eq!(woken, first + 32);
    }

    #[test]
    fn a_blocked_thread_keeps_at_most_parked_run_bytes_of_its_run() {
        let cms = collector();
        let (mut a, mut b) = (mutator(), mutator());
        let (first, _) = alloc(&cms, &mut a, 64);
        cms.park_cursors(&mut a);
        let (other, _) = alloc(&cms, &mut b, 64);
        assert_eq!(other, first + 64 + PARKED_RUN_BYTES);
    }

    #[test]
    fn a_woken_thread_that_used_up_its_kept_run_announces_a_new_one() {
        let cms = collector();
        let mut a = mutator();
        let (first, _) = alloc(&cms, &mut a, 1024);
        cms.park_cursors(&mut a);
        let kept = PARKED_RUN_BYTES / 1024;
        for k in 1..=kept {
            assert_eq!(
                alloc(&cms, &mut a, 1024),
                (first + k * 1024, Placement::NextCell { cell: 1024 })
            );
        }
        let (_, placement) = alloc(&cms, &mut a, 1024);
        assert!(
            matches!(placement, Placement::NewRun { .. }),
            "{placement:?}"
        );
    }

    #[test]
    fn free_slots_scattered_a_few_at_a_time_are_announced_as_one_map() {
        let cms = collector();
        let (mut a, mut b) = (mutator(), mutator());
        let (first, _) = alloc(&cms, &mut a, 32);
        cms.return_spans(&mut a);
        // every third slot of the next 64 is another thread's object
        let taken = |slot: usize| slot.is_multiple_of(3);
        for slot in (1..80).filter(|&s| taken(s)) {
            cms.memory
                .write_u32(first + slot * 32 + TYPE_OFFSET, FILLER_TYPE + 1);
        }
        let free: u64 = (0..64).filter(|i| !taken(1 + i)).map(|i| 1 << i).sum();
        let (at, placement) = alloc(&cms, &mut b, 32);
        assert_eq!(
            (at, placement),
            (first + 32, Placement::NewMap { cell: 32, free })
        );
        for slot in (2..65).filter(|&s| !taken(s)) {
            assert_eq!(
                alloc(&cms, &mut b, 32),
                (first + slot * 32, Placement::NextCell { cell: 32 }),
                "slot {slot}: the map's free slots in address order, unannounced"
            );
        }
        let (at, placement) = alloc(&cms, &mut b, 32);
        assert_eq!(at, first + 65 * 32, "after the map, the slots go on");
        assert!(
            matches!(placement, Placement::NewMap { .. }),
            "{placement:?}"
        );
    }

    #[test]
    fn a_long_run_of_free_slots_is_announced_as_a_run_not_a_map() {
        let cms = collector();
        let mut a = mutator();
        let (_, placement) = alloc(&cms, &mut a, 32);
        assert!(
            matches!(placement, Placement::NewRun { count: 127, .. }),
            "{placement:?}"
        );
    }

    #[test]
    fn a_blocked_thread_drops_its_map_and_the_next_owner_finds_the_free_slots() {
        let cms = collector();
        let (mut a, mut b, mut c) = (mutator(), mutator(), mutator());
        let (first, _) = alloc(&cms, &mut a, 32);
        cms.return_spans(&mut a);
        for slot in (1..80).filter(|s| s % 3 == 0) {
            cms.memory
                .write_u32(first + slot * 32 + TYPE_OFFSET, FILLER_TYPE + 1);
        }
        let (at, placement) = alloc(&cms, &mut b, 32);
        assert!(matches!(placement, Placement::NewMap { .. }));
        cms.park_cursors(&mut b);
        assert_eq!(
            alloc(&cms, &mut b, 32),
            (at + 32, Placement::NextCell { cell: 32 }),
            "it keeps the rest of its stretch"
        );
        let (other, _) = alloc(&cms, &mut c, 32);
        assert_eq!(
            other,
            first + 4 * 32,
            "the next owner starts after the kept stretch"
        );
    }

    #[test]
    fn a_blocked_thread_holds_no_span() {
        let cms = collector();
        let mut a = mutator();
        let class = class_for(48).unwrap();
        alloc(&cms, &mut a, 48);
        cms.park_cursors(&mut a);
        assert_eq!(
            cms.pool.lock().partial[class].len(),
            1,
            "its span is partial again"
        );
        cms.return_spans(&mut a);
        assert!(
            a.cursors.iter().all(Option::is_none),
            "a pause drops the kept runs"
        );
        assert_eq!(
            cms.pool.lock().partial[class].len(),
            1,
            "and gives nothing back twice"
        );
    }
}
