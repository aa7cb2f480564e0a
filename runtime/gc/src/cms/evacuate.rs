//! Compaction for concurrent mark-sweep: a full collection *evacuates the sparsest spans* of
//! each size class into the free slots of the fullest ones, so that whole spans go back to the
//! free list (mod.rs, "Compaction", says when and why; this file says how).
//!
//! ```text
//!  one size class, 20 slots per span (to draw it)    live  role
//!  span 3  [##.#.###.##.###.###.]                      14  destination: its holes are filled
//!  span 7  [#.#.##.#.#.##.#.#.#.]                      11  destination
//!  span 9  [..#......#...#......]                       3  source: its objects go to span 3
//!  span 12 [.#......#...........]                       2  source: its objects go to span 3
//!  span 20 [....................]                       0  empty: the sweep frees it
//!  30 live objects need ceil(30 / 20) = 2 spans: the two fullest stay, spans 9 and 12 are freed.
//! ```
//!
//! 1. **Plan** (`plan`, a pure function of each span's class and marked-object count): for each
//!    class, the live objects `L` of its spans need `k = ceil(L / slots per span)` spans. If
//!    more than `k` spans hold live objects, the `k` fullest become *destinations* and the rest
//!    *sources*. The fullest are kept because they hold the most objects, so the fewest objects
//!    move; `k` spans have room for all `L` objects, so every source's objects fit into the
//!    destinations' free slots, and every source is freed. A class whose live objects already
//!    fill as few spans as possible has nothing to gain and is left alone; so are large
//!    objects (whole spans: moving one frees nothing).
//! 2. **Sweep** every span but the sources (mod.rs): the destinations' garbage becomes free
//!    slots, ready to receive objects. The sources need no sweep: they are freed whole.
//! 3. **Evacuate** (`evacuate_class`, one class per task on the pause's workers: classes share
//!    no span): walk each source's slots in address order and copy each marked object — the
//!    whole slot, so an object smaller than its slot keeps its filler tail — into the next
//!    free slot of the destinations, also in address order. The copy keeps the GC word
//!    (identity hash, monitor index) and is one year older; the old copy's GC word becomes a
//!    *forwarding pointer* to the new one, and the new copy's mark bit is set. Neighbouring
//!    objects that land in neighbouring slots form a *run*, reported to the trace as one
//!    region move.
//! 4. **Update references** (`update_references`, span by span on the workers): every root and
//!    every reference field of every live object that names an object in a source span is
//!    replaced by the forwarding address found in that object's old GC word. A reference into
//!    any other span is left alone without reading its target (`Plan::source` says which
//!    spans moved out), so the pass reads each live object once and only moved targets'
//!    headers.
//! 5. **Release** the sources (their mark bits cleared) and rebuild the classes' partial
//!    lists: a destination with free slots left is partial again.
//!
//! Invariants: sources and destinations of a class are disjoint, and a span is a source of at
//! most one class, so the workers of step 3 never touch the same span; a destination slot is
//! taken only if it holds a filler after the sweep (it is free), so no live object is ever
//! overwritten; after step 4 no live object and no root references a source span, which is
//! why the sources can be freed; after step 5 the mark bitmap marks exactly the live objects.

use super::spans::{slots_in_span, SpanKind, CLASS_SIZES, SPAN_SIZE};
use super::ConcurrentMarkSweep;
use crate::collector::RootSource;
use crate::memory::HeapMemory;
use crate::object::{gcword, Ref, FILLER_TYPE, TYPE_OFFSET};
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::workers::WorkerPool;

/// One size class's part of a compaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassPlan {
    pub class: usize,
    /// The spans kept and filled (the fullest of the class), in address order.
    pub destinations: Vec<u32>,
    /// The spans emptied and freed (the sparsest), in address order.
    pub sources: Vec<u32>,
    /// The live objects in the sources: those that move.
    pub moving: usize,
}

/// What a compaction will do, class by class.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// The classes with spans to free, in class order.
    pub classes: Vec<ClassPlan>,
    /// Per span (by index): is it a source? (Spans past the end are not.)
    pub source: Vec<bool>,
}

impl Plan {
    pub fn is_source(&self, span: usize) -> bool {
        self.source.get(span) == Some(&true)
    }

    /// Spans the evacuation frees.
    pub fn sources(&self) -> usize {
        self.classes.iter().map(|c| c.sources.len()).sum()
    }

    /// Objects the evacuation moves.
    pub fn moving(&self) -> usize {
        self.classes.iter().map(|c| c.moving).sum()
    }
}

/// Chooses, for every size class, the spans to evacuate (step 1 of the module comment).
/// `kinds[s]` is span `s`'s kind and `live[s]` its marked objects (read for small spans only).
pub fn plan(kinds: &[SpanKind], live: &[usize]) -> Plan {
    let mut by_class: Vec<Vec<(u32, usize)>> = vec![Vec::new(); CLASS_SIZES.len()];
    for (s, kind) in kinds.iter().enumerate() {
        if let SpanKind::Small { class } = *kind {
            // An empty span is freed by the sweep; nothing to move out of it.
            if live[s] > 0 {
                by_class[class as usize].push((s as u32, live[s]));
            }
        }
    }
    let mut plan = Plan {
        classes: Vec::new(),
        source: vec![false; kinds.len()],
    };
    for (class, mut spans) in by_class.into_iter().enumerate() {
        let objects: usize = spans.iter().map(|&(_, live)| live).sum();
        let needed = objects.div_ceil(slots_in_span(class));
        if spans.len() <= needed {
            continue;
        }
        // Fullest first (fewest objects move); ties: lowest address first.
        spans.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let evacuated = spans.split_off(needed);
        let moving = evacuated.iter().map(|&(_, live)| live).sum();
        let mut destinations: Vec<u32> = spans.iter().map(|&(s, _)| s).collect();
        let mut sources: Vec<u32> = evacuated.iter().map(|&(s, _)| s).collect();
        destinations.sort_unstable();
        sources.sort_unstable();
        for &s in &sources {
            plan.source[s as usize] = true;
        }
        plan.classes.push(ClassPlan {
            class,
            destinations,
            sources,
            moving,
        });
    }
    plan
}

/// `count` neighbouring slots that moved together, from `from` to `to` (`bytes` of slots): one
/// region move in the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub from: usize,
    pub to: usize,
    pub count: u32,
    pub bytes: usize,
}

/// What evacuating one class did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evacuated {
    /// The moves, in the order they were made (sources in address order).
    pub runs: Vec<Run>,
    pub objects: usize,
    /// Slots of garbage the sources held (unmarked objects), freed with them.
    pub garbage_slots: usize,
}

/// The free slots of a class's destination spans, in address order.
struct FreeSlots<'a> {
    memory: &'a HeapMemory,
    base: usize,
    spans: &'a [u32],
    slot: usize,
    per_span: usize,
    span: usize,
    next: usize,
}

impl Iterator for FreeSlots<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while let Some(&s) = self.spans.get(self.span) {
            let start = self.base + s as usize * SPAN_SIZE;
            while self.next < self.per_span {
                let at = start + self.next * self.slot;
                self.next += 1;
                if self.memory.read_u32(at + TYPE_OFFSET) == FILLER_TYPE {
                    return Some(at);
                }
            }
            self.span += 1;
            self.next = 0;
        }
        None
    }
}

impl ConcurrentMarkSweep {
    /// Moves every marked object of the class's sources into free slots of its destinations
    /// (swept already), leaving a forwarding pointer in each old copy (step 3).
    pub(super) fn evacuate_class(
        &self,
        c: &ClassPlan,
        base: usize,
        bitmap: &MarkBitmap,
    ) -> Evacuated {
        let memory = &*self.memory;
        let slot = CLASS_SIZES[c.class] as usize;
        let per_span = slots_in_span(c.class);
        let mut free = FreeSlots {
            memory,
            base,
            spans: &c.destinations,
            slot,
            per_span,
            span: 0,
            next: 0,
        };
        let mut out = Evacuated::default();
        let mut run: Option<Run> = None;
        for &s in &c.sources {
            let start = base + s as usize * SPAN_SIZE;
            for k in 0..per_span {
                let at = start + k * slot;
                if memory.read_u32(at + TYPE_OFFSET) == FILLER_TYPE {
                    continue;
                }
                if !bitmap.is_marked(at) {
                    out.garbage_slots += 1;
                    continue;
                }
                let to = free
                    .next()
                    .expect("the destinations have a free slot for every object of the sources");
                let (old, new) = (Ref::from_offset(at), Ref::from_offset(to));
                memory.copy_object(at, to, slot);
                memory.set_gc_word(new, gcword::aged(memory.gc_word(old)));
                memory.forward_to(old, new);
                bitmap.mark(to);
                out.objects += 1;
                run = match run {
                    Some(r) if r.from + r.bytes == at && r.to + r.bytes == to => Some(Run {
                        count: r.count + 1,
                        bytes: r.bytes + slot,
                        ..r
                    }),
                    other => {
                        out.runs.extend(other);
                        Some(Run {
                            from: at,
                            to,
                            count: 1,
                            bytes: slot,
                        })
                    }
                };
            }
        }
        out.runs.extend(run);
        out
    }

    /// Makes every root and every reference field of a live object that names a moved object
    /// name its new copy (step 4). `kinds`: the spans as the sweep left them (sources included,
    /// skipped); the spans are shared out among `workers`, each span's fields written by one.
    pub(super) fn update_references(
        &self,
        kinds: &[SpanKind],
        plan: &Plan,
        base: usize,
        roots: &mut dyn RootSource,
        workers: &WorkerPool,
    ) {
        let (memory, types) = (&*self.memory, &*self.types);
        let forwarded = |r: Ref| -> Ref {
            if r.is_null() || !plan.is_source((r.offset() - base) / SPAN_SIZE) {
                return r;
            }
            let word = memory.gc_word(r);
            debug_assert!(
                gcword::is_forwarded(word),
                "a reference to {:#x}, in a span evacuated, to an object that did not move",
                r.offset()
            );
            gcword::forwarded_to(word)
        };
        roots.visit_roots(&mut |r| forwarded(r));
        let update = |obj: Ref| {
            memory.for_each_ref_slot(types, obj, |slot| {
                let target = memory.read_ref(slot);
                let now = forwarded(target);
                if now != target {
                    memory.write_ref(slot, now);
                }
            })
        };
        workers.for_each_index(kinds.len(), |s| {
            if plan.is_source(s) {
                return;
            }
            let start = base + s * SPAN_SIZE;
            match kinds[s] {
                SpanKind::Small { class } => {
                    let slot = CLASS_SIZES[class as usize] as usize;
                    for k in 0..slots_in_span(class as usize) {
                        let at = start + k * slot;
                        if memory.read_u32(at + TYPE_OFFSET) != FILLER_TYPE {
                            update(Ref::from_offset(at));
                        }
                    }
                }
                SpanKind::LargeHead { .. } => update(Ref::from_offset(start)),
                SpanKind::Free | SpanKind::LargeTail => {}
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::{spans, CmsMutator};
    use super::*;
    use crate::collector::{Collector, CollectorContext, GcCause, GcEventSink, HeapConfig};
    use crate::object::{array_size, ElemKind, Shape, TypeInfo, TypeRegistry, ARRAY_BASE};
    use std::collections::{BTreeMap, HashMap};
    use std::sync::atomic::Ordering;
    use std::sync::Arc;

    fn small(class: usize) -> SpanKind {
        SpanKind::Small { class: class as u8 }
    }

    /// Node: 32 bytes, an id (u64) at 16, references at 24 and 28.
    const NODE: u32 = 2;
    const REF_ARRAY: u32 = 3;
    const NODE_SIZE: usize = 32;

    struct Roots(Vec<Ref>);

    impl RootSource for Roots {
        fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
            for r in self.0.iter_mut() {
                *r = visit(*r);
            }
        }
    }

    /// The survivors a collection reported to the trace: (from, to, bytes) per run.
    #[derive(Default)]
    struct Reported(Vec<(usize, usize, usize)>);

    impl GcEventSink for Reported {
        fn region_moved(&mut self, from: u64, to: u64, _count: u32, bytes: u64) {
            self.0.push((from as usize, to as usize, bytes as usize));
        }
        fn kept_alive(&mut self, addr: u64, size: u32) {
            self.0.push((addr as usize, addr as usize, size as usize));
        }
    }

    fn collector(gc_threads: usize) -> ConcurrentMarkSweep {
        let max = 8 << 20;
        let memory =
            HeapMemory::reserve(ConcurrentMarkSweep::reservation_for(max)).expect("reserved");
        let types = TypeRegistry::new();
        let node = TypeInfo {
            name: "Node".into(),
            shape: Shape::Instance {
                size: NODE_SIZE as u32,
                ref_offsets: vec![24, 28].into_boxed_slice(),
            },
        };
        types.register(NODE, node).unwrap();
        let array = TypeInfo {
            name: "[LNode;".into(),
            shape: Shape::Array {
                elem: ElemKind::Ref,
            },
        };
        types.register(REF_ARRAY, array).unwrap();
        ConcurrentMarkSweep::new(CollectorContext {
            memory: Arc::new(memory),
            types: Arc::new(types),
            config: HeapConfig {
                initial_size: max,
                max_size: max,
                gc_threads,
                ..HeapConfig::default()
            },
        })
        .unwrap()
    }

    /// A heap fragmented on purpose: `spans` spans of nodes, of which every `keep`-th node
    /// survives, the survivors chained by their first field (`next`), the chain's head the one
    /// root, and every survivor also held by a large reference array (a second root), so that
    /// references to moved objects are found in small and large objects and in the roots.
    /// Node `i` carries id `i`. Returns the roots.
    fn fragmented_heap(cms: &ConcurrentMarkSweep, spans: usize, keep: usize) -> Roots {
        let memory = &*cms.memory;
        let mut local = CmsMutator {
            cursors: vec![None; CLASS_SIZES.len()],
            unflushed: 0,
            assist_debt: 0,
        };
        let class = spans::class_for(NODE_SIZE).unwrap();
        let n = spans * slots_in_span(class);
        let mut kept = Vec::new();
        for i in 0..n {
            let at = cms
                .alloc_small(&mut local, class, NODE_SIZE)
                .expect("room")
                .0;
            memory.init_header(at, NODE);
            memory.write_u64(at + 16, i as u64);
            if i % keep == 0 {
                kept.push(Ref::from_offset(at));
            }
        }
        for w in kept.windows(2) {
            memory.write_ref(w[0].offset() + 24, w[1]);
        }
        // At least 2100 elements (nulls after the survivors): a large object.
        let len = kept.len().max(2100);
        let size = array_size(ElemKind::Ref, len);
        assert!(size > spans::MAX_SMALL, "the array is a large object");
        let array = cms.alloc_large(&mut local, size).expect("room");
        memory.zero(array, size);
        memory.init_array_header(array, REF_ARRAY, len as u32);
        for (k, &r) in kept.iter().enumerate() {
            memory.write_ref(array + ARRAY_BASE + 4 * k, r);
        }
        cms.return_spans(&mut local);
        cms.used.fetch_add(local.unflushed, Ordering::Relaxed);
        Roots(vec![kept[0], Ref::from_offset(array)])
    }

    fn id(cms: &ConcurrentMarkSweep, r: Ref) -> u64 {
        cms.memory.read_u64(r.offset() + 16)
    }

    /// The chain from the first root: each node's id.
    fn chain(cms: &ConcurrentMarkSweep, roots: &Roots) -> Vec<u64> {
        let mut ids = Vec::new();
        let mut at = roots.0[0];
        while !at.is_null() {
            ids.push(id(cms, at));
            at = cms.memory.read_ref(at.offset() + 24);
        }
        ids
    }

    /// The survivors the large array (the second root) holds, in order.
    fn elements(cms: &ConcurrentMarkSweep, roots: &Roots) -> Vec<Ref> {
        let array = roots.0[1];
        (0..cms.memory.array_length(array) as usize)
            .map(|k| cms.memory.read_ref(array.offset() + ARRAY_BASE + 4 * k))
            .take_while(|r| !r.is_null())
            .collect()
    }

    fn array_ids(cms: &ConcurrentMarkSweep, roots: &Roots) -> Vec<u64> {
        elements(cms, roots)
            .into_iter()
            .map(|r| id(cms, r))
            .collect()
    }

    fn small_spans_in_use(cms: &ConcurrentMarkSweep) -> usize {
        let pool = cms.pool.lock();
        pool.spans[..pool.committed]
            .iter()
            .filter(|s| matches!(s.kind, SpanKind::Small { .. }))
            .count()
    }

    fn full_gc(cms: &ConcurrentMarkSweep, roots: &mut Roots, events: &mut dyn GcEventSink) {
        cms.full_collection(GcCause::SystemGc, roots, events);
    }

    #[test]
    fn the_fullest_spans_of_a_class_are_kept_and_the_sparsest_are_evacuated() {
        // Class 4 (48-byte slots, 682 per span): 900 objects need two spans.
        let kinds = [small(4), small(4), small(4), small(4), SpanKind::Free];
        let live = [100, 500, 100, 200, 0];
        let p = plan(&kinds, &live);
        assert_eq!(p.classes.len(), 1);
        let c = &p.classes[0];
        assert_eq!((c.class, c.destinations.clone()), (4, vec![1, 3]));
        assert_eq!(c.sources, vec![0, 2], "ties go to the lower address");
        assert_eq!(c.moving, 200);
        assert_eq!(p.source, vec![true, false, true, false, false]);
    }

    #[test]
    fn a_class_already_as_dense_as_it_can_be_is_left_alone() {
        // 682 + 1 objects need two spans, and two hold them: nothing to free.
        let kinds = [small(4), small(4), small(7)];
        assert_eq!(
            plan(&kinds, &[682, 1, 5]),
            Plan {
                classes: Vec::new(),
                source: vec![false; 3]
            }
        );
    }

    #[test]
    fn empty_spans_and_large_objects_are_never_sources() {
        let kinds = [
            small(0),
            small(0),
            SpanKind::LargeHead {
                spans: 2,
                size: 40_000,
            },
            SpanKind::LargeTail,
            small(0),
        ];
        let p = plan(&kinds, &[3, 0, 1, 0, 2]);
        assert_eq!(p.classes.len(), 1);
        assert_eq!(p.classes[0].destinations, vec![0]);
        assert_eq!(p.classes[0].sources, vec![4]);
        assert_eq!(p.sources(), 1);
        assert_eq!(p.moving(), 2);
    }

    #[test]
    fn a_full_collection_frees_the_spans_a_fragmented_heap_no_longer_needs() {
        for threads in [1, 2] {
            let cms = collector(threads);
            // 10 spans of 1024 nodes, every 10th alive: 1024 survivors fit in one span.
            let mut roots = fragmented_heap(&cms, 10, 10);
            assert_eq!(small_spans_in_use(&cms), 10);
            full_gc(&cms, &mut roots, &mut Reported::default());
            assert_eq!(small_spans_in_use(&cms), 1, "{threads} workers");
            let stats = cms.stats();
            assert_eq!(stats.compactions, 1);
            assert_eq!(stats.last_compaction.sources, 9);
            assert_eq!(stats.last_compaction.destinations, 1);
            assert_eq!(stats.last_compaction.objects, 1024 - 103);
            assert_eq!(
                cms.used(),
                1024 * NODE_SIZE + SPAN_SIZE,
                "1024 nodes, the array's span"
            );
        }
    }

    #[test]
    fn references_to_moved_objects_name_their_new_copies() {
        let cms = collector(2);
        let mut roots = fragmented_heap(&cms, 10, 10);
        let before = (chain(&cms, &roots), array_ids(&cms, &roots));
        let old_head = roots.0[0];
        full_gc(&cms, &mut roots, &mut Reported::default());
        assert_eq!((chain(&cms, &roots), array_ids(&cms, &roots)), before);
        assert_eq!(before.0.len(), 1024);
        // The head lived in the fullest span (the first: 103 survivors), so it stayed; every
        // reference now points into the one span left.
        assert_eq!(roots.0[0], old_head);
        let pool = cms.pool.lock();
        for r in elements(&cms, &roots) {
            assert!(matches!(
                pool.spans[pool.span_of(r.offset())].kind,
                SpanKind::Small { .. }
            ));
            assert!(
                !gcword::is_forwarded(cms.memory.gc_word(r)),
                "a live copy, not an old one"
            );
        }
    }

    #[test]
    fn moved_objects_keep_their_identity_hashes_and_age_by_one() {
        let cms = collector(1);
        let mut roots = fragmented_heap(&cms, 4, 4);
        let memory = &*cms.memory;
        let old = elements(&cms, &roots);
        let n = old.len();
        for (k, &r) in old.iter().enumerate() {
            memory.set_gc_word(
                r,
                gcword::with_identity_hash(memory.gc_word(r), 1000 + k as i32),
            );
        }
        full_gc(&cms, &mut roots, &mut Reported::default());
        let mut moved = 0;
        for (k, r) in elements(&cms, &roots).into_iter().enumerate() {
            let word = memory.gc_word(r);
            assert_eq!(gcword::identity_hash(word), Some(1000 + k as i32));
            assert_eq!(gcword::age(word), 1, "one collection survived");
            moved += (r != old[k]) as usize;
        }
        assert!(moved > n / 2, "most survivors moved: {moved} of {n}");
    }

    /// The trace's account: applying the reported runs to the objects before the collection
    /// gives the objects after it, each where it now is (as a trace reader rebuilds the heap).
    #[test]
    fn the_reported_moves_and_keep_alives_take_every_survivor_to_where_it_is() {
        let cms = collector(2);
        let mut roots = fragmented_heap(&cms, 6, 7);
        let memory = &*cms.memory;
        let objects = |cms: &ConcurrentMarkSweep| -> BTreeMap<usize, u64> {
            let mut out = BTreeMap::new();
            for (start, end) in cms.parseable_ranges() {
                let mut at = start;
                while at < end {
                    let obj = Ref::from_offset(at);
                    if memory.type_id(obj) == NODE {
                        out.insert(at, id(cms, obj));
                    }
                    at += memory.object_size(&cms.types, obj);
                }
            }
            out
        };
        let before = objects(&cms);
        let mut reported = Reported::default();
        full_gc(&cms, &mut roots, &mut reported);
        let after = objects(&cms);
        let mut rebuilt = HashMap::new();
        for &(from, to, bytes) in &reported.0 {
            for (&at, &i) in before.range(from..from + bytes) {
                assert!(
                    rebuilt.insert(at + to - from, i).is_none(),
                    "two objects at one place"
                );
            }
        }
        assert_eq!(rebuilt.into_iter().collect::<BTreeMap<_, _>>(), after);
        assert!(
            reported.0.iter().any(|&(from, to, _)| from != to),
            "some survivors moved"
        );
    }

    #[test]
    fn a_heap_without_sparse_spans_moves_nothing() {
        let cms = collector(1);
        // Every node survives: the spans are full.
        let mut roots = fragmented_heap(&cms, 3, 1);
        let before = chain(&cms, &roots);
        let mut reported = Reported::default();
        full_gc(&cms, &mut roots, &mut reported);
        assert_eq!(chain(&cms, &roots), before);
        assert!(reported.0.iter().all(|&(from, to, _)| from == to));
        assert_eq!(cms.stats().compactions, 0);
        assert_eq!(small_spans_in_use(&cms), 3);
    }

    /// The reachable graph as breadth-first search from the roots sees it: per object in
    /// visiting order, its type, its size and its references as visiting indices (None for
    /// null). Two heaps with the same shape give the same list, wherever the objects are.
    fn shape(cms: &ConcurrentMarkSweep, roots: &Roots) -> Vec<(u32, usize, Vec<Option<usize>>)> {
        let memory = &*cms.memory;
        let mut index: HashMap<Ref, usize> = HashMap::new();
        let mut order: Vec<Ref> = Vec::new();
        let visit = |r: Ref, index: &mut HashMap<Ref, usize>, order: &mut Vec<Ref>| {
            (!r.is_null()).then(|| {
                *index.entry(r).or_insert_with(|| {
                    order.push(r);
                    order.len() - 1
                })
            })
        };
        let root_ids: Vec<Option<usize>> = roots
            .0
            .iter()
            .map(|&r| visit(r, &mut index, &mut order))
            .collect();
        let mut out = vec![(0, root_ids.len(), root_ids)];
        let mut next = 0;
        while next < order.len() {
            let obj = order[next];
            next += 1;
            let mut refs = Vec::new();
            memory.for_each_ref_slot(&cms.types, obj, |slot| {
                refs.push(visit(memory.read_ref(slot), &mut index, &mut order))
            });
            out.push((
                memory.type_id(obj),
                memory.object_size(&cms.types, obj),
                refs,
            ));
        }
        out
    }

    /// A random heap: nodes and reference arrays of many sizes (many size classes, some large
    /// objects), random references, a few roots, and garbage nodes between them: much of it
    /// garbage, so that the nodes' spans are sparse.
    fn random_heap(cms: &ConcurrentMarkSweep, n: usize, seed: u64) -> Roots {
        let memory = &*cms.memory;
        let mut rng = seed | 1;
        let mut next = move |below: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % below as u64) as usize
        };
        let mut local = CmsMutator {
            cursors: vec![None; CLASS_SIZES.len()],
            unflushed: 0,
            assist_debt: 0,
        };
        let mut objects = Vec::new();
        for _ in 0..n {
            let len = match next(100) {
                0 => Some(2100 + next(4000)), // large
                1..=30 => Some(next(300)),
                _ => None,
            };
            let size = len.map_or(NODE_SIZE, |l| array_size(ElemKind::Ref, l));
            let at = match spans::class_for(size) {
                Some(class) => cms.alloc_small(&mut local, class, size).expect("room").0,
                None => cms.alloc_large(&mut local, size).expect("room"),
            };
            match len {
                Some(l) => memory.init_array_header(at, REF_ARRAY, l as u32),
                None => memory.init_header(at, NODE),
            }
            objects.push(Ref::from_offset(at));
            // Garbage nobody references, between the graph's nodes: sparse spans.
            for _ in 0..next(6) {
                let class = spans::class_for(NODE_SIZE).unwrap();
                let at = cms
                    .alloc_small(&mut local, class, NODE_SIZE)
                    .expect("room")
                    .0;
                memory.init_header(at, NODE);
            }
        }
        for (i, &obj) in objects.iter().enumerate() {
            let mut slots = Vec::new();
            memory.for_each_ref_slot(&cms.types, obj, |slot| slots.push(slot));
            for slot in slots {
                if next(3) > 0 {
                    // Mostly near objects: chains as well as fan-out.
                    let j = if next(4) == 0 {
                        next(n)
                    } else {
                        (i + 1 + next(6)).min(n - 1)
                    };
                    memory.write_ref(slot, objects[j]);
                }
            }
        }
        cms.return_spans(&mut local);
        cms.used.fetch_add(local.unflushed, Ordering::Relaxed);
        Roots((0..6).map(|_| objects[next(n / 3)]).collect())
    }

    #[test]
    fn a_random_heap_keeps_its_shape_through_compacting_full_collections() {
        for threads in [1, 2, 4] {
            let cms = collector(threads);
            let mut roots = random_heap(&cms, 4_000, 31 + threads as u64);
            let before = shape(&cms, &roots);
            assert!(
                before.len() > 200,
                "a graph worth compacting: {}",
                before.len()
            );
            let mut moved = 0;
            for _ in 0..3 {
                full_gc(&cms, &mut roots, &mut Reported::default());
                moved += cms.stats().last_compaction.objects;
                assert_eq!(shape(&cms, &roots), before, "{threads} workers");
            }
            assert!(moved > 0, "{threads} workers: something moved");
        }
    }
}
