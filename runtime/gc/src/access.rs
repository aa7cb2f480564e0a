//! The access API: every store into the heap from outside runtime/gc goes through here
//! (HotSpot's Access/BarrierSet, mmtk's `object_reference_write`).
//!
//! Reference stores — a field, an array element, an arraycopy range, a clone, a compare-and-swap
//! — run the barrier the collector declared around the write: the pre-write hook sees the old
//! value, the post-write hook the new one (shared/barrier.rs). The barrier kind is fixed for the
//! run, so for a collector without barriers the only cost is one well-predicted branch on a
//! field of the heap. A collector with barriers gets one more test inline: its `HolderFilter`'s
//! byte for the holder's page (young holders outside marking need no hook). The other filters
//! and the hooks are out of line.
//!
//! Primitive stores, header initialisation and bulk primitive copies need no barrier but live
//! here too: `HeapMemory`'s raw writes are private to runtime/gc, so code outside it cannot store
//! into the heap except through this API, and a reference store that skips the barrier does not
//! compile. Reads stay on `HeapMemory` (`heap.memory.read_ref(..)`): no collector here needs a
//! read barrier.
//!
//! Offsets are byte offsets *within the holder object* (`holder.offset() + offset` is the slot),
//! so every store names the object it writes into — which is what a card-marking barrier needs.

use crate::collector::BarrierFilters;
use crate::object::{Ref, ARRAY_BASE};
use crate::shared::barrier::BarrierKind;
use crate::shared::mutator::Mutator;
use crate::Heap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

/// The out-of-line part of a barrier's fast path, for stores the holder filter did not skip
/// (G1's: "is marking on?", "null?", "same region?" are a few instructions; the hooks are
/// calls). Built only when every hook the barrier has comes with a filter, and neither
/// `--trace-deaths` nor `--verify-barriers` (which must see every store) is on.
pub(crate) struct StoreFastPath {
    /// On while the pre-write hook has work (a flag that stays off when the barrier has no
    /// pre-write hook).
    pre_active: Arc<AtomicBool>,
    /// Heap offset of region 0 and log2 of the region size. A barrier without a post-write hook
    /// is one region spanning the whole heap here: no store crosses it.
    base: usize,
    shift: u32,
}

impl StoreFastPath {
    pub(crate) fn new(kind: BarrierKind, filters: &BarrierFilters) -> Option<StoreFastPath> {
        let pre_active = match (kind.has_pre(), &filters.pre_write_active) {
            (false, _) => Arc::new(AtomicBool::new(false)),
            (true, Some(flag)) => flag.clone(),
            (true, None) => return None,
        };
        let (base, shift) = match (kind.has_post(), &filters.cross_region) {
            (false, _) => (0, usize::BITS - 1),
            (true, Some(f)) => (f.base, f.shift),
            (true, None) => return None,
        };
        Some(StoreFastPath {
            pre_active,
            base,
            shift,
        })
    }

    /// Would every hook skip a store of `value` into `slot`?
    #[inline(always)]
    fn filters_out(&self, slot: usize, value: Ref) -> bool {
        if self.pre_active.load(Ordering::Relaxed) {
            return false;
        }
        if value.is_null() {
            return true;
        }
        slot.wrapping_sub(self.base) >> self.shift
            == value.offset().wrapping_sub(self.base) >> self.shift
    }
}

#[inline(never)]
fn run_post_write(m: &mut Mutator, holder: Ref, slot: usize, value: Ref) {
    m.barrier.post_write(holder, slot, value);
}

impl Heap {
    // ---- reference stores (barriered) ----

    /// Stores `value` into the reference field at `offset` of `holder`.
    #[inline(always)]
    pub fn store_ref(&self, m: &mut Mutator, holder: Ref, offset: usize, value: Ref) {
        let slot = holder.offset() + offset;
        if self.barrier_free || self.holder_filter.skips(slot) {
            self.memory.write_ref(slot, value);
            return;
        }
        self.store_ref_filtered(m, holder, slot, value);
    }

    /// `store_ref` for the interpreter's `--trace-deaths` loop: when the stamp is the only
    /// hook (a collector without barriers, no other tracking), the stamp of the object losing
    /// the reference is made here, inline, instead of in `store_ref_filtered`'s call. Only the
    /// death-tracking loop has it, so the plain loop's register allocation does not change.
    #[inline(always)]
    pub fn store_ref_stamping(&self, m: &mut Mutator, holder: Ref, offset: usize, value: Ref) {
        if !self.stamp_only {
            return self.store_ref(m, holder, offset, value);
        }
        let slot = holder.offset() + offset;
        self.stamp_lost_reference(m, slot);
        self.memory.write_ref(slot, value);
    }

    /// The other filters, out of line (a leaf that jumps to the barriered path only when a
    /// hook may have work): inlined into the interpreter's loop they cost more in its register
    /// allocation than the call does. With `--trace-deaths` as the only hook, the stamp and
    /// the write are done here.
    #[inline(never)]
    fn store_ref_filtered(&self, m: &mut Mutator, holder: Ref, slot: usize, value: Ref) {
        if self.stamp_only {
            self.stamp_lost_reference(m, slot);
            self.memory.write_ref(slot, value);
            return;
        }
        if let Some(fast) = &self.store_fast_path {
            if fast.filters_out(slot, value) {
                self.memory.write_ref(slot, value);
                return;
            }
        }
        self.store_ref_barriered(m, holder, slot, value);
    }

    /// Stores `value` into element `index` of the reference array `array`.
    #[inline(always)]
    pub fn store_ref_element(&self, m: &mut Mutator, array: Ref, index: usize, value: Ref) {
        self.store_ref(m, array, ARRAY_BASE + 4 * index, value)
    }

    /// The barriered store, for stores the fast path let through (or every store when there is
    /// none): the SATB hook only while marking, the post-write hook always (it filters again),
    /// `--trace-deaths`' stamp first. Each is a call out of line.
    #[inline(never)]
    fn store_ref_barriered(&self, m: &mut Mutator, holder: Ref, slot: usize, value: Ref) {
        if m.deaths.is_some() {
            self.stamp_lost_reference(m, slot);
        }
        if let Some(p) = m.pointers.as_deref_mut() {
            p.note(holder, &self.memory, &self.types);
        }
        if self.barrier.has_pre() && self.pre_write_active() {
            self.run_pre_write(m, holder, slot);
        }
        self.memory.write_ref(slot, value);
        // The hook filters again: this path is taken only when a filter let the store through
        // (or there are none), so no test here.
        if self.barrier.has_post() {
            run_post_write(m, holder, slot, value);
        }
    }

    /// Inline: with `--trace-deaths` every reference store that comes here stamps.
    #[inline(always)]
    fn stamp_lost_reference(&self, m: &mut Mutator, slot: usize) {
        if let Some(deaths) = m.deaths.as_deref_mut() {
            deaths.lost(self.memory.read_ref(slot));
        }
    }

    #[inline(never)]
    fn run_pre_write(&self, m: &mut Mutator, holder: Ref, slot: usize) {
        m.barrier
            .pre_write(holder, slot, self.memory.read_ref(slot));
    }

    /// The collector's filters (`Collector::barrier_filters`), tested inline before the
    /// barrier's dynamic call: a snapshot barrier that is off needs neither the old value nor
    /// the call.
    #[inline(always)]
    fn pre_write_active(&self) -> bool {
        self.barrier_filters
            .pre_write_active
            .as_ref()
            .is_none_or(|on| on.load(Ordering::Relaxed))
    }

    /// Compare-and-swap on the reference field at `offset` of `holder`: stores `new` if it holds
    /// `expected`. Barriers run only when the swap happens.
    pub fn cas_ref(
        &self,
        m: &mut Mutator,
        holder: Ref,
        offset: usize,
        expected: Ref,
        new: Ref,
    ) -> bool {
        let slot = holder.offset() + offset;
        if self.barrier.has_pre() {
            // The pre-write hook may log `expected` even if the swap then fails: logging a value
            // that stays reachable is harmless (it is only kept alive a little longer).
            if self.memory.read_ref(slot) == expected {
                m.barrier.pre_write(holder, slot, expected);
            }
        }
        if let Some(p) = m.pointers.as_deref_mut() {
            // Before the swap, as for any store (pointers.rs copies a snapshot object's
            // references before its first store); if the swap fails, the holder is recorded
            // with references that did not change.
            p.note(holder, &self.memory, &self.types);
        }
        let swapped = self
            .memory
            .atomic_u32(slot)
            .compare_exchange(
                expected.raw(),
                new.raw(),
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok();
        if swapped {
            if let Some(deaths) = m.deaths.as_deref_mut() {
                deaths.lost(expected);
            }
        }
        if swapped && self.barrier.has_post() {
            m.barrier.post_write(holder, slot, new);
        }
        swapped
    }

    /// arraycopy between reference arrays whose element types are compatible (no per-element
    /// check needed): `len` elements from `src[src_pos..]` to `dst[dst_pos..]`; the ranges may
    /// overlap.
    pub fn copy_ref_elements(
        &self,
        m: &mut Mutator,
        src: Ref,
        src_pos: usize,
        dst: Ref,
        dst_pos: usize,
        len: usize,
    ) {
        let from = src.offset() + ARRAY_BASE + 4 * src_pos;
        let to = dst.offset() + ARRAY_BASE + 4 * dst_pos;
        if let Some(deaths) = m.deaths.as_deref_mut() {
            for k in 0..len {
                deaths.lost(self.memory.read_ref(to + 4 * k));
            }
        }
        if let Some(p) = m.pointers.as_deref_mut() {
            p.note(dst, &self.memory, &self.types);
        }
        if self.barrier.has_pre() {
            m.barrier.pre_write_range(&self.memory, dst, to, len);
        }
        self.memory.copy(from, to, 4 * len);
        if self.barrier.has_post() {
            m.barrier.post_write_range(&self.memory, dst, to, len);
        }
    }

    /// Object.clone: copies the body of `from` (everything after the header, and for arrays
    /// after the length) into the fresh object `to` of the same type and size, then runs the
    /// post-write barrier over every reference slot of `to` (a fresh object has no old values).
    pub fn clone_body(&self, m: &mut Mutator, from: Ref, to: Ref, first: usize, size: usize) {
        self.memory
            .copy(from.offset() + first, to.offset() + first, size - first);
        if let Some(p) = m.pointers.as_deref_mut() {
            p.note(to, &self.memory, &self.types);
        }
        if self.barrier.has_post() {
            let mut slots = Vec::new();
            self.memory
                .for_each_ref_slot(&self.types, to, |slot| slots.push(slot));
            for slot in slots {
                m.barrier.post_write(to, slot, self.memory.read_ref(slot));
            }
        }
    }

    // ---- primitive stores (no barrier) ----

    #[inline(always)]
    pub fn store_u8(&self, holder: Ref, offset: usize, v: u8) {
        self.memory.write_u8(holder.offset() + offset, v)
    }
    #[inline(always)]
    pub fn store_u16(&self, holder: Ref, offset: usize, v: u16) {
        self.memory.write_u16(holder.offset() + offset, v)
    }
    /// The heap's plain loads and primitive stores from a copy of its base address, for a hot
    /// loop (the interpreter's): primitive stores need no barrier, so they may bypass `Heap`.
    #[inline(always)]
    pub fn view(&self) -> crate::memory::HeapView<'_> {
        self.memory.view()
    }
    #[inline(always)]
    pub fn store_u32(&self, holder: Ref, offset: usize, v: u32) {
        self.memory.write_u32(holder.offset() + offset, v)
    }
    #[inline(always)]
    pub fn store_u64(&self, holder: Ref, offset: usize, v: u64) {
        self.memory.write_u64(holder.offset() + offset, v)
    }

    /// Writes `chars` into the char (or short) array `array` from element 0.
    pub fn store_u16_elements(&self, array: Ref, chars: &[u16]) {
        let bytes: Vec<u8> = chars.iter().flat_map(|c| c.to_ne_bytes()).collect();
        self.memory.write_bytes(array.offset() + ARRAY_BASE, &bytes);
    }

    /// Writes `words` into the long (or double) array `array` from element 0.
    pub fn store_u64_elements(&self, array: Ref, words: &[u64]) {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        self.memory.write_bytes(array.offset() + ARRAY_BASE, &bytes);
    }

    /// arraycopy between primitive arrays of elements of `elem_size` bytes; may overlap.
    pub fn copy_primitive_elements(
        &self,
        src: Ref,
        src_pos: usize,
        dst: Ref,
        dst_pos: usize,
        len: usize,
        elem_size: usize,
    ) {
        self.memory.copy(
            src.offset() + ARRAY_BASE + elem_size * src_pos,
            dst.offset() + ARRAY_BASE + elem_size * dst_pos,
            len * elem_size,
        );
    }

    /// The 32-bit primitive field at `offset` of `holder`, for atomic updates (AtomicInteger).
    pub fn atomic_u32_field(&self, holder: Ref, offset: usize) -> &AtomicU32 {
        self.memory.atomic_u32(holder.offset() + offset)
    }

    /// The 64-bit primitive field at `offset` of `holder`, for atomic updates (AtomicLong).
    pub fn atomic_u64_field(&self, holder: Ref, offset: usize) -> &AtomicU64 {
        self.memory.atomic_u64(holder.offset() + offset)
    }

    // ---- headers ----

    /// Writes the header of a fresh instance of `type_id` at `at`.
    #[inline(always)]
    pub fn init_object(&self, at: usize, type_id: u32) -> Ref {
        self.memory.init_header(at, type_id);
        Ref::from_offset(at)
    }

    /// Writes the header of a fresh array of `type_id` with `len` elements at `at`.
    #[inline(always)]
    pub fn init_array(&self, at: usize, type_id: u32, len: u32) -> Ref {
        self.memory.init_array_header(at, type_id, len);
        Ref::from_offset(at)
    }

    /// The GC word of `obj`, for the VM's header bits (identity hash, monitor index), which it
    /// updates with compare-and-swap so collectors' bits are never lost.
    pub fn header_word(&self, obj: Ref) -> &AtomicU64 {
        self.memory.atomic_u64(obj.offset())
    }
}
