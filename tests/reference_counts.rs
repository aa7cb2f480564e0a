//! The trace reports each collection's reference processing (event References) with the same
//! counts `-Xlog:gc*` prints (`gc+phases+ref`: Discovered and Cleared per kind), under every
//! collector.

mod support;

use gcvm_tools::{Event, TraceReader};
use std::collections::BTreeMap;
use support::*;

type Counts = ([u64; 4], [u64; 4]);

const KINDS: [&str; 4] = [
    "SoftReference",
    "WeakReference",
    "FinalReference",
    "PhantomReference",
];

/// `GC(n)` → counts, from the `gc,phases,ref` lines of `-Xlog:gc*`.
fn counts_in_log(stdout: &str) -> BTreeMap<u32, Counts> {
    let mut out: BTreeMap<u32, Counts> = BTreeMap::new();
    let mut kind = 0usize;
    for line in stdout.lines().filter(|l| l.contains("[gc,phases,ref]")) {
        let rest = line.split("] ").last().unwrap();
        let gc: u32 = rest[3..rest.find(')').unwrap()].parse().unwrap();
        let body = rest[rest.find(')').unwrap() + 1..].trim();
        if let Some(k) = KINDS.iter().position(|k| body == format!("{k}:")) {
            kind = k;
        } else if let Some(n) = body.strip_prefix("Discovered: ") {
            out.entry(gc).or_default().0[kind] = n.parse().unwrap();
        } else if let Some(n) = body.strip_prefix("Cleared: ") {
            out.entry(gc).or_default().1[kind] = n.parse().unwrap();
        }
    }
    out
}

fn counts_in_trace(path: &std::path::Path) -> BTreeMap<u32, Counts> {
    let mut reader = TraceReader::open(path).unwrap();
    let mut gc = None;
    let mut out = BTreeMap::new();
    while let Some((_, ev)) = reader.next_event().unwrap() {
        match ev {
            Event::GcStart { gc_id, .. } => gc = Some(gc_id),
            Event::References {
                discovered,
                cleared,
            } => {
                out.insert(
                    gc.expect("References outside a collection"),
                    (discovered, cleared),
                );
            }
            _ => {}
        }
    }
    out
}

#[test]
fn the_trace_reports_the_reference_counts_the_gc_log_prints_for_every_collector() {
    let dir = repo_root().join("tests").join("references");
    let classes = compile_java_cached("references", &java_sources_in(&dir));
    let scratch = scratch_dir("reference-counts");
    for collector in COLLECTORS {
        for main in ["WeakCleared", "PhantomEnqueued", "WeakHashMapExpunged"] {
            let trace = scratch.join(format!("{collector}-{main}.gct"));
            let out = run_gcvm_program(
                &classes,
                main,
                &[
                    "--gc",
                    collector,
                    "-Xlog:gc*",
                    "--trace",
                    trace.to_str().unwrap(),
                ],
            );
            assert_eq!(
                out.code,
                Some(0),
                "{collector} {main}: {}",
                out.stderr_head(5)
            );
            let (log, traced) = (counts_in_log(&out.stdout_text()), counts_in_trace(&trace));
            assert!(
                !log.is_empty(),
                "{collector} {main}: no reference lines in the log"
            );
            assert_eq!(traced, log, "{collector} {main}: trace vs -Xlog:gc*");
            assert!(
                traced
                    .values()
                    .any(|(d, c)| d.iter().sum::<u64>() > 0 && c.iter().sum::<u64>() > 0),
                "{collector} {main}: nothing discovered and cleared"
            );
        }
    }
}
