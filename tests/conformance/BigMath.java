import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

// BigMath: java.math on gcvm. BigInteger: factorials and Fibonacci numbers (multiword carries,
// Karatsuba-sized products), division and remainder identities, pow/modPow/modInverse (a toy
// RSA round trip), gcd, sqrt, radix strings, two's complement bit operations and byte arrays,
// probable primes, hashCode, doubleValue rounding; BigDecimal: parsing and the three string
// forms, add/subtract/multiply with and without MathContext, every divide overload (incl. the
// non-terminating exact divide), divideToIntegralValue/remainder, setScale and round in all
// eight rounding modes, stripTrailingZeros, movePoint*, pow, equals against compareTo in hash
// and tree sets; MathContext and RoundingMode; the exceptions' types and messages; BigInteger
// and BigDecimal arguments to String.format.
public class BigMath {
    interface Op {
        Object run();
    }

    static void p(String label, Op op) {
        String r;
        try {
            Object o = op.run();
            if (o instanceof Object[]) {
                StringBuilder sb = new StringBuilder();
                for (Object x : (Object[]) o) {
                    sb.append(x).append(' ');
                }
                r = sb.toString().trim();
            } else {
                r = String.valueOf(o);
            }
        } catch (RuntimeException e) {
            r = e.getClass().getName() + ": " + e.getMessage();
        }
        System.out.println(label + ": " + r);
    }

    static BigInteger factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }

    static void bigIntegers() {
        BigInteger f100 = factorial(100);
        p("100!", () -> f100);
        p("100! bits", () -> f100.bitLength() + " " + f100.bitCount() + " " + f100.getLowestSetBit());
        BigInteger f300 = factorial(300);
        p("300!/298!", () -> f300.divide(factorial(298)));
        p("300! mod 1e9+7", () -> f300.mod(BigInteger.valueOf(1_000_000_007)));
        BigInteger a = BigInteger.ZERO;
        BigInteger b = BigInteger.ONE;
        for (int i = 0; i < 400; i++) {
            BigInteger t = a.add(b);
            a = b;
            b = t;
        }
        final BigInteger fib = a;
        p("fib(400)", () -> fib);
        p("fib hex", () -> fib.toString(16));
        p("fib radix 36", () -> fib.toString(36) + " " + new BigInteger(fib.toString(36), 36).equals(fib));
        BigInteger big = f300.multiply(f300).add(BigInteger.valueOf(12345));
        p("(300!)^2+12345", () -> big.toString().length() + " " + big.hashCode());
        p("divrem", () -> big.divideAndRemainder(fib));
        p("identity", () -> {
            BigInteger[] qr = big.divideAndRemainder(fib.negate());
            return qr[0].multiply(fib.negate()).add(qr[1]).equals(big);
        });
        p("negative div", () -> BigInteger.valueOf(-7).divide(BigInteger.valueOf(2)) + " "
                + BigInteger.valueOf(-7).remainder(BigInteger.valueOf(2)) + " "
                + BigInteger.valueOf(-7).mod(BigInteger.valueOf(2)));
        p("pow", () -> BigInteger.valueOf(-3).pow(41) + " " + BigInteger.TWO.pow(200));
        p("sqrt", () -> f100.sqrt() + " " + BigInteger.TEN.pow(40).sqrt());
        p("gcd", () -> f100.gcd(fib) + " " + BigInteger.valueOf(-48).gcd(BigInteger.valueOf(180)));
        // toy RSA
        BigInteger pr = new BigInteger("1000000000000000000000000000057");
        BigInteger qr = BigInteger.TEN.pow(25).nextProbablePrime();
        BigInteger n = pr.multiply(qr);
        BigInteger phi = pr.subtract(BigInteger.ONE).multiply(qr.subtract(BigInteger.ONE));
        BigInteger e = BigInteger.valueOf(65537);
        BigInteger d = e.modInverse(phi);
        BigInteger msg = new BigInteger("123456789012345678901234567890");
        BigInteger c = msg.modPow(e, n);
        p("rsa", () -> pr.isProbablePrime(50) + " " + qr + " " + d + " " + c + " " + c.modPow(d, n));
        p("modPow neg", () -> BigInteger.valueOf(3).modPow(BigInteger.valueOf(-5), BigInteger.valueOf(1000)));
        p("primes", () -> {
            StringBuilder sb = new StringBuilder();
            BigInteger x = BigInteger.valueOf(1000);
            for (int i = 0; i < 8; i++) {
                x = x.nextProbablePrime();
                sb.append(x).append(' ');
            }
            return sb.toString().trim();
        });
        p("mersenne", () -> BigInteger.ONE.shiftLeft(127).subtract(BigInteger.ONE).isProbablePrime(100) + " "
                + BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE).isProbablePrime(100));
        BigInteger x = new BigInteger("-123456789abcdef0123456789", 16);
        BigInteger y = new BigInteger("fedcba9876543210", 16);
        p("and/or/xor", () -> x.and(y) + " " + x.or(y) + " " + x.xor(y) + " " + x.andNot(y) + " " + x.not());
        p("shifts", () -> x.shiftLeft(70) + " " + x.shiftRight(70) + " " + x.shiftRight(3) + " " + x.shiftLeft(-3));
        p("bits", () -> x.testBit(0) + " " + x.testBit(200) + " " + x.setBit(3) + " " + x.clearBit(100)
                + " " + x.flipBit(64) + " " + x.bitLength() + " " + x.bitCount() + " " + x.getLowestSetBit());
        p("bytes", () -> java.util.Arrays.toString(x.toByteArray()) + " " + new BigInteger(x.toByteArray()));
        p("signmag", () -> new BigInteger(-1, new byte[] {1, 0, 0}) + " " + new BigInteger(1, new byte[] {(byte) 0xff}));
        p("values", () -> x.longValue() + " " + x.intValue() + " " + x.doubleValue() + " " + x.floatValue() + " "
                + f300.doubleValue() + " " + BigInteger.ONE.shiftLeft(1024).doubleValue());
        p("compare", () -> x.compareTo(y) + " " + x.signum() + " " + x.abs().compareTo(y) + " " + x.min(y) + " "
                + x.max(y) + " " + x.negate().hashCode() + " " + x.equals(new BigInteger(x.toString())));
        p("random", () -> new BigInteger(100, new Random(42)));
        p("probablePrime", () -> {
            Random r = new Random(2026);
            return BigInteger.probablePrime(40, r) + " " + BigInteger.probablePrime(160, r) + " "
                    + new BigInteger(64, 20, r) + " " + r.nextInt();
        });
        List<BigInteger> list = new ArrayList<>();
        Random rnd = new Random(7);
        for (int i = 0; i < 20; i++) {
            list.add(BigInteger.valueOf(rnd.nextLong()).multiply(BigInteger.valueOf(rnd.nextInt())));
        }
        Collections.sort(list);
        p("sorted", () -> list.get(0) + " " + list.get(10) + " " + list.get(19));
        p("longValueExact", () -> f100.longValueExact());
        p("intValueExact", () -> BigInteger.valueOf(Integer.MAX_VALUE).intValueExact());
        p("div by zero", () -> fib.divide(BigInteger.ZERO));
        p("mod negative", () -> fib.mod(BigInteger.valueOf(-5)));
        p("not invertible", () -> BigInteger.valueOf(6).modInverse(BigInteger.valueOf(9)));
        p("negative exponent", () -> fib.pow(-1));
        p("negative sqrt", () -> BigInteger.valueOf(-4).sqrt());
        p("bit address", () -> fib.testBit(-1));
        p("parse errors", () -> {
            StringBuilder sb = new StringBuilder();
            for (String s : new String[] {"", "-", "12x4", "1-2", "zz"}) {
                try {
                    sb.append(new BigInteger(s)).append(';');
                } catch (NumberFormatException ex) {
                    sb.append(ex.getMessage()).append(';');
                }
            }
            return sb;
        });
    }

    static void bigDecimals() {
        BigDecimal principal = new BigDecimal("2500.00");
        BigDecimal rate = new BigDecimal("0.0375");
        BigDecimal amount = principal;
        for (int year = 1; year <= 10; year++) {
            amount = amount.add(amount.multiply(rate)).setScale(2, RoundingMode.HALF_EVEN);
        }
        final BigDecimal total = amount;
        p("compound", () -> total + " " + total.precision() + " " + total.scale());
        p("1/7", () -> BigDecimal.ONE.divide(BigDecimal.valueOf(7), 50, RoundingMode.HALF_UP));
        p("1/7 mc", () -> BigDecimal.ONE.divide(BigDecimal.valueOf(7), MathContext.DECIMAL128));
        p("1/3 exact", () -> BigDecimal.ONE.divide(BigDecimal.valueOf(3)));
        p("1/8 exact", () -> BigDecimal.ONE.divide(BigDecimal.valueOf(8)) + " "
                + new BigDecimal("1.00").divide(new BigDecimal("0.25")) + " "
                + new BigDecimal("6E+3").divide(new BigDecimal("2")));
        p("div by zero", () -> BigDecimal.ONE.divide(BigDecimal.ZERO));
        p("0/0", () -> BigDecimal.ZERO.divide(BigDecimal.ZERO));
        p("div scale zero", () -> BigDecimal.ONE.divide(BigDecimal.ZERO, 2, RoundingMode.UP));
        String[] texts = {"0", "-0.00", "123.4500", "1E+3", "1.23E-10", "-0.000001234", "0.0000001", "12345678901234567890.123",
            "1e400", "+.5", "5.", "9.999E7", "0E-8", "0E+7", "-4.2e-3"};
        for (String s : texts) {
            BigDecimal v = new BigDecimal(s);
            p("parse " + s, () -> v + " | " + v.toPlainString() + " | " + v.toEngineeringString() + " | "
                    + v.scale() + " " + v.precision() + " " + v.unscaledValue() + " " + v.stripTrailingZeros()
                    + " " + v.hashCode() + " " + v.doubleValue());
        }
        p("bad parse", () -> new BigDecimal("1.2.3"));
        p("bad parse 2", () -> new BigDecimal("12z"));
        p("bad parse 3", () -> new BigDecimal("-"));
        p("double", () -> new BigDecimal(0.1) + " " + BigDecimal.valueOf(0.1) + " " + new BigDecimal(1e-5, MathContext.DECIMAL32));
        BigDecimal u = new BigDecimal("123.456789");
        BigDecimal v = new BigDecimal("-0.0375");
        MathContext mc5 = new MathContext(5, RoundingMode.HALF_DOWN);
        p("arith", () -> u.add(v) + " " + u.subtract(v) + " " + u.multiply(v) + " " + u.add(v, mc5) + " "
                + u.subtract(v, mc5) + " " + u.multiply(v, mc5));
        p("divide", () -> u.divide(v, mc5) + " " + u.divide(v, RoundingMode.FLOOR) + " " + u.divide(v, 3, RoundingMode.CEILING)
                + " " + u.divideToIntegralValue(v) + " " + u.remainder(v) + " " + u.remainder(v, mc5));
        p("divideAndRemainder", () -> u.divideAndRemainder(new BigDecimal("7.1")));
        p("pow", () -> u.pow(3) + " " + u.pow(5, MathContext.DECIMAL32) + " " + u.pow(-2, MathContext.DECIMAL64));
        p("move", () -> u.movePointLeft(4) + " " + u.movePointRight(8) + " " + u.scaleByPowerOfTen(-9) + " "
                + u.scaleByPowerOfTen(12));
        p("values", () -> u.intValue() + " " + u.longValue() + " " + u.toBigInteger() + " " + v.negate() + " "
                + v.abs() + " " + v.signum() + " " + u.ulp() + " " + u.floatValue());
        p("exact values", () -> u.intValueExact());
        p("toBigIntegerExact", () -> new BigDecimal("1.50").toBigIntegerExact());
        String[] roundMe = {"5.5", "2.5", "1.6", "1.1", "-1.1", "-2.5", "-5.5"};
        for (RoundingMode rm : RoundingMode.values()) {
            StringBuilder sb = new StringBuilder();
            for (String s : roundMe) {
                try {
                    sb.append(new BigDecimal(s).setScale(0, rm)).append(' ');
                } catch (ArithmeticException ex) {
                    sb.append(ex.getMessage()).append(' ');
                }
            }
            p("round " + rm + " " + rm.ordinal(), () -> sb.toString().trim());
        }
        p("RoundingMode.valueOf", () -> RoundingMode.valueOf(4) + " " + RoundingMode.valueOf("CEILING"));
        p("RoundingMode.valueOf bad", () -> RoundingMode.valueOf(9));
        p("round mc", () -> new BigDecimal("123456.789").round(new MathContext(4)) + " "
                + new BigDecimal("999.99").round(new MathContext(3)) + " " + new BigDecimal("0.00012345").round(MathContext.DECIMAL32));
        p("MathContext", () -> MathContext.DECIMAL32 + " / " + MathContext.DECIMAL64 + " / " + MathContext.DECIMAL128 + " / "
                + MathContext.UNLIMITED + " / " + new MathContext("precision=3 roundingMode=UP").equals(new MathContext(3, RoundingMode.UP)));
        p("MathContext bad", () -> new MathContext(-3));
        BigDecimal two = new BigDecimal("2.0");
        BigDecimal twoAgain = new BigDecimal("2.00");
        HashSet<BigDecimal> hs = new HashSet<>();
        hs.add(two);
        hs.add(twoAgain);
        TreeSet<BigDecimal> ts = new TreeSet<>();
        ts.add(two);
        ts.add(twoAgain);
        p("equals vs compareTo", () -> two.equals(twoAgain) + " " + two.compareTo(twoAgain) + " " + hs.size() + " "
                + ts.size() + " " + two.hashCode() + " " + twoAgain.hashCode() + " " + two.max(twoAgain).scale());
        List<BigDecimal> prices = new ArrayList<>();
        Random rnd = new Random(11);
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = 0; i < 40; i++) {
            BigDecimal price = BigDecimal.valueOf(rnd.nextInt(100000) - 20000, 2);
            prices.add(price);
            sum = sum.add(price);
        }
        Collections.sort(prices);
        final BigDecimal fsum = sum;
        p("prices", () -> prices.get(0) + " " + prices.get(39) + " " + fsum + " "
                + fsum.divide(BigDecimal.valueOf(prices.size()), 4, RoundingMode.HALF_EVEN));
        // pi by Machin's formula to 60 digits
        MathContext mc = new MathContext(70);
        BigDecimal pi = arctanInverse(5, mc).multiply(BigDecimal.valueOf(16)).subtract(
                arctanInverse(239, mc).multiply(BigDecimal.valueOf(4)));
        p("pi", () -> pi.round(new MathContext(60)));
        p("printf", () -> String.format("%.2f|%,.3f|%12.4e|%g|%.3g|%(f|%+.1E", total, pi.multiply(BigDecimal.valueOf(1e6)),
                pi, new BigDecimal("0.00009999995"), new BigDecimal("999999.5"), v, new BigDecimal("-0.000")));
        p("printf int", () -> String.format("%d|%,d|%x|%#X|%(o|%+d|%020d", factorial(25), factorial(20), BigInteger.valueOf(-255),
                BigInteger.TWO.pow(70), BigInteger.valueOf(-8), BigInteger.TEN, BigInteger.valueOf(-42)));
    }

    /** arctan(1/x) by its Taylor series. */
    static BigDecimal arctanInverse(int x, MathContext mc) {
        BigDecimal bx = BigDecimal.valueOf(x);
        BigDecimal x2 = bx.multiply(bx);
        BigDecimal term = BigDecimal.ONE.divide(bx, mc);
        BigDecimal sum = term;
        BigDecimal eps = BigDecimal.ONE.movePointLeft(mc.getPrecision() + 2);
        for (int k = 1; term.abs().compareTo(eps) > 0; k++) {
            term = term.divide(x2, mc);
            BigDecimal t = term.divide(BigDecimal.valueOf(2L * k + 1), mc);
            sum = (k % 2 == 1) ? sum.subtract(t, mc) : sum.add(t, mc);
        }
        return sum;
    }

    public static void main(String[] args) {
        bigIntegers();
        bigDecimals();
    }
}
