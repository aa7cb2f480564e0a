//! `gcvm hprof FILE [--at BOUNDARY] -o OUT`: the heap at a boundary of a trace as an HPROF heap
//! dump, for heap-dump analysers.

use super::common::{parse_boundary, print_trace_report};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct HprofArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where: gc:N:start, gc:N:end, or end (the heap at exit).
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
    /// The HPROF file to write.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: PathBuf,
}

/// Writes the dump; prints one line: where, how many objects, which boundary.
pub fn run(a: HprofArgs) -> ExitCode {
    print_trace_report(
        gcvm_tools::hprof::write_hprof(&a.file, &a.at, &a.output).map(|n| {
            format!(
                "{}: {n} objects of the heap at {}\n",
                a.output.display(),
                a.at
            )
        }),
    )
}
