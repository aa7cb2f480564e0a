//! The side mark bitmap: one bit per 8-byte heap word, set at an object's first word.
//!
//! Marking collectors (mark-compact today; the region collector's concurrent marking and
//! concurrent mark-sweep next) keep mark bits beside the heap rather than in object headers:
//! clearing them is one pass over a dense array, a marked object's header stays free for a
//! forwarding address, and iterating the live objects of a range in address order is a scan
//! for set bits (`marked`). Bits are set with `fetch_or`, so parallel markers race safely and
//! exactly one of them claims each object.

use std::sync::atomic::{AtomicU64, Ordering};

use super::workers::WorkerPool;

/// Heap bytes whose mark bits one worker of `clear_in_parallel` clears at a time (64 KB of
/// bitmap).
const CLEAR_PIECE: usize = 4 << 20;

/// Mark bits: one per 8-byte word of the space, set at an object's first word.
pub struct MarkBitmap {
    base: usize,
    words: Vec<AtomicU64>,
}

impl MarkBitmap {
    pub fn new(base: usize) -> MarkBitmap {
        MarkBitmap {
            base,
            words: Vec::new(),
        }
    }

    /// A bitmap covering `[base, end)` from the start, in zeroed memory the OS backs only
    /// when it is first written (calloc): a collector whose heap may grow reserves it once,
    /// and no pause grows it.
    pub fn reserved(base: usize, end: usize) -> MarkBitmap {
        let words = super::zeroed::zeroed_u64((end - base).div_ceil(8 * 64));
        MarkBitmap {
            base,
            words: words.into_vec(),
        }
    }

    /// The address of the first word the bitmap covers.
    pub fn base(&self) -> usize {
        self.base
    }

    /// The end of the addresses the bitmap covers now.
    pub fn end(&self) -> usize {
        self.base + self.words.len() * 8 * 64
    }

    /// Makes the bitmap cover `[base, end)`.
    pub fn cover(&mut self, end: usize) {
        let need = (end - self.base).div_ceil(8 * 64);
        if self.words.len() < need {
            self.words.resize_with(need, || AtomicU64::new(0));
        }
    }

    #[inline(always)]
    fn bit(&self, addr: usize) -> usize {
        debug_assert!(addr >= self.base && addr.is_multiple_of(8));
        (addr - self.base) >> 3
    }

    /// Sets the bit of the object at `addr`; true if this call set it (the caller owns the scan).
    #[inline(always)]
    pub fn mark(&self, addr: usize) -> bool {
        let bit = self.bit(addr);
        let mask = 1u64 << (bit & 63);
        let word = &self.words[bit >> 6];
        if word.load(Ordering::Relaxed) & mask != 0 {
            return false;
        }
        word.fetch_or(mask, Ordering::Relaxed) & mask == 0
    }

    #[inline(always)]
    pub fn is_marked(&self, addr: usize) -> bool {
        let bit = self.bit(addr);
        self.words[bit >> 6].load(Ordering::Relaxed) & (1u64 << (bit & 63)) != 0
    }

    /// How many addresses of `[from, to)` are marked: while marks are only ever added, a
    /// range whose count has not changed has the same marks.
    pub fn marked_count(&self, from: usize, to: usize) -> u64 {
        let (first, end) = (self.bit(from), self.bit(to));
        let mut count = 0u64;
        let mut bit = first;
        while bit < end {
            let w = bit >> 6;
            let Some(word) = self.words.get(w) else { break };
            let lo = bit & 63;
            let hi = (end - (w << 6)).min(64);
            let mut v = word.load(Ordering::Relaxed) >> lo;
            if hi - lo < 64 {
                v &= (1u64 << (hi - lo)) - 1;
            }
            count += v.count_ones() as u64;
            bit = (w + 1) << 6;
        }
        count
    }

    /// Clears the bits for `[from, to)` (both multiples of 512 bytes, one bitmap word) while
    /// others may read the bitmap: a collector's concurrent thread cleans it between uses.
    pub fn clear_range(&self, from: usize, to: usize) {
        let (first, end) = (
            self.bit(from) >> 6,
            (self.bit(to) >> 6).min(self.words.len()),
        );
        for w in &self.words[first.min(end)..end] {
            w.store(0, Ordering::Relaxed);
        }
    }

    /// `end` rounded up to a whole bitmap word (512 bytes of heap): a clear up to it covers
    /// the last word too, even when `end` is inside it.
    fn word_end(&self, end: usize) -> usize {
        self.base + (end - self.base).next_multiple_of(512)
    }

    /// Clears every bit for `[base, end)` on this thread (the labs' collectors).
    pub fn clear(&mut self, end: usize) {
        self.clear_range(self.base, self.word_end(end));
    }

    /// Clears every bit for `[base, end)` in pieces spread over `pool`'s workers (in a pause).
    /// A 64 MB heap's bitmap is a megabyte: one thread's memset of it took a good part of a
    /// mark-compact phase of a tenth of a millisecond, and of a concurrent mark-sweep pause.
    pub fn clear_in_parallel(&self, pool: &WorkerPool, end: usize) {
        let end = self.word_end(end);
        let pieces = (end - self.base).div_ceil(CLEAR_PIECE);
        pool.for_each_index(pieces, |i| {
            let from = self.base + i * CLEAR_PIECE;
            self.clear_range(from, (from + CLEAR_PIECE).min(end));
        });
    }

    /// Takes (clears and appends to `out`) the marked addresses of `[from, to)` (`from` a
    /// multiple of 512 bytes, one bitmap word), a word at a time, until `out` holds at least
    /// `max`; true when none is left in the range. Each word is swapped with zero, so bits set
    /// meanwhile by others are either taken or left for the next call, never lost. For a side
    /// bitmap used as a set of objects to revisit (concurrent mark-sweep's mark-stack overflow).
    pub fn take_marked(&self, from: usize, to: usize, max: usize, out: &mut Vec<usize>) -> bool {
        let (first, end) = (
            self.bit(from) >> 6,
            self.bit(to).div_ceil(64).min(self.words.len()),
        );
        for w in first..end {
            if self.words[w].load(Ordering::Relaxed) == 0 {
                continue;
            }
            if out.len() >= max {
                return false;
            }
            let mut v = self.words[w].swap(0, Ordering::Relaxed);
            while v != 0 {
                out.push(self.base + (((w << 6) + v.trailing_zeros() as usize) << 3));
                v &= v - 1;
            }
        }
        true
    }

    /// The addresses of marked objects in `[from, to)`, ascending.
    pub fn marked(&self, from: usize, to: usize) -> Marked<'_> {
        let (first, end_bit) = (self.bit(from), self.bit(to));
        let word = first >> 6;
        let current = if first < end_bit {
            self.words[word].load(Ordering::Relaxed) & (!0u64 << (first & 63))
        } else {
            0
        };
        Marked {
            bitmap: self,
            word,
            current,
            end_bit,
        }
    }
}

pub struct Marked<'a> {
    bitmap: &'a MarkBitmap,
    word: usize,
    current: u64,
    end_bit: usize,
}

impl Iterator for Marked<'_> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.current != 0 {
                let bit = (self.word << 6) + self.current.trailing_zeros() as usize;
                if bit >= self.end_bit {
                    self.current = 0;
                    return None;
                }
                self.current &= self.current - 1;
                return Some(self.bitmap.base + (bit << 3));
            }
            self.word += 1;
            if self.word << 6 >= self.end_bit {
                return None;
            }
            self.current = self.bitmap.words[self.word].load(Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_count_counts_the_marks_of_a_range_and_only_those() {
        let base = 4096;
        let bm = MarkBitmap::reserved(base, base + (1 << 20));
        let marks = [0, 8, 504, 512, 520, 4096, 8192 + 8, 40000];
        for m in marks {
            bm.mark(base + m);
        }
        let count =
            |from: usize, to: usize| marks.iter().filter(|&&m| m >= from && m < to).count() as u64;
        for (from, to) in [
            (0, 1 << 20),
            (8, 512),
            (0, 8),
            (504, 4096),
            (520, 40000),
            (16, 24),
        ] {
            assert_eq!(
                bm.marked_count(base + from, base + to),
                count(from, to),
                "{from}..{to}"
            );
        }
    }

    #[test]
    fn a_reserved_bitmap_starts_clear_and_a_range_clears_while_shared() {
        let bm = MarkBitmap::reserved(4096, 4096 + (1 << 20));
        assert!(!bm.is_marked(4096 + 8 * 1000));
        for addr in [4096, 4096 + 512, 4096 + 1024 + 8, 4096 + (1 << 20) - 8] {
            assert!(bm.mark(addr));
        }
        bm.clear_range(4096 + 512, 4096 + 2048);
        assert!(bm.is_marked(4096), "below the range");
        assert!(!bm.is_marked(4096 + 512) && !bm.is_marked(4096 + 1024 + 8));
        assert!(bm.is_marked(4096 + (1 << 20) - 8), "above the range");
    }

    #[test]
    fn take_marked_clears_what_it_takes_in_bounded_batches() {
        let base = 4096;
        let bm = MarkBitmap::reserved(base, base + (1 << 18));
        let marks: Vec<usize> = (0..300).map(|i| base + i * 8 * 70).collect();
        for &m in &marks {
            bm.mark(m);
        }
        let mut taken = Vec::new();
        let mut calls = 0;
        while !bm.take_marked(base, base + (1 << 18), taken.len() + 100, &mut taken) {
            calls += 1;
        }
        assert!(calls >= 2, "batches of about 100: {calls} calls");
        assert_eq!(taken, marks);
        assert_eq!(bm.marked(base, base + (1 << 18)).count(), 0);
    }

    #[test]
    fn marked_iterates_set_bits_in_range_in_order() {
        let mut bm = MarkBitmap::new(4096);
        bm.cover(4096 + 8 * 64 * 4);
        let addrs = [
            4096,
            4096 + 8,
            4096 + 8 * 63,
            4096 + 8 * 64,
            4096 + 8 * 200,
            4096 + 8 * 255,
        ];
        for a in addrs {
            assert!(bm.mark(a));
            assert!(!bm.mark(a), "a second mark is not a claim");
        }
        assert_eq!(bm.marked(4096, 4096 + 8 * 256).collect::<Vec<_>>(), addrs);
        assert_eq!(
            bm.marked(4096 + 8, 4096 + 8 * 200).collect::<Vec<_>>(),
            &addrs[1..4]
        );
        assert_eq!(bm.marked(4096 + 8 * 64, 4096 + 8 * 64).count(), 0);
        assert!(bm.is_marked(4096 + 8 * 63) && !bm.is_marked(4096 + 8 * 62));
        bm.clear(4096 + 8 * 256);
        assert_eq!(bm.marked(4096, 4096 + 8 * 256).count(), 0);
    }

    #[test]
    fn marks_cleared_in_pieces_by_two_workers_leave_no_bit_up_to_the_given_end() {
        let base = 8192;
        let end = base + 3 * CLEAR_PIECE + 520; // the last word only partly below the end
        let mut bitmap = MarkBitmap::new(base);
        bitmap.cover(end + 4096);
        let marked: Vec<usize> = (base..end).step_by(4096 + 8).chain([end - 8]).collect();
        for &addr in &marked {
            bitmap.mark(addr);
        }
        let beyond = base + 3 * CLEAR_PIECE + 1024; // the first word wholly past the end
        bitmap.mark(beyond);
        assert_eq!(bitmap.marked_count(base, end), marked.len() as u64);
        bitmap.clear_in_parallel(&WorkerPool::new(2), end);
        assert_eq!(bitmap.marked_count(base, beyond), 0);
        assert!(
            bitmap.is_marked(beyond),
            "a word past the end keeps its marks"
        );
    }
}
