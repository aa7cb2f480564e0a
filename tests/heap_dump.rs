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
