//! Tests of evacuate (kept apart so the module reads on its own).

use super::{merge_card_lists, DeferredSlot, MergeBuffers, SlotQueue, SLOT_QUEUE};

/// `merge_card_lists`'s calls, as a list (buffers reused, as a pause does).
fn merged(remembered: &[u32], dirty: &[u32], cards: std::ops::Range<usize>) -> Vec<(usize, bool)> {
    thread_local!(static BUFFERS: std::cell::RefCell<MergeBuffers> = Default::default());
    let mut out = Vec::new();
    BUFFERS.with(|b| {
        merge_card_lists(
            remembered,
            dirty,
            cards,
            &mut b.borrow_mut(),
            |card, dirty| out.push((card, dirty)),
        )
    });
    out
}

fn deferred(slot: usize) -> DeferredSlot {
    DeferredSlot {
        slot,
        holder_region: 0,
        remembers: false,
    }
}

#[test]
fn deferred_slots_come_due_first_in_first_out_once_the_ring_is_full() {
    let mut ring = SlotQueue::default();
    for slot in 0..SLOT_QUEUE {
        assert!(ring.push(deferred(slot)).is_none(), "room for {slot}");
    }
    for slot in SLOT_QUEUE..3 * SLOT_QUEUE {
        let due = ring.push(deferred(slot)).expect("full: the oldest is due");
        assert_eq!(due.slot, slot - SLOT_QUEUE);
    }
    let rest: Vec<usize> = std::iter::from_fn(|| ring.pop()).map(|d| d.slot).collect();
    assert_eq!(rest, (2 * SLOT_QUEUE..3 * SLOT_QUEUE).collect::<Vec<_>>());
    assert!(ring.pop().is_none());
}

#[test]
fn merged_cards_are_each_named_once_in_order_and_dirty_wins() {
    let remembered = [1007, 1003, 1003, 1100];
    let dirty = [1007, 1001, 1200];
    let want = vec![(1001, true), (1003, false), (1007, true), (1100, false)];
    // Both ways: the bitmaps (a small range) and the sort (a range too big for them).
    assert_eq!(merged(&remembered, &dirty, 1000..1128), want);
    assert_eq!(merged(&remembered, &dirty, 1000..1_000_000)[..4], want[..]);
}

#[test]
fn cards_outside_the_heap_are_left_out() {
    assert_eq!(merged(&[5, 70], &[2000], 64..128), vec![(70, false)]);
    assert_eq!(
        merged(&[5, 70], &[2000], 64..100_000),
        vec![(70, false), (2000, true)]
    );
}
