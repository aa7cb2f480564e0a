//! Parallel marking for concurrent mark-sweep: the GC worker pool (shared/workers.rs) marks in
//! *rounds*, during the concurrent mark, in the remark pause and in a full collection.
//!
//! A round seeds the workers with the grey objects the collector holds (the shared grey stack,
//! the SATB entries handed over, the objects the bounded queues refused), and the workers take
//! grey objects from their own deques and steal from each other until none is left. An object
//! is claimed by the atomic set of its mark bit (`MarkBitmap::mark`): whoever sets it counts
//! the object and, if it has references, queues it, so each object is scanned once. Objects
//! without references (int arrays, strings' bytes) are marked and never queued.
//!
//! A round starts on the calling thread alone and posts what is left to every worker after
//! `SOLO_OBJECTS` objects, so a small marking never wakes a helper.
//!
//! A concurrent round may end early: every worker polls, every `POLL_EVERY` objects, whether a
//! pause is coming (`world_stopping`), whether a thread waits to grow the bitmaps, and whether
//! the bytes marked in the round reached the next step frame; once one has seen a reason,
//! every worker moves the tasks it still finds (its deque, others', the shared list) into its
//! `leftover` instead of scanning them, so the round ends within a few microseconds and the
//! tasks go back to the grey stack for the next round. The controller, which held the work
//! lock for the round, then releases it for the pause.
//!
//! Memory stays bounded: a task the full queues refuse (`Tasks::push`) is left marked but not
//! queued, and its bit is set in the *overflow bitmap* (one bit per heap word, like the mark
//! bitmap). The next round takes those objects back as seeds, in batches of `OVERFLOW_BATCH`,
//! and marking is finished only when the overflow bitmap is empty too.

use super::ConcurrentMarkSweep;
use crate::object::{ElemKind, Ref, Shape, ARRAY_BASE};
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::refs::Discovered;
use crate::shared::workers::{WorkerPool, WorkerStats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A mark task: a grey object's Ref in the low 32 bits; for a reference array, the index of the
/// first element to scan in the high 32 bits (0 for a whole object).
pub(super) type MarkTask = u64;

/// Reference arrays are scanned this many elements per task (the rest is a task of its own),
/// so one big array is shared among the workers and never delays a poll for long.
pub const ARRAY_CHUNK: usize = 512;
/// Objects a worker scans between two looks at a pause coming and the round's byte limit
/// (about 10 µs of marking).
pub const POLL_EVERY: u32 = 64;
/// The most objects one round takes back from the overflow bitmap.
pub const OVERFLOW_BATCH: usize = 1 << 16;
/// A round starts on the calling thread alone and posts the rest to the other workers only
/// after marking this many objects (about 0.3 ms): a small marking (a short cycle, the last
/// SATB entries, a remark) is over before a helper would even be awake, and on cores shared
/// with mutators a helper preempted in the middle of a task makes every worker wait for it
/// (Fragmentation's 0.3 ms markings took up to 3 ms on two workers).
pub const SOLO_OBJECTS: u64 = 8192;

#[inline]
pub(super) fn task_of(obj: Ref) -> MarkTask {
    obj.raw() as MarkTask
}

/// Objects and bytes marked (claimed) by one marker, or in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarkCounts {
    pub objects: u64,
    pub bytes: u64,
}

impl MarkCounts {
    pub fn add(&mut self, other: MarkCounts) {
        self.objects += other.objects;
        self.bytes += other.bytes;
    }
}

/// What a marking (a concurrent mark, a remark's finish, a full collection's mark) did, for
/// the log (`gc,marking`) and `CmsStats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MarkFigures {
    /// Workers per round (`--gc-threads` for the concurrent mark).
    pub workers: usize,
    pub rounds: u64,
    /// Objects and bytes marked by the rounds (objects marked by mutators' assists and
    /// allocated black are not in it).
    pub marked: MarkCounts,
    /// Wall time inside rounds (the workers marking), without the waits for pauses and step
    /// frames between them.
    pub marking: Duration,
    /// Rounds that stopped early for a pause or a step frame.
    pub stopped: u64,
    pub steals: u64,
    /// Tasks refused by full queues (taken back from the overflow bitmap).
    pub overflowed: u64,
    /// Per worker: objects marked.
    pub per_worker: Vec<u64>,
}

impl MarkFigures {
    fn add_round(&mut self, r: &RoundResult) {
        self.rounds += 1;
        self.marked.add(r.counts);
        self.marking += r.took;
        self.stopped += r.stopped as u64;
        if self.per_worker.len() < r.per_worker.len() {
            self.per_worker.resize(r.per_worker.len(), 0);
        }
        for (i, (c, s)) in r.per_worker.iter().enumerate() {
            self.per_worker[i] += c.objects;
            self.steals += s.steals;
            self.overflowed += s.refused;
        }
    }

    /// Objects and KB marked per millisecond of marking.
    pub fn rates(&self) -> (f64, f64) {
        let ms = self.marking.as_secs_f64() * 1e3;
        if ms <= 0.0 {
            return (0.0, 0.0);
        }
        (
            self.marked.objects as f64 / ms,
            self.marked.bytes as f64 / 1024.0 / ms,
        )
    }

    /// The `-Xlog:gc*` line (tags `gc,marking`) of marking `what` (e.g. `GC(3) Concurrent
    /// Mark`).
    pub fn log_line(&self, what: &str) -> String {
        let (objects, kb) = self.rates();
        let share = self
            .per_worker
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join("/");
        format!(
            "{what}: {} objects, {}K marked by {} workers in {:.3}ms of marking: \
             {:.0} objects/ms, {:.0}K/ms; {} rounds ({} stopped early), {} steals, {} overflowed, \
             objects per worker {share}",
            self.marked.objects,
            self.marked.bytes >> 10,
            self.workers,
            self.marking.as_secs_f64() * 1e3,
            objects,
            kb,
            self.rounds,
            self.stopped,
            self.steals,
            self.overflowed,
        )
    }
}

/// The shared grey stack, and the mark assists working on tasks taken from it.
#[derive(Default)]
pub struct GreyStack {
    pub tasks: Vec<MarkTask>,
    /// Mark assists running (`mark_some`): until each puts back what it did not finish, an
    /// empty stack does not mean that marking is done.
    pub assists: usize,
}

/// A worker's private state during a round.
#[derive(Default)]
struct MarkerState {
    counts: MarkCounts,
    discovered: Discovered,
    /// Tasks found after the round was told to stop, for the grey stack.
    leftover: Vec<MarkTask>,
    /// Bytes and objects of `counts` not yet added to the round's shared counts.
    unreported: u64,
    unreported_objects: u64,
    since_poll: u32,
}

/// When a round ends before its work does.
pub(super) struct Round<'a> {
    /// Stop when the collector must yield (`ConcurrentMarkSweep::must_yield`: a pause is
    /// coming, a mutator waits to grow the bitmaps): concurrent rounds only.
    yield_to: Option<&'a ConcurrentMarkSweep>,
    /// Stop once the round has marked this many bytes (a step frame is due)...
    byte_limit: u64,
    /// ... or this many objects (the solo start of a round).
    object_limit: u64,
    bytes: AtomicU64,
    objects: AtomicU64,
    stop: AtomicBool,
}

impl Round<'_> {
    /// A round that runs until no grey object is left (in a pause).
    pub(super) fn to_the_end() -> Round<'static> {
        Round {
            yield_to: None,
            byte_limit: u64::MAX,
            object_limit: u64::MAX,
            bytes: AtomicU64::new(0),
            objects: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// A concurrent round of `cms`: stops when it must yield or after `byte_limit` bytes.
    pub(super) fn concurrent(cms: &ConcurrentMarkSweep, byte_limit: u64) -> Round<'_> {
        Round {
            yield_to: Some(cms),
            byte_limit,
            object_limit: u64::MAX,
            bytes: AtomicU64::new(0),
            objects: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// The solo start of this round: the same reasons to stop, and `objects` objects at most.
    fn solo_start(&self, objects: u64) -> Round<'_> {
        Round {
            yield_to: self.yield_to,
            byte_limit: self.byte_limit,
            object_limit: objects,
            bytes: AtomicU64::new(0),
            objects: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// The rest of this round after its solo start marked `done`.
    fn after(&self, done: MarkCounts) -> Round<'_> {
        Round {
            yield_to: self.yield_to,
            byte_limit: self.byte_limit.saturating_sub(done.bytes).max(1),
            object_limit: self.object_limit,
            bytes: AtomicU64::new(0),
            objects: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// Every `POLL_EVERY` objects: reports the worker's bytes, and tells every worker to stop
    /// if a pause is coming or the byte limit is reached.
    fn poll(&self, st: &mut MarkerState) {
        let total = self.bytes.fetch_add(st.unreported, Ordering::Relaxed) + st.unreported;
        st.unreported = 0;
        let objects = self
            .objects
            .fetch_add(st.unreported_objects, Ordering::Relaxed)
            + st.unreported_objects;
        st.unreported_objects = 0;
        if total >= self.byte_limit
            || objects >= self.object_limit
            || self.yield_to.is_some_and(|c| c.must_yield())
        {
            self.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// What one round did.
pub(super) struct RoundResult {
    pub counts: MarkCounts,
    pub leftover: Vec<MarkTask>,
    pub discovered: Discovered,
    pub per_worker: Vec<(MarkCounts, WorkerStats)>,
    pub stopped: bool,
    pub took: Duration,
}

impl ConcurrentMarkSweep {
    /// Must a concurrent round stop now? When a safepoint was requested (the pause needs the
    /// work lock the controller holds for the round) or a mutator waits to grow the bitmaps
    /// (the round holds them, and allocating threads would queue behind the grower).
    #[inline]
    pub(super) fn must_yield(&self) -> bool {
        self.pause_flag.load(Ordering::Relaxed) || self.bitmap_growers.load(Ordering::Relaxed) > 0
    }

    /// Marks `obj` if it is white (an atomic claim: one caller wins) and counts it; true if
    /// this call marked it and it has references to scan (then the caller greys it).
    #[inline]
    pub(super) fn claim(&self, bitmap: &MarkBitmap, obj: Ref, counts: &mut MarkCounts) -> bool {
        if !bitmap.mark(obj.offset()) {
            return false;
        }
        counts.objects += 1;
        counts.bytes += self.memory.object_size(&self.types, obj) as u64;
        self.memory.has_ref_slots(&self.types, obj)
    }

    /// Claims the object `slot` references, if any; `push` greys it.
    #[inline]
    fn visit(
        &self,
        bitmap: &MarkBitmap,
        slot: usize,
        counts: &mut MarkCounts,
        push: &mut impl FnMut(MarkTask),
    ) {
        // Mutators may store into the field meanwhile: an atomic load reads the old or the new
        // reference, and the snapshot barrier logged the old one if it was overwritten.
        let child = Ref::from_raw(self.memory.atomic_u32(slot).load(Ordering::Relaxed));
        if !child.is_null() && self.claim(bitmap, child, counts) {
            push(task_of(child));
        }
    }

    /// Scans one grey task: claims the white objects its fields reference and greys those
    /// with references (`push`). A reference object whose referent is white is discovered
    /// instead of greying the referent (shared/refs.rs). A reference array is scanned
    /// `ARRAY_CHUNK` elements at a time, the rest pushed as a task of its own.
    pub(super) fn trace(
        &self,
        bitmap: &MarkBitmap,
        task: MarkTask,
        discovered: &mut Discovered,
        counts: &mut MarkCounts,
        push: &mut impl FnMut(MarkTask),
    ) {
        let obj = Ref::from_raw(task as u32);
        let base = obj.offset();
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                let skip = self
                    .types
                    .references()
                    .should_discover(&self.memory, obj, |r| bitmap.is_marked(r.offset()))
                    .map(|(kind, slot)| {
                        discovered.push(kind, obj);
                        slot
                    });
                for &o in ref_offsets.iter() {
                    let slot = base + o as usize;
                    if Some(slot) != skip {
                        self.visit(bitmap, slot, counts, push);
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
                    push(task_of(obj) | (to as MarkTask) << 32);
                }
                for i in from..to {
                    self.visit(bitmap, base + ARRAY_BASE + 4 * i, counts, push);
                }
            }
            Shape::Array { .. } | Shape::Filler => {}
        }
    }

    /// The grey objects the collector holds, as a round's seeds: the grey stack, the SATB
    /// entries handed over (claimed here: `counts`), and a batch of the objects the queues
    /// refused (the overflow bitmap).
    pub(super) fn take_seeds(
        &self,
        bitmap: &MarkBitmap,
        overflow: &MarkBitmap,
        counts: &mut MarkCounts,
    ) -> Vec<MarkTask> {
        let mut seeds = std::mem::take(&mut self.grey.lock().tasks);
        for buffer in self.satb.take_all() {
            for raw in buffer {
                let obj = Ref::from_raw(raw);
                if self.claim(bitmap, obj, counts) {
                    seeds.push(task_of(obj));
                }
            }
        }
        if self.overflowed.swap(false, Ordering::AcqRel) {
            let mut refused = Vec::new();
            // Up to the end the bitmap covers, not the committed heap's: no pool lock is taken
            // while the bitmaps are held.
            let (from, to) = (overflow.base(), overflow.end());
            if !overflow.take_marked(from, to, OVERFLOW_BATCH, &mut refused) {
                self.overflowed.store(true, Ordering::Release);
            }
            seeds.extend(refused.into_iter().map(|a| task_of(Ref::from_offset(a))));
        }
        seeds
    }

    /// Is any grey object left for marking: on the grey stack, held by a mark assist, in
    /// handed-over SATB buffers or refused by the queues?
    pub(super) fn grey_left(&self) -> bool {
        let grey = self.grey.lock();
        !grey.tasks.is_empty()
            || grey.assists > 0
            || self.satb.pending_entries() > 0
            || self.overflowed.load(Ordering::Acquire)
    }

    /// One round of marking from `seeds` on `pool`'s workers, until no grey object is left or
    /// `round` says stop (then the tasks still queued come back as `leftover`). It starts on
    /// the calling thread alone (`SOLO_OBJECTS`) and goes on with every worker if work is left.
    pub(super) fn mark_round(
        &self,
        bitmap: &MarkBitmap,
        overflow: &MarkBitmap,
        pool: &WorkerPool,
        seeds: Vec<MarkTask>,
        round: &Round,
    ) -> RoundResult {
        if pool.threads() == 1 {
            return self.mark_round_on(bitmap, overflow, pool, seeds, round);
        }
        let solo_round = round.solo_start(SOLO_OBJECTS);
        let solo =
            WorkerPool::new(1).with_capacities(pool.local_capacity(), pool.shared_capacity());
        let mut first = self.mark_round_on(bitmap, overflow, &solo, seeds, &solo_round);
        let must_yield = round.yield_to.is_some_and(|c| c.must_yield());
        if first.leftover.is_empty() || must_yield || first.counts.bytes >= round.byte_limit {
            first.stopped = !first.leftover.is_empty();
            return first;
        }
        let rest_round = round.after(first.counts);
        let seeds = std::mem::take(&mut first.leftover);
        let rest = self.mark_round_on(bitmap, overflow, pool, seeds, &rest_round);
        first.counts.add(rest.counts);
        first.leftover = rest.leftover;
        first.discovered.merge(rest.discovered);
        first.stopped = rest.stopped;
        first.took += rest.took;
        let mut per_worker = rest.per_worker;
        if let (Some((c, s)), Some((c0, s0))) = (per_worker.first_mut(), first.per_worker.first()) {
            c.add(*c0);
            s.add(s0);
        }
        first.per_worker = per_worker;
        first
    }

    /// `mark_round` on all of `pool`'s workers from the start.
    fn mark_round_on(
        &self,
        bitmap: &MarkBitmap,
        overflow: &MarkBitmap,
        pool: &WorkerPool,
        seeds: Vec<MarkTask>,
        round: &Round,
    ) -> RoundResult {
        let started = Instant::now();
        let results = pool.run(
            seeds,
            |_| MarkerState::default(),
            |st: &mut MarkerState, task, tasks| {
                if round.stop.load(Ordering::Relaxed) {
                    st.leftover.push(task);
                    return;
                }
                let before = st.counts;
                self.trace(bitmap, task, &mut st.discovered, &mut st.counts, &mut |t| {
                    if let Err(t) = tasks.push(t) {
                        // Both queues are full: the object stays marked, and the overflow
                        // bitmap remembers to scan it (from its start) in a later round.
                        overflow.mark(Ref::from_raw(t as u32).offset());
                        self.overflowed.store(true, Ordering::Release);
                    }
                });
                st.unreported += st.counts.bytes - before.bytes;
                st.unreported_objects += st.counts.objects - before.objects;
                st.since_poll += 1;
                if st.since_poll >= POLL_EVERY {
                    st.since_poll = 0;
                    round.poll(st);
                }
            },
        );
        let mut result = RoundResult {
            counts: MarkCounts::default(),
            leftover: Vec::new(),
            discovered: Discovered::default(),
            per_worker: Vec::with_capacity(results.len()),
            stopped: round.stop.load(Ordering::Relaxed),
            took: started.elapsed(),
        };
        for (st, stats) in results {
            result.counts.add(st.counts);
            result.leftover.extend(st.leftover);
            result.discovered.merge(st.discovered);
            result.per_worker.push((st.counts, stats));
        }
        result
    }

    /// Marks until no grey object is left anywhere (the grey stack, handed-over SATB buffers,
    /// the overflow bitmap), on `pool`'s workers: in a pause (remark, a full collection,
    /// reference processing's keep-alive), when no new grey object can appear.
    pub(super) fn mark_to_the_end(&self, pool: &WorkerPool) -> MarkFigures {
        let bitmap = self.bitmap.read();
        let overflow = self.overflow.read();
        let mut figures = MarkFigures {
            workers: pool.threads(),
            ..MarkFigures::default()
        };
        loop {
            let mut counts = MarkCounts::default();
            let seeds = self.take_seeds(&bitmap, &overflow, &mut counts);
            figures.marked.add(counts);
            if seeds.is_empty() {
                if self.grey_left() {
                    continue;
                }
                return figures;
            }
            let r = self.mark_round(&bitmap, &overflow, pool, seeds, &Round::to_the_end());
            debug_assert!(r.leftover.is_empty(), "a round to the end leaves nothing");
            figures.add_round(&r);
            self.discovered.lock().merge(r.discovered);
        }
    }

    /// One round of the concurrent mark (the controller holds the work lock): stops early for
    /// a pause coming or after `byte_limit` bytes; its leftovers go back to the grey stack.
    /// None when there was nothing to mark.
    pub(super) fn concurrent_round(
        &self,
        pool: &WorkerPool,
        byte_limit: u64,
        figures: &mut MarkFigures,
    ) -> Option<MarkCounts> {
        let bitmap = self.bitmap.read();
        let overflow = self.overflow.read();
        let mut counts = MarkCounts::default();
        let seeds = self.take_seeds(&bitmap, &overflow, &mut counts);
        figures.marked.add(counts);
        if seeds.is_empty() {
            let left = self.grey_left();
            if left && counts.objects == 0 {
                // Most likely a mark assist holds the grey objects: let it put back what it
                // does not finish, rather than leave that marking to the remark's pause.
                std::thread::yield_now();
            }
            return (counts.objects > 0 || left).then_some(counts);
        }
        let round = Round::concurrent(self, byte_limit);
        let r = self.mark_round(&bitmap, &overflow, pool, seeds, &round);
        figures.add_round(&r);
        if !r.leftover.is_empty() {
            self.grey.lock().tasks.extend(r.leftover);
        }
        if !r.discovered.is_empty() {
            self.discovered.lock().merge(r.discovered);
        }
        counts.add(r.counts);
        Some(counts)
    }

    /// A mutator's mark assist (and the serial path): processes up to `budget` grey objects
    /// from the grey stack (or, when it is empty, the SATB buffers handed over) on the calling
    /// thread; returns how many. Safe while mutators and the workers run: fields are read
    /// with atomic loads, marks are claimed with `fetch_or`. While it works the grey stack
    /// counts it among its `assists`, so that the concurrent mark does not take an empty stack
    /// for the end of marking while the assist still holds grey objects: the remark would mark
    /// all that follows from them in its pause (3.6 ms on GCBench).
    pub(super) fn mark_some(&self, budget: usize) -> usize {
        let bitmap = self.bitmap.read();
        let mut counts = MarkCounts::default();
        let mut local = self.lend_to_assist(256);
        if local.is_empty() {
            if let Some(buffer) = self.satb.take_one() {
                for raw in buffer {
                    let obj = Ref::from_raw(raw);
                    if self.claim(&bitmap, obj, &mut counts) {
                        local.push(task_of(obj));
                    }
                }
            }
        }
        let mut discovered = Discovered::default();
        let mut done = 0;
        while done < budget {
            let Some(task) = local.pop() else { break };
            done += 1;
            self.trace(&bitmap, task, &mut discovered, &mut counts, &mut |t| {
                local.push(t)
            });
            if local.len() > 2048 {
                let spill = local.split_off(1024);
                self.grey.lock().tasks.extend(spill);
            }
        }
        if !discovered.is_empty() {
            self.discovered.lock().merge(discovered);
        }
        self.return_from_assist(local);
        done
    }

    /// Up to `n` tasks from the top of the grey stack for a mark assist, which from now on
    /// counts as holding grey objects (even with none taken: it may take an SATB buffer).
    pub(super) fn lend_to_assist(&self, n: usize) -> Vec<MarkTask> {
        let mut grey = self.grey.lock();
        grey.assists += 1;
        let at = grey.tasks.len() - grey.tasks.len().min(n);
        grey.tasks.split_off(at)
    }

    /// A mark assist puts back the tasks it did not finish and stops counting as a holder.
    pub(super) fn return_from_assist(&self, unfinished: Vec<MarkTask>) {
        let mut grey = self.grey.lock();
        grey.tasks.extend(unfinished);
        grey.assists -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{spans, CmsMutator, ConcurrentMarkSweep};
    use super::*;
    use crate::collector::{CollectorContext, HeapConfig, RootSource};
    use crate::memory::HeapMemory;
    use crate::object::{array_size, TypeInfo, TypeRegistry};
    use std::collections::HashSet;
    use std::sync::Arc;

    const NODE: u32 = 2; // refs @24, @28; 32 bytes
    const LEAF: u32 = 3; // 24 bytes, no refs
    const REF_ARRAY: u32 = 4;

    struct Roots(Vec<Ref>);

    impl RootSource for Roots {
        fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
            for r in self.0.iter_mut() {
                *r = visit(*r);
            }
        }
    }

    fn collector(gc_threads: usize) -> ConcurrentMarkSweep {
        collector_of(gc_threads, 32 << 20)
    }

    fn collector_of(gc_threads: usize, max: usize) -> ConcurrentMarkSweep {
        let memory =
            HeapMemory::reserve(ConcurrentMarkSweep::reservation_for(max)).expect("reserved");
        let types = TypeRegistry::new();
        let instance = |name: &str, size, refs: &[u32]| TypeInfo {
            name: name.into(),
            shape: Shape::Instance {
                size,
                ref_offsets: refs.to_vec().into_boxed_slice(),
            },
        };
        types
            .register(NODE, instance("Node", 32, &[24, 28]))
            .unwrap();
        types.register(LEAF, instance("Leaf", 24, &[])).unwrap();
        let array = TypeInfo {
            name: "[LNode;".into(),
            shape: Shape::Array {
                elem: ElemKind::Ref,
            },
        };
        types.register(REF_ARRAY, array).unwrap();
        ConcurrentMarkSweep::new(CollectorContext {
            memory: Arc::new(memory),
            types: Arc::new(types),
            config: HeapConfig {
                initial_size: max,
                max_size: max,
                gc_threads,
                ..HeapConfig::default()
            },
        })
        .unwrap()
    }

    /// A random object graph in a CMS heap, and what it should mark.
    struct Graph {
        objects: Vec<Ref>,
        edges: Vec<Vec<usize>>,
        roots: Vec<usize>,
    }

    impl Graph {
        /// `n` objects (nodes, leaves and reference arrays, some over 8 KB) with random edges;
        /// a few roots, so that part of the graph is garbage.
        fn build(cms: &ConcurrentMarkSweep, n: usize, seed: u64) -> Graph {
            let mut rng = seed | 1;
            let mut next = move |below: usize| {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                (rng % below as u64) as usize
            };
            let mut local = CmsMutator {
                cursors: vec![None; spans::CLASS_SIZES.len()],
                unflushed: 0,
                assist_debt: 0,
            };
            let memory = &cms.memory;
            let mut objects = Vec::new();
            let mut kinds = Vec::new();
            for i in 0..n {
                let (kind, size, len) = match next(100) {
                    0 => (REF_ARRAY, 0, 3000 + next(3000)), // a large object
                    1..=5 => (REF_ARRAY, 0, 1 + next(40)),
                    6..=30 => (LEAF, 24, 0),
                    _ => (NODE, 32, 0),
                };
                let size = if kind == REF_ARRAY {
                    array_size(ElemKind::Ref, len)
                } else {
                    size
                };
                let at = match spans::class_for(size) {
                    Some(class) => cms.alloc_small(&mut local, class, size).expect("room").0,
                    None => cms.alloc_large(&mut local, size).expect("room"),
                };
                if kind == REF_ARRAY {
                    memory.init_array_header(at, REF_ARRAY, len as u32);
                } else {
                    memory.init_header(at, kind);
                }
                objects.push(Ref::from_offset(at));
                kinds.push((kind, len));
                let _ = i;
            }
            let mut edges = vec![Vec::new(); n];
            for (i, &(kind, len)) in kinds.iter().enumerate() {
                let slots: Vec<usize> = match kind {
                    NODE => vec![24, 28],
                    REF_ARRAY => (0..len).map(|k| ARRAY_BASE + 4 * k).collect(),
                    _ => vec![],
                };
                for slot in slots {
                    if next(4) == 0 {
                        continue; // null
                    }
                    // Mostly forward edges to near objects: long chains as well as fan-out.
                    let j = if next(3) == 0 {
                        next(n)
                    } else {
                        (i + 1 + next(8)).min(n - 1)
                    };
                    memory.write_ref(objects[i].offset() + slot, objects[j]);
                    edges[i].push(j);
                }
            }
            let roots = (0..8).map(|_| next(n / 4)).collect();
            Graph {
                objects,
                edges,
                roots,
            }
        }

        fn reachable(&self) -> HashSet<usize> {
            let mut seen: HashSet<usize> = self.roots.iter().copied().collect();
            let mut stack: Vec<usize> = self.roots.clone();
            while let Some(i) = stack.pop() {
                for &j in &self.edges[i] {
                    if seen.insert(j) {
                        stack.push(j);
                    }
                }
            }
            seen
        }

        fn roots(&self) -> Roots {
            Roots(self.roots.iter().map(|&i| self.objects[i]).collect())
        }

        fn marked(&self, cms: &ConcurrentMarkSweep) -> HashSet<usize> {
            let bitmap = cms.bitmap.read();
            (0..self.objects.len())
                .filter(|&i| bitmap.is_marked(self.objects[i].offset()))
                .collect()
        }
    }

    #[test]
    fn parallel_marking_marks_exactly_the_reachable_set() {
        for threads in [1, 2, 4] {
            let cms = collector(threads);
            let graph = Graph::build(&cms, 40_000, 7 + threads as u64);
            let expected = graph.reachable();
            assert!(expected.len() > 1000 && expected.len() < 40_000);
            cms.reset_marking();
            cms.grey_roots(&mut graph.roots());
            let figures = cms.mark_to_the_end(&WorkerPool::new(threads));
            assert_eq!(graph.marked(&cms), expected, "{threads} workers");
            assert_eq!(figures.workers, threads);
            assert_eq!(figures.overflowed, 0);
            assert!(!cms.grey_left());
        }
    }

    #[test]
    fn queues_that_overflow_lose_nothing_and_stay_bounded() {
        let mut cms = collector(2);
        cms.set_mark_queue_capacities(8, 8);
        let graph = Graph::build(&cms, 40_000, 11);
        let expected = graph.reachable();
        cms.reset_marking();
        cms.grey_roots(&mut graph.roots());
        let figures = cms.finish_marking();
        assert!(
            figures.overflowed > 0,
            "8 + 8 tasks per worker must overflow"
        );
        assert!(
            figures.rounds > 1,
            "overflowed objects are taken back by later rounds"
        );
        assert_eq!(graph.marked(&cms), expected);
    }

    /// The concurrent mark's rounds stop at a byte limit (a step frame due) and for a pause
    /// coming, put their leftovers back on the grey stack, and the next rounds finish the job.
    #[test]
    fn marking_interrupted_and_resumed_marks_the_same_set() {
        for threads in [1, 2] {
            let cms = collector(threads);
            let graph = Graph::build(&cms, 40_000, 23);
            let expected = graph.reachable();
            cms.reset_marking();
            cms.grey_roots(&mut graph.roots());
            let pool = cms.concurrent_pool();
            let mut figures = MarkFigures::default();
            // A pause is coming: the round stops at its first poll.
            cms.pause_flag.store(true, Ordering::Relaxed);
            let first = cms.concurrent_round(&pool, u64::MAX, &mut figures);
            assert!(first.is_some());
            assert_eq!(figures.stopped, 1, "{threads} workers");
            assert!(
                first.unwrap().objects < 2000,
                "stopped at a poll: {first:?}"
            );
            assert!(cms.grey_left(), "the leftovers are back on the grey stack");
            cms.pause_flag.store(false, Ordering::Relaxed);
            // Rounds of about 16 KB each, as step frames would cut them.
            let mut rounds = 0;
            while let Some(c) = cms.concurrent_round(&pool, 16 << 10, &mut figures) {
                rounds += 1;
                assert!(
                    c.bytes < (16 << 10) + threads as u64 * POLL_EVERY as u64 * 24_000,
                    "a round stops soon after its limit: {c:?}"
                );
            }
            assert!(rounds > 10, "{rounds} rounds");
            assert_eq!(graph.marked(&cms), expected, "{threads} workers");
            let total: u64 = figures.marked.objects;
            assert_eq!(total as usize, expected.len() - cms_roots_marked(&graph));
        }
    }

    /// A mark assist that takes every grey object leaves the stack empty, but marking is not
    /// over: the concurrent rounds go on until the assist puts back what it did not finish,
    /// and then mark the rest (not the remark, in its pause).
    #[test]
    fn concurrent_marking_does_not_end_while_an_assist_holds_grey_objects() {
        let cms = collector(1);
        let graph = Graph::build(&cms, 20_000, 31);
        let expected = graph.reachable();
        cms.reset_marking();
        cms.grey_roots(&mut graph.roots());
        let pool = cms.concurrent_pool();
        let mut figures = MarkFigures::default();
        let held = cms.lend_to_assist(usize::MAX);
        assert!(!held.is_empty(), "the assist took the roots' grey objects");
        assert!(cms.grey.lock().tasks.is_empty());
        assert!(cms.grey_left(), "an assist holding grey objects counts");
        assert!(
            cms.concurrent_round(&pool, u64::MAX, &mut figures)
                .is_some(),
            "the concurrent mark waits for the assist"
        );
        cms.return_from_assist(held);
        while cms
            .concurrent_round(&pool, u64::MAX, &mut figures)
            .is_some()
        {}
        assert!(!cms.grey_left());
        assert_eq!(graph.marked(&cms), expected);
    }

    /// Not a timed test: prints the concurrent mark's rate with one and two workers on a graph
    /// large enough for both to have work (300,000 objects, about 60 MB), with no mutator
    /// running beside them: what the parallel rounds give when the workers have the cores.
    /// Alternating runs, medians. Run with `cargo test -p gcvm-gc --release --lib
    /// measure_concurrent_marking_rates -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn measure_concurrent_marking_rates() {
        const RUNS: usize = 7;
        let mut rates: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
        for run in 0..RUNS {
            for threads in [1, 2] {
                let cms = collector_of(threads, 160 << 20);
                let graph = Graph::build(&cms, 300_000, 31 + run as u64);
                cms.reset_marking();
                cms.grey_roots(&mut graph.roots());
                let pool = cms.concurrent_pool();
                let mut figures = MarkFigures::default();
                let started = std::time::Instant::now();
                while cms
                    .concurrent_round(&pool, u64::MAX, &mut figures)
                    .is_some()
                {}
                let ms = started.elapsed().as_secs_f64() * 1e3;
                let objects = figures.marked.objects as f64;
                let kb = figures.marked.bytes as f64 / 1024.0;
                println!(
                    "run {run} workers={threads}: {objects} objects ({kb:.0}K) in {ms:.1} ms, \
                     {:.0} objects/ms, {:.0}K/ms; {} rounds, {} steals",
                    objects / ms,
                    kb / ms,
                    figures.rounds,
                    figures.steals
                );
                rates[threads - 1].push(objects / ms);
            }
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(|a, b| a.partial_cmp(b).unwrap());
            v[v.len() / 2]
        };
        let (one, two) = (median(&mut rates[0]), median(&mut rates[1]));
        println!(
            "median objects/ms: 1 worker {one:.0}, 2 workers {two:.0}: {:.2}x",
            two / one
        );
    }

    /// Objects the roots reference are marked in the initial pause, not by a round.
    fn cms_roots_marked(graph: &Graph) -> usize {
        graph.roots.iter().collect::<HashSet<_>>().len()
    }

    #[test]
    fn what_only_the_snapshot_buffers_hold_is_marked() {
        let cms = collector(2);
        let mut graph = Graph::build(&cms, 2_000, 5);
        // No roots: only what the buffer's object reaches is live.
        graph.roots = vec![1_000];
        let expected = graph.reachable();
        graph.roots.clear();
        cms.reset_marking();
        cms.grey_roots(&mut graph.roots());
        cms.satb.enqueue(vec![graph.objects[1_000].raw()]);
        let mut figures = MarkFigures::default();
        while cms
            .concurrent_round(&cms.concurrent_pool(), u64::MAX, &mut figures)
            .is_some()
        {}
        assert_eq!(graph.marked(&cms), expected);
        assert_eq!(cms.satb.pending_entries(), 0);
    }
}
