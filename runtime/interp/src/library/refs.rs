//! The VM side of java.lang.ref (collectors' side: runtime/gc/src/shared/refs.rs).
//!
//! - When a class is defined, link/references.rs tells the type registry which classes are
//!   references of which kind, and where `Reference.referent` and `SoftReference.timestamp` live.
//! - `Reference.get()` is native so that, while a concurrent collector marks, the referent it
//!   returns is kept alive through the SATB barrier (`Heap::keep_alive_referent`).
//! - The Reference Handler thread (Java, started by `Reference.<clinit>`) loops on
//!   `Reference.takePending()`, which blocks in a safe region until the collector has cleared
//!   some references, and enqueues each in its queue.
//! - `System.gc()` waits (a bounded time) until the references its collection cleared are
//!   enqueued, so that `queue.poll()` right after it sees them.
//! - `SoftReference.clock()` is the soft clock the LRU policy compares timestamps with.

use crate::runtime::thread::{JResult, JThread, ThreadState};
use std::time::Duration;

/// How long `System.gc()` waits for the Reference Handler to enqueue what it cleared.
const ENQUEUE_PATIENCE: Duration = Duration::from_secs(2);

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
        t.blocking(ThreadState::Waiting, || refs.wait_for_pending());
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
    t.blocking(ThreadState::Waiting, || {
        refs.wait_until_enqueued(ENQUEUE_PATIENCE)
    });
}
