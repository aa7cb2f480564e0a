//! The runtime layer, the state every thread shares and each thread's own: the `Vm` and its
//! parts (threads and safepoints, monitors, natives table, recording, output, streams glue),
//! thread stacks and the VM's roots. Nothing here runs bytecode. Imports `link` and below.
pub mod activity;
pub mod flight;
pub mod gclog;
pub mod heapdump;
pub mod monitor;
pub mod natives;
pub mod output;
pub mod pause;
pub mod recording;
pub mod safepoints;
pub mod streams;
pub mod thread;
pub mod vm;
