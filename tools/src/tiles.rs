//! `gcvm tiles TRACE --tile-size 8k`: heap streams recomputed from an object-level trace, at
//! any tile size — something no GCspy port could do, since they only had what was gathered
//! live.
//!
//! The trace is read once; at every collection's start and end the rebuilt heap (its spaces
//! and objects) goes through the same `Tiler` the VM uses live, so the standard streams
//! (`used`, `objects`, `role`), the control values and the separators equal what `gcvm run
//! --stream-record` gathered at the same boundaries (tests/streams.rs checks it for every
//! collector). The collectors' own streams (remembered sets, liveness) are not in a trace.
//!
//! A region trace also gives the steps of each evacuation pause that its events hold
//! (docs/stream-format.md, "Steps inside a collection", Offline): `region.cset` (the regions
//! the pause names as collected), one `region.evacuated` per collection-set region in that
//! order (drawn as the live run draws them: the pause's copies, and each region counted as
//! evacuated without its old objects) and `region.freed` (the heap the pause leaves). Steps
//! that depend on marking progress or on what a pause did between its phases (roots,
//! remembered sets, references) are not in a trace.
//!
//! A trace made with `--activity` (header flag `HEADER_FLAG_ACTIVITY`) also gives every frame
//! its `activity`: the Activity and Thread State events read so far go through the same
//! `ActivityFeed` the VM fills live, one unit per class, on the frames' clock (trace µs / 1000).

use crate::reader::{Event, Symbols, TraceError, TraceReader};
use crate::HeapModel;
use gcvm_tracer::format::TraceSpaceKind;
use gcvm_tracer::format::HEADER_FLAG_ACTIVITY;
use gcvm_tracer::stream::activity::{ActivityFeed, Counts};
use gcvm_tracer::stream::record::{Recorder, Recording};
use gcvm_tracer::stream::region_steps::{
    cset_stream, PAUSE_CLEANUP, PAUSE_REMARK, STEP_CSET, STEP_EVACUATED, STEP_FREED,
};
use gcvm_tracer::stream::tiles::{layout, summarise, Tiler};
use gcvm_tracer::stream::{
    standard, standard_streams, Bootstrap, Frame, StepHeader, StepInfo, StepKind, StreamEvent,
};
use gcvm_tracer::{GcKind, SpaceDesc};
use std::collections::HashMap;
use std::path::Path;

/// Reads the trace at `path` and calls `frame` with a frame at every collection's start and
/// end. Returns the bootstrap.
fn for_each_frame(
    path: &Path,
    tile_size: u64,
    frame: &mut dyn FnMut(&Bootstrap, Frame) -> Result<(), String>,
) -> Result<Bootstrap, TraceError> {
    let mut reader = TraceReader::open(path)?;
    let h = reader.header().clone();
    let region = h.collector == "region";
    let mut streams = standard_streams(tile_size);
    let mut steps = Vec::new();
    if region {
        streams.push(cset_stream(CSET));
        steps = [&STEP_CSET, &STEP_EVACUATED, &STEP_FREED]
            .iter()
            .map(|k| k.def())
            .collect();
    }
    let bootstrap = Bootstrap {
        target: h.program.clone(),
        collector: h.collector.clone(),
        source: "trace".into(),
        tile_size,
        streams,
        steps,
    };
    let mut pause: Option<RegionPause> = None;
    let mut evacuates = false;
    let mut model = HeapModel::for_trace(&h);
    let mut activity = (h.flags & HEADER_FLAG_ACTIVITY != 0).then(ActivityFeed::new);
    let mut seq = 0u64;
    let mut full: HashMap<u32, bool> = HashMap::new();
    while let Some((thread, ev)) = reader.next_event()? {
        model.apply(thread, &ev).map_err(|m| reader.error_here(m))?;
        if let Some(feed) = activity.as_mut() {
            feed_activity(feed, thread, &ev, reader.symbols()).map_err(|m| reader.error_here(m))?;
        }
        if matches!(ev, Event::SpaceCreate(_) | Event::SpaceRedefine { .. }) {
            check_tiles(&model, tile_size).map_err(|m| reader.error_here(m))?;
        }
        if let Some(p) = pause.as_mut() {
            match &ev {
                Event::GcSpace { space } => p.cset.push(*space),
                Event::KeepAlive { addr } => p.kept.push(*addr),
                _ => p.copies.extend(model.last_move()),
            }
        }
        let (event, gc, time_us, label) = match &ev {
            Event::GcStart {
                gc_id,
                kind,
                cause,
                time_us,
            } => {
                full.insert(*gc_id, *kind == GcKind::Major);
                let cause = reader.symbols().cause_name(*cause);
                evacuates =
                    *kind != GcKind::Major && cause != PAUSE_REMARK && cause != PAUSE_CLEANUP;
                (
                    StreamEvent::GcStart,
                    *gc_id,
                    *time_us,
                    format!("GC({gc_id}) {cause} start"),
                )
            }
            Event::GcEnd { gc_id, time_us } => (
                StreamEvent::GcEnd,
                *gc_id,
                *time_us,
                format!("GC({gc_id}) end"),
            ),
            _ => continue,
        };
        let mut f = tile_heap(&model, tile_size, seq, event, gc, time_us, label, &full);
        f.activity = activity.as_mut().map(|feed| feed.take_frame(f.time_ms));
        if event == StreamEvent::GcEnd {
            if let Some(p) = pause.take().filter(|p| p.gc == gc) {
                let after = space_descs(&model);
                for mut step in p.step_frames(tile_size, &f, &after, time_us) {
                    step.seq = seq;
                    seq += 1;
                    frame(&bootstrap, step).map_err(TraceError::message)?;
                }
            }
            f.seq = seq;
        }
        let starts_a_pause = event == StreamEvent::GcStart && region && evacuates;
        seq += 1;
        frame(&bootstrap, f).map_err(TraceError::message)?;
        if starts_a_pause {
            pause = Some(RegionPause::starting(&model, gc, time_us));
        }
    }
    Ok(bootstrap)
}

/// The `cset` stream's number in a region trace's bootstrap (after the standard streams).
const CSET: u16 = standard::COUNT;

/// What a region evacuation pause's events say, gathered for its step frames.
struct RegionPause {
    gc: u32,
    start_us: u64,
    /// The spaces (regions) as the pause found them.
    spaces: Vec<SpaceDesc>,
    /// Every object `(address, size)` as the pause found them, in address order.
    before: Vec<(u64, u64)>,
    /// The regions (space ids) the pause collects, in the order it named them.
    cset: Vec<u32>,
    /// The pause's moves `(from, to, bytes)`, in trace order.
    copies: Vec<(u64, u64, u64)>,
    /// The objects an evacuation failure kept in place (addresses), in trace order.
    kept: Vec<u64>,
}

impl RegionPause {
    fn starting(model: &HeapModel, gc: u32, start_us: u64) -> RegionPause {
        let mut before = Vec::new();
        model.for_each_object(|o| before.push((o.addr, o.desc.size())));
        before.sort_unstable();
        RegionPause {
            gc,
            start_us,
            spaces: space_descs(model),
            before,
            cset: Vec::new(),
            copies: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// The objects of `before` in `[start, end)`.
    fn objects_in(&self, start: u64, end: u64) -> &[(u64, u64)] {
        let a = self.before.partition_point(|o| o.0 < start);
        let b = self.before.partition_point(|o| o.0 < end);
        &self.before[a..b]
    }

    fn range_of(&self, space: u32) -> Option<(u64, u64)> {
        self.spaces
            .iter()
            .find(|s| s.id == space)
            .map(|s| (s.start, s.end))
    }

    /// `cset`, then one `evacuated` frame per collection-set region, then `freed` (the
    /// pause's end frame `end`, as a step; `after`: the spaces it ends with). Sequence numbers
    /// are the caller's.
    fn step_frames(
        &self,
        tile_size: u64,
        end: &Frame,
        after: &[SpaceDesc],
        end_us: u64,
    ) -> Vec<Frame> {
        let n = self.cset.len();
        let mut out = vec![self.frame(tile_size, 0, 1, &STEP_CSET, self.cset_title())];
        for k in 1..=n {
            let region = self.cset[k - 1];
            let (a, b) = self.range_of(region).unwrap_or((0, 0));
            let copied: u64 = self
                .copies
                .iter()
                .filter(|c| c.0 >= a && c.0 < b)
                .map(|c| c.2)
                .sum();
            let title = format!(
                "Region {region} evacuated ({k} of {n}): {} KB copied out",
                copied.div_ceil(1024)
            );
            out.push(self.frame(tile_size, k, k as u32 + 1, &STEP_EVACUATED, title));
        }
        // A region whose evacuation failed keeps its objects: it is not freed.
        let freed_regions = self
            .cset
            .iter()
            .filter(|&&id| {
                after
                    .iter()
                    .any(|s| s.id == id && s.kind == TraceSpaceKind::Free)
            })
            .count();
        let info = StepInfo::new(
            &STEP_FREED,
            format!("Freed {freed_regions} regions of the collection set"),
        );
        let pause_ms = end_us.saturating_sub(self.start_us) as f64 / 1e3;
        let mut freed = end.clone();
        freed.event = StreamEvent::Step;
        freed.label = info.title.clone();
        freed.step = Some(StepHeader::of(&info, n as u32 + 2, pause_ms));
        out.push(freed);
        out
    }

    fn cset_title(&self) -> String {
        let count = |kind: TraceSpaceKind| {
            self.cset
                .iter()
                .filter(|&&id| self.spaces.iter().any(|s| s.id == id && s.kind == kind))
                .count()
        };
        format!(
            "Collection set: {} regions ({} eden, {} survivor, {} old)",
            self.cset.len(),
            count(TraceSpaceKind::Eden),
            count(TraceSpaceKind::Survivor),
            count(TraceSpaceKind::Old)
        )
    }

    /// The heap as the pause found it, the first `evacuated` collection-set regions without
    /// their objects but those kept in place, and (once any is) every copy the pause made; the
    /// `cset` stream.
    fn frame(
        &self,
        tile_size: u64,
        evacuated: usize,
        n: u32,
        kind: &'static StepKind,
        title: String,
    ) -> Frame {
        let gone: Vec<(u64, u64)> = self.cset[..evacuated]
            .iter()
            .filter_map(|&id| self.range_of(id))
            .collect();
        let mut tiler = Tiler::for_spaces(&self.spaces, tile_size);
        for &(addr, size) in &self.before {
            if !gone.iter().any(|&(a, b)| addr >= a && addr < b) {
                tiler.object(addr, size);
            }
        }
        if evacuated > 0 {
            for &(from, to, bytes) in &self.copies {
                for &(addr, size) in self.objects_in(from, from + bytes) {
                    tiler.object(addr - from + to, size);
                }
                tiler.in_use(to, to + bytes);
            }
        }
        // A region counted as evacuated still holds what an evacuation failure kept there.
        for &addr in &self.kept {
            if gone.iter().any(|&(a, b)| addr >= a && addr < b) {
                if let Some(&(at, size)) = self.objects_in(addr, addr + 1).first() {
                    tiler.object(at, size);
                }
            }
        }
        for &id in &self.cset {
            if let Some((a, b)) = self.range_of(id) {
                tiler.set_range(CSET, a, b, 1, false);
            }
        }
        let spaces = tiler.finish();
        let summary = summarise(&spaces);
        let info = StepInfo::new(kind, title);
        Frame {
            seq: 0,
            event: StreamEvent::Step,
            gc: Some(self.gc),
            label: info.title.clone(),
            time_ms: self.start_us as f64 / 1e3,
            full: false,
            heap_used: summary
                .iter()
                .find(|(id, _)| *id == standard::USED)
                .map_or(0, |p| p.1),
            heap_capacity: self.spaces.iter().map(|s| s.end - s.start).sum(),
            summary,
            activity: None,
            step: Some(StepHeader::of(&info, n, 0.0)),
            spaces,
        }
    }
}

/// Feeds one event of an `--activity` trace: a thread's name, the methods it ran (each counted
/// in its class), a state span. Times go from the trace's µs to the frames' ms.
fn feed_activity(
    feed: &mut ActivityFeed,
    thread: u32,
    ev: &Event,
    symbols: &Symbols,
) -> Result<(), String> {
    match ev {
        Event::ThreadAlive { name } => feed.thread_name(thread as u64, name),
        Event::Activity(interval) => {
            for m in &interval.methods {
                let class = &symbols
                    .methods
                    .get(&m.method)
                    .ok_or_else(|| {
                        format!(
                            "activity of method {}, which no Method symbol defines",
                            m.method
                        )
                    })?
                    .class;
                let counts = Counts {
                    invocations: m.invocations,
                    bytecodes: m.bytecodes,
                    objects: m.objects,
                    bytes: m.bytes,
                };
                feed.counts(thread as u64, class, counts);
            }
        }
        Event::ThreadState {
            state,
            start_us,
            end_us,
        } => feed.state(
            thread as u64,
            *state,
            *start_us as f64 / 1e3,
            *end_us as f64 / 1e3,
        ),
        _ => {}
    }
    Ok(())
}

/// The heap size a trace without one (header heap size 0) is tiled as.
const UNKNOWN_HEAP_SIZE: u64 = 1 << 30;

/// The spaces of the model as the tiler sees them.
fn space_descs(model: &HeapModel) -> Vec<SpaceDesc> {
    model
        .spaces()
        .map(|s| SpaceDesc {
            id: s.id,
            kind: s.kind,
            start: s.start,
            end: s.end,
            name: s.name.clone(),
        })
        .collect()
}

/// Every frame holds every tile of the spaces, so their span is bounded by the heap: at most
/// twice the header's heap size and 16 MiB (a collector's reservation exceeds -Xmx by a page,
/// or by its minimum size). Spaces beyond it are damage, and would cost memory and output
/// without bound.
fn check_tiles(model: &HeapModel, tile_size: u64) -> Result<(), String> {
    let heap = match model.heap_size() {
        0 => UNKNOWN_HEAP_SIZE,
        h => h,
    };
    let most = (2 * heap + (16 << 20)).div_ceil(tile_size);
    let tiles: u64 = layout(&space_descs(model), tile_size)
        .iter()
        .map(|l| l.tiles as u64)
        .sum();
    if tiles <= most {
        return Ok(());
    }
    let heap = match model.heap_size() {
        0 => format!("a heap of unknown size (taken as {UNKNOWN_HEAP_SIZE} bytes)"),
        h => format!("the header's {h}-byte heap"),
    };
    Err(format!(
        "the spaces now span {tiles} tiles of {tile_size} bytes, more than {heap} can have ({most}: twice its size and 16 MiB)"
    ))
}

#[allow(clippy::too_many_arguments)]
fn tile_heap(
    model: &HeapModel,
    tile_size: u64,
    seq: u64,
    event: StreamEvent,
    gc: u32,
    time_us: u64,
    label: String,
    full: &HashMap<u32, bool>,
) -> Frame {
    let spaces = space_descs(model);
    let capacity = spaces.iter().map(|s| s.end - s.start).sum();
    let mut tiler = Tiler::for_spaces(&spaces, tile_size);
    let mut used = 0u64;
    model.for_each_object(|o| {
        let size = o.desc.size();
        used += size;
        tiler.object(o.addr, size);
    });
    let spaces = tiler.finish();
    Frame {
        seq,
        event,
        gc: Some(gc),
        label,
        time_ms: time_us as f64 / 1e3,
        full: full.get(&gc).copied().unwrap_or(false),
        heap_used: used,
        heap_capacity: capacity,
        summary: summarise(&spaces),
        activity: None,
        step: None,
        spaces,
    }
}

/// The trace at `path` as a recording of heap streams (for `gcvm replay TRACE`).
pub fn tiles_from_trace(path: &Path, tile_size: u64) -> Result<Recording, String> {
    let mut frames = Vec::new();
    let bootstrap = for_each_frame(path, tile_size, &mut |_, f| {
        frames.push(f.encode());
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    Ok(Recording {
        bootstrap_text: bootstrap.encode(),
        bootstrap,
        frames,
        complete: true,
    })
}

/// `gcvm tiles TRACE --tile-size SIZE -o OUT`: writes the recording; returns what to print.
pub fn tiles_command(path: &Path, tile_size: u64, out: &Path) -> Result<String, String> {
    let mut recorder: Option<Recorder> = None;
    let mut create_error = None;
    for_each_frame(path, tile_size, &mut |bootstrap, f| {
        if recorder.is_none() {
            match Recorder::create(out, &bootstrap.encode()) {
                Ok(r) => recorder = Some(r),
                Err(e) => {
                    create_error = Some(format!("cannot create {}: {e}", out.display()));
                    return Err(create_error.clone().unwrap());
                }
            }
        }
        recorder
            .as_mut()
            .unwrap()
            .frame(&f.encode())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))
    })
    .map_err(|e| create_error.take().unwrap_or_else(|| e.to_string()))
    .and_then(|bootstrap| {
        // A trace without collections still gets a recording (a bootstrap and no frames).
        if recorder.is_none() {
            recorder = Some(
                Recorder::create(out, &bootstrap.encode())
                    .map_err(|e| format!("cannot create {}: {e}", out.display()))?,
            );
        }
        Ok(())
    })?;
    let r = recorder.unwrap();
    let (frames, raw) = (r.frames(), r.raw_bytes);
    let size = r
        .finish()
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let per = if frames > 0 { size / frames } else { 0 };
    Ok(format!(
        "{}: {frames} frames at {tile_size}-byte tiles, {raw} bytes raw, {size} bytes written \
         ({per} bytes per frame)\n",
        out.display()
    ))
}
