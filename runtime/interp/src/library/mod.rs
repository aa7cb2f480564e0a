//! The library layer, the class library's native side: native methods, the java.lang.ref glue,
//! System, java.lang.Thread, stack traces, and the embedded class files. Imports `exec` and
//! below.
pub mod classlib;
pub mod exceptions;
pub mod files;
pub mod natives;
pub mod reflect;
pub mod refs;
pub mod system;
pub mod threads;
