//! From `argv` to the parsed command line: Java-style options (`-cp`, `-Xmx64m`, `-Xlog:gc`)
//! rewritten into gcvm's long options, and clap's errors shortened to one line.

use crate::sizes::{parse_size, parse_stack_size};
use clap::error::ErrorKind;
use clap::Parser;
use gcvm_interp::runtime::gclog::GcLogConfig;
use std::process::ExitCode;

/// Parses `raw` (argv) into `C`; on failure, what was printed has been printed and the exit
/// status is returned: 0 after help or the version, 2 for bad arguments.
pub fn parse<C: Parser>(raw: Vec<String>) -> Result<C, ExitCode> {
    let args = normalize_args(raw).map_err(|msg| {
        eprintln!("gcvm: {msg}");
        ExitCode::from(2)
    })?;
    C::try_parse_from(args).map_err(|e| {
        if matches!(
            e.kind(),
            ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        ) {
            let _ = e.print();
            return ExitCode::from(
                if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                },
            );
        }
        eprintln!("gcvm: {}", first_paragraph(&e.render().to_string()));
        ExitCode::from(2)
    })
}

/// Rewrites Java-style options into long options, up to the main class. Errors name the
/// option as the user spelled it (`-Xmx12q`), as HotSpot does.
fn normalize_args(raw: Vec<String>) -> Result<Vec<String>, String> {
    let mut out = Vec::with_capacity(raw.len());
    let mut iter = raw.into_iter();
    if let Some(program) = iter.next() {
        out.push(program);
    }
    let mut in_run = false;
    let mut expect_values = 0;
    let mut oom_dump = HeapDumpFlags::default();
    for a in iter.by_ref() {
        if !in_run {
            in_run = a == "run" || a == "compare";
            out.push(a);
            continue;
        }
        if expect_values > 0 {
            expect_values -= 1;
            out.push(a);
            continue;
        }
        let mapped: Vec<String> = if a == "-cp" || a == "-classpath" {
            expect_values = 1;
            vec!["--class-path".into()]
        } else if let Some((long, what)) = java_size_option(&a) {
            let value = &a[4..];
            parse_size(value).map_err(|_| format!("invalid {what} size: {a}"))?;
            if long == "--xss" {
                parse_stack_size(value).map_err(|e| format!("{a}: {e}"))?;
            }
            vec![long.into(), value.into()]
        } else if a == "-XX:+UseTransparentHugePages" {
            vec!["--huge-pages".into()]
        } else if a == "-XX:-UseTransparentHugePages" {
            vec![]
        } else if a == "-verbose:gc" {
            vec!["--log-gc".into()]
        } else if let Some(spec) = a
            .strip_prefix("-Xlog")
            .filter(|s| s.is_empty() || s.starts_with(':'))
        {
            // Checked here, so that a wrong one is refused before anything runs; `run` parses
            // them together (runtime/gclog.rs).
            GcLogConfig::parse(&[spec.to_string()])?;
            vec!["--xlog".into(), spec.into()]
        } else if let Some(settings) = a.strip_prefix("-XX:StartFlightRecording") {
            flight_recording_options(&a, settings)?
        } else if oom_dump.take(&a) {
            vec![]
        } else if a.starts_with("-X") || (a.starts_with('-') && !a.starts_with("--") && a.len() > 2)
        {
            return Err(format!("unrecognized option: {a}"));
        } else if a.starts_with('-') {
            expect_values = values_taken(&a);
            vec![a]
        } else {
            out.extend(oom_dump.options());
            oom_dump = HeapDumpFlags::default();
            out.push(a);
            break;
        };
        out.extend(mapped);
    }
    out.extend(oom_dump.options());
    out.extend(iter);
    Ok(out)
}

/// HotSpot's `-XX:+HeapDumpOnOutOfMemoryError` and `-XX:HeapDumpPath=P`, in either order.
#[derive(Default)]
struct HeapDumpFlags {
    on: bool,
    path: Option<String>,
}

impl HeapDumpFlags {
    /// Takes `arg` if it is one of the two flags (or `-XX:-HeapDumpOnOutOfMemoryError`).
    fn take(&mut self, arg: &str) -> bool {
        match arg {
            "-XX:+HeapDumpOnOutOfMemoryError" => self.on = true,
            "-XX:-HeapDumpOnOutOfMemoryError" => self.on = false,
            _ => match arg.strip_prefix("-XX:HeapDumpPath=") {
                Some(path) => self.path = Some(path.to_string()),
                None => return false,
            },
        }
        true
    }

    /// `--heap-dump-on-oom FILE`: the path given, a file named as HotSpot names it in the
    /// directory given, or that name in the working directory.
    fn options(&self) -> Vec<String> {
        if !self.on {
            return vec![];
        }
        let default_name = format!("java_pid{}.hprof", std::process::id());
        let file = match &self.path {
            Some(p) if std::path::Path::new(p).is_dir() => std::path::Path::new(p)
                .join(default_name)
                .display()
                .to_string(),
            Some(p) => p.clone(),
            None => default_name,
        };
        vec!["--heap-dump-on-oom".into(), file]
    }
}

/// How many of the next arguments are the values of `option`, a long option of `run` or
/// `compare`.
fn values_taken(option: &str) -> usize {
    if option == "--heap-dump-at" {
        return 2;
    }
    let one = matches!(
        option,
        "--xlog"
            | "--class-path"
            | "--gc"
            | "--xmx"
            | "--xms"
            | "--xss"
            | "--gc-threads"
            | "--gc-stress"
            | "--trace"
            | "--trace-max-size"
            | "--trace-files"
            | "--jfr"
            | "--jfr-settings"
            | "--heap-dump"
            | "--heap-dump-on-oom"
            | "--stream-record"
            | "--stream-tile"
            | "--stream-tick"
            | "--stream-filter"
            | "--stream-step-kb"
            | "--stream-step-regions"
            | "--periodic-gc"
            | "--region-size"
            | "--pause-goal"
            | "--young-size"
            | "--collectors"
            | "--out"
    );
    usize::from(one)
}

/// HotSpot's `-XX:StartFlightRecording:filename=F,settings=S` (`settings` is what follows
/// `-XX:StartFlightRecording`): `--jfr F --jfr-settings S`. Without a file name HotSpot
/// writes only on request (jcmd); gcvm has no jcmd, so a file name is required.
fn flight_recording_options(arg: &str, settings: &str) -> Result<Vec<String>, String> {
    let settings = settings.strip_prefix([':', '=']).unwrap_or(settings);
    let mut out = Vec::new();
    for pair in settings.split(',').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("filename", file)) => out.extend(["--jfr".to_string(), file.to_string()]),
            Some(("settings", name)) => {
                let name = name.trim_end_matches(".jfc");
                out.extend(["--jfr-settings".to_string(), name.to_string()]);
            }
            _ => {
                return Err(format!(
                "{arg}: unsupported recording option '{pair}' (gcvm takes filename= and settings=)"
            ))
            }
        }
    }
    if !out.iter().any(|o| o == "--jfr") {
        return Err(format!(
            "{arg}: gcvm needs filename=FILE (it writes the recording at exit)"
        ));
    }
    Ok(out)
}

/// `-Xmx`, `-Xms`, `-Xmn`, `-Xss`: the long option each maps to and what it sizes.
fn java_size_option(arg: &str) -> Option<(&'static str, &'static str)> {
    match arg.get(..4)? {
        "-Xmx" => Some(("--xmx", "maximum heap")),
        "-Xms" => Some(("--xms", "initial heap")),
        "-Xmn" => Some(("--young-size", "young generation")),
        "-Xss" => Some(("--xss", "thread stack")),
        _ => None,
    }
}

/// A clap error on one line: its first paragraph (the problem and, when clap adds them, the
/// missing arguments or the possible values), without usage and tips.
fn first_paragraph(rendered: &str) -> String {
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let text = lines.join(" ");
    let text = text.trim_start_matches("error: ");
    match text.is_empty() {
        true => "bad arguments".to_string(),
        false => text.to_string(),
    }
}
