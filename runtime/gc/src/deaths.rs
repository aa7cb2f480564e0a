//! Death times and sites (`gcvm run --trace-deaths`), as Merlin computes them (Hertz, Blackburn,
//! Moss, McKinley, Stefanović: "Generating object lifetime traces with Merlin", TOPLAS 2006).
//!
//! An object dies at the moment its last path from the roots is cut, and a path is only ever cut
//! by a reference that goes away: a reference field or array element overwritten (the access
//! API's stores, all of which come through here), or a root dropped (a frame's locals when its
//! method returns or an exception unwinds it, a local or static overwritten — the interpreter
//! reports those). Each such event *stamps* the object that lost the reference with the current
//! time and context: the allocation clock (bytes allocated since the start, the trace's clock)
//! and the method running then (an opaque id the VM chooses).
//!
//! At the start of every pause, with the world stopped, `find_deaths` marks what the roots reach
//! and takes every other object that has not been reported before: those became unreachable
//! since the last pause. A dead object's death time is the latest stamp among the dead objects
//! that reach it (itself included): the cut that made the last of them unreachable made it
//! unreachable too (of stamps made at one clock, the higher address's: `order_key`). Computed by
//! walking the stamped dead objects from the highest address down, each raising the stamps of
//! the dead objects it reaches (`propagate_by_address`: objects mostly point at older objects,
//! stamped earlier, so most are raised once); or, where that walk would raise the same objects
//! again and again, as Merlin does, by sorting the stamps and visiting the stamped dead objects
//! from the latest down, each one's dead descendants taking its stamp unless an earlier (later
//! in time) visit gave them one (`propagate`). A dead object no stamp reaches lost a reference the VM does not
//! observe (an operand-stack pop, a reference the collector cleared): its context is unknown and
//! its time the pause's. Each reported object gets `gcword::DEATH_REPORTED` in its header, so a
//! dead object a partial collection leaves in place is reported once — unless the pause is a
//! collection that reclaims all garbage (semispace, mark-compact: `Garbage::Reclaimed`), when
//! that write per dead object is spared.
//!
//! Stamps older than the last pause are ignored: an object still reachable then can only have
//! died through a cut made since. A stamp is one word per 16 bytes of heap, stored at the
//! object's address in a side table (one relaxed store; no log, nothing to hand over). With the option off, nothing here exists: `Heap::deaths` and
//! every `Mutator::deaths` are None, and the stores take their usual path (store_ref's fast path
//! stays barrier-free for collectors without barriers only while deaths are off).

use crate::memory::HeapMemory;
use crate::object::{gcword, Ref, TypeRegistry};
use crate::shared::workers::WorkerPool;
use crate::{GcEventSink, HeapObjects, RootSource};
use gcvm_tracer::format::CONTEXT_UNKNOWN;
use gcvm_tracer::PackedDeaths;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

/// A stamp packs the time (bytes allocated, high 40 bits) and the context (low 24 bits) into
/// one word, so that a stamp is one relaxed atomic store; as the trace's `format::pack_death`
/// packs them, so that a pause hands stamps to a trace as they are (`PackedDeaths`).
const CONTEXT_BITS: u32 = gcvm_tracer::format::DEATH_CONTEXT_BITS;
const MAX_TIME: u64 = (1 << (64 - CONTEXT_BITS)) - 1;
/// The shared clock stops here (`publish_clock`), so that a thread's clock, the shared one
/// plus less than `CLOCK_BATCH` of its own, never passes `MAX_TIME` (1 TiB allocated): `pack`
/// needs no test of its own, which at every stamp cost a tenth of what stamping adds.
const CLOCK_CAP: u64 = MAX_TIME - CLOCK_BATCH;

/// Packs a stamp. `time` is at most `MAX_TIME` (`CLOCK_CAP`). A context keeps its low 24 bits:
/// the ids of a VM with more than 16 M methods would wrap here (no program loads that many:
/// their metadata alone would be gigabytes).
#[inline]
fn pack(time: u64, context: u32) -> u64 {
    debug_assert!(time <= MAX_TIME, "the clock stops at CLOCK_CAP");
    gcvm_tracer::format::pack_death(time, context)
}

#[inline]
fn unpack(word: u64) -> (u64, u32) {
    gcvm_tracer::format::unpack_death(word)
}

/// Will the pause after `report_deaths` reclaim every object it reports dead?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Garbage {
    /// Some may stay in the heap as objects (a young collection's old garbage, a concurrent
    /// sweeper's backlog, a pause that collects nothing): each reported death is marked in its
    /// header (`gcword::DEATH_REPORTED`), so that the next pause does not report it again.
    MayStay,
    /// A whole-heap collection that copies or slides the survivors and overwrites the rest:
    /// the marks are spared (a write to the header of each dead object, millions a pause).
    Reclaimed,
}

/// A packed stamp (`MutatorDeaths::stamp_now`): a time and a context.
#[derive(Clone, Copy, Debug)]
pub struct Stamp(u64);

/// What the threads and the pause share: the allocation clock and the stamp table — one word
/// per 16 bytes of heap (the minimum object size: two objects never start in the same 16
/// bytes), indexed by address. The table is the size of half the heap reservation, but only
/// its pages for addresses objects were stamped at are ever touched.
struct Shared {
    clock: AtomicU64,
    stamps: Box<[AtomicU64]>,
}

impl Shared {
    #[inline]
    fn slot(&self, obj: Ref) -> &AtomicU64 {
        &self.stamps[obj.offset() >> 4]
    }
}

/// A thread adds what it allocated to the shared clock once this many bytes have gathered
/// (`MutatorDeaths::allocated`): an atomic add per allocation cost more than the allocation,
/// and threads allocating at once fought over the clock's cache line.
const CLOCK_BATCH: u64 = 64 << 10;

/// A thread's side: its way to stamp, and the context the VM keeps current (the method on top
/// of the thread's stack).
pub struct MutatorDeaths {
    shared: Arc<Shared>,
    /// Bytes this thread allocated that the shared clock does not count yet (below
    /// `CLOCK_BATCH`; added at the batch, and at every safepoint and exit: `publish_clock`).
    pending: u64,
    /// The method running now (VM's id; `CONTEXT_UNKNOWN` before the first).
    pub context: u32,
}

impl MutatorDeaths {
    /// `obj` lost a reference now, in the current context.
    #[inline]
    pub fn lost(&mut self, obj: Ref) {
        let context = self.context;
        self.lost_in(obj, context);
    }

    /// `obj` lost a reference now, in `context` (a returning method's frame).
    #[inline]
    pub fn lost_in(&mut self, obj: Ref, context: u32) {
        if obj.is_null() {
            return;
        }
        let time = self.clock();
        self.shared
            .slot(obj)
            .store(pack(time, context), Ordering::Relaxed);
    }

    /// A stamp for now in `context`, to give several objects that lose a reference at once
    /// (a returning frame's reference locals) with `lost_at`: packed once for all of them.
    #[inline]
    pub fn stamp_now(&self, context: u32) -> Stamp {
        Stamp(pack(self.clock(), context))
    }

    /// The allocation clock as this thread sees it: exact when it is the only one allocating;
    /// with others, behind by what they allocated since their last batch (under
    /// `CLOCK_BATCH` each).
    #[inline]
    pub fn clock(&self) -> u64 {
        self.shared.clock.load(Ordering::Relaxed) + self.pending
    }

    /// `obj` lost a reference at `stamp` (made by `stamp_now` with nothing allocated since).
    #[inline]
    pub fn lost_at(&mut self, obj: Ref, stamp: Stamp) {
        if !obj.is_null() {
            self.shared.slot(obj).store(stamp.0, Ordering::Relaxed);
        }
    }

    /// The thread allocated `bytes` (the allocation clock moves on).
    #[inline]
    pub fn allocated(&mut self, bytes: usize) {
        self.pending += bytes as u64;
        if self.pending >= CLOCK_BATCH {
            self.publish_clock();
        }
    }

    /// Adds what the thread allocated to the shared clock: at a batch, and before every pause
    /// and at the thread's exit (`Heap::flush_mutator`, `Heap::retire_mutator`), so that the
    /// pause's clock counts every allocation and no stamp is later than it.
    pub fn publish_clock(&mut self) {
        if self.pending > 0 {
            let add = self.pending;
            let _ = self
                .shared
                .clock
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| {
                    Some((c + add).min(CLOCK_CAP))
                });
            self.pending = 0;
        }
    }
}

/// What one pause found: every object that became unreachable since the last one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeathReport {
    /// (object, death time, context), in address order.
    pub deaths: Vec<(Ref, u64, u32)>,
    /// How many of them no stamp reached (context unknown).
    pub unknown: usize,
}

/// The heap's side: the shared clock and table, and the clock at the last pause — a stamp
/// earlier than it is stale (made before that pause, possibly for another object that was
/// at the same address), so the table is never cleared.
pub struct DeathTracker {
    shared: Arc<Shared>,
    last_pause: AtomicU64,
    /// What a pause works in, kept from pause to pause: allocating its bitmaps afresh cost
    /// every pause a page fault per 32 KB of heap reservation, and its lists (tens of bytes
    /// per dead object, millions a pause) a page fault per 4 KB of them.
    scratch: parking_lot::Mutex<Scratch>,
    /// The GC workers a pause with many deaths propagates their stamps on (`gc_threads`).
    workers: usize,
}

/// A pause's working memory (`DeathTracker::scratch`); cleared, not freed, between pauses.
struct Scratch {
    /// What the roots reach.
    reached: Bitmap,
    /// The dead objects, in address order, with their bitmap.
    dead: Vec<Ref>,
    dead_bits: Bitmap,
    /// The sorted fallback's lists (`propagate`): the stamped dead objects latest first
    /// (`stamped_latest_first`), and the radix sort's second buffer.
    order: Vec<u64>,
    spare: Vec<u64>,
    /// One word per dead object after propagation: a key that names the stamped object whose
    /// stamp it takes (`key_index`; u64::MAX: none reached it), as either propagation leaves
    /// them (the walk by address's workers lower them at once); `Scratch::stamp` reads it.
    assigned: Vec<AtomicU64>,
    /// The sorted fallback's stack of dead objects to visit (indices).
    stack: Vec<u32>,
    /// The pause's clock, the death time of a dead object no stamp reached.
    now: u64,
    /// A part of the pause's deaths as the trace takes them, (address, time, context)
    /// (`Scratch::list`).
    part: Vec<(u64, u64, u32)>,
}

/// How many deaths `Scratch::list` hands over at a time: few enough that the part stays in a
/// core's cache between being listed and being written (a pause has millions, and listing
/// them all first wrote and read back 24 bytes each through memory).
const LIST_PART: usize = 4096;

/// How many deaths each worker packs at a time (`Scratch::pack`).
const PACKED_PART: usize = 1 << 16;

impl Scratch {
    /// The stamp dead object `i` takes (0: none reached it): that of the object its key names.
    #[inline]
    fn stamp(&self, i: usize, stamps: &Shared) -> u64 {
        match self.assigned[i].load(Ordering::Relaxed) {
            u64::MAX => 0,
            key => stamps
                .slot(self.dead[key_index(key)])
                .load(Ordering::Relaxed),
        }
    }

    /// Dead object `i` as a trace takes it: the object and its stamp (0: none reached it).
    /// With `Garbage::MayStay` it is marked reported in its header.
    #[inline]
    fn report(
        &self,
        i: usize,
        stamps: &Shared,
        memory: &HeapMemory,
        garbage: Garbage,
    ) -> (Ref, u64) {
        let obj = self.dead[i];
        if garbage == Garbage::MayStay {
            memory.set_gc_word(obj, memory.gc_word(obj) | gcword::DEATH_REPORTED);
        }
        (obj, self.stamp(i, stamps))
    }

    /// Lists the deaths `DeathTracker::find` found as the trace takes them, (address, time,
    /// context), in address order, `LIST_PART` at a time, handing each part to `emit`. A dead
    /// object no stamp reached dies at the pause's clock in an unknown context. With
    /// `Garbage::MayStay`, each is marked reported in its header. Returns how many no stamp
    /// reached.
    fn list(
        &mut self,
        stamps: &Shared,
        memory: &HeapMemory,
        garbage: Garbage,
        emit: &mut gcvm_tracer::EmitDeaths,
    ) -> usize {
        let mut part = std::mem::take(&mut self.part);
        let (n, mut unknown) = (self.dead.len(), 0);
        for start in (0..n).step_by(LIST_PART) {
            part.clear();
            for i in start..(start + LIST_PART).min(n) {
                let (obj, stamp) = self.report(i, stamps, memory, garbage);
                let (time, context) = if stamp == 0 {
                    unknown += 1;
                    (self.now, CONTEXT_UNKNOWN)
                } else {
                    unpack(stamp)
                };
                part.push((obj.offset() as u64, time, context));
            }
            emit(&part);
        }
        self.part = part;
        unknown
    }

    /// The deaths `DeathTracker::find` found, packed for a trace that encodes them itself
    /// (`PackedDeaths`, in `out`'s lists, whose memory earlier pauses grew), a part per
    /// `PACKED_PART` on each of `workers`. With `Garbage::MayStay` each is marked reported in
    /// its header. Returns how many no stamp reached.
    fn pack(
        &self,
        stamps: &Shared,
        memory: &HeapMemory,
        garbage: Garbage,
        out: &mut PackedDeaths,
        workers: &WorkerPool,
    ) -> usize {
        let n = self.dead.len();
        // Every entry is written below: only the lists' growth is zeroed.
        out.units.truncate(n);
        out.units.resize(n, 0);
        out.stamps.truncate(n);
        out.stamps.resize(n, 0);
        out.now = self.now;
        let parts: Vec<parking_lot::Mutex<(&mut [u32], &mut [u64])>> = out
            .units
            .chunks_mut(PACKED_PART)
            .zip(out.stamps.chunks_mut(PACKED_PART))
            .map(parking_lot::Mutex::new)
            .collect();
        let unknown = AtomicUsize::new(0);
        workers.for_each_index(parts.len(), |p| {
            let mut part = parts[p].lock();
            let (units, stamps_out) = &mut *part;
            let mut none = 0;
            for (k, (unit, word)) in units.iter_mut().zip(stamps_out.iter_mut()).enumerate() {
                let (obj, stamp) = self.report(p * PACKED_PART + k, stamps, memory, garbage);
                none += (stamp == 0) as usize;
                *unit = obj.raw();
                *word = stamp;
            }
            unknown.fetch_add(none, Ordering::Relaxed);
        });
        unknown.into_inner()
    }
}

impl DeathTracker {
    /// A tracker for a heap reservation of `heap_bytes`, whose pauses may use `workers` GC
    /// workers (the heap's `gc_threads`).
    pub fn new(heap_bytes: usize, workers: usize) -> DeathTracker {
        DeathTracker {
            shared: Arc::new(Shared {
                clock: AtomicU64::new(0),
                stamps: crate::shared::zeroed::zeroed_u64(heap_bytes.div_ceil(16)),
            }),
            last_pause: AtomicU64::new(0),
            scratch: parking_lot::Mutex::new(Scratch {
                reached: Bitmap::new(heap_bytes),
                dead: Vec::new(),
                dead_bits: Bitmap::new(heap_bytes),
                order: Vec::new(),
                spare: Vec::new(),
                assigned: Vec::new(),
                stack: Vec::new(),
                now: 0,
                part: Vec::with_capacity(LIST_PART),
            }),
            workers: workers.max(1),
        }
    }

    /// The workers a pause with `deaths` dead objects shares its work among.
    fn workers_for(&self, deaths: usize) -> usize {
        if deaths >= PARALLEL_DEATHS {
            self.workers
        } else {
            1
        }
    }

    /// A new thread's side.
    pub fn new_mutator(&self) -> MutatorDeaths {
        MutatorDeaths {
            shared: self.shared.clone(),
            pending: 0,
            context: CONTEXT_UNKNOWN,
        }
    }

    /// Bytes allocated so far (the trace's clock), as the threads have published it (all of it
    /// at a pause: `MutatorDeaths::publish_clock`).
    pub fn clock(&self) -> u64 {
        self.shared.clock.load(Ordering::Relaxed)
    }

    /// The stamp of `obj` made since the last pause, packed, if any. A stamp made before it at
    /// exactly its clock (nothing allocated in between) passes too: the pause cannot tell it
    /// from one made after it with nothing allocated yet, and it is earlier than any death it
    /// can give.
    #[inline]
    fn stamp_of(&self, obj: Ref, since: u64) -> Option<u64> {
        let word = self.shared.slot(obj).load(Ordering::Relaxed);
        (word != 0 && unpack(word).0 >= since).then_some(word)
    }

    /// Finds the objects that became unreachable since the last pause, gives each its death
    /// time and context, marks them reported and drops the stamps. The world is stopped, every
    /// thread's stamps taken; `objects` walks the heap's objects.
    pub fn find_deaths(&self, objects: &HeapObjects, roots: &mut dyn RootSource) -> DeathReport {
        self.find_deaths_of(objects, roots, Garbage::MayStay)
    }

    /// `find_deaths`; with `Garbage::Reclaimed` (the pause that follows reclaims every dead
    /// object) the deaths are not marked in the objects' headers: no later pause can find them.
    pub fn find_deaths_of(
        &self,
        objects: &HeapObjects,
        roots: &mut dyn RootSource,
        garbage: Garbage,
    ) -> DeathReport {
        let mut found = self.find(objects, roots);
        let mut deaths = Vec::new();
        let unknown = found.list(&self.shared, objects.memory, garbage, &mut |part| {
            deaths.extend(
                part.iter()
                    .map(|&(addr, time, context)| (Ref::from_offset(addr as usize), time, context)),
            )
        });
        DeathReport { deaths, unknown }
    }

    /// The first half of `find_deaths_of`, into the scratch memory: its `dead` are the objects
    /// that became unreachable since the last pause, in address order, and `assigned` their
    /// stamps (0: none reached it); `Scratch::list` lists them.
    fn find(
        &self,
        objects: &HeapObjects,
        roots: &mut dyn RootSource,
    ) -> parking_lot::MutexGuard<'_, Scratch> {
        let (memory, types) = (objects.memory, objects.types);
        let now = self.clock();
        let since = self.last_pause.swap(now, Ordering::Relaxed);
        let mut guard = self.scratch.lock();
        let scratch = &mut *guard;
        reach_from_roots(memory, types, roots, &mut scratch.reached);
        scratch.dead.clear();
        let mut dead = DeadSet {
            objects: &mut scratch.dead,
            bits: &mut scratch.dead_bits,
            rank: Vec::new(),
        };
        let reached = &scratch.reached;
        objects.for_each(|obj| {
            if !reached.contains(obj) && memory.gc_word(obj) & gcword::DEATH_REPORTED == 0 {
                dead.add(obj);
            }
        });
        scratch.reached.clear();
        dead.seal();
        let workers = self.workers_for(dead.objects.len());
        let by_address = now - since <= u32::MAX as u64
            && dead.objects.len() < u32::MAX as usize
            && propagate_by_address(
                memory,
                types,
                &dead,
                |obj| self.stamp_of(obj, since).map(|w| (now - unpack(w).0, w)),
                &mut scratch.assigned,
                &WorkerPool::new(workers),
            );
        if !by_address {
            self.stamped_latest_first(
                dead.objects,
                since,
                now,
                &mut scratch.order,
                &mut scratch.spare,
            );
            propagate(
                memory,
                types,
                &dead,
                &scratch.order,
                &mut scratch.assigned,
                &mut scratch.stack,
            );
        }
        scratch.now = now;
        dead.bits.clear();
        guard
    }

    /// Puts in `order` the dead objects (`dead`, in address order) stamped since the last
    /// pause, as `order_key`s, sorted: the latest stamp first, ties by the higher address
    /// (Merlin's propagation order). `spare` is the sort's other buffer.
    fn stamped_latest_first(
        &self,
        dead: &[Ref],
        since: u64,
        now: u64,
        order: &mut Vec<u64>,
        spare: &mut Vec<u64>,
    ) {
        order.clear();
        let span = now.saturating_sub(since);
        if span > u32::MAX as u64 || dead.len() > u32::MAX as usize {
            *order = self.stamped_latest_first_by_comparison(dead, since, now);
            return;
        }
        let (mut any_bits, mut farthest) = (0u64, 0u64);
        // From the highest address down: the sort below is stable and leaves ties as they come.
        for (i, &obj) in dead.iter().enumerate().rev() {
            if let Some(word) = self.stamp_of(obj, since) {
                let distance = now - unpack(word).0;
                any_bits |= distance;
                farthest = farthest.max(distance);
                order.push(order_key(distance, i));
            }
        }
        // The distances' common low zero bits (allocations are whole units) need no sorting.
        let skip = any_bits.trailing_zeros().min(32);
        let bits = u64::BITS - (farthest >> skip).leading_zeros();
        radix_sort_bits(order, spare, 32 + skip, bits);
    }

    /// `stamped_latest_first` for spans of more than 4 GiB allocated between two pauses.
    fn stamped_latest_first_by_comparison(&self, dead: &[Ref], since: u64, now: u64) -> Vec<u64> {
        let mut stamped: Vec<(u64, std::cmp::Reverse<usize>)> = dead
            .iter()
            .enumerate()
            .filter_map(|(i, &obj)| {
                self.stamp_of(obj, since)
                    .map(|w| (now - unpack(w).0, std::cmp::Reverse(i)))
            })
            .collect();
        stamped.sort_unstable();
        stamped
            .into_iter()
            .map(|(distance, std::cmp::Reverse(i))| order_key(distance, i) & u32::MAX as u64)
            .collect()
    }

    /// `find_deaths`, written to the trace (before the pause's GC start). `garbage` says
    /// whether the pause will reclaim every dead object (`find_deaths_of`). Returns how many
    /// objects died, and how many of them no stamp reached.
    pub fn report_deaths(
        &self,
        objects: &HeapObjects,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
        garbage: Garbage,
    ) -> (usize, usize) {
        let mut found = self.find(objects, roots);
        let deaths = found.dead.len();
        if events.takes_packed_deaths() {
            let pool = WorkerPool::new(self.workers_for(deaths));
            let mut packed = events.spare_packed_deaths();
            let unknown = found.pack(&self.shared, objects.memory, garbage, &mut packed, &pool);
            events.objects_died_packed(packed);
            return (deaths, unknown);
        }
        let mut unknown = 0;
        events.objects_died_in_parts(deaths, &mut |emit| {
            unknown = found.list(&self.shared, objects.memory, garbage, emit);
        });
        (deaths, unknown)
    }
}

/// Sets in `reached` (clear) the objects reachable from the roots (strongly or not: a
/// referent is a reference).
fn reach_from_roots(
    memory: &HeapMemory,
    types: &TypeRegistry,
    roots: &mut dyn RootSource,
    reached: &mut Bitmap,
) {
    let mut stack: Vec<Ref> = Vec::new();
    roots.visit_roots(&mut |r| {
        if reached.insert(r) {
            stack.push(r);
        }
        r
    });
    while let Some(obj) = stack.pop() {
        memory.for_each_ref_slot(types, obj, |slot| {
            let target = memory.read_ref(slot);
            if !target.is_null() && reached.insert(target) {
                stack.push(target);
            }
        });
    }
}

/// The dead objects of one pause: in address order, with a bitmap for membership.
struct DeadSet<'a> {
    objects: &'a mut Vec<Ref>,
    bits: &'a mut Bitmap,
    /// Per word of `bits` from its first touched one: the set bits before it (`seal`), so
    /// that an object's index is found in one step, not by a binary search.
    rank: Vec<u32>,
}

impl DeadSet<'_> {
    fn add(&mut self, obj: Ref) {
        self.objects.push(obj);
        self.bits.insert(obj);
    }
    /// Sorts the objects (heap walks visit ranges in the collector's order) and ranks the
    /// bitmap's words.
    fn seal(&mut self) {
        if !self.objects.is_sorted() {
            self.objects.sort_unstable();
        }
        let (lo, hi) = (self.bits.lo, self.bits.hi.max(self.bits.lo));
        let mut before = 0u32;
        self.rank = (lo..hi)
            .map(|w| {
                let r = before;
                before += self.bits.words[w].count_ones();
                r
            })
            .collect();
    }
    /// The index of `obj` in `objects` if it is dead: the set bits before its own.
    fn index(&self, obj: Ref) -> Option<usize> {
        if obj.is_null() || !self.bits.contains(obj) {
            return None;
        }
        let unit = obj.raw() as usize;
        let (w, b) = (unit / 64, unit % 64);
        let below = self.bits.words[w] & ((1u64 << b) - 1);
        Some((self.rank[w - self.bits.lo] + below.count_ones()) as usize)
    }
}

/// Merlin's propagation: for each dead object, which of the dead objects reaching it has the
/// latest stamp, as a key that names it (`key_index`; u64::MAX: none reaches it). `order`
/// lists the stamped dead objects' `order_key`s in order; taken in that order, the first stamp
/// to reach a dead object is its latest, so each object is visited once, when it gets its
/// stamp.
fn propagate(
    memory: &HeapMemory,
    types: &TypeRegistry,
    dead: &DeadSet,
    order: &[u64],
    assigned: &mut Vec<AtomicU64>,
    stack: &mut Vec<u32>,
) {
    assigned.clear();
    assigned.resize_with(dead.objects.len(), || AtomicU64::new(u64::MAX));
    stack.clear();
    for &key in order {
        let i = key_index(key);
        if *assigned[i].get_mut() != u64::MAX {
            continue;
        }
        // The index alone names the source (and is never u64::MAX).
        let source = key & u32::MAX as u64;
        *assigned[i].get_mut() = source;
        stack.push(i as u32);
        while let Some(i) = stack.pop() {
            memory.for_each_ref_slot(types, dead.objects[i as usize], |slot| {
                let target = memory.read_ref(slot);
                if let Some(j) = dead.index(target) {
                    if *assigned[j].get_mut() == u64::MAX {
                        *assigned[j].get_mut() = source;
                        stack.push(j as u32);
                    }
                }
            });
        }
    }
}

/// A stamped dead object's place in Merlin's propagation order, as a key that sorts first
/// for the latest stamp (its `distance` from the pause's clock, above bit 32) and, among
/// stamps made at the same time, for the object at the highest address (the later allocated:
/// the index, inverted, in the low 32 bits). Stamps made at one clock are cuts made at one
/// moment; which of them a dead object both reach takes is a choice, and this one lets the
/// walk by address (`propagate_by_address`) raise each object once where a constructor's
/// return stamps a new object and its arguments together.
#[inline]
fn order_key(distance: u64, index: usize) -> u64 {
    (distance << 32) | !(index as u32) as u64
}

/// The index of the dead object an `order_key` is for.
#[inline]
fn key_index(key: u64) -> usize {
    !(key as u32) as usize
}

/// A pause with at least this many deaths propagates and packs them on all the GC workers; with
/// fewer, waking a helper costs more than it saves.
const PARALLEL_DEATHS: usize = 1 << 16;

/// The dead objects a worker of `propagate_by_address` takes at a time (a block of indices,
/// taken from the highest down).
const PROPAGATION_BLOCK: usize = 1 << 13;

/// How many raises a worker of `propagate_by_address` counts before adding them to the shared
/// count and testing it against the limit.
const RAISES_TALLIED: usize = 1 << 10;

/// `propagate`'s result without sorting the stamps: each dead object takes the best stamp among
/// the dead objects that reach it, itself included, where a stamp is better when it is later
/// and, at the same time, when its object comes later in address order — the order `propagate`
/// visits them in, so the two agree exactly. A stamp's key is its `order_key` (`stamp_of`
/// gives its distance from the pause's clock and the packed stamp): the smallest is the best.
///
/// The stamped dead objects are taken from the last address down, each raising the dead
/// objects it reaches whose best key is worse than its own. Objects mostly point at objects
/// allocated before them, which were stamped before them too, so most objects are raised once;
/// but a graph where later stamps keep coming to the same objects would raise them again and
/// again. So the walk gives up (false: `assigned` is not set) once it has raised four times as
/// many objects as are dead, and the pause sorts the stamps instead (`propagate`).
///
/// `workers` share the walk: each takes the next block of dead objects from the top
/// (`PROPAGATION_BLOCK`) and lowers best keys with a compare-and-swap. The best key is a
/// minimum over the stamped objects that reach an object, so the order in which workers lower
/// it does not change the result: a worker that lowers a key raises what the object reaches,
/// and one that finds a key at or below its own leaves that to whoever lowered it. Two blocks
/// worked at once share few objects (structures are allocated together), so little is raised
/// twice. `best` ends with each dead object's best key (u64::MAX: no stamp reaches it), which
/// the listing turns into its stamp (`Scratch::stamp`: a key's object is most often the dead
/// object itself or the root of its structure, so the reads stay near).
fn propagate_by_address(
    memory: &HeapMemory,
    types: &TypeRegistry,
    dead: &DeadSet,
    stamp_of: impl Fn(Ref) -> Option<(u64, u64)> + Sync,
    best: &mut Vec<AtomicU64>,
    workers: &WorkerPool,
) -> bool {
    let n = dead.objects.len();
    best.clear();
    best.resize_with(n, || AtomicU64::new(u64::MAX));
    let best = &best[..];
    let blocks = n.div_ceil(PROPAGATION_BLOCK);
    let block = |b: usize| n.saturating_sub((b + 1) * PROPAGATION_BLOCK)..n - b * PROPAGATION_BLOCK;
    let propagation = Propagation {
        memory,
        types,
        dead,
        best,
        limit: 4 * n + 1024,
        raised: AtomicUsize::new(0),
        gave_up: AtomicBool::new(false),
    };
    let stamp_of = &stamp_of;
    if workers.threads() == 1 {
        propagation.walk::<false>(0..n, stamp_of);
    } else {
        workers.for_each_index(blocks, |b| propagation.walk::<true>(block(b), stamp_of));
    }
    !propagation.gave_up.load(Ordering::Relaxed)
}

/// What the workers of `propagate_by_address` share.
struct Propagation<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    dead: &'a DeadSet<'a>,
    best: &'a [AtomicU64],
    /// Raises allowed before the walk gives up, raises so far (tallied by batches), and
    /// whether it has given up.
    limit: usize,
    raised: AtomicUsize,
    gave_up: AtomicBool,
}

impl Propagation<'_> {
    /// Takes the stamped dead objects of `range` from the highest down, each lowering the best
    /// key of what it reaches. `SHARED`: other workers lower keys at the same time.
    fn walk<const SHARED: bool>(
        &self,
        range: std::ops::Range<usize>,
        stamp_of: &impl Fn(Ref) -> Option<(u64, u64)>,
    ) {
        let (memory, types, dead, best) = (self.memory, self.types, self.dead, self.best);
        let mut stack: Vec<u32> = Vec::new();
        let mut raised = 0usize;
        for i in range.rev() {
            let Some((distance, _)) = stamp_of(dead.objects[i]) else {
                continue;
            };
            let key = order_key(distance, i);
            if !lower::<SHARED>(&best[i], key) {
                continue;
            }
            stack.push(i as u32);
            while let Some(j) = stack.pop() {
                raised += 1;
                memory.for_each_ref_slot(types, dead.objects[j as usize], |slot| {
                    if let Some(c) = dead.index(memory.read_ref(slot)) {
                        if lower::<SHARED>(&best[c], key) {
                            stack.push(c as u32);
                        }
                    }
                });
            }
            if raised >= RAISES_TALLIED && !self.tally(std::mem::take(&mut raised)) {
                return;
            }
        }
        self.tally(raised);
    }

    /// Adds a worker's `raised` to the count; false once the walk has given up.
    fn tally(&self, raised: usize) -> bool {
        let total = self.raised.fetch_add(raised, Ordering::Relaxed) + raised;
        if total > self.limit {
            self.gave_up.store(true, Ordering::Relaxed);
        }
        !self.gave_up.load(Ordering::Relaxed)
    }
}

/// Lowers `cell` to `key` if `key` is lower; true if it did. `SHARED`: other threads may lower
/// it at the same time (a compare-and-swap; alone, a plain store).
#[inline(always)]
fn lower<const SHARED: bool>(cell: &AtomicU64, key: u64) -> bool {
    let mut current = cell.load(Ordering::Relaxed);
    if !SHARED {
        if key < current {
            cell.store(key, Ordering::Relaxed);
            return true;
        }
        return false;
    }
    while key < current {
        match cell.compare_exchange_weak(current, key, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return true,
            Err(now) => current = now,
        }
    }
    false
}

/// Sorts `keys` stably by their bits `[low, low + bits)` (no bit above them is set): a
/// least-significant-digit radix sort, a counting pass per digit of at most 12 bits. A pause
/// sorts up to a stamp per dead object (millions), and the stamps' distances from the pause all
/// lie within what was allocated since the last one (a few heaps' worth of bytes, in units):
/// two passes where a comparison sort took twenty-odd comparisons per stamp.
fn radix_sort_bits(keys: &mut Vec<u64>, spare: &mut Vec<u64>, low: u32, bits: u32) {
    if bits == 0 || keys.len() < 2 {
        return;
    }
    let passes = bits.div_ceil(12);
    let digit_bits = bits.div_ceil(passes);
    let digits = 1usize << digit_bits;
    spare.clear();
    spare.resize(keys.len(), 0);
    let mut starts = vec![0usize; digits];
    for pass in 0..passes {
        let shift = low + pass * digit_bits;
        let digit = |key: u64| ((key >> shift) as usize) & (digits - 1);
        starts.fill(0);
        for &key in keys.iter() {
            starts[digit(key)] += 1;
        }
        let mut at = 0;
        for start in starts.iter_mut() {
            let count = *start;
            *start = at;
            at += count;
        }
        for &key in keys.iter() {
            let d = digit(key);
            spare[starts[d]] = key;
            starts[d] += 1;
        }
        std::mem::swap(keys, spare);
    }
}

/// One bit per 8-byte unit of the heap reservation (untouched pages stay unmapped), with the
/// range of words set since the last `clear`, so that clearing costs what was used.
struct Bitmap {
    words: Vec<u64>,
    /// Words `[lo, hi)` may hold set bits.
    lo: usize,
    hi: usize,
}

impl Bitmap {
    fn new(heap_bytes: usize) -> Bitmap {
        Bitmap {
            words: vec![0; (heap_bytes >> 3).div_ceil(64)],
            lo: usize::MAX,
            hi: 0,
        }
    }
    /// Sets the bit of `r`; true if it was clear.
    fn insert(&mut self, r: Ref) -> bool {
        let unit = r.raw() as usize;
        let (w, b) = (unit / 64, 1u64 << (unit % 64));
        let was = self.words[w] & b != 0;
        self.words[w] |= b;
        self.lo = self.lo.min(w);
        self.hi = self.hi.max(w + 1);
        !was
    }
    /// Clears every bit.
    fn clear(&mut self) {
        if self.lo < self.hi {
            self.words[self.lo..self.hi].fill(0);
        }
        self.lo = usize::MAX;
        self.hi = 0;
    }
    fn contains(&self, r: Ref) -> bool {
        let unit = r.raw() as usize;
        self.words[unit / 64] & (1u64 << (unit % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn a_radix_sort_of_some_bits_orders_as_a_stable_sort_by_those_bits() {
        let mut next = xorshift(987654321);
        // One digit, two, three; at the bottom of the high half, and above a skipped bit.
        for (low, bits) in [(32, 10), (32, 20), (35, 25), (40, 24)] {
            let keys: Vec<u64> = (0..20_000u64)
                .map(|i| ((next() % (1 << bits)) << low) | i)
                .collect();
            let mut expected = keys.clone();
            expected.sort_by_key(|&k| k >> low);
            let (mut sorted, mut spare) = (keys, Vec::new());
            radix_sort_bits(&mut sorted, &mut spare, low, bits);
            assert_eq!(sorted, expected, "{bits} bits at {low}");
        }
    }

    #[test]
    fn stamped_dead_objects_come_latest_first_with_ties_by_the_higher_address() {
        let tracker = DeathTracker::new(1 << 20, 1);
        let mut next = xorshift(12345);
        let dead: Vec<Ref> = (1..3000).map(|i| Ref::from_offset(i * 32)).collect();
        let (since, now) = (4_000_000u64, 4_000_000u64 + 8 * 400);
        let mut stamped = Vec::new();
        for (i, &obj) in dead.iter().enumerate() {
            // Whole 8-byte units since the last pause; some older (stale) or never stamped.
            let time = match next() % 5 {
                0 => continue,
                1 => since - 8,
                _ => since + 8 * (next() % 401),
            };
            tracker
                .shared
                .slot(obj)
                .store(pack(time, 7), Ordering::Relaxed);
            if time >= since {
                stamped.push((std::cmp::Reverse(time), std::cmp::Reverse(i)));
            }
        }
        stamped.sort();
        let expected: Vec<usize> = stamped.into_iter().map(|(_, i)| i.0).collect();
        let (mut order, mut spare) = (Vec::new(), Vec::new());
        tracker.stamped_latest_first(&dead, since, now, &mut order, &mut spare);
        let order: Vec<usize> = order.into_iter().map(key_index).collect();
        assert_eq!(order, expected);
        let by_comparison = tracker.stamped_latest_first_by_comparison(&dead, since, now);
        let by_comparison: Vec<usize> = by_comparison.into_iter().map(key_index).collect();
        assert_eq!(by_comparison, expected);
    }

    #[test]
    fn stamps_all_made_at_one_time_come_from_the_highest_address_down() {
        let tracker = DeathTracker::new(1 << 16, 1);
        let dead: Vec<Ref> = (1..100).map(|i| Ref::from_offset(i * 16)).collect();
        for &obj in dead.iter().rev() {
            tracker
                .shared
                .slot(obj)
                .store(pack(640, 3), Ordering::Relaxed);
        }
        let (mut order, mut spare) = (Vec::new(), Vec::new());
        tracker.stamped_latest_first(&dead, 640, 640, &mut order, &mut spare);
        let order: Vec<usize> = order.into_iter().map(key_index).collect();
        assert_eq!(order, (0..99).rev().collect::<Vec<usize>>());
    }

    #[test]
    fn a_dead_objects_index_is_its_place_in_address_order() {
        let mut bits = Bitmap::new(1 << 20);
        let mut objects = Vec::new();
        let mut dead = DeadSet {
            objects: &mut objects,
            bits: &mut bits,
            rank: Vec::new(),
        };
        let addrs = [70_000usize, 16, 512, 520, 4096, 4104, 65_536, 9_000];
        for &a in &addrs {
            dead.add(Ref::from_offset(a));
        }
        dead.seal();
        let mut sorted = addrs;
        sorted.sort_unstable();
        for (i, &a) in sorted.iter().enumerate() {
            assert_eq!(dead.index(Ref::from_offset(a)), Some(i), "{a}");
        }
        assert_eq!(dead.index(Ref::from_offset(24)), None);
        assert_eq!(dead.index(Ref::NULL), None);
    }

    /// A heap (`GRAPH_HEAP`) of 24-byte objects with two reference fields (offsets 16 and 20),
    /// one at every multiple of 64 up to `n` of them, wired by `edges`, as a pause's dead set.
    const GRAPH_HEAP: usize = 4 << 20;

    struct Graph {
        memory: HeapMemory,
        types: TypeRegistry,
        objects: Vec<Ref>,
        bits: Bitmap,
    }

    impl Graph {
        fn new(n: usize, edges: &[(usize, usize, usize)]) -> Graph {
            use crate::object::{Shape, TypeInfo};
            let types = TypeRegistry::new();
            let shape = Shape::Instance {
                size: 24,
                ref_offsets: vec![16, 20].into(),
            };
            let name = "Pair".into();
            types.register(2, TypeInfo { name, shape }).unwrap();
            let memory = HeapMemory::reserve(GRAPH_HEAP).unwrap();
            let objects: Vec<Ref> = (1..=n).map(|i| Ref::from_offset(i * 64)).collect();
            for &obj in &objects {
                memory.init_header(obj.offset(), 2);
            }
            for &(from, field, to) in edges {
                memory.write_ref(objects[from].offset() + 16 + 4 * field, objects[to]);
            }
            Graph {
                memory,
                types,
                objects,
                bits: Bitmap::new(GRAPH_HEAP),
            }
        }

        /// Both propagations over the graph with these stamps (time, context; None: not
        /// stamped) at clock `now`: (sorted, by address if it did not give up).
        fn propagate_both(
            &mut self,
            stamps: &[Option<(u64, u32)>],
            now: u64,
            workers: usize,
        ) -> (Vec<u64>, Option<Vec<u64>>) {
            let mut objects = self.objects.clone();
            let mut dead = DeadSet {
                objects: &mut objects,
                bits: &mut self.bits,
                rank: Vec::new(),
            };
            for &obj in &self.objects {
                dead.bits.insert(obj);
            }
            dead.seal();
            let index = |obj: Ref| obj.offset() / 64 - 1;
            let stamp_of = |obj: Ref| stamps[index(obj)].map(|(t, c)| pack(t, c));
            let mut order: Vec<u64> = (0..stamps.len())
                .filter_map(|i| stamps[i].map(|(t, _)| order_key(now - t, i)))
                .collect();
            order.sort_unstable();
            let (mut sorted, mut stack) = (Vec::new(), Vec::new());
            let types = &self.types;
            let memory = &self.memory;
            propagate(memory, types, &dead, &order, &mut sorted, &mut stack);
            let mut by_address = Vec::new();
            let done = propagate_by_address(
                memory,
                types,
                &dead,
                |obj| stamps[index(obj)].map(|(t, c)| (now - t, pack(t, c))),
                &mut by_address,
                &WorkerPool::new(workers),
            );
            // Both leave keys: each names the object whose stamp it takes.
            let stamps_of_keys = |v: Vec<AtomicU64>| {
                v.into_iter()
                    .map(|key| match key.into_inner() {
                        u64::MAX => 0,
                        key => stamp_of(self.objects[key_index(key)]).unwrap(),
                    })
                    .collect()
            };
            (
                stamps_of_keys(sorted),
                done.then(|| stamps_of_keys(by_address)),
            )
        }
    }

    /// A random graph of `n` objects: each field set with probability 2/3, to an object at a
    /// lower address (as objects point at older ones) but one time in `up_one_in`, to any.
    fn random_edges(
        next: &mut impl FnMut() -> u64,
        n: usize,
        up_one_in: u64,
    ) -> Vec<(usize, usize, usize)> {
        let mut edges = Vec::new();
        for from in 0..n {
            for field in 0..2 {
                if next().is_multiple_of(3) {
                    continue;
                }
                let to = if next().is_multiple_of(up_one_in) || from == 0 {
                    (next() % n as u64) as usize
                } else {
                    (next() % from as u64) as usize
                };
                edges.push((from, field, to));
            }
        }
        edges
    }

    /// Stamps for `n` objects, three in four stamped, at 50 times (many ties, so that the tie
    /// order counts) and 7 contexts.
    fn random_stamps(
        next: &mut impl FnMut() -> u64,
        n: usize,
        now: u64,
    ) -> Vec<Option<(u64, u32)>> {
        (0..n)
            .map(|_| {
                let stamped = !next().is_multiple_of(4);
                let (time, context) = (now - 8 * (next() % 50), (next() % 7) as u32 + 1);
                stamped.then_some((time, context))
            })
            .collect()
    }

    #[test]
    fn propagation_by_address_gives_the_sorted_propagations_stamps() {
        let mut next = xorshift(424242);
        let now = 100_000u64;
        for round in 0..20 {
            let n = 500 + (next() % 2000) as usize;
            let edges = random_edges(&mut next, n, 50);
            let stamps = random_stamps(&mut next, n, now);
            let (sorted, by_address) = Graph::new(n, &edges).propagate_both(&stamps, now, 1);
            let by_address = by_address.expect("a graph of mostly older targets is walked");
            assert!(by_address == sorted, "round {round}");
        }
    }

    #[test]
    fn propagation_by_address_on_two_workers_gives_the_sorted_propagations_stamps() {
        crate::shared::workers::start_helpers(2);
        let mut next = xorshift(31337);
        let now = 100_000u64;
        for round in 0..4 {
            // Several blocks each, so that the two workers walk blocks at once, with edges
            // between them (one in 20 to any object).
            let n = 5 * PROPAGATION_BLOCK + (next() % 5000) as usize;
            let edges = random_edges(&mut next, n, 20);
            let stamps = random_stamps(&mut next, n, now);
            let mut graph = Graph::new(n, &edges);
            let (sorted, by_address) = graph.propagate_both(&stamps, now, 2);
            let by_address = by_address.expect("a graph of mostly older targets is walked");
            assert!(by_address == sorted, "round {round}");
        }
    }

    #[test]
    fn propagation_by_address_agrees_with_the_sorted_one_whenever_it_finishes() {
        let mut next = xorshift(777);
        let now = 100_000u64;
        let mut finished = 0;
        for round in 0..40 {
            let n = 200 + (next() % 1000) as usize;
            let edges = random_edges(&mut next, n, 1 + round % 8);
            let stamps = random_stamps(&mut next, n, now);
            let (sorted, by_address) = Graph::new(n, &edges).propagate_both(&stamps, now, 1);
            if let Some(by_address) = by_address {
                assert!(by_address == sorted, "round {round}");
                finished += 1;
            }
        }
        assert!(finished > 0);
    }

    #[test]
    fn propagation_by_address_gives_up_where_later_stamps_keep_raising_the_same_objects() {
        // A chain of 1,000 objects at the lowest addresses, and 1,000 objects above it that
        // each point at its head: taken from the top down, each is stamped later than the one
        // before, so each raises the whole chain again.
        let (chain, pointers) = (1000usize, 1000usize);
        let mut edges: Vec<(usize, usize, usize)> = (1..chain).map(|i| (i - 1, 0, i)).collect();
        edges.extend((chain..chain + pointers).map(|p| (p, 0, 0)));
        let now = 1_000_000u64;
        let stamps: Vec<Option<(u64, u32)>> = (0..chain + pointers)
            .map(|i| (i >= chain).then(|| (now - 8 * i as u64, i as u32)))
            .collect();
        let mut graph = Graph::new(chain + pointers, &edges);
        let (sorted, by_address) = graph.propagate_both(&stamps, now, 1);
        assert_eq!(by_address, None, "it gives up: the pause sorts instead");
        crate::shared::workers::start_helpers(2);
        let (_, by_address) = graph.propagate_both(&stamps, now, 2);
        assert_eq!(by_address, None, "so do two workers");
        assert!(sorted[..chain]
            .iter()
            .all(|&s| s == pack(now - 8 * chain as u64, chain as u32)));
    }

    #[test]
    fn a_cleared_bitmap_has_no_bit_left_where_it_was_set() {
        let mut b = Bitmap::new(1 << 20);
        let refs = [
            Ref::from_offset(4096),
            Ref::from_offset(65536),
            Ref::from_offset(8),
        ];
        for r in refs {
            assert!(b.insert(r));
            assert!(!b.insert(r));
        }
        b.clear();
        assert!(refs.iter().all(|&r| !b.contains(r)));
        assert!(b.words.iter().all(|&w| w == 0));
        assert!(b.insert(refs[1]), "set again after a clear");
    }

    #[test]
    fn the_clock_stops_short_of_the_stamps_time_bits_and_keeps_the_context_whole() {
        let tracker = DeathTracker::new(1 << 20, 1);
        let mut m = tracker.new_mutator();
        for _ in 0..3 {
            m.allocated(1 << 39); // 1.5 TiB in all, past MAX_TIME
        }
        m.allocated(100); // pending, below a batch
        assert_eq!(tracker.clock(), CLOCK_CAP);
        let context = ((1u64 << CONTEXT_BITS) - 1) as u32;
        let (time, back) = unpack(m.stamp_now(context).0);
        assert_eq!((time, back), (CLOCK_CAP + 100, context));
        assert!(time <= MAX_TIME);
    }
}
