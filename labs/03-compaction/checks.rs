//! Lab 03's checks, easiest first (see src/check.rs).
//!
//! The first checks stop a collection part way (`run_steps`: the given marking, then steps 1 to
//! N on the heap), so step 1 is checked before steps 2 and 3 are written; the rest run whole
//! collections with the heap verifier before and after each.

use super::StepsRun;
use crate::check::{Check, Expect};
use crate::copying::first_change;
use crate::heap::{random_graph, LabHeap, INT_ARRAY, LEAF_SIZE, NODE_SIZE};
use gcvm_gc::object::{array_size, gcword, ElemKind, Ref, ARRAY_BASE};
use gcvm_gc::RootSource;
use std::collections::HashSet;
use std::sync::atomic::Ordering;

pub fn checks() -> Vec<Check> {
    vec![
        Check::unit(
            "forwarding addresses are assigned in address order, packed from the start of the space",
            "README.md, \"Step 1: compute forwarding addresses\": walk c.marked_objects() with c.free from c.start; each object goes to c.free, then c.free grows by its size",
            forwarding_addresses_are_packed_in_address_order,
        ),
        Check::unit(
            "each live object's GC word is saved before it is forwarded, in address order",
            "README.md, \"Step 1: compute forwarding addresses\": push c.memory.gc_word(obj) onto c.saved_words before gc_forward overwrites it",
            gc_words_are_saved_in_address_order,
        ),
        Check::unit(
            "every root points to its object's new address after step 2",
            "README.md, \"Step 2: update references\": roots.visit_roots with a closure returning c.forwarding_address(root)",
            roots_point_to_new_addresses,
        ),
        Check::unit(
            "every reference field of every live object points to its target's new address after step 2",
            "README.md, \"Step 2: update references\": every non-null slot of c.ref_slots(obj), for every marked object, gets c.forwarding_address(target); null fields stay null",
            fields_point_to_new_addresses,
        ),
        Check::unit(
            "live objects slide down without gaps, in allocation order: used after == live bytes",
            "README.md, \"Step 3: slide\": copy each object to c.forwarding_address(obj), in address order, then set c.top = c.free",
            live_objects_slide_down_without_gaps,
        ),
        Check::unit(
            "an object that does not move keeps its address and is reported kept alive; each moved one is reported once",
            "README.md, \"Step 3: slide\": c.report_kept(obj, size) when the new address is the old one, else c.report_move(obj, to, size)",
            an_object_that_does_not_move_is_kept,
        ),
        Check::unit(
            "identity hashes survive: a survivor gets its saved GC word back, one collection older",
            "README.md, \"Step 3: slide\": c.memory.gc_set_word(to, gcword::aged(saved word)) on the copy; the saved words come back in the order step 1 pushed them",
            identity_hashes_survive,
        ),
        Check::unit(
            "an object that overlaps its own new place is moved intact (a large array slid down a little)",
            "README.md, \"Step 3: slide\": gc_copy_overlapping, not gc_copy_object; read the size and the new address before copying",
            an_overlapping_move_is_intact,
        ),
        Check::unit(
            "random graphs with sharing and cycles come through three collections unchanged",
            "README.md, \"Step 2: update references\": every field of every marked object, arrays included; and \"Step 3: slide\": objects in address order, each with its own saved word",
            random_graphs_come_through,
        ),
        Check::program(
            "a program runs: GCBench (size 5) in 4 MB, about 10 collections, prints what HotSpot prints",
            "README.md, \"Run a program\": roots come from thread stacks, statics and the pending-reference list; step 2 updates every one",
            "programs/GCBench.java",
            &["5"],
            &["-Xmx4m"],
            Expect::HotSpot,
        ),
        Check::program(
            "weak references are cleared (--verify-heap)",
            "README.md, \"References\": marking cleared the referents that died; the referents that live are fields like any other, which step 2 updates",
            "tests/references/WeakCleared.java",
            &[],
            &["-Xmx32m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "a collection every 300 allocations, each verified (--gc-stress 300 --verify-heap)",
            "README.md, \"Stress\": the verifier walks [start, top) after every collection; a forwarded GC word left behind, or a field pointing past top, is what it reports",
            "tests/conformance/GcStressTrees.java",
            &[],
            &["-Xmx32m", "--gc-stress", "300", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::conformance(
            "8 conformance programs, a collection every 500 allocations, each verified",
            "README.md, \"Stress\": hash maps need their identity hashes back (the saved words); compare the failing program's output with HotSpot's",
            &["-Xmx32m", "--gc-stress", "500", "--verify-heap"],
        ),
        Check::program(
            "a fragmenting program in a small heap: Fragmentation (size 1) in 2 MB, verified",
            "README.md, \"A small heap\": about ten collections in a full 2 MB heap; every dead byte must be squeezed out, and c.top must end exactly at c.free",
            "programs/Fragmentation.java",
            &["1"],
            &["-Xmx2m", "--verify-heap"],
            Expect::File("programs/expected/Fragmentation.size1.txt"),
        ),
    ]
}

/// The roots of a `LabHeap`, for collections the checks run step by step.
struct Roots<'a>(&'a mut Vec<Ref>);

impl RootSource for Roots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.0.iter_mut().filter(|r| !r.is_null()) {
            *r = visit(*r);
        }
    }
}

/// The start of the heap's one space.
fn space_start(h: &LabHeap) -> usize {
    h.heap.spaces()[0].start
}

/// Marks `h` from its roots and runs steps 1 to `last` of `collector` (a collection stopped part
/// way: objects forwarded, not moved).
fn run_steps(h: &mut LabHeap, collector: &str, last: u32) -> StepsRun {
    h.heap.flush_mutator(&mut h.mutator);
    let space = &h.heap.spaces()[0];
    super::steps_of(collector)(
        &h.heap.memory,
        &h.heap.types,
        (space.start, space.top),
        &mut Roots(&mut h.roots),
        last,
    )
}

/// The new address in `obj`'s GC word, or an error naming it.
fn forwarded(h: &LabHeap, obj: Ref, what: &str) -> Result<Ref, String> {
    let word = h.heap.memory.gc_word(obj);
    if gcword::is_forwarded(word) {
        Ok(gcword::forwarded_to(word))
    } else {
        Err(format!(
            "{what} at {obj:?} has no forwarding pointer after step 1 (its GC word is {word:#x}): \
             c.memory.gc_forward(obj, to) for every marked object"
        ))
    }
}

/// Gives `obj` an identity hash, as the VM does on `System.identityHashCode`.
fn set_hash(h: &LabHeap, obj: Ref, hash: i32) {
    let word = h.heap.header_word(obj);
    word.store(
        gcword::with_identity_hash(word.load(Ordering::Relaxed), hash),
        Ordering::Relaxed,
    );
}

/// Every object reachable from the roots, each once, in the order first reached.
fn reachable(h: &LabHeap) -> Vec<Ref> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut work: Vec<Ref> = h.roots.iter().rev().copied().collect();
    while let Some(r) = work.pop() {
        if r.is_null() || !seen.insert(r) {
            continue;
        }
        order.push(r);
        for (_, target) in fields(h, r).into_iter().rev() {
            work.push(target);
        }
    }
    order
}

/// `obj`'s reference fields: (slot, what it holds).
fn fields(h: &LabHeap, obj: Ref) -> Vec<(usize, Ref)> {
    let memory = &h.heap.memory;
    let mut out = Vec::new();
    memory.for_each_ref_slot(&h.heap.types, obj, |slot| {
        out.push((slot, memory.read_ref(slot)))
    });
    out
}

fn forwarding_addresses_are_packed_in_address_order(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    h.garbage(3)?;
    let a = h.leaf(1)?;
    h.garbage(2)?;
    let b = h.node(2, a, Ref::NULL)?;
    h.garbage(4)?;
    let c = h.ref_array(&[a, b, a])?;
    let dead = h.leaf(-7)?;
    let dead_word = h.heap.memory.gc_word(dead);
    // The roots name the objects in another order than their addresses; `a` is reached only
    // through fields.
    h.roots.extend([c, b]);
    let start = space_start(&h);
    let run = run_steps(&mut h, collector, 1);
    let sizes = [
        LEAF_SIZE,
        NODE_SIZE,
        h.heap.memory.object_size(&h.heap.types, c),
    ];
    let mut want = start;
    for (i, (&obj, size)) in [a, b, c].iter().zip(sizes).enumerate() {
        let to = forwarded(
            &h,
            obj,
            &format!("live object {} (in address order)", i + 1),
        )?;
        if to.offset() != want {
            return Err(format!(
                "live object {} (in address order) at {obj:?} is forwarded to {to:?}; expected \
                 @{want:#x}: the first live object goes to the start of the space (@{start:#x}), \
                 each next one right after the one before",
                i + 1
            ));
        }
        want += size;
    }
    if run.free != want {
        return Err(format!(
            "c.free is @{:#x} after step 1; the live objects take {} bytes from @{start:#x}, so it \
             should be @{want:#x}",
            run.free,
            want - start
        ));
    }
    if h.heap.memory.gc_word(dead) != dead_word {
        return Err(format!(
            "the dead object at {dead:?} had its GC word changed: only marked objects \
             (c.marked_objects()) get new addresses"
        ));
    }
    Ok(())
}

fn gc_words_are_saved_in_address_order(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    h.garbage(2)?;
    let a = h.leaf(1)?;
    h.garbage(1)?;
    let b = h.leaf(2)?;
    let c = h.node(3, Ref::NULL, Ref::NULL)?;
    h.garbage(1)?;
    let d = h.leaf(4)?;
    // Distinct words: identity hashes on three of them.
    set_hash(&h, a, 0x1234);
    set_hash(&h, c, 0x5678);
    set_hash(&h, d, 0x7abc);
    h.roots.extend([d, b, c, a]);
    let words: Vec<u64> = [a, b, c, d]
        .iter()
        .map(|&o| h.heap.memory.gc_word(o))
        .collect();
    let run = run_steps(&mut h, collector, 1);
    if run.saved_words != words {
        return Err(format!(
            "c.saved_words after step 1 is {:#x?}; expected the four live objects' original GC \
             words, in address order: {words:#x?}",
            run.saved_words
        ));
    }
    Ok(())
}

fn roots_point_to_new_addresses(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    h.garbage(5)?;
    let a = h.leaf(1)?;
    h.garbage(3)?;
    let b = h.node(2, Ref::NULL, Ref::NULL)?;
    h.garbage(3)?;
    let c = h.leaf(3)?;
    h.roots.extend([c, a, b, a]);
    let before = h.roots.clone();
    run_steps(&mut h, collector, 2);
    for (i, (&old, &now)) in before.iter().zip(&h.roots).enumerate() {
        let want = forwarded(&h, old, "a rooted object")?;
        if now != want {
            return Err(format!(
                "root {i} is {now:?} after step 2; its object at {old:?} was forwarded to {want:?}"
            ));
        }
    }
    Ok(())
}

fn fields_point_to_new_addresses(collector: &str) -> Result<(), String> {
    let mut h = random_graph(collector, 200, 11)?;
    let live = reachable(&h);
    let before: Vec<(Ref, Vec<(usize, Ref)>)> = live.iter().map(|&o| (o, fields(&h, o))).collect();
    run_steps(&mut h, collector, 2);
    for (obj, old_fields) in before {
        for (slot, old) in old_fields {
            let now = h.heap.memory.read_ref(slot);
            let want = if old.is_null() {
                Ref::NULL
            } else {
                forwarded(&h, old, "a live object")?
            };
            if now != want {
                return Err(format!(
                    "the field at +{} of the live object at {obj:?} holds {now:?} after step 2; \
                     it pointed at {old:?}, which was forwarded to {want:?}{}",
                    slot - obj.offset(),
                    if old.is_null() {
                        " (null fields stay null)"
                    } else {
                        ""
                    }
                ));
            }
        }
    }
    Ok(())
}

fn live_objects_slide_down_without_gaps(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let mut head = Ref::NULL;
    for i in 0..20 {
        h.garbage(3)?;
        head = h.node(i, head, Ref::NULL)?;
    }
    h.roots.push(head);
    let before = h.describe();
    let (record, _) = h.collect()?;
    if h.describe() != before {
        return Err(first_change(&before, &h.describe()));
    }
    let live = 20 * NODE_SIZE;
    if record.outcome.used_after != live {
        return Err(format!(
            "the space holds {} bytes after the collection; the 20 live nodes take {live} \
             (c.top must end at c.free)",
            record.outcome.used_after
        ));
    }
    // The chain runs from the newest node down to the oldest: in allocation order, node i is
    // the i-th from the start of the space.
    let start = space_start(&h);
    let mut at = h.roots[0];
    for i in (0..20).rev() {
        let want = start + i * NODE_SIZE;
        if at.offset() != want {
            return Err(format!(
                "node {i} (the {}th allocated) is at {at:?} after the collection, expected \
                 @{want:#x}: survivors keep their order and close up from the start of the space",
                i + 1
            ));
        }
        at = h.refs(at).0;
    }
    Ok(())
}

fn an_object_that_does_not_move_is_kept(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let start = space_start(&h);
    let a = h.leaf(1)?;
    let b = h.node(2, a, Ref::NULL)?;
    h.garbage(4)?;
    let c = h.leaf(3)?;
    h.roots.extend([a, b, c]);
    let (_, reported) = h.collect()?;
    if a.offset() != start || b.offset() != start + LEAF_SIZE {
        return Err(format!(
            "check setup: the first objects are not at the start @{start:#x}"
        ));
    }
    if h.roots[0] != a || h.roots[1] != b {
        return Err(format!(
            "the first two objects were already packed at the start, yet they are at {:?} and \
             {:?} after the collection (expected {a:?} and {b:?})",
            h.roots[0], h.roots[1]
        ));
    }
    let mut kept = reported.kept.clone();
    kept.sort();
    let want_kept = vec![a.offset() as u64, b.offset() as u64];
    if kept != want_kept {
        return Err(format!(
            "kept-alive reports for {:x?}; expected exactly the two objects that stayed, {:x?}",
            reported.kept, want_kept
        ));
    }
    let to = start + LEAF_SIZE + NODE_SIZE;
    let want_moves = [(c.offset() as u64, to as u64, LEAF_SIZE as u32)];
    if reported.moves != want_moves {
        return Err(format!(
            "moves reported: {:x?}; expected one, the third object's: {want_moves:x?}",
            reported.moves
        ));
    }
    Ok(())
}

fn identity_hashes_survive(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    h.garbage(3)?;
    let a = h.leaf(1)?;
    h.garbage(2)?;
    let b = h.node(2, a, Ref::NULL)?;
    h.garbage(2)?;
    let c = h.leaf(3)?;
    set_hash(&h, a, 0x2468ace);
    set_hash(&h, c, 0x1357bdf);
    h.roots.extend([b, c]);
    let words: Vec<u64> = [a, b, c]
        .iter()
        .map(|&o| h.heap.memory.gc_word(o))
        .collect();
    h.collect()?;
    let (b2, c2) = (h.roots[0], h.roots[1]);
    let a2 = h.refs(b2).0;
    for (name, (obj, before)) in ["a", "b", "c"]
        .iter()
        .zip([a2, b2, c2].into_iter().zip(words))
    {
        let word = h.heap.memory.gc_word(obj);
        if gcword::is_forwarded(word) {
            return Err(format!(
                "object {name}'s GC word after the collection is still a forwarding pointer \
                 ({word:#x}): give the copy its saved word back"
            ));
        }
        if gcword::identity_hash(word) != gcword::identity_hash(before) {
            return Err(format!(
                "object {name}'s identity hash was {:?} and is {:?} after the collection",
                gcword::identity_hash(before),
                gcword::identity_hash(word)
            ));
        }
        if word != gcword::aged(before) {
            return Err(format!(
                "object {name}'s GC word is {word:#x} after the collection; expected its saved \
                 word one collection older, {:#x}",
                gcword::aged(before)
            ));
        }
    }
    Ok(())
}

fn an_overlapping_move_is_intact(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let start = space_start(&h);
    h.garbage(2)?;
    let len = 32 * 1024;
    let size = array_size(ElemKind::Int, len);
    let at = h.alloc(size)?;
    let array = h.heap.init_array(at, INT_ARRAY, len as u32);
    let value = |i: usize| (i as u32).wrapping_mul(2_654_435_761);
    for i in 0..len {
        h.heap.store_u32(array, ARRAY_BASE + 4 * i, value(i));
    }
    h.roots.push(array);
    let (_, reported) = h.collect()?;
    let moved = h.roots[0];
    if moved.offset() != start {
        return Err(format!(
            "the array is at {moved:?} after the collection; it is the only live object, so it \
             belongs at the start of the space, @{start:#x}"
        ));
    }
    if array.offset() - moved.offset() >= size {
        return Err(format!(
            "check setup: the array moved by more than its size ({size} bytes)"
        ));
    }
    let memory = &h.heap.memory;
    if memory.type_id(moved) != INT_ARRAY || memory.array_length(moved) as usize != len {
        return Err(format!(
            "the moved array's header says type {} and length {}; expected type {INT_ARRAY}, \
             length {len}",
            memory.type_id(moved),
            memory.array_length(moved)
        ));
    }
    if let Some(i) =
        (0..len).find(|&i| memory.read_u32(moved.offset() + ARRAY_BASE + 4 * i) != value(i))
    {
        return Err(format!(
            "element {i} of the moved array is {:#x}, expected {:#x}",
            memory.read_u32(moved.offset() + ARRAY_BASE + 4 * i),
            value(i)
        ));
    }
    let want = [(array.offset() as u64, start as u64, size as u32)];
    if reported.moves != want {
        return Err(format!(
            "moves reported: {:x?}; expected {want:x?}",
            reported.moves
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
