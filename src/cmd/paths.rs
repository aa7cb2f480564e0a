//! `gcvm paths FILE --at BOUNDARY --to TYPE|SITE|ADDR [--json] [--limit N]`: why objects are
//! alive — their shortest paths from the GC roots, grouped (a trace recorded with
//! `--trace-pointers`).

use super::common::{parse_boundary, print_trace_report};
use clap::Args;
use gcvm_tools::analysis::paths::Target;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct PathsArgs {
    /// The trace file (written by `gcvm run --trace FILE --trace-pointers`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where: gc:N:start, gc:N:end, or end (the end of the run).
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
    /// The objects to explain: a type name (java.util.HashMap), an allocation site
    /// (Main.run:12), either spelled out (type:NAME, site:LABEL), or an address (0x1f40).
    #[arg(long, value_name = "TYPE|SITE|ADDR", value_parser = clap::value_parser!(Target))]
    to: Target,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Path groups to show.
    #[arg(long, value_name = "N", default_value_t = 10)]
    limit: usize,
}

pub fn run(a: PathsArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::paths(
        &a.file, &a.at, &a.to, a.json, a.limit,
    ))
}
