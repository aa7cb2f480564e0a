//! gcvm's offline tools: trace reader, heap reconstruction, statistics, diffs and exports.
//!
//! Dependency rule: this crate reads traces and heap streams through `gcvm-tracer`'s format only;
//! it never links the interpreter or the collectors. See tools/README.md for what is coming.
