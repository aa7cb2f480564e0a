//! The object-graph analyses (docs/analyses.md, "The object graph") on a real trace recorded
//! with `--trace-pointers`: SlowLeak, whose failed requests leave their listeners registered
//! with a static event bus. Root paths, dominators and leak suspects through the `gcvm`
//! command, checked against the program's known leak and against `gcvm heap`.

mod support;

use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;
use support::*;

/// Records SlowLeak (size 2) in an 8 MB heap under `collector`, with or without pointers.
fn record(dir: &str, collector: &str, pointers: bool) -> PathBuf {
    let out = scratch_dir(dir).join("trace.gct");
    let src = repo_root().join("programs/SlowLeak.java");
    let mut args = vec![
        "run",
        "--gc",
        collector,
        "-Xmx8m",
        "--trace",
        out.to_str().unwrap(),
    ];
    if pointers {
        args.push("--trace-pointers");
    }
    args.extend([src.to_str().unwrap(), "2"]);
    let o = run_gcvm(&args);
    assert_eq!(o.code, Some(0), "SlowLeak: {}", o.stderr_head(10));
    out
}

fn slowleak() -> &'static str {
    static T: OnceLock<PathBuf> = OnceLock::new();
    T.get_or_init(|| record("graph-slowleak", "mark-compact", true))
        .to_str()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let text = gcvm_ok(&a);
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("gcvm {}: not JSON ({e}): {text}", a.join(" ")))
}

fn u(v: &Value) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("expected a number, found {v}"))
}

fn s(v: &Value) -> &str {
    v.as_str()
        .unwrap_or_else(|| panic!("expected a string, found {v}"))
}

/// The last collection's end, as `gcvm leaks` lists the boundaries.
fn last_gc_end() -> String {
    let leaks = json(&["leaks", slowleak()]);
    let b = leaks["boundaries"].as_array().unwrap();
    assert!(b.len() >= 3, "SlowLeak in 8 MB collects a few times: {b:?}");
    s(b.last().unwrap()).to_string()
}

#[test]
fn the_leak_suspect_is_the_event_bus_array_of_listeners() {
    let leaks = json(&["leaks", slowleak()]);
    let first = &leaks["suspects"][0];
    assert_eq!(
        s(&first["group"]),
        "static SlowLeak.BUS → SlowLeak$EventBus.listeners → java.util.ArrayList.elementData → [Ljava.lang.Object;"
    );
    assert_eq!(s(&first["root"]), "static SlowLeak.BUS");
    assert!(u(&first["growth_bytes"]) > 100_000, "{first}");
}

#[test]
fn leaked_listeners_are_reached_through_the_bus_and_every_one_is_counted() {
    let at = last_gc_end();
    let p = json(&[
        "paths",
        slowleak(),
        "--at",
        &at,
        "--to",
        "SlowLeak$SessionListener",
        "--limit",
        "1000",
    ]);
    let groups = p["groups"].as_array().unwrap();
    assert!(
        s(&groups[0]["group"]).contains("SlowLeak$EventBus.listeners"),
        "{}",
        groups[0]
    );
    let grouped: u64 = groups.iter().map(|g| u(&g["objects"])).sum();
    assert_eq!(grouped + u(&p["unreachable_objects"]), u(&p["objects"]));
}

#[test]
fn the_bus_retains_most_of_the_heap() {
    let at = last_gc_end();
    let d = json(&["dominators", slowleak(), "--at", &at, "--limit", "5"]);
    let top = &d["top"][0];
    assert_eq!(s(&top["type"]), "SlowLeak$EventBus");
    assert_eq!(top["idom"], "roots");
    assert!(u(&top["retained"]) * 2 > u(&d["reachable_bytes"]), "{d}");
}

#[test]
fn the_dominator_tree_covers_the_heap_that_gcvm_heap_rebuilds() {
    let at = last_gc_end();
    let d = json(&[
        "dominators",
        slowleak(),
        "--at",
        &at,
        "--by",
        "type",
        "--limit",
        "100000",
    ]);
    let heap = json(&["heap", slowleak(), "--at", &at, "--by", "type"]);
    assert_eq!(u(&d["objects"]), u(&heap["objects"]));
    let shallow: u64 = d["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| u(&g["shallow"]))
        .sum();
    assert_eq!(shallow, u(&d["reachable_bytes"]));
    assert_eq!(shallow + u(&d["unreachable_bytes"]), u(&heap["bytes"]));
}

#[test]
fn a_trace_without_pointers_is_refused_in_one_line() {
    static T: OnceLock<PathBuf> = OnceLock::new();
    let plain = T.get_or_init(|| record("graph-slowleak-plain", "semispace", false));
    for cmd in ["paths", "dominators"] {
        let mut args = vec![cmd, plain.to_str().unwrap()];
        if cmd == "paths" {
            args.extend(["--to", "SlowLeak$SessionListener"]);
        }
        let o = run_gcvm(&args);
        assert_eq!(o.code, Some(1), "{cmd}");
        assert_eq!(
            o.stderr_text(),
            "gcvm: the trace has no pointers: record it with gcvm run --trace FILE --trace-pointers\n"
        );
    }
}
