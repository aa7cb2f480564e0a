//! `gcvm stats FILE [--json]`: allocations per type, site and size, each collection's survivors
//! and dead, pauses.

use super::common::{print_trace_report, TraceFileArgs};
use std::process::ExitCode;

pub fn run(a: TraceFileArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::stats(&a.file, a.json))
}
