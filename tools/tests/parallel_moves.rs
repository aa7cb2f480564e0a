//! The heap model against a parallel sliding compaction (mark-compact with several workers):
//! each worker moves the objects of whole destination chunks ("units") and logs its runs, so the
//! trace holds the collection's runs and keep-alives out of address order, from one GC thread
//! (the logs replayed worker by worker) or from several, and the write ranges of some runs
//! overlap the source ranges of others. Whatever the order, the model must rebuild the heap the
//! compaction left: it takes every run's objects from the heap as it was before the pause (the
//! back map), never from what earlier runs placed.

use gcvm_tools::heap::HeapModel;
use gcvm_tools::reader::Event;
use gcvm_tracer::format::GC_THREAD_BASE;
use gcvm_tracer::GcKind;
use std::collections::BTreeMap;

const MUTATOR: u32 = 1;
const BASE: u64 = 4096;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

/// One collection's events as the collector makes them, in units: (unit, events in order).
/// Returns them and the heap expected after it (address -> type id).
#[allow(clippy::type_complexity)]
fn sliding_compaction(
    objects: &[(u64, u64, bool)],
    dense_end: u64,
    chunk: u64,
) -> (Vec<Vec<Event>>, BTreeMap<u64, u32>) {
    let mut units: BTreeMap<u64, Vec<Event>> = BTreeMap::new();
    let mut expected = BTreeMap::new();
    let mut free = dense_end;
    // (unit, from, to, count, bytes) of the open run
    let mut run: Option<(u64, u64, u64, u32, u64)> = None;
    let flush = |run: Option<(u64, u64, u64, u32, u64)>, units: &mut BTreeMap<u64, Vec<Event>>| {
        if let Some((unit, from, to, count, bytes)) = run {
            units.entry(unit).or_default().push(Event::RegionMove {
                from,
                to,
                count,
                bytes,
            });
        }
    };
    for (i, &(addr, size, live)) in objects.iter().enumerate() {
        if !live {
            continue;
        }
        if addr < dense_end {
            // The dense prefix: per source chunk, as prefix tasks (units of their own).
            units
                .entry(u64::MAX / 2 + (addr - BASE) / chunk)
                .or_default()
                .push(Event::KeepAlive { addr });
            expected.insert(addr, i as u32);
            continue;
        }
        let unit = (free - BASE) / chunk;
        match &mut run {
            Some((u, from, _, count, bytes)) if *u == unit && *from + *bytes == addr => {
                *count += 1;
                *bytes += size;
            }
            _ => {
                flush(run.take(), &mut units);
                run = Some((unit, addr, free, 1, size));
            }
        }
        expected.insert(free, i as u32);
        free += size;
    }
    flush(run, &mut units);
    (units.into_values().collect(), expected)
}

fn check(seed: u64) {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut model = HeapModel::new(16, 16);
    // A heap of objects, each its own type (its index), live or dead in runs.
    let mut objects = Vec::new();
    let mut at = BASE;
    let mut live = true;
    for i in 0..400 + rng.below(600) {
        if rng.below(5) == 0 {
            live = !live;
        }
        let big = rng.below(20) == 0;
        let size = 8 * (2 + rng.below(if big { 600 } else { 8 }));
        model
            .apply(
                MUTATOR,
                &Event::AllocOutside {
                    site: 1,
                    type_id: i as u32,
                    addr: at,
                    size,
                    array_len: None,
                },
            )
            .unwrap();
        objects.push((at, size, live));
        at += size;
    }
    // A dense prefix: the end of some live object in the first quarter (or none).
    let dense_end = objects
        .iter()
        .take(objects.len() / 4)
        .filter(|o| o.2 && rng.below(3) == 0)
        .map(|o| o.0 + o.1)
        .last()
        .unwrap_or(BASE);
    let chunk = 8 * (4 + rng.below(512));
    let (mut units, expected) = sliding_compaction(&objects, dense_end, chunk);
    // The workers: each takes units in some order (a unit's own events stay in order), and
    // their logs come one after the other, from one GC thread or from one thread each.
    rng.shuffle(&mut units);
    let workers = 1 + rng.below(4) as usize;
    let mut logs: Vec<Vec<Event>> = vec![Vec::new(); workers];
    for unit in units {
        logs[rng.below(workers as u64) as usize].extend(unit);
    }
    let one_thread = rng.below(2) == 0;
    let gc = |w: usize| GC_THREAD_BASE + if one_thread { 0 } else { w as u32 };
    let start = Event::GcStart {
        gc_id: 0,
        kind: GcKind::Major,
        cause: 0,
        time_us: 0,
    };
    model.apply(gc(0), &start).unwrap();
    let mut events: Vec<(usize, Event)> = logs
        .into_iter()
        .enumerate()
        .flat_map(|(w, log)| log.into_iter().map(move |e| (w, e)))
        .collect();
    if !one_thread && rng.below(2) == 0 {
        // Several GC threads' chunks may interleave in the file: any order between threads.
        let mut by_worker: Vec<std::collections::VecDeque<Event>> =
            vec![Default::default(); workers];
        for (w, e) in events.drain(..) {
            by_worker[w].push_back(e);
        }
        while by_worker.iter().any(|q| !q.is_empty()) {
            let w = rng.below(workers as u64) as usize;
            for _ in 0..1 + rng.below(5) {
                if let Some(e) = by_worker[w].pop_front() {
                    events.push((w, e));
                }
            }
        }
    }
    for (w, e) in &events {
        model
            .apply(gc(*w), e)
            .unwrap_or_else(|err| panic!("seed {seed}: {e:?}: {err}"));
    }
    model
        .apply(
            gc(0),
            &Event::GcEnd {
                gc_id: 0,
                time_us: 1,
            },
        )
        .unwrap();
    model.close_open_runs();
    let mut got = BTreeMap::new();
    model.for_each_object(|o| {
        assert_eq!(o.age, 1, "seed {seed}: survived one collection");
        assert!(
            got.insert(o.addr, o.desc.type_id).is_none(),
            "seed {seed}: two objects at {:#x}",
            o.addr
        );
    });
    assert_eq!(
        got, expected,
        "seed {seed}: {workers} workers, one thread: {one_thread}, chunk {chunk}, prefix to {dense_end:#x}"
    );
    for (&addr, &ty) in &expected {
        let (desc, _) = model
            .object_at(addr)
            .unwrap_or_else(|| panic!("seed {seed}: no object found at {addr:#x}"));
        assert_eq!(desc.type_id, ty, "seed {seed}: lookup at {addr:#x}");
    }
}

#[test]
fn a_parallel_sliding_compaction_rebuilds_whatever_the_order_of_its_runs() {
    for seed in 0..2000 {
        check(seed);
    }
}
