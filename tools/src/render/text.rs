//! The reports as text: a few summary lines, then tables (and the comparison as Markdown).

use super::format::{human_bytes, ms, percent, thousands, Table};
use crate::analysis::activity::{
    ActivityReport, PauseActivity, SafepointWait, ThreadTimes, Window, WindowActivity,
};
use crate::analysis::compare::Comparison;
use crate::analysis::deaths::DeathSummary;
use crate::analysis::diff::{Diff, DiffRow};
use crate::analysis::heap_at::{Content, HeapAt, HeapTree, Node};
use crate::analysis::info::TraceInfo;
use crate::analysis::lifecycle::Lifecycle;
use crate::analysis::stats::{Stats, Tally};
use crate::boundary::{chain_label, GroupBy};
use gcvm_tracer::format::ThreadState;

/// Rows of the long tables (the rest is counted in a last row).
const TOP: usize = 25;

/// `-` for an empty string.
fn or_dash(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

/// `gcvm trace info`.
pub fn info(i: &TraceInfo) -> String {
    let h = &i.header;
    let mut o = String::new();
    o += &format!("trace      {} ({})\n", i.file, human_bytes(i.file_bytes));
    if i.set_files > 0 {
        o += &format!(
            "rotated    a set of {} files, {}.{}..{}.{} (read as one trace)\n",
            i.set_files,
            i.file,
            i.set_first,
            i.file,
            i.set_first + i.set_files as u32 - 1
        );
    } else if let Some(seq) = h.sequence {
        o += &format!(
            "rotated    file {seq} of a rotated set (read alone: it begins with the heap as it was)\n"
        );
    }
    o += &format!(
        "format     version {}, {}\n",
        h.version,
        if i.compressed {
            "compressed chunks"
        } else {
            "uncompressed"
        }
    );
    o += &format!("collector  {}\n", or_dash(&h.collector));
    if !h.program.is_empty() {
        o += &format!("program    {}\n", h.program);
    }
    o += &format!(
        "heap       {}\n",
        if h.heap_size > 0 {
            human_bytes(h.heap_size)
        } else {
            "-".into()
        }
    );
    o += &format!(
        "chunks     {} ({} compressed), {} raw -> {} stored ({})\n",
        thousands(i.chunks),
        thousands(i.compressed_chunks),
        human_bytes(i.raw_bytes),
        human_bytes(i.stored_bytes),
        percent(i.stored_bytes, i.raw_bytes)
    );
    o += &format!("events     {}\n", thousands(i.events));
    if i.allocation_events > 0 {
        o += &format!(
            "allocs     {} events, {:.2} raw bytes each ({:.2} with TLAB and cell-run events), ~{:.2} stored\n",
            thousands(i.allocation_events),
            i.raw_per_allocation,
            i.raw_per_allocation_with_buffers,
            i.stored_per_allocation
        );
    }
    if i.activity {
        o += &format!(
            "activity   yes: {} thread intervals, {:.2} raw bytes of activity events each\n",
            thousands(i.activity_intervals),
            i.activity_bytes_per_interval
        );
    }
    if i.pointers {
        o += &format!(
            "pointers   yes: {} object records with {} references, {} roots; {:.0} raw bytes of pointer and root events per collection\n",
            thousands(i.pointer_records),
            thousands(i.pointer_references),
            thousands(i.roots),
            i.pointer_bytes_per_collection
        );
    }
    o += &format!(
        "symbols    {} types, {} sites, {} GC causes\n",
        i.types, i.sites, i.causes
    );
    o += &format!(
        "finished   {}\n\n",
        if i.finished {
            "yes (trailer present)"
        } else {
            "no"
        }
    );
    o += &info_tables(i);
    o
}

/// `gcvm trace info`'s tables: events per kind, threads, spaces, collections.
fn info_tables(i: &TraceInfo) -> String {
    let mut t = Table::new(&["event", "count", "raw bytes", "bytes/event"]);
    for k in &i.kinds {
        t.row(vec![
            k.kind.to_string(),
            thousands(k.count),
            thousands(k.raw_bytes),
            format!("{:.2}", k.raw_bytes as f64 / k.count as f64),
        ]);
    }
    let mut o = t.render();
    o += "\n";
    let mut t = Table::new(&["thread", "events", "chunks", "state"]);
    for th in &i.threads {
        let state = match th.died {
            Some(true) => "died",
            Some(false) => "alive at end",
            None => "-",
        };
        t.row(vec![
            th.label.clone(),
            thousands(th.events),
            thousands(th.chunks),
            state.into(),
        ]);
    }
    o += &t.render();
    if !i.spaces.is_empty() {
        o += "\n";
        let mut t = Table::new(&["space", "kind", "start", "end", "size"]).left(1);
        for s in &i.spaces {
            t.row(vec![
                format!("{} {}", s.id, s.name),
                s.kind.to_string(),
                format!("{:#x}", s.start),
                format!("{:#x}", s.end),
                human_bytes(s.end.saturating_sub(s.start)),
            ]);
        }
        o += &t.render();
    }
    o += &format!("\ncollections: {}\n", i.collections.len());
    if !i.collections.is_empty() {
        o += &info_collections(i);
    }
    o
}

/// The collections of `gcvm trace info`: all of them up to 40, else the first and last 20.
fn info_collections(i: &TraceInfo) -> String {
    let gcs = &i.collections;
    let mut t = Table::new(&["gc", "kind", "cause", "start ms", "pause ms"])
        .left(1)
        .left(2);
    let show: Vec<usize> = if gcs.len() <= 40 {
        (0..gcs.len()).collect()
    } else {
        (0..20).chain(gcs.len() - 20..gcs.len()).collect()
    };
    let mut prev = None;
    for i in show {
        if let Some(p) = prev {
            if i != p + 1 {
                t.row(vec![format!("... {} more", i - p - 1)]);
            }
        }
        prev = Some(i);
        let g = &gcs[i];
        t.row(vec![
            g.id.to_string(),
            g.kind.into(),
            g.cause.clone(),
            ms(g.start_us),
            g.end_us
                .map_or("-".into(), |e| ms(e.saturating_sub(g.start_us))),
        ]);
    }
    t.render()
}

/// `[2^k, 2^(k+1))` in bytes.
fn size_bucket_label(k: u32) -> String {
    let lo = 1u64 << k;
    format!("[{}, {})", human_bytes(lo), human_bytes(lo << 1))
}

/// `gcvm stats`.
pub fn stats(s: &Stats) -> String {
    let (allocs, bytes) = (s.allocations, s.allocated_bytes);
    let mut o = String::new();
    o += &format!(
        "allocations  {} objects, {} (mean {} B); arrays {} objects, {}\n",
        thousands(allocs),
        human_bytes(bytes),
        bytes.checked_div(allocs).unwrap_or(0),
        thousands(s.arrays.0),
        human_bytes(s.arrays.1)
    );
    o += &format!(
        "TLABs        {} taken, {}; outside TLABs {} objects, {}\n",
        thousands(s.tlabs.0),
        human_bytes(s.tlabs.1),
        thousands(s.outside_tlab.0),
        human_bytes(s.outside_tlab.1)
    );
    if s.cell_runs.0 > 0 {
        o += &format!(
            "cell runs    {} taken, {} (runs of free cells: a free-list allocator's TLABs)\n",
            thousands(s.cell_runs.0),
            human_bytes(s.cell_runs.1)
        );
    }
    if s.synced.0 > 0 {
        o += &format!(
            "synced       {} objects, {} already in the heap when the file began (a rotated file's heap sync; allocated in earlier files)\n",
            thousands(s.synced.0),
            human_bytes(s.synced.1)
        );
    }
    o += &format!(
        "collections  {}, total pause {} ms\n",
        s.collections.len(),
        ms(s.pauses.total_us)
    );
    o += &format!(
        "at the end   {} objects live, {}\n\n",
        thousands(s.live_objects),
        human_bytes(s.live_bytes)
    );
    let mut t = Table::new(&["type", "objects", "bytes", "% bytes", "mean size"]);
    top_rows(&mut t, &s.by_type, "types", |r| {
        vec![
            r.name.clone(),
            thousands(r.objects),
            thousands(r.bytes),
            percent(r.bytes, bytes),
            (r.bytes / r.objects.max(1)).to_string(),
        ]
    });
    o += &t.render();
    o += "\n";
    let mut t = Table::new(&["allocation site", "objects", "bytes", "% bytes"]);
    top_rows(&mut t, &s.by_site, "sites", |r| {
        vec![
            r.name.clone(),
            thousands(r.objects),
            thousands(r.bytes),
            percent(r.bytes, bytes),
        ]
    });
    o += &t.render();
    o += "\n";
    let mut t = Table::new(&["object size", "objects", "% objects", "bytes", "% bytes"]);
    for &(k, n, b) in &s.size_histogram {
        t.row(vec![
            size_bucket_label(k),
            thousands(n),
            percent(n, allocs),
            thousands(b),
            percent(b, bytes),
        ]);
    }
    o += &t.render();
    if !s.collections.is_empty() {
        o += "\n";
        o += &stats_collections(s);
    }
    if s.stale_objects > 0 {
        o += &format!(
            "\nnote: {} objects were overwritten by later allocations without a recorded death\n",
            thousands(s.stale_objects)
        );
    }
    o
}

/// The first `TOP` tallies, then how many more `what` there are.
fn top_rows(t: &mut Table, rows: &[Tally], what: &str, row: impl Fn(&Tally) -> Vec<String>) {
    for r in rows.iter().take(TOP) {
        t.row(row(r));
    }
    if rows.len() > TOP {
        t.row(vec![format!("... {} more {what}", rows.len() - TOP)]);
    }
}

/// `gcvm stats`: what every collection did, and the pauses.
fn stats_collections(s: &Stats) -> String {
    let mut t = Table::new(&[
        "gc",
        "kind",
        "cause",
        "pause ms",
        "heap before",
        "collected",
        "survived",
        "moved",
        "dead",
        "dead objs",
        "heap after",
    ])
    .left(1)
    .left(2);
    for c in &s.collections {
        let g = &c.record;
        t.row(vec![
            g.id.to_string(),
            c.kind.into(),
            c.cause.clone(),
            g.pause_us().map_or("-".into(), ms),
            human_bytes(g.before_bytes),
            human_bytes(g.collected_bytes),
            human_bytes(g.survivor_bytes()),
            human_bytes(g.moved_bytes),
            human_bytes(g.dead_bytes),
            thousands(g.dead_objects),
            human_bytes(g.after_bytes),
        ]);
    }
    let p = &s.pauses;
    t.render()
        + &format!(
            "\npauses: {} total {} ms, mean {} ms, p50 {} ms, p90 {} ms, p99 {} ms, max {} ms\n",
            p.count,
            ms(p.total_us),
            ms(p.total_us / p.count.max(1) as u64),
            ms(p.p50_us),
            ms(p.p90_us),
            ms(p.p99_us),
            ms(p.max_us)
        )
}

/// `gcvm heap` with one classifier (or every object).
pub fn heap_at(h: &HeapAt) -> String {
    let title = format!(
        "heap at {}: {} objects, {}",
        h.boundary,
        thousands(h.objects),
        human_bytes(h.bytes)
    );
    let table = match &h.content {
        Content::Objects(objects) => {
            let mut t = Table::new(&[
                "address",
                "size",
                "type",
                "length",
                "age",
                "space",
                "allocation site",
            ])
            .left(2)
            .left(5)
            .left(6);
            let mut rows: Vec<_> = objects.iter().collect();
            rows.sort_by_key(|o| o.addr);
            for o in rows {
                t.row(vec![
                    format!("{:#x}", o.addr),
                    o.size.to_string(),
                    o.type_name.clone(),
                    o.array_len.map_or(String::new(), |l| l.to_string()),
                    o.age.to_string(),
                    o.space.clone().unwrap_or_else(|| "-".into()),
                    o.site_label.clone(),
                ]);
            }
            t
        }
        Content::Groups { key_name, rows } => {
            let mut t = Table::new(&[key_name, "objects", "bytes", "% bytes", "mean size"]);
            for (k, n, b) in rows {
                t.row(vec![
                    k.clone(),
                    thousands(*n),
                    thousands(*b),
                    percent(*b, h.bytes),
                    (b / n.max(&1)).to_string(),
                ]);
            }
            t
        }
    };
    format!("{title}\n\n{}", table.render())
}

/// `gcvm heap --by a,b,...`: the tree, indented.
pub fn heap_tree(h: &HeapTree) -> String {
    let mut t = Table::new(&[&chain_label(&h.chain), "objects", "bytes", "% bytes"]);
    tree_rows(&h.root, &h.chain, 0, h.root.bytes, &mut t);
    format!(
        "heap at {}: {} objects, {}\n\n{}",
        h.boundary,
        thousands(h.root.objects),
        human_bytes(h.root.bytes),
        t.render()
    )
}

/// One level of the tree: the first 25 groups at the top, 10 below, each with its children.
fn tree_rows(node: &Node, chain: &[GroupBy], depth: usize, total: u64, t: &mut Table) {
    let sorted = node.sorted(chain.get(depth));
    let limit = if depth == 0 { 25 } else { 10 };
    for (k, n) in sorted.iter().take(limit) {
        t.row(vec![
            format!("{}{}", "  ".repeat(depth), k.1),
            thousands(n.objects),
            thousands(n.bytes),
            percent(n.bytes, total),
        ]);
        tree_rows(n, chain, depth + 1, total, t);
    }
    if sorted.len() > limit {
        t.row(vec![format!(
            "{}... {} more",
            "  ".repeat(depth),
            sorted.len() - limit
        )]);
    }
}

/// `gcvm diff`.
pub fn diff(d: &Diff) -> String {
    let (a, b) = (d.from, d.to);
    let mut t = Table::new(&[
        &chain_label(&d.chain),
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
    t.row(row("(all)".into(), &d.total));
    for (k, r) in d.groups.iter().take(25) {
        t.row(row(k.clone(), r));
    }
    if d.groups.len() > 25 {
        t.row(vec![format!("... {} more groups", d.groups.len() - 25)]);
    }
    format!(
        "heap diff {a} -> {b}: perm = alive at both, born = allocated after {a} and alive at {b}, died = alive at {a} and dead at {b}, temp = allocated and dead in between\n\n{}",
        t.render()
    )
}

/// A lifetime bucket: under `2^(k+1)` allocated bytes.
pub fn life_label(k: usize) -> String {
    format!("<{}", human_bytes(1u64 << (k + 1)))
}

/// `gcvm overview`: per collection, memory per space before and after, pause and cause,
/// survivors and deaths.
pub fn overview(l: &Lifecycle) -> String {
    let spaces = l.space_labels();
    let mut head = vec!["gc", "kind", "cause", "start ms", "pause ms"];
    let cols: Vec<String> = spaces
        .iter()
        .flat_map(|s| [format!("{s} before"), format!("{s} after")])
        .collect();
    head.extend(cols.iter().map(String::as_str));
    head.extend(["survived", "died", "died objs"]);
    let mut t = Table::new(&head).left(1).left(2);
    for g in &l.gcs {
        let mut row = vec![
            g.id.to_string(),
            g.kind.into(),
            g.cause.clone(),
            ms(g.start_us),
            g.pause_us.map_or("-".into(), ms),
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
        l.gcs.len(),
        or_dash(&l.header.collector),
        human_bytes(l.allocated_bytes),
        t.render()
    )
}

/// `gcvm lifetimes`: lifetimes of dead objects in allocated bytes, overall and per type or
/// site (`by_site`).
pub fn lifetimes(l: &Lifecycle, by_site: bool) -> String {
    let mut o = format!(
        "lifetimes of dead objects in bytes allocated between their allocation and the collection that found them dead (resolution {}); {} objects ({}) still alive at the end\n\n",
        human_bytes(l.epoch_bytes),
        thousands(l.alive_at_end.0),
        human_bytes(l.alive_at_end.1)
    );
    let total = l.lifetimes.objects();
    let mut t = Table::new(&["lifetime", "objects", "% objects", "bytes"]);
    for (&k, &(n, b)) in &l.lifetimes.buckets {
        t.row(vec![
            life_label(k),
            thousands(n),
            percent(n, total),
            thousands(b),
        ]);
    }
    o += &t.render();
    o += "\n";
    let groups = l.lifetime_groups(by_site);
    let mut t = Table::new(&[
        if by_site { "site" } else { "type" },
        "dead objects",
        "dead bytes",
        "median lifetime",
        "shortest",
        "longest",
    ]);
    for (k, h) in groups.iter().take(25) {
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
    if groups.len() > 25 {
        t.row(vec![format!("... {} more", groups.len() - 25)]);
    }
    o + &t.render()
}

/// `gcvm escapees`: per site, the dead objects that survived exactly one collection and died
/// at the next one that collected them.
pub fn escapees(l: &Lifecycle) -> String {
    let v = l.escapee_sites();
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
            percent(n, l.dead_at_site(s).0),
        ]);
    }
    format!(
        "nursery escapees: objects that survived exactly one collection and died at the next ({} sites)\n\n{}",
        v.len(),
        t.render()
    )
}

/// `gcvm leaks`: the ranked suspects.
pub fn leaks(l: &Lifecycle) -> String {
    let v = l.leak_suspects();
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
        l.gcs.len(),
        if v.is_empty() {
            "none\n".to_string()
        } else {
            t.render()
        }
    )
}

/// `gcvm deaths`: the pairs with the most objects.
pub fn deaths(d: &DeathSummary, top: usize) -> String {
    let total = d.deaths;
    let mut o = format!(
        "{} objects ({}) died; the method where the last reference went away was not observed for {} ({})\n\n",
        thousands(total),
        human_bytes(d.bytes),
        thousands(d.unknown_context),
        percent(d.unknown_context, total)
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
    for ((site, ctx), p) in d.pairs.iter().take(top) {
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
    if d.pairs.len() > top {
        o += &format!(
            "({} more pairs; --json lists them all)\n",
            d.pairs.len() - top
        );
    }
    o
}

/// `gcvm compare`'s summary table: its header and one row per collector.
pub fn comparison_table(c: &Comparison) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let head = vec![
        "collector",
        "exit",
        "wall s",
        "collections",
        "total pause ms",
        "median ms",
        "p99 ms",
        "max ms",
        "MMU 10 ms",
        "moved",
        "kept in place",
        "freed",
        "mean survival",
        "median lifetime",
    ];
    let rows = c
        .runs
        .iter()
        .map(|r| {
            let p = r.pause_summary();
            let surv = if r.survival.is_empty() {
                "-".into()
            } else {
                format!(
                    "{:.1}%",
                    100.0 * r.survival.iter().map(|s| s.1).sum::<f64>() / r.survival.len() as f64
                )
            };
            vec![
                r.collector.clone(),
                r.exit_code.to_string(),
                format!("{:.3}", r.wall_s),
                r.collections.to_string(),
                ms(p.total_us),
                ms(p.p50_us),
                ms(p.p99_us),
                ms(p.max_us),
                format!("{:.3}", r.mmu_10ms()),
                human_bytes(r.moved_bytes),
                human_bytes(r.kept_bytes),
                human_bytes(r.freed_bytes),
                surv,
                r.median_lifetime_bytes
                    .map_or("-".into(), |b| format!("<{}", human_bytes(b))),
            ]
        })
        .collect();
    (head, rows)
}

/// `gcvm compare`'s one-sentence introduction.
pub fn comparison_intro(c: &Comparison) -> String {
    format!(
        "`{}` with -Xmx{}, traced, under {} collector(s); {}.",
        c.program,
        c.xmx,
        c.runs.len(),
        if c.same_output {
            "every run printed the same output"
        } else {
            "the runs' outputs DIFFER (see the .out files)"
        }
    )
}

/// `gcvm compare`'s report.md: the summary table.
pub fn comparison_markdown(c: &Comparison) -> String {
    let (head, rows) = comparison_table(c);
    let mut o = format!("# gcvm compare\n\n{}\n\n", comparison_intro(c));
    o += &format!("| {} |\n", head.join(" | "));
    o += &format!("|{}\n", "---|".repeat(head.len()));
    for r in rows {
        o += &format!("| {} |\n", r.join(" | "));
    }
    o += "\nmoved = copied or compacted; kept in place = survivors reported where they were; freed = dead bytes the collections found (swept or left behind). MMU = minimum mutator utilisation. Median lifetime: of dead objects, in allocated bytes (upper bound of its power-of-two bucket).\n";
    o
}

/// `gcvm activity`: per pause (or overall), the top code units by bytecodes and by allocated
/// bytes in the window before it, the threads' states there, and the wait for the safepoint.
pub fn activity(r: &ActivityReport) -> String {
    let o = &r.options;
    let window = match o.window_ms {
        Some(ms) => format!("the activity intervals that ended within {ms} ms before each pause"),
        None => "the activity intervals that ended since the previous pause (the first pause: since the trace start)".to_string(),
    };
    let mut out = format!(
        "activity of {}: top {} {} by bytecodes and by allocated bytes in {window}\n",
        r.file,
        o.top,
        o.by.plural()
    );
    for p in &r.pauses {
        out += "\n";
        out += &pause_activity(p, r);
    }
    if let Some(w) = &r.overall {
        out += "\nthe trace has no pauses; the whole run:\n";
        out += &window_activity(w, r);
    }
    out
}

fn pause_activity(p: &PauseActivity, r: &ActivityReport) -> String {
    let g = &p.pause;
    let mut o = format!(
        "GC {} ({}, {}) at {} ms, pause {} ms\n",
        g.gc,
        g.kind,
        g.cause,
        ms(g.start_us),
        g.end_us
            .map_or("-".into(), |e| ms(e.saturating_sub(g.start_us)))
    );
    o += &window_activity(&p.before, r);
    if let Some(s) = &p.safepoint {
        o += &safepoint_wait(s);
    }
    o
}

/// `(from, to]` in ms; the trace start and end when open.
fn window_label(w: &Window) -> String {
    let from = w
        .from_us
        .map_or("trace start".into(), |f| format!("{} ms", ms(f)));
    let to = w
        .to_us
        .map_or("trace end".into(), |t| format!("{} ms", ms(t)));
    format!("({from}, {to}]")
}

fn window_activity(w: &WindowActivity, r: &ActivityReport) -> String {
    let t = &w.total;
    let mut o = format!(
        "window {}: {} thread intervals, {} {}, {} bytecodes, {} invocations, {} in {} objects\n",
        window_label(&w.window),
        thousands(w.intervals),
        thousands(w.units as u64),
        r.options.by.plural(),
        thousands(t.bytecodes),
        thousands(t.invocations),
        human_bytes(t.bytes),
        thousands(t.objects)
    );
    let unit = r.options.by.name();
    let top = r.options.top;
    if w.by_bytecodes.is_empty() {
        o += "no code ran in the window\n";
    } else {
        let mut tb = Table::new(&[
            &format!("{unit} by bytecodes"),
            "bytecodes",
            "% bytecodes",
            "invocations",
            "objects",
            "bytes",
        ]);
        for u in w.by_bytecodes.iter().take(top) {
            tb.row(vec![
                u.name.clone(),
                thousands(u.bytecodes),
                percent(u.bytecodes, t.bytecodes),
                thousands(u.invocations),
                thousands(u.objects),
                human_bytes(u.bytes),
            ]);
        }
        o += "\n";
        o += &tb.render();
    }
    if !w.by_bytes.is_empty() {
        let mut tb = Table::new(&[
            &format!("{unit} by allocated bytes"),
            "bytes",
            "% bytes",
            "objects",
            "bytecodes",
        ]);
        for u in w.by_bytes.iter().take(top) {
            tb.row(vec![
                u.name.clone(),
                human_bytes(u.bytes),
                percent(u.bytes, t.bytes),
                thousands(u.objects),
                thousands(u.bytecodes),
            ]);
        }
        o += "\n";
        o += &tb.render();
    }
    if !w.threads.is_empty() {
        o += "\n";
        o += &state_table("thread (ms per state)", &w.threads, &[]);
    }
    o
}

/// The states any of `threads` was in, in `ThreadState` order.
fn states_present(threads: &[&ThreadTimes]) -> Vec<ThreadState> {
    ThreadState::ALL
        .into_iter()
        .filter(|s| threads.iter().any(|t| t.time_in(*s) > 0))
        .collect()
}

/// One row per thread: the `extra` cells after its label, then its ms per state.
fn state_table(first: &str, threads: &[ThreadTimes], extra: &[(&str, Vec<String>)]) -> String {
    let refs: Vec<&ThreadTimes> = threads.iter().collect();
    let states = states_present(&refs);
    let mut head = vec![first];
    head.extend(extra.iter().map(|(h, _)| *h));
    head.extend(states.iter().map(|s| s.name()));
    let mut tb = Table::new(&head);
    for (i, th) in threads.iter().enumerate() {
        let mut row = vec![th.label.clone()];
        row.extend(extra.iter().map(|(_, cells)| cells[i].clone()));
        row.extend(states.iter().map(|s| match th.time_in(*s) {
            0 => "-".to_string(),
            us => ms(us),
        }));
        tb.row(row);
    }
    tb.render()
}

fn safepoint_wait(s: &SafepointWait) -> String {
    let mut o = format!(
        "\ntime to safepoint {} ms: requested at {} ms by {}, every thread stopped at {} ms\n",
        ms(s.all_arrived_us.saturating_sub(s.requested_us)),
        ms(s.requested_us),
        s.requester
            .as_deref()
            .unwrap_or("the collector's controller"),
        ms(s.all_arrived_us)
    );
    if s.threads.is_empty() {
        return o;
    }
    let times: Vec<ThreadTimes> = s.threads.iter().map(|a| a.times.clone()).collect();
    let arrived: Vec<String> = s
        .threads
        .iter()
        .map(|a| ms(a.arrived_us.saturating_sub(s.requested_us)))
        .collect();
    o += &state_table(
        "thread (ms per state while the VM waited)",
        &times,
        &[("arrived after ms", arrived)],
    );
    o
}
