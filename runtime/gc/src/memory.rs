//! The heap reservation and raw access to it.
//!
//! `HeapMemory` reserves one contiguous range of virtual memory (never moved, never grown) and is
//! the only place that turns references into machine addresses. Everything above it — the
//! interpreter's field accesses, the collectors' copying and scanning — goes through the small
//! safe methods here, which take byte offsets from the heap base.
//!
//! Writes are crate-private: code outside runtime/gc stores into the heap only through the
//! access API (access.rs), which runs the collector's write barriers. Reads are public.
//!
//! Safety model: offsets come from `Ref`s handed out by a collector and from layouts in the
//! `TypeRegistry`, so they always land inside the reservation; every accessor still checks the
//! bound in debug builds. Accesses are plain (not atomic) except the GC word, which parallel
//! collectors race on, and `*_volatile` accessors used for Java volatile fields.

use crate::object::{gcword, Ref, TypeRegistry, FILLER_TYPE, LENGTH_OFFSET, TYPE_OFFSET};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Bytes at the start of the reservation never handed out, so that Ref 0 can mean null.
pub const RESERVED_PREFIX: usize = 4096;

/// `bytes` (a multiple of the page size) of zeroed, lazily committed, private memory: the
/// kernel backs a page only when it is first touched. None if the kernel refuses.
fn map_zeroed(bytes: usize) -> Option<*mut libc::c_void> {
    // SAFETY: an anonymous private mapping with no address hint; the result is checked.
    let ptr = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    (ptr != libc::MAP_FAILED).then_some(ptr)
}

pub struct HeapMemory {
    base: *mut u8,
    size: usize,
}

// SAFETY: HeapMemory is a fixed mapping; concurrent access discipline (mutators between
// safepoints, collectors while the world is stopped, atomics for shared words) is enforced by
// the VM's safepoint protocol, as in any JVM heap.
unsafe impl Send for HeapMemory {}
// SAFETY: see above.
unsafe impl Sync for HeapMemory {}

/// Objects up to this size are copied word by word (`copy_object`).
const SMALL_OBJECT: usize = 64;

impl HeapMemory {
    /// Reserves `size` bytes (rounded up to pages) of zeroed, lazily committed memory.
    pub fn reserve(size: usize) -> Result<HeapMemory, String> {
        let size = (size.max(RESERVED_PREFIX * 2) + 4095) & !4095;
        if size > (u32::MAX as usize + 1) << 3 {
            return Err(format!(
                "heap of {size} bytes exceeds the 32 GB compressed-reference limit"
            ));
        }
        let Some(ptr) = map_zeroed(size) else {
            return Err(format!("could not reserve {} MB for the heap", size >> 20));
        };
        Ok(HeapMemory {
            base: ptr as *mut u8,
            size,
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// Asks for transparent huge pages (2 MB) for the whole reservation where the kernel gives
    /// them on request (`madvise` mode): `-XX:+UseTransparentHugePages`, off by default as in
    /// HotSpot. A heap walked at random misses the TLB less with them (SplayTree once ran 12%
    /// faster: `git show 9bbfd4d:docs/benchmarks.md`), but on a virtual machine whose host
    /// takes back the guest's free 2 MB blocks, the first touch of each one can cost
    /// milliseconds: on the development machine OldToYoung under semispace at `-Xmx64m` took
    /// 0.73-1.67 s with them (0.01-0.75 s of it in the kernel zeroing pages) and 0.75-0.91 s
    /// without, BinaryTrees up to 1.26 s against 0.54. Only advice: without THP nothing changes.
    pub fn prefer_huge_pages(&self) {
        #[cfg(target_os = "linux")]
        self.advise(0, self.size, libc::MADV_HUGEPAGE);
    }

    /// Asks the kernel to back `[off, off + len)` with memory now, as a write would, without
    /// changing a byte of it (`MADV_POPULATE_WRITE`, Linux 5.14): a collector calls it from a
    /// background thread on regions it will soon copy into, so that no pause waits for the
    /// kernel to find, zero — or, with transparent huge pages, first compact — the memory of a
    /// page touched for the first time (milliseconds, sometimes). Only advice: where the kernel
    /// does not know it, nothing happens.
    pub fn populate(&self, off: usize, len: usize) {
        #[cfg(target_os = "linux")]
        {
            const MADV_POPULATE_WRITE: libc::c_int = 23;
            self.advise(off, len, MADV_POPULATE_WRITE);
        }
    }

    /// Asks the kernel to back `[off, off + len)` with ordinary 4 KiB pages from now on, not
    /// transparent huge pages (`MADV_NOHUGEPAGE`). A collector calls it in a pause, before it
    /// copies into memory no one has touched yet: on a virtual machine whose host reclaims the
    /// guest's free 2 MB blocks (free-page reporting), the first touch of a huge page can take
    /// milliseconds while the host backs it again, where 4 KiB pages come from memory the
    /// guest kernel recycles (docs/collectors/region.md, "Memory ahead of need").
    /// Pages already backed keep what they have. Only advice: without THP nothing changes.
    pub fn prefer_small_pages(&self, off: usize, len: usize) {
        #[cfg(target_os = "linux")]
        self.advise(off, len, libc::MADV_NOHUGEPAGE);
    }

    /// `madvise(advice)` on the pages of `[off, off + len)` (clipped to the reservation).
    #[cfg(target_os = "linux")]
    fn advise(&self, off: usize, len: usize, advice: libc::c_int) {
        let start = off & !4095;
        let end = (off + len).min(self.size);
        if start >= end {
            return;
        }
        // SAFETY: advice on pages of our own mapping (`start..end` lies within it). The two
        // kinds given (populating, page-size preference) change how pages are backed, never
        // their contents, so concurrent loads and stores to them (a mutator allocating there)
        // are unaffected.
        unsafe {
            libc::madvise(
                self.base.add(start) as *mut libc::c_void,
                end - start,
                advice,
            );
        }
    }

    #[inline(always)]
    fn ptr(&self, offset: usize, len: usize) -> *mut u8 {
        debug_assert!(
            offset + len <= self.size,
            "heap access {offset:#x}+{len} out of range"
        );
        // SAFETY: offset + len is within the reservation (checked in debug builds; guaranteed by
        // callers that only use offsets derived from live Refs and registered layouts).
        unsafe { self.base.add(offset) }
    }

    // ---- plain loads and stores at byte offsets ----

    #[inline(always)]
    pub fn read_u8(&self, off: usize) -> u8 {
        // SAFETY: in range (see `ptr`); u8 has no alignment requirement.
        unsafe { *self.ptr(off, 1) }
    }
    #[inline(always)]
    pub(crate) fn write_u8(&self, off: usize, v: u8) {
        // SAFETY: as read_u8.
        unsafe { *self.ptr(off, 1) = v }
    }
    #[inline(always)]
    pub fn read_u16(&self, off: usize) -> u16 {
        // SAFETY: in range; fields and elements are naturally aligned by the layout.
        unsafe { (self.ptr(off, 2) as *const u16).read() }
    }
    #[inline(always)]
    pub(crate) fn write_u16(&self, off: usize, v: u16) {
        // SAFETY: as read_u16.
        unsafe { (self.ptr(off, 2) as *mut u16).write(v) }
    }
    #[inline(always)]
    pub fn read_u32(&self, off: usize) -> u32 {
        // SAFETY: in range and 4-aligned by the layout.
        unsafe { (self.ptr(off, 4) as *const u32).read() }
    }
    #[inline(always)]
    pub(crate) fn write_u32(&self, off: usize, v: u32) {
        // SAFETY: as read_u32.
        unsafe { (self.ptr(off, 4) as *mut u32).write(v) }
    }
    #[inline(always)]
    pub fn read_u64(&self, off: usize) -> u64 {
        // SAFETY: in range and 8-aligned by the layout.
        unsafe { (self.ptr(off, 8) as *const u64).read() }
    }
    #[inline(always)]
    pub(crate) fn write_u64(&self, off: usize, v: u64) {
        // SAFETY: as read_u64.
        unsafe { (self.ptr(off, 8) as *mut u64).write(v) }
    }

    /// A copy of the base address for a hot loop (`Heap::view`).
    #[inline(always)]
    pub(crate) fn view(&self) -> HeapView<'_> {
        HeapView {
            base: self.base,
            #[cfg(debug_assertions)]
            size: self.size,
            _memory: std::marker::PhantomData,
        }
    }

    // ---- atomic access (GC word, volatile fields, CAS) ----

    #[inline(always)]
    pub(crate) fn atomic_u64(&self, off: usize) -> &AtomicU64 {
        // SAFETY: in range, 8-aligned; AtomicU64 has the layout of u64 and the mapping lives as
        // long as self.
        unsafe { &*(self.ptr(off, 8) as *const AtomicU64) }
    }
    #[inline(always)]
    pub(crate) fn atomic_u32(&self, off: usize) -> &AtomicU32 {
        // SAFETY: in range, 4-aligned; AtomicU32 has the layout of u32.
        unsafe { &*(self.ptr(off, 4) as *const AtomicU32) }
    }

    // ---- bulk operations ----

    /// Zeroes `[off, off+len)`.
    pub(crate) fn zero(&self, off: usize, len: usize) {
        // SAFETY: in range (checked in debug builds); callers own the range (a fresh TLAB or
        // object, or a space being reset while the world is stopped).
        unsafe { std::ptr::write_bytes(self.ptr(off, len), 0, len) }
    }

    /// Copies `len` bytes from `from` to `to`; the ranges may overlap (sliding compaction).
    pub(crate) fn copy(&self, from: usize, to: usize, len: usize) {
        let src = self.ptr(from, len);
        let dst = self.ptr(to, len);
        // SAFETY: both ranges are inside the reservation; `copy` handles overlap.
        unsafe { std::ptr::copy(src, dst, len) }
    }

    /// Copies an object of `len` bytes (a multiple of 8) to a place that does not overlap it:
    /// small objects — most of what a copying collector moves — word by word, inline, without
    /// a call into `memmove`.
    #[inline(always)]
    pub(crate) fn copy_object(&self, from: usize, to: usize, len: usize) {
        debug_assert!(len.is_multiple_of(8) && (from + len <= to || to + len <= from));
        let src = self.ptr(from, len) as *const u64;
        let dst = self.ptr(to, len) as *mut u64;
        if len <= SMALL_OBJECT {
            for i in 0..len / 8 {
                // SAFETY: both ranges are inside the reservation, 8-byte aligned (objects are)
                // and disjoint (the caller's contract).
                unsafe { dst.add(i).write(src.add(i).read()) }
            }
        } else {
            // SAFETY: as above.
            unsafe { std::ptr::copy_nonoverlapping(src as *const u8, dst as *mut u8, len) }
        }
    }

    /// Copies `len` bytes out of the heap into `dst`.
    pub fn read_bytes(&self, off: usize, dst: &mut [u8]) {
        let src = self.ptr(off, dst.len());
        // SAFETY: src range inside the reservation; dst is a distinct Rust slice.
        unsafe { std::ptr::copy_nonoverlapping(src, dst.as_mut_ptr(), dst.len()) }
    }

    /// Copies `src` into the heap at `off`.
    pub(crate) fn write_bytes(&self, off: usize, src: &[u8]) {
        let dst = self.ptr(off, src.len());
        // SAFETY: dst range inside the reservation; src is a distinct Rust slice.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst, src.len()) }
    }

    // ---- object header helpers ----

    #[inline(always)]
    pub fn gc_word(&self, obj: Ref) -> u64 {
        self.atomic_u64(obj.offset()).load(Ordering::Relaxed)
    }
    #[inline(always)]
    pub(crate) fn set_gc_word(&self, obj: Ref, word: u64) {
        self.atomic_u64(obj.offset()).store(word, Ordering::Relaxed)
    }
    #[inline(always)]
    pub fn type_id(&self, obj: Ref) -> u32 {
        self.read_u32(obj.offset() + TYPE_OFFSET)
    }
    #[inline(always)]
    pub fn array_length(&self, obj: Ref) -> u32 {
        self.read_u32(obj.offset() + LENGTH_OFFSET)
    }

    /// Writes a fresh header (GC word 0) for an object of `type_id` at `offset`.
    #[inline(always)]
    pub(crate) fn init_header(&self, offset: usize, type_id: u32) {
        self.write_u64(offset, 0);
        self.write_u32(offset + TYPE_OFFSET, type_id);
    }

    /// Writes an array header with its length.
    #[inline(always)]
    pub(crate) fn init_array_header(&self, offset: usize, type_id: u32, len: u32) {
        self.init_header(offset, type_id);
        self.write_u32(offset + LENGTH_OFFSET, len);
    }

    /// Turns `[start, end)` into one dead filler object so the space stays parseable.
    /// The gap must be a multiple of 8 and at least 16 bytes (or empty).
    pub(crate) fn fill_gap(&self, start: usize, end: usize) {
        debug_assert!(end >= start && (end - start).is_multiple_of(8));
        let gap = end - start;
        if gap == 0 {
            return;
        }
        assert!(
            gap >= crate::object::MIN_OBJECT_SIZE,
            "gap of {gap} bytes cannot hold a filler"
        );
        let len = (gap - crate::object::ARRAY_BASE) / 4;
        self.init_array_header(start, FILLER_TYPE, len as u32);
    }

    /// The size in bytes of the object `obj`, from its type's shape.
    #[inline]
    pub fn object_size(&self, types: &TypeRegistry, obj: Ref) -> usize {
        use crate::object::{array_size, filler_size, Shape};
        match &types.info(self.type_id(obj)).shape {
            Shape::Instance { size, .. } => *size as usize,
            Shape::Array { elem } => array_size(*elem, self.array_length(obj) as usize),
            Shape::Filler => filler_size(self.array_length(obj) as usize),
        }
    }

    /// Whether `obj` has any reference slot (`for_each_ref_slot` would call its closure): an
    /// instance with reference fields, or a non-empty reference array. A marker queues only
    /// these objects.
    #[inline]
    pub fn has_ref_slots(&self, types: &TypeRegistry, obj: Ref) -> bool {
        use crate::object::{ElemKind, Shape};
        match &types.info(self.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => !ref_offsets.is_empty(),
            Shape::Array {
                elem: ElemKind::Ref,
            } => self.array_length(obj) > 0,
            Shape::Array { .. } | Shape::Filler => false,
        }
    }

    /// Calls `f` with the byte offset of every reference slot in `obj`.
    #[inline]
    pub fn for_each_ref_slot(&self, types: &TypeRegistry, obj: Ref, mut f: impl FnMut(usize)) {
        use crate::object::{ElemKind, Shape, ARRAY_BASE};
        let base = obj.offset();
        match &types.info(self.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                for &o in ref_offsets.iter() {
                    f(base + o as usize)
                }
            }
            Shape::Array {
                elem: ElemKind::Ref,
            } => {
                let len = self.array_length(obj) as usize;
                for i in 0..len {
                    f(base + ARRAY_BASE + 4 * i)
                }
            }
            Shape::Array { .. } | Shape::Filler => {}
        }
    }

    /// Reads a reference field at byte offset `slot`.
    #[inline(always)]
    pub fn read_ref(&self, slot: usize) -> Ref {
        Ref::from_raw(self.read_u32(slot))
    }
    #[inline(always)]
    pub(crate) fn write_ref(&self, slot: usize, r: Ref) {
        self.write_u32(slot, r.raw())
    }

    /// Asks the CPU to start loading the cache line at `off` (a collector about to visit an
    /// object: copying collectors spend most of their time waiting for headers). A hint only.
    #[inline(always)]
    pub(crate) fn prefetch(&self, off: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults and has no architectural effect, whatever the
        // address; `ptr` keeps it inside the reservation anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.ptr(off, 8) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = off;
    }

    /// Installs a forwarding pointer in `obj`'s GC word.
    #[inline]
    pub(crate) fn forward_to(&self, obj: Ref, to: Ref) {
        self.set_gc_word(obj, gcword::forwarding(to))
    }
}

impl Drop for HeapMemory {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the mapping created in `reserve`; no references into it
        // outlive self (accessors borrow self).
        unsafe {
            libc::munmap(self.base as *mut libc::c_void, self.size);
        }
    }
}

/// A thread's slot array (the interpreter's locals and operand stacks, 64 bits a slot): zeroed
/// words in their own lazily committed mapping, as a native thread's stack is. A thread's pages
/// are backed only once its calls reach them, and given back when the thread ends.
///
/// Why not a `Vec`: `vec![0; n]` is `calloc`, and once glibc's adaptive mmap threshold has risen
/// past the array's size (it follows the largest block freed) `calloc` takes it from the malloc
/// heap and zeroes all of it by hand, so every thread would touch its whole array, 1 MB by
/// default: a 503-thread ring held 584 MB of stacks it never used.
pub struct StackMemory {
    base: *mut u64,
    len: usize,
}

// SAFETY: a private mapping owned by one StackMemory; access goes through &/&mut self.
unsafe impl Send for StackMemory {}
// SAFETY: as above: shared access is read-only through &self.
unsafe impl Sync for StackMemory {}

impl StackMemory {
    /// `len` zeroed slots; panics only if the kernel refuses a mapping of that size.
    pub fn zeroed(len: usize) -> StackMemory {
        let bytes = (len.max(1) * 8 + 4095) & !4095;
        let ptr = map_zeroed(bytes)
            .unwrap_or_else(|| panic!("could not map {} KB for a thread's stack", bytes >> 10));
        StackMemory {
            base: ptr as *mut u64,
            len,
        }
    }

    fn mapped_bytes(&self) -> usize {
        (self.len.max(1) * 8 + 4095) & !4095
    }
}

impl std::ops::Deref for StackMemory {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        // SAFETY: `base` points to `len` initialised (zero-filled by the kernel) u64s that live
        // as long as self; the shared borrow of self forbids mutation meanwhile.
        unsafe { std::slice::from_raw_parts(self.base, self.len) }
    }
}

impl std::ops::DerefMut for StackMemory {
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as in `deref`; the exclusive borrow of self makes this the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.base, self.len) }
    }
}

impl Drop for StackMemory {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the mapping made in `zeroed`; no slice borrowed from it
        // outlives self.
        unsafe {
            libc::munmap(self.base as *mut libc::c_void, self.mapped_bytes());
        }
    }
}

/// The heap's plain loads and primitive stores through a copy of its base address, for the
/// interpreter's loop (`Heap::view`): the same accesses as `HeapMemory`'s, but the base is a
/// value the compiler keeps in a register or one stack slot instead of reloading it through the
/// heap after every store. Stores are of primitives only (no reference, so no write barrier is
/// skipped): references are stored through the access API. Borrowing the memory, a view cannot
/// outlive the reservation.
#[derive(Clone, Copy)]
pub struct HeapView<'a> {
    base: *mut u8,
    #[cfg(debug_assertions)]
    size: usize,
    _memory: std::marker::PhantomData<&'a HeapMemory>,
}

impl HeapView<'_> {
    #[inline(always)]
    fn ptr(self, offset: usize, len: usize) -> *mut u8 {
        #[cfg(debug_assertions)]
        assert!(
            offset + len <= self.size,
            "heap access {offset:#x}+{len} out of range"
        );
        let _ = len;
        // SAFETY: as `HeapMemory::ptr`: offset + len is within the reservation, which the view
        // borrows.
        unsafe { self.base.add(offset) }
    }

    #[inline(always)]
    pub fn read_u8(self, off: usize) -> u8 {
        // SAFETY: in range (see `ptr`); u8 has no alignment requirement.
        unsafe { *self.ptr(off, 1) }
    }
    #[inline(always)]
    pub fn read_u16(self, off: usize) -> u16 {
        // SAFETY: in range; fields and elements are naturally aligned by the layout.
        unsafe { (self.ptr(off, 2) as *const u16).read() }
    }
    #[inline(always)]
    pub fn read_u32(self, off: usize) -> u32 {
        // SAFETY: in range and 4-aligned by the layout.
        unsafe { (self.ptr(off, 4) as *const u32).read() }
    }
    #[inline(always)]
    pub fn read_u64(self, off: usize) -> u64 {
        // SAFETY: in range and 8-aligned by the layout.
        unsafe { (self.ptr(off, 8) as *const u64).read() }
    }
    #[inline(always)]
    pub fn read_ref(self, slot: usize) -> Ref {
        Ref::from_raw(self.read_u32(slot))
    }
    #[inline(always)]
    pub fn array_length(self, obj: Ref) -> u32 {
        self.read_u32(obj.offset() + LENGTH_OFFSET)
    }

    /// Stores a byte (boolean, byte) at `offset` of `holder`.
    #[inline(always)]
    pub fn store_u8(self, holder: Ref, offset: usize, v: u8) {
        // SAFETY: as read_u8.
        unsafe { *self.ptr(holder.offset() + offset, 1) = v }
    }
    /// Stores a char or short at `offset` of `holder`.
    #[inline(always)]
    pub fn store_u16(self, holder: Ref, offset: usize, v: u16) {
        // SAFETY: as read_u16.
        unsafe { (self.ptr(holder.offset() + offset, 2) as *mut u16).write(v) }
    }
    /// Stores an int or float at `offset` of `holder`.
    #[inline(always)]
    pub fn store_u32(self, holder: Ref, offset: usize, v: u32) {
        // SAFETY: as read_u32.
        unsafe { (self.ptr(holder.offset() + offset, 4) as *mut u32).write(v) }
    }
    /// Stores a long or double at `offset` of `holder`.
    #[inline(always)]
    pub fn store_u64(self, holder: Ref, offset: usize, v: u64) {
        // SAFETY: as read_u64.
        unsafe { (self.ptr(holder.offset() + offset, 8) as *mut u64).write(v) }
    }
}

#[cfg(test)]
mod populate_tests {
    use super::*;

    /// The `VmFlags` line of /proc/self/smaps for the mapping that holds `base`. Not
    /// necessarily one that starts there: the kernel merges neighbouring anonymous mappings
    /// with the same flags (another test's reservation, made at the same time, can be one).
    #[cfg(target_os = "linux")]
    fn vm_flags(base: *mut u8) -> String {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let at = base as usize;
        let mut holds = false;
        for line in smaps.lines() {
            let range = line
                .split_once(' ')
                .and_then(|(range, _)| range.split_once('-'));
            let bounds = range.and_then(|(start, end)| {
                Some((
                    usize::from_str_radix(start, 16).ok()?,
                    usize::from_str_radix(end, 16).ok()?,
                ))
            });
            if let Some((start, end)) = bounds {
                holds = start <= at && at < end;
            } else if holds && line.starts_with("VmFlags:") {
                return line.to_string();
            }
        }
        panic!("no mapping holds {at:#x}");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_heap_asks_for_huge_pages_only_when_told_to() {
        let plain = HeapMemory::reserve(8 << 20).unwrap();
        assert!(
            !vm_flags(plain.base).contains(" hg"),
            "{}",
            vm_flags(plain.base)
        );
        let huge = HeapMemory::reserve(8 << 20).unwrap();
        huge.prefer_huge_pages();
        assert!(
            vm_flags(huge.base).contains(" hg"),
            "{}",
            vm_flags(huge.base)
        );
    }

    #[test]
    fn populating_memory_leaves_what_it_holds_unchanged() {
        let memory = HeapMemory::reserve(4 << 20).unwrap();
        let at = RESERVED_PREFIX + 8192;
        memory.write_u64(at, 0x1234_5678_9abc_def0);
        memory.populate(RESERVED_PREFIX, 1 << 20);
        assert_eq!(memory.read_u64(at), 0x1234_5678_9abc_def0);
        assert_eq!(memory.read_u64(at + 8), 0);
    }

    #[test]
    fn populating_past_the_end_of_the_heap_is_clipped() {
        let memory = HeapMemory::reserve(4 << 20).unwrap();
        memory.populate(memory.size() - 4096, 1 << 20);
        memory.populate(memory.size() + 4096, 4096);
        assert_eq!(memory.read_u64(memory.size() - 8), 0);
    }
}
