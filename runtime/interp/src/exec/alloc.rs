//! Allocation: bump allocation in the thread's TLAB, the slow paths through the collector,
//! the collections an allocation failure runs (and the OutOfMemoryError after them), GC stress,
//! and the objects the VM makes itself: objects, arrays, Strings.

use crate::model::class::{Class, Method};
use crate::model::sites::{Site, StringSites};
use crate::runtime::thread::*;
use gcvm_gc::{GcCause, Mutator, Placement, Ref};
use gcvm_tracer::ThreadEvents;
use std::sync::atomic::Ordering;

/// Allocation-failure collections a thread runs, while each leaves room that other threads
/// take first, before it grows the heap and then runs the last-ditch full collection.
const COLLECTIONS_BEFORE_GROWING: usize = 16;

impl JThread {
    /// Allocates `size` zeroed bytes for an object of type `type_id` (`len`: its array length)
    /// coming from `site`, collecting if needed; throws OutOfMemoryError. The trace hears of it
    /// here, where its place is decided: with tracing off that costs one predictable branch.
    #[inline]
    pub fn alloc(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        let st: &mut ThreadStack = self;
        match st.mutator.tlab.alloc(size) {
            Some(at) => {
                if st.observed {
                    observe_in_tlab(st, site, type_id, len, at, size);
                }
                Ok(at)
            }
            None => self.alloc_slow(size, site, type_id, len),
        }
    }

    /// `alloc` for the counting interpreter, whose running frame's `method` is at hand: the
    /// allocation is counted for it in line, rather than through `observe_in_tlab`'s look at
    /// the top frame, and the trace hears of it only if there is one. The slow path counts it
    /// for the top frame, which is `method`'s.
    #[inline(always)]
    fn alloc_counted(
        &mut self,
        method: &Method,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        let st: &mut ThreadStack = self;
        match st.mutator.tlab.alloc(size) {
            Some(at) => {
                st.method_counts.allocated(method, size);
                if st.events.is_some() {
                    trace_in_tlab(st, site, type_id, len, at, size);
                }
                Ok(at)
            }
            None => self.alloc_slow(size, site, type_id, len),
        }
    }

    /// `alloc`, counted in line for `counting` if given (`alloc_counted`).
    #[inline(always)]
    fn alloc_for(
        &mut self,
        counting: Option<&Method>,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        match counting {
            Some(method) => self.alloc_counted(method, size, site, type_id, len),
            None => self.alloc(size, site, type_id, len),
        }
    }

    #[cold]
    fn alloc_slow(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        self.safepoint_poll();
        if self.stress.is_some() {
            return self.alloc_stressed(size, site, type_id, len);
        }
        self.alloc_or_collect(size, site, type_id, len)
    }

    fn alloc_or_collect(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
            return Ok(at);
        }
        // Collect and retry. With several threads allocating into a small young generation,
        // the others may fill what the collection freed before this thread runs again (on two
        // cores it can wait a scheduler slice): then collect again, as HotSpot's allocation
        // loop does, rather than take the lack of room for an exhausted heap.
        // A collection is also skipped when another pause came first, and if that was a
        // concurrent collector's remark or cleanup it freed nothing: collect again then too.
        for _ in 0..COLLECTIONS_BEFORE_GROWING {
            let collected = self.collect(GcCause::AllocationFailure);
            if self.vm.heap.gc_overhead_limit_exceeded() {
                return Err(self.throw_oom("GC overhead limit exceeded"));
            }
            if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
                return Ok(at);
            }
            if collected && !self.vm.heap.room_left_by_last_collection_was_taken(size) {
                break;
            }
        }
        while self.vm.heap.grow_for(size + gcvm_tlab::FILLER_RESERVE) {
            self.vm.sync_trace_spaces();
            if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
                return Ok(at);
            }
        }
        // The last collection before an OutOfMemoryError, clearing every soft reference. It
        // runs even without soft references and is never skipped as redundant: the collection
        // above may have been, because another pause came first — and a concurrent
        // collector's own pauses (a remark, a cleanup) free nothing.
        clear_soft_refs_before_oom(self);
        self.collect(GcCause::LastDitch);
        if let Some(at) = self.heap_alloc_slow(size, site, type_id, len) {
            return Ok(at);
        }
        Err(self.throw_oom("Java heap space"))
    }

    /// One try of the heap's slow path, which installs a new TLAB and allocates at its start,
    /// allocates in a run of free cells (a new one or the thread's current one: a free-list
    /// collector's `Placement`) or allocates anywhere else; the trace records which.
    fn heap_alloc_slow(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> Option<usize> {
        let vm = self.vm;
        let st: &mut ThreadStack = self;
        let (refills, tlab_bytes) = (
            st.mutator.tlab.stats.refills,
            st.mutator.tlab.stats.tlab_bytes,
        );
        let at = vm.heap.alloc_slow(&mut st.mutator, size)?;
        let refilled = st.mutator.tlab.stats.refills != refills;
        let placement = st.mutator.placement;
        if let Some(jfr) = &vm.recorder.jfr {
            let tlab = refilled.then(|| st.mutator.tlab.stats.tlab_bytes - tlab_bytes);
            st.allocation_sampling.add(tlab.unwrap_or(size as u64));
            if jfr.considers_allocation(&st.allocation_sampling) {
                let class = &vm.types.info(type_id).name;
                let thread = crate::runtime::flight::Waiter {
                    id: st.thread_id,
                    frames: &st.frames,
                    classes: &vm.classes,
                };
                jfr.slow_allocation(&thread, class, size, tlab, &mut st.allocation_sampling);
            }
        }
        count_allocation(st, size);
        if let Some(events) = st.events.as_mut() {
            match placement {
                _ if refilled => {
                    // The whole chunk, filler reserve included: [start, hard_end).
                    events.tlab(at as u64, st.mutator.tlab.stats.tlab_bytes - tlab_bytes);
                    record_in_tlab(events, site, type_id, len, at, size);
                }
                Placement::NewRun {
                    cell,
                    count,
                    skipped,
                } => {
                    let (start, cell64, count) = (at as u64, cell as u64, count as u64);
                    match skipped {
                        Some(n) => events.cells_next(start, cell64, n as u64, count),
                        None => events.cells(start, cell64, count),
                    }
                    record_in_cell(events, site, type_id, len, at, size, cell);
                }
                Placement::NewMap { cell, free } => {
                    events.cells_map(at as u64, cell as u64, free);
                    record_in_cell(events, site, type_id, len, at, size, cell);
                }
                Placement::NextCell { cell } => {
                    record_in_cell(events, site, type_id, len, at, size, cell)
                }
                Placement::Explicit => {
                    events.alloc_explicit(site.id, type_id, at as u64, size as u64, len)
                }
            }
            tick_death_clock(&mut st.mutator, size);
        }
        Some(at)
    }

    /// GC-stress mode: every allocation takes the slow path (the TLAB limit is faked), and every
    /// N-th one of the whole VM collects first (`Vm::stress_allocations`).
    fn alloc_stressed(
        &mut self,
        size: usize,
        site: Site,
        type_id: u32,
        len: Option<u32>,
    ) -> JResult<usize> {
        let real_end = self.stress.as_ref().expect("stress mode").real_end;
        if !self.mutator.tlab.is_empty() && self.mutator.tlab.end < real_end {
            self.mutator.tlab.end = real_end;
        }
        let every = self.stress.as_ref().expect("stress mode").every;
        let allocated = self.vm.stress_allocations.fetch_add(1, Ordering::Relaxed) + 1;
        if allocated.is_multiple_of(every) {
            self.collect(GcCause::GcStress);
        }
        let st: &mut ThreadStack = self;
        let at = match st.mutator.tlab.alloc(size) {
            Some(at) => {
                observe_in_tlab(st, site, type_id, len, at, size);
                at
            }
            None => self.alloc_or_collect(size, site, type_id, len)?,
        };
        let end = self.mutator.tlab.end;
        self.stress.as_mut().expect("stress mode").real_end = end;
        let top = self.mutator.tlab.top;
        self.mutator.tlab.end = top;
        Ok(at)
    }

    /// A new instance of `class`, allocated by the VM itself.
    pub fn new_object(&mut self, class: &Class) -> JResult<Ref> {
        self.new_object_at(class, Site::VM)
    }

    /// A new instance of `class`, allocated at `site`.
    pub fn new_object_at(&mut self, class: &Class, site: Site) -> JResult<Ref> {
        self.new_object_for(None, class, site)
    }

    /// `new_object_at` from the counting interpreter, whose running frame runs `method`.
    pub(crate) fn new_object_counted(
        &mut self,
        method: &Method,
        class: &Class,
        site: Site,
    ) -> JResult<Ref> {
        self.new_object_for(Some(method), class, site)
    }

    #[inline(always)]
    fn new_object_for(
        &mut self,
        counting: Option<&Method>,
        class: &Class,
        site: Site,
    ) -> JResult<Ref> {
        let at = self.alloc_for(counting, class.instance_size as usize, site, class.id, None)?;
        Ok(self.vm.heap.init_object(at, class.id))
    }

    /// A new array of `class`, allocated by the VM itself.
    pub fn new_array(&mut self, class: &Class, len: i32) -> JResult<Ref> {
        self.new_array_at(class, len, Site::VM)
    }

    /// A new array of `class`, allocated at `site`.
    pub fn new_array_at(&mut self, class: &Class, len: i32, site: Site) -> JResult<Ref> {
        self.new_array_for(None, class, len, site)
    }

    /// `new_array_at` from the counting interpreter, whose running frame runs `method`.
    pub(crate) fn new_array_counted(
        &mut self,
        method: &Method,
        class: &Class,
        len: i32,
        site: Site,
    ) -> JResult<Ref> {
        self.new_array_for(Some(method), class, len, site)
    }

    #[inline(always)]
    fn new_array_for(
        &mut self,
        counting: Option<&Method>,
        class: &Class,
        len: i32,
        site: Site,
    ) -> JResult<Ref> {
        let crate::model::class::ClassKind::Array { elem, .. } = class.kind else {
            panic!("new_array of non-array class {}", class.name)
        };
        if len < 0 {
            return Err(self.throw_new(
                "java/lang/NegativeArraySizeException",
                Some(&len.to_string()),
            ));
        }
        if len as usize > gcvm_gc::object::MAX_ARRAY_LENGTH {
            return Err(self.throw_oom("Requested array size exceeds VM limit"));
        }
        let size = gcvm_gc::object::array_size(elem.elem(), len as usize);
        let at = self.alloc_for(counting, size, site, class.id, Some(len as u32))?;
        Ok(self.vm.heap.init_array(at, class.id, len as u32))
    }

    /// Builds a multi-dimensional array of `class` with the given dimension lengths, allocated at
    /// `site` (the sub-arrays, of other types, name their type).
    pub fn new_multi_array(
        &mut self,
        class: &'static Class,
        counts: &[i32],
        site: Site,
    ) -> JResult<Ref> {
        let arr = self.new_array_at(class, counts[0], site)?;
        if counts.len() == 1 || counts[0] == 0 {
            return Ok(arr);
        }
        let crate::model::class::ClassKind::Array { component, .. } = class.kind else {
            unreachable!()
        };
        let component = self.vm.classes.class(component);
        let h = self.push_handle(arr);
        for i in 0..counts[0] as usize {
            let sub = self.new_multi_array(component, &counts[1..], Site::typed(site.id))?;
            let arr = self.handle(h);
            self.store_ref_element(arr, i, sub);
        }
        let arr = self.handle(h);
        self.truncate_handles(h);
        Ok(arr)
    }

    /// Stops the world, collects, and resizes every TLAB. If another thread's collection ran
    /// while this one waited (and `cause` is allocation failure), that one counts instead and
    /// this returns false; true when this call's collection ran.
    pub fn collect(&mut self, cause: GcCause) -> bool {
        let vm = self.vm;
        let seen = vm.heap.gc_count();
        let requester = self.events.as_ref().map(ThreadEvents::thread_id);
        let outcome = self.blocking(ThreadState::Safepoint, || {
            vm.stop_the_world_and_collect(cause, seen, requester)
        });
        if let Some(s) = self.stress.as_mut() {
            s.real_end = 0;
        }
        match outcome {
            Ok(record) => record.is_some(),
            Err(e) => {
                self.blocking(ThreadState::Native, || vm.fail_verification(&e));
                true
            }
        }
    }

    // ---- monitors ----

    /// A new java.lang.String with the given UTF-16 contents, made by the VM.
    pub fn new_string_utf16(&mut self, chars: &[u16]) -> JResult<Ref> {
        let sites = self.vm.classes.wk().string_sites;
        self.new_string_utf16_at(chars, sites)
    }

    /// A new java.lang.String (and its char[]) allocated at `sites`.
    pub fn new_string_utf16_at(&mut self, chars: &[u16], sites: StringSites) -> JResult<Ref> {
        let wk = self.vm.classes.wk();
        let arr = self.new_array_at(wk.char_array, chars.len() as i32, sites.chars)?;
        self.vm.heap.store_u16_elements(arr, chars);
        let h = self.push_handle(arr);
        let s = self.new_object_at(wk.string, sites.string)?;
        let arr = self.handle(h);
        self.truncate_handles(h);
        self.store_ref(s, wk.string_value_offset as usize, arr);
        Ok(s)
    }

    pub fn new_string(&mut self, s: &str) -> JResult<Ref> {
        let chars: Vec<u16> = s.encode_utf16().collect();
        self.new_string_utf16(&chars)
    }

    /// The contents of a java.lang.String.
    pub fn string_chars(&self, s: Ref) -> Vec<u16> {
        let mem = &self.vm.heap.memory;
        let arr = mem.read_ref(s.offset() + self.vm.classes.wk().string_value_offset as usize);
        if arr.is_null() {
            return Vec::new();
        }
        let len = mem.array_length(arr) as usize;
        (0..len)
            .map(|i| mem.read_u16(arr.offset() + 16 + 2 * i))
            .collect()
    }

    pub fn rust_string(&self, s: Ref) -> String {
        String::from_utf16_lossy(&self.string_chars(s))
    }

    /// The interned string for a literal.
    pub fn intern_const(&mut self, sc: &'static crate::model::class::StringConst) -> JResult<Ref> {
        let r = Ref::from_raw(sc.value.load(std::sync::atomic::Ordering::Acquire));
        if !r.is_null() {
            return Ok(r);
        }
        let s = self.new_string_utf16(&sc.utf16)?;
        // Racing threads may both create the string: the first to publish wins, so a literal
        // has one identity everywhere.
        match sc.value.compare_exchange(
            0,
            s.raw(),
            std::sync::atomic::Ordering::AcqRel,
            std::sync::atomic::Ordering::Acquire,
        ) {
            Ok(_) => Ok(s),
            Err(winner) => Ok(Ref::from_raw(winner)),
        }
    }

    // ---- classes ----
}

/// Tells whoever observes the thread's allocations (`ThreadStack::observed`) of one placed at
/// `at` in its TLAB: the trace, in address order, and `--activity`'s counters. Out of line, so
/// that `alloc`'s fast path stays small enough to be inlined into the interpreter's loop; the
/// trace's part and the count further out, so that counting alone is a jump to the count.
#[inline(never)]
fn observe_in_tlab(
    st: &mut ThreadStack,
    site: Site,
    type_id: u32,
    len: Option<u32>,
    at: usize,
    size: usize,
) {
    if st.events.is_some() {
        trace_in_tlab(st, site, type_id, len, at, size);
    }
    count_allocation(st, size);
}

/// The trace's part of `observe_in_tlab`.
#[inline(never)]
fn trace_in_tlab(
    st: &mut ThreadStack,
    site: Site,
    type_id: u32,
    len: Option<u32>,
    at: usize,
    size: usize,
) {
    if let Some(events) = st.events.as_mut() {
        record_in_tlab(events, site, type_id, len, at, size);
        tick_death_clock(&mut st.mutator, size);
    }
}

/// `--activity`: the running frame's method allocated `size` bytes.
#[inline(never)]
fn count_allocation(st: &mut ThreadStack, size: usize) {
    if let (Some(_), Some(f)) = (&st.activity, st.frames.last()) {
        st.method_counts.allocated(f.method, size);
    }
}

/// Records one allocation placed at `at` in the thread's TLAB (in address order).
#[inline]
fn record_in_tlab(
    events: &mut ThreadEvents,
    site: Site,
    type_id: u32,
    len: Option<u32>,
    at: usize,
    size: usize,
) {
    if site.implies_type {
        events.alloc_in_tlab_at(site.id, len, at as u64, size as u64);
    } else {
        events.alloc_in_tlab_typed(site.id, type_id, None, len);
    }
}
/// Records one allocation placed at `at`, the next cell of the thread's run of `cell`-byte
/// cells (announced by `ThreadEvents::cells`).
#[inline]
fn record_in_cell(
    events: &mut ThreadEvents,
    site: Site,
    type_id: u32,
    len: Option<u32>,
    at: usize,
    size: usize,
    cell: usize,
) {
    let (at, size, cell) = (at as u64, size as u64, cell as u64);
    if site.implies_type {
        events.alloc_in_cell(site.id, type_id, len, at, size, cell);
    } else {
        events.alloc_in_cell_typed(site.id, type_id, len, at, size, cell);
    }
}

/// `--trace-deaths`: the allocation clock counts the bytes the trace records (only called when
/// tracing, so it costs nothing without a trace).
#[inline]
fn tick_death_clock(m: &mut Mutator, size: usize) {
    if let Some(deaths) = m.deaths.as_deref_mut() {
        deaths.allocated(size);
    }
}
/// Before throwing OutOfMemoryError: true if a collection that clears every soft reference is
/// worth trying (the last one discovered some), after asking for it.
fn clear_soft_refs_before_oom(t: &JThread) -> bool {
    let refs = t.vm.heap.types.references();
    if refs.soft_refs_seen() {
        refs.request_clear_all_soft();
        return true;
    }
    false
}
