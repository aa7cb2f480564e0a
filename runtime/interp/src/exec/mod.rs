//! The exec layer: the interpreter loop, invocation, allocation, class initialisation, throwing,
//! running linked call sites and helpful NullPointerException messages. Imports `runtime` and
//! below.
pub mod alloc;
pub mod backtrace;
pub mod indy;
pub mod init;
pub mod interp;
pub mod invoke;
pub mod npe;
pub mod slots;
pub mod throw;
