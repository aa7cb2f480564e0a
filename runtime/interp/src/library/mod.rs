//! Layer 6, the class library's native side: native methods, the java.lang.ref glue, System,
//! java.lang.Thread, number formatting and math, and the embedded class files.
pub mod classlib;
pub mod exceptions;
pub mod natives;
pub mod refs;
pub mod system;
pub mod threads;
