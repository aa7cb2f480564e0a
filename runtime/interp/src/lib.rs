//! gcvm's runtime: class loading, the bytecode interpreter, native methods and the launcher.
//!
//! Dependency direction (docs/architecture.md): interp -> gc -> {tlab, tracer}. The interpreter
//! talks to memory only through `gcvm_gc::Heap` and never names a concrete collector.
//!
//! Inside the crate, eight layers, each a folder, each importing only the layers below it
//! (tests/layers.rs checks it):
//! `lang` < `classfile` < `model` < `link` < `runtime` < `exec` < `library` < `launch`.

pub mod classfile;
pub mod exec;
pub mod lang;
pub mod launch;
pub mod library;
pub mod link;
pub mod model;
pub mod runtime;

pub use launch::launcher::{run_main, run_main_recording, LaunchError};
pub use launch::signals::{flush_output_on_internal_error, terminated};
pub use runtime::flight::{JfrSettings, JfrSetup};
pub use runtime::heapdump::{DumpPoint, HeapDumpSetup};
pub use runtime::streams::{parse_filter, StreamSetup};
pub use runtime::vm::{Recording, Vm, VmOptions};
