//! `gcvm heap FILE [--at BOUNDARY] [--by GROUP[,GROUP...]] [--json]`: the heap at a collection
//! boundary, rebuilt from a trace — every object, grouped, or a tree of groups.

use super::common::{parse_boundary, print_trace_report};
use clap::Args;
use gcvm_tools::Chain;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct HeapArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where: gc:N:start (everything allocated before collection N), gc:N:end (what it left),
    /// or end (the end of the run).
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
    /// List every object, or group them: [possible values: objects, type, site, age, space,
    /// thread]; or a chain of them, comma-separated, as a tree (type,site; age,type; ...).
    #[arg(long, value_name = "GROUP", default_value = "type", value_parser = clap::value_parser!(Chain))]
    by: Chain,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

/// One classifier: a table of groups (or every object); a chain: a tree.
pub fn run(a: HeapArgs) -> ExitCode {
    print_trace_report(match a.by.0.as_slice() {
        [one] => gcvm_tools::commands::heap_at(&a.file, &a.at, *one, a.json),
        chain => gcvm_tools::commands::heap_by_chain(&a.file, &a.at, chain, a.json),
    })
}
