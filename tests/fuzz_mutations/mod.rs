//! Checksum-valid trace mutations for tests/fuzz.rs: a trace taken apart into records, its
//! events mutated, and put together again with lengths, checksums and the footer's trailer
//! offset made right, so that the mutation reaches the decoder and the heap model behind the
//! framing checks.

use super::Rng;
use gcvm_tracer::format::{self, ev};
use std::io::{Read, Write};
use std::ops::Range;

/// A trace taken apart: the header's bytes, then every record with its payload inflated. Put
/// together again by `encode`, with raw and stored lengths, checksums and the footer's trailer
/// offset made right, so that a mutation of the events gets past the framing checks.
struct TraceParts {
    header: Vec<u8>,
    /// The chunks, then the trailer record.
    records: Vec<Rec>,
}

struct Rec {
    kind: u8,
    compressed: bool,
    thread: u32,
    epoch: u32,
    /// The payload as the decoder sees it (inflated).
    raw: Vec<u8>,
    /// A raw length other than `raw.len()`: a lie behind a right checksum.
    raw_len: Option<u32>,
}

fn inflate(stored: &[u8]) -> Vec<u8> {
    let mut raw = Vec::new();
    flate2::read::DeflateDecoder::new(stored)
        .read_to_end(&mut raw)
        .expect("a recorded chunk inflates");
    raw
}

fn deflate(raw: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(raw).unwrap();
    e.finish().unwrap()
}

impl TraceParts {
    /// Takes a recorded (intact) trace apart.
    fn parse(bytes: &[u8]) -> TraceParts {
        let header_len = 16 + u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        let mut at = header_len;
        let mut records = Vec::new();
        loop {
            let h = &bytes[at..at + format::RECORD_HEADER_SIZE];
            let word = |i: usize| u32::from_le_bytes(h[i..i + 4].try_into().unwrap());
            let stored_len = word(16) as usize;
            let stored = &bytes[at + format::RECORD_HEADER_SIZE..][..stored_len];
            let compressed = h[1] & format::CHUNK_FLAG_COMPRESSED != 0;
            let raw = match compressed {
                true => inflate(stored),
                false => stored.to_vec(),
            };
            assert_eq!(raw.len(), word(12) as usize, "record at {at}");
            records.push(Rec {
                kind: h[0],
                compressed,
                thread: word(4),
                epoch: word(8),
                raw,
                raw_len: None,
            });
            at += format::RECORD_HEADER_SIZE + stored_len;
            if h[0] == format::RECORD_TRAILER {
                break;
            }
        }
        assert_eq!(
            at + format::FOOTER_SIZE,
            bytes.len(),
            "the footer ends the trace"
        );
        TraceParts {
            header: bytes[..header_len].to_vec(),
            records,
        }
    }

    /// The file: every payload deflated again if compressed, lengths and checksums of what is
    /// stored, and a footer naming the trailer record.
    fn encode(&self) -> Vec<u8> {
        let mut out = self.header.clone();
        let mut trailer_at = 0u64;
        for r in &self.records {
            let stored = match r.compressed {
                true => deflate(&r.raw),
                false => r.raw.clone(),
            };
            let mut crc = flate2::Crc::new();
            crc.update(&stored);
            if r.kind == format::RECORD_TRAILER {
                trailer_at = out.len() as u64;
            }
            out.extend_from_slice(&format::encode_record_header(
                r.kind,
                r.compressed as u8,
                r.thread,
                r.epoch,
                r.raw_len.unwrap_or(r.raw.len() as u32),
                stored.len() as u32,
                crc.sum(),
            ));
            out.extend_from_slice(&stored);
        }
        out.extend_from_slice(&trailer_at.to_le_bytes());
        out.extend_from_slice(&format::FOOTER_MAGIC);
        out
    }

    /// Indices of the chunk records.
    fn chunks(&self) -> Vec<usize> {
        (0..self.records.len())
            .filter(|&i| self.records[i].kind == format::RECORD_CHUNK)
            .collect()
    }

    /// A random chunk; non-empty ones if there are any.
    fn pick_chunk(&self, rng: &mut Rng) -> Option<usize> {
        let chunks = self.chunks();
        let full: Vec<usize> = chunks
            .iter()
            .copied()
            .filter(|&i| !self.records[i].raw.is_empty())
            .collect();
        let from = if full.is_empty() { &chunks } else { &full };
        (!from.is_empty()).then(|| from[rng.below(from.len())])
    }

    fn describe(&self, i: usize) -> String {
        let r = &self.records[i];
        let thread = match r.thread {
            format::GLOBAL_THREAD => "global".to_string(),
            t if t >= format::GC_THREAD_BASE => format!("gc-{}", t - format::GC_THREAD_BASE),
            t => format!("thread {t}"),
        };
        format!("record {i} ({thread}, {} bytes)", r.raw.len())
    }
}

/// What follows an event's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// An unsigned LEB128 number.
    Varint,
    /// One byte (a GC kind, a space kind).
    Byte,
    /// A varint length and that many bytes of UTF-8.
    Str,
    /// Bytes of a fixed word.
    Fixed(usize),
}

/// The fields of event `id` (docs/trace-format.md, runtime/tracer/src/format.rs); the fast
/// allocation's optional u32 length and an Activity event's methods are added by
/// `scan_events`.
fn layout(id: u8) -> Option<&'static [Field]> {
    use Field::*;
    Some(match id {
        ev::ALLOC => &[Fixed(3)],
        ev::ALLOC_TYPED => &[Varint; 4],
        ev::ALLOC_WIDE => &[Varint; 2],
        ev::ALLOC_LONG => &[Fixed(3), Varint],
        // Then the start when the second is 0, and the map (`scan_events`).
        ev::CELLS_MAP => &[Varint; 2],
        ev::ALLOC_OUTSIDE | ev::ALLOC_CELL => &[Varint; 5],
        ev::CELLS | ev::CELLS_NEXT => &[Varint; 3],
        ev::TLAB | ev::PLAB | ev::MOVE | ev::GC_END | ev::SAFEPOINT_ARRIVAL => &[Varint; 2],
        ev::THREAD_ALIVE | ev::MARK => &[Str],
        ev::THREAD_DEATH => &[],
        ev::GC_START => &[Varint, Byte, Varint, Varint],
        ev::GC_SPACE | ev::KEEP_ALIVE | ev::SPACE_RELEASE | ev::SPACE_DESTROY => &[Varint],
        ev::MOVE_FAST => &[Fixed(3)],
        ev::MOVE_FAST_WIDE => &[Fixed(4)],
        ev::MOVE_REGION | ev::SAFEPOINT => &[Varint; 4],
        ev::DEATH | ev::SPACE_REDEFINE => &[Varint; 3],
        ev::REFERENCES => &[Varint; 8],
        ev::GC_WORKER => &[Varint, Str, Varint, Varint, Varint, Varint, Varint],
        ev::SPACE_CREATE => &[Varint, Byte, Varint, Varint, Str],
        ev::SPACE_ALLOC => &[Varint, Byte],
        ev::TYPE => &[Varint, Str, Varint, Varint],
        ev::SITE => &[Varint, Str, Str, Varint, Varint, Varint],
        ev::CAUSE => &[Varint, Str],
        ev::METHOD => &[Varint, Str, Str, Str],
        // Then `count` methods of five varints each (`scan_events`).
        ev::ACTIVITY => &[Varint; 3],
        ev::THREAD_STATE => &[Byte, Varint, Varint],
        _ => return None,
    })
}

/// Every event id `layout` knows.
const EVENT_IDS: [u8; 38] = [
    ev::CELLS_MAP,
    ev::ALLOC_LONG,
    ev::ALLOC,
    ev::ALLOC_TYPED,
    ev::ALLOC_WIDE,
    ev::ALLOC_OUTSIDE,
    ev::CELLS,
    ev::ALLOC_CELL,
    ev::CELLS_NEXT,
    ev::TLAB,
    ev::THREAD_ALIVE,
    ev::THREAD_DEATH,
    ev::MARK,
    ev::ACTIVITY,
    ev::THREAD_STATE,
    ev::GC_START,
    ev::GC_END,
    ev::GC_SPACE,
    ev::PLAB,
    ev::MOVE_FAST,
    ev::MOVE_FAST_WIDE,
    ev::MOVE,
    ev::MOVE_REGION,
    ev::KEEP_ALIVE,
    ev::DEATH,
    ev::REFERENCES,
    ev::SAFEPOINT,
    ev::SAFEPOINT_ARRIVAL,
    ev::GC_WORKER,
    ev::SPACE_CREATE,
    ev::SPACE_ALLOC,
    ev::SPACE_RELEASE,
    ev::SPACE_REDEFINE,
    ev::SPACE_DESTROY,
    ev::TYPE,
    ev::SITE,
    ev::CAUSE,
    ev::METHOD,
];

/// One event of a payload: where it is, and where its fields are.
struct Span {
    id: u8,
    at: Range<usize>,
    fields: Vec<(Field, Range<usize>)>,
}

/// A varint at `p`: its value and length, if it is complete and at most 10 bytes.
fn read_varint(b: &[u8], p: usize) -> Option<(u64, usize)> {
    let mut v = 0u64;
    for i in 0..10 {
        let byte = *b.get(p + i)?;
        v |= ((byte & 0x7f) as u64)
            .checked_shl(7 * i as u32)
            .unwrap_or(0);
        if byte & 0x80 == 0 {
            return Some((v, i + 1));
        }
    }
    None
}

/// The events of a payload, as far as they are well-formed.
fn scan_events(b: &[u8]) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut p = 0;
    'events: while p < b.len() {
        let id = b[p];
        let Some(fields) = layout(id) else { break };
        let mut q = p + 1;
        let mut found = Vec::new();
        for &f in fields {
            let len = match f {
                Field::Varint => match read_varint(b, q) {
                    Some((_, n)) => n,
                    None => break 'events,
                },
                Field::Byte => 1,
                Field::Str => match read_varint(b, q) {
                    Some((n, k)) if n <= (b.len() - q) as u64 => k + n as usize,
                    _ => break 'events,
                },
                Field::Fixed(n) => n,
            };
            if q + len > b.len() {
                break 'events;
            }
            found.push((f, q..q + len));
            q += len;
        }
        if id == ev::CELLS_MAP {
            // The start (when the skip field is 0), then the map of free cells.
            let absolute = read_varint(b, found[1].1.start).is_some_and(|(s, _)| s == 0);
            for _ in 0..1 + absolute as usize {
                match read_varint(b, q) {
                    Some((_, n)) if q + n <= b.len() => {
                        found.push((Field::Varint, q..q + n));
                        q += n;
                    }
                    _ => break 'events,
                }
            }
        }
        if id == ev::ACTIVITY {
            // The method count (the third field), then five varints per method.
            let count = read_varint(b, found[2].1.start).map_or(0, |(n, _)| n);
            for _ in 0..count.saturating_mul(5) {
                match read_varint(b, q) {
                    Some((_, n)) if q + n <= b.len() => {
                        found.push((Field::Varint, q..q + n));
                        q += n;
                    }
                    _ => break 'events,
                }
            }
        }
        if id == ev::ALLOC && b[p + 3] as u32 == format::LEN8_ESCAPE {
            if q + 4 > b.len() {
                break;
            }
            found.push((Field::Fixed(4), q..q + 4));
            q += 4;
        }
        spans.push(Span {
            id,
            at: p..q,
            fields: found,
        });
        p = q;
    }
    spans
}

/// An event of a kind chosen first (so that rare events are chosen as often as allocations),
/// among those with a field if `with_field`.
fn pick_event<'a>(spans: &'a [Span], rng: &mut Rng, with_field: bool) -> Option<&'a Span> {
    let fit: Vec<&Span> = spans
        .iter()
        .filter(|s| !with_field || !s.fields.is_empty())
        .collect();
    let mut ids: Vec<u8> = fit.iter().map(|s| s.id).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return None;
    }
    let id = ids[rng.below(ids.len())];
    let of: Vec<&Span> = fit.into_iter().filter(|s| s.id == id).collect();
    Some(of[rng.below(of.len())])
}

fn varint_bytes(v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    format::put_varint(&mut out, v);
    out
}

/// `v` as a varint of `len` bytes (redundant continuation bytes; more than 10 is overlong).
fn stretched_varint(mut v: u64, len: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 1..len {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8 & 0x7f);
    out
}

/// Values at the edges: of 7-bit groups, of u16/u24/u32, of the reader's 2^33 units, of u64.
const EDGE_VALUES: [u64; 22] = [
    0,
    1,
    2,
    7,
    8,
    0x7f,
    0x80,
    0xff,
    0xffff,
    0x1_0000,
    0xff_ffff,
    0x100_0000,
    0x7fff_ffff,
    0xffff_fffe,
    0xffff_ffff,
    0x1_0000_0000,
    (1 << 33) - 1,
    1 << 33,
    (1 << 33) + 1,
    1 << 40,
    i64::MAX as u64,
    u64::MAX,
];

const EDGE_BYTES: [u8; 8] = [0, 1, 2, 0x7f, 0x80, 0xfe, 0xff, 9];

/// A new value for a field holding `old`.
fn edge_value(rng: &mut Rng, old: u64) -> u64 {
    match rng.below(8) {
        0 => old.wrapping_add(1),
        1 => old.wrapping_sub(1),
        2 => old.wrapping_mul(2),
        3 => old / 2,
        4 => old.wrapping_add(1 + rng.below(1 << 16) as u64),
        _ => EDGE_VALUES[rng.below(EDGE_VALUES.len())],
    }
}

/// One mutation behind the checksums, described.
fn mutate_parts(t: &mut TraceParts, rng: &mut Rng) -> String {
    match rng.below(20) {
        0..=8 => mutate_event_bytes(t, rng),
        9..=12 => mutate_event_ranges(t, rng),
        13..=16 => mutate_records(t, rng),
        17 | 18 => mutate_trailer(t, rng),
        _ => mutate_header(t, rng),
    }
}

/// One to three mutations of a recorded trace, every one behind right checksums.
pub(crate) fn mutate_behind_checksums(bytes: &[u8], rng: &mut Rng) -> (Vec<u8>, String) {
    let mut t = TraceParts::parse(bytes);
    let n = 1 + rng.below(3);
    let what: Vec<String> = (0..n).map(|_| mutate_parts(&mut t, rng)).collect();
    (t.encode(), what.join("; "))
}

/// A byte, a field or the length of one chunk's events.
fn mutate_event_bytes(t: &mut TraceParts, rng: &mut Rng) -> String {
    let Some(c) = t.pick_chunk(rng) else {
        return mutate_header(t, rng);
    };
    let place = t.describe(c);
    let p = &mut t.records[c].raw;
    if p.is_empty() {
        p.push(EVENT_IDS[rng.below(EVENT_IDS.len())]);
        return format!("{place}: an event id in the empty payload");
    }
    let spans = scan_events(p);
    let len = p.len();
    match rng.below(8) {
        0 => {
            let at = rng.below(len);
            p[at] ^= 1 << rng.below(8);
            format!("{place}: bit flipped at payload byte {at}")
        }
        1 => {
            let at = rng.below(len);
            p[at] = EDGE_BYTES[rng.below(EDGE_BYTES.len())];
            format!("{place}: payload byte {at} = {:#04x}", p[at])
        }
        2..=4 => {
            let Some(span) = pick_event(&spans, rng, true) else {
                p.truncate(rng.below(len));
                return format!("{place}: no events, truncated to {} bytes", p.len());
            };
            let (id, k) = (span.id, rng.below(span.fields.len()));
            let (field, at) = span.fields[k].clone();
            let new: Vec<u8> = match field {
                Field::Varint => {
                    let old = read_varint(p, at.start).unwrap().0;
                    varint_bytes(edge_value(rng, old))
                }
                Field::Byte => vec![EDGE_BYTES[rng.below(EDGE_BYTES.len())]],
                Field::Str => {
                    let (n, k) = read_varint(p, at.start).unwrap();
                    let text = &p[at.start + k..at.end];
                    match rng.below(4) {
                        0 => [varint_bytes(edge_value(rng, n)), text.to_vec()].concat(),
                        1 if !text.is_empty() => {
                            let mut bad = p[at.clone()].to_vec();
                            let i = k + rng.below(text.len());
                            bad[i] = [0xff, 0xc3, 0x80, 0][rng.below(4)];
                            bad
                        }
                        2 => {
                            let long = 1 + rng.below(100_000);
                            [varint_bytes(long as u64), vec![b'x'; long]].concat()
                        }
                        _ => vec![0],
                    }
                }
                Field::Fixed(n) => match rng.below(3) {
                    0 => vec![0xff; n],
                    1 => vec![0; n],
                    _ => (0..n).map(|_| rng.byte()).collect(),
                },
            };
            p.splice(at.clone(), new);
            format!(
                "{place}: field {k} ({field:?}) of a {id:#04x} event at payload byte {} replaced",
                at.start
            )
        }
        5 => {
            let Some(span) = pick_event(&spans, rng, true) else {
                return format!("{place}: no varint to stretch");
            };
            let varints: Vec<Range<usize>> = span
                .fields
                .iter()
                .filter(|f| f.0 == Field::Varint)
                .map(|f| f.1.clone())
                .collect();
            if varints.is_empty() {
                return format!("{place}: no varint to stretch");
            }
            let at = varints[rng.below(varints.len())].clone();
            let v = read_varint(p, at.start).unwrap().0;
            let natural = varint_bytes(v).len();
            let n = if rng.below(4) == 0 {
                11
            } else {
                natural + rng.below(10 - natural + 1)
            };
            p.splice(at.clone(), stretched_varint(v, n));
            format!(
                "{place}: varint {v} at payload byte {} stretched to {n} bytes",
                at.start
            )
        }
        6 => {
            let cut = match (rng.below(2), spans.is_empty()) {
                (0, false) => {
                    let s = &spans[rng.below(spans.len())];
                    s.at.start + rng.below(s.at.len())
                }
                _ => rng.below(len),
            };
            p.truncate(cut);
            format!("{place}: truncated to {cut} bytes")
        }
        _ => {
            let Some(span) = pick_event(&spans, rng, false) else {
                p[0] = EVENT_IDS[rng.below(EVENT_IDS.len())];
                return format!("{place}: first byte made an event id");
            };
            let id = EVENT_IDS[rng.below(EVENT_IDS.len())];
            let at = span.at.start;
            let old = std::mem::replace(&mut p[at], id);
            format!("{place}: event id {old:#04x} at payload byte {at} -> {id:#04x}")
        }
    }
}

/// Event boundaries of a payload: every event's start and the end of the last one.
fn boundaries(spans: &[Span]) -> Vec<usize> {
    let mut b: Vec<usize> = spans.iter().map(|s| s.at.start).collect();
    b.push(spans.last().map_or(0, |s| s.at.end));
    b
}

/// Whole events duplicated, removed, swapped, repeated or moved between chunks.
fn mutate_event_ranges(t: &mut TraceParts, rng: &mut Rng) -> String {
    let Some(c) = t.pick_chunk(rng) else {
        return mutate_header(t, rng);
    };
    let place = t.describe(c);
    let spans = scan_events(&t.records[c].raw);
    if spans.is_empty() {
        return mutate_event_bytes(t, rng);
    }
    let i = rng.below(spans.len());
    let k = 1 + rng.below(8.min(spans.len() - i));
    let range = spans[i].at.start..spans[i + k - 1].at.end;
    let at = boundaries(&spans)[rng.below(spans.len() + 1)];
    let p = &mut t.records[c].raw;
    match rng.below(6) {
        0 => {
            let copy = p[range.clone()].to_vec();
            p.splice(at..at, copy);
            format!(
                "{place}: {k} events at payload byte {} copied to {at}",
                range.start
            )
        }
        2 if spans.len() > 1 => {
            let j = (i + 1 + rng.below(spans.len() - 1)) % spans.len();
            let (a, b) = (spans[i.min(j)].at.clone(), spans[i.max(j)].at.clone());
            let mut q = p[..a.start].to_vec();
            q.extend_from_slice(&p[b.clone()]);
            q.extend_from_slice(&p[a.end..b.start]);
            q.extend_from_slice(&p[a.clone()]);
            q.extend_from_slice(&p[b.end..]);
            *p = q;
            format!(
                "{place}: events at payload bytes {} and {} swapped",
                a.start, b.start
            )
        }
        1 | 2 => {
            p.drain(range.clone());
            format!(
                "{place}: {k} events at payload byte {} removed",
                range.start
            )
        }
        3 => {
            let one = p[spans[i].at.clone()].to_vec();
            let times = 2 + rng.below(2000.min((1 << 20) / one.len().max(1)));
            p.splice(at..at, one.repeat(times));
            format!(
                "{place}: the {:#04x} event at payload byte {} repeated {times} times at {at}",
                spans[i].id, spans[i].at.start
            )
        }
        _ => {
            // to or from another chunk
            let moved: Vec<u8> = match rng.below(2) {
                0 => p.drain(range.clone()).collect(),
                _ => p[range.clone()].to_vec(),
            };
            let Some(d) = t.pick_chunk(rng) else {
                return format!("{place}: no other chunk");
            };
            let to = t.describe(d);
            let q = &mut t.records[d].raw;
            let b = boundaries(&scan_events(q));
            let at = b[rng.below(b.len())];
            q.splice(at..at, moved);
            format!(
                "{place}: {k} events at payload byte {} copied or moved into {to} at {at}",
                range.start
            )
        }
    }
}

/// Records swapped, duplicated, removed, split, merged, given another thread or epoch, a raw
/// length that lies, or stored the other way (deflated or not).
fn mutate_records(t: &mut TraceParts, rng: &mut Rng) -> String {
    let chunks = t.chunks();
    if chunks.len() < 2 {
        return mutate_trailer(t, rng);
    }
    let c = chunks[rng.below(chunks.len())];
    let d = chunks[rng.below(chunks.len())];
    let place = t.describe(c);
    // positions before the trailer
    let anywhere = rng.below(t.records.len());
    match rng.below(11) {
        0 => {
            t.records.swap(c, d);
            format!("records {c} and {d} swapped")
        }
        1 => {
            let r = &t.records[c];
            let copy = Rec {
                raw: r.raw.clone(),
                raw_len: r.raw_len,
                ..*r
            };
            t.records.insert(anywhere, copy);
            format!("{place} copied to position {anywhere}")
        }
        2 => {
            t.records.remove(c);
            format!("{place} removed")
        }
        3 => {
            let r = &mut t.records[c];
            let spans = scan_events(&r.raw);
            let cut = match rng.below(2) {
                0 => boundaries(&spans)[rng.below(spans.len() + 1)],
                _ => rng.below(r.raw.len() + 1),
            };
            let tail = Rec {
                raw: r.raw.split_off(cut),
                raw_len: None,
                ..*r
            };
            t.records.insert(c + 1, tail);
            format!("{place} split at payload byte {cut}")
        }
        4 => {
            let next = c + 1;
            if t.records[next].kind != format::RECORD_CHUNK {
                return format!("{place}: no chunk after it to merge");
            }
            let tail = t.records.remove(next).raw;
            t.records[c].raw.extend_from_slice(&tail);
            format!("{place} and the next chunk merged")
        }
        5 => {
            let other = t.records[d].thread;
            let thread = match rng.below(4) {
                0 => other,
                1 => [0, 1, 2, 7][rng.below(4)],
                2 => [
                    format::GC_THREAD_BASE,
                    format::GC_THREAD_BASE + 1,
                    format::GC_THREAD_BASE - 1,
                    format::GLOBAL_THREAD,
                    format::GLOBAL_THREAD - 1,
                ][rng.below(5)],
                _ => rng.next() as u32,
            };
            t.records[c].thread = thread;
            format!("{place}: thread {thread:#x}")
        }
        6 => {
            let r = &mut t.records[c];
            r.epoch = match rng.below(4) {
                0 => r.epoch.wrapping_add(1),
                1 => r.epoch.wrapping_sub(1),
                2 => [0, u32::MAX, u32::MAX - 1][rng.below(3)],
                _ => rng.below(64) as u32,
            };
            format!("{place}: epoch {}", r.epoch)
        }
        7 => {
            let r = &mut t.records[c];
            let n = r.raw.len() as u32;
            let lie = match rng.below(4) {
                0 => n + 1,
                1 => n.saturating_sub(1),
                2 => 0,
                _ => format::MAX_CHUNK_RAW as u32 - rng.below(2) as u32,
            };
            r.raw_len = Some(lie);
            if rng.below(4) != 0 {
                r.compressed = true;
            }
            format!(
                "{place}: raw length {lie} for {n} bytes, compressed {}",
                r.compressed
            )
        }
        8 => {
            let r = &mut t.records[c];
            r.compressed = !r.compressed;
            format!("{place}: stored compressed {}", r.compressed)
        }
        9 => {
            let r = t.records.remove(c);
            let to = anywhere.min(t.records.len() - 1);
            t.records.insert(to, r);
            format!("{place} moved to position {to}")
        }
        _ => {
            // a record of an unknown kind is rejected by the framing; a second trailer is not
            let r = &mut t.records[c];
            r.kind = format::RECORD_TRAILER;
            format!("{place}: kind 'T' (a trailer amid the chunks)")
        }
    }
}

/// The trailer's payload (chunk count, bytes, the collection index), checksum made right.
fn mutate_trailer(t: &mut TraceParts, rng: &mut Rng) -> String {
    let last = t.records.len() - 1;
    let r = &mut t.records[last];
    let p = &mut r.raw;
    match rng.below(7) {
        0 if !p.is_empty() => {
            let at = rng.below(p.len());
            p[at] ^= 1 << rng.below(8);
            format!("trailer: bit flipped at {at}")
        }
        1 if p.len() >= 28 => {
            let old = u32::from_le_bytes(p[24..28].try_into().unwrap());
            let n = edge_value(rng, old as u64) as u32;
            p[24..28].copy_from_slice(&n.to_le_bytes());
            format!("trailer: collection count {n}")
        }
        2 if p.len() >= 24 => {
            let at = 8 * rng.below(3);
            let v = edge_value(rng, u64::from_le_bytes(p[at..at + 8].try_into().unwrap()));
            p[at..at + 8].copy_from_slice(&v.to_le_bytes());
            format!("trailer: counter at {at} = {v}")
        }
        3 if p.len() >= 48 => {
            let entries = (p.len() - 28) / 20;
            let at = 28 + 20 * rng.below(entries) + [0, 4, 12][rng.below(3)];
            let w = if at % 20 == 8 { 4 } else { 8 };
            let v = EDGE_VALUES[rng.below(EDGE_VALUES.len())];
            p[at..at + w].copy_from_slice(&v.to_le_bytes()[..w]);
            format!("trailer: index field at {at} = {v}")
        }
        4 => {
            let cut = rng.below(p.len() + 1);
            p.truncate(cut);
            format!("trailer: truncated to {cut} bytes")
        }
        5 => {
            let n = [1, 20, 4096][rng.below(3)];
            p.extend((0..n).map(|_| rng.byte()));
            format!("trailer: {n} bytes appended")
        }
        _ => {
            r.compressed = !r.compressed;
            format!("trailer: stored compressed {}", r.compressed)
        }
    }
}

/// A field of the header: flags, array header size, minimum object size, heap size.
fn mutate_header(t: &mut TraceParts, rng: &mut Rng) -> String {
    let h = &mut t.header;
    let u16_edge = |rng: &mut Rng| [0u16, 1, 7, 8, 16, 24, 0x7fff, 0xffff][rng.below(8)];
    match rng.below(4) {
        0 => {
            let flags = u16::from_le_bytes([h[10], h[11]]) ^ (1 << rng.below(3));
            h[10..12].copy_from_slice(&flags.to_le_bytes());
            format!("header: flags {flags:#x}")
        }
        1 => {
            let v = u16_edge(rng);
            h[18..20].copy_from_slice(&v.to_le_bytes());
            format!("header: array header {v}")
        }
        2 => {
            let v = u16_edge(rng);
            h[20..22].copy_from_slice(&v.to_le_bytes());
            format!("header: minimum object size {v}")
        }
        _ => {
            let v = [0u64, 1, 8, 4096, 1 << 20, 1 << 40, u64::MAX][rng.below(7)];
            h[24..32].copy_from_slice(&v.to_le_bytes());
            format!("header: heap size {v}")
        }
    }
}
