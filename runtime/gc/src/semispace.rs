//! Semispace: Cheney-style copying collection between two halves of the heap.
//!
//! # Algorithm
//!
//! The heap is split into two equal halves. Mutators bump-allocate (in TLABs) in one half, the
//! *from-space*; the other, the *to-space*, is empty. When allocation fails, the world stops and
//! the collector copies every object reachable from the roots into to-space, then swaps the roles
//! of the halves. Whatever was not copied is garbage and is reclaimed all at once, without ever
//! being looked at: the cost of a collection is proportional to the *live* data, not the heap.
//!
//! Cheney's trick (1970) makes the copy a breadth-first traversal with no stack: to-space itself
//! is the queue.
//!
//! ```text
//!   to-space:  [ scanned (black) | copied, not scanned (grey) | free ...        ]
//!               ^start            ^scan                        ^free
//! ```
//!
//! 1. **Roots.** Each root is *evacuated*: if its object is already forwarded, the root gets the
//!    forwarding address; otherwise the object is copied to `free`, `free` advances, and a
//!    forwarding pointer to the copy is left in the old object's GC word.
//! 2. **Scan.** While `scan < free`, take the object at `scan` (grey), evacuate every reference
//!    field it has and store the new addresses back, then advance `scan` past it (black).
//! 3. **Flip.** When `scan == free`, everything reachable has been copied. The halves swap;
//!    allocation continues at `free` in the new from-space.
//!
//! # Invariants
//! - Between collections, every object lives in from-space, and `[start, top)` of from-space is
//!   parseable (TLAB leftovers are filled with filler objects by the allocator).
//! - During a collection, an object in from-space is either unvisited (a normal GC word) or
//!   forwarded (GC word = new address | 0b11); an object in to-space below `scan` has only
//!   to-space references (black), between `scan` and `free` it may still have from-space
//!   references (grey). To-space never refers to an unvisited object once `scan == free`.
//! - Copying preserves the GC word (identity hash, monitor index) and increments the age.
//!
//! # Barriers
//! None: the whole heap is collected with the world stopped, so mutators need no write barrier.
//!
//! # Sizing
//! Each half starts at half of -Xms and doubles (up to half of -Xmx) whenever a collection leaves
//! it more than half full or cannot satisfy the allocation that triggered it.
//!
//! # What it reports to the tracer
//! A GC start/end pair per collection (kind Major: the whole heap is collected) and one `moved`
//! event per copied object, in copy order. Every object not moved is dead.

use crate::collector::*;
use crate::memory::{HeapMemory, RESERVED_PREFIX};
use crate::object::{gcword, Ref, TypeRegistry};
use std::sync::Arc;

/// One half of the heap.
#[derive(Clone, Copy, Debug)]
struct Half {
    start: usize,
    /// Committed end: allocation may not pass it.
    end: usize,
    /// The most this half may ever grow to.
    reserved_end: usize,
    /// Allocation pointer.
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

pub struct SemiSpace {
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    halves: [Half; 2],
    /// Index of the current from-space (the half mutators allocate in).
    from: usize,
}

/// The smallest a half may be: room for a TLAB and some objects.
const MIN_HALF: usize = 256 * 1024;

impl SemiSpace {
    pub fn new(ctx: CollectorContext) -> Result<SemiSpace, String> {
        let half_max = align_down_page(ctx.config.max_size / 2).max(MIN_HALF);
        let half_initial = align_down_page(ctx.config.initial_size / 2).clamp(MIN_HALF, half_max);
        let needed = RESERVED_PREFIX + 2 * half_max;
        if ctx.memory.size() < needed {
            return Err(format!("heap reservation of {} bytes is smaller than the {needed} semispace needs", ctx.memory.size()));
        }
        let half = |start: usize| Half { start, end: start + half_initial, reserved_end: start + half_max, top: start };
        Ok(SemiSpace {
            halves: [half(RESERVED_PREFIX), half(RESERVED_PREFIX + half_max)],
            from: 0,
            memory: ctx.memory,
            types: ctx.types,
        })
    }

    /// Bytes the reservation must have for a semispace heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + 2 * align_down_page(max_size / 2).max(MIN_HALF)
    }

    fn from_half(&self) -> &Half {
        &self.halves[self.from]
    }

    /// Doubles both halves' committed size, up to the reservation; true if they grew.
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

fn align_down_page(n: usize) -> usize {
    n & !4095
}

/// The state of one Cheney copy: where the next copy goes and who hears about it.
struct Evacuator<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    free: usize,
    limit: usize,
    events: &'a mut dyn GcEventSink,
    copied_objects: usize,
}

impl Evacuator<'_> {
    /// Returns the to-space copy of `obj`, copying it first if this is its first visit.
    fn evacuate(&mut self, obj: Ref) -> Ref {
        let word = self.memory.gc_word(obj);
        if gcword::is_forwarded(word) {
            return gcword::forwarded_to(word);
        }
        let size = self.memory.object_size(self.types, obj);
        assert!(self.free + size <= self.limit, "semispace: to-space overflow (live data exceeds a half)");
        let to = self.free;
        self.memory.copy(obj.offset(), to, size);
        self.free += size;
        let copy = Ref::from_offset(to);
        self.memory.set_gc_word(copy, gcword::aged(word));
        self.memory.forward_to(obj, copy);
        self.events.moved(obj.offset() as u64, to as u64, size as u32);
        self.copied_objects += 1;
        copy
    }

    /// Evacuates every reference field of the (grey) object at `scan`; returns its size.
    fn scan_object(&mut self, scan: usize) -> usize {
        let obj = Ref::from_offset(scan);
        let memory = self.memory;
        let types = self.types;
        memory.for_each_ref_slot(types, obj, |slot| {
            let target = memory.read_ref(slot);
            if !target.is_null() {
                let moved = self.evacuate(target);
                memory.write_ref(slot, moved);
            }
        });
        memory.object_size(types, obj)
    }
}

impl Collector for SemiSpace {
    fn name(&self) -> &'static str {
        "semispace"
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let mut spaces: Vec<SpaceInfo> = self
            .halves
            .iter()
            .enumerate()
            .map(|(i, h)| SpaceInfo {
                id: i as u32,
                name: format!("semispace-{i}"),
                kind: if i == self.from { SpaceKind::SemiFrom } else { SpaceKind::SemiTo },
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
        self.from_half().capacity()
    }

    fn collect(&mut self, _cause: GcCause, roots: &mut dyn RootSource, events: &mut dyn GcEventSink) -> GcOutcome {
        let used_before = self.used();
        let to = 1 - self.from;
        let to_half = self.halves[to];
        let mut ev = Evacuator {
            memory: &self.memory,
            types: &self.types,
            free: to_half.start,
            limit: to_half.end,
            events,
            copied_objects: 0,
        };
        roots.visit_roots(&mut |r| ev.evacuate(r));
        let mut scan = to_half.start;
        while scan < ev.free {
            scan += ev.scan_object(scan);
        }
        let (free, live_objects) = (ev.free, ev.copied_objects);
        self.halves[to].top = free;
        self.halves[self.from].top = self.halves[self.from].start;
        self.from = to;
        let used_after = self.used();
        if used_after * 2 > self.from_half().capacity() {
            self.grow();
        }
        GcOutcome {
            kind: GcKind::Major,
            used_before,
            used_after,
            capacity_after: self.capacity(),
            moved_bytes: used_after,
            live_objects,
        }
    }

    fn grow_for(&mut self, wanted: usize) -> bool {
        let mut grew = false;
        while self.from_half().free() < wanted && self.grow() {
            grew = true;
        }
        grew
    }

    fn used(&self) -> usize {
        let h = self.from_half();
        h.top - h.start
    }

    fn capacity(&self) -> usize {
        self.halves.iter().map(Half::capacity).sum()
    }

    fn max_capacity(&self) -> usize {
        self.halves.iter().map(|h| h.reserved_end - h.start).sum()
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let h = self.from_half();
        vec![(h.start, h.top)]
    }
}
