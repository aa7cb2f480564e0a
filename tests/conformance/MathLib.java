// MathLib: java.lang.Math and Integer/Long static helpers with exactly
// specified results: abs (incl. MIN_VALUE), min/max with NaN and -0.0,
// floor/ceil/round/rint (ties, negatives, huge values, NaN), sqrt/cbrt-free
// exact sqrt cases, pow with exactly representable results, hypot-free,
// floorDiv/floorMod, addExact/multiplyExact overflow exceptions, signum,
// copySign, Integer/Long bit operations (bitCount, highestOneBit,
// numberOfLeading/TrailingZeros, rotate, reverse, reverseBytes,
// toBinary/Hex/OctalString), parseInt with radix and NumberFormatException
// messages; Math's and StrictMath's transcendental functions to the last bit.
public class MathLib {
    static String nfe(String s, int radix) {
        try {
            return String.valueOf(Integer.parseInt(s, radix));
        } catch (NumberFormatException e) {
            return "NFE(" + e.getMessage() + ")";
        }
    }

    public static void main(String[] args) {
        System.out.println("abs " + Math.abs(-5) + " " + Math.abs(Integer.MIN_VALUE) + " " + Math.abs(Long.MIN_VALUE) + " "
                + Math.abs(-0.0) + " " + Math.abs(-3.5f) + " " + Math.abs(Double.NEGATIVE_INFINITY));
        System.out.println("min/max " + Math.min(-0.0, 0.0) + " " + Math.max(-0.0, 0.0) + " " + Math.min(Double.NaN, 1) + " "
                + Math.max(1f, Float.NaN) + " " + Math.min(3, -7) + " " + Math.max(3L, 7L) + " " + Math.min(0.0f, -0.0f));
        double[] rs = {2.5, -2.5, 3.5, -3.5, 2.4999999999999996, 0.49999999999999994, -0.5, 0.5, 1.5, -1.5, 1e300, -1e-300,
                Double.NaN, Double.POSITIVE_INFINITY, 4503599627370497.0, -0.0};
        for (double r : rs) {
            System.out.println(r + ": floor " + Math.floor(r) + " ceil " + Math.ceil(r) + " round " + Math.round(r) + " rint "
                    + Math.rint(r) + " roundf " + Math.round((float) r));
        }
        System.out.println("sqrt " + Math.sqrt(0) + " " + Math.sqrt(1) + " " + Math.sqrt(2) + " " + Math.sqrt(1e10) + " "
                + Math.sqrt(0.25) + " " + Math.sqrt(-0.0) + " " + Math.sqrt(Double.NaN));
        System.out.println("pow " + Math.pow(2, 10) + " " + Math.pow(2, -2) + " " + Math.pow(-2, 3) + " " + Math.pow(10, 0)
                + " " + Math.pow(0, 0) + " " + Math.pow(Double.NaN, 0) + " " + Math.pow(0, -1) + " " + Math.pow(-0.0, -1)
                + " " + Math.pow(9, 0.5) + " " + Math.pow(1, Double.NaN) + " " + Math.pow(2, 62) + " " + Math.pow(-1, 1e300));
        int[][] fd = {{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {Integer.MIN_VALUE, -1}, {0, 5}, {-1, 5}};
        StringBuilder sb = new StringBuilder("floorDiv/Mod");
        for (int[] p : fd) sb.append(' ').append(p[0]).append(',').append(p[1]).append("->").append(Math.floorDiv(p[0], p[1]))
                .append('/').append(Math.floorMod(p[0], p[1]));
        System.out.println(sb);
        System.out.println("long floorMod " + Math.floorMod(-7L, 3L) + " " + Math.floorDiv(Long.MIN_VALUE, 3L) + " " + Math.floorMod(-7L, 3));
        String[] exact = {"add", "sub", "mul", "neg", "inc", "toInt", "addL", "mulL"};
        for (String op : exact) {
            try {
                long r;
                switch (op) {
                    case "add": r = Math.addExact(Integer.MAX_VALUE, 1); break;
                    case "sub": r = Math.subtractExact(Integer.MIN_VALUE, 1); break;
                    case "mul": r = Math.multiplyExact(1 << 16, 1 << 16); break;
                    case "neg": r = Math.negateExact(Integer.MIN_VALUE); break;
                    case "inc": r = Math.incrementExact(Integer.MAX_VALUE); break;
                    case "toInt": r = Math.toIntExact(1L << 31); break;
                    case "addL": r = Math.addExact(Long.MAX_VALUE, 1L); break;
                    default: r = Math.multiplyExact(1L << 32, 1L << 31); break;
                }
                System.out.println(op + " = " + r);
            } catch (ArithmeticException e) {
                System.out.println(op + ": " + e.getMessage());
            }
        }
        System.out.println("exact ok " + Math.addExact(2, 3) + " " + Math.multiplyExact(-4L, 5L) + " " + Math.toIntExact(-9L));
        System.out.println("signum " + Math.signum(-2.5) + " " + Math.signum(0.0) + " " + Math.signum(-0.0) + " " + Math.signum(7f)
                + " copySign " + Math.copySign(3.0, -0.0) + " " + Math.copySign(-2f, 1f));
        System.out.println("toRadians-free: PI " + Math.PI + " E " + Math.E);
        // Transcendental functions, last digit included: Math.exp/log/log10/pow are HotSpot's x86_64
        // intrinsics, StrictMath is fdlibm (issue 15's examples: exp(1), pow(10, -5)).
        System.out.println("Math exp " + Math.exp(1) + " " + Math.exp(-0.8933834333064148) + " " + Math.exp(-402.33197440761273)
                + " pow " + Math.pow(10, -5) + " " + Math.pow(0.19968964671571343, -13) + " " + Math.pow(9.257478100384056, -2)
                + " log " + Math.log(0.7414505360148267) + " " + Math.log(2999999999.999996)
                + " log10 " + Math.log10(1.693964238859045) + " " + Math.log10(1e-300) + " fma " + Math.fma(0.1, 0.2, 0.3));
        System.out.println("Math sin " + Math.sin(-9.999999999999996) + " " + Math.sin(1e22) + " cos " + Math.cos(3.274110781632105)
                + " " + Math.cos(1518609.7604297823) + " tan " + Math.tan(2.9999999999999885) + " " + Math.tan(-1.0000000000000035e300));
        System.out.println("StrictMath log10 " + StrictMath.log10(7.5) + " cbrt " + StrictMath.cbrt(0.3) + " tanh " + StrictMath.tanh(0.6)
                + " hypot " + StrictMath.hypot(3.1, 4.7) + " log " + StrictMath.log(0.7414505360148267) + " sin " + StrictMath.sin(1e6)
                + " cos " + StrictMath.cos(-9.999999999999996) + " cosh " + StrictMath.cosh(1.7) + " log1p " + StrictMath.log1p(0.37)
                + " exp " + StrictMath.exp(1) + " pow " + StrictMath.pow(10, -5));

        int[] bits = {0, 1, -1, 6, 0x80000000, 0x7fffffff, 0x12345678, 1000};
        for (int v : bits) {
            System.out.println(v + ": bitCount " + Integer.bitCount(v) + " hob " + Integer.highestOneBit(v) + " lob "
                    + Integer.lowestOneBit(v) + " nlz " + Integer.numberOfLeadingZeros(v) + " ntz " + Integer.numberOfTrailingZeros(v)
                    + " rotl3 " + Integer.rotateLeft(v, 3) + " rotr3 " + Integer.rotateRight(v, 3) + " rev " + Integer.reverse(v)
                    + " revBytes " + Integer.reverseBytes(v) + " bin " + Integer.toBinaryString(v) + " hex " + Integer.toHexString(v)
                    + " oct " + Integer.toOctalString(v));
        }
        long[] lbits = {0L, -1L, 1L << 63, 0x123456789ABCDEFL, 1000L};
        for (long v : lbits) {
            System.out.println(v + ": bitCount " + Long.bitCount(v) + " hob " + Long.highestOneBit(v) + " nlz "
                    + Long.numberOfLeadingZeros(v) + " ntz " + Long.numberOfTrailingZeros(v) + " rotl7 " + Long.rotateLeft(v, 7)
                    + " rev " + Long.reverse(v) + " revBytes " + Long.reverseBytes(v) + " hex " + Long.toHexString(v)
                    + " bin-len " + Long.toBinaryString(v).length() + " oct " + Long.toOctalString(v));
        }

        System.out.println("parse: " + nfe("123", 10) + " " + nfe("-ff", 16) + " " + nfe("+777", 8) + " " + nfe("zz", 36) + " "
                + nfe("2147483647", 10) + " " + nfe("-2147483648", 10) + " " + nfe("1010", 2));
        System.out.println("bad: " + nfe("2147483648", 10) + " " + nfe("", 10) + " " + nfe("12a", 10) + " " + nfe("-", 10) + " "
                + nfe("9", 8) + " " + nfe(" 1", 10));
        try {
            Integer.parseInt(null);
        } catch (NumberFormatException e) {
            System.out.println("null: " + e.getMessage());
        }
        try {
            Long.parseLong("99999999999999999999");
        } catch (NumberFormatException e) {
            System.out.println("long: " + e.getMessage());
        }
        try {
            Double.parseDouble("abc");
        } catch (NumberFormatException e) {
            System.out.println("double: " + e.getMessage());
        }
        System.out.println("Long.parseLong radix " + Long.parseLong("-7fffffffffffffff", 16) + " " + Long.valueOf("123") + " "
                + Integer.parseUnsignedInt("4294967295") + " " + Integer.decode("0x1F") + " " + Integer.decode("-010"));
        // integer sqrt by Newton and by Math.sqrt agree
        int agree = 0;
        for (long n = 0; n < 20000; n += 7) {
            long r = (long) Math.sqrt(n);
            long x = n, y = (x + 1) / 2;
            while (y < x) { x = y; y = (x + n / x) / 2; }
            if (r == x) agree++;
        }
        System.out.println("isqrt agreement " + agree);
    }
}
