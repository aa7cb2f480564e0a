//! Floating-point functions with the exact bits HotSpot (JDK 17, x86_64) gives:
//! `fdlibm` is java.lang.StrictMath (fdlibm 5.3, as the Java SE specification requires).
//! Every function is pure, allocation-free and cheap to call from a native.

pub mod fdlibm;
