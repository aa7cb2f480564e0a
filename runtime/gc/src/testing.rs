//! Raw heap writes for runtime/gc's own tests and benches (feature `testing`): building object
//! graphs directly in a collector's spaces, or corrupting a heap on purpose to test the
//! verifier. Never enabled in the gcvm binary, whose stores all go through the access API.

use crate::memory::HeapMemory;
use crate::object::Ref;

/// Raw writes, named `raw_*` so that no test can mistake one for a barriered store.
pub trait RawWrites {
    fn raw_write_u32(&self, off: usize, v: u32);
    fn raw_write_u64(&self, off: usize, v: u64);
    fn raw_write_ref(&self, slot: usize, r: Ref);
    fn raw_set_gc_word(&self, obj: Ref, word: u64);
    fn raw_init_header(&self, offset: usize, type_id: u32);
    fn raw_init_array_header(&self, offset: usize, type_id: u32, len: u32);
    fn raw_zero(&self, off: usize, len: usize);
    fn raw_fill_gap(&self, start: usize, end: usize);
}

impl RawWrites for HeapMemory {
    fn raw_write_u32(&self, off: usize, v: u32) {
        self.write_u32(off, v)
    }
    fn raw_write_u64(&self, off: usize, v: u64) {
        self.write_u64(off, v)
    }
    fn raw_write_ref(&self, slot: usize, r: Ref) {
        self.write_ref(slot, r)
    }
    fn raw_set_gc_word(&self, obj: Ref, word: u64) {
        self.set_gc_word(obj, word)
    }
    fn raw_init_header(&self, offset: usize, type_id: u32) {
        self.init_header(offset, type_id)
    }
    fn raw_init_array_header(&self, offset: usize, type_id: u32, len: u32) {
        self.init_array_header(offset, type_id, len)
    }
    fn raw_zero(&self, off: usize, len: usize) {
        self.zero(off, len)
    }
    fn raw_fill_gap(&self, start: usize, end: usize) {
        self.fill_gap(start, end)
    }
}
