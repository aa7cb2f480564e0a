//! Per-thread barrier buffers and the collector-owned sets they drain into (HotSpot's
//! `PtrQueue`/`PtrQueueSet`, G1's SATB and dirty-card queues).
//!
//! A write barrier must be cheap, so it never takes a lock: it appends one 32-bit entry (an old
//! reference for a snapshot-at-the-beginning barrier, a card index for a card-marking barrier)
//! to its thread's `LocalQueue`. When the local buffer is full — or at a safepoint, or when the
//! thread exits — the whole buffer is handed to the collector's `QueueSet` in one locked
//! operation, and the thread starts a fresh buffer. The collector drains the set when it likes:
//! a background refinement thread while mutators run, or the pause that needs every entry (the
//! VM flushes every stopped thread's buffers first, so at a pause nothing is left behind).

use parking_lot::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Default entries per thread buffer (G1 uses 256 for dirty cards and 1 K for SATB).
pub const DEFAULT_BUFFER_ENTRIES: usize = 256;

/// The collector-owned set of completed buffers.
#[derive(Default)]
pub struct QueueSet {
    completed: Mutex<Vec<Vec<u32>>>,
    /// Entries in `completed`, readable without the lock (for "is it time to refine?").
    entries: AtomicUsize,
    /// Buffers ever handed over (statistics).
    buffers_handed: AtomicUsize,
}

impl QueueSet {
    pub fn new() -> Arc<QueueSet> {
        Arc::new(QueueSet::default())
    }

    /// Accepts one thread's buffer.
    pub fn enqueue(&self, buffer: Vec<u32>) {
        if buffer.is_empty() {
            return;
        }
        self.entries.fetch_add(buffer.len(), Ordering::Relaxed);
        self.buffers_handed.fetch_add(1, Ordering::Relaxed);
        self.completed.lock().push(buffer);
    }

    /// Takes every completed buffer (oldest first).
    pub fn take_all(&self) -> Vec<Vec<u32>> {
        let taken = std::mem::take(&mut *self.completed.lock());
        let n: usize = taken.iter().map(Vec::len).sum();
        self.entries.fetch_sub(n, Ordering::Relaxed);
        taken
    }

    /// Takes one completed buffer (the newest), if any: concurrent refinement works a buffer
    /// at a time so a pause waits for at most one.
    pub fn take_one(&self) -> Option<Vec<u32>> {
        let taken = self.completed.lock().pop()?;
        self.entries.fetch_sub(taken.len(), Ordering::Relaxed);
        Some(taken)
    }

    /// Entries waiting in completed buffers.
    pub fn pending_entries(&self) -> usize {
        self.entries.load(Ordering::Relaxed)
    }

    /// Buffers handed over since the set was made.
    pub fn buffers_handed(&self) -> usize {
        self.buffers_handed.load(Ordering::Relaxed)
    }
}

/// One thread's buffer in front of a `QueueSet`.
pub struct LocalQueue {
    buffer: Vec<u32>,
    capacity: usize,
    set: Arc<QueueSet>,
}

impl LocalQueue {
    pub fn new(set: Arc<QueueSet>, capacity: usize) -> LocalQueue {
        let capacity = capacity.max(1);
        LocalQueue {
            buffer: Vec::with_capacity(capacity),
            capacity,
            set,
        }
    }

    /// Appends an entry; a full buffer goes to the set.
    #[inline]
    pub fn push(&mut self, entry: u32) {
        self.buffer.push(entry);
        if self.buffer.len() >= self.capacity {
            self.flush();
        }
    }

    /// Hands the buffer (even a partly filled one) to the set.
    pub fn flush(&mut self) {
        if !self.buffer.is_empty() {
            let full = std::mem::replace(&mut self.buffer, Vec::with_capacity(self.capacity));
            self.set.enqueue(full);
        }
    }

    /// Entries not yet handed over.
    pub fn len(&self) -> usize {
        self.buffer.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buffer.is_empty()
    }
}

impl Drop for LocalQueue {
    /// A thread's last entries are not lost when its queue goes away.
    fn drop(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_stay_local_until_the_buffer_is_full() {
        let set = QueueSet::new();
        let mut q = LocalQueue::new(set.clone(), 4);
        for e in 0..3 {
            q.push(e);
        }
        assert_eq!(set.pending_entries(), 0);
        assert_eq!(q.len(), 3);
    }

    #[test]
    fn take_one_takes_a_single_buffer_and_counts_its_entries_out() {
        let set = QueueSet::new();
        set.enqueue(vec![1, 2, 3]);
        set.enqueue(vec![4, 5]);
        let one = set.take_one().expect("a buffer is queued");
        assert!(one == vec![4, 5] || one == vec![1, 2, 3]);
        assert_eq!(set.pending_entries(), 5 - one.len());
        assert!(set.take_one().is_some());
        assert_eq!(set.take_one(), None);
        assert_eq!(set.pending_entries(), 0);
    }

    #[test]
    fn a_full_buffer_is_handed_to_the_set_whole() {
        let set = QueueSet::new();
        let mut q = LocalQueue::new(set.clone(), 4);
        for e in 0..5 {
            q.push(e);
        }
        assert_eq!(set.take_all(), vec![vec![0, 1, 2, 3]]);
        assert_eq!(q.len(), 1);
    }

    #[test]
    fn a_flush_hands_over_a_partial_buffer_and_an_empty_one_not_at_all() {
        let set = QueueSet::new();
        let mut q = LocalQueue::new(set.clone(), 8);
        q.flush();
        assert_eq!(set.buffers_handed(), 0);
        q.push(7);
        q.flush();
        assert_eq!(set.pending_entries(), 1);
        assert_eq!(set.take_all(), vec![vec![7]]);
        assert_eq!(set.pending_entries(), 0);
    }

    #[test]
    fn dropping_a_queue_flushes_it() {
        let set = QueueSet::new();
        {
            let mut q = LocalQueue::new(set.clone(), 8);
            q.push(42);
        }
        assert_eq!(set.take_all(), vec![vec![42]]);
    }

    #[test]
    fn every_entry_of_every_thread_arrives_exactly_once() {
        let set = QueueSet::new();
        let threads: Vec<_> = (0..4u32)
            .map(|t| {
                let set = set.clone();
                std::thread::spawn(move || {
                    let mut q = LocalQueue::new(set, 16);
                    for i in 0..1000 {
                        q.push(t * 1000 + i);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let mut all: Vec<u32> = set.take_all().into_iter().flatten().collect();
        all.sort_unstable();
        assert_eq!(all, (0..4000).collect::<Vec<_>>());
    }
}
