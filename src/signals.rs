//! Terminating signals and internal errors: however gcvm ends, what the program wrote and what
//! the trace recorded are not lost.
//!
//! SIGINT (Ctrl-C), SIGTERM and SIGHUP end the program as they end java: the recording is
//! finished, output is flushed, and the exit code is 128 + the signal (130, 143, 129)
//! (`gcvm_interp::terminated`). A signal handler proper may only do async-signal-safe
//! things (no locks, no allocation), so the handler writes the signal's number into a pipe and
//! a thread of gcvm's own reads it and does the work. A second signal while that runs kills the
//! process at once (the default action), so an impatient user is never stuck.
//!
//! A Rust panic is a bug in gcvm, not a Java error: the hook flushes the program's output,
//! prints one line, `gcvm: internal error: ...` (with a backtrace when RUST_BACKTRACE is set),
//! and exits with `INTERNAL_ERROR_EXIT`.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The exit code of an internal error: 134, what a shell reports for a JVM's fatal error
/// (which aborts, SIGABRT = 6).
pub const INTERNAL_ERROR_EXIT: i32 = 134;

const TERMINATING: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// The write end of the pipe the handler signals through (-1 before `install`).
static PIPE_WRITE: AtomicI32 = AtomicI32::new(-1);
/// A terminating signal has arrived.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(signal: libc::c_int) {
    // Only async-signal-safe calls here: signal, raise, write.
    if SIGNALLED.swap(true, Ordering::SeqCst) {
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
        return;
    }
    let byte = signal as u8;
    unsafe {
        libc::write(
            PIPE_WRITE.load(Ordering::SeqCst),
            &byte as *const u8 as *const libc::c_void,
            1,
        );
    }
}

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP and starts the thread that acts on them.
pub fn install() -> Result<(), String> {
    let mut fds = [0 as libc::c_int; 2];
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(format!(
            "gcvm: cannot create the signal pipe: {}",
            std::io::Error::last_os_error()
        ));
    }
    let [read_end, write_end] = fds;
    PIPE_WRITE.store(write_end, Ordering::SeqCst);
    std::thread::Builder::new()
        .name("gcvm-signals".into())
        .spawn(move || act_on_signals(read_end))
        .map_err(|e| format!("gcvm: cannot start the signal thread: {e}"))?;
    for signal in TERMINATING {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        if unsafe { libc::signal(signal, handler) } == libc::SIG_ERR {
            return Err(format!(
                "gcvm: cannot install the handler of signal {signal}: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    Ok(())
}

fn act_on_signals(read_end: libc::c_int) {
    let mut byte = 0u8;
    loop {
        let n = unsafe { libc::read(read_end, &mut byte as *mut u8 as *mut libc::c_void, 1) };
        if n == 1 {
            gcvm_interp::terminated(byte as i32);
        }
        if n == 0
            || (n < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted)
        {
            return;
        }
    }
}

/// Turns a panic anywhere in gcvm into one line on stderr and `INTERNAL_ERROR_EXIT`.
pub fn report_panics_as_internal_errors() {
    std::panic::set_hook(Box::new(|info| {
        gcvm_interp::flush_output_on_internal_error();
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        let message = message.replace('\n', " ");
        eprintln!("gcvm: internal error: {message}{place}");
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            eprintln!("{}", std::backtrace::Backtrace::force_capture());
        }
        std::process::exit(INTERNAL_ERROR_EXIT);
    }));
}

/// For the tests of the internal-error path (tests/output.rs): with
/// `GCVM_TEST_INTERNAL_ERROR_AFTER_MS=N` in the environment, a thread panics N ms after start.
pub fn schedule_test_internal_error() {
    let Some(ms) = std::env::var("GCVM_TEST_INTERNAL_ERROR_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    else {
        return;
    };
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(ms));
        panic!("test internal error after {ms} ms");
    });
}
