//! The `gcvm` commands, one file each: its clap arguments and its `run`, which returns the exit
//! status. What several commands share is in `common`.

pub mod activity;
pub mod bench;
pub mod common;
pub mod compare;
pub mod deaths;
pub mod diff;
pub mod dominators;
pub mod escapees;
pub mod export;
pub mod heap;
pub mod hprof;
pub mod leaks;
pub mod lifetimes;
pub mod overview;
pub mod paths;
pub mod replay;
pub mod run;
pub mod stats;
pub mod tiles;
pub mod trace;
