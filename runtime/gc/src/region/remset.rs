//! Cards, the block offset table, remembered sets and the card-marking barrier.
//!
//! **Cards.** The heap is divided into 512-byte cards; the card table has one byte per card,
//! clean or dirty. The post-write barrier dirties the card of a slot that received a reference
//! into *another* region, when the slot's region is not young (young regions are collected by
//! every collection, so nobody needs to remember pointers out of them) and the target region's
//! remembered set is *tracked* (below), and logs the card in the thread's dirty-card queue —
//! once: a card already dirty is not logged again.
//!
//! **Which regions have a remembered set (tracking).** A set is only worth its upkeep for a
//! region some pause will evacuate: young regions, the old regions a mixed collection may pick,
//! and humongous primitive arrays (eager reclaim asks whether anyone points in). So, as G1's
//! G1RemSetTrackingPolicy, a region is *tracked* or not (`regions::Tracking`): an old region
//! starts untracked when it is first copied into; the remark picks the old regions with little
//! live data, whose sets a concurrent *rebuild* fills from the marked heap (marking.rs); the
//! cleanup keeps those that are still mixed candidates and drops the rest; when the mixed
//! collections end the sets of the candidates left are dropped too. Pointers into an
//! untracked region are never remembered — by the barrier (it does not dirty the card),
//! refinement or a pause. Before tracking, every old region's set kept every old-to-old
//! pointer ever refined: refinement, pauses promoting linked structures and card scans all
//! paid for sets no pause would read, and a set read by a mixed collection had grown stale
//! (LruCache: 15,000-19,000 cards for one old region).
//!
//! **Refinement** turns logged cards into remembered-set entries: it cleans the card (before
//! scanning it, so a store racing with the scan dirties and logs it again), parses the objects
//! on the card (the block offset table says where the first one starts) and, for every slot on
//! the card that points into another tracked region, adds the card to that region's remembered
//! set. It runs on the refinement (controller) thread whenever the queued buffers pass a
//! threshold, a buffer at a time; a pause takes what is still queued and scans those cards
//! once with the remembered ones, remembering their other slots as it goes (evacuate.rs). A
//! card refined more than `HOT_CARD_LIMIT` times between two pauses is *hot* (`HotCards`): it
//! is left dirty and scanned once by the next pause instead of refined after every store.
//!
//! **Remembered sets** (`RemSet`): per region, the cards elsewhere that may point into it: a
//! map from source region to G1's three levels — *sparse* (up to `SPARSE_MAX` card indices),
//! *fine* (a bitmap of the source region's cards) and *coarse* ("scan all of it", only past
//! `MAX_FINE_SOURCES` bitmaps in one set). A pause scans exactly the cards that were written
//! unless memory forced a coarse entry. Entries may be stale (the pointer was overwritten
//! since): a stale card costs a scan, never correctness.
//!
//! **Invariant** (`--verify-heap` checks it after every pause): every pointer from a tenured
//! region into another region whose tracking is `Complete` is on a card in that region's set
//! or on a dirty card.
//!
//! **Block offset table** (`Bot`): for every card of an old region, the start of an object at or
//! before the card's first byte, from which parsing forward reaches the card. Objects are placed
//! in old regions only in pauses (promotion, evacuation failure, compaction) and by scrubbing;
//! each placement records the cards its object covers.

use crate::memory::HeapMemory;
use crate::object::{array_size, filler_size, ElemKind, Ref, Shape, TypeRegistry, ARRAY_BASE};
use crate::region::regions::{Attrs, Geometry, Role};
use crate::shared::barrier::Barrier;
use crate::shared::queues::LocalQueue;
use crate::shared::zeroed::{zeroed_u32, zeroed_u8};
use parking_lot::Mutex;
use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};
use std::sync::Arc;

pub const CARD_SHIFT: u32 = 9;
pub const CARD_SIZE: usize = 1 << CARD_SHIFT;
const CLEAN: u8 = 0;
const DIRTY: u8 = 1;
/// Entries per thread dirty-card buffer.
pub const DIRTY_CARD_BUFFER: usize = 256;

/// One byte per card of the reservation.
pub struct CardTable {
    bytes: Box<[AtomicU8]>,
}

impl CardTable {
    pub fn new(reserved_end: usize) -> CardTable {
        CardTable {
            bytes: zeroed_u8(reserved_end.div_ceil(CARD_SIZE)),
        }
    }
    #[inline(always)]
    pub fn card_of(addr: usize) -> usize {
        addr >> CARD_SHIFT
    }
    #[inline(always)]
    pub fn start_of(card: usize) -> usize {
        card << CARD_SHIFT
    }
    #[inline(always)]
    pub fn is_dirty(&self, card: usize) -> bool {
        self.bytes[card].load(Ordering::Relaxed) == DIRTY
    }
    #[inline(always)]
    pub fn dirty(&self, card: usize) {
        self.bytes[card].store(DIRTY, Ordering::Relaxed);
    }
    /// Cleans `card` before it is scanned; the fence orders the clean before the scan's reads,
    /// so a mutator store after our read dirties (and logs) the card again.
    pub fn clean(&self, card: usize) {
        self.bytes[card].store(CLEAN, Ordering::Relaxed);
        std::sync::atomic::fence(Ordering::SeqCst);
    }
    /// Cleans every card of `[from, to)`.
    pub fn clean_range(&self, from: usize, to: usize) {
        for c in Self::card_of(from)..Self::card_of(to + CARD_SIZE - 1) {
            self.bytes[c].store(CLEAN, Ordering::Relaxed);
        }
    }
}

/// The block offset table: per card, an object start at or before the card's first byte.
pub struct Bot {
    starts: Box<[AtomicU32]>,
}

impl Bot {
    pub fn new(reserved_end: usize) -> Bot {
        Bot {
            starts: zeroed_u32(reserved_end.div_ceil(CARD_SIZE)),
        }
    }

    /// Records an object (or filler) placed at `[start, start + size)`: every card whose first
    /// byte it covers now starts parsing at it.
    #[inline]
    pub fn record(&self, start: usize, size: usize) {
        let first = CardTable::card_of(start + CARD_SIZE - 1);
        let last = CardTable::card_of(start + size - 1);
        for c in first..=last {
            self.starts[c].store((start >> 3) as u32, Ordering::Relaxed);
        }
    }

    /// Starts loading `card`'s entry (a card scan about to parse it).
    #[inline]
    pub fn prefetch(&self, card: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults and has no architectural effect.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.starts.as_ptr().wrapping_add(card) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = card;
    }

    /// Where to start parsing for `card`: the recorded start, or `bottom` when there is none in
    /// the region (the card's first byte starts an object, or nothing was recorded).
    #[inline]
    pub fn parse_start(&self, card: usize, bottom: usize) -> usize {
        let at = (self.starts[card].load(Ordering::Relaxed) as usize) << 3;
        let card_start = CardTable::start_of(card);
        if at >= bottom && at <= card_start {
            at
        } else {
            bottom
        }
    }
}

/// Per card: did the last full look at it find a pointer into a young region? The young
/// regions' remembered sets go stale fast — a splay tree rotates old nodes away from the young
/// ones it just linked in — and every pause scans all of them (all young regions are in every
/// collection set). A card enters a young region's set only with its flag set: *unchecked*
/// when a pause remembers it for a survivor (`note_unchecked`), *checked* when refinement,
/// which cleans a card and then reads all of it, finds a young pointer on it (`note_checked`);
/// refinement clears the flag when nothing on the card points into a young region any more
/// (`forget`). A pause skips the cards of young sets whose flag is clear: a store that puts a
/// young pointer back on the card dirties it again (the target is tracked), so it is either
/// refined again — setting the flag — or still dirty, and then scanned as a dirty card.
///
/// A pointer can also go stale without dirtying the card: overwritten by a pointer into an
/// untracked old region (a splay rotation relinking a young node under another old parent).
/// So the barrier dirties an *unchecked* card on such a store too (`wants_recheck`), once:
/// refinement then checks it, and later stores on it take the cheap way. Dirtying every
/// flagged card on every such store caught more but doubled concurrent refinement (a card
/// that still points into young stays flagged) and cost SplayTree 15% of its run time. A
/// null store, or one within the card's own region, never reaches the barrier outside
/// marking: such a stale card costs a scan, as before.
pub struct YoungCards {
    flags: Box<[AtomicU8]>,
}

const FORGOTTEN: u8 = 0;
const UNCHECKED: u8 = 1;
const CHECKED: u8 = 2;

impl YoungCards {
    pub fn new(reserved_end: usize) -> YoungCards {
        YoungCards {
            flags: zeroed_u8(reserved_end.div_ceil(CARD_SIZE)),
        }
    }
    /// A pause remembered `card` for a young (survivor) region.
    #[inline]
    pub fn note_unchecked(&self, card: usize) {
        self.flags[card].store(UNCHECKED, Ordering::Relaxed);
    }
    /// Refinement read all of `card` and found a slot pointing into a young region.
    #[inline]
    pub fn note_checked(&self, card: usize) {
        self.flags[card].store(CHECKED, Ordering::Relaxed);
    }
    /// A full read of `card` found no slot pointing into a young region.
    #[inline]
    pub fn forget(&self, card: usize) {
        self.flags[card].store(FORGOTTEN, Ordering::Relaxed);
    }
    /// Must a pause that finds `card` in a young region's set scan it?
    #[inline]
    pub fn may_point_into_young(&self, card: usize) -> bool {
        self.flags[card].load(Ordering::Relaxed) != FORGOTTEN
    }
    /// Should a store that the barrier would otherwise leave alone dirty `card`, so that
    /// refinement checks whether its young pointer is still there?
    #[inline]
    pub fn wants_recheck(&self, card: usize) -> bool {
        self.flags[card].load(Ordering::Relaxed) == UNCHECKED
    }
}

/// A card refined this many times between two pauses is hot (G1ConcRSHotCardLimit).
pub const HOT_CARD_LIMIT: u32 = 4;
/// At most this many hot cards wait for the next pause (G1ConcRSLogCacheSize = 10).
pub const HOT_CARDS_MAX: usize = 1024;

/// G1's hot card cache: a card the mutators keep re-dirtying (the top of a tree, a queue's
/// head) would be refined over and over between two pauses. Once refined `HOT_CARD_LIMIT`
/// times since the last pause, concurrent refinement *defers* it instead: the card stays dirty
/// (so the barrier does not log it again) and is scanned once, by the next pause.
/// Counts are per card and per epoch (a pause starts a new one), so nothing is cleared.
pub struct HotCards {
    /// Per card: `epoch << 8 | refinements` (saturating at 255).
    counts: Box<[AtomicU32]>,
    epoch: AtomicU32,
    deferred: Mutex<Vec<u32>>,
}

impl HotCards {
    pub fn new(reserved_end: usize) -> HotCards {
        HotCards {
            counts: zeroed_u32(reserved_end.div_ceil(CARD_SIZE)),
            epoch: AtomicU32::new(1),
            deferred: Mutex::new(Vec::new()),
        }
    }

    /// Concurrent refinement is about to refine `card`: counts it, and defers it (true: leave
    /// it dirty, do not refine now) when it is hot and the cache has room.
    pub fn defer_if_hot(&self, card: usize) -> bool {
        let epoch = self.epoch.load(Ordering::Relaxed) & 0x00ff_ffff;
        let word = self.counts[card].load(Ordering::Relaxed);
        let n = if word >> 8 == epoch {
            (word & 0xff) + 1
        } else {
            1
        };
        self.counts[card].store(epoch << 8 | n.min(255), Ordering::Relaxed);
        if n <= HOT_CARD_LIMIT {
            return false;
        }
        let mut deferred = self.deferred.lock();
        if deferred.len() >= HOT_CARDS_MAX {
            return false;
        }
        deferred.push(card as u32);
        true
    }

    /// At a pause's start: the deferred cards (for the pause to scan), and a new epoch.
    pub fn take(&self) -> Vec<u32> {
        self.epoch.fetch_add(1, Ordering::Relaxed);
        std::mem::take(&mut *self.deferred.lock())
    }
}

/// Up to this many cards from one source region are kept as a list (sparse level).
pub const SPARSE_MAX: usize = 16;
/// Beyond this many source regions with a card bitmap, further sources of a set are remembered
/// coarsely (bounds a set's memory at `MAX_FINE_SOURCES` bitmaps).
pub const MAX_FINE_SOURCES: usize = 256;

/// One region's remembered set: where pointers into it may be.
#[derive(Debug)]
pub struct RemSet {
    sources: HashMap<u32, Source, BuildRegionHasher>,
    fine_sources: usize,
}

impl Default for RemSet {
    fn default() -> RemSet {
        RemSet {
            sources: HashMap::with_hasher(BuildRegionHasher),
            fine_sources: 0,
        }
    }
}

/// What a set remembers of one source region: G1's three levels.
#[derive(Debug)]
enum Source {
    /// A few cards (at most `SPARSE_MAX`), unsorted, no duplicates.
    Sparse(Vec<u32>),
    /// A bit per card of the source region, from its first card.
    Fine { first: u32, bits: Box<[u64]> },
    /// Scan all of the source region.
    Coarse,
}

/// Where the cards of regions are, for the fine level's bitmaps.
#[derive(Clone, Copy, Debug)]
pub struct CardLayout {
    /// Card index of region 0's first byte.
    pub first_card: u32,
    pub cards_per_region: u32,
}

impl CardLayout {
    pub fn new(geometry: &Geometry) -> CardLayout {
        CardLayout {
            first_card: CardTable::card_of(geometry.base) as u32,
            cards_per_region: (geometry.size / CARD_SIZE) as u32,
        }
    }
    fn first_card_of(&self, source: u32) -> u32 {
        self.first_card + source * self.cards_per_region
    }
}

impl RemSet {
    /// Remembers `card` (in region `source`).
    pub fn add(&mut self, layout: CardLayout, source: u32, card: u32) {
        let at_fine_limit = self.fine_sources >= MAX_FINE_SOURCES;
        let entry = self
            .sources
            .entry(source)
            .or_insert_with(|| Source::Sparse(Vec::new()));
        match entry {
            Source::Sparse(cards) => {
                if cards.contains(&card) {
                    return;
                }
                if cards.len() < SPARSE_MAX {
                    cards.push(card);
                    return;
                }
                if at_fine_limit {
                    *entry = Source::Coarse;
                    return;
                }
                let first = layout.first_card_of(source);
                let mut bits =
                    vec![0u64; (layout.cards_per_region as usize).div_ceil(64)].into_boxed_slice();
                for &c in cards.iter().chain(std::iter::once(&card)) {
                    let k = (c - first) as usize;
                    bits[k / 64] |= 1 << (k % 64);
                }
                *entry = Source::Fine { first, bits };
                self.fine_sources += 1;
            }
            Source::Fine { first, bits } => {
                let k = (card - *first) as usize;
                bits[k / 64] |= 1 << (k % 64);
            }
            Source::Coarse => {}
        }
    }

    pub fn is_empty(&self) -> bool {
        self.sources.is_empty()
    }

    pub fn clear(&mut self) {
        self.sources.clear();
        self.fine_sources = 0;
    }

    /// Forgets everything remembered from region `source` (it was freed).
    pub fn forget_source(&mut self, source: u32) {
        if let Some(Source::Fine { .. }) = self.sources.remove(&source) {
            self.fine_sources -= 1;
        }
    }

    /// Does the set cover `card` of region `source`?
    pub fn covers(&self, source: u32, card: u32) -> bool {
        match self.sources.get(&source) {
            Some(Source::Sparse(cards)) => cards.contains(&card),
            Some(Source::Fine { first, bits }) => {
                let k = card.wrapping_sub(*first) as usize;
                k < bits.len() * 64 && bits[k / 64] & (1 << (k % 64)) != 0
            }
            Some(Source::Coarse) => true,
            None => false,
        }
    }

    /// Entries: (card entries, coarse source regions).
    pub fn size(&self) -> (usize, usize) {
        let mut cards = 0;
        let mut coarse = 0;
        for s in self.sources.values() {
            match s {
                Source::Sparse(c) => cards += c.len(),
                Source::Fine { bits, .. } => {
                    cards += bits.iter().map(|w| w.count_ones() as usize).sum::<usize>()
                }
                Source::Coarse => coarse += 1,
            }
        }
        (cards, coarse)
    }

    /// Every card this set names, coarse sources expanded to their cards in `[bottom, top)`
    /// as `region_extent` gives them.
    pub fn cards(&self, region_extent: impl Fn(u32) -> (usize, usize), out: &mut Vec<u32>) {
        for (&source, s) in &self.sources {
            match s {
                Source::Sparse(cards) => out.extend(cards.iter().copied()),
                Source::Fine { first, bits } => {
                    for (w, &word) in bits.iter().enumerate() {
                        let mut word = word;
                        while word != 0 {
                            let b = word.trailing_zeros();
                            out.push(first + (w * 64) as u32 + b);
                            word &= word - 1;
                        }
                    }
                }
                Source::Coarse => {
                    let (bottom, top) = region_extent(source);
                    if top > bottom {
                        let first = CardTable::card_of(bottom);
                        let last = CardTable::card_of(top - 1);
                        out.extend((first..=last).map(|c| c as u32));
                    }
                }
            }
        }
    }
}

/// Region indices are small dense integers: a multiplicative hash is as good as SipHash for
/// them and much cheaper on the refinement path (every remembered card looks its source up).
#[derive(Clone, Copy, Debug, Default)]
pub struct BuildRegionHasher;

#[derive(Default)]
pub struct RegionHasher(u64);

impl std::hash::BuildHasher for BuildRegionHasher {
    type Hasher = RegionHasher;
    fn build_hasher(&self) -> RegionHasher {
        RegionHasher(0)
    }
}

impl std::hash::Hasher for RegionHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = (n as u64 ^ self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// What the barrier of every mutator shares with the collector.
pub struct BarrierShared {
    pub geometry: Geometry,
    pub attrs: Arc<Attrs>,
    pub cards: Arc<CardTable>,
    pub young_cards: Arc<YoungCards>,
}

/// The per-thread barrier: G1's post-write card marking and pre-write snapshot (SATB).
pub struct RegionBarrier {
    pub shared: Arc<BarrierShared>,
    pub dirty: LocalQueue,
    pub satb: LocalQueue,
}

impl Barrier for RegionBarrier {
    /// Snapshot-at-the-beginning: while marking, log the overwritten reference if it is a
    /// tenured object (young objects are implicitly live during marking).
    #[inline]
    fn pre_write(&mut self, _holder: Ref, _slot: usize, old: Ref) {
        let s = &*self.shared;
        if !old.is_null()
            && s.attrs.satb_active()
            && s.attrs
                .role_of(s.geometry.index_of(old.offset()))
                .is_tenured()
        {
            self.satb.push(old.raw());
        }
    }

    /// Card marking: a cross-region reference into a tracked region, stored into a non-young
    /// region, dirties and logs the slot's card. A store into an untracked old region's
    /// direction is left alone: nobody keeps a set for it (SplayTree's splaying rewrites
    /// old-to-old links on every operation; each cost a fence, and a card for refinement or
    /// the next pause to scan). A region only becomes tracked in a remark pause, and a
    /// pointer stored before that is found by the rebuild of its set (marking.rs).
    ///
    /// The exception: a store into an untracked region's direction on a card a pause
    /// remembered for a survivor and refinement has not checked since dirties it once
    /// (`YoungCards`).
    #[inline]
    fn post_write(&mut self, _holder: Ref, slot: usize, new: Ref) {
        let s = &*self.shared;
        if new.is_null() {
            return;
        }
        let from = s.geometry.index_of(slot);
        let to = s.geometry.index_of(new.offset());
        if from == to || s.attrs.role_of(from).is_young() {
            return;
        }
        let card = CardTable::card_of(slot);
        if !s.attrs.is_tracked(to) && !s.young_cards.wants_recheck(card) {
            return;
        }
        // StoreLoad, as G1's post barrier has: the store above must be visible before we read
        // the card. Refinement cleans a card, fences, then scans it; without this fence a
        // mutator could read the card's old "dirty" (and not log it) while its store is still
        // in flight past the scan, losing the remembered-set entry.
        std::sync::atomic::fence(Ordering::SeqCst);
        if !s.cards.is_dirty(card) {
            s.cards.dirty(card);
            self.dirty.push(card as u32);
        }
    }

    fn flush(&mut self) {
        self.dirty.flush();
        self.satb.flush();
    }

    fn as_any(&mut self) -> &mut dyn Any {
        self
    }
}

/// Card scanning, shared by refinement, pause-time card scans and verification: calls
/// `visit(slot)` for every reference slot on `card` of an object in `[bottom, top)` of a
/// tenured region. `object_start` is where parsing begins (see `Bot`).
#[inline(always)]
pub fn for_each_slot_on_card(
    memory: &HeapMemory,
    types: &TypeRegistry,
    card: usize,
    object_start: usize,
    top: usize,
    visit: impl FnMut(usize),
) {
    let card_start = CardTable::start_of(card);
    for_each_slot_in(
        memory,
        types,
        card_start,
        card_start + CARD_SIZE,
        object_start,
        top,
        visit,
    );
}

/// `for_each_slot_on_card` for any range `[from, to)` of a tenured region (the rebuild scans
/// a region a chunk of cards at a time): every reference slot in the range of an object below
/// `top`, parsing from `object_start` (an object start at or before `from`).
#[inline(always)]
pub fn for_each_slot_in(
    memory: &HeapMemory,
    types: &TypeRegistry,
    from: usize,
    to: usize,
    object_start: usize,
    top: usize,
    mut visit: impl FnMut(usize),
) {
    let end = to.min(top);
    let mut at = object_start;
    while at < end {
        let obj = Ref::from_offset(at);
        // One type lookup per object: its size and its reference slots come from the same
        // shape (a card holds a dozen small objects, and the lookup was most of their cost).
        let size = match &types.info(memory.type_id(obj)).shape {
            Shape::Instance { size, ref_offsets } => {
                let size = *size as usize;
                if at + size > from {
                    let inside = at >= from && at + size <= end;
                    for &o in ref_offsets.iter() {
                        let slot = at + o as usize;
                        if inside || (slot >= from && slot < end) {
                            visit(slot);
                        }
                    }
                }
                size
            }
            Shape::Array { elem } => {
                let len = memory.array_length(obj) as usize;
                let size = array_size(*elem, len);
                if *elem == ElemKind::Ref && at + size > from {
                    // Only the elements in the range: a humongous array spans thousands of cards.
                    let first = at + ARRAY_BASE;
                    let elems_end = first + 4 * len;
                    let mut slot = from.max(first);
                    while slot < end.min(elems_end) {
                        visit(slot);
                        slot += 4;
                    }
                }
                size
            }
            Shape::Filler => filler_size(memory.array_length(obj) as usize),
        };
        at += size;
    }
}

/// Every region's remembered set.
pub struct RemSets {
    sets: Vec<Mutex<RemSet>>,
    layout: CardLayout,
}

impl RemSets {
    pub fn new(geometry: &Geometry) -> RemSets {
        RemSets {
            sets: (0..geometry.count)
                .map(|_| Mutex::new(RemSet::default()))
                .collect(),
            layout: CardLayout::new(geometry),
        }
    }
    pub fn of(&self, region: usize) -> parking_lot::MutexGuard<'_, RemSet> {
        self.sets[region].lock()
    }
    pub fn layout(&self) -> CardLayout {
        self.layout
    }
    /// Empties region `i`'s set (freed, or no longer tracked).
    pub fn clear(&self, i: usize) {
        self.sets[i].lock().clear();
    }
    /// Adds `card` (of region `source`) to the set of region `target`.
    pub fn add(&self, target: usize, source: usize, card: usize) {
        self.sets[target]
            .lock()
            .add(self.layout, source as u32, card as u32);
    }
}

/// Is a region of this role scanned for cards (it may hold pointers worth remembering)?
pub fn scanned_for_cards(role: Role) -> bool {
    role.is_tenured()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 64 regions of 64 KiB (128 cards each) from offset 4096.
    fn layout() -> CardLayout {
        CardLayout::new(&Geometry::new(4096, 64 * 1024, 64 * 64 * 1024))
    }

    fn card_of_region(source: u32, k: u32) -> u32 {
        let l = layout();
        l.first_card + source * l.cards_per_region + k
    }

    fn named_cards(set: &RemSet) -> Vec<u32> {
        let mut out = Vec::new();
        set.cards(|_| (0, 0), &mut out);
        out.sort_unstable();
        out
    }

    #[test]
    fn a_few_cards_from_a_source_are_remembered_exactly() {
        let mut set = RemSet::default();
        for k in [3, 9, 3, 40] {
            set.add(layout(), 5, card_of_region(5, k));
        }
        assert_eq!(
            named_cards(&set),
            vec![
                card_of_region(5, 3),
                card_of_region(5, 9),
                card_of_region(5, 40)
            ]
        );
        assert_eq!(set.size(), (3, 0));
        assert!(!set.covers(5, card_of_region(5, 4)));
    }

    #[test]
    fn many_cards_from_a_source_become_a_bitmap_that_still_names_each_card() {
        let mut set = RemSet::default();
        let cards: Vec<u32> = (0..100).map(|k| card_of_region(7, k)).collect();
        for &c in &cards {
            set.add(layout(), 7, c);
        }
        assert_eq!(named_cards(&set), cards);
        assert_eq!(set.size(), (100, 0), "no source went coarse");
        assert!(set.covers(7, card_of_region(7, 99)));
        assert!(!set.covers(7, card_of_region(7, 100)));
    }

    #[test]
    fn sources_beyond_the_bitmap_limit_are_remembered_coarsely() {
        let regions = MAX_FINE_SOURCES + 2;
        let layout = CardLayout::new(&Geometry::new(4096, 64 * 1024, regions * 64 * 1024));
        let mut set = RemSet::default();
        for source in 0..=MAX_FINE_SOURCES as u32 {
            let first = layout.first_card + source * layout.cards_per_region;
            for k in 0..=SPARSE_MAX as u32 {
                set.add(layout, source, first + k);
            }
        }
        assert_eq!(set.size().1, 1, "the one source past the limit is coarse");
        set.forget_source(MAX_FINE_SOURCES as u32);
        assert_eq!(set.size(), (MAX_FINE_SOURCES * (SPARSE_MAX + 1), 0));
    }

    #[test]
    fn a_card_refined_past_the_hot_limit_between_pauses_is_deferred_to_the_pause() {
        let hot = HotCards::new(1 << 20);
        for _ in 0..HOT_CARD_LIMIT {
            assert!(!hot.defer_if_hot(42), "not hot yet");
        }
        assert!(hot.defer_if_hot(42), "hot now: left dirty for the pause");
        assert_eq!(hot.take(), vec![42]);
        assert!(!hot.defer_if_hot(42), "a pause starts counting afresh");
    }

    #[test]
    fn the_hot_card_cache_is_bounded() {
        let hot = HotCards::new(1 << 24);
        for card in 0..HOT_CARDS_MAX + 10 {
            for _ in 0..HOT_CARD_LIMIT {
                hot.defer_if_hot(card);
            }
            hot.defer_if_hot(card);
        }
        assert_eq!(hot.take().len(), HOT_CARDS_MAX);
    }
}
