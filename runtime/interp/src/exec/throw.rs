//! Throwing: making an exception object by class name and message, the VM's own errors
//! (NullPointerException, StackOverflowError, OutOfMemoryError, ArrayIndexOutOfBoundsException,
//! linkage errors), and taking the pending exception.

use crate::model::class::Class;
use crate::model::error::LinkageError;
use crate::runtime::thread::*;
use gcvm_gc::Ref;

impl JThread {
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
        let made = self.construct_exception(class, h);
        let exc = self.handle(h);
        self.truncate_handles(h);
        made.map(|()| exc)
    }

    /// Allocates an instance of `class` and runs its `(String)` constructor with the message in
    /// handle `h`; on success the handle holds the new exception (handles move with the heap, so
    /// the caller reads it back after any collection this ran).
    fn construct_exception(&mut self, class: &'static Class, h: usize) -> JResult<()> {
        let exc = self.new_object(class)?;
        let msg = self.handle(h);
        self.set_handle(h, exc);
        let ctor = class
            .find_declared_method("<init>", "(Ljava/lang/String;)V")
            .expect("VM exception classes have a (String) constructor");
        self.invoke(ctor, &[exc.raw() as u64, msg.raw() as u64])
            .map(|_| ())
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
        self.heap_dump_on_out_of_memory(message);
        if !self.throwing_oom {
            self.throwing_oom = true;
            let made = self.make_exception("java/lang/OutOfMemoryError", Some(message));
            self.throwing_oom = false;
            if let Ok(exc) = made {
                self.pending = exc;
                return Throw;
            }
        }
        // Read only now: building the error above may have collected, and a collection moves
        // the preallocated error like any other object (a copy read before it would be stale).
        let pre = self.vm.globals.lock().first().copied().unwrap_or(Ref::NULL);
        if !pre.is_null() {
            self.refill_preallocated_backtrace(pre);
            self.pending = pre;
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
