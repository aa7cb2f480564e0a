//! gcvm's runtime: class loading, the bytecode interpreter, native methods and the launcher.
//!
//! Dependency direction (docs/architecture.md): interp -> gc -> {tlab, tracer}. The interpreter
//! talks to memory only through `gcvm_gc::Heap` and never names a concrete collector.
//!
//! Inside the crate, seven layers, each a folder, each importing only the layers below it
//! (tests/layers.rs checks it):
//! `classfile` < `model` < `link` < `runtime` < `exec` < `library` < `launch`.

pub mod classfile;
pub mod model;
pub mod link;
pub mod runtime;
pub mod exec;
pub mod library;
pub mod launch;

pub use launch::launcher::{run_main, run_main_recording, LaunchError};
pub use runtime::vm::{Recording, Vm, VmOptions};
