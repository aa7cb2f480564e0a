//! Lab 02: copying — Cheney's semispace collector. See README.md.

mod checks;
mod collector;
#[cfg(solution_02)]
#[path = "solution/student.rs"]
pub mod solution;
pub mod student;

pub use checks::first_change;
pub use collector::*;

use crate::Lab;
use gcvm_gc::{CollectorEntry, Stw};

/// `--gc` name of the student's collector.
pub const COLLECTOR: &str = "lab-copying";
/// `--gc` name of the reference solution's.
pub const SOLUTION: &str = "lab-copying-solution";

pub fn lab() -> Lab {
    Lab {
        number: "02",
        name: "copying",
        dir: "02-copying",
        collector: COLLECTOR,
        solution: cfg!(solution_02).then_some(SOLUTION),
        entries,
        checks: checks::checks,
    }
}

fn entries() -> Vec<CollectorEntry> {
    #[allow(unused_mut)] // pushed to only while solution/ is there
    let mut entries = vec![CollectorEntry {
        name: COLLECTOR,
        summary: "lab 02: a semispace collector whose copying (evacuate, scan) the student writes",
        reservation_for: |c| LabCopying::<student::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(Stw::new(LabCopying::<student::Student>::new(
                ctx, COLLECTOR,
            )?)))
        },
    }];
    #[cfg(solution_02)]
    entries.push(CollectorEntry {
        name: SOLUTION,
        summary: "lab 02's reference solution",
        reservation_for: |c| LabCopying::<solution::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(Stw::new(LabCopying::<solution::Student>::new(
                ctx, SOLUTION,
            )?)))
        },
    });
    entries
}
