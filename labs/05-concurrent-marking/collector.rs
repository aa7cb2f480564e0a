//! Lab 05's scaffolding: a mark-sweep collector that marks *while the program runs*, whose
//! marking is the student's.
//!
//! # Why
//! A stop-the-world collector's pause grows with the live heap: it must trace every live object
//! before the program may continue. This collector traces almost everything on its own thread
//! (the *controller*) while the mutators — the program's threads — keep running, and stops them
//! only twice per cycle, briefly. The price: a write barrier on every reference store, objects
//! that die during a cycle surviving it anyway, and a heap that is never compacted.
//!
//! # The heap (non-moving)
//! Objects never move. The heap is one space `[start, end)`; `[start, top)` holds objects and
//! free chunks, every byte of it parseable object by object (a free chunk is one *filler*
//! object); `[top, end)` was never used. Each thread allocates by bumping a pointer in its own
//! chunk of free memory (`LocalAlloc`, up to 32 KB), taken under a lock from the free list or
//! from `top`. A sweep turns every run of neighbouring dead objects into one free chunk.
//!
//! # A cycle
//!
//! ```text
//!  mutators  ====|  |====================================|  |================
//!  controller    |IM|  concurrent mark (your Step 2)       |RM|
//!                 ^ pause: grey the roots,                  ^ pause: drain the SATB buffers and
//!                   barrier on (scaffolding)                  finish marking (your Step 3),
//!                                                             references, sweep (scaffolding)
//! ```
//!
//! 1. **Trigger.** The controller thread sleeps until the bytes in use pass the trigger: what
//!    survived the last cycle plus 30% of what was then free (`TRIGGER_FRACTION`), so that
//!    marking can finish before allocation fills the rest.
//! 2. **Pause Initial Mark** (`initial_mark`). With the world stopped: clear the mark bitmap,
//!    mark every object a root references and push it on the grey stack, and turn on the
//!    snapshot barrier and allocate-black. That is the snapshot: the cycle will keep every object
//!    reachable *now*.
//! 3. **Concurrent Mark** (the controller, `run_cycle`): your `mark_some`, a few hundred grey
//!    objects at a time, until the grey stack is empty — while mutators run, allocate and rewire
//!    the graph. Between pieces the controller lets go of the marking lock, so a pause can start.
//! 4. **Pause Remark** (`remark`). The VM has flushed every thread's SATB buffer. Your `remark`
//!    greys what the barrier logged and marks to the end; then reference processing, the barrier
//!    off, and the **sweep** (`sweep`): every unmarked object becomes free memory. The sweep runs
//!    in this pause, over the whole heap, to keep the lab simple (gcvm's concurrent-mark-sweep
//!    sweeps concurrently, after the pause: runtime/gc/src/cms/mod.rs).
//!
//! # The invariant, the barrier, allocate-black
//! Tri-colour: **white** (not marked), **grey** (marked, on the grey stack: its fields are still
//! to scan), **black** (marked, fields scanned). Marking is finished when nothing is grey, and
//! then white objects are garbage — *if* no black object points to a white one. With the
//! mutators running, an object is lost only if a mutator both (a) stores a reference to a white
//! object into a black one and (b) destroys every other path to it from a grey object. A
//! **snapshot-at-the-beginning** (Yuasa) barrier prevents (b): before a reference store
//! overwrites a field, while marking, it logs the old value (your Step 1), and remark greys
//! every logged object. So every object reachable at the initial mark is marked at the end:
//! the *weak tri-colour invariant* — a white object a black one points to is still reachable
//! from a grey one, or was logged.
//!
//! Objects allocated during marking were not in the snapshot, and no one would mark them: they
//! are **allocated black** (`alloc_slow` sets their mark bit), never scanned — anything they
//! point to is either in the snapshot or allocated black too. Roots are not barriered and not
//! rescanned at remark: a root can only point to a snapshot object or a new (black) one.
//!
//! An object that dies during marking stays marked and survives the cycle: **floating garbage**,
//! swept by the next one.
//!
//! # Full collections
//! If a thread finds no free memory, the VM asks for a collection: `collect` runs a full
//! stop-the-world mark-sweep (the same marking — your Step 2 to the end — with the world
//! stopped), abandoning a cycle in progress. That is a *concurrent mode failure*: marking lost
//! the race with allocation. `System.gc()` and `--gc-stress` are full collections too.
//!
//! # What it reports to the tracer
//! Each pause is a GC start/end pair. The initial mark is a *marking* pause (trace GC kind 2)
//! that collects nothing. The remark names the heap's space (0) as collected and reports every
//! marked object as kept alive, in place (`kept_alive`): everything else in the space dies at
//! its end — and the sweep has freed it by then. A full collection reports its survivors the
//! same way, as a whole-heap collection. Allocations are explicit trace events (the VM records
//! each one, since they fill scattered free chunks). The viewer gets one stream of the
//! collector's own, `free-list`: where the free chunks are. The log (`-Xlog:gc`): `Pause
//! Initial Mark`, `Concurrent Mark`, `Pause Remark`, `Pause Full (...)`; `-Xlog:gc*` adds
//! what each cycle marked, logged and swept.
//!
//! # A marking that never ends
//! Each object is grey at most once per cycle. `Marker::pop_grey` counts: more pops than the
//! heap has room for objects means an object pushed again after it was marked, and the run
//! stops naming Step 2 (`crate::wrong`) instead of marking forever.
//!
//! gcvm's own version, with concurrent sweeping, size classes and mark assists:
//! runtime/gc/src/cms/ (docs/collectors/concurrent-mark-sweep.md).

use crate::Step;
use gcvm_gc::collector::{BarrierFilters, StreamDef, Tiler};
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::memory::{HeapMemory, RESERVED_PREFIX};
use gcvm_gc::object::{gcword, Ref, TypeRegistry, FILLER_TYPE, MIN_OBJECT_SIZE};
use gcvm_gc::shared::controller::{Controller, StopSignal, VmControl};
use gcvm_gc::shared::markbitmap::MarkBitmap;
use gcvm_gc::shared::queues::{LocalQueue, QueueSet};
use gcvm_gc::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use gcvm_gc::shared::sizing::align_down_page;
use gcvm_gc::{
    Barrier, BarrierKind, Collector, CollectorContext, GcCause, GcEventSink, GcOutcome,
    HolderFilter, Mutator, RootSource, SpaceInfo, SpaceKind,
};
use parking_lot::{Condvar, Mutex};
use std::any::Any;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub static STEP_1: Step = Step {
    lab: "05-concurrent-marking",
    number: 1,
    title: "the snapshot (SATB) pre-write barrier",
};
pub static STEP_2: Step = Step {
    lab: "05-concurrent-marking",
    number: 2,
    title: "marking: the tri-colour loop over grey objects",
};
pub static STEP_3: Step = Step {
    lab: "05-concurrent-marking",
    number: 3,
    title: "remark: drain the SATB buffers and finish marking",
};

/// The student's part: see README.md.
pub trait MarkingSteps: Send + Sync + 'static {
    /// Step 1, on a mutator's thread before a reference store (every store while marking; also
    /// arraycopy, compare-and-swap and `Reference.get()` when not marking): `old` is the
    /// reference about to be overwritten, possibly null.
    fn pre_write(b: &mut SatbBarrier, old: Ref);
    /// Step 2: processes up to `budget` grey objects; returns how many it processed (0: none
    /// was grey).
    fn mark_some(m: &mut Marker<'_>, budget: usize) -> usize;
    /// Step 3, in the remark pause: greys every object the barrier logged and marks until no
    /// object is grey.
    fn remark(m: &mut Marker<'_>);
}

/// The smallest heap.
pub const MIN_HEAP: usize = 1 << 20;
/// The chunk of free memory a thread takes to allocate in (or less, if the free list has only
/// smaller chunks; or exactly one larger object).
pub const CHUNK: usize = 32 * 1024;
/// Free runs shorter than this stay fillers off the free list until their neighbours die too:
/// too small to be worth a chunk (they count as used).
pub const MIN_FREE: usize = 128;
/// Entries per thread SATB buffer (G1's default).
pub const SATB_BUFFER: usize = 1024;
/// Grey objects per piece of concurrent marking: between pieces the controller lets a pause in.
pub const MARK_CHUNK: usize = 512;
/// A cycle starts when the bytes in use exceed what survived the last one plus this share of
/// what was then free.
const TRIGGER_FRACTION: f64 = 0.3;
/// After a cycle that leaves the heap fuller than this, it doubles (up to -Xmx).
const GROW_OCCUPANCY: f64 = 0.6;
/// The collector's heap stream for the viewer (docs/stream-format.md): free-list bytes.
const STREAM_FREE: u16 = gcvm_tracer::stream::standard::COUNT;

// ---- Step 1's view: one thread's barrier ----

/// One mutator thread's snapshot barrier: the marking flag and the thread's SATB buffer
/// (shared/queues.rs: full buffers go to the collector, and the VM flushes the rest at every
/// pause).
pub struct SatbBarrier {
    marking: Arc<AtomicBool>,
    queue: LocalQueue,
}

impl SatbBarrier {
    /// Is a cycle marking (from the initial mark to the remark)?
    pub fn marking(&self) -> bool {
        self.marking.load(Ordering::Relaxed)
    }

    /// Appends `obj` to this thread's SATB buffer; remark will grey it.
    pub fn log(&mut self, obj: Ref) {
        self.queue.push(obj.raw());
    }
}

/// The `Barrier` mutators hold: your `pre_write` over the thread's `SatbBarrier`.
struct StepsBarrier<S> {
    satb: SatbBarrier,
    steps: PhantomData<fn() -> S>,
}

impl<S: MarkingSteps> Barrier for StepsBarrier<S> {
    fn pre_write(&mut self, _holder: Ref, _slot: usize, old: Ref) {
        S::pre_write(&mut self.satb, old);
    }
    fn flush(&mut self) {
        self.satb.queue.flush();
    }
    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

// ---- Steps 2 and 3's view: the marker ----

/// What marking works on, besides the heap: the grey stack, the references discovered so far,
/// a count of scanned objects. Its lock is the collector's *work lock*: the controller holds it
/// for one piece of concurrent marking, every pause for its whole body, so they never overlap.
#[derive(Default)]
struct MarkState {
    grey: Vec<Ref>,
    discovered: Discovered,
    /// Objects scanned (fields_to_trace) since the cycle began.
    scanned: usize,
    /// SATB entries taken (satb_buffer) since the cycle began.
    logged: usize,
    /// Grey objects popped since the cycle began: each object is grey at most once per cycle,
    /// so more pops than the heap has room for objects means a marking that never ends.
    popped: usize,
}

/// Marking as your functions see it: the mark bitmap (a bit per object: set = grey or black),
/// the grey stack, the heap's reference fields and the SATB buffers the threads handed over.
///
/// ```text
///   white: mark bit clear          grey: mark bit set, on the grey stack
///   black: mark bit set, popped and its fields scanned
/// ```
pub struct Marker<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    bitmap: &'a MarkBitmap,
    satb: &'a QueueSet,
    state: &'a mut MarkState,
    /// More objects than the heap can hold.
    limit: usize,
}

impl Marker<'_> {
    /// Sets `obj`'s mark bit. True if this call set it (`obj` was white: push it now, it is
    /// grey); false if it was set already (grey or black).
    pub fn mark(&self, obj: Ref) -> bool {
        if obj.is_null() {
            crate::wrong(
                &STEP_2,
                "m.mark(null): null is no object, skip null references".into(),
            );
        }
        self.bitmap.mark(obj.offset())
    }

    /// Is `obj`'s mark bit set?
    pub fn is_marked(&self, obj: Ref) -> bool {
        self.bitmap.is_marked(obj.offset())
    }

    /// Pushes `obj` (marked) on the grey stack.
    pub fn push_grey(&mut self, obj: Ref) {
        if obj.is_null() {
            crate::wrong(&STEP_2, "m.push_grey(null): null is no object".into());
        }
        self.state.grey.push(obj);
    }

    /// Takes the grey object on top of the stack, if any.
    pub fn pop_grey(&mut self) -> Option<Ref> {
        let obj = self.state.grey.pop()?;
        self.state.popped += 1;
        if self.state.popped > self.limit {
            crate::wrong(
                &STEP_2,
                format!(
                    "this cycle popped more grey objects ({}) than the heap has room for: an \
                     object is pushed again after it was marked (push only when m.mark returns true)",
                    self.state.popped
                ),
            );
        }
        Some(obj)
    }

    /// The reference fields of `obj` to trace, as slot offsets: every reference field, except
    /// the referent of a java.lang.ref.Reference whose referent is not marked (reference
    /// processing decides about it at remark). Call it once per object you scan.
    pub fn fields_to_trace(&mut self, obj: Ref) -> Vec<usize> {
        let (memory, bitmap) = (self.memory, self.bitmap);
        let state = &mut *self.state;
        state.scanned += 1;
        let skip = self
            .types
            .references()
            .should_discover(memory, obj, |r| bitmap.is_marked(r.offset()))
            .map(|(kind, slot)| {
                state.discovered.push(kind, obj);
                slot
            });
        let mut slots = Vec::new();
        memory.for_each_ref_slot(self.types, obj, |slot| {
            if Some(slot) != skip {
                slots.push(slot);
            }
        });
        slots
    }

    /// The reference stored at `slot` now (mutators may be storing into it meanwhile: a
    /// concurrent marker sees either the old or the new value).
    pub fn read_ref(&self, slot: usize) -> Ref {
        self.memory.read_ref(slot)
    }

    /// Takes one of the SATB buffers the threads handed over (the objects their barriers
    /// logged), or None when none is left. At remark every thread's buffer has been handed
    /// over: there may be several per thread.
    pub fn satb_buffer(&mut self) -> Option<Vec<Ref>> {
        let buffer = self.satb.take_one()?;
        self.state.logged += buffer.len();
        Some(buffer.into_iter().map(Ref::from_raw).collect())
    }
}

// ---- the cycle's phases, for the controller and for checks ----

/// What the last cycles did (for the log, checks and the curious).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CycleStats {
    /// Concurrent cycles begun (initial marks), and those finished by a remark.
    pub cycles: u64,
    pub remarks: u64,
    pub full_collections: u64,
    /// Full collections caused by an allocation failure while a cycle was marking.
    pub concurrent_mode_failures: u64,
    /// The last cycle: objects scanned by the controller while mutators ran, and in the remark
    /// pause (reference processing included).
    pub scanned_concurrently: usize,
    pub scanned_at_remark: usize,
    /// The last cycle: references its mutators' barriers logged (SATB entries remark took).
    pub logged: usize,
    /// The last cycle: bytes allocated black (an upper bound on its floating garbage).
    pub allocated_black: usize,
    /// After the last sweep: live bytes, the free list (chunks, bytes) and free runs too small
    /// for it (fragments).
    pub live_bytes: usize,
    pub free_chunks: usize,
    pub free_bytes: usize,
    pub fragment_bytes: usize,
}

/// One concurrent cycle's phases, whatever the steps: what the controller runs, and what a
/// check runs by hand (`cycle_of`). `initial_mark` and `remark` are pause bodies: run them with
/// the world stopped and every mutator flushed (`Heap::pause` or `VmControl::request_pause`).
pub trait Cycle: Send + Sync {
    /// Pause Initial Mark: clear the marks, grey the roots' objects, turn the barrier and
    /// allocate-black on.
    fn initial_mark(&self, roots: &mut dyn RootSource) -> GcOutcome;
    /// One piece of concurrent marking: `mark_some` (Step 2) with `budget`; how many grey
    /// objects it processed. 0 when no cycle is marking.
    fn mark_concurrently(&self, budget: usize) -> usize;
    /// Pause Remark: `remark` (Step 3), reference processing, barrier off, sweep, report. Does
    /// nothing when no cycle is marking (a full collection abandoned it).
    fn remark(&self, events: &mut dyn GcEventSink) -> GcOutcome;
    fn is_marked(&self, obj: Ref) -> bool;
    fn is_marking(&self) -> bool;
    /// Objects on the grey stack.
    fn grey_count(&self) -> usize;
    /// Takes every SATB entry handed over so far (a check looking at what the barrier logged).
    fn take_satb(&self) -> Vec<Ref>;
    fn stats(&self) -> CycleStats;
}

/// The cycle of the collector that made `mutator` (None: not a lab 05 collector).
pub fn cycle_of(mutator: &mut Mutator) -> Option<Arc<dyn Cycle>> {
    mutator.local_mut::<LocalAlloc>().map(|l| l.cycle.clone())
}

// ---- the heap ----

/// Can `room` bytes take an object of `size` and leave either nothing or room for a filler?
fn fits(room: usize, size: usize) -> bool {
    room == size || room >= size + MIN_OBJECT_SIZE
}

struct Space {
    start: usize,
    /// The committed end: `[top, end)` may still be handed out.
    end: usize,
    reserved_end: usize,
    /// `[start, top)` holds objects and free chunks (fillers); above it nothing was used.
    top: usize,
    /// Free chunks below `top`, each one filler, lowest address last after a sweep.
    free: Vec<(usize, usize)>,
    free_bytes: usize,
}

impl Space {
    fn used(&self) -> usize {
        self.top - self.start - self.free_bytes
    }

    fn capacity(&self) -> usize {
        self.end - self.start
    }

    /// A chunk for a thread to allocate an object of `size` in (and more after it): a free
    /// chunk (the part of it beyond `CHUNK` stays free) or fresh memory at `top`.
    fn take(&mut self, memory: &HeapMemory, size: usize) -> Option<(usize, usize)> {
        let want = if size + MIN_OBJECT_SIZE <= CHUNK {
            CHUNK
        } else {
            size
        };
        if let Some(i) = self.free.iter().rposition(|&(s, e)| fits(e - s, size)) {
            let (s, e) = self.free[i];
            if e - s >= want + MIN_FREE {
                memory.gc_fill_gap(s + want, e);
                self.free[i] = (s + want, e);
                self.free_bytes -= want;
                return Some((s, s + want));
            }
            self.free.remove(i);
            self.free_bytes -= e - s;
            return Some((s, e));
        }
        let room = self.end - self.top;
        let mut take = want.min(room);
        if !fits(take, size) {
            take = size;
        }
        if take > room {
            return None;
        }
        let at = self.top;
        self.top += take;
        Some((at, at + take))
    }

    /// A thread gives back the unused end `[from, to)` of its chunk (empty, or at least a
    /// filler's size).
    fn give_back(&mut self, memory: &HeapMemory, from: usize, to: usize) {
        if from == to {
            return;
        }
        if to == self.top {
            self.top = from;
            return;
        }
        memory.gc_fill_gap(from, to);
        if to - from >= MIN_FREE {
            self.free.push((from, to));
            self.free_bytes += to - from;
        }
    }
}

/// A mutator's allocation state: the chunk it bumps in, and (for checks) the collector's cycle.
pub struct LocalAlloc {
    cur: usize,
    end: usize,
    /// Bytes allocated black since this thread last told the collector.
    black: usize,
    cycle: Arc<dyn Cycle>,
}

// ---- the collector ----

/// Everything the collector's threads share: mutators allocating, the controller marking,
/// pauses.
struct Shared<S> {
    name: &'static str,
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    space: Mutex<Space>,
    /// Mark bits over the whole reservation (set with `fetch_or`, so mutators allocating black
    /// and the marker may set bits at the same time).
    bitmap: MarkBitmap,
    /// Objects the whole reservation could hold: no correct marking pops more in a cycle.
    bitmap_limit: usize,
    /// The snapshot barrier and allocate-black are on.
    marking: Arc<AtomicBool>,
    /// Every page set while marking is off: the access API then skips the barrier call for
    /// every store (one inline byte test; shared/barrier.rs).
    holder_filter: HolderFilter,
    satb: Arc<QueueSet>,
    state: Mutex<MarkState>,
    /// A safepoint is coming or a pause runs: the controller starts no piece of marking, leaving
    /// the CPU to the mutators on their way to it.
    pause_coming: (Mutex<bool>, Condvar),
    trigger: AtomicUsize,
    wake: (Mutex<bool>, Condvar),
    allocated_black: AtomicUsize,
    stats: Mutex<CycleStats>,
    controller: Mutex<Option<Controller>>,
    steps: PhantomData<fn() -> S>,
}

/// The lab's concurrent collector over the student's (or the solution's) `MarkingSteps`.
pub struct LabConcurrent<S: MarkingSteps> {
    shared: Arc<Shared<S>>,
}

impl<S: MarkingSteps> LabConcurrent<S> {
    pub fn new(ctx: CollectorContext, name: &'static str) -> Result<Self, String> {
        let max = align_down_page(ctx.config.max_size).max(MIN_HEAP);
        let initial = align_down_page(ctx.config.initial_size).clamp(MIN_HEAP, max);
        if ctx.memory.size() < Self::reservation_for(ctx.config.max_size) {
            return Err(format!("{name}: the heap reservation is too small"));
        }
        let start = RESERVED_PREFIX;
        let holder_filter = HolderFilter::new(ctx.memory.size());
        holder_filter.set_all(true);
        let shared = Shared {
            name,
            space: Mutex::new(Space {
                start,
                end: start + initial,
                reserved_end: start + max,
                top: start,
                free: Vec::new(),
                free_bytes: 0,
            }),
            bitmap: MarkBitmap::reserved(start, start + max),
            bitmap_limit: max / MIN_OBJECT_SIZE,
            marking: Arc::new(AtomicBool::new(false)),
            holder_filter,
            satb: QueueSet::new(),
            state: Mutex::new(MarkState::default()),
            pause_coming: (Mutex::new(false), Condvar::new()),
            trigger: AtomicUsize::new((initial as f64 * TRIGGER_FRACTION) as usize),
            wake: (Mutex::new(false), Condvar::new()),
            allocated_black: AtomicUsize::new(0),
            stats: Mutex::new(CycleStats::default()),
            controller: Mutex::new(None),
            memory: ctx.memory,
            types: ctx.types,
            steps: PhantomData,
        };
        Ok(LabConcurrent {
            shared: Arc::new(shared),
        })
    }

    /// Bytes of address space for a heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + align_down_page(max_size).max(MIN_HEAP)
    }
}

impl<S: MarkingSteps> Shared<S> {
    fn marking(&self) -> bool {
        self.marking.load(Ordering::Acquire)
    }

    /// Turns the barrier and allocate-black on or off (in a pause).
    fn set_marking(&self, on: bool) {
        self.marking.store(on, Ordering::Release);
        self.holder_filter.set_all(!on);
    }

    fn used(&self) -> usize {
        self.space.lock().used()
    }

    fn capacity(&self) -> usize {
        self.space.lock().capacity()
    }

    fn marker<'a>(&'a self, state: &'a mut MarkState) -> Marker<'a> {
        Marker {
            memory: &self.memory,
            types: &self.types,
            bitmap: &self.bitmap,
            satb: &self.satb,
            state,
            limit: self.bitmap_limit,
        }
    }

    // ---- allocation ----

    /// Gives a thread's chunk back and counts what it allocated black.
    fn retire(&self, local: &mut LocalAlloc) {
        let (cur, end) = (local.cur, local.end);
        local.cur = 0;
        local.end = 0;
        self.space.lock().give_back(&self.memory, cur, end);
        self.allocated_black
            .fetch_add(std::mem::take(&mut local.black), Ordering::Relaxed);
    }

    fn alloc(&self, local: &mut LocalAlloc, size: usize) -> Option<usize> {
        if !fits(local.end - local.cur, size) {
            self.retire(local);
            let mut space = self.space.lock();
            let (start, end) = space.take(&self.memory, size)?;
            let used = space.used();
            drop(space);
            local.cur = start;
            local.end = end;
            if used >= self.trigger.load(Ordering::Relaxed) {
                let (lock, cond) = &self.wake;
                *lock.lock() = true;
                cond.notify_one();
            }
        }
        let at = local.cur;
        local.cur += size;
        self.memory.gc_zero(at, size);
        // Allocate black: an object born while marking is live for this cycle.
        if self.marking() {
            self.bitmap.mark(at);
            local.black += size;
        }
        Some(at)
    }

    // ---- marking ----

    /// Starts a mark from scratch (in a pause): no marks, no SATB entries, no grey objects.
    fn reset(&self, state: &mut MarkState) {
        let (start, end) = {
            let space = self.space.lock();
            (space.start, space.end)
        };
        self.bitmap.clear_range(start, end);
        self.satb.take_all();
        *state = MarkState::default();
        self.allocated_black.store(0, Ordering::Relaxed);
    }

    /// Marks and pushes every object a root references.
    fn grey_roots(&self, state: &mut MarkState, roots: &mut dyn RootSource) {
        roots.visit_roots(&mut |r| {
            if self.bitmap.mark(r.offset()) {
                state.grey.push(r);
            }
            r
        });
    }

    /// In a pause, marking finished: clears or keeps the discovered references (shared/refs.rs).
    fn process_references(&self, state: &mut MarkState) {
        let discovered = std::mem::take(&mut state.discovered);
        ReferenceProcessor::new(&self.types, &self.memory).process(
            discovered,
            &mut Keep {
                shared: self,
                state,
            },
        );
    }

    // ---- sweeping ----

    /// In a pause, marking finished: every run of unmarked objects and fillers becomes one free
    /// chunk (a run at the end gives `top` back); every marked object survives, one collection
    /// older, and is reported kept alive. Returns the live objects.
    fn sweep(&self, events: &mut dyn GcEventSink) -> usize {
        let (memory, types) = (&*self.memory, &*self.types);
        let report = events.wants_events();
        let mut space = self.space.lock();
        let mut free = Vec::new();
        let (mut free_bytes, mut fragments, mut live, mut live_bytes) = (0, 0, 0, 0);
        let mut run: Option<usize> = None;
        let mut at = space.start;
        while at < space.top {
            let obj = Ref::from_offset(at);
            let size = memory.object_size(types, obj);
            if memory.type_id(obj) != FILLER_TYPE && self.bitmap.is_marked(at) {
                if let Some(from) = run.take() {
                    memory.gc_fill_gap(from, at);
                    if at - from >= MIN_FREE {
                        free.push((from, at));
                        free_bytes += at - from;
                    } else {
                        fragments += at - from;
                    }
                }
                memory.gc_set_word(obj, gcword::aged(memory.gc_word(obj)));
                if report {
                    events.kept_alive(at as u64, size as u32);
                }
                live += 1;
                live_bytes += size;
            } else if run.is_none() {
                run = Some(at);
            }
            at += size;
        }
        if let Some(from) = run {
            space.top = from;
        }
        free.reverse();
        let chunks = free.len();
        space.free = free;
        space.free_bytes = free_bytes;
        drop(space);
        let mut stats = self.stats.lock();
        stats.live_bytes = live_bytes;
        stats.free_chunks = chunks;
        stats.free_bytes = free_bytes;
        stats.fragment_bytes = fragments;
        live
    }

    /// After a sweep: grow a crowded heap, set the next trigger.
    fn after_cycle(&self) {
        let mut space = self.space.lock();
        let used = space.used();
        if used as f64 > GROW_OCCUPANCY * space.capacity() as f64 {
            space.end = (space.start + 2 * space.capacity()).min(space.reserved_end);
        }
        let free = space.capacity().saturating_sub(used);
        self.trigger.store(
            used + (free as f64 * TRIGGER_FRACTION) as usize,
            Ordering::Relaxed,
        );
    }

    /// A full stop-the-world mark-sweep (allocation failure, System.gc(), GC stress).
    fn full_collection(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let mut state = self.state.lock();
        let used_before = self.used();
        let interrupted = self.marking();
        self.set_marking(false);
        self.reset(&mut state);
        self.grey_roots(&mut state, roots);
        {
            let mut m = self.marker(&mut state);
            while S::mark_some(&mut m, usize::MAX) > 0 {}
        }
        self.process_references(&mut state);
        let live = self.sweep(events);
        self.after_cycle();
        let mode_failure = interrupted && cause == GcCause::AllocationFailure;
        let mut stats = self.stats.lock();
        stats.full_collections += 1;
        stats.concurrent_mode_failures += mode_failure as u64;
        drop(stats);
        GcOutcome {
            pause_name: mode_failure.then(|| "Pause Full (Concurrent Mode Failure)".into()),
            ..GcOutcome::whole_heap(used_before, self.used(), self.capacity(), 0, live)
        }
    }

    // ---- the controller ----

    /// The controller thread: waits for the trigger, then runs a cycle.
    fn run_controller(&self, vm: &'static dyn VmControl, signal: &StopSignal) {
        loop {
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

    /// Waits while a safepoint is being reached or a pause runs.
    fn wait_while_a_pause_is_coming(&self) {
        let (lock, cond) = &self.pause_coming;
        let mut coming = lock.lock();
        while *coming {
            cond.wait(&mut coming);
        }
    }

    /// One cycle; false when the VM is shutting down.
    fn run_cycle(&self, vm: &'static dyn VmControl) -> bool {
        let mut initial =
            |roots: &mut dyn RootSource, _: &mut dyn GcEventSink| self.initial_mark(roots);
        let Some(record) = vm.request_pause(GcCause::Collector("Initial Mark"), &mut initial)
        else {
            return false;
        };
        let id = record.id;
        let started = Instant::now();
        loop {
            self.wait_while_a_pause_is_coming();
            let mut state = self.state.lock();
            if !self.marking() {
                return true; // a full collection abandoned the cycle
            }
            let done = S::mark_some(&mut self.marker(&mut state), MARK_CHUNK);
            if done == 0 || state.grey.is_empty() {
                self.stats.lock().scanned_concurrently = state.scanned;
                break;
            }
        }
        let took = started.elapsed();
        vm.concurrent_phase(id, "Concurrent Mark", started, took);
        vm.log_gc(&format!(
            "GC({id}) Concurrent Mark {:.3}ms",
            took.as_secs_f64() * 1e3
        ));
        let mut remark =
            |_: &mut dyn RootSource, events: &mut dyn GcEventSink| Cycle::remark(self, events);
        let Some(record) = vm.request_pause(GcCause::Collector("Remark"), &mut remark) else {
            return false;
        };
        let s = self.stats();
        vm.log_gc_detail(
            "gc,marking",
            &format!(
                "GC({}) Marked {} objects concurrently, {} at remark; barriers logged {} references; allocated black {}K (floating garbage at most)",
                record.id,
                s.scanned_concurrently,
                s.scanned_at_remark,
                s.logged,
                s.allocated_black >> 10
            ),
        );
        vm.log_gc_detail(
            "gc,heap",
            &format!(
                "GC({}) Sweep: live {}K, free list {} chunks {}K, fragments {}K",
                record.id,
                s.live_bytes >> 10,
                s.free_chunks,
                s.free_bytes >> 10,
                s.fragment_bytes >> 10
            ),
        );
        true
    }
}

impl<S: MarkingSteps> Cycle for Shared<S> {
    fn initial_mark(&self, roots: &mut dyn RootSource) -> GcOutcome {
        let mut state = self.state.lock();
        let used = self.used();
        self.reset(&mut state);
        self.grey_roots(&mut state, roots);
        self.set_marking(true);
        self.stats.lock().cycles += 1;
        GcOutcome {
            pause_name: Some("Pause Initial Mark".into()),
            ..GcOutcome::whole_heap(used, used, self.capacity(), 0, 0)
        }
    }

    fn mark_concurrently(&self, budget: usize) -> usize {
        let mut state = self.state.lock();
        if !self.marking() {
            return 0;
        }
        S::mark_some(&mut self.marker(&mut state), budget)
    }

    fn remark(&self, events: &mut dyn GcEventSink) -> GcOutcome {
        let mut state = self.state.lock();
        let used_before = self.used();
        let outcome = |live| GcOutcome {
            pause_name: Some("Pause Remark".into()),
            ..GcOutcome::whole_heap(used_before, self.used(), self.capacity(), 0, live)
        };
        if !self.marking() {
            return outcome(0); // a full collection abandoned the cycle
        }
        let concurrently = state.scanned;
        S::remark(&mut self.marker(&mut state));
        self.process_references(&mut state);
        self.set_marking(false);
        events.collecting_space(0);
        let live = self.sweep(events);
        self.after_cycle();
        let mut stats = self.stats.lock();
        stats.remarks += 1;
        stats.scanned_at_remark = state.scanned - concurrently;
        stats.logged = state.logged;
        stats.allocated_black = self.allocated_black.load(Ordering::Relaxed);
        drop(stats);
        outcome(live)
    }

    fn is_marked(&self, obj: Ref) -> bool {
        self.bitmap.is_marked(obj.offset())
    }

    fn is_marking(&self) -> bool {
        self.marking()
    }

    fn grey_count(&self) -> usize {
        self.state.lock().grey.len()
    }

    fn take_satb(&self) -> Vec<Ref> {
        self.satb
            .take_all()
            .into_iter()
            .flatten()
            .map(Ref::from_raw)
            .collect()
    }

    fn stats(&self) -> CycleStats {
        self.stats.lock().clone()
    }
}

/// Reference processing's view (in a pause, marking finished): marked is live; keeping alive
/// is greying and marking to the end again, with your Step 2.
struct Keep<'a, S> {
    shared: &'a Shared<S>,
    state: &'a mut MarkState,
}

impl<S: MarkingSteps> Liveness for Keep<'_, S> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        self.shared.bitmap.is_marked(obj.offset()).then_some(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        for &o in objs {
            if self.shared.bitmap.mark(o.offset()) {
                self.state.grey.push(o);
            }
        }
        let mut m = self.shared.marker(self.state);
        while S::mark_some(&mut m, usize::MAX) > 0 {}
        discovered.merge(std::mem::take(&mut self.state.discovered));
        objs.to_vec()
    }
}

impl<S: MarkingSteps> Collector for LabConcurrent<S> {
    fn name(&self) -> &'static str {
        self.shared.name
    }

    /// Every object comes from the thread's chunk (`alloc_slow`), so it can be allocated black.
    fn allocates_in_tlabs(&self) -> bool {
        false
    }

    fn barrier(&self) -> BarrierKind {
        BarrierKind::PreWrite
    }

    /// The snapshot barrier has work only while marking: tested inline.
    fn barrier_filters(&self) -> BarrierFilters {
        BarrierFilters {
            holder_filter: Some(self.shared.holder_filter.clone()),
            pre_write_active: Some(self.shared.marking.clone()),
            cross_region: None,
        }
    }

    fn world_stopping(&self) {
        *self.shared.pause_coming.0.lock() = true;
    }

    fn world_resumed(&self) {
        *self.shared.pause_coming.0.lock() = false;
        self.shared.pause_coming.1.notify_all();
    }

    fn new_mutator(&self, threads: usize) -> Mutator {
        let barrier = StepsBarrier::<S> {
            satb: SatbBarrier {
                marking: self.shared.marking.clone(),
                queue: LocalQueue::new(self.shared.satb.clone(), SATB_BUFFER),
            },
            steps: PhantomData,
        };
        let local = LocalAlloc {
            cur: 0,
            end: 0,
            black: 0,
            cycle: self.shared.clone(),
        };
        Mutator::new(
            gcvm_tlab::Tlab::new(self.tlab_capacity(), threads),
            Box::new(barrier),
        )
        .with_local(Box::new(local))
    }

    /// Hands over the thread's SATB entries and gives its chunk back (so the heap is parseable).
    fn flush_mutator(&self, mutator: &mut Mutator, _memory: &HeapMemory, _for_gc: bool) {
        mutator.barrier_mut().flush();
        if let Some(local) = mutator.local_mut::<LocalAlloc>() {
            self.shared.retire(local);
        }
    }

    /// A thread about to block gives its chunk back for others to use.
    fn release_idle(&self, mutator: &mut Mutator) {
        if let Some(local) = mutator.local_mut::<LocalAlloc>() {
            self.shared.retire(local);
        }
    }

    fn alloc_slow(
        &self,
        mutator: &mut Mutator,
        _memory: &HeapMemory,
        size: usize,
    ) -> Option<usize> {
        let local = mutator
            .local_mut::<LocalAlloc>()
            .expect("lab 05's mutators have their allocation state");
        self.shared.alloc(local, size)
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let space = self.shared.space.lock();
        vec![SpaceInfo {
            id: 0,
            name: "mark-sweep".into(),
            kind: SpaceKind::Old,
            start: space.start,
            end: space.end,
            reserved_end: space.reserved_end,
            top: space.top,
        }]
    }

    fn alloc_tlab(&self, _min: usize, _desired: usize) -> Option<(usize, usize)> {
        None
    }

    fn alloc_outside_tlab(&self, _size: usize) -> Option<usize> {
        None
    }

    fn tlab_capacity(&self) -> usize {
        self.shared.capacity()
    }

    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.shared.full_collection(cause, roots, events)
    }

    fn grow_for(&self, wanted: usize) -> bool {
        let mut space = self.shared.space.lock();
        let grown = (space.end + wanted.max(space.capacity())).next_multiple_of(4096);
        let grown = grown.min(space.reserved_end);
        let grew = grown > space.end;
        space.end = grown;
        grew
    }

    fn start(&'static self, vm: &'static dyn VmControl) {
        let shared = self.shared.clone();
        let controller = Controller::spawn("lab-concurrent-controller", move |signal| {
            shared.run_controller(vm, &signal)
        });
        match controller {
            Ok(c) => *self.shared.controller.lock() = Some(c),
            Err(e) => eprintln!("gcvm-lab: {e}; concurrent cycles are off, full collections only"),
        }
    }

    fn used(&self) -> usize {
        self.shared.used()
    }

    fn capacity(&self) -> usize {
        self.shared.capacity()
    }

    fn max_capacity(&self) -> usize {
        let space = self.shared.space.lock();
        space.reserved_end - space.start
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let space = self.shared.space.lock();
        vec![(space.start, space.top)]
    }

    /// The viewer's `free-list` stream: where the free chunks are (fragmentation, at a glance).
    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        vec![StreamDef {
            id: STREAM_FREE,
            name: "free-list".into(),
            description: "bytes of the tile in free-list chunks: memory a thread can take to \
                          allocate in (free runs too small for the list are not counted)"
                .into(),
            unit: "bytes".into(),
            presentation: gcvm_tracer::stream::Presentation::Plain,
            max: tile_size,
            colour: "#2ca02c".into(),
            from_trace: false,
        }]
    }

    fn gather_streams(&self, tiles: &mut Tiler) {
        let space = self.shared.space.lock();
        for &(start, end) in &space.free {
            tiles.set_range(
                STREAM_FREE,
                start as u64,
                end as u64,
                (end - start) as u64,
                true,
            );
        }
        tiles.separator(space.top as u64);
    }
}
