// LongArith: 64-bit integer arithmetic: overflow wrap, ldiv/lrem with negative
// operands and MIN_VALUE / -1, shifts masked to 6 bits, lcmp, long/int mixing,
// compound assignment on long locals, fields and array elements, long
// constants (lconst/ldc2_w), ArithmeticException "/ by zero" from ldiv/lrem.
public class LongArith {
    static long staticLong = 1L << 40;
    long instLong = -5L;

    static long div(long a, long b) { return a / b; }
    static long rem(long a, long b) { return a % b; }
    static int cmp(long a, long b) { return a < b ? -1 : (a == b ? 0 : 1); }

    public static void main(String[] args) {
        long max = Long.MAX_VALUE, min = Long.MIN_VALUE;
        System.out.println("max+1 = " + (max + 1));
        System.out.println("min-1 = " + (min - 1));
        System.out.println("max*3 = " + (max * 3));
        System.out.println("-min = " + (-min));
        System.out.println("min*-1 = " + (min * -1));
        long big = 3037000500L;
        System.out.println("big*big = " + (big * big));
        long i2l = Integer.MAX_VALUE;
        System.out.println("int max * int max as long = " + (i2l * i2l));
        int imax = Integer.MAX_VALUE;
        System.out.println("int overflow before widening = " + (long) (imax * imax) + " vs " + ((long) imax * imax));

        long[] as = {7, -7, 7, -7, 0, min, min, max, 1L << 62, -1000000000000L, 123456789012345L};
        long[] bs = {2, 2, -2, -2, 9, -1, 1, -1, 3, 7, -1000};
        for (int i = 0; i < as.length; i++) {
            System.out.println(as[i] + " / " + bs[i] + " = " + div(as[i], bs[i]) + " rem " + rem(as[i], bs[i]));
        }

        long x = 0x8123456789ABCDEFL;
        int[] shifts = {0, 1, 4, 31, 32, 33, 63, 64, 65, -1, -64, 127};
        for (int s : shifts) {
            System.out.println("s=" + s + " << " + (x << s) + " >> " + (x >> s) + " >>> " + (x >>> s));
        }
        System.out.println("1L<<63 = " + (1L << 63) + ", 1<<63 (int) = " + (1 << 63));

        long p = 0xF0F0F0F0F0F0F0F0L, q = 0x00FF00FF00FF00FFL;
        System.out.println("and " + (p & q) + " or " + (p | q) + " xor " + (p ^ q) + " not " + (~p));

        // lcmp
        long[] cs = {min, -1, 0, 1, max};
        StringBuilder sb = new StringBuilder();
        for (long a : cs) for (long b : cs) sb.append(cmp(a, b) + 1);
        System.out.println("cmp matrix " + sb);
        System.out.println(Long.compare(min, max) + " " + Long.signum(min) + " " + Long.signum(0L));

        // compound assignment on field, static, array elements
        LongArith o = new LongArith();
        o.instLong *= 1000000007L;
        o.instLong += Integer.MIN_VALUE;
        o.instLong <<= 3;
        staticLong -= 1;
        staticLong >>>= 7;
        staticLong ^= 0xABCDEFL;
        long[] arr = {1, 2, 3};
        arr[1] += 40;
        arr[2] *= arr[1]++;
        arr[0] -= ++arr[1];
        System.out.println("field " + o.instLong + " static " + staticLong
                + " arr " + arr[0] + "," + arr[1] + "," + arr[2]);

        // int/long mixing
        int small = -3;
        long mixed = small + 4000000000L;
        System.out.println("mixed " + mixed + " " + (small * 1L * Integer.MAX_VALUE) + " " + (small >>> 1) + " " + ((long) small >>> 1));

        // division by zero
        long zero = 0;
        try {
            System.out.println(10L / zero);
        } catch (ArithmeticException e) {
            System.out.println("ldiv: " + e.getMessage());
        }
        try {
            System.out.println(10L % zero);
        } catch (ArithmeticException e) {
            System.out.println("lrem: " + e);
        }

        // 64-bit hashing loop (FNV-1a style)
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < 500; i++) {
            h ^= i;
            h *= 0x100000001b3L;
        }
        System.out.println("fnv = " + h + " hex " + Long.toHexString(h));

        // Fibonacci until overflow
        long a = 0, b = 1;
        int n = 0;
        while (b >= 0) {
            long t = a + b;
            a = b;
            b = t;
            n++;
        }
        System.out.println("fib overflow at step " + n + ": last positive " + a + " wrapped " + b);

        System.out.println("unsigned " + Long.toUnsignedString(-1L) + " " + Long.divideUnsigned(-1L, 10)
                + " " + Long.remainderUnsigned(-1L, 10) + " " + Long.compareUnsigned(-1L, 1L));
        System.out.println("Long.MIN/MAX " + Long.MIN_VALUE + " " + Long.MAX_VALUE + " hash " + Long.hashCode(x)
                + " " + Long.valueOf(max).hashCode());
    }
}
