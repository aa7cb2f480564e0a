//! Interpreter dispatch benchmarks: a tight arithmetic loop and a call-heavy loop (virtual and
//! static calls), each a whole gcvm run of benches/java/DispatchLoop.java.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gcvm_interp::VmOptions;
use std::path::PathBuf;

fn compiled_classes() -> PathBuf {
    let out = std::env::temp_dir().join("gcvm-bench-classes");
    std::fs::create_dir_all(&out).unwrap();
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/java/DispatchLoop.java");
    let status = std::process::Command::new("javac")
        .arg("-d")
        .arg(&out)
        .arg(src)
        .status()
        .expect("javac");
    assert!(status.success());
    out
}

fn options(classpath: &str) -> VmOptions {
    VmOptions::with_heap(classpath, 16 << 20)
}

fn dispatch(c: &mut Criterion) {
    let classes = compiled_classes();
    let cp = classes.to_string_lossy().into_owned();
    let mut g = c.benchmark_group("interpreter");
    g.sample_size(10);
    let n = 2_000_000u64;
    g.throughput(Throughput::Elements(n));
    for kind in ["arith", "calls"] {
        g.bench_function(format!("{kind}_loop_2M_iterations"), |b| {
            b.iter(|| {
                assert_eq!(
                    gcvm_interp::run_main(
                        options(&cp),
                        "DispatchLoop",
                        &[kind.to_string(), n.to_string()]
                    ),
                    0
                )
            })
        });
    }
    g.finish();
}

criterion_group!(benches, dispatch);
criterion_main!(benches);
