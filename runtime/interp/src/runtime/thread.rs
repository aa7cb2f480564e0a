//! A Java thread's VM state: its frames and operand stacks, its TLAB, its handles; and the
//! operations that need them — allocation (and the collections it triggers), invocation, class
//! initialisation, monitors, and throwing exceptions.
//!
//! # Frames and precise roots
//! Every frame's locals and operand stack live in one slot array (`slots`, 64 bits a slot; long
//! and double take two slots as in the JVM). A callee's locals begin where its arguments sit on
//! the caller's operand stack, so calls copy nothing. The interpreter keeps pc and sp in Rust
//! locals and writes them back to the frame (`Frame::pc` = the instruction being executed) before
//! anything that can collect. A collection then finds references exactly: for a Java frame the
//! oop map of its method at that pc says which locals and stack slots hold references (computed
//! from the bytecode, see oopmap.rs); for a native frame the method descriptor says which
//! arguments do; Rust code holding references across an allocation keeps them in `handles`.
//!
//! # Threads and safepoints (docs/safepoints.md)
//! The part of a thread a collector needs — `ThreadStack` — sits behind a mutex. A thread holds
//! that lock while it runs Java code: holding it *is* the right to run. It lets go at safepoint
//! polls when a collection is requested, and around anything that blocks (sleep, wait, join,
//! contended monitor entry), so a blocked thread never delays a pause. A collector stops the
//! world by taking every thread's stack lock; a thread cannot re-take its own until the pause
//! ends.

use crate::model::class::{Class, Code, Method};
use crate::model::error::LinkageError;
use crate::model::insn::Kind;
use crate::model::sites::{Site, StringSites};
use crate::runtime::vm::Vm;
use gcvm_gc::{GcCause, Mutator, Ref, RootSource};
use gcvm_tracer::ThreadEvents;
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
const FRAME_RESERVE: usize = 256;
/// Allocation-failure collections a thread runs, while each leaves room that other threads
/// take first, before it grows the heap and then runs the last-ditch full collection.
const COLLECTIONS_BEFORE_GROWING: usize = 16;

/// What a collector reads and updates while the thread is stopped.
pub struct ThreadStack {
    pub slots: Vec<u64>,
    pub frames: Vec<Frame>,
    /// What the collector gives this thread: its TLAB, barrier buffers, allocation state.
    pub mutator: Mutator,
    pub handles: Vec<Ref>,
    pub pending: Ref,
    pub thread_object: Ref,
    /// The thread's trace buffer, when tracing. Here, beside the TLAB, so that the collecting
    /// thread can flush every stopped thread's buffer at the safepoint.
    pub events: Option<ThreadEvents>,
    /// When tracing: the last time the thread let go of its stack (entered a safe region or
    /// stopped at a safepoint poll). A pause that takes the lock reads it as the moment the
    /// thread reached the safepoint (the trace's Safepoint arrival events).
    pub released_at: Option<std::time::Instant>,
}

/// Records one allocation placed at `at` in the thread's TLAB (in address order).
#[inline]
fn record_in_tlab(
    events: &mut ThreadEvents,
    site: Site,
    type_id: u32,
    len: Option<u32>,
    at: usize,
    size: usize,
) {
    if site.implies_type {
        events.alloc_in_tlab_at(site.id, len, at as u64, size as u64);
    } else {
        events.alloc_in_tlab_typed(site.id, type_id, None, len);
    }
}

/// `--trace-deaths`: the allocation clock counts the bytes the trace records (only called when
/// tracing, so it costs nothing without a trace).
#[inline]
fn tick_death_clock(m: &Mutator, size: usize) {
    if let Some(deaths) = m.deaths.as_deref() {
        deaths.allocated(size);
    }
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
    /// For sleep and interrupt wake-ups.
    pub park: Mutex<()>,
    pub park_cond: Condvar,
    /// The monitor the thread is waiting on, so an interrupt can wake it.
    pub waiting_on: Mutex<Option<Arc<crate::runtime::monitor::Monitor>>>,
}

pub struct JThread {
    pub vm: &'static Vm,
    pub shared: Arc<ThreadShared>,
    st: Option<ArcMutexGuard<RawMutex, ThreadStack>>,
    pub name: String,
    pub id: u64,
    slot_limit: usize,
    frame_limit: usize,
    stress: Option<Stress>,
    /// Building an OutOfMemoryError: an allocation failure now throws the preallocated one.
    throwing_oom: bool,
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

struct Stress {
    every: u64,
    count: u64,
    real_end: usize,
}

impl JThread {
    /// Creates the VM state of a Java thread with id `id`, registered with the VM; the calling OS
    /// thread becomes it (`attach`) or hands it to a new OS thread.
    pub fn create(
        vm: &'static Vm,
        name: &str,
        id: u64,
        thread_object: Ref,
        daemon: bool,
    ) -> Arc<ThreadShared> {
        let threads = vm.threads.count().max(1);
        let stack = ThreadStack {
            slots: vec![0; vm.options.stack_slots + STACK_RESERVE_SLOTS],
            frames: Vec::with_capacity(1024),
            mutator: vm.heap.new_mutator(threads),
            handles: Vec::new(),
            pending: Ref::NULL,
            thread_object,
            events: vm.thread_events(id, name),
            released_at: None,
        };
        let shared = Arc::new(ThreadShared {
            id,
            name: Mutex::new(name.to_string()),
            stack: Arc::new(Mutex::new(stack)),
            interrupted: AtomicBool::new(false),
            daemon: AtomicBool::new(daemon),
            alive: AtomicBool::new(true),
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
        JThread {
            vm,
            id: shared.id,
            name,
            st: Some(st),
            shared,
            slot_limit: vm.options.stack_slots,
            frame_limit: vm.options.max_frames,
            stress: vm.options.gc_stress.map(|every| Stress {
                every: every.max(1),
                count: 0,
                real_end: 0,
            }),
            throwing_oom: false,
        }
    }

    /// The thread is done: retire its TLAB and leave the registry, still holding its stack so no
    /// collection sees it half-gone.
    pub fn detach(mut self) {
        let vm = self.vm;
        vm.heap.retire_mutator(&mut self.mutator);
        self.events = None; // records Thread Death and flushes
        self.frames.clear();
        self.handles.clear();
        vm.threads.unregister(self.id);
    }

    /// Runs `f` in a safe region: the stack lock is released (fairly, so a waiting collector
    /// gets it) while `f` blocks. `f` must not touch the heap.
    pub fn blocking<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let guard = self.st.as_mut().expect("a running thread holds its stack");
        if guard.events.is_some() {
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
        self.blocking(|| vm.threads.wait_for_safepoint_end());
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

    /// Allocates `size` zeroed bytes for an object of type `type_id` (`len`: its array length)
    /// coming from `site`, collecting if needed; throws OutOfMemoryError. The trace hears of it
    /// here, where its place is decided: with tracing off that costs one predictable branch.
    #[inline]
    pub fn alloc(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        let st: &mut ThreadStack = self;
        match st.mutator.tlab.alloc(size) {
            Some(at) => {
                if let Some(events) = st.events.as_mut() {
                    record_in_tlab(events, site, type_id, len, at, size);
                    tick_death_clock(&st.mutator, size);
                }
                Ok(at)
            }
            None => self.alloc_slow(size, site, type_id, len),
        }
    }

    #[cold]
    fn alloc_slow(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        self.safepoint_poll();
        if self.stress.is_some() {
            return self.alloc_stressed(size, site, type_id, len);
        }
        self.alloc_or_collect(size, site, type_id, len)
    }

    fn alloc_or_collect(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
            return Ok(at);
        }
        // Collect and retry. With several threads allocating into a small young generation,
        // the others may fill what the collection freed before this thread runs again (on two
        // cores it can wait a scheduler slice): then collect again, as HotSpot's allocation
        // loop does, rather than take the lack of room for an exhausted heap.
        for _ in 0..COLLECTIONS_BEFORE_GROWING {
            self.collect(GcCause::AllocationFailure);
            if self.vm.heap.gc_overhead_limit_exceeded() {
                return Err(self.throw_oom("GC overhead limit exceeded"));
            }
            if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
                return Ok(at);
            }
            if !self.vm.heap.last_collection_left_room(size) {
                break;
            }
        }
        while self.vm.heap.grow_for(size + gcvm_tlab::FILLER_RESERVE) {
            self.vm.sync_trace_spaces();
            if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
                return Ok(at);
            }
        }
        // The last collection before an OutOfMemoryError, clearing every soft reference. It
        // runs even without soft references and is never skipped as redundant: the collection
        // above may have been, because another pause came first — and a concurrent
        // collector's own pauses (a remark, a cleanup) free nothing.
        clear_soft_refs_before_oom(self);
        self.collect(GcCause::LastDitch);
        if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
            return Ok(at);
        }
        Err(self.throw_oom("Java heap space"))
    }

    /// One try of the heap's slow path, which either installs a new TLAB and allocates at its
    /// start or allocates outside any TLAB; the trace records which.
    fn heap_alloc_slow(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> Option<usize> {
        let vm = self.vm;
        let st: &mut ThreadStack = self;
        let (refills, tlab_bytes) = (
            st.mutator.tlab.stats.refills,
            st.mutator.tlab.stats.tlab_bytes,
        );
        let at = vm.heap.alloc_slow(&mut st.mutator, size)?;
        if let Some(events) = st.events.as_mut() {
            if st.mutator.tlab.stats.refills != refills {
                // The whole chunk, filler reserve included: [start, hard_end).
                events.tlab(at as u64, st.mutator.tlab.stats.tlab_bytes - tlab_bytes);
                record_in_tlab(events, site, type_id, len, at, size);
            } else {
                events.alloc_explicit(site.id, type_id, at as u64, size as u64, len);
            }
            tick_death_clock(&st.mutator, size);
        }
        Some(at)
    }

    /// GC-stress mode: every allocation takes the slow path (the TLAB limit is faked), and every
    /// N-th one collects first.
    fn alloc_stressed(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        let real_end = self.stress.as_ref().expect("stress mode").real_end;
        if !self.mutator.tlab.is_empty() && self.mutator.tlab.end < real_end {
            self.mutator.tlab.end = real_end;
        }
        let stress = self.stress.as_mut().expect("stress mode");
        stress.count += 1;
        if stress.count % stress.every == 0 {
            self.collect(GcCause::GcStress);
        }
        let st: &mut ThreadStack = self;
        let at = match st.mutator.tlab.alloc(size) {
            Some(at) => {
                if let Some(events) = st.events.as_mut() {
                    record_in_tlab(events, site, type_id, len, at, size);
                    tick_death_clock(&st.mutator, size);
                }
                at
            }
            None => self.alloc_or_collect(size, site, type_id, len)?,
        };
        let end = self.mutator.tlab.end;
        self.stress.as_mut().expect("stress mode").real_end = end;
        let top = self.mutator.tlab.top;
        self.mutator.tlab.end = top;
        Ok(at)
    }

    /// A new instance of `class`, allocated by the VM itself.
    pub fn new_object(&mut self, class: &Class) -> JResult<Ref> {
        self.new_object_at(class, Site::VM)
    }

    /// A new instance of `class`, allocated at `site`.
    pub fn new_object_at(&mut self, class: &Class, site: Site) -> JResult<Ref> {
        let at = self.alloc(class.instance_size as usize, site, class.id, None)?;
        Ok(self.vm.heap.init_object(at, class.id))
    }

    /// A new array of `class`, allocated by the VM itself.
    pub fn new_array(&mut self, class: &Class, len: i32) -> JResult<Ref> {
        self.new_array_at(class, len, Site::VM)
    }

    /// A new array of `class`, allocated at `site`.
    pub fn new_array_at(&mut self, class: &Class, len: i32, site: Site) -> JResult<Ref> {
        let crate::model::class::ClassKind::Array { elem, .. } = class.kind else {
            panic!("new_array of non-array class {}", class.name)
        };
        if len < 0 {
            return Err(self.throw_new(
                "java/lang/NegativeArraySizeException",
                Some(&len.to_string()),
            ));
        }
        if len as usize > gcvm_gc::object::MAX_ARRAY_LENGTH {
            return Err(self.throw_oom("Requested array size exceeds VM limit"));
        }
        let size = gcvm_gc::object::array_size(elem.elem(), len as usize);
        let at = self.alloc(size, site, class.id, Some(len as u32))?;
        Ok(self.vm.heap.init_array(at, class.id, len as u32))
    }

    /// Builds a multi-dimensional array of `class` with the given dimension lengths, allocated at
    /// `site` (the sub-arrays, of other types, name their type).
    pub fn new_multi_array(
        &mut self,
        class: &'static Class,
        counts: &[i32],
        site: Site,
    ) -> JResult<Ref> {
        let arr = self.new_array_at(class, counts[0], site)?;
        if counts.len() == 1 || counts[0] == 0 {
            return Ok(arr);
        }
        let crate::model::class::ClassKind::Array { component, .. } = class.kind else {
            unreachable!()
        };
        let component = self.vm.classes.class(component);
        let h = self.push_handle(arr);
        for i in 0..counts[0] as usize {
            let sub = self.new_multi_array(component, &counts[1..], Site::typed(site.id))?;
            let arr = self.handle(h);
            self.store_ref_element(arr, i, sub);
        }
        let arr = self.handle(h);
        self.truncate_handles(h);
        Ok(arr)
    }

    /// Stops the world, collects, and resizes every TLAB. If another thread's collection ran
    /// while this one waited (and `cause` is allocation failure), that one counts instead.
    pub fn collect(&mut self, cause: GcCause) {
        let vm = self.vm;
        let seen = vm.heap.gc_count();
        let requester = self.events.as_ref().map(ThreadEvents::thread_id);
        let outcome = self.blocking(|| vm.stop_the_world_and_collect(cause, seen, requester));
        if let Some(s) = self.stress.as_mut() {
            s.real_end = 0;
        }
        if let Err(e) = outcome {
            self.blocking(|| vm.fail_verification(&e));
        }
    }

    // ---- monitors ----

    /// monitorenter: takes `obj`'s monitor, blocking (in a safe region) while another thread
    /// holds it.
    pub fn monitor_enter(&mut self, obj: Ref) -> JResult<()> {
        if obj.is_null() {
            return Err(self.throw_npe());
        }
        let Some(monitor) = self.vm.monitors.of(&self.vm.heap, obj) else {
            return Err(self.throw_oom("monitor table is full"));
        };
        if monitor.try_enter(self.id) {
            return Ok(());
        }
        let me = self.id;
        self.blocking(|| monitor.enter_blocking(me));
        Ok(())
    }

    /// monitorexit: releases one level of `obj`'s monitor.
    pub fn monitor_exit(&mut self, obj: Ref) -> JResult<()> {
        if obj.is_null() {
            return Err(self.throw_npe());
        }
        match self.vm.monitors.existing(&self.vm.heap, obj) {
            Some(m) if m.exit(self.id) => Ok(()),
            _ => Err(self.throw_new(
                "java/lang/IllegalMonitorStateException",
                Some("current thread is not owner"),
            )),
        }
    }

    // ---- strings ----

    /// A new java.lang.String with the given UTF-16 contents, made by the VM.
    pub fn new_string_utf16(&mut self, chars: &[u16]) -> JResult<Ref> {
        let sites = self.vm.classes.wk().string_sites;
        self.new_string_utf16_at(chars, sites)
    }

    /// A new java.lang.String (and its char[]) allocated at `sites`.
    pub fn new_string_utf16_at(&mut self, chars: &[u16], sites: StringSites) -> JResult<Ref> {
        let wk = self.vm.classes.wk();
        let arr = self.new_array_at(wk.char_array, chars.len() as i32, sites.chars)?;
        self.vm.heap.store_u16_elements(arr, chars);
        let h = self.push_handle(arr);
        let s = self.new_object_at(wk.string, sites.string)?;
        let arr = self.handle(h);
        self.truncate_handles(h);
        self.store_ref(s, wk.string_value_offset as usize, arr);
        Ok(s)
    }

    pub fn new_string(&mut self, s: &str) -> JResult<Ref> {
        let chars: Vec<u16> = s.encode_utf16().collect();
        self.new_string_utf16(&chars)
    }

    /// The contents of a java.lang.String.
    pub fn string_chars(&self, s: Ref) -> Vec<u16> {
        let mem = &self.vm.heap.memory;
        let arr = mem.read_ref(s.offset() + self.vm.classes.wk().string_value_offset as usize);
        if arr.is_null() {
            return Vec::new();
        }
        let len = mem.array_length(arr) as usize;
        (0..len)
            .map(|i| mem.read_u16(arr.offset() + 16 + 2 * i))
            .collect()
    }

    pub fn rust_string(&self, s: Ref) -> String {
        String::from_utf16_lossy(&self.string_chars(s))
    }

    /// The interned string for a literal.
    pub fn intern_const(&mut self, sc: &'static crate::model::class::StringConst) -> JResult<Ref> {
        let r = Ref::from_raw(sc.value.load(std::sync::atomic::Ordering::Acquire));
        if !r.is_null() {
            return Ok(r);
        }
        let s = self.new_string_utf16(&sc.utf16)?;
        // Racing threads may both create the string: the first to publish wins, so a literal
        // has one identity everywhere.
        match sc.value.compare_exchange(
            0,
            s.raw(),
            std::sync::atomic::Ordering::AcqRel,
            std::sync::atomic::Ordering::Acquire,
        ) {
            Ok(_) => Ok(s),
            Err(winner) => Ok(Ref::from_raw(winner)),
        }
    }

    // ---- classes ----

    /// Loads a class, turning a linkage failure into a pending Java error.
    pub fn load_class(&mut self, name: &str) -> JResult<&'static Class> {
        self.vm
            .classes
            .load(name)
            .map_err(|e| self.throw_linkage(&e))
    }

    /// The java.lang.Class mirror of `class`, created on first use.
    pub fn class_mirror(&mut self, class: &'static Class) -> JResult<Ref> {
        let m = class.mirror();
        if !m.is_null() {
            return Ok(m);
        }
        let wk = self.vm.classes.wk();
        let mirror = self.new_object(wk.class)?;
        self.vm
            .heap
            .store_u32(mirror, wk.class_id_offset as usize, class.id);
        // One mirror per class, even when threads race to create it (static synchronized
        // methods lock it).
        match class.mirror.compare_exchange(
            0,
            mirror.raw(),
            std::sync::atomic::Ordering::AcqRel,
            std::sync::atomic::Ordering::Acquire,
        ) {
            Ok(_) => Ok(mirror),
            Err(winner) => Ok(Ref::from_raw(winner)),
        }
    }

    /// The class a mirror stands for.
    pub fn class_of_mirror(&self, mirror: Ref) -> &'static Class {
        let id = self
            .vm
            .heap
            .memory
            .read_u32(mirror.offset() + self.vm.classes.wk().class_id_offset as usize);
        self.vm.classes.class(id)
    }

    #[inline]
    pub fn class_of(&self, obj: Ref) -> &'static Class {
        self.vm.classes.class(self.vm.heap.memory.type_id(obj))
    }

    pub fn is_instance(&self, obj: Ref, class: &Class) -> bool {
        self.class_of(obj).is_subclass_of(class, &self.vm.classes)
    }

    /// Initialises `class` (JVMS 5.5): superclass first, then `<clinit>`.
    pub fn initialize(&mut self, class: &'static Class) -> JResult<()> {
        use crate::model::class::InitState;
        if class.init.is_done() {
            return Ok(());
        }
        if let Err(e) = self.vm.classes.link(class) {
            return Err(self.throw_linkage(&e));
        }
        {
            let mut st = class.init.state.lock();
            match st.0 {
                InitState::Done => return Ok(()),
                InitState::InProgress if st.1 == Some(self.id) => return Ok(()),
                InitState::InProgress => {
                    drop(st);
                    let outcome = self.blocking(|| {
                        let mut st = class.init.state.lock();
                        while st.0 == InitState::InProgress {
                            class.init.cond.wait(&mut st);
                        }
                        st.0
                    });
                    if outcome == InitState::Done {
                        return Ok(());
                    }
                    return Err(self.throw_new(
                        "java/lang/NoClassDefFoundError",
                        Some(&format!("Could not initialize class {}", class.java_name())),
                    ));
                }
                InitState::Failed => {
                    drop(st);
                    return Err(self.throw_new(
                        "java/lang/NoClassDefFoundError",
                        Some(&format!("Could not initialize class {}", class.java_name())),
                    ));
                }
                InitState::Uninitialized => *st = (InitState::InProgress, Some(self.id)),
            }
        }
        let result = self.run_initializers(class);
        let mut st = class.init.state.lock();
        match result {
            Ok(()) => {
                *st = (InitState::Done, None);
                class.init.mark_done();
            }
            Err(_) => *st = (InitState::Failed, None),
        }
        class.init.cond.notify_all();
        result
    }

    fn run_initializers(&mut self, class: &'static Class) -> JResult<()> {
        if let Some(s) = class.super_class {
            self.initialize(s)?;
        }
        if !class.is_interface() {
            for &i in &class.interfaces {
                if i.methods.iter().any(|m| !m.is_static() && !m.is_abstract()) {
                    self.initialize(i)?;
                }
            }
        }
        self.set_string_constant_statics(class)?;
        let Some(clinit) = class.find_declared_method("<clinit>", "()V") else {
            return Ok(());
        };
        if self.invoke(clinit, &[]).is_ok() {
            return Ok(());
        }
        let exc = self.pending;
        let error = self
            .vm
            .classes
            .load("java/lang/Error")
            .expect("classlib has Error");
        if self.is_instance(exc, error) {
            return Err(Throw);
        }
        self.pending = Ref::NULL;
        let h = self.push_handle(exc);
        let eiie = self.load_class("java/lang/ExceptionInInitializerError")?;
        let obj = self.new_object(eiie)?;
        let ctor = eiie
            .find_declared_method("<init>", "(Ljava/lang/Throwable;)V")
            .expect("EIIE(Throwable)");
        let cause = self.handle(h);
        self.truncate_handles(h);
        let h2 = self.push_handle(obj);
        self.invoke(ctor, &[obj.raw() as u64, cause.raw() as u64])?;
        self.pending = self.handle(h2);
        self.truncate_handles(h2);
        Err(Throw)
    }

    fn set_string_constant_statics(&mut self, class: &'static Class) -> JResult<()> {
        let Some(cp) = class.constant_pool.as_ref() else {
            return Ok(());
        };
        for f in class
            .fields
            .iter()
            .filter(|f| f.is_static() && f.kind == Kind::Ref)
        {
            let Some(idx) = f.constant_value else {
                continue;
            };
            if let Ok(crate::classfile::Constant::String { .. }) = cp.get(idx) {
                let utf = cp.string(idx).expect("validated string constant");
                let sc = self.vm.classes.string_const(&utf.utf16);
                let s = self.intern_const(sc)?;
                class.set_static_value(f.offset, s.raw() as u64);
            }
        }
        Ok(())
    }

    // ---- invocation ----

    /// The first free slot above the current frame.
    pub fn stack_top(&self) -> usize {
        self.frames.last().map(|f| f.sp as usize).unwrap_or(0)
    }

    /// Calls `method` with `args` (one u64 per slot, receiver first) and returns its result slot.
    pub fn invoke(&mut self, method: &'static Method, args: &[u64]) -> JResult<u64> {
        let base = self.stack_top();
        if base + args.len() + 16 > self.slots.len() {
            return Err(self.throw_stack_overflow());
        }
        self.slots[base..base + args.len()].copy_from_slice(args);
        let depth = self.frames.len();
        match self.call(method, base)? {
            Call::Done => {}
            Call::Pushed => self.execute(depth)?,
        }
        Ok(self.slots[base])
    }

    /// Invokes `method` virtually on `receiver` (looked up by selector in its class).
    pub fn invoke_virtual(
        &mut self,
        receiver: Ref,
        name: &str,
        descriptor: &str,
        args: &[u64],
    ) -> JResult<u64> {
        if receiver.is_null() {
            return Err(self.throw_new("java/lang/NullPointerException", None));
        }
        let class = self.class_of(receiver);
        let selector = self.vm.classes.selector(name, descriptor);
        let Some(&slot) = class.itable.get(&selector) else {
            return Err(self.throw_new(
                "java/lang/NoSuchMethodError",
                Some(&format!("{}.{name}{descriptor}", class.java_name())),
            ));
        };
        let m = class.vtable[slot as usize];
        let mut all = vec![receiver.raw() as u64];
        all.extend_from_slice(args);
        self.invoke(m, &all)
    }

    /// Starts a call whose arguments are at `slots[base..]`: runs a native to completion, or
    /// pushes a Java frame for the interpreter to run.
    pub fn call(&mut self, method: &'static Method, base: usize) -> JResult<Call> {
        if method.is_native() {
            self.call_native(method, base)?;
            return Ok(Call::Done);
        }
        if method.is_abstract() {
            return Err(self.throw_new(
                "java/lang/AbstractMethodError",
                Some(&format!(
                    "{}.{}{}",
                    self.vm.classes.class(method.class_id).java_name(),
                    method.name,
                    method.descriptor
                )),
            ));
        }
        if method.code.get().is_none() {
            // Not run before: its class must be linked (verified) first.
            if let Err(e) = self.vm.classes.link(self.vm.classes.class(method.class_id)) {
                return Err(self.throw_linkage(&e));
            }
        }
        let code = match crate::link::decode::code_of(&self.vm.classes, method) {
            Ok(code) => code,
            Err(e) => return Err(self.throw_new("java/lang/VerifyError", Some(&e))),
        };
        // The frame is pushed before anything that can collect, so the arguments (its locals) are
        // roots from here on, whoever passed them.
        if !self.push_decoded_frame(method, code, base) {
            return Err(self.throw_stack_overflow());
        }
        if method.is_synchronized() {
            if let Err(t) = self.enter_method_monitor(method, base) {
                self.frames.pop();
                return Err(t);
            }
        }
        Ok(Call::Pushed)
    }

    /// `call`'s fast path, for the interpreter: pushes the frame of `method` — plain bytecode
    /// (`Method::is_plain_bytecode`) whose `code` is decoded — with its arguments (its first
    /// locals) at `base`, and polls for a safepoint, as `call` does. False, with nothing done, if
    /// the frame does not fit (then `call` throws the StackOverflowError).
    #[inline(always)]
    pub(crate) fn push_decoded_frame(
        &mut self,
        method: &'static Method,
        code: &Code,
        base: usize,
    ) -> bool {
        let top = base + code.max_locals as usize;
        if top + code.max_stack as usize > self.slot_limit || self.frames.len() >= self.frame_limit
        {
            return false;
        }
        self.frames.push(Frame {
            method,
            pc: 0,
            locals: base as u32,
            sp: top as u32,
            lock: Ref::NULL,
        });
        self.safepoint_poll();
        true
    }

    /// Enters the monitor a synchronized method locks (the receiver, or the class mirror) and
    /// records it in the method's frame, which must be on top.
    fn enter_method_monitor(&mut self, method: &'static Method, base: usize) -> JResult<()> {
        let class = self.vm.classes.class(method.class_id);
        let obj = if method.is_static() {
            self.class_mirror(class)?
        } else {
            Ref::from_raw(self.slots[base] as u32)
        };
        self.monitor_enter(obj)?;
        // Re-read: a collection may have moved it while this thread waited for the monitor.
        let obj = if method.is_static() {
            class.mirror()
        } else {
            Ref::from_raw(self.slots[base] as u32)
        };
        self.frames.last_mut().expect("the method's frame").lock = obj;
        Ok(())
    }

    fn call_native(&mut self, method: &'static Method, base: usize) -> JResult<()> {
        let class_name = &self.vm.classes.class(method.class_id).name;
        let Some(native) = self.vm.natives.bind(class_name, method) else {
            let class = self.vm.classes.class(method.class_id);
            return Err(self.throw_new(
                "java/lang/UnsatisfiedLinkError",
                Some(&format!(
                    "'{} {}.{}{}' is not available in gcvm",
                    "native",
                    class.java_name(),
                    method.name,
                    method.descriptor
                )),
            ));
        };
        if self.frames.len() >= self.frame_limit {
            return Err(self.throw_stack_overflow());
        }
        let handles = self.handles.len();
        self.frames.push(Frame {
            method,
            pc: 0,
            locals: base as u32,
            sp: (base + method.arg_slots as usize) as u32,
            lock: Ref::NULL,
        });
        self.safepoint_poll();
        let mut result = match method.is_synchronized() {
            true => self
                .enter_method_monitor(method, base)
                .and_then(|()| native(self, base)),
            false => native(self, base),
        };
        let lock = self.frames.last().expect("the native's frame").lock;
        if !lock.is_null() {
            let value = result.as_ref().ok().copied();
            let exc = self.take_pending();
            let h = self.push_handle(exc);
            if self.monitor_exit(lock).is_err() && value.is_some() {
                result = Err(Throw);
            } else if value.is_none() {
                self.pending = self.handle(h);
            }
        }
        self.frames.pop();
        self.truncate_handles(handles);
        let value = result?;
        self.slots[base] = value;
        Ok(())
    }

    // ---- exceptions ----

    /// Creates an exception of class `name` with `message` and makes it pending.
    pub fn throw_new(&mut self, name: &str, message: Option<&str>) -> Throw {
        match self.make_exception(name, message) {
            Ok(exc) => self.pending = exc,
            Err(Throw) => {} // creating it threw something else: that one is pending
        }
        Throw
    }

    /// A new exception of class `name` with `message` (not thrown).
    pub fn make_exception(&mut self, name: &str, message: Option<&str>) -> JResult<Ref> {
        let class = self.load_class(name)?;
        self.initialize(class)?;
        let msg = match message {
            Some(m) => self.new_string(m)?,
            None => Ref::NULL,
        };
        let h = self.push_handle(msg);
        let exc = self.new_object(class)?;
        let msg = self.handle(h);
        self.set_handle(h, exc);
        let ctor = class
            .find_declared_method("<init>", "(Ljava/lang/String;)V")
            .expect("VM exception classes have a (String) constructor");
        self.invoke(ctor, &[exc.raw() as u64, msg.raw() as u64])?;
        let exc = self.handle(h);
        self.truncate_handles(h);
        Ok(exc)
    }

    pub fn throw_linkage(&mut self, e: &LinkageError) -> Throw {
        self.throw_new(e.class, Some(&e.message))
    }

    pub fn throw_npe(&mut self) -> Throw {
        self.throw_new("java/lang/NullPointerException", None)
    }

    pub fn throw_stack_overflow(&mut self) -> Throw {
        let (slots, frames) = (self.slot_limit, self.frame_limit);
        self.slot_limit = self.slots.len() - 64;
        self.frame_limit = frames + FRAME_RESERVE;
        let t = self.throw_new("java/lang/StackOverflowError", None);
        self.slot_limit = slots;
        self.frame_limit = frames;
        t
    }

    /// Throws an OutOfMemoryError with `message`. Building it allocates; if that fails too —
    /// the heap is that full — the preallocated one (message "Java heap space") is thrown
    /// instead, and an allocation failure while building it never tries to build another.
    pub fn throw_oom(&mut self, message: &str) -> Throw {
        let pre = self.vm.globals.lock().first().copied().unwrap_or(Ref::NULL);
        if self.throwing_oom {
            if !pre.is_null() {
                self.pending = pre;
            }
            return Throw;
        }
        self.throwing_oom = true;
        let made = self.make_exception("java/lang/OutOfMemoryError", Some(message));
        self.throwing_oom = false;
        match made {
            Ok(exc) => self.pending = exc,
            Err(_) if !pre.is_null() => self.pending = pre,
            Err(_) => {}
        }
        Throw
    }

    pub fn throw_aioobe(&mut self, index: i32, len: usize) -> Throw {
        self.throw_new(
            "java/lang/ArrayIndexOutOfBoundsException",
            Some(&format!("Index {index} out of bounds for length {len}")),
        )
    }

    /// Takes the pending exception.
    pub fn take_pending(&mut self) -> Ref {
        std::mem::replace(&mut self.pending, Ref::NULL)
    }
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
        let n = self.frames.len();
        for i in 0..n {
            visit_ref(&mut self.frames[i].lock, visit);
            let f = self.frames[i];
            let base = f.locals as usize;
            if f.method.is_native() {
                for (j, &is_ref) in f.method.arg_refs.iter().enumerate() {
                    if is_ref {
                        visit_slot(&mut self.slots[base + j], visit);
                    }
                }
                continue;
            }
            let code = match f.method.code.get() {
                Some(Ok(c)) => c,
                _ => continue,
            };
            let maps = code
                .oopmaps
                .get_or_init(|| crate::model::oopmap::OopMaps::compute(code, f.method));
            let map = maps.at(f.pc as usize);
            let stack_base = base + code.max_locals as usize;
            let mut depth = map.stack_depth as usize;
            if i + 1 < n {
                depth = depth.min((self.frames[i + 1].locals as usize).saturating_sub(stack_base));
            }
            for j in 0..code.max_locals as usize {
                if map.is_ref(j) {
                    visit_slot(&mut self.slots[base + j], visit);
                }
            }
            for j in 0..depth {
                if map.is_ref(code.max_locals as usize + j) {
                    visit_slot(&mut self.slots[stack_base + j], visit);
                }
            }
        }
        for h in self.handles.iter_mut() {
            visit_ref(h, visit);
        }
        visit_ref(&mut self.pending, visit);
        visit_ref(&mut self.thread_object, visit);
    }
}

pub enum Call {
    /// A native ran to completion; its result is in the first argument slot.
    Done,
    /// A Java frame was pushed.
    Pushed,
}

fn visit_slot(slot: &mut u64, visit: &mut dyn FnMut(Ref) -> Ref) {
    let r = Ref::from_raw(*slot as u32);
    if !r.is_null() {
        *slot = visit(r).raw() as u64;
    }
}

fn visit_ref(r: &mut Ref, visit: &mut dyn FnMut(Ref) -> Ref) {
    if !r.is_null() {
        *r = visit(*r);
    }
}

/// The root set of a collection: the stopped threads plus the VM's own references.
pub struct VmRoots<'a> {
    pub vm: &'static Vm,
    pub threads: Vec<&'a mut ThreadStack>,
}

impl RootSource for VmRoots<'_> {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for t in self.threads.iter_mut() {
            t.visit_roots(visit);
        }
        visit_vm_roots(self.vm, visit);
    }
}

/// Statics, class mirrors, interned strings and VM globals.
pub fn visit_vm_roots(vm: &'static Vm, visit: &mut dyn FnMut(Ref) -> Ref) {
    use std::sync::atomic::Ordering;
    for class in vm.classes.all_classes() {
        for &slot in &class.static_ref_slots {
            let r = Ref::from_raw(class.static_value(slot) as u32);
            if !r.is_null() {
                class.set_static_value(slot, visit(r).raw() as u64);
            }
        }
        let m = class.mirror();
        if !m.is_null() {
            class.mirror.store(visit(m).raw(), Ordering::Relaxed);
        }
    }
    for sc in vm.classes.string_list.lock().iter() {
        let r = Ref::from_raw(sc.value.load(Ordering::Relaxed));
        if !r.is_null() {
            sc.value.store(visit(r).raw(), Ordering::Relaxed);
        }
    }
    for g in vm.globals.lock().iter_mut() {
        visit_ref(g, visit);
    }
}

/// Before throwing OutOfMemoryError: true if a collection that clears every soft reference is
/// worth trying (the last one discovered some), after asking for it.
fn clear_soft_refs_before_oom(t: &JThread) -> bool {
    let refs = t.vm.heap.types.references();
    if refs.soft_refs_seen() {
        refs.request_clear_all_soft();
        return true;
    }
    false
}
