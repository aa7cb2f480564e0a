//! `gcvm trace info`: what a trace holds, read without rebuilding the heap — header, chunks,
//! events per kind, threads, collections, spaces.

use super::labels::{kind_label, thread_label};
use crate::reader::{self, Event, TraceError, TraceReader};
use crate::reconstruct::file_len;
use crate::render::Progress;
use gcvm_tracer::format::{self, TraceHeader};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

/// Everything `gcvm trace info` reports.
pub struct TraceInfo {
    pub file: String,
    pub file_bytes: u64,
    /// A rotated set read as one trace: its files (0: one file) and the first one's sequence
    /// number.
    pub set_files: usize,
    pub set_first: u32,
    pub header: TraceHeader,
    /// Whether the header says the chunks are compressed.
    pub compressed: bool,
    pub chunks: u64,
    pub compressed_chunks: u64,
    pub raw_bytes: u64,
    pub stored_bytes: u64,
    /// Whether the trace has its trailer (the VM finished writing it).
    pub finished: bool,
    pub events: u64,
    /// Per event kind that occurs, in `EVENT_KIND_NAMES` order.
    pub kinds: Vec<KindCount>,
    pub allocation_events: u64,
    /// Raw bytes per allocation event (0 without allocations).
    pub raw_per_allocation: f64,
    /// Stored bytes per allocation: the share of allocation events in the raw bytes, compressed
    /// at the trace's overall ratio.
    pub stored_per_allocation: f64,
    /// Raw bytes per allocation of the allocation events and of the TLAB and cell-run events
    /// that place them: what allocating costs the trace.
    pub raw_per_allocation_with_buffers: f64,
    /// Per thread, in id order.
    pub threads: Vec<ThreadInfo>,
    pub collections: Vec<GcSpan>,
    /// The spaces alive at the end, in id order.
    pub spaces: Vec<SpaceInfo>,
    pub types: usize,
    pub sites: usize,
    pub causes: usize,
    /// Whether the header says the trace records code activity and thread states
    /// (`gcvm run --activity`).
    pub activity: bool,
    /// Distinct (thread, interval) pairs of the Activity events (several events of one
    /// thread for one interval are one pair).
    pub activity_intervals: u64,
    /// Raw bytes of Activity events per (thread, interval) pair (0 without any).
    pub activity_bytes_per_interval: f64,
    /// Whether the header says the trace records pointers and roots (`--trace-pointers`).
    pub pointers: bool,
    /// Object entries of the Pointers events, and the references they hold.
    pub pointer_records: u64,
    pub pointer_references: u64,
    /// Roots over every Roots event.
    pub roots: u64,
    /// Raw bytes of Pointers and Roots events per collection (0 without collections).
    pub pointer_bytes_per_collection: f64,
}

/// How often one event kind occurs and its raw bytes.
pub struct KindCount {
    pub kind: &'static str,
    pub count: u64,
    pub raw_bytes: u64,
}

pub struct ThreadInfo {
    pub id: u32,
    pub label: String,
    pub name: Option<String>,
    pub events: u64,
    pub chunks: u64,
    /// Whether it died; None: never announced.
    pub died: Option<bool>,
}

/// A collection's id, kind, cause, start and end (µs).
pub struct GcSpan {
    pub id: u32,
    pub kind: &'static str,
    pub cause: String,
    pub start_us: u64,
    pub end_us: Option<u64>,
}

pub struct SpaceInfo {
    pub id: u32,
    pub name: String,
    pub kind: &'static str,
    pub start: u64,
    pub end: u64,
}

/// Event counts per thread, and what the thread events, collections and spaces say.
struct Tally {
    counts: [u64; reader::EVENT_KIND_NAMES.len()],
    bytes: [u64; reader::EVENT_KIND_NAMES.len()],
    per_thread: BTreeMap<u32, (u64, u64)>, // events, chunks
    names: HashMap<u32, String>,
    died: HashMap<u32, bool>,
    // (id, kind, cause, start, end)
    gcs: Vec<(u32, gcvm_tracer::GcKind, u32, u64, Option<u64>)>,
    spaces: BTreeMap<u32, (String, &'static str, u64, u64)>,
    total: u64,
    /// (thread, start µs, end µs) of every Activity event.
    activity_intervals: HashSet<(u32, u64, u64)>,
    /// Object entries and references of Pointers events, roots of Roots events.
    pointer_records: u64,
    pointer_references: u64,
    roots: u64,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            counts: [0; reader::EVENT_KIND_NAMES.len()],
            bytes: [0; reader::EVENT_KIND_NAMES.len()],
            per_thread: BTreeMap::new(),
            names: HashMap::new(),
            died: HashMap::new(),
            gcs: Vec::new(),
            spaces: BTreeMap::new(),
            total: 0,
            activity_intervals: HashSet::new(),
            pointer_records: 0,
            pointer_references: 0,
            roots: 0,
        }
    }
}

impl Tally {
    fn note(&mut self, thread: u32, ev: Event) {
        match ev {
            Event::ThreadAlive { name } => {
                self.names.insert(thread, name);
                self.died.insert(thread, false);
            }
            Event::ThreadDeath => {
                self.died.insert(thread, true);
            }
            Event::Activity(a) => {
                self.activity_intervals
                    .insert((thread, a.start_us, a.end_us));
            }
            Event::Pointers(p) => {
                self.pointer_records += p.objects.len() as u64;
                self.pointer_references +=
                    p.objects.iter().map(|o| o.refs.len() as u64).sum::<u64>();
            }
            Event::Roots(r) => self.roots += r.roots.len() as u64,
            Event::GcStart {
                gc_id,
                kind,
                cause,
                time_us,
            } => self.gcs.push((gc_id, kind, cause, time_us, None)),
            Event::GcEnd { gc_id, time_us } => {
                if let Some(g) = self
                    .gcs
                    .iter_mut()
                    .rev()
                    .find(|g| g.0 == gc_id && g.4.is_none())
                {
                    g.4 = Some(time_us);
                }
            }
            Event::SpaceCreate(s) => {
                let s = *s;
                self.spaces
                    .insert(s.id, (s.name, s.kind.label(), s.start, s.end));
            }
            Event::SpaceAlloc { id, kind } => {
                if let Some(s) = self.spaces.get_mut(&id) {
                    s.1 = kind.label();
                }
            }
            Event::SpaceRedefine { id, start, end } => {
                if let Some(s) = self.spaces.get_mut(&id) {
                    s.2 = start;
                    s.3 = end;
                }
            }
            Event::SpaceDestroy { id } => {
                self.spaces.remove(&id);
            }
            _ => {}
        }
    }
}

/// Reads the whole trace at `path`, event by event.
pub fn read(path: impl AsRef<Path>) -> Result<TraceInfo, TraceError> {
    let path = path.as_ref();
    let size = file_len(path);
    let mut reader = TraceReader::open(path)?;
    let set_first = reader.header().sequence;
    let mut progress = Progress::new("reading trace", size);
    let mut t = Tally::default();
    let mut last_chunk = u64::MAX;
    while let Some((thread, ev)) = reader.next_event()? {
        let k = ev.kind_index();
        t.counts[k] += 1;
        t.bytes[k] += reader.last_event_len() as u64;
        t.total += 1;
        let e = t.per_thread.entry(thread).or_default();
        e.0 += 1;
        if reader.chunk().offset != last_chunk {
            last_chunk = reader.chunk().offset;
            e.1 += 1;
        }
        if t.total & 0xffff == 0 {
            progress.update(reader.position());
        }
        t.note(thread, ev);
    }
    progress.finish();
    let header = reader.header().clone();
    let sy = reader.symbols();
    // alloc, alloc-typed, alloc-outside, alloc-cell (`Event::kind_index`).
    let alloc_events: u64 = t.counts[..4].iter().sum();
    let alloc_bytes: u64 = t.bytes[..4].iter().sum();
    let (raw, stored) = (reader.raw_bytes_read, reader.stored_bytes_read);
    let activity_intervals = t.activity_intervals.len() as u64;
    let activity_bytes = reader::EVENT_KIND_NAMES
        .iter()
        .position(|n| *n == "activity")
        .map_or(0, |k| t.bytes[k]);
    let activity_bytes_per_interval = match activity_intervals {
        0 => 0.0,
        n => activity_bytes as f64 / n as f64,
    };
    let pointer_bytes: u64 = ["pointers", "roots"]
        .iter()
        .filter_map(|k| reader::EVENT_KIND_NAMES.iter().position(|n| n == k))
        .map(|k| t.bytes[k])
        .sum();
    let pointer_bytes_per_collection = match t.gcs.len() {
        0 => 0.0,
        n => pointer_bytes as f64 / n as f64,
    };
    let buffer_bytes: u64 = ["tlab", "cells", "cells-next", "cells-map"]
        .iter()
        .filter_map(|k| reader::EVENT_KIND_NAMES.iter().position(|n| n == k))
        .map(|k| t.bytes[k])
        .sum();
    let stored_per_allocation = if alloc_events > 0 && raw > 0 {
        alloc_bytes as f64 / alloc_events as f64 * stored as f64 / raw as f64
    } else {
        0.0
    };
    Ok(TraceInfo {
        file: path.display().to_string(),
        file_bytes: size,
        set_files: reader.set_files().map_or(0, |f| f.len()),
        set_first: set_first.unwrap_or(0),
        compressed: header.flags & format::HEADER_FLAG_COMPRESSED != 0,
        activity: header.flags & format::HEADER_FLAG_ACTIVITY != 0,
        activity_intervals,
        activity_bytes_per_interval,
        pointers: header.flags & format::HEADER_FLAG_POINTERS != 0,
        pointer_records: t.pointer_records,
        pointer_references: t.pointer_references,
        roots: t.roots,
        pointer_bytes_per_collection,
        header,
        chunks: reader.chunks_read,
        compressed_chunks: reader.compressed_chunks,
        raw_bytes: raw,
        stored_bytes: stored,
        finished: reader.trailer().is_some(),
        events: t.total,
        kinds: reader::EVENT_KIND_NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| t.counts[*i] > 0)
            .map(|(i, n)| KindCount {
                kind: n,
                count: t.counts[i],
                raw_bytes: t.bytes[i],
            })
            .collect(),
        allocation_events: alloc_events,
        raw_per_allocation: if alloc_events > 0 {
            alloc_bytes as f64 / alloc_events as f64
        } else {
            0.0
        },
        stored_per_allocation,
        raw_per_allocation_with_buffers: if alloc_events > 0 {
            (alloc_bytes + buffer_bytes) as f64 / alloc_events as f64
        } else {
            0.0
        },
        threads: t
            .per_thread
            .iter()
            .map(|(&id, &(events, chunks))| ThreadInfo {
                id,
                label: thread_label(id, &t.names),
                name: t.names.get(&id).cloned(),
                events,
                chunks,
                died: t.died.get(&id).copied(),
            })
            .collect(),
        collections: t
            .gcs
            .iter()
            .map(|&(id, kind, cause, start_us, end_us)| GcSpan {
                id,
                kind: kind_label(kind),
                cause: sy.cause_name(cause),
                start_us,
                end_us,
            })
            .collect(),
        spaces: t
            .spaces
            .into_iter()
            .map(|(id, (name, kind, start, end))| SpaceInfo {
                id,
                name,
                kind,
                start,
                end,
            })
            .collect(),
        types: sy.types.len(),
        sites: sy.sites.len(),
        causes: sy.causes.len(),
    })
}
