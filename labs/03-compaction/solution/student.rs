//! Lab 03, the reference solution (a teacher removes labs/03-compaction/solution/ before
//! handing the lab out). Same functions as ../student.rs, written.

use super::{CompactionSteps, Compactor};
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::object::{gcword, Ref};
use gcvm_gc::RootSource;

pub struct Student;

impl CompactionSteps for Student {
    fn compute_forwarding(c: &mut Compactor<'_>) {
        for obj in c.marked_objects() {
            let to = Ref::from_offset(c.free);
            c.saved_words.push(c.memory.gc_word(obj));
            c.memory.gc_forward(obj, to);
            c.free += c.size_of(obj);
        }
    }

    fn update_references(c: &mut Compactor<'_>, roots: &mut dyn RootSource) {
        roots.visit_roots(&mut |r| c.forwarding_address(r));
        for obj in c.marked_objects() {
            for slot in c.ref_slots(obj) {
                let target = c.read_ref(slot);
                if !target.is_null() {
                    c.write_ref(slot, c.forwarding_address(target));
                }
            }
        }
    }

    fn slide(c: &mut Compactor<'_>) {
        let mut saved = std::mem::take(&mut c.saved_words).into_iter();
        for obj in c.marked_objects() {
            let size = c.size_of(obj);
            let to = c.forwarding_address(obj);
            c.memory
                .gc_copy_overlapping(obj.offset(), to.offset(), size);
            let word = saved
                .next()
                .expect("step 1 saved one GC word per marked object");
            c.memory.gc_set_word(to, gcword::aged(word));
            if to == obj {
                c.report_kept(obj, size);
            } else {
                c.report_move(obj, to, size);
            }
        }
        c.top = c.free;
    }
}
