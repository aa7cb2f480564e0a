//! The object-graph model the gc property tests share: four types (a two-reference node, a
//! leaf, reference and int arrays), a root set, and the check that a graph survived a
//! collection exactly.

#![allow(dead_code)]

use gcvm_gc::memory::HeapMemory;
use gcvm_gc::object::{array_size, ElemKind, Ref, Shape, TypeInfo, TypeRegistry};
use gcvm_gc::RootSource;
use std::collections::HashMap;
use std::sync::Arc;

pub const NODE: u32 = 2; // int @12, long @16, ref @24, ref @28; 32 bytes
pub const LEAF: u32 = 3; // int @12, long @16; 24 bytes
pub const REF_ARRAY: u32 = 4;
pub const INT_ARRAY: u32 = 5;
pub const NODE_SIZE: usize = 32;
pub const LEAF_SIZE: usize = 24;

pub fn registry() -> Arc<TypeRegistry> {
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
    let array = |name: &str, elem| TypeInfo {
        name: name.into(),
        shape: Shape::Array { elem },
    };
    types
        .register(REF_ARRAY, array("[LNode;", ElemKind::Ref))
        .unwrap();
    types
        .register(INT_ARRAY, array("[I", ElemKind::Int))
        .unwrap();
    Arc::new(types)
}

/// Roots held in a vector; the collector's new addresses are stored back.
pub struct Roots<'a>(pub &'a mut Vec<Ref>);

impl RootSource for Roots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in self.0.iter_mut() {
            if !r.is_null() {
                *r = visit(*r);
            }
        }
    }
}

/// One object of an expected graph.
#[derive(Clone, Debug)]
pub enum Spec {
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
    pub fn type_id(&self) -> u32 {
        match self {
            Spec::Node { .. } => NODE,
            Spec::Leaf { .. } => LEAF,
            Spec::RefArray(_) => REF_ARRAY,
            Spec::IntArray(_) => INT_ARRAY,
        }
    }
    pub fn size(&self) -> usize {
        match self {
            Spec::Node { .. } => NODE_SIZE,
            Spec::Leaf { .. } => LEAF_SIZE,
            Spec::RefArray(v) => array_size(ElemKind::Ref, v.len()),
            Spec::IntArray(v) => array_size(ElemKind::Int, v.len()),
        }
    }
    pub fn targets(&self) -> Vec<usize> {
        match self {
            Spec::Node { refs, .. } => refs.iter().flatten().copied().collect(),
            Spec::RefArray(v) => v.iter().flatten().copied().collect(),
            _ => vec![],
        }
    }
}

/// Walks from the roots and checks every reachable object against its spec; the mapping
/// spec index -> reference must be a bijection (sharing preserved, nothing duplicated).
/// Returns how many objects were reached.
pub fn check_graph(
    mem: &HeapMemory,
    specs: &[Spec],
    root_specs: &[usize],
    roots: &[Ref],
) -> Result<usize, String> {
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
            return Err(format!("object {i} has type {}", mem.type_id(r)));
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
                if mem.read_u32(base + 12) as i32 != *int || mem.read_u64(base + 16) as i64 != *long
                {
                    return Err(format!("object {i}: primitive fields changed"));
                }
                follow(&refs[0], base + 24)?;
                follow(&refs[1], base + 28)?;
            }
            Spec::Leaf { int, long } => {
                if mem.read_u32(base + 12) as i32 != *int || mem.read_u64(base + 16) as i64 != *long
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
    Ok(seen.len())
}
