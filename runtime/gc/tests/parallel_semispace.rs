//! Parallel semispace copying (several GC workers): random graphs are preserved exactly, every
//! live object is copied exactly once, to-space stays parseable, shared structures and headers
//! survive, deep structures need no recursion, bounded queues lose nothing, and the event log is
//! replayed buffer by buffer. One worker keeps Cheney's sequential copy.
//!
//! The collector is driven through the `Collector` trait directly, with a TLAB-like bump
//! allocator (so from-space has filler-covered TLAB tails, as in the VM), and the heap is verified
//! before and after every collection. Live sets are kept above 2 MB where several workers must
//! run: a collection uses `min(gc_threads, 1 + used / 1 MB)` workers.

use gcvm_gc::memory::HeapMemory;
use gcvm_gc::object::{array_size, gcword, ElemKind, Ref, TypeRegistry, FILLER_TYPE};
use gcvm_gc::semispace::{plab_size_for, CollectionStats, SemiSpace, MAX_PLAB, MIN_PLAB};
use gcvm_gc::testing::RawWrites;
use gcvm_gc::{
    CollectorContext, GcCause, GcEventSink, GcOutcome, HeapConfig, NoEvents, StwCollector,
};
mod common;

use common::*;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

const MB: usize = 1 << 20;
/// The test allocator's TLAB size; objects above a quarter of it are allocated outside.
const TLAB: usize = 64 * 1024;

/// One reported event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Event {
    Plab { worker: u32, start: u64, size: u64 },
    Moved { from: u64, to: u64, size: u32 },
}

/// Records every event, in order.
#[derive(Default)]
struct Recorder(Vec<Event>);

impl GcEventSink for Recorder {
    fn plab(&mut self, worker: u32, start: u64, size: u64) {
        self.0.push(Event::Plab {
            worker,
            start,
            size,
        });
    }
    fn moved(&mut self, from: u64, to: u64, size: u32) {
        self.0.push(Event::Moved { from, to, size });
    }
}

impl Recorder {
    fn moves(&self) -> Vec<(u64, u64, u32)> {
        self.0
            .iter()
            .filter_map(|e| match *e {
                Event::Moved { from, to, size } => Some((from, to, size)),
                _ => None,
            })
            .collect()
    }
    fn plabs(&self) -> Vec<(u32, u64, u64)> {
        self.0
            .iter()
            .filter_map(|e| match *e {
                Event::Plab {
                    worker,
                    start,
                    size,
                } => Some((worker, start, size)),
                _ => None,
            })
            .collect()
    }
}

/// A deterministic xorshift generator.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A semispace heap with a TLAB-style bump allocator.
struct Ss {
    gc: SemiSpace,
    mem: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    /// The current TLAB `[top, end)`.
    tlab: (usize, usize),
}

impl Ss {
    /// A heap whose halves are `half` bytes from the start, with `gc_threads` workers at most.
    fn new(half: usize, gc_threads: usize) -> Ss {
        let types = registry();
        let mem = Arc::new(HeapMemory::reserve(SemiSpace::reservation_for(2 * half)).unwrap());
        let config = HeapConfig {
            initial_size: 2 * half,
            max_size: 2 * half,
            gc_threads,
            periodic_interval: None,
            region_size: None,
            pause_goal: None,
            young_size: None,
            huge_pages: false,
        };
        let gc = SemiSpace::new(CollectorContext {
            memory: mem.clone(),
            types: types.clone(),
            config,
        })
        .unwrap();
        Ss {
            gc,
            mem,
            types,
            tlab: (0, 0),
        }
    }

    /// Zeroed memory for one object.
    fn alloc(&mut self, size: usize) -> usize {
        if size > TLAB / 4 {
            let at = self
                .gc
                .alloc_outside_tlab(size)
                .expect("test heaps are big enough");
            self.mem.raw_zero(at, size);
            return at;
        }
        let room = self.tlab.1 - self.tlab.0;
        if size != room && size + 16 > room {
            self.retire_tlab();
            let (start, end) = self
                .gc
                .alloc_tlab(size + 16, TLAB)
                .expect("test heaps are big enough");
            self.mem.raw_zero(start, end - start);
            self.tlab = (start, end);
        }
        let at = self.tlab.0;
        self.tlab.0 += size;
        at
    }

    fn retire_tlab(&mut self) {
        self.mem.raw_fill_gap(self.tlab.0, self.tlab.1);
        self.tlab = (0, 0);
    }

    /// A node whose int field is `id` and whose long field is `-id`.
    fn node(&mut self, id: i32) -> Ref {
        let at = self.alloc(NODE_SIZE);
        self.mem.raw_init_header(at, NODE);
        self.mem.raw_write_u32(at + 12, id as u32);
        self.mem.raw_write_u64(at + 16, -(id as i64) as u64);
        Ref::from_offset(at)
    }

    fn leaf(&mut self, id: i32) -> Ref {
        let at = self.alloc(LEAF_SIZE);
        self.mem.raw_init_header(at, LEAF);
        self.mem.raw_write_u32(at + 12, id as u32);
        Ref::from_offset(at)
    }

    fn ref_array(&mut self, len: usize) -> Ref {
        let at = self.alloc(array_size(ElemKind::Ref, len));
        self.mem.raw_init_array_header(at, REF_ARRAY, len as u32);
        Ref::from_offset(at)
    }

    /// `count` unreachable leaves.
    fn garbage(&mut self, count: usize) {
        for _ in 0..count {
            self.leaf(-1);
        }
    }

    fn link(&self, from: Ref, field: usize, to: Ref) {
        self.mem.raw_write_ref(from.offset() + [24, 28][field], to);
    }
    fn field(&self, obj: Ref, field: usize) -> Ref {
        self.mem.read_ref(obj.offset() + [24, 28][field])
    }
    fn set_element(&self, array: Ref, i: usize, to: Ref) {
        self.mem.raw_write_ref(array.offset() + 16 + 4 * i, to);
    }
    fn element(&self, array: Ref, i: usize) -> Ref {
        self.mem.read_ref(array.offset() + 16 + 4 * i)
    }
    fn id(&self, obj: Ref) -> i32 {
        self.mem.read_u32(obj.offset() + 12) as i32
    }

    fn verify(&self, roots: &mut Vec<Ref>) -> Result<(), String> {
        gcvm_gc::verify::verify_heap(
            &self.mem,
            &self.types,
            &self.gc.parseable_ranges(),
            &|_| false,
            &mut Roots(roots),
        )
        .map(|_| ())
    }

    /// Retires the TLAB, verifies, collects, verifies.
    fn collect(&mut self, roots: &mut Vec<Ref>, events: &mut dyn GcEventSink) -> GcOutcome {
        self.retire_tlab();
        self.verify(roots)
            .expect("the heap verifies before the collection");
        let outcome = self
            .gc
            .collect(GcCause::AllocationFailure, &mut Roots(roots), events);
        self.verify(roots)
            .expect("the heap verifies after the collection");
        outcome
    }

    fn stats(&self) -> &CollectionStats {
        self.gc.last_collection()
    }

    /// `[start, top)` of the space objects now live in.
    fn live_range(&self) -> (usize, usize) {
        self.gc.parseable_ranges()[0]
    }
}

// ---- random graphs, described so that they can be checked after a collection ----

/// A random graph of `n` objects: half nodes, a fifth leaves, the rest reference arrays (now and
/// then a large one, bigger than a PLAB) and int arrays; 80% of references are non-null and point
/// anywhere (sharing and cycles included). Roots: about one object in 500.
struct Graph {
    specs: Vec<Spec>,
    root_specs: Vec<usize>,
}

impl Graph {
    fn random(n: usize, seed: u64) -> Graph {
        let mut rng = Rng::new(seed);
        let target = |rng: &mut Rng| (rng.below(5) != 0).then(|| rng.below(n));
        let specs = (0..n)
            .map(|_| match rng.below(20) {
                0..=9 => Spec::Node {
                    int: rng.next() as i32,
                    long: rng.next() as i64,
                    refs: [target(&mut rng), target(&mut rng)],
                },
                10..=13 => Spec::Leaf {
                    int: rng.next() as i32,
                    long: rng.next() as i64,
                },
                14..=16 => {
                    let len = if rng.below(2000) == 0 {
                        10_000 + rng.below(20_000)
                    } else {
                        rng.below(64)
                    };
                    Spec::RefArray((0..len).map(|_| target(&mut rng)).collect())
                }
                _ => Spec::IntArray((0..rng.below(100)).map(|_| rng.next() as i32).collect()),
            })
            .collect();
        let root_specs = (0..n / 500 + 1).map(|_| rng.below(n)).collect();
        Graph { specs, root_specs }
    }

    /// Which objects are reachable from the roots.
    fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.specs.len()];
        let mut work = self.root_specs.clone();
        while let Some(i) = work.pop() {
            if !std::mem::replace(&mut seen[i], true) {
                work.extend(self.specs[i].targets());
            }
        }
        seen
    }

    fn live_bytes(&self) -> usize {
        let reachable = self.reachable();
        self.specs
            .iter()
            .zip(reachable)
            .filter(|(_, r)| *r)
            .map(|(s, _)| s.size())
            .sum()
    }

    /// Allocates every object, with up to `garbage` garbage leaves after each, links them and
    /// returns their refs.
    fn build(&self, h: &mut Ss, garbage: usize, seed: u64) -> Vec<Ref> {
        let mut rng = Rng::new(seed ^ 0x5555);
        let mem = h.mem.clone();
        let mut refs = Vec::with_capacity(self.specs.len());
        for s in &self.specs {
            let at = h.alloc(s.size());
            match s {
                Spec::RefArray(v) => mem.raw_init_array_header(at, REF_ARRAY, v.len() as u32),
                Spec::IntArray(v) => mem.raw_init_array_header(at, INT_ARRAY, v.len() as u32),
                _ => mem.raw_init_header(at, s.type_id()),
            }
            refs.push(Ref::from_offset(at));
            if garbage > 0 {
                h.garbage(rng.below(garbage + 1));
            }
        }
        for (s, &r) in self.specs.iter().zip(&refs) {
            let base = r.offset();
            let to = |t: &Option<usize>| t.map_or(Ref::NULL, |i| refs[i]);
            match s {
                Spec::Node {
                    int,
                    long,
                    refs: out,
                } => {
                    mem.raw_write_u32(base + 12, *int as u32);
                    mem.raw_write_u64(base + 16, *long as u64);
                    mem.raw_write_ref(base + 24, to(&out[0]));
                    mem.raw_write_ref(base + 28, to(&out[1]));
                }
                Spec::Leaf { int, long } => {
                    mem.raw_write_u32(base + 12, *int as u32);
                    mem.raw_write_u64(base + 16, *long as u64);
                }
                Spec::RefArray(v) => {
                    for (k, t) in v.iter().enumerate() {
                        mem.raw_write_ref(base + 16 + 4 * k, to(t));
                    }
                }
                Spec::IntArray(v) => {
                    for (k, x) in v.iter().enumerate() {
                        mem.raw_write_u32(base + 16 + 4 * k, *x as u32);
                    }
                }
            }
        }
        refs
    }

    fn roots(&self, refs: &[Ref]) -> Vec<Ref> {
        self.root_specs.iter().map(|&i| refs[i]).collect()
    }

    fn check(&self, mem: &HeapMemory, roots: &[Ref]) -> Result<usize, String> {
        check_graph(mem, &self.specs, &self.root_specs, roots)
    }
}

/// Builds `graph` in a heap with `threads` GC threads and collects three times (with garbage
/// allocated in between), checking exact preservation, the worker count and the copy counts.
fn preserved_through_parallel_collections(
    graph: &Graph,
    threads: usize,
    garbage: usize,
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut h = Ss::new(32 * MB, threads);
    let refs = graph.build(&mut h, garbage, seed);
    let mut roots = graph.roots(&refs);
    let live_objects = graph.reachable().iter().filter(|r| **r).count();
    let live_bytes = graph.live_bytes();
    prop_assume!(live_bytes > 2 * MB);
    for round in 0..3 {
        let expected_workers = threads.min(1 + h.gc.used() / MB);
        let outcome = h.collect(&mut roots, &mut NoEvents);
        let stats = h.stats();
        prop_assert_eq!(stats.workers, expected_workers);
        prop_assert!(
            stats.workers >= 2,
            "a live set over 2 MB uses several workers"
        );
        prop_assert_eq!(stats.per_worker.len(), stats.workers);
        prop_assert_eq!(outcome.live_objects, live_objects);
        prop_assert_eq!(outcome.moved_bytes, live_bytes);
        let checked = graph
            .check(&h.mem, &roots)
            .map_err(|e| TestCaseError::fail(format!("{threads} threads, GC {round}: {e}")))?;
        prop_assert_eq!(checked, live_objects);
        h.garbage(20_000);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// The random-graph property of graph_preservation.rs, with 2 and 4 workers over graphs of
    /// 3-6 MB of live data.
    #[test]
    fn random_graphs_survive_parallel_copying_exactly(
        seed in any::<u64>(),
        n in 60_000usize..90_000,
        garbage in 0usize..3,
    ) {
        let graph = Graph::random(n, seed);
        for threads in [2, 4] {
            preserved_through_parallel_collections(&graph, threads, garbage, seed)?;
        }
    }
}

#[test]
fn every_live_object_is_copied_exactly_once() {
    let graph = Graph::random(80_000, 7);
    let reachable = graph.reachable();
    for threads in [2, 4] {
        let mut h = Ss::new(32 * MB, threads);
        let refs = graph.build(&mut h, 1, 7);
        let live_from: HashSet<u64> = refs
            .iter()
            .zip(&reachable)
            .filter(|(_, r)| **r)
            .map(|(r, _)| r.offset() as u64)
            .collect();
        let mut roots = graph.roots(&refs);
        let mut events = Recorder::default();
        let outcome = h.collect(&mut roots, &mut events);
        assert!(h.stats().workers >= 2);
        let moves = events.moves();
        assert_eq!(moves.len(), live_from.len(), "one move per live object");
        assert_eq!(outcome.live_objects, live_from.len());
        let froms: HashSet<u64> = moves.iter().map(|m| m.0).collect();
        let tos: HashSet<u64> = moves.iter().map(|m| m.1).collect();
        assert_eq!(froms, live_from, "exactly the live objects moved");
        assert_eq!(tos.len(), moves.len(), "no two moves share a destination");
        let per_worker: usize = h.stats().per_worker.iter().map(|w| w.objects).sum();
        assert_eq!(
            per_worker,
            moves.len(),
            "each copy is counted by one worker"
        );
    }
}

#[test]
fn to_space_is_parseable_with_fillers_over_retired_plab_tails() {
    let graph = Graph::random(80_000, 11);
    let mut h = Ss::new(32 * MB, 2);
    let refs = graph.build(&mut h, 2, 11);
    let mut roots = graph.roots(&refs);
    let mut events = Recorder::default();
    h.collect(&mut roots, &mut events); // verifies the heap after the collection
    let (start, top) = h.live_range();
    // Walk to-space object by object: the sizes tile [start, top) exactly.
    let mut objects = HashMap::new();
    let mut at = start;
    while at < top {
        let size = h.mem.object_size(&h.types, Ref::from_offset(at));
        objects.insert(
            at as u64,
            (size as u64, h.mem.type_id(Ref::from_offset(at))),
        );
        at += size;
    }
    assert_eq!(at, top, "objects tile to-space up to top");
    // Every buffer holds its moves back to back from its start, then at most one filler.
    let moves: HashMap<u64, u32> = events.moves().iter().map(|m| (m.1, m.2)).collect();
    let mut buffers = events.plabs();
    assert!(!buffers.is_empty());
    let mut fillers_in_buffers = 0;
    for &(_, b_start, b_size) in &buffers {
        assert!(b_start as usize >= start && (b_start + b_size) as usize <= top);
        let mut at = b_start;
        while at < b_start + b_size {
            let (size, type_id) = objects[&at];
            if type_id == FILLER_TYPE {
                assert_eq!(at + size, b_start + b_size, "a filler ends its buffer");
                fillers_in_buffers += 1;
            } else {
                assert_eq!(
                    moves.get(&at),
                    Some(&(size as u32)),
                    "a copy reported moved"
                );
            }
            at += size;
        }
        assert_eq!(at, b_start + b_size, "a buffer ends at an object boundary");
    }
    assert!(fillers_in_buffers > 0, "some PLAB tails were retired");
    // Buffers do not overlap, and what they do not cover holds only fillers (discarded chunks).
    buffers.sort_by_key(|b| b.1);
    let mut covered = start as u64;
    for &(_, b_start, b_size) in &buffers {
        let mut at = covered;
        while at < b_start {
            assert_eq!(
                objects[&at].1, FILLER_TYPE,
                "only fillers lie outside buffers"
            );
            at += objects[&at].0;
        }
        assert_eq!(at, b_start, "buffers are disjoint");
        covered = b_start + b_size;
    }
    assert!(covered as usize <= top);
    let stats = h.stats();
    assert_eq!(stats.waste_bytes, top - start - stats.live_bytes);
}

#[test]
fn each_worker_reports_its_plabs_each_followed_by_the_moves_into_it() {
    let graph = Graph::random(80_000, 13);
    let mut h = Ss::new(32 * MB, 2);
    let refs = graph.build(&mut h, 1, 13);
    let mut roots = graph.roots(&refs);
    let mut events = Recorder::default();
    h.collect(&mut roots, &mut events);
    let stats = h.stats().clone();
    let mut current: Option<(u32, u64, u64, u64)> = None; // worker, start, end, next free
    let mut plabs_per_worker = vec![0usize; stats.workers];
    let mut last_start_per_worker = vec![0u64; stats.workers];
    for e in &events.0 {
        match *e {
            Event::Plab {
                worker,
                start,
                size,
            } => {
                if let Some((w, ..)) = current {
                    assert!(worker >= w, "workers are replayed one after the other");
                }
                assert!(
                    start > last_start_per_worker[worker as usize],
                    "a worker's buffers come in address order"
                );
                last_start_per_worker[worker as usize] = start;
                plabs_per_worker[worker as usize] += 1;
                current = Some((worker, start, start + size, start));
            }
            Event::Moved { to, size, .. } => {
                let (w, s, end, next) = current.expect("the first event is a buffer");
                assert_eq!(to, next, "moves fill a buffer in copy order, back to back");
                assert!(
                    to + size as u64 <= end,
                    "a move lands in the buffer before it"
                );
                current = Some((w, s, end, to + size as u64));
            }
        }
    }
    for (w, stats) in stats.per_worker.iter().enumerate() {
        assert_eq!(
            plabs_per_worker[w],
            stats.plabs + stats.chunks,
            "worker {w}"
        );
    }
}

#[test]
fn an_object_referenced_from_everywhere_and_a_big_shared_array_are_copied_once() {
    const NODES: usize = 100_000;
    const BIG: usize = 300_000; // 1.2 MB: far larger than a PLAB, so it gets its own chunk
    let mut h = Ss::new(32 * MB, 4);
    let shared = h.leaf(4242);
    let big = h.ref_array(BIG);
    let list = h.ref_array(NODES);
    let mut nodes = Vec::with_capacity(NODES);
    for i in 0..NODES {
        let n = h.node(i as i32);
        h.link(n, 0, shared);
        h.link(n, 1, big);
        h.set_element(list, i, n);
        nodes.push(n);
        h.garbage(1);
    }
    for i in 0..BIG {
        h.set_element(big, i, if i % 3 == 0 { shared } else { nodes[i % NODES] });
    }
    let (old_shared, old_big) = (shared.offset() as u64, big.offset() as u64);
    let mut roots = vec![list, big, shared, list];
    let mut events = Recorder::default();
    let outcome = h.collect(&mut roots, &mut events);
    assert_eq!(h.stats().workers, 4);
    assert_eq!(outcome.live_objects, NODES + 3);
    let moves = events.moves();
    assert_eq!(moves.iter().filter(|m| m.0 == old_shared).count(), 1);
    assert_eq!(moves.iter().filter(|m| m.0 == old_big).count(), 1);
    let (list, big, shared) = (roots[0], roots[1], roots[2]);
    assert_eq!(roots[3], list, "both roots to the list see one copy");
    assert_eq!(h.id(shared), 4242);
    let plabs = events.plabs();
    let big_size = array_size(ElemKind::Ref, BIG) as u64;
    assert!(
        plabs
            .iter()
            .any(|p| p.1 == big.offset() as u64 && p.2 == big_size),
        "the big array got an exact-size chunk"
    );
    for i in 0..NODES {
        let n = h.element(list, i);
        assert_eq!(h.id(n), i as i32);
        assert_eq!(h.field(n, 0), shared);
        assert_eq!(h.field(n, 1), big);
    }
    for i in 0..BIG {
        let e = h.element(big, i);
        let expected = if i % 3 == 0 {
            shared
        } else {
            h.element(list, i % NODES)
        };
        assert_eq!(e, expected, "element {i}");
    }
}

#[test]
fn identity_hash_monitor_index_and_age_survive_parallel_copying() {
    const N: usize = 50_000; // 1.8 MB live: two workers
    let mut h = Ss::new(16 * MB, 2);
    let array = h.ref_array(N);
    for i in 0..N {
        let n = h.node(i as i32);
        let mut word = h.mem.gc_word(n);
        if i % 2 == 0 {
            word = gcword::with_identity_hash(word, (i * 7919) as i32);
        }
        if i % 3 == 0 {
            word |= ((i % 1000 + 1) as u64) << gcword::MONITOR_SHIFT;
        }
        h.mem.raw_set_gc_word(n, word);
        h.set_element(array, i, n);
    }
    let mut roots = vec![array];
    for gc in 1..=2u64 {
        h.collect(&mut roots, &mut NoEvents);
        assert_eq!(h.stats().workers, 2);
        for i in 0..N {
            let n = h.element(roots[0], i);
            let word = h.mem.gc_word(n);
            assert_eq!(h.id(n), i as i32);
            let hash = (i % 2 == 0).then_some((i * 7919) as i32);
            assert_eq!(gcword::identity_hash(word), hash, "object {i}");
            let monitor = if i % 3 == 0 { i % 1000 + 1 } else { 0 };
            assert_eq!(
                (word & gcword::MONITOR_MASK) >> gcword::MONITOR_SHIFT,
                monitor as u64
            );
            assert_eq!(
                gcword::age(word),
                gc,
                "object {i} survived {gc} collections"
            );
            assert!(!gcword::is_forwarded(word));
        }
    }
}

#[test]
fn a_million_node_linked_list_is_copied_without_recursion_or_overflow() {
    const N: usize = 1_000_000;
    let mut h = Ss::new(64 * MB, 2);
    let head = h.node(0);
    let mut prev = head;
    for i in 1..N {
        h.garbage(1);
        let node = h.node(i as i32);
        h.link(prev, 0, node);
        prev = node;
    }
    h.retire_tlab();
    // A 256 KB stack: recursion of even a few thousand levels would overflow it.
    let h = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let mut roots = vec![head];
            let outcome = h.gc.collect(
                GcCause::AllocationFailure,
                &mut Roots(&mut roots),
                &mut NoEvents,
            );
            (h, roots, outcome)
        })
        .unwrap()
        .join();
    let (h, mut roots, outcome) = h.expect("copying a deep list does not overflow the stack");
    h.verify(&mut roots).unwrap();
    assert_eq!(h.stats().workers, 2);
    assert_eq!(outcome.live_objects, N);
    let mut node = roots[0];
    for i in 0..N {
        assert_eq!(h.id(node), i as i32);
        node = h.field(node, 0);
    }
    assert!(node.is_null());
}

#[test]
fn exactly_one_copy_survives_when_workers_race_for_the_same_objects() {
    // Four workers scan chunks of one big array whose elements all point into a small pool of
    // objects, so several of them often try to evacuate the same object at once: the losers of
    // the forwarding CAS must discard their copies (races are counted; the invariants are checked
    // in every collection whether or not one happened).
    const POOL: usize = 4096;
    const ELEMENTS: usize = 400_000;
    let mut total_lost = 0;
    for attempt in 0..5 {
        let mut h = Ss::new(16 * MB, 4);
        let mut rng = Rng::new(attempt);
        let pool: Vec<Ref> = (0..POOL).map(|i| h.node(i as i32)).collect();
        for &n in &pool {
            h.link(n, 0, pool[rng.below(POOL)]);
        }
        let array = h.ref_array(ELEMENTS);
        for i in 0..ELEMENTS {
            h.set_element(array, i, pool[rng.below(POOL)]);
        }
        h.garbage(60_000); // 3.2 MB used: four workers
        let expected: Vec<i32> = (0..ELEMENTS).map(|i| h.id(h.element(array, i))).collect();
        let mut roots = vec![array];
        let mut events = Recorder::default();
        let outcome = h.collect(&mut roots, &mut events);
        let stats = h.stats();
        assert_eq!(stats.workers, 4);
        let moves = events.moves();
        assert_eq!(outcome.live_objects, POOL + 1);
        assert_eq!(moves.len(), POOL + 1, "one move per object, races or not");
        let tos: HashSet<u64> = moves.iter().map(|m| m.1).collect();
        assert_eq!(tos.len(), moves.len());
        let copies: HashSet<Ref> = (0..ELEMENTS).map(|i| h.element(roots[0], i)).collect();
        assert!(
            copies.len() <= POOL,
            "every reference to an object sees its one copy"
        );
        for (i, &id) in expected.iter().enumerate() {
            assert_eq!(h.id(h.element(roots[0], i)), id);
        }
        total_lost += stats.per_worker.iter().map(|w| w.lost_races).sum::<usize>();
        if total_lost > 0 {
            break;
        }
    }
    println!("lost forwarding races: {total_lost}");
}

#[test]
fn full_queues_spill_to_private_overflow_stacks_without_losing_objects() {
    const TREES: usize = 6000; // ~1.3 MB: two workers
    let mut h = Ss::new(8 * MB, 2);
    h.gc.set_queue_capacities(2, 2);
    // A wide array of small binary trees: far more grey objects than 2 + 2 queue slots.
    let array = h.ref_array(TREES);
    for i in 0..TREES {
        h.garbage(1);
        let top = h.node(i as i32);
        let (l, r) = (h.node(i as i32), h.node(i as i32));
        h.link(top, 0, l);
        h.link(top, 1, r);
        for n in [l, r] {
            let (a, b) = (h.node(i as i32), h.leaf(i as i32));
            h.link(n, 0, a);
            h.link(n, 1, b);
        }
        h.set_element(array, i, top);
    }
    let mut roots = vec![array];
    let outcome = h.collect(&mut roots, &mut NoEvents);
    let stats = h.stats();
    assert_eq!(stats.workers, 2);
    assert!(
        stats.per_worker.iter().map(|w| w.overflowed).sum::<usize>() > 0,
        "the tiny queues overflowed"
    );
    assert_eq!(outcome.live_objects, 1 + 7 * TREES);
    for i in 0..TREES {
        let top = h.element(roots[0], i);
        let leaf = h.field(h.field(top, 1), 1);
        let deep = h.field(h.field(top, 0), 0);
        assert_eq!(
            (h.id(top), h.id(leaf), h.id(deep)),
            (i as i32, i as i32, i as i32)
        );
    }
}

#[test]
fn one_worker_copies_with_sequential_cheney_and_reports_no_plabs() {
    let graph = Graph::random(80_000, 17);
    let mut h = Ss::new(32 * MB, 1);
    let refs = graph.build(&mut h, 1, 17);
    let mut roots = graph.roots(&refs);
    let mut events = Recorder::default();
    h.collect(&mut roots, &mut events);
    assert_eq!(h.stats().workers, 1);
    assert!(h.stats().per_worker.is_empty());
    assert!(events.plabs().is_empty(), "Cheney's copy takes no PLABs");
    let (start, top) = h.live_range();
    let mut next = start as u64;
    for (_, to, size) in events.moves() {
        assert_eq!(to, next, "copies are contiguous, in copy order");
        next += size as u64;
    }
    assert_eq!(
        next as usize, top,
        "no fillers: to-space is exactly the copies"
    );
    assert_eq!(h.stats().waste_bytes, 0);
    graph.check(&h.mem, &roots).unwrap();
}

#[test]
fn the_worker_count_is_one_per_used_megabyte_up_to_gc_threads() {
    for (threads, nodes, expected) in [
        (4, 10_000, 1),
        (4, 40_000, 2),
        (4, 70_000, 3),
        (2, 200_000, 2),
        (8, 200_000, 7),
    ] {
        let mut h = Ss::new(16 * MB, threads);
        let array = h.ref_array(nodes);
        for i in 0..nodes {
            let n = h.node(i as i32);
            h.set_element(array, i, n);
        }
        h.retire_tlab();
        let used = h.gc.used();
        assert_eq!(
            expected,
            threads.min(1 + used / MB),
            "test set-up: {used} bytes used"
        );
        assert_eq!(h.gc.workers_for_next_collection(), expected);
        h.collect(&mut vec![array], &mut NoEvents);
        assert_eq!(
            h.stats().workers,
            expected,
            "{threads} threads, {used} bytes used"
        );
    }
}

#[test]
fn plab_size_divides_to_space_by_64_per_worker_within_4_and_32_kb() {
    assert_eq!((MIN_PLAB, MAX_PLAB), (4096, 32768));
    assert_eq!(plab_size_for(256 * 1024, 2), MIN_PLAB);
    assert_eq!(plab_size_for(2 * MB, 2), 16 * 1024);
    assert_eq!(plab_size_for(3 * MB, 3), 16 * 1024);
    assert_eq!(plab_size_for(64 * MB, 2), MAX_PLAB);
    assert_eq!(plab_size_for(5 * MB, 3) % 8, 0);
    let mut h = Ss::new(2 * MB, 2);
    let array = h.ref_array(40_000);
    for i in 0..40_000 {
        let n = h.leaf(i as i32);
        h.set_element(array, i, n);
    }
    h.collect(&mut vec![array], &mut NoEvents);
    assert_eq!(h.stats().plab_size, plab_size_for(2 * MB, 2));
}

#[test]
fn several_workers_copy_objects_of_a_large_heap() {
    // Whether a helper thread gets work is a matter of scheduling; over a few collections of a
    // ~6 MB live set it practically always does.
    let graph = Graph::random(80_000, 19);
    let mut h = Ss::new(32 * MB, 2);
    let refs = graph.build(&mut h, 1, 19);
    let mut roots = graph.roots(&refs);
    let mut busy = 0;
    for _ in 0..5 {
        h.collect(&mut roots, &mut NoEvents);
        busy = h
            .stats()
            .per_worker
            .iter()
            .filter(|w| w.objects > 0)
            .count();
        if busy == 2 {
            break;
        }
    }
    assert_eq!(busy, 2, "both workers copied objects");
    graph.check(&h.mem, &roots).unwrap();
}

#[test]
fn a_nearly_full_half_is_copied_sequentially_so_live_data_always_fits() {
    // 2 MB halves; a binary tree of 32-byte nodes leaves 24 KB of to-space free. Parallel
    // copying would waste some of that in PLAB tails, so with from-space this full the collector
    // uses the exact-fit Cheney copy even though two workers are configured.
    let capacity = 2 * MB;
    let n = (capacity - 24 * 1024) / NODE_SIZE;
    let mut h = Ss::new(capacity, 2);
    let nodes: Vec<Ref> = (0..n).map(|i| h.node(i as i32)).collect();
    for j in 0..n {
        for (f, c) in [2 * j + 1, 2 * j + 2].into_iter().enumerate() {
            if c < n {
                h.link(nodes[j], f, nodes[c]);
            }
        }
    }
    let mut roots = vec![nodes[0]];
    for _ in 0..3 {
        let outcome = h.collect(&mut roots, &mut NoEvents);
        assert_eq!(h.stats().workers, 1);
        assert_eq!(outcome.live_objects, n);
        let (start, top) = h.live_range();
        assert_eq!(top - start, n * NODE_SIZE, "Cheney copies with no waste");
    }
    // Walk the tree: every node has its id and its children.
    let mut work = vec![(roots[0], 0usize)];
    let mut seen = 0;
    while let Some((node, j)) = work.pop() {
        assert_eq!(h.id(node), j as i32);
        seen += 1;
        for (f, c) in [2 * j + 1, 2 * j + 2].into_iter().enumerate() {
            let child = h.field(node, f);
            assert_eq!(child.is_null(), c >= n);
            if c < n {
                work.push((child, c));
            }
        }
    }
    assert_eq!(seen, n);
}

#[test]
fn the_vm_facing_heap_collects_in_parallel_with_tlabs_and_verification() {
    use gcvm_gc::Heap;
    const N: usize = 60_000; // ~2 MB live: two workers
    let config = HeapConfig {
        initial_size: 32 * MB,
        max_size: 32 * MB,
        gc_threads: 2,
        periodic_interval: None,
        region_size: None,
        pause_goal: None,
        young_size: None,
        huge_pages: false,
    };
    let heap = Heap::new("semispace", config, registry()).unwrap();
    let mut m = heap.new_mutator(1);
    let mut alloc = |size: usize| {
        let at = m
            .tlab
            .alloc(size)
            .or_else(|| heap.alloc_slow(&mut m, size))
            .expect("the heap is big enough");
        Ref::from_offset(at)
    };
    let array = alloc(array_size(ElemKind::Ref, N));
    heap.memory
        .raw_init_array_header(array.offset(), REF_ARRAY, N as u32);
    for i in 0..N {
        let node = alloc(NODE_SIZE);
        heap.memory.raw_init_header(node.offset(), NODE);
        heap.memory.raw_write_u32(node.offset() + 12, i as u32);
        heap.memory.raw_write_ref(array.offset() + 16 + 4 * i, node);
        if i > 0 {
            let prev = heap.memory.read_ref(array.offset() + 16 + 4 * (i - 1));
            heap.memory.raw_write_ref(prev.offset() + 24, node);
        }
        let garbage = alloc(LEAF_SIZE);
        heap.memory.raw_init_header(garbage.offset(), LEAF);
    }
    heap.flush_mutator(&mut m);
    let mut roots = vec![array];
    let mut events = Recorder::default();
    let record = heap
        .collect(
            GcCause::SystemGc,
            &mut Roots(&mut roots),
            &mut events,
            true,
            std::time::Duration::ZERO,
        )
        .expect("the heap verifies before and after the collection");
    assert_eq!(record.outcome.live_objects, N + 1);
    assert!(!events.plabs().is_empty(), "two workers copied into PLABs");
    assert_eq!(events.moves().len(), N + 1);
    assert!(record.log_line().contains("Pause Full (System.gc())"));
    let array = roots[0];
    for i in 0..N {
        let node = heap.memory.read_ref(array.offset() + 16 + 4 * i);
        assert_eq!(heap.memory.read_u32(node.offset() + 12), i as u32);
        let next = heap.memory.read_ref(node.offset() + 24);
        let expected = if i + 1 < N {
            heap.memory.read_ref(array.offset() + 16 + 4 * (i + 1))
        } else {
            Ref::NULL
        };
        assert_eq!(next, expected);
    }
}

/// Builds a random graph of ~25 MB of nodes (two random references each, most of it reachable
/// from 1000 roots: ~20 MB live) placed among ~1 garbage leaf per node.
fn measurement_heap(threads: usize, seed: u64) -> (Ss, Vec<Ref>) {
    let mut h = Ss::new(96 * MB, threads);
    let mut rng = Rng::new(seed);
    let n = 25 * MB / NODE_SIZE;
    let mut nodes = Vec::with_capacity(n);
    for i in 0..n {
        nodes.push(h.node(i as i32));
        h.garbage(rng.below(3));
    }
    for &node in &nodes {
        for f in 0..2 {
            h.link(node, f, nodes[rng.below(n)]);
        }
    }
    let roots = (0..1000).map(|_| nodes[rng.below(n)]).collect();
    (h, roots)
}

/// CPU time of the whole process (every thread), for the measurement below.
fn process_cpu_time() -> std::time::Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into the valid `ts`.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    std::time::Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Not a timed test: prints pause times for ~20 MB live with one worker (Cheney) and two
/// (parallel), alternating so other load on the machine hits both alike. Run with
/// `cargo test -p gcvm-gc --release --test parallel_semispace -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_pause_times() {
    const RUNS: usize = 9;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let mut pauses: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut cpus: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for run in 0..RUNS {
        for threads in [1, 2] {
            let (mut h, mut roots) = measurement_heap(threads, 1 + run as u64);
            h.retire_tlab();
            let used = h.gc.used();
            let (started, cpu_started) = (std::time::Instant::now(), process_cpu_time());
            let outcome = h.gc.collect(
                GcCause::AllocationFailure,
                &mut Roots(&mut roots),
                &mut NoEvents,
            );
            let pause = ms(started.elapsed());
            let cpu = ms(process_cpu_time() - cpu_started);
            let s = h.stats().clone();
            assert_eq!(s.workers, threads);
            let objects: Vec<usize> = s.per_worker.iter().map(|w| w.objects).collect();
            let steals: Vec<u64> = s.per_worker.iter().map(|w| w.pool.steals).collect();
            let lost: usize = s.per_worker.iter().map(|w| w.lost_races).sum();
            println!(
                "run {run} workers={threads} used={}M live={:.1}M objects={} waste={}K | pause {pause:.1} ms (copy {:.1}, replay {:.1}), cpu {cpu:.1} ms | per worker objects {objects:?} steals {steals:?} lost races {lost}",
                used / MB,
                outcome.moved_bytes as f64 / MB as f64,
                outcome.live_objects,
                s.waste_bytes / 1024,
                ms(s.copy_time),
                ms(s.replay_time),
            );
            pauses[threads - 1].push(pause);
            cpus[threads - 1].push(cpu);
        }
    }
    for (i, (p, c)) in pauses.iter_mut().zip(&mut cpus).enumerate() {
        p.sort_by(|a, b| a.partial_cmp(b).unwrap());
        c.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "workers={} pause min/median: {:.1}/{:.1} ms, cpu (all threads) min/median: {:.1}/{:.1} ms",
            i + 1,
            p[0],
            p[p.len() / 2],
            c[0],
            c[c.len() / 2]
        );
    }
}
