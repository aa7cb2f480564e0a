//! A Java thread's VM state: its frames and operand stacks, its TLAB, its handles; its life
//! (create, attach, detach), safepoint polls, reference stores, arguments and roots. What runs
//! on that state is in exec/: allocation and the collections it triggers (alloc.rs),
//! invocation and monitors (invoke.rs), class initialisation (init.rs), throwing (throw.rs).
//!
//! # Frames and precise roots
//! Every frame's locals and operand stack live in one slot array (`slots`, 64 bits a slot; long
//! and double take two slots as in the JVM). A callee's locals begin where its arguments sit on
//! the caller's operand stack, so calls copy nothing. The interpreter keeps pc and sp in Rust
//! locals and writes them back to the frame (`Frame::pc` = the instruction being executed) before
//! anything that can collect. A collection then finds references exactly: for a Java frame the
//! oop map of its method at that pc says which locals and stack slots hold references (computed
//! from the bytecode, see model/oopmap.rs); for a native frame the method descriptor says which
//! arguments do; Rust code holding references across an allocation keeps them in `handles`.
//!
//! # Threads and safepoints (docs/safepoints.md)
//! The part of a thread a collector needs — `ThreadStack` — sits behind a mutex. A thread holds
//! that lock while it runs Java code: holding it *is* the right to run. It lets go at safepoint
//! polls when a collection is requested, and around anything that blocks (sleep, wait, join,
//! contended monitor entry), so a blocked thread never delays a pause. A collector stops the
//! world by taking every thread's stack lock; a thread cannot re-take its own until the pause
//! ends.

use crate::model::class::Method;
use crate::runtime::vm::Vm;
use gcvm_gc::{Mutator, Ref, RootSource};
pub use gcvm_tracer::format::ThreadState;
use gcvm_tracer::{RootKind, ThreadEvents};
use parking_lot::{ArcMutexGuard, Condvar, Mutex, RawMutex};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// An exception is pending in `JThread::pending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throw;

pub type JResult<T> = Result<T, Throw>;

#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub method: &'static Method,
    /// While the frame runs: the next instruction. While suspended: the current instruction.
    pub pc: u32,
    pub locals: u32,
    pub sp: u32,
    /// The object a synchronized method locked on entry (null otherwise).
    pub lock: Ref,
}

/// Slots kept free past the limit so a StackOverflowError can still be constructed.
const STACK_RESERVE_SLOTS: usize = 16 * 1024;
pub(crate) const FRAME_RESERVE: usize = 256;

/// What a collector reads and updates while the thread is stopped.
pub struct ThreadStack {
    pub slots: gcvm_gc::StackMemory,
    pub frames: Vec<Frame>,
    /// What the collector gives this thread: its TLAB, barrier buffers, allocation state.
    pub mutator: Mutator,
    pub handles: Vec<Ref>,
    pub pending: Ref,
    pub thread_object: Ref,
    /// The thread's Java id (`Thread.getId`).
    pub thread_id: u64,
    /// `--jfr`: this thread's bytes since its last allocation sample, and when to look again.
    pub allocation_sampling: crate::runtime::flight::SampleClock,
    /// The thread's trace buffer, when tracing. Here, beside the TLAB, so that the collecting
    /// thread can flush every stopped thread's buffer at the safepoint.
    pub events: Option<ThreadEvents>,
    /// When tracing: the last time the thread let go of its stack (entered a safe region or
    /// stopped at a safepoint poll). A pause that takes the lock reads it as the moment the
    /// thread reached the safepoint (the trace's Safepoint arrival events).
    pub released_at: Option<std::time::Instant>,
    /// `--activity`: this thread's interval and state (runtime/activity.rs)...
    pub activity: Option<Box<crate::runtime::activity::ThreadActivity>>,
    /// ... and its counts per method (empty without `--activity`) ...
    pub method_counts: crate::runtime::activity::MethodCounts,
    /// ... and per frame (by depth) the instructions it ran and has not yet handed to its
    /// method's counter, kept while a callee runs (the running frame keeps its count in the
    /// interpreter). Zero for every other depth.
    pub frame_counts: Vec<u64>,
    /// Somebody hears of each allocation: the trace (`events`) or `--activity`. One flag, so
    /// that the allocation fast path asks once and stays small enough to be inlined.
    pub observed: bool,
}

/// The shared, always-accessible part of a thread (the registry holds these).
pub struct ThreadShared {
    pub id: u64,
    pub name: Mutex<String>,
    pub stack: Arc<Mutex<ThreadStack>>,
    pub interrupted: AtomicBool,
    pub daemon: AtomicBool,
    /// Started and not yet finished (Thread.isAlive).
    pub alive: AtomicBool,
    /// LockSupport's permit (JDK's Parker): set by unpark, taken by park. Set only while
    /// holding `park`, so a wake-up between a parker's check and its wait is never lost.
    pub permit: AtomicBool,
    /// For park, sleep and interrupt wake-ups.
    pub park: Mutex<()>,
    pub park_cond: Condvar,
    /// The monitor the thread is waiting on, so an interrupt can wake it.
    pub waiting_on: Mutex<Option<Arc<crate::runtime::monitor::Monitor>>>,
}

pub struct JThread {
    pub vm: &'static Vm,
    pub shared: Arc<ThreadShared>,
    pub(crate) st: Option<ArcMutexGuard<RawMutex, ThreadStack>>,
    pub name: String,
    pub id: u64,
    pub(crate) slot_limit: usize,
    pub(crate) frame_limit: usize,
    pub(crate) stress: Option<Stress>,
    /// Building an OutOfMemoryError: an allocation failure now throws the preallocated one.
    pub(crate) throwing_oom: bool,
}

impl std::ops::Deref for JThread {
    type Target = ThreadStack;
    #[inline(always)]
    fn deref(&self) -> &ThreadStack {
        self.st.as_ref().expect("a running thread holds its stack")
    }
}

impl std::ops::DerefMut for JThread {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut ThreadStack {
        self.st.as_mut().expect("a running thread holds its stack")
    }
}

pub(crate) struct Stress {
    pub(crate) every: u64,
    pub(crate) real_end: usize,
}

impl JThread {
    /// Creates the VM state of a Java thread with id `id`, registered with the VM; the calling OS
    /// thread becomes it (`attach`) or hands it to a new OS thread. `parent`: the thread
    /// starting it (`Thread.start`), for the JFR recording's ThreadStart.
    pub fn create(
        vm: &'static Vm,
        name: &str,
        id: u64,
        thread_object: Ref,
        daemon: bool,
        parent: Option<&JThread>,
    ) -> Arc<ThreadShared> {
        if let Some(jfr) = &vm.recorder.jfr {
            let info = gcvm_tracer::jfr::ThreadInfo {
                java_id: id,
                name: name.to_string(),
            };
            jfr.thread_start(&info, parent);
        }
        let threads = vm.threads.count().max(1);
        let events = vm.thread_events(id, name);
        let activity = crate::runtime::activity::ThreadActivity::new(vm);
        let stack = ThreadStack {
            slots: gcvm_gc::StackMemory::zeroed(vm.options.stack_slots + STACK_RESERVE_SLOTS),
            frames: Vec::with_capacity(1024),
            mutator: vm.heap.new_mutator(threads),
            handles: Vec::new(),
            pending: Ref::NULL,
            thread_object,
            thread_id: id,
            allocation_sampling: Default::default(),
            observed: events.is_some() || activity.is_some(),
            events,
            released_at: None,
            activity,
            method_counts: Default::default(),
            frame_counts: Vec::new(),
        };
        let shared = Arc::new(ThreadShared {
            id,
            name: Mutex::new(name.to_string()),
            stack: Arc::new(Mutex::new(stack)),
            interrupted: AtomicBool::new(false),
            daemon: AtomicBool::new(daemon),
            alive: AtomicBool::new(true),
            permit: AtomicBool::new(false),
            park: Mutex::new(()),
            park_cond: Condvar::new(),
            waiting_on: Mutex::new(None),
        });
        vm.threads.register(shared.clone());
        shared
    }

    /// Makes the calling OS thread run as `shared` (takes its stack lock).
    pub fn attach(vm: &'static Vm, shared: Arc<ThreadShared>) -> JThread {
        let st = shared.stack.lock_arc();
        let name = shared.name.lock().clone();
        let mut t = JThread {
            vm,
            id: shared.id,
            name,
            st: Some(st),
            shared,
            slot_limit: vm.options.stack_slots,
            frame_limit: vm.options.max_frames,
            stress: vm.options.gc_stress.map(|every| Stress {
                every: every.max(1),
                real_end: 0,
            }),
            throwing_oom: false,
        };
        t.activity_thread_started();
        t
    }

    /// The thread is done: retire its TLAB and leave the registry, still holding its stack so no
    /// collection sees it half-gone.
    pub fn detach(mut self) {
        let vm = self.vm;
        if let Some(jfr) = &vm.recorder.jfr {
            let info = gcvm_tracer::jfr::ThreadInfo {
                java_id: self.id,
                name: self.name.clone(),
            };
            jfr.thread_end(&info);
        }
        vm.heap.retire_mutator(&mut self.mutator);
        self.activity_thread_ended();
        self.events = None; // records Thread Death and flushes
        self.frames.clear();
        self.handles.clear();
        vm.threads.unregister(self.id);
    }

    /// Runs `f` in a safe region: the stack lock is released (fairly, so a waiting collector
    /// gets it) while `f` blocks, and the collector takes back what a blocked thread need not
    /// hold (`Heap::release_idle`: concurrent mark-sweep's spans). `f` must not touch the heap.
    /// `state`: what the thread is doing meanwhile, for `--activity`'s thread states.
    pub fn blocking<R>(&mut self, state: ThreadState, f: impl FnOnce() -> R) -> R {
        if self.activity.is_none() || (state != ThreadState::Safepoint && !self.states_recorded()) {
            return self.release_stack_while(f);
        }
        self.activity_before_blocking(state);
        let mut woke = None;
        let r = self.release_stack_while(|| {
            let r = f();
            woke = Some(std::time::Instant::now());
            r
        });
        let woke = woke.unwrap_or_else(std::time::Instant::now);
        self.activity_after_blocking(state, woke);
        r
    }

    fn release_stack_while<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let guard = self.st.as_mut().expect("a running thread holds its stack");
        self.vm.heap.release_idle(&mut guard.mutator);
        if guard.events.is_some() || self.vm.recorder.jfr.is_some() {
            guard.released_at = Some(std::time::Instant::now());
        }
        ArcMutexGuard::unlocked_fair(guard, f)
    }

    /// A safepoint poll: if a collection is waiting, stop until it is over. Frames must be synced.
    #[inline]
    pub fn safepoint_poll(&mut self) {
        if self.vm.threads.safepoint_requested() {
            self.stop_for_safepoint();
        }
    }

    #[cold]
    fn stop_for_safepoint(&mut self) {
        let vm = self.vm;
        if !vm.threads.heeds_safepoint(self.id) {
            return; // an execution sample of another thread (runtime/flight.rs)
        }
        self.blocking(ThreadState::Safepoint, || {
            vm.threads.wait_for_safepoint_end()
        });
    }

    // ---- reference stores (through the heap's access API, so barriers run) ----

    /// Stores `value` into the reference field at `offset` of `holder`.
    #[inline(always)]
    pub fn store_ref(&mut self, holder: Ref, offset: usize, value: Ref) {
        let vm = self.vm;
        vm.heap.store_ref(&mut self.mutator, holder, offset, value);
    }

    /// Stores `value` into element `index` of the reference array `array`.
    #[inline(always)]
    pub fn store_ref_element(&mut self, array: Ref, index: usize, value: Ref) {
        let vm = self.vm;
        vm.heap
            .store_ref_element(&mut self.mutator, array, index, value);
    }

    // ---- handles ----

    pub fn push_handle(&mut self, r: Ref) -> usize {
        self.handles.push(r);
        self.handles.len() - 1
    }
    pub fn handle(&self, h: usize) -> Ref {
        self.handles[h]
    }
    pub fn set_handle(&mut self, h: usize, r: Ref) {
        self.handles[h] = r;
    }
    pub fn truncate_handles(&mut self, len: usize) {
        self.handles.truncate(len);
    }

    /// Slot `i` of the current top of stack region (for natives reading their arguments).
    #[inline]
    pub fn arg(&self, base: usize, i: usize) -> u64 {
        self.slots[base + i]
    }
    #[inline]
    pub fn arg_ref(&self, base: usize, i: usize) -> Ref {
        Ref::from_raw(self.slots[base + i] as u32)
    }
    #[inline]
    pub fn arg_int(&self, base: usize, i: usize) -> i32 {
        self.slots[base + i] as u32 as i32
    }
    #[inline]
    pub fn arg_long(&self, base: usize, i: usize) -> i64 {
        self.slots[base + i] as i64
    }
    #[inline]
    pub fn arg_double(&self, base: usize, i: usize) -> f64 {
        f64::from_bits(self.slots[base + i])
    }
    #[inline]
    pub fn arg_float(&self, base: usize, i: usize) -> f32 {
        f32::from_bits(self.slots[base + i] as u32)
    }

    // ---- allocation ----
}

impl ThreadStack {
    /// Sends the thread's buffered trace events to the trace writer (at safepoints and exits).
    pub fn flush_events(&mut self) {
        if let Some(events) = self.events.as_mut() {
            events.flush();
        }
    }

    /// Visits this thread's roots (see the module comment).
    pub fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        self.visit_roots_held(&mut |r, _| visit(r));
    }

    /// Visits this thread's roots, each with what holds it (`--trace-pointers`).
    pub fn describe_roots(&mut self, describe: &mut dyn FnMut(Ref, RootKind, u32)) {
        let thread = u32::try_from(self.thread_id).unwrap_or(u32::MAX);
        self.visit_roots_held(&mut |r, kind| {
            describe(r, kind, thread);
            r
        });
    }

    /// Visits this thread's roots with their kinds: the monitors its frames hold, its frames'
    /// reference slots (the oop maps say which), its handles and pending exception (VM
    /// internal) and its Thread object.
    fn visit_roots_held(&mut self, visit: &mut dyn FnMut(Ref, RootKind) -> Ref) {
        for i in 0..self.frames.len() {
            visit_ref(&mut self.frames[i].lock, RootKind::Monitor, visit);
            for_each_ref_slot_of_frame(&self.frames, i, |j| visit_slot(&mut self.slots[j], visit));
        }
        for h in self.handles.iter_mut() {
            visit_ref(h, RootKind::VmInternal, visit);
        }
        visit_ref(&mut self.pending, RootKind::VmInternal, visit);
        visit_ref(&mut self.thread_object, RootKind::ThreadObject, visit);
    }

    /// Calls `f` with each frame's index (0: the outermost) and every non-null reference the
    /// frame holds: its synchronized method's lock, then its locals and operand stack slots that
    /// hold references. Reads only (the heap dump's java frame roots).
    pub fn for_each_frame_ref(&self, mut f: impl FnMut(usize, Ref)) {
        for (i, frame) in self.frames.iter().enumerate() {
            if !frame.lock.is_null() {
                f(i, frame.lock);
            }
            for_each_ref_slot_of_frame(&self.frames, i, |j| {
                let r = Ref::from_raw(self.slots[j] as u32);
                if !r.is_null() {
                    f(i, r);
                }
            });
        }
    }
}

/// Calls `f` with the index (into the thread's slot array) of every slot of frame `i` that holds
/// a reference: for a native frame its reference arguments, for a Java frame what the oop map
/// of its method at its pc says (see the module comment).
fn for_each_ref_slot_of_frame(frames: &[Frame], i: usize, mut f: impl FnMut(usize)) {
    let frame = frames[i];
    let base = frame.locals as usize;
    if frame.method.is_native() {
        for (j, &is_ref) in frame.method.arg_refs.iter().enumerate() {
            if is_ref {
                f(base + j);
            }
        }
        return;
    }
    let code = match frame.method.code.get() {
        Some(Ok(c)) => c,
        _ => return,
    };
    let maps = code
        .oopmaps
        .get_or_init(|| crate::model::oopmap::OopMaps::compute(code, frame.method));
    let map = maps.at(frame.pc as usize);
    let stack_base = base + code.max_locals as usize;
    let mut depth = map.stack_depth as usize;
    if let Some(callee) = frames.get(i + 1) {
        depth = depth.min((callee.locals as usize).saturating_sub(stack_base));
    }
    for j in 0..code.max_locals as usize {
        if map.is_ref(j) {
            f(base + j);
        }
    }
    for j in 0..depth {
        if map.is_ref(code.max_locals as usize + j) {
            f(stack_base + j);
        }
    }
}

fn visit_slot(slot: &mut u64, visit: &mut dyn FnMut(Ref, RootKind) -> Ref) {
    let r = Ref::from_raw(*slot as u32);
    if !r.is_null() {
        *slot = visit(r, RootKind::ThreadStack).raw() as u64;
    }
}

fn visit_ref(r: &mut Ref, kind: RootKind, visit: &mut dyn FnMut(Ref, RootKind) -> Ref) {
    if !r.is_null() {
        *r = visit(*r, kind);
    }
}

/// The root set of a collection: the stopped threads plus the VM's own references.
pub struct VmRoots<'a> {
    pub vm: &'a Vm,
    pub threads: Vec<&'a mut ThreadStack>,
}

impl RootSource for VmRoots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for t in self.threads.iter_mut() {
            t.visit_roots(visit);
        }
        visit_vm_roots(self.vm, visit);
    }

    fn describe_roots(&mut self, describe: &mut dyn FnMut(Ref, RootKind, u32)) {
        for t in self.threads.iter_mut() {
            t.describe_roots(describe);
        }
        describe_vm_roots(self.vm, describe);
    }
}

/// Statics, class mirrors, interned strings and VM globals.
pub fn visit_vm_roots(vm: &Vm, visit: &mut dyn FnMut(Ref) -> Ref) {
    visit_vm_roots_held(vm, &mut |r, _, _| visit(r));
}

/// The VM's own roots, each with what holds it (`--trace-pointers`): a static field's detail
/// is its Static symbol in the trace, a class mirror's the class's type id.
pub fn describe_vm_roots(vm: &Vm, describe: &mut dyn FnMut(Ref, RootKind, u32)) {
    let trace = vm.recorder.trace.as_ref();
    visit_vm_roots_held(vm, &mut |r, kind, holder| {
        let detail = match (kind, holder) {
            (RootKind::StaticField, Holder::Static(class, slot)) => {
                let field = class
                    .fields
                    .iter()
                    .find(|f| f.is_static() && f.offset == slot)
                    .map_or("<static>", |f| f.name.as_str());
                trace.map_or(0, |w| w.define_static(&class.java_name(), field))
            }
            (_, Holder::Class(class)) => class.id,
            _ => 0,
        };
        describe(r, kind, detail);
        r
    });
}

/// What holds one of the VM's roots.
enum Holder {
    Static(&'static crate::model::class::Class, u32),
    Class(&'static crate::model::class::Class),
    Vm,
}

fn visit_vm_roots_held(vm: &Vm, visit: &mut dyn FnMut(Ref, RootKind, Holder) -> Ref) {
    use std::sync::atomic::Ordering;
    for class in vm.classes.all_classes() {
        for &slot in &class.static_ref_slots {
            let r = Ref::from_raw(class.static_value(slot) as u32);
            if !r.is_null() {
                let now = visit(r, RootKind::StaticField, Holder::Static(class, slot));
                class.set_static_value(slot, now.raw() as u64);
            }
        }
        let m = class.mirror();
        if !m.is_null() {
            let now = visit(m, RootKind::ClassMirror, Holder::Class(class));
            class.mirror.store(now.raw(), Ordering::Relaxed);
        }
    }
    for sc in vm.classes.string_list.lock().iter() {
        let r = Ref::from_raw(sc.value.load(Ordering::Relaxed));
        if !r.is_null() {
            let now = visit(r, RootKind::InternedString, Holder::Vm);
            sc.value.store(now.raw(), Ordering::Relaxed);
        }
    }
    for g in vm.globals.lock().iter_mut() {
        if !g.is_null() {
            *g = visit(*g, RootKind::VmInternal, Holder::Vm);
        }
    }
}
