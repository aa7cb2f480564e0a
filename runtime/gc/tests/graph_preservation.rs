//! Property tests: random object graphs built through the heap API survive collections exactly —
//! same shape (sharing and cycles included), same field values, same array contents — under
//! every collector, with the heap verifier run before and after each collection. Graphs are
//! built through the access API (as the interpreter builds them), so the same tests also run
//! under the barrier check.

use gcvm_gc::object::{array_size, ElemKind, Ref};
use gcvm_gc::testing::RawWrites;
use gcvm_gc::{GcCause, Heap, HeapConfig, Mutator, NoEvents, COLLECTOR_NAMES};
mod common;

use common::*;
use proptest::prelude::*;

fn spec_strategy(n: usize) -> impl Strategy<Value = Spec> {
    let target = proptest::option::weighted(0.8, 0..n);
    prop_oneof![
        (any::<i32>(), any::<i64>(), target.clone(), target.clone()).prop_map(
            |(int, long, a, b)| Spec::Node {
                int,
                long,
                refs: [a, b]
            }
        ),
        (any::<i32>(), any::<i64>()).prop_map(|(int, long)| Spec::Leaf { int, long }),
        proptest::collection::vec(target, 0..12).prop_map(Spec::RefArray),
        proptest::collection::vec(any::<i32>(), 0..40).prop_map(Spec::IntArray),
    ]
}

fn graph_strategy() -> impl Strategy<Value = (Vec<Spec>, Vec<usize>, usize)> {
    (1usize..120).prop_flat_map(|n| {
        (
            proptest::collection::vec(spec_strategy(n), n),
            proptest::collection::vec(0..n, 1..6),
            0usize..3000,
        )
    })
}

struct TestHeap {
    heap: Heap,
    m: Mutator,
}

impl TestHeap {
    fn new(collector: &str) -> TestHeap {
        TestHeap::with(Self::heap(collector))
    }

    /// A test heap that checks at every collection that every store ran the barrier.
    fn with_barrier_check(collector: &str) -> TestHeap {
        TestHeap::with(Self::heap(collector).with_barrier_check())
    }

    fn with(heap: Heap) -> TestHeap {
        let m = heap.new_mutator(1);
        TestHeap { heap, m }
    }

    fn heap(collector: &str) -> Heap {
        let config = HeapConfig {
            initial_size: 4 << 20,
            max_size: 16 << 20,
            gc_threads: 1,
            periodic_interval: None,
            region_size: None,
            pause_goal: None,
            young_size: None,
            huge_pages: false,
        };
        Heap::new(collector, config, registry()).unwrap()
    }

    fn alloc(&mut self, size: usize) -> usize {
        self.m
            .tlab
            .alloc(size)
            .or_else(|| self.heap.alloc_slow(&mut self.m, size))
            .expect("test heaps are big enough")
    }

    fn size_of(spec: &Spec) -> usize {
        match spec {
            Spec::Node { .. } => 32,
            Spec::Leaf { .. } => 24,
            Spec::RefArray(v) => array_size(ElemKind::Ref, v.len()),
            Spec::IntArray(v) => array_size(ElemKind::Int, v.len()),
        }
    }

    /// Allocates every object (references still null) and returns their refs.
    fn build(&mut self, specs: &[Spec]) -> Vec<Ref> {
        let refs: Vec<Ref> = specs
            .iter()
            .map(|s| {
                let at = self.alloc(Self::size_of(s));
                match s {
                    Spec::RefArray(v) => self.heap.init_array(at, s.type_id(), v.len() as u32),
                    Spec::IntArray(v) => self.heap.init_array(at, s.type_id(), v.len() as u32),
                    _ => self.heap.init_object(at, s.type_id()),
                }
            })
            .collect();
        let (heap, m) = (&self.heap, &mut self.m);
        for (s, &r) in specs.iter().zip(&refs) {
            let to = |t: &Option<usize>| t.map_or(Ref::NULL, |i| refs[i]);
            match s {
                Spec::Node {
                    int,
                    long,
                    refs: out,
                } => {
                    heap.store_u32(r, 12, *int as u32);
                    heap.store_u64(r, 16, *long as u64);
                    heap.store_ref(m, r, 24, to(&out[0]));
                    heap.store_ref(m, r, 28, to(&out[1]));
                }
                Spec::Leaf { int, long } => {
                    heap.store_u32(r, 12, *int as u32);
                    heap.store_u64(r, 16, *long as u64);
                }
                Spec::RefArray(v) => {
                    for (k, t) in v.iter().enumerate() {
                        heap.store_ref_element(m, r, k, to(t));
                    }
                }
                Spec::IntArray(v) => {
                    for (k, x) in v.iter().enumerate() {
                        heap.store_u32(r, 16 + 4 * k, *x as u32);
                    }
                }
            }
        }
        refs
    }

    /// Allocates `count` small unreachable objects.
    fn make_garbage(&mut self, count: usize) {
        for _ in 0..count {
            let at = self.alloc(24);
            self.heap.init_object(at, LEAF);
        }
    }

    fn collect(&mut self, roots: &mut Vec<Ref>) {
        self.try_collect(roots)
            .expect("heap verifies before and after the collection");
    }

    fn try_collect(&mut self, roots: &mut Vec<Ref>) -> Result<(), String> {
        self.heap.flush_mutator(&mut self.m);
        self.heap
            .collect(
                GcCause::GcStress,
                &mut Roots(roots),
                &mut NoEvents,
                true,
                std::time::Duration::ZERO,
            )
            .map(|_| ())
    }

    fn check(&self, specs: &[Spec], root_specs: &[usize], roots: &[Ref]) -> Result<(), String> {
        check_graph(&self.heap.memory, specs, root_specs, roots).map(|_| ())
    }
}

fn preserved_through_collections(
    collector: &str,
    specs: &[Spec],
    root_specs: &[usize],
    garbage: usize,
) -> Result<(), TestCaseError> {
    let mut h = TestHeap::new(collector);
    h.make_garbage(garbage / 2);
    let refs = h.build(specs);
    h.make_garbage(garbage / 2);
    let mut roots: Vec<Ref> = root_specs.iter().map(|&i| refs[i]).collect();
    for round in 0..3 {
        h.collect(&mut roots);
        h.check(specs, root_specs, &roots)
            .map_err(|e| TestCaseError::fail(format!("{collector}, after GC {round}: {e}")))?;
        h.make_garbage(garbage);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_graphs_survive_collection_exactly((specs, root_specs, garbage) in graph_strategy()) {
        for collector in COLLECTOR_NAMES {
            preserved_through_collections(collector, &specs, &root_specs, garbage)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn graphs_built_through_the_access_api_pass_the_barrier_check(
        (specs, root_specs, garbage) in graph_strategy()
    ) {
        for collector in COLLECTOR_NAMES {
            let mut h = TestHeap::with_barrier_check(collector);
            h.make_garbage(garbage);
            let refs = h.build(&specs);
            let mut roots: Vec<Ref> = root_specs.iter().map(|&i| refs[i]).collect();
            for _ in 0..2 {
                h.try_collect(&mut roots).map_err(TestCaseError::fail)?;
                let rebuilt = h.build(&specs);
                roots.extend(root_specs.iter().map(|&i| rebuilt[i]));
            }
        }
    }
}

#[test]
fn a_reference_store_that_skips_the_barrier_fails_the_barrier_check() {
    for collector in COLLECTOR_NAMES {
        let mut h = TestHeap::with_barrier_check(collector);
        let refs = h.build(&[
            Spec::Node {
                int: 1,
                long: 2,
                refs: [None, None],
            },
            Spec::Leaf { int: 3, long: 4 },
        ]);
        let mut roots = vec![refs[0]];
        h.collect(&mut roots);
        let leaf = h.build(&[Spec::Leaf { int: 5, long: 6 }])[0];
        h.heap.memory.raw_write_ref(roots[0].offset() + 28, leaf);
        let err = h.try_collect(&mut roots).unwrap_err();
        assert!(
            err.contains("not seen by the write barrier"),
            "{collector}: {err}"
        );
        assert!(
            err.contains("+28"),
            "{collector}: names the field offset: {err}"
        );
    }
}

#[test]
fn a_null_store_needs_no_barrier_record() {
    let mut h = TestHeap::with_barrier_check("semispace");
    let specs = [
        Spec::Node {
            int: 1,
            long: 2,
            refs: [Some(1), None],
        },
        Spec::Leaf { int: 3, long: 4 },
    ];
    let mut roots = vec![h.build(&specs)[0]];
    h.collect(&mut roots);
    h.heap
        .memory
        .raw_write_ref(roots[0].offset() + 24, Ref::NULL);
    h.collect(&mut roots);
}

#[test]
fn unreachable_objects_are_reclaimed() {
    for collector in COLLECTOR_NAMES {
        let mut h = TestHeap::new(collector);
        h.make_garbage(10_000);
        let mut roots = vec![];
        h.collect(&mut roots);
        assert_eq!(
            h.heap.used(),
            0,
            "{collector}: an empty root set leaves an empty heap"
        );
    }
}

#[test]
fn identity_hash_and_age_survive_a_move() {
    use gcvm_gc::object::gcword;
    for collector in COLLECTOR_NAMES {
        let mut h = TestHeap::new(collector);
        let specs = vec![Spec::Leaf { int: 7, long: 8 }];
        let refs = h.build(&specs);
        let word = gcword::with_identity_hash(h.heap.memory.gc_word(refs[0]), 12345);
        h.heap
            .header_word(refs[0])
            .store(word, std::sync::atomic::Ordering::Relaxed);
        let mut roots = refs.clone();
        h.collect(&mut roots);
        h.collect(&mut roots);
        let after = h.heap.memory.gc_word(roots[0]);
        assert_eq!(gcword::identity_hash(after), Some(12345), "{collector}");
        assert_eq!(
            gcword::age(after),
            2,
            "{collector}: two collections survived"
        );
    }
}

#[test]
fn verifier_rejects_a_reference_into_the_middle_of_an_object() {
    let mut h = TestHeap::new("semispace");
    let specs = vec![
        Spec::Node {
            int: 1,
            long: 2,
            refs: [None, None],
        },
        Spec::Leaf { int: 3, long: 4 },
    ];
    let refs = h.build(&specs);
    h.heap.memory.raw_write_ref(
        refs[0].offset() + 24,
        Ref::from_offset(refs[1].offset() + 8),
    );
    h.heap.flush_mutator(&mut h.m);
    let mut roots = vec![refs[0]];
    let err = h.heap.verify(&mut Roots(&mut roots)).unwrap_err();
    assert!(err.contains("not the start of a live object"), "{err}");
}

#[test]
fn verifier_rejects_an_unknown_type() {
    let mut h = TestHeap::new("semispace");
    let refs = h.build(&[Spec::Leaf { int: 3, long: 4 }]);
    h.heap.memory.raw_write_u32(refs[0].offset() + 8, 999);
    h.heap.flush_mutator(&mut h.m);
    let err = h.heap.verify(&mut Roots(&mut vec![])).unwrap_err();
    assert!(err.contains("unknown type id 999"), "{err}");
}
