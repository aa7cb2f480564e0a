//! Lab 01's scaffolding: a heap with no garbage collector at all (HotSpot's Epsilon, MMTk's
//! NoGC), whose allocation is the student's.
//!
//! The whole heap is one space, handed out front to back by a bump pointer and never
//! reclaimed: when it is full, the program gets an OutOfMemoryError. What is left to learn is
//! allocation itself, which every collector of gcvm shares:
//!
//! ```text
//!   the space:  [ TLAB t1 | TLAB t2 | big object | TLAB t1 ... | free ...            ]
//!               ^start                                         ^top                 ^end
//!   a TLAB:     [ objects ...        | free ...              |reserve]
//!               ^start               ^top                    ^end    ^hard end
//! ```
//!
//! - Each thread allocates in its own thread-local allocation buffer (TLAB) by bumping a
//!   pointer, with no lock: that fast path is gcvm's (gcvm-tlab's `Tlab::alloc`, inlined in the
//!   interpreter) and already works.
//! - When an object does not fit its TLAB, the thread takes the slow path
//!   (`Collector::alloc_slow`, below): the student's refill policy decides between retiring the
//!   TLAB for a new one and allocating the object on its own outside any TLAB, and the
//!   student's bump allocator carves either from the shared space, under its lock.
//!
//! The student writes four functions (`AllocationSteps`, student.rs):
//! 1. `bump`: bump-pointer allocation in the shared space;
//! 2. `carve_tlab`: a TLAB of the desired size, or what is left if that is at least the minimum;
//! 3. `desired_size`: how big a thread's TLABs should be;
//! 4. `decide`: refill or allocate outside — HotSpot's waste policy.
//!
//! gcvm's own versions: runtime/tlab/src/lib.rs (`slow_path`, `set_desired_size`) and
//! runtime/gc/src/collector.rs (`tlab_alloc_slow`); each collector's `alloc_tlab`.

use crate::Step;
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::memory::{HeapMemory, RESERVED_PREFIX};
use gcvm_gc::shared::barrier::NoBarrier;
use gcvm_gc::shared::sizing::align_down_page;
use gcvm_gc::{
    Collector, CollectorContext, GcCause, GcEventSink, GcOutcome, Mutator, RootSource, SpaceInfo,
    SpaceKind,
};
use gcvm_tlab::{Tlab, FILLER_RESERVE};
use parking_lot::Mutex;
use std::marker::PhantomData;

pub static STEP_1: Step = Step {
    lab: "01-allocation",
    number: 1,
    title: "bump-pointer allocation in the shared space",
};
pub static STEP_2: Step = Step {
    lab: "01-allocation",
    number: 2,
    title: "carve a TLAB out of the shared space",
};
pub static STEP_3: Step = Step {
    lab: "01-allocation",
    number: 3,
    title: "the desired TLAB size",
};
pub static STEP_4: Step = Step {
    lab: "01-allocation",
    number: 4,
    title: "the refill and waste policy (refill, or allocate outside the TLAB)",
};

/// The shared space: `[start, top)` handed out, `[top, end)` free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BumpSpace {
    pub start: usize,
    pub top: usize,
    pub end: usize,
}

/// What a thread's slow path knows of its TLAB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TlabState {
    /// No TLAB installed (a new thread, or just after a collection).
    pub empty: bool,
    /// Bytes still free in it (0 when empty).
    pub free: usize,
}

/// A thread's refill policy state (one per thread, kept with its TLAB).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefillPolicy {
    /// The size of the thread's next TLAB.
    pub desired_size: usize,
    /// A TLAB with at most this many bytes free may be retired (its tail wasted) for a new one.
    pub refill_waste_limit: usize,
}

/// The slow path's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Retire the TLAB (its free tail becomes a filler) and carve a new one of `size` bytes.
    Refill { size: usize },
    /// Keep the TLAB and allocate the object on its own, from the shared space.
    Outside,
}

/// HotSpot's TLABWasteTargetPercent: TLAB waste should stay within 1% of the space, so a
/// thread refills about 100 / (2 * 1) = 50 times between collections.
pub const TARGET_REFILLS: usize = 50;
/// HotSpot's TLABRefillWasteFraction: a TLAB may be retired with up to 1/64 of it free.
pub const REFILL_WASTE_FRACTION: usize = 64;
/// HotSpot's TLABWasteIncrement: each allocation outside the TLAB raises the limit by this.
pub const WASTE_INCREMENT: usize = 32;
/// The smallest and largest TLAB.
pub const MIN_TLAB: usize = gcvm_tlab::MIN_SIZE;
pub const MAX_TLAB: usize = gcvm_tlab::MAX_SIZE;
/// Bytes a TLAB keeps free at its end for a filler object (see the picture above).
pub const RESERVE: usize = FILLER_RESERVE;

/// The student's part: see README.md.
pub trait AllocationSteps: Send + Sync + 'static {
    /// Step 1: `size` bytes at the space's top, or None when they do not fit.
    fn bump(space: &mut BumpSpace, size: usize) -> Option<usize>;
    /// Step 2: a TLAB `[start, end)` of `desired` bytes, or of what is left if that is less but
    /// at least `min`; None (space unchanged) when not even `min` bytes are left.
    fn carve_tlab(space: &mut BumpSpace, min: usize, desired: usize) -> Option<(usize, usize)>;
    /// Step 3: the TLAB size for a thread among `threads` allocating ones, in a space of
    /// `capacity` bytes.
    fn desired_size(capacity: usize, threads: usize) -> usize;
    /// Step 4: an object of `size` bytes did not fit the thread's TLAB: refill or go outside.
    fn decide(policy: &mut RefillPolicy, tlab: TlabState, size: usize) -> Decision;
}

/// The lab's collector: one bump space, no collection.
pub struct LabAllocation<S: AllocationSteps> {
    name: &'static str,
    space: Mutex<BumpSpace>,
    steps: PhantomData<S>,
}

impl<S: AllocationSteps> LabAllocation<S> {
    pub fn new(ctx: CollectorContext, name: &'static str) -> Result<Self, String> {
        let size = Self::space_size(ctx.config.max_size);
        if ctx.memory.size() < RESERVED_PREFIX + size {
            return Err(format!("{name}: the heap reservation is too small"));
        }
        Ok(LabAllocation {
            name,
            space: Mutex::new(BumpSpace {
                start: RESERVED_PREFIX,
                top: RESERVED_PREFIX,
                end: RESERVED_PREFIX + size,
            }),
            steps: PhantomData,
        })
    }

    fn space_size(max_size: usize) -> usize {
        align_down_page(max_size).max(1 << 20)
    }

    /// Bytes of address space for a heap of `max_size`: the whole heap is one space.
    pub fn reservation_for(max_size: usize) -> usize {
        RESERVED_PREFIX + Self::space_size(max_size)
    }

    /// Checks what the student's carve returned, so a mistake stops with a message naming
    /// the step instead of corrupting the heap.
    fn check_tlab(before: BumpSpace, after: BumpSpace, min: usize, tlab: Option<(usize, usize)>) {
        let Some((start, end)) = tlab else {
            if after != before {
                crate::wrong(
                    &STEP_2,
                    format!("it returned None but changed the space from {before:?} to {after:?}"),
                );
            }
            return;
        };
        if start != before.top || end != after.top || end < start + min || end > before.end {
            crate::wrong(
                &STEP_2,
                format!(
                    "it returned [{start}, {end}) (min {min}) from a space whose top went from {} \
                     to {} (end {}): a TLAB starts at the old top, ends at the new one, holds at \
                     least min bytes and stays within the space",
                    before.top, after.top, before.end
                ),
            );
        }
        if (end - start) % 8 != 0 {
            crate::wrong(
                &STEP_2,
                format!(
                    "a TLAB of {} bytes is not a multiple of 8 (objects are 8-aligned)",
                    end - start
                ),
            );
        }
    }

    /// Checks a desired TLAB size.
    fn check_desired_size(size: usize) {
        if !size.is_multiple_of(8) || !(MIN_TLAB..=MAX_TLAB).contains(&size) {
            crate::wrong(
                &STEP_3,
                format!("a desired TLAB size of {size} bytes: it must be a multiple of 8 within [{MIN_TLAB}, {MAX_TLAB}]"),
            );
        }
    }
}

impl<S: AllocationSteps> Collector for LabAllocation<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn new_mutator(&self, threads: usize) -> Mutator {
        let desired_size = S::desired_size(self.tlab_capacity(), threads.max(1));
        Self::check_desired_size(desired_size);
        let policy = RefillPolicy {
            desired_size,
            refill_waste_limit: desired_size / REFILL_WASTE_FRACTION,
        };
        Mutator::new(
            Tlab::new(self.tlab_capacity(), threads),
            Box::new(NoBarrier),
        )
        .with_local(Box::new(policy))
    }

    fn alloc_slow(&self, mutator: &mut Mutator, memory: &HeapMemory, size: usize) -> Option<usize> {
        let tlab = TlabState {
            empty: mutator.tlab.is_empty(),
            free: if mutator.tlab.is_empty() {
                0
            } else {
                mutator.tlab.free()
            },
        };
        let policy = mutator
            .local_mut::<RefillPolicy>()
            .expect("every lab-allocation mutator has a refill policy");
        match S::decide(policy, tlab, size) {
            Decision::Outside => {
                let at = self.alloc_outside_tlab(size)?;
                memory.gc_zero(at, size);
                Some(at)
            }
            Decision::Refill { size: desired } => {
                if desired % 8 != 0 {
                    crate::wrong(
                        &STEP_4,
                        format!(
                            "Refill {{ size: {desired} }}: a TLAB size must be a multiple of 8"
                        ),
                    );
                }
                let min = size + RESERVE;
                if let Some((from, to)) = mutator.tlab.retire(false) {
                    memory.gc_fill_gap(from, to);
                }
                let (start, end) = self.alloc_tlab(min, desired.max(min))?;
                memory.gc_zero(start, end - start);
                mutator.tlab.install(start, end);
                let policy = mutator.local_mut::<RefillPolicy>().expect("checked above");
                policy.refill_waste_limit = policy.desired_size / REFILL_WASTE_FRACTION;
                mutator.tlab.alloc(size)
            }
        }
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let s = *self.space.lock();
        vec![SpaceInfo {
            id: 0,
            name: "bump".into(),
            kind: SpaceKind::Old,
            start: s.start,
            end: s.end,
            reserved_end: s.end,
            top: s.top,
        }]
    }

    fn alloc_tlab(&self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let mut space = self.space.lock();
        let before = *space;
        let tlab = S::carve_tlab(&mut space, min, desired);
        Self::check_tlab(before, *space, min, tlab);
        tlab
    }

    fn alloc_outside_tlab(&self, size: usize) -> Option<usize> {
        let mut space = self.space.lock();
        let before = *space;
        let at = S::bump(&mut space, size);
        let fine = match at {
            Some(at) => at == before.top && space.top == at + size && space.top <= space.end,
            None => *space == before,
        };
        if !fine {
            crate::wrong(
                &STEP_1,
                format!(
                    "bump({size}) returned {at:?} and moved top from {} to {} (end {})",
                    before.top, space.top, space.end
                ),
            );
        }
        at
    }

    fn tlab_capacity(&self) -> usize {
        let s = self.space.lock();
        s.end - s.start
    }

    /// No garbage collector: a collection frees nothing (an allocation that still does not
    /// fit ends in an OutOfMemoryError).
    fn collect(
        &self,
        _cause: GcCause,
        _roots: &mut dyn RootSource,
        _events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used = self.used();
        GcOutcome::whole_heap(used, used, self.capacity(), 0, 0)
    }

    fn used(&self) -> usize {
        let s = self.space.lock();
        s.top - s.start
    }

    fn capacity(&self) -> usize {
        self.tlab_capacity()
    }

    fn max_capacity(&self) -> usize {
        self.tlab_capacity()
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let s = self.space.lock();
        vec![(s.start, s.top)]
    }
}
