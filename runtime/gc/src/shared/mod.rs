//! What every collector shares (HotSpot's gc/shared, mmtk's policies and utilities): the GC
//! worker pool, the side mark bitmap, sizing rules, write barriers and their per-thread
//! buffers, the per-mutator state, the controller that lets a collector run its own
//! background thread and ask for pauses, and lazily backed zeroed side tables.

pub mod barrier;
pub mod barrier_check;
pub mod controller;
pub mod kept_runs;
pub mod markbitmap;
pub mod mutator;
pub mod overhead;
pub mod queues;
pub mod refs;
pub mod sizing;
pub mod steps;
pub mod workers;
pub mod zeroed;
