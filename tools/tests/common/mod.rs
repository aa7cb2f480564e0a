//! A simulated VM for the trace tests: a generational heap (eden, two survivor spaces, old) with
//! TLAB allocation by several mutator threads, minor collections that copy through PLABs (two
//! GC workers: survivor copies and promotions), explicit moves and region moves, and major
//! collections that slide the old space (keep-alives for the dense prefix, region moves for runs
//! of neighbours). It writes through the real `TraceWriter` and maintains the heap it expects the
//! reader to rebuild (address -> object) and the events it expects the reader to return.
#![allow(dead_code)]

use gcvm_tools::{Event, HeapObject};
use gcvm_tracer::{
    GcEventSink, GcKind, GcTraceSink, SpaceDesc, ThreadEvents, TraceConfig, TraceSpaceKind,
    TraceWriter,
};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// A file in this process's scratch directory; directories of earlier runs older than an hour
/// are removed on first use.
pub fn temp_path(name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    let base = std::env::temp_dir().join("gcvm-trace-tests");
    SWEEP.call_once(|| {
        if let Ok(entries) = std::fs::read_dir(&base) {
            for e in entries.flatten() {
                let old = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|age| age.as_secs() > 3600);
                if old {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
    });
    let dir = base.join(std::process::id().to_string());
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.gct"))
}

#[derive(Clone, Copy, Debug)]
pub struct TypeInfo {
    pub id: u32,
    pub inst: u32,
    pub elem: Option<u32>,
}

pub fn size_of(t: &TypeInfo, len: Option<u32>) -> u64 {
    match t.elem {
        None => t.inst as u64,
        Some(e) => ((16 + e as u64 * len.unwrap() as u64 + 7) & !7).max(16),
    }
}

#[derive(Clone, Copy, Debug)]
pub struct SimSpace {
    pub id: u32,
    pub kind: TraceSpaceKind,
    pub start: u64,
    pub end: u64,
    pub top: u64,
}

pub struct SimThread {
    pub id: u32,
    pub ev: ThreadEvents,
    pub tlab: Option<(u64, u64)>,
}

/// Knobs for a simulation.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub threads: u32,
    pub sites: u32,
    pub compress: bool,
    pub seed: u64,
    pub eden: u64,
    pub survivor: u64,
    pub old: u64,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            threads: 3,
            sites: 100,
            compress: true,
            seed: 1,
            eden: 1 << 20,
            survivor: 256 << 10,
            old: 8 << 20,
        }
    }
}

pub struct Sim {
    pub cfg: SimConfig,
    pub path: PathBuf,
    pub w: TraceWriter,
    pub rng: Rng,
    pub types: Vec<TypeInfo>,
    /// (site id, type index)
    pub sites: Vec<(u32, usize)>,
    pub heap: BTreeMap<u64, HeapObject>,
    pub threads: Vec<SimThread>,
    pub gc: GcTraceSink,
    pub promo: GcTraceSink,
    pub gc_cursor: u64,
    pub promo_cursor: u64,
    pub promo_plab: (u64, u64),
    pub eden: SimSpace,
    pub surv: [SimSpace; 2],
    /// index of the survivor space objects are in (the other is empty)
    pub from: usize,
    pub old: SimSpace,
    pub next_gc: u32,
    /// (boundary, expected objects)
    pub snapshots: Vec<(String, Vec<HeapObject>)>,
    /// (thread, phase, event) for every non-symbol event, in recording order
    pub expected: Vec<(u32, u32, Event)>,
    /// symbol definitions written
    pub symbols: Vec<Event>,
    pub phase: u32,
    pub allocations: u64,
    pub recorded_spaces: Vec<SpaceDesc>,
}

pub const MUTATOR_BASE: u32 = 1;

/// What a finished simulation hands back: the trace, the heap expected at every boundary, the
/// events expected per thread (thread, phase, event), the symbols, the final heap.
pub type SimResult = (
    PathBuf,
    Vec<(String, Vec<HeapObject>)>,
    Vec<(u32, u32, Event)>,
    Vec<Event>,
    BTreeMap<u64, HeapObject>,
);

pub fn type_def(id: u32, name: &str, instance_size: u32, elem_size: Option<u32>) -> Event {
    Event::TypeDef {
        id,
        def: Box::new(gcvm_tools::TypeSym {
            name: name.into(),
            instance_size,
            elem_size,
        }),
    }
}

pub fn site_def(
    id: u32,
    class: &str,
    method: &str,
    bci: u32,
    line: Option<u32>,
    usual_type: Option<u32>,
) -> Event {
    Event::SiteDef {
        id,
        def: Box::new(gcvm_tools::SiteSym {
            class: class.into(),
            method: method.into(),
            bci,
            line,
            usual_type,
        }),
    }
}

impl Sim {
    pub fn new(name: &str, cfg: SimConfig) -> Sim {
        let path = temp_path(name);
        let w = TraceWriter::create(
            &path,
            TraceConfig {
                collector: "sim-generational".into(),
                program: format!("sim {name}"),
                heap_size: cfg.eden + 2 * cfg.survivor + cfg.old,
                compress: cfg.compress,
                ..Default::default()
            },
        )
        .unwrap();
        let mut rng = Rng::new(cfg.seed);
        let mut types = Vec::new();
        let mut symbols = vec![site_def(0, "<vm>", "<internal>", 0, None, None)];
        let arrays = [
            ("byte[]", 1),
            ("char[]", 2),
            ("int[]", 4),
            ("java.lang.Object[]", 4),
            ("long[]", 8),
        ];
        for (i, (name, e)) in arrays.iter().enumerate() {
            let id = 10 + i as u32;
            w.define_type(id, name, 16, Some(*e));
            symbols.push(type_def(id, name, 16, Some(*e)));
            types.push(TypeInfo {
                id,
                inst: 16,
                elem: Some(*e),
            });
        }
        for i in 0..30u32 {
            let id = 100 + i;
            let inst = 16 + 8 * (i % 8);
            let name = format!("app.Type{i}");
            w.define_type(id, &name, inst, None);
            symbols.push(type_def(id, &name, inst, None));
            types.push(TypeInfo {
                id,
                inst,
                elem: None,
            });
        }
        let mut sites = Vec::new();
        for s in 0..cfg.sites {
            let ti = if s % 4 == 0 {
                (s as usize / 4) % 5
            } else {
                5 + (rng.below(30) as usize)
            };
            let class = format!("app.C{}", s % 17);
            let method = format!("m{s}");
            let line = (s % 3 != 0).then_some(10 + s);
            let id = w.define_site(&class, &method, s * 3, line, Some(types[ti].id));
            symbols.push(site_def(
                id,
                &class,
                &method,
                s * 3,
                line,
                Some(types[ti].id),
            ));
            sites.push((id, ti));
        }
        // heap layout: [eden][s0][s1][old], from 64 KB
        let base = 64 << 10;
        let eden = SimSpace {
            id: 0,
            kind: TraceSpaceKind::Eden,
            start: base,
            end: base + cfg.eden,
            top: base,
        };
        let s0 = SimSpace {
            id: 1,
            kind: TraceSpaceKind::Survivor,
            start: eden.end,
            end: eden.end + cfg.survivor,
            top: eden.end,
        };
        let s1 = SimSpace {
            id: 2,
            kind: TraceSpaceKind::Free,
            start: s0.end,
            end: s0.end + cfg.survivor,
            top: s0.end,
        };
        let old = SimSpace {
            id: 3,
            kind: TraceSpaceKind::Old,
            start: s1.end,
            end: s1.end + cfg.old,
            top: s1.end,
        };
        let gc = w.gc_sink();
        let promo = w.gc_worker_sink(1);
        let mut sim = Sim {
            cfg: cfg.clone(),
            path,
            w,
            rng,
            types,
            sites,
            heap: BTreeMap::new(),
            threads: Vec::new(),
            gc,
            promo,
            gc_cursor: u64::MAX,
            promo_cursor: u64::MAX,
            promo_plab: (0, 0),
            eden,
            surv: [s0, s1],
            from: 0,
            old,
            next_gc: 0,
            snapshots: Vec::new(),
            expected: Vec::new(),
            symbols,
            phase: 0,
            allocations: 0,
            recorded_spaces: Vec::new(),
        };
        let descs = sim.space_descs();
        sim.w.sync_spaces(&descs);
        sim.expect_space_diff(gcvm_tracer::format::GLOBAL_THREAD, &descs);
        for t in 0..cfg.threads {
            let id = MUTATOR_BASE + t;
            let name = format!("worker-{t}");
            let ev = sim.w.thread_events(id, &name);
            sim.expected
                .push((id, sim.phase, Event::ThreadAlive { name }));
            sim.threads.push(SimThread { id, ev, tlab: None });
        }
        sim
    }

    pub fn space_descs(&self) -> Vec<SpaceDesc> {
        let d = |s: &SimSpace, name: &str| SpaceDesc {
            id: s.id,
            kind: s.kind,
            start: s.start,
            end: s.end,
            name: name.into(),
        };
        vec![
            d(&self.eden, "eden"),
            d(&self.surv[0], "survivor-0"),
            d(&self.surv[1], "survivor-1"),
            d(&self.old, "old"),
        ]
    }

    /// Records the events the writer's space diff emits.
    pub fn expect_space_diff(&mut self, thread: u32, new: &[SpaceDesc]) {
        for s in new {
            match self.recorded_spaces.iter().find(|o| o.id == s.id) {
                None => self.expected.push((
                    thread,
                    self.phase,
                    Event::SpaceCreate(Box::new(gcvm_tools::Space {
                        id: s.id,
                        kind: s.kind,
                        start: s.start,
                        end: s.end,
                        name: s.name.clone(),
                    })),
                )),
                Some(o) => {
                    if o.kind != s.kind {
                        self.expected.push((
                            thread,
                            self.phase,
                            Event::SpaceAlloc {
                                id: s.id,
                                kind: s.kind,
                            },
                        ));
                    }
                    if (o.start, o.end) != (s.start, s.end) {
                        self.expected.push((
                            thread,
                            self.phase,
                            Event::SpaceRedefine {
                                id: s.id,
                                start: s.start,
                                end: s.end,
                            },
                        ));
                    }
                }
            }
        }
        self.recorded_spaces = new.to_vec();
    }

    fn pick_alloc(&mut self) -> (usize, Option<u32>) {
        let si = {
            // skewed: low site indices are hot
            let n = self.sites.len() as u64;
            let a = self.rng.below(n);
            let b = self.rng.below(n);
            a.min(b) as usize
        };
        let ti = self.sites[si].1;
        let len = self.types[ti].elem.map(|_| {
            let r = self.rng.below(1000);
            if r < 850 {
                self.rng.below(24) as u32
            } else if r < 990 {
                self.rng.below(300) as u32
            } else {
                1000 + self.rng.below(20000) as u32
            }
        });
        (si, len)
    }

    /// One allocation by thread `t`; may trigger a minor collection.
    pub fn alloc(&mut self, t: usize) {
        let (si, len) = self.pick_alloc();
        let (site, ti) = self.sites[si];
        let ty = self.types[ti];
        let size = size_of(&ty, len);
        let typed = self.rng.chance(0.01);
        let thread = self.threads[t].id;
        if size > 16 << 10 {
            // outside the TLAB: straight into old
            if self.old.top + size > self.old.end {
                self.major_gc();
                if self.old.top + size > self.old.end {
                    return;
                }
            }
            let addr = self.old.top;
            self.old.top += size;
            self.threads[t]
                .ev
                .alloc_explicit(site, ty.id, addr, size, len);
            self.expected.push((
                thread,
                self.phase,
                Event::AllocOutside {
                    site,
                    type_id: ty.id,
                    addr,
                    size,
                    array_len: len,
                },
            ));
            self.heap.insert(
                addr,
                HeapObject {
                    addr,
                    type_id: ty.id,
                    size,
                    array_len: len,
                    site,
                    thread,
                    age: 0,
                },
            );
            self.allocations += 1;
            return;
        }
        let fits = matches!(self.threads[t].tlab, Some((cur, end)) if cur + size <= end);
        if !fits {
            let want = 16 << 10;
            if self.eden.top + want.max(size) > self.eden.end {
                self.minor_gc();
            }
            let tsize = want.max(size).min(self.eden.end - self.eden.top);
            let start = self.eden.top;
            self.eden.top += tsize;
            self.threads[t].tlab = Some((start, start + tsize));
            self.threads[t].ev.tlab(start, tsize);
            self.expected
                .push((thread, self.phase, Event::Tlab { start, size: tsize }));
        }
        let (cur, end) = self.threads[t].tlab.unwrap();
        let addr = cur;
        self.threads[t].tlab = Some((cur + size, end));
        if typed {
            // a clone-like allocation at the VM site with an explicit type
            self.threads[t].ev.alloc_in_tlab_typed(0, ty.id, None, len);
            self.expected.push((
                thread,
                self.phase,
                Event::AllocTyped {
                    site: 0,
                    type_id: ty.id,
                    size: None,
                    array_len: len,
                },
            ));
            self.heap.insert(
                addr,
                HeapObject {
                    addr,
                    type_id: ty.id,
                    size,
                    array_len: len,
                    site: 0,
                    thread,
                    age: 0,
                },
            );
        } else {
            self.threads[t].ev.alloc_in_tlab(site, len);
            self.expected.push((
                thread,
                self.phase,
                Event::Alloc {
                    site,
                    array_len: len,
                },
            ));
            self.heap.insert(
                addr,
                HeapObject {
                    addr,
                    type_id: ty.id,
                    size,
                    array_len: len,
                    site,
                    thread,
                    age: 0,
                },
            );
        }
        self.allocations += 1;
    }

    /// The safepoint: every thread flushes and retires its TLAB.
    fn safepoint(&mut self) {
        for th in &mut self.threads {
            th.ev.flush();
            th.tlab = None;
        }
    }

    fn begin_gc(&mut self, kind: GcKind, cause: &str) -> u32 {
        self.safepoint();
        let id = self.next_gc;
        self.next_gc += 1;
        self.gc.gc_start(id, kind, cause);
        self.phase += 1;
        self.expected.push((
            GC0,
            self.phase,
            Event::GcStart {
                gc_id: id,
                kind,
                cause: 0,
                time_us: 0,
            },
        ));
        self.snapshots.push((
            format!("gc:{id}:start"),
            self.heap.values().cloned().collect(),
        ));
        id
    }

    fn end_gc(&mut self, id: u32) {
        self.promo.flush();
        self.gc.gc_end(id);
        self.expected.push((
            GC0,
            self.phase,
            Event::GcEnd {
                gc_id: id,
                time_us: 0,
            },
        ));
        self.phase += 1;
        self.snapshots.push((
            format!("gc:{id}:end"),
            self.heap.values().cloned().collect(),
        ));
    }

    /// Copies `obj` to `to` through sink `which` (0: main, 1: promotion worker).
    fn copy(&mut self, which: usize, from: u64, to: u64) {
        let mut o = self.heap.remove(&from).unwrap();
        let (sink, cursor, thread) = if which == 0 {
            (&mut self.gc, &mut self.gc_cursor, GC0)
        } else {
            (&mut self.promo, &mut self.promo_cursor, GC1)
        };
        sink.moved(from, to, o.size as u32);
        let fast = *cursor == to;
        *cursor = to + o.size;
        self.expected.push((
            thread,
            self.phase,
            Event::Move {
                from,
                to: (!fast).then_some(to),
            },
        ));
        o.addr = to;
        o.age = o.age.saturating_add(1);
        assert!(
            self.heap.insert(to, o).is_none(),
            "sim: copy onto a live object"
        );
    }

    fn plab(&mut self, which: usize, start: u64, size: u64) {
        let (sink, cursor, thread) = if which == 0 {
            (&mut self.gc, &mut self.gc_cursor, GC0)
        } else {
            (&mut self.promo, &mut self.promo_cursor, GC1)
        };
        sink.plab(which as u32, start, size);
        *cursor = start;
        self.expected
            .push((thread, self.phase, Event::Plab { start, size }));
    }

    /// Bump-allocates `size` in old for a promotion; PLABs of 8 KB. None when old is full.
    fn promote_dest(&mut self, size: u64) -> Option<u64> {
        let (cur, end) = self.promo_plab;
        if end != 0 && cur + size <= end {
            self.promo_plab.0 += size;
            return Some(cur);
        }
        let want = (8 << 10).max(size);
        if self.old.top + want > self.old.end {
            return None;
        }
        let start = self.old.top;
        self.old.top += want;
        self.promo_plab = (start + size, start + want);
        self.plab(1, start, want);
        Some(start)
    }

    pub fn minor_gc(&mut self) {
        if self.old.end - self.old.top < self.cfg.eden + self.cfg.survivor {
            self.major_gc();
            return;
        }
        let id = self.begin_gc(GcKind::Minor, "Allocation Failure");
        let from = self.from;
        let to = 1 - from;
        for sid in [self.eden.id, self.surv[from].id] {
            self.gc.collecting_space(sid);
            self.expected
                .push((GC0, self.phase, Event::GcSpace { space: sid }));
        }
        // the promotion worker starts after the collected spaces are out
        self.gc.flush();
        let young: Vec<u64> = self
            .heap
            .range(self.eden.start..self.surv[1].end)
            .map(|(&a, _)| a)
            .collect();
        let (fs, fe) = (self.surv[from].start, self.surv[from].end);
        // region move: a run of neighbours in from-survivor copied as one block
        let mut moved_as_region: Vec<u64> = Vec::new();
        let in_from: Vec<u64> = young
            .iter()
            .copied()
            .filter(|&a| a >= fs && a < fe)
            .collect();
        let mut to_top = self.surv[to].start;
        if in_from.len() >= 4 && self.rng.chance(0.7) {
            let k = self.rng.below(in_from.len() as u64 - 3) as usize;
            let run: Vec<u64> = in_from[k..k + 3].to_vec();
            let contiguous = run.windows(2).all(|w| w[0] + self.heap[&w[0]].size == w[1]);
            let bytes: u64 = run.iter().map(|a| self.heap[a].size).sum();
            if contiguous && self.heap[&run[0]].age < 2 {
                let (rf, rt) = (run[0], to_top);
                self.gc.region_moved(rf, rt, 3, bytes);
                self.expected.push((
                    GC0,
                    self.phase,
                    Event::RegionMove {
                        from: rf,
                        to: rt,
                        count: 3,
                        bytes,
                    },
                ));
                for &a in &run {
                    let mut o = self.heap.remove(&a).unwrap();
                    o.addr = a - rf + rt;
                    o.age += 1;
                    self.heap.insert(o.addr, o);
                }
                to_top += bytes;
                moved_as_region = run;
            }
        }
        // survivors in random order (parallel GCs copy in any order)
        let mut order: Vec<u64> = young
            .into_iter()
            .filter(|a| !moved_as_region.contains(a))
            .collect();
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        self.promo_plab = (0, 0);
        let mut first_copy = true;
        for a in order {
            let o = self.heap[&a].clone();
            let survive = if o.age == 0 {
                self.rng.chance(0.15)
            } else {
                self.rng.chance(0.6)
            };
            if !survive {
                self.heap.remove(&a);
                continue;
            }
            if o.age >= 2 || to_top + o.size > self.surv[to].end {
                match self.promote_dest(o.size) {
                    Some(d) => self.copy(1, a, d),
                    None => {
                        self.heap.remove(&a);
                    }
                }
            } else {
                if first_copy {
                    // one PLAB spanning to-space for the main sink
                    let (s, e) = (to_top, self.surv[to].end);
                    self.plab(0, s, e - s);
                    first_copy = false;
                }
                let d = to_top;
                // now and then an explicit (non-PLAB) copy: leave a hole first
                let d = if self.rng.chance(0.05) && d + o.size + 16 <= self.surv[to].end {
                    d + 16
                } else {
                    d
                };
                self.copy(0, a, d);
                to_top = d + o.size;
            }
        }
        self.surv[to].top = to_top;
        self.surv[from].top = self.surv[from].start;
        self.eden.top = self.eden.start;
        self.surv[to].kind = TraceSpaceKind::Survivor;
        self.surv[from].kind = TraceSpaceKind::Free;
        self.from = to;
        let descs = self.space_descs();
        self.gc.sync_spaces(&descs);
        self.expect_space_diff(GC0, &descs);
        self.end_gc(id);
    }

    pub fn major_gc(&mut self) {
        let id = self.begin_gc(GcKind::Major, "System.gc()");
        // old: sliding compaction
        let olds: Vec<u64> = self
            .heap
            .range(self.old.start..self.old.end)
            .map(|(&a, _)| a)
            .collect();
        let mut live: Vec<u64> = Vec::new();
        for a in olds {
            if self.rng.chance(0.7) {
                live.push(a);
            } else {
                self.heap.remove(&a);
            }
        }
        let mut top = self.old.start;
        let mut i = 0;
        // dense prefix: objects already in place
        while i < live.len() && live[i] == top {
            let o = self.heap.get_mut(&live[i]).unwrap();
            o.age = o.age.saturating_add(1);
            self.gc.kept_alive(live[i], o.size as u32);
            self.expected
                .push((GC0, self.phase, Event::KeepAlive { addr: live[i] }));
            top += o.size;
            i += 1;
        }
        while i < live.len() {
            // a run of neighbours
            let mut j = i + 1;
            while j < live.len() && live[j - 1] + self.heap[&live[j - 1]].size == live[j] {
                j += 1;
            }
            let from = live[i];
            let bytes: u64 = live[i..j].iter().map(|a| self.heap[a].size).sum();
            if j - i >= 2 {
                self.gc.region_moved(from, top, (j - i) as u32, bytes);
                self.expected.push((
                    GC0,
                    self.phase,
                    Event::RegionMove {
                        from,
                        to: top,
                        count: (j - i) as u32,
                        bytes,
                    },
                ));
                let objs: Vec<HeapObject> = live[i..j]
                    .iter()
                    .map(|a| self.heap.remove(a).unwrap())
                    .collect();
                for mut o in objs {
                    o.addr = o.addr - from + top;
                    o.age = o.age.saturating_add(1);
                    self.heap.insert(o.addr, o);
                }
            } else {
                self.copy(0, from, top);
            }
            top += bytes;
            i = j;
        }
        // young: promote everything that survives, after the compacted old
        let young: Vec<u64> = self
            .heap
            .range(self.eden.start..self.surv[1].end)
            .map(|(&a, _)| a)
            .collect();
        self.old.top = top;
        self.promo_plab = (0, 0);
        for a in young {
            if self.rng.chance(0.3) {
                let size = self.heap[&a].size;
                match self.promote_dest(size) {
                    Some(d) => self.copy(1, a, d),
                    None => {
                        self.heap.remove(&a);
                    }
                }
            } else {
                self.heap.remove(&a);
            }
        }
        // the promotion PLAB's unused tail is given back
        if self.promo_plab.1 != 0 && self.promo_plab.1 == self.old.top {
            self.old.top = self.promo_plab.0;
        }
        self.promo_plab = (0, 0);
        self.eden.top = self.eden.start;
        for s in &mut self.surv {
            s.top = s.start;
        }
        // grow old a little: a redefine event
        self.old.end += 64 << 10;
        let descs = self.space_descs();
        self.gc.sync_spaces(&descs);
        self.expect_space_diff(GC0, &descs);
        self.end_gc(id);
    }

    /// Runs `n` allocations spread over the threads.
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            let t = self.rng.below(self.threads.len() as u64) as usize;
            self.alloc(t);
        }
    }

    /// Ends the threads and finishes the trace; returns the path.
    pub fn finish(mut self) -> SimResult {
        for th in &mut self.threads {
            th.ev.thread_death();
            self.expected.push((th.id, self.phase, Event::ThreadDeath));
        }
        let threads = std::mem::take(&mut self.threads);
        drop(threads);
        self.gc.flush();
        self.promo.flush();
        self.w.finish().unwrap();
        (
            self.path,
            self.snapshots,
            self.expected,
            self.symbols,
            self.heap,
        )
    }
}

pub const GC0: u32 = gcvm_tracer::format::GC_THREAD_BASE;
pub const GC1: u32 = gcvm_tracer::format::GC_THREAD_BASE + 1;

/// Reads every event with the phase (GC boundaries seen before it).
pub fn read_all(path: &Path) -> Vec<(u32, u32, Event)> {
    let mut r = gcvm_tools::TraceReader::open(path).unwrap();
    let mut out = Vec::new();
    let mut phase = 0;
    while let Some((t, e)) = r.next_event().unwrap() {
        let e = normalize(e);
        let is_start = matches!(e, Event::GcStart { .. });
        if is_start {
            phase += 1;
        }
        out.push((t, phase, e.clone()));
        if matches!(e, Event::GcEnd { .. }) {
            phase += 1;
        }
    }
    out
}

/// Zeroes what the simulation cannot predict (timestamps, cause ids).
pub fn normalize(e: Event) -> Event {
    match e {
        Event::GcStart { gc_id, kind, .. } => Event::GcStart {
            gc_id,
            kind,
            cause: 0,
            time_us: 0,
        },
        Event::GcEnd { gc_id, .. } => Event::GcEnd { gc_id, time_us: 0 },
        e => e,
    }
}

/// Events grouped per thread.
pub fn per_thread(evs: &[(u32, u32, Event)]) -> HashMap<u32, Vec<(u32, Event)>> {
    let mut m: HashMap<u32, Vec<(u32, Event)>> = HashMap::new();
    for (t, p, e) in evs {
        m.entry(*t).or_default().push((*p, e.clone()));
    }
    m
}
