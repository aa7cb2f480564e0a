//! The object graph a `--trace-pointers` trace gives, on programs whose graph is known by
//! construction (tests/graph/): a leak through a static map, a cache behind a soft reference, a
//! cycle held by a single root. Each runs under every collector.

mod support;

use gcvm_tools::analysis::dominators::{Dominator, DominatorTree};
use gcvm_tools::graph::{graph_at, ObjectGraph, RootKind};
use gcvm_tools::Boundary;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use support::*;

/// The test programs, compiled once.
fn classes() -> PathBuf {
    let dir = repo_root().join("tests").join("graph");
    compile_java_cached("graph", &java_sources_in(&dir))
}

/// Runs `main` under `collector` with `--trace-pointers` into a trace in `scratch`.
fn record(main: &str, collector: &str, scratch: &Path) -> PathBuf {
    record_with(main, collector, &[], scratch)
}

/// `record` with more `gcvm run` options (before the class).
fn record_with(main: &str, collector: &str, options: &[&str], scratch: &Path) -> PathBuf {
    let trace = scratch.join(format!("{main}-{collector}.gct"));
    let classes = classes();
    let mut args = vec![
        "run",
        "--gc",
        collector,
        "-Xmx16m",
        "--trace",
        trace.to_str().unwrap(),
        "--trace-pointers",
    ];
    args.extend_from_slice(options);
    args.extend_from_slice(&["-cp", classes.to_str().unwrap(), main]);
    let out = run_gcvm(&args);
    assert_eq!(
        out.code,
        Some(0),
        "{main} [{collector}]: {}",
        out.stderr_head(10)
    );
    trace
}

/// The nodes of type `name` (Java name, dots).
fn nodes_of(g: &ObjectGraph, name: &str) -> Vec<u32> {
    (0..g.len() as u32)
        .filter(|&i| g.names.type_name(g.objects[i as usize].type_id) == name)
        .collect()
}

/// The nodes reachable from the roots.
fn reachable(g: &ObjectGraph) -> Vec<bool> {
    let mut seen = vec![false; g.len()];
    let mut stack: Vec<u32> = g.roots.iter().map(|r| r.object).collect();
    while let Some(n) = stack.pop() {
        if std::mem::replace(&mut seen[n as usize], true) {
            continue;
        }
        stack.extend(g.edges_of(n).iter().map(|e| e.target));
    }
    seen
}

#[test]
fn a_static_field_root_is_named_by_its_class_and_field() {
    let scratch = scratch_dir("object-graph-static");
    for collector in COLLECTORS {
        let trace = record("HeldCycle", collector, &scratch);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let named: Vec<String> = g
            .roots
            .iter()
            .filter(|r| r.kind == RootKind::StaticField)
            .map(|r| g.names.root_label(r))
            .collect();
        assert!(
            named.iter().any(|n| n == "static HeldCycle.head"),
            "[{collector}] static roots: {named:?}"
        );
    }
}

#[test]
fn a_ring_held_by_one_static_field_is_a_cycle_of_next_references() {
    let scratch = scratch_dir("object-graph-cycle");
    for collector in COLLECTORS {
        let trace = record("HeldCycle", collector, &scratch);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let ring = nodes_of(&g, "HeldCycle$Node");
        assert_eq!(ring.len(), 1000, "[{collector}] nodes");
        let head = g
            .roots
            .iter()
            .find(|r| g.names.root_label(r) == "static HeldCycle.head")
            .expect("the head root")
            .object;
        // Following `next` from the head visits every node once and comes back.
        let mut at = head;
        for step in 0..ring.len() {
            let next: Vec<_> = g
                .edges_of(at)
                .iter()
                .filter(|e| g.edge_label(at, e) == "next")
                .collect();
            assert_eq!(next.len(), 1, "[{collector}] node {step} has one next");
            at = next[0].target;
            if at == head {
                assert_eq!(
                    step + 1,
                    ring.len(),
                    "[{collector}] the ring closes after every node"
                );
            }
        }
        assert_eq!(at, head, "[{collector}] the ring closes");
    }
}

#[test]
fn every_leaked_session_is_reachable_and_held_through_the_static_map() {
    let scratch = scratch_dir("object-graph-leak");
    for collector in COLLECTORS {
        let trace = record("StaticMapLeak", collector, &scratch);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let live = reachable(&g);
        let sessions = nodes_of(&g, "StaticMapLeak$Session");
        let reachable_sessions = sessions.iter().filter(|&&s| live[s as usize]).count();
        assert_eq!(reachable_sessions, 4000, "[{collector}] sessions reachable");
        // Each session holds its payload.
        for &s in &sessions {
            if live[s as usize] {
                let payload = g
                    .edges_of(s)
                    .iter()
                    .find(|e| g.edge_label(s, e) == "payload")
                    .map(|e| g.names.type_name(g.objects[e.target as usize].type_id));
                assert_eq!(payload.as_deref(), Some("[B"), "[{collector}]");
            }
        }
    }
}

#[test]
fn a_soft_references_referent_is_an_edge_of_the_graph() {
    let scratch = scratch_dir("object-graph-soft");
    for collector in COLLECTORS {
        let trace = record("SoftCache", collector, &scratch);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let refs = nodes_of(&g, "java.lang.ref.SoftReference");
        let live = reachable(&g);
        let held = refs.iter().find(|&&r| {
            live[r as usize]
                && g.edges_of(r).iter().any(|e| {
                    g.edge_label(r, e) == "referent"
                        && g.names.type_name(g.objects[e.target as usize].type_id)
                            == "[Ljava.lang.Object;"
                })
        });
        assert!(
            held.is_some(),
            "[{collector}] a live SoftReference to the Object[]"
        );
        let entries = nodes_of(&g, "SoftCache$Entry");
        assert_eq!(
            entries.iter().filter(|&&e| live[e as usize]).count(),
            500,
            "[{collector}] entries reachable through the referent"
        );
    }
}

#[test]
fn a_trace_without_pointers_says_how_to_record_them() {
    let scratch = scratch_dir("object-graph-none");
    let trace = scratch.join("plain.gct");
    let classes = classes();
    let out = run_gcvm(&[
        "run",
        "--trace",
        trace.to_str().unwrap(),
        "-cp",
        classes.to_str().unwrap(),
        "HeldCycle",
        "10",
    ]);
    assert_eq!(out.code, Some(0));
    let err = graph_at(&trace, Boundary::End).unwrap_err().to_string();
    assert!(err.contains("--trace-pointers"), "{err}");
}

#[test]
fn trace_pointers_without_a_trace_is_a_one_line_error() {
    let classes = classes();
    let out = run_gcvm(&[
        "run",
        "--trace-pointers",
        "-cp",
        classes.to_str().unwrap(),
        "HeldCycle",
        "10",
    ]);
    assert_ne!(out.code, Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--trace-pointers needs --trace FILE"), "{err}");
    assert!(out.panic_marker().is_none(), "{err}");
}

// ---------------------------------------------------------------------------
// Root paths, dominators and retained sizes on the programs known by construction
// (issue 31). The expected sizes are sums of the graph's own shallow sizes, never numbers
// written down here, so they hold for any object layout.
// ---------------------------------------------------------------------------

/// The trace of `main` under `collector` with the default options, recorded once per test run
/// and shared by the tests below (each only reads it).
fn recorded(main: &str, collector: &str) -> PathBuf {
    type Cell = Arc<OnceLock<PathBuf>>;
    static TRACES: OnceLock<Mutex<HashMap<(String, String), Cell>>> = OnceLock::new();
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| scratch_dir("object-graph-shared"));
    let cell = TRACES
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry((main.to_string(), collector.to_string()))
        .or_default()
        .clone();
    cell.get_or_init(|| record(main, collector, dir)).clone()
}

/// `gcvm ARGS` (a JSON report), parsed.
fn gcvm_json(args: &[&str]) -> Value {
    let out = gcvm_ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("gcvm {args:?}: {e}\n{out}"))
}

/// The object a static-field root named `label` (`static Foo.bar`) holds.
fn static_root(g: &ObjectGraph, label: &str) -> u32 {
    g.roots
        .iter()
        .find(|r| r.kind == RootKind::StaticField && g.names.root_label(r) == label)
        .unwrap_or_else(|| panic!("no root {label}"))
        .object
}

/// The object `holder` references through the field (or element) labelled `field`.
fn field_of(g: &ObjectGraph, holder: u32, field: &str) -> u32 {
    g.edges_of(holder)
        .iter()
        .find(|e| g.edge_label(holder, e) == field)
        .unwrap_or_else(|| panic!("no {field} in node {holder}"))
        .target
}

/// `gcvm paths TRACE --at end --to TARGET --json`.
fn paths_at_end(trace: &Path, target: &str) -> Value {
    gcvm_json(&[
        "paths",
        trace.to_str().unwrap(),
        "--at",
        "end",
        "--to",
        target,
        "--json",
    ])
}

fn shallow(g: &ObjectGraph, node: u32) -> u64 {
    g.objects[node as usize].size
}

#[test]
fn every_leaked_session_shares_one_root_path_through_the_static_maps_table() {
    for collector in COLLECTORS {
        let trace = recorded("StaticMapLeak", collector);
        let r = paths_at_end(&trace, "StaticMapLeak$Session");
        let ctx = format!("[{collector}] {r}");
        assert_eq!(r["objects"], 4000, "{ctx}");
        assert_eq!(r["unreachable_objects"], 0, "{ctx}");
        assert_eq!(r["groups_total"], 1, "one group: {ctx}");
        let group = &r["groups"][0];
        assert_eq!(group["objects"], 4000, "{ctx}");
        assert_eq!(group["root_kind"], "static field", "{ctx}");
        assert_eq!(group["root"], "static StaticMapLeak.SESSIONS", "{ctx}");
        assert_eq!(
            group["group"],
            "static StaticMapLeak.SESSIONS → java.util.HashMap.table → [Ljava.util.HashMap$Node;[*] \
             → java.util.HashMap$Node.value → StaticMapLeak$Session",
            "{ctx}"
        );
        // The example path, hop by hop: the map, its table, a node, the session.
        let path = group["path"].as_array().expect("a path");
        let hops: Vec<(&str, &str)> = path
            .iter()
            .map(|s| {
                (
                    s["type"].as_str().unwrap(),
                    s["field"].as_str().unwrap_or("-"),
                )
            })
            .collect();
        assert_eq!(hops.len(), 4, "{ctx}");
        assert_eq!(hops[0], ("java.util.HashMap", "table"), "{ctx}");
        assert_eq!(hops[1].0, "[Ljava.util.HashMap$Node;", "{ctx}");
        assert!(hops[1].1.starts_with('['), "an element: {ctx}");
        assert_eq!(hops[2], ("java.util.HashMap$Node", "value"), "{ctx}");
        assert_eq!(hops[3], ("StaticMapLeak$Session", "-"), "{ctx}");
        assert_eq!(path[3]["addr"], group["example_addr"], "{ctx}");
    }
}

#[test]
fn the_static_map_and_its_table_retain_every_session_and_its_payload() {
    for collector in COLLECTORS {
        let trace = recorded("StaticMapLeak", collector);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let tree = DominatorTree::new(&g);
        let map = static_root(&g, "static StaticMapLeak.SESSIONS");
        let table = field_of(&g, map, "table");
        // The exact bytes of the sessions and their payloads, from the graph's shallow sizes.
        let sessions: Vec<u32> = nodes_of(&g, "StaticMapLeak$Session")
            .into_iter()
            .filter(|&s| tree.is_reachable(s))
            .collect();
        assert_eq!(sessions.len(), 4000, "[{collector}]");
        let leaked: u64 = sessions
            .iter()
            .map(|&s| shallow(&g, s) + shallow(&g, field_of(&g, s, "payload")))
            .sum();
        // At most what is reachable from the map.
        let mut seen = vec![false; g.len()];
        let mut stack = vec![map];
        let mut from_map = 0;
        while let Some(v) = stack.pop() {
            if !std::mem::replace(&mut seen[v as usize], true) {
                from_map += shallow(&g, v);
                stack.extend(g.edges_of(v).iter().map(|e| e.target));
            }
        }
        // Through the CLI, as users see it: both are among the largest retainers.
        let r = gcvm_json(&[
            "dominators",
            trace.to_str().unwrap(),
            "--at",
            "end",
            "--json",
            "--limit",
            "10",
        ]);
        let retained_of = |node: u32| -> u64 {
            let addr = g.objects[node as usize].addr;
            let row = r["top"]
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["addr"] == addr)
                .unwrap_or_else(|| panic!("[{collector}] {addr:#x} not in the top 10: {r}"));
            row["retained"].as_u64().unwrap()
        };
        for (what, node) in [("map", map), ("table", table)] {
            let retained = retained_of(node);
            assert_eq!(retained, tree.retained(node), "[{collector}] {what}");
            assert!(
                retained >= leaked && retained <= from_map,
                "[{collector}] the {what} retains {retained}, sessions and payloads are {leaked}, \
                 all it reaches {from_map}"
            );
        }
        assert_eq!(
            tree.immediate_dominator(table),
            Dominator::Object(map),
            "[{collector}]"
        );
        for &s in &sessions {
            assert!(tree.dominates(table, s), "[{collector}] session {s}");
        }
    }
}

#[test]
fn gcvm_leaks_names_the_static_maps_path_among_its_suspects() {
    let scratch = scratch_dir("object-graph-leaks");
    for collector in COLLECTORS {
        // A collection every 20,000 allocations: about 9 while the map grows.
        let trace = record_with(
            "StaticMapLeak",
            collector,
            &["--gc-stress", "20000"],
            &scratch,
        );
        let r = gcvm_json(&["leaks", trace.to_str().unwrap(), "--json"]);
        let ctx = format!("[{collector}] {r}");
        assert!(
            r["boundaries"].as_array().unwrap().len() >= 5,
            "at least 5 collections: {ctx}"
        );
        let suspects = r["suspects"].as_array().unwrap();
        let map = suspects.iter().find(|s| {
            s["root"] == "static StaticMapLeak.SESSIONS"
                && s["group"]
                    .as_str()
                    .unwrap()
                    .starts_with("static StaticMapLeak.SESSIONS → java.util.HashMap")
        });
        let map = map.unwrap_or_else(|| panic!("no suspect held by the map: {ctx}"));
        assert_eq!(map["path"][0]["type"], "java.util.HashMap", "{ctx}");
        assert!(map["growth_bytes"].as_i64().unwrap() > 0, "{ctx}");
    }
}

#[test]
fn every_cache_entry_is_reached_through_the_soft_references_referent() {
    for collector in COLLECTORS {
        let trace = recorded("SoftCache", collector);
        let r = paths_at_end(&trace, "SoftCache$Entry");
        let ctx = format!("[{collector}] {r}");
        assert_eq!(r["objects"], 500, "{ctx}");
        assert_eq!(r["groups_total"], 1, "{ctx}");
        let group = &r["groups"][0];
        assert_eq!(group["objects"], 500, "{ctx}");
        assert_eq!(group["root"], "static SoftCache.cache", "{ctx}");
        assert_eq!(
            group["group"],
            "static SoftCache.cache → java.lang.ref.SoftReference.referent → [Ljava.lang.Object;[*] \
             → SoftCache$Entry",
            "{ctx}"
        );
    }
}

#[test]
fn the_soft_caches_array_retains_exactly_itself_its_entries_and_their_values() {
    for collector in COLLECTORS {
        let trace = recorded("SoftCache", collector);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let tree = DominatorTree::new(&g);
        let soft = static_root(&g, "static SoftCache.cache");
        let array = field_of(&g, soft, "referent");
        let entries: Vec<u32> = g.edges_of(array).iter().map(|e| e.target).collect();
        assert_eq!(entries.len(), 500, "[{collector}]");
        let expected: u64 = shallow(&g, array)
            + entries
                .iter()
                .map(|&e| shallow(&g, e) + shallow(&g, field_of(&g, e, "value")))
                .sum::<u64>();
        assert_eq!(tree.retained(array), expected, "[{collector}]");
        assert_eq!(
            tree.immediate_dominator(array),
            Dominator::Object(soft),
            "[{collector}]"
        );
    }
}

/// The ring of HeldCycle from its head, following `next`: the head first.
fn ring_from_head(g: &ObjectGraph) -> Vec<u32> {
    let head = static_root(g, "static HeldCycle.head");
    let mut ring = vec![head];
    let mut at = field_of(g, head, "next");
    while at != head {
        ring.push(at);
        at = field_of(g, at, "next");
        assert!(ring.len() <= 1000, "the ring does not close");
    }
    ring
}

#[test]
fn the_ring_node_held_by_the_static_dominates_and_retains_the_whole_ring() {
    for collector in COLLECTORS {
        let trace = recorded("HeldCycle", collector);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let tree = DominatorTree::new(&g);
        let ring = ring_from_head(&g);
        assert_eq!(ring.len(), 1000, "[{collector}]");
        let head = ring[0];
        for &n in &ring[1..] {
            assert!(tree.dominates(head, n), "[{collector}] node {n}");
        }
        let ring_bytes: u64 = ring
            .iter()
            .map(|&n| shallow(&g, n) + shallow(&g, field_of(&g, n, "data")))
            .sum();
        assert_eq!(tree.retained(head), ring_bytes, "[{collector}]");
        assert_eq!(tree.immediate_dominator(head), Dominator::SuperRoot);
    }
}

/// The ring is held at one node only, so its only path from the root enters at the head and
/// follows `next`: node k (k hops from the head) is immediately dominated by node k - 1 and
/// retains the nodes k..999 with their arrays — not only its own array, which it would if the
/// ring were entered at every node.
#[test]
fn each_ring_node_retains_the_rest_of_the_ring_after_it() {
    for collector in COLLECTORS {
        let trace = recorded("HeldCycle", collector);
        let g = graph_at(&trace, Boundary::End).unwrap();
        let tree = DominatorTree::new(&g);
        let ring = ring_from_head(&g);
        let own: Vec<u64> = ring
            .iter()
            .map(|&n| shallow(&g, n) + shallow(&g, field_of(&g, n, "data")))
            .collect();
        let mut tail = 0;
        for k in (1..ring.len()).rev() {
            tail += own[k];
            let n = ring[k];
            assert_eq!(tree.retained(n), tail, "[{collector}] node {k} of the ring");
            assert_eq!(
                tree.immediate_dominator(n),
                Dominator::Object(ring[k - 1]),
                "[{collector}] node {k}"
            );
            let data = field_of(&g, n, "data");
            assert_eq!(tree.immediate_dominator(data), Dominator::Object(n));
            assert_eq!(tree.retained(data), shallow(&g, data));
        }
    }
}

/// The types of the objects reachable from the roots, counted, and the roots' kinds.
fn reachable_shape(g: &ObjectGraph) -> (Vec<(String, usize)>, Vec<RootKind>) {
    let mut types: HashMap<String, usize> = HashMap::new();
    for (i, seen) in reachable(g).into_iter().enumerate() {
        if seen {
            *types
                .entry(g.names.type_name(g.objects[i].type_id).to_string())
                .or_default() += 1;
        }
    }
    let mut types: Vec<(String, usize)> = types.into_iter().collect();
    types.sort();
    let mut kinds: Vec<RootKind> = g.roots.iter().map(|r| r.kind).collect();
    kinds.sort_by_key(|k| k.code());
    (types, kinds)
}

#[test]
fn a_graph_at_a_gc_start_is_the_one_its_collection_found() {
    // Semispace moves every survivor: the graph at a GC start is its GC end's taken back
    // through the moves, with the roots the pause found.
    let scratch = scratch_dir("object-graph-gc-start");
    let trace = record_with(
        "StaticMapLeak",
        "semispace",
        &["--gc-stress", "20000"],
        &scratch,
    );
    let (start, end) = (
        graph_at(&trace, Boundary::GcStart(2)).unwrap(),
        graph_at(&trace, Boundary::GcEnd(2)).unwrap(),
    );
    assert_eq!(start.caveat, None, "nothing cleared: exact");
    assert_eq!(end.caveat, None);
    assert!(
        start.len() > end.len(),
        "the dead are still there at the start"
    );
    assert_eq!(reachable_shape(&start), reachable_shape(&end));
    let sessions = |at: &str| {
        gcvm_json(&[
            "paths",
            trace.to_str().unwrap(),
            "--at",
            at,
            "--to",
            "StaticMapLeak$Session",
            "--json",
        ])
    };
    let (at_start, at_end) = (sessions("gc:2:start"), sessions("gc:2:end"));
    assert!(at_start["caveat"].is_null(), "{at_start}");
    // The same root-path groups (addresses aside: every object moved).
    let groups = |r: &Value| -> Vec<(String, u64, u64)> {
        r["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["group"].as_str().unwrap().to_string(),
                    g["objects"].as_u64().unwrap(),
                    g["bytes"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert!(!groups(&at_end).is_empty(), "{at_end}");
    assert_eq!(groups(&at_start), groups(&at_end));
}

#[test]
fn a_graph_at_a_gc_start_names_the_referents_its_collection_cleared() {
    let scratch = scratch_dir("object-graph-gc-start-weak");
    for collector in COLLECTORS {
        let trace = record("WeakDrop", collector, &scratch);
        let r = gcvm_tools::reconstruct(&trace, Boundary::End, false).unwrap();
        let gc = r
            .model
            .gcs
            .iter()
            .find(|g| g.referents_cleared > 0)
            .unwrap_or_else(|| panic!("[{collector}] a collection cleared referents"));
        assert_eq!(gc.referents_cleared, 100, "[{collector}]");
        let caveat = graph_at(&trace, Boundary::GcStart(gc.id))
            .unwrap()
            .caveat
            .expect("a caveat at the start of a collection that cleared referents");
        assert!(
            caveat.contains("100 referents")
                && caveat.contains(&format!("gc:{}:end is exact", gc.id)),
            "[{collector}] {caveat}"
        );
        assert_eq!(
            graph_at(&trace, Boundary::GcEnd(gc.id)).unwrap().caveat,
            None
        );
    }
}

/// StaticMapLeak under concurrent mark-sweep in a small heap without GC stress: concurrent
/// cycles, each an initial mark (a marking pause that collects nothing) then a remark.
fn record_concurrent_cycles(scratch: &Path) -> PathBuf {
    let trace = scratch.join("cms.gct");
    let classes = classes();
    let out = run_gcvm(&[
        "run",
        "--gc",
        "concurrent-mark-sweep",
        // Four cycles; at 8 MB (six) a loaded machine's slower marking could end in a
        // concurrent mode failure that cannot find room for the map's table (no compaction).
        "-Xmx10m",
        "--trace",
        trace.to_str().unwrap(),
        "--trace-pointers",
        "-cp",
        classes.to_str().unwrap(),
        "StaticMapLeak",
        "15000",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(10));
    trace
}

#[test]
fn at_an_initial_marks_end_every_leaked_session_is_reachable_through_the_map() {
    // Concurrent mark-sweep in a small heap without GC stress: concurrent cycles, each an
    // initial mark (a marking pause that collects nothing) then a remark. The initial mark's
    // graph is recorded when its marking completes; `paths` reads it there. Had it been the
    // previous collection's, the sessions put into the map since would be unreachable.
    let scratch = scratch_dir("object-graph-initial-mark");
    let trace = record_concurrent_cycles(&scratch);
    let r = gcvm_tools::reconstruct(&trace, Boundary::End, false).unwrap();
    let marks: Vec<u32> = r
        .model
        .gcs
        .iter()
        .filter(|g| !g.collects())
        .map(|g| g.id)
        .collect();
    assert!(!marks.is_empty(), "concurrent cycles");
    for mark in marks {
        let at = format!("gc:{mark}:end");
        let p = gcvm_json(&[
            "paths",
            trace.to_str().unwrap(),
            "--at",
            &at,
            "--to",
            "StaticMapLeak$Session",
            "--json",
        ]);
        assert!(p["objects"].as_u64().unwrap() > 0, "{at}: {p}");
        assert_eq!(p["unreachable_objects"], 0, "{at}: {p}");
        // Through the map: from its static — or, when the mark stopped the program inside
        // HashMap.resize, from the tables that frame holds (the old one keeps the entries not
        // moved yet, and only the frame holds it).
        let first = &p["groups"][0];
        let from_static = first["root"] == "static StaticMapLeak.SESSIONS";
        let from_a_resize = first["root_kind"] == "thread stack"
            && first["path"][0]["type"] == "[Ljava.util.HashMap$Node;";
        assert!(from_static || from_a_resize, "{at}: {p}");
        assert!(p["caveat"].is_null(), "{at}: {p}");
    }
}

#[test]
fn leaks_over_a_concurrent_trace_follow_only_the_pauses_that_collect() {
    // Concurrent mark-sweep's initial marks' graphs are recorded when their marking completes:
    // `leaks` reads the trace once, so it follows the pauses that collect.
    let scratch = scratch_dir("object-graph-leaks-cms");
    let trace = record_concurrent_cycles(&scratch);
    let r = gcvm_tools::reconstruct(&trace, Boundary::End, false).unwrap();
    let collecting: Vec<String> = r
        .model
        .gcs
        .iter()
        .filter(|g| g.collects())
        .map(|g| format!("gc:{}:end", g.id))
        .collect();
    assert!(collecting.len() >= 3, "{collecting:?}");
    assert!(collecting.len() < r.model.gcs.len(), "initial marks too");
    let leaks = gcvm_json(&["leaks", trace.to_str().unwrap(), "--json"]);
    let boundaries: Vec<String> = leaks["boundaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap().to_string())
        .collect();
    assert_eq!(boundaries, collecting);
    let suspects = leaks["suspects"].as_array().unwrap();
    assert!(
        suspects
            .iter()
            .any(|s| s["root"] == "static StaticMapLeak.SESSIONS"),
        "{leaks}"
    );
}

#[test]
fn a_flight_recording_beside_the_trace_keeps_the_graph() {
    // With --jfr (or a heap stream) the pause's events pass through the VM's step-frame sink
    // on their way to the trace: the pointer records and roots must pass too.
    let scratch = scratch_dir("object-graph-with-jfr");
    let jfr = scratch.join("run.jfr");
    let trace = record_with(
        "StaticMapLeak",
        "semispace",
        &["--jfr", jfr.to_str().unwrap(), "--gc-stress", "20000"],
        &scratch,
    );
    let p = gcvm_json(&[
        "paths",
        trace.to_str().unwrap(),
        "--at",
        "gc:1:end",
        "--to",
        "StaticMapLeak$Session",
        "--json",
    ]);
    assert!(p["objects"].as_u64().unwrap() > 0, "{p}");
    assert_eq!(p["unreachable_objects"], 0, "{p}");
    assert!(p["caveat"].is_null(), "{p}");
}
