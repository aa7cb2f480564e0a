//! gcvm's offline tools: trace reader, heap reconstruction, statistics, diffs and exports.
//!
//! Dependency rule: this crate reads traces and heap streams through `gcvm-tracer`'s format only;
//! it never links the interpreter or the collectors. See tools/README.md and docs/trace-format.md.
//!
//! Entry points for the CLI (each returns the text to print; `json` selects JSON):
//! - `trace_info(path, json)` — `gcvm trace info`: header, chunks, counts per event kind, threads,
//!   collections.
//! - `stats(path, json)` — `gcvm stats`: allocations per type and site, size histogram, per
//!   collection survivors / dead / moved, pauses.
//! - `heap_at(path, "gc:12:end", GroupBy::Type, json)` — `gcvm heap`: the heap at a boundary,
//!   object by object or grouped.

pub mod analyses;
pub mod compare;
pub mod deaths;
pub mod heap;
pub mod hprof;
mod inflate;
pub mod parquet_export;
pub mod perfetto;
pub mod reader;
pub mod render;
pub mod svg;
pub mod tiles;

pub use heap::{Desc, GcRecord, HeapModel, ObjectView};
pub use reader::{
    ChunkInfo, Event, EventVisitor, SiteSym, Space, Symbols, TraceError, TraceReader, Trailer,
    TypeSym, Visit,
};

use gcvm_tracer::format::{self, TraceHeader};
use gcvm_tracer::GcKind;
use render::{arr, human_bytes, js, percent, thousands, Obj, Progress, Table};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::str::FromStr;

/// A point in the trace at which the heap is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// Just after GC N's start: every object allocated before it, dead or alive.
    GcStart(u32),
    /// Just after GC N's end: the survivors and everything not collected.
    GcEnd(u32),
    /// The end of the trace.
    End,
}

impl FromStr for Boundary {
    type Err = String;
    /// `gc:N:start`, `gc:N:end` or `end`.
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        if s == "end" {
            return Ok(Boundary::End);
        }
        let parts: Vec<&str> = s.split(':').collect();
        match parts.as_slice() {
            ["gc", n, which] => {
                let n: u32 = n
                    .parse()
                    .map_err(|_| format!("bad GC id {n:?} in boundary {s:?}"))?;
                match *which {
                    "start" => Ok(Boundary::GcStart(n)),
                    "end" => Ok(Boundary::GcEnd(n)),
                    w => Err(format!(
                        "boundary {s:?}: expected start or end, found {w:?}"
                    )),
                }
            }
            _ => Err(format!(
                "boundary {s:?}: expected gc:N:start, gc:N:end or end"
            )),
        }
    }
}

impl std::fmt::Display for Boundary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Boundary::GcStart(n) => write!(f, "gc:{n}:start"),
            Boundary::GcEnd(n) => write!(f, "gc:{n}:end"),
            Boundary::End => write!(f, "end"),
        }
    }
}

/// How `heap_at` presents the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupBy {
    /// Every object.
    Objects,
    Type,
    Site,
    /// Collections survived.
    Age,
    Space,
    Thread,
}

impl GroupBy {
    /// The names `--by` accepts, in the order `gcvm heap --help` lists them.
    pub const NAMES: [&'static str; 6] = ["objects", "type", "site", "age", "space", "thread"];
}

impl FromStr for GroupBy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.trim() {
            "objects" | "none" | "list" => GroupBy::Objects,
            "type" => GroupBy::Type,
            "site" => GroupBy::Site,
            "age" => GroupBy::Age,
            "space" => GroupBy::Space,
            "thread" => GroupBy::Thread,
            o => {
                return Err(format!(
                    "group by {o:?}: expected objects, type, site, age, space or thread"
                ))
            }
        })
    }
}

/// One reconstructed object, self-contained.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct HeapObject {
    /// Byte offset from the heap base.
    pub addr: u64,
    pub type_id: u32,
    pub size: u64,
    pub array_len: Option<u32>,
    pub site: u32,
    pub thread: u32,
    /// Collections survived.
    pub age: u8,
}

/// A heap reconstructed up to a boundary.
pub struct Reconstruction {
    pub header: TraceHeader,
    pub symbols: Symbols,
    pub model: HeapModel,
    pub boundary: Boundary,
    /// Events read.
    pub events: u64,
    /// Bytes of the file read.
    pub bytes_read: u64,
}

impl Reconstruction {
    /// Every object, in address order.
    pub fn objects(&self) -> Vec<HeapObject> {
        let mut v = Vec::new();
        self.model.for_each_object(|o| {
            v.push(HeapObject {
                addr: o.addr,
                type_id: o.desc.type_id,
                size: o.desc.size(),
                array_len: o.desc.array_len,
                site: o.desc.site,
                thread: o.desc.thread,
                age: o.age,
            })
        });
        v.sort_unstable();
        v
    }
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

/// Replays the trace at `path` up to `boundary` (counting allocations when `count_allocs`).
pub fn reconstruct(
    path: impl AsRef<Path>,
    boundary: Boundary,
    count_allocs: bool,
) -> Result<Reconstruction, TraceError> {
    let path = path.as_ref();
    let reader = TraceReader::open(path)?;
    reconstruct_from(reader, file_len(path), boundary, count_allocs)
}

/// Replays a trace from any reader (`total`: its size in bytes, for the progress bar; 0 unknown).
pub fn reconstruct_from<R: std::io::Read>(
    mut reader: TraceReader<R>,
    total: u64,
    boundary: Boundary,
    count_allocs: bool,
) -> Result<Reconstruction, TraceError> {
    let mut progress = Progress::new("reading trace", total);
    let h = reader.header().clone();
    let mut model = HeapModel::new(h.array_header as u32, h.min_object_size as u32);
    if count_allocs {
        model.count_allocations();
    }
    let mut visitor = Rebuild {
        model: &mut model,
        boundary,
        progress: &mut progress,
        events: 0,
        reached: false,
        gc_ids: Vec::new(),
    };
    reader.visit_events(&mut visitor)?;
    let (events, mut reached, gc_ids) = (visitor.events, visitor.reached, visitor.gc_ids);
    progress.finish();
    if boundary == Boundary::End {
        model.close_open_runs();
        reached = true;
    }
    if !reached {
        let ids = match (gc_ids.first(), gc_ids.last()) {
            (Some(a), Some(b)) => format!("collections {a}..={b}"),
            _ => "no collections".to_string(),
        };
        return Err(TraceError::not_in_trace(
            reader.position(),
            format!("boundary {boundary} not found: the trace has {ids}"),
        ));
    }
    Ok(Reconstruction {
        header: h,
        symbols: reader.symbols().clone(),
        model,
        boundary,
        events,
        bytes_read: reader.position(),
    })
}

/// `reconstruct_from`'s visitor: every event to the model (the common ones without building
/// an `Event`: TraceReader::visit_events) until `boundary`.
struct Rebuild<'a> {
    model: &'a mut HeapModel,
    boundary: Boundary,
    progress: &'a mut Progress,
    events: u64,
    reached: bool,
    gc_ids: Vec<u32>,
}

impl EventVisitor for Rebuild<'_> {
    #[inline]
    fn alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> Result<(), String> {
        self.events += 1;
        self.model.apply_alloc(thread, site, array_len)
    }
    #[inline]
    fn move_fast(&mut self, thread: u32, from: u64) -> Result<(), String> {
        self.events += 1;
        self.model.apply_move_fast(thread, from)
    }
    fn event(
        &mut self,
        thread: u32,
        ev: &Event,
        _symbols: &Symbols,
        position: u64,
    ) -> Result<Visit, String> {
        self.model.apply(thread, ev)?;
        self.events += 1;
        if self.events & 0xffff == 0 {
            self.progress.update(position);
        }
        match (ev, self.boundary) {
            (Event::GcStart { gc_id, .. }, b) => {
                self.gc_ids.push(*gc_id);
                if b == Boundary::GcStart(*gc_id) {
                    self.reached = true;
                    return Ok(Visit::Stop);
                }
            }
            (Event::GcEnd { gc_id, .. }, Boundary::GcEnd(n)) if *gc_id == n => {
                self.reached = true;
                return Ok(Visit::Stop);
            }
            _ => {}
        }
        Ok(Visit::Go)
    }
}

/// The objects alive at `boundary` ("gc:N:start", "gc:N:end", "end"), in address order.
pub fn heap_objects(path: impl AsRef<Path>, boundary: &str) -> Result<Vec<HeapObject>, TraceError> {
    let b: Boundary = boundary.parse().map_err(|e: String| TraceError::at(0, e))?;
    Ok(reconstruct(path, b, false)?.objects())
}

pub(crate) fn kind_label(k: GcKind) -> &'static str {
    match k {
        GcKind::Minor => "minor",
        GcKind::Major => "major",
        GcKind::Marking => "marking",
    }
}

pub(crate) fn thread_label(id: u32, names: &HashMap<u32, String>) -> String {
    if id == format::GLOBAL_THREAD {
        return "global".into();
    }
    if reader::is_gc_thread(id) {
        return format!("gc-{}", id - format::GC_THREAD_BASE);
    }
    match names.get(&id) {
        Some(n) if !n.is_empty() => format!("{id} ({n})"),
        _ => id.to_string(),
    }
}

fn ms(us: u64) -> String {
    format!("{:.3}", us as f64 / 1000.0)
}

/// `gcvm trace info`: what is in a trace, without reconstructing the heap.
pub fn trace_info(path: impl AsRef<Path>, json: bool) -> Result<String, TraceError> {
    let path = path.as_ref();
    let size = file_len(path);
    let mut reader = TraceReader::open(path)?;
    let mut progress = Progress::new("reading trace", size);
    let mut counts = [0u64; reader::EVENT_KIND_NAMES.len()];
    let mut bytes = [0u64; reader::EVENT_KIND_NAMES.len()];
    let mut per_thread: BTreeMap<u32, (u64, u64)> = BTreeMap::new(); // events, chunks
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut died: HashMap<u32, bool> = HashMap::new();
    let mut last_chunk = u64::MAX;
    // (id, kind, cause, start, end)
    let mut gcs: Vec<(u32, GcKind, u32, u64, Option<u64>)> = Vec::new();
    let mut spaces: BTreeMap<u32, (String, &'static str, u64, u64)> = BTreeMap::new();
    let mut total = 0u64;
    while let Some((thread, ev)) = reader.next_event()? {
        let k = ev.kind_index();
        counts[k] += 1;
        bytes[k] += reader.last_event_len() as u64;
        total += 1;
        let e = per_thread.entry(thread).or_default();
        e.0 += 1;
        if reader.chunk().offset != last_chunk {
            last_chunk = reader.chunk().offset;
            e.1 += 1;
        }
        if total & 0xffff == 0 {
            progress.update(reader.position());
        }
        match ev {
            Event::ThreadAlive { name } => {
                names.insert(thread, name);
                died.insert(thread, false);
            }
            Event::ThreadDeath => {
                died.insert(thread, true);
            }
            Event::GcStart {
                gc_id,
                kind,
                cause,
                time_us,
            } => gcs.push((gc_id, kind, cause, time_us, None)),
            Event::GcEnd { gc_id, time_us } => {
                if let Some(g) = gcs.iter_mut().rev().find(|g| g.0 == gc_id && g.4.is_none()) {
                    g.4 = Some(time_us);
                }
            }
            Event::SpaceCreate(s) => {
                let s = *s;
                spaces.insert(s.id, (s.name, s.kind.label(), s.start, s.end));
            }
            Event::SpaceAlloc { id, kind } => {
                if let Some(s) = spaces.get_mut(&id) {
                    s.1 = kind.label();
                }
            }
            Event::SpaceRedefine { id, start, end } => {
                if let Some(s) = spaces.get_mut(&id) {
                    s.2 = start;
                    s.3 = end;
                }
            }
            Event::SpaceDestroy { id } => {
                spaces.remove(&id);
            }
            _ => {}
        }
    }
    progress.finish();
    let h = reader.header().clone();
    let sy = reader.symbols();
    let alloc_events = counts[0] + counts[1] + counts[2];
    let alloc_bytes = bytes[0] + bytes[1] + bytes[2];
    let raw = reader.raw_bytes_read;
    let stored = reader.stored_bytes_read;
    let chunks = reader.chunks_read;
    // stored bytes per allocation: the share of allocation events in the raw bytes, compressed
    // at the trace's overall ratio
    let stored_per_alloc = if alloc_events > 0 && raw > 0 {
        alloc_bytes as f64 / alloc_events as f64 * stored as f64 / raw as f64
    } else {
        0.0
    };
    if json {
        let kinds = arr(reader::EVENT_KIND_NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| counts[*i] > 0)
            .map(|(i, n)| {
                Obj::new()
                    .str("kind", n)
                    .num("count", counts[i])
                    .num("raw_bytes", bytes[i])
                    .build()
            }));
        let threads = arr(per_thread.iter().map(|(&t, &(e, c))| {
            Obj::new()
                .num("id", t)
                .str("label", &thread_label(t, &names))
                .raw("name", names.get(&t).map_or("null".to_string(), |n| js(n)))
                .num("events", e)
                .num("chunks", c)
                .raw(
                    "died",
                    died.get(&t).map_or("null".to_string(), |d| d.to_string()),
                )
                .build()
        }));
        let colls = arr(gcs.iter().map(|&(id, kind, cause, s, e)| {
            Obj::new()
                .num("id", id)
                .str("kind", kind_label(kind))
                .str("cause", &sy.cause_name(cause))
                .num("start_us", s)
                .opt("end_us", e)
                .opt("pause_us", e.map(|e| e.saturating_sub(s)))
                .build()
        }));
        let sp = arr(spaces.iter().map(|(&id, (n, k, s, e))| {
            Obj::new()
                .num("id", id)
                .str("name", n)
                .str("kind", k)
                .num("start", s)
                .num("end", e)
                .build()
        }));
        let out = Obj::new()
            .str("file", &path.display().to_string())
            .num("file_bytes", size)
            .raw(
                "header",
                Obj::new()
                    .num("version", h.version)
                    .str("collector", &h.collector)
                    .str("program", &h.program)
                    .num("heap_size", h.heap_size)
                    .num("start_unix_ms", h.start_unix_ms)
                    .num("array_header", h.array_header)
                    .num("min_object_size", h.min_object_size)
                    .raw(
                        "compressed",
                        ((h.flags & format::HEADER_FLAG_COMPRESSED) != 0).to_string(),
                    )
                    .build(),
            )
            .raw(
                "chunks",
                Obj::new()
                    .num("count", chunks)
                    .num("compressed", reader.compressed_chunks)
                    .num("raw_bytes", raw)
                    .num("stored_bytes", stored)
                    .build(),
            )
            .raw("finished", reader.trailer().is_some().to_string())
            .num("events", total)
            .raw("event_kinds", kinds)
            .num("allocation_events", alloc_events)
            .num(
                "raw_bytes_per_allocation",
                format!(
                    "{:.3}",
                    if alloc_events > 0 {
                        alloc_bytes as f64 / alloc_events as f64
                    } else {
                        0.0
                    }
                ),
            )
            .num(
                "stored_bytes_per_allocation",
                format!("{stored_per_alloc:.3}"),
            )
            .raw("threads", threads)
            .raw("collections", colls)
            .raw("spaces", sp)
            .raw(
                "symbols",
                Obj::new()
                    .num("types", sy.types.len())
                    .num("sites", sy.sites.len())
                    .num("causes", sy.causes.len())
                    .build(),
            )
            .build();
        return Ok(out + "\n");
    }
    let mut o = String::new();
    o += &format!("trace      {} ({})\n", path.display(), human_bytes(size));
    o += &format!(
        "format     version {}, {}\n",
        h.version,
        if h.flags & format::HEADER_FLAG_COMPRESSED != 0 {
            "compressed chunks"
        } else {
            "uncompressed"
        }
    );
    o += &format!(
        "collector  {}\n",
        if h.collector.is_empty() {
            "-"
        } else {
            &h.collector
        }
    );
    if !h.program.is_empty() {
        o += &format!("program    {}\n", h.program);
    }
    o += &format!(
        "heap       {}\n",
        if h.heap_size > 0 {
            human_bytes(h.heap_size)
        } else {
            "-".into()
        }
    );
    o += &format!(
        "chunks     {} ({} compressed), {} raw -> {} stored ({})\n",
        thousands(chunks),
        thousands(reader.compressed_chunks),
        human_bytes(raw),
        human_bytes(stored),
        percent(stored, raw)
    );
    o += &format!("events     {}\n", thousands(total));
    if alloc_events > 0 {
        o += &format!(
            "allocs     {} events, {:.2} raw bytes each, ~{:.2} stored\n",
            thousands(alloc_events),
            alloc_bytes as f64 / alloc_events as f64,
            stored_per_alloc
        );
    }
    o += &format!(
        "symbols    {} types, {} sites, {} GC causes\n",
        sy.types.len(),
        sy.sites.len(),
        sy.causes.len()
    );
    o += &format!(
        "finished   {}\n\n",
        if reader.trailer().is_some() {
            "yes (trailer present)"
        } else {
            "no"
        }
    );
    let mut t = Table::new(&["event", "count", "raw bytes", "bytes/event"]);
    for (i, n) in reader::EVENT_KIND_NAMES.iter().enumerate() {
        if counts[i] > 0 {
            t.row(vec![
                n.to_string(),
                thousands(counts[i]),
                thousands(bytes[i]),
                format!("{:.2}", bytes[i] as f64 / counts[i] as f64),
            ]);
        }
    }
    o += &t.render();
    o += "\n";
    let mut t = Table::new(&["thread", "events", "chunks", "state"]);
    for (&id, &(e, c)) in &per_thread {
        let state = match died.get(&id) {
            Some(true) => "died",
            Some(false) => "alive at end",
            None => "-",
        };
        t.row(vec![
            thread_label(id, &names),
            thousands(e),
            thousands(c),
            state.into(),
        ]);
    }
    o += &t.render();
    if !spaces.is_empty() {
        o += "\n";
        let mut t = Table::new(&["space", "kind", "start", "end", "size"]).left(1);
        for (id, (n, k, s, e)) in &spaces {
            t.row(vec![
                format!("{id} {n}"),
                k.to_string(),
                format!("{s:#x}"),
                format!("{e:#x}"),
                human_bytes(e.saturating_sub(*s)),
            ]);
        }
        o += &t.render();
    }
    o += &format!("\ncollections: {}\n", gcs.len());
    if !gcs.is_empty() {
        let mut t = Table::new(&["gc", "kind", "cause", "start ms", "pause ms"])
            .left(1)
            .left(2);
        let show: Vec<usize> = if gcs.len() <= 40 {
            (0..gcs.len()).collect()
        } else {
            (0..20).chain(gcs.len() - 20..gcs.len()).collect()
        };
        let mut prev = None;
        for i in show {
            if let Some(p) = prev {
                if i != p + 1 {
                    t.row(vec![format!("... {} more", i - p - 1)]);
                }
            }
            prev = Some(i);
            let (id, kind, cause, s, e) = gcs[i];
            t.row(vec![
                id.to_string(),
                kind_label(kind).into(),
                sy.cause_name(cause),
                ms(s),
                e.map_or("-".into(), |e| ms(e.saturating_sub(s))),
            ]);
        }
        o += &t.render();
    }
    Ok(o)
}

/// Power-of-two size bucket: `[2^k, 2^(k+1))`.
fn bucket(size: u64) -> u32 {
    63 - size.max(1).leading_zeros()
}

fn bucket_label(k: u32) -> String {
    let lo = 1u64 << k;
    format!("[{}, {})", human_bytes(lo), human_bytes(lo << 1))
}

/// Pause percentiles (nearest rank).
fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

const TOP: usize = 25;

/// `gcvm stats`: allocation statistics and what every collection did.
pub fn stats(path: impl AsRef<Path>, json: bool) -> Result<String, TraceError> {
    let r = reconstruct(path.as_ref(), Boundary::End, true)?;
    let m = &r.model;
    let sy = &r.symbols;
    let counts = m.allocation_counts().unwrap_or(&[]);
    let mut by_type: HashMap<u32, (u64, u64)> = HashMap::new();
    let mut by_site: HashMap<u32, (u64, u64)> = HashMap::new();
    let mut hist: BTreeMap<u32, (u64, u64)> = BTreeMap::new();
    let mut arrays = (0u64, 0u64);
    for (d, &(n, b)) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let desc = &m.descs.list[d];
        let t = by_type.entry(desc.type_id).or_default();
        t.0 += n;
        t.1 += b;
        let s = by_site.entry(desc.site).or_default();
        s.0 += n;
        s.1 += b;
        let h = hist.entry(bucket(desc.size())).or_default();
        h.0 += n;
        h.1 += b;
        if desc.array_len.is_some() {
            arrays.0 += n;
            arrays.1 += b;
        }
    }
    let sorted = |m: HashMap<u32, (u64, u64)>| {
        let mut v: Vec<(u32, (u64, u64))> = m.into_iter().collect();
        v.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
        v
    };
    let by_type = sorted(by_type);
    let by_site = sorted(by_site);
    let mut pauses: Vec<u64> = m.gcs.iter().filter_map(|g| g.pause_us()).collect();
    let total_pause: u64 = pauses.iter().sum();
    pauses.sort_unstable();
    let (allocs, bytes) = (m.allocations, m.allocated_bytes);
    if json {
        let types = arr(by_type.iter().map(|&(t, (n, b))| {
            Obj::new()
                .num("type", t)
                .str("name", &sy.type_name(t))
                .num("count", n)
                .num("bytes", b)
                .build()
        }));
        let sites = arr(by_site.iter().map(|&(s, (n, b))| {
            Obj::new()
                .num("site", s)
                .str("label", &sy.site_label(s))
                .num("count", n)
                .num("bytes", b)
                .build()
        }));
        let hj = arr(hist.iter().map(|(&k, &(n, b))| {
            Obj::new()
                .num("min_size", 1u64 << k)
                .num("max_size_exclusive", 1u64 << (k + 1))
                .num("count", n)
                .num("bytes", b)
                .build()
        }));
        let gj = arr(m.gcs.iter().map(|g| {
            Obj::new()
                .num("id", g.id)
                .str("kind", kind_label(g.kind))
                .str("cause", &sy.cause_name(g.cause))
                .num("start_us", g.start_us)
                .opt("pause_us", g.pause_us())
                .num("before_objects", g.before_objects)
                .num("before_bytes", g.before_bytes)
                .num("collected_objects", g.collected_objects)
                .num("collected_bytes", g.collected_bytes)
                .num("survivor_objects", g.survivor_objects())
                .num("survivor_bytes", g.survivor_bytes())
                .num("moved_objects", g.moved_objects)
                .num("moved_bytes", g.moved_bytes)
                .num("kept_objects", g.kept_objects)
                .num("kept_bytes", g.kept_bytes)
                .num("dead_objects", g.dead_objects)
                .num("dead_bytes", g.dead_bytes)
                .num("after_objects", g.after_objects)
                .num("after_bytes", g.after_bytes)
                .build()
        }));
        let out = Obj::new()
            .num("allocations", allocs)
            .num("allocated_bytes", bytes)
            .num("array_allocations", arrays.0)
            .num("array_bytes", arrays.1)
            .raw("by_type", types)
            .raw("by_site", sites)
            .raw("size_histogram", hj)
            .raw("collections", gj)
            .raw(
                "pauses",
                Obj::new()
                    .num("count", pauses.len())
                    .num("total_us", total_pause)
                    .num("max_us", pauses.last().copied().unwrap_or(0))
                    .num("p50_us", percentile(&pauses, 50.0))
                    .num("p90_us", percentile(&pauses, 90.0))
                    .num("p99_us", percentile(&pauses, 99.0))
                    .build(),
            )
            .raw(
                "end",
                Obj::new()
                    .num("live_objects", m.live_objects)
                    .num("live_bytes", m.live_bytes)
                    .num("stale_objects", m.stale_objects)
                    .num("released_objects", m.released_objects)
                    .num("reconstruction_peak_bytes", m.peak_memory_bytes())
                    .build(),
            )
            .build();
        return Ok(out + "\n");
    }
    let mut o = String::new();
    o += &format!(
        "allocations  {} objects, {} (mean {} B); arrays {} objects, {}\n",
        thousands(allocs),
        human_bytes(bytes),
        bytes.checked_div(allocs).unwrap_or(0),
        thousands(arrays.0),
        human_bytes(arrays.1)
    );
    o += &format!(
        "collections  {}, total pause {} ms\n",
        m.gcs.len(),
        ms(total_pause)
    );
    o += &format!(
        "at the end   {} objects live, {}\n\n",
        thousands(m.live_objects),
        human_bytes(m.live_bytes)
    );
    let mut t = Table::new(&["type", "objects", "bytes", "% bytes", "mean size"]);
    for &(ty, (n, b)) in by_type.iter().take(TOP) {
        t.row(vec![
            sy.type_name(ty),
            thousands(n),
            thousands(b),
            percent(b, bytes),
            (b / n.max(1)).to_string(),
        ]);
    }
    if by_type.len() > TOP {
        t.row(vec![format!("... {} more types", by_type.len() - TOP)]);
    }
    o += &t.render();
    o += "\n";
    let mut t = Table::new(&["allocation site", "objects", "bytes", "% bytes"]);
    for &(s, (n, b)) in by_site.iter().take(TOP) {
        t.row(vec![
            sy.site_label(s),
            thousands(n),
            thousands(b),
            percent(b, bytes),
        ]);
    }
    if by_site.len() > TOP {
        t.row(vec![format!("... {} more sites", by_site.len() - TOP)]);
    }
    o += &t.render();
    o += "\n";
    let mut t = Table::new(&["object size", "objects", "% objects", "bytes", "% bytes"]);
    for (&k, &(n, b)) in &hist {
        t.row(vec![
            bucket_label(k),
            thousands(n),
            percent(n, allocs),
            thousands(b),
            percent(b, bytes),
        ]);
    }
    o += &t.render();
    if !m.gcs.is_empty() {
        o += "\n";
        let mut t = Table::new(&[
            "gc",
            "kind",
            "cause",
            "pause ms",
            "heap before",
            "collected",
            "survived",
            "moved",
            "dead",
            "dead objs",
            "heap after",
        ])
        .left(1)
        .left(2);
        for g in &m.gcs {
            t.row(vec![
                g.id.to_string(),
                kind_label(g.kind).into(),
                sy.cause_name(g.cause),
                g.pause_us().map_or("-".into(), ms),
                human_bytes(g.before_bytes),
                human_bytes(g.collected_bytes),
                human_bytes(g.survivor_bytes()),
                human_bytes(g.moved_bytes),
                human_bytes(g.dead_bytes),
                thousands(g.dead_objects),
                human_bytes(g.after_bytes),
            ]);
        }
        o += &t.render();
        o += &format!(
            "\npauses: {} total {} ms, mean {} ms, p50 {} ms, p90 {} ms, p99 {} ms, max {} ms\n",
            pauses.len(),
            ms(total_pause),
            ms(total_pause / pauses.len().max(1) as u64),
            ms(percentile(&pauses, 50.0)),
            ms(percentile(&pauses, 90.0)),
            ms(percentile(&pauses, 99.0)),
            ms(pauses.last().copied().unwrap_or(0))
        );
    }
    if m.stale_objects > 0 {
        o += &format!(
            "\nnote: {} objects were overwritten by later allocations without a recorded death\n",
            thousands(m.stale_objects)
        );
    }
    Ok(o)
}

/// `gcvm heap`: the heap at `boundary` ("gc:12:end", "gc:3:start", "end"), every object or
/// grouped.
pub fn heap_at(
    path: impl AsRef<Path>,
    boundary: &str,
    group_by: GroupBy,
    json: bool,
) -> Result<String, TraceError> {
    let b: Boundary = boundary.parse().map_err(|e: String| TraceError::at(0, e))?;
    let r = reconstruct(path.as_ref(), b, false)?;
    let m = &r.model;
    let sy = &r.symbols;
    let spaces: Vec<&Space> = {
        let mut v: Vec<&Space> = m.spaces().collect();
        v.sort_by_key(|s| s.start);
        v
    };
    let space_of = |addr: u64| -> Option<&Space> {
        let i = spaces.partition_point(|s| s.start <= addr);
        (i > 0 && addr < spaces[i - 1].end).then(|| spaces[i - 1])
    };
    let space_label = |s: Option<&Space>| {
        s.map_or("-".to_string(), |s| {
            format!("{} ({})", s.name, s.kind.label())
        })
    };
    let names: HashMap<u32, String> = m.threads().map(|(id, n, _)| (id, n.to_string())).collect();
    let (mut n_total, mut b_total) = (0u64, 0u64);
    m.for_each_object(|o| {
        n_total += 1;
        b_total += o.desc.size();
    });
    let title = format!(
        "heap at {b}: {} objects, {}",
        thousands(n_total),
        human_bytes(b_total)
    );
    if group_by == GroupBy::Objects {
        if json {
            let mut items = Vec::new();
            m.for_each_object(|o| {
                items.push(
                    Obj::new()
                        .num("addr", o.addr)
                        .num("size", o.desc.size())
                        .num("type", o.desc.type_id)
                        .str("type_name", &sy.type_name(o.desc.type_id))
                        .opt("array_length", o.desc.array_len)
                        .num("site", o.desc.site)
                        .num("thread", o.desc.thread)
                        .num("age", o.age)
                        .raw(
                            "space",
                            space_of(o.addr).map_or("null".into(), |s| js(&s.name)),
                        )
                        .build(),
                )
            });
            return Ok(Obj::new()
                .str("boundary", &b.to_string())
                .num("objects", n_total)
                .num("bytes", b_total)
                .raw("heap", arr(items))
                .build()
                + "\n");
        }
        let mut t = Table::new(&[
            "address",
            "size",
            "type",
            "length",
            "age",
            "space",
            "allocation site",
        ])
        .left(2)
        .left(5)
        .left(6);
        let mut rows: Vec<(u64, Vec<String>)> = Vec::new();
        m.for_each_object(|o| {
            rows.push((
                o.addr,
                vec![
                    format!("{:#x}", o.addr),
                    o.desc.size().to_string(),
                    sy.type_name(o.desc.type_id),
                    o.desc.array_len.map_or(String::new(), |l| l.to_string()),
                    o.age.to_string(),
                    space_of(o.addr).map_or("-".into(), |s| s.name.clone()),
                    sy.site_label(o.desc.site),
                ],
            ))
        });
        rows.sort_by_key(|r| r.0);
        for (_, r) in rows {
            t.row(r);
        }
        return Ok(format!("{title}\n\n{}", t.render()));
    }
    // grouped
    let mut groups: HashMap<String, (u64, u64)> = HashMap::new();
    let mut ages: BTreeMap<u8, (u64, u64)> = BTreeMap::new();
    m.for_each_object(|o| {
        if group_by == GroupBy::Age {
            let e = ages.entry(o.age).or_default();
            e.0 += 1;
            e.1 += o.desc.size();
            return;
        }
        let key = match group_by {
            GroupBy::Type => sy.type_name(o.desc.type_id),
            GroupBy::Site => sy.site_label(o.desc.site),
            GroupBy::Space => space_label(space_of(o.addr)),
            GroupBy::Thread => thread_label(o.desc.thread, &names),
            GroupBy::Age | GroupBy::Objects => unreachable!(),
        };
        let e = groups.entry(key).or_default();
        e.0 += 1;
        e.1 += o.desc.size();
    });
    let mut rows: Vec<(String, (u64, u64))> = if group_by == GroupBy::Age {
        ages.into_iter().map(|(a, v)| (a.to_string(), v)).collect()
    } else {
        let mut v: Vec<_> = groups.into_iter().collect();
        v.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
        v
    };
    let key_name = match group_by {
        GroupBy::Type => "type",
        GroupBy::Site => "allocation site",
        GroupBy::Age => "age",
        GroupBy::Space => "space",
        GroupBy::Thread => "thread",
        GroupBy::Objects => "object",
    };
    if json {
        let items = arr(rows.iter().map(|(k, (n, bb))| {
            Obj::new()
                .str("key", k)
                .num("objects", *n)
                .num("bytes", *bb)
                .build()
        }));
        return Ok(Obj::new()
            .str("boundary", &b.to_string())
            .str("group_by", key_name)
            .num("objects", n_total)
            .num("bytes", b_total)
            .raw("groups", items)
            .build()
            + "\n");
    }
    let mut t = Table::new(&[key_name, "objects", "bytes", "% bytes", "mean size"]);
    for (k, (n, bb)) in rows.drain(..) {
        t.row(vec![
            k,
            thousands(n),
            thousands(bb),
            percent(bb, b_total),
            (bb / n.max(1)).to_string(),
        ]);
    }
    Ok(format!("{title}\n\n{}", t.render()))
}
