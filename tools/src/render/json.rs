//! The reports as JSON (`--json`, and `gcvm compare`'s report.json): one object each, with a
//! newline.

use super::format::{arr, js, Obj};
use crate::analysis::activity::{
    ActivityReport, SafepointWait, ThreadTimes, UnitTotals, WindowActivity,
};
use crate::analysis::compare::{Comparison, RunMetrics};
use crate::analysis::deaths::{DeathSummary, BIRTH_RESOLUTION};
use crate::analysis::diff::{Diff, DiffRow};
use crate::analysis::heap_at::{Content, HeapAt, HeapTree, Node};
use crate::analysis::info::TraceInfo;
use crate::analysis::lifecycle::{Histogram, Lifecycle};
use crate::analysis::stats::{Stats, Tally};
use crate::boundary::{chain_label, GroupBy};
use std::collections::BTreeMap;

/// `gcvm trace info --json`.
pub fn info(i: &TraceInfo) -> String {
    let h = &i.header;
    let kinds = arr(i.kinds.iter().map(|k| {
        Obj::new()
            .str("kind", k.kind)
            .num("count", k.count)
            .num("raw_bytes", k.raw_bytes)
            .build()
    }));
    let threads = arr(i.threads.iter().map(|t| {
        Obj::new()
            .num("id", t.id)
            .str("label", &t.label)
            .raw(
                "name",
                t.name.as_ref().map_or("null".to_string(), |n| js(n)),
            )
            .num("events", t.events)
            .num("chunks", t.chunks)
            .raw("died", t.died.map_or("null".to_string(), |d| d.to_string()))
            .build()
    }));
    let colls = arr(i.collections.iter().map(|g| {
        Obj::new()
            .num("id", g.id)
            .str("kind", g.kind)
            .str("cause", &g.cause)
            .num("start_us", g.start_us)
            .opt("end_us", g.end_us)
            .opt("pause_us", g.end_us.map(|e| e.saturating_sub(g.start_us)))
            .build()
    }));
    let spaces = arr(i.spaces.iter().map(|s| {
        Obj::new()
            .num("id", s.id)
            .str("name", &s.name)
            .str("kind", s.kind)
            .num("start", s.start)
            .num("end", s.end)
            .build()
    }));
    let header = Obj::new()
        .num("version", h.version)
        .str("collector", &h.collector)
        .str("program", &h.program)
        .num("heap_size", h.heap_size)
        .num("start_unix_ms", h.start_unix_ms)
        .num("array_header", h.array_header)
        .num("min_object_size", h.min_object_size)
        .raw("compressed", i.compressed.to_string())
        .build();
    let chunks = Obj::new()
        .num("count", i.chunks)
        .num("compressed", i.compressed_chunks)
        .num("raw_bytes", i.raw_bytes)
        .num("stored_bytes", i.stored_bytes)
        .build();
    let symbols = Obj::new()
        .num("types", i.types)
        .num("sites", i.sites)
        .num("causes", i.causes)
        .build();
    Obj::new()
        .str("file", &i.file)
        .num("file_bytes", i.file_bytes)
        .raw("header", header)
        .raw("chunks", chunks)
        .raw("finished", i.finished.to_string())
        .num("events", i.events)
        .raw("event_kinds", kinds)
        .num("allocation_events", i.allocation_events)
        .num(
            "raw_bytes_per_allocation",
            format!("{:.3}", i.raw_per_allocation),
        )
        .num(
            "stored_bytes_per_allocation",
            format!("{:.3}", i.stored_per_allocation),
        )
        .num(
            "raw_bytes_per_allocation_with_buffers",
            format!("{:.3}", i.raw_per_allocation_with_buffers),
        )
        .raw("activity", i.activity.to_string())
        .num("activity_intervals", i.activity_intervals)
        .num(
            "activity_bytes_per_interval",
            format!("{:.3}", i.activity_bytes_per_interval),
        )
        .raw("pointers", i.pointers.to_string())
        .num("pointer_records", i.pointer_records)
        .num("pointer_references", i.pointer_references)
        .num("roots", i.roots)
        .num(
            "pointer_bytes_per_collection",
            format!("{:.1}", i.pointer_bytes_per_collection),
        )
        .raw("threads", threads)
        .raw("collections", colls)
        .raw("spaces", spaces)
        .raw("symbols", symbols)
        .build()
        + "\n"
}

/// Per type or site: its id under `id_key`, its name under `name_key`, objects and bytes.
fn tallies(rows: &[Tally], id_key: &str, name_key: &str) -> String {
    arr(rows.iter().map(|r| {
        Obj::new()
            .num(id_key, r.id)
            .str(name_key, &r.name)
            .num("count", r.objects)
            .num("bytes", r.bytes)
            .build()
    }))
}

/// `gcvm stats --json`.
pub fn stats(s: &Stats) -> String {
    let hist = arr(s.size_histogram.iter().map(|&(k, n, b)| {
        Obj::new()
            .num("min_size", 1u64 << k)
            .num("max_size_exclusive", 1u64 << (k + 1))
            .num("count", n)
            .num("bytes", b)
            .build()
    }));
    let gcs = arr(s.collections.iter().map(|c| {
        let g = &c.record;
        Obj::new()
            .num("id", g.id)
            .str("kind", c.kind)
            .str("cause", &c.cause)
            .num("start_us", g.start_us)
            .opt("pause_us", g.pause_us())
            .num("before_objects", g.before_objects)
            .num("before_bytes", g.before_bytes)
            .num("collected_objects", g.collected_objects)
            .num("collected_bytes", g.collected_bytes)
            .num("survivor_objects", g.survivor_objects())
            .num("survivor_bytes", g.survivor_bytes())
            .num("moved_objects", g.moved_objects)
            .num("moved_bytes", g.moved_bytes)
            .num("kept_objects", g.kept_objects)
            .num("kept_bytes", g.kept_bytes)
            .num("dead_objects", g.dead_objects)
            .num("dead_bytes", g.dead_bytes)
            .num("after_objects", g.after_objects)
            .num("after_bytes", g.after_bytes)
            .build()
    }));
    let p = &s.pauses;
    let pauses = Obj::new()
        .num("count", p.count)
        .num("total_us", p.total_us)
        .num("max_us", p.max_us)
        .num("p50_us", p.p50_us)
        .num("p90_us", p.p90_us)
        .num("p99_us", p.p99_us)
        .build();
    let end = Obj::new()
        .num("live_objects", s.live_objects)
        .num("live_bytes", s.live_bytes)
        .num("stale_objects", s.stale_objects)
        .num("released_objects", s.released_objects)
        .num("reconstruction_peak_bytes", s.reconstruction_peak_bytes)
        .build();
    Obj::new()
        .num("allocations", s.allocations)
        .num("allocated_bytes", s.allocated_bytes)
        .num("array_allocations", s.arrays.0)
        .num("array_bytes", s.arrays.1)
        .num("tlabs", s.tlabs.0)
        .num("tlab_bytes", s.tlabs.1)
        .num("outside_tlab_allocations", s.outside_tlab.0)
        .num("outside_tlab_bytes", s.outside_tlab.1)
        .num("cell_runs", s.cell_runs.0)
        .num("cell_run_bytes", s.cell_runs.1)
        .raw("by_type", tallies(&s.by_type, "type", "name"))
        .raw("by_site", tallies(&s.by_site, "site", "label"))
        .raw("size_histogram", hist)
        .raw("collections", gcs)
        .raw("pauses", pauses)
        .raw("end", end)
        .build()
        + "\n"
}

/// `gcvm heap --json` with one classifier (or every object).
pub fn heap_at(h: &HeapAt) -> String {
    let o = Obj::new().str("boundary", &h.boundary.to_string());
    match &h.content {
        Content::Objects(objects) => {
            let items = arr(objects.iter().map(|o| {
                Obj::new()
                    .num("addr", o.addr)
                    .num("size", o.size)
                    .num("type", o.type_id)
                    .str("type_name", &o.type_name)
                    .opt("array_length", o.array_len)
                    .num("site", o.site)
                    .num("thread", o.thread)
                    .num("age", o.age)
                    .raw("space", o.space.as_ref().map_or("null".into(), |s| js(s)))
                    .build()
            }));
            o.num("objects", h.objects)
                .num("bytes", h.bytes)
                .raw("heap", items)
                .build()
                + "\n"
        }
        Content::Groups { key_name, rows } => {
            let items = arr(rows.iter().map(|(k, n, b)| {
                Obj::new()
                    .str("key", k)
                    .num("objects", *n)
                    .num("bytes", *b)
                    .build()
            }));
            o.str("group_by", key_name)
                .num("objects", h.objects)
                .num("bytes", h.bytes)
                .raw("groups", items)
                .build()
                + "\n"
        }
    }
}

/// `gcvm heap --by a,b,... --json`: the tree, nested.
pub fn heap_tree(h: &HeapTree) -> String {
    Obj::new()
        .str("boundary", &h.boundary.to_string())
        .str("group_by", &chain_label(&h.chain))
        .num("objects", h.root.objects)
        .num("bytes", h.root.bytes)
        .raw("groups", tree_groups(&h.root, &h.chain, 0))
        .build()
        + "\n"
}

/// One level of the tree, each group with its children.
fn tree_groups(node: &Node, chain: &[GroupBy], depth: usize) -> String {
    arr(node.sorted(chain.get(depth)).into_iter().map(|(k, n)| {
        let mut o = Obj::new()
            .str("key", &k.1)
            .num("objects", n.objects)
            .num("bytes", n.bytes);
        if !n.children.is_empty() {
            o = o.raw("groups", tree_groups(n, chain, depth + 1));
        }
        o.build()
    }))
}

/// Each category of a diff row as `{"objects": N, "bytes": B}` under its name.
fn diff_categories(o: Obj, r: &DiffRow) -> Obj {
    let mut o = o;
    for (k, p) in [
        ("perm", r.perm),
        ("born", r.born),
        ("died", r.died),
        ("temp", r.temp),
    ] {
        o = o.raw(k, Obj::new().num("objects", p.0).num("bytes", p.1).build());
    }
    o
}

/// `gcvm diff --json`.
pub fn diff(d: &Diff) -> String {
    let groups = arr(d
        .groups
        .iter()
        .map(|(k, r)| diff_categories(Obj::new().str("key", k), r).build()));
    let o = Obj::new()
        .str("from", &d.from.to_string())
        .str("to", &d.to.to_string())
        .str("group_by", &chain_label(&d.chain));
    diff_categories(o, &d.total).raw("groups", groups).build() + "\n"
}

/// A map of space labels to bytes.
fn bytes_per_space(m: &BTreeMap<String, u64>) -> String {
    let mut o = Obj::new();
    for (k, v) in m {
        o = o.num(k, v);
    }
    o.build()
}

/// `gcvm overview --json`.
pub fn overview(l: &Lifecycle) -> String {
    let gcs = arr(l.gcs.iter().map(|g| {
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
            .raw("spaces_before", bytes_per_space(&g.spaces_before))
            .raw("spaces_after", bytes_per_space(&g.spaces_after))
            .build()
    }));
    Obj::new()
        .str("collector", &l.header.collector)
        .num("allocated_bytes", l.allocated_bytes)
        .raw("spaces", arr(l.space_labels().iter().map(|s| js(s))))
        .raw("collections", gcs)
        .build()
        + "\n"
}

/// A lifetime histogram: objects and bytes per bucket.
fn histogram(h: &Histogram) -> String {
    arr(h.buckets.iter().map(|(&k, &(n, b))| {
        Obj::new()
            .num("min_bytes", if k == 0 { 0 } else { 1u64 << k })
            .num("max_bytes_exclusive", 1u64 << (k + 1))
            .num("objects", n)
            .num("bytes", b)
            .build()
    }))
}

/// `gcvm lifetimes --json`.
pub fn lifetimes(l: &Lifecycle, by_site: bool) -> String {
    let groups = arr(l.lifetime_groups(by_site).iter().map(|(k, h)| {
        Obj::new()
            .str("key", k)
            .num("objects", h.objects())
            .num("bytes", h.bytes())
            .raw("histogram", histogram(h))
            .build()
    }));
    Obj::new()
        .num("resolution_bytes", l.epoch_bytes)
        .num("alive_at_end_objects", l.alive_at_end.0)
        .num("alive_at_end_bytes", l.alive_at_end.1)
        .raw("all", histogram(&l.lifetimes))
        .str("group_by", if by_site { "site" } else { "type" })
        .raw("groups", groups)
        .build()
        + "\n"
}

/// `gcvm escapees --json`.
pub fn escapees(l: &Lifecycle) -> String {
    let sites = arr(l.escapee_sites().iter().map(|(s, &(n, b))| {
        let dead = l.dead_at_site(s);
        Obj::new()
            .str("site", s)
            .num("objects", n)
            .num("bytes", b)
            .num("dead_objects", dead.0)
            .num("dead_bytes", dead.1)
            .build()
    }));
    Obj::new().raw("sites", sites).build() + "\n"
}

/// `gcvm leaks --json`.
pub fn leaks(l: &Lifecycle) -> String {
    let suspects = arr(l.leak_suspects().iter().map(|(s, g, st, series)| {
        Obj::new()
            .str("site", s)
            .num("growth_bytes", g)
            .num("steadiness", format!("{st:.3}"))
            .num("first_bytes", series.first().copied().unwrap_or(0))
            .num("last_bytes", series.last().copied().unwrap_or(0))
            .build()
    }));
    Obj::new()
        .num("collections", l.gcs.len())
        .raw("suspects", suspects)
        .build()
        + "\n"
}

/// `gcvm deaths --json`: every pair.
pub fn deaths(d: &DeathSummary) -> String {
    let pairs = arr(d.pairs.iter().map(|((site, ctx), p)| {
        Obj::new()
            .str("allocation_site", site)
            .str("death_site", ctx)
            .num("objects", p.objects)
            .num("bytes", p.bytes)
            .num("mean_lifetime_bytes", p.mean_lifetime())
            .build()
    }));
    Obj::new()
        .num("deaths", d.deaths)
        .num("bytes", d.bytes)
        .num("unknown_context", d.unknown_context)
        .num("birth_resolution_bytes", BIRTH_RESOLUTION)
        .raw("pairs", pairs)
        .build()
        + "\n"
}

/// One collector's metrics in `gcvm compare`'s report.json.
fn run_metrics(r: &RunMetrics) -> String {
    let p = r.pause_summary();
    let mmu = arr(r.mmu_curve().iter().map(|(w, u)| {
        Obj::new()
            .num("window_ms", w)
            .num("mmu", format!("{u:.4}"))
            .build()
    }));
    let heap_after = arr(r.heap_after.iter().map(|(t, b)| {
        Obj::new()
            .num("time_ms", format!("{t:.3}"))
            .num("bytes", b)
            .build()
    }));
    let survival = arr(r.survival.iter().map(|(id, rate)| {
        Obj::new()
            .num("gc", id)
            .num("rate", format!("{rate:.4}"))
            .build()
    }));
    let ages = arr(r
        .ages_at_end
        .iter()
        .map(|(a, n)| Obj::new().num("age", a).num("objects", n).build()));
    Obj::new()
        .str("collector", &r.collector)
        .num("exit_code", r.exit_code)
        .num("wall_s", format!("{:.3}", r.wall_s))
        .num("collections", r.collections)
        .num("total_pause_us", p.total_us)
        .num("median_pause_us", p.p50_us)
        .num("p99_pause_us", p.p99_us)
        .num("max_pause_us", p.max_us)
        .raw("mmu", mmu)
        .raw("heap_after_gc", heap_after)
        .raw("survival_rate", survival)
        .num("allocated_bytes", r.allocated_bytes)
        .num("moved_bytes", r.moved_bytes)
        .num("kept_in_place_bytes", r.kept_bytes)
        .num("freed_bytes", r.freed_bytes)
        .opt("median_lifetime_bytes", r.median_lifetime_bytes)
        .raw("ages_at_end", ages)
        .build()
}

/// `gcvm compare`'s report.json: every metric of every run.
pub fn comparison(c: &Comparison) -> String {
    Obj::new()
        .str("program", &c.program)
        .str("xmx", &c.xmx)
        .raw("same_output", c.same_output.to_string())
        .raw("runs", arr(c.runs.iter().map(run_metrics)))
        .build()
        + "\n"
}

/// A code unit's totals.
fn unit_totals(u: &UnitTotals) -> String {
    Obj::new()
        .str("name", &u.name)
        .num("bytecodes", u.bytecodes)
        .num("invocations", u.invocations)
        .num("objects", u.objects)
        .num("bytes", u.bytes)
        .build()
}

/// `{"running": µs, ...}`: the states the thread was in.
fn state_times(t: &ThreadTimes) -> String {
    t.states
        .iter()
        .fold(Obj::new(), |o, (s, us)| o.num(s.name(), us))
        .build()
}

fn thread_times(t: &ThreadTimes) -> Obj {
    Obj::new()
        .num("id", t.thread)
        .str("label", &t.label)
        .raw("states_us", state_times(t))
}

fn activity_window(w: &WindowActivity, top: usize) -> String {
    let t = &w.total;
    Obj::new()
        .opt("from_us", w.window.from_us)
        .opt("to_us", w.window.to_us)
        .num("intervals", w.intervals)
        .num("bytecodes", t.bytecodes)
        .num("invocations", t.invocations)
        .num("objects", t.objects)
        .num("bytes", t.bytes)
        .num("units", w.units)
        .raw(
            "top_by_bytecodes",
            arr(w.by_bytecodes.iter().take(top).map(unit_totals)),
        )
        .raw(
            "top_by_bytes",
            arr(w.by_bytes.iter().take(top).map(unit_totals)),
        )
        .raw(
            "threads",
            arr(w.threads.iter().map(|t| thread_times(t).build())),
        )
        .build()
}

fn activity_safepoint(s: &SafepointWait) -> String {
    let threads = arr(s.threads.iter().map(|a| {
        thread_times(&a.times)
            .num("arrived_us", a.arrived_us)
            .num("wait_us", a.arrived_us.saturating_sub(s.requested_us))
            .build()
    }));
    Obj::new()
        .raw(
            "requester",
            s.requester.as_deref().map_or("null".into(), js),
        )
        .num("requested_us", s.requested_us)
        .num("all_arrived_us", s.all_arrived_us)
        .num(
            "time_to_safepoint_us",
            s.all_arrived_us.saturating_sub(s.requested_us),
        )
        .raw("threads", threads)
        .build()
}

/// `gcvm activity --json`.
pub fn activity(r: &ActivityReport) -> String {
    let o = &r.options;
    let pauses = arr(r.pauses.iter().map(|p| {
        let g = &p.pause;
        Obj::new()
            .num("gc", g.gc)
            .str("kind", g.kind)
            .str("cause", &g.cause)
            .num("start_us", g.start_us)
            .opt("end_us", g.end_us)
            .raw("window", activity_window(&p.before, o.top))
            .raw(
                "safepoint",
                p.safepoint
                    .as_ref()
                    .map_or("null".into(), activity_safepoint),
            )
            .build()
    }));
    Obj::new()
        .str("file", &r.file)
        .str("by", o.by.name())
        .num("top", o.top)
        .opt("window_ms", o.window_ms)
        .raw("pauses", pauses)
        .raw(
            "overall",
            r.overall
                .as_ref()
                .map_or("null".into(), |w| activity_window(w, o.top)),
        )
        .build()
        + "\n"
}
