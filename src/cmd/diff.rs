//! `gcvm diff FILE --from A [--to B] [--by CHAIN] [--json]`: what happened between two
//! boundaries of a trace, per group: perm, born, died, temp.

use super::common::{parse_boundary, print_trace_report};
use clap::Args;
use gcvm_tools::Chain;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct DiffArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The first boundary: gc:N:start, gc:N:end.
    #[arg(long, value_name = "BOUNDARY", value_parser = parse_boundary)]
    from: String,
    /// The second boundary: gc:N:start, gc:N:end or end.
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    to: String,
    /// Group by a chain of type, site, thread (e.g. type,site).
    #[arg(long, value_name = "CHAIN", default_value = "type", value_parser = clap::value_parser!(Chain))]
    by: Chain,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

pub fn run(a: DiffArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::diff(
        &a.file, &a.from, &a.to, &a.by.0, a.json,
    ))
}
