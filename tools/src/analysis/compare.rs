//! The side-by-side collector comparison (`gcvm compare`): metrics of one traced run per
//! collector.
//!
//! The `gcvm` command runs the program under each collector with `--trace` (src/cmd/compare.rs);
//! everything here reads those traces only. Per collector: wall time (measured by the caller),
//! collections, total / median / p99 / max pause, the MMU curve, heap after each collection over
//! time, bytes moved (copied or compacted), kept in place and freed (swept), survival rate per
//! collection, and trace-derived ages (median lifetime of dead objects in allocated bytes, ages of
//! the objects alive at the end). The report's Markdown, JSON, HTML and plots are drawn by
//! render/.

use super::lifecycle::Lifecycle;
use super::pauses::Pauses;
use crate::reader::TraceError;
use std::path::Path;

/// What one collector did with the program.
pub struct RunMetrics {
    pub collector: String,
    pub wall_s: f64,
    pub exit_code: i32,
    pub collections: usize,
    /// Pauses in µs, in order.
    pub pauses_us: Vec<u64>,
    /// (time ms, bytes live after the collection).
    pub heap_after: Vec<(f64, u64)>,
    /// (collection id, surviving bytes / bytes the collection collected).
    pub survival: Vec<(u32, f64)>,
    pub moved_bytes: u64,
    pub kept_bytes: u64,
    pub freed_bytes: u64,
    pub allocated_bytes: u64,
    /// Run length in µs for the MMU: the last collection's end or the wall time.
    pub span_us: u64,
    /// Median lifetime bucket of dead objects (upper bound, allocated bytes).
    pub median_lifetime_bytes: Option<u64>,
    /// Objects alive at the end per age (collections survived).
    pub ages_at_end: Vec<(u8, u64)>,
    /// Pauses as (start, end) µs since the trace started.
    pub intervals: Vec<(u64, u64)>,
}

/// MMU windows in ms.
pub const MMU_WINDOWS_MS: [f64; 10] =
    [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0];

/// The metrics plotted once per collector (`data-plot` of each `<svg>`).
pub const PER_COLLECTOR_PLOTS: [&str; 4] = ["pauses", "heap-after-gc", "mmu", "survival-rate"];

/// Minimum mutator utilisation for a window of `w` µs over `[0, span]` with pauses
/// `(start, end)`: the smallest share of any window that is not paused. Worst windows start at a
/// pause's start or end at a pause's end, so those are the candidates.
pub fn mmu(pauses: &[(u64, u64)], span: u64, w: u64) -> f64 {
    if w == 0 || span == 0 {
        return 1.0;
    }
    if w >= span {
        let paused: u64 = pauses.iter().map(|p| p.1 - p.0).sum();
        return 1.0 - paused.min(span) as f64 / span as f64;
    }
    let paused_in = |a: u64, b: u64| -> u64 {
        pauses
            .iter()
            .map(|&(s, e)| e.min(b).saturating_sub(s.max(a)))
            .sum()
    };
    let mut worst = 1.0f64;
    for &(s, e) in pauses {
        for start in [s, e.saturating_sub(w)] {
            let start = start.min(span - w);
            let u = 1.0 - paused_in(start, start + w) as f64 / w as f64;
            worst = worst.min(u);
        }
    }
    worst.max(0.0)
}

impl RunMetrics {
    /// Reads the trace of one run.
    pub fn from_trace(
        path: &Path,
        collector: &str,
        wall_s: f64,
        exit_code: i32,
    ) -> Result<RunMetrics, TraceError> {
        let l = Lifecycle::read(path)?;
        let pauses_us: Vec<u64> = l.gcs.iter().filter_map(|g| g.pause_us).collect();
        let last_end = l
            .gcs
            .iter()
            .map(|g| g.start_us + g.pause_us.unwrap_or(0))
            .max()
            .unwrap_or(0);
        let span_us = last_end.max((wall_s * 1e6) as u64);
        let median_lifetime_bytes = l.lifetime_median_bucket().map(|k| 1u64 << (k + 1));
        Ok(RunMetrics {
            collector: collector.to_string(),
            wall_s,
            exit_code,
            collections: l.gcs.len(),
            heap_after: l
                .gcs
                .iter()
                .map(|g| {
                    (
                        (g.start_us + g.pause_us.unwrap_or(0)) as f64 / 1000.0,
                        g.after_bytes,
                    )
                })
                .collect(),
            survival: l
                .gcs
                .iter()
                .filter(|g| g.collected_bytes > 0)
                .map(|g| (g.id, g.survivor_bytes as f64 / g.collected_bytes as f64))
                .collect(),
            moved_bytes: l.gcs.iter().map(|g| g.moved_bytes).sum(),
            kept_bytes: l.gcs.iter().map(|g| g.kept_bytes).sum(),
            freed_bytes: l.gcs.iter().map(|g| g.dead_bytes).sum(),
            allocated_bytes: l.allocated_bytes,
            pauses_us,
            span_us,
            median_lifetime_bytes,
            ages_at_end: l.ages_at_end.clone(),
            intervals: l
                .gcs
                .iter()
                .filter_map(|g| g.pause_us.map(|p| (g.start_us, g.start_us + p)))
                .collect(),
        })
    }

    /// The run's pauses, summarised.
    pub fn pause_summary(&self) -> Pauses {
        Pauses::of(&self.pauses_us)
    }

    /// The MMU in 10 ms windows.
    pub fn mmu_10ms(&self) -> f64 {
        mmu(&self.intervals, self.span_us, 10_000)
    }

    /// (window ms, MMU) for each of `MMU_WINDOWS_MS` no longer than the run.
    pub fn mmu_curve(&self) -> Vec<(f64, f64)> {
        MMU_WINDOWS_MS
            .iter()
            .filter(|&&w| w * 1000.0 <= self.span_us as f64 || w == MMU_WINDOWS_MS[0])
            .map(|&w| (w, mmu(&self.intervals, self.span_us, (w * 1000.0) as u64)))
            .collect()
    }
}

/// The whole comparison.
pub struct Comparison {
    pub program: String,
    pub xmx: String,
    pub runs: Vec<RunMetrics>,
    /// Whether every run printed the same output.
    pub same_output: bool,
}
