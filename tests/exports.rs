//! Exports of real traces of bundled programs, each read back by a reader independent of gcvm:
//! HPROF heap dumps by the `jvm-hprof` crate, Parquet tables by DuckDB (the Python package,
//! installed by .ci/setup), and the Perfetto / Chrome trace-event JSON by serde_json.

mod support;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use support::*;

/// GCBench size 4 in an 8 MB mark-compact heap, traced once per test process.
fn gcbench() -> &'static Path {
    static T: OnceLock<PathBuf> = OnceLock::new();
    T.get_or_init(|| {
        let out = scratch_dir("exports-gcbench").join("trace.gct");
        let src = repo_root().join("programs/GCBench.java");
        let o = run_gcvm(&[
            "run",
            "--gc",
            "mark-compact",
            "-Xmx8m",
            "--trace",
            out.to_str().unwrap(),
            src.to_str().unwrap(),
            "4",
        ]);
        assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
        out
    })
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&gcvm_ok(args)).unwrap()
}

/// The heap at `at` as gcvm's own tools see it: objects per type name, and bytes.
fn heap_by_type(trace: &str, at: &str) -> (BTreeMap<String, u64>, u64) {
    let h = json(&["heap", trace, "--at", at, "--by", "type", "--json"]);
    let groups = h["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["key"].as_str().unwrap().to_string(),
                g["objects"].as_u64().unwrap(),
            )
        })
        .collect();
    (groups, h["bytes"].as_u64().unwrap())
}

/// Objects per class name, and array lengths, as jvm-hprof reads `file`.
fn read_hprof(file: &Path) -> (BTreeMap<String, u64>, BTreeMap<String, u64>) {
    use jvm_hprof::heap_dump::SubRecord;
    let bytes = std::fs::read(file).unwrap();
    let hprof = jvm_hprof::parse_hprof(&bytes[..]).expect("jvm-hprof parses the header");
    let mut strings = std::collections::HashMap::new();
    let mut class_names = std::collections::HashMap::new();
    let mut objects: BTreeMap<String, u64> = BTreeMap::new();
    let mut elements: BTreeMap<String, u64> = BTreeMap::new();
    let mut dumps = Vec::new();
    for r in hprof.records_iter() {
        let r = r.expect("a well-formed record");
        if let Some(u) = r.as_utf_8() {
            let u = u.unwrap();
            strings.insert(u.name_id(), u.text_as_str().unwrap().to_string());
        } else if let Some(c) = r.as_load_class() {
            let c = c.unwrap();
            class_names.insert(c.class_obj_id(), c.class_name_id());
        } else if let Some(s) = r.as_heap_dump_segment() {
            dumps.push(s.unwrap());
        }
    }
    let name = |class| strings[&class_names[&class]].clone();
    for seg in dumps {
        for sub in seg.sub_records() {
            match sub.expect("a well-formed sub-record") {
                SubRecord::Instance(i) => *objects.entry(name(i.class_obj_id())).or_default() += 1,
                SubRecord::ObjectArray(a) => {
                    let n = name(a.array_class_obj_id());
                    *objects.entry(n.clone()).or_default() += 1;
                    *elements.entry(n).or_default() +=
                        a.elements(hprof.header().id_size()).count() as u64;
                }
                SubRecord::PrimitiveArray(a) => {
                    let n = format!("{:?}", a.primitive_type());
                    *objects.entry(n.clone()).or_default() += 1;
                }
                _ => {}
            }
        }
    }
    (objects, elements)
}

#[test]
fn hprof_at_a_collection_holds_every_object_of_the_rebuilt_heap() {
    let t = gcbench().to_str().unwrap();
    let out = scratch_dir("exports-hprof").join("gc2.hprof");
    let text = gcvm_ok(&["hprof", t, "--at", "gc:2:end", "-o", out.to_str().unwrap()]);
    assert!(text.contains("objects of the heap at gc:2:end"), "{text}");
    let (want, _) = heap_by_type(t, "gc:2:end");
    let (got, elements) = read_hprof(&out);
    // instances and object arrays by class name; primitive arrays by element type
    let prim = |n: &str| match n {
        "[Z" => Some("Boolean"),
        "[C" => Some("Char"),
        "[F" => Some("Float"),
        "[D" => Some("Double"),
        "[B" => Some("Byte"),
        "[S" => Some("Short"),
        "[I" => Some("Int"),
        "[J" => Some("Long"),
        _ => None,
    };
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for (n, c) in &want {
        *expected
            .entry(prim(n).unwrap_or(n).to_string())
            .or_default() += c;
    }
    assert_eq!(got, expected);
    assert!(got.get("GCBench$Node").is_some_and(|&n| n > 1000));
    // object arrays keep their lengths
    let objs = json(&["heap", t, "--at", "gc:2:end", "--by", "objects", "--json"]);
    let mut lengths: BTreeMap<String, u64> = BTreeMap::new();
    for o in objs["heap"].as_array().unwrap() {
        let n = o["type_name"].as_str().unwrap();
        if n.starts_with('[') && prim(n).is_none() {
            *lengths.entry(n.to_string()).or_default() += o["array_length"].as_u64().unwrap();
        }
    }
    assert_eq!(elements, lengths);
}

#[test]
fn hprof_at_exit_matches_the_heap_at_the_end() {
    let t = gcbench().to_str().unwrap();
    let out = scratch_dir("exports-hprof-end").join("end.hprof");
    gcvm_ok(&["hprof", t, "-o", out.to_str().unwrap()]);
    let (want, _) = heap_by_type(t, "end");
    let (got, _) = read_hprof(&out);
    assert_eq!(got.values().sum::<u64>(), want.values().sum::<u64>());
}

/// Runs a DuckDB query (Python package) and returns its rows as text, one per line.
fn duckdb(sql: &str) -> String {
    let probe = std::process::Command::new("python3")
        .args(["-c", "import duckdb"])
        .output()
        .expect("python3 runs");
    assert!(
        probe.status.success(),
        "the Python package duckdb is missing: run `bash .ci/setup` (it pip-installs duckdb), as the README's test command does"
    );
    let script = format!(
        "import duckdb\nfor row in duckdb.sql({sql:?}).fetchall():\n    print('|'.join(str(x) for x in row))\n"
    );
    let o = std::process::Command::new("python3")
        .args(["-c", &script])
        .output()
        .expect("python3 runs");
    assert!(
        o.status.success(),
        "{sql}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn parquet_export_is_queried_by_duckdb_like_the_tools_report_it() {
    let t = gcbench().to_str().unwrap();
    let dir = scratch_dir("exports-parquet");
    let d = dir.to_str().unwrap();
    gcvm_ok(&["export", t, "--parquet", d, "--at", "gc:2:end"]);
    // objects: the heap at gc:2:end per type
    let (want, bytes) = heap_by_type(t, "gc:2:end");
    let rows = duckdb(&format!(
        "SELECT type, count(*) FROM '{d}/objects.parquet' GROUP BY type ORDER BY type"
    ));
    let got: BTreeMap<String, u64> = rows
        .lines()
        .map(|l| {
            let (k, v) = l.rsplit_once('|').unwrap();
            (k.to_string(), v.parse().unwrap())
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(
        duckdb(&format!("SELECT sum(size) FROM '{d}/objects.parquet'")).trim(),
        bytes.to_string()
    );
    // events: counts per kind as `trace info` has them
    let info = json(&["trace", "info", t, "--json"]);
    let rows = duckdb(&format!(
        "SELECT kind, count(DISTINCT seq) FROM '{d}/events.parquet' GROUP BY kind ORDER BY kind"
    ));
    let got: BTreeMap<String, u64> = rows
        .lines()
        .map(|l| {
            let (k, v) = l.rsplit_once('|').unwrap();
            (k.to_string(), v.parse().unwrap())
        })
        .collect();
    let want: BTreeMap<String, u64> = info["event_kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            (
                k["kind"].as_str().unwrap().to_string(),
                k["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, want);
    // collections: pauses as `stats` has them
    let st = json(&["stats", t, "--json"]);
    let total: u64 = st["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["dead_bytes"].as_u64().unwrap())
        .sum();
    assert_eq!(
        duckdb(&format!(
            "SELECT count(*), sum(dead_bytes) FROM '{d}/collections.parquet'"
        ))
        .trim(),
        format!("{}|{total}", st["collections"].as_array().unwrap().len())
    );
}

/// GCBench size 4 at -Xmx8m under `gc` with `flags`, traced and exported to Parquet: the
/// export's directory.
fn parquet_of(name: &str, gc: &str, flags: &[&str]) -> String {
    let dir = scratch_dir(name);
    let trace = dir.join("trace.gct");
    let src = repo_root().join("programs/GCBench.java");
    let mut args = vec![
        "run",
        "--gc",
        gc,
        "-Xmx8m",
        "--trace",
        trace.to_str().unwrap(),
    ];
    args.extend_from_slice(flags);
    args.extend([src.to_str().unwrap(), "4"]);
    let o = run_gcvm(&args);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(10));
    let d = dir.join("pq").to_str().unwrap().to_string();
    gcvm_ok(&["export", trace.to_str().unwrap(), "--parquet", &d]);
    d
}

#[test]
fn parquet_export_has_a_row_per_run_of_a_kept_runs_event() {
    let d = parquet_of("exports-parquet-kept", "concurrent-mark-sweep", &[]);
    let kept = duckdb(&format!(
        "SELECT count(*) > count(DISTINCT seq), bool_and(addr = to_addr AND size > 0) \
         FROM '{d}/events.parquet' WHERE kind = 'kept-runs'"
    ));
    assert_eq!(
        kept.trim(),
        "True|True",
        "several runs per event, each in place"
    );
}

#[test]
fn parquet_export_has_a_row_per_death_of_a_deaths_event() {
    // Semispace reclaims exactly the objects reported dead before each of its pauses (a
    // concurrent collector reclaims some later, so its counts need not match).
    let d = parquet_of("exports-parquet-deaths", "semispace", &["--trace-deaths"]);
    let deaths = duckdb(&format!(
        "SELECT count(*), count(addr) FROM '{d}/events.parquet' WHERE kind = 'deaths'"
    ));
    let dead = duckdb(&format!(
        "SELECT sum(dead_objects) FROM '{d}/collections.parquet'"
    ));
    let (rows, with_addr) = deaths.trim().split_once('|').unwrap();
    assert_eq!(rows, with_addr, "every death row has its address");
    assert_eq!(rows, dead.trim(), "a row per dead object");
}

#[test]
fn perfetto_export_has_a_slice_per_pause_and_live_byte_counters() {
    let t = gcbench().to_str().unwrap();
    let out = scratch_dir("exports-perfetto").join("trace.json");
    gcvm_ok(&["export", t, "--perfetto", out.to_str().unwrap()]);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let events = v["traceEvents"].as_array().unwrap();
    let st = json(&["stats", t, "--json"]);
    let gcs = st["collections"].as_array().unwrap();
    let slices: Vec<&Value> = events
        .iter()
        .filter(|e| e["ph"] == "X" && e["cat"] == "gc")
        .collect();
    assert_eq!(slices.len(), gcs.len());
    for (s, g) in slices.iter().zip(gcs) {
        assert_eq!(s["ts"], g["start_us"]);
        assert_eq!(s["dur"], g["pause_us"]);
        assert_eq!(s["args"]["after_bytes"], g["after_bytes"]);
    }
    let counters = events
        .iter()
        .filter(|e| e["ph"] == "C" && e["name"] == "heap live bytes");
    assert_eq!(counters.count(), 2 * gcs.len());
}

#[test]
fn export_without_a_format_is_refused() {
    let o = run_gcvm(&["export", gcbench().to_str().unwrap()]);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr_text().contains("--perfetto"),
        "{}",
        o.stderr_text()
    );
}
