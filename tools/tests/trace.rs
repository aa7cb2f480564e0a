//! The object-level trace end to end: written through `gcvm_tracer::TraceWriter` by a simulated
//! VM (tests/common), read back by `gcvm_tools::TraceReader`, reconstructed by `HeapModel`.

mod common;

use common::*;
use gcvm_tools::{
    heap_at, heap_objects, reconstruct, stats, trace_info, Boundary, Event, GroupBy, HeapObject,
    TraceReader,
};
use gcvm_tracer::format::{GC_THREAD_BASE, GLOBAL_THREAD};
use gcvm_tracer::{
    format, GcEventSink, GcKind, SpaceDesc, TraceConfig, TraceSpaceKind, TraceWriter,
};
use std::collections::BTreeMap;

type Snapshots = Vec<(String, Vec<HeapObject>)>;

fn simulate(name: &str, cfg: SimConfig, allocs: u64) -> SimResult {
    let mut sim = Sim::new(name, cfg);
    sim.run(allocs);
    // one forced major collection so every run has one
    sim.major_gc();
    sim.run(allocs / 10);
    sim.finish()
}

fn is_symbol(e: &Event) -> bool {
    matches!(
        e,
        Event::TypeDef { .. } | Event::SiteDef { .. } | Event::CauseDef { .. }
    )
}

#[test]
fn reader_returns_exactly_the_events_written() {
    let (path, _, expected, symbols, _) = simulate("exact-events", SimConfig::default(), 60_000);
    let read = read_all(&path);
    let got = per_thread(&read);
    let want = per_thread(&expected);
    assert!(
        want.len() >= 5,
        "mutators, two GC threads and the global thread"
    );
    for (t, w) in &want {
        let g = got
            .get(t)
            .unwrap_or_else(|| panic!("no events read for thread {t:#x}"));
        if *t == GLOBAL_THREAD {
            let g: Vec<&Event> = g.iter().map(|(_, e)| e).filter(|e| !is_symbol(e)).collect();
            let w: Vec<&Event> = w.iter().map(|(_, e)| e).collect();
            assert_eq!(g, w, "global events");
        } else {
            assert_eq!(g.len(), w.len(), "event count of thread {t:#x}");
            for (i, (a, b)) in g.iter().zip(w).enumerate() {
                assert_eq!(a, b, "thread {t:#x} event {i} (phase, event)");
            }
        }
    }
    // symbols: every definition written is read (the GC cause is interned by the writer)
    let read_symbols: Vec<&Event> = got[&GLOBAL_THREAD]
        .iter()
        .map(|(_, e)| e)
        .filter(|e| is_symbol(e))
        .collect();
    for s in &symbols {
        assert!(read_symbols.contains(&s), "symbol {s:?} not read");
    }
    let causes: Vec<&Event> = read_symbols
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::CauseDef { .. }))
        .collect();
    assert_eq!(
        causes.len(),
        2,
        "two distinct causes, each defined once: {causes:?}"
    );
    assert_eq!(
        got.keys().filter(|&&t| t != GLOBAL_THREAD).count(),
        want.keys().filter(|&&t| t != GLOBAL_THREAD).count()
    );
}

#[test]
fn reconstruction_matches_the_simulated_heap_at_every_boundary() {
    let (path, snapshots, _, _, final_heap) =
        simulate("every-boundary", SimConfig::default(), 80_000);
    assert!(
        snapshots.len() >= 8,
        "several collections: {}",
        snapshots.len()
    );
    for (boundary, want) in &snapshots {
        let got = heap_objects(&path, boundary).unwrap();
        assert_eq!(got.len(), want.len(), "object count at {boundary}");
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g, w, "at {boundary}");
        }
    }
    let end = heap_objects(&path, "end").unwrap();
    assert_eq!(end, final_heap.values().cloned().collect::<Vec<_>>());
}

#[test]
fn objects_survive_with_their_age_and_allocation_site() {
    let (path, snapshots, _, _, _) = simulate("ages", SimConfig::default(), 80_000);
    let (b, want) = snapshots
        .iter()
        .rev()
        .find(|(b, _)| b.ends_with(":end"))
        .unwrap();
    let got = heap_objects(&path, b).unwrap();
    assert_eq!(&got, want);
    assert!(
        got.iter().any(|o| o.age >= 2),
        "some objects survived two collections"
    );
    assert!(
        got.iter().any(|o| o.site == 0),
        "typed (site 0) allocations survive with their explicit type"
    );
}

#[test]
fn deaths_are_implicit() {
    let path = temp_path("implicit-deaths");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(7, "Node", 24, None);
    let site = w.define_site("Main", "main", 4, Some(3), Some(7));
    let mut t = w.thread_events(1, "main");
    t.tlab(4096, 4096);
    for _ in 0..3 {
        t.alloc_in_tlab(site, None); // at 4096, 4120, 4144
    }
    t.flush();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Major, "System.gc()");
    gc.moved(4120, 65536, 24); // only the middle one survives
    gc.gc_end(0);
    drop(t);
    drop(gc);
    w.finish().unwrap();
    let before = heap_objects(&path, "gc:0:start").unwrap();
    assert_eq!(
        before.iter().map(|o| o.addr).collect::<Vec<_>>(),
        vec![4096, 4120, 4144]
    );
    let after = heap_objects(&path, "gc:0:end").unwrap();
    assert_eq!(
        after,
        vec![HeapObject {
            addr: 65536,
            type_id: 7,
            size: 24,
            array_len: None,
            site,
            thread: 1,
            age: 1
        }]
    );
    // no event says "died"
    let mut r = TraceReader::open(&path).unwrap();
    let mut kinds = Vec::new();
    while let Some((_, e)) = r.next_event().unwrap() {
        kinds.push(e.kind_name());
    }
    assert!(
        kinds
            .iter()
            .all(|k| !k.contains("death") || *k == "thread-death"),
        "{kinds:?}"
    );
    let r = reconstruct(&path, Boundary::GcEnd(0), false).unwrap();
    assert_eq!(
        (r.model.gcs[0].dead_objects, r.model.gcs[0].dead_bytes),
        (2, 48)
    );
}

#[test]
fn compressed_and_uncompressed_traces_hold_the_same_events_and_heap() {
    let cfg = SimConfig {
        compress: false,
        seed: 7,
        ..Default::default()
    };
    let (raw_path, raw_snaps, ..) = simulate("uncompressed", cfg.clone(), 40_000);
    let (zip_path, zip_snaps, ..) = simulate(
        "compressed",
        SimConfig {
            compress: true,
            ..cfg
        },
        40_000,
    );
    assert_eq!(raw_snaps, zip_snaps, "the simulation is deterministic");
    let a: Vec<_> = read_all(&raw_path)
        .into_iter()
        .filter(|(t, _, _)| *t != GLOBAL_THREAD)
        .collect();
    let b: Vec<_> = read_all(&zip_path)
        .into_iter()
        .filter(|(t, _, _)| *t != GLOBAL_THREAD)
        .collect();
    assert_eq!(per_thread(&a), per_thread(&b));
    for (boundary, want) in &raw_snaps {
        assert_eq!(&heap_objects(&raw_path, boundary).unwrap(), want);
        assert_eq!(&heap_objects(&zip_path, boundary).unwrap(), want);
    }
    let (rs, zs) = (
        std::fs::metadata(&raw_path).unwrap().len(),
        std::fs::metadata(&zip_path).unwrap().len(),
    );
    // the simulation picks sites and lengths at random, so its events are high-entropy
    assert!(
        zs * 4 < rs * 3,
        "compression shrinks the trace: {zs} vs {rs}"
    );
    let mut r = TraceReader::open(&raw_path).unwrap();
    while r.next_event().unwrap().is_some() {}
    assert_eq!(r.compressed_chunks, 0);
    let mut r = TraceReader::open(&zip_path).unwrap();
    while r.next_event().unwrap().is_some() {}
    assert!(r.compressed_chunks > 0);
}

#[test]
fn multiple_threads_interleave_their_chunks() {
    // With a small eden every thread fills several 16 KB buffers per mutator phase, so chunks
    // of different threads alternate in the file.
    let cfg = SimConfig {
        threads: 6,
        eden: 4 << 20,
        ..Default::default()
    };
    let (path, snapshots, expected, _, _) = simulate("interleave", cfg, 150_000);
    let mut r = TraceReader::open(&path).unwrap();
    let mut order = Vec::new();
    let mut last = u64::MAX;
    while r.next_event().unwrap().is_some() {
        if r.chunk().offset != last {
            last = r.chunk().offset;
            order.push(r.chunk().thread);
        }
    }
    let switches = order
        .windows(2)
        .filter(|w| w[0] != w[1] && w[0] < GC_THREAD_BASE && w[1] < GC_THREAD_BASE)
        .count();
    assert!(switches > 10, "chunks of mutators alternate: {switches}");
    let got = per_thread(&read_all(&path));
    for (t, w) in per_thread(&expected) {
        if t != GLOBAL_THREAD {
            assert_eq!(got[&t], w, "thread {t}");
        }
    }
    for (b, want) in &snapshots {
        assert_eq!(&heap_objects(&path, b).unwrap(), want, "{b}");
    }
}

/// Real OS threads allocating concurrently, stopping at a barrier (the safepoint) for each
/// collection: the file order is consistent and the heap is exact at every boundary.
#[test]
fn concurrent_os_threads_with_safepoints() {
    use std::sync::{Arc, Barrier, Mutex};
    let path = temp_path("os-threads");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(5, "Item", 32, None);
    w.define_type(6, "int[]", 16, Some(4));
    let site_a = w.define_site("T", "item", 1, None, Some(5));
    let site_b = w.define_site("T", "ints", 2, None, Some(6));
    const THREADS: usize = 4;
    const GCS: u32 = 5;
    // eden [1 MB, 1 MB + 64 MB): every thread gets its own slice of TLABs per cycle
    let heap: Arc<Mutex<BTreeMap<u64, HeapObject>>> = Arc::default();
    let eden_top = Arc::new(Mutex::new(1u64 << 20));
    let stop = Arc::new(Barrier::new(THREADS + 1));
    let resume = Arc::new(Barrier::new(THREADS + 1));
    let mut handles = Vec::new();
    for t in 0..THREADS {
        let (w, heap, eden_top, stop, resume) = (
            w.clone(),
            heap.clone(),
            eden_top.clone(),
            stop.clone(),
            resume.clone(),
        );
        handles.push(std::thread::spawn(move || {
            let id = 10 + t as u32;
            let mut ev = w.thread_events(id, &format!("os-{t}"));
            let mut rng = Rng::new(100 + t as u64);
            for _cycle in 0..=GCS {
                let mut mine = Vec::new();
                for _ in 0..(2000 + rng.below(2000)) {
                    let mut tl = None::<(u64, u64)>;
                    for _ in 0..rng.below(50) + 1 {
                        let arr = rng.chance(0.3);
                        let len = arr.then(|| rng.below(40) as u32);
                        let size = if arr {
                            (16 + 4 * len.unwrap() as u64 + 7) & !7
                        } else {
                            32
                        };
                        if !matches!(tl, Some((c, e)) if c + size <= e) {
                            let mut top = eden_top.lock().unwrap();
                            let start = *top;
                            *top += 4096;
                            tl = Some((start, start + 4096));
                            ev.tlab(start, 4096);
                        }
                        let (c, e) = tl.unwrap();
                        ev.alloc_in_tlab(if arr { site_b } else { site_a }, len);
                        mine.push(HeapObject {
                            addr: c,
                            type_id: if arr { 6 } else { 5 },
                            size,
                            array_len: len,
                            site: if arr { site_b } else { site_a },
                            thread: id,
                            age: 0,
                        });
                        tl = Some((c + size, e));
                    }
                }
                // safepoint: flush, publish, wait for the collection
                ev.flush();
                heap.lock()
                    .unwrap()
                    .extend(mine.into_iter().map(|o| (o.addr, o)));
                stop.wait();
                resume.wait();
            }
        }));
    }
    let mut gc = w.gc_sink();
    let mut snapshots: Snapshots = Vec::new();
    let mut old_top = 1u64 << 32; // survivors go far above eden
    for id in 0..GCS {
        stop.wait();
        gc.gc_start(id, GcKind::Minor, "Allocation Failure");
        let mut h = heap.lock().unwrap();
        snapshots.push((format!("gc:{id}:start"), h.values().cloned().collect()));
        let mut rng = Rng::new(id as u64);
        let objs: Vec<HeapObject> = std::mem::take(&mut *h).into_values().collect();
        let plab = old_top;
        gc.plab(0, plab, 1 << 20);
        for mut o in objs {
            if rng.chance(0.2) {
                gc.moved(o.addr, old_top, o.size as u32);
                o.addr = old_top;
                o.age += 1;
                old_top += o.size;
                h.insert(o.addr, o);
            }
        }
        gc.gc_end(id);
        snapshots.push((format!("gc:{id}:end"), h.values().cloned().collect()));
        old_top = (old_top + (1 << 20)) & !((1 << 20) - 1);
        *eden_top.lock().unwrap() = 1 << 20;
        drop(h);
        resume.wait();
    }
    stop.wait();
    resume.wait();
    for h in handles {
        h.join().unwrap();
    }
    drop(gc);
    w.finish().unwrap();
    for (b, want) in &snapshots {
        assert_eq!(&heap_objects(&path, b).unwrap(), want, "{b}");
    }
    let end = heap_objects(&path, "end").unwrap();
    assert_eq!(
        end,
        heap.lock().unwrap().values().cloned().collect::<Vec<_>>()
    );
}

#[test]
fn common_allocation_event_is_four_bytes() {
    let path = temp_path("four-bytes");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 16, None);
    w.define_type(4, "byte[]", 16, Some(1));
    let s = w.define_site("A", "f", 0, None, Some(3));
    let a = w.define_site("A", "g", 1, None, Some(4));
    let mut t = w.thread_events(1, "t");
    t.tlab(1 << 16, 1 << 20);
    let before = t.pending_bytes();
    t.alloc_in_tlab(s, None);
    assert_eq!(t.pending_bytes() - before, 4, "an instance");
    t.alloc_in_tlab(a, Some(0));
    t.alloc_in_tlab(a, Some(253));
    assert_eq!(t.pending_bytes() - before, 12, "arrays of length < 254 too");
    let many = 10_000;
    for _ in 0..many {
        t.alloc_in_tlab(s, None);
    }
    t.flush();
    drop(t);
    let summary = w.finish().unwrap();
    let mut r = TraceReader::open(&path).unwrap();
    let (mut n, mut bytes) = (0u64, 0u64);
    while let Some((_, e)) = r.next_event().unwrap() {
        if matches!(e, Event::Alloc { .. }) {
            n += 1;
            bytes += r.last_event_len() as u64;
        }
    }
    assert_eq!((n, bytes), (many + 3, 4 * (many + 3)));
    assert!(
        summary.stored_bytes < summary.raw_bytes / 10,
        "runs of identical events compress: {summary:?}"
    );
}

#[test]
fn long_arrays_and_high_site_ids_take_a_longer_form() {
    let path = temp_path("long-forms");
    let w = TraceWriter::create(
        &path,
        TraceConfig {
            compress: false,
            ..Default::default()
        },
    )
    .unwrap();
    w.define_type(4, "int[]", 16, Some(4));
    let a = w.define_site("A", "g", 1, None, Some(4));
    let mut t = w.thread_events(1, "t");
    t.tlab(1 << 16, 1 << 24);
    let p0 = t.pending_bytes();
    t.alloc_in_tlab(a, Some(254));
    assert_eq!(
        t.pending_bytes() - p0,
        5,
        "Alloc long: word with the length's low byte + one varint byte"
    );
    let p2 = t.pending_bytes();
    t.alloc_in_tlab(a, Some(32_767));
    assert_eq!(t.pending_bytes() - p2, 5, "one varint byte up to 32,767");
    let p1 = t.pending_bytes();
    t.alloc_in_tlab(70_000, Some(3));
    assert!(
        t.pending_bytes() - p1 > 4,
        "a site above u16 needs the wide form"
    );
    t.alloc_in_tlab(a, Some(u32::MAX));
    t.flush();
    drop(t);
    w.finish().unwrap();
    let evs: Vec<Event> = read_all(&path)
        .into_iter()
        .map(|x| x.2)
        .filter(|e| matches!(e, Event::Alloc { .. }))
        .collect();
    assert_eq!(
        evs,
        vec![
            Event::Alloc {
                site: a,
                array_len: Some(254)
            },
            Event::Alloc {
                site: a,
                array_len: Some(32_767)
            },
            Event::Alloc {
                site: 70_000,
                array_len: Some(3)
            },
            Event::Alloc {
                site: a,
                array_len: Some(u32::MAX)
            }
        ]
    );
}

#[test]
fn moves_to_the_copy_cursor_are_four_bytes() {
    let path = temp_path("fast-moves");
    let w = TraceWriter::create(
        &path,
        TraceConfig {
            compress: false,
            ..Default::default()
        },
    )
    .unwrap();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Major, "test");
    gc.plab(0, 1 << 20, 1 << 16);
    gc.moved(4096, 1 << 20, 24); // at the PLAB start: fast
    gc.moved(8192, (1 << 20) + 24, 16); // next slot: fast
    gc.moved(9000 & !7, 3 << 20, 16); // elsewhere: explicit
    gc.moved(200 << 20, (3 << 20) + 16, 16); // source above 128 MB: fast, wide
    gc.gc_end(0);
    drop(gc);
    w.finish().unwrap();
    let mut r = TraceReader::open(&path).unwrap();
    let mut moves = Vec::new();
    while let Some((_, e)) = r.next_event().unwrap() {
        if let Event::Move { from, to } = e {
            moves.push((from, to, r.last_event_len()));
        }
    }
    assert_eq!(
        moves,
        vec![
            (4096, None, 4),
            (8192, None, 4),
            (9000 & !7, Some(3 << 20), 6),
            (200 << 20, None, 5)
        ]
    );
}

/// A trace with one mutator taking runs of cells (`take` gets its `ThreadEvents`), then its
/// mutator events, and the (address, size) of every object at the end, in address order.
fn cell_trace(
    name: &str,
    take: impl FnOnce(&TraceWriter, &mut gcvm_tracer::ThreadEvents),
) -> (Vec<Event>, Vec<(u64, u64)>) {
    let path = temp_path(name);
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    let mut t = w.thread_events(1, "t");
    take(&w, &mut t);
    t.flush();
    drop(t);
    w.finish().unwrap();
    let events = read_all(&path)
        .into_iter()
        .filter(|(thread, _, _)| *thread == 1)
        .map(|x| x.2)
        .collect();
    let objects = heap_objects(&path, "end")
        .unwrap()
        .iter()
        .map(|o| (o.addr, o.size))
        .collect();
    (events, objects)
}

#[test]
fn objects_in_runs_of_cells_take_the_next_cell_of_the_smallest_run_they_fit_in_four_bytes() {
    let (events, objects) = cell_trace("cells", |w, t| {
        w.define_type(3, "X", 24, None);
        w.define_type(4, "Y", 40, None);
        w.define_type(5, "long[]", 16, Some(8));
        let (x, y, b) = (
            w.define_site("A", "x", 0, None, Some(3)),
            w.define_site("A", "y", 1, None, Some(4)),
            w.define_site("A", "b", 2, None, Some(5)),
        );
        t.cells(0x10000, 24, 10);
        t.cells(0x20000, 40, 10);
        t.cells(0x30000, 640, 4);
        let before = t.pending_bytes();
        t.alloc_in_cell(x, 3, None, 0x10000, 24, 24);
        t.alloc_in_cell(y, 4, None, 0x20000, 40, 40);
        t.alloc_in_cell(x, 3, None, 0x10018, 24, 24);
        // 616 and 536 bytes: smaller than their 640-byte cells, the rest left free
        t.alloc_in_cell(b, 5, Some(75), 0x30000, 616, 640);
        t.alloc_in_cell(b, 5, Some(65), 0x30280, 536, 640);
        t.alloc_in_cell_typed(0, 3, None, 0x10030, 24, 24);
        assert_eq!(
            t.pending_bytes() - before,
            5 * 4 + 5,
            "five words and a typed event"
        );
    });
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Alloc { .. }))
            .count(),
        5
    );
    assert_eq!(
        objects,
        vec![
            (0x10000, 24),
            (0x10018, 24),
            (0x10030, 24),
            (0x20000, 40),
            (0x30000, 616),
            (0x30280, 536)
        ]
    );
}

#[test]
fn an_object_in_a_cell_the_reader_would_not_choose_names_its_cell() {
    let (events, objects) = cell_trace("cells-named", |w, t| {
        w.define_type(5, "byte[]", 16, Some(1));
        let b = w.define_site("A", "b", 2, None, Some(5));
        t.cells(0x10000, 576, 2);
        t.cells(0x20000, 640, 2);
        // 544 bytes fit the 576-byte cells (room for a filler), but the VM chose a 640-byte one
        t.alloc_in_cell(b, 5, Some(528), 0x20000, 544, 640);
        t.alloc_in_cell(b, 5, Some(528), 0x10000, 544, 576);
    });
    let allocs: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Alloc { .. } | Event::AllocCell { .. }))
        .collect();
    assert!(
        matches!(
            allocs[..],
            [
                Event::AllocCell {
                    cell: 640,
                    type_id: 5,
                    array_len: Some(528),
                    ..
                },
                Event::Alloc { .. }
            ]
        ),
        "{allocs:?}"
    );
    assert_eq!(objects, vec![(0x10000, 544), (0x20000, 544)]);
}

#[test]
fn a_run_of_cells_that_goes_on_past_taken_cells_has_no_address() {
    let (events, objects) = cell_trace("cells-next", |w, t| {
        w.define_type(3, "X", 24, None);
        let x = w.define_site("A", "x", 0, None, Some(3));
        t.cells(0x10000, 24, 2);
        t.alloc_in_cell(x, 3, None, 0x10000, 24, 24);
        t.alloc_in_cell(x, 3, None, 0x10018, 24, 24);
        // three cells taken by others, then two free ones; then the next two right after
        t.cells_next(0x10078, 24, 3, 2);
        t.alloc_in_cell(x, 3, None, 0x10078, 24, 24);
        t.alloc_in_cell(x, 3, None, 0x10090, 24, 24);
        t.cells_next(0x100a8, 24, 0, 2);
        t.alloc_in_cell(x, 3, None, 0x100a8, 24, 24);
    });
    assert!(events.contains(&Event::CellsNext {
        cell: 24,
        skip: 3,
        count: 2
    }));
    let addrs: Vec<u64> = objects.iter().map(|o| o.0).collect();
    assert_eq!(addrs, vec![0x10000, 0x10018, 0x10078, 0x10090, 0x100a8]);
}

#[test]
fn a_map_of_free_cells_places_objects_in_its_free_cells_in_address_order() {
    let (events, objects) = cell_trace("cells-map", |w, t| {
        w.define_type(3, "X", 24, None);
        let x = w.define_site("A", "x", 0, None, Some(3));
        // free: cells 0, 1, 3, 6 and 7 from 0x10000 (2, 4 and 5 are others' objects)
        t.cells_map(0x10000, 24, 0b1100_1011);
        for cell in [0, 1, 3, 6, 7] {
            t.alloc_in_cell(x, 3, None, 0x10000 + cell * 24, 24, 24);
        }
    });
    assert!(events.contains(&Event::CellsMap {
        cell: 24,
        start: Some(0x10000),
        skip: 0,
        free: 0b1100_1011
    }));
    let addrs: Vec<u64> = objects.iter().map(|o| o.0).collect();
    assert_eq!(addrs, vec![0x10000, 0x10018, 0x10048, 0x10090, 0x100a8]);
}

#[test]
fn a_map_that_follows_a_run_names_no_address_and_the_next_run_skips_from_the_maps_end() {
    let (events, objects) = cell_trace("cells-map-next", |w, t| {
        w.define_type(3, "X", 24, None);
        let x = w.define_site("A", "x", 0, None, Some(3));
        t.cells(0x10000, 24, 1);
        t.alloc_in_cell(x, 3, None, 0x10000, 24, 24);
        // two taken cells, then the map: free cells 3, 5 and 8 from 0x10000
        t.cells_map(0x10048, 24, 0b100101);
        t.alloc_in_cell(x, 3, None, 0x10048, 24, 24);
        // the thread moves on before filling the map (it blocked): a run one cell after the
        // map's last free cell
        t.cells(0x10000 + 10 * 24, 24, 1);
        t.alloc_in_cell(x, 3, None, 0x10000 + 10 * 24, 24, 24);
    });
    let runs: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Cells { .. } | Event::CellsNext { .. } | Event::CellsMap { .. }
            )
        })
        .collect();
    assert_eq!(
        runs[1..],
        [
            &Event::CellsMap {
                cell: 24,
                start: None,
                skip: 2,
                free: 0b100101
            },
            &Event::CellsNext {
                cell: 24,
                skip: 1,
                count: 1
            }
        ]
    );
    let addrs: Vec<u64> = objects.iter().map(|o| o.0).collect();
    assert_eq!(addrs, vec![0x10000, 0x10048, 0x100f0]);
}

#[test]
fn a_run_announced_whole_cells_after_the_current_one_is_written_without_its_address() {
    let (events, objects) = cell_trace("cells-follow", |w, t| {
        w.define_type(3, "X", 24, None);
        let x = w.define_site("A", "x", 0, None, Some(3));
        t.cells(0x10000, 24, 2);
        t.alloc_in_cell(x, 3, None, 0x10000, 24, 24);
        // the thread comes back after others took three cells: announced as Cells, written
        // as Cells next (no address)
        t.cells(0x10078, 24, 2);
        t.alloc_in_cell(x, 3, None, 0x10078, 24, 24);
        // not a whole number of cells after the run's end: an address
        t.cells(0x20004 & !7, 24, 1);
        t.alloc_in_cell(x, 3, None, 0x20000, 24, 24);
    });
    let runs: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Cells { .. } | Event::CellsNext { .. }))
        .collect();
    assert_eq!(
        runs,
        vec![
            &Event::Cells {
                start: 0x10000,
                cell: 24,
                count: 2
            },
            &Event::CellsNext {
                cell: 24,
                skip: 3,
                count: 2
            },
            &Event::Cells {
                start: 0x20000,
                cell: 24,
                count: 1
            },
        ]
    );
    let addrs: Vec<u64> = objects.iter().map(|o| o.0).collect();
    assert_eq!(addrs, vec![0x10000, 0x10078, 0x20000]);
}

#[test]
fn a_run_announced_after_a_collection_names_its_address() {
    let path = temp_path("cells-after-gc");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 24, None);
    let x = w.define_site("A", "x", 0, None, Some(3));
    let mut t = w.thread_events(1, "t");
    t.cells(0x10000, 24, 2);
    t.alloc_in_cell(x, 3, None, 0x10000, 24, 24);
    t.flush();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Major, "test");
    gc.kept_alive(0x10000, 24);
    gc.gc_end(0);
    // the collection ended the run: the next one, three cells on, cannot follow it
    t.cells(0x10060, 24, 2);
    t.alloc_in_cell(x, 3, None, 0x10060, 24, 24);
    t.flush();
    drop(gc);
    drop(t);
    w.finish().unwrap();
    let runs: Vec<Event> = read_all(&path)
        .into_iter()
        .map(|x| x.2)
        .filter(|e| matches!(e, Event::Cells { .. } | Event::CellsNext { .. }))
        .collect();
    assert_eq!(
        runs[1],
        Event::Cells {
            start: 0x10060,
            cell: 24,
            count: 2
        }
    );
    let addrs: Vec<u64> = heap_objects(&path, "end")
        .unwrap()
        .iter()
        .map(|o| o.addr)
        .collect();
    assert_eq!(addrs, vec![0x10000, 0x10060]);
}

#[test]
fn kept_runs_keep_every_object_in_them_where_it_is_in_about_two_bytes_a_run() {
    let path = temp_path("kept-runs");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 16, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let mut t = w.thread_events(1, "t");
    t.tlab(0x10000, 0x1000);
    for _ in 0..8 {
        t.alloc_in_tlab(s, None); // 0x10000, 0x10010, ... 0x10070
    }
    t.flush();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Major, "test");
    // two runs, then one before the last run's end: it starts a second event
    gc.runs_kept(&[(0x10000, 2, 32), (0x10040, 1, 16), (0x10020, 1, 16)]);
    gc.gc_end(0);
    drop(gc);
    drop(t);
    w.finish().unwrap();
    let after = heap_objects(&path, "gc:0:end").unwrap();
    assert_eq!(
        after.iter().map(|o| (o.addr, o.age)).collect::<Vec<_>>(),
        vec![(0x10000, 1), (0x10010, 1), (0x10020, 1), (0x10040, 1)]
    );
    let kept: Vec<Event> = read_all(&path)
        .into_iter()
        .map(|x| x.2)
        .filter(|e| matches!(e, Event::KeptRuns(_)))
        .collect();
    assert_eq!(
        kept,
        vec![
            Event::KeptRuns(vec![(0x10000, 32), (0x10040, 16)].into()),
            Event::KeptRuns(vec![(0x10020, 16)].into()),
        ]
    );
    let info = gcvm_tools::analysis::info::read(&path).unwrap();
    let runs = info.kinds.iter().find(|k| k.kind == "kept-runs").unwrap();
    // id, flags, count, then a start delta and a size per run: 0x10000 / 8 takes 2 bytes,
    // the next run's 4 units after the first's end 1
    assert_eq!(
        (runs.count, runs.raw_bytes),
        (2, (3 + 2 + 1 + 1 + 1) + (3 + 2 + 1))
    );
}

#[test]
fn a_sink_that_does_not_batch_takes_kept_runs_as_region_moves_by_zero() {
    let mut counts = gcvm_tracer::CountingSink::default();
    counts.runs_kept(&[(0x10000, 2, 32), (0x10040, 1, 16)]);
    assert_eq!(
        (counts.region_moves, counts.moves, counts.moved_bytes),
        (2, 3, 48)
    );
}

#[test]
fn space_release_kills_what_is_left_in_the_space() {
    let path = temp_path("release");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 32, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let sp = |id, start, end, name: &str| SpaceDesc {
        id,
        kind: TraceSpaceKind::Eden,
        start,
        end,
        name: name.into(),
    };
    w.sync_spaces(&[sp(0, 0x10000, 0x20000, "a"), sp(1, 0x20000, 0x30000, "b")]);
    let mut t = w.thread_events(1, "t");
    t.tlab(0x10000, 0x1000);
    t.alloc_in_tlab(s, None);
    t.tlab(0x20000, 0x1000);
    t.alloc_in_tlab(s, None);
    t.alloc_in_tlab(s, None);
    t.flush();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Minor, "test");
    gc.collecting_space(0); // only "a" is collected; its object dies
    gc.space_release(1); // "b" is emptied: its two objects die too
    gc.gc_end(0);
    gc.gc_start(1, GcKind::Minor, "test");
    gc.gc_end(1);
    drop(gc);
    drop(t);
    w.finish().unwrap();
    assert_eq!(heap_objects(&path, "gc:0:start").unwrap().len(), 3);
    assert_eq!(heap_objects(&path, "gc:0:end").unwrap(), vec![]);
    let r = reconstruct(&path, Boundary::End, false).unwrap();
    assert_eq!(
        (r.model.released_objects, r.model.gcs[0].dead_objects),
        (2, 1)
    );
}

#[test]
fn objects_in_spaces_not_collected_stay_without_events() {
    let path = temp_path("not-collected");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 16, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let sp = |id, start, end, name: &str, kind| SpaceDesc {
        id,
        kind,
        start,
        end,
        name: name.into(),
    };
    w.sync_spaces(&[
        sp(0, 0x10000, 0x20000, "eden", TraceSpaceKind::Eden),
        sp(1, 0x20000, 0x30000, "old", TraceSpaceKind::Old),
    ]);
    let mut t = w.thread_events(1, "t");
    t.alloc_explicit(s, 3, 0x20000, 16, None); // old, outside the TLAB
    t.tlab(0x10000, 0x1000);
    t.alloc_in_tlab(s, None);
    t.alloc_in_tlab(s, None);
    t.flush();
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Minor, "young");
    gc.collecting_space(0);
    gc.moved(0x10010, 0x20010, 16); // promoted next to the old object
    gc.gc_end(0);
    gc.gc_start(1, GcKind::Major, "full");
    gc.region_moved(0x20000, 0x20000, 2, 32); // both stay: a kept-alive run
    gc.gc_end(1);
    drop(gc);
    drop(t);
    w.finish().unwrap();
    let after0: Vec<(u64, u8)> = heap_objects(&path, "gc:0:end")
        .unwrap()
        .iter()
        .map(|o| (o.addr, o.age))
        .collect();
    assert_eq!(after0, vec![(0x20000, 0), (0x20010, 1)]);
    let after1: Vec<(u64, u8)> = heap_objects(&path, "gc:1:end")
        .unwrap()
        .iter()
        .map(|o| (o.addr, o.age))
        .collect();
    assert_eq!(after1, vec![(0x20000, 1), (0x20010, 2)]);
}

#[test]
fn a_thread_not_flushed_at_the_safepoint_is_reported() {
    let path = temp_path("unflushed");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 16, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let mut t = w.thread_events(1, "t");
    t.tlab(0x10000, 0x1000);
    t.alloc_in_tlab(s, None);
    // no t.flush() before the collection
    let mut gc = w.gc_sink();
    gc.gc_start(0, GcKind::Major, "test");
    gc.gc_end(0);
    t.tlab(0x10000, 0x1000); // the slow path notices the collection and sends the stale events
    drop(t);
    drop(gc);
    w.finish().unwrap();
    let err = heap_objects(&path, "end").unwrap_err();
    assert!(err.message.contains("flush"), "{err}");
    assert!(err.offset > 0);
}

#[test]
fn finish_is_idempotent_and_later_flushes_are_counted_lost() {
    let path = temp_path("finish-twice");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    w.define_type(3, "X", 16, None);
    let s = w.define_site("A", "f", 0, None, Some(3));
    let mut t = w.thread_events(1, "t");
    t.tlab(0x10000, 0x1000);
    t.alloc_in_tlab(s, None);
    t.flush();
    let a = w.finish().unwrap();
    let b = w.clone().finish().unwrap();
    assert_eq!(a, b);
    t.alloc_in_tlab(s, None);
    t.flush(); // after finish: dropped, counted
    drop(t);
    assert!(w.finish().unwrap().lost_chunks >= 1);
    assert_eq!(heap_objects(&path, "end").unwrap().len(), 1);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), a.file_bytes);
}

#[test]
fn dropping_the_last_handle_finishes_the_trace() {
    let path = temp_path("drop-finishes");
    {
        let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
        w.define_type(3, "X", 16, None);
        let s = w.define_site("A", "f", 0, None, Some(3));
        let mut t = w.thread_events(1, "t");
        t.tlab(0x10000, 0x1000);
        t.alloc_in_tlab(s, None);
    }
    assert_eq!(heap_objects(&path, "end").unwrap().len(), 1);
}

#[test]
fn truncated_trace_gives_an_error_with_the_offset() {
    let (path, ..) = simulate(
        "truncate",
        SimConfig {
            seed: 3,
            ..Default::default()
        },
        20_000,
    );
    let bytes = std::fs::read(&path).unwrap();
    for cut in [10, 40, bytes.len() / 3, bytes.len() - 17, bytes.len() - 1] {
        let p = temp_path(&format!("truncated-{cut}"));
        std::fs::write(&p, &bytes[..cut]).unwrap();
        let err = heap_objects(&p, "end").unwrap_err();
        assert!(err.offset <= cut as u64, "cut {cut}: {err}");
        assert!(
            err.message.contains("expected") || err.message.contains("truncated"),
            "{err}"
        );
    }
    // cut exactly before the trailer: every chunk is readable, the end is missing
    let mut r = TraceReader::open(&path).unwrap();
    while r.next_event().unwrap().is_some() {}
    let trailer_at =
        u64::from_le_bytes(bytes[bytes.len() - 16..bytes.len() - 8].try_into().unwrap()) as usize;
    let p = temp_path("truncated-at-trailer");
    std::fs::write(&p, &bytes[..trailer_at]).unwrap();
    let err = heap_objects(&p, "end").unwrap_err();
    assert_eq!(err.offset, trailer_at as u64);
    assert!(err.message.contains("not finished"), "{err}");
}

#[test]
fn a_boundary_missing_from_the_trace_is_an_error() {
    let (path, ..) = simulate("missing-boundary", SimConfig::default(), 10_000);
    let err = heap_objects(&path, "gc:9999:end").unwrap_err();
    assert!(err.message.contains("not found"), "{err}");
    assert!(err.not_in_trace, "{err:?}");
    assert!(!err.to_string().contains("trace byte"), "{err}");
    assert!(heap_objects(&path, "gc:x:end").is_err());
}

#[test]
fn info_stats_and_heap_views_render_as_tables_and_json() {
    let (path, snapshots, ..) = simulate("views", SimConfig::default(), 30_000);
    let info = trace_info(&path, false).unwrap();
    assert!(
        info.contains("sim-generational")
            && info.contains("collections:")
            && info.contains("worker-0"),
        "{info}"
    );
    let info_json = trace_info(&path, true).unwrap();
    assert!(info_json.starts_with('{') && info_json.contains("\"raw_bytes_per_allocation\""));
    let st = stats(&path, false).unwrap();
    assert!(
        st.contains("allocation site") && st.contains("pauses:") && st.contains("object size"),
        "{st}"
    );
    let st_json = stats(&path, true).unwrap();
    assert!(st_json.contains("\"size_histogram\"") && st_json.contains("\"dead_bytes\""));
    let (b, want) = &snapshots[2];
    for g in [
        GroupBy::Type,
        GroupBy::Site,
        GroupBy::Age,
        GroupBy::Space,
        GroupBy::Thread,
    ] {
        let text = heap_at(&path, b, g, false).unwrap();
        assert!(
            text.contains(&format!("{} objects", want.len()))
                || text.contains(&format!("{} objects", thousands(want.len()))),
            "{text}"
        );
        assert!(heap_at(&path, b, g, true).unwrap().contains("\"groups\""));
    }
    let objs = heap_at(&path, b, GroupBy::Objects, false).unwrap();
    assert_eq!(
        objs.lines().count(),
        want.len() + 4,
        "title, blank, header, rule, one line per object"
    );
    let objs_json = heap_at(&path, b, GroupBy::Objects, true).unwrap();
    assert_eq!(objs_json.matches("\"addr\"").count(), want.len());
    for s in [&info_json, &st_json, &objs_json] {
        assert_eq!(s.matches('{').count(), s.matches('}').count());
    }
}

fn thousands(n: usize) -> String {
    gcvm_tools::render::thousands(n as u64)
}

#[test]
fn boundaries_and_groupings_parse() {
    assert_eq!("gc:12:end".parse::<Boundary>(), Ok(Boundary::GcEnd(12)));
    assert_eq!("gc:3:start".parse::<Boundary>(), Ok(Boundary::GcStart(3)));
    assert_eq!("end".parse::<Boundary>(), Ok(Boundary::End));
    assert!("gc:3:middle".parse::<Boundary>().is_err());
    assert_eq!("site".parse::<GroupBy>(), Ok(GroupBy::Site));
}

/// Every event with its thread and byte length, or the first error, read with `threads`
/// inflate threads.
fn read_with_inflate_threads(
    path: &std::path::Path,
    threads: usize,
) -> (Vec<(u32, Event, usize)>, Option<String>) {
    let mut r = TraceReader::open(path)
        .unwrap()
        .with_inflate_threads(threads);
    let mut v = Vec::new();
    loop {
        match r.next_event() {
            Ok(Some((t, e))) => v.push((t, e, r.last_event_len())),
            Ok(None) => return (v, None),
            Err(e) => return (v, Some(e.to_string())),
        }
    }
}

#[test]
fn parallel_inflation_returns_the_events_and_errors_of_sequential_reading() {
    let (path, ..) = simulate(
        "parallel-inflate",
        SimConfig {
            compress: true,
            seed: 11,
            ..Default::default()
        },
        80_000,
    );
    let (one, err) = read_with_inflate_threads(&path, 1);
    assert_eq!(err, None);
    assert!(one.len() > 80_000);
    for threads in [2, 4] {
        assert_eq!(
            read_with_inflate_threads(&path, threads),
            (one.clone(), None)
        );
    }
    // damage a byte in the middle (a payload: a checksum or deflate error), and the last chunk
    // of the file: each thread count reports the same events before it and the same error
    let bytes = std::fs::read(&path).unwrap();
    for at in [bytes.len() / 2, bytes.len() - 40] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x5a;
        let p = temp_path(&format!("parallel-inflate-flip-{at}"));
        std::fs::write(&p, &bad).unwrap();
        let (events, err) = read_with_inflate_threads(&p, 1);
        assert!(err.is_some(), "flipping byte {at} is detected");
        for threads in [2, 4] {
            assert_eq!(
                read_with_inflate_threads(&p, threads),
                (events.clone(), err.clone())
            );
        }
    }
}

/// Every event with its thread, or the first error, read with `TraceReader::visit_events`
/// (the common events rebuilt as the `Event`s they stand for).
fn visit_all(path: &std::path::Path, threads: usize) -> (Vec<(u32, Event)>, Option<String>) {
    struct Collect(Vec<(u32, Event)>);
    impl gcvm_tools::EventVisitor for Collect {
        fn alloc(&mut self, t: u32, site: u32, array_len: Option<u32>) -> Result<(), String> {
            self.0.push((t, Event::Alloc { site, array_len }));
            Ok(())
        }
        fn move_fast(&mut self, t: u32, from: u64) -> Result<(), String> {
            self.0.push((t, Event::Move { from, to: None }));
            Ok(())
        }
        fn event(
            &mut self,
            t: u32,
            e: &Event,
            _: &gcvm_tools::Symbols,
            _: u64,
        ) -> Result<gcvm_tools::Visit, String> {
            self.0.push((t, e.clone()));
            Ok(gcvm_tools::Visit::Go)
        }
    }
    let mut r = TraceReader::open(path)
        .unwrap()
        .with_inflate_threads(threads);
    let mut c = Collect(Vec::new());
    let err = r.visit_events(&mut c).err().map(|e| e.to_string());
    (c.0, err)
}

#[test]
fn visiting_events_sees_the_events_and_errors_of_next_event() {
    let (path, ..) = simulate(
        "visit-events",
        SimConfig {
            compress: true,
            seed: 13,
            ..Default::default()
        },
        80_000,
    );
    let plain = |v: Vec<(u32, Event, usize)>| -> Vec<(u32, Event)> {
        v.into_iter().map(|(t, e, _)| (t, e)).collect()
    };
    let (events, err) = read_with_inflate_threads(&path, 1);
    assert_eq!(err, None);
    assert!(events
        .iter()
        .any(|(_, e, _)| matches!(e, Event::Alloc { .. })));
    assert!(events
        .iter()
        .any(|(_, e, _)| matches!(e, Event::Move { to: None, .. })));
    for threads in [1, 2] {
        assert_eq!(visit_all(&path, threads), (plain(events.clone()), None));
    }
    let bytes = std::fs::read(&path).unwrap();
    for at in [bytes.len() / 2, bytes.len() - 40] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x5a;
        let p = temp_path(&format!("visit-events-flip-{at}"));
        std::fs::write(&p, &bad).unwrap();
        let (events, err) = read_with_inflate_threads(&p, 1);
        assert!(err.is_some(), "flipping byte {at} is detected");
        assert_eq!(visit_all(&p, 2), (plain(events), err));
    }
}

#[test]
fn safepoint_and_gc_worker_events_round_trip() {
    use gcvm_tools::reader::WorkerPhase;
    use gcvm_tracer::WorkerActivity;
    use std::time::{Duration, Instant};
    let path = temp_path("safepoint-workers");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    let t0 = Instant::now();
    let us = |n: u64| t0 + Duration::from_micros(n);
    let mut gc = w.gc_sink();
    gc.safepoint(0, Some(1), us(100), us(350), &[(1, us(100)), (7, us(350))]);
    gc.gc_start(0, GcKind::Major, "test");
    let worker = |i: u32, start: u64, end: u64| WorkerActivity {
        worker: i,
        start: us(start),
        end: us(end),
        objects: 10 + i as u64,
        bytes: 1000 * (i as u64 + 1),
        steals: i as u64,
    };
    gc.worker_activity("copy", &[worker(0, 400, 900), worker(1, 410, 880)]);
    gc.gc_end(0);
    drop(gc);
    w.finish().unwrap();

    let mut r = TraceReader::open(&path).unwrap();
    let mut timed = Vec::new();
    while let Some((thread, e)) = r.next_event().unwrap() {
        if matches!(
            e,
            Event::Safepoint { .. } | Event::SafepointArrival { .. } | Event::GcWorker(_)
        ) {
            assert_eq!(thread, GC_THREAD_BASE, "written by the collecting thread");
            timed.push(e);
        }
    }
    let Event::Safepoint {
        requested_us: base, ..
    } = timed[0]
    else {
        panic!("the safepoint comes first: {timed:?}")
    };
    let phase = |worker: u32, start: u64, end: u64| {
        Event::GcWorker(Box::new(WorkerPhase {
            worker,
            phase: "copy".into(),
            start_us: base - 100 + start,
            end_us: base - 100 + end,
            objects: 10 + worker as u64,
            bytes: 1000 * (worker as u64 + 1),
            steals: worker as u64,
        }))
    };
    assert_eq!(
        timed,
        vec![
            Event::Safepoint {
                gc_id: 0,
                requester: Some(1),
                requested_us: base,
                all_arrived_us: base + 250,
            },
            Event::SafepointArrival {
                thread: 1,
                arrived_us: base
            },
            Event::SafepointArrival {
                thread: 7,
                arrived_us: base + 250
            },
            phase(0, 400, 900),
            phase(1, 410, 880),
        ]
    );
}

#[test]
fn a_pauses_deaths_are_read_back_as_written_from_one_batch() {
    let path = temp_path("deaths-batch");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    // 3,000 deaths: several events (1,024 each at most), repeated and changing contexts, times
    // going up and down, addresses far apart.
    let deaths: Vec<(u64, u64, u32)> = (0..3000u64)
        .map(|i| {
            (
                0x10000 + i * 24 + (i / 1000) * (1 << 30),
                (i * 7919) % 5000,
                (i / 3) as u32 % 4,
            )
        })
        .collect();
    let mut gc = w.gc_sink();
    gc.objects_died(&deaths);
    gc.object_died(0x90000000, u64::MAX >> 24, 0);
    // Out of address order: a new event.
    gc.objects_died(&[(0x20000, 5, 1), (0x10000, 4, 1)]);
    drop(gc);
    w.finish().unwrap();
    let mut r = TraceReader::open(&path).unwrap();
    let mut read = Vec::new();
    let mut events = 0;
    while let Some((_, e)) = r.next_event().unwrap() {
        if let Event::Deaths(ds) = e {
            events += 1;
            read.extend(ds.iter().map(|d| (d.addr, d.time, d.context)));
        }
    }
    let mut expected = deaths.clone();
    expected.push((0x90000000, u64::MAX >> 24, 0));
    expected.extend([(0x20000, 5, 1), (0x10000, 4, 1)]);
    assert_eq!(read, expected);
    assert_eq!(
        events, 6,
        "3 batches of at most 1,024, the single death, two for the out-of-order pair"
    );
}

#[test]
fn packed_deaths_encoded_by_the_writer_thread_are_the_events_the_sink_writes() {
    // 50,000 deaths (some unstamped: context unknown at the pause's clock), handed packed to
    // the writer thread, against the same deaths written by the sink in parts of 4,096.
    let now = 2_000_000u64;
    let deaths: Vec<(u64, u64, u32)> = (0..50_000u64)
        .map(|i| match i % 13 {
            0 => (0x10000 + i * 40, now, 0),
            _ => (
                0x10000 + i * 40,
                1_000 + (i * 7919) % 90_000,
                (i / 7) as u32 % 11 + 1,
            ),
        })
        .collect();
    let write = |packed: bool| {
        let path = temp_path(if packed {
            "deaths-packed"
        } else {
            "deaths-parts"
        });
        let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
        let mut gc = w.gc_sink();
        if packed {
            assert!(gc.takes_packed_deaths());
            let mut list = gc.spare_packed_deaths();
            list.now = now;
            for &(addr, time, context) in &deaths {
                list.units.push((addr >> 3) as u32);
                list.stamps.push(match context {
                    0 => 0,
                    _ => format::pack_death(time, context),
                });
            }
            gc.objects_died_packed(list);
        } else {
            gc.objects_died_in_parts(deaths.len(), &mut |emit| {
                deaths.chunks(4096).for_each(|part| emit(part))
            });
        }
        // A later event still comes after them.
        gc.object_died(0x90000000, now + 8, 3);
        drop(gc);
        w.finish().unwrap();
        let mut r = TraceReader::open(&path).unwrap();
        let mut read = Vec::new();
        while let Some((_, e)) = r.next_event().unwrap() {
            if let Event::Deaths(ds) = e {
                read.push(
                    ds.iter()
                        .map(|d| (d.addr, d.time, d.context))
                        .collect::<Vec<_>>(),
                );
            }
        }
        read
    };
    let (packed, written) = (write(true), write(false));
    assert_eq!(packed, written, "the same events, death for death");
    let mut expected = deaths.clone();
    expected.push((0x90000000, now + 8, 3));
    assert_eq!(packed.concat(), expected);
}

#[test]
fn deaths_with_long_entries_are_cut_into_events_of_about_ten_kilobytes() {
    let path = temp_path("deaths-long-entries");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    // Entries of ~16 bytes (a 4-byte address delta, times swinging by 2^50, a new large
    // context each): 1,024 of them would pass 10 KB, so the events are cut by size.
    let deaths: Vec<(u64, u64, u32)> = (0..1500u64)
        .map(|i| {
            (
                0x10000 + i * (1 << 22),
                (1u64 << 52) + if i % 2 == 0 { 0 } else { 1 << 50 },
                u32::MAX - i as u32,
            )
        })
        .collect();
    let mut gc = w.gc_sink();
    gc.objects_died(&deaths);
    drop(gc);
    w.finish().unwrap();
    let mut r = TraceReader::open(&path).unwrap();
    let (mut read, mut sizes) = (Vec::new(), Vec::new());
    while let Some((_, e)) = r.next_event().unwrap() {
        if let Event::Deaths(ds) = e {
            sizes.push(ds.len());
            read.extend(ds.iter().map(|d| (d.addr, d.time, d.context)));
        }
    }
    assert_eq!(read, deaths);
    assert!(sizes.len() >= 3, "{sizes:?}");
    assert!(sizes.iter().all(|&n| n < 1024), "cut by size: {sizes:?}");
}

#[test]
fn a_pauses_many_deaths_go_out_in_megabyte_chunks_and_read_back_as_written() {
    let path = temp_path("deaths-large-chunks");
    let w = TraceWriter::create(&path, TraceConfig::default()).unwrap();
    // 600,000 deaths: about 2 MB of Deaths events, 120-odd chunks of 16 KB.
    let deaths: Vec<(u64, u64, u32)> = (0..600_000u64)
        .map(|i| {
            (
                0x10000 + i * 32,
                1_000_000 + (i * 7919) % 50_000,
                (i / 5) as u32 % 9,
            )
        })
        .collect();
    let mut gc = w.gc_sink();
    gc.objects_died(&deaths);
    // The sink goes back to its usual buffer: a later event is written after them.
    gc.object_died(0x90000000, 5, 2);
    drop(gc);
    let summary = w.finish().unwrap();
    assert!(summary.raw_bytes > 1 << 21, "{summary:?}");
    assert!(
        summary.chunks <= 6,
        "a global chunk of symbols, the deaths in chunks of up to 1 MB, the last death: {summary:?}"
    );
    let mut r = TraceReader::open(&path).unwrap();
    let mut read = Vec::new();
    while let Some((_, e)) = r.next_event().unwrap() {
        if let Event::Deaths(ds) = e {
            read.extend(ds.iter().map(|d| (d.addr, d.time, d.context)));
        }
    }
    let mut expected = deaths;
    expected.push((0x90000000, 5, 2));
    assert_eq!(read, expected);
}
