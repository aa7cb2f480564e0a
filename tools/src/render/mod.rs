//! Rendering of what the analyses return, apart from computing it: `text` (tables and
//! Markdown), `json`, `svg` (the reports' plots, drawn with `chart`) and `html` (plot pages and
//! the comparison report); `graph_reports` prints the object-graph analyses (root paths,
//! dominators, retained-size leak suspects) in both text and JSON. `format` holds the building
//! blocks: tables, number formats, the JSON writer, the progress bar.

pub mod chart;
pub mod format;
pub mod graph_reports;
pub mod html;
pub mod json;
pub mod svg;
pub mod text;

pub use format::{arr, human_bytes, js, ms, percent, thousands, Obj, Progress, Table};
