//! Lab 01, your part: allocation. Write the four functions below; README.md explains each
//! step, and `gcvm-lab check allocation` tells you what works.
//!
//! What you have (collector.rs): `BumpSpace { start, top, end }`, `TlabState { empty, free }`,
//! `RefillPolicy { desired_size, refill_waste_limit }`, `Decision::{Refill { size }, Outside}`,
//! and HotSpot's constants `TARGET_REFILLS`, `REFILL_WASTE_FRACTION`, `WASTE_INCREMENT`,
//! `MIN_TLAB`, `MAX_TLAB`, `RESERVE`.

#[allow(unused_imports)]
use super::{
    AllocationSteps, BumpSpace, Decision, RefillPolicy, TlabState, MAX_TLAB, MIN_TLAB,
    REFILL_WASTE_FRACTION, RESERVE, STEP_1, STEP_2, STEP_3, STEP_4, TARGET_REFILLS,
    WASTE_INCREMENT,
};

pub struct Student;

impl AllocationSteps for Student {
    /// Step 1: if `size` bytes fit between `top` and `end`, hand out the address at `top` and
    /// move `top` past them; otherwise return None and leave the space as it was.
    fn bump(space: &mut BumpSpace, size: usize) -> Option<usize> {
        let _ = (space, size);
        crate::missing(&STEP_1)
    }

    /// Step 2: a TLAB is `desired` bytes if they fit; else whatever is left, if that is at
    /// least `min`; else None (space unchanged). Returns `[start, end)`.
    fn carve_tlab(space: &mut BumpSpace, min: usize, desired: usize) -> Option<(usize, usize)> {
        let _ = (space, min, desired);
        crate::missing(&STEP_2)
    }

    /// Step 3: a thread's share of the space (`capacity / threads`) divided among
    /// `TARGET_REFILLS` refills, a multiple of 8, within `[MIN_TLAB, MAX_TLAB]`.
    fn desired_size(capacity: usize, threads: usize) -> usize {
        let _ = (capacity, threads);
        crate::missing(&STEP_3)
    }

    /// Step 4: an object of `size` bytes did not fit the TLAB.
    /// - Larger than a whole TLAB (`size + RESERVE > desired_size`)? Outside.
    /// - A TLAB with more than `refill_waste_limit` bytes free is too good to throw away: keep
    ///   it, allocate Outside, and raise the limit by `WASTE_INCREMENT` (so a thread that keeps
    ///   hitting this ends up refilling).
    /// - Otherwise (or with no TLAB at all): Refill with `desired_size`.
    fn decide(policy: &mut RefillPolicy, tlab: TlabState, size: usize) -> Decision {
        let _ = (policy, tlab, size);
        crate::missing(&STEP_4)
    }
}
