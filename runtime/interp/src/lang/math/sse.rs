//! A 128-bit SSE register as two 64-bit lanes, with the handful of SSE2 operations HotSpot's
//! x86_64 math stubs use, so that the stubs can be ported instruction by instruction (`math::
//! intel_*`). Lane 0 is the low quadword (the scalar lane of `*sd` instructions). Double
//! arithmetic is Rust's f64 arithmetic, which on x86_64 is SSE2's: round to nearest even, no
//! flush-to-zero — the state HotSpot runs the stubs in.

#![allow(dead_code)]

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct X(pub u64, pub u64);

#[inline(always)]
fn d(v: u64) -> f64 {
    f64::from_bits(v)
}

#[inline(always)]
fn b(v: f64) -> u64 {
    v.to_bits()
}

/// The 16 bytes at `byte_offset` of a table of 32-bit words (movdqu from memory).
#[inline(always)]
pub fn load(t: &[u32], byte_offset: usize) -> X {
    let i = byte_offset / 4;
    X(
        t[i] as u64 | (t[i + 1] as u64) << 32,
        t[i + 2] as u64 | (t[i + 3] as u64) << 32,
    )
}

/// The 8 bytes at `byte_offset` of a table as a double (movsd/movq from memory).
#[inline(always)]
pub fn load_q(t: &[u32], byte_offset: usize) -> u64 {
    let i = byte_offset / 4;
    t[i] as u64 | (t[i + 1] as u64) << 32
}

/// movsd/movq xmm, m64: the low lane loaded, the high lane cleared.
#[inline(always)]
pub fn load_sd(t: &[u32], byte_offset: usize) -> X {
    X(load_q(t, byte_offset), 0)
}

impl X {
    #[inline(always)]
    pub fn sd(v: f64) -> X {
        X(b(v), 0)
    }
    #[inline(always)]
    pub fn f0(self) -> f64 {
        d(self.0)
    }
    #[inline(always)]
    pub fn f1(self) -> f64 {
        d(self.1)
    }
    /// pextrw r, xmm, i: the i-th 16-bit word.
    #[inline(always)]
    pub fn pextrw(self, i: u32) -> i32 {
        let q = if i < 4 { self.0 } else { self.1 };
        ((q >> ((i % 4) * 16)) & 0xffff) as i32
    }
    /// pinsrw xmm, r, i
    #[inline(always)]
    pub fn pinsrw(self, v: i32, i: u32) -> X {
        let sh = (i % 4) * 16;
        let m = !(0xffffu64 << sh);
        let w = ((v as u32 as u64) & 0xffff) << sh;
        if i < 4 {
            X((self.0 & m) | w, self.1)
        } else {
            X(self.0, (self.1 & m) | w)
        }
    }
    /// movd r32, xmm: the low 32 bits.
    #[inline(always)]
    pub fn movd(self) -> i32 {
        self.0 as u32 as i32
    }
    /// movq r64, xmm
    #[inline(always)]
    pub fn movq(self) -> i64 {
        self.0 as i64
    }
}

/// movd xmm, r32: low 32 bits set, everything else cleared.
#[inline(always)]
pub fn movd(v: i32) -> X {
    X(v as u32 as u64, 0)
}

/// movq xmm, r64
#[inline(always)]
pub fn movq(v: i64) -> X {
    X(v as u64, 0)
}

/// movsd xmm, xmm: the low lane of `s` into `dst`, `dst`'s high lane kept.
#[inline(always)]
pub fn movsd(dst: X, s: X) -> X {
    X(s.0, dst.1)
}

#[inline(always)]
pub fn addpd(a: X, c: X) -> X {
    X(b(d(a.0) + d(c.0)), b(d(a.1) + d(c.1)))
}
#[inline(always)]
pub fn subpd(a: X, c: X) -> X {
    X(b(d(a.0) - d(c.0)), b(d(a.1) - d(c.1)))
}
#[inline(always)]
pub fn mulpd(a: X, c: X) -> X {
    X(b(d(a.0) * d(c.0)), b(d(a.1) * d(c.1)))
}
#[inline(always)]
pub fn divpd(a: X, c: X) -> X {
    X(b(d(a.0) / d(c.0)), b(d(a.1) / d(c.1)))
}
#[inline(always)]
pub fn addsd(a: X, c: X) -> X {
    X(b(d(a.0) + d(c.0)), a.1)
}
#[inline(always)]
pub fn subsd(a: X, c: X) -> X {
    X(b(d(a.0) - d(c.0)), a.1)
}
#[inline(always)]
pub fn mulsd(a: X, c: X) -> X {
    X(b(d(a.0) * d(c.0)), a.1)
}
#[inline(always)]
pub fn divsd(a: X, c: X) -> X {
    X(b(d(a.0) / d(c.0)), a.1)
}
#[inline(always)]
pub fn sqrtsd(a: X, c: X) -> X {
    X(b(d(c.0).sqrt()), a.1)
}
#[inline(always)]
pub fn pand(a: X, c: X) -> X {
    X(a.0 & c.0, a.1 & c.1)
}
#[inline(always)]
pub fn pandn(a: X, c: X) -> X {
    X(!a.0 & c.0, !a.1 & c.1)
}
#[inline(always)]
pub fn por(a: X, c: X) -> X {
    X(a.0 | c.0, a.1 | c.1)
}
#[inline(always)]
pub fn pxor(a: X, c: X) -> X {
    X(a.0 ^ c.0, a.1 ^ c.1)
}
#[inline(always)]
pub fn paddq(a: X, c: X) -> X {
    X(a.0.wrapping_add(c.0), a.1.wrapping_add(c.1))
}
#[inline(always)]
pub fn psubq(a: X, c: X) -> X {
    X(a.0.wrapping_sub(c.0), a.1.wrapping_sub(c.1))
}
#[inline(always)]
fn dwords(q: u64, f: impl Fn(u32, u32) -> u32, r: u64) -> u64 {
    let lo = f(q as u32, r as u32);
    let hi = f((q >> 32) as u32, (r >> 32) as u32);
    lo as u64 | (hi as u64) << 32
}
#[inline(always)]
pub fn paddd(a: X, c: X) -> X {
    X(
        dwords(a.0, u32::wrapping_add, c.0),
        dwords(a.1, u32::wrapping_add, c.1),
    )
}
#[inline(always)]
pub fn psubd(a: X, c: X) -> X {
    X(
        dwords(a.0, u32::wrapping_sub, c.0),
        dwords(a.1, u32::wrapping_sub, c.1),
    )
}
#[inline(always)]
pub fn psllq(a: X, n: u32) -> X {
    if n > 63 {
        X(0, 0)
    } else {
        X(a.0 << n, a.1 << n)
    }
}
/// psllq xmm, xmm: the shift count is the whole low quadword of `n`.
#[inline(always)]
pub fn psllq_x(a: X, n: X) -> X {
    if n.0 > 63 {
        X(0, 0)
    } else {
        psllq(a, n.0 as u32)
    }
}
#[inline(always)]
pub fn psrlq(a: X, n: u32) -> X {
    if n > 63 {
        X(0, 0)
    } else {
        X(a.0 >> n, a.1 >> n)
    }
}
#[inline(always)]
pub fn psrlq_x(a: X, n: X) -> X {
    if n.0 > 63 {
        X(0, 0)
    } else {
        psrlq(a, n.0 as u32)
    }
}
#[inline(always)]
pub fn psrad(a: X, n: u32) -> X {
    let n = n.min(31);
    let f = |v: u32, _: u32| ((v as i32) >> n) as u32;
    X(dwords(a.0, f, 0), dwords(a.1, f, 0))
}
#[inline(always)]
pub fn psrld(a: X, n: u32) -> X {
    if n > 31 {
        return X(0, 0);
    }
    let f = |v: u32, _: u32| v >> n;
    X(dwords(a.0, f, 0), dwords(a.1, f, 0))
}
#[inline(always)]
pub fn pslld(a: X, n: u32) -> X {
    if n > 31 {
        return X(0, 0);
    }
    let f = |v: u32, _: u32| v << n;
    X(dwords(a.0, f, 0), dwords(a.1, f, 0))
}
/// pshufd: dword i of the result is dword (imm >> 2i) & 3 of `a`.
#[inline(always)]
pub fn pshufd(a: X, imm: u32) -> X {
    let w = [
        a.0 as u32,
        (a.0 >> 32) as u32,
        a.1 as u32,
        (a.1 >> 32) as u32,
    ];
    let s = |i: u32| w[((imm >> (2 * i)) & 3) as usize] as u64;
    X(s(0) | s(1) << 32, s(2) | s(3) << 32)
}
#[inline(always)]
pub fn unpcklpd(a: X, c: X) -> X {
    X(a.0, c.0)
}
#[inline(always)]
pub fn unpckhpd(a: X, c: X) -> X {
    X(a.1, c.1)
}
/// cvtsi2sd xmm, r32
#[inline(always)]
pub fn cvtsi2sdl(a: X, v: i32) -> X {
    X(b(v as f64), a.1)
}
/// cvttsd2si r32, xmm (truncating; out of range gives the "integer indefinite" 0x80000000)
#[inline(always)]
pub fn cvttsd2sil(a: X) -> i32 {
    let v = a.f0();
    if v.is_nan() || v >= 2147483648.0 || v <= -2147483649.0 {
        i32::MIN
    } else {
        v as i32
    }
}
/// cvtsd2si r32, xmm (round to nearest even)
#[inline(always)]
pub fn cvtsd2sil(a: X) -> i32 {
    let v = a.f0().round_ties_even();
    if v.is_nan() || !(-2147483648.0..2147483648.0).contains(&v) {
        i32::MIN
    } else {
        v as i32
    }
}

/// movddup: the low lane in both lanes.
#[inline(always)]
pub fn movddup(a: X) -> X {
    X(a.0, a.0)
}

/// rcpps: the CPU's own approximate reciprocal of each of the four floats. HotSpot's log stubs
/// use it, and its last bits are the processor's (Intel and AMD differ), so on x86_64 this runs
/// the instruction itself, giving what HotSpot gives on the same machine.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn rcpps(a: X) -> X {
    let w = [
        a.0 as u32,
        (a.0 >> 32) as u32,
        a.1 as u32,
        (a.1 >> 32) as u32,
    ];
    let r = safe_arch::reciprocal_m128(safe_arch::m128::from_bits(w)).to_bits();
    X(
        r[0] as u64 | (r[1] as u64) << 32,
        r[2] as u64 | (r[3] as u64) << 32,
    )
}

/// rcpps elsewhere: 1/v rounded to float and cut to the 12 bits the instruction guarantees
/// (HotSpot runs these stubs on x86_64 only, so there is no bit pattern to match here).
#[cfg(not(target_arch = "x86_64"))]
pub fn rcpps(a: X) -> X {
    let f = |w: u32| -> u32 {
        let v = f32::from_bits(w);
        let r = if v.is_subnormal() {
            f32::INFINITY.copysign(v)
        } else {
            1.0 / v
        };
        r.to_bits() & 0xffff_f000
    };
    let q = |v: u64| f(v as u32) as u64 | (f((v >> 32) as u32) as u64) << 32;
    X(q(a.0), q(a.1))
}

/// mulss: the low floats multiplied, the other three dwords of `a` kept.
#[inline(always)]
pub fn mulss(a: X, c: X) -> X {
    let p = f32::from_bits(a.0 as u32) * f32::from_bits(c.0 as u32);
    X((a.0 & 0xffff_ffff_0000_0000) | p.to_bits() as u64, a.1)
}

/// cvttpd2dq then cvtdq2pd: each lane truncated to a 32-bit integer (0x80000000 when out of
/// range) and back to a double.
#[inline(always)]
pub fn trunc_pd(a: X) -> X {
    let t = |v: u64| -> u64 {
        let i = cvttsd2sil(X(v, 0));
        (i as f64).to_bits()
    };
    X(t(a.0), t(a.1))
}
