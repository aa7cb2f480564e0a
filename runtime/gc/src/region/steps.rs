//! The steps of an evacuation pause a viewer can watch (docs/stream-format.md, "Steps inside
//! a collection"): `cset`, `roots`, `remsets`, `evacuated` (progress), `references`, `freed`.
//!
//! The copy runs on parallel workers that the pause thread cannot stop cleanly mid-way, so a
//! step frame is drawn from what the pause knows between phases: every region as it was when
//! the pause began (`before`: tops as the mutators left them, all parseable), the copies the
//! workers logged so far (each `(to, size)`), and which collection-set regions count as
//! evacuated. The `evacuated` frames are taken after the parallel copy, one per
//! `--stream-step-regions` cset regions (or `--stream-step-kb` KB copied out of them), in cset
//! order: a region counted as evacuated is drawn without its old copies, which are garbage.
//! Only `freed` draws the regions as the pause leaves them.

use super::regions::{RegionMeta, Role};
use super::RegionCollector;
use crate::collector::SpaceInfo;
use crate::object::Ref;
use crate::shared::steps;
use gcvm_tracer::stream::{StepKind, Tiler};
use gcvm_tracer::GcEventSink;

/// The `cset` stream: 1 on the tiles of collection-set regions.
pub(crate) const STREAM_CSET: u16 = super::STREAM_REMSET + 1;

pub(crate) static STEP_CSET: StepKind = StepKind {
    kind: "region.cset",
    name: "collection set chosen",
    explain: "The collection set is chosen: every eden and survivor region, plus the old \
              regions with the most garbage in a mixed collection (the cset stream). Their \
              live objects will be copied out and the regions freed.",
    concurrent: false,
    progress: false,
};
pub(crate) static STEP_ROOTS: StepKind = StepKind {
    kind: "region.roots",
    name: "roots evacuated",
    explain: "Every object in the collection set that a root points to has been copied to a \
              survivor or old region, and the root updated.",
    concurrent: false,
    progress: false,
};
pub(crate) static STEP_REMSETS: StepKind = StepKind {
    kind: "region.remsets",
    name: "remembered sets scanned",
    explain: "The cards that the collection set's remembered sets name, and the cards still \
              dirty, have been scanned: every object reachable from them or from the roots \
              now has a copy outside the collection set.",
    concurrent: false,
    progress: false,
};
pub(crate) static STEP_EVACUATED: StepKind = StepKind {
    kind: "region.evacuated",
    name: "region evacuated",
    explain: "Every live object of this region has a copy in a survivor or old region: its \
              old copies are garbage, drawn empty.",
    concurrent: false,
    progress: true,
};
pub(crate) static STEP_REFERENCES: StepKind = StepKind {
    kind: "region.references",
    name: "references processed",
    explain: "java.lang.ref references found during the copy are processed: referents no \
              longer reachable are cleared, soft ones kept are copied.",
    concurrent: false,
    progress: false,
};
pub(crate) static STEP_FREED: StepKind = StepKind {
    kind: "region.freed",
    name: "regions freed",
    explain: "The collection set's regions are free again: the heap as the pause leaves it.",
    concurrent: false,
    progress: false,
};
pub(crate) static STEPS: [&StepKind; 6] = [
    &STEP_CSET,
    &STEP_ROOTS,
    &STEP_REMSETS,
    &STEP_EVACUATED,
    &STEP_REFERENCES,
    &STEP_FREED,
];

/// What an evacuation step frame draws (see the module comment).
pub(crate) struct Picture<'a> {
    pub before: &'a [RegionMeta],
    pub cset: &'a [usize],
    /// The first this many cset regions count as evacuated.
    pub evacuated: usize,
    /// Copies made so far: `(to, size)`.
    pub copies: &'a [(usize, usize)],
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

    /// Bins the objects of region `i` as `m` describes it (fillers left out).
    pub(crate) fn tile_region(&self, tiles: &mut Tiler, i: usize, m: &RegionMeta) {
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
                tiles.object(at as u64, size as u64);
            }
            at += size;
        }
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
        for (i, m) in pic.before.iter().enumerate() {
            if !gone.contains(&i) {
                self.tile_region(tiles, i, m);
            }
        }
        for &(to, size) in pic.copies {
            tiles.object(to as u64, size as u64);
            tiles.in_use(to as u64, (to + size) as u64);
        }
        for &i in pic.cset {
            let (bottom, end) = (self.geometry.bottom(i) as u64, self.geometry.end(i) as u64);
            tiles.set_range(STREAM_CSET, bottom, end, 1, false);
        }
    }

    /// The `freed` step: the regions as the pause leaves them (`metas`).
    pub(crate) fn freed_step(
        &self,
        events: &mut dyn GcEventSink,
        metas: &[RegionMeta],
        title: impl FnOnce() -> String,
    ) {
        steps::take(
            events,
            &STEP_FREED,
            || self.spaces_of(metas),
            title,
            |tiles| {
                for (i, m) in metas.iter().enumerate() {
                    self.tile_region(tiles, i, m);
                }
            },
        );
    }
}
