//! The class library (classlib/ in the repository), compiled by build.rs and embedded here.

include!(concat!(env!("OUT_DIR"), "/classlib.rs"));
