//! Property tests: random object graphs built through the heap API survive collections exactly —
//! same shape (sharing and cycles included), same field values, same array contents — under
//! every collector, with the heap verifier run before and after each collection.

use gcvm_gc::object::{array_size, ElemKind, Ref};
use gcvm_gc::{GcCause, Heap, HeapConfig, NoEvents, COLLECTOR_NAMES};
use gcvm_tlab::Tlab;
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
    tlab: Tlab,
}

impl TestHeap {
    fn new(collector: &str) -> TestHeap {
        let config = HeapConfig {
            initial_size: 4 << 20,
            max_size: 16 << 20,
            gc_threads: 1,
        };
        let heap = Heap::new(collector, config, registry()).unwrap();
        let tlab = Tlab::new(heap.tlab_capacity(), 1);
        TestHeap { heap, tlab }
    }

    fn alloc(&mut self, size: usize) -> usize {
        self.tlab
            .alloc(size)
            .or_else(|| self.heap.alloc_slow(&mut self.tlab, size))
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
        let mem = self.heap.memory.clone();
        let refs: Vec<Ref> = specs
            .iter()
            .map(|s| {
                let at = self.alloc(Self::size_of(s));
                match s {
                    Spec::RefArray(v) => mem.init_array_header(at, s.type_id(), v.len() as u32),
                    Spec::IntArray(v) => mem.init_array_header(at, s.type_id(), v.len() as u32),
                    _ => mem.init_header(at, s.type_id()),
                }
                Ref::from_offset(at)
            })
            .collect();
        for (s, &r) in specs.iter().zip(&refs) {
            let base = r.offset();
            let to = |t: &Option<usize>| t.map_or(Ref::NULL, |i| refs[i]);
            match s {
                Spec::Node {
                    int,
                    long,
                    refs: out,
                } => {
                    mem.write_u32(base + 12, *int as u32);
                    mem.write_u64(base + 16, *long as u64);
                    mem.write_ref(base + 24, to(&out[0]));
                    mem.write_ref(base + 28, to(&out[1]));
                }
                Spec::Leaf { int, long } => {
                    mem.write_u32(base + 12, *int as u32);
                    mem.write_u64(base + 16, *long as u64);
                }
                Spec::RefArray(v) => {
                    for (k, t) in v.iter().enumerate() {
                        mem.write_ref(base + 16 + 4 * k, to(t));
                    }
                }
                Spec::IntArray(v) => {
                    for (k, x) in v.iter().enumerate() {
                        mem.write_u32(base + 16 + 4 * k, *x as u32);
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
            self.heap.memory.init_header(at, LEAF);
        }
    }

    fn collect(&mut self, roots: &mut Vec<Ref>) {
        self.heap.retire_tlab(&mut self.tlab, true);
        self.heap
            .collect(
                GcCause::GcStress,
                &mut Roots(roots),
                &mut NoEvents,
                true,
                std::time::Duration::ZERO,
            )
            .expect("heap verifies before and after the collection");
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
        h.heap.memory.set_gc_word(refs[0], word);
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
    h.heap.memory.write_ref(
        refs[0].offset() + 24,
        Ref::from_offset(refs[1].offset() + 8),
    );
    h.heap.retire_tlab(&mut h.tlab, true);
    let mut roots = vec![refs[0]];
    let err = h.heap.verify(&mut Roots(&mut roots)).unwrap_err();
    assert!(err.contains("not the start of an object"), "{err}");
}

#[test]
fn verifier_rejects_an_unknown_type() {
    let mut h = TestHeap::new("semispace");
    let refs = h.build(&[Spec::Leaf { int: 3, long: 4 }]);
    h.heap.memory.write_u32(refs[0].offset() + 8, 999);
    h.heap.retire_tlab(&mut h.tlab, true);
    let err = h.heap.verify(&mut Roots(&mut vec![])).unwrap_err();
    assert!(err.contains("unknown type id 999"), "{err}");
}
