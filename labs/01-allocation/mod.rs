//! Lab 01: allocation — bump pointers, TLABs and their refill and waste policy, in a heap with
//! no collector. See README.md.

mod checks;
mod collector;
#[cfg(solution_01)]
#[path = "solution/student.rs"]
pub mod solution;
pub mod student;

pub use collector::*;

use crate::Lab;
use gcvm_gc::CollectorEntry;

/// `--gc` name of the student's collector.
pub const COLLECTOR: &str = "lab-allocation";
/// `--gc` name of the reference solution's.
pub const SOLUTION: &str = "lab-allocation-solution";

pub fn lab() -> Lab {
    Lab {
        number: "01",
        name: "allocation",
        dir: "01-allocation",
        collector: COLLECTOR,
        solution: cfg!(solution_01).then_some(SOLUTION),
        entries,
        checks: checks::checks,
    }
}

fn entries() -> Vec<CollectorEntry> {
    #[allow(unused_mut)] // pushed to only while solution/ is there
    let mut entries = vec![CollectorEntry {
        name: COLLECTOR,
        summary: "lab 01: no collector; bump allocation and the TLAB policy are the student's",
        reservation_for: |c| LabAllocation::<student::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(LabAllocation::<student::Student>::new(
                ctx, COLLECTOR,
            )?))
        },
    }];
    #[cfg(solution_01)]
    entries.push(CollectorEntry {
        name: SOLUTION,
        summary: "lab 01's reference solution",
        reservation_for: |c| LabAllocation::<solution::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(LabAllocation::<solution::Student>::new(
                ctx, SOLUTION,
            )?))
        },
    });
    entries
}
