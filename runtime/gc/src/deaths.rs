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
//! unreachable too. Computed, as Merlin does, by visiting the stamped dead objects from the
//! latest stamp down, each one's dead descendants taking its stamp unless an earlier (later in
//! time) visit gave them one. A dead object no stamp reaches lost a reference the VM does not
//! observe (an operand-stack pop, a reference the collector cleared): its context is unknown and
//! its time the pause's. Each reported object gets `gcword::DEATH_REPORTED` in its header, so a
//! dead object a partial collection leaves in place is reported once.
//!
//! Stamps older than the last pause are ignored: an object still reachable then can only have
//! died through a cut made since. A stamp is one word per 16 bytes of heap, stored at the
//! object's address in a side table (one relaxed store; no log, nothing to hand over). With the option off, nothing here exists: `Heap::deaths` and
//! every `Mutator::deaths` are None, and the stores take their usual path (store_ref's fast path
//! stays barrier-free for collectors without barriers only while deaths are off).

use crate::memory::HeapMemory;
use crate::object::{gcword, Ref, TypeRegistry};
use crate::{GcEventSink, RootSource};
use gcvm_tracer::format::CONTEXT_UNKNOWN;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A stamp packs the time (bytes allocated, high 40 bits, saturating) and the context (low 24
/// bits) into one word, so that a stamp is one relaxed atomic store.
const CONTEXT_BITS: u32 = 24;
const MAX_CONTEXT: u64 = (1 << CONTEXT_BITS) - 1;
const MAX_TIME: u64 = (1 << (64 - CONTEXT_BITS)) - 1;

fn pack(time: u64, context: u32) -> u64 {
    (time.min(MAX_TIME) << CONTEXT_BITS) | (context as u64).min(MAX_CONTEXT)
}

fn unpack(word: u64) -> (u64, u32) {
    (word >> CONTEXT_BITS, (word & MAX_CONTEXT) as u32)
}

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

/// A thread's side: its way to stamp, and the context the VM keeps current (the method on top
/// of the thread's stack).
pub struct MutatorDeaths {
    shared: Arc<Shared>,
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
        let time = self.shared.clock.load(Ordering::Relaxed);
        self.shared
            .slot(obj)
            .store(pack(time, context), Ordering::Relaxed);
    }

    /// The thread allocated `bytes` (the allocation clock moves on).
    #[inline]
    pub fn allocated(&self, bytes: usize) {
        self.shared.clock.fetch_add(bytes as u64, Ordering::Relaxed);
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
}

impl DeathTracker {
    /// A tracker for a heap reservation of `heap_bytes`.
    pub fn new(heap_bytes: usize) -> DeathTracker {
        DeathTracker {
            shared: Arc::new(Shared {
                clock: AtomicU64::new(0),
                stamps: crate::shared::zeroed::zeroed_u64(heap_bytes.div_ceil(16)),
            }),
            last_pause: AtomicU64::new(0),
        }
    }

    /// A new thread's side.
    pub fn new_mutator(&self) -> MutatorDeaths {
        MutatorDeaths {
            shared: self.shared.clone(),
            context: CONTEXT_UNKNOWN,
        }
    }

    /// Bytes allocated so far (the trace's clock).
    pub fn clock(&self) -> u64 {
        self.shared.clock.load(Ordering::Relaxed)
    }

    /// The stamp of `obj` made since the last pause, if any. A stamp made before it at exactly
    /// its clock (nothing allocated in between) passes too: the pause cannot tell it from one
    /// made after it with nothing allocated yet, and it is earlier than any death it can give.
    fn stamp_of(&self, obj: Ref, since: u64) -> Option<(u64, u32)> {
        let word = self.shared.slot(obj).load(Ordering::Relaxed);
        let (time, context) = unpack(word);
        (word != 0 && time >= since).then_some((time, context))
    }

    /// Finds the objects that became unreachable since the last pause, gives each its death
    /// time and context, marks them reported and drops the stamps. The world is stopped, every
    /// thread's stamps taken; `objects` walks the heap's objects.
    pub fn find_deaths(
        &self,
        memory: &HeapMemory,
        types: &TypeRegistry,
        roots: &mut dyn RootSource,
        objects: &mut dyn FnMut(&mut dyn FnMut(Ref)),
    ) -> DeathReport {
        let now = self.clock();
        let since = self.last_pause.swap(now, Ordering::Relaxed);
        let reached = reach_from_roots(memory, types, roots);
        let mut dead = DeadSet::new(memory.size());
        objects(&mut |obj| {
            if !reached.contains(obj) && memory.gc_word(obj) & gcword::DEATH_REPORTED == 0 {
                dead.add(obj);
            }
        });
        drop(reached);
        dead.seal();
        let stamps: Vec<(u64, u32, usize)> = dead
            .objects
            .iter()
            .enumerate()
            .filter_map(|(i, &o)| self.stamp_of(o, since).map(|(t, c)| (t, c, i)))
            .collect();
        let assigned = propagate(memory, types, &mut dead, stamps);
        let mut report = DeathReport::default();
        for (i, &obj) in dead.objects.iter().enumerate() {
            memory.set_gc_word(obj, memory.gc_word(obj) | gcword::DEATH_REPORTED);
            let (time, context) = assigned[i].unwrap_or_else(|| {
                report.unknown += 1;
                (now, CONTEXT_UNKNOWN)
            });
            report.deaths.push((obj, time, context));
        }
        report
    }

    /// `find_deaths`, written to the trace (before the pause's GC start).
    pub fn report_deaths(
        &self,
        memory: &HeapMemory,
        types: &TypeRegistry,
        roots: &mut dyn RootSource,
        objects: &mut dyn FnMut(&mut dyn FnMut(Ref)),
        events: &mut dyn GcEventSink,
    ) -> DeathReport {
        let report = self.find_deaths(memory, types, roots, objects);
        for &(obj, time, context) in &report.deaths {
            events.object_died(obj.offset() as u64, time, context);
        }
        report
    }
}

/// The objects reachable from the roots (strongly or not: a referent is a reference).
fn reach_from_roots(
    memory: &HeapMemory,
    types: &TypeRegistry,
    roots: &mut dyn RootSource,
) -> Bitmap {
    let mut reached = Bitmap::new(memory.size());
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
    reached
}

/// The dead objects of one pause: in address order, with a bitmap for membership.
struct DeadSet {
    objects: Vec<Ref>,
    bits: Bitmap,
}

impl DeadSet {
    fn new(heap_bytes: usize) -> DeadSet {
        DeadSet {
            objects: Vec::new(),
            bits: Bitmap::new(heap_bytes),
        }
    }
    fn add(&mut self, obj: Ref) {
        self.objects.push(obj);
        self.bits.insert(obj);
    }
    /// Sorts the objects (heap walks visit ranges in the collector's order).
    fn seal(&mut self) {
        if !self.objects.is_sorted() {
            self.objects.sort_unstable();
        }
    }
    /// The index of `obj` if it is dead.
    fn index(&self, obj: Ref) -> Option<usize> {
        if obj.is_null() || !self.bits.contains(obj) {
            return None;
        }
        self.objects.binary_search(&obj).ok()
    }
}

/// Merlin's propagation: the latest stamp among the dead objects reaching each dead object.
/// `stamps` are (time, context, index) of the stamped dead objects; taken latest first, the
/// first stamp to reach a dead object is its latest, so each object is taken out of
/// `dead.bits` as it gets its stamp and visited once.
fn propagate(
    memory: &HeapMemory,
    types: &TypeRegistry,
    dead: &mut DeadSet,
    mut stamps: Vec<(u64, u32, usize)>,
) -> Vec<Option<(u64, u32)>> {
    stamps.sort_unstable_by_key(|&(t, _, i)| (std::cmp::Reverse(t), i));
    let mut assigned: Vec<Option<(u64, u32)>> = vec![None; dead.objects.len()];
    let mut stack = Vec::new();
    for (time, context, i) in stamps {
        let obj = dead.objects[i];
        if !dead.bits.contains(obj) {
            continue;
        }
        let stamp = Some((time, context));
        assigned[i] = stamp;
        dead.bits.remove(obj);
        stack.push(i);
        while let Some(i) = stack.pop() {
            memory.for_each_ref_slot(types, dead.objects[i], |slot| {
                let target = memory.read_ref(slot);
                if let Some(j) = dead.index(target) {
                    dead.bits.remove(target);
                    assigned[j] = stamp;
                    stack.push(j);
                }
            });
        }
    }
    assigned
}

/// One bit per 8-byte unit of the heap reservation (untouched pages stay unmapped).
struct Bitmap {
    words: Vec<u64>,
}

impl Bitmap {
    fn new(heap_bytes: usize) -> Bitmap {
        Bitmap {
            words: vec![0; (heap_bytes >> 3).div_ceil(64)],
        }
    }
    /// Sets the bit of `r`; true if it was clear.
    fn insert(&mut self, r: Ref) -> bool {
        let unit = r.raw() as usize;
        let (w, b) = (unit / 64, 1u64 << (unit % 64));
        let was = self.words[w] & b != 0;
        self.words[w] |= b;
        !was
    }
    fn remove(&mut self, r: Ref) {
        let unit = r.raw() as usize;
        self.words[unit / 64] &= !(1u64 << (unit % 64));
    }
    fn contains(&self, r: Ref) -> bool {
        let unit = r.raw() as usize;
        self.words[unit / 64] & (1u64 << (unit % 64)) != 0
    }
}
