//! java.lang.Thread: starting OS threads for Java threads, their life cycle, interrupts.
//!
//! Each Java thread is an OS thread with its own interpreter state and TLAB (`JThread`). The
//! Java-side `Thread` object is the thread's identity; its `tid` field (1 for main, assigned by
//! the class library for the others) keys the VM's thread registry.

use crate::runtime::thread::{JResult, JThread, ThreadShared, ThreadState};
use gcvm_gc::Ref;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// OS stack for Java threads: the interpreter does not recurse per Java call, but natives that
/// call back into Java (class initialisers, toString in concatenation) do.
const OS_STACK: usize = 16 << 20;

fn field<'a>(t: &'a JThread, obj: Ref, name: &str) -> Option<&'a crate::model::class::Field> {
    let mut c = Some(t.class_of(obj));
    while let Some(k) = c {
        if let Some(f) = k.fields.iter().find(|f| f.name == name && !f.is_static()) {
            return Some(f);
        }
        c = k.super_class;
    }
    None
}

fn read(t: &JThread, obj: Ref, name: &str) -> u64 {
    field(t, obj, name).map_or(0, |f| {
        crate::exec::interp::read_field(&t.vm.heap.memory, obj.offset() + f.offset as usize, f.kind)
    })
}

/// The registry id of the Thread object `obj`.
pub fn tid_of(t: &JThread, obj: Ref) -> u64 {
    read(t, obj, "tid")
}

/// Thread.start0(): a new OS thread runs `run()` of the receiver.
pub fn start0(t: &mut JThread, a: usize) -> JResult<u64> {
    let obj = t.arg_ref(a, 0);
    let tid = tid_of(t, obj);
    if t.vm.threads.find(tid).is_some() {
        return Err(t.throw_new("java/lang/IllegalThreadStateException", None));
    }
    let name_ref = Ref::from_raw(read(t, obj, "name") as u32);
    let name = if name_ref.is_null() {
        format!("Thread-{tid}")
    } else {
        t.rust_string(name_ref)
    };
    let daemon = read(t, obj, "daemon") != 0;
    let vm = t.vm;
    let shared = JThread::create(vm, &name, tid, obj, daemon, Some(t));
    let spawned = std::thread::Builder::new()
        .name(name.clone())
        .stack_size(OS_STACK)
        .spawn(move || {
            let mut thread = JThread::attach(vm, shared);
            run_to_completion(&mut thread);
            finish(thread);
        });
    if let Err(e) = spawned {
        t.vm.threads.unregister(tid);
        return Err(t.throw_oom(&format!("unable to create native thread: {e}")));
    }
    Ok(0)
}

/// Runs the thread's `run()`; an exception nobody caught goes to its uncaught-exception handler.
pub fn run_to_completion(t: &mut JThread) {
    let obj = t.thread_object;
    if t.invoke_virtual(obj, "run", "()V", &[]).is_err() {
        let exc = t.take_pending();
        crate::library::exceptions::report_uncaught(t, exc);
    }
}

/// The end of a thread: no longer alive, joiners woken (they wait on the Thread object), state
/// released.
pub fn finish(mut t: JThread) {
    let obj = t.thread_object;
    let h = t.push_handle(obj);
    t.shared.alive.store(false, Ordering::Release);
    if t.monitor_enter(obj).is_ok() {
        let obj = t.handle(h);
        if let Some(m) = t.vm.monitors.existing(&t.vm.heap, obj) {
            m.notify(t.id, true);
        }
        let _ = t.monitor_exit(obj);
    }
    t.take_pending();
    t.truncate_handles(h);
    t.detach();
}

fn target(t: &JThread, a: usize) -> Option<Arc<ThreadShared>> {
    let obj = t.arg_ref(a, 0);
    t.vm.threads.find(tid_of(t, obj))
}

pub fn is_alive(t: &mut JThread, a: usize) -> JResult<u64> {
    Ok(target(t, a).is_some_and(|s| s.alive.load(Ordering::Acquire)) as u64)
}

pub fn is_interrupted0(t: &mut JThread, a: usize) -> JResult<u64> {
    let clear = t.arg_int(a, 1) != 0;
    let Some(s) = target(t, a) else { return Ok(0) };
    let was = if clear {
        s.interrupted.swap(false, Ordering::AcqRel)
    } else {
        s.interrupted.load(Ordering::Acquire)
    };
    Ok(was as u64)
}

/// Thread.interrupt0(): sets the flag and wakes the thread if it sleeps or waits.
pub fn interrupt0(t: &mut JThread, a: usize) -> JResult<u64> {
    let Some(s) = target(t, a) else { return Ok(0) };
    s.interrupted.store(true, Ordering::Release);
    {
        let _g = s.park.lock();
        s.park_cond.notify_all();
    }
    let waiting = s.waiting_on.lock().clone();
    if let Some(m) = waiting {
        m.wake_waiters_for_interrupt();
    }
    Ok(0)
}

/// `LockSupport.park0(absolute, time)`, the JDK's `Unsafe.park`: takes the thread's permit, or
/// blocks (a safe region: collections go on) until another thread unparks it, it is
/// interrupted, the deadline passes (`absolute`: milliseconds since the epoch; otherwise
/// nanoseconds from now, 0 meaning no deadline) or spuriously. Only this thread's own lock is
/// taken: there is no global table of permits.
pub fn park0(t: &mut JThread, a: usize) -> JResult<u64> {
    let (absolute, time) = (t.arg_int(a, 0) != 0, t.arg_long(a, 1));
    let shared = t.shared.clone();
    if shared.permit.swap(false, Ordering::AcqRel) {
        return Ok(0);
    }
    let deadline = match (absolute, time) {
        (false, 0) => None,
        (false, nanos) if nanos > 0 => Some(Instant::now() + Duration::from_nanos(nanos as u64)),
        (true, millis) if millis > 0 => {
            let now_ms = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64);
            Some(
                Instant::now() + Duration::from_millis(millis.saturating_sub(now_ms).max(0) as u64),
            )
        }
        _ => return Ok(0), // a deadline already passed
    };
    t.blocking(ThreadState::Waiting, || {
        let mut guard = shared.park.lock();
        if !shared.permit.load(Ordering::Acquire) && !shared.interrupted.load(Ordering::Acquire) {
            match deadline {
                None => shared.park_cond.wait(&mut guard),
                Some(d) => {
                    shared.park_cond.wait_until(&mut guard, d);
                }
            }
        }
        shared.permit.store(false, Ordering::Release);
    });
    Ok(0)
}

/// `LockSupport.unpark0(thread)`: makes the thread's permit available and wakes it if it is
/// parked. A thread not started yet, or finished, is not affected.
pub fn unpark0(t: &mut JThread, a: usize) -> JResult<u64> {
    let Some(s) = target(t, a) else { return Ok(0) };
    let _g = s.park.lock();
    if !s.permit.swap(true, Ordering::AcqRel) {
        s.park_cond.notify_one(); // only the thread itself waits on it
    }
    Ok(0)
}
