//! `gcvm compare` on a bundled program: one run per registered collector, and a report whose
//! HTML embeds one plot per metric per collector (checked on the SVG elements' data attributes,
//! without rendering), with Markdown and JSON beside it. Every plot's axes are checked on the
//! SVG text: tick labels distinct, increasing, evenly spaced round values, each axis labelled
//! with its unit.

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

// ---------------------------------------------------------------------------
// The report's axes
// ---------------------------------------------------------------------------

/// The units an axis of the report may name.
const UNITS: [&str; 7] = ["ms", "B", "KiB", "MiB", "GiB", "%", "GC #"];

/// report.html of one comparison of GCBench under every collector, shared by the axis tests.
fn report_html() -> &'static str {
    static HTML: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HTML.get_or_init(|| {
        let out = scratch_dir("compare-axes");
        let o = compare(&out, &[]);
        assert_eq!(o.code, Some(0), "{}", o.stderr_head(20));
        std::fs::read_to_string(out.join("report.html")).unwrap()
    })
}

/// Each `<svg>` of the report: (its data-plot and data-series, its text up to `</svg>`).
fn plots() -> Vec<(String, &'static str)> {
    report_html()
        .split("<svg ")
        .skip(1)
        .map(|svg| {
            let svg = &svg[..svg.find("</svg>").expect("every <svg> closes")];
            let head = &svg[..svg.find('>').unwrap()];
            (head.split(" width=").next().unwrap().to_string(), svg)
        })
        .collect()
}

/// The text of every `<text class="CLASS" ...>` element of `svg`, in order.
fn texts(svg: &str, class: &str) -> Vec<String> {
    svg.split(&format!(r#"<text class="{class}""#))
        .skip(1)
        .map(|rest| {
            let body = &rest[rest.find('>').unwrap() + 1..];
            body[..body.find("</text>").unwrap()].to_string()
        })
        .collect()
}

/// Every numeric axis of the report: (plot and axis, its tick labels bottom-up or left to
/// right). Bar charts' x axes are labelled bars, not ticks.
fn tick_axes() -> Vec<(String, Vec<String>)> {
    let mut axes = Vec::new();
    for (plot, svg) in plots() {
        for class in ["x-tick", "y-tick"] {
            let labels = texts(svg, class);
            if !labels.is_empty() {
                axes.push((format!("{plot} {class}"), labels));
            }
        }
    }
    axes
}

fn numbers(axis: &str, labels: &[String]) -> Vec<f64> {
    labels
        .iter()
        .map(|l| {
            l.parse()
                .unwrap_or_else(|_| panic!("{axis}: tick {l:?} is not a plain number"))
        })
        .collect()
}

/// The distance between the first two ticks.
fn step(axis: &str, labels: &[String]) -> f64 {
    let v = numbers(axis, labels);
    v[1] - v[0]
}

/// The fewest decimals that write `x` exactly (to float precision).
fn decimals_of(x: f64) -> usize {
    (0..12)
        .find(|&d| (format!("{x:.d$}").parse::<f64>().unwrap() - x).abs() <= x.abs() * 1e-9)
        .unwrap_or(12)
}

#[test]
fn every_report_plot_has_at_least_two_ticks_on_its_value_axis() {
    for (plot, svg) in plots() {
        assert!(texts(svg, "y-tick").len() >= 2, "{plot}");
    }
}

#[test]
fn every_report_line_plot_has_at_least_two_ticks_on_its_x_axis() {
    let lines: Vec<_> = plots()
        .into_iter()
        .filter(|(_, svg)| svg.contains(r#"stroke-width="1.5""#))
        .collect();
    assert_eq!(lines.len(), 2 + 3 * COLLECTORS.len());
    for (plot, svg) in lines {
        assert!(texts(svg, "x-tick").len() >= 2, "{plot}");
    }
}

#[test]
fn report_tick_labels_are_distinct_on_every_axis() {
    for (axis, labels) in tick_axes() {
        let distinct: std::collections::BTreeSet<&String> = labels.iter().collect();
        assert_eq!(distinct.len(), labels.len(), "{axis}: {labels:?}");
    }
}

#[test]
fn report_ticks_increase_along_every_axis() {
    for (axis, labels) in tick_axes() {
        let v = numbers(&axis, &labels);
        assert!(v.windows(2).all(|w| w[0] < w[1]), "{axis}: {labels:?}");
    }
}

#[test]
fn report_ticks_are_evenly_spaced_on_every_axis() {
    for (axis, labels) in tick_axes() {
        let step = step(&axis, &labels);
        let v = numbers(&axis, &labels);
        for w in v.windows(2) {
            assert!(
                (w[1] - w[0] - step).abs() <= step * 1e-9,
                "{axis}: {labels:?}"
            );
        }
    }
}

#[test]
fn report_ticks_are_multiples_of_a_round_step() {
    for (axis, labels) in tick_axes() {
        let step = step(&axis, &labels);
        let mantissa = step / 10f64.powi(step.log10().floor() as i32);
        assert!(
            [1.0, 2.0, 2.5, 5.0]
                .iter()
                .any(|m| (mantissa - m).abs() < 1e-9),
            "{axis}: step {step} of {labels:?}"
        );
        for v in numbers(&axis, &labels) {
            let k = v / step;
            assert!((k - k.round()).abs() < 1e-9, "{axis}: {v} in {labels:?}");
        }
    }
}

#[test]
fn report_tick_labels_have_just_the_decimals_of_their_step() {
    for (axis, labels) in tick_axes() {
        let want = decimals_of(step(&axis, &labels));
        for l in &labels {
            let got = l.split_once('.').map_or(0, |(_, d)| d.len());
            assert_eq!(got, want, "{axis}: {labels:?}");
        }
    }
}

#[test]
fn every_report_plot_names_the_unit_of_both_axes() {
    for (plot, svg) in plots() {
        for class in ["x-label", "y-label"] {
            let label = texts(svg, class);
            assert_eq!(label.len(), 1, "{plot} {class}");
            let unit = label[0]
                .strip_suffix(')')
                .and_then(|l| l.rsplit_once(" ("))
                .map(|(_, unit)| unit);
            assert!(
                unit.is_some_and(|u| UNITS.contains(&u)),
                "{plot} {class}: {:?} names none of {UNITS:?}",
                label[0]
            );
        }
    }
}
