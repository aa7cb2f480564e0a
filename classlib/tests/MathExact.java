// MathExact: the bits of java.lang.Math and java.lang.StrictMath on many inputs, for comparing
// two JVMs (HotSpot and gcvm) bit for bit.
//
// Every function gets N inputs (default 100,000; first argument) drawn by a seeded SplitMix64
// generator written here with long arithmetic only, so both JVMs draw the same inputs: random bit
// patterns, uniform values over ranges that matter for the function, values near multiples of
// pi/2 and near the function's thresholds, large arguments, subnormals, and special values with
// their neighbours. The bits of each result (Double.doubleToLongBits: every NaN counts as the one
// canonical NaN, because HotSpot itself gives different NaN payloads for the same call depending
// on whether the caller is interpreted or JIT-compiled, e.g. Math.floor becomes SSE4.1's roundsd
// in C2 but runs StrictMath.floor's Java code in the interpreter) are folded into one hash per
// block of 1,000 inputs, printed as
//     <function> <block> <hash>
// "MathExact <N> detail <function> <block>" prints that block input by input instead:
//     <function> <index> <x bits> <y bits> <result bits>
// so a harness can show the first inputs whose results differ.
public class MathExact {
    static final String[] NAMES = {
        "StrictMath.sin", "StrictMath.cos", "StrictMath.tan", "StrictMath.asin", "StrictMath.acos",
        "StrictMath.atan", "StrictMath.exp", "StrictMath.log", "StrictMath.log10", "StrictMath.log1p",
        "StrictMath.expm1", "StrictMath.sqrt", "StrictMath.cbrt", "StrictMath.sinh", "StrictMath.cosh",
        "StrictMath.tanh", "StrictMath.floor", "StrictMath.ceil", "StrictMath.rint",
        "StrictMath.atan2", "StrictMath.hypot", "StrictMath.pow", "StrictMath.IEEEremainder",
        "Math.sin", "Math.cos", "Math.tan", "Math.asin", "Math.acos", "Math.atan", "Math.exp",
        "Math.log", "Math.log10", "Math.log1p", "Math.expm1", "Math.sqrt", "Math.cbrt", "Math.sinh",
        "Math.cosh", "Math.tanh", "Math.floor", "Math.ceil", "Math.rint",
        "Math.atan2", "Math.hypot", "Math.pow", "Math.IEEEremainder", "Math.fma",
    };
    static final int BLOCK = 1000;
    static final double PIO2 = 1.5707963267948966;

    static double apply(int f, double x, double y, double z) {
        switch (f) {
            case 0: return StrictMath.sin(x);
            case 1: return StrictMath.cos(x);
            case 2: return StrictMath.tan(x);
            case 3: return StrictMath.asin(x);
            case 4: return StrictMath.acos(x);
            case 5: return StrictMath.atan(x);
            case 6: return StrictMath.exp(x);
            case 7: return StrictMath.log(x);
            case 8: return StrictMath.log10(x);
            case 9: return StrictMath.log1p(x);
            case 10: return StrictMath.expm1(x);
            case 11: return StrictMath.sqrt(x);
            case 12: return StrictMath.cbrt(x);
            case 13: return StrictMath.sinh(x);
            case 14: return StrictMath.cosh(x);
            case 15: return StrictMath.tanh(x);
            case 16: return StrictMath.floor(x);
            case 17: return StrictMath.ceil(x);
            case 18: return StrictMath.rint(x);
            case 19: return StrictMath.atan2(x, y);
            case 20: return StrictMath.hypot(x, y);
            case 21: return StrictMath.pow(x, y);
            case 22: return StrictMath.IEEEremainder(x, y);
            case 23: return Math.sin(x);
            case 24: return Math.cos(x);
            case 25: return Math.tan(x);
            case 26: return Math.asin(x);
            case 27: return Math.acos(x);
            case 28: return Math.atan(x);
            case 29: return Math.exp(x);
            case 30: return Math.log(x);
            case 31: return Math.log10(x);
            case 32: return Math.log1p(x);
            case 33: return Math.expm1(x);
            case 34: return Math.sqrt(x);
            case 35: return Math.cbrt(x);
            case 36: return Math.sinh(x);
            case 37: return Math.cosh(x);
            case 38: return Math.tanh(x);
            case 39: return Math.floor(x);
            case 40: return Math.ceil(x);
            case 41: return Math.rint(x);
            case 42: return Math.atan2(x, y);
            case 43: return Math.hypot(x, y);
            case 44: return Math.pow(x, y);
            case 45: return Math.IEEEremainder(x, y);
            default: return Math.fma(x, y, z);
        }
    }

    // ---- deterministic input generation (SplitMix64)
    static long state;

    static long next() {
        state += 0x9E3779B97F4A7C15L;
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static int below(int n) {
        return (int) ((next() >>> 33) % n);
    }

    static double unit() {
        return (next() >>> 11) * 0x1.0p-53;
    }

    static double uniform(double a, double b) {
        return a + (b - a) * unit();
    }

    /** A value with a random significand and sign and a biased exponent in [lo, hi]. */
    static double withExponent(int lo, int hi) {
        long e = lo + below(hi - lo + 1);
        long bits = (next() & 0x800FFFFFFFFFFFFFL) | (e << 52);
        return Double.longBitsToDouble(bits);
    }

    /** v moved by a random number of ulps in [-span, span]. */
    static double near(double v, int span) {
        long bits = Double.doubleToRawLongBits(v) + below(2 * span + 1) - span;
        return Double.longBitsToDouble(bits);
    }

    static final double[] SPECIALS = {
        0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, 10.0, -10.0, 1e-5, 100.0, 1000.0,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000123L),
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, Math.PI, -Math.PI, Math.E, PIO2, -PIO2, Math.PI / 4,
        709.782712893384, 709.7827128933840, -745.1332191019411, -708.3964185322641, 710.4758600739439,
        0.34657359027997264, 1.0397207708399179, 22.0, -22.0, 0x1.0p-28, 0x1.0p-27, 0x1.0p-54,
        0x1.0p-1022, 0x1.0p31, 0x1.0p52, 0x1.0p53, 0x1.0p63, 0x1.0p64, 0x1.0p1023, 0.9999999999999999,
        1.0000000000000002, 0.41421356237309503, -0.2928932188134524, 1.4142135623730951,
        0x1.921fb54442d18p19, 3.0e9, 1e300, -1e300, 1e-300, 2.5, -2.5, 1.5, -1.5, 4503599627370497.0,
    };

    static double special() {
        double v = SPECIALS[below(SPECIALS.length)];
        int r = below(4);
        if (r == 0 || Double.isNaN(v)) {
            return v;
        }
        return near(v, r == 1 ? 2 : 64);
    }

    /** A first argument for function f, by category (i mod 8). */
    static double argX(int f, int i) {
        int kind = f >= 23 ? f - 23 : f; // Math.* uses the same inputs as StrictMath.*
        if (kind == 23) {
            kind = 21; // fma: like pow's first argument
        }
        switch (i & 7) {
            case 0: return Double.longBitsToDouble(next());
            case 1: return special();
            case 2: return withExponent(1, 2046);
            case 3: return Double.longBitsToDouble(next() & 0x800FFFFFFFFFFFFFL); // subnormal
            default: break;
        }
        boolean wide = (i & 7) == 4;
        switch (kind) {
            case 0: case 1: case 2: // sin cos tan
                if ((i & 7) == 5) {
                    return near((below(2000001) - 1000000) * PIO2, below(3) == 0 ? 1 << 20 : 64);
                }
                if ((i & 7) == 6) {
                    return withExponent(1023 + 20, 1023 + 1023);
                }
                return wide ? uniform(-1e6, 1e6) : uniform(-7.0, 7.0);
            case 3: case 4: // asin acos
                if ((i & 7) == 5) {
                    return near(below(2) == 0 ? 1.0 : -1.0, 1 << 12);
                }
                if ((i & 7) == 6) {
                    return near(below(2) == 0 ? 0.5 : -0.5, 1 << 20);
                }
                return wide ? uniform(-1.0, 1.0) : uniform(-0.6, 0.6);
            case 5: case 19: // atan atan2
                if ((i & 7) == 5) {
                    return near(SPECIALS[2 + below(6)] * (below(2) == 0 ? 0.4375 : 2.4375), 1 << 10);
                }
                if ((i & 7) == 6) {
                    return withExponent(1023 - 40, 1023 + 70);
                }
                return wide ? uniform(-100.0, 100.0) : uniform(-3.0, 3.0);
            case 6: case 10: case 13: case 14: case 15: // exp expm1 sinh cosh tanh
                if ((i & 7) == 5) {
                    return near(below(2100) * 0.34657359027997264 - 745.0, 1 << 8);
                }
                if ((i & 7) == 6) {
                    return withExponent(1023 - 60, 1023 + 10);
                }
                return wide ? uniform(-746.0, 711.0) : uniform(-2.0, 2.0);
            case 7: case 8: case 9: // log log10 log1p
                if ((i & 7) == 5) {
                    return near(kind == 9 ? below(3) - 0.5 : 1.0, 1 << 16);
                }
                if ((i & 7) == 6) {
                    return Math.abs(withExponent(1, 2046));
                }
                return wide ? uniform(kind == 9 ? -1.0 : 0.0, 1e6) : uniform(kind == 9 ? -0.5 : 0.5, 2.0);
            case 11: case 12: // sqrt cbrt
                if ((i & 7) == 5) {
                    double k = below(100000);
                    return near(kind == 11 ? k * k : k * k * k, 4);
                }
                return wide ? uniform(-1e6, 1e6) : uniform(0.0, 10.0);
            case 16: case 17: case 18: // floor ceil rint
                if ((i & 7) == 5) {
                    return near((below(2000) - 1000) * 0.5, 2);
                }
                if ((i & 7) == 6) {
                    return withExponent(1023 + 40, 1023 + 60);
                }
                return wide ? uniform(-1e6, 1e6) : uniform(-4.0, 4.0);
            case 20: // hypot
                return wide ? uniform(-1e6, 1e6) : withExponent(1023 - 600, 1023 + 600);
            case 21: // pow
                if ((i & 7) == 5) {
                    return below(2) == 0 ? below(200) - 100 : near(1.0, 1 << 20);
                }
                if ((i & 7) == 6) {
                    return uniform(0.0, 10.0);
                }
                return wide ? uniform(-100.0, 100.0) : uniform(0.0, 2.0);
            default: // IEEEremainder
                return wide ? uniform(-1e6, 1e6) : withExponent(1023 - 100, 1023 + 100);
        }
    }

    /** A second argument, for the two-argument functions. */
    static double argY(int f, int i, double x) {
        int kind = f >= 23 ? f - 23 : f;
        switch ((i >>> 3) & 3) {
            case 0: return Double.longBitsToDouble(next());
            case 1: return special();
            default: break;
        }
        switch (kind) {
            case 19: // atan2
                return (i & 1) == 0 ? uniform(-3.0, 3.0) : x * near(uniform(-2.0, 2.0), 1);
            case 20: // hypot
                return (i & 1) == 0 ? x * withExponent(1023 - 64, 1023 + 64) : uniform(-10.0, 10.0);
            case 21: // pow
                if ((i & 7) == 5) {
                    return below(2) == 0 ? below(80) - 40 : uniform(-2e9, 2e9);
                }
                return (i & 1) == 0 ? uniform(-30.0, 30.0) : below(2) == 0 ? below(60) - 30 : uniform(-700.0, 700.0);
            case 22: // IEEEremainder
                return (i & 1) == 0 ? uniform(-10.0, 10.0) : x * withExponent(1023 - 60, 1023 + 5);
            default: // fma
                return (i & 1) == 0 ? uniform(-1e3, 1e3) : withExponent(1, 2046);
        }
    }

    static boolean binary(int f) {
        return (f >= 19 && f <= 22) || f >= 42;
    }

    static long mix(long h, long v) {
        h = (h ^ v) * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    static String hex(long v) {
        String s = Long.toHexString(v);
        return "0000000000000000".substring(s.length()) + s;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        String detailName = args.length > 2 ? args[2] : null;
        int detailBlock = args.length > 3 ? Integer.parseInt(args[3]) : -1;
        StringBuilder out = new StringBuilder();
        for (int f = 0; f < NAMES.length; f++) {
            boolean detail = NAMES[f].equals(detailName);
            if (detailName != null && !detail) {
                continue;
            }
            state = 0x5DEECE66DL * (f >= 23 ? f - 23 : f) + 11;
            long h = 0;
            for (int i = 0; i < n; i++) {
                double x = argX(f, i);
                double y = binary(f) ? argY(f, i, x) : 0.0;
                double z = f == 46 ? argY(f, i + 3, y) : 0.0;
                long r = Double.doubleToLongBits(apply(f, x, y, z));
                if (detail && i / BLOCK == detailBlock) {
                    out.append(NAMES[f]).append(' ').append(i).append(' ')
                        .append(hex(Double.doubleToRawLongBits(x))).append(' ')
                        .append(hex(Double.doubleToRawLongBits(y))).append(' ')
                        .append(hex(Double.doubleToRawLongBits(z))).append(' ')
                        .append(hex(r)).append('\n');
                }
                h = mix(h, r);
                if ((i + 1) % BLOCK == 0 || i + 1 == n) {
                    if (!detail) {
                        out.append(NAMES[f]).append(' ').append(i / BLOCK).append(' ').append(hex(h)).append('\n');
                    }
                    h = 0;
                }
            }
            System.out.print(out);
            out.setLength(0);
        }
    }
}
