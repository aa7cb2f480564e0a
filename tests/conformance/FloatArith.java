// FloatArith: single-precision arithmetic and printing: NaN comparisons
// (fcmpl/fcmpg), infinities, signed zero, float rounding, float->int/long
// saturation incl. NaN -> 0, float printing via println/concat (Float.toString
// forms incl. E notation), Float.compare/equals/floatToIntBits, float % .
public class FloatArith {
    static float fzero = 0.0f;

    static String cmpAll(float a, float b) {
        return "" + (a < b) + (a <= b) + (a > b) + (a >= b) + (a == b) + (a != b);
    }

    public static void main(String[] args) {
        float nan = Float.NaN;
        float pinf = Float.POSITIVE_INFINITY, ninf = Float.NEGATIVE_INFINITY;
        float nz = -0.0f;
        System.out.println("nan vs 1: " + cmpAll(nan, 1f));
        System.out.println("1 vs nan: " + cmpAll(1f, nan));
        System.out.println("nan vs nan: " + cmpAll(nan, nan));
        System.out.println("0 vs -0: " + cmpAll(0f, nz));
        System.out.println("inf vs max: " + cmpAll(pinf, Float.MAX_VALUE));
        System.out.println("1/0 = " + (1f / fzero) + ", -1/0 = " + (-1f / fzero) + ", 0/0 = " + (fzero / fzero));
        System.out.println("1/-0 = " + (1f / nz) + ", -0 = " + nz + ", 0*-1 = " + (fzero * -1));
        System.out.println("inf-inf = " + (pinf - pinf) + ", inf*0 = " + (pinf * 0) + ", inf+ninf = " + (pinf + ninf));
        System.out.println("5.5 % 2 = " + (5.5f % 2f) + ", -5.5 % 2 = " + (-5.5f % 2f) + ", 5 % 0 = " + (5f % fzero)
                + ", inf % 2 = " + (pinf % 2f) + ", 2 % inf = " + (2f % pinf));

        float[] vals = {0f, 1f, -1f, 0.1f, 0.2f, 0.1f + 0.2f, 1.5f, 100f, 1234567f, 12345678f, 1.0E7f, 9999999f,
                1.0E-3f, 0.001f, 9.999E-4f, 3.4028235E38f, 1.4E-45f, 1.17549435E-38f, 33.333332f, (float) Math.PI,
                1f / 3f, 2f / 3f, 16777216f, 16777217f, -123.456f, 0.5f, 0.25f, 1e10f, 1e-10f, 7e22f};
        for (float v : vals) {
            System.out.println("v=" + v + " int=" + (int) v + " long=" + (long) v + " double=" + (double) v
                    + " bits=" + Integer.toHexString(Float.floatToIntBits(v)));
        }

        float[] special = {nan, pinf, ninf, nz, 3e9f, -3e9f, 1e19f, -1e19f, 2.1474836E9f, Float.MIN_VALUE};
        for (float v : special) {
            System.out.println(v + " -> int " + (int) v + " long " + (long) v + " short " + (short) v
                    + " byte " + (byte) v + " char " + (int) (char) v);
        }

        // accumulating rounding error
        float sum = 0f;
        for (int i = 0; i < 10; i++) sum += 0.1f;
        System.out.println("sum of ten 0.1f = " + sum + " equals 1? " + (sum == 1.0f));
        float acc = 1f;
        for (int i = 0; i < 30; i++) acc = acc * 1.1f + 0.3f;
        System.out.println("acc = " + acc);
        float tiny = 1f;
        int halvings = 0;
        while (tiny / 2 != 0) { tiny /= 2; halvings++; }
        System.out.println("smallest after " + halvings + " halvings: " + tiny);
        float huge = 1f;
        int doublings = 0;
        while (huge * 2 != Float.POSITIVE_INFINITY) { huge *= 2; doublings++; }
        System.out.println("largest power of two after " + doublings + ": " + huge);

        System.out.println("compare: " + Float.compare(0f, -0f) + " " + Float.compare(nan, pinf) + " "
                + Float.compare(1f, 2f) + " equals(NaN,NaN) " + Float.valueOf(nan).equals(nan)
                + " equals(0,-0) " + Float.valueOf(0f).equals(-0f));
        System.out.println("isNaN " + Float.isNaN(nan) + " isInfinite " + Float.isInfinite(ninf) + " isFinite "
                + Float.isFinite(1f) + " intBitsToFloat " + Float.intBitsToFloat(0x40490fdb));
        System.out.println("float hash " + Float.hashCode(1.5f) + " " + Float.valueOf(-0f).hashCode()
                + " max " + Float.MAX_VALUE + " min " + Float.MIN_VALUE + " minNormal " + Float.MIN_NORMAL);
        System.out.println("parse " + Float.parseFloat("3.25") + " " + Float.parseFloat("-1e3") + " " + Float.valueOf("0.1"));
        System.out.println("mixed int/float: " + (16777217 + 0f) + " " + (1 / 3f) + " " + (7 / 2 * 2f) + " " + (char) ('a' + 1.7f));
        float neg = -2.5f;
        System.out.println("neg " + (-neg) + " " + (-nz) + " " + (0f - 0f) + " " + (nz - 0f) + " " + (nz + 0f));
    }
}
