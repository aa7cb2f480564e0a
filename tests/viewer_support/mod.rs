//! What tests/viewer.rs and benches/viewer_fps.rs share: recordings made with the tracer's
//! stream API (a region heap whose regions fill, are collected and change role), a
//! `gcvm replay` process serving them, and headless chromium driven over the Chrome DevTools
//! Protocol (a WebSocket spoken with tungstenite; JSON with serde_json).
#![allow(dead_code)]

use gcvm_tracer::stream::codec::{Bootstrap, Frame};
use gcvm_tracer::stream::record::Recorder;
use gcvm_tracer::stream::tiles::{summarise, Tiler};
use gcvm_tracer::stream::{standard_streams, StreamEvent};
use gcvm_tracer::{SpaceDesc, TraceSpaceKind};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Where tests and benches put their files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(
        option_env!("CARGO_TARGET_TMPDIR")
            .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/target")),
    )
    .join("viewer")
    .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---- recordings ----

/// A region heap to record: its size, region size, tile size, and how many frames.
pub struct RegionFilm {
    pub collector: &'static str,
    pub heap: u64,
    pub region: u64,
    pub tile_size: u64,
    pub frames: usize,
    pub seed: u64,
}

/// A small deterministic generator (the films must not change between runs).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

impl RegionFilm {
    /// Writes the film: frames cycle tick, gc-start, gc-end; eden regions fill between
    /// collections, a collection turns full eden regions into survivor / old ones or frees
    /// them, and the third collection is a full one.
    pub fn write(&self, path: &Path) {
        let bootstrap = Bootstrap {
            target: "Synthetic".into(),
            collector: self.collector.into(),
            source: "live".into(),
            tile_size: self.tile_size,
            streams: standard_streams(self.tile_size),
            steps: Vec::new(),
        };
        let mut rec = Recorder::create(path, &bootstrap.encode()).unwrap();
        let regions = (self.heap / self.region) as usize;
        let mut rng = Lcg(self.seed);
        // Per region: its kind and how full it is (bytes).
        let mut kinds: Vec<TraceSpaceKind> = (0..regions)
            .map(|i| {
                if i % 4 == 0 {
                    TraceSpaceKind::Eden
                } else {
                    TraceSpaceKind::Free
                }
            })
            .collect();
        let mut fill: Vec<u64> = vec![0; regions];
        for seq in 0..self.frames {
            let gc = (seq / 3) as u32;
            let (event, label) = match seq % 3 {
                0 => (StreamEvent::Tick, "tick"),
                1 => (
                    StreamEvent::GcStart,
                    "Pause Young (Normal) (G1 Evacuation Pause)",
                ),
                _ => (
                    StreamEvent::GcEnd,
                    "Pause Young (Normal) (G1 Evacuation Pause)",
                ),
            };
            let full = gc == 2 && event != StreamEvent::Tick;
            match event {
                StreamEvent::Tick | StreamEvent::GcStart => {
                    for i in 0..regions {
                        if kinds[i] == TraceSpaceKind::Eden {
                            fill[i] = (fill[i] + self.region / 4 + rng.below(self.region / 4))
                                .min(self.region);
                        }
                    }
                }
                _ => {
                    for i in 0..regions {
                        match kinds[i] {
                            TraceSpaceKind::Eden => {
                                let r = rng.below(10);
                                kinds[i] = if r < 5 {
                                    TraceSpaceKind::Free
                                } else if r < 8 {
                                    TraceSpaceKind::Survivor
                                } else {
                                    TraceSpaceKind::Old
                                };
                                fill[i] = if kinds[i] == TraceSpaceKind::Free {
                                    0
                                } else {
                                    fill[i] / 3
                                };
                            }
                            TraceSpaceKind::Free if rng.below(3) == 0 => {
                                kinds[i] = TraceSpaceKind::Eden;
                            }
                            TraceSpaceKind::Survivor if full => kinds[i] = TraceSpaceKind::Old,
                            _ => {}
                        }
                    }
                }
            }
            let spaces: Vec<SpaceDesc> = (0..regions)
                .map(|i| SpaceDesc {
                    id: i as u32,
                    kind: kinds[i],
                    start: i as u64 * self.region,
                    end: (i as u64 + 1) * self.region,
                    name: format!("region {i}"),
                })
                .collect();
            let mut tiler = Tiler::for_spaces(&spaces, self.tile_size);
            let mut used = 0;
            for (i, bytes) in fill.iter().enumerate() {
                let mut at = i as u64 * self.region;
                let end = at + bytes;
                while at + 16 <= end {
                    let size = (16 + rng.below(2048) / 8 * 8).min(end - at);
                    tiler.object(at, size);
                    used += size;
                    at += size;
                }
            }
            let spaces = tiler.finish();
            let frame = Frame {
                seq: seq as u64,
                event,
                gc: (event != StreamEvent::Tick).then_some(gc),
                label: if full {
                    "Pause Full (System.gc())".into()
                } else {
                    label.into()
                },
                time_ms: seq as f64 * 40.0,
                full,
                heap_used: used,
                heap_capacity: self.heap,
                summary: summarise(&spaces),
                activity: None,
                step: None,
                spaces,
            };
            rec.frame(&frame.encode()).unwrap();
        }
        rec.finish().unwrap();
    }
}

// ---- gcvm replay ----

/// A `gcvm replay` (or live `gcvm run --stream`) serving the viewer on a free loopback port;
/// killed when dropped.
pub struct ReplayServer {
    child: Child,
    pub url: String,
}

impl ReplayServer {
    pub fn start(files: &[&Path], extra: &[&str]) -> ReplayServer {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gcvm"));
        cmd.arg("replay")
            .args(files)
            .arg("--stream=127.0.0.1:0")
            .args(extra);
        ReplayServer::spawn(cmd)
    }

    /// Any gcvm command that serves the viewer (`gcvm run --stream=127.0.0.1:0 ...`).
    pub fn spawn(mut cmd: Command) -> ReplayServer {
        let mut child = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start gcvm");
        let stderr = child.stderr.take().unwrap();
        let mut lines = BufReader::new(stderr).lines();
        let first = lines.next().and_then(Result::ok).unwrap_or_default();
        let url = first
            .strip_prefix("gcvm: heap viewer at ")
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!("gcvm did not print the viewer's URL: {first:?}")
            })
            .to_string();
        // Keep reading stderr so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        ReplayServer { child, url }
    }
}

impl Drop for ReplayServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---- chromium over the DevTools protocol ----

/// Headless chromium with a fresh profile; killed (and its profile removed) when dropped.
pub struct Browser {
    child: Child,
    profile: PathBuf,
    ws: tungstenite::WebSocket<TcpStream>,
    next_id: u64,
}

/// The one-line failure when chromium is not installed: the tests never pass without it.
pub fn require_chromium() {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: the viewer tests need Debian's chromium; run .ci/setup (as root, \
         or with sudo) to install it"
    );
}

impl Browser {
    pub fn launch(profile: &Path) -> Browser {
        require_chromium();
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).unwrap();
        let child = Command::new(CHROMIUM)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1400,1000",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("--remote-debugging-port=0")
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start chromium");
        let port_file = profile.join("DevToolsActivePort");
        let deadline = Instant::now() + Duration::from_secs(30);
        let (port, path) = loop {
            if let Ok(text) = std::fs::read_to_string(&port_file) {
                let mut lines = text.lines();
                if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                    break (port.to_string(), path.to_string());
                }
            }
            assert!(
                Instant::now() < deadline,
                "chromium wrote no DevToolsActivePort in 30 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let addr = format!("127.0.0.1:{port}");
        let stream = TcpStream::connect(&addr).expect("cannot reach chromium's DevTools port");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let (ws, _) = tungstenite::client(format!("ws://{addr}{path}"), stream)
            .expect("DevTools WebSocket handshake failed");
        Browser {
            child,
            profile: profile.to_path_buf(),
            ws,
            next_id: 1,
        }
    }

    /// Sends a DevTools command (to a page's session, or to the browser) and returns its result.
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws
            .send(tungstenite::Message::text(msg.to_string()))
            .expect("cannot send to chromium");
        loop {
            let m = self
                .ws
                .read()
                .expect("chromium closed the DevTools connection");
            let tungstenite::Message::Text(text) = m else {
                continue;
            };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            if v["id"].as_u64() == Some(id) {
                if let Some(e) = v.get("error") {
                    panic!("DevTools {method} failed: {e}");
                }
                return v["result"].clone();
            }
        }
    }

    /// A new tab at `url`, 1400 x 1000 CSS pixels.
    pub fn open(&mut self, url: &str) -> Page {
        let target = self.call(None, "Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        let session = attached["sessionId"].as_str().unwrap().to_string();
        self.call(Some(&session), "Page.enable", json!({}));
        self.call(Some(&session), "Runtime.enable", json!({}));
        self.call(
            Some(&session),
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        );
        self.call(Some(&session), "Page.navigate", json!({"url": url}));
        Page { session }
    }

    /// Evaluates a JavaScript expression in the page (awaiting a promise) and returns its value.
    pub fn eval(&mut self, page: &Page, expr: &str) -> Value {
        let r = self.call(
            Some(&page.session),
            "Runtime.evaluate",
            json!({"expression": expr, "awaitPromise": true, "returnByValue": true}),
        );
        if let Some(e) = r.get("exceptionDetails") {
            panic!("the page threw evaluating {expr}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// Evaluates `expr` until it is true, or panics with `what` after `timeout`.
    pub fn wait_for(&mut self, page: &Page, expr: &str, what: &str, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        loop {
            if self.eval(
                page,
                &format!(
                    "(() => {{ try {{ return !!({expr}); }} catch (e) {{ return false; }} }})()"
                ),
            ) == json!(true)
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what} ({expr})"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A PNG of the page as it is drawn.
    pub fn screenshot(&mut self, page: &Page) -> Vec<u8> {
        use base64::Engine;
        let r = self.call(
            Some(&page.session),
            "Page.captureScreenshot",
            json!({"format": "png"}),
        );
        base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().expect("no screenshot data"))
            .expect("the screenshot is not base64")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A tab, by its DevTools session.
pub struct Page {
    pub session: String,
}

/// The JavaScript that reads one canvas pixel of pane `pane` as [r, g, b, a].
pub fn pixel_js(pane: usize, x: &str, y: &str) -> String {
    format!(
        "Array.from(gcvm.panes[{pane}].ctx.getImageData(Math.floor({x}), Math.floor({y}), 1, 1).data)"
    )
}

/// Writes a small recording (one 64 KB semispace, tick frames 40 ms apart) whose frame `i`
/// carries `activities[i]`; returns the frames as encoded.
pub fn write_activity_film(
    path: &Path,
    activities: &[gcvm_tracer::stream::activity::FrameActivity],
) -> Vec<Vec<u8>> {
    let bootstrap = Bootstrap {
        target: "ActivitySynthetic".into(),
        collector: "semispace".into(),
        source: "live".into(),
        tile_size: 1024,
        streams: standard_streams(1024),
        steps: Vec::new(),
    };
    let mut rec = Recorder::create(path, &bootstrap.encode()).unwrap();
    let spaces = vec![SpaceDesc {
        id: 0,
        kind: TraceSpaceKind::SemiFrom,
        start: 0,
        end: 64 << 10,
        name: "semispace-0".into(),
    }];
    let mut encoded = Vec::new();
    for (seq, activity) in activities.iter().enumerate() {
        let mut tiler = Tiler::for_spaces(&spaces, 1024);
        let used = 4096 * (seq as u64 + 1);
        let mut at = 0;
        while at < used {
            tiler.object(at, 64);
            at += 64;
        }
        let spaces = tiler.finish();
        let frame = Frame {
            seq: seq as u64,
            event: StreamEvent::Tick,
            gc: None,
            label: "tick".into(),
            time_ms: activity.to_ms,
            full: false,
            heap_used: used,
            heap_capacity: 64 << 10,
            summary: summarise(&spaces),
            activity: Some(activity.clone()),
            step: None,
            spaces,
        };
        let bytes = frame.encode();
        rec.frame(&bytes).unwrap();
        encoded.push(bytes);
    }
    rec.finish().unwrap();
    encoded
}

// ---- a region evacuation as step frames ----

/// One frame of an `EvacuationFilm`, as written: what a test steps through.
#[derive(Clone, Debug)]
pub struct FilmFrame {
    pub seq: u64,
    /// `tick`, `gc-start`, `step` or `gc-end`.
    pub event: &'static str,
    /// The step's kind (`region.cset` ...), for step frames.
    pub kind: Option<&'static str>,
    /// The region a `region.evacuated` step evacuated.
    pub region: Option<usize>,
    pub title: String,
    pub explain: String,
    pub gc_ms: f64,
}

/// A region heap (32 regions of 128 KB, 8 KB tiles) collected by one young pause written as
/// steps (docs/stream-format.md, "Steps inside a collection"): tick, gc-start, then the step
/// frames `region.cset`, `region.roots`, `region.remsets`, one `region.evacuated` per region of
/// the collection set (the region's live objects leave it: its tiles empty, a survivor region
/// fills), `region.references`, `region.freed`, then gc-end and a tick. The bootstrap lists
/// the region collector's step kinds; every step frame carries a `cset` stream (enum no/yes)
/// while the collection set exists.
pub struct EvacuationFilm {
    pub tile_size: u64,
    pub region: u64,
    pub regions: usize,
}

/// The stream id the film gives `cset` (the first collector stream).
pub const CSET_STREAM: u16 = 3;

/// The region collector's step kinds, as the bootstrap lists them:
/// (kind, name, explain, concurrent, progress).
pub const REGION_STEP_KINDS: [(&str, &str, &str, bool, bool); 10] = [
    ("region.cset", "collection set chosen", "The regions this pause will evacuate are chosen: all eden and survivor regions, and old regions in a mixed pause.", false, false),
    ("region.roots", "roots evacuated", "Objects the roots (thread stacks, statics) point at are copied out of the collection set.", false, false),
    ("region.remsets", "remembered sets scanned", "References from old regions into the collection set, found through remembered sets and dirty cards, are followed and their objects copied.", false, false),
    ("region.evacuated", "region evacuated", "Every live object of a region of the collection set now has a copy outside it.", false, true),
    ("region.references", "references processed", "Soft, weak and phantom references whose referents died are cleared.", false, false),
    ("region.freed", "regions freed", "The collection set's regions hold only garbage now and are freed.", false, false),
    ("region.concurrent-start", "concurrent start", "This pause also marks the roots of a concurrent marking cycle.", false, false),
    ("region.marking", "marking progress", "Concurrent marking has found these bytes live so far, while the program runs.", true, true),
    ("region.remark", "remark", "The pause that finishes marking.", false, false),
    ("region.cleanup", "cleanup", "Live bytes per region are counted and the candidates for mixed collections ranked.", false, false),
];

/// A stream definition as the bootstrap lists it (docs/stream-format.md).
fn stream_def_json(s: &gcvm_tracer::stream::StreamDef) -> Value {
    use gcvm_tracer::stream::Presentation;
    let (presentation, labels) = match &s.presentation {
        Presentation::Plain => ("plain", Value::Null),
        Presentation::Percent => ("percent", Value::Null),
        Presentation::Enum(labels) => ("enum", json!(labels)),
    };
    json!({"id": s.id, "name": s.name, "description": s.description, "unit": s.unit,
           "presentation": presentation, "labels": labels, "max": s.max, "colour": s.colour,
           "from_trace": s.from_trace})
}

/// The bootstrap of a region collector that takes steps, as the VM writes it: the standard
/// streams and `cset`, the events with `step`, and the collector's step kinds. (Written as
/// JSON, so that it reads the same whatever fields `Bootstrap` has.)
pub fn steps_bootstrap(target: &str, tile_size: u64) -> String {
    let mut streams: Vec<Value> = standard_streams(tile_size)
        .iter()
        .map(stream_def_json)
        .collect();
    streams.push(json!({"id": CSET_STREAM, "name": "cset",
        "description": "the tile's region is in the collection set", "unit": "",
        "presentation": "enum", "labels": ["no", "yes"], "max": 1, "colour": "#ff7f0e",
        "from_trace": false}));
    let steps: Vec<Value> = REGION_STEP_KINDS
        .iter()
        .map(|(kind, name, explain, concurrent, progress)| {
            json!({"kind": kind, "name": name, "explain": explain,
                   "concurrent": concurrent, "progress": progress})
        })
        .collect();
    json!({"type": "bootstrap", "version": gcvm_tracer::stream::codec::STREAM_VERSION,
           "target": target, "collector": "region", "source": "live", "tile_size": tile_size,
           "events": ["gc-start", "gc-end", "step", "tick"], "streams": streams, "steps": steps})
    .to_string()
}

/// A frame of no space at time 0, to fill in: decoded from its bytes, so that it has whatever
/// fields `Frame` has.
fn blank_frame() -> Frame {
    let mut header = json!({"seq": 0, "event": "tick", "gc": null, "label": "", "time_ms": 0.0,
                            "full": false, "heap": {"used": 0, "capacity": 0}, "summary": [],
                            "spaces": []})
    .to_string()
    .into_bytes();
    while !header.len().is_multiple_of(4) {
        header.push(b' ');
    }
    let mut bytes = b"GCVF".to_vec();
    bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&header);
    Frame::decode(&bytes).expect("a blank frame")
}

/// An encoded frame made a step frame: its event becomes `step` and its header gets `step`.
pub fn as_step(frame: &[u8], step: Value) -> Vec<u8> {
    let len = u32::from_le_bytes(frame[4..8].try_into().unwrap()) as usize;
    let mut header: Value = serde_json::from_slice(&frame[8..8 + len]).unwrap();
    header["event"] = json!("step");
    header["step"] = step;
    let mut text = header.to_string().into_bytes();
    while !text.len().is_multiple_of(4) {
        text.push(b' ');
    }
    let mut out = Vec::with_capacity(frame.len() + 256);
    out.extend_from_slice(b"GCVF");
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(&text);
    out.extend_from_slice(&frame[8 + len..]);
    out
}

/// The heap of an `EvacuationFilm` between two frames.
struct EvacuationHeap {
    kinds: Vec<TraceSpaceKind>,
    /// Bytes of live objects from each region's start.
    fill: Vec<u64>,
    cset: Vec<usize>,
    in_cset: bool,
    /// The survivor region being filled.
    to: usize,
}

impl EvacuationFilm {
    pub fn new() -> EvacuationFilm {
        EvacuationFilm {
            tile_size: 8 << 10,
            region: 128 << 10,
            regions: 32,
        }
    }

    /// The regions of the collection set (the eden regions), in evacuation order.
    pub fn cset(&self) -> Vec<usize> {
        (0..24).step_by(4).collect()
    }

    fn start_heap(&self) -> EvacuationHeap {
        let mut kinds = vec![TraceSpaceKind::Free; self.regions];
        let mut fill = vec![0; self.regions];
        for (k, &r) in self.cset().iter().enumerate() {
            kinds[r] = TraceSpaceKind::Eden;
            // 60% to 100% full, so every region has tiles worth watching.
            fill[r] = self.region * (6 + (k as u64 % 5)) / 10;
        }
        for r in [2, 3, 7, 30] {
            kinds[r] = TraceSpaceKind::Old;
            fill[r] = self.region / 2 + r as u64 * 1024;
        }
        EvacuationHeap {
            kinds,
            fill,
            cset: self.cset(),
            in_cset: false,
            to: 25,
        }
    }

    /// Copies `bytes` into survivor regions (from region 25 on), as an evacuation does.
    fn copy(&self, heap: &mut EvacuationHeap, mut bytes: u64) {
        while bytes > 0 {
            heap.kinds[heap.to] = TraceSpaceKind::Survivor;
            let room = self.region - heap.fill[heap.to];
            let n = bytes.min(room);
            heap.fill[heap.to] += n;
            bytes -= n;
            if heap.fill[heap.to] == self.region {
                heap.to += 1;
            }
        }
    }

    fn frame(&self, heap: &EvacuationHeap, seq: u64, event: StreamEvent, label: &str) -> Vec<u8> {
        self.frame_of(heap, seq, event, label, 1)
    }

    /// A frame of collection `gc` (ticks belong to none).
    fn frame_of(
        &self,
        heap: &EvacuationHeap,
        seq: u64,
        event: StreamEvent,
        label: &str,
        gc: u32,
    ) -> Vec<u8> {
        let spaces: Vec<SpaceDesc> = (0..self.regions)
            .map(|i| SpaceDesc {
                id: i as u32,
                kind: heap.kinds[i],
                start: i as u64 * self.region,
                end: (i as u64 + 1) * self.region,
                name: format!("region {i}"),
            })
            .collect();
        let mut tiler = Tiler::for_spaces(&spaces, self.tile_size);
        let mut used = 0;
        for (i, &bytes) in heap.fill.iter().enumerate() {
            let start = i as u64 * self.region;
            let mut at = start;
            let mut k = 0u64;
            while at + 16 <= start + bytes {
                let size = (16 + (k * 37 % 97) * 8).min(start + bytes - at);
                tiler.object(at, size);
                used += size;
                at += size;
                k += 1;
            }
        }
        if heap.in_cset {
            for &r in &heap.cset {
                let start = r as u64 * self.region;
                tiler.set_range(CSET_STREAM, start, start + self.region, 1, false);
            }
            // Every tile carries the stream, 0 outside the collection set.
            tiler.set_range(CSET_STREAM, 0, self.regions as u64 * self.region, 0, false);
        }
        let spaces = tiler.finish();
        let mut frame = blank_frame();
        frame.seq = seq;
        frame.event = event;
        frame.gc = (event != StreamEvent::Tick).then_some(gc);
        frame.label = label.into();
        frame.time_ms = 100.0 + seq as f64 * 2.0;
        frame.heap_used = used;
        frame.heap_capacity = self.regions as u64 * self.region;
        frame.summary = summarise(&spaces);
        frame.spaces = spaces;
        frame.encode()
    }

    /// Writes a pause whose step frames carry `steps` as their `step` members as they are
    /// (malformed ones too), each labelled `odd step N`: gc-start (seq 0), the steps, gc-end.
    pub fn write_odd_steps(&self, path: &Path, steps: &[Value]) {
        let mut rec = Recorder::create(path, &steps_bootstrap("OddSteps", self.tile_size)).unwrap();
        let heap = self.start_heap();
        rec.frame(&self.frame(&heap, 0, StreamEvent::GcStart, "Pause Young"))
            .unwrap();
        for (i, step) in steps.iter().enumerate() {
            let seq = i as u64 + 1;
            let frame = self.frame(&heap, seq, StreamEvent::GcStart, &format!("odd step {seq}"));
            rec.frame(&as_step(&frame, step.clone())).unwrap();
        }
        let end = steps.len() as u64 + 1;
        rec.frame(&self.frame(&heap, end, StreamEvent::GcEnd, "Pause Young"))
            .unwrap();
        rec.finish().unwrap();
    }

    /// Writes a concurrent start and the marking that follows it, as collection 3: gc-start
    /// (seq 0), a `region.concurrent-start` step (1), gc-end (2), then ticks (3, 5, 7) and
    /// concurrent `region.marking` steps (4, 6) taken while the program runs.
    pub fn write_concurrent_marking(&self, path: &Path) {
        const PAUSE: &str = "Pause Young (Concurrent Start) (G1 Evacuation Pause)";
        let mut rec = Recorder::create(path, &steps_bootstrap("Marking", self.tile_size)).unwrap();
        let heap = self.start_heap();
        let step = |kind: &str, title: &str, n: u32, concurrent: bool, gc_ms: f64| {
            json!({"kind": kind, "title": title, "explain": format!("{title}, explained."),
                   "n": n, "concurrent": concurrent, "gc_ms": gc_ms})
        };
        let frames = [
            (StreamEvent::GcStart, PAUSE.to_string(), None),
            (
                StreamEvent::GcStart,
                "Concurrent start".into(),
                Some(step(
                    "region.concurrent-start",
                    "Concurrent start",
                    1,
                    false,
                    0.4,
                )),
            ),
            (StreamEvent::GcEnd, PAUSE.into(), None),
            (StreamEvent::Tick, "tick".into(), None),
            (
                StreamEvent::GcStart,
                "Marked 256 KB".into(),
                Some(step("region.marking", "Marked 256 KB", 1, true, 1.0)),
            ),
            (StreamEvent::Tick, "tick".into(), None),
            (
                StreamEvent::GcStart,
                "Marked 512 KB".into(),
                Some(step("region.marking", "Marked 512 KB", 2, true, 2.0)),
            ),
            (StreamEvent::Tick, "tick".into(), None),
        ];
        for (seq, (event, label, step)) in frames.into_iter().enumerate() {
            let bytes = self.frame_of(&heap, seq as u64, event, &label, 3);
            let bytes = match step {
                Some(step) => as_step(&bytes, step),
                None => bytes,
            };
            rec.frame(&bytes).unwrap();
        }
        rec.finish().unwrap();
    }

    /// Writes the film; returns its frames in order.
    pub fn write(&self, path: &Path) -> Vec<FilmFrame> {
        const PAUSE: &str = "Pause Young (Normal) (G1 Evacuation Pause)";
        let mut rec =
            Recorder::create(path, &steps_bootstrap("StepsSynthetic", self.tile_size)).unwrap();
        let mut heap = self.start_heap();
        let mut out = Vec::new();
        let mut seq = 0u64;
        let mut put = |rec: &mut Recorder, bytes: Vec<u8>, f: FilmFrame| {
            rec.frame(&bytes).unwrap();
            out.push(f);
        };
        let plain = |seq: u64, event: &'static str, title: &str| FilmFrame {
            seq,
            event,
            kind: None,
            region: None,
            title: title.into(),
            explain: String::new(),
            gc_ms: 0.0,
        };
        put(
            &mut rec,
            self.frame(&heap, seq, StreamEvent::Tick, "tick"),
            plain(seq, "tick", "tick"),
        );
        seq += 1;
        put(
            &mut rec,
            self.frame(&heap, seq, StreamEvent::GcStart, PAUSE),
            plain(seq, "gc-start", PAUSE),
        );
        seq += 1;
        // The steps: (kind, region evacuated, bytes copied, title, explanation).
        let cset = self.cset();
        let mut steps: Vec<(&'static str, Option<usize>, u64, String, String)> = vec![
            ("region.cset", None, 0,
             format!("Collection set chosen: {} eden regions", cset.len()),
             "The pause will evacuate these regions (the cset stream marks them); nothing has moved yet.".into()),
            ("region.roots", None, 12 << 10, "Roots evacuated (12 KB copied)".into(),
             "Objects the thread stacks and static fields point at were copied into a survivor region.".into()),
            ("region.remsets", None, 6 << 10, "Remembered sets scanned (6 KB copied)".into(),
             "References from old regions into the collection set were followed and their objects copied.".into()),
        ];
        for (k, &r) in cset.iter().enumerate() {
            steps.push(("region.evacuated", Some(r), heap.fill[r] / 3,
                format!("Region {r} evacuated ({} of {})", k + 1, cset.len()),
                format!("Every live object of region {r} now has a copy in a survivor region; its old copies are garbage.")));
        }
        steps.push(("region.references", None, 2 << 10, "References processed (2 KB kept alive)".into(),
                    "Soft references the policy keeps had their referents copied; weak references to dead objects were cleared.".into()));
        steps.push((
            "region.freed",
            None,
            0,
            format!("{} regions freed", cset.len()),
            "The collection set's regions held only garbage and are free regions again.".into(),
        ));
        let mut gc_ms = 0.0;
        for (n, (kind, region, copied, title, explain)) in steps.into_iter().enumerate() {
            heap.in_cset = kind != "region.freed";
            self.copy(&mut heap, copied);
            if let Some(r) = region {
                heap.fill[r] = 0;
            }
            if kind == "region.freed" {
                for &r in &heap.cset {
                    heap.kinds[r] = TraceSpaceKind::Free;
                }
            }
            gc_ms += 0.25 + n as f64 * 0.05;
            let step = json!({"kind": kind, "title": title, "explain": explain, "n": n + 1,
                              "concurrent": false, "gc_ms": gc_ms});
            let bytes = as_step(&self.frame(&heap, seq, StreamEvent::GcStart, &title), step);
            put(
                &mut rec,
                bytes,
                FilmFrame {
                    seq,
                    event: "step",
                    kind: Some(kind),
                    region,
                    title,
                    explain,
                    gc_ms,
                },
            );
            seq += 1;
        }
        heap.in_cset = false;
        put(
            &mut rec,
            self.frame(&heap, seq, StreamEvent::GcEnd, PAUSE),
            plain(seq, "gc-end", PAUSE),
        );
        seq += 1;
        put(
            &mut rec,
            self.frame(&heap, seq, StreamEvent::Tick, "tick"),
            plain(seq, "tick", "tick"),
        );
        rec.finish().unwrap();
        out
    }
}
