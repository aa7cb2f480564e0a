//! `gcvm lifetimes FILE [--by type|site] [--json] [--plot OUT.svg]`: lifetimes of a trace's
//! dead objects in allocated bytes, per type or allocation site.

use super::common::{print_trace_report, PlotArgs};
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct LifetimesArgs {
    #[command(flatten)]
    common: PlotArgs,
    /// Group the dead objects by type or by allocation site.
    #[arg(long, value_name = "GROUP", default_value = "type", value_parser = ["type", "site"])]
    by: String,
}

pub fn run(a: LifetimesArgs) -> ExitCode {
    print_trace_report(gcvm_tools::commands::lifetimes(
        &a.common.file,
        a.by == "site",
        a.common.json,
        a.common.plot.as_deref(),
    ))
}
