//! HPROF dumps of the live heap (`gcvm run --heap-dump-at WHEN FILE`, `--heap-dump-on-oom FILE`,
//! HotSpot's -XX:+HeapDumpOnOutOfMemoryError), read back by the `jvm-hprof` crate: programs
//! whose heap is known by construction, checked field by field, reference by reference, root
//! by root; and object counts checked against the runtime's own text dump (`--heap-dump`).
//! Each collector runs at least once.

#[path = "support/hprof.rs"]
mod hprof;
mod support;
mod trace_common;

use hprof::{read_dump, Dump, Root};
use jvm_hprof::heap_dump::FieldValue;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use support::*;

/// A program whose heap is known by construction: a static linked list of 10 nodes with
/// payloads 0, 7, ..., 63 (the head holds 63), a string, an int[], an Object[] of two nodes
/// and a null, a long; in main, a local `Local` object and a `Lock` held while System.gc()
/// collects (the only collection in a 64 MB heap).
const SHAPE: &str = r#"
public class Shape {
    static class Node { int payload; Node next; Node(int p, Node n) { payload = p; next = n; } }
    static class Local { int mark = 4242; }
    static class Lock { }
    static Node list;
    static String greeting = "hello, heap";
    static int[] numbers = {3, 1, 4, 1, 5, 9, 2, 6};
    static Object[] some;
    static long big = 1234567890123L;
    public static void main(String[] args) {
        for (int i = 0; i < 10; i++) list = new Node(i * 7, list);
        some = new Object[] { list, list.next, null };
        Local local = new Local();
        Lock lock = new Lock();
        synchronized (lock) {
            System.gc();
        }
        System.out.println(local.mark);
    }
}
"#;

/// Fills a list with `Chunk`s until the heap is exhausted, catches that OutOfMemoryError, drops
/// the list, then runs out again and lets the second one end the run.
const LEAK: &str = r#"
import java.util.ArrayList;
public class Leak {
    static class Chunk { long[] data = new long[64]; }
    static ArrayList<Object> kept = new ArrayList<>();
    public static void main(String[] args) {
        try {
            while (true) kept.add(new Chunk());
        } catch (OutOfMemoryError e) {
            kept = new ArrayList<>();
            System.out.println("caught");
        }
        while (true) kept.add(new Chunk());
    }
}
"#;

/// Three workers waiting on one monitor while main collects (System.gc()), then let go.
const THREADS: &str = r#"
public class Threads {
    static final Object gate = new Object();
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            ts[i] = new Thread(() -> {
                synchronized (gate) {
                    try { gate.wait(); } catch (InterruptedException e) { }
                }
            }, "worker-" + i);
            ts[i].start();
        }
        Thread.sleep(300);
        System.gc();
        synchronized (gate) { gate.notifyAll(); }
        for (Thread t : ts) t.join();
    }
}
"#;

fn shape_classes() -> PathBuf {
    compile_snippets("heap-dump-shape", &[("Shape.java", SHAPE)])
}

fn leak_classes() -> PathBuf {
    compile_snippets("heap-dump-leak", &[("Leak.java", LEAK)])
}

fn obj_field(fields: &HashMap<String, FieldValue>, name: &str) -> Option<u64> {
    match fields[name] {
        FieldValue::ObjectId(id) => id.map(|i| i.id()),
        other => panic!("{name} is not a reference: {other:?}"),
    }
}

fn int_field(fields: &HashMap<String, FieldValue>, name: &str) -> i32 {
    match fields[name] {
        FieldValue::Int(v) => v,
        other => panic!("{name} is not an int: {other:?}"),
    }
}

/// Runs Shape under `gc` with a dump at `when`; returns the dump and gcvm's stdout.
fn dump_shape(gc: &str, when: &str, label: &str) -> (Dump, String) {
    let out = scratch_dir(label).join("shape.hprof");
    let o = run_gcvm_program(
        &shape_classes(),
        "Shape",
        &[
            "--gc",
            gc,
            "-Xmx64m",
            "--log-gc",
            "--heap-dump-at",
            when,
            out.to_str().unwrap(),
        ],
    );
    assert_no_panic(&o, label);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    (read_dump(&out), o.stdout_text())
}

/// The list from Shape.list: each node's payload, following `next`.
fn shape_list_payloads(d: &Dump) -> Vec<i32> {
    let mut payloads = Vec::new();
    let FieldValue::ObjectId(mut at) = d.statics("Shape")["list"] else {
        panic!("Shape.list is not a reference")
    };
    while let Some(node) = at {
        let f = d.fields(node.id());
        payloads.push(int_field(&f, "payload"));
        at = match f["next"] {
            FieldValue::ObjectId(n) => n,
            _ => panic!("next is not a reference"),
        };
        assert!(payloads.len() <= 10, "the list does not end");
    }
    payloads
}

#[test]
fn a_dump_at_exit_holds_field_values_references_strings_and_arrays() {
    let (d, _) = dump_shape("semispace", "exit", "heap-dump-exit");
    assert_eq!(
        shape_list_payloads(&d),
        vec![63, 56, 49, 42, 35, 28, 21, 14, 7, 0]
    );
    assert_eq!(d.instances_of("Shape$Node").len(), 10);
    let statics = d.statics("Shape");
    let FieldValue::ObjectId(Some(greeting)) = statics["greeting"] else {
        panic!("no greeting")
    };
    assert_eq!(d.string(greeting.id()), "hello, heap");
    let FieldValue::ObjectId(Some(numbers)) = statics["numbers"] else {
        panic!("no numbers")
    };
    let (ty, values) = &d.primitive_arrays[&numbers.id()];
    assert_eq!(
        (ty.as_str(), &values[..]),
        ("int", &[3, 1, 4, 1, 5, 9, 2, 6][..])
    );
    assert!(matches!(statics["big"], FieldValue::Long(1234567890123)));
    // the Object[] holds the head, its successor and null
    let FieldValue::ObjectId(Some(some)) = statics["some"] else {
        panic!("no some")
    };
    let (class, elements) = &d.object_arrays[&some.id()];
    assert_eq!(d.class_names[class], "[Ljava/lang/Object;");
    let head = obj_field(&d.fields(elements[0].unwrap()), "next");
    assert_eq!(elements[1], head);
    assert_eq!(elements[2], None);
    // the class holding them all is a root, as every class is
    assert_eq!(d.roots_of("sticky class", d.class_named("Shape")).len(), 1);
}

#[test]
fn a_dump_in_a_collection_has_frame_thread_and_monitor_roots() {
    let (d, log) = dump_shape("mark-compact", "gc:0:end", "heap-dump-gc");
    assert!(
        log.contains("GC(0)") && log.contains("System.gc()"),
        "GC(0) is not System.gc(): {log}"
    );
    assert_eq!(
        shape_list_payloads(&d),
        vec![63, 56, 49, 42, 35, 28, 21, 14, 7, 0]
    );
    // main's local Local: a java frame root at main's frame of the main thread
    let local = d.instances_of("Shape$Local");
    assert_eq!(local.len(), 1);
    assert_eq!(int_field(&d.fields(local[0]), "mark"), 4242);
    let frame_roots = d.roots_of("java frame", local[0]);
    assert_eq!(frame_roots.len(), 1, "{:?}", d.roots);
    let root = frame_roots[0];
    let trace = &d.traces[&root.thread.unwrap()];
    assert_eq!(trace[root.frame.unwrap() as usize], "main", "{trace:?}");
    assert_eq!(trace[0], "gc", "innermost first: {trace:?}");
    // that thread's java.lang.Thread is a root
    let threads: Vec<Root> = d
        .roots
        .iter()
        .filter(|r| r.kind == "thread object")
        .copied()
        .collect();
    let main = threads
        .iter()
        .find(|r| r.thread == root.thread)
        .expect("main's thread object");
    assert!(
        d.class_name_of(main.obj).contains("Thread"),
        "{}",
        d.class_name_of(main.obj)
    );
    // the lock main holds
    let lock = d.instances_of("Shape$Lock");
    assert_eq!(d.roots_of("monitor used", lock[0]).len(), 1);
}

#[test]
fn every_thread_has_its_stack_trace_and_its_thread_object_as_a_root() {
    let classes = compile_snippets("heap-dump-threads", &[("Threads.java", THREADS)]);
    let out = scratch_dir("heap-dump-threads").join("threads.hprof");
    let o = run_gcvm_program(
        &classes,
        "Threads",
        &[
            "--gc",
            "region",
            "-Xmx64m",
            "--log-gc",
            "--heap-dump-at",
            "gc:0:start",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    assert!(
        o.stdout_text().contains("GC(0) Pause Full (System.gc())"),
        "{}",
        o.stdout_text()
    );
    let d = read_dump(&out);
    let threads: Vec<Root> = d
        .roots
        .iter()
        .filter(|r| r.kind == "thread object")
        .copied()
        .collect();
    let mut names: Vec<String> = threads
        .iter()
        .map(|t| {
            let FieldValue::ObjectId(Some(name)) = d.fields(t.obj)["name"] else {
                panic!("a thread without a name")
            };
            d.string(name.id())
        })
        .collect();
    names.sort();
    assert_eq!(names, ["main", "worker-0", "worker-1", "worker-2"]);
    for t in &threads {
        let trace = &d.traces[&t.thread.unwrap()];
        let outer = trace.last().unwrap();
        assert!(outer == "main" || outer == "run", "{trace:?}");
        if outer == "run" {
            assert_eq!(trace[0], "wait", "innermost first: {trace:?}");
        }
    }
    // waiting threads have let go of the monitor
    let gate = obj_field(d.statics("Threads"), "gate").unwrap();
    assert!(d.roots_of("monitor used", gate).is_empty());
}

#[test]
fn every_reference_in_a_dump_names_an_object_or_class_in_it() {
    let out = scratch_dir("heap-dump-refs").join("gcbench.hprof");
    let src = repo_root().join("programs/GCBench.java");
    let o = run_gcvm(&[
        "run",
        "--gc",
        "region",
        "-Xmx16m",
        "--heap-dump-at",
        "gc:2:end",
        out.to_str().unwrap(),
        src.to_str().unwrap(),
        "4",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    let d = read_dump(&out);
    assert!(d.instances_of("GCBench$Node").len() > 1000);
    let refs = d.references();
    assert!(refs.len() > 10_000);
    let dangling: Vec<_> = refs.iter().filter(|(_, id)| !d.has(*id)).take(5).collect();
    assert!(dangling.is_empty(), "{dangling:x?}");
}

#[test]
fn object_counts_per_class_equal_the_runtimes_own_heap_dump() {
    let dir = scratch_dir("heap-dump-counts");
    let (hprof, text) = (dir.join("gc1.hprof"), dir.join("heap.txt"));
    let src = repo_root().join("programs/GCBench.java");
    let o = run_gcvm(&[
        "run",
        "--gc",
        "concurrent-mark-sweep",
        "-Xmx16m",
        "--heap-dump",
        text.to_str().unwrap(),
        "--heap-dump-at",
        "gc:1:start",
        hprof.to_str().unwrap(),
        src.to_str().unwrap(),
        "4",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    let mut sections = trace_common::DumpSections::open(&text).unwrap();
    let objects = loop {
        let (label, objects) = sections
            .next_section()
            .unwrap()
            .expect("a gc 1 start section");
        if label == "gc 1 start" {
            break objects;
        }
    };
    let d = read_dump(&hprof);
    // each type id of the text dump is one class of the HPROF dump; count both by that class
    let mut names_of_type: HashMap<u32, HashSet<String>> = HashMap::new();
    let mut want: BTreeMap<String, u64> = BTreeMap::new();
    for o in &objects {
        let name = d.class_name_of(hprof_id(o.addr));
        names_of_type
            .entry(o.type_id)
            .or_default()
            .insert(name.clone());
        *want.entry(name).or_default() += 1;
    }
    for (ty, names) in &names_of_type {
        assert_eq!(names.len(), 1, "type {ty} is {names:?}");
    }
    let mut got: BTreeMap<String, u64> = BTreeMap::new();
    let ids = d
        .instances
        .keys()
        .chain(d.object_arrays.keys())
        .chain(d.primitive_arrays.keys());
    for &id in ids {
        *got.entry(d.class_name_of(id)).or_default() += 1;
    }
    // classes whose mirror is in the heap are java/lang/Class objects there
    let in_heap = |&&c: &&u64| c < gcvm_tracer::hprof::CLASS_ID_BASE;
    let mirrors = d.classes.keys().filter(in_heap).count() as u64;
    *got.entry("java/lang/Class".to_string()).or_default() += mirrors;
    got.retain(|_, n| *n > 0);
    assert_eq!(got, want);
    assert!(want.get("GCBench$Node").is_some_and(|&n| n > 1000));
}

#[test]
fn the_trace_export_and_the_runtime_dump_give_the_same_objects_the_same_ids() {
    let dir = scratch_dir("heap-dump-vs-export");
    let (trace, live, rebuilt) = (
        dir.join("t.gct"),
        dir.join("live.hprof"),
        dir.join("rebuilt.hprof"),
    );
    let src = repo_root().join("programs/GCBench.java");
    let o = run_gcvm(&[
        "run",
        "--gc",
        "mark-compact",
        "-Xmx8m",
        "--trace",
        trace.to_str().unwrap(),
        "--heap-dump-at",
        "gc:2:end",
        live.to_str().unwrap(),
        src.to_str().unwrap(),
        "4",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    gcvm_ok(&[
        "hprof",
        trace.to_str().unwrap(),
        "--at",
        "gc:2:end",
        "-o",
        rebuilt.to_str().unwrap(),
    ]);
    let objects = |d: &Dump| -> HashSet<u64> {
        let in_heap = |c: &u64| *c < gcvm_tracer::hprof::CLASS_ID_BASE;
        let ids = d
            .instances
            .keys()
            .chain(d.object_arrays.keys())
            .chain(d.primitive_arrays.keys());
        ids.chain(d.classes.keys().filter(|c| in_heap(c)))
            .copied()
            .collect()
    };
    let (live, rebuilt) = (read_dump(&live), read_dump(&rebuilt));
    let (a, b) = (objects(&live), objects(&rebuilt));
    assert!(a.len() > 1000);
    assert_eq!(a.len(), b.len());
    assert!(
        a == b,
        "{:x?}",
        a.symmetric_difference(&b).take(5).collect::<Vec<_>>()
    );
}

/// The HPROF id of the object at heap offset `addr`.
fn hprof_id(addr: u64) -> u64 {
    gcvm_tracer::hprof::object_id(addr)
}

#[test]
fn heap_dump_on_oom_prints_hotspots_lines_once_and_dumps_the_leak() {
    let out = scratch_dir("heap-dump-oom").join("oom.hprof");
    let o = run_gcvm_program(
        &leak_classes(),
        "Leak",
        &[
            "--gc",
            "semispace",
            "-Xmx16m",
            "--heap-dump-on-oom",
            out.to_str().unwrap(),
        ],
    );
    assert_no_panic(&o, "oom");
    assert_eq!(o.code, Some(1), "{}", o.stderr_head(10));
    let stdout = o.stdout_text();
    let lines: Vec<&str> = stdout.lines().collect();
    let size = std::fs::metadata(&out).unwrap().len();
    assert_eq!(
        lines[0], "java.lang.OutOfMemoryError: Java heap space",
        "{stdout}"
    );
    assert_eq!(lines[1], format!("Dumping heap to {} ...", out.display()));
    let created = lines[2]
        .strip_prefix(&format!("Heap dump file created [{size} bytes in "))
        .and_then(|rest| rest.strip_suffix(" secs]"))
        .unwrap_or_else(|| panic!("{}", lines[2]));
    assert!(
        created.parse::<f64>().is_ok() && created.len() >= 5,
        "{created}"
    );
    assert_eq!(lines[3], "caught");
    assert_eq!(
        stdout.matches("Dumping heap").count(),
        1,
        "dumps once per run"
    );
    assert!(o
        .stderr_text()
        .starts_with("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"));
    let d = read_dump(&out);
    assert!(d.instances_of("Leak$Chunk").len() > 100);
    let FieldValue::ObjectId(Some(kept)) = d.statics("Leak")["kept"] else {
        panic!("no Leak.kept")
    };
    assert_eq!(d.class_name_of(kept.id()), "java/util/ArrayList");
}

#[test]
fn hotspots_flags_dump_to_java_pid_hprof_in_the_heap_dump_path_directory() {
    let dir = scratch_dir("heap-dump-hotspot-flags");
    let d = dir.to_str().unwrap();
    let path = format!("-XX:HeapDumpPath={d}");
    let o = run_gcvm_program(
        &leak_classes(),
        "Leak",
        &["-Xmx16m", "-XX:+HeapDumpOnOutOfMemoryError", &path],
    );
    assert_eq!(o.code, Some(1), "{}", o.stderr_head(10));
    let files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        files[0].starts_with("java_pid") && files[0].ends_with(".hprof"),
        "{files:?}"
    );
    assert!(o
        .stdout_text()
        .contains(&format!("Dumping heap to {d}/java_pid")));
}

#[test]
fn a_bad_dump_point_is_a_one_line_error_naming_it() {
    let o = run_gcvm_program(
        &shape_classes(),
        "Shape",
        &["--heap-dump-at", "gc:1:middle", "x.hprof"],
    );
    assert_ne!(o.code, Some(0));
    let err = o.stderr_text();
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("'gc:1:middle'"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn a_dump_at_a_collection_that_never_came_is_reported_at_exit() {
    let out = scratch_dir("heap-dump-missed").join("gc9.hprof");
    let o = run_gcvm_program(
        &shape_classes(),
        "Shape",
        &[
            "-Xmx64m",
            "--heap-dump-at",
            "gc:9:end",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    assert!(!out.exists());
    let err = o.stderr_text();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no collection 9 (it had 1)") && err.contains("gc9.hprof"),
        "{err}"
    );
}

#[test]
fn an_unwritable_dump_path_is_an_error_at_start() {
    for option in ["--heap-dump-on-oom", "--heap-dump-at exit"] {
        let mut args: Vec<&str> = option.split(' ').collect();
        args.push("/nonexistent/dir/x.hprof");
        let o = run_gcvm_program(&shape_classes(), "Shape", &args);
        assert_ne!(o.code, Some(0));
        let err = o.stderr_text();
        let line = err.lines().find(|l| l.contains("/nonexistent/dir/x.hprof"));
        assert!(
            line.is_some_and(|l| l.contains("cannot create heap dump file")),
            "{err}"
        );
        assert!(o.stdout.is_empty(), "the program ran");
    }
}

// ---------------------------------------------------------------------------
// The runtime's dump as an independent source of the object graph: the graph a dump gives,
// read by jvm-hprof, against the graph `--trace-pointers` records (tools/src/graph.rs) and the
// dominator tree gcvm computes on each (tools/src/analysis/dominators.rs).
// ---------------------------------------------------------------------------

use gcvm_tools::analysis::dominators::DominatorTree;
/// A root of a graph (`Root` here is a root record of the dump).
use gcvm_tools::graph::Root as GraphRoot;
use gcvm_tools::graph::{Edge, GraphObject, Names, ObjectGraph, RootKind};
use gcvm_tracer::hprof::{CLASS_ID_BASE, OBJECT_ID_BASE};

/// gcvm's array header, in bytes (element 0 is at slot `ARRAY_HEADER / 4`).
const ARRAY_HEADER: u64 = 16;

/// gcvm's size of an array of `len` elements of `elem` bytes: the header and the elements,
/// rounded up to 8 bytes. A dump gives no array sizes; references are 4 bytes in gcvm's heap
/// (the dump's 8-byte ids are ids, not the heap's layout).
fn array_size(len: usize, elem: u64) -> u64 {
    (ARRAY_HEADER + len as u64 * elem).div_ceil(8) * 8
}

/// A primitive array's type descriptor and element size from the dump's element type name.
fn primitive_array_type(java: &str) -> (&'static str, u64) {
    match java {
        "boolean" => ("[Z", 1),
        "byte" => ("[B", 1),
        "char" => ("[C", 2),
        "short" => ("[S", 2),
        "int" => ("[I", 4),
        "float" => ("[F", 4),
        "long" => ("[J", 8),
        "double" => ("[D", 8),
        other => panic!("no primitive type {other}"),
    }
}

/// The object graph of a dump, built the way tools/src/graph.rs builds a trace's, so the two
/// compare object by object:
///
/// * objects: every instance (size: its class's instance size), object array and primitive
///   array (`array_size`), and every class whose id is a heap object's — its java.lang.Class
///   mirror, which the dump writes as the class and not as an instance (size: java/lang/Class's
///   instance size), where the trace has it as a java.lang.Class object. Addresses are ids
///   minus `OBJECT_ID_BASE`, the heap offsets of the trace. A mirror's own instance fields are
///   not in a dump (a CLASS DUMP holds the class's statics, not the mirror's fields), so such
///   a mirror has no references here; the trace's mirrors must have none either — gcvm's
///   java.lang.Class holds no reference the GC would trace — and (b) checks that they do not.
/// * edges: reference fields (named, in the dump's field order) and object array elements.
/// * roots: the root records, and each class's non-null static reference fields as roots of
///   kind StaticField — the trace records statics as roots, the dump as fields of the class.
///   Sticky-class roots of classes with no mirror (ids from `CLASS_ID_BASE`) name no heap
///   object and are left out, as are the classes themselves.
///
/// Returns the graph and every reference to an id that is not a heap object of the dump.
fn graph_of_dump(d: &Dump) -> (ObjectGraph, Vec<String>) {
    let mut names = Names::default();
    let mut type_ids: HashMap<String, u32> = HashMap::new();
    let mut type_id = |names: &mut Names, name: String| -> u32 {
        let next = type_ids.len() as u32;
        let id = *type_ids.entry(name.clone()).or_insert(next);
        names.types.insert(id, name);
        id
    };
    let dotted = |class: u64| d.class_names[&class].replace('/', ".");
    let size_of_class = |class: u64| d.classes[&class].instance_size as u64;
    let mirror_size = size_of_class(d.class_named("java/lang/Class"));
    // (id, type name, size, array length)
    let mut objects: Vec<(u64, String, u64, Option<u32>)> = Vec::new();
    for (&id, (class, _)) in &d.instances {
        objects.push((id, dotted(*class), size_of_class(*class), None));
    }
    for (&id, (class, elements)) in &d.object_arrays {
        let size = array_size(elements.len(), 4);
        objects.push((id, dotted(*class), size, Some(elements.len() as u32)));
    }
    for (&id, (ty, values)) in &d.primitive_arrays {
        let (desc, elem) = primitive_array_type(ty);
        let size = array_size(values.len(), elem);
        objects.push((id, desc.to_string(), size, Some(values.len() as u32)));
    }
    for &id in d.classes.keys().filter(|&&c| c < CLASS_ID_BASE) {
        objects.push((id, "java.lang.Class".to_string(), mirror_size, None));
    }
    objects.sort_unstable_by_key(|o| o.0);
    let node_of: HashMap<u64, u32> = objects
        .iter()
        .enumerate()
        .map(|(i, o)| (o.0, i as u32))
        .collect();
    let mut dangling = Vec::new();
    let mut target = |what: String, id: u64| -> Option<u32> {
        let node = node_of.get(&id).copied();
        if node.is_none() {
            dangling.push(format!("{what} -> {id:#x}"));
        }
        node
    };
    let mut graph_objects = Vec::with_capacity(objects.len());
    let mut edges = Vec::with_capacity(objects.len());
    for (id, type_name, size, array_len) in &objects {
        let ty = type_id(&mut names, type_name.clone());
        graph_objects.push(GraphObject {
            addr: id - OBJECT_ID_BASE,
            type_id: ty,
            size: *size,
            array_len: *array_len,
            site: 0,
        });
        let mut out = Vec::new();
        if d.instances.contains_key(id) {
            // Slots: the fields' positions in the dump's order (gcvm's offsets are not in
            // the dump); named, so that edges compare by field name.
            for (slot, (field, t)) in d.refs(*id).into_iter().enumerate() {
                let slot = slot as u32;
                names.fields.insert((ty, slot), field.clone());
                if let Some(target) = target(format!("{type_name}.{field} of {id:#x}"), t) {
                    out.push(Edge { slot, target });
                }
            }
        } else if let Some((_, elements)) = d.object_arrays.get(id) {
            for (k, e) in elements.iter().enumerate() {
                let Some(e) = e else { continue };
                if let Some(target) = target(format!("[{k}] of {type_name} {id:#x}"), *e) {
                    let slot = (ARRAY_HEADER / 4) as u32 + k as u32;
                    out.push(Edge { slot, target });
                }
            }
        }
        edges.push(out);
    }
    let mut roots = Vec::new();
    for r in &d.roots {
        let kind = match r.kind {
            "sticky class" if r.obj >= CLASS_ID_BASE => continue,
            "sticky class" => RootKind::ClassMirror,
            "java frame" => RootKind::ThreadStack,
            "thread object" => RootKind::ThreadObject,
            "jni local" | "jni global" => RootKind::VmInternal,
            "monitor used" => RootKind::Monitor,
            "unknown" => RootKind::InternedString,
            other => panic!("a root kind gcvm does not write: {other}"),
        };
        if let Some(object) = target(format!("{} root", r.kind), r.obj) {
            roots.push(GraphRoot {
                object,
                kind,
                detail: 0,
            });
        }
    }
    // The mirrors of primitive types (int.class) are plain java/lang/Class instances in a dump:
    // HPROF has no CLASS DUMP for a primitive type, so no ROOT STICKY CLASS can name them. gcvm
    // roots every class's mirror, primitive types' too, and the trace records them as class
    // roots: model them so. (Every other mirror is its class's CLASS DUMP, rooted as a class.)
    for (&id, (class, _)) in &d.instances {
        if d.class_names[class] == "java/lang/Class" {
            roots.push(GraphRoot {
                object: node_of[&id],
                kind: RootKind::ClassMirror,
                detail: 0,
            });
        }
    }
    for (&class, cd) in &d.classes {
        for (field, v) in &cd.statics {
            if let FieldValue::ObjectId(Some(t)) = v {
                let what = format!("static {}.{field}", d.class_names[&class]);
                if let Some(object) = target(what, t.id()) {
                    roots.push(GraphRoot {
                        object,
                        kind: RootKind::StaticField,
                        detail: 0,
                    });
                }
            }
        }
    }
    let g = ObjectGraph::new(graph_objects, edges, roots, ARRAY_HEADER as u32, names);
    (g, dangling)
}

/// How an object of `g` reads in a difference: `java.util.HashMap 0x5a28`.
fn describe(g: &ObjectGraph, node: u32) -> String {
    let o = &g.objects[node as usize];
    format!("{} {:#x}", g.names.type_name(o.type_id), o.addr)
}

/// Node `node`'s references as (field or `[k]`, target address), sorted.
fn labelled_refs(g: &ObjectGraph, node: u32) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = g
        .edges_of(node)
        .iter()
        .map(|e| (g.edge_label(node, e), g.objects[e.target as usize].addr))
        .collect();
    v.sort();
    v
}

/// Every difference between the trace's graph `t` and the dump's `d` at the same moment
/// (see `the_dump_and_the_trace_give_the_same_graph_and_retained_sizes`), up to a few per kind.
fn graph_differences(t: &ObjectGraph, d: &ObjectGraph) -> Vec<String> {
    const SHOWN: usize = 8;
    let mut diffs = Vec::new();
    let mut report = |kind: &str, count: &mut usize, line: String| {
        *count += 1;
        if *count <= SHOWN {
            diffs.push(format!("{kind}: {line}"));
        }
    };
    // (a) the same objects, of the same type and size
    let mut count = 0;
    for o in &t.objects {
        match d.node_at(o.addr) {
            None => report(
                "(a) only in the trace",
                &mut count,
                describe(t, t.node_at(o.addr).unwrap()),
            ),
            Some(n) => {
                let p = &d.objects[n as usize];
                let (tt, dt) = (t.names.type_name(o.type_id), d.names.type_name(p.type_id));
                if tt != dt || o.size != p.size {
                    let line = format!(
                        "{:#x}: trace {tt} {} bytes, dump {dt} {} bytes",
                        o.addr, o.size, p.size
                    );
                    report("(a) type or size", &mut count, line);
                }
            }
        }
    }
    for p in &d.objects {
        if t.node_at(p.addr).is_none() {
            report(
                "(a) only in the dump",
                &mut count,
                describe(d, d.node_at(p.addr).unwrap()),
            );
        }
    }
    // (c) the same roots' objects
    let root_set = |g: &ObjectGraph| -> std::collections::BTreeSet<u64> {
        g.roots
            .iter()
            .map(|r| g.objects[r.object as usize].addr)
            .collect()
    };
    let (tr, dr) = (root_set(t), root_set(d));
    let mut count = 0;
    for a in tr.difference(&dr) {
        let n = t.node_at(*a).unwrap();
        let kinds: Vec<String> = t
            .roots
            .iter()
            .filter(|r| r.object == n)
            .map(|r| t.names.root_label(r))
            .collect();
        report(
            "(c) a root only in the trace",
            &mut count,
            format!("{} ({})", describe(t, n), kinds.join(", ")),
        );
    }
    for a in dr.difference(&tr) {
        let n = d.node_at(*a).unwrap();
        let kinds: Vec<String> = d
            .roots
            .iter()
            .filter(|r| r.object == n)
            .map(|r| r.kind.label().to_string())
            .collect();
        report(
            "(c) a root only in the dump",
            &mut count,
            format!("{} ({})", describe(d, n), kinds.join(", ")),
        );
    }
    // (b) the same references, for every object reachable in either graph; (d) the same
    // reachable objects and retained sizes
    let (tt, dt) = (DominatorTree::new(t), DominatorTree::new(d));
    let (mut refs, mut reach, mut retained) = (0, 0, 0);
    for (i, o) in t.objects.iter().enumerate() {
        let i = i as u32;
        let Some(j) = d.node_at(o.addr) else { continue };
        let (in_t, in_d) = (tt.is_reachable(i), dt.is_reachable(j));
        if !in_t && !in_d {
            continue;
        }
        let (a, b) = (labelled_refs(t, i), labelled_refs(d, j));
        if a != b {
            let only_t: Vec<_> = a.iter().filter(|x| !b.contains(x)).collect();
            let only_d: Vec<_> = b.iter().filter(|x| !a.contains(x)).collect();
            let line = format!(
                "{}: trace only {only_t:x?}, dump only {only_d:x?}",
                describe(t, i)
            );
            report("(b) references", &mut refs, line);
        }
        if in_t != in_d {
            let line = format!(
                "{} reachable in the trace: {in_t}, in the dump: {in_d}",
                describe(t, i)
            );
            report("(d) reachability", &mut reach, line);
        } else if tt.retained(i) != dt.retained(j) {
            let line = format!(
                "{} retains {} in the trace, {} in the dump",
                describe(t, i),
                tt.retained(i),
                dt.retained(j)
            );
            report("(d) retained", &mut retained, line);
        }
    }
    for (kind, n) in [
        ("(b) references", refs),
        ("(d) reachability", reach),
        ("(d) retained", retained),
        ("(a)/(c)", count),
    ] {
        if n > SHOWN {
            diffs.push(format!("{kind}: ... {} in all", n));
        }
    }
    diffs
}

/// Runs a program with `--trace-pointers` and a dump at `at` (`exit`, or `gc:N:end`: the
/// same stopped world as the trace's boundary of that name, `end` for `exit`); returns (the
/// trace's graph, the dump's graph).
fn trace_and_dump(
    collector: &str,
    options: &[&str],
    program: &[&str],
    at: &str,
    label: &str,
) -> (ObjectGraph, ObjectGraph) {
    let dir = scratch_dir(label);
    let (trace, hprof) = (dir.join("t.gct"), dir.join("at.hprof"));
    let mut run = vec![
        "run",
        "--gc",
        collector,
        "-Xmx16m",
        "--trace",
        trace.to_str().unwrap(),
        "--trace-pointers",
        "--heap-dump-at",
        at,
        hprof.to_str().unwrap(),
    ];
    run.extend_from_slice(options);
    run.extend_from_slice(program);
    let o = run_gcvm(&run);
    assert_no_panic(&o, label);
    assert_eq!(o.code, Some(0), "[{collector}] {}", o.stderr_head(10));
    assert!(o.stderr.is_empty(), "[{collector}] {}", o.stderr_head(10));
    let boundary = match at {
        "exit" => gcvm_tools::Boundary::End,
        gc => gcvm_tools::boundary::parse_boundary(gc).unwrap(),
    };
    let from_trace = gcvm_tools::graph::graph_at(&trace, boundary).unwrap();
    assert_eq!(
        from_trace.caveat, None,
        "[{collector}] the graph at {at} is exact"
    );
    let dump = read_dump(&hprof);
    let (from_dump, dangling) = graph_of_dump(&dump);
    assert!(
        dangling.is_empty(),
        "[{collector}] {:?}",
        &dangling[..dangling.len().min(5)]
    );
    (from_trace, from_dump)
}

/// Class mirrors every way gcvm makes them: a class literal in a static, `getClass()`, array
/// and primitive classes (`int.class` is Integer.TYPE), classes as map keys, and a class with a
/// mirror holding a static of its own (a static of a CLASS DUMP whose id is the mirror's).
const MIRRORS: &str = r#"
import java.util.HashMap;
public class Mirrors {
    static Class<?> self = Mirrors.class;
    static Object[] kinds = { String.class, int[].class, Integer.TYPE, new Mirrors().getClass() };
    static HashMap<Class<?>, String> names = new HashMap<>();
    static class Holder { static String label = "held by a class with a mirror"; }
    public static void main(String[] args) {
        names.put(Mirrors.class, "mirrors");
        names.put(Holder.class, Holder.label);
        names.put(long.class, "long");
        System.gc();
        System.out.println(names.size());
    }
}
"#;

/// Issue 31: an independent parser agrees with `gcvm dominators`. At exit (after main
/// returned: statics and VM roots) and inside a collection (main's frames hold roots too):
/// StaticMapLeak at exit and at its 5th collection (one every 20,000 allocations, the map
/// half full), GCBench at its first collection (its long-lived tree live; at exit nearly all of
/// it is garbage; under concurrent mark-sweep an initial mark) and at exit, Mirrors (class mirrors) at its System.gc() and at exit, under
/// every collector. Every reachable object must agree; unreachable objects only in existence,
/// type and size — the dump writes a dead object's stale reference to reused memory as null
/// and the trace drops references to the dead, so garbage's references may differ by design.
#[test]
fn the_dump_and_the_trace_give_the_same_graph_and_retained_sizes() {
    let leak = repo_root().join("tests/graph/StaticMapLeak.java");
    let leak = leak.to_str().unwrap();
    let bench = repo_root().join("programs/GCBench.java");
    let bench = bench.to_str().unwrap();
    let mirrors = compile_snippets("heap-dump-mirrors", &[("Mirrors.java", MIRRORS)]);
    let mirrors: &[&str] = &["-cp", mirrors.to_str().unwrap(), "Mirrors"];
    let stress: &[&str] = &["--gc-stress", "20000"];
    // At a GC start the trace's graph is the one its collection found (its GC end's, taken
    // back through the moves): these programs clear no referents, so it is the whole graph.
    let cases: [(&str, &[&str], &[&str], &str); 8] = [
        ("StaticMapLeak", &[], &[leak], "exit"),
        ("StaticMapLeak", stress, &[leak], "gc:4:end"),
        ("StaticMapLeak", stress, &[leak], "gc:4:start"),
        ("GCBench", &[], &[bench, "4"], "gc:0:end"),
        ("GCBench", &[], &[bench, "4"], "gc:0:start"),
        ("GCBench", &[], &[bench, "4"], "exit"),
        ("Mirrors", &[], mirrors, "gc:0:end"),
        ("Mirrors", &[], mirrors, "exit"),
    ];
    for (name, options, program, at) in cases {
        for collector in COLLECTORS {
            // Concurrent mark-sweep's gc:0 in GCBench is an initial mark: its graph comes from
            // the remark after it (graph::graph_at replays to it).
            let label = format!("heap-dump-vs-trace-{name}-{collector}");
            let (t, d) = trace_and_dump(collector, options, program, at, &label);
            let reachable = DominatorTree::new(&t).reachable().len();
            assert!(
                t.len() > 100 && reachable > 50,
                "[{collector}] {name} at {at}: {} objects, {reachable} reachable",
                t.len()
            );
            let diffs = graph_differences(&t, &d);
            if name == "Mirrors" && *collector == COLLECTORS[0] {
                // The comparison sees a moved reference and a changed size.
                let mut changed = d.clone();
                let n = changed.edges.len();
                changed.edges[n / 2].target = changed.edges[n / 3].target;
                changed.objects[n / 4].size += 8;
                let found = graph_differences(&t, &changed);
                assert!(
                    found.iter().any(|l| l.starts_with("(b)"))
                        && found.iter().any(|l| l.starts_with("(a)")),
                    "{found:?}"
                );
            }
            assert!(
                diffs.is_empty(),
                "[{collector}] {name} at {at}: the trace and the dump differ:\n{}",
                diffs.join("\n")
            );
        }
    }
}
