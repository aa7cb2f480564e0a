//! `gcvm dominators FILE --at BOUNDARY [--by type|site] [--json] [--limit N]`: the dominator
//! tree of the heap at a boundary and retained sizes — the objects that would free most if
//! unreferenced, or the retained size of each type or site (a trace recorded with
//! `--trace-pointers`).

use super::common::{parse_boundary, print_trace_report};
use clap::{Args, ValueEnum};
use gcvm_tools::analysis::dominators::DominatorGroup;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
enum By {
    Type,
    Site,
}

#[derive(Args)]
pub struct DominatorsArgs {
    /// The trace file (written by `gcvm run --trace FILE --trace-pointers`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where: gc:N:start, gc:N:end, or end (the end of the run).
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
    /// Group by type or allocation site (each object counted once) instead of listing the
    /// largest retainers.
    #[arg(long, value_enum)]
    by: Option<By>,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
    /// Rows to show.
    #[arg(long, value_name = "N", default_value_t = 25)]
    limit: usize,
}

pub fn run(a: DominatorsArgs) -> ExitCode {
    let by = a.by.map(|b| match b {
        By::Type => DominatorGroup::Type,
        By::Site => DominatorGroup::Site,
    });
    print_trace_report(gcvm_tools::commands::dominators(
        &a.file, &a.at, by, a.json, a.limit,
    ))
}
