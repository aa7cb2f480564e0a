//! gcvm's runtime: class loading, the bytecode interpreter, native methods and the launcher.
//!
//! Dependency direction (docs/architecture.md): interp -> gc -> {tlab, tracer}. The interpreter
//! talks to memory only through `gcvm_gc::Heap` and never names a concrete collector.

pub mod class;
pub mod classfile;
pub mod classlib;
pub mod classpath;
pub mod decode;
pub mod exceptions;
pub mod indy;
pub mod insn;
pub mod interp;
pub mod javafmt;
pub mod launcher;
pub mod math;
pub mod monitor;
pub mod natives;
pub mod npe;
pub mod oopmap;
pub mod output;
pub mod quicken;
pub mod refs;
pub mod slots;
pub mod streams;
pub mod system;
pub mod thread;
pub mod threads;
pub mod verifier;
pub mod vm;

pub use launcher::{run_main, run_main_recording, LaunchError};
pub use vm::{Recording, Vm, VmOptions};
