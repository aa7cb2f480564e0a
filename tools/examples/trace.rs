//! A stand-in CLI over the library until `gcvm trace info` / `gcvm stats` / `gcvm heap` exist:
//!   cargo run -p gcvm-tools --release --example trace -- info FILE [--json]
//!   cargo run -p gcvm-tools --release --example trace -- stats FILE [--json]
//!   cargo run -p gcvm-tools --release --example trace -- heap FILE gc:3:end [type|site|age|space|thread|objects] [--json]
//!   cargo run -p gcvm-tools --release --example trace -- events FILE   (every event, one per line)

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let args: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| *a != "--json")
        .collect();
    let out = match args.as_slice() {
        ["info", f] => gcvm_tools::trace_info(f, json),
        ["stats", f] => gcvm_tools::stats(f, json),
        ["heap", f, b] => gcvm_tools::heap_at(f, b, gcvm_tools::GroupBy::Type, json),
        ["heap", f, b, g] => match g.parse() {
            Ok(g) => gcvm_tools::heap_at(f, b, g, json),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2)
            }
        },
        ["events", f] => (|| {
            let mut r = gcvm_tools::TraceReader::open(f)?;
            let mut n = 0u64;
            while let Some((t, e)) = r.next_event()? {
                n += 1;
                if !json && writeln!(std::io::stdout(), "{t:#x} {e:?}").is_err() {
                    break; // stdout closed (e.g. piped into head)
                }
            }
            Ok(format!("{n} events\n"))
        })(),
        ["read-speed", f, threads] => read_speed(f, threads.parse().unwrap_or(1)),
        ["read-speed", f, threads, "--visit"] => visit_speed(f, threads.parse().unwrap_or(1)),
        ["rebuild-speed", f, threads] => rebuild_speed(f, threads.parse().unwrap_or(1)),
        _ => {
            eprintln!("usage: trace (info|stats|events) FILE [--json] | trace read-speed FILE INFLATE_THREADS [--visit] | trace rebuild-speed FILE INFLATE_THREADS | trace heap FILE BOUNDARY [GROUP] [--json]");
            std::process::exit(2)
        }
    };
    match out {
        Ok(s) => {
            let _ = std::io::stdout().write_all(s.as_bytes());
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1)
        }
    }
}

/// Reads every event of the trace, counting them per kind (best of 5 passes), and reports
/// MiB/s of raw trace.
fn read_speed(f: &str, threads: usize) -> Result<String, gcvm_tools::TraceError> {
    let mut best = f64::MAX;
    let (mut raw, mut events) = (0u64, 0u64);
    for _ in 0..5 {
        let t0 = std::time::Instant::now();
        let mut r = gcvm_tools::TraceReader::open(f)?.with_inflate_threads(threads);
        let mut kinds = [0u64; gcvm_tools::reader::EVENT_KIND_NAMES.len()];
        while let Some((_, e)) = r.next_event()? {
            kinds[e.kind_index()] += 1;
        }
        events = kinds.iter().sum();
        raw = r.raw_bytes_read;
        best = best.min(t0.elapsed().as_secs_f64());
    }
    Ok(format!(
        "{threads} inflate threads: {:.1} MiB raw, {events} events in {:.3}s: {:.0} MiB/s raw, {:.1} M events/s\n",
        raw as f64 / 1048576.0,
        best,
        raw as f64 / 1048576.0 / best,
        events as f64 / best / 1e6
    ))
}

/// `read_speed` through `TraceReader::visit_events` (no `Event` for the common events).
fn visit_speed(f: &str, threads: usize) -> Result<String, gcvm_tools::TraceError> {
    struct Count([u64; gcvm_tools::reader::EVENT_KIND_NAMES.len()]);
    impl gcvm_tools::EventVisitor for Count {
        fn alloc(&mut self, _: u32, _: u32, _: Option<u32>) -> Result<(), String> {
            self.0[0] += 1;
            Ok(())
        }
        fn move_fast(&mut self, _: u32, _: u64) -> Result<(), String> {
            self.0[11] += 1;
            Ok(())
        }
        fn event(
            &mut self,
            _: u32,
            e: &gcvm_tools::Event,
            _: &gcvm_tools::Symbols,
            _: u64,
        ) -> Result<gcvm_tools::Visit, String> {
            self.0[e.kind_index()] += 1;
            Ok(gcvm_tools::Visit::Go)
        }
    }
    let mut best = f64::MAX;
    let (mut raw, mut events) = (0u64, 0u64);
    for _ in 0..5 {
        let t0 = std::time::Instant::now();
        let mut r = gcvm_tools::TraceReader::open(f)?.with_inflate_threads(threads);
        let mut count = Count([0; gcvm_tools::reader::EVENT_KIND_NAMES.len()]);
        r.visit_events(&mut count)?;
        events = count.0.iter().sum();
        raw = r.raw_bytes_read;
        best = best.min(t0.elapsed().as_secs_f64());
    }
    Ok(format!(
        "{threads} inflate threads, visitor: {:.1} MiB raw, {events} events in {:.3}s: {:.0} MiB/s raw, {:.1} M events/s\n",
        raw as f64 / 1048576.0,
        best,
        raw as f64 / 1048576.0 / best,
        events as f64 / best / 1e6
    ))
}

/// Rebuilds the heap to the end of the trace (best of 5): MiB/s of raw trace and the model's
/// peak memory.
fn rebuild_speed(f: &str, threads: usize) -> Result<String, gcvm_tools::TraceError> {
    let mut best = f64::MAX;
    let mut out = String::new();
    for _ in 0..5 {
        let t0 = std::time::Instant::now();
        let r = gcvm_tools::TraceReader::open(f)?.with_inflate_threads(threads);
        let rec = gcvm_tools::reconstruct_from(r, 0, gcvm_tools::Boundary::End, false)?;
        let took = t0.elapsed().as_secs_f64();
        if took < best {
            best = took;
            out = format!(
                "{threads} inflate threads, rebuild to the end: {} events, {:.1} MiB read in {:.3}s: model peak {:.1} MiB\n",
                rec.events,
                rec.bytes_read as f64 / 1048576.0,
                took,
                rec.model.peak_memory_bytes() as f64 / 1048576.0
            );
        }
    }
    Ok(out)
}
