//! Lab 03, your part: Lisp-2 sliding compaction. Write the three functions below; README.md
//! explains each step, and `gcvm-lab check compaction` tells you what works.
//!
//! What you have (collector.rs, `Compactor`):
//! - `c.marked_objects()`: the live objects, in address order (marking is done for you);
//! - `c.size_of(obj)`, `c.start`, `c.top`, `c.free` (the compaction pointer, starting at
//!   `c.start`), `c.saved_words` (a `Vec<u64>` for the GC words you save);
//! - `c.memory.gc_word(obj)`; `c.memory.gc_forward(obj, to)`, `c.memory.gc_set_word(obj, word)`,
//!   `c.memory.gc_copy_overlapping(from, to, len)` (the `CollectorWrites` trait);
//!   `gcword::aged(word)`: the same word, one collection older;
//! - `c.forwarding_address(obj)`: the new address step 1 gave `obj`;
//! - `c.ref_slots(obj)`, `c.read_ref(slot)`, `c.write_ref(slot, r)`;
//!   `roots.visit_roots(&mut |r| ...)`: each root becomes what the closure returns;
//! - `c.report_move(from, to, size)`, `c.report_kept(obj, size)`.

#[allow(unused_imports)]
use super::{CompactionSteps, Compactor, STEP_1, STEP_2, STEP_3};
#[allow(unused_imports)]
use gcvm_gc::kit::CollectorWrites;
#[allow(unused_imports)]
use gcvm_gc::object::{gcword, Ref};
#[allow(unused_imports)]
use gcvm_gc::RootSource;

pub struct Student;

impl CompactionSteps for Student {
    /// Step 1: for each marked object, in address order (`c.marked_objects()`):
    /// - its new address is `c.free`;
    /// - push its GC word (`c.memory.gc_word(obj)`) onto `c.saved_words`, *then* replace the
    ///   word with a forwarding pointer to the new address (`c.memory.gc_forward(obj, to)`);
    /// - move `c.free` on by the object's size.
    ///
    /// Afterwards `c.free` is where the compacted objects will end.
    fn compute_forwarding(c: &mut Compactor<'_>) {
        let _ = c;
        crate::missing(&STEP_1)
    }

    /// Step 2: nothing has moved yet, so every marked object still carries its forwarding
    /// pointer. Replace
    /// - every root by its object's new address (`roots.visit_roots`, returning
    ///   `c.forwarding_address(root)`), and
    /// - every non-null reference field of every marked object (`c.ref_slots(obj)`) by its
    ///   target's new address (`c.write_ref(slot, c.forwarding_address(target))`).
    ///
    /// The fields are updated where the objects are now; step 3 carries them along.
    fn update_references(c: &mut Compactor<'_>, roots: &mut dyn RootSource) {
        let _ = (c, roots);
        crate::missing(&STEP_2)
    }

    /// Step 3: take the saved words back (`std::mem::take(&mut c.saved_words)`), and for each
    /// marked object, in address order (the order you saved them in):
    /// - read its size and new address *before* copying (the copy may overwrite its header);
    /// - copy its bytes to the new address (`c.memory.gc_copy_overlapping`: the two places may
    ///   overlap);
    /// - give the copy its saved GC word, one collection older (`gcword::aged`): the forwarding
    ///   pointer goes, the identity hash and the monitor come back;
    /// - report it: `c.report_move(obj, to, size)` if it moved, `c.report_kept(obj, size)` if
    ///   its new address is its old one.
    ///
    /// Finally set `c.top` to the end of the compacted objects (`c.free`): everything above it
    /// is free.
    fn slide(c: &mut Compactor<'_>) {
        let _ = c;
        crate::missing(&STEP_3)
    }
}
