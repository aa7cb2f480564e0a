//! Java monitors: `synchronized`, `Object.wait/notify/notifyAll`.
//!
//! Design: always-inflated monitors. The first time an object is locked (or waited on) it gets
//! a `Monitor` from the VM's monitor table, and the monitor's index is stored in bits 8-31 of the
//! object's GC word (see docs/object-model.md), so it follows the object when a collector moves
//! it. A monitor is a parking_lot mutex guarding its state: the owner thread and recursion
//! count, the *wait set* (threads in `wait()`, oldest first) and the *successors* (threads that
//! were notified and have not been woken yet). Threads waiting to enter sleep on one condition
//! variable; each waiting thread sleeps on its own node's, so a notify can pick one thread.
//!
//! Notify hands off, as HotSpot's ObjectMonitor does: `notify` moves the oldest waiter from the
//! wait set to the successors *without waking it*, because the notifier still owns the monitor
//! and a woken waiter could only go back to sleep on the entry queue (two context switches per
//! hand-off instead of one). The thread that releases the monitor (its last `monitorexit`, or
//! its own `wait`) wakes the first successor, or else one thread waiting to enter. Every release
//! wakes at most one thread, and a woken thread that finds the monitor taken again sleeps on the
//! entry queue; the new owner's release wakes the next one, so nobody is left behind while the
//! monitor is free.
//!
//! Why not thin locks: gcvm is a GC research VM, not a lock benchmark; inflated monitors keep
//! the code short and their cost (a table lookup and an uncontended mutex) is small beside the
//! interpreter's. Monitors are never freed (an object that dies leaves its table entry behind);
//! programs that lock millions of distinct objects would grow the table — documented in
//! docs/safepoints.md.
//!
//! Every blocking step (contended entry, wait) runs in a *safe region*: the thread gives up the
//! lock on its stack first, so a collection can proceed while it is blocked (see safepoint.rs).

use gcvm_gc::object::gcword;
use gcvm_gc::{Heap, Ref};
use parking_lot::{Condvar, Mutex, RwLock};
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Default)]
pub struct MonitorState {
    /// The owning thread's id, 0 when free.
    pub owner: u64,
    pub count: u32,
    /// Threads in `wait()` that have not been notified, oldest first.
    wait_set: VecDeque<Arc<WaitNode>>,
    /// Notified threads still asleep: each release of the monitor wakes the first.
    successors: VecDeque<Arc<WaitNode>>,
}

/// One thread's place in a monitor's wait set; it sleeps on its own condition variable.
#[derive(Default)]
struct WaitNode {
    /// Set (under the monitor's lock) when a notify chose this thread.
    notified: std::sync::atomic::AtomicBool,
    /// The thread whose notify chose this one (0: none yet).
    notifier: std::sync::atomic::AtomicU64,
    wake: Condvar,
}

impl WaitNode {
    fn is_notified(&self) -> bool {
        self.notified.load(Ordering::Relaxed)
    }
}

impl MonitorState {
    fn forget(queue: &mut VecDeque<Arc<WaitNode>>, node: &Arc<WaitNode>) {
        if let Some(at) = queue.iter().position(|n| Arc::ptr_eq(n, node)) {
            queue.remove(at);
        }
    }
}

#[derive(Default)]
pub struct Monitor {
    pub state: Mutex<MonitorState>,
    /// Threads waiting to enter.
    pub entry: Condvar,
}

/// How a wait ended.
#[derive(Debug, PartialEq, Eq)]
pub enum WaitOutcome {
    Woken,
    NotOwner,
}

impl Monitor {
    /// Enters without blocking if free or already owned by `me`; false if another thread owns it.
    pub fn try_enter(&self, me: u64) -> bool {
        let mut s = self.state.lock();
        if s.owner == me {
            s.count += 1;
            true
        } else if s.owner == 0 {
            s.owner = me;
            s.count = 1;
            true
        } else {
            false
        }
    }

    /// Blocks until the monitor is free, then takes it.
    pub fn enter_blocking(&self, me: u64) {
        let mut s = self.state.lock();
        while s.owner != 0 && s.owner != me {
            self.entry.wait(&mut s);
        }
        if s.owner == me {
            s.count += 1;
        } else {
            s.owner = me;
            s.count = 1;
        }
    }

    /// Releases one level; false if `me` is not the owner.
    pub fn exit(&self, me: u64) -> bool {
        let mut s = self.state.lock();
        if s.owner != me {
            return false;
        }
        s.count -= 1;
        if s.count == 0 {
            self.release(&mut s);
        }
        true
    }

    /// Frees the monitor and wakes one thread to take it: the first notified waiter, or else
    /// one thread waiting to enter.
    fn release(&self, s: &mut MonitorState) {
        s.owner = 0;
        s.count = 0;
        match s.successors.pop_front() {
            Some(node) => {
                node.wake.notify_one();
            }
            None => {
                self.entry.notify_one();
            }
        }
    }

    /// The owning thread's id (0: free).
    pub fn owner(&self) -> u64 {
        self.state.lock().owner
    }

    pub fn is_owned_by(&self, me: u64) -> bool {
        self.state.lock().owner == me
    }

    /// Object.wait: releases the monitor fully, waits for a notify (or the timeout, or an
    /// interrupt's wake-up), then re-enters with the same recursion count.
    pub fn wait(
        &self,
        me: u64,
        timeout: Option<Duration>,
        interrupted: &dyn Fn() -> bool,
    ) -> WaitOutcome {
        self.wait_noting_notifier(me, timeout, interrupted).0
    }

    /// `wait`, also telling which thread's notify ended it (None: the timeout or an interrupt).
    pub fn wait_noting_notifier(
        &self,
        me: u64,
        timeout: Option<Duration>,
        interrupted: &dyn Fn() -> bool,
    ) -> (WaitOutcome, Option<u64>) {
        let mut s = self.state.lock();
        if s.owner != me {
            return (WaitOutcome::NotOwner, None);
        }
        let saved = s.count;
        let node = Arc::new(WaitNode::default());
        s.wait_set.push_back(node.clone());
        self.release(&mut s);
        let deadline = timeout.map(|t| Instant::now() + t);
        while !node.is_notified() && !interrupted() {
            match deadline {
                Some(deadline) => {
                    if node.wake.wait_until(&mut s, deadline).timed_out() {
                        break;
                    }
                }
                None => node.wake.wait(&mut s),
            }
        }
        // Woken by a timeout or an interrupt, perhaps after a notify chose this thread: leave
        // whichever queue still holds it.
        MonitorState::forget(&mut s.wait_set, &node);
        MonitorState::forget(&mut s.successors, &node);
        while s.owner != 0 {
            self.entry.wait(&mut s);
        }
        s.owner = me;
        s.count = saved;
        let notifier = node.notifier.load(Ordering::Relaxed);
        (
            WaitOutcome::Woken,
            (node.is_notified() && notifier != 0).then_some(notifier),
        )
    }

    /// Object.notify / notifyAll; false if `me` is not the owner. The chosen waiters are woken
    /// one by one as the monitor is released (see the module comment).
    pub fn notify(&self, me: u64, all: bool) -> bool {
        let mut s = self.state.lock();
        if s.owner != me {
            return false;
        }
        let chosen = if all { s.wait_set.len() } else { 1 };
        for _ in 0..chosen {
            let Some(node) = s.wait_set.pop_front() else {
                break;
            };
            node.notified.store(true, Ordering::Relaxed);
            node.notifier.store(me, Ordering::Relaxed);
            s.successors.push_back(node);
        }
        true
    }

    /// Thread.interrupt of a thread waiting here: wakes every waiter not yet notified, each of
    /// which checks its own interrupt flag and goes back to sleep if it was not the one
    /// interrupted. (A notified waiter will be woken when the monitor is released anyway.)
    pub fn wake_waiters_for_interrupt(&self) {
        let s = self.state.lock();
        for node in &s.wait_set {
            node.wake.notify_one();
        }
    }
}

/// The VM's monitor table; index 0 means "no monitor".
pub struct Monitors {
    table: RwLock<Vec<Arc<Monitor>>>,
}

impl Default for Monitors {
    fn default() -> Self {
        Monitors {
            table: RwLock::new(vec![Arc::new(Monitor::default())]),
        }
    }
}

const MAX_MONITORS: usize = 1 << 24;

impl Monitors {
    /// The monitor of `obj`, inflating one on first use. None if the table is full.
    pub fn of(&self, heap: &Heap, obj: Ref) -> Option<Arc<Monitor>> {
        let word = heap.header_word(obj);
        let index = ((word.load(Ordering::Acquire) & gcword::MONITOR_MASK) >> gcword::MONITOR_SHIFT)
            as usize;
        if index != 0 {
            return Some(self.table.read()[index].clone());
        }
        let mut table = self.table.write();
        // Re-check under the table lock: another thread may have inflated it meanwhile.
        let current = ((word.load(Ordering::Acquire) & gcword::MONITOR_MASK)
            >> gcword::MONITOR_SHIFT) as usize;
        if current != 0 {
            return Some(table[current].clone());
        }
        if table.len() >= MAX_MONITORS {
            return None;
        }
        let monitor = Arc::new(Monitor::default());
        let index = table.len() as u64;
        table.push(monitor.clone());
        let _ = word.fetch_update(Ordering::AcqRel, Ordering::Acquire, |w| {
            Some((w & !gcword::MONITOR_MASK) | (index << gcword::MONITOR_SHIFT))
        });
        Some(monitor)
    }

    /// The monitor of `obj` if it has one.
    pub fn existing(&self, heap: &Heap, obj: Ref) -> Option<Arc<Monitor>> {
        let word = heap.header_word(obj).load(Ordering::Acquire);
        let index = ((word & gcword::MONITOR_MASK) >> gcword::MONITOR_SHIFT) as usize;
        (index != 0).then(|| self.table.read()[index].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owner_reenters_and_must_exit_as_often() {
        let m = Monitor::default();
        assert!(m.try_enter(1));
        assert!(m.try_enter(1));
        assert!(!m.try_enter(2));
        assert!(m.exit(1));
        assert!(!m.try_enter(2));
        assert!(m.exit(1));
        assert!(m.try_enter(2));
    }

    #[test]
    fn only_the_owner_may_exit_or_notify() {
        let m = Monitor::default();
        assert!(!m.exit(1));
        assert!(!m.notify(1, true));
        assert!(m.try_enter(2));
        assert!(!m.exit(1));
        assert!(m.notify(2, false));
    }

    #[test]
    fn wait_releases_the_monitor_and_restores_the_count() {
        let m = Arc::new(Monitor::default());
        assert!(m.try_enter(1) && m.try_enter(1));
        let m2 = m.clone();
        let waiter = std::thread::spawn(move || m2.wait(1, None, &|| false));
        loop {
            if m.try_enter(2) {
                break;
            }
            std::thread::yield_now();
        }
        assert!(m.notify(2, true));
        assert!(m.exit(2));
        assert_eq!(waiter.join().unwrap(), WaitOutcome::Woken);
        assert!(m.exit(1) && m.exit(1), "the waiter owns it twice again");
        assert!(!m.exit(1));
    }

    fn wait_set_sizes(m: &Monitor) -> (usize, usize) {
        let s = m.state.lock();
        (s.wait_set.len(), s.successors.len())
    }

    fn spawn_waiter(m: &Arc<Monitor>, id: u64) -> std::thread::JoinHandle<WaitOutcome> {
        let before = wait_set_sizes(m).0;
        let m2 = m.clone();
        let waiter = std::thread::spawn(move || {
            assert!(m2.try_enter(id));
            m2.wait(id, None, &|| false)
        });
        while wait_set_sizes(m).0 == before {
            std::thread::yield_now();
        }
        waiter
    }

    #[test]
    fn notify_chooses_the_oldest_waiter_and_wakes_it_at_release() {
        let m = Arc::new(Monitor::default());
        let first = spawn_waiter(&m, 1);
        let second = spawn_waiter(&m, 2);
        assert!(m.try_enter(3));
        assert!(m.notify(3, false));
        assert_eq!(wait_set_sizes(&m), (1, 1), "chosen, not yet woken");
        assert!(m.exit(3));
        assert_eq!(first.join().unwrap(), WaitOutcome::Woken);
        assert!(m.exit(1));
        assert_eq!(wait_set_sizes(&m), (1, 0), "the second still waits");
        assert!(m.try_enter(3) && m.notify(3, false) && m.exit(3));
        assert_eq!(second.join().unwrap(), WaitOutcome::Woken);
        assert!(m.exit(2));
    }

    #[test]
    fn notify_all_wakes_the_waiters_one_release_at_a_time() {
        let m = Arc::new(Monitor::default());
        let waiters: Vec<_> = (1..=3).map(|id| spawn_waiter(&m, id)).collect();
        assert!(m.try_enter(9));
        assert!(m.notify(9, true));
        assert_eq!(wait_set_sizes(&m), (0, 3));
        assert!(m.exit(9));
        for (id, waiter) in (1..=3).zip(waiters) {
            assert_eq!(waiter.join().unwrap(), WaitOutcome::Woken);
            assert!(
                m.exit(id),
                "waiter {id} owned the monitor when its wait returned"
            );
        }
        assert_eq!(wait_set_sizes(&m), (0, 0));
    }

    #[test]
    fn an_interrupted_waiter_leaves_the_wait_set() {
        let m = Arc::new(Monitor::default());
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (m2, flag2) = (m.clone(), flag.clone());
        let waiter = std::thread::spawn(move || {
            assert!(m2.try_enter(1));
            let outcome = m2.wait(1, None, &|| flag2.load(Ordering::Acquire));
            assert!(m2.exit(1));
            outcome
        });
        while wait_set_sizes(&m).0 == 0 {
            std::thread::yield_now();
        }
        flag.store(true, Ordering::Release);
        m.wake_waiters_for_interrupt();
        assert_eq!(waiter.join().unwrap(), WaitOutcome::Woken);
        assert_eq!(wait_set_sizes(&m), (0, 0));
    }

    #[test]
    fn a_timed_wait_returns_without_a_notify() {
        let m = Monitor::default();
        assert!(m.try_enter(7));
        assert_eq!(
            m.wait(7, Some(Duration::from_millis(5)), &|| false),
            WaitOutcome::Woken
        );
        assert!(m.is_owned_by(7));
    }
}
