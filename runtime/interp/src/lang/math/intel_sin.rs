//! java.lang.Math.sin as HotSpot computes it on x86_64 (JDK 17): the `fast_sin` stub of
//! src/hotspot/cpu/x86/macroAssembler_x86_sin.cpp (Intel LIBM, Copyright (c) 2016 Intel
//! Corporation, GPLv2 as part of OpenJDK), ported instruction by instruction onto `sse::X`
//! registers and 64-bit integer registers, with its own tables (`intel_tables`).
//!
//! Algorithm (from the stub's description): x = N*pi/32 + r with |r| <= pi/64, pi/32 split in
//! three parts (P_1 + P_2 + P_3); with B = (N mod 64)*pi/32 tabulated (Ctable: sin(B) in two
//! parts, cos(B) as a power of two plus a 53-bit rest), sin(B + r) is summed from high, medium,
//! polynomial and correction parts with compensated additions. |x| >= 2^16-ish first reduces x
//! modulo pi/4 with a multi-word product by 4/pi (PI_INV_TABLE) in integer arithmetic.
//! `reduce_large` and `ctable_tail` are shared with `intel_cos`.

use super::intel_tables::*;
use super::sse::*;

pub fn sin(x: f64) -> f64 {
    let xmm0 = X::sd(x);
    let mut eax = (x.to_bits() >> 32) as u32;
    eax &= 2147418112;
    let eax = eax.wrapping_sub(808452096);
    if eax > 281346048 {
        // L_2TAG_PACKET_0
        if (eax as i32) > 281346048 {
            return large(x, Quadrant::Sin);
        }
        if eax >> 20 == 3325 {
            return x * f64::from_bits(load_q(&ALL_ONES, 0));
        }
        return x; // L_2TAG_PACKET_2 leaves xmm0 as it was
    }
    let mut xmm1 = load_sd(&PI32INV_SIN, 0);
    xmm1 = mulsd(xmm1, xmm0);
    let mut xmm5 = load(&ONEHALF_SIN, 0);
    let mut xmm4 = load_sd(&SIGN_MASK_SIN, 0);
    xmm4 = pand(xmm4, xmm0);
    xmm5 = por(xmm5, xmm4);
    xmm1 = addpd(xmm1, xmm5);
    let mut edx = cvttsd2sil(xmm1);
    xmm1 = cvtsi2sdl(xmm1, edx);
    let mut xmm6 = load(&P_2_SIN, 0);
    let mut xmm3 = movq(0x3fb9_21fb_5440_0000);
    xmm5 = load(&SC_4_SIN, 0);
    xmm4 = pshufd(xmm0, 68);
    xmm3 = mulsd(xmm3, xmm1);
    xmm1 = movddup(xmm1);
    edx &= 63;
    edx <<= 5;
    let off = edx as usize;
    xmm6 = mulpd(xmm6, xmm1);
    xmm1 = mulsd(xmm1, load_sd(&P_3_SIN, 0));
    xmm4 = subsd(xmm4, xmm3);
    let mut xmm7 = load_sd(&CTABLE_SIN, off + 8);
    let mut xmm0 = subsd(xmm0, xmm3);
    xmm3 = movddup(xmm4);
    xmm4 = subsd(xmm4, xmm6);
    xmm0 = pshufd(xmm0, 68);
    let mut xmm2 = load(&CTABLE_SIN, off);
    xmm5 = mulpd(xmm5, xmm0);
    xmm0 = subpd(xmm0, xmm6);
    xmm7 = mulsd(xmm7, xmm4);
    xmm3 = subsd(xmm3, xmm4);
    xmm5 = mulpd(xmm5, xmm0);
    xmm0 = mulpd(xmm0, xmm0);
    xmm3 = subsd(xmm3, xmm6);
    xmm6 = load(&SC_2_SIN, 0);
    xmm1 = subsd(xmm1, xmm3);
    xmm3 = load_sd(&CTABLE_SIN, off + 24);
    xmm2 = addsd(xmm2, xmm3);
    xmm7 = subsd(xmm7, xmm2);
    ctable_tail(off, xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7)
}

/// Which function the large-argument path finishes: the quadrant offset added to the table index.
#[derive(Clone, Copy)]
pub(super) enum Quadrant {
    Sin,
    Cos,
}

/// L_2TAG_PACKET_1 (|x| large, Inf or NaN).
pub(super) fn large(x: f64, q: Quadrant) -> f64 {
    if X::sd(x).pextrw(3) & 32752 == 32752 {
        // L_2TAG_PACKET_3
        return x * f64::from_bits(load_q(&NEG_ZERO_SIN, 0));
    }
    let (xmm0, xmm6, eax) = reduce_large(x, &SIN_REDUCTION);
    // L_2TAG_PACKET_12
    let mut xmm1 = load_sd(&PI32INV_SIN, 0);
    xmm1 = mulsd(xmm1, xmm0);
    let mut xmm5 = load_sd(&ONEHALF_SIN, 0);
    let mut xmm4 = load_sd(&SIGN_MASK_SIN, 0);
    xmm4 = pand(xmm4, xmm0);
    xmm5 = por(xmm5, xmm4);
    xmm1 = addpd(xmm1, xmm5);
    let mut edx = cvttsd2sil(xmm1);
    xmm1 = cvtsi2sdl(xmm1, edx);
    let mut xmm3 = load_sd(&P_1_SIN, 0);
    let mut xmm2 = load(&P_2_SIN, 0);
    xmm3 = mulsd(xmm3, xmm1);
    xmm1 = unpcklpd(xmm1, xmm1);
    let eax = (eax as i32) << 3;
    edx = edx.wrapping_add(match q {
        Quadrant::Sin => 1865216,
        Quadrant::Cos => 1865232,
    });
    xmm4 = xmm0;
    edx = edx.wrapping_add(eax);
    edx &= 63;
    xmm5 = load(&SC_4_SIN, 0);
    edx <<= 5;
    let off = edx as usize;
    xmm2 = mulpd(xmm2, xmm1);
    let mut xmm0 = subsd(xmm0, xmm3);
    xmm1 = mulsd(xmm1, load_sd(&P_3_SIN, 0));
    xmm4 = subsd(xmm4, xmm3);
    let mut xmm7 = load_sd(&CTABLE_SIN, off + 8);
    xmm0 = unpcklpd(xmm0, xmm0);
    xmm3 = xmm4;
    xmm4 = subsd(xmm4, xmm2);
    xmm5 = mulpd(xmm5, xmm0);
    xmm0 = subpd(xmm0, xmm2);
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
    xmm1 = subsd(xmm1, xmm6);
    let xmm6 = load(&SC_2_SIN, 0);
    ctable_tail(off, xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7)
}

/// The summation shared by every path once the table entry at `off` is chosen.
#[allow(clippy::too_many_arguments)]
pub(super) fn ctable_tail(
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
    xmm5 = addsd(xmm5, xmm0);
    xmm3 = addsd(xmm3, xmm7);
    xmm1 = addsd(xmm1, xmm5);
    xmm1 = addsd(xmm1, xmm3);
    xmm1 = addsd(xmm1, xmm6);
    xmm6 = unpckhpd(xmm6, xmm6);
    xmm0 = xmm4;
    xmm1 = addsd(xmm1, xmm6);
    xmm0 = addsd(xmm0, xmm1);
    xmm0.f0()
}

#[inline(always)]
fn t32(byte_offset: u64) -> u64 {
    PI_INV_TABLE_SIN[(byte_offset / 4) as usize] as u64
}

#[inline(always)]
fn l32(v: u64) -> u64 {
    v & 0xffff_ffff
}

/// 0 - (hi:mid:lo) over three 64-bit words, as the stub's sub/sbb/sbb chain.
fn negate3(hi: u64, mid: u64, lo: u64, from_hi: u64) -> (u64, u64, u64) {
    let (r_lo, b1) = 0u64.overflowing_sub(lo);
    let (t, b2) = 0u64.overflowing_sub(mid);
    let (r_mid, b3) = t.overflowing_sub(b1 as u64);
    let (t, b4) = from_hi.overflowing_sub(hi);
    let (r_hi, _) = t.overflowing_sub((b2 || b3) as u64);
    let _ = b4;
    (r_hi, r_mid, r_lo)
}

/// The constants by which the sin/cos stubs' large-argument reduction and the tan stub's differ
/// (tan keeps one more bit of the quotient).
pub(super) struct Reduction {
    /// tan's L_5 branch is taken for a shift count below 0 (`notl`), sin's below 1 (`negl`).
    pub tan: bool,
    pub pi_4: &'static [u32],
}

pub(super) const SIN_REDUCTION: Reduction = Reduction {
    tan: false,
    pi_4: &PI_4_SIN,
};

/// The large-argument reduction (from L_2TAG_PACKET_1 to L_2TAG_PACKET_12): x times 4/pi in
/// multi-word integer arithmetic, giving the reduced argument (xmm0), its correction (xmm6) and
/// the octant count (eax).
pub(super) fn reduce_large(x: f64, p: &Reduction) -> (X, X, u32) {
    // sin/cos keep 29 bits of quotient and fraction in the top word, tan 30.
    let (keep_mask, half_bit, half_word, rdi_shift, edi_shift) = if p.tan {
        (1073741823u64, 536870912u64, 1073741824u32, 2, 30)
    } else {
        (536870911u64, 268435456u64, 536870912u32, 3, 29)
    };
    let top16 = X::sd(x).pextrw(3) as u64;
    let mut ecx = (((top16 & 32752) as u32).wrapping_sub(16224) >> 7) & 65532;
    let off = ecx as u64;
    let mut rax = x.to_bits();
    let mut r10 = t32(off + 20);
    let mut r8 = t32(off + 24);
    let mut rdx = l32(rax);
    rax >>= 21;
    rax = l32(rax) | 0x8000_0000;
    rax = l32(rax) >> 11;
    let mut r9 = r10;
    r10 = r10.wrapping_mul(rdx);
    r9 = r9.wrapping_mul(rax);
    r8 = r8.wrapping_mul(rax);
    let mut rsi = t32(off + 16);
    let mut rdi = t32(off + 12);
    let mut r11 = l32(r10);
    r10 >>= 32;
    r9 = r9.wrapping_add(r10);
    r11 = r11.wrapping_add(r8);
    r8 = l32(r11);
    r11 >>= 32;
    r9 = r9.wrapping_add(r11);
    r10 = l32(rsi);
    rsi = rsi.wrapping_mul(rdx);
    r10 = r10.wrapping_mul(rax);
    r11 = l32(rdi);
    rdi = rdi.wrapping_mul(rdx);
    let mut rbx = l32(rsi);
    rsi >>= 32;
    r9 = r9.wrapping_add(rbx);
    rbx = l32(r9);
    r9 >>= 32;
    r10 = r10.wrapping_add(rsi);
    r10 = r10.wrapping_add(r9);
    rbx <<= 32;
    r8 |= rbx;
    r11 = r11.wrapping_mul(rax);
    r9 = t32(off + 8);
    rsi = t32(off + 4);
    rbx = l32(rdi);
    rdi >>= 32;
    r10 = r10.wrapping_add(rbx);
    rbx = l32(r10);
    r10 >>= 32;
    r11 = r11.wrapping_add(rdi);
    r11 = r11.wrapping_add(r10);
    rdi = r9;
    r9 = r9.wrapping_mul(rdx);
    rdi = rdi.wrapping_mul(rax);
    r10 = l32(r9);
    r9 >>= 32;
    r11 = r11.wrapping_add(r10);
    r10 = l32(r11);
    r11 >>= 32;
    rdi = rdi.wrapping_add(r9);
    rdi = rdi.wrapping_add(r11);
    r9 = rsi;
    rsi = rsi.wrapping_mul(rdx);
    r9 = r9.wrapping_mul(rax);
    r10 <<= 32;
    r10 |= rbx;
    rax = t32(off);
    r11 = l32(rsi);
    rsi >>= 32;
    rdi = rdi.wrapping_add(r11);
    r11 = l32(rdi);
    rdi >>= 32;
    r9 = r9.wrapping_add(rsi);
    r9 = r9.wrapping_add(rdi);
    rdx = rdx.wrapping_mul(rax);
    let mut ebx = top16 as u32;
    ecx = (off as u32).wrapping_mul(8);
    ecx = ecx.wrapping_add(19);
    let esi = 32768 & ebx;
    ebx >>= 4;
    ebx &= 2047;
    ebx = ebx.wrapping_sub(1023);
    ecx = ecx.wrapping_sub(ebx);
    r9 = r9.wrapping_add(rdx);
    let mut edx = ecx.wrapping_add(32);
    let mut edi: u32;
    let ebx: u32;
    if (ecx as i32) < if p.tan { 0 } else { 1 } {
        // L_2TAG_PACKET_4 (tan: L_2TAG_PACKET_5)
        let cl = if p.tan { !ecx } else { ecx.wrapping_neg() };
        r9 <<= 32;
        r9 |= r11;
        r9 <<= cl & 63;
        rdi = r9;
        if r9 & 0x8000_0000 != 0 {
            // L_2TAG_PACKET_13
            r9 = (l32(r9) as u32 >> (cl & 31)) as u64;
            let rbx0 = 0x1_0000_0000u64 >> (cl & 63);
            let (h, m, l) = negate3(r9, r10, r8, rbx0);
            r8 = l;
            r10 = m;
            r9 = h;
            ebx = 32768;
            rdi >>= rdi_shift;
            edi = (l32(rdi) as u32).wrapping_add(half_word);
        } else {
            r9 = (l32(r9) as u32 >> (cl & 31)) as u64;
            ebx = 0;
            rdi >>= rdi_shift;
            edi = l32(rdi) as u32;
        }
    } else {
        let cl = 29u32.wrapping_sub(ecx);
        r9 = ((l32(r9) as u32) << (cl & 31)) as u64;
        edi = r9 as u32;
        r9 &= keep_mask;
        if r9 & half_bit != 0 {
            // L_2TAG_PACKET_5 (tan: L_2TAG_PACKET_6)
            r9 = (r9 as u32 >> (cl & 31)) as u64;
            let b = (half_word >> (cl & 31)) as u64;
            r9 <<= 32;
            r9 |= r11;
            let rbx0 = b << 32;
            edi = edi.wrapping_add(half_word);
            let (h, m, l) = negate3(r9, r10, r8, rbx0);
            r8 = l;
            r10 = m;
            r9 = h;
            ebx = 32768;
        } else {
            r9 = (r9 as u32 >> (cl & 31)) as u64;
            ebx = 0;
            r9 <<= 32;
            r9 |= r11;
        }
    }
    // L_2TAG_PACKET_7
    if r9 == 0 {
        // L_2TAG_PACKET_8
        edx = edx.wrapping_add(64);
        r9 = r10;
        r10 = r8;
        r8 = 0;
        if r9 == 0 {
            edx = edx.wrapping_add(64);
            r9 = r10;
            r10 = r8;
            if r9 == 0 && !p.tan {
                return (X(0, 0), X(0, 0), rax as u32);
            }
        }
    }
    // L_2TAG_PACKET_9 (tan jumps straight to L_2TAG_PACKET_12 when every word is zero)
    let r11b = 63 - r9.leading_zeros().min(63);
    let ecx = if r9 == 0 { 0 } else { 29i32 - r11b as i32 };
    if ecx > 0 {
        let c = ecx as u32;
        r9 <<= c & 63;
        let t = r10;
        r10 <<= c & 63;
        edx = edx.wrapping_add(c);
        let c2 = 64 - c;
        let t = t >> (c2 & 63);
        r8 >>= c2 & 63;
        r9 |= t;
        r10 |= r8;
    } else if ecx < 0 {
        // L_2TAG_PACKET_10
        let c = (-ecx) as u32;
        r10 >>= c & 63;
        let t = r9;
        r9 >>= c & 63;
        edx = edx.wrapping_sub(c);
        let c2 = 64 - c;
        let t = t << (c2 & 63);
        r10 |= t;
    }
    // L_2TAG_PACKET_11
    let mut xmm0 = X((r9 as i64 as f64).to_bits(), 0);
    r10 >>= 1;
    let mut xmm3 = X((r10 as i64 as f64).to_bits(), 0);
    let mut e = edx << 4;
    e = e.wrapping_neg();
    e = e.wrapping_add(16368);
    e |= esi;
    e ^= ebx;
    let xmm4 = X(0, 0).pinsrw(e as i32, 3);
    let xmm2 = load_sd(p.pi_4, 0);
    let mut xmm6 = load_sd(p.pi_4, 8);
    e = e.wrapping_sub(1008);
    let xmm5 = X(0, 0).pinsrw(e as i32, 3);
    xmm0 = mulsd(xmm0, xmm4);
    let esi = (((esi << 16) as i32) >> 31) as u32;
    xmm3 = mulsd(xmm3, xmm5);
    let mut xmm1 = xmm0;
    xmm0 = mulsd(xmm0, xmm2);
    let mut edi = edi >> edi_shift;
    xmm1 = addsd(xmm1, xmm3);
    xmm3 = mulsd(xmm3, xmm2);
    edi = edi.wrapping_add(esi);
    edi ^= esi;
    xmm6 = mulsd(xmm6, xmm1);
    xmm6 = addsd(xmm6, xmm3);
    let mut xmm2 = xmm0;
    xmm0 = addsd(xmm0, xmm6);
    xmm2 = subsd(xmm2, xmm0);
    xmm6 = addsd(xmm6, xmm2);
    (xmm0, xmm6, edi)
}
