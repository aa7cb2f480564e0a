//! Shortest GC-root paths: why is this object still alive?
//!
//! An object survives a collection because a chain of references leads to it from a GC root (a
//! static field, a thread's stack, ...). The shortest such chain is the most useful answer to
//! "who keeps it alive", and breadth-first search finds it: BFS visits nodes in order of their
//! distance from where it starts, so the first time it reaches a node, it got there by a
//! shortest path.
//!
//! We want the path from *any* root, so the search starts from all roots at once
//! (multi-source BFS): the queue is seeded with every root-held object at distance 0. For each
//! node reached, we record the root its path starts at and its predecessor (the holder and the
//! edge followed); walking the predecessors back from a target spells its path, reversed. One
//! search costs O(V + E) and answers every target. When an object is at the same distance
//! from several roots, the first one seeded wins; roots are seeded in a fixed order (by kind,
//! as `RootKind` orders them, then by object address, then by detail) so the answer is
//! deterministic.
//!
//! Thousands of targets give thousands of paths, mostly alike: every `Node` of a `HashMap` held
//! by `static Cache.map` is reached through `map → table → [k] → Node`. AntTracks groups them
//! ("object-group root paths", Weninger et al., "Object-centric root path analysis", ICPE
//! 2019): two paths are in one group when their roots are of one kind and their hops are the
//! same sequence of (holder type, field), array elements counting as one field `[*]`
//! whatever their index, ending at the same target type. A group counts its targets and their
//! shallow bytes, keeps one example (the lowest address) and groups are ranked by bytes.
//!
//! To compare path groups cheaply, every reached node gets a *path class*: an interned id for
//! (root kind, hops up to the node). A node's class is `intern(class of its predecessor, hop
//! from the predecessor)`, so the classes of all nodes cost one hash lookup each, in BFS order.
//! A target's group is (its path class, its type).
//!
//! Targets no root reaches are garbage the collector has not reclaimed yet at that boundary;
//! they are counted apart.

use crate::graph::{Edge, ObjectGraph, Root, RootKind};
use std::collections::{HashMap, VecDeque};

/// "No node", "no root", "no class".
pub const NONE: u32 = u32::MAX;

/// Which objects to explain: `--to TYPE|SITE|ADDR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Objects of this type (`java.util.HashMap`).
    Type(String),
    /// Objects allocated at this site (`Main.run:12`).
    Site(String),
    /// Objects whose type name or allocation site is this.
    Name(String),
    /// The object at this address.
    Addr(u64),
}

impl std::str::FromStr for Target {
    type Err = String;

    /// `0x1f40` or `8000`: an address; `type:NAME`, `site:LABEL`: explicit; anything else: a
    /// type name or a site label.
    fn from_str(s: &str) -> Result<Target, String> {
        let s = s.trim();
        if s.is_empty() {
            return Err("an empty target: give a type, an allocation site or an address".into());
        }
        if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
            return u64::from_str_radix(hex, 16)
                .map(Target::Addr)
                .map_err(|_| format!("{s:?} is not a hexadecimal address"));
        }
        if s.bytes().all(|b| b.is_ascii_digit()) {
            return s.parse().map(Target::Addr).map_err(|e| format!("{s}: {e}"));
        }
        if let Some(t) = s.strip_prefix("type:") {
            return Ok(Target::Type(t.to_string()));
        }
        if let Some(t) = s.strip_prefix("site:") {
            return Ok(Target::Site(t.to_string()));
        }
        Ok(Target::Name(s.to_string()))
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Target::Type(t) => write!(f, "type {t}"),
            Target::Site(s) => write!(f, "site {s}"),
            Target::Name(n) => write!(f, "{n}"),
            Target::Addr(a) => write!(f, "object {a:#x}"),
        }
    }
}

/// The nodes `target` selects, in address order.
pub fn select_targets(g: &ObjectGraph, target: &Target) -> Vec<u32> {
    let ids_named = |names: &HashMap<u32, String>, wanted: &str| -> Vec<u32> {
        names
            .iter()
            .filter(|(_, n)| n.as_str() == wanted)
            .map(|(id, _)| *id)
            .collect()
    };
    let (types, sites) = match target {
        Target::Addr(a) => return g.node_at(*a).into_iter().collect(),
        Target::Type(t) => (ids_named(&g.names.types, t), vec![]),
        Target::Site(s) => (vec![], ids_named(&g.names.sites, s)),
        Target::Name(n) => (ids_named(&g.names.types, n), ids_named(&g.names.sites, n)),
    };
    (0..g.len() as u32)
        .filter(|&i| {
            let o = &g.objects[i as usize];
            types.contains(&o.type_id) || sites.contains(&o.site)
        })
        .collect()
}

/// One hop's field in a path group: a field by slot, or any element of an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Slot(u32),
    Element,
}

/// One hop of a path group: a reference from an object of `type_id` through `field`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hop {
    pub type_id: u32,
    pub field: Field,
}

/// What a path group is: the roots' kind (and for a static field, which one), the hops, the
/// targets' type. Comparable across graphs of one trace (type ids, slots and Static symbols do
/// not change).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathKey {
    pub root: RootKind,
    /// The Static symbol of a static-field root: two statics with the same hops are two
    /// groups (two leaks are told apart by the field that holds them).
    pub root_static: Option<u32>,
    pub hops: Vec<Hop>,
    pub target_type: u32,
}

impl PathKey {
    /// `static Main.cache → java.util.HashMap.table → [*] → java.util.HashMap$Node` (the
    /// root kind, `static field`, when the static has no name).
    pub fn describe(&self, g: &ObjectGraph) -> String {
        let mut s = match self.root_static.and_then(|id| g.names.statics.get(&id)) {
            Some(name) => format!("static {name}"),
            None => self.root.label().to_string(),
        };
        for h in &self.hops {
            s += " → ";
            s += &g.names.type_name(h.type_id);
            match h.field {
                Field::Element => s += "[*]",
                Field::Slot(slot) => {
                    s += ".";
                    s += &g.names.slot_label(h.type_id, slot, false, 0);
                }
            }
        }
        s += " → ";
        s + &g.names.type_name(self.target_type)
    }
}

/// The result of the multi-source BFS: for every node, the root its shortest path starts at,
/// its predecessor and the edge followed, and its path class (see the module comment).
pub struct ShortestPaths {
    /// Index into `ObjectGraph::roots`, or `NONE` for an unreachable node.
    pub root_of: Vec<u32>,
    /// The holder the path came from (`NONE` for a root-held node or an unreachable one).
    pub pred: Vec<u32>,
    /// Index into `ObjectGraph::edges` of the reference followed from `pred`.
    pub pred_edge: Vec<u32>,
    /// Path class of each node, `NONE` if unreachable.
    pub class: Vec<u32>,
    /// Hops from a root, `NONE` if unreachable.
    pub depth: Vec<u32>,
    classes: PathClasses,
}

/// Interned path prefixes: (parent class, hop) → class; a root class per root kind (and per
/// static field).
#[derive(Default)]
struct PathClasses {
    /// Per class: its parent (`NONE` for a root class) and its hop (or the root kind).
    entries: Vec<(u32, ClassStep)>,
    ids: HashMap<(u32, ClassStep), u32>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum ClassStep {
    /// The root kind, and the Static symbol of a static-field root.
    Root(RootKind, Option<u32>),
    Hop(Hop),
}

impl PathClasses {
    fn intern(&mut self, parent: u32, step: ClassStep) -> u32 {
        let next = self.entries.len() as u32;
        let id = *self.ids.entry((parent, step)).or_insert(next);
        if id == next {
            self.entries.push((parent, step));
        }
        id
    }

    /// The root kind, its static field (if one) and the hops of `class`, root first.
    fn unfold(&self, mut class: u32) -> (RootKind, Option<u32>, Vec<Hop>) {
        let mut hops = Vec::new();
        loop {
            match self.entries[class as usize] {
                (_, ClassStep::Root(kind, field)) => {
                    hops.reverse();
                    return (kind, field, hops);
                }
                (parent, ClassStep::Hop(h)) => {
                    hops.push(h);
                    class = parent;
                }
            }
        }
    }
}

/// The roots in the order the search seeds them: by kind, then object address, then detail.
pub fn roots_in_seed_order(g: &ObjectGraph) -> Vec<u32> {
    let mut order: Vec<u32> = (0..g.roots.len() as u32).collect();
    order.sort_by_key(|&r| {
        let root = &g.roots[r as usize];
        (root.kind, root.object, root.detail, r)
    });
    order
}

/// The hop of the reference `edge` held by `holder`, as path groups see it.
fn hop_of(g: &ObjectGraph, holder: u32, edge: &Edge) -> Hop {
    let o = &g.objects[holder as usize];
    let field = match o.array_len {
        Some(_) => Field::Element,
        None => Field::Slot(edge.slot),
    };
    Hop {
        type_id: o.type_id,
        field,
    }
}

/// Multi-source BFS from every root (see the module comment).
pub fn shortest_paths(g: &ObjectGraph) -> ShortestPaths {
    let n = g.len();
    let mut p = ShortestPaths {
        root_of: vec![NONE; n],
        pred: vec![NONE; n],
        pred_edge: vec![NONE; n],
        class: vec![NONE; n],
        depth: vec![NONE; n],
        classes: PathClasses::default(),
    };
    let mut queue = VecDeque::new();
    for r in roots_in_seed_order(g) {
        let root = &g.roots[r as usize];
        let obj = root.object as usize;
        if p.root_of[obj] == NONE {
            p.root_of[obj] = r;
            p.depth[obj] = 0;
            let field = (root.kind == RootKind::StaticField).then_some(root.detail);
            p.class[obj] = p.classes.intern(NONE, ClassStep::Root(root.kind, field));
            queue.push_back(root.object);
        }
    }
    while let Some(v) = queue.pop_front() {
        let first = g.edge_start[v as usize];
        for (k, e) in g.edges_of(v).iter().enumerate() {
            let w = e.target as usize;
            if p.root_of[w] != NONE {
                continue;
            }
            p.root_of[w] = p.root_of[v as usize];
            p.pred[w] = v;
            p.pred_edge[w] = first + k as u32;
            p.depth[w] = p.depth[v as usize] + 1;
            let hop = hop_of(g, v, e);
            p.class[w] = p.classes.intern(p.class[v as usize], ClassStep::Hop(hop));
            queue.push_back(e.target);
        }
    }
    p
}

impl ShortestPaths {
    pub fn is_reachable(&self, node: u32) -> bool {
        self.root_of[node as usize] != NONE
    }

    /// The path group of a reachable node.
    pub fn key_of(&self, g: &ObjectGraph, node: u32) -> Option<PathKey> {
        let class = self.class[node as usize];
        (class != NONE).then(|| {
            let (root, root_static, hops) = self.classes.unfold(class);
            PathKey {
                root,
                root_static,
                hops,
                target_type: g.objects[node as usize].type_id,
            }
        })
    }

    /// The shortest path from a root to `node`, or `None` if no root reaches it.
    pub fn path_to(&self, g: &ObjectGraph, node: u32) -> Option<RootPath> {
        let root = self.root_of[node as usize];
        if root == NONE {
            return None;
        }
        let mut nodes = vec![node];
        let mut edges = Vec::new();
        let mut v = node;
        while self.pred[v as usize] != NONE {
            edges.push(g.edges[self.pred_edge[v as usize] as usize]);
            v = self.pred[v as usize];
            nodes.push(v);
        }
        nodes.reverse();
        edges.reverse();
        Some(RootPath {
            root: g.roots[root as usize],
            nodes,
            edges,
        })
    }
}

/// One shortest path: `root` holds `nodes[0]`, which holds `nodes[1]` by `edges[0]`, ... to the
/// target, `nodes.last()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootPath {
    pub root: Root,
    pub nodes: Vec<u32>,
    pub edges: Vec<Edge>,
}

/// One step of a path as printed: the object and the field by which it holds the next one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub addr: u64,
    pub type_name: String,
    /// The field of this object the path follows (`None` at the target).
    pub field: Option<String>,
}

impl RootPath {
    pub fn target(&self) -> u32 {
        *self.nodes.last().expect("a path has at least its target")
    }

    /// The root's label (`static Cache.map`, `stack of main`).
    pub fn root_label(&self, g: &ObjectGraph) -> String {
        g.names.root_label(&self.root)
    }

    /// The steps from the root-held object to the target, with their field labels.
    pub fn steps(&self, g: &ObjectGraph) -> Vec<Step> {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let o = &g.objects[v as usize];
                Step {
                    addr: o.addr,
                    type_name: g.names.type_name(o.type_id),
                    field: self.edges.get(i).map(|e| g.edge_label(v, e)),
                }
            })
            .collect()
    }
}

/// Targets sharing one path group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathGroup {
    pub key: PathKey,
    pub objects: u64,
    /// Shallow bytes of the targets.
    pub bytes: u64,
    /// The lowest-addressed target, and its path.
    pub example: RootPath,
    pub example_addr: u64,
}

/// `gcvm paths`: what the targets are, and their path groups.
#[derive(Clone, Debug)]
pub struct PathsReport {
    pub target: Target,
    pub objects: u64,
    pub bytes: u64,
    /// Ranked by bytes, then objects, then example address.
    pub groups: Vec<PathGroup>,
    pub unreachable_objects: u64,
    pub unreachable_bytes: u64,
}

/// The path groups of `targets` (see the module comment).
pub fn group_paths(g: &ObjectGraph, sp: &ShortestPaths, targets: &[u32]) -> Vec<PathGroup> {
    let mut by_class: HashMap<(u32, u32), PathGroup> = HashMap::new();
    for &t in targets {
        let o = &g.objects[t as usize];
        let class = sp.class[t as usize];
        if class == NONE {
            continue;
        }
        let group = by_class.entry((class, o.type_id)).or_insert_with(|| {
            let example = sp.path_to(g, t).expect("a reachable node has a path");
            PathGroup {
                key: sp.key_of(g, t).expect("a reachable node has a key"),
                objects: 0,
                bytes: 0,
                example,
                example_addr: o.addr,
            }
        });
        group.objects += 1;
        group.bytes += o.size;
        if o.addr < group.example_addr {
            group.example_addr = o.addr;
            group.example = sp.path_to(g, t).expect("a reachable node has a path");
        }
    }
    let mut groups: Vec<PathGroup> = by_class.into_values().collect();
    groups.sort_by(|a, b| {
        (b.bytes, b.objects, a.example_addr).cmp(&(a.bytes, a.objects, b.example_addr))
    });
    groups
}

/// `gcvm paths`: the shortest root paths of the objects `target` selects, grouped.
pub fn root_paths(g: &ObjectGraph, target: &Target) -> PathsReport {
    let targets = select_targets(g, target);
    let sp = shortest_paths(g);
    let size = |t: &u32| g.objects[*t as usize].size;
    let unreachable: Vec<u32> = targets
        .iter()
        .copied()
        .filter(|&t| !sp.is_reachable(t))
        .collect();
    PathsReport {
        target: target.clone(),
        objects: targets.len() as u64,
        bytes: targets.iter().map(size).sum(),
        groups: group_paths(g, &sp, &targets),
        unreachable_objects: unreachable.len() as u64,
        unreachable_bytes: unreachable.iter().map(size).sum(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::graph::{GraphObject, Names};
    use proptest::prelude::*;

    pub const OBJ: u32 = 1;
    pub const NODE: u32 = 2;
    pub const ARRAY: u32 = 3;

    /// Node `i` at address `0x100 * (i + 1)`, 16 bytes unless `sizes` says otherwise; type
    /// `OBJ`. Edges as (holder, slot, target).
    pub fn graph(
        types: &[u32],
        edges: &[(u32, u32, u32)],
        roots: &[(u32, RootKind, u32)],
    ) -> ObjectGraph {
        let objects: Vec<GraphObject> = types
            .iter()
            .enumerate()
            .map(|(i, &t)| GraphObject {
                addr: 0x100 * (i as u64 + 1),
                type_id: t,
                size: 16 + 8 * i as u64,
                array_len: (t == ARRAY).then_some(4),
                site: 10 + t,
            })
            .collect();
        let mut lists = vec![Vec::new(); types.len()];
        for &(h, slot, target) in edges {
            lists[h as usize].push(Edge { slot, target });
        }
        for l in &mut lists {
            l.sort_by_key(|e: &Edge| e.slot);
        }
        let roots = roots
            .iter()
            .map(|&(object, kind, detail)| Root {
                object,
                kind,
                detail,
            })
            .collect();
        let mut names = Names::default();
        names.types.insert(OBJ, "Obj".into());
        names.types.insert(NODE, "Node".into());
        names.types.insert(ARRAY, "[LNode;".into());
        names.sites.insert(10 + NODE, "Main.add:7".into());
        names.fields.insert((OBJ, 3), "head".into());
        names.fields.insert((NODE, 3), "next".into());
        names.fields.insert((OBJ, 4), "table".into());
        names.statics.insert(1, "Main.cache".into());
        names.threads.insert(1, "main".into());
        ObjectGraph::new(objects, lists, roots, 16, names)
    }

    /// Random graphs of up to 24 nodes, 3 edges a node on average, up to 3 roots.
    pub fn random_graph() -> impl Strategy<Value = ObjectGraph> {
        (1usize..24).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..n * 3),
                proptest::collection::vec(0..n as u32, 0..4),
                Just(n),
            )
                .prop_map(|(edges, roots, n)| {
                    let objects = (0..n)
                        .map(|i| GraphObject {
                            addr: 16 * i as u64,
                            type_id: (i % 3) as u32,
                            size: 8 + i as u64,
                            array_len: None,
                            site: (i % 2) as u32,
                        })
                        .collect();
                    let mut lists = vec![Vec::new(); n];
                    for (slot, &(a, b)) in edges.iter().enumerate() {
                        lists[a as usize].push(Edge {
                            slot: slot as u32,
                            target: b,
                        });
                    }
                    let roots = roots
                        .into_iter()
                        .map(|object| Root {
                            object,
                            kind: RootKind::StaticField,
                            detail: 0,
                        })
                        .collect();
                    ObjectGraph::new(objects, lists, roots, 16, Names::default())
                })
        })
    }

    fn labels(g: &ObjectGraph, p: &RootPath) -> Vec<String> {
        p.steps(g)
            .iter()
            .map(|s| match &s.field {
                Some(f) => format!("{}.{f}", s.type_name),
                None => s.type_name.clone(),
            })
            .collect()
    }

    #[test]
    fn target_parses_addresses_names_and_explicit_kinds() {
        assert_eq!("0x1f0".parse(), Ok(Target::Addr(0x1f0)));
        assert_eq!("4096".parse(), Ok(Target::Addr(4096)));
        assert_eq!("type:Node".parse(), Ok(Target::Type("Node".into())));
        assert_eq!(
            "site:Main.add:7".parse(),
            Ok(Target::Site("Main.add:7".into()))
        );
        assert_eq!("Node".parse(), Ok(Target::Name("Node".into())));
        assert!("0xzz".parse::<Target>().is_err());
    }

    #[test]
    fn a_name_selects_objects_by_type_or_by_site() {
        let g = graph(&[OBJ, NODE, NODE], &[], &[]);
        assert_eq!(select_targets(&g, &Target::Name("Node".into())), vec![1, 2]);
        assert_eq!(
            select_targets(&g, &Target::Name("Main.add:7".into())),
            vec![1, 2]
        );
        assert_eq!(
            select_targets(&g, &Target::Type("Main.add:7".into())),
            Vec::<u32>::new()
        );
        assert_eq!(select_targets(&g, &Target::Addr(0x100)), vec![0]);
        assert_eq!(select_targets(&g, &Target::Addr(0x101)), Vec::<u32>::new());
    }

    #[test]
    fn the_path_follows_fields_from_the_root_to_the_target() {
        // static Main.cache -> Obj.head -> Node.next -> Node
        let g = graph(
            &[OBJ, NODE, NODE],
            &[(0, 3, 1), (1, 3, 2)],
            &[(0, RootKind::StaticField, 1)],
        );
        let sp = shortest_paths(&g);
        let p = sp.path_to(&g, 2).unwrap();
        assert_eq!(p.root_label(&g), "static Main.cache");
        assert_eq!(labels(&g, &p), ["Obj.head", "Node.next", "Node"]);
    }

    #[test]
    fn the_shortest_of_two_paths_is_chosen() {
        // root -> 0 -> 1 -> 2 -> 3, and 0 -> 3 directly.
        let g = graph(
            &[OBJ, NODE, NODE, NODE],
            &[(0, 3, 1), (0, 4, 3), (1, 3, 2), (2, 3, 3)],
            &[(0, RootKind::StaticField, 1)],
        );
        let p = shortest_paths(&g).path_to(&g, 3).unwrap();
        assert_eq!(p.nodes, vec![0, 3]);
    }

    #[test]
    fn the_nearest_root_wins_over_the_first() {
        // a static reaches 2 in two hops, a thread stack holds it directly.
        let g = graph(
            &[OBJ, NODE, NODE],
            &[(0, 3, 1), (1, 3, 2)],
            &[(0, RootKind::StaticField, 1), (2, RootKind::ThreadStack, 1)],
        );
        let p = shortest_paths(&g).path_to(&g, 2).unwrap();
        assert_eq!(p.root.kind, RootKind::ThreadStack);
        assert_eq!(p.nodes, vec![2]);
    }

    #[test]
    fn equally_near_roots_are_chosen_by_kind_then_address() {
        let g = graph(
            &[NODE, NODE, NODE],
            &[(0, 3, 2), (1, 3, 2)],
            &[(1, RootKind::ThreadStack, 1), (0, RootKind::ThreadStack, 1)],
        );
        let p = shortest_paths(&g).path_to(&g, 2).unwrap();
        assert_eq!(p.nodes, vec![0, 2]);
    }

    #[test]
    fn an_object_no_root_reaches_has_no_path() {
        let g = graph(&[OBJ, NODE], &[(1, 3, 0)], &[]);
        assert_eq!(shortest_paths(&g).path_to(&g, 0), None);
    }

    #[test]
    fn array_elements_are_labelled_by_index_and_grouped_as_any_element() {
        // static -> Obj.table -> [LNode; -> [0] Node, [2] Node
        let g = graph(
            &[OBJ, ARRAY, NODE, NODE],
            &[(0, 4, 1), (1, 4, 2), (1, 6, 3)],
            &[(0, RootKind::StaticField, 1)],
        );
        let sp = shortest_paths(&g);
        assert_eq!(
            labels(&g, &sp.path_to(&g, 3).unwrap()),
            ["Obj.table", "[LNode;.[2]", "Node"]
        );
        let groups = group_paths(&g, &sp, &[2, 3]);
        assert_eq!(groups.len(), 1);
        assert_eq!(
            groups[0].key.describe(&g),
            "static Main.cache → Obj.table → [LNode;[*] → Node"
        );
    }

    #[test]
    fn a_group_counts_its_targets_their_bytes_and_keeps_the_lowest_address() {
        let g = graph(
            &[OBJ, ARRAY, NODE, NODE],
            &[(0, 4, 1), (1, 4, 3), (1, 6, 2)],
            &[(0, RootKind::StaticField, 1)],
        );
        let sp = shortest_paths(&g);
        let groups = group_paths(&g, &sp, &[3, 2]);
        assert_eq!(groups[0].objects, 2);
        assert_eq!(groups[0].bytes, 32 + 40);
        assert_eq!(groups[0].example_addr, 0x300);
        assert_eq!(groups[0].example.target(), 2);
    }

    #[test]
    fn paths_through_different_fields_are_different_groups_ranked_by_bytes() {
        // 1 via Obj.head (16+8 bytes), 2 and 3 via Obj.head -> Node.next chains.
        let g = graph(
            &[OBJ, NODE, NODE, NODE, OBJ],
            &[(0, 3, 1), (1, 3, 2), (4, 3, 3)],
            &[(0, RootKind::ThreadStack, 1), (4, RootKind::ThreadStack, 1)],
        );
        let sp = shortest_paths(&g);
        let groups = group_paths(&g, &sp, &[1, 2, 3]);
        let shapes: Vec<(u64, u64)> = groups.iter().map(|p| (p.objects, p.bytes)).collect();
        assert_eq!(shapes, vec![(2, 24 + 40), (1, 32)]);
    }

    #[test]
    fn two_static_fields_with_the_same_hops_are_two_groups() {
        let g = graph(
            &[OBJ, NODE, NODE, OBJ],
            &[(0, 3, 1), (3, 3, 2)],
            &[(0, RootKind::StaticField, 1), (3, RootKind::StaticField, 2)],
        );
        let sp = shortest_paths(&g);
        let groups = group_paths(&g, &sp, &[1, 2]);
        assert_eq!(groups.len(), 2);
        let mut roots: Vec<Option<u32>> = groups.iter().map(|p| p.key.root_static).collect();
        roots.sort();
        assert_eq!(roots, vec![Some(1), Some(2)]);
    }

    #[test]
    fn paths_from_roots_of_different_kinds_are_different_groups() {
        let g = graph(
            &[OBJ, OBJ, NODE, NODE],
            &[(0, 3, 2), (1, 3, 3)],
            &[(0, RootKind::StaticField, 1), (1, RootKind::ThreadStack, 1)],
        );
        let sp = shortest_paths(&g);
        assert_eq!(group_paths(&g, &sp, &[2, 3]).len(), 2);
    }

    #[test]
    fn unreachable_targets_are_counted_apart() {
        let g = graph(
            &[OBJ, NODE, NODE],
            &[(0, 3, 1)],
            &[(0, RootKind::StaticField, 1)],
        );
        let r = root_paths(&g, &Target::Type("Node".into()));
        assert_eq!((r.objects, r.bytes), (2, 24 + 32));
        assert_eq!((r.unreachable_objects, r.unreachable_bytes), (1, 32));
        assert_eq!(r.groups.len(), 1);
        assert_eq!(r.groups[0].objects, 1);
    }

    #[test]
    fn a_cycle_does_not_loop_the_search() {
        let g = graph(
            &[NODE, NODE, NODE],
            &[(0, 3, 1), (1, 3, 2), (2, 3, 0)],
            &[(1, RootKind::ThreadStack, 1)],
        );
        let p = shortest_paths(&g).path_to(&g, 0).unwrap();
        assert_eq!(p.nodes, vec![1, 2, 0]);
    }

    /// Hops from the nearest root to every node (`NONE` if unreachable), by relaxing every
    /// edge until nothing changes (Bellman-Ford with unit weights).
    fn naive_distances(g: &ObjectGraph) -> Vec<u32> {
        let mut d = vec![NONE; g.len()];
        for r in &g.roots {
            d[r.object as usize] = 0;
        }
        loop {
            let mut changed = false;
            for v in 0..g.len() as u32 {
                if d[v as usize] == NONE {
                    continue;
                }
                for e in g.edges_of(v) {
                    if d[v as usize] + 1 < d[e.target as usize] {
                        d[e.target as usize] = d[v as usize] + 1;
                        changed = true;
                    }
                }
            }
            if !changed {
                return d;
            }
        }
    }

    proptest! {
        #[test]
        fn every_path_is_as_short_as_the_nearest_root_allows(g in random_graph()) {
            let sp = shortest_paths(&g);
            let naive = naive_distances(&g);
            for v in 0..g.len() as u32 {
                let hops = sp.path_to(&g, v).map_or(NONE, |p| p.edges.len() as u32);
                prop_assert_eq!(hops, naive[v as usize]);
                prop_assert_eq!(sp.depth[v as usize], naive[v as usize]);
            }
        }

        #[test]
        fn every_path_follows_real_references_from_its_root(g in random_graph()) {
            let sp = shortest_paths(&g);
            for v in 0..g.len() as u32 {
                let Some(p) = sp.path_to(&g, v) else { continue };
                prop_assert_eq!(p.root.object, p.nodes[0]);
                prop_assert!(g.roots.contains(&p.root));
                prop_assert_eq!(p.target(), v);
                for (k, e) in p.edges.iter().enumerate() {
                    prop_assert!(g.edges_of(p.nodes[k]).contains(e));
                    prop_assert_eq!(e.target, p.nodes[k + 1]);
                }
            }
        }

        #[test]
        fn path_classes_are_equal_exactly_when_the_walked_paths_match(g in random_graph()) {
            let sp = shortest_paths(&g);
            let walked = |v: u32| {
                sp.path_to(&g, v).map(|p| {
                    let hops: Vec<Hop> =
                        p.edges.iter().enumerate().map(|(k, e)| hop_of(&g, p.nodes[k], e)).collect();
                    let field = (p.root.kind == RootKind::StaticField).then_some(p.root.detail);
                    (p.root.kind, field, hops)
                })
            };
            for v in 0..g.len() as u32 {
                for w in 0..g.len() as u32 {
                    if let (Some(a), Some(b)) = (walked(v), walked(w)) {
                        prop_assert_eq!(sp.class[v as usize] == sp.class[w as usize], a == b);
                    }
                }
            }
        }
    }
}
