//! The model layer: classes, methods, fields, decoded instructions, sites, oop maps, and the
//! errors linking reports. Imports `classfile` and `lang`.
pub mod class;
pub mod error;
pub mod insn;
pub mod oopmap;
pub mod sites;
