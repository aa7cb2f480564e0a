//! `gcvm stats`: allocations per type, site and size, and what every collection did, from the
//! heap rebuilt to the end of the trace.

use super::labels::kind_label;
use super::pauses::Pauses;
use crate::boundary::Boundary;
use crate::heap::GcRecord;
use crate::reader::TraceError;
use crate::reconstruct::reconstruct;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Everything `gcvm stats` reports.
pub struct Stats {
    pub allocations: u64,
    pub allocated_bytes: u64,
    /// Array allocations: (objects, bytes).
    pub arrays: (u64, u64),
    /// TLABs the threads took: (count, bytes).
    pub tlabs: (u64, u64),
    /// Objects allocated outside any TLAB and run of cells (large objects): (objects, bytes).
    pub outside_tlab: (u64, u64),
    /// Runs of free cells the threads took (a free-list allocator's TLABs: concurrent
    /// mark-sweep): (count, bytes).
    pub cell_runs: (u64, u64),
    /// A rotated file read alone: the objects its heap sync placed (in the heap when the file
    /// began; not allocations): (objects, bytes).
    pub synced: (u64, u64),
    /// Per type, most bytes first.
    pub by_type: Vec<Tally>,
    /// Per allocation site, most bytes first.
    pub by_site: Vec<Tally>,
    /// Per power-of-two size bucket `[2^k, 2^(k+1))`: (k, objects, bytes).
    pub size_histogram: Vec<(u32, u64, u64)>,
    pub collections: Vec<Collection>,
    pub pauses: Pauses,
    pub live_objects: u64,
    pub live_bytes: u64,
    pub stale_objects: u64,
    pub released_objects: u64,
    pub reconstruction_peak_bytes: usize,
}

/// Objects and bytes allocated for one type or site.
pub struct Tally {
    pub id: u32,
    /// The type's name or the site's label.
    pub name: String,
    pub objects: u64,
    pub bytes: u64,
}

/// One collection, with its kind and cause named.
pub struct Collection {
    pub record: GcRecord,
    pub kind: &'static str,
    pub cause: String,
}

/// Power-of-two size bucket: `[2^k, 2^(k+1))`.
fn bucket(size: u64) -> u32 {
    63 - size.max(1).leading_zeros()
}

/// Most bytes first, then by id.
fn by_bytes(m: HashMap<u32, (u64, u64)>) -> Vec<(u32, (u64, u64))> {
    let mut v: Vec<(u32, (u64, u64))> = m.into_iter().collect();
    v.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(&b.0)));
    v
}

fn add(e: &mut (u64, u64), n: u64, b: u64) {
    e.0 += n;
    e.1 += b;
}

/// Rebuilds the heap to the end of the trace at `path`, counting allocations.
pub fn read(path: impl AsRef<Path>) -> Result<Stats, TraceError> {
    let r = reconstruct(path, Boundary::End, true)?;
    let m = &r.model;
    let sy = &r.symbols;
    let counts = m.allocation_counts().unwrap_or(&[]);
    let mut by_type: HashMap<u32, (u64, u64)> = HashMap::new();
    let mut by_site: HashMap<u32, (u64, u64)> = HashMap::new();
    let mut hist: BTreeMap<u32, (u64, u64)> = BTreeMap::new();
    let mut arrays = (0u64, 0u64);
    for (d, &(n, b)) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let desc = &m.descs.list[d];
        add(by_type.entry(desc.type_id).or_default(), n, b);
        add(by_site.entry(desc.site).or_default(), n, b);
        add(hist.entry(bucket(desc.size())).or_default(), n, b);
        if desc.array_len.is_some() {
            add(&mut arrays, n, b);
        }
    }
    let tally = |id: u32, name: String, (objects, bytes): (u64, u64)| Tally {
        id,
        name,
        objects,
        bytes,
    };
    let pauses: Vec<u64> = m.gcs.iter().filter_map(|g| g.pause_us()).collect();
    Ok(Stats {
        allocations: m.allocations,
        allocated_bytes: m.allocated_bytes,
        arrays,
        tlabs: m.tlabs,
        outside_tlab: m.outside_tlab,
        cell_runs: m.cell_runs,
        synced: m.synced,
        by_type: by_bytes(by_type)
            .into_iter()
            .map(|(t, v)| tally(t, sy.type_name(t), v))
            .collect(),
        by_site: by_bytes(by_site)
            .into_iter()
            .map(|(s, v)| tally(s, sy.site_label(s), v))
            .collect(),
        size_histogram: hist.into_iter().map(|(k, (n, b))| (k, n, b)).collect(),
        collections: m
            .gcs
            .iter()
            .map(|g| Collection {
                record: g.clone(),
                kind: kind_label(g.kind),
                cause: sy.cause_name(g.cause),
            })
            .collect(),
        pauses: Pauses::of(&pauses),
        live_objects: m.live_objects,
        live_bytes: m.live_bytes,
        stale_objects: m.stale_objects,
        released_objects: m.released_objects,
        reconstruction_peak_bytes: m.peak_memory_bytes(),
    })
}
