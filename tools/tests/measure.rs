//! Measurements, not tests (ignored; run with
//! `cargo test -p gcvm-tools --release --test measure -- --ignored --nocapture --test-threads 1`):
//! bytes per allocation raw and compressed, writer fast-path cost, reader throughput on a
//! ~200 MB raw trace, and reconstruction peak memory against the simulated heap.

use gcvm_tools::{reconstruct, Boundary, Event, TraceReader};
use gcvm_tracer::{
    GcEventSink, GcKind, SpaceDesc, ThreadEvents, TraceConfig, TraceSpaceKind, TraceWriter,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Counting;
static CUR: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = System.alloc(l);
        if !p.is_null() {
            let c = CUR.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(c, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l);
        CUR.fetch_sub(l.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        let q = System.realloc(p, l, n);
        if !q.is_null() {
            if n > l.size() {
                let c = CUR.fetch_add(n - l.size(), Ordering::Relaxed) + n - l.size();
                PEAK.fetch_max(c, Ordering::Relaxed);
            } else {
                CUR.fetch_sub(l.size() - n, Ordering::Relaxed);
            }
        }
        q
    }
}
#[global_allocator]
static A: Counting = Counting;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Zipf-like index in [0, n): hot low indices.
    fn skewed(&mut self, n: u64) -> u64 {
        ((self.unit().powf(2.5)) * n as f64) as u64 % n.max(1)
    }
}

#[derive(Clone)]
struct GenCfg {
    allocs: u64,
    threads: usize,
    sites: usize,
    eden: u64,
    old: u64,
    /// Allocations come from "methods" that allocate fixed sequences of sites (loop bodies), as
    /// programs do; otherwise every allocation picks its site independently.
    structured: bool,
    compress: bool,
    survive: f64,
}

#[derive(Default, Debug)]
struct GenStats {
    allocs: u64,
    alloc_bytes: u64,
    gcs: u32,
    /// The largest heap occupancy (bytes of objects) at a GC start.
    peak_live: u64,
    capacity: u64,
    secs: f64,
}

struct Site {
    id: u32,
    inst: u64,
    elem: Option<u64>,
    len_base: u32,
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join("gcvm-trace-measure");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.gct"))
}

/// A generational program: TLAB allocation in eden by `threads` interleaved threads; minor GCs
/// copy `survive` of eden to old through PLABs; major GCs slide old (region moves) when it fills.
fn generate(path: &Path, cfg: &GenCfg) -> GenStats {
    let t0 = Instant::now();
    let w = TraceWriter::create(
        path,
        TraceConfig {
            collector: "measure".into(),
            heap_size: cfg.eden + cfg.old,
            compress: cfg.compress,
            ..Default::default()
        },
    )
    .unwrap();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let elems = [1u64, 2, 4, 4, 8];
    for (i, e) in elems.iter().enumerate() {
        w.define_type(10 + i as u32, &format!("array{i}[]"), 16, Some(*e as u32));
    }
    for i in 0..30u32 {
        w.define_type(100 + i, &format!("app.T{i}"), 16 + 8 * (i % 8), None);
    }
    let mut sites = Vec::new();
    for s in 0..cfg.sites {
        let arr = s % 10 < 3;
        let (ty, inst, elem) = if arr {
            let k = s % elems.len();
            (10 + k as u32, 16, Some(elems[k]))
        } else {
            let k = (rng.below(30)) as u32;
            (100 + k, 16 + 8 * (k % 8) as u64, None)
        };
        let id = w.define_site(
            &format!("app.C{}", s % 23),
            &format!("m{s}"),
            s as u32 * 5,
            Some(s as u32),
            Some(ty),
        );
        sites.push(Site {
            id,
            inst,
            elem,
            len_base: [0, 4, 8, 16, 32, 100][s % 6],
        });
    }
    // loop bodies: fixed sequences of sites
    let methods: Vec<Vec<usize>> = (0..40)
        .map(|_| {
            (0..2 + rng.below(7))
                .map(|_| rng.skewed(cfg.sites as u64) as usize)
                .collect()
        })
        .collect();
    let mut threads: Vec<(ThreadEvents, u64, u64)> = (0..cfg.threads)
        .map(|t| (w.thread_events(t as u32 + 1, &format!("t{t}")), 0, 0))
        .collect();
    let mut gc = w.gc_sink();
    let base = 1u64 << 16;
    let (eden_start, eden_end) = (base, base + cfg.eden);
    let (old_start, old_end) = (eden_end, eden_end + cfg.old);
    w.sync_spaces(&[
        SpaceDesc {
            id: 0,
            kind: TraceSpaceKind::Eden,
            start: eden_start,
            end: eden_end,
            name: "eden".into(),
        },
        SpaceDesc {
            id: 1,
            kind: TraceSpaceKind::Old,
            start: old_start,
            end: old_end,
            name: "old".into(),
        },
    ]);
    let mut eden_top = eden_start;
    let mut old_top = old_start;
    let mut eden_objs: Vec<(u64, u32)> = Vec::new();
    let mut old_objs: Vec<(u64, u32)> = Vec::new();
    let mut st = GenStats {
        capacity: cfg.eden + cfg.old,
        ..Default::default()
    };
    let mut gc_id = 0u32;
    let mut pending: Vec<(usize, Option<u32>)> = Vec::new();
    while st.allocs < cfg.allocs {
        let t = rng.below(cfg.threads as u64) as usize;
        // a burst of allocations by thread t
        pending.clear();
        if cfg.structured {
            for _ in 0..1 + rng.below(8) {
                let m = &methods[rng.skewed(methods.len() as u64) as usize];
                for &s in m {
                    let len = sites[s].elem.map(|_| {
                        sites[s].len_base
                            + if rng.below(4) == 0 {
                                rng.below(8) as u32
                            } else {
                                0
                            }
                    });
                    pending.push((s, len));
                }
            }
        } else {
            for _ in 0..1 + rng.below(40) {
                let s = rng.skewed(cfg.sites as u64) as usize;
                let len = sites[s].elem.map(|_| {
                    if rng.below(50) == 0 {
                        200 + rng.below(2000) as u32
                    } else {
                        rng.below(40) as u32
                    }
                });
                pending.push((s, len));
            }
        }
        for &(s, len) in &pending {
            let site = &sites[s];
            let size = match site.elem {
                None => site.inst,
                Some(e) => (16 + e * len.unwrap() as u64 + 7) & !7,
            };
            let (_, cur, end) = &mut threads[t];
            if *cur + size > *end {
                let want = 64 << 10;
                if eden_top + want > eden_end {
                    // collection: safepoint, then minor (or major when old is short)
                    for (e, c, en) in threads.iter_mut() {
                        e.flush();
                        *c = 0;
                        *en = 0;
                    }
                    st.peak_live = st.peak_live.max(
                        eden_top - eden_start + old_objs.iter().map(|o| o.1 as u64).sum::<u64>(),
                    );
                    let major = old_end - old_top < (cfg.eden as f64 * cfg.survive * 3.0) as u64;
                    gc.gc_start(
                        gc_id,
                        if major { GcKind::Major } else { GcKind::Minor },
                        if major {
                            "Allocation Failure (full)"
                        } else {
                            "Allocation Failure"
                        },
                    );
                    if !major {
                        gc.collecting_space(0);
                    } else {
                        // slide old: keep 60%
                        let mut top = old_start;
                        let mut kept: Vec<(u64, u32)> = Vec::with_capacity(old_objs.len());
                        let live: Vec<(u64, u32)> = old_objs
                            .iter()
                            .copied()
                            .filter(|_| rng.unit() < 0.6)
                            .collect();
                        let mut i = 0;
                        while i < live.len() {
                            let mut j = i + 1;
                            while j < live.len()
                                && live[j - 1].0 + live[j - 1].1 as u64 == live[j].0
                            {
                                j += 1;
                            }
                            let bytes: u64 = live[i..j].iter().map(|o| o.1 as u64).sum();
                            if live[i].0 == top {
                                gc.region_moved(top, top, (j - i) as u32, bytes);
                            } else if j - i > 1 {
                                gc.region_moved(live[i].0, top, (j - i) as u32, bytes);
                            } else {
                                gc.moved(live[i].0, top, live[i].1);
                            }
                            let mut a = top;
                            for o in &live[i..j] {
                                kept.push((a, o.1));
                                a += o.1 as u64;
                            }
                            top += bytes;
                            i = j;
                        }
                        old_objs = kept;
                        old_top = top;
                    }
                    // promote survivors of eden through 32 KB PLABs
                    let (mut pc, mut pe) = (0u64, 0u64);
                    for &(a, sz) in &eden_objs {
                        if rng.unit() < cfg.survive {
                            if pc + sz as u64 > pe {
                                if old_top + (32 << 10) > old_end {
                                    break;
                                }
                                pc = old_top;
                                pe = old_top + (32 << 10);
                                old_top = pe;
                                gc.plab(0, pc, 32 << 10);
                            }
                            gc.moved(a, pc, sz);
                            old_objs.push((pc, sz));
                            pc += sz as u64;
                        }
                    }
                    eden_objs.clear();
                    eden_top = eden_start;
                    gc.gc_end(gc_id);
                    gc_id += 1;
                    st.gcs += 1;
                }
                let (ev, cur, end) = &mut threads[t];
                let tsize = want.max(size);
                *cur = eden_top;
                *end = eden_top + tsize;
                eden_top += tsize;
                ev.tlab(*cur, tsize);
            }
            let (ev, cur, _) = &mut threads[t];
            ev.alloc_in_tlab(site.id, len);
            eden_objs.push((*cur, size as u32));
            *cur += size;
            st.allocs += 1;
            st.alloc_bytes += size;
        }
    }
    drop(threads);
    drop(gc);
    w.finish().unwrap();
    st.secs = t0.elapsed().as_secs_f64();
    st
}

struct ReadStats {
    events: u64,
    allocs: u64,
    alloc_event_bytes: u64,
    raw: u64,
    file: u64,
    secs: f64,
}

fn read_only(path: &Path) -> ReadStats {
    let t0 = Instant::now();
    let mut r = TraceReader::open(path).unwrap();
    let (mut events, mut allocs, mut ab) = (0u64, 0u64, 0u64);
    while let Some((_, e)) = r.next_event().unwrap() {
        events += 1;
        if matches!(
            e,
            Event::Alloc { .. } | Event::AllocTyped { .. } | Event::AllocOutside { .. }
        ) {
            allocs += 1;
            ab += r.last_event_len() as u64;
        }
    }
    ReadStats {
        events,
        allocs,
        alloc_event_bytes: ab,
        raw: r.raw_bytes_read,
        file: std::fs::metadata(path).unwrap().len(),
        secs: t0.elapsed().as_secs_f64(),
    }
}

fn mib(b: u64) -> f64 {
    b as f64 / 1048576.0
}

#[test]
#[ignore]
fn measure_bytes_per_allocation() {
    for structured in [true, false] {
        for compress in [true, false] {
            let cfg = GenCfg {
                allocs: 5_000_000,
                threads: 4,
                sites: 100,
                eden: 32 << 20,
                old: 256 << 20,
                structured,
                compress,
                survive: 0.05,
            };
            let p = temp(&format!("bpa-{structured}-{compress}"));
            let g = generate(&p, &cfg);
            let r = read_only(&p);
            println!(
                "{} compress={compress}: {} allocs ({:.1} MiB, mean {:.1} B), {} GCs; alloc events {:.3} B raw each; whole trace {:.3} B raw / allocation; file {:.3} B / allocation ({:.1}% of raw); write {:.2}s",
                if structured { "loop-structured" } else { "independent-random" },
                g.allocs,
                mib(g.alloc_bytes),
                g.alloc_bytes as f64 / g.allocs as f64,
                g.gcs,
                r.alloc_event_bytes as f64 / r.allocs as f64,
                r.raw as f64 / g.allocs as f64,
                r.file as f64 / g.allocs as f64,
                r.file as f64 * 100.0 / r.raw as f64,
                g.secs
            );
        }
    }
}

#[test]
#[ignore]
fn measure_writer_fast_path() {
    for compress in [false, true] {
        let p = temp(&format!("fastpath-{compress}"));
        let w = TraceWriter::create(
            &p,
            TraceConfig {
                compress,
                ..Default::default()
            },
        )
        .unwrap();
        w.define_type(3, "X", 16, None);
        let s = w.define_site("A", "f", 0, None, Some(3));
        let mut t = w.thread_events(1, "t");
        let n = 50_000_000u64;
        let t0 = Instant::now();
        let mut i = 0u64;
        while i < n {
            t.tlab((1 << 16) + (i & 0xffff) * 8, 1 << 20);
            for _ in 0..1000 {
                t.alloc_in_tlab(s + (i & 1) as u32, None);
            }
            i += 1000;
        }
        t.flush();
        let mutator = t0.elapsed().as_secs_f64();
        drop(t);
        let sum = w.finish().unwrap();
        let total = t0.elapsed().as_secs_f64();
        println!(
            "compress={compress}: {:.2} ns per alloc event on the mutator ({:.2} ns until the file is complete), {:.1} MiB raw -> {:.1} MiB stored",
            mutator * 1e9 / n as f64,
            total * 1e9 / n as f64,
            mib(sum.raw_bytes),
            mib(sum.stored_bytes)
        );
    }
}

#[test]
#[ignore]
fn measure_reader_throughput_and_reconstruction_memory() {
    // ~200 MB of raw trace: ~50M allocations
    for compress in [true, false] {
        let cfg = GenCfg {
            allocs: 48_000_000,
            threads: 4,
            sites: 100,
            eden: 64 << 20,
            old: 512 << 20,
            structured: false,
            compress,
            survive: 0.05,
        };
        let p = temp(&format!("big-{compress}"));
        let g = generate(&p, &cfg);
        println!("generated compress={compress}: {} allocs, {:.0} MiB allocated, {} GCs, peak occupancy {:.1} MiB of {:.0} MiB heap, {:.1}s", g.allocs, mib(g.alloc_bytes), g.gcs, mib(g.peak_live), mib(g.capacity), g.secs);
        let r = read_only(&p);
        println!(
            "  read events: {:.1} MiB raw ({:.1} MiB file) in {:.2}s = {:.0} MiB/s raw, {:.0} MiB/s file, {:.1} M events/s ({} events)",
            mib(r.raw),
            mib(r.file),
            r.secs,
            mib(r.raw) / r.secs,
            mib(r.file) / r.secs,
            r.events as f64 / r.secs / 1e6,
            r.events
        );
        let t0 = Instant::now();
        let info = gcvm_tools::trace_info(&p, false).unwrap();
        println!(
            "  trace_info: {:.2}s ({} lines)",
            t0.elapsed().as_secs_f64(),
            info.lines().count()
        );
        let base = CUR.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let t0 = Instant::now();
        let rec = reconstruct(&p, Boundary::End, true).unwrap();
        let secs = t0.elapsed().as_secs_f64();
        let peak = PEAK.load(Ordering::Relaxed) - base;
        let mut objs = 0u64;
        rec.model.for_each_object(|_| objs += 1);
        println!(
            "  reconstruct to end (with allocation stats): {:.2}s = {:.1} M events/s, {:.0} MiB/s raw; peak memory {:.1} MiB (model estimate {:.1} MiB) vs simulated heap peak occupancy {:.1} MiB / capacity {:.0} MiB; {} live objects, {} runs, {} descriptions",
            secs,
            rec.events as f64 / secs / 1e6,
            mib(r.raw) / secs,
            mib(peak as u64),
            mib(rec.model.peak_memory_bytes() as u64),
            mib(g.peak_live),
            mib(g.capacity),
            objs,
            rec.model.run_count(),
            rec.model.descs.list.len()
        );
        let objects_at_peak = g.peak_live as f64 / (g.alloc_bytes as f64 / g.allocs as f64);
        println!(
            "  ~{:.1} bytes of model per object at the fullest boundary ({:.0} objects)",
            rec.model.peak_memory_bytes() as f64 / objects_at_peak,
            objects_at_peak
        );
        drop(rec);
        let t0 = Instant::now();
        let s = gcvm_tools::stats(&p, false).unwrap();
        println!(
            "  stats: {:.2}s ({} lines)",
            t0.elapsed().as_secs_f64(),
            s.lines().count()
        );
        let t0 = Instant::now();
        let h = gcvm_tools::heap_at(
            &p,
            &format!("gc:{}:end", g.gcs / 2),
            gcvm_tools::GroupBy::Type,
            false,
        )
        .unwrap();
        println!(
            "  heap_at gc:{}:end by type: {:.2}s\n{}",
            g.gcs / 2,
            t0.elapsed().as_secs_f64(),
            h.lines().take(6).collect::<Vec<_>>().join("\n")
        );
        if std::env::var_os("GCVM_KEEP_TRACE").is_none() {
            std::fs::remove_file(&p).ok();
        }
    }
}
