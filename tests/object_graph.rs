//! The object graph a `--trace-pointers` trace gives, on programs whose graph is known by
//! construction (tests/graph/): a leak through a static map, a cache behind a soft reference, a
//! cycle held by a single root. Each runs under every collector.

mod support;

use gcvm_tools::graph::{graph_at, ObjectGraph, RootKind};
use gcvm_tools::Boundary;
use std::path::{Path, PathBuf};
use support::*;

/// The test programs, compiled once.
fn classes() -> PathBuf {
    let dir = repo_root().join("tests").join("graph");
    compile_java_cached("graph", &java_sources_in(&dir))
}

/// Runs `main` under `collector` with `--trace-pointers` into a trace in `scratch`.
fn record(main: &str, collector: &str, scratch: &Path) -> PathBuf {
    let trace = scratch.join(format!("{main}-{collector}.gct"));
    let classes = classes();
    let out = run_gcvm(&[
        "run",
        "--gc",
        collector,
        "-Xmx16m",
        "--trace",
        trace.to_str().unwrap(),
        "--trace-pointers",
        "-cp",
        classes.to_str().unwrap(),
        main,
    ]);
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
