//! Corrupt and truncated traces: the reader and the reconstruction return errors with offsets,
//! never panic.

mod common;

use common::*;
use gcvm_tools::{reconstruct_from, Boundary, HeapModel, TraceReader};
use gcvm_tracer::format::{self, ev};
use proptest::prelude::*;
use std::io::Cursor;
use std::sync::OnceLock;

/// A real trace (compressed and not), built once.
fn trace(compress: bool) -> &'static [u8] {
    static Z: OnceLock<Vec<u8>> = OnceLock::new();
    static R: OnceLock<Vec<u8>> = OnceLock::new();
    let cell = if compress { &Z } else { &R };
    cell.get_or_init(|| {
        let mut sim = Sim::new(
            if compress { "corrupt-z" } else { "corrupt-raw" },
            SimConfig {
                compress,
                eden: 256 << 10,
                seed: 11,
                ..Default::default()
            },
        );
        sim.run(8_000);
        sim.major_gc();
        sim.run(500);
        let (path, ..) = sim.finish();
        std::fs::read(path).unwrap()
    })
}

fn cases() -> u32 {
    std::env::var("GCVM_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Reads and reconstructs everything; Ok(events) or the error.
fn replay(bytes: &[u8]) -> Result<u64, gcvm_tools::TraceError> {
    let r = TraceReader::new(Cursor::new(bytes))?;
    Ok(reconstruct_from(r, bytes.len() as u64, Boundary::End, true)?.events)
}

#[test]
fn the_intact_traces_replay() {
    assert!(replay(trace(true)).unwrap() > 8_000);
    assert!(replay(trace(false)).unwrap() > 8_000);
}

proptest! {
    // GCVM_PROPTEST_CASES=20000 for a longer run
    #![proptest_config(ProptestConfig { cases: cases(), .. ProptestConfig::default() })]

    #[test]
    fn truncation_is_an_error_at_or_before_the_cut(cut_frac in 0.0f64..1.0, compress in any::<bool>()) {
        let bytes = trace(compress);
        let cut = ((bytes.len() - 1) as f64 * cut_frac) as usize;
        let err = replay(&bytes[..cut]).unwrap_err();
        prop_assert!(err.offset <= cut as u64, "cut {} error {}", cut, err);
    }

    #[test]
    fn flipped_bytes_never_panic(flips in proptest::collection::vec((0.0f64..1.0, 1u8..=255), 1..4), compress in any::<bool>()) {
        let mut bytes = trace(compress).to_vec();
        for (at, x) in flips {
            let i = ((bytes.len() - 1) as f64 * at) as usize;
            bytes[i] ^= x;
        }
        // Almost every flip is caught (checksums, lengths, magic); a flip in a length field
        // of the header may go unnoticed only if the result still parses. Either way: no panic.
        if let Err(e) = replay(&bytes) {
            prop_assert!(e.offset <= bytes.len() as u64, "{}", e);
        }
    }

    /// What `gcvm trace info`, `gcvm stats` and `gcvm heap` print (the reports, not only the
    /// replay) on a damaged trace: a report or an error, never a panic. (tests/fuzz.rs runs the
    /// gcvm binary itself on mutated recorded traces, watching for signals and hangs too.)
    #[test]
    fn the_reports_on_flipped_bytes_never_panic(flips in proptest::collection::vec((0.0f64..1.0, 1u8..=255), 1..4), compress in any::<bool>(), by in 0usize..6, json in any::<bool>()) {
        let mut bytes = trace(compress).to_vec();
        for (at, x) in flips {
            let i = ((bytes.len() - 1) as f64 * at) as usize;
            bytes[i] ^= x;
        }
        let path = temp_path("corrupt-reports");
        std::fs::write(&path, &bytes).unwrap();
        let group: gcvm_tools::GroupBy = gcvm_tools::GroupBy::NAMES[by].parse().unwrap();
        let _ = gcvm_tools::trace_info(&path, json);
        let _ = gcvm_tools::stats(&path, json);
        for at in ["end", "gc:1:end", "gc:2:start"] {
            let _ = gcvm_tools::heap_at(&path, at, group, json);
        }
    }

    /// Chunks whose framing and checksum are valid but whose events are random: the decoder and
    /// the heap model reject them with errors, never panic.
    #[test]
    fn random_events_in_a_valid_chunk_never_panic(payload in proptest::collection::vec(any::<u8>(), 0..400), thread in prop_oneof![Just(1u32), Just(format::GC_THREAD_BASE), Just(format::GLOBAL_THREAD)]) {
        let mut bytes = trace(false).to_vec();
        // keep the header and the symbols, then append the random chunk and a fake end
        let header_len = 16 + u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        bytes.truncate(header_len);
        let mut crc = flate2::Crc::new();
        crc.update(&payload);
        bytes.extend_from_slice(&format::encode_record_header(format::RECORD_CHUNK, 0, thread, 0, payload.len() as u32, payload.len() as u32, crc.sum()));
        bytes.extend_from_slice(&payload);
        let _ = replay(&bytes);
    }

    /// Structured random events (valid encodings, arbitrary values) through the heap model.
    #[test]
    fn random_valid_events_never_panic_the_model(evs in proptest::collection::vec((0u8..19, any::<u32>(), any::<u32>(), 0u8..4), 0..200)) {
        let mut p = Vec::new();
        // a type and a site so some allocations resolve
        p.push(ev::TYPE); format::put_varint(&mut p, 1); format::put_str(&mut p, "T"); format::put_varint(&mut p, 24); format::put_varint(&mut p, 0);
        p.push(ev::SITE); format::put_varint(&mut p, 1); format::put_str(&mut p, "C"); format::put_str(&mut p, "m"); format::put_varint(&mut p, 0); format::put_varint(&mut p, 0); format::put_varint(&mut p, 2);
        for (k, a, b, small) in evs {
            let a = (a as u64) & 0xffff8; // small, aligned addresses so events hit each other
            let b = (b as u64) & 0xffff8;
            match k {
                0 => { p.extend_from_slice(&(ev::ALLOC as u32 | 1 << 8).to_le_bytes()); }
                1 => { p.push(ev::TLAB); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, (b >> 3) % 64); }
                2 => { p.push(ev::ALLOC_OUTSIDE); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, 1); format::put_varint(&mut p, 1); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, 0); }
                3 => { p.push(ev::GC_START); format::put_varint(&mut p, small as u64); p.push(small & 1); format::put_varint(&mut p, 0); format::put_varint(&mut p, 0); }
                4 => { p.push(ev::GC_END); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, 0); }
                5 => { p.push(ev::MOVE); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, b >> 3); }
                6 => { p.extend_from_slice(&(ev::MOVE_FAST as u32 | ((a >> 3) as u32 & 0xffffff) << 8).to_le_bytes()); }
                7 => { p.push(ev::PLAB); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, b >> 3); }
                8 => { p.push(ev::MOVE_REGION); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, b >> 3); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, (b >> 3) % 32); }
                9 => { p.push(ev::KEEP_ALIVE); format::put_varint(&mut p, a >> 3); }
                // spaces: a start, then an end not before it (the reader rejects inverted ones)
                10 => { p.push(ev::SPACE_CREATE); format::put_varint(&mut p, small as u64); p.push(small); format::put_varint(&mut p, a.min(b) >> 3); format::put_varint(&mut p, a.max(b) >> 3); format::put_str(&mut p, "s"); }
                11 => { p.push(ev::SPACE_RELEASE); format::put_varint(&mut p, small as u64); }
                12 => { p.push(ev::GC_SPACE); format::put_varint(&mut p, small as u64); }
                13 => { p.push(ev::SPACE_REDEFINE); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, a.min(b) >> 3); format::put_varint(&mut p, a.max(b) >> 3); }
                14 => { p.push(ev::ALLOC_TYPED); format::put_varint(&mut p, 1); format::put_varint(&mut p, a & 3); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, b & 7); }
                // runs of cells (cell sizes 8-32 bytes, so the 24-byte type meets each rule)
                15 => { p.push(ev::CELLS); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, 1 + small as u64); format::put_varint(&mut p, 1 + (b >> 3) % 64); }
                16 => { p.push(ev::CELLS_NEXT); format::put_varint(&mut p, 1 + small as u64); format::put_varint(&mut p, (a >> 3) % 8); format::put_varint(&mut p, 1 + (b >> 3) % 64); }
                17 => { p.push(ev::ALLOC_CELL); format::put_varint(&mut p, 1 + small as u64); format::put_varint(&mut p, 1); format::put_varint(&mut p, a & 3); format::put_varint(&mut p, (b >> 3) & 3); format::put_varint(&mut p, 0); }
                _ => { p.push(ev::THREAD_DEATH); }
            }
        }
        let events = gcvm_tools::reader::decode_payload(&p).unwrap();
        let mut m = HeapModel::new(16, 16);
        for (i, e) in events.iter().enumerate() {
            // alternate between a mutator and a GC thread
            let thread = if i % 3 == 0 { format::GC_THREAD_BASE } else { 1 };
            let _ = m.apply(thread, e);
        }
        m.close_open_runs();
        let mut n = 0u64;
        m.for_each_object(|_| n += 1);
        prop_assert!(n <= 10_000);
    }
}

// ---------------------------------------------------------------------------
// Regressions found by tests/fuzz.rs behind the checksums: hand-made traces whose framing and
// checksums are right and whose events are not.
// ---------------------------------------------------------------------------

/// A finished trace: a header with `heap_size`, one chunk per (thread, payload), the trailer
/// and the footer, every length and checksum right.
fn trace_of(heap_size: u64, chunks: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let header = format::TraceHeader {
        version: format::VERSION,
        flags: 0,
        alignment: 8,
        ref_shift: 3,
        array_header: 16,
        min_object_size: 16,
        heap_size,
        start_unix_ms: 0,
        sequence: None,
        collector: "test".into(),
        program: "test".into(),
    };
    let mut out = header.encode();
    let record = |out: &mut Vec<u8>, kind: u8, thread: u32, p: &[u8]| {
        let mut crc = flate2::Crc::new();
        crc.update(p);
        let n = p.len() as u32;
        out.extend_from_slice(&format::encode_record_header(
            kind,
            0,
            thread,
            0,
            n,
            n,
            crc.sum(),
        ));
        out.extend_from_slice(p);
    };
    let raw: usize = chunks.iter().map(|c| c.1.len()).sum();
    for (thread, p) in chunks {
        record(&mut out, format::RECORD_CHUNK, *thread, p);
    }
    let mut t = Vec::new();
    t.extend_from_slice(&(chunks.len() as u64).to_le_bytes());
    t.extend_from_slice(&(raw as u64).to_le_bytes());
    t.extend_from_slice(&(raw as u64).to_le_bytes());
    t.extend_from_slice(&0u32.to_le_bytes());
    let trailer_at = out.len() as u64;
    record(&mut out, format::RECORD_TRAILER, format::GLOBAL_THREAD, &t);
    out.extend_from_slice(&trailer_at.to_le_bytes());
    out.extend_from_slice(&format::FOOTER_MAGIC);
    out
}

/// The file offset of chunk `i` of a trace made by `trace_of`.
fn chunk_offset(bytes: &[u8], i: usize) -> u64 {
    let mut at = 16 + u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    for _ in 0..i {
        at += format::RECORD_HEADER_SIZE
            + u32::from_le_bytes(bytes[at + 16..at + 20].try_into().unwrap()) as usize;
    }
    at as u64
}

fn varints(p: &mut Vec<u8>, values: &[u64]) {
    for &v in values {
        format::put_varint(p, v);
    }
}

/// Space create: id, kind eden, start and end in units, a name.
fn space(p: &mut Vec<u8>, id: u64, start_units: u64, end_units: u64) {
    p.push(ev::SPACE_CREATE);
    format::put_varint(p, id);
    p.push(format::TraceSpaceKind::Eden as u8);
    varints(p, &[start_units, end_units]);
    format::put_str(p, "eden");
}

/// A type (`elem_size` None: instances of `size` bytes) and a site allocating it, both id 1.
fn type_and_site(p: &mut Vec<u8>, name: &str, size: u64, elem_size: Option<u64>) {
    p.push(ev::TYPE);
    format::put_varint(p, 1);
    format::put_str(p, name);
    varints(p, &[size, elem_size.map_or(0, |e| e + 1)]);
    p.push(ev::SITE);
    format::put_varint(p, 1);
    format::put_str(p, "C");
    format::put_str(p, "m");
    varints(p, &[0, 0, 2]);
}

/// The error of reading and rebuilding the whole trace.
fn error_of(bytes: &[u8]) -> gcvm_tools::TraceError {
    replay(bytes).expect_err("a damaged trace")
}

#[test]
fn a_space_that_ends_before_it_starts_is_an_error_at_its_event() {
    for redefine in [false, true] {
        let mut p = Vec::new();
        if redefine {
            space(&mut p, 0, 0x200, 0x300);
            p.push(ev::SPACE_REDEFINE);
            varints(&mut p, &[0, 0x200, 0x100]);
        } else {
            space(&mut p, 0, 0x200, 0x100);
        }
        let bytes = trace_of(1 << 20, &[(format::GLOBAL_THREAD, p)]);
        let e = error_of(&bytes);
        assert_eq!(e.offset, chunk_offset(&bytes, 0), "{e}");
        assert!(e.payload_offset.is_some(), "{e}");
        assert!(e.message.contains("before its start"), "{e}");
    }
}

#[test]
fn a_heap_size_beyond_the_address_limit_is_an_error_at_its_field() {
    let bytes = trace_of(1 << 40, &[]);
    let e = TraceReader::new(Cursor::new(&bytes[..]))
        .err()
        .expect("rejected");
    assert_eq!(e.offset, 24, "{e}");
    assert!(
        e.to_string()
            .starts_with("trace byte 24: expected a heap size"),
        "{e}"
    );
    // at the limit it reads
    assert!(replay(&trace_of(gcvm_tools::reader::MAX_HEAP_SIZE, &[])).is_ok());
}

/// A TLAB at 0x1000 of `units` and one allocation at site 1.
fn tlab_and_alloc(units: u64) -> Vec<u8> {
    let mut p = vec![ev::TLAB];
    varints(&mut p, &[0x200, units]);
    p.extend_from_slice(&(ev::ALLOC as u32 | 1 << 8).to_le_bytes());
    p
}

#[test]
fn an_object_larger_than_the_heap_is_an_error_at_its_event() {
    let mut symbols = Vec::new();
    type_and_site(&mut symbols, "Big", 2 << 20, None);
    let bytes = trace_of(
        1 << 20,
        &[
            (format::GLOBAL_THREAD, symbols.clone()),
            (1, tlab_and_alloc(1 << 20)),
        ],
    );
    let e = error_of(&bytes);
    assert_eq!(e.offset, chunk_offset(&bytes, 1), "{e}");
    assert!(
        e.message.contains("larger than the 1048576-byte heap"),
        "{e}"
    );
    // without a heap size (unknown) the same object is allowed
    assert!(replay(&trace_of(
        0,
        &[
            (format::GLOBAL_THREAD, symbols),
            (1, tlab_and_alloc(1 << 20))
        ]
    ))
    .is_ok());
}

#[test]
fn an_array_longer_than_its_object_is_an_error_at_its_event() {
    // an element size of 0: every length is implied into 16 bytes
    let mut symbols = Vec::new();
    type_and_site(&mut symbols, "[J", 0, Some(0));
    let mut p = vec![ev::TLAB];
    varints(&mut p, &[0x200, 64]);
    p.extend_from_slice(&(ev::ALLOC as u32 | 1 << 8 | 0xff << 24).to_le_bytes());
    p.extend_from_slice(&u32::MAX.to_le_bytes());
    let bytes = trace_of(1 << 20, &[(format::GLOBAL_THREAD, symbols), (1, p)]);
    let e = error_of(&bytes);
    assert_eq!(
        (e.offset, e.payload_offset),
        (chunk_offset(&bytes, 1), Some(4)),
        "{e}"
    );
    assert!(
        e.message
            .contains("an array of length 4294967295 in a 16-byte object"),
        "{e}"
    );
    // an explicit size too small for the length
    let mut symbols = Vec::new();
    type_and_site(&mut symbols, "[B", 0, Some(1));
    let mut p = vec![ev::ALLOC_OUTSIDE];
    varints(&mut p, &[0x200, 1, 1, 2, 1001]);
    let bytes = trace_of(1 << 20, &[(format::GLOBAL_THREAD, symbols), (1, p)]);
    assert!(error_of(&bytes)
        .message
        .contains("an array of length 1000 in a 16-byte object"));
}

#[test]
fn tiles_refuse_spaces_beyond_the_heap_at_the_space_event() {
    let mut p = Vec::new();
    space(&mut p, 0, 0x200, 0x200 + (2 << 20)); // 16 MiB in a 1 MiB heap: fine
    space(&mut p, 1, 0x200, 1 << 33); // 64 GiB
    let bytes = trace_of(1 << 20, &[(format::GLOBAL_THREAD, p)]);
    let path = temp_path("tiles-beyond-the-heap");
    std::fs::write(&path, &bytes).unwrap();
    let second = {
        let mut q = Vec::new();
        space(&mut q, 0, 0x200, 0x200 + (2 << 20));
        q.len()
    };
    for tile_size in [256, 8192] {
        let e = gcvm_tools::tiles::tiles_from_trace(&path, tile_size).expect_err("refused");
        let at = format!(
            "trace byte {} (chunk payload byte {second})",
            chunk_offset(&bytes, 0)
        );
        assert!(
            e.starts_with(&at) && e.contains("more than the header's 1048576-byte heap can have"),
            "{e}"
        );
    }
    assert!(replay(&bytes).is_ok(), "the reader and the model allow it");
}

#[test]
fn hprof_writes_a_large_array_a_block_at_a_time() {
    // one long[20000] (160,000 bytes of elements, more than a block) at the end of the trace
    let len = 20_000u64;
    let mut symbols = Vec::new();
    type_and_site(&mut symbols, "[J", 0, Some(8));
    let mut p = vec![ev::TLAB];
    varints(&mut p, &[0x200, (16 + 8 * len) / 8]);
    p.push(ev::ALLOC_WIDE);
    varints(&mut p, &[1, len + 1]);
    let path = temp_path("hprof-large-array");
    std::fs::write(
        &path,
        trace_of(1 << 20, &[(format::GLOBAL_THREAD, symbols), (1, p)]),
    )
    .unwrap();
    let out = path.with_extension("hprof");
    assert_eq!(
        gcvm_tools::hprof::write_hprof(&path, "end", &out).unwrap(),
        1
    );
    let b = std::fs::read(&out).unwrap();
    // walk the records: each is tag, time, length, body; the file ends with the last one
    let mut at = b"JAVA PROFILE 1.0.2\0".len() + 4 + 8;
    let mut segments = Vec::new();
    while at < b.len() {
        let len = u32::from_be_bytes(b[at + 5..at + 9].try_into().unwrap()) as usize;
        if b[at] == 0x1C {
            segments.push(b[at + 9..at + 9 + len].to_vec());
        }
        at += 9 + len;
    }
    assert_eq!(at, b.len(), "records end with the file");
    // the array's own segment: root, then the primitive array dump with its zeroed elements
    let array = segments.last().unwrap();
    assert_eq!(
        array.len(),
        (1 + 8) + (1 + 8 + 4 + 4 + 1) + 8 * len as usize
    );
    assert_eq!(array[9], 0x23, "primitive array dump");
    assert_eq!(
        u32::from_be_bytes(array[22..26].try_into().unwrap()) as u64,
        len
    );
    assert!(array[27..].iter().all(|&x| x == 0));
}

#[test]
fn diff_counts_an_object_once_when_its_site_is_renamed_between_the_boundaries() {
    // two objects of site 1, kept alive by collection 0; then site 1 is defined again with
    // another class: `diff --from gc:0:end --to end --by site` had counted them as died under
    // the old label and perm under the new one, subtracting below zero
    let mut symbols = Vec::new();
    type_and_site(&mut symbols, "T", 16, None);
    let mut mutator = vec![ev::TLAB];
    varints(&mut mutator, &[0x200, 64]);
    for _ in 0..2 {
        mutator.extend_from_slice(&(ev::ALLOC as u32 | 1 << 8).to_le_bytes());
    }
    let mut gc = vec![ev::GC_START];
    varints(&mut gc, &[0]);
    gc.push(1); // major: the whole heap
    varints(&mut gc, &[0, 0]);
    for addr in [0x200, 0x202] {
        gc.push(ev::KEEP_ALIVE);
        varints(&mut gc, &[addr]);
    }
    gc.push(ev::GC_END);
    varints(&mut gc, &[0, 1]);
    let mut renamed = vec![ev::SITE];
    format::put_varint(&mut renamed, 1);
    format::put_str(&mut renamed, "D");
    format::put_str(&mut renamed, "m");
    varints(&mut renamed, &[0, 0, 2]);
    let bytes = trace_of(
        1 << 20,
        &[
            (format::GLOBAL_THREAD, symbols),
            (1, mutator),
            (format::GC_THREAD_BASE, gc),
            (format::GLOBAL_THREAD, renamed),
        ],
    );
    let path = temp_path("diff-renamed-site");
    std::fs::write(&path, &bytes).unwrap();
    let site = [gcvm_tools::GroupBy::Site];
    let d = gcvm_tools::analysis::diff::read(&path, "gc:0:end", "end", &site).unwrap();
    assert_eq!((d.total.perm, d.total.died), ((2, 32), (0, 0)));
    assert_eq!(d.groups.len(), 1);
    assert_eq!(d.groups[0].0, "D.m:0");
}

#[test]
fn pauses_as_long_as_the_clock_add_up_to_its_end_not_around_it() {
    // two collections from time 0 to the end of the 64-bit clock: their total saturates
    let mut gc = Vec::new();
    for id in 0..2 {
        gc.push(ev::GC_START);
        varints(&mut gc, &[id]);
        gc.push(1);
        varints(&mut gc, &[0, 0]);
        gc.push(ev::GC_END);
        varints(&mut gc, &[id, u64::MAX]);
    }
    let path = temp_path("pauses-as-long-as-the-clock");
    std::fs::write(&path, trace_of(1 << 20, &[(format::GC_THREAD_BASE, gc)])).unwrap();
    let s = gcvm_tools::analysis::stats::read(&path).unwrap();
    assert_eq!((s.pauses.count, s.pauses.total_us), (2, u64::MAX));
}

#[test]
fn a_long_allocation_with_a_short_length_is_an_error_naming_it() {
    // Alloc long is for arrays of 254 elements or more: length 0 * 256 + 5 is malformed
    let mut symbols = Vec::new();
    type_and_site(&mut symbols, "[J", 16, Some(8));
    let mut p = vec![ev::TLAB];
    varints(&mut p, &[0x200, 64]);
    p.extend_from_slice(&(ev::ALLOC_LONG as u32 | 1 << 8 | 5 << 24).to_le_bytes());
    p.push(0);
    let bytes = trace_of(1 << 20, &[(format::GLOBAL_THREAD, symbols), (1, p)]);
    let e = error_of(&bytes);
    assert_eq!(e.offset, chunk_offset(&bytes, 1), "{e}");
    assert!(
        e.message
            .contains("a long array's length 0 * 256 + 5 is below 254"),
        "{e}"
    );
    assert!(
        e.to_string().contains("in the event at payload byte 4"),
        "{e}"
    );
}
