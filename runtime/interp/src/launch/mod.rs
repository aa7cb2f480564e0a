//! The top layer: makes the VM from its parts, runs `main`, and ends the process.
pub mod boot;
pub mod launcher;
pub mod signals;
