//! The trace writer: per-thread event buffers, a writer thread that compresses and writes chunks,
//! the symbol store, and the GC-side sink. docs/trace-format.md specifies the bytes.
//!
//! Threads and buffers (AntTracks §4.4.1, "thread-local buffers with asynchronous management"):
//! every mutator owns a `ThreadEvents` with a 16 KB buffer. Recording an allocation stores one
//! 32-bit word and bumps a position — no lock, no atomic. A full buffer is handed to the writer
//! thread through a bounded channel and replaced from a pool of recycled buffers; the writer thread
//! compresses it (off the mutator) and appends it to the file as one chunk. GC start and GC end
//! are flush points: the VM flushes every mutator's buffer at the safepoint (`ThreadEvents::flush`)
//! before the collection, and the GC sink sends its buffer at `gc_start` and `gc_end`, so the file
//! order is a valid global order at every collection boundary.
//!
//! Symbols (types, allocation sites, GC causes) are defined on the slow path under one mutex and
//! written by the writer thread before the next chunk it writes, hence before any event that uses
//! them.

use crate::format::{self, ev, MethodActivity, ThreadState, TraceHeader, TraceSpaceKind};
use crate::{GcEventSink, GcKind, PointerRecords, RootRecord, WorkerActivity};
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// How a trace is written.
#[derive(Clone, Debug)]
pub struct TraceConfig {
    /// The collector's name (`--gc`), recorded in the header.
    pub collector: String,
    /// The traced program (command line), recorded in the header.
    pub program: String,
    /// Maximum heap size in bytes (0 unknown).
    pub heap_size: u64,
    /// Deflate chunks on the writer thread.
    pub compress: bool,
    /// Deflate level 0-9 (1 = fastest; the default).
    pub compression_level: u32,
    /// Bytes before an array's first element (gcvm: 16).
    pub array_header: u16,
    /// The smallest object in bytes (gcvm: 16).
    pub min_object_size: u16,
    /// Full buffers that may wait for the writer thread before a mutator blocks (4 MB at 256).
    pub queue_buffers: usize,
    /// The trace records deaths (`--trace-deaths`): sets `HEADER_FLAG_DEATHS`.
    pub deaths: bool,
    /// The trace records code activity and thread states (`--activity`): sets
    /// `HEADER_FLAG_ACTIVITY`.
    pub activity: bool,
    /// The trace records pointers and roots (`--trace-pointers`): sets `HEADER_FLAG_POINTERS`.
    pub pointers: bool,
    /// Rotation (`--trace-max-size`): the trace goes to `PATH.0`, `PATH.1`, ... and only the
    /// last files are kept (docs/trace-format.md, "Rotation").
    pub rotation: Option<Rotation>,
}

/// How a rotated trace is cut (`gcvm run --trace-max-size SIZE --trace-files N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotation {
    /// The most bytes the kept files may take together.
    pub max_size: u64,
    /// Files kept (the current one included).
    pub files: u32,
}

impl Rotation {
    /// The bytes one file may take: SIZE / N.
    pub fn file_budget(&self) -> u64 {
        self.max_size / self.files.max(1) as u64
    }
}

/// Rotation: removes what an earlier run left at `path` — the file itself and the files
/// `path.k` (k a number) — so that the set read as `path` is this run's.
fn remove_earlier_set(path: &Path) {
    if path.is_file() {
        let _ = std::fs::remove_file(path);
    }
    let (Some(name), dir) = (path.file_name().and_then(|n| n.to_str()), path.parent()) else {
        return;
    };
    let dir = match dir {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let prefix = format!("{name}.");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for e in entries.flatten() {
        let n = e.file_name();
        let Some(seq) = n.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        if !seq.is_empty() && seq.bytes().all(|b| b.is_ascii_digit()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// The name of file `seq` of the rotated set `path`: `PATH.seq`.
pub fn rotated_path(path: &Path, seq: u32) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(format!(".{seq}"));
    std::path::PathBuf::from(name)
}

impl Default for TraceConfig {
    fn default() -> Self {
        TraceConfig {
            collector: String::new(),
            program: String::new(),
            heap_size: 0,
            compress: true,
            compression_level: 1,
            array_header: 16,
            min_object_size: 16,
            queue_buffers: 256,
            deaths: false,
            activity: false,
            pointers: false,
            rotation: None,
        }
    }
}

/// What `finish` reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceSummary {
    pub chunks: u64,
    /// Event bytes before compression.
    pub raw_bytes: u64,
    /// Event bytes as stored (after compression where it helped).
    pub stored_bytes: u64,
    /// The whole file, headers and trailer included.
    pub file_bytes: u64,
    pub collections: u32,
    /// Buffers flushed after `finish` (their events are not in the file).
    pub lost_chunks: u64,
    /// Rotated traces: files written (the kept ones and the deleted ones).
    pub files: u32,
}

/// A space as the trace describes it (the VM maps its own space descriptions to these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceDesc {
    pub id: u32,
    pub kind: TraceSpaceKind,
    /// First byte (offset from the heap base).
    pub start: u64,
    /// One past the last byte.
    pub end: u64,
    pub name: String,
}

enum Msg {
    Chunk {
        thread: u32,
        epoch: u32,
        buf: Vec<u8>,
        len: usize,
        gc: Option<(u32, bool)>,
        /// A chunk of a rotated file's prologue (`CHUNK_FLAG_PROLOGUE`).
        prologue: bool,
    },
    /// A pause's deaths, encoded and written by the writer thread as the chunks of `thread`
    /// (a GC thread) at `epoch` (`GcEventSink::objects_died_packed`).
    Deaths {
        thread: u32,
        epoch: u32,
        deaths: PackedDeaths,
    },
    Sync(mpsc::Sender<()>),
    /// Rotation: finish the file, open the next one and write its prologue — the symbols so
    /// far, these spaces (as of this message) and these live threads (id, name).
    Cut {
        spaces: Vec<SpaceDesc>,
        threads: Vec<(u32, String)>,
    },
    Finish,
}

/// (class, method, bci, line, usual type)
type SiteKey = (String, String, u32, Option<u32>, Option<u32>);

#[derive(Default)]
struct Globals {
    /// Encoded symbol records not yet written (each Vec at most ~1 MB).
    pending: Vec<Vec<u8>>,
    causes: HashMap<String, u32>,
    sites: HashMap<SiteKey, u32>,
    next_site: u32,
    /// type id -> (instance size, element size)
    types: HashMap<u32, (u32, Option<u32>)>,
    /// site id -> usual type
    site_types: Vec<Option<u32>>,
    /// (class, field) -> Static symbol id
    statics: HashMap<(String, String), u32>,
    spaces: Vec<SpaceDesc>,
}

impl Globals {
    fn record(&mut self) -> &mut Vec<u8> {
        if self.pending.last().is_none_or(|v| v.len() > (1 << 20)) {
            self.pending.push(Vec::new());
        }
        self.pending.last_mut().unwrap()
    }

    /// Encodes the events that bring the recorded spaces to `spaces`, one Vec per event.
    /// Spaces are matched by id through a map: a region heap has thousands of them, synced
    /// twice per pause.
    fn diff_spaces(&mut self, spaces: &[SpaceDesc]) -> Vec<Vec<u8>> {
        let mut events = Vec::new();
        let old: std::collections::HashMap<u32, &SpaceDesc> =
            self.spaces.iter().map(|o| (o.id, o)).collect();
        let new: std::collections::HashSet<u32> = spaces.iter().map(|s| s.id).collect();
        for s in spaces {
            match old.get(&s.id) {
                None => {
                    events.push(Vec::new());
                    let out = events.last_mut().unwrap();
                    out.push(ev::SPACE_CREATE);
                    format::put_varint(out, s.id as u64);
                    out.push(s.kind as u8);
                    format::put_varint(out, s.start >> 3);
                    format::put_varint(out, s.end >> 3);
                    format::put_str(out, truncate(&s.name, 1024));
                }
                Some(o) => {
                    if o.kind != s.kind {
                        events.push(Vec::new());
                        let out = events.last_mut().unwrap();
                        out.push(ev::SPACE_ALLOC);
                        format::put_varint(out, s.id as u64);
                        out.push(s.kind as u8);
                    }
                    if o.start != s.start || o.end != s.end {
                        events.push(Vec::new());
                        let out = events.last_mut().unwrap();
                        out.push(ev::SPACE_REDEFINE);
                        format::put_varint(out, s.id as u64);
                        format::put_varint(out, s.start >> 3);
                        format::put_varint(out, s.end >> 3);
                    }
                }
            }
        }
        for o in &self.spaces {
            if !new.contains(&o.id) {
                let mut out = vec![ev::SPACE_DESTROY];
                format::put_varint(&mut out, o.id as u64);
                events.push(out);
            }
        }
        self.spaces = spaces.to_vec();
        events
    }
}

struct Shared {
    tx: SyncSender<Msg>,
    pool: Arc<Mutex<Vec<Vec<u8>>>>,
    /// Lists of deaths the writer thread has written, for the next pause to fill
    /// (`GcEventSink::spare_packed_deaths`): tens of megabytes a pause, which fresh cost a page
    /// fault per 4 KB.
    spare_deaths: Arc<Mutex<Vec<PackedDeaths>>>,
    globals: Arc<Mutex<Globals>>,
    /// Collections started so far: the phase a mutator's buffered events belong to.
    epoch: AtomicU32,
    start: Instant,
    closed: AtomicBool,
    lost: Arc<AtomicU64>,
    worker: Mutex<Option<JoinHandle<io::Result<TraceSummary>>>>,
    result: Mutex<Option<Result<TraceSummary, String>>>,
    header: TraceHeader,
    /// Rotation, when on.
    rotation: Option<Rotation>,
    /// Bytes written to the current file (the writer thread updates it).
    file_bytes: Arc<AtomicU64>,
    /// Rotation: the current file's size at the last `rotation_due` and the largest growth
    /// between two of them (one collection cycle's trace).
    cycle: Mutex<(u64, u64)>,
    /// Mutator threads alive (id -> name), for a rotated file's Thread alive events.
    threads: Mutex<std::collections::BTreeMap<u32, String>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Keeps a usual-sized buffer no longer needed for a later `take_buffer`.
    fn give_back(&self, buf: Vec<u8>) {
        if buf.len() == format::BUFFER_SIZE {
            let mut pool = lock(&self.pool);
            if pool.len() < 1024 {
                pool.push(buf);
            }
        }
    }

    fn take_buffer(&self) -> Vec<u8> {
        lock(&self.pool)
            .pop()
            .unwrap_or_else(|| vec![0u8; format::BUFFER_SIZE])
    }

    /// Hands `len` bytes of `buf` to the writer thread; returns a fresh buffer.
    fn submit(
        &self,
        thread: u32,
        epoch: u32,
        buf: Vec<u8>,
        len: usize,
        gc: Option<(u32, bool)>,
        prologue: bool,
    ) -> Vec<u8> {
        if self.closed.load(Ordering::Acquire) {
            self.lost.fetch_add(1, Ordering::Relaxed);
            return buf;
        }
        let fresh = self.take_buffer();
        if self
            .tx
            .send(Msg::Chunk {
                thread,
                epoch,
                buf,
                len,
                gc,
                prologue,
            })
            .is_err()
        {
            self.lost.fetch_add(1, Ordering::Relaxed);
        }
        fresh
    }

    fn time_us(&self) -> u64 {
        self.start.elapsed().as_micros() as u64
    }

    /// `t` on the trace's clock: microseconds since the trace start (0 for earlier instants).
    fn time_us_at(&self, t: Instant) -> u64 {
        t.saturating_duration_since(self.start).as_micros() as u64
    }

    fn finish(&self) -> io::Result<TraceSummary> {
        let handle = lock(&self.worker).take();
        if let Some(handle) = handle {
            self.closed.store(true, Ordering::Release);
            let _ = self.tx.send(Msg::Finish);
            let res = match handle.join() {
                Ok(r) => r.map_err(|e| e.to_string()),
                Err(_) => Err("trace writer thread panicked".to_string()),
            };
            *lock(&self.result) = Some(res.map(|mut s| {
                s.lost_chunks = self.lost.load(Ordering::Relaxed);
                s
            }));
        }
        match lock(&self.result).clone() {
            Some(Ok(s)) => Ok(TraceSummary {
                lost_chunks: self.lost.load(Ordering::Relaxed),
                ..s
            }),
            Some(Err(e)) => Err(io::Error::other(e)),
            None => Err(io::Error::other(
                "trace writer already finished by another thread",
            )),
        }
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// The trace writer, shared by every thread (cheap to clone: all clones write the same file).
#[derive(Clone)]
pub struct TraceWriter {
    shared: Arc<Shared>,
}

impl TraceWriter {
    /// Creates the trace file, writes its header and starts the writer thread.
    pub fn create(path: impl AsRef<Path>, config: TraceConfig) -> io::Result<TraceWriter> {
        let base = path.as_ref().to_path_buf();
        let file = match config.rotation {
            None => File::create(&base)?,
            Some(_) => {
                remove_earlier_set(&base);
                File::create(rotated_path(&base, 0))?
            }
        };
        let start_unix_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        let header = TraceHeader {
            version: format::VERSION,
            flags: if config.compress {
                format::HEADER_FLAG_COMPRESSED
            } else {
                0
            } | if config.deaths {
                format::HEADER_FLAG_DEATHS
            } else {
                0
            } | if config.activity {
                format::HEADER_FLAG_ACTIVITY
            } else {
                0
            } | if config.pointers {
                format::HEADER_FLAG_POINTERS
            } else {
                0
            } | if config.rotation.is_some() {
                format::HEADER_FLAG_ROTATED
            } else {
                0
            },
            alignment: 8,
            ref_shift: format::UNIT_SHIFT as u8,
            array_header: config.array_header,
            min_object_size: config.min_object_size,
            heap_size: config.heap_size,
            start_unix_ms,
            collector: config.collector.clone(),
            program: config.program.clone(),
            sequence: config.rotation.map(|_| 0),
        };
        let mut out = BufWriter::with_capacity(256 * 1024, file);
        let head = header.encode();
        out.write_all(&head)?;
        let (tx, rx) = mpsc::sync_channel(config.queue_buffers.max(1));
        let pool = Arc::new(Mutex::new(Vec::new()));
        let spare_deaths = Arc::new(Mutex::new(Vec::new()));
        let mut globals = Globals {
            next_site: 1,
            ..Default::default()
        };
        // Site 0: VM-internal allocations without a usual type.
        let rec = globals.record();
        rec.push(ev::SITE);
        format::put_varint(rec, format::SITE_VM as u64);
        format::put_str(rec, "<vm>");
        format::put_str(rec, "<internal>");
        format::put_varint(rec, 0);
        format::put_varint(rec, 0);
        format::put_varint(rec, 0);
        globals.site_types.push(None);
        let globals = Arc::new(Mutex::new(globals));
        let lost = Arc::new(AtomicU64::new(0));
        let file_bytes = Arc::new(AtomicU64::new(head.len() as u64));
        let w = WriterThread {
            base,
            rotation: config.rotation,
            header: header.clone(),
            sequence: 0,
            symbol_log: Vec::new(),
            kept: std::collections::VecDeque::new(),
            file_bytes: file_bytes.clone(),
            file_counts: (0, 0, 0),
            rx,
            out,
            pool: pool.clone(),
            spare_deaths: spare_deaths.clone(),
            deaths_raw: Vec::new(),
            globals: globals.clone(),
            compress: config.compress.then(|| {
                flate2::Compress::new(
                    flate2::Compression::new(config.compression_level.min(9)),
                    false,
                )
            }),
            offset: head.len() as u64,
            summary: TraceSummary {
                files: config.rotation.is_some() as u32,
                ..Default::default()
            },
            scratch: Vec::new(),
            gc_index: Vec::new(),
            error: None,
            epoch: 0,
        };
        let handle = std::thread::Builder::new()
            .name("gcvm-trace-writer".into())
            .spawn(move || w.run())?;
        Ok(TraceWriter {
            shared: Arc::new(Shared {
                tx,
                pool,
                spare_deaths,
                globals,
                epoch: AtomicU32::new(0),
                start: Instant::now(),
                closed: AtomicBool::new(false),
                lost,
                worker: Mutex::new(Some(handle)),
                result: Mutex::new(None),
                header,
                rotation: config.rotation,
                file_bytes,
                cycle: Mutex::new((0, 0)),
                threads: Mutex::new(Default::default()),
            }),
        })
    }

    /// Defines a type: its id (the VM's class id), name, instance size in bytes, and for arrays
    /// the element size (then `instance_size` is ignored). Call before the first allocation of it.
    pub fn define_type(&self, id: u32, name: &str, instance_size: u32, elem_size: Option<u32>) {
        let mut g = lock(&self.shared.globals);
        g.types.insert(id, (instance_size, elem_size));
        let rec = g.record();
        rec.push(ev::TYPE);
        format::put_varint(rec, id as u64);
        format::put_str(rec, name);
        format::put_varint(rec, instance_size as u64);
        format::put_varint(rec, elem_size.map_or(0, |e| e as u64 + 1));
    }

    /// Defines an allocation site and returns its id (the same id for the same arguments).
    /// `usual_type` is the type the site allocates (None: every allocation there names its type).
    pub fn define_site(
        &self,
        class: &str,
        method: &str,
        bci: u32,
        line: Option<u32>,
        usual_type: Option<u32>,
    ) -> u32 {
        let mut g = lock(&self.shared.globals);
        let key = (class.to_string(), method.to_string(), bci, line, usual_type);
        if let Some(&id) = g.sites.get(&key) {
            return id;
        }
        let id = g.next_site;
        g.next_site += 1;
        g.sites.insert(key, id);
        g.site_types.push(usual_type);
        let rec = g.record();
        rec.push(ev::SITE);
        format::put_varint(rec, id as u64);
        format::put_str(rec, class);
        format::put_str(rec, method);
        format::put_varint(rec, bci as u64);
        format::put_varint(rec, line.map_or(0, |l| l as u64 + 1));
        format::put_varint(rec, usual_type.map_or(0, |t| t as u64 + 1));
        id
    }

    /// Defines method `id` (>= 1; 0 is `format::CONTEXT_UNKNOWN`), the context of Death events.
    /// Call before reporting a death in it.
    pub fn define_method(&self, id: u32, class: &str, name: &str, descriptor: &str) {
        let mut g = lock(&self.shared.globals);
        let rec = g.record();
        rec.push(ev::METHOD);
        format::put_varint(rec, id as u64);
        format::put_str(rec, class);
        format::put_str(rec, name);
        format::put_str(rec, descriptor);
    }

    /// `--trace-pointers`: names the reference fields of instance type `id` (slot: 4-byte units
    /// from the object's start; inherited fields included), for tools that print paths.
    pub fn define_fields(&self, id: u32, fields: &[(u32, &str)]) {
        let mut g = lock(&self.shared.globals);
        let rec = g.record();
        rec.push(ev::FIELDS);
        format::put_varint(rec, id as u64);
        format::put_varint(rec, fields.len() as u64);
        for &(slot, name) in fields {
            format::put_varint(rec, slot as u64);
            format::put_str(rec, truncate(name, 1024));
        }
    }

    /// `--trace-pointers`: the id of static field `class.field` (the detail of its roots),
    /// defined in the trace the first time it is asked for.
    pub fn define_static(&self, class: &str, field: &str) -> u32 {
        let mut g = lock(&self.shared.globals);
        let key = (class.to_string(), field.to_string());
        if let Some(&id) = g.statics.get(&key) {
            return id;
        }
        let id = g.statics.len() as u32;
        g.statics.insert(key, id);
        let rec = g.record();
        rec.push(ev::STATIC);
        format::put_varint(rec, id as u64);
        format::put_str(rec, truncate(class, 1024));
        format::put_str(rec, truncate(field, 1024));
        id
    }

    /// The size the reader will infer for an allocation at `site` (for debug assertions in the
    /// VM: `debug_assert_eq!(w.implied_size(site, len), Some(size))`). Takes a lock: not for the
    /// fast path.
    pub fn implied_size(&self, site: u32, array_len: Option<u32>) -> Option<u64> {
        let g = lock(&self.shared.globals);
        let ty = (*g.site_types.get(site as usize)?)?;
        let &(inst, elem) = g.types.get(&ty)?;
        let h = &self.shared.header;
        Some(format::implied_size(
            inst,
            elem,
            array_len.unwrap_or(0),
            h.array_header as u32,
            h.min_object_size as u32,
        ))
    }

    /// A mutator thread starts: returns its event buffer (records Thread Alive). `thread_id` must
    /// be below `format::GC_THREAD_BASE` and unique among live threads.
    pub fn thread_events(&self, thread_id: u32, name: &str) -> ThreadEvents {
        assert!(
            thread_id < format::GC_THREAD_BASE,
            "thread id {thread_id:#x} is reserved for GC threads"
        );
        let mut t = ThreadEvents {
            b: EventBuf::new(self.shared.clone(), thread_id),
            dead: false,
            debug_cursor: UNKNOWN,
            cell_sizes: Vec::new(),
            cells_epoch: 0,
            debug_cells: Vec::new(),
        };
        t.b.refresh_epoch();
        t.b.put_str_event(ev::THREAD_ALIVE, name);
        if self.shared.rotation.is_some() {
            lock(&self.shared.threads).insert(thread_id, truncate(name, 4096).to_string());
        }
        t
    }

    /// The sink the collector reports to (GC thread 0). One per collecting thread; it may be kept
    /// across collections.
    pub fn gc_sink(&self) -> GcTraceSink {
        self.gc_worker_sink(0)
    }

    /// A sink for parallel GC worker `worker` (its moves go to its own chunks). Report the
    /// collected spaces on the main sink and `flush` it before workers record moves; flush (or drop)
    /// every worker's sink before the main sink's `gc_end`.
    pub fn gc_worker_sink(&self, worker: u32) -> GcTraceSink {
        let thread = format::GC_THREAD_BASE
            .saturating_add(worker)
            .min(format::GLOBAL_THREAD - 1);
        GcTraceSink {
            b: EventBuf::new(self.shared.clone(), thread),
            cursor: u64::MAX,
            safepoint: Vec::new(),
            types: HashMap::new(),
            sync_site: 0,
        }
    }

    /// Brings the recorded spaces to `spaces` (create / role change / redefine / destroy events).
    /// Call while no mutator has unflushed events in the affected spaces (at VM start, or with the
    /// world stopped after the buffers are flushed). During a collection use the sink's method.
    pub fn sync_spaces(&self, spaces: &[SpaceDesc]) {
        let events = lock(&self.shared.globals).diff_spaces(spaces);
        self.send_global(events.concat());
    }

    /// Empties space `id` (its objects die). Same rules as `sync_spaces`.
    pub fn space_release(&self, id: u32) {
        let mut out = vec![ev::SPACE_RELEASE];
        format::put_varint(&mut out, id as u64);
        self.send_global(out);
    }

    fn send_global(&self, out: Vec<u8>) {
        if out.is_empty() {
            return;
        }
        let len = out.len();
        let epoch = self.shared.epoch.load(Ordering::Acquire);
        let _ = self
            .shared
            .submit(format::GLOBAL_THREAD, epoch, out, len, None, false);
    }

    /// Rotation: is the current file due to be cut, at this GC start? Call with the world
    /// stopped and every buffer flushed; waits until the writer thread has written what was
    /// sent. A file is cut once it is so big that one more collection cycle as big as the
    /// biggest so far would take it past its share of the budget (SIZE / N), so that the kept
    /// files stay within SIZE (docs/trace-format.md, "Rotation").
    pub fn rotation_due(&self) -> bool {
        let Some(r) = self.shared.rotation else {
            return false;
        };
        self.flush();
        let now = self.shared.file_bytes.load(Ordering::Acquire);
        let mut c = lock(&self.shared.cycle);
        let growth = now.saturating_sub(c.0);
        c.1 = c.1.max(growth);
        c.0 = now;
        now + c.1 >= r.file_budget()
    }

    /// Rotation: finishes the current file and opens the next one (`PATH.k`, deleting
    /// `PATH.(k - N)`), whose prologue restates the symbols, the spaces and the live threads.
    /// Call with the world stopped and every buffer flushed, before the GC start; then write
    /// the heap sync with `prologue_sink` (every object, and with pointers the graph).
    pub fn cut(&self) {
        if self.shared.rotation.is_none() || self.shared.closed.load(Ordering::Acquire) {
            return;
        }
        let spaces = lock(&self.shared.globals).spaces.clone();
        let threads = lock(&self.shared.threads)
            .iter()
            .map(|(&id, name)| (id, name.clone()))
            .collect();
        let _ = self.shared.tx.send(Msg::Cut { spaces, threads });
    }

    /// Rotation, after the new file's heap sync: waits until it is written; returns the
    /// prologue's bytes and the largest collection cycle's so far. The next cycle is measured
    /// from here.
    pub fn prologue_written(&self) -> (u64, u64) {
        self.flush();
        let now = self.shared.file_bytes.load(Ordering::Acquire);
        let mut c = lock(&self.shared.cycle);
        c.0 = now;
        (now, c.1)
    }

    /// Rotation, when on.
    pub fn rotation(&self) -> Option<Rotation> {
        self.shared.rotation
    }

    /// Bytes written to the current file so far (rotation: after `flush`, exact).
    pub fn file_bytes(&self) -> u64 {
        self.shared.file_bytes.load(Ordering::Acquire)
    }

    /// The sink of a rotated file's heap sync (GC thread 0, prologue chunks): its
    /// `synced_object` events, and with pointers `object_pointers` / `roots` outside a pause.
    pub fn prologue_sink(&self) -> GcTraceSink {
        let mut s = self.gc_sink();
        s.b.prologue = true;
        s.types = lock(&self.shared.globals).types.clone();
        s.sync_site = self.define_site(SYNC_SITE_CLASS, SYNC_SITE_METHOD, 0, None, None);
        s
    }

    /// Collections started so far.
    pub fn collections(&self) -> u32 {
        self.shared.epoch.load(Ordering::Acquire)
    }

    /// Waits until everything submitted so far is written to the file (not fsynced).
    pub fn flush(&self) {
        if self.shared.closed.load(Ordering::Acquire) {
            return;
        }
        let (tx, rx) = mpsc::channel();
        if self.shared.tx.send(Msg::Sync(tx)).is_ok() {
            let _ = rx.recv();
        }
    }

    /// Writes everything submitted so far, the trailer and the footer, and closes the file.
    /// Idempotent and safe on exit paths (System.exit, uncaught exception, OOM, Ctrl-C): later
    /// calls return the first call's result; buffers flushed afterwards are counted as lost.
    /// Flush the calling thread's `ThreadEvents` first; other threads' unflushed buffers
    /// (at most 16 KB each) are not in the file.
    pub fn finish(&self) -> io::Result<TraceSummary> {
        self.shared.finish()
    }

    /// The header this writer wrote.
    pub fn header(&self) -> &TraceHeader {
        &self.shared.header
    }
}

/// One thread's buffer: the part shared by mutator and GC event recording.
struct EventBuf {
    buf: Vec<u8>,
    pos: usize,
    thread: u32,
    epoch: u32,
    shared: Arc<Shared>,
    /// Its chunks are prologue chunks (a rotated file's heap sync).
    prologue: bool,
    /// While nonzero, each flush takes a buffer of this many bytes (`with_buffer_of`).
    large: usize,
}

impl EventBuf {
    fn new(shared: Arc<Shared>, thread: u32) -> EventBuf {
        let buf = shared.take_buffer();
        EventBuf {
            buf,
            pos: 0,
            thread,
            epoch: shared.epoch.load(Ordering::Acquire),
            shared,
            prologue: false,
            large: 0,
        }
    }

    /// On a slow path: if a collection started since the buffered events were recorded, they
    /// belong to the earlier phase; send them (tagged so) before recording more.
    #[inline]
    fn refresh_epoch(&mut self) {
        let e = self.shared.epoch.load(Ordering::Acquire);
        if e != self.epoch {
            if self.pos > 0 {
                self.flush_with(None);
            }
            self.epoch = e;
        }
    }

    fn flush_with(&mut self, gc: Option<(u32, bool)>) {
        if self.pos == 0 && gc.is_none() {
            return;
        }
        let buf = std::mem::take(&mut self.buf);
        self.buf = self
            .shared
            .submit(self.thread, self.epoch, buf, self.pos, gc, self.prologue);
        self.pos = 0;
        if self.large > self.buf.len() {
            let usual = std::mem::replace(&mut self.buf, vec![0u8; self.large]);
            self.shared.give_back(usual);
        }
    }

    /// Makes room for `n` bytes.
    #[inline]
    fn ensure(&mut self, n: usize) {
        if self.pos + n > self.buf.len() {
            self.flush_with(None);
        }
    }

    #[inline]
    fn put_u8(&mut self, b: u8) {
        self.buf[self.pos] = b;
        self.pos += 1;
    }

    #[inline]
    fn put_u32(&mut self, v: u32) {
        self.buf[self.pos..self.pos + 4].copy_from_slice(&v.to_le_bytes());
        self.pos += 4;
    }

    #[inline]
    fn put_varint(&mut self, v: u64) {
        self.pos = format::write_varint_at(&mut self.buf, self.pos, v);
    }

    /// An event with one string argument (truncated to 4 KB).
    fn put_str_event(&mut self, id: u8, s: &str) {
        let s = truncate(s, 4096);
        let n = s.len();
        self.ensure(1 + 10 + n);
        self.put_u8(id);
        self.put_varint(n as u64);
        self.buf[self.pos..self.pos + n].copy_from_slice(s.as_bytes());
        self.pos += n;
    }

    /// One encoded event (space events from `Globals::diff_spaces`; small: names are capped).
    fn put_event_bytes(&mut self, event: &[u8]) {
        self.ensure(event.len());
        self.buf[self.pos..self.pos + event.len()].copy_from_slice(event);
        self.pos += event.len();
    }

    /// Runs `write` over a buffer of `bytes` (when more than the usual 16 KB), so that what it
    /// writes goes out in chunks of up to that size, then goes back to a usual buffer. Each
    /// chunk costs the writer thread a compressor reset (about 320K instructions, what
    /// compressing 16 KB costs): a bulk of GC events in 16 KB chunks pays it twice over.
    fn with_buffer_of(&mut self, bytes: usize, write: impl FnOnce(&mut EventBuf)) {
        if bytes <= self.buf.len() {
            write(self);
            return;
        }
        self.flush_with(None);
        self.large = bytes;
        let usual = std::mem::replace(&mut self.buf, vec![0u8; bytes]);
        self.shared.give_back(usual);
        write(self);
        self.large = 0;
        self.flush_with(None);
        if self.buf.len() != format::BUFFER_SIZE {
            self.buf = self.shared.take_buffer();
        }
    }
}

/// Compresses `raw` into `out` (grown to `raw.len()` bytes, once), afresh; the compressed
/// length, or None unless it ends shorter than `raw`. Into a slice: flate2's `compress_vec`
/// zeroes its vector's spare room on every call, and a large chunk takes many calls.
fn compress_within(c: &mut flate2::Compress, raw: &[u8], out: &mut Vec<u8>) -> Option<usize> {
    if out.len() < raw.len() {
        out.resize(raw.len(), 0);
    }
    c.reset();
    loop {
        let (read, written) = (c.total_in() as usize, c.total_out() as usize);
        if written >= raw.len() {
            return None;
        }
        let status = c
            .compress(
                &raw[read..],
                &mut out[written..raw.len()],
                flate2::FlushCompress::Finish,
            )
            .ok()?;
        let len = c.total_out() as usize;
        match status {
            flate2::Status::StreamEnd => return (len < raw.len()).then_some(len),
            _ if c.total_in() as usize == read && len == written => return None,
            _ => {}
        }
    }
}

/// The largest buffer a pause's deaths are written through (`EventBuf::with_buffer_of`).
const DEATHS_BUFFER: usize = 1024 * 1024;

fn truncate(s: &str, max: usize) -> &str {
    let mut n = s.len().min(max);
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    &s[..n]
}

#[inline]
fn lenp1(array_len: Option<u32>) -> u64 {
    array_len.map_or(0, |l| l as u64 + 1)
}

/// One mutator thread's event buffer. Not shared: the thread that owns it records into it.
/// Dropping it records Thread Death and flushes.
pub struct ThreadEvents {
    b: EventBuf,
    dead: bool,
    /// Debug builds: where the reader will place the next TLAB object (u64::MAX unknown).
    debug_cursor: u64,
    /// The thread's runs of cells since its last TLAB, one per cell size: (cell size, start,
    /// end), in bytes. More than the reader has after a collection, never fewer.
    cell_sizes: Vec<(u64, u64, u64)>,
    /// The epoch (collections started) in which every run of `cell_sizes` was announced: the
    /// reader still has them all while it is the current one.
    cells_epoch: u32,
    /// Debug builds: where the reader will place the next object of each run.
    debug_cells: Vec<DebugCells>,
}

/// Debug builds: the reader's run of one cell size, in bytes: the next cell, the end of the
/// current stretch, and the free cells a map announced after it (bit i: `map_base + i × cell`).
#[derive(Clone, Copy)]
struct DebugCells {
    cell: u64,
    next: u64,
    end: u64,
    map: u64,
    map_base: u64,
}

const UNKNOWN: u64 = u64::MAX;

impl ThreadEvents {
    /// The common allocation: an object at the next address of this thread's current TLAB,
    /// of the site's usual type (`array_len` for arrays). One 32-bit store when the site id is
    /// below 65536 and the length below 254.
    #[inline]
    pub fn alloc_in_tlab(&mut self, site: u32, array_len: Option<u32>) {
        if cfg!(debug_assertions) {
            self.debug_cursor = UNKNOWN;
        }
        let l = match array_len {
            None => 0,
            Some(l) => l.saturating_add(1),
        };
        if site < format::FAST_SITE_LIMIT && l < format::LEN8_ESCAPE {
            let word = ev::ALLOC as u32 | site << 8 | l << 24;
            let pos = self.b.pos;
            if let Some(slot) = self.b.buf.get_mut(pos..pos + 4) {
                slot.copy_from_slice(&word.to_le_bytes());
                self.b.pos = pos + 4;
                return;
            }
        }
        self.alloc_in_tlab_slow(site, array_len);
    }

    /// `alloc_in_tlab` for an object the VM placed at `addr` with `size` bytes. In debug builds
    /// it asserts that this is where and how big the reader will infer the object to be (the
    /// TLAB's next address, the site's implied size); in release builds it is `alloc_in_tlab`.
    #[inline]
    pub fn alloc_in_tlab_at(&mut self, site: u32, array_len: Option<u32>, addr: u64, size: u64) {
        if cfg!(debug_assertions) {
            self.debug_check(site, array_len, addr, size);
            self.alloc_in_tlab(site, array_len);
            self.debug_cursor = addr + size;
        } else {
            self.alloc_in_tlab(site, array_len);
        }
    }

    #[cold]
    fn debug_check(&self, site: u32, array_len: Option<u32>, addr: u64, size: u64) {
        assert!(
            self.debug_cursor == UNKNOWN || self.debug_cursor == addr,
            "trace: thread {} allocates at {addr:#x} but the trace implies {:#x} (a TLAB event or an allocation event is missing)",
            self.b.thread,
            self.debug_cursor
        );
        let w = TraceWriter {
            shared: self.b.shared.clone(),
        };
        if let Some(implied) = w.implied_size(site, array_len) {
            assert_eq!(implied, size, "trace: site {site} (length {array_len:?}) implies {implied} bytes, the VM allocated {size}");
        } else {
            panic!("trace: site {site} has no usual type or its type is not defined");
        }
    }

    #[cold]
    #[inline(never)]
    fn alloc_in_tlab_slow(&mut self, site: u32, array_len: Option<u32>) {
        let b = &mut self.b;
        b.ensure(24);
        if site < format::FAST_SITE_LIMIT {
            let l = array_len.map_or(0, |l| l.saturating_add(1));
            match array_len {
                Some(len) if l >= format::LEN8_ESCAPE => {
                    b.put_u32(ev::ALLOC_LONG as u32 | site << 8 | (len & 0xff) << 24);
                    b.put_varint((len >> 8) as u64);
                }
                _ => b.put_u32(ev::ALLOC as u32 | site << 8 | l << 24),
            }
        } else {
            b.put_u8(ev::ALLOC_WIDE);
            b.put_varint(site as u64);
            b.put_varint(lenp1(array_len));
        }
    }

    /// An allocation in the TLAB whose type is not the site's usual type (clone, reflection,
    /// multianewarray). `size` only if the reader cannot derive it from the type and length.
    pub fn alloc_in_tlab_typed(
        &mut self,
        site: u32,
        type_id: u32,
        size: Option<u64>,
        array_len: Option<u32>,
    ) {
        self.debug_cursor = UNKNOWN;
        let b = &mut self.b;
        b.ensure(48);
        b.put_u8(ev::ALLOC_TYPED);
        b.put_varint(site as u64);
        b.put_varint(type_id as u64);
        b.put_varint(size.map_or(0, |s| s >> 3));
        b.put_varint(lenp1(array_len));
    }

    /// An allocation outside any TLAB, at `addr` (byte offset from the heap base), `size` bytes.
    pub fn alloc_explicit(
        &mut self,
        site: u32,
        type_id: u32,
        addr: u64,
        size: u64,
        array_len: Option<u32>,
    ) {
        let b = &mut self.b;
        b.refresh_epoch();
        b.ensure(56);
        b.put_u8(ev::ALLOC_OUTSIDE);
        b.put_varint(addr >> 3);
        b.put_varint(site as u64);
        b.put_varint(type_id as u64);
        b.put_varint(size >> 3);
        b.put_varint(lenp1(array_len));
    }

    /// The thread took a run of `count` free cells of `cell` bytes from `start` (a free-list
    /// allocator's TLAB): each later `alloc_in_cell` of that cell size takes its next cell. The
    /// run replaces the thread's earlier run of the same cell size, and its TLAB.
    ///
    /// When the run starts a whole number of cells after the end of the thread's current run
    /// of that cell size, it is written as Cells next if that is shorter: a thread that
    /// comes back to a span others allocated in meanwhile (concurrent mark-sweep's blocked
    /// threads) names no address.
    pub fn cells(&mut self, start: u64, cell: u64, count: u64) {
        self.debug_cursor = UNKNOWN;
        self.b.refresh_epoch();
        if let Some(skip) = self.cells_skip_to(start, cell) {
            if format::varint_len(skip) < format::varint_len(start >> 3) {
                return self.cells_next(start, cell, skip, count);
            }
        }
        self.note_cells(start, cell, count);
        let b = &mut self.b;
        b.ensure(31);
        b.put_u8(ev::CELLS);
        b.put_varint(start >> 3);
        b.put_varint(cell >> 3);
        b.put_varint(count);
    }

    /// `cells` for a run that follows the thread's current run of `cell`-byte cells in its span,
    /// `skip` cells after that run's end (the cells between are taken): the start is implied.
    pub fn cells_next(&mut self, start: u64, cell: u64, skip: u64, count: u64) {
        if cfg!(debug_assertions) {
            let thread = self.b.thread;
            let end = self.cell_sizes.iter().find(|r| r.0 == cell).map(|r| r.2);
            assert_eq!(
                end.map(|e| e + skip * cell),
                Some(start),
                "trace: thread {thread}'s next run of {cell}-byte cells at {start:#x} does not follow its current run ({skip} cells after its end)"
            );
        }
        self.note_cells(start, cell, count);
        let b = &mut self.b;
        b.refresh_epoch();
        b.ensure(31);
        b.put_u8(ev::CELLS_NEXT);
        b.put_varint(cell >> 3);
        b.put_varint(skip);
        b.put_varint(count);
    }

    /// The cells from the end of the thread's current run of `cell`-byte cells (as the reader
    /// has it: announced since the last collection) to `start`, when `start` is a whole number
    /// of cells after it.
    fn cells_skip_to(&self, start: u64, cell: u64) -> Option<u64> {
        if self.cells_epoch != self.b.epoch {
            return None;
        }
        let end = self.cell_sizes.iter().find(|r| r.0 == cell)?.2;
        (start >= end && (start - end).is_multiple_of(cell)).then(|| (start - end) / cell)
    }

    /// Notes the thread's new run of `cell`-byte cells (the reader's view).
    fn note_cells(&mut self, start: u64, cell: u64, count: u64) {
        self.note_map(start, cell, count, 0);
    }

    /// Notes the thread's new run of `cell`-byte cells: `count` cells from `start`, then the
    /// free cells of `map` (bit i: `start + i × cell`, none of the first `count`). Its end,
    /// for the next run's skip, is the end of the last.
    fn note_map(&mut self, start: u64, cell: u64, count: u64, map: u64) {
        if self.cells_epoch != self.b.epoch {
            // A collection ended the runs noted before: the reader has none of them.
            self.cell_sizes.clear();
            self.cells_epoch = self.b.epoch;
        }
        let last = (64 - map.leading_zeros() as u64).max(count);
        let run = (cell, start, start + cell * last);
        match self.cell_sizes.iter_mut().find(|r| r.0 == cell) {
            Some(r) => *r = run,
            None => self.cell_sizes.push(run),
        }
        if cfg!(debug_assertions) {
            let run = DebugCells {
                cell,
                next: start,
                end: start + cell * count,
                map,
                map_base: start,
            };
            match self.debug_cells.iter_mut().find(|r| r.cell == cell) {
                Some(r) => *r = run,
                None => self.debug_cells.push(run),
            }
        }
    }

    /// The thread announces the free cells of `cell` bytes among the 64 from `start` (bit i of
    /// `free`: the cell `i` cells on; bit 0, `start` itself, is set): their stretches are its
    /// runs of that cell size from now on, one after the other. Each later `alloc_in_cell` of
    /// that size takes the next free cell. Written as a Cells map event, its start implied
    /// (a skip) when it is a whole number of cells after the thread's current run of that size.
    pub fn cells_map(&mut self, start: u64, cell: u64, free: u64) {
        assert!(
            free & 1 == 1,
            "trace: a map of free cells starts at a free cell"
        );
        self.debug_cursor = UNKNOWN;
        self.b.refresh_epoch();
        let skip = self
            .cells_skip_to(start, cell)
            .filter(|&s| format::varint_len(s + 1) < 1 + format::varint_len(start >> 3));
        let first = free.trailing_ones() as u64;
        self.note_map(start, cell, first, free & !format::mask_below(first));
        let b = &mut self.b;
        b.ensure(40);
        b.put_u8(ev::CELLS_MAP);
        b.put_varint(cell >> 3);
        match skip {
            Some(s) => b.put_varint(s + 1),
            None => {
                b.put_varint(0);
                b.put_varint(start >> 3);
            }
        }
        b.put_varint(free);
    }

    /// An object of the site's usual type (`type_id`), `size` bytes, that the VM placed at
    /// `addr`, the next cell of the thread's run of `cell`-byte cells: the 4-byte
    /// `alloc_in_tlab` when the reader will choose that run for an object of its size (the
    /// smallest cell it fills or leaves room for a filler in), else an Alloc cell event.
    #[inline]
    pub fn alloc_in_cell(
        &mut self,
        site: u32,
        type_id: u32,
        array_len: Option<u32>,
        addr: u64,
        size: u64,
        cell: u64,
    ) {
        if cfg!(debug_assertions) {
            self.debug_check_cell(Some(site), array_len, addr, size, cell);
        }
        if size == cell || self.implied_cell(size) == Some(cell) {
            self.alloc_in_tlab(site, array_len);
        } else {
            self.alloc_cell_event(cell, site, type_id, array_len);
        }
    }

    /// `alloc_in_cell` for an object whose type is not the site's usual type (clone,
    /// reflection, multianewarray).
    pub fn alloc_in_cell_typed(
        &mut self,
        site: u32,
        type_id: u32,
        array_len: Option<u32>,
        addr: u64,
        size: u64,
        cell: u64,
    ) {
        if cfg!(debug_assertions) {
            self.debug_check_cell(None, array_len, addr, size, cell);
        }
        if size == cell || self.implied_cell(size) == Some(cell) {
            self.alloc_in_tlab_typed(site, type_id, None, array_len);
        } else {
            self.alloc_cell_event(cell, site, type_id, array_len);
        }
    }

    /// The cell the reader takes an object of `size` bytes to: the smallest of the thread's
    /// runs' cells that it fills exactly or leaves room for a filler in. The cell sizes noted
    /// here include every one the reader has (runs end only at collections and TLABs), so
    /// when this is the VM's cell, so is the reader's.
    fn implied_cell(&self, size: u64) -> Option<u64> {
        let min = self.b.shared.header.min_object_size as u64;
        self.cell_sizes
            .iter()
            .map(|r| r.0)
            .filter(|&c| c == size || c >= size + min)
            .min()
    }

    #[cold]
    fn alloc_cell_event(&mut self, cell: u64, site: u32, type_id: u32, array_len: Option<u32>) {
        let b = &mut self.b;
        b.ensure(56);
        b.put_u8(ev::ALLOC_CELL);
        b.put_varint(cell >> 3);
        b.put_varint(site as u64);
        b.put_varint(type_id as u64);
        b.put_varint(0);
        b.put_varint(lenp1(array_len));
    }

    /// Debug builds: the object at `addr` is where the reader will put it (the next cell of the
    /// run of its cell size), and (`site`: of its usual type) as big as the reader will infer.
    #[cold]
    fn debug_check_cell(
        &mut self,
        site: Option<u32>,
        array_len: Option<u32>,
        addr: u64,
        size: u64,
        cell: u64,
    ) {
        let thread = self.b.thread;
        let Some(run) = self.debug_cells.iter_mut().find(|r| r.cell == cell) else {
            panic!("trace: thread {thread} allocates at {addr:#x} in a {cell}-byte cell but announced no run of them");
        };
        if run.next + cell > run.end {
            // The next stretch of the map's free cells, if any.
            if let Some((first, len, rest)) = format::next_stretch(run.map) {
                run.map = rest;
                run.next = run.map_base + first * cell;
                run.end = run.next + len * cell;
            }
        }
        assert!(
            run.next == addr && addr + cell <= run.end && size <= cell,
            "trace: thread {thread} allocates {size} bytes at {addr:#x} but the trace implies the {cell}-byte cell at {:#x} (its run ends at {:#x})",
            run.next,
            run.end
        );
        run.next += cell;
        if let Some(site) = site {
            let w = TraceWriter {
                shared: self.b.shared.clone(),
            };
            assert_eq!(
                w.implied_size(site, array_len),
                Some(size),
                "trace: site {site} (length {array_len:?}) does not imply the {size} bytes the VM allocated"
            );
        }
    }

    /// The thread got a new TLAB `[start, start + size)`; later `alloc_in_tlab` objects are laid
    /// out from `start`. It ends the thread's runs of cells.
    pub fn tlab(&mut self, start: u64, size: u64) {
        self.debug_cursor = start;
        self.cell_sizes.clear();
        if cfg!(debug_assertions) {
            self.debug_cells.clear();
        }
        let b = &mut self.b;
        b.refresh_epoch();
        b.ensure(24);
        b.put_u8(ev::TLAB);
        b.put_varint(start >> 3);
        b.put_varint(size >> 3);
    }

    /// A user mark (e.g. from a native or a test).
    pub fn mark(&mut self, label: &str) {
        self.b.refresh_epoch();
        self.b.put_str_event(ev::MARK, label);
    }

    /// `--activity`: what this thread ran from `start` to `end` (one Activity event per 256
    /// methods). Methods with nothing to report are left out.
    pub fn activity(&mut self, start: Instant, end: Instant, methods: &[MethodActivity]) {
        let (start_us, end_us) = (self.time_us_at(start), self.time_us_at(end));
        let b = &mut self.b;
        b.refresh_epoch();
        for batch in methods.chunks(256) {
            // Five varints of at most 10 bytes per method, and the event's own three.
            b.ensure(1 + 30 + batch.len() * 50);
            b.put_u8(ev::ACTIVITY);
            b.put_varint(start_us);
            b.put_varint(end_us.max(start_us));
            b.put_varint(batch.len() as u64);
            for m in batch {
                b.put_varint(m.method as u64);
                b.put_varint(m.invocations);
                b.put_varint(m.bytecodes);
                b.put_varint(m.objects);
                b.put_varint(m.bytes >> 3);
            }
        }
    }

    /// `--activity`: the thread was in `state` from `start` to `end`.
    pub fn thread_state(&mut self, state: ThreadState, start: Instant, end: Instant) {
        let (start_us, end_us) = (self.time_us_at(start), self.time_us_at(end));
        let b = &mut self.b;
        b.refresh_epoch();
        b.ensure(1 + 1 + 20);
        b.put_u8(ev::THREAD_STATE);
        b.put_u8(state as u8);
        b.put_varint(start_us);
        b.put_varint(end_us.max(start_us));
    }

    /// `t` on the trace's clock (microseconds since the trace start).
    pub fn time_us_at(&self, t: Instant) -> u64 {
        self.b.shared.time_us_at(t)
    }

    /// Sends the buffered events to the writer thread. Call at every safepoint before a collection
    /// (with the TLAB retirement) and on exit paths.
    pub fn flush(&mut self) {
        self.b.flush_with(None);
        self.b.epoch = self.b.shared.epoch.load(Ordering::Acquire);
    }

    /// Records Thread Death and flushes (also done on drop).
    pub fn thread_death(&mut self) {
        if !self.dead {
            self.dead = true;
            if self.b.shared.rotation.is_some() {
                lock(&self.b.shared.threads).remove(&self.b.thread);
            }
            self.b.refresh_epoch();
            self.b.ensure(1);
            self.b.put_u8(ev::THREAD_DEATH);
            self.flush();
        }
    }

    pub fn thread_id(&self) -> u32 {
        self.b.thread
    }

    /// Bytes recorded and not yet flushed.
    pub fn pending_bytes(&self) -> usize {
        self.b.pos
    }
}

impl Drop for ThreadEvents {
    fn drop(&mut self) {
        self.thread_death();
        let buf = std::mem::take(&mut self.b.buf);
        if buf.len() == format::BUFFER_SIZE {
            let mut pool = lock(&self.b.shared.pool);
            if pool.len() < 64 {
                pool.push(buf);
            }
        }
    }
}

/// The GC side: what a collector reports to while the world is stopped (implements
/// `GcEventSink`). Moves landing exactly at the copy cursor (the current PLAB's next slot, or
/// right after the previous move's copy) are written in the short form.
pub struct GcTraceSink {
    b: EventBuf,
    /// Next slot of the current PLAB, in bytes; u64::MAX when unknown.
    cursor: u64,
    /// The next pause's Safepoint and Safepoint arrival events, written by `gc_start` into its
    /// own chunk (one chunk per pause, not two).
    safepoint: Vec<Vec<u8>>,
    /// A prologue sink's copy of the types (type id -> instance size, element size), to leave
    /// implied sizes out of Object events.
    types: HashMap<u32, (u32, Option<u32>)>,
    /// A prologue sink's site for the objects it syncs (`<earlier file>.<unknown>`).
    sync_site: u32,
}

/// The site of a rotated file's synced objects: their allocation sites are in earlier files.
pub const SYNC_SITE_CLASS: &str = "<earlier file>";
pub const SYNC_SITE_METHOD: &str = "<unknown>";

impl GcTraceSink {
    /// Sends the buffered events to the writer thread.
    pub fn flush(&mut self) {
        self.b.flush_with(None);
    }

    /// A rotated file's heap sync (a `prologue_sink`): the object at `addr`, `size` bytes, of
    /// type `type_id` (`array_len` for arrays), already in the heap when the file began.
    pub fn synced_object(&mut self, addr: u64, type_id: u32, size: u64, array_len: Option<u32>) {
        let h = &self.b.shared.header;
        let implied = self.types.get(&type_id).map(|&(inst, elem)| {
            format::implied_size(
                inst,
                elem,
                array_len.unwrap_or(0),
                h.array_header as u32,
                h.min_object_size as u32,
            )
        });
        let size_units = if implied == Some(size) { 0 } else { size >> 3 };
        let site = self.sync_site;
        let b = &mut self.b;
        b.ensure(56);
        b.put_u8(ev::OBJECT);
        b.put_varint(addr >> 3);
        b.put_varint(site as u64);
        b.put_varint(type_id as u64);
        b.put_varint(size_units);
        b.put_varint(lenp1(array_len));
    }

    /// The safepoint pause `gc_id` stopped the world in, before its `gc_start`: requested by
    /// Java thread `requester` (None: a collector's controller) at `requested`, every thread
    /// stopped at `all_arrived`, and when each mutator thread got there (`arrivals`: thread id,
    /// instant). The VM measures these itself; the events are written by the collecting
    /// thread, once the world is stopped, into the chunk of the next `gc_start`, just before
    /// the GC start event.
    pub fn safepoint(
        &mut self,
        gc_id: u32,
        requester: Option<u32>,
        requested: Instant,
        all_arrived: Instant,
        arrivals: &[(u32, Instant)],
    ) {
        let shared = &self.b.shared;
        let mut e = vec![ev::SAFEPOINT];
        format::put_varint(&mut e, gc_id as u64);
        format::put_varint(&mut e, requester.map_or(0, |t| t as u64 + 1));
        format::put_varint(&mut e, shared.time_us_at(requested));
        format::put_varint(&mut e, shared.time_us_at(all_arrived));
        let mut events = Vec::with_capacity(1 + arrivals.len());
        events.push(e);
        for &(thread, at) in arrivals {
            let mut a = vec![ev::SAFEPOINT_ARRIVAL];
            format::put_varint(&mut a, thread as u64);
            format::put_varint(&mut a, shared.time_us_at(at));
            events.push(a);
        }
        self.safepoint = events;
    }

    /// Pointers events (flags: `POINTERS_AT_GC_END`, `POINTERS_OF_MARKING` or none) for
    /// `records`, in batches.
    fn write_pointers(&mut self, records: &PointerRecords, flags: u8) {
        let mut batch = EventBatch::new(ev::POINTERS, flags);
        for (addr, refs) in records.iter() {
            let units = addr >> 3;
            // A large array's references go in several entries (events stay under a buffer).
            let mut parts = refs.chunks(POINTER_PART).peekable();
            let mut first = true;
            loop {
                let part = parts.next().unwrap_or(&[]);
                if batch.full() {
                    batch.emit(&mut self.b, 0);
                }
                batch.put_varint(units - batch.prev);
                batch.prev = units;
                batch.put_varint((part.len() as u64) << 1 | (!first) as u64);
                let mut prev_slot: i64 = -1;
                for &(slot, target) in part {
                    batch.put_varint((slot as i64 - prev_slot - 1) as u64);
                    prev_slot = slot as i64;
                    format::put_zigzag(&mut batch.body, (target >> 3) as i64 - units as i64);
                }
                batch.count += 1;
                first = false;
                if parts.peek().is_none() {
                    break;
                }
            }
        }
        batch.emit(&mut self.b, 0);
    }
}

impl Drop for GcTraceSink {
    fn drop(&mut self) {
        self.flush();
    }
}

impl GcEventSink for GcTraceSink {
    fn gc_start(&mut self, gc_id: u32, kind: GcKind, cause: &str) {
        let cause_id = {
            let mut g = lock(&self.b.shared.globals);
            match g.causes.get(cause) {
                Some(&id) => id,
                None => {
                    let id = g.causes.len() as u32;
                    g.causes.insert(cause.to_string(), id);
                    let rec = g.record();
                    rec.push(ev::CAUSE);
                    format::put_varint(rec, id as u64);
                    format::put_str(rec, cause);
                    id
                }
            }
        };
        // Anything still buffered belongs to the previous phase.
        self.b.flush_with(None);
        self.b.epoch = self.b.shared.epoch.fetch_add(1, Ordering::AcqRel) + 1;
        for e in std::mem::take(&mut self.safepoint) {
            self.b.put_event_bytes(&e);
        }
        let t = self.b.shared.time_us();
        self.b.ensure(32);
        self.b.put_u8(ev::GC_START);
        self.b.put_varint(gc_id as u64);
        self.b.put_u8(match kind {
            GcKind::Minor => 0,
            GcKind::Major => 1,
            GcKind::Marking => 2,
        });
        self.b.put_varint(cause_id as u64);
        self.b.put_varint(t);
        // GC start is a flush point: written before anything a worker sends.
        self.b.flush_with(Some((gc_id, true)));
    }

    fn collecting_space(&mut self, space: u32) {
        self.b.ensure(8);
        self.b.put_u8(ev::GC_SPACE);
        self.b.put_varint(space as u64);
    }

    fn plab(&mut self, _worker: u32, start: u64, size: u64) {
        self.b.ensure(24);
        self.b.put_u8(ev::PLAB);
        self.b.put_varint(start >> 3);
        self.b.put_varint(size >> 3);
        self.cursor = start;
    }

    #[inline]
    fn moved(&mut self, from: u64, to: u64, size: u32) {
        let units = from >> 3;
        self.b.ensure(24);
        if to == self.cursor {
            if units < format::MOVE_FAST_LIMIT {
                self.b.put_u32(ev::MOVE_FAST as u32 | (units as u32) << 8);
            } else {
                self.b.put_u8(ev::MOVE_FAST_WIDE);
                self.b.put_u32(units as u32);
            }
        } else {
            self.b.put_u8(ev::MOVE);
            self.b.put_varint(units);
            self.b.put_varint(to >> 3);
        }
        self.cursor = to + size as u64;
    }

    fn region_moved(&mut self, from: u64, to: u64, count: u32, bytes: u64) {
        self.b.ensure(48);
        self.b.put_u8(ev::MOVE_REGION);
        self.b.put_varint(from >> 3);
        self.b.put_varint(to >> 3);
        self.b.put_varint(count as u64);
        self.b.put_varint(bytes >> 3);
    }

    fn kept_alive(&mut self, addr: u64, _size: u32) {
        self.b.ensure(16);
        self.b.put_u8(ev::KEEP_ALIVE);
        self.b.put_varint(addr >> 3);
    }

    /// Kept runs events of up to `format::POINTER_BATCH` runs: each run's start against the
    /// previous run's end, then its size (the count, which the reader does not need, is left
    /// out). A run that starts before the previous one's end starts the next event.
    fn runs_kept(&mut self, runs: &[(u64, u32, u64)]) {
        let mut batch = EventBatch::new(ev::KEPT_RUNS, 0);
        for &(from, _count, bytes) in runs {
            let (units, size) = (from >> 3, bytes >> 3);
            if batch.full() || (batch.count > 0 && units < batch.prev) {
                batch.emit(&mut self.b, 0);
            }
            batch.put_varint(units - batch.prev);
            batch.put_varint(size);
            batch.prev = units + size;
            batch.count += 1;
        }
        batch.emit(&mut self.b, 0);
    }

    fn gc_end(&mut self, gc_id: u32) {
        let t = self.b.shared.time_us();
        self.b.ensure(24);
        self.b.put_u8(ev::GC_END);
        self.b.put_varint(gc_id as u64);
        self.b.put_varint(t);
        self.b.flush_with(Some((gc_id, false)));
    }

    fn sync_spaces(&mut self, spaces: &[SpaceDesc]) {
        let events = lock(&self.b.shared.globals).diff_spaces(spaces);
        for e in &events {
            self.b.put_event_bytes(e);
        }
    }

    fn space_release(&mut self, id: u32) {
        self.b.ensure(8);
        self.b.put_u8(ev::SPACE_RELEASE);
        self.b.put_varint(id as u64);
    }

    fn reference_counts(&mut self, discovered: [u64; 4], cleared: [u64; 4]) {
        self.b.ensure(96);
        self.b.put_u8(ev::REFERENCES);
        for n in discovered.iter().chain(cleared.iter()) {
            self.b.put_varint(*n);
        }
    }

    fn worker_activity(&mut self, phase: &str, workers: &[WorkerActivity]) {
        let phase = truncate(phase, 64);
        for w in workers {
            let shared = &self.b.shared;
            let mut e = vec![ev::GC_WORKER];
            format::put_varint(&mut e, w.worker as u64);
            format::put_str(&mut e, phase);
            format::put_varint(&mut e, shared.time_us_at(w.start));
            format::put_varint(&mut e, shared.time_us_at(w.end));
            format::put_varint(&mut e, w.objects);
            format::put_varint(&mut e, w.bytes);
            format::put_varint(&mut e, w.steals);
            self.b.put_event_bytes(&e);
        }
    }

    fn object_pointers(&mut self, records: &PointerRecords, at_gc_end: bool) {
        let flags = if at_gc_end {
            format::POINTERS_AT_GC_END
        } else {
            0
        };
        self.write_pointers(records, flags);
    }

    fn marking_pointers(&mut self, records: &PointerRecords) {
        self.write_pointers(records, format::POINTERS_OF_MARKING);
    }

    fn roots(&mut self, roots: &[RootRecord], at_gc_end: bool) {
        let flags = if at_gc_end {
            format::POINTERS_AT_GC_END
        } else {
            0
        };
        let mut batch = EventBatch::new(ev::ROOTS, flags);
        for r in roots {
            if batch.full() {
                batch.emit(&mut self.b, format::ROOTS_CONTINUED);
            }
            let units = r.addr >> 3;
            batch.body.push(r.kind.code());
            batch.put_varint(units - batch.prev);
            batch.prev = units;
            batch.put_varint(r.detail as u64);
            batch.count += 1;
        }
        // An empty set is a set too: it replaces the one before.
        batch.emit_always(&mut self.b, format::ROOTS_CONTINUED);
    }

    fn object_died(&mut self, addr: u64, time: u64, context: u32) {
        self.objects_died(&[(addr, time, context)]);
    }

    fn objects_died(&mut self, deaths: &[(u64, u64, u32)]) {
        self.objects_died_in_parts(deaths.len(), &mut |emit| emit(deaths));
    }
    fn takes_packed_deaths(&self) -> bool {
        true
    }
    fn spare_packed_deaths(&mut self) -> PackedDeaths {
        lock(&self.b.shared.spare_deaths).pop().unwrap_or_default()
    }
    fn objects_died_packed(&mut self, deaths: PackedDeaths) {
        // What the pause's thread recorded before them goes first.
        self.b.flush_with(None);
        let shared = &self.b.shared;
        if shared.closed.load(Ordering::Acquire) {
            shared.lost.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let msg = Msg::Deaths {
            thread: self.b.thread,
            epoch: self.b.epoch,
            deaths,
        };
        if shared.tx.send(msg).is_err() {
            shared.lost.fetch_add(1, Ordering::Relaxed);
        }
    }
    fn objects_died_in_parts(
        &mut self,
        count: usize,
        parts: &mut dyn FnMut(&mut crate::EmitDeaths),
    ) {
        // About 3 bytes a death: a pause's deaths go out in chunks of up to a megabyte.
        let bytes = (count * 4).clamp(format::BUFFER_SIZE, DEATHS_BUFFER);
        self.b
            .with_buffer_of(bytes, |b| parts(&mut |deaths| write_deaths(b, deaths)));
    }
}

/// Deaths events for `deaths` (address, time, context), up to `POINTER_BATCH` deaths each.
/// A pause lists millions: each event's body is encoded into a slice with room for it
/// (`deaths_event_body`) and copied after its header, where pushing byte by byte onto a
/// growing list cost 70 instructions a death.
fn write_deaths(b: &mut EventBuf, deaths: &[(u64, u64, u32)]) {
    let mut body = vec![0u8; BATCH_BYTES + MAX_DEATH_BYTES];
    let mut rest = deaths;
    while !rest.is_empty() {
        let (count, len) = deaths_event_body(rest, &mut body);
        b.ensure(DEATHS_HEADER_BYTES + len);
        b.pos = put_deaths_header(&mut b.buf, b.pos, count);
        b.buf[b.pos..b.pos + len].copy_from_slice(&body[..len]);
        b.pos += len;
        rest = &rest[count..];
    }
}

/// A pause's deaths as the collector found them, for a trace to encode on its writer thread
/// (`GcEventSink::objects_died_packed`), so that the pause does not: the dead objects in address
/// order, each as its address in units (byte offset >> `format::UNIT_SHIFT`) and its stamp as
/// `format::pack_death` packs time and context (0: no stamp reached it; it died at `now` in an
/// unknown context). The writer thread keeps the lists it has written for the next pause
/// (`spare_packed_deaths`).
#[derive(Debug, Default)]
pub struct PackedDeaths {
    pub units: Vec<u32>,
    pub stamps: Vec<u64>,
    pub now: u64,
}

/// How many deaths a Deaths event list is encoded for at a time: events are cut there, as the
/// collector's parts cut them (`objects_died_in_parts`).
const DEATHS_PART: usize = 4096;

/// The most bytes `DEATHS_PART` deaths take as Deaths events.
const DEATHS_PART_MAX_BYTES: usize = DEATHS_PART * (MAX_DEATH_BYTES + DEATHS_HEADER_BYTES);

/// How many spent lists of deaths the writer keeps for later pauses.
const SPARE_DEATH_LISTS: usize = 2;

/// Appends to `raw` the Deaths events for `deaths` (address, time, context; in address order),
/// as `write_deaths` writes them; `body` is the room `deaths_event_body` encodes into.
fn append_deaths_events(raw: &mut Vec<u8>, body: &mut [u8], deaths: &[(u64, u64, u32)]) {
    let mut rest = deaths;
    while !rest.is_empty() {
        let (count, len) = deaths_event_body(rest, body);
        let at = raw.len();
        raw.resize(at + DEATHS_HEADER_BYTES + len, 0);
        let at = put_deaths_header(raw, at, count);
        raw[at..at + len].copy_from_slice(&body[..len]);
        raw.truncate(at + len);
        rest = &rest[count..];
    }
}

/// The most bytes a Deaths event's header takes: its id, flags and count (a varint).
const DEATHS_HEADER_BYTES: usize = 2 + 10;

/// Writes a Deaths event's header for `count` deaths at `at` in `buf`; returns where its body
/// goes.
fn put_deaths_header(buf: &mut [u8], at: usize, count: usize) -> usize {
    buf[at] = ev::DEATHS;
    buf[at + 1] = 0;
    format::write_varint_at(buf, at + 2, count as u64)
}

/// The most bytes one death takes in a Deaths event: an address and a time of up to 10 bytes
/// each (varints of 64 bits) and a context of up to 5.
const MAX_DEATH_BYTES: usize = 25;

/// Encodes into `body` (room for `BATCH_BYTES + MAX_DEATH_BYTES`) the body of the Deaths event
/// that starts `deaths` (not empty): as many as one event takes — up to `POINTER_BATCH`, while
/// addresses go up (they are deltas), until the body passes `BATCH_BYTES`. Each death is its
/// address's delta in units, its time's signed delta and its context (0: the one before; else
/// context + 1), all varints. Returns how many deaths it took and the body's length.
fn deaths_event_body(deaths: &[(u64, u64, u32)], body: &mut [u8]) -> (usize, usize) {
    let (mut units_before, mut time_before, mut context_before) = (0u64, 0u64, None);
    let (mut count, mut at) = (0usize, 0usize);
    for &(addr, time, context) in deaths {
        let units = addr >> format::UNIT_SHIFT;
        if count == format::POINTER_BATCH
            || at >= BATCH_BYTES
            || (count > 0 && units < units_before)
        {
            break;
        }
        at = format::write_varint_at(body, at, units - units_before);
        units_before = units;
        let delta = time as i64 - time_before as i64;
        at = format::write_varint_at(body, at, ((delta << 1) ^ (delta >> 63)) as u64);
        time_before = time;
        let context_code = if context_before == Some(context) {
            0
        } else {
            context as u64 + 1
        };
        at = format::write_varint_at(body, at, context_code);
        context_before = Some(context);
        count += 1;
    }
    (count, at)
}

/// References per entry of a Pointers event: an object with more takes several entries.
const POINTER_PART: usize = 256;
/// A Pointers or Roots event is cut once its body passes this many bytes (an entry adds at
/// most ~4 KB), so that it fits one event buffer.
const BATCH_BYTES: usize = 10 * 1024;

/// A Pointers or Roots event being built: entries are delta-encoded against the previous
/// entry's address, and the event is cut at `POINTER_BATCH` entries or `BATCH_BYTES`.
struct EventBatch {
    id: u8,
    flags: u8,
    count: u64,
    prev: u64,
    body: Vec<u8>,
    emitted: bool,
}

impl EventBatch {
    fn new(id: u8, flags: u8) -> EventBatch {
        EventBatch {
            id,
            flags,
            count: 0,
            prev: 0,
            body: Vec::new(),
            emitted: false,
        }
    }

    fn full(&self) -> bool {
        self.count as usize >= format::POINTER_BATCH || self.body.len() >= BATCH_BYTES
    }

    fn put_varint(&mut self, v: u64) {
        format::put_varint(&mut self.body, v);
    }

    /// Writes the event if it has entries; `later_flags` are added to the events after the
    /// first.
    fn emit(&mut self, b: &mut EventBuf, later_flags: u8) {
        if self.count > 0 {
            self.emit_always(b, later_flags);
        }
    }

    fn emit_always(&mut self, b: &mut EventBuf, later_flags: u8) {
        if self.emitted && self.count == 0 {
            return;
        }
        let flags = self.flags | if self.emitted { later_flags } else { 0 };
        let mut e = Vec::with_capacity(self.body.len() + 12);
        e.push(self.id);
        e.push(flags);
        format::put_varint(&mut e, self.count);
        e.extend_from_slice(&self.body);
        b.put_event_bytes(&e);
        self.emitted = true;
        self.count = 0;
        self.prev = 0;
        self.body.clear();
    }
}

/// The writer thread: drains the channel, writes symbols then chunks, compresses.
struct WriterThread {
    /// The trace's path (rotation: the set's; files are `base.k`).
    base: std::path::PathBuf,
    rotation: Option<Rotation>,
    /// The first file's header (rotation: the others' but for the sequence number).
    header: TraceHeader,
    /// Rotation: the current file's sequence number.
    sequence: u32,
    /// Rotation: every symbol record written so far, for the next file's prologue.
    symbol_log: Vec<Vec<u8>>,
    /// Rotation: the finished files still kept, oldest first: (sequence number, bytes).
    kept: std::collections::VecDeque<(u32, u64)>,
    /// Bytes written to the current file, for `TraceWriter::rotation_due`.
    file_bytes: Arc<AtomicU64>,
    /// The current file's chunks, raw bytes and stored bytes (its trailer's counts).
    file_counts: (u64, u64, u64),
    rx: Receiver<Msg>,
    out: BufWriter<File>,
    pool: Arc<Mutex<Vec<Vec<u8>>>>,
    spare_deaths: Arc<Mutex<Vec<PackedDeaths>>>,
    /// Where a pause's packed deaths are encoded, a chunk at a time (`write_packed_deaths`).
    deaths_raw: Vec<u8>,
    globals: Arc<Mutex<Globals>>,
    compress: Option<flate2::Compress>,
    offset: u64,
    summary: TraceSummary,
    scratch: Vec<u8>,
    /// (gc id, file offset of the chunk with GC start, of the chunk with GC end)
    gc_index: Vec<(u32, u64, u64)>,
    error: Option<io::Error>,
    epoch: u32,
}

impl WriterThread {
    fn run(mut self) -> io::Result<TraceSummary> {
        while let Ok(msg) = self.rx.recv() {
            self.write_pending_symbols();
            match msg {
                Msg::Chunk {
                    thread,
                    epoch,
                    buf,
                    len,
                    gc,
                    prologue,
                } => {
                    if let Some((id, start)) = gc {
                        if start {
                            self.gc_index.push((id, self.offset, 0));
                            self.summary.collections += 1;
                        } else if let Some(e) = self.gc_index.iter_mut().rev().find(|e| e.0 == id) {
                            e.2 = self.offset;
                        }
                    }
                    self.epoch = self.epoch.max(epoch);
                    if len > 0 {
                        self.write_chunk(thread, epoch, &buf[..len], prologue);
                    }
                    if buf.len() == format::BUFFER_SIZE {
                        let mut pool = lock(&self.pool);
                        if pool.len() < 1024 {
                            pool.push(buf);
                        }
                    }
                }
                Msg::Deaths {
                    thread,
                    epoch,
                    deaths,
                } => {
                    self.epoch = self.epoch.max(epoch);
                    self.write_packed_deaths(thread, epoch, &deaths);
                    let mut spare = lock(&self.spare_deaths);
                    if spare.len() < SPARE_DEATH_LISTS {
                        spare.push(deaths);
                    }
                }
                Msg::Sync(ack) => {
                    if let Err(e) = self.out.flush() {
                        self.error.get_or_insert(e);
                    }
                    let _ = ack.send(());
                }
                Msg::Cut { spaces, threads } => self.cut(&spaces, &threads),
                Msg::Finish => break,
            }
            self.file_bytes.store(self.offset, Ordering::Release);
            self.keep_within_size();
        }
        self.write_pending_symbols();
        self.write_trailer();
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
        }
        self.keep_within_size();
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(self.summary),
        }
    }

    fn write_pending_symbols(&mut self) {
        let pending = std::mem::take(&mut lock(&self.globals).pending);
        for rec in pending {
            if !rec.is_empty() {
                self.write_chunk(format::GLOBAL_THREAD, self.epoch, &rec, false);
                if self.rotation.is_some() {
                    self.symbol_log.push(rec);
                }
            }
        }
    }

    /// Rotation: finishes the current file (trailer, footer), opens the next one, deletes the
    /// one that falls out of the last N, and writes the new file's header and prologue: every
    /// symbol so far, the spaces (create events) and a Thread alive per live thread.
    fn cut(&mut self, spaces: &[SpaceDesc], threads: &[(u32, String)]) {
        let Some(rotation) = self.rotation else {
            return;
        };
        self.write_pending_symbols();
        self.write_trailer();
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
        }
        self.kept.push_back((self.sequence, self.offset));
        self.sequence += 1;
        let path = rotated_path(&self.base, self.sequence);
        match File::create(&path) {
            Ok(f) => self.out = BufWriter::with_capacity(256 * 1024, f),
            Err(e) => {
                self.error.get_or_insert(e);
                return;
            }
        }
        while self.kept.len() >= rotation.files as usize {
            self.drop_oldest();
        }
        self.summary.files += 1;
        let head = TraceHeader {
            sequence: Some(self.sequence),
            ..self.header.clone()
        }
        .encode();
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(&head) {
                self.error = Some(e);
            }
        }
        self.offset = head.len() as u64;
        self.file_counts = (0, 0, 0);
        self.gc_index.clear();
        let symbols = std::mem::take(&mut self.symbol_log);
        for rec in &symbols {
            self.write_chunk(format::GLOBAL_THREAD, self.epoch, rec, true);
        }
        self.symbol_log = symbols;
        let mut out = Vec::new();
        for s in spaces {
            out.push(ev::SPACE_CREATE);
            format::put_varint(&mut out, s.id as u64);
            out.push(s.kind as u8);
            format::put_varint(&mut out, s.start >> 3);
            format::put_varint(&mut out, s.end >> 3);
            format::put_str(&mut out, truncate(&s.name, 1024));
            if out.len() > 1 << 20 {
                self.write_chunk(format::GLOBAL_THREAD, self.epoch, &out, true);
                out.clear();
            }
        }
        if !out.is_empty() {
            self.write_chunk(format::GLOBAL_THREAD, self.epoch, &out, true);
        }
        for (id, name) in threads {
            let mut out = vec![ev::THREAD_ALIVE];
            format::put_str(&mut out, name);
            self.write_chunk(*id, self.epoch, &out, true);
        }
    }

    /// Rotation: deletes the oldest finished files while the kept ones and the current one
    /// take more than SIZE, so that the set never takes more than asked (it then holds fewer
    /// than N files). Only the current file alone can take more: a file is cut only at a GC
    /// start (the VM warns when a prologue and one collection cycle outgrow a file's share).
    fn keep_within_size(&mut self) {
        let Some(rotation) = self.rotation else {
            return;
        };
        let finished = |kept: &std::collections::VecDeque<(u32, u64)>| -> u64 {
            kept.iter().map(|k| k.1).sum()
        };
        while !self.kept.is_empty() && finished(&self.kept) + self.offset > rotation.max_size {
            self.drop_oldest();
        }
    }

    /// Rotation: deletes the oldest finished file still kept.
    fn drop_oldest(&mut self) {
        if let Some((seq, _)) = self.kept.pop_front() {
            let _ = std::fs::remove_file(rotated_path(&self.base, seq));
        }
    }

    /// Encodes a pause's packed deaths as Deaths events, cut where `write_deaths` cuts them
    /// (every `DEATHS_PART`), in chunks of up to `DEATHS_BUFFER` bytes.
    fn write_packed_deaths(&mut self, thread: u32, epoch: u32, deaths: &PackedDeaths) {
        let mut raw = std::mem::take(&mut self.deaths_raw);
        raw.clear();
        let mut body = vec![0u8; BATCH_BYTES + MAX_DEATH_BYTES];
        let mut part = Vec::with_capacity(DEATHS_PART);
        for (units, stamps) in deaths
            .units
            .chunks(DEATHS_PART)
            .zip(deaths.stamps.chunks(DEATHS_PART))
        {
            if raw.len() + DEATHS_PART_MAX_BYTES > DEATHS_BUFFER {
                self.write_chunk(thread, epoch, &raw, false);
                raw.clear();
            }
            part.clear();
            part.extend(units.iter().zip(stamps).map(|(&units, &stamp)| {
                let (time, context) = match stamp {
                    0 => (deaths.now, format::CONTEXT_UNKNOWN),
                    stamp => format::unpack_death(stamp),
                };
                ((units as u64) << format::UNIT_SHIFT, time, context)
            }));
            append_deaths_events(&mut raw, &mut body, &part);
        }
        if !raw.is_empty() {
            self.write_chunk(thread, epoch, &raw, false);
        }
        self.deaths_raw = raw;
    }

    fn write_chunk(&mut self, thread: u32, epoch: u32, raw: &[u8], prologue: bool) {
        let mut flags = if prologue {
            format::CHUNK_FLAG_PROLOGUE
        } else {
            0
        };
        let mut stored: &[u8] = raw;
        if let Some(c) = self.compress.as_mut() {
            if let Some(len) = compress_within(c, raw, &mut self.scratch) {
                flags |= format::CHUNK_FLAG_COMPRESSED;
                stored = &self.scratch[..len];
            }
        }
        let mut crc = flate2::Crc::new();
        crc.update(stored);
        let h = format::encode_record_header(
            format::RECORD_CHUNK,
            flags,
            thread,
            epoch,
            raw.len() as u32,
            stored.len() as u32,
            crc.sum(),
        );
        if self.error.is_none() {
            let r = self
                .out
                .write_all(&h)
                .and_then(|_| self.out.write_all(stored));
            if let Err(e) = r {
                self.error = Some(e);
            }
        }
        self.offset += (h.len() + stored.len()) as u64;
        self.file_counts.0 += 1;
        self.file_counts.1 += raw.len() as u64;
        self.file_counts.2 += stored.len() as u64;
        self.summary.chunks += 1;
        self.summary.raw_bytes += raw.len() as u64;
        self.summary.stored_bytes += stored.len() as u64;
    }

    fn write_trailer(&mut self) {
        let mut p = Vec::new();
        p.extend_from_slice(&self.file_counts.0.to_le_bytes());
        p.extend_from_slice(&self.file_counts.1.to_le_bytes());
        p.extend_from_slice(&self.file_counts.2.to_le_bytes());
        p.extend_from_slice(&(self.gc_index.len() as u32).to_le_bytes());
        for &(id, s, e) in &self.gc_index {
            p.extend_from_slice(&id.to_le_bytes());
            p.extend_from_slice(&s.to_le_bytes());
            p.extend_from_slice(&e.to_le_bytes());
        }
        let mut crc = flate2::Crc::new();
        crc.update(&p);
        let trailer_at = self.offset;
        let h = format::encode_record_header(
            format::RECORD_TRAILER,
            0,
            format::GLOBAL_THREAD,
            self.epoch,
            p.len() as u32,
            p.len() as u32,
            crc.sum(),
        );
        let mut footer = [0u8; format::FOOTER_SIZE];
        footer[..8].copy_from_slice(&trailer_at.to_le_bytes());
        footer[8..].copy_from_slice(&format::FOOTER_MAGIC);
        if self.error.is_none() {
            let r = self
                .out
                .write_all(&h)
                .and_then(|_| self.out.write_all(&p))
                .and_then(|_| self.out.write_all(&footer));
            if let Err(e) = r {
                self.error = Some(e);
            }
        }
        self.offset += (h.len() + p.len() + footer.len()) as u64;
        self.summary.file_bytes += self.offset;
    }
}
