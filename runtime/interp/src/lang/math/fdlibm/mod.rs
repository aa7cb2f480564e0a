//! java.lang.StrictMath: a faithful Rust port of fdlibm 5.3, the library the Java SE
//! specification names for StrictMath, bit for bit as JDK 17 computes it (JDK 17 runs fdlibm's
//! C code for most functions and its Java translation, FdLibm.java, for cbrt, hypot, pow and exp;
//! both give the same bits).
//!
//! The Rust `libm` crate is a port of musl, which rewrote many fdlibm functions (argument
//! reduction, the sin/cos kernels, log, cosh/sinh/tanh...), so it differs from StrictMath in the
//! last bit on many inputs: nothing here uses it. Every operation below is the one fdlibm does,
//! in the same order, in IEEE double arithmetic (Rust never contracts `a*b+c` into an FMA).
//!
//! Structure and constants follow fdlibm's C sources and OpenJDK's Java translation of them
//! (java/lang/FdLibm.java, GPLv2 with the Classpath exception). fdlibm's notice:
//!
//! ====================================================
//! Copyright (C) 1993-2004 by Sun Microsystems, Inc. All rights reserved.
//!
//! Permission to use, copy, modify, and distribute this software is freely granted, provided
//! that this notice is preserved.
//! ====================================================

// fdlibm's idioms, kept on purpose: `x - x` and `(x - x) / (x - x)` make the NaN results, and the
// constants are fdlibm's decimal spellings (some equal std's, e.g. pi/4).
#![allow(
    clippy::excessive_precision,
    clippy::many_single_char_names,
    clippy::eq_op,
    clippy::approx_constant,
    clippy::neg_multiply,
    clippy::explicit_counter_loop,
    clippy::assign_op_pattern
)]

const TWO24: f64 = 16777216.0;
const TWO54: f64 = 18014398509481984.0;
const HUGE: f64 = 1.0e300;
const TINY: f64 = 1.0e-300;

/// The high 32 bits of `x` (sign, exponent, top of the significand).
#[inline(always)]
fn hi(x: f64) -> i32 {
    (x.to_bits() >> 32) as i32
}

/// The low 32 bits of `x`.
#[inline(always)]
fn lo(x: f64) -> u32 {
    x.to_bits() as u32
}

/// `x` with its high word replaced.
#[inline(always)]
fn with_hi(x: f64, h: i32) -> f64 {
    f64::from_bits((x.to_bits() & 0xffff_ffff) | ((h as u32 as u64) << 32))
}

/// `x` with its low word replaced.
#[inline(always)]
fn with_lo(x: f64, l: u32) -> f64 {
    f64::from_bits((x.to_bits() & 0xffff_ffff_0000_0000) | l as u64)
}

#[inline(always)]
fn from_words(h: i32, l: u32) -> f64 {
    f64::from_bits(((h as u32 as u64) << 32) | l as u64)
}

/// fdlibm's scalbn: `x * 2^n` with a single rounding.
pub fn scalbn(x: f64, n: i32) -> f64 {
    const TWOM54: f64 = 5.55111512312578270212e-17;
    let mut hx = hi(x);
    let lx = lo(x);
    let mut x = x;
    let mut k = (hx & 0x7ff0_0000) >> 20;
    if k == 0 {
        if (lx as i32 | (hx & 0x7fff_ffff)) == 0 {
            return x;
        }
        x *= TWO54;
        hx = hi(x);
        k = ((hx & 0x7ff0_0000) >> 20) - 54;
        if n < -50000 {
            return TINY * x;
        }
    }
    if k == 0x7ff {
        return x + x;
    }
    let k = k as i64 + n as i64;
    if k > 0x7fe {
        return HUGE * HUGE.copysign(x);
    }
    if k > 0 {
        return with_hi(x, (hx & 0x800f_ffffu32 as i32) | ((k as i32) << 20));
    }
    if k <= -54 {
        if n > 50000 {
            return HUGE * HUGE.copysign(x);
        }
        return TINY * TINY.copysign(x);
    }
    let x = with_hi(x, (hx & 0x800f_ffffu32 as i32) | (((k + 54) as i32) << 20));
    x * TWOM54
}

mod exp_log;
mod powers;
mod trig;

pub use exp_log::*;
pub use powers::*;
pub use trig::*;
