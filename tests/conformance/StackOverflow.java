// StackOverflow: unbounded recursion throws StackOverflowError, which is
// caught (several times, from different recursive shapes: static, virtual,
// mutual recursion, recursion with wide frames) and the program carries on
// normally afterwards; finally blocks run while unwinding an overflow;
// bounded recursion to depth 10000 (static, mutual, virtual) works.
// The overflow depth itself is machine-dependent and is never printed.
public class StackOverflow {
    static int depth;
    static int finallies;

    static void infinite() {
        depth++;
        infinite();
    }

    static long wide(long a, double b, long c, double d) {
        depth++;
        long x = a + c, y = (long) (b * d);
        return wide(x, b, y, d) + x + y;
    }

    static boolean isEven(int n) { return n == 0 || isOdd(n - 1); }
    static boolean isOdd(int n) { return n != 0 && isEven(n - 1); }
    static boolean pingForever(int n) { return pongForever(n + 1); }
    static boolean pongForever(int n) { return pingForever(n + 1); }

    static void withFinally(int n) {
        try {
            withFinally(n + 1);
        } finally {
            if (n < 10) finallies++;   // only the outermost 10 frames count, deterministic
        }
    }

    static int sumTo(int n) { return n == 0 ? 0 : n + sumTo(n - 1); }
    static long sumToLong(long n, long acc) { return n == 0 ? acc : sumToLong(n - 1, acc + n); }

    static class Node {
        int v;
        Node next;
        Node(int v, Node next) { this.v = v; this.next = next; }
        int length() { return next == null ? 1 : 1 + next.length(); }
        @Override public String toString() { return v + (next == null ? "" : "," + next); }
    }

    interface Visitor { int visit(int n); }
    static class Recurser implements Visitor {
        public int visit(int n) { return visit(n + 1) + 1; }   // virtual recursion
    }

    public static void main(String[] args) {
        System.out.println("start");
        try {
            infinite();
            System.out.println("not reached");
        } catch (StackOverflowError e) {
            System.out.println("caught 1: " + e.getClass().getName() + " depth>1000: " + (depth > 1000));
        }
        depth = 0;
        try {
            wide(1, 1.5, 2, 0.5);
        } catch (StackOverflowError e) {
            System.out.println("caught 2 (wide frames) depth>1000: " + (depth > 1000));
        }
        try {
            pingForever(0);
        } catch (StackOverflowError e) {
            System.out.println("caught 3 (mutual recursion)");
        }
        try {
            new Recurser().visit(0);
        } catch (StackOverflowError e) {
            System.out.println("caught 4 (virtual recursion)");
        }
        try {
            withFinally(0);
        } catch (StackOverflowError e) {
            System.out.println("caught 5, outer finallies ran: " + finallies);
        }
        Throwable asThrowable = null;
        try {
            infinite();
        } catch (Throwable t) {
            asThrowable = t;
        }
        System.out.println("caught as Throwable: " + (asThrowable instanceof StackOverflowError) + " is Error "
                + (asThrowable instanceof Error) + " is VirtualMachineError " + (asThrowable instanceof VirtualMachineError));

        // the VM is still healthy: bounded deep recursion works
        System.out.println("sumTo(10000) = " + sumTo(10000));
        System.out.println("sumToLong(10000) = " + sumToLong(10000, 0));
        System.out.println("isEven(10001) = " + isEven(10001) + ", isEven(9000) = " + isEven(9000));
        Node list = null;
        for (int i = 10000; i > 0; i--) list = new Node(i, list);
        System.out.println("recursive list length " + list.length());
        Node shortList = null;
        for (int i = 1000; i > 0; i--) shortList = new Node(i, shortList);
        String s = shortList.toString();
        System.out.println("recursive toString length " + s.length() + " tail " + s.substring(s.length() - 20));

        // overflow again after all that, then normal work again
        for (int round = 0; round < 3; round++) {
            try {
                infinite();
            } catch (StackOverflowError e) {
                System.out.println("round " + round + " overflow caught");
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) sb.append(sumTo(i * 100)).append(' ');
        System.out.println("after: " + sb.toString().trim());
        System.out.println("end");
    }
}
