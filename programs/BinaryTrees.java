/*
 * BinaryTrees -- the shape of the "binary-trees" benchmark from the
 * Computer Language Benchmarks Game, written from scratch.
 *
 * GC behaviour exercised:
 *   - One "stretch" tree one level deeper than the maximum depth is built and
 *     dropped immediately: a burst of garbage that sizes the heap.
 *   - One long-lived tree of the maximum depth is built next and kept until
 *     the end: it survives every collection of the run.
 *   - Then, for depths minDepth, minDepth+2, ..., maxDepth, many short-lived
 *     bottom-up trees are built, checked (node count) and dropped.  Shallow
 *     trees die almost instantly (pure nursery garbage); the deepest ones
 *     live long enough to see a young collection or two.
 *   - Every object is a tiny two-reference node, allocated at a very high
 *     rate; pointers always go from younger parents to older children.
 *
 * Size argument (args[0], default 5): maxDepth = 10 + size (size 1: 11), so
 *   the work roughly doubles with each step of the size, up to size 8
 *   (depth 18, which still fits a 64 MB heap).  The number of trees per
 *   depth is 2^(maxDepth - depth + minDepth), as in the original, times
 *   (size - 7) for sizes above 8.
 * Peak live size at the default size: about 3 MB (the stretch tree of depth
 *   16 = 131071 nodes while it lives; afterwards the long-lived tree of depth
 *   15 = 65535 nodes ~ 1.5 MB plus at most one short-lived tree of the same
 *   size).
 *
 * Prints: the stretch tree check, one line per depth ("<n> trees of depth
 *   <d> check: <nodes>"), the long-lived tree check and a checksum of all node
 *   counts.  Output is deterministic.
 */
public class BinaryTrees {

    static final class TreeNode {
        final TreeNode left;
        final TreeNode right;

        TreeNode(TreeNode left, TreeNode right) {
            this.left = left;
            this.right = right;
        }

        int check() {
            int c = 1;
            if (left != null) {
                c += left.check();
            }
            if (right != null) {
                c += right.check();
            }
            return c;
        }
    }

    static TreeNode bottomUp(int depth) {
        if (depth <= 0) {
            return new TreeNode(null, null);
        }
        return new TreeNode(bottomUp(depth - 1), bottomUp(depth - 1));
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        if (size < 1) {
            size = 1;
        }
        int minDepth = 4;
        int maxDepth = Math.min(18, 10 + size);
        int repeat = Math.max(1, size - 7);
        int stretchDepth = maxDepth + 1;
        long checksum = 0;

        int stretchCheck = bottomUp(stretchDepth).check();
        System.out.println("stretch tree of depth " + stretchDepth + "\t check: " + stretchCheck);
        checksum += stretchCheck;

        TreeNode longLived = bottomUp(maxDepth);

        for (int depth = minDepth; depth <= maxDepth; depth += 2) {
            int iterations = (1 << (maxDepth - depth + minDepth)) * repeat;
            long check = 0;
            for (int i = 1; i <= iterations; i++) {
                check += bottomUp(depth).check();
            }
            System.out.println(iterations + "\t trees of depth " + depth + "\t check: " + check);
            checksum = checksum * 31 + check;
        }

        int longCheck = longLived.check();
        System.out.println("long lived tree of depth " + maxDepth + "\t check: " + longCheck);
        checksum = checksum * 31 + longCheck;
        System.out.println("checksum " + checksum);
    }
}
