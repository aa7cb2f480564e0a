// Threads: several threads building and dropping binary trees while sharing nothing; each
// thread's checksum is printed after join, in thread order (deterministic).
public class TreeBuilders {
    static final class Node {
        final Node left, right;
        final int value;
        Node(Node l, Node r, int v) { left = l; right = r; value = v; }
    }
    static Node build(int depth, int seed) {
        if (depth == 0) return new Node(null, null, seed);
        return new Node(build(depth - 1, seed * 31 + 1), build(depth - 1, seed * 17 + 3), seed);
    }
    static long check(Node n) {
        if (n == null) return 0;
        return n.value + 3 * check(n.left) - check(n.right);
    }
    public static void main(String[] args) throws InterruptedException {
        int threads = 5;
        long[] sums = new long[threads];
        Thread[] ts = new Thread[threads];
        Node longLived = build(10, 99);
        for (int t = 0; t < threads; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                long s = 0;
                Node keep = build(8, id);
                for (int i = 0; i < 16; i++) {
                    s += check(build(6 + i % 5, id * 1000 + i));
                    if (i % 5 == 0) keep = build(8, i);
                }
                sums[id] = s + check(keep);
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        for (int t = 0; t < threads; t++) System.out.println("thread " + t + " checksum " + sums[t]);
        System.out.println("long-lived " + check(longLived));
    }
}
