/** A cycle held by a single root: a ring of N nodes, reachable only from the static field
 *  HeldCycle.head. The first node dominates the whole ring: its retained size is the ring's. */
public class HeldCycle {
    static Node head;

    static final class Node {
        Node next;
        final long[] data = new long[4];
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        Node first = new Node();
        Node last = first;
        for (int i = 1; i < n; i++) {
            Node x = new Node();
            last.next = x;
            last = x;
        }
        last.next = first;
        head = first;
        first = null;
        last = null;
        long sum = 0;
        for (int i = 0; i < 20000; i++) {
            sum += new int[16].length;
        }
        System.gc();
        System.out.println(sum);
    }
}
