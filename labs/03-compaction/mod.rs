//! Lab 03: compaction — Lisp-2 sliding mark-compact. See README.md.

mod checks;
mod collector;
#[cfg(solution_03)]
#[path = "solution/student.rs"]
pub mod solution;
pub mod student;

pub use collector::*;

use crate::Lab;
use gcvm_gc::memory::HeapMemory;
use gcvm_gc::object::TypeRegistry;
use gcvm_gc::{CollectorEntry, RootSource, Stw};

/// `--gc` name of the student's collector.
pub const COLLECTOR: &str = "lab-compaction";
/// `--gc` name of the reference solution's.
pub const SOLUTION: &str = "lab-compaction-solution";

pub fn lab() -> Lab {
    Lab {
        number: "03",
        name: "compaction",
        dir: "03-compaction",
        collector: COLLECTOR,
        solution: cfg!(solution_03).then_some(SOLUTION),
        entries,
        checks: checks::checks,
    }
}

fn entries() -> Vec<CollectorEntry> {
    #[allow(unused_mut)] // pushed to only while solution/ is there
    let mut entries = vec![CollectorEntry {
        name: COLLECTOR,
        summary: "lab 03: a Lisp-2 sliding compactor whose three passes (forward, update, slide) the student writes",
        reservation_for: |c| LabCompaction::<student::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(Stw::new(LabCompaction::<student::Student>::new(ctx, COLLECTOR)?)))
        },
    }];
    #[cfg(solution_03)]
    entries.push(CollectorEntry {
        name: SOLUTION,
        summary: "lab 03's reference solution",
        reservation_for: |c| LabCompaction::<solution::Student>::reservation_for(c.max_size),
        build: |ctx| {
            Ok(Box::new(Stw::new(LabCompaction::<solution::Student>::new(
                ctx, SOLUTION,
            )?)))
        },
    });
    entries
}

/// `run_steps` for the collector called `collector`: the solution's steps for its name, the
/// student's otherwise (checks.rs runs one step at a time through it).
type RunSteps =
    fn(&HeapMemory, &TypeRegistry, (usize, usize), &mut dyn RootSource, u32) -> StepsRun;

fn steps_of(collector: &str) -> RunSteps {
    #[cfg(solution_03)]
    if collector == SOLUTION {
        return run_steps::<solution::Student>;
    }
    let _ = collector;
    run_steps::<student::Student>
}
