//! The access API: which barrier hooks each kind of reference store runs, with which
//! arguments, and what it stores. A test collector (mark-compact underneath) declares both
//! barriers and logs every hook call.

mod common;

use common::*;
use gcvm_gc::markcompact::MarkCompact;
use gcvm_gc::memory::HeapMemory;
use gcvm_gc::object::{Ref, ARRAY_BASE};
use gcvm_gc::shared::queues::{LocalQueue, QueueSet};
use gcvm_gc::{
    Barrier, BarrierFilters, BarrierKind, Collector, CollectorContext, GcCause, GcEventSink,
    GcOutcome, Heap, HeapConfig, HolderFilter, Mutator, RootSource, SpaceInfo, Stw,
};
use parking_lot::Mutex;
use std::any::Any;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Hook {
    Pre { holder: Ref, slot: usize, old: Ref },
    Post { holder: Ref, slot: usize, new: Ref },
}

type Log = Arc<Mutex<Vec<Hook>>>;

struct LogBarrier {
    log: Log,
    /// Post-write entries also go through a real per-thread queue, flushed at safepoints.
    cards: LocalQueue,
}

impl Barrier for LogBarrier {
    fn pre_write(&mut self, holder: Ref, slot: usize, old: Ref) {
        self.log.lock().push(Hook::Pre { holder, slot, old });
    }
    fn post_write(&mut self, holder: Ref, slot: usize, new: Ref) {
        self.log.lock().push(Hook::Post { holder, slot, new });
        self.cards.push(slot as u32);
    }
    fn flush(&mut self) {
        self.cards.flush();
    }
    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

/// Mark-compact with a logging pre- and post-write barrier, and a holder filter that skips
/// nothing until a test sets it.
struct Logged {
    inner: Stw<MarkCompact>,
    log: Log,
    cards: Arc<QueueSet>,
    filter: HolderFilter,
}

impl Collector for Logged {
    fn name(&self) -> &'static str {
        "logged"
    }
    fn barrier(&self) -> BarrierKind {
        BarrierKind::PreAndPostWrite
    }
    fn barrier_filters(&self) -> BarrierFilters {
        BarrierFilters {
            holder_filter: Some(self.filter.clone()),
            ..BarrierFilters::default()
        }
    }
    fn new_mutator(&self, threads: usize) -> Mutator {
        let barrier = LogBarrier {
            log: self.log.clone(),
            cards: LocalQueue::new(self.cards.clone(), 1024),
        };
        Mutator::new(
            gcvm_tlab::Tlab::new(self.tlab_capacity(), threads),
            Box::new(barrier),
        )
    }
    fn spaces(&self) -> Vec<SpaceInfo> {
        self.inner.spaces()
    }
    fn alloc_tlab(&self, min: usize, desired: usize) -> Option<(usize, usize)> {
        self.inner.alloc_tlab(min, desired)
    }
    fn alloc_outside_tlab(&self, size: usize) -> Option<usize> {
        self.inner.alloc_outside_tlab(size)
    }
    fn tlab_capacity(&self) -> usize {
        self.inner.tlab_capacity()
    }
    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.inner.collect(cause, roots, events)
    }
    fn used(&self) -> usize {
        self.inner.used()
    }
    fn capacity(&self) -> usize {
        self.inner.capacity()
    }
    fn max_capacity(&self) -> usize {
        self.inner.max_capacity()
    }
    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        self.inner.parseable_ranges()
    }
}

struct Fixture {
    heap: Heap,
    m: Mutator,
    log: Log,
    cards: Arc<QueueSet>,
    filter: HolderFilter,
}

fn fixture() -> Fixture {
    fixture_with(|heap| heap)
}

/// The fixture, its heap built by `build` (`Heap::with_barrier_check`, ...).
fn fixture_with(build: impl FnOnce(Heap) -> Heap) -> Fixture {
    let config = HeapConfig {
        initial_size: 4 << 20,
        max_size: 4 << 20,
        gc_threads: 1,
        periodic_interval: None,
        region_size: None,
        pause_goal: None,
        young_size: None,
        huge_pages: false,
    };
    let types = registry();
    let memory = Arc::new(HeapMemory::reserve(MarkCompact::reservation_for(4 << 20)).unwrap());
    let inner = MarkCompact::new(CollectorContext {
        memory: memory.clone(),
        types: types.clone(),
        config: config.clone(),
    })
    .unwrap();
    let log = Log::default();
    let cards = QueueSet::new();
    let filter = HolderFilter::new(memory.size());
    let collector = Logged {
        inner: Stw::new(inner),
        log: log.clone(),
        cards: cards.clone(),
        filter: filter.clone(),
    };
    let heap = build(Heap::with_collector(
        Box::new(collector),
        memory,
        config,
        types,
    ));
    let m = heap.new_mutator(1);
    Fixture {
        heap,
        m,
        log,
        cards,
        filter,
    }
}

impl Fixture {
    fn alloc(&mut self, size: usize) -> usize {
        self.m
            .tlab
            .alloc(size)
            .or_else(|| self.heap.alloc_slow(&mut self.m, size))
            .unwrap()
    }
    fn node(&mut self) -> Ref {
        let at = self.alloc(NODE_SIZE);
        self.heap.init_object(at, NODE)
    }
    fn ref_array(&mut self, len: usize) -> Ref {
        let at = self.alloc(gcvm_gc::object::array_size(gcvm_gc::ElemKind::Ref, len));
        self.heap.init_array(at, REF_ARRAY, len as u32)
    }
    fn take_log(&self) -> Vec<Hook> {
        std::mem::take(&mut *self.log.lock())
    }
}

#[test]
fn a_field_store_runs_pre_with_the_old_value_and_post_with_the_new() {
    let mut f = fixture();
    let (holder, a, b) = (f.node(), f.node(), f.node());
    f.heap.store_ref(&mut f.m, holder, 24, a);
    f.heap.store_ref(&mut f.m, holder, 24, b);
    let slot = holder.offset() + 24;
    assert_eq!(
        f.take_log(),
        vec![
            Hook::Pre {
                holder,
                slot,
                old: Ref::NULL
            },
            Hook::Post {
                holder,
                slot,
                new: a
            },
            Hook::Pre {
                holder,
                slot,
                old: a
            },
            Hook::Post {
                holder,
                slot,
                new: b
            },
        ]
    );
    assert_eq!(f.heap.memory.read_ref(slot), b);
}

#[test]
fn an_element_store_names_the_array_and_the_element_slot() {
    let mut f = fixture();
    let (array, x) = (f.ref_array(4), f.node());
    f.heap.store_ref_element(&mut f.m, array, 3, x);
    let slot = array.offset() + ARRAY_BASE + 12;
    assert_eq!(
        f.take_log(),
        vec![
            Hook::Pre {
                holder: array,
                slot,
                old: Ref::NULL
            },
            Hook::Post {
                holder: array,
                slot,
                new: x
            },
        ]
    );
}

#[test]
fn an_arraycopy_runs_pre_on_every_overwritten_slot_and_post_on_every_written_one() {
    let mut f = fixture();
    let (src, dst) = (f.ref_array(3), f.ref_array(3));
    let xs = [f.node(), f.node(), f.node()];
    for (i, &x) in xs.iter().enumerate() {
        f.heap.store_ref_element(&mut f.m, src, i, x);
    }
    f.heap.store_ref_element(&mut f.m, dst, 1, xs[0]);
    f.take_log();
    f.heap.copy_ref_elements(&mut f.m, src, 1, dst, 0, 2);
    let slot = |i: usize| dst.offset() + ARRAY_BASE + 4 * i;
    assert_eq!(
        f.take_log(),
        vec![
            Hook::Pre {
                holder: dst,
                slot: slot(0),
                old: Ref::NULL
            },
            Hook::Pre {
                holder: dst,
                slot: slot(1),
                old: xs[0]
            },
            Hook::Post {
                holder: dst,
                slot: slot(0),
                new: xs[1]
            },
            Hook::Post {
                holder: dst,
                slot: slot(1),
                new: xs[2]
            },
        ]
    );
}

#[test]
fn an_overlapping_arraycopy_moves_elements_like_memmove() {
    let mut f = fixture();
    let array = f.ref_array(4);
    let xs = [f.node(), f.node(), f.node(), f.node()];
    for (i, &x) in xs.iter().enumerate() {
        f.heap.store_ref_element(&mut f.m, array, i, x);
    }
    f.heap.copy_ref_elements(&mut f.m, array, 0, array, 1, 3);
    let got: Vec<Ref> = (0..4)
        .map(|i| f.heap.memory.read_ref(array.offset() + ARRAY_BASE + 4 * i))
        .collect();
    assert_eq!(got, vec![xs[0], xs[0], xs[1], xs[2]]);
}

#[test]
fn a_clone_copies_the_body_and_runs_post_on_every_reference_slot() {
    let mut f = fixture();
    let (original, a) = (f.node(), f.node());
    f.heap.store_u32(original, 12, 77);
    f.heap.store_ref(&mut f.m, original, 28, a);
    f.take_log();
    let copy = f.node();
    f.heap.clone_body(
        &mut f.m,
        original,
        copy,
        gcvm_gc::object::FIRST_FIELD_OFFSET,
        NODE_SIZE,
    );
    assert_eq!(f.heap.memory.read_u32(copy.offset() + 12), 77);
    assert_eq!(
        f.take_log(),
        vec![
            Hook::Post {
                holder: copy,
                slot: copy.offset() + 24,
                new: Ref::NULL
            },
            Hook::Post {
                holder: copy,
                slot: copy.offset() + 28,
                new: a
            },
        ]
    );
}

#[test]
fn a_successful_cas_runs_both_hooks_and_a_failed_one_stores_nothing() {
    let mut f = fixture();
    let (holder, a, b) = (f.node(), f.node(), f.node());
    assert!(f.heap.cas_ref(&mut f.m, holder, 24, Ref::NULL, a));
    assert!(!f.heap.cas_ref(&mut f.m, holder, 24, b, b));
    assert_eq!(f.heap.memory.read_ref(holder.offset() + 24), a);
    let slot = holder.offset() + 24;
    assert_eq!(
        f.take_log(),
        vec![
            Hook::Pre {
                holder,
                slot,
                old: Ref::NULL
            },
            Hook::Post {
                holder,
                slot,
                new: a
            },
        ]
    );
}

/// The page range `obj` starts on, for `HolderFilter::set`.
fn page_of(obj: Ref) -> std::ops::Range<usize> {
    let page = obj.offset() >> gcvm_gc::HOLDER_PAGE_SHIFT << gcvm_gc::HOLDER_PAGE_SHIFT;
    page..page + (1 << gcvm_gc::HOLDER_PAGE_SHIFT)
}

#[test]
fn a_store_into_a_holder_on_a_filtered_page_runs_no_hook_but_still_stores() {
    let mut f = fixture();
    let holder = f.node();
    let a = f.node();
    f.filter.set(page_of(holder), true);
    f.heap.store_ref(&mut f.m, holder, 24, a);
    assert_eq!(f.take_log(), vec![]);
    assert_eq!(f.heap.memory.read_ref(holder.offset() + 24), a);
}

#[test]
fn clearing_a_pages_filter_byte_sends_its_stores_to_the_hooks_again() {
    let mut f = fixture();
    let holder = f.node();
    let a = f.node();
    f.filter.set(page_of(holder), true);
    f.filter.set(page_of(holder), false);
    f.heap.store_ref(&mut f.m, holder, 24, a);
    assert_eq!(f.take_log().len(), 2, "pre and post");
}

/// The hooks a store runs on a heap built by `build` while the filter skips every page.
fn hooks_with_every_page_filtered(build: impl FnOnce(Heap) -> Heap) -> Vec<Hook> {
    let mut f = fixture_with(build);
    let holder = f.node();
    let a = f.node();
    f.filter.set_all(true);
    f.heap.store_ref(&mut f.m, holder, 24, a);
    f.take_log()
}

#[test]
fn verify_barriers_sees_stores_the_holder_filter_would_skip() {
    assert_eq!(
        hooks_with_every_page_filtered(Heap::with_barrier_check).len(),
        2
    );
}

#[test]
fn trace_deaths_sees_stores_the_holder_filter_would_skip() {
    assert_eq!(
        hooks_with_every_page_filtered(Heap::with_death_tracking).len(),
        2
    );
}

#[test]
fn primitive_stores_run_no_barrier() {
    let mut f = fixture();
    let n = f.node();
    f.heap.store_u32(n, 12, 1);
    f.heap.store_u64(n, 16, 2);
    assert!(f.take_log().is_empty());
}

#[test]
fn a_heap_views_primitive_stores_land_where_the_heap_reads_them_and_run_no_barrier() {
    let mut f = fixture();
    let n = f.node();
    let view = f.heap.view();
    view.store_u8(n, 12, 0xab);
    view.store_u16(n, 14, 0xbeef);
    view.store_u64(n, 16, u64::MAX - 5);
    let mem = &f.heap.memory;
    assert_eq!(mem.read_u8(n.offset() + 12), 0xab);
    assert_eq!(mem.read_u16(n.offset() + 14), 0xbeef);
    assert_eq!(mem.read_u64(n.offset() + 16), u64::MAX - 5);
    view.store_u32(n, 12, 0x1234_5678);
    assert_eq!(view.read_u32(n.offset() + 12), 0x1234_5678);
    assert_eq!(
        view.read_u64(n.offset() + 16),
        mem.read_u64(n.offset() + 16)
    );
    assert!(f.take_log().is_empty());
}

#[test]
fn a_safepoint_flush_hands_the_threads_buffered_entries_to_the_collector() {
    let mut f = fixture();
    let (holder, a) = (f.node(), f.node());
    f.heap.store_ref(&mut f.m, holder, 24, a);
    assert_eq!(f.cards.pending_entries(), 0, "still in the thread's buffer");
    f.heap.flush_mutator(&mut f.m);
    assert_eq!(
        f.cards.take_all(),
        vec![vec![(holder.offset() + 24) as u32]]
    );
}

#[test]
fn stop_the_world_collectors_need_no_barrier_concurrent_mark_sweep_a_snapshot_one_region_both() {
    let config = HeapConfig {
        initial_size: 4 << 20,
        max_size: 4 << 20,
        gc_threads: 1,
        periodic_interval: None,
        region_size: None,
        pause_goal: None,
        young_size: None,
        huge_pages: false,
    };
    for name in gcvm_gc::COLLECTOR_NAMES {
        let heap = Heap::new(name, config.clone(), registry()).unwrap();
        let expected = match name {
            "concurrent-mark-sweep" => BarrierKind::PreWrite,
            "region" => BarrierKind::PreAndPostWrite,
            _ => BarrierKind::None,
        };
        assert_eq!(heap.barrier(), expected, "{name}");
    }
}
