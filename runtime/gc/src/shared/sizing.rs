//! Sizing rules every collector shares: how many GC workers a pause uses, page alignment.

/// Used heap per GC worker: a pause uses `min(gc_threads, 1 + used / BYTES_PER_WORKER)` workers,
/// so small heaps (and `--gc-stress` runs) are collected on the calling thread and never pay for
/// starting threads that would find no work.
pub const BYTES_PER_WORKER: usize = 1 << 20;

/// The workers a pause over `used` bytes of live-or-dead objects gets, at most `gc_threads`.
pub fn workers_for(gc_threads: usize, used: usize) -> usize {
    gc_threads.max(1).min(1 + used / BYTES_PER_WORKER)
}

/// `n` rounded down to a 4 KB page.
pub fn align_down_page(n: usize) -> usize {
    n & !4095
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_heaps_get_one_worker() {
        assert_eq!(workers_for(8, 0), 1);
        assert_eq!(workers_for(8, BYTES_PER_WORKER - 1), 1);
    }

    #[test]
    fn workers_grow_with_the_heap_up_to_gc_threads() {
        assert_eq!(workers_for(8, 3 * BYTES_PER_WORKER), 4);
        assert_eq!(workers_for(2, 100 * BYTES_PER_WORKER), 2);
        assert_eq!(workers_for(0, 100 * BYTES_PER_WORKER), 1);
    }
}
