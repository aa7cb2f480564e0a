//! The region collector: a garbage-first (G1) collector in miniature — a heap of equal regions
//! whose roles change every collection, young and mixed evacuation pauses driven by remembered
//! sets, concurrent marking, and a pause-time goal (after Detlefs et al. 2004, "Garbage-First
//! Garbage Collection", and HotSpot's gc/g1).
//!
//! # Regions (regions.rs)
//! The heap is cut into equal power-of-two regions (G1's size rule: heap / 2048 between 1 and
//! 32 MB, relaxed so a small heap still has at least 64 regions; `--region-size` overrides).
//! Each region is **free**, **eden** (mutators allocate here: TLABs are carved from the current
//! eden region), **survivor** (young objects that survived a collection), **old**, or part of a
//! **humongous** object (an object of half a region or more gets contiguous regions of its own:
//! a *start* region and *continues* regions; it never moves). Eden plus survivor is the young
//! generation; its size is not fixed but chosen by the policy before every collection. The
//! controller thread keeps the free regions the next pause will copy into backed by memory, so
//! that no pause waits for the kernel to fault in a page it copies into.
//!
//! # Pauses
//! ```text
//!  Young (Normal)  Young (Normal) .. Young (Concurrent Start)  ..  Remark .. Cleanup  Mixed Mixed ..
//!  [eden+surv]     [eden+surv]       [eden+surv] + mark roots  conc. mark  conc. scrub  [young + some old]
//! ```
//! - **Young collection** (evacuate.rs): when eden reaches its target, the world stops and the
//!   *collection set* — every eden and survivor region — is evacuated: live objects are copied
//!   by parallel workers into survivor regions (or old regions once they are old enough: the
//!   *tenuring threshold* adapts to how full survivor space gets) and the collection set's
//!   regions become free. Cost is proportional to the live young objects, not to the heap.
//! - **Finding the live young objects without scanning the old generation** is what remembered
//!   sets are for (remset.rs). Roots are the VM's roots plus every old or humongous slot that
//!   points into the collection set — and those slots are exactly the ones on the *cards* the
//!   collection set's remembered sets name.
//! - **Marking** (marking.rs): when old and humongous regions fill more than 45% of the heap
//!   (IHOP), a young collection also starts a marking cycle (*Concurrent Start*): the
//!   controller thread marks the tenured objects concurrently, a *Remark* pause finishes
//!   (and clears the `java.lang.ref` references whose referents it did not mark) and selects
//!   the old regions with little live data, dead objects are scrubbed concurrently, the
//!   selected regions' remembered sets are *rebuilt* concurrently, and a *Cleanup* pause frees
//!   empty regions and picks the old regions that give back most garbage per millisecond as
//!   *candidates*.
//! - **Mixed collections** then add some candidates to the collection set of each young
//!   collection — "garbage first": the regions that give back most for the least copying —
//!   until the candidates are used up or what is left is not worth it.
//! - **Full collection** (full.rs): when an evacuation cannot find room (*evacuation failure*:
//!   objects stay in place, forwarded to themselves, and their region becomes old) and too
//!   little is free afterwards, or a humongous object finds no contiguous free regions, a
//!   sliding compaction of the whole heap follows in the same safepoint (`Collector::follow_up`):
//!   the last resort before an OutOfMemoryError. `System.gc()` is a full collection too.
//!
//! # Remembered-set tracking (regions.rs, remset.rs)
//! Only regions some pause will evacuate keep a remembered set (G1's remembered-set tracking):
//! young regions, the old regions that are mixed candidates, humongous primitive arrays (for
//! eager reclaim). Every other old region is *untracked*: nobody remembers pointers into it.
//! An old region starts untracked; the remark selects the ones with little live data, a
//! concurrent rebuild fills their sets, the cleanup completes those still worth collecting and
//! drops the rest, and the end of the mixed collections drops what is left.
//!
//! # Barriers (remset.rs)
//! `BarrierKind::PreAndPostWrite`, as G1:
//! - **post-write card marking**: a store of a reference into another, tracked region, into a
//!   slot of a non-young region, dirties the slot's 512-byte card and logs it in the thread's
//!   dirty-card queue. *Refinement* — on the controller thread when queues grow — turns dirty cards into
//!   remembered-set entries; a pause scans the cards still dirty along with the remembered
//!   ones and remembers what they point to as it goes.
//! - **pre-write SATB** (while marking only): the overwritten reference, if tenured, is logged
//!   so the marking sees the heap as it was when the cycle started.
//! - **fast path**: a store into a young holder outside marking needs neither hook. A byte per
//!   4 KiB page says so (the access API's `HolderFilter`, kept by `Attrs` in regions.rs) and is
//!   the one test inlined at every store; marking, null and same-region stores are filtered
//!   out of line before any hook is called.
//!
//! # Invariants
//! - Every reference from a tenured region into another region whose remembered set is
//!   complete (young regions, mixed candidates, humongous primitive arrays) is in that
//!   region's remembered set or on a dirty card; an untracked region's set is empty
//!   (`--verify-heap` checks both after every pause). Young regions need no remembered-set
//!   entries for references *out* of them: they are always collected.
//! - During an evacuation every object of the collection set is either unvisited, forwarded to
//!   its copy (exactly once, by a compare-and-swap), or forwarded to itself (evacuation
//!   failure); objects outside the collection set never move.
//! - While marking: every tenured object below its region's TAMS that was strongly reachable
//!   at the concurrent start, or that `Reference.get()` returned since, is marked by the
//!   remark; objects above TAMS and young objects are live.
//! - Between pauses every region's `[bottom, top)` is parseable (TLAB and PLAB tails are
//!   fillers); dead objects found by marking stay parseable until scrubbed (`is_dead` hides
//!   them from heap walks until then).
//!
//! # The cost model and the pause goal (policy.rs)
//! `--pause-goal MS` (default 200, G1's MaxGCPauseMillis): every pause is timed per phase, and
//! decaying averages of the cost per card, per copied byte and the fixed cost predict the next
//! pause; the eden size and the old regions of a mixed collection are chosen so that the
//! prediction fits the goal. `-Xlog:gc*` prints predicted against actual for every pause.
//!
//! # What it reports to the tracer
//! Every region is a space of the trace (id = region index, kind = its role); role changes are
//! synced at the start and the end of every pause, so the trace's regions are exact at every
//! boundary. An evacuation pause is a minor collection (GC kind 0) that names each region of
//! its collection set, then reports every copy (`plab` + `moved`, replayed per worker) and every
//! object kept in place by an evacuation failure (`kept_alive`); eagerly reclaimed humongous
//! regions are released. Remark and Cleanup are marking pauses (kind 2): the remark names every
//! tenured region and reports its survivors as runs kept in place (so objects the marking found
//! dead die there), the cleanup releases the regions it frees. A full collection is a whole-heap
//! collection (kind 1) reporting region moves and keep-alives.
//!
//! # Log (-Xlog:gc)
//! G1's words: `Pause Young (Normal) (G1 Evacuation Pause)`, `Pause Young (Concurrent Start)`,
//! `Pause Young (Mixed)`, `Concurrent Mark Cycle`, `Pause Remark`, `Pause Cleanup`,
//! `Pause Full (G1 Compaction Pause)`, `To-space exhausted`; `-Xlog:gc*` adds the regions per
//! role before and after (`gc,heap`), the predictions (`gc,ergo`) and the concurrent phases
//! (`gc,marking`).

mod evac_sets;
pub mod evacuate;
pub mod full;
pub mod marking;
pub mod policy;
pub mod regions;
pub mod remset;
mod steps;

use crate::collector::*;
use crate::memory::{HeapMemory, RESERVED_PREFIX};
use crate::object::{Ref, TypeRegistry};
use crate::shared::controller::{ConcurrentGate, Controller, VmControl};
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::queues::{LocalQueue, QueueSet};
use marking::Marking;
use parking_lot::{Condvar, Mutex};
use policy::Policy;
use regions::{Geometry, RegionMeta, RegionTable, Role, Tracking};
use remset::{
    BarrierShared, Bot, CardTable, HotCards, RegionBarrier, RemSets, YoungCards, DIRTY_CARD_BUFFER,
};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The region collector's own heap streams (docs/stream-format.md).
const STREAM_LIVE: u16 = gcvm_tracer::stream::standard::COUNT;
const STREAM_REMSET: u16 = STREAM_LIVE + 1;

/// Entries per thread SATB buffer.
pub const SATB_BUFFER: usize = 1024;
/// The most memory the controller backs ahead of the copies of the next pause.
const POPULATE_AHEAD: usize = 8 << 20;
/// The memory one unit of populating backs (a transparent huge page).
const POPULATE_CHUNK: usize = 2 << 20;
/// How often the controller thread looks at the queues when nothing wakes it.
const CONTROLLER_TICK: Duration = Duration::from_millis(5);
/// Concurrent refinement checks for a waiting pause every this many cards.
const YIELD_CHECK_CARDS: usize = 16;
/// The heap grows (by a quarter of its maximum) when a collection leaves less than this share
/// of it free.
const GROW_FREE_PERCENT: usize = 30;

/// Names of the region collector's pauses, as its GC log prints them (G1's words).
pub const CAUSE_EVACUATION: &str = "G1 Evacuation Pause";
pub const CAUSE_COMPACTION: &str = "G1 Compaction Pause";
pub use gcvm_tracer::stream::region_steps::{PAUSE_CLEANUP, PAUSE_REMARK};

/// What the collector did so far, for tests, the log and the curious.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RegionStats {
    pub young_collections: u64,
    pub mixed_collections: u64,
    pub concurrent_starts: u64,
    pub full_collections: u64,
    pub evacuation_failures: u64,
    pub marking_cycles: u64,
    pub humongous_allocated: u64,
    pub humongous_reclaimed_eagerly: u64,
    pub humongous_reclaimed_at_cleanup: u64,
    pub old_regions_reclaimed_at_cleanup: u64,
    pub cards_refined_concurrently: u64,
    pub cards_refined_in_pauses: u64,
    /// Cards of young regions' sets that pauses skipped as no longer pointing into young.
    pub stale_young_cards_skipped: u64,
    /// Pauses whose time exceeded the predicted time / the goal.
    pub pauses_over_goal: u64,
    pub evacuation_pauses: u64,
    /// Last evacuation pause: predicted and actual milliseconds.
    pub last_predicted_ms: f64,
    pub last_actual_ms: u64,
}

/// What kind of young collection the next evacuation pause is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum YoungKind {
    Normal,
    ConcurrentStart,
    Mixed,
}

/// Allocation state under the heap lock.
pub struct HeapState {
    pub table: RegionTable,
    /// The eden region TLABs are carved from.
    pub eden_alloc: Option<usize>,
    /// Eden regions taken since the last young collection.
    pub eden_regions: usize,
    /// The old region the last evacuation was promoting into, if not full: the next one goes
    /// on filling it (G1's retained old GC alloc region), so that pauses promoting a little
    /// each do not each leave a mostly empty old region behind.
    pub retained_old: Option<usize>,
}

pub struct RegionCollector {
    pub(crate) memory: Arc<HeapMemory>,
    pub(crate) types: Arc<TypeRegistry>,
    pub(crate) geometry: Geometry,
    pub(crate) gc_threads: usize,
    pub(crate) state: Mutex<HeapState>,
    pub(crate) attrs: Arc<regions::Attrs>,
    pub(crate) cards: Arc<CardTable>,
    pub(crate) bot: Bot,
    pub(crate) hot_cards: HotCards,
    /// Which cards still point into a young region (stale young set entries are skipped).
    pub(crate) young_cards: Arc<YoungCards>,
    pub(crate) remsets: RemSets,
    pub(crate) dirty_queues: Arc<QueueSet>,
    pub(crate) barrier_shared: Arc<BarrierShared>,
    pub(crate) marking: Marking,
    /// Held by refinement (per buffer), scrubbing (per region) and every pause: old regions and
    /// remembered sets change under it.
    pub(crate) refine_lock: Mutex<()>,
    /// Queued dirty cards that wake concurrent refinement (the policy's, after every pause).
    pub(crate) refine_threshold: AtomicUsize,
    /// Cards refined concurrently since the last evacuation pause (for `gc,phases`).
    pub(crate) refined_since_pause: AtomicUsize,
    pub(crate) policy: Mutex<Policy>,
    pub(crate) stats: Mutex<RegionStats>,
    pub(crate) vm: OnceLock<&'static dyn VmControl>,
    controller: Mutex<Option<Controller>>,
    /// Set by an evacuation pause that could not make enough room: the VM runs a full
    /// collection right after it, in the same safepoint.
    follow_up: Mutex<Option<GcCause>>,
    /// The size of the last humongous allocation that found no room (0: none).
    pending_humongous: AtomicUsize,
    /// The next young collection starts a marking cycle.
    start_marking: AtomicBool,
    /// Mixed collections are due (candidates left after a cleanup).
    mixed_phase: AtomicBool,
    /// Keeps the controller's work (refinement, marking, scrubbing) out of stopped worlds.
    pub(crate) gate: ConcurrentGate,
    /// Wakes the controller (marking to do, or many dirty cards).
    pub(crate) wake: (Mutex<bool>, Condvar),
    max_regions: usize,
    /// Per region: its memory has been touched, so a first touch will not fault it in: the
    /// controller populated it ahead, or it was used (eden, humongous, a pause's copies).
    pub(crate) backed: Box<[AtomicBool]>,
    /// The evacuation pause's card-list buffers, kept between pauses.
    pub(crate) card_lists: Mutex<evacuate::CardLists>,
    /// Each region's objects as the viewer's last heap frame binned them (region/steps.rs).
    pub(crate) frame_bins: Mutex<steps::FrameBins>,
}

impl RegionCollector {
    pub fn new(ctx: CollectorContext) -> Result<RegionCollector, String> {
        let region_size = Geometry::region_size_for(ctx.config.max_size, ctx.config.region_size)?;
        let geometry = Geometry::new(RESERVED_PREFIX, region_size, ctx.config.max_size);
        let needed = geometry.reserved_end();
        if ctx.memory.size() < needed {
            return Err(format!(
                "heap reservation of {} bytes is smaller than the {needed} the region collector needs \
                 (was the heap built for another --region-size?)",
                ctx.memory.size()
            ));
        }
        let committed = ctx
            .config
            .initial_size
            .div_ceil(region_size)
            .clamp(8.min(geometry.count), geometry.count);
        let table = RegionTable::new(geometry, committed);
        let attrs = table.attrs.clone();
        let reserved_end = geometry.reserved_end();
        let cards = Arc::new(CardTable::new(reserved_end));
        let young_cards = Arc::new(YoungCards::new(reserved_end));
        let barrier_shared = Arc::new(BarrierShared {
            geometry,
            attrs: attrs.clone(),
            cards: cards.clone(),
            young_cards: young_cards.clone(),
        });
        let bitmap = MarkBitmap::reserved(RESERVED_PREFIX, reserved_end);
        let pause_goal = ctx.config.pause_goal.unwrap_or(policy::DEFAULT_PAUSE_GOAL);
        let mut policy = Policy::new(pause_goal, region_size, committed);
        policy.fixed_young_regions = ctx
            .config
            .young_size
            .map(|bytes| bytes.div_ceil(region_size).max(2));
        policy.choose_young_target(committed, committed, 0, 0);
        Ok(RegionCollector {
            memory: ctx.memory,
            types: ctx.types,
            geometry,
            gc_threads: ctx.config.gc_threads.max(1),
            state: Mutex::new(HeapState {
                table,
                eden_alloc: None,
                eden_regions: 0,
                retained_old: None,
            }),
            attrs: attrs.clone(),
            cards,
            bot: Bot::new(reserved_end),
            hot_cards: HotCards::new(reserved_end),
            young_cards,
            remsets: RemSets::new(&geometry),
            card_lists: Mutex::default(),
            dirty_queues: QueueSet::new(),
            barrier_shared,
            marking: Marking::new(bitmap, attrs.clone(), geometry.count),
            refine_lock: Mutex::new(()),
            refine_threshold: AtomicUsize::new(policy::MIN_REFINE_THRESHOLD_CARDS),
            refined_since_pause: AtomicUsize::new(0),
            backed: (0..geometry.count)
                .map(|_| AtomicBool::new(false))
                .collect(),
            policy: Mutex::new(policy),
            stats: Mutex::new(RegionStats::default()),
            vm: OnceLock::new(),
            controller: Mutex::new(None),
            follow_up: Mutex::new(None),
            pending_humongous: AtomicUsize::new(0),
            start_marking: AtomicBool::new(false),
            mixed_phase: AtomicBool::new(false),
            gate: ConcurrentGate::default(),
            frame_bins: Mutex::default(),
            wake: (Mutex::new(false), Condvar::new()),
            max_regions: geometry.count,
        })
    }

    /// Bytes the reservation must have for a heap of `max_size` (with the default region size;
    /// `--region-size` builds through `reservation_for_config`).
    pub fn reservation_for(max_size: usize) -> usize {
        Self::reservation_for_config(max_size, None)
    }

    pub fn reservation_for_config(max_size: usize, region_size: Option<usize>) -> usize {
        let size = Geometry::region_size_for(max_size, region_size)
            .unwrap_or_else(|_| Geometry::region_size_for(max_size, None).unwrap());
        Geometry::new(RESERVED_PREFIX, size, max_size).reserved_end()
    }

    pub fn region_size(&self) -> usize {
        self.geometry.size
    }

    pub fn stats(&self) -> RegionStats {
        self.stats.lock().clone()
    }

    /// Region roles, lowest first (tests and the heap viewer).
    pub fn roles(&self) -> Vec<Role> {
        self.state
            .lock()
            .table
            .meta
            .iter()
            .map(|m| m.role)
            .collect()
    }

    pub(crate) fn humongous_threshold(&self) -> usize {
        self.geometry.size / 2
    }

    // ---- allocation ----

    /// Takes a new eden region if the young target allows. Caller holds the heap lock.
    fn new_eden_region(&self, st: &mut HeapState) -> Option<usize> {
        let target = self.policy.lock().young_target();
        if st.eden_regions >= target {
            return None;
        }
        let i = st.table.take_free(Role::Eden)?;
        self.backed[i].store(true, Ordering::Relaxed);
        st.eden_regions += 1;
        st.eden_alloc = Some(i);
        Some(i)
    }

    /// Bumps `size` bytes (at least `min`) in the current eden region, taking a new one when it
    /// is full. Returns `[start, end)`.
    fn eden_bump(&self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let young_bytes = self.policy.lock().young_bytes;
        let mut st = self.state.lock();
        loop {
            if let Some(i) = st.eden_alloc {
                let mut end = self.eden_end(&st, i, young_bytes);
                let top = st.table.meta[i].top;
                if top == self.geometry.bottom(i) && end.saturating_sub(top) < min {
                    // An object larger than a short eden target still fits an empty region.
                    end = (top + min).min(self.geometry.end(i));
                }
                if end.saturating_sub(top) >= min {
                    let size = desired.min(end - top);
                    st.table.meta[i].top = top + size;
                    return Some((top, top + size));
                }
            }
            self.new_eden_region(&mut st)?;
        }
    }

    /// Where allocation in eden region `i`, the current one, must stop: its end, or short of it
    /// when the eden target is less than a region (policy.rs, "Less than a region").
    fn eden_end(&self, st: &HeapState, i: usize, young_bytes: usize) -> usize {
        let earlier = (st.eden_regions.max(1) - 1) * self.geometry.size;
        let allowed = young_bytes.saturating_sub(earlier);
        self.geometry.end(i).min(self.geometry.bottom(i) + allowed)
    }

    /// A humongous object of `size` bytes in fresh contiguous regions, never moved.
    fn alloc_humongous(&self, size: usize) -> Option<usize> {
        let n = size.div_ceil(self.geometry.size);
        let mut st = self.state.lock();
        // Keep a reserve for the next evacuation while a young collection could still free
        // something (eden in use): then collect first.
        let reserve = (st.table.committed() * policy::RESERVE_PERCENT).div_ceil(100);
        if st.eden_regions > 0 && st.table.count(Role::Free) < n + reserve {
            return None;
        }
        let Some(first) = st.table.find_free_run(n) else {
            self.pending_humongous.store(size, Ordering::Relaxed);
            return None;
        };
        let start = self.geometry.bottom(first);
        for k in 0..n {
            let i = first + k;
            st.table.claim(
                i,
                if k == 0 {
                    Role::HumongousStart
                } else {
                    Role::HumongousCont
                },
            );
            st.table.meta[i].humongous_start = first;
            st.table.meta[i].top = (start + size).min(self.geometry.end(i));
            self.backed[i].store(true, Ordering::Relaxed);
        }
        drop(st);
        self.stats.lock().humongous_allocated += 1;
        self.note_occupancy();
        Some(start)
    }

    /// Old and humongous regions' bytes (whole regions, as G1 counts them): what the marking
    /// threshold (IHOP) looks at.
    fn tenured_bytes(&self, st: &HeapState) -> usize {
        st.table.meta.iter().filter(|m| m.role.is_tenured()).count() * self.geometry.size
    }

    /// Checks the marking threshold: tenured regions above IHOP% of the heap start a cycle at
    /// the next young collection.
    fn note_occupancy(&self) {
        if self.marking.is_active() || self.start_marking.load(Ordering::Relaxed) {
            return;
        }
        let st = self.state.lock();
        let tenured = self.tenured_bytes(&st);
        let committed = st.table.committed() * self.geometry.size;
        drop(st);
        if tenured * 100 > policy::IHOP_PERCENT * committed {
            self.start_marking.store(true, Ordering::Relaxed);
        }
    }

    // ---- pauses ----

    /// Runs one pause: an evacuation pause (young, concurrent start or mixed) or a full
    /// collection.
    fn collect_in_pause(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let _refine = self.refine_lock.lock();
        let _mark = self.marking.work_lock.lock();
        self.frame_bins.lock().pause_begins();
        let started = Instant::now();
        let full = match cause {
            GcCause::SystemGc | GcCause::HeapInspection | GcCause::LastDitch => true,
            GcCause::Collector(name) => name == CAUSE_COMPACTION,
            _ => false,
        };
        let outcome = if full {
            self.full_collection(roots, events)
        } else {
            self.evacuation_pause(cause, roots, events, started)
        };
        self.after_pause();
        outcome
    }

    /// After any pause: grow the heap if it is crowded, pick the next young size (leaving
    /// room for the next mixed collection's first old region).
    pub(crate) fn after_pause(&self) {
        let mut st = self.state.lock();
        let committed = st.table.committed();
        let free = st.table.count(Role::Free);
        if free * 100 < GROW_FREE_PERCENT * committed && committed < self.max_regions {
            let grow = (self.max_regions / 4).max(1);
            st.table.commit(grow);
        }
        let committed = st.table.committed();
        let free = st.table.count(Role::Free);
        let tenured = self.tenured_bytes(&st);
        drop(st);
        let cards = self.dirty_queues.pending_entries();
        let mut policy = self.policy.lock();
        let first_old = policy
            .candidates
            .first()
            .filter(|_| self.mixed_phase.load(Ordering::Relaxed))
            .map(|&(region, live)| (live, self.remset_cards(region)));
        policy.reserve_for_mixed(first_old);
        policy.choose_young_target(committed, free, cards, tenured);
        // The refinement budget is a share of the pause this eden predicts.
        self.refine_threshold
            .store(policy.refinement_threshold_cards(), Ordering::Relaxed);
    }

    fn committed_end(&self, st: &HeapState) -> usize {
        let last = st
            .table
            .meta
            .iter()
            .rposition(|m| m.role != Role::Uncommitted)
            .map_or(0, |i| i + 1);
        self.geometry.bottom(last)
    }

    /// The kind of the next evacuation pause.
    pub(crate) fn next_young_kind(&self) -> YoungKind {
        if self.mixed_phase.load(Ordering::Relaxed) && !self.marking.in_cycle() {
            YoungKind::Mixed
        } else if self.start_marking.load(Ordering::Relaxed) && !self.marking.in_cycle() {
            YoungKind::ConcurrentStart
        } else {
            YoungKind::Normal
        }
    }

    pub(crate) fn set_follow_up(&self, cause: GcCause) {
        *self.follow_up.lock() = Some(cause);
    }

    pub(crate) fn take_pending_humongous(&self) -> usize {
        self.pending_humongous.swap(0, Ordering::Relaxed)
    }

    pub(crate) fn marking_started(&self) {
        self.start_marking.store(false, Ordering::Relaxed);
    }

    pub(crate) fn set_mixed_phase(&self, on: bool) {
        self.mixed_phase.store(on, Ordering::Relaxed);
    }

    /// Wakes the controller thread.
    pub(crate) fn wake_controller(&self) {
        let (lock, cond) = &self.wake;
        *lock.lock() = true;
        cond.notify_all();
    }

    /// Logs a `-Xlog:gc` line for work outside a pause (or an extra line of a pause).
    pub(crate) fn log(&self, line: &str) {
        if let Some(vm) = self.vm.get() {
            vm.log_gc(line);
        }
    }

    /// Logs a `-Xlog:gc*` detail line.
    pub(crate) fn log_detail(&self, tags: &str, line: &str) {
        if let Some(vm) = self.vm.get() {
            vm.log_gc_detail(tags, line);
        }
    }

    /// The id of the pause in progress (for log lines written during it).
    pub(crate) fn current_gc_id(&self) -> u32 {
        self.vm
            .get()
            .map_or(0, |vm| vm.pause_count().saturating_sub(1))
    }

    /// Enough dirty cards are queued for the controller to refine them.
    fn refinement_due(&self) -> bool {
        self.dirty_queues.pending_entries() >= self.refine_threshold.load(Ordering::Relaxed)
    }

    /// Concurrent refinement (the controller thread): refines queued dirty cards a buffer at a
    /// time, each buffer one unit of concurrent work, so a pause that wants the world stopped
    /// waits for at most `YIELD_CHECK_CARDS` cards: the unit polls for a waiting pause and
    /// hands it the rest of the buffer (time to safepoint stays short). Cards that are hot —
    /// dirtied again and again — are deferred to the next pause, which scans them anyway.
    /// Returns the cards refined.
    pub(crate) fn refine_concurrently(&self) -> usize {
        let mut n = 0;
        loop {
            let _unit = self.gate.enter();
            let _refine = self.refine_lock.lock();
            let Some(buffer) = self.dirty_queues.take_one() else {
                break;
            };
            // The heap lock per buffer: mutators refilling TLABs wait at most one buffer's work.
            let st = self.state.lock();
            for (i, &card) in buffer.iter().enumerate() {
                if i % YIELD_CHECK_CARDS == 0 && i > 0 && self.gate.stop_requested() {
                    // A pause waits: it takes the rest of the buffer (still dirty) with the
                    // other queued cards rather than wait for them to be refined here.
                    self.dirty_queues.enqueue(buffer[i..].to_vec());
                    break;
                }
                if self.hot_cards.defer_if_hot(card as usize) {
                    continue;
                }
                self.refine_card(&st.table, card as usize);
                n += 1;
            }
        }
        self.stats.lock().cards_refined_concurrently += n as u64;
        self.refined_since_pause.fetch_add(n, Ordering::Relaxed);
        n
    }

    /// At a pause's start: every dirty card still queued (and the hot cards refinement
    /// deferred). The pause does not refine them first; it scans them once, with the
    /// remembered cards, and remembers what they point to as it goes (`evacuate.rs`).
    pub(crate) fn take_dirty_cards(&self) -> Vec<u32> {
        let mut cards: Vec<u32> = self.dirty_queues.take_all().concat();
        cards.extend(self.hot_cards.take());
        cards
    }

    /// Refines one card: cleans it and remembers it in the set of every other tracked region a
    /// slot on it points into.
    pub(crate) fn refine_card(&self, table: &RegionTable, card: usize) {
        let region = self.geometry.index_of(CardTable::start_of(card));
        let role = table.meta[region].role;
        if !role.is_tenured() {
            return;
        }
        self.cards.clean(card);
        let (start, top) = self.card_parse_bounds(table, region, card);
        let memory = &*self.memory;
        // The regions this card was added to: a card's slots mostly point into one or two
        // (the eden), and each add takes the target set's lock.
        let mut added = [usize::MAX; 4];
        let mut into_young = false;
        if start < top {
            remset::for_each_slot_on_card(memory, &self.types, card, start, top, |slot| {
                let target = memory.read_ref(slot);
                if target.is_null() {
                    return;
                }
                let t = self.geometry.index_of(target.offset());
                if t == region || !self.attrs.is_tracked(t) {
                    return;
                }
                into_young |= table.meta[t].role.is_young();
                if added.contains(&t) {
                    return;
                }
                added.rotate_right(1);
                added[0] = t;
                self.remsets.add(t, region, card);
            });
        }
        // Set before a pause can read it: refinement and pauses exclude each other.
        if into_young {
            self.young_cards.note_checked(card);
        } else {
            self.young_cards.forget(card);
        }
    }

    /// The cards region `i`'s remembered set names (a coarse source counts all its cards).
    pub(crate) fn remset_cards(&self, i: usize) -> usize {
        let (cards, coarse) = self.remsets.of(i).size();
        cards + coarse * self.remsets.layout().cards_per_region as usize
    }

    /// The mixed collections end (or never start): nobody will evacuate the candidates left,
    /// whose sets are dropped. Returns how many.
    pub(crate) fn drop_candidates(&self, p: &mut Policy) -> usize {
        let n = p.candidates.len();
        for (region, _) in p.candidates.drain(..) {
            self.untrack(region);
        }
        n
    }

    /// Stops tracking region `i`'s remembered set and drops it (G1's `clear_locked`): nothing
    /// will evacuate the region before a remark selects it again. In a pause.
    pub(crate) fn untrack(&self, i: usize) {
        self.attrs.set_tracking(i, Tracking::Untracked);
        self.remsets.clear(i);
    }

    /// Walks the objects of `[from, to)` in an old region and turns every maximal run of the
    /// ones `live(obj, size)` rejects into one filler (recorded in the block offset table).
    /// Used by scrubbing and by regions an evacuation failure left behind.
    pub(crate) fn fill_dead_runs(
        &self,
        from: usize,
        to: usize,
        mut live: impl FnMut(Ref, usize) -> bool,
    ) {
        let memory = &*self.memory;
        let mut dead_from: Option<usize> = None;
        let mut at = from;
        while at < to {
            let obj = Ref::from_offset(at);
            let size = memory.object_size(&self.types, obj);
            if live(obj, size) {
                if let Some(start) = dead_from.take() {
                    memory.fill_gap(start, at);
                    self.bot.record(start, at - start);
                }
            } else if dead_from.is_none() {
                dead_from = Some(at);
            }
            at += size;
        }
        if let Some(start) = dead_from {
            memory.fill_gap(start, at);
            self.bot.record(start, at - start);
        }
    }

    /// Where parsing for `card` of tenured `region` starts, and the end of its objects.
    pub(crate) fn card_parse_bounds(
        &self,
        table: &RegionTable,
        region: usize,
        card: usize,
    ) -> (usize, usize) {
        self.parse_bounds_in(&table.meta[region], region, card)
    }

    /// `card_parse_bounds` for a region described by `m`.
    pub(crate) fn parse_bounds_in(
        &self,
        m: &RegionMeta,
        region: usize,
        card: usize,
    ) -> (usize, usize) {
        match m.role {
            Role::HumongousStart | Role::HumongousCont => {
                let start = self.geometry.bottom(m.humongous_start);
                let size = self
                    .memory
                    .object_size(&self.types, Ref::from_offset(start));
                (start, (start + size).min(self.geometry.end(region)))
            }
            _ => (
                self.bot.parse_start(card, self.geometry.bottom(region)),
                m.top,
            ),
        }
    }

    /// Backs with memory, on the controller thread, the free regions the next pause will copy
    /// into: regions are taken lowest first (`take_free`), so those are the free regions just
    /// past the ones the eden still has to take. A pause that copies into a region never
    /// touched before would otherwise wait for the kernel to fault it in (with transparent huge
    /// pages and `madvise` defrag, direct compaction: a JsonDoc root scan went from 0.2 to 4.7
    /// ms that way). The eden's own regions are left to the mutators' first stores (not pause
    /// time), and at most `POPULATE_AHEAD` bytes are backed ahead, each region once.
    ///
    /// It runs as gated units of concurrent work, one per `POPULATE_CHUNK`, and stops when a
    /// pause waits: a pause must not run beside it. Faulting memory in holds the process's
    /// memory-map lock, which a pause needs to free a large buffer or start a worker thread,
    /// and the controller would hold the heap lock while the pause's workers took its core
    /// (pauses of 2-3 ms took 7-10 ms that way). A pause waits for at most one chunk.
    fn populate_upcoming_regions(&self) {
        let (young_target, copies) = {
            let p = self.policy.lock();
            (p.young_target(), p.copy_regions_expected())
        };
        let ahead = POPULATE_AHEAD.div_ceil(self.geometry.size).max(1);
        let copies = copies.min(ahead);
        let upcoming: Vec<usize> = {
            let _unit = self.gate.enter();
            let st = self.state.lock();
            let still_eden = young_target.saturating_sub(st.eden_regions);
            st.table
                .meta
                .iter()
                .enumerate()
                .filter(|(_, m)| m.role == Role::Free)
                .skip(still_eden)
                .take(copies)
                .map(|(i, _)| i)
                .filter(|&i| !self.backed[i].load(Ordering::Relaxed))
                .collect()
        };
        for i in upcoming {
            let bottom = self.geometry.bottom(i);
            let size = self.geometry.size;
            for at in (bottom..bottom + size).step_by(POPULATE_CHUNK) {
                let _unit = self.gate.enter();
                if self.gate.stop_requested() {
                    return;
                }
                self.memory
                    .populate(at, POPULATE_CHUNK.min(bottom + size - at));
            }
            self.backed[i].store(true, Ordering::Relaxed);
        }
    }

    /// The controller thread: refines cards when the queues grow and runs marking cycles.
    fn run_controller(
        &'static self,
        vm: &'static dyn VmControl,
        stop: &crate::shared::controller::StopSignal,
    ) {
        // The first pause may come within milliseconds: back its destinations before waiting.
        self.populate_upcoming_regions();
        loop {
            {
                let (lock, cond) = &self.wake;
                let mut woken = lock.lock();
                if !*woken {
                    cond.wait_for(&mut woken, CONTROLLER_TICK);
                }
                *woken = false;
            }
            if stop.is_stopped() {
                return;
            }
            self.populate_upcoming_regions();
            self.clear_bitmap_concurrently();
            if self.refinement_due() {
                self.refine_concurrently();
            }
            if self.marking.cycle_requested() {
                self.run_marking_cycle(vm, stop);
            }
        }
    }
}

impl Collector for RegionCollector {
    fn name(&self) -> &'static str {
        "region"
    }

    fn barrier(&self) -> BarrierKind {
        BarrierKind::PreAndPostWrite
    }

    /// Inline fast paths: SATB only while marking; cards only for cross-region stores.
    fn barrier_filters(&self) -> BarrierFilters {
        BarrierFilters {
            holder_filter: Some(self.attrs.holder_filter()),
            pre_write_active: Some(self.attrs.satb_flag()),
            cross_region: Some(CrossRegionFilter {
                base: self.geometry.base,
                shift: self.geometry.shift,
            }),
        }
    }

    fn trace_kind(&self, cause: GcCause) -> GcKind {
        match cause {
            GcCause::SystemGc | GcCause::HeapInspection | GcCause::LastDitch => GcKind::Major,
            GcCause::Collector(name) if name == CAUSE_COMPACTION => GcKind::Major,
            GcCause::Collector(_) => GcKind::Marking,
            // An evacuation pause names the regions it collects; with no young region there
            // may be none to name, and a minor GC naming nothing would mean "the whole heap"
            // to the trace: say "marking" (collects only what it names) then.
            _ if self
                .state
                .lock()
                .table
                .meta
                .iter()
                .any(|m| m.role.is_young()) =>
            {
                GcKind::Minor
            }
            _ => GcKind::Marking,
        }
    }

    fn new_mutator(&self, threads: usize) -> Mutator {
        let barrier = RegionBarrier {
            shared: self.barrier_shared.clone(),
            dirty: LocalQueue::new(self.dirty_queues.clone(), DIRTY_CARD_BUFFER),
            satb: LocalQueue::new(self.marking.satb.clone(), SATB_BUFFER),
        };
        Mutator::new(
            gcvm_tlab::Tlab::new(self.tlab_capacity(), threads),
            Box::new(barrier),
        )
    }

    fn flush_mutator(&self, mutator: &mut Mutator, memory: &HeapMemory, for_gc: bool) {
        if let Some((from, to)) = mutator.tlab.retire(for_gc) {
            memory.fill_gap(from, to);
        }
        mutator.barrier.flush();
        if self.refinement_due() {
            self.wake_controller();
        }
    }

    /// Humongous objects go straight to their own regions (a TLAB could never hold them).
    fn alloc_slow(&self, mutator: &mut Mutator, memory: &HeapMemory, size: usize) -> Option<usize> {
        if size >= self.humongous_threshold() {
            let at = self.alloc_humongous(size)?;
            memory.zero(at, size);
            return Some(at);
        }
        tlab_alloc_slow(self, mutator, memory, size)
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        self.spaces_of(&self.state.lock().table.meta)
    }

    fn alloc_tlab(&self, min: usize, desired: usize) -> Option<(usize, usize)> {
        if min > self.humongous_threshold() {
            return None;
        }
        self.eden_bump(min, desired.min(self.humongous_threshold()))
    }

    fn alloc_outside_tlab(&self, size: usize) -> Option<usize> {
        if size >= self.humongous_threshold() {
            self.alloc_humongous(size)
        } else {
            self.eden_bump(size, size).map(|(start, _)| start)
        }
    }

    fn tlab_capacity(&self) -> usize {
        self.policy.lock().young_bytes
    }

    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        self.collect_in_pause(cause, roots, events)
    }

    fn world_stopping(&self) {
        self.gate.close();
    }

    fn world_stopped(&self) {
        self.gate.stop();
    }

    fn world_resumed(&self) {
        self.gate.resume();
    }

    fn follow_up(&self) -> Option<GcCause> {
        self.follow_up.lock().take()
    }

    fn grow_for(&self, wanted: usize) -> bool {
        let mut st = self.state.lock();
        let n = wanted
            .div_ceil(self.geometry.size)
            .max(self.max_regions / 8)
            .max(1);
        let added = st.table.commit(n);
        drop(st);
        if added > 0 {
            let st = self.state.lock();
            let (committed, free) = (st.table.committed(), st.table.count(Role::Free));
            let tenured = self.tenured_bytes(&st);
            drop(st);
            self.policy
                .lock()
                .choose_young_target(committed, free, 0, tenured);
        }
        added > 0
    }

    fn start(&'static self, vm: &'static dyn VmControl) {
        let _ = self.vm.set(vm);
        let size = self.geometry.size;
        let size = if size >= 1 << 20 {
            format!("{}M", size >> 20)
        } else {
            format!("{}K", size >> 10)
        };
        vm.log_gc_detail(
            "gc,init",
            &format!("Heap Region Size: {size} ({} regions)", self.max_regions),
        );
        if let Some(young) = self.policy.lock().fixed_young_regions {
            vm.log_gc_detail(
                "gc,init",
                &format!(
                    "Young Generation: fixed (-Xmn), {young} regions, {} of them eden",
                    policy::fixed_eden_regions(young)
                ),
            );
        }
        match Controller::spawn("gcvm-region-controller", move |stop| {
            self.run_controller(vm, &stop)
        }) {
            Ok(c) => *self.controller.lock() = Some(c),
            Err(e) => vm.log_gc(&format!("region controller not started: {e}")),
        }
    }

    fn used(&self) -> usize {
        let st = self.state.lock();
        (0..st.table.meta.len()).map(|i| st.table.used(i)).sum()
    }

    fn capacity(&self) -> usize {
        self.state.lock().table.committed() * self.geometry.size
    }

    fn max_capacity(&self) -> usize {
        self.max_regions * self.geometry.size
    }

    /// Each region's objects: those binned for the last frame, and eden's allocated since.
    fn tile_objects(&self, tiles: &mut Tiler) -> bool {
        let metas = self.state.lock().table.meta.clone();
        let mut frame_bins = self.frame_bins.lock();
        for (i, m) in metas.iter().enumerate() {
            tiles.add_bins(frame_bins.region(self, i, m, tiles.tile_size()));
        }
        true
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let st = self.state.lock();
        st.table
            .meta
            .iter()
            .enumerate()
            .filter_map(|(i, m)| {
                let bottom = self.geometry.bottom(i);
                match m.role {
                    Role::Free | Role::Uncommitted | Role::HumongousCont => None,
                    Role::HumongousStart => {
                        let size = self
                            .memory
                            .object_size(&self.types, Ref::from_offset(bottom));
                        Some((bottom, bottom + size))
                    }
                    _ => (m.top > bottom).then_some((bottom, m.top)),
                }
            })
            .collect()
    }

    fn is_dead(&self, obj: Ref) -> bool {
        self.marking
            .is_dead(self.geometry.index_of(obj.offset()), obj)
    }

    /// Each region's dead-below line, read once; the mark bitmap, read only below one.
    fn dead_test(&self) -> Option<DeadTest<'_>> {
        let dead_below = self.marking.dead_below_lines();
        if dead_below.iter().all(|&line| line == 0) {
            return None;
        }
        // Held for the walk (recursively: the walker may ask `is_dead` too, and a waiting
        // writer must not block it).
        let bitmap = self.marking.bitmap.read_recursive();
        Some(Box::new(move |obj: Ref| {
            let addr = obj.offset();
            addr < dead_below[self.geometry.index_of(addr)] && !bitmap.is_marked(addr)
        }))
    }

    /// The viewer's region streams: what the last marking found live, and each region's
    /// remembered set.
    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        use gcvm_tracer::stream::Presentation;
        vec![
            StreamDef {
                id: STREAM_LIVE,
                name: "live".into(),
                description: "bytes the last marking found live in the (old or humongous) \
                              region, spread evenly over its tiles"
                    .into(),
                unit: "bytes".into(),
                presentation: Presentation::Percent,
                max: tile_size,
                colour: "#9467bd".into(),
                from_trace: false,
            },
            StreamDef {
                id: STREAM_REMSET,
                name: "remset".into(),
                description: "cards in the region's remembered set (a coarse source region \
                              counts all its cards), shown on each of its tiles"
                    .into(),
                unit: "cards".into(),
                presentation: Presentation::Plain,
                max: 0,
                colour: "#ff7f0e".into(),
                from_trace: false,
            },
            StreamDef {
                id: steps::STREAM_MARKED,
                name: "marked".into(),
                description: "bytes a marking cycle has found live so far in the old region \
                              (marked below TAMS, everything above it; cycle step frames)"
                    .into(),
                unit: "bytes".into(),
                presentation: Presentation::Percent,
                max: tile_size,
                colour: "#8c564b".into(),
                from_trace: false,
            },
            gcvm_tracer::stream::region_steps::cset_stream(steps::STREAM_CSET),
        ]
    }

    fn step_kinds(&self) -> &'static [&'static gcvm_tracer::stream::StepKind] {
        &steps::STEPS
    }

    fn gather_streams(&self, tiles: &mut Tiler) {
        let st = self.state.lock();
        let cards_per_region = self.geometry.size / remset::CARD_SIZE;
        for (i, meta) in st.table.meta.iter().enumerate() {
            if meta.role == Role::Uncommitted {
                continue;
            }
            let (bottom, end) = (self.geometry.bottom(i) as u64, self.geometry.end(i) as u64);
            if meta.role.is_tenured() && meta.live_bytes > 0 {
                tiles.set_range(STREAM_LIVE, bottom, end, meta.live_bytes as u64, true);
            }
            let (cards, coarse) = self.remsets.of(i).size();
            let entries = cards + coarse * cards_per_region;
            if entries > 0 {
                tiles.set_range(STREAM_REMSET, bottom, end, entries as u64, false);
            }
        }
    }

    fn verify_pause(&self, roots: &mut dyn RootSource) -> Result<(), String> {
        self.verify_remembered_sets()?;
        self.verify_marking(roots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 24-byte object without references.
    const LEAF: u32 = 2;
    /// A 24-byte object with two references, at `NODE_SLOTS`.
    pub(super) const NODE: u32 = 3;
    pub(super) const NODE_SLOTS: [usize; 2] = [12, 16];
    /// A 64 KB object without references (sixteen fill a region).
    pub(super) const BLOB: u32 = 4;
    pub(super) const BLOB_SIZE: usize = 64 << 10;
    /// `int[]` and `Object[]`.
    const INTS: u32 = 5;
    const REFS: u32 = 6;

    /// A region collector over a 64 MB heap (1 MB regions) that knows `LEAF`, `NODE`, `BLOB`,
    /// `INTS` and `REFS`.
    pub(super) fn collector() -> RegionCollector {
        let max = 64 << 20;
        let memory = HeapMemory::reserve(RegionCollector::reservation_for(max)).unwrap();
        let types = TypeRegistry::new();
        let instance = |name: &str, size: u32, refs: &[u32]| crate::object::TypeInfo {
            name: name.into(),
            shape: crate::Shape::Instance {
                size,
                ref_offsets: refs.into(),
            },
        };
        let array = |name: &str, elem| crate::object::TypeInfo {
            name: name.into(),
            shape: crate::Shape::Array { elem },
        };
        types.register(LEAF, instance("Leaf", 24, &[])).unwrap();
        let slots = NODE_SLOTS.map(|o| o as u32);
        types.register(NODE, instance("Node", 24, &slots)).unwrap();
        types
            .register(BLOB, instance("Blob", BLOB_SIZE as u32, &[]))
            .unwrap();
        types
            .register(INTS, array("int[]", crate::object::ElemKind::Int))
            .unwrap();
        types
            .register(REFS, array("Object[]", crate::object::ElemKind::Ref))
            .unwrap();
        RegionCollector::new(CollectorContext {
            memory: Arc::new(memory),
            types: Arc::new(types),
            config: HeapConfig {
                initial_size: max,
                max_size: max,
                gc_threads: 1,
                ..HeapConfig::default()
            },
        })
        .unwrap()
    }

    /// An eden target of `bytes`, less than the one region.
    fn short_eden(c: &RegionCollector, bytes: usize) {
        c.policy.lock().young_bytes = bytes;
    }

    #[test]
    fn mutators_allocate_no_more_eden_than_a_target_of_less_than_a_region() {
        let c = collector();
        short_eden(&c, 256 << 10);
        let mut total = 0;
        while let Some((start, end)) = c.alloc_tlab(4096, 64 << 10) {
            total += end - start;
        }
        assert_eq!(total, 256 << 10);
    }

    #[test]
    fn an_object_larger_than_a_short_eden_target_still_gets_an_empty_region() {
        let c = collector();
        short_eden(&c, 128 << 10);
        assert!(c.alloc_outside_tlab(300 << 10).is_some());
        assert_eq!(c.alloc_tlab(4096, 4096), None, "the eden is used up");
    }

    pub(super) struct Roots(pub(super) Vec<Ref>);

    impl RootSource for Roots {
        fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
            for r in self.0.iter_mut() {
                *r = visit(*r);
            }
        }
    }

    /// Allocates `n` leaves in eden and roots them.
    pub(super) fn leaves(c: &RegionCollector, roots: &mut Roots, n: usize) {
        for _ in 0..n {
            let at = c.alloc_outside_tlab(24).unwrap();
            c.memory.init_header(at, LEAF);
            roots.0.push(Ref::from_offset(at));
        }
    }

    /// A young collection that tenures everything that survived one before.
    pub(super) fn young_collection(c: &RegionCollector, roots: &mut Roots) {
        c.policy.lock().tenuring_threshold = 1;
        evacuation_pause(c, roots);
    }

    /// The pause an allocation failure brings, with the world stopped around it.
    pub(super) fn evacuation_pause(c: &RegionCollector, roots: &mut Roots) {
        c.world_stopped();
        c.collect(
            GcCause::AllocationFailure,
            roots,
            &mut gcvm_tracer::NoEvents,
        );
        c.world_resumed();
    }

    #[test]
    fn the_next_young_collection_promotes_into_the_old_region_the_last_one_left_unfilled() {
        let c = collector();
        let mut all = Roots(Vec::new());
        leaves(&c, &mut all, 10);
        young_collection(&c, &mut all); // the first ten to a survivor region
        leaves(&c, &mut all, 10);
        young_collection(&c, &mut all); // the first ten to an old region, the next to survivors
        young_collection(&c, &mut all); // the next ten old too
        let region = |r: &Ref| c.geometry.index_of(r.offset());
        let old: Vec<usize> = all.0.iter().map(region).collect();
        assert!(old.iter().all(|&i| c.roles()[i] == Role::Old), "{old:?}");
        assert!(old.iter().all(|&i| i == old[0]), "one old region: {old:?}");
        assert_eq!(c.roles().iter().filter(|&&r| r == Role::Old).count(), 1);
    }

    #[test]
    fn the_controller_clears_the_mark_bitmap_between_cycles_so_a_pause_has_nothing_left_to_clear() {
        let c = collector();
        let end = c.committed_end(&c.state.lock());
        let bottom = c.geometry.bottom(0);
        c.marking.bitmap.read().mark(bottom);
        c.clear_bitmap_concurrently();
        assert!(!c.marking.bitmap.read().is_marked(bottom));
        assert_eq!(c.marking.clean_upto(), end, "clean up to the committed end");
        // A pause marks: the bitmap is in use, nothing is known clean until the next pass.
        c.marking
            .clear_bitmap_for_use(&c.marking.bitmap.read(), end);
        c.marking.bitmap.read().mark(bottom);
        assert_eq!(c.marking.clean_upto(), c.marking.bitmap.read().base());
        c.clear_bitmap_concurrently();
        assert!(!c.marking.bitmap.read().is_marked(bottom));
        assert_eq!(c.marking.clean_upto(), end);
    }

    // ---- remembered-set tracking ----

    /// A fresh old region (as a pause promoting into it would take it).
    pub(super) fn old_region(c: &RegionCollector) -> usize {
        c.state.lock().table.take_free(Role::Old).unwrap()
    }

    /// An object of `type_id` (`size` bytes) placed at the top of old region `region`, as a
    /// pause copies one there.
    pub(super) fn place(c: &RegionCollector, region: usize, type_id: u32, size: usize) -> Ref {
        let mut st = c.state.lock();
        let at = st.table.meta[region].top;
        assert!(
            at + size <= c.geometry.end(region),
            "region {region} is full"
        );
        st.table.meta[region].top = at + size;
        c.memory.init_header(at, type_id);
        c.bot.record(at, size);
        Ref::from_offset(at)
    }

    /// A young `NODE` in eden.
    pub(super) fn young_node(c: &RegionCollector) -> Ref {
        let at = c.alloc_outside_tlab(24).unwrap();
        c.memory.init_header(at, NODE);
        Ref::from_offset(at)
    }

    /// A mutator's store of `value` into `holder`'s slot `k`, with the barrier.
    pub(super) fn store(m: &mut Mutator, c: &RegionCollector, holder: Ref, k: usize, value: Ref) {
        let slot = holder.offset() + NODE_SLOTS[k];
        c.memory.write_ref(slot, value);
        m.barrier.post_write(holder, slot, value);
        m.barrier.flush();
    }

    fn card_of(holder: Ref, k: usize) -> usize {
        CardTable::card_of(holder.offset() + NODE_SLOTS[k])
    }

    #[test]
    fn an_old_region_starts_with_no_remembered_set_tracked() {
        let c = collector();
        let mut all = Roots(Vec::new());
        leaves(&c, &mut all, 10);
        young_collection(&c, &mut all);
        young_collection(&c, &mut all);
        let old = c.geometry.index_of(all.0[0].offset());
        assert_eq!(c.roles()[old], Role::Old);
        assert_eq!(c.attrs.tracking(old), Tracking::Untracked);
    }

    #[test]
    fn young_free_and_humongous_regions_are_tracked() {
        let c = collector();
        let eden = c.geometry.index_of(young_node(&c).offset());
        let humongous = c.geometry.index_of(c.alloc_humongous(2 << 20).unwrap());
        let free = c.roles().iter().position(|&r| r == Role::Free).unwrap();
        for i in [eden, humongous, humongous + 1, free] {
            assert_eq!(c.attrs.tracking(i), Tracking::Complete, "region {i}");
        }
    }

    #[test]
    fn a_store_into_an_old_object_dirties_its_card_when_the_target_region_is_tracked() {
        let c = collector();
        let mut m = c.new_mutator(1);
        let holder = place(&c, old_region(&c), NODE, 24);
        store(&mut m, &c, holder, 0, young_node(&c));
        assert!(c.cards.is_dirty(card_of(holder, 0)));
        assert_eq!(c.dirty_queues.pending_entries(), 1, "and logs it");
    }

    #[test]
    fn a_store_pointing_into_an_untracked_old_region_leaves_the_card_clean() {
        let c = collector();
        let mut m = c.new_mutator(1);
        let holder = place(&c, old_region(&c), NODE, 24);
        let target = place(&c, old_region(&c), LEAF, 24);
        store(&mut m, &c, holder, 0, target);
        assert!(!c.cards.is_dirty(card_of(holder, 0)));
        assert_eq!(c.dirty_queues.pending_entries(), 0);
    }

    #[test]
    fn refinement_remembers_a_card_only_in_the_tracked_regions_it_points_into() {
        let c = collector();
        let holder = place(&c, old_region(&c), NODE, 24);
        let young = young_node(&c);
        let old = place(&c, old_region(&c), LEAF, 24);
        c.memory.write_ref(holder.offset() + NODE_SLOTS[0], young);
        c.memory.write_ref(holder.offset() + NODE_SLOTS[1], old);
        let (source, card) = (c.geometry.index_of(holder.offset()), card_of(holder, 0));
        c.refine_card(&c.state.lock().table, card);
        let young_region = c.geometry.index_of(young.offset());
        let old_region = c.geometry.index_of(old.offset());
        assert!(c
            .remsets
            .of(young_region)
            .covers(source as u32, card as u32));
        assert!(c.remsets.of(old_region).is_empty());
    }

    #[test]
    fn a_pause_remembers_a_promoted_objects_pointers_only_into_tracked_regions() {
        let c = collector();
        let untracked = place(&c, old_region(&c), LEAF, 24);
        let node = young_node(&c);
        c.memory.write_ref(node.offset() + NODE_SLOTS[0], untracked);
        let mut roots = Roots(vec![node]);
        c.policy.lock().tenuring_threshold = 0;
        evacuation_pause(&c, &mut roots);
        let promoted = c.geometry.index_of(roots.0[0].offset());
        assert_eq!(c.roles()[promoted], Role::Old, "promoted");
        let target = c.geometry.index_of(untracked.offset());
        assert!(
            c.remsets.of(target).is_empty(),
            "nothing remembered into it"
        );
    }

    fn humongous_array(c: &RegionCollector, type_id: u32) -> usize {
        let len = (3 << 20) / 4;
        let at = c.alloc_humongous(crate::object::array_size(crate::object::ElemKind::Int, len));
        let at = at.unwrap();
        c.memory.init_array_header(at, type_id, len as u32);
        c.geometry.index_of(at)
    }

    #[test]
    fn a_humongous_reference_array_stops_being_tracked_at_the_next_pause() {
        let c = collector();
        let first = humongous_array(&c, REFS);
        young_collection(&c, &mut Roots(Vec::new()));
        for i in first..first + 4 {
            assert_eq!(c.attrs.tracking(i), Tracking::Untracked, "region {i}");
        }
    }

    #[test]
    fn a_humongous_primitive_array_stays_tracked_for_eager_reclaim() {
        let c = collector();
        let first = humongous_array(&c, INTS);
        let mut roots = Roots(vec![Ref::from_offset(c.geometry.bottom(first))]);
        young_collection(&c, &mut roots);
        assert_eq!(c.roles()[first], Role::HumongousStart, "alive");
        assert_eq!(c.attrs.tracking(first), Tracking::Complete);
    }

    #[test]
    fn a_full_collection_leaves_every_compacted_old_region_untracked() {
        let c = collector();
        let mut all = Roots(Vec::new());
        leaves(&c, &mut all, 10);
        c.world_stopped();
        c.collect(GcCause::SystemGc, &mut all, &mut gcvm_tracer::NoEvents);
        c.world_resumed();
        let old = c.geometry.index_of(all.0[0].offset());
        assert_eq!(c.roles()[old], Role::Old);
        assert_eq!(c.attrs.tracking(old), Tracking::Untracked);
    }

    #[test]
    fn dropping_the_candidates_drops_their_remembered_sets() {
        let c = collector();
        let (a, b) = (old_region(&c), old_region(&c));
        let holder = place(&c, a, NODE, 24);
        c.attrs.set_tracking(b, Tracking::Complete);
        c.remsets.add(b, a, card_of(holder, 0));
        let mut p = c.policy.lock();
        p.candidates = vec![(b, 100)];
        assert_eq!(c.drop_candidates(&mut p), 1);
        assert!(p.candidates.is_empty());
        assert_eq!(c.attrs.tracking(b), Tracking::Untracked);
        assert!(c.remsets.of(b).is_empty());
    }

    #[test]
    fn the_verifier_finds_a_pointer_into_a_tracked_region_that_no_card_covers() {
        let c = collector();
        let holder = place(&c, old_region(&c), NODE, 24);
        // A store that skipped the barrier: no dirty card, no remembered-set entry.
        c.memory
            .write_ref(holder.offset() + NODE_SLOTS[0], young_node(&c));
        let err = c.verify_remembered_sets().unwrap_err();
        assert!(err.contains("neither dirty nor in region"), "{err}");
    }

    #[test]
    fn refinement_forgets_a_card_that_no_longer_points_into_young() {
        let c = collector();
        let mut m = c.new_mutator(1);
        let holder = place(&c, old_region(&c), NODE, 24);
        let card = card_of(holder, 0);
        store(&mut m, &c, holder, 0, young_node(&c));
        c.refine_concurrently();
        assert!(
            c.young_cards.may_point_into_young(card),
            "noted when remembered"
        );
        c.memory
            .write_ref(holder.offset() + NODE_SLOTS[0], Ref::NULL);
        c.refine_card(&c.state.lock().table, card);
        assert!(!c.young_cards.may_point_into_young(card), "forgotten");
    }

    #[test]
    fn a_pause_skips_a_young_sets_card_that_refinement_found_stale() {
        let c = collector();
        let mut m = c.new_mutator(1);
        let (stale_holder, live_holder) = (
            place(&c, old_region(&c), NODE, 24),
            place(&c, old_region(&c), NODE, 24),
        );
        let (a, b) = (young_node(&c), young_node(&c));
        store(&mut m, &c, stale_holder, 0, a);
        store(&mut m, &c, live_holder, 0, b);
        c.refine_concurrently();
        // The stale holder drops its young pointer; refinement reads its card again.
        c.memory
            .write_ref(stale_holder.offset() + NODE_SLOTS[0], Ref::NULL);
        c.refine_card(&c.state.lock().table, card_of(stale_holder, 0));
        let mut roots = Roots(vec![stale_holder, live_holder]);
        evacuation_pause(&c, &mut roots);
        assert_eq!(c.stats().stale_young_cards_skipped, 1);
        let moved = c.memory.read_ref(live_holder.offset() + NODE_SLOTS[0]);
        assert_ne!(moved, b, "the live card was scanned: its referent moved");
        assert_eq!(c.verify_remembered_sets(), Ok(()));
    }

    #[test]
    fn a_store_that_may_have_dropped_a_survivor_pointer_dirties_its_card_once() {
        let c = collector();
        let mut m = c.new_mutator(1);
        let holder = place(&c, old_region(&c), NODE, 24);
        store(&mut m, &c, holder, 0, young_node(&c));
        let mut roots = Roots(vec![holder]);
        young_collection(&c, &mut roots);
        let card = card_of(holder, 0);
        let survivor = c.memory.read_ref(holder.offset() + NODE_SLOTS[0]);
        assert_eq!(
            c.roles()[c.geometry.index_of(survivor.offset())],
            Role::Survivor
        );
        assert!(!c.cards.is_dirty(card));
        // The survivor pointer overwritten by one into an untracked old region.
        let untracked = place(&c, old_region(&c), LEAF, 24);
        store(&mut m, &c, holder, 0, untracked);
        assert!(c.cards.is_dirty(card), "dirtied for refinement to check");
        c.refine_concurrently();
        assert!(!c.young_cards.may_point_into_young(card), "found stale");
        store(&mut m, &c, holder, 0, place(&c, old_region(&c), LEAF, 24));
        assert!(
            !c.cards.is_dirty(card),
            "checked: the barrier leaves it alone again"
        );
    }

    #[test]
    fn the_verifier_finds_a_young_sets_card_flagged_as_pointing_into_no_young_region() {
        let c = collector();
        let mut m = c.new_mutator(1);
        let holder = place(&c, old_region(&c), NODE, 24);
        store(&mut m, &c, holder, 0, young_node(&c));
        c.refine_concurrently();
        c.young_cards.forget(card_of(holder, 0));
        let err = c.verify_remembered_sets().unwrap_err();
        assert!(
            err.contains("flagged as pointing into no young region"),
            "{err}"
        );
    }

    #[test]
    fn the_verifier_asks_nothing_of_a_pointer_into_an_untracked_region() {
        let c = collector();
        let holder = place(&c, old_region(&c), NODE, 24);
        let target = place(&c, old_region(&c), LEAF, 24);
        c.memory.write_ref(holder.offset() + NODE_SLOTS[0], target);
        assert_eq!(c.verify_remembered_sets(), Ok(()));
    }

    #[test]
    fn the_verifier_finds_an_untracked_region_whose_set_is_not_empty() {
        let c = collector();
        let (a, b) = (old_region(&c), old_region(&c));
        let holder = place(&c, a, NODE, 24);
        c.remsets.add(b, a, card_of(holder, 0));
        let err = c.verify_remembered_sets().unwrap_err();
        assert!(
            err.contains("is untracked but its set is not empty"),
            "{err}"
        );
    }
}
