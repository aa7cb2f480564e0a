//! The heap rebuilt up to a boundary: one replay of the trace through `HeapModel`, stopped at
//! the boundary (`reconstruct`), and the objects alive there (`heap_objects`).

use crate::boundary::Boundary;
use crate::heap::HeapModel;
use crate::reader::{Event, EventVisitor, Symbols, TraceError, TraceReader, Visit};
use crate::render::Progress;
use gcvm_tracer::format::TraceHeader;
use std::path::Path;

/// One reconstructed object, self-contained.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct HeapObject {
    /// Byte offset from the heap base.
    pub addr: u64,
    pub type_id: u32,
    pub size: u64,
    pub array_len: Option<u32>,
    pub site: u32,
    pub thread: u32,
    /// Collections survived.
    pub age: u8,
}

/// A heap reconstructed up to a boundary.
pub struct Reconstruction {
    pub header: TraceHeader,
    pub symbols: Symbols,
    pub model: HeapModel,
    pub boundary: Boundary,
    /// Events read.
    pub events: u64,
    /// Bytes of the file read.
    pub bytes_read: u64,
}

impl Reconstruction {
    /// Every object, in address order.
    pub fn objects(&self) -> Vec<HeapObject> {
        let mut v = Vec::new();
        self.model.for_each_object(|o| {
            v.push(HeapObject {
                addr: o.addr,
                type_id: o.desc.type_id,
                size: o.desc.size(),
                array_len: o.desc.array_len,
                site: o.desc.site,
                thread: o.desc.thread,
                age: o.age,
            })
        });
        v.sort_unstable();
        v
    }
}

pub(crate) fn file_len(path: &Path) -> u64 {
    match crate::reader::rotated_set_files(path) {
        // A rotated set: its files together.
        Some(files) => files
            .iter()
            .map(|f| std::fs::metadata(&f.1).map(|m| m.len()).unwrap_or(0))
            .sum(),
        None => std::fs::metadata(path).map(|m| m.len()).unwrap_or(0),
    }
}

/// Replays the trace at `path` up to `boundary` (counting allocations when `count_allocs`).
pub fn reconstruct(
    path: impl AsRef<Path>,
    boundary: Boundary,
    count_allocs: bool,
) -> Result<Reconstruction, TraceError> {
    let path = path.as_ref();
    let reader = TraceReader::open(path)?;
    reconstruct_from(reader, file_len(path), boundary, count_allocs)
}

/// Replays a trace from any reader (`total`: its size in bytes, for the progress bar; 0 unknown).
pub fn reconstruct_from<R: std::io::Read>(
    mut reader: TraceReader<R>,
    total: u64,
    boundary: Boundary,
    count_allocs: bool,
) -> Result<Reconstruction, TraceError> {
    let mut progress = Progress::new("reading trace", total);
    let h = reader.header().clone();
    let mut model = HeapModel::for_trace(&h);
    if count_allocs {
        model.count_allocations();
    }
    let mut visitor = Rebuild {
        model: &mut model,
        boundary,
        progress: &mut progress,
        events: 0,
        reached: false,
        gc_ids: Vec::new(),
    };
    reader.visit_events(&mut visitor)?;
    let (events, mut reached, gc_ids) = (visitor.events, visitor.reached, visitor.gc_ids);
    progress.finish();
    if boundary == Boundary::End {
        model.close_open_runs();
        reached = true;
    }
    if !reached {
        let ids = match (gc_ids.first(), gc_ids.last()) {
            (Some(a), Some(b)) => format!("collections {a}..={b}"),
            _ => "no collections".to_string(),
        };
        return Err(TraceError::not_in_trace(
            reader.position(),
            format!("boundary {boundary} not found: the trace has {ids}"),
        ));
    }
    Ok(Reconstruction {
        header: h,
        symbols: reader.symbols().clone(),
        model,
        boundary,
        events,
        bytes_read: reader.position(),
    })
}

/// `reconstruct_from`'s visitor: every event to the model (the common ones without building
/// an `Event`: TraceReader::visit_events) until `boundary`.
struct Rebuild<'a> {
    model: &'a mut HeapModel,
    boundary: Boundary,
    progress: &'a mut Progress,
    events: u64,
    reached: bool,
    gc_ids: Vec<u32>,
}

impl EventVisitor for Rebuild<'_> {
    #[inline]
    fn alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> Result<(), String> {
        self.events += 1;
        self.model.apply_alloc(thread, site, array_len)
    }
    #[inline]
    fn move_fast(&mut self, thread: u32, from: u64) -> Result<(), String> {
        self.events += 1;
        self.model.apply_move_fast(thread, from)
    }
    fn event(
        &mut self,
        thread: u32,
        ev: &Event,
        _symbols: &Symbols,
        position: u64,
    ) -> Result<Visit, String> {
        self.model.apply(thread, ev)?;
        self.events += 1;
        if self.events & 0xffff == 0 {
            self.progress.update(position);
        }
        match (ev, self.boundary) {
            (Event::GcStart { gc_id, .. }, b) => {
                self.gc_ids.push(*gc_id);
                if b == Boundary::GcStart(*gc_id) {
                    self.reached = true;
                    return Ok(Visit::Stop);
                }
            }
            (Event::GcEnd { gc_id, .. }, Boundary::GcEnd(n)) if *gc_id == n => {
                self.reached = true;
                return Ok(Visit::Stop);
            }
            _ => {}
        }
        Ok(Visit::Go)
    }
}

/// The objects alive at `boundary` ("gc:N:start", "gc:N:end", "end"), in address order.
pub fn heap_objects(path: impl AsRef<Path>, boundary: &str) -> Result<Vec<HeapObject>, TraceError> {
    let b: Boundary = boundary.parse().map_err(|e: String| TraceError::at(0, e))?;
    Ok(reconstruct(path, b, false)?.objects())
}
