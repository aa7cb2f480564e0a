package java.math;

import java.util.Random;

/**
 * Immutable arbitrary-precision integers.
 *
 * <p>Representation: sign and magnitude. {@code signum} is -1, 0 or 1; {@code mag} holds the
 * absolute value as unsigned 32-bit words, <b>least significant word first</b> (little-endian),
 * with no zero word at the top: zero is {@code signum == 0} with an empty array, and every other
 * value has {@code mag[mag.length - 1] != 0}. Arrays are never shared with callers and never
 * changed after construction, so values may share them.
 *
 * <p>Arithmetic works on magnitudes ({@code int[]} helpers below, word by word with {@code long}
 * intermediates masked to 32 unsigned bits): schoolbook multiplication, Karatsuba above
 * {@link #KARATSUBA_THRESHOLD} words, Knuth's algorithm D for division. Bit operations see the
 * value in infinite two's complement, word by word through {@link #twosWord}.
 *
 * <p>Observable behaviour (results, {@code hashCode}, {@code toString}, exception types and
 * messages) is that of JDK 17's {@code java.math.BigInteger}; the algorithms are gcvm's own.
 * {@code probablePrime} and {@code BigInteger(int, int, Random)} draw their candidates as the
 * JDK does, so the same seed gives the same prime.
 */
public class BigInteger extends Number implements Comparable<BigInteger> {

    private static final long serialVersionUID = -8287574255936472291L;
    private static final long MASK = 0xffffffffL;
    private static final int[] NO_WORDS = new int[0];

    /** Below this many words (in the shorter factor) multiplication is schoolbook. */
    private static final int KARATSUBA_THRESHOLD = 48;

    /** Digits of the given radix that always fit a positive int (as the JDK groups them). */
    private static final int[] DIGITS_PER_INT = {0, 0, 30, 19, 15, 13, 11, 11, 10, 9, 9, 8, 8, 8,
        8, 7, 7, 7, 7, 7, 7, 7, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5};

    final int signum;
    final int[] mag;

    public static final BigInteger ZERO = new BigInteger(0, NO_WORDS);
    public static final BigInteger ONE = new BigInteger(1, new int[] {1});
    public static final BigInteger TWO = new BigInteger(1, new int[] {2});
    public static final BigInteger TEN = new BigInteger(1, new int[] {10});
    private static final BigInteger NEGATIVE_ONE = new BigInteger(-1, new int[] {1});

    private static final BigInteger[] SMALL = new BigInteger[17];

    static {
        for (int i = 0; i <= 16; i++) {
            SMALL[i] = i == 0 ? ZERO : new BigInteger(1, new int[] {i});
        }
    }

    // ---- construction ----

    /** Trusted constructor: {@code words} is trimmed and owned; signum is 0 iff it is empty. */
    private BigInteger(int signum, int[] words) {
        this.signum = words.length == 0 ? 0 : signum;
        this.mag = words;
    }

    /** A value from a sign and a magnitude that may carry zero words at the top. */
    static BigInteger of(int sign, int[] words) {
        int[] t = trim(words);
        return t.length == 0 ? ZERO : new BigInteger(sign, t);
    }

    public BigInteger(String val) {
        this(val, 10);
    }

    public BigInteger(String val, int radix) {
        BigInteger parsed = parse(val, radix);
        this.signum = parsed.signum;
        this.mag = parsed.mag;
    }

    public BigInteger(byte[] val) {
        this(val, 0, val.length);
    }

    public BigInteger(byte[] val, int off, int len) {
        if (val.length == 0) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        java.util.Objects.checkFromIndexSize(off, len, val.length);
        BigInteger v = fromTwosComplementBytes(val, off, len);
        this.signum = v.signum;
        this.mag = v.mag;
    }

    public BigInteger(int signum, byte[] magnitude) {
        this(signum, magnitude, 0, magnitude.length);
    }

    public BigInteger(int signum, byte[] magnitude, int off, int len) {
        if (signum < -1 || signum > 1) {
            throw new NumberFormatException("Invalid signum value");
        }
        java.util.Objects.checkFromIndexSize(off, len, magnitude.length);
        int[] words = trim(wordsFromBytes(magnitude, off, len));
        if (words.length != 0 && signum == 0) {
            throw new NumberFormatException("signum-magnitude mismatch");
        }
        this.signum = words.length == 0 ? 0 : signum;
        this.mag = words;
    }

    /** A uniformly distributed value in [0, 2^numBits), drawn as the JDK draws it. */
    public BigInteger(int numBits, Random rnd) {
        if (numBits < 0) {
            throw new IllegalArgumentException("numBits must be non-negative");
        }
        byte[] bytes = new byte[0];
        if (numBits > 0) {
            int numBytes = (int) (((long) numBits + 7) / 8);
            bytes = new byte[numBytes];
            rnd.nextBytes(bytes);
            int excessBits = 8 * numBytes - numBits;
            bytes[0] &= (byte) ((1 << (8 - excessBits)) - 1);
        }
        int[] words = trim(wordsFromBytes(bytes, 0, bytes.length));
        this.signum = words.length == 0 ? 0 : 1;
        this.mag = words;
    }

    public static BigInteger valueOf(long val) {
        if (val >= 0 && val <= 16) {
            return SMALL[(int) val];
        }
        if (val == -1) {
            return NEGATIVE_ONE;
        }
        return fromLong(val);
    }

    private static BigInteger fromLong(long val) {
        int sign = val < 0 ? -1 : 1;
        long abs = val < 0 ? -val : val; // Long.MIN_VALUE stays 2^63 read unsigned
        return of(sign, new int[] {(int) abs, (int) (abs >>> 32)});
    }

    // ---- parsing and printing ----

    private static BigInteger parse(String val, int radix) {
        int len = val.length();
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            throw new NumberFormatException("Radix out of range");
        }
        if (len == 0) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        int sign = 1;
        int cursor = 0;
        int minus = val.lastIndexOf('-');
        int plus = val.lastIndexOf('+');
        if (minus >= 0) {
            if (minus != 0 || plus >= 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            sign = -1;
            cursor = 1;
        } else if (plus >= 0) {
            if (plus != 0) {
                throw new NumberFormatException("Illegal embedded sign character");
            }
            cursor = 1;
        }
        if (cursor == len) {
            throw new NumberFormatException("Zero length BigInteger");
        }
        while (cursor < len && Character.digit(val.charAt(cursor), radix) == 0) {
            cursor++;
        }
        if (cursor == len) {
            return ZERO;
        }
        // Groups of DIGITS_PER_INT digits, the first one shorter, each parsed by Integer.parseInt
        // (so a bad digit is reported with its group, as the JDK reports it).
        int perInt = DIGITS_PER_INT[radix];
        int groupBase = intPow(radix, perInt);
        int numDigits = len - cursor;
        int firstLen = numDigits % perInt;
        if (firstLen == 0) {
            firstLen = perInt;
        }
        int[] acc = new int[(int) ((long) numDigits * 6 / 32) + 2];
        int used = 0;
        int end = cursor + firstLen;
        while (cursor < len) {
            String group = val.substring(cursor, end);
            int groupVal = Integer.parseInt(group, radix);
            if (groupVal < 0) {
                throw new NumberFormatException("Illegal digit");
            }
            int mul = used == 0 ? 0 : (end - cursor == perInt ? groupBase : intPow(radix, end - cursor));
            used = mulAddInPlace(acc, used, mul, groupVal);
            cursor = end;
            end = cursor + perInt;
        }
        return of(sign, acc);
    }

    private static ArithmeticException overflow() {
        return new ArithmeticException("BigInteger would overflow supported range");
    }

    private static int intPow(int base, int exp) {
        int r = 1;
        for (int i = 0; i < exp; i++) {
            r *= base;
        }
        return r;
    }

    /** acc[0..used) = acc * mul + add, in place; returns the new used length. */
    private static int mulAddInPlace(int[] acc, int used, int mul, int add) {
        long carry = add & MASK;
        long m = mul & MASK;
        for (int i = 0; i < used; i++) {
            long p = (acc[i] & MASK) * m + carry;
            acc[i] = (int) p;
            carry = p >>> 32;
        }
        if (carry != 0) {
            acc[used++] = (int) carry;
        }
        return used;
    }

    @Override
    public String toString() {
        return toString(10);
    }

    public String toString(int radix) {
        if (signum == 0) {
            return "0";
        }
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        int perInt = DIGITS_PER_INT[radix];
        int chunkBase = intPow(radix, perInt);
        // Peel off chunks of perInt digits, least significant first.
        int[] work = mag.clone();
        int len = work.length;
        int[] chunks = new int[len * 32 / perInt + 2];
        int count = 0;
        while (len > 0) {
            chunks[count++] = divideInPlaceByWord(work, len, chunkBase);
            while (len > 0 && work[len - 1] == 0) {
                len--;
            }
        }
        StringBuilder sb = new StringBuilder(count * perInt + 1);
        if (signum < 0) {
            sb.append('-');
        }
        sb.append(Integer.toString(chunks[count - 1], radix));
        for (int i = count - 2; i >= 0; i--) {
            String digits = Integer.toString(chunks[i], radix);
            for (int pad = perInt - digits.length(); pad > 0; pad--) {
                sb.append('0');
            }
            sb.append(digits);
        }
        return sb.toString();
    }

    /** work[0..len) /= divisor in place; returns the remainder. */
    private static int divideInPlaceByWord(int[] work, int len, int divisor) {
        long d = divisor & MASK;
        long rem = 0;
        for (int i = len - 1; i >= 0; i--) {
            long cur = (rem << 32) | (work[i] & MASK);
            long q = cur >= 0 ? cur / d : Long.divideUnsigned(cur, d);
            rem = cur - q * d;
            work[i] = (int) q;
        }
        return (int) rem;
    }

    // ---- bytes ----

    /** Big-endian unsigned bytes to little-endian words (untrimmed). */
    private static int[] wordsFromBytes(byte[] b, int off, int len) {
        int[] words = new int[(len + 3) / 4];
        for (int i = 0; i < len; i++) {
            int fromEnd = len - 1 - i; // byte position counted from the least significant
            words[fromEnd >>> 2] |= (b[off + i] & 0xff) << ((fromEnd & 3) * 8);
        }
        return words;
    }

    private static BigInteger fromTwosComplementBytes(byte[] b, int off, int len) {
        int[] words = wordsFromBytes(b, off, len);
        if (len > 0 && b[off] < 0) {
            // Sign-extend the top word, then negate the two's complement.
            int topBytes = len & 3;
            if (topBytes != 0) {
                words[words.length - 1] |= -1 << (topBytes * 8);
            }
            return of(-1, negateWords(words));
        }
        return of(1, words);
    }

    public byte[] toByteArray() {
        int byteLen = bitLength() / 8 + 1;
        byte[] out = new byte[byteLen];
        for (int i = 0; i < byteLen; i++) {
            int word = twosWord(i >>> 2);
            out[byteLen - 1 - i] = (byte) (word >>> ((i & 3) * 8));
        }
        return out;
    }

    // ---- magnitude helpers (little-endian int[]) ----

    private static int[] trim(int[] w) {
        int n = w.length;
        while (n > 0 && w[n - 1] == 0) {
            n--;
        }
        if (n == w.length) {
            return w;
        }
        int[] t = new int[n];
        System.arraycopy(w, 0, t, 0, n);
        return t;
    }

    private static int compareMag(int[] a, int[] b) {
        if (a.length != b.length) {
            return a.length < b.length ? -1 : 1;
        }
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] != b[i]) {
                return (a[i] & MASK) < (b[i] & MASK) ? -1 : 1;
            }
        }
        return 0;
    }

    private static int[] addMag(int[] a, int[] b) {
        if (a.length < b.length) {
            int[] t = a;
            a = b;
            b = t;
        }
        int[] r = new int[a.length + 1];
        long carry = 0;
        for (int i = 0; i < a.length; i++) {
            long s = (a[i] & MASK) + (i < b.length ? b[i] & MASK : 0) + carry;
            r[i] = (int) s;
            carry = s >>> 32;
        }
        r[a.length] = (int) carry;
        return trim(r);
    }

    /** a - b for a >= b. */
    private static int[] subMag(int[] a, int[] b) {
        int[] r = new int[a.length];
        long borrow = 0;
        for (int i = 0; i < a.length; i++) {
            long d = (a[i] & MASK) - (i < b.length ? b[i] & MASK : 0) - borrow;
            r[i] = (int) d;
            borrow = d < 0 ? 1 : 0;
        }
        return trim(r);
    }

    private static int[] mulMag(int[] a, int[] b) {
        if (a.length == 0 || b.length == 0) {
            return NO_WORDS;
        }
        if (Math.min(a.length, b.length) < KARATSUBA_THRESHOLD) {
            return schoolbookMul(a, b);
        }
        return karatsubaMul(a, b);
    }

    /** Row by row: one row per word of the shorter factor, each a pass over the longer one. */
    private static int[] schoolbookMul(int[] a, int[] b) {
        if (a.length > b.length) {
            int[] t = a;
            a = b;
            b = t;
        }
        if (a.length == 1) {
            return mulByWord(b, a[0]);
        }
        int[] r = new int[a.length + b.length];
        for (int i = 0; i < a.length; i++) {
            long ai = a[i] & MASK;
            if (ai == 0) {
                continue;
            }
            long carry = 0;
            for (int j = 0; j < b.length; j++) {
                long p = ai * (b[j] & MASK) + (r[i + j] & MASK) + carry;
                r[i + j] = (int) p;
                carry = p >>> 32;
            }
            r[i + b.length] = (int) carry;
        }
        return trim(r);
    }

    private static int[] mulByWord(int[] a, int w) {
        long m = w & MASK;
        int[] r = new int[a.length + 1];
        long carry = 0;
        for (int i = 0; i < a.length; i++) {
            long p = (a[i] & MASK) * m + carry;
            r[i] = (int) p;
            carry = p >>> 32;
        }
        r[a.length] = (int) carry;
        return trim(r);
    }

    /** a^2: each cross product a_i a_j (i < j) once, doubled, then the squares a_i^2 added. */
    private static int[] squareMag(int[] a) {
        int n = a.length;
        if (n >= KARATSUBA_THRESHOLD) {
            return karatsubaMul(a, a);
        }
        int[] r = new int[2 * n];
        for (int i = 0; i < n; i++) {
            long ai = a[i] & MASK;
            long carry = 0;
            for (int j = i + 1; j < n; j++) {
                long p = ai * (a[j] & MASK) + (r[i + j] & MASK) + carry;
                r[i + j] = (int) p;
                carry = p >>> 32;
            }
            r[i + n] = (int) carry; // rows above i ended at i + n - 1
        }
        int topBit = 0;
        for (int i = 0; i < 2 * n; i++) {
            int w = r[i];
            r[i] = (w << 1) | topBit;
            topBit = w >>> 31;
        }
        long carry = 0;
        for (int i = 0; i < n; i++) {
            long ai = a[i] & MASK;
            long sq = ai * ai;
            long lo = (r[2 * i] & MASK) + (sq & MASK) + carry;
            r[2 * i] = (int) lo;
            long hi = (r[2 * i + 1] & MASK) + (sq >>> 32) + (lo >>> 32);
            r[2 * i + 1] = (int) hi;
            carry = hi >>> 32;
        }
        return trim(r);
    }

    /** (a1 B + a0)(b1 B + b0) = z2 B^2 + ((a0 + a1)(b0 + b1) - z2 - z0) B + z0, B = 2^(32 half). */
    private static int[] karatsubaMul(int[] a, int[] b) {
        int half = (Math.max(a.length, b.length) + 1) / 2;
        int[] a0 = lowWords(a, half);
        int[] a1 = highWords(a, half);
        int[] b0 = lowWords(b, half);
        int[] b1 = highWords(b, half);
        int[] z0 = mulMag(a0, b0);
        int[] z2 = mulMag(a1, b1);
        int[] z1 = subMag(subMag(mulMag(addMag(a0, a1), addMag(b0, b1)), z0), z2);
        int[] r = new int[a.length + b.length + 1];
        addInto(r, z0, 0);
        addInto(r, z1, half);
        addInto(r, z2, 2 * half);
        return trim(r);
    }

    private static int[] lowWords(int[] a, int n) {
        return trim(java.util.Arrays.copyOf(a, Math.min(n, a.length)));
    }

    private static int[] highWords(int[] a, int n) {
        if (a.length <= n) {
            return NO_WORDS;
        }
        return java.util.Arrays.copyOfRange(a, n, a.length);
    }

    /** r += x * 2^(32 offset); r is long enough. */
    private static void addInto(int[] r, int[] x, int offset) {
        long carry = 0;
        int i = 0;
        for (; i < x.length; i++) {
            long s = (r[offset + i] & MASK) + (x[i] & MASK) + carry;
            r[offset + i] = (int) s;
            carry = s >>> 32;
        }
        for (int k = offset + i; carry != 0; k++) {
            long s = (r[k] & MASK) + carry;
            r[k] = (int) s;
            carry = s >>> 32;
        }
    }

    /** Two's complement negation of a word array of fixed length (invert, add one). */
    private static int[] negateWords(int[] w) {
        int[] r = new int[w.length];
        long carry = 1;
        for (int i = 0; i < w.length; i++) {
            long s = ((~w[i]) & MASK) + carry;
            r[i] = (int) s;
            carry = s >>> 32;
        }
        return r;
    }

    private static int bitLengthMag(int[] m) {
        if (m.length == 0) {
            return 0;
        }
        return (m.length - 1) * 32 + 32 - Integer.numberOfLeadingZeros(m[m.length - 1]);
    }

    private static int[] shiftLeftMag(int[] m, int n) {
        if (m.length == 0) {
            return NO_WORDS;
        }
        int words = n >>> 5;
        int bits = n & 31;
        if ((long) bitLengthMag(m) + n > Integer.MAX_VALUE) {
            throw overflow();
        }
        int[] r = new int[m.length + words + 1];
        if (bits == 0) {
            System.arraycopy(m, 0, r, words, m.length);
        } else {
            int carry = 0;
            for (int i = 0; i < m.length; i++) {
                r[i + words] = (m[i] << bits) | carry;
                carry = m[i] >>> (32 - bits);
            }
            r[m.length + words] = carry;
        }
        return trim(r);
    }

    private static int[] shiftRightMag(int[] m, int n) {
        int words = n >>> 5;
        if (words >= m.length) {
            return NO_WORDS;
        }
        int bits = n & 31;
        int[] r = new int[m.length - words];
        if (bits == 0) {
            System.arraycopy(m, words, r, 0, r.length);
        } else {
            for (int i = 0; i < r.length; i++) {
                int lo = m[i + words] >>> bits;
                int hi = i + words + 1 < m.length ? m[i + words + 1] << (32 - bits) : 0;
                r[i] = lo | hi;
            }
        }
        return trim(r);
    }

    /** Whether any of the low n bits of m is set. */
    private static boolean anyLowBits(int[] m, int n) {
        int words = n >>> 5;
        for (int i = 0; i < words && i < m.length; i++) {
            if (m[i] != 0) {
                return true;
            }
        }
        int bits = n & 31;
        return bits != 0 && words < m.length && (m[words] & ((1 << bits) - 1)) != 0;
    }

    // ---- division (Knuth, TAOCP vol. 2, 4.3.1, algorithm D) ----

    /** {quotient, remainder} of magnitudes; b is not zero. */
    private static int[][] divModMag(int[] a, int[] b) {
        if (compareMag(a, b) < 0) {
            return new int[][] {NO_WORDS, a};
        }
        if (b.length == 1) {
            int[] q = a.clone();
            int r = divideInPlaceByWord(q, q.length, b[0]);
            return new int[][] {trim(q), r == 0 ? NO_WORDS : new int[] {r}};
        }
        return knuthDivide(a, b);
    }

    private static int[][] knuthDivide(int[] a, int[] b) {
        int n = b.length;
        int m = a.length - n;
        int shift = Integer.numberOfLeadingZeros(b[n - 1]);
        int[] v = shiftedCopy(b, shift, n);
        int[] u = shiftedCopy(a, shift, a.length + 1);
        int[] q = new int[m + 1];
        long vTop = v[n - 1] & MASK;
        long vNext = v[n - 2] & MASK;
        for (int j = m; j >= 0; j--) {
            long qhat = estimateQuotientDigit(u, j + n, vTop, vNext);
            if (qhat != 0 && multiplySubtract(u, j, v, qhat)) {
                qhat--;
                addBack(u, j, v);
            }
            q[j] = (int) qhat;
        }
        int[] rem = new int[n];
        for (int i = 0; i < n; i++) {
            rem[i] = shift == 0 ? u[i] : (u[i] >>> shift) | (u[i + 1] << (32 - shift));
        }
        return new int[][] {trim(q), trim(rem)};
    }

    /** x shifted left by shift (< 32) bits into an array of the given length. */
    private static int[] shiftedCopy(int[] x, int shift, int length) {
        int[] r = new int[length];
        int carry = 0;
        for (int i = 0; i < x.length; i++) {
            r[i] = shift == 0 ? x[i] : (x[i] << shift) | carry;
            carry = shift == 0 ? 0 : x[i] >>> (32 - shift);
        }
        if (x.length < length) {
            r[x.length] = carry;
        }
        return r;
    }

    /** q^ from the top two words of the current remainder, corrected with the third (step D3). */
    private static long estimateQuotientDigit(int[] u, int top, long vTop, long vNext) {
        long num = ((u[top] & MASK) << 32) | (u[top - 1] & MASK);
        long qhat = num >= 0 ? num / vTop : Long.divideUnsigned(num, vTop);
        long rhat = num - qhat * vTop;
        while (qhat > MASK || Long.compareUnsigned(qhat * vNext, (rhat << 32) | (u[top - 2] & MASK)) > 0) {
            qhat--;
            rhat += vTop;
            if (rhat > MASK) {
                break;
            }
        }
        return qhat;
    }

    /** u[j .. j+n] -= qhat * v; returns true when the result went negative (step D4). */
    private static boolean multiplySubtract(int[] u, int j, int[] v, long qhat) {
        long borrow = 0;
        long carry = 0;
        for (int i = 0; i < v.length; i++) {
            long p = qhat * (v[i] & MASK) + carry;
            carry = p >>> 32;
            long d = (u[i + j] & MASK) - (p & MASK) - borrow;
            u[i + j] = (int) d;
            borrow = d < 0 ? 1 : 0;
        }
        long d = (u[j + v.length] & MASK) - carry - borrow;
        u[j + v.length] = (int) d;
        return d < 0;
    }

    /** u[j .. j+n] += v, dropping the final carry (step D6). */
    private static void addBack(int[] u, int j, int[] v) {
        long carry = 0;
        for (int i = 0; i < v.length; i++) {
            long s = (u[i + j] & MASK) + (v[i] & MASK) + carry;
            u[i + j] = (int) s;
            carry = s >>> 32;
        }
        u[j + v.length] += (int) carry;
    }

    // ---- arithmetic ----

    public BigInteger add(BigInteger val) {
        if (val.signum == 0) {
            return this;
        }
        if (signum == 0) {
            return val;
        }
        if (signum == val.signum) {
            return of(signum, addMag(mag, val.mag));
        }
        int cmp = compareMag(mag, val.mag);
        if (cmp == 0) {
            return ZERO;
        }
        return cmp > 0 ? of(signum, subMag(mag, val.mag)) : of(val.signum, subMag(val.mag, mag));
    }

    public BigInteger subtract(BigInteger val) {
        return add(val.negate());
    }

    public BigInteger multiply(BigInteger val) {
        if (signum == 0 || val.signum == 0) {
            return ZERO;
        }
        if (val == this) {
            return square();
        }
        return of(signum * val.signum, mulMag(mag, val.mag));
    }

    private BigInteger square() {
        return signum == 0 ? ZERO : of(1, squareMag(mag));
    }

    private void checkDivisor(BigInteger val) {
        if (val.signum == 0) {
            throw new ArithmeticException("BigInteger divide by zero");
        }
    }

    /** The quotient rounded toward zero. */
    public BigInteger divide(BigInteger val) {
        checkDivisor(val);
        return of(signum * val.signum, divModMag(mag, val.mag)[0]);
    }

    /** The remainder with the sign of this (truncating division). */
    public BigInteger remainder(BigInteger val) {
        checkDivisor(val);
        return of(signum, divModMag(mag, val.mag)[1]);
    }

    public BigInteger[] divideAndRemainder(BigInteger val) {
        checkDivisor(val);
        int[][] qr = divModMag(mag, val.mag);
        return new BigInteger[] {of(signum * val.signum, qr[0]), of(signum, qr[1])};
    }

    public BigInteger mod(BigInteger m) {
        if (m.signum <= 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        BigInteger r = remainder(m);
        return r.signum >= 0 ? r : r.add(m);
    }

    public BigInteger pow(int exponent) {
        if (exponent < 0) {
            throw new ArithmeticException("Negative exponent");
        }
        if (signum == 0) {
            return exponent == 0 ? ONE : this;
        }
        BigInteger result = ONE;
        BigInteger base = this;
        int e = exponent;
        while (e != 0) {
            if ((e & 1) != 0) {
                result = result.multiply(base);
            }
            e >>>= 1;
            if (e != 0) {
                base = base.square();
            }
        }
        return result;
    }

    /** The integer square root, floor(sqrt(this)), by Newton's iteration from above. */
    public BigInteger sqrt() {
        if (signum < 0) {
            throw new ArithmeticException("Negative BigInteger");
        }
        if (signum == 0) {
            return ZERO;
        }
        BigInteger x = ONE.shiftLeft((bitLength() + 1) / 2);
        while (true) {
            BigInteger next = x.add(divide(x)).shiftRight(1);
            if (next.compareTo(x) >= 0) {
                return x;
            }
            x = next;
        }
    }

    public BigInteger[] sqrtAndRemainder() {
        BigInteger s = sqrt();
        return new BigInteger[] {s, subtract(s.multiply(s))};
    }

    public BigInteger gcd(BigInteger val) {
        BigInteger a = abs();
        BigInteger b = val.abs();
        while (b.signum != 0) {
            BigInteger r = a.remainder(b);
            a = b;
            b = r;
        }
        return a;
    }

    public BigInteger abs() {
        return signum >= 0 ? this : negate();
    }

    public BigInteger negate() {
        return signum == 0 ? this : new BigInteger(-signum, mag);
    }

    public int signum() {
        return signum;
    }

    // ---- modular arithmetic ----

    public BigInteger modPow(BigInteger exponent, BigInteger m) {
        if (m.signum <= 0) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (exponent.signum == 0 || this.equals(ONE)) {
            return m.equals(ONE) ? ZERO : ONE;
        }
        if (signum == 0 && exponent.signum > 0) {
            return ZERO;
        }
        boolean invert = exponent.signum < 0;
        BigInteger e = exponent.abs();
        BigInteger base = (signum < 0 || compareTo(m) >= 0) ? mod(m) : this;
        BigInteger result = powerByWindows(base, e, m);
        return invert ? result.modInverse(m) : result;
    }

    /**
     * base^e mod m, 0 <= base < m, e > 0: four exponent bits at a time from the top, four
     * squarings and at most one multiplication by a precomputed base^1..base^15 per window.
     */
    private static BigInteger powerByWindows(BigInteger base, BigInteger e, BigInteger m) {
        BigInteger[] powers = new BigInteger[16];
        powers[0] = ONE.mod(m);
        for (int k = 1; k < 16; k++) {
            powers[k] = powers[k - 1].multiply(base).remainder(m);
        }
        int windows = (e.bitLength() + 3) / 4;
        BigInteger result = null;
        for (int w = windows - 1; w >= 0; w--) {
            int digit = 0;
            for (int b = 3; b >= 0; b--) {
                digit = (digit << 1) | (e.testBit(4 * w + b) ? 1 : 0);
            }
            if (result == null) {
                result = powers[digit];
                continue;
            }
            for (int k = 0; k < 4; k++) {
                result = result.square().remainder(m);
            }
            if (digit != 0) {
                result = result.multiply(powers[digit]).remainder(m);
            }
        }
        return result;
    }

    /** this^-1 mod m by the extended Euclidean algorithm. */
    public BigInteger modInverse(BigInteger m) {
        if (m.signum != 1) {
            throw new ArithmeticException("BigInteger: modulus not positive");
        }
        if (m.equals(ONE)) {
            return ZERO;
        }
        BigInteger a = mod(m);
        BigInteger b = m;
        BigInteger x0 = ONE; // a0 * x0 == a (mod m)
        BigInteger x1 = ZERO; // a0 * x1 == b (mod m)
        while (b.signum != 0) {
            BigInteger[] qr = a.divideAndRemainder(b);
            a = b;
            b = qr[1];
            BigInteger x2 = x0.subtract(qr[0].multiply(x1));
            x0 = x1;
            x1 = x2;
        }
        if (!a.equals(ONE)) {
            throw new ArithmeticException("BigInteger not invertible.");
        }
        return x0.mod(m);
    }

    // ---- primes ----

    private static final int[] SMALL_PRIMES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43,
        47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};

    /**
     * True if prime, false if composite. Certain for the values tested: trial division by small
     * primes, then Baillie-PSW (a strong probable-prime test to base 2 and a strong Lucas test),
     * which has no known counterexample; the JDK's answer for a prime is always true and for a
     * composite false with probability at least 1 - 2^-certainty.
     */
    public boolean isProbablePrime(int certainty) {
        if (certainty <= 0) {
            return true;
        }
        BigInteger w = abs();
        if (w.equals(TWO)) {
            return true;
        }
        if (!w.testBit(0) || w.equals(ONE)) {
            return false;
        }
        return w.passesBailliePsw();
    }

    private boolean passesBailliePsw() {
        for (int p : SMALL_PRIMES) {
            BigInteger bp = valueOf(p);
            if (equals(bp)) {
                return true;
            }
            if (remainder(bp).signum == 0) {
                return false;
            }
        }
        return isStrongProbablePrime(TWO) && isStrongLucasProbablePrime();
    }

    /** Miller-Rabin for one base: n - 1 = d 2^s, a^d == 1 or a^(d 2^r) == -1 for some r < s. */
    private boolean isStrongProbablePrime(BigInteger base) {
        BigInteger nMinus1 = subtract(ONE);
        int s = nMinus1.getLowestSetBit();
        BigInteger d = nMinus1.shiftRight(s);
        BigInteger x = base.modPow(d, this);
        if (x.equals(ONE) || x.equals(nMinus1)) {
            return true;
        }
        for (int r = 1; r < s; r++) {
            x = x.multiply(x).mod(this);
            if (x.equals(nMinus1)) {
                return true;
            }
            if (x.equals(ONE)) {
                return false;
            }
        }
        return false;
    }

    /** Strong Lucas test with Selfridge's parameters: D the first of 5, -7, 9, ... with (D/n) = -1. */
    private boolean isStrongLucasProbablePrime() {
        if (isPerfectSquare()) {
            return false;
        }
        int d = 5;
        while (jacobi(d, this) != -1) {
            d = d > 0 ? -(d + 2) : -(d - 2);
        }
        BigInteger bigD = valueOf(d);
        BigInteger q = valueOf((1 - d) / 4); // P = 1
        BigInteger nPlus1 = add(ONE);
        int s = nPlus1.getLowestSetBit();
        BigInteger k = nPlus1.shiftRight(s);
        // U_1 = 1, V_1 = P = 1, Q^1; walk the bits of k after the top one.
        BigInteger u = ONE;
        BigInteger v = ONE;
        BigInteger qk = q.mod(this);
        for (int i = k.bitLength() - 2; i >= 0; i--) {
            u = u.multiply(v).mod(this);
            v = v.multiply(v).subtract(qk.shiftLeft(1)).mod(this);
            qk = qk.multiply(qk).mod(this);
            if (k.testBit(i)) {
                BigInteger u2 = half(u.add(v));
                BigInteger v2 = half(v.add(u.multiply(bigD)));
                u = u2;
                v = v2;
                qk = qk.multiply(q).mod(this);
            }
        }
        if (u.signum == 0 || v.signum == 0) {
            return true;
        }
        for (int r = 1; r < s; r++) {
            v = v.multiply(v).subtract(qk.shiftLeft(1)).mod(this);
            if (v.signum == 0) {
                return true;
            }
            qk = qk.multiply(qk).mod(this);
        }
        return false;
    }

    /** x / 2 mod this (this odd). */
    private BigInteger half(BigInteger x) {
        BigInteger y = x.mod(this);
        if (y.testBit(0)) {
            y = y.add(this);
        }
        return y.shiftRight(1);
    }

    private boolean isPerfectSquare() {
        BigInteger r = sqrt();
        return r.multiply(r).equals(this);
    }

    /** The Jacobi symbol (a/n) for odd positive n. */
    private static int jacobi(int a, BigInteger n) {
        BigInteger bigA = valueOf(a).mod(n);
        BigInteger bn = n;
        int result = 1;
        while (bigA.signum != 0) {
            int tz = bigA.getLowestSetBit();
            bigA = bigA.shiftRight(tz);
            int nMod8 = bn.mag[0] & 7;
            if ((tz & 1) != 0 && (nMod8 == 3 || nMod8 == 5)) {
                result = -result;
            }
            if ((bigA.mag[0] & 3) == 3 && (bn.mag[0] & 3) == 3) {
                result = -result;
            }
            BigInteger t = bigA;
            bigA = bn.mod(t);
            bn = t;
        }
        return bn.equals(ONE) ? result : 0;
    }

    // ---- random primes: the JDK's candidate sequence, so a seeded Random gives the JDK's prime ----

    /** Below this many bits candidates are drawn one by one; from it on a sieve scans a range. */
    private static final int SMALL_PRIME_THRESHOLD = 95;
    private static final int DEFAULT_PRIME_CERTAINTY = 100;
    /** Odd primes below this sieve the ranges (the JDK's small sieve of 150 * 64 odd numbers). */
    private static final int SIEVE_PRIME_LIMIT = 2 * 150 * 64;
    private static final long SMALL_PRIME_PRODUCT = 3L * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41;
    private static int[] sievePrimes;

    public static BigInteger probablePrime(int bitLength, Random rnd) {
        return randomPrime(bitLength, DEFAULT_PRIME_CERTAINTY, rnd);
    }

    public BigInteger(int bitLength, int certainty, Random rnd) {
        BigInteger prime = randomPrime(bitLength, certainty, rnd);
        this.signum = 1;
        this.mag = prime.mag;
    }

    private static BigInteger randomPrime(int bitLength, int certainty, Random rnd) {
        if (bitLength < 2) {
            throw new ArithmeticException("bitLength < 2");
        }
        return bitLength < SMALL_PRIME_THRESHOLD ? smallRandomPrime(bitLength, certainty, rnd)
                : largeRandomPrime(bitLength, certainty, rnd);
    }

    /**
     * Random odd candidates of exactly bitLength bits (words drawn most significant first),
     * skipping multiples of 3..41, until one passes the random-base test.
     */
    private static BigInteger smallRandomPrime(int bitLength, int certainty, Random rnd) {
        int words = (bitLength + 31) >>> 5;
        int highBit = 1 << ((bitLength + 31) & 31);
        int highMask = (highBit << 1) - 1;
        while (true) {
            int[] w = new int[words];
            for (int i = words - 1; i >= 0; i--) {
                w[i] = rnd.nextInt();
            }
            w[words - 1] = (w[words - 1] & highMask) | highBit;
            if (bitLength > 2) {
                w[0] |= 1;
            }
            BigInteger p = of(1, w);
            if (bitLength > 6 && hasFactorUpTo41(p)) {
                continue;
            }
            if (bitLength < 4 || p.passesRandomTests(certainty, rnd)) {
                return p;
            }
        }
    }

    private static boolean hasFactorUpTo41(BigInteger p) {
        long r = p.remainder(valueOf(SMALL_PRIME_PRODUCT)).longValue();
        for (int q : SMALL_PRIMES) {
            if (q > 2 && q <= 41 && r % q == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * From a random even start of bitLength bits, the odd numbers of a range of
     * bitLength / 20 * 64 are sieved by the odd primes below 19200 and the survivors tested in
     * order; the next range follows (a new random start once the length would change).
     */
    private static BigInteger largeRandomPrime(int bitLength, int certainty, Random rnd) {
        int searchLen = bitLength / 20 * 64;
        BigInteger base = randomEvenStart(bitLength, rnd);
        BigInteger candidate = firstPrimeInRange(base, searchLen, certainty, rnd);
        while (candidate == null || candidate.bitLength() != bitLength) {
            base = base.add(valueOf(2L * searchLen));
            if (base.bitLength() != bitLength) {
                base = randomEvenStart(bitLength, rnd);
            }
            candidate = firstPrimeInRange(base, searchLen, certainty, rnd);
        }
        return candidate;
    }

    private static BigInteger randomEvenStart(int bitLength, Random rnd) {
        return new BigInteger(bitLength, rnd).setBit(bitLength - 1).clearBit(0);
    }

    /** The first of base + 1, base + 3, ... (searchLen numbers) without a small factor that passes. */
    private static BigInteger firstPrimeInRange(BigInteger base, int searchLen, int certainty, Random rnd) {
        boolean[] composite = new boolean[searchLen];
        for (int q : sievePrimes()) {
            int r = base.remainder(valueOf(q)).intValue();
            int start = q - r; // base + start is the first multiple of q above base
            if (start % 2 == 0) {
                start += q;
            }
            for (int i = (start - 1) / 2; i < searchLen; i += q) {
                composite[i] = true;
            }
        }
        for (int i = 0; i < searchLen; i++) {
            if (!composite[i]) {
                BigInteger candidate = base.add(valueOf(2L * i + 1));
                if (candidate.passesRandomTests(certainty, rnd)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    private static synchronized int[] sievePrimes() {
        if (sievePrimes == null) {
            boolean[] composite = new boolean[SIEVE_PRIME_LIMIT];
            int[] primes = new int[SIEVE_PRIME_LIMIT / 2];
            int count = 0;
            for (int n = 3; n < SIEVE_PRIME_LIMIT; n += 2) {
                if (!composite[n]) {
                    primes[count++] = n;
                    for (int m = n * 3; m < SIEVE_PRIME_LIMIT; m += 2 * n) {
                        composite[m] = true;
                    }
                }
            }
            sievePrimes = java.util.Arrays.copyOf(primes, count);
        }
        return sievePrimes;
    }

    /**
     * The JDK's test of a random candidate: (certainty + 1) / 2 Miller-Rabin rounds (at most 50
     * below 100 bits, fewer for larger numbers) with bases drawn from rnd as the JDK draws them
     * (so the stream stays in step), then from 100 bits on a Lucas test.
     */
    private boolean passesRandomTests(int certainty, Random rnd) {
        int n = (Math.min(certainty, Integer.MAX_VALUE - 1) + 1) / 2;
        int bits = bitLength();
        if (bits < 100) {
            return passesRandomMillerRabin(Math.min(n, 50), rnd);
        }
        int rounds = bits < 256 ? 27 : bits < 512 ? 15 : bits < 768 ? 8 : bits < 1024 ? 4 : 2;
        return passesRandomMillerRabin(Math.min(n, rounds), rnd) && isStrongLucasProbablePrime();
    }

    private boolean passesRandomMillerRabin(int rounds, Random rnd) {
        for (int i = 0; i < rounds; i++) {
            BigInteger b;
            do {
                b = new BigInteger(bitLength(), rnd);
            } while (b.compareTo(ONE) <= 0 || b.compareTo(this) >= 0);
            if (!isStrongProbablePrime(b)) {
                return false;
            }
        }
        return true;
    }

    public BigInteger nextProbablePrime() {
        if (signum < 0) {
            throw new ArithmeticException("start < 0: " + this);
        }
        if (signum == 0 || equals(ONE)) {
            return TWO;
        }
        BigInteger candidate = add(ONE);
        if (!candidate.testBit(0)) {
            candidate = candidate.add(ONE);
        }
        while (!candidate.isProbablePrime(100)) {
            candidate = candidate.add(TWO);
        }
        return candidate;
    }

    // ---- bits (infinite two's complement) ----

    /** Word i (little-endian) of this value in two's complement, sign-extended beyond mag. */
    private int twosWord(int i) {
        if (i >= mag.length) {
            return signum < 0 ? -1 : 0;
        }
        int w = mag[i];
        if (signum >= 0) {
            return w;
        }
        return i <= lowestNonzeroWord() ? -w : ~w;
    }

    private int lowestNonzeroWord() {
        int i = 0;
        while (mag[i] == 0) {
            i++;
        }
        return i;
    }

    /** The value whose two's complement words are w (the top word's sign bit is the sign). */
    private static BigInteger fromTwosWords(int[] w) {
        if (w.length > 0 && w[w.length - 1] < 0) {
            return of(-1, negateWords(w));
        }
        return of(1, w);
    }

    private static final int AND = 0;
    private static final int OR = 1;
    private static final int XOR = 2;
    private static final int AND_NOT = 3;

    private BigInteger bitwise(BigInteger val, int op) {
        int n = Math.max(mag.length, val.mag.length) + 1;
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            int a = twosWord(i);
            int b = val.twosWord(i);
            switch (op) {
                case AND:
                    r[i] = a & b;
                    break;
                case OR:
                    r[i] = a | b;
                    break;
                case XOR:
                    r[i] = a ^ b;
                    break;
                default:
                    r[i] = a & ~b;
                    break;
            }
        }
        return fromTwosWords(r);
    }

    public BigInteger and(BigInteger val) {
        return bitwise(val, AND);
    }

    public BigInteger or(BigInteger val) {
        return bitwise(val, OR);
    }

    public BigInteger xor(BigInteger val) {
        return bitwise(val, XOR);
    }

    public BigInteger andNot(BigInteger val) {
        return bitwise(val, AND_NOT);
    }

    /** ~x == -x - 1. */
    public BigInteger not() {
        return negate().subtract(ONE);
    }

    private static void checkBitAddress(int n) {
        if (n < 0) {
            throw new ArithmeticException("Negative bit address");
        }
    }

    public boolean testBit(int n) {
        checkBitAddress(n);
        return (twosWord(n >>> 5) & (1 << (n & 31))) != 0;
    }

    private BigInteger withBit(int n, int mode) {
        checkBitAddress(n);
        int words = Math.max(mag.length, (n >>> 5) + 1) + 1;
        int[] r = new int[words];
        for (int i = 0; i < words; i++) {
            r[i] = twosWord(i);
        }
        int bit = 1 << (n & 31);
        int idx = n >>> 5;
        if (mode == 0) {
            r[idx] |= bit;
        } else if (mode == 1) {
            r[idx] &= ~bit;
        } else {
            r[idx] ^= bit;
        }
        return fromTwosWords(r);
    }

    public BigInteger setBit(int n) {
        return withBit(n, 0);
    }

    public BigInteger clearBit(int n) {
        return withBit(n, 1);
    }

    public BigInteger flipBit(int n) {
        return withBit(n, 2);
    }

    public int getLowestSetBit() {
        if (signum == 0) {
            return -1;
        }
        int i = lowestNonzeroWord();
        return i * 32 + Integer.numberOfTrailingZeros(mag[i]);
    }

    /** Bits in the minimal two's complement form, excluding the sign bit. */
    public int bitLength() {
        int len = bitLengthMag(mag);
        if (signum < 0 && isMagnitudePowerOfTwo()) {
            len--;
        }
        return len;
    }

    private boolean isMagnitudePowerOfTwo() {
        int top = mag.length - 1;
        if (Integer.bitCount(mag[top]) != 1) {
            return false;
        }
        for (int i = 0; i < top; i++) {
            if (mag[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** Bits that differ from the sign bit. */
    public int bitCount() {
        int count = 0;
        for (int w : mag) {
            count += Integer.bitCount(w);
        }
        if (signum < 0) {
            count += getLowestSetBit() - 1; // -x = ~(x - 1): x - 1 turns the trailing zeros to ones
        }
        return count;
    }

    public BigInteger shiftLeft(int n) {
        if (signum == 0) {
            return ZERO;
        }
        if (n > 0) {
            return of(signum, shiftLeftMag(mag, n));
        }
        if (n == 0) {
            return this;
        }
        return shiftRightFloor(n == Integer.MIN_VALUE ? Integer.MAX_VALUE : -n, n == Integer.MIN_VALUE);
    }

    public BigInteger shiftRight(int n) {
        if (signum == 0) {
            return ZERO;
        }
        if (n > 0) {
            return shiftRightFloor(n, false);
        }
        if (n == 0) {
            return this;
        }
        if (n == Integer.MIN_VALUE) {
            throw overflow();
        }
        return of(signum, shiftLeftMag(mag, -n));
    }

    /** floor(this / 2^n); one more bit when extra (for a shift of 2^31). */
    private BigInteger shiftRightFloor(int n, boolean extra) {
        int[] m = shiftRightMag(mag, n);
        boolean lost = anyLowBits(mag, n);
        if (extra) {
            lost |= m.length > 0 && (m[0] & 1) != 0;
            m = shiftRightMag(m, 1);
        }
        BigInteger r = of(signum, m);
        if (signum < 0 && lost) {
            r = r.subtract(ONE);
        }
        return r;
    }

    // ---- comparison and hashing ----

    public int compareTo(BigInteger val) {
        if (signum != val.signum) {
            return signum > val.signum ? 1 : -1;
        }
        int cmp = compareMag(mag, val.mag);
        return signum >= 0 ? cmp : -cmp;
    }

    /** The comparison of absolute values. */
    int compareMagnitude(BigInteger val) {
        return compareMag(mag, val.mag);
    }

    @Override
    public boolean equals(Object x) {
        if (x == this) {
            return true;
        }
        if (!(x instanceof BigInteger)) {
            return false;
        }
        BigInteger o = (BigInteger) x;
        return signum == o.signum && compareMag(mag, o.mag) == 0;
    }

    /** The JDK's: 31 h + word over the big-endian words, times the sign. */
    @Override
    public int hashCode() {
        int h = 0;
        for (int i = mag.length - 1; i >= 0; i--) {
            h = (int) (31 * h + (mag[i] & MASK));
        }
        return h * signum;
    }

    public BigInteger min(BigInteger val) {
        return compareTo(val) < 0 ? this : val;
    }

    public BigInteger max(BigInteger val) {
        return compareTo(val) > 0 ? this : val;
    }

    // ---- conversions ----

    @Override
    public int intValue() {
        return twosWord(0);
    }

    @Override
    public long longValue() {
        return ((long) twosWord(1) << 32) | (twosWord(0) & MASK);
    }

    public long longValueExact() {
        if (mag.length <= 2 && bitLength() <= 63) {
            return longValue();
        }
        throw new ArithmeticException("BigInteger out of long range");
    }

    public int intValueExact() {
        if (mag.length <= 1 && bitLength() <= 31) {
            return intValue();
        }
        throw new ArithmeticException("BigInteger out of int range");
    }

    public short shortValueExact() {
        if (mag.length <= 1 && bitLength() <= 31) {
            int v = intValue();
            if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
                return (short) v;
            }
        }
        throw new ArithmeticException("BigInteger out of short range");
    }

    public byte byteValueExact() {
        if (mag.length <= 1 && bitLength() <= 31) {
            int v = intValue();
            if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
                return (byte) v;
            }
        }
        throw new ArithmeticException("BigInteger out of byte range");
    }

    /** The nearest double (ties to even), infinite beyond Double.MAX_VALUE. */
    @Override
    public double doubleValue() {
        if (bitLengthMag(mag) <= 63) {
            return (double) longValue();
        }
        return Math.scalb((double) roundedTopBits(53) * signum, shiftForTopBits(53));
    }

    @Override
    public float floatValue() {
        if (bitLengthMag(mag) <= 63) {
            return (float) longValue();
        }
        return (float) Math.scalb((double) roundedTopBits(24) * signum, shiftForTopBits(24));
    }

    private int shiftForTopBits(int bits) {
        return bitLengthMag(mag) - bits;
    }

    /**
     * The magnitude's top {@code bits} bits rounded to nearest, ties to even, on everything below
     * (may carry to 2^bits, which scalb handles); mag has more than 63 bits.
     */
    private long roundedTopBits(int bits) {
        int shift = shiftForTopBits(bits);
        long top = shiftRightMagToLong(shift - 1); // bits + 1 bits: the last one is the round bit
        boolean sticky = anyLowBits(mag, shift - 1);
        long kept = top >>> 1;
        if ((top & 1) != 0 && (sticky || (kept & 1) != 0)) {
            kept++;
        }
        return kept;
    }

    private long shiftRightMagToLong(int n) {
        int[] m = shiftRightMag(mag, n);
        long lo = m.length > 0 ? m[0] & MASK : 0;
        long hi = m.length > 1 ? m[1] & MASK : 0;
        return (hi << 32) | lo;
    }

    // ---- package-private helpers for BigDecimal ----

    /** Whether the magnitude is odd. */
    boolean isOdd() {
        return mag.length > 0 && (mag[0] & 1) != 0;
    }
}
