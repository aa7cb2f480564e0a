//! `--verify-barriers`: a proof, at every pause, that no reference store skipped the barrier.
//!
//! The check wraps whatever barrier the collector declared in a *recording* barrier whose
//! post-write hook also notes the slot it saw. At the end of every pause it snapshots every
//! non-null reference slot of the heap (slot and value, in address order). At the start of the
//! next pause — every mutator stopped and flushed — it walks the heap again: a slot whose value
//! is non-null and differs from the snapshot must have been seen by the post-write hook since
//! then. A store that went around the access API (a raw write, a forgotten arraycopy or clone
//! path) shows up as a changed slot nobody saw, and the pause fails like a heap-verification
//! failure, naming the object's type, the slot and the value.
//!
//! Null stores are not checked (a post-write barrier has nothing to do for null), nor are the
//! GC's own writes (it runs in the pause, between the two walks). The check costs a heap walk
//! per pause and a hash set of the slots stored to: it is a testing tool, not for production.

use crate::collector::Collector;
use crate::memory::HeapMemory;
use crate::object::{Ref, TypeRegistry, FILLER_TYPE};
use crate::shared::barrier::{Barrier, BarrierKind};
use parking_lot::Mutex;
use std::any::Any;
use std::collections::HashSet;
use std::sync::Arc;

/// The checker's state, shared by every thread's recording barrier.
#[derive(Default)]
pub struct BarrierCheck {
    /// Slots recorded by post-write hooks (flushed by the threads) since the last pause.
    seen: Mutex<HashSet<u32>>,
    /// Every non-null reference slot after the last pause: (slot, value), ascending by slot.
    snapshot: Mutex<Vec<(u32, u32)>>,
}

impl BarrierCheck {
    pub fn new() -> Arc<BarrierCheck> {
        Arc::new(BarrierCheck::default())
    }

    /// The barrier kind mutators must run: the collector's, plus post-write.
    pub fn kind(inner: BarrierKind) -> BarrierKind {
        match inner {
            BarrierKind::None | BarrierKind::PostWrite => BarrierKind::PostWrite,
            BarrierKind::PreWrite | BarrierKind::PreAndPostWrite => BarrierKind::PreAndPostWrite,
        }
    }

    /// Wraps a mutator's barrier so that its post-writes are recorded.
    pub fn wrap(
        self: &Arc<Self>,
        inner: Box<dyn Barrier>,
        inner_kind: BarrierKind,
    ) -> Box<dyn Barrier> {
        Box::new(RecordingBarrier {
            inner,
            inner_kind,
            local: Vec::new(),
            check: self.clone(),
        })
    }

    /// At a pause's start: every changed non-null reference slot was seen by the barrier.
    pub fn check(
        &self,
        memory: &HeapMemory,
        types: &TypeRegistry,
        collector: &dyn Collector,
    ) -> Result<(), String> {
        let seen = std::mem::take(&mut *self.seen.lock());
        let snapshot = self.snapshot.lock();
        let mut old = snapshot.iter().peekable();
        let mut failure = None;
        for_each_ref_slot(memory, types, collector, |obj, slot, value| {
            while old.peek().is_some_and(|&&(s, _)| (s as usize) < slot) {
                old.next();
            }
            let before = match old.peek() {
                Some(&&(s, v)) if s as usize == slot => v,
                _ => 0,
            };
            if value.raw() != before && !seen.contains(&(slot as u32)) && failure.is_none() {
                let name = &types.info(memory.type_id(obj)).name;
                failure = Some(format!(
                    "barrier check: a store of {value:?} into {name} at {obj:?}+{} (slot {slot:#x}) \
                     was not seen by the write barrier",
                    slot - obj.offset()
                ));
            }
        });
        failure.map_or(Ok(()), Err)
    }

    /// At a pause's end: remembers every non-null reference slot.
    pub fn snapshot(&self, memory: &HeapMemory, types: &TypeRegistry, collector: &dyn Collector) {
        let mut snapshot = Vec::new();
        for_each_ref_slot(memory, types, collector, |_, slot, value| {
            snapshot.push((slot as u32, value.raw()));
        });
        *self.snapshot.lock() = snapshot;
        self.seen.lock().clear();
    }
}

/// Calls `f(object, slot, value)` for every non-null reference slot of the collector's live
/// objects, in address order.
fn for_each_ref_slot(
    memory: &HeapMemory,
    types: &TypeRegistry,
    collector: &dyn Collector,
    mut f: impl FnMut(Ref, usize, Ref),
) {
    let mut ranges = collector.parseable_ranges();
    ranges.sort_unstable();
    let dead = collector.dead_test();
    let is_dead = |obj| dead.as_ref().is_some_and(|dead| dead(obj));
    for (start, top) in ranges {
        let mut at = start;
        while at < top {
            let obj = Ref::from_offset(at);
            let size = memory.object_size(types, obj);
            if memory.type_id(obj) != FILLER_TYPE && !is_dead(obj) {
                memory.for_each_ref_slot(types, obj, |slot| {
                    let value = memory.read_ref(slot);
                    if !value.is_null() {
                        f(obj, slot, value);
                    }
                });
            }
            at += size;
        }
    }
}

/// A mutator's barrier under the check: the collector's barrier, plus a record of post-writes.
struct RecordingBarrier {
    inner: Box<dyn Barrier>,
    inner_kind: BarrierKind,
    local: Vec<u32>,
    check: Arc<BarrierCheck>,
}

impl Barrier for RecordingBarrier {
    fn pre_write(&mut self, holder: Ref, slot: usize, old: Ref) {
        if self.inner_kind.has_pre() {
            self.inner.pre_write(holder, slot, old);
        }
    }

    fn post_write(&mut self, holder: Ref, slot: usize, new: Ref) {
        self.local.push(slot as u32);
        if self.inner_kind.has_post() {
            self.inner.post_write(holder, slot, new);
        }
    }

    fn pre_write_range(&mut self, mem: &HeapMemory, holder: Ref, first: usize, count: usize) {
        if self.inner_kind.has_pre() {
            self.inner.pre_write_range(mem, holder, first, count);
        }
    }

    fn post_write_range(&mut self, mem: &HeapMemory, holder: Ref, first: usize, count: usize) {
        self.local
            .extend((0..count).map(|k| (first + 4 * k) as u32));
        if self.inner_kind.has_post() {
            self.inner.post_write_range(mem, holder, first, count);
        }
    }

    fn flush(&mut self) {
        if !self.local.is_empty() {
            self.check.seen.lock().extend(self.local.drain(..));
        }
        self.inner.flush();
    }

    fn as_any(&mut self) -> &mut dyn Any {
        self.inner.as_any()
    }
}

impl Drop for RecordingBarrier {
    fn drop(&mut self) {
        self.flush();
    }
}
