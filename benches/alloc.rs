//! Allocation benchmarks: the TLAB fast path, TLAB refill, and one full collection of a synthetic
//! heap (MB/s copied).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use gcvm_gc::object::{Ref, Shape, TypeInfo, TypeRegistry};
use gcvm_gc::{GcCause, Heap, HeapConfig, Mutator, NoEvents, RootSource, COLLECTOR_NAMES};
use gcvm_tlab::Tlab;
use std::sync::Arc;

const NODE: u32 = 2;

fn heap(collector: &str, max: usize) -> Heap {
    let types = TypeRegistry::new();
    types
        .register(
            NODE,
            TypeInfo {
                name: "Node".into(),
                shape: Shape::Instance {
                    size: 24,
                    ref_offsets: Box::new([12, 16]),
                },
            },
        )
        .unwrap();
    Heap::new(
        collector,
        HeapConfig {
            initial_size: max,
            max_size: max,
            gc_threads: 1,
            periodic_interval: None,
            region_size: None,
            pause_goal: None,
            young_size: None,
            huge_pages: false,
        },
        Arc::new(types),
    )
    .unwrap()
}

struct Roots(Vec<Ref>);
impl RootSource for Roots {
    fn visit_roots(&mut self, visit: &mut dyn FnMut(Ref) -> Ref) {
        for r in &mut self.0 {
            *r = visit(*r);
        }
    }
}

fn tlab_fast_path(c: &mut Criterion) {
    let mut g = c.benchmark_group("allocation");
    g.throughput(Throughput::Elements(1));
    g.bench_function("tlab_fast_path_24_bytes", |b| {
        let mut tlab = Tlab::new(1 << 30, 1);
        tlab.install(4096, 4096 + (1 << 30));
        b.iter(|| {
            if tlab.free() < 64 {
                tlab.install(4096, 4096 + (1 << 30));
            }
            black_box(tlab.alloc(black_box(24)))
        })
    });
    g.bench_function("tlab_refill", |b| {
        let h = heap("semispace", 512 << 20);
        let mut m = h.new_mutator(1);
        b.iter(|| {
            if h.alloc_slow(&mut m, 64 * 1024).is_none() {
                h.flush_mutator(&mut m);
                h.collect(
                    GcCause::GcStress,
                    &mut Roots(vec![]),
                    &mut NoEvents,
                    false,
                    Default::default(),
                )
                .unwrap();
            }
        })
    });
    g.finish();
}

/// Builds a binary tree of `depth` through the heap's access API; returns its root.
fn build_tree(h: &Heap, m: &mut Mutator, depth: u32) -> Ref {
    let at = m
        .tlab
        .alloc(24)
        .or_else(|| h.alloc_slow(m, 24))
        .expect("bench heap is big enough");
    let node = h.init_object(at, NODE);
    if depth > 0 {
        let l = build_tree(h, m, depth - 1);
        let r = build_tree(h, m, depth - 1);
        h.store_ref(m, node, 12, l);
        h.store_ref(m, node, 16, r);
    }
    node
}

fn full_collection(c: &mut Criterion) {
    let mut g = c.benchmark_group("collection");
    g.sample_size(20);
    for collector in COLLECTOR_NAMES {
        let h = heap(collector, 256 << 20);
        let mut m = h.new_mutator(1);
        let root = build_tree(&h, &mut m, 18); // 2^19 - 1 nodes, 12 MB live
        h.flush_mutator(&mut m);
        let mut roots = Roots(vec![root]);
        g.throughput(Throughput::Bytes(h.used() as u64));
        g.bench_function(format!("{collector}_12MB_live_tree"), |b| {
            b.iter(|| {
                h.collect(
                    GcCause::GcStress,
                    &mut roots,
                    &mut NoEvents,
                    false,
                    Default::default(),
                )
                .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, tlab_fast_path, full_collection);
criterion_main!(benches);
