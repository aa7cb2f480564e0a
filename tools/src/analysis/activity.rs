//! `gcvm activity`: the code that ran, and what the threads were doing, before each pause — from
//! a trace recorded with `gcvm run --activity --trace FILE` (docs/trace-format.md, Activity and
//! Thread State events; JOVE's per-interval counters and JIVE's thread states).
//!
//! Per pause, its *window*: by default the time since the previous pause ended, `(previous
//! pause end, this pause start]` (since the trace start for the first pause); with `--window MS`,
//! the `MS` milliseconds before the pause start, `(start - MS, start]`, whatever pauses lie in
//! it. An Activity interval counts in the window its end lies in (a thread reports its interval
//! when it stops for a safepoint, so the interval that ends at a thread's arrival counts before
//! the pause). In the window: the code units (methods, classes or packages) ranked by bytecodes
//! and by allocated bytes, and each thread's time per state, clipped to the window; and, when
//! the trace has the pause's Safepoint event, each thread's states while the VM waited for
//! every thread to stop (from the request to the last arrival): the thread that was still
//! running while the others waited.

use crate::analysis::labels::kind_label;
use crate::reader::{is_gc_thread, Event, EventVisitor, Symbols, TraceError, TraceReader, Visit};
use crate::render::Progress;
use gcvm_tracer::format::{self, MethodActivity, ThreadState, GLOBAL_THREAD};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// What the code is grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeUnit {
    Method,
    Class,
    Package,
}

impl CodeUnit {
    pub fn parse(s: &str) -> Result<CodeUnit, String> {
        match s {
            "method" => Ok(CodeUnit::Method),
            "class" => Ok(CodeUnit::Class),
            "package" => Ok(CodeUnit::Package),
            _ => Err(format!(
                "unknown code unit {s:?}: expected method, class or package"
            )),
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            CodeUnit::Method => "methods",
            CodeUnit::Class => "classes",
            CodeUnit::Package => "packages",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CodeUnit::Method => "method",
            CodeUnit::Class => "class",
            CodeUnit::Package => "package",
        }
    }
}

/// What `gcvm activity` was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivityOptions {
    /// Only this pause (`--around gc:N`).
    pub around: Option<u32>,
    pub by: CodeUnit,
    /// Rows per ranking.
    pub top: usize,
    /// `--window MS`: the window is the MS milliseconds before each pause, instead of the time
    /// since the previous pause.
    pub window_ms: Option<u64>,
}

impl Default for ActivityOptions {
    fn default() -> Self {
        ActivityOptions {
            around: None,
            by: CodeUnit::Method,
            top: 10,
            window_ms: None,
        }
    }
}

/// One pause's safepoint, as its Safepoint and Safepoint arrival events tell it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Safepoint {
    /// The Java thread that asked (None: a collector's controller).
    pub requester: Option<u32>,
    pub requested_us: u64,
    pub all_arrived_us: u64,
    /// (thread, arrived µs), in the order recorded.
    pub arrivals: Vec<(u32, u64)>,
}

/// One pause (a GC start / GC end pair).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pause {
    pub gc: u32,
    pub kind: &'static str,
    pub cause: String,
    pub start_us: u64,
    /// None: the trace ends inside the pause.
    pub end_us: Option<u64>,
    pub safepoint: Option<Safepoint>,
}

/// One thread-state span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateSpan {
    pub thread: u32,
    pub state: ThreadState,
    pub start_us: u64,
    pub end_us: u64,
}

/// One thread's code over one interval: every Activity event of the thread for the interval,
/// added up per method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadInterval {
    pub thread: u32,
    pub start_us: u64,
    pub end_us: u64,
    /// In method id order.
    pub methods: Vec<MethodActivity>,
}

impl ThreadInterval {
    pub fn bytecodes(&self) -> u64 {
        self.methods.iter().map(|m| m.bytecodes).sum()
    }
    pub fn bytes(&self) -> u64 {
        self.methods.iter().map(|m| m.bytes).sum()
    }
}

/// What a trace holds about code activity and thread states, read in one pass.
pub struct ActivityTrace {
    pub file: String,
    /// Mutator thread names, from their Thread Alive events.
    pub names: BTreeMap<u32, String>,
    /// Per (thread, interval), in thread then time order.
    pub intervals: Vec<ThreadInterval>,
    /// Activity events read (several may make one interval).
    pub activity_events: u64,
    /// In file order.
    pub states: Vec<StateSpan>,
    pub pauses: Vec<Pause>,
    pub symbols: Symbols,
}

/// The one-line refusal of a trace recorded without `--activity`.
pub fn no_activity_error(path: &Path) -> TraceError {
    TraceError::message(format!(
        "{} has no activity records: record it with `gcvm run --activity --trace FILE`",
        path.display()
    ))
}

/// Whether the trace's header says it records activity (`HEADER_FLAG_ACTIVITY`).
pub fn records_activity(header: &format::TraceHeader) -> bool {
    header.flags & format::HEADER_FLAG_ACTIVITY != 0
}

impl ActivityTrace {
    /// Reads the trace at `path`; a trace recorded without `--activity` is refused.
    pub fn read(path: impl AsRef<Path>) -> Result<ActivityTrace, TraceError> {
        let path = path.as_ref();
        let mut reader = TraceReader::open(path)?;
        if !records_activity(reader.header()) {
            return Err(no_activity_error(path));
        }
        let total = crate::reconstruct::file_len(path);
        let mut c = Collect {
            progress: Progress::new("reading trace", total),
            n: 0,
            names: BTreeMap::new(),
            raw: BTreeMap::new(),
            activity_events: 0,
            states: Vec::new(),
            pauses: Vec::new(),
            safepoint: None,
        };
        reader.visit_events(&mut c)?;
        c.progress.finish();
        Ok(ActivityTrace {
            file: path.display().to_string(),
            names: c.names,
            intervals: merged(c.raw),
            activity_events: c.activity_events,
            states: c.states,
            pauses: c.pauses,
            symbols: reader.symbols().clone(),
        })
    }

    /// `id (name)`, or the id alone for a thread the trace never named.
    pub fn thread_label(&self, thread: u32) -> String {
        match self.names.get(&thread) {
            Some(n) if !n.is_empty() => format!("{thread} ({n})"),
            _ => thread.to_string(),
        }
    }

    /// The name of the code unit `method` belongs to.
    pub fn unit_name(&self, method: u32, by: CodeUnit) -> String {
        let sy = &self.symbols;
        let Some(m) = sy.methods.get(&method) else {
            return sy.method_label(method);
        };
        match by {
            CodeUnit::Method => format!("{}.{}{}", m.class, m.name, m.descriptor),
            CodeUnit::Class => m.class.clone(),
            CodeUnit::Package => package_of(&m.class),
        }
    }
}

/// The package of a class as the VM names it (`java/util/HashMap` -> `java/util`; a class
/// without one is in `(default package)`).
pub fn package_of(class: &str) -> String {
    match class.rfind(['/', '.']) {
        Some(i) => class[..i].to_string(),
        None => "(default package)".to_string(),
    }
}

/// The Activity events added up per (thread, interval) and per method.
fn merged(raw: BTreeMap<(u32, u64, u64), BTreeMap<u32, MethodActivity>>) -> Vec<ThreadInterval> {
    raw.into_iter()
        .map(|((thread, start_us, end_us), methods)| ThreadInterval {
            thread,
            start_us,
            end_us,
            methods: methods.into_values().collect(),
        })
        .collect()
}

/// Adds `m` into `into` (same method).
fn add(into: &mut MethodActivity, m: &MethodActivity) {
    into.invocations += m.invocations;
    into.bytecodes += m.bytecodes;
    into.objects += m.objects;
    into.bytes += m.bytes;
}

struct Collect {
    progress: Progress,
    n: u64,
    names: BTreeMap<u32, String>,
    raw: BTreeMap<(u32, u64, u64), BTreeMap<u32, MethodActivity>>,
    activity_events: u64,
    states: Vec<StateSpan>,
    pauses: Vec<Pause>,
    /// The Safepoint read last, waiting for its pause's GC start.
    safepoint: Option<(u32, Safepoint)>,
}

impl Collect {
    fn note(&mut self, thread: u32, ev: &Event, sy: &Symbols) {
        let mutator = !is_gc_thread(thread) && thread != GLOBAL_THREAD;
        match ev {
            Event::ThreadAlive { name } if mutator => {
                self.names.insert(thread, name.clone());
            }
            Event::Activity(a) if mutator => {
                self.activity_events += 1;
                let methods = self.raw.entry((thread, a.start_us, a.end_us)).or_default();
                for m in &a.methods {
                    let sum = methods.entry(m.method).or_insert(MethodActivity {
                        method: m.method,
                        ..MethodActivity::default()
                    });
                    add(sum, m);
                }
            }
            &Event::ThreadState {
                state,
                start_us,
                end_us,
            } if mutator => self.states.push(StateSpan {
                thread,
                state,
                start_us,
                end_us,
            }),
            &Event::Safepoint {
                gc_id,
                requester,
                requested_us,
                all_arrived_us,
            } => {
                let s = Safepoint {
                    requester,
                    requested_us,
                    all_arrived_us,
                    arrivals: Vec::new(),
                };
                self.safepoint = Some((gc_id, s));
            }
            &Event::SafepointArrival { thread, arrived_us } => {
                if let Some((_, s)) = &mut self.safepoint {
                    s.arrivals.push((thread, arrived_us));
                }
            }
            &Event::GcStart {
                gc_id,
                kind,
                cause,
                time_us,
            } => {
                let safepoint = match self.safepoint.take() {
                    Some((gc, s)) if gc == gc_id => Some(s),
                    _ => None,
                };
                self.pauses.push(Pause {
                    gc: gc_id,
                    kind: kind_label(kind),
                    cause: sy.cause_name(cause),
                    start_us: time_us,
                    end_us: None,
                    safepoint,
                });
            }
            &Event::GcEnd { gc_id, time_us } => {
                if let Some(p) = self
                    .pauses
                    .iter_mut()
                    .rev()
                    .find(|p| p.gc == gc_id && p.end_us.is_none())
                {
                    p.end_us = Some(time_us);
                }
            }
            _ => {}
        }
    }
}

impl EventVisitor for Collect {
    #[inline]
    fn alloc(&mut self, _: u32, _: u32, _: Option<u32>) -> Result<(), String> {
        Ok(())
    }
    #[inline]
    fn move_fast(&mut self, _: u32, _: u64) -> Result<(), String> {
        Ok(())
    }
    fn event(
        &mut self,
        thread: u32,
        ev: &Event,
        sy: &Symbols,
        position: u64,
    ) -> Result<Visit, String> {
        self.n += 1;
        if self.n & 0xffff == 0 {
            self.progress.update(position);
        }
        self.note(thread, ev, sy);
        Ok(Visit::Go)
    }
}

/// A stretch of the trace's clock: `(from_us, to_us]`; from the trace start (inclusive) when
/// `from_us` is None, to the trace end when `to_us` is None.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub from_us: Option<u64>,
    pub to_us: Option<u64>,
}

impl Window {
    /// Whether an interval ending at `end_us` counts in the window.
    pub fn holds_end(&self, end_us: u64) -> bool {
        self.from_us.is_none_or(|f| end_us > f) && self.to_us.is_none_or(|t| end_us <= t)
    }

    /// How long `[start_us, end_us]` overlaps the window, µs.
    pub fn overlap(&self, start_us: u64, end_us: u64) -> u64 {
        let from = self.from_us.map_or(start_us, |f| start_us.max(f));
        let to = self.to_us.map_or(end_us, |t| end_us.min(t));
        to.saturating_sub(from)
    }
}

/// One code unit's totals in a window.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitTotals {
    pub name: String,
    pub invocations: u64,
    pub bytecodes: u64,
    pub objects: u64,
    pub bytes: u64,
}

/// One thread's time per state (µs), in `ThreadState` order; states it was never in are left
/// out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadTimes {
    pub thread: u32,
    pub label: String,
    pub states: Vec<(ThreadState, u64)>,
}

impl ThreadTimes {
    pub fn time_in(&self, state: ThreadState) -> u64 {
        self.states
            .iter()
            .find(|(s, _)| *s == state)
            .map_or(0, |(_, t)| *t)
    }
}

/// The code and the threads of one window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowActivity {
    pub window: Window,
    /// (thread, interval) pairs whose interval ended in the window.
    pub intervals: u64,
    /// The totals of every unit.
    pub total: UnitTotals,
    /// Units with anything counted in the window.
    pub units: usize,
    /// Every unit that ran or allocated, most bytecodes first (ties by name).
    pub by_bytecodes: Vec<UnitTotals>,
    /// Every unit that allocated, most bytes first (ties by name).
    pub by_bytes: Vec<UnitTotals>,
    /// Every thread with time in a state in the window, by id.
    pub threads: Vec<ThreadTimes>,
}

/// A thread at a safepoint: when it arrived, and its states from the request to its arrival.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadArrival {
    pub times: ThreadTimes,
    pub arrived_us: u64,
}

/// The wait for a pause's safepoint: from the request to the last arrival.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafepointWait {
    pub requester: Option<String>,
    pub requested_us: u64,
    pub all_arrived_us: u64,
    /// The threads, the last to arrive first; their states are those from the request to the
    /// last arrival.
    pub threads: Vec<ThreadArrival>,
}

/// One pause and the activity before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PauseActivity {
    pub pause: Pause,
    pub before: WindowActivity,
    pub safepoint: Option<SafepointWait>,
}

/// What `gcvm activity` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityReport {
    pub file: String,
    pub options: ActivityOptions,
    /// Every pause, or the one asked for.
    pub pauses: Vec<PauseActivity>,
    /// The whole trace, when it has no pause.
    pub overall: Option<WindowActivity>,
}

/// Reads the trace at `path` and reports its activity as `options` ask.
pub fn report(
    path: impl AsRef<Path>,
    options: ActivityOptions,
) -> Result<ActivityReport, TraceError> {
    let t = ActivityTrace::read(path)?;
    report_of(&t, options)
}

/// The report of a trace already read.
pub fn report_of(
    t: &ActivityTrace,
    options: ActivityOptions,
) -> Result<ActivityReport, TraceError> {
    let chosen = chosen_pauses(t, options.around)?;
    let pauses = chosen
        .into_iter()
        .map(|i| pause_activity(t, i, options))
        .collect();
    let overall = t.pauses.is_empty().then(|| {
        let all = Window {
            from_us: None,
            to_us: None,
        };
        window_activity(t, all, options.by)
    });
    Ok(ActivityReport {
        file: t.file.clone(),
        options,
        pauses,
        overall,
    })
}

/// Indexes into `t.pauses`: all, or the one `--around` names (a one-line error if the trace
/// has no such collection).
fn chosen_pauses(t: &ActivityTrace, around: Option<u32>) -> Result<Vec<usize>, TraceError> {
    let Some(gc) = around else {
        return Ok((0..t.pauses.len()).collect());
    };
    match t.pauses.iter().position(|p| p.gc == gc) {
        Some(i) => Ok(vec![i]),
        None => Err(TraceError::message(format!(
            "collection gc:{gc} not found: {}",
            collections_phrase(&t.pauses)
        ))),
    }
}

/// "the trace has collections 0..=9" (or "has no collections").
fn collections_phrase(pauses: &[Pause]) -> String {
    match (pauses.first(), pauses.last()) {
        (Some(a), Some(b)) => format!("the trace has collections {}..={}", a.gc, b.gc),
        _ => "the trace has no collections".to_string(),
    }
}

/// The window before pause `i`: since the previous pause's end, or `window_ms` before its
/// start.
fn window_before(t: &ActivityTrace, i: usize, window_ms: Option<u64>) -> Window {
    let start = t.pauses[i].start_us;
    let from_us = match window_ms {
        Some(ms) => start.checked_sub(ms.saturating_mul(1000)),
        None => i
            .checked_sub(1)
            .map(|p| t.pauses[p].end_us.unwrap_or(t.pauses[p].start_us)),
    };
    Window {
        from_us,
        to_us: Some(start),
    }
}

fn pause_activity(t: &ActivityTrace, i: usize, options: ActivityOptions) -> PauseActivity {
    let pause = t.pauses[i].clone();
    let window = window_before(t, i, options.window_ms);
    PauseActivity {
        before: window_activity(t, window, options.by),
        safepoint: pause.safepoint.as_ref().map(|s| safepoint_wait(t, s)),
        pause,
    }
}

/// The units' totals and the threads' states in `w`.
pub fn window_activity(t: &ActivityTrace, w: Window, by: CodeUnit) -> WindowActivity {
    let mut per_method: HashMap<u32, MethodActivity> = HashMap::new();
    let mut intervals = 0;
    for iv in t.intervals.iter().filter(|iv| w.holds_end(iv.end_us)) {
        intervals += 1;
        for m in &iv.methods {
            add(per_method.entry(m.method).or_default(), m);
        }
    }
    let units = unit_totals(t, &per_method, by);
    let total = units.iter().fold(UnitTotals::default(), |mut s, u| {
        s.invocations += u.invocations;
        s.bytecodes += u.bytecodes;
        s.objects += u.objects;
        s.bytes += u.bytes;
        s
    });
    WindowActivity {
        window: w,
        intervals,
        total,
        units: units.len(),
        by_bytecodes: ranked(&units, |u| u.bytecodes),
        by_bytes: ranked(&units, |u| u.bytes),
        threads: thread_times(t, w, None),
    }
}

/// The methods' sums grouped into units, named.
fn unit_totals(
    t: &ActivityTrace,
    per_method: &HashMap<u32, MethodActivity>,
    by: CodeUnit,
) -> Vec<UnitTotals> {
    let mut units: BTreeMap<String, UnitTotals> = BTreeMap::new();
    for (&method, m) in per_method {
        let name = t.unit_name(method, by);
        let u = units.entry(name.clone()).or_insert_with(|| UnitTotals {
            name,
            ..UnitTotals::default()
        });
        u.invocations += m.invocations;
        u.bytecodes += m.bytecodes;
        u.objects += m.objects;
        u.bytes += m.bytes;
    }
    units.into_values().collect()
}

/// The units with a non-zero `key`, largest first, ties by name (`units` is in name order).
fn ranked(units: &[UnitTotals], key: fn(&UnitTotals) -> u64) -> Vec<UnitTotals> {
    let mut v: Vec<UnitTotals> = units.iter().filter(|u| key(u) > 0).cloned().collect();
    v.sort_by_key(|u| std::cmp::Reverse(key(u)));
    v
}

/// Per thread with time in `w` (only `only`, if given), its time per state in `w`; a span that
/// only touches the window (no time in it) is left out.
fn thread_times(t: &ActivityTrace, w: Window, only: Option<&[u32]>) -> Vec<ThreadTimes> {
    let mut per: BTreeMap<u32, BTreeMap<ThreadState, u64>> = BTreeMap::new();
    for s in &t.states {
        if only.is_some_and(|o| !o.contains(&s.thread)) {
            continue;
        }
        let overlap = w.overlap(s.start_us, s.end_us);
        if overlap > 0 {
            *per.entry(s.thread).or_default().entry(s.state).or_default() += overlap;
        }
    }
    per.into_iter()
        .map(|(thread, states)| ThreadTimes {
            thread,
            label: t.thread_label(thread),
            states: states.into_iter().collect(),
        })
        .collect()
}

/// Each thread's arrival and its states from the request to the last arrival.
fn safepoint_wait(t: &ActivityTrace, s: &Safepoint) -> SafepointWait {
    let w = Window {
        from_us: Some(s.requested_us),
        to_us: Some(s.all_arrived_us),
    };
    let ids: Vec<u32> = s.arrivals.iter().map(|&(th, _)| th).collect();
    let times = thread_times(t, w, Some(&ids));
    let mut threads: Vec<ThreadArrival> = s
        .arrivals
        .iter()
        .map(|&(thread, arrived_us)| ThreadArrival {
            times: times
                .iter()
                .find(|x| x.thread == thread)
                .cloned()
                .unwrap_or_else(|| ThreadTimes {
                    thread,
                    label: t.thread_label(thread),
                    states: Vec::new(),
                }),
            arrived_us,
        })
        .collect();
    threads.sort_by_key(|a| (std::cmp::Reverse(a.arrived_us), a.times.thread));
    SafepointWait {
        requester: s.requester.map(|r| t.thread_label(r)),
        requested_us: s.requested_us,
        all_arrived_us: s.all_arrived_us,
        threads,
    }
}
