//! `gcvm run [OPTIONS] <MainClass | File.java> [ARGS...]`: runs a Java program under the chosen
//! collector — its options (heap sizes, collector tuning, logging, the object-level trace, heap
//! streams) become the VM's options and what it records.

use crate::javac::compile_source;
use crate::sizes::{parse_region_size, parse_size, parse_stack_size, parse_tile_size};
use clap::Args;
use gcvm_gc::HeapConfig;
use gcvm_interp::runtime::gclog::GcLogConfig;
use gcvm_interp::StreamSetup;
use gcvm_interp::{Recording, VmOptions};
use gcvm_tracer::stream::EventFilter;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const MAX_GC_THREADS: i64 = 256;

#[derive(Args)]
pub struct RunArgs {
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
    /// The region collector's young generation (eden and survivors), fixed instead of sized
    /// by the pause goal, as G1's -Xmn (also -Xmn): less than -Xmx.
    #[arg(long = "young-size", value_name = "SIZE", value_parser = parse_size)]
    young_size: Option<usize>,
    /// Ask the kernel for transparent huge pages (2 MB) for the heap, as HotSpot's
    /// -XX:+UseTransparentHugePages (also that option). Off by default: on a virtual machine
    /// whose host takes back the guest's free 2 MB blocks, first touching a huge page can cost
    /// milliseconds, and a run's time then depends on which pages it got.
    #[arg(long = "huge-pages")]
    huge_pages: bool,
    /// Print one line per collection in HotSpot's unified-logging shape (also -Xlog:gc).
    #[arg(long = "log-gc")]
    log_gc: bool,
    /// With --log-gc, also the collectors' details (also -Xlog:gc*): phases, mark assists,
    /// floating garbage, fragmentation.
    #[arg(long = "log-gc-details")]
    log_gc_details: bool,
    /// A HotSpot -Xlog option, without its `-Xlog` (`:gc*:file=gc.log:uptime,level,tags`):
    /// what the GC log selects, where it goes and how its lines are decorated (runtime/gclog.rs).
    #[arg(
        long = "xlog",
        value_name = "SPEC",
        allow_hyphen_values = true,
        hide = true
    )]
    xlog: Vec<String>,
    /// Record every allocation and every move the collector makes into FILE, the object-level
    /// trace (docs/trace-format.md); read it with `gcvm trace info`, `gcvm stats`, `gcvm heap`.
    #[arg(long = "trace", value_name = "FILE")]
    trace: Option<PathBuf>,
    /// With --trace: also record when each dead object became unreachable (in allocated bytes)
    /// and in which method (Merlin's algorithm; read with `gcvm deaths`).
    #[arg(long = "trace-deaths")]
    trace_deaths: bool,
    /// With --trace: also record the object graph at every collection — the references of the
    /// objects stored into since the last one that survive it, and the GC roots — so that
    /// `gcvm paths`, `gcvm dominators` and `gcvm leaks` can rebuild it at any GC end.
    #[arg(long = "trace-pointers")]
    trace_pointers: bool,
    /// With --trace: rotate the trace — files FILE.0, FILE.1, ..., each cut at a collection's
    /// start and self-contained, the last N kept (--trace-files), together within SIZE
    /// (k, m or g, as -Xmx). Every tool reads one file alone, or the set as FILE.
    #[arg(long = "trace-max-size", value_name = "SIZE", value_parser = parse_size)]
    trace_max_size: Option<usize>,
    /// With --trace-max-size: the files kept (default 5, as -Xlog's filecount).
    #[arg(long = "trace-files", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    trace_files: Option<u32>,
    /// Record a JDK Flight Recorder file (also -XX:StartFlightRecording:filename=FILE): GC,
    /// safepoint, allocation, thread and method-profiling events with HotSpot's names, read by
    /// the JDK's `jfr` tool and Mission Control (docs/jfr.md). Written at exit.
    #[arg(long = "jfr", value_name = "FILE")]
    jfr: Option<PathBuf>,
    /// With --jfr: HotSpot's settings `default` (allocation samples, 20 ms sampling and
    /// thresholds) or `profile` (every TLAB and outside-TLAB allocation, 10 ms).
    #[arg(long = "jfr-settings", value_name = "NAME", default_value = "default", requires = "jfr", value_parser = ["default", "profile"])]
    jfr_settings: String,
    /// Count code activity and thread states (JOVE, JIVE): per method, calls, bytecodes and
    /// allocations, and per thread, time running, blocked, waiting, sleeping, at safepoints and
    /// in collections, per interval of MS milliseconds (default 10). They go to the trace
    /// (--trace; read with `gcvm activity`) and the heap streams (the viewer's code pane).
    #[arg(long = "activity", value_name = "MS", num_args = 0..=1, require_equals = true,
          default_missing_value = "10",
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    activity: Option<u64>,
    /// Debug: write the actual heap, one line per object, at every collection's start and end and
    /// at exit into FILE — what the trace must reconstruct.
    #[arg(long = "heap-dump", value_name = "FILE")]
    heap_dump: Option<PathBuf>,
    /// Write an HPROF heap dump (fields, references, roots; docs/heap-dumps.md) into FILE at the
    /// run's first OutOfMemoryError (also -XX:+HeapDumpOnOutOfMemoryError with
    /// -XX:HeapDumpPath=FILE, default java_pid<pid>.hprof).
    #[arg(long = "heap-dump-on-oom", value_name = "FILE")]
    heap_dump_on_oom: Option<PathBuf>,
    /// Write an HPROF heap dump into FILE at WHEN: gc:N:start, gc:N:end (collection N's
    /// boundaries, as `gcvm hprof --at` names them) or exit; repeatable.
    #[arg(long = "heap-dump-at", num_args = 2, value_names = ["WHEN", "FILE"], action = clap::ArgAction::Append)]
    heap_dump_at: Vec<String>,
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
    /// (events gc-start, gc-end, step, tick, or a step kind of the collector such as
    /// `region.evacuated:pause=true`); repeatable.
    #[arg(long = "stream-filter", value_name = "EVENT:SETTINGS", value_parser = parse_stream_filter)]
    stream_filter: Vec<(String, EventFilter)>,
    /// A progress step (a frame inside a collection) every N KB copied, scanned, marked or swept.
    #[arg(long = "stream-step-kb", value_name = "N", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=gcvm_tracer::stream::steps::MAX_STEP_KB))]
    stream_step_kb: u64,
    /// A `region.evacuated` step every N evacuated regions (or every --stream-step-kb KB copied,
    /// whichever comes first).
    #[arg(long = "stream-step-regions", value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=gcvm_tracer::stream::steps::MAX_STEP_REGIONS as i64))]
    stream_step_regions: u32,
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

/// Runs the program; its exit status is gcvm's. Errors are printed as the VM words them (no
/// `gcvm:` prefix), as `java` does.
pub fn run(a: RunArgs) -> ExitCode {
    match run_program(a) {
        Ok(code) => ExitCode::from(code as u8),
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(1)
        }
    }
}

fn run_program(a: RunArgs) -> Result<i32, String> {
    let (class_path, main) = if a.main.ends_with(".java") {
        compile_source(Path::new(&a.main))?
    } else {
        (a.class_path.clone(), a.main.clone())
    };
    let trace_rotation = trace_rotation(&a)?;
    let options = vm_options(&a, class_path)?;
    let recording = Recording {
        trace: a.trace.clone(),
        heap_dump: a.heap_dump.clone(),
        hprof: hprof_setup(&a)?,
        trace_deaths: a.trace_deaths,
        trace_pointers: a.trace_pointers,
        trace_rotation,
        program: std::iter::once(main.as_str())
            .chain(a.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
        stream: stream_setup(&a),
        activity: a.activity.map(std::time::Duration::from_millis),
        jfr: a.jfr.clone().map(|path| gcvm_interp::JfrSetup {
            path,
            settings: gcvm_interp::JfrSettings::named(&a.jfr_settings)
                .expect("clap checked the name"),
        }),
    };
    Ok(gcvm_interp::run_main_recording(
        options, recording, &main, &a.args,
    ))
}

fn parse_stream_addr(s: &str) -> Result<String, String> {
    s.parse::<std::net::SocketAddr>()
        .map(|a| a.to_string())
        .map_err(|_| format!("invalid address '{s}' (expected IP:PORT, e.g. 127.0.0.1:8765)"))
}

fn parse_stream_filter(s: &str) -> Result<(String, EventFilter), String> {
    gcvm_interp::parse_filter(s)
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
    if let Some(young) = a.young_size {
        if a.gc != "region" {
            return Err(format!(
                "--young-size (-Xmn): only the region collector has a young generation, not {}",
                a.gc
            ));
        }
        if young >= max {
            return Err(format!(
                "--young-size (-Xmn) {young} bytes: the young generation must be smaller than \
                 the maximum heap ({max} bytes)"
            ));
        }
    }
    let xss = a.xss.unwrap_or(1 << 20);
    let stack_slots = (xss / 8).max(4096);
    let gc_log = gc_log_config(a)?;
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
            periodic_interval: a.periodic_gc.map(Duration::from_millis),
            region_size: a.region_size,
            pause_goal: a.pause_goal.map(Duration::from_millis),
            young_size: a.young_size,
            huge_pages: a.huge_pages,
        },
        stack_slots,
        max_frames: stack_slots / 4,
        gc_stress: a.gc_stress,
        verify_heap: a.verify_heap,
        verify_barriers: a.verify_barriers,
        gc_log,
    })
}

/// The GC log's configuration: the `-Xlog` options, after `--log-gc` (`-Xlog:gc`) and
/// `--log-gc-details` (`-Xlog:gc*`), which name no output of their own.
fn gc_log_config(a: &RunArgs) -> Result<GcLogConfig, String> {
    let mut specs = Vec::new();
    if a.log_gc_details {
        specs.push(":gc*".to_string());
    } else if a.log_gc {
        specs.push(":gc".to_string());
    }
    specs.extend(a.xlog.iter().cloned());
    let config = GcLogConfig::parse(&specs)?;
    if let gcvm_interp::runtime::gclog::LogOutput::File(path) = &config.output {
        // Here, so that a log that cannot be written is refused before anything runs.
        std::fs::File::create(path)
            .map_err(|e| format!("cannot open GC log file {}: {e}", path.display()))?;
    }
    Ok(config)
}

/// What `--trace-max-size` and `--trace-files` ask for: both need `--trace`, and the files need a
/// size to share.
fn trace_rotation(a: &RunArgs) -> Result<Option<gcvm_tracer::Rotation>, String> {
    match (a.trace_max_size, a.trace_files) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err("--trace-files needs --trace-max-size".into()),
        (Some(_), _) if a.trace.is_none() => Err("--trace-max-size needs --trace FILE".into()),
        (Some(size), files) => {
            let files = files.unwrap_or(5);
            if (size as u64) < files as u64 * 4096 {
                return Err(format!(
                    "--trace-max-size {size}: too small for {files} files (at least 4k per file)"
                ));
            }
            Ok(Some(gcvm_tracer::Rotation {
                max_size: size as u64,
                files,
            }))
        }
    }
}

/// What `--heap-dump-on-oom` and `--heap-dump-at` ask for; a bad WHEN is an error naming it.
fn hprof_setup(a: &RunArgs) -> Result<gcvm_interp::HeapDumpSetup, String> {
    let mut at = Vec::new();
    for pair in a.heap_dump_at.chunks(2) {
        let point = gcvm_interp::DumpPoint::parse(&pair[0])?;
        at.push((point, PathBuf::from(&pair[1])));
    }
    Ok(gcvm_interp::HeapDumpSetup {
        on_oom: a.heap_dump_on_oom.clone(),
        at,
    })
}

/// What `--stream*` asks for, if anything.
fn stream_setup(a: &RunArgs) -> Option<StreamSetup> {
    if a.stream.is_none() && a.stream_record.is_none() {
        return None;
    }
    Some(StreamSetup {
        addr: a.stream.clone(),
        record: a.stream_record.clone(),
        tile_size: a.stream_tile,
        tick: (a.stream_tick > 0).then(|| Duration::from_millis(a.stream_tick)),
        wait_for_viewer: !a.stream_nowait,
        filters: a.stream_filter.clone(),
        steps: gcvm_tracer::stream::StepGranularity {
            bytes: a.stream_step_kb << 10,
            regions: a.stream_step_regions,
        },
    })
}
