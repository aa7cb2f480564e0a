//! Lab 04, your part: the write barrier and the remembered set of a generational collector.
//! Write the three functions below; README.md explains each step, and
//! `gcvm-lab check generations` tells you what works.
//!
//! What you have:
//! - in Step 1, `b: &CardMarking`: `b.is_old(slot)`, `b.is_young(r)` (false for null), and the
//!   card table `b.cards`: `CardTable::card_of(addr)`, `b.cards.is_dirty(card)`,
//!   `b.cards.dirty(card)`;
//! - in Steps 2 and 3, `c: &mut YoungGc` (collector.rs):
//!   - `c.is_young(r)`, `c.evacuate(obj)` (the object's copy; an old object or null as it is);
//!   - `c.read_ref(slot)`, `c.write_ref(slot, r)`;
//!   - `c.clean_card(card)`, `c.dirty_card_of(slot)`;
//!   - Step 2: `c.block_start(card)` (the object covering the card's first byte),
//!     `c.card_end(card)` (where the walk stops), `c.size_of(obj)`,
//!     `c.ref_slots_on_card(obj, card)`;
//!   - Step 3: `c.fields_to_trace(obj)`.

#[allow(unused_imports)]
use super::{CardMarking, CardTable, GenerationsSteps, YoungGc, STEP_1, STEP_2, STEP_3};
#[allow(unused_imports)]
use gcvm_gc::object::Ref;

pub struct Student;

impl GenerationsSteps for Student {
    /// Step 1, the post-write barrier: `slot` of `holder` now holds `new`.
    /// - If `slot` is in the old generation and `new` is a young object (not null), dirty the
    ///   card holding `slot` (the slot's card, not the card of the holder's header: a big array
    ///   spans many cards).
    /// - Anything else — a store into a young object, a null, an old object — dirties nothing.
    fn post_write(b: &CardMarking, holder: Ref, slot: usize, new: Ref) {
        let _ = (b, holder, slot, new);
        crate::missing(&STEP_1)
    }

    /// Step 2, at a young collection, for each dirty card of the old generation:
    /// - walk the objects on the card: start at `c.block_start(card)` and step from object to
    ///   object (`c.size_of`) while below `c.card_end(card)`;
    /// - for each of an object's slots on the card (`c.ref_slots_on_card(obj, card)`) that
    ///   holds a young object: evacuate it and store the copy back into the slot;
    /// - then clean the card, unless one of those slots still points into the young generation
    ///   (the copy went to a survivor space): that card must stay dirty for the next young
    ///   collection.
    fn scan_card(c: &mut YoungGc<'_>, card: usize) {
        let _ = (c, card);
        crate::missing(&STEP_2)
    }

    /// Step 3, for each object this young collection promoted into the old generation (in
    /// Cheney's scan, as lab 02's step 2 did for every copy): for each of its fields to trace
    /// (`c.fields_to_trace(obj)`) that holds a young object, evacuate it and store the copy back;
    /// if the copy is still young (in a survivor space), the promoted object now holds an
    /// old-to-young pointer that no barrier saw: dirty the card of that slot.
    fn scan_promoted(c: &mut YoungGc<'_>, obj: Ref) {
        let _ = (c, obj);
        crate::missing(&STEP_3)
    }
}
