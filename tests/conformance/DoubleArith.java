// DoubleArith: double-precision arithmetic and printing: NaN comparisons
// (dcmpl/dcmpg), infinities, signed zero, drem, double->int/long/float
// saturation and rounding incl. NaN -> 0, Double.toString forms (plain and
// E notation thresholds 1e-3 and 1e7), doubleToLongBits, compare/equals,
// Math.sqrt, Kahan summation and other deterministic numeric loops.
public class DoubleArith {
    static double dzero;

    static String cmpAll(double a, double b) {
        return "" + (a < b ? 1 : 0) + (a <= b ? 1 : 0) + (a > b ? 1 : 0) + (a >= b ? 1 : 0) + (a == b ? 1 : 0) + (a != b ? 1 : 0);
    }

    public static void main(String[] args) {
        double nan = Double.NaN, pinf = Double.POSITIVE_INFINITY, ninf = Double.NEGATIVE_INFINITY, nz = -0.0;
        System.out.println("nan/1 " + cmpAll(nan, 1) + " 1/nan " + cmpAll(1, nan) + " nan/nan " + cmpAll(nan, nan)
                + " 0/-0 " + cmpAll(0.0, nz) + " -inf/inf " + cmpAll(ninf, pinf));
        System.out.println("1/0 " + (1 / dzero) + " -1/0 " + (-1 / dzero) + " 0/0 " + (dzero / dzero) + " 1/-0 " + (1 / nz));
        System.out.println("inf-inf " + (pinf - pinf) + " inf*-1 " + (pinf * -1) + " nan+1 " + (nan + 1) + " -nan " + (-nan));
        System.out.println("drem " + (10.5 % 3) + " " + (-10.5 % 3) + " " + (10.5 % -3) + " " + (1e300 % 7) + " "
                + (5 % dzero) + " " + (pinf % 1) + " " + (3.0 % pinf) + " " + (nz % 5));

        double[] vals = {0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.1 + 0.2, 0.3, 1.0 / 3, 2.0 / 3, 10.0 / 3, 100.0, 1e6,
                9999999.0, 1e7, 12345678.9, 1e-3, 0.001, 9.99e-4, 1e-4, 123.456, -98765.4321, 1e21, 1e22, 1e23,
                Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL, 4.9e-324, Math.PI, Math.E, 0.5, 1.5, 2.5,
                -2.5, 3.5, 1e16, 1e17, 9007199254740993.0, 123456789012345678.0, 0.1 * 3, 1.1 * 1.1, 5e-5};
        for (double v : vals) {
            System.out.println(v + " | int " + (int) v + " long " + (long) v + " float " + (float) v
                    + " bits " + Long.toHexString(Double.doubleToLongBits(v)));
        }

        double[] special = {nan, pinf, ninf, nz, 3e9, -3e9, 1e19, -1e19, 9.2233720368547758E18, -9.2233720368547758E18,
                2147483647.5, 2147483648.0, -2147483648.9, -2147483649.0, 1e-300, 65535.9, 65536.0, -0.9};
        for (double v : special) {
            System.out.println(v + " -> int " + (int) v + " long " + (long) v + " float " + (float) v
                    + " short " + (short) v + " byte " + (byte) v + " char " + (int) (char) v);
        }

        // float <-> double round trip and narrowing
        double d = 0.1;
        float f = (float) d;
        System.out.println("0.1 -> float " + f + " -> double " + (double) f + " same? " + (d == f));
        System.out.println("1e40 -> float " + (float) 1e40 + ", 1e-50 -> float " + (float) 1e-50 + ", -1e-50 -> " + (float) -1e-50);

        // numeric loops
        double sum = 0;
        for (int i = 1; i <= 1000; i++) sum += 1.0 / i;
        System.out.println("harmonic(1000) = " + sum);
        double kahan = 0, c = 0;
        for (int i = 0; i < 10000; i++) {
            double y = 0.1 - c;
            double t = kahan + y;
            c = (t - kahan) - y;
            kahan = t;
        }
        double naive = 0;
        for (int i = 0; i < 10000; i++) naive += 0.1;
        System.out.println("kahan " + kahan + " naive " + naive);
        double x = 2;
        for (int i = 0; i < 6; i++) x = x - (x * x - 2) / (2 * x);
        System.out.println("newton sqrt2 " + x + " Math.sqrt " + Math.sqrt(2) + " equal " + (x == Math.sqrt(2)));
        System.out.println("sqrt " + Math.sqrt(144) + " " + Math.sqrt(-1) + " " + Math.sqrt(nz) + " " + Math.sqrt(pinf) + " " + Math.sqrt(1e-300));
        double fact = 1;
        for (int i = 1; i <= 25; i++) fact *= i;
        System.out.println("25! = " + fact + " 170! ~ " + factorial(170) + " 171! = " + factorial(171));
        double pow = 1;
        for (int i = 0; i < 60; i++) pow *= 0.5;
        double eps = 1;
        while (1 + eps / 2 != 1) eps /= 2;
        System.out.println("2^-60 = " + pow + " machine epsilon " + eps);

        System.out.println("compare " + Double.compare(0.0, -0.0) + " " + Double.compare(nan, pinf) + " "
                + Double.compare(-1, 1) + " equals(NaN) " + Double.valueOf(nan).equals(nan) + " equals(0,-0) "
                + Double.valueOf(0.0).equals(-0.0) + " hash " + Double.hashCode(1.5) + " " + Double.valueOf(-0.0).hashCode());
        System.out.println("isNaN " + Double.isNaN(0 / dzero) + " isInfinite " + Double.isInfinite(-1 / dzero)
                + " isFinite " + Double.isFinite(Double.MAX_VALUE) + " longBitsToDouble " + Double.longBitsToDouble(0x3ff8000000000000L)
                + " raw NaN bits " + Long.toHexString(Double.doubleToRawLongBits(nan)));
        System.out.println("parse " + Double.parseDouble("1.25e2") + " " + Double.parseDouble("-0.0") + " "
                + Double.valueOf("  42  ") + " " + Double.parseDouble("Infinity") + " " + Double.parseDouble("1e400"));
        System.out.println("int/long to double: " + (double) Long.MAX_VALUE + " " + (double) Long.MIN_VALUE + " "
                + (double) (Long.MAX_VALUE - 1) + " " + (float) Long.MAX_VALUE + " " + (double) Integer.MIN_VALUE
                + " " + (float) 123456789 + " " + (float) 123456789L);
        System.out.println("min/max consts " + Double.MAX_VALUE + " " + Double.MIN_VALUE + " " + Double.MIN_NORMAL);
    }

    static double factorial(int n) {
        double r = 1;
        for (int i = 2; i <= n; i++) r *= i;
        return r;
    }
}
