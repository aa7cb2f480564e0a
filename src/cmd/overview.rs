//! `gcvm overview FILE [--json] [--plot OUT]`: each collection of a trace — memory per space
//! before and after, pause and cause, survivors and deaths.

use super::common::{print_trace_report, PlotArgs};
use std::process::ExitCode;

pub fn run(a: PlotArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::overview(
        &a.file,
        a.json,
        a.plot.as_deref(),
    ))
}
