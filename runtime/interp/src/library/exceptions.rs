//! Stack traces: capturing the frames when a Throwable is created, decoding them into
//! StackTraceElements, and reporting uncaught exceptions the way the JDK does.

use crate::runtime::thread::{Frame, JResult, JThread};
use gcvm_gc::Ref;

/// At most this many frames are recorded, innermost first: HotSpot's MaxJavaStackTraceDepth.
/// (A StackOverflowError's trace would otherwise hold every frame of a deep stack.)
const MAX_STACK_TRACE_DEPTH: usize = 1024;

/// `Throwable.fillInStackTrace0()`: records (method id, bytecode index) pairs of the current
/// frames in the throwable's `backtrace` field, as a long[]. The frames of fillInStackTrace
/// itself and of the throwable's constructors are left out, as HotSpot does, and so are hidden
/// frames (lambda proxies).
pub fn fill_in_stack_trace(t: &mut JThread, a: usize) -> JResult<u64> {
    let throwable_class =
        t.vm.classes
            .load("java/lang/Throwable")
            .expect("Throwable loaded");
    let mut frames: Vec<u64> = Vec::new();
    let mut skipping_fill = true;
    let mut skipping_init = true;
    let mut hidden_top = false;
    for f in t.frames.iter().rev() {
        let m = f.method;
        let owner = t.vm.classes.class(m.class_id);
        if skipping_fill
            && (m.name == "fillInStackTrace0" || m.name == "fillInStackTrace")
            && owner.is_subclass_of(throwable_class, &t.vm.classes)
        {
            continue;
        }
        skipping_fill = false;
        if skipping_init
            && m.name == "<init>"
            && owner.is_subclass_of(throwable_class, &t.vm.classes)
        {
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
    let arr = t.new_array(t.vm.classes.wk().long_array, frames.len() as i32)?;
    t.vm.heap.store_u64_elements(arr, &frames);
    let this = t.arg_ref(a, 0);
    let offset = t.vm.classes.wk().throwable_backtrace_offset as usize;
    t.store_ref(this, offset, arr);
    Ok(0)
}

/// A method the VM generated rather than loaded from a class file (a lambda proxy's): like
/// HotSpot's hidden-class frames, left out of throwables' stack traces (but not out of another
/// thread's `getStackTrace`, as in HotSpot).
fn is_hidden(m: &crate::model::class::Method) -> bool {
    m.raw_code.is_none() && !m.is_native()
}

/// A frame as a backtrace records it: method id in the high half, bytecode index in the low
/// half (u32::MAX when the method has no decoded code: a native).
fn backtrace_entry(f: &Frame) -> u64 {
    let m = f.method;
    let bci = match m.code.get() {
        Some(Ok(code)) => code.bci.get(f.pc as usize).copied().unwrap_or(0),
        _ => u32::MAX,
    };
    ((m.id as u64) << 32) | bci as u64
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

/// The backtrace's first element when the top frame was hidden (no method has this id).
const HIDDEN_TOP: u64 = u64::MAX;

/// The frames recorded in a throwable.
pub fn backtrace_of(t: &JThread, throwable: Ref) -> Backtrace {
    let mem = &t.vm.heap.memory;
    let arr =
        mem.read_ref(throwable.offset() + t.vm.classes.wk().throwable_backtrace_offset as usize);
    let mut entries: Vec<u64> = match arr.is_null() {
        true => Vec::new(),
        false => (0..mem.array_length(arr) as usize)
            .map(|k| mem.read_u64(arr.offset() + 16 + 8 * k))
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
            t.blocking(|| {
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
        let original = t.class_of(t.handle(h)).java_name();
        t.vm.write_stderr(format!("{original}\n(printStackTrace failed with {name})\n").as_bytes());
    }
    t.truncate_handles(h);
}
