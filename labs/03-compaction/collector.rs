//! Lab 03's scaffolding: a sliding (Lisp-2) mark-compact collector whose three compaction
//! passes are the student's.
//!
//! The heap is one space, `[start, end)`. Mutators bump-allocate (in TLABs) from its free tail
//! `[top, end)`. When that runs out the world stops, and the collector *slides* every live
//! object down towards `start`, squeezing out the garbage between them: afterwards the live
//! objects are one contiguous block `[start, top)`, in the order they were allocated, and
//! everything above `top` is free again. No second half of the heap is needed (unlike lab 02's
//! copying collector): an object only ever moves down, within the space.
//!
//! ```text
//!  before:   [A][x][B][y  ][C][z][D]                 x, y, z are garbage
//!  mark:      A*    B*      C*    D*                 * = bit set in the mark bitmap (given)
//!  step 1:    A->0  B->|A|  C->|AB| D->|ABC|         new address = live bytes below it
//!  step 2:    every root and field pointing at X now holds X's new address
//!  step 3:   [A][B][C][D]                            slid down in address order; top = end of D
//! ```
//!
//! All of that is here — the space, allocation, growing the heap, marking, reference processing,
//! what the collector reports to the tracer and the viewer — except the three passes of
//! `CompactionSteps`, which student.rs writes:
//!
//! 1. `compute_forwarding(c)`: walk the marked objects in address order with a compaction
//!    pointer `c.free` that starts at `c.start`; each object's new address is `c.free`, which
//!    then moves on by the object's size. The new address goes into the object's GC word (a
//!    forwarding pointer), after the GC word itself is saved in `c.saved_words`.
//! 2. `update_references(c, roots)`: every root and every reference field of every marked object
//!    now points at its target's new address (read from the target's GC word: nothing has moved
//!    yet, so every forwarding pointer is still there).
//! 3. `slide(c)`: walk the marked objects in address order again; copy each to its new address
//!    (the copy may overlap the object's own old bytes), give the copy back its saved GC word one
//!    collection older, report it to the tracer; finally `c.top` becomes `c.free`.
//!
//! A collection, in `LabCompaction::collect`:
//! ```text
//!   mark from the roots (a mark stack, the side bitmap)     // given
//!   process references (soft, weak, phantom)                // given
//!   step 1: compute_forwarding(c)
//!   step 2: update_references(c, roots)
//!   step 3: slide(c)
//!   clear the mark bitmap; top = c.top; grow the space if it is more than 70% full
//! ```
//!
//! Where things live:
//! - **Mark bits**: in a side bitmap (`MarkBitmap`, one bit per 8-byte heap word, set at an
//!   object's first word), not in the objects. `c.marked_objects()` reads the bits in address
//!   order, so the passes jump from live object to live object and never look at garbage.
//! - **Forwarding addresses**: in the object's GC word (`gcword::forwarding`, written by
//!   `c.memory.gc_forward`), as gcvm's own mark-compact does. The GC word also holds the
//!   object's age, identity hash and monitor index, so step 1 saves every marked object's word
//!   in `c.saved_words` first — in address order, which is exactly the order step 3 visits the
//!   objects in, so step 3 takes them back one by one.
//!
//! Invariants:
//! - Between collections `[start, top)` is parseable object by object (the VM fills TLAB tails
//!   with filler objects) and `[top, end)` is free.
//! - After marking, a bit is set exactly at the start of each object reachable from the roots.
//! - After step 1, every marked object's GC word is a forwarding pointer to an address no
//!   higher than its own, the new addresses are contiguous from `start` in address order, and
//!   `c.saved_words[i]` is the original word of the i-th marked object.
//! - Step 3 goes up in address order and every object moves down (or stays), so a copy only
//!   ever overwrites bytes below the end of the object being moved: no object is overwritten
//!   before it has been moved.
//! - After step 3 no GC word is forwarded, every survivor is one collection older, and
//!   `[start, top)` holds exactly the live objects.
//!
//! One worker, sequential, readable before clever. gcvm's own version is
//! runtime/gc/src/markcompact/mod.rs: parallel marking, a dense prefix that is not moved, runs
//! of neighbours moved with one memmove, and only hashed objects' words saved.

use crate::Step;
use gcvm_gc::collector::{StepKind, StreamDef, Tiler};
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::memory::{HeapMemory, RESERVED_PREFIX};
use gcvm_gc::object::{gcword, Ref, TypeRegistry, FILLER_TYPE};
use gcvm_gc::shared::markbitmap::MarkBitmap;
use gcvm_gc::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use gcvm_gc::shared::sizing::align_down_page;
use gcvm_gc::{
    CollectorContext, GcCause, GcEventSink, GcOutcome, NoEvents, RootSource, SpaceInfo, SpaceKind,
    StwCollector,
};
use std::marker::PhantomData;

/// The one step frame this lab's collector takes: marking done, nothing moved yet
/// (docs/stream-format.md, "Steps inside a collection").
static STEP_MARKED: StepKind = StepKind {
    kind: "lab-compaction.marked",
    name: "marked",
    explain: "Marking is done: every object reachable from the roots has its mark bit set; \
              the rest of each tile's used bytes is garbage, still in place.",
    concurrent: false,
    progress: false,
};
static STEPS: [&StepKind; 1] = [&STEP_MARKED];
use std::sync::Arc;

pub static STEP_1: Step = Step {
    lab: "03-compaction",
    number: 1,
    title: "compute forwarding addresses (each marked object, in address order, gets the next address at the compaction pointer)",
};
pub static STEP_2: Step = Step {
    lab: "03-compaction",
    number: 2,
    title: "update references (every root and every field of every live object to its target's new address)",
};
pub static STEP_3: Step = Step {
    lab: "03-compaction",
    number: 3,
    title: "slide (move each live object to its new address, restore its GC word, report it, set the new top)",
};

/// The student's part: see README.md.
pub trait CompactionSteps: Send + 'static {
    /// Step 1: gives every marked object, in address order, its new address (`c.free`, which
    /// then moves on by the object's size), saving its GC word first.
    fn compute_forwarding(c: &mut Compactor<'_>);
    /// Step 2: points every root and every reference field of every marked object at its
    /// target's new address.
    fn update_references(c: &mut Compactor<'_>, roots: &mut dyn RootSource);
    /// Step 3: moves every marked object to its new address, in address order, restoring its GC
    /// word; then sets `c.top`.
    fn slide(c: &mut Compactor<'_>);
}

/// The state of one collection's compaction, as the student's functions see it.
///
/// ```text
///   before step 1:  [ A ][ x ][ B ][ y ][ C ]            x, y garbage
///                   ^start = free            ^top (the end of the objects)
///   step 1:         A -> start, B -> start + |A|, C -> start + |A| + |B|
///   after step 1:   free = start + |A| + |B| + |C|: where C's copy will end, the new top
/// ```
pub struct Compactor<'a> {
    /// The heap: read GC words (`memory.gc_word(obj)`) and write as a collector does
    /// (`memory.gc_forward`, `gc_set_word`, `gc_copy_overlapping`: the `CollectorWrites` trait).
    pub memory: &'a HeapMemory,
    /// The bottom of the space: the first live object slides here.
    pub start: usize,
    /// The end of the objects: when the collection starts, `[start, top)` holds every object,
    /// live or dead. Step 3 sets it to the end of the compacted objects.
    pub top: usize,
    /// The compaction pointer: where the next live object will go. It starts at `start`; after
    /// step 1 it is where the compacted objects end.
    pub free: usize,
    /// The original GC words of the marked objects, in address order: step 1 pushes them, step
    /// 3 takes them back in the same order.
    pub saved_words: Vec<u64>,
    types: &'a TypeRegistry,
    marks: &'a MarkBitmap,
    events: &'a mut dyn GcEventSink,
    moved_bytes: usize,
}

impl<'a> Compactor<'a> {
    /// The marked (live) objects of `[start, top)`, in address order.
    pub fn marked_objects(&self) -> Vec<Ref> {
        self.marks
            .marked(self.start, self.top)
            .map(Ref::from_offset)
            .collect()
    }

    /// The size in bytes of `obj` (header included). Its type and length are not in the GC
    /// word, so a forwarded object still has its size — until something is copied over it.
    pub fn size_of(&self, obj: Ref) -> usize {
        self.memory.object_size(self.types, obj)
    }

    /// The new address step 1 gave `obj`: the forwarding pointer in its GC word.
    pub fn forwarding_address(&self, obj: Ref) -> Ref {
        let word = self.memory.gc_word(obj);
        assert!(
            gcword::is_forwarded(word),
            "the object at {obj:?} has no forwarding address (its GC word is {word:#x}): step 1 \
             forwards every marked object, and only marked objects are referenced"
        );
        gcword::forwarded_to(word)
    }

    /// The reference fields of `obj`, as slot offsets: every one of them (the referent of a
    /// java.lang.ref.Reference too: reference processing has cleared it if it died).
    pub fn ref_slots(&self, obj: Ref) -> Vec<usize> {
        let mut slots = Vec::new();
        self.memory
            .for_each_ref_slot(self.types, obj, |slot| slots.push(slot));
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

    /// Tells the tracer (and `gcvm-lab check`) that the object at `from` now lives at `to`.
    /// Call it once per object that moved.
    pub fn report_move(&mut self, from: Ref, to: Ref, size: usize) {
        self.events
            .moved(from.offset() as u64, to.offset() as u64, size as u32);
        self.moved_bytes += size;
    }

    /// Tells the tracer that the live object `obj` stayed where it was. Call it once per live
    /// object that did not move: an object with neither report counts as dead.
    pub fn report_kept(&mut self, obj: Ref, size: usize) {
        self.events.kept_alive(obj.offset() as u64, size as u32);
    }
}

/// The given marking: a mark stack (never recursion: a long linked list must not overflow the
/// machine stack) and the side bitmap.
struct Marker<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    marks: &'a MarkBitmap,
    /// Marked objects whose fields have not been looked at yet.
    stack: Vec<Ref>,
    /// java.lang.ref references whose referent was not marked when they were scanned.
    discovered: Discovered,
    marked: usize,
}

impl Marker<'_> {
    fn mark(&mut self, obj: Ref) {
        if self.marks.mark(obj.offset()) {
            self.marked += 1;
            self.stack.push(obj);
        }
    }

    /// Scans marked objects until the stack is empty: marks each one's unmarked children. A
    /// reference whose referent is not marked yet is *discovered* instead of having its
    /// referent traced: reference processing decides about the referent afterwards.
    fn drain(&mut self) {
        let (memory, types, marks) = (self.memory, self.types, self.marks);
        while let Some(obj) = self.stack.pop() {
            let skip = types
                .references()
                .should_discover(memory, obj, |r| marks.is_marked(r.offset()))
                .map(|(kind, slot)| {
                    self.discovered.push(kind, obj);
                    slot
                });
            memory.for_each_ref_slot(types, obj, |slot| {
                let child = memory.read_ref(slot);
                if Some(slot) != skip && !child.is_null() && marks.mark(child.offset()) {
                    self.marked += 1;
                    self.stack.push(child);
                }
            });
        }
    }
}

/// Reference processing's view of marking: marked means live (nothing has moved yet, so a live
/// referent keeps its address), keeping alive is marking on.
impl Liveness for Marker<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        self.marks.is_marked(obj.offset()).then_some(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        for &obj in objs {
            self.mark(obj);
        }
        self.drain();
        discovered.merge(std::mem::take(&mut self.discovered));
        objs.to_vec()
    }
}

/// Marks everything reachable from `roots` in `marks` (which must cover the objects), then
/// processes the java.lang.ref references found (clearing those whose referent died). Returns
/// how many objects were marked.
fn mark_from_roots(
    memory: &HeapMemory,
    types: &TypeRegistry,
    marks: &MarkBitmap,
    roots: &mut dyn RootSource,
) -> usize {
    let mut marker = Marker {
        memory,
        types,
        marks,
        stack: Vec::new(),
        discovered: Discovered::default(),
        marked: 0,
    };
    roots.visit_roots(&mut |r| {
        marker.mark(r);
        r
    });
    marker.drain();
    let discovered = std::mem::take(&mut marker.discovered);
    ReferenceProcessor::new(types, memory).process(discovered, &mut marker);
    marker.marked
}

/// What steps 1 and 2 left behind when `run_steps` stopped (for the checks).
pub struct StepsRun {
    /// `Compactor::free` and `Compactor::saved_words` after the last step run.
    pub free: usize,
    pub saved_words: Vec<u64>,
}

/// For the checks (checks.rs): marks the space `[start, top)` of a heap from `roots` with the
/// given marking, then runs step 1 of `S`, and step 2 too if `last` is 2 — a collection
/// stopped part way, so step 1 can be checked before step 2 is written (step 3 is checked by
/// whole collections). The heap is left as the steps left it: forwarded, nothing moved.
pub fn run_steps<S: CompactionSteps>(
    memory: &HeapMemory,
    types: &TypeRegistry,
    (start, top): (usize, usize),
    roots: &mut dyn RootSource,
    last: u32,
) -> StepsRun {
    let mut marks = MarkBitmap::new(start);
    marks.cover(top);
    mark_from_roots(memory, types, &marks, roots);
    let mut events = NoEvents;
    let mut c = Compactor {
        memory,
        start,
        top,
        free: start,
        saved_words: Vec::new(),
        types,
        marks: &marks,
        events: &mut events,
        moved_bytes: 0,
    };
    S::compute_forwarding(&mut c);
    if last >= 2 {
        S::update_references(&mut c, roots);
    }
    StepsRun {
        free: c.free,
        saved_words: c.saved_words,
    }
}

/// The smallest the space may be: room for a TLAB and some objects.
const MIN_CAPACITY: usize = 256 * 1024;
/// A collection that leaves the space more than this percentage full doubles it.
const GROW_THRESHOLD_PERCENT: usize = 70;
/// The viewer's stream of marked bytes (after the standard streams, as mark-compact's).
const STREAM_MARKED: u16 = gcvm_tracer::stream::standard::COUNT;

/// The lab's sliding compactor over the student's (or the solution's) `CompactionSteps`.
pub struct LabCompaction<S: CompactionSteps> {
    name: &'static str,
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    start: usize,
    /// Committed end: allocation may not pass it.
    end: usize,
    /// The most the space may ever grow to.
    reserved_end: usize,
    /// Allocation pointer: `[start, top)` holds objects.
    top: usize,
    marks: MarkBitmap,
    steps: PhantomData<S>,
}

impl<S: CompactionSteps> LabCompaction<S> {
    pub fn new(ctx: CollectorContext, name: &'static str) -> Result<Self, String> {
        let max = align_down_page(ctx.config.max_size).max(MIN_CAPACITY);
        let initial = align_down_page(ctx.config.initial_size).clamp(MIN_CAPACITY, max);
        if ctx.memory.size() < Self::reservation_for(ctx.config.max_size) {
            return Err(format!("{name}: the heap reservation is too small"));
        }
        let start = RESERVED_PREFIX;
        Ok(LabCompaction {
            name,
            memory: ctx.memory,
            types: ctx.types,
            start,
            end: start + initial,
            reserved_end: start + max,
            top: start,
            marks: MarkBitmap::new(start),
            steps: PhantomData,
        })
    }

    /// Bytes of address space for a heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + align_down_page(max_size).max(MIN_CAPACITY)
    }

    fn bump(&mut self, size: usize) -> Option<usize> {
        (self.end - self.top >= size).then(|| {
            let at = self.top;
            self.top += size;
            at
        })
    }

    /// Doubles the committed size, up to the reservation; true if it grew.
    fn grow(&mut self) -> bool {
        let new_end = (self.start + 2 * (self.end - self.start)).min(self.reserved_end);
        let grew = new_end > self.end;
        self.end = new_end;
        grew
    }

    /// The viewer's frame at the end of marking (nothing moved yet): every object, and the
    /// bytes marked live in each tile.
    fn tile_marking(&self, tiles: &mut Tiler) {
        let mut at = self.start;
        while at < self.top {
            let obj = Ref::from_offset(at);
            let size = self.memory.object_size(&self.types, obj);
            if self.memory.type_id(obj) != FILLER_TYPE {
                tiles.object(at as u64, size as u64);
            }
            at += size;
        }
        for addr in self.marks.marked(self.start, self.top) {
            let size = self.memory.object_size(&self.types, Ref::from_offset(addr)) as u64;
            let addr = addr as u64;
            tiles.set_range(STREAM_MARKED, addr, addr + size, size, true);
        }
    }
}

impl<S: CompactionSteps> StwCollector for LabCompaction<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        vec![SpaceInfo {
            id: 0,
            name: "compacted".into(),
            kind: SpaceKind::Old,
            start: self.start,
            end: self.end,
            reserved_end: self.reserved_end,
            top: self.top,
        }]
    }

    fn alloc_tlab(&mut self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let size = desired.min(self.end - self.top);
        if size < min {
            return None;
        }
        self.bump(size).map(|start| (start, start + size))
    }

    fn alloc_outside_tlab(&mut self, size: usize) -> Option<usize> {
        self.bump(size)
    }

    fn tlab_capacity(&self) -> usize {
        self.end - self.start
    }

    fn collect(
        &mut self,
        _cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used_before = self.used();
        let old_top = self.top;
        self.marks.cover(old_top);
        let live_objects = mark_from_roots(&self.memory, &self.types, &self.marks, roots);
        gcvm_gc::shared::steps::take(
            events,
            &STEP_MARKED,
            || self.spaces(),
            || format!("Marked: {live_objects} objects live"),
            |tiles| self.tile_marking(tiles),
        );

        let (memory, types) = (&*self.memory, &*self.types);
        let mut c = Compactor {
            memory,
            start: self.start,
            top: old_top,
            free: self.start,
            saved_words: Vec::new(),
            types,
            marks: &self.marks,
            events,
            moved_bytes: 0,
        };
        S::compute_forwarding(&mut c);
        S::update_references(&mut c, roots);
        S::slide(&mut c);
        let (new_top, moved_bytes) = (c.top, c.moved_bytes);
        assert!(
            (self.start..=old_top).contains(&new_top),
            "after step 3 the top is {new_top:#x}, outside the space's objects [{:#x}, {old_top:#x}]: \
             set c.top to the end of the compacted objects",
            self.start
        );

        self.marks.clear(old_top);
        self.top = new_top;
        let used_after = self.used();
        if used_after * 100 > GROW_THRESHOLD_PERCENT * self.capacity() {
            self.grow();
        }
        GcOutcome::whole_heap(
            used_before,
            used_after,
            self.capacity(),
            moved_bytes,
            live_objects,
        )
    }

    fn grow_for(&mut self, wanted: usize) -> bool {
        let mut grew = false;
        while self.end - self.top < wanted && self.grow() {
            grew = true;
        }
        grew
    }

    fn used(&self) -> usize {
        self.top - self.start
    }

    fn capacity(&self) -> usize {
        self.end - self.start
    }

    fn max_capacity(&self) -> usize {
        self.reserved_end - self.start
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        vec![(self.start, self.top)]
    }

    fn step_kinds(&self) -> &'static [&'static StepKind] {
        &STEPS
    }

    /// The viewer's stream of marked bytes, sent in the `marked` step frame after marking.
    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        vec![StreamDef {
            id: STREAM_MARKED,
            name: "marked".into(),
            description: "bytes of objects marked live (the marked step frame: marking done, \
                          nothing moved yet; the rest of the tile's used bytes is garbage)"
                .into(),
            unit: "bytes".into(),
            presentation: gcvm_tracer::stream::Presentation::Percent,
            max: tile_size,
            colour: "#8c564b".into(),
            from_trace: false,
        }]
    }

    /// The viewer sees the allocation top, the boundary each collection moves down.
    fn gather_streams(&self, tiles: &mut Tiler) {
        tiles.separator(self.top as u64);
    }
}
