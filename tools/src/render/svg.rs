//! The reports' plots, each one `<svg>` element: the overview, lifetimes and leak suspects
//! (charts of render/chart.rs), the deaths' hive plot, and `gcvm compare`'s plots.

use super::chart::{esc, Axis, BarChart, LineChart, Series, Unit};
use super::text::life_label;
use crate::analysis::compare::{Comparison, RunMetrics, PER_COLLECTOR_PLOTS};
use crate::analysis::deaths::Death;
use crate::analysis::lifecycle::Lifecycle;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Plots of the overview: memory per space over time, pauses, survivors vs deaths.
pub fn overview(l: &Lifecycle) -> Vec<String> {
    let t = |us: u64| us as f64 / 1000.0;
    let spaces = l
        .space_labels()
        .into_iter()
        .map(|s| Series {
            points: l
                .gcs
                .iter()
                .flat_map(|g| {
                    [
                        (t(g.start_us), *g.spaces_before.get(&s).unwrap_or(&0) as f64),
                        (
                            t(g.start_us + g.pause_us.unwrap_or(0)),
                            *g.spaces_after.get(&s).unwrap_or(&0) as f64,
                        ),
                    ]
                })
                .collect(),
            name: s,
        })
        .collect();
    let memory = LineChart {
        title: "Live bytes per space at each collection's start and end".into(),
        x: Axis::new("time", Unit::Ms),
        y: Axis::new("live", Unit::Bytes),
        series: spaces,
        steps: false,
        metric: "memory-per-space".into(),
        tag: None,
    };
    let pauses = BarChart {
        title: "Pause per collection (ms)".into(),
        x: Axis::new("collection", Unit::Whole("GC #, kind, cause")),
        y: Axis::new("pause", Unit::Ms),
        bars: l
            .gcs
            .iter()
            .map(|g| {
                (
                    format!("{} {} {}", g.id, g.kind, g.cause),
                    g.pause_us.unwrap_or(0) as f64 / 1000.0,
                )
            })
            .collect(),
        metric: "pauses".into(),
        tag: None,
    };
    let survival = LineChart {
        title: "Survivors and deaths per collection".into(),
        x: Axis::new("collection", Unit::Whole("GC #")),
        y: Axis::new("survived or died", Unit::Bytes),
        series: vec![
            Series {
                name: "survived".into(),
                points: l
                    .gcs
                    .iter()
                    .map(|g| (g.id as f64, g.survivor_bytes as f64))
                    .collect(),
            },
            Series {
                name: "died".into(),
                points: l
                    .gcs
                    .iter()
                    .map(|g| (g.id as f64, g.dead_bytes as f64))
                    .collect(),
            },
        ],
        steps: false,
        metric: "survivors-vs-deaths".into(),
        tag: None,
    };
    vec![memory.render(), pauses.render(), survival.render()]
}

/// The lifetime histogram as a bar chart.
pub fn lifetimes(l: &Lifecycle) -> String {
    BarChart {
        title: "Dead objects by lifetime (bytes allocated between allocation and death)".into(),
        x: Axis::new("lifetime", Unit::Whole("bytes allocated")),
        y: Axis::new("dead", Unit::Whole("objects")),
        bars: l
            .lifetimes
            .buckets
            .iter()
            .map(|(&k, &(n, _))| (life_label(k), n as f64))
            .collect(),
        metric: "lifetimes".into(),
        tag: None,
    }
    .render()
}

/// The top suspects' live bytes after each collection.
pub fn leaks(l: &Lifecycle) -> String {
    LineChart {
        title: "Live bytes of the top leak suspects after each collection".into(),
        x: Axis::new("allocated", Unit::Bytes),
        y: Axis::new("live", Unit::Bytes),
        series: l
            .leak_suspects()
            .into_iter()
            .take(5)
            .map(|(s, _, _, series)| Series {
                name: s.chars().take(22).collect(),
                points: series
                    .iter()
                    .zip(&l.gcs)
                    .map(|(&b, g)| (g.allocated as f64, b as f64))
                    .collect(),
            })
            .collect(),
        steps: false,
        metric: "leak-suspects".into(),
        tag: None,
    }
    .render()
}

/// The per-collector plots, one per `PER_COLLECTOR_PLOTS` entry.
pub fn run_metrics(r: &RunMetrics) -> Vec<String> {
    let tag = Some(r.collector.clone());
    let c = &r.collector;
    vec![
        BarChart {
            title: format!("{c}: pause per collection (ms)"),
            x: Axis::new("collection", Unit::Whole("GC #")),
            y: Axis::new("pause", Unit::Ms),
            bars: r
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
            x: Axis::new("time", Unit::Ms),
            y: Axis::new("heap after GC", Unit::Bytes),
            series: vec![Series {
                name: c.clone(),
                points: r.heap_after.iter().map(|&(t, b)| (t, b as f64)).collect(),
            }],
            steps: false,
            metric: PER_COLLECTOR_PLOTS[1].into(),
            tag: tag.clone(),
        }
        .render(),
        LineChart {
            title: format!("{c}: minimum mutator utilisation"),
            x: Axis::new("window", Unit::Ms),
            y: Axis::new("MMU", Unit::Share),
            series: vec![Series {
                name: c.clone(),
                points: r.mmu_curve(),
            }],
            steps: false,
            metric: PER_COLLECTOR_PLOTS[2].into(),
            tag: tag.clone(),
        }
        .render(),
        LineChart {
            title: format!("{c}: survival rate per collection"),
            x: Axis::new("collection", Unit::Whole("GC #")),
            y: Axis::new("survived / collected", Unit::Share),
            series: vec![Series {
                name: c.clone(),
                points: r.survival.iter().map(|&(i, r)| (i as f64, r)).collect(),
            }],
            steps: false,
            metric: PER_COLLECTOR_PLOTS[3].into(),
            tag,
        }
        .render(),
    ]
}

/// `gcvm compare`'s plots of every collector together: heap after each collection, MMU.
pub fn all_collectors(c: &Comparison) -> [String; 2] {
    let all_heap = LineChart {
        title: "Heap after each collection, all collectors".into(),
        x: Axis::new("time", Unit::Ms),
        y: Axis::new("heap after GC", Unit::Bytes),
        series: c
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
        x: Axis::new("window", Unit::Ms),
        y: Axis::new("MMU", Unit::Share),
        series: c
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
    [all_heap.render(), all_mmu.render()]
}

/// `gcvm deaths --plot`: the hive plot of allocation class -> death class, as Veroy, Ricci and
/// Guyer draw it ("Visualizing the allocation and death of objects", VISSOFT 2013; notes in
/// /work/shared/notes/jove-and-death-plots.md): one node per class, allocation-only classes on
/// the north axis, death-only classes on the west, classes that do both on the south axis and
/// its clone on the east; an edge from the class that allocated to the class that killed, green
/// when they are the same class, its width growing with the number of objects.
pub fn hive(deaths: &[(Death, u64, u64, u128)]) -> String {
    let mut edges: BTreeMap<(String, String), u64> = BTreeMap::new();
    for (d, n, ..) in deaths {
        *edges
            .entry((d.site_class.clone(), d.context_class.clone()))
            .or_default() += n;
    }
    let allocs: BTreeSet<&String> = edges.keys().map(|(a, _)| a).collect();
    let kills: BTreeSet<&String> = edges.keys().map(|(_, k)| k).collect();
    let mut weight: HashMap<String, u64> = HashMap::new();
    for ((a, k), n) in &edges {
        *weight.entry(a.clone()).or_default() += n;
        *weight.entry(k.clone()).or_default() += n;
    }
    let by_weight = |mut v: Vec<String>| -> Vec<String> {
        v.sort_by(|a, b| weight[b].cmp(&weight[a]).then(a.cmp(b)));
        v
    };
    let north = by_weight(allocs.difference(&kills).map(|s| (*s).clone()).collect());
    let west = by_weight(kills.difference(&allocs).map(|s| (*s).clone()).collect());
    let both = by_weight(allocs.intersection(&kills).map(|s| (*s).clone()).collect());
    let (w, h, c, r0, r1) = (900.0, 900.0, 450.0, 40.0, 400.0);
    // Axis angles in degrees (SVG: y down): north -90, east 0, south 90, west 180.
    let place = |axis: &[String], angle: f64| -> HashMap<String, (f64, f64)> {
        let n = axis.len();
        axis.iter()
            .enumerate()
            .map(|(i, name)| {
                let r = r0 + (r1 - r0) * (i as f64 + 1.0) / (n as f64 + 1.0);
                let a = angle.to_radians();
                (name.clone(), (c + r * a.cos(), c + r * a.sin()))
            })
            .collect()
    };
    let pos_north = place(&north, -90.0);
    let pos_east = place(&both, 0.0);
    let pos_south = place(&both, 90.0);
    let pos_west = place(&west, 180.0);
    let max = edges.values().copied().max().unwrap_or(1) as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"10\">\n<title>gcvm deaths: allocation class to death class (hive plot)</title>\n"
    );
    for (angle, label) in [
        (-90.0f64, "allocation only"),
        (0.0, "both (allocating)"),
        (90.0, "both (killing)"),
        (180.0, "death only"),
    ] {
        let a = angle.to_radians();
        let (x0, y0) = (c + r0 * a.cos(), c + r0 * a.sin());
        let (x1, y1) = (c + r1 * a.cos(), c + r1 * a.sin());
        svg += &format!(
            "<line class=\"axis\" x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{x1:.1}\" y2=\"{y1:.1}\" stroke=\"black\" stroke-width=\"2\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{label}</text>\n",
            c + (r1 + 25.0) * a.cos(),
            c + (r1 + 25.0) * a.sin()
        );
    }
    for ((a, k), n) in &edges {
        let from = pos_north.get(a).or_else(|| pos_east.get(a));
        let to = pos_west.get(k).or_else(|| pos_south.get(k));
        let (Some(&(x0, y0)), Some(&(x1, y1))) = (from, to) else {
            continue;
        };
        // The control point pulls the curve toward the centre.
        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let (qx, qy) = (c + (mx - c) * 0.4, c + (my - c) * 0.4);
        let width = 0.5 + 4.0 * ((*n as f64).ln_1p() / max.ln_1p());
        let colour = if a == k { "#2a9d3a" } else { "#888888" };
        svg += &format!(
            "<path class=\"edge\" data-from=\"{}\" data-to=\"{}\" data-objects=\"{n}\" d=\"M{x0:.1},{y0:.1} Q{qx:.1},{qy:.1} {x1:.1},{y1:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-opacity=\"0.6\" stroke-width=\"{width:.2}\"><title>{} -> {}: {n} objects</title></path>\n",
            esc(a),
            esc(k),
            esc(a),
            esc(k)
        );
    }
    for (axis, positions) in [
        ("north", &pos_north),
        ("east", &pos_east),
        ("south", &pos_south),
        ("west", &pos_west),
    ] {
        let mut names: Vec<(&String, &(f64, f64))> = positions.iter().collect();
        names.sort_by(|a, b| a.0.cmp(b.0));
        for (name, &(x, y)) in names {
            svg += &format!(
                "<circle class=\"node\" data-axis=\"{axis}\" data-class=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{}\"><title>{}</title></circle>\n",
                esc(name),
                package_colour(name),
                esc(name)
            );
        }
    }
    svg += "</svg>";
    svg
}

/// A colour per package, as the paper colours nodes.
fn package_colour(class: &str) -> String {
    let package = class.rsplit_once('/').map_or("", |(p, _)| p);
    let mut h: u32 = 2166136261;
    for b in package.bytes() {
        h = (h ^ b as u32).wrapping_mul(16777619);
    }
    format!("hsl({}, 60%, 45%)", h % 360)
}
