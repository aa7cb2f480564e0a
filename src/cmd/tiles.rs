//! `gcvm tiles FILE [--tile-size SIZE] -o OUT`: heap streams recomputed from a trace at any tile
//! size, at every collection's start and end (and a region trace's evacuation steps: cset,
//! each region evacuated, freed), written as a stream recording (watch it with `gcvm replay
//! OUT`).

use super::common::fail;
use crate::sizes::parse_tile_size;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct TilesArgs {
    /// The trace file (written by `gcvm run --trace FILE`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Bytes per tile: a power of two from 256 to 64m.
    #[arg(long = "tile-size", value_name = "SIZE", default_value = "8k", value_parser = parse_tile_size)]
    tile_size: u64,
    /// The stream recording to write.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: PathBuf,
}

pub fn run(a: TilesArgs) -> ExitCode {
    match gcvm_tools::tiles::tiles_command(&a.file, a.tile_size, &a.output) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(msg) => fail(msg),
    }
}
