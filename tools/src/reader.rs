//! The streaming trace reader: one chunk in memory at a time, typed events with their thread.
//!
//! Every malformed input — truncation, a flipped byte, an impossible value — is a `TraceError`
//! naming the byte offset in the file (and, inside a chunk, the offset in its decompressed
//! payload) and what was expected. The reader never panics on any input.

use crate::inflate::InflatePool;
use gcvm_tracer::format::{self, ev, MethodActivity, ThreadState, TraceHeader, TraceSpaceKind};
use gcvm_tracer::GcKind;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

/// A malformed or unreadable trace (boxed: one pointer, so results stay small on the hot path;
/// the fields of `TraceErrorInfo` read through it: `err.offset`, `err.message`).
#[derive(Clone, PartialEq, Eq)]
pub struct TraceError(Box<TraceErrorInfo>);

/// Where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceErrorInfo {
    /// Byte offset in the file: of the bad field, or of the chunk holding the bad event.
    pub offset: u64,
    /// Offset of the bad event in the chunk's decompressed payload, when inside a chunk.
    pub payload_offset: Option<u64>,
    /// What was expected (and found).
    pub message: String,
    /// Not damage: the trace is fine but lacks what was asked for (a collection it never
    /// recorded). Displayed without a byte offset.
    pub not_in_trace: bool,
    /// The file of a rotated set the offset is in (reading a set).
    pub file: Option<String>,
}

impl TraceError {
    pub fn at(offset: u64, message: impl Into<String>) -> TraceError {
        TraceError(Box::new(TraceErrorInfo {
            offset,
            payload_offset: None,
            message: message.into(),
            not_in_trace: false,
            file: None,
        }))
    }
    /// The (intact) trace has no such thing, e.g. the collection a query names.
    pub fn not_in_trace(offset: u64, message: impl Into<String>) -> TraceError {
        TraceError(Box::new(TraceErrorInfo {
            offset,
            payload_offset: None,
            message: message.into(),
            not_in_trace: true,
            file: None,
        }))
    }
    /// A problem that is not about the trace's bytes (an output file that cannot be written):
    /// displayed as the message alone.
    pub fn message(message: impl Into<String>) -> TraceError {
        TraceError::not_in_trace(0, message)
    }
    /// The same error, said to be in `file` (a rotated set's file), unless it names one.
    pub fn in_file(mut self, file: &str) -> TraceError {
        if self.0.file.is_none() && !self.0.not_in_trace {
            self.0.file = Some(file.to_string());
        }
        self
    }
    pub fn in_chunk(offset: u64, payload_offset: u64, message: impl Into<String>) -> TraceError {
        TraceError(Box::new(TraceErrorInfo {
            offset,
            payload_offset: Some(payload_offset),
            message: message.into(),
            not_in_trace: false,
            file: None,
        }))
    }
}

impl std::ops::Deref for TraceError {
    type Target = TraceErrorInfo;
    fn deref(&self) -> &TraceErrorInfo {
        &self.0
    }
}

impl fmt::Debug for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.not_in_trace {
            return write!(f, "{}", self.message);
        }
        if let Some(file) = &self.file {
            write!(f, "{file}: ")?;
        }
        match self.payload_offset {
            Some(p) => write!(
                f,
                "trace byte {} (chunk payload byte {}): {}",
                self.offset, p, self.message
            ),
            None => write!(f, "trace byte {}: {}", self.offset, self.message),
        }
    }
}

impl std::error::Error for TraceError {}

/// One event as recorded. Addresses and sizes are in bytes (offsets from the heap base).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// In the thread's TLAB at the next address; type from the site.
    Alloc {
        site: u32,
        array_len: Option<u32>,
    },
    /// In the thread's TLAB with an explicit type (and size, when not implied).
    AllocTyped {
        site: u32,
        type_id: u32,
        size: Option<u64>,
        array_len: Option<u32>,
    },
    /// Outside any TLAB, everything explicit.
    AllocOutside {
        site: u32,
        type_id: u32,
        addr: u64,
        size: u64,
        array_len: Option<u32>,
    },
    Tlab {
        start: u64,
        size: u64,
    },
    /// A rotated file's heap sync (prologue): an object already in the heap when the file
    /// began (not an allocation). `restated`: read in a set after its first file, where it
    /// restates an object the reader already has (the heap model checks that it does).
    SyncObject {
        site: u32,
        type_id: u32,
        addr: u64,
        size: Option<u64>,
        array_len: Option<u32>,
        restated: bool,
    },
    /// A run of `count` free cells of `cell` bytes from `start` for the thread (a free-list
    /// allocator's TLAB). It replaces the thread's run of that cell size, and its TLAB. The
    /// thread's later allocations (`Alloc`, `AllocTyped`) take the next cell of the run with
    /// the smallest cell that the object fills exactly or leaves room for a filler in.
    Cells {
        start: u64,
        cell: u64,
        count: u64,
    },
    /// The thread's run of `cell`-byte cells goes on in its span: the next run starts `skip`
    /// cells after the end of the current one and has `count` cells.
    CellsNext {
        cell: u64,
        skip: u64,
        count: u64,
    },
    /// A map of free `cell`-byte cells: bit i of `free` is the cell `i` cells after its start
    /// (bit 0 is set). The start is `start` (bytes), or, when None, `skip` cells after the end
    /// of the thread's current run of that cell size. The map's stretches of free cells are
    /// the thread's runs of that size from now on, one after the other.
    CellsMap {
        cell: u64,
        start: Option<u64>,
        skip: u64,
        free: u64,
    },
    /// In the next cell of the thread's run of `cell`-byte cells, an object the rule for
    /// `Alloc` would not put there, of an explicit type (and size, when not implied).
    AllocCell {
        cell: u64,
        site: u32,
        type_id: u32,
        size: Option<u64>,
        array_len: Option<u32>,
    },
    ThreadAlive {
        name: String,
    },
    ThreadDeath,
    Mark {
        label: String,
    },
    GcStart {
        gc_id: u32,
        kind: GcKind,
        cause: u32,
        time_us: u64,
    },
    GcEnd {
        gc_id: u32,
        time_us: u64,
    },
    /// A space collected by the current collection.
    GcSpace {
        space: u32,
    },
    Plab {
        start: u64,
        size: u64,
    },
    /// `to: None`: the GC thread's copy cursor (fast move).
    Move {
        from: u64,
        to: Option<u64>,
    },
    RegionMove {
        from: u64,
        to: u64,
        count: u32,
        bytes: u64,
    },
    KeepAlive {
        addr: u64,
    },
    SpaceCreate(Box<Space>),
    SpaceAlloc {
        id: u32,
        kind: TraceSpaceKind,
    },
    SpaceRelease {
        id: u32,
    },
    SpaceRedefine {
        id: u32,
        start: u64,
        end: u64,
    },
    SpaceDestroy {
        id: u32,
    },
    TypeDef {
        id: u32,
        def: Box<TypeSym>,
    },
    SiteDef {
        id: u32,
        def: Box<SiteSym>,
    },
    CauseDef {
        id: u32,
        name: String,
    },
    /// `--trace-deaths`, before a GC start: the object at `addr` became unreachable at `time`
    /// (allocated bytes) in method `context` (0: not observed).
    Death {
        addr: u64,
        time: u64,
        context: u32,
    },
    /// `--trace-deaths`, before a GC start: several deaths, each as `Death` says it, in
    /// address order (a Deaths event).
    Deaths(Box<[DeathRecord]>),
    /// In a collection: runs of neighbouring objects that stay where they are, `(from, bytes)`
    /// each, in address order — each as a `RegionMove` by zero (a Kept runs event).
    KeptRuns(Box<[(u64, u64)]>),
    MethodDef {
        id: u32,
        def: Box<MethodSym>,
    },
    /// The collection's reference processing, per kind (soft, weak, final, phantom): the
    /// references discovered and those cleared.
    References {
        discovered: [u64; 4],
        cleared: [u64; 4],
    },
    /// The safepoint pause `gc_id` stopped the world in (before its GC start): requested by
    /// thread `requester` (None: a collector's controller) at `requested_us`, every thread
    /// stopped at `all_arrived_us` (trace clock, µs since the trace start).
    Safepoint {
        gc_id: u32,
        requester: Option<u32>,
        requested_us: u64,
        all_arrived_us: u64,
    },
    /// Mutator `thread` reached the preceding safepoint at `arrived_us`.
    SafepointArrival {
        thread: u32,
        arrived_us: u64,
    },
    /// What one parallel GC worker did in one phase of the current pause.
    GcWorker(Box<WorkerPhase>),
    /// `--activity`: what the chunk's thread ran from `start_us` to `end_us` (trace clock),
    /// per method (bytes in bytes).
    Activity(Box<ActivityInterval>),
    /// `--activity`: the chunk's thread was in `state` from `start_us` to `end_us`.
    ThreadState {
        state: ThreadState,
        start_us: u64,
        end_us: u64,
    },
    /// `--trace-pointers`: GC roots — a whole set, or the continuation of the preceding one.
    Roots(Box<RootSet>),
    /// `--trace-pointers`: the references of objects whose references changed.
    Pointers(Box<PointerSet>),
    /// `--trace-pointers`: the reference fields of an instance type (slot, name).
    FieldsDef {
        type_id: u32,
        fields: Vec<(u32, String)>,
    },
    /// `--trace-pointers`: a static field, the detail of static-field roots.
    StaticDef {
        id: u32,
        class: String,
        field: String,
    },
}

/// One Roots event (docs/trace-format.md, "Pointers and roots").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootSet {
    /// Addresses as the pause leaves them: applied at its GC end.
    pub at_gc_end: bool,
    /// Continues the preceding Roots event's set (otherwise this one starts a new set).
    pub continued: bool,
    /// In address order.
    pub roots: Vec<gcvm_tracer::RootRecord>,
}

/// One Pointers event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointerSet {
    /// Addresses as the pause leaves them: applied at its GC end.
    pub at_gc_end: bool,
    /// The references as they were at the end of the last marking pause that collected
    /// nothing (an initial mark), written by the pause that completed or abandoned its
    /// marking, or at the end of the run: applied at that pause's GC end (at once outside a
    /// pause) before its own records.
    pub of_marking: bool,
    pub objects: Vec<ObjectPointers>,
}

/// One object's references in a Pointers event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectPointers {
    pub addr: u64,
    /// Adds to the object's preceding entry (a large array's references come in parts);
    /// otherwise the entry replaces the object's references.
    pub continues: bool,
    /// (slot, target address), slots increasing; null references are left out.
    pub refs: Vec<(u32, u64)>,
}

/// One Activity event: a thread's methods over one interval.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityInterval {
    pub start_us: u64,
    pub end_us: u64,
    pub methods: Vec<MethodActivity>,
}

/// One GC worker's share of a parallel phase (event GC worker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerPhase {
    /// 0 is the collecting thread.
    pub worker: u32,
    /// The phase, as the collector names it ("copy", "evacuate", "mark").
    pub phase: String,
    pub start_us: u64,
    pub end_us: u64,
    /// Objects the worker copied or scanned.
    pub objects: u64,
    /// Bytes it copied (0 in marking phases).
    pub bytes: u64,
    /// Successful steals from other workers' queues.
    pub steals: u64,
}

/// Names of event kinds, indexed by `Event::kind_index`.
pub const EVENT_KIND_NAMES: [&str; 41] = [
    "alloc",
    "alloc-typed",
    "alloc-outside",
    "alloc-cell",
    "tlab",
    "cells",
    "cells-next",
    "thread-alive",
    "thread-death",
    "mark",
    "gc-start",
    "gc-end",
    "gc-space",
    "plab",
    "move",
    "move-region",
    "keep-alive",
    "space-create",
    "space-alloc",
    "space-release",
    "space-redefine",
    "space-destroy",
    "type",
    "site",
    "cause",
    "death",
    "method",
    "references",
    "safepoint",
    "safepoint-arrival",
    "gc-worker",
    "activity",
    "thread-state",
    "roots",
    "pointers",
    "fields",
    "static",
    "object",
    "deaths",
    "kept-runs",
    "cells-map",
];

impl Event {
    pub fn kind_index(&self) -> usize {
        match self {
            Event::Alloc { .. } => 0,
            Event::AllocTyped { .. } => 1,
            Event::AllocOutside { .. } => 2,
            Event::AllocCell { .. } => 3,
            Event::Tlab { .. } => 4,
            Event::Cells { .. } => 5,
            Event::CellsNext { .. } => 6,
            Event::ThreadAlive { .. } => 7,
            Event::ThreadDeath => 8,
            Event::Mark { .. } => 9,
            Event::GcStart { .. } => 10,
            Event::GcEnd { .. } => 11,
            Event::GcSpace { .. } => 12,
            Event::Plab { .. } => 13,
            Event::Move { .. } => 14,
            Event::RegionMove { .. } => 15,
            Event::KeepAlive { .. } => 16,
            Event::SpaceCreate(_) => 17,
            Event::SpaceAlloc { .. } => 18,
            Event::SpaceRelease { .. } => 19,
            Event::SpaceRedefine { .. } => 20,
            Event::SpaceDestroy { .. } => 21,
            Event::TypeDef { .. } => 22,
            Event::SiteDef { .. } => 23,
            Event::CauseDef { .. } => 24,
            Event::Death { .. } => 25,
            Event::MethodDef { .. } => 26,
            Event::References { .. } => 27,
            Event::Safepoint { .. } => 28,
            Event::SafepointArrival { .. } => 29,
            Event::GcWorker(_) => 30,
            Event::Activity(_) => 31,
            Event::ThreadState { .. } => 32,
            Event::Roots(_) => 33,
            Event::Pointers(_) => 34,
            Event::FieldsDef { .. } => 35,
            Event::StaticDef { .. } => 36,
            Event::SyncObject { .. } => 37,
            Event::Deaths(_) => 38,
            Event::KeptRuns(_) => 39,
            Event::CellsMap { .. } => 40,
        }
    }
    pub fn kind_name(&self) -> &'static str {
        EVENT_KIND_NAMES[self.kind_index()]
    }
}

/// One death of a Deaths event (as Event::Death).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeathRecord {
    pub addr: u64,
    pub time: u64,
    pub context: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeSym {
    pub name: String,
    pub instance_size: u32,
    pub elem_size: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteSym {
    pub class: String,
    pub method: String,
    pub bci: u32,
    pub line: Option<u32>,
    pub usual_type: Option<u32>,
}

impl SiteSym {
    /// `Class.method:bci (line N)`.
    pub fn label(&self) -> String {
        match self.line {
            Some(l) => format!("{}.{}:{} (line {})", self.class, self.method, self.bci, l),
            None => format!("{}.{}:{}", self.class, self.method, self.bci),
        }
    }
}

/// A method, the context of deaths (`--trace-deaths`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodSym {
    pub class: String,
    pub name: String,
    pub descriptor: String,
}

impl MethodSym {
    /// `Class.method`.
    pub fn label(&self) -> String {
        format!("{}.{}", self.class, self.name)
    }
}

/// The symbols seen so far.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    pub types: HashMap<u32, TypeSym>,
    pub sites: HashMap<u32, SiteSym>,
    pub causes: HashMap<u32, String>,
    pub methods: HashMap<u32, MethodSym>,
    /// `--trace-pointers`: reference fields by type id: (slot, name), slots increasing.
    pub fields: HashMap<u32, Vec<(u32, String)>>,
    /// `--trace-pointers`: static fields by id: (class, field).
    pub statics: HashMap<u32, (String, String)>,
}

impl Symbols {
    pub fn type_name(&self, id: u32) -> String {
        self.types
            .get(&id)
            .map_or_else(|| format!("<type {id}>"), |t| t.name.clone())
    }
    pub fn site_label(&self, id: u32) -> String {
        self.sites
            .get(&id)
            .map_or_else(|| format!("<site {id}>"), |s| s.label())
    }
    /// A death context: `Class.method`, or `<unknown>` for context 0.
    pub fn method_label(&self, id: u32) -> String {
        if id == format::CONTEXT_UNKNOWN {
            return "<unknown>".to_string();
        }
        self.methods
            .get(&id)
            .map_or_else(|| format!("<method {id}>"), |m| m.label())
    }
    pub fn cause_name(&self, id: u32) -> String {
        self.causes
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("<cause {id}>"))
    }
}

/// A space as the trace describes it (addresses in bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    pub id: u32,
    pub kind: TraceSpaceKind,
    pub start: u64,
    pub end: u64,
    pub name: String,
}

/// The chunk the last event came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChunkInfo {
    /// File offset of the chunk's record header.
    pub offset: u64,
    pub thread: u32,
    pub epoch: u32,
    pub raw_len: u32,
    pub stored_len: u32,
    pub compressed: bool,
    /// A prologue chunk of a rotated file (`CHUNK_FLAG_PROLOGUE`).
    pub prologue: bool,
}

/// The trailer of a finished trace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trailer {
    pub chunks: u64,
    pub raw_bytes: u64,
    pub stored_bytes: u64,
    /// (gc id, file offset of the chunk with its start, of the chunk with its end)
    pub gc_index: Vec<(u32, u64, u64)>,
}

/// How far the reader reads ahead of the chunk it decodes: records, and raw bytes of those
/// given to the inflate pool (enough to keep its threads busy, small beside a heap model).
const MAX_RECORDS_AHEAD: usize = 256;
const MAX_BYTES_AHEAD: usize = 4 << 20;

/// A record read ahead: its header fields and its payload, raw or being inflated.
struct ReadRecord {
    at: u64,
    kind: u8,
    thread: u32,
    epoch: u32,
    raw_len: u32,
    stored_len: u32,
    compressed: bool,
    prologue: bool,
    payload: Payload,
}

enum Payload {
    Raw(Vec<u8>),
    /// The inflate pool's job number.
    Pooled(u64),
}

/// Whether `TraceReader::visit_events` goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visit {
    Go,
    Stop,
}

/// What `TraceReader::visit_events` calls: the two common events without an `Event` value,
/// everything else decoded. Errors are messages; the reader adds the offset.
pub trait EventVisitor {
    /// `Event::Alloc { site, array_len }` recorded by `thread`.
    fn alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> Result<(), String>;
    /// `Event::Move { from, to: None }` (the fast form) recorded by `thread`.
    fn move_fast(&mut self, thread: u32, from: u64) -> Result<(), String>;
    /// Any other event; `position` is the reader's (`TraceReader::position`, for progress).
    fn event(
        &mut self,
        thread: u32,
        ev: &Event,
        symbols: &Symbols,
        position: u64,
    ) -> Result<Visit, String>;
}

/// Is `thread` a GC thread's id?
pub fn is_gc_thread(thread: u32) -> bool {
    (format::GC_THREAD_BASE..format::GLOBAL_THREAD).contains(&thread)
}

/// The largest address (in units) the reader accepts: a 64 GB offset.
const MAX_UNITS: u64 = 1 << 33;
/// The largest heap size (header) the reader accepts: the largest address.
pub const MAX_HEAP_SIZE: u64 = MAX_UNITS << 3;

/// Reads a trace from any byte source, one chunk at a time.
pub struct TraceReader<R: Read> {
    src: R,
    /// File offset of the next unread byte.
    offset: u64,
    header: TraceHeader,
    chunk: ChunkInfo,
    /// File offset of the next byte to read from `src` (records are read ahead of `offset`).
    read_offset: u64,
    /// Records read ahead, in file order; a read error ends the queue.
    ahead: VecDeque<Result<ReadRecord, TraceError>>,
    /// Raw bytes of the compressed records with the pool (bounds the read-ahead).
    bytes_in_flight: usize,
    /// No more records to read: the trailer or an error was queued.
    src_done: bool,
    /// The error already returned, returned again if asked for more.
    failed: Option<TraceError>,
    /// Inflates compressed payloads in parallel; started at the first compressed chunk.
    pool: Option<InflatePool>,
    /// Threads the pool starts with (`with_inflate_threads`).
    inflate_threads: usize,
    raw: Vec<u8>,
    pos: usize,
    symbols: Symbols,
    trailer: Option<Trailer>,
    finished: bool,
    gcs_started: u32,
    event_start: usize,
    /// Chunks read so far, of them compressed, and their raw and stored bytes.
    pub chunks_read: u64,
    pub compressed_chunks: u64,
    pub raw_bytes_read: u64,
    pub stored_bytes_read: u64,
    /// Reading a rotated set as one trace: its files and how to open them.
    set: Option<FileSet<R>>,
}

/// The files of a rotated set being read as one trace (`TraceReader::open` on `FILE` when only
/// `FILE.k` exist).
struct FileSet<R> {
    files: Vec<PathBuf>,
    /// The file being read.
    index: usize,
    open: fn(&Path) -> io::Result<R>,
}

fn open_buffered(path: &Path) -> io::Result<BufReader<File>> {
    Ok(BufReader::with_capacity(1 << 20, File::open(path)?))
}

/// The files of the rotated set `path` (`path.k`, k a number), in sequence order, when `path`
/// itself does not exist; None when there are none.
pub fn rotated_set_files(path: &Path) -> Option<Vec<(u32, PathBuf)>> {
    if path.exists() {
        return None;
    }
    let name = path.file_name()?.to_str()?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let prefix = format!("{name}.");
    let mut files: Vec<(u32, PathBuf)> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let n = e.file_name();
            let seq = n.to_str()?.strip_prefix(&prefix)?;
            if seq.is_empty() || !seq.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some((seq.parse().ok()?, dir.join(&n)))
        })
        .collect();
    files.sort();
    (!files.is_empty()).then_some(files)
}

impl TraceReader<BufReader<File>> {
    /// Opens a trace file and reads its header. When `path` does not exist but the files of a
    /// rotated set `path.0`, `path.1`, ... (`gcvm run --trace-max-size`) do, opens the set:
    /// its files are read in sequence order as one trace (docs/trace-format.md, "Rotation").
    pub fn open(path: impl AsRef<Path>) -> Result<Self, TraceError> {
        let path = path.as_ref();
        if let Some(files) = rotated_set_files(path) {
            return TraceReader::open_set(path, files);
        }
        let f = File::open(path)
            .map_err(|e| TraceError::at(0, format!("cannot open {}: {e}", path.display())))?;
        TraceReader::new(BufReader::with_capacity(1 << 20, f))
    }

    fn open_set(path: &Path, files: Vec<(u32, PathBuf)>) -> Result<Self, TraceError> {
        for w in files.windows(2) {
            if w[1].0 != w[0].0 + 1 {
                return Err(TraceError::at(
                    0,
                    format!(
                        "the rotated set {} lacks file {}.{} (it has {} and {})",
                        path.display(),
                        path.display(),
                        w[0].0 + 1,
                        w[0].1.display(),
                        w[1].1.display()
                    ),
                ));
            }
        }
        let first = &files[0];
        let name = first.1.display().to_string();
        let src = open_buffered(&first.1)
            .map_err(|e| TraceError::at(0, format!("cannot open {name}: {e}")))?;
        let mut r = TraceReader::new(src).map_err(|e| e.in_file(&name))?;
        if r.header.sequence != Some(first.0) {
            return Err(TraceError::at(
                10,
                format!(
                    "expected file {} of a rotated set, found {}",
                    first.0,
                    match r.header.sequence {
                        Some(s) => format!("file {s}"),
                        None => "a trace that is not rotated".into(),
                    }
                ),
            )
            .in_file(&name));
        }
        r.set = Some(FileSet {
            files: files.into_iter().map(|f| f.1).collect(),
            index: 0,
            open: open_buffered,
        });
        Ok(r)
    }
}

fn read_full<R: Read>(src: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match src.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

impl<R: Read> TraceReader<R> {
    /// Reads the header from `src`.
    pub fn new(mut src: R) -> Result<Self, TraceError> {
        let (header, header_len) = read_header(&mut src)?;
        Ok(TraceReader {
            src,
            offset: header_len,
            header,
            chunk: ChunkInfo::default(),
            read_offset: header_len,
            ahead: VecDeque::new(),
            bytes_in_flight: 0,
            src_done: false,
            failed: None,
            pool: None,
            inflate_threads: crate::inflate::default_workers(),
            raw: Vec::new(),
            pos: 0,
            symbols: Symbols::default(),
            trailer: None,
            finished: false,
            gcs_started: 0,
            event_start: 0,
            chunks_read: 0,
            compressed_chunks: 0,
            raw_bytes_read: 0,
            stored_bytes_read: 0,
            set: None,
        })
    }

    /// Reading a rotated set: the set's files (None: one file).
    pub fn set_files(&self) -> Option<&[PathBuf]> {
        self.set.as_ref().map(|s| s.files.as_slice())
    }

    /// Reading a rotated set: the file being read (its index in `set_files`).
    pub fn set_index(&self) -> usize {
        self.set.as_ref().map_or(0, |s| s.index)
    }

    /// The file being read, when reading a set (errors name it).
    fn set_file_name(&self) -> Option<String> {
        let set = self.set.as_ref()?;
        Some(set.files[set.index].display().to_string())
    }

    fn tag(&self, e: TraceError) -> TraceError {
        match self.set_file_name() {
            Some(name) => e.in_file(&name),
            None => e,
        }
    }

    /// Reading a set, at the end of a file: opens the next one (false: none left). Its header
    /// must be the set's, with the next sequence number.
    fn next_file(&mut self) -> Result<bool, TraceError> {
        let Some(set) = self.set.as_mut() else {
            return Ok(false);
        };
        if set.index + 1 >= set.files.len() {
            return Ok(false);
        }
        set.index += 1;
        let path = set.files[set.index].clone();
        let name = path.display().to_string();
        let mut src = (set.open)(&path)
            .map_err(|e| TraceError::at(0, format!("cannot open {name}: {e}")).in_file(&name))?;
        let (header, header_len) = read_header(&mut src).map_err(|e| e.in_file(&name))?;
        let expected = TraceHeader {
            sequence: self.header.sequence.map(|s| s + 1),
            ..self.header.clone()
        };
        if header != expected {
            return Err(TraceError::at(
                0,
                format!(
                    "expected the header of file {} of the set (the previous file's, but for the sequence number), found {}",
                    expected.sequence.unwrap_or(0),
                    match header.sequence {
                        Some(s) if s != expected.sequence.unwrap_or(0) => format!("file {s}"),
                        Some(_) => "another trace's header".into(),
                        None => "a trace that is not rotated".into(),
                    }
                ),
            )
            .in_file(&name));
        }
        self.src = src;
        self.header = header;
        self.offset = header_len;
        self.read_offset = header_len;
        self.src_done = false;
        self.trailer = None;
        Ok(true)
    }

    /// Is the current chunk a prologue that restates what the reader has (a set's later file)?
    fn restating(&self) -> bool {
        self.chunk.prologue && self.set.as_ref().is_some_and(|s| s.index > 0)
    }
}

/// Reads and checks a trace header; returns it and its length.
fn read_header<R: Read>(src: &mut R) -> Result<(TraceHeader, u64), TraceError> {
    {
        let mut fixed = [0u8; 16];
        let n = read_full(src, &mut fixed)
            .map_err(|e| TraceError::at(0, format!("read error: {e}")))?;
        if n < 16 {
            return Err(TraceError::at(n as u64, format!("truncated header: expected 16 bytes (magic, version, flags, length), found {n}")));
        }
        if fixed[..8] != format::MAGIC {
            return Err(TraceError::at(
                0,
                format!(
                    "expected the magic {:?}: not a gcvm trace",
                    String::from_utf8_lossy(&format::MAGIC)
                ),
            ));
        }
        let version = u16::from_le_bytes([fixed[8], fixed[9]]);
        if version != format::VERSION {
            return Err(TraceError::at(
                8,
                format!(
                    "expected format version {}, found {version}",
                    format::VERSION
                ),
            ));
        }
        let flags = u16::from_le_bytes([fixed[10], fixed[11]]);
        let rest_len = u32::from_le_bytes([fixed[12], fixed[13], fixed[14], fixed[15]]) as usize;
        if !(28..=1 << 20).contains(&rest_len) {
            return Err(TraceError::at(
                12,
                format!("expected a header length between 28 and 1 MiB, found {rest_len}"),
            ));
        }
        let mut rest = vec![0u8; rest_len];
        let n = read_full(src, &mut rest)
            .map_err(|e| TraceError::at(16, format!("read error: {e}")))?;
        if n < rest_len {
            return Err(TraceError::at(
                16 + n as u64,
                format!("truncated header: expected {rest_len} bytes, found {n}"),
            ));
        }
        let mut c = Cur {
            b: &rest,
            p: 0,
            base: 16,
        };
        let alignment = c.u8("alignment")?;
        let ref_shift = c.u8("reference shift")?;
        let array_header = c.u16("array header size")?;
        let min_object_size = c.u16("minimum object size")?;
        let _ = c.u16("reserved")?;
        let heap_size = c.u64("heap size")?;
        let start_unix_ms = c.u64("start time")?;
        let collector = c.str16("collector name")?;
        let program = c.str16("program")?;
        let sequence = if flags & format::HEADER_FLAG_ROTATED != 0 {
            Some(c.u32("sequence number of a rotated file")?)
        } else {
            None
        };
        if heap_size > MAX_HEAP_SIZE {
            return Err(TraceError::at(
                24,
                format!("expected a heap size of at most {MAX_HEAP_SIZE} bytes (64 GiB), found {heap_size}"),
            ));
        }
        if alignment != 8 || ref_shift != 3 {
            return Err(TraceError::at(
                16,
                format!(
                    "expected alignment 8 and reference shift 3, found {alignment} and {ref_shift}"
                ),
            ));
        }
        let header = TraceHeader {
            version,
            flags,
            alignment,
            ref_shift,
            array_header,
            min_object_size,
            heap_size,
            start_unix_ms,
            collector,
            program,
            sequence,
        };
        Ok((header, 16 + rest_len as u64))
    }
}

impl<R: Read> TraceReader<R> {
    /// Inflates compressed chunks with `n` threads (default: the available cores, at most 8).
    pub fn with_inflate_threads(mut self, n: usize) -> Self {
        self.inflate_threads = n.max(1);
        self
    }

    pub fn header(&self) -> &TraceHeader {
        &self.header
    }
    /// The symbols defined so far.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }
    /// The chunk of the last event returned.
    pub fn chunk(&self) -> &ChunkInfo {
        &self.chunk
    }
    /// The trailer, once the end of a finished trace has been reached.
    pub fn trailer(&self) -> Option<&Trailer> {
        self.trailer.as_ref()
    }
    /// Bytes of the file consumed so far.
    pub fn position(&self) -> u64 {
        self.offset
    }
    /// An error about the last event returned (offset of its chunk and of the event in it).
    pub fn error_here(&self, message: impl Into<String>) -> TraceError {
        self.tag(TraceError::in_chunk(
            self.chunk.offset,
            self.event_start as u64,
            message,
        ))
    }
    /// Raw (decompressed) size in bytes of the last event returned.
    pub fn last_event_len(&self) -> usize {
        self.pos - self.event_start
    }

    /// The next event and the thread that recorded it; `Ok(None)` at the end of a finished trace.
    ///
    /// The two common 4-byte events are decoded here, inlined into the caller (so the event is
    /// built in registers); everything else — other events, the next chunk — in `next_event_slow`.
    #[inline(always)]
    pub fn next_event(&mut self) -> Result<Option<(u32, Event)>, TraceError> {
        let start = self.pos;
        if let Some(w) = self.raw.get(start..start + 4) {
            let word = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            let id = word as u8;
            if id == ev::ALLOC && word >> 24 != format::LEN8_ESCAPE {
                let l = word >> 24;
                self.event_start = start;
                self.pos = start + 4;
                return Ok(Some((
                    self.chunk.thread,
                    Event::Alloc {
                        site: (word >> 8) & 0xffff,
                        array_len: l.checked_sub(1),
                    },
                )));
            }
            if id == ev::MOVE_FAST {
                self.event_start = start;
                self.pos = start + 4;
                return Ok(Some((
                    self.chunk.thread,
                    Event::Move {
                        from: ((word >> 8) as u64) << 3,
                        to: None,
                    },
                )));
            }
        }
        self.next_event_slow()
    }

    /// Visits every remaining event without building `Event` values for the two common 4-byte
    /// events (TLAB allocations and fast moves, nearly all of a trace): those go to
    /// `EventVisitor::alloc` and `move_fast` straight from the chunk's bytes, in a tight loop;
    /// every other event is decoded and given to `EventVisitor::event` with the symbols. Stops
    /// at the end of the trace or when `event` returns `Visit::Stop`. A visitor's error
    /// becomes a `TraceError` at the event (as `error_here`).
    pub fn visit_events<V: EventVisitor>(&mut self, v: &mut V) -> Result<(), TraceError> {
        loop {
            let thread = self.chunk.thread;
            let mut pos = self.pos;
            let mut failed = None;
            {
                let raw = &self.raw[..];
                while let Some(w) = raw.get(pos..pos + 4) {
                    let word = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                    let id = word as u8;
                    let done = if id == ev::ALLOC && word >> 24 != format::LEN8_ESCAPE {
                        v.alloc(thread, (word >> 8) & 0xffff, (word >> 24).checked_sub(1))
                    } else if id == ev::MOVE_FAST {
                        v.move_fast(thread, ((word >> 8) as u64) << 3)
                    } else {
                        break;
                    };
                    if let Err(m) = done {
                        failed = Some(m);
                        break;
                    }
                    pos += 4;
                }
            }
            if let Some(m) = failed {
                self.event_start = pos;
                self.pos = pos + 4;
                return Err(self.error_here(m));
            }
            self.pos = pos;
            let Some((thread, event)) = self.next_event_slow()? else {
                return Ok(());
            };
            let position = self.position();
            match v.event(thread, &event, &self.symbols, position) {
                Ok(Visit::Go) => {}
                Ok(Visit::Stop) => return Ok(()),
                Err(m) => return Err(self.error_here(m)),
            }
        }
    }

    #[inline(never)]
    fn next_event_slow(&mut self) -> Result<Option<(u32, Event)>, TraceError> {
        loop {
            let r = self.next_event_inner().map_err(|e| self.tag(e))?;
            let Some((thread, mut event)) = r else {
                return Ok(None);
            };
            if self.restating() {
                // A later file's prologue restates the state: only its objects are passed on
                // (the heap model checks them); its symbols were checked on decoding.
                match &mut event {
                    Event::SyncObject { restated, .. } => *restated = true,
                    _ => continue,
                }
            }
            return Ok(Some((thread, event)));
        }
    }

    fn next_event_inner(&mut self) -> Result<Option<(u32, Event)>, TraceError> {
        while self.pos >= self.raw.len() {
            if self.finished || !self.next_chunk()? {
                return Ok(None);
            }
        }
        let start = self.pos;
        let mut c = Cur {
            b: &self.raw,
            p: start,
            base: 0,
        };
        let chunk_offset = self.chunk.offset;
        let event = decode_event(&mut c).map_err(|e| {
            TraceError::in_chunk(
                chunk_offset,
                e.offset,
                format!("{} (in the event at payload byte {start})", e.message),
            )
        })?;
        self.pos = c.p;
        self.event_start = start;
        if self.restating() {
            self.check_restated_symbol(&event)?;
            return Ok(Some((self.chunk.thread, event)));
        }
        match &event {
            Event::TypeDef { id, def } => {
                self.symbols.types.insert(*id, (**def).clone());
            }
            Event::SiteDef { id, def } => {
                self.symbols.sites.insert(*id, (**def).clone());
            }
            Event::CauseDef { id, name } => {
                self.symbols.causes.insert(*id, name.clone());
            }
            Event::MethodDef { id, def } => {
                self.symbols.methods.insert(*id, (**def).clone());
            }
            Event::FieldsDef { type_id, fields } => {
                self.symbols.fields.insert(*type_id, fields.clone());
            }
            Event::StaticDef { id, class, field } => {
                self.symbols
                    .statics
                    .insert(*id, (class.clone(), field.clone()));
            }
            Event::GcStart { .. } => self.gcs_started = self.gcs_started.saturating_add(1),
            _ => {}
        }
        Ok(Some((self.chunk.thread, event)))
    }

    /// A later file's prologue restates a symbol: it must be the one the earlier files defined.
    fn check_restated_symbol(&self, event: &Event) -> Result<(), TraceError> {
        let s = &self.symbols;
        let (what, same) = match event {
            Event::TypeDef { id, def } => (format!("type {id}"), s.types.get(id) == Some(&**def)),
            Event::SiteDef { id, def } => (format!("site {id}"), s.sites.get(id) == Some(&**def)),
            Event::CauseDef { id, name } => (format!("cause {id}"), s.causes.get(id) == Some(name)),
            Event::MethodDef { id, def } => {
                (format!("method {id}"), s.methods.get(id) == Some(&**def))
            }
            Event::FieldsDef { type_id, fields } => (
                format!("the fields of type {type_id}"),
                s.fields.get(type_id) == Some(fields),
            ),
            Event::StaticDef { id, class, field } => (
                format!("static {id}"),
                s.statics.get(id) == Some(&(class.clone(), field.clone())),
            ),
            _ => return Ok(()),
        };
        if same {
            Ok(())
        } else {
            Err(self.error_here(format!(
                "the prologue restates {what} differently from the set's earlier files (or they lack it)"
            )))
        }
    }

    /// Loads the next chunk; false at the end of a finished trace.
    fn next_chunk(&mut self) -> Result<bool, TraceError> {
        self.read_ahead();
        let rec = match self.ahead.pop_front() {
            Some(Ok(rec)) => rec,
            Some(Err(e)) => {
                self.failed = Some(e.clone());
                return Err(e);
            }
            None => {
                return Err(self.failed.clone().unwrap_or_else(|| {
                    TraceError::at(self.offset, "expected a chunk, found none")
                }))
            }
        };
        let ReadRecord {
            at,
            kind,
            thread,
            epoch,
            raw_len,
            stored_len,
            compressed,
            prologue,
            payload,
        } = rec;
        let payload_at = at + format::RECORD_HEADER_SIZE as u64;
        self.offset = payload_at + stored_len as u64;
        self.raw.clear();
        match payload {
            Payload::Raw(raw) => self.raw = raw,
            Payload::Pooled(seq) => {
                let Some(pool) = self.pool.as_mut() else {
                    return Err(TraceError::at(at, "expected the inflate threads"));
                };
                self.bytes_in_flight -= raw_len as usize;
                match pool.wait(seq) {
                    Ok(raw) => self.raw = raw,
                    Err(m) => {
                        let e = TraceError::at(payload_at, m);
                        self.failed = Some(e.clone());
                        self.ahead.clear();
                        self.src_done = true;
                        return Err(e);
                    }
                }
            }
        }
        self.pos = 0;
        self.event_start = 0;
        self.chunk = ChunkInfo {
            offset: at,
            thread,
            epoch,
            raw_len,
            stored_len,
            compressed,
            prologue,
        };
        if kind == format::RECORD_TRAILER {
            let t = self.parse_trailer(at)?;
            self.trailer = Some(t);
            self.raw.clear();
            self.read_footer(at)?;
            if self.next_file()? {
                return self.next_chunk();
            }
            self.finished = true;
            return Ok(false);
        }
        self.chunks_read += 1;
        self.compressed_chunks += compressed as u64;
        self.raw_bytes_read += raw_len as u64;
        self.stored_bytes_read += stored_len as u64;
        if thread < format::GC_THREAD_BASE && epoch < self.gcs_started {
            return Err(TraceError::at(
                at + 8,
                format!(
                    "thread {thread}'s events recorded before collection #{} appear after its start (epoch {epoch}, expected {}): the VM must flush ThreadEvents at the safepoint",
                    epoch + 1,
                    self.gcs_started
                ),
            ));
        }
        Ok(true)
    }

    /// Reads records ahead of the one being decoded, handing compressed payloads to the inflate
    /// pool, until enough are in flight, the trailer was read, or reading failed (the error is
    /// queued behind the good records, so it is reported where the sequential reader did).
    fn read_ahead(&mut self) {
        let enough = self.ahead.len() >= MAX_RECORDS_AHEAD / 2
            || self.bytes_in_flight >= MAX_BYTES_AHEAD / 2;
        if enough && !self.ahead.is_empty() {
            return; // refill by halves, so that the pool gets whole batches
        }
        while !self.src_done
            && self.ahead.len() < MAX_RECORDS_AHEAD
            && (self.bytes_in_flight < MAX_BYTES_AHEAD || self.ahead.is_empty())
        {
            let rec = self.read_record();
            match &rec {
                Ok(r) if r.kind == format::RECORD_TRAILER => self.src_done = true,
                Ok(_) => {}
                Err(_) => self.src_done = true,
            }
            self.ahead.push_back(rec);
        }
        if let Some(p) = self.pool.as_mut() {
            p.flush();
        }
    }

    /// Reads one record (header and stored payload) at `read_offset`, checking what does not
    /// depend on the events before it: kind, flags, lengths, checksum.
    fn read_record(&mut self) -> Result<ReadRecord, TraceError> {
        let at = self.read_offset;
        let mut h = [0u8; format::RECORD_HEADER_SIZE];
        let n = read_full(&mut self.src, &mut h)
            .map_err(|e| TraceError::at(at, format!("read error: {e}")))?;
        if n == 0 {
            return Err(TraceError::at(at, "truncated: expected a chunk or the trailer record, found the end of the file (the trace was not finished)"));
        }
        if n < h.len() {
            return Err(TraceError::at(
                at + n as u64,
                format!(
                    "truncated: expected a {}-byte record header, found {n} bytes",
                    h.len()
                ),
            ));
        }
        let payload_at = at + h.len() as u64;
        let kind = h[0];
        let flags = h[1];
        let thread = u32::from_le_bytes(h[4..8].try_into().unwrap());
        let epoch = u32::from_le_bytes(h[8..12].try_into().unwrap());
        let raw_len = u32::from_le_bytes(h[12..16].try_into().unwrap());
        let stored_len = u32::from_le_bytes(h[16..20].try_into().unwrap());
        let crc = u32::from_le_bytes(h[20..24].try_into().unwrap());
        if kind != format::RECORD_CHUNK && kind != format::RECORD_TRAILER {
            return Err(TraceError::at(
                at,
                format!("expected a record kind 'C' or 'T', found {kind:#04x}"),
            ));
        }
        let known = format::CHUNK_FLAG_COMPRESSED
            | if self.header.sequence.is_some() {
                format::CHUNK_FLAG_PROLOGUE
            } else {
                0
            };
        if flags & !known != 0 || h[2] != 0 || h[3] != 0 {
            return Err(TraceError::at(
                at + 1,
                format!(
                    "expected chunk flags {} and reserved zero, found {flags:#04x}",
                    if known == 1 {
                        "0 or 1"
                    } else {
                        "0 to 3 (a rotated file)"
                    }
                ),
            ));
        }
        let compressed = flags & format::CHUNK_FLAG_COMPRESSED != 0;
        let prologue = flags & format::CHUNK_FLAG_PROLOGUE != 0;
        if raw_len as usize > format::MAX_CHUNK_RAW || stored_len as usize > format::MAX_CHUNK_RAW {
            return Err(TraceError::at(at + 12, format!("expected chunk lengths of at most {} bytes, found raw {raw_len}, stored {stored_len}", format::MAX_CHUNK_RAW)));
        }
        if !compressed && raw_len != stored_len {
            return Err(TraceError::at(at + 12, format!("uncompressed chunk: expected equal raw and stored lengths, found {raw_len} and {stored_len}")));
        }
        let mut stored = vec![0u8; stored_len as usize];
        let n = read_full(&mut self.src, &mut stored)
            .map_err(|e| TraceError::at(payload_at, format!("read error: {e}")))?;
        if n < stored_len as usize {
            return Err(TraceError::at(
                payload_at + n as u64,
                format!("truncated: expected {stored_len} bytes of chunk payload, found {n}"),
            ));
        }
        let mut sum = flate2::Crc::new();
        sum.update(&stored);
        if sum.sum() != crc {
            return Err(TraceError::at(
                at + 20,
                format!(
                    "chunk checksum mismatch: expected crc32 {crc:#010x}, payload has {:#010x}",
                    sum.sum()
                ),
            ));
        }
        self.read_offset = payload_at + stored_len as u64;
        let payload = if compressed {
            let pool = self
                .pool
                .get_or_insert_with(|| InflatePool::new(self.inflate_threads));
            self.bytes_in_flight += raw_len as usize;
            Payload::Pooled(pool.submit(stored, raw_len as usize))
        } else {
            Payload::Raw(stored)
        };
        Ok(ReadRecord {
            at,
            kind,
            thread,
            epoch,
            raw_len,
            stored_len,
            compressed,
            prologue,
            payload,
        })
    }

    fn parse_trailer(&self, at: u64) -> Result<Trailer, TraceError> {
        let mut c = Cur {
            b: &self.raw,
            p: 0,
            base: at + format::RECORD_HEADER_SIZE as u64,
        };
        let chunks = c.u64("trailer chunk count")?;
        let raw_bytes = c.u64("trailer raw bytes")?;
        let stored_bytes = c.u64("trailer stored bytes")?;
        let n = c.u32("trailer collection count")?;
        if n as usize > c.b.len() / 20 {
            return Err(c.err(format!(
                "expected at most {} trailer index entries, found {n}",
                c.b.len() / 20
            )));
        }
        let mut gc_index = Vec::with_capacity(n as usize);
        for _ in 0..n {
            gc_index.push((
                c.u32("gc id")?,
                c.u64("gc start offset")?,
                c.u64("gc end offset")?,
            ));
        }
        if c.p != c.b.len() {
            return Err(c.err("expected the end of the trailer"));
        }
        Ok(Trailer {
            chunks,
            raw_bytes,
            stored_bytes,
            gc_index,
        })
    }

    fn read_footer(&mut self, trailer_at: u64) -> Result<(), TraceError> {
        let mut f = [0u8; format::FOOTER_SIZE];
        let n = read_full(&mut self.src, &mut f)
            .map_err(|e| TraceError::at(self.offset, format!("read error: {e}")))?;
        if n < f.len() {
            return Err(TraceError::at(
                self.offset + n as u64,
                format!(
                    "truncated: expected the {}-byte footer, found {n} bytes",
                    f.len()
                ),
            ));
        }
        let off = u64::from_le_bytes(f[..8].try_into().unwrap());
        if f[8..] != format::FOOTER_MAGIC || off != trailer_at {
            return Err(TraceError::at(
                self.offset,
                format!(
                    "expected the footer (trailer offset {trailer_at}, {:?})",
                    String::from_utf8_lossy(&format::FOOTER_MAGIC)
                ),
            ));
        }
        self.offset += f.len() as u64;
        let mut extra = [0u8; 1];
        if read_full(&mut self.src, &mut extra)
            .map_err(|e| TraceError::at(self.offset, format!("read error: {e}")))?
            != 0
        {
            return Err(TraceError::at(
                self.offset,
                "expected the end of the file after the footer, found more data",
            ));
        }
        Ok(())
    }
}

/// A bounds-checked cursor over a byte slice; errors carry `base + position`.
struct Cur<'a> {
    b: &'a [u8],
    p: usize,
    base: u64,
}

impl Cur<'_> {
    fn err(&self, message: impl Into<String>) -> TraceError {
        TraceError::at(self.base + self.p as u64, message)
    }
    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], TraceError> {
        if self.b.len() - self.p < n {
            return Err(self.err(format!(
                "expected {what} ({n} bytes), found {} bytes",
                self.b.len() - self.p
            )));
        }
        let s = &self.b[self.p..self.p + n];
        self.p += n;
        Ok(s)
    }
    fn u8(&mut self, what: &str) -> Result<u8, TraceError> {
        Ok(self.take(1, what)?[0])
    }
    fn u16(&mut self, what: &str) -> Result<u16, TraceError> {
        Ok(u16::from_le_bytes(self.take(2, what)?.try_into().unwrap()))
    }
    fn u32(&mut self, what: &str) -> Result<u32, TraceError> {
        Ok(u32::from_le_bytes(self.take(4, what)?.try_into().unwrap()))
    }
    fn u64(&mut self, what: &str) -> Result<u64, TraceError> {
        Ok(u64::from_le_bytes(self.take(8, what)?.try_into().unwrap()))
    }
    fn str16(&mut self, what: &str) -> Result<String, TraceError> {
        let n = self.u16(what)? as usize;
        let at = self.p;
        let s = self.take(n, what)?;
        String::from_utf8(s.to_vec())
            .map_err(|_| TraceError::at(self.base + at as u64, format!("expected UTF-8 {what}")))
    }
    #[inline]
    fn varint(&mut self, what: &str) -> Result<u64, TraceError> {
        let mut v = 0u64;
        let mut shift = 0u32;
        loop {
            let Some(&b) = self.b.get(self.p) else {
                return Err(self.err(format!(
                    "expected {what} (varint), found the end of the chunk"
                )));
            };
            self.p += 1;
            if shift == 63 && b > 1 {
                return Err(self.err(format!("{what}: varint overflows 64 bits")));
            }
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
            shift += 7;
            if shift > 63 {
                return Err(self.err(format!("{what}: varint longer than 10 bytes")));
            }
        }
    }
    fn v32(&mut self, what: &str) -> Result<u32, TraceError> {
        let v = self.varint(what)?;
        u32::try_from(v)
            .map_err(|_| self.err(format!("{what}: expected a 32-bit value, found {v}")))
    }
    /// An address or size in units, returned in bytes.
    fn units(&mut self, what: &str) -> Result<u64, TraceError> {
        let v = self.varint(what)?;
        if v > MAX_UNITS {
            return Err(self.err(format!(
                "{what}: expected at most {MAX_UNITS} units of 8 bytes, found {v}"
            )));
        }
        Ok(v << 3)
    }
    /// `length + 1` (0 = not an array).
    fn lenp1(&mut self) -> Result<Option<u32>, TraceError> {
        let v = self.varint("array length + 1")?;
        match v {
            0 => Ok(None),
            v if v <= 1 + u32::MAX as u64 => Ok(Some((v - 1) as u32)),
            v => Err(self.err(format!(
                "array length + 1: expected at most 2^32, found {v}"
            ))),
        }
    }
    fn string(&mut self, what: &str) -> Result<String, TraceError> {
        let n = self.varint(what)?;
        if n > (self.b.len() - self.p) as u64 {
            return Err(self.err(format!(
                "{what}: expected {n} bytes of text, found {}",
                self.b.len() - self.p
            )));
        }
        let at = self.p;
        let s = self.take(n as usize, what)?;
        String::from_utf8(s.to_vec())
            .map_err(|_| TraceError::at(self.base + at as u64, format!("expected UTF-8 {what}")))
    }
    /// The end of space `id`, which starts at `start`: not before it.
    fn space_end(&mut self, id: u32, start: u64) -> Result<u64, TraceError> {
        let end = self.units("space end")?;
        if end < start {
            return Err(self.err(format!(
                "space {id} ends at {end:#x}, before its start at {start:#x}"
            )));
        }
        Ok(end)
    }
    fn space_kind(&mut self) -> Result<TraceSpaceKind, TraceError> {
        let b = self.u8("space kind")?;
        TraceSpaceKind::from_u8(b)
            .ok_or_else(|| self.err(format!("expected a space kind 0-8, found {b}")))
    }
}

/// Decodes one event at the cursor.
fn decode_event(c: &mut Cur<'_>) -> Result<Event, TraceError> {
    let start = c.p;
    let id = c.u8("an event id")?;
    Ok(match id {
        ev::ALLOC => {
            let w = c.take(3, "the rest of an allocation word")?;
            let site = u16::from_le_bytes([w[0], w[1]]) as u32;
            let l = w[2] as u32;
            let array_len = match l {
                0 => None,
                format::LEN8_ESCAPE => Some(c.u32("an array length")?),
                l => Some(l - 1),
            };
            Event::Alloc { site, array_len }
        }
        ev::ALLOC_TYPED => {
            let site = c.v32("site")?;
            let type_id = c.v32("type")?;
            let size = c.units("size")?;
            let array_len = c.lenp1()?;
            Event::AllocTyped {
                site,
                type_id,
                size: (size != 0).then_some(size),
                array_len,
            }
        }
        ev::ALLOC_LONG => {
            let w = c.take(3, "the rest of an allocation word")?;
            let (site, low) = (u16::from_le_bytes([w[0], w[1]]) as u32, w[2] as u64);
            let high = c.varint("an array length's high bits")?;
            let length = high
                .checked_mul(256)
                .and_then(|h| u32::try_from(h + low).ok())
                .filter(|&l| l >= format::LEN8_ESCAPE - 1)
                .ok_or_else(|| {
                    c.err(format!(
                        "a long array's length {high} * 256 + {low} is below 254 or above 2^32 - 1"
                    ))
                })?;
            Event::Alloc {
                site,
                array_len: Some(length),
            }
        }
        ev::ALLOC_WIDE => {
            let site = c.v32("site")?;
            let array_len = c.lenp1()?;
            Event::Alloc { site, array_len }
        }
        ev::OBJECT => {
            let addr = c.units("address")?;
            let site = c.v32("site")?;
            let type_id = c.v32("type")?;
            let size = c.units("size")?;
            let array_len = c.lenp1()?;
            Event::SyncObject {
                site,
                type_id,
                addr,
                size: (size != 0).then_some(size),
                array_len,
                restated: false,
            }
        }
        ev::ALLOC_OUTSIDE => {
            let addr = c.units("address")?;
            let site = c.v32("site")?;
            let type_id = c.v32("type")?;
            let size = c.units("size")?;
            let array_len = c.lenp1()?;
            Event::AllocOutside {
                site,
                type_id,
                addr,
                size,
                array_len,
            }
        }
        ev::TLAB => Event::Tlab {
            start: c.units("TLAB start")?,
            size: c.units("TLAB size")?,
        },
        ev::CELLS => {
            let start = c.units("cells start")?;
            let cell = c.units("cell size")?;
            let count = c.varint("cell count")?;
            if cell == 0 || count == 0 {
                return Err(c.err(format!(
                    "a run of {count} cells of {cell} bytes: expected at least one cell of at least 8 bytes"
                )));
            }
            if count
                .checked_mul(cell)
                .and_then(|b| b.checked_add(start))
                .is_none_or(|end| end > MAX_HEAP_SIZE)
            {
                return Err(c.err(format!(
                    "a run of {count} cells of {cell} bytes from {start:#x} ends beyond the 64 GiB address limit"
                )));
            }
            Event::Cells { start, cell, count }
        }
        ev::CELLS_NEXT => {
            let cell = c.units("cell size")?;
            let skip = c.varint("cells skipped")?;
            let count = c.varint("cell count")?;
            if cell == 0 || count == 0 {
                return Err(c.err(format!(
                    "a run of {count} cells of {cell} bytes: expected at least one cell of at least 8 bytes"
                )));
            }
            for (n, what) in [(skip, "skips"), (count, "has")] {
                if n.checked_mul(cell).is_none_or(|b| b > MAX_HEAP_SIZE) {
                    return Err(c.err(format!(
                        "a run of {cell}-byte cells {what} {n} cells, beyond the 64 GiB address limit"
                    )));
                }
            }
            Event::CellsNext { cell, skip, count }
        }
        ev::CELLS_MAP => {
            let cell = c.units("cell size")?;
            let s = c.varint("cells skipped + 1")?;
            let start = if s == 0 {
                Some(c.units("cells start")?)
            } else {
                None
            };
            let free = c.varint("map of free cells")?;
            if cell == 0 || free & 1 == 0 {
                return Err(c.err(format!(
                    "a map of {cell}-byte cells {free:#x}: expected cells of at least 8 bytes and a first cell that is free"
                )));
            }
            let skip = s.saturating_sub(1);
            if skip
                .saturating_add(64)
                .checked_mul(cell)
                .is_none_or(|b| b > MAX_HEAP_SIZE)
            {
                return Err(c.err(format!(
                    "a map of {cell}-byte cells skips {skip} cells, beyond the 64 GiB address limit"
                )));
            }
            Event::CellsMap {
                cell,
                start,
                skip,
                free,
            }
        }
        ev::ALLOC_CELL => {
            let cell = c.units("cell size")?;
            let site = c.v32("site")?;
            let type_id = c.v32("type")?;
            let size = c.units("size")?;
            let array_len = c.lenp1()?;
            Event::AllocCell {
                cell,
                site,
                type_id,
                size: (size != 0).then_some(size),
                array_len,
            }
        }
        ev::THREAD_ALIVE => Event::ThreadAlive {
            name: c.string("thread name")?,
        },
        ev::THREAD_DEATH => Event::ThreadDeath,
        ev::MARK => Event::Mark {
            label: c.string("mark label")?,
        },
        ev::GC_START => {
            let gc_id = c.v32("GC id")?;
            let kind = match c.u8("GC kind")? {
                0 => GcKind::Minor,
                1 => GcKind::Major,
                2 => GcKind::Marking,
                k => {
                    return Err(c.err(format!(
                        "expected GC kind 0 (minor), 1 (major) or 2 (marking), found {k}"
                    )))
                }
            };
            Event::GcStart {
                gc_id,
                kind,
                cause: c.v32("GC cause")?,
                time_us: c.varint("GC start time")?,
            }
        }
        ev::GC_END => Event::GcEnd {
            gc_id: c.v32("GC id")?,
            time_us: c.varint("GC end time")?,
        },
        ev::GC_SPACE => Event::GcSpace {
            space: c.v32("collected space id")?,
        },
        ev::PLAB => Event::Plab {
            start: c.units("PLAB start")?,
            size: c.units("PLAB size")?,
        },
        ev::MOVE_FAST => {
            let w = c.take(3, "the rest of a fast move word")?;
            Event::Move {
                from: (u32::from_le_bytes([w[0], w[1], w[2], 0]) as u64) << 3,
                to: None,
            }
        }
        ev::MOVE_FAST_WIDE => Event::Move {
            from: (c.u32("move source")? as u64) << 3,
            to: None,
        },
        ev::MOVE => Event::Move {
            from: c.units("move source")?,
            to: Some(c.units("move destination")?),
        },
        ev::MOVE_REGION => Event::RegionMove {
            from: c.units("region source")?,
            to: c.units("region destination")?,
            count: c.v32("region object count")?,
            bytes: c.units("region size")?,
        },
        ev::KEEP_ALIVE => Event::KeepAlive {
            addr: c.units("kept-alive address")?,
        },
        ev::SPACE_CREATE => {
            let id = c.v32("space id")?;
            let kind = c.space_kind()?;
            let start = c.units("space start")?;
            let end = c.space_end(id, start)?;
            Event::SpaceCreate(Box::new(Space {
                id,
                kind,
                start,
                end,
                name: c.string("space name")?,
            }))
        }
        ev::SPACE_ALLOC => Event::SpaceAlloc {
            id: c.v32("space id")?,
            kind: c.space_kind()?,
        },
        ev::SPACE_RELEASE => Event::SpaceRelease {
            id: c.v32("space id")?,
        },
        ev::SPACE_REDEFINE => {
            let id = c.v32("space id")?;
            let start = c.units("space start")?;
            let end = c.space_end(id, start)?;
            Event::SpaceRedefine { id, start, end }
        }
        ev::SPACE_DESTROY => Event::SpaceDestroy {
            id: c.v32("space id")?,
        },
        ev::TYPE => {
            let id = c.v32("type id")?;
            let name = c.string("type name")?;
            let instance_size = c.v32("instance size")?;
            let e = c.varint("element size + 1")?;
            let elem_size = match e {
                0 => None,
                e if e <= 1 << 16 => Some((e - 1) as u32),
                e => {
                    return Err(c.err(format!(
                        "element size + 1: expected at most 65536, found {e}"
                    )))
                }
            };
            Event::TypeDef {
                id,
                def: Box::new(TypeSym {
                    name,
                    instance_size,
                    elem_size,
                }),
            }
        }
        ev::SITE => {
            let id = c.v32("site id")?;
            let class = c.string("site class")?;
            let method = c.string("site method")?;
            let bci = c.v32("bytecode index")?;
            let line = c.v32("line + 1")?.checked_sub(1);
            let usual_type = c.varint("usual type + 1")?;
            let usual_type = match usual_type {
                0 => None,
                t if t <= 1 + u32::MAX as u64 => Some((t - 1) as u32),
                t => {
                    return Err(c.err(format!(
                        "usual type + 1: expected a 32-bit value, found {t}"
                    )))
                }
            };
            Event::SiteDef {
                id,
                def: Box::new(SiteSym {
                    class,
                    method,
                    bci,
                    line,
                    usual_type,
                }),
            }
        }
        ev::CAUSE => Event::CauseDef {
            id: c.v32("cause id")?,
            name: c.string("cause name")?,
        },
        ev::DEATH => Event::Death {
            addr: c.units("death address")?,
            time: c.varint("death time")?,
            context: c.v32("death context")?,
        },
        ev::REFERENCES => {
            let mut counts = [0u64; 8];
            for n in counts.iter_mut() {
                *n = c.varint("reference count")?;
            }
            Event::References {
                discovered: [counts[0], counts[1], counts[2], counts[3]],
                cleared: [counts[4], counts[5], counts[6], counts[7]],
            }
        }
        ev::SAFEPOINT => {
            let gc_id = c.v32("safepoint GC id")?;
            let requester = c.v32("safepoint requester + 1")?.checked_sub(1);
            let requested_us = c.varint("safepoint request time")?;
            let all_arrived_us = c.varint("safepoint reached time")?;
            if all_arrived_us < requested_us {
                return Err(c.err(format!(
                    "safepoint reached at {all_arrived_us} µs, before its request at {requested_us} µs"
                )));
            }
            Event::Safepoint {
                gc_id,
                requester,
                requested_us,
                all_arrived_us,
            }
        }
        ev::SAFEPOINT_ARRIVAL => Event::SafepointArrival {
            thread: c.v32("arriving thread")?,
            arrived_us: c.varint("safepoint arrival time")?,
        },
        ev::GC_WORKER => {
            let worker = c.v32("GC worker")?;
            let phase = c.string("GC worker phase")?;
            let start_us = c.varint("GC worker start time")?;
            let end_us = c.varint("GC worker end time")?;
            if end_us < start_us {
                return Err(c.err(format!(
                    "GC worker {worker} ends at {end_us} µs, before its start at {start_us} µs"
                )));
            }
            Event::GcWorker(Box::new(WorkerPhase {
                worker,
                phase,
                start_us,
                end_us,
                objects: c.varint("GC worker objects")?,
                bytes: c.varint("GC worker bytes")?,
                steals: c.varint("GC worker steals")?,
            }))
        }
        ev::ACTIVITY => {
            let start_us = c.varint("activity start time")?;
            let end_us = c.varint("activity end time")?;
            if end_us < start_us {
                return Err(c.err(format!(
                    "activity interval ends at {end_us} µs, before its start at {start_us} µs"
                )));
            }
            let n = c.varint("activity method count")?;
            // Each entry takes at least five bytes: a count beyond the chunk is corrupt.
            if n > (c.b.len().saturating_sub(c.p) / 5) as u64 {
                return Err(c.err(format!(
                    "activity interval claims {n} methods, more than the chunk holds"
                )));
            }
            let mut methods = Vec::with_capacity(n as usize);
            for _ in 0..n {
                methods.push(MethodActivity {
                    method: c.v32("activity method")?,
                    invocations: c.varint("activity invocations")?,
                    bytecodes: c.varint("activity bytecodes")?,
                    objects: c.varint("activity objects")?,
                    bytes: c.units("activity bytes")?,
                });
            }
            Event::Activity(Box::new(ActivityInterval {
                start_us,
                end_us,
                methods,
            }))
        }
        ev::THREAD_STATE => {
            let b = c.u8("thread state")?;
            let state = ThreadState::from_u8(b).ok_or_else(|| {
                c.err(format!(
                    "expected a thread state 0 (running) to 6 (native), found {b}"
                ))
            })?;
            let start_us = c.varint("thread state start time")?;
            let end_us = c.varint("thread state end time")?;
            if end_us < start_us {
                return Err(c.err(format!(
                    "thread state {} ends at {end_us} µs, before its start at {start_us} µs",
                    state.name()
                )));
            }
            Event::ThreadState {
                state,
                start_us,
                end_us,
            }
        }
        ev::METHOD => Event::MethodDef {
            id: c.v32("method id")?,
            def: Box::new(MethodSym {
                class: c.string("method class")?,
                name: c.string("method name")?,
                descriptor: c.string("method descriptor")?,
            }),
        },
        ev::ROOTS => Event::Roots(Box::new(decode_roots(c)?)),
        ev::POINTERS => Event::Pointers(Box::new(decode_pointers(c)?)),
        ev::DEATHS => Event::Deaths(decode_deaths(c)?),
        ev::KEPT_RUNS => Event::KeptRuns(decode_kept_runs(c)?),
        ev::FIELDS => {
            let type_id = c.v32("fields type")?;
            let n = c.varint("field count")?;
            // Each field takes at least two bytes.
            if n > (c.b.len().saturating_sub(c.p) / 2) as u64 {
                return Err(c.err(format!(
                    "type {type_id} claims {n} fields, more than the chunk holds"
                )));
            }
            let mut fields = Vec::with_capacity(n as usize);
            for _ in 0..n {
                fields.push((c.v32("field slot")?, c.string("field name")?));
            }
            Event::FieldsDef { type_id, fields }
        }
        ev::STATIC => Event::StaticDef {
            id: c.v32("static id")?,
            class: c.string("static class")?,
            field: c.string("static field")?,
        },
        other => {
            c.p = start;
            return Err(c.err(format!("expected an event id, found {other:#04x}")));
        }
    })
}

/// The start of a batch event (Kept runs, Deaths, Roots): u8 flags and varint count, checked
/// against what the chunk can hold at `least` bytes an entry — a corrupt count must not make
/// the reader reserve gigabytes.
fn batch_prologue(c: &mut Cur, entry: &'static str, least: usize) -> Result<(u8, u64), TraceError> {
    let flags = c.u8("a batch event's flags")?;
    let n = c.varint("a batch event's count")?;
    if n > (c.b.len().saturating_sub(c.p) / least) as u64 {
        return Err(c.err(format!(
            "an event claims {n} {entry}s, more than the chunk holds"
        )));
    }
    Ok((flags, n))
}

/// A Kept runs event's body (after its id): (from, bytes) per run.
fn decode_kept_runs(c: &mut Cur) -> Result<Box<[(u64, u64)]>, TraceError> {
    let (_flags, n) = batch_prologue(c, "kept run", 2)?;
    let mut runs = Vec::with_capacity(n as usize);
    let mut end = 0u64;
    for _ in 0..n {
        let from = end
            .checked_add(c.units("kept run start delta")?)
            .filter(|a| *a <= MAX_UNITS << 3)
            .ok_or_else(|| c.err("kept run beyond the address limit".to_string()))?;
        let bytes = c.units("kept run size")?;
        end = from + bytes;
        runs.push((from, bytes));
    }
    Ok(runs.into_boxed_slice())
}

/// A Deaths event's body (after its id).
fn decode_deaths(c: &mut Cur) -> Result<Box<[DeathRecord]>, TraceError> {
    let (_flags, n) = batch_prologue(c, "death", 3)?;
    let mut deaths = Vec::with_capacity(n as usize);
    let (mut addr, mut time, mut context) = (0u64, 0u64, None);
    for _ in 0..n {
        addr = addr
            .checked_add(c.units("death address delta")?)
            .filter(|a| *a <= MAX_UNITS << 3)
            .ok_or_else(|| c.err("death address beyond the address limit".to_string()))?;
        time = time
            .checked_add_signed(format::unzigzag(c.varint("death time delta")?))
            .ok_or_else(|| c.err("death time below 0 or beyond 2^64".to_string()))?;
        let this = match c.varint("death context")? {
            0 => context.ok_or_else(|| {
                c.err("a death repeats the context of none before it".to_string())
            })?,
            v => u32::try_from(v - 1)
                .map_err(|_| c.err(format!("death context: expected a 32-bit value, found {v}")))?,
        };
        context = Some(this);
        deaths.push(DeathRecord {
            addr,
            time,
            context: this,
        });
    }
    Ok(deaths.into_boxed_slice())
}

/// A Roots event's body (after its id).
fn decode_roots(c: &mut Cur) -> Result<RootSet, TraceError> {
    let (flags, n) = batch_prologue(c, "root", 3)?;
    let mut roots = Vec::with_capacity(n as usize);
    let mut addr = 0u64;
    for _ in 0..n {
        let k = c.u8("root kind")?;
        let kind = gcvm_tracer::RootKind::from_code(k)
            .ok_or_else(|| c.err(format!("expected a root kind 0 to 7, found {k}")))?;
        addr = addr
            .checked_add(c.units("root address delta")?)
            .filter(|a| *a <= MAX_UNITS << 3)
            .ok_or_else(|| c.err("root address beyond the address limit".to_string()))?;
        roots.push(gcvm_tracer::RootRecord {
            addr,
            kind,
            detail: c.v32("root detail")?,
        });
    }
    Ok(RootSet {
        at_gc_end: flags & format::POINTERS_AT_GC_END != 0,
        continued: flags & format::ROOTS_CONTINUED != 0,
        roots,
    })
}

/// A Pointers event's body (after its id).
fn decode_pointers(c: &mut Cur) -> Result<PointerSet, TraceError> {
    let flags = c.u8("pointers flags")?;
    let n = c.varint("pointer record count")?;
    // Each record takes at least two bytes.
    if n > (c.b.len().saturating_sub(c.p) / 2) as u64 {
        return Err(c.err(format!(
            "a pointers event claims {n} objects, more than the chunk holds"
        )));
    }
    let mut objects = Vec::with_capacity(n as usize);
    let mut addr = 0u64;
    for _ in 0..n {
        addr = addr
            .checked_add(c.units("pointer record address delta")?)
            .filter(|a| *a <= MAX_UNITS << 3)
            .ok_or_else(|| c.err("pointer record address beyond the address limit".to_string()))?;
        let head = c.varint("pointer count")?;
        let count = head >> 1;
        if count > (c.b.len().saturating_sub(c.p) / 2) as u64 {
            return Err(c.err(format!(
                "an object claims {count} references, more than the chunk holds"
            )));
        }
        let mut refs = Vec::with_capacity(count as usize);
        let mut slot: i64 = -1;
        for _ in 0..count {
            slot = slot + 1 + c.v32("reference slot gap")? as i64;
            let slot32 = u32::try_from(slot)
                .map_err(|_| c.err(format!("reference slot {slot} beyond 32 bits")))?;
            let rel = format::unzigzag(c.varint("reference target")?);
            let target = (addr >> 3) as i64 + rel;
            if !(0..=MAX_UNITS as i64).contains(&target) {
                return Err(c.err(format!(
                    "reference target {target} units is outside the heap's address range"
                )));
            }
            refs.push((slot32, (target as u64) << 3));
        }
        objects.push(ObjectPointers {
            addr,
            continues: head & 1 != 0,
            refs,
        });
    }
    Ok(PointerSet {
        at_gc_end: flags & format::POINTERS_AT_GC_END != 0,
        of_marking: flags & format::POINTERS_OF_MARKING != 0,
        objects,
    })
}

/// Decodes every event of one raw chunk payload (for tests and tools that frame chunks
/// themselves). Errors carry the payload offset in `offset`.
pub fn decode_payload(payload: &[u8]) -> Result<Vec<Event>, TraceError> {
    let mut c = Cur {
        b: payload,
        p: 0,
        base: 0,
    };
    let mut out = Vec::new();
    while c.p < payload.len() {
        out.push(decode_event(&mut c)?);
    }
    Ok(out)
}
