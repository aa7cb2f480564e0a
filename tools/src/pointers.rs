//! The object graph as the heap model replays it (`--trace-pointers` traces): every object's
//! references and the GC roots, followed through the collections.
//!
//! A trace records an object's references only when they changed (docs/trace-format.md,
//! "Pointers and roots"). Everything else the model works out:
//!
//! - **Moves.** A collection that moves an object does not record its references again, nor
//!   those of the objects that point to it: at GC end every reference source and target is
//!   translated through the collection's moves (`note_move`, one entry per moved object or run
//!   of objects; a keep-alive is a move to the same place).
//! - **Deaths.** A reference to an object that died is dropped, and so are the references of
//!   the dead. (The collector cleared the referents of references whose referents died; a dead
//!   object's stale fields are nobody's business.) An address the collection neither moved
//!   nor kept is dead if it lay in a collected space: the caller says so (`gc_end`'s `is_dead`:
//!   the object is still in the model's back map).
//! - **The pause's own records.** The records of a pause carry addresses as the pause leaves
//!   them, so they wait (`pending`) until GC end, after the translation.

use crate::reader::{ObjectPointers, PointerSet, RootSet};
use gcvm_tracer::RootRecord;
use std::collections::BTreeMap;

/// The graph's state in the heap model.
#[derive(Clone, Debug, Default)]
pub struct PointerState {
    /// Each object's non-null references (slot, target address), by address; objects with
    /// none are absent.
    pub edges: BTreeMap<u64, Vec<(u32, u64)>>,
    /// The root set, in address order.
    pub roots: Vec<RootRecord>,
    /// This collection's moves: (from, to, bytes).
    moves: Vec<(u64, u64, u64)>,
    /// The last collection's moves, by destination (to, from, bytes): its GC start's graph is
    /// its GC end's taken back through them (`graph_at_last_start`).
    last_moves: Vec<(u64, u64, u64)>,
    /// A root set was applied at once since the last GC end: the trace writes the roots before
    /// each GC start, so at a GC start the roots are the pause's own, not the last GC end's.
    pub roots_fresh: bool,
    /// Records of the current pause, applied at its GC end.
    pending_pointers: Vec<ObjectPointers>,
    /// Marking records of the current pause (the references at the last initial mark's end),
    /// applied at its GC end before its own.
    pending_marking: Vec<ObjectPointers>,
    /// The marking records the last collection (or the end of the run) applied: the
    /// references, at the end of the initial mark before it, of the objects its marking found
    /// reachable that changed since the collection before that initial mark
    /// (`graph_at_marking_end`). None when it applied none.
    pub marking: Option<BTreeMap<u64, Vec<(u32, u64)>>>,
    /// The last GC end came with its pause's own root set: the graph there is the pause's own.
    /// Not so after an initial mark whose graph the next collection records (`marking`), or
    /// in traces that left a marking pause's logs to the next collection.
    pub recorded_at_last_end: bool,
    pending_roots: Option<Vec<RootRecord>>,
    /// Root sets seen (a trace with pointers has one per collection, and one at its end).
    pub root_sets: u64,
    /// Object records applied.
    pub records: u64,
}

impl PointerState {
    /// A Pointers event: applied now, or at the GC end of the pause it belongs to.
    pub fn pointers(&mut self, set: &PointerSet, in_gc: bool) {
        if set.of_marking {
            if in_gc {
                self.pending_marking.extend(set.objects.iter().cloned());
            } else {
                // The end of the run, while a marking was under way: nothing moved since.
                for o in &set.objects {
                    self.apply_object(o);
                }
                add_to_graph(self.marking.get_or_insert_with(BTreeMap::new), &set.objects);
            }
        } else if set.at_gc_end && in_gc {
            self.pending_pointers.extend(set.objects.iter().cloned());
        } else {
            for o in &set.objects {
                self.apply_object(o);
            }
        }
    }

    /// A Roots event: applied now, or at the GC end of the pause it belongs to.
    pub fn roots(&mut self, set: &RootSet, in_gc: bool) {
        if set.at_gc_end && in_gc {
            let pending = self.pending_roots.get_or_insert_with(Vec::new);
            if !set.continued {
                pending.clear();
            }
            pending.extend_from_slice(&set.roots);
        } else {
            if !set.continued {
                self.roots.clear();
                self.root_sets += 1;
            }
            self.roots.extend_from_slice(&set.roots);
            self.roots.sort_unstable();
            self.roots_fresh = true;
        }
    }

    fn apply_object(&mut self, o: &ObjectPointers) {
        self.records += 1;
        if o.continues {
            self.edges
                .entry(o.addr)
                .or_default()
                .extend_from_slice(&o.refs);
        } else if o.refs.is_empty() {
            self.edges.remove(&o.addr);
        } else {
            self.edges.insert(o.addr, o.refs.clone());
        }
    }

    /// During a collection: `bytes` bytes from `from` (one object, or a run) are now at `to`.
    pub fn note_move(&mut self, from: u64, to: u64, bytes: u64) {
        self.moves.push((from, to, bytes));
    }

    /// Objects in `[start, end)` died outside a collection (their space was released): their
    /// references, and references to them, go.
    pub fn kill_range(&mut self, start: u64, end: u64) {
        let doomed: Vec<u64> = self.edges.range(start..end).map(|(&a, _)| a).collect();
        for a in doomed {
            self.edges.remove(&a);
        }
        for refs in self.edges.values_mut() {
            refs.retain(|&(_, t)| !(start..end).contains(&t));
        }
        self.edges.retain(|_, refs| !refs.is_empty());
        self.roots.retain(|r| !(start..end).contains(&r.addr));
    }

    /// The collection ends: every source, target and root follows its object (`is_dead`: an
    /// address the collection did not move lay in a collected space, so its object died), then
    /// the pause's own records apply.
    pub fn gc_end(&mut self, mut is_dead: impl FnMut(u64) -> bool) {
        // The references at the last initial mark's end: they are the references now of the
        // objects not stored into since (those have records of their own, below). Their
        // addresses are the initial mark's, so they go in before the moves are followed
        // (the collectors that write them move nothing in between).
        let marking = std::mem::take(&mut self.pending_marking);
        self.marking = (!marking.is_empty()).then(|| {
            let mut graph = BTreeMap::new();
            add_to_graph(&mut graph, &marking);
            graph
        });
        for o in &marking {
            self.apply_object(o);
        }
        let mut moves = std::mem::take(&mut self.moves);
        moves.sort_unstable();
        let mut follow = |addr: u64| -> Option<u64> {
            let i = moves.partition_point(|m| m.0 <= addr);
            if i > 0 {
                let (from, to, bytes) = moves[i - 1];
                if addr < from + bytes {
                    return Some(addr - from + to);
                }
            }
            (!is_dead(addr)).then_some(addr)
        };
        let old = std::mem::take(&mut self.edges);
        for (src, mut refs) in old {
            let Some(now) = follow(src) else { continue };
            refs.retain_mut(|(_, t)| match follow(*t) {
                Some(n) => {
                    *t = n;
                    true
                }
                None => false,
            });
            if !refs.is_empty() {
                self.edges.insert(now, refs);
            }
        }
        let roots = std::mem::take(&mut self.roots);
        self.roots = roots
            .into_iter()
            .filter_map(|r| follow(r.addr).map(|addr| RootRecord { addr, ..r }))
            .collect();
        for o in std::mem::take(&mut self.pending_pointers) {
            self.apply_object(&o);
        }
        self.recorded_at_last_end = self.pending_roots.is_some();
        if let Some(roots) = self.pending_roots.take() {
            self.roots = roots;
            self.root_sets += 1;
        }
        self.roots.sort_unstable();
        self.roots_fresh = false;
        self.last_moves = moves
            .iter()
            .map(|&(from, to, bytes)| (to, from, bytes))
            .collect();
        self.last_moves.sort_unstable();
    }

    /// Where the object at `addr` after the last collection was at its GC start (itself, if
    /// the collection did not move it).
    pub fn origin(&self, addr: u64) -> u64 {
        let i = self.last_moves.partition_point(|m| m.0 <= addr);
        if i > 0 {
            let (to, from, bytes) = self.last_moves[i - 1];
            if addr < to + bytes {
                return addr - to + from;
            }
        }
        addr
    }

    /// Right after a collection's GC end: every object's references as they were at its GC
    /// start, by the object's address then. The world was stopped in between, so they are the
    /// references recorded at the GC end with holders and targets taken back through the
    /// moves — but for what the collection itself changed: the referents it cleared, and the
    /// objects it freed (their references are unknown; at the GC start nothing reached them but
    /// through those referents).
    pub fn graph_at_last_start(&self) -> BTreeMap<u64, Vec<(u32, u64)>> {
        self.edges
            .iter()
            .map(|(&holder, refs)| {
                let refs = refs
                    .iter()
                    .map(|&(slot, target)| (slot, self.origin(target)))
                    .collect();
                (self.origin(holder), refs)
            })
            .collect()
    }

    /// The graph at the end of an initial mark, from the state there (`self`) and the marking
    /// records of the collection that completed its marking (`marking`, that collection's
    /// `PointerState::marking`): every object's references as recorded before, but for those
    /// the records give. Exact for every object reachable at the initial mark but the
    /// referents that collection cleared (it did not reach them, so recorded nothing for
    /// them).
    pub fn graph_at_marking_end(
        &self,
        marking: &BTreeMap<u64, Vec<(u32, u64)>>,
    ) -> BTreeMap<u64, Vec<(u32, u64)>> {
        let mut graph = self.edges.clone();
        for (&addr, refs) in marking {
            if refs.is_empty() {
                graph.remove(&addr);
            } else {
                graph.insert(addr, refs.clone());
            }
        }
        graph
    }

    /// References held by the object at `addr`.
    pub fn refs_of(&self, addr: u64) -> &[(u32, u64)] {
        self.edges.get(&addr).map_or(&[], Vec::as_slice)
    }

    /// References in the graph.
    pub fn edge_count(&self) -> usize {
        self.edges.values().map(Vec::len).sum()
    }
}

/// Adds `records` (entries of Pointers events, in order) to `graph`, replacing each object's
/// references but where an entry continues the one before.
fn add_to_graph(graph: &mut BTreeMap<u64, Vec<(u32, u64)>>, records: &[ObjectPointers]) {
    for o in records {
        let refs = graph.entry(o.addr).or_default();
        if !o.continues {
            refs.clear();
        }
        refs.extend_from_slice(&o.refs);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gcvm_tracer::RootKind;

    fn record(addr: u64, refs: &[(u32, u64)]) -> ObjectPointers {
        ObjectPointers {
            addr,
            continues: false,
            refs: refs.to_vec(),
        }
    }

    fn set(at_gc_end: bool, objects: Vec<ObjectPointers>) -> PointerSet {
        PointerSet {
            at_gc_end,
            of_marking: false,
            objects,
        }
    }

    #[test]
    fn a_record_replaces_the_objects_references() {
        let mut p = PointerState::default();
        p.pointers(&set(false, vec![record(64, &[(4, 128), (5, 256)])]), false);
        p.pointers(&set(false, vec![record(64, &[(5, 512)])]), false);
        assert_eq!(p.refs_of(64), &[(5, 512)]);
    }

    #[test]
    fn references_follow_their_targets_through_a_move() {
        let mut p = PointerState::default();
        p.pointers(&set(false, vec![record(64, &[(4, 128)])]), false);
        p.note_move(128, 4096, 24);
        p.gc_end(|_| false);
        assert_eq!(p.refs_of(64), &[(4, 4096)]);
    }

    #[test]
    fn a_moved_object_keeps_its_references() {
        let mut p = PointerState::default();
        p.pointers(&set(false, vec![record(64, &[(4, 128)])]), false);
        p.note_move(0, 8192, 256);
        p.gc_end(|_| true);
        assert_eq!(p.refs_of(8192 + 64), &[(4, 8192 + 128)]);
        assert!(p.refs_of(64).is_empty());
    }

    #[test]
    fn references_to_the_dead_are_dropped() {
        let mut p = PointerState::default();
        p.pointers(&set(false, vec![record(64, &[(4, 128), (5, 256)])]), false);
        p.note_move(64, 64, 16);
        p.gc_end(|a| a == 128);
        assert_eq!(p.refs_of(64), &[(5, 256)]);
    }

    #[test]
    fn a_pauses_records_apply_after_its_moves() {
        let mut p = PointerState::default();
        p.pointers(&set(false, vec![record(64, &[(4, 128)])]), false);
        p.note_move(64, 1024, 16);
        // Recorded with addresses as the pause leaves them: 1024 is the object's new place.
        p.pointers(&set(true, vec![record(1024, &[(4, 2048)])]), true);
        p.gc_end(|_| true);
        assert_eq!(p.refs_of(1024), &[(4, 2048)]);
    }

    #[test]
    fn a_root_set_replaces_the_one_before_and_roots_follow_moves() {
        let mut p = PointerState::default();
        let root = |addr| RootRecord {
            addr,
            kind: RootKind::ThreadStack,
            detail: 1,
        };
        p.roots(
            &RootSet {
                at_gc_end: false,
                continued: false,
                roots: vec![root(64), root(128)],
            },
            false,
        );
        p.note_move(64, 640, 16);
        p.gc_end(|a| a == 128);
        assert_eq!(p.roots, vec![root(640)]);
        p.roots(
            &RootSet {
                at_gc_end: false,
                continued: false,
                roots: vec![root(32)],
            },
            false,
        );
        assert_eq!(p.roots, vec![root(32)]);
    }
}
