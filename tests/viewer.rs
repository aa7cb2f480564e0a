//! The heap viewer in a real browser: Debian's chromium, headless, driven over the DevTools
//! protocol, loads the viewer that `gcvm replay` serves and is checked by its canvas pixels —
//! tiles in the colours of their values, the legend, a step to the next event, two recordings
//! side by side, a malformed command refused, the code pane of frames carrying activity — and a
//! screenshot. Also `gcvm replay`'s errors, and activity passing through it byte for byte.
//! The browser tests fail (never pass silently) when chromium is missing: .ci/setup installs it.

mod support;
mod viewer_support;

use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use viewer_support::*;

const LOAD: Duration = Duration::from_secs(30);

fn film(dir: &std::path::Path, name: &str, collector: &'static str, seed: u64) -> PathBuf {
    let path = dir.join(name);
    RegionFilm {
        collector,
        heap: 4 << 20,
        region: 128 << 10,
        tile_size: 8 << 10,
        frames: 12,
        seed,
    }
    .write(&path);
    path
}

/// Chromium showing the viewer of `server`, once every pane has drawn a frame.
fn open_viewer(dir: &std::path::Path, server: &ReplayServer, panes: usize) -> (Browser, Page) {
    let mut browser = Browser::launch(&dir.join("profile"));
    let page = browser.open(&server.url);
    browser.wait_for(
        &page,
        &format!(
            "gcvm.panes.length === {panes} && gcvm.panes.every(p => p.shown && p.redraws > 0 && !p.dirty)"
        ),
        "every pane to draw a frame",
        LOAD,
    );
    (browser, page)
}

/// A count that grows with every frame pane `p` receives (the JavaScript expression; a step
/// frame counts twice, under its event and its kind): what `pause_at` compares.
const FRAMES_RECEIVED: &str = "Object.values(p.received).reduce((a, b) => a + b, 0)";

/// Pauses every source and shows frame `n` (a seek), so what follows does not race the player.
///
/// A player paused after it set out to send its next frame still sends that one, before the
/// frame sought: so the wait is for frame `n` to arrive after the seek, not for `n` to be shown
/// (it may be shown already, with the other frame on its way: frame 5 of 12 replaced the 4 a
/// test had paused at).
fn pause_at(browser: &mut Browser, page: &Page, n: u64) {
    browser.eval(page, "document.getElementById('pause').click()");
    browser.wait_for(
        page,
        "gcvm.panes.every(p => p.status && p.status.state === 'paused')",
        "the sources to pause",
        LOAD,
    );
    browser.eval(
        page,
        &format!("gcvm.panes.forEach(p => {{ p.beforeSeek = {FRAMES_RECEIVED}; }})"),
    );
    browser.eval(page, &format!("gcvm.sendAll({{cmd: 'seek', frame: {n}}})"));
    browser.wait_for(
        page,
        &format!(
            "gcvm.panes.every(p => {FRAMES_RECEIVED} > p.beforeSeek && p.shown.seq === {n} && !p.dirty)"
        ),
        &format!("frame {n} to arrive after the seek and be drawn"),
        LOAD,
    );
}

/// A checksum of pane `pane`'s canvas pixels.
fn canvas_hash(browser: &mut Browser, page: &Page, pane: usize) -> u64 {
    browser
        .eval(
            page,
            &format!(
                "(() => {{ const p = gcvm.panes[{pane}]; \
                 const d = p.ctx.getImageData(0, 0, p.canvas.width, p.canvas.height).data; \
                 let h = 0; for (let i = 0; i < d.length; i += 4) \
                 h = (Math.imul(h, 31) + d[i] * 65536 + d[i + 1] * 256 + d[i + 2]) >>> 0; return h; }})()"
            ),
        )
        .as_u64()
        .unwrap()
}

/// For every used tile with a value of the stream shown in the first space of pane `pane`:
/// the canvas pixel at the tile's centre and the palette colour its value maps to.
fn used_tiles_drawn(browser: &mut Browser, page: &Page, pane: usize) -> Value {
    browser.eval(
        page,
        &format!(
            "(() => {{ const p = gcvm.panes[{pane}], s = p.shown.spaces[0], id = p.streamOf(s);
              const pal = p.palettes.get(id), max = p.scaleOf(id), v = s.values.get(id), out = [];
              for (let i = 0; i < s.tiles; i++) {{
                if (s.ctl[i] !== 0 || v[i] === 0) continue;
                const r = p.tileRect(0, i);
                const px = Array.from(p.ctx.getImageData(r.x + (r.w >> 1), r.y + (r.h >> 1), 1, 1).data).slice(0, 3);
                out.push({{tile: i, pixel: px, expected: pal.colours[level(v[i], max, pal.enumeration)]}});
              }}
              return out; }})()"
        ),
    )
}

#[test]
fn a_replayed_recording_is_drawn_as_tiles_in_the_colours_of_their_values() {
    let dir = scratch("tiles");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 4);
    let tiles = used_tiles_drawn(&mut browser, &page, 0);
    let tiles = tiles.as_array().unwrap();
    assert!(
        tiles.len() > 50,
        "only {} used tiles with a value in frame {} (paused at 4)",
        tiles.len(),
        browser.eval(&page, "gcvm.panes[0].shown.seq")
    );
    for t in tiles {
        assert_eq!(
            t["pixel"], t["expected"],
            "tile {} is drawn in the wrong colour",
            t["tile"]
        );
    }
    let distinct: std::collections::HashSet<String> =
        tiles.iter().map(|t| t["pixel"].to_string()).collect();
    assert!(
        distinct.len() >= 4,
        "the tiles' values show as only {} colours",
        distinct.len()
    );
}

#[test]
fn choosing_the_role_stream_draws_each_tile_in_its_roles_colour_with_the_labels_in_the_legend() {
    let dir = scratch("role");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 5);
    browser.eval(
        &page,
        "(() => { const s = document.querySelector('.selectors select'); s.value = '2';
                  s.dispatchEvent(new Event('change')); })()",
    );
    browser.wait_for(
        &page,
        "!gcvm.panes[0].dirty && gcvm.panes[0].streamOf(gcvm.panes[0].shown.spaces[0]) === 2",
        "the role stream to be drawn",
        LOAD,
    );
    let tiles = used_tiles_drawn(&mut browser, &page, 0);
    let tiles = tiles.as_array().unwrap();
    assert!(tiles.len() > 50, "only {} tiles with a role", tiles.len());
    for t in tiles {
        assert_eq!(
            t["pixel"], t["expected"],
            "tile {} is not drawn in its role's colour",
            t["tile"]
        );
    }
    let labels = browser
        .eval(&page, "gcvm.panes[0].lay.legend.map(e => e.label)")
        .to_string();
    for role in ["eden", "survivor", "old"] {
        assert!(
            labels.contains(&format!("\"{role}\"")),
            "the legend lacks {role}: {labels}"
        );
    }
}

#[test]
fn the_legend_is_drawn_with_its_swatches() {
    let dir = scratch("legend");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 4);
    let legend = browser.eval(
        &page,
        "gcvm.panes[0].lay.legend.map(e => ({label: e.label, colour: e.colour, \
           pixel: Array.from(gcvm.panes[0].ctx.getImageData(e.x + (e.colour.startsWith('rgb') && e.label === '0' ? 0 : e.w >> 1), e.y + (e.h >> 1), 1, 1).data).slice(0, 3)}))",
    );
    let entries = legend.as_array().unwrap();
    let labels: Vec<&str> = entries
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    for want in ["0", "low", "mid", "high", "unused", "idle"] {
        assert!(
            labels.iter().any(|l| l.split(' ').next() == Some(want)),
            "the legend has no {want:?} swatch: {labels:?}"
        );
    }
    for e in entries {
        let c = e["colour"].as_str().unwrap();
        let want = css_rgb(c);
        assert_eq!(
            e["pixel"],
            json!(want),
            "legend swatch {} is not drawn in {c}",
            e["label"]
        );
    }
}

/// `#rrggbb` or `rgb(r,g,b)` as [r, g, b].
fn css_rgb(c: &str) -> [u64; 3] {
    if let Some(h) = c.strip_prefix('#') {
        let n = u64::from_str_radix(h, 16).unwrap();
        return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    }
    let inner = c.trim_start_matches("rgb(").trim_end_matches(')');
    let v: Vec<u64> = inner
        .split(',')
        .map(|x| x.trim().parse().unwrap())
        .collect();
    [v[0], v[1], v[2]]
}

#[test]
fn stepping_one_event_shows_the_next_frame() {
    let dir = scratch("step");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 3);
    let before = canvas_hash(&mut browser, &page, 0);
    browser.eval(&page, "document.getElementById('step').click()");
    browser.wait_for(
        &page,
        "gcvm.panes[0].shown.seq === 4 && !gcvm.panes[0].dirty && gcvm.panes[0].status.state === 'paused'",
        "the step to frame 4",
        LOAD,
    );
    let after = canvas_hash(&mut browser, &page, 0);
    assert_ne!(before, after, "the canvas did not change after a step");
    let text = browser.eval(&page, "document.querySelector('.frameinfo').textContent");
    assert!(
        text.as_str().unwrap().starts_with("frame 4 · gc-start"),
        "{text}"
    );
}

#[test]
fn a_screenshot_of_the_viewer_is_a_png() {
    let dir = scratch("screenshot");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 5);
    let png = browser.screenshot(&page);
    let path = dir.join("viewer.png");
    std::fs::write(&path, &png).unwrap();
    assert_eq!(
        &png[..8],
        b"\x89PNG\r\n\x1a\n",
        "the screenshot is not a PNG"
    );
    assert!(
        png.len() > 10_000,
        "a {}-byte screenshot shows next to nothing",
        png.len()
    );
}

#[test]
fn a_malformed_client_message_gets_an_error_reply_and_changes_nothing() {
    let dir = scratch("malformed");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 2);
    let state = "JSON.stringify({state: gcvm.panes[0].status.state, position: gcvm.panes[0].status.position, \
                 filters: gcvm.panes[0].status.filters, seq: gcvm.panes[0].shown.seq})";
    // The seek's status reply may still be on its way: wait until the state holds still.
    let mut before = browser.eval(&page, state);
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(200));
        let now = browser.eval(&page, state);
        if now == before {
            break;
        }
        before = now;
    }
    let hash = canvas_hash(&mut browser, &page, 0);
    browser.eval(
        &page,
        r#"gcvm.panes[0].ws.send('{not json'); gcvm.panes[0].ws.send('{"cmd":"filter","event":"tick","period":0}'); gcvm.panes[0].ws.send('{"cmd":"step","extra":1}')"#,
    );
    browser.wait_for(
        &page,
        "gcvm.errors.length >= 3",
        "three error replies",
        LOAD,
    );
    let errors = browser.eval(&page, "gcvm.errors");
    let errors: Vec<&str> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert!(errors[0].contains("not JSON"), "{errors:?}");
    assert!(errors[1].contains("period"), "{errors:?}");
    assert!(errors[2].contains("extra"), "{errors:?}");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        browser.eval(&page, state),
        before,
        "a refused message changed the run"
    );
    assert_eq!(
        canvas_hash(&mut browser, &page, 0),
        hash,
        "a refused message changed the picture"
    );
    let shown = browser.eval(&page, "document.getElementById('errors').textContent");
    assert!(
        shown.as_str().unwrap().contains("not JSON"),
        "the error is not shown: {shown}"
    );
}

#[test]
fn two_recordings_side_by_side_show_two_panes_kept_in_step() {
    let dir = scratch("side-by-side");
    let a = film(&dir, "g1.gcs", "region", 7);
    let b = film(&dir, "ms.gcs", "mark-compact", 99);
    let server = ReplayServer::start(&[&a, &b], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 2);
    pause_at(&mut browser, &page, 5);
    for pane in 0..2 {
        let tiles = used_tiles_drawn(&mut browser, &page, pane);
        let tiles = tiles.as_array().unwrap();
        assert!(
            tiles.len() > 20,
            "pane {pane} shows {} used tiles",
            tiles.len()
        );
        assert!(
            tiles.iter().all(|t| t["pixel"] == t["expected"]),
            "pane {pane} is drawn wrong"
        );
    }
    let names = browser.eval(
        &page,
        "Array.from(document.querySelectorAll('.pane .source')).map(e => e.textContent)",
    );
    let names = names.to_string();
    assert!(
        names.contains("region") && names.contains("mark-compact"),
        "{names}"
    );
    assert_ne!(
        canvas_hash(&mut browser, &page, 0),
        canvas_hash(&mut browser, &page, 1)
    );
    browser.eval(&page, "document.getElementById('step').click()");
    browser.wait_for(
        &page,
        "gcvm.panes.every(p => p.shown.seq === 6 && p.status.state === 'paused')",
        "both panes to step to frame 6",
        LOAD,
    );
}

#[test]
fn clicking_a_tile_shows_every_stream_value_and_its_addresses() {
    let dir = scratch("tile-info");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 4);
    let at = browser.eval(
        &page,
        "(() => { const p = gcvm.panes[0], r = p.tileRect(0, 17), b = p.canvas.getBoundingClientRect();
                  return [b.left + r.x + 2, b.top + r.y + 2]; })()",
    );
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    for kind in ["mousePressed", "mouseReleased"] {
        browser.call(
            Some(&page.session),
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
        );
    }
    browser.wait_for(
        &page,
        "document.querySelector('.tilebody table')",
        "the tile info",
        LOAD,
    );
    let info = browser.eval(&page, "document.querySelector('.tilebody').textContent");
    let info = info.as_str().unwrap();
    // Tile 17 of 8 KB tiles from 0: 0x22000 – 0x24000.
    for want in [
        "tile17",
        "0x00022000 – 0x00024000",
        "used",
        "objects",
        "role",
    ] {
        assert!(info.contains(want), "the tile info lacks {want:?}: {info}");
    }
}

#[test]
fn the_filter_table_sets_an_events_filter_in_the_source() {
    let dir = scratch("filters");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    browser.eval(
        &page,
        "(() => { const i = gcvm.filterInputs['tick']; i.period.value = '3'; i.pause.checked = true;
                  i.period.dispatchEvent(new Event('change')); })()",
    );
    browser.wait_for(
        &page,
        "gcvm.panes[0].status.filters.tick.period === 3 && gcvm.panes[0].status.filters.tick.pause === true",
        "the source to take the tick filter",
        LOAD,
    );
}

// ---- steps inside a collection ----

/// The region evacuation film (tests/viewer_support: `EvacuationFilm`) and its frames.
fn evacuation_film(dir: &std::path::Path) -> (PathBuf, Vec<FilmFrame>) {
    let path = dir.join("steps.gcs");
    let frames = EvacuationFilm::new().write(&path);
    (path, frames)
}

/// The viewer of an evacuation film once every frame has arrived, paused on frame `n`.
fn open_steps_at(
    dir: &std::path::Path,
    frames: &[FilmFrame],
    server: &ReplayServer,
    n: u64,
) -> (Browser, Page) {
    let (mut browser, page) = open_viewer(dir, server, 1);
    let last = frames.last().unwrap().seq;
    browser.wait_for(
        &page,
        &format!("gcvm.panes[0].latest === {last}"),
        "every frame of the film to arrive",
        LOAD,
    );
    pause_at(&mut browser, &page, n);
    (browser, page)
}

/// The line above the heap: title, explanation and the step's numbers.
fn step_line(browser: &mut Browser, page: &Page) -> (String, String) {
    let v = browser.eval(
        page,
        "[document.querySelector('.steptitle').textContent, document.querySelector('.stepexplain').textContent]",
    );
    (
        v[0].as_str().unwrap().to_string(),
        v[1].as_str().unwrap().to_string(),
    )
}

/// The centre pixels of region `r`'s tiles (16 tiles of 8 KB per 128 KB region).
fn region_pixels(browser: &mut Browser, page: &Page, r: usize) -> Vec<Value> {
    let v = browser.eval(
        page,
        &format!(
            "(() => {{ const p = gcvm.panes[0], out = [];
              for (let i = {from}; i < {to}; i++) {{
                const t = p.tileRect(0, i);
                out.push(Array.from(p.ctx.getImageData(t.x + (t.w >> 1), t.y + (t.h >> 1), 1, 1).data).slice(0, 3));
              }}
              return out; }})()",
            from = r * 16,
            to = (r + 1) * 16
        ),
    );
    v.as_array().unwrap().clone()
}

#[test]
fn stepping_through_a_region_evacuation_changes_the_evacuated_region_and_the_explanation_at_each_step(
) {
    let dir = scratch("steps-evacuation");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let start = frames.iter().find(|f| f.event == "gc-start").unwrap().seq;
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, start);
    let mut line = step_line(&mut browser, &page);
    assert!(
        line.0.starts_with("Pause begins"),
        "gc-start shows {line:?}"
    );
    let mut canvas = canvas_hash(&mut browser, &page, 0);
    let steps: Vec<&FilmFrame> = frames.iter().filter(|f| f.event == "step").collect();
    assert!(steps.iter().filter(|f| f.region.is_some()).count() >= 3);
    for step in steps {
        let before = step.region.map(|r| region_pixels(&mut browser, &page, r));
        browser.eval(&page, "document.getElementById('step').click()");
        browser.wait_for(
            &page,
            &format!(
                "gcvm.panes[0].shown.seq === {} && !gcvm.panes[0].dirty && gcvm.panes[0].status.state === 'paused'",
                step.seq
            ),
            &format!("the step to frame {} ({:?})", step.seq, step.kind),
            LOAD,
        );
        let now = step_line(&mut browser, &page);
        assert_eq!(
            now,
            (step.title.clone(), step.explain.clone()),
            "frame {}",
            step.seq
        );
        assert_ne!(
            now, line,
            "the explanation did not change at frame {}",
            step.seq
        );
        let hash = canvas_hash(&mut browser, &page, 0);
        assert_ne!(
            hash, canvas,
            "the heap did not change at frame {} ({:?})",
            step.seq, step.kind
        );
        if let (Some(r), Some(before)) = (step.region, before) {
            let after = region_pixels(&mut browser, &page, r);
            let changed = before.iter().zip(&after).filter(|(a, b)| a != b).count();
            assert!(
                changed >= 8,
                "only {changed} of region {r}'s 16 tiles changed when it was evacuated (frame {})",
                step.seq
            );
        }
        line = now;
        canvas = hash;
    }
}

#[test]
fn back_shows_the_step_before_the_one_shown() {
    let dir = scratch("steps-back");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let evacuated: Vec<&FilmFrame> = frames.iter().filter(|f| f.region.is_some()).collect();
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, evacuated[2].seq);
    browser.eval(&page, "document.getElementById('back').click()");
    browser.wait_for(
        &page,
        &format!(
            "gcvm.panes[0].shown.seq === {} && !gcvm.panes[0].infoDirty && gcvm.panes[0].status.state === 'paused'",
            evacuated[1].seq
        ),
        "the step before",
        LOAD,
    );
    assert_eq!(step_line(&mut browser, &page).0, evacuated[1].title);
}

#[test]
fn a_step_frame_shows_its_kind_number_and_gc_time_under_the_explanation() {
    let dir = scratch("steps-meta");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let step = frames.iter().find(|f| f.region.is_some()).unwrap();
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, step.seq);
    let meta = browser.eval(&page, "document.querySelector('.stepmeta').textContent");
    let meta = meta.as_str().unwrap();
    for want in [
        "region.evacuated".to_string(),
        format!("{:.3} ms", step.gc_ms),
        "Object Copy".to_string(),
    ] {
        assert!(
            meta.contains(&want),
            "the step's line lacks {want:?}: {meta}"
        );
    }
}

#[test]
fn the_breakpoints_list_a_checkbox_per_step_kind_of_the_bootstrap() {
    let dir = scratch("steps-breakpoints-list");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, 0);
    let kinds = browser.eval(
        &page,
        "Array.from(document.querySelectorAll('#breakpoints input')).map(i => [i.dataset.kind, i.parentElement.textContent])",
    );
    let kinds = kinds.as_array().unwrap();
    assert_eq!(kinds.len(), REGION_STEP_KINDS.len(), "{kinds:?}");
    for ((kind, name, ..), shown) in REGION_STEP_KINDS.iter().zip(kinds) {
        assert_eq!(shown[0], json!(kind));
        let text = shown[1].as_str().unwrap();
        assert!(text.contains(&format!("pause at: {name}")), "{text}");
    }
}

#[test]
fn ticking_a_breakpoint_sends_its_step_kinds_filter_with_pause() {
    let dir = scratch("steps-breakpoint-send");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, 0);
    // Note every command the page sends (and still send it).
    browser.eval(
        &page,
        "(() => { const ws = gcvm.panes[0].ws, send = ws.send.bind(ws); window.sent = [];
                  ws.send = (m) => { window.sent.push(JSON.parse(m)); send(m); }; })()",
    );
    let click =
        "document.querySelector('#breakpoints input[data-kind=\"region.evacuated\"]').click()";
    browser.eval(&page, click);
    browser.eval(&page, click);
    let sent = browser.eval(&page, "window.sent.filter(c => c.cmd === 'filter')");
    assert_eq!(
        sent,
        json!([
            {"cmd": "filter", "event": "region.evacuated", "enabled": true, "delay_ms": 0, "pause": true, "period": 1},
            {"cmd": "filter", "event": "region.evacuated", "enabled": true, "delay_ms": 0, "pause": false, "period": 1},
        ])
    );
}

#[test]
fn a_breakpoint_ticked_pauses_the_replay_at_the_next_step_of_its_kind() {
    let dir = scratch("steps-breakpoint-pauses");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, 0);
    browser.eval(
        &page,
        "document.querySelector('#breakpoints input[data-kind=\"region.evacuated\"]').click()",
    );
    browser.wait_for(
        &page,
        "gcvm.panes[0].status.filters['region.evacuated'].pause === true",
        "the source to take the breakpoint",
        LOAD,
    );
    browser.eval(&page, "document.activeElement.blur()");
    assert_eq!(
        browser.eval(
            &page,
            "document.querySelector('#breakpoints input[data-kind=\"region.evacuated\"]').checked"
        ),
        json!(true)
    );
    browser.eval(&page, "document.getElementById('resume').click()");
    let first = frames
        .iter()
        .find(|f| f.kind == Some("region.evacuated"))
        .unwrap();
    browser.wait_for(
        &page,
        &format!(
            "gcvm.panes[0].status.state === 'paused' && gcvm.panes[0].shown.seq === {} && !gcvm.panes[0].infoDirty",
            first.seq
        ),
        "the replay to stop at the first evacuated region",
        LOAD,
    );
    assert_eq!(step_line(&mut browser, &page).0, first.title);
}

#[test]
fn a_breakpoint_shows_the_pause_the_sources_filter_has() {
    let dir = scratch("steps-breakpoint-status");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, 0);
    // A status as a source with filters per step kind sends it.
    browser.eval(
        &page,
        "(() => { const p = gcvm.panes[0], s = JSON.parse(JSON.stringify(p.status));
                  s.filters = Object.assign({}, s.filters, {
                    'region.evacuated': {enabled: true, delay_ms: 0, pause: true, period: 1},
                    'region.cset': {enabled: true, delay_ms: 0, pause: false, period: 1}});
                  p.text(s); })()",
    );
    let checked = browser.eval(
        &page,
        "Array.from(document.querySelectorAll('#breakpoints input')).filter(i => i.checked).map(i => i.dataset.kind)",
    );
    assert_eq!(checked, json!(["region.evacuated"]));
}

#[test]
fn the_pause_panel_lists_the_pauses_steps_in_order_with_their_gc_times() {
    let dir = scratch("steps-panel");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let end = frames.iter().find(|f| f.event == "gc-end").unwrap().seq;
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, end);
    let rows = browser.eval(
        &page,
        "Array.from(document.querySelectorAll('.pausebody tr.row')).map(r => [Number(r.dataset.seq), r.cells[1].textContent, r.cells[2].textContent])",
    );
    let rows = rows.as_array().unwrap();
    let pause: Vec<&FilmFrame> = frames.iter().filter(|f| f.event != "tick").collect();
    assert_eq!(rows.len(), pause.len(), "{rows:?}");
    for (row, f) in rows.iter().zip(&pause) {
        assert_eq!(row[0], json!(f.seq));
        let what = row[1].as_str().unwrap();
        match f.event {
            "step" => {
                assert!(what.starts_with(&f.title), "{what} / {}", f.title);
                assert_eq!(row[2], json!(format!("{:.3}", f.gc_ms)));
            }
            "gc-start" => assert_eq!(what, "Pause begins"),
            _ => assert_eq!(what, "Pause ends"),
        }
    }
    let shown = browser.eval(
        &page,
        "document.querySelector('.pausebody tr.shown').dataset.seq",
    );
    assert_eq!(shown, json!(end.to_string()));
}

/// Clicks the pause panel's line of frame `seq` (scrolled into sight, then a real mouse click
/// at its centre).
fn click_pause_row(browser: &mut Browser, page: &Page, seq: u64) {
    let at = browser.eval(
        page,
        &format!(
            "(() => {{ const row = document.querySelector('.pausebody tr[data-seq=\"{seq}\"]');
                      row.scrollIntoView({{block: 'center'}});
                      const r = row.getBoundingClientRect();
                      return [r.left + r.width / 2, r.top + r.height / 2]; }})()"
        ),
    );
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    for kind in ["mousePressed", "mouseReleased"] {
        browser.call(
            Some(&page.session),
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
        );
    }
}

/// A live source in this process with `rec`'s bootstrap, chromium connected to it: the test
/// publishes the recording's frames as the VM would.
struct LiveSource {
    hub: std::sync::Arc<gcvm_tracer::stream::StreamHub>,
    server: gcvm_tracer::stream::server::Server,
    recording: gcvm_tracer::stream::record::Recording,
    browser: Browser,
    page: Page,
}

impl LiveSource {
    fn watch(dir: &std::path::Path, rec: &std::path::Path) -> LiveSource {
        use gcvm_tracer::stream::hub::Mode;
        use gcvm_tracer::stream::server::{Server, Source};
        use gcvm_tracer::stream::StreamHub;
        let recording = gcvm_tracer::stream::record::Recording::read(rec).unwrap();
        let hub = StreamHub::new(recording.bootstrap_text.clone(), Mode::Live);
        let server = Server::start(
            "127.0.0.1:0",
            vec![Source {
                name: "live".into(),
                hub: hub.clone(),
            }],
        )
        .unwrap();
        let mut browser = Browser::launch(&dir.join("profile"));
        let page = browser.open(&server.url());
        assert!(
            hub.wait_for_viewer(Some(LOAD)),
            "the viewer did not connect"
        );
        LiveSource {
            hub,
            server,
            recording,
            browser,
            page,
        }
    }
}

/// A live source in this process publishing every frame of the evacuation film as the VM
/// would, watched by chromium; the page follows the latest frame.
struct LiveSteps {
    hub: std::sync::Arc<gcvm_tracer::stream::StreamHub>,
    _server: gcvm_tracer::stream::server::Server,
    browser: Browser,
    page: Page,
    frames: Vec<FilmFrame>,
}

impl LiveSteps {
    fn start(dir: &std::path::Path) -> LiveSteps {
        let (rec, frames) = evacuation_film(dir);
        let LiveSource {
            hub,
            server,
            recording,
            mut browser,
            page,
        } = LiveSource::watch(dir, &rec);
        for bytes in &recording.frames {
            let (_, event) = gcvm_tracer::stream::codec::frame_event(bytes).unwrap();
            hub.publish(bytes.clone(), event);
        }
        let last = frames.last().unwrap().seq;
        browser.wait_for(
            &page,
            &format!("gcvm.panes[0].latest === {last} && gcvm.panes[0].shown.seq === {last} && !gcvm.panes[0].infoDirty"),
            "every frame to arrive",
            LOAD,
        );
        LiveSteps {
            hub,
            _server: server,
            browser,
            page,
            frames,
        }
    }

    /// Looks back at frame `seq` with the timeline, as a user would.
    fn look_at(&mut self, seq: u64) {
        self.browser.eval(
            &self.page,
            &format!(
                "(() => {{ const t = document.getElementById('timeline'); t.value = '{seq}';
                  t.dispatchEvent(new Event('input')); }})()"
            ),
        );
        self.browser.wait_for(
            &self.page,
            &format!("gcvm.panes[0].shown.seq === {seq} && !gcvm.panes[0].infoDirty"),
            &format!("frame {seq}"),
            LOAD,
        );
    }
}

impl Drop for LiveSteps {
    fn drop(&mut self) {
        let _ = self.hub.end(Duration::ZERO);
    }
}

#[test]
fn clicking_a_step_in_the_pause_panel_of_a_live_run_shows_the_frame_kept() {
    let mut live = LiveSteps::start(&scratch("steps-live-click"));
    let end = live
        .frames
        .iter()
        .find(|f| f.event == "gc-end")
        .unwrap()
        .seq;
    live.look_at(end);
    let target = live
        .frames
        .iter()
        .find(|f| f.kind == Some("region.roots"))
        .unwrap()
        .clone();
    click_pause_row(&mut live.browser, &live.page, target.seq);
    live.browser.wait_for(
        &live.page,
        &format!(
            "gcvm.panes[0].shown.seq === {} && !gcvm.panes[0].infoDirty",
            target.seq
        ),
        "the step clicked to be shown",
        LOAD,
    );
    assert_eq!(step_line(&mut live.browser, &live.page).0, target.title);
}

#[test]
fn clicking_a_step_no_longer_kept_in_a_live_run_says_so_and_stays() {
    let mut live = LiveSteps::start(&scratch("steps-live-gone"));
    let end = live
        .frames
        .iter()
        .find(|f| f.event == "gc-end")
        .unwrap()
        .seq;
    live.look_at(end);
    let target = live
        .frames
        .iter()
        .find(|f| f.kind == Some("region.roots"))
        .unwrap()
        .seq;
    // The page keeps the last 2,000 frames: this one is gone as if many had come since.
    live.browser.eval(
        &live.page,
        &format!("gcvm.panes[0].frames.delete({target})"),
    );
    click_pause_row(&mut live.browser, &live.page, target);
    live.browser.wait_for(
        &live.page,
        "document.querySelector('.pausebody .note')",
        "the note that the frame is gone",
        LOAD,
    );
    let note = live.browser.eval(
        &live.page,
        "document.querySelector('.pausebody .note').textContent",
    );
    assert!(note.as_str().unwrap().contains("no longer kept"), "{note}");
    assert_eq!(
        live.browser.eval(&live.page, "gcvm.panes[0].shown.seq"),
        json!(end)
    );
}

#[test]
fn clicking_a_step_in_the_pause_panel_shows_its_frame() {
    let dir = scratch("steps-panel-click");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let end = frames.iter().find(|f| f.event == "gc-end").unwrap().seq;
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, end);
    let target = frames.iter().filter(|f| f.region.is_some()).nth(2).unwrap();
    click_pause_row(&mut browser, &page, target.seq);
    browser.wait_for(
        &page,
        &format!(
            "gcvm.panes[0].shown.seq === {} && !gcvm.panes[0].dirty && !gcvm.panes[0].infoDirty",
            target.seq
        ),
        "the step clicked to be shown",
        LOAD,
    );
    assert_eq!(step_line(&mut browser, &page).0, target.title);
    let shown = browser.eval(
        &page,
        "document.querySelector('.pausebody tr.shown').dataset.seq",
    );
    assert_eq!(shown, json!(target.seq.to_string()));
}

#[test]
fn the_history_graph_marks_a_pauses_steps_with_ticks_placed_by_their_gc_time() {
    let dir = scratch("steps-history");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, 0);
    browser.wait_for(
        &page,
        "!gcvm.panes[0].historyDirty",
        "the history to be drawn",
        LOAD,
    );
    let marks = browser.eval(
        &page,
        "gcvm.panes[0].historyMarks.map(m => ({seq: m.seq, kind: m.kind, x: m.x, colour: m.colour,
           pixel: Array.from(gcvm.panes[0].hctx.getImageData(m.x + 1, m.y, 1, 1).data).slice(0, 3)}))",
    );
    let marks = marks.as_array().unwrap();
    let steps: Vec<&FilmFrame> = frames.iter().filter(|f| f.event == "step").collect();
    assert_eq!(marks.len(), steps.len(), "{marks:?}");
    let mut last_x = -1;
    for (m, f) in marks.iter().zip(&steps) {
        assert_eq!(m["seq"], json!(f.seq));
        assert_eq!(m["kind"], json!(f.kind.unwrap()));
        assert_eq!(
            m["pixel"],
            json!(css_rgb(m["colour"].as_str().unwrap())),
            "tick of frame {}",
            f.seq
        );
        let x = m["x"].as_i64().unwrap();
        assert!(
            x > last_x,
            "the ticks do not move right as GC time grows: {marks:?}"
        );
        last_x = x;
    }
}

#[test]
fn the_collection_set_is_marked_on_its_tiles_with_a_legend_entry() {
    let dir = scratch("steps-cset");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let cset = frames
        .iter()
        .find(|f| f.kind == Some("region.cset"))
        .unwrap()
        .seq;
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, cset);
    let legend = browser
        .eval(&page, "gcvm.panes[0].lay.legend.map(e => e.label)")
        .to_string();
    assert!(legend.contains("collection set"), "{legend}");
    let cset_regions = EvacuationFilm::new().cset();
    for r in [cset_regions[0], 1] {
        let top = browser.eval(
            &page,
            &format!(
                "(() => {{ const p = gcvm.panes[0], t = p.tileRect(0, {});
                  return Array.from(p.ctx.getImageData(t.x + 1, t.y, 1, 1).data).slice(0, 3); }})()",
                r * 16
            ),
        );
        let marked = top == json!(css_rgb("#1565c0"));
        assert_eq!(
            marked,
            cset_regions.contains(&r),
            "region {r}'s first tile: {top}"
        );
    }
}

/// Chooses stream `id` in the first space's menu and waits until it is drawn.
fn choose_stream(browser: &mut Browser, page: &Page, id: u16) {
    browser.eval(
        page,
        &format!(
            "(() => {{ const s = document.querySelector('.selectors select'); s.value = '{id}';
                      s.dispatchEvent(new Event('change')); }})()"
        ),
    );
    browser.wait_for(
        page,
        &format!("!gcvm.panes[0].dirty && gcvm.panes[0].streamOf(gcvm.panes[0].shown.spaces[0]) === {id}"),
        &format!("stream {id} to be drawn"),
        LOAD,
    );
}

#[test]
fn choosing_the_cset_stream_draws_its_tiles_and_tells_yes_in_the_tile_info_and_summary() {
    let dir = scratch("steps-cset-stream");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let cset = frames
        .iter()
        .find(|f| f.kind == Some("region.cset"))
        .unwrap()
        .seq;
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, cset);
    choose_stream(&mut browser, &page, CSET_STREAM);
    let tiles = used_tiles_drawn(&mut browser, &page, 0);
    let tiles = tiles.as_array().unwrap();
    let regions = EvacuationFilm::new().cset();
    assert_eq!(
        tiles.len(),
        regions.len() * 16,
        "the collection set's tiles: {tiles:?}"
    );
    for t in tiles {
        assert_eq!(
            t["pixel"], t["expected"],
            "tile {} is drawn in the wrong colour",
            t["tile"]
        );
    }
    let legend = browser
        .eval(&page, "gcvm.panes[0].lay.legend.map(e => e.label)")
        .to_string();
    assert!(
        legend.contains("\"yes\"") && legend.contains("\"no\""),
        "{legend}"
    );
    browser.eval(
        &page,
        &format!("gcvm.select('regions', {})", regions[1] * 16 + 3),
    );
    browser.wait_for(
        &page,
        "document.querySelector('.tilebody table')",
        "the tile info",
        LOAD,
    );
    let info = browser.eval(&page, "document.querySelector('.tilebody').textContent");
    assert!(info.as_str().unwrap().contains("csetyes"), "{info}");
    let summary = browser.eval(&page, "document.querySelector('.summarytable').textContent");
    let want = format!("Σ cset{} tiles “yes”", regions.len() * 16);
    assert!(summary.as_str().unwrap().contains(&want), "{summary}");
}

#[test]
fn a_step_stream_chosen_comes_back_at_the_next_frame_that_carries_it() {
    let dir = scratch("steps-stream-back");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let references = frames
        .iter()
        .find(|f| f.kind == Some("region.references"))
        .unwrap()
        .seq;
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, references);
    choose_stream(&mut browser, &page, CSET_STREAM);
    // The regions freed: the collection set is gone, and so is its stream.
    browser.eval(&page, "document.getElementById('step').click()");
    browser.wait_for(
        &page,
        &format!(
            "gcvm.panes[0].shown.seq === {} && !gcvm.panes[0].dirty",
            references + 1
        ),
        "the next frame",
        LOAD,
    );
    assert_eq!(
        browser.eval(
            &page,
            "gcvm.panes[0].streamOf(gcvm.panes[0].shown.spaces[0])"
        ),
        json!(0),
        "a frame without cset shows used"
    );
    browser.eval(
        &page,
        &format!("gcvm.sendAll({{cmd: 'seek', frame: {references}}})"),
    );
    browser.wait_for(
        &page,
        &format!("gcvm.panes[0].shown.seq === {references} && !gcvm.panes[0].dirty"),
        "the step again",
        LOAD,
    );
    assert_eq!(
        browser.eval(&page, "[gcvm.panes[0].streamOf(gcvm.panes[0].shown.spaces[0]), document.querySelector('.selectors select').value]"),
        json!([CSET_STREAM, CSET_STREAM.to_string()])
    );
}

#[test]
fn a_screenshot_of_a_region_evacuation_step_is_a_png() {
    let dir = scratch("steps-screenshot");
    let (rec, frames) = evacuation_film(&dir);
    let server = ReplayServer::start(&[&rec], &[]);
    let step = frames.iter().filter(|f| f.region.is_some()).nth(2).unwrap();
    let (mut browser, page) = open_steps_at(&dir, &frames, &server, step.seq);
    browser.wait_for(
        &page,
        "!gcvm.panes[0].historyDirty && !gcvm.panes[0].infoDirty",
        "the page to settle",
        LOAD,
    );
    let png = browser.screenshot(&page);
    // Kept in the target dir: docs/teaching/watch-a-collection.md shows one like it.
    std::fs::write(dir.join("evacuation-step.png"), &png).unwrap();
    assert_eq!(
        &png[..8],
        b"\x89PNG\r\n\x1a\n",
        "the screenshot is not a PNG"
    );
    assert!(
        png.len() > 10_000,
        "a {}-byte screenshot shows next to nothing",
        png.len()
    );
}

#[test]
fn a_concurrent_step_is_shown_as_taken_while_the_program_runs_and_listed_under_its_cycle() {
    let dir = scratch("steps-concurrent");
    let path = dir.join("marking.gcs");
    EvacuationFilm::new().write_concurrent_marking(&path);
    let server = ReplayServer::start(&[&path], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    browser.wait_for(&page, "gcvm.panes[0].latest === 7", "every frame", LOAD);
    pause_at(&mut browser, &page, 6);
    browser.wait_for(
        &page,
        "!gcvm.panes[0].infoDirty && !gcvm.panes[0].historyDirty",
        "the frame's info",
        LOAD,
    );
    let meta = browser.eval(&page, "document.querySelector('.stepmeta').textContent");
    assert!(
        meta.as_str().unwrap().contains("while the program runs"),
        "{meta}"
    );
    let rows = browser.eval(
        &page,
        "Array.from(document.querySelectorAll('.pausebody tr.row')).map(r => [Number(r.dataset.seq), r.classList.contains('concurrent'), r.cells[3].textContent])",
    );
    assert_eq!(
        rows,
        json!([
            [0, false, ""],
            [1, false, "+0.400"],
            [2, false, ""],
            [4, true, "+1.000"],
            [6, true, "+1.000"]
        ])
    );
    // In the history's gutter: the pause's bracket runs down its rows; a concurrent step has a
    // dot on its first pixel row only.
    let bracket = browser.eval(
        &page,
        "(() => { const p = gcvm.panes[0], h = p.historyRowH, at = (seq, k) => Array.from(
                    p.hctx.getImageData(6, (seq - p.historyFirst) * h + k, 1, 1).data).slice(0, 3);
                  return [at(1, 1), at(4, 0), at(4, 1)]; })()",
    );
    let line = json!(css_rgb("#455a64"));
    assert_eq!(bracket[0], line, "the pause's bracket at its step");
    assert_eq!(bracket[1], line, "the concurrent step's dot");
    assert_ne!(bracket[2], line, "a bracket through a concurrent step");
}

#[test]
fn malformed_step_members_are_shown_by_their_labels_without_errors() {
    let dir = scratch("steps-odd");
    let path = dir.join("odd.gcs");
    let odd = [
        json!(5),
        json!({"title": "no kind"}),
        json!({"kind": "region.evacuated", "title": 7, "n": null, "gc_ms": "fast", "concurrent": "yes"}),
        json!(null),
    ];
    EvacuationFilm::new().write_odd_steps(&path, &odd);
    let server = ReplayServer::start(&[&path], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    let last = odd.len() as u64 + 1;
    browser.wait_for(
        &page,
        &format!("gcvm.panes[0].latest === {last}"),
        "every frame",
        LOAD,
    );
    for seq in 1..=odd.len() as u64 {
        pause_at(&mut browser, &page, seq);
        browser.wait_for(&page, "!gcvm.panes[0].infoDirty", "the frame's info", LOAD);
        let (title, _) = step_line(&mut browser, &page);
        let want = if seq == 3 {
            "7".to_string()
        } else {
            format!("odd step {seq}")
        };
        assert_eq!(title, want, "frame {seq}");
        let rows = browser.eval(
            &page,
            "document.querySelectorAll('.pausebody tr.row').length",
        );
        assert_eq!(rows, json!(odd.len() + 2), "frame {seq}: the pause panel");
    }
    assert_eq!(browser.eval(&page, "gcvm.errors"), json!([]));
}

#[test]
fn a_recording_without_steps_says_what_each_event_is_and_has_no_breakpoints() {
    let dir = scratch("steps-none");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 3);
    let (title, explain) = step_line(&mut browser, &page);
    assert_eq!(title, "The program is running");
    assert!(explain.contains("nothing was collected"), "{explain}");
    browser.eval(&page, "document.getElementById('step').click()");
    browser.wait_for(
        &page,
        "gcvm.panes[0].shown.seq === 4 && !gcvm.panes[0].infoDirty",
        "frame 4",
        LOAD,
    );
    let (title, _) = step_line(&mut browser, &page);
    assert!(title.starts_with("Pause begins: Pause Young"), "{title}");
    let none = browser.eval(&page, "document.getElementById('breakpoints').textContent");
    assert!(none.as_str().unwrap().starts_with("none"), "{none}");
}

// ---- recordings of real runs ----

/// A program that collects a few times: rounds of allocation, each ending in System.gc().
const CHURN: &str = r#"
public class ViewerChurn {
    public static void main(String[] args) {
        Object[] keep = new Object[256];
        long sum = 0;
        for (int r = 0; r < 6; r++) {
            for (int i = 0; i < 30000; i++) {
                int[] a = new int[8 + (i & 63)];
                a[0] = i;
                sum += a.length;
                if ((i & 255) == 0) keep[(i >> 8) & 255] = a;
            }
            System.gc();
        }
        System.out.println("done " + sum);
    }
}
"#;

/// Runs the churn program under `collector` with `options` (a recording or a trace).
fn run_churn(collector: &str, options: &[&str]) {
    let classes = support::compile_snippets("viewer-churn", &[("ViewerChurn.java", CHURN)]);
    let mut all = vec!["--gc", collector, "-Xmx32m"];
    all.extend_from_slice(options);
    let out = support::run_gcvm_program(&classes, "ViewerChurn", &all);
    assert_eq!(
        out.code,
        Some(0),
        "the run failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_same_program_recorded_under_two_collectors_replays_side_by_side() {
    let dir = scratch("real-side-by-side");
    let (g1, ss) = (dir.join("region.gcs"), dir.join("semispace.gcs"));
    for (collector, file) in [("region", &g1), ("semispace", &ss)] {
        run_churn(
            collector,
            &[
                "--stream-record",
                file.to_str().unwrap(),
                "--stream-tick",
                "0",
            ],
        );
    }
    let server = ReplayServer::start(&[&g1, &ss], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 2);
    // Frame 0 is the first collection's start in both (no ticks); later frame numbers differ
    // in what they show, since each collector takes steps of its own inside its pauses.
    pause_at(&mut browser, &page, 0);
    for pane in 0..2 {
        let tiles = used_tiles_drawn(&mut browser, &page, pane);
        let tiles = tiles.as_array().unwrap();
        assert!(!tiles.is_empty(), "pane {pane} shows no used tile");
        assert!(
            tiles.iter().all(|t| t["pixel"] == t["expected"]),
            "pane {pane} is drawn wrong"
        );
    }
    let names = browser
        .eval(
            &page,
            "Array.from(document.querySelectorAll('.pane .source')).map(e => e.textContent)",
        )
        .to_string();
    assert!(
        names.contains("region — ViewerChurn") && names.contains("semispace — ViewerChurn"),
        "{names}"
    );
    // Each space offers the streams its frame carries.
    let offered = browser.eval(
        &page,
        "gcvm.panes.every(p => p.shown.spaces.every(s => \
           p.selectors.querySelector(`select[data-space='${s.name}']`).options.length === s.streams.length))",
    );
    assert_eq!(
        offered,
        json!(true),
        "a space's stream menu differs from its frame's streams"
    );
}

#[test]
fn replaying_an_object_level_trace_shows_its_recomputed_tiles() {
    let dir = scratch("trace");
    let trace = dir.join("churn.trace");
    run_churn("mark-compact", &["--trace", trace.to_str().unwrap()]);
    let server = ReplayServer::start(&[&trace], &["--tile-size", "4k"]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 1);
    let tiles = used_tiles_drawn(&mut browser, &page, 0);
    let tiles = tiles.as_array().unwrap();
    assert!(!tiles.is_empty(), "no used tile drawn");
    assert!(tiles.iter().all(|t| t["pixel"] == t["expected"]));
    let source = browser.eval(&page, "document.querySelector('.pane .source').textContent");
    assert!(
        source.as_str().unwrap().contains("(trace, 4.0 KB tiles)"),
        "{source}"
    );
}

#[test]
fn a_live_run_is_watched_in_the_viewer_and_steps_one_event_at_a_time() {
    let dir = scratch("live-run");
    let classes = support::compile_snippets("viewer-churn", &[("ViewerChurn.java", CHURN)]);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gcvm"));
    cmd.args([
        "run",
        "--gc",
        "semispace",
        "-Xmx32m",
        "--stream=127.0.0.1:0",
        "--stream-tick",
        "0",
    ])
    .args(["--stream-filter", "gc-start:pause=true", "-cp"])
    .arg(&classes)
    .arg("ViewerChurn");
    let server = ReplayServer::spawn(cmd);
    // The run waits for the viewer, then stops at the first collection's start (a breakpoint).
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    browser.wait_for(
        &page,
        "gcvm.panes[0].status.state === 'paused' && gcvm.panes[0].status.mode === 'live'",
        "the live run to stop at the gc-start breakpoint",
        LOAD,
    );
    let first = browser.eval(
        &page,
        "[gcvm.panes[0].shown.seq, gcvm.panes[0].shown.event]",
    );
    assert_eq!(first, json!([0, "gc-start"]));
    let tiles = used_tiles_drawn(&mut browser, &page, 0);
    let tiles = tiles.as_array().unwrap();
    assert!(
        !tiles.is_empty(),
        "the heap at the first collection shows no used tile"
    );
    assert!(tiles.iter().all(|t| t["pixel"] == t["expected"]));
    // Step by step to the collection's end: each step shows the next frame, one of the
    // collector's steps inside the pause (each with its step header) until the gc-end.
    let mut seq = 0;
    loop {
        browser.eval(&page, "document.getElementById('step').click()");
        seq += 1;
        browser.wait_for(
            &page,
            &format!(
                "gcvm.panes[0].shown.seq === {seq} && gcvm.panes[0].status.state === 'paused'"
            ),
            &format!("one step to frame {seq}"),
            LOAD,
        );
        let shown = browser.eval(
            &page,
            "[gcvm.panes[0].shown.event, !!stepOf(gcvm.panes[0].shown)]",
        );
        if shown == json!(["gc-end", false]) {
            break;
        }
        assert_eq!(shown, json!(["step", true]), "frame {seq} inside the pause");
        assert!(seq < 200, "no gc-end after 200 steps");
    }
    browser.eval(&page, "document.getElementById('resume').click()");
    browser.wait_for(
        &page,
        &format!(
            "gcvm.panes[0].shown.seq === {} && gcvm.panes[0].shown.event === 'gc-start' && gcvm.panes[0].status.state === 'paused'",
            seq + 1
        ),
        "the next breakpoint",
        LOAD,
    );
}

// ---- gcvm replay's command line ----

fn replay_error(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gcvm"))
        .arg("replay")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn replaying_a_file_that_is_not_a_recording_is_a_one_line_error() {
    let dir = scratch("bad-input");
    let text = dir.join("notes.txt");
    std::fs::write(&text, "hello").unwrap();
    let missing = dir.join("missing.gcs");
    for (args, want) in [
        (
            vec![text.to_str().unwrap()],
            "not a gcvm heap-stream recording",
        ),
        (vec![missing.to_str().unwrap()], "cannot open"),
    ] {
        let (code, err) = replay_error(&args);
        assert_ne!(code, 0, "{args:?} succeeded");
        assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
        assert!(err.starts_with("gcvm: ") && err.contains(want), "{err}");
    }
}

#[test]
fn a_replay_speed_out_of_range_is_a_one_line_error() {
    let dir = scratch("bad-speed");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let (code, err) = replay_error(&[
        rec.to_str().unwrap(),
        "--speed",
        "0",
        "--stream=127.0.0.1:0",
    ]);
    assert_ne!(code, 0);
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(err.contains("invalid speed"), "{err}");
}

#[test]
fn a_live_run_can_be_looked_back_at_with_the_timeline_and_followed_again() {
    let dir = scratch("live");
    // A live source in this process: the frames of a film, published as the VM would.
    let rec = film(&dir, "g1.gcs", "region", 7);
    let LiveSource {
        hub,
        server: _server,
        recording,
        mut browser,
        page,
    } = LiveSource::watch(&dir, &rec);
    let publish = |i: usize| {
        let (_, event) = gcvm_tracer::stream::codec::frame_event(&recording.frames[i]).unwrap();
        hub.publish(recording.frames[i].clone(), event);
    };
    (0..6).for_each(publish);
    browser.wait_for(
        &page,
        "gcvm.panes[0].shown && gcvm.panes[0].shown.seq === 5 && !gcvm.panes[0].dirty",
        "the latest frame to be shown",
        LOAD,
    );
    assert_eq!(
        browser.eval(&page, "document.getElementById('timeline').max"),
        json!("5")
    );
    let latest = canvas_hash(&mut browser, &page, 0);
    browser.eval(
        &page,
        "(() => { const t = document.getElementById('timeline'); t.value = '2';
                  t.dispatchEvent(new Event('input')); })()",
    );
    browser.wait_for(
        &page,
        "gcvm.panes[0].shown.seq === 2 && !gcvm.panes[0].dirty",
        "frame 2",
        LOAD,
    );
    assert_ne!(
        canvas_hash(&mut browser, &page, 0),
        latest,
        "looking back drew the same picture"
    );
    publish(6);
    browser.wait_for(
        &page,
        "gcvm.panes[0].latest === 6",
        "frame 6 to arrive",
        LOAD,
    );
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        browser.eval(&page, "gcvm.panes[0].shown.seq"),
        json!(2),
        "a new frame pulled the view away from the frame looked at"
    );
    browser.eval(&page, "document.getElementById('follow').click()");
    browser.wait_for(
        &page,
        "gcvm.panes[0].shown.seq === 6",
        "following the latest frame again",
        LOAD,
    );
    let _ = hub.end(Duration::ZERO);
}

// ---- the code pane (frames carrying activity) ----

use gcvm_tracer::format::ThreadState;
use gcvm_tracer::stream::activity::{ActivityFeed, Counts, FrameActivity};

const MAIN: u64 = 1;
const WORKER: u64 = 2;

fn ran(bytecodes: u64, bytes: u64) -> Counts {
    Counts {
        invocations: 1 + bytecodes / 100,
        bytecodes,
        objects: bytes / 16,
        bytes,
    }
}

/// Three frames, 40 ms apart. Frame 0: app/A busy (9000 bytecodes, main and worker), app/B
/// 1000, app/C 500 allocating; the worker runs, is blocked from 10 to 30 ms, runs. Frame 1:
/// app/B busy (8000), app/A 100, app/C idle; the worker waits. Frame 2: app/A and app/B 5000
/// each; the worker is blocked again.
fn activities() -> Vec<FrameActivity> {
    let mut feed = ActivityFeed::new();
    feed.thread_name(MAIN, "main");
    feed.thread_name(WORKER, "worker");
    feed.counts(MAIN, "app/A", ran(6000, 0));
    feed.counts(WORKER, "app/A", ran(3000, 0));
    feed.counts(WORKER, "app/B", ran(1000, 64));
    feed.counts(MAIN, "app/C", ran(500, 4096));
    feed.state(MAIN, ThreadState::Running, 0.0, 40.0);
    feed.state(WORKER, ThreadState::Running, 0.0, 10.0);
    feed.state(WORKER, ThreadState::Blocked, 10.0, 30.0);
    feed.state(WORKER, ThreadState::Running, 30.0, 40.0);
    let first = feed.take_frame(40.0);
    feed.counts(MAIN, "app/B", ran(8000, 1024));
    feed.counts(MAIN, "app/A", ran(100, 0));
    feed.state(MAIN, ThreadState::Running, 40.0, 80.0);
    feed.state(WORKER, ThreadState::Waiting, 40.0, 80.0);
    let second = feed.take_frame(80.0);
    feed.counts(MAIN, "app/A", ran(5000, 0));
    feed.counts(WORKER, "app/B", ran(5000, 0));
    feed.state(MAIN, ThreadState::Running, 80.0, 120.0);
    feed.state(WORKER, ThreadState::Running, 80.0, 95.0);
    feed.state(WORKER, ThreadState::Blocked, 95.0, 120.0);
    let third = feed.take_frame(120.0);
    vec![first, second, third]
}

fn activity_film(dir: &std::path::Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    write_activity_film(&path, &activities());
    path
}

/// Pauses on frame `n` and waits for its code pane to be drawn.
fn show_code_of(browser: &mut Browser, page: &Page, n: u64) {
    pause_at(browser, page, n);
    browser.wait_for(
        page,
        "gcvm.panes.every(p => !p.code.dirty && p.code.boxes.length > 0)",
        "the code pane to be drawn",
        LOAD,
    );
}

/// Steps to the next frame (`n`) and waits for its code pane to be drawn.
fn step_code_to(browser: &mut Browser, page: &Page, n: u64) {
    browser.eval(page, "document.getElementById('step').click()");
    browser.wait_for(
        page,
        &format!(
            "gcvm.panes.every(p => p.shown.seq === {n} && p.status.state === 'paused' && !p.code.dirty)"
        ),
        &format!("the step to frame {n}"),
        LOAD,
    );
}

/// Pane `pane`'s boxes by class name: the hook's record plus the canvas pixel at its centre.
fn boxes(
    browser: &mut Browser,
    page: &Page,
    pane: usize,
) -> std::collections::HashMap<String, Value> {
    let list = browser.eval(
        page,
        &format!(
            "gcvmActivityBoxes({pane}).map(b => ({{...b, pixel: Array.from(gcvm.panes[{pane}].code.ctx \
               .getImageData(b.x + (b.w >> 1), b.y + (b.h >> 1), 1, 1).data).slice(0, 3)}}))"
        ),
    );
    list.as_array()
        .unwrap()
        .iter()
        .map(|b| (b["name"].as_str().unwrap().to_string(), b.clone()))
        .collect()
}

fn rgb(b: &Value) -> [u64; 3] {
    css_rgb(b["fill"].as_str().unwrap())
}

/// A box is drawn in its fill: red dominates a hot one, blue a cold one.
fn assert_hot(b: &Value) {
    let [r, _, bl] = rgb(b);
    assert_eq!(
        json!(rgb(b)),
        b["pixel"],
        "{} not drawn in its fill",
        b["name"]
    );
    assert!(r > bl, "{} should be hot: {}", b["name"], b["fill"]);
}
fn assert_cold(b: &Value) {
    let [r, _, bl] = rgb(b);
    assert_eq!(
        json!(rgb(b)),
        b["pixel"],
        "{} not drawn in its fill",
        b["name"]
    );
    assert!(bl > r, "{} should be cold: {}", b["name"], b["fill"]);
}

#[test]
fn the_code_panes_boxes_change_colour_with_the_counts() {
    let dir = scratch("code-colours");
    let rec = activity_film(&dir, "activity.gcs");
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    show_code_of(&mut browser, &page, 0);
    let first = boxes(&mut browser, &page, 0);
    assert_hot(&first["app/A"]);
    assert_cold(&first["app/B"]);
    assert!(first["app/A"]["heat"].as_f64() > first["app/B"]["heat"].as_f64());
    step_code_to(&mut browser, &page, 1);
    let second = boxes(&mut browser, &page, 0);
    assert_hot(&second["app/B"]);
    assert_cold(&second["app/A"]);
    assert!(second["app/B"]["heat"].as_f64() > second["app/A"]["heat"].as_f64());
    assert_ne!(first["app/A"]["fill"], second["app/A"]["fill"]);
}

#[test]
fn a_class_that_ran_no_bytecode_in_the_interval_is_grey() {
    let dir = scratch("code-idle");
    let rec = activity_film(&dir, "activity.gcs");
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    show_code_of(&mut browser, &page, 1);
    let c = &boxes(&mut browser, &page, 0)["app/C"];
    assert_eq!(c["fill"], json!("rgb(200,200,200)"), "{c}");
    assert_eq!(c["pixel"], json!([200, 200, 200]), "{c}");
    let legend = browser.eval(
        &page,
        "gcvm.panes[0].code.legend.map(e => [e.label, e.colour, \
           Array.from(gcvm.panes[0].code.ctx.getImageData(e.x + 2, e.y + 2, 1, 1).data).slice(0, 3)])",
    );
    assert!(
        legend
            .as_array()
            .unwrap()
            .contains(&json!(["none", "rgb(200,200,200)", [200, 200, 200]])),
        "the legend has no grey swatch drawn: {legend}"
    );
}

#[test]
fn a_class_that_allocated_more_is_drawn_brighter() {
    let dir = scratch("code-alloc");
    let rec = activity_film(&dir, "activity.gcs");
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    show_code_of(&mut browser, &page, 0);
    let b = boxes(&mut browser, &page, 0);
    // app/C allocated the most bytes (4096), app/A nothing.
    assert_eq!(b["app/C"]["alloc"].as_f64(), Some(1.0));
    assert_eq!(b["app/A"]["alloc"].as_f64(), Some(0.0));
    let light = |v: &Value| {
        let c = rgb(v);
        c.iter().max().unwrap() + c.iter().min().unwrap()
    };
    assert!(
        light(&b["app/C"]) > light(&b["app/A"]),
        "{} vs {}",
        b["app/C"],
        b["app/A"]
    );
}

#[test]
fn the_code_panes_box_areas_follow_each_classs_bytecodes_over_the_run() {
    let dir = scratch("code-areas");
    let rec = activity_film(&dir, "activity.gcs");
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    let area = |b: &Value| b["w"].as_f64().unwrap() * b["h"].as_f64().unwrap();
    show_code_of(&mut browser, &page, 0);
    let first = boxes(&mut browser, &page, 0);
    // Totals 9000, 1000, 500.
    let ratio = area(&first["app/A"]) / area(&first["app/B"]);
    assert!(
        (ratio / 9.0 - 1.0).abs() < 0.12,
        "A/B area ratio {ratio}, totals 9:1"
    );
    let ratio = area(&first["app/B"]) / area(&first["app/C"]);
    assert!(
        (ratio / 2.0 - 1.0).abs() < 0.12,
        "B/C area ratio {ratio}, totals 2:1"
    );
    step_code_to(&mut browser, &page, 1);
    step_code_to(&mut browser, &page, 2);
    let third = boxes(&mut browser, &page, 0);
    // Totals 14100 and 14000.
    let ratio = area(&third["app/A"]) / area(&third["app/B"]);
    assert!(
        (ratio - 1.0).abs() < 0.06,
        "A/B area ratio {ratio}, totals about 1:1"
    );
}

#[test]
fn the_thread_strip_shows_a_blocked_span_where_the_thread_was_blocked() {
    let dir = scratch("code-strips");
    let rec = activity_film(&dir, "activity.gcs");
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    show_code_of(&mut browser, &page, 0);
    let spans = browser.eval(
        &page,
        "gcvm.panes[0].code.spans.map(s => ({...s, pixel: Array.from(gcvm.panes[0].code.ctx \
           .getImageData(s.x + (s.w >> 1), s.y + (s.h >> 1), 1, 1).data).slice(0, 3)}))",
    );
    let spans = spans.as_array().unwrap();
    let blocked: Vec<&Value> = spans.iter().filter(|s| s["state"] == "blocked").collect();
    assert_eq!(blocked.len(), 1, "{spans:?}");
    let b = blocked[0];
    assert_eq!(
        (b["name"].as_str(), b["start"].as_f64(), b["end"].as_f64()),
        (Some("worker"), Some(10.0), Some(30.0))
    );
    assert_eq!(
        b["pixel"],
        json!(css_rgb("#d62728")),
        "the blocked span is not drawn red"
    );
    // The frame's interval is 0-40 ms: the blocked span takes half the row, after a quarter.
    let row: Vec<&Value> = spans.iter().filter(|s| s["name"] == "worker").collect();
    let (x0, x1) = (
        row[0]["x"].as_f64().unwrap(),
        row[2]["x"].as_f64().unwrap() + row[2]["w"].as_f64().unwrap(),
    );
    let share = b["w"].as_f64().unwrap() / (x1 - x0);
    assert!(
        (share - 0.5).abs() < 0.02,
        "the blocked span covers {share} of the row"
    );
    let main: Vec<&Value> = spans.iter().filter(|s| s["name"] == "main").collect();
    assert_eq!(main.len(), 1);
    assert_eq!(main[0]["state"], "running");
    let legend = browser
        .eval(&page, "gcvm.panes[0].code.legend.map(e => e.label)")
        .to_string();
    for state in [
        "running",
        "blocked",
        "waiting",
        "sleeping",
        "safepoint",
        "gc",
        "native",
    ] {
        assert!(
            legend.contains(&format!("\"{state}\"")),
            "no {state} in the legend: {legend}"
        );
    }
}

/// Moves the mouse to the centre of a rectangle of pane 0's code canvas; returns the tooltip.
fn hover_code(browser: &mut Browser, page: &Page, rect_js: &str) -> String {
    let at = browser.eval(
        page,
        &format!(
            "(() => {{ const r = {rect_js}, c = gcvm.panes[0].code.canvas.getBoundingClientRect();
                      return [c.left + r.x + r.w / 2, c.top + r.y + r.h / 2]; }})()"
        ),
    );
    browser.call(
        Some(&page.session),
        "Input.dispatchMouseEvent",
        json!({"type": "mouseMoved", "x": at[0], "y": at[1]}),
    );
    browser.wait_for(page, "!gcvm.panes[0].code.tip.hidden", "the tooltip", LOAD);
    browser
        .eval(page, "gcvm.panes[0].code.tip.textContent")
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn hovering_a_box_or_a_span_shows_its_counts_in_a_tooltip() {
    let dir = scratch("code-tooltips");
    let rec = activity_film(&dir, "activity.gcs");
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    show_code_of(&mut browser, &page, 0);
    let tip = hover_code(
        &mut browser,
        &page,
        "gcvmActivityBoxes(0).find(b => b.name === 'app/C')",
    );
    for want in [
        "app/C",
        "500 in the interval",
        "500 over the run",
        "invocations: 6",
        "threads: 1",
        "256 objects, 4.0 KB",
    ] {
        assert!(
            tip.contains(want),
            "the box's tooltip lacks {want:?}: {tip}"
        );
    }
    let tip = hover_code(
        &mut browser,
        &page,
        "gcvm.panes[0].code.spans.find(s => s.state === 'blocked')",
    );
    for want in [
        "worker (thread 2)",
        "blocked",
        "10.000 ms – 30.000 ms (20.000 ms)",
    ] {
        assert!(
            tip.contains(want),
            "the span's tooltip lacks {want:?}: {tip}"
        );
    }
}

#[test]
fn a_recording_without_activity_shows_no_code_pane() {
    let dir = scratch("code-none");
    let rec = film(&dir, "g1.gcs", "region", 7);
    let server = ReplayServer::start(&[&rec], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    pause_at(&mut browser, &page, 4);
    assert_eq!(
        browser.eval(
            &page,
            "[gcvm.panes[0].root.querySelector('.codecol').hidden, gcvmActivityBoxes(0).length]"
        ),
        json!([true, 0])
    );
}

#[test]
fn two_recordings_with_activity_each_get_their_own_code_pane() {
    let dir = scratch("code-two");
    let a = activity_film(&dir, "a.gcs");
    let b = dir.join("b.gcs");
    // The second recording runs app/B where the first runs app/A.
    let swapped: Vec<FrameActivity> = activities()
        .into_iter()
        .map(|mut f| {
            for u in &mut f.units {
                u.name = if u.name == "app/A" {
                    "app/B".into()
                } else if u.name == "app/B" {
                    "app/A".into()
                } else {
                    u.name.clone()
                };
            }
            f
        })
        .collect();
    write_activity_film(&b, &swapped);
    let server = ReplayServer::start(&[&a, &b], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 2);
    show_code_of(&mut browser, &page, 0);
    let (left, right) = (boxes(&mut browser, &page, 0), boxes(&mut browser, &page, 1));
    assert_hot(&left["app/A"]);
    assert_cold(&left["app/B"]);
    assert_hot(&right["app/B"]);
    assert_cold(&right["app/A"]);
}

#[test]
fn a_frames_activity_survives_recording_and_replay_byte_for_byte() {
    let dir = scratch("code-bytes");
    let path = dir.join("activity.gcs");
    let written = write_activity_film(&path, &activities());
    let recording = gcvm_tracer::stream::record::Recording::read(&path).unwrap();
    assert_eq!(
        recording.frames, written,
        "the recording changed the frames"
    );
    let server = ReplayServer::start(&[&path], &["--speed", "1000"]);
    let addr = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let stream = std::net::TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(LOAD)).unwrap();
    let (mut ws, _) = tungstenite::client(format!("ws://{addr}/ws?src=0"), stream).unwrap();
    let mut replayed = Vec::new();
    while replayed.len() < written.len() {
        if let tungstenite::Message::Binary(b) = ws.read().expect("the replay closed early") {
            replayed.push(b.to_vec());
        }
    }
    assert_eq!(replayed, written, "the replay changed the frames");
    let decoded: Vec<FrameActivity> = replayed
        .iter()
        .map(|f| {
            gcvm_tracer::stream::Frame::decode(f)
                .unwrap()
                .activity
                .unwrap()
        })
        .collect();
    assert_eq!(decoded, activities());
}

/// An `--activity` trace, written with the tracer's writer: two major collections of a 1 MB
/// space; before the first, `main` runs app/Hot for 1000 bytecodes and app/Cold for 10, before
/// the second the reverse.
fn write_activity_trace(path: &std::path::Path) {
    use gcvm_tracer::format::MethodActivity;
    use gcvm_tracer::{GcEventSink, GcKind, SpaceDesc, TraceConfig, TraceSpaceKind, TraceWriter};
    use std::time::Instant;
    let config = TraceConfig {
        program: "ActivityTrace".into(),
        collector: "mark-compact".into(),
        heap_size: 1 << 20,
        activity: true,
        ..TraceConfig::default()
    };
    let w = TraceWriter::create(path, config).unwrap();
    w.sync_spaces(&[SpaceDesc {
        id: 0,
        kind: TraceSpaceKind::Old,
        start: 0,
        end: 1 << 20,
        name: "mark-compact".into(),
    }]);
    w.define_method(1, "app/Hot", "run", "()V");
    w.define_method(2, "app/Cold", "run", "()V");
    let method = |method: u32, bytecodes: u64| MethodActivity {
        method,
        invocations: 1,
        bytecodes,
        objects: 0,
        bytes: 0,
    };
    let mut main = w.thread_events(1, "main");
    let mut gc = w.gc_sink();
    for (gc_id, (hot, cold)) in [(1000, 10), (10, 1000)].into_iter().enumerate() {
        let t = Instant::now();
        let end = t + Duration::from_millis(1);
        main.activity(t, end, &[method(1, hot), method(2, cold)]);
        main.thread_state(ThreadState::Running, t, end);
        main.flush();
        std::thread::sleep(Duration::from_millis(2));
        gc.gc_start(gc_id as u32, GcKind::Major, "test");
        gc.gc_end(gc_id as u32);
    }
    drop(gc);
    main.thread_death();
    w.finish().unwrap();
}

#[test]
fn replaying_an_activity_trace_shows_the_code_recomputed_from_it() {
    let dir = scratch("code-trace");
    let trace = dir.join("activity.gct");
    write_activity_trace(&trace);
    let server = ReplayServer::start(&[&trace], &[]);
    let (mut browser, page) = open_viewer(&dir, &server, 1);
    show_code_of(&mut browser, &page, 0);
    let first = boxes(&mut browser, &page, 0);
    assert_hot(&first["app/Hot"]);
    assert_cold(&first["app/Cold"]);
    step_code_to(&mut browser, &page, 1);
    let idle = boxes(&mut browser, &page, 0);
    assert_eq!(
        (&idle["app/Hot"]["fill"], &idle["app/Cold"]["fill"]),
        (&json!("rgb(200,200,200)"), &json!("rgb(200,200,200)")),
        "nothing ran during the first collection"
    );
    step_code_to(&mut browser, &page, 2);
    let second = boxes(&mut browser, &page, 0);
    assert_hot(&second["app/Cold"]);
    assert_cold(&second["app/Hot"]);
    let strip = browser.eval(
        &page,
        "gcvm.panes[0].code.spans.map(s => [s.name, s.state])",
    );
    assert_eq!(strip, json!([["main", "running"]]));
}

/// The run docs/teaching/watch-a-collection.md makes: GCBench 4 under the region collector,
/// every step recorded (in a 32 MB heap starting at 8 MB it also runs a marking cycle).
fn record_teaching_run(dir: &std::path::Path) -> PathBuf {
    let rec = dir.join("gcbench.gcs");
    let program = support::repo_root().join("programs").join("GCBench.java");
    let out = support::run_gcvm(&[
        "run",
        "--gc",
        "region",
        "-Xmx32m",
        "-Xms8m",
        "--stream-record",
        rec.to_str().unwrap(),
        "--stream-tick",
        "0",
        program.to_str().unwrap(),
        "4",
    ]);
    assert_eq!(out.code, Some(0), "the run failed: {}", out.stderr_head(10));
    rec
}

/// Every frame of a recording: its number and its step's kind (None for other frames).
fn recorded_steps(rec: &std::path::Path) -> Vec<(u64, Option<String>)> {
    let recording = gcvm_tracer::stream::record::Recording::read(rec).unwrap();
    recording
        .frames
        .iter()
        .map(|f| {
            let (seq, _) = gcvm_tracer::stream::codec::frame_event(f).unwrap();
            (seq, gcvm_tracer::stream::codec::frame_step_kind(f).unwrap())
        })
        .collect()
}

/// The viewer on a replay of `rec`, once every frame of it (the last `last`) has arrived.
fn viewer_on_whole_recording(
    dir: &std::path::Path,
    rec: &std::path::Path,
    last: u64,
) -> (ReplayServer, Browser, Page) {
    let server = ReplayServer::start(&[rec], &[]);
    let (mut browser, page) = open_viewer(dir, &server, 1);
    browser.wait_for(
        &page,
        &format!("gcvm.panes[0].latest === {last}"),
        "every frame of the recording to arrive",
        LOAD,
    );
    (server, browser, page)
}

/// Pauses the viewer at frame `seq` and waits until the page has drawn it.
fn show_paused_at(browser: &mut Browser, page: &Page, seq: u64) {
    pause_at(browser, page, seq);
    browser.wait_for(
        page,
        "!gcvm.panes[0].historyDirty && !gcvm.panes[0].infoDirty",
        "the page to settle",
        LOAD,
    );
}

/// Saves a screenshot in the test's directory and, when `GCVM_TEACHING_SCREENSHOTS` names a
/// directory (docs/teaching/img), there too: that is how the teaching page's pictures are made.
fn keep_screenshot(dir: &std::path::Path, name: &str, png: &[u8]) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{name} is not a PNG");
    std::fs::write(dir.join(name), png).unwrap();
    if let Some(out) = std::env::var_os("GCVM_TEACHING_SCREENSHOTS") {
        std::fs::write(PathBuf::from(out).join(name), png).unwrap();
    }
}

#[test]
fn a_recorded_region_run_steps_region_by_region_through_an_evacuation_in_the_viewer() {
    let dir = scratch("teaching-evacuation");
    let rec = record_teaching_run(&dir);
    let frames = recorded_steps(&rec);
    let evacuated: Vec<u64> = frames
        .iter()
        .filter(|(_, k)| k.as_deref() == Some("region.evacuated"))
        .map(|(seq, _)| *seq)
        .collect();
    // Two evacuated regions of one pause: consecutive frames.
    let first = evacuated
        .windows(2)
        .find(|w| w[1] == w[0] + 1)
        .map(|w| w[0])
        .expect("no pause evacuated two regions");
    let last = frames.last().unwrap().0;
    let (_server, mut browser, page) = viewer_on_whole_recording(&dir, &rec, last);
    let mut seen = Vec::new();
    for (k, seq) in [first, first + 1].into_iter().enumerate() {
        show_paused_at(&mut browser, &page, seq);
        let (title, explain) = step_line(&mut browser, &page);
        assert!(title.contains("evacuated"), "frame {seq}: {title}");
        assert!(!explain.is_empty(), "frame {seq} has no explanation");
        keep_screenshot(
            &dir,
            &format!("evacuation-{}.png", k + 1),
            &browser.screenshot(&page),
        );
        seen.push(title);
    }
    assert_ne!(seen[0], seen[1], "two evacuated regions, one title");
}

/// RegionWorkout's crowded old generation under the region collector: marking cycles every
/// run, recorded with only every 40th marking step and no evacuated regions, so the recording
/// stays small.
fn record_marking_run(dir: &std::path::Path) -> PathBuf {
    let rec = dir.join("workout.gcs");
    let classes = support::compile_java_cached(
        "region-workout",
        &[support::repo_root().join("tests/region/RegionWorkout.java")],
    );
    let out = support::run_gcvm(&[
        "run",
        "--gc",
        "region",
        "-Xmx32m",
        "--stream-record",
        rec.to_str().unwrap(),
        "--stream-tick",
        "0",
        "--stream-filter",
        "region.evacuated:enabled=false",
        "--stream-filter",
        "region.marking:period=40",
        "-cp",
        classes.to_str().unwrap(),
        "RegionWorkout",
        "mixed",
    ]);
    assert_eq!(out.code, Some(0), "the run failed: {}", out.stderr_head(10));
    rec
}

#[test]
fn a_recorded_region_marking_step_is_shown_as_taken_while_the_program_runs() {
    let dir = scratch("teaching-marking");
    let rec = record_marking_run(&dir);
    let frames = recorded_steps(&rec);
    let marking = frames
        .iter()
        .find(|(_, k)| k.as_deref() == Some("region.marking"))
        .map(|(seq, _)| *seq)
        .expect("no marking step recorded");
    let last = frames.last().unwrap().0;
    let (_server, mut browser, page) = viewer_on_whole_recording(&dir, &rec, last);
    show_paused_at(&mut browser, &page, marking);
    let (title, _) = step_line(&mut browser, &page);
    assert!(title.to_lowercase().contains("mark"), "{title}");
    let meta = browser.eval(&page, "document.querySelector('.stepmeta').textContent");
    assert!(
        meta.as_str().unwrap().contains("while the program runs"),
        "{meta}"
    );
    keep_screenshot(&dir, "marking.png", &browser.screenshot(&page));
}
