//! Leak suspects by retained-size growth, over object graphs at several boundaries (every
//! collection's end, say) of one trace recorded with `--trace-pointers`.
//!
//! `gcvm leaks` on a plain trace ranks allocation sites by the growth of their *live* bytes
//! (`analysis::lifecycle`). That names what piles up, not what holds it. With pointers we can
//! name the holder, as Eclipse MAT's leak suspects do: a leak is an object whose *retained*
//! size (`analysis::dominators`) keeps growing, and MAT reports its *accumulation point* — the
//! object below which the growth spreads over many small objects of one type (the `Object[]`
//! of an `ArrayList` holding ever more `byte[]`).
//!
//! The rule here, kept simple enough to check by hand:
//!
//! 1. In each graph, objects are grouped by (their type, their root-path group): the path
//!    groups of `analysis::paths` (root kind, hops of (holder type, field), array elements as
//!    one field). A group means the same thing in every graph of the trace, so the same
//!    `HashMap` held by `static Cache.map` is one group at every boundary, and so are all its
//!    `Node`s. A group's retained bytes count each object once (the retained sizes of the
//!    members no other member dominates).
//! 2. For each group: *growth* = retained bytes in the last graph minus in the first (a group
//!    absent from a graph has 0 there); *steadiness* = the fraction of consecutive pairs of
//!    graphs between which its retained bytes rose.
//! 3. Groups form a tree: a group's *parent* is the group of its members' immediate dominator
//!    (the most common one, in the last graph). A *top* group grows and has no growing parent.
//! 4. From each top group, descend to the accumulation point: move to the child group whose
//!    growth is largest while that growth is at least 80% of the current group's (one child
//!    holds the growth), the child has no more objects than the current group (no fan-out:
//!    one `Object[]` per `ArrayList`, not many `byte[]`) and is of another type (a chain of
//!    one type — a linked list — stops at its head). Where the descent stops is the suspect.
//! 5. A suspect must rise in at least half the steps (steadiness ≥ 50%): a frame's
//!    temporaries that happen to be bigger at the last boundary than at the first are not
//!    leaks. Suspects are ranked by growth × steadiness, then growth, then group. Each names
//!    the top group holding it (when it descended) and the shortest root path to its
//!    lowest-addressed object in the last graph.

use super::dominators::{Dominator, DominatorTree};
use super::paths::{shortest_paths, PathKey, ShortestPaths, Step, NONE};
use crate::graph::ObjectGraph;
use std::collections::HashMap;

/// A group within one graph: (type id, path class of `ShortestPaths`).
type GroupId = (u32, u32);

/// A suspect rises between at least this share of consecutive graphs (rule 5).
pub const STEADY: f64 = 0.5;

/// A child holding at least this share of its parent's growth holds the leak (rule 4).
pub const HOLDS_THE_GROWTH: f64 = 0.8;

/// A group's retained bytes and objects at each graph.
#[derive(Clone, Debug, Default)]
struct Series {
    retained: Vec<u64>,
    objects: Vec<u64>,
}

/// Collects the groups of each graph, in boundary order (`add`), then ranks the suspects
/// (`finish`). Only one graph at a time needs to be in memory.
#[derive(Default)]
pub struct LeakTracker {
    labels: Vec<String>,
    series: HashMap<PathKey, Series>,
    /// The last graph's parent of each group (rule 3).
    parent: HashMap<PathKey, PathKey>,
    /// The last graph's lowest-addressed object of each group.
    example: HashMap<PathKey, u64>,
}

/// One leak suspect (see the module comment).
#[derive(Clone, Debug, PartialEq)]
pub struct LeakSuspect {
    pub key: PathKey,
    /// The group: `static Main.cache → java.util.ArrayList.elementData → [Ljava.lang.Object;`.
    pub group: String,
    pub type_name: String,
    /// Retained bytes and objects at each graph.
    pub retained: Vec<u64>,
    pub objects: Vec<u64>,
    pub growth: i64,
    pub steadiness: f64,
    /// The top group the descent started from, when it is not the suspect.
    pub held_by: Option<String>,
    /// The lowest-addressed member in the last graph, and its shortest root path.
    pub example_addr: u64,
    pub root: String,
    pub path: Vec<Step>,
}

/// `gcvm leaks` on a trace with pointers: the boundaries compared and the suspects, ranked.
#[derive(Clone, Debug, PartialEq)]
pub struct RetainedLeaks {
    pub snapshots: Vec<String>,
    pub suspects: Vec<LeakSuspect>,
}

/// The suspects of `snapshots` ((boundary label, graph), in boundary order).
pub fn retained_leak_suspects(snapshots: &[(&str, &ObjectGraph)]) -> RetainedLeaks {
    let mut t = LeakTracker::default();
    for (label, g) in snapshots {
        t.add(label, g);
    }
    match snapshots.last() {
        Some((_, last)) => t.finish(last),
        None => RetainedLeaks {
            snapshots: Vec::new(),
            suspects: Vec::new(),
        },
    }
}

impl LeakTracker {
    /// Records the groups of the graph at boundary `label` (rule 1).
    pub fn add(&mut self, label: &str, g: &ObjectGraph) {
        let index = self.labels.len();
        self.labels.push(label.to_string());
        let tree = DominatorTree::new(g);
        let sp = shortest_paths(g);
        let group_of =
            |v: u32| -> GroupId { (g.objects[v as usize].type_id, sp.class[v as usize]) };
        let mut keys: HashMap<GroupId, PathKey> = HashMap::new();
        let mut example: HashMap<PathKey, u64> = HashMap::new();
        for &v in tree.reachable() {
            let key = keys
                .entry(group_of(v))
                .or_insert_with(|| sp.key_of(g, v).expect("a reachable node has a path group"));
            let addr = g.objects[v as usize].addr;
            let e = example.entry(key.clone()).or_insert(addr);
            *e = (*e).min(addr);
        }
        for (k, size) in tree.group_retained(g, group_of) {
            debug_assert!(k.1 != NONE);
            let s = self.series.entry(keys[&k].clone()).or_default();
            s.retained.resize(index, 0);
            s.objects.resize(index, 0);
            s.retained.push(size.retained);
            s.objects.push(size.objects);
        }
        self.parent = parent_groups(&tree, &keys, group_of);
        self.example = example;
    }

    /// Ranks the suspects (rules 2 to 5); `last` is the graph added last, for the paths.
    pub fn finish(mut self, last: &ObjectGraph) -> RetainedLeaks {
        let n = self.labels.len();
        for s in self.series.values_mut() {
            s.retained.resize(n, 0);
            s.objects.resize(n, 0);
        }
        let mut suspects = Vec::new();
        if n >= 2 {
            let children = self.children();
            let sp = shortest_paths(last);
            for top in self.top_groups() {
                let point = self.accumulation_point(top, &children);
                let suspect = self.suspect(point, top, last, &sp);
                if suspect.steadiness >= STEADY {
                    suspects.push(suspect);
                }
            }
        }
        suspects.sort_by(|a, b| {
            score(b)
                .total_cmp(&score(a))
                .then(b.growth.cmp(&a.growth))
                .then(a.key.cmp(&b.key))
        });
        RetainedLeaks {
            snapshots: self.labels,
            suspects,
        }
    }

    fn growth(&self, key: &PathKey) -> i64 {
        let r = &self.series[key].retained;
        r[r.len() - 1] as i64 - r[0] as i64
    }

    fn objects_last(&self, key: &PathKey) -> u64 {
        *self.series[key].objects.last().unwrap_or(&0)
    }

    /// Growing groups with no growing parent (rule 3), in key order.
    fn top_groups(&self) -> Vec<&PathKey> {
        let mut tops: Vec<&PathKey> = self
            .series
            .keys()
            .filter(|k| self.growth(k) > 0)
            .filter(|k| match self.parent.get(*k) {
                Some(p) => self.series.get(p).is_none_or(|_| self.growth(p) <= 0),
                None => true,
            })
            .collect();
        tops.sort();
        tops
    }

    /// Each group's children in the last graph, in key order.
    fn children(&self) -> HashMap<&PathKey, Vec<&PathKey>> {
        let mut children: HashMap<&PathKey, Vec<&PathKey>> = HashMap::new();
        for (child, parent) in &self.parent {
            children.entry(parent).or_default().push(child);
        }
        for list in children.values_mut() {
            list.sort();
        }
        children
    }

    /// Rule 4: down from `top` while one child holds the growth without fanning out.
    fn accumulation_point<'a>(
        &'a self,
        top: &'a PathKey,
        children: &HashMap<&PathKey, Vec<&'a PathKey>>,
    ) -> &'a PathKey {
        let mut at = top;
        loop {
            let holder = children.get(at).and_then(|kids| {
                kids.iter()
                    .copied()
                    .filter(|c| self.series.contains_key(*c))
                    .max_by(|a, b| self.growth(a).cmp(&self.growth(b)).then(b.cmp(a)))
            });
            match holder {
                Some(c) if self.holds_the_growth(at, c) => at = c,
                _ => return at,
            }
        }
    }

    /// Whether `child` holds `group`'s growth (rule 4).
    fn holds_the_growth(&self, group: &PathKey, child: &PathKey) -> bool {
        self.growth(child) as f64 >= HOLDS_THE_GROWTH * self.growth(group) as f64
            && self.objects_last(child) <= self.objects_last(group)
            && child.target_type != group.target_type
    }

    fn suspect(
        &self,
        point: &PathKey,
        top: &PathKey,
        last: &ObjectGraph,
        sp: &ShortestPaths,
    ) -> LeakSuspect {
        let s = &self.series[point];
        let example_addr = self.example.get(point).copied().unwrap_or(0);
        let path = last.node_at(example_addr).and_then(|v| sp.path_to(last, v));
        LeakSuspect {
            key: point.clone(),
            group: point.describe(last),
            type_name: last.names.type_name(point.target_type),
            retained: s.retained.clone(),
            objects: s.objects.clone(),
            growth: self.growth(point),
            steadiness: steadiness(&s.retained),
            held_by: (point != top).then(|| top.describe(last)),
            example_addr,
            root: path
                .as_ref()
                .map(|p| p.root_label(last))
                .unwrap_or_default(),
            path: path.map(|p| p.steps(last)).unwrap_or_default(),
        }
    }
}

/// The share of consecutive pairs of graphs between which `series` rose.
pub fn steadiness(series: &[u64]) -> f64 {
    if series.len() < 2 {
        return 0.0;
    }
    let rises = series.windows(2).filter(|w| w[1] > w[0]).count();
    rises as f64 / (series.len() - 1) as f64
}

fn score(s: &LeakSuspect) -> f64 {
    s.growth as f64 * s.steadiness
}

/// Rule 3: each group's parent, the group most of its members' immediate dominators are in
/// (ties: the least group).
fn parent_groups(
    tree: &DominatorTree,
    keys: &HashMap<GroupId, PathKey>,
    group_of: impl Fn(u32) -> GroupId,
) -> HashMap<PathKey, PathKey> {
    let mut votes: HashMap<(GroupId, GroupId), u64> = HashMap::new();
    for &v in tree.reachable() {
        if let Dominator::Object(d) = tree.immediate_dominator(v) {
            let (child, parent) = (group_of(v), group_of(d));
            if child != parent {
                *votes.entry((child, parent)).or_default() += 1;
            }
        }
    }
    let mut best: HashMap<PathKey, (u64, PathKey)> = HashMap::new();
    for ((child, parent), count) in votes {
        let parent = &keys[&parent];
        let slot = best
            .entry(keys[&child].clone())
            .or_insert_with(|| (count, parent.clone()));
        if count > slot.0 || (count == slot.0 && *parent < slot.1) {
            *slot = (count, parent.clone());
        }
    }
    best.into_iter().map(|(c, (_, p))| (c, p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Edge, GraphObject, Names, Root, RootKind};

    const LIST: u32 = 1;
    const ARRAY: u32 = 2;
    const BYTES: u32 = 3;
    const NODE: u32 = 4;
    const CACHE: u32 = 5;

    /// A graph built object by object: `add` returns the node.
    #[derive(Default)]
    struct Builder {
        objects: Vec<GraphObject>,
        edges: Vec<Vec<Edge>>,
        roots: Vec<Root>,
    }

    impl Builder {
        fn add(&mut self, type_id: u32, size: u64) -> u32 {
            let i = self.objects.len();
            self.objects.push(GraphObject {
                addr: 0x1000 * (i as u64 + 1),
                type_id,
                size,
                array_len: matches!(type_id, ARRAY | BYTES).then_some(0),
                site: type_id,
            });
            self.edges.push(Vec::new());
            i as u32
        }

        fn link(&mut self, from: u32, slot: u32, to: u32) {
            self.edges[from as usize].push(Edge { slot, target: to });
        }

        fn root(&mut self, object: u32, kind: RootKind) {
            self.roots.push(Root {
                object,
                kind,
                detail: 1,
            });
        }

        fn build(self) -> ObjectGraph {
            let mut names = Names::default();
            for (id, n) in [
                (LIST, "java.util.ArrayList"),
                (ARRAY, "[Ljava.lang.Object;"),
                (BYTES, "[B"),
                (NODE, "Node"),
                (CACHE, "Cache"),
            ] {
                names.types.insert(id, n.into());
            }
            names.fields.insert((LIST, 3), "elementData".into());
            names.fields.insert((NODE, 3), "next".into());
            names.fields.insert((CACHE, 3), "list".into());
            names.statics.insert(1, "Main.cache".into());
            names.threads.insert(1, "main".into());
            ObjectGraph::new(self.objects, self.edges, self.roots, 16, names)
        }
    }

    /// A root of `kind` → ArrayList.elementData → Object[] holding `n` byte[] of `each` bytes.
    fn list_of_arrays(b: &mut Builder, kind: RootKind, n: u32, each: u64) {
        let list = b.add(LIST, 24);
        let array = b.add(ARRAY, 16 + 4 * n as u64);
        b.root(list, kind);
        b.link(list, 3, array);
        for k in 0..n {
            let bytes = b.add(BYTES, each);
            b.link(array, 4 + k, bytes);
        }
    }

    fn lists(sizes: &[u32]) -> Vec<ObjectGraph> {
        sizes
            .iter()
            .map(|&n| {
                let mut b = Builder::default();
                list_of_arrays(&mut b, RootKind::StaticField, n, 1000);
                b.build()
            })
            .collect()
    }

    fn suspects_of(graphs: &[ObjectGraph]) -> RetainedLeaks {
        let labels: Vec<String> = (1..=graphs.len()).map(|i| format!("gc:{i}:end")).collect();
        let snapshots: Vec<(&str, &ObjectGraph)> =
            labels.iter().map(String::as_str).zip(graphs).collect();
        retained_leak_suspects(&snapshots)
    }

    #[test]
    fn a_growing_list_is_reported_at_its_backing_array() {
        let r = suspects_of(&lists(&[1, 2, 3]));
        assert_eq!(r.suspects.len(), 1);
        let s = &r.suspects[0];
        assert_eq!(s.type_name, "[Ljava.lang.Object;");
        assert_eq!(
            s.group,
            "static Main.cache → java.util.ArrayList.elementData → [Ljava.lang.Object;"
        );
        assert_eq!(s.retained, [1020, 2024, 3028]);
        assert_eq!(s.growth, 2008);
        assert_eq!(
            s.held_by.as_deref(),
            Some("static Main.cache → java.util.ArrayList")
        );
    }

    #[test]
    fn the_suspect_names_its_shortest_root_path() {
        let r = suspects_of(&lists(&[1, 2]));
        let s = &r.suspects[0];
        assert_eq!(s.root, "static Main.cache");
        let path: Vec<(&str, Option<&str>)> = s
            .path
            .iter()
            .map(|p| (p.type_name.as_str(), p.field.as_deref()))
            .collect();
        assert_eq!(
            path,
            [
                ("java.util.ArrayList", Some("elementData")),
                ("[Ljava.lang.Object;", None)
            ]
        );
        assert_eq!(s.example_addr, 0x2000);
    }

    #[test]
    fn a_group_that_does_not_grow_is_not_a_suspect() {
        let r = suspects_of(&lists(&[3, 3, 2]));
        assert!(r.suspects.is_empty());
    }

    #[test]
    fn one_graph_gives_no_suspects() {
        let r = suspects_of(&lists(&[5]));
        assert_eq!(r.snapshots, ["gc:1:end"]);
        assert!(r.suspects.is_empty());
    }

    #[test]
    fn a_group_rising_in_fewer_than_half_the_steps_is_not_a_suspect() {
        let r = suspects_of(&lists(&[1, 1, 1, 1, 4]));
        assert!(r.suspects.is_empty());
    }

    #[test]
    fn steadiness_is_the_share_of_rising_steps() {
        assert_eq!(steadiness(&[1, 2, 2, 3, 1]), 0.5);
        assert_eq!(steadiness(&[7]), 0.0);
    }

    #[test]
    fn a_steady_leak_ranks_above_an_unsteady_one_of_more_bytes() {
        // The list held by Main.cache grows 1000 bytes per graph (4000 in all); the one held by
        // main's stack rises twice in four steps, by 5000 in all.
        let graphs: Vec<ObjectGraph> = [(1, 1), (2, 1), (3, 1), (4, 2), (5, 6)]
            .iter()
            .map(|&(steady, jump)| {
                let mut b = Builder::default();
                list_of_arrays(&mut b, RootKind::StaticField, steady, 1000);
                list_of_arrays(&mut b, RootKind::ThreadStack, jump, 1000);
                b.build()
            })
            .collect();
        let r = suspects_of(&graphs);
        let examples: Vec<(i64, String)> = r
            .suspects
            .iter()
            .map(|s| (s.growth, s.root.clone()))
            .collect();
        assert_eq!(
            examples,
            [
                (4016, "static Main.cache".to_string()),
                (5020, "stack of main".to_string())
            ]
        );
    }

    #[test]
    fn growth_spread_over_several_children_stays_at_the_holder() {
        // A Cache object holds two lists by two fields; both grow alike.
        let graphs: Vec<ObjectGraph> = (1..=3)
            .map(|n| {
                let mut b = Builder::default();
                let cache = b.add(CACHE, 32);
                b.root(cache, RootKind::StaticField);
                for slot in [3, 4] {
                    let list = b.add(LIST, 24);
                    b.link(cache, slot, list);
                    let array = b.add(ARRAY, 16 + 4 * n);
                    b.link(list, 3, array);
                    for k in 0..n as u32 {
                        let bytes = b.add(BYTES, 100);
                        b.link(array, 4 + k, bytes);
                    }
                }
                b.build()
            })
            .collect();
        let r = suspects_of(&graphs);
        assert_eq!(r.suspects.len(), 1);
        assert_eq!(r.suspects[0].type_name, "Cache");
        assert_eq!(r.suspects[0].held_by, None);
    }

    #[test]
    fn a_chain_of_one_type_is_reported_at_its_head() {
        // static → Cache.list → Node → Node.next → Node ... growing by one node per graph.
        let graphs: Vec<ObjectGraph> = (1..=4)
            .map(|n| {
                let mut b = Builder::default();
                let cache = b.add(CACHE, 32);
                b.root(cache, RootKind::StaticField);
                let mut holder = (cache, 3);
                for _ in 0..n {
                    let node = b.add(NODE, 24);
                    b.link(holder.0, holder.1, node);
                    holder = (node, 3);
                }
                b.build()
            })
            .collect();
        let r = suspects_of(&graphs);
        assert_eq!(r.suspects.len(), 1);
        assert_eq!(r.suspects[0].group, "static Main.cache → Cache.list → Node");
        assert_eq!(r.suspects[0].growth, 72);
    }
}
