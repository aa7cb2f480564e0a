//! The `gcvm` command: run Java programs under a chosen collector, and read what they recorded.
//!
//! `gcvm run [OPTIONS] <MainClass | File.java> [ARGS...]`. Java-style options (`-cp`, `-Xmx64m`,
//! `-Xms`, `-Xss`, `-Xlog:gc`) are accepted beside gcvm's own long options. `--trace FILE`
//! records the object-level event trace; `gcvm trace info`, `gcvm stats` and `gcvm heap` read it
//! (through gcvm-tools, which never links the VM).
//!
//! This file names the commands and dispatches; each command lives in src/cmd/ (its arguments
//! and its `run`), the argument plumbing in options.rs and sizes.rs. It is a library so that
//! another binary can be gcvm plus something: src/main.rs is `gcvm`, and labs/ builds
//! `gcvm-lab`, gcvm with the labs' collectors registered and a `check` command.

mod cmd;
mod javac;
mod options;
mod signals;
mod sizes;

use clap::{Parser, Subcommand};
use cmd::common::{PlotArgs, TraceFileArgs};
use cmd::*;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gcvm",
    version,
    about = "A research mini-JVM whose garbage collectors you can watch"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a Java program: a main class on the class path, or a .java source file.
    Run(run::RunArgs),
    /// Benchmark bundled programs against HotSpot, side by side.
    Bench(bench::BenchArgs),
    /// Run one program under every collector (or a list), traced, and write a side-by-side
    /// report: HTML with plots, Markdown, JSON.
    Compare(compare::CompareArgs),
    /// Inspect a recorded trace.
    #[command(subcommand)]
    Trace(trace::TraceCommand),
    /// Statistics of a recorded trace: allocations per type, site and size, each collection's
    /// survivors and dead, pauses.
    Stats(TraceFileArgs),
    /// The heap at a collection boundary, rebuilt from a recorded trace.
    Heap(heap::HeapArgs),
    /// What happened between two boundaries of a trace, per group: perm, born, died, temp.
    Diff(diff::DiffArgs),
    /// Each collection of a trace: memory per space before and after, pause and cause,
    /// survivors and deaths.
    Overview(PlotArgs),
    /// Lifetimes of a trace's dead objects in allocated bytes, per type or allocation site.
    Lifetimes(lifetimes::LifetimesArgs),
    /// Death times and sites (a trace recorded with --trace-deaths): allocation site x death
    /// site pairs, and a hive plot (SVG) of allocating class -> killing class.
    Deaths(deaths::DeathsArgs),
    /// Code activity and thread states before each pause (a trace recorded with --activity):
    /// the top methods, classes or packages by bytecodes and by allocated bytes, each
    /// thread's time per state, and who the safepoint waited for.
    Activity(activity::ActivityArgs),
    /// Nursery escapees: objects that survived one collection and died at the next, per site.
    Escapees(TraceFileArgs),
    /// Leak suspects: allocation sites whose live bytes grow across collections, ranked; on a
    /// trace recorded with --trace-pointers, the objects whose retained size grows, each with
    /// its shortest path from a GC root.
    Leaks(PlotArgs),
    /// Shortest paths from the GC roots to chosen objects, grouped (a trace recorded with
    /// --trace-pointers): why they are alive.
    Paths(paths::PathsArgs),
    /// The dominator tree of the heap at a boundary (a trace recorded with --trace-pointers):
    /// the objects retaining most, or retained size per type or allocation site.
    Dominators(dominators::DominatorsArgs),
    /// Write the heap at a boundary of a trace as an HPROF heap dump (for heap-dump analysers).
    Hprof(hprof::HprofArgs),
    /// Export a trace for other tools: Perfetto / Chrome trace-event JSON, Parquet tables.
    Export(export::ExportArgs),
    /// Serve heap-stream recordings to the browser viewer: one, or two side by side.
    Replay(replay::ReplayArgs),
    /// Heap streams recomputed from a trace at any tile size, at every collection's start and
    /// end (and a region trace's evacuation steps), written as a stream recording (watch it
    /// with `gcvm replay OUT`).
    Tiles(tiles::TilesArgs),
}

/// The `gcvm` command on this process's arguments; its exit status is gcvm's.
pub fn main() -> ExitCode {
    signals::report_panics_as_internal_errors();
    signals::schedule_test_internal_error();
    if let Err(msg) = signals::install() {
        eprintln!("{msg}");
        return ExitCode::from(1);
    }
    match options::parse::<Cli>(std::env::args().collect()) {
        Ok(cli) => dispatch(cli.command),
        Err(code) => code,
    }
}

/// Runs the command; its exit status is gcvm's.
fn dispatch(command: Command) -> ExitCode {
    match command {
        Command::Run(a) => run::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Trace(c) => trace::run(c),
        Command::Stats(a) => stats::run(a),
        Command::Heap(a) => heap::run(a),
        Command::Diff(a) => diff::run(a),
        Command::Overview(a) => overview::run(a),
        Command::Lifetimes(a) => lifetimes::run(a),
        Command::Deaths(a) => deaths::run(a),
        Command::Activity(a) => activity::run(a),
        Command::Escapees(a) => escapees::run(a),
        Command::Leaks(a) => leaks::run(a),
        Command::Paths(a) => paths::run(a),
        Command::Dominators(a) => dominators::run(a),
        Command::Hprof(a) => hprof::run(a),
        Command::Export(a) => export::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Tiles(a) => tiles::run(a),
    }
}
