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
//!    an arraycopy, a clone, a compare-and-swap) notes its holder: one bit per 16 bytes of heap
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
//!    A marking pause that collects nothing (an initial mark) records nothing and hands its
//!    logs on to the next pause, when most of their objects have died: the graph at its end is
//!    the previous collection's.
//! 4. **At the end of the run** (`Heap::record_pointers_now`), the same for every logged object
//!    as it is, and the roots, so the last boundary is exact too.
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
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bytes per bit of the logged bitmap: every object starts on an 8-byte boundary, so a set bit
/// names the object exactly (a survivor found in a run of moved objects is found in the bitmap).
const GRAIN_SHIFT: usize = 3;

/// What the threads and the pauses share.
pub struct PointerTracker {
    /// One bit per 8 bytes of heap: the object starting there is in some log.
    logged: Box<[AtomicU64]>,
    /// Logs the threads handed over at safepoints and exits (heap offsets of objects).
    handed: Mutex<Vec<u32>>,
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
    /// Pauses that collected nothing and left their logs to the next one.
    pub deferred_pauses: u64,
}

impl PointerTracker {
    /// A tracker for a heap of `heap_size` bytes.
    pub fn new(heap_size: usize) -> PointerTracker {
        let words = (heap_size >> GRAIN_SHIFT).div_ceil(64);
        PointerTracker {
            logged: (0..words).map(|_| AtomicU64::new(0)).collect(),
            handed: Mutex::new(Vec::new()),
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
        let grain = offset >> GRAIN_SHIFT;
        (&self.logged[grain / 64], 1u64 << (grain % 64))
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
            let word = &self.logged[grain / 64];
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
    pub(crate) fn end_pause(
        &self,
        mut watch: PauseWatch,
        memory: &HeapMemory,
        types: &TypeRegistry,
        roots: &[RootRecord],
        events: &mut dyn GcEventSink,
    ) -> Option<PauseRecords> {
        if watch.marking && watch.collected.is_empty() {
            // A pause that collects nothing (an initial mark) records nothing: the logs wait
            // for the next pause that collects, by which time most of their objects are dead.
            // The graph at its end is the previous collection's.
            self.handed.lock().extend_from_slice(&watch.logged);
            self.totals.lock().deferred_pauses += 1;
            return None;
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

impl PointerTotals {
    /// The `-Xlog:gc*` line at exit: what was recorded, against AntTracks' scheme (every
    /// survivor, and every object outside the collected spaces whose pointers changed).
    pub fn log_line(&self) -> String {
        let baseline = self.survivors + self.outside;
        let saved = match baseline {
            0 => 0.0,
            b => 100.0 * (1.0 - self.recorded as f64 / b as f64),
        };
        format!(
            "Pointers: {} objects recorded with {} references ({} stored into, {} of them outside the collected spaces), {} roots; {} survivors reported: {saved:.1}% fewer records than every survivor and dirty object",
            self.recorded, self.references, self.logged, self.outside, self.roots, self.survivors
        )
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
    /// A reference store into `holder` is about to happen: log it, once per collection.
    #[inline]
    pub fn note(&mut self, holder: Ref) {
        let (word, bit) = self.shared.bit(holder.offset());
        if word.load(Ordering::Relaxed) & bit == 0
            && word.fetch_or(bit, Ordering::Relaxed) & bit == 0
        {
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
    fn object_pointers(&mut self, records: &PointerRecords, at_gc_end: bool) {
        self.inner.object_pointers(records, at_gc_end)
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
        Arc::new(PointerTracker::new(1 << 20))
    }

    #[test]
    fn a_store_logs_its_holder_once() {
        let t = tracker();
        let mut m = t.new_mutator();
        m.note(Ref::from_offset(4096));
        m.note(Ref::from_offset(4096));
        m.note(Ref::from_offset(8192));
        m.hand_over();
        assert_eq!(t.take_logged(), vec![4096, 8192]);
    }

    #[test]
    fn logs_of_several_threads_are_handed_over_together() {
        let t = tracker();
        let (mut a, mut b) = (t.new_mutator(), t.new_mutator());
        a.note(Ref::from_offset(9000));
        b.note(Ref::from_offset(128));
        b.hand_over();
        a.hand_over();
        let mut logged = t.take_logged();
        logged.sort_unstable();
        assert_eq!(logged, vec![128, 9000]);
    }

    #[test]
    fn a_dealt_with_object_is_logged_again_by_its_next_store() {
        let t = tracker();
        let mut m = t.new_mutator();
        m.note(Ref::from_offset(4096));
        m.hand_over();
        for o in t.take_logged() {
            assert!(t.take_bit(o as usize));
        }
        m.note(Ref::from_offset(4096));
        m.hand_over();
        assert_eq!(t.take_logged(), vec![4096]);
    }

    #[test]
    fn the_bitmap_finds_every_logged_object_in_a_run_once() {
        let t = tracker();
        let mut m = t.new_mutator();
        for off in [1024, 1032, 2048, 70_000] {
            m.note(Ref::from_offset(off));
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
