// Stress: 8 threads allocate short-lived trees and lists and keep a rotating window of
// survivors, in a tiny heap, for a few seconds under gcvm (frequent collections). Each thread's
// checksum is printed after join, in order, so the output is deterministic.
import java.util.ArrayList;

public class EightThreadChurn {
    static final class Node {
        Node left, right;
        int value;
        Node(Node l, Node r, int v) { left = l; right = r; value = v; }
    }
    static Node tree(int depth, int v) {
        return depth == 0 ? new Node(null, null, v) : new Node(tree(depth - 1, v + 1), tree(depth - 1, v * 3), v);
    }
    static long sum(Node n) { return n == null ? 0 : n.value + sum(n.left) + sum(n.right); }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        long[] results = new long[8];
        Thread[] threads = new Thread[8];
        for (int t = 0; t < 8; t++) {
            final int id = t;
            threads[t] = new Thread(() -> {
                ArrayList<Object> window = new ArrayList<>();
                long acc = 0;
                for (int i = 0; i < rounds; i++) {
                    Node n = tree(7, id + i);
                    acc += sum(n);
                    window.add(n);
                    window.add(new int[64 + (i % 32)]);
                    window.add("s" + i + "-" + id);
                    if (window.size() > 48) window.subList(0, 24).clear();
                }
                for (Object o : window) if (o instanceof Node) acc += sum((Node) o);
                results[id] = acc;
            });
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        for (int t = 0; t < 8; t++) System.out.println("thread " + t + " " + results[t]);
    }
}
