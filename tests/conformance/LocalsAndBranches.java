// LocalsAndBranches: local variable slots of every type (incl. wide indexes
// beyond 255 locals via many variables), all conditional branch opcodes
// (if<cond>, if_icmp<cond>, if_acmp<cond>, ifnull/ifnonnull), long/float/
// double comparisons feeding branches, short-circuit && || and ternaries,
// while/do-while/for loops, break/continue, goto over long methods.
public class LocalsAndBranches {
    static String classify(int x) {
        if (x < 0) return "neg";
        else if (x == 0) return "zero";
        else if (x <= 9) return "digit";
        else if (x > 1000) return "big";
        else if (x != 500) return "mid";
        return "five-hundred";
    }

    static String cmp(int a, int b) {
        StringBuilder sb = new StringBuilder();
        if (a == b) sb.append("eq ");
        if (a != b) sb.append("ne ");
        if (a < b) sb.append("lt ");
        if (a <= b) sb.append("le ");
        if (a > b) sb.append("gt ");
        if (a >= b) sb.append("ge ");
        return sb.toString().trim();
    }

    static String cmpL(long a, long b) {
        return (a < b ? "<" : "") + (a > b ? ">" : "") + (a == b ? "=" : "");
    }

    static String cmpD(double a, double b) {
        return (a < b ? "<" : "") + (a > b ? ">" : "") + (a == b ? "=" : "") + (!(a >= b) ? "!>=" : "");
    }

    static int collatz(long n) {
        int steps = 0;
        while (n != 1) {
            n = (n & 1) == 0 ? n / 2 : 3 * n + 1;
            steps++;
        }
        return steps;
    }

    static boolean sideEffect(StringBuilder log, String name, boolean value) {
        log.append(name);
        return value;
    }

    public static void main(String[] args) {
        int[] xs = {-5, 0, 7, 10, 500, 999, 1001};
        for (int x : xs) System.out.print(classify(x) + " ");
        System.out.println();
        System.out.println(cmp(1, 2) + " | " + cmp(2, 2) + " | " + cmp(3, 2) + " | " + cmp(Integer.MIN_VALUE, Integer.MAX_VALUE));
        System.out.println(cmpL(1L << 40, 1L << 41) + cmpL(-1, -1) + cmpL(Long.MAX_VALUE, Long.MIN_VALUE));
        System.out.println(cmpD(1, 2) + " " + cmpD(0.0, -0.0) + " " + cmpD(Double.NaN, 1) + " " + cmpD(2, 1));

        Object a = "x", b = "x", c = new String("x"), n = null;
        System.out.println((a == b) + " " + (a == c) + " " + (a != c) + " " + (n == null) + " " + (a != null) + " " + (n instanceof String));

        StringBuilder log = new StringBuilder();
        boolean r1 = sideEffect(log, "A", false) && sideEffect(log, "B", true);
        boolean r2 = sideEffect(log, "C", true) || sideEffect(log, "D", true);
        boolean r3 = sideEffect(log, "E", true) & sideEffect(log, "F", false);
        boolean r4 = sideEffect(log, "G", false) | sideEffect(log, "H", true);
        boolean r5 = sideEffect(log, "I", true) ^ sideEffect(log, "J", true);
        System.out.println(r1 + " " + r2 + " " + r3 + " " + r4 + " " + r5 + " evaluated " + log);

        // loops
        int sum = 0;
        for (int i = 0; i < 100; i++) {
            if (i % 3 == 0) continue;
            if (i > 90) break;
            sum += i;
        }
        int j = 10, prod = 1;
        do { prod *= j; j -= 3; } while (j > 0);
        int k = 0;
        while (true) { if (++k * k > 500) break; }
        System.out.println("sum " + sum + " prod " + prod + " k " + k);

        int maxSteps = 0;
        long arg = 0;
        for (long m = 1; m < 3000; m++) {
            int s = collatz(m);
            if (s > maxSteps) { maxSteps = s; arg = m; }
        }
        System.out.println("collatz max " + maxSteps + " at " + arg);

        // many locals of mixed types (forces wide local indexes in manyLocals)
        System.out.println("manyLocals " + manyLocals(3));

        // nested ternaries and boolean locals
        boolean flag = false;
        int count = 0;
        for (int i = 0; i < 20; i++) {
            flag = !flag;
            count += flag ? (i % 2 == 0 ? 1 : 100) : (i > 10 ? 1000 : 10000);
        }
        System.out.println("count " + count + " flag " + flag);

        // local variables with the same slot reused in sibling scopes
        {
            long wide = 1L << 50;
            System.out.println("scope1 " + wide);
        }
        {
            int narrow1 = 3, narrow2 = 4;
            System.out.println("scope2 " + (narrow1 * narrow2));
        }
        {
            double dd = 0.75;
            System.out.println("scope3 " + dd);
        }
    }

    static long manyLocals(int seed) {
        long l0 = seed, l1 = l0 + 1, l2 = l1 * 2, l3 = l2 - 5, l4 = l3 ^ 7, l5 = l4 << 3, l6 = l5 + l0, l7 = l6 % 11;
        double d0 = seed / 2.0, d1 = d0 * 3, d2 = d1 - 0.25, d3 = d2 / 7, d4 = d3 + d0, d5 = d4 * d4, d6 = d5 - 1, d7 = d6 + d1;
        int i0 = seed, i1 = i0 + 1, i2 = i1 + 1, i3 = i2 + 1, i4 = i3 + 1, i5 = i4 + 1, i6 = i5 + 1, i7 = i6 + 1;
        long m0 = l7 + 1, m1 = m0 + 1, m2 = m1 + 1, m3 = m2 + 1, m4 = m3 + 1, m5 = m4 + 1, m6 = m5 + 1, m7 = m6 + 1;
        long n0 = m7 * 2, n1 = n0 * 2, n2 = n1 * 2, n3 = n2 * 2, n4 = n3 * 2, n5 = n4 * 2, n6 = n5 * 2, n7 = n6 * 2;
        double e0 = d7 + 1, e1 = e0 + 1, e2 = e1 + 1, e3 = e2 + 1, e4 = e3 + 1, e5 = e4 + 1, e6 = e5 + 1, e7 = e6 + 1;
        double f0 = e7 * 1.5, f1 = f0 * 1.5, f2 = f1 * 1.5, f3 = f2 * 1.5, f4 = f3 * 1.5, f5 = f4 * 1.5, f6 = f5 * 1.5, f7 = f6 * 1.5;
        long g0 = n7 - 1, g1 = g0 - 1, g2 = g1 - 1, g3 = g2 - 1, g4 = g3 - 1, g5 = g4 - 1, g6 = g5 - 1, g7 = g6 - 1;
        long h0 = g7 + l0, h1 = h0 + l1, h2 = h1 + l2, h3 = h2 + l3, h4 = h3 + l4, h5 = h4 + l5, h6 = h5 + l6, h7 = h6 + l7;
        double p0 = f7 + d0, p1 = p0 + d1, p2 = p1 + d2, p3 = p2 + d3, p4 = p3 + d4, p5 = p4 + d5, p6 = p5 + d6, p7 = p6 + d7;
        long q0 = h7 + i0, q1 = q0 + i1, q2 = q1 + i2, q3 = q2 + i3, q4 = q3 + i4, q5 = q4 + i5, q6 = q5 + i6, q7 = q6 + i7;
        double r0 = p7 + q7, r1 = r0 / 2, r2 = r1 / 2, r3 = r2 / 2, r4 = r3 / 2, r5 = r4 / 2, r6 = r5 / 2, r7 = r6 / 2;
        long s0 = (long) r7, s1 = s0 + m0, s2 = s1 + m1, s3 = s2 + m2, s4 = s3 + m3, s5 = s4 + m4, s6 = s5 + m5, s7 = s6 + m6;
        double t0 = s7 + e0, t1 = t0 + e1, t2 = t1 + e2, t3 = t2 + e3, t4 = t3 + e4, t5 = t4 + e5, t6 = t5 + e6, t7 = t6 + e7;
        long u0 = (long) t7, u1 = u0 ^ n0, u2 = u1 ^ n1, u3 = u2 ^ n2, u4 = u3 ^ n3, u5 = u4 ^ n4, u6 = u5 ^ n5, u7 = u6 ^ n6;
        double v0 = u7 + f0, v1 = v0 + f1, v2 = v1 + f2, v3 = v2 + f3, v4 = v3 + f4, v5 = v4 + f5, v6 = v5 + f6, v7 = v6 + f7;
        long w0 = v0 > 0 ? 1 : 2, w1 = w0 + 1, w2 = w1 + 1, w3 = w2 + 1, w4 = w3 + 1, w5 = w4 + 1, w6 = w5 + 1, w7 = w6 + 1;
        long x0 = w7 * 3, x1 = x0 * 3, x2 = x1 * 3, x3 = x2 * 3, x4 = x3 * 3, x5 = x4 * 3, x6 = x5 * 3, x7 = x6 * 3;
        long last = x7 + w3 + (long) v7 + g1 + g2 + g3 + g4 + g5 + g6 + h0 + h1 + h2 + h3 + h4 + h5 + h6 + q0 + q1 + q2 + q3 + q4
                + q5 + s0 + s1 + s2 + u0 + u1 + u2 + u3 + n7 + m7 + (long) (r1 + r2 + r3 + r4 + r5 + r6 + p1 + p2 + p3 + p4 + p5 + p6
                + t1 + t2 + t3 + t4 + t5 + t6 + v1 + v2 + v3 + v4 + v5 + v6 + e1 + e2 + e3 + e4 + e5 + e6 + f1 + f2 + f3 + f4);
        int bump = 0;
        for (int z = 0; z < 3; z++) bump += z;   // iinc on a high slot -> wide iinc
        return last + bump;
    }
}
