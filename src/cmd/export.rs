//! `gcvm export FILE [--perfetto OUT.json] [--parquet DIR] [--at BOUNDARY] [--jfr OUT.jfr]`: a
//! trace for other tools — Chrome trace-event JSON of the collections (opens in Perfetto),
//! Parquet tables, a JDK Flight Recorder recording (opens in Mission Control, `jfr print`).

use super::common::{parse_boundary, print_trace_report};
use clap::Args;
use gcvm_tools::TraceError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ExportArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Write the collections as Chrome trace-event JSON (opens in Perfetto) into OUT.
    #[arg(long, value_name = "OUT")]
    perfetto: Option<PathBuf>,
    /// Write objects.parquet, events.parquet and collections.parquet into DIR.
    #[arg(long, value_name = "DIR")]
    parquet: Option<PathBuf>,
    /// Write a JDK Flight Recorder recording of the collections, safepoints, threads and
    /// TLAB allocations into OUT (docs/jfr.md).
    #[arg(long, value_name = "OUT")]
    jfr: Option<PathBuf>,
    /// The boundary whose heap objects.parquet holds: gc:N:start, gc:N:end or end.
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
}

pub fn run(a: ExportArgs) -> ExitCode {
    print_trace_report(export(&a))
}

/// The exports asked for, one summary line each.
fn export(a: &ExportArgs) -> Result<String, TraceError> {
    if a.perfetto.is_none() && a.parquet.is_none() && a.jfr.is_none() {
        return Err(TraceError::message(
            "export: give --perfetto OUT.json, --parquet DIR and/or --jfr OUT.jfr",
        ));
    }
    let mut out = String::new();
    if let Some(p) = &a.perfetto {
        let json = gcvm_tools::perfetto::trace_events(&a.file)?;
        std::fs::write(p, json)
            .map_err(|e| TraceError::message(format!("cannot write {}: {e}", p.display())))?;
        out += &format!("{}: trace-event JSON of the collections\n", p.display());
    }
    if let Some(j) = &a.jfr {
        out += &gcvm_tools::jfr_export::export_jfr(&a.file, j)?;
    }
    if let Some(d) = &a.parquet {
        out += &gcvm_tools::parquet_export::export_parquet(&a.file, d, &a.at)?;
    }
    Ok(out)
}
