//! The hub between whoever produces frames (the VM at its safepoints, or a replay's player)
//! and whoever consumes them (viewer connections, the recorder).
//!
//! The producer asks `is_active` (one atomic load: the only cost when nobody watches), then
//! `should_gather(event)` (the event filters: enabled, period), gathers a frame, and
//! `publish`es it. Publishing records the frame, queues it for every client without ever
//! waiting for one (a client whose queue is full misses the frame and is told so), then obeys
//! the filters and the viewer: sleeps the event's delay, and stops while the viewer has paused
//! the run (pause, a breakpoint filter, the end of a step). A pause ends when a viewer
//! resumes or steps, or when the last viewer goes away: nothing waits for a dead client.

use super::record::Recorder;
use super::{StreamEvent, EVENT_COUNT};
use parking_lot::{Condvar, Mutex};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many messages may wait for a client before it misses frames.
const CLIENT_QUEUE: usize = 64;
/// The longest delay a filter may ask for.
pub const MAX_DELAY_MS: u32 = 60_000;
/// The largest period a filter may ask for.
pub const MAX_PERIOD: u32 = 1_000_000;

/// GCspy's event filter, per event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventFilter {
    /// Gather at this event at all?
    pub enabled: bool,
    /// Milliseconds to wait after sending (slows the film down).
    pub delay_ms: u32,
    /// Pause after sending (a breakpoint).
    pub pause: bool,
    /// Send every `period`-th occurrence.
    pub period: u32,
}

impl Default for EventFilter {
    fn default() -> Self {
        EventFilter {
            enabled: true,
            delay_ms: 0,
            pause: false,
            period: 1,
        }
    }
}

impl EventFilter {
    fn to_json(self) -> Value {
        json!({"enabled": self.enabled, "delay_ms": self.delay_ms, "pause": self.pause,
               "period": self.period})
    }
}

/// A message for a client.
#[derive(Clone, Debug)]
pub enum Outgoing {
    Text(Arc<str>),
    Frame(Arc<Vec<u8>>),
}

/// What a client may ask (already validated by `parse_command`).
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Pause,
    Resume,
    Step,
    /// A filter for an event or a step kind, by name (the hub knows its kinds).
    Filter(String, EventFilter),
    /// Replay only: go to frame `n` of the recording.
    Seek(usize),
    Disconnect,
}

/// Where frames come from: the live VM, or a recording being replayed (`frames` in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Live,
    Replay { frames: usize },
}

struct Client {
    id: u64,
    tx: SyncSender<Outgoing>,
    /// Messages in the queue not yet taken by the connection.
    queued: Arc<AtomicUsize>,
    missed: u64,
}

impl Client {
    fn send(&mut self, msg: Outgoing) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => {
                self.queued.fetch_add(1, Ordering::AcqRel);
                true
            }
            Err(TrySendError::Full(_)) | Err(TrySendError::Disconnected(_)) => false,
        }
    }
}

/// A client's end of its queue.
pub struct ClientQueue {
    rx: Receiver<Outgoing>,
    queued: Arc<AtomicUsize>,
}

impl ClientQueue {
    /// The next message, waiting at most `timeout`; it counts as delivered at once (for
    /// readers that need no socket, such as tests).
    pub fn next(&self, timeout: Duration) -> Option<Outgoing> {
        let m = self.rx.recv_timeout(timeout).ok()?;
        self.queued.fetch_sub(1, Ordering::AcqRel);
        Some(m)
    }

    /// Every message queued now. They still count as queued (the hub's `end` waits for them)
    /// until the connection says it has written them: `delivered`.
    pub fn drain(&self) -> Vec<Outgoing> {
        self.rx.try_iter().collect()
    }

    /// `n` messages `drain` returned have reached the socket: the run may end without them
    /// being lost with the process.
    pub fn delivered(&self, n: usize) {
        self.queued.fetch_sub(n, Ordering::AcqRel);
    }
}

#[derive(Default)]
struct State {
    filters: [EventFilter; EVENT_COUNT],
    /// Events seen, per kind (gathered or not).
    seen: [u64; EVENT_COUNT],
    /// Per step kind (in the order of `StreamHub::kinds`): its filter and occurrences.
    kind_filters: Vec<EventFilter>,
    kind_seen: Vec<u64>,
    sent: u64,
    clients: Vec<Client>,
    next_client: u64,
    paused: bool,
    stepping: bool,
    ended: bool,
    latest: Option<Arc<Vec<u8>>>,
    recorder: Option<Recorder>,
    record_error: Option<String>,
    /// Replay: the frame the player shows next, and a seek the viewer asked for.
    position: usize,
    seek: Option<usize>,
}

pub struct StreamHub {
    bootstrap: Arc<str>,
    mode: Mode,
    active: AtomicBool,
    /// The step kinds of the bootstrap, in its order (at most 64).
    kinds: Vec<String>,
    /// Bit i: step kind i is to be gathered (its filter and the `step` event's are enabled).
    kinds_enabled: AtomicU64,
    state: Mutex<State>,
    wake: Condvar,
}

impl StreamHub {
    /// A hub for the frames of `bootstrap` (its `steps` name the step kinds filtered).
    pub fn new(bootstrap: String, mode: Mode) -> Arc<StreamHub> {
        let kinds = step_kinds_of(&bootstrap);
        let state = State {
            kind_filters: vec![EventFilter::default(); kinds.len()],
            kind_seen: vec![0; kinds.len()],
            ..State::default()
        };
        let hub = StreamHub {
            bootstrap: bootstrap.into(),
            mode,
            active: AtomicBool::new(false),
            kinds,
            kinds_enabled: AtomicU64::new(0),
            state: Mutex::new(state),
            wake: Condvar::new(),
        };
        hub.update_kinds_enabled(&hub.state.lock());
        Arc::new(hub)
    }

    /// The step kinds this hub filters, in the bootstrap's order.
    pub fn step_kinds(&self) -> &[String] {
        &self.kinds
    }

    fn kind_index(&self, kind: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k == kind)
    }

    fn update_kinds_enabled(&self, st: &State) {
        let mut mask = 0u64;
        if st.filters[StreamEvent::Step as usize].enabled {
            for (i, f) in st.kind_filters.iter().enumerate() {
                if f.enabled {
                    mask |= 1 << i;
                }
            }
        }
        self.kinds_enabled.store(mask, Ordering::Release);
    }

    /// Would a frame of step `kind` be gathered at all (somebody watches, and neither the
    /// `step` filter nor the kind's is off)? The producer's one test before any work.
    #[inline]
    pub fn wants_step(&self, kind: &str) -> bool {
        self.is_active()
            && self
                .kind_index(kind)
                .is_some_and(|i| self.kinds_enabled.load(Ordering::Relaxed) & (1 << i) != 0)
    }

    /// Counts an occurrence of step `kind` (of the `step` event and of the kind): should its
    /// frame be gathered? Both filters must let it through (enabled, on period).
    pub fn should_gather_step(&self, kind: &str) -> bool {
        let Some(k) = self.kind_index(kind) else {
            return false;
        };
        let mut st = self.state.lock();
        let e = StreamEvent::Step as usize;
        st.seen[e] += 1;
        st.kind_seen[k] += 1;
        let (f, kf) = (st.filters[e], st.kind_filters[k]);
        f.enabled
            && kf.enabled
            && st.seen[e].is_multiple_of(f.period.max(1) as u64)
            && st.kind_seen[k].is_multiple_of(kf.period.max(1) as u64)
    }

    /// The filter of step `kind` now (None: not a kind of this hub).
    pub fn step_filter(&self, kind: &str) -> Option<EventFilter> {
        let k = self.kind_index(kind)?;
        Some(self.state.lock().kind_filters[k])
    }

    /// Sets the filter of an event or a step kind, by name.
    pub fn set_filter_named(&self, name: &str, filter: EventFilter) -> Result<(), String> {
        let mut st = self.state.lock();
        self.apply_filter(&mut st, name, filter)?;
        self.broadcast_status(&mut st);
        Ok(())
    }

    fn apply_filter(&self, st: &mut State, name: &str, filter: EventFilter) -> Result<(), String> {
        if let Some(event) = StreamEvent::from_name(name) {
            st.filters[event as usize] = filter;
        } else if let Some(k) = self.kind_index(name) {
            st.kind_filters[k] = filter;
        } else {
            return Err(format!(
                "filter: unknown event or step kind '{name}' (events: gc-start, gc-end, step, \
                 tick; step kinds: {})",
                if self.kinds.is_empty() {
                    "none".to_string()
                } else {
                    self.kinds.join(", ")
                }
            ));
        }
        self.update_kinds_enabled(st);
        Ok(())
    }

    pub fn bootstrap(&self) -> &str {
        &self.bootstrap
    }

    /// Records every frame published from now on into `recorder`.
    pub fn record_to(&self, recorder: Recorder) {
        self.state.lock().recorder = Some(recorder);
        self.active.store(true, Ordering::Release);
    }

    /// Is anybody watching or recording? (The producer's one test when nobody is.)
    #[inline]
    pub fn is_active(&self) -> bool {
        self.active.load(Ordering::Relaxed)
    }

    fn update_active(&self, st: &State) {
        let on = !st.clients.is_empty() || st.recorder.is_some();
        self.active.store(on, Ordering::Release);
    }

    /// Counts an occurrence of `event`: should a frame be gathered for it?
    pub fn should_gather(&self, event: StreamEvent) -> bool {
        let mut st = self.state.lock();
        let i = event as usize;
        st.seen[i] += 1;
        let f = st.filters[i];
        f.enabled && st.seen[i].is_multiple_of(f.period.max(1) as u64)
    }

    /// The filter of `event` now.
    pub fn filter(&self, event: StreamEvent) -> EventFilter {
        self.state.lock().filters[event as usize]
    }

    /// Sets a filter (from the command line, before any viewer).
    pub fn set_filter(&self, event: StreamEvent, filter: EventFilter) {
        let mut st = self.state.lock();
        st.filters[event as usize] = filter;
        self.update_kinds_enabled(&st);
        self.broadcast_status(&mut st);
    }

    /// Sends `frame` (an encoded frame of `event`) to the recorder and every client, then
    /// sleeps the event's delay and waits while the viewer keeps the run paused.
    pub fn publish(&self, frame: Vec<u8>, event: StreamEvent) {
        self.publish_filtered(frame, event, None)
    }

    /// `publish` for a frame of step `kind`: the `step` event's filter and the kind's both
    /// apply (the longer delay; a breakpoint in either pauses).
    pub fn publish_step(&self, frame: Vec<u8>, kind: &str) {
        self.publish_filtered(frame, StreamEvent::Step, self.kind_index(kind))
    }

    fn publish_filtered(&self, frame: Vec<u8>, event: StreamEvent, kind: Option<usize>) {
        let frame = Arc::new(frame);
        let delay;
        {
            let mut st = self.state.lock();
            if let Some(rec) = st.recorder.as_mut() {
                if let Err(e) = rec.frame(&frame) {
                    st.record_error = Some(e.to_string());
                    st.recorder = None;
                    self.update_active(&st);
                }
            }
            st.sent += 1;
            st.latest = Some(frame.clone());
            if let Mode::Replay { .. } = self.mode {
                st.position += 1;
            }
            for c in st.clients.iter_mut() {
                if !c.send(Outgoing::Frame(frame.clone())) {
                    c.missed += 1;
                }
            }
            let mut f = st.filters[event as usize];
            if let Some(kf) = kind.map(|k| st.kind_filters[k]) {
                f.delay_ms = f.delay_ms.max(kf.delay_ms);
                f.pause |= kf.pause;
            }
            delay = f.delay_ms;
            if f.pause || st.stepping {
                st.paused = true;
                st.stepping = false;
            }
            self.broadcast_status(&mut st);
        }
        if delay > 0 {
            std::thread::sleep(Duration::from_millis(delay as u64));
        }
        self.wait_while_paused();
    }

    /// A replay's player, before it publishes: waits (up to `patience`) until every viewer's
    /// queue has room for a frame and its status, so that a fast replay does not drop frames a
    /// slow viewer has not read yet (the live VM never waits: it publishes and moves on).
    /// False if a viewer's queue stayed full.
    pub fn wait_for_room(&self, patience: Duration) -> bool {
        let until = Instant::now() + patience;
        loop {
            {
                let st = self.state.lock();
                let room = |c: &Client| c.queued.load(Ordering::Acquire) + 2 <= CLIENT_QUEUE;
                if st.ended || st.clients.iter().all(room) {
                    return true;
                }
            }
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Blocks while a viewer keeps the run paused (not when no viewer is left, nor after a
    /// replay's seek: the player must show the frame sought).
    pub fn wait_while_paused(&self) {
        let mut st = self.state.lock();
        while st.paused && !st.clients.is_empty() && !st.ended && st.seek.is_none() {
            self.wake.wait_for(&mut st, Duration::from_millis(200));
        }
    }

    /// Waits until a viewer connects, or `timeout` passes; true if one did.
    pub fn wait_for_viewer(&self, timeout: Option<Duration>) -> bool {
        let deadline = timeout.map(|t| Instant::now() + t);
        let mut st = self.state.lock();
        while st.clients.is_empty() {
            let step = Duration::from_millis(200);
            if let Some(d) = deadline {
                let now = Instant::now();
                if now >= d {
                    return false;
                }
                self.wake.wait_for(&mut st, step.min(d - now));
            } else {
                self.wake.wait_for(&mut st, step);
            }
        }
        true
    }

    /// The run is over: viewers are told, the recording is finished. Waits up to `drain` for
    /// the clients' queues to empty, so the last frames reach them — and first for room in a
    /// full queue for the "ended" status, which a busy viewer must not miss (it would wait for
    /// it forever). Returns the recording's figures `(frames, raw frame bytes, file bytes)`, or
    /// the error that stopped it.
    pub fn end(&self, drain: Duration) -> Result<Option<(u64, u64, u64)>, String> {
        let deadline = Instant::now() + drain;
        let recorder = {
            let mut st = self.state.lock();
            st.ended = true;
            self.wake.notify_all();
            st.recorder.take()
        };
        let mut untold: Vec<u64> = self.state.lock().clients.iter().map(|c| c.id).collect();
        while !untold.is_empty() && Instant::now() < deadline {
            untold = self.send_status_to(&mut self.state.lock(), &untold);
            if !untold.is_empty() {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        while Instant::now() < deadline && self.clients_busy() {
            std::thread::sleep(Duration::from_millis(20));
        }
        if let Some(e) = self.state.lock().record_error.take() {
            return Err(format!("cannot write the stream recording: {e}"));
        }
        match recorder {
            None => Ok(None),
            Some(r) => {
                let (frames, raw) = (r.frames(), r.raw_bytes);
                let size = r
                    .finish()
                    .map_err(|e| format!("cannot finish the stream recording: {e}"))?;
                Ok(Some((frames, raw, size)))
            }
        }
    }

    fn clients_busy(&self) -> bool {
        let st = self.state.lock();
        st.clients
            .iter()
            .any(|c| c.queued.load(Ordering::Acquire) > 0)
    }

    // ---- the client side (the server's connection threads) ----

    /// A new viewer: its id and its queue, which starts with the bootstrap, the status and
    /// the latest frame.
    pub fn connect(&self) -> (u64, ClientQueue) {
        let (tx, rx) = sync_channel(CLIENT_QUEUE);
        let queued = Arc::new(AtomicUsize::new(0));
        let mut st = self.state.lock();
        let id = st.next_client;
        st.next_client += 1;
        let mut client = Client {
            id,
            tx,
            queued: queued.clone(),
            missed: 0,
        };
        client.send(Outgoing::Text(self.bootstrap.clone()));
        client.send(Outgoing::Text(self.status(&st, 0).into()));
        if let Some(latest) = &st.latest {
            client.send(Outgoing::Frame(latest.clone()));
        }
        st.clients.push(client);
        self.update_active(&st);
        self.wake.notify_all();
        (id, ClientQueue { rx, queued })
    }

    pub fn disconnect(&self, id: u64) {
        let mut st = self.state.lock();
        st.clients.retain(|c| c.id != id);
        self.update_active(&st);
        self.wake.notify_all();
    }

    /// Carries out a client's command; an error names why it was refused.
    pub fn command(&self, client: u64, cmd: Command) -> Result<(), String> {
        let mut st = self.state.lock();
        match cmd {
            Command::Pause => st.paused = true,
            Command::Resume => {
                st.paused = false;
                st.stepping = false;
            }
            Command::Step => {
                st.paused = false;
                st.stepping = true;
            }
            Command::Filter(name, filter) => self.apply_filter(&mut st, &name, filter)?,
            Command::Seek(n) => match self.mode {
                Mode::Replay { frames } if n < frames => st.seek = Some(n),
                Mode::Replay { frames } => {
                    return Err(format!(
                        "seek: frame {n} is past the last ({frames} frames)"
                    ))
                }
                Mode::Live => return Err("seek: a live run cannot go back".into()),
            },
            Command::Disconnect => {
                st.clients.retain(|c| c.id != client);
                self.update_active(&st);
            }
        }
        self.wake.notify_all();
        self.broadcast_status(&mut st);
        Ok(())
    }

    /// Replay: the seek a viewer asked for, if any (the player then shows that frame).
    pub fn take_seek(&self) -> Option<usize> {
        let mut st = self.state.lock();
        let seek = st.seek.take();
        if let Some(n) = seek {
            st.position = n;
        }
        seek
    }

    /// Replay: the player passed over a frame the event filters leave out (the position, the
    /// frame shown next, moves on).
    pub fn skip_frame(&self) {
        if let Mode::Replay { .. } = self.mode {
            self.state.lock().position += 1;
        }
    }

    /// Replay: the player has shown every frame; waits for a seek (or for the hub to end).
    pub fn wait_for_seek(&self) -> Option<usize> {
        let mut st = self.state.lock();
        loop {
            if let Some(n) = st.seek.take() {
                st.position = n;
                return Some(n);
            }
            if st.ended {
                return None;
            }
            self.wake.wait_for(&mut st, Duration::from_millis(200));
        }
    }

    fn status(&self, st: &State, missed: u64) -> String {
        let state = if st.ended {
            "ended"
        } else if st.paused {
            "paused"
        } else {
            "running"
        };
        let mut filters = serde_json::Map::new();
        let mut seen = serde_json::Map::new();
        for e in StreamEvent::ALL {
            filters.insert(e.name().into(), st.filters[e as usize].to_json());
            seen.insert(e.name().into(), json!(st.seen[e as usize]));
        }
        for (k, kind) in self.kinds.iter().enumerate() {
            filters.insert(kind.clone(), st.kind_filters[k].to_json());
            seen.insert(kind.clone(), json!(st.kind_seen[k]));
        }
        let (mode, total) = match self.mode {
            Mode::Live => ("live", Value::Null),
            Mode::Replay { frames } => ("replay", json!(frames)),
        };
        json!({
            "type": "status",
            "state": state,
            "mode": mode,
            "frames_sent": st.sent,
            "frames_total": total,
            "position": st.position,
            "events_seen": seen,
            "filters": filters,
            "clients": st.clients.len(),
            "missed": missed,
        })
        .to_string()
    }

    fn broadcast_status(&self, st: &mut State) {
        let everyone: Vec<u64> = st.clients.iter().map(|c| c.id).collect();
        self.send_status_to(st, &everyone);
    }

    /// Sends each client of `ids` still connected its status; returns those whose queue had no
    /// room for it.
    fn send_status_to(&self, st: &mut State, ids: &[u64]) -> Vec<u64> {
        let mut untold = Vec::new();
        for &id in ids {
            let Some(i) = st.clients.iter().position(|c| c.id == id) else {
                continue;
            };
            let status = self.status(st, st.clients[i].missed);
            if !st.clients[i].send(Outgoing::Text(status.into())) {
                untold.push(id);
            }
        }
        untold
    }
}

/// Does `name` look like a step kind (`collector.step`: lower-case letters, digits and dashes
/// on both sides of one dot)? Whether the collector has it is the hub's to say.
fn is_step_kind_name(name: &str) -> bool {
    let part = |p: &str| {
        !p.is_empty()
            && p.len() <= 40
            && p.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    name.split_once('.')
        .is_some_and(|(c, s)| part(c) && part(s))
}

/// The step kinds a bootstrap lists (none if it lists none or is not JSON), at most 64.
fn step_kinds_of(bootstrap: &str) -> Vec<String> {
    let v: Value = serde_json::from_str(bootstrap).unwrap_or(Value::Null);
    v["steps"]
        .as_array()
        .map(|steps| {
            steps
                .iter()
                .filter_map(|s| s["kind"].as_str().map(str::to_string))
                .take(64)
                .collect()
        })
        .unwrap_or_default()
}

/// The largest message a client may send.
pub const MAX_COMMAND_BYTES: usize = 4096;

/// Reads a client's message: a JSON object with a known `cmd` and valid fields. Anything else
/// is refused with the reason.
pub fn parse_command(text: &str) -> Result<Command, String> {
    if text.len() > MAX_COMMAND_BYTES {
        return Err(format!(
            "message of {} bytes is over the {MAX_COMMAND_BYTES}-byte limit",
            text.len()
        ));
    }
    let v: Value = serde_json::from_str(text).map_err(|e| format!("message is not JSON: {e}"))?;
    let obj = v.as_object().ok_or("message is not a JSON object")?;
    let cmd = obj
        .get("cmd")
        .and_then(Value::as_str)
        .ok_or("message has no \"cmd\"")?;
    let allowed: &[&str] = match cmd {
        "pause" | "resume" | "step" | "disconnect" => &["cmd"],
        "seek" => &["cmd", "frame"],
        "filter" => &["cmd", "event", "enabled", "delay_ms", "pause", "period"],
        other => return Err(format!("unknown command {other:?}")),
    };
    if let Some(k) = obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("command {cmd:?} has no field {k:?}"));
    }
    Ok(match cmd {
        "pause" => Command::Pause,
        "resume" => Command::Resume,
        "step" => Command::Step,
        "disconnect" => Command::Disconnect,
        "seek" => Command::Seek(
            obj.get("frame")
                .and_then(Value::as_u64)
                .ok_or("seek needs \"frame\": a frame number")? as usize,
        ),
        _ => {
            let event = obj
                .get("event")
                .and_then(Value::as_str)
                .filter(|e| StreamEvent::from_name(e).is_some() || is_step_kind_name(e))
                .ok_or(
                    "filter needs \"event\": gc-start, gc-end, step, tick or a step kind \
                     (collector.step)",
                )?
                .to_string();
            let flag = |k: &str| -> Result<bool, String> {
                obj.get(k)
                    .map(|v| {
                        v.as_bool()
                            .ok_or(format!("filter: \"{k}\" must be true or false"))
                    })
                    .unwrap_or(Ok(false))
            };
            let number = |k: &str, max: u32, default: u32| -> Result<u32, String> {
                match obj.get(k) {
                    None => Ok(default),
                    Some(v) => v
                        .as_u64()
                        .filter(|&n| n <= max as u64)
                        .map(|n| n as u32)
                        .ok_or(format!(
                            "filter: \"{k}\" must be a whole number up to {max}"
                        )),
                }
            };
            let period = number("period", MAX_PERIOD, 1)?;
            if period == 0 {
                return Err("filter: \"period\" must be at least 1".into());
            }
            Command::Filter(
                event,
                EventFilter {
                    enabled: obj.get("enabled").is_none() || flag("enabled")?,
                    delay_ms: number("delay_ms", MAX_DELAY_MS, 0)?,
                    pause: flag("pause")?,
                    period,
                },
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_validated_field_by_field() {
        assert_eq!(parse_command(r#"{"cmd":"pause"}"#), Ok(Command::Pause));
        assert_eq!(
            parse_command(r#"{"cmd":"seek","frame":4}"#),
            Ok(Command::Seek(4))
        );
        assert_eq!(
            parse_command(r#"{"cmd":"filter","event":"tick","period":3,"pause":true}"#),
            Ok(Command::Filter(
                "tick".into(),
                EventFilter {
                    enabled: true,
                    delay_ms: 0,
                    pause: true,
                    period: 3
                }
            ))
        );
        for bad in [
            "",
            "[]",
            r#"{"cmd":"explode"}"#,
            r#"{"cmd":"pause","x":1}"#,
            r#"{"cmd":"filter","event":"never"}"#,
            r#"{"cmd":"filter","event":"phase-end"}"#,
            r#"{"cmd":"filter","event":"Region.Evacuated!"}"#,
            r#"{"cmd":"filter","event":"tick","period":0}"#,
            r#"{"cmd":"filter","event":"tick","delay_ms":-1}"#,
            r#"{"cmd":"seek","frame":"x"}"#,
        ] {
            assert!(parse_command(bad).is_err(), "{bad} was accepted");
        }
        assert!(parse_command(&"x".repeat(5000)).is_err());
    }

    fn hub_with_steps() -> Arc<StreamHub> {
        let bootstrap = serde_json::json!({"steps": [
            {"kind": "semispace.roots", "name": "roots", "explain": "x"},
            {"kind": "semispace.scan", "name": "scan", "explain": "y", "progress": true},
        ]});
        StreamHub::new(bootstrap.to_string(), Mode::Live)
    }

    #[test]
    fn a_step_kind_is_gathered_only_when_its_filter_and_the_step_filter_let_it() {
        let hub = hub_with_steps();
        assert!(!hub.wants_step("semispace.scan"), "nobody watches yet");
        let (_id, _rx) = hub.connect();
        assert!(hub.wants_step("semispace.scan"));
        assert!(
            !hub.wants_step("region.cset"),
            "not a kind of this collector"
        );
        let off = EventFilter {
            enabled: false,
            ..Default::default()
        };
        hub.set_filter_named("semispace.scan", off).unwrap();
        assert!(!hub.wants_step("semispace.scan"));
        assert!(hub.wants_step("semispace.roots"));
        assert!(!hub.should_gather_step("semispace.scan"));
        hub.set_filter_named("semispace.scan", EventFilter::default())
            .unwrap();
        hub.set_filter(StreamEvent::Step, off);
        assert!(
            !hub.wants_step("semispace.roots"),
            "the step filter is the master switch"
        );
        assert!(!hub.should_gather_step("semispace.roots"));
    }

    #[test]
    fn a_step_kind_has_its_own_period_and_counts_in_the_status() {
        let hub = hub_with_steps();
        hub.set_filter_named(
            "semispace.scan",
            EventFilter {
                period: 2,
                ..Default::default()
            },
        )
        .unwrap();
        let gathered: Vec<bool> = (0..4)
            .map(|_| hub.should_gather_step("semispace.scan"))
            .collect();
        assert_eq!(gathered, vec![false, true, false, true]);
        let status: Value = serde_json::from_str(&hub.status(&hub.state.lock(), 0)).unwrap();
        assert_eq!(status["events_seen"]["semispace.scan"], 4);
        assert_eq!(status["events_seen"]["step"], 4);
        assert_eq!(status["filters"]["semispace.scan"]["period"], 2);
        assert_eq!(status["filters"]["semispace.roots"]["period"], 1);
    }

    #[test]
    fn a_filter_for_a_kind_the_collector_lacks_is_refused_by_name() {
        let hub = hub_with_steps();
        let (id, _rx) = hub.connect();
        let cmd = parse_command(r#"{"cmd":"filter","event":"region.cset","pause":true}"#).unwrap();
        let err = hub.command(id, cmd).unwrap_err();
        assert!(
            err.contains("region.cset") && err.contains("semispace.scan"),
            "{err}"
        );
    }

    #[test]
    fn a_breakpoint_on_a_step_kind_pauses_after_its_frame_only() {
        let hub = hub_with_steps();
        let (id, _rx) = hub.connect();
        let cmd =
            parse_command(r#"{"cmd":"filter","event":"semispace.scan","pause":true}"#).unwrap();
        hub.command(id, cmd).unwrap();
        hub.publish_step(vec![1], "semispace.roots");
        let producer = {
            let hub = hub.clone();
            std::thread::spawn(move || hub.publish_step(vec![2], "semispace.scan"))
        };
        std::thread::sleep(Duration::from_millis(300));
        assert!(!producer.is_finished(), "no pause after the scan step");
        hub.command(id, Command::Resume).unwrap();
        producer.join().unwrap();
    }

    #[test]
    fn a_period_gathers_every_nth_event() {
        let hub = StreamHub::new("{}".into(), Mode::Live);
        hub.set_filter(
            StreamEvent::GcEnd,
            EventFilter {
                period: 3,
                ..Default::default()
            },
        );
        let gathered: Vec<bool> = (0..6)
            .map(|_| hub.should_gather(StreamEvent::GcEnd))
            .collect();
        assert_eq!(gathered, vec![false, false, true, false, false, true]);
    }

    #[test]
    fn a_paused_run_waits_for_a_step_and_stops_after_the_next_frame() {
        let hub = StreamHub::new("{}".into(), Mode::Live);
        let (id, rx) = hub.connect();
        hub.command(id, Command::Pause).unwrap();
        let producer = {
            let hub = hub.clone();
            std::thread::spawn(move || {
                hub.publish(vec![1], StreamEvent::GcStart);
                hub.publish(vec![2], StreamEvent::GcEnd);
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        assert!(!producer.is_finished(), "the producer ran on while paused");
        hub.command(id, Command::Step).unwrap();
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            !producer.is_finished(),
            "a step let more than one frame through"
        );
        hub.command(id, Command::Resume).unwrap();
        producer.join().unwrap();
        let frames: Vec<Vec<u8>> = rx
            .drain()
            .into_iter()
            .filter_map(|m| match m {
                Outgoing::Frame(f) => Some((*f).clone()),
                Outgoing::Text(_) => None,
            })
            .collect();
        assert_eq!(frames, vec![vec![1], vec![2]]);
    }

    #[test]
    fn a_pause_ends_when_the_last_viewer_leaves() {
        let hub = StreamHub::new("{}".into(), Mode::Live);
        let (id, _rx) = hub.connect();
        hub.command(id, Command::Pause).unwrap();
        let producer = {
            let hub = hub.clone();
            std::thread::spawn(move || hub.publish(vec![1], StreamEvent::Tick))
        };
        std::thread::sleep(Duration::from_millis(200));
        hub.disconnect(id);
        producer.join().unwrap();
    }

    #[test]
    fn a_client_that_reads_nothing_never_blocks_the_producer() {
        let hub = StreamHub::new("{}".into(), Mode::Live);
        let (_id, _rx) = hub.connect();
        for i in 0..(CLIENT_QUEUE * 4) {
            hub.publish(vec![i as u8], StreamEvent::GcEnd);
        }
        assert!(hub.state.lock().clients[0].missed > 0);
    }

    #[test]
    fn a_viewer_whose_queue_is_full_when_the_run_ends_is_still_told_it_ended() {
        let hub = StreamHub::new("{}".into(), Mode::Live);
        let (_id, rx) = hub.connect();
        for i in 0..(CLIENT_QUEUE * 2) {
            hub.publish(vec![i as u8], StreamEvent::GcEnd);
        }
        // A slow viewer: it starts reading only after the run has ended.
        let reader = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            let mut ended = false;
            while let Some(m) = rx.next(Duration::from_millis(500)) {
                if let Outgoing::Text(t) = m {
                    ended |= t.contains("\"ended\"");
                }
            }
            ended
        });
        hub.end(Duration::from_secs(5)).unwrap();
        assert!(reader.join().unwrap(), "no ended status");
    }
}
