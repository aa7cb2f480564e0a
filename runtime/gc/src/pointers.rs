//! Pointers and roots for the trace (`gcvm run --trace-pointers`): the object graph, recorded at
//! collections so that tools can rebuild it at any GC end (docs/trace-format.md, "Pointers and
//! roots").
//!
//! # What is recorded, and why so little
//!
//! AntTracks (Lengauer et al., ICPE 2017, section 4.8) writes the references of every object a
//! collection moves, next to its move event, and of old objects whose cards are dirty. gcvm
//! keeps the idea — references are recorded at collections, for survivors only — with an exact
//! filter in place of the card table's: the reader follows every object through the moves, so a
//! reference to an object that moved is still known (the reader translates it). A record is
//! needed only when an object's references *changed*, and every such change is a store through
//! the access API (access.rs). So:
//!
//! 1. **Logging, while the program runs.** Every reference store (a field, an array element,
//!    an arraycopy, a clone, a compare-and-swap) notes its holder: one bit per 8 bytes of heap
//!    says "logged since the last collection"; the first store into an object sets it and
//!    appends the object to the thread's log. Later stores into it cost one load and a branch.
//!    (With the option on, every store takes the access API's barriered path, as
//!    `--trace-deaths` does.)
//! 2. **At each pause.** The threads' logs are handed over when they stop. Before its GC start
//!    the pause writes the root set as it finds it (applied at once, so the reader has the
//!    roots of the GC start). While the collector
//!    runs, the pause's sink is wrapped (`PointerWatch`): each survivor it reports (move, region
//!    move, keep-alive) whose old address is logged is remembered with its new address.
//! 3. **After the collection, before GC end.** Each logged object that survived — or that lies
//!    outside the spaces the pause collected, so was not reported — gets one record: its
//!    non-null references as the pause leaves them (slot, target address). Logged objects that
//!    died are dropped: nobody can ask for their references any more. Then the whole root set,
//!    each root with its kind and detail (`RootSource::describe_roots`). The bits are cleared.
//!    A marking pause that collects nothing records its logged objects as they are (the
//!    region collector's remark and cleanup) — but for an initial mark, below.
//! 4. **At the end of the run** (`Heap::record_pointers_now`), the same for every logged object
//!    as it is, and the roots, so the last boundary is exact too.
//!
//! # The graph at an initial mark (concurrent mark-sweep)
//!
//! Concurrent mark-sweep's cycles are its only collections, and its initial mark comes when
//! the heap is full of objects allocated since the last remark, most of them about to die.
//! Recording its logged objects there (most of the heap's young objects) cost 7-24% more CPU
//! and up to 2.8 times the trace. Its marking is snapshot-at-the-beginning, so the remark
//! knows exactly which objects were reachable at the initial mark: the marked ones (among
//! those allocated before it). The graph at the initial mark is therefore recorded at the
//! remark, for those objects only (`Collector::initial_mark_snapshots`):
//!
//! 1. **At the initial mark** the logged objects become the *snapshot set*: the logged bitmap
//!    becomes the *pending* one and an empty one takes its place (a swap), so that the first
//!    store into one of them during marking takes the slow path of `MutatorPointers::note`
//!    again.
//! 2. **During marking**, that slow path copies the object's references before the store
//!    happens (copy-on-write), under a lock, then clears the object's pending bit and only
//!    then sets its logged bit: a second thread storing into it at once finds the logged bit
//!    clear too, and waits on the lock until the copy is taken.
//! 3. **At the remark**, after the collection: every object of the snapshot set the marking
//!    found reachable gets a *marking* record (`GcEventSink::marking_pointers`), its copy if
//!    it was stored into, its references now if not (they have not changed since). The pause's
//!    own records follow for the objects logged since the initial mark, as for any pause.
//!    The reader applies the marking records at the remark's end before the pause's own
//!    records, and keeps them: they are the references at the initial mark's end of every
//!    object it could reach that changed since the collection before.
//! 4. **A full collection during the cycle** abandons the marking: before it collects, every
//!    object of the snapshot set gets its marking record (nothing has been swept yet). The end
//!    of the run does the same.
//!
//! The graph changes in two ways the logs do not see, and the reader handles both: a
//! collection moves objects (references to them are translated), and it clears the referents of
//! references whose referents died (references to dead objects are dropped). A reference from a
//! dead object the collection did not visit may go stale (a region collection does not update
//! the fields of unreachable old objects): the reader drops references to objects that died, so
//! only the reachable part of the graph is promised exact.
//!
//! **The graph at a GC start** needs nothing more. The world has been stopped since the GC
//! start, so every survivor's references at the GC start are those recorded at the GC end,
//! each target taken back through the collection's moves (`PointerState::graph_at_last_start`
//! in tools/). What cannot be known there: the references of the objects the collection freed
//! (nothing reaches them but through a referent the collection cleared, which is not shown
//! either). Those are unreachable at the GC end; at the GC start they were reachable only
//! through a Reference's referent.

use crate::memory::HeapMemory;
use crate::object::{Ref, TypeRegistry};
use gcvm_tracer::{GcEventSink, GcKind, PointerRecords, RootRecord, SpaceDesc};
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

/// Bytes per bit of the logged bitmap: every object starts on an 8-byte boundary, so a set bit
/// names the object exactly (a survivor found in a run of moved objects is found in the bitmap).
const GRAIN_SHIFT: usize = 3;

/// What the threads and the pauses share.
pub struct PointerTracker {
    /// Two bitmaps of one bit per 8 bytes of heap. `bitmaps[current]`, the *logged* bitmap:
    /// the object starting there is in some log. The other, the *pending* bitmap while a
    /// snapshot set waits: the object is in the set and was not stored into since (empty
    /// otherwise, and unallocated for collectors without snapshots).
    bitmaps: [Box<[AtomicU64]>; 2],
    /// Which bitmap is the logged one (0 or 1): the initial mark swaps them.
    current: AtomicUsize,
    /// Logs the threads handed over at safepoints and exits (heap offsets of objects).
    handed: Mutex<Vec<u32>>,
    /// The collector's initial marks take a snapshot (`Collector::initial_mark_snapshots`).
    snapshots: bool,
    /// A snapshot set is waiting for the pause that completes its marking.
    snapshot_active: AtomicBool,
    /// The snapshot set and the copies taken before first stores.
    snapshot: Mutex<MarkingSnapshot>,
    /// Totals over the run, for `gcvm run`'s figures and the benchmarks.
    pub totals: Mutex<PointerTotals>,
}

/// What one pause recorded (`GcRecord::pointers`, `-Xlog:gc*`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PauseRecords {
    pub objects: u64,
    pub references: u64,
    pub roots: u64,
    /// Describing the roots and writing the records, after the collection.
    pub time: std::time::Duration,
}

/// What pointer tracing did over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointerTotals {
    /// Objects logged (stored into) since their last record, summed over the pauses.
    pub logged: u64,
    /// Objects recorded (logged and alive at the pause's end).
    pub recorded: u64,
    /// References recorded.
    pub references: u64,
    /// Survivors the collections reported (moved or kept): what AntTracks' scheme records at
    /// each collection, beside the old objects on dirty cards.
    pub survivors: u64,
    /// Objects recorded that their pause did not report (outside the spaces it collected: old
    /// objects stored into, in a young collection) — AntTracks' dirty-card objects.
    pub outside: u64,
    /// Roots recorded.
    pub roots: u64,
    /// Initial marks whose graph was recorded at the pause that completed their marking.
    pub snapshot_pauses: u64,
    /// Marking records written for them (objects of a snapshot set reachable at the initial
    /// mark), and how many of those were copies taken before a store.
    pub marking_records: u64,
    pub copies: u64,
}

/// The objects logged before an initial mark, whose references there are recorded when its
/// marking completes (module comment, "The graph at an initial mark").
#[derive(Default)]
struct MarkingSnapshot {
    /// Heap offsets, in address order.
    objects: Vec<u32>,
    /// (offset, references as at the initial mark) of those stored into since.
    copies: Vec<(u32, Vec<(u32, u64)>)>,
}

impl PointerTracker {
    /// A tracker for a heap of `heap_size` bytes.
    /// (`snapshots`: the collector's initial marks take a snapshot,
    /// `Collector::initial_mark_snapshots`.)
    pub fn new(heap_size: usize, snapshots: bool) -> PointerTracker {
        PointerTracker {
            bitmaps: [
                bitmap_for(heap_size),
                bitmap_for(if snapshots { heap_size } else { 0 }),
            ],
            current: AtomicUsize::new(0),
            handed: Mutex::new(Vec::new()),
            snapshots,
            snapshot_active: AtomicBool::new(false),
            snapshot: Mutex::new(MarkingSnapshot::default()),
            totals: Mutex::new(PointerTotals::default()),
        }
    }

    /// A thread's side of the tracker.
    pub fn new_mutator(self: &Arc<Self>) -> MutatorPointers {
        MutatorPointers {
            shared: self.clone(),
            log: Vec::new(),
        }
    }

    #[inline]
    fn bit(&self, offset: usize) -> (&AtomicU64, u64) {
        bit_of(self.logged(), offset)
    }

    /// The logged bitmap.
    #[inline]
    fn logged(&self) -> &[AtomicU64] {
        &self.bitmaps[self.current.load(Ordering::Relaxed) & 1]
    }

    /// The pending bitmap (while a snapshot set waits).
    fn pending_bits(&self) -> &[AtomicU64] {
        &self.bitmaps[(self.current.load(Ordering::Relaxed) & 1) ^ 1]
    }

    /// A store into `obj` is about to happen while a snapshot set waits: if `obj` is in it and
    /// not copied yet, copies its references (module comment, step 2). Returns when the copy
    /// exists, whichever thread took it.
    #[cold]
    #[inline(never)]
    fn copy_before_store(&self, obj: Ref, memory: &HeapMemory, types: &TypeRegistry) {
        let (word, bit) = bit_of(self.pending_bits(), obj.offset());
        if word.load(Ordering::Acquire) & bit == 0 {
            return;
        }
        let mut snapshot = self.snapshot.lock();
        if word.load(Ordering::Acquire) & bit == 0 {
            return;
        }
        let mut refs = Vec::new();
        memory.for_each_ref_slot(types, obj, |slot| {
            let target = memory.read_ref(slot);
            if !target.is_null() {
                refs.push((((slot - obj.offset()) / 4) as u32, target.offset() as u64));
            }
        });
        snapshot.copies.push((obj.offset() as u32, refs));
        // Released after the copy: a thread that finds the bit clear stores after it.
        word.fetch_and(!bit, Ordering::Release);
    }

    /// The end of an initial mark (every thread stopped): its logged objects become the
    /// snapshot set (module comment, step 1) — the logged bitmap, which names exactly them,
    /// becomes the pending one, and the empty pending bitmap the logged one. O(1): the pause
    /// of an initial mark stays short however many objects were stored into (1.4 million in
    /// BinaryTrees at 64 MB).
    fn take_snapshot(&self, logged: Vec<u32>) {
        self.current.fetch_xor(1, Ordering::Relaxed);
        *self.snapshot.lock() = MarkingSnapshot {
            objects: logged,
            copies: Vec::new(),
        };
        self.snapshot_active.store(true, Ordering::Relaxed);
        self.totals.lock().snapshot_pauses += 1;
    }

    /// The marking the snapshot set waits for completes (`reachable`: the objects the marking
    /// found reachable at the initial mark; None: every object, when the marking is abandoned
    /// or the run ends): the marking records of the set, to `events` (module comment, steps
    /// 3 and 4). The set is gone after.
    fn complete_snapshot(
        &self,
        memory: &HeapMemory,
        types: &TypeRegistry,
        reachable: Option<&dyn Fn(Ref) -> bool>,
        events: &mut dyn GcEventSink,
    ) {
        if !self.snapshot_active.swap(false, Ordering::Relaxed) {
            return;
        }
        let snapshot = std::mem::take(&mut *self.snapshot.lock());
        let mut objects = snapshot.objects;
        self.clear_pending(&objects);
        if let Some(reachable) = reachable {
            objects.retain(|&o| reachable(Ref::from_offset(o as usize)));
        }
        objects.sort_unstable();
        let mut copies = snapshot.copies;
        copies.sort_unstable_by_key(|c| c.0);
        let mut copies = copies.iter().peekable();
        let mut records = PointerRecords::default();
        let mut copies_written = 0u64;
        for &o in &objects {
            while copies.next_if(|c| c.0 < o).is_some() {}
            let copy = copies.next_if(|c| c.0 == o);
            let obj = Ref::from_offset(o as usize);
            match copy {
                Some((_, refs)) => {
                    records.push_object(o as u64);
                    for &(slot, target) in refs {
                        records.push_ref(slot, target);
                    }
                    copies_written += 1;
                }
                None => record_object(memory, types, obj, &mut records),
            }
        }
        events.marking_pointers(&records);
        let mut t = self.totals.lock();
        t.marking_records += records.len() as u64;
        t.references += records.ref_count() as u64;
        t.copies += copies_written;
    }

    /// Empties the pending bitmap, which has bits of `objects` only (every thread stopped):
    /// object by object for a small set, else the whole bitmap a word at a time (a word costs
    /// less than an object's scattered access).
    fn clear_pending(&self, objects: &[u32]) {
        let pending = self.pending_bits();
        if objects.len() < pending.len() / 8 {
            for &o in objects {
                bit_of(pending, o as usize).0.store(0, Ordering::Relaxed);
            }
        } else {
            for word in pending {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Does a snapshot set wait for its marking to complete?
    pub(crate) fn snapshot_waiting(&self) -> bool {
        self.snapshot_active.load(Ordering::Relaxed)
    }

    /// A pause begins while a snapshot set waits: a pause that is not a marking one (a full
    /// collection) abandons the marking, so the set's records are written now, before it
    /// collects anything (module comment, step 4).
    pub(crate) fn pause_begins(
        &self,
        kind: GcKind,
        memory: &HeapMemory,
        types: &TypeRegistry,
        events: &mut dyn GcEventSink,
    ) {
        if kind != GcKind::Marking && self.snapshot_active.load(Ordering::Relaxed) {
            self.complete_snapshot(memory, types, None, events);
        }
    }

    /// Is the object at `offset` logged? Clears its bit (it is being dealt with). Only in a
    /// pause or at the end, with every mutator stopped: nobody else writes the bitmap then, so
    /// a plain load and store do (an atomic read-modify-write per logged object cost more).
    fn take_bit(&self, offset: usize) -> bool {
        let (word, bit) = self.bit(offset);
        let w = word.load(Ordering::Relaxed);
        if w & bit == 0 {
            return false;
        }
        word.store(w & !bit, Ordering::Relaxed);
        true
    }

    /// Calls `f` with every logged object starting in `[from, to)`, clearing their bits.
    fn take_bits_in(&self, from: usize, to: usize, mut f: impl FnMut(usize)) {
        let (first, last) = (from >> GRAIN_SHIFT, to.div_ceil(1 << GRAIN_SHIFT));
        let mut grain = first;
        while grain < last {
            let word = &self.logged()[grain / 64];
            let bits = word.load(Ordering::Relaxed) >> (grain % 64);
            if bits == 0 {
                grain = (grain / 64 + 1) * 64;
                continue;
            }
            let at = grain + bits.trailing_zeros() as usize;
            if at >= last {
                break;
            }
            // The world is stopped: a plain store (see `take_bit`).
            let cleared = word.load(Ordering::Relaxed) & !(1u64 << (at % 64));
            word.store(cleared, Ordering::Relaxed);
            f(at << GRAIN_SHIFT);
            grain = at + 1;
        }
    }

    /// Takes every handed-over log: the logged objects, each once (its bit is set), in no
    /// particular order.
    fn take_logged(&self) -> Vec<u32> {
        std::mem::take(&mut *self.handed.lock())
    }

    /// The start of a pause of `kind` (every thread stopped and its log handed over): what the
    /// pause must watch. `spaces`: the heap's spaces as the trace knows them at GC start.
    pub(crate) fn begin_pause(&self, kind: GcKind, spaces: &[SpaceDesc]) -> PauseWatch {
        PauseWatch {
            logged: self.take_logged(),
            whole_heap: kind == GcKind::Major,
            marking: kind == GcKind::Marking,
            spaces: spaces.iter().map(|s| (s.id, s.start, s.end)).collect(),
            collected: Vec::new(),
            survivors: Vec::new(),
            survivor_count: 0,
        }
    }

    /// The end of the pause, before its GC end: the records of the logged objects that are
    /// alive, and the roots (`roots`, already described), to `events`. None when the pause
    /// collected nothing and left its logs to the next one.
    /// `dead`: the collector's test for objects it found unreachable but has not freed yet
    /// (`Collector::dead_test`), which completes a snapshot set's marking.
    pub(crate) fn end_pause(
        &self,
        mut watch: PauseWatch,
        memory: &HeapMemory,
        types: &TypeRegistry,
        roots: &[RootRecord],
        dead: Option<&dyn Fn(Ref) -> bool>,
        events: &mut dyn GcEventSink,
    ) -> Option<PauseRecords> {
        if watch.marking && watch.collected.is_empty() {
            if self.snapshots {
                // An initial mark: its graph is recorded when its marking completes.
                self.take_snapshot(watch.logged);
                return None;
            }
            // Otherwise nothing died and nothing moved: every logged object is recorded as it
            // is (below, as lying outside what the pause collected).
        } else if watch.marking {
            // A marking pause that collects (a remark): the marking a snapshot set waits for is
            // complete, and what it did not reach was unreachable at the initial mark.
            let reachable = |obj: Ref| dead.is_none_or(|d| !d(obj));
            self.complete_snapshot(memory, types, Some(&reachable), events);
        }
        watch.collected.sort_unstable();
        // The logged survivors the pause reported (their bits are clear now), at their new
        // places, and the logged objects outside what it collected, where they were. The other
        // logged objects died.
        let mut alive: Vec<usize> = watch.survivors.iter().map(|s| s.1).collect();
        let mut outside = 0u64;
        for &old in &watch.logged {
            let old = old as usize;
            if self.take_bit(old) && !watch.in_collected(old) {
                alive.push(old);
                outside += 1;
            }
        }
        alive.sort_unstable();
        let mut records = PointerRecords::default();
        for now in alive {
            record_object(memory, types, Ref::from_offset(now), &mut records);
        }
        events.object_pointers(&records, true);
        events.roots(roots, true);
        let mut t = self.totals.lock();
        t.logged += watch.logged.len() as u64;
        t.recorded += records.len() as u64;
        t.references += records.ref_count() as u64;
        t.survivors += watch.survivor_count;
        t.outside += outside;
        t.roots += roots.len() as u64;
        Some(PauseRecords {
            objects: records.len() as u64,
            references: records.ref_count() as u64,
            roots: roots.len() as u64,
            time: std::time::Duration::ZERO,
        })
    }

    /// Outside a pause (the end of the run, every thread stopped and its log handed over):
    /// every logged object as it is now, and the roots.
    pub(crate) fn record_now(
        &self,
        memory: &HeapMemory,
        types: &TypeRegistry,
        roots: &[RootRecord],
        events: &mut dyn GcEventSink,
    ) {
        // A marking under way ends with the run: its snapshot set as it is.
        self.complete_snapshot(memory, types, None, events);
        let mut logged = self.take_logged();
        logged.sort_unstable();
        let mut records = PointerRecords::default();
        for &o in &logged {
            self.take_bit(o as usize);
            record_object(memory, types, Ref::from_offset(o as usize), &mut records);
        }
        events.object_pointers(&records, false);
        events.roots(roots, false);
        let mut t = self.totals.lock();
        t.logged += logged.len() as u64;
        t.recorded += records.len() as u64;
        t.references += records.ref_count() as u64;
        t.outside += records.len() as u64;
        t.roots += roots.len() as u64;
    }
}

/// A bitmap of one bit per 8 bytes of a heap of `heap_size` bytes.
fn bitmap_for(heap_size: usize) -> Box<[AtomicU64]> {
    let words = (heap_size >> GRAIN_SHIFT).div_ceil(64);
    (0..words).map(|_| AtomicU64::new(0)).collect()
}

/// The word and bit of the object at `offset` in `bitmap`.
#[inline]
fn bit_of(bitmap: &[AtomicU64], offset: usize) -> (&AtomicU64, u64) {
    let grain = offset >> GRAIN_SHIFT;
    (&bitmap[grain / 64], 1u64 << (grain % 64))
}

impl PointerTotals {
    /// The `-Xlog:gc*` line at exit: what was recorded, against AntTracks' scheme (every
    /// survivor, and every object outside the collected spaces whose pointers changed).
    pub fn log_line(&self) -> String {
        let baseline = self.survivors + self.outside;
        let saved = match baseline {
            0 => 0.0,
            b => 100.0 * (1.0 - (self.recorded + self.marking_records) as f64 / b as f64),
        };
        let mut line = format!(
            "Pointers: {} objects recorded with {} references ({} stored into, {} of them outside the collected spaces), {} roots; {} survivors reported: {saved:.1}% fewer records than every survivor and dirty object",
            self.recorded, self.references, self.logged, self.outside, self.roots, self.survivors
        );
        if self.snapshot_pauses > 0 {
            line += &format!(
                "; {} initial marks recorded when their marking completed: {} objects ({} copied before a store)",
                self.snapshot_pauses, self.marking_records, self.copies
            );
        }
        line
    }
}

/// Appends `obj`'s non-null references to `records`.
pub(crate) fn record_object(
    memory: &HeapMemory,
    types: &TypeRegistry,
    obj: Ref,
    records: &mut PointerRecords,
) {
    records.push_object(obj.offset() as u64);
    memory.for_each_ref_slot(types, obj, |slot| {
        let target = memory.read_ref(slot);
        if !target.is_null() {
            let index = ((slot - obj.offset()) / 4) as u32;
            records.push_ref(index, target.offset() as u64);
        }
    });
}

/// A thread's log.
pub struct MutatorPointers {
    shared: Arc<PointerTracker>,
    log: Vec<u32>,
}

impl MutatorPointers {
    /// A reference store into `holder` is about to happen: log it, once per collection. While
    /// an initial mark's snapshot set waits, the first store into one of its objects copies
    /// the object's references first (module comment, "The graph at an initial mark").
    #[inline]
    pub fn note(&mut self, holder: Ref, memory: &HeapMemory, types: &TypeRegistry) {
        let shared = &*self.shared;
        let (word, bit) = shared.bit(holder.offset());
        // Acquire: a thread that finds the bit set stores after the copy its setter took.
        if word.load(Ordering::Acquire) & bit != 0 {
            return;
        }
        if shared.snapshot_active.load(Ordering::Relaxed) {
            shared.copy_before_store(holder, memory, types);
        }
        if word.fetch_or(bit, Ordering::AcqRel) & bit == 0 {
            self.log.push(holder.offset() as u32);
        }
    }

    /// At a safepoint or the thread's exit: hands the log over to the next pause.
    pub fn hand_over(&mut self) {
        if !self.log.is_empty() {
            self.shared.handed.lock().append(&mut self.log);
        }
    }
}

/// What one pause watches: the logged objects, the spaces it collects and where the logged
/// survivors went.
pub(crate) struct PauseWatch {
    /// Logged objects (heap offsets), in address order.
    logged: Vec<u32>,
    whole_heap: bool,
    /// A marking pause (an initial mark): it collects only the spaces it names, if any.
    marking: bool,
    /// Every space at GC start: (id, start, end).
    spaces: Vec<(u32, u64, u64)>,
    /// The collected spaces' extents.
    collected: Vec<(u64, u64)>,
    /// (old offset, new offset) of logged survivors.
    survivors: Vec<(usize, usize)>,
    /// Survivors reported, logged or not.
    survivor_count: u64,
}

impl PauseWatch {
    /// Did the pause collect the space `addr` lies in? (`collected` sorted by start; extents
    /// do not overlap.)
    fn in_collected(&self, addr: usize) -> bool {
        let a = addr as u64;
        let i = self.collected.partition_point(|&(s, _)| s <= a);
        self.whole_heap || (i > 0 && a < self.collected[i - 1].1)
    }

    /// Where the logged object at `old` is after the pause: its new address if the pause
    /// reported it, the same address if it lies outside the collected spaces, None if it died.
    #[cfg(test)]
    fn where_now(&self, old: usize) -> Option<usize> {
        if let Some(s) = self.survivors.iter().find(|s| s.0 == old) {
            return Some(s.1);
        }
        (!self.in_collected(old)).then_some(old)
    }
}

/// The pause's sink, seen through the watch: every event goes on to `inner`; survivors are
/// noted on the way.
pub(crate) struct PointerWatch<'a> {
    pub inner: &'a mut dyn GcEventSink,
    pub watch: &'a mut PauseWatch,
    pub tracker: &'a PointerTracker,
}

impl PointerWatch<'_> {
    fn survived(&mut self, from: u64, to: u64) {
        if self.tracker.take_bit(from as usize) {
            self.watch.survivors.push((from as usize, to as usize));
        }
    }
}

impl GcEventSink for PointerWatch<'_> {
    fn wants_events(&self) -> bool {
        // The watch needs the survivors even when the trace would not (it always does here:
        // pointers are traced only with a trace).
        true
    }
    fn gc_start(&mut self, gc_id: u32, kind: GcKind, cause: &str) {
        self.inner.gc_start(gc_id, kind, cause)
    }
    fn plab(&mut self, worker: u32, start: u64, size: u64) {
        self.inner.plab(worker, start, size)
    }
    fn moved(&mut self, from: u64, to: u64, size: u32) {
        self.watch.survivor_count += 1;
        self.survived(from, to);
        self.inner.moved(from, to, size)
    }
    fn region_moved(&mut self, from: u64, to: u64, count: u32, bytes: u64) {
        self.watch.survivor_count += count as u64;
        let survivors = &mut self.watch.survivors;
        self.tracker
            .take_bits_in(from as usize, (from + bytes) as usize, |x| {
                survivors.push((x, x + to as usize - from as usize))
            });
        self.inner.region_moved(from, to, count, bytes)
    }
    fn kept_alive(&mut self, addr: u64, size: u32) {
        self.watch.survivor_count += 1;
        self.survived(addr, addr);
        self.inner.kept_alive(addr, size)
    }
    fn runs_kept(&mut self, runs: &[(u64, u32, u64)]) {
        for &(from, count, bytes) in runs {
            self.watch.survivor_count += count as u64;
            let survivors = &mut self.watch.survivors;
            self.tracker
                .take_bits_in(from as usize, (from + bytes) as usize, |x| {
                    survivors.push((x, x))
                });
        }
        self.inner.runs_kept(runs)
    }
    fn gc_end(&mut self, gc_id: u32) {
        self.inner.gc_end(gc_id)
    }
    fn collecting_space(&mut self, space: u32) {
        if let Some(&(_, s, e)) = self.watch.spaces.iter().find(|sp| sp.0 == space) {
            self.watch.collected.push((s, e));
        }
        self.inner.collecting_space(space)
    }
    fn sync_spaces(&mut self, spaces: &[SpaceDesc]) {
        self.inner.sync_spaces(spaces)
    }
    fn space_release(&mut self, id: u32) {
        self.inner.space_release(id)
    }
    fn object_died(&mut self, addr: u64, time: u64, context: u32) {
        self.inner.object_died(addr, time, context)
    }
    fn objects_died(&mut self, deaths: &[(u64, u64, u32)]) {
        self.inner.objects_died(deaths)
    }
    fn objects_died_in_parts(
        &mut self,
        count: usize,
        parts: &mut dyn FnMut(&mut gcvm_tracer::EmitDeaths),
    ) {
        self.inner.objects_died_in_parts(count, parts)
    }
    fn takes_packed_deaths(&self) -> bool {
        self.inner.takes_packed_deaths()
    }
    fn spare_packed_deaths(&mut self) -> gcvm_tracer::PackedDeaths {
        self.inner.spare_packed_deaths()
    }
    fn objects_died_packed(&mut self, deaths: gcvm_tracer::PackedDeaths) {
        self.inner.objects_died_packed(deaths)
    }
    fn object_pointers(&mut self, records: &PointerRecords, at_gc_end: bool) {
        self.inner.object_pointers(records, at_gc_end)
    }
    fn marking_pointers(&mut self, records: &PointerRecords) {
        self.inner.marking_pointers(records)
    }
    fn roots(&mut self, roots: &[RootRecord], at_gc_end: bool) {
        self.inner.roots(roots, at_gc_end)
    }
    fn reference_counts(&mut self, discovered: [u64; 4], cleared: [u64; 4]) {
        self.inner.reference_counts(discovered, cleared)
    }
    fn worker_activity(&mut self, phase: &str, workers: &[gcvm_tracer::WorkerActivity]) {
        self.inner.worker_activity(phase, workers)
    }
    fn wants_phase_times(&self) -> bool {
        self.inner.wants_phase_times()
    }
    fn wants_step(&self, kind: &gcvm_tracer::stream::StepKind) -> bool {
        self.inner.wants_step(kind)
    }
    fn step_granularity(&self) -> gcvm_tracer::stream::StepGranularity {
        self.inner.step_granularity()
    }
    fn step(
        &mut self,
        info: &gcvm_tracer::stream::StepInfo,
        spaces: &[SpaceDesc],
        fill: &mut dyn FnMut(&mut gcvm_tracer::stream::Tiler),
    ) {
        self.inner.step(info, spaces, fill)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracker() -> Arc<PointerTracker> {
        Arc::new(PointerTracker::new(1 << 20, false))
    }

    /// A 1 MB heap whose type 2 is a 24-byte instance with two reference fields (offsets 16
    /// and 20), and objects of it at every multiple of 64 that the test asks for.
    struct Heap {
        memory: HeapMemory,
        types: TypeRegistry,
    }

    impl Heap {
        fn new() -> Heap {
            use crate::object::{Shape, TypeInfo};
            let types = TypeRegistry::new();
            types
                .register(
                    2,
                    TypeInfo {
                        name: "Pair".into(),
                        shape: Shape::Instance {
                            size: 24,
                            ref_offsets: vec![16, 20].into(),
                        },
                    },
                )
                .unwrap();
            let memory = HeapMemory::reserve(1 << 20).unwrap();
            memory.populate(0, 1 << 20);
            Heap { memory, types }
        }

        fn pair(&self, at: usize) -> Ref {
            self.memory.init_header(at, 2);
            self.memory.write_ref(at + 16, Ref::NULL);
            self.memory.write_ref(at + 20, Ref::NULL);
            Ref::from_offset(at)
        }

        /// A mutator's store of `value` into field `field` (0 or 1) of `holder`, as the access
        /// API makes it with pointers on.
        fn store(&self, m: &mut MutatorPointers, holder: Ref, field: usize, value: Ref) {
            m.note(holder, &self.memory, &self.types);
            self.memory
                .write_ref(holder.offset() + 16 + 4 * field, value);
        }
    }

    /// What a sink received: marking records and the pause's own, by object.
    #[derive(Default)]
    struct Received {
        marking: Vec<(u64, Vec<(u32, u64)>)>,
        own: Vec<(u64, Vec<(u32, u64)>)>,
    }

    impl GcEventSink for Received {
        fn object_pointers(&mut self, records: &PointerRecords, _at_gc_end: bool) {
            self.own
                .extend(records.iter().map(|(a, r)| (a, r.to_vec())));
        }
        fn marking_pointers(&mut self, records: &PointerRecords) {
            self.marking
                .extend(records.iter().map(|(a, r)| (a, r.to_vec())));
        }
    }

    fn marking_space() -> Vec<SpaceDesc> {
        vec![SpaceDesc {
            id: 0,
            kind: gcvm_tracer::TraceSpaceKind::Old,
            start: 0,
            end: 1 << 20,
            name: String::new(),
        }]
    }

    /// An initial mark (a marking pause collecting nothing) with `t`'s handed-over logs.
    fn initial_mark(t: &PointerTracker, heap: &Heap, events: &mut Received) {
        let w = t.begin_pause(GcKind::Marking, &marking_space());
        assert!(t
            .end_pause(w, &heap.memory, &heap.types, &[], None, events)
            .is_none());
    }

    /// A remark that collects the one space, keeps `live` and finds everything else dead.
    fn remark(t: &PointerTracker, heap: &Heap, live: &[Ref], events: &mut Received) {
        let mut w = t.begin_pause(GcKind::Marking, &marking_space());
        let mut inner = crate::NoEvents;
        let mut watch = PointerWatch {
            inner: &mut inner,
            watch: &mut w,
            tracker: t,
        };
        watch.collecting_space(0);
        for r in live {
            watch.kept_alive(r.offset() as u64, 24);
        }
        let dead = |obj: Ref| !live.contains(&obj);
        t.end_pause(w, &heap.memory, &heap.types, &[], Some(&dead), events)
            .unwrap();
    }

    #[test]
    fn an_initial_mark_records_nothing_until_its_remark() {
        let heap = Heap::new();
        let t = Arc::new(PointerTracker::new(1 << 20, true));
        let mut m = t.new_mutator();
        let (a, b) = (heap.pair(64), heap.pair(128));
        heap.store(&mut m, a, 0, b);
        m.hand_over();
        let mut events = Received::default();
        initial_mark(&t, &heap, &mut events);
        assert!(events.marking.is_empty() && events.own.is_empty());
        remark(&t, &heap, &[a, b], &mut events);
        assert_eq!(events.marking, vec![(64, vec![(4, 128)])]);
        assert!(events.own.is_empty(), "nothing was stored into since");
    }

    #[test]
    fn the_first_store_after_an_initial_mark_copies_the_references_it_had_there() {
        let heap = Heap::new();
        let t = Arc::new(PointerTracker::new(1 << 20, true));
        let mut m = t.new_mutator();
        let (a, b, c) = (heap.pair(64), heap.pair(128), heap.pair(192));
        heap.store(&mut m, a, 0, b);
        m.hand_over();
        let mut events = Received::default();
        initial_mark(&t, &heap, &mut events);
        heap.store(&mut m, a, 0, c);
        heap.store(&mut m, a, 1, c);
        m.hand_over();
        remark(&t, &heap, &[a, b, c], &mut events);
        assert_eq!(
            events.marking,
            vec![(64, vec![(4, 128)])],
            "as at the initial mark"
        );
        assert_eq!(events.own, vec![(64, vec![(4, 192), (5, 192)])], "as now");
        assert_eq!(t.totals.lock().copies, 1);
    }

    /// Two objects at 64 and 128 referencing each other, both stored into, then an initial
    /// mark: (heap, tracker, what the pauses sent, the objects).
    fn a_cycle_past_an_initial_mark() -> (Heap, Arc<PointerTracker>, Received, Ref, Ref) {
        let heap = Heap::new();
        let t = Arc::new(PointerTracker::new(1 << 20, true));
        let mut m = t.new_mutator();
        let (a, b) = (heap.pair(64), heap.pair(128));
        heap.store(&mut m, a, 0, b);
        heap.store(&mut m, b, 0, a);
        m.hand_over();
        let mut events = Received::default();
        initial_mark(&t, &heap, &mut events);
        (heap, t, events, a, b)
    }

    #[test]
    fn objects_the_marking_did_not_reach_get_no_marking_record() {
        let (heap, t, mut events, _, b) = a_cycle_past_an_initial_mark();
        remark(&t, &heap, &[b], &mut events);
        assert_eq!(events.marking, vec![(128, vec![(4, 64)])]);
    }

    #[test]
    fn a_full_collection_during_marking_records_the_whole_snapshot_set_before_it_collects() {
        let (heap, t, mut events, _, _) = a_cycle_past_an_initial_mark();
        t.pause_begins(GcKind::Major, &heap.memory, &heap.types, &mut events);
        assert_eq!(
            events.marking,
            vec![(64, vec![(4, 128)]), (128, vec![(4, 64)])]
        );
        assert!(!t.snapshot_waiting());
    }

    #[test]
    fn a_marking_pause_of_a_collector_without_snapshots_records_its_logged_objects_at_once() {
        let heap = Heap::new();
        let t = tracker();
        let mut m = t.new_mutator();
        let (a, b) = (heap.pair(64), heap.pair(128));
        heap.store(&mut m, a, 1, b);
        m.hand_over();
        let mut events = Received::default();
        let w = t.begin_pause(GcKind::Marking, &marking_space());
        let records = t
            .end_pause(w, &heap.memory, &heap.types, &[], None, &mut events)
            .expect("recorded");
        assert_eq!(records.objects, 1);
        assert_eq!(events.own, vec![(64, vec![(5, 128)])]);
        assert!(events.marking.is_empty());
    }

    #[test]
    fn two_threads_storing_into_one_snapshot_object_see_one_copy_taken_before_either_store() {
        let heap = Arc::new(Heap::new());
        let t = Arc::new(PointerTracker::new(1 << 20, true));
        let objects: Vec<Ref> = (1..=200).map(|i| heap.pair(i * 64)).collect();
        let mut m = t.new_mutator();
        for w in objects.windows(2) {
            heap.store(&mut m, w[0], 0, w[1]);
        }
        m.hand_over();
        let mut events = Received::default();
        initial_mark(&t, &heap, &mut events);
        let threads: Vec<_> = (0..2)
            .map(|k| {
                let (heap, t, objects) = (heap.clone(), t.clone(), objects.clone());
                std::thread::spawn(move || {
                    let mut m = t.new_mutator();
                    for &o in &objects {
                        heap.store(&mut m, o, 0, objects[k]);
                    }
                    m.hand_over();
                })
            })
            .collect();
        for th in threads {
            th.join().unwrap();
        }
        remark(&t, &heap, &objects, &mut events);
        let want: Vec<(u64, Vec<(u32, u64)>)> = objects
            .windows(2)
            .map(|w| (w[0].offset() as u64, vec![(4, w[1].offset() as u64)]))
            .collect();
        assert_eq!(
            events.marking, want,
            "the last object was never stored into"
        );
        assert_eq!(t.totals.lock().copies, 199);
    }

    #[test]
    fn a_store_logs_its_holder_once() {
        let h = Heap::new();
        let t = tracker();
        let mut m = t.new_mutator();
        m.note(Ref::from_offset(4096), &h.memory, &h.types);
        m.note(Ref::from_offset(4096), &h.memory, &h.types);
        m.note(Ref::from_offset(8192), &h.memory, &h.types);
        m.hand_over();
        assert_eq!(t.take_logged(), vec![4096, 8192]);
    }

    #[test]
    fn logs_of_several_threads_are_handed_over_together() {
        let h = Heap::new();
        let t = tracker();
        let (mut a, mut b) = (t.new_mutator(), t.new_mutator());
        a.note(Ref::from_offset(9000), &h.memory, &h.types);
        b.note(Ref::from_offset(128), &h.memory, &h.types);
        b.hand_over();
        a.hand_over();
        let mut logged = t.take_logged();
        logged.sort_unstable();
        assert_eq!(logged, vec![128, 9000]);
    }

    #[test]
    fn a_dealt_with_object_is_logged_again_by_its_next_store() {
        let h = Heap::new();
        let t = tracker();
        let mut m = t.new_mutator();
        m.note(Ref::from_offset(4096), &h.memory, &h.types);
        m.hand_over();
        for o in t.take_logged() {
            assert!(t.take_bit(o as usize));
        }
        m.note(Ref::from_offset(4096), &h.memory, &h.types);
        m.hand_over();
        assert_eq!(t.take_logged(), vec![4096]);
    }

    #[test]
    fn the_bitmap_finds_every_logged_object_in_a_run_once() {
        let h = Heap::new();
        let t = tracker();
        let mut m = t.new_mutator();
        for off in [1024, 1032, 2048, 70_000] {
            m.note(Ref::from_offset(off), &h.memory, &h.types);
        }
        let mut found = Vec::new();
        t.take_bits_in(1032, 70_000, |x| found.push(x));
        assert_eq!(found, vec![1032, 2048]);
        found.clear();
        t.take_bits_in(0, 80_000, |x| found.push(x));
        assert_eq!(
            found,
            vec![1024, 70_000],
            "the run's objects were dealt with"
        );
    }

    #[test]
    fn a_logged_object_outside_the_collected_spaces_stays_where_it_is() {
        let t = tracker();
        let space = |id, start, end| SpaceDesc {
            id,
            kind: gcvm_tracer::TraceSpaceKind::Eden,
            start,
            end,
            name: String::new(),
        };
        let spaces = [space(0, 0, 4096), space(1, 4096, 8192)];
        let mut w = t.begin_pause(GcKind::Minor, &spaces);
        w.collected.push((0, 4096));
        w.collected.sort_unstable();
        w.survivors.push((64, 4200));
        assert_eq!(w.where_now(64), Some(4200));
        assert_eq!(w.where_now(128), None, "died in eden");
        assert_eq!(w.where_now(5000), Some(5000), "old, not collected");
    }
}
