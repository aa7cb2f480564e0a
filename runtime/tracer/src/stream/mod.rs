//! Heap streams: GCspy's model of a heap you can watch (docs/stream-format.md).
//!
//! The heap is shown as *spaces*, each cut into equal *tiles* (GCspy's blocks) of
//! `tile_size` bytes. A *stream* gives one integer per tile (used bytes, object count, the
//! region role, remembered-set cards ...), and a *frame* carries, at one *event* (a GC's start
//! or end, a mutator-time tick), every space's tiles with the values of its streams, a
//! *control* byte per tile (used / unused / background), *separators* (boundaries drawn
//! between tiles, e.g. where regions start), and a *summary* (one total per stream).
//!
//! Who does what:
//! - `tiles`: the layout of stream spaces from the heap's spaces, and the `Tiler` that bins
//!   objects into tiles. The VM (live, from its own heap) and `gcvm tiles` (offline, from a
//!   trace's rebuilt heap) both use it, so the streams they can both compute are equal by
//!   construction of the same rules over the same objects — a test checks they are.
//! - `codec`: the bootstrap (JSON) and frames (a JSON header and little-endian `u32` arrays)
//!   as they travel to the viewer and into recordings.
//! - `record`: recording files (`--stream-record`): the bootstrap and every frame, gzipped.
//! - `hub`: what the VM (or a replay) publishes frames to: event filters, pause / step,
//!   fan-out to clients that never blocks the VM, the recorder.
//! - `server`: the loopback HTTP + WebSocket server that serves the viewer and the protocol.

pub mod activity;
pub mod codec;
pub mod hub;
pub mod record;
pub mod region_steps;
pub mod server;
pub mod steps;
pub mod tiles;

pub use codec::{Bootstrap, Frame, FrameSpace, StreamValues};
pub use hub::{EventFilter, StreamHub};
pub use steps::{StepDef, StepGranularity, StepHeader, StepInfo, StepKind};
pub use tiles::{layout, Bins, SpaceLayout, Tiler};

/// The events at which frames are gathered, in the order of the bootstrap's event table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StreamEvent {
    /// A pause begins (the heap as the mutators left it).
    GcStart = 0,
    /// A pause ends (the heap as the collector left it).
    GcEnd = 1,
    /// A step inside a collection (docs/stream-format.md, "Steps inside a collection"): the
    /// frame's header names the step's kind; each kind has a filter of its own too.
    Step = 2,
    /// A mutator-time tick (`--stream-tick`): the world is stopped briefly, nothing collected.
    Tick = 3,
}

pub const EVENT_COUNT: usize = 4;

impl StreamEvent {
    pub const ALL: [StreamEvent; EVENT_COUNT] = [
        StreamEvent::GcStart,
        StreamEvent::GcEnd,
        StreamEvent::Step,
        StreamEvent::Tick,
    ];

    /// The name the protocol and the recordings use.
    pub fn name(self) -> &'static str {
        match self {
            StreamEvent::GcStart => "gc-start",
            StreamEvent::GcEnd => "gc-end",
            StreamEvent::Step => "step",
            StreamEvent::Tick => "tick",
        }
    }

    pub fn from_name(name: &str) -> Option<StreamEvent> {
        StreamEvent::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The event of a recorded frame: as `from_name`, and recordings made before steps existed
    /// name mark-compact's one frame inside a pause `phase-end`, which is a step without a
    /// `step` member (a viewer shows it as "phase ended").
    pub fn from_recorded_name(name: &str) -> Option<StreamEvent> {
        match name {
            "phase-end" => Some(StreamEvent::Step),
            _ => StreamEvent::from_name(name),
        }
    }

    pub fn from_index(i: usize) -> Option<StreamEvent> {
        StreamEvent::ALL.get(i).copied()
    }
}

/// How the viewer shows a stream's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presentation {
    /// The value as it is, with its unit.
    Plain,
    /// The value as a percentage of the stream's `max` (e.g. used bytes of the tile size).
    Percent,
    /// The value is an index into these labels (the region role).
    Enum(Vec<String>),
}

/// One stream: a named attribute of every tile of the spaces that carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamDef {
    /// The stream's number: the index into the bootstrap's stream table.
    pub id: u16,
    pub name: String,
    pub description: String,
    /// "bytes", "objects", "cards", "" ...
    pub unit: String,
    pub presentation: Presentation,
    /// The largest value a tile may hold (0: unbounded; the viewer scales to the frame's max).
    pub max: u64,
    /// The colour of a full tile, as `#rrggbb`.
    pub colour: String,
    /// Can it be recomputed from an object-level trace (`gcvm tiles`)?
    pub from_trace: bool,
}

/// Per-tile control values (GCspy's control stream).
pub mod control {
    /// Tiles of heap in use: drawn with the stream's value.
    pub const USED: u8 = 0;
    /// Tiles of the space that hold no memory now (reserved, uncommitted): drawn pale.
    pub const UNUSED: u8 = 1;
    /// Tiles of memory that is idle (the empty semispace, free regions): drawn as background.
    pub const BACKGROUND: u8 = 2;
}

/// Stream ids of the streams every collector has, computed by `Tiler` from objects and spaces.
pub mod standard {
    /// Bytes of objects in the tile (an object spanning tiles counts in each for its part).
    pub const USED: u16 = 0;
    /// Objects whose first byte is in the tile.
    pub const OBJECTS: u16 = 1;
    /// The kind of space (the role, for regions) the tile belongs to.
    pub const ROLE: u16 = 2;
    /// How many standard streams there are: collector streams are numbered from here.
    pub const COUNT: u16 = 3;
}

/// The labels of the `role` stream, indexed by `TraceSpaceKind as u8`, plus "uncommitted".
pub fn role_labels() -> Vec<String> {
    (0..=8u8)
        .map(|k| {
            crate::TraceSpaceKind::from_u8(k)
                .unwrap()
                .label()
                .to_string()
        })
        .chain(std::iter::once("uncommitted".to_string()))
        .collect()
}

/// The role value of memory no space covers.
pub const ROLE_UNCOMMITTED: u32 = 9;

/// The standard streams, for a heap cut into tiles of `tile_size` bytes.
pub fn standard_streams(tile_size: u64) -> Vec<StreamDef> {
    vec![
        StreamDef {
            id: standard::USED,
            name: "used".into(),
            description: "bytes of objects in the tile".into(),
            unit: "bytes".into(),
            presentation: Presentation::Percent,
            max: tile_size,
            colour: "#d62728".into(),
            from_trace: true,
        },
        StreamDef {
            id: standard::OBJECTS,
            name: "objects".into(),
            description: "objects starting in the tile".into(),
            unit: "objects".into(),
            presentation: Presentation::Plain,
            max: tile_size / 16,
            colour: "#1f77b4".into(),
            from_trace: true,
        },
        StreamDef {
            id: standard::ROLE,
            name: "role".into(),
            description: "what the space (or region) holding the tile is used for".into(),
            unit: String::new(),
            presentation: Presentation::Enum(role_labels()),
            max: ROLE_UNCOMMITTED as u64,
            colour: "#2ca02c".into(),
            from_trace: true,
        },
    ]
}

/// Parses a size such as `8k`, `128K`, `1m`, `4096` (bytes).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, mult) = match t.chars().last().map(|c| c.to_ascii_lowercase()) {
        Some('k') => (&t[..t.len() - 1], 1u64 << 10),
        Some('m') => (&t[..t.len() - 1], 1 << 20),
        Some('g') => (&t[..t.len() - 1], 1 << 30),
        _ => (t, 1),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("invalid size '{s}' (expected e.g. 8k, 1m, 4096)"))?;
    n.checked_mul(mult)
        .filter(|&v| v > 0)
        .ok_or_else(|| format!("invalid size '{s}' (must be positive)"))
}

/// Checks a tile size: a power of two from 256 bytes to 64 MB.
pub fn check_tile_size(size: u64) -> Result<u64, String> {
    if !size.is_power_of_two() || !(256..=(64 << 20)).contains(&size) {
        return Err(format!(
            "invalid tile size {size}: must be a power of two from 256 bytes to 64m"
        ));
    }
    Ok(size)
}
