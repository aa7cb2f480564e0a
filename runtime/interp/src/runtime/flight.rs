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
//! - `jdk.ExecutionSample`: a sampler thread stops the threads running Java code every period
//!   and records their stacks, exactly, as the interpreter holds them;
//! - at the end, `jdk.GCConfiguration` and `jdk.GCHeapConfiguration`.
//!
//! The hot paths pay one `Option` test: everything here runs on slow paths, at pauses, or on
//! the sampler thread.

use crate::link::classes::ClassTable;
use crate::runtime::thread::Frame;
use crate::runtime::vm::Vm;
use gcvm_tracer::jfr::{self, JfrWriter, Key, ThreadInfo, Ticks, Value};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// HotSpot's stack depth for recorded stack traces (`stackdepth=64`).
const MAX_STACK_DEPTH: usize = 64;

/// The trace id of the VM's own thread in recordings (pauses, safepoints): above any Java
/// thread id.
const VM_THREAD_ID: u64 = 1 << 48;

/// What to record, as HotSpot's two settings files (`default.jfc`, `profile.jfc`) set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JfrSettings {
    /// The settings' name: `default` or `profile`.
    pub name: &'static str,
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
                name: "default",
                sample_period: Duration::from_millis(20),
                threshold: Duration::from_millis(20),
                allocation_samples_per_second: 150,
                every_tlab: false,
            }),
            "profile" => Some(JfrSettings {
                name: "profile",
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
    /// When the collection began (every thread stopped) and ended.
    pub start: Instant,
    pub end: Instant,
    /// The collector's parallel phases: name, first worker start, last worker end.
    pub phases: &'a [(String, Instant, Instant)],
    pub collector: &'static str,
    pub capacity_before: usize,
    pub max_capacity: usize,
}

/// A safepoint, as the pause or the sampler reached it.
pub struct SafepointReport<'a> {
    pub requested: Instant,
    pub all_arrived: Instant,
    pub ended: Instant,
    pub threads: usize,
    /// Per thread: its Java id and when it reached the safepoint.
    pub arrivals: &'a [(u64, Instant)],
}

impl FlightRecorder {
    pub fn open(setup: JfrSetup) -> FlightRecorder {
        let origin = Instant::now();
        let epoch = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as i64);
        FlightRecorder {
            setup,
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

    fn nanos(d: Duration) -> i64 {
        d.as_nanos() as i64
    }

    /// Writes one event; `build` names the things it refers to through the writer.
    fn record(&self, name: &'static str, build: impl FnOnce(&mut State) -> Vec<OwnedValue>) {
        if self.finished.load(Ordering::Acquire) {
            return;
        }
        let mut st = self.state.lock();
        let owned = build(&mut st);
        let spaces: Vec<Vec<Value>> = owned.iter().map(OwnedValue::inline_values).collect();
        let values: Vec<Value> = owned
            .iter()
            .zip(&spaces)
            .map(|(v, inline)| match v {
                Space(_) => Value::Inline(inline),
                other => other.as_value(),
            })
            .collect();
        st.writer.event(name, &values);
    }

    // ---- pauses and safepoints ----

    /// Every event of one collection's pause.
    pub fn pause(&self, p: &PauseReport) {
        let r = p.record;
        let (start, end) = (self.ticks(p.start), self.ticks(p.end));
        let gc_time = Self::nanos(r.gc_time());
        let id = r.id as i32;
        let kind = r.outcome.kind;
        let display = display_name(p.collector);
        let gc_name = match kind {
            gcvm_gc::GcKind::Minor => format!("{display} Young"),
            gcvm_gc::GcKind::Major => format!("{display} Full"),
            gcvm_gc::GcKind::Marking => format!("{display} Concurrent"),
        };
        let pause_name = match (&r.outcome.pause_name, kind) {
            (Some(name), gcvm_gc::GcKind::Marking) => name.clone(),
            _ => "GC Pause".to_string(),
        };
        self.heap_summary(
            start,
            id,
            "Before GC",
            r.outcome.used_before,
            p.capacity_before,
            p.max_capacity,
        );
        for (phase, from, to) in p.phases {
            let (s, e) = (self.ticks(*from), self.ticks(*to));
            self.record("jdk.GCPhasePauseLevel1", |st| {
                let vm = st.vm_thread();
                vec![Long(s), Long(e - s), Ref(vm), Int(id), Str(phase.clone())]
            });
        }
        if let Some(refs) = &r.refs {
            let kinds = [
                "Soft reference",
                "Weak reference",
                "Final reference",
                "Phantom reference",
            ];
            for (kind, count) in kinds.iter().zip(refs.discovered) {
                self.record("jdk.GCReferenceStatistics", |st| {
                    let ty = st.writer.name("jdk.types.ReferenceType", kind);
                    vec![Long(end), Int(id), Ref(ty), Long(count as i64)]
                });
            }
        }
        self.heap_summary(
            end,
            id,
            "After GC",
            r.outcome.used_after,
            r.outcome.capacity_after,
            p.max_capacity,
        );
        self.record("jdk.GCPhasePause", |st| {
            let vm = st.vm_thread();
            vec![
                Long(start),
                Long(gc_time),
                Ref(vm),
                Int(id),
                Str(pause_name),
            ]
        });
        let cause = r.cause.label();
        self.record("jdk.GarbageCollection", |st| {
            let name = st.writer.name("jdk.types.GCName", &gc_name);
            let cause = st.writer.name("jdk.types.GCCause", cause);
            vec![
                Long(start),
                Long(gc_time),
                Int(id),
                Ref(name),
                Ref(cause),
                Long(gc_time),
                Long(gc_time),
            ]
        });
        match kind {
            gcvm_gc::GcKind::Minor => {
                self.record("jdk.YoungGarbageCollection", |_| {
                    vec![Long(start), Long(gc_time), Int(id), Int(0)]
                });
                if p.collector == "region" {
                    let ty = g1_young_type(r.outcome.pause_name.as_deref().unwrap_or(""));
                    self.record("jdk.G1GarbageCollection", |st| {
                        let ty = st.writer.name("jdk.types.G1YCType", ty);
                        vec![Long(start), Long(gc_time), Int(id), Ref(ty)]
                    });
                }
            }
            gcvm_gc::GcKind::Major => {
                self.record("jdk.OldGarbageCollection", |_| {
                    vec![Long(start), Long(gc_time), Int(id)]
                });
            }
            gcvm_gc::GcKind::Marking => {}
        }
    }

    fn heap_summary(
        &self,
        at: Ticks,
        id: i32,
        when: &'static str,
        used: usize,
        committed: usize,
        reserved: usize,
    ) {
        self.record("jdk.GCHeapSummary", |st| {
            let when = st.writer.name("jdk.types.GCWhen", when);
            vec![
                Long(at),
                Int(id),
                Ref(when),
                Space([
                    0,
                    committed as i64,
                    committed as i64,
                    reserved as i64,
                    reserved as i64,
                ]),
                Long(used as i64),
            ]
        });
    }

    /// A safepoint: its begin (the request, lasting until every thread arrived), each
    /// thread's time to reach it, and its end.
    pub fn safepoint(&self, s: &SafepointReport) {
        let id = self.safepoints.fetch_add(1, Ordering::Relaxed) as i64 + 1;
        let (requested, arrived, ended) = (
            self.ticks(s.requested),
            self.ticks(s.all_arrived),
            self.ticks(s.ended),
        );
        let threads = s.threads as i32;
        self.record("jdk.SafepointBegin", |st| {
            let vm = st.vm_thread();
            vec![
                Long(requested),
                Long(arrived - requested),
                Ref(vm),
                Long(id),
                Int(threads),
                Int(0),
            ]
        });
        for &(thread, at) in s.arrivals {
            let at = self.ticks(at).max(requested);
            self.record("gcvm.TimeToSafepoint", |st| {
                let t = st.known_thread(thread);
                vec![Long(requested), Long(at - requested), Ref(t), Long(id)]
            });
        }
        self.record("jdk.SafepointEnd", |st| {
            let vm = st.vm_thread();
            vec![Long(ended), Long(0), Ref(vm), Long(id)]
        });
    }

    /// A collector's concurrent phase.
    pub fn concurrent_phase(&self, gc_id: u32, name: &str, start: Instant, duration: Duration) {
        let start = self.ticks(start);
        self.record("gcvm.ConcurrentPhase", |_| {
            vec![
                Long(start),
                Long(Self::nanos(duration)),
                Int(gc_id as i32),
                Str(name.to_string()),
            ]
        });
    }

    // ---- threads ----

    /// A thread the recording has not named yet gets its name now (threads are named when they
    /// start, before any event refers to them).
    pub fn thread_start(
        &self,
        at: Instant,
        thread: &ThreadInfo,
        parent: Option<(&ThreadInfo, &[Frame])>,
        classes: &ClassTable,
    ) {
        let at = self.ticks(at);
        self.record("jdk.ThreadStart", |st| {
            let new = st.writer.thread(thread);
            let (parent, stack) = match parent {
                Some((p, frames)) => (st.writer.thread(p), st.stack(frames, classes)),
                None => (0, 0),
            };
            vec![Long(at), Ref(new), Ref(stack), Ref(new), Ref(parent)]
        });
    }

    pub fn thread_end(&self, at: Instant, thread: &ThreadInfo) {
        let at = self.ticks(at);
        self.record("jdk.ThreadEnd", |st| {
            let t = st.writer.thread(thread);
            vec![Long(at), Ref(t), Ref(t)]
        });
    }

    /// Is a wait of `d` long enough to record?
    pub fn above_threshold(&self, d: Duration) -> bool {
        d >= self.setup.settings.threshold
    }

    /// A contended monitor entry that blocked from `start` for `d`.
    #[allow(clippy::too_many_arguments)]
    pub fn monitor_enter(
        &self,
        thread: u64,
        frames: &[Frame],
        classes: &ClassTable,
        start: Instant,
        d: Duration,
        monitor_class: &str,
        previous_owner: Option<u64>,
        address: u64,
    ) {
        let start = self.ticks(start);
        self.record("jdk.JavaMonitorEnter", |st| {
            let t = st.known_thread(thread);
            let stack = st.stack(frames, classes);
            let class = st.writer.class(monitor_class);
            let owner = previous_owner.map_or(0, |o| st.known_thread(o));
            vec![
                Long(start),
                Long(Self::nanos(d)),
                Ref(t),
                Ref(stack),
                Ref(class),
                Ref(owner),
                Long(address as i64),
            ]
        });
    }

    /// An `Object.wait` from `start` for `d`.
    #[allow(clippy::too_many_arguments)]
    pub fn monitor_wait(
        &self,
        thread: u64,
        frames: &[Frame],
        classes: &ClassTable,
        start: Instant,
        d: Duration,
        monitor_class: &str,
        notifier: Option<u64>,
        timeout_ms: i64,
        timed_out: bool,
        address: u64,
    ) {
        let start = self.ticks(start);
        self.record("jdk.JavaMonitorWait", |st| {
            let t = st.known_thread(thread);
            let stack = st.stack(frames, classes);
            let class = st.writer.class(monitor_class);
            let notifier = notifier.map_or(0, |n| st.known_thread(n));
            vec![
                Long(start),
                Long(Self::nanos(d)),
                Ref(t),
                Ref(stack),
                Ref(class),
                Ref(notifier),
                Long(timeout_ms),
                Bool(timed_out),
                Long(address as i64),
            ]
        });
    }

    /// A `Thread.sleep(millis)` from `start` for `d`.
    pub fn sleep(
        &self,
        thread: u64,
        frames: &[Frame],
        classes: &ClassTable,
        start: Instant,
        d: Duration,
        millis: i64,
    ) {
        let start = self.ticks(start);
        self.record("jdk.ThreadSleep", |st| {
            let t = st.known_thread(thread);
            let stack = st.stack(frames, classes);
            vec![
                Long(start),
                Long(Self::nanos(d)),
                Ref(t),
                Ref(stack),
                Long(millis),
            ]
        });
    }

    // ---- allocation ----

    /// An allocation through the slow path: a new TLAB (`tlab_size`) or none (outside any
    /// TLAB). `weight` is the thread's bytes since its last sample, taken (reset to 0) when this
    /// allocation is sampled.
    #[allow(clippy::too_many_arguments)]
    pub fn slow_allocation(
        &self,
        thread: u64,
        frames: &[Frame],
        classes: &ClassTable,
        class: &str,
        size: usize,
        tlab_size: Option<u64>,
        weight: &mut u64,
    ) {
        let now = self.ticks(Instant::now());
        if self.setup.settings.every_tlab {
            match tlab_size {
                Some(tlab) => self.record("jdk.ObjectAllocationInNewTLAB", |st| {
                    let t = st.known_thread(thread);
                    let stack = st.stack(frames, classes);
                    let class = st.writer.class(class);
                    vec![
                        Long(now),
                        Ref(t),
                        Ref(stack),
                        Ref(class),
                        Long(size as i64),
                        Long(tlab as i64),
                    ]
                }),
                None => self.record("jdk.ObjectAllocationOutsideTLAB", |st| {
                    let t = st.known_thread(thread);
                    let stack = st.stack(frames, classes);
                    let class = st.writer.class(class);
                    vec![Long(now), Ref(t), Ref(stack), Ref(class), Long(size as i64)]
                }),
            }
        }
        if self.take_allocation_sample(now) {
            let w = std::mem::take(weight);
            self.record("jdk.ObjectAllocationSample", |st| {
                let t = st.known_thread(thread);
                let stack = st.stack(frames, classes);
                let class = st.writer.class(class);
                vec![Long(now), Ref(t), Ref(stack), Ref(class), Long(w as i64)]
            });
        }
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
    pub fn execution_sample(
        &self,
        at: Instant,
        thread: u64,
        frames: &[Frame],
        classes: &ClassTable,
    ) {
        if frames.is_empty() {
            return;
        }
        let at = self.ticks(at);
        self.record("jdk.ExecutionSample", |st| {
            let t = st.known_thread(thread);
            let stack = st.stack(frames, classes);
            let runnable = st.writer.name("jdk.types.ThreadState", "STATE_RUNNABLE");
            vec![Long(at), Ref(t), Ref(stack), Ref(runnable)]
        });
    }

    // ---- the end ----

    /// Writes the configuration events and the file. Runs once; later events are dropped.
    #[allow(clippy::too_many_arguments)]
    pub fn finish(
        &self,
        collector: &'static str,
        config: &gcvm_gc::HeapConfig,
        concurrent: bool,
    ) -> Result<(), String> {
        let end = self.ticks(Instant::now());
        let display = display_name(collector);
        let young = match collector {
            "semispace" | "mark-compact" => format!("{display} Full"),
            _ => format!("{display} Young"),
        };
        let old = match collector {
            "cms" | "concurrent-mark-sweep" => format!("{display} Concurrent"),
            _ => format!("{display} Full"),
        };
        let pause_target = config.pause_goal.map_or(0, |g| g.as_millis() as i64);
        let threads = config.gc_threads as i32;
        self.record("jdk.GCConfiguration", |st| {
            let young = st.writer.name("jdk.types.GCName", &young);
            let old = st.writer.name("jdk.types.GCName", &old);
            vec![
                Long(end),
                Ref(young),
                Ref(old),
                Int(threads),
                Int(concurrent as i32),
                Bool(false),
                Bool(false),
                Bool(false),
                Long(pause_target),
                Int(0),
            ]
        });
        self.record("jdk.GCHeapConfiguration", |st| {
            let mode = st.writer.name("jdk.types.NarrowOopMode", "Non-zero based");
            vec![
                Long(end),
                Long(config.initial_size as i64),
                Long(config.max_size as i64),
                Long(config.initial_size as i64),
                Bool(true),
                Ref(mode),
                Long(8),
                Byte(32),
            ]
        });
        if self.finished.swap(true, Ordering::AcqRel) {
            return Ok(());
        }
        let writer = std::mem::replace(&mut self.state.lock().writer, JfrWriter::new(0, 0));
        let path = &self.setup.path;
        std::fs::write(path, writer.finish())
            .map_err(|e| format!("cannot write JFR recording {}: {e}", path.display()))
    }
}

impl State {
    fn vm_thread(&mut self) -> Key {
        self.writer.vm_thread(VM_THREAD_ID, "VM Thread")
    }

    /// A Java thread already named by its start (the name is kept from then).
    fn known_thread(&mut self, id: u64) -> Key {
        self.writer.thread(&ThreadInfo {
            java_id: id,
            name: format!("Thread-{id}"),
        })
    }

    /// The key of the stack `frames` (outermost first, as a thread holds them): innermost first,
    /// at most `MAX_STACK_DEPTH` frames.
    fn stack(&mut self, frames: &[Frame], classes: &ClassTable) -> Key {
        let top: Vec<&Frame> = frames.iter().rev().take(MAX_STACK_DEPTH).collect();
        let ids: Vec<(u32, u32)> = top.iter().map(|f| (f.method.id, bci_of(f))).collect();
        if let Some(&key) = self.stacks.get(&ids) {
            return key;
        }
        let jfr_frames: Vec<jfr::Frame> = top
            .iter()
            .map(|f| {
                let m = f.method;
                let bci = bci_of(f);
                jfr::Frame {
                    class: classes.class(m.class_id).name.clone(),
                    method: m.name.clone(),
                    descriptor: m.descriptor.clone(),
                    line: if bci == u32::MAX { -1 } else { m.line_of(bci) },
                    bci: if bci == u32::MAX { -1 } else { bci as i32 },
                }
            })
            .collect();
        let key = self
            .writer
            .stack_trace(&jfr_frames, frames.len() > MAX_STACK_DEPTH);
        self.stacks.insert(ids, key);
        key
    }
}

/// The bytecode index a frame is at (u32::MAX for a native method's frame).
fn bci_of(f: &Frame) -> u32 {
    match f.method.code.get() {
        Some(Ok(code)) => code.bci.get(f.pc as usize).copied().unwrap_or(0),
        _ => u32::MAX,
    }
}

/// G1's young-collection types, from the pause's name in the GC log.
fn g1_young_type(pause_name: &str) -> &'static str {
    if pause_name.contains("(Mixed)") {
        "Mixed"
    } else if pause_name.contains("(Concurrent Start)") {
        "Concurrent Start"
    } else {
        "Normal"
    }
}

/// A collector's name as recordings show it: `region` is `Region`, `mark-compact`
/// `Mark-Compact`.
pub fn display_name(collector: &str) -> String {
    collector
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// An event value built before the writer is locked (owned strings).
enum OwnedValue {
    Long(i64),
    Int(i32),
    Byte(i8),
    Bool(bool),
    Str(String),
    Ref(Key),
    /// A jdk.types.VirtualSpace: start, committed end, committed size, reserved end, size.
    Space([i64; 5]),
}
use OwnedValue::{Bool, Byte, Int, Long, Ref, Space, Str};

impl OwnedValue {
    fn as_value(&self) -> Value<'_> {
        match self {
            Long(v) => Value::Long(*v),
            Int(v) => Value::Int(*v),
            Byte(v) => Value::Byte(*v),
            Bool(v) => Value::Bool(*v),
            Str(s) => Value::Str(s),
            Ref(k) => Value::Ref(*k),
            Space(_) => unreachable!("a space is written inline (`inline_values`)"),
        }
    }

    /// The fields of a value written inline (a space's five longs); none for the others.
    fn inline_values(&self) -> Vec<Value<'static>> {
        match self {
            Space(fields) => fields.iter().map(|&v| Value::Long(v)).collect(),
            _ => Vec::new(),
        }
    }
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
                    self.threads.with_running_threads_stopped(|t, stack| {
                        jfr.execution_sample(at, t.id, &stack.frames, &self.classes);
                    });
                }
            });
        if let Err(e) = spawned {
            self.write_stderr(format!("gcvm: no JFR execution samples: {e}\n").as_bytes());
        }
    }
}
