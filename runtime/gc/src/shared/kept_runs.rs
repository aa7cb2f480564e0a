//! Survivors a mark keeps in place, reported to the trace as runs of neighbouring objects
//! (`GcEventSink::runs_kept`, a Kept runs event: about 2 bytes a run, where a region move by
//! zero took about 10). Concurrent mark-sweep's remark and the region collector's remark
//! report their marked objects through it.

use gcvm_tracer::GcEventSink;

/// Survivors reported to the trace as runs of neighbouring objects kept in place, handed to
/// `GcEventSink::runs_kept` a few thousand at a time, in address order.
pub struct KeptRuns<'a> {
    events: &'a mut dyn GcEventSink,
    runs: Vec<(u64, u32, u64)>,
    /// The run being built: (start, end, objects).
    run: Option<(usize, usize, u32)>,
    objects: usize,
}

impl<'a> KeptRuns<'a> {
    const BATCH: usize = 4096;

    pub fn new(events: &'a mut dyn GcEventSink) -> KeptRuns<'a> {
        KeptRuns {
            events,
            runs: Vec::with_capacity(Self::BATCH),
            run: None,
            objects: 0,
        }
    }

    /// The object at `at` (taking `bytes`) survives, after any reported before it.
    pub fn object(&mut self, at: usize, bytes: usize) {
        self.objects += 1;
        match self.run.as_mut() {
            Some((_, end, n)) if *end == at => {
                *end = at + bytes;
                *n += 1;
            }
            _ => {
                self.end_run();
                self.run = Some((at, at + bytes, 1));
            }
        }
    }

    pub fn end_run(&mut self) {
        if let Some((from, to, n)) = self.run.take() {
            self.runs.push((from as u64, n, (to - from) as u64));
            if self.runs.len() >= Self::BATCH {
                self.events.runs_kept(&self.runs);
                self.runs.clear();
            }
        }
    }

    /// Everything in `[at, at + bytes)` survives, as a run of its own (objects the collector
    /// did not count one by one: allocated above a region's TAMS during a marking).
    pub fn range(&mut self, at: usize, bytes: usize) {
        self.end_run();
        self.run = Some((at, at + bytes, 0));
        self.end_run();
    }

    /// Reports what is left; returns the objects reported.
    pub fn finish(mut self) -> usize {
        self.end_run();
        if !self.runs.is_empty() {
            self.events.runs_kept(&self.runs);
        }
        self.objects
    }
}
