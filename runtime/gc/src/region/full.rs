//! The full collection: the last resort before an OutOfMemoryError (and `System.gc()`), a
//! parallel-marking, sliding (Lisp-2) compaction of every non-humongous region at once (G1's
//! G1FullCollector, simplified to one compaction queue).
//!
//! 1. **Mark** everything reachable from the roots in the mark bitmap, with the parallel
//!    workers. A marking cycle in progress is abandoned.
//! 2. **Plan**: walk the eden, survivor and old regions in address order with a compaction
//!    point that starts at the first of them; each live object's new address is the point,
//!    which moves on by the object's size — to the next region in the list when the object
//!    does not fit in the rest of the current one. An object never moves up.
//! 3. **Update** every root and every reference field of every live object (humongous ones
//!    included) to the new addresses.
//! 4. **Move** the objects in address order (neighbours that stay neighbours in one memmove),
//!    restoring their headers one collection older. Regions the compaction point filled become
//!    old; the others are free. Live humongous objects stay; dead ones free their regions.
//! 5. **Rebuild** the remembered sets of the regions still tracked (humongous objects: every
//!    compacted region is a new old region, untracked) and the block offset tables from the
//!    heap, clean the cards.
//!
//! The trace sees a whole-heap collection (kind 1): runs that moved (region moves) and runs
//! that stayed (keep-alives); everything else died.

use super::regions::Role;
use super::RegionCollector;
use crate::collector::*;
use crate::object::{gcword, ElemKind, Ref, Shape, ARRAY_BASE};
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use crate::shared::sizing::workers_for;
use crate::shared::workers::{report_activity, WorkerPool};

const ARRAY_CHUNK: usize = 512;

impl RegionCollector {
    pub(crate) fn full_collection(
        &self,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.marking.abandon();
        {
            let mut p = self.policy.lock();
            p.candidates.clear();
        }
        self.set_mixed_phase(false);
        drop(self.dirty_queues.take_all());
        drop(self.hot_cards.take());
        let mut st = self.state.lock();
        let used_before: usize = (0..st.table.meta.len()).map(|i| st.table.used(i)).sum();
        st.eden_alloc = None;
        st.eden_regions = 0;
        st.retained_old = None;
        let end = self.geometry.reserved_end().min(
            self.geometry.bottom(
                st.table
                    .meta
                    .iter()
                    .rposition(|m| m.role != Role::Uncommitted)
                    .map_or(1, |i| i + 1),
            ),
        );
        let bitmap = self.marking.bitmap.read();
        self.marking.clear_bitmap_for_use(&bitmap, end);

        // 1. Mark.
        let workers = workers_for(self.gc_threads, used_before);
        self.mark_all(&bitmap, workers, roots, events);
        self.full_marked_step(events, &st.table.meta, &bitmap);

        // 2. Plan: forwarding addresses, saved headers in compaction order.
        let compacted: Vec<usize> = (0..st.table.meta.len())
            .filter(|&i| {
                matches!(
                    st.table.meta[i].role,
                    Role::Eden | Role::Survivor | Role::Old
                )
            })
            .collect();
        let memory = &*self.memory;
        let mut saved: Vec<u64> = Vec::new();
        let mut dest_k = 0;
        let mut point = compacted.first().map_or(0, |&i| self.geometry.bottom(i));
        let mut dest_tops: Vec<usize> =
            compacted.iter().map(|&i| self.geometry.bottom(i)).collect();
        let mut live_objects = 0;
        for &i in &compacted {
            let top = st.table.meta[i].top;
            for addr in bitmap.marked(self.geometry.bottom(i), top) {
                let obj = Ref::from_offset(addr);
                let size = memory.object_size(&self.types, obj);
                if point + size > self.geometry.end(compacted[dest_k]) {
                    dest_k += 1;
                    point = self.geometry.bottom(compacted[dest_k]);
                }
                saved.push(memory.gc_word(obj));
                memory.set_gc_word(obj, gcword::forwarding(Ref::from_offset(point)));
                point += size;
                dest_tops[dest_k] = point;
                live_objects += 1;
            }
        }

        // 3. Update references.
        let geometry = self.geometry;
        let forwardee = |r: Ref| -> Ref {
            let role = self.attrs.role_of(geometry.index_of(r.offset()));
            if role.is_humongous() {
                r
            } else {
                let word = memory.gc_word(r);
                debug_assert!(gcword::is_forwarded(word), "full GC: {r:?} was not marked");
                gcword::forwarded_to(word)
            }
        };
        roots.visit_roots(&mut |r| forwardee(r));
        let live_regions: Vec<(usize, usize)> = (0..st.table.meta.len())
            .filter_map(|i| {
                let m = &st.table.meta[i];
                let bottom = self.geometry.bottom(i);
                match m.role {
                    Role::Eden | Role::Survivor | Role::Old => Some((bottom, m.top)),
                    Role::HumongousStart if bitmap.is_marked(bottom) => Some((bottom, bottom + 8)),
                    _ => None,
                }
            })
            .collect();
        WorkerPool::new(workers).for_each_index(live_regions.len(), |k| {
            let (from, to) = live_regions[k];
            for addr in bitmap.marked(from, to) {
                memory.for_each_ref_slot(&self.types, Ref::from_offset(addr), |slot| {
                    let target = memory.read_ref(slot);
                    if !target.is_null() {
                        let new = forwardee(target);
                        if new != target {
                            memory.write_ref(slot, new);
                        }
                    }
                });
            }
        });

        // 4. Move, region by region in address order.
        let mut saved = saved.into_iter();
        let mut moved_bytes = 0;
        let mut run: Option<(usize, usize, usize, usize)> = None; // from, to, bytes, count
                                                                  // A run that stayed is a region move by zero (kept alive).
        let flush = |run: (usize, usize, usize, usize), events: &mut dyn GcEventSink| {
            let (from, to, bytes, count) = run;
            events.region_moved(from as u64, to as u64, count as u32, bytes as u64);
        };
        for &i in &compacted {
            let top = st.table.meta[i].top;
            for addr in bitmap.marked(self.geometry.bottom(i), top) {
                let obj = Ref::from_offset(addr);
                let to = gcword::forwarded_to(memory.gc_word(obj)).offset();
                let size = memory.object_size(&self.types, obj);
                memory.copy(addr, to, size);
                let original = saved.next().expect("a saved header for every live object");
                memory.set_gc_word(
                    Ref::from_offset(to),
                    gcword::aged(original) & !gcword::MARK_BIT,
                );
                self.bot.record(to, size);
                if to != addr {
                    moved_bytes += size;
                }
                match &mut run {
                    Some((f, t, b, c)) if *f + *b == addr && *t + *b == to => {
                        *b += size;
                        *c += 1;
                    }
                    _ => {
                        if let Some(r) = run.take() {
                            flush(r, events);
                        }
                        run = Some((addr, to, size, 1));
                    }
                }
            }
        }
        if let Some(r) = run.take() {
            flush(r, events);
        }
        for i in 0..st.table.meta.len() {
            if st.table.meta[i].role == Role::HumongousStart {
                let bottom = self.geometry.bottom(i);
                if bitmap.is_marked(bottom) {
                    let obj = Ref::from_offset(bottom);
                    let word = memory.gc_word(obj);
                    memory.set_gc_word(obj, gcword::aged(word));
                    events.kept_alive(bottom as u64, memory.object_size(&self.types, obj) as u32);
                    live_objects += 1;
                } else {
                    let mut k = i;
                    loop {
                        self.remsets.of(k).clear();
                        st.table.free(k);
                        k += 1;
                        if k >= st.table.meta.len() || st.table.meta[k].role != Role::HumongousCont
                        {
                            break;
                        }
                    }
                }
            }
        }
        drop(bitmap);

        // Regions: the compaction point's regions are old, the rest free.
        for (k, &i) in compacted.iter().enumerate() {
            let used_to = dest_tops[k];
            if used_to > self.geometry.bottom(i) {
                st.table.set_role(i, Role::Old);
                let m = &mut st.table.meta[i];
                m.top = used_to;
                m.tams = self.geometry.bottom(i);
                m.remark_top = m.tams;
                m.rebuild_top = m.tams;
                m.live_bytes = 0;
                m.needs_scrub = false;
            } else {
                st.table.free(i);
            }
        }
        for i in 0..st.table.meta.len() {
            self.marking.region_freed(i);
            let bottom = self.geometry.bottom(i);
            st.table.meta[i].tams = bottom;
        }
        let in_use: usize = (0..st.table.meta.len()).map(|i| st.table.used(i)).sum();
        let title = || {
            let old = st.table.meta.iter().filter(|m| m.role == Role::Old).count();
            format!(
                "Full collection: compacted into {old} old regions, {} KB in use",
                in_use.div_ceil(1024)
            )
        };
        self.full_compacted_step(events, &st.table.meta, title);

        // 5. Remembered sets from scratch, for the regions still tracked: the compacted old
        //    regions start untracked, as every new old region (a remark selects the ones worth
        //    a set), so only humongous objects' sets are rebuilt here.
        self.cards
            .clean_range(self.geometry.base, self.geometry.reserved_end());
        for i in 0..st.table.meta.len() {
            self.remsets.of(i).clear();
        }
        let any_tracked = (0..st.table.meta.len())
            .any(|i| st.table.meta[i].role.is_tenured() && self.attrs.is_tracked(i));
        for i in 0..st.table.meta.len() {
            if !any_tracked {
                break;
            }
            let m = st.table.meta[i];
            let bottom = self.geometry.bottom(i);
            let end = match m.role {
                Role::Old => m.top,
                Role::HumongousStart => {
                    bottom + memory.object_size(&self.types, Ref::from_offset(bottom))
                }
                _ => continue,
            };
            let mut at = bottom;
            while at < end {
                let obj = Ref::from_offset(at);
                memory.for_each_ref_slot(&self.types, obj, |slot| {
                    let target = memory.read_ref(slot);
                    if !target.is_null() {
                        let s = self.geometry.index_of(slot);
                        let t = self.geometry.index_of(target.offset());
                        if s != t && self.attrs.is_tracked(t) {
                            self.remsets
                                .add(t, s, super::remset::CardTable::card_of(slot));
                        }
                    }
                });
                at += memory.object_size(&self.types, obj);
            }
        }
        let used_after: usize = (0..st.table.meta.len()).map(|i| st.table.used(i)).sum();
        let committed = st.table.committed();
        drop(st);
        self.stats.lock().full_collections += 1;
        GcOutcome::whole_heap(
            used_before,
            used_after,
            committed * self.geometry.size,
            moved_bytes,
            live_objects,
        )
    }

    /// Marks everything reachable from `roots` (parallel, work stealing), discovering
    /// `java.lang.ref` references on the way, then processes them (shared/refs.rs): soft
    /// referents the policy keeps are marked with what they reach, dead referents cleared.
    /// Each worker's share goes to the trace as phase "mark".
    fn mark_all(
        &self,
        bitmap: &MarkBitmap,
        workers: usize,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) {
        let mut seeds: Vec<u64> = Vec::new();
        roots.visit_roots(&mut |r| {
            if bitmap.mark(r.offset()) {
                seeds.push(r.raw() as u64);
            }
            r
        });
        let marker = FullMarker { c: self, bitmap };
        let results = WorkerPool::new(workers).run(
            seeds,
            |_| (Discovered::default(), 0u64),
            |(discovered, traced), task, tasks| {
                let mut pending = vec![task];
                while let Some(t) = pending.pop() {
                    let mut produced = Vec::new();
                    *traced += 1;
                    marker.trace(t, discovered, &mut |c| produced.push(c));
                    for c in produced {
                        if let Err(c) = tasks.push(c) {
                            pending.push(c);
                        }
                    }
                }
            },
        );
        let stats: Vec<_> = results.iter().map(|(_, s)| *s).collect();
        let traced: Vec<u64> = results.iter().map(|((_, n), _)| *n).collect();
        report_activity(events, "mark", &stats, |i| (traced[i], 0));
        let mut discovered = Discovered::default();
        for ((d, _), _) in results {
            discovered.merge(d);
        }
        let mut liveness = marker;
        ReferenceProcessor::new(&self.types, &self.memory).process(discovered, &mut liveness);
    }
}

/// The full collection's marking closure (also its `Liveness` for reference processing).
struct FullMarker<'a> {
    c: &'a RegionCollector,
    bitmap: &'a MarkBitmap,
}

impl FullMarker<'_> {
    /// Scans one task (an object, or a chunk of a reference array): marks its unmarked
    /// children and hands the ones to scan to `out`. A reference whose referent is not marked
    /// yet is discovered instead of having its referent traced.
    fn trace(&self, task: u64, discovered: &mut Discovered, out: &mut dyn FnMut(u64)) {
        let memory = &*self.c.memory;
        let types = &*self.c.types;
        let bitmap = self.bitmap;
        let obj = Ref::from_raw(task as u32);
        let base = obj.offset();
        match &types.info(memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                let skip = types
                    .references()
                    .should_discover(memory, obj, |r| bitmap.is_marked(r.offset()))
                    .map(|(kind, slot)| {
                        discovered.push(kind, obj);
                        slot
                    });
                for &o in ref_offsets.iter() {
                    let slot = base + o as usize;
                    if Some(slot) == skip {
                        continue;
                    }
                    let child = memory.read_ref(slot);
                    if !child.is_null() && bitmap.mark(child.offset()) {
                        out(child.raw() as u64);
                    }
                }
            }
            Shape::Array {
                elem: ElemKind::Ref,
            } => {
                let len = memory.array_length(obj) as usize;
                let from = (task >> 32) as usize;
                let to = len.min(from + ARRAY_CHUNK);
                if to < len {
                    out(obj.raw() as u64 | (to as u64) << 32);
                }
                for i in from..to {
                    let child = memory.read_ref(base + ARRAY_BASE + 4 * i);
                    if !child.is_null() && bitmap.mark(child.offset()) {
                        out(child.raw() as u64);
                    }
                }
            }
            _ => {}
        }
    }
}

impl Liveness for FullMarker<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        self.bitmap.is_marked(obj.offset()).then_some(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let mut stack: Vec<u64> = objs
            .iter()
            .filter(|r| self.bitmap.mark(r.offset()))
            .map(|r| r.raw() as u64)
            .collect();
        while let Some(t) = stack.pop() {
            let mut produced = Vec::new();
            self.trace(t, discovered, &mut |c| produced.push(c));
            stack.extend(produced);
        }
        objs.to_vec()
    }
}
