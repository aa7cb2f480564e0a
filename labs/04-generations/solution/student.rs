//! Lab 04, the reference solution (a teacher removes labs/04-generations/solution/ before
//! handing the lab out). Same functions as ../student.rs, written.

use super::{CardMarking, CardTable, GenerationsSteps, YoungGc};
use gcvm_gc::object::Ref;

pub struct Student;

impl GenerationsSteps for Student {
    fn post_write(b: &CardMarking, _holder: Ref, slot: usize, new: Ref) {
        if b.is_old(slot) && b.is_young(new) {
            let card = CardTable::card_of(slot);
            // Test first: a card already dirty is not written again (HotSpot's
            // UseCondCardMark), so threads storing into one card do not fight over its line.
            if !b.cards.is_dirty(card) {
                b.cards.dirty(card);
            }
        }
    }

    fn scan_card(c: &mut YoungGc<'_>, card: usize) {
        let end = c.card_end(card);
        let mut at = c.block_start(card);
        let mut still_young = false;
        while at < end {
            let obj = Ref::from_offset(at);
            for slot in c.ref_slots_on_card(obj, card) {
                let target = c.read_ref(slot);
                if c.is_young(target) {
                    let copy = c.evacuate(target);
                    c.write_ref(slot, copy);
                    still_young |= c.is_young(copy);
                }
            }
            at += c.size_of(obj);
        }
        if !still_young {
            c.clean_card(card);
        }
    }

    fn scan_promoted(c: &mut YoungGc<'_>, obj: Ref) {
        for slot in c.fields_to_trace(obj) {
            let target = c.read_ref(slot);
            if c.is_young(target) {
                let copy = c.evacuate(target);
                c.write_ref(slot, copy);
                if c.is_young(copy) {
                    c.dirty_card_of(slot);
                }
            }
        }
    }
}
