//! The region collector's step kinds (docs/stream-format.md, "Steps inside a collection"),
//! here in the stream format rather than in the collector because `gcvm tiles` draws the
//! steps a trace can give (`cset`, `evacuated`, `freed`) from a region trace too.

use super::steps::StepKind;
use super::{Presentation, StreamDef};

/// The causes of a marking cycle's pauses (their trace events name regions too, but they
/// evacuate nothing: `gcvm tiles` draws no evacuation steps for them).
pub const PAUSE_REMARK: &str = "Pause Remark";
pub const PAUSE_CLEANUP: &str = "Pause Cleanup";

pub static STEP_CSET: StepKind = StepKind {
    kind: "region.cset",
    name: "collection set chosen",
    explain: "The collection set is chosen: every eden and survivor region, plus the old \
              regions with the most garbage in a mixed collection (the cset stream). Their \
              live objects will be copied out and the regions freed.",
    concurrent: false,
    progress: false,
};
pub static STEP_ROOTS: StepKind = StepKind {
    kind: "region.roots",
    name: "roots evacuated",
    explain: "Every object in the collection set that a root points to has been copied to a \
              survivor or old region, and the root updated.",
    concurrent: false,
    progress: false,
};
pub static STEP_REMSETS: StepKind = StepKind {
    kind: "region.remsets",
    name: "remembered sets scanned",
    explain: "The cards that the collection set's remembered sets name, and the cards still \
              dirty, have been scanned: every object reachable from them or from the roots \
              now has a copy outside the collection set.",
    concurrent: false,
    progress: false,
};
pub static STEP_EVACUATED: StepKind = StepKind {
    kind: "region.evacuated",
    name: "region evacuated",
    explain: "Every live object of this region has a copy in a survivor or old region: its \
              old copies are garbage, drawn empty.",
    concurrent: false,
    progress: true,
};
pub static STEP_REFERENCES: StepKind = StepKind {
    kind: "region.references",
    name: "references processed",
    explain: "java.lang.ref references found during the copy are processed: referents no \
              longer reachable are cleared, soft ones kept are copied.",
    concurrent: false,
    progress: false,
};
pub static STEP_FREED: StepKind = StepKind {
    kind: "region.freed",
    name: "regions freed",
    explain: "The collection set's regions are free again: the heap as the pause leaves it.",
    concurrent: false,
    progress: false,
};
pub static STEP_CONCURRENT_START: StepKind = StepKind {
    kind: "region.concurrent-start",
    name: "concurrent start",
    explain: "This pause starts a marking cycle: every tenured region's top at mark start \
              (TAMS, the separators) is set, and the old objects the roots and the copies \
              point to are marked; marking goes on while the program runs.",
    concurrent: false,
    progress: false,
};
pub static STEP_MARKING: StepKind = StepKind {
    kind: "region.marking",
    name: "marking",
    explain: "Marking runs while the program runs: the marked stream grows through the old \
              regions; objects above TAMS (allocated since the cycle began) count as live.",
    concurrent: true,
    progress: true,
};
pub static STEP_REMARK: StepKind = StepKind {
    kind: "region.remark",
    name: "remark",
    explain: "Marking is finished with the world stopped: each old region's live bytes are \
              known, and unmarked objects below TAMS are garbage.",
    concurrent: false,
    progress: false,
};
pub static STEP_CLEANUP: StepKind = StepKind {
    kind: "region.cleanup",
    name: "cleanup",
    explain: "Old regions with nothing live are freed, and the rest are ranked by live bytes \
              (the live stream): the emptiest become the candidates of the mixed collections.",
    concurrent: false,
    progress: false,
};
pub static STEP_FULL_MARKED: StepKind = StepKind {
    kind: "region.full-marked",
    name: "full collection: marked",
    explain: "A full collection (an evacuation could not make room, or System.gc()) marks \
              everything reachable in every region with the world stopped: the marked stream \
              is what survives.",
    concurrent: false,
    progress: false,
};
pub static STEP_FULL_COMPACTED: StepKind = StepKind {
    kind: "region.full-compacted",
    name: "full collection: compacted",
    explain: "The live objects slid down region by region into as few old regions as they \
              fill; every other region is free. Remembered sets are rebuilt next.",
    concurrent: false,
    progress: false,
};
pub static STEPS: [&StepKind; 12] = [
    &STEP_CSET,
    &STEP_ROOTS,
    &STEP_REMSETS,
    &STEP_EVACUATED,
    &STEP_REFERENCES,
    &STEP_FREED,
    &STEP_CONCURRENT_START,
    &STEP_MARKING,
    &STEP_REMARK,
    &STEP_CLEANUP,
    &STEP_FULL_MARKED,
    &STEP_FULL_COMPACTED,
];

/// The `cset` stream: 1 on the tiles of collection-set regions (step frames of an evacuation
/// pause), numbered `id` in its bootstrap.
pub fn cset_stream(id: u16) -> StreamDef {
    StreamDef {
        id,
        name: "cset".into(),
        description: "the tile's region is in the collection set (step frames of an \
                      evacuation pause)"
            .into(),
        unit: String::new(),
        presentation: Presentation::Enum(vec!["no".into(), "yes".into()]),
        max: 1,
        colour: "#17becf".into(),
        from_trace: false,
    }
}
