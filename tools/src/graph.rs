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

/// What holds a root (the trace's root kinds, docs/trace-format.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RootKind {
    /// A static field of a class; the detail is a Static symbol (`Names::statics`).
    StaticField = 0,
    /// A local variable or operand-stack slot of a Java frame, or a native frame's argument;
    /// the detail is the thread id.
    ThreadStack = 1,
    /// The VM's own references (global handles, a thread's pending exception, JNI-style
    /// handles); the detail is the thread id, or 0 for the VM's globals.
    VmInternal = 2,
    /// An object whose monitor a frame holds; the detail is the thread id.
    Monitor = 3,
    /// A cleared reference waiting for the Reference Handler to enqueue it.
    ReferenceQueue = 4,
    /// The `java.lang.Class` object of a loaded class; the detail is the class's type id.
    ClassMirror = 5,
    /// An interned string (string literals and `String.intern`).
    InternedString = 6,
    /// A running thread's `java.lang.Thread` object; the detail is the thread id.
    ThreadObject = 7,
}

impl RootKind {
    pub const ALL: [RootKind; 8] = [
        RootKind::StaticField,
        RootKind::ThreadStack,
        RootKind::VmInternal,
        RootKind::Monitor,
        RootKind::ReferenceQueue,
        RootKind::ClassMirror,
        RootKind::InternedString,
        RootKind::ThreadObject,
    ];

    pub fn from_code(code: u8) -> Option<RootKind> {
        RootKind::ALL.get(code as usize).copied()
    }

    pub fn code(self) -> u8 {
        self as u8
    }

    /// The name tools print (and JSON carries).
    pub fn label(self) -> &'static str {
        match self {
            RootKind::StaticField => "static field",
            RootKind::ThreadStack => "thread stack",
            RootKind::VmInternal => "VM internal",
            RootKind::Monitor => "monitor",
            RootKind::ReferenceQueue => "reference queue",
            RootKind::ClassMirror => "class",
            RootKind::InternedString => "interned string",
            RootKind::ThreadObject => "thread",
        }
    }
}

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
