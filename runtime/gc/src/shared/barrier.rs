//! Write barriers: the code a collector asks to run around every reference store in the heap
//! (HotSpot's BarrierSet, mmtk's `object_reference_write_pre/post`).
//!
//! Every reference store goes through the access API (access.rs), which calls the hooks of the
//! barrier kind the collector declared — fixed for the whole run:
//!
//! - **pre-write** sees the reference about to be overwritten. A snapshot-at-the-beginning
//!   (Yuasa deletion) barrier logs it while marking is on, so that an object reachable when
//!   marking started cannot be hidden by deleting the last heap reference to it.
//! - **post-write** sees the holder and the new reference. Card marking dirties the holder's
//!   card (and logs it) so a partial collection finds old-to-young pointers in the remembered
//!   sets; a Dijkstra insertion barrier greys the new target.
//!
//! A barrier is per mutator: each thread holds the `Barrier` its collector gave it (with the
//! thread's buffers, see queues.rs), so the hooks never lock. The VM calls `flush` at every
//! safepoint and when the thread exits, so a pause sees every entry.
//!
//! Roots — interpreter frames, statics, VM handles — are never barriered: every pause is given
//! the complete root set (see docs/collectors.md). A SATB collector needs nothing more (roots
//! are snapshotted in its initial pause; later root changes cannot hide a snapshot object); an
//! insertion-barrier collector rescans the roots in its final pause.

use crate::memory::HeapMemory;
use crate::object::Ref;
use std::any::Any;
use std::sync::atomic::{AtomicU8, Ordering};

/// Which hooks mutators run around reference stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierKind {
    /// No barrier: stores are plain writes (semispace and mark-compact collect the whole heap
    /// with the world stopped).
    None,
    /// Post-write only (card marking, remembered sets, insertion barriers).
    PostWrite,
    /// Pre-write only (snapshot-at-the-beginning deletion barrier).
    PreWrite,
    /// Both (e.g. SATB marking plus card marking, as G1 does).
    PreAndPostWrite,
}

impl BarrierKind {
    #[inline(always)]
    pub fn has_pre(self) -> bool {
        matches!(self, BarrierKind::PreWrite | BarrierKind::PreAndPostWrite)
    }
    #[inline(always)]
    pub fn has_post(self) -> bool {
        matches!(self, BarrierKind::PostWrite | BarrierKind::PreAndPostWrite)
    }
}

/// log2 of the heap bytes one `HolderFilter` byte stands for (4 KiB pages; regions start and
/// end on page boundaries).
pub const HOLDER_PAGE_SHIFT: u32 = 12;

/// The access API's inline barrier test (HotSpot's "young card" / "marking active" checks folded
/// into one load): a byte per heap page, nonzero when a reference store into a holder on that
/// page needs no barrier call at all. The interpreter's store then costs one shift, one byte
/// load and one branch more than a barrier-free collector's; anything else (null values,
/// same-region stores, the hooks) is tested out of line.
///
/// The collector keeps the bytes current: the region collector sets a page's byte while its
/// region is young and SATB marking is off, the snapshot collector all of them while marking
/// is off. A byte may be set only when every hook would ignore any store into a holder on that
/// page; it changes with the world stopped, or (the region collector) when a region is handed
/// to an allocator before any object on it is reachable. Relaxed loads suffice: a safepoint
/// orders every change a mutator must see, and a stale zero only sends a store to the call,
/// which tests again. All zero ("skip nothing") is always correct.
#[derive(Clone)]
pub struct HolderFilter {
    pages: std::sync::Arc<[AtomicU8]>,
}

impl std::fmt::Debug for HolderFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let skipped = self
            .pages
            .iter()
            .filter(|p| p.load(Ordering::Relaxed) != 0)
            .count();
        write!(
            f,
            "HolderFilter({skipped} of {} pages skipped)",
            self.pages.len()
        )
    }
}

impl HolderFilter {
    /// A filter over `heap_bytes` of heap from offset 0 that skips nothing.
    pub fn new(heap_bytes: usize) -> HolderFilter {
        let pages = heap_bytes.div_ceil(1 << HOLDER_PAGE_SHIFT);
        HolderFilter {
            pages: (0..pages).map(|_| AtomicU8::new(0)).collect(),
        }
    }

    /// Does it cover every offset below `heap_bytes`?
    pub fn covers(&self, heap_bytes: usize) -> bool {
        self.pages.len() << HOLDER_PAGE_SHIFT >= heap_bytes
    }

    /// Stores into holders in `range` (heap offsets, page-aligned) skip the barrier, or not.
    pub fn set(&self, range: std::ops::Range<usize>, skip: bool) {
        debug_assert!(range.start.trailing_zeros() >= HOLDER_PAGE_SHIFT || range.is_empty());
        let pages = (range.start >> HOLDER_PAGE_SHIFT)..(range.end >> HOLDER_PAGE_SHIFT);
        for page in &self.pages[pages] {
            page.store(skip as u8, Ordering::Relaxed);
        }
    }

    /// Every page skips the barrier, or none does.
    pub fn set_all(&self, skip: bool) {
        for page in self.pages.iter() {
            page.store(skip as u8, Ordering::Relaxed);
        }
    }

    /// Does a store into slot `slot` (a heap offset inside a live object) skip the barrier?
    #[inline(always)]
    pub(crate) fn skips(&self, slot: usize) -> bool {
        let page = slot >> HOLDER_PAGE_SHIFT;
        debug_assert!(page < self.pages.len(), "slot {slot:#x} outside the filter");
        // SAFETY: `slot` lies inside a live object, so below the heap's size (the contract of
        // `HeapMemory`'s unchecked accesses, which the store then makes), and the heap only
        // takes a filter that `covers` its size.
        unsafe { self.pages.get_unchecked(page) }.load(Ordering::Relaxed) != 0
    }
}

/// One mutator's barrier: the collector's hooks and the thread's buffers. Slots are byte
/// offsets from the heap base; `holder` is the object that contains them.
pub trait Barrier: Send {
    /// `slot` of `holder` is about to be overwritten; it holds `old` (possibly null).
    fn pre_write(&mut self, _holder: Ref, _slot: usize, _old: Ref) {}

    /// `slot` of `holder` now holds `new` (possibly null).
    fn post_write(&mut self, _holder: Ref, _slot: usize, _new: Ref) {}

    /// `count` consecutive reference slots of `holder` from `first` are about to be overwritten
    /// (arraycopy). The default calls `pre_write` for each.
    fn pre_write_range(&mut self, mem: &HeapMemory, holder: Ref, first: usize, count: usize) {
        for k in 0..count {
            let slot = first + 4 * k;
            self.pre_write(holder, slot, mem.read_ref(slot));
        }
    }

    /// `count` consecutive reference slots of `holder` from `first` were written (arraycopy,
    /// clone). The default calls `post_write` for each.
    fn post_write_range(&mut self, mem: &HeapMemory, holder: Ref, first: usize, count: usize) {
        for k in 0..count {
            let slot = first + 4 * k;
            self.post_write(holder, slot, mem.read_ref(slot));
        }
    }

    /// Hands buffered entries to the collector (safepoints, thread exit, full buffers).
    fn flush(&mut self) {}

    /// For a collector that needs its own barrier type back at a pause.
    fn as_any(&mut self) -> &mut dyn Any;
}

/// The barrier of collectors that need none.
pub struct NoBarrier;

impl Barrier for NoBarrier {
    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}
