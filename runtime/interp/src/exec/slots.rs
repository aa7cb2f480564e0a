//! Unchecked access to a thread's slot array (locals and operand stacks) for the interpreter loop.
//!
//! The interpreter reads and writes a slot for almost every instruction; through `Vec` indexing
//! each access also checks the thread's stack guard and the index. Those checks are proved once,
//! before a method first runs, so the loop uses this raw view instead. It is the only `unsafe` in
//! the interpreter.
//!
//! # Why the indices are in range
//! Every method body, whatever its origin — verified application classes, the trusted embedded
//! class library, classes the VM makes (lambda proxies) — goes through the oop-map analysis
//! (`decode::with_oop_maps`, model/oopmap.rs) before its first instruction runs; code it rejects never
//! runs. At every reachable instruction the analysis proves that the operand stack neither
//! underflows nor exceeds `max_stack`, and that every local index is below `max_locals` (the
//! type-checking verifier, link/verifier/, proves the same and more for application classes).
//! `JThread::call` pushes a frame only if its locals and `max_stack` slots fit below the thread's
//! slot limit, which is below the array's length. The interpreter takes its view from the
//! frame's locals base, so every index it forms — a local index, or a stack pointer (counted
//! from the locals base too) between `max_locals` and `max_locals + max_stack` — is inside the
//! array.
//!
//! # Why the pointer stays valid
//! The slot array is mapped once per thread (`StackMemory`) and never resized. A `Slots` is taken from it
//! with `<[u64]>::as_mut_ptr` (which creates no reference to the elements) offset to the frame's
//! locals base, and must be taken again after anything else may have touched the array through
//! a reference (a call into the thread, a native, a collection at a safepoint): the interpreter
//! re-takes it at each such point.

/// A raw view of a thread's slot array.
#[derive(Clone, Copy)]
pub struct Slots {
    base: *mut u64,
    #[cfg(debug_assertions)]
    len: usize,
}

impl Slots {
    /// The view of `slots` from index `start` on (a frame's locals base): slot `i` of the view
    /// is `slots[start + i]`.
    #[inline(always)]
    pub fn from(slots: &mut [u64], start: usize) -> Slots {
        Slots {
            // Only formed here (no check, as the interpreter re-takes it after every call out);
            // it is dereferenced only at indices in range (see the module comment).
            base: slots.as_mut_ptr().wrapping_add(start),
            #[cfg(debug_assertions)]
            len: slots.len().saturating_sub(start),
        }
    }

    /// Slot `i`.
    ///
    /// # Safety
    /// `i` is inside the array (see the module comment) and the view is current.
    #[inline(always)]
    pub unsafe fn get(self, i: usize) -> u64 {
        #[cfg(debug_assertions)]
        assert!(i < self.len, "slot {i} out of range");
        // SAFETY: in range, per the caller's contract.
        unsafe { *self.base.add(i) }
    }

    /// The low 32 bits of slot `i` (an int, float or reference), read as a 32-bit load so the
    /// compiler knows the upper bits are zero when it widens the value to an index or offset.
    ///
    /// # Safety
    /// As `get`.
    #[inline(always)]
    pub unsafe fn get_u32(self, i: usize) -> u32 {
        #[cfg(debug_assertions)]
        assert!(i < self.len, "slot {i} out of range");
        // The low half of the u64 slot: its first four bytes on a little-endian machine.
        let low = if cfg!(target_endian = "little") { 0 } else { 1 };
        // SAFETY: in range, per the caller's contract; a u64 slot is aligned for u32 and holds
        // two initialised u32 halves.
        unsafe { *self.base.add(i).cast::<u32>().add(low) }
    }

    /// Sets slot `i` to `v`.
    ///
    /// # Safety
    /// As `get`.
    #[inline(always)]
    pub unsafe fn set(self, i: usize, v: u64) {
        #[cfg(debug_assertions)]
        assert!(i < self.len, "slot {i} out of range");
        // SAFETY: in range, per the caller's contract.
        unsafe { *self.base.add(i) = v }
    }
}
