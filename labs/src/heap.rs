//! A small heap for the labs' unit checks: any registered collector, four object types, roots
//! in a vector, objects built through gcvm's access API (as the interpreter builds them), and
//! a check that a graph came through a collection exactly.

use gcvm_gc::object::{array_size, ElemKind, Ref, Shape, TypeInfo, TypeRegistry};
use gcvm_gc::{GcCause, GcEventSink, GcKind, GcRecord, Heap, HeapConfig, Mutator, RootSource};
use std::collections::HashMap;
use std::sync::Arc;

/// A node: int @12, long @16, references @24 and @28; 32 bytes.
pub const NODE: u32 = 2;
/// A leaf: int @12, long @16; 24 bytes.
pub const LEAF: u32 = 3;
/// An array of references.
pub const REF_ARRAY: u32 = 4;
/// An array of ints.
pub const INT_ARRAY: u32 = 5;
pub const NODE_SIZE: usize = 32;
pub const LEAF_SIZE: usize = 24;

fn registry() -> Arc<TypeRegistry> {
    let types = TypeRegistry::new();
    let instance = |name: &str, size, refs: &[u32]| TypeInfo {
        name: name.into(),
        shape: Shape::Instance {
            size,
            ref_offsets: refs.to_vec().into_boxed_slice(),
        },
    };
    let array = |name: &str, elem| TypeInfo {
        name: name.into(),
        shape: Shape::Array { elem },
    };
    let registered = [
        types.register(NODE, instance("Node", 32, &[24, 28])),
        types.register(LEAF, instance("Leaf", 24, &[])),
        types.register(REF_ARRAY, array("[LNode;", ElemKind::Ref)),
        types.register(INT_ARRAY, array("[I", ElemKind::Int)),
    ];
    for r in registered {
        r.expect("the lab heap's four types register");
    }
    Arc::new(types)
}

/// What a collection reported to the tracer.
#[derive(Default, Debug)]
pub struct Reported {
    /// `(from, to, size)` of every `moved` event.
    pub moves: Vec<(u64, u64, u32)>,
    /// Addresses of every `kept_alive` event.
    pub kept: Vec<u64>,
}

impl GcEventSink for Reported {
    fn wants_events(&self) -> bool {
        true
    }
    fn gc_start(&mut self, _gc_id: u32, _kind: GcKind, _cause: &str) {}
    fn moved(&mut self, from: u64, to: u64, size: u32) {
        self.moves.push((from, to, size));
    }
    fn kept_alive(&mut self, addr: u64, _size: u32) {
        self.kept.push(addr);
    }
}

struct Roots<'a>(&'a mut Vec<Ref>);

impl RootSource for Roots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.0.iter_mut().filter(|r| !r.is_null()) {
            *r = visit(*r);
        }
    }
}

/// A heap under one collector with one mutator and a root vector.
pub struct LabHeap {
    pub heap: Heap,
    pub mutator: Mutator,
    pub roots: Vec<Ref>,
}

impl LabHeap {
    /// A heap of `max_mb` MB (initially a quarter of it) under `collector`, one GC thread.
    pub fn new(collector: &str, max_mb: usize) -> Result<LabHeap, String> {
        crate::register()?;
        let config = HeapConfig {
            initial_size: (max_mb << 20) / 4,
            max_size: max_mb << 20,
            gc_threads: 1,
            ..HeapConfig::default()
        };
        let heap = Heap::new(collector, config, registry())?;
        let mutator = heap.new_mutator(1);
        Ok(LabHeap {
            heap,
            mutator,
            roots: Vec::new(),
        })
    }

    /// `size` bytes, through the TLAB and the collector's slow path (no collection).
    pub fn alloc(&mut self, size: usize) -> Result<usize, String> {
        self.mutator
            .tlab
            .alloc(size)
            .or_else(|| self.heap.alloc_slow(&mut self.mutator, size))
            .ok_or_else(|| format!("the heap has no room for {size} more bytes"))
    }

    /// A node with `int` and references `a`, `b` (either may be null).
    pub fn node(&mut self, int: i32, a: Ref, b: Ref) -> Result<Ref, String> {
        let at = self.alloc(NODE_SIZE)?;
        let r = self.heap.init_object(at, NODE);
        self.heap.store_u32(r, 12, int as u32);
        self.heap.store_u64(r, 16, (int as i64 * 1_000_003) as u64);
        self.heap.store_ref(&mut self.mutator, r, 24, a);
        self.heap.store_ref(&mut self.mutator, r, 28, b);
        Ok(r)
    }

    /// Sets `node`'s references.
    pub fn link(&mut self, node: Ref, a: Ref, b: Ref) {
        self.heap.store_ref(&mut self.mutator, node, 24, a);
        self.heap.store_ref(&mut self.mutator, node, 28, b);
    }

    /// A leaf holding `int`.
    pub fn leaf(&mut self, int: i32) -> Result<Ref, String> {
        let at = self.alloc(LEAF_SIZE)?;
        let r = self.heap.init_object(at, LEAF);
        self.heap.store_u32(r, 12, int as u32);
        self.heap.store_u64(r, 16, (int as i64 * 1_000_003) as u64);
        Ok(r)
    }

    /// An array of references to `elems`.
    pub fn ref_array(&mut self, elems: &[Ref]) -> Result<Ref, String> {
        let at = self.alloc(array_size(ElemKind::Ref, elems.len()))?;
        let r = self.heap.init_array(at, REF_ARRAY, elems.len() as u32);
        for (i, &e) in elems.iter().enumerate() {
            self.heap.store_ref_element(&mut self.mutator, r, i, e);
        }
        Ok(r)
    }

    /// `count` unreachable leaves.
    pub fn garbage(&mut self, count: usize) -> Result<(), String> {
        for i in 0..count {
            self.leaf(-(i as i32))?;
        }
        Ok(())
    }

    /// One collection with the heap verifier before and after; returns what it reported.
    pub fn collect(&mut self) -> Result<(GcRecord, Reported), String> {
        self.heap.flush_mutator(&mut self.mutator);
        let mut reported = Reported::default();
        let record = self.heap.collect(
            GcCause::GcStress,
            &mut Roots(&mut self.roots),
            &mut reported,
            true,
            std::time::Duration::ZERO,
        )?;
        Ok((record, reported))
    }

    pub fn int(&self, r: Ref) -> i32 {
        self.heap.memory.read_u32(r.offset() + 12) as i32
    }

    pub fn long(&self, r: Ref) -> i64 {
        self.heap.memory.read_u64(r.offset() + 16) as i64
    }

    /// A node's two references.
    pub fn refs(&self, node: Ref) -> (Ref, Ref) {
        let m = &self.heap.memory;
        (
            m.read_ref(node.offset() + 24),
            m.read_ref(node.offset() + 28),
        )
    }

    pub fn type_id(&self, r: Ref) -> u32 {
        self.heap.memory.type_id(r)
    }

    /// Every object reachable from the roots, as (type, int) in depth-first order from each
    /// root, each object listed once: a description of the graph that does not depend on
    /// addresses. Two graphs with the same description and the same sharing are the same.
    pub fn describe(&self) -> Vec<String> {
        let mut seen: HashMap<Ref, usize> = HashMap::new();
        let mut out = Vec::new();
        for &root in &self.roots {
            self.describe_from(root, &mut seen, &mut out);
        }
        out
    }

    fn describe_from(&self, start: Ref, seen: &mut HashMap<Ref, usize>, out: &mut Vec<String>) {
        let mut work = vec![start];
        while let Some(r) = work.pop() {
            if r.is_null() {
                out.push("null".into());
                continue;
            }
            if let Some(&n) = seen.get(&r) {
                out.push(format!("#{n}"));
                continue;
            }
            seen.insert(r, seen.len());
            match self.type_id(r) {
                NODE => {
                    out.push(format!("node {} {}", self.int(r), self.long(r)));
                    let (a, b) = self.refs(r);
                    work.push(b);
                    work.push(a);
                }
                LEAF => out.push(format!("leaf {} {}", self.int(r), self.long(r))),
                REF_ARRAY => {
                    let m = &self.heap.memory;
                    let len = m.array_length(r) as usize;
                    out.push(format!("array of {len}"));
                    for i in (0..len).rev() {
                        work.push(m.read_ref(r.offset() + gcvm_gc::object::ARRAY_BASE + 4 * i));
                    }
                }
                t => out.push(format!("object of unknown type {t} at {r:?}")),
            }
        }
    }
}

/// A deterministic pseudo-random graph of `n` objects (nodes, leaves, arrays) rooted at a few
/// of them, with sharing and cycles, plus garbage between its objects. Returns the heap.
pub fn random_graph(collector: &str, n: usize, seed: u64) -> Result<LabHeap, String> {
    let mut h = LabHeap::new(collector, 16)?;
    let mut rng = seed | 1;
    let mut next = move |bound: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % bound as u64) as usize
    };
    let mut objects: Vec<Ref> = Vec::new();
    for i in 0..n {
        let pick = next(10);
        let r = if pick < 6 || objects.is_empty() {
            h.node(i as i32, Ref::NULL, Ref::NULL)?
        } else if pick < 9 {
            h.leaf(i as i32)?
        } else {
            let elems: Vec<Ref> = (0..next(6)).map(|_| objects[next(objects.len())]).collect();
            h.ref_array(&elems)?
        };
        objects.push(r);
        h.garbage(next(3))?;
    }
    for &r in &objects {
        if h.type_id(r) == NODE {
            let a = objects[next(objects.len())];
            let b = if next(3) == 0 {
                Ref::NULL
            } else {
                objects[next(objects.len())]
            };
            h.link(r, a, b);
        }
    }
    for _ in 0..3 {
        let root = objects[next(objects.len())];
        h.roots.push(root);
    }
    h.roots.push(objects[0]);
    Ok(h)
}
