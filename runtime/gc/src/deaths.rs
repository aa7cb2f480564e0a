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
//! Stamps older than the last pause are dropped: an object still reachable then can only have
//! died through a cut made since. With the option off, nothing here exists: `Heap::deaths` and
//! every `Mutator::deaths` are None, and the stores take their usual path (store_ref's fast path
//! stays barrier-free for collectors without barriers only while deaths are off).

use crate::memory::HeapMemory;
use crate::object::{gcword, Ref, TypeRegistry};
use crate::{GcEventSink, RootSource};
use gcvm_tracer::format::CONTEXT_UNKNOWN;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// One lost reference: `obj` lost it at `time` while `context` ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    obj: Ref,
    time: u64,
    context: u32,
}

/// A thread's log is compacted (one stamp per object, the latest) when it reaches this length,
/// or twice its length after the last compaction.
const COMPACT_AT: usize = 1 << 22;

/// A thread's side: the stamps it made since the last pause, and the context the VM keeps
/// current (the method on top of the thread's stack).
pub struct MutatorDeaths {
    clock: Arc<AtomicU64>,
    /// The method running now (VM's id; `CONTEXT_UNKNOWN` before the first).
    pub context: u32,
    stamps: Vec<Stamp>,
    compact_at: usize,
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
        let time = self.clock.load(Ordering::Relaxed);
        self.stamps.push(Stamp { obj, time, context });
        if self.stamps.len() >= self.compact_at {
            compact(&mut self.stamps);
            self.compact_at = COMPACT_AT.max(2 * self.stamps.len());
        }
    }

    /// The thread allocated `bytes` (the allocation clock moves on).
    #[inline]
    pub fn allocated(&self, bytes: usize) {
        self.clock.fetch_add(bytes as u64, Ordering::Relaxed);
    }
}

/// Keeps each object's latest stamp (a thread's stamps are in time order).
fn compact(stamps: &mut Vec<Stamp>) {
    stamps.sort_unstable_by_key(|s| (s.obj, s.time));
    let mut out = 0;
    for i in 0..stamps.len() {
        if i + 1 == stamps.len() || stamps[i + 1].obj != stamps[i].obj {
            stamps[out] = stamps[i];
            out += 1;
        }
    }
    stamps.truncate(out);
}

/// What one pause found: every object that became unreachable since the last one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeathReport {
    /// (object, death time, context), in address order.
    pub deaths: Vec<(Ref, u64, u32)>,
    /// How many of them no stamp reached (context unknown).
    pub unknown: usize,
}

/// The heap's side: the allocation clock and the stamps handed over at safepoints.
pub struct DeathTracker {
    clock: Arc<AtomicU64>,
    stamps: Mutex<Vec<Stamp>>,
}

impl Default for DeathTracker {
    fn default() -> Self {
        DeathTracker::new()
    }
}

impl DeathTracker {
    pub fn new() -> DeathTracker {
        DeathTracker {
            clock: Arc::new(AtomicU64::new(0)),
            stamps: Mutex::new(Vec::new()),
        }
    }

    /// A new thread's log.
    pub fn new_mutator(&self) -> MutatorDeaths {
        MutatorDeaths {
            clock: self.clock.clone(),
            context: CONTEXT_UNKNOWN,
            stamps: Vec::new(),
            compact_at: COMPACT_AT,
        }
    }

    /// Bytes allocated so far (the trace's clock).
    pub fn clock(&self) -> u64 {
        self.clock.load(Ordering::Relaxed)
    }

    /// Takes a stopped (or exiting) thread's stamps.
    pub fn take_stamps(&self, m: &mut MutatorDeaths) {
        if !m.stamps.is_empty() {
            self.stamps.lock().append(&mut m.stamps);
        }
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
        let stamps = std::mem::take(&mut *self.stamps.lock());
        let reached = reach_from_roots(memory, types, roots);
        let mut dead = DeadSet::new(memory.size());
        objects(&mut |obj| {
            if !reached.contains(obj) && memory.gc_word(obj) & gcword::DEATH_REPORTED == 0 {
                dead.add(obj);
            }
        });
        drop(reached);
        dead.seal();
        let mut latest: Vec<Option<(u64, u32)>> = vec![None; dead.objects.len()];
        for s in &stamps {
            if let Some(i) = dead.index(s.obj) {
                if latest[i].is_none_or(|(t, _)| s.time >= t) {
                    latest[i] = Some((s.time, s.context));
                }
            }
        }
        drop(stamps);
        let assigned = propagate(memory, types, &mut dead, &latest);
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
/// Takes each object out of `dead.bits` as it gets its stamp.
fn propagate(
    memory: &HeapMemory,
    types: &TypeRegistry,
    dead: &mut DeadSet,
    latest: &[Option<(u64, u32)>],
) -> Vec<Option<(u64, u32)>> {
    // (time, index), latest first.
    let mut sources: Vec<(u64, usize)> = latest
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.map(|(t, _)| (u64::MAX - t, i)))
        .collect();
    sources.sort_unstable();
    let mut assigned: Vec<Option<(u64, u32)>> = vec![None; latest.len()];
    let mut stack = Vec::new();
    for (_, s) in sources {
        if assigned[s].is_some() {
            continue;
        }
        let stamp = latest[s];
        assigned[s] = stamp;
        dead.bits.remove(dead.objects[s]);
        stack.push(s);
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
