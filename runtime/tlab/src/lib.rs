//! Thread-local allocation buffers (TLABs).
//!
//! Each mutator thread owns one TLAB: a chunk `[start, hard_end)` of the collector's allocation
//! space that only it allocates into, so the allocation fast path is a bounds check and a pointer
//! bump with no synchronisation:
//!
//! ```text
//!   [ objects ...        | free ...              |reserve]
//!   ^start               ^top                    ^end    ^hard_end
//! ```
//!
//! `end` stops `FILLER_RESERVE` bytes short of `hard_end` so that, when the TLAB is retired, the
//! unused tail `[top, hard_end)` is always big enough to hold a filler object and the space stays
//! parseable.
//!
//! Sizing and waste follow HotSpot (threadLocalAllocBuffer.cpp):
//! - The desired size is the thread's share of the allocation space divided by the number of
//!   refills per collection the waste target allows: with `TLABWasteTargetPercent = 1`, a thread
//!   should refill about 50 times between collections (`target_refills = 100 / (2 * 1)`). The share
//!   is an exponentially weighted average of the fraction of all allocation this thread did
//!   (weight 35%, `TLABAllocationWeight`).
//! - When an allocation does not fit, the TLAB is retired and refilled only if its free tail is
//!   small: at most `refill_waste_limit = desired_size / 64` (`TLABRefillWasteFraction`). Otherwise
//!   the object is allocated outside the TLAB (shared space, slow) and the limit is raised by
//!   `WASTE_INCREMENT` so a thread that keeps allocating big objects eventually refills.
//! - Objects larger than the desired size are always allocated outside TLABs.

/// Bytes kept free at the end of every TLAB for a filler header.
pub const FILLER_RESERVE: usize = 16;
/// HotSpot's TLABWasteTargetPercent.
pub const WASTE_TARGET_PERCENT: usize = 1;
/// HotSpot's TLABRefillWasteFraction.
pub const REFILL_WASTE_FRACTION: usize = 64;
/// HotSpot's TLABWasteIncrement (4 words).
pub const WASTE_INCREMENT: usize = 4 * 8;
/// HotSpot's TLABAllocationWeight, in percent.
pub const ALLOCATION_WEIGHT: f64 = 0.35;
/// Smallest TLAB handed out (HotSpot's MinTLABSize is 2 KB).
pub const MIN_SIZE: usize = 2 * 1024;
/// Largest TLAB handed out.
pub const MAX_SIZE: usize = 4 * 1024 * 1024;

/// Counters for the GC log and statistics, cumulative over the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TlabStats {
    pub refills: u64,
    /// Allocations that took the slow path outside the TLAB.
    pub slow_allocations: u64,
    /// Bytes left unused in TLABs retired to refill.
    pub refill_waste: u64,
    /// Bytes left unused in TLABs retired for a collection.
    pub gc_waste: u64,
    /// Bytes of TLAB handed to this thread.
    pub tlab_bytes: u64,
}

impl TlabStats {
    pub fn add(&mut self, other: &TlabStats) {
        self.refills += other.refills;
        self.slow_allocations += other.slow_allocations;
        self.refill_waste += other.refill_waste;
        self.gc_waste += other.gc_waste;
        self.tlab_bytes += other.tlab_bytes;
    }
}

/// What the slow path should do with an allocation that did not fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlowPath {
    /// Retire this TLAB and take a new one of `size` bytes.
    Refill { size: usize },
    /// Keep the TLAB; allocate this object in the shared space.
    AllocateOutside,
}

#[derive(Debug)]
pub struct Tlab {
    /// Next free byte (offset from the heap base).
    pub top: usize,
    /// Allocation limit.
    pub end: usize,
    start: usize,
    hard_end: usize,
    desired_size: usize,
    refill_waste_limit: usize,
    allocation_fraction: f64,
    /// Bytes this thread allocated in TLABs since the last collection.
    allocated_since_gc: usize,
    pub stats: TlabStats,
}

impl Tlab {
    /// An empty TLAB for a new thread: the first allocation refills it.
    pub fn new(space_capacity: usize, threads: usize) -> Tlab {
        let fraction = 1.0 / threads.max(1) as f64;
        let mut tlab = Tlab {
            top: 0,
            end: 0,
            start: 0,
            hard_end: 0,
            desired_size: 0,
            refill_waste_limit: 0,
            allocation_fraction: fraction,
            allocated_since_gc: 0,
            stats: TlabStats::default(),
        };
        tlab.set_desired_size(space_capacity);
        tlab
    }

    /// The fast path: bump-allocates `size` bytes (a multiple of 8), or None if they do not fit.
    #[inline(always)]
    pub fn alloc(&mut self, size: usize) -> Option<usize> {
        let top = self.top;
        let new_top = top + size;
        if new_top <= self.end {
            self.top = new_top;
            Some(top)
        } else {
            None
        }
    }

    pub fn desired_size(&self) -> usize {
        self.desired_size
    }

    pub fn is_empty(&self) -> bool {
        self.hard_end == 0
    }

    /// Free bytes left before the allocation limit.
    pub fn free(&self) -> usize {
        self.end - self.top
    }

    /// Decides how to allocate `size` bytes that did not fit.
    pub fn slow_path(&mut self, size: usize) -> SlowPath {
        let too_big = size + FILLER_RESERVE > self.desired_size;
        if too_big || (!self.is_empty() && self.free() > self.refill_waste_limit) {
            self.refill_waste_limit += WASTE_INCREMENT;
            self.stats.slow_allocations += 1;
            return SlowPath::AllocateOutside;
        }
        SlowPath::Refill {
            size: self.desired_size,
        }
    }

    /// Gives back the unused tail: returns `[top, hard_end)` for the caller to fill with a filler
    /// object, and leaves the TLAB empty.
    pub fn retire(&mut self, for_gc: bool) -> Option<(usize, usize)> {
        if self.is_empty() {
            return None;
        }
        let gap = (self.top, self.hard_end);
        let waste = (self.hard_end - self.top) as u64;
        if for_gc {
            self.stats.gc_waste += waste;
        } else {
            self.stats.refill_waste += waste;
        }
        self.allocated_since_gc += self.top - self.start;
        self.top = 0;
        self.end = 0;
        self.start = 0;
        self.hard_end = 0;
        Some(gap)
    }

    /// Installs a fresh (zeroed) chunk `[start, hard_end)`.
    pub fn install(&mut self, start: usize, hard_end: usize) {
        debug_assert!(hard_end - start >= FILLER_RESERVE);
        self.start = start;
        self.top = start;
        self.hard_end = hard_end;
        self.end = hard_end - FILLER_RESERVE;
        self.refill_waste_limit = self.desired_size / REFILL_WASTE_FRACTION;
        self.stats.refills += 1;
        self.stats.tlab_bytes += (hard_end - start) as u64;
    }

    /// After a collection: updates this thread's share of allocation from what it allocated
    /// (`total_allocated` = bytes all threads allocated since the previous collection) and
    /// recomputes the desired size for the new capacity.
    pub fn resize_after_gc(&mut self, total_allocated: usize, space_capacity: usize) {
        if total_allocated > 0 {
            let fraction = self.allocated_since_gc as f64 / total_allocated as f64;
            self.allocation_fraction =
                ALLOCATION_WEIGHT * fraction + (1.0 - ALLOCATION_WEIGHT) * self.allocation_fraction;
        }
        self.allocated_since_gc = 0;
        self.set_desired_size(space_capacity);
    }

    /// Bytes this thread allocated in TLABs since the last collection, including the current one.
    pub fn allocated_since_gc(&self) -> usize {
        self.allocated_since_gc
            + if self.is_empty() {
                0
            } else {
                self.top - self.start
            }
    }

    fn set_desired_size(&mut self, space_capacity: usize) {
        let target_refills = 100 / (2 * WASTE_TARGET_PERCENT);
        let share = (space_capacity as f64 * self.allocation_fraction) as usize / target_refills;
        self.desired_size = (share & !7).clamp(MIN_SIZE, MAX_SIZE);
        self.refill_waste_limit = self.desired_size / REFILL_WASTE_FRACTION;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn installed(size: usize) -> Tlab {
        let mut t = Tlab::new(50 * size, 1);
        t.install(4096, 4096 + size);
        t
    }

    #[test]
    fn fast_path_bumps_the_top() {
        let mut t = installed(4096);
        assert_eq!(t.alloc(24), Some(4096));
        assert_eq!(t.alloc(16), Some(4096 + 24));
        assert_eq!(t.top, 4096 + 40);
    }

    #[test]
    fn fast_path_keeps_room_for_a_filler() {
        let mut t = installed(4096);
        assert_eq!(t.alloc(4096), None);
        assert!(t.alloc(4096 - FILLER_RESERVE).is_some());
        assert_eq!(t.alloc(8), None);
    }

    #[test]
    fn desired_size_is_a_fiftieth_of_the_space_for_one_thread() {
        let t = Tlab::new(50 * 64 * 1024, 1);
        assert_eq!(t.desired_size(), 64 * 1024);
    }

    #[test]
    fn desired_size_is_shared_among_threads() {
        let t = Tlab::new(50 * 64 * 1024, 4);
        assert_eq!(t.desired_size(), 16 * 1024);
    }

    #[test]
    fn nearly_full_tlab_is_refilled() {
        let mut t = installed(64 * 1024);
        t.alloc(64 * 1024 - FILLER_RESERVE - 64).unwrap();
        assert!(matches!(t.slow_path(128), SlowPath::Refill { .. }));
    }

    #[test]
    fn roomy_tlab_sends_a_big_object_outside_and_raises_the_waste_limit() {
        let mut t = installed(64 * 1024);
        let before = t.refill_waste_limit;
        assert_eq!(t.slow_path(60 * 1024), SlowPath::AllocateOutside);
        assert_eq!(t.refill_waste_limit, before + WASTE_INCREMENT);
        assert_eq!(t.stats.slow_allocations, 1);
    }

    #[test]
    fn retire_returns_the_unused_tail_and_counts_it_as_waste() {
        let mut t = installed(4096);
        t.alloc(1024).unwrap();
        assert_eq!(t.retire(false), Some((4096 + 1024, 4096 + 4096)));
        assert_eq!(t.stats.refill_waste, 3072);
        assert!(t.is_empty());
        assert_eq!(t.alloc(8), None);
    }

    #[test]
    fn allocation_fraction_follows_what_the_thread_allocated() {
        let mut t = Tlab::new(50 * 64 * 1024, 2);
        let before = t.desired_size();
        t.install(4096, 4096 + 32 * 1024);
        t.alloc(32 * 1024 - FILLER_RESERVE).unwrap();
        t.retire(true);
        t.resize_after_gc(32 * 1024, 50 * 64 * 1024);
        assert!(
            t.desired_size() > before,
            "a thread doing all the allocating gets bigger TLABs"
        );
    }
}
