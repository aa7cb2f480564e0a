
import java.util.*;

/** Numeric edge cases: overflow, division, NaN and infinities, rounding, conversions. */
public class NumericEdges {
    public static void main(String[] args) {
        System.out.println(Integer.MAX_VALUE + 1 + " " + (Long.MIN_VALUE - 1) + " " + Math.abs(Integer.MIN_VALUE) + " " + (-7 / 2) + " " + (-7 % 2) + " " + Math.floorDiv(-7, 2) + " " + Math.floorMod(-7, 2));
        try { Math.addExact(Integer.MAX_VALUE, 1); } catch (ArithmeticException e) { System.out.println(e.getMessage()); }
        try { System.out.println(1 / 0); } catch (ArithmeticException e) { System.out.println(e.getMessage()); }
        System.out.println(1.0 / 0 + " " + -1.0 / 0 + " " + 0.0 / 0 + " " + (0.0 == -0.0) + " " + Double.compare(0.0, -0.0) + " " + Double.isNaN(Math.sqrt(-1)) + " " + (Double.NaN == Double.NaN));
        System.out.println(0.1 + 0.2 + " " + (float) 0.1 + " " + 1e-7 + " " + 123456789.0f + " " + 1e21 + " " + 100.0 + " " + Double.MIN_VALUE + " " + Float.MAX_VALUE);
        System.out.println((int) 3.99 + " " + (int) -3.99 + " " + (int) Double.NaN + " " + (int) 1e20 + " " + (long) Float.POSITIVE_INFINITY + " " + (byte) 200 + " " + (char) 65 + " " + (short) 70000);
        System.out.println(Math.round(2.5) + " " + Math.round(-2.5) + " " + Math.round(0.49999999999999994) + " " + Math.rint(2.5) + " " + Math.ceil(-0.5) + " " + Math.floor(-0.5));
        System.out.println(Integer.toBinaryString(-8) + " " + Integer.toHexString(255) + " " + Long.toOctalString(64) + " " + Integer.parseInt("-ff", 16) + " " + Integer.bitCount(255) + " " + Long.numberOfTrailingZeros(64) + " " + Integer.reverse(1) + " " + (-16 >> 2) + " " + (-16 >>> 28));
        System.out.println(String.format("%.3f %e %g %,.2f %x %o %+d %08.2f", Math.PI, 12345.678, 0.00012345, 1234567.891, 255, 8, 5, -3.14159));
        System.out.println(Double.toString(1.0E-5) + " " + Double.valueOf("1e3") + " " + Float.parseFloat("3.4028235e38") + " " + Double.toHexString(1.0) + " " + Long.MAX_VALUE / -1 + " " + Integer.MIN_VALUE / -1);
        System.out.println(Math.max(-0.0, 0.0) + " " + Math.min(Double.NaN, 1) + " " + Math.signum(-3.0) + " " + Math.hypot(3, 4) + " " + Math.cbrt(27) + " " + Math.pow(2, 10) + " " + Math.sqrt(2));
        System.out.println(Integer.compare(3, 7) + " " + Character.getNumericValue('7') + " " + Integer.valueOf(127) .equals(127) + " " + (Integer.valueOf(1000) == Integer.valueOf(1000)) + " " + Long.hashCode(1L << 40) + " " + Double.hashCode(1.5));
        try { Integer.parseInt("12a"); } catch (NumberFormatException e) { System.out.println(e.getMessage()); }
        System.out.println(Integer.MAX_VALUE * 2L + " " + 5 / 2.0 + " " + 'a' + 1 + " " + (char) ('a' + 1) + " " + 07 + 0x1F + 0b101);
    }
}
