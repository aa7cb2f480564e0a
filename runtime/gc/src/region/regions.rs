//! The region table: the heap cut into equal power-of-two regions, each with a role that
//! changes from collection to collection (G1's HeapRegion and HeapRegionManager).
//!
//! A region's role is kept twice: in `RegionTable::meta` (with its top and other bookkeeping),
//! changed only under the collector's heap lock or in a pause, and in `RegionTable::attrs`, one
//! atomic byte per region that the write barrier and `is_dead` read without any lock. `Attrs`
//! also keeps the access API's holder filter (a byte per page: young and not marking) in step
//! with the roles and the SATB flag, and each region's remembered-set tracking state
//! (`Tracking`, G1's G1RemSetTrackingPolicy): whether anyone keeps a remembered set for it.
//!
//! **Tracking.** A remembered set is only worth keeping for a region that will be evacuated:
//! young regions (every pause), old regions a mixed collection may pick, humongous primitive
//! arrays (eager reclaim needs to know nobody points in). Every other old region is
//! *untracked*: no barrier, refinement or pause remembers pointers into it.
//!
//! ```text
//!   free / eden / survivor / humongous ......................... Complete
//!   old (promoted into, evacuation failure, full collection) ... Untracked
//!   Untracked --remark: little live data--> Updating --rebuild, cleanup--> Complete (candidate)
//!   Updating --cleanup: not a candidate after all--> Untracked (set dropped)
//!   Complete old --mixed collections end--> Untracked (set dropped)
//!   humongous reference array --next pause--> Untracked (never reclaimed eagerly)
//! ```
//!
//! A region leaves `Untracked` only in a remark pause, so a mutator's barrier that reads the
//! state once per store can never miss a pointer: what it skipped before the remark, the
//! concurrent rebuild finds (marking.rs). Dropping a set (going to `Untracked`) is always safe.

use crate::collector::{HolderFilter, SpaceKind};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// What a region is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Role {
    /// Committed and empty.
    Free = 0,
    /// Mutators allocate here (TLABs, small objects outside TLABs).
    Eden = 1,
    /// Young objects that survived a collection.
    Survivor = 2,
    /// Tenured objects (promoted, or left in place by an evacuation failure).
    Old = 3,
    /// The first region of a humongous object (the object starts at its bottom).
    HumongousStart = 4,
    /// A further region of a humongous object.
    HumongousCont = 5,
    /// Not committed yet (the heap may grow into it).
    Uncommitted = 6,
}

impl Role {
    fn from_u8(v: u8) -> Role {
        match v {
            0 => Role::Free,
            1 => Role::Eden,
            2 => Role::Survivor,
            3 => Role::Old,
            4 => Role::HumongousStart,
            5 => Role::HumongousCont,
            _ => Role::Uncommitted,
        }
    }

    /// Eden and survivor regions: collected by every young collection, never scanned for cards.
    pub fn is_young(self) -> bool {
        matches!(self, Role::Eden | Role::Survivor)
    }

    /// Old and humongous regions: the ones remembered sets and marking are about.
    pub fn is_tenured(self) -> bool {
        matches!(self, Role::Old | Role::HumongousStart | Role::HumongousCont)
    }

    pub fn is_humongous(self) -> bool {
        matches!(self, Role::HumongousStart | Role::HumongousCont)
    }

    pub fn space_kind(self) -> SpaceKind {
        match self {
            Role::Free | Role::Uncommitted => SpaceKind::Free,
            Role::Eden => SpaceKind::Eden,
            Role::Survivor => SpaceKind::Survivor,
            Role::Old => SpaceKind::Old,
            Role::HumongousStart => SpaceKind::Humongous,
            Role::HumongousCont => SpaceKind::HumongousCont,
        }
    }
}

/// Where the regions are: `base + index * size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub base: usize,
    pub size: usize,
    pub shift: u32,
    /// Regions in the reservation (-Xmx).
    pub count: usize,
}

/// The smallest region.
pub const MIN_REGION: usize = 64 * 1024;
/// The largest region (G1's limit).
pub const MAX_REGION: usize = 32 << 20;
/// G1 aims at this many regions for the maximum heap...
pub const TARGET_REGIONS: usize = 2048;
/// ... but never fewer than this many (small heaps get small regions).
pub const MIN_REGIONS: usize = 64;

impl Geometry {
    /// G1's rule (`max heap / 2048`, rounded down to a power of two, within 1-32 MB), with
    /// the lower bound relaxed so that a heap has at least `MIN_REGIONS` regions: 16 MB gets
    /// 256 KB regions, 64 MB 1 MB, 6 GB 2 MB. `forced` is `--region-size`.
    pub fn region_size_for(max_heap: usize, forced: Option<usize>) -> Result<usize, String> {
        if let Some(size) = forced {
            if !size.is_power_of_two() || !(MIN_REGION..=MAX_REGION).contains(&size) {
                return Err(format!(
                    "--region-size {size} must be a power of two from {}k to {}m",
                    MIN_REGION >> 10,
                    MAX_REGION >> 20
                ));
            }
            return Ok(size);
        }
        let floor_pow2 = |n: usize| {
            if n == 0 {
                1
            } else {
                1usize << (usize::BITS - 1 - n.leading_zeros())
            }
        };
        let g1 = floor_pow2(max_heap / TARGET_REGIONS).clamp(1 << 20, MAX_REGION);
        let small = floor_pow2(max_heap / MIN_REGIONS).max(MIN_REGION);
        Ok(g1.min(small))
    }

    pub fn new(base: usize, size: usize, max_heap: usize) -> Geometry {
        let count = max_heap.div_ceil(size).max(8);
        Geometry {
            base,
            size,
            shift: size.trailing_zeros(),
            count,
        }
    }

    #[inline(always)]
    pub fn index_of(&self, addr: usize) -> usize {
        (addr - self.base) >> self.shift
    }
    #[inline(always)]
    pub fn bottom(&self, index: usize) -> usize {
        self.base + (index << self.shift)
    }
    #[inline(always)]
    pub fn end(&self, index: usize) -> usize {
        self.bottom(index) + self.size
    }
    /// One past the last byte of the reservation.
    pub fn reserved_end(&self) -> usize {
        self.bottom(self.count)
    }
}

/// What the collector keeps per region (under its heap lock, or in a pause).
#[derive(Clone, Copy, Debug)]
pub struct RegionMeta {
    pub role: Role,
    /// `[bottom, top)` holds objects (parseable once TLABs are retired). For a humongous
    /// region: the part of the object in this region.
    pub top: usize,
    /// For humongous regions: the first region of the object.
    pub humongous_start: usize,
    /// Bytes of live objects found by the last marking (below TAMS, plus everything above).
    pub live_bytes: usize,
    /// Top at mark start: objects at or above it were allocated during marking (implicitly live).
    pub tams: usize,
    /// Top when the last remark counted `live_bytes`. A pause between the remark and the
    /// cleanup may copy into an old region that has room left (the retained old region):
    /// everything above this address is live, and the cleanup counts it.
    pub remark_top: usize,
    /// The last marking found dead objects below TAMS that are not filled yet.
    pub needs_scrub: bool,
    /// Top at rebuild start (G1's TARS): the top at the last remark. The concurrent rebuild of
    /// the remembered sets scans this region's objects below it; pauses remember the pointers
    /// of everything copied in above it.
    pub rebuild_top: usize,
}

/// A region's remembered-set tracking state (G1's HeapRegionRemSet states).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Tracking {
    /// Nobody remembers pointers into the region: its set is empty.
    Untracked = 0,
    /// Selected at the remark: every new pointer is remembered, and the concurrent rebuild adds
    /// the ones that existed before; not complete until the rebuild ends (at the cleanup).
    Updating = 1,
    /// Every pointer into the region from another tenured region is in its set or on a dirty
    /// card.
    Complete = 2,
}

impl Tracking {
    fn from_u8(v: u8) -> Tracking {
        match v {
            0 => Tracking::Untracked,
            1 => Tracking::Updating,
            _ => Tracking::Complete,
        }
    }

    /// New pointers into the region must be remembered.
    pub fn is_tracked(self) -> bool {
        self != Tracking::Untracked
    }

    /// The tracking a region gets with a new role: `Old` starts untracked (G1's
    /// `update_at_allocate`); every other role is tracked, its set empty and complete.
    pub fn for_new_role(role: Role) -> Tracking {
        if role == Role::Old {
            Tracking::Untracked
        } else {
            Tracking::Complete
        }
    }
}

/// The lock-free copy of every region's role, shared with the mutators' barriers, plus the
/// collection-set flag evacuation tests for every reference it visits.
pub struct Attrs {
    geometry: Geometry,
    role: Box<[AtomicU8]>,
    /// The SATB barrier is on (between a concurrent start and its remark).
    satb_active: std::sync::Arc<AtomicBool>,
    /// The access API's inline test: a page's byte is set while its region is young and SATB
    /// is off, when neither hook has anything to do for a store into a holder there (young
    /// regions are collected every time, so nobody remembers pointers out of them).
    holder_filter: HolderFilter,
    in_cset: Box<[AtomicU8]>,
    /// Per region: its `Tracking`, read by the barrier, refinement and evacuation.
    tracking: Box<[AtomicU8]>,
}

/// The granule of the holder filter: regions start and end on these boundaries.
pub const PAGE_SHIFT: u32 = crate::collector::HOLDER_PAGE_SHIFT;

impl Attrs {
    /// Region `i`'s role.
    #[inline(always)]
    pub fn role_of(&self, i: usize) -> Role {
        Role::from_u8(self.role[i].load(Ordering::Acquire))
    }
    /// The access API's per-page "no barrier call" bytes, kept by `set_role` and
    /// `set_satb_active`.
    pub fn holder_filter(&self) -> HolderFilter {
        self.holder_filter.clone()
    }
    /// The SATB flag, for the access API's pre-write filter.
    pub fn satb_flag(&self) -> std::sync::Arc<AtomicBool> {
        self.satb_active.clone()
    }
    /// Is the SATB barrier on?
    pub fn satb_active(&self) -> bool {
        self.satb_active.load(Ordering::Relaxed)
    }
    /// Turns the SATB barrier on or off, and with it the holder filter of every young region
    /// (a store into a young holder must reach the pre-write hook while marking). Only in a
    /// pause, or under the heap lock with no region changing role.
    pub fn set_satb_active(&self, on: bool) {
        self.satb_active.store(on, Ordering::SeqCst);
        for i in 0..self.role.len() {
            if self.role_of(i).is_young() {
                self.filter_holders_in(i);
            }
        }
    }
    /// Gives region `i` a new role in the lock-free copy and the holder filter, and the tracking
    /// that goes with it (`Tracking::for_new_role`).
    fn set_role(&self, i: usize, role: Role) {
        self.tracking[i].store(Tracking::for_new_role(role) as u8, Ordering::Release);
        self.role[i].store(role as u8, Ordering::Release);
        self.filter_holders_in(i);
    }
    /// Region `i`'s remembered-set tracking.
    #[inline(always)]
    pub fn tracking(&self, i: usize) -> Tracking {
        Tracking::from_u8(self.tracking[i].load(Ordering::Acquire))
    }
    /// Must a pointer into region `i` be remembered?
    #[inline(always)]
    pub fn is_tracked(&self, i: usize) -> bool {
        self.tracking[i].load(Ordering::Acquire) != Tracking::Untracked as u8
    }
    /// Changes region `i`'s tracking (a pause, or under the heap lock; see the module comment
    /// for the transitions).
    pub fn set_tracking(&self, i: usize, t: Tracking) {
        self.tracking[i].store(t as u8, Ordering::Release);
    }
    /// Sets region `i`'s holder-filter bytes from its role and the SATB flag.
    fn filter_holders_in(&self, i: usize) {
        let skip = self.role_of(i).is_young() && !self.satb_active();
        self.holder_filter
            .set(self.geometry.bottom(i)..self.geometry.end(i), skip);
    }
    /// Is region `i` in the collection set of the collection in progress?
    #[inline(always)]
    pub fn in_cset(&self, i: usize) -> bool {
        self.in_cset[i].load(Ordering::Relaxed) != 0
    }
    pub fn set_in_cset(&self, i: usize, on: bool) {
        self.in_cset[i].store(on as u8, Ordering::Relaxed);
    }
}

/// Every region's metadata, and the lock-free copy of their roles.
pub struct RegionTable {
    pub geometry: Geometry,
    pub meta: Vec<RegionMeta>,
    pub attrs: std::sync::Arc<Attrs>,
}

impl RegionTable {
    pub fn new(geometry: Geometry, committed: usize) -> RegionTable {
        let meta = (0..geometry.count)
            .map(|i| RegionMeta {
                role: if i < committed {
                    Role::Free
                } else {
                    Role::Uncommitted
                },
                top: geometry.bottom(i),
                humongous_start: i,
                live_bytes: 0,
                tams: geometry.bottom(i),
                remark_top: geometry.bottom(i),
                needs_scrub: false,
                rebuild_top: geometry.bottom(i),
            })
            .collect::<Vec<_>>();
        assert!(
            geometry.base.trailing_zeros() >= PAGE_SHIFT
                && geometry.size.trailing_zeros() >= PAGE_SHIFT,
            "regions must start on page boundaries"
        );
        let attrs = Attrs {
            geometry,
            role: meta.iter().map(|m| AtomicU8::new(m.role as u8)).collect(),
            satb_active: std::sync::Arc::new(AtomicBool::new(false)),
            holder_filter: HolderFilter::new(geometry.reserved_end()),
            in_cset: meta.iter().map(|_| AtomicU8::new(0)).collect(),
            tracking: meta
                .iter()
                .map(|_| AtomicU8::new(Tracking::Complete as u8))
                .collect(),
        };
        for (i, m) in meta.iter().enumerate() {
            attrs.set_role(i, m.role);
        }
        RegionTable {
            geometry,
            meta,
            attrs: std::sync::Arc::new(attrs),
        }
    }

    /// Gives region `i` a new role (both copies).
    pub fn set_role(&mut self, i: usize, role: Role) {
        self.meta[i].role = role;
        self.attrs.set_role(i, role);
    }

    pub fn bottom(&self, i: usize) -> usize {
        self.geometry.bottom(i)
    }

    pub fn used(&self, i: usize) -> usize {
        self.meta[i].top - self.geometry.bottom(i)
    }

    /// Regions with role `role`, ascending.
    pub fn with_role(&self, role: Role) -> Vec<usize> {
        (0..self.meta.len())
            .filter(|&i| self.meta[i].role == role)
            .collect()
    }

    pub fn count(&self, role: Role) -> usize {
        self.meta.iter().filter(|m| m.role == role).count()
    }

    pub fn committed(&self) -> usize {
        self.meta
            .iter()
            .filter(|m| m.role != Role::Uncommitted)
            .count()
    }

    /// Empties region `i` and makes it free.
    pub fn free(&mut self, i: usize) {
        let bottom = self.geometry.bottom(i);
        let m = &mut self.meta[i];
        m.top = bottom;
        m.humongous_start = i;
        m.live_bytes = 0;
        m.tams = bottom;
        m.remark_top = bottom;
        m.needs_scrub = false;
        m.rebuild_top = bottom;
        self.set_role(i, Role::Free);
    }

    /// Takes a free region (lowest index first: the heap stays dense at the bottom) and gives it
    /// `role`.
    pub fn take_free(&mut self, role: Role) -> Option<usize> {
        let i = self.meta.iter().position(|m| m.role == Role::Free)?;
        self.claim(i, role);
        Some(i)
    }

    /// Gives free region `i` role `role` (empty, TAMS at the bottom: all of it implicitly live
    /// for a marking in progress).
    pub fn claim(&mut self, i: usize, role: Role) {
        let bottom = self.geometry.bottom(i);
        let m = &mut self.meta[i];
        debug_assert_eq!(m.role, Role::Free);
        m.top = bottom;
        m.tams = bottom;
        m.remark_top = bottom;
        m.live_bytes = 0;
        m.needs_scrub = false;
        m.rebuild_top = bottom;
        m.humongous_start = i;
        self.set_role(i, role);
    }

    /// The first run of `n` consecutive free regions, lowest first.
    pub fn find_free_run(&self, n: usize) -> Option<usize> {
        let mut run = 0;
        for (i, m) in self.meta.iter().enumerate() {
            if m.role == Role::Free {
                run += 1;
                if run == n {
                    return Some(i + 1 - n);
                }
            } else {
                run = 0;
            }
        }
        None
    }

    /// The longest run of free regions.
    pub fn longest_free_run(&self) -> usize {
        let (mut best, mut run) = (0, 0);
        for m in &self.meta {
            if m.role == Role::Free {
                run += 1;
                best = best.max(run);
            } else {
                run = 0;
            }
        }
        best
    }

    /// Commits `n` more regions (they become free); returns how many it could.
    pub fn commit(&mut self, n: usize) -> usize {
        let mut done = 0;
        for i in 0..self.meta.len() {
            if done == n {
                break;
            }
            if self.meta[i].role == Role::Uncommitted {
                self.set_role(i, Role::Free);
                done += 1;
            }
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eight 64 KiB regions from 64 KiB, four committed.
    fn table() -> RegionTable {
        RegionTable::new(Geometry::new(MIN_REGION, MIN_REGION, 8 * MIN_REGION), 4)
    }

    /// Does the holder filter skip stores into region `i`'s first and last page?
    fn skips(t: &RegionTable, i: usize) -> (bool, bool) {
        let f = t.attrs.holder_filter();
        let last = t.geometry.end(i) - 4;
        (f.skips(t.geometry.bottom(i)), f.skips(last))
    }

    #[test]
    fn stores_into_young_regions_skip_the_barrier_and_into_tenured_ones_do_not() {
        let mut t = table();
        t.set_role(0, Role::Eden);
        t.set_role(1, Role::Survivor);
        t.set_role(2, Role::Old);
        t.set_role(3, Role::HumongousStart);
        assert_eq!(skips(&t, 0), (true, true));
        assert_eq!(skips(&t, 1), (true, true));
        assert_eq!(skips(&t, 2), (false, false));
        assert_eq!(skips(&t, 3), (false, false));
        assert_eq!(skips(&t, 4), (false, false), "uncommitted");
    }

    #[test]
    fn a_region_that_stops_being_young_stops_skipping_the_barrier() {
        let mut t = table();
        t.set_role(0, Role::Eden);
        t.set_role(0, Role::Old);
        assert_eq!(skips(&t, 0), (false, false));
    }

    #[test]
    fn while_satb_marking_is_on_no_store_skips_the_barrier() {
        let mut t = table();
        t.set_role(0, Role::Eden);
        t.attrs.set_satb_active(true);
        assert_eq!(skips(&t, 0), (false, false));
        t.set_role(1, Role::Eden);
        assert_eq!(
            skips(&t, 1),
            (false, false),
            "eden handed out while marking"
        );
        t.attrs.set_satb_active(false);
        assert_eq!(skips(&t, 0), (true, true));
        assert_eq!(skips(&t, 1), (true, true));
    }
}
