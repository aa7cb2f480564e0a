//! The writer on its own (the reader's view of what it writes is tested in gcvm-tools).

use gcvm_tracer::format::{self, BUFFER_SIZE};
use gcvm_tracer::{GcEventSink, GcKind, TraceConfig, TraceWriter};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join("gcvm-tracer-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}-{}.gct", std::process::id()))
}

#[test]
fn full_buffers_become_16k_chunks() {
    let p = temp("chunks");
    let w = TraceWriter::create(
        &p,
        TraceConfig {
            compress: false,
            ..Default::default()
        },
    )
    .unwrap();
    w.define_type(3, "X", 16, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let mut t = w.thread_events(1, "t");
    t.tlab(1 << 16, 1 << 30);
    let n = 100_000;
    for _ in 0..n {
        t.alloc_in_tlab(s, None);
    }
    assert!(t.pending_bytes() < BUFFER_SIZE);
    drop(t);
    let sum = w.finish().unwrap();
    let events = 4 * n as u64;
    assert!(
        sum.raw_bytes >= events && sum.raw_bytes < events + 4096,
        "{sum:?}"
    );
    // one global chunk of symbols, then ceil(events / 16 KB) thread chunks
    assert_eq!(
        sum.chunks,
        1 + sum.raw_bytes.div_ceil(BUFFER_SIZE as u64),
        "{sum:?}"
    );
    assert_eq!(sum.file_bytes, std::fs::metadata(&p).unwrap().len());
    let _ = std::fs::remove_file(&p);
}

#[test]
fn the_file_starts_with_the_magic_and_ends_with_the_footer() {
    let p = temp("magic");
    let w = TraceWriter::create(
        &p,
        TraceConfig {
            collector: "semispace".into(),
            ..Default::default()
        },
    )
    .unwrap();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Major, "System.gc()");
    gc.gc_end(0);
    drop(gc);
    let sum = w.finish().unwrap();
    let bytes = std::fs::read(&p).unwrap();
    assert_eq!(&bytes[..8], &format::MAGIC);
    assert_eq!(&bytes[bytes.len() - 8..], &format::FOOTER_MAGIC);
    let trailer =
        u64::from_le_bytes(bytes[bytes.len() - 16..bytes.len() - 8].try_into().unwrap()) as usize;
    assert_eq!(bytes[trailer], format::RECORD_TRAILER);
    assert_eq!(sum.collections, 1);
    let _ = std::fs::remove_file(&p);
}

#[test]
fn sites_are_deduplicated_and_numbered_from_one() {
    let p = temp("sites");
    let w = TraceWriter::create(&p, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 24, None);
    w.define_type(4, "long[]", 16, Some(8));
    let a = w.define_site("A", "f", 0, Some(1), Some(3));
    let b = w.define_site("A", "f", 3, Some(1), Some(4));
    assert_eq!((a, b), (1, 2));
    assert_eq!(w.define_site("A", "f", 0, Some(1), Some(3)), a);
    assert_eq!(w.implied_size(a, None), Some(24));
    assert_eq!(w.implied_size(b, Some(3)), Some(40));
    assert_eq!(w.implied_size(format::SITE_VM, None), None);
    w.finish().unwrap();
    let _ = std::fs::remove_file(&p);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "the trace implies")]
fn debug_builds_catch_an_allocation_the_trace_would_misplace() {
    let p = temp("debug-check");
    let w = TraceWriter::create(&p, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 16, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let mut t = w.thread_events(1, "t");
    t.tlab(4096, 4096);
    t.alloc_in_tlab_at(s, None, 4096, 16);
    t.alloc_in_tlab_at(s, None, 4096 + 32, 16); // skipped 16 bytes: the reader would say 4112
}

#[test]
fn writer_handles_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    fn send<T: Send>() {}
    check::<TraceWriter>();
    send::<gcvm_tracer::ThreadEvents>();
    send::<gcvm_tracer::GcTraceSink>();
}
