//! The side mark bitmap: one bit per 8-byte heap word, set at an object's first word.
//!
//! Marking collectors (mark-compact today; the region collector's concurrent marking and
//! concurrent mark-sweep next) keep mark bits beside the heap rather than in object headers:
//! clearing them is one pass over a dense array, a marked object's header stays free for a
//! forwarding address, and iterating the live objects of a range in address order is a scan
//! for set bits (`marked`). Bits are set with `fetch_or`, so parallel markers race safely and
//! exactly one of them claims each object.

use std::sync::atomic::{AtomicU64, Ordering};

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

    /// Clears every bit for `[base, end)`.
    pub fn clear(&mut self, end: usize) {
        let n = self.bit(end).div_ceil(64).min(self.words.len());
        for w in &mut self.words[..n] {
            *w.get_mut() = 0;
        }
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
}
