//! `-Xlog:gc` prints HotSpot's unified-log lines exactly, for GC-log parsers (GCViewer,
//! GCeasy, gctoolkit): `[uptime][info][gc] GC(n) <name> <before>M-><after>M(<capacity>M)
//! <time>ms`, stamped when the pause ends, with nothing after the time. gcvm's extras (the time
//! to safepoint, phases, ...) are `-Xlog:gc*` lines with tags of their own.

mod support;

use std::path::PathBuf;
use support::*;

const COLLECTORS: [&str; 4] = [
    "semispace",
    "mark-compact",
    "region",
    "concurrent-mark-sweep",
];

fn programs() -> PathBuf {
    let sources = vec![repo_root().join("programs/LruCache.java")];
    compile_java_cached("gc-log-lru-cache", &sources)
}

/// LruCache at 24 MB: full collections under semispace and mark-compact, concurrent cycles
/// (and G1's mixed collections) under the others.
fn gc_log(collector: &str, log: &str) -> String {
    let classes = programs();
    let out = run_gcvm_program(&classes, "LruCache", &["--gc", collector, "-Xmx24m", log]);
    assert_no_panic(&out, collector);
    assert_eq!(out.code, Some(0), "{collector}: {}", out.stderr_head(10));
    out.stdout_text()
}

/// `[1.234s][info][tags] rest` as (1.234, tags, rest).
fn decorated(line: &str) -> Option<(f64, &str, &str)> {
    let (uptime, rest) = line.strip_prefix('[')?.split_once("s][info][")?;
    let (tags, rest) = rest.split_once("] ")?;
    Some((uptime.parse().ok()?, tags, rest))
}

/// `12.345ms` with exactly three decimals, as HotSpot prints times.
fn is_hotspot_ms(text: &str) -> bool {
    text.strip_suffix("ms")
        .and_then(|v| v.split_once('.'))
        .is_some_and(|(whole, frac)| {
            !whole.is_empty()
                && whole.bytes().all(|b| b.is_ascii_digit())
                && frac.len() == 3
                && frac.bytes().all(|b| b.is_ascii_digit())
        })
}

/// `40M->10M(64M)`.
fn is_heap_change(text: &str) -> bool {
    let megabytes = |s: &str| {
        s.strip_suffix('M')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    let Some((before, rest)) = text.split_once("->") else {
        return false;
    };
    let Some((after, capacity)) = rest.split_once('(') else {
        return false;
    };
    megabytes(before) && megabytes(after) && capacity.strip_suffix(')').is_some_and(megabytes)
}

/// What follows `GC(n) ` on a `[gc]` line: a pause with its heap change and time, a concurrent
/// phase's start (name only) or end (name and time), or G1's `To-space exhausted`.
fn is_hotspot_event(event: &str) -> bool {
    let words: Vec<&str> = event.split(' ').collect();
    match words.as_slice() {
        [name @ .., change, time] if name.first() == Some(&"Pause") => {
            is_heap_change(change) && is_hotspot_ms(time)
        }
        ["Concurrent", phase @ .., time] if is_hotspot_ms(time) => !phase.is_empty(),
        ["Concurrent", phase @ ..] => !phase.is_empty(),
        ["To-space", "exhausted"] => true,
        _ => false,
    }
}

fn gc_number(rest: &str) -> Option<(u32, &str)> {
    let (id, event) = rest.strip_prefix("GC(")?.split_once(") ")?;
    Some((id.parse().ok()?, event))
}

#[test]
fn every_xlog_gc_line_has_hotspots_exact_shape_under_every_collector() {
    for collector in COLLECTORS {
        let log = gc_log(collector, "-Xlog:gc");
        let lines: Vec<&str> = log.lines().filter(|l| l.starts_with('[')).collect();
        assert!(
            decorated(lines[0]).is_some_and(|(_, _, rest)| rest.starts_with("Using ")),
            "{collector}: the log opens with `Using <collector>`: {log}"
        );
        let mut pauses = 0;
        for line in &lines {
            let (_, tags, rest) = decorated(line)
                .unwrap_or_else(|| panic!("{collector}: not a unified-log line: {line}"));
            assert_eq!(tags, "gc", "{collector}: {line}");
            if rest.starts_with("Using ") {
                continue;
            }
            let (_, event) =
                gc_number(rest).unwrap_or_else(|| panic!("{collector}: no GC(n): {line}"));
            assert!(
                is_hotspot_event(event),
                "{collector}: not HotSpot's shape: {line}"
            );
            pauses += event.starts_with("Pause ") as u32;
        }
        assert!(pauses > 0, "{collector}: no pause in {log}");
    }
}

#[test]
fn a_pause_line_is_stamped_when_the_pause_ends_after_its_detail_lines() {
    for collector in COLLECTORS {
        let log = gc_log(collector, "-Xlog:gc*");
        let mut latest_detail = std::collections::HashMap::new();
        let mut checked = 0;
        for line in log.lines().filter(|l| l.starts_with('[')) {
            let Some((uptime, tags, rest)) = decorated(line) else {
                continue;
            };
            let Some((id, event)) = gc_number(rest) else {
                continue;
            };
            if tags == "gc" && event.starts_with("Pause ") {
                if let Some(detail) = latest_detail.get(&id) {
                    assert!(uptime >= *detail, "{collector}: {line} before its details");
                    checked += 1;
                }
            } else if tags != "gc" {
                latest_detail.insert(id, uptime);
            }
        }
        assert!(
            checked > 0,
            "{collector}: no pause with detail lines in {log}"
        );
    }
}

#[test]
fn the_time_to_safepoint_is_an_xlog_gc_star_line_before_its_pause_line() {
    let log = gc_log("region", "-Xlog:gc*");
    let lines: Vec<&str> = log.lines().collect();
    let mut pauses = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some((_, "gc", rest)) = decorated(line) else {
            continue;
        };
        let Some((id, event)) = gc_number(rest) else {
            continue;
        };
        if !event.starts_with("Pause ") {
            continue;
        }
        let before = decorated(lines[i - 1]).expect("a decorated line before a pause line");
        assert_eq!(before.1, "gc,safepoint", "{}", lines[i - 1]);
        let time = before
            .2
            .strip_prefix(&format!("GC({id}) Time to safepoint "))
            .unwrap_or_else(|| panic!("not GC({id})'s time to safepoint: {}", lines[i - 1]));
        assert!(is_hotspot_ms(time), "{}", lines[i - 1]);
        pauses += 1;
    }
    assert!(pauses > 0, "no pause in {log}");
}

/// The `[gc,marking]` line of `GC(id)` whose text (after `GC(id) `) starts with `what`.
fn marking_line<'a>(log: &'a str, id: u32, what: &str) -> Option<&'a str> {
    log.lines().find_map(|line| {
        let (_, tags, rest) = decorated(line)?;
        let (n, event) = gc_number(rest)?;
        (tags == "gc,marking" && n == id)
            .then_some(event)?
            .strip_prefix(what)
    })
}

/// The leading number of `text` and what follows it.
fn number(text: &str) -> (u64, &str) {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    (text[..end].parse().expect("a number"), &text[end..])
}

#[test]
fn every_mark_compact_collection_logs_what_it_marked_and_how_fast() {
    let log = gc_log("mark-compact", "-Xlog:gc*");
    let mut fulls = 0;
    for line in log.lines() {
        let Some((_, "gc", rest)) = decorated(line) else {
            continue;
        };
        let Some((id, event)) = gc_number(rest) else {
            continue;
        };
        if !event.starts_with("Pause Full") {
            continue;
        }
        let marking = marking_line(&log, id, "Marking: ")
            .unwrap_or_else(|| panic!("no marking line for GC({id}) in {log}"));
        let (objects, rest) = number(marking);
        let (live_kb, rest) = number(rest.strip_prefix(" objects, ").expect(marking));
        assert!(objects > 0 && live_kb > 0, "{marking}");
        let (workers, _) = number(rest.strip_prefix("K live, marked by ").expect(marking));
        assert!(workers >= 1, "{marking}");
        let after_mb: u64 = event
            .split("->")
            .nth(1)
            .and_then(|s| s.split('M').next())
            .and_then(|s| s.parse().ok())
            .expect(event);
        assert!(
            live_kb >> 10 <= after_mb,
            "marked bytes are at most the heap after: {marking} / {event}"
        );
        fulls += 1;
    }
    assert!(fulls > 0, "no full collection in {log}");
}

#[test]
fn every_region_remark_logs_the_objects_its_cycle_marked() {
    let log = gc_log("region", "-Xlog:gc*");
    let mut remarks = 0;
    for line in log.lines() {
        let Some((_, "gc", rest)) = decorated(line) else {
            continue;
        };
        let Some((id, event)) = gc_number(rest) else {
            continue;
        };
        if !event.starts_with("Pause Remark") {
            continue;
        }
        let marked = marking_line(&log, id, "Marked: ")
            .unwrap_or_else(|| panic!("no Marked line for GC({id}) in {log}"));
        let (objects, rest) = number(marked);
        let (below, _) = number(rest.strip_prefix(" objects, ").expect(marked));
        assert!(objects > 0 && below > 0, "{marked}");
        assert!(marked.contains("K below TAMS, "), "{marked}");
        remarks += 1;
    }
    assert!(remarks > 0, "no remark in {log}");
}

// ---- -Xlog's outputs, selections and decorations (runtime/interp/src/runtime/gclog.rs) ----

/// LruCache under mark-compact at 24 MB with `log` options: (stdout, stderr, exit code).
fn run_logged(log: &[&str]) -> (String, String, Option<i32>) {
    let classes = programs();
    let mut options = vec!["--gc", "mark-compact", "-Xmx24m"];
    options.extend_from_slice(log);
    let out = run_gcvm_program(&classes, "LruCache", &options);
    assert_no_panic(&out, "mark-compact");
    (out.stdout_text(), out.stderr_text(), out.code)
}

/// `[1.234s][level][tags] rest`, at any level.
fn is_log_line(line: &str) -> bool {
    let Some((uptime, rest)) = line.strip_prefix('[').and_then(|l| l.split_once("s][")) else {
        return false;
    };
    let level_and_tags = rest.split_once("] ").map(|(d, _)| d.split_once("]["));
    uptime.parse::<f64>().is_ok() && matches!(level_and_tags, Some(Some(_)))
}

#[test]
fn xlog_to_a_file_leaves_stdout_to_the_program() {
    let dir = scratch_dir("gc-log-file");
    let file = dir.join("gc.log");
    let option = format!("-Xlog:gc*:file={}", file.display());
    let (stdout, _, code) = run_logged(&[&option]);
    assert_eq!(code, Some(0));
    let (plain, _, _) = run_logged(&[]);
    assert_eq!(stdout, plain, "the program's output alone");
    let log = std::fs::read_to_string(&file).unwrap();
    assert!(
        log.lines()
            .next()
            .unwrap()
            .ends_with("[info][gc] Using Mark-Compact"),
        "{log}"
    );
    assert!(log.lines().all(is_log_line), "{log}");
    assert!(
        log.contains("[gc,phases]") && log.contains("Pause Full"),
        "{log}"
    );
}

#[test]
fn xlog_to_stderr_writes_the_log_there() {
    let (stdout, stderr, code) = run_logged(&["-Xlog:gc:stderr"]);
    assert_eq!(code, Some(0));
    assert!(!stdout.lines().any(is_log_line), "{stdout}");
    let pauses: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("Pause Full"))
        .collect();
    assert!(
        !pauses.is_empty() && pauses.iter().all(|l| is_log_line(l)),
        "{stderr}"
    );
}

#[test]
fn a_tag_selection_writes_only_the_lines_of_those_tags() {
    let (stdout, _, code) = run_logged(&["-Xlog:gc+phases"]);
    assert_eq!(code, Some(0));
    let tags: std::collections::BTreeSet<&str> = stdout
        .lines()
        .filter_map(decorated)
        .map(|(_, tags, _)| tags)
        .collect();
    assert_eq!(
        tags.into_iter().collect::<Vec<_>>(),
        ["gc,phases"],
        "{stdout}"
    );
}

#[test]
fn decorators_are_written_in_hotspots_order_and_none_leaves_the_message() {
    let (stdout, _, _) = run_logged(&["-Xlog:gc:stdout:tags,uptimemillis"]);
    let line = stdout.lines().find(|l| l.contains("Pause Full")).unwrap();
    let (millis, rest) = line
        .strip_prefix('[')
        .unwrap()
        .split_once("ms][gc] GC(")
        .unwrap();
    assert!(
        millis.parse::<u64>().is_ok() && rest.contains("Pause Full"),
        "{line}"
    );
    let (stdout, _, _) = run_logged(&["-Xlog:gc:stdout:none"]);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("GC(0) Pause Full (Allocation Failure) ")),
        "{stdout}"
    );
}

#[test]
fn wrong_xlog_options_are_refused_in_one_line_naming_the_problem() {
    // Exit 2 for a malformed option, as for every option error; 1 for a file that cannot be
    // opened, as for a heap that cannot be had.
    for (option, problem, exit) in [
        ("-Xlog:gcc", "invalid tag 'gcc'", 2),
        (
            "-Xlog:gc:stdout:uptime,colour",
            "invalid decorator 'colour'",
            2,
        ),
        ("-Xlog:gc=verbose", "invalid level 'verbose'", 2),
        ("-Xlog:gc:file=gc.log::filecount=5", "does not rotate", 2),
        (
            "-Xlog:gc:/nonexistent-dir/gc.log",
            "cannot open GC log file /nonexistent-dir/gc.log",
            1,
        ),
    ] {
        let (stdout, stderr, code) = run_logged(&[option]);
        assert_eq!(code, Some(exit), "{option}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{option}: {stderr}");
        assert!(stderr.contains(problem), "{option}: {stderr}");
        assert!(stdout.is_empty(), "{option}: nothing runs");
    }
}
