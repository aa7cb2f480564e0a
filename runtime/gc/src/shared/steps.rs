//! Steps inside a collection (docs/stream-format.md, "Steps inside a collection"): the one
//! way a collector takes a step frame. `take` asks the sink `wants_step` first — with nobody
//! watching that is the whole cost (one atomic load) — and only then lists the spaces, words
//! the title and lets the sink bin the heap of the moment through `fill`.

use crate::collector::SpaceInfo;
use gcvm_tracer::stream::{StepInfo, StepKind, Tiler};
use gcvm_tracer::GcEventSink;

/// Takes a frame of step `kind` if the sink wants one: `spaces` lists the heap's spaces now,
/// `title` words the step with the numbers of the moment, `fill` bins objects and the
/// collector's step streams. Returns whether the sink wanted it.
pub fn take(
    events: &mut dyn GcEventSink,
    kind: &'static StepKind,
    spaces: impl FnOnce() -> Vec<SpaceInfo>,
    title: impl FnOnce() -> String,
    mut fill: impl FnMut(&mut Tiler),
) -> bool {
    if !events.wants_step(kind) {
        return false;
    }
    let spaces = crate::trace_spaces(&spaces());
    events.step(&StepInfo::new(kind, title()), &spaces, &mut fill);
    true
}

/// `bytes` in KB, for titles.
pub fn kb(bytes: u64) -> u64 {
    bytes.div_ceil(1024)
}
