//! `gcvm deaths FILE [--json] [--plot OUT.svg] [--top N]`: death times and sites of a trace
//! recorded with `--trace-deaths` — allocation site x death site pairs, and a hive plot of
//! allocating class -> killing class.

use super::common::print_trace_report;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct DeathsArgs {
    /// The trace file (written by `gcvm run --trace FILE --trace-deaths`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON (every pair) instead of a table.
    #[arg(long)]
    json: bool,
    /// Also draw the hive plot into this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    plot: Option<PathBuf>,
    /// Rows of the table (the pairs with the most objects).
    #[arg(long, value_name = "N", default_value_t = 30)]
    top: usize,
}

pub fn run(a: DeathsArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::deaths(
        &a.file,
        a.json,
        a.plot.as_deref(),
        a.top,
    ))
}
