//! The GC log's selection, output and decorations: HotSpot's `-Xlog` for the lines gcvm writes.
//!
//! `-Xlog:SELECTION[:OUTPUT[:DECORATORS[:OUTPUT-OPTIONS]]]`, as in HotSpot's unified logging
//! (JEP 158), for gcvm's GC log:
//!
//! - **selection**: comma-separated `tag[+tag...][*][=level]`. A line is written when a
//!   selection names exactly its tag set, or, with `*`, a subset of it: `gc` is one line per
//!   collection (HotSpot's shape, for GC-log parsers), `gc*` every line, `gc+phases` the
//!   `[gc,phases]` lines alone, `all` everything. A tag HotSpot does not know is refused, as
//!   HotSpot refuses it. Levels: `off` turns a selection off; `info`, `debug` and `trace` select
//!   the same lines (gcvm writes its lines at info, and the reference counts at debug whenever
//!   `gc*` is on, as it always has); `error` and `warning` select none (gcvm writes no GC
//!   warnings).
//! - **output**: `stdout` (the default: interleaved with the program's output, as HotSpot does),
//!   `stderr`, `file=PATH` or a bare `PATH` (created or truncated at start).
//! - **decorators**: comma-separated, written in HotSpot's fixed order whatever the order given:
//!   `time`/`t`, `utctime`/`utc`, `uptime`/`u`, `timemillis`/`tm`, `uptimemillis`/`um`,
//!   `timenanos`/`tn`, `uptimenanos`/`un`, `hostname`/`hn`, `pid`/`p`, `tid`/`ti`, `level`/`l`,
//!   `tags`/`tg`, or `none`. The default is `uptime,level,tags`: `[0.123s][info][gc] ...`.
//! - **output options** (HotSpot's file rotation, `filecount=`, `filesize=`) are refused for a
//!   file, since gcvm does not rotate its log, and ignored for stdout and stderr, as HotSpot
//!   ignores them there.
//!
//! `-Xlog:disable` turns everything off (later `-Xlog` options turn selections back on);
//! several `-Xlog` options add their selections and share one output: an option that names
//! none (`-Xlog:gc`) takes the others', and two that name different ones are refused.
//!
//! Every log line is made by its writer as `[uptime][level][tags] message` (the default
//! decorations); `GcLog::write` passes it through when the decorations are the default, and
//! otherwise takes the level and tags from it and decorates the message afresh, all decorations
//! taken at the moment of writing.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Where the log goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogOutput {
    Stdout,
    Stderr,
    File(PathBuf),
}

/// The decorators, in the order HotSpot writes them.
const DECORATORS: [(&str, &str); 12] = [
    ("time", "t"),
    ("utctime", "utc"),
    ("uptime", "u"),
    ("timemillis", "tm"),
    ("uptimemillis", "um"),
    ("timenanos", "tn"),
    ("uptimenanos", "un"),
    ("hostname", "hn"),
    ("pid", "p"),
    ("tid", "ti"),
    ("level", "l"),
    ("tags", "tg"),
];
const UPTIME: u16 = 1 << 2;
const LEVEL: u16 = 1 << 10;
const TAGS: u16 = 1 << 11;
const DEFAULT_DECORATIONS: u16 = UPTIME | LEVEL | TAGS;

/// HotSpot's log tags (JDK 17's logTag.hpp), and gcvm's own two (`pointers`, `streams`): a
/// selection naming another tag is refused as HotSpot refuses it.
#[rustfmt::skip]
const KNOWN_TAGS: &[&str] = &[
    "add", "age", "alloc", "annotation", "aot", "arguments", "attach", "barrier", "blocks", "bot",
    "breakpoint", "bytecode", "cds", "census", "class", "classhisto", "cleanup", "codecache",
    "compaction", "compilation", "compiler", "constantpool", "constraints", "container", "coops",
    "cpu", "cset", "data", "datacreation", "dcmd", "decoder", "defaultmethods", "director", "dump",
    "dynamic", "ergo", "event", "exceptions", "exit", "fingerprint", "free", "freelist", "gc",
    "handshake", "hashtables", "heap", "humongous", "ihop", "iklass", "init", "inlining", "install",
    "interpreter", "itables", "jfr", "jit", "jni", "jvmci", "jvmti", "lambda", "library",
    "liveness", "load", "loader", "logging", "malloc", "map", "mark", "marking", "membername",
    "memops", "metadata", "metaspace", "methodcomparator", "methodhandles", "mirror", "mmu",
    "module", "monitorinflation", "monitormismatch", "nestmates", "nmethod", "nmt", "normalize",
    "numa", "objecttagging", "obsolete", "oldobject", "oom", "oopmap", "oops", "oopstorage", "os",
    "owner", "pagesize", "parser", "patch", "path", "perf", "periodic", "phases", "plab",
    "pointers", "preorder", "preview", "promotion", "protectiondomain", "ptrqueue", "purge",
    "record", "redefine", "ref", "refine", "region", "reloc", "remset", "resolve", "safepoint",
    "sampling", "scavenge", "sealed", "setting", "smr", "stackbarrier", "stackmap", "stacktrace",
    "stackwalk", "start", "startup", "startuptime", "state", "stats", "streaming", "streams",
    "stringdedup", "stringtable", "subclass", "survivor", "suspend", "sweep", "symboltable",
    "system", "table", "task", "thread", "throttle", "time", "timer", "tlab", "tracking", "unload",
    "unshareable", "update", "valuebasedclasses", "verification", "verify", "vmmutex",
    "vmoperation", "vmthread", "vtables", "vtablestubs", "workgang",
];

/// One `tag[+tag...][*]` selection, on or off.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Selection {
    tags: Vec<String>,
    wildcard: bool,
    on: bool,
}

impl Selection {
    /// Does it name the tag set `tags` (a line's, comma-separated)?
    fn matches(&self, tags: &str) -> bool {
        let line: Vec<&str> = tags.split(',').collect();
        if self.tags.len() == 1 && self.tags[0] == "all" {
            return true;
        }
        let named = self.tags.iter().all(|t| line.contains(&t.as_str()));
        named && (self.wildcard || line.len() == self.tags.len())
    }
}

/// What the `-Xlog` options ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GcLogConfig {
    /// In order: a later selection of the same lines decides.
    selections: Vec<Selection>,
    pub output: LogOutput,
    decorations: u16,
}

impl Default for GcLogConfig {
    /// No GC log (no `-Xlog` option): nothing selected, stdout and the default decorations
    /// for a selection added later.
    fn default() -> GcLogConfig {
        GcLogConfig {
            selections: Vec::new(),
            output: LogOutput::Stdout,
            decorations: DEFAULT_DECORATIONS,
        }
    }
}

impl GcLogConfig {
    /// The configuration `-Xlog` options give (each without its `-Xlog`: `":gc*:file=x"`, or
    /// `""` for a bare `-Xlog`), or what is wrong with one of them.
    pub fn parse(options: &[String]) -> Result<GcLogConfig, String> {
        let mut config = GcLogConfig::default();
        let mut output: Option<LogOutput> = None;
        for option in options {
            let whole = format!("-Xlog{option}");
            let fail = |why: String| format!("invalid -Xlog option '{whole}': {why}");
            if option.is_empty() {
                // HotSpot: warnings and errors of every tag on stdout; gcvm writes none.
                continue;
            }
            let Some(spec) = option.strip_prefix(':') else {
                return Err(fail(
                    "expected -Xlog:SELECTION[:OUTPUT[:DECORATORS]]".into(),
                ));
            };
            if spec == "disable" {
                config.selections.clear();
                continue;
            }
            let parts: Vec<&str> = split_outside_quotes(spec);
            if parts.len() > 4 {
                return Err(fail("too many ':'-separated parts".into()));
            }
            let selection = parts.first().copied().unwrap_or("");
            let selection = if selection.is_empty() {
                "all"
            } else {
                selection
            };
            for item in selection.split(',') {
                config
                    .selections
                    .push(parse_selection(item).map_err(&fail)?);
            }
            let this_output = match parts.get(1).copied().unwrap_or("") {
                "" => None,
                "stdout" | "#0" => Some(LogOutput::Stdout),
                "stderr" | "#1" => Some(LogOutput::Stderr),
                out => {
                    let path = out.strip_prefix("file=").unwrap_or(out);
                    let path = path.trim_matches('"');
                    if path.is_empty() {
                        return Err(fail("an empty file name".into()));
                    }
                    Some(LogOutput::File(PathBuf::from(path)))
                }
            };
            match (&output, &this_output) {
                (Some(o), Some(this)) if o != this => {
                    return Err(fail(format!(
                        "gcvm writes its GC log to one output, and an earlier -Xlog chose {}",
                        describe(o)
                    )))
                }
                (None, Some(_)) => output = this_output.clone(),
                _ => {}
            }
            if let Some(decorators) = parts.get(2).filter(|d| !d.is_empty()) {
                config.decorations = parse_decorators(decorators).map_err(&fail)?;
            }
            if let Some(opts) = parts.get(3).filter(|o| !o.is_empty()) {
                if matches!(this_output, Some(LogOutput::File(_))) {
                    return Err(fail(format!(
                        "output options ({opts}): gcvm does not rotate its log file"
                    )));
                }
            }
        }
        config.output = output.unwrap_or(LogOutput::Stdout);
        Ok(config)
    }

    /// Is a line with tag set `tags` (comma-separated, as written) selected? The last
    /// selection that names it decides.
    pub fn selects(&self, tags: &str) -> bool {
        self.selections
            .iter()
            .rev()
            .find(|s| s.matches(tags))
            .is_some_and(|s| s.on)
    }

    /// Does it select the `[gc]` lines (`--log-gc`): one per collection and per concurrent
    /// phase, and the collector's name at start? The VM writes them only then.
    pub fn wants_collections(&self) -> bool {
        self.selects("gc")
    }

    /// Does it select any line but those (`--log-gc-details`)? The VM and the collectors then
    /// write their detail lines, and `GcLog::write` keeps the selected ones.
    pub fn wants_details(&self) -> bool {
        self.selections
            .iter()
            .any(|s| s.on && (s.wildcard || s.tags != ["gc"]))
    }
}

fn describe(output: &LogOutput) -> String {
    match output {
        LogOutput::Stdout => "stdout".into(),
        LogOutput::Stderr => "stderr".into(),
        LogOutput::File(p) => format!("file={}", p.display()),
    }
}

/// Splits at ':' outside double quotes (HotSpot allows `file="C:\x"`).
fn split_outside_quotes(spec: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in spec.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ':' if !quoted => {
                parts.push(&spec[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&spec[start..]);
    parts
}

fn parse_selection(item: &str) -> Result<Selection, String> {
    let (tags, level) = match item.split_once('=') {
        Some((t, l)) => (t, l),
        None => (item, "info"),
    };
    let on = match level {
        "off" => false,
        "trace" | "debug" | "info" => true,
        // gcvm writes no GC warnings or errors: such a selection selects nothing.
        "warning" | "error" => false,
        _ => return Err(format!("invalid level '{level}'")),
    };
    let (tags, wildcard) = match tags.strip_suffix('*') {
        Some(t) => (t, true),
        None => (tags, false),
    };
    if tags.is_empty() {
        return Err(format!("no tag in selection '{item}'"));
    }
    let tags: Vec<String> = tags.split('+').map(str::to_string).collect();
    if tags.len() > 1 || tags[0] != "all" {
        if let Some(bad) = tags.iter().find(|t| !KNOWN_TAGS.contains(&t.as_str())) {
            return Err(format!("invalid tag '{bad}' in log selection"));
        }
    }
    Ok(Selection { tags, wildcard, on })
}

fn parse_decorators(list: &str) -> Result<u16, String> {
    if list == "none" {
        return Ok(0);
    }
    let mut bits = 0;
    for name in list.split(',') {
        let Some(i) = DECORATORS
            .iter()
            .position(|&(long, short)| name == long || name == short)
        else {
            return Err(format!("invalid decorator '{name}'"));
        };
        bits |= 1 << i;
    }
    Ok(bits)
}

/// The VM's GC log: the configuration and, for a file, the open file.
pub struct GcLog {
    config: GcLogConfig,
    file: Option<parking_lot::Mutex<std::fs::File>>,
    started: Instant,
}

impl GcLog {
    /// Opens the log (creating or truncating its file), or says why it cannot. `started`: the
    /// VM's start, from which the uptime decorations count.
    pub fn open(config: GcLogConfig, started: Instant) -> Result<GcLog, String> {
        let file = match &config.output {
            LogOutput::File(path) => Some(parking_lot::Mutex::new(
                std::fs::File::create(path)
                    .map_err(|e| format!("cannot open GC log file {}: {e}", path.display()))?,
            )),
            _ => None,
        };
        Ok(GcLog {
            config,
            file,
            started,
        })
    }

    /// Writes `line` (`[uptime][level][tags] message`, no newline) if its tag set is selected:
    /// to stdout through `stdout` (in order with the program's output), to stderr, or to the
    /// file. One write per line.
    pub fn write(&self, line: &str, stdout: impl FnOnce(&[u8])) {
        let Some((level, tags, message)) = split_decorations(line) else {
            return;
        };
        if !self.config.selects(tags) {
            return;
        }
        let mut out = if self.config.decorations == DEFAULT_DECORATIONS {
            line.to_string()
        } else {
            self.decorate(level, tags, message)
        };
        out.push('\n');
        match &self.config.output {
            LogOutput::Stdout => stdout(out.as_bytes()),
            LogOutput::Stderr => {
                let _ = std::io::stderr().write_all(out.as_bytes());
            }
            LogOutput::File(_) => {
                if let Some(f) = &self.file {
                    let _ = f.lock().write_all(out.as_bytes());
                }
            }
        }
    }

    /// `message` with the configured decorations, taken now.
    fn decorate(&self, level: &str, tags: &str, message: &str) -> String {
        let uptime = self.started.elapsed();
        let now = SystemTime::now();
        let since_epoch = now.duration_since(UNIX_EPOCH).unwrap_or_default();
        let mut out = String::new();
        for (i, _) in DECORATORS.iter().enumerate() {
            if self.config.decorations & (1 << i) == 0 {
                continue;
            }
            let _ = match i {
                0 => write!(out, "[{}]", local_time(now)),
                1 => write!(out, "[{}]", utc_time(now)),
                2 => write!(out, "[{:.3}s]", uptime.as_secs_f64()),
                3 => write!(out, "[{}ms]", since_epoch.as_millis()),
                4 => write!(out, "[{}ms]", uptime.as_millis()),
                5 => write!(out, "[{}ns]", since_epoch.as_nanos()),
                6 => write!(out, "[{}ns]", uptime.as_nanos()),
                7 => write!(out, "[{}]", hostname()),
                8 => write!(out, "[{}]", std::process::id()),
                9 => write!(out, "[{}]", thread_id()),
                10 => write!(out, "[{level}]"),
                _ => write!(out, "[{tags}]"),
            };
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(message);
        out
    }
}

/// (level, tags, message) of a line written as `[uptime][level][tags] message`.
fn split_decorations(line: &str) -> Option<(&str, &str, &str)> {
    let rest = line.strip_prefix('[')?;
    let (_, rest) = rest.split_once("][")?;
    let (level, rest) = rest.split_once("][")?;
    let (tags, message) = rest.split_once("] ")?;
    Some((level, tags, message))
}

/// HotSpot's `time`: local time with its offset, `2026-12-05T02:02:15.904+0000`.
fn local_time(now: SystemTime) -> String {
    let t: chrono::DateTime<chrono::Local> = now.into();
    t.format("%Y-%m-%dT%H:%M:%S%.3f%z").to_string()
}

/// HotSpot's `utctime`: the same in UTC.
fn utc_time(now: SystemTime) -> String {
    let t: chrono::DateTime<chrono::Utc> = now.into();
    t.format("%Y-%m-%dT%H:%M:%S%.3f%z").to_string()
}

/// The host's name, as HotSpot's `hostname` decorator gives it.
fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "localhost".into())
}

/// The operating system's id of the calling thread (HotSpot's `tid`), from /proc.
fn thread_id() -> String {
    std::fs::read_link("/proc/thread-self")
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "0".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(options: &[&str]) -> Result<GcLogConfig, String> {
        GcLogConfig::parse(&options.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn gc_selects_only_the_lines_tagged_gc_alone() {
        let c = parse(&[":gc"]).unwrap();
        assert!(c.selects("gc"));
        assert!(!c.selects("gc,phases"));
        assert!(c.wants_collections() && !c.wants_details());
    }

    #[test]
    fn a_wildcard_selects_every_tag_set_that_holds_its_tags() {
        let c = parse(&[":gc+phases*"]).unwrap();
        assert!(c.selects("gc,phases") && c.selects("gc,phases,ref"));
        assert!(!c.selects("gc") && !c.selects("gc,heap"));
        assert!(!c.wants_collections() && c.wants_details());
    }

    #[test]
    fn a_later_selection_turns_an_earlier_one_off() {
        let c = parse(&[":gc*,gc+heap=off"]).unwrap();
        assert!(c.selects("gc,phases") && !c.selects("gc,heap"));
        let c = parse(&[":gc*", ":disable"]).unwrap();
        assert!(!c.selects("gc"));
    }

    #[test]
    fn an_option_without_an_output_shares_the_others() {
        let c = parse(&[":gc", ":gc+phases:file=gc.log"]).unwrap();
        assert_eq!(c.output, LogOutput::File("gc.log".into()));
        assert!(c.selects("gc") && c.selects("gc,phases") && !c.selects("gc,heap"));
    }

    #[test]
    fn the_output_is_stdout_stderr_or_a_file() {
        assert_eq!(parse(&[":gc"]).unwrap().output, LogOutput::Stdout);
        assert_eq!(parse(&[":gc:stderr"]).unwrap().output, LogOutput::Stderr);
        assert_eq!(
            parse(&[":gc*:file=gc.log"]).unwrap().output,
            LogOutput::File("gc.log".into())
        );
        assert_eq!(
            parse(&[":gc:gc.log:uptime"]).unwrap().output,
            LogOutput::File("gc.log".into())
        );
    }

    #[test]
    fn unknown_tags_decorators_levels_and_rotation_are_refused_by_name() {
        let err = |o: &str| parse(&[o]).unwrap_err();
        assert!(err(":foo").contains("invalid tag 'foo'"), "{}", err(":foo"));
        assert!(err(":gc:stdout:bogus").contains("invalid decorator 'bogus'"));
        assert!(err(":gc=loud").contains("invalid level 'loud'"));
        assert!(err(":gc:file=x.log::filecount=5").contains("does not rotate"));
        assert!(err(":gc:file=x.log::filecount=5").starts_with("invalid -Xlog option '-Xlog:gc:"));
        assert!(
            parse(&[":gc:stdout::filecount=5"]).is_ok(),
            "ignored for stdout, as HotSpot"
        );
        assert!(parse(&[":gc:stdout", ":gc*:stderr"])
            .unwrap_err()
            .contains("one output"));
    }

    fn log(decorators: &str) -> GcLog {
        let c = parse(&[&format!(":gc*:stdout:{decorators}")]).unwrap();
        GcLog::open(c, Instant::now()).unwrap()
    }

    fn written(log: &GcLog, line: &str) -> String {
        let mut out = Vec::new();
        log.write(line, |b| out.extend_from_slice(b));
        String::from_utf8(out).unwrap()
    }

    const LINE: &str =
        "[0.250s][info][gc] GC(0) Pause Young (Allocation Failure) 8M->1M(64M) 1.0ms";

    #[test]
    fn the_default_decorations_leave_a_line_as_written() {
        assert_eq!(
            written(&log("uptime,level,tags"), LINE),
            format!("{LINE}\n")
        );
    }

    #[test]
    fn decorations_come_in_hotspots_order_whatever_the_order_given() {
        let out = written(&log("tags,pid,level"), LINE);
        let pid = std::process::id();
        assert_eq!(
            out,
            format!("[{pid}][info][gc] GC(0) Pause Young (Allocation Failure) 8M->1M(64M) 1.0ms\n")
        );
    }

    #[test]
    fn none_leaves_the_message_alone() {
        assert_eq!(
            written(&log("none"), LINE),
            "GC(0) Pause Young (Allocation Failure) 8M->1M(64M) 1.0ms\n"
        );
    }

    #[test]
    fn time_decorations_have_hotspots_shapes() {
        let out = written(&log("utctime,uptimemillis,timenanos"), LINE);
        let parts: Vec<&str> = out.split(']').collect();
        let utc = parts[0].trim_start_matches('[');
        assert_eq!(utc.len(), "2026-12-05T02:02:15.904+0000".len(), "{out}");
        assert!(
            utc.ends_with("+0000") && utc.as_bytes()[10] == b'T',
            "{out}"
        );
        assert!(parts[1].trim_start_matches('[').ends_with("ms"), "{out}");
        assert!(parts[2].trim_start_matches('[').ends_with("ns"), "{out}");
    }

    #[test]
    fn a_line_of_a_tag_set_not_selected_is_not_written() {
        let c = parse(&[":gc+heap"]).unwrap();
        let log = GcLog::open(c, Instant::now()).unwrap();
        assert_eq!(written(&log, LINE), "");
        assert_eq!(
            written(&log, "[0.3s][info][gc,heap] used"),
            "[0.3s][info][gc,heap] used\n"
        );
    }
}
