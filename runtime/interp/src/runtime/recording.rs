//! Recording the run (`--trace`, `--heap-dump`, heap streams): the trace writer, the heap-dump
//! file, and finishing both on every exit path (with the HPROF dump at exit, heapdump.rs).

use crate::runtime::heapdump::DumpPoint;
use crate::runtime::vm::{Recording, Vm, VmOptions};
use gcvm_gc::Heap;
use gcvm_tracer::{TraceConfig, TraceWriter};
use parking_lot::Mutex;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What the VM writes about its run, and whether that is finished.
pub struct Recorder {
    /// The event trace, when recording (`--trace`).
    pub trace: Option<TraceWriter>,
    /// The JDK Flight Recorder recording, when recording (`--jfr`).
    pub jfr: Option<crate::runtime::flight::FlightRecorder>,
    /// HPROF dumps asked for (`--heap-dump-on-oom`, `--heap-dump-at`; runtime/heapdump.rs).
    pub(crate) hprof: crate::runtime::heapdump::HeapDumps,
    /// The heap dump file, when recording (`--heap-dump`).
    pub(crate) heap_dump: Option<Mutex<std::io::BufWriter<std::fs::File>>>,
    /// Serialises reading the spaces and reporting them to the trace outside collections.
    pub(crate) space_sync: Mutex<()>,
    /// Held while an exit path finishes the recording; another one waits for it.
    pub(crate) finishing: Mutex<()>,
    /// An exit path has finished the recording (it runs once).
    pub finished: AtomicBool,
}

impl Recorder {
    /// Opens what `recording` asks for: the trace (describing the heap's spaces) and the heap
    /// dump file.
    pub fn open(
        recording: &Recording,
        options: &VmOptions,
        heap: &Heap,
    ) -> Result<Recorder, String> {
        let heap_dump = match &recording.heap_dump {
            Some(path) => Some(Mutex::new(std::io::BufWriter::with_capacity(
                1 << 20,
                std::fs::File::create(path)
                    .map_err(|e| format!("cannot create heap dump file {}: {e}", path.display()))?,
            ))),
            None => None,
        };
        Ok(Recorder {
            trace: open_trace(recording, options, heap)?,
            jfr: open_flight_recording(recording, heap)?,
            hprof: crate::runtime::heapdump::HeapDumps::open(&recording.hprof)?,
            heap_dump,
            space_sync: Mutex::new(()),
            finishing: Mutex::new(()),
            finished: AtomicBool::new(false),
        })
    }
}

impl Vm {
    /// A new thread's event buffer (records Thread Alive), when tracing.
    pub fn thread_events(&self, id: u64, name: &str) -> Option<gcvm_tracer::ThreadEvents> {
        let id = u32::try_from(id)
            .unwrap_or(u32::MAX)
            .min(gcvm_tracer::format::GC_THREAD_BASE - 1);
        self.recorder
            .trace
            .as_ref()
            .map(|w| w.thread_events(id, name))
    }

    /// Reports the heap's spaces to the trace after they changed outside a collection (the heap
    /// grew). Collections report their own changes through the GC sink.
    pub fn sync_trace_spaces(&self) {
        if let Some(w) = &self.recorder.trace {
            let _serial = self.recorder.space_sync.lock();
            w.sync_spaces(&self.heap.trace_spaces());
        }
    }

    /// `--heap-dump`: writes the heap as it is, one line per object in address order
    /// (`address type_id size array_length`, `-` for non-arrays; fillers left out), under the
    /// header line `label` (`gc N start`, `gc N end`, `end`). Every TLAB must be retired.
    /// With `--trace-pointers` and the world's `roots`, each object line goes on with its
    /// non-null references (` slot:address`, slots in 4-byte units from the object's start)
    /// and the section ends with one line per root (`root KIND address`, KIND the trace's
    /// root-kind code), in address order.
    pub(crate) fn dump_heap(&self, label: &str, roots: Option<&mut dyn gcvm_gc::RootSource>) {
        let Some(dump) = &self.recorder.heap_dump else {
            return;
        };
        let with_pointers = self.heap.pointer_totals().is_some();
        let mut out = dump.lock();
        let _ = writeln!(out, "{label}");
        let mem = &self.heap.memory;
        self.heap.for_each_object(|obj| {
            let ty = mem.type_id(obj);
            let size = mem.object_size(&self.types, obj);
            let _ = if self.types.info(ty).is_array() {
                write!(
                    out,
                    "{:#x} {ty} {size} {}",
                    obj.offset(),
                    mem.array_length(obj)
                )
            } else {
                write!(out, "{:#x} {ty} {size} -", obj.offset())
            };
            if with_pointers {
                mem.for_each_ref_slot(&self.types, obj, |slot| {
                    let target = mem.read_ref(slot);
                    if !target.is_null() {
                        let index = (slot - obj.offset()) / 4;
                        let _ = write!(out, " {index}:{:#x}", target.offset());
                    }
                });
            }
            let _ = writeln!(out);
        });
        if let (true, Some(roots)) = (with_pointers, roots) {
            for r in self.heap.describe_roots(roots) {
                let _ = writeln!(out, "root {} {:#x}", r.kind.code(), r.addr);
            }
        }
    }

    /// `--trace-pointers` at the end of the run (every thread stopped and retired): the
    /// references of the objects stored into since the last collection, and the roots, so that
    /// the trace's last boundary has the graph too.
    fn record_final_pointers(&self, roots: &mut dyn gcvm_gc::RootSource) {
        if let Some(w) = &self.recorder.trace {
            let mut sink = w.gc_sink();
            self.heap.record_pointers_now(roots, &mut sink);
        }
        if let (true, Some(totals)) = (
            self.options.gc_log.wants_details(),
            self.heap.pointer_totals(),
        ) {
            let uptime = self.heap.uptime().as_secs_f64();
            self.write_gc_log(&format!(
                "[{uptime:.3}s][info][gc,pointers] {}",
                totals.log_line()
            ));
        }
    }

    /// Makes the recording complete on an exit path (normal exit, uncaught exception,
    /// OutOfMemoryError, System.exit, Ctrl-C): stops every Java thread as a collection does,
    /// retires their TLABs, flushes their event buffers, dumps the final heap (boundary `end`)
    /// and finishes the trace file (trailer and footer). The caller must not hold its own stack.
    /// With `patience`, a thread that has not stopped in that time is given up: its unflushed
    /// events (at most one 16 KB buffer) are not in the trace, and the final heap is not dumped.
    /// Runs once: a second exit path (two threads calling System.exit, Ctrl-C during exit)
    /// waits for the first to be done, so the process never ends halfway through the trailer.
    /// The threads stay stopped, as the process exits next. Returns whether this call finished it.
    pub fn finish_recording(&self, patience: Option<Duration>) -> bool {
        self.end_streams();
        self.finish_flight_recording();
        self.report_missed_heap_dumps();
        let hprof_at_exit = self.recorder.hprof.wants(DumpPoint::Exit);
        if self.recorder.trace.is_none() && self.recorder.heap_dump.is_none() && !hprof_at_exit {
            return false;
        }
        let _finishing = match patience {
            None => self.recorder.finishing.lock(),
            Some(p) => match self.recorder.finishing.try_lock_for(p * 5) {
                Some(guard) => guard,
                None => return false,
            },
        };
        if self.recorder.finished.swap(true, Ordering::SeqCst) {
            return false;
        }
        let deadline = patience.map(|p| Instant::now() + p);
        let gc = match deadline {
            None => Some(self.threads.gc_lock.lock()),
            Some(d) => self.threads.gc_lock.try_lock_until(d),
        };
        self.threads.request_safepoint();
        let (mut stacks, all) = self.threads.stop_every_thread(deadline);
        // The threads stay stopped until the process exits: concurrent collector work stops too.
        self.heap.world_stopped();
        for st in stacks.iter_mut() {
            self.heap.retire_mutator(&mut st.mutator);
            st.flush_events();
        }
        if all && gc.is_some() {
            {
                let mut roots = crate::runtime::thread::VmRoots {
                    vm: self,
                    threads: stacks.iter_mut().map(|g| &mut **g).collect(),
                };
                self.record_final_pointers(&mut roots);
                self.dump_heap("end", Some(&mut roots));
            }
            self.hprof_at_pause(DumpPoint::Exit, &stacks);
        }
        if let Some(w) = &self.recorder.trace {
            if let Err(e) = w.finish() {
                self.write_stderr(format!("gcvm: cannot finish the trace: {e}\n").as_bytes());
            }
        }
        if let Some(dump) = &self.recorder.heap_dump {
            let _ = dump.lock().flush();
        }
        // Nothing may run or collect after the recording is closed: keep the world stopped.
        std::mem::forget(stacks);
        std::mem::forget(gc);
        true
    }
}

impl Vm {
    /// Writes the JFR recording's file (`--jfr`); a failure is reported, not fatal.
    fn finish_flight_recording(&self) {
        let Some(jfr) = &self.recorder.jfr else {
            return;
        };
        if let Err(e) = jfr.finish(self.heap.collector_name(), &self.heap.config) {
            self.write_stderr(format!("gcvm: {e}\n").as_bytes());
        }
    }
}

/// Starts the JFR recording (when `recording` asks for one), after checking its file can be
/// written: a bad path fails at start, as HotSpot's -XX:StartFlightRecording does, not at exit.
fn open_flight_recording(
    recording: &Recording,
    heap: &Heap,
) -> Result<Option<crate::runtime::flight::FlightRecorder>, String> {
    let Some(setup) = &recording.jfr else {
        return Ok(None);
    };
    std::fs::File::create(&setup.path)
        .map_err(|e| format!("cannot create JFR recording {}: {e}", setup.path.display()))?;
    Ok(Some(crate::runtime::flight::FlightRecorder::open(
        setup.clone(),
        heap.allocates_in_tlabs(),
    )))
}

/// Opens the trace file (when `recording` asks for one) and describes the heap's spaces in it.
fn open_trace(
    recording: &Recording,
    options: &VmOptions,
    heap: &Heap,
) -> Result<Option<TraceWriter>, String> {
    let Some(path) = &recording.trace else {
        return Ok(None);
    };
    let config = TraceConfig {
        collector: heap.collector_name().to_string(),
        program: recording.program.clone(),
        heap_size: options.heap.max_size as u64,
        deaths: recording.trace_deaths,
        pointers: recording.trace_pointers,
        activity: recording.activity.is_some(),
        rotation: recording.trace_rotation,
        ..TraceConfig::default()
    };
    let w = TraceWriter::create(path, config)
        .map_err(|e| format!("cannot create trace file {}: {e}", path.display()))?;
    w.sync_spaces(&heap.trace_spaces());
    Ok(Some(w))
}
