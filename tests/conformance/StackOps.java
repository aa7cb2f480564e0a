// StackOps: operand-stack manipulation opcodes as javac emits them:
// dup/dup_x1/dup_x2 (chained assignment into fields and array elements,
// post-increment of int/long/double fields and array elements), dup2,
// dup2_x1, dup2_x2 (long/double values assigned through arrays and fields
// and used as expression values), pop/pop2 (discarded call results of
// int/long/double type), swap-like patterns and compound assignment.
public class StackOps {
    int i;
    long l;
    double d;
    static long sl;
    static double sd;
    static int si;
    Object o;

    static long longCall() { return 42L; }
    static double doubleCall() { return 2.5; }
    static int intCall() { return 7; }
    static int counter;
    static int next() { return ++counter; }

    public static void main(String[] args) {
        StackOps s = new StackOps();
        int[] ia = new int[4];
        long[] la = new long[4];
        double[] da = new double[4];

        // dup_x1: value of field assignment used
        int x = s.i = 5;
        System.out.println("x=" + x + " s.i=" + s.i);
        // dup2_x1: long field assignment used
        long y = s.l = 1L << 40;
        System.out.println("y=" + y + " s.l=" + s.l);
        // dup_x2: int into array element used as value
        int z = ia[1] = 9;
        // dup2_x2: long into long array element used as value
        long w = la[2] = -77L;
        double v = da[3] = 0.125;
        System.out.println("z=" + z + " w=" + w + " v=" + v + " ia=" + ia[1] + " la=" + la[2] + " da=" + da[3]);

        // chained assignments through arrays (a[i] = b[j] = x)
        long[] lb = new long[3];
        la[0] = lb[1] = s.l = sl = 123456789012L;
        da[0] = da[1] = s.d = sd = -1.5;
        ia[0] = ia[2] = s.i = si = -3;
        System.out.println("chain " + la[0] + " " + lb[1] + " " + s.l + " " + sl + " | " + da[0] + " " + da[1] + " " + s.d
                + " " + sd + " | " + ia[0] + " " + ia[2] + " " + s.i + " " + si);

        // post/pre increment on long and double array elements and fields
        long before = la[0]++;
        long after = ++la[0];
        double dbefore = da[0]--;
        double dafter = --da[0];
        long fpost = s.l++;
        long fpre = ++s.l;
        double dfpost = s.d++;
        long spost = sl--;
        int ipost = ia[3]++ + ia[3]++;
        System.out.println("incs " + before + " " + after + " " + la[0] + " " + dbefore + " " + dafter + " " + da[0]
                + " " + fpost + " " + fpre + " " + s.l + " " + dfpost + " " + s.d + " " + spost + " " + sl
                + " " + ipost + " " + ia[3]);

        // compound assignment with side-effecting index (evaluated once)
        counter = 0;
        long[] lc = {10, 20, 30, 40, 50};
        lc[next()] += 100;        // lc[1]
        lc[next()] *= lc[next()]; // lc[2] *= lc[3]
        lc[next()] <<= 2;         // lc[4]
        System.out.println("lc " + lc[0] + " " + lc[1] + " " + lc[2] + " " + lc[3] + " " + lc[4] + " counter " + counter);
        double[] dc = {1, 2, 3};
        counter = -1;
        dc[next()] /= 4;
        dc[next()] -= dc[next()]++;
        System.out.println("dc " + dc[0] + " " + dc[1] + " " + dc[2]);

        // values of compound assignments used as expressions
        long r1 = (la[1] += 5) * 2;
        double r2 = (s.d *= 3) + 1;
        int r3 = (s.i -= 10) * (ia[0] ^= 0xFF);
        System.out.println("r " + r1 + " " + r2 + " " + r3 + " " + la[1] + " " + s.d + " " + s.i + " " + ia[0]);

        // discarded results -> pop / pop2
        longCall();
        doubleCall();
        intCall();
        s.toString();
        System.out.println("pops ok");

        // long/double swaps through temporaries and nested ternaries
        long a = 1, b = 2;
        long t = a; a = b; b = t;
        double p = 3.5, q = -3.5;
        double m = p > q ? (a > b ? p : q) : b;
        System.out.println("swap " + a + " " + b + " m " + m);

        // mixing wide and narrow values on the stack in one expression
        long mix = ia[1] + la[2] * s.i - (long) (da[3] * 4) + (s.i = 2) + (s.l = 3) + ia[1]++;
        System.out.println("mix " + mix + " s.i " + s.i + " s.l " + s.l + " ia[1] " + ia[1]);

        // object field chained assignment and dup of references
        StackOps s2 = new StackOps();
        s2.o = s.o = "shared";
        System.out.println("objs " + s.o + " " + s2.o + " same " + (s.o == s2.o));
        StackOps[] arr = new StackOps[2];
        (arr[0] = new StackOps()).l = 99;
        arr[1] = arr[0];
        arr[1].l += arr[0].l++;
        System.out.println("arr " + arr[0].l + " " + (arr[0] == arr[1]));

        // long accumulation in a loop using array element increments
        long[] counts = new long[8];
        for (int k = 0; k < 1000; k++) {
            counts[k & 7]++;
            counts[(k * 7) & 7] += k;
        }
        StringBuilder sb = new StringBuilder();
        for (long c : counts) sb.append(c).append(' ');
        System.out.println("counts " + sb.toString().trim());
    }
}
