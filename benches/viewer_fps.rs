//! The viewer's speed (issue 13: GCspy drew 8,000 tiles at 0.52 frames per second): headless
//! chromium shows a recording of GCBench in a 64 MB region heap cut into 8 KB tiles (8,192
//! tiles; `gcvm run --stream-record`, made first), and the viewer redraws every tile in every
//! animation frame (`gcvm.bench`, requestAnimationFrame) for five seconds. Prints redraws per
//! second and milliseconds per full redraw, for one pane and for the recording twice side by
//! side. A benchmark, not a test: `cargo bench --bench viewer_fps [-- RECORDING]` (a recording
//! of your own instead). Needs /usr/bin/chromium (.ci/setup installs it).

#[path = "../tests/viewer_support/mod.rs"]
mod viewer_support;

use std::path::PathBuf;
use std::time::Duration;
use viewer_support::*;

const MEASURE_MS: u32 = 5000;

fn main() {
    require_chromium();
    let dir = scratch("fps");
    let own: Option<PathBuf> = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .map(PathBuf::from);
    let recording = own.clone().unwrap_or_else(|| {
        // GCBench under the region collector in a 64 MB heap, recorded at 8 KB tiles.
        let path = dir.join("gcbench-region-64m.gcs");
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_gcvm"))
            .args([
                "run",
                "--gc",
                "region",
                "-Xmx64m",
                "--stream-tile",
                "8k",
                "--stream-record",
            ])
            .arg(&path)
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/programs/GCBench.java"
            ))
            .stdout(std::process::Stdio::null())
            .status()
            .expect("cannot run gcvm");
        assert!(status.success(), "recording GCBench failed");
        path
    });
    let size = std::fs::metadata(&recording).map(|m| m.len()).unwrap_or(0);
    println!("viewer_fps: {} ({} bytes)", recording.display(), size);
    for panes in [1usize, 2] {
        let files = vec![recording.as_path(); panes];
        let server = ReplayServer::start(&files, &[]);
        let mut browser = Browser::launch(&dir.join(format!("profile-{panes}")));
        let page = browser.open(&server.url);
        browser.wait_for(
            &page,
            &format!("gcvm.panes.length === {panes} && gcvm.panes.every(p => p.shown && !p.dirty)"),
            "the viewer to draw",
            Duration::from_secs(60),
        );
        // Hold still on the last frame so only redrawing is measured.
        browser.eval(&page, "gcvm.sendAll({cmd: 'pause'})");
        std::thread::sleep(Duration::from_millis(500));
        let r = browser.eval(&page, &format!("gcvm.bench({MEASURE_MS})"));
        println!(
            "viewer_fps: {panes} pane{}: {} tiles redrawn {:.1} times per second ({} redraws in {:.2} s), {:.2} ms per full redraw",
            if panes == 1 { "" } else { "s" },
            r["tiles"],
            r["fps"].as_f64().unwrap(),
            r["frames"],
            r["seconds"].as_f64().unwrap(),
            r["msPerRedraw"].as_f64().unwrap(),
        );
    }
}
