//! The mark-compact collector's own behaviours: sliding order, the dense prefix, what it reports,
//! parallel marking, mark stack overflow, deep structures, growth and header preservation.
//! (The random-graph property tests in graph_preservation.rs also run it, as every collector.)
//!
//! The heap is driven through the `Collector` trait directly (objects are bump-allocated outside
//! TLABs, so their addresses are predictable), and verified before and after every collection.

use gcvm_gc::markcompact::{CollectionStats, MarkCompact, DENSE_PREFIX_DEAD_PERCENT};
use gcvm_gc::memory::RESERVED_PREFIX;
use gcvm_gc::object::{
    array_size, gcword, ElemKind, Ref, Shape, TypeInfo, TypeRegistry, FILLER_TYPE,
};
use gcvm_gc::testing::RawWrites;
use gcvm_gc::{
    CollectorContext, GcCause, GcEventSink, GcOutcome, HeapConfig, HeapMemory, NoEvents,
    RootSource, StwCollector,
};
use gcvm_tracer::CountingSink;
use std::collections::HashMap;
use std::sync::Arc;

const NODE: u32 = 2; // int @12, long @16, ref @24, ref @28; 32 bytes
const LEAF: u32 = 3; // int @12, long @16; 24 bytes
const REF_ARRAY: u32 = 4;
const INT_ARRAY: u32 = 5;
const NODE_SIZE: usize = 32;
const LEAF_SIZE: usize = 24;
const MB: usize = 1 << 20;

fn registry() -> Arc<TypeRegistry> {
    let types = TypeRegistry::new();
    let instance = |name: &str, size, refs: &[u32]| TypeInfo {
        name: name.into(),
        shape: Shape::Instance {
            size,
            ref_offsets: refs.to_vec().into_boxed_slice(),
        },
    };
    types
        .register(NODE, instance("Node", 32, &[24, 28]))
        .unwrap();
    types.register(LEAF, instance("Leaf", 24, &[])).unwrap();
    types
        .register(
            REF_ARRAY,
            TypeInfo {
                name: "[LNode;".into(),
                shape: Shape::Array {
                    elem: ElemKind::Ref,
                },
            },
        )
        .unwrap();
    types
        .register(
            INT_ARRAY,
            TypeInfo {
                name: "[I".into(),
                shape: Shape::Array {
                    elem: ElemKind::Int,
                },
            },
        )
        .unwrap();
    Arc::new(types)
}

struct Roots<'a>(&'a mut Vec<Ref>);

impl RootSource for Roots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.0.iter_mut() {
            if !r.is_null() {
                *r = visit(*r);
            }
        }
    }
}

/// Records every event, in order.
#[derive(Default, Debug)]
struct Recorder {
    kept: Vec<(u64, u32)>,
    regions: Vec<(u64, u64, u32, u64)>,
    moved: Vec<(u64, u64, u32)>,
}

impl GcEventSink for Recorder {
    fn moved(&mut self, from: u64, to: u64, size: u32) {
        self.moved.push((from, to, size));
    }
    fn region_moved(&mut self, from: u64, to: u64, count: u32, bytes: u64) {
        self.regions.push((from, to, count, bytes));
    }
    fn kept_alive(&mut self, addr: u64, size: u32) {
        self.kept.push((addr, size));
    }
}

/// A deterministic xorshift generator, so both heaps of a comparison see the same program.
struct Rng(u64);

impl Rng {
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

struct Mc {
    gc: MarkCompact,
    mem: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
}

impl Mc {
    fn new(initial: usize, max: usize, gc_threads: usize) -> Mc {
        let types = registry();
        let mem = Arc::new(HeapMemory::reserve(MarkCompact::reservation_for(max)).unwrap());
        let config = HeapConfig {
            initial_size: initial,
            max_size: max,
            gc_threads,
            periodic_interval: None,
            region_size: None,
            pause_goal: None,
            young_size: None,
            huge_pages: false,
        };
        let gc = MarkCompact::new(CollectorContext {
            memory: mem.clone(),
            types: types.clone(),
            config,
        })
        .unwrap();
        Mc { gc, mem, types }
    }

    fn alloc(&mut self, size: usize) -> usize {
        let at = self
            .gc
            .alloc_outside_tlab(size)
            .expect("test heaps are big enough");
        self.mem.raw_zero(at, size);
        at
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

    fn int_array(&mut self, values: &[i32]) -> Ref {
        let at = self.alloc(array_size(ElemKind::Int, values.len()));
        self.mem
            .raw_init_array_header(at, INT_ARRAY, values.len() as u32);
        for (i, v) in values.iter().enumerate() {
            self.mem.raw_write_u32(at + 16 + 4 * i, *v as u32);
        }
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

    fn collect_with(
        &mut self,
        cause: GcCause,
        roots: &mut Vec<Ref>,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.verify(roots)
            .expect("the heap verifies before the collection");
        let outcome = self.gc.collect(cause, &mut Roots(roots), events);
        self.verify(roots)
            .expect("the heap verifies after the collection");
        outcome
    }

    fn collect(&mut self, roots: &mut Vec<Ref>, events: &mut dyn GcEventSink) -> GcOutcome {
        self.collect_with(GcCause::AllocationFailure, roots, events)
    }

    fn gc_object_size(&self, obj: Ref) -> usize {
        self.mem.object_size(&self.types, obj)
    }

    fn stats(&self) -> &CollectionStats {
        self.gc.last_collection()
    }

    fn top(&self) -> usize {
        self.gc.spaces()[0].top
    }

    fn heap_bytes(&self) -> Vec<u8> {
        let mut bytes = vec![0; self.top() - RESERVED_PREFIX];
        self.mem.read_bytes(RESERVED_PREFIX, &mut bytes);
        bytes
    }
}

#[test]
fn allocation_order_is_preserved_after_compaction() {
    let mut h = Mc::new(4 * MB, 4 * MB, 1);
    h.garbage(100);
    let a = h.node(1);
    h.garbage(100);
    let b = h.int_array(&[10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    h.garbage(100);
    let c = h.leaf(3);
    h.garbage(100);
    let mut roots = vec![c, a, b];
    h.collect(&mut roots, &mut NoEvents);
    let (c2, a2, b2) = (roots[0], roots[1], roots[2]);
    let b_size = array_size(ElemKind::Int, 10);
    assert_eq!(
        a2.offset(),
        RESERVED_PREFIX,
        "the first survivor slides to the bottom"
    );
    assert_eq!(
        b2.offset(),
        a2.offset() + NODE_SIZE,
        "B follows A with no gap"
    );
    assert_eq!(c2.offset(), b2.offset() + b_size, "C follows B with no gap");
    assert_eq!(
        h.top(),
        c2.offset() + LEAF_SIZE,
        "top is the end of the last survivor"
    );
    assert_eq!((h.id(a2), h.id(c2)), (1, 3));
    assert_eq!(h.mem.read_u32(b2.offset() + 16 + 4 * 9), 100);
}

#[test]
fn the_dense_prefix_keeps_objects_in_place_and_reports_them_kept_alive() {
    let mut h = Mc::new(4 * MB, 4 * MB, 1);
    let (a, b, c) = (h.node(1), h.node(2), h.node(3));
    h.garbage(1000);
    let d = h.node(4);
    let mut roots = vec![a, b, c, d];
    let mut events = Recorder::default();
    h.collect(&mut roots, &mut events);
    assert_eq!(&roots[..3], &[a, b, c], "the dense prefix does not move");
    assert_eq!(h.stats().dense_prefix_end, c.offset() + NODE_SIZE);
    let kept: Vec<(u64, u32)> = [a, b, c]
        .iter()
        .map(|r| (r.offset() as u64, NODE_SIZE as u32))
        .collect();
    assert_eq!(
        events.kept, kept,
        "one kept_alive per prefix object, in address order"
    );
    let slid = c.offset() + NODE_SIZE;
    assert_eq!(
        roots[3].offset(),
        slid,
        "D slides down to the end of the prefix"
    );
    assert_eq!(
        events.regions,
        vec![(d.offset() as u64, slid as u64, 1, NODE_SIZE as u64)]
    );
    assert!(
        events.moved.is_empty(),
        "sliding reports runs, not single moves"
    );
}

#[test]
fn dead_gaps_inside_the_dense_prefix_become_fillers() {
    let mut h = Mc::new(4 * MB, 4 * MB, 1);
    let mut roots = vec![h.node(0)];
    let gap = h.leaf(-1).offset();
    roots.extend((1..100).map(|i| h.node(i)));
    let before = roots.clone();
    let mut events = CountingSink::default();
    h.collect(&mut roots, &mut events);
    // 24 dead bytes out of 3224 is under the threshold: everything stays.
    const { assert!(LEAF_SIZE * 100 <= DENSE_PREFIX_DEAD_PERCENT * (100 * NODE_SIZE + LEAF_SIZE)) };
    assert_eq!(roots, before, "nothing moves");
    assert_eq!(
        h.mem.type_id(Ref::from_offset(gap)),
        FILLER_TYPE,
        "the dead leaf became a filler"
    );
    assert_eq!(h.stats().prefix_dead_bytes, LEAF_SIZE);
    assert_eq!((events.kept_alive, events.region_moves), (100, 0));
}

#[test]
fn system_gc_compacts_maximally_instead_of_keeping_a_dense_prefix() {
    let mut h = Mc::new(4 * MB, 4 * MB, 1);
    let mut roots = vec![h.node(0)];
    h.leaf(-1);
    roots.extend((1..100).map(|i| h.node(i)));
    let top_before = h.top();
    h.collect_with(GcCause::SystemGc, &mut roots, &mut NoEvents);
    assert!(h.stats().maximal);
    assert_eq!(
        h.stats().dense_prefix_end,
        roots[0].offset() + NODE_SIZE,
        "only the leading live run stays"
    );
    assert_eq!(
        roots[1].offset(),
        roots[0].offset() + NODE_SIZE,
        "the gap was squeezed out"
    );
    assert_eq!(h.top(), top_before - LEAF_SIZE);
}

#[test]
fn region_moves_cover_every_moved_object_exactly_once() {
    let mut h = Mc::new(8 * MB, 8 * MB, 1);
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut roots = Vec::new();
    let mut sizes = HashMap::new(); // old address -> (size, root index)
    for i in 0..20_000 {
        let (r, size) = match rng.below(3) {
            0 => (h.node(i), NODE_SIZE),
            1 => (h.leaf(i), LEAF_SIZE),
            _ => {
                let len = rng.below(20);
                (h.int_array(&vec![i; len]), array_size(ElemKind::Int, len))
            }
        };
        if rng.below(2) == 0 {
            sizes.insert(r.offset() as u64, (size as u64, roots.len()));
            roots.push(r);
        }
    }
    let mut events = Recorder::default();
    h.collect(&mut roots, &mut events);
    assert!(!events.regions.is_empty());
    let mut seen = vec![false; roots.len()];
    let mut claim = |old: u64, new: u64| -> u64 {
        let &(size, i) = sizes
            .get(&old)
            .unwrap_or_else(|| panic!("event covers {old:#x}, not a live object start"));
        assert!(!seen[i], "object at {old:#x} reported twice");
        seen[i] = true;
        assert_eq!(
            roots[i].offset() as u64,
            new,
            "object at {old:#x} is not where the events say"
        );
        size
    };
    for &(addr, size) in &events.kept {
        assert_eq!(claim(addr, addr), size as u64);
    }
    for &(from, to, count, bytes) in &events.regions {
        let mut at = from;
        for _ in 0..count {
            at += claim(at, to + (at - from));
        }
        assert_eq!(
            at,
            from + bytes,
            "a run's bytes are the sum of its objects' sizes"
        );
    }
    assert!(seen.iter().all(|&s| s), "every live object is reported");
    for pair in events.regions.windows(2) {
        let ((from, _, _, bytes), (next, ..)) = (pair[0], pair[1]);
        assert!(from + bytes < next, "runs are maximal and in address order");
    }
}

/// Builds the same random graph of `n` nodes (random placement among garbage) in a heap.
fn random_graph(h: &mut Mc, n: usize, seed: u64) -> Vec<Ref> {
    let mut rng = Rng(seed);
    let mut nodes = Vec::with_capacity(n);
    for i in 0..n {
        nodes.push(h.node(i as i32));
        h.garbage(rng.below(3));
    }
    for i in 0..n {
        for f in 0..2 {
            if rng.below(8) != 0 {
                h.link(nodes[i], f, nodes[rng.below(n)]);
            }
        }
    }
    (0..n / 1000 + 1).map(|_| nodes[rng.below(n)]).collect()
}

#[test]
fn marking_with_one_and_two_workers_gives_identical_results() {
    let mut results = Vec::new();
    for threads in [1, 2] {
        let mut h = Mc::new(32 * MB, 32 * MB, threads);
        let mut roots = random_graph(&mut h, 200_000, 42);
        let outcome = h.collect(&mut roots, &mut NoEvents);
        assert_eq!(h.stats().mark_workers.len(), threads);
        results.push((outcome, roots, h.heap_bytes(), h.stats().live_bytes));
    }
    let (one, two) = (&results[0], &results[1]);
    assert!(
        one.0.live_objects > 100_000,
        "most of the graph is reachable"
    );
    assert_eq!(one.0, two.0, "same outcome");
    assert_eq!(one.1, two.1, "same roots");
    assert_eq!(one.3, two.3, "same live bytes");
    assert!(one.2 == two.2, "byte-identical heaps");
}

#[test]
fn a_million_node_linked_list_marks_without_recursion() {
    const N: usize = 1_000_000;
    let mut h = Mc::new(128 * MB, 128 * MB, 1);
    let head = h.node(0);
    let mut prev = head;
    for i in 1..N {
        h.garbage(1);
        let node = h.node(i as i32);
        h.link(prev, 0, node);
        prev = node;
    }
    // A 256 KB stack: recursion of even a few thousand levels would overflow it.
    let h = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let mut roots = vec![head];
            h.gc.collect(
                GcCause::AllocationFailure,
                &mut Roots(&mut roots),
                &mut NoEvents,
            );
            (h, roots)
        })
        .unwrap()
        .join();
    let (h, mut roots) = h.expect("marking a deep list does not overflow the stack");
    h.verify(&mut roots).unwrap();
    assert_eq!(h.stats().live_objects, N);
    let mut node = roots[0];
    for i in 0..N {
        assert_eq!(h.id(node), i as i32);
        assert_eq!(
            node.offset(),
            RESERVED_PREFIX + i * NODE_SIZE,
            "the list is compacted in order"
        );
        node = h.field(node, 0);
    }
    assert!(node.is_null());
}

#[test]
fn mark_stack_overflow_falls_back_to_rescanning() {
    const TREES: usize = 6000; // 1.3 MB: enough heap for two workers
    for threads in [1, 2] {
        let mut h = Mc::new(8 * MB, 8 * MB, threads);
        h.gc.set_mark_queue_capacities(2, 2);
        // A wide array of small binary trees: far more pending objects than 2 + 2 queue slots.
        let array = h.ref_array(TREES);
        let mut expected = 1;
        for i in 0..TREES {
            h.garbage(1);
            let top = h.node(i as i32);
            let (l, r) = (h.node(i as i32), h.node(i as i32));
            h.link(top, 0, l);
            h.link(top, 1, r);
            for n in [l, r] {
                let (a, b) = (h.leaf(i as i32), h.leaf(i as i32));
                h.link(n, 0, a);
                h.link(n, 1, b);
            }
            h.mem.raw_write_ref(array.offset() + 16 + 4 * i, top);
            expected += 7;
        }
        let mut roots = vec![array];
        h.collect(&mut roots, &mut NoEvents);
        let stats = h.stats();
        assert_eq!(stats.mark_workers.len(), threads);
        assert!(
            stats.mark_rescans > 0,
            "{threads} workers: the tiny queues overflowed"
        );
        assert_eq!(
            stats.live_objects, expected,
            "{threads} workers: every reachable object was marked"
        );
        for i in 0..TREES {
            let top = h.mem.read_ref(roots[0].offset() + 16 + 4 * i);
            let leaf = h.field(h.field(top, 1), 0);
            assert_eq!((h.id(top), h.id(leaf)), (i as i32, i as i32));
        }
    }
}

#[test]
fn a_large_reference_array_is_marked_in_chunks_by_several_workers() {
    let mut h = Mc::new(16 * MB, 16 * MB, 2);
    let n = 100_000;
    let array = h.ref_array(n);
    for i in 0..n {
        h.garbage(1);
        let leaf = h.leaf(i as i32);
        h.mem.raw_write_ref(array.offset() + 16 + 4 * i, leaf);
    }
    let mut roots = vec![array];
    h.collect(&mut roots, &mut NoEvents);
    assert_eq!(h.stats().mark_workers.len(), 2);
    assert_eq!(h.stats().live_objects, n + 1);
    for i in 0..n {
        assert_eq!(
            h.id(h.mem.read_ref(roots[0].offset() + 16 + 4 * i)),
            i as i32
        );
    }
}

#[test]
fn the_heap_grows_when_live_data_exceeds_the_threshold() {
    let mut h = Mc::new(MB, 16 * MB, 1);
    let mut roots: Vec<Ref> = (0..25_000).map(|i| h.node(i)).collect(); // 800 KB: 76% of 1 MB
    h.collect(&mut roots, &mut NoEvents);
    assert_eq!(h.gc.capacity(), 2 * MB, "the capacity doubled");
}

#[test]
fn the_heap_keeps_its_size_when_live_data_is_under_the_threshold() {
    let mut h = Mc::new(MB, 16 * MB, 1);
    let mut roots: Vec<Ref> = (0..15_000).map(|i| h.node(i)).collect(); // 480 KB: 46% of 1 MB
    h.garbage(10_000);
    h.collect(&mut roots, &mut NoEvents);
    assert_eq!(h.gc.capacity(), MB);
}

#[test]
fn grow_for_grows_until_the_request_fits_or_the_maximum() {
    let mut h = Mc::new(MB, 8 * MB, 1);
    assert!(h.gc.grow_for(3 * MB));
    assert_eq!(
        h.gc.capacity(),
        4 * MB,
        "1 -> 2 -> 4 MB makes room for 3 MB"
    );
    assert!(h.gc.grow_for(100 * MB), "grows as far as it can");
    assert_eq!(h.gc.capacity(), 8 * MB);
    assert!(!h.gc.grow_for(100 * MB), "already at the maximum");
}

#[test]
fn identity_hash_and_age_survive_a_compaction() {
    let mut h = Mc::new(4 * MB, 4 * MB, 1);
    h.garbage(50);
    let x = h.leaf(7);
    h.garbage(50);
    let y = h.leaf(8);
    h.mem
        .raw_set_gc_word(x, gcword::with_identity_hash(0, 12345));
    h.mem
        .raw_set_gc_word(y, gcword::with_identity_hash(0, 0x7fff_fffe));
    let mut roots = vec![x, y];
    h.collect(&mut roots, &mut NoEvents);
    assert_ne!(roots, vec![x, y], "both objects slid");
    assert_eq!(h.stats().preserved_hashes, 2);
    h.collect(&mut roots, &mut NoEvents); // now in the dense prefix: they stay
    for (r, hash) in roots.iter().zip([12345, 0x7fff_fffe]) {
        let word = h.mem.gc_word(*r);
        assert_eq!(gcword::identity_hash(word), Some(hash));
        assert_eq!(gcword::age(word), 2, "two collections survived");
    }
}

#[test]
fn a_monitor_index_survives_a_compaction() {
    let mut h = Mc::new(4 * MB, 4 * MB, 1);
    h.garbage(50);
    let x = h.leaf(7);
    h.mem.raw_set_gc_word(x, 77 << gcword::MONITOR_SHIFT);
    let mut roots = vec![x];
    h.collect(&mut roots, &mut NoEvents);
    assert_ne!(roots[0], x);
    let word = h.mem.gc_word(roots[0]);
    assert_eq!((word & gcword::MONITOR_MASK) >> gcword::MONITOR_SHIFT, 77);
    assert_eq!(gcword::identity_hash(word), None);
}

#[test]
fn an_empty_root_set_empties_the_heap() {
    let mut h = Mc::new(4 * MB, 4 * MB, 2);
    h.garbage(10_000);
    let mut events = CountingSink::default();
    let outcome = h.collect(&mut vec![], &mut events);
    assert_eq!((outcome.used_after, outcome.live_objects), (0, 0));
    assert_eq!(
        (events.kept_alive, events.region_moves),
        (0, 0),
        "dead objects are not reported"
    );
}

#[test]
fn the_heap_selects_it_by_name_and_logs_a_full_pause() {
    use gcvm_gc::Heap;
    let config = HeapConfig {
        initial_size: 4 * MB,
        max_size: 16 * MB,
        gc_threads: 2,
        periodic_interval: None,
        region_size: None,
        pause_goal: None,
        young_size: None,
        huge_pages: false,
    };
    let heap = Heap::new("mark-compact", config, registry()).unwrap();
    assert_eq!(heap.collector_name(), "mark-compact");
    let spaces = heap.spaces();
    assert_eq!(
        (spaces.len(), spaces[0].name.as_str(), spaces[0].kind),
        (1, "mark-compact", gcvm_gc::SpaceKind::Old)
    );
    let mut m = heap.new_mutator(1);
    let mut roots = Vec::new();
    for i in 0..100_000 {
        let at = m
            .tlab
            .alloc(LEAF_SIZE)
            .or_else(|| heap.alloc_slow(&mut m, LEAF_SIZE))
            .unwrap();
        heap.memory.raw_init_header(at, LEAF);
        if i % 10 == 0 {
            roots.push(Ref::from_offset(at));
        }
    }
    heap.flush_mutator(&mut m);
    let record = heap
        .collect(
            GcCause::AllocationFailure,
            &mut Roots(&mut roots),
            &mut NoEvents,
            true,
            std::time::Duration::ZERO,
        )
        .unwrap();
    let line = record.log_line();
    println!("{line}");
    assert!(
        line.contains("Pause Full (Allocation Failure) 2M->0M(4M)") && line.ends_with("ms"),
        "{line}"
    );
    assert_eq!(heap.used(), 10_000 * LEAF_SIZE);
}

/// Builds the measurement heap: a binary tree of `20 MB / 32` nodes placed at random among
/// ~2 leaves of garbage per node (~30 MB), so references point all over the space.
fn measurement_heap(threads: usize, seed: u64) -> (Mc, Vec<Ref>) {
    let mut h = Mc::new(64 * MB, 64 * MB, threads);
    let mut rng = Rng(seed);
    let n = 20 * MB / NODE_SIZE;
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut node = vec![Ref::NULL; n];
    for &j in &order {
        node[j] = h.node(j as i32);
        h.garbage(rng.below(5));
    }
    for j in 0..n {
        for (f, c) in [2 * j + 1, 2 * j + 2].into_iter().enumerate() {
            if c < n {
                h.link(node[j], f, node[c]);
            }
        }
    }
    (h, vec![node[0]])
}

/// Not a timed test: prints mark and compaction times for 20 MB live in a 64 MB space with one
/// and two workers (alternating, so other load on the machine hits both alike). Run with
/// `cargo test -p gcvm-gc --release --test mark_compact -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_mark_and_compact_times() {
    const RUNS: usize = 9;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    let mut rows: [Vec<[f64; 5]>; 2] = [Vec::new(), Vec::new()];
    for run in 0..RUNS {
        for threads in [1, 2] {
            let (mut h, mut roots) = measurement_heap(threads, 1 + run as u64);
            let used = h.top() - RESERVED_PREFIX;
            h.gc.collect(
                GcCause::AllocationFailure,
                &mut Roots(&mut roots),
                &mut NoEvents,
            );
            let s = h.stats().clone();
            assert_eq!(s.live_bytes, 20 * MB);
            let t = s.times;
            let row = [
                ms(t.mark),
                ms(t.forward),
                ms(t.update),
                ms(t.compact),
                ms(t.mark + t.forward + t.update + t.compact),
            ];
            let tasks: Vec<u64> = s.mark_workers.iter().map(|w| w.tasks).collect();
            let steals: Vec<u64> = s.mark_workers.iter().map(|w| w.steals).collect();
            println!(
                "run {run} workers={threads} used={}M live={}M moved={}M runs={} | mark {:.1} forward {:.1} update {:.1} move {:.1} total {:.1} ms | mark tasks {tasks:?} steals {steals:?}",
                used / MB, s.live_bytes / MB, s.moved_bytes / MB, s.moved_runs, row[0], row[1], row[2], row[3], row[4]
            );
            rows[threads - 1].push(row);
        }
    }
    for (i, rows) in rows.iter().enumerate() {
        let sorted = |k: usize| {
            let mut v: Vec<f64> = rows.iter().map(|r| r[k]).collect();
            v.sort_by(|a, b| a.partial_cmp(b).unwrap());
            v
        };
        let names = ["mark", "plan", "update", "move", "total"];
        let line: Vec<String> = (0..5)
            .map(|k| {
                let v = sorted(k);
                format!("{} {:.1}/{:.1}", names[k], v[0], v[v.len() / 2])
            })
            .collect();
        println!("workers={} min/median ms: {}", i + 1, line.join(", "));
    }
}

/// Nodes among garbage, linked at random; every 7th hashed. Returns every node and the roots.
fn linked_nodes(h: &mut Mc, n: usize, first_id: i32, rng: &mut Rng) -> (Vec<Ref>, Vec<Ref>) {
    let mut nodes = Vec::with_capacity(n);
    for i in 0..n {
        let id = first_id + i as i32;
        let node = h.node(id);
        if id % 7 == 0 {
            h.mem
                .raw_set_gc_word(node, gcword::with_identity_hash(0, id * 31 + 1));
        }
        nodes.push(node);
        // Runs of garbage of every length, now and then longer than a tiny chunk.
        h.garbage(match rng.below(10) {
            0 => 10 + rng.below(60),
            1..=4 => 0,
            _ => rng.below(4),
        });
    }
    for i in 0..n {
        for f in 0..2 {
            if rng.below(6) != 0 {
                h.link(nodes[i], f, nodes[rng.below(n)]);
            }
        }
    }
    let roots = (0..n / 500 + 1).map(|_| nodes[rng.below(n)]).collect();
    (nodes, roots)
}

/// Checks that the events of the last collection took every live node from where it was
/// (`before`: address -> id) to where it is now, each once; returns how many were reported.
fn check_events_against_heap(h: &Mc, before: &HashMap<u64, i32>, events: &Recorder) -> usize {
    let mut seen = std::collections::HashSet::new();
    let mut claim = |old: u64, new: u64| {
        let id = *before
            .get(&old)
            .unwrap_or_else(|| panic!("event covers {old:#x}, not a node"));
        assert!(seen.insert(id), "node {id} reported twice");
        assert_eq!(
            h.id(Ref::from_offset(new as usize)),
            id,
            "node {id} (was at {old:#x}) is not at {new:#x}"
        );
    };
    for &(addr, size) in &events.kept {
        assert_eq!(size as usize, NODE_SIZE);
        claim(addr, addr);
    }
    for &(from, to, count, bytes) in &events.regions {
        assert_eq!(bytes, count as u64 * NODE_SIZE as u64);
        for k in 0..count as u64 {
            claim(from + k * NODE_SIZE as u64, to + k * NODE_SIZE as u64);
        }
    }
    seen.len()
}

/// Every node's address and id (nodes are the only objects the test keeps alive).
fn node_addresses(h: &Mc, nodes: &[Ref]) -> HashMap<u64, i32> {
    nodes
        .iter()
        .map(|&r| (r.offset() as u64, h.id(r)))
        .collect()
}

#[test]
fn parallel_compaction_with_tiny_chunks_gives_the_sequential_heap() {
    // (workers, forced chunk): the one-chunk sequential sweep first, as the reference.
    let configs = [
        (1, None),
        (2, Some(64)),
        (2, Some(1000)),
        (2, Some(8 * 1024)),
        (2, None),
        (1, Some(512)),
    ];
    let mut reference: Option<Vec<(Vec<u8>, Vec<Ref>, CollectionStats)>> = None;
    for (threads, chunk) in configs {
        let mut h = Mc::new(32 * MB, 32 * MB, threads);
        h.gc.set_compaction_chunk(chunk);
        let mut rng = Rng(0x5eed);
        let mut results = Vec::new();
        let (mut nodes, mut roots) = linked_nodes(&mut h, 60_000, 0, &mut rng);
        for round in 0..3 {
            let before = node_addresses(&h, &nodes);
            let mut events = Recorder::default();
            let outcome = h.collect(&mut roots, &mut events);
            let s = h.stats().clone();
            let what = format!("{threads} workers, chunk {chunk:?}, collection {round}");
            assert_eq!(
                check_events_against_heap(&h, &before, &events),
                outcome.live_objects,
                "{what}: every live object is reported once"
            );
            // (A helper the OS schedules late may find every unit taken.)
            assert!(
                (1..=threads).contains(&s.compaction_workers),
                "{what}: {} workers moved",
                s.compaction_workers
            );
            if chunk == Some(64) {
                assert!(
                    s.compaction_units > 1000,
                    "{what}: {} units",
                    s.compaction_units
                );
            }
            if round > 0 {
                assert!(
                    s.dense_prefix_end > RESERVED_PREFIX,
                    "{what}: a dense prefix"
                );
            }
            // The hashes survived where they were set (ids divisible by 7).
            let mut live = Vec::new();
            let mut at = RESERVED_PREFIX;
            while at < h.top() {
                let r = Ref::from_offset(at);
                if h.mem.type_id(r) == NODE {
                    let (id, word) = (h.id(r), h.mem.gc_word(r));
                    let hash = (id % 7 == 0).then_some(id * 31 + 1);
                    assert_eq!(gcword::identity_hash(word), hash, "{what}: node {id}");
                    live.push(r);
                }
                at += h.gc_object_size(r);
            }
            results.push((h.heap_bytes(), roots.clone(), s));
            // More nodes among garbage above the survivors, and half the roots dropped.
            let (more, more_roots) = linked_nodes(&mut h, 20_000, 100_000 * (round + 1), &mut rng);
            for (i, &r) in more_roots.iter().enumerate() {
                h.link(r, 0, roots[i % roots.len()]);
            }
            roots.truncate(roots.len() / 2);
            roots.extend(more_roots);
            nodes = live;
            nodes.extend(more);
        }
        match &reference {
            None => reference = Some(results),
            Some(expected) => {
                for (round, (got, want)) in results.iter().zip(expected).enumerate() {
                    let what = format!("{threads} workers, chunk {chunk:?}, collection {round}");
                    assert!(got.0 == want.0, "{what}: byte-identical heaps");
                    assert_eq!(got.1, want.1, "{what}: same roots");
                    let (g, w) = (&got.2, &want.2);
                    assert_eq!(
                        (
                            g.dense_prefix_end,
                            g.live_bytes,
                            g.moved_bytes,
                            g.preserved_hashes
                        ),
                        (
                            w.dense_prefix_end,
                            w.live_bytes,
                            w.moved_bytes,
                            w.preserved_hashes
                        ),
                        "{what}: same plan"
                    );
                }
            }
        }
    }
}

#[test]
fn the_summary_finds_the_dense_prefix_and_destinations_of_the_sequential_rule() {
    // A layout whose prefix rule is computed here object by object, as the sequential sweep
    // did: live nodes with dead gaps of chosen sizes, so the 5% boundary falls inside a chunk.
    for chunk in [Some(8), Some(96), Some(4096), None] {
        for threads in [1, 2] {
            let mut h = Mc::new(8 * MB, 8 * MB, threads);
            h.gc.set_compaction_chunk(chunk);
            let mut rng = Rng(7);
            let mut roots = Vec::new();
            let mut layout = Vec::new(); // (address, size, live)
            for i in 0..40_000 {
                let live = i < 20_000 && rng.below(50) != 0 || i >= 20_000 && rng.below(2) == 0;
                let r = h.node(i);
                layout.push((r.offset(), NODE_SIZE, live));
                if live {
                    roots.push(r);
                }
                if rng.below(50) == 0 {
                    let g = h.leaf(-1);
                    layout.push((g.offset(), LEAF_SIZE, false));
                }
            }
            // The rule: the largest live end e with dead(e) * 100 <= 5 * (e - start).
            let (mut live, mut dense_end, mut dense_live) = (0, RESERVED_PREFIX, 0);
            for &(addr, size, alive) in &layout {
                if alive {
                    live += size;
                    let span = addr + size - RESERVED_PREFIX;
                    if (span - live) * 100 <= DENSE_PREFIX_DEAD_PERCENT * span {
                        (dense_end, dense_live) = (addr + size, live);
                    }
                }
            }
            assert!(
                dense_end > RESERVED_PREFIX + MB / 2,
                "the layout has a dense prefix"
            );
            // Destinations: the running sum of live sizes from the prefix's end.
            let mut expected = Vec::new();
            let mut free = dense_end;
            for &(addr, size, alive) in &layout {
                if alive {
                    expected.push(if addr < dense_end { addr } else { free });
                    if addr >= dense_end {
                        free += size;
                    }
                }
            }
            h.collect(&mut roots, &mut NoEvents);
            let s = h.stats();
            let what = format!("chunk {chunk:?}, {threads} workers");
            assert_eq!(s.dense_prefix_end, dense_end, "{what}");
            assert_eq!(s.live_bytes, live, "{what}");
            assert_eq!(
                s.prefix_dead_bytes,
                dense_end - RESERVED_PREFIX - dense_live,
                "{what}"
            );
            assert_eq!(h.top(), free, "{what}");
            let got: Vec<usize> = roots.iter().map(|r| r.offset()).collect();
            assert_eq!(got, expected, "{what}: every object at its destination");
        }
    }
}

/// Int arrays of 400 B-40 KB among nodes and garbage, a third of them dropped each round and
/// some hashed: with chunks smaller than the arrays, each array of two chunks or more moves
/// in pieces (a unit per chunk of its bytes), some sliding by less than a chunk (the pieces
/// then wait for each other) and some by more.
fn arrays_among_nodes(h: &mut Mc, count: usize, first_id: i32, rng: &mut Rng) -> Vec<Ref> {
    let mut kept = Vec::new();
    for i in 0..count {
        let id = first_id + i as i32;
        let len = 100 + rng.below(10_000);
        let values: Vec<i32> = (0..len as i32).map(|k| id.wrapping_mul(7919) ^ k).collect();
        let array = h.int_array(&values);
        if id % 5 == 0 {
            h.mem
                .raw_set_gc_word(array, gcword::with_identity_hash(0, id + 1));
        }
        if rng.below(3) != 0 {
            kept.push(array);
        }
        let node = h.node(id);
        if rng.below(2) == 0 {
            kept.push(node);
        }
        h.garbage(rng.below(3) * rng.below(40));
    }
    kept
}

/// The array `arr` still holds the values `arrays_among_nodes` gave it.
fn assert_array_intact(h: &Mc, arr: Ref, what: &str) {
    let len = h.mem.array_length(arr) as usize;
    let first = h.mem.read_u32(arr.offset() + 16) as i32;
    let id_mix = first; // value at k = 0 is id * 7919
    for k in (0..len).step_by(97).chain([len - 1]) {
        let got = h.mem.read_u32(arr.offset() + 16 + 4 * k) as i32;
        assert_eq!(got, id_mix ^ k as i32, "{what}: element {k} of {arr:?}");
    }
}

#[test]
fn large_objects_moved_in_pieces_give_the_sequential_heap() {
    // (workers, forced chunk): the one-chunk sequential sweep first, as the reference.
    let configs = [
        (1, None),
        (2, Some(1024)),
        (2, Some(4096)),
        (1, Some(2048)),
        (2, None),
    ];
    let mut reference: Option<Vec<Vec<u8>>> = None;
    for (threads, chunk) in configs {
        let mut h = Mc::new(32 * MB, 32 * MB, threads);
        h.gc.set_compaction_chunk(chunk);
        let mut rng = Rng(0xa77a);
        let mut roots = arrays_among_nodes(&mut h, 600, 0, &mut rng);
        let mut heaps = Vec::new();
        for round in 0..3 {
            let what = format!("{threads} workers, chunk {chunk:?}, collection {round}");
            let mut events = Recorder::default();
            let outcome = h.collect(&mut roots, &mut events);
            let s = h.stats().clone();
            let reported: u64 = events.kept.iter().map(|&(_, b)| b as u64).sum::<u64>()
                + events.regions.iter().map(|r| r.3).sum::<u64>();
            let objects: u64 =
                events.kept.len() as u64 + events.regions.iter().map(|r| r.2 as u64).sum::<u64>();
            assert_eq!(
                reported, s.live_bytes as u64,
                "{what}: every live byte reported once"
            );
            assert_eq!(
                objects, outcome.live_objects as u64,
                "{what}: every object once"
            );
            if let Some(c) = chunk {
                // The roots' large arrays that moved (past the dense prefix), each a unit per
                // chunk of its bytes.
                let pieces: usize = roots
                    .iter()
                    .filter(|r| r.offset() >= s.dense_prefix_end)
                    .map(|&r| h.gc_object_size(r))
                    .filter(|&size| size >= 2 * c)
                    .map(|size| size.div_ceil(c))
                    .sum();
                assert!(
                    s.compaction_units >= pieces,
                    "{what}: {} units for {pieces} pieces of the live large arrays",
                    s.compaction_units
                );
            }
            for &r in &roots {
                if h.mem.type_id(r) == INT_ARRAY {
                    assert_array_intact(&h, r, &what);
                }
            }
            heaps.push(h.heap_bytes());
            // A third of the roots dropped (the holes the next move slides over), more added.
            let mut keep = 0;
            roots.retain(|_| {
                keep += 1;
                keep % 3 != 0
            });
            roots.extend(arrays_among_nodes(
                &mut h,
                200,
                10_000 * (round + 1),
                &mut rng,
            ));
        }
        match &reference {
            None => reference = Some(heaps),
            Some(expected) => {
                for (round, (got, want)) in heaps.iter().zip(expected).enumerate() {
                    assert!(
                        got == want,
                        "{threads} workers, chunk {chunk:?}, collection {round}: byte-identical heaps"
                    );
                }
            }
        }
    }
}
