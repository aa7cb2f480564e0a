//! Layer 7, the top: makes the VM from its parts, runs `main`, and ends the process.
pub mod launcher;
