//! `gcvm leaks FILE [--json] [--plot OUT.svg]`: leak suspects, the allocation sites whose live
//! bytes grow across collections, ranked; on a trace recorded with `--trace-pointers`, the
//! objects whose retained size grows (at their accumulation point), each with its shortest
//! root path.

use super::common::{print_trace_report, PlotArgs};
use std::process::ExitCode;

pub fn run(a: PlotArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::leaks(
        &a.file,
        a.json,
        a.plot.as_deref(),
    ))
}
