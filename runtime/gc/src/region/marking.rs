//! Concurrent marking of the tenured regions, and what follows it: remark, scrubbing, cleanup
//! (G1's concurrent mark cycle).
//!
//! ```text
//!  pauses:     Young (Concurrent Start)        Remark                                Cleanup
//!  controller:         | concurrent mark |            | scrub | rebuild remsets |         -> mixed
//! ```
//!
//! 1. **Concurrent start** (an evacuation pause, evacuate.rs): TAMS ("top at mark start") is
//!    set for every tenured region, the SATB barrier turned on. The bitmap is clear already:
//!    the controller clears it while no cycle runs (6. below), and the pause clears only what
//!    it has not reached. Objects at
//!    or above a region's TAMS — promoted or allocated humongous while marking runs — are
//!    implicitly live; young objects are implicitly live too and are the marking's roots:
//!    every tenured object below TAMS that a VM root or a surviving young object references is
//!    marked and greyed in that pause.
//! 2. **Concurrent mark** on the controller thread: grey objects are scanned, the unmarked
//!    tenured objects below TAMS they reference marked and greyed. Mutators run; the
//!    snapshot-at-the-beginning pre-write barrier logs every tenured reference they overwrite,
//!    so nothing reachable at the start can be hidden. Young collections may happen meanwhile
//!    (they never move tenured objects, and hold the marking lock while they run).
//!    A `java.lang.ref` reference whose referent is not known to be live is *discovered*
//!    instead of having its referent greyed (shared/refs.rs). Only tenured references below
//!    TAMS are scanned here, and they stay where they are until the cycle ends, so the
//!    discovered list needs no updating; a referent is known live if it is young, above its
//!    region's TAMS or marked. `Reference.get()` logs what it returns in the SATB queue, so a
//!    referent the program takes back is marked.
//! 3. **Pause Remark**: the SATB buffers and the grey stack are drained to the end, then the
//!    discovered references are processed: soft ones the policy keeps have their referents
//!    marked (and whatever they reach), the others whose referents are unmarked are cleared
//!    and handed to the Reference Handler — G1 clears weak references at remark, so an old
//!    object reachable only weakly dies with the cycle, not at a full collection. Then the live
//!    bytes of every tenured region are known: the marking counted each object's bytes for its
//!    region as it scanned it (as G1's mark stats cache does), so the remark does not walk the
//!    bitmap for them. The trace learns the result as CMS reports its
//!    remark: every tenured region is named collected and its survivors (marked objects below
//!    TAMS, everything above) reported as runs kept in place, so the unmarked ones die here —
//!    only then, for the trace, is the bitmap walked.
//!    Until they are scrubbed, `is_dead` hides them from heap walks.
//!    The remark also selects the old regions whose remembered sets are worth rebuilding
//!    (G1's `update_before_rebuild`): those with some but less than 85% live data, which a
//!    mixed collection may evacuate. They become `Tracking::Updating`: from this pause on the
//!    barrier, refinement and pauses remember every new pointer into them. Every tenured
//!    region's top is noted (`rebuild_top`).
//! 4. **Concurrent scrub**: the dead objects below TAMS become fillers, region by region, so
//!    that no later card scan can see their stale references.
//! 5. **Concurrent rebuild of the remembered sets** (G1's "Concurrent Rebuild Remembered
//!    Sets"): every tenured region is walked below its `rebuild_top` — all live now, the dead
//!    are fillers — and each slot pointing into a region being rebuilt is remembered. What
//!    was stored before the remark the walk finds; what was stored or copied in since, the
//!    barrier and the pauses remembered. Skipped when the remark selected nothing.
//! 6. **Pause Cleanup**: old regions with nothing live and dead humongous objects are freed;
//!    the selected regions still under 85% live become candidates for mixed collections, their
//!    sets `Complete`, ranked by garbage per predicted millisecond (their remembered sets
//!    included); the others' sets are dropped. If mixed collections are not worth it (less than
//!    5% of the heap to reclaim), every candidate's set is dropped. Live is what the remark
//!    counted plus whatever a pause copied in above the region's top at the remark
//!    (`remark_top`): young pauses run between the remark and the cleanup, and promote into
//!    the old region that has room left.
//! 7. **Concurrent clear** (controller, `clear_bitmap_concurrently`): the bitmap is cleared
//!    for the next cycle, as G1's "concurrent cleanup for next mark" — and, the first time,
//!    its pages are backed by memory outside any pause.
//!
//! A full collection abandons a cycle in progress (it marks the whole heap itself).

use super::evac_sets::RememberBuffer;
use super::regions::{Attrs, RegionTable, Role, Tracking};
use super::remset::{self, CardTable};
use super::{RegionCollector, PAUSE_CLEANUP, PAUSE_REMARK};
use crate::collector::*;
use crate::object::{ElemKind, Ref, Shape, TypeRegistry};
use crate::shared::controller::{StopSignal, VmControl};
use crate::shared::kept_runs::KeptRuns;
use crate::shared::markbitmap::MarkBitmap;
use crate::shared::queues::QueueSet;
use crate::shared::refs::{Discovered, Liveness, ReferenceProcessor};
use crate::shared::steps::{kb, ConcurrentSteps};
use parking_lot::{Mutex, RwLock};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Grey objects the controller scans between looks at an abort or a pause.
const MARK_CHUNK: usize = 2048;
/// Heap bytes the rebuild of the remembered sets scans in one unit of concurrent work (a few
/// tens of microseconds).
const REBUILD_CHUNK: usize = 64 << 10;

/// What a rebuild of the remembered sets did (for `-Xlog:gc*`).
#[derive(Default)]
struct RebuildStats {
    /// Regions selected by the remark.
    selected: usize,
    /// Tenured regions scanned.
    sources: usize,
    scanned_bytes: usize,
    /// Remembered-set entries added (a card may count once per target).
    cards: usize,
}

const IDLE: u8 = 0;
/// A concurrent start happened; the controller has not picked the cycle up yet.
const REQUESTED: u8 = 1;
const MARKING: u8 = 2;
/// Remarked: scrubbing and cleanup still to come.
const REMARKED: u8 = 3;

pub struct Marking {
    pub bitmap: RwLock<MarkBitmap>,
    /// The barrier's view of the regions, which holds the SATB flag.
    attrs: Arc<Attrs>,
    pub satb: Arc<QueueSet>,
    grey: Mutex<Vec<u32>>,
    /// References this cycle's marking discovered, processed at remark (shared/refs.rs).
    discovered: Mutex<Discovered>,
    /// Held by the controller while it marks or scrubs a chunk, and by every pause.
    pub work_lock: Mutex<()>,
    phase: AtomicU8,
    /// Bumped by a full collection: a cycle in progress is abandoned.
    generation: AtomicU32,
    /// The bitmap is clear from its base up to this address (the controller clears it between
    /// uses, `clear_bitmap_concurrently`); a pause about to mark clears only the rest.
    clean_upto: AtomicUsize,
    /// Per region: objects below this address that are not marked are dead (not scrubbed yet).
    dead_below: Box<[AtomicUsize]>,
    /// Per region: the bytes and the number of the objects this cycle marked (each counted
    /// when it is scanned, once), so that a remark with nobody tracing need not walk the
    /// bitmap to learn each region's live bytes (G1 counts them as it marks too:
    /// G1RegionMarkStatsCache).
    marked_bytes: Box<[AtomicUsize]>,
    marked_objects: Box<[AtomicUsize]>,
    /// The last pause was a remark (its verification checks the marking).
    just_remarked: AtomicBool,
    /// Regions the last remark selected for a remembered-set rebuild (`Tracking::Updating`),
    /// until the cleanup.
    rebuilding: AtomicUsize,
    cycle_started: Mutex<Option<Instant>>,
}

impl Marking {
    pub fn new(bitmap: MarkBitmap, attrs: Arc<Attrs>, regions: usize) -> Marking {
        // Nothing is known clean yet: the controller's first pass writes the bitmap's pages,
        // so that the first marking does not fault them in during a pause.
        let base = bitmap.base();
        Marking {
            clean_upto: AtomicUsize::new(base),
            bitmap: RwLock::new(bitmap),
            attrs,
            satb: QueueSet::new(),
            grey: Mutex::new(Vec::new()),
            discovered: Mutex::new(Discovered::default()),
            work_lock: Mutex::new(()),
            phase: AtomicU8::new(IDLE),
            generation: AtomicU32::new(0),
            dead_below: (0..regions).map(|_| AtomicUsize::new(0)).collect(),
            marked_bytes: (0..regions).map(|_| AtomicUsize::new(0)).collect(),
            marked_objects: (0..regions).map(|_| AtomicUsize::new(0)).collect(),
            just_remarked: AtomicBool::new(false),
            rebuilding: AtomicUsize::new(0),
            cycle_started: Mutex::new(None),
        }
    }

    /// Is the SATB barrier on?
    pub fn is_active(&self) -> bool {
        self.attrs.satb_active()
    }

    /// Is a cycle between its concurrent start and its cleanup?
    pub fn in_cycle(&self) -> bool {
        self.phase.load(Ordering::Acquire) != IDLE
    }

    pub fn cycle_requested(&self) -> bool {
        self.phase.load(Ordering::Acquire) == REQUESTED
    }

    /// Is `obj` (in `region`) found dead by the last marking but not scrubbed yet?
    pub fn is_dead(&self, region: usize, obj: Ref) -> bool {
        obj.offset() < self.dead_below[region].load(Ordering::Relaxed)
            && !self.bitmap.read().is_marked(obj.offset())
    }

    /// Region `i`'s line below which unmarked objects are dead (0: none are).
    pub fn dead_below_line(&self, i: usize) -> usize {
        self.dead_below[i].load(Ordering::Relaxed)
    }

    /// Every region's line below which unmarked objects are dead (0: none are).
    pub fn dead_below_lines(&self) -> Vec<usize> {
        self.dead_below
            .iter()
            .map(|line| line.load(Ordering::Relaxed))
            .collect()
    }

    /// Region `i`'s marked objects so far this cycle: their bytes and their number.
    pub fn marked_in(&self, i: usize) -> (usize, usize) {
        (
            self.marked_bytes[i].load(Ordering::Relaxed),
            self.marked_objects[i].load(Ordering::Relaxed),
        )
    }

    /// Adds `tally`'s objects to their region's marked counts.
    fn count_marked(&self, tally: &MarkTally) {
        if tally.objects > 0 {
            self.marked_bytes[tally.region].fetch_add(tally.bytes, Ordering::Relaxed);
            self.marked_objects[tally.region].fetch_add(tally.objects, Ordering::Relaxed);
        }
    }

    /// Region `i` was freed: nothing in it is dead any more.
    pub fn region_freed(&self, i: usize) {
        self.dead_below[i].store(0, Ordering::Relaxed);
    }

    /// Concurrent start, before evacuation: TAMS for every tenured region, a clear bitmap.
    pub fn prepare_cycle(&self, table: &mut RegionTable, committed_regions: usize) {
        for i in 0..table.meta.len() {
            let m = &mut table.meta[i];
            m.tams = if m.role.is_tenured() {
                m.top
            } else {
                table.geometry.bottom(i)
            };
            table.meta[i].needs_scrub = false;
            self.dead_below[i].store(0, Ordering::Relaxed);
            self.marked_bytes[i].store(0, Ordering::Relaxed);
            self.marked_objects[i].store(0, Ordering::Relaxed);
        }
        let end = table.geometry.bottom(committed_regions.max(1)).max(
            table
                .meta
                .iter()
                .enumerate()
                .filter(|(_, m)| m.role != Role::Uncommitted)
                .map(|(i, _)| table.geometry.end(i))
                .max()
                .unwrap_or(0),
        );
        self.clear_bitmap_for_use(&self.bitmap.read(), end);
    }

    /// The address up to which the bitmap is known clear.
    pub fn clean_upto(&self) -> usize {
        self.clean_upto.load(Ordering::Relaxed)
    }

    /// In a pause about to mark `[base, end)`: clears what the controller has not cleared yet
    /// (usually nothing), and notes that the bitmap is in use.
    pub fn clear_bitmap_for_use(&self, bitmap: &MarkBitmap, end: usize) {
        let from = self.clean_upto.swap(bitmap.base(), Ordering::Relaxed);
        if from < end {
            bitmap.clear_range(from, end);
        }
    }

    /// Concurrent start, after evacuation: the greyed objects, the barrier on, the controller
    /// to pick the cycle up.
    pub fn start_cycle(&self, grey: Vec<u32>) {
        *self.grey.lock() = grey;
        self.attrs.set_satb_active(true);
        self.phase.store(REQUESTED, Ordering::Release);
        *self.cycle_started.lock() = Some(Instant::now());
    }

    /// A full collection: forget any cycle in progress.
    pub fn abandon(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.attrs.set_satb_active(false);
        self.phase.store(IDLE, Ordering::Release);
        self.grey.lock().clear();
        self.discovered.lock().clear();
        self.rebuilding.store(0, Ordering::Relaxed);
        drop(self.satb.take_all());
        for d in self.dead_below.iter() {
            d.store(0, Ordering::Relaxed);
        }
    }
}

/// Heap bytes whose mark bits the controller clears in one unit of concurrent work: 8 MB, a
/// 128 KB slice of the bitmap (a bit per 8-byte word).
const CLEAR_CHUNK: usize = 8 << 20;

impl RegionCollector {
    /// Clears the mark bitmap on the controller thread while no cycle needs it — G1's
    /// concurrent "cleanup for next mark" — in gated units of `CLEAR_CHUNK` heap bytes, so
    /// the concurrent start pause finds it clean. A full collection's marking leaves it to be
    /// cleared again. (Clearing it in the pause took 5.7 ms of Fragmentation's first
    /// concurrent start, its pages faulted in for the first time right there.)
    pub(crate) fn clear_bitmap_concurrently(&self) {
        loop {
            let _unit = self.gate.enter();
            if self.gate.stop_requested() || self.marking.in_cycle() {
                return;
            }
            let end = self.committed_end(&self.state.lock());
            let from = self.marking.clean_upto.load(Ordering::Relaxed);
            if from >= end {
                return;
            }
            let to = (from + CLEAR_CHUNK).min(end);
            self.marking.bitmap.read().clear_range(from, to);
            self.marking.clean_upto.store(to, Ordering::Relaxed);
        }
    }

    /// Marks `obj` if it is tenured and below its region's TAMS; true if newly marked.
    fn mark_if_below_tams(&self, bitmap: &MarkBitmap, tams: &[usize], obj: Ref) -> bool {
        let r = self.geometry.index_of(obj.offset());
        obj.offset() < tams[r] && self.attrs.role_of(r).is_tenured() && bitmap.mark(obj.offset())
    }

    /// Is `obj` known to be live to this cycle: young, at or above its region's TAMS, or
    /// marked?
    fn live_to_marking(&self, bitmap: &MarkBitmap, tams: &[usize], obj: Ref) -> bool {
        let r = self.geometry.index_of(obj.offset());
        !self.attrs.role_of(r).is_tenured()
            || obj.offset() >= tams[r]
            || bitmap.is_marked(obj.offset())
    }

    /// Scans up to `budget` grey objects; returns how many. A reference whose referent is not
    /// known to be live is discovered instead of having its referent marked.
    fn mark_some(&self, tams: &[usize], budget: usize) -> usize {
        self.mark_some_sized(tams, budget, None)
    }

    /// `mark_some`, adding the bytes of the objects processed to `bytes` (for step frames).
    fn mark_some_sized(&self, tams: &[usize], budget: usize, mut bytes: Option<&mut u64>) -> usize {
        let bitmap = self.marking.bitmap.read();
        let mut grey = std::mem::take(&mut *self.marking.grey.lock());
        let mut discovered = Discovered::default();
        let refs = self.types.references();
        let mut done = 0;
        // Every grey object is marked and below its region's TAMS, and is scanned once: its
        // bytes count for its region here (in runs of one region, added to the shared
        // counts when the region changes).
        let mut tally = MarkTally::default();
        while done < budget {
            let Some(raw) = grey.pop() else { break };
            done += 1;
            let obj = Ref::from_raw(raw);
            let memory = &*self.memory;
            let size = memory.object_size(&self.types, obj);
            let region = self.geometry.index_of(obj.offset());
            if region != tally.region {
                self.marking.count_marked(&tally);
                tally = MarkTally {
                    region,
                    ..MarkTally::default()
                };
            }
            tally.bytes += size;
            tally.objects += 1;
            if let Some(b) = bytes.as_deref_mut() {
                *b += size as u64;
            }
            let skip = refs
                .should_discover(memory, obj, |r| self.live_to_marking(&bitmap, tams, r))
                .map(|(kind, slot)| {
                    discovered.push(kind, obj);
                    slot
                });
            memory.for_each_ref_slot(&self.types, obj, |slot| {
                if Some(slot) == skip {
                    return;
                }
                let child = memory.read_ref(slot);
                if !child.is_null() && self.mark_if_below_tams(&bitmap, tams, child) {
                    grey.push(child.raw());
                }
            });
        }
        self.marking.count_marked(&tally);
        self.marking.grey.lock().extend(grey);
        if !discovered.is_empty() {
            self.marking.discovered.lock().merge(discovered);
        }
        done
    }

    /// Remark, after marking finished: clears the discovered references whose referents are
    /// unmarked (after the soft policy kept some alive) and hands them to the VM.
    fn process_references(&self, tams: &[usize]) {
        let discovered = std::mem::take(&mut *self.marking.discovered.lock());
        ReferenceProcessor::new(&self.types, &self.memory)
            .process(discovered, &mut MarkingLiveness { gc: self, tams });
    }

    /// Greys the tenured objects logged by the SATB barrier.
    fn drain_satb(&self, tams: &[usize]) {
        let bitmap = self.marking.bitmap.read();
        let mut out = Vec::new();
        for buffer in self.marking.satb.take_all() {
            for raw in buffer {
                let obj = Ref::from_raw(raw);
                if self.mark_if_below_tams(&bitmap, tams, obj) {
                    out.push(raw);
                }
            }
        }
        self.marking.grey.lock().extend(out);
    }

    fn tams_snapshot(&self) -> Vec<usize> {
        self.state
            .lock()
            .table
            .meta
            .iter()
            .map(|m| m.tams)
            .collect()
    }

    fn aborted(&self, generation: u32) -> bool {
        self.marking.generation.load(Ordering::SeqCst) != generation
    }

    /// One marking cycle, on the controller thread.
    pub(crate) fn run_marking_cycle(&'static self, vm: &'static dyn VmControl, stop: &StopSignal) {
        let generation = self.marking.generation.load(Ordering::SeqCst);
        if self
            .marking
            .phase
            .compare_exchange(
                super::marking::REQUESTED,
                MARKING,
                Ordering::AcqRel,
                Ordering::Acquire,
            )
            .is_err()
        {
            return;
        }
        // Inside a unit: the world that started the cycle has resumed (its pause is logged).
        let unit = self.gate.enter();
        let cycle_id = vm.pause_count();
        let started = self
            .marking
            .cycle_started
            .lock()
            .unwrap_or_else(Instant::now);
        self.log(&format!("GC({cycle_id}) Concurrent Mark Cycle"));
        drop(unit);
        let mark_started = Instant::now();
        // Concurrent mark; a step frame between chunks, out of the unit and the work lock.
        let mut progress = ConcurrentSteps::new(&super::steps::STEP_MARKING, cycle_id);
        loop {
            if stop.is_stopped() || self.aborted(generation) {
                return;
            }
            let mut bytes = progress.watched(vm).then_some(0u64);
            {
                let _unit = self.gate.enter();
                let _work = self.marking.work_lock.lock();
                if self.aborted(generation) {
                    return;
                }
                let tams = self.tams_snapshot();
                self.drain_satb(&tams);
                if self.mark_some_sized(&tams, MARK_CHUNK, bytes.as_mut()) == 0 {
                    break;
                }
            }
            if let Some(b) = bytes {
                self.marking_step(vm, &mut progress, b, generation);
            }
        }
        let mark_time = mark_started.elapsed();
        vm.concurrent_phase(cycle_id, "Concurrent Mark", mark_started, mark_time);
        self.log_detail(
            "gc,marking",
            &format!(
                "GC({cycle_id}) Concurrent Mark {:.3}ms",
                mark_time.as_secs_f64() * 1e3
            ),
        );
        if let Some(line) = progress.log_line("Concurrent Mark", mark_time) {
            self.log_detail("gc,streams", &line);
        }
        // Remark.
        let remarked = vm.request_pause(GcCause::Collector(PAUSE_REMARK), &mut |_roots, events| {
            self.remark(generation, events)
        });
        if remarked.is_none() || self.aborted(generation) {
            return;
        }
        // Scrub, then rebuild the remembered sets of the regions the remark selected.
        let scrub_started = Instant::now();
        let regions: Vec<usize> = {
            let st = self.state.lock();
            (0..st.table.meta.len())
                .filter(|&i| st.table.meta[i].needs_scrub)
                .collect()
        };
        for i in regions {
            if stop.is_stopped() || self.aborted(generation) {
                return;
            }
            let _unit = self.gate.enter();
            let _refine = self.refine_lock.lock();
            let _work = self.marking.work_lock.lock();
            if self.aborted(generation) {
                return;
            }
            self.scrub_region(i);
        }
        let scrub_time = scrub_started.elapsed();
        vm.concurrent_phase(cycle_id, "Concurrent Scrub", scrub_started, scrub_time);
        self.log_detail(
            "gc,marking",
            &format!(
                "GC({cycle_id}) Concurrent Scrub {:.3}ms",
                scrub_time.as_secs_f64() * 1e3
            ),
        );
        let rebuild_started = Instant::now();
        let Some(rebuilt) = self.rebuild_remembered_sets(generation, stop) else {
            return;
        };
        let rebuild_time = rebuild_started.elapsed();
        vm.concurrent_phase(
            cycle_id,
            "Concurrent Rebuild Remembered Sets",
            rebuild_started,
            rebuild_time,
        );
        self.log_detail(
            "gc,marking",
            &format!(
                "GC({cycle_id}) Concurrent Rebuild Remembered Sets {:.3}ms ({} regions selected, {} KB of {} tenured regions scanned, {} cards remembered)",
                rebuild_time.as_secs_f64() * 1e3,
                rebuilt.selected,
                kb(rebuilt.scanned_bytes as u64),
                rebuilt.sources,
                rebuilt.cards
            ),
        );
        // Cleanup.
        let cleaned = vm.request_pause(GcCause::Collector(PAUSE_CLEANUP), &mut |_roots, events| {
            self.cleanup(generation, events)
        });
        if cleaned.is_some() && !self.aborted(generation) {
            let cycle_time = started.elapsed();
            vm.concurrent_phase(cycle_id, "Concurrent Mark Cycle", started, cycle_time);
            self.log(&format!(
                "GC({cycle_id}) Concurrent Mark Cycle {:.3}ms",
                cycle_time.as_secs_f64() * 1e3
            ));
        }
    }

    /// Counts `bytes` marked; every N KB, a `region.marking` frame (the world stopped as a tick).
    fn marking_step(
        &self,
        vm: &dyn VmControl,
        progress: &mut ConcurrentSteps,
        bytes: u64,
        generation: u32,
    ) {
        progress.add_marked(vm, bytes, &|| !self.aborted(generation), &mut |tiles| {
            let metas = self.state.lock().table.meta.clone();
            self.tile_marking(tiles, &metas);
        });
    }

    /// Pause Remark: finish marking, compute liveness, report survivors to the tracer.
    fn remark(&self, generation: u32, events: &mut dyn GcEventSink) -> GcOutcome {
        self.frame_bins.lock().pause_begins();
        let _refine = self.refine_lock.lock();
        let _work = self.marking.work_lock.lock();
        let used = self.used();
        let capacity = self.capacity();
        if self.aborted(generation) {
            return marking_outcome(PAUSE_REMARK, used, used, capacity, 0);
        }
        let tams = self.tams_snapshot();
        self.drain_satb(&tams);
        while self.mark_some(&tams, usize::MAX) > 0 {}
        self.process_references(&tams);
        self.marking.attrs.set_satb_active(false);
        drop(self.marking.satb.take_all());

        let mut st = self.state.lock();
        let bitmap = self.marking.bitmap.read();
        let mut live_objects = 0;
        let mut above_tams = 0;
        let tenured: Vec<usize> = (0..st.table.meta.len())
            .filter(|&i| st.table.meta[i].role.is_tenured())
            .collect();
        for &i in &tenured {
            events.collecting_space(i as u32);
        }
        let wants_events = events.wants_events();
        let mut kept = KeptRuns::new(events);
        for &i in &tenured {
            let bottom = self.geometry.bottom(i);
            let m = st.table.meta[i];
            match m.role {
                Role::HumongousCont => {}
                Role::HumongousStart => {
                    let obj = Ref::from_offset(bottom);
                    let size = self.memory.object_size(&self.types, obj);
                    let live = m.tams <= bottom || bitmap.is_marked(bottom);
                    if live {
                        kept.object(bottom, size);
                        kept.end_run();
                        live_objects += 1;
                    } else {
                        self.marking.dead_below[i].store(m.tams, Ordering::Relaxed);
                    }
                    st.table.meta[i].live_bytes = if live { size } else { 0 };
                }
                _ => {
                    // The marking counted each region's live bytes; the bitmap is walked
                    // only to report the marked objects to a trace.
                    let (live, objects) = if wants_events {
                        let walked = report_marked_runs(
                            &self.memory,
                            &self.types,
                            &bitmap,
                            bottom,
                            m.tams,
                            &mut kept,
                        );
                        debug_assert_eq!(walked, self.marking.marked_in(i), "region {i}");
                        walked
                    } else {
                        self.marking.marked_in(i)
                    };
                    let above = m.top.saturating_sub(m.tams.max(bottom));
                    above_tams += above;
                    if above > 0 {
                        kept.range(m.tams.max(bottom), above);
                    }
                    live_objects += objects;
                    st.table.meta[i].live_bytes = live + above;
                    st.table.meta[i].remark_top = m.top;
                    let garbage = m.tams.saturating_sub(bottom) > live;
                    st.table.meta[i].needs_scrub = garbage;
                    if garbage {
                        self.marking.dead_below[i].store(m.tams, Ordering::Relaxed);
                    }
                }
            }
        }
        kept.finish();
        drop(bitmap);
        let selected = self.select_for_rebuild(&mut st.table, &tenured);
        self.marking.rebuilding.store(selected, Ordering::Relaxed);
        let live: usize = tenured.iter().map(|&i| st.table.meta[i].live_bytes).sum();
        self.log_detail(
            "gc,marking",
            &format!(
                "GC({}) Marked: {live_objects} objects, {}K below TAMS, {}K allocated above TAMS, \
                 in {} tenured regions",
                self.current_gc_id(),
                (live - above_tams) >> 10,
                above_tams >> 10,
                tenured.len()
            ),
        );
        let title = || {
            format!(
                "Remark: {} KB live in {} tenured regions",
                kb(live as u64),
                tenured.len()
            )
        };
        self.cycle_step(
            events,
            &super::steps::STEP_REMARK,
            &st.table.meta,
            true,
            title,
        );
        drop(st);
        self.marking.phase.store(REMARKED, Ordering::Release);
        self.marking.just_remarked.store(true, Ordering::Relaxed);
        self.stats.lock().marking_cycles += 1;
        marking_outcome(PAUSE_REMARK, used, used, capacity, live_objects)
    }

    /// At the remark (G1's `update_before_rebuild`): every tenured region's top becomes its
    /// `rebuild_top`, below which the rebuild will scan it; the untracked old regions with
    /// some but little live data (below the mixed-collection threshold, 85% of a region) —
    /// the ones a mixed collection may evacuate — become `Updating`. From now on every new
    /// pointer into them is remembered; the rebuild adds the older ones. Returns how many.
    fn select_for_rebuild(&self, table: &mut RegionTable, tenured: &[usize]) -> usize {
        let mut selected = 0;
        let threshold = super::policy::MIXED_LIVE_THRESHOLD_PERCENT * self.geometry.size;
        for &i in tenured {
            let m = &mut table.meta[i];
            m.rebuild_top = m.top;
            if m.role == Role::Old
                && m.live_bytes > 0
                && m.live_bytes * 100 < threshold
                && !self.attrs.is_tracked(i)
            {
                self.attrs.set_tracking(i, Tracking::Updating);
                selected += 1;
            }
        }
        selected
    }

    /// Concurrent Rebuild Remembered Sets (controller, after the scrub): scans every tenured
    /// region below its `rebuild_top` — every object there is live now, the dead ones below
    /// TAMS are fillers — and remembers each slot pointing into a region being rebuilt
    /// (`Updating`). Objects above `rebuild_top` were copied in by pauses since the remark,
    /// which remembered their pointers; stores since the remark were caught by the barrier. So
    /// at the end every pointer into an `Updating` region is covered, and the cleanup can call
    /// its set complete. Runs in gated units of `REBUILD_CHUNK` bytes (a pause waits for at most
    /// one). `None` if the cycle was abandoned or the VM stops.
    fn rebuild_remembered_sets(&self, generation: u32, stop: &StopSignal) -> Option<RebuildStats> {
        let mut stats = RebuildStats {
            selected: self.marking.rebuilding.load(Ordering::Relaxed),
            ..RebuildStats::default()
        };
        if stats.selected == 0 {
            return Some(stats);
        }
        // The sources: every tenured region at the remark (a region that became old since
        // holds only objects pauses copied in and remembered), with the range to scan.
        let sources: Vec<(usize, usize, usize)> = {
            let st = self.state.lock();
            (0..st.table.meta.len())
                .filter_map(|i| {
                    let m = &st.table.meta[i];
                    let bottom = self.geometry.bottom(i);
                    match m.role {
                        Role::Old if m.rebuild_top > bottom => Some((i, bottom, m.rebuild_top)),
                        Role::HumongousStart if m.rebuild_top > bottom => {
                            let obj = Ref::from_offset(bottom);
                            let refs = !matches!(
                                self.types.info(self.memory.type_id(obj)).shape,
                                Shape::Array { elem } if elem != ElemKind::Ref
                            );
                            let end = bottom + self.memory.object_size(&self.types, obj);
                            refs.then_some((i, bottom, end))
                        }
                        _ => None,
                    }
                })
                .collect()
        };
        stats.sources = sources.len();
        let mut buffer = RememberBuffer::default();
        for (i, bottom, end) in sources {
            let role = self.attrs.role_of(i);
            let mut from = bottom;
            while from < end {
                if stop.is_stopped() || self.aborted(generation) {
                    return None;
                }
                let _unit = self.gate.enter();
                let _work = self.marking.work_lock.lock();
                if self.aborted(generation) {
                    return None;
                }
                if self.attrs.role_of(i) != role
                    || (role == Role::HumongousStart
                        && self.marking.is_dead(i, Ref::from_offset(bottom)))
                {
                    break;
                }
                let to = (from + REBUILD_CHUNK).min(end);
                let object_start = if role == Role::Old {
                    self.bot.parse_start(CardTable::card_of(from), bottom)
                } else {
                    bottom
                };
                let memory = &*self.memory;
                let mut last = (usize::MAX, usize::MAX);
                remset::for_each_slot_in(
                    memory,
                    &self.types,
                    from,
                    to,
                    object_start,
                    end,
                    |slot| {
                        let target = memory.read_ref(slot);
                        if target.is_null() {
                            return;
                        }
                        let t = self.geometry.index_of(target.offset());
                        let card = CardTable::card_of(slot);
                        if last == (t, card) || self.attrs.tracking(t) != Tracking::Updating {
                            return;
                        }
                        let source = self.geometry.index_of(slot);
                        if t != source {
                            last = (t, card);
                            buffer.push(t as u32, source as u32, card as u32);
                        }
                    },
                );
                stats.cards += buffer.len;
                self.flush_remembered(&mut buffer);
                stats.scanned_bytes += to - from;
                from = to;
            }
        }
        Some(stats)
    }

    /// Turns the dead objects below TAMS of old region `i` into fillers.
    fn scrub_region(&self, i: usize) {
        let mut st = self.state.lock();
        let m = st.table.meta[i];
        if !m.needs_scrub || m.role != Role::Old {
            return;
        }
        let bitmap = self.marking.bitmap.read();
        self.fill_dead_runs(self.geometry.bottom(i), m.tams, |obj, _| {
            bitmap.is_marked(obj.offset())
        });
        st.table.meta[i].needs_scrub = false;
        self.marking.dead_below[i].store(0, Ordering::Relaxed);
    }

    /// Pause Cleanup: free empty old regions and dead humongous objects, choose the mixed
    /// collection candidates.
    fn cleanup(&self, generation: u32, events: &mut dyn GcEventSink) -> GcOutcome {
        self.frame_bins.lock().pause_begins();
        let _refine = self.refine_lock.lock();
        let _work = self.marking.work_lock.lock();
        let used_before = self.used();
        if self.aborted(generation) {
            return marking_outcome(PAUSE_CLEANUP, used_before, used_before, self.capacity(), 0);
        }
        let mut st = self.state.lock();
        let mut freed_old = 0;
        let mut freed_humongous = 0;
        let mut dropped = 0;
        let mut candidates = Vec::new();
        let region_size = self.geometry.size;
        for i in 0..st.table.meta.len() {
            let m = st.table.meta[i];
            // What the remark counted, and what pauses since have copied in above it.
            let live = m.live_bytes
                + m.top
                    .saturating_sub(m.remark_top.max(self.geometry.bottom(i)));
            match m.role {
                // Regions that got old after the remark have no liveness yet (TAMS at the
                // bottom, nothing counted): neither freed nor candidates.
                Role::Old if m.live_bytes == 0 && m.tams == self.geometry.bottom(i) => {}
                Role::Old if live == 0 && !m.needs_scrub => {
                    self.release_region(&mut st.table, i);
                    events.space_release(i as u32);
                    freed_old += 1;
                }
                // A candidate only if the remark selected it and its set is rebuilt (it was not
                // worth a set otherwise); one that filled up since loses its set.
                Role::Old if self.attrs.tracking(i) == Tracking::Updating => {
                    if live * 100 < super::policy::MIXED_LIVE_THRESHOLD_PERCENT * region_size {
                        self.attrs.set_tracking(i, Tracking::Complete);
                        candidates.push((i, live));
                    } else {
                        self.untrack(i);
                        dropped += 1;
                    }
                }
                Role::Old => {}
                Role::HumongousStart if m.live_bytes == 0 && m.tams > self.geometry.bottom(i) => {
                    self.free_humongous(&mut st.table, i, events);
                    freed_humongous += 1;
                }
                _ => {}
            }
        }
        let n = candidates.len();
        let title = || {
            format!("Cleanup: {freed_old} old regions freed, {freed_humongous} humongous; {n} mixed candidates ranked")
        };
        self.cycle_step(
            events,
            &super::steps::STEP_CLEANUP,
            &st.table.meta,
            true,
            title,
        );
        for i in 0..st.table.meta.len() {
            st.table.meta[i].tams = self.geometry.bottom(i);
            self.marking.dead_below[i].store(0, Ordering::Relaxed);
        }
        let committed = st.table.committed();
        drop(st);
        {
            let mut p = self.policy.lock();
            p.initial_candidates = candidates.len();
            p.candidates = candidates;
            p.rank_candidates(|region| self.remset_cards(region));
            let worthwhile = p.mixed_worthwhile(committed);
            if !worthwhile {
                dropped += self.drop_candidates(&mut p);
            }
            self.set_mixed_phase(worthwhile);
        }
        self.marking.rebuilding.store(0, Ordering::Relaxed);
        self.log_detail(
            "gc,remset",
            &format!(
                "GC({}) Remembered sets: {n} candidates complete, {dropped} dropped",
                self.current_gc_id()
            ),
        );
        {
            let mut s = self.stats.lock();
            s.old_regions_reclaimed_at_cleanup += freed_old;
            s.humongous_reclaimed_at_cleanup += freed_humongous;
        }
        self.marking.phase.store(IDLE, Ordering::Release);
        // The next pause may be mixed: an eden that leaves room for its first old region.
        self.after_pause();
        let used_after = self.used();
        marking_outcome(PAUSE_CLEANUP, used_before, used_after, self.capacity(), 0)
    }

    // ---- verification (--verify-heap) ----

    /// The remembered-set invariants: every cross-region reference out of a live tenured
    /// object into a region whose tracking is `Complete` is covered by the target region's
    /// remembered set (for a young region, on a card `YoungCards` has not forgotten) or by a
    /// dirty card (whose refinement or the next pause will scan it);
    /// young and free regions are tracked; an untracked region's set is empty; `Updating`
    /// sets exist only between a remark and its cleanup; mixed candidates are complete.
    pub(crate) fn verify_remembered_sets(&self) -> Result<(), String> {
        let st = self.state.lock();
        let memory = &*self.memory;
        let rebuilding = self.marking.phase.load(Ordering::Acquire) == REMARKED;
        for (i, m) in st.table.meta.iter().enumerate() {
            let tracking = self.attrs.tracking(i);
            let problem = match tracking {
                Tracking::Complete => None,
                _ if !m.role.is_tenured() => Some("is not tenured, so it must be tracked"),
                Tracking::Untracked if !self.remsets.of(i).is_empty() => {
                    Some("is untracked but its set is not empty")
                }
                Tracking::Updating if !rebuilding => {
                    Some("is being rebuilt but no remark is waiting for its cleanup")
                }
                Tracking::Updating if m.role != Role::Old => Some("is being rebuilt but not old"),
                _ => None,
            };
            if let Some(p) = problem {
                return Err(format!(
                    "region: region {i} ({:?}, remembered set {tracking:?}) {p}",
                    m.role
                ));
            }
        }
        for &(c, _) in self.policy.lock().candidates.iter() {
            if self.attrs.tracking(c) != Tracking::Complete {
                return Err(format!(
                    "region: mixed candidate region {c} has a {:?} remembered set",
                    self.attrs.tracking(c)
                ));
            }
        }
        for i in 0..st.table.meta.len() {
            let m = st.table.meta[i];
            if !matches!(m.role, Role::Old | Role::HumongousStart) {
                continue;
            }
            let bottom = self.geometry.bottom(i);
            let end = if m.role == Role::HumongousStart {
                bottom + memory.object_size(&self.types, Ref::from_offset(bottom))
            } else {
                m.top
            };
            let mut at = bottom;
            while at < end {
                let obj = Ref::from_offset(at);
                let size = memory.object_size(&self.types, obj);
                if !self.marking.is_dead(i, obj) {
                    let mut err = None;
                    memory.for_each_ref_slot(&self.types, obj, |slot| {
                        if err.is_some() {
                            return;
                        }
                        let target = memory.read_ref(slot);
                        if target.is_null() {
                            return;
                        }
                        let source = self.geometry.index_of(slot);
                        let t = self.geometry.index_of(target.offset());
                        if t == source || self.attrs.tracking(t) != Tracking::Complete {
                            return;
                        }
                        let card = super::remset::CardTable::card_of(slot);
                        if self.cards.is_dirty(card) {
                            return;
                        }
                        let young = st.table.meta[t].role.is_young();
                        let problem = if !self.remsets.of(t).covers(source as u32, card as u32) {
                            format!("is neither dirty nor in region {t}'s remembered set")
                        } else if young && !self.young_cards.may_point_into_young(card) {
                            format!("is in young region {t}'s remembered set but flagged as pointing into no young region, so a pause would skip it")
                        } else {
                            return;
                        };
                        err = Some(format!(
                            "region: slot {slot:#x} of {obj:?} (region {source}, {:?}) points to {target:?} in region {t} ({:?}, remembered set complete), but card {card} {problem}",
                            m.role, st.table.meta[t].role
                        ));
                    });
                    if let Some(e) = err {
                        return Err(e);
                    }
                }
                at += size;
            }
        }
        Ok(())
    }

    /// After a remark: every tenured object below TAMS reachable from the roots is marked.
    pub(crate) fn verify_marking(&self, roots: &mut dyn RootSource) -> Result<(), String> {
        if !self.marking.just_remarked.swap(false, Ordering::Relaxed) {
            return Ok(());
        }
        let st = self.state.lock();
        let bitmap = self.marking.bitmap.read();
        let memory = &*self.memory;
        let mut seen: HashSet<u32> = HashSet::new();
        let mut stack: Vec<Ref> = Vec::new();
        roots.visit_roots(&mut |r| {
            if seen.insert(r.raw()) {
                stack.push(r);
            }
            r
        });
        while let Some(obj) = stack.pop() {
            let r = self.geometry.index_of(obj.offset());
            let m = &st.table.meta[r];
            if m.role.is_tenured() && obj.offset() < m.tams && !bitmap.is_marked(obj.offset()) {
                return Err(format!(
                    "region: reachable object {obj:?} in region {r} ({:?}) below TAMS {:#x} was not marked",
                    m.role, m.tams
                ));
            }
            memory.for_each_ref_slot(&self.types, obj, |slot| {
                let child = memory.read_ref(slot);
                if !child.is_null() && seen.insert(child.raw()) {
                    stack.push(child);
                }
            });
        }
        self.verify_marked_counts(&st.table, &bitmap)
    }

    /// The remark took each region's live bytes from the marking's counts: they must be the
    /// bytes and number of the objects its bitmap marks below TAMS.
    fn verify_marked_counts(&self, table: &RegionTable, bitmap: &MarkBitmap) -> Result<(), String> {
        for (i, m) in table.meta.iter().enumerate() {
            if !m.role.is_tenured() || matches!(m.role, Role::HumongousStart | Role::HumongousCont)
            {
                continue;
            }
            let bottom = self.geometry.bottom(i);
            let walked = report_marked_runs(
                &self.memory,
                &self.types,
                bitmap,
                bottom,
                m.tams,
                &mut KeptRuns::new(&mut gcvm_tracer::NoEvents),
            );
            let counted = self.marking.marked_in(i);
            if counted != walked {
                return Err(format!(
                    "region: the marking counted {} bytes in {} objects in region {i} ({:?}), its bitmap marks {} bytes in {} objects",
                    counted.0, counted.1, m.role, walked.0, walked.1
                ));
            }
        }
        Ok(())
    }
}

/// Reference processing's view of the marking, at remark: live is `live_to_marking`; keeping
/// alive is marking, and marking to the end again.
struct MarkingLiveness<'a> {
    gc: &'a RegionCollector,
    tams: &'a [usize],
}

impl Liveness for MarkingLiveness<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        let bitmap = self.gc.marking.bitmap.read();
        self.gc
            .live_to_marking(&bitmap, self.tams, obj)
            .then_some(obj)
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let gc = self.gc;
        {
            let bitmap = gc.marking.bitmap.read();
            let newly: Vec<u32> = objs
                .iter()
                .filter(|&&o| gc.mark_if_below_tams(&bitmap, self.tams, o))
                .map(|o| o.raw())
                .collect();
            gc.marking.grey.lock().extend(newly);
        }
        while gc.mark_some(self.tams, usize::MAX) > 0 {}
        discovered.merge(std::mem::take(&mut *gc.marking.discovered.lock()));
        objs.to_vec()
    }
}

/// Objects one marking pass scanned in one region, not yet added to the region's counts.
#[derive(Default)]
struct MarkTally {
    region: usize,
    bytes: usize,
    objects: usize,
}

/// The outcome of a marking pause (remark, cleanup): it moves nothing.
fn marking_outcome(
    name: &str,
    used_before: usize,
    used_after: usize,
    capacity_after: usize,
    live_objects: usize,
) -> GcOutcome {
    GcOutcome {
        kind: GcKind::Marking,
        used_before,
        used_after,
        capacity_after,
        moved_bytes: 0,
        live_objects,
        pause_name: Some(name.to_string()),
    }
}

/// Reports the marked objects of `[from, to)` as runs kept in place; returns their bytes and
/// count.
fn report_marked_runs(
    memory: &crate::memory::HeapMemory,
    types: &TypeRegistry,
    bitmap: &MarkBitmap,
    from: usize,
    to: usize,
    kept: &mut KeptRuns<'_>,
) -> (usize, usize) {
    let mut live = 0;
    let mut objects = 0;
    for addr in bitmap.marked(from, to) {
        let size = memory.object_size(types, Ref::from_offset(addr));
        live += size;
        objects += 1;
        kept.object(addr, size);
    }
    // Runs do not cross regions.
    kept.end_run();
    (live, objects)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        collector, leaves, old_region, place, store, young_collection, Roots, BLOB, BLOB_SIZE,
        NODE, NODE_SLOTS,
    };
    use super::*;

    /// The controller's work from a concurrent start's pause to the remark, done here: mark
    /// everything, remark, scrub. Returns the cycle's generation, for the cleanup.
    fn mark_and_remark(c: &RegionCollector) -> u32 {
        let generation = c.marking.generation.load(Ordering::SeqCst);
        c.marking.phase.store(MARKING, Ordering::Release);
        let tams = c.tams_snapshot();
        while c.mark_some(&tams, usize::MAX) > 0 {}
        c.remark(generation, &mut gcvm_tracer::NoEvents);
        let scrub: Vec<usize> = {
            let st = c.state.lock();
            (0..st.table.meta.len())
                .filter(|&i| st.table.meta[i].needs_scrub)
                .collect()
        };
        for i in scrub {
            c.scrub_region(i);
        }
        generation
    }

    #[test]
    fn the_cleanup_keeps_an_old_region_a_pause_copied_into_after_the_remark() {
        let c = collector();
        let region = |r: &Ref| c.geometry.index_of(r.offset());
        // Ten leaves reach an old region, which keeps room for the next promotions.
        let mut dying = Roots(Vec::new());
        leaves(&c, &mut dying, 10);
        young_collection(&c, &mut dying);
        young_collection(&c, &mut dying);
        let old = region(&dying.0[0]);
        assert_eq!(c.roles()[old], Role::Old);
        // They die; a cycle starts and finds nothing live in that region.
        let mut live = Roots(Vec::new());
        c.start_marking.store(true, Ordering::Relaxed);
        young_collection(&c, &mut live);
        assert!(c.marking.in_cycle(), "the pause started a marking cycle");
        let generation = mark_and_remark(&c);
        assert_eq!(c.state.lock().table.meta[old].live_bytes, 0);
        // After the remark, pauses promote ten new leaves into that region's room.
        leaves(&c, &mut live, 10);
        young_collection(&c, &mut live);
        young_collection(&c, &mut live);
        assert!(
            live.0.iter().all(|r| region(r) == old),
            "promoted into the retained region"
        );
        c.cleanup(generation, &mut gcvm_tracer::NoEvents);
        assert_eq!(
            c.roles()[old],
            Role::Old,
            "the region holding live objects is kept"
        );
        let report = crate::verify::verify_heap(
            &c.memory,
            &c.types,
            &c.parseable_ranges(),
            &|obj| c.is_dead(obj),
            &mut live,
        );
        assert!(report.is_ok(), "{report:?}");
    }

    /// An old heap for a marking cycle: region `holders` holds one `NODE` per region below,
    /// each pointing (slot 0) to the first `BLOB` of its region; `sparse` regions hold `blobs`
    /// blobs of which only that first one is referenced, `dense` regions are full of blobs, all
    /// rooted. The roots are the holders and the dense regions' blobs.
    struct OldHeap {
        holders: usize,
        sparse: Vec<usize>,
        dense: Vec<usize>,
        roots: Roots,
    }

    fn old_heap(c: &RegionCollector, sparse: usize, blobs: usize, dense: usize) -> OldHeap {
        let holders = old_region(c);
        let mut roots = Roots(Vec::new());
        let mut fill = |n: usize, all_rooted: bool| -> usize {
            let r = old_region(c);
            for k in 0..n {
                let blob = place(c, r, BLOB, BLOB_SIZE);
                if k == 0 {
                    let holder = place(c, holders, NODE, 24);
                    c.memory.write_ref(holder.offset() + NODE_SLOTS[0], blob);
                    roots.0.push(holder);
                } else if all_rooted {
                    roots.0.push(blob);
                }
            }
            r
        };
        let sparse = (0..sparse).map(|_| fill(blobs, false)).collect();
        let dense = (0..dense).map(|_| fill(16, true)).collect();
        OldHeap {
            holders,
            sparse,
            dense,
            roots,
        }
    }

    /// A concurrent start with `heap`'s roots, the marking, the remark and the scrub.
    fn cycle_to_rebuild(c: &RegionCollector, heap: &mut OldHeap) -> u32 {
        c.start_marking.store(true, Ordering::Relaxed);
        young_collection(c, &mut heap.roots);
        mark_and_remark(c)
    }

    fn rebuild(c: &RegionCollector, generation: u32) {
        let done = c.rebuild_remembered_sets(generation, &StopSignal::default());
        assert!(done.is_some(), "the rebuild ran to its end");
    }

    #[test]
    fn the_marking_counts_each_regions_live_bytes_as_its_bitmap_holds_them() {
        let c = collector();
        let mut heap = old_heap(&c, 2, 16, 2);
        cycle_to_rebuild(&c, &mut heap);
        let st = c.state.lock();
        let bitmap = c.marking.bitmap.read();
        let mut counted = 0;
        for (i, m) in st.table.meta.iter().enumerate() {
            if m.role != Role::Old {
                continue;
            }
            let bottom = c.geometry.bottom(i);
            let walked = report_marked_runs(
                &c.memory,
                &c.types,
                &bitmap,
                bottom,
                m.tams,
                &mut KeptRuns::new(&mut gcvm_tracer::NoEvents),
            );
            assert_eq!(c.marking.marked_in(i), walked, "region {i}");
            counted += walked.1;
        }
        // The holders, one blob per sparse region and 16 per dense one.
        assert_eq!(counted, 4 + 2 + 2 * 16, "every marked object counted once");
    }

    #[test]
    fn the_remark_selects_the_old_regions_with_little_live_data_for_a_rebuild() {
        let c = collector();
        let mut heap = old_heap(&c, 1, 16, 1);
        cycle_to_rebuild(&c, &mut heap);
        assert_eq!(c.attrs.tracking(heap.sparse[0]), Tracking::Updating);
        assert_eq!(
            c.attrs.tracking(heap.dense[0]),
            Tracking::Untracked,
            "too full for a mixed collection to take"
        );
    }

    #[test]
    fn a_region_selected_by_the_remark_is_tracked_by_the_barrier_at_once() {
        let c = collector();
        let mut heap = old_heap(&c, 1, 16, 0);
        cycle_to_rebuild(&c, &mut heap);
        let mut m = c.new_mutator(1);
        let holder = place(&c, old_region(&c), NODE, 24);
        let target = Ref::from_offset(c.geometry.bottom(heap.sparse[0]));
        store(&mut m, &c, holder, 1, target);
        assert!(c
            .cards
            .is_dirty(CardTable::card_of(holder.offset() + NODE_SLOTS[1])));
    }

    #[test]
    fn the_rebuild_remembers_the_pointers_into_a_selected_region_that_were_there_before() {
        let c = collector();
        let mut heap = old_heap(&c, 1, 16, 0);
        let generation = cycle_to_rebuild(&c, &mut heap);
        let target = heap.sparse[0];
        assert!(
            c.remsets.of(target).is_empty(),
            "untracked until the remark"
        );
        rebuild(&c, generation);
        let holder = heap.roots.0[0];
        let card = CardTable::card_of(holder.offset() + NODE_SLOTS[0]);
        assert!(c
            .remsets
            .of(target)
            .covers(heap.holders as u32, card as u32));
    }

    #[test]
    fn the_cleanup_completes_the_rebuilt_sets_of_the_mixed_candidates() {
        let c = collector();
        let mut heap = old_heap(&c, 6, 16, 0);
        let generation = cycle_to_rebuild(&c, &mut heap);
        rebuild(&c, generation);
        c.cleanup(generation, &mut gcvm_tracer::NoEvents);
        let candidates: Vec<usize> = c.policy.lock().candidates.iter().map(|&(r, _)| r).collect();
        for &r in &heap.sparse {
            assert!(candidates.contains(&r), "{r} in {candidates:?}");
            assert_eq!(c.attrs.tracking(r), Tracking::Complete);
        }
        assert_eq!(c.verify_remembered_sets(), Ok(()));
    }

    #[test]
    fn when_no_mixed_collection_is_worth_it_the_cleanup_drops_the_rebuilt_sets() {
        let c = collector();
        // One region of 15/16 garbage: under 5% of the 64 MB heap to reclaim.
        let mut heap = old_heap(&c, 1, 16, 0);
        let generation = cycle_to_rebuild(&c, &mut heap);
        rebuild(&c, generation);
        c.cleanup(generation, &mut gcvm_tracer::NoEvents);
        assert!(c.policy.lock().candidates.is_empty());
        assert_eq!(c.attrs.tracking(heap.sparse[0]), Tracking::Untracked);
        assert!(c.remsets.of(heap.sparse[0]).is_empty());
    }

    #[test]
    fn an_old_region_filled_up_since_the_remark_is_no_candidate_and_loses_its_set() {
        let c = collector();
        let mut heap = old_heap(&c, 6, 2, 0);
        let generation = cycle_to_rebuild(&c, &mut heap);
        let filled = heap.sparse[0];
        for _ in 0..14 {
            place(&c, filled, BLOB, BLOB_SIZE); // copied in by pauses since the remark
        }
        rebuild(&c, generation);
        c.cleanup(generation, &mut gcvm_tracer::NoEvents);
        assert!(!c.policy.lock().candidates.iter().any(|&(r, _)| r == filled));
        assert_eq!(c.attrs.tracking(filled), Tracking::Untracked);
    }
}
