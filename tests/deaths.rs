//! Death times and sites (`gcvm run --trace-deaths`, `gcvm deaths`) on real traces of the bundled
//! programs: programs/DeathSites.java kills each kind of object in a known method, and the
//! trace must say so under every collector; every death time lies between the object's
//! allocation and the collection that found it dead; whole-heap collectors reclaim exactly the
//! objects reported dead at their start.

mod support;
mod trace_common;

use gcvm_tools::deaths::{read_deaths, Death};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use support::*;

const COLLECTORS: [&str; 4] = [
    "semispace",
    "mark-compact",
    "concurrent-mark-sweep",
    "region",
];

/// A --trace-deaths trace of `program` at `size` under `gc` in a `xmx` heap, made once per test
/// process.
fn traced(program: &str, size: &str, gc: &str, xmx: &str) -> PathBuf {
    static TRACES: OnceLock<Mutex<BTreeMap<String, PathBuf>>> = OnceLock::new();
    let key = format!("{program}-{size}-{gc}-{xmx}");
    let mut traces = TRACES.get_or_init(Default::default).lock().unwrap();
    if let Some(p) = traces.get(&key) {
        return p.clone();
    }
    let out = scratch_dir(&format!("deaths-{key}")).join("trace.gct");
    let src = repo_root().join(format!("programs/{program}.java"));
    let o = run_gcvm(&[
        "run",
        "--gc",
        gc,
        xmx,
        "--trace",
        out.to_str().unwrap(),
        "--trace-deaths",
        src.to_str().unwrap(),
        size,
    ]);
    assert_eq!(o.code, Some(0), "{gc}: {}", o.stderr_head(10));
    traces.insert(key, out.clone());
    out
}

fn death_sites() -> Vec<(&'static str, PathBuf)> {
    COLLECTORS
        .iter()
        .map(|gc| (*gc, traced("DeathSites", "8", gc, "-Xmx4m")))
        .collect()
}

/// Deaths of objects of `type_name` allocated at a site starting with `site`, per death site.
fn death_sites_of(deaths: &[Death], type_name: &str, site: &str) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for d in deaths
        .iter()
        .filter(|d| d.type_name == type_name && d.site.starts_with(site))
    {
        *out.entry(d.context.clone()).or_default() += 1;
    }
    out
}

fn only_site(sites: &BTreeMap<String, u64>, expected: &str, gc: &str) {
    assert_eq!(
        sites.keys().collect::<Vec<_>>(),
        vec![expected],
        "{gc}: death sites {sites:?}"
    );
    assert!(sites[expected] > 1000, "{gc}: too few deaths: {sites:?}");
}

#[test]
fn an_object_dies_in_the_method_that_overwrites_its_last_reference() {
    for (gc, trace) in death_sites() {
        let deaths = read_deaths(&trace).unwrap();
        let payloads = death_sites_of(&deaths, "DeathSites$Payload", "DeathSites.main");
        only_site(&payloads, "DeathSites.release", gc);
    }
}

#[test]
fn an_object_reachable_only_from_a_dead_object_dies_with_it() {
    // The long[] a Payload's constructor allocates dies when release() drops the Payload.
    for (gc, trace) in death_sites() {
        let deaths = read_deaths(&trace).unwrap();
        let padding = death_sites_of(&deaths, "[J", "DeathSites$Payload.<init>");
        only_site(&padding, "DeathSites.release", gc);
    }
}

#[test]
fn an_object_held_by_a_local_dies_when_its_method_returns() {
    for (gc, trace) in death_sites() {
        let deaths = read_deaths(&trace).unwrap();
        let buffers = death_sites_of(&deaths, "[I", "DeathSites.scratch");
        only_site(&buffers, "DeathSites.scratch", gc);
    }
}

#[test]
fn a_chain_dies_where_the_local_holding_its_head_is_overwritten() {
    for (gc, trace) in death_sites() {
        let deaths = read_deaths(&trace).unwrap();
        let links = death_sites_of(&deaths, "DeathSites$Link", "DeathSites.chain");
        only_site(&links, "DeathSites.main", gc);
    }
}

fn assert_times_in_bounds(trace: &Path, what: &str) {
    let deaths = read_deaths(trace).unwrap();
    assert!(!deaths.is_empty(), "{what}: no deaths");
    for d in &deaths {
        assert!(
            d.born_at_least <= d.time && d.time <= d.gc_time,
            "{what}: {d:?} died outside [its allocation, GC({}) start]",
            d.gc
        );
    }
}

#[test]
fn death_time_lies_between_allocation_and_the_collection_that_found_the_object_dead() {
    for (gc, trace) in death_sites() {
        assert_times_in_bounds(&trace, &format!("DeathSites under {gc}"));
    }
    for gc in ["semispace", "region"] {
        let trace = traced("GCBench", "4", gc, "-Xmx8m");
        assert_times_in_bounds(&trace, &format!("GCBench under {gc}"));
    }
}

fn stats(trace: &Path) -> Value {
    let o = run_gcvm(&["stats", trace.to_str().unwrap(), "--json"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(5));
    serde_json::from_str(&o.stdout_text()).unwrap()
}

#[test]
fn a_whole_heap_collection_reclaims_exactly_the_objects_reported_dead_at_its_start() {
    for gc in ["semispace", "mark-compact"] {
        for (program, size, xmx) in [("DeathSites", "8", "-Xmx4m"), ("GCBench", "4", "-Xmx8m")] {
            let trace = traced(program, size, gc, xmx);
            let mut reported: BTreeMap<u64, u64> = BTreeMap::new();
            for d in read_deaths(&trace).unwrap() {
                *reported.entry(d.gc as u64).or_default() += 1;
            }
            let s = stats(&trace);
            let collections = s["collections"].as_array().unwrap();
            assert!(
                collections.len() > 2,
                "{program} under {gc}: too few collections"
            );
            for c in collections {
                let id = c["id"].as_u64().unwrap();
                assert_eq!(
                    reported.get(&id).copied().unwrap_or(0),
                    c["dead_objects"].as_u64().unwrap(),
                    "{program} under {gc}: GC({id})"
                );
            }
        }
    }
}

#[test]
fn the_report_pairs_allocation_sites_with_death_sites_and_counts_every_death() {
    let trace = traced("DeathSites", "8", "semispace", "-Xmx4m");
    let o = run_gcvm(&["deaths", trace.to_str().unwrap(), "--json"]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(5));
    let j: Value = serde_json::from_str(&o.stdout_text()).unwrap();
    let pairs = j["pairs"].as_array().unwrap();
    let sum: u64 = pairs.iter().map(|p| p["objects"].as_u64().unwrap()).sum();
    assert_eq!(sum, j["deaths"].as_u64().unwrap());
    assert_eq!(
        j["deaths"].as_u64().unwrap() as usize,
        read_deaths(&trace).unwrap().len()
    );
    let pair = |site: &str| {
        pairs
            .iter()
            .find(|p| p["allocation_site"].as_str().unwrap().starts_with(site))
            .unwrap_or_else(|| panic!("no pair for {site}: {pairs:?}"))
    };
    assert_eq!(
        pair("DeathSites.scratch")["death_site"],
        "DeathSites.scratch"
    );
    assert_eq!(pair("DeathSites.main")["death_site"], "DeathSites.release");
    let table = run_gcvm(&["deaths", trace.to_str().unwrap()]).stdout_text();
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("DeathSites.scratch") && l.contains("DeathSites.scratch ")),
        "{table}"
    );
}

#[test]
fn the_hive_plot_puts_each_class_on_its_axis_and_colours_self_edges_green() {
    let trace = traced("DeathSites", "8", "semispace", "-Xmx4m");
    let svg_path = scratch_dir("deaths-hive").join("hive.svg");
    let o = run_gcvm(&[
        "deaths",
        trace.to_str().unwrap(),
        "--plot",
        svg_path.to_str().unwrap(),
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(5));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"));
    let attr = |line: &str, name: &str| -> String {
        let start = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[start..].split('"').next().unwrap().to_string()
    };
    let nodes: Vec<(String, String)> = svg
        .lines()
        .filter(|l| l.contains("class=\"node\""))
        .map(|l| (attr(l, "data-axis"), attr(l, "data-class")))
        .collect();
    // Payload's constructor allocates and never kills; DeathSites allocates and kills.
    assert!(
        nodes.contains(&("north".into(), "DeathSites$Payload".into())),
        "{nodes:?}"
    );
    assert!(
        nodes.contains(&("east".into(), "DeathSites".into())),
        "{nodes:?}"
    );
    assert!(
        nodes.contains(&("south".into(), "DeathSites".into())),
        "{nodes:?}"
    );
    let edges: Vec<(String, String, String)> = svg
        .lines()
        .filter(|l| l.contains("class=\"edge\""))
        .map(|l| (attr(l, "data-from"), attr(l, "data-to"), attr(l, "stroke")))
        .collect();
    assert!(
        edges.contains(&("DeathSites".into(), "DeathSites".into(), "#2a9d3a".into())),
        "{edges:?}"
    );
    assert!(
        edges.contains(&(
            "DeathSites$Payload".into(),
            "DeathSites".into(),
            "#888888".into()
        )),
        "{edges:?}"
    );
}

#[test]
fn a_trace_without_death_records_is_refused_in_one_line() {
    let out = scratch_dir("deaths-plain").join("trace.gct");
    let src = repo_root().join("programs/DeathSites.java");
    let o = run_gcvm(&[
        "run",
        "--trace",
        out.to_str().unwrap(),
        src.to_str().unwrap(),
        "1",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(5));
    let o = run_gcvm(&["deaths", out.to_str().unwrap()]);
    assert_eq!(o.code, Some(1));
    let err = o.stderr_text();
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--trace-deaths"), "{err}");
}

#[test]
fn trace_deaths_without_a_trace_is_refused() {
    let src = repo_root().join("programs/DeathSites.java");
    let o = run_gcvm(&["run", "--trace-deaths", src.to_str().unwrap(), "1"]);
    assert_eq!(o.code, Some(1), "{}", o.stderr_head(5));
    assert!(
        o.stderr_text().contains("--trace-deaths needs --trace"),
        "{}",
        o.stderr_text()
    );
}

#[test]
fn tracing_deaths_changes_neither_the_output_nor_the_rebuilt_heap() {
    let dir = scratch_dir("deaths-verify");
    let trace = dir.join("trace.gct");
    let dump = dir.join("heap.dump");
    let src = repo_root().join("programs/DeathSites.java");
    let o = run_gcvm(&[
        "run",
        "--gc",
        "region",
        "-Xmx4m",
        "--verify-heap",
        "--heap-dump",
        dump.to_str().unwrap(),
        "--trace",
        trace.to_str().unwrap(),
        "--trace-deaths",
        src.to_str().unwrap(),
        "1",
    ]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(5));
    let expected =
        std::fs::read_to_string(repo_root().join("programs/expected/DeathSites.size1.txt"))
            .unwrap();
    assert_eq!(o.stdout_text(), expected);
    let checked = trace_common::check_trace_against_dump(&trace, &dump).unwrap();
    assert!(checked.boundaries > 2, "{checked:?}");
}
