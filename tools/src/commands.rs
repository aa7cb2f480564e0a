//! The entry points of the `gcvm` trace commands: each runs its analysis (analysis/), then
//! renders the result as text or JSON (render/), and writes the plots asked for. Each returns
//! the text to print.

use crate::analysis::activity::{self as code_activity, ActivityOptions};
use crate::analysis::compare::Comparison;
use crate::analysis::lifecycle::Lifecycle;
use crate::analysis::{
    deaths as death_summary, diff as heap_diff, heap_at as heap, info, stats as allocations,
};
use crate::boundary::GroupBy;
use crate::reader::TraceError;
use crate::render::{graph_reports, html, json as to_json, svg, text};
use std::path::Path;

/// What an analysis found, rendered by `as_json` if `json`, else by `as_text`.
fn rendered<T>(
    found: Result<T, TraceError>,
    json: bool,
    as_json: fn(&T) -> String,
    as_text: fn(&T) -> String,
) -> Result<String, TraceError> {
    let data = found?;
    Ok(if json { as_json(&data) } else { as_text(&data) })
}

/// `gcvm trace info`: what is in a trace, without reconstructing the heap.
pub fn trace_info(path: impl AsRef<Path>, json: bool) -> Result<String, TraceError> {
    rendered(info::read(path), json, to_json::info, text::info)
}

/// `gcvm stats`: allocation statistics and what every collection did.
pub fn stats(path: impl AsRef<Path>, json: bool) -> Result<String, TraceError> {
    rendered(allocations::read(path), json, to_json::stats, text::stats)
}

/// `gcvm heap`: the heap at `boundary` ("gc:12:end", "gc:3:start", "end"), every object or
/// grouped.
pub fn heap_at(
    path: impl AsRef<Path>,
    boundary: &str,
    group_by: GroupBy,
    json: bool,
) -> Result<String, TraceError> {
    rendered(
        heap::read(path, boundary, group_by),
        json,
        to_json::heap_at,
        text::heap_at,
    )
}

/// `gcvm heap --by a,b,...`: the heap at `boundary` as a tree of groups, one level per
/// classifier of the chain.
pub fn heap_by_chain(
    path: impl AsRef<Path>,
    boundary: &str,
    chain: &[GroupBy],
    json: bool,
) -> Result<String, TraceError> {
    rendered(
        heap::read_tree(path, boundary, chain),
        json,
        to_json::heap_tree,
        text::heap_tree,
    )
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
    rendered(
        heap_diff::read(path, from, to, chain),
        json,
        to_json::diff,
        text::diff,
    )
}

/// Writes `svgs` to `path`: one plot as an SVG file, several as an HTML page that embeds them.
pub fn write_plots(path: &Path, title: &str, svgs: &[String]) -> Result<(), TraceError> {
    std::fs::write(path, html::plot_file(title, svgs))
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
        write_plots(p, "gcvm overview", &svg::overview(&l))?;
    }
    rendered(Ok(l), json, to_json::overview, text::overview)
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
        write_plots(p, "gcvm lifetimes", &[svg::lifetimes(&l)])?;
    }
    Ok(match json {
        true => to_json::lifetimes(&l, by_site),
        false => text::lifetimes(&l, by_site),
    })
}

/// `gcvm escapees FILE [--json]`.
pub fn escapees(path: impl AsRef<Path>, json: bool) -> Result<String, TraceError> {
    rendered(
        Lifecycle::read(path),
        json,
        to_json::escapees,
        text::escapees,
    )
}

/// `gcvm leaks FILE [--json] [--plot OUT.svg]`: on a trace with pointers, suspects by
/// retained-size growth over the graphs at the end of every collection that collects (not an
/// initial mark, whose graph is the last collection's; `--plot` then draws the
/// allocation sites' live bytes, as for a plain trace); otherwise allocation sites by live-bytes
/// growth.
pub fn leaks(
    path: impl AsRef<Path>,
    json: bool,
    plot: Option<&Path>,
) -> Result<String, TraceError> {
    let path = path.as_ref();
    if has_pointers(path)? {
        if let Some(p) = plot {
            write_plots(
                p,
                "gcvm leak suspects",
                &[svg::leaks(&Lifecycle::read(path)?)],
            )?;
        }
        return retained_leaks(path, json, LEAK_SUSPECTS);
    }
    let l = Lifecycle::read(path)?;
    if let Some(p) = plot {
        write_plots(p, "gcvm leak suspects", &[svg::leaks(&l)])?;
    }
    rendered(Ok(l), json, to_json::leaks, text::leaks)
}

/// `gcvm deaths TRACE [--json] [--plot OUT.svg] [--top N]`.
pub fn deaths(
    path: impl AsRef<Path>,
    json: bool,
    plot: Option<&Path>,
    top: usize,
) -> Result<String, TraceError> {
    let d = death_summary::summary(path)?;
    if let Some(p) = plot {
        write_plots(p, "gcvm deaths", &[svg::hive(&d.groups)])?;
    }
    Ok(match json {
        true => to_json::deaths(&d),
        false => text::deaths(&d, top),
    })
}

/// `gcvm activity TRACE [--around gc:N] [--by method|class|package] [--top K] [--window MS]
/// [--json]`.
pub fn activity(
    path: impl AsRef<Path>,
    options: ActivityOptions,
    json: bool,
) -> Result<String, TraceError> {
    rendered(
        code_activity::report(path, options),
        json,
        to_json::activity,
        text::activity,
    )
}

/// `gcvm compare`'s report, in each of its three forms.
impl Comparison {
    /// Markdown: the summary table.
    pub fn markdown(&self) -> String {
        text::comparison_markdown(self)
    }

    /// JSON: every metric of every run.
    pub fn json(&self) -> String {
        to_json::comparison(self)
    }

    /// HTML: the table, the all-collector plots, then each collector's plots.
    pub fn html(&self) -> String {
        html::comparison(self)
    }
}

/// `gcvm paths`'s report on a graph already built (`at`: the boundary's label): the shortest
/// root paths of the objects `target` selects, grouped, at most `limit` groups.
pub fn paths_in(
    graph: &crate::graph::ObjectGraph,
    at: &str,
    target: &crate::analysis::paths::Target,
    json: bool,
    limit: usize,
) -> String {
    let r = crate::analysis::paths::root_paths(graph, target);
    match json {
        true => graph_reports::paths_json(&r, graph, at, limit),
        false => graph_reports::paths_text(&r, graph, at, limit),
    }
}

/// `gcvm dominators`'s report on a graph already built: the `limit` largest retainers, or
/// with `by` the retained size per type or site.
pub fn dominators_in(
    graph: &crate::graph::ObjectGraph,
    at: &str,
    by: Option<crate::analysis::dominators::DominatorGroup>,
    json: bool,
    limit: usize,
) -> String {
    let r = crate::analysis::dominators::report(graph, by, limit);
    match json {
        true => graph_reports::dominators_json(&r, graph, at, limit),
        false => graph_reports::dominators_text(&r, graph, at, limit),
    }
}

/// Suspects `gcvm leaks` lists.
const LEAK_SUSPECTS: usize = 10;

/// Was the trace at `path` recorded with `--trace-pointers`?
pub fn has_pointers(path: &Path) -> Result<bool, TraceError> {
    let reader = crate::reader::TraceReader::open(path)?;
    Ok(reader.header().flags & gcvm_tracer::format::HEADER_FLAG_POINTERS != 0)
}

/// The graph at `boundary`; a trace without pointers is refused from its header, before any
/// replay.
fn graph_at_checked(path: &Path, boundary: &str) -> Result<crate::graph::ObjectGraph, TraceError> {
    let b = crate::boundary::parse_boundary(boundary)?;
    if !has_pointers(path)? {
        return Err(TraceError::message(
            "the trace has no pointers: record it with gcvm run --trace FILE --trace-pointers",
        ));
    }
    crate::graph::graph_at(path, b)
}

/// `gcvm paths FILE --at B --to TARGET [--json] [--limit N]`.
pub fn paths(
    path: impl AsRef<Path>,
    boundary: &str,
    target: &crate::analysis::paths::Target,
    json: bool,
    limit: usize,
) -> Result<String, TraceError> {
    let graph = graph_at_checked(path.as_ref(), boundary)?;
    Ok(paths_in(&graph, boundary, target, json, limit))
}

/// `gcvm dominators FILE --at B [--by type|site] [--json] [--limit N]`.
pub fn dominators(
    path: impl AsRef<Path>,
    boundary: &str,
    by: Option<crate::analysis::dominators::DominatorGroup>,
    json: bool,
    limit: usize,
) -> Result<String, TraceError> {
    let graph = graph_at_checked(path.as_ref(), boundary)?;
    Ok(dominators_in(&graph, boundary, by, json, limit))
}

/// `gcvm leaks` on a trace with pointers: one replay, the graph at every collection's end fed
/// to the leak tracker as it comes (one graph in memory at a time).
pub fn retained_leaks(
    path: impl AsRef<Path>,
    json: bool,
    limit: usize,
) -> Result<String, TraceError> {
    use crate::analysis::replay::{replay, Flow};
    use crate::reader::Event;
    let path = path.as_ref();
    let array_header = crate::reader::TraceReader::open(path)?
        .header()
        .array_header as u32;
    let mut tracker = crate::analysis::leaks::LeakTracker::default();
    let mut last = None;
    replay(
        path,
        |_, _| {},
        |model, ev, symbols| {
            // One replay: the graph at the end of each pause that collects. (An initial mark's
            // is recorded when its marking completes, at the next one: graph::graph_at.)
            let collected = model.gcs.last().is_some_and(|g| g.collects());
            if let (Event::GcEnd { gc_id, .. }, true) = (ev, collected) {
                let graph = crate::graph::graph_of_model(model, symbols, array_header)?;
                tracker.add(&format!("gc:{gc_id}:end"), &graph);
                last = Some(graph);
            }
            Ok(Flow::Go)
        },
    )?;
    let r = tracker.finish(&last.unwrap_or_default());
    Ok(match json {
        true => graph_reports::retained_leaks_json(&r, limit),
        false => graph_reports::retained_leaks_text(&r, limit),
    })
}
