//! The non-moving heap of the concurrent mark-sweep collector: spans of equal-size slots, one
//! size class per span, and a large-object space of whole spans.
//!
//! ```text
//!  heap:  | span 0: class 32 B        | span 1: free | span 2..4: one 80 KB array | span 5: class 24 B | ...
//!  span:  [obj][filler][obj][obj ]...[tail]        every slot holds an object or a filler
//! ```
//!
//! - A **span** is `SPAN_SIZE` (32 KB) of the heap. A small span is cut into `slots` of its size
//!   class; a slot holds an object (plus, when the object is smaller than the slot, a filler for
//!   the rest) or one filler covering the whole slot — a *free* slot. So every span is
//!   parseable object by object, like any other space, and finding a free slot is reading slot
//!   headers.
//! - **Size classes** are every multiple of 8 from 16 to 512 bytes, then steps of about 1/8 up
//!   to `MAX_SMALL` (8 KB). An object goes to the smallest class whose slot it fills exactly or
//!   leaves at least 16 bytes of (a filler needs 16), so internal fragmentation stays below
//!   ~1/8 of a slot.
//! - **Large objects** (over 8 KB) take a run of whole spans; the object starts the first span.
//! - Spans move between a free list, per-class lists of *partial* spans (some free slots, not
//!   owned by any thread), spans owned by one mutator's allocation cursor, and per-class lists of
//!   *unswept* spans after a mark (see the sweeper in mod.rs). All of that lives in `Pool`,
//!   behind one lock taken per span, never per object.

use crate::memory::HeapMemory;

/// Bytes per span.
pub const SPAN_SIZE: usize = 32 * 1024;
/// The largest object allocated in a size-class span; larger ones take whole spans.
pub const MAX_SMALL: usize = 8 * 1024;

/// Slot sizes of the size classes, ascending.
pub const CLASS_SIZES: &[u32] = &[
    16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176,
    184, 192, 200, 208, 216, 224, 232, 240, 248, 256, 264, 272, 280, 288, 296, 304, 312, 320, 328,
    336, 344, 352, 360, 368, 376, 384, 392, 400, 408, 416, 424, 432, 440, 448, 456, 464, 472, 480,
    488, 496, 504, 512, 576, 640, 720, 816, 912, 1024, 1152, 1296, 1456, 1632, 1832, 2048, 2304,
    2592, 2912, 3280, 3680, 4096, 4608, 5184, 5824, 6552, 7368, 8192,
];

/// The size class of an object of `size` bytes (a multiple of 8): the smallest slot it fills
/// exactly or leaves room for a filler in. None: a large object.
pub fn class_for(size: usize) -> Option<usize> {
    if size > MAX_SMALL {
        return None;
    }
    let size = size as u32;
    CLASS_SIZES
        .iter()
        .position(|&s| s == size || s >= size + 16)
}

/// Slots of class `class` in one span.
pub fn slots_in_span(class: usize) -> usize {
    SPAN_SIZE / CLASS_SIZES[class] as usize
}

/// What a span holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpanKind {
    Free,
    Small {
        class: u8,
    },
    /// The first span of a large object of `size` bytes covering `spans` spans.
    LargeHead {
        spans: u32,
        size: u32,
    },
    LargeTail,
}

/// One span's bookkeeping.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub kind: SpanKind,
    /// The mark-sweep cycle whose garbage was last swept out of this span. A span whose epoch is
    /// behind the collector's `sweep_epoch` still holds garbage of the last mark (unmarked
    /// objects): `is_dead` skips them until the sweeper turns them into fillers.
    pub swept_epoch: u32,
    /// Where the next cursor on this span starts looking for a free slot: the slots below it
    /// were full when the last cursor left the span (slots free up only by sweeping, which
    /// resets it to 0). So a span passed from thread to thread is scanned once, not per owner.
    pub resume_at: u32,
    /// Its objects may have changed since the viewer's tiles last binned it (`TileCache`):
    /// set when the span is made, freed, swept, handed to a mutator or left by one.
    pub touched: bool,
}

/// The span table and the lists spans move between.
pub struct Pool {
    pub base: usize,
    pub spans: Vec<Span>,
    /// Spans that may be used now (the committed heap); grows up to `spans.len()`.
    pub committed: usize,
    /// Free spans below `committed`, lowest address last (taken first).
    pub free: Vec<u32>,
    /// Per class: spans with free slots, owned by nobody.
    pub partial: Vec<Vec<u32>>,
    /// Per class: spans still holding garbage of the last mark.
    pub unswept: Vec<Vec<u32>>,
    /// Large objects still holding garbage of the last mark (their head spans).
    pub unswept_large: Vec<u32>,
}

impl Pool {
    pub fn new(base: usize, max_spans: usize, committed: usize) -> Pool {
        let mut pool = Pool {
            base,
            spans: vec![
                Span {
                    kind: SpanKind::Free,
                    swept_epoch: 0,
                    resume_at: 0,
                    touched: true,
                };
                max_spans
            ],
            committed: 0,
            free: Vec::new(),
            partial: vec![Vec::new(); CLASS_SIZES.len()],
            unswept: vec![Vec::new(); CLASS_SIZES.len()],
            unswept_large: Vec::new(),
        };
        pool.commit(committed);
        pool
    }

    /// Makes spans up to `committed` usable.
    pub fn commit(&mut self, committed: usize) {
        let committed = committed.min(self.spans.len());
        for s in (self.committed..committed).rev() {
            self.free.push(s as u32);
        }
        self.committed = self.committed.max(committed);
        // Lowest addresses are taken first: keep the free list sorted descending.
        self.free.sort_unstable_by(|a, b| b.cmp(a));
    }

    pub fn start_of(&self, span: u32) -> usize {
        self.base + span as usize * SPAN_SIZE
    }

    pub fn span_of(&self, addr: usize) -> usize {
        (addr - self.base) / SPAN_SIZE
    }

    /// A free span made into a span of class `class`, every slot a free-slot filler.
    pub fn new_small_span(&mut self, memory: &HeapMemory, class: usize, epoch: u32) -> Option<u32> {
        let span = self.free.pop()?;
        self.spans[span as usize] = Span {
            kind: SpanKind::Small { class: class as u8 },
            swept_epoch: epoch,
            resume_at: 0,
            touched: true,
        };
        let start = self.start_of(span);
        let slot = CLASS_SIZES[class] as usize;
        for k in 0..slots_in_span(class) {
            memory.fill_gap(start + k * slot, start + (k + 1) * slot);
        }
        Some(span)
    }

    /// `spans` contiguous free spans for a large object of `size` bytes (first fit), or None.
    pub fn new_large(&mut self, size: usize, epoch: u32) -> Option<u32> {
        let n = size.div_ceil(SPAN_SIZE);
        let mut run = 0;
        let mut first = 0;
        for s in 0..self.committed {
            if self.spans[s].kind == SpanKind::Free {
                if run == 0 {
                    first = s;
                }
                run += 1;
                if run == n {
                    self.free
                        .retain(|&f| (f as usize) < first || f as usize >= first + n);
                    self.spans[first] = Span {
                        kind: SpanKind::LargeHead {
                            spans: n as u32,
                            size: size as u32,
                        },
                        swept_epoch: epoch,
                        resume_at: 0,
                        touched: true,
                    };
                    for t in first + 1..first + n {
                        self.spans[t] = Span {
                            kind: SpanKind::LargeTail,
                            swept_epoch: epoch,
                            resume_at: 0,
                            touched: true,
                        };
                    }
                    return Some(first as u32);
                }
            } else {
                run = 0;
            }
        }
        None
    }

    /// Gives a span (and a large object's tail spans) back to the free list.
    pub fn release(&mut self, span: u32) {
        let n = match self.spans[span as usize].kind {
            SpanKind::LargeHead { spans, .. } => spans as usize,
            _ => 1,
        };
        for s in span as usize..span as usize + n {
            self.spans[s].kind = SpanKind::Free;
            self.spans[s].touched = true;
            self.free.push(s as u32);
        }
        self.free.sort_unstable_by(|a, b| b.cmp(a));
    }

    /// The parseable part of every span in use, in address order.
    pub fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let mut ranges = Vec::new();
        for (s, span) in self.spans[..self.committed].iter().enumerate() {
            let start = self.start_of(s as u32);
            match span.kind {
                SpanKind::Small { class } => {
                    let slot = CLASS_SIZES[class as usize] as usize;
                    ranges.push((start, start + slots_in_span(class as usize) * slot));
                }
                SpanKind::LargeHead { size, .. } => ranges.push((start, start + size as usize)),
                SpanKind::Free | SpanKind::LargeTail => {}
            }
        }
        ranges
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_leaves_no_remainder_or_room_for_a_filler() {
        for size in (16..=MAX_SMALL).step_by(8) {
            let Some(class) = class_for(size) else {
                assert!(size > MAX_SMALL - 16, "{size} has no class");
                continue;
            };
            let slot = CLASS_SIZES[class] as usize;
            assert!(
                slot == size || slot >= size + 16,
                "{size} in a {slot}-byte slot"
            );
            assert!(
                slot * 8 <= size * 9 + 16 * 8,
                "{size} wastes too much in {slot}"
            );
        }
    }

    #[test]
    fn classes_ascend_and_fit_spans() {
        assert!(CLASS_SIZES.windows(2).all(|w| w[0] < w[1]));
        assert!(CLASS_SIZES.iter().all(|&s| s % 8 == 0));
        assert_eq!(*CLASS_SIZES.last().unwrap() as usize, MAX_SMALL);
        assert!(slots_in_span(CLASS_SIZES.len() - 1) >= 4);
    }
}
