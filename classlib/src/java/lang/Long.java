package java.lang;

/** The long box, with the JDK's valueOf cache (-128..127) and parsing/printing rules. */
public final class Long extends Number implements Comparable<Long> {

    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    @SuppressWarnings("unchecked")
    public static final Class<Long> TYPE = (Class<Long>) Class.getPrimitiveClass("long");

    private final long value;

    @Deprecated(since = "9")
    public Long(long value) {
        this.value = value;
    }

    @Deprecated(since = "9")
    public Long(String s) throws NumberFormatException {
        this.value = parseLong(s, 10);
    }

    // ---- printing ----

    public static String toString(long i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        if (radix == 10) {
            return toString(i);
        }
        char[] buf = new char[65];
        int charPos = 64;
        boolean negative = (i < 0);
        if (!negative) {
            i = -i;
        }
        while (i <= -radix) {
            buf[charPos--] = Integer.DIGITS[(int) (-(i % radix))];
            i = i / radix;
        }
        buf[charPos] = Integer.DIGITS[(int) (-i)];
        if (negative) {
            buf[--charPos] = '-';
        }
        return new String(buf, charPos, (65 - charPos));
    }

    public static String toUnsignedString(long i, int radix) {
        if (i >= 0) {
            return toString(i, radix);
        }
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        switch (radix) {
            case 2:
                return toBinaryString(i);
            case 8:
                return toOctalString(i);
            case 16:
                return toHexString(i);
            case 4:
                return toUnsignedString0(i, 2);
            case 32:
                return toUnsignedString0(i, 5);
            default:
                break;
        }
        char[] buf = new char[64];
        int pos = 64;
        long q = divideUnsigned(i, radix);
        long r = i - q * radix;
        buf[--pos] = Integer.DIGITS[(int) r];
        i = q;
        while (i > 0) {
            buf[--pos] = Integer.DIGITS[(int) (i % radix)];
            i /= radix;
        }
        return new String(buf, pos, 64 - pos);
    }

    public static String toUnsignedString(long i) {
        return toUnsignedString(i, 10);
    }

    public static String toHexString(long i) {
        return toUnsignedString0(i, 4);
    }

    public static String toOctalString(long i) {
        return toUnsignedString0(i, 3);
    }

    public static String toBinaryString(long i) {
        return toUnsignedString0(i, 1);
    }

    static String toUnsignedString0(long val, int shift) {
        int mag = Long.SIZE - Long.numberOfLeadingZeros(val);
        int chars = Math.max(((mag + (shift - 1)) / shift), 1);
        char[] buf = new char[chars];
        int radix = 1 << shift;
        int mask = radix - 1;
        int charPos = chars;
        do {
            buf[--charPos] = Integer.DIGITS[((int) val) & mask];
            val >>>= shift;
        } while (charPos > 0);
        return String.wrap(buf);
    }

    public static String toString(long i) {
        int size = stringSize(i);
        char[] buf = new char[size];
        boolean negative = i < 0;
        if (!negative) {
            i = -i;
        }
        int index = size;
        do {
            buf[--index] = (char) ('0' - (i % 10));
            i /= 10;
        } while (i != 0);
        if (negative) {
            buf[--index] = '-';
        }
        return String.wrap(buf);
    }

    static int stringSize(long x) {
        int d = 1;
        if (x >= 0) {
            d = 0;
            x = -x;
        }
        long p = -10;
        for (int i = 1; i < 19; i++) {
            if (x > p) {
                return i + d;
            }
            p = 10 * p;
        }
        return 19 + d;
    }

    // ---- parsing ----

    public static long parseLong(String s, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        Integer.checkRadix(radix);
        boolean negative = false;
        int i = 0;
        int len = s.length();
        long limit = -Long.MAX_VALUE;
        if (len <= 0) {
            throw NumberFormatException.forInputString(s, radix);
        }
        char firstChar = s.charAt(0);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = Long.MIN_VALUE;
            } else if (firstChar != '+') {
                throw NumberFormatException.forInputString(s, radix);
            }
            if (len == 1) {
                throw NumberFormatException.forInputString(s, radix);
            }
            i++;
        }
        long multmin = limit / radix;
        long result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i++), radix);
            if (digit < 0 || result < multmin) {
                throw NumberFormatException.forInputString(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                throw NumberFormatException.forInputString(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    public static long parseLong(String s) throws NumberFormatException {
        return parseLong(s, 10);
    }

    public static long parseLong(CharSequence s, int beginIndex, int endIndex, int radix)
            throws NumberFormatException {
        java.util.Objects.requireNonNull(s);
        java.util.Objects.checkFromToIndex(beginIndex, endIndex, s.length());
        Integer.checkRadix(radix);
        boolean negative = false;
        int i = beginIndex;
        long limit = -Long.MAX_VALUE;
        if (i >= endIndex) {
            throw new NumberFormatException("");
        }
        char firstChar = s.charAt(i);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = Long.MIN_VALUE;
            } else if (firstChar != '+') {
                throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
            }
            i++;
        }
        if (i >= endIndex) {
            throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
        }
        long multmin = limit / radix;
        long result = 0;
        while (i < endIndex) {
            int digit = Character.digit(s.charAt(i), radix);
            if (digit < 0 || result < multmin) {
                throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
            }
            result *= radix;
            if (result < limit + digit) {
                throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
            }
            i++;
            result -= digit;
        }
        return negative ? result : -result;
    }

    public static long parseUnsignedLong(String s, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        int len = s.length();
        if (len <= 0) {
            throw NumberFormatException.forInputString(s, radix);
        }
        char firstChar = s.charAt(0);
        if (firstChar == '-') {
            throw new NumberFormatException(
                    "Illegal leading minus sign on unsigned string " + s + ".");
        }
        if (len <= 12 || (radix == 10 && len <= 18)) {
            return parseLong(s, radix);
        }
        long first = parseLong(s, 0, len - 1, radix);
        int second = Character.digit(s.charAt(len - 1), radix);
        if (second < 0) {
            throw new NumberFormatException("Bad digit at end of " + s);
        }
        long result = first * radix + second;
        int guard = radix * (int) (first >>> 57);
        if (guard >= 128 || (result >= 0 && guard >= 128 - Character.MAX_RADIX)) {
            throw new NumberFormatException(
                    "String value " + s + " exceeds range of unsigned long.");
        }
        return result;
    }

    public static long parseUnsignedLong(String s) throws NumberFormatException {
        return parseUnsignedLong(s, 10);
    }

    public static Long valueOf(String s, int radix) throws NumberFormatException {
        return Long.valueOf(parseLong(s, radix));
    }

    public static Long valueOf(String s) throws NumberFormatException {
        return Long.valueOf(parseLong(s, 10));
    }

    private static final class LongCache {
        static final Long[] CACHE = new Long[256];

        static {
            for (int i = 0; i < CACHE.length; i++) {
                CACHE[i] = new Long(i - 128);
            }
        }
    }

    public static Long valueOf(long l) {
        if (l >= -128 && l <= 127) {
            return LongCache.CACHE[(int) l + 128];
        }
        return new Long(l);
    }

    public static Long decode(String nm) throws NumberFormatException {
        int radix = 10;
        int index = 0;
        boolean negative = false;
        long result;
        if (nm.isEmpty()) {
            throw new NumberFormatException("Zero length string");
        }
        char firstChar = nm.charAt(0);
        if (firstChar == '-') {
            negative = true;
            index++;
        } else if (firstChar == '+') {
            index++;
        }
        if (nm.startsWith("0x", index) || nm.startsWith("0X", index)) {
            index += 2;
            radix = 16;
        } else if (nm.startsWith("#", index)) {
            index++;
            radix = 16;
        } else if (nm.startsWith("0", index) && nm.length() > 1 + index) {
            index++;
            radix = 8;
        }
        if (nm.startsWith("-", index) || nm.startsWith("+", index)) {
            throw new NumberFormatException("Sign character in wrong position");
        }
        try {
            result = parseLong(nm.substring(index), radix);
            result = negative ? -result : result;
        } catch (NumberFormatException e) {
            String constant = negative ? ("-" + nm.substring(index)) : nm.substring(index);
            result = parseLong(constant, radix);
        }
        return Long.valueOf(result);
    }

    // ---- Number ----

    public byte byteValue() {
        return (byte) value;
    }

    public short shortValue() {
        return (short) value;
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    public String toString() {
        return toString(value);
    }

    public int hashCode() {
        return hashCode(value);
    }

    public static int hashCode(long value) {
        return (int) (value ^ (value >>> 32));
    }

    public boolean equals(Object obj) {
        if (obj instanceof Long) {
            return value == ((Long) obj).longValue();
        }
        return false;
    }

    public static Long getLong(String nm) {
        return null;
    }

    public int compareTo(Long anotherLong) {
        return compare(this.value, anotherLong.value);
    }

    public static int compare(long x, long y) {
        return (x < y) ? -1 : ((x == y) ? 0 : 1);
    }

    public static int compareUnsigned(long x, long y) {
        return compare(x + MIN_VALUE, y + MIN_VALUE);
    }

    public static long divideUnsigned(long dividend, long divisor) {
        if (divisor < 0) {
            return (compareUnsigned(dividend, divisor)) < 0 ? 0L : 1L;
        }
        if (dividend > 0) {
            return dividend / divisor;
        }
        long q = ((dividend >>> 1) / divisor) << 1;
        long r = dividend - q * divisor;
        return q + (compareUnsigned(r, divisor) >= 0 ? 1 : 0);
    }

    public static long remainderUnsigned(long dividend, long divisor) {
        return dividend - divideUnsigned(dividend, divisor) * divisor;
    }

    // ---- bit twiddling ----

    public static long highestOneBit(long i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static long lowestOneBit(long i) {
        return i & -i;
    }

    public static int numberOfLeadingZeros(long i) {
        int x = (int) (i >>> 32);
        return x == 0 ? 32 + Integer.numberOfLeadingZeros((int) i)
                : Integer.numberOfLeadingZeros(x);
    }

    public static int numberOfTrailingZeros(long i) {
        int x = (int) i;
        return x == 0 ? 32 + Integer.numberOfTrailingZeros((int) (i >>> 32))
                : Integer.numberOfTrailingZeros(x);
    }

    public static int bitCount(long i) {
        return Integer.bitCount((int) i) + Integer.bitCount((int) (i >>> 32));
    }

    public static long rotateLeft(long i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static long rotateRight(long i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static long reverse(long i) {
        return ((long) Integer.reverse((int) i) << 32) | (Integer.reverse((int) (i >>> 32)) & 0xffffffffL);
    }

    public static int signum(long i) {
        return (int) ((i >> 63) | (-i >>> 63));
    }

    public static long reverseBytes(long i) {
        return ((long) Integer.reverseBytes((int) i) << 32)
                | (Integer.reverseBytes((int) (i >>> 32)) & 0xffffffffL);
    }

    public static long sum(long a, long b) {
        return a + b;
    }

    public static long max(long a, long b) {
        return Math.max(a, b);
    }

    public static long min(long a, long b) {
        return Math.min(a, b);
    }
}
