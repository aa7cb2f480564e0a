//! Reference processing: `java.lang.ref` Soft, Weak, Final and Phantom references, for every
//! collector (after HotSpot's ReferenceProcessor).
//!
//! # The idea
//!
//! A `java.lang.ref.Reference` object has a `referent` field that the collector must *not* trace
//! like an ordinary field: an object reachable only through referents is "weakly reachable" and
//! may be reclaimed, after which the reference is cleared and handed to the VM to enqueue.
//!
//! 1. **Types.** The VM tells the registry which classes are references of which kind
//!    (`set_reference_type`, when it defines a subclass of Soft/Weak/Final/PhantomReference) and
//!    where the `referent` field (and SoftReference's `timestamp`) lives (`set_layout`). The
//!    referent stays in the type's `ref_offsets`, so verification, pointer updating and object
//!    copying treat it as an ordinary slot; only *tracing* asks `References::referent_slot`.
//! 2. **Discovery, while tracing.** When a collector scans an object whose type is a
//!    reference and whose referent is non-null and not yet known to be live, it does not trace
//!    the referent: it records the reference (its current address, after any copy) in a
//!    `Discovered` list of its kind. If the referent is already live, the slot is treated as an
//!    ordinary one (a copying collector updates it). Parallel tracers keep one `Discovered` per
//!    worker and `merge` them.
//! 3. **Processing, after the closure is complete** (`ReferenceProcessor::process`, with the
//!    world stopped), in HotSpot's phases:
//!    - *Soft policy.* A soft reference whose referent is not live is kept (its referent traced,
//!      as if strongly reachable) unless the policy says clear it. **LRU policy** (HotSpot's
//!      `LRUMaxHeapPolicy`): clear it if it was last read (`SoftReference.get`, which stamps it
//!      with the soft clock) more than `free heap MB at the last collection ×
//!      SOFT_REF_LRU_POLICY_MS_PER_MB` (1000 ms) ago. **Clear all** when the VM asks for it
//!      (`request_clear_all_soft`: the last collection before an OutOfMemoryError). Keeping
//!      referents alive may discover more references; the phase repeats until none is new.
//!    - *Soft and weak.* Each discovered soft or weak reference whose referent is live gets the
//!      referent's new address; the others are cleared (referent = null) and made pending.
//!    - *Final.* gcvm has no finalization: FinalReference types are counted (always 0).
//!    - *Phantom.* As weak: a phantom reference whose referent is unreachable is cleared (JDK 9+
//!      semantics) and made pending.
//! 4. **Pending list, to the VM.** Cleared references go to the pending list. It is a root
//!    set: `Heap::pause` visits it with the VM's roots, so pending references survive and are
//!    updated when they move, whatever the collector. The VM's Reference Handler thread takes
//!    them (`take_pending`) and enqueues each in its `ReferenceQueue` (Java code).
//!
//! # How a collector plugs in (see docs/collectors.md, "Reference processing")
//!
//! ```text
//!   let refs = types.references();
//!   // tracing an instance `obj` (a copy, for a copying collector):
//!   if let Some((kind, slot)) = refs.referent_slot(memory, types, obj) {
//!       let referent = memory.read_ref(slot);
//!       if !referent.is_null() && !already_live(referent) { discovered.push(kind, obj); skip slot }
//!   }
//!   // after the transitive closure:
//!   let stats = ReferenceProcessor::new(refs, memory, cause).process(discovered, &mut liveness);
//! ```
//!
//! `liveness` implements `Liveness` for the collector: `is_alive` (marked / forwarded: the new
//! address) and `keep_alive_all` (trace these referents and everything they reach, discovering
//! references on the way, and return their new addresses). Processing must finish in the pause
//! that completed marking, before a moving collector computes forwarding addresses or updates
//! pointers (mark-compact processes right after marking; its update phase then fixes referents
//! and the pending list like any other slot and root).
//!
//! # Concurrent marking (SATB)
//! A concurrent marker discovers references while it marks and processes them in the final
//! pause (remark). `Reference.get()` returning a referent while marking runs must keep it alive,
//! or the mutator could store an object the marker has decided is only weakly reachable: the VM
//! passes every referent `get()` returns through the pre-write barrier (`Heap::keep_alive_referent`),
//! which logs it in the thread's SATB queue as G1 does.

use crate::memory::HeapMemory;
use crate::object::{Ref, TypeRegistry};
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering};
use std::time::{Duration, Instant};

/// HotSpot's `-XX:SoftRefLRUPolicyMSPerMB` default: a soft reference survives this many
/// milliseconds since its last `get()` per free megabyte of heap.
pub const SOFT_REF_LRU_POLICY_MS_PER_MB: u64 = 1000;

/// The kinds of `java.lang.ref.Reference`, in HotSpot's processing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefKind {
    Soft = 0,
    Weak = 1,
    Final = 2,
    Phantom = 3,
}

impl RefKind {
    pub const ALL: [RefKind; 4] = [
        RefKind::Soft,
        RefKind::Weak,
        RefKind::Final,
        RefKind::Phantom,
    ];

    fn from_code(code: u8) -> Option<RefKind> {
        match code {
            1 => Some(RefKind::Soft),
            2 => Some(RefKind::Weak),
            3 => Some(RefKind::Final),
            4 => Some(RefKind::Phantom),
            _ => None,
        }
    }
    fn code(self) -> u8 {
        self as u8 + 1
    }
    /// HotSpot's names in `gc+phases+ref` logging.
    pub fn label(self) -> &'static str {
        match self {
            RefKind::Soft => "SoftReference",
            RefKind::Weak => "WeakReference",
            RefKind::Final => "FinalReference",
            RefKind::Phantom => "PhantomReference",
        }
    }
}

/// The references one collection discovered, by kind (addresses as the tracer left them: a
/// copying collector records the copy).
#[derive(Clone, Debug, Default)]
pub struct Discovered {
    lists: [Vec<Ref>; 4],
}

impl Discovered {
    pub fn push(&mut self, kind: RefKind, reference: Ref) {
        self.lists[kind as usize].push(reference);
    }
    /// Every discovered reference, of every kind.
    pub fn all(&self) -> impl Iterator<Item = Ref> + '_ {
        self.lists.iter().flatten().copied()
    }

    /// Appends `other`'s lists (a parallel worker's).
    pub fn merge(&mut self, other: Discovered) {
        for (mine, theirs) in self.lists.iter_mut().zip(other.lists) {
            mine.extend(theirs);
        }
    }
    pub fn len(&self, kind: RefKind) -> usize {
        self.lists[kind as usize].len()
    }
    pub fn is_empty(&self) -> bool {
        self.lists.iter().all(Vec::is_empty)
    }
    pub fn clear(&mut self) {
        for l in &mut self.lists {
            l.clear();
        }
    }
}

/// What one collection's reference processing did, per kind (`RefKind as usize`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RefStats {
    pub discovered: [usize; 4],
    pub cleared: [usize; 4],
    /// Soft references whose referents the policy kept alive.
    pub soft_kept: usize,
    /// The policy cleared every soft reference (the collection before an OutOfMemoryError).
    pub cleared_all_soft: bool,
    pub time: Duration,
}

/// One collection's reference processing in HotSpot 17's `-Xlog:gc+phases+ref=debug` shape
/// (without the decorations): the time, then per kind the references discovered and cleared.
pub fn log_lines(gc: u32, stats: &RefStats) -> Vec<String> {
    let mut lines = vec![format!(
        "GC({gc}) Reference Processing: {:.1}ms",
        stats.time.as_secs_f64() * 1e3
    )];
    for kind in RefKind::ALL {
        let k = kind as usize;
        lines.push(format!("GC({gc})   {}:", kind.label()));
        lines.push(format!("GC({gc})     Discovered: {}", stats.discovered[k]));
        lines.push(format!("GC({gc})     Cleared: {}", stats.cleared[k]));
    }
    lines
}

/// The collector's side of processing: its notion of liveness.
pub trait Liveness {
    /// If `obj` (a referent) is live — marked, or forwarded by a copying collector — its
    /// current address (the copy's), else None.
    fn is_alive(&mut self, obj: Ref) -> Option<Ref>;
    /// Makes every object in `objs` live (copy or mark it) together with everything reachable
    /// from it, discovering references into `discovered` as tracing does; returns their new
    /// addresses in the same order.
    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref>;
}

/// The soft-reference policy of one collection.
#[derive(Clone, Copy, Debug)]
enum SoftPolicy {
    ClearAll,
    /// Clear a soft reference last read before `clock - max_interval_ms`.
    Lru {
        clock: i64,
        max_interval_ms: i64,
    },
}

/// The reference types and the processing state a heap's VM and collector share (one per
/// `TypeRegistry`).
pub struct References {
    /// Per type id: 0 not a reference, else `RefKind::code`.
    kinds: Box<[AtomicU8]>,
    /// Byte offset of `Reference.referent` (0 until java.lang.ref.Reference is defined).
    referent_offset: AtomicU32,
    /// Byte offset of `SoftReference.timestamp` (a long).
    timestamp_offset: AtomicU32,
    /// Milliseconds since `start` at the end of the last collection: the soft clock.
    clock_ms: std::sync::atomic::AtomicI64,
    /// Free heap at the end of the last collection (LRU policy input).
    free_at_last_gc: std::sync::atomic::AtomicUsize,
    clear_all_soft: AtomicBool,
    start: Instant,
    pending: Mutex<std::collections::VecDeque<Ref>>,
    /// A reference the Reference Handler took and is enqueueing.
    handler_busy: AtomicBool,
    pending_changed: Condvar,
    last: Mutex<Option<RefStats>>,
    /// Soft references discovered by the last collection (the last-ditch collection before an
    /// OutOfMemoryError is worth it only if some exist).
    soft_seen: AtomicU32,
}

impl References {
    pub fn new(types: usize) -> References {
        References {
            kinds: (0..types).map(|_| AtomicU8::new(0)).collect(),
            referent_offset: AtomicU32::new(0),
            timestamp_offset: AtomicU32::new(0),
            clock_ms: Default::default(),
            free_at_last_gc: Default::default(),
            clear_all_soft: AtomicBool::new(false),
            start: Instant::now(),
            pending: Mutex::new(std::collections::VecDeque::new()),
            handler_busy: AtomicBool::new(false),
            pending_changed: Condvar::new(),
            last: Mutex::new(None),
            soft_seen: AtomicU32::new(0),
        }
    }

    // ---- the VM describes the types ----

    /// Type `id` is a reference of `kind`. Called before any object of the type exists.
    pub fn set_reference_type(&self, id: u32, kind: RefKind) {
        if let Some(slot) = self.kinds.get(id as usize) {
            slot.store(kind.code(), Ordering::Release);
        }
    }

    /// Where `Reference.referent` and `SoftReference.timestamp` live (byte offsets).
    pub fn set_layout(&self, referent_offset: u32, timestamp_offset: Option<u32>) {
        if referent_offset != 0 {
            self.referent_offset
                .store(referent_offset, Ordering::Release);
        }
        if let Some(t) = timestamp_offset {
            self.timestamp_offset.store(t, Ordering::Release);
        }
    }

    /// The reference kind of type `id`, if it is one.
    #[inline]
    pub fn kind_of_type(&self, id: u32) -> Option<RefKind> {
        RefKind::from_code(self.kinds.get(id as usize)?.load(Ordering::Relaxed))
    }

    /// For a tracer: if `obj` is a reference object, its kind and the byte offset (from the heap
    /// base) of its referent slot.
    #[inline]
    pub fn referent_slot(&self, memory: &HeapMemory, obj: Ref) -> Option<(RefKind, usize)> {
        let kind = self.kind_of_type(memory.type_id(obj))?;
        let off = self.referent_offset.load(Ordering::Relaxed);
        Some((kind, obj.offset() + off as usize))
    }

    /// The referent slot of `obj` if it is a reference whose referent is non-null and not
    /// `live`: the reference must then be discovered (and the slot not traced).
    #[inline]
    pub fn should_discover(
        &self,
        memory: &HeapMemory,
        obj: Ref,
        live: impl FnOnce(Ref) -> bool,
    ) -> Option<(RefKind, usize)> {
        let (kind, slot) = self.referent_slot(memory, obj)?;
        let referent = Ref::from_raw(memory.atomic_u32(slot).load(Ordering::Relaxed));
        (!referent.is_null() && !live(referent)).then_some((kind, slot))
    }

    // ---- the soft clock ----

    /// The soft clock (ms): `SoftReference.get()` stamps the reference with it.
    pub fn soft_clock(&self) -> i64 {
        self.clock_ms.load(Ordering::Relaxed)
    }

    /// The next collection clears every soft reference (HotSpot does so in the last collection
    /// before throwing OutOfMemoryError).
    pub fn request_clear_all_soft(&self) {
        self.clear_all_soft.store(true, Ordering::Release);
    }

    /// Did the last collection discover soft references?
    pub fn soft_refs_seen(&self) -> bool {
        self.soft_seen.load(Ordering::Relaxed) > 0
    }

    /// Called by `Heap::pause` after every collection: advances the soft clock and records the
    /// free heap for the next LRU interval.
    pub fn collection_ended(&self, free_bytes: usize) {
        let now = self.start.elapsed().as_millis() as i64;
        self.clock_ms.store(now, Ordering::Relaxed);
        self.free_at_last_gc.store(free_bytes, Ordering::Relaxed);
    }

    fn policy(&self) -> SoftPolicy {
        if self.clear_all_soft.swap(false, Ordering::AcqRel) {
            return SoftPolicy::ClearAll;
        }
        let free_mb = (self.free_at_last_gc.load(Ordering::Relaxed) >> 20) as i64;
        SoftPolicy::Lru {
            clock: self.soft_clock(),
            max_interval_ms: free_mb * SOFT_REF_LRU_POLICY_MS_PER_MB as i64,
        }
    }

    // ---- the pending list ----

    /// Visits the pending references as roots (`Heap::pause` does, with the VM's roots).
    pub fn visit_pending(&self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.pending.lock().iter_mut() {
            *r = visit(*r);
        }
    }

    fn add_pending(&self, cleared: Vec<Ref>) {
        if cleared.is_empty() {
            return;
        }
        self.pending.lock().extend(cleared);
        self.pending_changed.notify_all();
    }

    /// For the VM's Reference Handler: it has enqueued the reference it took last.
    pub fn handler_done(&self) {
        let _pending = self.pending.lock();
        self.handler_busy.store(false, Ordering::Release);
        self.pending_changed.notify_all();
    }

    /// For the VM's Reference Handler, in a safe region: blocks until a reference is pending.
    pub fn wait_for_pending(&self) {
        let mut pending = self.pending.lock();
        while pending.is_empty() {
            self.pending_changed.wait(&mut pending);
        }
    }

    /// For the VM's Reference Handler, holding its stack (no collection can run, so the
    /// reference it gets is not moved before it is a root again): the oldest pending reference.
    pub fn pop_pending(&self) -> Option<Ref> {
        let mut pending = self.pending.lock();
        let r = pending.pop_front()?;
        self.handler_busy.store(true, Ordering::Release);
        Some(r)
    }

    /// The byte offset of `Reference.referent` in reference objects (0 before the class exists).
    pub fn referent_offset(&self) -> usize {
        self.referent_offset.load(Ordering::Relaxed) as usize
    }

    /// Blocks (up to `patience`) until the pending list is empty and the Reference Handler has
    /// finished enqueueing: what `System.gc()` waits for, so that a program sees its cleared
    /// references enqueued when it returns. Returns whether that happened.
    pub fn wait_until_enqueued(&self, patience: Duration) -> bool {
        let deadline = Instant::now() + patience;
        let mut pending = self.pending.lock();
        while !pending.is_empty() || self.handler_busy.load(Ordering::Acquire) {
            if self
                .pending_changed
                .wait_until(&mut pending, deadline)
                .timed_out()
            {
                return false;
            }
        }
        true
    }

    /// The statistics of the last collection that processed references (taken once).
    pub fn take_last_stats(&self) -> Option<RefStats> {
        self.last.lock().take()
    }
}

/// One collection's reference processing (see the module comment).
pub struct ReferenceProcessor<'a> {
    refs: &'a References,
    memory: &'a HeapMemory,
    policy: SoftPolicy,
}

impl<'a> ReferenceProcessor<'a> {
    /// Starts processing for a collection: fixes the soft-reference policy.
    pub fn new(types: &'a TypeRegistry, memory: &'a HeapMemory) -> ReferenceProcessor<'a> {
        let refs = types.references();
        ReferenceProcessor {
            refs,
            memory,
            policy: refs.policy(),
        }
    }

    fn referent_slot(&self, reference: Ref) -> usize {
        reference.offset() + self.refs.referent_offset.load(Ordering::Relaxed) as usize
    }

    fn should_clear_soft(&self, reference: Ref) -> bool {
        match self.policy {
            SoftPolicy::ClearAll => true,
            SoftPolicy::Lru {
                clock,
                max_interval_ms,
            } => {
                let off = self.refs.timestamp_offset.load(Ordering::Relaxed) as usize;
                let stamp = self.memory.read_u64(reference.offset() + off) as i64;
                clock - stamp > max_interval_ms
            }
        }
    }

    /// Processes everything `discovered` holds (see the module comment); returns the counts,
    /// which are also kept for the GC log (`References::take_last_stats`).
    pub fn process(self, mut discovered: Discovered, liveness: &mut dyn Liveness) -> RefStats {
        let started = Instant::now();
        let mut stats = RefStats {
            cleared_all_soft: matches!(self.policy, SoftPolicy::ClearAll),
            ..RefStats::default()
        };
        stats.soft_kept = self.keep_soft_referents(&mut discovered, liveness);
        let mut cleared = Vec::new();
        for kind in RefKind::ALL {
            for &reference in &discovered.lists[kind as usize] {
                if self.clear_if_dead(reference, liveness) {
                    stats.cleared[kind as usize] += 1;
                    cleared.push(reference);
                }
            }
            stats.discovered[kind as usize] = discovered.len(kind);
        }
        self.refs.soft_seen.store(
            stats.discovered[RefKind::Soft as usize] as u32,
            Ordering::Relaxed,
        );
        self.refs.add_pending(cleared);
        stats.time = started.elapsed();
        *self.refs.last.lock() = Some(stats.clone());
        stats
    }

    /// Phase 1: soft references the policy keeps have their referents traced. Repeats over the
    /// soft references the tracing discovers. Returns how many were kept.
    fn keep_soft_referents(
        &self,
        discovered: &mut Discovered,
        liveness: &mut dyn Liveness,
    ) -> usize {
        let mut next = 0;
        let mut kept = 0;
        loop {
            let soft = &discovered.lists[RefKind::Soft as usize];
            if next == soft.len() {
                return kept;
            }
            let mut keep = Vec::new();
            for &reference in &soft[next..] {
                let slot = self.referent_slot(reference);
                let referent = self.memory.read_ref(slot);
                if referent.is_null() || liveness.is_alive(referent).is_some() {
                    continue;
                }
                if !self.should_clear_soft(reference) {
                    keep.push((slot, referent));
                }
            }
            next = soft.len();
            if keep.is_empty() {
                continue;
            }
            kept += keep.len();
            let objs: Vec<Ref> = keep.iter().map(|&(_, r)| r).collect();
            let moved = liveness.keep_alive_all(&objs, discovered);
            for (&(slot, _), new) in keep.iter().zip(moved) {
                self.memory.write_ref(slot, new);
            }
        }
    }

    /// Phases 2-4 for one reference: a live referent gets its new address, a dead one is
    /// cleared. Returns true if it was cleared.
    fn clear_if_dead(&self, reference: Ref, liveness: &mut dyn Liveness) -> bool {
        let slot = self.referent_slot(reference);
        let referent = self.memory.read_ref(slot);
        if referent.is_null() {
            return false;
        }
        match liveness.is_alive(referent) {
            Some(new) => {
                self.memory.write_ref(slot, new);
                false
            }
            None => {
                self.memory.write_ref(slot, Ref::NULL);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_registry_knows_no_reference_types() {
        let refs = References::new(16);
        assert_eq!(refs.kind_of_type(3), None);
        refs.set_reference_type(3, RefKind::Phantom);
        assert_eq!(refs.kind_of_type(3), Some(RefKind::Phantom));
    }

    #[test]
    fn the_lru_interval_grows_with_the_free_heap() {
        let refs = References::new(4);
        refs.collection_ended(5 << 20);
        match refs.policy() {
            SoftPolicy::Lru {
                max_interval_ms, ..
            } => assert_eq!(max_interval_ms, 5000),
            SoftPolicy::ClearAll => panic!("LRU expected"),
        }
    }

    #[test]
    fn clear_all_applies_to_one_collection_only() {
        let refs = References::new(4);
        refs.request_clear_all_soft();
        assert!(matches!(refs.policy(), SoftPolicy::ClearAll));
        assert!(matches!(refs.policy(), SoftPolicy::Lru { .. }));
    }

    #[test]
    fn the_handler_takes_pending_references_in_order() {
        let refs = References::new(4);
        refs.add_pending(vec![Ref::from_raw(7), Ref::from_raw(9)]);
        assert_eq!(refs.pop_pending(), Some(Ref::from_raw(7)));
        assert!(!refs.wait_until_enqueued(Duration::from_millis(1)));
        refs.handler_done();
        assert_eq!(refs.pop_pending(), Some(Ref::from_raw(9)));
        refs.handler_done();
        assert_eq!(refs.pop_pending(), None);
        assert!(refs.wait_until_enqueued(Duration::from_millis(1)));
    }
}
