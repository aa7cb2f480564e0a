//! Lab 04's scaffolding: a generational collector — a young generation collected often, by
//! copying, and an old generation collected rarely — whose write barrier and remembered-set
//! scan are the student's.
//!
//! **The generational hypothesis.** Most objects die young. So collect the young objects
//! often (cheap: few of them survive, and copying costs only what survives) and the old ones
//! rarely. The catch: a young collection traces from the roots but must stop at the old
//! generation — walking the old objects would cost what a full collection costs — so it would
//! miss a young object that only an old object points to. The old-to-young pointers have to be
//! *remembered*: the mutator's write barrier dirties a *card* (512 bytes of old generation,
//! one byte in the card table) whenever it stores a young reference into an old object, and a
//! young collection scans only the dirty cards, as extra roots.
//!
//! ```text
//!   young generation                               old generation
//!   [ eden ............ | survivor-0 | survivor-1 ] [ old-0 ............ | old-1 (reserve) ... ]
//!     TLABs, new objects  one holds survivors,        promoted objects,    empty: a full
//!                         the other is empty          big arrays           collection copies
//!                                                                          into it
//!   card table: one byte per 512 bytes of old generation, clean or dirty
//! ```
//!
//! **A young collection** (minor; `LabGenerations::young`):
//! ```text
//!   roots: evacuate every young object a root points to     // given (lab 02's evacuate)
//!   for every dirty card: scan_card(c, card)                 // Step 2: the remembered set
//!   Cheney's scan over two to-spaces:                        // given, except:
//!     survivor copies: evacuate what they point to
//!     promoted objects: scan_promoted(c, obj)                // Step 3
//!   reference processing (weak, soft, phantom referents)     // given
//!   eden and the old survivor space are empty again; the survivor spaces swap
//! ```
//! `evacuate` copies a young object into the empty survivor space the first time it survives
//! (its age goes from 0 to 1) and *promotes* it — copies it to the top of the old generation —
//! the second time (age `TENURING_THRESHOLD`), or at once when the survivor space is full.
//! Objects in the old generation are never moved or traced by a young collection.
//!
//! **A full collection** (major; `LabGenerations::full`) copies every live object, young and
//! old, into the old generation's empty half (lab 02's semispace collection over the whole
//! heap), and the halves swap. Nothing young is left, so every card is cleaned. A two-space old
//! generation costs address space (half the old generation is a copy reserve) but reuses lab
//! 02's algorithm; HotSpot's serial collector compacts the old generation in place instead
//! (lab 03). A full collection runs on System.gc(), before an OutOfMemoryError, and when the
//! old generation is nearly full (the promotion guarantee below leaves the eden less than a
//! quarter of its size): then right after the young collection, in the same pause.
//!
//! **The write barrier** (Step 1): every reference store from the program ends in
//! `post_write(holder, slot, new)` (gcvm's access API, runtime/gc/src/access.rs). A store of a
//! young reference into a slot of the old generation dirties the slot's card; nothing else
//! does (stores into young objects, null stores, old values). Objects come into the old
//! generation by promotion and by allocation: an object of `PRETENURE_BYTES` or more is
//! allocated there directly (copying it at every young collection would cost more than it
//! saves), so a big array the program fills with new objects is the barrier's everyday case.
//!
//! **The invariant** the three steps keep together: *at the start of every young collection,
//! every slot of the old generation that points into the young generation is on a dirty
//! card.* The barrier keeps it while the program runs (Step 1); a young collection keeps it
//! for the next one: a card it scanned stays dirty if a slot on it still points into the young
//! generation (Step 2), and a promoted object that still points into the young generation
//! dirties its slot's card (Step 3). Under `--verify-heap` the scaffolding checks it after every
//! collection (`verify_pause`), walking the whole old generation as a young collection must not.
//!
//! **Finding objects on a card.** A card is 512 bytes of memory, not a list of objects: the
//! object holding its first bytes may start several cards earlier (a big array). The *block
//! offset table* (given, `BlockOffsetTable`) records, for each card, the start of the object
//! covering the card's first byte: `c.block_start(card)`. From there the scan walks object by
//! object (`c.size_of`) until the card's end, and looks only at each object's slots on the card
//! (`c.ref_slots_on_card`): a dirty card in the middle of a big array costs 128 slots, not the
//! whole array.
//!
//! **What the tracer hears.** Young pauses are minor (`Collector::trace_kind`): the trace
//! names the spaces they collect (eden and the survivor space being emptied) and every object
//! they copy or promote (`moved`); the old generation is not collected, so its objects stay
//! alive without a word. Full pauses are major: every survivor is reported moved. The card scan
//! is reported as a phase, "scan dirty cards", with the old objects it walked and the bytes of
//! the cards it scanned; the heap streams carry a "dirty cards" stream (cards per tile), so the
//! viewer shows the cards a young collection is about to scan.
//!
//! The promotion guarantee: the eden may take only as much as the old generation could still
//! take if everything young survived (`Generations::set_eden_limit`), so a young collection
//! never runs out of room for promotions and a full one never overflows the reserve half.
//!
//! One worker, sequential, readable before clever. gcvm's own cards are in
//! runtime/gc/src/region/remset.rs (card table, block offset table, barrier, remembered sets),
//! used by its G1-like region collector.

use crate::Step;
use gcvm_gc::collector::{tlab_alloc_slow, BarrierKind, StreamDef, Tiler};
use gcvm_gc::kit::CollectorWrites;
use gcvm_gc::memory::{HeapMemory, RESERVED_PREFIX};
use gcvm_gc::object::{gcword, ElemKind, Ref, Shape, TypeRegistry, ARRAY_BASE, FILLER_TYPE};
use gcvm_gc::shared::barrier::Barrier;
use gcvm_gc::shared::refs::{Discovered, Liveness, ReferenceProcessor, References};
use gcvm_gc::shared::sizing::align_down_page;
use gcvm_gc::shared::zeroed::zeroed_u8;
use gcvm_gc::{
    Collector, CollectorContext, GcCause, GcEventSink, GcKind, GcOutcome, Mutator, RootSource,
    SpaceInfo, SpaceKind,
};
use gcvm_tlab::Tlab;
use gcvm_tracer::WorkerActivity;
use parking_lot::Mutex;
use std::any::Any;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Instant;

pub static STEP_1: Step = Step {
    lab: "04-generations",
    number: 1,
    title: "the write barrier (a young reference stored into the old generation dirties the slot's card)",
};
pub static STEP_2: Step = Step {
    lab: "04-generations",
    number: 2,
    title: "scan a dirty card (evacuate the young objects its slots point to; clean it unless it still points into the young generation)",
};
pub static STEP_3: Step = Step {
    lab: "04-generations",
    number: 3,
    title: "scan a promoted object (evacuate what it points to; dirty the card of a slot that still points into the young generation)",
};

/// log2 of the card size.
pub const CARD_SHIFT: u32 = 9;
/// Bytes of heap per card-table byte (HotSpot's 512).
pub const CARD_SIZE: usize = 1 << CARD_SHIFT;
/// Objects of this many bytes or more are allocated straight into the old generation
/// (HotSpot's PretenureSizeThreshold).
pub const PRETENURE_BYTES: usize = 64 * 1024;
/// A young object whose age (young collections survived) has reached this is promoted at
/// the next one: 1 means it spends one young collection in a survivor space, then moves to
/// the old generation (HotSpot's MaxTenuringThreshold is 15 and adaptive; 1 keeps the picture
/// small).
pub const TENURING_THRESHOLD: u64 = 1;
/// The phase a young collection reports for its card scan (`GcEventSink::worker_activity`):
/// `objects` is the number of old objects the scan walked, `bytes` the bytes of the dirty
/// cards it scanned.
pub const CARD_SCAN_PHASE: &str = "scan dirty cards";
/// The heap stream of dirty cards per tile (docs/stream-format.md): the first collector stream.
pub const STREAM_DIRTY_CARDS: u16 = gcvm_tracer::stream::standard::COUNT;

/// The space ids the tracer and the viewer see.
const EDEN_ID: u32 = 0;
const SURVIVOR_IDS: [u32; 2] = [1, 2];
const OLD_IDS: [u32; 2] = [3, 4];

/// The student's part: see README.md.
pub trait GenerationsSteps: Send + Sync + 'static {
    /// Step 1, the post-write barrier: `slot` of `holder` now holds `new` (maybe null).
    fn post_write(b: &CardMarking, holder: Ref, slot: usize, new: Ref);
    /// Step 2: scans the dirty card `card` of the old generation at a young collection.
    fn scan_card(c: &mut YoungGc<'_>, card: usize);
    /// Step 3: scans `obj`, an object this young collection just promoted.
    fn scan_promoted(c: &mut YoungGc<'_>, obj: Ref);
}

/// The card table: one byte per `CARD_SIZE` bytes of the heap (cards of the young generation
/// exist but are never dirtied). Shared by every mutator's barrier and the collector, so the
/// bytes are atomics; plain loads and stores (`Relaxed`) suffice: a pause orders them.
pub struct CardTable {
    bytes: Box<[AtomicU8]>,
}

const CLEAN: u8 = 0;
const DIRTY: u8 = 1;

impl CardTable {
    fn new(reserved_end: usize) -> CardTable {
        CardTable {
            bytes: zeroed_u8(reserved_end.div_ceil(CARD_SIZE)),
        }
    }

    /// The card holding heap offset `addr`.
    pub fn card_of(addr: usize) -> usize {
        addr >> CARD_SHIFT
    }

    /// The first heap offset of `card`.
    pub fn start_of(card: usize) -> usize {
        card << CARD_SHIFT
    }

    pub fn is_dirty(&self, card: usize) -> bool {
        self.bytes[card].load(Ordering::Relaxed) == DIRTY
    }

    pub fn dirty(&self, card: usize) {
        self.bytes[card].store(DIRTY, Ordering::Relaxed);
    }

    pub fn clean(&self, card: usize) {
        self.bytes[card].store(CLEAN, Ordering::Relaxed);
    }

    /// The dirty cards of `[from, to)`, in address order: a young collection reads the card
    /// table of the old generation's used part — a byte per 512 bytes, not the objects.
    fn dirty_cards(&self, from: usize, to: usize) -> Vec<usize> {
        (Self::card_of(from)..Self::card_of(to + CARD_SIZE - 1))
            .filter(|&c| self.is_dirty(c))
            .collect()
    }

    /// Cleans every card of `[from, to)`.
    fn clean_range(&self, from: usize, to: usize) {
        for c in Self::card_of(from)..Self::card_of(to + CARD_SIZE - 1) {
            self.clean(c);
        }
    }
}

/// Where the generations are: fixed for the run (the heap does not grow).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub eden: (usize, usize),
    pub survivors: [(usize, usize); 2],
    pub old: [(usize, usize); 2],
}

const MIN_EDEN: usize = 512 * 1024;
const MIN_SURVIVOR: usize = 64 * 1024;
const MIN_OLD_HALF: usize = 1 << 20;

impl Layout {
    /// A fifth of the heap is the young generation (eden 8/10 of it and two survivor spaces
    /// of 1/10, HotSpot's SurvivorRatio=8); the rest is the old generation's two halves.
    pub fn for_heap(max_size: usize) -> Layout {
        let young = max_size / 5;
        let survivor = align_down_page(young / 10).max(MIN_SURVIVOR);
        let eden = align_down_page(young.saturating_sub(2 * survivor)).max(MIN_EDEN);
        let old = align_down_page(max_size.saturating_sub(young) / 2).max(MIN_OLD_HALF);
        let mut at = RESERVED_PREFIX;
        let mut take = |size: usize| {
            let range = (at, at + size);
            at += size;
            range
        };
        Layout {
            eden: take(eden),
            survivors: [take(survivor), take(survivor)],
            old: [take(old), take(old)],
        }
    }

    /// One past the last byte of the heap.
    pub fn end(&self) -> usize {
        self.old[1].1
    }

    /// Is `addr` in the young generation (eden or a survivor space)?
    pub fn is_young(&self, addr: usize) -> bool {
        addr >= self.eden.0 && addr < self.survivors[1].1
    }

    /// Is `addr` in the old generation (either half)?
    pub fn is_old(&self, addr: usize) -> bool {
        addr >= self.old[0].0 && addr < self.old[1].1
    }
}

/// What a mutator's barrier sees: the layout and the card table (Step 1).
pub struct CardMarking {
    pub cards: Arc<CardTable>,
    layout: Layout,
}

impl CardMarking {
    /// Does `r` point into the young generation? (False for null.)
    pub fn is_young(&self, r: Ref) -> bool {
        self.layout.is_young(r.offset())
    }

    /// Is the heap offset `addr` (a slot, an object) in the old generation?
    pub fn is_old(&self, addr: usize) -> bool {
        self.layout.is_old(addr)
    }
}

/// The barrier every mutator holds: its post-write hook is the student's.
struct CardBarrier<S> {
    marking: Arc<CardMarking>,
    steps: PhantomData<fn() -> S>,
}

impl<S: GenerationsSteps> Barrier for CardBarrier<S> {
    fn post_write(&mut self, holder: Ref, slot: usize, new: Ref) {
        S::post_write(&self.marking, holder, slot, new);
    }

    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

/// The block offset table (HotSpot's BOT): for every card of the old generation, the start of
/// the object covering the card's first byte. Written whenever an object is placed in the old
/// generation (promotion, pretenuring, a full collection's copy), which always happens at the
/// top, so every card below the top has an entry.
struct BlockOffsetTable {
    /// Per card: an object start, in 8-byte words.
    starts: Vec<u32>,
}

impl BlockOffsetTable {
    fn new(reserved_end: usize) -> BlockOffsetTable {
        BlockOffsetTable {
            starts: vec![0; reserved_end.div_ceil(CARD_SIZE)],
        }
    }

    /// An object was placed at `[start, start + size)`: the cards whose first byte it covers
    /// start parsing at it.
    fn record(&mut self, start: usize, size: usize) {
        let first = CardTable::card_of(start + CARD_SIZE - 1);
        let last = CardTable::card_of(start + size - 1);
        for card in first..=last {
            self.starts[card] = (start >> 3) as u32;
        }
    }

    /// The start of the object covering `card`'s first byte.
    fn block_start(&self, card: usize) -> usize {
        (self.starts[card] as usize) << 3
    }
}

/// A bump-allocated space: `[start, top)` holds objects, `[top, end)` is free.
#[derive(Clone, Copy, Debug)]
struct Space {
    start: usize,
    top: usize,
    end: usize,
}

impl Space {
    fn new((start, end): (usize, usize)) -> Space {
        Space {
            start,
            top: start,
            end,
        }
    }
    fn used(&self) -> usize {
        self.top - self.start
    }
    fn capacity(&self) -> usize {
        self.end - self.start
    }
    fn free(&self) -> usize {
        self.end - self.top
    }
}

/// A to-space being filled by a copy: `[start, scan)` scanned, `[scan, free)` copied and not
/// scanned yet (grey), `[free, end)` free.
#[derive(Clone, Copy, Debug)]
struct ToSpace {
    start: usize,
    scan: usize,
    free: usize,
    end: usize,
}

impl ToSpace {
    fn from(space: Space) -> ToSpace {
        ToSpace {
            start: space.start,
            scan: space.top,
            free: space.top,
            end: space.end,
        }
    }
    fn fits(&self, size: usize) -> bool {
        self.free + size <= self.end
    }
    fn claim(&mut self, size: usize) -> usize {
        assert!(
            self.fits(size),
            "lab 04: a to-space overflowed (the promotion guarantee failed)"
        );
        let at = self.free;
        self.free += size;
        at
    }
    fn holds(&self, obj: Ref) -> bool {
        (self.start..self.free).contains(&obj.offset())
    }
}

/// The collector's state, under one lock: allocation between pauses, collection in them.
struct Generations {
    eden: Space,
    /// The eden hands out memory below this only (the promotion guarantee).
    eden_limit: usize,
    survivors: [Space; 2],
    /// The survivor space holding this cycle's survivors; the other is empty.
    from_survivor: usize,
    old: [Space; 2],
    /// The old half in use; the other is the full collection's copy reserve.
    old_half: usize,
    bot: BlockOffsetTable,
    /// A full collection to run right after the young one that just ended (`follow_up`).
    follow_up: Option<GcCause>,
}

impl Generations {
    fn survivor(&self) -> &Space {
        &self.survivors[self.from_survivor]
    }
    fn old(&self) -> &Space {
        &self.old[self.old_half]
    }
    fn young_used(&self) -> usize {
        self.eden.used() + self.survivor().used()
    }
    fn used(&self) -> usize {
        self.young_used() + self.old().used()
    }

    /// The promotion guarantee: the eden may fill only as far as the old generation could take
    /// every young object if all of them survived. Then a young collection always has room to
    /// promote, and a full collection (live ≤ everything used) always fits in the reserve half.
    fn set_eden_limit(&mut self) {
        self.eden_limit = (self.eden.start + self.eden_room()).max(self.eden.top);
    }

    /// Bytes the eden may use under the promotion guarantee: all of it, or what the old
    /// generation could still take beyond the survivors.
    fn eden_room(&self) -> usize {
        let room = self.old().free().saturating_sub(self.survivor().used());
        room.min(self.eden.capacity())
    }

    /// Is the next collection of `cause` a full one? On request (System.gc(), the last
    /// collection before an OutOfMemoryError), and when the old generation is so full that the
    /// promotion guarantee leaves the eden less than a quarter of its size.
    fn wants_full(&self, cause: GcCause) -> bool {
        matches!(
            cause,
            GcCause::SystemGc | GcCause::HeapInspection | GcCause::LastDitch
        ) || self.eden_room() < self.eden.capacity() / 4
    }

    /// `size` bytes of the old generation for a pretenured object, or None if the promotion
    /// guarantee would not hold any more.
    fn alloc_old(&mut self, size: usize) -> Option<usize> {
        if self.old().free() < size + self.young_used() {
            return None;
        }
        let old = &mut self.old[self.old_half];
        let at = old.top;
        old.top += size;
        self.bot.record(at, size);
        self.set_eden_limit();
        Some(at)
    }

    fn alloc_eden(&mut self, size: usize) -> Option<usize> {
        (self.eden.top + size <= self.eden_limit).then(|| {
            let at = self.eden.top;
            self.eden.top += size;
            at
        })
    }
}

/// One young collection, as the student's functions see it.
///
/// ```text
///   young:  [ eden | survivor being emptied ]  -> evacuate ->  [ survivor being filled ]
///                                                          or  old generation, at its top
///   old:    [ objects before this collection ... | promoted by it (grey, then scanned) | free ]
///            ^start        dirty cards are here ^old_top                               ^end
/// ```
pub struct YoungGc<'a> {
    /// The heap: read with `memory.read_ref`, `memory.gc_word`; collectors write with the
    /// `CollectorWrites` trait (but `write_ref` below is all Steps 2 and 3 need).
    pub memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    refs: &'a References,
    layout: Layout,
    cards: &'a CardTable,
    bot: &'a mut BlockOffsetTable,
    events: &'a mut dyn GcEventSink,
    survivor: ToSpace,
    old: ToSpace,
    /// The old generation's top when the collection began: the dirty cards are below it.
    old_top: usize,
    discovered: Discovered,
    copied_objects: usize,
    copied_bytes: usize,
    promoted_bytes: usize,
    /// Old objects the card scan walked (`size_of` on an object below `old_top`).
    walked_objects: u64,
}

impl<'a> YoungGc<'a> {
    /// Does `r` point into the young generation (eden or a survivor space, including copies
    /// this collection just made there)? False for null and for old objects.
    pub fn is_young(&self, r: Ref) -> bool {
        self.layout.is_young(r.offset())
    }

    /// The object `obj` is now: a young object is copied on its first visit (into the empty
    /// survivor space, or promoted into the old generation once old enough or when the
    /// survivor space is full) and its copy returned, also on later visits (the forwarding
    /// pointer); an old object, or null, is returned as it is. Lab 02's step 1, given.
    pub fn evacuate(&mut self, obj: Ref) -> Ref {
        if !self.is_young(obj) || self.survivor.holds(obj) {
            return obj;
        }
        let word = self.memory.gc_word(obj);
        if gcword::is_forwarded(word) {
            return gcword::forwarded_to(word);
        }
        let size = self.memory.object_size(self.types, obj);
        let to = if gcword::age(word) >= TENURING_THRESHOLD || !self.survivor.fits(size) {
            let at = self.old.claim(size);
            self.bot.record(at, size);
            self.promoted_bytes += size;
            at
        } else {
            self.survivor.claim(size)
        };
        self.memory.gc_copy_object(obj.offset(), to, size);
        let copy = Ref::from_offset(to);
        self.memory.gc_set_word(copy, gcword::aged(word));
        self.memory.gc_forward(obj, copy);
        self.events
            .moved(obj.offset() as u64, to as u64, size as u32);
        self.copied_objects += 1;
        self.copied_bytes += size;
        copy
    }

    /// The start of the object covering `card`'s first byte (the block offset table): walk
    /// from here, object by object, to reach the objects on the card.
    pub fn block_start(&self, card: usize) -> usize {
        self.bot.block_start(card)
    }

    /// Where a walk over `card` stops: the card's end, or the old generation's top as it was
    /// when the collection began (objects promoted since are Step 3's), whichever comes first.
    pub fn card_end(&self, card: usize) -> usize {
        (CardTable::start_of(card) + CARD_SIZE).min(self.old_top)
    }

    /// The size in bytes of the old object `obj` (header included): the distance to the next
    /// object.
    pub fn size_of(&mut self, obj: Ref) -> usize {
        self.check_old_object(obj, "size_of");
        if obj.offset() < self.old_top {
            self.walked_objects += 1;
        }
        self.memory.object_size(self.types, obj)
    }

    /// Stops with a message naming Step 2 unless an object of the old generation starts at
    /// `obj` (as far as a header can tell): a walk that lost its way would otherwise read the
    /// middle of an object as a header and corrupt the heap.
    fn check_old_object(&self, obj: Ref, call: &str) {
        let at = obj.offset();
        let inside = at >= self.old.start && at < self.old.free && at.is_multiple_of(8);
        let ok = inside
            && self
                .types
                .get(self.memory.type_id(obj))
                .is_some_and(|_| at + self.memory.object_size(self.types, obj) <= self.old.free);
        if !ok {
            crate::wrong(
                &STEP_2,
                format!(
                    "c.{call}({obj:?}): no object of the old generation starts there (it holds \
                     [{:#x}, {:#x})); a card's walk starts at c.block_start(card) and moves on by \
                     c.size_of(obj)",
                    self.old.start, self.old.free
                ),
            );
        }
    }

    /// The reference slots of `obj` that lie on `card` (none if it has none there): only the
    /// part of a big array that is on the card.
    pub fn ref_slots_on_card(&self, obj: Ref, card: usize) -> Vec<usize> {
        let (start, end) = (
            CardTable::start_of(card),
            CardTable::start_of(card) + CARD_SIZE,
        );
        self.check_old_object(obj, "ref_slots_on_card");
        let mut slots = Vec::new();
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => {
                for &o in ref_offsets.iter() {
                    let slot = obj.offset() + o as usize;
                    if (start..end).contains(&slot) {
                        slots.push(slot);
                    }
                }
            }
            Shape::Array {
                elem: ElemKind::Ref,
            } => {
                let first = obj.offset() + ARRAY_BASE;
                let stop = first + 4 * self.memory.array_length(obj) as usize;
                let mut slot = start.max(first);
                while slot < end.min(stop) {
                    slots.push(slot);
                    slot += 4;
                }
            }
            Shape::Array { .. } | Shape::Filler => {}
        }
        slots
    }

    /// The reference fields of the copy `obj` to trace, as slots: every reference field,
    /// except the referent of a java.lang.ref.Reference whose referent is young and not
    /// copied yet (reference processing decides about it later, as in lab 02).
    pub fn fields_to_trace(&mut self, obj: Ref) -> Vec<usize> {
        let (memory, layout, survivor) = (self.memory, self.layout, self.survivor);
        let skip = self
            .refs
            .should_discover(memory, obj, |r| {
                !layout.is_young(r.offset())
                    || survivor.holds(r)
                    || gcword::is_forwarded(memory.gc_word(r))
            })
            .map(|(kind, slot)| {
                self.discovered.push(kind, obj);
                slot
            });
        let mut slots = Vec::new();
        memory.for_each_ref_slot(self.types, obj, |slot| {
            if Some(slot) != skip {
                slots.push(slot);
            }
        });
        slots
    }

    /// The reference stored at `slot`.
    pub fn read_ref(&self, slot: usize) -> Ref {
        self.memory.read_ref(slot)
    }

    /// Stores `target` at `slot` (the collector writes without barriers).
    pub fn write_ref(&self, slot: usize, target: Ref) {
        self.memory.gc_write_ref(slot, target)
    }

    /// Cleans `card`: the next young collection will not scan it.
    pub fn clean_card(&self, card: usize) {
        self.cards.clean(card)
    }

    /// Dirties the card holding `slot`: the next young collection will scan it.
    pub fn dirty_card_of(&self, slot: usize) {
        self.cards.dirty(CardTable::card_of(slot))
    }

    /// Does `obj` have reference slots at all? (A promoted leaf or int[] needs no scan.)
    fn has_ref_slots(&self, obj: Ref) -> bool {
        match &self.types.info(self.memory.type_id(obj)).shape {
            Shape::Instance { ref_offsets, .. } => !ref_offsets.is_empty(),
            Shape::Array {
                elem: ElemKind::Ref,
            } => self.memory.array_length(obj) > 0,
            Shape::Array { .. } | Shape::Filler => false,
        }
    }

    /// Cheney's scan over both to-spaces until neither has grey objects: survivor copies are
    /// scanned here (young objects: no card to think of), promoted objects by Step 3.
    fn drain<S: GenerationsSteps>(&mut self) {
        loop {
            if self.survivor.scan < self.survivor.free {
                let obj = Ref::from_offset(self.survivor.scan);
                self.survivor.scan += self.memory.object_size(self.types, obj);
                for slot in self.fields_to_trace(obj) {
                    let target = self.read_ref(slot);
                    if self.is_young(target) {
                        let copy = self.evacuate(target);
                        self.write_ref(slot, copy);
                    }
                }
            } else if self.old.scan < self.old.free {
                let obj = Ref::from_offset(self.old.scan);
                self.old.scan += self.memory.object_size(self.types, obj);
                if self.has_ref_slots(obj) {
                    S::scan_promoted(self, obj);
                }
            } else {
                break;
            }
        }
    }
}

/// Reference processing's view of a young collection: old objects and copies are live;
/// keeping alive is evacuating and scanning on.
struct YoungRefs<'c, 'a, S>(&'c mut YoungGc<'a>, PhantomData<S>);

impl<S: GenerationsSteps> Liveness for YoungRefs<'_, '_, S> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        let c = &mut *self.0;
        if !c.is_young(obj) || c.survivor.holds(obj) {
            return Some(obj);
        }
        let word = c.memory.gc_word(obj);
        gcword::is_forwarded(word).then(|| gcword::forwarded_to(word))
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let copies = objs.iter().map(|&o| self.0.evacuate(o)).collect();
        self.0.drain::<S>();
        discovered.merge(std::mem::take(&mut self.0.discovered));
        copies
    }
}

/// One full collection: lab 02's copy of everything live into the old generation's empty half.
struct FullGc<'a> {
    memory: &'a HeapMemory,
    types: &'a TypeRegistry,
    refs: &'a References,
    bot: &'a mut BlockOffsetTable,
    events: &'a mut dyn GcEventSink,
    to: ToSpace,
    discovered: Discovered,
    copied_objects: usize,
}

impl FullGc<'_> {
    fn evacuate(&mut self, obj: Ref) -> Ref {
        if self.to.holds(obj) {
            return obj;
        }
        let word = self.memory.gc_word(obj);
        if gcword::is_forwarded(word) {
            return gcword::forwarded_to(word);
        }
        let size = self.memory.object_size(self.types, obj);
        let at = self.to.claim(size);
        self.bot.record(at, size);
        self.memory.gc_copy_object(obj.offset(), at, size);
        let copy = Ref::from_offset(at);
        self.memory.gc_set_word(copy, gcword::aged(word));
        self.memory.gc_forward(obj, copy);
        self.events
            .moved(obj.offset() as u64, at as u64, size as u32);
        self.copied_objects += 1;
        copy
    }

    fn drain(&mut self) {
        while self.to.scan < self.to.free {
            let obj = Ref::from_offset(self.to.scan);
            self.to.scan += self.memory.object_size(self.types, obj);
            let (memory, to) = (self.memory, self.to);
            let skip = self
                .refs
                .should_discover(memory, obj, |r| {
                    to.holds(r) || gcword::is_forwarded(memory.gc_word(r))
                })
                .map(|(kind, slot)| {
                    self.discovered.push(kind, obj);
                    slot
                });
            let mut slots = Vec::new();
            memory.for_each_ref_slot(self.types, obj, |slot| {
                if Some(slot) != skip {
                    slots.push(slot);
                }
            });
            for slot in slots {
                let target = memory.read_ref(slot);
                if !target.is_null() {
                    let copy = self.evacuate(target);
                    memory.gc_write_ref(slot, copy);
                }
            }
        }
    }
}

impl Liveness for FullGc<'_> {
    fn is_alive(&mut self, obj: Ref) -> Option<Ref> {
        if self.to.holds(obj) {
            return Some(obj);
        }
        let word = self.memory.gc_word(obj);
        gcword::is_forwarded(word).then(|| gcword::forwarded_to(word))
    }

    fn keep_alive_all(&mut self, objs: &[Ref], discovered: &mut Discovered) -> Vec<Ref> {
        let copies = objs.iter().map(|&o| self.evacuate(o)).collect();
        self.drain();
        discovered.merge(std::mem::take(&mut self.discovered));
        copies
    }
}

/// The lab's generational collector over the student's (or the solution's) steps.
pub struct LabGenerations<S: GenerationsSteps> {
    name: &'static str,
    memory: Arc<HeapMemory>,
    types: Arc<TypeRegistry>,
    layout: Layout,
    marking: Arc<CardMarking>,
    state: Mutex<Generations>,
    steps: PhantomData<fn() -> S>,
}

impl<S: GenerationsSteps> LabGenerations<S> {
    pub fn new(ctx: CollectorContext, name: &'static str) -> Result<Self, String> {
        let layout = Layout::for_heap(ctx.config.max_size);
        if ctx.memory.size() < layout.end() {
            return Err(format!("{name}: the heap reservation is too small"));
        }
        let mut state = Generations {
            eden: Space::new(layout.eden),
            eden_limit: layout.eden.0,
            survivors: layout.survivors.map(Space::new),
            from_survivor: 0,
            old: layout.old.map(Space::new),
            old_half: 0,
            bot: BlockOffsetTable::new(layout.end()),
            follow_up: None,
        };
        state.set_eden_limit();
        Ok(LabGenerations {
            name,
            marking: Arc::new(CardMarking {
                cards: Arc::new(CardTable::new(layout.end())),
                layout,
            }),
            layout,
            memory: ctx.memory,
            types: ctx.types,
            state: Mutex::new(state),
            steps: PhantomData,
        })
    }

    /// Bytes of address space for a heap of `max_size`.
    pub fn reservation_for(max_size: usize) -> usize {
        Layout::for_heap(max_size).end()
    }

    fn cards(&self) -> &CardTable {
        &self.marking.cards
    }

    /// A young collection: eden and the full survivor space are emptied into the other
    /// survivor space and the old generation.
    fn young(
        &self,
        st: &mut Generations,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used_before = st.used();
        let (from, to) = (st.from_survivor, 1 - st.from_survivor);
        events.collecting_space(EDEN_ID);
        events.collecting_space(SURVIVOR_IDS[from]);
        let old = *st.old();
        let dirty = self.cards().dirty_cards(old.start, old.top);
        let types = &*self.types;
        let mut c = YoungGc {
            memory: &self.memory,
            types,
            refs: types.references(),
            layout: self.layout,
            cards: self.cards(),
            bot: &mut st.bot,
            events,
            survivor: ToSpace::from(st.survivors[to]),
            old: ToSpace::from(old),
            old_top: old.top,
            discovered: Discovered::default(),
            copied_objects: 0,
            copied_bytes: 0,
            promoted_bytes: 0,
            walked_objects: 0,
        };
        roots.visit_roots(&mut |r| c.evacuate(r));
        let scan_started = Instant::now();
        for &card in &dirty {
            S::scan_card(&mut c, card);
        }
        if c.events.wants_phase_times() {
            let activity = WorkerActivity {
                worker: 0,
                start: scan_started,
                end: Instant::now(),
                objects: c.walked_objects,
                bytes: (dirty.len() * CARD_SIZE) as u64,
                steals: 0,
            };
            c.events.worker_activity(CARD_SCAN_PHASE, &[activity]);
        }
        c.drain::<S>();
        let discovered = std::mem::take(&mut c.discovered);
        let references: Vec<Ref> = discovered.all().collect();
        ReferenceProcessor::new(types, &self.memory)
            .process(discovered, &mut YoungRefs::<S>(&mut c, PhantomData));
        // A promoted Reference whose referent reference processing kept in a survivor space
        // is an old-to-young pointer the scan never saw: its card must be dirty.
        let referent_offset = types.references().referent_offset();
        for reference in references {
            let slot = reference.offset() + referent_offset;
            if self.layout.is_old(slot) && c.is_young(self.memory.read_ref(slot)) {
                c.dirty_card_of(slot);
            }
        }
        let (survivor_top, old_top) = (c.survivor.free, c.old.free);
        let (moved_bytes, live_objects) = (c.copied_bytes, c.copied_objects);
        st.survivors[to].top = survivor_top;
        st.survivors[from].top = st.survivors[from].start;
        st.from_survivor = to;
        st.eden.top = st.eden.start;
        st.old[st.old_half].top = old_top;
        st.set_eden_limit();
        // Too little room left for the eden: the old generation needs a full collection now,
        // in the same pause, rather than after the next allocation failure.
        if st.wants_full(cause) {
            st.follow_up = Some(cause);
        }
        GcOutcome {
            kind: GcKind::Minor,
            used_before,
            used_after: st.used(),
            capacity_after: self.capacity(),
            moved_bytes,
            live_objects,
            pause_name: None,
        }
    }

    /// A full collection: everything live is copied into the old generation's empty half.
    fn full(
        &self,
        st: &mut Generations,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let used_before = st.used();
        let to = 1 - st.old_half;
        let types = &*self.types;
        let mut f = FullGc {
            memory: &self.memory,
            types,
            refs: types.references(),
            bot: &mut st.bot,
            events,
            to: ToSpace::from(st.old[to]),
            discovered: Discovered::default(),
            copied_objects: 0,
        };
        roots.visit_roots(&mut |r| f.evacuate(r));
        f.drain();
        let discovered = std::mem::take(&mut f.discovered);
        ReferenceProcessor::new(types, &self.memory).process(discovered, &mut f);
        let (top, live_objects) = (f.to.free, f.copied_objects);
        st.old[to].top = top;
        st.old[st.old_half].top = st.old[st.old_half].start;
        st.old_half = to;
        st.eden.top = st.eden.start;
        for s in &mut st.survivors {
            s.top = s.start;
        }
        // Nothing young is left, so no old-to-young pointer either.
        self.cards()
            .clean_range(self.layout.old[0].0, self.layout.old[1].1);
        st.set_eden_limit();
        st.follow_up = None;
        let used_after = st.used();
        GcOutcome::whole_heap(
            used_before,
            used_after,
            self.capacity(),
            used_after,
            live_objects,
        )
    }
}

impl<S: GenerationsSteps> Collector for LabGenerations<S> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn barrier(&self) -> BarrierKind {
        BarrierKind::PostWrite
    }

    /// Young pauses collect only the young generation: minor, naming eden and the survivor
    /// space they empty. Full pauses are major.
    fn trace_kind(&self, cause: GcCause) -> GcKind {
        if self.state.lock().wants_full(cause) {
            GcKind::Major
        } else {
            GcKind::Minor
        }
    }

    fn follow_up(&self) -> Option<GcCause> {
        self.state.lock().follow_up.take()
    }

    fn new_mutator(&self, threads: usize) -> Mutator {
        let barrier = CardBarrier::<S> {
            marking: self.marking.clone(),
            steps: PhantomData,
        };
        Mutator::new(Tlab::new(self.tlab_capacity(), threads), Box::new(barrier))
    }

    /// Objects of `PRETENURE_BYTES` or more go straight to the old generation; the rest take
    /// HotSpot's TLAB policy over the eden.
    fn alloc_slow(&self, mutator: &mut Mutator, memory: &HeapMemory, size: usize) -> Option<usize> {
        if size >= PRETENURE_BYTES {
            let at = self.state.lock().alloc_old(size)?;
            memory.gc_zero(at, size);
            return Some(at);
        }
        tlab_alloc_slow(self, mutator, memory, size)
    }

    fn spaces(&self) -> Vec<SpaceInfo> {
        let st = self.state.lock();
        let info = |id, name: &str, kind, s: &Space| SpaceInfo {
            id,
            name: name.into(),
            kind,
            start: s.start,
            end: s.end,
            reserved_end: s.end,
            top: s.top,
        };
        let mut spaces = vec![info(EDEN_ID, "eden", SpaceKind::Eden, &st.eden)];
        for i in 0..2 {
            let name = format!("survivor-{i}");
            spaces.push(info(
                SURVIVOR_IDS[i],
                &name,
                SpaceKind::Survivor,
                &st.survivors[i],
            ));
        }
        for i in 0..2 {
            // The idle half is the full collection's to-space.
            let kind = if i == st.old_half {
                SpaceKind::Old
            } else {
                SpaceKind::SemiTo
            };
            spaces.push(info(OLD_IDS[i], &format!("old-{i}"), kind, &st.old[i]));
        }
        spaces
    }

    fn alloc_tlab(&self, min: usize, desired: usize) -> Option<(usize, usize)> {
        let mut st = self.state.lock();
        let size = desired.min(st.eden_limit - st.eden.top);
        if size < min {
            return None;
        }
        st.alloc_eden(size).map(|start| (start, start + size))
    }

    fn alloc_outside_tlab(&self, size: usize) -> Option<usize> {
        self.state.lock().alloc_eden(size)
    }

    fn tlab_capacity(&self) -> usize {
        self.layout.eden.1 - self.layout.eden.0
    }

    fn collect(
        &self,
        cause: GcCause,
        roots: &mut dyn RootSource,
        events: &mut dyn GcEventSink,
    ) -> GcOutcome {
        let mut st = self.state.lock();
        if st.wants_full(cause) {
            self.full(&mut st, roots, events)
        } else {
            self.young(&mut st, cause, roots, events)
        }
    }

    fn used(&self) -> usize {
        self.state.lock().used()
    }

    /// Eden, one survivor space and one old half: the other two are copy reserves.
    fn capacity(&self) -> usize {
        let l = &self.layout;
        (l.eden.1 - l.eden.0) + (l.survivors[0].1 - l.survivors[0].0) + (l.old[0].1 - l.old[0].0)
    }

    fn max_capacity(&self) -> usize {
        self.capacity()
    }

    fn parseable_ranges(&self) -> Vec<(usize, usize)> {
        let st = self.state.lock();
        [st.eden, *st.survivor(), *st.old()]
            .iter()
            .map(|s| (s.start, s.top))
            .collect()
    }

    fn stream_defs(&self, tile_size: u64) -> Vec<StreamDef> {
        vec![StreamDef {
            id: STREAM_DIRTY_CARDS,
            name: "dirty cards".into(),
            description: "cards of the old generation that are dirty: what the next young \
                          collection scans for old-to-young pointers"
                .into(),
            unit: "cards".into(),
            presentation: gcvm_tracer::stream::Presentation::Plain,
            max: (tile_size / CARD_SIZE as u64).max(1),
            colour: "#d62728".into(),
            from_trace: false,
        }]
    }

    fn gather_streams(&self, tiles: &mut Tiler) {
        let st = self.state.lock();
        let old = st.old();
        for card in self.cards().dirty_cards(old.start, old.top) {
            tiles.add(STREAM_DIRTY_CARDS, CardTable::start_of(card) as u64, 1);
        }
        tiles.separator(old.top as u64);
    }

    /// Under `--verify-heap`, after every pause: the invariant (every old slot pointing into
    /// the young generation is on a dirty card) and the block offset table.
    fn verify_pause(&self, _roots: &mut dyn RootSource) -> Result<(), String> {
        let st = self.state.lock();
        let (memory, types): (&HeapMemory, &TypeRegistry) = (&self.memory, &self.types);
        let old = st.old();
        let mut at = old.start;
        while at < old.top {
            let obj = Ref::from_offset(at);
            let size = memory.object_size(types, obj);
            let first_card = CardTable::card_of(at + CARD_SIZE - 1);
            for card in first_card..=CardTable::card_of(at + size - 1) {
                if st.bot.block_start(card) != at {
                    return Err(format!(
                        "{}: the block offset table says card {card} starts at {:#x}, not at the \
                         object covering its first byte ({obj:?})",
                        self.name,
                        st.bot.block_start(card)
                    ));
                }
            }
            let mut failure = None;
            if memory.type_id(obj) != FILLER_TYPE {
                memory.for_each_ref_slot(types, obj, |slot| {
                    let target = memory.read_ref(slot);
                    let card = CardTable::card_of(slot);
                    if failure.is_none()
                        && self.layout.is_young(target.offset())
                        && !self.cards().is_dirty(card)
                    {
                        failure = Some(format!(
                            "{}: the old {} at {obj:?} points into the young generation \
                             ({target:?}, slot {slot:#x}) but its card {card} is clean: the \
                             next young collection would not see that pointer",
                            self.name,
                            types.info(memory.type_id(obj)).name
                        ));
                    }
                });
            }
            if let Some(f) = failure {
                return Err(f);
            }
            at += size;
        }
        Ok(())
    }
}
