//! Layer 2, the runtime class model: classes, methods, fields, decoded instructions, linked
//! call sites and oop maps, and the errors linking reports. Imports only `classfile`.
pub mod class;
pub mod error;
pub mod insn;
pub mod oopmap;
pub mod sites;
