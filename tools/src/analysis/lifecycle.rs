//! One replay of a whole trace that records lives and deaths (`overview`, `lifetimes`,
//! `escapees`, `leaks`, and `compare`'s metrics): per collection, memory per space before and
//! after, and live bytes per allocation site after; and for every dead object its lifetime in
//! allocated bytes (allocation epochs of `epoch_bytes`, deaths tallied at the collection that
//! finds them).

use super::labels::{kind_label, Keys};
use super::replay::{replay, Flow};
use crate::heap::HeapModel;
use crate::reader::{Event, Symbols, TraceError};
use gcvm_tracer::format::TraceHeader;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Lifetime buckets: `[2^k, 2^(k+1))` allocated bytes; bucket 0 also holds 0.
fn life_bucket(bytes: u64) -> usize {
    (63 - bytes.max(1).leading_zeros()) as usize
}

/// Objects and bytes per lifetime bucket.
#[derive(Clone, Default)]
pub struct Histogram {
    pub buckets: BTreeMap<usize, (u64, u64)>,
}

impl Histogram {
    fn add(&mut self, k: usize, n: u64, bytes: u64) {
        let e = self.buckets.entry(k).or_default();
        e.0 += n;
        e.1 += bytes;
    }
    pub fn objects(&self) -> u64 {
        self.buckets.values().map(|v| v.0).sum()
    }
    pub fn bytes(&self) -> u64 {
        self.buckets.values().map(|v| v.1).sum()
    }
    /// The bucket holding the median object.
    pub fn median_bucket(&self) -> Option<usize> {
        let half = self.objects().div_ceil(2);
        let mut seen = 0;
        for (&k, &(n, _)) in &self.buckets {
            seen += n;
            if seen >= half && n > 0 {
                return Some(k);
            }
        }
        None
    }
}

/// One collection in the overview.
#[derive(Clone)]
pub struct GcPoint {
    pub id: u32,
    pub kind: &'static str,
    pub cause: String,
    pub start_us: u64,
    pub pause_us: Option<u64>,
    /// Bytes allocated before the collection ended (the allocation clock).
    pub allocated: u64,
    pub before_bytes: u64,
    pub after_bytes: u64,
    pub survivor_bytes: u64,
    /// Bytes in the spaces the collection collected (at its start).
    pub collected_bytes: u64,
    pub moved_bytes: u64,
    /// Survivors reported where they were (keep-alives, region moves by zero).
    pub kept_bytes: u64,
    pub dead_objects: u64,
    pub dead_bytes: u64,
    /// Live bytes per space label at the start and at the end.
    pub spaces_before: BTreeMap<String, u64>,
    pub spaces_after: BTreeMap<String, u64>,
}

/// Everything one replay of a trace tells about lives and deaths.
pub struct Lifecycle {
    pub header: TraceHeader,
    pub gcs: Vec<GcPoint>,
    /// Lifetime resolution: a new allocation epoch every this many bytes.
    pub epoch_bytes: u64,
    pub allocated_bytes: u64,
    pub allocations: u64,
    /// Lifetimes of dead objects: all, per type name, per site label.
    pub lifetimes: Histogram,
    pub by_type: HashMap<String, Histogram>,
    pub by_site: HashMap<String, Histogram>,
    /// Objects still alive at the end (no lifetime): per site, objects and bytes.
    pub alive_at_end: (u64, u64),
    /// Dead objects that had survived exactly one collection, per site: (objects, bytes).
    pub escapees: HashMap<String, (u64, u64)>,
    /// Dead objects per site: (objects, bytes).
    pub dead_by_site: HashMap<String, (u64, u64)>,
    /// Live bytes per site after each collection (index into `gcs`).
    pub site_live: HashMap<String, Vec<u64>>,
    /// Objects alive at the end per age (collections survived).
    pub ages_at_end: Vec<(u8, u64)>,
}

/// The lifetime resolution for a heap of `heap_size` bytes: 1/64 of it, at least 64 KiB.
fn epoch_bytes_for(heap_size: u64) -> u64 {
    match heap_size {
        0 => 1 << 20,
        h => (h / 64).max(64 << 10),
    }
}

fn space_usage(m: &HeapModel, keys: &Keys) -> BTreeMap<String, u64> {
    let mut out: BTreeMap<String, u64> = BTreeMap::new();
    m.for_each_object(|o| *out.entry(keys.space_label(o.addr)).or_default() += o.desc.size());
    out
}

impl Lifecycle {
    /// Replays the whole trace at `path`.
    pub fn read(path: impl AsRef<Path>) -> Result<Lifecycle, TraceError> {
        let mut gcs: Vec<GcPoint> = Vec::new();
        let mut lifetimes = Histogram::default();
        let mut by_type: HashMap<String, Histogram> = HashMap::new();
        let mut by_site: HashMap<String, Histogram> = HashMap::new();
        let mut escapees: HashMap<String, (u64, u64)> = HashMap::new();
        let mut dead_by_site: HashMap<String, (u64, u64)> = HashMap::new();
        let mut site_live: HashMap<String, Vec<u64>> = HashMap::new();
        let mut spaces_before = BTreeMap::new();
        let mut epoch_bytes = 0;
        let mut tally = |m: &mut HeapModel, sy: &Symbols| {
            let now = m.allocated_bytes;
            for ((d, age), n) in m.take_deaths() {
                let desc = m.descs.list[d as usize];
                let born = m.epoch_start(desc.birth);
                let k = life_bucket(now.saturating_sub(born));
                let bytes = desc.size() * n;
                lifetimes.add(k, n, bytes);
                let site = sy.site_label(desc.site);
                by_type
                    .entry(sy.type_name(desc.type_id))
                    .or_default()
                    .add(k, n, bytes);
                by_site.entry(site.clone()).or_default().add(k, n, bytes);
                let e = dead_by_site.entry(site.clone()).or_default();
                e.0 += n;
                e.1 += bytes;
                if age == 1 {
                    let e = escapees.entry(site).or_default();
                    e.0 += n;
                    e.1 += bytes;
                }
            }
        };
        let r = replay(
            path.as_ref(),
            |m, h| {
                epoch_bytes = epoch_bytes_for(h.heap_size);
                m.track_births(epoch_bytes);
                m.record_deaths();
            },
            |m, ev, sy| {
                match ev {
                    Event::GcStart { .. } => {
                        spaces_before = space_usage(m, &Keys::new(m));
                    }
                    Event::GcEnd { .. } => {
                        tally(m, sy);
                        let keys = Keys::new(m);
                        let mut per_site: HashMap<String, u64> = HashMap::new();
                        m.for_each_object(|o| {
                            *per_site.entry(sy.site_label(o.desc.site)).or_default() +=
                                o.desc.size()
                        });
                        let i = gcs.len();
                        for v in site_live.values_mut() {
                            v.resize(i + 1, 0);
                        }
                        for (s, b) in per_site {
                            let v = site_live.entry(s).or_default();
                            v.resize(i + 1, 0);
                            v[i] = b;
                        }
                        let g = m.gcs.last().expect("a GC end adds a record");
                        gcs.push(GcPoint {
                            id: g.id,
                            kind: kind_label(g.kind),
                            cause: sy.cause_name(g.cause),
                            start_us: g.start_us,
                            pause_us: g.pause_us(),
                            allocated: m.allocated_bytes,
                            before_bytes: g.before_bytes,
                            after_bytes: g.after_bytes,
                            survivor_bytes: g.survivor_bytes(),
                            collected_bytes: g.collected_bytes,
                            moved_bytes: g.moved_bytes,
                            kept_bytes: g.kept_bytes,
                            dead_objects: g.dead_objects,
                            dead_bytes: g.dead_bytes,
                            spaces_before: std::mem::take(&mut spaces_before),
                            spaces_after: space_usage(m, &keys),
                        });
                    }
                    Event::SpaceRelease { .. } | Event::SpaceDestroy { .. } => tally(m, sy),
                    _ => {}
                }
                Ok(Flow::Go)
            },
        )?;
        let mut alive = (0u64, 0u64);
        let mut ages: BTreeMap<u8, u64> = BTreeMap::new();
        r.model.for_each_object(|o| {
            alive.0 += 1;
            alive.1 += o.desc.size();
            *ages.entry(o.age).or_default() += 1;
        });
        Ok(Lifecycle {
            header: r.header,
            gcs,
            epoch_bytes,
            allocated_bytes: r.model.allocated_bytes,
            allocations: r.model.allocations,
            lifetimes,
            by_type,
            by_site,
            alive_at_end: alive,
            escapees,
            dead_by_site,
            site_live,
            ages_at_end: ages.into_iter().collect(),
        })
    }

    /// The lifetime bucket of the median dead object.
    pub fn lifetime_median_bucket(&self) -> Option<usize> {
        self.lifetimes.median_bucket()
    }

    /// Every space label that ever held objects.
    pub fn space_labels(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .gcs
            .iter()
            .flat_map(|g| g.spaces_before.keys().chain(g.spaces_after.keys()))
            .cloned()
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// The lifetime histograms per site (`by_site`) or per type, most dead bytes first.
    pub fn lifetime_groups(&self, by_site: bool) -> Vec<(&String, &Histogram)> {
        let groups = if by_site {
            &self.by_site
        } else {
            &self.by_type
        };
        let mut v: Vec<(&String, &Histogram)> = groups.iter().collect();
        v.sort_by(|a, b| b.1.bytes().cmp(&a.1.bytes()).then(a.0.cmp(b.0)));
        v
    }

    /// The sites with escapees and their (objects, bytes), most bytes first.
    pub fn escapee_sites(&self) -> Vec<(&String, &(u64, u64))> {
        let mut v: Vec<(&String, &(u64, u64))> = self.escapees.iter().collect();
        v.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(b.0)));
        v
    }

    /// The dead objects of one site: (objects, bytes).
    pub fn dead_at_site(&self, site: &str) -> (u64, u64) {
        self.dead_by_site.get(site).copied().unwrap_or((0, 0))
    }

    /// Leak suspects: sites whose live bytes after collections grow, ranked by growth weighted
    /// by how steadily they grow. (site, growth bytes, steadiness 0..1, series).
    pub fn leak_suspects(&self) -> Vec<(String, i64, f64, Vec<u64>)> {
        let mut v: Vec<(String, i64, f64, Vec<u64>)> = self
            .site_live
            .iter()
            .filter_map(|(s, series)| {
                let mut series = series.clone();
                series.resize(self.gcs.len(), 0);
                if series.len() < 3 {
                    return None;
                }
                let half = series.len() / 2;
                let early = *series[..half].iter().min().unwrap_or(&0) as i64;
                let late = *series.last().unwrap_or(&0) as i64;
                let growth = late - early;
                let steps = series.windows(2).filter(|w| w[1] >= w[0]).count();
                let steady = steps as f64 / (series.len() - 1) as f64;
                (growth > 0 && steady >= 0.6).then(|| (s.clone(), growth, steady, series))
            })
            .collect();
        let score = |x: &(String, i64, f64, Vec<u64>)| x.1 as f64 * x.2;
        v.sort_by(|a, b| score(b).total_cmp(&score(a)).then(a.0.cmp(&b.0)));
        v
    }
}
