//! `gcvm bench`: runs bundled programs under chosen collectors and, side by side, on HotSpot
//! (`-Xint` and with the JIT, with the matching collector and the same -Xmx), alternating runs,
//! and reports median wall time with its spread, collections, total and maximum pause, and the
//! ratio to HotSpot -Xint — as Markdown, CSV or JSON.

use std::path::{Path, PathBuf};
use std::process::Command;
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
    /// Skip the HotSpot JIT runs.
    #[arg(long)]
    no_jit: bool,
    /// Output format.
    #[arg(long, default_value = "md", value_parser = ["md", "csv", "json"])]
    format: String,
    /// Directory holding the programs.
    #[arg(long, default_value = "programs")]
    dir: PathBuf,
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
}

struct Row {
    program: String,
    config: String,
    median: f64,
    min: f64,
    max: f64,
    gcs: usize,
    total_pause_ms: f64,
    max_pause_ms: f64,
    ratio_to_xint: Option<f64>,
}

/// HotSpot's collector matching a gcvm collector (what the comparison is against).
fn matching_hotspot_gc(collector: &str) -> &'static str {
    match collector {
        "region" => "-XX:+UseG1GC",
        _ => "-XX:+UseSerialGC",
    }
}

pub fn run(args: BenchArgs) -> Result<i32, String> {
    let programs = select_programs(&args.dir, &args.programs)?;
    let classes = std::env::temp_dir().join(format!("gcvm-bench-{}", std::process::id()));
    compile(&programs, &classes)?;
    let collectors: Vec<String> = args.collectors.split(',').map(str::to_string).collect();
    let configs = configs(&collectors, args.no_jit);
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
                let want = format!("hotspot-xint {}", matching_hotspot_gc(col));
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
                max_pause_ms: s.iter().map(|x| x.max_pause_ms).fold(0.0, f64::max),
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

fn configs(collectors: &[String], no_jit: bool) -> Vec<Config> {
    let mut configs: Vec<Config> = collectors
        .iter()
        .map(|c| Config {
            label: format!("gcvm {c}"),
            collector: Some(c.clone()),
            hotspot_flags: vec![],
        })
        .collect();
    let mut gcs: Vec<&str> = collectors.iter().map(|c| matching_hotspot_gc(c)).collect();
    gcs.dedup();
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
            cmd.args([
                "run",
                "--gc",
                col,
                &format!("-Xmx{}", args.xmx),
                "-Xlog:gc",
                "-cp",
            ])
            .arg(classes);
            cmd
        }
        None => {
            let mut cmd = Command::new("java");
            cmd.args(&c.hotspot_flags)
                .arg(format!("-Xmx{}", args.xmx))
                .arg("-Xlog:gc")
                .arg("-cp")
                .arg(classes);
            cmd
        }
    };
    cmd.arg(name);
    if let Some(s) = &args.size {
        cmd.arg(s);
    }
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
        .filter(|l| l.contains("[gc]") && l.contains(" Pause "))
    {
        if let Some(ms) = pause_ms(line) {
            s.gcs += 1;
            s.total_pause_ms += ms;
            s.max_pause_ms = s.max_pause_ms.max(ms);
        }
    }
    Ok(s)
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
            let mut s = String::from("program,config,median_s,min_s,max_s,gcs,total_pause_ms,max_pause_ms,ratio_to_hotspot_xint\n");
            for r in rows {
                s += &format!(
                    "{},{},{:.3},{:.3},{:.3},{},{:.1},{:.2},{}\n",
                    r.program,
                    r.config,
                    r.median,
                    r.min,
                    r.max,
                    r.gcs,
                    r.total_pause_ms,
                    r.max_pause_ms,
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
                        "{{\"program\":\"{}\",\"config\":\"{}\",\"median_s\":{:.3},\"min_s\":{:.3},\"max_s\":{:.3},\"gcs\":{},\"total_pause_ms\":{:.1},\"max_pause_ms\":{:.2},\"ratio_to_hotspot_xint\":{}}}",
                        r.program,
                        r.config,
                        r.median,
                        r.min,
                        r.max,
                        r.gcs,
                        r.total_pause_ms,
                        r.max_pause_ms,
                        r.ratio_to_xint.map(|x| format!("{x:.3}")).unwrap_or_else(|| "null".into())
                    )
                })
                .collect();
            format!("[\n  {}\n]\n", items.join(",\n  "))
        }
        _ => {
            let mut s = format!(
                "-Xmx{}, {} repetitions (median, min-max), size {}\n\n| program | configuration | wall s | spread s | GCs | total pause ms | max pause ms | x HotSpot -Xint |\n|---|---|---|---|---|---|---|---|\n",
                args.xmx,
                args.reps,
                args.size.as_deref().unwrap_or("default")
            );
            for r in rows {
                s += &format!(
                    "| {} | {} | {:.2} | {:.2}-{:.2} | {} | {:.1} | {:.2} | {} |\n",
                    r.program,
                    r.config,
                    r.median,
                    r.min,
                    r.max,
                    r.gcs,
                    r.total_pause_ms,
                    r.max_pause_ms,
                    ratio(r)
                );
            }
            s
        }
    }
}
