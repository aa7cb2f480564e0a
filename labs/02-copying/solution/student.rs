//! Lab 02, the reference solution (a teacher removes labs/02-copying/solution/ before handing
//! the lab out). Same functions as ../student.rs, written.

use super::{Cheney, CopyingSteps};
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::object::{gcword, Ref};

pub struct Student;

impl CopyingSteps for Student {
    fn evacuate(c: &mut Cheney<'_>, obj: Ref) -> Ref {
        let word = c.memory.gc_word(obj);
        if gcword::is_forwarded(word) {
            return gcword::forwarded_to(word);
        }
        let size = c.size_of(obj);
        let to = c.claim(size);
        c.memory.gc_copy_object(obj.offset(), to, size);
        let copy = Ref::from_offset(to);
        c.memory.gc_set_word(copy, gcword::aged(word));
        c.memory.gc_forward(obj, copy);
        c.report_move(obj, copy, size);
        copy
    }

    fn scan(c: &mut Cheney<'_>) {
        while c.scan < c.free {
            let obj = Ref::from_offset(c.scan);
            for slot in c.fields_to_trace(obj) {
                let target = c.read_ref(slot);
                if !target.is_null() {
                    let copy = Self::evacuate(c, target);
                    c.write_ref(slot, copy);
                }
            }
            c.scan += c.size_of(obj);
        }
    }
}
