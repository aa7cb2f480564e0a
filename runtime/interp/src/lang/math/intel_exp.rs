//! java.lang.Math.exp as HotSpot computes it on x86_64 (JDK 17): the `fast_exp` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_exp.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers with its own tables (`intel_tables`). The interpreter, C1 and C2 all call this stub,
//! so this is what `Math.exp` returns on HotSpot, bit for bit.
//!
//! Algorithm (from the stub's description): with K = 64, x = m*log(2)/K + y, m = n*K + j,
//! exp(x) = 2^n * T[j] * (1 + P(y)), T[j] = 2^(j/K) tabulated as hi + lo, P a minimax polynomial;
//! results near overflow or underflow scale 2^n in two steps.

use super::intel_tables::*;
use super::sse::*;

pub fn exp(x: f64) -> f64 {
    let xbits = x.to_bits();
    let x_hi = (xbits >> 32) as u32; // [rsp + 12]
    let x_lo = xbits as u32; // [rsp + 8]
    let mut xmm0 = X::sd(x);
    xmm0 = unpcklpd(xmm0, xmm0);
    let mut xmm1 = load(&CV, 0);
    let mut xmm6 = load(&SHIFTER_EXP, 0);
    let mut xmm2 = load(&CV, 16);
    let mut xmm3 = load(&CV, 32);
    let mut eax = xmm0.pextrw(3);
    eax &= 32767;
    let mut edx = 16527 - eax;
    eax -= 15504;
    edx |= eax;
    if edx as u32 >= 0x8000_0000 {
        return special(x, x_hi, x_lo);
    }
    xmm1 = mulpd(xmm1, xmm0);
    xmm1 = addpd(xmm1, xmm6);
    let mut xmm7 = xmm1;
    xmm1 = subpd(xmm1, xmm6);
    xmm2 = mulpd(xmm2, xmm1);
    let mut xmm4 = load(&CV, 64);
    xmm3 = mulpd(xmm3, xmm1);
    let mut xmm5 = load(&CV, 80);
    xmm0 = subpd(xmm0, xmm2);
    eax = xmm7.movd();
    let mut ecx = eax;
    ecx &= 63;
    ecx <<= 4;
    eax >>= 6;
    edx = eax;
    xmm6 = load(&MMASK, 0);
    xmm7 = pand(xmm7, xmm6);
    xmm6 = load(&BIAS, 0);
    xmm7 = paddq(xmm7, xmm6);
    xmm7 = psllq(xmm7, 46);
    xmm0 = subpd(xmm0, xmm3);
    xmm2 = load(&TBL_ADDR, ecx as usize);
    xmm4 = mulpd(xmm4, xmm0);
    xmm6 = xmm0;
    xmm1 = xmm0;
    xmm6 = mulpd(xmm6, xmm6);
    xmm0 = mulpd(xmm0, xmm6);
    xmm5 = addpd(xmm5, xmm4);
    xmm0 = mulsd(xmm0, xmm6);
    xmm6 = mulpd(xmm6, load(&CV, 48));
    xmm1 = addsd(xmm1, xmm2);
    xmm2 = unpckhpd(xmm2, xmm2);
    xmm0 = mulpd(xmm0, xmm5);
    xmm1 = addsd(xmm1, xmm0);
    xmm2 = por(xmm2, xmm7);
    xmm0 = unpckhpd(xmm0, xmm0);
    xmm0 = addsd(xmm0, xmm1);
    xmm0 = addsd(xmm0, xmm6);
    edx += 894;
    if edx as u32 > 1916 {
        return scaled(xmm0, xmm2, eax);
    }
    xmm0 = mulsd(xmm0, xmm2);
    xmm0 = addsd(xmm0, xmm2);
    xmm0.f0()
}

/// L_2TAG_PACKET_1: 2^n would overflow or underflow as one factor; scale in two steps.
fn scaled(mut xmm0: X, mut xmm2: X, mut eax: i32) -> f64 {
    let mut xmm3 = X(0, 0);
    let mut xmm4 = load(&ALLONES, 0);
    let mut edx = -1022 - eax;
    let xmm5 = movd(edx);
    xmm4 = psllq_x(xmm4, xmm5);
    let mut ecx = eax;
    eax >>= 1;
    xmm3 = xmm3.pinsrw(eax, 3);
    let mut xmm6 = load(&EBIAS, 0);
    xmm3 = psllq(xmm3, 4);
    xmm2 = psubd(xmm2, xmm3);
    xmm0 = mulsd(xmm0, xmm2);
    if edx > 52 {
        // L_2TAG_PACKET_2
        xmm3 = paddd(xmm3, xmm6);
        xmm0 = addpd(xmm0, xmm2);
        xmm0 = mulsd(xmm0, xmm3);
        return xmm0.f0();
    }
    xmm4 = pand(xmm4, xmm2);
    xmm3 = paddd(xmm3, xmm6);
    xmm2 = subsd(xmm2, xmm4);
    xmm0 = addsd(xmm0, xmm2);
    if ecx >= 1023 {
        // L_2TAG_PACKET_3
        xmm0 = addsd(xmm0, xmm4);
        xmm0 = mulsd(xmm0, xmm3);
        return xmm0.f0();
    }
    ecx = xmm0.pextrw(3);
    ecx &= 32768;
    edx |= ecx;
    if edx == 0 {
        // L_2TAG_PACKET_4
        xmm0 = addsd(xmm0, xmm4);
        xmm0 = mulsd(xmm0, xmm3);
        return xmm0.f0();
    }
    xmm6 = xmm0;
    xmm0 = addsd(xmm0, xmm4);
    xmm0 = mulsd(xmm0, xmm3);
    ecx = xmm0.pextrw(3);
    ecx &= 32752;
    if ecx != 0 {
        return xmm0.f0();
    }
    // L_2TAG_PACKET_5: a subnormal result, rounded by hand.
    xmm6 = mulsd(xmm6, xmm3);
    xmm4 = mulsd(xmm4, xmm3);
    xmm0 = xmm6;
    xmm6 = pxor(xmm6, xmm4);
    xmm6 = psrad(xmm6, 31);
    xmm6 = pshufd(xmm6, 85);
    xmm0 = psllq(xmm0, 1);
    xmm0 = psrlq(xmm0, 1);
    xmm0 = pxor(xmm0, xmm6);
    xmm6 = psrlq(xmm6, 63);
    xmm0 = paddq(xmm0, xmm6);
    xmm0 = paddq(xmm0, xmm4);
    xmm0.f0()
}

/// L_2TAG_PACKET_0: |x| tiny, huge, infinite or NaN.
fn special(x: f64, x_hi: u32, x_lo: u32) -> f64 {
    let eax = x_hi & 0x7fff_ffff;
    if eax < 1083179008 {
        return x + f64::from_bits(load_q(&ONE_VAL, 0));
    }
    // L_2TAG_PACKET_8
    if eax < 2146435072 {
        if x_hi >= 0x8000_0000 {
            let m = f64::from_bits(load_q(&XMIN, 0));
            return m * m;
        }
        let m = f64::from_bits(load_q(&XMAX, 0));
        return m * m;
    }
    // L_2TAG_PACKET_9
    if eax > 2146435072 || x_lo != 0 {
        return x + x;
    }
    if x_hi != 2146435072 {
        0.0
    } else {
        f64::from_bits(load_q(&INF, 0))
    }
}
