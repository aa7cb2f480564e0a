//! The VM side of java.lang.ref (collectors' side: runtime/gc/src/shared/refs.rs).
//!
//! - When a class is defined, `note_class` tells the type registry which classes are references
//!   of which kind, and where `Reference.referent` and `SoftReference.timestamp` live.
//! - `Reference.get()` is native so that, while a concurrent collector marks, the referent it
//!   returns is kept alive through the SATB barrier (`Heap::keep_alive_referent`).
//! - The Reference Handler thread (Java, started by `Reference.<clinit>`) loops on
//!   `Reference.takePending()`, which blocks in a safe region until the collector has cleared
//!   some references, and enqueues each in its queue.
//! - `System.gc()` waits (a bounded time) until the references its collection cleared are
//!   enqueued, so that `queue.poll()` right after it sees them.
//! - `SoftReference.clock()` is the soft clock the LRU policy compares timestamps with.

use crate::model::class::Class;
use crate::runtime::thread::{JResult, JThread};
use gcvm_gc::shared::refs::RefKind;
use std::time::Duration;

/// How long `System.gc()` waits for the Reference Handler to enqueue what it cleared.
const ENQUEUE_PATIENCE: Duration = Duration::from_secs(2);

/// The reference kind the JDK class `name` (or a class extending it) has.
fn kind_of_name(name: &str) -> Option<RefKind> {
    match name {
        "java/lang/ref/SoftReference" => Some(RefKind::Soft),
        "java/lang/ref/WeakReference" => Some(RefKind::Weak),
        "java/lang/ref/FinalReference" => Some(RefKind::Final),
        "java/lang/ref/PhantomReference" => Some(RefKind::Phantom),
        _ => None,
    }
}

/// Registers `class` with the collector's reference processing if it is a reference class
/// (called before its type is published, so before any instance exists).
pub fn note_class(types: &gcvm_gc::TypeRegistry, class: &Class) {
    let refs = types.references();
    let offset_of = |field: &str| {
        class
            .fields
            .iter()
            .find(|f| f.name == field && !f.is_static())
            .map(|f| f.offset)
    };
    match class.name.as_str() {
        "java/lang/ref/Reference" => refs.set_layout(offset_of("referent").unwrap_or(0), None),
        "java/lang/ref/SoftReference" => refs.set_layout(0, offset_of("timestamp")),
        _ => {}
    }
    let mut c = Some(class);
    while let Some(k) = c {
        if let Some(kind) = kind_of_name(&k.name) {
            refs.set_reference_type(class.id, kind);
            return;
        }
        c = k.super_class;
    }
}

/// `Reference.get()`: the referent, kept alive for a concurrent marker.
pub fn reference_get(t: &mut JThread, a: usize) -> JResult<u64> {
    let obj = t.arg_ref(a, 0);
    let vm = t.vm;
    let offset = vm.heap.types.references().referent_offset();
    let referent = vm.heap.memory.read_ref(obj.offset() + offset);
    vm.heap.keep_alive_referent(&mut t.mutator, referent);
    Ok(referent.raw() as u64)
}

/// `Reference.takePending()`: the next cleared reference to enqueue (the Reference Handler).
pub fn reference_take_pending(t: &mut JThread, _a: usize) -> JResult<u64> {
    let refs = t.vm.heap.types.references();
    refs.handler_done();
    loop {
        t.blocking(|| refs.wait_for_pending());
        if let Some(r) = refs.pop_pending() {
            return Ok(r.raw() as u64);
        }
    }
}

/// `SoftReference.clock()`: the soft clock.
pub fn soft_reference_clock(t: &mut JThread, _a: usize) -> JResult<u64> {
    Ok(t.vm.heap.types.references().soft_clock() as u64)
}

/// After `System.gc()`: wait until what it cleared is enqueued.
pub fn wait_until_enqueued(t: &mut JThread) {
    let refs = t.vm.heap.types.references();
    t.blocking(|| refs.wait_until_enqueued(ENQUEUE_PATIENCE));
}

/// Before throwing OutOfMemoryError: true if a collection that clears every soft reference is
/// worth trying (the last one discovered some), after asking for it.
pub fn clear_soft_refs_before_oom(t: &JThread) -> bool {
    let refs = t.vm.heap.types.references();
    if refs.soft_refs_seen() {
        refs.request_clear_all_soft();
        return true;
    }
    false
}
