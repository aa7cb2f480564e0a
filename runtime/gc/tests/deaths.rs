//! `--trace-deaths` inside the heap (src/deaths.rs): stamps made by the access API's stores,
//! Merlin's propagation of the latest stamp through the dead objects, and one report per dead
//! object, on small graphs built through the access API in a mark-compact heap.

mod common;

use common::*;
use gcvm_gc::deaths::Garbage;
use gcvm_gc::object::Ref;
use gcvm_gc::{GcCause, GcEventSink, Heap, HeapConfig, Mutator};
use std::time::Duration;

/// Collects what the pause reports.
#[derive(Default)]
struct Deaths(Vec<(u64, u64, u32)>);

impl GcEventSink for Deaths {
    fn object_died(&mut self, addr: u64, time: u64, context: u32) {
        self.0.push((addr, time, context));
    }
}

impl Deaths {
    fn of(&self, obj: Ref) -> Option<(u64, u32)> {
        self.0
            .iter()
            .find(|d| d.0 == obj.offset() as u64)
            .map(|d| (d.1, d.2))
    }
}

struct Fixture {
    heap: Heap,
    m: Mutator,
}

fn fixture() -> Fixture {
    let config = HeapConfig {
        initial_size: 4 << 20,
        max_size: 4 << 20,
        gc_threads: 1,
        periodic_interval: None,
        region_size: None,
        pause_goal: None,
        young_size: None,
        huge_pages: false,
    };
    let heap = Heap::new("mark-compact", config, registry())
        .unwrap()
        .with_death_tracking();
    let m = heap.new_mutator(1);
    Fixture { heap, m }
}

impl Fixture {
    /// A Node (two reference fields, at 24 and 28); the clock moves by its size.
    fn node(&mut self) -> Ref {
        let at = self
            .m
            .tlab
            .alloc(NODE_SIZE)
            .or_else(|| self.heap.alloc_slow(&mut self.m, NODE_SIZE))
            .unwrap();
        self.m.deaths.as_deref_mut().unwrap().allocated(NODE_SIZE);
        self.heap.init_object(at, NODE)
    }
    fn link(&mut self, from: Ref, field: usize, to: Ref) {
        self.heap.store_ref(&mut self.m, from, 24 + 4 * field, to);
    }
    fn in_context(&mut self, context: u32) {
        self.m.deaths.as_deref_mut().unwrap().context = context;
    }
    /// A collection with `roots`; what it reported dead at its start.
    fn collect(&mut self, roots: &mut Vec<Ref>) -> Deaths {
        self.heap.flush_mutator(&mut self.m);
        let mut deaths = Deaths::default();
        self.heap
            .collect(
                GcCause::SystemGc,
                &mut Roots(roots),
                &mut deaths,
                true,
                Duration::ZERO,
            )
            .unwrap();
        deaths
    }
}

#[test]
fn an_object_dies_when_and_where_its_last_reference_is_overwritten() {
    let mut f = fixture();
    let holder = f.node();
    let victim = f.node();
    f.in_context(7);
    f.link(holder, 0, victim);
    f.node(); // the clock moves on: the death is later than the store that linked it
    f.in_context(9);
    let clock = f.m.deaths.as_deref().unwrap().clock();
    f.link(holder, 0, Ref::NULL);
    f.node();
    let mut roots = vec![holder];
    let deaths = f.collect(&mut roots);
    assert_eq!(deaths.of(victim), Some((clock, 9)));
    assert_eq!(deaths.of(holder), None, "the holder is a root");
}

#[test]
fn a_pause_counts_the_bytes_a_thread_allocated_since_its_last_clock_batch() {
    let mut f = fixture();
    let unstamped = f.node(); // never loses a reference the VM sees: dies at the pause's clock
    f.node();
    assert_eq!(
        f.heap.deaths().unwrap().clock(),
        0,
        "two nodes are far below a batch: the shared clock has not moved"
    );
    let deaths = f.collect(&mut Vec::new());
    let unknown_context = 0;
    assert_eq!(
        deaths.of(unstamped),
        Some((2 * NODE_SIZE as u64, unknown_context))
    );
}

#[test]
fn a_dead_object_takes_the_latest_stamp_of_the_dead_objects_reaching_it() {
    let mut f = fixture();
    let root = f.node();
    let a = f.node();
    let b = f.node();
    let c = f.node();
    // root -> a -> b -> c, and root -> b: b and c die only when both paths are cut.
    f.link(root, 0, a);
    f.link(a, 0, b);
    f.link(b, 0, c);
    f.link(root, 1, b);
    f.in_context(1);
    let first = f.m.deaths.as_deref().unwrap().clock();
    f.link(root, 1, Ref::NULL); // b loses one reference: still reachable through a
    f.node();
    f.in_context(2);
    let last = f.m.deaths.as_deref().unwrap().clock();
    f.link(root, 0, Ref::NULL); // a goes, and b and c with it
    assert!(last > first);
    let mut roots = vec![root];
    let deaths = f.collect(&mut roots);
    assert_eq!(deaths.of(a), Some((last, 2)));
    assert_eq!(deaths.of(b), Some((last, 2)), "b's own stamp is older");
    assert_eq!(deaths.of(c), Some((last, 2)), "c was never stamped itself");
}

#[test]
fn a_dead_cycle_dies_with_the_cut_that_detached_it() {
    let mut f = fixture();
    let root = f.node();
    let a = f.node();
    let b = f.node();
    f.link(root, 0, a);
    f.link(a, 0, b);
    f.link(b, 0, a);
    f.in_context(5);
    let cut = f.m.deaths.as_deref().unwrap().clock();
    f.link(root, 0, Ref::NULL);
    let mut roots = vec![root];
    let deaths = f.collect(&mut roots);
    assert_eq!(deaths.of(a), Some((cut, 5)));
    assert_eq!(deaths.of(b), Some((cut, 5)));
}

#[test]
fn an_object_dropped_from_the_roots_without_a_stamp_has_an_unknown_context() {
    let mut f = fixture();
    let lost = f.node();
    f.node();
    let clock = f.m.deaths.as_deref().unwrap().clock();
    let mut roots = vec![lost];
    roots.clear(); // the VM did not report the root going away
    let deaths = f.collect(&mut roots);
    assert_eq!(deaths.of(lost), Some((clock, 0)));
}

#[test]
fn a_stamp_made_before_a_pause_does_not_outlive_it() {
    let mut f = fixture();
    let root = f.node();
    let kept = f.node();
    f.link(root, 0, kept);
    f.link(root, 1, kept);
    f.in_context(3);
    f.link(root, 1, Ref::NULL); // kept loses one of its two references: stamped, still alive
    f.node(); // the clock moves on before the pause
    let mut roots = vec![root];
    let first = f.collect(&mut roots);
    assert_eq!(first.of(kept), None, "kept is alive");
    let kept = f.heap.memory.read_ref(roots[0].offset() + 24);
    f.node();
    roots.clear(); // root and kept leave the roots unobserved
    let clock = f.m.deaths.as_deref().unwrap().clock();
    let second = f.collect(&mut roots);
    assert_eq!(
        second.of(kept),
        Some((clock, 0)),
        "the stamp is from before the first pause"
    );
}

#[test]
fn deaths_before_a_collection_that_reclaims_all_garbage_are_not_marked_in_the_objects() {
    let mut f = fixture();
    let dead = f.node();
    f.heap.flush_mutator(&mut f.m);
    let tracker = f.heap.deaths().unwrap();
    let find = |heap: &Heap, garbage| {
        let mut roots: Vec<Ref> = Vec::new();
        tracker
            .find_deaths_of(&heap.objects(), &mut Roots(&mut roots), garbage)
            .deaths
    };
    let word = f.heap.memory.gc_word(dead);
    assert_eq!(find(&f.heap, Garbage::Reclaimed).len(), 1);
    assert_eq!(
        f.heap.memory.gc_word(dead),
        word,
        "no mark: the collection that follows overwrites the object"
    );
    assert_eq!(
        find(&f.heap, Garbage::MayStay).len(),
        1,
        "so a pause that did not collect would find it again"
    );
}

#[test]
fn a_dead_object_left_in_place_is_reported_once() {
    let mut f = fixture();
    let dead = f.node();
    f.heap.flush_mutator(&mut f.m); // the heap is parseable, as at a pause
    let tracker = f.heap.deaths().unwrap();
    let find = |heap: &Heap| {
        let mut roots: Vec<Ref> = Vec::new();
        tracker
            .find_deaths(&heap.objects(), &mut Roots(&mut roots))
            .deaths
    };
    let first = find(&f.heap);
    assert_eq!(first.iter().map(|d| d.0).collect::<Vec<_>>(), vec![dead]);
    assert!(
        find(&f.heap).is_empty(),
        "no collection reclaimed it, and it is not reported again"
    );
}

/// Records how a pause hands its deaths to the trace: the parts, in order.
#[derive(Default)]
struct Parts(Vec<Vec<(u64, u64, u32)>>);

impl GcEventSink for Parts {
    fn objects_died(&mut self, deaths: &[(u64, u64, u32)]) {
        self.0.push(deaths.to_vec());
    }
}

#[test]
fn a_pause_with_many_deaths_hands_them_to_the_trace_in_parts_in_address_order() {
    let mut f = fixture();
    let dead: Vec<Ref> = (0..10_000).map(|_| f.node()).collect();
    f.heap.flush_mutator(&mut f.m);
    let mut parts = Parts::default();
    f.heap
        .collect(
            GcCause::SystemGc,
            &mut Roots(&mut Vec::new()),
            &mut parts,
            true,
            Duration::ZERO,
        )
        .unwrap();
    assert!(
        parts.0.len() > 1 && parts.0.iter().all(|p| !p.is_empty()),
        "10,000 deaths come in several parts, none empty: {:?}",
        parts.0.iter().map(Vec::len).collect::<Vec<_>>()
    );
    let addresses: Vec<u64> = parts.0.concat().iter().map(|d| d.0).collect();
    let expected: Vec<u64> = dead.iter().map(|r| r.offset() as u64).collect();
    assert_eq!(addresses, expected, "every death once, in address order");
}
