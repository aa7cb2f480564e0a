//! The VM's side of heap streams (docs/stream-format.md): when a viewer watches (`--stream`)
//! or a recording is made (`--stream-record`), frames are gathered at the start and end of
//! every pause and at mutator-time ticks, and published to the stream hub.
//!
//! Gathering happens only at safepoints, with every mutator flushed, as GCspy's "separate
//! sweep at each event": the heap is walked once per frame (`Heap::stream_tiles`). When nobody
//! watches, the cost is one atomic load per pause (`StreamHub::is_active`). Steps inside a
//! collection (docs/stream-format.md) come from the collector through the pause's event sink
//! (`PauseFrames::step`); the collector asks `wants_step` first, one atomic load when nobody
//! watches.

use crate::runtime::vm::Vm;
use gcvm_tracer::stream::hub::Mode;
use gcvm_tracer::stream::record::Recorder;
use gcvm_tracer::stream::server::{Server, Source};
use gcvm_tracer::stream::{
    Bootstrap, EventFilter, Frame, StepGranularity, StepHeader, StepInfo, StepKind, StreamEvent,
    StreamHub, Tiler,
};
use gcvm_tracer::{GcEventSink, SpaceDesc};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `gcvm run` was asked to stream.
#[derive(Clone, Debug)]
pub struct StreamSetup {
    /// `--stream[=ADDR]`: serve the viewer on ADDR (None: no server).
    pub addr: Option<String>,
    /// `--stream-record FILE`.
    pub record: Option<PathBuf>,
    /// `--stream-tile`: bytes per tile.
    pub tile_size: u64,
    /// `--stream-tick MS`: a tick frame when this long passed without a frame (None: no ticks).
    pub tick: Option<Duration>,
    /// Wait for a viewer before running the program (`--stream` without `--stream-nowait`).
    pub wait_for_viewer: bool,
    /// `--stream-filter`: filters of events or step kinds, set before any viewer connects.
    pub filters: Vec<(String, EventFilter)>,
    /// `--stream-step-kb`, `--stream-step-regions`: how fine progress steps are.
    pub steps: StepGranularity,
}

impl Default for StreamSetup {
    fn default() -> Self {
        StreamSetup {
            addr: None,
            record: None,
            tile_size: 8 << 10,
            tick: Some(Duration::from_millis(100)),
            wait_for_viewer: true,
            filters: Vec::new(),
            steps: StepGranularity::default(),
        }
    }
}

/// Parses one `--stream-filter` value: `EVENT:key=value,key=value` with keys `enabled`,
/// `delay` (ms), `pause`, `period`. EVENT is an event or a step kind (`region.evacuated`);
/// whether the collector has that kind is checked when the streams open.
pub fn parse_filter(spec: &str) -> Result<(String, EventFilter), String> {
    let (event, settings) = spec.split_once(':').unwrap_or((spec, ""));
    if StreamEvent::from_name(event).is_none() && !event.contains('.') {
        return Err(format!(
            "--stream-filter: unknown event '{event}' (gc-start, gc-end, step, tick, or a step \
             kind such as region.evacuated)"
        ));
    }
    let event = event.to_string();
    let mut f = EventFilter::default();
    for kv in settings.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("--stream-filter: '{kv}' is not key=value"))?;
        let flag = || match v {
            "true" | "on" | "yes" => Ok(true),
            "false" | "off" | "no" => Ok(false),
            _ => Err(format!("--stream-filter: {k}={v}: expected true or false")),
        };
        let number = |max: u32| {
            v.parse::<u32>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| format!("--stream-filter: {k}={v}: expected a number up to {max}"))
        };
        match k {
            "enabled" => f.enabled = flag()?,
            "pause" => f.pause = flag()?,
            "delay" | "delay_ms" => f.delay_ms = number(gcvm_tracer::stream::hub::MAX_DELAY_MS)?,
            "period" => {
                f.period = number(gcvm_tracer::stream::hub::MAX_PERIOD)?;
                if f.period == 0 {
                    return Err("--stream-filter: period must be at least 1".into());
                }
            }
            other => {
                return Err(format!(
                    "--stream-filter: unknown setting '{other}' (enabled, delay, pause, period)"
                ))
            }
        }
    }
    Ok((event, f))
}

/// The streams of one run.
pub struct VmStreams {
    pub hub: Arc<StreamHub>,
    tile_size: u64,
    tick: Option<Duration>,
    wait_for_viewer: bool,
    seq: AtomicU64,
    /// When the last frame was gathered (ticks fill the gaps between pauses).
    last_frame: parking_lot::Mutex<Instant>,
    record_path: Option<PathBuf>,
    ended: AtomicBool,
    steps: StepGranularity,
}

impl VmStreams {
    /// Opens what `setup` asks for: the recording file and the server (printing its address).
    pub fn open(
        setup: &StreamSetup,
        heap: &gcvm_gc::Heap,
        program: &str,
    ) -> Result<VmStreams, String> {
        let bootstrap = Bootstrap {
            target: program.to_string(),
            collector: heap.collector_name().to_string(),
            source: "live".into(),
            tile_size: setup.tile_size,
            streams: heap.stream_defs(setup.tile_size),
            steps: heap.step_defs(),
        };
        let hub = StreamHub::new(bootstrap.encode(), Mode::Live);
        for (event, filter) in &setup.filters {
            hub.set_filter_named(event, *filter)
                .map_err(|e| format!("--stream-{e} (collector {})", heap.collector_name()))?;
        }
        if let Some(path) = &setup.record {
            let recorder = Recorder::create(path, hub.bootstrap())
                .map_err(|e| format!("cannot create stream recording {}: {e}", path.display()))?;
            hub.record_to(recorder);
        }
        let server = match &setup.addr {
            Some(addr) => {
                let source = Source {
                    name: format!("{program} ({})", heap.collector_name()),
                    hub: hub.clone(),
                };
                let server = Server::start(addr, vec![source])?;
                if !server.addr.ip().is_loopback() {
                    eprintln!(
                        "gcvm: warning: the heap viewer listens on {}, reachable from other machines",
                        server.addr
                    );
                }
                eprintln!("gcvm: heap viewer at {}", server.url());
                Some(server)
            }
            None => None,
        };
        Ok(VmStreams {
            hub,
            tile_size: setup.tile_size,
            tick: setup.tick,
            wait_for_viewer: setup.wait_for_viewer && server.is_some(),
            seq: AtomicU64::new(0),
            last_frame: parking_lot::Mutex::new(Instant::now()),
            record_path: setup.record.clone(),
            ended: AtomicBool::new(false),
            steps: setup.steps,
        })
    }

    /// `--stream` without `--stream-nowait`: blocks until a viewer connects.
    pub fn wait_for_viewer(&self) {
        if self.wait_for_viewer {
            eprintln!("gcvm: waiting for a viewer to connect (--stream-nowait runs at once)");
            self.hub.wait_for_viewer(None);
        }
    }
}

impl Vm {
    /// At `event` in a safepoint (every mutator flushed): gathers and publishes a frame if
    /// somebody watches and the event's filter lets it through.
    pub(crate) fn stream_event(
        &self,
        event: StreamEvent,
        gc: Option<u32>,
        label: &str,
        full: bool,
    ) {
        let Some(streams) = &self.streams else { return };
        if !streams.hub.is_active() || !streams.hub.should_gather(event) {
            return;
        }
        let spaces = self.heap.stream_tiles(streams.tile_size);
        let frame = Frame {
            seq: streams.seq.fetch_add(1, Ordering::Relaxed),
            event,
            gc,
            label: label.to_string(),
            time_ms: self.heap.uptime().as_secs_f64() * 1e3,
            full,
            heap_used: self.heap.used() as u64,
            heap_capacity: self.heap.capacity() as u64,
            summary: gcvm_tracer::stream::tiles::summarise(&spaces),
            activity: self.activity.as_ref().and_then(|a| a.take_frame()),
            step: None,
            spaces,
        };
        *streams.last_frame.lock() = Instant::now();
        streams.hub.publish(frame.encode(), event);
    }

    /// Would a frame of step `kind` be gathered now? One atomic load when nobody watches.
    pub(crate) fn wants_step(&self, kind: &StepKind) -> bool {
        self.streams
            .as_ref()
            .is_some_and(|s| s.hub.wants_step(kind.kind))
    }

    /// The granularity of progress steps (`--stream-step-kb`, `--stream-step-regions`).
    pub(crate) fn step_granularity(&self) -> StepGranularity {
        self.streams
            .as_ref()
            .map_or_else(StepGranularity::default, |s| s.steps)
    }

    /// Gathers and publishes the frame of step `info` (the `n`-th of collection `gc`, `gc_ms`
    /// of the collector's own time into it) if its filters let it through: the heap's spaces
    /// are `spaces`, `fill` bins what the collector sees. Returns whether a frame was sent.
    pub(crate) fn publish_step(
        &self,
        info: &StepInfo,
        header: (u32, u32, f64),
        spaces: &[SpaceDesc],
        fill: &mut dyn FnMut(&mut Tiler),
    ) -> bool {
        if !self.step_passes(info.kind) {
            return false;
        }
        self.gather_step(info, header, spaces, fill);
        true
    }

    /// Counts an occurrence of step `kind`: do its filters let a frame through?
    pub(crate) fn step_passes(&self, kind: &StepKind) -> bool {
        self.streams
            .as_ref()
            .is_some_and(|s| s.hub.is_active() && s.hub.should_gather_step(kind.kind))
    }

    /// Gathers and publishes the frame of step `info` (filters already passed).
    pub(crate) fn gather_step(
        &self,
        info: &StepInfo,
        header: (u32, u32, f64),
        spaces: &[SpaceDesc],
        fill: &mut dyn FnMut(&mut Tiler),
    ) {
        let (gc, n, gc_ms) = header;
        let Some(streams) = &self.streams else {
            return;
        };
        let mut tiler = Tiler::for_spaces(spaces, streams.tile_size);
        fill(&mut tiler);
        let spaces_out = tiler.finish();
        let summary = gcvm_tracer::stream::tiles::summarise(&spaces_out);
        let used = summary
            .iter()
            .find(|(id, _)| *id == gcvm_tracer::stream::standard::USED)
            .map_or(0, |(_, v)| *v);
        let frame = Frame {
            seq: streams.seq.fetch_add(1, Ordering::Relaxed),
            event: StreamEvent::Step,
            gc: Some(gc),
            label: info.title.clone(),
            time_ms: self.heap.uptime().as_secs_f64() * 1e3,
            full: false,
            heap_used: used,
            heap_capacity: spaces.iter().map(|s| s.end - s.start).sum(),
            summary,
            activity: self.activity.as_ref().and_then(|a| a.take_frame()),
            step: Some(StepHeader::of(info, n, gc_ms)),
            spaces: spaces_out,
        };
        *streams.last_frame.lock() = Instant::now();
        streams.hub.publish_step(frame.encode(), info.kind.kind);
    }

    /// Starts the thread that asks for tick frames (`--stream-tick`).
    pub(crate) fn start_stream_ticker(&'static self) {
        let Some(streams) = &self.streams else { return };
        let Some(period) = streams.tick else { return };
        let _ = std::thread::Builder::new()
            .name("gcvm-stream-ticker".into())
            .spawn(move || loop {
                std::thread::sleep(period / 4);
                if streams.ended.load(Ordering::Acquire) {
                    return;
                }
                let due = streams.last_frame.lock().elapsed() >= period;
                if due
                    && streams.hub.is_active()
                    && streams.hub.filter(StreamEvent::Tick).enabled
                    && !self.tick_safepoint()
                {
                    return;
                }
            });
    }

    /// The end of the run: viewers are told, the recording is closed and its figures printed.
    pub(crate) fn end_streams(&self) {
        let Some(streams) = &self.streams else { return };
        if streams.ended.swap(true, Ordering::AcqRel) {
            return;
        }
        match streams.hub.end(Duration::from_secs(5)) {
            Ok(Some((frames, raw, file))) => {
                let path = streams.record_path.as_ref().unwrap();
                let per = if frames > 0 { file / frames } else { 0 };
                self.write_stderr(
                    format!(
                        "gcvm: stream recording {}: {frames} frames, {raw} bytes raw, {file} bytes \
                         written ({per} bytes per frame)\n",
                        path.display()
                    )
                    .as_bytes(),
                );
            }
            Ok(None) => {}
            Err(e) => self.write_stderr(format!("gcvm: {e}\n").as_bytes()),
        }
    }
}

/// The collector's event sink during a pause, with heap-stream frames at the collection's
/// steps: every event goes on to the trace's sink (or nowhere), and `step` gathers a frame from
/// what the collector bins (it cannot ask the heap: the collector is busy collecting it).
pub(crate) struct PhaseFrames<'a> {
    pub inner: &'a mut dyn GcEventSink,
    pub vm: &'a Vm,
    pub gc: u32,
    /// When a JFR recording times the pause's phases: each parallel phase's name, first
    /// worker start and last worker end.
    pub phase_times: Option<Vec<(String, Instant, Instant)>>,
    /// The steps of this pause so far (sent or filtered out) and the frames sent.
    pub steps: StepTally,
}

/// What gathering step frames cost a pause (the `-Xlog:gc*` `[gc,streams]` line).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepTally {
    /// When the pause's collection work began.
    pub began: Instant,
    /// Steps taken (the `n` of the next is one more), and frames sent.
    pub taken: u32,
    pub sent: u32,
    /// Time spent in `step`: gathering, publishing and any viewer pause.
    pub gathering: Duration,
}

impl StepTally {
    pub fn new() -> StepTally {
        StepTally {
            began: Instant::now(),
            taken: 0,
            sent: 0,
            gathering: Duration::ZERO,
        }
    }

    /// The collector's own time from the start to `now`, gathering excluded, in ms (`now`
    /// is when gathering the next frame begins, so consecutive steps never go back in time).
    fn gc_ms(&self, now: Instant) -> f64 {
        now.saturating_duration_since(self.began)
            .saturating_sub(self.gathering)
            .as_secs_f64()
            * 1e3
    }

    /// The `-Xlog:gc*` line of pause `gc` whose GC time was `gc_time`, if it sent frames.
    pub fn log_line(&self, gc: u32, uptime: f64, gc_time: Duration) -> Option<String> {
        (self.sent > 0).then(|| {
            format!(
                "[{uptime:.3}s][info][gc,streams] GC({gc}) Step frames {} of {} steps: gathering {:.3}ms, GC work {:.3}ms",
                self.sent,
                self.taken,
                self.gathering.as_secs_f64() * 1e3,
                gc_time.saturating_sub(self.gathering).as_secs_f64() * 1e3,
            )
        })
    }
}

impl GcEventSink for PhaseFrames<'_> {
    fn wants_events(&self) -> bool {
        self.inner.wants_events()
    }
    fn gc_start(&mut self, gc_id: u32, kind: gcvm_tracer::GcKind, cause: &str) {
        self.inner.gc_start(gc_id, kind, cause)
    }
    fn plab(&mut self, worker: u32, start: u64, size: u64) {
        self.inner.plab(worker, start, size)
    }
    fn moved(&mut self, from: u64, to: u64, size: u32) {
        self.inner.moved(from, to, size)
    }
    fn region_moved(&mut self, from: u64, to: u64, count: u32, bytes: u64) {
        self.inner.region_moved(from, to, count, bytes)
    }
    fn kept_alive(&mut self, addr: u64, size: u32) {
        self.inner.kept_alive(addr, size)
    }
    fn runs_kept(&mut self, runs: &[(u64, u32, u64)]) {
        self.inner.runs_kept(runs)
    }
    fn gc_end(&mut self, gc_id: u32) {
        self.inner.gc_end(gc_id)
    }
    fn collecting_space(&mut self, space: u32) {
        self.inner.collecting_space(space)
    }
    fn sync_spaces(&mut self, spaces: &[SpaceDesc]) {
        self.inner.sync_spaces(spaces)
    }
    fn space_release(&mut self, id: u32) {
        self.inner.space_release(id)
    }
    fn object_died(&mut self, addr: u64, time: u64, context: u32) {
        self.inner.object_died(addr, time, context)
    }
    fn objects_died(&mut self, deaths: &[(u64, u64, u32)]) {
        self.inner.objects_died(deaths)
    }
    fn objects_died_in_parts(
        &mut self,
        count: usize,
        parts: &mut dyn FnMut(&mut gcvm_tracer::EmitDeaths),
    ) {
        self.inner.objects_died_in_parts(count, parts)
    }
    fn takes_packed_deaths(&self) -> bool {
        self.inner.takes_packed_deaths()
    }
    fn spare_packed_deaths(&mut self) -> gcvm_tracer::PackedDeaths {
        self.inner.spare_packed_deaths()
    }
    fn objects_died_packed(&mut self, deaths: gcvm_tracer::PackedDeaths) {
        self.inner.objects_died_packed(deaths)
    }
    fn object_pointers(&mut self, records: &gcvm_tracer::PointerRecords, at_gc_end: bool) {
        self.inner.object_pointers(records, at_gc_end)
    }
    fn marking_pointers(&mut self, records: &gcvm_tracer::PointerRecords) {
        self.inner.marking_pointers(records)
    }
    fn roots(&mut self, roots: &[gcvm_tracer::RootRecord], at_gc_end: bool) {
        self.inner.roots(roots, at_gc_end)
    }
    fn reference_counts(&mut self, discovered: [u64; 4], cleared: [u64; 4]) {
        self.inner.reference_counts(discovered, cleared)
    }
    fn worker_activity(&mut self, phase: &str, workers: &[gcvm_tracer::WorkerActivity]) {
        if let Some(times) = &mut self.phase_times {
            let start = workers.iter().map(|w| w.start).min();
            let end = workers.iter().map(|w| w.end).max();
            if let (Some(start), Some(end)) = (start, end) {
                times.push((phase.to_string(), start, end));
            }
        }
        self.inner.worker_activity(phase, workers)
    }
    fn wants_phase_times(&self) -> bool {
        self.phase_times.is_some() || self.inner.wants_phase_times()
    }
    fn wants_step(&self, kind: &StepKind) -> bool {
        self.vm.wants_step(kind)
    }
    fn step_granularity(&self) -> StepGranularity {
        self.vm.step_granularity()
    }
    fn step(&mut self, info: &StepInfo, spaces: &[SpaceDesc], fill: &mut dyn FnMut(&mut Tiler)) {
        let t = Instant::now();
        self.steps.taken += 1;
        let header = (self.gc, self.steps.taken, self.steps.gc_ms(t));
        if self.vm.publish_step(info, header, spaces, fill) {
            self.steps.sent += 1;
        }
        self.steps.gathering += t.elapsed();
    }
}
