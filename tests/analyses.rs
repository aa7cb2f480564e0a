//! The trace analyses (docs/analyses.md) on real traces of bundled programs: classifier chains,
//! heap diff, overview, lifetimes, nursery escapees and leak suspects, through the `gcvm`
//! command, checked against each other and against `gcvm heap` / `gcvm stats`.

mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use support::*;

/// Records `program` (a bundled program, size argument `size`) under `collector` with `-Xmx`,
/// once per test process.
fn record(dir: &str, program: &str, size: &str, xmx: &str, collector: &str) -> PathBuf {
    let out = scratch_dir(dir).join("trace.gct");
    let src = repo_root().join("programs").join(program);
    let o = run_gcvm(&[
        "run",
        "--gc",
        collector,
        &format!("-Xmx{xmx}"),
        "--trace",
        out.to_str().unwrap(),
        src.to_str().unwrap(),
        size,
    ]);
    assert_eq!(o.code, Some(0), "{program}: {}", o.stderr_head(10));
    out
}

/// GCBench size 4 in an 8 MB semispace heap: about ten collections.
fn gcbench() -> &'static Path {
    static T: OnceLock<PathBuf> = OnceLock::new();
    T.get_or_init(|| record("analyses-gcbench", "GCBench.java", "4", "8m", "semispace"))
}

/// SlowLeak size 2 in an 8 MB heap: leaked listeners accumulate over ~15 collections.
fn slowleak() -> &'static Path {
    static T: OnceLock<PathBuf> = OnceLock::new();
    T.get_or_init(|| {
        record(
            "analyses-slowleak",
            "SlowLeak.java",
            "2",
            "8m",
            "mark-compact",
        )
    })
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

fn trace(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_classifier_chain_nests_each_classifier_under_the_previous_one() {
    let t = trace(gcbench());
    let flat = json(&["heap", t, "--at", "gc:2:end", "--by", "type"]);
    for chain in ["type,site", "site,type", "age,type,thread"] {
        let tree = json(&["heap", t, "--at", "gc:2:end", "--by", chain]);
        assert_eq!(tree["group_by"], chain);
        assert_eq!(u(&tree["bytes"]), u(&flat["bytes"]), "{chain}: same heap");
        fn check(groups: &Value, depth: usize, levels: usize) -> (u64, u64) {
            let (mut n, mut b) = (0, 0);
            for g in groups.as_array().unwrap() {
                n += u(&g["objects"]);
                b += u(&g["bytes"]);
                if depth + 1 < levels {
                    let sub = check(&g["groups"], depth + 1, levels);
                    assert_eq!(
                        sub,
                        (u(&g["objects"]), u(&g["bytes"])),
                        "children sum to {}",
                        g["key"]
                    );
                } else {
                    assert!(g.get("groups").is_none());
                }
            }
            (n, b)
        }
        let levels = chain.split(',').count();
        assert_eq!(
            check(&tree["groups"], 0, levels),
            (u(&tree["objects"]), u(&tree["bytes"]))
        );
    }
    // the type level of type,site holds what --by type holds
    let tree = json(&["heap", t, "--at", "gc:2:end", "--by", "type,site"]);
    let by_key = |v: &Value| -> Vec<(String, u64)> {
        let mut x: Vec<(String, u64)> = v["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["key"].as_str().unwrap().to_string(), u(&g["bytes"])))
            .collect();
        x.sort();
        x
    };
    assert_eq!(by_key(&tree), by_key(&flat));
}

#[test]
fn a_classifier_chain_with_a_repeated_classifier_is_refused() {
    let o = run_gcvm(&["heap", trace(gcbench()), "--by", "type,site,type"]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr_text().contains("appears twice"),
        "{}",
        o.stderr_text()
    );
}

#[test]
fn heap_diff_perm_and_died_make_the_first_heap_perm_and_born_the_second() {
    let t = trace(gcbench());
    let d = json(&[
        "diff",
        t,
        "--from",
        "gc:1:end",
        "--to",
        "gc:4:end",
        "--by",
        "type,site",
    ]);
    let a = json(&["heap", t, "--at", "gc:1:end", "--by", "type"]);
    let b = json(&["heap", t, "--at", "gc:4:end", "--by", "type"]);
    let cat = |k: &str| (u(&d[k]["objects"]), u(&d[k]["bytes"]));
    let (perm, born, died, temp) = (cat("perm"), cat("born"), cat("died"), cat("temp"));
    assert_eq!(perm.0 + died.0, u(&a["objects"]));
    assert_eq!(perm.1 + died.1, u(&a["bytes"]));
    assert_eq!(perm.0 + born.0, u(&b["objects"]));
    assert_eq!(perm.1 + born.1, u(&b["bytes"]));
    assert!(
        temp.0 > 0 && died.0 > 0,
        "GCBench's short-lived trees die in between: {d}"
    );
    // and per group
    for g in d["groups"].as_array().unwrap() {
        assert!(
            g["key"].as_str().unwrap().contains(" | "),
            "type | site keys"
        );
    }
}

#[test]
fn heap_diff_refuses_unstable_classifiers_and_reversed_boundaries() {
    let t = trace(gcbench());
    let o = run_gcvm(&[
        "diff", t, "--from", "gc:1:end", "--to", "gc:3:end", "--by", "age",
    ]);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr_text().contains("type, site or thread"),
        "{}",
        o.stderr_text()
    );
    let o = run_gcvm(&["diff", t, "--from", "gc:3:end", "--to", "gc:1:end"]);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr_text().contains("must come before"),
        "{}",
        o.stderr_text()
    );
    let o = run_gcvm(&["diff", t, "--from", "gc:1:end", "--to", "gc:999:end"]);
    assert_eq!(o.code, Some(1));
    assert!(o.stderr_text().contains("not found"), "{}", o.stderr_text());
}

#[test]
fn overview_gives_every_collection_its_memory_per_space_pause_and_deaths() {
    let t = trace(gcbench());
    let plot = scratch_dir("analyses-overview").join("overview.html");
    let mut args = vec!["overview", t, "--plot", plot.to_str().unwrap()];
    let ov = json(&args);
    let st = json(&["stats", t]);
    let gcs = ov["collections"].as_array().unwrap();
    let sgcs = st["collections"].as_array().unwrap();
    assert_eq!(gcs.len(), sgcs.len());
    assert!(gcs.len() >= 5, "{} collections", gcs.len());
    for (g, s) in gcs.iter().zip(sgcs) {
        for k in [
            "id",
            "dead_bytes",
            "before_bytes",
            "after_bytes",
            "pause_us",
        ] {
            assert_eq!(g[k], s[k], "{k}");
        }
        let sum = |m: &Value| m.as_object().unwrap().values().map(u).sum::<u64>();
        assert_eq!(sum(&g["spaces_before"]), u(&g["before_bytes"]));
        assert_eq!(sum(&g["spaces_after"]), u(&g["after_bytes"]));
        assert!(!g["cause"].as_str().unwrap().is_empty());
    }
    let html = std::fs::read_to_string(&plot).unwrap();
    for metric in ["memory-per-space", "pauses", "survivors-vs-deaths"] {
        assert_eq!(
            html.matches(&format!("data-plot=\"{metric}\"")).count(),
            1,
            "{metric}"
        );
    }
    args.truncate(2);
    assert!(gcvm_ok(&args).starts_with("overview: "));
}

#[test]
fn lifetimes_account_for_every_dead_object_once() {
    let t = trace(gcbench());
    let plot = scratch_dir("analyses-lifetimes").join("lifetimes.svg");
    let l = json(&[
        "lifetimes",
        t,
        "--by",
        "site",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    let st = json(&["stats", t]);
    let dead: u64 = st["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| u(&g["dead_objects"]))
        .sum();
    let all: u64 = l["all"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| u(&b["objects"]))
        .sum();
    assert_eq!(all, dead);
    let per_site: u64 = l["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| u(&g["objects"]))
        .sum();
    assert_eq!(per_site, dead);
    assert_eq!(u(&l["alive_at_end_objects"]), u(&st["end"]["live_objects"]));
    // buckets are powers of two of allocated bytes, and GCBench's temporaries die young
    for b in l["all"].as_array().unwrap() {
        let hi = u(&b["max_bytes_exclusive"]);
        assert!(hi.is_power_of_two());
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("data-plot=\"lifetimes\""));
    assert_eq!(
        svg.matches("<rect x=").count(),
        l["all"].as_array().unwrap().len()
    );
}

#[test]
fn escapees_are_dead_objects_that_survived_exactly_one_collection() {
    let t = trace(gcbench());
    let e = json(&["escapees", t]);
    let sites = e["sites"].as_array().unwrap();
    assert!(!sites.is_empty());
    for s in sites {
        assert!(u(&s["objects"]) <= u(&s["dead_objects"]));
        assert!(u(&s["objects"]) > 0);
    }
    // GCBench's tree nodes (populate's `new Node`) are caught by a collection mid-construction
    assert!(
        sites
            .iter()
            .any(|s| s["site"].as_str().unwrap().contains("GCBench.")),
        "{e}"
    );
}

#[test]
fn leak_suspects_rank_slowleaks_listener_site_first() {
    let t = trace(slowleak());
    let plot = scratch_dir("analyses-leaks").join("leaks.svg");
    let l = json(&["leaks", t, "--plot", plot.to_str().unwrap()]);
    let first = &l["suspects"][0];
    assert!(
        first["site"]
            .as_str()
            .unwrap()
            .starts_with("SlowLeak$SessionListener.<init>"),
        "{l}"
    );
    assert!(u(&first["last_bytes"]) > 4 * u(&first["first_bytes"]));
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("data-plot=\"leak-suspects\""));
    assert!(gcvm_ok(&["leaks", t]).contains("SlowLeak$SessionListener.<init>"));
}
