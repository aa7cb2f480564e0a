// GcStressTrees: allocation-heavy program for the garbage collector:
// roughly 50 MB of short-lived garbage (temporary binary trees, int/byte/
// long arrays of varying sizes, strings, boxed values, lists) interleaved
// with long-lived linked structures (a deep binary tree, a linked list
// carrying payload arrays, a HashMap of arrays, an object array ring) that
// are mutated during the run so old objects point to new ones; every
// long-lived structure is checked against independently computed checksums
// at the end, and garbage trees are checked while they are live.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class GcStressTrees {
    static final class Tree {
        Tree left, right;
        int item;
        Tree(Tree left, Tree right, int item) { this.left = left; this.right = right; this.item = item; }
        int check() { return left == null ? item : item + left.check() - right.check(); }
        int count() { return left == null ? 1 : 1 + left.count() + right.count(); }
    }

    static Tree build(int item, int depth) {
        if (depth == 0) return new Tree(null, null, item);
        return new Tree(build(2 * item - 1, depth - 1), build(2 * item, depth - 1), item);
    }

    static final class Node {
        final int id;
        Node next;
        int[] payload;
        Object extra;
        Node(int id, Node next) { this.id = id; this.next = next; this.payload = new int[id % 16 + 1]; payload[0] = id; }
    }

    static int seed = 12345;
    static int nextRand() {                  // tiny deterministic LCG, no library dependency
        seed = seed * 1103515245 + 12345;
        return (seed >>> 16) & 0x7fff;
    }

    public static void main(String[] args) {
        Tree longLived = build(0, 10);
        int longLivedCheck = longLived.check();
        System.out.println("long-lived tree: nodes " + longLived.count() + " check " + longLivedCheck);

        Node list = null;
        for (int i = 0; i < 1000; i++) list = new Node(i, list);
        Map<Integer, int[]> table = new HashMap<>();
        for (int i = 0; i < 200; i++) table.put(i, new int[]{i, i * i, -i});
        Object[] ring = new Object[64];

        long garbageChecks = 0;
        long arrayBytes = 0;
        int strings = 0;
        for (int iter = 0; iter < 270; iter++) {
            // temporary trees
            Tree tmp = build(iter, 7);
            garbageChecks += tmp.check() + tmp.count();

            // arrays of varying sizes and types, most die immediately
            for (int k = 0; k < 100; k++) {
                int size = nextRand() % 4096 + 16;
                Object junk;
                switch (k % 4) {
                    case 0: { byte[] b = new byte[size]; b[size / 2] = (byte) k; junk = b; arrayBytes += size; break; }
                    case 1: { int[] a = new int[size / 4]; if (a.length > 0) a[a.length - 1] = k; junk = a; arrayBytes += size; break; }
                    case 2: { long[] l = new long[size / 8]; junk = l; arrayBytes += size; break; }
                    default: { Object[] o = new Object[size / 16]; if (o.length > 0) o[0] = tmp; junk = o; arrayBytes += size; }
                }
                if (k % 25 == 0) ring[(iter * 4 + k / 25) & 63] = junk;   // a few survive a while
            }

            // strings and boxes
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < 20; k++) {
                String s = "s" + iter + ":" + k;
                sb.append(s.length());
                strings++;
            }
            List<Integer> boxes = new ArrayList<>();
            for (int k = 0; k < 100; k++) boxes.add(k * 1000 + iter);
            garbageChecks += boxes.get(99) + sb.length();

            // mutate long-lived structures: old objects now point to young ones
            int victim = iter * 7 % 200;
            table.put(victim, new int[]{victim, victim * victim, -victim, iter});
            Node n = list;
            for (int k = 0; k < iter % 50; k++) n = n.next;
            n.extra = new int[]{iter};
            n.payload = new int[n.id % 16 + 1];
            n.payload[0] = n.id;
            if (iter % 40 == 39) {
                Tree replacement = build(0, 10);
                longLived.left = replacement.left;   // swap half the long-lived tree for a fresh copy
            }
        }

        // verify long-lived structures
        int check2 = longLived.check();
        int listCount = 0;
        long listSum = 0;
        int extras = 0;
        for (Node n = list; n != null; n = n.next) {
            listCount++;
            listSum += n.payload[0] + n.payload.length;
            if (n.extra != null) extras += ((int[]) n.extra)[0] >= 0 ? 1 : 0;
        }
        long tableSum = 0;
        int updated = 0;
        for (int i = 0; i < 200; i++) {
            int[] v = table.get(i);
            tableSum += v[0] + v[1] + v[2];
            if (v.length == 4) updated++;
        }
        int ringLive = 0;
        for (Object o : ring) if (o != null) ringLive++;
        System.out.println("tree check unchanged: " + (check2 == longLivedCheck) + " nodes " + longLived.count());
        System.out.println("list: " + listCount + " sum " + listSum + " extras " + extras);
        System.out.println("table: " + table.size() + " sum " + tableSum + " updated " + updated);
        System.out.println("ring live " + ringLive + " garbage checks " + garbageChecks + " array bytes " + arrayBytes + " strings " + strings);
    }
}
