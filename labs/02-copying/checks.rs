//! Lab 02's checks, easiest first (see src/check.rs).

use crate::check::{Check, Expect};
use crate::heap::{random_graph, LabHeap, LEAF_SIZE, NODE_SIZE};
use gcvm_gc::object::{gcword, Ref};

pub fn checks() -> Vec<Check> {
    vec![
        Check::unit(
            "a rooted object is copied and its root updated",
            "README.md, \"Step 1: evacuate\": claim room at free, copy the bytes, return the copy",
            a_rooted_object_is_copied,
        ),
        Check::unit(
            "the original holds a forwarding pointer to its copy, which is one collection older",
            "README.md, \"Step 1: evacuate\": gc_forward the original; the copy's GC word is gcword::aged of the original's",
            the_original_is_forwarded,
        ),
        Check::unit(
            "an object reached twice is copied once",
            "README.md, \"Step 1: evacuate\": look at the GC word first; a forwarded object is copied already",
            an_object_reached_twice_is_copied_once,
        ),
        Check::unit(
            "what copies point to is copied too, and their fields updated",
            "README.md, \"Step 2: scan\": scan from c.scan to c.free, evacuating each field's target and writing the copy back",
            the_scan_copies_what_copies_point_to,
        ),
        Check::unit(
            "garbage is left behind: to-space holds exactly the live objects",
            "README.md, \"Step 2: scan\": copy only what roots and scanned copies reach, each once",
            garbage_is_left_behind,
        ),
        Check::unit(
            "random graphs with sharing and cycles come through three collections unchanged",
            "README.md, \"Step 2: scan\": a cycle ends because a forwarded object is not copied again",
            random_graphs_come_through,
        ),
        Check::program(
            "a program runs: GCBench (size 5) in 8 MB, about 10 collections, prints what HotSpot prints",
            "README.md, \"Run a program\": roots come from thread stacks and statics; every one goes through evacuate",
            "programs/GCBench.java",
            &["5"],
            &["-Xmx8m"],
            Expect::HotSpot,
        ),
        Check::program(
            "weak references are cleared (--verify-heap)",
            "README.md, \"References\": fields_to_trace leaves out the referent of a weak reference; do not trace it yourself",
            "tests/references/WeakCleared.java",
            &[],
            &["-Xmx32m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "a collection every 300 allocations, each verified (--gc-stress 300 --verify-heap)",
            "README.md, \"Stress\": after every collection the heap verifier walks to-space; a field still pointing into from-space means a scan missed it",
            "tests/conformance/GcStressTrees.java",
            &[],
            &["-Xmx32m", "--gc-stress", "300", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::conformance(
            "8 conformance programs, a collection every 500 allocations, each verified",
            "README.md, \"Stress\": every kind of object goes through your two functions; compare the failing program's output with HotSpot's",
            &["-Xmx32m", "--gc-stress", "500", "--verify-heap"],
        ),
        Check::program(
            "a bundled program, many collections: BinaryTrees (size 6) in 16 MB, about 75 collections",
            "README.md, \"Run a program\": many collections in a small heap; claim must never pass the end of to-space",
            "programs/BinaryTrees.java",
            &["6"],
            &["-Xmx16m"],
            Expect::HotSpot,
        ),
    ]
}

fn a_rooted_object_is_copied(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    h.garbage(10)?;
    let leaf = h.leaf(42)?;
    h.roots.push(leaf);
    let (_, reported) = h.collect()?;
    let copy = h.roots[0];
    if copy == leaf {
        return Err("the root still points to the original (evacuate must return the copy)".into());
    }
    if h.int(copy) != 42 {
        return Err(format!(
            "the copy holds {}, not 42: were its bytes copied?",
            h.int(copy)
        ));
    }
    let want = (leaf.offset() as u64, copy.offset() as u64, LEAF_SIZE as u32);
    if reported.moves != [want] {
        return Err(format!(
            "expected one move {want:?} reported, got {:?} (call c.report_move once per copy)",
            reported.moves
        ));
    }
    Ok(())
}

fn the_original_is_forwarded(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let leaf = h.leaf(7)?;
    h.roots.push(leaf);
    let before = h.heap.memory.gc_word(leaf);
    h.collect()?;
    let copy = h.roots[0];
    let word = h.heap.memory.gc_word(leaf);
    if !gcword::is_forwarded(word) || gcword::forwarded_to(word) != copy {
        return Err(format!(
            "the original's GC word is {word:#x}, not a forwarding pointer to the copy at {copy:?}"
        ));
    }
    let copy_word = h.heap.memory.gc_word(copy);
    if copy_word != gcword::aged(before) {
        return Err(format!(
            "the copy's GC word is {copy_word:#x}; expected the original's, aged: {:#x}",
            gcword::aged(before)
        ));
    }
    Ok(())
}

fn an_object_reached_twice_is_copied_once(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let leaf = h.leaf(5)?;
    let node = h.node(1, leaf, leaf)?;
    h.roots.extend([leaf, node, leaf]);
    let (_, reported) = h.collect()?;
    let (a, b) = h.refs(h.roots[1]);
    if h.roots[0] != h.roots[2] || a != h.roots[0] || b != h.roots[0] {
        return Err(format!(
            "the leaf has several copies: roots {:?} and {:?}, node fields {a:?} and {b:?}",
            h.roots[0], h.roots[2]
        ));
    }
    if reported.moves.len() != 2 {
        return Err(format!(
            "2 objects are live but {} moves were reported",
            reported.moves.len()
        ));
    }
    Ok(())
}

fn the_scan_copies_what_copies_point_to(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let mut head = Ref::NULL;
    for i in 0..50 {
        h.garbage(2)?;
        let leaf = h.leaf(1000 + i)?;
        head = h.node(i, head, leaf)?;
    }
    h.roots.push(head);
    let before = h.describe();
    let (_, reported) = h.collect()?;
    let after = h.describe();
    if before != after {
        return Err(first_change(&before, &after));
    }
    if reported.moves.len() != 100 {
        return Err(format!(
            "100 objects are live but {} were copied",
            reported.moves.len()
        ));
    }
    Ok(())
}

fn garbage_is_left_behind(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let mut head = Ref::NULL;
    for i in 0..20 {
        h.garbage(5)?;
        head = h.node(i, head, Ref::NULL)?;
    }
    h.roots.push(head);
    let (record, _) = h.collect()?;
    let live = 20 * NODE_SIZE;
    if record.outcome.used_after != live {
        return Err(format!(
            "to-space holds {} bytes after the collection; the 20 live nodes take {live}",
            record.outcome.used_after
        ));
    }
    Ok(())
}

fn random_graphs_come_through(collector: &str) -> Result<(), String> {
    for seed in 1..=8 {
        let mut h = random_graph(collector, 300, seed)?;
        let before = h.describe();
        for round in 1..=3 {
            h.collect()?;
            let after = h.describe();
            if before != after {
                return Err(format!(
                    "graph {seed}, collection {round}: {}",
                    first_change(&before, &after)
                ));
            }
            h.garbage(50)?;
        }
    }
    Ok(())
}

/// The first difference between two graph descriptions.
pub fn first_change(before: &[String], after: &[String]) -> String {
    match before.iter().zip(after).position(|(a, b)| a != b) {
        Some(i) => format!(
            "the graph changed: object {i} reached from the roots was '{}' and is now '{}'",
            before[i], after[i]
        ),
        None => format!(
            "the graph changed: {} objects reached from the roots before, {} after",
            before.len(),
            after.len()
        ),
    }
}
