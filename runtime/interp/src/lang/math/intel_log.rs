//! java.lang.Math.log as HotSpot computes it on x86_64 (JDK 17): the `fast_log` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_log.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers with its own tables (`intel_tables`).
//!
//! Algorithm (from the stub's description): x = 2^k * mx, mx in [1,2); B ~ 1/mx is taken from
//! rcpps rounded to 9 bits, so log(x) = k*log(2) - log(B) + log(1 + (B*mx - 1)), with -log(B)
//! tabulated (L_tbl) and log(1 + r) a polynomial.

use super::intel_tables::*;
use super::sse::*;

pub fn log(x: f64) -> f64 {
    let mut xmm0 = X::sd(x);
    let xmm2 = movq(0x3ff0_0000_0000_0000);
    let xmm3 = movq(0x77f0_0000_0000_0000);
    let xmm4 = movd(32768);
    let xmm5 = movq(0xffff_e000_0000_0000u64 as i64);
    let mut xmm1 = xmm0;
    let mut eax = xmm0.pextrw(3);
    xmm0 = por(xmm0, xmm2);
    let mut ecx = 16352;
    xmm0 = psrlq(xmm0, 27);
    xmm0 = psrld(xmm0, 2);
    xmm0 = rcpps(xmm0);
    xmm1 = psllq(xmm1, 12);
    let mut xmm6 = pshufd(xmm5, 228);
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
        let mut xmm0s = mulsd(X::sd(x), X(0, 0).pinsrw(18416, 3));
        xmm1 = xmm0s;
        eax = xmm0s.pextrw(3);
        xmm0s = por(xmm0s, xmm2);
        xmm0s = psrlq(xmm0s, 27);
        ecx = 18416;
        xmm0s = psrld(xmm0s, 2);
        xmm0 = rcpps(xmm0s);
        xmm1 = psllq(xmm1, 12);
        xmm6 = pshufd(xmm5, 228);
        xmm1 = psrlq(xmm1, 12);
    }
    // L_2TAG_PACKET_1
    let mut xmm5 = xmm5;
    xmm0 = paddd(xmm0, xmm4);
    xmm1 = por(xmm1, xmm3);
    let mut edx = xmm0.movd();
    xmm0 = psllq(xmm0, 29);
    xmm5 = pand(xmm5, xmm1);
    xmm0 = pand(xmm0, xmm6);
    xmm1 = subsd(xmm1, xmm5);
    xmm5 = mulpd(xmm5, xmm0);
    eax &= 32752;
    eax -= ecx;
    let mut xmm7 = cvtsi2sdl(X(0, 0), eax);
    xmm1 = mulsd(xmm1, xmm0);
    xmm6 = load_sd(&LOG2, 0);
    let mut xmm3 = load(&COEFF, 0);
    xmm5 = subsd(xmm5, xmm2);
    edx &= 16711680;
    edx = ((edx as u32) >> 12) as i32;
    xmm0 = load(&L_TBL, edx as usize);
    let mut xmm4 = load(&COEFF, 16);
    xmm1 = addsd(xmm1, xmm5);
    let mut xmm2 = load(&COEFF, 32);
    xmm6 = mulsd(xmm6, xmm7);
    xmm5 = movddup(xmm1);
    xmm7 = mulsd(xmm7, load_sd(&LOG2, 8));
    xmm3 = mulsd(xmm3, xmm1);
    xmm0 = addsd(xmm0, xmm6);
    xmm4 = mulpd(xmm4, xmm5);
    xmm5 = mulpd(xmm5, xmm5);
    xmm6 = movddup(xmm0);
    xmm0 = addsd(xmm0, xmm1);
    xmm4 = addpd(xmm4, xmm2);
    xmm3 = mulpd(xmm3, xmm5);
    xmm6 = subsd(xmm6, xmm0);
    xmm4 = mulsd(xmm4, xmm1);
    xmm2 = pshufd(xmm0, 238);
    xmm1 = addsd(xmm1, xmm6);
    xmm5 = mulsd(xmm5, xmm5);
    xmm7 = addsd(xmm7, xmm2);
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
