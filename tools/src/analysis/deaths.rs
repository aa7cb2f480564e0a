//! `gcvm deaths`: where objects are born and where they die, from a trace recorded with
//! `gcvm run --trace-deaths` (docs/trace-format.md, Death events; the VM side is
//! runtime/gc/src/deaths.rs, Merlin's algorithm).
//!
//! Each Death event names an object by its address just before a GC start; the rebuilt heap at
//! that point gives its type, allocation site and allocation epoch. The summary groups the deaths
//! by (allocation site, death context) — the method running when the last reference went away;
//! the hive plot of allocating class -> killing class is drawn by render/svg.rs.

use crate::heap::HeapModel;
use crate::reader::{Event, EventVisitor, Symbols, TraceError, TraceReader, Visit};
use crate::render::Progress;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Births are known to this many allocated bytes.
pub const BIRTH_RESOLUTION: u64 = 64 << 10;

/// One dead object, as the trace tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Death {
    /// The collection whose start followed the death event.
    pub gc: u32,
    pub addr: u64,
    pub type_name: String,
    pub size: u64,
    /// The allocation site's label.
    pub site: String,
    /// Allocated bytes at the start of the object's allocation epoch: its allocation time,
    /// rounded down to `BIRTH_RESOLUTION`.
    pub born_at_least: u64,
    /// Allocated bytes when it became unreachable.
    pub time: u64,
    /// Allocated bytes at the GC start that found it dead.
    pub gc_time: u64,
    /// The method running when it became unreachable (`<unknown>`: not observed).
    pub context: String,
    /// The class of that method (`<unknown>`).
    pub context_class: String,
    /// The allocation site's class.
    pub site_class: String,
}

/// One death as the trace records it, in ids (labels come from the symbols).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    gc: u32,
    addr: u64,
    type_id: u32,
    size: u64,
    site: u32,
    born_at_least: u64,
    time: u64,
    gc_time: u64,
    context: u32,
}

/// Every death a trace records, in file order.
pub fn read_deaths(path: impl AsRef<Path>) -> Result<Vec<Death>, TraceError> {
    let (records, sy) = read_records(path.as_ref())?;
    Ok(records.iter().map(|r| describe(r, &sy)).collect())
}

fn describe(r: &Record, sy: &Symbols) -> Death {
    Death {
        gc: r.gc,
        addr: r.addr,
        type_name: sy.type_name(r.type_id),
        size: r.size,
        site: sy.site_label(r.site),
        born_at_least: r.born_at_least,
        time: r.time,
        gc_time: r.gc_time,
        context: sy.method_label(r.context),
        context_class: context_class(sy, r.context),
        site_class: site_class(sy, r.site),
    }
}

fn site_class(sy: &Symbols, site: u32) -> String {
    sy.sites
        .get(&site)
        .map_or_else(|| "<vm>".to_string(), |s| s.class.clone())
}

fn context_class(sy: &Symbols, context: u32) -> String {
    sy.methods
        .get(&context)
        .map_or_else(|| "<unknown>".to_string(), |m| m.class.clone())
}

/// Replays the trace (TraceReader::visit_events) and resolves every Death event against the
/// heap as it is then.
fn read_records(path: &Path) -> Result<(Vec<Record>, Symbols), TraceError> {
    let mut reader = TraceReader::open(path)?;
    let h = reader.header().clone();
    if h.flags & gcvm_tracer::format::HEADER_FLAG_DEATHS == 0 {
        return Err(TraceError::message(format!(
            "{} has no death records: record it with `gcvm run --trace FILE --trace-deaths`",
            path.display()
        )));
    }
    let total = crate::reconstruct::file_len(path);
    let mut model = HeapModel::for_trace(&h);
    model.track_births(BIRTH_RESOLUTION);
    let mut v = Collect {
        model,
        progress: Progress::new("reading trace", total),
        n: 0,
        pending: Vec::new(),
        out: Vec::new(),
    };
    reader.visit_events(&mut v)?;
    v.progress.finish();
    Ok((v.out, reader.symbols().clone()))
}

struct Collect {
    model: HeapModel,
    progress: Progress,
    n: u64,
    /// Deaths read since the last GC start (they belong to the next one).
    pending: Vec<Record>,
    out: Vec<Record>,
}

impl Collect {
    /// The object at `addr` died at `time` in `context` (its collection is the next GC start).
    fn died(&mut self, addr: u64, time: u64, context: u32) -> Result<(), String> {
        let m = &mut self.model;
        let (desc, _) = m
            .object_at(addr)
            .ok_or_else(|| format!("death of an object at {addr:#x}, where the heap has none"))?;
        self.pending.push(Record {
            gc: 0,
            addr,
            type_id: desc.type_id,
            size: desc.size(),
            site: desc.site,
            born_at_least: m.epoch_start(desc.birth),
            time,
            gc_time: m.allocated_bytes,
            context,
        });
        Ok(())
    }
}

impl EventVisitor for Collect {
    #[inline]
    fn alloc(&mut self, thread: u32, site: u32, array_len: Option<u32>) -> Result<(), String> {
        self.model.apply_alloc(thread, site, array_len)
    }
    #[inline]
    fn move_fast(&mut self, thread: u32, from: u64) -> Result<(), String> {
        self.model.apply_move_fast(thread, from)
    }
    fn event(
        &mut self,
        thread: u32,
        ev: &Event,
        _: &Symbols,
        position: u64,
    ) -> Result<Visit, String> {
        self.model.apply(thread, ev)?;
        self.n += 1;
        if self.n & 0xffff == 0 {
            self.progress.update(position);
        }
        match ev {
            &Event::Death {
                addr,
                time,
                context,
            } => self.died(addr, time, context)?,
            Event::Deaths(deaths) => {
                for d in deaths.iter() {
                    self.died(d.addr, d.time, d.context)?;
                }
            }
            Event::GcStart { gc_id, .. } => {
                for mut r in self.pending.drain(..) {
                    r.gc = *gc_id;
                    self.out.push(r);
                }
            }
            _ => {}
        }
        Ok(Visit::Go)
    }
}

/// Objects and bytes of one (allocation site, death context) pair.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub objects: u64,
    pub bytes: u64,
    /// Sum of lifetimes (death time - epoch start) in bytes, for the mean.
    lifetime_sum: u128,
}

impl Pair {
    /// Mean lifetime in allocated bytes (to `BIRTH_RESOLUTION`).
    pub fn mean_lifetime(&self) -> u64 {
        (self.lifetime_sum / self.objects.max(1) as u128) as u64
    }
}

/// (allocation site, death context) -> objects and bytes.
pub fn pairs(deaths: &[Death]) -> BTreeMap<(String, String), Pair> {
    let grouped: Vec<(Death, u64, u64, u128)> = deaths
        .iter()
        .map(|d| {
            let life = d.time.saturating_sub(d.born_at_least) as u128;
            (d.clone(), 1, d.size, life)
        })
        .collect();
    pairs_of(&grouped)
}

fn pairs_of(groups: &[(Death, u64, u64, u128)]) -> BTreeMap<(String, String), Pair> {
    let mut out: BTreeMap<(String, String), Pair> = BTreeMap::new();
    for (d, n, bytes, life) in groups {
        let p = out.entry((d.site.clone(), d.context.clone())).or_default();
        p.objects += n;
        p.bytes += bytes;
        p.lifetime_sum += life;
    }
    out
}

/// One Death per distinct (site, type, context) — the first of its group — with the group's
/// objects, bytes and summed lifetimes: what the report and the plot need, without labels per
/// object.
fn summarise(records: &[Record], sy: &Symbols) -> Vec<(Death, u64, u64, u128)> {
    let mut groups: HashMap<(u32, u32, u32), (u64, u64, u128, Record)> = HashMap::new();
    for r in records {
        let g = groups
            .entry((r.site, r.type_id, r.context))
            .or_insert((0, 0, 0, *r));
        g.0 += 1;
        g.1 += r.size;
        g.2 += r.time.saturating_sub(r.born_at_least) as u128;
    }
    groups
        .into_values()
        .map(|(n, bytes, life, r)| (describe(&r, sy), n, bytes, life))
        .collect()
}

/// What `gcvm deaths` reports: the deaths grouped, and the (allocation site, death context)
/// pairs.
pub struct DeathSummary {
    /// One Death per distinct (site, type, context) with the group's objects, bytes and summed
    /// lifetimes.
    pub groups: Vec<(Death, u64, u64, u128)>,
    /// (allocation site, death context) pairs, most objects first.
    pub pairs: Vec<((String, String), Pair)>,
    pub deaths: u64,
    pub bytes: u64,
    /// Deaths whose context was not observed.
    pub unknown_context: u64,
}

/// Reads the deaths of the trace at `path` and groups them.
pub fn summary(path: impl AsRef<Path>) -> Result<DeathSummary, TraceError> {
    let (records, sy) = read_records(path.as_ref())?;
    let groups = summarise(&records, &sy);
    let mut pairs: Vec<((String, String), Pair)> = pairs_of(&groups).into_iter().collect();
    pairs.sort_by(|a, b| b.1.objects.cmp(&a.1.objects).then(a.0.cmp(&b.0)));
    let unknown_context = groups
        .iter()
        .filter(|g| g.0.context == "<unknown>")
        .map(|g| g.1)
        .sum();
    Ok(DeathSummary {
        deaths: groups.iter().map(|g| g.1).sum(),
        bytes: groups.iter().map(|g| g.2).sum(),
        unknown_context,
        pairs,
        groups,
    })
}
