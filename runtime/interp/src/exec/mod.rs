//! Layer 5, execution: the interpreter loop, invocation, exceptions and helpful
//! NullPointerException messages. Imports the layers below it.
pub mod alloc;
pub mod indy;
pub mod init;
pub mod interp;
pub mod invoke;
pub mod npe;
pub mod slots;
pub mod throw;
