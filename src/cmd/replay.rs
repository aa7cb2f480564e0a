//! `gcvm replay FILE [FILE2]`: serves heap-stream recordings (or the tiles of object-level
//! traces) to the browser viewer, one source per file — two files are shown side by side.

use super::common::fail;
use clap::Args;
use gcvm_replay::{Film, Replay};
use gcvm_tracer::stream::record::Recording;
use gcvm_tracer::stream::server::DEFAULT_ADDR;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct ReplayArgs {
    /// A recording (`gcvm run --stream-record FILE`, `gcvm tiles`) or an object-level trace.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// A second recording, shown beside the first (the same program under another collector).
    #[arg(value_name = "FILE2")]
    file2: Option<PathBuf>,
    /// Where the viewer is served (loopback by default; 127.0.0.1:0 picks a free port).
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_value = DEFAULT_ADDR,
          default_missing_value = DEFAULT_ADDR, require_equals = true)]
    stream: String,
    /// Playback speed: 2 plays twice as fast as recorded (gaps are capped at one second).
    #[arg(long, value_name = "X", default_value_t = 1.0)]
    speed: f64,
    /// Tile size for an object-level trace (a recording keeps its own).
    #[arg(long = "tile-size", value_name = "SIZE", default_value = "8k")]
    tile_size: String,
}

/// Serves the replay until the process is stopped.
pub fn run(a: ReplayArgs) -> ExitCode {
    match serve(a) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => fail(msg),
    }
}

fn serve(a: ReplayArgs) -> Result<(), String> {
    let tile_size = gcvm_tracer::stream::parse_size(&a.tile_size)
        .and_then(gcvm_tracer::stream::check_tile_size)?;
    let mut films = Vec::new();
    for path in std::iter::once(&a.file).chain(a.file2.as_ref()) {
        let recording = load(path, tile_size)?;
        let name = source_name(path, &recording);
        films.push(Film::new(name, recording).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let replay = Replay::start(films, &a.stream, a.speed)?;
    eprintln!("gcvm: heap viewer at {}", replay.server.url());
    replay.wait();
    Ok(())
}

/// The viewer's name for a source: collector, program and file.
fn source_name(path: &Path, r: &Recording) -> String {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    format!(
        "{} — {} ({file})",
        r.bootstrap.collector, r.bootstrap.target
    )
}

/// A recording, or the tiles of an object-level trace (which starts with `GCVMTRAC`).
fn load(path: &Path, tile_size: u64) -> Result<Recording, String> {
    if gcvm_tools::reader::rotated_set_files(path).is_some() {
        // A rotated trace's set (docs/trace-format.md, "Rotation").
        return tiles_of_trace(path, tile_size);
    }
    let mut magic = [0u8; 8];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut magic))
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    if n == 8 && magic == gcvm_tracer::format::MAGIC {
        return tiles_of_trace(path, tile_size);
    }
    Recording::read(path)
}

/// The standard streams of a trace, recomputed at every collection's start and end
/// (`gcvm tiles`).
fn tiles_of_trace(path: &Path, tile_size: u64) -> Result<Recording, String> {
    gcvm_tools::tiles::tiles_from_trace(path, tile_size)
        .map_err(|e| format!("{}: {e}", path.display()))
}
