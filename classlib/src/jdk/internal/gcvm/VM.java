package jdk.internal.gcvm;

/**
 * gcvm's VM-internal natives: output, and the floating-point conversions whose exact digits
 * are easiest to get right in Rust. Not part of any public API.
 */
public final class VM {

    private VM() {
    }

    /** Writes b[off..off+len) to fd 1 (stdout, VM-buffered) or 2 (stderr, flushes stdout first). */
    public static native void write(int fd, byte[] b, int off, int len);

    /** Reads up to len bytes from fd 0 into b[off..]; the count, or -1 at end of input. */
    public static native int read(int fd, byte[] b, int off, int len);

    /** Double.toString(d) with the JDK 17 (shortest repr) algorithm. */
    public static native String doubleToString(double d);

    /** Float.toString(f) with the JDK 17 algorithm. */
    public static native String floatToString(float f);

    /** Double.parseDouble: trims whitespace; throws NumberFormatException with the JDK message. */
    public static native double parseDouble(String s);

    /** Float.parseFloat, as parseDouble. */
    public static native float parseFloat(String s);

    /** The digits of String.format("%.{precision}f", v) (sign, "NaN", "Infinity" included). */
    public static native String formatFixed(double v, int precision);

    /** The digits of String.format("%.{precision}e", v). */
    public static native String formatScientific(double v, int precision);

    /** The digits of String.format("%.{precision}g", v). */
    public static native String formatGeneral(double v, int precision);
}
