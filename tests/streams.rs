//! Heap streams (docs/stream-format.md): frames gathered live equal the frames recomputed from
//! a trace; the live server speaks the protocol — bootstrap, status, frames, pause, step,
//! filters, validated commands — and never waits for a viewer that stopped reading; the
//! options refuse bad values in one line.

mod support;

use gcvm_tracer::stream::record::Recording;
use gcvm_tracer::stream::{control, standard, Frame, StreamEvent};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::*;
use tungstenite::Message;

fn programs_classes() -> PathBuf {
    let root = repo_root();
    let sources = vec![
        root.join("programs").join("GCBench.java"),
        root.join("programs").join("LargeArrays.java"),
        root.join("tests").join("region").join("RegionWorkout.java"),
    ];
    compile_java_cached("stream-programs-with-workout", &sources)
}

/// A program that collects often and runs long enough to be paused: `rounds` rounds of
/// allocation, each ending in System.gc() (unless a second argument says not to).
const CHURN: &str = r#"
public class Churn {
    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        Object[] keep = new Object[64];
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < 20000; i++) {
                int[] a = new int[8 + (i & 31)];
                a[0] = i;
                sum += a.length;
                if ((i & 1023) == 0) keep[(i >> 10) & 63] = a;
            }
            if (args.length < 2) System.gc();
        }
        System.out.println("done " + sum);
    }
}
"#;

fn churn_classes() -> PathBuf {
    compile_snippets("stream-churn", &[("Churn.java", CHURN)])
}

/// Why two frames gathered at the same boundary differ in what a trace can tell, if they do.
fn trace_derivable_difference(live: &Frame, offline: &Frame) -> Option<String> {
    if (live.event, live.gc) != (offline.event, offline.gc) {
        return Some(format!(
            "live frame {} is {:?} of GC {:?}, the trace's is {:?} of GC {:?}",
            live.seq, live.event, live.gc, offline.event, offline.gc
        ));
    }
    if live.spaces.len() != offline.spaces.len() {
        return Some(format!(
            "{:?} of GC {:?}: {} spaces live, {} from the trace",
            live.event,
            live.gc,
            live.spaces.len(),
            offline.spaces.len()
        ));
    }
    for (a, b) in live.spaces.iter().zip(&offline.spaces) {
        let at = format!("{:?} of GC {:?}, space {}", live.event, live.gc, a.name);
        if (&a.name, a.start, a.tiles) != (&b.name, b.start, b.tiles) {
            return Some(format!(
                "{at}: live {}@{:#x} x{}, trace {}@{:#x} x{}",
                a.name, a.start, a.tiles, b.name, b.start, b.tiles
            ));
        }
        if a.control != b.control {
            return Some(format!("{at}: control differs"));
        }
        // The live frame may add the collector's moving boundaries (an allocation top).
        if let Some(s) = b.separators.iter().find(|s| !a.separators.contains(s)) {
            return Some(format!(
                "{at}: separator {s} from the trace is not in the live frame"
            ));
        }
        for id in [standard::USED, standard::OBJECTS, standard::ROLE] {
            let (x, y) = (a.stream(id).unwrap(), b.stream(id).unwrap());
            if let Some(t) = (0..x.len()).find(|&t| x[t] != y[t]) {
                return Some(format!(
                    "{at}: stream {id} differs first at tile {t}: live {}, trace {}",
                    x[t], y[t]
                ));
            }
        }
    }
    None
}

/// Runs GCBench (and LargeArrays, for humongous regions) under `collector`, traced and
/// recorded, recomputes the tiles from the trace and compares every frame.
fn check_live_equals_trace(collector: &str, main: &str, tile: &str) -> usize {
    let dir = scratch_dir(&format!(
        "streams-equal-{collector}-{}-{tile}",
        main.replace(' ', "-")
    ));
    let trace = dir.join("run.gct");
    let live = dir.join("live.gcs");
    let offline = dir.join("offline.gcs");
    let classes = programs_classes();
    let run = run_program(
        &classes,
        main,
        &[
            "--gc",
            collector,
            "-Xmx32m",
            "--trace",
            trace.to_str().unwrap(),
            "--stream-record",
            live.to_str().unwrap(),
            "--stream-tile",
            tile,
            "--stream-tick",
            "0",
        ],
    );
    assert_eq!(
        run.code,
        Some(0),
        "{collector} {main}: {}",
        run.stderr_head(5)
    );
    let tiles = run_gcvm(&[
        "tiles",
        trace.to_str().unwrap(),
        "--tile-size",
        tile,
        "-o",
        offline.to_str().unwrap(),
    ]);
    assert_eq!(tiles.code, Some(0), "gcvm tiles: {}", tiles.stderr_head(5));
    let ((live, live_frames), (offline, offline_frames)) =
        (recording_and_frames(&live), recording_and_frames(&offline));
    assert_eq!(live.bootstrap.source, "live");
    assert_eq!(offline.bootstrap.source, "trace");
    // Steps happen inside a collection: a trace has no boundary there.
    let a: Vec<Frame> = live_frames
        .into_iter()
        .filter(|f| f.event != StreamEvent::Step)
        .collect();
    let b: Vec<Frame> = offline_frames
        .into_iter()
        .filter(|f| f.event != StreamEvent::Step)
        .collect();
    // At exit the streams end before the trace does: a pause a concurrent cycle requests in
    // between (a remark, a cleanup) is traced but not streamed. Everything before must agree.
    assert!(
        a.len() <= b.len() && b.len() - a.len() <= 4,
        "{collector} {main}: {} frames live vs {} from the trace",
        a.len(),
        b.len()
    );
    assert!(a.len() >= 4, "{collector} {main}: only {} frames", a.len());
    for (x, y) in a.iter().zip(&b) {
        if let Some(why) = trace_derivable_difference(x, y) {
            panic!("{collector} {main} at {tile} tiles: {why}");
        }
    }
    let most_used = a
        .iter()
        .map(|f| {
            f.summary
                .iter()
                .find(|(id, _)| *id == standard::USED)
                .unwrap()
                .1
        })
        .max()
        .unwrap();
    assert!(
        most_used > 1 << 20,
        "{collector}: the frames show almost nothing"
    );
    a.len()
}

// `gcvm run OPTIONS -cp CLASSES MAIN ARGS...`, with "MAIN ARGS" given as one string.
fn run_program(classes: &Path, main_and_args: &str, options: &[&str]) -> Outcome {
    let mut parts = main_and_args.split(' ');
    let main = parts.next().unwrap();
    let mut cmd = Command::new(gcvm_binary());
    cmd.arg("run")
        .args(options)
        .arg("-cp")
        .arg(classes)
        .arg(main)
        .args(parts);
    run_with_timeout(cmd, RUN_TIMEOUT * 2)
}

#[test]
fn tiles_recomputed_from_a_trace_equal_the_tiles_gathered_live_for_every_collector() {
    let results = parallel_map(COLLECTORS, PARALLEL_RUNS, |collector| {
        let a = check_live_equals_trace(collector, "GCBench", "8k");
        let b = check_live_equals_trace(collector, "LargeArrays 2", "8k");
        (collector.to_string(), a + b)
    });
    for (collector, frames) in results {
        eprintln!("{collector}: {frames} frames equal");
    }
}

#[test]
fn tiles_recomputed_from_a_trace_equal_the_live_ones_through_marking_cycles_and_mixed_collections()
{
    // The region collector bins each region once per epoch and extends eden; marking, remark,
    // scrubbing, cleanup and mixed collections must not leave a frame showing stale bins.
    check_live_equals_trace("region", "RegionWorkout mixed", "8k");
}

/// The region steps a trace gives (cset, evacuated, freed), recomputed by `gcvm tiles`, equal
/// those the live run of `main_and_args` recorded, tile for tile.
fn assert_region_steps_recomputed_equal_the_live_ones(main_and_args: &str) {
    let dir = scratch_dir(&format!(
        "streams-region-steps-offline-{}",
        main_and_args.replace(' ', "-")
    ));
    let (trace, live, offline) = (
        dir.join("run.gct"),
        dir.join("live.gcs"),
        dir.join("off.gcs"),
    );
    let run = run_program(
        &programs_classes(),
        main_and_args,
        &[
            "--gc",
            "region",
            "-Xmx32m",
            "--trace",
            trace.to_str().unwrap(),
            "--stream-record",
            live.to_str().unwrap(),
            "--stream-tick",
            "0",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    let tiles = run_gcvm(&[
        "tiles",
        trace.to_str().unwrap(),
        "-o",
        offline.to_str().unwrap(),
    ]);
    assert_eq!(tiles.code, Some(0), "gcvm tiles: {}", tiles.stderr_head(5));
    let (offline_rec, offline_frames) = recording_and_frames(&offline);
    let kinds: Vec<&str> = offline_rec
        .bootstrap
        .steps
        .iter()
        .map(|d| d.kind.as_str())
        .collect();
    assert_eq!(kinds, ["region.cset", "region.evacuated", "region.freed"]);
    let wanted = |f: &Frame| {
        f.step
            .as_ref()
            .is_some_and(|s| kinds.contains(&s.kind.as_str()))
    };
    let a: Vec<Frame> = recording_and_frames(&live)
        .1
        .into_iter()
        .filter(wanted)
        .collect();
    let b: Vec<Frame> = offline_frames.into_iter().filter(wanted).collect();
    assert!(a.len() >= 10, "only {} live region steps", a.len());
    // The live run may end before the trace's last pause (see check_live_equals_trace).
    let per_gc = |frames: &[Frame]| {
        let mut counts = std::collections::BTreeMap::<u32, usize>::new();
        for f in frames {
            *counts.entry(f.gc.unwrap()).or_default() += 1;
        }
        counts
    };
    assert!(
        a.len() <= b.len(),
        "{} live steps, {} from the trace; per collection, live {:?}, trace {:?}",
        a.len(),
        b.len(),
        per_gc(&a),
        per_gc(&b)
    );
    for (x, y) in a.iter().zip(&b) {
        let (sx, sy) = (x.step.as_ref().unwrap(), y.step.as_ref().unwrap());
        assert_eq!((x.gc, &sx.kind, &sx.title), (y.gc, &sy.kind, &sy.title));
        for id in [standard::USED, standard::OBJECTS] {
            for (p, q) in x.spaces.iter().zip(&y.spaces) {
                assert_eq!(
                    p.stream(id),
                    q.stream(id),
                    "GC({:?}) {}: stream {id} of {}",
                    x.gc,
                    sx.title,
                    p.name
                );
            }
        }
    }
}

#[test]
fn region_steps_recomputed_from_a_trace_equal_the_live_ones() {
    assert_region_steps_recomputed_equal_the_live_ones("GCBench");
}

#[test]
fn region_steps_recomputed_from_a_trace_equal_the_live_ones_when_evacuation_fails() {
    // Regions whose evacuation failed keep their objects: the freed step does not count them.
    assert_region_steps_recomputed_equal_the_live_ones("RegionWorkout failure");
}

#[test]
fn tiles_recomputed_at_another_tile_size_equal_the_live_ones_at_that_size() {
    check_live_equals_trace("region", "GCBench", "2k");
    check_live_equals_trace("mark-compact", "GCBench", "64k");
}

#[test]
fn region_frames_show_each_region_role_and_the_collector_streams() {
    let (rec, frames) = recorded_frames("region", "region-roles");
    let roles: std::collections::BTreeSet<u32> = frames
        .iter()
        .flat_map(|f| {
            f.space("regions")
                .unwrap()
                .stream(standard::ROLE)
                .unwrap()
                .to_vec()
        })
        .collect();
    let kinds = |k: gcvm_tracer::TraceSpaceKind| roles.contains(&(k as u32));
    use gcvm_tracer::TraceSpaceKind::*;
    assert!(
        kinds(Eden) && kinds(Survivor) && kinds(Old) && kinds(Free),
        "roles seen: {roles:?}"
    );
    let names: Vec<&str> = rec
        .bootstrap
        .streams
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert!(
        names.len() > standard::COUNT as usize,
        "region adds no streams: {names:?}"
    );
    let regions = frames.last().unwrap().space("regions").unwrap();
    assert!(
        regions.control.contains(&control::BACKGROUND),
        "no free region drawn as background"
    );
    assert!(
        !regions.separators.is_empty(),
        "no region boundaries at 8k tiles"
    );
}

#[test]
fn event_filters_on_the_command_line_skip_and_thin_out_frames() {
    let dir = scratch_dir("streams-filters");
    let rec = dir.join("f.gcs");
    let run = run_program(
        &churn_classes(),
        "Churn 12",
        &[
            "--stream-record",
            rec.to_str().unwrap(),
            "--stream-tick",
            "0",
            "--stream-filter",
            "gc-start:enabled=false",
            "--stream-filter",
            "gc-end:period=3",
            "--stream-filter",
            "step:enabled=false",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    let (_, frames) = recording_and_frames(&rec);
    assert!(frames.iter().all(|f| f.event == StreamEvent::GcEnd));
    let gcs: Vec<u32> = frames.iter().map(|f| f.gc.unwrap()).collect();
    assert!(gcs.len() >= 4, "gcs {gcs:?}");
    assert!(
        gcs.iter().all(|g| g % 3 == 2),
        "every third collection (ids from 0): {gcs:?}"
    );
}

#[test]
fn ticks_show_the_heap_between_collections() {
    let dir = scratch_dir("streams-ticks");
    let rec = dir.join("t.gcs");
    let run = run_program(
        &churn_classes(),
        "Churn 100 nogc",
        &[
            "-Xmx512m",
            "--stream-record",
            rec.to_str().unwrap(),
            "--stream-tick",
            "10",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    let (_, frames) = recording_and_frames(&rec);
    let ticks: Vec<&Frame> = frames
        .iter()
        .filter(|f| f.event == StreamEvent::Tick)
        .collect();
    assert!(!ticks.is_empty(), "no tick in {} frames", frames.len());
    assert!(ticks.iter().all(|f| f.gc.is_none()));
    let seqs: Vec<u64> = frames.iter().map(|f| f.seq).collect();
    assert_eq!(seqs, (0..frames.len() as u64).collect::<Vec<_>>());
}

// ---- the live server ----

/// A `gcvm run --stream=127.0.0.1:0` process and the address it serves on.
struct LiveRun {
    child: Child,
    addr: String,
}

impl LiveRun {
    fn start(extra: &[&str], main: &str, args: &[&str]) -> LiveRun {
        let mut child = Command::new(gcvm_binary())
            .arg("run")
            .arg("--stream=127.0.0.1:0")
            .args(extra)
            .arg("-cp")
            .arg(churn_classes())
            .arg(main)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start gcvm");
        let mut err = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        let addr = loop {
            line.clear();
            if err.read_line(&mut line).unwrap_or(0) == 0 || Instant::now() > deadline {
                let _ = child.kill();
                panic!("gcvm printed no viewer address");
            }
            if let Some(rest) = line.trim().strip_prefix("gcvm: heap viewer at http://") {
                break rest.trim_end_matches('/').to_string();
            }
        };
        // Keep draining stderr so the VM never blocks writing it.
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut err, &mut std::io::sink());
        });
        LiveRun { child, addr }
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    fn wait(mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }
}

type Ws = tungstenite::WebSocket<TcpStream>;

fn connect_viewer(addr: &str) -> Ws {
    let stream = TcpStream::connect(addr).unwrap();
    // The handshake waits as long as a busy machine needs to answer it; a
    // short read timeout here would interrupt it. Reads after it poll.
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let (ws, _) = tungstenite::client(format!("ws://{addr}/ws?src=0"), stream).unwrap();
    ws.get_ref()
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    ws
}

enum In {
    Json(Value),
    Frame(Frame),
}

/// Every message that arrives within `wait`.
fn receive(ws: &mut Ws, wait: Duration) -> Vec<In> {
    let deadline = Instant::now() + wait;
    let mut out = Vec::new();
    while Instant::now() < deadline {
        match ws.read() {
            Ok(Message::Text(t)) => out.push(In::Json(serde_json::from_str(t.as_str()).unwrap())),
            Ok(Message::Binary(b)) => out.push(In::Frame(Frame::decode(&b).unwrap())),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
    }
    out
}

/// Reads until a status in `state` arrives (or `wait` passes); returns what came.
fn receive_until_state(ws: &mut Ws, state: &str, wait: Duration) -> (bool, Vec<In>) {
    let deadline = Instant::now() + wait;
    let mut got = Vec::new();
    while Instant::now() < deadline {
        for m in receive(ws, Duration::from_millis(50)) {
            let hit = matches!(&m, In::Json(v) if v["type"] == "status" && v["state"] == state);
            got.push(m);
            if hit {
                return (true, got);
            }
        }
    }
    (false, got)
}

fn frames_in(msgs: &[In]) -> Vec<&Frame> {
    msgs.iter()
        .filter_map(|m| match m {
            In::Frame(f) => Some(f),
            In::Json(_) => None,
        })
        .collect()
}

fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::text(text.to_string())).unwrap();
}

#[test]
fn the_live_server_serves_the_viewer_page_on_loopback() {
    let mut run = LiveRun::start(&["--stream-nowait"], "Churn", &["400"]);
    assert!(run.addr.starts_with("127.0.0.1:"), "{}", run.addr);
    let mut s = TcpStream::connect(&run.addr).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    assert!(
        page.starts_with("HTTP/1.1 200"),
        "{}",
        &page[..page.len().min(80)]
    );
    assert!(
        page.contains("viewer.js"),
        "the page does not load the viewer"
    );
    let mut s = TcpStream::connect(&run.addr).unwrap();
    s.write_all(b"GET /nothing HTTP/1.1\r\n\r\n").unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 404"));
    assert!(run.running());
    let _ = run.child.kill();
}

#[test]
fn a_viewer_gets_the_bootstrap_then_status_then_frames_and_can_pause_step_and_resume() {
    let mut run = LiveRun::start(&["--stream-tick", "0"], "Churn", &["300"]);
    let mut ws = connect_viewer(&run.addr);
    let first = receive(&mut ws, Duration::from_millis(300));
    let In::Json(boot) = &first[0] else {
        panic!("the first message is not the bootstrap")
    };
    assert_eq!(boot["type"], "bootstrap");
    assert_eq!(boot["tile_size"], 8192);
    assert_eq!(boot["streams"][0]["name"], "used");
    assert!(matches!(&first[1], In::Json(s) if s["type"] == "status"));

    send(&mut ws, r#"{"cmd":"pause"}"#);
    let (paused, _) = receive_until_state(&mut ws, "paused", Duration::from_secs(10));
    assert!(paused, "no paused status");
    // At most the frame being sent when the pause arrived, then nothing: the VM waits.
    let held = receive(&mut ws, Duration::from_millis(800));
    let before = frames_in(&held).len();
    assert!(before <= 1, "{before} frames while paused");
    let quiet = receive(&mut ws, Duration::from_millis(800));
    assert!(frames_in(&quiet).is_empty(), "frames arrived while paused");
    assert!(run.running(), "the program ended while paused");

    send(&mut ws, r#"{"cmd":"step"}"#);
    let stepped = receive(&mut ws, Duration::from_millis(1500));
    assert_eq!(
        frames_in(&stepped).len(),
        1,
        "a step sends exactly one frame"
    );

    send(&mut ws, r#"{"cmd":"filter","event":"gc-end","period":0}"#);
    let answer = receive(&mut ws, Duration::from_millis(500));
    assert!(
        answer
            .iter()
            .any(|m| matches!(m, In::Json(v) if v["type"] == "error")),
        "an invalid filter got no error"
    );
    assert!(
        frames_in(&answer).is_empty(),
        "an invalid command let the run go on"
    );
    assert!(run.running());

    send(&mut ws, r#"{"cmd":"resume"}"#);
    let (ended, rest) = receive_until_state(&mut ws, "ended", Duration::from_secs(60));
    assert!(ended, "no 'ended' status");
    assert!(!frames_in(&rest).is_empty());
    assert_eq!(run.wait(Duration::from_secs(30)), Some(0));
}

#[test]
fn malformed_messages_are_answered_with_an_error_and_change_nothing() {
    let mut run = LiveRun::start(&["--stream-tick", "0"], "Churn", &["300"]);
    let mut ws = connect_viewer(&run.addr);
    send(&mut ws, r#"{"cmd":"pause"}"#);
    assert!(receive_until_state(&mut ws, "paused", Duration::from_secs(10)).0);
    receive(&mut ws, Duration::from_millis(500));
    for bad in [
        "not json",
        "[1,2]",
        r#"{"cmd":"launch"}"#,
        r#"{"cmd":"pause","extra":true}"#,
        r#"{"cmd":"seek","frame":3}"#,
        &format!(r#"{{"cmd":"pause","pad":"{}"}}"#, "x".repeat(5000)),
    ] {
        send(&mut ws, bad);
        let answer = receive(&mut ws, Duration::from_millis(300));
        assert!(
            answer
                .iter()
                .any(|m| matches!(m, In::Json(v) if v["type"] == "error")),
            "no error for {}",
            &bad[..bad.len().min(40)]
        );
        assert!(frames_in(&answer).is_empty(), "{bad} let the run go on");
    }
    ws.send(Message::binary(vec![1u8, 2, 3])).unwrap();
    assert!(receive(&mut ws, Duration::from_millis(300))
        .iter()
        .any(|m| matches!(m, In::Json(v) if v["type"] == "error")));
    assert!(run.running());
    send(&mut ws, r#"{"cmd":"resume"}"#);
    assert!(receive_until_state(&mut ws, "ended", Duration::from_secs(60)).0);
    assert_eq!(run.wait(Duration::from_secs(30)), Some(0));
}

#[test]
fn a_viewer_that_stops_reading_never_holds_up_the_program() {
    // 256-byte tiles of a 64 MB heap: frames of about 3 MB, which fill the socket at once.
    let mut run = LiveRun::start(
        &["-Xmx64m", "--stream-tile", "256", "--stream-tick", "0"],
        "Churn",
        &["60"],
    );
    let stream = TcpStream::connect(&run.addr).unwrap();
    let (_ws, _) = tungstenite::client(format!("ws://{}/ws?src=0", run.addr), stream).unwrap();
    // Never read again.
    let started = Instant::now();
    assert!(run.running() || started.elapsed() < Duration::from_secs(1));
    assert_eq!(
        run.wait(Duration::from_secs(90)),
        Some(0),
        "the program did not finish"
    );
}

#[test]
fn a_page_of_another_site_cannot_open_the_stream() {
    let mut run = LiveRun::start(
        &["--stream-nowait", "--stream-tick", "0"],
        "Churn",
        &["400"],
    );
    let mut s = TcpStream::connect(&run.addr).unwrap();
    let req = format!(
        "GET /ws?src=0 HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        run.addr
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    assert!(
        reply.starts_with("HTTP/1.1 403"),
        "{}",
        &reply[..reply.len().min(60)]
    );
    let _ = run.child.kill();
}

// ---- bad input ----

fn assert_one_line_error(out: &Outcome, code: i32, needle: &str) {
    assert_eq!(out.code, Some(code), "{}", out.stderr_text());
    let err = out.stderr_text();
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(err.contains(needle), "{err}");
    assert_no_panic(out, needle);
}

#[test]
fn bad_stream_options_are_refused_in_one_line() {
    let classes = churn_classes();
    let cp = classes.to_str().unwrap();
    for (opts, needle) in [
        (vec!["--stream-tile", "3000"], "tile size"),
        (vec!["--stream-tile", "huge"], "invalid size"),
        (
            vec!["--stream-filter", "never:enabled=true"],
            "unknown event",
        ),
        (vec!["--stream-filter", "tick:period=0"], "period"),
        (
            vec!["--stream-filter", "tick:colour=red"],
            "unknown setting",
        ),
        (vec!["--stream=not-an-address"], "invalid address"),
        (vec!["--stream-step-kb", "0"], "stream-step-kb"),
        (vec!["--stream-step-kb", "lots"], "stream-step-kb"),
        (vec!["--stream-step-regions", "0"], "stream-step-regions"),
        (
            vec!["--stream-filter", "phase-end:pause=true"],
            "unknown event",
        ),
    ] {
        let mut args = vec!["run"];
        args.extend(opts);
        args.extend(["-cp", cp, "Churn", "1"]);
        assert_one_line_error(&run_gcvm(&args), 2, needle);
    }
}

#[test]
fn gcvm_tiles_refuses_a_file_that_is_not_a_trace_in_one_line() {
    let dir = scratch_dir("streams-bad-trace");
    let bogus = dir.join("bogus.gct");
    std::fs::write(&bogus, b"this is not a trace").unwrap();
    let out = run_gcvm(&[
        "tiles",
        bogus.to_str().unwrap(),
        "-o",
        dir.join("o.gcs").to_str().unwrap(),
    ]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr_text().trim_end().lines().count(),
        1,
        "{}",
        out.stderr_text()
    );
    assert_no_panic(&out, "tiles");
}

#[test]
fn mark_compact_shows_what_marking_found_live_before_anything_moves() {
    let (_, frames) = recorded_frames("mark-compact", "mark-compact-marked");
    let marked = standard::COUNT;
    let phase: Vec<&Frame> = frames
        .iter()
        .filter(|f| {
            f.step
                .as_ref()
                .is_some_and(|s| s.kind == "mark-compact.marked")
        })
        .collect();
    assert!(!phase.is_empty(), "no mark-compact.marked frame");
    for f in &phase {
        let start = frames
            .iter()
            .find(|g| g.event == StreamEvent::GcStart && g.gc == f.gc)
            .expect("the collection's start frame");
        let total =
            |fr: &Frame, id: u16| fr.summary.iter().find(|(i, _)| *i == id).map_or(0, |p| p.1);
        // Marking done, nothing moved: the same objects as at the start, some of them live.
        assert_eq!(total(f, standard::USED), total(start, standard::USED));
        let live_bytes = total(f, marked);
        assert!(
            live_bytes > 0 && live_bytes <= total(f, standard::USED),
            "marked {live_bytes}"
        );
    }
}

#[test]
fn a_breakpoint_on_a_step_kind_pauses_the_live_run_at_that_kind() {
    for (collector, kind, extra) in [
        (
            "semispace",
            "semispace.scan",
            &["--gc-threads", "1", "--stream-step-kb", "16"][..],
        ),
        ("mark-compact", "mark-compact.planned", &[][..]),
        ("region", "region.evacuated", &[][..]),
    ] {
        let filter = format!("{kind}:pause=true");
        let mut opts = vec!["--gc", collector, "-Xmx16m", "--stream-tick", "0"];
        opts.extend(["--stream-filter", &filter]);
        opts.extend(extra);
        // No System.gc(): the collections are the collector's own (allocation failures).
        let mut run = LiveRun::start(&opts, "Churn", &["200", "nogc"]);
        let mut ws = connect_viewer(&run.addr);
        let (paused, got) = receive_until_state(&mut ws, "paused", Duration::from_secs(30));
        assert!(paused, "{collector}: never paused at {kind}");
        let last = frames_in(&got).last().map(|f| f.step.clone());
        let last_kind = last.flatten().map(|s| s.kind);
        assert_eq!(
            last_kind.as_deref(),
            Some(kind),
            "{collector}: paused after another frame"
        );
        assert!(run.running(), "{collector}: the run went on");
        send(
            &mut ws,
            r#"{"cmd":"filter","event":"step","enabled":false}"#,
        );
        send(&mut ws, r#"{"cmd":"resume"}"#);
        assert_eq!(run.wait(Duration::from_secs(60)), Some(0), "{collector}");
    }
}

#[test]
fn a_viewer_changes_an_event_filter_and_then_disconnects_without_stopping_the_run() {
    let mut run = LiveRun::start(&["--stream-tick", "0"], "Churn", &["1500"]);
    let mut ws = connect_viewer(&run.addr);
    send(&mut ws, r#"{"cmd":"pause"}"#);
    assert!(receive_until_state(&mut ws, "paused", Duration::from_secs(10)).0);
    send(
        &mut ws,
        r#"{"cmd":"filter","event":"gc-start","enabled":false,"delay_ms":0,"pause":false,"period":1}"#,
    );
    let acked = receive(&mut ws, Duration::from_millis(500));
    assert!(acked.iter().any(|m| matches!(m, In::Json(v)
        if v["type"] == "status" && v["filters"]["gc-start"]["enabled"] == false)));
    send(&mut ws, r#"{"cmd":"resume"}"#);
    let after = receive(&mut ws, Duration::from_millis(700));
    let frames = frames_in(&after);
    // The frame held by the pause may be a start; no later one is (ends and the steps inside
    // the pauses go on).
    assert!(frames.len() >= 3, "{} frames", frames.len());
    assert!(frames[1..].iter().all(|f| f.event != StreamEvent::GcStart));
    assert!(frames[1..].iter().any(|f| f.event == StreamEvent::GcEnd));
    send(&mut ws, r#"{"cmd":"disconnect"}"#);
    // Frames already on their way come first (a queue's worth or more on a loaded machine);
    // then the close.
    let deadline = Instant::now() + Duration::from_secs(10);
    let closed = std::iter::from_fn(|| (Instant::now() < deadline).then(|| ws.read())).any(|r| {
        matches!(
            r,
            Err(tungstenite::Error::ConnectionClosed)
                | Err(tungstenite::Error::AlreadyClosed)
                | Ok(Message::Close(_))
        )
    });
    assert!(closed, "the server kept the connection");
    assert!(run.running(), "the program should still be running");
    assert_eq!(run.wait(Duration::from_secs(90)), Some(0));
}

/// The frames of GCBench under `collector` in a 32 MB heap, recorded live.
fn recorded_frames(collector: &str, label: &str) -> (Recording, Vec<Frame>) {
    let dir = scratch_dir(&format!("streams-{label}"));
    let live = dir.join("live.gcs");
    let run = run_program(
        &programs_classes(),
        "GCBench",
        &[
            "--gc",
            collector,
            "-Xmx32m",
            "--stream-record",
            live.to_str().unwrap(),
            "--stream-tick",
            "0",
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr_head(5));
    recording_and_frames(&live)
}

#[test]
fn semispace_frames_show_the_idle_half_as_background_and_the_halves_swapping() {
    let (_, frames) = recorded_frames("semispace", "semispace-halves");
    let idle = |f: &Frame| -> Vec<String> {
        f.spaces
            .iter()
            .filter(|s| s.control.iter().all(|&c| c == control::BACKGROUND))
            .map(|s| s.name.clone())
            .collect()
    };
    let mut seen = std::collections::BTreeSet::new();
    for f in &frames {
        assert_eq!(f.spaces.len(), 2, "two halves");
        if f.event == StreamEvent::Step {
            // Inside a pause both halves are in use: the copy is under way.
            continue;
        }
        let i = idle(f);
        assert_eq!(
            i.len(),
            1,
            "exactly one idle half at {:?} of GC {:?}",
            f.event,
            f.gc
        );
        seen.insert(i[0].clone());
    }
    assert_eq!(seen.len(), 2, "the halves never swapped roles");
}

#[test]
fn mark_sweep_frames_show_each_span_kind_and_cell_size() {
    let (rec, frames) = recorded_frames("concurrent-mark-sweep", "cms-spans");
    let span = rec
        .bootstrap
        .streams
        .iter()
        .find(|s| s.name == "span")
        .expect("span stream");
    let cell = rec
        .bootstrap
        .streams
        .iter()
        .find(|s| s.name == "cell-size")
        .expect("cell stream");
    let f = frames
        .iter()
        .find(|f| f.event == StreamEvent::GcEnd)
        .unwrap();
    let space = &f.spaces[0];
    let kinds: std::collections::BTreeSet<u32> =
        space.stream(span.id).unwrap().iter().copied().collect();
    assert!(kinds.contains(&1), "no small-object span: {kinds:?}");
    let cells = space.stream(cell.id).unwrap();
    let small = space.stream(span.id).unwrap();
    for (t, (&k, &c)) in small.iter().zip(cells).enumerate() {
        assert_eq!(k == 1, c > 0, "tile {t}: span kind {k} with cell size {c}");
    }
}
