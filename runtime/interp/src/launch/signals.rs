//! Ending the process from outside Java: a terminating signal, or gcvm's own internal error.

use crate::runtime::vm::Vm;
use gcvm_gc::Ref;
use std::io::Write;
use std::sync::OnceLock;
use std::time::Duration;

/// How long a terminating signal waits for a thread to reach a safepoint before giving up on
/// its buffered trace events (and for the output buffer).
const INTERRUPT_PATIENCE: Duration = Duration::from_secs(2);

/// How long an internal error waits for the output buffer.
const INTERNAL_ERROR_PATIENCE: Duration = Duration::from_millis(500);

/// The process's VM, for the signal and panic handlers (set as soon as the VM exists).
static THE_VM: OnceLock<&'static Vm> = OnceLock::new();

/// Makes `vm` the process's VM, for the signal and panic handlers.
pub fn install(vm: &'static Vm) {
    let _ = THE_VM.set(vm);
}

/// A terminating signal — SIGINT (Ctrl-C), SIGTERM or SIGHUP — ends the program as it ends
/// java: from the signal-handling thread (src/main.rs), the recording is finished — a safepoint
/// stops the Java threads at their next poll and their buffers are flushed, waiting at most
/// `INTERRUPT_PATIENCE` for the world to stop — the output is flushed, and the process exits
/// with 128 + the signal's number (130, 143, 129), as a shell expects.
///
/// First, as java does, the shutdown hooks run (if any was ever registered): on a Java thread
/// attached to the signal thread for the purpose (a daemon with no Thread object).
pub fn terminated(signal: i32) -> ! {
    if let Some(vm) = THE_VM.get() {
        if crate::library::system::shutdown_hooks_registered() {
            let id = u64::MAX - 1;
            let shared = crate::runtime::thread::JThread::create(
                vm,
                "Signal Dispatcher",
                id,
                Ref::NULL,
                true,
                None,
            );
            let mut thread = crate::runtime::thread::JThread::attach(vm, shared);
            crate::library::system::run_shutdown_hooks(&mut thread);
            thread.detach();
        }
        vm.finish_recording(Some(INTERRUPT_PATIENCE));
        vm.stdout.flush_within(INTERRUPT_PATIENCE);
    }
    let _ = std::io::stderr().flush();
    std::process::exit(128 + signal)
}

/// Flushes the program's output before gcvm reports an internal error (its panic hook), without
/// waiting long for a thread that holds the buffer.
pub fn flush_output_on_internal_error() {
    if let Some(vm) = THE_VM.get() {
        vm.stdout.flush_within(INTERNAL_ERROR_PATIENCE);
    }
}
