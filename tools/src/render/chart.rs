//! Hand-written SVG plots: line charts (several series, optionally as steps) and bar charts.
//!
//! Small and dependency-free: every plot is one `<svg>` element with a title, two axes with
//! "nice" ticks, and a legend. Each `<svg>` carries `data-plot` (the metric) and, when given,
//! `data-series` (e.g. the collector), so reports that embed plots can be checked without
//! rendering them.

use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 320.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 150.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 45.0;

/// Colours of successive series.
pub const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

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
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    /// Draw each series as steps (value holds until the next point), e.g. heap occupancy.
    pub steps: bool,
    /// `data-plot` and `data-series` attributes.
    pub metric: String,
    pub tag: Option<String>,
}

/// A bar chart of labelled values.
#[derive(Clone, Debug)]
pub struct BarChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub bars: Vec<(String, f64)>,
    pub metric: String,
    pub tag: Option<String>,
}

/// Text escaped for XML (SVG and HTML).
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Round tick step: 1, 2 or 5 times a power of ten, about `n` ticks over `span`.
fn tick_step(span: f64, n: f64) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / n;
    let p = 10f64.powf(raw.log10().floor());
    let m = raw / p;
    let k = if m < 1.5 {
        1.0
    } else if m < 3.5 {
        2.0
    } else if m < 7.5 {
        5.0
    } else {
        10.0
    };
    k * p
}

/// A number as a short tick label (k, M, G).
pub fn short(v: f64) -> String {
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

struct Axes {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

impl Axes {
    fn px(&self, x: f64) -> f64 {
        LEFT + (x - self.x0) / (self.x1 - self.x0).max(f64::MIN_POSITIVE) * (W - LEFT - RIGHT)
    }
    fn py(&self, y: f64) -> f64 {
        H - BOTTOM - (y - self.y0) / (self.y1 - self.y0).max(f64::MIN_POSITIVE) * (H - TOP - BOTTOM)
    }
}

fn draw_axes(out: &mut String, a: &Axes, x_label: &str, y_label: &str, x_ticks: bool) {
    let (l, r, t, b) = (LEFT, W - RIGHT, TOP, H - BOTTOM);
    let _ = write!(
        out,
        r##"<path d="M{l} {t}V{b}H{r}" fill="none" stroke="#333"/>"##
    );
    let ys = tick_step(a.y1 - a.y0, 5.0);
    let mut y = (a.y0 / ys).ceil() * ys;
    while y <= a.y1 + ys * 1e-9 {
        let py = a.py(y);
        let _ = write!(
            out,
            r##"<line x1="{l}" x2="{r}" y1="{py:.1}" y2="{py:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            l - 4.0,
            py + 4.0,
            short(y)
        );
        y += ys;
    }
    if x_ticks {
        let xs = tick_step(a.x1 - a.x0, 6.0);
        let mut x = (a.x0 / xs).ceil() * xs;
        while x <= a.x1 + xs * 1e-9 {
            let px = a.px(x);
            let _ = write!(
                out,
                r##"<line x1="{px:.1}" x2="{px:.1}" y1="{b}" y2="{}" stroke="#333"/><text x="{px:.1}" y="{}" text-anchor="middle">{}</text>"##,
                b + 4.0,
                b + 16.0,
                short(x)
            );
            x += xs;
        }
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text><text transform="translate(14 {}) rotate(-90)" text-anchor="middle">{}</text>"#,
        (l + r) / 2.0,
        H - 8.0,
        esc(x_label),
        (t + b) / 2.0,
        esc(y_label)
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
        let pts = self.series.iter().flat_map(|s| s.points.iter());
        let (mut x0, mut x1, mut y1) = (f64::MAX, f64::MIN, 0f64);
        for &(x, y) in pts {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        if x0 > x1 {
            (x0, x1) = (0.0, 1.0);
        }
        if x1 <= x0 {
            x1 = x0 + 1.0;
        }
        if y1 <= 0.0 {
            y1 = 1.0;
        }
        let a = Axes {
            x0,
            x1,
            y0: 0.0,
            y1: y1 * 1.05,
        };
        draw_axes(&mut out, &a, &self.x_label, &self.y_label, true);
        for (i, s) in self.series.iter().enumerate() {
            let mut d = String::new();
            let mut prev: Option<(f64, f64)> = None;
            for &(x, y) in &s.points {
                let (px, py) = (a.px(x), a.py(y));
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
                let (px, py) = (a.px(s.points[0].0), a.py(s.points[0].1));
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
        let top = self.bars.iter().map(|b| b.1).fold(0f64, f64::max);
        let a = Axes {
            x0: 0.0,
            x1: self.bars.len().max(1) as f64,
            y0: 0.0,
            y1: if top > 0.0 { top * 1.05 } else { 1.0 },
        };
        draw_axes(&mut out, &a, &self.x_label, &self.y_label, false);
        let every = (self.bars.len() / 12).max(1);
        for (i, (label, v)) in self.bars.iter().enumerate() {
            let (x, xe) = (a.px(i as f64), a.px(i as f64 + 1.0));
            let (y, yb) = (a.py(*v), a.py(0.0));
            let _ = write!(
                out,
                r#"<rect x="{:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{}: {}</title></rect>"#,
                x + 1.0,
                (xe - x - 2.0).max(0.5),
                (yb - y).max(0.0),
                PALETTE[0],
                esc(label),
                short(*v)
            );
            if i % every == 0 {
                let _ = write!(
                    out,
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="end" transform="rotate(-30 {:.1} {:.1})" font-size="9">{}</text>"#,
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
    fn ticks_are_round_numbers() {
        assert_eq!(tick_step(100.0, 5.0), 20.0);
        assert_eq!(tick_step(7.0, 5.0), 1.0);
        assert_eq!(tick_step(3e6, 6.0), 5e5);
    }

    #[test]
    fn a_line_chart_has_one_path_per_series_and_its_metric() {
        let c = LineChart {
            title: "heap <after>".into(),
            x_label: "x".into(),
            y_label: "y".into(),
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
            x_label: "x".into(),
            y_label: "y".into(),
            bars: vec![("a".into(), 1.0), ("b".into(), 0.0), ("c".into(), 5.0)],
            metric: "m".into(),
            tag: None,
        }
        .render();
        assert_eq!(c.matches("<rect x=").count(), 3);
    }
}
