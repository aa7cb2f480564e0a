//! `gcvm escapees FILE [--json]`: nursery escapees, the objects that survived one collection and
//! died at the next, per allocation site.

use super::common::{print_trace_report, TraceFileArgs};
use std::process::ExitCode;

pub fn run(a: TraceFileArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::escapees(&a.file, a.json))
}
