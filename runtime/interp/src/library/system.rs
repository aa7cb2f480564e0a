//! The process-level natives of java.lang.System and Runtime that talk to the OS: the
//! environment, the VM's properties, halting, and the shutdown hooks (run by the VM when the
//! last non-daemon thread ends and on SIGINT/SIGTERM/SIGHUP; System.exit runs them in Java).

use crate::runtime::thread::{JResult, JThread, ThreadState};
use gcvm_gc::Ref;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once the program registers a shutdown hook: only then does a terminating signal attach
/// a Java thread to run the hooks.
static HOOKS_REGISTERED: AtomicBool = AtomicBool::new(false);

/// `Runtime.noteShutdownHook()`: a hook was registered.
pub fn note_shutdown_hook(_t: &mut JThread, _a: usize) -> JResult<u64> {
    HOOKS_REGISTERED.store(true, Ordering::Release);
    Ok(0)
}

/// Has the program ever registered a shutdown hook?
pub fn shutdown_hooks_registered() -> bool {
    HOOKS_REGISTERED.load(Ordering::Acquire)
}

fn string_or_null(t: &mut JThread, s: Option<String>) -> JResult<u64> {
    match s {
        Some(s) => Ok(t.new_string(&s)?.raw() as u64),
        None => Ok(0),
    }
}

/// `System.halt0(int)`: flush and end the process now. The VM finishes its recording with every
/// thread stopped, this one included, so the exiting thread lets go of its stack first.
pub fn halt0(t: &mut JThread, a: usize) -> JResult<u64> {
    let status = t.arg_int(a, 0);
    let vm = t.vm;
    t.blocking(ThreadState::Native, || vm.exit(status))
}

/// `System.getenv0(String)`.
pub fn getenv0(t: &mut JThread, a: usize) -> JResult<u64> {
    let name = t.rust_string(t.arg_ref(a, 0));
    let value = std::env::var_os(&name).map(|v| v.to_string_lossy().into_owned());
    string_or_null(t, value)
}

/// `System.environ0()`: name, value, name, value, ...
pub fn environ0(t: &mut JThread, _a: usize) -> JResult<u64> {
    let pairs: Vec<String> = std::env::vars_os()
        .flat_map(|(k, v)| {
            [
                k.to_string_lossy().into_owned(),
                v.to_string_lossy().into_owned(),
            ]
        })
        .collect();
    let class = t.load_class("[Ljava/lang/String;")?;
    let arr = t.new_array(class, pairs.len() as i32)?;
    let h = t.push_handle(arr);
    for (i, s) in pairs.iter().enumerate() {
        let s = t.new_string(s)?;
        let arr = t.handle(h);
        t.store_ref_element(arr, i, s);
    }
    let arr = t.handle(h);
    t.truncate_handles(h);
    Ok(arr.raw() as u64)
}

/// The VM's answer for a property key System does not hard-code.
fn vm_property(key: &str) -> Option<String> {
    let env = |k: &str| std::env::var(k).ok();
    match key {
        "user.dir" => std::env::current_dir()
            .ok()
            .map(|d| d.to_string_lossy().into_owned()),
        "user.home" => env("HOME"),
        "user.name" => env("USER").or_else(|| env("LOGNAME")),
        "java.home" => env("JAVA_HOME"),
        "os.version" => std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .ok()
            .map(|s| s.trim().to_string()),
        _ => None,
    }
}

/// `System.vmProperty(String)`.
pub fn vm_property_native(t: &mut JThread, a: usize) -> JResult<u64> {
    let key = t.rust_string(t.arg_ref(a, 0));
    string_or_null(t, vm_property(&key))
}

/// Runs `Runtime.runShutdownHooks()` on `t` (a thread with a stack); an exception escaping it
/// is reported like an uncaught one.
pub fn run_shutdown_hooks(t: &mut JThread) {
    let Ok(runtime) = t.load_class("java/lang/Runtime") else {
        return;
    };
    let Some(method) = runtime.find_declared_method("runShutdownHooks", "()V") else {
        return;
    };
    // A hook is added through Runtime.getRuntime(), which initialises the class: an
    // uninitialised Runtime has none, and initialising it now could fail for no reason in a
    // heap that ran out.
    if !runtime.init.is_done() {
        return;
    }
    if t.invoke(method, &[]).is_err() {
        let exc = t.take_pending();
        if exc != Ref::NULL {
            crate::library::exceptions::report_uncaught(t, exc);
        }
    }
}

/// `VM.read(int fd, byte[] b, int off, int len)`: standard input (fd 0 only). The read blocks in
/// a safe region; the bytes are copied into the array afterwards (it may have moved).
pub fn vm_read(t: &mut JThread, a: usize) -> JResult<u64> {
    use std::io::Read;
    let (fd, off, len) = (t.arg_int(a, 0), t.arg_int(a, 2), t.arg_int(a, 3));
    if fd != 0 {
        return Err(t.throw_new(
            "java/io/IOException",
            Some(&format!("gcvm reads only fd 0, not {fd}")),
        ));
    }
    let mut buf = vec![0u8; len.max(0) as usize];
    let read = t.blocking(ThreadState::Native, || loop {
        match std::io::stdin().lock().read(&mut buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => break other,
        }
    });
    let n = match read {
        Ok(0) => return Ok((-1i32) as u32 as u64),
        Ok(n) => n,
        Err(e) => return Err(t.throw_new("java/io/IOException", Some(&e.to_string()))),
    };
    crate::library::natives::store_into_byte_array(t, t.arg_ref(a, 1), off, &buf[..n]);
    Ok(n as u64)
}

/// `Class.getInterfaces0()`: the interfaces the class declares directly, in declaration order
/// (arrays: Cloneable and Serializable, as the JDK).
pub fn class_get_interfaces0(t: &mut JThread, a: usize) -> JResult<u64> {
    let c = t.class_of_mirror(t.arg_ref(a, 0));
    let interfaces: Vec<&'static crate::model::class::Class> = match c.kind {
        crate::model::class::ClassKind::Array { .. } => vec![
            t.load_class("java/lang/Cloneable")?,
            t.load_class("java/io/Serializable")?,
        ],
        _ => c.interfaces.clone(),
    };
    let array_class = t.load_class("[Ljava/lang/Class;")?;
    let arr = t.new_array(array_class, interfaces.len() as i32)?;
    let h = t.push_handle(arr);
    for (i, k) in interfaces.into_iter().enumerate() {
        let mirror = t.class_mirror(k)?;
        let arr = t.handle(h);
        t.store_ref_element(arr, i, mirror);
    }
    let arr = t.handle(h);
    t.truncate_handles(h);
    Ok(arr.raw() as u64)
}
