//! The object graph at one boundary: every object the heap model holds, its outgoing references
//! and the GC roots, as a trace recorded with `--trace-pointers` gives them (docs/trace-format.md,
//! "Pointers and roots"). The analyses of leak hunting work on it: shortest GC-root paths
//! (`analysis::paths`), the dominator tree and retained sizes (`analysis::dominators`) and leak
//! suspects (`analysis::leaks`).
//!
//! Objects are numbered in address order (a node is an index into `objects`); edges are stored
//! compressed (CSR): the edges of node `i` are `edges[edge_start[i]..edge_start[i + 1]]`, in slot
//! order. A slot is the reference's position in its holder in 4-byte units from the object's
//! start (a field's offset / 4; element `k` of an array is slot `ARRAY_BASE / 4 + k`), so two
//! edges of one object never share a slot.

use std::collections::HashMap;

pub use gcvm_tracer::format::RootKind;

/// One object of the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphObject {
    /// Heap offset of the object.
    pub addr: u64,
    pub type_id: u32,
    /// Bytes, header included (the object's shallow size).
    pub size: u64,
    pub array_len: Option<u32>,
    /// Allocation site (a Site symbol id).
    pub site: u32,
}

/// A reference from one object to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// Slot in the holder (see the module comment).
    pub slot: u32,
    /// The referenced object (an index into `ObjectGraph::objects`).
    pub target: u32,
}

/// A GC root: an object held from outside the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Root {
    /// The object held (an index into `ObjectGraph::objects`).
    pub object: u32,
    pub kind: RootKind,
    /// What holds it, by kind (see `RootKind`).
    pub detail: u32,
}

/// Names for printing a graph (from the trace's symbols).
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Type names by type id (`java.util.HashMap`, `[Ljava.lang.Object;`).
    pub types: HashMap<u32, String>,
    /// Allocation sites by site id (`Class.method:line`).
    pub sites: HashMap<u32, String>,
    /// Instance field names by (type id, slot) — inherited fields included.
    pub fields: HashMap<(u32, u32), String>,
    /// Static fields by Static symbol id: `Class.field`.
    pub statics: HashMap<u32, String>,
    /// Thread names by thread id.
    pub threads: HashMap<u32, String>,
}

impl Names {
    pub fn type_name(&self, id: u32) -> String {
        self.types
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("<type {id}>"))
    }

    pub fn site_label(&self, id: u32) -> String {
        self.sites
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("<site {id}>"))
    }

    /// How a reference in `slot` of an object of `type_id` is shown: the field's name, or `[k]`
    /// for an array element (`array_base_slot`: the slot of element 0).
    pub fn slot_label(
        &self,
        type_id: u32,
        slot: u32,
        is_array: bool,
        array_base_slot: u32,
    ) -> String {
        if is_array {
            return format!("[{}]", slot.saturating_sub(array_base_slot));
        }
        self.fields
            .get(&(type_id, slot))
            .cloned()
            .unwrap_or_else(|| format!("<slot {slot}>"))
    }

    /// How a root is shown: `static Foo.cache`, `thread stack of main`, `class Foo`...
    pub fn root_label(&self, root: &Root) -> String {
        let thread = |id: u32| {
            self.threads
                .get(&id)
                .cloned()
                .unwrap_or_else(|| format!("thread {id}"))
        };
        match root.kind {
            RootKind::StaticField => match self.statics.get(&root.detail) {
                Some(name) => format!("static {name}"),
                None => format!("static <field {}>", root.detail),
            },
            RootKind::ThreadStack => format!("stack of {}", thread(root.detail)),
            RootKind::Monitor => format!("monitor held by {}", thread(root.detail)),
            RootKind::ThreadObject => format!("thread {}", thread(root.detail)),
            RootKind::VmInternal if root.detail != 0 => {
                format!("VM handle of {}", thread(root.detail))
            }
            RootKind::VmInternal => "VM global".to_string(),
            RootKind::ReferenceQueue => "pending reference".to_string(),
            RootKind::ClassMirror => format!("class {}", self.type_name(root.detail)),
            RootKind::InternedString => "interned string".to_string(),
        }
    }
}

/// The object graph at one boundary (see the module comment).
#[derive(Clone, Debug, Default)]
pub struct ObjectGraph {
    /// Every object, in address order.
    pub objects: Vec<GraphObject>,
    /// `objects.len() + 1` offsets into `edges`.
    pub edge_start: Vec<u32>,
    pub edges: Vec<Edge>,
    /// Every root (an object may be held by several).
    pub roots: Vec<Root>,
    /// The array header's size in bytes (element 0's slot is `array_header / 4`).
    pub array_header: u32,
    pub names: Names,
    /// Why the graph may be older than the boundary it was asked at (a GC start, or the end of
    /// a marking pause that collected nothing: the graph is the last collection's), for tools
    /// to print; None when it is exact.
    pub caveat: Option<String>,
}

impl ObjectGraph {
    /// Builds a graph from objects in address order and each one's edges (`edges[i]` for
    /// `objects[i]`, slots increasing).
    pub fn new(
        objects: Vec<GraphObject>,
        edges: Vec<Vec<Edge>>,
        roots: Vec<Root>,
        array_header: u32,
        names: Names,
    ) -> ObjectGraph {
        debug_assert_eq!(objects.len(), edges.len());
        debug_assert!(objects.windows(2).all(|w| w[0].addr < w[1].addr));
        let mut edge_start = Vec::with_capacity(objects.len() + 1);
        let mut flat = Vec::with_capacity(edges.iter().map(Vec::len).sum());
        edge_start.push(0);
        for e in edges {
            flat.extend(e);
            edge_start.push(flat.len() as u32);
        }
        ObjectGraph {
            objects,
            edge_start,
            edges: flat,
            roots,
            array_header,
            names,
            caveat: None,
        }
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// The references held by node `i`.
    pub fn edges_of(&self, i: u32) -> &[Edge] {
        let i = i as usize;
        &self.edges[self.edge_start[i] as usize..self.edge_start[i + 1] as usize]
    }

    /// The node of the object starting at `addr`.
    pub fn node_at(&self, addr: u64) -> Option<u32> {
        self.objects
            .binary_search_by_key(&addr, |o| o.addr)
            .ok()
            .map(|i| i as u32)
    }

    /// How the reference of `edge` held by node `holder` is shown (`next`, `[3]`).
    pub fn edge_label(&self, holder: u32, edge: &Edge) -> String {
        let o = &self.objects[holder as usize];
        self.names.slot_label(
            o.type_id,
            edge.slot,
            o.array_len.is_some(),
            self.array_header / 4,
        )
    }
}

/// The object graph at `boundary` of the trace at `path` (`gc:N:end`, `gc:N:start`, `end`).
/// A trace recorded without `--trace-pointers` is an error that says so.
pub fn graph_at(
    path: impl AsRef<std::path::Path>,
    boundary: crate::Boundary,
) -> Result<ObjectGraph, crate::TraceError> {
    let path = path.as_ref();
    graph_at_reconstruction(path, &crate::reconstruct(path, boundary, false)?)
}

/// The graph at `gc:N:end`: the model's, but at the end of an initial mark whose graph the
/// collection completing its marking recorded (tools/src/pointers.rs `graph_at_marking_end`),
/// which takes a second replay up to that collection's end (or the end of the run).
fn graph_at_marking_end(
    path: &std::path::Path,
    r: &crate::Reconstruction,
    n: u32,
) -> Result<ObjectGraph, crate::TraceError> {
    let (Some(gc), Some(at_mark)) = (r.model.gcs.last(), r.model.pointers()) else {
        return graph_of(r);
    };
    if gc.collects() || at_mark.recorded_at_last_end {
        return graph_of(r);
    }
    let next = match crate::reconstruct(path, crate::Boundary::GcEnd(n + 1), false) {
        Ok(next) => next,
        Err(e) if e.not_in_trace => crate::reconstruct(path, crate::Boundary::End, false)?,
        Err(e) => return Err(e),
    };
    let Some(marking) = next.model.pointers().and_then(|p| p.marking.as_ref()) else {
        return graph_of(r);
    };
    let edges = at_mark.graph_at_marking_end(marking);
    let mut g = graph_of_parts(
        &r.model,
        &|addr| edges.get(&addr).map_or(&[][..], Vec::as_slice),
        &at_mark.roots,
        &r.symbols,
        r.header.array_header as u32,
    );
    // What the completing collection's marking did not reach, it recorded nothing for: the
    // referents it cleared (reachable at the initial mark only through them).
    let completing = next.model.gcs.iter().find(|g| g.id == n + 1);
    g.caveat = completing
        .filter(|c| c.referents_cleared > 0)
        .map(|c| {
            format!(
                "at gc:{n}:end the objects reachable only through the {} referents gc:{} cleared are shown with the references of gc:{}'s start",
                c.referents_cleared,
                c.id,
                c.id
            )
        });
    Ok(g)
}

/// The object graph of a heap reconstructed from the trace at `path`. At a GC start of a
/// collection, the references are its GC end's taken back through its moves (the world was
/// stopped in between: tools/src/pointers.rs `graph_at_last_start`), which takes a second
/// replay up to that GC end; at both ends of an initial mark, the references its marking
/// found, recorded by the next collection (`graph_at_marking_end`), another replay.
pub fn graph_at_reconstruction(
    path: &std::path::Path,
    r: &crate::Reconstruction,
) -> Result<ObjectGraph, crate::TraceError> {
    if let crate::Boundary::GcEnd(n) = r.boundary {
        return graph_at_marking_end(path, r, n);
    }
    let (crate::Boundary::GcStart(n), Some(at_start)) = (r.boundary, r.model.pointers()) else {
        return graph_of(r);
    };
    if !at_start.roots_fresh {
        // A trace written before the roots were recorded at GC starts.
        return graph_of(r);
    }
    let end = crate::reconstruct(path, crate::Boundary::GcEnd(n), false)?;
    let (Some(gc), Some(at_end)) = (end.model.gcs.last(), end.model.pointers()) else {
        return graph_of(r);
    };
    if !gc.collects() {
        // A marking pause that collects nothing moves and frees nothing: the graph at its
        // start is the one at its end.
        return graph_at_marking_end(path, &end, n);
    }
    let edges = at_end.graph_at_last_start();
    let mut g = graph_of_parts(
        &r.model,
        &|addr| edges.get(&addr).map_or(&[][..], Vec::as_slice),
        &at_start.roots,
        &r.symbols,
        r.header.array_header as u32,
    );
    // The collection changed one kind of reference itself: the referents it cleared.
    g.caveat = (gc.referents_cleared > 0).then(|| {
        format!(
            "at gc:{n}:start the {} referents gc:{n} cleared are not shown (their objects died in it; gc:{n}:end is exact)",
            gc.referents_cleared
        )
    });
    Ok(g)
}

/// The object graph of a reconstructed heap, as its model has it.
pub fn graph_of(r: &crate::Reconstruction) -> Result<ObjectGraph, crate::TraceError> {
    let mut g = graph_of_model(&r.model, &r.symbols, r.header.array_header as u32)?;
    g.caveat = caveat(r);
    Ok(g)
}

/// The graph is recorded at the end of each pause that collects (docs/trace-format.md,
/// "Pointers and roots"): at a GC start of a trace without roots at GC starts, or at the end
/// of a marking pause that collected nothing, it is the last such collection's.
fn caveat(r: &crate::Reconstruction) -> Option<String> {
    use crate::Boundary;
    let gcs = &r.model.gcs;
    let last_collecting = |before: usize| {
        gcs[..before]
            .iter()
            .rev()
            .find(|g| g.collects())
            .map_or("the start of the run".to_string(), |g| {
                format!("gc:{}:end", g.id)
            })
    };
    match r.boundary {
        Boundary::GcStart(n) => {
            let at = gcs.iter().position(|g| g.id == n).unwrap_or(gcs.len());
            Some(format!(
                "references are recorded at collections: at gc:{n}:start they are as at {} (gc:{n}:end is exact)",
                last_collecting(at)
            ))
        }
        Boundary::GcEnd(n) => {
            let at = gcs.iter().position(|g| g.id == n)?;
            let recorded = r.model.pointers().is_some_and(|p| p.recorded_at_last_end);
            (!gcs[at].collects() && !recorded).then(|| {
                format!(
                    "gc:{n} is a marking pause that collected nothing: references are as at {}",
                    last_collecting(at)
                )
            })
        }
        Boundary::End => None,
    }
}

/// The object graph of a heap model as it stands (during a replay, at a GC end), named with
/// the trace's `symbols` (`array_header`: the trace header's array header size).
pub fn graph_of_model(
    model: &crate::HeapModel,
    symbols: &crate::Symbols,
    array_header: u32,
) -> Result<ObjectGraph, crate::TraceError> {
    let Some(pointers) = model.pointers() else {
        return Err(crate::TraceError::at(
            0,
            "the trace has no pointers: record it with gcvm run --trace FILE --trace-pointers",
        ));
    };
    Ok(graph_of_parts(
        model,
        &|addr| pointers.refs_of(addr),
        &pointers.roots,
        symbols,
        array_header,
    ))
}

/// The graph of `model`'s objects with the references `refs_of` gives and `roots`.
fn graph_of_parts<'a>(
    model: &crate::HeapModel,
    refs_of: &dyn Fn(u64) -> &'a [(u32, u64)],
    roots: &[gcvm_tracer::RootRecord],
    symbols: &crate::Symbols,
    array_header: u32,
) -> ObjectGraph {
    let mut objects: Vec<GraphObject> = Vec::new();
    model.for_each_object(|o| {
        objects.push(GraphObject {
            addr: o.addr,
            type_id: o.desc.type_id,
            size: o.desc.size(),
            array_len: o.desc.array_len,
            site: o.desc.site,
        })
    });
    objects.sort_unstable_by_key(|o| o.addr);
    let node_at = |addr: u64| {
        objects
            .binary_search_by_key(&addr, |o| o.addr)
            .ok()
            .map(|i| i as u32)
    };
    let edges: Vec<Vec<Edge>> = objects
        .iter()
        .map(|o| {
            refs_of(o.addr)
                .iter()
                .filter_map(|&(slot, target)| {
                    Some(Edge {
                        slot,
                        target: node_at(target)?,
                    })
                })
                .collect()
        })
        .collect();
    let roots = roots
        .iter()
        .filter_map(|r| {
            Some(Root {
                object: node_at(r.addr)?,
                kind: r.kind,
                detail: r.detail,
            })
        })
        .collect();
    ObjectGraph::new(
        objects,
        edges,
        roots,
        array_header,
        names_of(model, symbols),
    )
}

/// The names a graph of this model prints with.
fn names_of(model: &crate::HeapModel, s: &crate::Symbols) -> Names {
    Names {
        types: s
            .types
            .iter()
            .map(|(&id, t)| (id, t.name.replace('/', ".")))
            .collect(),
        sites: s
            .sites
            .iter()
            .map(|(&id, site)| (id, site.label()))
            .collect(),
        fields: s
            .fields
            .iter()
            .flat_map(|(&ty, fields)| {
                fields
                    .iter()
                    .map(move |(slot, name)| ((ty, *slot), name.clone()))
            })
            .collect(),
        statics: s
            .statics
            .iter()
            .map(|(&id, (class, field))| (id, format!("{class}.{field}")))
            .collect(),
        threads: model
            .threads()
            .map(|(id, name, _)| (id, name.to_string()))
            .collect(),
    }
}
