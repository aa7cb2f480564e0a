//! Stack traces: capturing the frames when a Throwable is created, decoding them into
//! StackTraceElements, and reporting uncaught exceptions the way the JDK does.

use crate::exec::backtrace::{backtrace_entry, BACKTRACE_END, HIDDEN_TOP, MAX_STACK_TRACE_DEPTH};
use crate::runtime::thread::{JResult, JThread, ThreadState};
use gcvm_gc::Ref;

/// `Throwable.fillInStackTrace0()`: records the current frames (exec/backtrace.rs) in the
/// throwable's `backtrace` field, as a long[].
pub fn fill_in_stack_trace(t: &mut JThread, a: usize) -> JResult<u64> {
    let frames = t.capture_backtrace();
    let arr = t.new_array(t.vm.classes.wk().long_array, frames.len() as i32)?;
    t.vm.heap.store_u64_elements(arr, &frames);
    let this = t.arg_ref(a, 0);
    let offset = t.vm.classes.wk().throwable_backtrace_offset as usize;
    t.store_ref(this, offset, arr);
    Ok(0)
}

/// A throwable's recorded frames.
pub struct Backtrace {
    /// (method id, bci) pairs, innermost first.
    pub frames: Vec<(u32, u32)>,
    /// The innermost frame was hidden (a lambda proxy's): the exception did not happen in
    /// `frames[0]`, so no helpful NullPointerException message can be computed (HotSpot's
    /// `has_hidden_top_frame`).
    pub hidden_top: bool,
}

/// The frames recorded in a throwable.
pub fn backtrace_of(t: &JThread, throwable: Ref) -> Backtrace {
    let mem = &t.vm.heap.memory;
    let arr =
        mem.read_ref(throwable.offset() + t.vm.classes.wk().throwable_backtrace_offset as usize);
    let mut entries: Vec<u64> = match arr.is_null() {
        true => Vec::new(),
        false => (0..mem.array_length(arr) as usize)
            .map(|k| mem.read_u64(arr.offset() + 16 + 8 * k))
            .take_while(|&v| v != BACKTRACE_END)
            .collect(),
    };
    let hidden_top = entries.first() == Some(&HIDDEN_TOP);
    if hidden_top {
        entries.remove(0);
    }
    Backtrace {
        frames: entries
            .into_iter()
            .map(|v| ((v >> 32) as u32, v as u32))
            .collect(),
        hidden_top,
    }
}

/// `Throwable.getStackTrace0()`: the backtrace as a new StackTraceElement[].
pub fn get_stack_trace(t: &mut JThread, a: usize) -> JResult<u64> {
    let entries = backtrace_of(t, t.arg_ref(a, 0)).frames;
    Ok(stack_trace_elements(t, entries, true)?.raw() as u64)
}

/// `Thread.getStackTrace0()`, for a thread other than the caller: its frames, innermost first,
/// read while it is stopped (`Threads::with_thread_stopped`); empty if it is not running.
pub fn thread_stack_trace(t: &mut JThread, a: usize) -> JResult<u64> {
    let target =
        t.vm.threads
            .find(crate::library::threads::tid_of(t, t.arg_ref(a, 0)));
    let entries: Vec<(u32, u32)> = match target {
        Some(target) => {
            let vm = t.vm;
            t.blocking(ThreadState::Waiting, || {
                vm.threads.with_thread_stopped(&target, |stack| {
                    stack
                        .frames
                        .iter()
                        .rev()
                        .take(MAX_STACK_TRACE_DEPTH)
                        .map(|f| {
                            let e = backtrace_entry(f);
                            ((e >> 32) as u32, e as u32)
                        })
                        .collect()
                })
            })
        }
        None => Vec::new(),
    };
    Ok(stack_trace_elements(t, entries, false)?.raw() as u64)
}

/// A new StackTraceElement[] for (method id, bci) pairs. A class-library class's frame is in
/// module java.base, a user class's has class loader "app" (the private VM constructor of
/// StackTraceElement); `formatted` frames (a throwable's) print without the built-in loader
/// name and the JDK module version, as HotSpot's do.
fn stack_trace_elements(
    t: &mut JThread,
    entries: Vec<(u32, u32)>,
    formatted: bool,
) -> JResult<Ref> {
    let ste = t.load_class("java/lang/StackTraceElement")?;
    t.initialize(ste)?;
    let array_class =
        t.vm.classes
            .array_class_of(ste)
            .map_err(|e| t.throw_linkage(&e))?;
    let arr = t.new_array(array_class, entries.len() as i32)?;
    let h = t.push_handle(arr);
    let ctor = ste
        .find_declared_method(
            "<init>",
            "(ZZLjava/lang/String;Ljava/lang/String;Ljava/lang/String;I)V",
        )
        .expect("StackTraceElement(boolean app, boolean formatted, String, String, String, int)");
    for (k, (method_id, bci)) in entries.into_iter().enumerate() {
        let m = t.vm.classes.method_by_id(method_id);
        let class = t.vm.classes.class(m.class_id);
        let line = if m.is_native() { -2 } else { m.line_of(bci) };
        let element = t.new_object(ste)?;
        let he = t.push_handle(element);
        let class_name = t.new_string(&class.java_name())?;
        let hc = t.push_handle(class_name);
        let method_name = t.new_string(&m.name)?;
        let hm = t.push_handle(method_name);
        let file = match &class.source_file {
            Some(f) => t.new_string(f)?,
            None => Ref::NULL,
        };
        let args = [
            t.handle(he).raw() as u64,
            !class.is_bootstrap as u64,
            formatted as u64,
            t.handle(hc).raw() as u64,
            t.handle(hm).raw() as u64,
            file.raw() as u64,
            line as u32 as u64,
        ];
        t.invoke(ctor, &args)?;
        let (arr, element) = (t.handle(h), t.handle(he));
        t.store_ref_element(arr, k, element);
        t.truncate_handles(he);
    }
    let arr = t.handle(h);
    t.truncate_handles(h);
    Ok(arr)
}

/// `NullPointerException.getExtendedNPEMessage()`: the helpful message for the instruction at
/// the top of the exception's backtrace (npe.rs), or null — for an exception created by `new`,
/// one thrown by a native method or in a hidden frame, or one whose backtrace is empty.
pub fn extended_npe_message(t: &mut JThread, a: usize) -> JResult<u64> {
    let backtrace = backtrace_of(t, t.arg_ref(a, 0));
    if backtrace.hidden_top {
        return Ok(0);
    }
    let Some(&(method_id, bci)) = backtrace.frames.first() else {
        return Ok(0);
    };
    let method = t.vm.classes.method_by_id(method_id);
    let class = t.vm.classes.class(method.class_id);
    let message = class
        .constant_pool
        .as_ref()
        .and_then(|cp| crate::exec::npe::message_at(method, cp, bci));
    match message {
        Some(m) => Ok(t.new_string(&m)?.raw() as u64),
        None => Ok(0),
    }
}

/// Reports an exception nobody caught through `Thread.dispatchUncaughtException`, which runs
/// the thread's handler or prints `Exception in thread "main" ` and the stack trace as the JDK
/// does.
pub fn report_uncaught(t: &mut JThread, exc: Ref) {
    let h = t.push_handle(exc);
    let dispatch = t.vm.classes.load("java/lang/Thread").ok().and_then(|c| {
        c.find_declared_method("dispatchUncaughtException", "(Ljava/lang/Throwable;)V")
    });
    let thread = t.thread_object;
    let reported = match dispatch {
        Some(m) if !thread.is_null() => t
            .invoke(m, &[thread.raw() as u64, exc.raw() as u64])
            .is_ok(),
        _ => false,
    };
    if !reported {
        t.take_pending();
        let exc = t.handle(h);
        t.vm.write_stderr(format!("Exception in thread \"{}\" ", t.name).as_bytes());
        let _ = t.invoke_virtual(exc, "printStackTrace", "()V", &[]);
    }
    if !t.pending.is_null() {
        let failed = t.take_pending();
        let name = t.class_of(failed).java_name();
        let original = t.handle(h);
        let class = t.class_of(original).java_name();
        // Read natively: the Java way (getMessage, string concatenation) may need the heap
        // that just ran out.
        let offset = t.vm.classes.wk().throwable_message_offset as usize;
        let message = t.vm.heap.memory.read_ref(original.offset() + offset);
        let line = if message.is_null() {
            class
        } else {
            format!("{class}: {}", t.rust_string(message))
        };
        t.vm.write_stderr(format!("{line}\n(printStackTrace failed with {name})\n").as_bytes());
    }
    t.truncate_handles(h);
}
