//! gcvm's offline tools: trace reader, heap reconstruction, statistics, diffs and exports.
//!
//! Dependency rule: this crate reads traces and heap streams through `gcvm-tracer`'s format only;
//! it never links the interpreter or the collectors. See tools/README.md and docs/trace-format.md.
//!
//! Layout: `reader` decodes a trace, `heap` models the heap it describes, `reconstruct` rebuilds
//! it at a `boundary`; `analysis/` computes each report as plain data and `render/` prints it
//! (text, JSON, SVG, HTML); `commands` joins the two for the CLI. Exports: `hprof`, `perfetto`,
//! `parquet_export`, `tiles`.
//!
//! Entry points for the CLI (each returns the text to print; `json` selects JSON):
//! - `trace_info(path, json)` — `gcvm trace info`: header, chunks, counts per event kind, threads,
//!   collections.
//! - `stats(path, json)` — `gcvm stats`: allocations per type and site, size histogram, per
//!   collection survivors / dead / moved, pauses.
//! - `heap_at(path, "gc:12:end", GroupBy::Type, json)` — `gcvm heap`: the heap at a boundary,
//!   object by object or grouped.
//! - the others in `commands`: `heap_by_chain`, `diff`, `overview`, `lifetimes`, `escapees`,
//!   `leaks`, `deaths`, `activity`; on traces recorded with `--trace-pointers`, `paths`
//!   (shortest GC-root paths) and `dominators` (retained sizes), and `leaks` by retained size.

pub mod analysis;
pub mod boundary;
pub mod commands;
pub mod graph;
pub mod heap;
pub mod hprof;
mod inflate;
pub mod jfr_export;
pub mod parquet_export;
pub mod perfetto;
pub mod pointers;
pub mod reader;
pub mod reconstruct;
pub mod render;
pub mod tiles;

pub use analysis::compare;
pub use boundary::{Boundary, Chain, GroupBy};
pub use commands::{heap_at, stats, trace_info};
pub use heap::{Desc, GcRecord, HeapModel, ObjectView};
pub use reader::{
    ChunkInfo, Event, EventVisitor, SiteSym, Space, Symbols, TraceError, TraceReader, Trailer,
    TypeSym, Visit,
};
pub use reconstruct::{heap_objects, reconstruct, reconstruct_from, HeapObject, Reconstruction};

/// The analyses' paths from before analysis and rendering were split.
pub mod analyses {
    pub use crate::analysis::lifecycle::{GcPoint, Histogram, Lifecycle};
    pub use crate::boundary::{parse_chain, Chain};
    pub use crate::commands::{
        diff, escapees, heap_by_chain, leaks, lifetimes, overview, write_plots,
    };
}

/// `gcvm deaths`'s paths from before analysis and rendering were split.
pub mod deaths {
    pub use crate::analysis::deaths::{pairs, read_deaths, Death, Pair};
    pub use crate::commands::deaths;
}
