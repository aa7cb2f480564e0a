//! The reports as files to open in a browser: a plot file (one SVG, or an HTML page of several),
//! and `gcvm compare`'s report.html.

use super::svg;
use super::text::{comparison_intro, comparison_table};
use crate::analysis::compare::Comparison;

/// The text of a plot file: one plot as an SVG file, several as an HTML page that embeds them.
pub fn plot_file(title: &str, svgs: &[String]) -> String {
    match svgs {
        [one] => format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{one}\n"),
        many => format!(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{t}</title></head><body>\n<h1>{t}</h1>\n{}\n</body></html>\n",
            many.join("\n"),
            t = title
        ),
    }
}

/// HTML: the table, the all-collector plots, then each collector's plots.
pub fn comparison(c: &Comparison) -> String {
    let (head, rows) = comparison_table(c);
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;");
    let mut o = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>gcvm compare</title><style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}</style></head><body>\n");
    o += &format!(
        "<h1>gcvm compare</h1>\n<p>{}</p>\n<table><tr>",
        esc(&comparison_intro(c))
    );
    for h in head {
        o += &format!("<th>{}</th>", esc(h));
    }
    o += "</tr>\n";
    for r in rows {
        o += "<tr>";
        for cell in r {
            o += &format!("<td>{}</td>", esc(&cell));
        }
        o += "</tr>\n";
    }
    o += "</table>\n<h2>All collectors</h2>\n";
    let [all_heap, all_mmu] = svg::all_collectors(c);
    o += &all_heap;
    o += "\n";
    o += &all_mmu;
    o += "\n";
    for r in &c.runs {
        o += &format!("<h2>{}</h2>\n", esc(&r.collector));
        for s in svg::run_metrics(r) {
            o += &s;
            o += "\n";
        }
    }
    o += "</body></html>\n";
    o
}
