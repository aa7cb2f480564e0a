//! The analyses: each reads a trace (replaying it through `HeapModel`) and returns plain data
//! for render/ to print. AntTracks-style analyses (docs/analyses.md) and the trace's own
//! statistics:
//!
//! - `info`: what a trace holds (`gcvm trace info`); `stats`: allocations and collections.
//! - `heap_at`: the heap at a boundary, every object, grouped, or as a tree of groups.
//! - `diff`: perm / born / died / temp per group between two boundaries.
//! - `lifecycle`: one replay recording lives and deaths (`overview`, `lifetimes`, `escapees`,
//!   `leaks`), which `compare` summarises per collector.
//! - `deaths`: allocation site x death site (traces recorded with `--trace-deaths`).
//! - `activity`: the code that ran and the threads' states before each pause (traces recorded
//!   with `--activity`).
//! - On the object graph at a boundary (traces recorded with `--trace-pointers`, `graph`):
//!   `paths` (shortest GC-root paths, grouped), `dominators` (the dominator tree and retained
//!   sizes) and `leaks` (leak suspects by retained-size growth over several graphs).
//!
//! Shared: `replay` (the whole trace through a model, an analysis called per event), `labels`
//! (names of kinds, threads and groups), `pauses` (percentiles).

pub mod activity;
pub mod compare;
pub mod deaths;
pub mod diff;
pub mod dominators;
pub mod heap_at;
pub mod info;
pub mod labels;
pub mod leaks;
pub mod lifecycle;
pub mod paths;
pub mod pauses;
pub mod replay;
pub mod stats;
