//! Stack traces: capturing the frames when a Throwable is created, decoding them into
//! StackTraceElements, and reporting uncaught exceptions the way the JDK does.

use crate::thread::{JResult, JThread};
use gcvm_gc::Ref;

/// At most this many frames are recorded, innermost first: HotSpot's MaxJavaStackTraceDepth.
/// (A StackOverflowError's trace would otherwise hold every frame of a deep stack.)
const MAX_STACK_TRACE_DEPTH: usize = 1024;

/// `Throwable.fillInStackTrace0()`: records (method id, bytecode index) pairs of the current
/// frames in the throwable's `backtrace` field, as a long[]. The frames of fillInStackTrace
/// itself and of the throwable's constructors are left out, as HotSpot does.
pub fn fill_in_stack_trace(t: &mut JThread, a: usize) -> JResult<u64> {
    let throwable_class = t.vm.load("java/lang/Throwable").expect("Throwable loaded");
    let mut frames: Vec<u64> = Vec::new();
    let mut skipping_fill = true;
    let mut skipping_init = true;
    for f in t.frames.iter().rev() {
        let m = f.method;
        let owner = t.vm.class(m.class_id);
        if skipping_fill
            && (m.name == "fillInStackTrace0" || m.name == "fillInStackTrace")
            && owner.is_subclass_of(throwable_class, t.vm)
        {
            continue;
        }
        skipping_fill = false;
        if skipping_init && m.name == "<init>" && owner.is_subclass_of(throwable_class, t.vm) {
            continue;
        }
        skipping_init = false;
        let bci = match m.code.get() {
            Some(Ok(code)) => code.bci.get(f.pc as usize).copied().unwrap_or(0),
            _ => u32::MAX,
        };
        frames.push(((m.id as u64) << 32) | bci as u64);
        if frames.len() == MAX_STACK_TRACE_DEPTH {
            break;
        }
    }
    let arr = t.new_array(t.vm.wk().long_array, frames.len() as i32)?;
    t.vm.heap.store_u64_elements(arr, &frames);
    let this = t.arg_ref(a, 0);
    let offset = t.vm.wk().throwable_backtrace_offset as usize;
    t.store_ref(this, offset, arr);
    Ok(0)
}

/// The (method id, bci) pairs recorded in a throwable.
pub fn backtrace_of(t: &JThread, throwable: Ref) -> Vec<(u32, u32)> {
    let mem = &t.vm.heap.memory;
    let arr = mem.read_ref(throwable.offset() + t.vm.wk().throwable_backtrace_offset as usize);
    if arr.is_null() {
        return Vec::new();
    }
    (0..mem.array_length(arr) as usize)
        .map(|k| {
            let v = mem.read_u64(arr.offset() + 16 + 8 * k);
            ((v >> 32) as u32, v as u32)
        })
        .collect()
}

/// `Throwable.getStackTrace0()`: the backtrace as a new StackTraceElement[].
pub fn get_stack_trace(t: &mut JThread, a: usize) -> JResult<u64> {
    let entries = backtrace_of(t, t.arg_ref(a, 0));
    let ste = t.load_class("java/lang/StackTraceElement")?;
    t.initialize(ste)?;
    let array_class = t.vm.array_class_of(ste).map_err(|e| t.throw_linkage(&e))?;
    let arr = t.new_array(array_class, entries.len() as i32)?;
    let h = t.push_handle(arr);
    let ctor = ste
        .find_declared_method(
            "<init>",
            "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;I)V",
        )
        .expect("StackTraceElement(String,String,String,int)");
    for (k, (method_id, bci)) in entries.into_iter().enumerate() {
        let m = t.vm.method_by_id(method_id);
        let class = t.vm.class(m.class_id);
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
    Ok(arr.raw() as u64)
}

/// `NullPointerException.getExtendedNPEMessage()`: the helpful message for the instruction at
/// the top of the exception's backtrace (npe.rs), or null — for an exception created by `new`,
/// one thrown by a native method, or one whose backtrace is empty.
pub fn extended_npe_message(t: &mut JThread, a: usize) -> JResult<u64> {
    let Some(&(method_id, bci)) = backtrace_of(t, t.arg_ref(a, 0)).first() else {
        return Ok(0);
    };
    let method = t.vm.method_by_id(method_id);
    let class = t.vm.class(method.class_id);
    let message = class
        .constant_pool
        .as_ref()
        .and_then(|cp| crate::npe::message_at(method, cp, bci));
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
    let dispatch = t.vm.load("java/lang/Thread").ok().and_then(|c| {
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
