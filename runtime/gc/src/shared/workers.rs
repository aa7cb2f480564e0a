//! The parallel GC worker pool: work stealing over crossbeam-deque with a termination protocol.
//!
//! A collector phase that discovers its work as it goes (marking: scanning one object finds more
//! objects to scan) is run as a set of *tasks* that workers take, process, and that may push new
//! tasks. Any collector can use it; the mark-compact collector's marking is the first user.
//!
//! # Structure (as in HotSpot's TaskQueueSet and Rayon's scheduler)
//!
//! ```text
//!            seeds ──► Injector (shared FIFO: seeds + overflow from full local deques)
//!                          │ steal_batch_and_pop
//!   worker 0: Worker (LIFO deque) ◄─ push/pop ─ process(task) ─► push(new task)
//!   worker 1: Worker (LIFO deque) ◄────── steal half ────── Stealer of worker 0
//!   ...
//! ```
//!
//! - Each worker owns a LIFO deque (`crossbeam_deque::Worker`): it pushes and pops at one end,
//!   which makes marking depth-first and cache friendly. Other workers steal half of it from the
//!   other end through its `Stealer` when they run dry.
//! - The `Injector` is the shared list: the seeds (for marking: the roots) go there, and so do
//!   tasks a worker cannot keep because its deque is at `local_capacity` (it *spills* half of its
//!   deque there, which also hands work to idle workers).
//! - Memory is bounded: when the local deque is full *and* the shared list holds
//!   `shared_capacity` tasks, `Tasks::push` refuses the task and gives it back (`Err`). The caller
//!   must remember that something was dropped and recover (the mark-compact collector rescans the
//!   heap for marked objects with unmarked children).
//!
//! # Termination
//!
//! A worker with no task of its own and nothing to steal *offers termination*: it increments the
//! shared idle count, then spins (with backoff and `yield_now`, since GC threads share cores with
//! everything else). While spinning it peeks at the injector and the other deques; if any holds
//! work it decrements the count and goes back to stealing. When the count reaches the number of
//! workers, every worker is idle and the phase is over.
//!
//! Why that is safe: only a worker that is processing a task (not idle) pushes tasks, and a worker
//! only goes idle after finding its own deque empty and failing to steal from the injector and
//! every other deque *after its last push*. So when all workers are idle, no deque and no injector
//! entry can hold work, and none can appear. A worker that saw work just before the count reached
//! the total and decrements afterwards finds nothing, re-offers and sees the total again (workers
//! that have left keep their idle count).
//!
//! If a worker panics, a guard raises an abort flag so the others stop spinning; the panic is
//! re-raised on the calling thread when the scope joins.
//!
//! Workers are counted as they *arrive*: the termination check compares the idle count with the
//! workers that have started, not with the pool's size. A helper the OS has not scheduled yet
//! (on a two-core machine the other core may be busy, or the hypervisor's) holds no work — the
//! seeds are in the injector — so the phase need not wait for it: it arrives, finds nothing and
//! leaves.
//!
//! With one thread the calling thread runs the loop itself. With more, the calling thread is
//! worker 0 and the others are **helper threads** that live for the whole process (HotSpot's
//! WorkerThreads), started with the heap (`start_helpers`) and parked between pauses: a phase
//! posts a job, wakes them and, when worker 0 has terminated, closes the job and waits only for
//! the helpers that joined it (awake for up to 200 µs first: they are leaving, and a caller that
//! slept at once lost ~70 µs a pause to waking its CPU). A helper that leaves a job watches for
//! the next one, awake, for 150 µs before it parks (`HELPER_SPIN`): a pause's phases follow
//! each other within microseconds, and a parked helper woke tens of microseconds into a phase
//! that may last a hundred (mark-compact's compaction of MultiThreadAlloc, 2 workers against 1:
//! 0.87x, 1.08x with the watch, 1.60x with the mark bits also cleared in parallel). Before,
//! each phase spawned scoped threads and joined them: a pause paid the spawn, and one helper
//! scheduled 4 ms late (MultiThreadAlloc, `-Xlog:gc*` showed it starting at +4.4 ms after
//! worker 0 had done all the work) made the whole pause 4 ms longer.
//!
//! Helpers are **steered off the calling thread's CPU** (Linux; `placement`): before a job is
//! posted, every helper may run on any CPU the process may use except the one worker 0 is on.
//! Otherwise the kernel wakes a helper on the waker's CPU when it judges the machine busy (a
//! mutator had both cores a moment before), the helper preempts worker 0 there, and the two
//! share one core while the other idles until the load balancer moves one of them: 3-6 ms on
//! the two-core machine (`perf sched` showed it in BinaryTrees' first pause).

use crossbeam_deque::{Injector, Steal, Stealer, Worker};
use gcvm_tracer::{GcEventSink, WorkerActivity};
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Reports what each worker did in a parallel phase to the trace (`GcEventSink::
/// worker_activity`), after the phase, from the workers' own tallies: `stats[i]` is worker i's
/// (as `run` returns them, or merged with `WorkerStats::add` over several runs) and
/// `amounts(i)` the objects and bytes it processed, which only the collector knows. Workers
/// that never ran are left out. Costs nothing when the sink records nothing.
pub fn report_activity(
    events: &mut dyn GcEventSink,
    phase: &str,
    stats: &[WorkerStats],
    amounts: impl Fn(usize) -> (u64, u64),
) {
    if !events.wants_phase_times() {
        return;
    }
    let workers: Vec<WorkerActivity> = stats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let (objects, bytes) = amounts(i);
            Some(WorkerActivity {
                worker: i as u32,
                start: s.started?,
                end: s.finished?,
                objects,
                bytes,
                steals: s.steals,
            })
        })
        .collect();
    if !workers.is_empty() {
        events.worker_activity(phase, &workers);
    }
}

/// Default bound of a worker's own deque (tasks).
pub const DEFAULT_LOCAL_CAPACITY: usize = 1 << 14;
/// Default bound of the shared overflow list (tasks).
pub const DEFAULT_SHARED_CAPACITY: usize = 1 << 18;

/// A pool description: how many workers and how much each may queue. The helper threads are
/// the process's (`helpers`), so the pool itself holds no threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerPool {
    threads: usize,
    local_capacity: usize,
    shared_capacity: usize,
}

/// What one worker did during one `run`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorkerStats {
    /// When the worker started looking for tasks and when it terminated (two clock reads per
    /// worker per run). After `add`: the earliest start and the latest end.
    pub started: Option<Instant>,
    pub finished: Option<Instant>,
    /// Tasks processed.
    pub tasks: u64,
    /// Successful steals from other workers' deques (each takes up to half of the victim's).
    pub steals: u64,
    /// Tasks moved from this worker's full deque to the shared list.
    pub spilled: u64,
    /// Tasks refused because both the deque and the shared list were full.
    pub refused: u64,
}

impl WorkerStats {
    pub fn add(&mut self, other: &WorkerStats) {
        self.started = match (self.started, other.started) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.finished = self.finished.max(other.finished);
        self.tasks += other.tasks;
        self.steals += other.steals;
        self.spilled += other.spilled;
        self.refused += other.refused;
    }
}

/// State shared by the workers of one `run`.
struct Shared<T> {
    injector: Injector<T>,
    stealers: Vec<Stealer<T>>,
    /// Workers that have started (late helpers arrive after others may have finished).
    arrived: AtomicUsize,
    idle: AtomicUsize,
    aborted: AtomicBool,
    local_capacity: usize,
    shared_capacity: usize,
}

/// The handle a task uses to push more tasks.
pub struct Tasks<'a, T> {
    worker: usize,
    local: &'a Worker<T>,
    shared: &'a Shared<T>,
    stats: &'a mut WorkerStats,
}

impl<T> Tasks<'_, T> {
    /// Index of the worker running this task (0 is the calling thread).
    pub fn worker(&self) -> usize {
        self.worker
    }

    /// Tasks waiting in this worker's own deque (others may steal them).
    pub fn queued(&self) -> usize {
        self.local.len()
    }

    /// Queues `task`. Returns it back when the local deque and the shared list are both full:
    /// the caller must then remember the loss and recover from it.
    pub fn push(&mut self, task: T) -> Result<(), T> {
        let shared = self.shared;
        if self.local.len() < shared.local_capacity {
            self.local.push(task);
            return Ok(());
        }
        if shared.injector.len() < shared.shared_capacity {
            // Spill half of the deque (its newest tasks) so idle workers can take them.
            for _ in 0..shared.local_capacity.div_ceil(2) {
                match self.local.pop() {
                    Some(t) => {
                        shared.injector.push(t);
                        self.stats.spilled += 1;
                    }
                    None => break,
                }
            }
            self.local.push(task);
            return Ok(());
        }
        self.stats.refused += 1;
        Err(task)
    }
}

/// Raises the abort flag if its worker unwinds, so the other workers stop waiting for it.
struct AbortOnPanic<'a>(&'a AtomicBool);

impl Drop for AbortOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

impl<T> Shared<T> {
    /// Takes work from the injector or another worker's deque; None when everything looked empty.
    fn find_task(&self, id: usize, local: &Worker<T>, stats: &mut WorkerStats) -> Option<T> {
        let n = self.stealers.len();
        loop {
            let mut retry = false;
            match self.injector.steal_batch_and_pop(local) {
                Steal::Success(t) => return Some(t),
                Steal::Retry => retry = true,
                Steal::Empty => {}
            }
            for k in 1..n {
                match self.stealers[(id + k) % n].steal_batch_and_pop(local) {
                    Steal::Success(t) => {
                        stats.steals += 1;
                        return Some(t);
                    }
                    Steal::Retry => retry = true,
                    Steal::Empty => {}
                }
            }
            if !retry {
                return None;
            }
        }
    }

    /// Whether some queue other than worker `id`'s (which is empty) may hold work.
    fn work_visible(&self, id: usize) -> bool {
        !self.injector.is_empty()
            || self
                .stealers
                .iter()
                .enumerate()
                .any(|(i, s)| i != id && !s.is_empty())
    }

    /// Offers termination; true when every worker is idle (the phase is over), false when work
    /// appeared and this worker should go back to stealing.
    fn offer_termination(&self, id: usize) -> bool {
        self.idle.fetch_add(1, Ordering::SeqCst);
        let mut spins = 0u32;
        loop {
            let everyone_idle =
                self.idle.load(Ordering::SeqCst) == self.arrived.load(Ordering::SeqCst);
            if everyone_idle || self.aborted.load(Ordering::SeqCst) {
                return true;
            }
            if self.work_visible(id) {
                self.idle.fetch_sub(1, Ordering::SeqCst);
                return false;
            }
            if spins < 64 {
                std::hint::spin_loop();
                spins += 1;
            } else {
                std::thread::yield_now();
            }
        }
    }
}

fn work<T, S, F>(
    id: usize,
    local: Worker<T>,
    shared: &Shared<T>,
    state: &mut S,
    process: &F,
) -> WorkerStats
where
    F: Fn(&mut S, T, &mut Tasks<'_, T>),
{
    let _guard = AbortOnPanic(&shared.aborted);
    shared.arrived.fetch_add(1, Ordering::SeqCst);
    let mut stats = WorkerStats {
        started: Some(Instant::now()),
        ..WorkerStats::default()
    };
    loop {
        let task = match local.pop() {
            Some(t) => Some(t),
            None => shared.find_task(id, &local, &mut stats),
        };
        match task {
            Some(t) => {
                stats.tasks += 1;
                let mut tasks = Tasks {
                    worker: id,
                    local: &local,
                    shared,
                    stats: &mut stats,
                };
                process(state, t, &mut tasks);
            }
            None => {
                if shared.offer_termination(id) {
                    stats.finished = Some(Instant::now());
                    return stats;
                }
            }
        }
    }
}

/// Pauses running now, in any heap of the process (`PauseWindow`). A helper that has left a
/// job stays awake for the next only while one is: a pause's phases follow one another within
/// microseconds, but between two concurrent phases the program runs, and an awake helper
/// spinning for nothing held one of two CPUs the program's threads needed, to reach the next
/// safepoint among other things (concurrent mark-sweep on LargeArrays: time to safepoint
/// 0.2-0.46 ms with the spin after every job, 0.03-0.12 ms with no helper).
static PAUSES: AtomicUsize = AtomicUsize::new(0);

/// A pause in progress, for the GC helpers (`PAUSES`): made when a pause begins, dropped when
/// it ends (also on an early return).
pub struct PauseWindow(());

impl PauseWindow {
    pub fn open() -> PauseWindow {
        PAUSES.fetch_add(1, Ordering::SeqCst);
        PauseWindow(())
    }
}

impl Drop for PauseWindow {
    fn drop(&mut self) {
        PAUSES.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Is a pause in progress (`PauseWindow`)?
fn in_pause() -> bool {
    PAUSES.load(Ordering::Relaxed) > 0
}

/// Starts the helper threads `threads` workers need, ahead of the first phase that uses them.
pub fn start_helpers(threads: usize) {
    if threads > 1 {
        helpers::start(threads - 1);
    }
}

impl WorkerPool {
    /// A pool of `threads` workers (at least one) with the default queue bounds.
    pub fn new(threads: usize) -> WorkerPool {
        WorkerPool {
            threads: threads.max(1),
            local_capacity: DEFAULT_LOCAL_CAPACITY,
            shared_capacity: DEFAULT_SHARED_CAPACITY,
        }
    }

    /// The same pool with other queue bounds (each at least 1), e.g. tiny ones to test overflow.
    pub fn with_capacities(self, local_capacity: usize, shared_capacity: usize) -> WorkerPool {
        WorkerPool {
            local_capacity: local_capacity.max(1),
            shared_capacity: shared_capacity.max(1),
            ..self
        }
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The bound of each worker's deque (tasks).
    pub fn local_capacity(&self) -> usize {
        self.local_capacity
    }

    /// The bound of the shared overflow list (tasks).
    pub fn shared_capacity(&self) -> usize {
        self.shared_capacity
    }

    /// Runs tasks until none is left: starts from `seeds`, and each `process(state, task, tasks)`
    /// may push more through `tasks`. `init(i)` builds worker i's private state. Returns each
    /// worker's state and statistics, worker 0 (the calling thread) first.
    pub fn run<T, S, I, F>(
        &self,
        seeds: impl IntoIterator<Item = T>,
        init: I,
        process: F,
    ) -> Vec<(S, WorkerStats)>
    where
        T: Send,
        S: Send,
        I: Fn(usize) -> S + Sync,
        F: Fn(&mut S, T, &mut Tasks<'_, T>) + Sync,
    {
        let locals: Vec<Worker<T>> = (0..self.threads).map(|_| Worker::new_lifo()).collect();
        let shared = Shared {
            injector: Injector::new(),
            stealers: locals.iter().map(Worker::stealer).collect(),
            arrived: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            aborted: AtomicBool::new(false),
            local_capacity: self.local_capacity,
            shared_capacity: self.shared_capacity,
        };
        for t in seeds {
            shared.injector.push(t);
        }
        if self.threads == 1 {
            let first = locals.into_iter().next().expect("at least one worker");
            let mut state = init(0);
            let stats = work(0, first, &shared, &mut state, &process);
            return vec![(state, stats)];
        }
        // Worker i's deque and, when it has run, its results (a helper that never arrived
        // leaves its slot empty: it gets a fresh state and no statistics).
        let locals: Vec<Mutex<Option<Worker<T>>>> =
            locals.into_iter().map(|l| Mutex::new(Some(l))).collect();
        let results: Vec<Mutex<Option<(S, WorkerStats)>>> =
            (0..self.threads).map(|_| Mutex::new(None)).collect();
        let body = |id: usize| {
            let Some(local) = locals[id].lock().take() else {
                return;
            };
            let mut state = init(id);
            let stats = work(id, local, &shared, &mut state, &process);
            *results[id].lock() = Some((state, stats));
        };
        helpers::spread(self.threads - 1, &body);
        results
            .into_iter()
            .enumerate()
            .map(|(id, slot)| {
                slot.into_inner()
                    .unwrap_or_else(|| (init(id), WorkerStats::default()))
            })
            .collect()
    }

    /// Calls `f(i)` for every `i` in `0..n`, spread over the workers (each claims the next index
    /// from a shared counter, so uneven items balance themselves). For phases whose work is known
    /// up front, e.g. updating the references of fixed address ranges.
    pub fn for_each_index(&self, n: usize, f: impl Fn(usize) + Sync) {
        let next = AtomicUsize::new(0);
        let body = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n {
                break;
            }
            f(i);
        };
        let helpers = (self.threads - 1).min(n.saturating_sub(1));
        if helpers == 0 {
            body();
            return;
        }
        helpers::spread(helpers, &|_| body());
    }
}

/// Which CPUs a thread may run on (Linux's affinity calls; elsewhere nothing is steered).
mod placement {
    #[cfg(target_os = "linux")]
    pub type ThreadId = libc::pid_t;
    #[cfg(not(target_os = "linux"))]
    pub type ThreadId = ();

    /// The calling thread's id.
    pub fn this_thread() -> ThreadId {
        #[cfg(target_os = "linux")]
        // SAFETY: gettid has no preconditions.
        unsafe {
            libc::gettid()
        }
    }

    /// The CPU the calling thread is running on now.
    pub fn current_cpu() -> Option<usize> {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: sched_getcpu has no preconditions; -1 means unknown.
            let cpu = unsafe { libc::sched_getcpu() };
            usize::try_from(cpu).ok()
        }
        #[cfg(not(target_os = "linux"))]
        None
    }

    /// The CPUs the process may run on (its affinity mask when the heap started, as taskset or
    /// a container set it).
    pub fn allowed_cpus() -> &'static [usize] {
        static ALLOWED: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
        #[cfg(target_os = "linux")]
        return ALLOWED.get_or_init(|| cpus_of(0));
        #[cfg(not(target_os = "linux"))]
        ALLOWED.get_or_init(Vec::new)
    }

    /// The CPUs `helpers` helper threads may run on while the caller works on `caller`: the
    /// `allowed` ones but the caller's, unless that leaves fewer CPUs than helpers.
    pub fn cpus_for_helpers(
        allowed: &[usize],
        caller: Option<usize>,
        helpers: usize,
    ) -> Vec<usize> {
        let others: Vec<usize> = allowed
            .iter()
            .copied()
            .filter(|&c| Some(c) != caller)
            .collect();
        if others.is_empty() || others.len() < helpers {
            allowed.to_vec()
        } else {
            others
        }
    }

    /// The CPUs thread `tid` (0: the calling thread) may run on; empty if that is unknown.
    #[cfg(target_os = "linux")]
    pub fn cpus_of(tid: ThreadId) -> Vec<usize> {
        // SAFETY: a zeroed cpu_set_t is a valid empty set; sched_getaffinity writes at most
        // size_of::<cpu_set_t>() bytes into it and CPU_ISSET reads within it.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return Vec::new();
            }
            (0..libc::CPU_SETSIZE as usize)
                .filter(|&c| libc::CPU_ISSET(c, &set))
                .collect()
        }
    }

    /// Lets thread `tid` run only on `cpus` (advice: a failure leaves it where it may run).
    pub fn restrict(tid: ThreadId, cpus: &[usize]) {
        #[cfg(target_os = "linux")]
        // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET writes within it for CPUs
        // below CPU_SETSIZE (the only ones `allowed_cpus` lists); sched_setaffinity reads it.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            for &c in cpus {
                libc::CPU_SET(c, &mut set);
            }
            libc::sched_setaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &set);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = (tid, cpus);
    }
}

/// The process's GC helper threads (see the module comment): started with the first heap (or
/// by the first phase that needs more), parked between jobs, shared by every heap and phase of
/// the process (tests run many at once).
mod helpers {
    use parking_lot::{Condvar, Mutex};
    use std::sync::OnceLock;

    /// A job's body with its borrows' lifetime erased: only `spread` builds one, and it does
    /// not return (or unwind) before every helper that took the job has left it.
    #[derive(Clone, Copy)]
    struct Body(*const (dyn Fn(usize) + Sync + 'static));

    // SAFETY: the pointee is `Sync` (so callable from any thread) and outlives every use
    // (`spread` waits for the helpers that took it before its frame ends).
    unsafe impl Send for Body {}

    struct Job {
        id: u64,
        body: Body,
        /// Helpers wanted, and helpers that took a worker id so far (ids 1..=wanted).
        wanted: usize,
        taken: usize,
        /// Helpers running the body now.
        inside: usize,
        /// No helper may take it any more.
        closed: bool,
        /// A helper's panic, re-raised by `spread`.
        panic: Option<Box<dyn std::any::Any + Send>>,
    }

    #[derive(Default)]
    struct State {
        threads: usize,
        jobs: Vec<Job>,
        next_id: u64,
        /// The helpers' thread ids, as they registered (for `placement`).
        tids: Vec<super::placement::ThreadId>,
        /// The CPU the helpers were last steered off, if they were.
        steered_off: Option<usize>,
    }

    #[derive(Default)]
    struct Helpers {
        state: Mutex<State>,
        /// Jobs posted so far: a helper that has just left one watches it, awake, for the
        /// pause's next phase (`HELPER_SPIN`).
        posted_count: std::sync::atomic::AtomicU64,
        /// Helpers wait here for a job with an id left to take.
        posted: Condvar,
        /// `spread` waits here for the helpers inside its closed job.
        left: Condvar,
    }

    /// Helper threads started so far.
    #[cfg(test)]
    pub(super) fn started() -> usize {
        helpers().state.lock().threads
    }

    fn helpers() -> &'static Helpers {
        static HELPERS: OnceLock<Helpers> = OnceLock::new();
        HELPERS.get_or_init(Helpers::default)
    }

    /// Makes sure `n` helper threads exist (a heap starts its `--gc-threads - 1` when it is
    /// created, as HotSpot starts its GC workers, so that no pause pays for starting one).
    /// If the OS refuses a thread, the phases run with the helpers there are (an id no helper
    /// takes is never run, and worker 0 does its work).
    pub(super) fn start(n: usize) {
        let mut st = helpers().state.lock();
        while st.threads < n {
            let spawned = std::thread::Builder::new()
                .name(format!("gcvm-gc-helper-{}", st.threads + 1))
                .spawn(helper_loop);
            if spawned.is_err() {
                return;
            }
            st.threads += 1;
        }
    }

    /// Runs `body(0)` on this thread and `body(1..=n)` on helper threads that take them while
    /// `body(0)` runs; returns when `body(0)` has returned and every helper that took an id has
    /// finished. Ids no helper took in time are never run.
    pub(super) fn spread(n: usize, body: &(dyn Fn(usize) + Sync)) {
        let h = helpers();
        // SAFETY: erases the borrow's lifetime; `Close` (run on return and on unwind) closes the
        // job and waits until no helper is inside it, so no helper calls it after this frame.
        let erased = Body(unsafe {
            std::mem::transmute::<
                *const (dyn Fn(usize) + Sync + '_),
                *const (dyn Fn(usize) + Sync + 'static),
            >(body as *const _)
        });
        start(n);
        let id = {
            let mut st = h.state.lock();
            steer_off(&mut st, super::placement::current_cpu());
            st.next_id += 1;
            let id = st.next_id;
            st.jobs.push(Job {
                id,
                body: erased,
                wanted: n,
                taken: 0,
                inside: 0,
                closed: false,
                panic: None,
            });
            h.posted_count
                .fetch_add(1, std::sync::atomic::Ordering::Release);
            id
        };
        h.posted.notify_all();
        let close = Close { id };
        body(0);
        if let Some(panic) = close.finish() {
            std::panic::resume_unwind(panic);
        }
    }

    /// Closes job `id` and waits for its helpers, also when `body(0)` unwinds.
    struct Close {
        id: u64,
    }

    impl Close {
        fn finish(self) -> Option<Box<dyn std::any::Any + Send>> {
            let panic = close_and_wait(self.id);
            std::mem::forget(self);
            panic
        }
    }

    impl Drop for Close {
        fn drop(&mut self) {
            close_and_wait(self.id);
        }
    }

    /// How long a closing job's caller waits awake for its helpers to leave.
    const CLOSE_SPIN: std::time::Duration = std::time::Duration::from_micros(200);

    fn close_and_wait(id: u64) -> Option<Box<dyn std::any::Any + Send>> {
        let h = helpers();
        let mut st = h.state.lock();
        let at = |st: &State| {
            st.jobs
                .iter()
                .position(|j| j.id == id)
                .expect("an open job")
        };
        let i = at(&st);
        st.jobs[i].closed = true;
        // The helpers inside are leaving: they saw the phase end when worker 0 did. Wait for
        // them awake for a while before sleeping: a sleeping caller's CPU may halt, and a
        // halted virtual CPU takes tens of microseconds, sometimes more, to run again. Twenty
        // runs of four region programs: 107 waits over 50 µs (median 71 µs) when the caller
        // slept at once, 7 with the spin.
        let spin_until = std::time::Instant::now() + CLOSE_SPIN;
        while st.jobs[at(&st)].inside > 0 && std::time::Instant::now() < spin_until {
            parking_lot::MutexGuard::unlocked(&mut st, || {
                for _ in 0..64 {
                    std::hint::spin_loop();
                }
            });
        }
        while st.jobs[at(&st)].inside > 0 {
            h.left.wait(&mut st);
        }
        let i = at(&st);
        st.jobs.swap_remove(i).panic
    }

    /// Spins until a job is posted after the `seen`th, or for `HELPER_SPIN`, or until no
    /// pause is in progress.
    fn watch_for_a_post(h: &Helpers, seen: u64) {
        let until = std::time::Instant::now() + HELPER_SPIN;
        while h.posted_count.load(std::sync::atomic::Ordering::Acquire) == seen
            && std::time::Instant::now() < until
            && super::in_pause()
        {
            for _ in 0..64 {
                std::hint::spin_loop();
            }
        }
    }

    /// Lets every helper run anywhere but on `cpu` (the caller's: it is worker 0), when the
    /// other CPUs the process may use are at least as many as the helpers; else anywhere.
    /// Nothing changes while the caller stays on the same CPU.
    fn steer_off(st: &mut State, cpu: Option<usize>) {
        if cpu.is_none() || st.steered_off == cpu || super::placement::allowed_cpus().is_empty() {
            return;
        }
        let cpus =
            super::placement::cpus_for_helpers(super::placement::allowed_cpus(), cpu, st.threads);
        for &tid in &st.tids {
            super::placement::restrict(tid, &cpus);
        }
        st.steered_off = cpu;
    }

    /// How long a helper that has left a job in a pause stays awake for the next one before it
    /// sleeps. A pause's phases follow one another within microseconds (mark-compact: mark,
    /// plan, update, compact), and a sleeping helper's CPU may halt: woken, it joined the next
    /// phase tens of microseconds late, when worker 0 had done much of a sub-millisecond phase
    /// alone. Outside pauses it sleeps at once (`super::PAUSES`).
    const HELPER_SPIN: std::time::Duration = std::time::Duration::from_micros(150);

    fn helper_loop() {
        let h = helpers();
        let mut st = h.state.lock();
        st.tids.push(super::placement::this_thread());
        // Steered by the next job: a helper started after the last one was never restricted.
        st.steered_off = None;
        let mut awake_after_job = false;
        loop {
            let open = st.jobs.iter_mut().find(|j| !j.closed && j.taken < j.wanted);
            let Some(job) = open else {
                if std::mem::take(&mut awake_after_job) && super::in_pause() {
                    // Unlocked while watching: `spread` posts under the lock, and the job list
                    // is looked at again under it before sleeping, so no post is missed.
                    let seen = h.posted_count.load(std::sync::atomic::Ordering::Acquire);
                    parking_lot::MutexGuard::unlocked(&mut st, || watch_for_a_post(h, seen));
                } else {
                    h.posted.wait(&mut st);
                }
                continue;
            };
            awake_after_job = true;
            job.taken += 1;
            job.inside += 1;
            let (id, worker, body) = (job.id, job.taken, job.body);
            drop(st);
            // SAFETY: the job was open when this helper took it and `spread` waits for
            // `inside` to drop back before its frame (and the body's borrows) ends.
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| unsafe {
                (*body.0)(worker)
            }));
            st = h.state.lock();
            let job = st
                .jobs
                .iter_mut()
                .find(|j| j.id == id)
                .expect("a job stays listed while a helper is inside");
            job.inside -= 1;
            if let Err(panic) = outcome {
                job.panic.get_or_insert(panic);
            }
            if job.inside == 0 {
                h.left.notify_all();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn helpers_may_run_on_every_allowed_cpu_but_the_callers() {
        assert_eq!(placement::cpus_for_helpers(&[0, 1], Some(0), 1), vec![1]);
        assert_eq!(
            placement::cpus_for_helpers(&[0, 1, 2, 3], Some(2), 3),
            vec![0, 1, 3]
        );
    }

    #[test]
    fn helpers_keep_every_allowed_cpu_when_the_others_are_too_few() {
        assert_eq!(placement::cpus_for_helpers(&[0, 1], Some(1), 2), vec![0, 1]);
        assert_eq!(placement::cpus_for_helpers(&[3], Some(3), 1), vec![3]);
        assert_eq!(placement::cpus_for_helpers(&[0, 1], None, 1), vec![0, 1]);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn restricting_a_thread_sets_its_affinity() {
        let allowed = placement::allowed_cpus().to_vec();
        let (tx, rx) = std::sync::mpsc::channel();
        let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
        let t = std::thread::spawn(move || {
            tx.send(placement::this_thread()).unwrap();
            done_rx.recv().unwrap();
        });
        let tid = rx.recv().unwrap();
        let one = vec![*allowed.last().unwrap()];
        placement::restrict(tid, &one);
        assert_eq!(placement::cpus_of(tid), one);
        placement::restrict(tid, &allowed);
        assert_eq!(placement::cpus_of(tid), allowed);
        done_tx.send(()).unwrap();
        t.join().unwrap();
    }

    /// Expands a binary tree of depth `d` as tasks; every node must be processed exactly once.
    fn tree_sum(pool: WorkerPool, depth: u32) -> (u64, Vec<WorkerStats>, u64) {
        let refused = AtomicU64::new(0);
        let results = pool.run(
            [(1u64, 0u32)],
            |_| 0u64,
            |count, (node, d), tasks| {
                *count += 1;
                if d < depth {
                    for child in [2 * node, 2 * node + 1] {
                        if tasks.push((child, d + 1)).is_err() {
                            refused.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            },
        );
        let total = results.iter().map(|(c, _)| *c).sum();
        (
            total,
            results.into_iter().map(|(_, s)| s).collect(),
            refused.into_inner(),
        )
    }

    #[test]
    fn every_task_runs_exactly_once_on_one_worker() {
        let (total, stats, refused) = tree_sum(WorkerPool::new(1), 16);
        assert_eq!(total, (1 << 17) - 1);
        assert_eq!(stats.len(), 1);
        assert_eq!(refused, 0);
    }

    #[test]
    fn every_task_runs_exactly_once_on_several_workers() {
        for threads in [2, 4] {
            let (total, stats, refused) = tree_sum(WorkerPool::new(threads), 18);
            assert_eq!(total, (1 << 19) - 1, "{threads} workers");
            assert_eq!(stats.len(), threads);
            assert_eq!(stats.iter().map(|s| s.tasks).sum::<u64>(), total);
            assert_eq!(refused, 0);
        }
    }

    #[test]
    fn full_queues_refuse_tasks_instead_of_growing() {
        let pool = WorkerPool::new(2).with_capacities(4, 4);
        let (total, stats, refused) = tree_sum(pool, 14);
        assert!(
            refused > 0,
            "a 14-deep tree cannot fit in 4 + 4 slots per worker"
        );
        assert_eq!(stats.iter().map(|s| s.refused).sum::<u64>(), refused);
        assert!(total < (1 << 15) - 1);
    }

    #[test]
    fn for_each_index_visits_every_index_once() {
        for threads in [1, 2, 3] {
            let hits: Vec<AtomicU64> = (0..1000).map(|_| AtomicU64::new(0)).collect();
            WorkerPool::new(threads).for_each_index(hits.len(), |i| {
                hits[i].fetch_add(1, Ordering::Relaxed);
            });
            assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
        }
    }

    #[test]
    fn a_panicking_task_does_not_hang_the_other_workers() {
        let result = std::panic::catch_unwind(|| {
            WorkerPool::new(2).run(
                0..1000u32,
                |_| (),
                |_, t, _| {
                    if t == 500 {
                        panic!("task 500 fails");
                    }
                },
            )
        });
        assert!(result.is_err());
    }

    #[test]
    fn phases_reuse_the_helper_threads_instead_of_starting_new_ones() {
        // As many helpers as any test here asks for, so that concurrent tests start none.
        let _ = tree_sum(WorkerPool::new(8), 10);
        let before = helpers::started();
        assert!(before >= 7, "{before} helpers");
        for _ in 0..50 {
            let (total, _, _) = tree_sum(WorkerPool::new(3), 10);
            assert_eq!(total, (1 << 11) - 1);
        }
        assert_eq!(helpers::started(), before);
    }

    #[test]
    fn phases_running_at_once_share_the_helpers_and_each_finishes_its_own_work() {
        // Six callers asking for three workers each: most phases get fewer helpers than they
        // asked for, some none, and every task still runs exactly once.
        std::thread::scope(|scope| {
            for _ in 0..6 {
                scope.spawn(|| {
                    for _ in 0..20 {
                        let (total, stats, _) = tree_sum(WorkerPool::new(3), 12);
                        assert_eq!(total, (1 << 13) - 1);
                        assert_eq!(stats.len(), 3);
                        assert_eq!(stats.iter().map(|s| s.tasks).sum::<u64>(), total);
                    }
                });
            }
        });
    }
}
