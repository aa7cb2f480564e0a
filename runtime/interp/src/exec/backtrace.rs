//! Backtraces: the frames a Throwable records when it is created (`fillInStackTrace`), as
//! (method id, bytecode index) pairs in a long[] held by its `backtrace` field, and the
//! preallocated OutOfMemoryError's own backtrace, filled in place when it is thrown because the
//! heap had no room for a new error (HotSpot's `fill_in_stack_trace_of_preallocated_backtrace`).

use crate::model::class::Method;
use crate::runtime::thread::{Frame, JResult, JThread};
use gcvm_gc::Ref;

/// At most this many frames are recorded, innermost first: HotSpot's MaxJavaStackTraceDepth.
/// (A StackOverflowError's trace would otherwise hold every frame of a deep stack.)
pub const MAX_STACK_TRACE_DEPTH: usize = 1024;

/// The backtrace's first element when the top frame was hidden (no method has this id).
pub const HIDDEN_TOP: u64 = u64::MAX;

/// Ends a backtrace shorter than its array (the preallocated error's): no method has this id.
pub const BACKTRACE_END: u64 = u64::MAX - 1;

/// The preallocated error's backtrace array: the deepest trace, a hidden-top mark and the end.
const PREALLOCATED_BACKTRACE_LEN: usize = MAX_STACK_TRACE_DEPTH + 2;

/// A frame as a backtrace records it: method id in the high half, bytecode index in the low
/// half (u32::MAX when the method has no decoded code: a native).
pub fn backtrace_entry(f: &Frame) -> u64 {
    let m = f.method;
    let bci = match m.code.get() {
        Some(Ok(code)) => code.bci.get(f.pc as usize).copied().unwrap_or(0),
        _ => u32::MAX,
    };
    ((m.id as u64) << 32) | bci as u64
}

/// A method the VM generated rather than loaded from a class file (a lambda proxy's): like
/// HotSpot's hidden-class frames, left out of throwables' stack traces (but not out of another
/// thread's `getStackTrace`, as in HotSpot).
fn is_hidden(m: &Method) -> bool {
    m.raw_code.is_none() && !m.is_native()
}

impl JThread {
    /// The current frames as a throwable records them, innermost first. The frames of
    /// fillInStackTrace itself and of the throwable's constructors are left out, as HotSpot does,
    /// and so are hidden frames (lambda proxies); `HIDDEN_TOP` comes first when the innermost
    /// frame was hidden.
    pub fn capture_backtrace(&self) -> Vec<u64> {
        let classes = &self.vm.classes;
        let throwable = classes
            .load("java/lang/Throwable")
            .expect("Throwable loaded");
        let is_throwable =
            |m: &Method| classes.class(m.class_id).is_subclass_of(throwable, classes);
        let mut frames: Vec<u64> = Vec::new();
        let mut skipping_fill = true;
        let mut skipping_init = true;
        let mut hidden_top = false;
        for f in self.frames.iter().rev() {
            let m = f.method;
            if skipping_fill
                && (m.name == "fillInStackTrace0" || m.name == "fillInStackTrace")
                && is_throwable(m)
            {
                continue;
            }
            skipping_fill = false;
            if skipping_init && m.name == "<init>" && is_throwable(m) {
                continue;
            }
            skipping_init = false;
            if is_hidden(m) {
                if frames.is_empty() {
                    hidden_top = true;
                }
                continue;
            }
            frames.push(backtrace_entry(f));
            if frames.len() == MAX_STACK_TRACE_DEPTH {
                break;
            }
        }
        if hidden_top {
            frames.insert(0, HIDDEN_TOP);
        }
        frames
    }

    /// Builds the OutOfMemoryError thrown when the heap has no room for a new one, with a
    /// backtrace array deep enough for any stack, so that throwing it never allocates.
    pub fn preallocate_oom(&mut self) -> JResult<Ref> {
        let oom = self.make_exception("java/lang/OutOfMemoryError", Some("Java heap space"))?;
        let h = self.push_handle(oom);
        let long_array = self.vm.classes.wk().long_array;
        let made = self.new_array(long_array, PREALLOCATED_BACKTRACE_LEN as i32);
        let oom = self.handle(h);
        self.truncate_handles(h);
        let backtrace = made?;
        self.vm
            .heap
            .store_u64_elements(backtrace, &[BACKTRACE_END; PREALLOCATED_BACKTRACE_LEN]);
        let offset = self.vm.classes.wk().throwable_backtrace_offset as usize;
        self.store_ref(oom, offset, backtrace);
        Ok(oom)
    }

    /// Records the current frames in the preallocated error `oom` in place (it is about to be
    /// thrown), and forgets its decoded stack trace so that the next print decodes these.
    pub fn refill_preallocated_backtrace(&mut self, oom: Ref) {
        let wk = self.vm.classes.wk();
        let memory = &self.vm.heap.memory;
        let backtrace = memory.read_ref(oom.offset() + wk.throwable_backtrace_offset as usize);
        if backtrace.is_null() {
            return;
        }
        // A program may have replaced it (fillInStackTrace on the caught error): use what fits.
        let room = memory.array_length(backtrace) as usize;
        let Some(room) = room.checked_sub(1) else {
            return;
        };
        let mut frames = self.capture_backtrace();
        frames.truncate(room);
        frames.push(BACKTRACE_END);
        self.vm.heap.store_u64_elements(backtrace, &frames);
        self.store_ref(oom, wk.throwable_stack_trace_offset as usize, Ref::NULL);
    }
}
