//! The Java program's standard output (System.out): buffered, but never for long.
//!
//! Writing every `println` straight to the file descriptor costs a system call each, so output
//! goes through a buffer. A buffer loses its contents if the process dies, so gcvm bounds what
//! can be lost, as a JVM does with its (line-flushed) PrintStream:
//! - on a terminal, every line is flushed as it is written;
//! - otherwise (a pipe or a file) the buffer is flushed at every collection, and a flusher
//!   thread flushes whatever is pending once a second, so a killed process (SIGKILL, a timeout)
//!   loses at most the last second of output;
//! - every exit path flushes: a normal end, System.exit, an uncaught exception, an
//!   OutOfMemoryError, a heap-verification failure, SIGINT/SIGTERM/SIGHUP (`launch::signals::terminated`)
//!   and gcvm's own internal errors (the panic hook in src/main.rs, `flush_within`).

use parking_lot::Mutex;
use std::io::{BufWriter, IsTerminal, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the flusher thread looks for pending output.
const FLUSH_INTERVAL: Duration = Duration::from_secs(1);

pub struct JavaStdout {
    out: Mutex<BufWriter<Stdout>>,
    /// stdout is a terminal: flush at every newline.
    line_buffered: bool,
    /// Written to since the last flush.
    pending: AtomicBool,
}

impl Default for JavaStdout {
    fn default() -> Self {
        let stdout = std::io::stdout();
        JavaStdout {
            line_buffered: stdout.is_terminal(),
            out: Mutex::new(BufWriter::with_capacity(1 << 16, stdout)),
            pending: AtomicBool::new(false),
        }
    }
}

impl JavaStdout {
    pub fn write(&self, bytes: &[u8]) {
        let mut out = self.out.lock();
        let _ = out.write_all(bytes);
        if self.line_buffered && bytes.contains(&b'\n') {
            let _ = out.flush();
        } else {
            self.pending.store(true, Ordering::Release);
        }
    }

    pub fn flush(&self) {
        let mut out = self.out.lock();
        self.pending.store(false, Ordering::Release);
        let _ = out.flush();
    }

    /// Flushes if anything was written since the last flush.
    pub fn flush_pending(&self) {
        if self.pending.load(Ordering::Acquire) {
            self.flush();
        }
    }

    /// Flushes unless another thread holds the buffer for longer than `patience` (an exit path
    /// that may run while the thread that was writing is stuck or gone). Returns whether it did.
    pub fn flush_within(&self, patience: Duration) -> bool {
        match self.out.try_lock_for(patience) {
            Some(mut out) => {
                let _ = out.flush();
                true
            }
            None => false,
        }
    }

    /// Starts the thread that flushes pending output every `FLUSH_INTERVAL`.
    pub fn start_flusher(&'static self) {
        let flusher = move || loop {
            std::thread::sleep(FLUSH_INTERVAL);
            self.flush_pending();
        };
        let _ = std::thread::Builder::new()
            .name("gcvm-stdout-flusher".into())
            .spawn(flusher);
    }
}
