//! Floating-point functions with the exact bits HotSpot (JDK 17, x86_64) gives:
//! `fdlibm` is java.lang.StrictMath (fdlibm 5.3, as the Java SE specification requires).
//! Every function is pure, allocation-free and cheap to call from a native.
//! `intel_*` are java.lang.Math's exp, log, log10, pow, sin, cos and tan as HotSpot computes
//! them on x86_64: ports of its Intel LIBM stubs (which the interpreter and both JITs call), on
//! the SSE register model in `sse` with the stubs' own tables (`intel_tables`, generated).
pub mod fdlibm;

mod intel_tables;
mod sse;
pub mod intel_exp;
pub mod intel_log;
pub mod intel_log10;
pub mod intel_pow;
pub mod intel_sin;
pub mod intel_cos;
pub mod intel_tan;
