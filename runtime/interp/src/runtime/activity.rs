//! Code activity (JOVE) and thread states (JIVE), counted as the program runs
//! (`gcvm run --activity[=MS]`, docs/code-activity.md).
//!
//! # What is counted
//! Per thread and per interval (10 ms by default), per method: the calls that entered it, the
//! instructions executed in it, and the objects and bytes allocated while it was the running
//! frame. Per thread, the time spent in each `ThreadState`: running, blocked on a monitor,
//! waiting, sleeping, stopped at a safepoint for the others, stopped for a collection, in
//! native code that may block.
//!
//! # How, cheaply
//! JOVE paid 3-4x for its bytecode instrumentation; an interpreter already holds the thread
//! context, so counting is a few adds in places the interpreter passes anyway:
//! - The interpreter (exec/interp.rs) is compiled counting and not (`run_frames::<COUNTING,
//!   DEATHS>`), so a run without `--activity` runs the loop it ran before.
//! - Instructions are counted per straight run, not per instruction: the running frame's local
//!   counter subtracts the address a run starts at and adds the address it ends after, at
//!   taken branches (in instruction addresses: both are at hand there). While the frame waits
//!   for a callee, its count waits at its depth in the thread's stack
//!   (`ThreadStack::frame_counts`).
//! - A frame hands its count to its method's counter once, when it returns (or is unwound),
//!   with one invocation: one update of a table indexed by method id (`MethodCounts`) per
//!   call. Natives and trivial methods run in place are counted where they run. The counting
//!   loop counts its own allocations in line, for the method at hand (`new_object_counted`);
//!   others, behind the trace's flag in `JThread::alloc` (`ThreadStack::observed`), for the top
//!   frame.
//! - Intervals swap without locks on the hot path: a ticker thread advances the VM's interval
//!   number, kept in the safepoint poll word above the request bit (`Threads::poll_word`). The
//!   counting loop's polls at method entries and backward branches compare the word with the
//!   one they expect (`quiet_poll_word`: no request, this thread's interval), so one compare
//!   asks both whether to stop and whether the interval is over; when the word differs,
//!   `JThread::poll_counting` stops for the safepoint if asked and, if the interval moved on,
//!   reports the one counted (every frame's count included) and starts the next. JOVE swapped
//!   per-thread buffers from a timer thread; here each thread swaps its own.
//! - States change only where a thread lets go of its stack (`JThread::blocking`): it reports
//!   its running span there, and its blocked span when it takes its stack back, so a thread's
//!   spans tile its life. Stopping at a safepoint also reports the counts, so when the world is
//!   stopped the counts up to each thread's stop are reported (a loop's frame saves its count
//!   before it stops at its poll).
//!
//! # Where it goes
//! To the trace (Activity and Thread State events in the thread's own chunks, Method symbols
//! for every loaded method) and, when the heap is streamed, to the frames' `activity` through
//! an `ActivityFeed`, so a heap frame shows the code that ran in the interval before it.

use crate::model::class::{death_context, Method};
use crate::runtime::safepoints::{quiet_poll_word, Threads};
use crate::runtime::thread::{JThread, ThreadStack};
use crate::runtime::vm::Vm;
use gcvm_tracer::format::{MethodActivity, ThreadState};
use gcvm_tracer::stream::activity::{ActivityFeed, Counts};
use gcvm_tracer::stream::StreamHub;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The VM's side: the interval clock, and the feed of the heap streams when they are on.
/// The interval number itself lives in the poll word (`Threads::poll_word`), beside the
/// safepoint request, so that a counting loop notices both at one compare.
pub struct CodeActivity {
    pub interval: Duration,
    /// The streams' clock: frames' `time_ms` count from here.
    origin: Instant,
    /// The heap streams' feed and their hub (None when nothing streams). Counts are fed
    /// always (one entry per class); thread spans only while somebody watches, so that an
    /// unwatched run keeps no growing list.
    pub(crate) feed: Option<(Arc<StreamHub>, Mutex<ActivityFeed>)>,
    ticker_stop: Arc<AtomicBool>,
}

impl CodeActivity {
    /// The interval clock of a VM started at `origin` (the streams' time 0); it runs from
    /// `start_clock`.
    pub fn new(interval: Duration, origin: Instant, hub: Option<Arc<StreamHub>>) -> CodeActivity {
        CodeActivity {
            interval,
            origin,
            feed: hub.map(|hub| (hub, Mutex::new(ActivityFeed::new()))),
            ticker_stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts the ticker thread that advances `threads`' interval number every interval.
    pub(crate) fn start_clock(&self, threads: &'static Threads) {
        let (stop, origin, interval) = (self.ticker_stop.clone(), self.origin, self.interval);
        let _ = std::thread::Builder::new()
            .name("gcvm activity clock".into())
            .spawn(move || tick_intervals(threads, &stop, origin, interval));
    }

    /// `t` on the streams' clock, in milliseconds.
    pub fn ms(&self, t: Instant) -> f64 {
        t.saturating_duration_since(self.origin).as_secs_f64() * 1e3
    }

    /// The activity since the previous frame, for a frame gathered now (None without streams).
    pub(crate) fn take_frame(&self) -> Option<gcvm_tracer::stream::activity::FrameActivity> {
        let now = self.ms(Instant::now());
        self.feed.as_ref().map(|(_, f)| f.lock().take_frame(now))
    }
}

impl Drop for CodeActivity {
    fn drop(&mut self) {
        self.ticker_stop.store(true, Ordering::Relaxed);
    }
}

fn tick_intervals(threads: &Threads, stop: &AtomicBool, origin: Instant, interval: Duration) {
    while !stop.load(Ordering::Relaxed) {
        let elapsed = origin.elapsed();
        let n = (elapsed.as_nanos() / interval.as_nanos().max(1)) as u32;
        threads.advance_activity_interval(n);
        let next = interval * (n + 1);
        std::thread::sleep(next.saturating_sub(elapsed).max(Duration::from_micros(100)));
    }
}

/// One thread's state for `--activity` besides its method counts: the interval it counts
/// in, and its current state's start.
pub struct ThreadActivity {
    /// The interval being counted (`Threads::activity_interval` when it began).
    pub epoch: u32,
    interval_start: Instant,
    /// When the thread entered its current state (it is running whenever it counts).
    state_since: Instant,
}

impl ThreadActivity {
    pub fn new(vm: &Vm) -> Option<Box<ThreadActivity>> {
        vm.activity.as_ref()?;
        let now = Instant::now();
        Some(Box::new(ThreadActivity {
            epoch: vm.threads.activity_interval(),
            interval_start: now,
            state_since: now,
        }))
    }
}

impl ThreadStack {
    /// Keeps the count of the frame at depth `fi` while a callee runs.
    #[inline(always)]
    pub(crate) fn keep_frame_count(&mut self, fi: usize, n: u64) {
        match self.frame_counts.get_mut(fi) {
            Some(kept) => *kept = n,
            None => self.grow_frame_counts(fi, n),
        }
    }

    /// Keeps `n` at depth `fi`, beyond the depths kept so far.
    #[cold]
    #[inline(never)]
    fn grow_frame_counts(&mut self, fi: usize, n: u64) {
        let len = (fi + 1).max(2 * self.frame_counts.len()).max(64);
        self.frame_counts.resize(len, 0);
        self.frame_counts[fi] = n;
    }

    /// Takes back the count kept for the frame at depth `fi` (0 if none).
    #[inline(always)]
    pub(crate) fn take_frame_count(&mut self, fi: usize) -> u64 {
        self.frame_counts.get_mut(fi).map_or(0, std::mem::take)
    }
}

/// One thread's counts per method id for the current interval. In the thread's stack itself,
/// not behind `activity`, so that counting a return is one look-up from the thread. The ids
/// counted since the last report are listed, so that a report costs what the thread ran, not
/// the number of methods loaded (a ring of 500 threads reports at almost every handoff).
#[derive(Default)]
pub struct MethodCounts {
    /// Per method id.
    counts: Vec<Tally>,
    /// The ids whose `Tally::touched` is set.
    touched: Vec<u32>,
}

/// One method's counts in one thread's interval. Each update adds to two fields 16 bytes apart
/// (a call: invocations and bytecodes; an allocation: objects and bytes): two adjacent ones
/// would be added as one vector, which takes more instructions than two plain adds.
#[derive(Clone, Copy, Default)]
struct Tally {
    invocations: u64,
    objects: u64,
    bytecodes: u64,
    bytes: u64,
    /// Listed in `MethodCounts::touched`.
    touched: bool,
}

impl MethodCounts {
    /// The counts of `method`, listed as touched. One bounds check on the way that counts.
    #[inline(always)]
    fn of(&mut self, method: &Method) -> &mut Tally {
        let id = method.id as usize;
        let t = if id < self.counts.len() {
            &mut self.counts[id]
        } else {
            grow_to(&mut self.counts, id)
        };
        if !t.touched {
            t.touched = true;
            list_touched(&mut self.touched, method.id);
        }
        t
    }

    /// `n` instructions ran in `method` (a frame still on the stack).
    #[inline]
    pub fn bytecodes(&mut self, method: &Method, n: u64) {
        if n > 0 {
            self.of(method).bytecodes += n;
        }
    }

    /// One call of `method` and `n` of its instructions not counted yet: a frame that returns
    /// (invocations are counted when they end: one counter update per call, where the frame
    /// hands over its count anyway), or a method run in place (a trivial one, or a native).
    #[inline(always)]
    pub fn called(&mut self, method: &Method, n: u64) {
        let c = self.of(method);
        c.invocations += 1;
        c.bytecodes += n;
    }

    /// `method`, the running frame, allocated an object of `size` bytes.
    #[inline]
    pub fn allocated(&mut self, method: &Method, size: usize) {
        let c = self.of(method);
        c.objects += 1;
        c.bytes += size as u64;
    }

    /// Takes the interval's counts, clearing them.
    fn take(&mut self) -> Vec<(u32, Counts)> {
        let mut out = Vec::with_capacity(self.touched.len());
        for id in self.touched.drain(..) {
            let t = std::mem::take(&mut self.counts[id as usize]);
            debug_assert!(t.touched);
            let c = Counts {
                invocations: t.invocations,
                bytecodes: t.bytecodes,
                objects: t.objects,
                bytes: t.bytes,
            };
            if c != Counts::default() {
                out.push((id, c));
            }
        }
        out
    }
}

/// Lists method `id` as touched this interval: once per method and interval, out of line.
#[cold]
#[inline(never)]
fn list_touched(touched: &mut Vec<u32>, id: u32) {
    touched.push(id);
}

/// Grows a thread's table to cover method `id`, and gives its entry.
#[cold]
#[inline(never)]
fn grow_to(counts: &mut Vec<Tally>, id: usize) -> &mut Tally {
    // To the next 256 ids, not doubling: a thread's table covers the methods loaded when it
    // ran, and hundreds of threads each hold one.
    counts.resize((id + 256) & !255, Tally::default());
    &mut counts[id]
}

impl JThread {
    /// One call of `method` with `n` instructions not counted yet: a frame that returns or is
    /// unwound, or a trivial method (empty, or a getter) run in place.
    #[inline(always)]
    pub(crate) fn count_call(&mut self, method: &Method, n: usize) {
        self.method_counts.called(method, n as u64);
    }

    /// A native is entered: one call, in the interval the VM is in now (reporting the previous
    /// one first if it moved on).
    pub(crate) fn count_native_call(&mut self, method: &Method) {
        self.next_activity_interval();
        self.count_call(method, 0);
    }

    /// If the VM's interval moved on, report the one this thread counted and start the next.
    /// The interpreter saves the running frame's count first (`sync_saving!`).
    #[inline]
    pub(crate) fn next_activity_interval(&mut self) {
        let now = self.vm.threads.activity_interval();
        match &self.activity {
            Some(a) if a.epoch != now => self.report_activity(Instant::now()),
            _ => {}
        }
    }

    /// A counting loop's poll found the poll word other than the quiet word it expected: stop
    /// for the safepoint if one is requested, report the interval if the VM moved on. Returns
    /// the quiet word to expect from now on (the interval now counted, no safepoint). Frames
    /// must be synced and the running frame's count saved.
    #[cold]
    #[inline(never)]
    pub(crate) fn poll_counting(&mut self) -> u32 {
        self.safepoint_poll();
        self.next_activity_interval();
        self.quiet_poll_word()
    }

    /// The poll word a counting loop expects while it has nothing to do: no safepoint, and the
    /// interval this thread counts in.
    pub(crate) fn quiet_poll_word(&self) -> u32 {
        self.activity
            .as_ref()
            .map_or(0, |a| quiet_poll_word(a.epoch))
    }

    /// Reports the counts since the interval began (up to `now`) and begins the next interval
    /// at `now`.
    #[cold]
    pub(crate) fn report_activity(&mut self, now: Instant) {
        let vm = self.vm;
        let Some(clock) = &vm.activity else { return };
        let thread = self.id;
        let st: &mut ThreadStack = self;
        let Some(a) = st.activity.as_mut() else {
            return;
        };
        // The instructions that frames waiting for their callees ran this interval.
        for (f, n) in st.frames.iter().zip(st.frame_counts.iter_mut()) {
            st.method_counts.bytecodes(f.method, std::mem::take(n));
        }
        let start = a.interval_start;
        let counts = st.method_counts.take();
        a.interval_start = now;
        a.epoch = vm.threads.activity_interval();
        if counts.is_empty() {
            return;
        }
        if let Some(events) = st.events.as_mut() {
            let methods: Vec<MethodActivity> = counts
                .iter()
                .map(|&(id, c)| MethodActivity {
                    method: death_context(vm.classes.method_by_id(id)),
                    invocations: c.invocations,
                    bytecodes: c.bytecodes,
                    objects: c.objects,
                    bytes: c.bytes,
                })
                .collect();
            events.activity(start, now, &methods);
        }
        if let Some((_, feed)) = &clock.feed {
            let mut feed = feed.lock();
            for (id, c) in counts {
                let m = vm.classes.method_by_id(id);
                feed.counts(thread, &vm.classes.class(m.class_id).name, c);
            }
        }
    }

    /// Does anybody record this thread's states: the trace, or heap streams somebody watches or
    /// records? Nobody watching, blocking skips them (a thread handing a token to another
    /// hundreds of thousands of times a second would pay three clock reads per handoff). A
    /// viewer that connects later sees the first span of each thread start at its last
    /// recorded change.
    pub(crate) fn states_recorded(&self) -> bool {
        self.events.is_some()
            || self
                .vm
                .activity
                .as_ref()
                .and_then(|c| c.feed.as_ref())
                .is_some_and(|(hub, _)| hub.is_active())
    }

    /// The thread was in `state` from its last change until `now`.
    pub(crate) fn change_state(&mut self, state: ThreadState, now: Instant) {
        let vm = self.vm;
        let Some(clock) = &vm.activity else { return };
        let thread = self.id;
        let st: &mut ThreadStack = self;
        let Some(a) = st.activity.as_mut() else {
            return;
        };
        let since = std::mem::replace(&mut a.state_since, now);
        if let Some(events) = st.events.as_mut() {
            events.thread_state(state, since, now);
        }
        if let Some((hub, feed)) = &clock.feed {
            if hub.is_active() {
                feed.lock()
                    .state(thread, state, clock.ms(since), clock.ms(now));
            }
        }
    }

    /// The thread is about to let go of its stack to block as `state`: its running span ends.
    /// Stopping at a safepoint (or ending) also reports its counts, so that a frame gathered in
    /// the pause shows them; other blocking leaves them to the interval's end (a thread handing
    /// a token to another thousands of times a second would otherwise report at every handoff).
    pub(crate) fn activity_before_blocking(&mut self, state: ThreadState) {
        let now = Instant::now();
        if state == ThreadState::Safepoint {
            self.report_activity(now);
        }
        self.change_state(ThreadState::Running, now);
    }

    /// The thread took its stack back after blocking as `state` until `woke` (when what it
    /// waited for happened): it was `state` until then, and stopped for a collection from then
    /// on if taking its stack back had to wait for one. A safepoint stop is split where the
    /// world was stopped: before, it waited for the other threads; after, a collection (or
    /// another safepoint operation) ran; its counts were reported at the stop, so its next
    /// interval starts now.
    pub(crate) fn activity_after_blocking(&mut self, state: ThreadState, woke: Instant) {
        let now = Instant::now();
        if state == ThreadState::Safepoint {
            // Stopped for a pause if the world was stopped while this thread was; otherwise a
            // safepoint that stopped this thread alone (an execution sample).
            let stopped = self.vm.threads.world_stopped_at();
            let since = self.activity.as_ref().map_or(now, |a| a.state_since);
            match stopped.filter(|&t| t >= since && t <= now) {
                Some(at) => {
                    self.change_state(ThreadState::Safepoint, at);
                    self.change_state(ThreadState::Gc, now);
                }
                None => self.change_state(ThreadState::Safepoint, now),
            }
            if let Some(a) = self.activity.as_mut() {
                a.interval_start = now;
            }
        } else {
            // A wake-up that had to wait for a pause to end before running again: the world
            // was stopped while the thread waited (a wait for a CPU alone is not a pause).
            const NOTICEABLE: Duration = Duration::from_micros(50);
            let paused = self.vm.threads.world_stopped_within(woke, now);
            if paused && now.saturating_duration_since(woke) > NOTICEABLE {
                self.change_state(state, woke);
                self.change_state(ThreadState::Gc, now);
            } else {
                self.change_state(state, now);
            }
        }
    }

    /// The thread starts: names it for the streams' strips.
    pub(crate) fn activity_thread_started(&mut self) {
        if let Some((_, feed)) = self.vm.activity.as_ref().and_then(|c| c.feed.as_ref()) {
            feed.lock().thread_name(self.id, &self.name);
        }
    }

    /// The thread ends: its last running span and counts.
    pub(crate) fn activity_thread_ended(&mut self) {
        if self.activity.is_some() {
            self.report_activity(Instant::now());
            self.change_state(ThreadState::Running, Instant::now());
        }
    }
}
