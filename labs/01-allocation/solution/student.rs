//! Lab 01, the reference solution (a teacher removes labs/01-allocation/solution/ before
//! handing the lab out). Same functions as ../student.rs, written.

use super::{
    AllocationSteps, BumpSpace, Decision, RefillPolicy, TlabState, MAX_TLAB, MIN_TLAB, RESERVE,
    TARGET_REFILLS, WASTE_INCREMENT,
};

pub struct Student;

impl AllocationSteps for Student {
    fn bump(space: &mut BumpSpace, size: usize) -> Option<usize> {
        if space.end - space.top < size {
            return None;
        }
        let at = space.top;
        space.top += size;
        Some(at)
    }

    fn carve_tlab(space: &mut BumpSpace, min: usize, desired: usize) -> Option<(usize, usize)> {
        let size = desired.min(space.end - space.top);
        if size < min {
            return None;
        }
        let start = Self::bump(space, size)?;
        Some((start, start + size))
    }

    fn desired_size(capacity: usize, threads: usize) -> usize {
        let share = capacity / threads.max(1) / TARGET_REFILLS;
        (share & !7).clamp(MIN_TLAB, MAX_TLAB)
    }

    fn decide(policy: &mut RefillPolicy, tlab: TlabState, size: usize) -> Decision {
        if size + RESERVE > policy.desired_size {
            return Decision::Outside;
        }
        if !tlab.empty && tlab.free > policy.refill_waste_limit {
            policy.refill_waste_limit += WASTE_INCREMENT;
            return Decision::Outside;
        }
        Decision::Refill {
            size: policy.desired_size,
        }
    }
}
