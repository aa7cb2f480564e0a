package java.lang;

/**
 * Strict math. The transcendental functions are VM natives computing fdlibm 5.3 bit for bit, as
 * the JDK's do (runtime/interp/src/lang/math/fdlibm/); everything else is Java and shared with
 * {@link Math}.
 */
public final class StrictMath {

    public static final double E = 2.7182818284590452354;
    public static final double PI = 3.14159265358979323846;

    private StrictMath() {
    }

    public static native double sin(double a);

    public static native double cos(double a);

    public static native double tan(double a);

    public static native double asin(double a);

    public static native double acos(double a);

    public static native double atan(double a);

    public static native double exp(double a);

    public static native double log(double a);

    public static native double log10(double a);

    public static native double sqrt(double a);

    public static native double cbrt(double a);

    public static native double IEEEremainder(double f1, double f2);

    public static native double atan2(double y, double x);

    public static native double pow(double a, double b);

    public static native double sinh(double x);

    public static native double cosh(double x);

    public static native double tanh(double x);

    public static native double hypot(double x, double y);

    public static native double expm1(double x);

    public static native double log1p(double x);

    public static double toRadians(double angdeg) {
        return Math.toRadians(angdeg);
    }

    public static double toDegrees(double angrad) {
        return Math.toDegrees(angrad);
    }

    public static double ceil(double a) {
        if (a != a || Double.isInfinite(a) || a == 0.0 || Math.abs(a) >= 0x1.0p52) {
            return a;
        }
        double r = (double) (long) a;
        if (r < a) {
            r += 1.0;
        }
        return (r == 0.0 && a < 0.0) ? -0.0 : r;
    }

    public static double floor(double a) {
        if (a != a || Double.isInfinite(a) || a == 0.0 || Math.abs(a) >= 0x1.0p52) {
            return a;
        }
        double r = (double) (long) a;
        if (r > a) {
            r -= 1.0;
        }
        return (r == 0.0 && a < 0.0) ? -0.0 : r;
    }

    public static double rint(double a) {
        double twoToThe52 = (double) (1L << 52);
        double sign = Math.copySign(1.0, a);
        a = Math.abs(a);
        if (a < twoToThe52) {
            a = ((twoToThe52 + a) - twoToThe52);
        }
        return sign * a;
    }

    public static int round(float a) {
        return Math.round(a);
    }

    public static long round(double a) {
        return Math.round(a);
    }

    public static double random() {
        return Math.random();
    }

    public static int addExact(int x, int y) {
        return Math.addExact(x, y);
    }

    public static long addExact(long x, long y) {
        return Math.addExact(x, y);
    }

    public static int subtractExact(int x, int y) {
        return Math.subtractExact(x, y);
    }

    public static long subtractExact(long x, long y) {
        return Math.subtractExact(x, y);
    }

    public static int multiplyExact(int x, int y) {
        return Math.multiplyExact(x, y);
    }

    public static long multiplyExact(long x, long y) {
        return Math.multiplyExact(x, y);
    }

    public static int toIntExact(long value) {
        return Math.toIntExact(value);
    }

    public static int floorDiv(int x, int y) {
        return Math.floorDiv(x, y);
    }

    public static long floorDiv(long x, long y) {
        return Math.floorDiv(x, y);
    }

    public static int floorMod(int x, int y) {
        return Math.floorMod(x, y);
    }

    public static long floorMod(long x, long y) {
        return Math.floorMod(x, y);
    }

    public static int abs(int a) {
        return Math.abs(a);
    }

    public static long abs(long a) {
        return Math.abs(a);
    }

    public static float abs(float a) {
        return Math.abs(a);
    }

    public static double abs(double a) {
        return Math.abs(a);
    }

    public static int max(int a, int b) {
        return Math.max(a, b);
    }

    public static long max(long a, long b) {
        return Math.max(a, b);
    }

    public static float max(float a, float b) {
        return Math.max(a, b);
    }

    public static double max(double a, double b) {
        return Math.max(a, b);
    }

    public static int min(int a, int b) {
        return Math.min(a, b);
    }

    public static long min(long a, long b) {
        return Math.min(a, b);
    }

    public static float min(float a, float b) {
        return Math.min(a, b);
    }

    public static double min(double a, double b) {
        return Math.min(a, b);
    }

    public static double signum(double d) {
        return Math.signum(d);
    }

    public static float signum(float f) {
        return Math.signum(f);
    }

    public static double copySign(double magnitude, double sign) {
        return Math.copySign(magnitude, sign);
    }

    public static double ulp(double d) {
        return Math.ulp(d);
    }

    public static int getExponent(double d) {
        return Math.getExponent(d);
    }

    public static double nextUp(double d) {
        return Math.nextUp(d);
    }

    public static double nextDown(double d) {
        return Math.nextDown(d);
    }

    public static double nextAfter(double start, double direction) {
        return Math.nextAfter(start, direction);
    }

    public static double scalb(double d, int scaleFactor) {
        return Math.scalb(d, scaleFactor);
    }
}
