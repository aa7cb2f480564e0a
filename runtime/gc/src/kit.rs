//! The collector's side of the heap, for collectors written outside this crate (the labs,
//! labs/): the writes a collector makes while the world is stopped — copying an object,
//! forwarding it, updating a reference field, filling a gap, zeroing fresh space.
//!
//! Inside this crate collectors call `HeapMemory`'s own (crate-private) methods; this trait
//! hands the same operations to other crates under names that say who may use them. The VM
//! never does: its stores go through the access API (access.rs), with barriers. A collector
//! calls these only in a pause (from `Collector::collect`) or on memory no mutator can see yet
//! (a space it is about to hand out).

use crate::memory::HeapMemory;
use crate::object::Ref;

/// Heap writes for a collector (see the module comment). Every offset is a heap offset inside
/// the reservation; objects are 8-byte aligned.
pub trait CollectorWrites {
    /// Copies the object of `len` bytes at `from` to `to`; the two ranges must not overlap.
    fn gc_copy_object(&self, from: usize, to: usize, len: usize);
    /// Copies `len` bytes from `from` to `to`; the ranges may overlap (sliding compaction).
    fn gc_copy_overlapping(&self, from: usize, to: usize, len: usize);
    /// Sets `obj`'s GC word (mark bits, age, identity hash, forwarding).
    fn gc_set_word(&self, obj: Ref, word: u64);
    /// Leaves a forwarding pointer to `to` in `obj`'s GC word.
    fn gc_forward(&self, obj: Ref, to: Ref);
    /// Writes `target` into the reference field at `slot` (no barrier: collectors only).
    fn gc_write_ref(&self, slot: usize, target: Ref);
    /// Turns `[start, end)` into one dead filler object, so the space stays parseable. The
    /// gap is a multiple of 8 and empty or at least 16 bytes.
    fn gc_fill_gap(&self, start: usize, end: usize);
    /// Zeroes `[off, off + len)`.
    fn gc_zero(&self, off: usize, len: usize);
}

impl CollectorWrites for HeapMemory {
    fn gc_copy_object(&self, from: usize, to: usize, len: usize) {
        assert!(
            from + len <= to || to + len <= from,
            "gc_copy_object: [{from}, +{len}) and [{to}, +{len}) overlap"
        );
        self.copy_object(from, to, len)
    }
    fn gc_copy_overlapping(&self, from: usize, to: usize, len: usize) {
        self.copy(from, to, len)
    }
    fn gc_set_word(&self, obj: Ref, word: u64) {
        self.set_gc_word(obj, word)
    }
    fn gc_forward(&self, obj: Ref, to: Ref) {
        self.forward_to(obj, to)
    }
    fn gc_write_ref(&self, slot: usize, target: Ref) {
        self.write_ref(slot, target)
    }
    fn gc_fill_gap(&self, start: usize, end: usize) {
        self.fill_gap(start, end)
    }
    fn gc_zero(&self, off: usize, len: usize) {
        self.zero(off, len)
    }
}
