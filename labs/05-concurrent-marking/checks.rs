//! Lab 05's checks, easiest first (see src/check.rs).
//!
//! The unit checks drive a concurrent cycle by hand, in this process: each pause (initial mark,
//! remark) runs through `Heap::pause` with the heap verifier before and after, exactly as the
//! VM runs the controller's pauses, and between them the check plays both the controller
//! (`Cycle::mark_concurrently`) and the mutators (stores through the access API, with the
//! barrier). So the lost-object scenario can be built step by step, deterministically. The
//! program checks then run Java programs under the real controller thread, in heaps small
//! enough for many concurrent cycles.

use super::{cycle_of, Cycle, SATB_BUFFER};
use crate::check::{program_args, Check, Expect, Program};
use crate::copying::first_change;
use crate::heap::{random_graph, LabHeap, Reported, NODE, REF_ARRAY};
use gcvm_gc::object::{Ref, ARRAY_BASE};
use gcvm_gc::{GcCause, GcEventSink, GcOutcome, Mutator, RootSource};
use std::collections::HashSet;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

/// The lost-object stress and its rounds (many concurrent cycles: README.md, "Run a program").
const LOST: &str = "tests/stress/LostObjects.java";
const LOST_ARGS: &[&str] = &["1000000"];
/// Concurrent cycles the lost-object stress must finish, at least (50 to 70 do on two cores,
/// with 15 to 30 full collections when marking loses the race with allocation).
const MIN_REMARKS: usize = 20;

pub fn checks() -> Vec<Check> {
    vec![
        Check::unit(
            "the barrier logs the overwritten reference while marking, and nothing when marking is off or the old value is null",
            "README.md, \"Step 1: the snapshot barrier\": log old (not the new value), only while b.marking(), never null",
            the_barrier_logs_what_a_store_overwrites,
        ),
        Check::unit(
            "scanning a grey object marks and pushes the white objects it references, once each, within the budget",
            "README.md, \"Step 2: the tri-colour loop\": pop, trace each field, push a target only when m.mark returns true; return how many you popped",
            scanning_a_grey_object_greys_its_white_children,
        ),
        Check::unit(
            "concurrent marking marks everything reachable from the roots and nothing else (sharing, cycles, garbage)",
            "README.md, \"Step 2: the tri-colour loop\": every field of every grey object is traced; a marked object is never pushed again",
            marking_marks_exactly_what_is_reachable,
        ),
        Check::unit(
            "the lost-object scenario by hand: a reference moved during marking from an unscanned to a scanned object survives",
            "README.md, \"Step 3: remark\": the barrier logged the moved object; remark greys every logged object still white, then marks to the end",
            a_reference_moved_behind_the_marker_survives,
        ),
        Check::unit(
            "remark drains every thread's SATB buffers (three threads, two buffers each)",
            "README.md, \"Step 3: remark\": call m.satb_buffer() until it returns None; a thread fills a buffer every 1024 entries",
            remark_drains_every_threads_buffers,
        ),
        Check::unit(
            "floating garbage: objects dropped or allocated during marking survive the cycle, and the next one sweeps them",
            "README.md, \"Floating garbage\" and \"Step 3: remark\": the snapshot keeps what was reachable when marking began",
            floating_garbage_waits_for_the_next_cycle,
        ),
        Check::unit(
            "full stop-the-world collections keep random graphs unchanged and exactly the reachable objects",
            "README.md, \"Step 2: the tri-colour loop\": a full collection (System.gc(), --gc-stress) is your marking run to the end in one pause",
            full_collections_keep_random_graphs,
        ),
        Check::unit(
            "random graphs, rewired and allocated into while marking, come through concurrent cycles unchanged",
            "README.md, \"Step 1\" to \"Step 3\": every overwritten reference is logged, every logged object greyed at remark",
            rewired_graphs_come_through_concurrent_cycles,
        ),
        Check::program(
            "the lost-object stress (4 threads moving nodes between lists) prints what HotSpot prints, each pause verified",
            "README.md, \"The lost-object problem\": a node freed while reachable shows as a corrupted node or a verifier error; suspect Step 1 or Step 3",
            LOST,
            LOST_ARGS,
            &["-Xmx6m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::unit(
            "the lost-object stress runs through many concurrent cycles (-Xlog:gc counts the remarks)",
            "README.md, \"Run a program\": a cycle reaches its remark when your Step 2 returns 0 (nothing grey) before allocation fills the heap",
            the_lost_object_stress_runs_many_cycles,
        ),
        Check::program(
            "the lost-object stress with every reference store checked (--verify-barriers)",
            "README.md, \"Step 1: the snapshot barrier\": arraycopy, compare-and-swap and Reference.get() call your barrier whether marking or not",
            LOST,
            LOST_ARGS,
            &["-Xmx6m", "--verify-barriers"],
            Expect::HotSpot,
        ),
        Check::program(
            "a program runs: GCBench (size 5) in 4 MB, about 30 concurrent cycles, prints what HotSpot prints",
            "README.md, \"Step 2: the tri-colour loop\": big trees rebuilt while the marker runs",
            "programs/GCBench.java",
            &["5"],
            &["-Xmx4m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "four threads sharing a map: MultiThreadAlloc (size 4) in 6 MB, about 25 concurrent cycles",
            "README.md, \"Step 3: remark\": each thread has its own SATB buffer; remark must see all of them",
            "programs/MultiThreadAlloc.java",
            &["4"],
            &["-Xmx6m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "more threads than cores: EightThreadChurn (8 threads) in 6 MB, about 35 concurrent cycles",
            "README.md, \"Step 3: remark\": every thread's buffer, however many threads",
            "tests/stress/EightThreadChurn.java",
            &["4000"],
            &["-Xmx6m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "Reference.get() while marking keeps the referent alive: weak references under about 60 concurrent cycles",
            "README.md, \"References\": get() passes the referent through your barrier (holder and slot do not matter); remark greys it before references are processed",
            "labs/05-concurrent-marking/programs/WeakGetDuringMarking.java",
            &[],
            &["-Xmx4m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "weak references are cleared by a full collection (System.gc(), --verify-heap)",
            "README.md, \"References\": fields_to_trace leaves out the referent of a weak reference; do not trace it yourself",
            "tests/references/WeakCleared.java",
            &[],
            &["-Xmx32m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::conformance(
            "8 conformance programs, a full collection every 500 allocations, each verified (--verify-heap --verify-barriers)",
            "README.md, \"Full collections\": every kind of object and store meets your marking and your barrier; compare the failing program's output with HotSpot's",
            &["-Xmx16m", "--gc-stress", "500", "--verify-heap", "--verify-barriers"],
        ),
        Check::program(
            "a full collection every 300 allocations, each verified (--gc-stress 300 --verify-heap)",
            "README.md, \"Full collections\": your marking, run to the end in one pause, must reach every live object",
            "tests/conformance/GcStressTrees.java",
            &[],
            &["-Xmx32m", "--gc-stress", "300", "--verify-heap"],
            Expect::HotSpot,
        ),
    ]
}

// ---- driving a cycle by hand ----

struct Roots<'a>(&'a mut Vec<Ref>);

impl RootSource for Roots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.0.iter_mut().filter(|r| !r.is_null()) {
            *r = visit(*r);
        }
    }
}

type Body = fn(&dyn Cycle, &mut dyn RootSource, &mut dyn GcEventSink) -> GcOutcome;

/// A lab heap whose concurrent cycle a check drives by hand: pauses through `Heap::pause`, as
/// the VM runs the controller's, and marking pieces as the controller runs them.
struct Driven {
    h: LabHeap,
    cycle: Arc<dyn Cycle>,
}

impl Driven {
    fn new(collector: &str) -> Result<Driven, String> {
        Driven::over(LabHeap::new(collector, 16)?)
    }

    fn over(mut h: LabHeap) -> Result<Driven, String> {
        let cycle = cycle_of(&mut h.mutator)
            .ok_or_else(|| format!("--gc {} is not a lab 05 collector", h.heap.collector_name()))?;
        Ok(Driven { h, cycle })
    }

    /// One pause (the mutator flushed first, as the VM flushes every thread); with `verify`,
    /// the heap verifier runs before and after it.
    fn pause(&mut self, name: &'static str, verify: bool, body: Body) -> Result<Reported, String> {
        self.h.heap.flush_mutator(&mut self.h.mutator);
        let mut reported = Reported::default();
        let cycle = &*self.cycle;
        self.h.heap.pause(
            GcCause::Collector(name),
            &mut Roots(&mut self.h.roots),
            &mut reported,
            verify,
            Duration::ZERO,
            &mut |roots: &mut dyn RootSource, events: &mut dyn GcEventSink| {
                body(cycle, roots, events)
            },
        )?;
        Ok(reported)
    }

    fn initial_mark(&mut self) -> Result<(), String> {
        self.pause("Initial Mark", true, |c, roots, _| c.initial_mark(roots))
            .map(drop)
    }

    /// The remark pause; what it reported (every survivor, kept alive).
    fn remark(&mut self, verify: bool) -> Result<Reported, String> {
        self.pause("Remark", verify, |c, _, events| c.remark(events))
    }

    /// Concurrent marking until no object is grey, `budget` objects a piece; returns how many
    /// it processed (an error past `limit`: an endless marking).
    fn mark_all(&mut self, budget: usize, limit: usize) -> Result<usize, String> {
        let mut total = 0;
        loop {
            let done = self.cycle.mark_concurrently(budget);
            if done > budget {
                return Err(format!(
                    "mark_some(budget {budget}) processed {done} objects: stop at the budget (the controller lets pauses in between pieces)"
                ));
            }
            if done == 0 {
                return Ok(total);
            }
            total += done;
            if total > limit {
                return Err(format!(
                    "marking went on past {limit} grey objects: is an object pushed again after it was marked? (push only when m.mark returns true)"
                ));
            }
        }
    }

    /// A mutator's store of `value` into the reference field at `offset` of `holder`, through
    /// the access API (and so the barrier).
    fn store(&mut self, holder: Ref, offset: usize, value: Ref) {
        self.h
            .heap
            .store_ref(&mut self.h.mutator, holder, offset, value);
    }

    fn verify(&mut self) -> Result<(), String> {
        self.h
            .heap
            .verify(&mut Roots(&mut self.h.roots))
            .map(drop)
            .map_err(|e| format!("the heap verifier: {e}"))
    }
}

/// Every object reachable from the roots, each once.
fn reachable(h: &LabHeap) -> Vec<Ref> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut work = h.roots.clone();
    while let Some(r) = work.pop() {
        if r.is_null() || !seen.insert(r) {
            continue;
        }
        order.push(r);
        match h.type_id(r) {
            NODE => {
                let (a, b) = h.refs(r);
                work.extend([a, b]);
            }
            REF_ARRAY => {
                let m = &h.heap.memory;
                for i in 0..m.array_length(r) as usize {
                    work.push(m.read_ref(r.offset() + ARRAY_BASE + 4 * i));
                }
            }
            _ => {}
        }
    }
    order
}

/// `h` with every 16th object of its heap a root too (random_graph's few roots reach only a
/// small part of it).
fn more_roots(mut h: LabHeap) -> LabHeap {
    let mut all = Vec::new();
    h.heap.flush_mutator(&mut h.mutator); // the heap is parseable once the thread's chunk is
    h.heap.for_each_object(|obj| all.push(obj));
    h.roots.extend(all.into_iter().step_by(16));
    h
}

fn was_kept(reported: &Reported, obj: Ref) -> bool {
    reported.kept.contains(&(obj.offset() as u64))
}

/// A xorshift generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

// ---- the unit checks ----

fn the_barrier_logs_what_a_store_overwrites(collector: &str) -> Result<(), String> {
    let mut d = Driven::new(collector)?;
    let a = d.h.leaf(1)?;
    let b = d.h.leaf(2)?;
    let n = d.h.node(0, a, Ref::NULL)?;
    d.h.roots.extend([n, b]);
    // Marking off: the access API skips the barrier then, so call it as a store would.
    d.h.mutator.barrier_mut().pre_write(n, n.offset() + 24, a);
    d.h.heap.flush_mutator(&mut d.h.mutator);
    let logged = d.cycle.take_satb();
    if !logged.is_empty() {
        return Err(format!(
            "with marking off, overwriting {a:?} logged {logged:?}: log only while b.marking()"
        ));
    }
    d.initial_mark()?;
    d.store(n, 24, b); // overwrites a
    d.store(n, 28, b); // overwrites null
    d.h.heap.flush_mutator(&mut d.h.mutator);
    let logged = d.cycle.take_satb();
    if logged != [a] {
        let why = if logged.contains(&b) {
            ": b is the new value, but a snapshot barrier logs the value being overwritten"
        } else if logged.contains(&Ref::NULL) {
            ": a null old value has nothing to keep alive, skip it"
        } else if logged.is_empty() {
            ": while b.marking(), log the old value"
        } else {
            ""
        };
        return Err(format!(
            "while marking, overwriting {a:?} with {b:?} and then null with {b:?} logged {logged:?}, not [{a:?}]{why}"
        ));
    }
    Ok(())
}

fn scanning_a_grey_object_greys_its_white_children(collector: &str) -> Result<(), String> {
    let mut d = Driven::new(collector)?;
    let a = d.h.leaf(1)?;
    let c = d.h.node(2, a, Ref::NULL)?;
    let n = d.h.node(0, a, c)?;
    d.h.garbage(5)?;
    d.h.roots.push(n);
    d.initial_mark()?; // greys the root node n
    let done = d.cycle.mark_concurrently(1);
    if done != 1 {
        return Err(format!(
            "mark_some(budget 1) with one grey object returned {done}: pop it, scan it, return 1"
        ));
    }
    if !d.cycle.is_marked(a) || !d.cycle.is_marked(c) {
        return Err(
            "after scanning the root node, the objects its fields reference are still white: m.mark each non-null target and push it"
                .into(),
        );
    }
    if d.cycle.grey_count() != 2 {
        return Err(format!(
            "after scanning the root node the grey stack holds {} objects, not its 2 children: pop the object you scan, push each target m.mark marked",
            d.cycle.grey_count()
        ));
    }
    // c's field also points to a, which is grey already: not pushed again.
    let done = d.cycle.mark_concurrently(100);
    if done != 2 || d.cycle.grey_count() != 0 {
        return Err(format!(
            "the two grey children took {done} objects to process and left {} grey: an object already marked (grey or black) must not be pushed again",
            d.cycle.grey_count()
        ));
    }
    let done = d.cycle.mark_concurrently(100);
    if done != 0 {
        return Err(format!(
            "with no grey object left mark_some returned {done}: return how many objects you popped"
        ));
    }
    Ok(())
}

fn marking_marks_exactly_what_is_reachable(collector: &str) -> Result<(), String> {
    for seed in 1..=4 {
        let mut d = Driven::over(more_roots(random_graph(collector, 300, seed)?))?;
        let live: HashSet<Ref> = reachable(&d.h).into_iter().collect();
        d.initial_mark()?;
        let processed = d.mark_all(16, 4 * live.len() + 16)?;
        if processed != live.len() {
            return Err(format!(
                "graph {seed}: marking processed {processed} grey objects; {} are reachable, and each is grey once",
                live.len()
            ));
        }
        let mut wrong = None;
        d.h.heap.for_each_object(|obj| {
            if wrong.is_none() && d.cycle.is_marked(obj) != live.contains(&obj) {
                wrong = Some(obj);
            }
        });
        if let Some(obj) = wrong {
            return Err(if live.contains(&obj) {
                format!("graph {seed}: {obj:?} is reachable but still white after marking: trace every field of every grey object")
            } else {
                format!("graph {seed}: {obj:?} is unreachable but was marked: mark only what the fields of grey objects reference")
            });
        }
    }
    Ok(())
}

fn a_reference_moved_behind_the_marker_survives(collector: &str) -> Result<(), String> {
    let mut d = Driven::new(collector)?;
    let z = d.h.leaf(43)?;
    let x = d.h.node(42, z, Ref::NULL)?;
    let c = d.h.node(2, x, Ref::NULL)?;
    let a = d.h.node(1, c, Ref::NULL)?;
    d.h.garbage(10)?;
    d.h.roots.push(a);
    d.initial_mark()?; // a grey
    d.cycle.mark_concurrently(1); // a black, c grey, x (and z) white
    if !d.cycle.is_marked(c) || d.cycle.is_marked(x) {
        return Err("setting up: one grey object scanned (the root a) must leave c grey and x white (Step 2)".into());
    }
    // The mutator moves x: into a, which the marker has scanned (a black object now points to
    // a white one), then out of c, the only other path to x, which it has not.
    d.store(a, 28, x);
    d.store(c, 24, Ref::NULL);
    d.mark_all(16, 100)?; // c is scanned: x is not found
    let reported = d.remark(false)?;
    if !was_kept(&reported, x) {
        return Err(format!(
            "x ({x:?}), moved during marking from the unscanned c into the scanned a, was swept although a still points to it: \
             the barrier must log x when c's field is overwritten (Step 1), and remark must grey it (Step 3)"
        ));
    }
    if !was_kept(&reported, z) {
        return Err(format!(
            "x survived, but z ({z:?}), which only x references, was swept: after greying the logged objects, remark must mark until nothing is grey"
        ));
    }
    d.verify()?;
    if d.h.refs(a).1 != x || d.h.int(x) != 42 || d.h.refs(x).0 != z || d.h.int(z) != 43 {
        return Err("x and z survived, but not intact".into());
    }
    Ok(())
}

fn remark_drains_every_threads_buffers(collector: &str) -> Result<(), String> {
    // Each thread logs one full buffer and half of the next.
    const PER_THREAD: usize = SATB_BUFFER + SATB_BUFFER / 2;
    const N: usize = 3 * PER_THREAD;
    let mut d = Driven::new(collector)?;
    let leaves = (0..N)
        .map(|i| d.h.leaf(i as i32))
        .collect::<Result<Vec<Ref>, String>>()?;
    let from = d.h.ref_array(&leaves)?;
    let to = d.h.ref_array(&[Ref::NULL; N])?;
    d.h.roots.extend([from, to]);
    d.initial_mark()?; // from and to grey
    d.cycle.mark_concurrently(1); // to (pushed last) black
    if !d.cycle.is_marked(to) || d.cycle.is_marked(leaves[0]) {
        return Err("setting up: one grey object scanned (the empty array) must leave the leaves white (Step 2)".into());
    }
    // Three threads move every leaf from the unscanned array into the scanned one.
    let mut threads: Vec<Mutator> = (0..3).map(|_| d.h.heap.new_mutator(4)).collect();
    for (t, m) in threads.iter_mut().enumerate() {
        for i in t * PER_THREAD..(t + 1) * PER_THREAD {
            d.h.heap.store_ref_element(m, to, i, leaves[i]);
            d.h.heap.store_ref_element(m, from, i, Ref::NULL);
        }
    }
    d.mark_all(64, 10)?;
    // At a pause the VM flushes every thread: their partly filled buffers go to the collector.
    for m in &mut threads {
        d.h.heap.flush_mutator(m);
    }
    let reported = d.remark(false)?;
    for m in &mut threads {
        d.h.heap.retire_mutator(m);
    }
    let lost = leaves.iter().filter(|&&l| !was_kept(&reported, l)).count();
    if lost > 0 {
        return Err(format!(
            "{lost} of the {N} leaves moved during marking were swept: three threads logged them in six buffers of up to {SATB_BUFFER} entries; remark must take every buffer"
        ));
    }
    d.verify()
}

fn floating_garbage_waits_for_the_next_cycle(collector: &str) -> Result<(), String> {
    let mut d = Driven::new(collector)?;
    let x = d.h.leaf(7)?;
    let n = d.h.node(0, x, Ref::NULL)?;
    d.h.roots.push(n);
    d.initial_mark()?;
    d.store(n, 24, Ref::NULL); // x: reachable when marking began, unreachable now
    let y = d.h.leaf(8)?; // y: allocated during marking (black), never reachable
    d.mark_all(16, 100)?;
    let first = d.remark(true)?;
    if !was_kept(&first, x) {
        return Err(
            "x, reachable when the cycle began and dropped during its marking, was swept: the snapshot keeps it until the next cycle (the barrier logged it; remark greys it)"
                .into(),
        );
    }
    if !was_kept(&first, y) {
        return Err("y, allocated during marking, was swept: it was allocated black (marked), and remark must not unmark anything".into());
    }
    d.initial_mark()?;
    d.mark_all(16, 100)?;
    let second = d.remark(true)?;
    if was_kept(&second, x) || was_kept(&second, y) {
        return Err("the next cycle kept the floating garbage, unreachable when it began".into());
    }
    if second.kept != [n.offset() as u64] {
        return Err(format!(
            "the next cycle kept {} objects; only the root node is reachable",
            second.kept.len()
        ));
    }
    Ok(())
}

fn full_collections_keep_random_graphs(collector: &str) -> Result<(), String> {
    for seed in 1..=6 {
        let mut h = random_graph(collector, 300, seed)?;
        let before = h.describe();
        for round in 1..=3 {
            let (record, _) = h.collect()?;
            let after = h.describe();
            if before != after {
                return Err(format!(
                    "graph {seed}, collection {round}: {}",
                    first_change(&before, &after)
                ));
            }
            let reachable = reachable(&h).len();
            if record.outcome.live_objects != reachable {
                return Err(format!(
                    "graph {seed}, collection {round}: {} objects survived, {reachable} are reachable",
                    record.outcome.live_objects
                ));
            }
            h.garbage(50)?;
        }
    }
    Ok(())
}

fn rewired_graphs_come_through_concurrent_cycles(collector: &str) -> Result<(), String> {
    for seed in 1..=6 {
        let mut d = Driven::over(more_roots(random_graph(collector, 300, seed)?))?;
        let mut rng = Rng(seed * 7919 + 1);
        let mut fresh = 100_000;
        for round in 1..=3 {
            d.initial_mark()?;
            for _ in 0..12 {
                d.cycle.mark_concurrently(8);
                let objects = reachable(&d.h);
                let holders: Vec<Ref> = objects
                    .iter()
                    .copied()
                    .filter(|&o| {
                        d.h.type_id(o) == NODE
                            || (d.h.type_id(o) == REF_ARRAY && d.h.heap.memory.array_length(o) > 0)
                    })
                    .collect();
                for _ in 0..6 {
                    let holder = holders[rng.below(holders.len())];
                    let value = match rng.below(8) {
                        0 => Ref::NULL,
                        1 => {
                            fresh += 1;
                            let target = objects[rng.below(objects.len())];
                            d.h.node(fresh, target, Ref::NULL)?
                        }
                        _ => objects[rng.below(objects.len())],
                    };
                    if d.h.type_id(holder) == NODE {
                        d.store(holder, 24 + 4 * rng.below(2), value);
                    } else {
                        let len = d.h.heap.memory.array_length(holder) as usize;
                        let i = rng.below(len);
                        d.h.heap
                            .store_ref_element(&mut d.h.mutator, holder, i, value);
                    }
                }
                let garbage = rng.below(4);
                d.h.garbage(garbage)?;
            }
            let before = d.h.describe();
            d.remark(true)?;
            let after = d.h.describe();
            if before != after {
                return Err(format!(
                    "graph {seed}, cycle {round}: {}",
                    first_change(&before, &after)
                ));
            }
        }
    }
    Ok(())
}

// ---- a program under the real controller ----

/// How long the program of a unit check may run.
const TIMEOUT: Duration = Duration::from_secs(300);

/// Runs this `gcvm-lab` with `args`; returns its exit code, stdout and stderr.
fn run_gcvm_lab(args: &[String]) -> Result<(Option<i32>, String, String), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find gcvm-lab itself: {e}"))?;
    let mut child = Command::new(&exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        let _ = tx.send(s);
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    match rx.recv_timeout(TIMEOUT) {
        Ok(stdout) => {
            let status = child.wait().map_err(|e| e.to_string())?;
            let stderr = err_reader.join().unwrap_or_default();
            Ok((status.code(), stdout, stderr))
        }
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            Err(format!(
                "ran for more than {} s: stopped",
                TIMEOUT.as_secs()
            ))
        }
    }
}

fn the_lost_object_stress_runs_many_cycles(collector: &str) -> Result<(), String> {
    let program = Program {
        source: LOST,
        args: LOST_ARGS,
        options: &["-Xmx6m", "--verify-heap", "-Xlog:gc"],
        expect: Expect::HotSpot,
    };
    let args = program_args(&program, collector);
    let shown = format!("gcvm-lab {}", args.join(" "));
    let (code, stdout, stderr) = run_gcvm_lab(&args).map_err(|e| format!("{shown}\n{e}"))?;
    if code != Some(0) {
        let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let status = code.map_or("a signal".to_string(), |c| format!("status {c}"));
        return Err(format!("{shown}\nexited with {status}: {first}"));
    }
    let pauses = |name: &str| {
        stdout
            .lines()
            .filter(|l| l.contains("][info][gc] GC(") && l.contains(name))
            .count()
    };
    let (remarks, full) = (pauses("Pause Remark"), pauses("Pause Full"));
    let answer = stdout.lines().rfind(|l| !l.contains("][info][gc"));
    if !answer.is_some_and(|l| l.starts_with("lost objects: none")) {
        return Err(format!(
            "{shown}\nprinted {answer:?}, not 'lost objects: none, ...'"
        ));
    }
    if remarks < MIN_REMARKS {
        return Err(format!(
            "{shown}\nonly {remarks} concurrent cycles reached their remark ({full} full collections); expected at least {MIN_REMARKS}"
        ));
    }
    Ok(())
}
