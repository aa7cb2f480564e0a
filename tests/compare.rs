//! `gcvm compare` on a bundled program: one run per registered collector, and a report whose
//! HTML embeds one plot per metric per collector (checked on the SVG elements' data attributes,
//! without rendering), with Markdown and JSON beside it.

mod support;

use support::*;

const PER_COLLECTOR_PLOTS: [&str; 4] = ["pauses", "heap-after-gc", "mmu", "survival-rate"];

fn compare(out: &std::path::Path, extra: &[&str]) -> Outcome {
    let src = repo_root().join("programs/GCBench.java");
    let mut args = vec!["compare", "-Xmx8m", "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push(src.to_str().unwrap());
    args.push("4");
    run_gcvm(&args)
}

#[test]
fn compare_writes_one_plot_per_metric_per_collector() {
    let out = scratch_dir("compare-all");
    let o = compare(&out, &[]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(20));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    for c in COLLECTORS {
        for m in PER_COLLECTOR_PLOTS {
            let tag = format!(r#"data-plot="{m}" data-series="{c}""#);
            assert_eq!(html.matches(&tag).count(), 1, "{m} for {c}");
        }
    }
    let plots = html.matches("<svg ").count();
    assert_eq!(plots, COLLECTORS.len() * PER_COLLECTOR_PLOTS.len() + 2);
    // the all-collector heap plot has one line per collector
    let all = html
        .split(r#"data-plot="heap-after-gc-all""#)
        .nth(1)
        .unwrap();
    let all = &all[..all.find("</svg>").unwrap()];
    assert_eq!(
        all.matches(r#"stroke-width="1.5""#).count(),
        COLLECTORS.len()
    );
}

#[test]
fn compare_reports_every_collector_in_markdown_and_json() {
    let out = scratch_dir("compare-two");
    let two = [COLLECTORS[0], COLLECTORS[COLLECTORS.len() - 1]];
    let list = two.join(",");
    let o = compare(&out, &["--collectors", &list]);
    assert_eq!(o.code, Some(0), "{}", o.stderr_head(20));
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(o.stdout_text().starts_with(&md));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(
        json["same_output"], true,
        "every collector prints GCBench's output"
    );
    let runs = json["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    for (r, c) in runs.iter().zip(two) {
        assert_eq!(r["collector"], c);
        assert!(md.contains(&format!("| {c} | 0 |")), "{md}");
        let n = r["collections"].as_u64().unwrap();
        assert!(n > 0, "{c} collects GCBench in 8 MB");
        assert_eq!(r["heap_after_gc"].as_array().unwrap().len() as u64, n);
        let p = |k: &str| r[k].as_u64().unwrap();
        assert!(
            p("median_pause_us") <= p("p99_pause_us") && p("p99_pause_us") <= p("max_pause_us")
        );
        assert!(p("max_pause_us") <= p("total_pause_us"));
        let mmu: Vec<f64> = r["mmu"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["mmu"].as_f64().unwrap())
            .collect();
        assert!(
            !mmu.is_empty() && mmu.iter().all(|u| (0.0..=1.0).contains(u)),
            "{mmu:?}"
        );
        assert!(std::path::Path::new(&out.join(format!("{c}.gct"))).exists());
    }
}

#[test]
fn compare_refuses_an_unknown_collector() {
    let out = scratch_dir("compare-bad");
    let o = compare(&out, &["--collectors", "semispace,nope"]);
    assert_eq!(o.code, Some(1));
    assert!(
        o.stderr_text().contains("unknown collector \"nope\""),
        "{}",
        o.stderr_text()
    );
}
