//! The region collector's policy: young-generation size, tenuring threshold, when to start
//! marking, how many old regions a mixed collection takes — all driven by a cost model
//! learned from earlier pauses (G1Policy and G1Analytics, much simplified).
//!
//! **The cost model.** Every evacuation pause is timed in three parts: scanning remembered-set
//! cards, copying (evacuating and scanning live objects), and everything else. From them the
//! policy keeps decaying averages of the *cost per card*, the *cost per copied byte* and the
//! *fixed cost*, plus the young *survival rate* (bytes copied per byte of eden collected). A
//! pause is predicted as
//!
//! ```text
//!   fixed + cards × cost_per_card + (eden bytes × survival + old live bytes) × cost_per_byte
//! ```
//!
//! **Young size.** The goal bounds the eden from above: it is at most the largest number of
//! regions whose predicted pause fits the pause goal, between 5% and 60% of the heap
//! (G1NewSizePercent, G1MaxNewSizePercent) — down to a single region when even 5% is predicted
//! to miss the goal — and never more than the free regions minus a 10% reserve
//! (G1ReservePercent) kept for survivors and promotion. Within that bound the eden is the
//! *smallest* whose pause spends at most a tenth of itself on fixed costs — what one more
//! region would not add to: safepoint work, roots, set-up, and the cards once all of them are
//! predicted (below) — for a larger eden only spreads those over more allocation, while each
//! pause copies more (G1 instead aims near its goal; with G1's long default goal and gcvm's
//! slower copying that gave few pauses of tens of milliseconds). So a program whose young
//! objects mostly die gets a large eden (little is copied per region, and the fixed cost
//! dominates a small one), and one whose young objects mostly survive gets a small one (every
//! region costs its copying whatever the eden). The cards a pause scans are predicted in
//! proportion to the eden (stores into old objects keep pace with allocation), up to every
//! card of the tenured regions (a program that dirties all its old cards between any two pauses
//! scans them all, whatever the eden). The first eden is 5% of the heap, and the target at most
//! doubles from one pause to the next, as G1's cautious early predictions make its young
//! generation grow.
//!
//! **Less than a region.** G1's eden is never below one region. When even one region is
//! predicted to miss the goal — a short goal, an interpreter's slow card scanning and a program
//! that links every new object into an old structure (SplayTree: ~10,000 remembered cards per
//! megabyte of eden) — gcvm's eden may end inside its only region: the policy picks the largest
//! `young_bytes`, in sixteenths of a region down to `MIN_EDEN_SIXTEENTHS`, whose pause fits,
//! and allocation stops there (the rest of the region is freed with it at the pause). A
//! student sees the trade: more, shorter pauses.
//!
//! **Mixed collections.** After a marking cycle the old regions whose live bytes are below 85%
//! of a region (G1MixedGCLiveThresholdPercent) become candidates, ranked as G1 ranks them: by
//! the garbage each gives back per predicted millisecond, its remembered set's cards included
//! (`rank_candidates`). While they last, the eden is sized so that the next pause fits the
//! goal with the first candidate in it (`reserve_for_mixed`, G1's
//! `calculate_desired_eden_length_before_mixed`): one old region of OldToYoung, which its
//! random links make the target of 5,000 remembered cards, used to add 3-5 ms to a young pause
//! already at the goal. Each mixed
//! collection adds candidates/8 of them (G1MixedGCCountTarget), fewer if the prediction would
//! miss the goal, at most 10% of the heap (G1OldCSetRegionThresholdPercent); G1 adds more while
//! its prediction fits the goal, gcvm does not, for the reason its eden is small. An old
//! region is predicted with its remembered set's cards (G1's "RS length"), not only its live
//! bytes: one that many others point into can cost more than the eden's whole pause.
//! Mixed collections stop when the candidates run out or what is left to reclaim is below 5% of
//! the heap (G1HeapWastePercent).
//!
//! **Tenuring threshold.** As HotSpot: the age at which the survivors of that age and younger
//! would fill more than half the survivor space (TargetSurvivorRatio = 50), at most 15.
//!
//! **A fixed young generation (-Xmn).** As in G1, `-Xmn` (`--young-size`) fixes the young
//! generation instead: the eden is the young size less a ninth for survivors (SurvivorRatio 8:
//! at most an eighth of the eden), in whole regions, whatever the goal predicts — still at
//! most the free regions less the reserve, so that the copies fit. The pause goal then only
//! bounds mixed collections' old regions. Useful to compare with a HotSpot run at the same
//! -Xmn, or to run a program with no collection at all (a barrier's cost alone).
//!
//! **Marking start (IHOP).** A marking cycle starts at the next young collection once old and
//! humongous regions hold more than 45% of the heap (InitiatingHeapOccupancyPercent).

use crate::object::gcword::MAX_AGE;
use std::time::Duration;

pub const DEFAULT_PAUSE_GOAL: Duration = Duration::from_millis(200);
pub const MIN_YOUNG_PERCENT: usize = 5;
pub const MAX_YOUNG_PERCENT: usize = 60;
pub const RESERVE_PERCENT: usize = 10;
pub const MIXED_LIVE_THRESHOLD_PERCENT: usize = 85;
pub const MIXED_COUNT_TARGET: usize = 8;
pub const OLD_CSET_MAX_PERCENT: usize = 10;
pub const HEAP_WASTE_PERCENT: usize = 5;
pub const TARGET_SURVIVOR_RATIO: usize = 50;
pub const SURVIVOR_RATIO: usize = 8;
pub const IHOP_PERCENT: usize = 45;
/// What the expected copies are multiplied by, for the spread of the survival prediction (and
/// the PLABs' waste, where regions are counted).
pub const COPY_MARGIN: f64 = 1.25;
/// How much the eden target may grow from one pause to the next.
pub const MAX_YOUNG_GROWTH: usize = 2;
/// The eden grows until a pause's fixed cost is at most this share of it.
pub const FIXED_COST_SHARE: f64 = 0.1;
/// Share of the pause (the goal, or the predicted pause if shorter) left for scanning the
/// dirty cards refinement did not get to (G1RSetUpdatingPauseTimePercent).
pub const RS_UPDATE_PAUSE_PERCENT: f64 = 10.0;
/// Bounds of the refinement threshold, in queued dirty cards: 4 buffers (eager, for short
/// goals) to 128 buffers (512 KB of queues).
pub const MIN_REFINE_THRESHOLD_CARDS: usize = 4 * 256;
pub const MAX_REFINE_THRESHOLD_CARDS: usize = 128 * 256;
/// The smallest eden, in sixteenths of a region, when even one region misses the goal.
pub const MIN_EDEN_SIXTEENTHS: usize = 2;
/// Weight of a new sample in the decaying averages.
const ALPHA: f64 = 0.3;

/// The eden regions of a fixed young generation of `young` regions: what is left after the
/// survivor space, a ninth of the young generation (an eighth of the eden, SurvivorRatio), at
/// least one region each.
pub fn fixed_eden_regions(young: usize) -> usize {
    let survivors = (young / (SURVIVOR_RATIO + 1)).max(1);
    young.saturating_sub(survivors).max(1)
}

/// A decaying average with a safety margin (G1's TruncatedSeq + "predict with sigma").
#[derive(Clone, Copy, Debug)]
pub struct Avg {
    value: f64,
    variance: f64,
    samples: u32,
}

impl Avg {
    pub const fn new(initial: f64) -> Avg {
        Avg {
            value: initial,
            variance: 0.0,
            samples: 0,
        }
    }
    pub fn add(&mut self, sample: f64) {
        if self.samples == 0 {
            self.value = sample;
        } else {
            let diff = sample - self.value;
            self.value += ALPHA * diff;
            self.variance = (1.0 - ALPHA) * (self.variance + ALPHA * diff * diff);
        }
        self.samples += 1;
    }
    /// The average plus one standard deviation (a conservative prediction).
    pub fn predict(&self) -> f64 {
        self.value + self.variance.sqrt()
    }
    pub fn samples(&self) -> u32 {
        self.samples
    }
}

/// What one evacuation pause measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct PauseSample {
    pub cards: usize,
    pub card_time: Duration,
    pub copied_bytes: usize,
    pub copy_time: Duration,
    pub total: Duration,
    pub eden_bytes: usize,
    pub young_copied_bytes: usize,
}

#[derive(Clone, Debug)]
pub struct Policy {
    pub pause_goal_ms: f64,
    pub region_size: usize,
    cost_per_card_ms: Avg,
    cost_per_byte_ms: Avg,
    fixed_ms: Avg,
    survival: Avg,
    /// Cards a pause scans per byte of eden the mutators allocated since the last one: stores
    /// into old objects keep pace with allocation, up to every card of the old generation.
    cards_per_byte: Avg,
    /// Cards of the tenured regions (old and humongous): the most a pause can have to scan.
    tenured_cards: usize,
    /// The eden bytes the mutators may allocate before the next young collection: whole
    /// regions (`young_target`), or less than the one region when even that is predicted to
    /// miss the goal (see the module comment).
    pub young_bytes: usize,
    pub tenuring_threshold: u64,
    /// Old regions still to collect in mixed collections, most garbage first, with live bytes.
    pub candidates: Vec<(usize, usize)>,
    /// Candidates when the marking cycle chose them (for the per-collection minimum).
    pub initial_candidates: usize,
    /// While mixed collections are due: the predicted cost of the next one's first old
    /// region, which the eden leaves room for within the goal (G1's
    /// `calculate_desired_eden_length_before_mixed`).
    pub mixed_reserve_ms: f64,
    /// -Xmn in regions: the young generation's fixed size (None: chosen by the cost model).
    pub fixed_young_regions: Option<usize>,
}

impl Policy {
    pub fn new(pause_goal: Duration, region_size: usize, committed: usize) -> Policy {
        Policy {
            pause_goal_ms: pause_goal.as_secs_f64() * 1e3,
            region_size,
            // Priors before any pause, on the slow side of what gcvm measures (object-heavy
            // young generations copy at ~150-250 MB/s on two loaded cores): 2 µs per card,
            // 1 ms per 256 KB copied, 0.5 ms fixed, and everything survives — so the first
            // eden is small enough to copy whole and within the goal.
            cost_per_card_ms: Avg::new(0.002),
            cost_per_byte_ms: Avg::new(1.0 / (256 << 10) as f64),
            fixed_ms: Avg::new(0.5),
            survival: Avg::new(1.0),
            cards_per_byte: Avg::new(0.0),
            tenured_cards: 0,
            young_bytes: (committed * MIN_YOUNG_PERCENT / 100).max(1) * region_size,
            tenuring_threshold: MAX_AGE,
            candidates: Vec::new(),
            initial_candidates: 0,
            mixed_reserve_ms: 0.0,
            fixed_young_regions: None,
        }
    }

    /// The predicted cost of evacuating an old region with `live` bytes and `cards` in its
    /// remembered set (G1's "RS length").
    pub fn old_region_ms(&self, live: usize, cards: usize) -> f64 {
        cards as f64 * self.cost_per_card_ms.predict()
            + live as f64 * self.cost_per_byte_ms.predict()
    }

    /// Leaves room in the next pause for `first`, the first old region (live bytes, remembered
    /// cards) of the next mixed collection, or none.
    pub fn reserve_for_mixed(&mut self, first: Option<(usize, usize)>) {
        self.mixed_reserve_ms = first.map_or(0.0, |(live, cards)| self.old_region_ms(live, cards));
    }

    /// The part of the goal the eden may fill: all of it, less what the next mixed
    /// collection's first old region is predicted to take.
    fn young_goal_ms(&self) -> f64 {
        (self.pause_goal_ms - self.mixed_reserve_ms).max(0.0)
    }

    /// Orders the candidates as G1 does, by efficiency: the garbage a region gives back per
    /// millisecond its evacuation is predicted to take, its remembered set included
    /// (`cards(region)`). A region that many others point into comes last, and the last ones
    /// are dropped when what they would reclaim is not worth it (`mixed_worthwhile`).
    pub fn rank_candidates(&mut self, cards: impl Fn(usize) -> usize) {
        let size = self.region_size;
        let mut ranked: Vec<(f64, (usize, usize))> = self
            .candidates
            .iter()
            .map(|&(region, live)| {
                let cost = self.old_region_ms(live, cards(region)).max(1e-6);
                ((size - live.min(size)) as f64 / cost, (region, live))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        self.candidates = ranked.into_iter().map(|(_, c)| c).collect();
    }

    /// The predicted pause for `eden_bytes` of eden, `cards` to scan and `old_live` bytes of
    /// old regions to evacuate.
    pub fn predict_ms(&self, eden_bytes: usize, cards: usize, old_live: usize) -> f64 {
        let young_bytes = eden_bytes as f64 * self.survival.predict();
        self.fixed_ms.predict()
            + cards as f64 * self.cost_per_card_ms.predict()
            + (young_bytes + old_live as f64) * self.cost_per_byte_ms.predict()
    }

    /// The predicted young pause after `eden_regions` of eden.
    pub fn predict_young_ms(&self, eden_regions: usize, pending: usize) -> f64 {
        self.predict_young_bytes_ms(eden_regions * self.region_size, pending)
    }

    /// The predicted young pause after `eden_bytes` of eden: its cards are those already
    /// `pending` or, if more, what that much allocation dirtied before — but never more than the
    /// tenured regions have.
    pub fn predict_young_bytes_ms(&self, eden_bytes: usize, pending: usize) -> f64 {
        let dirtied = eden_bytes as f64 * self.cards_per_byte.predict();
        let cards = (dirtied as usize).min(self.tenured_cards).max(pending);
        self.predict_ms(eden_bytes, cards, 0)
    }

    /// Learns from a finished evacuation pause.
    pub fn record(&mut self, s: &PauseSample) {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        if s.cards > 0 {
            self.cost_per_card_ms.add(ms(s.card_time) / s.cards as f64);
        }
        if s.copied_bytes > 4096 {
            self.cost_per_byte_ms
                .add(ms(s.copy_time) / s.copied_bytes as f64);
        }
        self.fixed_ms
            .add((ms(s.total) - ms(s.card_time) - ms(s.copy_time)).max(0.0));
        if s.eden_bytes > 0 {
            self.survival
                .add((s.young_copied_bytes as f64 / s.eden_bytes as f64).min(1.0));
        }
        if s.eden_bytes >= self.young_bytes.min(self.region_size) / 2 {
            self.cards_per_byte
                .add(s.cards as f64 / s.eden_bytes as f64);
        }
    }

    /// Chooses the eden size for the next young collection: the smallest that amortises a
    /// pause's fixed cost (see the module comment), at most twice the last one, and never more
    /// than the most regions whose predicted pause fits the goal, within the young bounds and
    /// the free regions left.
    /// `cards` are pending already; `tenured` is the bytes of old and humongous regions.
    pub fn choose_young_target(
        &mut self,
        committed: usize,
        free: usize,
        cards: usize,
        tenured: usize,
    ) {
        self.tenured_cards = tenured / super::remset::CARD_SIZE;
        if let Some(young) = self.fixed_young_regions {
            let reserve = (committed * RESERVE_PERCENT).div_ceil(100);
            let eden = fixed_eden_regions(young).min(free.saturating_sub(reserve));
            self.young_bytes = eden.max(1) * self.region_size;
            return;
        }
        let (min, by_goal) = self.young_bounds(committed, free, cards);
        let amortising = self.smallest_amortising_young(min, by_goal, cards);
        let growth_cap = self.young_target() * MAX_YOUNG_GROWTH;
        let target = amortising.min(growth_cap).min(by_goal).max(1);
        self.young_bytes = if target == 1 {
            self.eden_bytes_within_goal(cards)
        } else {
            target * self.region_size
        };
    }

    /// Eden regions the mutators may take before the next young collection (the last one
    /// perhaps only in part).
    pub fn young_target(&self) -> usize {
        self.young_bytes.div_ceil(self.region_size)
    }

    /// The largest eden of at most one region, in sixteenths of one, whose predicted pause
    /// fits the goal; `MIN_EDEN_SIXTEENTHS` if none does.
    fn eden_bytes_within_goal(&self, cards: usize) -> usize {
        let sixteenth = self.region_size / 16;
        (MIN_EDEN_SIXTEENTHS..=16)
            .rev()
            .map(|k| k * sixteenth)
            .find(|&bytes| self.predict_young_bytes_ms(bytes, cards) <= self.young_goal_ms())
            .unwrap_or(MIN_EDEN_SIXTEENTHS * sixteenth)
    }

    /// The least eden to consider (G1's 5% of the heap, or a single region when even that
    /// misses the goal) and the most whose predicted pause fits the goal, within G1's upper
    /// bound (60%) and what stays free for their copies.
    fn young_bounds(&self, committed: usize, free: usize, cards: usize) -> (usize, usize) {
        // G1's lower bound (5%) unless the goal cannot be met with it: gcvm copies more
        // slowly than HotSpot, so a short goal may need an eden of a single region.
        let g1_min = (committed * MIN_YOUNG_PERCENT / 100).max(1);
        let goal = self.young_goal_ms();
        let min = if self.predict_young_ms(g1_min, cards) <= goal {
            g1_min
        } else {
            1
        };
        let reserve = (committed * RESERVE_PERCENT).div_ceil(100);
        let max = (committed * MAX_YOUNG_PERCENT / 100)
            .min(free.saturating_sub(reserve))
            .max(min.min(free.max(1)));
        let mut target = min.min(max);
        let survival = self.survival_rate();
        for n in target..=max {
            // The copies of n eden regions must fit in what stays free.
            let copies = ((n as f64) * survival * COPY_MARGIN).ceil() as usize;
            if n + copies > free {
                break;
            }
            if self.predict_young_ms(n, cards) <= goal {
                target = n;
            } else {
                break;
            }
        }
        (min.min(target), target)
    }

    /// The smallest eden in `min..=max` whose predicted pause spends at most
    /// `FIXED_COST_SHARE` of itself on what a larger eden would not add to: the pause minus
    /// `n` times the cost of one more region (the fixed cost, and the cards once every tenured
    /// card is predicted); `max` if none does.
    fn smallest_amortising_young(&self, min: usize, max: usize, cards: usize) -> usize {
        let pause = |n: usize| self.predict_young_ms(n, cards);
        (min..=max)
            .find(|&n| {
                let this = pause(n);
                let marginal = pause(n + 1) - this;
                let fixed = this - n as f64 * marginal;
                fixed <= FIXED_COST_SHARE * this
            })
            .unwrap_or(max)
    }

    /// How many dirty cards the refinement thread lets queue up before it refines them: as
    /// many as the next pause can scan in `RS_UPDATE_PAUSE_PERCENT` of its length at the
    /// learned cost per card (G1's adaptive refinement zones). The length is the goal, or the
    /// pause predicted for the chosen eden if that is shorter: the eden is sized to amortise
    /// a pause's fixed cost, usually well within the goal, and a budget taken from a 200 ms
    /// goal left tens of thousands of cards to pauses of 10 ms. A long pause leaves cards to
    /// the pause — a card dirtied again and again is then refined once, not after every
    /// store — and a short one refines eagerly so the pause finds few.
    pub fn refinement_threshold_cards(&self) -> usize {
        let pause_ms = self
            .pause_goal_ms
            .min(self.predict_young_bytes_ms(self.young_bytes, 0));
        let budget_ms = pause_ms * RS_UPDATE_PAUSE_PERCENT / 100.0;
        let cards = budget_ms / self.cost_per_card_ms.predict().max(1e-6);
        (cards as usize).clamp(MIN_REFINE_THRESHOLD_CARDS, MAX_REFINE_THRESHOLD_CARDS)
    }

    /// The predicted share of the young bytes a collection copies, kept above 5% for room's
    /// sake (a run of pauses that copied nothing does not promise the next one will not).
    fn survival_rate(&self) -> f64 {
        self.survival.predict().clamp(0.05, 1.0)
    }

    /// Regions the next young collection is expected to copy into: the eden and survivors at
    /// the predicted survival rate, a quarter more for the PLABs' waste and the spread of the
    /// prediction, and one region each for the survivor and old copies begun.
    pub fn copy_regions_expected(&self) -> usize {
        let collected = self.young_bytes + self.max_survivor_regions() * self.region_size;
        (self.copies_expected(collected) as f64 / self.region_size as f64).ceil() as usize + 2
    }

    /// The bytes a young collection of `collected` bytes is expected to copy: at the predicted
    /// survival rate, a quarter more for the spread of the prediction.
    pub fn copies_expected(&self, collected: usize) -> usize {
        (collected as f64 * self.survival_rate() * COPY_MARGIN) as usize
    }

    /// The most survivor regions a young collection may fill before promoting the rest.
    pub fn max_survivor_regions(&self) -> usize {
        (self.young_target() / SURVIVOR_RATIO).max(1)
    }

    /// The survivor space the tenuring threshold aims to half-fill: `max_survivor_regions`,
    /// or, with an eden of less than a region, as much as the eden.
    fn survivor_space_bytes(&self) -> usize {
        if self.young_bytes < self.region_size {
            self.young_bytes
        } else {
            self.max_survivor_regions() * self.region_size
        }
    }

    /// Recomputes the tenuring threshold from the bytes that survived at each age.
    pub fn adapt_tenuring(&mut self, bytes_by_age: &[usize; 16]) {
        let desired = self.survivor_space_bytes() * TARGET_SURVIVOR_RATIO / 100;
        let mut total = 0;
        let mut threshold = MAX_AGE;
        for (age, &bytes) in bytes_by_age.iter().enumerate().skip(1) {
            total += bytes;
            if total > desired {
                threshold = age as u64;
                break;
            }
        }
        self.tenuring_threshold = threshold.clamp(1, MAX_AGE);
    }

    /// Chooses the old regions of the next mixed collection: `candidates / 8` of them
    /// (G1MixedGCCountTarget: the candidates spread over eight mixed collections), fewer if the
    /// prediction would miss the goal, at most 10% of the heap. G1 adds more while its
    /// prediction fits the goal; gcvm does not, for the same reason its eden is no larger than
    /// amortises a pause's fixed cost: every extra region lengthens the pause and shortens
    /// nothing but the number of mixed collections.
    ///
    /// An old region costs its live bytes to copy and its remembered set to scan
    /// (`remset_cards(region)`, as G1 predicts a region's "RS length"): a region that many
    /// others point into can cost more than the eden's whole pause. The first region is taken
    /// whatever it costs, so that mixed collections make progress.
    pub fn choose_old_regions(
        &mut self,
        eden_bytes: usize,
        cards: usize,
        committed: usize,
        remset_cards: impl Fn(usize) -> usize,
    ) -> Vec<usize> {
        let wanted = self.initial_candidates.div_ceil(MIXED_COUNT_TARGET).max(1);
        let max = (committed * OLD_CSET_MAX_PERCENT / 100).clamp(1, wanted);
        let mut chosen = Vec::new();
        let mut live = 0;
        let mut cards = cards;
        while let Some(&(region, region_live)) = self.candidates.first() {
            if chosen.len() >= max {
                break;
            }
            let region_cards = remset_cards(region);
            let predicted = self.predict_ms(eden_bytes, cards + region_cards, live + region_live);
            if !chosen.is_empty() && predicted > self.pause_goal_ms {
                break;
            }
            live += region_live;
            cards += region_cards;
            chosen.push(region);
            self.candidates.remove(0);
        }
        chosen
    }

    /// Are mixed collections still worth it (more than 5% of the heap reclaimable)?
    pub fn mixed_worthwhile(&self, committed: usize) -> bool {
        let reclaimable: usize = self
            .candidates
            .iter()
            .map(|&(_, live)| self.region_size - live.min(self.region_size))
            .sum();
        !self.candidates.is_empty()
            && reclaimable * 100 > HEAP_WASTE_PERCENT * committed * self.region_size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(goal_ms: u64) -> Policy {
        Policy::new(Duration::from_millis(goal_ms), 1 << 20, 64)
    }

    /// A young pause of a 1 MB-region heap: `eden` regions, `survived` of each copied, `cards`
    /// scanned, at 4 ms per copied MB, 1 µs per card and 0.3 ms of fixed cost.
    fn young_pause(eden: usize, survived: f64, cards: usize) -> PauseSample {
        young_pause_of_bytes(eden << 20, survived, cards)
    }

    /// `young_pause` after `eden_bytes` of eden.
    fn young_pause_of_bytes(eden_bytes: usize, survived: f64, cards: usize) -> PauseSample {
        let copied = (eden_bytes as f64 * survived) as usize;
        let copy_ms = copied as f64 / (1 << 20) as f64 * 4.0;
        let card_ms = cards as f64 * 0.001;
        PauseSample {
            cards,
            card_time: Duration::from_secs_f64(card_ms / 1e3),
            copied_bytes: copied,
            copy_time: Duration::from_secs_f64(copy_ms / 1e3),
            total: Duration::from_secs_f64((0.3 + card_ms + copy_ms) / 1e3),
            eden_bytes,
            young_copied_bytes: copied,
        }
    }

    /// Runs `pauses` identical pauses through the policy, choosing the eden after each one
    /// with 64 committed regions, 40 free and `tenured` MB of old regions.
    fn settle(
        p: &mut Policy,
        pauses: usize,
        survived: f64,
        cards_per_region: usize,
        tenured: usize,
    ) {
        for _ in 0..pauses {
            let eden = p.young_bytes;
            let cards = (eden * cards_per_region) >> 20;
            p.record(&young_pause_of_bytes(eden, survived, cards));
            p.choose_young_target(64, 40, 0, tenured << 20);
        }
    }

    #[test]
    fn a_fixed_young_generation_sets_the_eden_whatever_the_goal_predicts() {
        let mut p = policy(5);
        p.fixed_young_regions = Some(18);
        // 8,000 cards per region: the goal alone would keep the eden inside one region.
        settle(&mut p, 10, 0.5, 8_000, 8);
        assert_eq!(p.young_bytes, 16 << 20, "18 regions less 2 for survivors");
        assert_eq!(fixed_eden_regions(18), 16);
        assert_eq!(fixed_eden_regions(2), 1);
    }

    #[test]
    fn a_fixed_young_generation_takes_no_more_than_the_free_regions_less_the_reserve() {
        let mut p = policy(200);
        p.fixed_young_regions = Some(40);
        p.choose_young_target(64, 20, 0, 0);
        assert_eq!(p.young_target(), 20 - 7, "64 regions keep a reserve of 7");
        p.choose_young_target(64, 3, 0, 0);
        assert_eq!(p.young_target(), 1, "at least one region");
    }

    #[test]
    fn when_one_region_would_miss_the_goal_the_eden_ends_inside_it() {
        // 8,000 cards per region at 1 µs each: a whole region predicts over 8 ms.
        let mut p = policy(5);
        settle(&mut p, 10, 0.1, 8000, 40);
        assert_eq!(p.young_target(), 1);
        assert!(p.young_bytes < 1 << 20, "{}", p.young_bytes);
        assert!(p.predict_young_bytes_ms(p.young_bytes, 0) <= 5.0);
        let sixteenth = 1 << 16;
        assert!(
            p.predict_young_bytes_ms(p.young_bytes + sixteenth, 0) > 5.0,
            "the largest eden that fits, in sixteenths of a region"
        );
    }

    #[test]
    fn an_eden_inside_its_region_is_never_below_an_eighth_of_it() {
        let mut p = policy(1);
        settle(&mut p, 10, 1.0, 50_000, 40);
        assert_eq!(p.young_bytes, MIN_EDEN_SIXTEENTHS << 16);
    }

    #[test]
    fn an_eden_of_whole_regions_may_fill_every_one() {
        let mut p = policy(200);
        settle(&mut p, 10, 0.1, 100, 10);
        assert!(p.young_target() > 1, "{}", p.young_target());
        assert_eq!(p.young_bytes % (1 << 20), 0, "{}", p.young_bytes);
    }

    #[test]
    fn with_an_eden_inside_its_region_survivors_past_half_of_it_are_tenured() {
        let mut p = policy(5);
        p.young_bytes = 256 << 10;
        let mut by_age = [0usize; 16];
        by_age[1] = 100 << 10;
        by_age[2] = 100 << 10;
        p.adapt_tenuring(&by_age);
        // Half of a 256 KB survivor space is 128 KB: age 1 fits, ages 1 and 2 do not.
        assert_eq!(p.tenuring_threshold, 2);
        // A whole-region eden keeps a region of survivor space: both ages fit.
        p.young_bytes = 1 << 20;
        p.adapt_tenuring(&by_age);
        assert_eq!(p.tenuring_threshold, MAX_AGE);
    }

    #[test]
    fn before_any_pause_every_young_byte_is_expected_to_be_copied() {
        let mut p = policy(200);
        p.choose_young_target(64, 64, 0, 0);
        // 3 MB of eden and 1 MB of survivors, all surviving, a quarter more, two begun.
        assert_eq!(p.copy_regions_expected(), 5 + 2);
    }

    #[test]
    fn the_copies_expected_follow_the_learned_survival_rate() {
        let mut p = policy(200);
        p.choose_young_target(64, 64, 0, 0);
        let all = p.copy_regions_expected();
        for _ in 0..20 {
            p.record(&young_pause(p.young_target(), 0.05, 0));
        }
        assert!(
            p.copy_regions_expected() < all,
            "{}",
            p.copy_regions_expected()
        );
        assert!(
            p.copy_regions_expected() >= 3,
            "{}",
            p.copy_regions_expected()
        );
    }

    #[test]
    fn a_young_collection_is_expected_to_copy_its_survivors_with_a_margin() {
        let mut p = policy(200);
        assert_eq!(
            p.copies_expected(4 << 20),
            5 << 20,
            "everything survives at first"
        );
        for _ in 0..40 {
            p.record(&young_pause(p.young_target(), 0.1, 0));
        }
        let expected = p.copies_expected(4 << 20);
        assert!(
            (400 << 10..=600 << 10).contains(&expected),
            "10% of 4 MB and a quarter more: {expected}"
        );
    }

    #[test]
    fn the_first_eden_is_five_percent_of_the_heap() {
        let mut p = policy(200);
        p.choose_young_target(64, 64, 0, 0);
        assert_eq!(p.young_target(), 3);
    }

    #[test]
    fn the_eden_at_most_doubles_from_one_pause_to_the_next() {
        let mut p = policy(200);
        p.choose_young_target(64, 64, 0, 0);
        let mut last = p.young_target();
        for _ in 0..6 {
            p.record(&young_pause(last, 0.0, 0));
            p.choose_young_target(64, 60, 0, 0);
            assert!(
                p.young_target() <= 2 * last,
                "{last} -> {}",
                p.young_target()
            );
            last = p.young_target();
        }
    }

    #[test]
    fn young_objects_that_die_grow_the_eden_until_the_fixed_cost_is_amortised() {
        let mut p = policy(200);
        settle(&mut p, 12, 0.002, 0, 0);
        // 0.3 ms fixed against 8 µs of copying per region: a tenth of the pause is fixed only
        // past ~340 regions, so the eden reaches the most the free regions allow.
        assert!(p.young_target() >= 20, "{}", p.young_target());
    }

    #[test]
    fn young_objects_that_survive_keep_the_eden_at_its_minimum() {
        let mut p = policy(200);
        settle(&mut p, 12, 0.9, 0, 0);
        // 3.6 ms of copying per region dwarfs the fixed 0.3 ms at any size: nothing to
        // amortise, and every extra region would lengthen the pause.
        assert_eq!(p.young_target(), 3);
    }

    #[test]
    fn cards_that_scale_with_allocation_keep_the_eden_small() {
        let mut p = policy(200);
        settle(&mut p, 12, 0.1, 3000, 30);
        assert_eq!(p.young_target(), 3);
    }

    #[test]
    fn cards_already_covering_the_old_generation_count_as_fixed_and_grow_the_eden() {
        let mut p = policy(200);
        // 7,000 cards per region of eden against 4 MB of old regions (8,192 cards): from two
        // regions on every old card is predicted, a cost a larger eden does not add to.
        settle(&mut p, 12, 0.1, 7000, 4);
        assert!(p.young_target() >= 12, "{}", p.young_target());
    }

    #[test]
    fn the_eden_never_outgrows_the_pause_goal() {
        let mut p = policy(5);
        settle(&mut p, 12, 0.002, 8000, 64);
        assert!(
            p.predict_young_ms(p.young_target(), 0) <= 5.0 || p.young_target() == 1,
            "{} regions predicted at {} ms",
            p.young_target(),
            p.predict_young_ms(p.young_target(), 0)
        );
    }

    #[test]
    fn a_mixed_collection_takes_an_eighth_of_the_candidates() {
        let mut p = policy(200);
        p.candidates = (0..24).map(|r| (r, 100 << 10)).collect();
        p.initial_candidates = 24;
        assert_eq!(p.choose_old_regions(3 << 20, 0, 64, |_| 0).len(), 3);
        assert_eq!(p.candidates.len(), 21);
    }

    /// A fresh policy for `goal_ms` that has learned `ms` per card.
    fn policy_at_card_cost(goal_ms: u64, ms: f64) -> Policy {
        let mut p = policy(goal_ms);
        p.cost_per_card_ms = Avg::new(ms);
        p
    }

    #[test]
    fn old_regions_whose_remembered_sets_would_miss_the_goal_wait_for_a_later_mixed_collection() {
        let mut p = policy_at_card_cost(5, 0.001);
        p.candidates = (0..24).map(|r| (r, 100 << 10)).collect();
        p.initial_candidates = 24;
        // Each region's remembered set alone takes 3 ms to scan at 1 µs a card: the first is
        // taken (progress), the second would miss the 5 ms goal.
        let chosen = p.choose_old_regions(1 << 20, 0, 64, |_| 3000);
        assert_eq!(chosen, vec![0]);
        assert_eq!(p.candidates.len(), 23);
        // With a goal the eden leaves room in, an eighth of them is taken when their sets
        // are small, one when they are not.
        let mut p = policy_at_card_cost(10, 0.001);
        p.candidates = (0..24).map(|r| (r, 100 << 10)).collect();
        p.initial_candidates = 24;
        assert_eq!(p.choose_old_regions(1 << 20, 0, 64, |_| 10).len(), 3);
        assert_eq!(p.choose_old_regions(1 << 20, 0, 64, |_| 3000).len(), 1);
    }

    #[test]
    fn a_longer_pause_goal_leaves_more_dirty_cards_to_the_pause() {
        // A fresh policy predicts 12.5 ms for its first eden: both goals are shorter.
        let short = policy_at_card_cost(5, 0.0001).refinement_threshold_cards();
        let long = policy_at_card_cost(10, 0.0001).refinement_threshold_cards();
        assert!(long > short, "{long} <= {short}");
    }

    #[test]
    fn the_refinement_threshold_is_what_a_tenth_of_the_goal_scans_when_the_goal_is_shorter() {
        let p = policy_at_card_cost(5, 0.0001);
        assert!(p.predict_young_ms(p.young_target(), 0) > 5.0);
        // 10% of 5 ms at 100 ns a card.
        assert_eq!(p.refinement_threshold_cards(), 5000);
    }

    #[test]
    fn the_refinement_threshold_is_what_a_tenth_of_the_predicted_pause_scans_when_shorter_than_the_goal(
    ) {
        let mut p = policy_at_card_cost(200, 0.0001);
        for _ in 0..10 {
            p.record(&young_pause(3, 0.5, 0));
        }
        p.choose_young_target(64, 64, 0, 0);
        let predicted = p.predict_young_ms(p.young_target(), 0);
        assert!(predicted < 20.0, "{predicted}");
        let expected = (predicted * 0.1 / 0.0001) as usize;
        assert_eq!(p.refinement_threshold_cards(), expected);
        // Far fewer than a tenth of the 200 ms goal would leave to the pause.
        assert!(expected < 200_000 / 10);
    }

    #[test]
    fn the_refinement_threshold_stays_within_its_bounds() {
        assert_eq!(
            policy_at_card_cost(1, 0.002).refinement_threshold_cards(),
            MIN_REFINE_THRESHOLD_CARDS
        );
        assert_eq!(
            policy_at_card_cost(200, 1e-9).refinement_threshold_cards(),
            MAX_REFINE_THRESHOLD_CARDS
        );
    }

    #[test]
    fn candidates_are_ranked_by_garbage_per_predicted_millisecond_remembered_set_included() {
        let mut p = policy_at_card_cost(5, 0.001);
        // Region 1 has the most garbage but 20,000 remembered cards; region 2 less garbage
        // and none.
        p.candidates = vec![(1, 100 << 10), (2, 300 << 10)];
        p.rank_candidates(|r| if r == 1 { 20_000 } else { 0 });
        assert_eq!(p.candidates[0].0, 2);
    }

    #[test]
    fn before_a_mixed_collection_the_eden_leaves_room_for_its_first_old_region() {
        let mut p = policy(5);
        settle(&mut p, 10, 0.1, 2000, 40);
        let young = p.young_bytes;
        p.reserve_for_mixed(Some((400 << 10, 1500)));
        p.choose_young_target(64, 40, 0, 40 << 20);
        assert!(p.young_bytes < young, "{} >= {young}", p.young_bytes);
        assert!(
            p.predict_young_bytes_ms(p.young_bytes, 0) + p.mixed_reserve_ms <= 5.0
                || p.young_bytes == MIN_EDEN_SIXTEENTHS << 16
        );
    }
}
