//! fdlibm: cbrt, hypot, pow and IEEEremainder (see mod.rs).

use super::*;

// ---------------------------------------------------------------- cbrt, hypot, pow

pub fn cbrt(x: f64) -> f64 {
    const B1: i32 = 715094163;
    const B2: i32 = 696219795;
    const C: f64 = 5.42857142857142815906e-01;
    const D: f64 = -7.05306122448979611050e-01;
    const E: f64 = 1.41428571428571436819e+00;
    const F: f64 = 1.60714285714285720630e+00;
    const G: f64 = 3.57142857142857150787e-01;
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let mut t = 0.0f64;
    if x < f64::MIN_POSITIVE {
        t = TWO54;
        t *= x;
        t = with_hi(t, hi(t) / 3 + B2);
    } else {
        t = with_hi(t, hi(x) / 3 + B1);
    }
    let r = t * t / x;
    let s = C + r * t;
    t *= G + F / (s + E + D / s);
    t = with_lo(t, 0);
    t = with_hi(t, hi(t) + 1);
    let s = t * t;
    let r = x / s;
    let w = t + t;
    let r = (r - t) / (w + r);
    let t = t + t * r;
    sign * t
}

pub fn hypot(x: f64, y: f64) -> f64 {
    const TWO_MINUS_600: f64 = 2.409919865102884e-181; // 0x1.0p-600
    const TWO_PLUS_600: f64 = 4.149515568880993e180; // 0x1.0p+600
    let mut a = x.abs();
    let mut b = y.abs();
    if !a.is_finite() || !b.is_finite() {
        if a == f64::INFINITY || b == f64::INFINITY {
            return f64::INFINITY;
        }
        return a + b;
    }
    if b > a {
        std::mem::swap(&mut a, &mut b);
    }
    let mut ha = hi(a);
    let mut hb = hi(b);
    if ha - hb > 0x3c0_0000 {
        return a + b;
    }
    let mut k = 0;
    if a > f64::from_bits(0x5f30_0000_ffff_ffff) {
        ha -= 0x2580_0000;
        hb -= 0x2580_0000;
        a *= TWO_MINUS_600;
        b *= TWO_MINUS_600;
        k += 600;
    }
    if b < f64::from_bits(0x20b0_0000_0000_0000) {
        if b < f64::MIN_POSITIVE {
            if b == 0.0 {
                return a;
            }
            let t1 = f64::from_bits(0x7fd0_0000_0000_0000); // 2^1022
            b *= t1;
            a *= t1;
            k -= 1022;
        } else {
            ha += 0x2580_0000;
            hb += 0x2580_0000;
            a *= TWO_PLUS_600;
            b *= TWO_PLUS_600;
            k -= 600;
        }
    }
    let mut w = a - b;
    if w > b {
        let t1 = from_words(ha, 0);
        let t2 = a - t1;
        w = (t1 * t1 - (b * (-b) - t2 * (a + t1))).sqrt();
    } else {
        a += a;
        let y1 = from_words(hb, 0);
        let y2 = b - y1;
        let t1 = from_words(ha + 0x0010_0000, 0);
        let t2 = a - t1;
        w = (t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b))).sqrt();
    }
    if k != 0 {
        f64::from_bits(((0x3ff + k) as u64) << 52) * w
    } else {
        w
    }
}

pub fn pow(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        return 1.0;
    }
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    let y_abs = y.abs();
    let mut x_abs = x.abs();
    if y == 2.0 {
        return x * x;
    } else if y == 0.5 {
        if x >= -f64::MAX {
            return (x + 0.0).sqrt();
        }
    } else if y_abs == 1.0 {
        return if y == 1.0 { x } else { 1.0 / x };
    } else if y_abs == f64::INFINITY {
        if x_abs == 1.0 {
            return y - y;
        } else if x_abs > 1.0 {
            return if y >= 0.0 { y } else { 0.0 };
        } else {
            return if y < 0.0 { -y } else { 0.0 };
        }
    }
    let hx = hi(x);
    let mut ix = hx & 0x7fff_ffff;
    let mut y_is_int = 0;
    if hx < 0 {
        if y_abs >= 9007199254740992.0 {
            y_is_int = 2;
        } else if y_abs >= 1.0 {
            let l = y_abs as i64;
            if l as f64 == y_abs {
                y_is_int = 2 - (l & 1) as i32;
            }
        }
    }
    if x_abs == 0.0 || x_abs == f64::INFINITY || x_abs == 1.0 {
        let mut z = x_abs;
        if y < 0.0 {
            z = 1.0 / z;
        }
        if hx < 0 {
            if ((ix - 0x3ff0_0000) | y_is_int) == 0 {
                z = (z - z) / (z - z);
            } else if y_is_int == 1 {
                z = -1.0 * z;
            }
        }
        return z;
    }
    let mut n = (hx >> 31) + 1;
    if (n | y_is_int) == 0 {
        return (x - x) / (x - x);
    }
    let mut s = 1.0;
    if (n | (y_is_int - 1)) == 0 {
        s = -1.0;
    }
    let (t1, t2);
    if y_abs > f64::from_bits(0x41e0_0000_ffff_ffff) {
        const INV_LN2: f64 = 1.44269504088896338700e+00;
        const INV_LN2_H: f64 = 1.44269502162933349609e+00;
        const INV_LN2_L: f64 = 1.92596299112661746887e-08;
        if x_abs < f64::from_bits(0x3fef_ffff_0000_0000) {
            return if y < 0.0 { s * f64::INFINITY } else { s * 0.0 };
        }
        if x_abs > f64::from_bits(0x3ff0_0000_ffff_ffff) {
            return if y > 0.0 { s * f64::INFINITY } else { s * 0.0 };
        }
        let t = x_abs - 1.0;
        let w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
        let u = INV_LN2_H * t;
        let v = t * INV_LN2_L - w * INV_LN2;
        let a = with_lo(u + v, 0);
        t1 = a;
        t2 = v - (a - u);
    } else {
        const CP: f64 = 9.61796693925975554329e-01;
        const CP_H: f64 = 9.61796700954437255859e-01;
        const CP_L: f64 = -7.02846165095275826516e-09;
        const DP_H1: f64 = 5.84962487220764160156e-01;
        const DP_L1: f64 = 1.35003920212974897128e-08;
        const L1: f64 = 5.99999999999994648725e-01;
        const L2: f64 = 4.28571428578550184252e-01;
        const L3: f64 = 3.33333329818377432918e-01;
        const L4: f64 = 2.72728123808534006489e-01;
        const L5: f64 = 2.30660745775561754067e-01;
        const L6: f64 = 2.06975017800338417784e-01;
        n = 0;
        if ix < 0x0010_0000 {
            x_abs *= 9007199254740992.0;
            n -= 53;
            ix = hi(x_abs);
        }
        n += (ix >> 20) - 0x3ff;
        let j = ix & 0x000f_ffff;
        ix = j | 0x3ff0_0000;
        let k;
        if j <= 0x3988E {
            k = 0;
        } else if j < 0xBB67A {
            k = 1;
        } else {
            k = 0;
            n += 1;
            ix -= 0x0010_0000;
        }
        x_abs = with_hi(x_abs, ix);
        let bp_k = 1.0 + 0.5 * k as f64;
        let u = x_abs - bp_k;
        let v = 1.0 / (x_abs + bp_k);
        let ss = u * v;
        let s_h = with_lo(ss, 0);
        let t_h = from_words(((ix >> 1) | 0x2000_0000) + 0x0008_0000 + (k << 18), 0);
        let t_l = x_abs - (t_h - bp_k);
        let s_l = v * ((u - s_h * t_h) - s_h * t_l);
        let mut s2 = ss * ss;
        let mut r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        let t_h = with_lo(3.0 + s2 + r, 0);
        let t_l = r - ((t_h - 3.0) - s2);
        let u = s_h * t_h;
        let v = s_l * t_h + t_l * ss;
        let p_h = with_lo(u + v, 0);
        let p_l = v - (p_h - u);
        let z_h = CP_H * p_h;
        let z_l = CP_L * p_h + p_l * CP + DP_L1 * k as f64;
        let t = n as f64;
        let a = with_lo(((z_h + z_l) + DP_H1 * k as f64) + t, 0);
        t1 = a;
        t2 = z_l - (((a - t) - DP_H1 * k as f64) - z_h);
    }
    let y1 = with_lo(y, 0);
    let p_l = (y - y1) * t1 + y * t2;
    let mut p_h = y1 * t1;
    let z = p_l + p_h;
    let j = hi(z);
    let i = lo(z) as i32;
    if j >= 0x4090_0000 {
        if ((j - 0x4090_0000) | i) != 0 {
            return s * f64::INFINITY;
        }
        const OVT: f64 = 8.0085662595372944372e-0017;
        if p_l + OVT > z - p_h {
            return s * f64::INFINITY;
        }
    } else if (j & 0x7fff_ffff) >= 0x4090_cc00 {
        if ((j.wrapping_sub(0xc090_cc00u32 as i32)) | i) != 0 {
            return s * 0.0;
        }
        if p_l <= z - p_h {
            return s * 0.0;
        }
    }
    const LG2: f64 = 6.93147180559945286227e-01;
    const LG2_H: f64 = 6.93147182464599609375e-01;
    const LG2_L: f64 = -1.90465429995776804525e-09;
    let i = j & 0x7fff_ffff;
    let mut k = (i >> 20) - 0x3ff;
    let mut n = 0;
    if i > 0x3fe0_0000 {
        n = j + (0x0010_0000 >> (k + 1));
        k = ((n & 0x7fff_ffff) >> 20) - 0x3ff;
        let t = from_words(n & !(0x000f_ffff >> k), 0);
        n = ((n & 0x000f_ffff) | 0x0010_0000) >> (20 - k);
        if j < 0 {
            n = -n;
        }
        p_h -= t;
    }
    let t = with_lo(p_l + p_h, 0);
    let u = t * LG2_H;
    let v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
    let mut z = u + v;
    let w = v - (z - u);
    let t = z * z;
    let t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    let r = (z * t1) / (t1 - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    let j = hi(z).wrapping_add(n << 20);
    if (j >> 20) <= 0 {
        z = scalbn(z, n);
    } else {
        z = with_hi(z, hi(z).wrapping_add(n << 20));
    }
    s * z
}

// ---------------------------------------------------------------- IEEEremainder

pub fn ieee_remainder(x: f64, p: f64) -> f64 {
    let mut hx = hi(x);
    let lx = lo(x);
    let mut hp = hi(p);
    let lp = lo(p);
    let sx = (hx as u32) & 0x8000_0000;
    hp &= 0x7fff_ffff;
    hx &= 0x7fff_ffff;
    if (hp as u32 | lp) == 0 {
        return (x * p) / (x * p);
    }
    if hx >= 0x7ff0_0000 || (hp >= 0x7ff0_0000 && ((hp - 0x7ff0_0000) as u32 | lp) != 0) {
        return (x * p) / (x * p);
    }
    let mut x = x;
    let mut p = p;
    if hp <= 0x7fdf_ffff {
        x = fmod(x, p + p);
    }
    if ((hx - hp) as u32 | lx.wrapping_sub(lp)) == 0 {
        return 0.0 * x;
    }
    x = x.abs();
    p = p.abs();
    if hp < 0x0020_0000 {
        if x + x > p {
            x -= p;
            if x + x >= p {
                x -= p;
            }
        }
    } else {
        let p_half = 0.5 * p;
        if x > p_half {
            x -= p;
            if x >= p_half {
                x -= p;
            }
        }
    }
    with_hi(x, hi(x) ^ sx as i32)
}

/// fdlibm's `__ieee754_fmod`, exact by construction.
pub(super) fn fmod(x: f64, y: f64) -> f64 {
    let mut hx = hi(x);
    let mut lx = lo(x);
    let mut hy = hi(y);
    let mut ly = lo(y);
    let sx = hx & (0x8000_0000u32 as i32);
    hx ^= sx;
    hy &= 0x7fff_ffff;
    let signed_zero = || if sx != 0 { -0.0 } else { 0.0 };
    if (hy as u32 | ly) == 0
        || hx >= 0x7ff0_0000
        || (hy as u32 | ((ly | ly.wrapping_neg()) >> 31)) > 0x7ff0_0000
    {
        return (x * y) / (x * y);
    }
    if hx <= hy {
        if hx < hy || lx < ly {
            return x;
        }
        if lx == ly {
            return signed_zero();
        }
    }
    let ilogb = |hz: i32, lz: u32| -> i32 {
        if hz < 0x0010_0000 {
            let mut iz;
            if hz == 0 {
                iz = -1043;
                let mut i = lz as i32;
                while i > 0 {
                    iz -= 1;
                    i <<= 1;
                }
            } else {
                iz = -1022;
                let mut i = hz << 11;
                while i > 0 {
                    iz -= 1;
                    i <<= 1;
                }
            }
            iz
        } else {
            (hz >> 20) - 1023
        }
    };
    let ix = ilogb(hx, lx);
    let mut iy = ilogb(hy, ly);
    if ix >= -1022 {
        hx = 0x0010_0000 | (0x000f_ffff & hx);
    } else {
        let n = -1022 - ix;
        if n <= 31 {
            hx = (hx << n) | (lx >> (32 - n)) as i32;
            lx <<= n;
        } else {
            hx = (lx << (n - 32)) as i32;
            lx = 0;
        }
    }
    if iy >= -1022 {
        hy = 0x0010_0000 | (0x000f_ffff & hy);
    } else {
        let n = -1022 - iy;
        if n <= 31 {
            hy = (hy << n) | (ly >> (32 - n)) as i32;
            ly <<= n;
        } else {
            hy = (ly << (n - 32)) as i32;
            ly = 0;
        }
    }
    let mut n = ix - iy;
    while n != 0 {
        n -= 1;
        let mut hz = hx.wrapping_sub(hy);
        let lz = lx.wrapping_sub(ly);
        if lx < ly {
            hz -= 1;
        }
        if hz < 0 {
            hx = hx + hx + (lx >> 31) as i32;
            lx = lx.wrapping_add(lx);
        } else {
            if (hz as u32 | lz) == 0 {
                return signed_zero();
            }
            hx = hz + hz + (lz >> 31) as i32;
            lx = lz.wrapping_add(lz);
        }
    }
    let mut hz = hx.wrapping_sub(hy);
    let lz = lx.wrapping_sub(ly);
    if lx < ly {
        hz -= 1;
    }
    if hz >= 0 {
        hx = hz;
        lx = lz;
    }
    if (hx as u32 | lx) == 0 {
        return signed_zero();
    }
    while hx < 0x0010_0000 {
        hx = hx + hx + (lx >> 31) as i32;
        lx = lx.wrapping_add(lx);
        iy -= 1;
    }
    if iy >= -1022 {
        hx = (hx - 0x0010_0000) | ((iy + 1023) << 20);
        from_words(hx | sx, lx)
    } else {
        let n = -1022 - iy;
        if n <= 20 {
            lx = (lx >> n) | ((hx as u32) << (32 - n));
            hx >>= n;
        } else if n <= 31 {
            lx = ((hx as u32) << (32 - n)) | (lx >> n);
            hx = sx;
        } else {
            lx = (hx >> (n - 32)) as u32;
            hx = sx;
        }
        from_words(hx | sx, lx) * 1.0
    }
}
