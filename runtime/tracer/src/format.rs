//! The trace file format: constants shared by the writer (this crate) and the reader (gcvm-tools).
//! docs/trace-format.md is the specification; this module is its single source of numbers.
//!
//! Layout: a fixed header, then records (chunks), then a trailer record and a 16-byte footer.
//! Every multi-byte fixed-width number is little-endian. Variable-width numbers are unsigned
//! LEB128 ("varint"). Addresses and sizes in events are in *units* of 8 bytes (all objects are
//! 8-aligned; a 32-bit compressed ref is already an address in units).

/// The first 8 bytes of every trace.
pub const MAGIC: [u8; 8] = *b"GCVMTRAC";
/// The last 8 bytes of a finished trace.
pub const FOOTER_MAGIC: [u8; 8] = *b"GCVMTEND";
/// Format version this crate writes; readers reject other major versions.
pub const VERSION: u16 = 1;

/// Header flag: chunks may be deflate-compressed.
pub const HEADER_FLAG_COMPRESSED: u16 = 1;
/// Header flag: the trace records death times and sites (`gcvm run --trace-deaths`): Death
/// events before every GC start, Method symbols for their contexts.
pub const HEADER_FLAG_DEATHS: u16 = 2;

/// Record kinds (first byte of a record header).
pub const RECORD_CHUNK: u8 = b'C';
pub const RECORD_TRAILER: u8 = b'T';
/// Size of a record header: kind u8, flags u8, reserved u16, thread u32, epoch u32,
/// raw length u32, stored length u32, crc32 of the stored bytes u32.
pub const RECORD_HEADER_SIZE: usize = 24;
/// Chunk flag: the payload is raw deflate (no zlib header).
pub const CHUNK_FLAG_COMPRESSED: u8 = 1;
/// Chunk flag: the chunk belongs to a rotated file's prologue (docs/trace-format.md,
/// "Rotation"): it restates what the previous file of the set ended with (symbols, spaces,
/// live threads, the heap's objects and graph). A reader of the whole set skips it after the
/// set's first file.
pub const CHUNK_FLAG_PROLOGUE: u8 = 2;
/// Footer: u64 file offset of the trailer record + FOOTER_MAGIC.
pub const FOOTER_SIZE: usize = 16;

/// Size of a mutator's event buffer (AntTracks: 16 KB). A chunk's raw length is at most this,
/// except global chunks, which are at most `MAX_CHUNK_RAW`.
pub const BUFFER_SIZE: usize = 16 * 1024;
/// Readers reject chunks claiming more raw (or stored) bytes than this.
pub const MAX_CHUNK_RAW: usize = 16 * 1024 * 1024;

/// Thread ids at or above this are GC threads (`GC_THREAD_BASE + worker`).
pub const GC_THREAD_BASE: u32 = 0xFFFF_0000;
/// The thread id of global chunks (symbols, space events sent outside a collection).
pub const GLOBAL_THREAD: u32 = 0xFFFF_FFFF;

/// Object alignment and the shift between byte offsets and units.
pub const UNIT_SHIFT: u32 = 3;

/// Event ids: the first byte of every event.
pub mod ev {
    // mutator events (per-thread chunks)
    /// 4-byte word `[0x01][site:u16][len8]`; len8 = 0 not an array, 1..=254 length+1,
    /// 255: a u32 length follows. Type, size and address are implied.
    pub const ALLOC: u8 = 0x01;
    /// In the TLAB, explicit type (site's type varies): varint site, type, size_units (0 = implied), len+1.
    pub const ALLOC_TYPED: u8 = 0x02;
    /// In the TLAB, site id above u16: varint site, len+1.
    pub const ALLOC_WIDE: u8 = 0x03;
    /// ALLOC for an array of 254 elements or more: 4-byte word `[0x28][site:u16][length & 0xff]`,
    /// then varint `length >> 8` (5 bytes below 32,768 elements, where ALLOC's escape takes 8).
    pub const ALLOC_LONG: u8 = 0x28;
    /// Outside any TLAB: varint addr_units, site, type, size_units, len+1.
    pub const ALLOC_OUTSIDE: u8 = 0x04;
    /// A run of free cells for the chunk's thread (a free-list allocator's TLAB): varint
    /// start_units, cell_units, count. It replaces the thread's run of that cell size and ends
    /// its TLAB. While the thread has runs and no TLAB, an ALLOC, ALLOC_TYPED or ALLOC_WIDE
    /// object goes to the next cell of the run with the smallest cell it fills exactly or leaves
    /// room for a filler in (at least the minimum object size); a TLAB ends them all.
    pub const CELLS: u8 = 0x05;
    /// In the next cell of the thread's run of `cell`-byte cells, an object that the rule of
    /// CELLS would not put there: varint cell_units, site, type, size_units (0 = implied), len+1.
    pub const ALLOC_CELL: u8 = 0x06;
    /// The thread's run of `cell`-byte cells goes on further in its span: the next run starts
    /// `skip` cells after the end of the current one (those are taken) and has `count` free
    /// cells: varint cell_units, skip, count.
    pub const CELLS_NEXT: u8 = 0x07;
    /// A new TLAB for the chunk's thread: varint start_units, size_units.
    pub const TLAB: u8 = 0x08;
    /// A map of free cells: varint cell_units, varint s, (s = 0: varint start_units), varint
    /// free. Bit i of `free` is the cell `i` cells after the start (bit 0, the start, is set);
    /// the start is `start_units`, or `s - 1` cells after the end of the thread's current run
    /// of that cell size. The map's stretches of set bits are the thread's runs of that cell
    /// size from now on, taken one after the other as objects fill them; it replaces the
    /// earlier run, and the map's end (after its last set bit) is the end a later skip counts
    /// from.
    pub const CELLS_MAP: u8 = 0x29;
    /// varint name length + UTF-8 name.
    pub const THREAD_ALIVE: u8 = 0x09;
    pub const THREAD_DEATH: u8 = 0x0A;
    /// A user mark: varint length + UTF-8 label.
    pub const MARK: u8 = 0x0B;
    /// `--activity`: what the thread ran in one interval (trace clock, µs): varint start_us,
    /// end_us, count, then per method: varint method (a Method symbol), invocations,
    /// bytecodes, objects, bytes_units. A thread may write several for one interval (it
    /// reports at every state change); readers add them up.
    pub const ACTIVITY: u8 = 0x0C;
    /// `--activity`: the thread was in `state` (`ThreadState`) from start_us to end_us:
    /// u8 state, varint start_us, end_us. A thread's spans tile its life.
    pub const THREAD_STATE: u8 = 0x0D;

    // GC events (GC-thread chunks)
    /// varint gc_id, u8 kind, varint cause id, varint time_us.
    pub const GC_START: u8 = 0x10;
    /// varint gc_id, varint time_us.
    pub const GC_END: u8 = 0x11;
    /// One collected space (follows GC_START, precedes any move): varint space id.
    pub const GC_SPACE: u8 = 0x12;
    /// varint start_units, size_units: the GC thread's copy cursor moves there.
    pub const PLAB: u8 = 0x13;
    /// 4-byte word `[0x14][from_units:24]`; destination = the GC thread's cursor.
    pub const MOVE_FAST: u8 = 0x14;
    /// 0x15 + u32 from_units; destination = the GC thread's cursor.
    pub const MOVE_FAST_WIDE: u8 = 0x15;
    /// varint from_units, to_units.
    pub const MOVE: u8 = 0x16;
    /// varint from_units, to_units, count, bytes_units.
    pub const MOVE_REGION: u8 = 0x17;
    /// varint addr_units.
    pub const KEEP_ALIVE: u8 = 0x18;
    /// `--trace-deaths`, just before a GC start: the object at addr_units became unreachable
    /// at `time` (allocated bytes since the start) in method `context` (0 = not observed).
    /// varint addr_units, time, context.
    pub const DEATH: u8 = 0x19;
    /// References (GC thread, before GC end): per kind — soft, weak, final, phantom — the
    /// references the collection discovered, then per kind those it cleared (8 varints).
    pub const REFERENCES: u8 = 0x1A;
    /// The safepoint a pause stopped the world in (GC thread 0, before the pause's GC start):
    /// varint gc_id, requester + 1 (0 = not a Java thread: a collector's controller),
    /// requested_us, all_arrived_us (trace clock: microseconds since the trace start).
    pub const SAFEPOINT: u8 = 0x1B;
    /// One mutator thread reached the preceding SAFEPOINT: varint thread id, arrived_us.
    pub const SAFEPOINT_ARRIVAL: u8 = 0x1C;
    /// One parallel GC worker's share of a phase (GC thread 0, between GC start and GC end):
    /// varint worker, str phase, varint start_us, end_us, objects, bytes, steals.
    pub const GC_WORKER: u8 = 0x1D;
    /// `--trace-pointers`: the GC roots, a whole set or the continuation of one (GC thread 0,
    /// just before a GC end, or global at the end of the run): u8 flags (bit 0: addresses as
    /// the pause leaves them, applied at its GC end; bit 1: continues the preceding Roots
    /// event's set), varint count, then count x (u8 kind, varint address units minus the
    /// previous entry's (entries in address order), varint detail). See `RootKind`.
    pub const ROOTS: u8 = 0x1E;
    /// `--trace-pointers`: the references of objects whose references changed (GC thread 0,
    /// just before a GC end, or global at the end of the run): u8 flags (bit 0: addresses as
    /// the pause leaves them), varint count, then count x (varint address units minus the
    /// previous object's (objects in address order), varint n, then n x (varint slot minus the
    /// previous slot's plus one (slots increasing; a slot is 4 bytes from the object's start),
    /// zigzag varint target units minus the object's units)). An object's record replaces its
    /// references: the null ones are left out.
    pub const POINTERS: u8 = 0x1F;

    // space events (any chunk)
    /// varint id, u8 kind, varint start_units, end_units, varint name length + name.
    pub const SPACE_CREATE: u8 = 0x20;
    /// varint id, u8 kind: the space takes a role.
    pub const SPACE_ALLOC: u8 = 0x21;
    /// varint id: the space is emptied (its objects die).
    pub const SPACE_RELEASE: u8 = 0x22;
    /// varint id, start_units, end_units.
    pub const SPACE_REDEFINE: u8 = 0x23;
    /// varint id: the space is gone (its objects die).
    pub const SPACE_DESTROY: u8 = 0x24;
    /// Heap sync (a rotated trace's prologue, docs/trace-format.md "Rotation"): an object
    /// already in the heap when the file began: varint addr_units, site, type, size_units
    /// (0 = implied), len+1. Not an allocation.
    pub const OBJECT: u8 = 0x25;
    /// `--trace-deaths`, just before a GC start (GC thread 0): the pause's deaths, as DEATH
    /// says each, in address order: u8 flags (0), varint count, then count x (varint address
    /// units minus the previous entry's, zigzag varint time minus the previous entry's (0
    /// before the first), varint context + 1, or 0 for the previous entry's context).
    pub const DEATHS: u8 = 0x26;
    /// GC thread, in a collection: runs of neighbouring objects that stay where they are (as
    /// region moves by zero, without the object count), in address order: u8 flags (0),
    /// varint count, then count x (varint start units minus the previous run's end units (0
    /// before the first), varint size units).
    pub const KEPT_RUNS: u8 = 0x27;

    // symbols (global chunks)
    /// varint id, name, instance_size, elem_size+1 (0 = not an array).
    pub const TYPE: u8 = 0x30;
    /// varint id, class, method, bci, line+1 (0 unknown), usual type+1 (0 none).
    pub const SITE: u8 = 0x31;
    /// varint id, name.
    pub const CAUSE: u8 = 0x32;
    /// A method, the context of deaths and the unit of code activity: varint id (>= 1),
    /// str class, str name, str descriptor.
    pub const METHOD: u8 = 0x33;
    /// `--trace-pointers`: the reference fields of an instance type, for printing paths:
    /// varint type id, count, then count x (varint slot, str name) — inherited fields too.
    pub const FIELDS: u8 = 0x34;
    /// `--trace-pointers`: a static reference field, the detail of a static-field root:
    /// varint id, str class, str field.
    pub const STATIC: u8 = 0x35;
}

/// The death context of Death events whose cause the VM did not observe (a reference dropped
/// from the operand stack, cleared by the collector, held by a dead thread...).
pub const CONTEXT_UNKNOWN: u32 = 0;

/// How a collector hands a trace a death's time and context in one word
/// (`writer::PackedDeaths`): the time above these low bits, the context in them.
pub const DEATH_CONTEXT_BITS: u32 = 24;

/// A death's time and context packed as `DEATH_CONTEXT_BITS` says (time below 2^40).
#[inline]
pub fn pack_death(time: u64, context: u32) -> u64 {
    (time << DEATH_CONTEXT_BITS) | (context as u64 & ((1 << DEATH_CONTEXT_BITS) - 1))
}

/// The time and context `pack_death` packed.
#[inline]
pub fn unpack_death(word: u64) -> (u64, u32) {
    (
        word >> DEATH_CONTEXT_BITS,
        (word & ((1 << DEATH_CONTEXT_BITS) - 1)) as u32,
    )
}

/// A mask of the `n` low bits of a word (all 64 for `n` ≥ 64): the cells of a Cells map
/// event before its `n`-th.
pub fn mask_below(n: u64) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// The next stretch of free cells in a Cells map's bits `map` (bit i: the cell `i` cells on):
/// its first cell, its length, and the bits left after it; None when no bit is set. The
/// allocator, the writer and the reader all take a map's stretches this way, in address order.
pub fn next_stretch(map: u64) -> Option<(u64, u64, u64)> {
    if map == 0 {
        return None;
    }
    let first = map.trailing_zeros() as u64;
    let len = (map >> first).trailing_ones() as u64;
    Some((first, len, map & !mask_below(first + len)))
}

/// Fast allocation events carry the site in 16 bits.
pub const FAST_SITE_LIMIT: u32 = 1 << 16;
/// Fast allocation events carry `array length + 1` in 8 bits; 255 escapes to a u32 (readers
/// read it; the writer writes ALLOC_LONG instead).
pub const LEN8_ESCAPE: u32 = 255;
/// Fast moves carry the source in 24 bits of units (the first 128 MB of the heap).
pub const MOVE_FAST_LIMIT: u64 = 1 << 24;

/// Site 0 is predefined: VM-internal allocations with no usual type (use typed/explicit events).
pub const SITE_VM: u32 = 0;

/// Header flag: the trace records code activity and thread states (`gcvm run --activity`):
/// Activity and Thread State events, Method symbols for every loaded method.
pub const HEADER_FLAG_ACTIVITY: u16 = 4;

/// Header flag: the trace records pointers and roots (`gcvm run --trace-pointers`): Roots
/// and Pointers events, Fields and Static symbols.
pub const HEADER_FLAG_POINTERS: u16 = 8;
/// Header flag: the file is part of a rotated set (`gcvm run --trace-max-size`): the header
/// ends with a u32 sequence number, and the file's prologue chunks restate the state the
/// previous file ended with.
pub const HEADER_FLAG_ROTATED: u16 = 16;

/// Roots and Pointers events: addresses as the pause leaves them (applied at its GC end).
pub const POINTERS_AT_GC_END: u8 = 1;
/// Roots events: this event continues the preceding one's root set.
pub const ROOTS_CONTINUED: u8 = 2;
/// Pointers events: the references as they were at the end of the last marking pause that
/// collected nothing (an initial mark), written by the pause that completes or abandons that
/// marking; addresses as at that marking pause's end (docs/trace-format.md, "The graph at an
/// initial mark").
pub const POINTERS_OF_MARKING: u8 = 2;
/// Objects per Pointers event and roots per Roots event, at most (events stay small).
pub const POINTER_BATCH: usize = 1024;

/// What holds a GC root (one byte in Roots events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum RootKind {
    /// A static field of a class; the detail is a Static symbol.
    StaticField = 0,
    /// A local variable or operand-stack slot of a Java frame, or a native frame's argument;
    /// the detail is the thread id.
    ThreadStack = 1,
    /// The VM's own references: global handles (detail 0) and a thread's handles and pending
    /// exception (detail: the thread id).
    VmInternal = 2,
    /// An object whose monitor a frame holds; the detail is the thread id.
    Monitor = 3,
    /// A cleared reference waiting for the Reference Handler to enqueue it.
    ReferenceQueue = 4,
    /// The `java.lang.Class` object of a loaded class; the detail is the class's type id.
    ClassMirror = 5,
    /// An interned string (string literals and `String.intern`).
    InternedString = 6,
    /// A running thread's `java.lang.Thread` object; the detail is the thread id.
    ThreadObject = 7,
}

impl RootKind {
    pub const ALL: [RootKind; 8] = [
        RootKind::StaticField,
        RootKind::ThreadStack,
        RootKind::VmInternal,
        RootKind::Monitor,
        RootKind::ReferenceQueue,
        RootKind::ClassMirror,
        RootKind::InternedString,
        RootKind::ThreadObject,
    ];

    pub fn from_code(code: u8) -> Option<RootKind> {
        RootKind::ALL.get(code as usize).copied()
    }

    pub fn code(self) -> u8 {
        self as u8
    }

    /// The name tools print (and JSON carries).
    pub fn label(self) -> &'static str {
        match self {
            RootKind::StaticField => "static field",
            RootKind::ThreadStack => "thread stack",
            RootKind::VmInternal => "VM internal",
            RootKind::Monitor => "monitor",
            RootKind::ReferenceQueue => "reference queue",
            RootKind::ClassMirror => "class",
            RootKind::InternedString => "interned string",
            RootKind::ThreadObject => "thread",
        }
    }
}

/// What a thread is doing (JIVE's thread states), one byte in Thread State events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ThreadState {
    /// Running Java code (or the VM on its behalf).
    Running = 0,
    /// Waiting to enter a contended monitor.
    Blocked = 1,
    /// Object.wait, LockSupport.park, Thread.join, a reference queue, another thread's class
    /// initialisation.
    Waiting = 2,
    /// Thread.sleep.
    Sleeping = 3,
    /// Stopped at a safepoint while other threads are still on their way to it.
    Safepoint = 4,
    /// Stopped while a collection (or another safepoint operation) runs.
    Gc = 5,
    /// In native code that may block: file and console I/O, System.exit, yield.
    Native = 6,
}

impl ThreadState {
    pub const ALL: [ThreadState; 7] = [
        ThreadState::Running,
        ThreadState::Blocked,
        ThreadState::Waiting,
        ThreadState::Sleeping,
        ThreadState::Safepoint,
        ThreadState::Gc,
        ThreadState::Native,
    ];

    pub fn from_u8(b: u8) -> Option<ThreadState> {
        ThreadState::ALL.get(b as usize).copied()
    }

    /// The name the trace tools, the streams and the viewer use.
    pub fn name(self) -> &'static str {
        match self {
            ThreadState::Running => "running",
            ThreadState::Blocked => "blocked",
            ThreadState::Waiting => "waiting",
            ThreadState::Sleeping => "sleeping",
            ThreadState::Safepoint => "safepoint",
            ThreadState::Gc => "gc",
            ThreadState::Native => "native",
        }
    }

    pub fn from_name(name: &str) -> Option<ThreadState> {
        ThreadState::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One method's share of a thread's interval (an Activity event's entry).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MethodActivity {
    /// The Method symbol's id (>= 1).
    pub method: u32,
    /// Calls that entered the method.
    pub invocations: u64,
    /// Instructions executed in it (a superinstruction counts the instructions it stands for).
    pub bytecodes: u64,
    /// Objects allocated while it was the running frame, and their bytes.
    pub objects: u64,
    pub bytes: u64,
}

/// What a space is used for. Encoded as one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TraceSpaceKind {
    Other = 0,
    Eden = 1,
    Survivor = 2,
    Old = 3,
    /// The semispace half mutators allocate into.
    SemiFrom = 4,
    /// The empty semispace half.
    SemiTo = 5,
    Humongous = 6,
    /// A humongous object's continuation region.
    HumongousCont = 7,
    Free = 8,
}

impl TraceSpaceKind {
    pub fn from_u8(b: u8) -> Option<TraceSpaceKind> {
        use TraceSpaceKind::*;
        Some(match b {
            0 => Other,
            1 => Eden,
            2 => Survivor,
            3 => Old,
            4 => SemiFrom,
            5 => SemiTo,
            6 => Humongous,
            7 => HumongousCont,
            8 => Free,
            _ => return None,
        })
    }
    pub fn label(self) -> &'static str {
        use TraceSpaceKind::*;
        match self {
            Other => "other",
            Eden => "eden",
            Survivor => "survivor",
            Old => "old",
            SemiFrom => "from",
            SemiTo => "to",
            Humongous => "humongous",
            HumongousCont => "humongous-cont",
            Free => "free",
        }
    }
}

/// The size of an object implied by its type: `instance_size` for instances, and for arrays
/// `align8(array_header + elem_size * len)`, at least `min_size`.
pub fn implied_size(
    instance_size: u32,
    elem_size: Option<u32>,
    array_len: u32,
    array_header: u32,
    min_size: u32,
) -> u64 {
    let raw = match elem_size {
        None => instance_size as u64,
        Some(e) => array_header as u64 + e as u64 * array_len as u64,
    };
    ((raw + 7) & !7).max(min_size as u64)
}

/// Appends `v` as unsigned LEB128.
#[inline]
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The bytes `put_varint` writes for `v`.
#[inline]
pub fn varint_len(v: u64) -> usize {
    (64 - (v | 1).leading_zeros() as usize).div_ceil(7)
}

/// Appends `v` zigzag-encoded (small magnitudes, either sign, in few bytes) as LEB128.
#[inline]
pub fn put_zigzag(out: &mut Vec<u8>, v: i64) {
    put_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// The signed value of a zigzag-encoded varint.
#[inline]
pub fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

/// Appends a length-prefixed UTF-8 string.
pub fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Writes `v` as LEB128 into `buf` at `pos`; returns the new position. `buf` must have room
/// for 10 bytes.
#[inline]
pub fn write_varint_at(buf: &mut [u8], mut pos: usize, mut v: u64) -> usize {
    while v >= 0x80 {
        buf[pos] = (v as u8) | 0x80;
        pos += 1;
        v >>= 7;
    }
    buf[pos] = v as u8;
    pos + 1
}

/// The fixed header fields (docs/trace-format.md, "Header").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceHeader {
    pub version: u16,
    pub flags: u16,
    /// Object alignment in bytes (8).
    pub alignment: u8,
    /// Shift from a compressed reference to a byte offset (3).
    pub ref_shift: u8,
    /// Bytes before the first array element (16).
    pub array_header: u16,
    /// The smallest object (16).
    pub min_object_size: u16,
    /// Maximum heap size in bytes (0 unknown).
    pub heap_size: u64,
    /// Trace start, milliseconds since the Unix epoch.
    pub start_unix_ms: u64,
    pub collector: String,
    pub program: String,
    /// A rotated set's file: its sequence number (`HEADER_FLAG_ROTATED`).
    pub sequence: Option<u32>,
}

impl TraceHeader {
    /// Serialises the header: magic, version, flags, rest length, then the rest.
    pub fn encode(&self) -> Vec<u8> {
        let mut rest = Vec::new();
        rest.push(self.alignment);
        rest.push(self.ref_shift);
        rest.extend_from_slice(&self.array_header.to_le_bytes());
        rest.extend_from_slice(&self.min_object_size.to_le_bytes());
        rest.extend_from_slice(&0u16.to_le_bytes());
        rest.extend_from_slice(&self.heap_size.to_le_bytes());
        rest.extend_from_slice(&self.start_unix_ms.to_le_bytes());
        for s in [&self.collector, &self.program] {
            let b = s.as_bytes();
            let n = b.len().min(u16::MAX as usize);
            rest.extend_from_slice(&(n as u16).to_le_bytes());
            rest.extend_from_slice(&b[..n]);
        }
        if let Some(seq) = self.sequence {
            rest.extend_from_slice(&seq.to_le_bytes());
        }
        let mut out = Vec::with_capacity(16 + rest.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.extend_from_slice(&(rest.len() as u32).to_le_bytes());
        out.extend_from_slice(&rest);
        out
    }
}

/// Encodes a record header.
pub fn encode_record_header(
    kind: u8,
    flags: u8,
    thread: u32,
    epoch: u32,
    raw_len: u32,
    stored_len: u32,
    crc: u32,
) -> [u8; RECORD_HEADER_SIZE] {
    let mut h = [0u8; RECORD_HEADER_SIZE];
    h[0] = kind;
    h[1] = flags;
    h[4..8].copy_from_slice(&thread.to_le_bytes());
    h[8..12].copy_from_slice(&epoch.to_le_bytes());
    h[12..16].copy_from_slice(&raw_len.to_le_bytes());
    h[16..20].copy_from_slice(&stored_len.to_le_bytes());
    h[20..24].copy_from_slice(&crc.to_le_bytes());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varint_len_counts_the_bytes_put_varint_writes() {
        for v in [0, 1, 127, 128, 16_383, 16_384, 1 << 35, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            assert_eq!(varint_len(v), out.len(), "{v}");
        }
    }

    #[test]
    fn implied_size_matches_gcvm_layout() {
        // int[3]: 16 + 12 = 28 -> 32; byte[0]: 16; instance sizes are taken as given.
        assert_eq!(implied_size(0, Some(4), 3, 16, 16), 32);
        assert_eq!(implied_size(0, Some(1), 0, 16, 16), 16);
        assert_eq!(implied_size(24, None, 0, 16, 16), 24);
    }

    #[test]
    fn varint_round_trips_at_the_edges() {
        for v in [0u64, 1, 127, 128, 16383, 16384, u32::MAX as u64, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut buf = [0u8; 10];
            let n = write_varint_at(&mut buf, 0, v);
            assert_eq!(&buf[..n], &out[..]);
            let mut x = 0u64;
            for (i, b) in out.iter().enumerate() {
                x |= ((b & 0x7f) as u64) << (7 * i);
            }
            assert_eq!(x, v);
        }
    }
}
