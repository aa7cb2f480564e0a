//! Per-mutator collector state (mmtk's `Mutator`): what each Java thread holds of its collector.
//!
//! The collector creates it when the thread starts (`Collector::new_mutator`), flushes it at
//! every safepoint (the TLAB is retired so spaces are parseable; barrier buffers are handed
//! over) and retires it when the thread exits. The VM never looks inside except for the TLAB's
//! inline bump fast path; everything else is the collector's:
//!
//! - `tlab`: a bump-pointer buffer, for copying, compacting and region collectors. A free-list
//!   collector leaves it empty, so every allocation takes the slow path into its own cache.
//! - `barrier`: the thread's write-barrier hooks and buffers (shared/barrier.rs).
//! - `local`: anything else the collector keeps per thread (free-list caches, allocation
//!   colour), reached with `local_mut::<T>()`.

use crate::deaths::MutatorDeaths;
use crate::shared::barrier::Barrier;
use gcvm_tlab::Tlab;
use std::any::Any;

pub struct Mutator {
    pub tlab: Tlab,
    pub(crate) barrier: Box<dyn Barrier>,
    local: Option<Box<dyn Any + Send>>,
    /// `--trace-deaths`: the thread's stamps (deaths.rs); None when off.
    pub deaths: Option<Box<MutatorDeaths>>,
}

impl Mutator {
    pub fn new(tlab: Tlab, barrier: Box<dyn Barrier>) -> Mutator {
        Mutator {
            tlab,
            barrier,
            local: None,
            deaths: None,
        }
    }

    /// The same, with collector-specific per-thread state.
    pub fn with_local(mut self, local: Box<dyn Any + Send>) -> Mutator {
        self.local = Some(local);
        self
    }

    /// The collector's per-thread state, if it is of type `T`.
    pub fn local_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.local.as_mut()?.downcast_mut::<T>()
    }

    /// The thread's barrier (for a collector reaching its buffers at a pause).
    pub fn barrier_mut(&mut self) -> &mut dyn Barrier {
        &mut *self.barrier
    }
}
