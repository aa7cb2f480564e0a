//! The GC controller: a collector's own background thread, which does concurrent work while
//! mutators run and asks the VM for short pauses when it needs the world stopped (HotSpot's
//! ConcurrentGCThread, Go's background mark workers, mmtk's GC controller).
//!
//! The VM-facing half is `VmControl`, which the interpreter implements: `request_pause` stops
//! every mutator at a safepoint (flushing its TLAB and barrier buffers), runs the collector's
//! closure with the roots and the trace's event sink, records the pause like any other (GC log
//! line, history, time to safepoint, trace GC start/end, `--verify-heap` before and after) and
//! lets the mutators go. The collector-facing half is `Controller`: a named thread with a stop
//! signal it sleeps on.
//!
//! Allocation never waits for the controller: the VM's collection lock serialises *pauses*
//! only, and each collector guards its allocation state with locks of its own, so a mutator can
//! refill its TLAB while the controller works concurrently.
//!
//! `--periodic-gc MS` (HotSpot's G1PeriodicGCInterval) runs on this machinery for every
//! collector: a controller that wakes every interval and, if no pause happened in it, asks for
//! a collection (cause "Periodic Collection").

use crate::collector::{GcCause, GcOutcome, RootSource};
use crate::GcRecord;
use gcvm_tracer::stream::{StepGranularity, StepInfo, StepKind, Tiler};
use gcvm_tracer::GcEventSink;
use parking_lot::{Condvar, Mutex};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The body of a pause a controller asks for: it runs with every mutator stopped and returns
/// what the pause did.
pub type PauseBody<'a> = dyn FnMut(&mut dyn RootSource, &mut dyn GcEventSink) -> GcOutcome + 'a;

/// What the VM does for a collector's controller (implemented by the interpreter).
pub trait VmControl: Send + Sync {
    /// Stops the world, runs `body` in the pause, resumes. Returns the pause's record, or None
    /// if the VM is shutting down (then `body` did not run).
    fn request_pause(&self, cause: GcCause, body: &mut PauseBody<'_>) -> Option<GcRecord>;

    /// Pauses so far (collections and controller pauses alike).
    fn pause_count(&self) -> u32;

    /// Writes one GC log line (`-Xlog:gc`) for work done outside a pause — a concurrent phase —
    /// in the unified-logging shape: `[uptime][info][gc] GC(id) Concurrent Mark 3.456ms`.
    /// `line` is what follows the decorations.
    fn log_gc(&self, line: &str);

    /// Writes one detail line (`-Xlog:gc*` only) with unified-logging tags such as
    /// `gc,marking`: `[uptime][info][gc,marking] GC(id) ...`.
    fn log_gc_detail(&self, tags: &str, line: &str);

    /// A concurrent phase of collection `gc_id` ran from `start` for `duration` while the
    /// program ran (`Concurrent Mark`, `Concurrent Sweep`): for recordings that time it (JFR's
    /// `gcvm.ConcurrentPhase`). Reported beside its `log_gc` line.
    fn concurrent_phase(&self, _gc_id: u32, _name: &str, _start: Instant, _duration: Duration) {}

    /// Would a frame of the concurrent step `kind` be gathered now (docs/stream-format.md,
    /// "Steps inside a collection")? One atomic load when nobody watches.
    fn wants_step(&self, _kind: &StepKind) -> bool {
        false
    }

    /// How fine progress steps are (`--stream-step-kb`).
    fn step_granularity(&self) -> StepGranularity {
        StepGranularity::default()
    }

    /// A concurrent step: if the step's filters let it through, stops the world as a tick does
    /// (no longer), gathers the frame of `info` — the `n`-th of a concurrent phase of
    /// collection `gc_id`, `gc_ms` of the collector's own work into the phase — with every
    /// object of the heap and what `fill` adds (the collector's streams of the moment: marked
    /// bytes from its bitmap), and lets the world go. `current` is asked once no pause can
    /// run any more (before the world stops): false if a pause abandoned the phase meanwhile,
    /// and then no frame is taken.
    fn concurrent_step(
        &self,
        _gc_id: u32,
        _n: u32,
        _gc_ms: f64,
        _info: &StepInfo,
        _current: &dyn Fn() -> bool,
        _fill: &mut dyn FnMut(&mut Tiler),
    ) {
    }
}

/// A stop signal a controller thread sleeps on.
#[derive(Default)]
pub struct StopSignal {
    stopped: Mutex<bool>,
    cond: Condvar,
}

impl StopSignal {
    /// Sleeps for `d` or until stopped; false once stopped.
    pub fn sleep(&self, d: Duration) -> bool {
        let deadline = Instant::now() + d;
        let mut stopped = self.stopped.lock();
        while !*stopped {
            if self.cond.wait_until(&mut stopped, deadline).timed_out() {
                break;
            }
        }
        !*stopped
    }

    pub fn stop(&self) {
        *self.stopped.lock() = true;
        self.cond.notify_all();
    }

    pub fn is_stopped(&self) -> bool {
        *self.stopped.lock()
    }
}

/// A running controller thread.
pub struct Controller {
    signal: Arc<StopSignal>,
    thread: Option<JoinHandle<()>>,
}

impl Controller {
    /// Starts `body` on a thread called `name`; `body` should return soon after its signal
    /// stops.
    pub fn spawn(
        name: &str,
        body: impl FnOnce(Arc<StopSignal>) + Send + 'static,
    ) -> Result<Controller, String> {
        let signal = Arc::new(StopSignal::default());
        let for_thread = signal.clone();
        let thread = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || body(for_thread))
            .map_err(|e| format!("cannot start the GC controller thread {name}: {e}"))?;
        Ok(Controller {
            signal,
            thread: Some(thread),
        })
    }

    /// Stops the thread and waits for it.
    pub fn stop(&mut self) {
        self.signal.stop();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Controller {
    fn drop(&mut self) {
        self.signal.stop();
    }
}

/// The periodic-collection controller: every `interval`, if no pause happened since the last
/// look, asks for a collection made by `collect`.
pub fn spawn_periodic(
    vm: &'static dyn VmControl,
    interval: Duration,
    collect: impl Fn(&mut dyn RootSource, &mut dyn GcEventSink) -> GcOutcome + Send + 'static,
) -> Result<Controller, String> {
    Controller::spawn("gc-periodic", move |signal| {
        let mut seen = vm.pause_count();
        while signal.sleep(interval) {
            let now = vm.pause_count();
            if now == seen {
                let mut body = |roots: &mut dyn RootSource, events: &mut dyn GcEventSink| {
                    collect(roots, events)
                };
                if vm.request_pause(GcCause::Periodic, &mut body).is_none() {
                    return;
                }
            }
            seen = vm.pause_count();
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_signal_wakes_a_sleeper_at_once() {
        let signal = Arc::new(StopSignal::default());
        let s = signal.clone();
        let t = std::thread::spawn(move || {
            let started = Instant::now();
            let kept_sleeping = s.sleep(Duration::from_secs(30));
            (kept_sleeping, started.elapsed())
        });
        std::thread::sleep(Duration::from_millis(20));
        signal.stop();
        let (kept_sleeping, slept) = t.join().unwrap();
        assert!(!kept_sleeping);
        assert!(slept < Duration::from_secs(10));
    }

    #[test]
    fn a_sleep_that_times_out_reports_not_stopped() {
        let signal = StopSignal::default();
        assert!(signal.sleep(Duration::from_millis(5)));
        assert!(!signal.is_stopped());
    }
}

/// Keeps a collector's concurrent work out of stopped worlds. The VM tells the collector when
/// it stops the world (`Collector::world_stopped`) and resumes it; between the two, heap walks
/// that are not the collector's own — the verifier, `--heap-dump`, the barrier check — read the
/// heap, so a controller thread must not change it then (fill dead objects, refine cards).
/// Each unit of concurrent work runs inside `enter`, which waits while the world is stopped;
/// `stop` waits for the units in progress to finish.
#[derive(Default)]
pub struct ConcurrentGate {
    /// (world stopped, units of concurrent work in progress)
    state: Mutex<(bool, usize)>,
    cond: Condvar,
    /// Raised as soon as `stop` is called: long units poll it and end early.
    stopping: AtomicBool,
}

/// A unit of concurrent work in progress (see `ConcurrentGate::enter`).
pub struct GateUnit<'a>(&'a ConcurrentGate);

impl ConcurrentGate {
    /// Starts a unit of concurrent work, once the world runs.
    pub fn enter(&self) -> GateUnit<'_> {
        let mut s = self.state.lock();
        while s.0 {
            self.cond.wait(&mut s);
        }
        s.1 += 1;
        GateUnit(self)
    }

    /// Whether a pause is waiting for the units in progress: a unit that can end early (and
    /// leave the rest of its work for later or for the pause) should.
    pub fn stop_requested(&self) -> bool {
        self.stopping.load(Ordering::Relaxed)
    }

    /// The world is stopping: no new unit starts, and the units in progress are asked to end
    /// early (`stop_requested`), so that they leave the CPU to the mutators still on their way
    /// to a safepoint. `stop` then waits for them; `resume` opens the gate again.
    pub fn close(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        self.state.lock().0 = true;
    }

    /// The world stopped: returns once no unit of concurrent work is in progress.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        let mut s = self.state.lock();
        s.0 = true;
        while s.1 > 0 {
            self.cond.wait(&mut s);
        }
    }

    /// The world runs again.
    pub fn resume(&self) {
        self.stopping.store(false, Ordering::Relaxed);
        self.state.lock().0 = false;
        self.cond.notify_all();
    }
}

impl Drop for GateUnit<'_> {
    fn drop(&mut self) {
        let mut s = self.0.state.lock();
        s.1 -= 1;
        self.0.cond.notify_all();
    }
}
