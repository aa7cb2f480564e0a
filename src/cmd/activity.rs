//! `gcvm activity FILE [--around gc:N] [--by method|class|package] [--top K] [--window MS]
//! [--json]`: the code that ran (top methods, classes or packages by bytecodes and by allocated
//! bytes) and the threads' states before each pause of a trace recorded with
//! `gcvm run --activity --trace FILE`.

use super::common::print_trace_report;
use clap::Args;
use gcvm_tools::analysis::activity::{ActivityOptions, CodeUnit};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ActivityArgs {
    /// The trace file (written by `gcvm run --activity --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Only the pause of collection N (`gc:N`).
    #[arg(long, value_name = "gc:N", value_parser = parse_gc)]
    around: Option<u32>,
    /// Group the code by method, class or package.
    #[arg(long, value_name = "UNIT", default_value = "method", value_parser = CodeUnit::parse)]
    by: CodeUnit,
    /// Rows per ranking.
    #[arg(long, value_name = "K", default_value_t = 10)]
    top: usize,
    /// The window before each pause, in milliseconds (default: since the previous pause).
    #[arg(long, value_name = "MS")]
    window: Option<u64>,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

/// `gc:N` -> N.
fn parse_gc(s: &str) -> Result<u32, String> {
    s.strip_prefix("gc:")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("expected gc:N (a collection number), found {s:?}"))
}

pub fn run(a: ActivityArgs) -> ExitCode {
    let options = ActivityOptions {
        around: a.around,
        by: a.by,
        top: a.top,
        window_ms: a.window,
    };
    print_trace_report(gcvm_tools::commands::activity(&a.file, options, a.json))
}
