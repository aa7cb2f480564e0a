//! The side-by-side collector comparison (`gcvm compare`): metrics of one traced run per
//! collector, and the report as HTML (SVG plots embedded), Markdown and JSON.
//!
//! The `gcvm` command runs the program under each collector with `--trace` (src/compare.rs);
//! everything here reads those traces only. Per collector: wall time (measured by the caller),
//! collections, total / median / p99 / max pause, the MMU curve, heap after each collection over
//! time, bytes moved (copied or compacted), kept in place and freed (swept), survival rate per
//! collection, and trace-derived ages (median lifetime of dead objects in allocated bytes, ages of
//! the objects alive at the end).

use crate::analyses::Lifecycle;
use crate::reader::TraceError;
use crate::render::{arr, human_bytes, Obj};
use crate::svg::{BarChart, LineChart, Series};
use std::path::Path;

/// What one collector did with the program.
pub struct RunMetrics {
    pub collector: String,
    pub wall_s: f64,
    pub exit_code: i32,
    pub collections: usize,
    /// Pauses in µs, in order.
    pub pauses_us: Vec<u64>,
    /// (time ms, bytes live after the collection).
    pub heap_after: Vec<(f64, u64)>,
    /// (collection id, surviving bytes / bytes the collection collected).
    pub survival: Vec<(u32, f64)>,
    pub moved_bytes: u64,
    pub kept_bytes: u64,
    pub freed_bytes: u64,
    pub allocated_bytes: u64,
    /// Run length in µs for the MMU: the last collection's end or the wall time.
    pub span_us: u64,
    /// Median lifetime bucket of dead objects (upper bound, allocated bytes).
    pub median_lifetime_bytes: Option<u64>,
    /// Objects alive at the end per age (collections survived).
    pub ages_at_end: Vec<(u8, u64)>,
    /// Pauses as (start, end) µs since the trace started.
    pub intervals: Vec<(u64, u64)>,
}

/// MMU windows in ms.
pub const MMU_WINDOWS_MS: [f64; 10] =
    [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0];

/// The metrics plotted once per collector (`data-plot` of each `<svg>`).
pub const PER_COLLECTOR_PLOTS: [&str; 4] = ["pauses", "heap-after-gc", "mmu", "survival-rate"];

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Minimum mutator utilisation for a window of `w` µs over `[0, span]` with pauses
/// `(start, end)`: the smallest share of any window that is not paused. Worst windows start at a
/// pause's start or end at a pause's end, so those are the candidates.
pub fn mmu(pauses: &[(u64, u64)], span: u64, w: u64) -> f64 {
    if w == 0 || span == 0 {
        return 1.0;
    }
    if w >= span {
        let paused: u64 = pauses.iter().map(|p| p.1 - p.0).sum();
        return 1.0 - paused.min(span) as f64 / span as f64;
    }
    let paused_in = |a: u64, b: u64| -> u64 {
        pauses
            .iter()
            .map(|&(s, e)| e.min(b).saturating_sub(s.max(a)))
            .sum()
    };
    let mut worst = 1.0f64;
    for &(s, e) in pauses {
        for start in [s, e.saturating_sub(w)] {
            let start = start.min(span - w);
            let u = 1.0 - paused_in(start, start + w) as f64 / w as f64;
            worst = worst.min(u);
        }
    }
    worst.max(0.0)
}

impl RunMetrics {
    /// Reads the trace of one run.
    pub fn from_trace(
        path: &Path,
        collector: &str,
        wall_s: f64,
        exit_code: i32,
    ) -> Result<RunMetrics, TraceError> {
        let l = Lifecycle::read(path)?;
        let pauses_us: Vec<u64> = l.gcs.iter().filter_map(|g| g.pause_us).collect();
        let last_end = l
            .gcs
            .iter()
            .map(|g| g.start_us + g.pause_us.unwrap_or(0))
            .max()
            .unwrap_or(0);
        let span_us = last_end.max((wall_s * 1e6) as u64);
        let median_lifetime_bytes = l.lifetime_median_bucket().map(|k| 1u64 << (k + 1));
        Ok(RunMetrics {
            collector: collector.to_string(),
            wall_s,
            exit_code,
            collections: l.gcs.len(),
            heap_after: l
                .gcs
                .iter()
                .map(|g| {
                    (
                        (g.start_us + g.pause_us.unwrap_or(0)) as f64 / 1000.0,
                        g.after_bytes,
                    )
                })
                .collect(),
            survival: l
                .gcs
                .iter()
                .filter(|g| g.collected_bytes > 0)
                .map(|g| (g.id, g.survivor_bytes as f64 / g.collected_bytes as f64))
                .collect(),
            moved_bytes: l.gcs.iter().map(|g| g.moved_bytes).sum(),
            kept_bytes: l.gcs.iter().map(|g| g.kept_bytes).sum(),
            freed_bytes: l.gcs.iter().map(|g| g.dead_bytes).sum(),
            allocated_bytes: l.allocated_bytes,
            pauses_us,
            span_us,
            median_lifetime_bytes,
            ages_at_end: l.ages_at_end.clone(),
            intervals: l
                .gcs
                .iter()
                .filter_map(|g| g.pause_us.map(|p| (g.start_us, g.start_us + p)))
                .collect(),
        })
    }

    fn sorted_pauses(&self) -> Vec<u64> {
        let mut v = self.pauses_us.clone();
        v.sort_unstable();
        v
    }

    /// (window ms, MMU) for each of `MMU_WINDOWS_MS` no longer than the run.
    pub fn mmu_curve(&self) -> Vec<(f64, f64)> {
        MMU_WINDOWS_MS
            .iter()
            .filter(|&&w| w * 1000.0 <= self.span_us as f64 || w == MMU_WINDOWS_MS[0])
            .map(|&w| (w, mmu(&self.intervals, self.span_us, (w * 1000.0) as u64)))
            .collect()
    }

    fn total_pause_us(&self) -> u64 {
        self.pauses_us.iter().sum()
    }

    fn json(&self) -> String {
        let p = self.sorted_pauses();
        Obj::new()
            .str("collector", &self.collector)
            .num("exit_code", self.exit_code)
            .num("wall_s", format!("{:.3}", self.wall_s))
            .num("collections", self.collections)
            .num("total_pause_us", self.total_pause_us())
            .num("median_pause_us", percentile(&p, 50.0))
            .num("p99_pause_us", percentile(&p, 99.0))
            .num("max_pause_us", p.last().copied().unwrap_or(0))
            .raw(
                "mmu",
                arr(self.mmu_curve().iter().map(|(w, u)| {
                    Obj::new()
                        .num("window_ms", w)
                        .num("mmu", format!("{u:.4}"))
                        .build()
                })),
            )
            .raw(
                "heap_after_gc",
                arr(self.heap_after.iter().map(|(t, b)| {
                    Obj::new()
                        .num("time_ms", format!("{t:.3}"))
                        .num("bytes", b)
                        .build()
                })),
            )
            .raw(
                "survival_rate",
                arr(self.survival.iter().map(|(id, r)| {
                    Obj::new()
                        .num("gc", id)
                        .num("rate", format!("{r:.4}"))
                        .build()
                })),
            )
            .num("allocated_bytes", self.allocated_bytes)
            .num("moved_bytes", self.moved_bytes)
            .num("kept_in_place_bytes", self.kept_bytes)
            .num("freed_bytes", self.freed_bytes)
            .opt("median_lifetime_bytes", self.median_lifetime_bytes)
            .raw(
                "ages_at_end",
                arr(self
                    .ages_at_end
                    .iter()
                    .map(|(a, n)| Obj::new().num("age", a).num("objects", n).build())),
            )
            .build()
    }

    /// The per-collector plots, one per `PER_COLLECTOR_PLOTS` entry.
    fn svgs(&self) -> Vec<String> {
        let tag = Some(self.collector.clone());
        let c = &self.collector;
        vec![
            BarChart {
                title: format!("{c}: pause per collection (ms)"),
                x_label: "collection".into(),
                y_label: "ms".into(),
                bars: self
                    .pauses_us
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (i.to_string(), *p as f64 / 1000.0))
                    .collect(),
                metric: PER_COLLECTOR_PLOTS[0].into(),
                tag: tag.clone(),
            }
            .render(),
            LineChart {
                title: format!("{c}: heap after each collection"),
                x_label: "time (ms)".into(),
                y_label: "bytes".into(),
                series: vec![Series {
                    name: c.clone(),
                    points: self
                        .heap_after
                        .iter()
                        .map(|&(t, b)| (t, b as f64))
                        .collect(),
                }],
                steps: false,
                metric: PER_COLLECTOR_PLOTS[1].into(),
                tag: tag.clone(),
            }
            .render(),
            LineChart {
                title: format!("{c}: minimum mutator utilisation"),
                x_label: "window (ms)".into(),
                y_label: "MMU".into(),
                series: vec![Series {
                    name: c.clone(),
                    points: self.mmu_curve(),
                }],
                steps: false,
                metric: PER_COLLECTOR_PLOTS[2].into(),
                tag: tag.clone(),
            }
            .render(),
            LineChart {
                title: format!("{c}: survival rate per collection"),
                x_label: "collection".into(),
                y_label: "survived / collected".into(),
                series: vec![Series {
                    name: c.clone(),
                    points: self.survival.iter().map(|&(i, r)| (i as f64, r)).collect(),
                }],
                steps: false,
                metric: PER_COLLECTOR_PLOTS[3].into(),
                tag,
            }
            .render(),
        ]
    }
}

/// The whole comparison.
pub struct Comparison {
    pub program: String,
    pub xmx: String,
    pub runs: Vec<RunMetrics>,
    /// Whether every run printed the same output.
    pub same_output: bool,
}

fn ms(us: u64) -> String {
    format!("{:.3}", us as f64 / 1000.0)
}

impl Comparison {
    fn table_rows(&self) -> (Vec<&'static str>, Vec<Vec<String>>) {
        let head = vec![
            "collector",
            "exit",
            "wall s",
            "collections",
            "total pause ms",
            "median ms",
            "p99 ms",
            "max ms",
            "MMU 10 ms",
            "moved",
            "kept in place",
            "freed",
            "mean survival",
            "median lifetime",
        ];
        let rows = self
            .runs
            .iter()
            .map(|r| {
                let p = r.sorted_pauses();
                let mmu10 = mmu(&r.intervals, r.span_us, 10_000);
                let surv = if r.survival.is_empty() {
                    "-".into()
                } else {
                    format!(
                        "{:.1}%",
                        100.0 * r.survival.iter().map(|s| s.1).sum::<f64>()
                            / r.survival.len() as f64
                    )
                };
                vec![
                    r.collector.clone(),
                    r.exit_code.to_string(),
                    format!("{:.3}", r.wall_s),
                    r.collections.to_string(),
                    ms(r.total_pause_us()),
                    ms(percentile(&p, 50.0)),
                    ms(percentile(&p, 99.0)),
                    ms(p.last().copied().unwrap_or(0)),
                    format!("{:.3}", mmu10),
                    human_bytes(r.moved_bytes),
                    human_bytes(r.kept_bytes),
                    human_bytes(r.freed_bytes),
                    surv,
                    r.median_lifetime_bytes
                        .map_or("-".into(), |b| format!("<{}", human_bytes(b))),
                ]
            })
            .collect();
        (head, rows)
    }

    fn intro(&self) -> String {
        format!(
            "`{}` with -Xmx{}, traced, under {} collector(s); {}.",
            self.program,
            self.xmx,
            self.runs.len(),
            if self.same_output {
                "every run printed the same output"
            } else {
                "the runs' outputs DIFFER (see the .out files)"
            }
        )
    }

    /// Markdown: the summary table.
    pub fn markdown(&self) -> String {
        let (head, rows) = self.table_rows();
        let mut o = format!("# gcvm compare\n\n{}\n\n", self.intro());
        o += &format!("| {} |\n", head.join(" | "));
        o += &format!("|{}\n", "---|".repeat(head.len()));
        for r in rows {
            o += &format!("| {} |\n", r.join(" | "));
        }
        o += "\nmoved = copied or compacted; kept in place = survivors reported where they were; freed = dead bytes the collections found (swept or left behind). MMU = minimum mutator utilisation. Median lifetime: of dead objects, in allocated bytes (upper bound of its power-of-two bucket).\n";
        o
    }

    /// JSON: every metric of every run.
    pub fn json(&self) -> String {
        Obj::new()
            .str("program", &self.program)
            .str("xmx", &self.xmx)
            .raw("same_output", self.same_output.to_string())
            .raw("runs", arr(self.runs.iter().map(RunMetrics::json)))
            .build()
            + "\n"
    }

    /// HTML: the table, the all-collector plots, then each collector's plots.
    pub fn html(&self) -> String {
        let (head, rows) = self.table_rows();
        let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;");
        let mut o = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gcvm compare</title><style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}</style></head><body>\n");
        o += &format!(
            "<h1>gcvm compare</h1>\n<p>{}</p>\n<table><tr>",
            esc(&self.intro())
        );
        for h in head {
            o += &format!("<th>{}</th>", esc(h));
        }
        o += "</tr>\n";
        for r in rows {
            o += "<tr>";
            for c in r {
                o += &format!("<td>{}</td>", esc(&c));
            }
            o += "</tr>\n";
        }
        o += "</table>\n<h2>All collectors</h2>\n";
        let all_heap = LineChart {
            title: "Heap after each collection, all collectors".into(),
            x_label: "time (ms)".into(),
            y_label: "bytes".into(),
            series: self
                .runs
                .iter()
                .map(|r| Series {
                    name: r.collector.clone(),
                    points: r.heap_after.iter().map(|&(t, b)| (t, b as f64)).collect(),
                })
                .collect(),
            steps: false,
            metric: "heap-after-gc-all".into(),
            tag: None,
        };
        let all_mmu = LineChart {
            title: "Minimum mutator utilisation, all collectors".into(),
            x_label: "window (ms)".into(),
            y_label: "MMU".into(),
            series: self
                .runs
                .iter()
                .map(|r| Series {
                    name: r.collector.clone(),
                    points: r.mmu_curve(),
                })
                .collect(),
            steps: false,
            metric: "mmu-all".into(),
            tag: None,
        };
        o += &all_heap.render();
        o += "\n";
        o += &all_mmu.render();
        o += "\n";
        for r in &self.runs {
            o += &format!("<h2>{}</h2>\n", esc(&r.collector));
            for s in r.svgs() {
                o += &s;
                o += "\n";
            }
        }
        o += "</body></html>\n";
        o
    }
}
