//! One replay of a whole trace through `HeapModel`, with the analysis called after every event
//! (the analyses that need more than the heap at one boundary: diff, lifecycle).

use crate::boundary::Boundary;
use crate::heap::HeapModel;
use crate::reader::{Event, EventVisitor, Symbols, TraceError, TraceReader, Visit};
use crate::render::Progress;
use gcvm_tracer::format::TraceHeader;
use std::path::Path;

/// What a replay callback says after each event.
pub enum Flow {
    Go,
    Stop,
}

/// The header and symbols of a replayed trace, and its model.
pub struct Replayed {
    pub header: TraceHeader,
    pub symbols: Symbols,
    pub model: HeapModel,
}

/// Replays the whole trace (or until `each` says stop) through a model prepared by `setup`,
/// calling `each` after every event is applied.
pub fn replay(
    path: &Path,
    setup: impl FnOnce(&mut HeapModel, &TraceHeader),
    mut each: impl FnMut(&mut HeapModel, &Event, &Symbols) -> Result<Flow, TraceError>,
) -> Result<Replayed, TraceError> {
    let mut reader = TraceReader::open(path)?;
    let total = crate::reconstruct::file_len(path);
    let mut progress = Progress::new("reading trace", total);
    let h = reader.header().clone();
    let mut model = HeapModel::for_trace(&h);
    setup(&mut model, &h);
    let mut replay = Replay {
        model: &mut model,
        each: &mut each,
        progress: &mut progress,
        n: 0,
        failed: None,
    };
    reader.visit_events(&mut replay)?;
    if let Some(e) = replay.failed {
        return Err(e);
    }
    progress.finish();
    model.close_open_runs();
    Ok(Replayed {
        header: h,
        symbols: reader.symbols().clone(),
        model,
    })
}

/// `replay`'s visitor: TLAB allocations and fast moves go straight to the model (no `Event`
/// is built for them: TraceReader::visit_events); every other event to the model, then to
/// the analysis.
struct Replay<'a, F> {
    model: &'a mut HeapModel,
    each: &'a mut F,
    progress: &'a mut Progress,
    n: u64,
    /// The analysis's own error (it stops the replay).
    failed: Option<TraceError>,
}

impl<F> EventVisitor for Replay<'_, F>
where
    F: FnMut(&mut HeapModel, &Event, &Symbols) -> Result<Flow, TraceError>,
{
    #[inline]
    fn alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> Result<(), String> {
        self.model.apply_alloc(thread, site, array_len)
    }
    #[inline]
    fn move_fast(&mut self, thread: u32, from: u64) -> Result<(), String> {
        self.model.apply_move_fast(thread, from)
    }
    fn event(
        &mut self,
        thread: u32,
        ev: &Event,
        symbols: &Symbols,
        position: u64,
    ) -> Result<Visit, String> {
        self.model.apply(thread, ev)?;
        self.n += 1;
        if self.n & 0xfff == 0 {
            self.progress.update(position);
        }
        match (self.each)(self.model, ev, symbols) {
            Ok(Flow::Go) => Ok(Visit::Go),
            Ok(Flow::Stop) => Ok(Visit::Stop),
            Err(e) => {
                self.failed = Some(e);
                Ok(Visit::Stop)
            }
        }
    }
}

/// Is `ev` the point where `b` is reached?
pub fn reaches(ev: &Event, b: Boundary) -> bool {
    match (ev, b) {
        (Event::GcStart { gc_id, .. }, Boundary::GcStart(n)) => *gc_id == n,
        (Event::GcEnd { gc_id, .. }, Boundary::GcEnd(n)) => *gc_id == n,
        _ => false,
    }
}

pub fn missing(b: Boundary, model: &HeapModel) -> TraceError {
    let ids = match (model.gcs.first(), model.gcs.last()) {
        (Some(a), Some(z)) => format!("collections {}..={}", a.id, z.id),
        _ => "no collections".to_string(),
    };
    TraceError::not_in_trace(0, format!("boundary {b} not found: the trace has {ids}"))
}
