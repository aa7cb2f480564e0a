//! Evacuation pauses: young, concurrent-start and mixed collections (G1's young-only and mixed
//! "garbage-first" pauses).
//!
//! The collection set (cset) is every eden and survivor region, plus, in a mixed collection,
//! the old regions the policy picked. Live objects in the cset are found from three kinds of
//! roots — the VM's roots, the cards the cset regions' remembered sets name (slots in old and
//! humongous regions that point in) — and copied by parallel workers (the work-stealing pool of
//! shared/workers.rs) into survivor regions (objects younger than the tenuring threshold) or
//! old regions (older ones, and everything from old cset regions). Each worker copies into its
//! own PLAB per destination kind; the forwarding pointer is installed with a compare-and-swap
//! after a speculative copy, as in the parallel semispace collector.
//!
//! Every copied object is scanned: its references into the cset are evacuated in turn, and if
//! the copy is in an old region, each reference it holds into another, tracked region is
//! remembered (its card goes into the target region's remembered set). That keeps the
//! invariant every pause relies on: **every reference from a tenured region into another
//! region whose remembered set is tracked is covered by that set or by a dirty card.**
//! References into untracked old regions are not remembered: no pause will evacuate those
//! regions before a remark selects them and a rebuild fills their sets (marking.rs).
//!
//! **Hiding cache misses.** Copying is mostly waiting for headers. A scanned object's fields
//! wait in a small first-in-first-out ring (`SlotQueue`) after their referents' headers are
//! prefetched, and are copied as they leave it; a task's cards are parsed first, three cards
//! behind their prefetches, and the referents they name copied after (`scan_cards`). Each worker copies depth first from a private stack and keeps a few tasks in its
//! deque for the others to steal.
//!
//! **Evacuation failure.** When no free region is left for a copy, the object stays where it is:
//! it is forwarded to itself (its header saved aside), scanned like a copy, and its region
//! becomes an old region at the end, its dead objects turned into fillers. The pause still ends
//! with a consistent heap; the log says `To-space exhausted`, and if too little is free
//! afterwards a full collection follows in the same safepoint.
//!
//! **Humongous objects** are never copied. A humongous primitive array with an empty remembered
//! set that nothing visited during the pause references is dead and its regions are freed
//! (eager reclaim). During a marking cycle only those allocated since it started qualify (TAMS
//! at their bottom, as G1): marking never marks or scans an object above TAMS, and a snapshot
//! entry that still names one is ignored, so freeing it leaves nothing for marking to trip on.
//! One allocated before the cycle is left to the cycle's cleanup.
//!
//! **Concurrent start.** When the pause starts a marking cycle, TAMS is set for every tenured
//! region before copying, the bitmap is made clear (the controller has usually cleared it
//! already), and every tenured object below TAMS that a root or a copied object references is
//! marked and greyed: the young objects are the roots of the
//! marking (G1's root regions), scanned right here.
//!
//! **Steps a viewer can watch** (region/steps.rs): `cset`, `roots`, `remsets`, then one
//! `evacuated` frame per region (or group) after the parallel copy, `references`, `freed`,
//! drawn between phases from the regions as the pause found them and the workers' copy logs.

use super::evac_sets::{RegionSet, RememberBuffer};
use super::policy::PauseSample;
use super::regions::{RegionMeta, RegionTable, Role};
use super::remset::CardTable;
use super::steps::{self, Picture, StepCache};
use super::{RegionCollector, YoungKind, CAUSE_COMPACTION, CAUSE_EVACUATION};
use crate::collector::*;
use crate::memory::HeapMemory;
use crate::object::{
    array_size, filler_size, gcword, ElemKind, Ref, Shape, TypeRegistry, ARRAY_BASE,
    MIN_OBJECT_SIZE,
};
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use crate::shared::sizing::workers_for;
use crate::shared::steps::kb;
use crate::shared::workers::{report_activity, Tasks, WorkerPool, WorkerStats};
use gcvm_tracer::stream::steps::ProgressCounter;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Instant;

/// Reference arrays are scanned this many elements per task.
const ARRAY_CHUNK: usize = 512;
/// How many elements ahead of the one being visited an array scan prefetches referents.
const PREFETCH_AHEAD: usize = 8;
/// Tasks a worker keeps in its deque for others to steal (`Evacuation::process`).
const SHARED_AHEAD: usize = 4;
/// The cache line size of the x86-64 machines gcvm is measured on.
const CACHE_LINE: usize = 64;
/// The largest PLAB; a region gives at least 16.
const MAX_PLAB: usize = 32 * 1024;
const MIN_PLAB: usize = 2 * 1024;

const SURVIVOR: usize = 0;
const OLD: usize = 1;

/// One unit of parallel work.
enum Task {
    /// Scan a copied (or self-forwarded) object: its Ref in the low 32 bits, the first array
    /// element in the high 32.
    Scan(u64),
    /// Scan the cards at this index of the card list and the `CARDS_PER_TASK - 1` after it
    /// (one task and two clock reads per batch, not per card).
    Cards(u32),
}

/// A card to scan and its region. Where parsing starts and the end of the region's objects are
/// found by the worker that scans it (a block-offset lookup, or a humongous object's size:
/// tens of nanoseconds a card, which the pause's single-threaded merge used to spend on each
/// of LargeArrays' 20,000 cards).
#[derive(Clone, Copy)]
struct CardWork {
    card: usize,
    region: usize,
    /// Still dirty (queued, not refined): its card-table entry is cleaned and every slot on it
    /// pointing to another region is remembered, not only the ones into the cset.
    dirty: bool,
}

/// A slot of a scanned object, waiting in a `SlotQueue` for its referent's header.
#[derive(Clone, Copy, Default)]
struct DeferredSlot {
    slot: usize,
    holder_region: u32,
    /// The holder's pointers out of its region are remembered: it is tenured, or kept in place
    /// by an evacuation failure (its region turns old).
    remembers: bool,
}

/// How many slots a worker keeps queued behind their prefetches: enough loads in flight to
/// cover a miss to memory while the slots ahead are processed.
const SLOT_QUEUE: usize = 8;

/// A fixed ring of `SLOT_QUEUE` deferred slots, first in first out.
#[derive(Default)]
struct SlotQueue {
    ring: [DeferredSlot; SLOT_QUEUE],
    head: usize,
    len: usize,
}

impl SlotQueue {
    /// Adds `entry`; when the ring was full, returns the oldest entry (now due).
    #[inline]
    fn push(&mut self, entry: DeferredSlot) -> Option<DeferredSlot> {
        if self.len == SLOT_QUEUE {
            let due = std::mem::replace(&mut self.ring[self.head], entry);
            self.head = (self.head + 1) % SLOT_QUEUE;
            return Some(due);
        }
        self.ring[(self.head + self.len) % SLOT_QUEUE] = entry;
        self.len += 1;
        None
    }

    /// Takes the oldest entry.
    #[inline]
    fn pop(&mut self) -> Option<DeferredSlot> {
        if self.len == 0 {
            return None;
        }
        let due = self.ring[self.head];
        self.head = (self.head + 1) % SLOT_QUEUE;
        self.len -= 1;
        Some(due)
    }
}

/// What a worker reports to the tracer, replayed after the parallel phase.
enum Log {
    Plab(usize, usize),
    Move(usize, usize, usize),
    Keep(usize, usize),
}

#[derive(Clone, Copy, Default)]
struct Plab {
    top: usize,
    end: usize,
}

/// Where copies go: the current survivor and old region, shared by the workers.
struct Destinations<'t> {
    table: &'t mut RegionTable,
    current: [Option<usize>; 2],
    survivors: usize,
    max_survivors: usize,
}

/// A worker's private state.
struct Worker {
    plabs: [Plab; 2],
    log: Vec<Log>,
    /// (target region, source region, card) remembered-set entries to add, flushed to the
    /// remembered sets in batches (`Evacuation::remember`).
    rs_adds: RememberBuffer,
    /// The entries added recently, by a hash of (target, card): most duplicates (the slots of
    /// one card, one array) are dropped here before they cost a lock and a set lookup.
    rs_recent: Box<[u64; RS_RECENT]>,
    bytes_by_age: [usize; 16],
    copied_bytes: usize,
    young_copied_bytes: usize,
    copied_objects: usize,
    /// Headers of self-forwarded objects.
    preserved: Vec<(Ref, u64)>,
    /// Tenured objects marked (concurrent start).
    grey: Vec<u32>,
    /// Tasks this worker found and runs itself, depth first from the back; the one at the
    /// front (the oldest, the root of the largest unexplored part of the graph) is what it
    /// shares.
    pending: Vec<Task>,
    /// Slots of scanned objects waiting to be processed, their referents' headers already
    /// being fetched (`Evacuation::defer_slot`).
    slots: SlotQueue,
    /// Scratch: the slots of the cards being scanned that point into the cset, a tracked
    /// region or a humongous candidate, with the index of their card in the card list.
    card_slots: Vec<(usize, u32)>,
    /// The regions the card being scanned was remembered in.
    card_targets: RegionSet,
    /// Cards scanned that held a slot into the cset.
    useful_cards: usize,
    card_time: std::time::Duration,
    /// Of `card_time`, parsing the cards (the rest is copying what they point to).
    parse_time: std::time::Duration,
    /// `java.lang.ref` references whose referents were in the cset, not copied yet.
    discovered: Discovered,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            plabs: [Plab::default(); 2],
            log: Vec::new(),
            rs_adds: RememberBuffer::default(),
            rs_recent: Box::new([u64::MAX; RS_RECENT]),
            bytes_by_age: [0; 16],
            copied_bytes: 0,
            young_copied_bytes: 0,
            copied_objects: 0,
            preserved: Vec::new(),
            grey: Vec::new(),
            pending: Vec::new(),
            slots: SlotQueue::default(),
            card_slots: Vec::new(),
            card_targets: RegionSet::default(),
            useful_cards: 0,
            card_time: Default::default(),
            parse_time: Default::default(),
            discovered: Discovered::default(),
        }
    }
}

/// What every worker shares during one pause.
struct Evacuation<'a, 't> {
    /// The tracer wants the moves, PLABs and keep-alives (else they are not logged at all).
    trace: bool,
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    c: &'a RegionCollector,
    dest: Mutex<Destinations<'t>>,
    plab_size: usize,
    threshold: u64,
    /// Per region: 1 = humongous candidate not yet referenced, 2 = referenced.
    humongous: Vec<AtomicU8>,
    /// Per region: an evacuation failure left objects here.
    failed: Vec<AtomicU8>,
    /// No more survivor regions may be taken: young objects are promoted.
    survivors_full: AtomicBool,
    /// Concurrent start: mark tenured objects below these TAMS.
    mark: Option<(&'a MarkBitmap, Vec<usize>)>,
    cards: Vec<CardWork>,
    /// The regions as the pause found them, for the cards' parse bounds: a card's objects are
    /// those below its region's top at the start (the retained old region grows as the pause
    /// promotes into it, and its new copies are scanned as copies, not through cards).
    regions_before: Vec<RegionMeta>,
    /// Per region, what a card scan does with a slot pointing into it: `IN_CSET`, `TRACKED`,
    /// `HUMONGOUS_CANDIDATE` bits, none of which change while the workers run. One byte
    /// read per slot: most slots of an old card point into untracked old regions (0).
    classes: Vec<u8>,
}

impl Evacuation<'_, '_> {
    #[inline]
    fn region(&self, addr: usize) -> usize {
        self.c.geometry.index_of(addr)
    }

    /// Takes `[start, start + size)` of at least `min` bytes for destination `kind` from the
    /// current region of that kind or a new one. Survivors overflow into old regions. The chunk
    /// is `min` bytes or leaves at least `MIN_OBJECT_SIZE` after them, so that a PLAB's unused
    /// tail can always become a filler.
    fn take(&self, kind: usize, min: usize, desired: usize) -> Option<(usize, usize, usize)> {
        let mut d = self.dest.lock();
        let mut kind = kind;
        loop {
            if let Some(i) = d.current[kind] {
                let end = self.c.geometry.end(i);
                let top = d.table.meta[i].top;
                let avail = end - top;
                if avail >= min {
                    let mut size = desired.min(avail);
                    if size - min < MIN_OBJECT_SIZE {
                        // A PLAB whose first object leaves a tail no filler can cover (8
                        // bytes) would leave a hole when retired: take the object alone.
                        size = min;
                    }
                    d.table.meta[i].top = top + size;
                    return Some((top, top + size, kind));
                }
            }
            if kind == SURVIVOR && d.survivors >= d.max_survivors {
                kind = OLD;
                continue;
            }
            let role = if kind == SURVIVOR {
                Role::Survivor
            } else {
                Role::Old
            };
            match d.table.take_free(role) {
                Some(i) => {
                    self.avoid_first_touch_of_huge_pages(i);
                    d.current[kind] = Some(i);
                    if kind == SURVIVOR {
                        d.survivors += 1;
                    }
                }
                None if kind == SURVIVOR => kind = OLD,
                None => return None,
            }
        }
    }

    /// A destination region no one has touched yet gets 4 KiB pages: the pause faults it in
    /// as it copies, and a transparent huge page touched for the first time can cost
    /// milliseconds (`HeapMemory::prefer_small_pages`). The controller backs the regions the
    /// next pause is expected to take (`populate_upcoming_regions`); this covers a pause that
    /// needs more, or comes before the controller is done.
    fn avoid_first_touch_of_huge_pages(&self, region: usize) {
        if !self.c.backed[region].swap(true, Ordering::Relaxed) {
            self.memory
                .prefer_small_pages(self.c.geometry.bottom(region), self.c.geometry.size);
        }
    }

    /// Room for a copy of `size` bytes for destination `kind` (which may become OLD): the
    /// address, the kind, and whether it is in the worker's PLAB (else its own chunk).
    fn alloc(&self, w: &mut Worker, kind: usize, size: usize) -> Option<(usize, usize, bool)> {
        let kind = if kind == SURVIVOR && self.survivors_full.load(Ordering::Relaxed) {
            OLD
        } else {
            kind
        };
        let p = w.plabs[kind];
        let rest = p.end - p.top;
        if rest == size || rest >= size + 16 {
            w.plabs[kind].top += size;
            return Some((p.top, kind, true));
        }
        if size > self.plab_size / 4 {
            // Its own chunk; the PLAB is kept.
            let (start, _, k) = self.take(kind, size, size)?;
            if self.trace {
                w.log.push(Log::Plab(start, size));
            }
            return Some((start, k, false));
        }
        self.retire(w, kind);
        let (start, end, k) = self.take(kind, size, self.plab_size)?;
        if k != kind {
            // Survivor space is full: this copy and every later one go to old PLABs.
            self.survivors_full.store(true, Ordering::Relaxed);
            self.retire(w, k);
        }
        w.plabs[k] = Plab {
            top: start + size,
            end,
        };
        if self.trace {
            w.log.push(Log::Plab(start, end - start));
        }
        Some((start, k, true))
    }

    /// Fills the unused tail of a worker's PLAB.
    fn retire(&self, w: &mut Worker, kind: usize) {
        let p = std::mem::take(&mut w.plabs[kind]);
        if p.end > p.top {
            self.memory.fill_gap(p.top, p.end);
            if kind == OLD {
                self.c.bot.record(p.top, p.end - p.top);
            }
        }
    }

    /// Gives back a copy that lost the forwarding race.
    fn undo(&self, w: &mut Worker, kind: usize, at: usize, size: usize, in_plab: bool) {
        if in_plab {
            // Nothing was allocated in the PLAB after it.
            w.plabs[kind].top = at;
        } else {
            // Its own chunk (already logged as a buffer): a filler now.
            self.memory.fill_gap(at, at + size);
            if kind == OLD {
                self.c.bot.record(at, size);
            }
        }
    }

    /// An object's size and whether it has reference slots to scan, from one type lookup.
    #[inline]
    fn size_and_refs(&self, obj: Ref) -> (usize, bool) {
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { size, ref_offsets } => (*size as usize, !ref_offsets.is_empty()),
            Shape::Array { elem } => {
                let len = self.memory.array_length(obj) as usize;
                (array_size(*elem, len), *elem == ElemKind::Ref && len > 0)
            }
            Shape::Filler => (filler_size(self.memory.array_length(obj) as usize), false),
        }
    }

    fn has_refs(&self, obj: Ref) -> bool {
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => !ref_offsets.is_empty(),
            Shape::Array {
                elem: ElemKind::Ref,
            } => self.memory.array_length(obj) > 0,
            _ => false,
        }
    }

    /// A reference to an object outside the cset, from a root or a copy: notes humongous
    /// candidates it keeps alive and, at a concurrent start, marks tenured objects below TAMS
    /// (roots and young objects are the marking's roots).
    #[inline]
    fn visit_outside(&self, w: &mut Worker, obj: Ref, region: usize) {
        self.keep_humongous(region);
        if let Some((bitmap, tams)) = &self.mark {
            if obj.offset() < tams[region] && bitmap.mark(obj.offset()) {
                w.grey.push(obj.raw());
            }
        }
    }

    /// A humongous candidate in `region` is referenced: it is not reclaimed eagerly.
    #[inline]
    fn keep_humongous(&self, region: usize) {
        if self.humongous[region].load(Ordering::Relaxed) == 1 {
            self.humongous[region].store(2, Ordering::Relaxed);
        }
    }

    /// The address `obj` has after this pause: copies it first if it is in the cset and not
    /// copied yet.
    fn evacuate(&self, w: &mut Worker, obj: Ref) -> Ref {
        let region = self.region(obj.offset());
        if !self.c.attrs.in_cset(region) {
            self.visit_outside(w, obj, region);
            return obj;
        }
        let header = self.memory.atomic_u64(obj.offset());
        let word = header.load(Ordering::Acquire);
        if gcword::is_forwarded(word) {
            return gcword::forwarded_to(word);
        }
        let (size, has_refs) = self.size_and_refs(obj);
        let young = self.c.attrs.role_of(region).is_young();
        let kind = if young && gcword::age(word) < self.threshold {
            SURVIVOR
        } else {
            OLD
        };
        match self.alloc(w, kind, size) {
            Some((to, kind, in_plab)) => {
                self.memory.copy_object(obj.offset(), to, size);
                let copy = Ref::from_offset(to);
                self.memory.set_gc_word(copy, gcword::aged(word));
                match header.compare_exchange(
                    word,
                    gcword::forwarding(copy),
                    Ordering::AcqRel,
                    Ordering::Acquire,
                ) {
                    Ok(_) => {
                        if self.trace {
                            w.log.push(Log::Move(obj.offset(), to, size));
                        }
                        if kind == OLD {
                            self.c.bot.record(to, size);
                        } else {
                            let age = gcword::age(gcword::aged(word)) as usize;
                            w.bytes_by_age[age] += size;
                        }
                        w.copied_bytes += size;
                        w.copied_objects += 1;
                        if young {
                            w.young_copied_bytes += size;
                        }
                        if has_refs {
                            w.pending.push(Task::Scan(copy.raw() as u64));
                        }
                        copy
                    }
                    Err(actual) => {
                        self.undo(w, kind, to, size, in_plab);
                        gcword::forwarded_to(actual)
                    }
                }
            }
            None => self.keep_in_place(w, obj, word, size, region),
        }
    }

    /// Evacuation failure: `obj` is forwarded to itself and scanned where it is.
    fn keep_in_place(
        &self,
        w: &mut Worker,
        obj: Ref,
        word: u64,
        size: usize,
        region: usize,
    ) -> Ref {
        let header = self.memory.atomic_u64(obj.offset());
        match header.compare_exchange(
            word,
            gcword::forwarding(obj),
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => {
                self.failed[region].store(1, Ordering::Relaxed);
                w.preserved.push((obj, word));
                if self.trace {
                    w.log.push(Log::Keep(obj.offset(), size));
                }
                if self.has_refs(obj) {
                    w.pending.push(Task::Scan(obj.raw() as u64));
                }
                obj
            }
            Err(actual) => gcword::forwarded_to(actual),
        }
    }

    /// Evacuates the target of `slot` of an object in `holder_region`, stores the new address
    /// and, if the holder is tenured (or stays in a failed region), remembers the slot's card
    /// in the set of the region it now points into, if that region is tracked.
    #[inline]
    fn process_slot(&self, w: &mut Worker, slot: usize, holder_region: usize, remembers: bool) {
        let target = self.memory.read_ref(slot);
        if target.is_null() {
            return;
        }
        let new = self.evacuate_slot(w, slot, target);
        if remembers {
            let t = self.region(new.offset());
            if t != holder_region {
                self.remember(w, t, holder_region, CardTable::card_of(slot));
            }
        }
    }

    /// Queues `slot` of a scanned object for `process_slot`, fetching its referent's header
    /// now: by the time the slot's turn comes, `SLOT_QUEUE` slots later, the header has
    /// arrived. Copying depth first, the next object to copy is the child of the one just
    /// copied, and a prefetch issued just before it is used hid little: the header load was
    /// 60% of `evacuate` in SplayTree's pauses.
    #[inline]
    fn defer_slot(&self, w: &mut Worker, slot: usize, holder_region: usize, remembers: bool) {
        let target = self.memory.read_ref(slot);
        if target.is_null() {
            return;
        }
        self.memory.prefetch(target.offset());
        let entry = DeferredSlot {
            slot,
            holder_region: holder_region as u32,
            remembers,
        };
        if let Some(due) = w.slots.push(entry) {
            self.process_deferred(w, due);
        }
    }

    #[inline]
    fn process_deferred(&self, w: &mut Worker, due: DeferredSlot) {
        self.process_slot(w, due.slot, due.holder_region as usize, due.remembers);
    }

    /// Runs this worker's pending tasks, newest first, and its queued slots until there are
    /// none; each task calls `share(w)` as it starts (see `process` and `scan`).
    fn drain_sharing(&self, w: &mut Worker, mut share: impl FnMut(&mut Worker)) {
        loop {
            while let Some(task) = w.pending.pop() {
                self.run_task(w, task, &mut share);
            }
            match w.slots.pop() {
                Some(due) => self.process_deferred(w, due),
                None => break,
            }
        }
    }

    /// Runs this worker's pending tasks and queued slots until there are none.
    fn drain(&self, w: &mut Worker) {
        self.drain_sharing(w, |_| {});
    }

    /// Evacuates `target`, the non-null referent of `slot`, and stores its new address there;
    /// returns that address.
    #[inline]
    fn evacuate_slot(&self, w: &mut Worker, slot: usize, target: Ref) -> Ref {
        let new = self.evacuate(w, target);
        if new != target {
            self.memory.write_ref(slot, new);
        }
        new
    }

    /// Remembers `card` (of region `source`) in region `target`'s set if the target is tracked:
    /// buffered, duplicates of recent entries dropped, and a full buffer added to the sets by
    /// this worker. A promoted object's pointers into untracked old regions are not remembered
    /// (OldToYoung promotes payloads that point to older, old payloads).
    #[inline]
    fn remember(&self, w: &mut Worker, target: usize, source: usize, card: usize) {
        if !self.c.attrs.is_tracked(target) {
            return;
        }
        let key = (target as u64) << 32 | card as u64;
        let h = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % RS_RECENT;
        if w.rs_recent[h] == key {
            return;
        }
        w.rs_recent[h] = key;
        w.rs_adds.push(target as u32, source as u32, card as u32);
        if w.rs_adds.len >= RS_FLUSH {
            self.c.flush_remembered(&mut w.rs_adds);
        }
    }

    /// Starts loading the header of the object `slot` refers to, if any.
    #[inline(always)]
    fn prefetch_target(&self, slot: usize) {
        let target = self.memory.read_ref(slot);
        if !target.is_null() {
            self.memory.prefetch(target.offset());
        }
    }

    /// Scans a copied object (or a chunk of a reference array).
    fn scan(&self, w: &mut Worker, task: u64, share: &mut impl FnMut(&mut Worker)) {
        let obj = Ref::from_raw(task as u32);
        let base = obj.offset();
        let region = self.region(base);
        let remembers = self.c.attrs.role_of(region).is_tenured() || self.c.attrs.in_cset(region);
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                share(w);
                // A reference whose referent is in the cset and not copied yet is discovered:
                // its referent slot waits for reference processing.
                let skip = self
                    .types
                    .references()
                    .should_discover(self.memory, obj, |r| self.is_alive(r).is_some())
                    .map(|(kind, slot)| {
                        w.discovered.push(kind, obj);
                        slot
                    });
                for &o in ref_offsets.iter() {
                    let slot = base + o as usize;
                    if Some(slot) != skip {
                        self.defer_slot(w, slot, region, remembers);
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
                    w.pending
                        .push(Task::Scan(obj.raw() as u64 | (to as u64) << 32));
                }
                // The rest of the array is offered now, while this chunk is copied: shared only
                // at the next task, it was taken back by this worker chunk after chunk (one
                // young `Object[]` of 12,000 `int[256]`: 3046K copied by one worker, 0K by
                // the other).
                share(w);
                let first = base + ARRAY_BASE;
                for i in from..to.min(from + PREFETCH_AHEAD) {
                    self.prefetch_target(first + 4 * i);
                }
                for i in from..to {
                    if i + PREFETCH_AHEAD < to {
                        self.prefetch_target(first + 4 * (i + PREFETCH_AHEAD));
                    }
                    self.process_slot(w, first + 4 * i, region, remembers);
                }
            }
            _ => share(w),
        }
    }

    /// Scans the cards of one `Task::Cards`, timed together for the cost model, in two passes
    /// that keep many cache misses in flight instead of waiting for each in turn:
    ///
    /// 1. **Parse** every card of the task, `CARD_PREFETCH` cards behind the prefetches of
    ///    their lines and block-offset entries (a card's objects' headers are read one after
    ///    another, each load waiting for the last: only lines already on their way make that
    ///    fast). The slots that need anything are gathered — into the cset (the referent's
    ///    header prefetched the moment it is found), or into a tracked region or a humongous
    ///    candidate — and the rest, most of an old card's slots, cost a load and a table byte.
    /// 2. **Copy** the gathered slots' referents in the cset, whose headers have had the rest of
    ///    the parsing to arrive, and remember each card in its targets' sets.
    ///
    /// One card at a time, the referents of a card's one or two slots into the cset were
    /// fetched just before their copy, the next card's lines one card ahead, and every slot
    /// went through the whole test: 0.5-0.7 µs a card (OldToYoung, SplayTree; callgrind: 3,850
    /// instructions a card, OldToYoung 2).
    fn scan_cards(&self, w: &mut Worker, first: usize) {
        let started = Instant::now();
        let last = self.cards.len().min(first + CARDS_PER_TASK);
        let mut slots = std::mem::take(&mut w.card_slots);
        slots.clear();
        for k in first..(first + CARD_PREFETCH).min(last) {
            self.prefetch_card(k);
        }
        for k in first..last {
            if k + CARD_PREFETCH < last {
                self.prefetch_card(k + CARD_PREFETCH);
            }
            self.parse_card(k, &mut slots);
        }
        w.parse_time += started.elapsed();
        let mut card = usize::MAX;
        let mut useful = false;
        for &(slot, k) in slots.iter() {
            if k as usize != card {
                card = k as usize;
                w.card_targets.clear();
                w.useful_cards += useful as usize;
                useful = false;
            }
            let cw = self.cards[card];
            let target = self.memory.read_ref(slot);
            let t = self.region(target.offset());
            let class = self.classes[t];
            if class & IN_CSET != 0 {
                useful = true;
                let new = self.evacuate_slot(w, slot, target);
                let t = self.region(new.offset());
                if t != cw.region {
                    self.remember_card_once(w, t, &cw);
                }
                continue;
            }
            // A dirty card is refined as it is scanned: its slots into other tracked regions
            // are remembered too.
            if class & TRACKED != 0 && cw.dirty && t != cw.region {
                self.remember_card_once(w, t, &cw);
            }
            // Not marked at a concurrent start: an old-to-old reference is the marking's to
            // follow from its holder (marking the targets of every card's slots took
            // OldToYoung's concurrent-start pauses from ~0.3 to ~0.9 µs a card).
            if class & HUMONGOUS_CANDIDATE != 0 {
                self.keep_humongous(t);
            }
        }
        w.useful_cards += useful as usize;
        w.card_targets.clear();
        w.card_slots = slots;
        w.card_time += started.elapsed();
    }

    /// Starts loading card `k`'s lines and its block-offset entry.
    #[inline]
    fn prefetch_card(&self, k: usize) {
        let start = CardTable::start_of(self.cards[k].card);
        for line in (0..super::remset::CARD_SIZE).step_by(CACHE_LINE) {
            self.memory.prefetch(start + line);
        }
        self.c.bot.prefetch(self.cards[k].card);
    }

    /// Parses card `k`: every slot on it pointing into a region whose class is not 0 goes to
    /// `slots` (with `k`), the header of a referent in the cset on its way. The visit is a
    /// few instructions, so that it is inlined into the object walk.
    fn parse_card(&self, k: usize, slots: &mut Vec<(usize, u32)>) {
        let cw = self.cards[k];
        let (start, top) =
            self.c
                .parse_bounds_in(&self.regions_before[cw.region], cw.region, cw.card);
        if start >= top || CardTable::start_of(cw.card) >= top {
            return;
        }
        let memory = self.memory;
        let (base, shift) = (self.c.geometry.base, self.c.geometry.shift);
        let classes = &self.classes[..];
        super::remset::for_each_slot_on_card(memory, self.types, cw.card, start, top, |slot| {
            let target = memory.read_ref(slot);
            if target.is_null() {
                return;
            }
            let class = classes[(target.offset() - base) >> shift];
            if class != 0 {
                if class & IN_CSET != 0 {
                    memory.prefetch(target.offset());
                }
                slots.push((slot, k as u32));
            }
        });
    }

    /// Remembers the card being scanned in region `target`'s set, once per card: a card's
    /// slots mostly point into a few regions, and a bit per region is cheaper than the
    /// recent-entries filter of `remember`.
    #[inline]
    fn remember_card_once(&self, w: &mut Worker, target: usize, cw: &CardWork) {
        if self.c.attrs.is_tracked(target) && w.card_targets.insert(target) {
            self.remember(w, target, cw.region, cw.card);
        }
    }

    /// Where a referent is after this pause, if it is live so far: outside the cset it stays,
    /// inside it must have been copied (or kept in place).
    fn is_alive(&self, obj: Ref) -> Option<Ref> {
        if !self.c.attrs.in_cset(self.region(obj.offset())) {
            return Some(obj);
        }
        let word = self.memory.gc_word(obj);
        gcword::is_forwarded(word).then(|| gcword::forwarded_to(word))
    }

    fn run_task(&self, w: &mut Worker, task: Task, share: &mut impl FnMut(&mut Worker)) {
        match task {
            Task::Scan(t) => self.scan(w, t, share),
            Task::Cards(first) => {
                share(w);
                self.scan_cards(w, first as usize)
            }
        }
    }

    /// Runs `task`, then the tasks it produced, here, depth first: a deque push and pop per
    /// copied object cost more than the copy. Work is shared when other workers have taken
    /// from this worker's deque: the oldest pending task (the root of the largest part of the
    /// graph not explored yet) goes there to be stolen, so a thief gets much work per steal and
    /// the owner keeps copying without touching the deque most of the time. The deque is kept
    /// at `SHARED_AHEAD` tasks, not one: a helper preempted in mid-phase (another thread held
    /// its CPU for 5.5 ms of one BinaryTrees pause) leaves that much work for the others to
    /// steal while it waits.
    fn process(&self, w: &mut Worker, task: Task, tasks: &mut Tasks<'_, Task>) {
        let mut share = |w: &mut Worker| {
            if !w.pending.is_empty() && tasks.queued() < SHARED_AHEAD {
                // The oldest task out, the newest in its place (it runs last now: the order
                // of a depth-first walk matters for locality, not correctness).
                let oldest = w.pending.swap_remove(0);
                if let Err(oldest) = tasks.push(oldest) {
                    w.pending.push(oldest);
                }
            }
        };
        self.run_task(w, task, &mut share);
        self.drain_sharing(w, share);
    }
}

impl RegionCollector {
    /// Drops from `cards[from..]`, the cards of a young region's set, those that no longer
    /// point into a young region (`YoungCards`). Returns how many.
    fn skip_stale_young_cards(&self, cards: &mut Vec<u32>, from: usize) -> usize {
        let named = cards.len() - from;
        let mut kept = from;
        for k in from..cards.len() {
            let card = cards[k];
            if self.young_cards.may_point_into_young(card as usize) {
                cards[kept] = card;
                kept += 1;
            }
        }
        cards.truncate(kept);
        named - (kept - from)
    }

    /// Adds buffered remembered-set entries to the sets, taking each target's lock once; a
    /// card remembered for a young region is noted as pointing into young (`YoungCards`).
    pub(super) fn flush_remembered(&self, buffer: &mut RememberBuffer) {
        let layout = self.remsets.layout();
        for &target in buffer.targets.iter() {
            let entries = &mut buffer.by_target[target as usize];
            let young = self.attrs.role_of(target as usize).is_young();
            let mut set = self.remsets.of(target as usize);
            for &(source, card) in entries.iter() {
                set.add(layout, source, card);
                if young {
                    self.young_cards.note_unchecked(card as usize);
                }
            }
            entries.clear();
        }
        buffer.targets.clear();
        buffer.len = 0;
    }

    /// A young, concurrent-start or mixed collection.
    pub(crate) fn evacuation_pause(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
        started: Instant,
    ) -> GcOutcome {
        let kind = self.next_young_kind();
        let id = self.current_gc_id();
        let mut st = self.state.lock();
        let used_before: usize = (0..st.table.meta.len()).map(|i| st.table.used(i)).sum();
        let counts_before = role_counts(&st.table);

        // The collection set.
        let young: Vec<usize> = (0..st.table.meta.len())
            .filter(|&i| st.table.meta[i].role.is_young())
            .collect();
        let eden_bytes: usize = young
            .iter()
            .filter(|&&i| st.table.meta[i].role == Role::Eden)
            .map(|&i| st.table.used(i))
            .sum();
        let committed = st.table.committed();
        let old = if kind == YoungKind::Mixed {
            let cards = self.dirty_queues.pending_entries();
            self.policy
                .lock()
                .choose_old_regions(eden_bytes, cards, committed, |region| {
                    self.remset_cards(region)
                })
        } else {
            Vec::new()
        };
        let cset: Vec<usize> = young.iter().chain(old.iter()).copied().collect();
        for &i in &cset {
            self.attrs.set_in_cset(i, true);
            events.collecting_space(i as u32);
        }
        // Step frames (region/steps.rs): the regions as the pause found them, when watched.
        let before: Option<Vec<RegionMeta>> = steps::STEPS
            .iter()
            .any(|k| events.wants_step(k))
            .then(|| st.table.meta.clone());
        let step_cache = StepCache::default();
        if let Some(before) = &before {
            let pic = Picture {
                before,
                cset: &cset,
                evacuated: 0,
                copies: &[],
                kept: &[],
                cache: &step_cache,
            };
            self.evacuation_step(
                events,
                &steps::STEP_CSET,
                || cset_title(before, &young, &old),
                &pic,
            );
        }

        // A concurrent start: TAMS for every tenured region, a clean bitmap.
        let starting_marking = kind == YoungKind::ConcurrentStart;
        if starting_marking {
            self.marking.prepare_cycle(&mut st.table, committed);
        }

        // Humongous candidates for eager reclaim: primitive arrays nothing remembers (during a
        // marking cycle, only those allocated since it started: above TAMS). A humongous
        // reference array is never reclaimed eagerly and never moves: nobody needs its set, and
        // it stops being tracked (G1 drops such sets after its rebuild).
        let humongous: Vec<AtomicU8> = (0..st.table.meta.len()).map(|_| AtomicU8::new(0)).collect();
        let in_cycle = self.marking.in_cycle();
        for i in 0..st.table.meta.len() {
            let m = &st.table.meta[i];
            let bottom = self.geometry.bottom(i);
            if m.role != Role::HumongousStart {
                continue;
            }
            if !self.is_primitive_array(bottom) {
                if self.attrs.is_tracked(i) {
                    self.untrack_humongous(&st.table, i);
                }
                continue;
            }
            if (!in_cycle || m.tams == bottom) && self.remsets.of(i).is_empty() {
                humongous[i].store(1, Ordering::Relaxed);
            }
        }

        // The cards to scan: the union of the cset's remembered sets and the cards still dirty,
        // in tenured regions outside the cset. Each is scanned once.
        let card_started = Instant::now();
        let setup_time = card_started.saturating_duration_since(started);
        let dirty = self.take_dirty_cards();
        let refined_before = self.refined_since_pause.swap(0, Ordering::Relaxed);
        let mut lists = std::mem::take(&mut *self.card_lists.lock());
        lists.remembered.clear();
        let mut stale_young = 0;
        for &i in &cset {
            let from = lists.remembered.len();
            let rs = self.remsets.of(i);
            rs.cards(
                |src| {
                    let m = &st.table.meta[src as usize];
                    (self.geometry.bottom(src as usize), m.top)
                },
                &mut lists.remembered,
            );
            if st.table.meta[i].role.is_young() {
                stale_young += self.skip_stale_young_cards(&mut lists.remembered, from);
            }
        }
        let layout = self.remsets.layout();
        let heap_cards = layout.first_card as usize
            ..(layout.first_card + layout.cards_per_region * st.table.meta.len() as u32) as usize;
        let mut cards = std::mem::take(&mut lists.cards);
        cards.clear();
        merge_card_lists(
            &lists.remembered,
            &dirty,
            heap_cards,
            &mut lists.merge,
            |card, dirty| {
                let region = self.geometry.index_of(CardTable::start_of(card));
                if region >= st.table.meta.len() || !st.table.meta[region].role.is_tenured() {
                    return;
                }
                if dirty {
                    // Cleaned now, as refinement would: its slots are remembered below (or
                    // its region is evacuated and its copies scanned).
                    self.cards.clean(card);
                }
                if !self.attrs.in_cset(region) {
                    cards.push(CardWork {
                        card,
                        region,
                        dirty,
                    });
                }
            },
        );
        let dirty_count = cards.iter().filter(|c| c.dirty).count();
        let card_count = cards.len();
        let card_prepare = card_started.elapsed();

        // Evacuate.
        let copy_started = Instant::now();
        let policy = self.policy.lock().clone();
        // Work for the pool: the young bytes expected to be copied (at the learned survival
        // rate), the old regions, and the cards to scan (a card costs about what copying its
        // 512 bytes would: a small eden with thousands of remembered cards is worth two
        // workers). Counting the whole eden gave SlowLeak's pauses, which copy 100-600 KB of
        // 4 MB, a helper they had to wait for when its CPU was taken from it: 3.5-5.6 ms
        // pauses, in 5 of 15 runs, of ~0.1 ms of work.
        let young_bytes: usize = young.iter().map(|&i| st.table.used(i)).sum();
        let workers = workers_for(
            self.gc_threads,
            policy.copies_expected(young_bytes)
                + old.len() * self.geometry.size
                + cards.len() * super::remset::CARD_SIZE,
        );
        let plab_size = (self.geometry.size / 16).clamp(MIN_PLAB, MAX_PLAB) & !7;
        let bitmap_guard = starting_marking.then(|| self.marking.bitmap.read());
        let tams: Vec<usize> = if starting_marking {
            st.table.meta.iter().map(|m| m.tams).collect()
        } else {
            Vec::new()
        };
        let failed: Vec<AtomicU8> = (0..st.table.meta.len()).map(|_| AtomicU8::new(0)).collect();
        let retained_old = self.retained_old_region(&mut st, &cset);
        let regions_before = st.table.meta.clone();
        let classes: Vec<u8> = (0..st.table.meta.len())
            .map(|i| {
                let mut class = 0;
                if self.attrs.in_cset(i) {
                    class |= IN_CSET;
                }
                if self.attrs.is_tracked(i) {
                    class |= TRACKED;
                }
                if humongous[i].load(Ordering::Relaxed) == 1 {
                    class |= HUMONGOUS_CANDIDATE;
                }
                class
            })
            .collect();
        let (mut results, preserved_all, still_filling);
        let referencers: Vec<Ref>;
        let pool_stats: Vec<WorkerStats>;
        let roots_time;
        {
            let mut ev = Evacuation {
                trace: events.wants_events() || before.is_some(),
                memory: &self.memory,
                types: &self.types,
                c: self,
                dest: Mutex::new(Destinations {
                    table: &mut st.table,
                    current: [None, retained_old],
                    survivors: 0,
                    max_survivors: policy.max_survivor_regions(),
                }),
                plab_size,
                threshold: policy.tenuring_threshold,
                humongous,
                failed,
                survivors_full: AtomicBool::new(false),
                mark: bitmap_guard.as_deref().map(|b| (b, tams)),
                cards,
                classes,
                regions_before,
            };
            // Roots, on this thread.
            let mut first = Worker::new();
            let roots_started = Instant::now();
            roots.visit_roots(&mut |r| ev.evacuate(&mut first, r));
            roots_time = roots_started.elapsed();
            if let Some(before) = &before {
                let (copies, kept) = copies_and_kept(std::slice::from_ref(&first));
                let pic = Picture {
                    before,
                    cset: &cset,
                    evacuated: 0,
                    copies: &copies,
                    kept: &kept,
                    cache: &step_cache,
                };
                let title = || format!("Roots evacuated: {} KB copied", kb(copied(&copies)));
                self.evacuation_step(events, &steps::STEP_ROOTS, title, &pic);
            }
            let mut seeds: Vec<Task> = std::mem::take(&mut first.pending);
            seeds.extend(
                (0..ev.cards.len())
                    .step_by(CARDS_PER_TASK)
                    .map(|first| Task::Cards(first as u32)),
            );
            let first = Mutex::new(Some(first));
            let pool = WorkerPool::new(workers);
            let out = pool.run(
                seeds,
                |i| {
                    if i == 0 {
                        first.lock().take().unwrap_or_else(Worker::new)
                    } else {
                        Worker::new()
                    }
                },
                |w, task, tasks| ev.process(w, task, tasks),
            );
            pool_stats = out.iter().map(|(_, s)| *s).collect();
            let mut ws: Vec<Worker> = out.into_iter().map(|(w, _)| w).collect();
            if let Some(before) = &before {
                self.copy_steps(events, before, &step_cache, &cset, &ws, ev.cards.len());
            }
            // java.lang.ref: the closure is complete; clear or keep the discovered referents.
            let mut discovered = Discovered::default();
            for w in ws.iter_mut() {
                discovered.merge(std::mem::take(&mut w.discovered));
            }
            referencers = discovered.all().collect::<Vec<Ref>>();
            if !referencers.is_empty() {
                let mut liveness = EvacLiveness {
                    ev: &ev,
                    worker: Worker::new(),
                };
                ReferenceProcessor::new(&self.types, &self.memory)
                    .process(discovered, &mut liveness);
                ws.push(liveness.worker);
            }
            if let Some(before) = &before {
                let (copies, kept) = copies_and_kept(&ws);
                let pic = Picture {
                    before,
                    cset: &cset,
                    evacuated: cset.len(),
                    copies: &copies,
                    kept: &kept,
                    cache: &step_cache,
                };
                let n = referencers.len();
                let title =
                    || format!("References processed: {n} discovered in the collection set");
                self.evacuation_step(events, &steps::STEP_REFERENCES, title, &pic);
            }
            for w in ws.iter_mut() {
                ev.retire(w, SURVIVOR);
                ev.retire(w, OLD);
            }
            still_filling = ev.dest.lock().current[OLD];
            let failed_regions: Vec<usize> = (0..ev.failed.len())
                .filter(|&i| ev.failed[i].load(Ordering::Relaxed) != 0)
                .collect();
            let reclaim: Vec<usize> = (0..ev.humongous.len())
                .filter(|&i| ev.humongous[i].load(Ordering::Relaxed) == 1)
                .collect();
            preserved_all = (failed_regions, reclaim);
            results = ws;
            lists.cards = std::mem::take(&mut ev.cards);
            *self.card_lists.lock() = lists;
        }
        let copy_time = copy_started.elapsed();
        let post_started = Instant::now();
        let (failed_regions, reclaim) = preserved_all;

        // Replay what the workers did, then settle the regions.
        let mut copied_bytes = 0;
        let mut copied_objects = 0;
        let mut young_copied = 0;
        let mut bytes_by_age = [0usize; 16];
        let mut card_time = card_prepare;
        let mut parse_time = std::time::Duration::ZERO;
        let mut useful_cards = 0;
        let mut preserved: HashMap<u32, u64> = HashMap::new();
        let mut grey = Vec::new();
        for (k, w) in results.iter().enumerate() {
            replay(&w.log, k as u32, events);
            copied_bytes += w.copied_bytes;
            copied_objects += w.copied_objects;
            young_copied += w.young_copied_bytes;
            for a in 0..16 {
                bytes_by_age[a] += w.bytes_by_age[a];
            }
            card_time += w.card_time / workers.max(1) as u32;
            parse_time += w.parse_time / workers.max(1) as u32;
            useful_cards += w.useful_cards;
            preserved.extend(w.preserved.iter().map(|&(r, word)| (r.raw(), word)));
            grey.extend_from_slice(&w.grey);
        }
        report_activity(events, "evacuate", &pool_stats, |i| {
            (
                results[i].copied_objects as u64,
                results[i].copied_bytes as u64,
            )
        });
        drop(bitmap_guard);
        for w in results.iter_mut() {
            self.flush_remembered(&mut w.rs_adds);
        }
        let failed = !failed_regions.is_empty();
        for &i in &failed_regions {
            self.settle_failed_region(&mut st.table, i, &preserved);
        }
        for &i in &cset {
            self.attrs.set_in_cset(i, false);
            if !failed_regions.contains(&i) {
                // Every survivor has moved out (reported above): the region's life ends here.
                self.release_region(&mut st.table, i);
                events.space_release(i as u32);
            }
        }
        // A processed reference in a tenured region remembers its (updated) referent.
        let referent_offset = self.types.references().referent_offset();
        for &reference in &referencers {
            let holder = self.geometry.index_of(reference.offset());
            if st.table.meta[holder].role.is_tenured() {
                let slot = reference.offset() + referent_offset;
                let referent = self.memory.read_ref(slot);
                if !referent.is_null() {
                    let t = self.geometry.index_of(referent.offset());
                    if t != holder && self.attrs.is_tracked(t) {
                        let card = CardTable::card_of(slot);
                        self.remsets.add(t, holder, card);
                        if st.table.meta[t].role.is_young() {
                            self.young_cards.note_unchecked(card);
                        }
                    }
                }
            }
        }
        let mut reclaimed = 0;
        for &i in &reclaim {
            reclaimed += 1;
            self.free_humongous(&mut st.table, i, events);
        }
        if before.is_some() {
            let n = cset.len() - failed_regions.len();
            let title = || format!("Freed {n} regions of the collection set");
            self.freed_step(events, &st.table.meta, title);
        }
        st.eden_alloc = None;
        st.eden_regions = 0;
        st.retained_old = still_filling;
        if starting_marking {
            self.marking.start_cycle(grey);
            self.marking_started();
            let title = || "Concurrent start: TAMS set, the roots' old objects marked".to_string();
            self.cycle_step(
                events,
                &steps::STEP_CONCURRENT_START,
                &st.table.meta,
                false,
                title,
            );
        }
        let used_after: usize = (0..st.table.meta.len()).map(|i| st.table.used(i)).sum();
        let counts_after = role_counts(&st.table);
        let free = st.table.count(Role::Free);
        let committed = st.table.committed();
        let longest_free = st.table.longest_free_run();
        drop(st);

        // Learn, adapt, decide what follows.
        let total = started.elapsed();
        let per_worker: Vec<String> = results
            .iter()
            .zip(&pool_stats)
            .enumerate()
            .map(|(i, (w, st))| {
                format!(
                    "#{i} {}K copied, {} shared tasks, {} steals, {:.3}ms from +{:.3}ms",
                    w.copied_bytes >> 10,
                    st.tasks,
                    st.steals,
                    st.started.zip(st.finished).map_or(0.0, |(a, b)| ms(b - a)),
                    st.started
                        .map_or(0.0, |a| ms(a.saturating_duration_since(copy_started)))
                )
            })
            .collect();
        self.log_detail(
            "gc,phases",
            &format!("GC({id}) Evacuation workers: {}", per_worker.join("; ")),
        );
        self.log_detail(
            "gc,phases",
            &format!(
                "GC({id}) Phases: set-up {:.3}ms, merge {card_count} cards ({dirty_count} dirty, {useful_cards} into the cset, {stale_young} stale young skipped; {refined_before} refined concurrently since the last pause) {:.3}ms, evacuate {:.3}ms (roots {:.3}ms, card scan {:.3}ms per worker of which parsing {:.3}ms, {workers} workers), post {:.3}ms",
                ms(setup_time),
                ms(card_prepare),
                ms(copy_time),
                ms(roots_time),
                ms(card_time.saturating_sub(card_prepare)),
                ms(parse_time),
                ms(post_started.elapsed()),
            ),
        );
        let predicted = {
            let mut p = self.policy.lock();
            let predicted = p.predict_ms(eden_bytes, card_count, 0);
            p.record(&PauseSample {
                cards: card_count,
                card_time,
                copied_bytes,
                copy_time: copy_time.saturating_sub(card_time),
                total,
                eden_bytes,
                young_copied_bytes: young_copied,
            });
            p.adapt_tenuring(&bytes_by_age);
            if kind == YoungKind::Mixed && !p.mixed_worthwhile(committed) {
                self.drop_candidates(&mut p);
            }
            if kind == YoungKind::Mixed && p.candidates.is_empty() {
                self.set_mixed_phase(false);
            }
            predicted
        };
        {
            let mut s = self.stats.lock();
            s.evacuation_pauses += 1;
            s.cards_refined_in_pauses += dirty_count as u64;
            s.stale_young_cards_skipped += stale_young as u64;
            match kind {
                YoungKind::Normal => s.young_collections += 1,
                YoungKind::ConcurrentStart => {
                    s.young_collections += 1;
                    s.concurrent_starts += 1
                }
                YoungKind::Mixed => s.mixed_collections += 1,
            }
            if failed {
                s.evacuation_failures += 1;
            }
            s.humongous_reclaimed_eagerly += reclaimed;
            s.last_predicted_ms = predicted;
            s.last_actual_ms = total.as_micros() as u64;
            if total.as_secs_f64() * 1e3 > self.policy.lock().pause_goal_ms {
                s.pauses_over_goal += 1;
            }
        }
        if failed {
            self.log(&format!("GC({id}) To-space exhausted"));
        }
        if reclaimed > 0 {
            self.log_detail(
                "gc,humongous",
                &format!("GC({id}) Humongous objects reclaimed eagerly: {reclaimed}"),
            );
        }
        self.log_pause_details(
            id,
            &counts_before,
            &counts_after,
            predicted,
            total,
            copied_bytes,
            card_count,
        );
        let pending = self.take_pending_humongous();
        let needed_regions = pending.div_ceil(self.geometry.size);
        if (free == 0
            || (failed && free * 20 < committed)
            || (pending > 0 && longest_free < needed_regions))
            && committed >= self.geometry.count
        {
            self.set_follow_up(GcCause::Collector(CAUSE_COMPACTION));
        }
        self.note_occupancy();
        if starting_marking {
            self.wake_controller();
        }
        let name = match kind {
            YoungKind::Normal => "Normal",
            YoungKind::ConcurrentStart => "Concurrent Start",
            YoungKind::Mixed => "Mixed",
        };
        let cause_label = match cause {
            GcCause::AllocationFailure => CAUSE_EVACUATION,
            GcCause::Collector(label) => label,
            GcCause::Periodic => "G1 Periodic Collection",
            other => other.label(),
        };
        GcOutcome {
            kind: GcKind::Minor,
            used_before,
            used_after,
            capacity_after: committed * self.geometry.size,
            moved_bytes: copied_bytes,
            live_objects: copied_objects,
            pause_name: Some(format!("Pause Young ({name}) ({cause_label})")),
        }
    }

    /// The steps after the parallel copy (region/steps.rs): `remsets` (everything the roots and
    /// the cards led to is copied), then `evacuated` per `--stream-step-regions` cset regions
    /// or `--stream-step-kb` KB copied out of them, in cset order.
    fn copy_steps(
        &self,
        events: &mut dyn GcEventSink,
        before: &[RegionMeta],
        cache: &StepCache,
        cset: &[usize],
        workers: &[Worker],
        cards: usize,
    ) {
        let (copies, kept) = copies_and_kept(workers);
        let mut pic = Picture {
            before,
            cset,
            evacuated: 0,
            copies: &copies,
            kept: &kept,
            cache,
        };
        let title = || {
            format!(
                "Remembered sets: {cards} cards scanned; {} KB copied",
                kb(copied(&copies))
            )
        };
        self.evacuation_step(events, &steps::STEP_REMSETS, title, &pic);
        if !events.wants_step(&steps::STEP_EVACUATED) {
            return;
        }
        let out = copied_out_per_region(workers, |a| self.geometry.index_of(a), before.len());
        let g = events.step_granularity();
        let mut progress = ProgressCounter::default();
        for (k, &i) in cset.iter().enumerate() {
            progress.add(out[i] as u64, 1);
            if progress.due(g) || k + 1 == cset.len() {
                progress.taken();
                pic.evacuated = k + 1;
                let title = || {
                    format!(
                        "Region {i} evacuated ({} of {}): {} KB copied out",
                        k + 1,
                        cset.len(),
                        kb(out[i] as u64)
                    )
                };
                self.evacuation_step(events, &steps::STEP_EVACUATED, title, &pic);
            }
        }
    }

    fn is_primitive_array(&self, at: usize) -> bool {
        matches!(
            self.types.info(self.memory.type_id(Ref::from_offset(at))).shape,
            Shape::Array { elem } if elem != ElemKind::Ref
        )
    }

    /// Humongous object starting in region `first` stops being tracked: its regions' sets are
    /// dropped.
    fn untrack_humongous(&self, table: &RegionTable, first: usize) {
        let mut i = first;
        loop {
            self.untrack(i);
            i += 1;
            if i >= table.meta.len() || table.meta[i].role != Role::HumongousCont {
                break;
            }
        }
    }

    /// A collected region that every object left: free again (tracked, its set empty).
    pub(crate) fn release_region(&self, table: &mut RegionTable, i: usize) {
        self.remsets.of(i).clear();
        table.free(i);
        self.marking.region_freed(i);
    }

    /// Frees the regions of the humongous object starting in region `first`.
    pub(crate) fn free_humongous(
        &self,
        table: &mut RegionTable,
        first: usize,
        events: &mut dyn GcEventSink,
    ) {
        let mut i = first;
        loop {
            self.release_region(table, i);
            events.space_release(i as u32);
            i += 1;
            if i >= table.meta.len() || table.meta[i].role != Role::HumongousCont {
                break;
            }
        }
    }

    /// The old region the last evacuation left unfilled, to promote into first: still old,
    /// not full, and not collected by this pause (a mixed collection may pick it).
    fn retained_old_region(&self, st: &mut super::HeapState, cset: &[usize]) -> Option<usize> {
        st.retained_old.take().filter(|&i| {
            let m = &st.table.meta[i];
            m.role == Role::Old && m.top < self.geometry.end(i) && !cset.contains(&i)
        })
    }

    /// A region where an evacuation failure left objects: self-forwarded objects get their
    /// headers back (one collection older), everything else in it — dead objects and the old
    /// copies of moved ones — becomes fillers; the region turns old, with a fresh block offset
    /// table, untracked (its set dropped) as every new old region.
    fn settle_failed_region(
        &self,
        table: &mut RegionTable,
        i: usize,
        preserved: &HashMap<u32, u64>,
    ) {
        let memory = &*self.memory;
        let bottom = self.geometry.bottom(i);
        let top = table.meta[i].top;
        self.fill_dead_runs(bottom, top, |obj, size| {
            let word = memory.gc_word(obj);
            let kept = gcword::is_forwarded(word) && gcword::forwarded_to(word) == obj;
            if kept {
                let original = preserved.get(&obj.raw()).copied().unwrap_or(0);
                memory.set_gc_word(obj, gcword::aged(original));
                self.bot.record(obj.offset(), size);
            }
            kept
        });
        table.set_role(i, Role::Old);
        self.remsets.clear(i);
        let m = &mut table.meta[i];
        m.tams = bottom;
        m.remark_top = bottom;
        m.rebuild_top = bottom;
        self.cards.clean_range(bottom, top);
    }

    /// `-Xlog:gc*` lines of an evacuation pause, in HotSpot's `gc,heap` and `gc,ergo` shapes.
    #[allow(clippy::too_many_arguments)]
    fn log_pause_details(
        &self,
        id: u32,
        before: &[usize; 4],
        after: &[usize; 4],
        predicted: f64,
        actual: std::time::Duration,
        copied: usize,
        cards: usize,
    ) {
        let target = self.policy.lock().young_target();
        self.log_detail(
            "gc,heap",
            &format!(
                "GC({id}) Eden regions: {}->{}({target})",
                before[0], after[0]
            ),
        );
        self.log_detail(
            "gc,heap",
            &format!("GC({id}) Survivor regions: {}->{}", before[1], after[1]),
        );
        self.log_detail(
            "gc,heap",
            &format!("GC({id}) Old regions: {}->{}", before[2], after[2]),
        );
        self.log_detail(
            "gc,heap",
            &format!("GC({id}) Humongous regions: {}->{}", before[3], after[3]),
        );
        let goal = self.policy.lock().pause_goal_ms;
        self.log_detail(
            "gc,ergo",
            &format!(
                "GC({id}) Pause time predicted {predicted:.3}ms, actual {:.3}ms (goal {goal:.0}ms); copied {}K, scanned {cards} cards",
                actual.as_secs_f64() * 1e3,
                copied >> 10
            ),
        );
    }
}

/// Reference processing's view of an evacuation (shared/refs.rs): live means copied (or outside
/// the cset); keeping alive means evacuating, on one extra worker.
struct EvacLiveness<'e, 'a, 't> {
    ev: &'e Evacuation<'a, 't>,
    worker: Worker,
}

impl Liveness for EvacLiveness<'_, '_, '_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        self.ev.is_alive(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let moved = objs
            .iter()
            .map(|&obj| self.ev.evacuate(&mut self.worker, obj))
            .collect();
        self.ev.drain(&mut self.worker);
        discovered.merge(std::mem::take(&mut self.worker.discovered));
        moved
    }
}

/// Regions per role: eden, survivor, old, humongous.
pub(crate) fn role_counts(table: &RegionTable) -> [usize; 4] {
    let mut c = [0; 4];
    for m in &table.meta {
        match m.role {
            Role::Eden => c[0] += 1,
            Role::Survivor => c[1] += 1,
            Role::Old => c[2] += 1,
            Role::HumongousStart | Role::HumongousCont => c[3] += 1,
            _ => {}
        }
    }
    c
}

/// Replays one worker's log into the sink (the sink is single-threaded).
fn replay(log: &[Log], worker: u32, events: &mut dyn GcEventSink) {
    for e in log {
        match *e {
            Log::Plab(start, size) => events.plab(worker, start as u64, size as u64),
            Log::Move(from, to, size) => events.moved(from as u64, to as u64, size as u32),
            Log::Keep(at, size) => events.kept_alive(at as u64, size as u32),
        }
    }
}

/// What the workers logged so far, for a step frame: the copies `(to, size)` and the objects
/// an evacuation failure kept in place `(address, size)` (in a cset region that then stays).
fn copies_and_kept(workers: &[Worker]) -> (Vec<(usize, usize)>, Vec<(usize, usize)>) {
    let (mut copies, mut kept) = (Vec::new(), Vec::new());
    for l in workers.iter().flat_map(|w| w.log.iter()) {
        match *l {
            Log::Move(_, to, size) => copies.push((to, size)),
            Log::Keep(at, size) => kept.push((at, size)),
            Log::Plab(..) => {}
        }
    }
    (copies, kept)
}

fn copied(copies: &[(usize, usize)]) -> u64 {
    copies.iter().map(|&(_, s)| s as u64).sum()
}

/// Bytes copied out of each region (by index), from the workers' logs.
fn copied_out_per_region(
    workers: &[Worker],
    region_of: impl Fn(usize) -> usize,
    regions: usize,
) -> Vec<usize> {
    let mut out = vec![0; regions];
    for l in workers.iter().flat_map(|w| w.log.iter()) {
        if let Log::Move(from, _, size) = *l {
            if let Some(b) = out.get_mut(region_of(from)) {
                *b += size;
            }
        }
    }
    out
}

/// The `cset` step's title: its regions by role and their used bytes.
fn cset_title(before: &[RegionMeta], young: &[usize], old: &[usize]) -> String {
    let eden = young
        .iter()
        .filter(|&&i| before[i].role == Role::Eden)
        .count();
    format!(
        "Collection set: {} regions ({eden} eden, {} survivor, {} old)",
        young.len() + old.len(),
        young.len() - eden,
        old.len()
    )
}

fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Remembered cards scanned per task.
const CARDS_PER_TASK: usize = 16;
/// How many cards ahead of the one being parsed a card scan prefetches.
const CARD_PREFETCH: usize = 3;
/// `Evacuation::classes`: the region is in the collection set...
const IN_CSET: u8 = 1;
/// ... or tracked (a dirty card's slots into it are remembered) ...
const TRACKED: u8 = 2;
/// ... or holds a humongous object that may be reclaimed eagerly.
const HUMONGOUS_CANDIDATE: u8 = 4;

/// Slots of a worker's recently-remembered filter.
const RS_RECENT: usize = 256;
/// Remembered-set entries a worker buffers before adding them.
const RS_FLUSH: usize = 1024;

/// The buffers a pause builds its card list in, kept from one pause to the next. Allocated
/// afresh, a list of 20,000 cards cost SplayTree's pauses 100-200 page faults, 0.3-0.5 ms of a
/// single-threaded merge, every time.
#[derive(Default)]
pub(crate) struct CardLists {
    remembered: Vec<u32>,
    merge: MergeBuffers,
    cards: Vec<CardWork>,
}

/// `merge_card_lists`'s working memory: the two bitmaps, or the list it sorts.
#[derive(Default)]
struct MergeBuffers {
    named: Vec<u64>,
    is_dirty: Vec<u64>,
    sorted: Vec<u64>,
}

/// The cards a pause scans, each once and in address order: calls `emit(card, dirty)` for
/// every card named by the remembered or the dirty list, a card in both counting as dirty.
/// `cards` is the range of card indices the heap's regions cover: two bitmaps over it when the
/// lists are long enough to make that cheaper than sorting them.
fn merge_card_lists(
    remembered: &[u32],
    dirty: &[u32],
    cards: std::ops::Range<usize>,
    buffers: &mut MergeBuffers,
    mut emit: impl FnMut(usize, bool),
) {
    let words = cards.len().div_ceil(64);
    if words <= 4 * (remembered.len() + dirty.len()) {
        let MergeBuffers {
            named, is_dirty, ..
        } = buffers;
        for bits in [&mut *named, &mut *is_dirty] {
            bits.clear();
            bits.resize(words, 0);
        }
        let mark = |bits: &mut Vec<u64>, card: u32| {
            let k = (card as usize).wrapping_sub(cards.start);
            if k < cards.len() {
                bits[k / 64] |= 1 << (k % 64);
            }
        };
        for &c in remembered {
            mark(named, c);
        }
        for &c in dirty {
            mark(named, c);
            mark(is_dirty, c);
        }
        for (w, &word) in named.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                emit(cards.start + w * 64 + bit, is_dirty[w] >> bit & 1 == 1);
            }
        }
        return;
    }
    let all = &mut buffers.sorted;
    all.clear();
    all.extend(remembered.iter().map(|&c| (c as u64) << 1));
    all.extend(dirty.iter().map(|&c| (c as u64) << 1 | 1));
    all.sort_unstable();
    let mut pending: Option<(usize, bool)> = None;
    for &e in all.iter() {
        let (card, dirty) = ((e >> 1) as usize, e & 1 == 1);
        if !cards.contains(&card) {
            continue;
        }
        match &mut pending {
            Some(last) if last.0 == card => last.1 |= dirty,
            _ => {
                if let Some((c, d)) = pending.replace((card, dirty)) {
                    emit(c, d);
                }
            }
        }
    }
    if let Some((c, d)) = pending {
        emit(c, d);
    }
}

#[cfg(test)]
#[path = "evacuate_tests.rs"]
mod tests;
