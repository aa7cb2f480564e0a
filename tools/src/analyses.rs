//! AntTracks-style analyses over a trace (docs/analyses.md), each one replay of the trace through
//! `HeapModel`:
//!
//! - `heap_by_chain`: the heap at a boundary grouped by a classifier chain (`type,site`,
//!   `age,type`, any order), as a tree.
//! - `diff`: what happened between two boundaries, per group: *perm* (alive at both), *born*
//!   (allocated after the first, alive at the second), *died* (alive at the first, dead at the
//!   second), *temp* (allocated and dead in between). Objects allocated after the first boundary
//!   are told apart by their allocation epoch (`HeapModel::new_epoch` at the first boundary).
//! - `Lifecycle` (`overview`, `lifetimes`, `escapees`, `leaks`): one replay that records, per
//!   collection, memory per space before and after, and live bytes per allocation site after;
//!   and for every dead object its lifetime in allocated bytes (allocation epochs of
//!   `epoch_bytes`, deaths tallied at the collection that finds them).
//!
//! Tables by default, `json` for JSON, and SVG plots through `svg`.

use crate::heap::HeapModel;
use crate::reader::{Event, Space, Symbols, TraceError, TraceReader};
use crate::render::{arr, human_bytes, js, percent, thousands, Obj, Progress, Table};
use crate::svg::{BarChart, LineChart, Series};
use crate::{kind_label, thread_label, Boundary, GroupBy};
use gcvm_tracer::format::TraceHeader;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Parses a classifier chain: `type`, `type,site`, `age,type,thread`... (not `objects`; no
/// classifier twice).
pub fn parse_chain(s: &str) -> Result<Vec<GroupBy>, String> {
    let mut chain = Vec::new();
    for part in s.split(',') {
        let g: GroupBy = part.parse()?;
        if g == GroupBy::Objects && s.contains(',') {
            return Err(format!(
                "classifier chain {s:?}: objects lists every object and cannot be chained"
            ));
        }
        if chain.contains(&g) {
            return Err(format!("classifier chain {s:?}: {part:?} appears twice"));
        }
        chain.push(g);
    }
    Ok(chain)
}

/// A classifier chain as one command-line value (`--by type,site`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain(pub Vec<GroupBy>);

impl std::str::FromStr for Chain {
    type Err = String;
    fn from_str(s: &str) -> Result<Chain, String> {
        parse_chain(s).map(Chain)
    }
}

/// What a replay callback says after each event.
enum Flow {
    Go,
    Stop,
}

/// The header and symbols of a replayed trace, and its model.
struct Replayed {
    header: TraceHeader,
    symbols: Symbols,
    model: HeapModel,
}

/// Replays the whole trace (or until `each` says stop) through a model prepared by `setup`,
/// calling `each` after every event is applied.
fn replay(
    path: &Path,
    setup: impl FnOnce(&mut HeapModel, &TraceHeader),
    mut each: impl FnMut(&mut HeapModel, &Event, &Symbols) -> Result<Flow, TraceError>,
) -> Result<Replayed, TraceError> {
    let mut reader = TraceReader::open(path)?;
    let total = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut progress = Progress::new("reading trace", total);
    let h = reader.header().clone();
    let mut model = HeapModel::new(h.array_header as u32, h.min_object_size as u32);
    setup(&mut model, &h);
    let mut replay = Replay {
        model: &mut model,
        each: &mut each,
        progress: &mut progress,
        n: 0,
        failed: None,
    };
    reader.visit_events(&mut replay)?;
    if let Some(e) = replay.failed {
        return Err(e);
    }
    progress.finish();
    model.close_open_runs();
    Ok(Replayed {
        header: h,
        symbols: reader.symbols().clone(),
        model,
    })
}

/// `replay`'s visitor: TLAB allocations and fast moves go straight to the model (no `Event`
/// is built for them: TraceReader::visit_events); every other event to the model, then to
/// the analysis.
struct Replay<'a, F> {
    model: &'a mut HeapModel,
    each: &'a mut F,
    progress: &'a mut Progress,
    n: u64,
    /// The analysis's own error (it stops the replay).
    failed: Option<TraceError>,
}

impl<F> crate::EventVisitor for Replay<'_, F>
where
    F: FnMut(&mut HeapModel, &Event, &Symbols) -> Result<Flow, TraceError>,
{
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
        symbols: &Symbols,
        position: u64,
    ) -> Result<crate::Visit, String> {
        self.model.apply(thread, ev)?;
        self.n += 1;
        if self.n & 0xfff == 0 {
            self.progress.update(position);
        }
        match (self.each)(self.model, ev, symbols) {
            Ok(Flow::Go) => Ok(crate::Visit::Go),
            Ok(Flow::Stop) => Ok(crate::Visit::Stop),
            Err(e) => {
                self.failed = Some(e);
                Ok(crate::Visit::Stop)
            }
        }
    }
}

/// Is `ev` the point where `b` is reached?
fn reaches(ev: &Event, b: Boundary) -> bool {
    match (ev, b) {
        (Event::GcStart { gc_id, .. }, Boundary::GcStart(n)) => *gc_id == n,
        (Event::GcEnd { gc_id, .. }, Boundary::GcEnd(n)) => *gc_id == n,
        _ => false,
    }
}

fn missing(b: Boundary, model: &HeapModel) -> TraceError {
    let ids = match (model.gcs.first(), model.gcs.last()) {
        (Some(a), Some(z)) => format!("collections {}..={}", a.id, z.id),
        _ => "no collections".to_string(),
    };
    TraceError::not_in_trace(0, format!("boundary {b} not found: the trace has {ids}"))
}

/// Names an object's group under one classifier; the sort key orders ages numerically.
struct Keys {
    spaces: Vec<Space>,
    names: HashMap<u32, String>,
}

impl Keys {
    fn new(model: &HeapModel) -> Keys {
        let mut spaces: Vec<Space> = model.spaces().cloned().collect();
        spaces.sort_by_key(|s| s.start);
        Keys {
            spaces,
            names: model
                .threads()
                .map(|(id, n, _)| (id, n.to_string()))
                .collect(),
        }
    }
    fn space_label(&self, addr: u64) -> String {
        let i = self.spaces.partition_point(|s| s.start <= addr);
        match i > 0 && addr < self.spaces[i - 1].end {
            true => {
                let s = &self.spaces[i - 1];
                format!("{} ({})", s.name, s.kind.label())
            }
            false => "-".into(),
        }
    }
    fn key(&self, g: GroupBy, sy: &Symbols, o: &crate::ObjectView<'_>) -> (u64, String) {
        match g {
            GroupBy::Type => (0, sy.type_name(o.desc.type_id)),
            GroupBy::Site => (0, sy.site_label(o.desc.site)),
            GroupBy::Thread => (0, thread_label(o.desc.thread, &self.names)),
            GroupBy::Space => (0, self.space_label(o.addr)),
            GroupBy::Age => (o.age as u64, format!("age {}", o.age)),
            GroupBy::Objects => (o.addr, format!("{:#x}", o.addr)),
        }
    }
}

fn chain_label(chain: &[GroupBy]) -> String {
    chain
        .iter()
        .map(|g| GroupBy::NAMES[*g as usize])
        .collect::<Vec<_>>()
        .join(",")
}

/// A tree of groups: objects and bytes, children by key.
#[derive(Default)]
struct Node {
    objects: u64,
    bytes: u64,
    children: BTreeMap<(u64, String), Node>,
}

impl Node {
    fn add(&mut self, path: &[(u64, String)], bytes: u64) {
        self.objects += 1;
        self.bytes += bytes;
        if let Some((first, rest)) = path.split_first() {
            self.children
                .entry(first.clone())
                .or_default()
                .add(rest, bytes);
        }
    }
    /// Children by bytes (descending), or by key when the level is ages.
    fn sorted(&self, by_key: bool) -> Vec<(&(u64, String), &Node)> {
        let mut v: Vec<_> = self.children.iter().collect();
        if !by_key {
            v.sort_by(|a, b| b.1.bytes.cmp(&a.1.bytes).then(a.0.cmp(b.0)));
        }
        v
    }
    fn json(&self, chain: &[GroupBy], depth: usize) -> String {
        let by_key = chain.get(depth) == Some(&GroupBy::Age);
        arr(self.sorted(by_key).into_iter().map(|(k, n)| {
            let mut o = Obj::new()
                .str("key", &k.1)
                .num("objects", n.objects)
                .num("bytes", n.bytes);
            if !n.children.is_empty() {
                o = o.raw("groups", n.json(chain, depth + 1));
            }
            o.build()
        }))
    }
    fn rows(&self, chain: &[GroupBy], depth: usize, total: u64, t: &mut Table) {
        let by_key = chain.get(depth) == Some(&GroupBy::Age);
        let sorted = self.sorted(by_key);
        let limit = if depth == 0 { 25 } else { 10 };
        for (k, n) in sorted.iter().take(limit) {
            t.row(vec![
                format!("{}{}", "  ".repeat(depth), k.1),
                thousands(n.objects),
                thousands(n.bytes),
                percent(n.bytes, total),
            ]);
            n.rows(chain, depth + 1, total, t);
        }
        if sorted.len() > limit {
            t.row(vec![format!(
                "{}... {} more",
                "  ".repeat(depth),
                sorted.len() - limit
            )]);
        }
    }
}

/// `gcvm heap --by a,b,...`: the heap at `boundary` as a tree of groups, one level per
/// classifier of the chain.
pub fn heap_by_chain(
    path: impl AsRef<Path>,
    boundary: &str,
    chain: &[GroupBy],
    json: bool,
) -> Result<String, TraceError> {
    let b: Boundary = boundary.parse().map_err(|e: String| TraceError::at(0, e))?;
    let r = crate::reconstruct(path.as_ref(), b, false)?;
    let keys = Keys::new(&r.model);
    let mut root = Node::default();
    r.model.for_each_object(|o| {
        let path: Vec<(u64, String)> = chain.iter().map(|&g| keys.key(g, &r.symbols, &o)).collect();
        root.add(&path, o.desc.size());
    });
    if json {
        return Ok(Obj::new()
            .str("boundary", &b.to_string())
            .str("group_by", &chain_label(chain))
            .num("objects", root.objects)
            .num("bytes", root.bytes)
            .raw("groups", root.json(chain, 0))
            .build()
            + "\n");
    }
    let mut t = Table::new(&[&chain_label(chain), "objects", "bytes", "% bytes"]);
    root.rows(chain, 0, root.bytes, &mut t);
    Ok(format!(
        "heap at {b}: {} objects, {}\n\n{}",
        thousands(root.objects),
        human_bytes(root.bytes),
        t.render()
    ))
}

/// Per group of a diff: objects and bytes of each category.
#[derive(Default, Clone, Copy)]
struct DiffRow {
    perm: (u64, u64),
    born: (u64, u64),
    died: (u64, u64),
    temp: (u64, u64),
}

/// `gcvm diff FILE --from A --to B --by CHAIN`: perm / born / died / temp per group between two
/// boundaries. Groups must be stable over an object's life: type, site, thread.
pub fn diff(
    path: impl AsRef<Path>,
    from: &str,
    to: &str,
    chain: &[GroupBy],
    json: bool,
) -> Result<String, TraceError> {
    let bad = |e: String| TraceError::at(0, e);
    let a: Boundary = from.parse().map_err(bad)?;
    let b: Boundary = to.parse().map_err(bad)?;
    if let Some(g) = chain
        .iter()
        .find(|g| matches!(g, GroupBy::Age | GroupBy::Space | GroupBy::Objects))
    {
        return Err(TraceError::at(
            0,
            format!(
                "diff groups by type, site or thread: an object's {} changes between the boundaries",
                GroupBy::NAMES[*g as usize]
            ),
        ));
    }
    let order = |x: Boundary| match x {
        Boundary::GcStart(n) => (n as u64) * 2,
        Boundary::GcEnd(n) => (n as u64) * 2 + 1,
        Boundary::End => u64::MAX,
    };
    if order(a) >= order(b) {
        return Err(TraceError::at(
            0,
            format!("diff: --from {a} must come before --to {b}"),
        ));
    }
    let key = |sy: &Symbols, d: &crate::Desc, names: &HashMap<u32, String>| -> String {
        chain
            .iter()
            .map(|g| match g {
                GroupBy::Type => sy.type_name(d.type_id),
                GroupBy::Site => sy.site_label(d.site),
                _ => thread_label(d.thread, names),
            })
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let mut rows: HashMap<String, DiffRow> = HashMap::new();
    let mut first_epoch: Option<u32> = None;
    let (mut seen_a, mut seen_b) = (false, false);
    let snapshot_a = |m: &mut HeapModel, sy: &Symbols, rows: &mut HashMap<String, DiffRow>| {
        let names: HashMap<u32, String> = m.threads().map(|(i, n, _)| (i, n.into())).collect();
        m.for_each_object(|o| {
            let r = rows.entry(key(sy, o.desc, &names)).or_default();
            r.died.0 += 1; // alive at A; the survivors move to perm at B
            r.died.1 += o.desc.size();
        });
        m.new_epoch()
    };
    let mut r = replay(
        path.as_ref(),
        |m, _| m.count_allocations(),
        |m, ev, sy| {
            if !seen_a && reaches(ev, a) {
                seen_a = true;
                first_epoch = Some(snapshot_a(m, sy, &mut rows));
            } else if seen_a && reaches(ev, b) {
                seen_b = true;
                return Ok(Flow::Stop);
            }
            Ok(Flow::Go)
        },
    )?;
    if !seen_a {
        return Err(missing(a, &r.model));
    }
    if !seen_b && b != Boundary::End {
        return Err(missing(b, &r.model));
    }
    let ep = first_epoch.unwrap_or(0);
    let m = &mut r.model;
    let sy = &r.symbols;
    let names: HashMap<u32, String> = m.threads().map(|(i, n, _)| (i, n.into())).collect();
    m.for_each_object(|o| {
        let row = rows.entry(key(sy, o.desc, &names)).or_default();
        let size = o.desc.size();
        if o.desc.birth < ep {
            row.perm.0 += 1;
            row.perm.1 += size;
            row.died.0 -= 1;
            row.died.1 -= size;
        } else {
            row.born.0 += 1;
            row.born.1 += size;
        }
    });
    // allocated after A: born or temp
    let counts = m.allocation_counts().unwrap_or(&[]).to_vec();
    for (d, &(n, bytes)) in counts.iter().enumerate() {
        let desc = m.descs.list[d];
        if n > 0 && desc.birth >= ep {
            let row = rows.entry(key(sy, &desc, &names)).or_default();
            row.temp.0 += n;
            row.temp.1 += bytes;
        }
    }
    for row in rows.values_mut() {
        row.temp.0 -= row.born.0;
        row.temp.1 -= row.born.1;
    }
    let mut v: Vec<(String, DiffRow)> = rows.into_iter().collect();
    let weight = |r: &DiffRow| r.perm.1 + r.born.1 + r.died.1 + r.temp.1;
    v.sort_by(|x, y| weight(&y.1).cmp(&weight(&x.1)).then(x.0.cmp(&y.0)));
    let mut total = DiffRow::default();
    for (_, r) in &v {
        for (t, x) in [
            (&mut total.perm, r.perm),
            (&mut total.born, r.born),
            (&mut total.died, r.died),
            (&mut total.temp, r.temp),
        ] {
            t.0 += x.0;
            t.1 += x.1;
        }
    }
    let pair = |o: Obj, k: &str, p: (u64, u64)| {
        o.raw(k, Obj::new().num("objects", p.0).num("bytes", p.1).build())
    };
    if json {
        let groups = arr(v.iter().map(|(k, r)| {
            let o = Obj::new().str("key", k);
            let o = pair(o, "perm", r.perm);
            let o = pair(o, "born", r.born);
            let o = pair(o, "died", r.died);
            pair(o, "temp", r.temp).build()
        }));
        let o = Obj::new()
            .str("from", &a.to_string())
            .str("to", &b.to_string())
            .str("group_by", &chain_label(chain));
        let o = pair(o, "perm", total.perm);
        let o = pair(o, "born", total.born);
        let o = pair(o, "died", total.died);
        let o = pair(o, "temp", total.temp);
        return Ok(o.raw("groups", groups).build() + "\n");
    }
    let mut t = Table::new(&[
        &chain_label(chain),
        "perm",
        "perm bytes",
        "born",
        "born bytes",
        "died",
        "died bytes",
        "temp",
        "temp bytes",
    ]);
    let row = |name: String, r: &DiffRow| {
        vec![
            name,
            thousands(r.perm.0),
            thousands(r.perm.1),
            thousands(r.born.0),
            thousands(r.born.1),
            thousands(r.died.0),
            thousands(r.died.1),
            thousands(r.temp.0),
            thousands(r.temp.1),
        ]
    };
    t.row(row("(all)".into(), &total));
    for (k, r) in v.iter().take(25) {
        t.row(row(k.clone(), r));
    }
    if v.len() > 25 {
        t.row(vec![format!("... {} more groups", v.len() - 25)]);
    }
    Ok(format!(
        "heap diff {a} -> {b}: perm = alive at both, born = allocated after {a} and alive at {b}, died = alive at {a} and dead at {b}, temp = allocated and dead in between\n\n{}",
        t.render()
    ))
}

/// Lifetime buckets: `[2^k, 2^(k+1))` allocated bytes; bucket 0 also holds 0.
fn life_bucket(bytes: u64) -> usize {
    (63 - bytes.max(1).leading_zeros()) as usize
}

fn life_label(k: usize) -> String {
    format!("<{}", human_bytes(1u64 << (k + 1)))
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
    fn objects(&self) -> u64 {
        self.buckets.values().map(|v| v.0).sum()
    }
    fn bytes(&self) -> u64 {
        self.buckets.values().map(|v| v.1).sum()
    }
    /// The bucket holding the median object.
    fn median_bucket(&self) -> Option<usize> {
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
    fn json(&self) -> String {
        arr(self.buckets.iter().map(|(&k, &(n, b))| {
            Obj::new()
                .num("min_bytes", if k == 0 { 0 } else { 1u64 << k })
                .num("max_bytes_exclusive", 1u64 << (k + 1))
                .num("objects", n)
                .num("bytes", b)
                .build()
        }))
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
    fn space_labels(&self) -> Vec<String> {
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

    /// Plots of the overview: memory per space over time, pauses, survivors vs deaths.
    pub fn overview_svgs(&self) -> Vec<String> {
        let t = |us: u64| us as f64 / 1000.0;
        let spaces = self
            .space_labels()
            .into_iter()
            .map(|s| Series {
                points: self
                    .gcs
                    .iter()
                    .flat_map(|g| {
                        [
                            (t(g.start_us), *g.spaces_before.get(&s).unwrap_or(&0) as f64),
                            (
                                t(g.start_us + g.pause_us.unwrap_or(0)),
                                *g.spaces_after.get(&s).unwrap_or(&0) as f64,
                            ),
                        ]
                    })
                    .collect(),
                name: s,
            })
            .collect();
        let memory = LineChart {
            title: "Live bytes per space at each collection's start and end".into(),
            x_label: "time (ms)".into(),
            y_label: "bytes".into(),
            series: spaces,
            steps: false,
            metric: "memory-per-space".into(),
            tag: None,
        };
        let pauses = BarChart {
            title: "Pause per collection (ms)".into(),
            x_label: "collection (kind, cause)".into(),
            y_label: "ms".into(),
            bars: self
                .gcs
                .iter()
                .map(|g| {
                    (
                        format!("{} {} {}", g.id, g.kind, g.cause),
                        g.pause_us.unwrap_or(0) as f64 / 1000.0,
                    )
                })
                .collect(),
            metric: "pauses".into(),
            tag: None,
        };
        let survival = LineChart {
            title: "Survivors and deaths per collection".into(),
            x_label: "collection".into(),
            y_label: "bytes".into(),
            series: vec![
                Series {
                    name: "survived".into(),
                    points: self
                        .gcs
                        .iter()
                        .map(|g| (g.id as f64, g.survivor_bytes as f64))
                        .collect(),
                },
                Series {
                    name: "died".into(),
                    points: self
                        .gcs
                        .iter()
                        .map(|g| (g.id as f64, g.dead_bytes as f64))
                        .collect(),
                },
            ],
            steps: false,
            metric: "survivors-vs-deaths".into(),
            tag: None,
        };
        vec![memory.render(), pauses.render(), survival.render()]
    }

    /// `gcvm overview`: per collection, memory per space before and after, pause and cause,
    /// survivors and deaths.
    pub fn overview(&self, json: bool) -> String {
        let spaces = self.space_labels();
        if json {
            let map = |m: &BTreeMap<String, u64>| {
                let mut o = Obj::new();
                for (k, v) in m {
                    o = o.num(k, v);
                }
                o.build()
            };
            let gcs = arr(self.gcs.iter().map(|g| {
                Obj::new()
                    .num("id", g.id)
                    .str("kind", g.kind)
                    .str("cause", &g.cause)
                    .num("start_us", g.start_us)
                    .opt("pause_us", g.pause_us)
                    .num("allocated_bytes", g.allocated)
                    .num("before_bytes", g.before_bytes)
                    .num("after_bytes", g.after_bytes)
                    .num("survivor_bytes", g.survivor_bytes)
                    .num("moved_bytes", g.moved_bytes)
                    .num("dead_objects", g.dead_objects)
                    .num("dead_bytes", g.dead_bytes)
                    .raw("spaces_before", map(&g.spaces_before))
                    .raw("spaces_after", map(&g.spaces_after))
                    .build()
            }));
            return Obj::new()
                .str("collector", &self.header.collector)
                .num("allocated_bytes", self.allocated_bytes)
                .raw("spaces", arr(spaces.iter().map(|s| js(s))))
                .raw("collections", gcs)
                .build()
                + "\n";
        }
        let mut head = vec!["gc", "kind", "cause", "start ms", "pause ms"];
        let cols: Vec<String> = spaces
            .iter()
            .flat_map(|s| [format!("{s} before"), format!("{s} after")])
            .collect();
        head.extend(cols.iter().map(String::as_str));
        head.extend(["survived", "died", "died objs"]);
        let mut t = Table::new(&head).left(1).left(2);
        for g in &self.gcs {
            let mut row = vec![
                g.id.to_string(),
                g.kind.into(),
                g.cause.clone(),
                format!("{:.3}", g.start_us as f64 / 1000.0),
                g.pause_us
                    .map_or("-".into(), |p| format!("{:.3}", p as f64 / 1000.0)),
            ];
            for s in &spaces {
                row.push(human_bytes(*g.spaces_before.get(s).unwrap_or(&0)));
                row.push(human_bytes(*g.spaces_after.get(s).unwrap_or(&0)));
            }
            row.push(human_bytes(g.survivor_bytes));
            row.push(human_bytes(g.dead_bytes));
            row.push(thousands(g.dead_objects));
            t.row(row);
        }
        format!(
            "overview: {} collections ({}), {} allocated\n\n{}",
            self.gcs.len(),
            if self.header.collector.is_empty() {
                "-"
            } else {
                &self.header.collector
            },
            human_bytes(self.allocated_bytes),
            t.render()
        )
    }

    /// The lifetime histogram as a bar chart.
    pub fn lifetime_svg(&self) -> String {
        BarChart {
            title: "Dead objects by lifetime (bytes allocated between allocation and death)".into(),
            x_label: "lifetime".into(),
            y_label: "objects".into(),
            bars: self
                .lifetimes
                .buckets
                .iter()
                .map(|(&k, &(n, _))| (life_label(k), n as f64))
                .collect(),
            metric: "lifetimes".into(),
            tag: None,
        }
        .render()
    }

    /// `gcvm lifetimes`: lifetimes of dead objects in allocated bytes, overall and per type or
    /// site (`by_site`).
    pub fn lifetimes_report(&self, by_site: bool, json: bool) -> String {
        let groups = if by_site {
            &self.by_site
        } else {
            &self.by_type
        };
        let mut v: Vec<(&String, &Histogram)> = groups.iter().collect();
        v.sort_by(|a, b| b.1.bytes().cmp(&a.1.bytes()).then(a.0.cmp(b.0)));
        let what = if by_site { "site" } else { "type" };
        if json {
            return Obj::new()
                .num("resolution_bytes", self.epoch_bytes)
                .num("alive_at_end_objects", self.alive_at_end.0)
                .num("alive_at_end_bytes", self.alive_at_end.1)
                .raw("all", self.lifetimes.json())
                .str("group_by", what)
                .raw(
                    "groups",
                    arr(v.iter().map(|(k, h)| {
                        Obj::new()
                            .str("key", k)
                            .num("objects", h.objects())
                            .num("bytes", h.bytes())
                            .raw("histogram", h.json())
                            .build()
                    })),
                )
                .build()
                + "\n";
        }
        let mut o = format!(
            "lifetimes of dead objects in bytes allocated between their allocation and the collection that found them dead (resolution {}); {} objects ({}) still alive at the end\n\n",
            human_bytes(self.epoch_bytes),
            thousands(self.alive_at_end.0),
            human_bytes(self.alive_at_end.1)
        );
        let total = self.lifetimes.objects();
        let mut t = Table::new(&["lifetime", "objects", "% objects", "bytes"]);
        for (&k, &(n, b)) in &self.lifetimes.buckets {
            t.row(vec![
                life_label(k),
                thousands(n),
                percent(n, total),
                thousands(b),
            ]);
        }
        o += &t.render();
        o += "\n";
        let mut t = Table::new(&[
            what,
            "dead objects",
            "dead bytes",
            "median lifetime",
            "shortest",
            "longest",
        ]);
        for (k, h) in v.iter().take(25) {
            let first = h.buckets.keys().next().copied();
            let last = h.buckets.keys().next_back().copied();
            t.row(vec![
                (*k).clone(),
                thousands(h.objects()),
                thousands(h.bytes()),
                h.median_bucket().map_or("-".into(), life_label),
                first.map_or("-".into(), life_label),
                last.map_or("-".into(), life_label),
            ]);
        }
        if v.len() > 25 {
            t.row(vec![format!("... {} more", v.len() - 25)]);
        }
        o + &t.render()
    }

    /// `gcvm escapees`: per site, the dead objects that survived exactly one collection and
    /// died at the next one that collected them.
    pub fn escapees_report(&self, json: bool) -> String {
        let mut v: Vec<(&String, &(u64, u64))> = self.escapees.iter().collect();
        v.sort_by(|a, b| b.1 .1.cmp(&a.1 .1).then(a.0.cmp(b.0)));
        let dead = |s: &str| self.dead_by_site.get(s).copied().unwrap_or((0, 0));
        if json {
            return Obj::new()
                .raw(
                    "sites",
                    arr(v.iter().map(|(s, &(n, b))| {
                        Obj::new()
                            .str("site", s)
                            .num("objects", n)
                            .num("bytes", b)
                            .num("dead_objects", dead(s).0)
                            .num("dead_bytes", dead(s).1)
                            .build()
                    })),
                )
                .build()
                + "\n";
        }
        let mut t = Table::new(&[
            "allocation site",
            "escapees",
            "bytes",
            "% of its dead objects",
        ]);
        for (s, &(n, b)) in v.iter().take(25) {
            t.row(vec![
                (*s).clone(),
                thousands(n),
                thousands(b),
                percent(n, dead(s).0),
            ]);
        }
        format!(
            "nursery escapees: objects that survived exactly one collection and died at the next ({} sites)\n\n{}",
            v.len(),
            t.render()
        )
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

    /// The top suspects' live bytes after each collection.
    pub fn leaks_svg(&self) -> String {
        LineChart {
            title: "Live bytes of the top leak suspects after each collection".into(),
            x_label: "bytes allocated".into(),
            y_label: "live bytes".into(),
            series: self
                .leak_suspects()
                .into_iter()
                .take(5)
                .map(|(s, _, _, series)| Series {
                    name: s.chars().take(22).collect(),
                    points: series
                        .iter()
                        .zip(&self.gcs)
                        .map(|(&b, g)| (g.allocated as f64, b as f64))
                        .collect(),
                })
                .collect(),
            steps: false,
            metric: "leak-suspects".into(),
            tag: None,
        }
        .render()
    }

    /// `gcvm leaks`: the ranked suspects.
    pub fn leaks_report(&self, json: bool) -> String {
        let v = self.leak_suspects();
        if json {
            return Obj::new()
                .num("collections", self.gcs.len())
                .raw(
                    "suspects",
                    arr(v.iter().map(|(s, g, st, series)| {
                        Obj::new()
                            .str("site", s)
                            .num("growth_bytes", g)
                            .num("steadiness", format!("{st:.3}"))
                            .num("first_bytes", series.first().copied().unwrap_or(0))
                            .num("last_bytes", series.last().copied().unwrap_or(0))
                            .build()
                    })),
                )
                .build()
                + "\n";
        }
        let mut t = Table::new(&[
            "rank",
            "allocation site",
            "live after first gc",
            "live after last gc",
            "growth",
            "growing steps",
        ])
        .left(1);
        for (i, (s, g, st, series)) in v.iter().take(20).enumerate() {
            t.row(vec![
                (i + 1).to_string(),
                s.clone(),
                human_bytes(series.first().copied().unwrap_or(0)),
                human_bytes(series.last().copied().unwrap_or(0)),
                human_bytes(*g as u64),
                format!("{:.0}%", st * 100.0),
            ]);
        }
        format!(
            "leak suspects: sites whose live bytes after collections grow ({} collections; growth = last minus the smallest of the first half; growing steps = collections after which the site's live bytes did not shrink)\n\n{}",
            self.gcs.len(),
            if v.is_empty() {
                "none\n".to_string()
            } else {
                t.render()
            }
        )
    }
}

/// Writes `svgs` to `path`: one plot as an SVG file, several as an HTML page that embeds them.
pub fn write_plots(path: &Path, title: &str, svgs: &[String]) -> Result<(), TraceError> {
    let text = match svgs {
        [one] => format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{one}\n"),
        many => format!(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{t}</title></head><body>\n<h1>{t}</h1>\n{}\n</body></html>\n",
            many.join("\n"),
            t = title
        ),
    };
    std::fs::write(path, text)
        .map_err(|e| TraceError::message(format!("cannot write {}: {e}", path.display())))
}

/// `gcvm overview FILE [--json] [--plot OUT]` (OUT: an HTML page with the three plots).
pub fn overview(
    path: impl AsRef<Path>,
    json: bool,
    plot: Option<&Path>,
) -> Result<String, TraceError> {
    let l = Lifecycle::read(path)?;
    if let Some(p) = plot {
        write_plots(p, "gcvm overview", &l.overview_svgs())?;
    }
    Ok(l.overview(json))
}

/// `gcvm lifetimes FILE [--by type|site] [--json] [--plot OUT.svg]`.
pub fn lifetimes(
    path: impl AsRef<Path>,
    by_site: bool,
    json: bool,
    plot: Option<&Path>,
) -> Result<String, TraceError> {
    let l = Lifecycle::read(path)?;
    if let Some(p) = plot {
        write_plots(p, "gcvm lifetimes", &[l.lifetime_svg()])?;
    }
    Ok(l.lifetimes_report(by_site, json))
}

/// `gcvm escapees FILE [--json]`.
pub fn escapees(path: impl AsRef<Path>, json: bool) -> Result<String, TraceError> {
    Ok(Lifecycle::read(path)?.escapees_report(json))
}

/// `gcvm leaks FILE [--json] [--plot OUT.svg]`.
pub fn leaks(
    path: impl AsRef<Path>,
    json: bool,
    plot: Option<&Path>,
) -> Result<String, TraceError> {
    let l = Lifecycle::read(path)?;
    if let Some(p) = plot {
        write_plots(p, "gcvm leak suspects", &[l.leaks_svg()])?;
    }
    Ok(l.leaks_report(json))
}
