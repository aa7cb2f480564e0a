//! Times the dominator tree and retained sizes on a synthetic graph: a spanning tree (each node
//! held by an earlier one) plus random extra edges, 1,000 roots.
//!
//! `CARGO_TARGET_DIR=/work/target-tools cargo run --release -p gcvm-tools --example dominators_timing -- [NODES] [EDGES]`
//! (default 1,000,000 nodes, 3,000,000 edges).

use gcvm_tools::analysis::dominators::{retained_by, DominatorGroup, DominatorTree};
use gcvm_tools::analysis::paths::shortest_paths;
use gcvm_tools::graph::{Edge, GraphObject, Names, ObjectGraph, Root, RootKind};
use std::time::Instant;

/// xorshift64*: a deterministic, dependency-free random stream.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

fn synthetic(nodes: usize, edges: usize) -> ObjectGraph {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let objects: Vec<GraphObject> = (0..nodes)
        .map(|i| GraphObject {
            addr: 16 * i as u64,
            type_id: rng.below(50) as u32,
            size: 16 + 8 * rng.below(8),
            array_len: None,
            site: rng.below(200) as u32,
        })
        .collect();
    let mut lists: Vec<Vec<Edge>> = vec![Vec::new(); nodes];
    let add = |from: usize, to: u32, lists: &mut Vec<Vec<Edge>>| {
        let slot = 3 + lists[from].len() as u32;
        lists[from].push(Edge { slot, target: to });
    };
    for i in 1..nodes {
        let holder = rng.below(i as u64) as usize;
        add(holder, i as u32, &mut lists);
    }
    for _ in nodes - 1..edges {
        let from = rng.below(nodes as u64) as usize;
        let to = rng.below(nodes as u64) as u32;
        add(from, to, &mut lists);
    }
    let roots = (0..1000.min(nodes))
        .map(|k| Root {
            object: rng.below(nodes as u64) as u32 * (k > 0) as u32,
            kind: RootKind::StaticField,
            detail: k as u32,
        })
        .collect();
    ObjectGraph::new(objects, lists, roots, 16, Names::default())
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let nodes = args.next().unwrap_or(1_000_000);
    let edges = args.next().unwrap_or(3_000_000);
    let g = synthetic(nodes, edges);
    println!(
        "graph: {} nodes, {} edges, {} roots",
        g.len(),
        g.edges.len(),
        g.roots.len()
    );
    let t = Instant::now();
    let tree = DominatorTree::new(&g);
    println!(
        "dominator tree + retained sizes: {:.3} s ({} reachable)",
        t.elapsed().as_secs_f64(),
        tree.reachable().len()
    );
    let t = Instant::now();
    let groups = retained_by(&g, &tree, DominatorGroup::Type);
    println!(
        "retained by type: {:.3} s ({} groups)",
        t.elapsed().as_secs_f64(),
        groups.len()
    );
    let t = Instant::now();
    let sp = shortest_paths(&g);
    println!(
        "shortest root paths (BFS + path classes): {:.3} s (max depth {})",
        t.elapsed().as_secs_f64(),
        sp.depth
            .iter()
            .filter(|&&d| d != u32::MAX)
            .max()
            .unwrap_or(&0)
    );
}
