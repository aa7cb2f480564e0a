// Format: String.format and System.out.printf: %d %s %f %e %x %X %o %c %b %%
// %n with widths, precisions, left-justify '-', zero-pad '0', '+', ' ',
// grouping ',' and '(' flags, negative numbers, long/byte/short/BigInteger-free
// integral arguments, boxed and null arguments, %s of objects with toString,
// rounding of %f/%e (HALF_UP), explicit argument indexes %1$s and '<'.
public class Format {
    static class Money {
        final long cents;
        Money(long cents) { this.cents = cents; }
        @Override public String toString() { return "$" + cents / 100 + "." + (cents % 100 < 10 ? "0" : "") + cents % 100; }
    }

    public static void main(String[] args) {
        System.out.println(String.format("%d|%5d|%-5d|%05d|%+d|% d|%,d|%(d", 42, 42, 42, 42, 42, 42, 1234567, -42));
        System.out.println(String.format("%d|%5d|%-5d|%05d|%+d|% d|%,d|%(d", -42, -42, -42, -42, -42, -42, -1234567, 42));
        System.out.println(String.format("%d %d %d %d", Integer.MIN_VALUE, Long.MAX_VALUE, (byte) -5, (short) 300));
        System.out.println(String.format("%,d %,d %,d %,d", 0, 999, 1000, Long.MIN_VALUE));
        System.out.println(String.format("%x %X %o %x %x %08x %#x %#o", 255, 255, 8, -1, -1L, 0xBEEF, 255, 8));
        System.out.println(String.format("%x %x %o", (byte) -1, (short) -1, -1));
        System.out.println(String.format("[%s] [%10s] [%-10s] [%.3s] [%10.2s] [%S]", "hello", "hello", "hello", "hello", "hello", "hello"));
        System.out.println(String.format("%-10s|%10s|", "left", "right"));
        System.out.println(String.format("%s %s %s %s %s", null, 12, 3.5, true, new Money(12345)));
        System.out.println(String.format("%b %b %b %b %B", true, false, null, "x", true));
        System.out.println(String.format("%c%c%c %c", 'J', 'V', 'M', 65));
        System.out.println(String.format("%f %.2f %.0f %10.3f %-10.1f| %08.3f %+.2f %,.2f", Math.PI, Math.PI, Math.PI, Math.PI,
                Math.PI, Math.PI, Math.PI, 1234567.891));
        System.out.println(String.format("%f %.2f %.0f %08.3f %(.2f", -2.5, -2.5, -2.5, -2.5, -2.5));
        System.out.println(String.format("%.1f %.1f %.1f %.1f %.0f %.0f %.0f %.2f", 0.05, 0.15, 0.25, 0.35, 0.5, 1.5, 2.5, 1.005));
        System.out.println(String.format("%.3f %.3f %f %f", 1e-10, 123456789.0, 1e20, 0.0));
        System.out.println(String.format("%e %.2e %E %.0e %e %e", 1234.5678, 1234.5678, 0.000123, 5e10, -1.0, 0.0));
        System.out.println(String.format("%f %e %s %.2f", Double.NaN, Double.POSITIVE_INFINITY, -0.0, Double.NEGATIVE_INFINITY));
        System.out.println(String.format("%.2f %.3f %s", 1.5f, 0.1f, 0.1f));
        System.out.println(String.format("100%% done%n"). length() + " " + String.format("a%nb").replace("\n", "\\n"));
        System.out.println(String.format("%2$s %1$s %2$s %<s %s %s", "one", "two"));
        System.out.printf("printf: %d items at %.2f each = %8.2f total%n", 3, 19.99, 3 * 19.99);
        System.out.printf("%s has %d chars and %c first%n", "gcvm", "gcvm".length(), 'g');

        // table formatting
        String[] names = {"alpha", "beta", "gamma-long-name", ""};
        int[] counts = {1, -20, 300, 4000};
        double[] ratios = {0.5, -12.345, 99.999, 1e6};
        for (int i = 0; i < names.length; i++) {
            System.out.println(String.format("| %-12s | %6d | %10.2f | %-6x|", names[i], counts[i], ratios[i], counts[i]));
        }
        StringBuilder sb = new StringBuilder();
        for (int i = -3; i <= 3; i++) sb.append(String.format("[%3d:%-4.1f]", i, i / 2.0));
        System.out.println(sb);
        long big = 1L << 40;
        System.out.println(String.format("%d %,d %x %o %20d|%-20d|", big, big, big, big, big, big));
        System.out.println(String.format("%s %s", java.util.List.of(1, 2), new int[0].length));
        System.out.println("formatted".formatted() + " " + "%d+%d=%d".formatted(2, 3, 5));
        try {
            String.format("%d", "not a number");
        } catch (java.util.IllegalFormatException e) {
            System.out.println("bad conversion: " + e.getClass().getSimpleName());
        }
        try {
            String.format("%s %s", "only one");
        } catch (java.util.IllegalFormatException e) {
            System.out.println("missing argument: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }
}
