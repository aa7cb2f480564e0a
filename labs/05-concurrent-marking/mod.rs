//! Lab 05: concurrent marking — tri-colour marking on a controller thread behind a
//! snapshot-at-the-beginning pre-write barrier. See README.md.

mod checks;
mod collector;
#[cfg(solution_05)]
#[path = "solution/student.rs"]
pub mod solution;
pub mod student;

pub use collector::*;

use crate::Lab;
use gcvm_gc::CollectorEntry;

/// `--gc` name of the student's collector.
pub const COLLECTOR: &str = "lab-concurrent";
/// `--gc` name of the reference solution's.
pub const SOLUTION: &str = "lab-concurrent-solution";

pub fn lab() -> Lab {
    Lab {
        number: "05",
        name: "concurrent-marking",
        dir: "05-concurrent-marking",
        collector: COLLECTOR,
        solution: cfg!(solution_05).then_some(SOLUTION),
        entries,
        checks: checks::checks,
    }
}

fn entries() -> Vec<CollectorEntry> {
    #[allow(unused_mut)] // pushed to only while solution/ is there
    let mut entries = vec![CollectorEntry {
        name: COLLECTOR,
        summary:
            "lab 05: a concurrent mark-sweep whose SATB barrier and marking the student writes",
        reservation_for: |c| LabConcurrent::<student::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(LabConcurrent::<student::Student>::new(
                ctx, COLLECTOR,
            )?))
        },
    }];
    #[cfg(solution_05)]
    entries.push(CollectorEntry {
        name: SOLUTION,
        summary: "lab 05's reference solution",
        reservation_for: |c| LabConcurrent::<solution::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(LabConcurrent::<solution::Student>::new(
                ctx, SOLUTION,
            )?))
        },
    });
    entries
}
