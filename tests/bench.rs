//! `gcvm bench`: runs a bundled program under gcvm and, side by side, on HotSpot, and reports
//! each configuration's median time and its ratio to HotSpot -Xint.

mod support;

use support::*;

fn bench(args: &[&str]) -> Outcome {
    let dir = repo_root().join("programs");
    let dir = dir.to_string_lossy().into_owned();
    let mut all = vec!["bench", "--dir", dir.as_str()];
    all.extend_from_slice(args);
    run_gcvm(&all)
}

#[test]
fn bench_passes_further_arguments_and_reports_the_ratio_to_hotspot() {
    let out = bench(&[
        "--programs",
        "ThreadRing",
        "--size",
        "1",
        "--args",
        "monitor",
        "--collectors",
        "semispace",
        "--reps",
        "1",
        "--no-jit",
        "--format",
        "json",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(20));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON rows");
    let rows = rows.as_array().expect("an array of rows");
    let config = |r: &serde_json::Value| r["config"].as_str().unwrap_or_default().to_string();
    let configs: Vec<String> = rows.iter().map(config).collect();
    assert_eq!(
        configs,
        ["gcvm semispace", "hotspot-xint -XX:+UseSerialGC"],
        "one row per configuration"
    );
    for r in rows {
        assert_eq!(r["program"], "ThreadRing");
        assert!(r["median_s"].as_f64().unwrap() > 0.0, "{r}");
    }
    let ratio = rows[0]["ratio_to_hotspot_xint"]
        .as_f64()
        .expect("gcvm's row has a ratio");
    let expected = rows[0]["median_s"].as_f64().unwrap() / rows[1]["median_s"].as_f64().unwrap();
    assert!(
        (ratio - expected).abs() < 0.01 + expected * 0.01,
        "{ratio} vs {expected}"
    );
}

#[test]
fn bench_names_an_unknown_program() {
    let out = bench(&["--programs", "NoSuchProgram", "--reps", "1"]);
    assert_ne!(out.code, Some(0));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no program named NoSuchProgram"),
        "{}",
        out.stderr_head(5)
    );
}

#[test]
fn bench_arguments_need_a_size() {
    let out = bench(&["--args", "park"]);
    assert_eq!(out.code, Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--size"));
}

#[test]
fn bench_compares_with_the_hotspot_collectors_asked_for() {
    let out = bench(&[
        "--programs",
        "ThreadRing",
        "--size",
        "1",
        "--args",
        "monitor",
        "--collectors",
        "concurrent-mark-sweep",
        "--hotspot-gcs",
        "serial",
        "--reps",
        "1",
        "--no-jit",
        "--format",
        "csv",
    ]);
    assert_eq!(out.code, Some(0), "{}", out.stderr_head(20));
    let text = String::from_utf8_lossy(&out.stdout);
    let configs: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(
        configs,
        [
            "gcvm concurrent-mark-sweep",
            "hotspot-xint -XX:+UseSerialGC"
        ],
        "Serial instead of ZGC and G1"
    );
    let gcvm_row = text.lines().nth(1).unwrap();
    assert!(!gcvm_row.ends_with(','), "a ratio to Serial: {gcvm_row}");
}

#[test]
fn bench_names_an_unknown_hotspot_collector() {
    let out = bench(&["--hotspot-gcs", "serial,cms"]);
    assert_eq!(out.code, Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown HotSpot collector 'cms'"));
}
