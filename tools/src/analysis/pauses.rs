//! Pause statistics: nearest-rank percentiles of a run's pauses.

/// The `p`th percentile of `sorted` (nearest rank; 0 when empty).
pub fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// A run's pauses in µs, summarised.
pub struct Pauses {
    pub count: usize,
    pub total_us: u64,
    pub p50_us: u64,
    pub p90_us: u64,
    pub p99_us: u64,
    pub max_us: u64,
}

impl Pauses {
    /// Summarises `pauses_us`, in any order.
    pub fn of(pauses_us: &[u64]) -> Pauses {
        let mut sorted = pauses_us.to_vec();
        sorted.sort_unstable();
        Pauses {
            count: sorted.len(),
            // saturating: a damaged trace's pauses can be as long as its clock is wide
            total_us: sorted.iter().fold(0u64, |t, &p| t.saturating_add(p)),
            p50_us: percentile(&sorted, 50.0),
            p90_us: percentile(&sorted, 90.0),
            p99_us: percentile(&sorted, 99.0),
            max_us: sorted.last().copied().unwrap_or(0),
        }
    }
}
