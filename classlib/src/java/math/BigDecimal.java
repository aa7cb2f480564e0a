package java.math;

/**
 * Immutable arbitrary-precision decimal numbers: {@code unscaledValue × 10^-scale}.
 *
 * <p>Representation: the unscaled value is always a {@link BigInteger} ({@code intVal}; gcvm has
 * no compact long form), {@code scale} is an int, and {@code precision} caches the number of
 * decimal digits of the unscaled value (1 for zero; 0 means not computed yet). Two values are
 * {@code equals} only with equal unscaled value and scale; {@code compareTo} compares numbers.
 *
 * <p>Rounding to a {@link MathContext} keeps the first {@code precision} significant digits
 * ({@link #doRound}), dropping digits by an exact integer division and deciding the last digit
 * by the remainder ({@link #divideAndRound}). Results have the scales the JDK gives them
 * (preferred scales, trailing zeros stripped only where the JDK strips them); exceptions carry
 * the JDK's messages, including the ones that depend on the JDK's internal long/BigInteger split
 * ("/ by zero" against "BigInteger divide by zero").
 *
 * <p>Behaviour follows JDK 17's {@code java.math.BigDecimal}; the code is gcvm's own. Only
 * {@link #sqrt} repeats JDK 17's procedure step by step (its working precisions), because JDK 17's
 * roots are not always correctly rounded and the digits must match.
 */
public class BigDecimal extends Number implements Comparable<BigDecimal> {

    private static final long serialVersionUID = 6108874887143696463L;

    public static final int ROUND_UP = 0;
    public static final int ROUND_DOWN = 1;
    public static final int ROUND_CEILING = 2;
    public static final int ROUND_FLOOR = 3;
    public static final int ROUND_HALF_UP = 4;
    public static final int ROUND_HALF_DOWN = 5;
    public static final int ROUND_HALF_EVEN = 6;
    public static final int ROUND_UNNECESSARY = 7;

    /** Strings of at most this many characters (after the sign) take the JDK's compact parser. */
    private static final int MAX_COMPACT_DIGITS = 18;

    private static final BigInteger[] TEN_POWERS = new BigInteger[64];

    static {
        BigInteger p = BigInteger.ONE;
        for (int i = 0; i < TEN_POWERS.length; i++) {
            TEN_POWERS[i] = p;
            p = p.multiply(BigInteger.TEN);
        }
    }

    public static final BigDecimal ZERO = new BigDecimal(BigInteger.ZERO, 0, 1);
    public static final BigDecimal ONE = new BigDecimal(BigInteger.ONE, 0, 1);
    public static final BigDecimal TEN = new BigDecimal(BigInteger.TEN, 0, 2);

    private final BigInteger intVal;
    private final int scale;
    private transient int precision;

    // ---- construction ----

    private BigDecimal(BigInteger intVal, int scale, int precision) {
        this.intVal = intVal;
        this.scale = scale;
        this.precision = precision;
    }

    public BigDecimal(char[] in, int offset, int len) {
        this(in, offset, len, MathContext.UNLIMITED);
    }

    public BigDecimal(char[] in, int offset, int len, MathContext mc) {
        this(doRound(parse(in, offset, len), mc));
    }

    public BigDecimal(char[] in) {
        this(in, 0, in.length);
    }

    public BigDecimal(char[] in, MathContext mc) {
        this(in, 0, in.length, mc);
    }

    public BigDecimal(String val) {
        this(val.toCharArray(), 0, val.length());
    }

    public BigDecimal(String val, MathContext mc) {
        this(val.toCharArray(), 0, val.length(), mc);
    }

    /** The exact binary value of the double (0.1 has 55 digits). */
    public BigDecimal(double val) {
        this(exactDouble(val));
    }

    public BigDecimal(double val, MathContext mc) {
        this(doRound(exactDouble(val), mc));
    }

    public BigDecimal(BigInteger val) {
        this(val, 0, 0);
    }

    public BigDecimal(BigInteger val, MathContext mc) {
        this(doRound(new BigDecimal(val, 0, 0), mc));
    }

    public BigDecimal(BigInteger unscaledVal, int scale) {
        this(unscaledVal, scale, 0);
        unscaledVal.signum(); // null check
    }

    public BigDecimal(BigInteger unscaledVal, int scale, MathContext mc) {
        this(doRound(new BigDecimal(unscaledVal, scale), mc));
    }

    public BigDecimal(int val) {
        this(BigInteger.valueOf(val), 0, 0);
    }

    public BigDecimal(int val, MathContext mc) {
        this(doRound(new BigDecimal(BigInteger.valueOf(val), 0, 0), mc));
    }

    public BigDecimal(long val) {
        this(BigInteger.valueOf(val), 0, 0);
    }

    public BigDecimal(long val, MathContext mc) {
        this(doRound(new BigDecimal(BigInteger.valueOf(val), 0, 0), mc));
    }

    private BigDecimal(BigDecimal v) {
        this(v.intVal, v.scale, v.precision);
    }

    public static BigDecimal valueOf(long unscaledVal, int scale) {
        return new BigDecimal(BigInteger.valueOf(unscaledVal), scale, 0);
    }

    public static BigDecimal valueOf(long val) {
        return new BigDecimal(BigInteger.valueOf(val), 0, 0);
    }

    /** From Double.toString: 0.1 becomes 0.1, 100.0 becomes 100.0 (scale 1). */
    public static BigDecimal valueOf(double val) {
        return new BigDecimal(Double.toString(val));
    }

    private static BigDecimal zeroValueOf(int scale) {
        return new BigDecimal(BigInteger.ZERO, scale, 1);
    }

    private static BigDecimal exactDouble(double val) {
        if (Double.isInfinite(val) || Double.isNaN(val)) {
            throw new NumberFormatException("Infinite or NaN");
        }
        long bits = Double.doubleToLongBits(val);
        int sign = bits < 0 ? -1 : 1;
        int exponent = (int) ((bits >> 52) & 0x7ff);
        long significand = exponent == 0
                ? (bits & ((1L << 52) - 1)) << 1
                : (bits & ((1L << 52) - 1)) | (1L << 52);
        exponent -= 1075;
        if (significand == 0) {
            return new BigDecimal(BigInteger.ZERO, 0, 1);
        }
        int twos = Long.numberOfTrailingZeros(significand);
        significand >>= twos;
        exponent += twos;
        BigInteger unscaled = BigInteger.valueOf(sign * significand);
        if (exponent >= 0) {
            return new BigDecimal(unscaled.shiftLeft(exponent), 0, 0);
        }
        // m 2^-k = m 5^k 10^-k
        return new BigDecimal(unscaled.multiply(BigInteger.valueOf(5).pow(-exponent)), -exponent, 0);
    }

    // ---- parsing (JDK grammar and messages) ----

    /**
     * Parses [sign] digits [. digits] [e|E [sign] digits]. The JDK reports a bad character
     * differently for inputs of at most 18 characters after the sign (its long-based parser)
     * and longer ones; running off the end of the array is a NumberFormatException without a
     * message.
     */
    private static BigDecimal parse(char[] in, int offset, int len) {
        try {
            java.util.Objects.checkFromIndexSize(offset, len, in.length);
        } catch (IndexOutOfBoundsException e) {
            throw new NumberFormatException("Bad offset or len arguments for char[] input.");
        }
        try {
            return parseChecked(in, offset, len);
        } catch (ArrayIndexOutOfBoundsException | NegativeArraySizeException e) {
            NumberFormatException nfe = new NumberFormatException();
            nfe.initCause(e);
            throw nfe;
        }
    }

    private static BigDecimal parseChecked(char[] in, int offset, int len) {
        boolean negative = false;
        if (in[offset] == '-') {
            negative = true;
            offset++;
            len--;
        } else if (in[offset] == '+') {
            offset++;
            len--;
        }
        boolean compact = len <= MAX_COMPACT_DIGITS;
        StringBuilder digits = new StringBuilder();
        boolean dot = false;
        boolean sawDigit = false;
        long scl = 0;
        long exp = 0;
        for (; len > 0; offset++, len--) {
            char c = in[offset];
            int digit = (c >= '0' && c <= '9') ? c - '0' : (Character.isDigit(c) ? Character.digit(c, 10) : -1);
            if (digit >= 0) {
                sawDigit = true;
                if (digit != 0 || digits.length() != 0) {
                    digits.append((char) ('0' + digit));
                }
                if (dot) {
                    scl++;
                }
            } else if (c == '.') {
                if (dot) {
                    throw new NumberFormatException("Character array contains more than one decimal point.");
                }
                dot = true;
            } else if (c == 'e' || c == 'E') {
                exp = parseExponent(in, offset, len);
                if ((int) exp != exp) {
                    throw new NumberFormatException("Exponent overflow.");
                }
                break;
            } else if (compact) {
                throw new NumberFormatException("Character " + c
                        + " is neither a decimal digit number, decimal point, nor \"e\" notation exponential mark.");
            } else {
                throw new NumberFormatException("Character array is missing \"e\" notation exponential mark.");
            }
        }
        if (!sawDigit) {
            throw new NumberFormatException("No digits found.");
        }
        if (exp != 0) {
            scl -= exp;
            if (scl > Integer.MAX_VALUE || scl < Integer.MIN_VALUE) {
                throw new NumberFormatException("Scale out of range.");
            }
        }
        BigInteger unscaled = digits.length() == 0 ? BigInteger.ZERO : new BigInteger(digits.toString());
        return new BigDecimal(negative ? unscaled.negate() : unscaled, (int) scl, 0);
    }

    /** in[offset] is the 'e'; len counts it and everything after. */
    private static long parseExponent(char[] in, int offset, int len) {
        offset++;
        char c = in[offset];
        len--;
        boolean negative = c == '-';
        if (negative || c == '+') {
            offset++;
            c = in[offset];
            len--;
        }
        if (len <= 0) {
            throw new NumberFormatException("No exponent digits.");
        }
        while (len > 10 && (c == '0' || Character.digit(c, 10) == 0)) {
            offset++;
            c = in[offset];
            len--;
        }
        if (len > 10) {
            throw new NumberFormatException("Too many nonzero exponent digits.");
        }
        long exp = 0;
        for (;; len--) {
            int v = (c >= '0' && c <= '9') ? c - '0' : Character.digit(c, 10);
            if (v < 0) {
                throw new NumberFormatException("Not a digit.");
            }
            exp = exp * 10 + v;
            if (len == 1) {
                break;
            }
            offset++;
            c = in[offset];
        }
        return negative ? -exp : exp;
    }

    // ---- helpers: powers of ten, digits, scales, rounding ----

    private static BigInteger tenPow(long n) {
        if (n < TEN_POWERS.length) {
            return TEN_POWERS[(int) n];
        }
        if (n > Integer.MAX_VALUE) {
            throw new ArithmeticException("BigInteger would overflow supported range");
        }
        return BigInteger.TEN.pow((int) n);
    }

    /** Decimal digits of |v|; 1 for zero. */
    private static int digitLength(BigInteger v) {
        if (v.signum() == 0) {
            return 1;
        }
        int bits = v.abs().bitLength();
        // floor((bits - 1) log10 2) <= digits - 1; step up while |v| >= 10^digits.
        int digits = (int) (((long) bits - 1) * 646456993L >>> 31) + 1;
        while (v.compareMagnitude(tenPow(digits)) >= 0) {
            digits++;
        }
        return digits;
    }

    private static int saturate(long s) {
        return s > Integer.MAX_VALUE ? Integer.MAX_VALUE : s < Integer.MIN_VALUE ? Integer.MIN_VALUE : (int) s;
    }

    /** The scale s as an int; out of range it saturates for zero and throws for other values. */
    private static int checkScale(BigInteger value, long s) {
        int asInt = (int) s;
        if (asInt != s) {
            asInt = s > Integer.MAX_VALUE ? Integer.MAX_VALUE : Integer.MIN_VALUE;
            if (value.signum() != 0) {
                throw new ArithmeticException(asInt > 0 ? "Underflow" : "Overflow");
            }
        }
        return asInt;
    }

    private int checkScale(long s) {
        return checkScale(intVal, s);
    }

    private static void checkRoundingMode(int roundingMode) {
        if (roundingMode < ROUND_UP || roundingMode > ROUND_UNNECESSARY) {
            throw new IllegalArgumentException("Invalid rounding mode");
        }
    }

    /** num / den rounded to an integer by the mode; den is not zero. */
    private static BigInteger divideAndRound(BigInteger num, BigInteger den, int mode) {
        BigInteger[] qr = num.divideAndRemainder(den);
        BigInteger q = qr[0];
        BigInteger r = qr[1];
        if (r.signum() == 0) {
            return q;
        }
        int sign = num.signum() * den.signum();
        return awayFromZero(mode, sign, q, r, den) ? q.add(BigInteger.valueOf(sign)) : q;
    }

    /** Whether a truncated quotient q with nonzero remainder r rounds away from zero. */
    private static boolean awayFromZero(int mode, int sign, BigInteger q, BigInteger r, BigInteger den) {
        switch (mode) {
            case ROUND_UNNECESSARY:
                throw new ArithmeticException("Rounding necessary");
            case ROUND_UP:
                return true;
            case ROUND_DOWN:
                return false;
            case ROUND_CEILING:
                return sign > 0;
            case ROUND_FLOOR:
                return sign < 0;
            default:
                int half = r.shiftLeft(1).compareMagnitude(den);
                if (half != 0) {
                    return half > 0;
                }
                return mode == ROUND_HALF_UP || (mode == ROUND_HALF_EVEN && q.isOdd());
        }
    }

    /** val rounded to mc's precision (digits dropped from the right; a carry drops one more). */
    private static BigDecimal doRound(BigDecimal val, MathContext mc) {
        int mcp = mc.precision;
        if (mcp == 0) {
            return val;
        }
        BigDecimal v = val;
        int prec;
        while ((prec = v.precision()) > mcp) {
            int drop = prec - mcp;
            BigInteger q = divideAndRound(v.intVal, tenPow(drop), mc.roundingMode.oldMode);
            v = new BigDecimal(q, v.checkScale((long) v.scale - drop), 0);
        }
        return v;
    }

    /** Drops trailing zeros of v while its scale is above preferredScale. */
    private static BigDecimal stripZerosToMatchScale(BigInteger v, int scale, long preferredScale) {
        while (v.compareMagnitude(BigInteger.TEN) >= 0 && scale > preferredScale) {
            if (v.isOdd()) {
                break;
            }
            BigInteger[] qr = v.divideAndRemainder(BigInteger.TEN);
            if (qr[1].signum() != 0) {
                break;
            }
            v = qr[0];
            scale = checkScale(v, (long) scale - 1);
        }
        return new BigDecimal(v, scale, 0);
    }

    /** The unscaled value times 10^n (n >= 0). */
    private static BigInteger scaleUp(BigInteger v, long n) {
        return n == 0 ? v : v.multiply(tenPow(n));
    }

    // ---- accessors ----

    public int scale() {
        return scale;
    }

    public int precision() {
        int p = precision;
        if (p == 0) {
            p = digitLength(intVal);
            precision = p;
        }
        return p;
    }

    public BigInteger unscaledValue() {
        return intVal;
    }

    public int signum() {
        return intVal.signum();
    }

    public BigDecimal ulp() {
        return new BigDecimal(BigInteger.ONE, scale, 1);
    }

    // ---- addition, subtraction, multiplication ----

    public BigDecimal add(BigDecimal augend) {
        long diff = (long) scale - augend.scale;
        if (diff == 0) {
            return new BigDecimal(intVal.add(augend.intVal), scale, 0);
        }
        if (diff > 0) {
            return new BigDecimal(intVal.add(scaleUp(augend.intVal, diff)), scale, 0);
        }
        return new BigDecimal(scaleUp(intVal, -diff).add(augend.intVal), augend.scale, 0);
    }

    public BigDecimal add(BigDecimal augend, MathContext mc) {
        if (mc.precision == 0) {
            return add(augend);
        }
        boolean lhsZero = signum() == 0;
        boolean augendZero = augend.signum() == 0;
        if (lhsZero || augendZero) {
            return addToZero(lhsZero ? augend : this, Math.max(scale, augend.scale), lhsZero && augendZero, mc);
        }
        BigDecimal fine = scale > augend.scale ? this : augend;
        BigDecimal coarse = fine == this ? augend : this;
        return doRound(coarse.add(condenseBelow(coarse, fine, mc)), mc);
    }

    /**
     * An addend far below the other one's last digit and below the result's rounding position
     * only decides the rounding by its sign: it stands in as one unit three digits below both,
     * so 1E+1000000000 + 1 does not build a billion-digit sum (digit positions count like
     * scales: the digit worth 10^-k is at k).
     */
    private static BigDecimal condenseBelow(BigDecimal coarse, BigDecimal fine, MathContext mc) {
        long resultUlpPosition = (long) coarse.scale - coarse.precision() + mc.precision;
        long fineTopPosition = (long) fine.scale - fine.precision() + 1;
        if (fineTopPosition > coarse.scale + 2L && fineTopPosition > resultUlpPosition + 2) {
            long position = Math.max(coarse.scale, resultUlpPosition) + 3;
            return new BigDecimal(BigInteger.valueOf(fine.signum()), coarse.checkScale(position), 1);
        }
        return fine;
    }

    /** 0 + x: x rounded, then brought as close to the preferred scale as mc's precision allows. */
    private static BigDecimal addToZero(BigDecimal other, int preferredScale, boolean bothZero, MathContext mc) {
        if (bothZero) {
            return zeroValueOf(preferredScale);
        }
        BigDecimal result = doRound(other, mc);
        if (result.scale == preferredScale) {
            return result;
        }
        if (result.scale > preferredScale) {
            return stripZerosToMatchScale(result.intVal, result.scale, preferredScale);
        }
        int precisionDiff = mc.precision - result.precision();
        int scaleDiff = preferredScale - result.scale;
        if (precisionDiff >= scaleDiff) {
            return result.setScale(preferredScale);
        }
        return result.setScale(result.scale + precisionDiff);
    }

    public BigDecimal subtract(BigDecimal subtrahend) {
        return add(subtrahend.negate());
    }

    public BigDecimal subtract(BigDecimal subtrahend, MathContext mc) {
        return add(subtrahend.negate(), mc);
    }

    public BigDecimal multiply(BigDecimal multiplicand) {
        int productScale = checkScale((long) scale + multiplicand.scale);
        return new BigDecimal(intVal.multiply(multiplicand.intVal), productScale, 0);
    }

    public BigDecimal multiply(BigDecimal multiplicand, MathContext mc) {
        if (mc.precision == 0) {
            return multiply(multiplicand);
        }
        return doRound(multiply(multiplicand), mc);
    }

    // ---- division ----

    /** this / divisor rounded to the given scale. */
    public BigDecimal divide(BigDecimal divisor, int scale, int roundingMode) {
        checkRoundingMode(roundingMode);
        // a / b at scale t: (A / B) 10^(t + sb - sa)
        long k = (long) scale + divisor.scale - this.scale;
        if (divisor.signum() == 0) {
            throw new ArithmeticException(divideByZeroMessage(k));
        }
        BigInteger num = k >= 0 ? scaleUp(intVal, k) : intVal;
        BigInteger den = k >= 0 ? divisor.intVal : scaleUp(divisor.intVal, -k);
        return new BigDecimal(divideAndRound(num, den, roundingMode), scale, 0);
    }

    /**
     * The JDK divides longs when the dividend (times the power of ten it is raised by) fits a
     * long and the divisor's power of ten is small, and BigIntegers otherwise: the two say
     * different things about a zero divisor.
     */
    private String divideByZeroMessage(long raise) {
        // The JDK's compact form is a long other than Long.MIN_VALUE (its "inflated" marker).
        boolean compactDividend = intVal.bitLength() <= 63 && intVal.longValue() != Long.MIN_VALUE;
        if (!compactDividend) {
            return "BigInteger divide by zero";
        }
        if (raise > 0) {
            boolean fits = raise < 19 && scaleUp(intVal, raise).bitLength() <= 63;
            return fits ? "/ by zero" : "BigInteger divide by zero";
        }
        return raise > -19 ? "/ by zero" : "BigInteger divide by zero";
    }

    public BigDecimal divide(BigDecimal divisor, int scale, RoundingMode roundingMode) {
        return divide(divisor, scale, roundingMode.oldMode);
    }

    public BigDecimal divide(BigDecimal divisor, int roundingMode) {
        return divide(divisor, scale, roundingMode);
    }

    public BigDecimal divide(BigDecimal divisor, RoundingMode roundingMode) {
        return divide(divisor, scale, roundingMode.oldMode);
    }

    /** The exact quotient, at the preferred scale this.scale - divisor.scale if possible. */
    public BigDecimal divide(BigDecimal divisor) {
        checkNotDivisionByZero(divisor);
        int preferredScale = saturate((long) scale - divisor.scale);
        if (signum() == 0) {
            return zeroValueOf(preferredScale);
        }
        // A terminating quotient has at most this many digits.
        long digits = precision() + (long) Math.ceil(10.0 * divisor.precision() / 3.0);
        MathContext mc = new MathContext((int) Math.min(digits, Integer.MAX_VALUE), RoundingMode.UNNECESSARY);
        BigDecimal quotient;
        try {
            quotient = divide(divisor, mc);
        } catch (ArithmeticException e) {
            throw new ArithmeticException("Non-terminating decimal expansion; no exact representable decimal result.");
        }
        if (preferredScale > quotient.scale) {
            return quotient.setScale(preferredScale, ROUND_UNNECESSARY);
        }
        return quotient;
    }

    private void checkNotDivisionByZero(BigDecimal divisor) {
        if (divisor.signum() == 0) {
            throw new ArithmeticException(signum() == 0 ? "Division undefined" : "Division by zero");
        }
    }

    /**
     * this / divisor to mc.precision significant digits. An exact quotient loses trailing zeros
     * down to the preferred scale (this.scale - divisor.scale); a rounded one keeps all its
     * digits.
     */
    public BigDecimal divide(BigDecimal divisor, MathContext mc) {
        if (mc.precision == 0) {
            return divide(divisor);
        }
        long preferredScale = (long) scale - divisor.scale;
        checkNotDivisionByZero(divisor);
        if (signum() == 0) {
            return zeroValueOf(saturate(preferredScale));
        }
        int p = mc.precision;
        // |A / B| lies in [10^e, 10^(e+1)) with e = pa - pb or pa - pb - 1.
        long e = (long) precision() - divisor.precision();
        BigInteger a = intVal.abs();
        BigInteger b = divisor.intVal.abs();
        int cmp = e >= 0 ? a.compareTo(scaleUp(b, e)) : scaleUp(a, -e).compareTo(b);
        if (cmp < 0) {
            e--;
        }
        // q = A 10^k / B has p digits: k = p - 1 - e; the result's scale is k + sa - sb.
        long k = p - 1 - e;
        long resultScale = k + preferredScale;
        BigInteger num = k >= 0 ? scaleUp(intVal, k) : intVal;
        BigInteger den = k >= 0 ? divisor.intVal : scaleUp(divisor.intVal, -k);
        BigInteger[] qr = num.divideAndRemainder(den);
        if (qr[1].signum() == 0) {
            int s = checkScale(qr[0], resultScale);
            return stripZerosToMatchScale(qr[0], s, saturate(preferredScale));
        }
        BigInteger q = divideAndRound(num, den, mc.roundingMode.oldMode);
        int s = checkScale(q, resultScale);
        return doRound(new BigDecimal(q, s, 0), mc);
    }

    public BigDecimal divideToIntegralValue(BigDecimal divisor) {
        int preferredScale = saturate((long) scale - divisor.scale);
        if (compareMagnitude(divisor) < 0) {
            return zeroValueOf(preferredScale);
        }
        if (signum() == 0 && divisor.signum() != 0) {
            return setScale(preferredScale, ROUND_UNNECESSARY);
        }
        // Enough digits for the whole integer part, then drop the fraction.
        long maxDigits = precision() + (long) Math.ceil(10.0 * divisor.precision() / 3.0)
                + Math.abs((long) scale - divisor.scale) + 2;
        BigDecimal quotient = divide(divisor, new MathContext((int) Math.min(maxDigits, Integer.MAX_VALUE),
                RoundingMode.DOWN));
        if (quotient.scale > 0) {
            quotient = quotient.setScale(0, RoundingMode.DOWN);
            quotient = stripZerosToMatchScale(quotient.intVal, quotient.scale, preferredScale);
        }
        if (quotient.scale < preferredScale) {
            quotient = quotient.setScale(preferredScale, ROUND_UNNECESSARY);
        }
        return quotient;
    }

    public BigDecimal divideToIntegralValue(BigDecimal divisor, MathContext mc) {
        if (mc.precision == 0 || compareMagnitude(divisor) < 0) {
            return divideToIntegralValue(divisor);
        }
        int preferredScale = saturate((long) scale - divisor.scale);
        BigDecimal result = divide(divisor, new MathContext(mc.precision, RoundingMode.DOWN));
        if (result.scale < 0) {
            // An integer: is it the whole integer part, or did the precision cut it short?
            BigDecimal product = result.multiply(divisor);
            if (subtract(product).compareMagnitude(divisor) >= 0) {
                throw new ArithmeticException("Division impossible");
            }
        } else if (result.scale > 0) {
            result = result.setScale(0, RoundingMode.DOWN);
        }
        int precisionDiff;
        if (preferredScale > result.scale && (precisionDiff = mc.precision - result.precision()) > 0) {
            return result.setScale(result.scale + Math.min(precisionDiff, preferredScale - result.scale));
        }
        return stripZerosToMatchScale(result.intVal, result.scale, preferredScale);
    }

    public BigDecimal remainder(BigDecimal divisor) {
        return divideAndRemainder(divisor)[1];
    }

    public BigDecimal remainder(BigDecimal divisor, MathContext mc) {
        return divideAndRemainder(divisor, mc)[1];
    }

    public BigDecimal[] divideAndRemainder(BigDecimal divisor) {
        BigDecimal q = divideToIntegralValue(divisor);
        return new BigDecimal[] {q, subtract(q.multiply(divisor))};
    }

    public BigDecimal[] divideAndRemainder(BigDecimal divisor, MathContext mc) {
        if (mc.precision == 0) {
            return divideAndRemainder(divisor);
        }
        BigDecimal q = divideToIntegralValue(divisor, mc);
        return new BigDecimal[] {q, subtract(q.multiply(divisor))};
    }

    // ---- powers, sign, rounding ----

    public BigDecimal pow(int n) {
        if (n < 0 || n > 999999999) {
            throw new ArithmeticException("Invalid operation");
        }
        int newScale = checkScale((long) scale * n);
        return new BigDecimal(intVal.pow(n), newScale, 0);
    }

    /**
     * ANSI X3.274 power: square-and-multiply from the top bit at precision + digits(n) + 1,
     * a reciprocal for negative n, then rounded to mc.
     */
    public BigDecimal pow(int n, MathContext mc) {
        if (mc.precision == 0) {
            return pow(n);
        }
        if (n < -999999999 || n > 999999999) {
            throw new ArithmeticException("Invalid operation");
        }
        if (n == 0) {
            return ONE;
        }
        int mag = Math.abs(n);
        int exponentDigits = digitLength(BigInteger.valueOf(mag));
        if (exponentDigits > mc.precision) {
            throw new ArithmeticException("Invalid operation");
        }
        MathContext work = new MathContext(mc.precision + exponentDigits + 1, mc.roundingMode);
        BigDecimal acc = ONE;
        boolean started = false;
        for (int bit = 30; bit >= 0; bit--) {
            if (started) {
                acc = acc.multiply(acc, work);
            }
            if ((mag & (1 << bit)) != 0) {
                acc = acc.multiply(this, work);
                started = true;
            }
        }
        if (n < 0) {
            acc = ONE.divide(acc, work);
        }
        return doRound(acc, mc);
    }

    /**
     * The square root to mc.precision digits (precision 0: the exact root), then given the scale
     * closest to the preferred this.scale / 2: stripped of trailing zeros and added to a zero of
     * the preferred scale at the same precision.
     *
     * <p>The digits come from Newton's iteration on the value brought into [0.1, 10) (Hull and
     * Abrham's properly rounded square root), started from Math.sqrt and run with the working
     * precisions JDK 17 uses, then rounded and corrected by one ulp for the directed modes as
     * JDK 17 corrects them. A correctly rounded root differs from JDK 17's in one way this keeps:
     * in UP and CEILING an exact root that the iteration approaches from above gains an ulp.
     */
    public BigDecimal sqrt(MathContext mc) {
        if (signum() < 0) {
            throw new ArithmeticException("Attempted square root of negative BigDecimal");
        }
        int preferredScale = scale / 2;
        if (signum() == 0) {
            return zeroValueOf(preferredScale);
        }
        BigDecimal root = newtonSqrt(mc);
        if (root.scale == preferredScale) {
            return root;
        }
        return root.stripTrailingZeros().add(zeroValueOf(preferredScale),
                new MathContext(mc.precision, RoundingMode.UNNECESSARY));
    }

    private static final BigDecimal ONE_HALF = new BigDecimal(BigInteger.valueOf(5), 1, 1);
    private static final BigDecimal ONE_TENTH = new BigDecimal(BigInteger.ONE, 1, 1);

    private BigDecimal newtonSqrt(MathContext mc) {
        BigDecimal stripped = stripTrailingZeros();
        if (stripped.intVal.equals(BigInteger.ONE) && (stripped.scale & 1) == 0) {
            return new BigDecimal(BigInteger.ONE, stripped.scale / 2, 1); // a power of ten
        }
        // working = stripped 10^shift in [0.1, 10), shift even: sqrt(x) = sqrt(working) 10^(-shift/2)
        int exponentScale = stripped.scale - stripped.precision() + 1;
        int shift = exponentScale % 2 == 0 ? exponentScale : exponentScale - 1;
        BigDecimal working = stripped.scaleByPowerOfTen(shift);
        int targetPrecision = sqrtTargetPrecision(mc, stripped);
        BigDecimal approx = newtonIterate(working, targetPrecision);
        BigDecimal scaledBack = approx.scaleByPowerOfTen(-shift / 2);
        RoundingMode mode = mc.roundingMode;
        if (mode == RoundingMode.UNNECESSARY || mc.precision == 0) {
            RoundingMode truncating = mode == RoundingMode.UNNECESSARY ? RoundingMode.DOWN : mode;
            BigDecimal result = scaledBack.round(new MathContext(targetPrecision, truncating));
            if (subtract(result.multiply(result)).signum() != 0) {
                throw new ArithmeticException("Computed square root not exact.");
            }
            return result;
        }
        BigDecimal result = scaledBack.round(mc);
        if ((mode == RoundingMode.DOWN || mode == RoundingMode.FLOOR) && result.multiply(result).compareTo(this) > 0) {
            BigDecimal ulp = result.ulp();
            if (approx.compareTo(ONE) == 0) {
                ulp = ulp.multiply(ONE_TENTH); // below a power of ten the next number is closer
            }
            result = result.subtract(ulp);
        } else if ((mode == RoundingMode.UP || mode == RoundingMode.CEILING)
                && result.multiply(result).compareTo(this) < 0) {
            result = result.add(result.ulp());
        }
        return result;
    }

    /** Digits the iteration must reach: twice the precision for the half-way modes. */
    private static int sqrtTargetPrecision(MathContext mc, BigDecimal stripped) {
        if (mc.precision == 0) {
            return stripped.precision() / 2 + 1;
        }
        switch (mc.roundingMode) {
            case HALF_UP:
            case HALF_DOWN:
            case HALF_EVEN:
                int doubled = 2 * mc.precision;
                return doubled < 0 ? Integer.MAX_VALUE - 2 : doubled;
            default:
                return mc.precision;
        }
    }

    /** approx = (approx + working / approx) / 2 from a double's root, doubling the digits each step. */
    private static BigDecimal newtonIterate(BigDecimal working, int targetPrecision) {
        BigDecimal approx = new BigDecimal(Math.sqrt(working.doubleValue()));
        int guessPrecision = 15;
        do {
            int digits = Math.max(Math.max(guessPrecision, targetPrecision + 2), working.precision());
            MathContext step = new MathContext(digits, RoundingMode.HALF_EVEN);
            approx = ONE_HALF.multiply(approx.add(working.divide(approx, step), step));
            guessPrecision *= 2;
        } while (guessPrecision < targetPrecision + 2);
        return approx;
    }

    public BigDecimal abs() {
        return signum() < 0 ? negate() : this;
    }

    public BigDecimal abs(MathContext mc) {
        return signum() < 0 ? negate(mc) : plus(mc);
    }

    public BigDecimal negate() {
        return new BigDecimal(intVal.negate(), scale, precision);
    }

    public BigDecimal negate(MathContext mc) {
        return negate().plus(mc);
    }

    public BigDecimal plus() {
        return this;
    }

    public BigDecimal plus(MathContext mc) {
        if (mc.precision == 0) {
            return this;
        }
        return doRound(this, mc);
    }

    public BigDecimal round(MathContext mc) {
        return plus(mc);
    }

    // ---- scale ----

    public BigDecimal setScale(int newScale, RoundingMode roundingMode) {
        return setScale(newScale, roundingMode.oldMode);
    }

    public BigDecimal setScale(int newScale, int roundingMode) {
        checkRoundingMode(roundingMode);
        if (newScale == scale) {
            return this;
        }
        if (signum() == 0) {
            return zeroValueOf(newScale);
        }
        long diff = (long) newScale - scale;
        if (diff > 0) {
            return new BigDecimal(scaleUp(intVal, diff), newScale, 0);
        }
        return new BigDecimal(divideAndRound(intVal, tenPow(-diff), roundingMode), newScale, 0);
    }

    public BigDecimal setScale(int newScale) {
        return setScale(newScale, ROUND_UNNECESSARY);
    }

    public BigDecimal movePointLeft(int n) {
        if (n == 0) {
            return this;
        }
        BigDecimal num = new BigDecimal(intVal, checkScale((long) scale + n), 0);
        return num.scale < 0 ? num.setScale(0, ROUND_UNNECESSARY) : num;
    }

    public BigDecimal movePointRight(int n) {
        if (n == 0) {
            return this;
        }
        BigDecimal num = new BigDecimal(intVal, checkScale((long) scale - n), 0);
        return num.scale < 0 ? num.setScale(0, ROUND_UNNECESSARY) : num;
    }

    public BigDecimal scaleByPowerOfTen(int n) {
        return new BigDecimal(intVal, checkScale((long) scale - n), precision);
    }

    public BigDecimal stripTrailingZeros() {
        if (signum() == 0) {
            return ZERO;
        }
        return stripZerosToMatchScale(intVal, scale, Long.MIN_VALUE);
    }

    // ---- comparison ----

    public int compareTo(BigDecimal val) {
        if (scale == val.scale) {
            return intVal.compareTo(val.intVal);
        }
        int xsign = signum();
        int ysign = val.signum();
        if (xsign != ysign) {
            return xsign > ysign ? 1 : -1;
        }
        if (xsign == 0) {
            return 0;
        }
        int cmp = compareMagnitude(val);
        return xsign > 0 ? cmp : -cmp;
    }

    /** |this| against |val|, deciding by adjusted exponents before aligning scales. */
    private int compareMagnitude(BigDecimal val) {
        if (signum() == 0) {
            return val.signum() == 0 ? 0 : -1;
        }
        if (val.signum() == 0) {
            return 1;
        }
        long sdiff = (long) scale - val.scale;
        if (sdiff != 0) {
            long xae = (long) precision() - scale;
            long yae = (long) val.precision() - val.scale;
            if (xae != yae) {
                return xae < yae ? -1 : 1;
            }
        }
        if (sdiff <= 0) {
            return scaleUp(intVal, -sdiff).compareMagnitude(val.intVal);
        }
        return intVal.compareMagnitude(scaleUp(val.intVal, sdiff));
    }

    @Override
    public boolean equals(Object x) {
        if (!(x instanceof BigDecimal)) {
            return false;
        }
        BigDecimal o = (BigDecimal) x;
        return x == this || (scale == o.scale && intVal.equals(o.intVal));
    }

    @Override
    public int hashCode() {
        return 31 * intVal.hashCode() + scale;
    }

    public BigDecimal min(BigDecimal val) {
        return compareTo(val) <= 0 ? this : val;
    }

    public BigDecimal max(BigDecimal val) {
        return compareTo(val) >= 0 ? this : val;
    }

    // ---- strings ----

    @Override
    public String toString() {
        return layout(true);
    }

    public String toEngineeringString() {
        return layout(false);
    }

    /**
     * Plain notation when the scale is not negative and the adjusted exponent
     * (-scale + digits - 1) is at least -6; otherwise one digit before the point (scientific) or
     * one to three (engineering, exponent a multiple of three) and an exponent.
     */
    private String layout(boolean sci) {
        if (scale == 0) {
            return intVal.toString();
        }
        String coeff = intVal.abs().toString();
        int coeffLen = coeff.length();
        StringBuilder buf = new StringBuilder(coeffLen + 14);
        if (signum() < 0) {
            buf.append('-');
        }
        long adjusted = -(long) scale + (coeffLen - 1);
        if (scale >= 0 && adjusted >= -6) {
            appendPlainFraction(buf, coeff, scale);
            return buf.toString();
        }
        if (sci) {
            buf.append(coeff.charAt(0));
            if (coeffLen > 1) {
                buf.append('.').append(coeff, 1, coeffLen);
            }
        } else {
            adjusted = appendEngineeringSignificand(buf, coeff, adjusted);
        }
        if (adjusted != 0) {
            buf.append('E');
            if (adjusted > 0) {
                buf.append('+');
            }
            buf.append(adjusted);
        }
        return buf.toString();
    }

    /** Digits with the point scale places from the right (scale >= 0), "0." and zeros if needed. */
    private static void appendPlainFraction(StringBuilder buf, String coeff, int scale) {
        int pad = scale - coeff.length();
        if (pad >= 0) {
            buf.append("0.");
            for (; pad > 0; pad--) {
                buf.append('0');
            }
            buf.append(coeff);
        } else {
            buf.append(coeff, 0, -pad).append('.').append(coeff, -pad, coeff.length());
        }
    }

    /** Appends 1-3 integer digits (and the fraction); returns the exponent, a multiple of 3. */
    private long appendEngineeringSignificand(StringBuilder buf, String coeff, long adjusted) {
        int coeffLen = coeff.length();
        int sig = (int) (adjusted % 3);
        if (sig < 0) {
            sig += 3;
        }
        adjusted -= sig;
        sig++;
        if (signum() == 0) {
            if (sig == 1) {
                buf.append('0');
            } else if (sig == 2) {
                buf.append("0.00");
                adjusted += 3;
            } else {
                buf.append("0.0");
                adjusted += 3;
            }
        } else if (sig >= coeffLen) {
            buf.append(coeff);
            for (int i = sig - coeffLen; i > 0; i--) {
                buf.append('0');
            }
        } else {
            buf.append(coeff, 0, sig).append('.').append(coeff, sig, coeffLen);
        }
        return adjusted;
    }

    public String toPlainString() {
        if (scale == 0) {
            return intVal.toString();
        }
        if (scale < 0) {
            if (signum() == 0) {
                return "0";
            }
            int zeros = checkScale(-(long) scale);
            StringBuilder buf = new StringBuilder(intVal.toString());
            for (int i = 0; i < zeros; i++) {
                buf.append('0');
            }
            return buf.toString();
        }
        StringBuilder buf = new StringBuilder();
        if (signum() < 0) {
            buf.append('-');
        }
        appendPlainFraction(buf, intVal.abs().toString(), scale);
        return buf.toString();
    }

    // ---- conversions ----

    public BigInteger toBigInteger() {
        return setScale(0, ROUND_DOWN).intVal;
    }

    public BigInteger toBigIntegerExact() {
        return setScale(0, ROUND_UNNECESSARY).intVal;
    }

    /** Whether |this| < 1 (and not zero: callers test zero first). */
    private boolean fractionOnly() {
        return precision() - (long) scale <= 0;
    }

    @Override
    public long longValue() {
        if (signum() == 0 || fractionOnly() || scale <= -64) {
            return 0;
        }
        return toBigInteger().longValue();
    }

    @Override
    public int intValue() {
        return (int) longValue();
    }

    public long longValueExact() {
        if (scale == 0 && intVal.bitLength() <= 63) {
            return intVal.longValue();
        }
        if (signum() == 0) {
            return 0;
        }
        if (fractionOnly()) {
            throw new ArithmeticException("Rounding necessary");
        }
        if (precision() - (long) scale > 19) {
            throw new ArithmeticException("Overflow");
        }
        BigInteger num = setScale(0, ROUND_UNNECESSARY).intVal;
        if (num.bitLength() > 63) {
            throw new ArithmeticException("Overflow");
        }
        return num.longValue();
    }

    public int intValueExact() {
        long num = longValueExact();
        if ((int) num != num) {
            throw new ArithmeticException("Overflow");
        }
        return (int) num;
    }

    public short shortValueExact() {
        long num = longValueExact();
        if ((short) num != num) {
            throw new ArithmeticException("Overflow");
        }
        return (short) num;
    }

    public byte byteValueExact() {
        long num = longValueExact();
        if ((byte) num != num) {
            throw new ArithmeticException("Overflow");
        }
        return (byte) num;
    }

    /** The nearest double (correctly rounded, as the JDK's). */
    @Override
    public double doubleValue() {
        if (scale == 0 && intVal.bitLength() <= 63) {
            return (double) intVal.longValue();
        }
        return Double.parseDouble(toString());
    }

    @Override
    public float floatValue() {
        if (scale == 0 && intVal.bitLength() <= 63) {
            return (float) intVal.longValue();
        }
        return Float.parseFloat(toString());
    }
}
