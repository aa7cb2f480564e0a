//! `gcvm hprof` on traces recorded with `--trace-pointers`: the export carries the object graph
//! (reference fields, object array elements, statics in their class, the trace's real roots),
//! read back by the `jvm-hprof` crate, independent of the writer, on programs whose graph is
//! known by construction (tests/graph/), and compared with the runtime's own HPROF dump of the
//! same run. Traces without pointers: tests/exports.rs.

#[path = "support/hprof.rs"]
mod hprof;
mod support;

use hprof::{read_dump, Dump};
use jvm_hprof::heap_dump::{FieldType, FieldValue};
use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use support::*;

/// The test programs of tests/graph, compiled once.
fn classes() -> PathBuf {
    let dir = repo_root().join("tests").join("graph");
    compile_java_cached("graph", &java_sources_in(&dir))
}

/// Runs `main` under `collector` with `--trace-pointers` and the runtime's own dump at `when`;
/// returns the trace and the runtime's dump.
fn record(main: &str, collector: &str, when: &str, label: &str) -> (PathBuf, PathBuf) {
    let dir = scratch_dir(label);
    let (trace, live) = (dir.join(format!("{main}.gct")), dir.join("live.hprof"));
    let classes = classes();
    let o = run_gcvm(&[
        "run",
        "--gc",
        collector,
        "-Xmx16m",
        "--trace",
        trace.to_str().unwrap(),
        "--trace-pointers",
        "--heap-dump-at",
        when,
        live.to_str().unwrap(),
        "-cp",
        classes.to_str().unwrap(),
        main,
    ]);
    assert_no_panic(&o, label);
    assert_eq!(
        o.code,
        Some(0),
        "{main} [{collector}]: {}",
        o.stderr_head(10)
    );
    (trace, live)
}

/// `gcvm hprof TRACE --at AT`, read back.
fn export(trace: &Path, at: &str) -> Dump {
    let out = trace.with_extension(format!("{}.hprof", at.replace(':', "-")));
    let text = gcvm_ok(&[
        "hprof",
        trace.to_str().unwrap(),
        "--at",
        at,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(text.contains("objects of the heap at"), "{text}");
    read_dump(&out)
}

/// HeldCycle's trace (default collector) and its export at `end`, made once per process.
fn held_cycle() -> &'static Dump {
    static D: std::sync::OnceLock<Dump> = std::sync::OnceLock::new();
    D.get_or_init(|| {
        let (trace, _) = record("HeldCycle", COLLECTORS[0], "exit", "hprof-export-cycle");
        export(&trace, "end")
    })
}

/// Every object of a dump: instances, arrays, and the classes that are mirrors in the heap.
fn objects(d: &Dump) -> BTreeSet<u64> {
    let in_heap = |c: &&u64| **c < gcvm_tracer::hprof::CLASS_ID_BASE;
    d.instances
        .keys()
        .chain(d.object_arrays.keys())
        .chain(d.primitive_arrays.keys())
        .chain(d.classes.keys().filter(in_heap))
        .copied()
        .collect()
}

/// Every non-null reference of a dump: (holder, field name / `[k]` / `static NAME`, target).
fn references(d: &Dump) -> BTreeSet<(u64, String, u64)> {
    let mut refs = BTreeSet::new();
    for &obj in d.instances.keys() {
        for (name, target) in d.refs(obj) {
            refs.insert((obj, name, target));
        }
    }
    for (&arr, (_, elements)) in &d.object_arrays {
        for (k, e) in elements.iter().enumerate() {
            if let Some(e) = e {
                refs.insert((arr, format!("[{k}]"), *e));
            }
        }
    }
    for (&class, cd) in &d.classes {
        for (name, v) in &cd.statics {
            if let FieldValue::ObjectId(Some(id)) = v {
                refs.insert((class, format!("static {name}"), id.id()));
            }
        }
    }
    refs
}

/// Every root as (kind, object).
fn roots(d: &Dump) -> BTreeSet<(&'static str, u64)> {
    d.roots.iter().map(|r| (r.kind, r.obj)).collect()
}

/// The ring held by HeldCycle.head, following `next` from the head until it comes back.
fn ring(d: &Dump) -> Vec<u64> {
    let Some(FieldValue::ObjectId(Some(head))) = d.statics("HeldCycle").get("head") else {
        panic!("HeldCycle.head is not a reference in the export")
    };
    let head = head.id();
    let mut nodes = vec![head];
    loop {
        let next = d.fields(*nodes.last().unwrap())["next"];
        let FieldValue::ObjectId(Some(next)) = next else {
            panic!("node {} of the ring has no next: {next:?}", nodes.len() - 1)
        };
        if next.id() == head {
            return nodes;
        }
        nodes.push(next.id());
        assert!(
            nodes.len() <= 1000,
            "the ring does not come back to its head"
        );
    }
}

#[test]
fn the_rings_next_fields_form_the_cycle_held_by_the_static_head() {
    let d = held_cycle();
    let nodes = ring(d);
    assert_eq!(nodes.len(), 1000);
    assert_eq!(nodes.iter().collect::<HashSet<_>>().len(), 1000);
    for &n in &nodes {
        assert_eq!(d.class_name_of(n), "HeldCycle$Node");
        // each node's data is its own long[4]
        let FieldValue::ObjectId(Some(data)) = d.fields(n)["data"] else {
            panic!("a node without data")
        };
        let (ty, elements) = &d.primitive_arrays[&data.id()];
        assert_eq!((ty.as_str(), elements.len()), ("long", 4));
    }
    assert_eq!(d.instances_of("HeldCycle$Node"), {
        let mut v = nodes.clone();
        v.sort();
        v
    });
}

#[test]
fn a_class_dump_declares_only_reference_fields_with_the_objects_size() {
    let d = held_cycle();
    let node = &d.classes[&d.class_named("HeldCycle$Node")];
    let mut declared: Vec<&str> = node.fields.iter().map(|(n, _)| n.as_str()).collect();
    declared.sort();
    assert_eq!(declared, ["data", "next"]);
    assert!(node
        .fields
        .iter()
        .all(|(_, t)| matches!(t, FieldType::ObjectId)));
    // the instance size is the object's (header included), not the 16 bytes of two ids
    let (_, bytes) = &d.instances[&d.instances_of("HeldCycle$Node")[0]];
    assert_eq!(bytes.len(), 16);
    assert!(node.instance_size >= 16, "{}", node.instance_size);
    // StaticMapLeak$Session's int id is not declared: only its byte[] payload
    let (trace, _) = record(
        "StaticMapLeak",
        COLLECTORS[0],
        "exit",
        "hprof-export-session",
    );
    let d = export(&trace, "end");
    let session = &d.classes[&d.class_named("StaticMapLeak$Session")];
    let names: Vec<&str> = session.fields.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["payload"]);
    for s in d.instances_of("StaticMapLeak$Session") {
        let payload = hprof_obj(&d.fields(s), "payload");
        assert_eq!(d.primitive_arrays[&payload].1.len(), 200);
    }
}

fn hprof_obj(fields: &std::collections::HashMap<String, FieldValue>, name: &str) -> u64 {
    match fields[name] {
        FieldValue::ObjectId(Some(id)) => id.id(),
        other => panic!("{name} is not a non-null reference: {other:?}"),
    }
}

#[test]
fn every_id_the_export_refers_to_names_a_record_of_it() {
    // StaticMapLeak has no collection in 16 MB; HeldCycle's System.gc() is collection 0
    for (main, at) in [("StaticMapLeak", "end"), ("HeldCycle", "gc:0:end")] {
        let label = format!("hprof-export-ids-{main}");
        let (trace, _) = record(main, COLLECTORS[0], "exit", &label);
        let d = export(&trace, at);
        let refs = d.references();
        assert!(
            refs.len() > 2000,
            "{main} at {at}: {} references",
            refs.len()
        );
        for (what, id) in refs {
            assert!(
                d.has(id),
                "{main} at {at}: {what} names {id:#x}, not in the dump"
            );
        }
    }
}

#[test]
fn the_roots_are_the_traces_root_set_not_every_object() {
    let d = held_cycle();
    let rooted: HashSet<u64> = d.roots.iter().map(|r| r.obj).collect();
    let all = objects(d);
    assert!(
        rooted.len() * 2 < all.len(),
        "{} roots for {} objects",
        rooted.len(),
        all.len()
    );
    // the ring is held through HeldCycle.head only: no node is a root
    let nodes = ring(d);
    assert!(nodes.iter().all(|n| !rooted.contains(n)));
    // statics live in their class, and every class is a sticky root
    let class = d.class_named("HeldCycle");
    assert_eq!(d.roots_of("sticky class", class).len(), 1);
    let sticky = d.roots.iter().filter(|r| r.kind == "sticky class").count();
    assert_eq!(sticky, d.classes.len());
}

#[test]
fn thread_stack_roots_are_java_frames_of_threads_with_a_stack_trace() {
    // HeldCycle's System.gc() is its only collection: main is stopped in it, its locals roots
    let (trace, live) = record(
        "HeldCycle",
        COLLECTORS[0],
        "gc:0:end",
        "hprof-export-frames",
    );
    let (d, live) = (export(&trace, "gc:0:end"), read_dump(&live));
    let frames: Vec<_> = d.roots.iter().filter(|r| r.kind == "java frame").collect();
    assert!(!frames.is_empty(), "no java frame roots");
    for r in &frames {
        let thread = r.thread.expect("a java frame root names its thread");
        assert!(
            d.traces.contains_key(&thread),
            "no stack trace of thread {thread}"
        );
        assert_eq!(r.frame, None, "the trace knows no frame numbers");
        let objects = d.roots.iter().filter(|t| t.kind == "thread object");
        assert!(
            objects.filter(|t| t.thread == Some(thread)).count() == 1,
            "thread {thread} has no thread object root"
        );
    }
    // the same objects as the runtime's frames (and thread objects) in the same pause
    for kind in ["java frame", "thread object", "jni local", "monitor used"] {
        let of = |d: &Dump| -> BTreeSet<u64> {
            d.roots
                .iter()
                .filter(|r| r.kind == kind)
                .map(|r| r.obj)
                .collect()
        };
        assert_eq!(of(&d), of(&live), "{kind} roots");
    }
}

#[test]
fn the_export_at_end_equals_the_runtimes_dump_at_exit() {
    for collector in COLLECTORS {
        for main in ["StaticMapLeak", "HeldCycle"] {
            let label = format!("hprof-export-vs-live-{main}-{collector}");
            let (trace, live) = record(main, collector, "exit", &label);
            let (d, live) = (export(&trace, "end"), read_dump(&live));
            let what = format!("{main} [{collector}]");
            let (a, b) = (objects(&d), objects(&live));
            assert!(a.len() > 1000, "{what}: {} objects", a.len());
            assert!(
                a == b,
                "{what}: objects differ: {:x?}",
                a.symmetric_difference(&b).take(5).collect::<Vec<_>>()
            );
            let classes = |d: &Dump| d.classes.keys().copied().collect::<BTreeSet<u64>>();
            assert_eq!(classes(&d), classes(&live), "{what}: classes");
            let (a, b) = (references(&d), references(&live));
            assert!(a.len() > 1000, "{what}: {} references", a.len());
            assert!(
                a == b,
                "{what}: references differ: only the export {:x?}, only the runtime {:x?}",
                a.difference(&b).take(5).collect::<Vec<_>>(),
                b.difference(&a).take(5).collect::<Vec<_>>()
            );
            // the one difference: a primitive type's mirror (int.class) is a GC root, but the
            // runtime's dump only roots classes and writes it as a plain instance
            let mut a = roots(&d);
            a.retain(|&(kind, obj)| kind != "unknown" || d.class_name_of(obj) != "java/lang/Class");
            let b = roots(&live);
            assert!(
                a == b,
                "{what}: roots differ: only the export {:x?}, only the runtime {:x?}",
                a.difference(&b).take(5).collect::<Vec<_>>(),
                b.difference(&a).take(5).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn a_trace_without_pointers_still_exports_every_object_as_an_unknown_root() {
    let dir = scratch_dir("hprof-export-no-pointers");
    let trace = dir.join("HeldCycle.gct");
    let classes = classes();
    gcvm_ok(&[
        "run",
        "-Xmx16m",
        "--trace",
        trace.to_str().unwrap(),
        "-cp",
        classes.to_str().unwrap(),
        "HeldCycle",
    ]);
    let d = export(&trace, "end");
    let all = objects(&d);
    assert!(all.len() > 1000);
    assert!(d.roots.iter().all(|r| r.kind == "unknown"));
    let rooted: BTreeSet<u64> = d.roots.iter().map(|r| r.obj).collect();
    assert_eq!(rooted, all);
    assert!(
        references(&d).is_empty(),
        "a trace without pointers has no references"
    );
    assert!(d
        .classes
        .values()
        .all(|c| c.fields.is_empty() && c.statics.is_empty()));
}
