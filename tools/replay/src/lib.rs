//! Replays recorded heap streams to the browser viewer (`gcvm replay`).
//!
//! Each recording becomes a source of the stream server, with its own `StreamHub` in
//! `Mode::Replay` and a player thread. The player waits for a viewer, then publishes the
//! recording's frames one by one, paced by the differences of their recorded `time_ms`
//! (divided by the speed, each gap capped so an idle stretch of the run does not stall the
//! film), skipping the frames the viewer's event filters leave out. The hub does the rest as
//! for a live run: the filter's delay and breakpoint, pause / resume / step. A viewer's
//! `seek` makes the player show the frame sought next (whatever the filters), then go on from
//! there; after the last frame the player waits for a seek.

use gcvm_tracer::stream::codec::split_frame;
use gcvm_tracer::stream::hub::Mode;
use gcvm_tracer::stream::record::Recording;
use gcvm_tracer::stream::server::{Server, Source};
use gcvm_tracer::stream::{StreamEvent, StreamHub};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest the player waits between two frames, whatever the recorded gap.
pub const MAX_GAP: Duration = Duration::from_secs(1);
/// The speeds `--speed` accepts.
pub const SPEEDS: std::ops::RangeInclusive<f64> = 0.01..=1_000_000.0;
/// How often a waiting player looks for a seek.
const SEEK_POLL: Duration = Duration::from_millis(20);

/// A recording ready to play: its frames with their events and times.
pub struct Film {
    /// What the viewer's source list calls it.
    pub name: String,
    pub bootstrap: String,
    pub frames: Vec<Arc<[u8]>>,
    pub events: Vec<StreamEvent>,
    /// The step kind of each step frame (None for other frames): its filter applies too.
    pub kinds: Vec<Option<String>>,
    pub times_ms: Vec<f64>,
}

impl Film {
    /// Reads the events and times of a recording's frames; `name` labels the source.
    pub fn new(name: String, recording: Recording) -> Result<Film, String> {
        let mut events = Vec::with_capacity(recording.frames.len());
        let mut kinds = Vec::with_capacity(recording.frames.len());
        let mut times_ms = Vec::with_capacity(recording.frames.len());
        for (i, frame) in recording.frames.iter().enumerate() {
            let (event, kind, time) =
                event_and_time(frame).map_err(|e| format!("frame {i}: {e}"))?;
            events.push(event);
            kinds.push(kind);
            times_ms.push(time);
        }
        if recording.frames.is_empty() {
            return Err("the recording holds no frames".into());
        }
        Ok(Film {
            name,
            bootstrap: recording.bootstrap_text,
            frames: recording.frames.into_iter().map(Arc::from).collect(),
            events,
            kinds,
            times_ms,
        })
    }

    /// How long to wait before showing frame `i` after frame `prev`.
    fn gap(&self, prev: usize, i: usize, speed: f64) -> Duration {
        let ms = (self.times_ms[i] - self.times_ms[prev]).max(0.0) / speed;
        Duration::from_secs_f64(ms / 1000.0).min(MAX_GAP)
    }
}

/// A frame's event and `time_ms`, from its JSON header.
fn event_and_time(frame: &[u8]) -> Result<(StreamEvent, Option<String>, f64), String> {
    let (header, _) = split_frame(frame)?;
    let h: serde_json::Value =
        serde_json::from_slice(header).map_err(|e| format!("frame header is not JSON: {e}"))?;
    let event = h["event"]
        .as_str()
        .and_then(StreamEvent::from_name)
        .ok_or("frame header names no known event")?;
    let time = h["time_ms"].as_f64().ok_or("frame header has no time_ms")?;
    let kind = h["step"]["kind"].as_str().map(str::to_string);
    Ok((event, kind, time))
}

/// A replay being served.
pub struct Replay {
    pub server: Server,
    pub hubs: Vec<Arc<StreamHub>>,
    players: Vec<JoinHandle<()>>,
}

impl Replay {
    /// Serves `films` on `addr` (one source each, in order), played at `speed`.
    pub fn start(films: Vec<Film>, addr: &str, speed: f64) -> Result<Replay, String> {
        if !SPEEDS.contains(&speed) {
            return Err(format!(
                "invalid speed {speed}: must be from {} to {}",
                SPEEDS.start(),
                SPEEDS.end()
            ));
        }
        let films: Vec<Arc<Film>> = films.into_iter().map(Arc::new).collect();
        let hubs: Vec<Arc<StreamHub>> = films
            .iter()
            .map(|f| {
                StreamHub::new(
                    f.bootstrap.clone(),
                    Mode::Replay {
                        frames: f.frames.len(),
                    },
                )
            })
            .collect();
        let sources = films
            .iter()
            .zip(&hubs)
            .map(|(f, hub)| Source {
                name: f.name.clone(),
                hub: hub.clone(),
            })
            .collect();
        let server = Server::start(addr, sources)?;
        let mut players = Vec::new();
        for (film, hub) in films.into_iter().zip(hubs.iter().cloned()) {
            let handle = std::thread::Builder::new()
                .name("gcvm-replay-player".into())
                .spawn(move || play(&hub, &film, speed))
                .map_err(|e| format!("cannot start a replay player: {e}"))?;
            players.push(handle);
        }
        Ok(Replay {
            server,
            hubs,
            players,
        })
    }

    /// Serves until the hubs end (never, unless `end` is called from another thread).
    pub fn wait(self) {
        for p in self.players {
            let _ = p.join();
        }
    }

    /// Stops the players (after their current frame).
    pub fn end(&self) {
        for hub in &self.hubs {
            let _ = hub.end(Duration::ZERO);
        }
    }
}

/// What the player does next.
enum Next {
    /// Show frame `i` (a seek: whatever the filters say).
    Sought(usize),
    /// Go on with frame `i` if the filters let it through.
    Play(usize),
    /// The hub ended.
    Stop,
}

/// How long the player waits for a viewer's full queue to drain before it sends a frame
/// anyway (the viewer then misses it and is told so).
const ROOM_PATIENCE: Duration = Duration::from_secs(1);

/// The player of one film: runs until the hub ends.
fn play(hub: &StreamHub, film: &Film, speed: f64) {
    let mut next = Next::Play(0);
    let mut shown: Option<usize> = None;
    loop {
        if !hub.is_active() {
            hub.wait_for_viewer(None);
        }
        let i = match next {
            Next::Stop => return,
            Next::Sought(i) => i,
            Next::Play(i) if i >= film.frames.len() => {
                next = hub.wait_for_seek().map_or(Next::Stop, Next::Sought);
                continue;
            }
            Next::Play(i) => {
                hub.wait_while_paused();
                if let Some(n) = hub.take_seek() {
                    next = Next::Sought(n);
                    continue;
                }
                if let Some(prev) = shown {
                    if let Some(n) = sleep_unless_seek(hub, film.gap(prev, i, speed)) {
                        next = Next::Sought(n);
                        continue;
                    }
                }
                let pass = match &film.kinds[i] {
                    Some(kind) => hub.should_gather_step(kind),
                    None => hub.should_gather(film.events[i]),
                };
                if !pass {
                    hub.skip_frame();
                    next = Next::Play(i + 1);
                    continue;
                }
                i
            }
        };
        // Unlike a live run, a replay can wait for a slow viewer rather than drop its frames.
        hub.wait_for_room(ROOM_PATIENCE);
        match &film.kinds[i] {
            Some(kind) => hub.publish_step(film.frames[i].to_vec(), kind),
            None => hub.publish(film.frames[i].to_vec(), film.events[i]),
        }
        shown = Some(i);
        next = match hub.take_seek() {
            Some(n) => Next::Sought(n),
            None => Next::Play(i + 1),
        };
    }
}

/// Sleeps `gap`, unless a viewer seeks meanwhile: then returns the frame sought.
fn sleep_unless_seek(hub: &StreamHub, gap: Duration) -> Option<usize> {
    let until = Instant::now() + gap;
    loop {
        if let Some(n) = hub.take_seek() {
            return Some(n);
        }
        let now = Instant::now();
        if now >= until {
            return None;
        }
        std::thread::sleep(SEEK_POLL.min(until - now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gcvm_tracer::stream::codec::{frame_event, Bootstrap, Frame};
    use gcvm_tracer::stream::hub::{ClientQueue, Command, EventFilter, Outgoing};
    use gcvm_tracer::stream::{standard_streams, Tiler};
    use gcvm_tracer::{SpaceDesc, TraceSpaceKind};

    const EVENTS: [StreamEvent; 3] = [StreamEvent::Tick, StreamEvent::GcStart, StreamEvent::GcEnd];

    fn film(frames: u64) -> Film {
        let bootstrap = Bootstrap {
            target: "T".into(),
            collector: "semispace".into(),
            source: "live".into(),
            tile_size: 1024,
            streams: standard_streams(1024),
            steps: Vec::new(),
        };
        let spaces = vec![SpaceDesc {
            id: 0,
            kind: TraceSpaceKind::SemiFrom,
            start: 0,
            end: 8192,
            name: "semispace-0".into(),
        }];
        let frames = (0..frames)
            .map(|seq| {
                let mut t = Tiler::for_spaces(&spaces, 1024);
                t.object(0, 16 * (seq + 1));
                Frame {
                    seq,
                    event: EVENTS[seq as usize % 3],
                    gc: Some(seq as u32 / 3),
                    label: String::new(),
                    time_ms: seq as f64,
                    full: false,
                    heap_used: 16 * (seq + 1),
                    heap_capacity: 8192,
                    summary: vec![],
                    activity: None,
                    step: None,
                    spaces: t.finish(),
                }
                .encode()
            })
            .collect();
        let recording = Recording {
            bootstrap_text: bootstrap.encode(),
            bootstrap,
            frames,
            complete: true,
        };
        Film::new("t".into(), recording).unwrap()
    }

    /// The seqs of the next `n` frames the viewer gets (panics after 10 s).
    fn frames(queue: &ClientQueue, n: usize) -> Vec<u64> {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut seqs = Vec::new();
        while seqs.len() < n {
            assert!(Instant::now() < deadline, "only frames {seqs:?} came");
            if let Some(Outgoing::Frame(f)) = queue.next(Duration::from_millis(50)) {
                seqs.push(frame_event(&f).unwrap().0);
            }
        }
        seqs
    }

    fn no_frame_within(queue: &ClientQueue, wait: Duration) -> bool {
        let until = Instant::now() + wait;
        while Instant::now() < until {
            if let Some(Outgoing::Frame(_)) = queue.next(Duration::from_millis(20)) {
                return false;
            }
        }
        true
    }

    #[test]
    fn the_player_waits_for_a_viewer_then_sends_every_frame_in_order() {
        let replay = Replay::start(vec![film(6)], "127.0.0.1:0", 100.0).unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let hub = &replay.hubs[0];
        let (_id, queue) = hub.connect();
        assert_eq!(frames(&queue, 6), vec![0, 1, 2, 3, 4, 5]);
        replay.end();
    }

    #[test]
    fn at_the_highest_speed_a_slow_viewer_still_gets_every_frame() {
        let n = 300;
        let fastest = *SPEEDS.end();
        let replay = Replay::start(vec![film(n)], "127.0.0.1:0", fastest).unwrap();
        let hub = &replay.hubs[0];
        let (_id, queue) = hub.connect();
        // Far more frames than a viewer's queue holds; the viewer reads them slowly.
        let mut seqs = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while seqs.len() < n as usize && Instant::now() < deadline {
            std::thread::sleep(Duration::from_micros(300));
            if let Some(Outgoing::Frame(f)) = queue.next(Duration::from_millis(50)) {
                seqs.push(frame_event(&f).unwrap().0);
            }
        }
        assert_eq!(seqs, (0..n).collect::<Vec<u64>>());
        replay.end();
    }

    #[test]
    fn frames_of_a_disabled_event_are_passed_over() {
        let replay = Replay::start(vec![film(6)], "127.0.0.1:0", 100.0).unwrap();
        let hub = &replay.hubs[0];
        let off = EventFilter {
            enabled: false,
            ..Default::default()
        };
        hub.set_filter(StreamEvent::Tick, off);
        let (_id, queue) = hub.connect();
        assert_eq!(frames(&queue, 4), vec![1, 2, 4, 5]);
        replay.end();
    }

    #[test]
    fn a_seek_while_paused_sends_the_frame_sought_and_stays_paused() {
        let replay = Replay::start(vec![film(9)], "127.0.0.1:0", 1.0).unwrap();
        let hub = &replay.hubs[0];
        let (id, queue) = hub.connect();
        hub.command(id, Command::Pause).unwrap();
        // A frame already on its way when the pause came still goes out: let it.
        std::thread::sleep(Duration::from_millis(100));
        queue.drain();
        hub.command(id, Command::Seek(7)).unwrap();
        assert_eq!(frames(&queue, 1), vec![7]);
        assert!(
            no_frame_within(&queue, Duration::from_millis(300)),
            "the replay ran on while paused"
        );
        hub.command(id, Command::Step).unwrap();
        assert_eq!(frames(&queue, 1), vec![8]);
        replay.end();
    }

    #[test]
    fn a_speed_out_of_range_is_refused() {
        let err = Replay::start(vec![film(1)], "127.0.0.1:0", 0.0)
            .err()
            .unwrap();
        assert!(err.contains("invalid speed"), "{err}");
    }
}
