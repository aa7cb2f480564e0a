// IntArith: 32-bit integer arithmetic: overflow wrap-around, division and
// remainder with negative operands and MIN_VALUE / -1, shifts with large and
// negative counts (masked to 5 bits), unsigned shift, iinc with large
// constants, compound assignment, ArithmeticException "/ by zero".
public class IntArith {
    static int sink;

    static int div(int a, int b) { return a / b; }
    static int rem(int a, int b) { return a % b; }

    public static void main(String[] args) {
        int max = Integer.MAX_VALUE;
        int min = Integer.MIN_VALUE;
        System.out.println("max+1 = " + (max + 1));
        System.out.println("min-1 = " + (min - 1));
        System.out.println("max*2 = " + (max * 2));
        System.out.println("max*max = " + (max * max));
        System.out.println("min*-1 = " + (min * -1));
        System.out.println("-min = " + (-min));
        System.out.println("123456789*987 = " + (123456789 * 987));
        System.out.println("46341*46341 = " + (46341 * 46341));

        int[] as = {7, -7, 7, -7, 0, 1, -1, 100, min, min, max, max, 13, -13};
        int[] bs = {2, 2, -2, -2, 5, 3, 3, -7, -1, 1, -1, min, 1000, 1000};
        for (int i = 0; i < as.length; i++) {
            int a = as[i], b = bs[i];
            System.out.println(a + " / " + b + " = " + div(a, b) + ", " + a + " % " + b + " = " + rem(a, b));
        }

        int[] shifts = {0, 1, 5, 31, 32, 33, 63, 64, -1, -31, -32, 100};
        int x = 0x81234567;
        for (int s : shifts) {
            System.out.println("s=" + s + " << " + (x << s) + " >> " + (x >> s) + " >>> " + (x >>> s)
                    + " 1<<s " + (1 << s) + " -1>>>s " + (-1 >>> s));
        }

        // bitwise
        int p = 0xF0F0F0F0, q = 0x0FF00FF0;
        System.out.println("and " + (p & q) + " or " + (p | q) + " xor " + (p ^ q) + " not " + (~p));

        // iinc with various constants
        int c = 0;
        c += 1; c += 127; c += 128; c += -129; c += 32767; c += 40000; c -= 100000;
        System.out.println("iinc c = " + c);
        int d = max;
        d++;
        System.out.println("max++ = " + d);
        d--;
        System.out.println("back-- = " + d);
        int e = 5;
        int f = e++ + ++e - e-- - --e;
        System.out.println("e=" + e + " f=" + f);

        // compound assignments
        int g = 1000;
        g *= 3; g /= 7; g %= 100; g <<= 20; g >>= 3; g >>>= 2; g ^= 0x5555; g |= 0x10000; g &= 0xFFFFF;
        System.out.println("g = " + g);
        int h = 10;
        h += 2.7;      // implicit narrowing: (int)(10 + 2.7)
        System.out.println("h += 2.7 -> " + h);
        h -= 0.5f;
        System.out.println("h -= 0.5f -> " + h);
        h *= 1e10;     // saturates to MAX_VALUE
        System.out.println("h *= 1e10 -> " + h);

        // division by zero
        int zero = 0;
        try {
            sink = 5 / zero;
            System.out.println("no exception?");
        } catch (ArithmeticException ex) {
            System.out.println("caught " + ex.getClass().getName() + ": " + ex.getMessage());
        }
        try {
            sink = 5 % zero;
            System.out.println("no exception?");
        } catch (ArithmeticException ex) {
            System.out.println("caught rem: " + ex);
        }
        try {
            sink = div(min, zero);
        } catch (ArithmeticException ex) {
            System.out.println("caught in callee: " + ex.getMessage());
        }

        // accumulate a checksum with wrapping
        int hash = 17;
        for (int i = 0; i < 1000; i++) {
            hash = hash * 31 + i;
            hash ^= hash >>> 7;
        }
        System.out.println("checksum = " + hash);

        // comparisons around the boundaries
        System.out.println((min < max) + " " + (min - 1 > max - 1) + " " + (min == -min) + " " + (Math.abs(min) < 0));
        System.out.println(Integer.compare(min, max) + " " + Integer.compare(3, 3) + " " + Integer.signum(-42));
        System.out.println("unsigned: " + Integer.toUnsignedString(-1) + " " + Integer.divideUnsigned(-1, 3)
                + " " + Integer.remainderUnsigned(-1, 3) + " " + Integer.compareUnsigned(-1, 1));
    }
}
