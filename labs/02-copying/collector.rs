//! Lab 02's scaffolding: a semispace collector whose copying is the student's.
//!
//! The heap is two halves. Mutators allocate (in TLABs) in one, the from-space; a collection
//! copies everything reachable into the other, the to-space, and the halves swap roles. All of
//! that is here — the halves, allocation, growing the heap, the flip, reference processing,
//! what the collector reports — except the two functions of `CopyingSteps`, which
//! student.rs writes:
//!
//! 1. `evacuate(c, obj)`: the to-space copy of `obj`, copying it first on its first visit;
//! 2. `scan(c)`: Cheney's scan loop, which evacuates what every grey copy points to.
//!
//! A collection, in `LabCopying::collect`:
//! ```text
//!   roots.visit_roots(|r| evacuate(c, r));    // each root gets its object's copy
//!   scan(c);                                   // until scan == free
//!   process references (weak, soft, phantom)   // may evacuate and scan more
//!   flip: to-space becomes from-space
//! ```
//! gcvm's own version is runtime/gc/src/semispace/mod.rs (`Evacuator`, `copy_sequential`).

use crate::Step;
use gcvm_gc::collector::Tiler;
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::memory::{HeapMemory, RESERVED_PREFIX};
use gcvm_gc::object::{gcword, Ref, TypeRegistry};
use gcvm_gc::shared::refs::{Discovered, Liveness, ReferenceProcessor, References};
use gcvm_gc::shared::sizing::align_down_page;
use gcvm_gc::{
    CollectorContext, GcCause, GcEventSink, GcOutcome, RootSource, SpaceInfo, SpaceKind,
    StwCollector,
};
use std::marker::PhantomData;
use std::sync::Arc;

pub static STEP_1: Step = Step {
    lab: "02-copying",
    number: 1,
    title: "evacuate an object (copy it, leave a forwarding pointer, report the move)",
};
pub static STEP_2: Step = Step {
    lab: "02-copying",
    number: 2,
    title: "Cheney's scan loop (evacuate what every grey copy points to)",
};

/// The student's part: see README.md.
pub trait CopyingSteps: Send + 'static {
    /// Returns the to-space copy of `obj`: if `obj` was copied already (its GC word is a
    /// forwarding pointer), the copy it points to; else copies it now.
    fn evacuate(c: &mut Cheney<'_>, obj: Ref) -> Ref;
    /// Scans grey copies (`[c.scan, c.free)`) until there are none left.
    fn scan(c: &mut Cheney<'_>);
}

/// The state of one collection's copy, as the student's functions see it.
///
/// ```text
///   to-space:  [ scanned (black) | copied, not scanned (grey) | free ...        ]
///               ^to_start         ^scan                        ^free           ^limit
/// ```
pub struct Cheney<'a> {
    /// The heap: read GC words (`memory.gc_word(obj)`) and write as a collector does
    /// (`memory.gc_copy_object`, `gc_set_word`, `gc_forward`, `gc_write_ref`: the
    /// `CollectorWrites` trait).
    pub memory: &'a HeapMemory,
    /// Start of to-space.
    pub to_start: usize,
    /// Next grey object to scan.
    pub scan: usize,
    /// Where the next copy goes.
    pub free: usize,
    limit: usize,
    types: &'a TypeRegistry,
    refs: &'a References,
    events: &'a mut dyn GcEventSink,
    copied_objects: usize,
    discovered: Discovered,
}

impl<'a> Cheney<'a> {
    /// The size in bytes of `obj` (header included).
    pub fn size_of(&self, obj: Ref) -> usize {
        self.memory.object_size(self.types, obj)
    }

    /// Takes `size` bytes at `free` for a copy and returns where they start.
    pub fn claim(&mut self, size: usize) -> usize {
        assert!(
            self.free + size <= self.limit,
            "to-space overflow: the live data does not fit in a half"
        );
        let at = self.free;
        self.free += size;
        at
    }

    /// Tells the tracer (and `gcvm-lab check`) that `from` was copied to `to`. Call it once per
    /// copied object.
    pub fn report_move(&mut self, from: Ref, to: Ref, size: usize) {
        self.events
            .moved(from.offset() as u64, to.offset() as u64, size as u32);
        self.copied_objects += 1;
    }

    /// The reference fields of the to-space copy `obj` to trace, as slot offsets: every
    /// reference field, except the referent of a java.lang.ref.Reference whose referent has not
    /// been copied (reference processing decides about it later).
    pub fn fields_to_trace(&mut self, obj: Ref) -> Vec<usize> {
        let memory = self.memory;
        let skip = self
            .refs
            .should_discover(memory, obj, |r| gcword::is_forwarded(memory.gc_word(r)))
            .map(|(kind, slot)| {
                self.discovered.push(kind, obj);
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

    /// The reference stored at `slot`.
    pub fn read_ref(&self, slot: usize) -> Ref {
        self.memory.read_ref(slot)
    }

    /// Stores `target` at `slot` (collectors write without barriers).
    pub fn write_ref(&self, slot: usize, target: Ref) {
        self.memory.gc_write_ref(slot, target)
    }
}

/// Reference processing's view of the copy: copied means live, keeping alive is evacuating
/// and scanning on.
struct Refs<'c, 'a, S>(&'c mut Cheney<'a>, PhantomData<S>);

impl<S: CopyingSteps> Liveness for Refs<'_, '_, S> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        let c = &mut *self.0;
        if (c.to_start..c.limit).contains(&obj.offset()) {
            return Some(obj);
        }
        let word = c.memory.gc_word(obj);
        gcword::is_forwarded(word).then(|| gcword::forwarded_to(word))
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let copies = objs.iter().map(|&o| S::evacuate(self.0, o)).collect();
        S::scan(self.0);
        discovered.merge(std::mem::take(&mut self.0.discovered));
        copies
    }
}

#[derive(Clone, Copy, Debug)]
struct Half {
    start: usize,
    end: usize,
    reserved_end: usize,
    top: usize,
}

impl Half {
    fn capacity(&self) -> usize {
        self.end - self.start
    }
    fn free(&self) -> usize {
        self.end - self.top
    }
    fn bump(&mut self, size: usize) -> Option<usize> {
        (self.free() >= size).then(|| {
            let at = self.top;
            self.top += size;
            at
        })
    }
}

/// The smallest a half may be.
const MIN_HALF: usize = 256 * 1024;

/// The lab's semispace collector over the student's (or the solution's) `CopyingSteps`.
pub struct LabCopying<S: CopyingSteps> {
    name: &'static str,
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    halves: [Half; 2],
    from: usize,
    steps: PhantomData<S>,
}

impl<S: CopyingSteps> LabCopying<S> {
    pub fn new(ctx: CollectorContext, name: &'static str) -> Result<Self, String> {
        let half_max = align_down_page(ctx.config.max_size / 2).max(MIN_HALF);
        let half_initial = align_down_page(ctx.config.initial_size / 2).clamp(MIN_HALF, half_max);
        if ctx.memory.size() < Self::reservation_for(ctx.config.max_size) {
            return Err(format!("{name}: the heap reservation is too small"));
        }
        let half = |start: usize| Half {
            start,
            end: start + half_initial,
            reserved_end: start + half_max,
            top: start,
        };
        Ok(LabCopying {
            name,
            halves: [half(RESERVED_PREFIX), half(RESERVED_PREFIX + half_max)],
            from: 0,
            memory: ctx.memory,
            types: ctx.types,
            steps: PhantomData,
        })
    }

    /// Bytes of address space for a heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + 2 * align_down_page(max_size / 2).max(MIN_HALF)
    }

    fn allocation_half(&self) -> &Half {
        &self.halves[self.from]
    }

    /// Doubles both halves, up to the reservation; true if they grew.
    fn grow(&mut self) -> bool {
        let mut grew = false;
        for half in &mut self.halves {
            let new_end = (half.start + 2 * half.capacity()).min(half.reserved_end);
            grew |= new_end > half.end;
            half.end = new_end;
        }
        grew
    }
}

impl<S: CopyingSteps> StwCollector for LabCopying<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let mut spaces: Vec<SpaceInfo> = self
            .halves
            .iter()
            .enumerate()
            .map(|(i, h)| SpaceInfo {
                id: i as u32,
                name: format!("semispace-{i}"),
                kind: if i == self.from {
                    SpaceKind::SemiFrom
                } else {
                    SpaceKind::SemiTo
                },
                start: h.start,
                end: h.end,
                reserved_end: h.reserved_end,
                top: if i == self.from { h.top } else { h.start },
            })
            .collect();
        spaces.sort_by_key(|s| s.start);
        spaces
    }

    fn alloc_tlab(&mut self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let half = &mut self.halves[self.from];
        let size = desired.min(half.free());
        if size < min {
            return None;
        }
        half.bump(size).map(|start| (start, start + size))
    }

    fn alloc_outside_tlab(&mut self, size: usize) -> Option<usize> {
        self.halves[self.from].bump(size)
    }

    fn tlab_capacity(&self) -> usize {
        self.allocation_half().capacity()
    }

    fn collect(
        &mut self,
        _cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used_before = self.used();
        let to = 1 - self.from;
        let to_half = self.halves[to];
        let (memory, types) = (&*self.memory, &*self.types);
        let mut c = Cheney {
            memory,
            to_start: to_half.start,
            scan: to_half.start,
            free: to_half.start,
            limit: to_half.end,
            types,
            refs: types.references(),
            events,
            copied_objects: 0,
            discovered: Discovered::default(),
        };
        roots.visit_roots(&mut |r| S::evacuate(&mut c, r));
        S::scan(&mut c);
        let discovered = std::mem::take(&mut c.discovered);
        ReferenceProcessor::new(types, memory)
            .process(discovered, &mut Refs::<S>(&mut c, PhantomData));
        let (top, live_objects) = (c.free, c.copied_objects);
        // The flip: to-space holds the survivors and becomes the space mutators allocate in.
        self.halves[to].top = top;
        self.halves[self.from].top = self.halves[self.from].start;
        self.from = to;
        let used_after = self.used();
        if used_after * 2 > self.allocation_half().capacity() {
            self.grow();
        }
        GcOutcome::whole_heap(
            used_before,
            used_after,
            self.capacity(),
            used_after,
            live_objects,
        )
    }

    fn grow_for(&mut self, wanted: usize) -> bool {
        let mut grew = false;
        while self.allocation_half().free() < wanted && self.grow() {
            grew = true;
        }
        grew
    }

    fn used(&self) -> usize {
        let h = self.allocation_half();
        h.top - h.start
    }

    fn capacity(&self) -> usize {
        self.halves.iter().map(Half::capacity).sum()
    }

    fn max_capacity(&self) -> usize {
        self.halves.iter().map(|h| h.reserved_end - h.start).sum()
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let h = self.allocation_half();
        vec![(h.start, h.top)]
    }

    fn gather_streams(&self, tiles: &mut Tiler) {
        tiles.separator(self.allocation_half().top as u64);
    }
}
