//! java.lang.Math.log10 as HotSpot computes it on x86_64 (JDK 17): the `fast_log10` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_log10.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers with its own tables (`intel_tables`).
//!
//! Algorithm (from the stub's description): as `intel_log`, x = 2^k * mx, B ~ 1/mx from rcpps
//! rounded to 9 bits, log10(x) = k*log10(2) - log10(B) + p(B*mx - 1), with -log10(B) tabulated.

use super::intel_tables::*;
use super::sse::*;

pub fn log10(x: f64) -> f64 {
    let mut xmm0 = X::sd(x);
    let mut xmm2 = X(0, 0).pinsrw(16368, 3);
    let xmm7i = movd(1054736384);
    let xmm3 = X(0, 0).pinsrw(30704, 3);
    let mut xmm1 = xmm0;
    let xmm4 = movd(32768);
    let mut xmm5 = load(&HIGHSIGMASK_LOG10, 0);
    let mut eax = xmm0.pextrw(3);
    xmm0 = por(xmm0, xmm2);
    let mut ecx = 16352;
    xmm0 = psrlq(xmm0, 27);
    xmm2 = load(&LOG10_E, 0);
    xmm0 = psrld(xmm0, 2);
    xmm0 = rcpps(xmm0);
    xmm1 = psllq(xmm1, 12);
    let mut xmm6 = pshufd(xmm5, 78);
    xmm1 = psrlq(xmm1, 12);
    eax -= 16;
    if eax as u32 >= 32736 {
        // L_2TAG_PACKET_0
        eax += 16;
        if eax as u32 >= 32768 {
            return negative(x);
        }
        if (eax as u32) >= 16 {
            return x + x; // +Inf or NaN
        }
        // L_2TAG_PACKET_3: zero or subnormal, scaled by 2^128
        let t = 0.0 + x;
        if t.to_bits() == 0 {
            return minus_infinity();
        }
        xmm0 = mulsd(X::sd(x), X(0, 0).pinsrw(18416, 3));
        xmm2 = X(0, 0).pinsrw(16368, 3);
        xmm1 = xmm0;
        eax = xmm0.pextrw(3);
        xmm0 = por(xmm0, xmm2);
        ecx = 18416;
        xmm0 = psrlq(xmm0, 27);
        xmm2 = load(&LOG10_E, 0);
        xmm0 = psrld(xmm0, 2);
        xmm0 = rcpps(xmm0);
        xmm1 = psllq(xmm1, 12);
        xmm6 = pshufd(xmm5, 78);
        xmm1 = psrlq(xmm1, 12);
    }
    // L_2TAG_PACKET_1
    xmm0 = mulss(xmm0, xmm7i);
    xmm1 = por(xmm1, xmm3);
    xmm5 = pand(xmm5, xmm1);
    xmm0 = paddd(xmm0, xmm4);
    xmm1 = subsd(xmm1, xmm5);
    let mut edx = xmm0.movd();
    xmm0 = psllq(xmm0, 29);
    xmm0 = pand(xmm0, xmm6);
    eax &= 32752;
    eax -= ecx;
    let mut xmm7 = cvtsi2sdl(xmm7i, eax);
    xmm5 = mulpd(xmm5, xmm0);
    xmm1 = mulsd(xmm1, xmm0);
    xmm6 = load_sd(&LOG2_LOG10, 0);
    let mut xmm3 = load(&COEFF_LOG10, 0);
    xmm5 = subsd(xmm5, xmm2);
    edx &= 16711680;
    edx = ((edx as u32) >> 12) as i32;
    xmm0 = load(&L_TBL_LOG10, (edx - 1504) as usize);
    let mut xmm4 = load(&COEFF_LOG10, 16);
    xmm1 = addsd(xmm1, xmm5);
    xmm2 = load(&COEFF_LOG10, 32);
    xmm6 = mulsd(xmm6, xmm7);
    xmm5 = pshufd(xmm1, 68);
    xmm7 = mulsd(xmm7, load_sd(&LOG2_LOG10, 8));
    xmm3 = mulsd(xmm3, xmm1);
    xmm0 = addsd(xmm0, xmm6);
    xmm4 = mulpd(xmm4, xmm5);
    xmm6 = load_sd(&LOG10_E, 8);
    xmm5 = mulpd(xmm5, xmm5);
    xmm4 = addpd(xmm4, xmm2);
    xmm3 = mulpd(xmm3, xmm5);
    xmm2 = pshufd(xmm0, 228);
    xmm0 = addsd(xmm0, xmm1);
    xmm4 = mulsd(xmm4, xmm1);
    xmm2 = subsd(xmm2, xmm0);
    xmm6 = mulsd(xmm6, xmm1);
    xmm1 = addsd(xmm1, xmm2);
    xmm2 = pshufd(xmm0, 238);
    xmm5 = mulsd(xmm5, xmm5);
    xmm7 = addsd(xmm7, xmm2);
    xmm1 = addsd(xmm1, xmm6);
    xmm4 = addpd(xmm4, xmm3);
    xmm1 = addsd(xmm1, xmm7);
    xmm4 = mulpd(xmm4, xmm5);
    xmm1 = addsd(xmm1, xmm4);
    xmm5 = pshufd(xmm4, 238);
    xmm1 = addsd(xmm1, xmm5);
    xmm0 = addsd(xmm0, xmm1);
    xmm0.f0()
}

/// L_2TAG_PACKET_2: x has its sign bit set.
fn negative(x: f64) -> f64 {
    let bits = x.to_bits();
    let edx = bits as u32;
    let ecx = ((bits >> 32) as u32).wrapping_add((bits >> 32) as u32);
    if ecx >= 0xffe0_0000 {
        // L_2TAG_PACKET_5: -Inf or NaN
        if ecx > 0xffe0_0000 || edx > 0 {
            return x + x;
        }
        return not_a_number();
    }
    if (edx | ecx) == 0 {
        return minus_infinity();
    }
    not_a_number()
}

/// L_2TAG_PACKET_6: 0 * Inf.
fn not_a_number() -> f64 {
    std::hint::black_box(0.0) * f64::INFINITY
}

/// L_2TAG_PACKET_7: -1 / 0.
fn minus_infinity() -> f64 {
    -1.0 / std::hint::black_box(0.0)
}
