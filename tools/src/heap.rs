//! Heap reconstruction: replays allocations, moves and deaths to know every object at any GC
//! boundary (AntTracks ch. 5), in memory no larger than the monitored heap.
//!
//! # Data structure
//! Objects live in *runs*: a start address and the objects laid out contiguously from it, one
//! `u32` (an interned description: type, size, array length, site, thread) and one `u8` (age) per
//! object — 5 bytes an object; addresses are implied by position, as in the TLAB itself. A TLAB
//! becomes a run, a PLAB (or the destination of consecutive copies) becomes a run, a kept-alive
//! stretch becomes a run; a small hole inside a run is a *gap* entry. Runs are kept in an ordered
//! map by start address (the *front map*). Looking an object up by address finds the run, then
//! walks from the nearest of the addresses sampled every 32 objects.
//!
//! # Collections
//! At GC start every thread's open run is closed; at the first GC event after the collected
//! spaces are named, the runs of the collected spaces move to the *back map*. Moves and
//! keep-alives take objects out of the back map (leaving gaps) and place them in the front map
//! (age + 1), so moves may arrive in any order and overlap their own sources (or other moves'
//! sources: a parallel sliding compaction's runs, from one GC thread or several). A run a GC
//! thread starts inside another's open run (in a hole merged into it) closes that run and cuts
//! it around the hole, so runs never overlap. At GC end whatever is left in the back map is
//! dead: deaths are never recorded, only implied.

use crate::reader::{is_gc_thread, Event, Space, MAX_HEAP_SIZE};
use gcvm_tracer::format::{self, TraceHeader};
use gcvm_tracer::GcKind;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A fast non-cryptographic hasher for small integer keys (FxHash).
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);
impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64)
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64)
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i)
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64)
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}
impl FxHasher {
    #[inline]
    fn add(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The type id of gap entries (holes inside a run).
pub const GAP_TYPE: u32 = u32::MAX;

/// What every object with the same description shares (interned).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Desc {
    pub type_id: u32,
    /// Size in 8-byte units.
    pub size_units: u32,
    pub array_len: Option<u32>,
    pub site: u32,
    /// The allocating thread.
    pub thread: u32,
    /// The allocation epoch (`HeapModel::track_births`; 0 when not tracked).
    pub birth: u32,
}

impl Desc {
    pub fn size(&self) -> u64 {
        (self.size_units as u64) << 3
    }
    pub fn is_gap(&self) -> bool {
        self.type_id == GAP_TYPE
    }
}

/// The interned descriptions.
#[derive(Default)]
pub struct Descs {
    pub list: Vec<Desc>,
    map: FxMap<Desc, u32>,
    /// gap descriptions by size in units, for small sizes
    small_gaps: Vec<u32>,
}

impl Descs {
    fn intern(&mut self, d: Desc) -> u32 {
        if let Some(&i) = self.map.get(&d) {
            return i;
        }
        let i = self.list.len() as u32;
        self.list.push(d);
        self.map.insert(d, i);
        i
    }
    #[inline]
    fn gap(&mut self, units: u64) -> u32 {
        if let Some(&g) = self.small_gaps.get(units as usize) {
            if g != u32::MAX {
                return g;
            }
        }
        let g = self.intern_gap(units);
        if units < 4096 {
            if self.small_gaps.len() <= units as usize {
                self.small_gaps.resize(units as usize + 1, u32::MAX);
            }
            self.small_gaps[units as usize] = g;
        }
        g
    }
    fn intern_gap(&mut self, units: u64) -> u32 {
        self.intern(Desc {
            type_id: GAP_TYPE,
            size_units: units.min(u32::MAX as u64) as u32,
            array_len: None,
            site: 0,
            thread: 0,
            birth: 0,
        })
    }
    #[inline]
    fn units(&self, d: u32) -> u64 {
        self.list[d as usize].size_units as u64
    }
    #[inline]
    fn is_gap(&self, d: u32) -> bool {
        self.list[d as usize].type_id == GAP_TYPE
    }
    fn bytes(&self) -> usize {
        self.list.capacity() * std::mem::size_of::<Desc>()
            + self.map.capacity() * (std::mem::size_of::<Desc>() + 4 + 1)
            + self.small_gaps.capacity() * 4
    }
}

const SAMPLE: usize = 32;
const ALLOC_CACHE: usize = 1 << 14;
/// Holes up to this many units (32 KB) inside a run become gap entries instead of a new run.
const GAP_MERGE_UNITS: u64 = 4096;

/// Objects laid out contiguously from `start` (all addresses in units).
struct Run {
    start: u64,
    end: u64,
    live: u32,
    live_units: u64,
    descs: Vec<u32>,
    ages: Vec<u8>,
    /// (offset from start, index) of every SAMPLE-th entry; built on the first lookup.
    samples: Vec<(u64, u32)>,
}

impl Run {
    fn new(start: u64) -> Run {
        Run {
            start,
            end: start,
            live: 0,
            live_units: 0,
            descs: Vec::new(),
            ages: Vec::new(),
            samples: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, desc: u32, units: u64, age: u8, gap: bool) {
        self.descs.push(desc);
        self.ages.push(age);
        self.end += units;
        if !gap {
            self.live += 1;
            self.live_units += units;
        }
        if !self.samples.is_empty() {
            self.samples.clear();
        }
    }

    /// The index of the entry starting exactly at `addr`.
    fn find(&mut self, descs: &Descs, addr: u64) -> Option<usize> {
        if addr < self.start || addr >= self.end {
            return None;
        }
        let target = addr - self.start;
        if self.samples.is_empty() && self.descs.len() > 2 * SAMPLE {
            let mut off = 0u64;
            for (i, &d) in self.descs.iter().enumerate() {
                if i % SAMPLE == 0 {
                    self.samples.push((off, i as u32));
                }
                off += descs.units(d);
            }
        }
        let (mut off, mut i) = match self.samples.binary_search_by_key(&target, |s| s.0) {
            Ok(k) => (self.samples[k].0, self.samples[k].1 as usize),
            Err(0) => (0, 0),
            Err(k) => (self.samples[k - 1].0, self.samples[k - 1].1 as usize),
        };
        while i < self.descs.len() {
            if off == target {
                return Some(i);
            }
            if off > target {
                return None;
            }
            off += descs.units(self.descs[i]);
            i += 1;
        }
        None
    }

    /// Splits off the entries from the first one starting at or after `addr` (an entry that
    /// straddles `addr` stays here): returns the new run, or None if nothing starts there.
    fn split_off(&mut self, descs: &Descs, addr: u64) -> Option<Run> {
        let mut off = self.start;
        let mut i = 0;
        while i < self.descs.len() && off < addr {
            off += descs.units(self.descs[i]);
            i += 1;
        }
        if i == 0 || i == self.descs.len() {
            return None;
        }
        let mut tail = Run::new(off);
        for k in i..self.descs.len() {
            let d = self.descs[k];
            tail.push(d, descs.units(d), self.ages[k], descs.is_gap(d));
        }
        self.descs.truncate(i);
        self.ages.truncate(i);
        self.end = off;
        self.live -= tail.live;
        self.live_units -= tail.live_units;
        self.samples.clear();
        Some(tail)
    }

    fn shrink(&mut self) {
        self.descs.shrink_to_fit();
        self.ages.shrink_to_fit();
    }

    fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Run>()
            + 8
            + self.descs.capacity() * 4
            + self.ages.capacity()
            + self.samples.capacity() * 16
    }
}

/// A thread's run of free cells (units): its objects so far, each followed by a gap entry for
/// the rest of its cell when smaller, and where the announced cells end.
struct CellRun {
    cell: u64,
    limit: u64,
    run: Run,
    /// The free cells a map announced after this stretch (bit i: `map_base + i × cell`):
    /// the next stretch of set bits is the thread's next run of this cell size.
    map: u64,
    map_base: u64,
    /// Where a later Cells next or Cells map counts its skip from: the end of the run, or of
    /// the map's last free cell.
    skip_from: u64,
}

/// What the model knows about a recording thread.
#[derive(Default)]
struct ThreadState {
    id: u32,
    name: String,
    alive: bool,
    has_tlab: bool,
    tlab_end: u64,
    /// The open run: the TLAB (mutators) or the copy destination (GC threads).
    open: Option<Run>,
    /// Mutators allocating in runs of free cells instead of a TLAB: one open run per cell size.
    cells: Vec<CellRun>,
    /// GC threads: the copy cursor (units).
    cursor: Option<u64>,
    last_key: Option<(u32, Option<u32>)>,
    last_desc: u32,
}

impl ThreadState {
    /// The thread's run of `cell`-unit cells, which it has.
    fn cell_run(&mut self, cell: u64) -> &mut CellRun {
        self.cells
            .iter_mut()
            .find(|r| r.cell == cell)
            .expect("a run of that cell size")
    }
}

/// One collection as reconstructed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcRecord {
    pub id: u32,
    pub kind: GcKind,
    pub cause: u32,
    pub start_us: u64,
    pub end_us: Option<u64>,
    /// Collected spaces (empty: the whole heap).
    pub collected_spaces: Vec<u32>,
    pub before_objects: u64,
    pub before_bytes: u64,
    /// Objects in the collected spaces at the start.
    pub collected_objects: u64,
    pub collected_bytes: u64,
    pub moved_objects: u64,
    pub moved_bytes: u64,
    pub kept_objects: u64,
    pub kept_bytes: u64,
    pub dead_objects: u64,
    pub dead_bytes: u64,
    pub after_objects: u64,
    pub after_bytes: u64,
    /// References whose referents the collection cleared, of every kind (its References
    /// event; 0 without one).
    pub referents_cleared: u64,
}

impl GcRecord {
    /// Did the pause collect anything? Not a marking pause naming no space (an initial mark):
    /// such a pause records no object graph (docs/trace-format.md, "Pointers and roots").
    pub fn collects(&self) -> bool {
        self.kind != GcKind::Marking || !self.collected_spaces.is_empty()
    }

    pub fn survivor_objects(&self) -> u64 {
        self.moved_objects + self.kept_objects
    }
    pub fn survivor_bytes(&self) -> u64 {
        self.moved_bytes + self.kept_bytes
    }
    pub fn pause_us(&self) -> Option<u64> {
        self.end_us.map(|e| e.saturating_sub(self.start_us))
    }
}

struct GcState {
    record: GcRecord,
    back_built: bool,
}

/// One reconstructed object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectView<'a> {
    /// Byte offset from the heap base.
    pub addr: u64,
    pub desc: &'a Desc,
    /// Collections survived (saturating at 255).
    pub age: u8,
}

/// The reconstructed heap.
pub struct HeapModel {
    /// What the last event applied moved: `(from, to, bytes)` (a move, a region move).
    last_move: Option<(u64, u64, u64)>,
    array_header: u32,
    min_size: u32,
    /// The largest object size in bytes: the heap size of the trace's header (0: unknown, any
    /// size up to `u32::MAX` units).
    heap_size: u64,
    pub descs: Descs,
    front: BTreeMap<u64, Run>,
    back: BTreeMap<u64, Run>,
    threads: Vec<ThreadState>,
    thread_index: FxMap<u32, usize>,
    /// The indices in `threads` of the GC threads (the only ones with open runs in a pause).
    gc_threads: Vec<usize>,
    last_thread: Option<(u32, usize)>,
    types: FxMap<u32, (u32, Option<u32>)>,
    site_types: FxMap<u32, Option<u32>>,
    spaces: BTreeMap<u32, Space>,
    gc: Option<GcState>,
    /// Every collection seen, in order.
    pub gcs: Vec<GcRecord>,
    pub live_objects: u64,
    pub live_bytes: u64,
    /// Objects removed because a TLAB or an allocation was placed over them (the trace missed
    /// their death — e.g. a space reused without a release event).
    pub stale_objects: u64,
    /// Objects killed by space release/destroy events.
    pub released_objects: u64,
    pub released_bytes: u64,
    /// Allocation counts and bytes per description (when enabled).
    alloc_counts: Option<Vec<(u64, u64)>>,
    /// (site, length + 1, thread, desc) of implied allocations, direct-mapped
    alloc_cache: Vec<(u32, u32, u32, u32)>,
    pub allocations: u64,
    pub allocated_bytes: u64,
    /// Objects a rotated file's heap sync placed (already in the heap when the file began;
    /// not allocations): (count, bytes).
    pub synced: (u64, u64),
    /// TLABs handed to mutators: (count, bytes).
    pub tlabs: (u64, u64),
    /// Objects allocated outside any TLAB: (count, bytes).
    pub outside_tlab: (u64, u64),
    /// Runs of free cells handed to mutators (a free-list allocator's TLABs): (count, bytes).
    pub cell_runs: (u64, u64),
    peak_bytes: usize,
    /// Allocation epochs (`track_births`): the current one, the allocated bytes at which each
    /// started, and how many bytes start a new one automatically (0: only `new_epoch`).
    epoch: u32,
    epoch_starts: Vec<u64>,
    epoch_bytes: u64,
    next_epoch_at: u64,
    /// Dead objects per (description, age) since the last `take_deaths`, when recording.
    deaths: Option<FxMap<(u32, u8), u64>>,
    /// The object graph, once the trace records pointers (`--trace-pointers`).
    pointers: Option<crate::pointers::PointerState>,
}

type R<T> = Result<T, String>;

impl HeapModel {
    /// A model for a trace whose header says arrays start at `array_header` and objects are at
    /// least `min_object_size` bytes.
    pub fn new(array_header: u32, min_object_size: u32) -> HeapModel {
        HeapModel {
            last_move: None,
            array_header,
            min_size: min_object_size,
            heap_size: 0,
            descs: Descs::default(),
            front: BTreeMap::new(),
            back: BTreeMap::new(),
            threads: Vec::new(),
            gc_threads: Vec::new(),
            thread_index: FxMap::default(),
            last_thread: None,
            types: FxMap::default(),
            site_types: FxMap::default(),
            spaces: BTreeMap::new(),
            gc: None,
            gcs: Vec::new(),
            live_objects: 0,
            live_bytes: 0,
            stale_objects: 0,
            released_objects: 0,
            released_bytes: 0,
            alloc_counts: None,
            alloc_cache: vec![(0, 0, 0, u32::MAX); ALLOC_CACHE],
            allocations: 0,
            allocated_bytes: 0,
            synced: (0, 0),
            tlabs: (0, 0),
            outside_tlab: (0, 0),
            cell_runs: (0, 0),
            peak_bytes: 0,
            epoch: 0,
            epoch_starts: vec![0],
            epoch_bytes: 0,
            next_epoch_at: u64::MAX,
            deaths: None,
            pointers: None,
        }
    }

    /// A model for a trace with this header: its array header and minimum object size, and its
    /// heap size, which no object may exceed.
    /// A trace recorded with `--trace-pointers` has a graph from its start, empty until the
    /// first collection that records one (an initial mark records nothing).
    pub fn for_trace(header: &TraceHeader) -> HeapModel {
        let pointers = header.flags & gcvm_tracer::format::HEADER_FLAG_POINTERS != 0;
        HeapModel {
            heap_size: header.heap_size,
            pointers: pointers.then(Default::default),
            ..HeapModel::new(header.array_header as u32, header.min_object_size as u32)
        }
    }

    /// Gives every object allocated from now on its allocation epoch (in its description): a new
    /// epoch starts every `epoch_bytes` allocated bytes (0: only at `new_epoch`). Descriptions
    /// multiply by the number of epochs, objects cost nothing more.
    pub fn track_births(&mut self, epoch_bytes: u64) {
        self.epoch_bytes = epoch_bytes;
        self.next_epoch_at = match epoch_bytes {
            0 => u64::MAX,
            b => self.allocated_bytes + b,
        };
    }

    /// Starts a new allocation epoch now; returns its number.
    pub fn new_epoch(&mut self) -> u32 {
        self.epoch += 1;
        self.epoch_starts.push(self.allocated_bytes);
        if self.epoch_bytes > 0 {
            self.next_epoch_at = self.allocated_bytes + self.epoch_bytes;
        }
        self.forget_cached_descs();
        self.epoch
    }

    /// The heap size of the trace's header (0: unknown).
    pub fn heap_size(&self) -> u64 {
        self.heap_size
    }

    /// The current allocation epoch.
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// Allocated bytes when `epoch` started.
    pub fn epoch_start(&self, epoch: u32) -> u64 {
        self.epoch_starts.get(epoch as usize).copied().unwrap_or(0)
    }

    /// Also tally dead objects per (description, age), for `take_deaths`.
    pub fn record_deaths(&mut self) {
        self.deaths = Some(FxMap::default());
    }

    /// The objects that died since the last call: ((description, age), count).
    pub fn take_deaths(&mut self) -> Vec<((u32, u8), u64)> {
        match self.deaths.as_mut() {
            Some(d) => d.drain().collect(),
            None => Vec::new(),
        }
    }

    fn tally_deaths(deaths: &mut Option<FxMap<(u32, u8), u64>>, descs: &Descs, run: &Run) {
        let Some(d) = deaths.as_mut() else { return };
        for (i, &desc) in run.descs.iter().enumerate() {
            if !descs.is_gap(desc) {
                *d.entry((desc, run.ages[i])).or_default() += 1;
            }
        }
    }

    /// Also count allocations per description (for `stats`).
    pub fn count_allocations(&mut self) {
        self.alloc_counts = Some(Vec::new());
    }

    /// Allocation (count, bytes) per description id, when counting.
    pub fn allocation_counts(&self) -> Option<&[(u64, u64)]> {
        self.alloc_counts.as_deref()
    }

    /// True between a GC start and its end.
    /// What the last event applied moved, if it moved anything: `(from, to, bytes)` — one
    /// object, or a run of neighbours moved together (`Event::RegionMove`).
    pub fn last_move(&self) -> Option<(u64, u64, u64)> {
        self.last_move
    }

    pub fn in_gc(&self) -> bool {
        self.gc.is_some()
    }

    pub fn spaces(&self) -> impl Iterator<Item = &Space> {
        self.spaces.values()
    }

    /// The space holding `addr` (bytes), if any.
    pub fn space_of(&self, addr: u64) -> Option<&Space> {
        self.spaces
            .values()
            .find(|s| s.start <= addr && addr < s.end)
    }

    /// Thread names (id, name, alive).
    pub fn threads(&self) -> impl Iterator<Item = (u32, &str, bool)> {
        self.threads
            .iter()
            .map(|t| (t.id, t.name.as_str(), t.alive))
    }

    fn thread(&mut self, id: u32) -> usize {
        if let Some((last, i)) = self.last_thread {
            if last == id {
                return i;
            }
        }
        let i = match self.thread_index.get(&id) {
            Some(&i) => i,
            None => {
                let i = self.threads.len();
                self.threads.push(ThreadState {
                    id,
                    ..Default::default()
                });
                self.thread_index.insert(id, i);
                if is_gc_thread(id) {
                    self.gc_threads.push(i);
                }
                i
            }
        };
        self.last_thread = Some((id, i));
        i
    }

    /// `Event::Alloc { site, array_len }` by `thread` (what `apply` does with it, for
    /// `TraceReader::visit_events`).
    #[inline]
    pub fn apply_alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> R<()> {
        self.alloc_tlab(thread, site, None, None, array_len)
    }

    /// `Event::Move { from, to: None }` by `thread`.
    #[inline]
    pub fn apply_move_fast(&mut self, thread: u32, from: u64) -> R<()> {
        self.gc_move(thread, from >> 3, None)
    }

    /// Applies one event recorded by `thread`. An error names what is inconsistent.
    pub fn apply(&mut self, thread: u32, ev: &Event) -> R<()> {
        self.last_move = None;
        match *ev {
            Event::Alloc { site, array_len } => {
                self.alloc_tlab(thread, site, None, None, array_len)
            }
            Event::AllocTyped {
                site,
                type_id,
                size,
                array_len,
            } => self.alloc_tlab(thread, site, Some(type_id), size, array_len),
            Event::AllocOutside {
                site,
                type_id,
                addr,
                size,
                array_len,
            } => self.alloc_outside(thread, site, type_id, addr, size, array_len),
            Event::Tlab { start, size } => self.tlab(thread, start >> 3, size >> 3),
            Event::SyncObject {
                site,
                type_id,
                addr,
                size,
                array_len,
                restated,
            } => self.sync_object(thread, site, type_id, addr, size, array_len, restated),
            Event::Cells { start, cell, count } => self.cells(thread, start >> 3, cell >> 3, count),
            Event::CellsNext { cell, skip, count } => {
                self.cells_next(thread, cell >> 3, skip, count)
            }
            Event::CellsMap {
                cell,
                start,
                skip,
                free,
            } => self.cells_map(thread, cell >> 3, start.map(|s| s >> 3), skip, free),
            Event::AllocCell {
                cell,
                site,
                type_id,
                size,
                array_len,
            } => {
                let desc = self.resolve(thread, site, Some(type_id), size, array_len)?;
                let t = self.thread(thread);
                let cell = cell >> 3;
                let Some(i) = self.threads[t].cells.iter().position(|r| r.cell == cell) else {
                    return Err(format!(
                        "thread {thread} allocates in a {}-byte cell but has no run of them (none since the last collection or its TLAB)",
                        cell << 3
                    ));
                };
                self.alloc_cell(t, i, desc)
            }
            Event::ThreadAlive { ref name } => {
                let t = self.thread(thread);
                self.threads[t].name = name.clone();
                self.threads[t].alive = true;
                Ok(())
            }
            Event::ThreadDeath => {
                let t = self.thread(thread);
                self.threads[t].alive = false;
                self.threads[t].has_tlab = false;
                self.close_thread_runs(t);
                Ok(())
            }
            // Deaths (`--trace-deaths`) and timings do not change the heap: `analyses::deaths`
            // and the Perfetto export read them.
            Event::References { cleared, .. } => {
                if let Some(gc) = self.gc.as_mut() {
                    gc.record.referents_cleared = cleared.iter().sum();
                }
                Ok(())
            }
            Event::Mark { .. }
            | Event::Death { .. }
            | Event::Deaths(_)
            | Event::MethodDef { .. }
            | Event::Safepoint { .. }
            | Event::SafepointArrival { .. }
            | Event::GcWorker(_)
            | Event::Activity(_)
            | Event::ThreadState { .. }
            | Event::FieldsDef { .. }
            | Event::StaticDef { .. } => Ok(()),
            Event::Pointers(ref set) => {
                let in_gc = self.gc.is_some();
                self.pointers
                    .get_or_insert_with(Default::default)
                    .pointers(set, in_gc);
                Ok(())
            }
            Event::Roots(ref set) => {
                let in_gc = self.gc.is_some();
                self.pointers
                    .get_or_insert_with(Default::default)
                    .roots(set, in_gc);
                Ok(())
            }
            Event::GcStart {
                gc_id,
                kind,
                cause,
                time_us,
            } => self.gc_start(gc_id, kind, cause, time_us),
            Event::GcEnd { gc_id, time_us } => self.gc_end(gc_id, time_us),
            Event::GcSpace { space } => {
                let Some(gc) = self.gc.as_mut() else {
                    return Err("collected-space event outside a collection".into());
                };
                if gc.back_built {
                    return Err(format!(
                        "collected space {space} named after the collection's first move"
                    ));
                }
                gc.record.collected_spaces.push(space);
                Ok(())
            }
            Event::Plab { start, .. } => {
                self.need_gc("PLAB")?;
                let t = self.thread(thread);
                self.threads[t].cursor = Some(start >> 3);
                Ok(())
            }
            Event::Move { from, to } => self.gc_move(thread, from >> 3, to.map(|t| t >> 3)),
            Event::RegionMove {
                from, to, bytes, ..
            } => self.region_move(thread, from >> 3, to >> 3, bytes >> 3),
            Event::KeepAlive { addr } => self.keep_alive(thread, addr >> 3),
            Event::KeptRuns(ref runs) => runs.iter().try_for_each(|&(from, bytes)| {
                self.region_move(thread, from >> 3, from >> 3, bytes >> 3)
            }),
            Event::SpaceCreate(ref s) => {
                self.spaces.insert(s.id, (**s).clone());
                Ok(())
            }
            Event::SpaceAlloc { id, kind } => {
                let s = self
                    .spaces
                    .get_mut(&id)
                    .ok_or_else(|| format!("space {id} is not defined"))?;
                s.kind = kind;
                Ok(())
            }
            Event::SpaceRedefine { id, start, end } => {
                let s = self
                    .spaces
                    .get_mut(&id)
                    .ok_or_else(|| format!("space {id} is not defined"))?;
                s.start = start;
                s.end = end;
                Ok(())
            }
            Event::SpaceRelease { id } | Event::SpaceDestroy { id } => {
                let s = self
                    .spaces
                    .get(&id)
                    .ok_or_else(|| format!("space {id} is not defined"))?;
                let (a, b) = (s.start >> 3, s.end >> 3);
                if let (Some(p), None) = (self.pointers.as_mut(), &self.gc) {
                    p.kill_range(a << 3, b << 3);
                }
                let (n, units) = self.kill_front_range(a, b);
                self.released_objects += n;
                self.released_bytes += units << 3;
                if matches!(ev, Event::SpaceDestroy { .. }) {
                    self.spaces.remove(&id);
                }
                Ok(())
            }
            Event::TypeDef { id, ref def } => {
                if self
                    .types
                    .insert(id, (def.instance_size, def.elem_size))
                    .is_some()
                {
                    self.forget_cached_descs();
                }
                Ok(())
            }
            Event::SiteDef { id, ref def } => {
                if self.site_types.insert(id, def.usual_type).is_some() {
                    self.forget_cached_descs();
                }
                Ok(())
            }
            Event::CauseDef { .. } => Ok(()),
        }
    }

    /// A symbol changed: cached site -> description mappings may be stale.
    fn forget_cached_descs(&mut self) {
        self.alloc_cache.fill((0, 0, 0, u32::MAX));
        for t in &mut self.threads {
            t.last_key = None;
        }
    }

    fn need_gc(&self, what: &str) -> R<()> {
        if self.gc.is_none() {
            return Err(format!("{what} event outside a collection"));
        }
        Ok(())
    }

    fn resolve(
        &mut self,
        thread: u32,
        site: u32,
        type_id: Option<u32>,
        size: Option<u64>,
        array_len: Option<u32>,
    ) -> R<u32> {
        let ty = match type_id {
            Some(t) => t,
            None => match self.site_types.get(&site) {
                Some(Some(t)) => *t,
                Some(None) => {
                    return Err(format!(
                    "allocation at site {site}, which has no usual type, without an explicit type"
                ))
                }
                None => {
                    return Err(format!(
                        "allocation at site {site} before the site is defined"
                    ))
                }
            },
        };
        let size = match size {
            Some(s) => s,
            None => {
                let &(inst, elem) = self
                    .types
                    .get(&ty)
                    .ok_or_else(|| format!("allocation of type {ty} before the type is defined"))?;
                if elem.is_some() != array_len.is_some() {
                    return Err(format!("allocation of type {ty}: array length {array_len:?} does not match the type's arrayness"));
                }
                format::implied_size(
                    inst,
                    elem,
                    array_len.unwrap_or(0),
                    self.array_header,
                    self.min_size,
                )
            }
        };
        if size == 0 || size & 7 != 0 || size >> 3 > u32::MAX as u64 {
            return Err(format!(
                "allocation of type {ty}: impossible object size {size}"
            ));
        }
        if self.heap_size > 0 && size > self.heap_size {
            return Err(format!(
                "allocation of type {ty}: a {size}-byte object, larger than the {}-byte heap (header)",
                self.heap_size
            ));
        }
        // Every element takes at least a byte, so what a tool writes per element (an HPROF
        // dump: up to 8 bytes) stays proportional to the object.
        if let Some(len) = array_len {
            if size < self.array_header as u64 + len as u64 {
                return Err(format!(
                    "allocation of type {ty}: an array of length {len} in a {size}-byte object (a {}-byte array header and at least a byte per element)",
                    self.array_header
                ));
            }
        }
        Ok(self.descs.intern(Desc {
            type_id: ty,
            size_units: (size >> 3) as u32,
            array_len,
            site,
            thread,
            birth: self.epoch,
        }))
    }

    fn count_alloc(&mut self, desc: u32, units: u64) {
        self.allocations += 1;
        self.allocated_bytes += units << 3;
        if self.allocated_bytes >= self.next_epoch_at {
            self.new_epoch();
        }
        self.live_objects += 1;
        self.live_bytes += units << 3;
        if let Some(c) = self.alloc_counts.as_mut() {
            let d = desc as usize;
            if d >= c.len() {
                c.resize(d + 1, (0, 0));
            }
            c[d].0 += 1;
            c[d].1 += units << 3;
        }
    }

    #[inline]
    fn alloc_tlab(
        &mut self,
        thread: u32,
        site: u32,
        type_id: Option<u32>,
        size: Option<u64>,
        array_len: Option<u32>,
    ) -> R<()> {
        let t = self.thread(thread);
        let desc = match (type_id, size, self.threads[t].last_key) {
            (None, None, Some(k)) if k == (site, array_len) => self.threads[t].last_desc,
            (None, None, _) => {
                let lenp1 = array_len.map_or(0, |l| l.wrapping_add(1));
                let h = (site.wrapping_mul(0x9E37_79B1)
                    ^ lenp1.wrapping_mul(0x85EB_CA77)
                    ^ thread.wrapping_mul(0xC2B2_AE3D)) as usize;
                let slot = (h ^ (h >> 15)) & (ALLOC_CACHE - 1);
                let e = self.alloc_cache[slot];
                let d = if e.3 != u32::MAX
                    && e.0 == site
                    && e.1 == lenp1
                    && e.2 == thread
                    && array_len != Some(u32::MAX)
                {
                    e.3
                } else {
                    let d = self.resolve(thread, site, None, None, array_len)?;
                    self.alloc_cache[slot] = (site, lenp1, thread, d);
                    d
                };
                self.threads[t].last_key = Some((site, array_len));
                self.threads[t].last_desc = d;
                d
            }
            _ => self.resolve(thread, site, type_id, size, array_len)?,
        };
        let units = self.descs.units(desc);
        let ts = &mut self.threads[t];
        if !ts.has_tlab {
            if !ts.cells.is_empty() {
                // The run with the smallest cell the object fills or leaves room for a filler in.
                let min = self.min_size as u64 >> 3;
                let fits = |c: u64| c == units || c >= units + min;
                let i = (0..ts.cells.len())
                    .filter(|&i| fits(ts.cells[i].cell))
                    .min_by_key(|&i| ts.cells[i].cell)
                    .ok_or_else(|| {
                        format!(
                            "thread {thread} allocates a {}-byte object but has no TLAB and no run of cells it fits",
                            units << 3
                        )
                    })?;
                return self.alloc_cell(t, i, desc);
            }
            return Err(format!("thread {thread} allocates in a TLAB but has none (none since its start or the last collection)"));
        }
        let Some(run) = ts.open.as_mut() else {
            return Err(format!("thread {thread} has no open TLAB"));
        };
        if run.end + units > ts.tlab_end {
            return Err(format!(
                "thread {thread}: a {}-byte allocation at {:#x} overflows its TLAB ending at {:#x}",
                units << 3,
                run.end << 3,
                ts.tlab_end << 3
            ));
        }
        run.push(desc, units, 0, false);
        self.count_alloc(desc, units);
        Ok(())
    }

    fn tlab(&mut self, thread: u32, start: u64, units: u64) -> R<()> {
        if is_gc_thread(thread) || thread == format::GLOBAL_THREAD {
            return Err(format!("TLAB event from non-mutator thread {thread:#x}"));
        }
        let t = self.thread(thread);
        self.close_thread_runs(t);
        self.split_front_at(start);
        // A new TLAB is free memory: anything the model still has there is stale.
        let (n, units_killed) = self.kill_front_range(start, start + units);
        self.stale_objects += n;
        let _ = units_killed;
        let ts = &mut self.threads[t];
        ts.has_tlab = true;
        ts.tlab_end = start + units;
        ts.open = Some(Run::new(start));
        self.tlabs.0 += 1;
        self.tlabs.1 += units << 3;
        Ok(())
    }

    /// A run of `count` free cells of `cell` units from `start` (units) for `thread`: it ends
    /// the thread's TLAB and replaces its run of that cell size.
    fn cells(&mut self, thread: u32, start: u64, cell: u64, count: u64) -> R<()> {
        if is_gc_thread(thread) || thread == format::GLOBAL_THREAD {
            return Err(format!("cells event from non-mutator thread {thread:#x}"));
        }
        let t = self.thread(thread);
        let ts = &mut self.threads[t];
        ts.has_tlab = false;
        if let Some(run) = ts.open.take() {
            self.close_run(run);
        }
        self.open_cells(t, start, cell, count)
    }

    /// `thread`'s run of `cell`-unit cells goes on `skip` cells after its end, with `count`
    /// cells.
    fn cells_next(&mut self, thread: u32, cell: u64, skip: u64, count: u64) -> R<()> {
        let t = self.thread(thread);
        let start = self.skipped_to(t, cell, skip, count)?;
        self.go_on_in_cells(t, start, cell, count)
    }

    /// A map of free cells of `cell` units (bit i of `free`: the cell `i` cells on) for
    /// `thread`, from `start`, or `skip` cells after the end of its run of that cell size: the
    /// map's first stretch is the thread's run of that size, and the others follow it.
    fn cells_map(
        &mut self,
        thread: u32,
        cell: u64,
        start: Option<u64>,
        skip: u64,
        free: u64,
    ) -> R<()> {
        if is_gc_thread(thread) || thread == format::GLOBAL_THREAD {
            return Err(format!("cells event from non-mutator thread {thread:#x}"));
        }
        let t = self.thread(thread);
        let first = free.trailing_ones() as u64;
        let last = 64 - free.leading_zeros() as u64;
        let start = match start {
            Some(start) => {
                if start + last * cell > MAX_HEAP_SIZE >> 3 {
                    return Err(format!(
                        "thread {thread:#x}'s map of {}-byte cells reaches beyond the 64 GiB address limit",
                        cell << 3
                    ));
                }
                let ts = &mut self.threads[t];
                ts.has_tlab = false;
                if let Some(run) = ts.open.take() {
                    self.close_run(run);
                }
                self.open_cells(t, start, cell, first)?;
                start
            }
            None => {
                let start = self.skipped_to(t, cell, skip, last)?;
                self.go_on_in_cells(t, start, cell, first)?;
                start
            }
        };
        let c = self.threads[t].cell_run(cell);
        c.map = free & !format::mask_below(first);
        c.map_base = start;
        c.skip_from = start + last * cell;
        Ok(())
    }

    /// Where thread `t`'s run of `cell`-unit cells goes on, `skip` cells after its end, for
    /// `count` more cells; an error if it has none or that passes the address limit.
    fn skipped_to(&self, t: usize, cell: u64, skip: u64, count: u64) -> R<u64> {
        let thread = self.threads[t].id;
        let Some(run) = self.threads[t].cells.iter().find(|r| r.cell == cell) else {
            return Err(format!(
                "thread {thread:#x}'s run of {}-byte cells goes on, but it has none (none since the last collection or its TLAB)",
                cell << 3
            ));
        };
        let start = run.skip_from + skip * cell;
        if start + count * cell > MAX_HEAP_SIZE >> 3 {
            return Err(format!(
                "thread {thread:#x}'s run of {}-byte cells goes on beyond the 64 GiB address limit",
                cell << 3
            ));
        }
        Ok(start)
    }

    /// Thread `t`'s run of `cell`-unit cells goes on with `count` cells from `start`: it grows
    /// when they follow its last object, else a new run replaces it.
    fn go_on_in_cells(&mut self, t: usize, start: u64, cell: u64, count: u64) -> R<()> {
        let c = self.threads[t].cell_run(cell);
        if start == c.run.end {
            // Right after the run's last object: the run grows.
            c.limit = start + count * cell;
            c.skip_from = c.limit;
            c.map = 0;
            self.cell_runs.0 += 1;
            self.cell_runs.1 += (count * cell) << 3;
            return Ok(());
        }
        self.open_cells(t, start, cell, count)
    }

    /// Thread `t`'s new run of `count` cells of `cell` units from `start`, in place of its run
    /// of that cell size.
    fn open_cells(&mut self, t: usize, start: u64, cell: u64, count: u64) -> R<()> {
        let end = start + cell * count;
        let cells = &mut self.threads[t].cells;
        if let Some(i) = cells.iter().position(|r| r.cell == cell) {
            let old = cells.swap_remove(i);
            self.close_run(old.run);
        }
        // Unlike a TLAB's, the run's extent is not the thread's alone: a thread that lets go of
        // its span (it blocks) leaves the rest of the run free for the next owner, whose
        // objects there may be read before this event (order is per thread between
        // collections). So nothing in it is taken for stale; the objects of the two runs never
        // overlap.
        self.split_front_at(start);
        self.threads[t].cells.push(CellRun {
            cell,
            limit: end,
            run: Run::new(start),
            map: 0,
            map_base: 0,
            skip_from: end,
        });
        self.cell_runs.0 += 1;
        self.cell_runs.1 += (end - start) << 3;
        Ok(())
    }

    /// An object (`desc`) in the next cell of thread `t`'s run of cells `i`.
    fn alloc_cell(&mut self, t: usize, mut i: usize, desc: u32) -> R<()> {
        let units = self.descs.units(desc);
        let c = &self.threads[t].cells[i];
        let stretch = format::next_stretch(c.map).filter(|_| c.run.end + c.cell > c.limit);
        if let Some((first, len, rest)) = stretch {
            // The run is full: the next stretch of its map's free cells is the next run.
            let (cell, map_base, skip_from) = (c.cell, c.map_base, c.skip_from);
            self.go_on_in_cells(t, map_base + first * cell, cell, len)?;
            let c = self.threads[t].cell_run(cell);
            (c.map, c.map_base, c.skip_from) = (rest, map_base, skip_from);
            i = self.threads[t]
                .cells
                .iter()
                .position(|r| r.cell == cell)
                .unwrap();
        }
        let ts = &mut self.threads[t];
        let thread = ts.id;
        let c = &mut ts.cells[i];
        let cell = c.cell;
        if units > cell {
            return Err(format!(
                "thread {thread}: a {}-byte object does not fit a {}-byte cell",
                units << 3,
                cell << 3
            ));
        }
        if c.run.end + cell > c.limit {
            return Err(format!(
                "thread {thread}: a {}-byte cell at {:#x} overflows its run of cells ending at {:#x}",
                cell << 3,
                c.run.end << 3,
                c.limit << 3
            ));
        }
        c.run.push(desc, units, 0, false);
        if units < cell {
            let g = self.descs.gap(cell - units);
            self.threads[t].cells[i].run.push(g, cell - units, 0, true);
        }
        self.count_alloc(desc, units);
        Ok(())
    }

    /// Closes thread `t`'s TLAB (or copy destination) and its runs of cells.
    fn close_thread_runs(&mut self, t: usize) {
        if let Some(run) = self.threads[t].open.take() {
            self.close_run(run);
        }
        for c in std::mem::take(&mut self.threads[t].cells) {
            self.close_run(c.run);
        }
    }

    /// Every thread's open runs: TLABs, copy destinations, runs of cells.
    fn open_runs(&self) -> impl Iterator<Item = &Run> {
        self.threads
            .iter()
            .flat_map(|t| t.open.iter().chain(t.cells.iter().map(|c| &c.run)))
    }

    fn alloc_outside(
        &mut self,
        thread: u32,
        site: u32,
        type_id: u32,
        addr: u64,
        size: u64,
        array_len: Option<u32>,
    ) -> R<()> {
        let desc = self.resolve(thread, site, Some(type_id), Some(size), array_len)?;
        let units = self.descs.units(desc);
        let a = addr >> 3;
        // A non-moving collector reuses free slots between survivors: the address may lie in a
        // gap entry of a run of survivors.
        self.split_front_at(a);
        let (n, _) = self.kill_front_range(a, a + units);
        self.stale_objects += n;
        self.place_front(a, desc, units, 0);
        self.count_alloc(desc, units);
        self.outside_tlab.0 += 1;
        self.outside_tlab.1 += units << 3;
        Ok(())
    }

    /// A rotated file's heap sync: the object was in the heap when the file began. Read alone,
    /// the file places it (age 0, not an allocation); read after the set's earlier files, it
    /// restates an object the model has, and must agree with it.
    #[allow(clippy::too_many_arguments)]
    fn sync_object(
        &mut self,
        thread: u32,
        site: u32,
        type_id: u32,
        addr: u64,
        size: Option<u64>,
        array_len: Option<u32>,
        restated: bool,
    ) -> R<()> {
        if self.gc.is_some() {
            return Err("heap sync object inside a collection".into());
        }
        let desc = self.resolve(thread, site, Some(type_id), size, array_len)?;
        let d = self.descs.list[desc as usize];
        if restated {
            return match self.object_at(addr) {
                Some((have, _))
                    if have.type_id == d.type_id
                        && have.size() == d.size()
                        && have.array_len == d.array_len =>
                {
                    Ok(())
                }
                Some((have, _)) => Err(format!(
                    "the prologue restates the object at {addr:#x} as type {} of {} bytes, the earlier files have type {} of {} bytes",
                    d.type_id,
                    d.size(),
                    have.type_id,
                    have.size()
                )),
                None => Err(format!(
                    "the prologue restates an object at {addr:#x} (type {}), where the earlier files have none",
                    d.type_id
                )),
            };
        }
        let units = self.descs.units(desc);
        let a = addr >> 3;
        self.split_front_at(a);
        let (n, _) = self.kill_front_range(a, a + units);
        self.stale_objects += n;
        self.place_front(a, desc, units, 0);
        self.live_objects += 1;
        self.live_bytes += units << 3;
        self.synced.0 += 1;
        self.synced.1 += units << 3;
        Ok(())
    }

    /// Puts one object into the front map (appending to the run that ends at `addr`, if any).
    fn place_front(&mut self, addr: u64, desc: u32, units: u64, age: u8) {
        if let Some((_, run)) = self.front.range_mut(..addr).next_back() {
            if run.end == addr {
                run.push(desc, units, age, false);
                return;
            }
        }
        let mut run = Run::new(addr);
        run.push(desc, units, age, false);
        self.insert_front(run);
    }

    fn insert_front(&mut self, run: Run) {
        if let Some(old) = self.front.insert(run.start, run) {
            // Two runs at one address: the older one's objects must be dead.
            self.stale_objects += old.live as u64;
            self.live_objects = self.live_objects.saturating_sub(old.live as u64);
            self.live_bytes = self.live_bytes.saturating_sub(old.live_units << 3);
        }
    }

    fn close_run(&mut self, mut run: Run) {
        if run.live == 0 {
            return;
        }
        run.shrink();
        self.insert_front(run);
    }

    /// Kills every front-map object overlapping `[a, b)` (units); returns (objects, units).
    fn kill_front_range(&mut self, a: u64, b: u64) -> (u64, u64) {
        if a >= b {
            return (0, 0);
        }
        let mut keys: Vec<u64> = Vec::new();
        if let Some((&k, run)) = self.front.range(..a).next_back() {
            if run.end > a {
                keys.push(k);
            }
        }
        keys.extend(self.front.range(a..b).map(|(&k, _)| k));
        let (mut n, mut units) = (0u64, 0u64);
        for k in keys {
            let mut run = self.front.remove(&k).unwrap();
            let mut off = run.start;
            for i in 0..run.descs.len() {
                let d = run.descs[i];
                let u = self.descs.units(d);
                if off < b && off + u > a && !self.descs.is_gap(d) {
                    if let Some(dd) = self.deaths.as_mut() {
                        *dd.entry((d, run.ages[i])).or_default() += 1;
                    }
                    run.descs[i] = self.descs.gap(u);
                    run.live -= 1;
                    run.live_units -= u;
                    n += 1;
                    units += u;
                }
                off += u;
            }
            run.samples.clear();
            if run.live > 0 {
                self.front.insert(k, run);
            }
        }
        self.live_objects = self.live_objects.saturating_sub(n);
        self.live_bytes = self.live_bytes.saturating_sub(units << 3);
        (n, units)
    }

    fn gc_start(&mut self, gc_id: u32, kind: GcKind, cause: u32, time_us: u64) -> R<()> {
        if let Some(gc) = &self.gc {
            return Err(format!("GC {gc_id} starts inside GC {}", gc.record.id));
        }
        for t in 0..self.threads.len() {
            self.threads[t].has_tlab = false;
            self.close_thread_runs(t);
        }
        self.note_peak();
        self.gc = Some(GcState {
            record: GcRecord {
                id: gc_id,
                kind,
                cause,
                start_us: time_us,
                end_us: None,
                collected_spaces: Vec::new(),
                before_objects: self.live_objects,
                before_bytes: self.live_bytes,
                collected_objects: 0,
                collected_bytes: 0,
                moved_objects: 0,
                moved_bytes: 0,
                kept_objects: 0,
                kept_bytes: 0,
                dead_objects: 0,
                dead_bytes: 0,
                after_objects: 0,
                after_bytes: 0,
                referents_cleared: 0,
            },
            back_built: false,
        });
        Ok(())
    }

    /// Moves the runs of the collected spaces to the back map (once per collection).
    fn ensure_back(&mut self) -> R<()> {
        let Some(gc) = self.gc.as_mut() else {
            return Err("move event outside a collection".into());
        };
        if gc.back_built {
            return Ok(());
        }
        gc.back_built = true;
        let front = std::mem::take(&mut self.front);
        if gc.record.collected_spaces.is_empty() && gc.record.kind == GcKind::Marking {
            self.front = front;
        } else if gc.record.collected_spaces.is_empty() {
            self.back = front;
        } else {
            let mut ranges = Vec::new();
            for id in &gc.record.collected_spaces {
                let s = self
                    .spaces
                    .get(id)
                    .ok_or_else(|| format!("collected space {id} is not defined"))?;
                ranges.push((s.start >> 3, s.end >> 3));
            }
            // A run may cross a space boundary (a GC thread's copies into two neighbouring
            // regions are consecutive): cut it there, so each piece is collected or not.
            let mut bounds: Vec<u64> = ranges.iter().flat_map(|&(a, b)| [a, b]).collect();
            bounds.sort_unstable();
            bounds.dedup();
            for (_, mut run) in front {
                let mut pieces = Vec::new();
                for &cut in &bounds {
                    if cut > run.start && cut < run.end {
                        if let Some(tail) = run.split_off(&self.descs, cut) {
                            pieces.push(std::mem::replace(&mut run, tail));
                        }
                    }
                }
                pieces.push(run);
                for piece in pieces {
                    let k = piece.start;
                    if ranges.iter().any(|&(a, b)| a <= k && k < b) {
                        self.back.insert(k, piece);
                    } else {
                        self.front.insert(k, piece);
                    }
                }
            }
        }
        let (mut n, mut u) = (0u64, 0u64);
        for run in self.back.values() {
            n += run.live as u64;
            u += run.live_units;
        }
        gc.record.collected_objects = n;
        gc.record.collected_bytes = u << 3;
        Ok(())
    }

    /// Takes the object starting at `addr` out of `map` (leaving a gap): (desc, age, units).
    fn take(map: &mut BTreeMap<u64, Run>, descs: &mut Descs, addr: u64) -> Option<(u32, u8, u64)> {
        let (_, run) = map.range_mut(..=addr).next_back()?;
        let i = run.find(descs, addr)?;
        let d = run.descs[i];
        if descs.is_gap(d) {
            return None;
        }
        let u = descs.units(d);
        run.descs[i] = descs.gap(u);
        run.live -= 1;
        run.live_units -= u;
        Some((d, run.ages[i], u))
    }

    /// The object at `addr` leaves its place: from the back map, or from the front map (an
    /// object of a space not collected).
    fn take_object(&mut self, addr: u64) -> Option<(u32, u8, u64)> {
        if let Some(x) = Self::take(&mut self.back, &mut self.descs, addr) {
            return Some(x);
        }
        let x = Self::take(&mut self.front, &mut self.descs, addr)?;
        // the run may now be empty
        if let Some((&k, run)) = self.front.range(..=addr).next_back() {
            if run.live == 0 {
                self.front.remove(&k);
            }
        }
        Some(x)
    }

    /// Places a surviving object at `addr` through GC thread `t`'s open run.
    fn place_gc(&mut self, t: usize, addr: u64, desc: u32, units: u64, age: u8) {
        if let Some(run) = self.threads[t].open.as_mut() {
            if run.end == addr {
                run.push(desc, units, age, false);
                return;
            }
            let from = run.end;
            if addr > from
                && addr - from <= GAP_MERGE_UNITS
                && self.free_for_gap(t, from, addr + units)
            {
                let g = self.descs.gap(addr - from);
                let run = self.threads[t].open.as_mut().unwrap();
                run.push(g, addr - from, 0, true);
                run.push(desc, units, age, false);
                return;
            }
            let run = self.threads[t].open.take().unwrap();
            self.close_run(run);
        }
        // Another GC thread's open run may have merged a hole over `addr` before this copy
        // (parallel workers' logs come one after another, or from several GC threads in any
        // order): close it, so the split below cuts it around the hole.
        for k in 0..self.gc_threads.len() {
            let i = self.gc_threads[k];
            if i != t
                && self.threads[i]
                    .open
                    .as_ref()
                    .is_some_and(|r| r.start < addr && addr < r.end)
            {
                let run = self.threads[i].open.take().unwrap();
                self.close_run(run);
            }
        }
        self.split_front_at(addr);
        let mut run = match self.front.range(..addr).next_back() {
            Some((&k, r)) if r.end == addr => self.front.remove(&k).unwrap(),
            _ => Run::new(addr),
        };
        run.push(desc, units, age, false);
        self.threads[t].open = Some(run);
    }

    /// A run is about to start at `addr` inside the extent of a front run — in one of its gap
    /// entries: a hole merged into that run before a later copy filled it (a parallel
    /// collector's workers replayed one after another take PLABs that interleave in address).
    /// Cuts that run around the gap so runs never overlap (lookups rely on it).
    fn split_front_at(&mut self, addr: u64) {
        let Some((&k, run)) = self.front.range(..addr).next_back() else {
            return;
        };
        if run.end <= addr {
            return;
        }
        let (mut i, mut off) = (0, run.start);
        while i < run.descs.len() && off + self.descs.units(run.descs[i]) <= addr {
            off += self.descs.units(run.descs[i]);
            i += 1;
        }
        if i == run.descs.len() || !self.descs.is_gap(run.descs[i]) {
            return; // over a live object: the allocation or move paths deal with it
        }
        let mut head = self.front.remove(&k).unwrap();
        let gap_end = off + self.descs.units(head.descs[i]);
        let mut tail = Run::new(gap_end);
        for j in i + 1..head.descs.len() {
            let d = head.descs[j];
            tail.push(d, self.descs.units(d), head.ages[j], self.descs.is_gap(d));
        }
        head.descs.truncate(i);
        head.ages.truncate(i);
        head.samples.clear();
        head.end = off;
        head.live -= tail.live;
        head.live_units -= tail.live_units;
        for run in [head, tail] {
            if run.live > 0 {
                self.front.insert(run.start, run);
            }
        }
    }

    /// Is `[a, b)` free of front-map runs and of other threads' open runs?
    fn free_for_gap(&self, t: usize, a: u64, b: u64) -> bool {
        if self.front.range(a..b).next().is_some() {
            return false;
        }
        self.threads.iter().enumerate().all(|(i, ts)| {
            i == t
                || ts
                    .open
                    .iter()
                    .chain(ts.cells.iter().map(|c| &c.run))
                    .all(|r| r.end <= a || r.start >= b)
        })
    }

    fn gc_move(&mut self, thread: u32, from: u64, to: Option<u64>) -> R<()> {
        self.ensure_back()?;
        let t = self.thread(thread);
        let to = match to {
            Some(to) => to,
            None => self.threads[t].cursor.ok_or_else(|| format!("fast move of {:#x} but GC thread {thread:#x} has no copy cursor (no PLAB or earlier move)", from << 3))?,
        };
        let (d, age, u) = self
            .take_object(from)
            .ok_or_else(|| format!("move from {:#x}: no object starts there", from << 3))?;
        self.place_gc(t, to, d, u, age.saturating_add(1));
        self.threads[t].cursor = Some(to + u);
        self.last_move = Some((from << 3, to << 3, u << 3));
        if let Some(p) = self.pointers.as_mut() {
            p.note_move(from << 3, to << 3, u << 3);
        }
        let rec = &mut self.gc.as_mut().unwrap().record;
        rec.moved_objects += 1;
        rec.moved_bytes += u << 3;
        Ok(())
    }

    fn keep_alive(&mut self, thread: u32, addr: u64) -> R<()> {
        self.ensure_back()?;
        let t = self.thread(thread);
        match Self::take(&mut self.back, &mut self.descs, addr) {
            Some((d, age, u)) => {
                self.place_gc(t, addr, d, u, age.saturating_add(1));
                if let Some(p) = self.pointers.as_mut() {
                    p.note_move(addr << 3, addr << 3, u << 3);
                }
                let rec = &mut self.gc.as_mut().unwrap().record;
                rec.kept_objects += 1;
                rec.kept_bytes += u << 3;
                Ok(())
            }
            None => {
                // Already in place in a space that is not collected?
                let present = self
                    .front
                    .range_mut(..=addr)
                    .next_back()
                    .and_then(|(_, r)| r.find(&self.descs, addr))
                    .is_some();
                if present {
                    Ok(())
                } else {
                    Err(format!(
                        "keep-alive of {:#x}: no object starts there",
                        addr << 3
                    ))
                }
            }
        }
    }

    fn region_move(&mut self, thread: u32, from: u64, to: u64, units: u64) -> R<()> {
        self.ensure_back()?;
        self.last_move = Some((from << 3, to << 3, units << 3));
        let t = self.thread(thread);
        let end = from + units;
        let mut objs: Vec<(u64, u32, u8, u64)> = Vec::new();
        for in_back in [true, false] {
            let map = if in_back {
                &mut self.back
            } else {
                &mut self.front
            };
            let mut keys: Vec<u64> = Vec::new();
            if let Some((&k, run)) = map.range(..from).next_back() {
                if run.end > from {
                    keys.push(k);
                }
            }
            keys.extend(map.range(from..end).map(|(&k, _)| k));
            for k in keys {
                let run = map.get_mut(&k).unwrap();
                let mut off = run.start;
                for i in 0..run.descs.len() {
                    let d = run.descs[i];
                    let u = self.descs.units(d);
                    if off >= from && off < end && !self.descs.is_gap(d) {
                        objs.push((off, d, run.ages[i], u));
                        run.descs[i] = self.descs.gap(u);
                        run.live -= 1;
                        run.live_units -= u;
                    }
                    off += u;
                }
                run.samples.clear();
                if !in_back && run.live == 0 {
                    map.remove(&k);
                }
            }
            if !objs.is_empty() {
                break;
            }
        }
        if objs.is_empty() && units > 0 {
            return Err(format!(
                "region move of [{:#x}, {:#x}): no object there",
                from << 3,
                end << 3
            ));
        }
        objs.sort_unstable_by_key(|o| o.0);
        if let Some(p) = self.pointers.as_mut() {
            p.note_move(from << 3, to << 3, units << 3);
        }
        let mut bytes = 0;
        let n = objs.len() as u64;
        for (a, d, age, u) in objs {
            let dest = (a + to)
                .checked_sub(from)
                .ok_or("region move below address 0")?;
            self.place_gc(t, dest, d, u, age.saturating_add(1));
            bytes += u << 3;
        }
        let rec = &mut self.gc.as_mut().unwrap().record;
        if to == from {
            rec.kept_objects += n;
            rec.kept_bytes += bytes;
        } else {
            rec.moved_objects += n;
            rec.moved_bytes += bytes;
        }
        Ok(())
    }

    /// Does an object (not a gap) start at `units` in `map`?
    fn holds_object(map: &mut BTreeMap<u64, Run>, descs: &Descs, units: u64) -> bool {
        map.range_mut(..=units)
            .next_back()
            .and_then(|(_, r)| {
                let i = r.find(descs, units)?;
                (!descs.is_gap(r.descs[i])).then_some(())
            })
            .is_some()
    }

    /// The object graph (`--trace-pointers` traces; None for a trace without pointers).
    pub fn pointers(&self) -> Option<&crate::pointers::PointerState> {
        self.pointers.as_ref()
    }

    fn gc_end(&mut self, gc_id: u32, time_us: u64) -> R<()> {
        match &self.gc {
            None => return Err(format!("GC {gc_id} ends but none started")),
            Some(gc) if gc.record.id != gc_id => {
                return Err(format!("GC {gc_id} ends inside GC {}", gc.record.id))
            }
            _ => {}
        }
        self.ensure_back()?;
        self.note_peak();
        if let Some(mut p) = self.pointers.take() {
            // Before the back map goes: what is still in it died.
            let (back, descs) = (&mut self.back, &self.descs);
            p.gc_end(|addr| Self::holds_object(back, descs, addr >> 3));
            self.pointers = Some(p);
        }
        let (mut n, mut u) = (0u64, 0u64);
        for run in self.back.values() {
            n += run.live as u64;
            u += run.live_units;
            Self::tally_deaths(&mut self.deaths, &self.descs, run);
        }
        self.back.clear();
        for t in 0..self.threads.len() {
            if is_gc_thread(self.threads[t].id) {
                if let Some(run) = self.threads[t].open.take() {
                    self.close_run(run);
                }
            }
        }
        self.live_objects = self.live_objects.saturating_sub(n);
        self.live_bytes = self.live_bytes.saturating_sub(u << 3);
        let mut rec = self.gc.take().unwrap().record;
        rec.dead_objects = n;
        rec.dead_bytes = u << 3;
        rec.end_us = Some(time_us);
        rec.after_objects = self.live_objects;
        rec.after_bytes = self.live_bytes;
        self.gcs.push(rec);
        Ok(())
    }

    /// Closes every open run (at the end of the trace, before looking at the heap).
    pub fn close_open_runs(&mut self) {
        for t in 0..self.threads.len() {
            self.close_thread_runs(t);
        }
    }

    /// Every object of the front map and of the open runs, in address order of the runs.
    /// (At GC boundaries every run is closed and the order is the address order.)
    pub fn for_each_object(&self, mut f: impl FnMut(ObjectView<'_>)) {
        let open: Vec<&Run> = self.open_runs().collect();
        for run in self.front.values().chain(open) {
            let mut off = run.start;
            for (i, &d) in run.descs.iter().enumerate() {
                let desc = &self.descs.list[d as usize];
                if !desc.is_gap() {
                    f(ObjectView {
                        addr: off << 3,
                        desc,
                        age: run.ages[i],
                    });
                }
                off += desc.size_units as u64;
            }
        }
    }

    /// The object starting at byte address `addr` (in the front map or a thread's open run):
    /// its description and age.
    pub fn object_at(&mut self, addr: u64) -> Option<(Desc, u8)> {
        let units = addr >> 3;
        let descs = &self.descs;
        let found = |run: &mut Run| {
            let i = run.find(descs, units)?;
            let d = run.descs[i];
            (!descs.is_gap(d)).then(|| (descs.list[d as usize], run.ages[i]))
        };
        if let Some((_, run)) = self.front.range_mut(..=units).next_back() {
            if let Some(o) = found(run) {
                return Some(o);
            }
        }
        self.threads
            .iter_mut()
            .flat_map(|t| {
                t.open
                    .iter_mut()
                    .chain(t.cells.iter_mut().map(|c| &mut c.run))
            })
            .find_map(found)
    }

    /// Bytes the model holds now (runs, their index and the description table).
    pub fn memory_bytes(&self) -> usize {
        let runs: usize = self
            .front
            .values()
            .chain(self.back.values())
            .map(Run::heap_bytes)
            .sum();
        let open: usize = self.open_runs().map(Run::heap_bytes).sum();
        runs + open
            + self.descs.bytes()
            + self.threads.capacity() * std::mem::size_of::<ThreadState>()
    }

    fn note_peak(&mut self) {
        self.peak_bytes = self.peak_bytes.max(self.memory_bytes());
    }

    /// The largest `memory_bytes` seen at a collection boundary.
    pub fn peak_memory_bytes(&self) -> usize {
        self.peak_bytes.max(self.memory_bytes())
    }

    /// Number of runs (front + back), for diagnostics.
    pub fn run_count(&self) -> usize {
        self.front.len() + self.back.len()
    }
}
