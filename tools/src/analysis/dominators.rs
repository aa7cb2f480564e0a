//! The dominator tree of the object graph, and retained sizes.
//!
//! Object `d` *dominates* object `v` when every path from the roots to `v` passes through `d`:
//! were `d` unreachable, `v` would be too. The *immediate dominator* of `v` is its closest
//! strict dominator; the immediate dominators form a tree, the dominator tree. As Eclipse MAT
//! does, we put a virtual super-root above all GC roots, so the graph has one entry and every
//! reachable object has an immediate dominator (the super-root for an object held by a root, or
//! reachable from two roots by paths sharing no object).
//!
//! The *retained size* of `v` (MAT: "retained heap") is the sum of the shallow sizes of the
//! objects `v` dominates, itself included: the memory a collection would free if `v` were no
//! longer referenced. It is the shallow size of `v` plus the retained sizes of its children in
//! the dominator tree, so one bottom-up pass over the tree computes all of them.
//!
//! The tree is computed by Lengauer & Tarjan's algorithm ("A fast algorithm for finding
//! dominators in a flowgraph", TOPLAS 1979), in its "simple" version (path compression without
//! balancing, O(E log V)):
//!
//! 1. Depth-first search from the super-root numbers the reachable nodes in preorder and
//!    records each one's DFS-tree parent. From here on a node *is* its preorder number, so
//!    "smaller" means "discovered earlier".
//! 2. The *semidominator* of `w`, `semi(w)`, is the smallest node `v` with a path
//!    `v → ... → w` whose inner nodes are all greater than `w`. Lengauer and Tarjan show it is
//!    the minimum, over the predecessors `v` of `w`, of `v` itself if `v < w`, else of
//!    `semi(u)` for the ancestors `u` of `v` in the DFS tree that are greater than `w`. Nodes
//!    are processed in decreasing order and linked into a forest as they are done;
//!    `eval(v)` returns the node of least `semi` on `v`'s forest path, with path compression
//!    so that repeated walks are short.
//! 3. Each `w` waits in the bucket of `semi(w)`. When the DFS parent `p` of the current node
//!    is linked, every `v` in `p`'s bucket gets `u = eval(v)`: if `semi(u) = semi(v)` then
//!    `idom(v) = semi(v)`, else `idom(v) = idom(u)`, which is known only later, so it is
//!    deferred — `idom(v) = u` for now, and step 4 fixes it.
//! 4. In increasing order: if `idom(w) ≠ semi(w)` then `idom(w) = idom(idom(w))`.
//!
//! Graphs hold millions of objects, so nothing here recurses: the DFS keeps its own stack,
//! `compress` collects the forest path in a vector and walks it back, and the buckets are
//! linked lists in two arrays. Memory: about ten `u32` per node and one per edge.
//!
//! Retained size of a *group* (all `HashMap$Node`, all objects of one allocation site) counts
//! each object once, as MAT's class histogram does: it is the sum of the retained sizes of the
//! members that no other member dominates. A depth-first walk of the dominator tree that counts,
//! per group, the members on the current tree path finds them in O(V).

use crate::graph::ObjectGraph;
use std::collections::HashMap;
use std::hash::Hash;

const NONE: u32 = u32::MAX;

/// Who immediately dominates an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dominator {
    /// No root reaches the object.
    Unreachable,
    /// The virtual super-root: a root holds the object, or several roots reach it by paths
    /// sharing no object.
    SuperRoot,
    /// A node of the graph.
    Object(u32),
}

/// The dominator tree of an `ObjectGraph` and every node's retained size.
#[derive(Clone, Debug)]
pub struct DominatorTree {
    /// Per node: its immediate dominator, `SUPER` for the super-root, `NONE` if unreachable.
    idom: Vec<u32>,
    /// Per node: the retained size (0 if unreachable).
    retained: Vec<u64>,
    /// The reachable nodes in DFS preorder: every node comes after its dominators.
    preorder: Vec<u32>,
}

/// The super-root in `DominatorTree::idom`.
const SUPER: u32 = u32::MAX - 1;

impl DominatorTree {
    /// Lengauer–Tarjan over `g` with a super-root above its roots (see the module comment).
    pub fn new(g: &ObjectGraph) -> DominatorTree {
        let dfs = depth_first(g);
        let preds = predecessors(g, &dfs);
        let idom_pre = lengauer_tarjan(&dfs.parent, &preds);
        let mut idom = vec![NONE; g.len()];
        for (w, &d) in idom_pre.iter().enumerate().skip(1) {
            let node = dfs.vertex[w];
            idom[node as usize] = if d == 0 {
                SUPER
            } else {
                dfs.vertex[d as usize]
            };
        }
        let preorder = dfs.vertex[1..].to_vec();
        let retained = retained_sizes(g, &idom, &preorder);
        DominatorTree {
            idom,
            retained,
            preorder,
        }
    }

    pub fn immediate_dominator(&self, node: u32) -> Dominator {
        match self.idom[node as usize] {
            NONE => Dominator::Unreachable,
            SUPER => Dominator::SuperRoot,
            d => Dominator::Object(d),
        }
    }

    pub fn is_reachable(&self, node: u32) -> bool {
        self.idom[node as usize] != NONE
    }

    /// Shallow bytes of the objects `node` dominates, itself included; 0 if unreachable.
    pub fn retained(&self, node: u32) -> u64 {
        self.retained[node as usize]
    }

    /// The reachable nodes, each after its dominators.
    pub fn reachable(&self) -> &[u32] {
        &self.preorder
    }

    /// Whether `d` dominates `v` (every node dominates itself).
    pub fn dominates(&self, d: u32, v: u32) -> bool {
        let mut x = v;
        loop {
            if x == d {
                return true;
            }
            match self.idom[x as usize] {
                NONE | SUPER => return false,
                up => x = up,
            }
        }
    }

    /// The children of every node in the dominator tree (CSR: `start`, `list`), and the
    /// children of the super-root; each list in address order.
    fn children(&self) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
        let n = self.idom.len();
        let mut count = vec![0u32; n + 1];
        let mut top = Vec::new();
        for &v in &self.preorder {
            match self.idom[v as usize] {
                SUPER => top.push(v),
                d => count[d as usize + 1] += 1,
            }
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let start = count.clone();
        let mut fill = count;
        let mut list = vec![0u32; start[n] as usize];
        let mut by_addr: Vec<u32> = self.preorder.clone();
        by_addr.sort_unstable();
        for v in by_addr {
            let d = self.idom[v as usize];
            if d != SUPER {
                list[fill[d as usize] as usize] = v;
                fill[d as usize] += 1;
            }
        }
        top.sort_unstable();
        (start, list, top)
    }

    /// Per group (`key` of each object): objects, shallow bytes and retained bytes, each
    /// reachable object counted once (see the module comment). Unreachable objects are left
    /// out.
    pub fn group_retained<K, F>(&self, g: &ObjectGraph, key: F) -> HashMap<K, GroupSize>
    where
        K: Hash + Eq + Clone,
        F: Fn(u32) -> K,
    {
        let (start, list, top) = self.children();
        let mut groups: HashMap<K, GroupSize> = HashMap::new();
        let mut on_path: HashMap<K, u32> = HashMap::new();
        // (node, its key, entered?) — a node is pushed unentered, re-pushed entered to leave.
        let mut stack: Vec<(u32, bool)> = top.iter().rev().map(|&v| (v, false)).collect();
        while let Some((v, entered)) = stack.pop() {
            let k = key(v);
            if entered {
                *on_path.get_mut(&k).expect("entered before") -= 1;
                continue;
            }
            let depth = on_path.entry(k.clone()).or_insert(0);
            let outermost = *depth == 0;
            *depth += 1;
            let group = groups.entry(k).or_default();
            group.objects += 1;
            group.shallow += g.objects[v as usize].size;
            if outermost {
                group.retained += self.retained[v as usize];
            }
            stack.push((v, true));
            let kids = &list[start[v as usize] as usize..start[v as usize + 1] as usize];
            stack.extend(kids.iter().rev().map(|&c| (c, false)));
        }
        groups
    }
}

/// A group's objects, shallow bytes and retained bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupSize {
    pub objects: u64,
    pub shallow: u64,
    pub retained: u64,
}

/// The DFS from the super-root: `vertex[k]` is the node numbered `k` (0: the super-root, whose
/// entry is `NONE`), `parent[k]` the number of its DFS-tree parent, `number[node]` its
/// number or `NONE` if unreachable.
struct Dfs {
    vertex: Vec<u32>,
    parent: Vec<u32>,
    number: Vec<u32>,
}

/// The super-root's successors: the root-held objects, each once, in address order.
fn root_objects(g: &ObjectGraph) -> Vec<u32> {
    let mut v: Vec<u32> = g.roots.iter().map(|r| r.object).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Iterative preorder DFS from the super-root.
fn depth_first(g: &ObjectGraph) -> Dfs {
    let mut dfs = Dfs {
        vertex: vec![NONE],
        parent: vec![NONE],
        number: vec![NONE; g.len()],
    };
    // (preorder number of a node, index of its next edge to try)
    let mut stack: Vec<(u32, u32)> = Vec::new();
    let visit = |node: u32, parent: u32, dfs: &mut Dfs, stack: &mut Vec<(u32, u32)>| {
        let k = dfs.vertex.len() as u32;
        dfs.number[node as usize] = k;
        dfs.vertex.push(node);
        dfs.parent.push(parent);
        stack.push((k, g.edge_start[node as usize]));
    };
    for r in root_objects(g) {
        if dfs.number[r as usize] != NONE {
            continue;
        }
        visit(r, 0, &mut dfs, &mut stack);
        while let Some(top) = stack.last_mut() {
            let (k, next) = *top;
            let node = dfs.vertex[k as usize] as usize;
            if next == g.edge_start[node + 1] {
                stack.pop();
                continue;
            }
            top.1 += 1;
            let w = g.edges[next as usize].target;
            if dfs.number[w as usize] == NONE {
                visit(w, k, &mut dfs, &mut stack);
            }
        }
    }
    dfs
}

/// The predecessors of every numbered node, by number (CSR: `start`, `list`); the super-root
/// precedes every root-held object.
struct Preds {
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Preds {
    fn of(&self, w: u32) -> &[u32] {
        &self.list[self.start[w as usize] as usize..self.start[w as usize + 1] as usize]
    }
}

fn predecessors(g: &ObjectGraph, dfs: &Dfs) -> Preds {
    let n = dfs.vertex.len();
    let roots = root_objects(g);
    let each_edge = |f: &mut dyn FnMut(u32, u32)| {
        for &r in &roots {
            f(0, dfs.number[r as usize]);
        }
        for (v, &node) in dfs.vertex.iter().enumerate().skip(1) {
            for e in g.edges_of(node) {
                f(v as u32, dfs.number[e.target as usize]);
            }
        }
    };
    let mut start = vec![0u32; n + 1];
    each_edge(&mut |_, w| start[w as usize + 1] += 1);
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut list = vec![0u32; start[n] as usize];
    each_edge(&mut |v, w| {
        list[fill[w as usize] as usize] = v;
        fill[w as usize] += 1;
    });
    Preds { start, list }
}

/// Lengauer–Tarjan on preorder numbers (node 0 the entry): the immediate dominator of every
/// node, by number (`idom[0]` unused).
fn lengauer_tarjan(parent: &[u32], preds: &Preds) -> Vec<u32> {
    let n = parent.len();
    let mut semi: Vec<u32> = (0..n as u32).collect();
    let mut label: Vec<u32> = (0..n as u32).collect();
    let mut ancestor = vec![NONE; n];
    let mut idom = vec![0u32; n];
    let mut bucket_head = vec![NONE; n];
    let mut bucket_next = vec![NONE; n];
    let mut path = Vec::new();
    for w in (1..n as u32).rev() {
        for &v in preds.of(w) {
            let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
            semi[w as usize] = semi[w as usize].min(semi[u as usize]);
        }
        let s = semi[w as usize] as usize;
        bucket_next[w as usize] = bucket_head[s];
        bucket_head[s] = w;
        let p = parent[w as usize];
        ancestor[w as usize] = p;
        let mut v = std::mem::replace(&mut bucket_head[p as usize], NONE);
        while v != NONE {
            let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
            idom[v as usize] = if semi[u as usize] < semi[v as usize] {
                u
            } else {
                p
            };
            v = bucket_next[v as usize];
        }
    }
    for w in 1..n {
        if idom[w] != semi[w] {
            idom[w] = idom[idom[w] as usize];
        }
    }
    idom
}

/// The node of least semidominator on `v`'s path in the forest of linked nodes (`v` itself if
/// it is not linked yet), compressing the path.
fn eval(v: u32, ancestor: &mut [u32], label: &mut [u32], semi: &[u32], path: &mut Vec<u32>) -> u32 {
    if ancestor[v as usize] == NONE {
        return v;
    }
    compress(v, ancestor, label, semi, path);
    label[v as usize]
}

/// Points every node on `v`'s forest path at the path's top, carrying down the least `semi`
/// label seen above it (Lengauer & Tarjan's recursive `COMPRESS`, with an explicit stack).
fn compress(v: u32, ancestor: &mut [u32], label: &mut [u32], semi: &[u32], path: &mut Vec<u32>) {
    path.clear();
    let mut x = v;
    while ancestor[ancestor[x as usize] as usize] != NONE {
        path.push(x);
        x = ancestor[x as usize];
    }
    while let Some(y) = path.pop() {
        let a = ancestor[y as usize] as usize;
        if semi[label[a] as usize] < semi[label[y as usize] as usize] {
            label[y as usize] = label[a];
        }
        ancestor[y as usize] = ancestor[a];
    }
}

/// Retained sizes bottom-up: in reverse preorder, each node's total is complete when reached
/// and is added to its immediate dominator's.
fn retained_sizes(g: &ObjectGraph, idom: &[u32], preorder: &[u32]) -> Vec<u64> {
    let mut retained = vec![0u64; g.len()];
    for &v in preorder {
        retained[v as usize] = g.objects[v as usize].size;
    }
    for &v in preorder.iter().rev() {
        let d = idom[v as usize];
        if d != SUPER {
            retained[d as usize] += retained[v as usize];
        }
    }
    retained
}

/// How `gcvm dominators --by` groups objects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DominatorGroup {
    Type,
    Site,
}

/// One object of the top-N table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retainer {
    pub node: u32,
    pub addr: u64,
    pub type_id: u32,
    pub shallow: u64,
    pub retained: u64,
    pub idom: Dominator,
}

/// One row of the grouped table: a type or a site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetainedGroup {
    /// The type or site id.
    pub id: u32,
    pub size: GroupSize,
}

/// `gcvm dominators`: the objects that retain most, or groups.
#[derive(Clone, Debug)]
pub struct DominatorReport {
    pub objects: u64,
    pub reachable_objects: u64,
    pub reachable_bytes: u64,
    pub unreachable_bytes: u64,
    /// The `limit` largest retainers, by retained bytes, then address.
    pub top: Vec<Retainer>,
    /// With `--by`: every group, by retained bytes, then shallow bytes, then id.
    pub groups: Option<(DominatorGroup, Vec<RetainedGroup>)>,
}

/// The `limit` objects of largest retained size, ties by address.
pub fn top_retainers(g: &ObjectGraph, tree: &DominatorTree, limit: usize) -> Vec<Retainer> {
    let mut nodes: Vec<u32> = tree.reachable().to_vec();
    let order = |&v: &u32| (std::cmp::Reverse(tree.retained(v)), v);
    if nodes.len() > limit {
        nodes.select_nth_unstable_by_key(limit, order);
        nodes.truncate(limit);
    }
    nodes.sort_unstable_by_key(order);
    nodes
        .into_iter()
        .map(|v| {
            let o = &g.objects[v as usize];
            Retainer {
                node: v,
                addr: o.addr,
                type_id: o.type_id,
                shallow: o.size,
                retained: tree.retained(v),
                idom: tree.immediate_dominator(v),
            }
        })
        .collect()
}

/// Every type's or site's objects, shallow and retained bytes, ranked.
pub fn retained_by(
    g: &ObjectGraph,
    tree: &DominatorTree,
    by: DominatorGroup,
) -> Vec<RetainedGroup> {
    let groups = tree.group_retained(g, |v| {
        let o = &g.objects[v as usize];
        match by {
            DominatorGroup::Type => o.type_id,
            DominatorGroup::Site => o.site,
        }
    });
    let mut v: Vec<RetainedGroup> = groups
        .into_iter()
        .map(|(id, size)| RetainedGroup { id, size })
        .collect();
    v.sort_unstable_by_key(|r| {
        (
            std::cmp::Reverse(r.size.retained),
            std::cmp::Reverse(r.size.shallow),
            r.id,
        )
    });
    v
}

/// `gcvm dominators`: the dominator tree of `g`, its `limit` largest retainers, and groups if
/// asked.
pub fn report(g: &ObjectGraph, by: Option<DominatorGroup>, limit: usize) -> DominatorReport {
    let tree = DominatorTree::new(g);
    let reachable_bytes: u64 = tree
        .reachable()
        .iter()
        .map(|&v| g.objects[v as usize].size)
        .sum();
    let all_bytes: u64 = g.objects.iter().map(|o| o.size).sum();
    DominatorReport {
        objects: g.len() as u64,
        reachable_objects: tree.reachable().len() as u64,
        reachable_bytes,
        unreachable_bytes: all_bytes - reachable_bytes,
        top: top_retainers(g, &tree, limit),
        groups: by.map(|b| (b, retained_by(g, &tree, b))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::paths::tests::{graph, random_graph, NODE, OBJ};
    use crate::graph::{Edge, GraphObject, Names, Root, RootKind};
    use proptest::prelude::*;

    /// A graph of `n` nodes of type `OBJ` (sizes 16, 24, 32, ...) with these edges and
    /// thread-stack roots.
    fn shape(n: usize, edges: &[(u32, u32)], roots: &[u32]) -> ObjectGraph {
        let edges: Vec<(u32, u32, u32)> = edges
            .iter()
            .enumerate()
            .map(|(k, &(a, b))| (a, 100 + k as u32, b))
            .collect();
        let roots: Vec<(u32, RootKind, u32)> = roots
            .iter()
            .map(|&r| (r, RootKind::ThreadStack, 1))
            .collect();
        graph(&vec![OBJ; n], &edges, &roots)
    }

    fn idoms(t: &DominatorTree, n: u32) -> Vec<Dominator> {
        (0..n).map(|v| t.immediate_dominator(v)).collect()
    }

    use Dominator::{Object as D, SuperRoot as S, Unreachable as U};

    #[test]
    fn in_a_chain_each_object_dominates_the_next() {
        let t = DominatorTree::new(&shape(4, &[(0, 1), (1, 2), (2, 3)], &[0]));
        assert_eq!(idoms(&t, 4), [S, D(0), D(1), D(2)]);
    }

    #[test]
    fn a_chain_retains_its_tail() {
        let t = DominatorTree::new(&shape(3, &[(0, 1), (1, 2)], &[0]));
        assert_eq!((t.retained(0), t.retained(1), t.retained(2)), (72, 56, 32));
    }

    #[test]
    fn the_join_of_a_diamond_is_dominated_by_its_top() {
        // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3
        let t = DominatorTree::new(&shape(4, &[(0, 1), (0, 2), (1, 3), (2, 3)], &[0]));
        assert_eq!(idoms(&t, 4), [S, D(0), D(0), D(0)]);
        assert_eq!(t.retained(1), 24);
        assert_eq!(t.retained(0), 16 + 24 + 32 + 40);
    }

    #[test]
    fn a_cycle_held_by_one_root_is_dominated_from_its_entry() {
        // root -> 0 -> 1 -> 2 -> 0
        let t = DominatorTree::new(&shape(3, &[(0, 1), (1, 2), (2, 0)], &[0]));
        assert_eq!(idoms(&t, 3), [S, D(0), D(1)]);
        assert_eq!(t.retained(0), 16 + 24 + 32);
    }

    #[test]
    fn an_object_two_roots_share_is_dominated_by_the_super_root() {
        // roots 0 and 1 both hold 2.
        let t = DominatorTree::new(&shape(3, &[(0, 2), (1, 2)], &[0, 1]));
        assert_eq!(idoms(&t, 3), [S, S, S]);
        assert_eq!((t.retained(0), t.retained(1), t.retained(2)), (16, 24, 32));
    }

    #[test]
    fn an_object_no_root_reaches_is_unreachable_and_retains_nothing() {
        let t = DominatorTree::new(&shape(3, &[(1, 2)], &[0]));
        assert_eq!(idoms(&t, 3), [S, U, U]);
        assert_eq!(t.retained(2), 0);
    }

    #[test]
    fn a_root_held_object_is_dominated_by_the_super_root_even_if_referenced() {
        let t = DominatorTree::new(&shape(2, &[(0, 1)], &[0, 1]));
        assert_eq!(idoms(&t, 2), [S, S]);
    }

    #[test]
    fn every_node_dominates_itself_and_its_subtree_only() {
        let t = DominatorTree::new(&shape(4, &[(0, 1), (0, 2), (1, 3)], &[0]));
        assert!(t.dominates(1, 1));
        assert!(t.dominates(0, 3));
        assert!(!t.dominates(2, 3));
        assert!(!t.dominates(3, 1));
    }

    #[test]
    fn a_group_counts_the_retained_size_of_nested_members_once() {
        // Node 0 -> Node 1 -> Obj 2: the Node group retains 0's subtree, not 0's plus 1's.
        let g = graph(
            &[NODE, NODE, OBJ],
            &[(0, 3, 1), (1, 3, 2)],
            &[(0, RootKind::ThreadStack, 1)],
        );
        let t = DominatorTree::new(&g);
        let by_type = retained_by(&g, &t, DominatorGroup::Type);
        assert_eq!(by_type[0].id, NODE);
        assert_eq!(
            by_type[0].size,
            GroupSize {
                objects: 2,
                shallow: 16 + 24,
                retained: 16 + 24 + 32,
            }
        );
    }

    #[test]
    fn a_group_adds_the_retained_sizes_of_members_apart() {
        // Obj 0 holds Node 1 and Node 2.
        let g = graph(
            &[OBJ, NODE, NODE],
            &[(0, 3, 1), (0, 4, 2)],
            &[(0, RootKind::ThreadStack, 1)],
        );
        let t = DominatorTree::new(&g);
        let nodes = &retained_by(&g, &t, DominatorGroup::Type)[1];
        assert_eq!((nodes.id, nodes.size.retained), (NODE, 24 + 32));
    }

    #[test]
    fn top_retainers_are_ranked_by_retained_size_then_address() {
        // Roots 0 -> 2 and 1: retained 0 = 16 + 32 = 48, 1 = 24, 2 = 32.
        let g = shape(3, &[(0, 2)], &[0, 1]);
        let t = DominatorTree::new(&g);
        let top: Vec<(u32, u64)> = top_retainers(&g, &t, 2)
            .iter()
            .map(|r| (r.node, r.retained))
            .collect();
        assert_eq!(top, [(0, 48), (2, 32)]);
    }

    #[test]
    fn equal_retained_sizes_are_ranked_by_address() {
        let mut g = shape(3, &[], &[0, 1, 2]);
        for o in &mut g.objects {
            o.size = 8;
        }
        let t = DominatorTree::new(&g);
        let top: Vec<u32> = top_retainers(&g, &t, 3).iter().map(|r| r.node).collect();
        assert_eq!(top, [0, 1, 2]);
    }

    #[test]
    fn the_report_counts_unreachable_bytes_apart() {
        let r = report(&shape(3, &[(0, 1)], &[0]), None, 10);
        assert_eq!((r.reachable_objects, r.reachable_bytes), (2, 40));
        assert_eq!(r.unreachable_bytes, 32);
    }

    #[test]
    fn a_chain_of_a_million_objects_does_not_overflow_the_stack() {
        let n = 1_000_000u32;
        let objects = (0..n)
            .map(|i| GraphObject {
                addr: 16 * i as u64,
                type_id: OBJ,
                size: 16,
                array_len: None,
                site: 0,
            })
            .collect();
        let edges = (0..n)
            .map(|i| match i + 1 < n {
                true => vec![Edge {
                    slot: 3,
                    target: i + 1,
                }],
                false => vec![],
            })
            .collect();
        let root = Root {
            object: 0,
            kind: RootKind::ThreadStack,
            detail: 1,
        };
        let g = ObjectGraph::new(objects, edges, vec![root], 16, Names::default());
        let t = DominatorTree::new(&g);
        assert_eq!(t.retained(0), 16 * n as u64);
        assert_eq!(t.immediate_dominator(n - 1), Dominator::Object(n - 2));
        let by_type = retained_by(&g, &t, DominatorGroup::Type);
        assert_eq!(by_type[0].size.retained, 16 * n as u64);
    }

    /// The nodes the roots reach when `removed` (if any) is taken out of the graph.
    fn reachable_without(g: &ObjectGraph, removed: Option<u32>) -> Vec<bool> {
        let mut seen = vec![false; g.len()];
        let mut stack: Vec<u32> = g
            .roots
            .iter()
            .map(|r| r.object)
            .filter(|&r| Some(r) != removed)
            .collect();
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v as usize], true) {
                continue;
            }
            for e in g.edges_of(v) {
                if Some(e.target) != removed {
                    stack.push(e.target);
                }
            }
        }
        seen
    }

    /// Naive dominators: `d` dominates `v` iff `v` is reachable and removing `d` makes it
    /// unreachable. The immediate dominator is the strict dominator that all the others
    /// dominate: the one with the most strict dominators itself.
    fn naive(g: &ObjectGraph) -> Vec<Dominator> {
        let n = g.len();
        let all = reachable_without(g, None);
        let without: Vec<Vec<bool>> = (0..n as u32)
            .map(|d| reachable_without(g, Some(d)))
            .collect();
        let strict: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                (0..n as u32)
                    .filter(|&d| d as usize != v && all[v] && !without[d as usize][v])
                    .collect()
            })
            .collect();
        (0..n)
            .map(|v| {
                if !all[v] {
                    return Dominator::Unreachable;
                }
                strict[v]
                    .iter()
                    .max_by_key(|&&d| strict[d as usize].len())
                    .map_or(Dominator::SuperRoot, |&d| Dominator::Object(d))
            })
            .collect()
    }

    /// Naive retained size: the bytes that become unreachable when `v` is removed.
    fn naive_retained(g: &ObjectGraph, v: u32) -> u64 {
        let all = reachable_without(g, None);
        let without = reachable_without(g, Some(v));
        (0..g.len())
            .filter(|&w| all[w] && !without[w])
            .map(|w| g.objects[w].size)
            .sum()
    }

    proptest! {
        #[test]
        fn lengauer_tarjan_agrees_with_removing_each_node(g in random_graph()) {
            let t = DominatorTree::new(&g);
            prop_assert_eq!(idoms(&t, g.len() as u32), naive(&g));
        }

        #[test]
        fn retained_size_is_what_removing_the_object_frees(g in random_graph()) {
            let t = DominatorTree::new(&g);
            for v in 0..g.len() as u32 {
                prop_assert_eq!(t.retained(v), naive_retained(&g, v));
            }
        }

        #[test]
        fn group_retained_counts_members_no_other_member_dominates(g in random_graph()) {
            let t = DominatorTree::new(&g);
            let groups = t.group_retained(&g, |v| g.objects[v as usize].type_id);
            for (ty, size) in groups {
                let members: Vec<u32> = t
                    .reachable()
                    .iter()
                    .copied()
                    .filter(|&v| g.objects[v as usize].type_id == ty)
                    .collect();
                let outermost = members
                    .iter()
                    .filter(|&&v| !members.iter().any(|&m| m != v && t.dominates(m, v)));
                prop_assert_eq!(size.retained, outermost.map(|&v| t.retained(v)).sum::<u64>());
                prop_assert_eq!(size.objects, members.len() as u64);
            }
        }
    }
}
