//! Layer 5, execution: the interpreter loop, invocation, exceptions and helpful
//! NullPointerException messages. Imports the layers below it.
pub mod indy;
pub mod interp;
pub mod npe;
pub mod slots;
