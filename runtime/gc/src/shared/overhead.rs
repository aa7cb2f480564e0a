//! The GC overhead limit (HotSpot's UseGCOverheadLimit): a program whose heap is nearly full of
//! live data can keep running a long time doing almost nothing but collect — each collection
//! frees just enough for a few allocations. HotSpot gives up with
//! `OutOfMemoryError: GC overhead limit exceeded` when, over several consecutive collections,
//! more than 98% of the time went to collecting and each recovered less than 2% of the heap.
//! gcvm applies the same rule to collections caused by allocation failure (stress and
//! System.gc() collections are the user's choice, not a sign of a full heap). A collection a
//! collector runs right after another in the same safepoint (the region collector's full
//! collection after an evacuation pause that freed too little) is part of it: its time adds to
//! the pause, and what it left free is what counts.

use std::time::Duration;

/// Share of time in collections above which a collection counts as wasteful (GCTimeLimit).
pub const TIME_LIMIT: f64 = 0.98;
/// Share of the maximum heap a wasteful collection recovers at most (GCHeapFreeLimit).
pub const FREE_LIMIT: f64 = 0.02;
/// Consecutive wasteful collections that exceed the limit (HotSpot's GCOverheadLimitThreshold).
pub const CONSECUTIVE: u32 = 5;

#[derive(Debug, Default)]
pub struct OverheadLimit {
    consecutive: u32,
    /// The last collection recorded, while a follow-up in the same safepoint may extend it.
    last: Option<Recorded>,
}

/// A recorded collection: its pause, the mutator time before it, and the count before it.
#[derive(Debug, Clone, Copy)]
struct Recorded {
    pause: Duration,
    mutator: Duration,
    consecutive_before: u32,
}

impl OverheadLimit {
    /// Records an allocation-failure collection that took `pause` after `mutator` time of the
    /// program running since the previous one, and left `free` of `max` bytes free. Returns
    /// true when the limit is exceeded.
    pub fn record(&mut self, pause: Duration, mutator: Duration, free: usize, max: usize) -> bool {
        self.last = Some(Recorded {
            pause,
            mutator,
            consecutive_before: self.consecutive,
        });
        self.judge(pause, mutator, free, max)
    }

    /// A follow-up collection in the same safepoint as the last one recorded took `pause` more
    /// and left `free` bytes: the last collection is judged again as one with both pauses.
    /// Nothing happens if no collection was recorded since the last `forget_last`.
    pub fn extend_last(&mut self, pause: Duration, free: usize, max: usize) -> bool {
        let Some(last) = self.last.as_mut() else {
            return self.exceeded();
        };
        last.pause += pause;
        let (pause, mutator) = (last.pause, last.mutator);
        self.consecutive = last.consecutive_before;
        self.judge(pause, mutator, free, max)
    }

    /// A collection the limit does not count ran: a follow-up after it does not extend the one
    /// recorded before.
    pub fn forget_last(&mut self) {
        self.last = None;
    }

    fn judge(&mut self, pause: Duration, mutator: Duration, free: usize, max: usize) -> bool {
        let total = (pause + mutator).as_secs_f64();
        let in_gc = if total > 0.0 {
            pause.as_secs_f64() / total
        } else {
            1.0
        };
        let wasteful = in_gc > TIME_LIMIT && (free as f64) < FREE_LIMIT * max as f64;
        self.consecutive = if wasteful { self.consecutive + 1 } else { 0 };
        self.exceeded()
    }

    pub fn exceeded(&self) -> bool {
        self.consecutive >= CONSECUTIVE
    }

    /// After the program was told (an OutOfMemoryError was thrown): start counting again.
    pub fn reset(&mut self) {
        self.consecutive = 0;
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);
    const MAX: usize = 100 << 20;

    #[test]
    fn five_collections_that_take_all_the_time_and_free_nothing_exceed_the_limit() {
        let mut l = OverheadLimit::default();
        for _ in 0..4 {
            assert!(!l.record(10 * MS, Duration::from_micros(10), 1 << 10, MAX));
        }
        assert!(l.record(10 * MS, Duration::from_micros(10), 1 << 10, MAX));
    }

    #[test]
    fn a_collection_that_frees_enough_starts_the_count_again() {
        let mut l = OverheadLimit::default();
        for _ in 0..4 {
            l.record(10 * MS, Duration::ZERO, 0, MAX);
        }
        assert!(!l.record(10 * MS, Duration::ZERO, 10 << 20, MAX));
        assert!(!l.record(10 * MS, Duration::ZERO, 0, MAX));
    }

    #[test]
    fn a_long_follow_up_makes_a_short_collection_before_it_wasteful() {
        // Young pauses of 0.2 ms after 1 ms of mutator time each look cheap, but each is followed
        // in the same safepoint by a 75 ms full collection that frees nothing.
        let mut l = OverheadLimit::default();
        for i in 0..5 {
            assert!(!l.record(MS / 5, MS, 1 << 10, MAX));
            assert_eq!(
                l.extend_last(75 * MS, 1 << 10, MAX),
                i == 4,
                "collection {i}"
            );
        }
    }

    #[test]
    fn a_follow_up_that_frees_enough_makes_the_collection_before_it_not_wasteful() {
        let mut l = OverheadLimit::default();
        for _ in 0..4 {
            l.record(10 * MS, Duration::ZERO, 0, MAX);
        }
        assert!(
            l.record(10 * MS, Duration::ZERO, 0, MAX),
            "the fifth exceeds"
        );
        assert!(
            !l.extend_last(10 * MS, 50 << 20, MAX),
            "until its follow-up frees half"
        );
    }

    #[test]
    fn a_follow_up_after_an_uncounted_collection_extends_nothing() {
        let mut l = OverheadLimit::default();
        for _ in 0..4 {
            l.record(10 * MS, Duration::ZERO, 0, MAX);
        }
        l.forget_last();
        assert!(!l.extend_last(10 * MS, 0, MAX));
    }

    #[test]
    fn a_program_that_runs_between_collections_is_not_stopped() {
        let mut l = OverheadLimit::default();
        for _ in 0..20 {
            assert!(!l.record(10 * MS, 5 * MS, 0, MAX));
        }
    }
}
