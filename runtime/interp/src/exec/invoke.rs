//! Calls from Rust into Java and between Java frames: `invoke` (a method with arguments, from
//! natives and the launcher), `call` (the interpreter's slow call path: linking, decoding,
//! synchronized methods, natives), pushing a decoded frame, and monitors.

use crate::model::class::{Code, Method};
use crate::runtime::flight::{Monitored, Waiter};
use crate::runtime::thread::*;
use gcvm_gc::Ref;

impl JThread {
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
        if self.activity.is_some() {
            self.next_activity_interval();
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
        let pushed = self.push_decoded_frame_unpolled(method, code, base);
        if pushed {
            self.safepoint_poll();
        }
        pushed
    }

    /// `push_decoded_frame` without the poll, for the counting interpreter, whose poll also
    /// notices the end of an interval (exec/interp.rs).
    #[inline(always)]
    pub(crate) fn push_decoded_frame_unpolled(
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
        let Some(native) = self.vm.natives.bind(&self.vm.classes, method) else {
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
        if self.activity.is_some() {
            self.count_native_call(method);
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
        let Some(jfr) = &self.vm.recorder.jfr else {
            self.blocking(ThreadState::Blocked, || monitor.enter_blocking(me));
            return Ok(());
        };
        let owner = monitor.owner();
        // Read before blocking: a collection while this thread waits may move `obj`.
        let what = Monitored::of(self.vm, obj);
        let start = std::time::Instant::now();
        self.blocking(ThreadState::Blocked, || monitor.enter_blocking(me));
        let waited = start.elapsed();
        if jfr.above_threshold(waited) {
            let thread = Waiter::of(self);
            jfr.monitor_enter(&thread, start, waited, &what, (owner != 0).then_some(owner));
        }
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
}

pub enum Call {
    /// A native ran to completion; its result is in the first argument slot.
    Done,
    /// A Java frame was pushed.
    Pushed,
}
