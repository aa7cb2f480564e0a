//! Steps inside a collection (docs/stream-format.md, "Steps inside a collection"): the one
//! way a collector takes a step frame. `take` asks the sink `wants_step` first — with nobody
//! watching that is the whole cost (one atomic load) — and only then lists the spaces, words
//! the title and lets the sink bin the heap of the moment through `fill`.

use crate::collector::SpaceInfo;
use crate::memory::HeapMemory;
use crate::object::{Ref, TypeRegistry, FILLER_TYPE};
use crate::shared::controller::VmControl;
use gcvm_tracer::stream::steps::ProgressCounter;
use gcvm_tracer::stream::tiles::Bins;
use gcvm_tracer::stream::{StepInfo, StepKind, Tiler};
use gcvm_tracer::GcEventSink;
use std::time::{Duration, Instant};

/// Takes a frame of step `kind` if the sink wants one: `spaces` lists the heap's spaces now,
/// `title` words the step with the numbers of the moment, `fill` bins objects and the
/// collector's step streams. Returns whether the sink wanted it.
pub fn take(
    events: &mut dyn GcEventSink,
    kind: &'static StepKind,
    spaces: impl FnOnce() -> Vec<SpaceInfo>,
    title: impl FnOnce() -> String,
    mut fill: impl FnMut(&mut Tiler),
) -> bool {
    if !events.wants_step(kind) {
        return false;
    }
    let spaces = crate::trace_spaces(&spaces());
    events.step(&StepInfo::new(kind, title()), &spaces, &mut fill);
    true
}

/// Calls `f(addr, size)` for each object of the parseable range `[start, end)`, fillers left
/// out.
#[inline]
fn each_object(
    memory: &HeapMemory,
    types: &TypeRegistry,
    start: usize,
    end: usize,
    mut f: impl FnMut(u64, u64),
) {
    let mut at = start;
    while at < end {
        let obj = Ref::from_offset(at);
        let size = memory.object_size(types, obj);
        if memory.type_id(obj) != FILLER_TYPE {
            f(at as u64, size as u64);
        }
        at += size;
    }
}

/// Bins the objects of the parseable range `[start, end)` (fillers left out) into a frame.
pub fn tile_range(
    memory: &HeapMemory,
    types: &TypeRegistry,
    tiles: &mut Tiler,
    start: usize,
    end: usize,
) {
    each_object(memory, types, start, end, |at, size| tiles.object(at, size));
}

/// Bins the objects of the parseable range `[start, end)` (fillers left out) into `bins`,
/// after those binned there before: objects that stay put over several frames of a pause
/// are walked once, not once per frame.
pub fn bin_range(
    memory: &HeapMemory,
    types: &TypeRegistry,
    bins: &mut Bins,
    start: usize,
    end: usize,
) {
    each_object(memory, types, start, end, |at, size| bins.object(at, size));
}

/// `bytes` in KB, for titles.
pub fn kb(bytes: u64) -> u64 {
    bytes.div_ceil(1024)
}

/// The progress steps of one concurrent phase (marking, sweeping) of collection `gc`: counts
/// the work done and, every `--stream-step-kb` KB, asks the VM for a step frame (the world
/// stopped as for a tick). `gc_ms` excludes the time the frames took.
pub struct ConcurrentSteps {
    kind: &'static StepKind,
    gc: u32,
    started: Instant,
    gathering: Duration,
    n: u32,
    progress: ProgressCounter,
    total: u64,
}

impl ConcurrentSteps {
    pub fn new(kind: &'static StepKind, gc: u32) -> ConcurrentSteps {
        ConcurrentSteps {
            kind,
            gc,
            started: Instant::now(),
            gathering: Duration::ZERO,
            n: 0,
            progress: ProgressCounter::default(),
            total: 0,
        }
    }

    /// Is anybody watching this kind (worth counting bytes for)?
    pub fn watched(&self, vm: &dyn VmControl) -> bool {
        vm.wants_step(self.kind)
    }

    /// Counts `bytes` of work done; when a step is due, takes it: `title` words it from the
    /// bytes done so far in the phase, `fill` adds the collector's streams; `current` says
    /// whether the phase still runs (a pause may have abandoned it: then no frame).
    pub fn add(
        &mut self,
        vm: &dyn VmControl,
        bytes: u64,
        title: impl FnOnce(u64) -> String,
        current: &dyn Fn() -> bool,
        fill: &mut dyn FnMut(&mut Tiler),
    ) {
        self.total += bytes;
        self.progress.add(bytes, 0);
        if !self.progress.due(vm.step_granularity()) {
            return;
        }
        self.progress.taken();
        if !vm.wants_step(self.kind) {
            return;
        }
        let t = Instant::now();
        self.n += 1;
        let gc_ms = t
            .saturating_duration_since(self.started)
            .saturating_sub(self.gathering)
            .as_secs_f64()
            * 1e3;
        let info = StepInfo::new(self.kind, title(self.total));
        vm.concurrent_step(self.gc, self.n, gc_ms, &info, current, fill);
        self.gathering += t.elapsed();
    }
}
