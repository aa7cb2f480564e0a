//! java.lang.Math.cos as HotSpot computes it on x86_64 (JDK 17): the `fast_cos` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_cos.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers. It shares the sin stub's tables and large-argument reduction (`intel_sin`) and
//! reads the table a quarter turn further on; its main path adds the final parts in its own
//! order, kept here.

use super::intel_sin::{large, Quadrant};
use super::intel_tables::*;
use super::sse::*;

pub fn cos(x: f64) -> f64 {
    let mut xmm0 = X::sd(x);
    let mut eax = (x.to_bits() >> 32) as u32;
    eax &= 2147418112;
    let eax = eax.wrapping_sub(808452096);
    if eax > 281346048 {
        // L_2TAG_PACKET_0
        if (eax as i32) > 281346048 {
            return large(x, Quadrant::Cos);
        }
        let a = xmm0.pinsrw(xmm0.pextrw(3) & 32767, 3);
        return 1.0 - a.f0();
    }
    let mut xmm1 = load_sd(&PI32INV_SIN, 0);
    xmm1 = mulsd(xmm1, xmm0);
    let mut xmm5 = load(&ONEHALF_SIN, 0);
    let mut xmm4 = load_sd(&SIGN_MASK_SIN, 0);
    xmm4 = pand(xmm4, xmm0);
    xmm5 = por(xmm5, xmm4);
    xmm1 = addpd(xmm1, xmm5);
    let edx = cvttsd2sil(xmm1);
    xmm1 = cvtsi2sdl(xmm1, edx);
    let mut xmm2 = load(&P_2_SIN, 0);
    let mut xmm3 = load_sd(&P_1_SIN, 0);
    xmm3 = mulsd(xmm3, xmm1);
    xmm1 = unpcklpd(xmm1, xmm1);
    let off = (((edx as u32 as u64).wrapping_add(1865232) & 63) << 5) as usize;
    xmm4 = xmm0;
    xmm5 = load(&SC_4_SIN, 0);
    xmm2 = mulpd(xmm2, xmm1);
    xmm0 = subsd(xmm0, xmm3);
    xmm1 = mulsd(xmm1, load_sd(&P_3_SIN, 0));
    xmm4 = subsd(xmm4, xmm3);
    let mut xmm7 = load_sd(&CTABLE_SIN, off + 8);
    xmm0 = unpcklpd(xmm0, xmm0);
    xmm3 = xmm4;
    xmm4 = subsd(xmm4, xmm2);
    xmm5 = mulpd(xmm5, xmm0);
    xmm0 = subpd(xmm0, xmm2);
    let mut xmm6 = load(&SC_2_SIN, 0);
    xmm7 = mulsd(xmm7, xmm4);
    xmm3 = subsd(xmm3, xmm4);
    xmm5 = mulpd(xmm5, xmm0);
    xmm0 = mulpd(xmm0, xmm0);
    xmm3 = subsd(xmm3, xmm2);
    xmm2 = load(&CTABLE_SIN, off);
    xmm1 = subsd(xmm1, xmm3);
    xmm3 = load_sd(&CTABLE_SIN, off + 24);
    xmm2 = addsd(xmm2, xmm3);
    xmm7 = subsd(xmm7, xmm2);
    xmm2 = mulsd(xmm2, xmm4);
    xmm6 = mulpd(xmm6, xmm0);
    xmm3 = mulsd(xmm3, xmm4);
    xmm2 = mulpd(xmm2, xmm0);
    xmm0 = mulpd(xmm0, xmm0);
    xmm5 = addpd(xmm5, load(&SC_3_SIN, 0));
    xmm4 = mulsd(xmm4, load_sd(&CTABLE_SIN, off));
    xmm6 = addpd(xmm6, load(&SC_1_SIN, 0));
    xmm5 = mulpd(xmm5, xmm0);
    xmm0 = xmm3;
    xmm3 = addsd(xmm3, load_sd(&CTABLE_SIN, off + 8));
    xmm1 = mulpd(xmm1, xmm7);
    xmm7 = xmm4;
    xmm4 = addsd(xmm4, xmm3);
    xmm6 = addpd(xmm6, xmm5);
    xmm5 = load_sd(&CTABLE_SIN, off + 8);
    xmm5 = subsd(xmm5, xmm3);
    xmm3 = subsd(xmm3, xmm4);
    xmm1 = addsd(xmm1, load_sd(&CTABLE_SIN, off + 16));
    xmm6 = mulpd(xmm6, xmm2);
    xmm0 = addsd(xmm0, xmm5);
    xmm3 = addsd(xmm3, xmm7);
    xmm0 = addsd(xmm0, xmm1);
    xmm0 = addsd(xmm0, xmm3);
    xmm0 = addsd(xmm0, xmm6);
    xmm6 = unpckhpd(xmm6, xmm6);
    xmm0 = addsd(xmm0, xmm6);
    xmm0 = addsd(xmm0, xmm4);
    xmm0.f0()
}
