//! `gcvm trace info FILE [--json]`: what a trace holds — header, chunks, events per kind,
//! threads, collections, spaces — without rebuilding the heap.

use super::common::{print_trace_report, TraceFileArgs};
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum TraceCommand {
    /// What a trace holds: header, chunks, events per kind, threads, collections, spaces.
    Info(TraceFileArgs),
}

pub fn run(command: TraceCommand) -> ExitCode {
    match command {
        TraceCommand::Info(a) => {
            print_trace_report(gcvm_tools::commands::trace_info(&a.file, a.json))
        }
    }
}
