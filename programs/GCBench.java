/*
 * GCBench -- a Boehm/Ellis/Kovac-style collector benchmark.
 *
 * GC behaviour exercised:
 *   - A long-lived complete binary tree and a long-lived double[] are built
 *     first and stay reachable for the whole run, so they survive every
 *     collection (tenured / old-region data that a generational or region
 *     collector should stop copying, and that a semispace collector must copy
 *     every time).
 *   - Then, for each depth 4, 6, 8, ... up to the maximum depth, many
 *     short-lived complete binary trees are built twice: once top-down (an
 *     empty node is allocated first, then its children are stored into it, so
 *     old nodes point to younger ones) and once bottom-up (children first,
 *     so every pointer goes from younger to older objects).  Trees are dropped
 *     right after a checksum walk: a very high allocation rate of tiny
 *     (2 references + 2 ints) objects with short, nested lifetimes.
 *   - Deep trees at the maximum depth survive a young collection or two
 *     before dying (medium lifetimes).
 *
 * Size argument (args[0], default 8): the long-lived tree has depth
 *   min(16, 12 + size/2) (size 1: depth 12), the short-lived trees go up to
 *   the same depth, and the number of trees built per depth is proportional
 *   to size (about size * 2^maxDepth nodes per depth and direction).
 * Peak live size at the default size: about 8 MB while the initial "stretch"
 *   tree of depth 17 (262143 nodes) is alive, then about 4 MB: the
 *   long-lived tree of 2^17-1 nodes (~3 MB), the double[] of 2^17 elements
 *   (1 MB), plus at most one temporary tree of up to 2^17-1 nodes.
 *
 * Prints: the parameters, one line per depth with the number of trees and
 *   nodes built and a per-depth checksum, then the long-lived data checks and
 *   a final checksum.  Output is deterministic.
 */
public class GCBench {

    static final class Node {
        Node left;
        Node right;
        int i;
        int j;

        Node() {
        }

        Node(Node left, Node right) {
            this.left = left;
            this.right = right;
        }
    }

    static int seq;

    /** Number of nodes in a complete binary tree of the given depth. */
    static int treeSize(int depth) {
        return (1 << (depth + 1)) - 1;
    }

    /** Top-down construction: the parent exists before its children. */
    static void populate(int depth, Node node) {
        if (depth <= 0) {
            return;
        }
        depth--;
        node.left = new Node();
        node.right = new Node();
        node.left.i = seq++;
        node.right.i = seq++;
        populate(depth, node.left);
        populate(depth, node.right);
    }

    /** Bottom-up construction: children exist before their parent. */
    static Node makeTree(int depth) {
        if (depth <= 0) {
            Node leaf = new Node();
            leaf.i = seq++;
            return leaf;
        }
        Node l = makeTree(depth - 1);
        Node r = makeTree(depth - 1);
        Node n = new Node(l, r);
        n.i = seq++;
        return n;
    }

    /** Walks a tree, numbering nodes in pre-order into j and mixing both fields. */
    static long walk(Node n, int[] counter) {
        long h = 0;
        while (n != null) {
            n.j = counter[0]++;
            h = h * 31 + (n.i ^ (n.j << 3));
            h += walk(n.left, counter);
            n = n.right;
        }
        return h;
    }

    static int countNodes(Node n) {
        if (n == null) {
            return 0;
        }
        return 1 + countNodes(n.left) + countNodes(n.right);
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int maxDepth = Math.min(16, 12 + size / 2);
        int longLivedDepth = maxDepth;
        int minDepth = 4;
        int arraySize = 1 << (maxDepth + 1);
        // Every depth allocates about the same number of nodes:
        // size * 2^maxDepth nodes per depth and construction direction.
        long total = 0;

        System.out.println("GCBench size=" + size + " maxDepth=" + maxDepth
                + " longLivedDepth=" + longLivedDepth + " array=" + arraySize);

        // Stretch the heap with one temporary tree a level deeper than the rest.
        seq = 0;
        Node stretch = makeTree(maxDepth + 1);
        int stretchCount = countNodes(stretch);
        stretch = null;
        System.out.println("stretch tree depth " + (maxDepth + 1) + " nodes " + stretchCount);
        total += stretchCount;

        // Long-lived data, reachable until the very end.
        Node longLived = new Node();
        seq = 0;
        populate(longLivedDepth, longLived);
        double[] array = new double[arraySize];
        for (int k = 0; k < arraySize / 2; k++) {
            array[k] = 1.0 / (k + 1);
        }

        int[] counter = new int[1];
        for (int d = minDepth; d <= maxDepth; d += 2) {
            int iters = size * treeSize(maxDepth) / treeSize(d) / 2;
            if (iters < 1) {
                iters = 1;
            }
            long h = 0;
            long nodes = 0;
            for (int it = 0; it < iters; it++) {
                seq = it;
                Node t = new Node();
                populate(d, t);
                counter[0] = 0;
                h = h * 1000003 + walk(t, counter);
                nodes += counter[0];
                t = null;

                seq = it * 7;
                t = makeTree(d);
                counter[0] = 0;
                h = h * 1000003 + walk(t, counter);
                nodes += counter[0];
                t = null;
            }
            System.out.println("depth " + d + ": " + iters + " x2 trees, " + nodes
                    + " nodes, hash " + Long.toString(h));
            total = total * 31 + h + nodes;
        }

        // The long-lived data must still be intact.
        int llNodes = countNodes(longLived);
        long arrayCheck = 0;
        for (int k = 0; k < arraySize; k++) {
            if (array[k] != 0.0) {
                arrayCheck += (long) (array[k] * 1000000.0);
            }
        }
        boolean ok = llNodes == treeSize(longLivedDepth) && array[1000] == 1.0 / 1001;
        System.out.println("long-lived tree nodes " + llNodes + ", array check " + arrayCheck
                + ", intact " + ok);
        total = total * 31 + llNodes + arrayCheck;
        System.out.println("checksum " + Long.toString(total));
    }
}
