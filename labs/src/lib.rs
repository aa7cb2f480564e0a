//! gcvm's labs: students write the core of a collector, check it, and watch it run.
//!
//! Each lab lives in its own folder, labs/NN-name/:
//! - `README.md`: the concepts, the task step by step, what to read, what to watch;
//! - `collector.rs`: the scaffolding — a complete collector (spaces, roots, allocation paths,
//!   reference processing, what it reports) that calls the student's functions;
//! - `student.rs`: the student's part, with each step missing: it compiles, and running it
//!   stops with one line naming the step to write;
//! - `solution/student.rs`: the reference solution (a teacher removes it before handing out);
//! - `checks.rs`: the checks `gcvm-lab check` runs, easiest first, each with a hint.
//!
//! The collectors are registered with gcvm's registry (`gcvm_gc::register_collectors`) by the
//! `gcvm-lab` binary: `lab-NAME` runs the student's part, `lab-NAME-solution` the solution.

pub mod check;
pub mod heap;

#[path = "../01-allocation/mod.rs"]
pub mod allocation;
#[path = "../03-compaction/mod.rs"]
pub mod compaction;
#[path = "../05-concurrent-marking/mod.rs"]
pub mod concurrent;
#[path = "../02-copying/mod.rs"]
pub mod copying;
#[path = "../04-generations/mod.rs"]
pub mod generations;

use gcvm_gc::CollectorEntry;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// One step of a lab: a function the student writes.
#[derive(Debug)]
pub struct Step {
    /// The lab's folder, e.g. "02-copying".
    pub lab: &'static str,
    pub number: u32,
    /// What the step does, e.g. "evacuate an object".
    pub title: &'static str,
}

impl Step {
    /// The line a run prints when it reaches this step unwritten.
    pub fn message(&self) -> String {
        format!(
            "lab {}, step {} is not written yet: {} (see labs/{}/README.md, \"Step {}\")",
            self.lab, self.number, self.title, self.lab, self.number
        )
    }
}

/// Set while `gcvm-lab check` runs a unit check in this process: a missing step then
/// unwinds to the checker instead of ending the process.
static CHECKING: AtomicBool = AtomicBool::new(false);

/// What a missing step unwinds with, inside a check.
#[derive(Debug)]
pub struct Missing(pub &'static Step);

/// Called by a step the student has not written: outside a check, prints one line naming the
/// step and ends the process with status 3; inside a check, unwinds to the checker.
pub fn missing(step: &'static Step) -> ! {
    if CHECKING.load(Ordering::SeqCst) {
        std::panic::panic_any(Missing(step));
    }
    stop_with(&step.message())
}

/// Prints `line` and ends the process with status 3 — once: when several threads (a
/// controller and the mutators) reach unwritten steps at the same time, the first one speaks
/// and ends the run, and the others wait for the end.
fn stop_with(line: &str) -> ! {
    static STOPPING: AtomicBool = AtomicBool::new(false);
    if STOPPING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    eprintln!("gcvm-lab: {line}");
    std::process::exit(3)
}

/// What a step that returned something impossible unwinds with, inside a check.
#[derive(Debug)]
pub struct Wrong(pub &'static Step, pub String);

/// Called by the scaffolding when a step returned something it cannot use (an address
/// outside the space, a size that is not a multiple of 8): outside a check, prints one line
/// naming the step and what was wrong and ends the process with status 3, before the heap is
/// corrupted; inside a check, unwinds to the checker.
pub fn wrong(step: &'static Step, what: String) -> ! {
    if CHECKING.load(Ordering::SeqCst) {
        std::panic::panic_any(Wrong(step, what));
    }
    stop_with(&step.wrong_message(&what))
}

impl Step {
    /// The line for a step that returned `what`.
    pub fn wrong_message(&self, what: &str) -> String {
        format!(
            "lab {}, step {} ({}) returned something wrong: {what} (see labs/{}/README.md, \"Step {}\")",
            self.lab, self.number, self.title, self.lab, self.number
        )
    }
}

/// One lab, as the checker and the registry see it.
pub struct Lab {
    /// "01".."05".
    pub number: &'static str,
    /// "allocation", "copying", ...
    pub name: &'static str,
    /// The folder under labs/.
    pub dir: &'static str,
    /// `--gc` name of the student's collector.
    pub collector: &'static str,
    /// `--gc` name of the reference solution's collector, when its folder was there at build.
    pub solution: Option<&'static str>,
    /// Registry entries: the student's collector, then the solution's if built.
    pub entries: fn() -> Vec<CollectorEntry>,
    /// The checks, easiest first.
    pub checks: fn() -> Vec<check::Check>,
}

/// Every lab, in order.
pub fn labs() -> &'static [Lab] {
    static LABS: OnceLock<Vec<Lab>> = OnceLock::new();
    LABS.get_or_init(|| {
        vec![
            allocation::lab(),
            copying::lab(),
            compaction::lab(),
            generations::lab(),
            concurrent::lab(),
        ]
    })
}

/// The lab called `name`: its number ("02", "2") or its name ("copying").
pub fn find_lab(name: &str) -> Result<&'static Lab, String> {
    let number = name.parse::<u32>().ok();
    labs()
        .iter()
        .find(|l| l.name == name || l.dir == name || number == l.number.parse().ok())
        .ok_or_else(|| {
            let known: Vec<String> = labs()
                .iter()
                .map(|l| format!("{} {}", l.number, l.name))
                .collect();
            format!("unknown lab '{name}' (labs: {})", known.join(", "))
        })
}

/// Every lab collector's registry entry.
pub fn collectors() -> &'static [CollectorEntry] {
    static ENTRIES: OnceLock<Vec<CollectorEntry>> = OnceLock::new();
    ENTRIES.get_or_init(|| labs().iter().flat_map(|l| (l.entries)()).collect())
}

/// Registers the labs' collectors with gcvm's registry (once per process).
pub fn register() -> Result<(), String> {
    static DONE: OnceLock<Result<(), String>> = OnceLock::new();
    DONE.get_or_init(|| gcvm_gc::register_collectors(collectors()))
        .clone()
}
