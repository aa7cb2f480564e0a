//! The object-graph reports (traces recorded with `--trace-pointers`), as text and as JSON:
//! `gcvm paths` (root-path groups), `gcvm dominators` (largest retainers, retained size by
//! type or site) and `gcvm leaks`' suspects by retained-size growth. Rows come in the order
//! the analyses rank them (ties already broken by address or group), so the output is
//! deterministic.

use super::format::{arr, human_bytes, js, percent, thousands, Obj, Table};
use crate::analysis::dominators::{Dominator, DominatorGroup, DominatorReport};
use crate::analysis::leaks::{LeakSuspect, RetainedLeaks};
use crate::analysis::paths::{PathGroup, PathsReport, Step};
use crate::graph::ObjectGraph;

/// `0x1f40`.
fn hex(addr: u64) -> String {
    format!("{addr:#x}")
}

/// A path, one step a line under its root: `static Main.cache`, then `Obj 0x100 .table`, ...
fn path_lines(root: &str, steps: &[Step], indent: &str) -> String {
    let mut o = format!("{indent}{root}\n");
    for s in steps {
        o += &format!("{indent}  {} {}", s.type_name, hex(s.addr));
        match s.field.as_deref() {
            Some(f) if f.starts_with('[') => o += &format!(" {f}"),
            Some(f) => o += &format!(" .{f}"),
            None => {}
        }
        o.push('\n');
    }
    o
}

fn steps_json(steps: &[Step]) -> String {
    arr(steps.iter().map(|s| {
        Obj::new()
            .num("addr", s.addr)
            .str("type", &s.type_name)
            .raw("field", s.field.as_deref().map_or("null".to_string(), js))
            .build()
    }))
}

/// `gcvm paths`: the targets, their path groups by bytes (at most `limit`, each with an
/// example path), the unreachable ones.
pub fn paths_text(r: &PathsReport, g: &ObjectGraph, at: &str, limit: usize) -> String {
    if r.objects == 0 {
        return format!("no object at {at} is {}\n", r.target);
    }
    let mut o = format!(
        "shortest GC-root paths at {at} to {}: {} objects, {}\n",
        r.target,
        thousands(r.objects),
        human_bytes(r.bytes)
    );
    if let Some(c) = &g.caveat {
        o += &format!("note: {c}\n");
    }
    o += &format!(
        "{} path groups (same root — kind, or static field — and (type, field) hops; array elements as [*]), by bytes\n",
        thousands(r.groups.len() as u64)
    );
    for (i, p) in r.groups.iter().take(limit).enumerate() {
        o += &path_group_text(i + 1, p, g);
    }
    if r.groups.len() > limit {
        o += &format!("\n... {} more groups\n", r.groups.len() - limit);
    }
    if r.unreachable_objects > 0 {
        o += &format!(
            "\nnot reachable: {} objects, {} (garbage not yet collected at {at})\n",
            thousands(r.unreachable_objects),
            human_bytes(r.unreachable_bytes)
        );
    }
    o
}

fn path_group_text(rank: usize, p: &PathGroup, g: &ObjectGraph) -> String {
    let mut o = format!(
        "\n#{rank}  {} objects, {}: {}\n    e.g. {}:\n",
        thousands(p.objects),
        human_bytes(p.bytes),
        p.key.describe(g),
        hex(p.example_addr)
    );
    o += &path_lines(&p.example.root_label(g), &p.example.steps(g), "      ");
    o
}

/// `gcvm paths --json`.
pub fn paths_json(r: &PathsReport, g: &ObjectGraph, at: &str, limit: usize) -> String {
    let groups = arr(r.groups.iter().take(limit).map(|p| {
        Obj::new()
            .str("group", &p.key.describe(g))
            .str("root_kind", p.key.root.label())
            .str("type", &g.names.type_name(p.key.target_type))
            .num("objects", p.objects)
            .num("bytes", p.bytes)
            .num("example_addr", p.example_addr)
            .str("root", &p.example.root_label(g))
            .raw("path", steps_json(&p.example.steps(g)))
            .build()
    }));
    Obj::new()
        .str("at", at)
        .raw("caveat", caveat_json(g))
        .str("target", &r.target.to_string())
        .num("objects", r.objects)
        .num("bytes", r.bytes)
        .num("groups_total", r.groups.len())
        .raw("groups", groups)
        .num("unreachable_objects", r.unreachable_objects)
        .num("unreachable_bytes", r.unreachable_bytes)
        .build()
        + "\n"
}

/// The graph's caveat as a JSON string, or null when the graph is exact at the boundary.
fn caveat_json(g: &ObjectGraph) -> String {
    g.caveat
        .as_deref()
        .map_or_else(|| "null".to_string(), super::format::js)
}

/// `<roots>`, or `Type 0x1f40`.
fn dominator_label(d: Dominator, g: &ObjectGraph) -> String {
    match d {
        Dominator::Unreachable => "-".into(),
        Dominator::SuperRoot => "<roots>".into(),
        Dominator::Object(v) => {
            let o = &g.objects[v as usize];
            format!("{} {}", g.names.type_name(o.type_id), hex(o.addr))
        }
    }
}

fn dominator_json(d: Dominator, g: &ObjectGraph) -> String {
    match d {
        Dominator::Unreachable => "null".into(),
        Dominator::SuperRoot => js("roots"),
        Dominator::Object(v) => {
            let o = &g.objects[v as usize];
            Obj::new()
                .num("addr", o.addr)
                .str("type", &g.names.type_name(o.type_id))
                .build()
        }
    }
}

fn group_name(by: DominatorGroup, id: u32, g: &ObjectGraph) -> String {
    match by {
        DominatorGroup::Type => g.names.type_name(id),
        DominatorGroup::Site => g.names.site_label(id),
    }
}

fn group_by_label(by: DominatorGroup) -> &'static str {
    match by {
        DominatorGroup::Type => "type",
        DominatorGroup::Site => "site",
    }
}

/// `gcvm dominators`: the summary, the largest retainers, and the groups if asked (at most
/// `limit` rows each).
pub fn dominators_text(r: &DominatorReport, g: &ObjectGraph, at: &str, limit: usize) -> String {
    let mut o = format!(
        "dominator tree at {at}: {} objects, {} reachable ({}), {} not reachable\n",
        thousands(r.objects),
        thousands(r.reachable_objects),
        human_bytes(r.reachable_bytes),
        human_bytes(r.unreachable_bytes)
    );
    if let Some(c) = &g.caveat {
        o += &format!("note: {c}\n");
    }
    o += "retained = bytes freed if the object were gone (the objects it dominates)\n";
    if let Some((by, groups)) = &r.groups {
        let mut t = Table::new(&[by_header(*by), "objects", "shallow", "retained", "%"]);
        for row in groups.iter().take(limit) {
            t.row(vec![
                group_name(*by, row.id, g),
                thousands(row.size.objects),
                human_bytes(row.size.shallow),
                human_bytes(row.size.retained),
                percent(row.size.retained, r.reachable_bytes),
            ]);
        }
        o += &format!(
            "\nretained by {} (each object counted once), {} groups\n\n{}",
            group_by_label(*by),
            thousands(groups.len() as u64),
            t.render()
        );
        return o;
    }
    let mut t = Table::new(&[
        "rank",
        "address",
        "type",
        "shallow",
        "retained",
        "%",
        "immediate dominator",
    ])
    .left(1)
    .left(2)
    .left(6);
    for (i, x) in r.top.iter().take(limit).enumerate() {
        t.row(vec![
            (i + 1).to_string(),
            hex(x.addr),
            g.names.type_name(x.type_id),
            human_bytes(x.shallow),
            human_bytes(x.retained),
            percent(x.retained, r.reachable_bytes),
            dominator_label(x.idom, g),
        ]);
    }
    o + "\nlargest retained sizes\n\n" + &t.render()
}

fn by_header(by: DominatorGroup) -> &'static str {
    match by {
        DominatorGroup::Type => "type",
        DominatorGroup::Site => "allocation site",
    }
}

/// `gcvm dominators --json`.
pub fn dominators_json(r: &DominatorReport, g: &ObjectGraph, at: &str, limit: usize) -> String {
    let top = arr(r.top.iter().take(limit).map(|x| {
        Obj::new()
            .num("addr", x.addr)
            .str("type", &g.names.type_name(x.type_id))
            .num("shallow", x.shallow)
            .num("retained", x.retained)
            .raw("idom", dominator_json(x.idom, g))
            .build()
    }));
    let mut o = Obj::new()
        .str("at", at)
        .raw("caveat", caveat_json(g))
        .num("objects", r.objects)
        .num("reachable_objects", r.reachable_objects)
        .num("reachable_bytes", r.reachable_bytes)
        .num("unreachable_bytes", r.unreachable_bytes)
        .raw("top", top);
    if let Some((by, groups)) = &r.groups {
        let rows = arr(groups.iter().take(limit).map(|row| {
            Obj::new()
                .str(group_by_label(*by), &group_name(*by, row.id, g))
                .num("objects", row.size.objects)
                .num("shallow", row.size.shallow)
                .num("retained", row.size.retained)
                .build()
        }));
        o = o.str("by", group_by_label(*by)).raw("groups", rows);
    }
    o.build() + "\n"
}

/// `gcvm leaks` on a trace with pointers: the ranked suspects, each with its series and path.
pub fn retained_leaks_text(r: &RetainedLeaks, limit: usize) -> String {
    let mut o = format!(
        "leak suspects: groups (type, root-path group) whose retained bytes grow over {} boundaries ({} .. {}), at their accumulation point; rank = growth x share of rising steps\n",
        r.snapshots.len(),
        r.snapshots.first().map_or("-", String::as_str),
        r.snapshots.last().map_or("-", String::as_str)
    );
    if r.suspects.is_empty() {
        return o + "\nnone\n";
    }
    for (i, s) in r.suspects.iter().take(limit).enumerate() {
        o += &suspect_text(i + 1, s);
    }
    if r.suspects.len() > limit {
        o += &format!("\n... {} more suspects\n", r.suspects.len() - limit);
    }
    o
}

fn suspect_text(rank: usize, s: &LeakSuspect) -> String {
    let first = s.retained.first().copied().unwrap_or(0);
    let last = s.retained.last().copied().unwrap_or(0);
    let mut o = format!(
        "\n#{rank}  {}: retained {} -> {} (+{}), rose in {:.0}% of steps, {} objects\n    group: {}\n",
        s.type_name,
        human_bytes(first),
        human_bytes(last),
        human_bytes(s.growth.max(0) as u64),
        s.steadiness * 100.0,
        thousands(s.objects.last().copied().unwrap_or(0)),
        s.group
    );
    if let Some(h) = &s.held_by {
        o += &format!("    held by: {h}\n");
    }
    o += &format!("    shortest root path to {}:\n", hex(s.example_addr));
    o + &path_lines(&s.root, &s.path, "      ")
}

/// `gcvm leaks --json` on a trace with pointers.
pub fn retained_leaks_json(r: &RetainedLeaks, limit: usize) -> String {
    let nums = |v: &[u64]| arr(v.iter().map(|x| x.to_string()));
    let suspects = arr(r.suspects.iter().take(limit).map(|s| {
        Obj::new()
            .str("type", &s.type_name)
            .str("group", &s.group)
            .num("growth_bytes", s.growth)
            .num("steadiness", format!("{:.3}", s.steadiness))
            .raw("retained", nums(&s.retained))
            .raw("objects", nums(&s.objects))
            .raw(
                "held_by",
                s.held_by.as_deref().map_or("null".to_string(), js),
            )
            .num("example_addr", s.example_addr)
            .str("root", &s.root)
            .raw("path", steps_json(&s.path))
            .build()
    }));
    Obj::new()
        .raw("boundaries", arr(r.snapshots.iter().map(|s| js(s))))
        .str("sizes", "retained")
        .raw("suspects", suspects)
        .build()
        + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dominators::report;
    use crate::analysis::leaks::retained_leak_suspects;
    use crate::analysis::paths::{root_paths, Target};
    use crate::graph::{Edge, GraphObject, Names, Root, RootKind};

    /// static Main.cache → Holder 0x100 .items → Item 0x200; Item 0x300 unreachable.
    fn holder_and_item() -> ObjectGraph {
        let obj = |addr, type_id, size| GraphObject {
            addr,
            type_id,
            size,
            array_len: None,
            site: type_id,
        };
        let mut names = Names::default();
        names.types.insert(1, "Holder".into());
        names.types.insert(2, "Item".into());
        names.sites.insert(2, "Main.make:3".into());
        names.fields.insert((1, 3), "items".into());
        names.statics.insert(7, "Main.cache".into());
        ObjectGraph::new(
            vec![obj(0x100, 1, 16), obj(0x200, 2, 24), obj(0x300, 2, 24)],
            vec![vec![Edge { slot: 3, target: 1 }], vec![], vec![]],
            vec![Root {
                object: 0,
                kind: RootKind::StaticField,
                detail: 7,
            }],
            16,
            names,
        )
    }

    #[test]
    fn paths_text_shows_each_hop_under_the_root_and_the_unreachable_apart() {
        let g = holder_and_item();
        let r = root_paths(&g, &Target::Name("Item".into()));
        let text = paths_text(&r, &g, "gc:1:end", 10);
        assert!(
            text.contains("static Main.cache\n        Holder 0x100 .items\n        Item 0x200\n")
        );
        assert!(text.contains("not reachable: 1 objects, 24 B"));
    }

    #[test]
    fn paths_json_carries_the_example_path_with_null_at_the_target() {
        let g = holder_and_item();
        let r = root_paths(&g, &Target::Name("Item".into()));
        let json = paths_json(&r, &g, "end", 10);
        assert!(json.contains(
            r#""path":[{"addr":256,"type":"Holder","field":"items"},{"addr":512,"type":"Item","field":null}]"#
        ));
        assert!(json.contains(r#""unreachable_objects":1,"unreachable_bytes":24"#));
    }

    #[test]
    fn dominators_text_names_the_immediate_dominator() {
        let g = holder_and_item();
        let text = dominators_text(&report(&g, None, 10), &g, "end", 10);
        let item_row = text.lines().find(|l| l.contains(" 0x200 ")).unwrap();
        assert!(item_row.ends_with("Holder 0x100"), "{item_row}");
        let holder_row = text.lines().find(|l| l.contains(" 0x100 ")).unwrap();
        assert!(holder_row.ends_with("<roots>"), "{holder_row}");
    }

    #[test]
    fn dominators_json_by_site_names_each_site() {
        let g = holder_and_item();
        let json = dominators_json(&report(&g, Some(DominatorGroup::Site), 10), &g, "end", 10);
        assert!(json.contains(r#""by":"site","groups":[{"site":"<site 1>","objects":1,"shallow":16,"retained":40},{"site":"Main.make:3","objects":1,"shallow":24,"retained":24}]"#), "{json}");
    }

    #[test]
    fn paths_text_says_when_no_object_is_selected() {
        let g = holder_and_item();
        let r = root_paths(&g, &Target::Name("Nothing".into()));
        assert_eq!(
            paths_text(&r, &g, "end", 10),
            "no object at end is Nothing\n"
        );
    }

    #[test]
    fn an_array_element_hop_is_printed_without_a_dot() {
        let steps = [Step {
            addr: 0x40,
            type_name: "[LItem;".into(),
            field: Some("[2]".into()),
        }];
        assert_eq!(
            path_lines("VM global", &steps, ""),
            "VM global\n  [LItem; 0x40 [2]\n"
        );
    }

    #[test]
    fn a_limit_cuts_the_groups_and_says_how_many_are_left() {
        let g = holder_and_item();
        let r = root_paths(&g, &Target::Name("Holder".into()));
        let mut two = r.clone();
        two.groups.push(r.groups[0].clone());
        assert!(paths_text(&two, &g, "end", 1).contains("... 1 more groups"));
    }

    #[test]
    fn leaks_text_without_growth_says_none() {
        let g = holder_and_item();
        let r = retained_leak_suspects(&[("gc:1:end", &g), ("gc:2:end", &g)]);
        assert!(retained_leaks_text(&r, 10).ends_with("\nnone\n"));
        assert!(retained_leaks_json(&r, 10).contains(r#""boundaries":["gc:1:end","gc:2:end"]"#));
    }

    #[test]
    fn leaks_text_names_the_growth_the_holder_and_the_path() {
        let linked = holder_and_item();
        let mut alone = linked.clone();
        alone.edges.clear();
        alone.edge_start = vec![0; alone.len() + 1];
        let r = retained_leak_suspects(&[("gc:1:end", &alone), ("gc:2:end", &linked)]);
        let text = retained_leaks_text(&r, 10);
        assert!(
            text.contains(
                "#1  Item: retained 0 B -> 24 B (+24 B), rose in 100% of steps, 1 objects"
            ),
            "{text}"
        );
        assert!(
            text.contains("    held by: static Main.cache → Holder\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "      static Main.cache\n        Holder 0x100 .items\n        Item 0x200\n"
            ),
            "{text}"
        );
    }
}
