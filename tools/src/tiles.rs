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
//! A trace made with `--activity` (header flag `HEADER_FLAG_ACTIVITY`) also gives every frame
//! its `activity`: the Activity and Thread State events read so far go through the same
//! `ActivityFeed` the VM fills live, one unit per class, on the frames' clock (trace µs / 1000).

use crate::reader::{Event, Symbols, TraceError, TraceReader};
use crate::HeapModel;
use gcvm_tracer::format::HEADER_FLAG_ACTIVITY;
use gcvm_tracer::stream::activity::{ActivityFeed, Counts};
use gcvm_tracer::stream::record::{Recorder, Recording};
use gcvm_tracer::stream::tiles::{layout, summarise, Tiler};
use gcvm_tracer::stream::{standard_streams, Bootstrap, Frame, StreamEvent};
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
    let bootstrap = Bootstrap {
        target: h.program.clone(),
        collector: h.collector.clone(),
        source: "trace".into(),
        tile_size,
        streams: standard_streams(tile_size),
        steps: Vec::new(),
    };
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
        let (event, gc, time_us, label) = match &ev {
            Event::GcStart {
                gc_id,
                kind,
                cause,
                time_us,
            } => {
                full.insert(*gc_id, *kind == GcKind::Major);
                let cause = reader.symbols().cause_name(*cause);
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
        seq += 1;
        frame(&bootstrap, f).map_err(|e| TraceError::message(e))?;
    }
    Ok(bootstrap)
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
