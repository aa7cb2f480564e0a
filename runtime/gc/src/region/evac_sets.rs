//! Two small sets an evacuating worker keeps between tasks: the remembered-set entries it will
//! add, by target region, and the regions a card scan found targets in.

/// A worker's remembered-set entries waiting to be added, by target region (a pause adds to
/// few: the current survivor and old regions, the regions dirty cards point into).
#[derive(Default)]
pub(super) struct RememberBuffer {
    /// Per target region (indexed by it, grown on demand): its (source region, card) entries.
    pub(super) by_target: Vec<Vec<(u32, u32)>>,
    /// The targets with entries, each once.
    pub(super) targets: Vec<u32>,
    pub(super) len: usize,
}

impl RememberBuffer {
    #[inline]
    pub(super) fn push(&mut self, target: u32, source: u32, card: u32) {
        let t = target as usize;
        if t >= self.by_target.len() {
            self.by_target.resize_with(t + 1, Vec::new);
        }
        let entries = &mut self.by_target[t];
        if entries.is_empty() {
            self.targets.push(target);
        }
        entries.push((source, card));
        self.len += 1;
    }
}

/// A small set of region indices: a bit per region, and the words set so that clearing
/// costs what was inserted.
#[derive(Default)]
pub(super) struct RegionSet {
    bits: Vec<u64>,
    touched: Vec<u32>,
}

impl RegionSet {
    /// Adds `region`; false if it was there already.
    #[inline]
    pub(super) fn insert(&mut self, region: usize) -> bool {
        let word = region / 64;
        if word >= self.bits.len() {
            self.bits.resize(word + 1, 0);
        }
        let bit = 1u64 << (region % 64);
        let w = &mut self.bits[word];
        if *w & bit != 0 {
            return false;
        }
        if *w == 0 {
            self.touched.push(word as u32);
        }
        *w |= bit;
        true
    }

    pub(super) fn clear(&mut self) {
        for &word in &self.touched {
            self.bits[word as usize] = 0;
        }
        self.touched.clear();
    }
}
