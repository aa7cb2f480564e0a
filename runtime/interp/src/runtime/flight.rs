//! `gcvm run --jfr FILE`: a JDK Flight Recorder recording of the run (docs/jfr.md), written
//! with gcvm_tracer::jfr at exit. What the VM reports here, and from where:
//!
//! - every pause (runtime/pause.rs): `jdk.GarbageCollection`, the young/old/G1 event of its
//!   kind, `jdk.GCPhasePause`, a `jdk.GCPhasePauseLevel1` per parallel phase the collector
//!   timed, `jdk.GCHeapSummary` before and after, `jdk.GCReferenceStatistics`; and the safepoint
//!   it stopped the world in (`jdk.SafepointBegin`/`End`, one `gcvm.TimeToSafepoint` a thread);
//! - the collectors' concurrent phases (`gcvm.ConcurrentPhase`, through `VmControl`);
//! - allocation slow paths (exec/alloc.rs): `jdk.ObjectAllocationSample`, throttled as
//!   HotSpot's, and under the `profile` settings every `jdk.ObjectAllocationInNewTLAB` and
//!   `jdk.ObjectAllocationOutsideTLAB`, each with the allocating thread's stack;
//! - threads and waiting (library/): `jdk.ThreadStart`/`End`, `jdk.JavaMonitorEnter` (a
//!   contended entry), `jdk.JavaMonitorWait`, `jdk.ThreadSleep`, above the settings' threshold;
//! - `jdk.ExecutionSample`: every period a sampler thread stops each thread running Java code
//!   in turn (the others pass their polls: `Threads::sample_running_threads`) and records its
//!   stack, exactly, as the interpreter holds it;
//! - at the end, `jdk.GCConfiguration` and `jdk.GCHeapConfiguration`.
//!
//! The hot paths pay one `Option` test: everything here runs on slow paths, at pauses, or on
//! the sampler thread.

use crate::link::classes::ClassTable;
use crate::runtime::thread::{Frame, JThread};
use crate::runtime::vm::Vm;
use gcvm_tracer::jfr::{self, events, JfrWriter, Key, ThreadInfo, Ticks, Value};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// HotSpot's stack depth for recorded stack traces (`stackdepth=64`).
const MAX_STACK_DEPTH: usize = 64;

/// A thread's allocation is considered for a sample only once it has allocated this much
/// since its last sample: the clock is not read on every slow path (concurrent mark-sweep
/// takes one for every object).
const SAMPLE_GATE_BYTES: u64 = 32 << 10;

/// What to record, as HotSpot's two settings files (`default.jfc`, `profile.jfc`) set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JfrSettings {
    /// `jdk.ExecutionSample` period.
    pub sample_period: Duration,
    /// Monitor entries, waits and sleeps shorter than this are not recorded.
    pub threshold: Duration,
    /// `jdk.ObjectAllocationSample`s per second at most (HotSpot's throttle).
    pub allocation_samples_per_second: u64,
    /// Record every TLAB refill and every allocation outside a TLAB.
    pub every_tlab: bool,
}

impl JfrSettings {
    /// `default` (HotSpot's default.jfc: low overhead) or `profile` (profile.jfc).
    pub fn named(name: &str) -> Option<JfrSettings> {
        match name {
            "default" => Some(JfrSettings {
                sample_period: Duration::from_millis(20),
                threshold: Duration::from_millis(20),
                allocation_samples_per_second: 150,
                every_tlab: false,
            }),
            "profile" => Some(JfrSettings {
                sample_period: Duration::from_millis(10),
                threshold: Duration::from_millis(10),
                allocation_samples_per_second: 300,
                every_tlab: true,
            }),
            _ => None,
        }
    }
}

/// What `--jfr` asked for.
#[derive(Clone, Debug)]
pub struct JfrSetup {
    pub path: PathBuf,
    pub settings: JfrSettings,
}

/// The recording of a run.
pub struct FlightRecorder {
    pub setup: JfrSetup,
    /// `every_tlab`, where the collector allocates in TLABs. A free-list collector (concurrent
    /// mark-sweep) allocates every object outside any TLAB: recording each would record every
    /// allocation, so under it only allocation samples are taken.
    every_slow_allocation: bool,
    origin: Instant,
    state: Mutex<State>,
    safepoints: AtomicU64,
    /// Ticks before which no allocation sample is taken (the throttle).
    next_allocation_sample: AtomicI64,
    finished: AtomicBool,
}

struct State {
    writer: JfrWriter,
    /// Stack traces already written, by (method id, bci) of each frame.
    stacks: HashMap<Vec<(u32, u32)>, Key>,
}

/// One collection's pause, as `pause_in_safepoint` saw it.
pub struct PauseReport<'a> {
    pub record: &'a gcvm_gc::GcRecord,
    /// When the collection began (every thread stopped).
    pub start: Instant,
    /// The collector's parallel phases: name, first worker start, last worker end.
    pub phases: &'a [(String, Instant, Instant)],
    pub collector: &'static str,
    pub capacity_before: usize,
    pub max_capacity: usize,
}

/// A safepoint, as the pause reached it.
pub struct SafepointReport<'a> {
    pub requested: Instant,
    pub all_arrived: Instant,
    pub ended: Instant,
    /// Per stopped thread: its Java id and when it reached the safepoint.
    pub arrivals: &'a [(u64, Instant)],
}

impl FlightRecorder {
    /// A recording to `setup`, in a heap whose mutators allocate in TLABs or not.
    pub fn open(setup: JfrSetup, allocates_in_tlabs: bool) -> FlightRecorder {
        let origin = Instant::now();
        let every_slow_allocation = setup.settings.every_tlab && allocates_in_tlabs;
        let epoch = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as i64);
        FlightRecorder {
            setup,
            every_slow_allocation,
            origin,
            state: Mutex::new(State {
                writer: JfrWriter::new(epoch, 0),
                stacks: HashMap::new(),
            }),
            safepoints: AtomicU64::new(0),
            next_allocation_sample: AtomicI64::new(0),
            finished: AtomicBool::new(false),
        }
    }

    /// `at` on the recording's clock.
    pub fn ticks(&self, at: Instant) -> Ticks {
        at.saturating_duration_since(self.origin).as_nanos() as Ticks
    }

    /// Runs `write` on the writer, unless the recording is finished (then events are dropped).
    fn write(&self, write: impl FnOnce(&mut State)) {
        if self.finished.load(Ordering::Acquire) {
            return;
        }
        write(&mut self.state.lock());
    }

    /// Every event of one collection's pause.
    pub fn pause(&self, p: &PauseReport) {
        let r = p.record;
        let phases: Vec<(String, Ticks, Ticks)> = p
            .phases
            .iter()
            .map(|(name, from, to)| (name.clone(), self.ticks(*from), self.ticks(*to)))
            .collect();
        let pause = events::Pause {
            gc_id: r.id,
            collector: p.collector,
            kind: r.outcome.kind,
            cause: r.cause.label(),
            pause_name: r.outcome.pause_name.as_deref(),
            start: self.ticks(p.start),
            duration: nanos(r.gc_time()),
            used_before: r.outcome.used_before as u64,
            used_after: r.outcome.used_after as u64,
            committed_before: p.capacity_before as u64,
            committed_after: r.outcome.capacity_after as u64,
            reserved: p.max_capacity as u64,
            phases: &phases,
            references: r
                .refs
                .as_ref()
                .map(|refs| refs.discovered.map(|n| n as u64)),
        };
        self.write(|st| st.writer.pause(&pause));
    }

    /// The heap's spaces by role after collection `gc_id`.
    pub fn spaces(&self, gc_id: u32, spaces: &[gcvm_tracer::SpaceDesc]) {
        let at = self.ticks(Instant::now());
        self.write(|st| st.writer.space_summary(at, gc_id, spaces));
    }

    /// A safepoint: its begin, each thread's time to reach it, and its end.
    pub fn safepoint(&self, s: &SafepointReport) {
        let arrivals: Vec<(ThreadInfo, Ticks)> = s
            .arrivals
            .iter()
            .map(|&(id, at)| (unnamed_thread(id), self.ticks(at)))
            .collect();
        let safepoint = events::Safepoint {
            id: self.safepoints.fetch_add(1, Ordering::Relaxed) + 1,
            requested: self.ticks(s.requested),
            all_arrived: self.ticks(s.all_arrived),
            ended: self.ticks(s.ended),
            threads: s.arrivals.len(),
            arrivals: &arrivals,
        };
        self.write(|st| st.writer.safepoint(&safepoint));
    }

    /// A collector's concurrent phase.
    pub fn concurrent_phase(&self, gc_id: u32, name: &str, start: Instant, duration: Duration) {
        let start = self.ticks(start);
        self.write(|st| {
            st.writer
                .concurrent_phase(gc_id, name, start, nanos(duration))
        });
    }

    // ---- threads ----

    /// A thread starts; `parent` is the thread starting it (`Thread.start`), at its stack.
    pub fn thread_start(&self, thread: &ThreadInfo, parent: Option<&JThread>) {
        let at = self.ticks(Instant::now());
        let parent_info = parent.map(|p| ThreadInfo {
            java_id: p.id,
            name: p.name.clone(),
        });
        self.write(|st| {
            let stack = parent.map_or(0, |p| st.stack(&p.frames, &p.vm.classes));
            st.writer
                .thread_start(at, thread, parent_info.as_ref(), stack);
        });
    }

    pub fn thread_end(&self, thread: &ThreadInfo) {
        let at = self.ticks(Instant::now());
        self.write(|st| st.writer.thread_end(at, thread));
    }

    /// Is a wait of `d` long enough to record?
    pub fn above_threshold(&self, d: Duration) -> bool {
        d >= self.setup.settings.threshold
    }

    /// A contended monitor entry (`what`) that blocked from `start` for `d`.
    pub fn monitor_enter(
        &self,
        thread: &Waiter,
        start: Instant,
        d: Duration,
        what: &Monitored,
        previous_owner: Option<u64>,
    ) {
        let start = self.ticks(start);
        self.write(|st| {
            let (t, stack, class) = st.waiter(thread, what);
            let owner = previous_owner.map_or(0, |o| st.known_thread(o));
            st.writer.event(
                "jdk.JavaMonitorEnter",
                &[
                    Value::Long(start),
                    Value::Long(nanos(d)),
                    Value::Ref(t),
                    Value::Ref(stack),
                    Value::Ref(class),
                    Value::Ref(owner),
                    Value::Long(what.address as i64),
                ],
            );
        });
    }

    /// An `Object.wait(timeout_ms)` from `start` for `d`, ended by `notifier`'s notify (None: a
    /// timeout or an interrupt).
    pub fn monitor_wait(
        &self,
        thread: &Waiter,
        start: Instant,
        d: Duration,
        what: &Monitored,
        notifier: Option<u64>,
        timeout_ms: i64,
    ) {
        let start_ticks = self.ticks(start);
        let timed_out =
            notifier.is_none() && timeout_ms > 0 && d >= Duration::from_millis(timeout_ms as u64);
        self.write(|st| {
            let (t, stack, class) = st.waiter(thread, what);
            let notifier = notifier.map_or(0, |n| st.known_thread(n));
            st.writer.event(
                "jdk.JavaMonitorWait",
                &[
                    Value::Long(start_ticks),
                    Value::Long(nanos(d)),
                    Value::Ref(t),
                    Value::Ref(stack),
                    Value::Ref(class),
                    Value::Ref(notifier),
                    Value::Long(timeout_ms),
                    Value::Bool(timed_out),
                    Value::Long(what.address as i64),
                ],
            );
        });
    }

    /// A `Thread.sleep(millis)` from `start` for `d`.
    pub fn sleep(&self, thread: &Waiter, start: Instant, d: Duration, millis: i64) {
        let start = self.ticks(start);
        self.write(|st| {
            let t = st.known_thread(thread.id);
            let stack = st.stack(thread.frames, thread.classes);
            st.writer.event(
                "jdk.ThreadSleep",
                &[
                    Value::Long(start),
                    Value::Long(nanos(d)),
                    Value::Ref(t),
                    Value::Ref(stack),
                    Value::Long(millis),
                ],
            );
        });
    }

    // ---- allocation ----

    /// An allocation of `size` bytes of `class` through the slow path: a new TLAB of
    /// `tlab_size` bytes, or none (outside any TLAB). `clock`: the thread's bytes since its
    /// last sample, the sample's weight when this allocation is sampled.
    pub fn slow_allocation(
        &self,
        thread: &Waiter,
        class: &str,
        size: usize,
        tlab_size: Option<u64>,
        clock: &mut SampleClock,
    ) {
        let every_tlab = self.every_slow_allocation;
        let now = self.ticks(Instant::now());
        let sampled = clock.is_due() && self.take_allocation_sample(now);
        let w = clock.after_look(sampled);
        if !every_tlab && !sampled {
            return;
        }
        self.write(|st| {
            let info = unnamed_thread(thread.id);
            let stack = st.stack(thread.frames, thread.classes);
            if every_tlab {
                st.writer
                    .slow_allocation(now, &info, stack, class, size as u64, tlab_size);
            }
            if sampled {
                let t = st.known_thread(thread.id);
                let class = st.writer.class(class);
                st.writer.event(
                    "jdk.ObjectAllocationSample",
                    &[
                        Value::Long(now),
                        Value::Ref(t),
                        Value::Ref(stack),
                        Value::Ref(class),
                        Value::Long(w as i64),
                    ],
                );
            }
        });
    }

    /// Is a slow-path allocation to be looked at (`slow_allocation`)? Cheap: no clock, no lock.
    #[inline]
    pub fn considers_allocation(&self, clock: &SampleClock) -> bool {
        self.every_slow_allocation || clock.is_due()
    }

    /// The throttle: at most `allocation_samples_per_second`, spread evenly.
    fn take_allocation_sample(&self, now: Ticks) -> bool {
        let gap = 1_000_000_000 / self.setup.settings.allocation_samples_per_second.max(1) as i64;
        let next = self.next_allocation_sample.load(Ordering::Relaxed);
        now >= next
            && self
                .next_allocation_sample
                .compare_exchange(next, now + gap, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }

    // ---- execution samples ----

    /// One running thread's stack, sampled at `at`.
    pub fn execution_sample(&self, at: Instant, thread: &Waiter) {
        if thread.frames.is_empty() {
            return;
        }
        let at = self.ticks(at);
        self.write(|st| {
            let t = st.known_thread(thread.id);
            let stack = st.stack(thread.frames, thread.classes);
            let runnable = st.writer.name("jdk.types.ThreadState", "STATE_RUNNABLE");
            st.writer.event(
                "jdk.ExecutionSample",
                &[
                    Value::Long(at),
                    Value::Ref(t),
                    Value::Ref(stack),
                    Value::Ref(runnable),
                ],
            );
        });
    }

    // ---- the end ----

    /// Writes the configuration events and the file. Runs once; later events are dropped.
    pub fn finish(&self, collector: &str, config: &gcvm_gc::HeapConfig) -> Result<(), String> {
        let end = self.ticks(Instant::now());
        let configuration = events::Configuration {
            collector,
            gc_threads: config.gc_threads,
            pause_goal_ms: config.pause_goal.map_or(0, |g| g.as_millis() as u64),
            initial_heap: config.initial_size as u64,
            max_heap: config.max_size as u64,
        };
        let mut st = self.state.lock();
        if self.finished.swap(true, Ordering::AcqRel) {
            return Ok(());
        }
        st.writer.configuration(end, &configuration);
        let writer = std::mem::replace(&mut st.writer, JfrWriter::new(0, 0));
        drop(st);
        let path = &self.setup.path;
        std::fs::write(path, writer.finish())
            .map_err(|e| format!("cannot write JFR recording {}: {e}", path.display()))
    }
}

/// A thread's allocation-sample clock: its bytes since its last sample (the next sample's
/// weight), and the count at which the throttle is next asked (every `SAMPLE_GATE_BYTES`, so
/// the clock is not read on every slow path: concurrent mark-sweep takes one per object).
#[derive(Default, Debug)]
pub struct SampleClock {
    unsampled: u64,
    next_look: u64,
}

impl SampleClock {
    #[inline]
    pub fn add(&mut self, bytes: u64) {
        self.unsampled += bytes;
    }

    #[inline]
    fn is_due(&self) -> bool {
        self.unsampled >= self.next_look.max(SAMPLE_GATE_BYTES)
    }

    /// After the throttle was asked (or not): the weight of the sample taken (0 if none), and
    /// the next look `SAMPLE_GATE_BYTES` further on.
    fn after_look(&mut self, sampled: bool) -> u64 {
        if sampled {
            self.next_look = 0;
            return std::mem::take(&mut self.unsampled);
        }
        if self.is_due() {
            self.next_look = self.unsampled + SAMPLE_GATE_BYTES;
        }
        0
    }
}

/// A thread that waits, sleeps, allocates or is sampled: its id and its frames.
pub struct Waiter<'a> {
    pub id: u64,
    pub frames: &'a [Frame],
    pub classes: &'a ClassTable,
}

impl Waiter<'_> {
    /// The running thread `t`.
    pub fn of(t: &JThread) -> Waiter<'_> {
        Waiter {
            id: t.id,
            frames: &t.frames,
            classes: &t.vm.classes,
        }
    }
}

/// The object a monitor event is about: its class (internal name) and address, read while the
/// thread holds its stack (before it blocks: a collection meanwhile may move the object).
pub struct Monitored<'a> {
    pub class: &'a str,
    pub address: u64,
}

impl Monitored<'static> {
    pub fn of(vm: &'static Vm, obj: gcvm_gc::Ref) -> Monitored<'static> {
        let class = &vm.types.info(vm.heap.memory.type_id(obj)).name;
        Monitored {
            class,
            address: obj.offset() as u64,
        }
    }
}

impl State {
    /// A Java thread already named by its start (the name is kept from then).
    fn known_thread(&mut self, id: u64) -> Key {
        self.writer.thread(&unnamed_thread(id))
    }

    /// The keys of a waiting thread, its stack and the monitor's class.
    fn waiter(&mut self, thread: &Waiter, what: &Monitored) -> (Key, Key, Key) {
        let t = self.known_thread(thread.id);
        let stack = self.stack(thread.frames, thread.classes);
        (t, stack, self.writer.class(what.class))
    }

    /// The key of the stack `frames` (outermost first, as a thread holds them): innermost first,
    /// at most `MAX_STACK_DEPTH` frames. No frames (the VM's own work before a thread runs Java
    /// code) is a null stack trace, as HotSpot records it.
    fn stack(&mut self, frames: &[Frame], classes: &ClassTable) -> Key {
        if frames.is_empty() {
            return 0;
        }
        let top: Vec<&Frame> = frames.iter().rev().take(MAX_STACK_DEPTH).collect();
        let ids: Vec<(u32, u32)> = top.iter().map(|f| (f.method.id, bci_of(f))).collect();
        if let Some(&key) = self.stacks.get(&ids) {
            return key;
        }
        let jfr_frames: Vec<jfr::Frame> = top.iter().map(|f| java_frame(f, classes)).collect();
        let key = self
            .writer
            .stack_trace(&jfr_frames, frames.len() > MAX_STACK_DEPTH);
        self.stacks.insert(ids, key);
        key
    }
}

/// A frame as recordings name it: class, method, descriptor, line and bytecode index (-1 for a
/// native method's frame).
fn java_frame(f: &Frame, classes: &ClassTable) -> jfr::Frame {
    let m = f.method;
    let bci = bci_of(f);
    let native = bci == u32::MAX;
    jfr::Frame {
        class: classes.class(m.class_id).name.clone(),
        method: m.name.clone(),
        descriptor: m.descriptor.clone(),
        line: if native { -1 } else { m.line_of(bci) },
        bci: if native { -1 } else { bci as i32 },
    }
}

/// The bytecode index a frame is at (u32::MAX for a native method's frame).
fn bci_of(f: &Frame) -> u32 {
    match f.method.code.get() {
        Some(Ok(code)) => code.bci.get(f.pc as usize).copied().unwrap_or(0),
        _ => u32::MAX,
    }
}

/// Thread `id` where its name is not at hand: the writer keeps the name its start gave it
/// (`Thread-N` only for a thread that did not start through `JThread::create`).
fn unnamed_thread(id: u64) -> ThreadInfo {
    ThreadInfo {
        java_id: id,
        name: format!("Thread-{id}"),
    }
}

fn nanos(d: Duration) -> Ticks {
    d.as_nanos() as Ticks
}

impl Vm {
    /// `--jfr`: starts the thread that takes an execution sample of every thread running Java
    /// code each sample period, until the recording is finished.
    pub(crate) fn start_execution_sampler(&'static self) {
        let Some(jfr) = &self.recorder.jfr else {
            return;
        };
        let period = jfr.setup.settings.sample_period;
        let spawned = std::thread::Builder::new()
            .name("JFR Sampler".into())
            .spawn(move || {
                while !jfr.finished.load(Ordering::Acquire) {
                    std::thread::sleep(period);
                    if self.recorder.finished.load(Ordering::Acquire) {
                        break;
                    }
                    let at = Instant::now();
                    self.threads.sample_running_threads(|t, stack| {
                        let waiter = Waiter {
                            id: t.id,
                            frames: &stack.frames,
                            classes: &self.classes,
                        };
                        jfr.execution_sample(at, &waiter);
                    });
                }
            });
        if let Err(e) = spawned {
            self.write_stderr(format!("gcvm: no JFR execution samples: {e}\n").as_bytes());
        }
    }
}
