//! `gcvm deaths TRACE`: where objects are born and where they die, from a trace recorded with
//! `gcvm run --trace-deaths` (docs/trace-format.md, Death events; the VM side is
//! runtime/gc/src/deaths.rs, Merlin's algorithm).
//!
//! Each Death event names an object by its address just before a GC start; the rebuilt heap at
//! that point gives its type, allocation site and allocation epoch. The report groups the deaths
//! by (allocation site, death context) — the method running when the last reference went away —
//! and draws a hive plot as Veroy, Ricci and Guyer do ("Visualizing the allocation and death of
//! objects", VISSOFT 2013; notes in /work/shared/notes/jove-and-death-plots.md): one node per
//! class, allocation-only classes on the north axis, death-only classes on the west, classes that
//! do both on the south axis and its clone on the east; an edge from the class that allocated to
//! the class that killed, green when they are the same class, its width growing with the
//! number of objects.

use crate::render::{arr, human_bytes, percent, thousands, Obj, Progress, Table};
use crate::{Event, EventVisitor, HeapModel, Symbols, TraceError, TraceReader, Visit};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// Births are known to this many allocated bytes.
const BIRTH_RESOLUTION: u64 = 64 << 10;

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
    let total = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut model = HeapModel::new(h.array_header as u32, h.min_object_size as u32);
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
        match *ev {
            Event::Death {
                addr,
                time,
                context,
            } => {
                let m = &mut self.model;
                let (desc, _) = m.object_at(addr).ok_or_else(|| {
                    format!("death of an object at {addr:#x}, where the heap has none")
                })?;
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
            }
            Event::GcStart { gc_id, .. } => {
                for mut r in self.pending.drain(..) {
                    r.gc = gc_id;
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

/// `gcvm deaths TRACE [--json] [--plot OUT.svg] [--top N]`.
pub fn deaths(
    path: impl AsRef<Path>,
    json: bool,
    plot: Option<&Path>,
    top: usize,
) -> Result<String, TraceError> {
    let (records, sy) = read_records(path.as_ref())?;
    let deaths = summarise(&records, &sy);
    if let Some(p) = plot {
        let svg = hive_plot(&deaths);
        std::fs::write(
            p,
            format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{svg}\n"),
        )
        .map_err(|e| TraceError::message(format!("cannot write {}: {e}", p.display())))?;
    }
    Ok(report(&deaths, json, top))
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

fn report(deaths: &[(Death, u64, u64, u128)], json: bool, top: usize) -> String {
    let pairs = pairs_of(deaths);
    let mut rows: Vec<(&(String, String), &Pair)> = pairs.iter().collect();
    rows.sort_by(|a, b| b.1.objects.cmp(&a.1.objects).then(a.0.cmp(b.0)));
    let unknown: u64 = deaths
        .iter()
        .filter(|g| g.0.context == "<unknown>")
        .map(|g| g.1)
        .sum();
    let total: u64 = deaths.iter().map(|g| g.1).sum();
    let bytes: u64 = deaths.iter().map(|g| g.2).sum();
    if json {
        return Obj::new()
            .num("deaths", total)
            .num("bytes", bytes)
            .num("unknown_context", unknown)
            .num("birth_resolution_bytes", BIRTH_RESOLUTION)
            .raw(
                "pairs",
                arr(rows.iter().map(|((site, ctx), p)| {
                    Obj::new()
                        .str("allocation_site", site)
                        .str("death_site", ctx)
                        .num("objects", p.objects)
                        .num("bytes", p.bytes)
                        .num("mean_lifetime_bytes", p.mean_lifetime())
                        .build()
                })),
            )
            .build()
            + "\n";
    }
    let mut o = format!(
        "{} objects ({}) died; the method where the last reference went away was not observed for {} ({})\n\n",
        thousands(total),
        human_bytes(bytes),
        thousands(unknown),
        percent(unknown, total)
    );
    let mut t = Table::new(&[
        "allocation site",
        "death site",
        "objects",
        "% objects",
        "bytes",
        "mean lifetime",
    ])
    .left(0)
    .left(1);
    for ((site, ctx), p) in rows.iter().take(top) {
        t.row(vec![
            site.clone(),
            ctx.clone(),
            thousands(p.objects),
            percent(p.objects, total),
            thousands(p.bytes),
            human_bytes(p.mean_lifetime()),
        ]);
    }
    o += &t.render();
    if rows.len() > top {
        o += &format!("({} more pairs; --json lists them all)\n", rows.len() - top);
    }
    o
}

/// The hive plot of allocation class -> death class (see the module comment).
fn hive_plot(deaths: &[(Death, u64, u64, u128)]) -> String {
    let mut edges: BTreeMap<(String, String), u64> = BTreeMap::new();
    for (d, n, ..) in deaths {
        *edges
            .entry((d.site_class.clone(), d.context_class.clone()))
            .or_default() += n;
    }
    let allocs: BTreeSet<&String> = edges.keys().map(|(a, _)| a).collect();
    let kills: BTreeSet<&String> = edges.keys().map(|(_, k)| k).collect();
    let mut weight: HashMap<String, u64> = HashMap::new();
    for ((a, k), n) in &edges {
        *weight.entry(a.clone()).or_default() += n;
        *weight.entry(k.clone()).or_default() += n;
    }
    let by_weight = |mut v: Vec<String>| -> Vec<String> {
        v.sort_by(|a, b| weight[b].cmp(&weight[a]).then(a.cmp(b)));
        v
    };
    let north = by_weight(allocs.difference(&kills).map(|s| (*s).clone()).collect());
    let west = by_weight(kills.difference(&allocs).map(|s| (*s).clone()).collect());
    let both = by_weight(allocs.intersection(&kills).map(|s| (*s).clone()).collect());
    let (w, h, c, r0, r1) = (900.0, 900.0, 450.0, 40.0, 400.0);
    // Axis angles in degrees (SVG: y down): north -90, east 0, south 90, west 180.
    let place = |axis: &[String], angle: f64| -> HashMap<String, (f64, f64)> {
        let n = axis.len();
        axis.iter()
            .enumerate()
            .map(|(i, name)| {
                let r = r0 + (r1 - r0) * (i as f64 + 1.0) / (n as f64 + 1.0);
                let a = angle.to_radians();
                (name.clone(), (c + r * a.cos(), c + r * a.sin()))
            })
            .collect()
    };
    let pos_north = place(&north, -90.0);
    let pos_east = place(&both, 0.0);
    let pos_south = place(&both, 90.0);
    let pos_west = place(&west, 180.0);
    let max = edges.values().copied().max().unwrap_or(1) as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"10\">\n<title>gcvm deaths: allocation class to death class (hive plot)</title>\n"
    );
    for (angle, label) in [
        (-90.0f64, "allocation only"),
        (0.0, "both (allocating)"),
        (90.0, "both (killing)"),
        (180.0, "death only"),
    ] {
        let a = angle.to_radians();
        let (x0, y0) = (c + r0 * a.cos(), c + r0 * a.sin());
        let (x1, y1) = (c + r1 * a.cos(), c + r1 * a.sin());
        svg += &format!(
            "<line class=\"axis\" x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{x1:.1}\" y2=\"{y1:.1}\" stroke=\"black\" stroke-width=\"2\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{label}</text>\n",
            c + (r1 + 25.0) * a.cos(),
            c + (r1 + 25.0) * a.sin()
        );
    }
    for ((a, k), n) in &edges {
        let from = pos_north.get(a).or_else(|| pos_east.get(a));
        let to = pos_west.get(k).or_else(|| pos_south.get(k));
        let (Some(&(x0, y0)), Some(&(x1, y1))) = (from, to) else {
            continue;
        };
        // The control point pulls the curve toward the centre.
        let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let (qx, qy) = (c + (mx - c) * 0.4, c + (my - c) * 0.4);
        let width = 0.5 + 4.0 * ((*n as f64).ln_1p() / max.ln_1p());
        let colour = if a == k { "#2a9d3a" } else { "#888888" };
        svg += &format!(
            "<path class=\"edge\" data-from=\"{}\" data-to=\"{}\" data-objects=\"{n}\" d=\"M{x0:.1},{y0:.1} Q{qx:.1},{qy:.1} {x1:.1},{y1:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-opacity=\"0.6\" stroke-width=\"{width:.2}\"><title>{} -> {}: {n} objects</title></path>\n",
            xml(a),
            xml(k),
            xml(a),
            xml(k)
        );
    }
    for (axis, positions) in [
        ("north", &pos_north),
        ("east", &pos_east),
        ("south", &pos_south),
        ("west", &pos_west),
    ] {
        let mut names: Vec<(&String, &(f64, f64))> = positions.iter().collect();
        names.sort_by(|a, b| a.0.cmp(b.0));
        for (name, &(x, y)) in names {
            svg += &format!(
                "<circle class=\"node\" data-axis=\"{axis}\" data-class=\"{}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"{}\"><title>{}</title></circle>\n",
                xml(name),
                package_colour(name),
                xml(name)
            );
        }
    }
    svg += "</svg>";
    svg
}

/// A colour per package, as the paper colours nodes.
fn package_colour(class: &str) -> String {
    let package = class.rsplit_once('/').map_or("", |(p, _)| p);
    let mut h: u32 = 2166136261;
    for b in package.bytes() {
        h = (h ^ b as u32).wrapping_mul(16777619);
    }
    format!("hsl({}, 60%, 45%)", h % 360)
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
