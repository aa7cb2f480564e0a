//! The steps of an evacuation pause a viewer can watch (docs/stream-format.md, "Steps inside
//! a collection"): `cset`, `roots`, `remsets`, `evacuated` (progress), `references`, `freed`;
//! and of a marking cycle: `concurrent-start`, `marking` (concurrent), `remark`, `cleanup`.
//!
//! The copy runs on parallel workers that the pause thread cannot stop cleanly mid-way, so a
//! step frame is drawn from what the pause knows between phases: every region as it was when
//! the pause began (`before`: tops as the mutators left them, all parseable), the copies the
//! workers logged so far (each `(to, size)`), the objects an evacuation failure kept in place
//! (`(address, size)`), and which collection-set regions count as evacuated. The `evacuated`
//! frames are taken after the parallel copy, one per `--stream-step-regions` cset regions (or
//! `--stream-step-kb` KB copied out of them), in cset order: a region counted as evacuated is
//! drawn without its old copies, which are garbage, and with the objects kept in it. Only
//! `freed` draws the regions as the pause leaves them.

use super::regions::{RegionMeta, Role};
use super::RegionCollector;
use crate::collector::SpaceInfo;
use crate::object::Ref;
use crate::shared::steps;
use gcvm_tracer::stream::{Bins, StepKind, Tiler};
use gcvm_tracer::GcEventSink;

/// The `marked` stream (a marking cycle's frames): bytes found live so far in tenured regions
/// (marked below TAMS, everything above TAMS).
pub(crate) const STREAM_MARKED: u16 = super::STREAM_REMSET + 1;
/// The `cset` stream: 1 on the tiles of collection-set regions.
pub(crate) const STREAM_CSET: u16 = STREAM_MARKED + 1;

// The step kinds live in the tracer (`gcvm_tracer::stream::region_steps`): `gcvm tiles`
// draws some of them from a trace too.
pub(crate) use gcvm_tracer::stream::region_steps::{
    STEPS, STEP_CLEANUP, STEP_CONCURRENT_START, STEP_CSET, STEP_EVACUATED, STEP_FREED,
    STEP_FULL_COMPACTED, STEP_FULL_MARKED, STEP_MARKING, STEP_REFERENCES, STEP_REMARK,
    STEP_REMSETS, STEP_ROOTS,
};

/// Each region's objects as the viewer's last heap frame binned them. Between two pauses a
/// region changes only by allocation above its top (eden's TLABs, a humongous object taking
/// free regions), and scrubbing fills only objects the bins already leave out as dead: a
/// frame rebins a region only when its role changed, and a bump-allocated one only above
/// what it binned. Every pause starts a new epoch (`pause_begins`): its step frames take the
/// regions as they were from the epoch before, and its `freed` step bins the regions as the
/// pause leaves them, for the pause's end frame.
#[derive(Default)]
pub(crate) struct FrameBins {
    epoch: u64,
    regions: Vec<Option<RegionBins>>,
}

#[derive(Clone)]
struct RegionBins {
    epoch: u64,
    role: Role,
    /// How far the bins go: a bump-allocated region's objects below it are binned (the
    /// region may have grown since); any other region's top when it was binned.
    top: usize,
    bins: Bins,
}

impl RegionBins {
    /// Do these bins show region `m` (at `tile_size`), perhaps short of its top?
    fn shows(&self, m: &RegionMeta, tile_size: u64) -> bool {
        self.role == m.role
            && self.bins.tile_size() == tile_size
            && if bump_allocated(m.role) {
                self.top <= m.top
            } else {
                self.top == m.top
            }
    }
}

fn bump_allocated(role: Role) -> bool {
    !matches!(
        role,
        Role::Free | Role::Uncommitted | Role::HumongousStart | Role::HumongousCont
    )
}

impl FrameBins {
    /// A pause begins: what the regions held until now is the last epoch's.
    pub(crate) fn pause_begins(&mut self) {
        self.epoch += 1;
    }

    /// Region `i` as `m` describes it now, binned for tiles of `tile_size`.
    pub(crate) fn region(
        &mut self,
        c: &RegionCollector,
        i: usize,
        m: &RegionMeta,
        tile_size: u64,
    ) -> &Bins {
        if self.regions.len() <= i {
            self.regions.resize(i + 1, None);
        }
        let epoch = self.epoch;
        let slot = &mut self.regions[i];
        if !slot
            .as_ref()
            .is_some_and(|b| b.epoch == epoch && b.shows(m, tile_size))
        {
            *slot = None;
        }
        let b = slot.get_or_insert_with(|| c.fresh_bins(epoch, i, m, tile_size));
        c.extend_bins(b, i, m);
        &b.bins
    }

    /// Region `i` as the pause that just began found it (`m`, from `before`): the last
    /// epoch's bins when they show it, extended to its top; else binned afresh.
    pub(crate) fn before_pause(
        &self,
        c: &RegionCollector,
        i: usize,
        m: &RegionMeta,
        tile_size: u64,
    ) -> Bins {
        let last = self
            .regions
            .get(i)
            .and_then(Option::as_ref)
            .filter(|b| b.epoch + 1 == self.epoch && b.shows(m, tile_size));
        let mut b = match last {
            Some(b) => b.clone(),
            None => c.fresh_bins(self.epoch, i, m, tile_size),
        };
        c.extend_bins(&mut b, i, m);
        b.bins
    }
}

/// What an evacuation step frame draws (see the module comment).
pub(crate) struct Picture<'a> {
    pub before: &'a [RegionMeta],
    pub cset: &'a [usize],
    /// The first this many cset regions count as evacuated.
    pub evacuated: usize,
    /// Copies made so far: `(to, size)`.
    pub copies: &'a [(usize, usize)],
    /// Objects kept in place so far (an evacuation failure): `(address, size)`. A cset region
    /// counted as evacuated is drawn with these alone, as the pause leaves it.
    pub kept: &'a [(usize, usize)],
    /// What the pause's frames share, binned once.
    pub cache: &'a StepCache,
}

/// A pause's step frames draw the same regions (`before`) and, after the copy, the same copies
/// again and again: each is binned once, at the first frame that draws it, and added to the
/// frames' tilers from then on. Walking every object for every frame cost 28% of a watched run.
#[derive(Default)]
pub(crate) struct StepCache {
    /// Per region of `before`, its objects (fillers left out).
    regions: std::cell::OnceCell<Vec<Bins>>,
    /// The copies last binned: which list (its length and ends), their bins, and the address
    /// ranges they fill, adjacent copies merged.
    copies: std::cell::RefCell<Option<CopiesBinned>>,
}

struct CopiesBinned {
    key: (usize, Option<(usize, usize)>, Option<(usize, usize)>),
    bins: Bins,
    ranges: Vec<(usize, usize)>,
}

fn copies_key(
    copies: &[(usize, usize)],
) -> (usize, Option<(usize, usize)>, Option<(usize, usize)>) {
    (
        copies.len(),
        copies.first().copied(),
        copies.last().copied(),
    )
}

impl RegionCollector {
    /// The heap's spaces as `metas` describe the regions (the collector's `spaces`, without
    /// taking the state lock a pause holds).
    pub(crate) fn spaces_of(&self, metas: &[RegionMeta]) -> Vec<SpaceInfo> {
        metas
            .iter()
            .enumerate()
            .filter(|(_, m)| m.role != Role::Uncommitted)
            .map(|(i, m)| SpaceInfo {
                id: i as u32,
                name: format!("region {i}"),
                kind: m.role.space_kind(),
                start: self.geometry.bottom(i),
                end: self.geometry.end(i),
                reserved_end: self.geometry.end(i),
                top: m.top,
            })
            .collect()
    }

    /// Region `i`'s bins as `m` describes it, with nothing binned yet but a humongous
    /// object (bump-allocated regions are binned by `extend_bins`).
    fn fresh_bins(&self, epoch: u64, i: usize, m: &RegionMeta, tile_size: u64) -> RegionBins {
        let bottom = self.geometry.bottom(i);
        let mut bins = Bins::new(bottom as u64, tile_size);
        if m.role == Role::HumongousStart && !self.marking.is_dead(i, Ref::from_offset(bottom)) {
            self.for_each_object_in(i, m, |at, size| bins.object(at, size));
        }
        let top = if bump_allocated(m.role) {
            bottom
        } else {
            m.top
        };
        RegionBins {
            epoch,
            role: m.role,
            top,
            bins,
        }
    }

    /// Bins the objects of bump-allocated region `i` from where `b` stopped up to its top,
    /// leaving out fillers and the objects the last marking found dead (not scrubbed yet).
    fn extend_bins(&self, b: &mut RegionBins, i: usize, m: &RegionMeta) {
        if !bump_allocated(m.role) || b.top >= m.top {
            return;
        }
        let dead_below = self.marking.dead_below_line(i);
        let bitmap = self.marking.bitmap.read_recursive();
        let mut at = b.top;
        while at < m.top {
            let obj = Ref::from_offset(at);
            let size = self.memory.object_size(&self.types, obj);
            let dead = at < dead_below && !bitmap.is_marked(at);
            if self.memory.type_id(obj) != crate::object::FILLER_TYPE && !dead {
                b.bins.object(at as u64, size as u64);
            }
            at += size;
        }
        b.top = m.top;
    }

    /// Bins the objects of region `i` as `m` describes it (fillers left out).
    pub(crate) fn tile_region(&self, tiles: &mut Tiler, i: usize, m: &RegionMeta) {
        self.for_each_object_in(i, m, |at, size| tiles.object(at, size));
    }

    /// Calls `f(address, size)` for every object of region `i` as `m` describes it, fillers
    /// left out.
    fn for_each_object_in(&self, i: usize, m: &RegionMeta, mut f: impl FnMut(u64, u64)) {
        let bottom = self.geometry.bottom(i);
        let end = match m.role {
            Role::Free | Role::Uncommitted | Role::HumongousCont => return,
            Role::HumongousStart => {
                bottom
                    + self
                        .memory
                        .object_size(&self.types, Ref::from_offset(bottom))
            }
            _ => m.top,
        };
        let mut at = bottom;
        while at < end {
            let obj = Ref::from_offset(at);
            let size = self.memory.object_size(&self.types, obj);
            if self.memory.type_id(obj) != crate::object::FILLER_TYPE {
                f(at as u64, size as u64);
            }
            at += size;
        }
    }

    /// Every region of `before`, binned for tiles of `tile_size`.
    fn bin_regions(&self, before: &[RegionMeta], tile_size: u64) -> Vec<Bins> {
        let frame_bins = self.frame_bins.lock();
        before
            .iter()
            .enumerate()
            .map(|(i, m)| frame_bins.before_pause(self, i, m, tile_size))
            .collect()
    }

    /// Takes the evacuation step `kind` as `pic` draws it, if the sink wants it.
    pub(crate) fn evacuation_step(
        &self,
        events: &mut dyn GcEventSink,
        kind: &'static StepKind,
        title: impl FnOnce() -> String,
        pic: &Picture<'_>,
    ) {
        steps::take(
            events,
            kind,
            || self.spaces_of(pic.before),
            title,
            |tiles| self.draw(tiles, pic),
        );
    }

    fn draw(&self, tiles: &mut Tiler, pic: &Picture<'_>) {
        let gone = &pic.cset[..pic.evacuated.min(pic.cset.len())];
        let regions = pic
            .cache
            .regions
            .get_or_init(|| self.bin_regions(pic.before, tiles.tile_size()));
        for (i, bins) in regions.iter().enumerate() {
            if !gone.contains(&i) {
                tiles.add_bins(bins);
            }
        }
        let mut cached = pic.cache.copies.borrow_mut();
        let key = copies_key(pic.copies);
        if cached.as_ref().is_none_or(|c| c.key != key) {
            *cached = Some(bin_copies(
                pic.copies,
                self.geometry.bottom(0),
                tiles.tile_size(),
            ));
        }
        let copies = cached.as_ref().expect("binned above");
        tiles.add_bins(&copies.bins);
        for &(from, to) in &copies.ranges {
            tiles.in_use(from as u64, to as u64);
        }
        for &(at, size) in pic.kept {
            if gone.contains(&self.geometry.index_of(at)) {
                tiles.object(at as u64, size as u64);
            }
        }
        for &i in pic.cset {
            let (bottom, end) = (self.geometry.bottom(i) as u64, self.geometry.end(i) as u64);
            tiles.set_range(STREAM_CSET, bottom, end, 1, false);
        }
    }

    /// The `marked` stream and the TAMS separators of a marking cycle, as `metas` describe
    /// the regions.
    pub(crate) fn tile_marking(&self, tiles: &mut Tiler, metas: &[RegionMeta]) {
        let bitmap = self.marking.bitmap.read();
        for (i, m) in metas.iter().enumerate() {
            let (bottom, end) = (self.geometry.bottom(i), self.geometry.end(i));
            match m.role {
                Role::Old => {
                    let tams = m.tams.clamp(bottom, m.top.max(bottom));
                    for at in bitmap.marked(bottom, tams) {
                        let size = self.memory.object_size(&self.types, Ref::from_offset(at));
                        let (a, s) = (at as u64, size as u64);
                        tiles.set_range(STREAM_MARKED, a, a + s, s, true);
                    }
                    if m.top > tams {
                        let above = (m.top - tams) as u64;
                        tiles.set_range(STREAM_MARKED, tams as u64, m.top as u64, above, true);
                    }
                    if m.tams > bottom && m.tams < end {
                        tiles.separator(m.tams as u64);
                    }
                }
                Role::HumongousStart if m.tams <= bottom || bitmap.is_marked(bottom) => {
                    let size = self
                        .memory
                        .object_size(&self.types, Ref::from_offset(bottom));
                    let (a, s) = (bottom as u64, size as u64);
                    tiles.set_range(STREAM_MARKED, a, a + s, s, true);
                }
                _ => {}
            }
        }
    }

    /// A step of the marking cycle taken in a pause: every region as `metas` describe it,
    /// the marked stream, TAMS, and (`live`) the live bytes the remark counted.
    pub(crate) fn cycle_step(
        &self,
        events: &mut dyn GcEventSink,
        kind: &'static StepKind,
        metas: &[RegionMeta],
        live: bool,
        title: impl FnOnce() -> String,
    ) {
        steps::take(
            events,
            kind,
            || self.spaces_of(metas),
            title,
            |tiles| {
                for (i, m) in metas.iter().enumerate() {
                    self.tile_region(tiles, i, m);
                }
                self.tile_marking(tiles, metas);
                if live {
                    self.tile_live(tiles, metas);
                }
            },
        );
    }

    /// The `live` stream: each tenured region's live bytes, spread over its tiles.
    fn tile_live(&self, tiles: &mut Tiler, metas: &[RegionMeta]) {
        for (i, m) in metas.iter().enumerate() {
            if m.role.is_tenured() && m.live_bytes > 0 {
                let (b, e) = (self.geometry.bottom(i) as u64, self.geometry.end(i) as u64);
                tiles.set_range(super::STREAM_LIVE, b, e, m.live_bytes as u64, true);
            }
        }
    }

    /// A full collection's `full-marked` step: every region as `metas` describe it, and the
    /// `marked` stream from `bitmap` (the full marking's, held by the caller).
    pub(crate) fn full_marked_step(
        &self,
        events: &mut dyn GcEventSink,
        metas: &[RegionMeta],
        bitmap: &crate::shared::markbitmap::MarkBitmap,
    ) {
        steps::take(
            events,
            &STEP_FULL_MARKED,
            || self.spaces_of(metas),
            || "Full collection: everything reachable is marked".to_string(),
            |tiles| {
                for (i, m) in metas.iter().enumerate() {
                    self.tile_region(tiles, i, m);
                    let bottom = self.geometry.bottom(i);
                    let end = match m.role {
                        Role::Free | Role::Uncommitted | Role::HumongousCont => continue,
                        Role::HumongousStart => bottom + 8,
                        _ => m.top,
                    };
                    for at in bitmap.marked(bottom, end) {
                        let size = self.memory.object_size(&self.types, Ref::from_offset(at));
                        let (a, s) = (at as u64, size as u64);
                        tiles.set_range(STREAM_MARKED, a, a + s, s, true);
                    }
                }
            },
        );
    }

    /// A full collection's `full-compacted` step: the regions as it leaves them (`metas`),
    /// binned for its end frame too.
    pub(crate) fn full_compacted_step(
        &self,
        events: &mut dyn GcEventSink,
        metas: &[RegionMeta],
        title: impl FnOnce() -> String,
    ) {
        self.regions_left_step(events, &STEP_FULL_COMPACTED, metas, title);
    }

    /// The `freed` step: the regions as the pause leaves them (`metas`).
    pub(crate) fn freed_step(
        &self,
        events: &mut dyn GcEventSink,
        metas: &[RegionMeta],
        title: impl FnOnce() -> String,
    ) {
        self.regions_left_step(events, &STEP_FREED, metas, title);
    }

    /// The last step of a pause, `kind`: the regions as the pause leaves them (`metas`).
    fn regions_left_step(
        &self,
        events: &mut dyn GcEventSink,
        kind: &'static StepKind,
        metas: &[RegionMeta],
        title: impl FnOnce() -> String,
    ) {
        steps::take(
            events,
            kind,
            || self.spaces_of(metas),
            title,
            |tiles| {
                // The regions as the pause leaves them: binned for its end frame too.
                let mut frame_bins = self.frame_bins.lock();
                for (i, m) in metas.iter().enumerate() {
                    tiles.add_bins(frame_bins.region(self, i, m, tiles.tile_size()));
                }
            },
        );
    }
}

/// The copies `(to, size)` binned for tiles of `tile_size` counted from the heap's first
/// region `origin` (every region is on that grid), and the ranges they fill.
fn bin_copies(copies: &[(usize, usize)], origin: usize, tile_size: u64) -> CopiesBinned {
    let mut sorted = copies.to_vec();
    sorted.sort_unstable();
    let mut bins = Bins::new(origin as u64, tile_size);
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for &(to, size) in &sorted {
        bins.object(to as u64, size as u64);
        match ranges.last_mut() {
            Some(last) if last.1 == to => last.1 = to + size,
            _ => ranges.push((to, to + size)),
        }
    }
    CopiesBinned {
        key: copies_key(copies),
        bins,
        ranges,
    }
}
