//! `gcvm compare PROGRAM [ARGS...]`: runs one program (a bundled .java file, or a main class on
//! the class path) under every registered collector (or `--collectors a,b`), with the same -Xmx
//! and arguments, each traced, and writes one report from the traces — `report.html` (SVG plots
//! embedded), `report.md` and `report.json` in `--out DIR` — through gcvm-tools
//! (tools/src/analysis/compare.rs, drawn by tools/src/render/). The collectors' names come from gcvm-gc's registry, so the comparison
//! grows with them.

use super::common::{fail, print_text};
use gcvm_tools::compare::{Comparison, RunMetrics};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

#[derive(clap::Args)]
pub struct CompareArgs {
    /// Collectors to compare, comma-separated (default: every collector gcvm has built in).
    #[arg(long, value_name = "NAMES")]
    collectors: Option<String>,
    /// Maximum heap of every run (also -Xmx64m).
    #[arg(long = "xmx", value_name = "SIZE", default_value = "64m")]
    xmx: String,
    /// Class path, when PROGRAM is a main class (also -cp).
    #[arg(long = "class-path", value_name = "PATH")]
    class_path: Option<String>,
    /// Directory for the traces, each run's output and the report.
    #[arg(long, value_name = "DIR", default_value = "compare-report")]
    out: PathBuf,
    /// A .java source file or a main class.
    #[arg(value_name = "PROGRAM")]
    program: String,
    /// Arguments passed to the program's main.
    #[arg(
        value_name = "ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    args: Vec<String>,
}

/// The collectors to run: the list given (each checked against the registry, labs' collectors
/// included under gcvm-lab) or every built-in one.
fn collectors(a: &CompareArgs) -> Result<Vec<String>, String> {
    let known = gcvm_gc::collector_names();
    let Some(list) = &a.collectors else {
        return Ok(gcvm_gc::COLLECTOR_NAMES
            .iter()
            .map(|s| s.to_string())
            .collect());
    };
    let mut v = Vec::new();
    for c in list.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        if !known.contains(&c) {
            return Err(format!(
                "unknown collector {c:?} in --collectors: expected some of {}",
                known.join(", ")
            ));
        }
        v.push(c.to_string());
    }
    if v.is_empty() {
        return Err("--collectors names no collector".into());
    }
    Ok(v)
}

/// Runs the program under `collector`, traced; returns (wall seconds, exit code, stdout).
fn run_one(a: &CompareArgs, collector: &str) -> Result<(f64, i32, Vec<u8>), String> {
    let gcvm = std::env::current_exe().map_err(|e| format!("cannot find gcvm itself: {e}"))?;
    let trace = a.out.join(format!("{collector}.gct"));
    let mut cmd = Command::new(gcvm);
    cmd.arg("run")
        .args(["--gc", collector, "--xmx", &a.xmx, "--trace"])
        .arg(&trace);
    if let Some(cp) = &a.class_path {
        cmd.args(["--class-path", cp]);
    }
    cmd.arg(&a.program).args(&a.args);
    let err = std::fs::File::create(a.out.join(format!("{collector}.err")))
        .map_err(|e| format!("cannot write into {}: {e}", a.out.display()))?;
    let t0 = Instant::now();
    let out = cmd
        .stdin(Stdio::null())
        .stderr(err)
        .output()
        .map_err(|e| format!("cannot run gcvm: {e}"))?;
    let wall = t0.elapsed().as_secs_f64();
    std::fs::write(a.out.join(format!("{collector}.out")), &out.stdout)
        .map_err(|e| format!("cannot write into {}: {e}", a.out.display()))?;
    Ok((wall, out.status.code().unwrap_or(128), out.stdout))
}

/// Runs the comparison, writes the report and prints the Markdown table.
pub fn run(a: CompareArgs) -> ExitCode {
    match compare(a) {
        Ok(text) => print_text(&text),
        Err(msg) => fail(msg),
    }
}

/// Runs the comparison and writes the report; returns the text to print (the Markdown table).
fn compare(a: CompareArgs) -> Result<String, String> {
    let cs = collectors(&a)?;
    std::fs::create_dir_all(&a.out)
        .map_err(|e| format!("cannot create {}: {e}", a.out.display()))?;
    let mut runs = Vec::new();
    let mut outputs: Vec<Vec<u8>> = Vec::new();
    for c in &cs {
        eprintln!("gcvm compare: running {} under {c}", a.program);
        let (wall, code, stdout) = run_one(&a, c)?;
        let trace = a.out.join(format!("{c}.gct"));
        let m = RunMetrics::from_trace(&trace, c, wall, code)
            .map_err(|e| format!("{c}: {}: {e}", trace.display()))?;
        runs.push(m);
        outputs.push(stdout);
    }
    let same_output = outputs.windows(2).all(|w| w[0] == w[1]);
    let cmp = Comparison {
        program: std::iter::once(a.program.as_str())
            .chain(a.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" "),
        xmx: a.xmx.clone(),
        runs,
        same_output,
    };
    let md = cmp.markdown();
    for (name, text) in [
        ("report.html", cmp.html()),
        ("report.md", md.clone()),
        ("report.json", cmp.json()),
    ] {
        let p = a.out.join(name);
        std::fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    Ok(format!(
        "{md}\nreport: {}\n",
        a.out.join("report.html").display()
    ))
}
