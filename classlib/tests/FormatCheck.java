import java.util.*;

/**
 * Compares gcvm's Formatter (compiled as cltest.util.Formatter, with the VM's float-digit natives
 * stubbed by the JDK's own %f/%e/%g) with java.util.Formatter over a table of format strings.
 */
public class FormatCheck {

    static void p(Object o) {
        System.out.println(o);
    }

    static void f(String fmt, Object... args) {
        String r;
        try {
            r = "[" + new Formatter().format(fmt, args).toString() + "]";
        } catch (Throwable e) {
            r = "!! " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        p(fmt + " " + Arrays.toString(args) + " => " + r);
    }

    /** BigInteger with %d %o %x, BigDecimal with %e %f %g, every flag that applies. */
    static void bigNumbers() {
        java.math.BigInteger two100 = java.math.BigInteger.ONE.shiftLeft(100);
        Object[] ints = {java.math.BigInteger.ZERO, java.math.BigInteger.ONE, java.math.BigInteger.valueOf(-1),
            java.math.BigInteger.valueOf(255), java.math.BigInteger.valueOf(-255), two100,
            two100.add(java.math.BigInteger.valueOf(12345)).negate(), java.math.BigInteger.TEN.pow(30).subtract(java.math.BigInteger.ONE)};
        String[] intFormats = {"%d", "%5d|", "%-8d|", "%08d", "%+d", "% d", "%,d", "%(d", "%(,012d", "%x", "%X", "%#x",
            "%#X", "%08x", "%#012x", "%-10x|", "%o", "%#o", "%+x", "%(x", "% o", "%(08o", "%+#010X", "%s", "%.3s", "%f", "%c"};
        for (Object v : ints) {
            for (String fmt : intFormats) {
                f(fmt, v);
            }
        }
        String[] decs = {"0", "0.000", "0E+3", "-0.00", "1", "-1", "3.14159", "-2.5", "2.675", "0.0005", "-0.00049999",
            "9.995", "999999.5", "1234567.891", "1E+10", "-1.5E-10", "123456789012345678901234567890.123456789", "0.1",
            "1E-5", "0.0001", "0.00009999995", "99999.95", "123456", "1234567", "9.9999995", "-999.9996", "5E-7", "0.5",
            "1.5", "2.5", "-0.5", "100", "1E+2", "12.3E-200", "7E+300"};
        String[] decFormats = {"%e", "%E", "%.0e", "%#.0e", "%.3e", "%12.4e|", "%-12.2e|", "%012.3e", "%+e", "%(e",
            "% .2e", "%f", "%.0f", "%#.0f", "%.2f", "%,.2f", "%012.2f", "%(,.3f", "%+f", "% f", "%.10f", "%-14.1f|",
            "%(012.1f", "%g", "%G", "%.0g", "%.1g", "%.3g", "%,g", "%(g", "%12g|", "%+.10g", "%010.4g", "%a", "%d", "%s"};
        for (String d : decs) {
            for (String fmt : decFormats) {
                f(fmt, new java.math.BigDecimal(d));
            }
        }
    }

    public static void main(String[] args) {
        f("%d %d %d %d", 0, -5, Integer.MAX_VALUE, Long.MIN_VALUE);
        f("%5d|%-5d|%05d|%+d|% d|%,d|%(d|%(5d|%+,010d", 42, 42, -42, 42, 42, 1234567, -42, -42, -1234567);
        f("%,d %,d %,d %,d", 0, 999, 1000, -1000000);
        f("%d %d", (short) -3, (byte) 7);
        f("%x %X %o %x %x %x", 255, 255, 8, -1, (byte) -1, (short) -1);
        f("%#x %#o %08x %#010x %-8x|", 255, 8, 255, 255, 255);
        f("%x %o", -1L, -1L);
        f("%s %S %10s|%-10s|%.2s|%10.3s|", "hello", "hello", "hi", "hi", "hello", "hello");
        f("%s %s %s", null, 1.5, List.of(1, 2));
        f("%b %B %b %b %5b", true, false, null, "x", true);
        f("%c %C %c %c", 'a', 'b', 65, (byte) 66);
        f("%h %H", "hello", "hello");
        f("%n%%|%5%|%-5%|");
        f("%f %f %f %f", 3.14159, -2.5, 0.0, 1e10);
        f("%.2f %.0f %.0f %.0f %.3f %10.2f|%-10.2f|%010.2f", 2.675, 0.5, 1.5, 2.5, -0.0005, 3.14159, 3.14159, -3.14159);
        f("%,.2f %,f %+.1f % .1f %(.2f", 1234567.891, 1234.5, 1.0, 1.0, -5.5);
        f("%#.0f %.1f %f", 3.0, Float.valueOf(1.1f), 100.0f);
        f("%e %E %.2e %.0e %#.0e %12.3e|%-12.3e|%012.3e", 12345.678, 0.000123, 1.0, 5.5, 5.5, -1234.5, 1234.5, 1234.5);
        f("%g %g %g %g %g %G", 0.0001, 0.00001, 123456.0, 1234567.0, 0.0, 1e-10);
        f("%.3g %.0g %10.4g|%-10.2g|%,g", 3.14159, 12.0, 1234.5678, 0.5, 1234567.0);
        f("%f %e %g %f %10f|%-10f|%010f", Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        f("%+f %(f %+e", Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0);
        f("%a %A", 1.0, -0.5);
        f("%2$s %1$s %2$s %s %s %<s", "a", "b");
        f("%s %s", "a");
        f("%1$s %3$s", "a", "b");
        f("%<s", "a");
        f("%q", 1);
        f("%", 1);
        f("abc %");
        f("%5", 1);
        f("%-", 1);
        f("%.f", 1.0);
        f("%d", "x");
        f("%d", 1.5);
        f("%f", 1);
        f("%c", "x");
        f("%c", 0x110000);
        f("%s %d", null, null);
        f("%.2d", 5);
        f("%-d", 5);
        f("%0d", 5);
        f("%-05d", 5);
        f("%+ d", 5);
        f("%#d", 5);
        f("%,x", 5);
        f("%+x", 5);
        f("%#s", "x");
        f("%+s", "x");
        f("%-s", "x");
        f("%,e", 1.0);
        f("%#g", 1.0);
        f("%5n");
        f("%-n");
        f("%.2%");
        f("%--5d", 1);
        f("%0$s", 1);
        f("%D", 1);
        f("%10.4s|%-10.4S|", "abcdefgh", "abcdefgh");
        f("%s", (Object) new int[0].getClass().getSimpleName());
        f("no args");
        f("%d%%", 50);
        f("%08.3f|%-8.3f|%+08.2f|% 08.2f", -3.14159, 3.14159, 2.5, 2.5);
        f("%.15f %.17f %.1f", 0.1, 0.1, 0.05);
        f("%x", Long.MAX_VALUE);
        f("%,d", Long.MIN_VALUE);
        f("%010d|%-10d|%(,010d", Integer.MIN_VALUE, Integer.MIN_VALUE, -1234567);
        f("%s", (Object) null);
        bigNumbers();
        String s = String.format("%s", (Object[]) null);
        p(s);
    }
}
