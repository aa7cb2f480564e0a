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
