//! Lab 05, the reference solution (a teacher removes labs/05-concurrent-marking/solution/
//! before handing the lab out). Same functions as ../student.rs, written.

use super::{Marker, MarkingSteps, SatbBarrier};
use gcvm_gc::object::Ref;

pub struct Student;

impl MarkingSteps for Student {
    fn pre_write(b: &mut SatbBarrier, old: Ref) {
        if b.marking() && !old.is_null() {
            b.log(old);
        }
    }

    fn mark_some(m: &mut Marker<'_>, budget: usize) -> usize {
        let mut done = 0;
        while done < budget {
            let Some(obj) = m.pop_grey() else { break };
            for slot in m.fields_to_trace(obj) {
                let target = m.read_ref(slot);
                if !target.is_null() && m.mark(target) {
                    m.push_grey(target);
                }
            }
            done += 1;
        }
        done
    }

    fn remark(m: &mut Marker<'_>) {
        while let Some(buffer) = m.satb_buffer() {
            for obj in buffer {
                if m.mark(obj) {
                    m.push_grey(obj);
                }
            }
        }
        while Self::mark_some(m, usize::MAX) > 0 {}
    }
}
