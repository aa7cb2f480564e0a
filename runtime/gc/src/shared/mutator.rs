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
//! - `placement`: where the last slow-path allocation went, for the trace: a collector that
//!   hands out runs of equal free cells says so, and the trace announces each run once instead
//!   of every object's address (docs/trace-format.md, "Runs of cells").

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
    /// `--trace-pointers`: the thread's log of objects stored into (pointers.rs); None when off.
    pub pointers: Option<Box<crate::pointers::MutatorPointers>>,
    /// Where the collector's slow path put the last object (`Heap::alloc_slow` sets it to
    /// `Placement::Explicit` before asking the collector).
    pub placement: Placement,
}

/// Where a slow-path allocation went, as far as the trace cares. A TLAB refill the VM sees for
/// itself (the TLAB's refill count moves); this tells an object the trace must place
/// explicitly from one in a run of free cells, whose address the trace's reader infers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Placement {
    /// Anywhere (or a TLAB refill): the trace records what it must.
    #[default]
    Explicit,
    /// In the first cell of a new run of `count` free cells of `cell` bytes that starts at the
    /// object: the thread's run of that cell size from now on (it replaces the earlier one).
    /// `skipped`: Some(n) when the new run follows the thread's current run of that cell size
    /// in the same stretch of cells, `n` taken cells after its end (its start is then implied).
    NewRun {
        cell: usize,
        count: usize,
        skipped: Option<usize>,
    },
    /// In the next cell of the thread's current run of `cell`-byte cells.
    NextCell { cell: usize },
    /// In the first cell of a map of free cells of `cell` bytes that starts at the object:
    /// bit i of `free` is the cell `i` cells on (bit 0 set). The map's stretches of free cells
    /// are the thread's runs of that cell size from now on, one after the other in address
    /// order (it replaces the earlier run).
    NewMap { cell: usize, free: u64 },
}

impl Mutator {
    pub fn new(tlab: Tlab, barrier: Box<dyn Barrier>) -> Mutator {
        Mutator {
            tlab,
            barrier,
            local: None,
            deaths: None,
            pointers: None,
            placement: Placement::Explicit,
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
