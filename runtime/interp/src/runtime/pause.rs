//! Pauses: the world stopped (every thread's stack taken, runtime/safepoints.rs), each thread's
//! collector state and trace buffer flushed, the collection run through `Heap::pause` with the
//! VM's roots, the pause logged (`-Xlog:gc`) and streamed, and the threads let go. Also the
//! heap-stream tick, a pause that collects nothing, and `VmPauses`, the VM as a collector's
//! controller thread asks it for pauses.

use crate::runtime::heapdump::DumpPoint;
use crate::runtime::safepoints::StackGuard;
use crate::runtime::vm::Vm;
use gcvm_tracer::stream::StreamEvent;
use gcvm_tracer::TraceWriter;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl Vm {
    /// Stops the world and collects (see docs/safepoints.md). The caller must have released its
    /// own stack. Returns None when another thread collected since `seen_gc_count` and this
    /// allocation-failure collection is therefore redundant.
    /// `requester` is the trace id of the Java thread asking (when tracing).
    pub fn stop_the_world_and_collect(
        &'static self,
        cause: gcvm_gc::GcCause,
        seen_gc_count: u32,
        requester: Option<u32>,
    ) -> Result<Option<gcvm_gc::GcRecord>, String> {
        let collector = self.heap.collector();
        let seen = (cause == gcvm_gc::GcCause::AllocationFailure).then_some(seen_gc_count);
        self.stop_the_world_and_run(cause, seen, requester, &mut |roots, events| {
            collector.collect(cause, roots, events)
        })
    }

    /// Runs `body` in a pause: stops every thread (docs/safepoints.md), flushes each one's
    /// collector state and trace buffer, runs `body` through `Heap::pause` with the roots, logs
    /// the pause (`-Xlog:gc`), resizes the TLABs and lets the threads go. With `seen_gc_count`,
    /// does nothing if a pause happened since (another thread's collection made this one
    /// redundant). The caller must not hold its own stack. `requester`: the Java thread asking
    /// (None: a collector's controller), for the trace's Safepoint event.
    pub fn stop_the_world_and_run(
        &'static self,
        cause: gcvm_gc::GcCause,
        seen_gc_count: Option<u32>,
        requester: Option<u32>,
        body: &mut gcvm_gc::PauseBody<'_>,
    ) -> Result<Option<gcvm_gc::GcRecord>, String> {
        let _gc = self.threads.gc_lock.lock();
        if seen_gc_count.is_some_and(|seen| self.heap.gc_count() != seen) {
            return Ok(None);
        }
        let requested = std::time::Instant::now();
        self.threads.request_safepoint();
        self.heap.world_stopping();
        let (mut stacks, _) = self.threads.stop_every_thread(None);
        self.heap.world_stopped();
        let all_arrived = Instant::now();
        let time_to_safepoint = all_arrived - requested;
        self.threads.ttsp.lock().push(time_to_safepoint);
        let safepoint = self.recorder.trace.is_some().then(|| Safepoint {
            requester,
            requested,
            all_arrived,
            arrivals: Safepoint::arrivals(&stacks, requested),
        });
        // The trace's GC start is a flush point: every thread's events go out with its TLAB.
        for st in stacks.iter_mut() {
            self.heap.flush_mutator(&mut st.mutator);
            st.flush_events();
        }
        self.rotate_trace(&mut stacks);
        let allocated: usize = stacks
            .iter()
            .map(|st| st.mutator.tlab.allocated_since_gc())
            .sum();
        let mut result = self.pause_in_safepoint(
            cause,
            &mut stacks,
            time_to_safepoint,
            safepoint.as_ref(),
            body,
        );
        // A collector may ask for another collection in the same safepoint (the region
        // collector's full collection after an evacuation pause that freed too little).
        while result.is_ok() {
            let Some(next) = self.heap.follow_up() else {
                break;
            };
            let collector = self.heap.collector();
            result = self.pause_in_safepoint(
                next,
                &mut stacks,
                Duration::ZERO,
                None,
                &mut |roots, events| collector.collect(next, roots, events),
            );
        }
        let capacity = self.heap.tlab_capacity();
        for st in stacks.iter_mut() {
            st.mutator.tlab.resize_after_gc(allocated, capacity);
        }
        self.heap.world_resumed();
        self.threads.end_safepoint();
        if let Some(jfr) = &self.recorder.jfr {
            let arrivals: Vec<(u64, Instant)> = stacks
                .iter()
                .map(|st| (st.thread_id, Safepoint::arrival(st, requested)))
                .collect();
            jfr.safepoint(&crate::runtime::flight::SafepointReport {
                requested,
                all_arrived,
                ended: Instant::now(),
                arrivals: &arrivals,
            });
        }
        drop(stacks);
        self.stdout.flush_pending();
        result.map(Some)
    }

    /// `--trace-max-size`, at a pause's GC start (every thread stopped, its TLAB retired and
    /// its events flushed): when the trace file is due to be cut, starts the next file and
    /// writes its heap sync — every object in the heap, and with `--trace-pointers` every
    /// object's references and the roots — so that the file stands alone
    /// (docs/trace-format.md, "Rotation").
    fn rotate_trace(&'static self, stacks: &mut [StackGuard]) {
        let Some(w) = &self.recorder.trace else {
            return;
        };
        if !w.rotation_due() {
            return;
        }
        w.cut();
        let mut sink = w.prologue_sink();
        let mem = &self.heap.memory;
        self.heap.for_each_object(|obj| {
            let ty = mem.type_id(obj);
            let size = mem.object_size(&self.types, obj) as u64;
            let len = self
                .types
                .info(ty)
                .is_array()
                .then(|| mem.array_length(obj));
            sink.synced_object(obj.offset() as u64, ty, size, len);
        });
        let mut roots = crate::runtime::thread::VmRoots {
            vm: self,
            threads: stacks.iter_mut().map(|g| &mut **g).collect(),
        };
        self.heap.record_heap_graph(&mut roots, &mut sink);
        sink.flush();
        // A file's prologue and one collection cycle may take more than its share of the size
        // asked: every file is then cut after one collection, and the writer keeps fewer than
        // N files so that the set stays within the size; when they take more than the whole
        // size, the current file alone takes more than asked.
        static WARNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        let (prologue, cycle) = w.prologue_written();
        if let Some(r) = w.rotation() {
            let file = prologue + cycle;
            if file > r.file_budget() && !WARNED.swap(true, Ordering::Relaxed) {
                let outcome = if file > r.max_size {
                    "more than the whole size: one file alone takes more than asked".to_string()
                } else {
                    format!(
                        "more than a file's share ({} bytes of {} files): fewer files are kept, within the size asked",
                        r.file_budget(),
                        r.files
                    )
                };
                self.write_stderr(
                    format!(
                        "gcvm: warning: --trace-max-size {}: a rotated file's prologue (the heap sync, {prologue} bytes) and a collection cycle ({cycle} bytes) take {outcome}\n",
                        r.max_size,
                    )
                    .as_bytes(),
                );
            }
        }
    }

    /// Stops the world for a heap-stream tick frame (nothing is collected) and lets it go.
    /// Returns false once the run is over (no more ticks).
    pub(crate) fn tick_safepoint(&'static self) -> bool {
        let _gc = self.threads.gc_lock.lock();
        if self.recorder.finished.load(Ordering::Acquire) {
            return false;
        }
        self.in_stopped_world(|_| self.stream_event(StreamEvent::Tick, None, "tick", false));
        true
    }

    /// Stops every thread (the caller holds the collection lock), flushes every mutator, runs
    /// `f` with their stacks, and lets the world go: for what looks at the heap without
    /// collecting it (a tick, a concurrent step frame, a heap dump).
    pub(crate) fn in_stopped_world<R>(&self, f: impl FnOnce(&mut [StackGuard]) -> R) -> R {
        self.threads.request_safepoint();
        self.heap.world_stopping();
        let (mut stacks, _) = self.threads.stop_every_thread(None);
        self.heap.world_stopped();
        for st in stacks.iter_mut() {
            self.heap.flush_mutator(&mut st.mutator);
        }
        let r = f(&mut stacks);
        self.heap.world_resumed();
        self.threads.end_safepoint();
        drop(stacks);
        r
    }

    /// A concurrent step frame (docs/stream-format.md): if its filters let it through, stops
    /// the world as a tick does, bins every object and what the collector's `fill` adds, and
    /// lets the world go.
    pub(crate) fn concurrent_step_safepoint(
        &'static self,
        header: (u32, u32, f64),
        info: &gcvm_tracer::stream::StepInfo,
        current: &dyn Fn() -> bool,
        fill: &mut dyn FnMut(&mut gcvm_tracer::stream::Tiler),
    ) {
        // Under the collection lock no pause can abandon the phase before the frame is taken.
        let _gc = self.threads.gc_lock.lock();
        if self.recorder.finished.load(Ordering::Acquire)
            || !current()
            || !self.step_passes(info.kind)
        {
            return;
        }
        self.in_stopped_world(|_| {
            let spaces = self.heap.trace_spaces();
            self.gather_step(info, header, &spaces, &mut |tiles| {
                self.heap.tile_objects(tiles);
                fill(tiles);
            });
        });
    }

    /// Runs `body` as one pause with every thread stopped (`stacks`): heap dumps before and
    /// after, the roots, the trace's sink, `Heap::pause`, the `-Xlog:gc` line.
    /// `safepoint`: how the world was stopped, when tracing and this is the safepoint's first
    /// pause (written before its GC start).
    fn pause_in_safepoint(
        &'static self,
        cause: gcvm_gc::GcCause,
        stacks: &mut [StackGuard],
        time_to_safepoint: Duration,
        safepoint: Option<&Safepoint>,
        body: &mut gcvm_gc::PauseBody<'_>,
    ) -> Result<gcvm_gc::GcRecord, String> {
        let id = self.heap.gc_count();
        let began = Instant::now();
        let capacity_before = self.heap.capacity();
        self.dump_heap(
            &format!("gc {id} start"),
            Some(&mut crate::runtime::thread::VmRoots {
                vm: self,
                threads: stacks.iter_mut().map(|g| &mut **g).collect(),
            }),
        );
        self.hprof_at_pause(DumpPoint::GcStart(id), stacks);
        self.stream_event(
            StreamEvent::GcStart,
            Some(id),
            &format!("GC({id}) {} start", cause.label()),
            false,
        );
        let phases;
        let steps;
        let result = {
            let mut roots = crate::runtime::thread::VmRoots {
                vm: self,
                threads: stacks.iter_mut().map(|g| &mut **g).collect(),
            };
            let mut sink = self.recorder.trace.as_ref().map(TraceWriter::gc_sink);
            if let (Some(sink), Some(sp)) = (sink.as_mut(), safepoint) {
                sink.safepoint(id, sp.requester, sp.requested, sp.all_arrived, &sp.arrivals);
            }
            let mut no_events = gcvm_gc::NoEvents;
            let inner: &mut dyn gcvm_gc::GcEventSink = match sink.as_mut() {
                Some(sink) => sink,
                None => &mut no_events,
            };
            let mut with_frames = crate::runtime::streams::PhaseFrames {
                inner,
                vm: self,
                gc: id,
                phase_times: self.recorder.jfr.is_some().then(Vec::new),
                steps: crate::runtime::streams::StepTally::new(),
            };
            let wrapped = self.streams.is_some() || self.recorder.jfr.is_some();
            let result = self.heap.pause(
                cause,
                &mut roots,
                if wrapped {
                    &mut with_frames
                } else {
                    with_frames.inner
                },
                self.options.verify_heap,
                time_to_safepoint,
                body,
            );
            phases = with_frames.phase_times.unwrap_or_default();
            steps = with_frames.steps;
            result
        };
        if let (Ok(record), Some(jfr)) = (&result, &self.recorder.jfr) {
            jfr.pause(&crate::runtime::flight::PauseReport {
                record,
                start: began,
                phases: &phases,
                collector: self.heap.collector_name(),
                capacity_before,
                max_capacity: self.heap.max_capacity(),
            });
            jfr.spaces(record.id, &self.heap.trace_spaces());
        }
        if let Ok(record) = &result {
            self.dump_heap(
                &format!("gc {id} end"),
                Some(&mut crate::runtime::thread::VmRoots {
                    vm: self,
                    threads: stacks.iter_mut().map(|g| &mut **g).collect(),
                }),
            );
            self.hprof_at_pause(DumpPoint::GcEnd(id), stacks);
            if self.streams.is_some() {
                let line = record.log_line();
                let label = line.split("[gc] ").nth(1).unwrap_or(&line);
                let full = record.outcome.kind == gcvm_gc::GcKind::Major;
                self.stream_event(StreamEvent::GcEnd, Some(id), label, full);
            }
            if self.options.gc_log.wants_details() {
                let line = record.safepoint_line();
                self.write_gc_log(&line);
                if let Some(line) = record.pointers_line() {
                    self.write_gc_log(&line);
                }
                if let Some(line) = steps.log_line(id, record.end_uptime(), record.gc_time()) {
                    self.write_gc_log(&line);
                }
            }
            if self.options.gc_log.wants_collections() {
                let line = record.log_line();
                self.write_gc_log(&line);
            }
            if self.options.gc_log.wants_details() {
                if let Some(refs) = &record.refs {
                    let lines = gcvm_gc::shared::refs::log_lines(record.id, refs);
                    let uptime = record.end_uptime();
                    for line in lines {
                        self.write_gc_log(&format!("[{uptime:.3}s][debug][gc,phases,ref] {line}"));
                    }
                }
            }
        }
        result
    }
}

/// How a pause's safepoint was reached, for the trace (docs/trace-format.md, Safepoint).
struct Safepoint {
    /// The Java thread that asked (None: a collector's controller thread).
    requester: Option<u32>,
    requested: Instant,
    /// Every thread's stack lock taken.
    all_arrived: Instant,
    /// Per traced thread: its trace id and when it reached the safepoint.
    arrivals: Vec<(u32, Instant)>,
}

impl Safepoint {
    /// When the stopped thread `st` reached the safepoint requested at `requested`: the moment
    /// it let go of its stack (`ThreadStack::released_at`), or the request for a thread that
    /// was already in a safe region (blocked, not started) when it came.
    fn arrival(st: &StackGuard, requested: Instant) -> Instant {
        st.released_at.map_or(requested, |t| t.max(requested))
    }

    /// When each traced stopped thread reached the safepoint.
    fn arrivals(stacks: &[StackGuard], requested: Instant) -> Vec<(u32, Instant)> {
        stacks
            .iter()
            .filter_map(|st| {
                let thread = st.events.as_ref()?.thread_id();
                Some((thread, Safepoint::arrival(st, requested)))
            })
            .collect()
    }
}

/// The VM as a collector's controller sees it (`gcvm_gc::VmControl`): pauses on request.
pub struct VmPauses(pub &'static Vm);

impl gcvm_gc::VmControl for VmPauses {
    fn request_pause(
        &self,
        cause: gcvm_gc::GcCause,
        body: &mut gcvm_gc::PauseBody<'_>,
    ) -> Option<gcvm_gc::GcRecord> {
        let vm = self.0;
        if vm.recorder.finished.load(Ordering::Acquire) {
            return None;
        }
        match vm.stop_the_world_and_run(cause, None, None, body) {
            Ok(record) => record,
            Err(e) => vm.fail_verification(&e),
        }
    }

    fn pause_count(&self) -> u32 {
        self.0.heap.gc_count()
    }

    fn log_gc(&self, line: &str) {
        let vm = self.0;
        if vm.options.gc_log.wants_collections() {
            let uptime = vm.heap.uptime().as_secs_f64();
            vm.write_gc_log(&format!("[{uptime:.3}s][info][gc] {line}"));
        }
    }

    fn log_gc_detail(&self, tags: &str, line: &str) {
        let vm = self.0;
        if vm.options.gc_log.wants_details() {
            let uptime = vm.heap.uptime().as_secs_f64();
            vm.write_gc_log(&format!("[{uptime:.3}s][info][{tags}] {line}"));
        }
    }

    fn wants_step(&self, kind: &gcvm_tracer::stream::StepKind) -> bool {
        self.0.wants_step(kind)
    }

    fn step_granularity(&self) -> gcvm_tracer::stream::StepGranularity {
        self.0.step_granularity()
    }

    fn concurrent_step(
        &self,
        gc_id: u32,
        n: u32,
        gc_ms: f64,
        info: &gcvm_tracer::stream::StepInfo,
        current: &dyn Fn() -> bool,
        fill: &mut dyn FnMut(&mut gcvm_tracer::stream::Tiler),
    ) {
        self.0
            .concurrent_step_safepoint((gc_id, n, gc_ms), info, current, fill)
    }

    fn concurrent_phase(&self, gc_id: u32, name: &str, start: Instant, duration: Duration) {
        if let Some(jfr) = &self.0.recorder.jfr {
            jfr.concurrent_phase(gc_id, name, start, duration);
        }
    }
}
