//! java.lang.Math.tan as HotSpot computes it on x86_64 (JDK 17): the `fast_tan` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_tan.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers with its own tables (`intel_tables`).
//!
//! Algorithm (from the stub's description): x = N*pi/16 + r, |r| <= pi/32, tan(x) from a
//! 32-entry table of per-interval polynomial coefficients (Ctable_tan) and a careful reciprocal
//! of the reduced argument; |x| < 2^-14-ish uses a short odd polynomial, larger |x| the sin
//! stub's multi-word reduction (with tan's constants).

use super::intel_sin::{reduce_large, Reduction};
use super::intel_tables::*;
use super::sse::*;

const TAN_REDUCTION: Reduction = Reduction {
    tan: true,
    pi_4: &PI_4_TAN,
};

pub fn tan(x: f64) -> f64 {
    let xmm0 = X::sd(x);
    let eax = ((xmm0.pextrw(3) & 32767) - 16314) as u32;
    if eax > 270 {
        return outside_main_range(x, eax as i32);
    }
    let mut xmm5 = load(&ONEHALF_TAN, 0);
    let mut xmm6 = load(&MUL16, 0);
    let mut xmm0 = unpcklpd(xmm0, xmm0);
    let mut xmm4 = load(&SIGN_MASK_TAN, 0);
    xmm4 = pand(xmm4, xmm0);
    let mut xmm1 = load(&PI32INV_TAN, 0);
    xmm1 = mulpd(xmm1, xmm0);
    xmm5 = por(xmm5, xmm4);
    xmm1 = addpd(xmm1, xmm5);
    let mut xmm7 = unpckhpd(xmm1, xmm1);
    let edx = cvttsd2sil(xmm7);
    xmm1 = trunc_pd(xmm1);
    xmm1 = mulpd(xmm1, xmm6);
    let mut xmm3 = load(&P_1_TAN, 0);
    xmm5 = load_sd(&QQ_2_TAN, 0);
    let d = (edx as u32 as u64).wrapping_add(469248) & 31;
    xmm4 = load(&P_2_TAN, 0);
    xmm3 = mulpd(xmm3, xmm1);
    xmm5 = mulsd(xmm5, xmm1);
    xmm4 = mulpd(xmm4, xmm1);
    xmm0 = subpd(xmm0, xmm3);
    xmm1 = mulpd(xmm1, load(&P_3_TAN, 0));
    let off = (d * 11 * 16) as usize;
    xmm5 = addsd(xmm5, xmm0);
    let mut xmm2 = xmm0;
    xmm0 = subpd(xmm0, xmm4);
    xmm6 = load_sd(&ONE_TAN, 0);
    xmm5 = pand(xmm5, load(&MASK_35_TAN, 0));
    xmm3 = xmm0;
    xmm2 = subpd(xmm2, xmm0);
    xmm0 = unpckhpd(xmm0, xmm0);
    xmm6 = divsd(xmm6, xmm5);
    xmm2 = subpd(xmm2, xmm4);
    xmm7 = load(&CTABLE_TAN, off + 16);
    xmm3 = subsd(xmm3, xmm5);
    xmm7 = mulpd(xmm7, xmm0);
    xmm2 = subpd(xmm2, xmm1);
    xmm1 = load(&CTABLE_TAN, off + 48);
    xmm1 = mulpd(xmm1, xmm0);
    xmm4 = load(&CTABLE_TAN, off + 96);
    xmm4 = mulpd(xmm4, xmm0);
    xmm2 = addsd(xmm2, xmm3);
    xmm3 = xmm0;
    xmm0 = mulpd(xmm0, xmm0);
    table_tail(off, xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7)
}

/// L_2TAG_PACKET_0: tiny, large, infinite or NaN arguments.
fn outside_main_range(x: f64, eax: i32) -> f64 {
    if eax > 270 {
        return large(x);
    }
    let top16 = X::sd(x).pextrw(3);
    if top16 & 32752 == 0 {
        return x; // L_2TAG_PACKET_2: zero or subnormal, returned as it is
    }
    if ((top16 & 32767) as u32) < 15904 {
        // L_2TAG_PACKET_3
        let xmm3 = f64::from_bits(load_q(&TWO_POW_55_TAN, 0)) * x;
        return (x + xmm3) * f64::from_bits(load_q(&TWO_POW_M55_TAN, 0));
    }
    let q = |t: &[u32]| f64::from_bits(load_q(t, 0));
    let xmm2 = x * x;
    let xmm3 = x * xmm2;
    let mut xmm1 = q(&Q_11_TAN) * xmm2;
    xmm1 += q(&Q_9_TAN);
    xmm1 *= xmm2;
    xmm1 += q(&Q_7_TAN);
    xmm1 *= xmm2;
    xmm1 += q(&Q_5_TAN);
    xmm1 *= xmm2;
    xmm1 += q(&Q_3_TAN);
    xmm1 *= xmm3;
    x + xmm1
}

/// L_2TAG_PACKET_1: |x| large (reduced with 4/pi first), Inf or NaN.
fn large(x: f64) -> f64 {
    if X::sd(x).pextrw(3) & 32752 == 32752 {
        // L_2TAG_PACKET_4
        return x * f64::from_bits(load_q(&NEG_ZERO_TAN, 0));
    }
    let (xmm0, xmm7, eax) = reduce_large(x, &TAN_REDUCTION);
    let mut xmm1 = load(&PI32INV_TAN, 0);
    let mut xmm0 = movddup(xmm0);
    let mut xmm4 = load(&SIGN_MASK_TAN, 0);
    xmm4 = pand(xmm4, xmm0);
    xmm1 = mulpd(xmm1, xmm0);
    let mut xmm7 = movddup(xmm7);
    let mut xmm5 = load(&ONEHALF_TAN, 0);
    let mut xmm6 = load(&MUL16, 0);
    xmm5 = por(xmm5, xmm4);
    xmm1 = addpd(xmm1, xmm5);
    xmm5 = unpckhpd(xmm1, xmm1);
    let mut edx = cvttsd2sil(xmm5) as u32;
    xmm1 = trunc_pd(xmm1);
    xmm1 = mulpd(xmm1, xmm6);
    let mut xmm3 = load(&P_1_TAN, 0);
    xmm5 = load_sd(&QQ_2_TAN, 0);
    let eax = eax << 4;
    edx = edx.wrapping_add(469248);
    xmm4 = load(&P_2_TAN, 0);
    xmm3 = mulpd(xmm3, xmm1);
    edx = edx.wrapping_add(eax);
    edx &= 31;
    xmm5 = mulsd(xmm5, xmm1);
    xmm4 = mulpd(xmm4, xmm1);
    xmm0 = subpd(xmm0, xmm3);
    xmm1 = mulpd(xmm1, load(&P_3_TAN, 0));
    let off = (edx as usize) * 11 * 16;
    xmm5 = addsd(xmm5, xmm0);
    let mut xmm2 = xmm0;
    xmm0 = subpd(xmm0, xmm4);
    xmm6 = load_sd(&ONE_TAN, 0);
    xmm5 = pand(xmm5, load(&MASK_35_TAN, 0));
    xmm3 = xmm0;
    xmm2 = subpd(xmm2, xmm0);
    xmm0 = unpckhpd(xmm0, xmm0);
    xmm6 = divsd(xmm6, xmm5);
    xmm2 = subpd(xmm2, xmm4);
    xmm3 = subsd(xmm3, xmm5);
    xmm2 = subpd(xmm2, xmm1);
    xmm1 = load(&CTABLE_TAN, off + 48);
    xmm2 = addpd(xmm2, xmm7);
    xmm7 = load(&CTABLE_TAN, off + 16);
    xmm7 = mulpd(xmm7, xmm0);
    xmm4 = load(&CTABLE_TAN, off + 96);
    xmm1 = mulpd(xmm1, xmm0);
    xmm4 = mulpd(xmm4, xmm0);
    xmm2 = addsd(xmm2, xmm3);
    xmm3 = xmm0;
    xmm0 = mulpd(xmm0, xmm0);
    table_tail(off, xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7)
}

#[inline(always)]
fn ct(off: usize) -> X {
    load(&CTABLE_TAN, off)
}

#[inline(always)]
fn ct_sd(off: usize) -> X {
    load_sd(&CTABLE_TAN, off)
}

/// The polynomial evaluation and reconstruction shared by both paths once the table entry at
/// `off` (176 bytes per interval) is chosen.
#[allow(clippy::too_many_arguments)]
fn table_tail(
    off: usize,
    mut xmm0: X,
    mut xmm1: X,
    mut xmm2: X,
    mut xmm3: X,
    mut xmm4: X,
    mut xmm5: X,
    mut xmm6: X,
    mut xmm7: X,
) -> f64 {
    xmm7 = addpd(xmm7, ct(off));
    xmm1 = addpd(xmm1, ct(off + 32));
    xmm1 = mulpd(xmm1, xmm0);
    xmm4 = addpd(xmm4, ct(off + 80));
    xmm7 = addpd(xmm7, xmm1);
    xmm1 = ct(off + 112);
    xmm1 = mulpd(xmm1, xmm0);
    xmm0 = mulpd(xmm0, xmm0);
    xmm4 = addpd(xmm4, xmm1);
    xmm1 = ct(off + 64);
    xmm1 = mulpd(xmm1, xmm0);
    xmm7 = addpd(xmm7, xmm1);
    xmm1 = xmm3;
    xmm3 = mulpd(xmm3, xmm0);
    xmm0 = mulsd(xmm0, xmm0);
    xmm1 = mulpd(xmm1, ct(off + 144));
    xmm4 = mulpd(xmm4, xmm3);
    xmm3 = xmm1;
    xmm7 = addpd(xmm7, xmm4);
    xmm4 = xmm1;
    xmm0 = mulsd(xmm0, xmm7);
    xmm7 = unpckhpd(xmm7, xmm7);
    xmm0 = addsd(xmm0, xmm7);
    xmm1 = unpckhpd(xmm1, xmm1);
    xmm3 = addsd(xmm3, xmm1);
    xmm4 = subsd(xmm4, xmm3);
    xmm1 = addsd(xmm1, xmm4);
    xmm4 = xmm2;
    xmm7 = ct_sd(off + 144);
    xmm2 = unpckhpd(xmm2, xmm2);
    xmm7 = addsd(xmm7, ct_sd(off + 152));
    xmm7 = mulsd(xmm7, xmm2);
    xmm7 = addsd(xmm7, ct_sd(off + 136));
    xmm7 = addsd(xmm7, xmm1);
    xmm0 = addsd(xmm0, xmm7);
    xmm7 = load_sd(&ONE_TAN, 0);
    xmm4 = mulsd(xmm4, xmm6);
    xmm2 = ct_sd(off + 168);
    xmm2 = pand(xmm2, xmm6);
    xmm5 = mulsd(xmm5, xmm2);
    xmm6 = mulsd(xmm6, ct_sd(off + 160));
    xmm7 = subsd(xmm7, xmm5);
    xmm2 = subsd(xmm2, ct_sd(off + 128));
    xmm7 = subsd(xmm7, xmm4);
    xmm7 = mulsd(xmm7, xmm6);
    xmm4 = xmm3;
    xmm3 = subsd(xmm3, xmm2);
    xmm2 = addsd(xmm2, xmm3);
    xmm4 = subsd(xmm4, xmm2);
    xmm0 = addsd(xmm0, xmm4);
    xmm0 = subsd(xmm0, xmm7);
    xmm0 = addsd(xmm0, xmm3);
    xmm0.f0()
}
