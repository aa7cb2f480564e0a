//! `gcvm bench`: runs bundled programs under chosen collectors and, side by side, on HotSpot
//! (`-Xint` and with the JIT, with the matching collector and the same -Xmx), alternating runs,
//! and reports median wall time with its spread, collections, total and maximum pause, and the
//! ratio to HotSpot -Xint — as Markdown, CSV or JSON. Pause statistics (maximum, 99th percentile,
//! minimum mutator utilisation in 10 ms windows) come from each run's `-Xlog:gc` lines, HotSpot's
//! (`-Xlog:gc+phases` for ZGC, whose pauses are phases) and gcvm's alike.

use super::common::fail;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Programs to run (names in programs/, comma-separated), or "all".
    #[arg(long, default_value = "all")]
    programs: String,
    /// Collectors to run gcvm with, comma-separated.
    #[arg(long, default_value = "semispace")]
    collectors: String,
    /// Maximum heap for every run (gcvm and HotSpot).
    #[arg(long, default_value = "64m")]
    xmx: String,
    /// Repetitions per configuration (runs alternate between configurations).
    #[arg(long, default_value_t = 3)]
    reps: usize,
    /// Program size argument (default: each program's own default).
    #[arg(long)]
    size: Option<String>,
    /// Further program arguments after the size, space-separated (e.g. `--size 8 --args park`
    /// runs ThreadRing's park/unpark ring only).
    #[arg(
        long,
        value_name = "ARGS",
        requires = "size",
        allow_hyphen_values = true
    )]
    args: Option<String>,
    /// HotSpot collectors to run beside gcvm, comma-separated (serial, parallel, g1, zgc),
    /// instead of each gcvm collector's match; ratios are then to the first one's -Xint time.
    #[arg(long, value_name = "GCS", value_parser = parse_hotspot_gcs)]
    hotspot_gcs: Option<HotspotGcs>,
    /// Skip the HotSpot JIT runs.
    #[arg(long)]
    no_jit: bool,
    /// Output format.
    #[arg(long, default_value = "md", value_parser = ["md", "csv", "json"])]
    format: String,
    /// Directory holding the programs.
    #[arg(long, default_value = "programs")]
    dir: PathBuf,
    /// Extra options for every gcvm run, space-separated (e.g. "--pause-goal 5").
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    gcvm_args: Option<String>,
    /// Extra options for every HotSpot run, space-separated (e.g. "-XX:MaxGCPauseMillis=5").
    #[arg(long, value_name = "OPTIONS", allow_hyphen_values = true)]
    java_args: Option<String>,
}

/// One configuration: how to run a program.
#[derive(Clone)]
struct Config {
    label: String,
    /// gcvm collector, or None for HotSpot.
    collector: Option<String>,
    hotspot_flags: Vec<String>,
}

#[derive(Default, Clone)]
struct Sample {
    wall: f64,
    gcs: usize,
    total_pause_ms: f64,
    max_pause_ms: f64,
    /// Every pause: (start, seconds since the VM started; duration in ms).
    pauses: Vec<(f64, f64)>,
}

/// MMU window.
const MMU_WINDOW_S: f64 = 0.010;

impl Sample {
    /// The median pause in ms (0 without pauses).
    fn median_pause_ms(&self) -> f64 {
        median(self.pauses.iter().map(|p| p.1).collect())
    }

    /// The 99th-percentile pause in ms (0 without pauses).
    fn p99_pause_ms(&self) -> f64 {
        let mut d: Vec<f64> = self.pauses.iter().map(|p| p.1).collect();
        if d.is_empty() {
            return 0.0;
        }
        d.sort_by(|a, b| a.total_cmp(b));
        d[((d.len() as f64 * 0.99).ceil() as usize).clamp(1, d.len()) - 1]
    }

    /// Minimum mutator utilisation over every window of `MMU_WINDOW_S` (Cheng and Blelloch):
    /// the least share of a window left to the program. The worst window starts at a pause's
    /// start or ends at a pause's end.
    fn mmu(&self) -> f64 {
        let w = MMU_WINDOW_S;
        let spans: Vec<(f64, f64)> = self
            .pauses
            .iter()
            .map(|&(s, ms)| (s, s + ms / 1e3))
            .collect();
        let paused_in = |t: f64| -> f64 {
            spans
                .iter()
                .map(|&(s, e)| (e.min(t + w) - s.max(t)).max(0.0))
                .sum()
        };
        let worst = spans
            .iter()
            .flat_map(|&(s, e)| [s, e - w])
            .map(paused_in)
            .fold(0.0, f64::max);
        (1.0 - worst / w).max(0.0)
    }
}

struct Row {
    program: String,
    config: String,
    median: f64,
    min: f64,
    max: f64,
    gcs: usize,
    total_pause_ms: f64,
    median_pause_ms: f64,
    max_pause_ms: f64,
    p99_pause_ms: f64,
    mmu: f64,
    ratio_to_xint: Option<f64>,
}

/// HotSpot's collectors matching a gcvm collector (what the comparison is against; the first
/// is the one the time ratio uses).
/// The HotSpot collectors `--hotspot-gcs` names, as flags.
#[derive(Clone)]
struct HotspotGcs(Vec<&'static str>);

fn parse_hotspot_gcs(list: &str) -> Result<HotspotGcs, String> {
    list.split(',')
        .map(|name| match name {
            "serial" => Ok("-XX:+UseSerialGC"),
            "parallel" => Ok("-XX:+UseParallelGC"),
            "g1" => Ok("-XX:+UseG1GC"),
            "zgc" => Ok("-XX:+UseZGC"),
            other => Err(format!(
                "unknown HotSpot collector '{other}' (serial, parallel, g1 or zgc)"
            )),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(HotspotGcs)
}

/// The HotSpot collectors a gcvm collector is compared with, the first for its ratio.
fn hotspot_gcs_for<'a>(collector: &str, chosen: Option<&'a HotspotGcs>) -> &'a [&'static str] {
    match chosen {
        Some(gcs) => &gcs.0,
        None => matching_hotspot_gcs(collector),
    }
}

fn matching_hotspot_gcs(collector: &str) -> &'static [&'static str] {
    match collector {
        "region" => &["-XX:+UseG1GC"],
        "concurrent-mark-sweep" => &["-XX:+UseZGC", "-XX:+UseG1GC"],
        _ => &["-XX:+UseSerialGC"],
    }
}

/// Runs the benchmark and prints the table; gcvm exits with the harness's status.
pub fn run(args: BenchArgs) -> ExitCode {
    match bench(args) {
        Ok(code) => ExitCode::from(code as u8),
        Err(msg) => fail(msg),
    }
}

fn bench(args: BenchArgs) -> Result<i32, String> {
    let programs = select_programs(&args.dir, &args.programs)?;
    let classes = std::env::temp_dir().join(format!("gcvm-bench-{}", std::process::id()));
    compile(&programs, &classes)?;
    let collectors: Vec<String> = args.collectors.split(',').map(str::to_string).collect();
    let configs = configs(&collectors, args.hotspot_gcs.as_ref(), args.no_jit);
    let gcvm = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for program in &programs {
        let name = program
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); configs.len()];
        for _ in 0..args.reps {
            for (i, c) in configs.iter().enumerate() {
                samples[i].push(run_once(&gcvm, c, &classes, &name, &args)?);
            }
        }
        let xint: Vec<(String, f64)> = configs
            .iter()
            .zip(&samples)
            .filter(|(c, _)| {
                c.collector.is_none() && c.hotspot_flags.contains(&"-Xint".to_string())
            })
            .map(|(c, s)| (c.label.clone(), median(s.iter().map(|x| x.wall).collect())))
            .collect();
        for (c, s) in configs.iter().zip(&samples) {
            let walls: Vec<f64> = s.iter().map(|x| x.wall).collect();
            let med = median(walls.clone());
            let ratio = c.collector.as_ref().and_then(|col| {
                let want = format!(
                    "hotspot-xint {}",
                    hotspot_gcs_for(col, args.hotspot_gcs.as_ref())[0]
                );
                xint.iter().find(|(l, _)| *l == want).map(|(_, t)| med / t)
            });
            rows.push(Row {
                program: name.clone(),
                config: c.label.clone(),
                median: med,
                min: walls.iter().cloned().fold(f64::INFINITY, f64::min),
                max: walls.iter().cloned().fold(0.0, f64::max),
                gcs: median(s.iter().map(|x| x.gcs as f64).collect()) as usize,
                total_pause_ms: median(s.iter().map(|x| x.total_pause_ms).collect()),
                median_pause_ms: median(s.iter().map(Sample::median_pause_ms).collect()),
                max_pause_ms: s.iter().map(|x| x.max_pause_ms).fold(0.0, f64::max),
                p99_pause_ms: median(s.iter().map(Sample::p99_pause_ms).collect()),
                mmu: median(s.iter().map(Sample::mmu).collect()),
                ratio_to_xint: ratio,
            });
        }
    }
    let _ = std::fs::remove_dir_all(&classes);
    print!("{}", render(&rows, &args));
    Ok(0)
}

fn select_programs(dir: &Path, which: &str) -> Result<Vec<PathBuf>, String> {
    let mut all: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    all.sort();
    if which == "all" {
        return Ok(all);
    }
    which
        .split(',')
        .map(|n| {
            all.iter()
                .find(|p| p.file_stem().is_some_and(|s| s == n))
                .cloned()
                .ok_or_else(|| format!("no program named {n} in {}", dir.display()))
        })
        .collect()
}

fn compile(programs: &[PathBuf], out: &Path) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    let status = Command::new("javac")
        .arg("-g")
        .arg("-d")
        .arg(out)
        .args(programs)
        .status()
        .map_err(|e| format!("cannot run javac: {e}"))?;
    if !status.success() {
        return Err("javac failed".into());
    }
    Ok(())
}

fn configs(collectors: &[String], hotspot: Option<&HotspotGcs>, no_jit: bool) -> Vec<Config> {
    let mut configs: Vec<Config> = collectors
        .iter()
        .map(|c| Config {
            label: format!("gcvm {c}"),
            collector: Some(c.clone()),
            hotspot_flags: vec![],
        })
        .collect();
    let mut gcs: Vec<&str> = Vec::new();
    for c in collectors {
        for gc in hotspot_gcs_for(c, hotspot) {
            if !gcs.contains(gc) {
                gcs.push(gc);
            }
        }
    }
    for gc in gcs {
        configs.push(Config {
            label: format!("hotspot-xint {gc}"),
            collector: None,
            hotspot_flags: vec!["-Xint".into(), gc.into()],
        });
        if !no_jit {
            configs.push(Config {
                label: format!("hotspot-jit {gc}"),
                collector: None,
                hotspot_flags: vec![gc.into()],
            });
        }
    }
    configs
}

fn run_once(
    gcvm: &Path,
    c: &Config,
    classes: &Path,
    name: &str,
    args: &BenchArgs,
) -> Result<Sample, String> {
    let mut cmd = match &c.collector {
        Some(col) => {
            let mut cmd = Command::new(gcvm);
            cmd.args(["run", "--gc", col, &format!("-Xmx{}", args.xmx), "-Xlog:gc"]);
            cmd.args(args.gcvm_args.iter().flat_map(|a| a.split_whitespace()));
            cmd.arg("-cp").arg(classes);
            cmd
        }
        None => {
            let mut cmd = Command::new("java");
            let log = if c.hotspot_flags.iter().any(|f| f == "-XX:+UseZGC") {
                "-Xlog:gc,gc+phases"
            } else {
                "-Xlog:gc"
            };
            cmd.args(&c.hotspot_flags)
                .arg(format!("-Xmx{}", args.xmx))
                .arg(log)
                .args(args.java_args.iter().flat_map(|a| a.split_whitespace()))
                .arg("-cp")
                .arg(classes);
            cmd
        }
    };
    cmd.arg(name);
    if let Some(s) = &args.size {
        cmd.arg(s);
    }
    cmd.args(args.args.iter().flat_map(|a| a.split_whitespace()));
    let start = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {}: {e}", c.label))?;
    let wall = start.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(format!(
            "{name} failed under {}: {}",
            c.label,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut s = Sample {
        wall,
        ..Sample::default()
    };
    for line in String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| (l.contains("[gc]") || l.contains("[gc,phases]")) && l.contains(" Pause "))
    {
        if let Some(ms) = pause_ms(line) {
            s.gcs += 1;
            s.total_pause_ms += ms;
            s.max_pause_ms = s.max_pause_ms.max(ms);
            // A pause's line is stamped with its end, gcvm's as HotSpot's.
            let end = uptime_s(line).unwrap_or(0.0);
            s.pauses.push((end - ms / 1e3, ms));
        }
    }
    Ok(s)
}

/// The uptime decoration of a unified-log line, `[1.234s]...`, in seconds.
fn uptime_s(line: &str) -> Option<f64> {
    line.strip_prefix('[')?.split_once("s]")?.0.parse().ok()
}

/// The pause in a unified-log GC line: the first token like `1.234ms`.
fn pause_ms(line: &str) -> Option<f64> {
    line.split_whitespace()
        .find_map(|t| t.strip_suffix("ms").and_then(|v| v.parse::<f64>().ok()))
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn render(rows: &[Row], args: &BenchArgs) -> String {
    let ratio = |r: &Row| {
        r.ratio_to_xint
            .map(|x| format!("{x:.2}"))
            .unwrap_or_default()
    };
    match args.format.as_str() {
        "csv" => {
            let mut s = String::from("program,config,median_s,min_s,max_s,gcs,total_pause_ms,median_pause_ms,max_pause_ms,p99_pause_ms,mmu_10ms,ratio_to_hotspot_xint\n");
            for r in rows {
                s += &format!(
                    "{},{},{:.3},{:.3},{:.3},{},{:.1},{:.2},{:.2},{:.2},{:.3},{}\n",
                    r.program,
                    r.config,
                    r.median,
                    r.min,
                    r.max,
                    r.gcs,
                    r.total_pause_ms,
                    r.median_pause_ms,
                    r.max_pause_ms,
                    r.p99_pause_ms,
                    r.mmu,
                    ratio(r)
                );
            }
            s
        }
        "json" => {
            let items: Vec<String> = rows
                .iter()
                .map(|r| {
                    format!(
                        "{{\"program\":\"{}\",\"config\":\"{}\",\"median_s\":{:.3},\"min_s\":{:.3},\"max_s\":{:.3},\"gcs\":{},\"total_pause_ms\":{:.1},\"median_pause_ms\":{:.2},\"max_pause_ms\":{:.2},\"p99_pause_ms\":{:.2},\"mmu_10ms\":{:.3},\"ratio_to_hotspot_xint\":{}}}",
                        r.program,
                        r.config,
                        r.median,
                        r.min,
                        r.max,
                        r.gcs,
                        r.total_pause_ms,
                        r.median_pause_ms,
                        r.max_pause_ms,
                        r.p99_pause_ms,
                        r.mmu,
                        r.ratio_to_xint.map(|x| format!("{x:.3}")).unwrap_or_else(|| "null".into())
                    )
                })
                .collect();
            format!("[\n  {}\n]\n", items.join(",\n  "))
        }
        _ => {
            let mut s = format!(
                "-Xmx{}, {} repetitions (median, min-max), size {}{}\n\n| program | configuration | wall s | spread s | GCs | total pause ms | median pause ms | max pause ms | p99 pause ms | MMU 10 ms | x HotSpot -Xint |\n|---|---|---|---|---|---|---|---|---|---|---|\n",
                args.xmx,
                args.reps,
                args.size.as_deref().unwrap_or("default"),
                args.args
                    .as_deref()
                    .map(|a| format!(", arguments {a}"))
                    .unwrap_or_default()
            );
            for r in rows {
                s += &format!(
                    "| {} | {} | {:.2} | {:.2}-{:.2} | {} | {:.1} | {:.2} | {:.2} | {:.2} | {:.2} | {} |\n",
                    r.program,
                    r.config,
                    r.median,
                    r.min,
                    r.max,
                    r.gcs,
                    r.total_pause_ms,
                    r.median_pause_ms,
                    r.max_pause_ms,
                    r.p99_pause_ms,
                    r.mmu,
                    ratio(r)
                );
            }
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(pauses: &[(f64, f64)]) -> Sample {
        Sample {
            pauses: pauses.to_vec(),
            ..Sample::default()
        }
    }

    #[test]
    fn mmu_is_one_without_pauses_and_counts_the_worst_window() {
        assert_eq!(sample(&[]).mmu(), 1.0);
        // A 2 ms pause: the worst 10 ms window holds all of it.
        assert!((sample(&[(1.0, 2.0)]).mmu() - 0.8).abs() < 1e-9);
        // Two 3 ms pauses 5 ms apart: one window holds both.
        assert!((sample(&[(1.0, 3.0), (1.005, 3.0)]).mmu() - 0.4).abs() < 1e-9);
        // A pause longer than the window leaves none of it.
        assert_eq!(sample(&[(1.0, 20.0)]).mmu(), 0.0);
    }

    #[test]
    fn p99_is_the_pause_below_which_99_percent_fall() {
        let pauses: Vec<(f64, f64)> = (1..=200).map(|i| (i as f64, i as f64)).collect();
        assert_eq!(sample(&pauses).p99_pause_ms(), 198.0);
        assert_eq!(sample(&[(0.0, 5.0)]).p99_pause_ms(), 5.0);
    }

    #[test]
    fn the_median_pause_is_the_middle_one_or_the_mean_of_the_middle_two() {
        assert_eq!(sample(&[]).median_pause_ms(), 0.0);
        assert_eq!(
            sample(&[(0.0, 9.0), (1.0, 1.0), (2.0, 4.0)]).median_pause_ms(),
            4.0
        );
        assert_eq!(sample(&[(0.0, 2.0), (1.0, 6.0)]).median_pause_ms(), 4.0);
    }

    #[test]
    fn uptime_and_pause_are_read_from_unified_log_lines() {
        let line = "[0.723s][info][gc] GC(1) Pause Remark 33M->33M(64M) 3.594ms";
        assert_eq!(uptime_s(line), Some(0.723));
        assert_eq!(pause_ms(line), Some(3.594));
    }
}
