import java.math.*;
import java.util.Arrays;
import java.util.Random;

/**
 * java.math check: run.sh compiles this once as it is (the JDK's BigInteger/BigDecimal) and once
 * with the import rewritten to cltest.math (the classlib's copies), runs both on HotSpot and
 * diffs the outputs. Seeded random inputs of mixed sizes (zero, negative, word-boundary patterns,
 * hundreds of digits, huge and tiny scales), every operation's result or exception
 * (class and message). Long results print as length, hash and ends.
 */
public class MathCheck {
    static final Random R = new Random(20261202L);
    /** The largest probablePrime drawn (third argument; gcvm's test keeps it small for time). */
    static int maxPrimeBits = 1024;
    static final StringBuilder OUT = new StringBuilder();
    static long lines;

    interface Op {
        Object run();
    }

    static String show(Object o) {
        if (o instanceof Object[]) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : (Object[]) o) {
                sb.append(show(x)).append(';');
            }
            return sb.append(']').toString();
        }
        if (o instanceof byte[]) {
            return show(Arrays.toString((byte[]) o));
        }
        if (o instanceof Double) {
            double d = (Double) o;
            return d + "/" + Long.toHexString(Double.doubleToRawLongBits(d));
        }
        if (o instanceof Float) {
            float f = (Float) o;
            return f + "/" + Integer.toHexString(Float.floatToRawIntBits(f));
        }
        String s = String.valueOf(o);
        if (s.length() > 120) {
            return "len=" + s.length() + " hash=" + s.hashCode() + " " + s.substring(0, 20) + ".."
                    + s.substring(s.length() - 20);
        }
        return s;
    }

    static void p(String label, Op op) {
        String r;
        try {
            r = show(op.run());
        } catch (ArithmeticException | IllegalArgumentException
                | NullPointerException | IndexOutOfBoundsException e) {
            r = "!" + e.getClass().getName() + ": " + e.getMessage();
        }
        OUT.append(label).append(' ').append(r).append('\n');
        lines++;
        if (OUT.length() > 1 << 16) {
            System.out.print(OUT);
            OUT.setLength(0);
        }
    }

    // ---- generators ----

    static final String[] SPECIAL = {"0", "1", "-1", "2", "-2", "10", "4294967295", "4294967296",
        "-4294967296", "2147483647", "-2147483648", "2147483648", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "340282366920938463463374607431768211455",
        "1000000000", "999999999", "1000000000000000000", "-1000000000000000000000"};

    static String digits(int n) {
        StringBuilder sb = new StringBuilder();
        sb.append((char) ('1' + R.nextInt(9)));
        for (int i = 1; i < n; i++) {
            sb.append((char) ('0' + R.nextInt(10)));
        }
        return sb.toString();
    }

    /** Hex words from patterns that stress carries and Knuth D's corrections. */
    static String patternHex(int words) {
        String[] pats = {"00000000", "ffffffff", "80000000", "7fffffff", "00000001", "fffffffe"};
        StringBuilder sb = new StringBuilder("1");
        for (int i = 0; i < words; i++) {
            if (R.nextInt(3) == 0) {
                sb.append(String.format("%08x", R.nextInt()));
            } else {
                sb.append(pats[R.nextInt(pats.length)]);
            }
        }
        return sb.toString();
    }

    static BigInteger randBig() {
        int kind = R.nextInt(100);
        BigInteger v;
        if (kind < 10) {
            v = new BigInteger(SPECIAL[R.nextInt(SPECIAL.length)]);
        } else if (kind < 35) {
            v = new BigInteger(digits(1 + R.nextInt(9)));
        } else if (kind < 60) {
            v = new BigInteger(digits(10 + R.nextInt(30)));
        } else if (kind < 75) {
            v = new BigInteger(digits(40 + R.nextInt(160)));
        } else if (kind < 92) {
            v = new BigInteger(patternHex(1 + R.nextInt(R.nextInt(10) == 0 ? 60 : 8)), 16);
        } else if (kind < 97) {
            int k = R.nextInt(300);
            v = R.nextBoolean() ? BigInteger.ONE.shiftLeft(k) : BigInteger.ONE.shiftLeft(k).subtract(BigInteger.ONE);
        } else {
            v = new BigInteger(digits(400 + R.nextInt(1200)));
        }
        return R.nextInt(3) == 0 ? v.negate() : v;
    }

    static final MathContext[] CONTEXTS = {MathContext.DECIMAL32, MathContext.DECIMAL64,
        MathContext.DECIMAL128, MathContext.UNLIMITED};

    static MathContext randMc() {
        if (R.nextInt(4) == 0) {
            return CONTEXTS[R.nextInt(CONTEXTS.length)];
        }
        return new MathContext(1 + R.nextInt(R.nextBoolean() ? 8 : 40), randMode());
    }

    static RoundingMode randMode() {
        return RoundingMode.values()[R.nextInt(8)];
    }

    static int smallScale() {
        return R.nextInt(50) - 20;
    }

    static BigDecimal randDec() {
        int kind = R.nextInt(100);
        if (kind < 40) {
            // a decimal string, sometimes with an exponent
            StringBuilder sb = new StringBuilder();
            if (R.nextInt(3) == 0) {
                sb.append('-');
            } else if (R.nextInt(10) == 0) {
                sb.append('+');
            }
            int n = 1 + R.nextInt(R.nextInt(5) == 0 ? 45 : 12);
            String d = R.nextInt(8) == 0 ? "0" : digits(n);
            if (R.nextInt(6) == 0) {
                d = "000".substring(R.nextInt(3)) + d;
            }
            if (R.nextInt(5) == 0) {
                d = d + "0000".substring(R.nextInt(4));
            }
            int dot = R.nextInt(d.length() + 2);
            if (dot <= d.length() && R.nextBoolean()) {
                d = d.substring(0, dot) + "." + d.substring(dot);
            }
            sb.append(d);
            if (R.nextInt(3) == 0) {
                sb.append(R.nextBoolean() ? 'E' : 'e');
                int e = R.nextInt(R.nextInt(10) == 0 ? 400 : 30) - (R.nextInt(10) == 0 ? 200 : 15);
                sb.append(e >= 0 && R.nextBoolean() ? "+" : "").append(e);
            }
            return new BigDecimal(sb.toString());
        }
        if (kind < 53) {
            return BigDecimal.valueOf(R.nextLong() >> R.nextInt(64), smallScale());
        }
        if (kind < 55) {
            long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE, 1L << 62};
            return BigDecimal.valueOf(edges[R.nextInt(edges.length)], smallScale());
        }
        if (kind < 65) {
            double d = R.nextInt(4) == 0 ? Double.longBitsToDouble(R.nextLong())
                    : (R.nextDouble() - 0.5) * Math.pow(10, R.nextInt(30) - 10);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                d = 0.25;
            }
            return R.nextBoolean() ? new BigDecimal(d) : BigDecimal.valueOf(d);
        }
        if (kind < 75) {
            // 2^i 5^j: exact quotients
            BigInteger u = BigInteger.TWO.pow(R.nextInt(20)).multiply(BigInteger.valueOf(5).pow(R.nextInt(12)));
            return new BigDecimal(R.nextBoolean() ? u : u.negate(), smallScale());
        }
        BigInteger u = randBig();
        if (u.bitLength() > 700) {
            u = u.shiftRight(u.bitLength() - 700);
        }
        return new BigDecimal(u, smallScale());
    }

    // ---- BigInteger ----

    static void bigIntegerCases(int n) {
        for (int i = 0; i < n; i++) {
            final BigInteger a = randBig();
            final BigInteger b = R.nextInt(20) == 0 ? BigInteger.ZERO : randBig();
            final int k = R.nextInt(400) - 100;
            final int bit = R.nextInt(300) - 2;
            final int radix = R.nextInt(40);
            final int e = R.nextInt(R.nextInt(4) == 0 ? 40 : 6);
            String t = "I" + i + " ";
            p(t + "a", () -> a);
            p(t + "b", () -> b);
            p(t + "add", () -> a.add(b));
            p(t + "sub", () -> a.subtract(b));
            p(t + "mul", () -> a.multiply(b));
            p(t + "div", () -> a.divide(b));
            p(t + "rem", () -> a.remainder(b));
            p(t + "divrem", () -> a.divideAndRemainder(b));
            p(t + "mod", () -> a.mod(b));
            p(t + "gcd", () -> a.gcd(b));
            p(t + "cmp", () -> a.compareTo(b) + " " + a.equals(b) + " " + a.equals(new BigInteger(a.toString())));
            p(t + "hash", () -> a.hashCode() + " " + b.hashCode());
            p(t + "minmax", () -> a.min(b) + " " + a.max(b));
            p(t + "and", () -> a.and(b));
            p(t + "or", () -> a.or(b));
            p(t + "xor", () -> a.xor(b));
            p(t + "andNot", () -> a.andNot(b));
            p(t + "not", () -> a.not());
            p(t + "shl", () -> a.shiftLeft(k));
            p(t + "shr", () -> a.shiftRight(k));
            p(t + "testBit", () -> a.testBit(bit));
            p(t + "setBit", () -> a.setBit(bit));
            p(t + "clearBit", () -> a.clearBit(bit));
            p(t + "flipBit", () -> a.flipBit(bit));
            p(t + "bits", () -> a.bitLength() + " " + a.bitCount() + " " + a.getLowestSetBit() + " " + a.signum());
            p(t + "absneg", () -> a.abs() + " " + a.negate());
            p(t + "long", () -> a.longValue() + " " + a.intValue() + " " + a.shortValue() + " " + a.byteValue());
            p(t + "double", () -> a.doubleValue());
            p(t + "float", () -> a.floatValue());
            p(t + "longExact", () -> a.longValueExact());
            p(t + "intExact", () -> a.intValueExact());
            p(t + "shortExact", () -> a.shortValueExact());
            p(t + "byteExact", () -> a.byteValueExact());
            p(t + "sqrt", () -> a.sqrt());
            p(t + "sqrtRem", () -> a.sqrtAndRemainder());
            p(t + "pow", () -> a.pow(e));
            p(t + "powNeg", () -> a.pow(-1 - e));
            p(t + "radix", () -> a.toString(radix));
            p(t + "parse", () -> new BigInteger(a.toString(radix), radix));
            p(t + "bytes", () -> a.toByteArray());
            p(t + "frombytes", () -> new BigInteger(a.toByteArray()));
            p(t + "signmag", () -> new BigInteger(a.signum(), a.abs().toByteArray()));
            final BigInteger m = b.abs().add(BigInteger.valueOf(R.nextInt(3) - 1));
            final BigInteger ex = R.nextInt(5) == 0 ? b.negate() : BigInteger.valueOf(R.nextInt(2000) - 100);
            if (m.bitLength() < 700) {
                p(t + "modPow", () -> a.modPow(ex, m));
            }
            p(t + "modInverse", () -> a.modInverse(m));
            if (a.bitLength() < 200) {
                p(t + "prime", () -> a.isProbablePrime(50) + " " + a.isProbablePrime(0));
            }
            if (a.bitLength() < 90) {
                p(t + "nextPrime", () -> a.nextProbablePrime());
            }
        }
    }

    static void bigIntegerFixed() {
        String[] bad = {"", "-", "+", "1-2", "--1", "+-1", "-+1", "12a", "0x10", " 1", "1 ", "1.5",
            "abc", "+0", "-0", "000", "-000123", "123456789012345678901234567890x1",
            "1234567890123x", "٣٤", "1_000"};
        for (String s : bad) {
            for (int radix : new int[] {10, 16, 2, 36, 1, 37}) {
                p("parse '" + s + "' " + radix, () -> new BigInteger(s, radix));
            }
        }
        p("bytes empty", () -> new BigInteger(new byte[0]));
        p("bytes off", () -> new BigInteger(new byte[] {1, 2, 3, 4, 5}, 1, 3));
        p("bytes off bad", () -> new BigInteger(new byte[] {1, 2, 3}, 2, 3));
        p("bytes neg", () -> new BigInteger(new byte[] {(byte) 0xff, 0, 0, 0, 0}));
        p("signmag bad", () -> new BigInteger(2, new byte[] {1}));
        p("signmag mismatch", () -> new BigInteger(0, new byte[] {1}));
        p("signmag zero", () -> new BigInteger(0, new byte[] {0, 0}));
        p("signmag neg", () -> new BigInteger(-1, new byte[] {0, 0, (byte) 0x80}));
        for (int bits = 0; bits < 200; bits += 7) {
            final int nb = bits;
            p("random " + bits, () -> new BigInteger(nb, new Random(nb)));
        }
        p("random neg", () -> new BigInteger(-1, new Random(1)));
        p("consts", () -> BigInteger.ZERO + " " + BigInteger.ONE + " " + BigInteger.TWO + " " + BigInteger.TEN);
        for (long v : new long[] {0, 1, -1, 16, 17, -16, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32}) {
            p("valueOf " + v, () -> BigInteger.valueOf(v) + " " + BigInteger.valueOf(v).hashCode());
        }
        p("modPow zero mod", () -> BigInteger.TEN.modPow(BigInteger.ONE, BigInteger.ZERO));
        p("modPow one", () -> BigInteger.ONE.modPow(BigInteger.ZERO, BigInteger.ONE));
        p("modPow 0^-1", () -> BigInteger.ZERO.modPow(BigInteger.ONE.negate(), BigInteger.TEN));
        p("modInverse not", () -> BigInteger.TWO.modInverse(BigInteger.TEN));
        p("nextPrime neg", () -> BigInteger.TEN.negate().nextProbablePrime());
        p("shift overflow", () -> BigInteger.ONE.shiftLeft(Integer.MAX_VALUE));
        p("big pow", () -> BigInteger.valueOf(3).pow(5000));
        p("big toString", () -> BigInteger.valueOf(7).pow(3000).toString(7));
        p("mersenne", () -> BigInteger.ONE.shiftLeft(521).subtract(BigInteger.ONE).isProbablePrime(100));
        p("mersenne 2", () -> BigInteger.ONE.shiftLeft(523).subtract(BigInteger.ONE).isProbablePrime(100));
        p("carmichael", () -> BigInteger.valueOf(561).isProbablePrime(100) + " "
                + BigInteger.valueOf(3215031751L).isProbablePrime(100));
        for (int bits = 2; bits < 140; bits += (bits < 12 ? 1 : 7)) {
            final int nb = bits;
            p("probablePrime " + bits, () -> {
                Random rnd = new Random(nb * 31L);
                return BigInteger.probablePrime(nb, rnd) + " " + rnd.nextInt();
            });
            p("prime ctor " + bits, () -> {
                Random rnd = new Random(nb * 17L);
                return new BigInteger(nb, nb % 5 - 1, rnd) + " " + new BigInteger(nb, 3, rnd) + " " + rnd.nextInt();
            });
        }
        for (int bits : new int[] {200, 256, 384, 512, 800, 1024}) {
            if (bits > maxPrimeBits) {
                continue;
            }
            p("probablePrime " + bits, () -> {
                Random rnd = new Random(bits);
                return BigInteger.probablePrime(bits, rnd) + " " + rnd.nextInt();
            });
        }
        p("probablePrime 1", () -> BigInteger.probablePrime(1, new Random(1)));
        p("next 2^127", () -> BigInteger.ONE.shiftLeft(127).nextProbablePrime());
        p("next 10^30", () -> BigInteger.TEN.pow(30).nextProbablePrime());
        for (int i = 0; i < 120; i++) {
            final BigInteger q = BigInteger.valueOf(i);
            p("small prime " + i, () -> q.isProbablePrime(100) + " " + q.nextProbablePrime());
        }
        // big factors: Karatsuba sizes, and division of the product
        for (int i = 0; i < 40; i++) {
            final BigInteger x = new BigInteger(patternHex(40 + R.nextInt(200)), 16);
            final BigInteger y = new BigInteger(patternHex(40 + R.nextInt(200)), 16).negate();
            p("kara " + i, () -> x.multiply(y));
            p("kara div " + i, () -> x.multiply(y).add(x.shiftRight(3)).divideAndRemainder(y));
            p("kara sq " + i, () -> x.pow(3).sqrt());
        }
    }

    // ---- BigDecimal ----

    static void bigDecimalCases(int n) {
        for (int i = 0; i < n; i++) {
            final BigDecimal x = randDec();
            final BigDecimal y = R.nextInt(25) == 0 ? BigDecimal.valueOf(0, smallScale()) : randDec();
            final MathContext mc = randMc();
            final RoundingMode mode = randMode();
            final int s = R.nextInt(50) - 10;
            final int mv = R.nextInt(40) - 20;
            final int pw = R.nextInt(14);
            final int pwm = R.nextInt(30) - 15;
            String t = "D" + i + " ";
            p(t + "x", () -> x + " " + x.toPlainString() + " " + x.toEngineeringString());
            p(t + "y", () -> y + " " + y.toPlainString() + " " + y.toEngineeringString());
            p(t + "xinfo", () -> x.scale() + " " + x.precision() + " " + x.unscaledValue() + " " + x.signum() + " " + x.hashCode());
            p(t + "cmp", () -> x.compareTo(y) + " " + x.equals(y) + " " + x.min(y) + " " + x.max(y));
            p(t + "add", () -> x.add(y));
            p(t + "sub", () -> x.subtract(y));
            p(t + "mul", () -> x.multiply(y));
            p(t + "addmc", () -> x.add(y, mc));
            p(t + "submc", () -> x.subtract(y, mc));
            p(t + "mulmc", () -> x.multiply(y, mc));
            p(t + "divs", () -> x.divide(y, s, mode));
            p(t + "divsi", () -> x.divide(y, s, mode.ordinal()));
            p(t + "divm", () -> x.divide(y, mode));
            p(t + "div", () -> x.divide(y));
            p(t + "divmc", () -> x.divide(y, mc));
            p(t + "dti", () -> x.divideToIntegralValue(y));
            p(t + "dtimc", () -> x.divideToIntegralValue(y, mc));
            p(t + "rem", () -> x.remainder(y));
            p(t + "remmc", () -> x.remainder(y, mc));
            p(t + "divrem", () -> x.divideAndRemainder(y));
            p(t + "setScale", () -> x.setScale(s, mode));
            p(t + "setScale1", () -> x.setScale(s));
            p(t + "round", () -> x.round(mc));
            p(t + "strip", () -> x.stripTrailingZeros());
            p(t + "move", () -> x.movePointLeft(mv) + " " + x.movePointRight(mv) + " " + x.scaleByPowerOfTen(mv));
            p(t + "neg", () -> x.negate() + " " + x.abs() + " " + x.plus());
            p(t + "negmc", () -> x.negate(mc) + " " + x.abs(mc) + " " + x.plus(mc));
            p(t + "pow", () -> x.pow(pw));
            p(t + "powmc", () -> x.pow(pwm, mc));
            p(t + "double", () -> x.doubleValue());
            p(t + "float", () -> x.floatValue());
            p(t + "long", () -> x.longValue() + " " + x.intValue());
            p(t + "longExact", () -> x.longValueExact());
            p(t + "intExact", () -> x.intValueExact());
            p(t + "shortExact", () -> x.shortValueExact());
            p(t + "bi", () -> x.toBigInteger());
            p(t + "biExact", () -> x.toBigIntegerExact());
            p(t + "ulp", () -> x.ulp());
            p(t + "sqrt", () -> x.sqrt(mc));
            p(t + "sqrtsq", () -> x.multiply(x).sqrt(mc) + " " + x.multiply(x).sqrt(MathContext.UNLIMITED));
            p(t + "sqrtabs", () -> x.abs().sqrt(randMc()));
            p(t + "sqrtexact", () -> x.abs().sqrt(new MathContext(mc.getPrecision(), RoundingMode.UNNECESSARY)));
            p(t + "parse", () -> new BigDecimal(x.toString()).equals(x) + " " + new BigDecimal(x.toEngineeringString(), mc));
        }
    }

    static void bigDecimalFixed() {
        String[] bad = {"", "-", "+", ".", "-.", "1..2", "1.2.3", "e5", "1e", "1e+", "1e-", "1E5x",
            "1x", "12345678901234567x", "123456789012345678x", "1234567890123456789x",
            "1234567890123456789012345.5.5", "1 ", " 1", "--1", "1-2", "1e2147483648",
            "1e-2147483649", "1e12345678901", "1e00000000000000000005", "0.1e2147483647",
            "1E2147483647", "1E-2147483648", "Infinity", "NaN", "0x1p3", "١٢٣.٤", "1e٣",
            "+.5", "-5.", ".5e-3", "000.000", "-0", "0E+5", "0e-10", "1_0"};
        for (String s : bad) {
            p("dparse '" + s + "'", () -> {
                BigDecimal d = new BigDecimal(s);
                return d + " " + d.scale() + " " + d.precision();
            });
        }
        p("chars off", () -> new BigDecimal("xx12.5yy".toCharArray(), 2, 4));
        p("chars bad off", () -> new BigDecimal("12".toCharArray(), 1, 5));
        p("chars zero len", () -> new BigDecimal("12".toCharArray(), 1, 0));
        p("double nan", () -> new BigDecimal(Double.NaN));
        p("double inf", () -> new BigDecimal(Double.NEGATIVE_INFINITY));
        for (double d : new double[] {0.1, -0.0, 0.0, 1e-320, Double.MIN_VALUE, Double.MAX_VALUE, 1e23, 100, 0.5,
            123456.789, -2.5e-7, 1e7, 1e-7}) {
            p("double " + d, () -> new BigDecimal(d) + " " + BigDecimal.valueOf(d) + " "
                    + new BigDecimal(d, MathContext.DECIMAL64));
        }
        p("consts", () -> BigDecimal.ZERO + " " + BigDecimal.ONE + " " + BigDecimal.TEN);
        p("ints", () -> new BigDecimal(42) + " " + new BigDecimal(-7L) + " " + new BigDecimal(123456789, new MathContext(3))
                + " " + new BigDecimal(Long.MIN_VALUE, MathContext.DECIMAL32) + " "
                + new BigDecimal(new BigInteger("123456789"), 3, new MathContext(4, RoundingMode.DOWN)) + " "
                + new BigDecimal(new BigInteger("987654321"), new MathContext(2)));
        // exact division
        String[][] divs = {{"1", "3"}, {"1", "8"}, {"10", "4"}, {"1.00", "0.25"}, {"7", "7"}, {"0", "5"},
            {"0.000", "1.0"}, {"5", "0"}, {"0", "0"}, {"1E+5", "2"}, {"1", "1024"}, {"19", "6"},
            {"-1", "0.0016"}, {"1.0", "3E+2"}, {"1234.5678", "0.0002"}};
        for (String[] d : divs) {
            BigDecimal a = new BigDecimal(d[0]);
            BigDecimal b = new BigDecimal(d[1]);
            p("exact " + d[0] + "/" + d[1], () -> a.divide(b));
            p("div2 " + d[0] + "/" + d[1], () -> a.divide(b, 2, RoundingMode.HALF_UP));
            p("div2 big " + d[0] + "/" + d[1], () -> a.movePointRight(30).divide(b, 2, RoundingMode.HALF_UP));
            p("div40 " + d[0] + "/" + d[1], () -> a.divide(b, 40, RoundingMode.HALF_UP));
            p("div-30 " + d[0] + "/" + d[1], () -> a.divide(b, -30, RoundingMode.HALF_UP));
            p("divmc " + d[0] + "/" + d[1], () -> a.divide(b, MathContext.DECIMAL32));
            p("dti " + d[0] + "/" + d[1], () -> a.divideToIntegralValue(b) + " " + a.remainder(b));
        }
        p("bad mode", () -> BigDecimal.ONE.divide(BigDecimal.TEN, 2, 8));
        p("bad mode set", () -> BigDecimal.ONE.setScale(2, -1));
        p("dti impossible", () -> new BigDecimal("123456789").divideToIntegralValue(new BigDecimal("0.01"),
                new MathContext(3)));
        for (String v : new String[] {"2", "4", "4.00", "0.0400", "1E-10", "1E-11", "10", "100", "0.01", "1", "1.000",
            "0", "0.000", "0E+3", "-4", "2.25", "6.25E+8", "123456789.987654321", "99", "1E+1000", "3E-999"}) {
            BigDecimal d = new BigDecimal(v);
            for (MathContext m : new MathContext[] {MathContext.DECIMAL128, MathContext.UNLIMITED, new MathContext(1),
                new MathContext(3, RoundingMode.UP), new MathContext(5, RoundingMode.FLOOR),
                new MathContext(4, RoundingMode.UNNECESSARY), new MathContext(60, RoundingMode.HALF_DOWN)}) {
                p("sqrt " + v + " " + m, () -> d.sqrt(m));
            }
        }
        p("pow bad", () -> BigDecimal.TEN.pow(-1));
        p("pow bad mc", () -> BigDecimal.TEN.pow(12345, new MathContext(3)));
        p("pow mc", () -> new BigDecimal("1.0001").pow(1000, MathContext.DECIMAL64) + " "
                + new BigDecimal("3").pow(-7, MathContext.DECIMAL32) + " " + BigDecimal.ZERO.pow(0, MathContext.DECIMAL32));
        p("scale overflow", () -> BigDecimal.valueOf(1, Integer.MAX_VALUE).movePointLeft(1));
        p("scale underflow", () -> BigDecimal.valueOf(1, Integer.MIN_VALUE).movePointRight(1));
        p("zero scale sat", () -> BigDecimal.valueOf(0, Integer.MIN_VALUE).scaleByPowerOfTen(1));
        p("mul overflow", () -> BigDecimal.valueOf(5, Integer.MAX_VALUE).multiply(BigDecimal.valueOf(5, 10)));
        p("huge scales", () -> BigDecimal.valueOf(12345, Integer.MAX_VALUE) + " "
                + BigDecimal.valueOf(-12345, Integer.MIN_VALUE) + " " + BigDecimal.valueOf(0, Integer.MIN_VALUE)
                + " " + BigDecimal.valueOf(12345, Integer.MIN_VALUE).toEngineeringString());
        for (String[] pair : new String[][] {{"1E+1000000000", "1"}, {"1", "-1E-999999999"}, {"9.99999E+500", "5E-500"},
            {"-1E+300", "0.5E-300"}, {"123456789", "0.00000000000000000000000000005"}}) {
            BigDecimal u = new BigDecimal(pair[0]);
            BigDecimal v = new BigDecimal(pair[1]);
            for (MathContext m : new MathContext[] {MathContext.DECIMAL32, new MathContext(6, RoundingMode.UP),
                new MathContext(9, RoundingMode.HALF_EVEN), new MathContext(30, RoundingMode.FLOOR)}) {
                p("far add " + pair[0] + " " + pair[1] + " " + m, () -> u.add(v, m) + " " + v.add(u, m) + " "
                        + u.subtract(v, m) + " " + v.subtract(u, m));
            }
        }
        p("huge cmp", () -> BigDecimal.valueOf(1, Integer.MAX_VALUE).compareTo(BigDecimal.valueOf(1, Integer.MIN_VALUE)));
        p("huge values", () -> BigDecimal.valueOf(1, -400).doubleValue() + " " + BigDecimal.valueOf(1, 400).doubleValue()
                + " " + BigDecimal.valueOf(1, -100).longValue() + " " + BigDecimal.valueOf(-3, 2000).longValue());
        p("zero plain", () -> BigDecimal.valueOf(0, -5).toPlainString() + " " + BigDecimal.valueOf(0, 5).toPlainString()
                + " " + BigDecimal.valueOf(0, -5).toEngineeringString() + " "
                + BigDecimal.valueOf(0, -4).toEngineeringString() + " " + BigDecimal.valueOf(0, -6).toEngineeringString()
                + " " + BigDecimal.valueOf(0, 8).toEngineeringString() + " " + BigDecimal.valueOf(0, 9).toEngineeringString());
        for (int sc = -12; sc <= 12; sc++) {
            final int fsc = sc;
            p("layout " + sc, () -> BigDecimal.valueOf(123, fsc) + " " + BigDecimal.valueOf(-1, fsc) + " "
                    + BigDecimal.valueOf(123, fsc).toEngineeringString() + " "
                    + BigDecimal.valueOf(-1, fsc).toEngineeringString() + " " + BigDecimal.valueOf(0, fsc) + " "
                    + BigDecimal.valueOf(1234567, fsc).toEngineeringString() + " " + BigDecimal.valueOf(120, fsc).toPlainString());
        }
        p("longExact edge", () -> new BigDecimal("9223372036854775807").longValueExact() + " "
                + new BigDecimal("-9223372036854775808.000").longValueExact());
        p("longExact over", () -> new BigDecimal("9223372036854775808").longValueExact());
        p("longExact frac", () -> new BigDecimal("0.5").longValueExact());
        p("longExact big frac", () -> new BigDecimal("12345678901234567890.5").longValueExact());
        p("longExact 19 frac", () -> new BigDecimal("1234567890123456789.5").longValueExact());
        p("intExact", () -> new BigDecimal("2147483648").intValueExact());
        p("byteExact", () -> new BigDecimal("128").byteValueExact());
        // MathContext and RoundingMode
        p("mc", () -> MathContext.DECIMAL32 + " | " + MathContext.DECIMAL64 + " | " + MathContext.DECIMAL128 + " | "
                + MathContext.UNLIMITED + " | " + new MathContext(5));
        p("mc parse", () -> new MathContext("precision=9 roundingMode=FLOOR"));
        p("mc equals", () -> new MathContext(7, RoundingMode.HALF_EVEN).equals(MathContext.DECIMAL32) + " "
                + new MathContext(7).equals(MathContext.DECIMAL32) + " " + MathContext.DECIMAL32.getPrecision() + " "
                + MathContext.DECIMAL32.getRoundingMode());
        for (String s : new String[] {"precision=9", "precision=-1 roundingMode=UP", "precision=x roundingMode=UP",
            "precision=3 roundingMode=SIDEWAYS", "Precision=3 roundingMode=UP", "precision=3  roundingMode=UP",
            "precision=3 roundingmode=UP", "precision=3 roundingMode=UP "}) {
            p("mc parse '" + s + "'", () -> new MathContext(s));
        }
        p("mc null", () -> new MathContext((String) null));
        p("mc neg", () -> new MathContext(-1));
        p("mc null mode", () -> new MathContext(3, null));
        for (int rm = -1; rm <= 8; rm++) {
            final int frm = rm;
            p("rm " + rm, () -> RoundingMode.valueOf(frm) + " " + RoundingMode.valueOf(frm).ordinal());
        }
        p("rm values", () -> Arrays.toString(RoundingMode.values()) + " " + RoundingMode.valueOf("HALF_EVEN"));
        // rounding table: every mode on +-x.5, x.4, x.6 etc.
        String[] vals = {"5.5", "2.5", "1.6", "1.1", "1.0", "-1.0", "-1.1", "-1.6", "-2.5", "-5.5", "0.5", "-0.5",
            "0.05", "9.95", "99.5", "-999.5"};
        for (String v : vals) {
            for (RoundingMode rm : RoundingMode.values()) {
                BigDecimal d = new BigDecimal(v);
                p("rt " + v + " " + rm, () -> d.setScale(0, rm) + " " + d.round(new MathContext(1, rm)) + " "
                        + d.divide(BigDecimal.ONE, 0, rm) + " " + d.divide(new BigDecimal("3"), new MathContext(2, rm)));
            }
        }
    }

    public static void main(String[] args) {
        int nInt = args.length > 0 ? Integer.parseInt(args[0]) : 12000;
        int nDec = args.length > 1 ? Integer.parseInt(args[1]) : 12000;
        maxPrimeBits = args.length > 2 ? Integer.parseInt(args[2]) : 1024;
        bigIntegerFixed();
        bigIntegerCases(nInt);
        bigDecimalFixed();
        bigDecimalCases(nDec);
        System.out.print(OUT);
        System.out.println("MathCheck: " + nInt + " BigInteger cases, " + nDec + " BigDecimal cases, " + lines + " lines");
    }
}
