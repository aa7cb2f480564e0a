//! Hand-written SVG plots: line charts (several series, optionally as steps) and bar charts.
//!
//! Small and dependency-free: every plot is one `<svg>` element with a title, two axes and a
//! legend. Each axis is labelled "name (unit)" and its ticks are round values ([`nice_ticks`]:
//! 1, 2, 2.5 or 5 times a power of ten apart) written with just enough decimals to tell them
//! apart. Each `<svg>` carries `data-plot` (the metric) and, when given, `data-series` (e.g. the
//! collector), and its tick labels, axis labels and bar labels the classes `x-tick`, `y-tick`,
//! `x-label`, `y-label` and `bar-label`, so reports that embed plots can be checked without
//! rendering them.

use super::format::binary_unit;
use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 320.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 45.0;

/// About how many intervals a numeric axis is cut into, and how many bar labels are written.
const X_TICKS: usize = 6;
const Y_TICKS: usize = 5;
const BAR_LABELS: usize = 12;

/// Colours of successive series.
pub const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// What an axis's values measure, which names its unit and sets how they are drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unit {
    /// Milliseconds.
    Ms,
    /// Bytes, drawn in B, KiB, MiB, GiB or TiB: the largest the axis's largest value holds.
    Bytes,
    /// A share from 0 to 1, drawn as a percentage.
    Share,
    /// Whole things, numbered or counted, named by the text ("GC #", "objects"): ticks are
    /// whole numbers.
    Whole(&'static str),
}

impl Unit {
    /// How values from `lo` to `hi` are drawn: (data per unit, e.g. 1024² bytes for MiB or 0.01
    /// for %; the unit's name; whether ticks are whole numbers).
    fn drawn(self, lo: f64, hi: f64) -> (f64, &'static str, bool) {
        match self {
            Unit::Ms => (1.0, "ms", false),
            Unit::Bytes => {
                let (size, name) = binary_unit(lo.abs().max(hi.abs()));
                (size, name, size == 1.0)
            }
            Unit::Share => (0.01, "%", false),
            Unit::Whole(name) => (1.0, name, true),
        }
    }
}

/// An axis: what it shows, in which unit. Its label reads "name (unit)".
#[derive(Clone, Debug)]
pub struct Axis {
    pub name: String,
    pub unit: Unit,
}

impl Axis {
    pub fn new(name: &str, unit: Unit) -> Axis {
        Axis {
            name: name.to_string(),
            unit,
        }
    }

    /// "name (unit)".
    fn label(&self, unit: &str) -> String {
        format!("{} ({unit})", self.name)
    }
}

/// One named line.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

/// A line chart.
#[derive(Clone, Debug)]
pub struct LineChart {
    pub title: String,
    pub x: Axis,
    pub y: Axis,
    pub series: Vec<Series>,
    /// Draw each series as steps (value holds until the next point), e.g. heap occupancy.
    pub steps: bool,
    /// `data-plot` and `data-series` attributes.
    pub metric: String,
    pub tag: Option<String>,
}

/// A bar chart of labelled values: `x` names what the bars' labels are, `y` their values.
#[derive(Clone, Debug)]
pub struct BarChart {
    pub title: String,
    pub x: Axis,
    pub y: Axis,
    pub bars: Vec<(String, f64)>,
    pub metric: String,
    pub tag: Option<String>,
}

/// Round tick values covering a range, evenly spaced.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticks {
    pub values: Vec<f64>,
    /// The distance between neighbours: 1, 2, 2.5 or 5 times a power of ten.
    pub step: f64,
    /// The decimals that tell the values apart: those of the step.
    pub decimals: usize,
}

impl Ticks {
    pub fn first(&self) -> f64 {
        self.values[0]
    }

    pub fn last(&self) -> f64 {
        self.values[self.values.len() - 1]
    }

    /// Every value with the same, just sufficient, number of decimals.
    pub fn labels(&self) -> Vec<String> {
        self.values
            .iter()
            .map(|v| format!("{v:.*}", self.decimals))
            .collect()
    }
}

/// Ticks for values from `lo` to `hi` in about `intervals` steps: the first at or below `lo`,
/// the last at or above `hi`, a round step apart (1, 2, 2.5 or 5 times a power of ten; whole
/// numbers 1, 2, 5, 10, 20, 25, ... when `whole`). A range of zero width is widened around its
/// value, so every axis has at least two distinct ticks.
pub fn nice_ticks(lo: f64, hi: f64, intervals: usize, whole: bool) -> Ticks {
    let (lo, hi) = widened(lo, hi);
    let (step, decimals) = nice_step((hi - lo) / intervals.max(1) as f64, whole);
    // The tolerance keeps float error in lo / step and hi / step from adding a tick.
    let first = (lo / step + 1e-9).floor() as i64;
    let last = (hi / step - 1e-9).ceil() as i64;
    let unit = 10f64.powi(decimals as i32);
    let values = (first..=last.max(first + 1))
        .map(|k| (k as f64 * step * unit).round() / unit)
        .collect();
    Ticks {
        values,
        step,
        decimals,
    }
}

/// `lo..hi` ordered and of non-zero width: zero (or garbage) widens to 0..1, another single
/// value v to v ± the power of ten at or below it.
fn widened(lo: f64, hi: f64) -> (f64, f64) {
    if !lo.is_finite() || !hi.is_finite() {
        return (0.0, 1.0);
    }
    let (lo, hi) = (lo.min(hi), lo.max(hi));
    if hi > lo {
        (lo, hi)
    } else if lo == 0.0 {
        (0.0, 1.0)
    } else {
        let pad = 10f64.powi(lo.abs().log10().floor() as i32);
        (lo - pad, lo + pad)
    }
}

/// The smallest round step at least `raw`: 1, 2, 2.5 or 5 times a power of ten (2.5 only where
/// it is whole when `whole`, and at least 1), with the decimals it needs.
fn nice_step(raw: f64, whole: bool) -> (f64, usize) {
    let raw = if whole { raw.max(1.0) } else { raw };
    let e = raw.log10().floor() as i32;
    let candidates = [(1.0, e), (2.0, e), (2.5, e), (5.0, e), (1.0, e + 1)];
    let (m, e) = candidates
        .into_iter()
        .filter(|&(m, e)| !(whole && m == 2.5 && e < 1))
        .find(|&(m, e)| m * 10f64.powi(e) >= raw * (1.0 - 1e-9))
        .unwrap_or((1.0, e + 1));
    // 2.5 has a digit one place below its power of ten.
    let last_digit = if m == 2.5 { e - 1 } else { e };
    (m * 10f64.powi(e), (-last_digit).max(0) as usize)
}

/// Text escaped for XML (SVG and HTML).
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A number in few characters (k, M, G), for a bar's tooltip.
fn short(v: f64) -> String {
    let a = v.abs();
    let (d, s) = if a >= 1e9 {
        (1e9, "G")
    } else if a >= 1e6 {
        (1e6, "M")
    } else if a >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    if (x - x.round()).abs() < 1e-9 {
        format!("{}{s}", x.round())
    } else {
        format!("{:.1}{s}", x)
    }
}

fn open_svg(out: &mut String, metric: &str, tag: &Option<String>, title: &str) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="plot" data-plot="{}"{} width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">"#,
        esc(metric),
        tag.as_ref()
            .map_or(String::new(), |t| format!(r#" data-series="{}""#, esc(t)))
    );
    let _ = write!(
        out,
        r#"<title>{t}</title><rect width="{W}" height="{H}" fill="white"/><text x="{}" y="18" text-anchor="middle" font-size="13" font-weight="bold">{t}</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        t = esc(title)
    );
}

/// A numeric axis ready to draw: the unit its values are drawn in, its ticks and its label.
struct Scale {
    /// Data values are divided by this to be drawn in `unit`.
    per_unit: f64,
    unit: &'static str,
    ticks: Ticks,
    label: String,
}

impl Scale {
    /// The scale of an axis whose data run from `lo` to `hi`, cut into about `intervals`.
    fn new(axis: &Axis, lo: f64, hi: f64, intervals: usize) -> Scale {
        let (per_unit, unit, whole) = axis.unit.drawn(lo, hi);
        Scale {
            per_unit,
            unit,
            ticks: nice_ticks(lo / per_unit, hi / per_unit, intervals, whole),
            label: axis.label(unit),
        }
    }

    /// Where `v` (a data value) lies between the first tick (0) and the last (1).
    fn fraction(&self, v: f64) -> f64 {
        let (a, b) = (self.ticks.first(), self.ticks.last());
        (v / self.per_unit - a) / (b - a)
    }

    /// `v` in the axis's unit, in few characters.
    fn short(&self, v: f64) -> String {
        short(v / self.per_unit)
    }
}

/// The smallest and largest of `values` (0 and 1 when there are none).
fn extent(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .fold(None, |acc: Option<(f64, f64)>, v| {
            Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        })
        .unwrap_or((0.0, 1.0))
}

/// Where values land in the plot area: the x scale (none for bars, whose x axis only has a
/// label) and the y scale.
struct Frame {
    x: Option<Scale>,
    x_label: String,
    y: Scale,
}

impl Frame {
    /// The pixel column of x value `x`; bars pass their index over `slots` with no x scale.
    fn px(&self, x: f64, slots: f64) -> f64 {
        let f = self.x.as_ref().map_or(x / slots, |s| s.fraction(x));
        LEFT + f * (W - LEFT - RIGHT)
    }
    fn py(&self, y: f64) -> f64 {
        H - BOTTOM - self.y.fraction(y) * (H - TOP - BOTTOM)
    }
}

/// The axes' lines, the y ticks with grid lines, the x ticks (when the x axis is numeric) and
/// both axis labels.
fn draw_axes(out: &mut String, f: &Frame) {
    let (l, r, t, b) = (LEFT, W - RIGHT, TOP, H - BOTTOM);
    let _ = write!(
        out,
        r##"<path d="M{l} {t}V{b}H{r}" fill="none" stroke="#333"/>"##
    );
    let y = &f.y;
    for (v, label) in y.ticks.values.iter().zip(y.ticks.labels()) {
        let py = f.py(v * y.per_unit);
        let _ = write!(
            out,
            r##"<line x1="{l}" x2="{r}" y1="{py:.1}" y2="{py:.1}" stroke="#ddd"/><text class="y-tick" x="{}" y="{:.1}" text-anchor="end">{label}</text>"##,
            l - 4.0,
            py + 4.0,
        );
    }
    if let Some(x) = &f.x {
        for (v, label) in x.ticks.values.iter().zip(x.ticks.labels()) {
            let px = f.px(v * x.per_unit, 1.0);
            let _ = write!(
                out,
                r##"<line x1="{px:.1}" x2="{px:.1}" y1="{b}" y2="{}" stroke="#333"/><text class="x-tick" x="{px:.1}" y="{}" text-anchor="middle">{label}</text>"##,
                b + 4.0,
                b + 16.0,
            );
        }
    }
    let _ = write!(
        out,
        r#"<text class="x-label" x="{}" y="{}" text-anchor="middle">{}</text><text class="y-label" transform="translate(14 {}) rotate(-90)" text-anchor="middle">{}</text>"#,
        (l + r) / 2.0,
        H - 8.0,
        esc(&f.x_label),
        (t + b) / 2.0,
        esc(&y.label)
    );
}

fn legend(out: &mut String, names: &[&str]) {
    for (i, n) in names.iter().enumerate() {
        let y = TOP + 10.0 + i as f64 * 16.0;
        let x = W - RIGHT + 10.0;
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{}" width="10" height="10" fill="{}"/><text x="{}" y="{}">{}</text>"#,
            y - 9.0,
            PALETTE[i % PALETTE.len()],
            x + 14.0,
            y,
            esc(n)
        );
    }
}

impl LineChart {
    pub fn render(&self) -> String {
        let mut out = String::new();
        open_svg(&mut out, &self.metric, &self.tag, &self.title);
        let points = || self.series.iter().flat_map(|s| s.points.iter());
        let (x0, x1) = extent(points().map(|p| p.0));
        let (y0, y1) = extent(points().map(|p| p.1));
        let x = Scale::new(&self.x, x0, x1, X_TICKS);
        let a = Frame {
            x_label: x.label.clone(),
            x: Some(x),
            // Values are drawn from zero up, so heights compare.
            y: Scale::new(&self.y, y0.min(0.0), y1, Y_TICKS),
        };
        draw_axes(&mut out, &a);
        for (i, s) in self.series.iter().enumerate() {
            let mut d = String::new();
            let mut prev: Option<(f64, f64)> = None;
            for &(x, y) in &s.points {
                let (px, py) = (a.px(x, 1.0), a.py(y));
                match prev {
                    None => {
                        let _ = write!(d, "M{px:.1} {py:.1}");
                    }
                    Some(_) if self.steps => {
                        let _ = write!(d, "H{px:.1}V{py:.1}");
                    }
                    Some(_) => {
                        let _ = write!(d, "L{px:.1} {py:.1}");
                    }
                }
                prev = Some((px, py));
            }
            let c = PALETTE[i % PALETTE.len()];
            let _ = write!(
                out,
                r#"<path d="{d}" fill="none" stroke="{c}" stroke-width="1.5"><title>{}</title></path>"#,
                esc(&s.name)
            );
            if s.points.len() == 1 {
                let (px, py) = (a.px(s.points[0].0, 1.0), a.py(s.points[0].1));
                let _ = write!(
                    out,
                    r#"<circle cx="{px:.1}" cy="{py:.1}" r="2.5" fill="{c}"/>"#
                );
            }
        }
        let names: Vec<&str> = self.series.iter().map(|s| s.name.as_str()).collect();
        legend(&mut out, &names);
        out.push_str("</svg>");
        out
    }
}

impl BarChart {
    pub fn render(&self) -> String {
        let mut out = String::new();
        open_svg(&mut out, &self.metric, &self.tag, &self.title);
        let (y0, y1) = extent(self.bars.iter().map(|b| b.1));
        let a = Frame {
            x: None,
            x_label: self.x.label(self.x.unit.drawn(0.0, 0.0).1),
            y: Scale::new(&self.y, y0.min(0.0), y1, Y_TICKS),
        };
        draw_axes(&mut out, &a);
        let slots = self.bars.len().max(1) as f64;
        // Every label when they fit, else every 2nd, 5th, 10th, ... bar's.
        let every = nice_step(self.bars.len() as f64 / BAR_LABELS as f64, true).0 as usize;
        for (i, (label, v)) in self.bars.iter().enumerate() {
            let (x, xe) = (a.px(i as f64, slots), a.px(i as f64 + 1.0, slots));
            let (y, yb) = (a.py(*v), a.py(0.0));
            let _ = write!(
                out,
                r#"<rect x="{:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{}: {} {}</title></rect>"#,
                x + 1.0,
                (xe - x - 2.0).max(0.5),
                (yb - y).max(0.0),
                PALETTE[0],
                esc(label),
                a.y.short(*v),
                esc(a.y.unit),
            );
            if i % every == 0 {
                let _ = write!(
                    out,
                    r#"<text class="bar-label" x="{:.1}" y="{:.1}" text-anchor="end" transform="rotate(-30 {:.1} {:.1})" font-size="9">{}</text>"#,
                    (x + xe) / 2.0,
                    yb + 12.0,
                    (x + xe) / 2.0,
                    yb + 12.0,
                    esc(label)
                );
            }
        }
        out.push_str("</svg>");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_over_0_to_0_17_are_five_hundredths_apart_with_two_decimals() {
        let t = nice_ticks(0.0, 0.17, 5, false);
        assert_eq!(t.step, 0.05);
        assert_eq!(t.labels(), ["0.00", "0.05", "0.10", "0.15", "0.20"]);
    }

    #[test]
    fn ticks_over_0_to_1_are_fifths_with_one_decimal() {
        let t = nice_ticks(0.0, 1.0, 5, false);
        assert_eq!(t.labels(), ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
    }

    #[test]
    fn ticks_over_3_to_7_are_the_whole_numbers_between() {
        let t = nice_ticks(3.0, 7.0, 5, false);
        assert_eq!(t.values, [3.0, 4.0, 5.0, 6.0, 7.0]);
        assert_eq!(t.labels(), ["3", "4", "5", "6", "7"]);
    }

    #[test]
    fn ticks_over_0_to_12345_are_2500_apart_up_to_12500() {
        let t = nice_ticks(0.0, 12345.0, 5, false);
        assert_eq!(t.labels(), ["0", "2500", "5000", "7500", "10000", "12500"]);
    }

    #[test]
    fn a_step_of_2_5_gets_the_decimal_below_its_power_of_ten() {
        let t = nice_ticks(0.0, 1.2, 5, false);
        assert_eq!(t.step, 0.25);
        assert_eq!(t.labels()[..3], ["0.00", "0.25", "0.50"]);
    }

    #[test]
    fn a_zero_width_range_at_zero_gets_ticks_from_0_to_1() {
        let t = nice_ticks(0.0, 0.0, 5, false);
        assert_eq!((t.first(), t.last()), (0.0, 1.0));
        assert_eq!(t.values.len(), 6);
    }

    #[test]
    fn a_zero_width_range_elsewhere_gets_ticks_on_both_sides_of_its_value() {
        let t = nice_ticks(3.0, 3.0, 6, true);
        assert_eq!(t.values, [2.0, 3.0, 4.0]);
    }

    #[test]
    fn whole_ticks_are_never_less_than_one_apart() {
        let t = nice_ticks(1.0, 3.0, 6, true);
        assert_eq!(t.labels(), ["1", "2", "3"]);
    }

    #[test]
    fn whole_ticks_skip_2_5_but_not_25() {
        assert_eq!(nice_ticks(0.0, 12.0, 5, false).step, 2.5);
        assert_eq!(nice_ticks(0.0, 12.0, 5, true).step, 5.0);
        assert_eq!(nice_ticks(0.0, 120.0, 5, true).step, 25.0);
    }

    #[test]
    fn a_reversed_range_gets_the_ticks_of_the_ordered_one() {
        assert_eq!(
            nice_ticks(7.0, 3.0, 5, false),
            nice_ticks(3.0, 7.0, 5, false)
        );
    }

    proptest::proptest! {
        /// Whatever the range (at least a millionth of its values wide, which floats can still
        /// cut into steps), the labels are distinct and the values increase by the step.
        #[test]
        fn tick_labels_are_distinct_and_evenly_spaced_for_any_range(
            lo in -1e7f64..1e7,
            width in 10f64..1e7,
            scale in -9i32..9,
            intervals in 1usize..12,
        ) {
            let (lo, hi) = (lo * 10f64.powi(scale), (lo + width) * 10f64.powi(scale));
            let t = nice_ticks(lo, hi, intervals, false);
            let l = t.labels();
            let distinct: std::collections::BTreeSet<&String> = l.iter().collect();
            proptest::prop_assert_eq!(distinct.len(), l.len(), "{:?}", l);
            for w in t.values.windows(2) {
                let gap = w[1] - w[0];
                proptest::prop_assert!((gap - t.step).abs() <= t.step * 1e-6, "{:?}", t);
            }
        }

        /// The ticks cover the range, overshooting by less than a step at either end.
        #[test]
        fn ticks_cover_the_range_within_a_step(
            lo in -1e6f64..1e6,
            width in 1e-3f64..1e6,
            intervals in 1usize..12,
        ) {
            let t = nice_ticks(lo, lo + width, intervals, false);
            let slack = t.step * 1e-6;
            proptest::prop_assert!(t.first() <= lo + slack && lo - t.first() < t.step + slack, "{:?}", t);
            let hi = lo + width;
            proptest::prop_assert!(t.last() >= hi - slack && t.last() - hi < t.step + slack, "{:?}", t);
        }
    }

    /// The text of every `<text class="CLASS" ...>` element of `svg`.
    fn texts_of(svg: &str, class: &str) -> Vec<String> {
        let open = format!(r#"<text class="{class}""#);
        svg.split(&open)
            .skip(1)
            .map(|rest| {
                let body = &rest[rest.find('>').unwrap() + 1..];
                body[..body.find("</text>").unwrap()].to_string()
            })
            .collect()
    }

    fn line_chart(x: Axis, y: Axis, points: Vec<(f64, f64)>) -> String {
        LineChart {
            title: "t".into(),
            x,
            y,
            series: vec![Series {
                name: "a".into(),
                points,
            }],
            steps: false,
            metric: "m".into(),
            tag: None,
        }
        .render()
    }

    #[test]
    fn bytes_are_drawn_in_the_largest_unit_the_axis_holds() {
        let mib = 1024.0 * 1024.0;
        let c = line_chart(
            Axis::new("time", Unit::Ms),
            Axis::new("heap", Unit::Bytes),
            vec![(0.0, 0.5 * mib), (10.0, 3.2 * mib)],
        );
        assert_eq!(texts_of(&c, "y-label"), ["heap (MiB)"]);
        assert_eq!(texts_of(&c, "y-tick"), ["0", "1", "2", "3", "4"]);
        assert_eq!(texts_of(&c, "x-label"), ["time (ms)"]);
    }

    #[test]
    fn shares_are_drawn_as_percentages() {
        let c = line_chart(
            Axis::new("collection", Unit::Whole("GC #")),
            Axis::new("survived", Unit::Share),
            vec![(1.0, 0.17), (2.0, 0.05)],
        );
        assert_eq!(texts_of(&c, "y-label"), ["survived (%)"]);
        assert_eq!(texts_of(&c, "y-tick"), ["0", "5", "10", "15", "20"]);
        assert_eq!(texts_of(&c, "x-tick"), ["1", "2"]);
        assert_eq!(texts_of(&c, "x-label"), ["collection (GC #)"]);
    }

    #[test]
    fn bar_labels_thin_out_to_a_round_stride() {
        let c = BarChart {
            title: "t".into(),
            x: Axis::new("collection", Unit::Whole("GC #")),
            y: Axis::new("pause", Unit::Ms),
            bars: (0..30).map(|i| (i.to_string(), 1.0)).collect(),
            metric: "m".into(),
            tag: None,
        }
        .render();
        assert_eq!(
            texts_of(&c, "bar-label"),
            ["0", "5", "10", "15", "20", "25"]
        );
        assert_eq!(texts_of(&c, "x-label"), ["collection (GC #)"]);
    }

    #[test]
    fn a_line_chart_has_one_path_per_series_and_its_metric() {
        let c = LineChart {
            title: "heap <after>".into(),
            x: Axis::new("x", Unit::Ms),
            y: Axis::new("y", Unit::Bytes),
            series: vec![
                Series {
                    name: "a".into(),
                    points: vec![(0.0, 1.0), (1.0, 2.0)],
                },
                Series {
                    name: "b".into(),
                    points: vec![(0.0, 3.0), (2.0, 1.0)],
                },
            ],
            steps: true,
            metric: "heap".into(),
            tag: Some("semispace".into()),
        }
        .render();
        assert_eq!(c.matches("stroke-width=\"1.5\"").count(), 2);
        assert!(c.contains(r#"data-plot="heap" data-series="semispace""#));
        assert!(c.contains("heap &lt;after&gt;"));
        assert!(c.starts_with("<svg") && c.ends_with("</svg>"));
    }

    #[test]
    fn a_bar_chart_has_one_bar_per_value() {
        let c = BarChart {
            title: "t".into(),
            x: Axis::new("x", Unit::Whole("GC #")),
            y: Axis::new("y", Unit::Ms),
            bars: vec![("a".into(), 1.0), ("b".into(), 0.0), ("c".into(), 5.0)],
            metric: "m".into(),
            tag: None,
        }
        .render();
        assert_eq!(c.matches("<rect x=").count(), 3);
    }
}
