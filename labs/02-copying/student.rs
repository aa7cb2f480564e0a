//! Lab 02, your part: Cheney's copying. Write the two functions below; README.md explains
//! each step, and `gcvm-lab check copying` tells you what works.
//!
//! What you have (collector.rs, `Cheney`):
//! - `c.memory.gc_word(obj)`: an object's GC word; `gcword::is_forwarded(word)`,
//!   `gcword::forwarded_to(word)`, `gcword::aged(word)` read and make them;
//! - `c.size_of(obj)`, `c.claim(size)` (room at `free` in to-space);
//! - `c.memory.gc_copy_object(from, to, size)`, `c.memory.gc_set_word(obj, word)`,
//!   `c.memory.gc_forward(obj, to)` (the `CollectorWrites` trait);
//! - `c.report_move(from, to, size)`;
//! - `c.scan`, `c.free`, `c.fields_to_trace(obj)`, `c.read_ref(slot)`, `c.write_ref(slot, r)`.

#[allow(unused_imports)]
use super::{Cheney, CopyingSteps, STEP_1, STEP_2};
#[allow(unused_imports)]
use gcvm_gc::kit::CollectorWrites;
#[allow(unused_imports)]
use gcvm_gc::object::{gcword, Ref};

pub struct Student;

impl CopyingSteps for Student {
    /// Step 1: returns the to-space copy of `obj`.
    /// - If `obj`'s GC word is a forwarding pointer, `obj` was copied already: return the copy.
    /// - Else claim room for it at `free`, copy it there, give the copy `obj`'s GC word one
    ///   collection older (`gcword::aged`), leave a forwarding pointer to the copy in `obj`,
    ///   report the move, and return the copy.
    fn evacuate(c: &mut Cheney<'_>, obj: Ref) -> Ref {
        let _ = (c, obj);
        crate::missing(&STEP_1)
    }

    /// Step 2: while there are grey copies (`scan < free`), take the one at `scan`, evacuate
    /// the object each of its fields to trace points to (skip null fields), store the copy's
    /// address back into the field, and move `scan` past the object.
    fn scan(c: &mut Cheney<'_>) {
        let _ = c;
        crate::missing(&STEP_2)
    }
}
