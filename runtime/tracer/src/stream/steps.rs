//! Steps inside a collection (docs/stream-format.md, "Steps inside a collection"): what a
//! collector declares (`StepKind`, listed in the bootstrap as `StepDef`s), what it says at each
//! step (`StepInfo`), and what a step frame's header carries (`StepHeader`).
//!
//! A collector asks its event sink `wants_step(kind)` before doing any work for a step frame
//! (one atomic load when nobody watches), then calls `step` with a closure that bins the heap
//! of the moment into a `Tiler`.

use serde_json::{json, Value};

/// One kind of step a collector takes, declared once (a `static`), in the order they come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepKind {
    /// `collector.step`, e.g. `region.evacuated`: what breakpoints and filters name.
    pub kind: &'static str,
    /// A short name for lists and legends ("region evacuated").
    pub name: &'static str,
    /// One sentence for a student: what the step does and what the picture shows.
    pub explain: &'static str,
    /// Taken while the program runs (marking, sweeping): the VM stops the world only to gather.
    pub concurrent: bool,
    /// Repeats as the work goes (every N KB or N regions).
    pub progress: bool,
}

impl StepKind {
    pub fn def(&self) -> StepDef {
        StepDef {
            kind: self.kind.into(),
            name: self.name.into(),
            explain: self.explain.into(),
            concurrent: self.concurrent,
            progress: self.progress,
        }
    }
}

/// A step kind as the bootstrap lists it (owned: decoded from recordings too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepDef {
    pub kind: String,
    pub name: String,
    pub explain: String,
    pub concurrent: bool,
    pub progress: bool,
}

impl StepDef {
    pub fn to_json(&self) -> Value {
        json!({"kind": self.kind, "name": self.name, "explain": self.explain,
               "concurrent": self.concurrent, "progress": self.progress})
    }

    pub fn from_json(v: &Value) -> Result<StepDef, String> {
        let text = |k: &str| {
            v[k].as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("step definition has no '{k}'"))
        };
        Ok(StepDef {
            kind: text("kind")?,
            name: text("name")?,
            explain: text("explain")?,
            concurrent: v["concurrent"].as_bool().unwrap_or(false),
            progress: v["progress"].as_bool().unwrap_or(false),
        })
    }
}

/// What a collector says at one step: its kind, the title with the numbers of the moment, and
/// optionally an explanation more precise than the kind's.
#[derive(Clone, Debug)]
pub struct StepInfo {
    pub kind: &'static StepKind,
    pub title: String,
    pub explain: Option<String>,
}

impl StepInfo {
    pub fn new(kind: &'static StepKind, title: impl Into<String>) -> StepInfo {
        StepInfo {
            kind,
            title: title.into(),
            explain: None,
        }
    }

    pub fn explained(mut self, explain: impl Into<String>) -> StepInfo {
        self.explain = Some(explain.into());
        self
    }
}

/// The `step` member of a step frame's header.
#[derive(Clone, Debug, PartialEq)]
pub struct StepHeader {
    pub kind: String,
    pub title: String,
    pub explain: String,
    /// The step's number within its pause (from 1), or within its concurrent phase.
    pub n: u32,
    pub concurrent: bool,
    /// The collector's own time so far in the pause (or phase), frame gathering excluded.
    pub gc_ms: f64,
}

impl StepHeader {
    /// The header of step `info`, the `n`-th of its pause, `gc_ms` into it.
    pub fn of(info: &StepInfo, n: u32, gc_ms: f64) -> StepHeader {
        StepHeader {
            kind: info.kind.kind.into(),
            title: info.title.clone(),
            explain: info
                .explain
                .clone()
                .unwrap_or_else(|| info.kind.explain.into()),
            n,
            concurrent: info.kind.concurrent,
            gc_ms,
        }
    }

    pub fn to_json(&self) -> Value {
        json!({"kind": self.kind, "title": self.title, "explain": self.explain, "n": self.n,
               "concurrent": self.concurrent, "gc_ms": self.gc_ms})
    }

    pub fn from_json(v: &Value) -> Result<StepHeader, String> {
        let text = |k: &str| {
            v[k].as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("frame header: step has no '{k}'"))
        };
        Ok(StepHeader {
            kind: text("kind")?,
            title: text("title")?,
            explain: text("explain")?,
            n: v["n"]
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or("frame header: step has no 'n'")?,
            concurrent: v["concurrent"].as_bool().unwrap_or(false),
            gc_ms: v["gc_ms"].as_f64().unwrap_or(0.0),
        })
    }
}

/// How fine progress steps are (`--stream-step-kb`, `--stream-step-regions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepGranularity {
    /// A progress step every this many bytes copied, scanned, marked or swept.
    pub bytes: u64,
    /// A `region.evacuated` step every this many regions (or `bytes`, whichever first).
    pub regions: u32,
}

impl Default for StepGranularity {
    fn default() -> Self {
        StepGranularity {
            bytes: 256 << 10,
            regions: 1,
        }
    }
}

/// The largest `--stream-step-kb` (1 GB per step) and `--stream-step-regions`.
pub const MAX_STEP_KB: u64 = 1 << 20;
pub const MAX_STEP_REGIONS: u32 = 1 << 16;

/// Counts work done towards the next progress step: `add` the bytes (and regions) done; `due`
/// says when a step is owed, and `taken` starts counting again.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgressCounter {
    bytes: u64,
    regions: u32,
}

impl ProgressCounter {
    pub fn add(&mut self, bytes: u64, regions: u32) {
        self.bytes += bytes;
        self.regions += regions;
    }

    pub fn due(&self, g: StepGranularity) -> bool {
        self.bytes >= g.bytes.max(1) || (g.regions > 0 && self.regions >= g.regions)
    }

    pub fn taken(&mut self) {
        *self = ProgressCounter::default();
    }

    pub fn pending(&self) -> bool {
        self.bytes > 0 || self.regions > 0
    }
}
