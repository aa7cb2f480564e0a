//! Lab 04: generations — a young generation collected by copying, an old generation, a
//! card-marking write barrier and the remembered-set scan. See README.md.

mod checks;
mod collector;
#[cfg(solution_04)]
#[path = "solution/student.rs"]
pub mod solution;
pub mod student;

pub use collector::*;

use crate::Lab;
use gcvm_gc::CollectorEntry;

/// `--gc` name of the student's collector.
pub const COLLECTOR: &str = "lab-generations";
/// `--gc` name of the reference solution's.
pub const SOLUTION: &str = "lab-generations-solution";

pub fn lab() -> Lab {
    Lab {
        number: "04",
        name: "generations",
        dir: "04-generations",
        collector: COLLECTOR,
        solution: cfg!(solution_04).then_some(SOLUTION),
        entries,
        checks: checks::checks,
    }
}

fn entries() -> Vec<CollectorEntry> {
    #[allow(unused_mut)] // pushed to only while solution/ is there
    let mut entries = vec![CollectorEntry {
        name: COLLECTOR,
        summary: "lab 04: a generational copying collector whose card-marking barrier and remembered-set scan the student writes",
        reservation_for: |c| LabGenerations::<student::Student>::reservation_for(c.max_size),
        build: |ctx| Ok(Box::new(LabGenerations::<student::Student>::new(ctx, COLLECTOR)?)),
    }];
    #[cfg(solution_04)]
    entries.push(CollectorEntry {
        name: SOLUTION,
        summary: "lab 04's reference solution",
        reservation_for: |c| LabGenerations::<solution::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(LabGenerations::<solution::Student>::new(
                ctx, SOLUTION,
            )?))
        },
    });
    entries
}
