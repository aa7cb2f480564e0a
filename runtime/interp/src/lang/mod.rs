//! The bottom layer (docs/architecture.md, "The interpreter's layers"): Java's own arithmetic
//! and text as plain functions: `Double.toString`, `parseDouble` and `String.format`'s number
//! conversions (javafmt.rs), and the Math/StrictMath functions bit for bit as HotSpot computes
//! them (math/). Imports nothing of the crate.
pub mod javafmt;
pub mod math;
