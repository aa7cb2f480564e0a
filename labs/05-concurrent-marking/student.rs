//! Lab 05, your part: concurrent marking behind a snapshot barrier. Write the three functions
//! below; README.md explains each step, and `gcvm-lab check concurrent-marking` tells you what
//! works.
//!
//! What you have (collector.rs):
//! - in Step 1, the thread's barrier `b`: `b.marking()` (is a cycle marking?), `b.log(obj)`
//!   (append to the thread's SATB buffer);
//! - in Steps 2 and 3, the marker `m`: `m.mark(obj)` (set the mark bit; true if it was white),
//!   `m.is_marked(obj)`, `m.push_grey(obj)`, `m.pop_grey()`, `m.fields_to_trace(obj)` (slot
//!   offsets), `m.read_ref(slot)`, `m.satb_buffer()` (one buffer of logged objects, or None).

#[allow(unused_imports)]
use super::{Marker, MarkingSteps, SatbBarrier, STEP_1, STEP_2, STEP_3};
#[allow(unused_imports)]
use gcvm_gc::object::Ref;

pub struct Student;

impl MarkingSteps for Student {
    /// Step 1: the snapshot-at-the-beginning pre-write barrier. A mutator is about to overwrite
    /// a reference field that holds `old`. While a cycle is marking (`b.marking()`), log `old`
    /// in the thread's buffer (`b.log(old)`) unless it is null; otherwise do nothing.
    fn pre_write(b: &mut SatbBarrier, old: Ref) {
        let _ = (b, old);
        crate::missing(&STEP_1)
    }

    /// Step 2: the tri-colour loop. Up to `budget` times: pop a grey object (stop when there
    /// is none); for each of its fields to trace, read the reference, and if it is not null
    /// and white — `m.mark(target)` returns true — push it (now grey). The popped object is
    /// black. Return how many objects you popped.
    fn mark_some(m: &mut Marker<'_>, budget: usize) -> usize {
        let _ = (m, budget);
        crate::missing(&STEP_2)
    }

    /// Step 3: remark, with the world stopped. Take every SATB buffer (`m.satb_buffer()` until
    /// it returns None), marking and pushing each logged object that is still white; then
    /// mark (`Self::mark_some`) until no object is grey.
    fn remark(m: &mut Marker<'_>) {
        let _ = m;
        crate::missing(&STEP_3)
    }
}
