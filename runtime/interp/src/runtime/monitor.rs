//! Java monitors: `synchronized`, `Object.wait/notify/notifyAll`.
//!
//! Design: always-inflated monitors. The first time an object is locked (or waited on) it gets
//! a `Monitor` from the VM's monitor table, and the monitor's index is stored in bits 8-31 of the
//! object's GC word (see docs/object-model.md), so it follows the object when a collector moves
//! it. A monitor is a parking_lot mutex guarding (owner thread id, recursion count), with one
//! condition variable for threads waiting to enter and one for threads in `wait()`.
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
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

#[derive(Default)]
pub struct MonitorState {
    /// The owning thread's id, 0 when free.
    pub owner: u64,
    pub count: u32,
}

#[derive(Default)]
pub struct Monitor {
    pub state: Mutex<MonitorState>,
    /// Threads waiting to enter.
    pub entry: Condvar,
    /// Threads in Object.wait().
    pub waiters: Condvar,
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
            s.owner = 0;
            self.entry.notify_one();
        }
        true
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
        let mut s = self.state.lock();
        if s.owner != me {
            return WaitOutcome::NotOwner;
        }
        let saved = s.count;
        s.owner = 0;
        s.count = 0;
        self.entry.notify_one();
        if !interrupted() {
            match timeout {
                Some(t) => {
                    self.waiters.wait_for(&mut s, t);
                }
                None => self.waiters.wait(&mut s),
            }
        }
        while s.owner != 0 {
            self.entry.wait(&mut s);
        }
        s.owner = me;
        s.count = saved;
        WaitOutcome::Woken
    }

    /// Object.notify / notifyAll; false if `me` is not the owner.
    pub fn notify(&self, me: u64, all: bool) -> bool {
        let s = self.state.lock();
        if s.owner != me {
            return false;
        }
        if all {
            self.waiters.notify_all();
        } else {
            self.waiters.notify_one();
        }
        true
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
