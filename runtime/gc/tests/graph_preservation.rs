//! Property tests: random object graphs built through the heap API survive collections exactly —
//! same shape (sharing and cycles included), same field values, same array contents — under
//! every collector, with the heap verifier run before and after each collection.

use gcvm_gc::object::{array_size, ElemKind, Ref, Shape, TypeInfo, TypeRegistry};
use gcvm_gc::{GcCause, Heap, HeapConfig, NoEvents, RootSource, COLLECTOR_NAMES};
use gcvm_tlab::Tlab;
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

const NODE: u32 = 2; // int @12, long @16, ref @24, ref @28; 32 bytes
const LEAF: u32 = 3; // int @12, long @16; 24 bytes
const REF_ARRAY: u32 = 4;
const INT_ARRAY: u32 = 5;

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

/// One object of the expected graph.
#[derive(Clone, Debug)]
enum Spec {
    Node {
        int: i32,
        long: i64,
        refs: [Option<usize>; 2],
    },
    Leaf {
        int: i32,
        long: i64,
    },
    RefArray(Vec<Option<usize>>),
    IntArray(Vec<i32>),
}

impl Spec {
    fn type_id(&self) -> u32 {
        match self {
            Spec::Node { .. } => NODE,
            Spec::Leaf { .. } => LEAF,
            Spec::RefArray(_) => REF_ARRAY,
            Spec::IntArray(_) => INT_ARRAY,
        }
    }
}

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

    /// Walks from the roots and checks every reachable object against its spec; the mapping
    /// spec index -> reference must be a bijection (sharing preserved, nothing duplicated).
    fn check(&self, specs: &[Spec], root_specs: &[usize], roots: &[Ref]) -> Result<(), String> {
        let mem = &self.heap.memory;
        let mut seen: HashMap<usize, Ref> = HashMap::new();
        let mut by_ref: HashMap<Ref, usize> = HashMap::new();
        let mut work: Vec<(usize, Ref)> = root_specs
            .iter()
            .copied()
            .zip(roots.iter().copied())
            .collect();
        while let Some((i, r)) = work.pop() {
            if let Some(&prev) = seen.get(&i) {
                if prev != r {
                    return Err(format!(
                        "object {i} reached at two addresses {prev:?} and {r:?}"
                    ));
                }
                continue;
            }
            if let Some(&other) = by_ref.get(&r) {
                return Err(format!("objects {other} and {i} share address {r:?}"));
            }
            seen.insert(i, r);
            by_ref.insert(r, i);
            let spec = &specs[i];
            if mem.type_id(r) != spec.type_id() {
                return Err(format!(
                    "object {i} has type {} not {}",
                    mem.type_id(r),
                    spec.type_id()
                ));
            }
            let base = r.offset();
            let mut follow = |t: &Option<usize>, slot: usize| -> Result<(), String> {
                let actual = mem.read_ref(slot);
                match t {
                    None if actual.is_null() => Ok(()),
                    Some(j) if !actual.is_null() => {
                        work.push((*j, actual));
                        Ok(())
                    }
                    _ => Err(format!(
                        "object {i}: reference at +{} is {actual:?}, expected {t:?}",
                        slot - base
                    )),
                }
            };
            match spec {
                Spec::Node { int, long, refs } => {
                    if mem.read_u32(base + 12) as i32 != *int
                        || mem.read_u64(base + 16) as i64 != *long
                    {
                        return Err(format!("object {i}: primitive fields changed"));
                    }
                    follow(&refs[0], base + 24)?;
                    follow(&refs[1], base + 28)?;
                }
                Spec::Leaf { int, long } => {
                    if mem.read_u32(base + 12) as i32 != *int
                        || mem.read_u64(base + 16) as i64 != *long
                    {
                        return Err(format!("object {i}: primitive fields changed"));
                    }
                }
                Spec::RefArray(v) => {
                    if mem.array_length(r) as usize != v.len() {
                        return Err(format!("object {i}: array length changed"));
                    }
                    for (k, t) in v.iter().enumerate() {
                        follow(t, base + 16 + 4 * k)?;
                    }
                }
                Spec::IntArray(v) => {
                    if mem.array_length(r) as usize != v.len() {
                        return Err(format!("object {i}: array length changed"));
                    }
                    for (k, x) in v.iter().enumerate() {
                        if mem.read_u32(base + 16 + 4 * k) as i32 != *x {
                            return Err(format!("object {i}: element {k} changed"));
                        }
                    }
                }
            }
        }
        Ok(())
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
