//! Making the VM from its parts: the heap by the collector's name, the recording, the class
//! table loaded from the embedded class library and the class path, the native functions, the
//! output; then the classes the VM relies on are loaded and the collector's controller started.

use crate::launch::signals;
use crate::library::classlib::CLASSLIB;
use crate::library::natives;
use crate::link::classes::ClassTable;
use crate::runtime::activity::CodeActivity;
use crate::runtime::monitor::Monitors;
use crate::runtime::natives::NativeTable;
use crate::runtime::output::JavaStdout;
use crate::runtime::pause::VmPauses;
use crate::runtime::recording::Recorder;
use crate::runtime::safepoints::Threads;
use crate::runtime::streams::VmStreams;
use crate::runtime::vm::{Recording, Vm, VmOptions};
use gcvm_gc::{Heap, TypeRegistry};
use parking_lot::Mutex;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

impl Vm {
    pub fn new(options: VmOptions) -> Result<&'static Vm, String> {
        Vm::with_recording(options, Recording::default())
    }

    /// A VM that also records what `recording` asks for. The trace is opened before the first
    /// heap allocation and describes the heap's spaces before any object exists.
    pub fn with_recording(options: VmOptions, recording: Recording) -> Result<&'static Vm, String> {
        let types = Arc::new(TypeRegistry::new());
        let mut heap = Heap::new(&options.collector, options.heap.clone(), types.clone())?;
        if options.verify_barriers {
            heap = heap.with_barrier_check();
        }
        if recording.trace_deaths {
            if recording.trace.is_none() {
                return Err("--trace-deaths needs --trace FILE".to_string());
            }
            heap = heap.with_death_tracking();
        }
        if recording.trace_pointers {
            if recording.trace.is_none() {
                return Err("--trace-pointers needs --trace FILE".to_string());
            }
            heap = heap.with_pointer_tracking();
        }
        let recorder = Recorder::open(&recording, &options, &heap)?;
        let streams = match &recording.stream {
            Some(setup) => Some(VmStreams::open(setup, &heap, &recording.program)?),
            None => None,
        };
        let classes = ClassTable::new(
            &options.classpath,
            CLASSLIB,
            types.clone(),
            recorder.trace.clone(),
            heap.deaths().is_some(),
            recording.activity.is_some(),
        );
        // The heap's start: the clock of code activity and of the GC log's uptime decorations.
        let origin = std::time::Instant::now() - heap.uptime();
        let activity = recording.activity.map(|interval| {
            CodeActivity::new(interval, origin, streams.as_ref().map(|s| s.hub.clone()))
        });
        let gc_log = crate::runtime::gclog::GcLog::open(options.gc_log.clone(), origin)?;
        let vm = Vm {
            options,
            heap,
            types,
            classes,
            threads: Threads::default(),
            monitors: Monitors::default(),
            natives: NativeTable::new(natives::registry()),
            recorder,
            streams,
            globals: Mutex::new(Vec::new()),
            stdout: JavaStdout::default(),
            gc_log,
            identity_hash_seed: AtomicU64::new(0x2545_F491_4F6C_DD1D),
            stress_allocations: AtomicU64::new(0),
            start: std::time::Instant::now(),
            activity,
        };
        let vm: &'static Vm = Box::leak(Box::new(vm));
        if let Some(activity) = &vm.activity {
            activity.start_clock(&vm.threads);
        }
        signals::install(vm);
        vm.stdout.start_flusher();
        if vm.options.gc_log.wants_collections() {
            // HotSpot's first GC log line names the collector (`Using G1`).
            let uptime = vm.heap.uptime().as_secs_f64();
            let name = gcvm_tracer::jfr::events::display_name(vm.heap.collector_name());
            vm.write_gc_log(&format!("[{uptime:.3}s][info][gc] Using {name}"));
        }
        vm.classes.define_trace_filler();
        vm.classes
            .boot()
            .map_err(|e| format!("{}: {}", e.class.replace('/', "."), e.message))?;
        let control: &'static VmPauses = Box::leak(Box::new(VmPauses(vm)));
        vm.heap.start(control)?;
        vm.start_stream_ticker();
        vm.start_execution_sampler();
        if let Some(streams) = &vm.streams {
            streams.wait_for_viewer();
        }
        Ok(vm)
    }
}
