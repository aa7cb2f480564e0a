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

/// The objects of a bump-allocated space `[start, top)`, binned as its top moves: between
/// two collections nothing below the top changes place or size (every mutator is flushed
/// for a frame, its TLAB's tail a filler for good), so each frame bins only the objects
/// allocated since the last one. `epoch` names the space's contents (the collector's count of
/// collections): another epoch, start or tile size starts over.
#[derive(Clone, Debug)]
pub struct BumpBins {
    start: usize,
    epoch: u64,
    binned_to: usize,
    bins: Bins,
}

impl BumpBins {
    /// The bins of `[start, top)` in `epoch`, extending `cached` or starting it over.
    #[allow(clippy::too_many_arguments)]
    pub fn update<'a>(
        cached: &'a mut Option<BumpBins>,
        memory: &HeapMemory,
        types: &TypeRegistry,
        start: usize,
        top: usize,
        epoch: u64,
        tile_size: u64,
    ) -> &'a Bins {
        let current = cached.as_ref().is_some_and(|b| {
            b.start == start
                && b.epoch == epoch
                && b.bins.tile_size() == tile_size
                && b.binned_to <= top
        });
        if !current {
            *cached = Some(BumpBins {
                start,
                epoch,
                binned_to: start,
                bins: Bins::new(start as u64, tile_size),
            });
        }
        let b = cached.as_mut().expect("set above");
        bin_range(memory, types, &mut b.bins, b.binned_to, top);
        b.binned_to = top;
        &b.bins
    }
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
    /// Bytes counted since the last frame was due (`until_due`).
    since_due: u64,
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
            since_due: 0,
        }
    }

    /// Is anybody watching this kind (worth counting bytes for)?
    pub fn watched(&self, vm: &dyn VmControl) -> bool {
        vm.wants_step(self.kind)
    }

    /// The `-Xlog:gc*` line (tags `gc,streams`) of phase `phase` that took `took` in all, if
    /// it sent step frames: the time the frames took (the world stopped for each) apart from
    /// the phase's own work, as a pause's `Step frames` line.
    pub fn log_line(&self, phase: &str, took: Duration) -> Option<String> {
        (self.n > 0).then(|| {
            format!(
                "GC({}) {phase} step frames {}: gathering {:.3}ms, GC work {:.3}ms",
                self.gc,
                self.n,
                self.gathering.as_secs_f64() * 1e3,
                took.saturating_sub(self.gathering).as_secs_f64() * 1e3,
            )
        })
    }

    /// Bytes of work left before the next frame is due: parallel workers stop their round of
    /// work there, so that the frame shows the heap at a step boundary.
    pub fn until_due(&self, vm: &dyn VmControl) -> u64 {
        vm.step_granularity()
            .bytes
            .max(1)
            .saturating_sub(self.since_due)
            .max(1)
    }

    /// `add` for a concurrent marking: `bytes` marked, the title the bytes marked so far.
    pub fn add_marked(
        &mut self,
        vm: &dyn VmControl,
        bytes: u64,
        current: &dyn Fn() -> bool,
        fill: &mut dyn FnMut(&mut Tiler),
    ) {
        let title = |total| format!("Marking: {} KB marked so far", kb(total));
        self.add(vm, bytes, title, current, fill);
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
        self.since_due += bytes;
        self.progress.add(bytes, 0);
        if !self.progress.due(vm.step_granularity()) {
            return;
        }
        self.progress.taken();
        self.since_due = 0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::RESERVED_PREFIX;
    use crate::object::{Shape, TypeInfo};

    const NODE: u32 = 10;

    fn heap() -> (HeapMemory, TypeRegistry) {
        let memory = HeapMemory::reserve(4 << 20).unwrap();
        let types = TypeRegistry::new();
        let node = TypeInfo {
            name: "Node".into(),
            shape: Shape::Instance {
                size: 24,
                ref_offsets: Box::new([]),
            },
        };
        types.register(NODE, node).unwrap();
        (memory, types)
    }

    /// `n` nodes from `at`, then a filler of `gap` bytes; returns the end.
    fn allocate(memory: &HeapMemory, at: usize, n: usize, gap: usize) -> usize {
        for k in 0..n {
            memory.init_header(at + 24 * k, NODE);
        }
        let end = at + 24 * n;
        if gap > 0 {
            memory.fill_gap(end, end + gap);
        }
        end + gap
    }

    fn whole(memory: &HeapMemory, types: &TypeRegistry, start: usize, top: usize) -> Bins {
        let mut bins = Bins::new(start as u64, 1024);
        bin_range(memory, types, &mut bins, start, top);
        bins
    }

    #[test]
    fn bump_bins_extended_as_the_top_moves_equal_the_whole_range_binned_at_once() {
        let (memory, types) = heap();
        let start = RESERVED_PREFIX;
        let mut cached = None;
        let mut top = start;
        for (n, gap) in [(100, 40), (7, 0), (300, 1000), (1, 16)] {
            top = allocate(&memory, top, n, gap);
            let bins = BumpBins::update(&mut cached, &memory, &types, start, top, 0, 1024);
            assert_eq!(*bins, whole(&memory, &types, start, top));
        }
    }

    #[test]
    fn bump_bins_of_another_epoch_start_over() {
        let (memory, types) = heap();
        let start = RESERVED_PREFIX;
        let mut cached = None;
        let top = allocate(&memory, start, 200, 0);
        BumpBins::update(&mut cached, &memory, &types, start, top, 0, 1024);
        // A collection: fewer objects, in place of the old ones.
        let top = allocate(&memory, start, 50, 0);
        let bins = BumpBins::update(&mut cached, &memory, &types, start, top, 1, 1024);
        assert_eq!(*bins, whole(&memory, &types, start, top));
    }
}
