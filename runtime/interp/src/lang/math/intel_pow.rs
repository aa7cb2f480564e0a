//! java.lang.Math.pow as HotSpot computes it on x86_64 (JDK 17): the `fast_pow` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_pow.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers with its own tables (`intel_tables`). Labels in comments are the stub's.
//!
//! Algorithm (from the stub's description): x = 2^k * mx, B ~ 1/mx from rcpps scaled by a short
//! log2(e) and rounded to 9 bits, log2(x) = k - log2(B) + p(B*mx - LH) in high and low parts
//! (a slower, more accurate variant for |x| near 1), then exp2(y * log2(x)) from a 256-entry table
//! and a degree-5 polynomial, with separate paths near overflow and underflow.
//!
//! The cases whose result the Java specification fixes exactly (a zero, infinite or NaN argument,
//! y = 0) are answered by the specification's rules (`fdlibm::pow` implements them); every finite
//! case runs the stub's arithmetic. pow(x, 2) = x*x and pow(x, 0.5) = sqrt(x) for x >= +0 are the
//! stub's own shortcuts.

use super::intel_tables::*;
use super::sse::*;

/// bsr: the index of the highest set bit (the operand is never zero here).
#[inline(always)]
fn bsr(v: i32) -> i32 {
    31 - (v as u32).leading_zeros() as i32
}

/// The integer ladder of x's exponent: bsr(|((top16 & 0x7ff0) - 0x3ff0)| + 16).
#[inline(always)]
fn exponent_rank(top16: i32) -> i32 {
    let mut edx = (top16 & 32752) - 16368;
    let mut ecx = edx;
    edx >>= 31;
    ecx += edx;
    ecx ^= edx;
    bsr(ecx + 16)
}

pub fn pow(x: f64, y: f64) -> f64 {
    if y.to_bits() == 2.0f64.to_bits() {
        return x * x;
    }
    if y.to_bits() == 0.5f64.to_bits() && (x.to_bits() as i64) >= 0 {
        return x.sqrt();
    }
    if y == 0.0 || !x.is_finite() || !y.is_finite() || x == 0.0 {
        return super::fdlibm::pow(x, y);
    }
    let mut s = State::new(x, y);
    // L_POW
    let mut xmm0 = X::sd(x);
    let mut eax = xmm0.pextrw(3);
    let xmm2 = movq(0x3ff0_0000_0000_0000);
    s.xmm7 = movq(1069088768);
    s.xmm1 = movq(0x77f0_0000_0000_0000);
    let mut xmm3 = xmm0;
    let mut ecx = exponent_rank(eax);
    xmm0 = por(xmm0, xmm2);
    s.xmm6 = load(&HIGHSIGMASK, 0);
    xmm0 = psrlq(xmm0, 27);
    s.xmm2 = load_sd(&LOG2_E, 0);
    xmm0 = psrld(xmm0, 2);
    xmm0 = rcpps(xmm0);
    xmm3 = psllq(xmm3, 12);
    s.xmm4 = movq(8192);
    xmm3 = psrlq(xmm3, 12);
    eax -= 16;
    s.xmm0 = xmm0;
    s.xmm3 = xmm3;
    if eax as u32 >= 32736 {
        // L_2TAG_PACKET_0: x subnormal or negative (zero, Inf and NaN were answered above)
        eax += 16;
        if eax & 32768 != 0 {
            // L_2TAG_PACKET_7: x < 0; y's integer-ness decides (L_34 NaN, L_35 even, L_36 odd)
            match integer_parity(y) {
                None => return not_a_number(),
                Some(odd) => s.tmp1 = if odd { i32::MIN } else { 0 },
            }
            s.xmm1 = X(0, 0).pinsrw(30704, 3);
            s.xmm2 = load_sd(&LOG2_E, 0);
            eax = X::sd(x).pextrw(3);
            s.xmm4 = movd(8192);
            eax &= 32767;
            eax -= 16;
            if eax < 0 {
                return s.subnormal_x();
            }
            ecx = exponent_rank(eax);
        } else {
            // L_2TAG_PACKET_8: positive subnormal x
            s.tmp1 = 0;
            return s.subnormal_x();
        }
    }
    s.l1(eax, ecx)
}

/// y's parity when it is an integer (Some(true) for odd), None when it is not.
fn integer_parity(y: f64) -> Option<bool> {
    if y.fract() != 0.0 {
        return None;
    }
    let a = y.abs();
    if a >= 9007199254740992.0 {
        return Some(false);
    }
    Some((a as u64) & 1 == 1)
}

fn not_a_number() -> f64 {
    std::hint::black_box(0.0) * f64::INFINITY
}

/// The registers live across the stub's labels.
struct State {
    x: f64,
    y: f64,
    tmp1: i32,
    xmm0: X,
    xmm1: X,
    xmm2: X,
    xmm3: X,
    xmm4: X,
    xmm5: X,
    xmm6: X,
    xmm7: X,
}

impl State {
    fn new(x: f64, y: f64) -> State {
        State {
            x,
            y,
            tmp1: 0,
            xmm0: X(0, 0),
            xmm1: X(0, 0),
            xmm2: X(0, 0),
            xmm3: X(0, 0),
            xmm4: X(0, 0),
            xmm5: X(0, 0),
            xmm6: X(0, 0),
            xmm7: X(0, 0),
        }
    }

    /// L_2TAG_PACKET_8 / L_2TAG_PACKET_10: |x| subnormal, scaled by 2^128 (tmp1 already set).
    fn subnormal_x(mut self) -> f64 {
        let mut xmm0 = X::sd(self.x);
        xmm0 = mulsd(xmm0, X(0, 0).pinsrw(18416, 3));
        let xmm2 = X(0, 0).pinsrw(16368, 3);
        let mut xmm3 = xmm0;
        let mut eax = xmm0.pextrw(3);
        xmm0 = por(xmm0, xmm2);
        xmm0 = psrlq(xmm0, 27);
        self.xmm2 = load_sd(&LOG2_E, 0);
        xmm0 = psrld(xmm0, 2);
        xmm0 = rcpps(xmm0);
        xmm3 = psllq(xmm3, 12);
        self.xmm6 = load(&HIGHSIGMASK, 0);
        xmm3 = psrlq(xmm3, 12);
        xmm0 = mulss(xmm0, self.xmm7);
        let mut xmm5 = movd(-1024);
        xmm3 = por(xmm3, self.xmm1);
        xmm0 = paddd(xmm0, self.xmm4);
        xmm5 = psllq(xmm5, 32);
        let edx = xmm0.movd();
        xmm0 = psllq(xmm0, 29);
        xmm5 = pand(xmm5, xmm3);
        xmm0 = pand(xmm0, self.xmm6);
        xmm3 = subsd(xmm3, xmm5);
        eax &= 32752;
        eax -= 18416;
        eax >>= 4;
        self.xmm7 = cvtsi2sdl(self.xmm7, eax);
        xmm5 = mulpd(xmm5, xmm0);
        self.xmm0 = xmm0;
        self.xmm3 = xmm3;
        self.xmm5 = xmm5;
        self.l4(eax, edx)
    }

    /// L_2TAG_PACKET_1
    fn l1(mut self, mut eax: i32, mut ecx: i32) -> f64 {
        self.xmm0 = mulss(self.xmm0, self.xmm7);
        let mut edx: i32 = -1;
        ecx -= 4;
        edx = ((edx as u32) << (ecx & 31)) as i32;
        self.xmm5 = X((edx as u32 as u64) << 32, 0);
        self.xmm3 = por(self.xmm3, self.xmm1);
        eax -= 16351;
        if eax as u32 <= 1 {
            return self.near_one(eax);
        }
        self.xmm0 = paddd(self.xmm0, self.xmm4);
        self.xmm5 = pand(self.xmm5, self.xmm3);
        let edx = self.xmm0.movd();
        self.xmm0 = psllq(self.xmm0, 29);
        self.l3(eax, edx)
    }

    /// L_2TAG_PACKET_3
    fn l3(mut self, mut eax: i32, edx: i32) -> f64 {
        self.xmm3 = subsd(self.xmm3, self.xmm5);
        self.xmm0 = pand(self.xmm0, self.xmm6);
        eax -= 1;
        eax >>= 4;
        self.xmm7 = cvtsi2sdl(self.xmm7, eax);
        self.xmm5 = mulpd(self.xmm5, self.xmm0);
        self.l4(eax, edx)
    }

    /// L_2TAG_PACKET_4: log2(x) in high and low parts, then y * log2(x) and exp2.
    fn l4(mut self, mut eax: i32, mut edx: i32) -> f64 {
        let mut xmm3 = mulsd(self.xmm3, self.xmm0);
        let mut xmm1 = load(&COEFF_POW, 0);
        let mut xmm5 = subsd(self.xmm5, self.xmm2);
        let mut xmm4 = load(&COEFF_POW, 16);
        let mut ecx = eax;
        eax >>= 31;
        ecx += eax;
        eax ^= ecx;
        eax += 1;
        eax = bsr(eax);
        xmm5 = unpcklpd(xmm5, xmm3);
        let mut xmm6 = load(&COEFF_POW, 32);
        xmm3 = addsd(xmm3, xmm5);
        edx &= 16760832;
        edx = ((edx as u32) >> 10) as i32;
        xmm5 = addpd(xmm5, load(&L_TBL_POW, (edx - 3648) as usize));
        let mut xmm0 = load(&COEFF_POW, 48);
        let mut xmm2 = pshufd(xmm3, 68);
        xmm3 = mulsd(xmm3, xmm3);
        xmm1 = mulpd(xmm1, xmm2);
        xmm4 = mulpd(xmm4, xmm2);
        xmm5 = addsd(xmm5, self.xmm7);
        xmm2 = mulsd(xmm2, xmm3);
        xmm6 = addpd(xmm6, xmm1);
        xmm3 = mulsd(xmm3, xmm3);
        xmm0 = addpd(xmm0, xmm4);
        xmm1 = X::sd(self.y);
        ecx = X::sd(self.y).pextrw(3);
        let mut xmm7 = pshufd(xmm5, 238);
        xmm4 = load_sd(&HIGHMASK_Y, 0);
        xmm6 = mulpd(xmm6, xmm2);
        xmm3 = pshufd(xmm3, 68);
        xmm0 = mulpd(xmm0, xmm2);
        eax <<= 4;
        eax -= 15872;
        ecx &= 32752;
        eax += ecx;
        xmm3 = mulpd(xmm3, xmm6);
        if eax as u32 >= 624 {
            self.xmm0 = xmm0;
            self.xmm1 = xmm1;
            self.xmm3 = xmm3;
            self.xmm5 = xmm5;
            self.xmm7 = xmm7;
            return self.l5(eax);
        }
        xmm6 = X(0, 0).pinsrw(17080, 3);
        xmm2 = xmm1;
        xmm4 = pand(xmm4, xmm1);
        xmm1 = subsd(xmm1, xmm4);
        xmm4 = mulsd(xmm4, xmm5);
        xmm0 = addsd(xmm0, xmm7);
        xmm1 = mulsd(xmm1, xmm5);
        xmm7 = xmm6;
        xmm6 = addsd(xmm6, xmm4);
        xmm3 = addpd(xmm3, xmm0);
        edx = xmm6.movd();
        xmm6 = subsd(xmm6, xmm7);
        xmm0 = pshufd(xmm3, 238);
        xmm4 = subsd(xmm4, xmm6);
        xmm0 = addsd(xmm0, xmm3);
        ecx = edx;
        edx &= 255;
        edx += edx;
        xmm5 = load(&T_EXP, edx as usize * 8);
        xmm4 = addsd(xmm4, xmm1);
        xmm2 = mulsd(xmm2, xmm0);
        xmm7 = load(&E_COEFF, 0);
        xmm3 = load(&E_COEFF, 16);
        ecx <<= 12;
        ecx ^= self.tmp1;
        ecx &= -1048576;
        xmm6 = movd(ecx);
        xmm2 = addsd(xmm2, xmm4);
        xmm1 = movq(0x3fe6_2e42_fefa_39ef);
        xmm0 = pshufd(xmm2, 68);
        xmm4 = pshufd(xmm2, 68);
        xmm1 = mulsd(xmm1, xmm2);
        xmm6 = pshufd(xmm6, 17);
        xmm0 = mulpd(xmm0, xmm0);
        xmm7 = mulpd(xmm7, xmm4);
        xmm5 = paddd(xmm5, xmm6);
        xmm1 = mulsd(xmm1, xmm5);
        xmm6 = pshufd(xmm5, 238);
        xmm0 = mulsd(xmm0, xmm0);
        xmm3 = addpd(xmm3, xmm7);
        xmm1 = addsd(xmm1, xmm6);
        xmm0 = mulpd(xmm0, xmm3);
        xmm3 = pshufd(xmm0, 238);
        xmm0 = mulsd(xmm0, xmm5);
        xmm3 = mulsd(xmm3, xmm5);
        xmm0 = addsd(xmm0, xmm1);
        xmm0 = addsd(xmm0, xmm3);
        xmm0 = addsd(xmm0, xmm5);
        xmm0.f0()
    }

    /// L_2TAG_PACKET_5: y * log2(x) is large or tiny.
    fn l5(self, eax: i32) -> f64 {
        if eax < 0 {
            return self.l11(eax);
        }
        if eax as u32 >= 752 {
            return self.l12();
        }
        let mut xmm0 = addsd(self.xmm0, self.xmm7);
        let mut xmm2 = load_sd(&HALFMASK, 0);
        let mut xmm3 = addpd(self.xmm3, xmm0);
        let mut xmm6 = X(0, 0).pinsrw(17080, 3);
        xmm0 = pshufd(xmm3, 238);
        xmm0 = addsd(xmm0, xmm3);
        xmm3 = self.xmm5;
        let mut xmm5 = addsd(self.xmm5, xmm0);
        let mut xmm4 = xmm2;
        xmm3 = subsd(xmm3, xmm5);
        let mut xmm7 = xmm5;
        xmm5 = pand(xmm5, xmm2);
        xmm2 = self.xmm1;
        xmm4 = pand(xmm4, self.xmm1);
        xmm7 = subsd(xmm7, xmm5);
        xmm0 = addsd(xmm0, xmm3);
        let mut xmm1 = subsd(self.xmm1, xmm4);
        xmm4 = mulsd(xmm4, xmm5);
        xmm0 = addsd(xmm0, xmm7);
        xmm2 = mulsd(xmm2, xmm0);
        xmm7 = xmm6;
        xmm1 = mulsd(xmm1, xmm5);
        xmm6 = addsd(xmm6, xmm4);
        let mut eax = xmm6.movd();
        xmm6 = subsd(xmm6, xmm7);
        xmm2 = addsd(xmm2, xmm1);
        xmm7 = load(&E_COEFF, 0);
        xmm3 = load(&E_COEFF, 16);
        xmm4 = subsd(xmm4, xmm6);
        let mut edx = xmm6.pextrw(3);
        let mut ecx = eax;
        eax &= 255;
        eax += eax;
        xmm5 = load(&T_EXP, eax as usize * 8);
        xmm2 = addsd(xmm2, xmm4);
        ecx >>= 8;
        eax = ecx;
        ecx >>= 1;
        eax -= ecx;
        ecx <<= 20;
        ecx ^= self.tmp1;
        xmm6 = movd(ecx);
        xmm1 = load_sd(&E_COEFF, 32);
        edx &= 32767;
        if edx as u32 > 16529 {
            return self.l12();
        }
        xmm0 = pshufd(xmm2, 68);
        xmm4 = pshufd(xmm2, 68);
        xmm0 = mulpd(xmm0, xmm0);
        xmm7 = mulpd(xmm7, xmm4);
        xmm6 = pshufd(xmm6, 17);
        xmm1 = mulsd(xmm1, xmm2);
        xmm0 = mulsd(xmm0, xmm0);
        xmm5 = paddd(xmm5, xmm6);
        xmm3 = addpd(xmm3, xmm7);
        xmm1 = mulsd(xmm1, xmm5);
        xmm6 = pshufd(xmm5, 238);
        xmm0 = mulpd(xmm0, xmm3);
        xmm1 = addsd(xmm1, xmm6);
        xmm3 = pshufd(xmm0, 238);
        xmm0 = mulsd(xmm0, xmm5);
        xmm3 = mulsd(xmm3, xmm5);
        eax <<= 4;
        eax += 16368;
        xmm4 = X(0, 0).pinsrw(eax, 3);
        xmm0 = addsd(xmm0, xmm1);
        xmm0 = addsd(xmm0, xmm3);
        xmm1 = xmm0;
        xmm0 = addsd(xmm0, xmm5);
        xmm0 = mulsd(xmm0, xmm4);
        finish(xmm0, xmm1, xmm4, xmm5)
    }

    /// L_2TAG_PACKET_11: |y * log2(x)| tiny: the result is 1 (or -1) plus a small correction.
    fn l11(self, mut eax: i32) -> f64 {
        eax += 384;
        if eax < 0 {
            return 1.0; // L_2TAG_PACKET_38 / 37
        }
        let mut xmm5 = mulsd(self.xmm5, self.xmm1);
        let xmm0 = addsd(self.xmm0, self.xmm7);
        let tmp1 = ((self.tmp1 as u32) >> 31) as i32;
        let mut xmm3 = addpd(self.xmm3, xmm0);
        let xmm0 = pshufd(xmm3, 238);
        xmm3 = addsd(xmm3, xmm0);
        let xmm4 = load_sd(&LOG2_POW, tmp1 as usize * 8);
        let xmm1 = mulsd(self.xmm1, xmm3);
        let mut xmm0 = X(0, 0).pinsrw(16368 | (tmp1 << 15), 3);
        xmm5 = addsd(xmm5, xmm1);
        xmm5 = mulsd(xmm5, xmm4);
        xmm0 = addsd(xmm0, xmm5);
        xmm0.f0()
    }

    /// L_2TAG_PACKET_12: certain overflow or underflow: +-Inf or +-0 by the signs of log2(x)
    /// and y.
    fn l12(self) -> f64 {
        let eax = (X::sd(self.x).pextrw(3) & 32752) - 16368;
        let edx = X::sd(self.y).pextrw(3) ^ eax;
        self.overflow(edx & 32768 == 0)
    }

    /// L_2TAG_PACKET_47 (overflow) / L_2TAG_PACKET_46 (underflow), signed by tmp1.
    fn overflow(&self, up: bool) -> f64 {
        let v = if up { f64::INFINITY } else { 0.0 };
        if self.tmp1 != 0 {
            -v
        } else {
            v
        }
    }

    /// L_2TAG_PACKET_2: |x| near 1: log2(x) computed more accurately.
    fn near_one(mut self, mut eax: i32) -> f64 {
        let mut ecx = X::sd(self.y).pextrw(3);
        let mut xmm1 = movd(i32::MIN);
        let mut xmm7 = X(0, 0);
        let mut xmm0 = paddd(self.xmm0, self.xmm4);
        let mut edx = xmm0.movd();
        xmm0 = psllq(xmm0, 29);
        xmm1 = paddq(xmm1, self.xmm3);
        let mut xmm5 = pand(self.xmm5, xmm1);
        ecx &= 32752;
        if ecx < 16560 {
            self.xmm0 = xmm0;
            self.xmm1 = xmm1;
            self.xmm5 = xmm5;
            self.xmm7 = xmm7;
            return self.l3(eax, edx);
        }
        xmm0 = pand(xmm0, self.xmm6);
        let mut xmm3 = subsd(self.xmm3, xmm5);
        eax += 16351;
        eax = ((eax as u32) >> 4) as i32;
        eax -= 1022;
        xmm7 = cvtsi2sdl(xmm7, eax);
        xmm5 = mulpd(xmm5, xmm0);
        let mut xmm4 = load_sd(&COEFF_H, 0);
        xmm3 = mulsd(xmm3, xmm0);
        let mut xmm6 = load_sd(&COEFF_H, 0);
        xmm5 = subsd(xmm5, self.xmm2);
        xmm1 = load_sd(&COEFF_H, 8);
        let mut xmm2 = pshufd(xmm3, 68);
        xmm5 = unpcklpd(xmm5, xmm3);
        xmm3 = addsd(xmm3, xmm5);
        xmm0 = load_sd(&COEFF_H, 8);
        edx &= 16760832;
        edx = ((edx as u32) >> 10) as i32;
        xmm7 = addpd(xmm7, load(&L_TBL_POW, (edx - 3648) as usize));
        xmm4 = mulsd(xmm4, xmm5);
        xmm0 = mulsd(xmm0, xmm5);
        xmm6 = mulsd(xmm6, xmm2);
        xmm1 = mulsd(xmm1, xmm2);
        xmm2 = xmm5;
        xmm4 = mulsd(xmm4, xmm5);
        xmm5 = addsd(xmm5, xmm0);
        xmm0 = xmm7;
        xmm2 = addsd(xmm2, xmm3);
        xmm7 = addsd(xmm7, xmm5);
        xmm6 = mulsd(xmm6, xmm2);
        xmm0 = subsd(xmm0, xmm7);
        xmm2 = xmm7;
        xmm7 = addsd(xmm7, xmm4);
        xmm0 = addsd(xmm0, xmm5);
        xmm2 = subsd(xmm2, xmm7);
        xmm4 = addsd(xmm4, xmm2);
        xmm2 = pshufd(xmm5, 238);
        xmm5 = xmm7;
        xmm7 = addsd(xmm7, xmm2);
        xmm4 = addsd(xmm4, xmm0);
        xmm0 = load(&COEFF_POW, 0);
        xmm5 = subsd(xmm5, xmm7);
        xmm6 = addsd(xmm6, xmm4);
        xmm4 = xmm7;
        xmm5 = addsd(xmm5, xmm2);
        xmm7 = addsd(xmm7, xmm1);
        xmm2 = load(&COEFF_POW, 64);
        xmm4 = subsd(xmm4, xmm7);
        xmm6 = addsd(xmm6, xmm5);
        xmm4 = addsd(xmm4, xmm1);
        xmm5 = pshufd(xmm7, 238);
        xmm1 = xmm7;
        xmm7 = addsd(xmm7, xmm5);
        xmm1 = subsd(xmm1, xmm7);
        xmm1 = addsd(xmm1, xmm5);
        xmm5 = load(&COEFF_POW, 80);
        xmm3 = pshufd(xmm3, 68);
        xmm6 = addsd(xmm6, xmm4);
        xmm6 = addsd(xmm6, xmm1);
        xmm1 = load(&COEFF_POW, 32);
        xmm0 = mulpd(xmm0, xmm3);
        xmm2 = mulpd(xmm2, xmm3);
        xmm4 = pshufd(xmm3, 68);
        xmm3 = mulpd(xmm3, xmm3);
        xmm0 = addpd(xmm0, xmm1);
        xmm5 = addpd(xmm5, xmm2);
        xmm4 = mulsd(xmm4, xmm3);
        xmm2 = load_sd(&HIGHMASK_LOG_X, 0);
        xmm3 = mulpd(xmm3, xmm3);
        xmm1 = X::sd(self.y);
        ecx = X::sd(self.y).pextrw(3);
        xmm0 = mulpd(xmm0, xmm4);
        eax = xmm7.pextrw(3);
        xmm5 = mulpd(xmm5, xmm4);
        xmm0 = mulpd(xmm0, xmm3);
        xmm4 = load_sd(&HIGHMASK_Y, 8);
        xmm2 = pand(xmm2, xmm7);
        xmm5 = addsd(xmm5, xmm6);
        xmm7 = subsd(xmm7, xmm2);
        xmm5 = addpd(xmm5, xmm0);
        eax &= 32752;
        eax -= 16368;
        ecx &= 32752;
        ecx += eax;
        if ecx as u32 >= 16576 {
            // L_2TAG_PACKET_51
            let sign = (xmm1.pextrw(3) ^ xmm2.pextrw(3)) & 32768;
            return self.overflow(sign == 0);
        }
        xmm0 = pshufd(xmm5, 238);
        xmm4 = pand(xmm4, xmm1);
        xmm3 = xmm1;
        xmm5 = addsd(xmm5, xmm0);
        xmm1 = subsd(xmm1, xmm4);
        xmm6 = X(0, 0).pinsrw(17080, 3);
        xmm7 = addsd(xmm7, xmm5);
        xmm4 = mulsd(xmm4, xmm2);
        xmm1 = mulsd(xmm1, xmm2);
        xmm5 = xmm6;
        xmm3 = mulsd(xmm3, xmm7);
        xmm6 = addsd(xmm6, xmm4);
        xmm1 = addsd(xmm1, xmm3);
        xmm7 = load(&E_COEFF, 0);
        edx = xmm6.movd();
        xmm6 = subsd(xmm6, xmm5);
        xmm3 = load(&E_COEFF, 16);
        xmm2 = load_sd(&E_COEFF, 32);
        xmm4 = subsd(xmm4, xmm6);
        ecx = edx;
        edx &= 255;
        edx += edx;
        xmm5 = load(&T_EXP, edx as usize * 8);
        xmm4 = addsd(xmm4, xmm1);
        edx = xmm6.pextrw(3);
        ecx = ((ecx as u32) >> 8) as i32;
        eax = ecx;
        ecx = ((ecx as u32) >> 1) as i32;
        eax -= ecx;
        ecx <<= 20;
        xmm6 = movd(ecx);
        xmm0 = pshufd(xmm4, 68);
        xmm1 = pshufd(xmm4, 68);
        xmm0 = mulpd(xmm0, xmm0);
        xmm7 = mulpd(xmm7, xmm1);
        xmm6 = pshufd(xmm6, 17);
        xmm2 = mulsd(xmm2, xmm4);
        edx &= 32767;
        if edx as u32 > 16529 {
            return self.l12();
        }
        xmm0 = mulsd(xmm0, xmm0);
        xmm5 = paddd(xmm5, xmm6);
        xmm3 = addpd(xmm3, xmm7);
        xmm2 = mulsd(xmm2, xmm5);
        xmm6 = pshufd(xmm5, 238);
        xmm0 = mulpd(xmm0, xmm3);
        xmm2 = addsd(xmm2, xmm6);
        xmm3 = pshufd(xmm0, 238);
        eax += 1023;
        eax <<= 20;
        eax |= self.tmp1;
        xmm4 = movd(eax);
        xmm0 = mulsd(xmm0, xmm5);
        xmm3 = mulsd(xmm3, xmm5);
        xmm0 = addsd(xmm0, xmm2);
        xmm4 = psllq(xmm4, 32);
        xmm0 = addsd(xmm0, xmm3);
        xmm1 = xmm0;
        xmm0 = addsd(xmm0, xmm5);
        xmm0 = mulsd(xmm0, xmm4);
        finish(xmm0, xmm1, xmm4, xmm5)
    }
}

/// The end of the scaled paths: a zero exponent field means a subnormal result, redone with one
/// rounding (L_2TAG_PACKET_13); an Inf stays (L_2TAG_PACKET_14).
fn finish(xmm0: X, xmm1: X, xmm4: X, xmm5: X) -> f64 {
    let eax = xmm0.pextrw(3) & 32752;
    if eax != 0 {
        return xmm0.f0();
    }
    // L_2TAG_PACKET_13
    let mut ecx = xmm5.pextrw(3);
    let mut edx = xmm4.pextrw(3);
    let mut eax: i32 = -1;
    ecx &= 32752;
    ecx -= 16368;
    edx &= 32752;
    edx += ecx;
    ecx = -31;
    edx >>= 4;
    ecx -= edx;
    if ecx > 0 {
        if ecx as u32 > 20 {
            return xmm0.f0(); // L_2TAG_PACKET_50
        }
        eax = ((eax as u32) << (ecx & 31)) as i32;
    }
    // L_2TAG_PACKET_49
    let mut xmm0 = movd(eax);
    xmm0 = psllq(xmm0, 32);
    xmm0 = pand(xmm0, xmm5);
    let mut xmm5 = subsd(xmm5, xmm0);
    xmm5 = addsd(xmm5, xmm1);
    xmm0 = mulsd(xmm0, xmm4);
    xmm5 = mulsd(xmm5, xmm4);
    xmm0 = addsd(xmm0, xmm5);
    xmm0.f0()
}
