//! Lab 04's checks, easiest first (see src/check.rs).
//!
//! The unit checks look at the heap the way the viewer does: which space an object is in
//! (`Heap::spaces`), which cards are dirty (the collector's "dirty cards" heap stream, at one
//! tile per card), what a collection reported (its kind, its moves, its card-scan phase).

use super::{CardTable, CARD_SCAN_PHASE, CARD_SIZE, PRETENURE_BYTES, STREAM_DIRTY_CARDS};
use crate::check::{Check, Expect};
use crate::copying::first_change;
use crate::heap::{random_graph, LabHeap, NODE, REF_ARRAY};
use gcvm_gc::object::{Ref, ARRAY_BASE};
use gcvm_gc::{GcCause, GcEventSink, GcKind, RootSource, SpaceKind};
use gcvm_tracer::WorkerActivity;
use std::collections::HashSet;
use std::time::Duration;

pub fn checks() -> Vec<Check> {
    vec![
        Check::unit(
            "a young reference stored into an old array dirties the card of that slot",
            "README.md, \"Step 1: the write barrier\": the slot is in the old generation and the new value is young: dirty CardTable::card_of(slot)",
            a_young_reference_stored_into_old_dirties_its_card,
        ),
        Check::unit(
            "stores into young objects, of null, or of old references dirty no card",
            "README.md, \"Step 1: the write barrier\": only an old slot receiving a young (non-null) reference needs a card",
            other_stores_dirty_nothing,
        ),
        Check::unit(
            "a young collection keeps a young object alive that only an old object refers to",
            "README.md, \"Step 2: scan a dirty card\": evacuate the young target of each slot on the card and store the copy back",
            an_old_object_keeps_a_young_one_alive,
        ),
        Check::unit(
            "after a young collection a card stays dirty only while it still points into the young generation",
            "README.md, \"Step 2: scan a dirty card\": clean the card unless a slot on it still holds a young copy (a survivor)",
            a_card_stays_dirty_only_while_it_points_to_young,
        ),
        Check::unit(
            "a young collection scans only the dirty cards: it walks a few old objects, not the old generation",
            "README.md, \"Step 2: scan a dirty card\": start at c.block_start(card), stop at c.card_end(card)",
            only_dirty_cards_are_scanned,
        ),
        Check::unit(
            "objects promoted together come through whole, and dirty no card",
            "README.md, \"Step 3: scan a promoted object\": evacuate each field's young target and store the copy back; an old copy needs no card",
            objects_promoted_together_come_through,
        ),
        Check::unit(
            "a promoted object that still points to a young one has that slot's card dirty",
            "README.md, \"Step 3: scan a promoted object\": a copy that stayed young (in a survivor space) is an old-to-young pointer: dirty the slot's card",
            a_promoted_object_pointing_to_young_dirties_its_card,
        ),
        Check::unit(
            "random graphs with old-to-young pointers come through young and full collections unchanged",
            "README.md, \"The invariant\": every old slot pointing into the young generation must be on a dirty card at every young collection",
            random_graphs_with_old_to_young_pointers,
        ),
        Check::program(
            "a program runs: GCBench (size 5) in 8 MB, about 40 young and 4 full collections, prints what HotSpot prints",
            "README.md, \"Run a program\": its top-down trees store new nodes into promoted ones: every such store needs its card",
            "programs/GCBench.java",
            &["5"],
            &["-Xmx8m"],
            Expect::HotSpot,
        ),
        Check::program(
            "old-to-young pointers all the time: OldToYoung (size 2) in 12 MB, about 10 young and 8 full collections, each verified (--verify-heap)",
            "README.md, \"The invariant\": after every collection --verify-heap checks that each old-to-young pointer is on a dirty card, and names the first one that is not",
            "programs/OldToYoung.java",
            &["2"],
            &["-Xmx12m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "every reference store ran the barrier (--verify-barriers --verify-heap): LruCache (size 2) in 8 MB, about 17 young and 4 full collections",
            "README.md, \"Step 1: the write barrier\": the barrier runs for every store, arraycopy and clone included; it must handle any holder and value",
            "programs/LruCache.java",
            &["2"],
            &["-Xmx8m", "--verify-barriers", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "weak references are cleared (--verify-heap)",
            "README.md, \"References\": fields_to_trace leaves out the referent of a Reference; the scaffolding processes it",
            "tests/references/WeakCleared.java",
            &[],
            &["-Xmx32m", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::program(
            "a collection every 300 allocations, each verified (--gc-stress 300 --verify-heap): about 550 young and 1 full",
            "README.md, \"Stress\": a card cleaned too early, or a promoted object's card left clean, shows as an old object pointing into the young generation",
            "tests/conformance/GcStressTrees.java",
            &[],
            &["-Xmx6m", "--gc-stress", "300", "--verify-heap"],
            Expect::HotSpot,
        ),
        Check::conformance(
            "8 conformance programs, a collection every 500 allocations, each verified (--verify-heap --verify-barriers)",
            "README.md, \"Stress\": every kind of object and store goes through your three functions; compare the failing program's output with HotSpot's",
            &["-Xmx16m", "--gc-stress", "500", "--verify-heap", "--verify-barriers"],
        ),
        Check::program(
            "a bundled program, many collections: BinaryTrees (size 5) in 8 MB, about 125 young and 2 full",
            "README.md, \"Run a program\": many young collections in a small heap, and full ones when the old generation fills",
            "programs/BinaryTrees.java",
            &["5"],
            &["-Xmx8m"],
            Expect::HotSpot,
        ),
    ]
}

/// Elements of an array big enough to be allocated straight into the old generation.
const BIG: usize = PRETENURE_BYTES / 4 + 16;

struct Roots<'a>(&'a mut Vec<Ref>);

impl RootSource for Roots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.0.iter_mut().filter(|r| !r.is_null()) {
            *r = visit(*r);
        }
    }
}

/// What one collection told the tracer.
#[derive(Default)]
struct Seen {
    kind: Option<GcKind>,
    moves: usize,
    /// The card-scan phase: (old objects walked, bytes of dirty cards scanned).
    card_scan: Option<(u64, u64)>,
}

impl GcEventSink for Seen {
    fn gc_start(&mut self, _gc_id: u32, kind: GcKind, _cause: &str) {
        self.kind = Some(kind);
    }
    fn moved(&mut self, _from: u64, _to: u64, _size: u32) {
        self.moves += 1;
    }
    fn worker_activity(&mut self, phase: &str, workers: &[WorkerActivity]) {
        if phase == CARD_SCAN_PHASE {
            let objects = workers.iter().map(|w| w.objects).sum();
            let bytes = workers.iter().map(|w| w.bytes).sum();
            self.card_scan = Some((objects, bytes));
        }
    }
}

/// One collection of `cause`, with the heap verifier (and the collector's card check) before
/// and after.
fn collect(h: &mut LabHeap, cause: GcCause) -> Result<Seen, String> {
    h.heap.flush_mutator(&mut h.mutator);
    let mut seen = Seen::default();
    h.heap.collect(
        cause,
        &mut Roots(&mut h.roots),
        &mut seen,
        true,
        Duration::ZERO,
    )?;
    Ok(seen)
}

/// A young collection (one the collector's policy takes for a young one).
fn young(h: &mut LabHeap) -> Result<Seen, String> {
    let seen = collect(h, GcCause::GcStress)?;
    if seen.kind != Some(GcKind::Minor) {
        return Err(format!("expected a young collection, got {:?}", seen.kind));
    }
    Ok(seen)
}

/// A full collection (System.gc()): everything live ends in the old generation.
fn full(h: &mut LabHeap) -> Result<Seen, String> {
    collect(h, GcCause::SystemGc)
}

/// The kind of space `r` is in.
fn space_of(h: &LabHeap, r: Ref) -> Option<SpaceKind> {
    h.heap
        .spaces()
        .iter()
        .find(|s| (s.start..s.end).contains(&r.offset()))
        .map(|s| s.kind)
}

fn is_old(h: &LabHeap, r: Ref) -> bool {
    space_of(h, r) == Some(SpaceKind::Old)
}

fn is_young(h: &LabHeap, r: Ref) -> bool {
    matches!(space_of(h, r), Some(SpaceKind::Eden | SpaceKind::Survivor))
}

/// The dirty cards, as the viewer's "dirty cards" stream shows them at one tile per card.
fn dirty_cards(h: &mut LabHeap) -> Vec<usize> {
    h.heap.flush_mutator(&mut h.mutator);
    let mut cards = Vec::new();
    for space in h.heap.stream_tiles(CARD_SIZE as u64) {
        if let Some(values) = space.stream(STREAM_DIRTY_CARDS) {
            for (i, _) in values.iter().enumerate().filter(|(_, &v)| v > 0) {
                cards.push(CardTable::card_of(space.start as usize + i * CARD_SIZE));
            }
        }
    }
    cards
}

/// A fresh array of `BIG` nulls, which the collector puts straight into the old generation.
fn old_array(h: &mut LabHeap) -> Result<Ref, String> {
    let array = h.ref_array(&vec![Ref::NULL; BIG])?;
    if !is_old(h, array) {
        return Err(format!(
            "an array of {} bytes was allocated in {:?}, not in the old generation",
            BIG * 4,
            space_of(h, array)
        ));
    }
    Ok(array)
}

fn slot(array: Ref, index: usize) -> usize {
    array.offset() + ARRAY_BASE + 4 * index
}

fn element(h: &LabHeap, array: Ref, index: usize) -> Ref {
    h.heap.memory.read_ref(slot(array, index))
}

fn set(h: &mut LabHeap, array: Ref, index: usize, value: Ref) {
    h.heap
        .store_ref_element(&mut h.mutator, array, index, value);
}

fn a_young_reference_stored_into_old_dirties_its_card(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let array = old_array(&mut h)?;
    let cards = dirty_cards(&mut h);
    if !cards.is_empty() {
        return Err(format!(
            "filling a fresh old array with nulls dirtied cards {cards:?}: a null is not a young reference"
        ));
    }
    let leaf = h.leaf(1)?;
    set(&mut h, array, 10_000, leaf);
    let want = CardTable::card_of(slot(array, 10_000));
    let cards = dirty_cards(&mut h);
    if cards != [want] {
        let header = CardTable::card_of(array.offset());
        return Err(if cards.contains(&header) {
            format!(
                "element 10000 of the array got a young leaf, and the card of the array's header \
                 ({header}) was dirtied: dirty the card of the slot ({want}), {} cards further",
                want - header
            )
        } else {
            format!("element 10000 of an old array got a young leaf: card {want} should be dirty, and only it; dirty cards: {cards:?}")
        });
    }
    let other = h.leaf(2)?;
    set(&mut h, array, 3, other);
    let near = CardTable::card_of(slot(array, 3));
    let cards = dirty_cards(&mut h);
    if cards != [near, want] {
        return Err(format!(
            "after a second young leaf went into element 3, cards {near} and {want} should be dirty; dirty cards: {cards:?}"
        ));
    }
    Ok(())
}

fn other_stores_dirty_nothing(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let array = old_array(&mut h)?;
    let other = old_array(&mut h)?;
    let leaf = h.leaf(2)?;
    let node = h.node(3, leaf, Ref::NULL)?;
    h.link(node, other, leaf);
    let cards = dirty_cards(&mut h);
    if !cards.is_empty() {
        return Err(format!(
            "storing into a young node (in the eden) dirtied cards {cards:?}: only old slots need cards"
        ));
    }
    set(&mut h, array, 5, other);
    let cards = dirty_cards(&mut h);
    if !cards.is_empty() {
        return Err(format!(
            "storing an old array into an old array dirtied cards {cards:?}: an old-to-old pointer needs no card"
        ));
    }
    set(&mut h, array, 6, leaf);
    set(&mut h, array, 6, Ref::NULL);
    let want = CardTable::card_of(slot(array, 6));
    let cards = dirty_cards(&mut h);
    if cards != [want] {
        return Err(format!(
            "after a young leaf then null went into element 6, its card {want} should be dirty \
             (a card is cleaned by the collector, not by the barrier), and only it: {cards:?}"
        ));
    }
    Ok(())
}

fn an_old_object_keeps_a_young_one_alive(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let array = old_array(&mut h)?;
    h.roots.push(array);
    h.garbage(100)?;
    let leaf = h.leaf(42)?;
    set(&mut h, array, 9000, leaf);
    h.garbage(100)?;
    let seen = young(&mut h)?;
    if h.roots[0] != array {
        return Err("a young collection moved the old array".into());
    }
    let copy = element(&h, array, 9000);
    if copy == leaf || !is_young(&h, copy) {
        return Err(format!(
            "the array's element 9000 is {copy:?} after the young collection; it should be the \
             leaf's copy in a survivor space (the leaf was at {leaf:?} in the eden)"
        ));
    }
    if h.int(copy) != 42 {
        return Err(format!("the leaf's copy holds {}, not 42", h.int(copy)));
    }
    if seen.moves != 1 {
        return Err(format!(
            "{} objects were copied; only the leaf is live in the young generation",
            seen.moves
        ));
    }
    Ok(())
}

fn a_card_stays_dirty_only_while_it_points_to_young(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let array = old_array(&mut h)?;
    h.roots.push(array);
    let leaf = h.leaf(7)?;
    set(&mut h, array, 100, leaf);
    let dropped = h.leaf(8)?;
    set(&mut h, array, 9000, dropped);
    set(&mut h, array, 9000, Ref::NULL);
    let (kept, emptied) = (
        CardTable::card_of(slot(array, 100)),
        CardTable::card_of(slot(array, 9000)),
    );
    young(&mut h)?;
    let cards = dirty_cards(&mut h);
    if !cards.contains(&kept) {
        return Err(format!(
            "card {kept} was cleaned, but element 100 on it still points to the leaf, now in a \
             survivor space: the next young collection would not see that pointer"
        ));
    }
    if cards.contains(&emptied) {
        return Err(format!(
            "card {emptied} is still dirty, but nothing on it points into the young generation \
             any more (element 9000 is null): clean it"
        ));
    }
    young(&mut h)?;
    let promoted = element(&h, array, 100);
    if !is_old(&h, promoted) || h.int(promoted) != 7 {
        return Err(format!(
            "after a second young collection element 100 is {promoted:?} ({:?}): the leaf should \
             be promoted into the old generation",
            space_of(&h, promoted)
        ));
    }
    let cards = dirty_cards(&mut h);
    if !cards.is_empty() {
        return Err(format!(
            "the leaf was promoted, so nothing old points into the young generation, yet cards {cards:?} are dirty"
        ));
    }
    Ok(())
}

fn only_dirty_cards_are_scanned(collector: &str) -> Result<(), String> {
    const N: i32 = 8000;
    let mut h = LabHeap::new(collector, 16)?;
    let mut head = Ref::NULL;
    for i in 0..N {
        head = h.node(i, head, Ref::NULL)?;
    }
    h.roots.push(head);
    full(&mut h)?;
    let mut node = h.roots[0];
    if !is_old(&h, node) {
        return Err("after a full collection the list is not in the old generation".into());
    }
    for _ in 0..N / 2 {
        node = h.refs(node).0;
    }
    let leaf = h.leaf(99)?;
    h.heap.store_ref(&mut h.mutator, node, 28, leaf);
    let seen = young(&mut h)?;
    let (walked, bytes) = seen
        .card_scan
        .ok_or("the young collection reported no card scan")?;
    if bytes != CARD_SIZE as u64 {
        return Err(format!(
            "the young collection scanned {} cards; one is dirty",
            bytes / CARD_SIZE as u64
        ));
    }
    if walked > 40 {
        return Err(format!(
            "to scan the one dirty card the young collection walked {walked} old objects (a card \
             holds 16 of these nodes; the old generation {N})"
        ));
    }
    let kept = h.refs(node).1;
    if !is_young(&h, kept) || h.int(kept) != 99 {
        return Err(format!(
            "the old node's field is {kept:?} ({:?}) after the young collection: it should be the leaf's copy in a survivor space",
            space_of(&h, kept)
        ));
    }
    Ok(())
}

fn objects_promoted_together_come_through(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let mut head = Ref::NULL;
    for i in 0..50 {
        h.garbage(3)?;
        let leaf = h.leaf(1000 + i)?;
        head = h.node(i, head, leaf)?;
    }
    h.roots.push(head);
    let before = h.describe();
    young(&mut h)?;
    young(&mut h)?;
    let after = h.describe();
    if before != after {
        return Err(first_change(&before, &after));
    }
    let mut node = h.roots[0];
    while !node.is_null() {
        let (next, leaf) = h.refs(node);
        if !is_old(&h, node) || !is_old(&h, leaf) {
            return Err(format!(
                "after two young collections node {} is in {:?} and its leaf in {:?}: both should be promoted",
                h.int(node),
                space_of(&h, node),
                space_of(&h, leaf)
            ));
        }
        node = next;
    }
    let cards = dirty_cards(&mut h);
    if !cards.is_empty() {
        return Err(format!(
            "cards {cards:?} are dirty, but everything the list reaches is old now: dirty a card only for a slot whose copy is still young"
        ));
    }
    Ok(())
}

fn a_promoted_object_pointing_to_young_dirties_its_card(collector: &str) -> Result<(), String> {
    let mut h = LabHeap::new(collector, 16)?;
    let node = h.node(1, Ref::NULL, Ref::NULL)?;
    h.roots.push(node);
    young(&mut h)?;
    let survivor = h.roots[0];
    let leaf = h.leaf(2)?;
    h.link(survivor, leaf, Ref::NULL);
    young(&mut h)?;
    let node = h.roots[0];
    let copy = h.refs(node).0;
    if !is_old(&h, node) || !is_young(&h, copy) || h.int(copy) != 2 {
        return Err(format!(
            "after the second young collection the node should be old and its leaf young, in a \
             survivor space: they are in {:?} and {:?}",
            space_of(&h, node),
            space_of(&h, copy)
        ));
    }
    let card = CardTable::card_of(node.offset() + 24);
    if !dirty_cards(&mut h).contains(&card) {
        return Err(format!(
            "the promoted node at {node:?} points to a leaf still in a survivor space, but the card \
             of that field ({card}) is clean"
        ));
    }
    young(&mut h)?;
    let promoted = h.refs(h.roots[0]).0;
    if !is_old(&h, promoted) || h.int(promoted) != 2 {
        return Err(format!(
            "after a third young collection the node's leaf is {promoted:?} ({:?}), not promoted",
            space_of(&h, promoted)
        ));
    }
    Ok(())
}

/// Every node reachable from the roots.
fn reachable_nodes(h: &LabHeap) -> Vec<Ref> {
    let mut seen = HashSet::new();
    let mut nodes = Vec::new();
    let mut work: Vec<Ref> = h.roots.clone();
    while let Some(r) = work.pop() {
        if r.is_null() || !seen.insert(r) {
            continue;
        }
        match h.type_id(r) {
            NODE => {
                nodes.push(r);
                let (a, b) = h.refs(r);
                work.extend([a, b]);
            }
            REF_ARRAY => {
                for i in 0..h.heap.memory.array_length(r) as usize {
                    work.push(element(h, r, i));
                }
            }
            _ => {}
        }
    }
    nodes
}

fn random_graphs_with_old_to_young_pointers(collector: &str) -> Result<(), String> {
    const ROUNDS: [&str; 8] = [
        "young", "young", "young", "young", "full", "young", "young", "young",
    ];
    for seed in 1..=6u64 {
        let mut h = random_graph(collector, 300, seed)?;
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |bound: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % bound as u64) as usize
        };
        for (round, kind) in ROUNDS.iter().enumerate() {
            if round >= 2 {
                // New objects hung from reachable nodes, most of them old by now.
                let nodes = reachable_nodes(&h);
                for k in 0..30 {
                    let holder = nodes[next(nodes.len())];
                    let other = nodes[next(nodes.len())];
                    let fresh = if next(2) == 0 {
                        h.leaf(10_000 * round as i32 + k)?
                    } else {
                        h.node(10_000 * round as i32 + k, other, Ref::NULL)?
                    };
                    let keep = h.refs(holder).1;
                    h.link(holder, fresh, if next(3) == 0 { other } else { keep });
                }
            }
            let before = h.describe();
            if *kind == "full" {
                full(&mut h)?;
            } else {
                young(&mut h)?;
            }
            let after = h.describe();
            if before != after {
                return Err(format!(
                    "graph {seed}, collection {} ({kind}): {}",
                    round + 1,
                    first_change(&before, &after)
                ));
            }
            h.garbage(50)?;
        }
    }
    Ok(())
}
