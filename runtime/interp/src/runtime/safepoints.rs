//! The thread registry and the safepoint protocol's state (docs/safepoints.md): every started,
//! not yet finished Java thread; the flag that asks them to stop; the GC lock a pause holds; and
//! the times to safepoint. Stopping the world is taking every registered thread's stack lock
//! (`stop_every_thread`); the pause that runs with the world stopped is runtime/pause.rs.

use crate::runtime::thread::{ThreadShared, ThreadStack};
use parking_lot::{Condvar, Mutex};
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A stopped thread's stack, held by the pause.
pub type StackGuard = parking_lot::ArcMutexGuard<parking_lot::RawMutex, ThreadStack>;

/// The poll word's bit that asks every thread to stop (`Threads::poll_word`).
const SAFEPOINT: u32 = 1;

/// What the poll word reads while no safepoint is requested and the VM counts `--activity`
/// interval `interval`: what a counting loop compares the word with.
#[inline(always)]
pub const fn quiet_poll_word(interval: u32) -> u32 {
    interval << 1
}

/// Every Java thread, and whether they are asked to stop.
#[derive(Default)]
pub struct Threads {
    /// Every started, not yet finished Java thread, by id (ids grow: registration order). A
    /// map, so that finding a thread (unpark, interrupt) does not grow with their number.
    registry: Mutex<BTreeMap<u64, Arc<ThreadShared>>>,
    /// Registrations so far (changed only under the registry lock): a pause that saw the same
    /// count twice knows no thread started in between.
    registrations: AtomicU64,
    changed: Condvar,
    /// The word every poll reads. Bit 0 (`SAFEPOINT`) asks every thread to stop; the bits
    /// above count `--activity`'s intervals (runtime/activity.rs advances them), so that a
    /// counting loop learns at one compare, at the poll it passes anyway, whether to stop and
    /// whether its interval is over (`poll_word`). A loop that does not count tests bit 0 alone.
    poll: AtomicU32,
    /// The thread an execution sample is stopping (0: none). Its safepoint request stops only
    /// that thread: the others pass their polls (`heeds_safepoint`).
    sample_target: AtomicU64,
    safepoint_lock: Mutex<()>,
    safepoint_cond: Condvar,
    /// Held by the thread running a collection.
    pub gc_lock: Mutex<()>,
    /// Time to safepoint of every pause, for statistics.
    pub ttsp: Mutex<Vec<Duration>>,
    /// When the world was last stopped (every thread's stack taken): where a thread's
    /// safepoint stop turns from waiting for the others into the pause (`--activity`).
    stopped_at: Mutex<Option<Instant>>,
    /// When the world was last let go on after a pause.
    resumed_at: Mutex<Option<Instant>>,
}

impl Threads {
    pub fn register(&self, t: Arc<ThreadShared>) {
        let mut registry = self.registry.lock();
        registry.insert(t.id, t);
        self.registrations.fetch_add(1, Ordering::Relaxed);
        drop(registry);
        self.changed.notify_all();
    }

    pub fn unregister(&self, id: u64) {
        self.registry.lock().remove(&id);
        self.changed.notify_all();
    }

    pub fn count(&self) -> usize {
        self.registry.lock().len()
    }

    pub fn find(&self, id: u64) -> Option<Arc<ThreadShared>> {
        self.registry.lock().get(&id).cloned()
    }

    /// Blocks until every non-daemon thread has finished (the JVM's exit rule).
    pub fn wait_for_non_daemon_threads(&self) {
        self.wait_for_non_daemon_threads_except(None);
    }

    /// Blocks until every non-daemon thread but `except` (the caller) has finished.
    pub fn wait_for_non_daemon_threads_except(&self, except: Option<u64>) {
        let mut threads = self.registry.lock();
        while threads
            .values()
            .any(|t| !t.daemon.load(Ordering::Relaxed) && Some(t.id) != except)
        {
            self.changed.wait(&mut threads);
        }
    }

    /// Has a collection asked every thread to stop?
    #[inline(always)]
    pub fn safepoint_requested(&self) -> bool {
        self.poll.load(Ordering::Relaxed) & SAFEPOINT != 0
    }

    /// The poll word: `quiet_poll_word(i)` while no safepoint is requested and the VM counts
    /// interval `i`, something else when a counting thread has something to do.
    #[inline(always)]
    pub fn poll_word(&self) -> u32 {
        self.poll.load(Ordering::Relaxed)
    }

    /// The `--activity` interval the VM is in (0 without `--activity`).
    #[inline(always)]
    pub fn activity_interval(&self) -> u32 {
        self.poll.load(Ordering::Relaxed) >> 1
    }

    /// Moves the VM on to `--activity` interval `n` (the activity clock's thread alone does).
    /// Only bits above the safepoint bit change: an even difference added carries upward.
    pub(crate) fn advance_activity_interval(&self, n: u32) {
        let now = self.activity_interval();
        if n != now {
            self.poll
                .fetch_add(n.wrapping_sub(now) << 1, Ordering::Relaxed);
        }
    }

    /// Runs `f` on the stack of thread `target` while that thread is stopped: a safepoint for
    /// one thread, without a collection (what `Thread.getStackTrace` of another thread needs).
    /// Holding the GC lock keeps collections out; the safepoint request makes a running target
    /// let go of its stack at its next poll (other threads stop at theirs too, until `f` is
    /// done). The caller must not hold its own stack.
    pub fn with_thread_stopped<R>(
        &self,
        target: &ThreadShared,
        f: impl FnOnce(&ThreadStack) -> R,
    ) -> R {
        let _gc = self.gc_lock.lock();
        self.request_safepoint();
        let result = {
            let stack = target.stack.lock();
            f(&stack)
        };
        self.end_safepoint();
        result
    }

    /// Runs `f` on the stack of every thread that is running Java code (holding its stack: not
    /// blocked, sleeping or waiting), each stopped at its next poll in turn while the others run
    /// on: what an execution sampler needs. Threads in safe regions are left alone, as
    /// HotSpot's sampler leaves threads that are not in Java. Holds the GC lock, so no
    /// collection runs meanwhile.
    pub fn sample_running_threads(&self, mut f: impl FnMut(&ThreadShared, &ThreadStack)) {
        let _gc = self.gc_lock.lock();
        let running: Vec<Arc<ThreadShared>> = self
            .registry
            .lock()
            .values()
            .filter(|t| t.stack.is_locked())
            .cloned()
            .collect();
        for t in &running {
            self.sample_target.store(t.id, Ordering::SeqCst);
            self.request_safepoint();
            {
                let stack = t.stack.lock();
                f(t, &stack);
            }
            self.end_safepoint();
            self.sample_target.store(0, Ordering::SeqCst);
        }
    }

    /// Must thread `me` stop for the safepoint requested now? Every thread must, except while
    /// an execution sample stops another one.
    pub fn heeds_safepoint(&self, me: u64) -> bool {
        let target = self.sample_target.load(Ordering::SeqCst);
        target == 0 || target == me
    }

    /// Called by a thread that has released its stack: returns when the pause is over.
    pub fn wait_for_safepoint_end(&self) {
        let mut guard = self.safepoint_lock.lock();
        while self.poll.load(Ordering::Acquire) & SAFEPOINT != 0 {
            self.safepoint_cond.wait(&mut guard);
        }
    }

    /// Takes the stack lock of every registered thread, including threads started while the
    /// others are being stopped (a running thread may register a new one until it is stopped
    /// itself). With a deadline, a thread that has not stopped by then is left running. Returns
    /// the stacks taken and whether every thread stopped.
    ///
    /// Blocked threads cost one `try_lock` each, taken in one pass under the registry lock:
    /// only the threads still running (their locks held) are waited for, outside it (a running
    /// thread may need the registry lock to reach its poll, to start a thread). The registry is
    /// read again only to see whether a thread was registered meanwhile.
    pub fn stop_every_thread(&self, deadline: Option<Instant>) -> (Vec<StackGuard>, bool) {
        let mut stacks = Vec::new();
        let mut taken: Vec<u64> = Vec::new();
        let mut all = true;
        let mut seen: Option<HashSet<u64>> = None;
        loop {
            let mut running = Vec::new();
            let registrations = {
                let registry = self.registry.lock();
                for t in registry.values() {
                    if seen.as_ref().is_some_and(|s| s.contains(&t.id)) {
                        continue;
                    }
                    taken.push(t.id);
                    match t.stack.try_lock_arc() {
                        Some(st) => stacks.push(st),
                        None => running.push(t.clone()),
                    }
                }
                self.registrations.load(Ordering::Relaxed)
            };
            for t in running {
                match deadline {
                    None => stacks.push(t.stack.lock_arc()),
                    Some(d) => match t.stack.try_lock_arc_until(d) {
                        Some(st) => stacks.push(st),
                        None => all = false,
                    },
                }
            }
            if self.registrations.load(Ordering::Relaxed) == registrations {
                break;
            }
            // A thread was registered while we waited: another pass for the new ones only.
            seen = Some(taken.iter().copied().collect());
        }
        *self.stopped_at.lock() = Some(Instant::now());
        (stacks, all)
    }

    /// When the world was last stopped (None before the first pause).
    pub fn world_stopped_at(&self) -> Option<Instant> {
        *self.stopped_at.lock()
    }

    /// Was the world stopped at some moment from `from` to `to`? (The last pause only: a
    /// question about a short wait of one thread.)
    pub fn world_stopped_within(&self, from: Instant, to: Instant) -> bool {
        let Some(stopped) = self.world_stopped_at() else {
            return false;
        };
        let resumed = *self.resumed_at.lock();
        let still_stopped = resumed.is_none_or(|r| r < stopped);
        stopped <= to && (still_stopped || resumed.is_some_and(|r| r >= from))
    }

    /// Asks every thread to stop at its next poll.
    pub fn request_safepoint(&self) {
        self.poll.fetch_or(SAFEPOINT, Ordering::SeqCst);
    }

    /// Lets every thread go on (the pause is over).
    pub fn end_safepoint(&self) {
        *self.resumed_at.lock() = Some(Instant::now());
        let _guard = self.safepoint_lock.lock();
        self.poll.fetch_and(!SAFEPOINT, Ordering::SeqCst);
        self.safepoint_cond.notify_all();
    }
}
