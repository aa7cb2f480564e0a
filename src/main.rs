//! The `gcvm` command: run Java programs under a chosen collector, and read what they recorded.
//!
//! `gcvm run [OPTIONS] <MainClass | File.java> [ARGS...]`. Java-style options (`-cp`, `-Xmx64m`,
//! `-Xms`, `-Xss`, `-Xlog:gc`) are accepted beside gcvm's own long options. `--trace FILE`
//! records the object-level event trace; `gcvm trace info`, `gcvm stats` and `gcvm heap` read it
//! (through gcvm-tools, which never links the VM).

mod bench;
mod compare;
mod replay;
mod signals;

use clap::{Args, Parser, Subcommand};
use gcvm_gc::HeapConfig;
use gcvm_interp::{Recording, VmOptions};
use std::path::{Path, PathBuf};
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
    Run(RunArgs),
    /// Benchmark bundled programs against HotSpot, side by side.
    Bench(bench::BenchArgs),
    /// Run one program under every collector (or a list), traced, and write a side-by-side
    /// report: HTML with plots, Markdown, JSON.
    Compare(compare::CompareArgs),
    /// Inspect a recorded trace.
    #[command(subcommand)]
    Trace(TraceCommand),
    /// Statistics of a recorded trace: allocations per type, site and size, each collection's
    /// survivors and dead, pauses.
    Stats(TraceFileArgs),
    /// The heap at a collection boundary, rebuilt from a recorded trace.
    Heap(HeapArgs),
    /// What happened between two boundaries of a trace, per group: perm, born, died, temp.
    Diff(DiffArgs),
    /// Each collection of a trace: memory per space before and after, pause and cause,
    /// survivors and deaths.
    Overview(PlotArgs),
    /// Lifetimes of a trace's dead objects in allocated bytes, per type or allocation site.
    Lifetimes(LifetimesArgs),
    /// Death times and sites (a trace recorded with --trace-deaths): allocation site x death
    /// site pairs, and a hive plot (SVG) of allocating class -> killing class.
    Deaths(DeathsArgs),
    /// Nursery escapees: objects that survived one collection and died at the next, per site.
    Escapees(TraceFileArgs),
    /// Leak suspects: allocation sites whose live bytes grow across collections, ranked.
    Leaks(PlotArgs),
    /// Write the heap at a boundary of a trace as an HPROF heap dump (for heap-dump analysers).
    Hprof(HprofArgs),
    /// Export a trace for other tools: Perfetto / Chrome trace-event JSON, Parquet tables.
    Export(ExportArgs),
    /// Serve heap-stream recordings to the browser viewer: one, or two side by side.
    Replay(replay::ReplayArgs),
    /// Heap streams recomputed from a trace at any tile size, at every collection's start and
    /// end, written as a stream recording (watch it with `gcvm replay OUT`).
    Tiles(TilesArgs),
}

#[derive(Args)]
struct TilesArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Bytes per tile: a power of two from 256 to 64m.
    #[arg(long = "tile-size", value_name = "SIZE", default_value = "8k", value_parser = parse_tile_size)]
    tile_size: u64,
    /// The stream recording to write.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: PathBuf,
}

#[derive(Args)]
struct ExportArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Write the collections as Chrome trace-event JSON (opens in Perfetto) into OUT.
    #[arg(long, value_name = "OUT")]
    perfetto: Option<PathBuf>,
    /// Write objects.parquet, events.parquet and collections.parquet into DIR.
    #[arg(long, value_name = "DIR")]
    parquet: Option<PathBuf>,
    /// The boundary whose heap objects.parquet holds: gc:N:start, gc:N:end or end.
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
}

/// `gcvm export`: the exports asked for, one summary line each.
fn export(a: &ExportArgs) -> Result<String, gcvm_tools::TraceError> {
    if a.perfetto.is_none() && a.parquet.is_none() {
        return Err(gcvm_tools::TraceError::message(
            "export: give --perfetto OUT.json and/or --parquet DIR",
        ));
    }
    let mut out = String::new();
    if let Some(p) = &a.perfetto {
        let json = gcvm_tools::perfetto::trace_events(&a.file)?;
        std::fs::write(p, json).map_err(|e| {
            gcvm_tools::TraceError::message(format!("cannot write {}: {e}", p.display()))
        })?;
        out += &format!("{}: trace-event JSON of the collections\n", p.display());
    }
    if let Some(d) = &a.parquet {
        out += &gcvm_tools::parquet_export::export_parquet(&a.file, d, &a.at)?;
    }
    Ok(out)
}

#[derive(Args)]
struct HprofArgs {
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

#[derive(Args)]
struct DiffArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The first boundary: gc:N:start, gc:N:end.
    #[arg(long, value_name = "BOUNDARY", value_parser = parse_boundary)]
    from: String,
    /// The second boundary: gc:N:start, gc:N:end or end.
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    to: String,
    /// Group by a chain of type, site, thread (e.g. type,site).
    #[arg(long, value_name = "CHAIN", default_value = "type", value_parser = clap::value_parser!(gcvm_tools::analyses::Chain))]
    by: gcvm_tools::analyses::Chain,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PlotArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
    /// Also draw the plots into this file (SVG for one plot, HTML for several).
    #[arg(long, value_name = "OUT")]
    plot: Option<PathBuf>,
}

#[derive(Args)]
struct LifetimesArgs {
    #[command(flatten)]
    common: PlotArgs,
    /// Group the dead objects by type or by allocation site.
    #[arg(long, value_name = "GROUP", default_value = "type", value_parser = ["type", "site"])]
    by: String,
}

#[derive(Args)]
struct DeathsArgs {
    /// The trace file (written by `gcvm run --trace FILE --trace-deaths`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON (every pair) instead of a table.
    #[arg(long)]
    json: bool,
    /// Also draw the hive plot into this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    plot: Option<PathBuf>,
    /// Rows of the table (the pairs with the most objects).
    #[arg(long, value_name = "N", default_value_t = 30)]
    top: usize,
}

#[derive(Subcommand)]
enum TraceCommand {
    /// What a trace holds: header, chunks, events per kind, threads, collections, spaces.
    Info(TraceFileArgs),
}

#[derive(Args)]
struct TraceFileArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct HeapArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where: gc:N:start (everything allocated before collection N), gc:N:end (what it left),
    /// or end (the end of the run).
    #[arg(long, value_name = "BOUNDARY", default_value = "end", value_parser = parse_boundary)]
    at: String,
    /// List every object, or group them: [possible values: objects, type, site, age, space,
    /// thread]; or a chain of them, comma-separated, as a tree (type,site; age,type; ...).
    #[arg(long, value_name = "GROUP", default_value = "type", value_parser = clap::value_parser!(gcvm_tools::analyses::Chain))]
    by: gcvm_tools::analyses::Chain,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

fn parse_tile_size(s: &str) -> Result<u64, String> {
    gcvm_tracer::stream::parse_size(s).and_then(gcvm_tracer::stream::check_tile_size)
}

fn parse_stream_addr(s: &str) -> Result<String, String> {
    s.parse::<std::net::SocketAddr>()
        .map(|a| a.to_string())
        .map_err(|_| format!("invalid address '{s}' (expected IP:PORT, e.g. 127.0.0.1:8765)"))
}

fn parse_stream_filter(
    s: &str,
) -> Result<
    (
        gcvm_tracer::stream::StreamEvent,
        gcvm_tracer::stream::EventFilter,
    ),
    String,
> {
    gcvm_interp::parse_filter(s)
}

fn parse_boundary(s: &str) -> Result<String, String> {
    s.parse::<gcvm_tools::Boundary>().map(|b| b.to_string())
}

#[derive(Args)]
struct RunArgs {
    /// Class search path of directories and jar files, separated by ':' (also -cp, -classpath).
    #[arg(long = "class-path", value_name = "PATH", default_value = ".")]
    class_path: String,
    /// Garbage collector.
    #[arg(long = "gc", value_name = "NAME", default_value = "semispace", value_parser = clap::builder::PossibleValuesParser::new(gcvm_gc::collector_names()))]
    gc: String,
    /// Maximum heap size, e.g. 64m (also -Xmx64m). Default: a quarter of physical memory.
    #[arg(long = "xmx", value_name = "SIZE", value_parser = parse_size)]
    xmx: Option<usize>,
    /// Initial heap size (also -Xms). Default: the smaller of -Xmx and 1/64 of physical memory.
    #[arg(long = "xms", value_name = "SIZE", value_parser = parse_size)]
    xms: Option<usize>,
    /// Java thread stack size (also -Xss), from 136k (java's minimum) to 1g. Default: 1m.
    #[arg(long = "xss", value_name = "SIZE", value_parser = parse_stack_size)]
    xss: Option<usize>,
    /// Parallel GC worker threads, 1 to 256. Default: available cores.
    #[arg(long = "gc-threads", value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_GC_THREADS))]
    gc_threads: Option<u16>,
    /// Force a collection every N allocations.
    #[arg(long = "gc-stress", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    gc_stress: Option<u64>,
    /// Verify the whole heap before and after every collection.
    #[arg(long = "verify-heap")]
    verify_heap: bool,
    /// Check at every collection that every reference store since the last one ran the write
    /// barrier (a testing tool: it walks the heap twice per pause).
    #[arg(long = "verify-barriers")]
    verify_barriers: bool,
    /// Collect whenever no collection happened for MS milliseconds (a GC controller thread asks
    /// for the pause; HotSpot's G1PeriodicGCInterval).
    #[arg(long = "periodic-gc", value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    periodic_gc: Option<u64>,
    /// The region collector's region size: a power of two from 64k to 32m (default: from the
    /// heap size, as G1 does, with at least 64 regions in small heaps).
    #[arg(long = "region-size", value_name = "SIZE", value_parser = parse_region_size)]
    region_size: Option<usize>,
    /// The longest pause the region collector plans for, in milliseconds (G1's
    /// MaxGCPauseMillis; default 200): the young generation never grows past what it allows.
    #[arg(long = "pause-goal", value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pause_goal: Option<u64>,
    /// Print one line per collection in HotSpot's unified-logging shape (also -Xlog:gc).
    #[arg(long = "log-gc")]
    log_gc: bool,
    /// With --log-gc, also the collectors' details (also -Xlog:gc*): phases, mark assists,
    /// floating garbage, fragmentation.
    #[arg(long = "log-gc-details")]
    log_gc_details: bool,
    /// Record every allocation and every move the collector makes into FILE, the object-level
    /// trace (docs/trace-format.md); read it with `gcvm trace info`, `gcvm stats`, `gcvm heap`.
    #[arg(long = "trace", value_name = "FILE")]
    trace: Option<PathBuf>,
    /// With --trace: also record when each dead object became unreachable (in allocated bytes)
    /// and in which method (Merlin's algorithm; read with `gcvm deaths`).
    #[arg(long = "trace-deaths")]
    trace_deaths: bool,
    /// Debug: write the actual heap, one line per object, at every collection's start and end and
    /// at exit into FILE — what the trace must reconstruct.
    #[arg(long = "heap-dump", value_name = "FILE")]
    heap_dump: Option<PathBuf>,
    /// Watch the heap live: serve the heap viewer on ADDR (default 127.0.0.1:8765, loopback;
    /// 127.0.0.1:0 picks a free port) and wait for a browser to connect before running.
    #[arg(long = "stream", value_name = "ADDR", num_args = 0..=1, require_equals = true,
          default_missing_value = gcvm_tracer::stream::server::DEFAULT_ADDR,
          value_parser = parse_stream_addr)]
    stream: Option<String>,
    /// With --stream: run at once instead of waiting for a viewer.
    #[arg(long = "stream-nowait")]
    stream_nowait: bool,
    /// Record the heap streams into FILE (replay it with `gcvm replay FILE`).
    #[arg(long = "stream-record", value_name = "FILE")]
    stream_record: Option<PathBuf>,
    /// Bytes per tile of the heap streams: a power of two from 256 to 64m.
    #[arg(long = "stream-tile", value_name = "SIZE", default_value = "8k", value_parser = parse_tile_size)]
    stream_tile: u64,
    /// A tick frame after MS milliseconds without one (0: no ticks).
    #[arg(long = "stream-tick", value_name = "MS", default_value_t = 100, value_parser = clap::value_parser!(u64).range(0..=3_600_000))]
    stream_tick: u64,
    /// An event filter, e.g. `tick:enabled=false` or `gc-end:period=10,delay=200,pause=true`
    /// (events gc-start, gc-end, phase-end, tick); repeatable.
    #[arg(long = "stream-filter", value_name = "EVENT:SETTINGS", value_parser = parse_stream_filter)]
    stream_filter: Vec<(
        gcvm_tracer::stream::StreamEvent,
        gcvm_tracer::stream::EventFilter,
    )>,
    /// The main class (binary name, e.g. com.example.Main) or a .java source file.
    #[arg(value_name = "MAIN")]
    main: String,
    /// Arguments passed to main.
    #[arg(
        value_name = "ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    args: Vec<String>,
}

/// Rewrites Java-style options into long options, up to the main class. Errors name the
/// option as the user spelled it (`-Xmx12q`), as HotSpot does.
fn normalize_args(raw: Vec<String>) -> Result<Vec<String>, String> {
    let mut out = Vec::with_capacity(raw.len());
    let mut iter = raw.into_iter();
    if let Some(program) = iter.next() {
        out.push(program);
    }
    let mut in_run = false;
    let mut expect_value = false;
    for a in iter.by_ref() {
        if !in_run {
            in_run = a == "run" || a == "compare";
            out.push(a);
            continue;
        }
        if expect_value {
            expect_value = false;
            out.push(a);
            continue;
        }
        let mapped: Vec<String> = if a == "-cp" || a == "-classpath" {
            expect_value = true;
            vec!["--class-path".into()]
        } else if let Some((long, what)) = java_size_option(&a) {
            let value = &a[4..];
            parse_size(value).map_err(|_| format!("invalid {what} size: {a}"))?;
            if long == "--xss" {
                parse_stack_size(value).map_err(|e| format!("{a}: {e}"))?;
            }
            vec![long.into(), value.into()]
        } else if a == "-Xlog:gc" || a == "-verbose:gc" {
            vec!["--log-gc".into()]
        } else if a == "-Xlog:gc*" {
            vec!["--log-gc".into(), "--log-gc-details".into()]
        } else if a.starts_with("-X") || (a.starts_with('-') && !a.starts_with("--") && a.len() > 2)
        {
            return Err(format!("unrecognized option: {a}"));
        } else if a.starts_with('-') {
            expect_value = matches!(
                a.as_str(),
                "--class-path"
                    | "--gc"
                    | "--xmx"
                    | "--xms"
                    | "--xss"
                    | "--gc-threads"
                    | "--gc-stress"
                    | "--trace"
                    | "--heap-dump"
                    | "--stream-record"
                    | "--stream-tile"
                    | "--stream-tick"
                    | "--stream-filter"
                    | "--periodic-gc"
                    | "--region-size"
                    | "--pause-goal"
                    | "--collectors"
                    | "--out"
            );
            vec![a]
        } else {
            out.push(a);
            break;
        };
        out.extend(mapped);
    }
    out.extend(iter);
    Ok(out)
}

/// `-Xmx`, `-Xms`, `-Xss`: the long option each maps to and what it sizes.
fn java_size_option(arg: &str) -> Option<(&'static str, &'static str)> {
    match arg.get(..4)? {
        "-Xmx" => Some(("--xmx", "maximum heap")),
        "-Xms" => Some(("--xms", "initial heap")),
        "-Xss" => Some(("--xss", "thread stack")),
        _ => None,
    }
}

/// `--region-size`: a size that is a power of two from 64k to 32m.
fn parse_region_size(s: &str) -> Result<usize, String> {
    let size = parse_size(s)?;
    if size.is_power_of_two() && (64 << 10..=32 << 20).contains(&size) {
        Ok(size)
    } else {
        Err(format!("{s} is not a power of two from 64k to 32m"))
    }
}

fn parse_size(s: &str) -> Result<usize, String> {
    let (digits, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: usize = digits.parse().map_err(|_| format!("invalid size '{s}'"))?;
    let mult = match unit {
        "" => 1,
        "k" | "K" => 1 << 10,
        "m" | "M" => 1 << 20,
        "g" | "G" => 1 << 30,
        _ => return Err(format!("invalid size '{s}' (use a number with k, m or g)")),
    };
    n.checked_mul(mult)
        .filter(|&v| v > 0)
        .ok_or_else(|| format!("invalid size '{s}'"))
}

/// Java's smallest and largest thread stacks (HotSpot on Linux x64 refuses others).
const MIN_STACK: usize = 136 << 10;
const MAX_STACK: usize = 1 << 30;

const MAX_GC_THREADS: i64 = 256;

fn parse_stack_size(s: &str) -> Result<usize, String> {
    let size = parse_size(s)?;
    if size < MIN_STACK {
        return Err(
            "The Java thread stack size specified is too small. Specify at least 136k".into(),
        );
    }
    if size > MAX_STACK {
        return Err("Invalid thread stack size: the largest is 1g".into());
    }
    Ok(size)
}

fn physical_memory() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<usize>().ok())
        })
        .map(|kb| kb * 1024)
        .unwrap_or(4 << 30)
}

fn vm_options(a: &RunArgs, class_path: String) -> Result<VmOptions, String> {
    let ram = physical_memory();
    let max = a.xmx.unwrap_or((ram / 4).min(30 << 30));
    if max < (2 << 20) {
        return Err("Too small maximum heap (at least 2m)".into());
    }
    let initial = a.xms.unwrap_or((ram / 64).min(max));
    if initial > max {
        return Err("Initial heap size set to a larger value than the maximum heap size".into());
    }
    let xss = a.xss.unwrap_or(1 << 20);
    let stack_slots = (xss / 8).max(4096);
    Ok(VmOptions {
        classpath: class_path,
        collector: a.gc.clone(),
        heap: HeapConfig {
            initial_size: initial,
            max_size: max,
            gc_threads: a.gc_threads.map(usize::from).unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(1)
            }),
            periodic_interval: a.periodic_gc.map(std::time::Duration::from_millis),
            region_size: a.region_size,
            pause_goal: a.pause_goal.map(std::time::Duration::from_millis),
        },
        stack_slots,
        max_frames: stack_slots / 4,
        gc_stress: a.gc_stress,
        verify_heap: a.verify_heap,
        verify_barriers: a.verify_barriers,
        log_gc: a.log_gc || a.log_gc_details,
        log_gc_details: a.log_gc_details,
    })
}

/// Compiles a .java source file with javac into a per-source cache folder (like `java Foo.java`);
/// returns the class path and main class.
fn compile_source(path: &Path) -> Result<(String, String), String> {
    use std::hash::{Hash, Hasher};
    let source =
        std::fs::read(path).map_err(|e| format!("error: can't read {}: {e}", path.display()))?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    source.hash(&mut hasher);
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .hash(&mut hasher);
    let cache_root = std::env::var_os("GCVM_CACHE")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/gcvm")))
        .unwrap_or_else(|| std::env::temp_dir().join("gcvm-cache"));
    let dir = cache_root.join(format!("{:016x}", hasher.finish()));
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("Main")
        .to_string();
    let marker = dir.join(".complete");
    if !marker.exists() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("error: can't create {}: {e}", dir.display()))?;
        let javac = std::env::var("JAVAC").unwrap_or_else(|_| "javac".into());
        let output = std::process::Command::new(&javac)
            .arg("-g")
            .arg("-d")
            .arg(&dir)
            .arg(path)
            .output()
            .map_err(|e| {
                format!(
                    "error: cannot run {javac} to compile {}: {e}",
                    path.display()
                )
            })?;
        if !output.status.success() {
            let mut msg = String::from_utf8_lossy(&output.stderr).into_owned();
            msg.push_str("error: compilation failed");
            return Err(msg);
        }
        std::fs::write(&marker, b"").map_err(|e| e.to_string())?;
    }
    let mut classes = top_level_classes(&dir, "");
    classes.sort();
    let named_like_the_file = classes
        .iter()
        .find(|c| c.rsplit('.').next() == Some(stem.as_str()));
    let main = named_like_the_file
        .or(classes.first())
        .cloned()
        .ok_or_else(|| format!("error: no class declared in source file {}", path.display()))?;
    Ok((dir.to_string_lossy().into_owned(), main))
}

/// The top-level classes javac wrote under `dir` (packages are folders), as binary names with
/// dots: a source file with a `package` line puts its classes in a folder.
fn top_level_classes(dir: &Path, package: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut classes = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            classes.extend(top_level_classes(
                &entry.path(),
                &format!("{package}{name}."),
            ));
        } else if let Some(class) = name.strip_suffix(".class").filter(|c| !c.contains('$')) {
            classes.push(format!("{package}{class}"));
        }
    }
    classes
}

fn run(a: RunArgs) -> Result<i32, String> {
    let (class_path, main) = if a.main.ends_with(".java") {
        compile_source(Path::new(&a.main))?
    } else {
        (a.class_path.clone(), a.main.clone())
    };
    let options = vm_options(&a, class_path)?;
    let recording = Recording {
        trace: a.trace.clone(),
        heap_dump: a.heap_dump.clone(),
        trace_deaths: a.trace_deaths,
        program: std::iter::once(main.as_str())
            .chain(a.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
        stream: stream_setup(&a),
    };
    Ok(gcvm_interp::run_main_recording(
        options, recording, &main, &a.args,
    ))
}

/// What `--stream*` asks for, if anything.
fn stream_setup(a: &RunArgs) -> Option<gcvm_interp::StreamSetup> {
    if a.stream.is_none() && a.stream_record.is_none() {
        return None;
    }
    Some(gcvm_interp::StreamSetup {
        addr: a.stream.clone(),
        record: a.stream_record.clone(),
        tile_size: a.stream_tile,
        tick: (a.stream_tick > 0).then(|| std::time::Duration::from_millis(a.stream_tick)),
        wait_for_viewer: !a.stream_nowait,
        filters: a.stream_filter.clone(),
    })
}

/// Prints what a trace tool produced; a malformed trace is one line naming the byte offset.
fn print_trace_report(report: Result<String, gcvm_tools::TraceError>) -> ExitCode {
    use std::io::Write;
    match report {
        Ok(text) => {
            // A closed stdout (`| head`) is not an error worth reporting.
            let _ = std::io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            let line = e.to_string().replace('\n', " ");
            eprintln!("gcvm: {line}");
            ExitCode::from(1)
        }
    }
}

/// A clap error on one line: its first paragraph (the problem and, when clap adds them, the
/// missing arguments or the possible values), without usage and tips.
fn first_paragraph(rendered: &str) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let text = lines.join(" ");
    let text = text.trim_start_matches("error: ");
    match text.is_empty() {
        true => "bad arguments".to_string(),
        false => text.to_string(),
    }
}

fn main() -> ExitCode {
    signals::report_panics_as_internal_errors();
    signals::schedule_test_internal_error();
    if let Err(msg) = signals::install() {
        eprintln!("{msg}");
        return ExitCode::from(1);
    }
    let args = match normalize_args(std::env::args().collect()) {
        Ok(args) => args,
        Err(msg) => {
            eprintln!("gcvm: {msg}");
            return ExitCode::from(2);
        }
    };
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return ExitCode::from(
                    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        2
                    } else {
                        0
                    },
                );
            }
            eprintln!("gcvm: {}", first_paragraph(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Bench(a) => match bench::run(a) {
            Ok(code) => ExitCode::from(code as u8),
            Err(msg) => {
                eprintln!("gcvm: {msg}");
                ExitCode::from(1)
            }
        },
        Command::Compare(a) => match compare::run(a) {
            Ok(text) => {
                use std::io::Write;
                let _ = std::io::stdout().write_all(text.as_bytes());
                ExitCode::SUCCESS
            }
            Err(msg) => {
                eprintln!("gcvm: {msg}");
                ExitCode::from(1)
            }
        },
        Command::Export(a) => print_trace_report(export(&a)),
        Command::Tiles(a) => {
            match gcvm_tools::tiles::tiles_command(&a.file, a.tile_size, &a.output) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(msg) => {
                    eprintln!("gcvm: {msg}");
                    ExitCode::from(1)
                }
            }
        }
        Command::Hprof(a) => print_trace_report(
            gcvm_tools::hprof::write_hprof(&a.file, &a.at, &a.output).map(|n| {
                format!(
                    "{}: {n} objects of the heap at {}\n",
                    a.output.display(),
                    a.at
                )
            }),
        ),
        Command::Trace(TraceCommand::Info(a)) => {
            print_trace_report(gcvm_tools::trace_info(&a.file, a.json))
        }
        Command::Stats(a) => print_trace_report(gcvm_tools::stats(&a.file, a.json)),
        Command::Heap(a) => print_trace_report(match a.by.0.as_slice() {
            [one] => gcvm_tools::heap_at(&a.file, &a.at, *one, a.json),
            chain => gcvm_tools::analyses::heap_by_chain(&a.file, &a.at, chain, a.json),
        }),
        Command::Diff(a) => print_trace_report(gcvm_tools::analyses::diff(
            &a.file, &a.from, &a.to, &a.by.0, a.json,
        )),
        Command::Overview(a) => print_trace_report(gcvm_tools::analyses::overview(
            &a.file,
            a.json,
            a.plot.as_deref(),
        )),
        Command::Lifetimes(a) => print_trace_report(gcvm_tools::analyses::lifetimes(
            &a.common.file,
            a.by == "site",
            a.common.json,
            a.common.plot.as_deref(),
        )),
        Command::Deaths(a) => print_trace_report(gcvm_tools::deaths::deaths(
            &a.file,
            a.json,
            a.plot.as_deref(),
            a.top,
        )),
        Command::Escapees(a) => print_trace_report(gcvm_tools::analyses::escapees(&a.file, a.json)),
        Command::Leaks(a) => print_trace_report(gcvm_tools::analyses::leaks(
            &a.file,
            a.json,
            a.plot.as_deref(),
        )),
        Command::Replay(a) => match replay::run(a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(msg) => {
                eprintln!("gcvm: {msg}");
                ExitCode::from(1)
            }
        },
        Command::Run(a) => match run(a) {
            Ok(code) => ExitCode::from(code as u8),
            Err(msg) => {
                eprintln!("{msg}");
                ExitCode::from(1)
            }
        },
    }
}
