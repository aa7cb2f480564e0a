//! What the trace commands share: the arguments most of them take, boundary parsing, and how a
//! report or an error reaches the terminal.

use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// A trace file and `--json` (`gcvm trace info`, `gcvm stats`, `gcvm escapees`).
#[derive(Args)]
pub struct TraceFileArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// A trace file, `--json` and `--plot OUT` (`gcvm overview`, `gcvm leaks`, `gcvm lifetimes`).
#[derive(Args)]
pub struct PlotArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also draw the plots into this file (SVG for one plot, HTML for several).
    #[arg(long, value_name = "OUT")]
    pub plot: Option<PathBuf>,
}

/// `--at`, `--from`, `--to`: a boundary (`gc:N:start`, `gc:N:end`, `end`), checked and kept as
/// text.
pub fn parse_boundary(s: &str) -> Result<String, String> {
    s.parse::<gcvm_tools::Boundary>().map(|b| b.to_string())
}

/// Writes `text` to stdout; a closed stdout (`| head`) is not an error worth reporting.
pub fn print_text(text: &str) -> ExitCode {
    let _ = std::io::stdout().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// A command's failure: one line, `gcvm: ` and the message, exit status 1.
pub fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("gcvm: {msg}");
    ExitCode::from(1)
}

/// Prints what a trace tool produced; a malformed trace is one line naming the byte offset.
pub fn print_trace_report(report: Result<String, gcvm_tools::TraceError>) -> ExitCode {
    match report {
        Ok(text) => print_text(&text),
        Err(e) => fail(e.to_string().replace('\n', " ")),
    }
}
