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
    fn random_valid_events_never_panic_the_model(evs in proptest::collection::vec((0u8..16, any::<u32>(), any::<u32>(), 0u8..4), 0..200)) {
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
                10 => { p.push(ev::SPACE_CREATE); format::put_varint(&mut p, small as u64); p.push(small); format::put_varint(&mut p, a >> 3); format::put_varint(&mut p, b >> 3); format::put_str(&mut p, "s"); }
                11 => { p.push(ev::SPACE_RELEASE); format::put_varint(&mut p, small as u64); }
                12 => { p.push(ev::GC_SPACE); format::put_varint(&mut p, small as u64); }
                13 => { p.push(ev::SPACE_REDEFINE); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, b >> 3); format::put_varint(&mut p, a >> 3); }
                14 => { p.push(ev::ALLOC_TYPED); format::put_varint(&mut p, 1); format::put_varint(&mut p, a & 3); format::put_varint(&mut p, small as u64); format::put_varint(&mut p, b & 7); }
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
