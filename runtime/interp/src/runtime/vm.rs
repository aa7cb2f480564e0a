//! The `Vm`: the state every Java thread shares, composed of parts that own their own state,
//! and the options it runs with.

use crate::link::classes::ClassTable;
use crate::runtime::monitor::Monitors;
use crate::runtime::natives::NativeTable;
use crate::runtime::output::JavaStdout;
use crate::runtime::recording::Recorder;
use crate::runtime::safepoints::Threads;
use crate::runtime::streams::VmStreams;
use gcvm_gc::{Heap, HeapConfig, Ref, TypeRegistry};
use parking_lot::Mutex;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Options the VM runs with (parsed by the CLI).
#[derive(Clone, Debug)]
pub struct VmOptions {
    pub classpath: String,
    pub collector: String,
    pub heap: HeapConfig,
    /// Operand-stack and locals slots per thread (-Xss / 8).
    pub stack_slots: usize,
    pub max_frames: usize,
    pub gc_stress: Option<u64>,
    pub verify_heap: bool,
    /// `--verify-barriers`: check at every pause that every reference store ran the barrier.
    pub verify_barriers: bool,
    /// `-Xlog`'s selection, output and decorations (gclog.rs): which GC log lines are made
    /// (`wants_collections`, `wants_details`), which of them written, where and how.
    pub gc_log: crate::runtime::gclog::GcLogConfig,
}

impl VmOptions {
    /// Options for embedding the VM (benches, tests): `classpath`, a fixed heap of `heap_size`
    /// bytes, the semispace collector with one GC thread, java's default 1 MB stack.
    pub fn with_heap(classpath: &str, heap_size: usize) -> VmOptions {
        let stack_slots = (1 << 20) / 8;
        VmOptions {
            classpath: classpath.into(),
            collector: "semispace".into(),
            heap: HeapConfig {
                initial_size: heap_size,
                max_size: heap_size,
                gc_threads: 1,
                periodic_interval: None,
                region_size: None,
                pause_goal: None,
                young_size: None,
                huge_pages: false,
            },
            stack_slots,
            max_frames: stack_slots / 4,
            gc_stress: None,
            verify_heap: false,
            verify_barriers: false,
            gc_log: Default::default(),
        }
    }
}

/// What the VM records about its own run, beside running the program (`gcvm run --trace`,
/// `--heap-dump`). Off by default.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    /// Write the object-level event trace (docs/trace-format.md) to this file.
    pub trace: Option<PathBuf>,
    /// Write the actual heap, object by object, at every GC boundary to this file (a self-check
    /// of the trace: see `Vm::dump_heap`).
    pub heap_dump: Option<PathBuf>,
    /// HPROF dumps of the live heap: at the first OutOfMemoryError, at collections, at exit
    /// (`--heap-dump-on-oom`, `--heap-dump-at`; runtime/heapdump.rs).
    pub hprof: crate::runtime::heapdump::HeapDumpSetup,
    /// The traced program (main class and arguments), for the trace header.
    pub program: String,
    /// With `trace`: also record each dead object's death time and context
    /// (`--trace-deaths`, gcvm_gc::deaths).
    pub trace_deaths: bool,
    /// With `trace`: also record the references of objects and the roots at every collection
    /// (`--trace-pointers`, gcvm_gc::pointers).
    pub trace_pointers: bool,
    /// Heap streams for the viewer (`--stream`, `--stream-record`).
    pub stream: Option<crate::runtime::streams::StreamSetup>,
    /// A JDK Flight Recorder recording (`--jfr`, runtime/flight.rs).
    pub jfr: Option<crate::runtime::flight::JfrSetup>,
    /// Count code activity and thread states per interval of this length (`--activity`,
    /// runtime/activity.rs): into the trace and the heap streams.
    pub activity: Option<std::time::Duration>,
    /// With `trace`: rotate it (`--trace-max-size`, `--trace-files`; docs/trace-format.md,
    /// "Rotation").
    pub trace_rotation: Option<gcvm_tracer::Rotation>,
}

impl Recording {
    pub fn is_on(&self) -> bool {
        self.trace.is_some() || self.heap_dump.is_some()
    }
}

/// The VM: what every Java thread shares, as `&'static Vm` (one per process, leaked when made
/// by launch/boot.rs). It composes parts that own their state: the heap, the class table, the
/// threads and safepoints, the monitors, the native functions, the recording and the output.
// `repr(C)` with the heap first, so that `&vm.heap` is `vm`: the interpreter's loop then keeps one
// register for both. Without it the compiler placed the heap elsewhere and the loop spilled the
// VM pointer and the slot base: 2% more instructions on fannkuch-redux (callgrind).
#[repr(C)]
pub struct Vm {
    pub heap: Heap,
    pub options: VmOptions,
    pub types: Arc<TypeRegistry>,
    /// Every loaded class and method (link/classes.rs).
    pub classes: ClassTable,
    /// Every Java thread, and the safepoint protocol's state (safepoints.rs).
    pub threads: Threads,
    pub monitors: Monitors,
    /// The functions of native methods (natives.rs; the functions: library/natives.rs).
    pub natives: NativeTable,
    /// The trace and the heap dump, when recording (recording.rs).
    pub recorder: Recorder,
    /// Heap streams, when watched or recorded (streams.rs).
    pub(crate) streams: Option<VmStreams>,
    /// VM-held references (the preallocated OutOfMemoryError, thread objects): GC roots.
    pub globals: Mutex<Vec<Ref>>,
    /// System.out: buffered, flushed at newlines on a terminal, else at every collection and
    /// every second (output.rs).
    pub(crate) stdout: JavaStdout,
    /// The GC log's output (`-Xlog`: stdout through `stdout`, stderr or a file).
    pub(crate) gc_log: crate::runtime::gclog::GcLog,
    pub identity_hash_seed: AtomicU64,
    /// `--gc-stress N`: allocations by every thread so far; each N-th collects first. One count
    /// for the whole VM, so that hundreds of threads allocating a little each still collect
    /// every N allocations (per thread, a 500-thread program collected a handful of times).
    pub(crate) stress_allocations: AtomicU64,
    pub start: std::time::Instant,
    /// `--activity`: the interval clock and the streams' feed (runtime/activity.rs).
    pub activity: Option<crate::runtime::activity::CodeActivity>,
}

impl Vm {
    pub fn write_stdout(&self, bytes: &[u8]) {
        self.stdout.write(bytes);
    }
    pub fn write_stderr(&self, bytes: &[u8]) {
        self.flush_stdout();
        let _ = std::io::stderr().write_all(bytes);
    }
    /// Writes GC log `line` (`[uptime][level][tags] message`, no newline) where `-Xlog` says,
    /// if its tags are selected.
    pub fn write_gc_log(&self, line: &str) {
        self.gc_log.write(line, |bytes| self.stdout.write(bytes));
    }

    pub fn flush_stdout(&self) {
        self.stdout.flush();
    }

    /// A pause failed heap verification or the barrier check: report it, finish the recording
    /// (the trace up to the failure is what one wants to look at) and exit with status 70. The
    /// caller must not hold its own stack.
    pub fn fail_verification(&self, error: &str) -> ! {
        self.write_stderr(format!("gcvm: heap verification failed {error}\n").as_bytes());
        self.finish_recording(Some(Duration::from_secs(2)));
        self.flush_stdout();
        std::process::exit(70);
    }

    /// Ends the process with `status` (System.exit): finishes the recording, flushes output.
    /// The caller must not hold its own stack (see `finish_recording`).
    pub fn exit(&self, status: i32) -> ! {
        self.finish_recording(None);
        self.flush_stdout();
        std::process::exit(status)
    }

    /// A new identity hash (a thread-safe xorshift, as HotSpot's hashCode=5 mode).
    pub fn next_identity_hash(&self) -> i32 {
        loop {
            let old = self.identity_hash_seed.load(Ordering::Relaxed);
            let mut x = old;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if self
                .identity_hash_seed
                .compare_exchange(old, x, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                let h = (x >> 33) as i32 & 0x7fff_ffff;
                return if h == 0 { 1 } else { h };
            }
        }
    }
}
