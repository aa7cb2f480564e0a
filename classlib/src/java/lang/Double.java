package java.lang;

import jdk.internal.gcvm.VM;

/** The double box. toString and parsing are VM natives (see jdk.internal.gcvm.VM). */
public final class Double extends Number implements Comparable<Double> {

    public static final double POSITIVE_INFINITY = 1.0 / 0.0;
    public static final double NEGATIVE_INFINITY = -1.0 / 0.0;
    public static final double NaN = 0.0d / 0.0;
    public static final double MAX_VALUE = 0x1.fffffffffffffP+1023;
    public static final double MIN_NORMAL = 0x1.0p-1022;
    public static final double MIN_VALUE = 0x0.0000000000001P-1022;
    public static final int MAX_EXPONENT = 1023;
    public static final int MIN_EXPONENT = -1022;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    @SuppressWarnings("unchecked")
    public static final Class<Double> TYPE = (Class<Double>) Class.getPrimitiveClass("double");

    private final double value;

    @Deprecated(since = "9")
    public Double(double value) {
        this.value = value;
    }

    @Deprecated(since = "9")
    public Double(String s) throws NumberFormatException {
        value = parseDouble(s);
    }

    public static String toString(double d) {
        return VM.doubleToString(d);
    }

    public static String toHexString(double d) {
        if (!isFinite(d)) {
            return Double.toString(d);
        }
        StringBuilder answer = new StringBuilder(24);
        if (Math.copySign(1.0, d) == -1.0) {
            answer.append('-');
        }
        answer.append("0x");
        d = Math.abs(d);
        if (d == 0.0) {
            return answer.append("0.0p0").toString();
        }
        boolean subnormal = (d < MIN_NORMAL);
        long signifBits = (doubleToLongBits(d) & 0x000FFFFFFFFFFFFFL) | 0x1000000000000000L;
        answer.append(subnormal ? "0." : "1.");
        String signif = Long.toHexString(signifBits).substring(3, 16);
        int end = signif.length();
        while (end > 1 && signif.charAt(end - 1) == '0') {
            end--;
        }
        answer.append(signif, 0, end);
        answer.append('p');
        answer.append(subnormal ? MIN_EXPONENT : Math.getExponent(d));
        return answer.toString();
    }

    public static Double valueOf(String s) throws NumberFormatException {
        return new Double(parseDouble(s));
    }

    public static Double valueOf(double d) {
        return new Double(d);
    }

    public static double parseDouble(String s) throws NumberFormatException {
        if (s == null) {
            throw new NullPointerException();
        }
        return VM.parseDouble(s);
    }

    public static boolean isNaN(double v) {
        return (v != v);
    }

    public static boolean isInfinite(double v) {
        return (v == POSITIVE_INFINITY) || (v == NEGATIVE_INFINITY);
    }

    public static boolean isFinite(double d) {
        return Math.abs(d) <= MAX_VALUE;
    }

    public boolean isNaN() {
        return isNaN(value);
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public String toString() {
        return toString(value);
    }

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
        return (long) value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return value;
    }

    public int hashCode() {
        return hashCode(value);
    }

    public static int hashCode(double value) {
        long bits = doubleToLongBits(value);
        return (int) (bits ^ (bits >>> 32));
    }

    public boolean equals(Object obj) {
        return (obj instanceof Double)
                && (doubleToLongBits(((Double) obj).value) == doubleToLongBits(value));
    }

    /** Like doubleToRawLongBits, but every NaN maps to the canonical 0x7ff8000000000000L. */
    public static long doubleToLongBits(double value) {
        if (value != value) {
            return 0x7ff8000000000000L;
        }
        return doubleToRawLongBits(value);
    }

    public static native long doubleToRawLongBits(double value);

    public static native double longBitsToDouble(long bits);

    public int compareTo(Double anotherDouble) {
        return Double.compare(value, anotherDouble.value);
    }

    public static int compare(double d1, double d2) {
        if (d1 < d2) {
            return -1;
        }
        if (d1 > d2) {
            return 1;
        }
        long thisBits = Double.doubleToLongBits(d1);
        long anotherBits = Double.doubleToLongBits(d2);
        return (thisBits == anotherBits ? 0 : (thisBits < anotherBits ? -1 : 1));
    }

    public static double sum(double a, double b) {
        return a + b;
    }

    public static double max(double a, double b) {
        return Math.max(a, b);
    }

    public static double min(double a, double b) {
        return Math.min(a, b);
    }
}
