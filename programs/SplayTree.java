/*
 * SplayTree -- a large top-down splay tree mixing long-lived and short-lived
 * nodes.
 *
 * GC behaviour exercised:
 *   - A large long-lived set: a splay tree of several hundred thousand nodes
 *     (at the default size) built at start-up; most of it survives every
 *     collection, so it is promoted/tenured early and must be traced by every
 *     full or old-generation collection.
 *   - Short-lived nodes: "temporary" keys are inserted, looked up a few times
 *     and deleted again soon after (a FIFO window), so they die young, but
 *     while alive they are linked from deep inside the old tree.
 *   - Slow turnover of the long-lived set: permanent keys are deleted and
 *     replaced by fresh ones, so old nodes die (old-space garbage and
 *     fragmentation) and young nodes become long-lived (premature-promotion
 *     candidates).
 *   - Splaying rewrites child pointers of old nodes on every operation: a
 *     constant stream of old-to-old and old-to-young reference stores that
 *     exercise write barriers / remembered sets / card marking.
 *
 * Size argument (args[0], default 8): the permanent set has
 *   24000 * size - 16000 keys (capped at 300000; 176000 at the default size,
 *   8000 at size 1), and 20000 * size - 10000 rounds of operations are run
 *   (each round: one temporary insert, one temporary delete, two lookups,
 *   and every fourth round one permanent replacement).
 * Peak live size at the default size: about 10 MB (176000 permanent nodes
 *   of ~32 bytes with an int[2] payload of ~24 bytes, plus the key array and
 *   a window of 4096 temporary nodes).
 *
 * Prints: the number of nodes, lookup hit counts, an in-order checksum of the
 *   final tree and the tree height.  Output is deterministic.
 */
import java.util.ArrayDeque;
import java.util.Random;

public class SplayTree {

    static final class Node {
        final int key;
        Object payload;
        Node left;
        Node right;

        Node(int key, Object payload) {
            this.key = key;
            this.payload = payload;
        }
    }

    static final class Splay {
        Node root;
        int size;
        private final Node header = new Node(0, null);

        /** Top-down splay: brings the node with key (or its neighbour) to the root. */
        private Node splay(Node t, int key) {
            if (t == null) {
                return null;
            }
            Node h = header;
            h.left = null;
            h.right = null;
            Node l = h;
            Node r = h;
            for (;;) {
                if (key < t.key) {
                    if (t.left == null) {
                        break;
                    }
                    if (key < t.left.key) {
                        Node y = t.left;
                        t.left = y.right;
                        y.right = t;
                        t = y;
                        if (t.left == null) {
                            break;
                        }
                    }
                    r.left = t;
                    r = t;
                    t = t.left;
                } else if (key > t.key) {
                    if (t.right == null) {
                        break;
                    }
                    if (key > t.right.key) {
                        Node y = t.right;
                        t.right = y.left;
                        y.left = t;
                        t = y;
                        if (t.right == null) {
                            break;
                        }
                    }
                    l.right = t;
                    l = t;
                    t = t.right;
                } else {
                    break;
                }
            }
            l.right = t.left;
            r.left = t.right;
            t.left = h.right;
            t.right = h.left;
            h.left = null;
            h.right = null;
            return t;
        }

        /** Inserts or replaces; returns true when a new node was added. */
        boolean insert(int key, Object payload) {
            if (root == null) {
                root = new Node(key, payload);
                size++;
                return true;
            }
            root = splay(root, key);
            if (root.key == key) {
                root.payload = payload;
                return false;
            }
            Node n = new Node(key, payload);
            if (key < root.key) {
                n.left = root.left;
                n.right = root;
                root.left = null;
            } else {
                n.right = root.right;
                n.left = root;
                root.right = null;
            }
            root = n;
            size++;
            return true;
        }

        Object find(int key) {
            if (root == null) {
                return null;
            }
            root = splay(root, key);
            return root.key == key ? root.payload : null;
        }

        boolean remove(int key) {
            if (root == null) {
                return false;
            }
            root = splay(root, key);
            if (root.key != key) {
                return false;
            }
            if (root.left == null) {
                root = root.right;
            } else {
                Node x = root.right;
                root = splay(root.left, key);
                root.right = x;
            }
            size--;
            return true;
        }
    }

    static long payloadDigest(Object p) {
        if (p instanceof int[]) {
            int[] a = (int[]) p;
            return a[0] * 31L + a[1];
        }
        if (p instanceof Long) {
            return ((Long) p).longValue();
        }
        return 0;
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int permanent = Math.min(300000, 24000 * size - 16000);
        int rounds = 20000 * size - 10000;
        int window = 4096;
        Random rnd = new Random(20240601L);
        Splay tree = new Splay();

        // Permanent keys are even, temporary keys are odd: they never collide.
        int[] permKeys = new int[permanent];
        for (int i = 0; i < permanent; i++) {
            int k;
            do {
                k = rnd.nextInt(1 << 29) * 2;
            } while (!tree.insert(k, new int[] {k >>> 3, i}));
            permKeys[i] = k;
        }
        int afterBuild = tree.size;

        ArrayDeque<Integer> temps = new ArrayDeque<>();
        long lookupHits = 0;
        long lookupMisses = 0;
        long hash = 0;
        long replaced = 0;
        for (int r = 0; r < rounds; r++) {
            // A short-lived node.
            int tk = rnd.nextInt(1 << 29) * 2 + 1;
            if (tree.insert(tk, Long.valueOf(((long) tk << 20) + r))) {
                temps.addLast(tk);
            }
            if (temps.size() > window) {
                int old = temps.pollFirst();
                tree.remove(old);
            }
            // Lookups: one permanent key (always present), one random key.
            int pk = permKeys[rnd.nextInt(permanent)];
            Object p = tree.find(pk);
            if (p != null) {
                lookupHits++;
                hash = hash * 31 + payloadDigest(p);
            } else {
                lookupMisses++;
            }
            int any = rnd.nextInt(1 << 30);
            p = tree.find(any);
            if (p != null) {
                lookupHits++;
                hash = hash * 31 + payloadDigest(p);
            } else {
                lookupMisses++;
            }
            // Slow turnover of the long-lived set.
            if ((r & 3) == 0) {
                int slot = rnd.nextInt(permanent);
                tree.remove(permKeys[slot]);
                int k;
                do {
                    k = rnd.nextInt(1 << 29) * 2;
                } while (!tree.insert(k, new int[] {k >>> 3, r}));
                permKeys[slot] = k;
                replaced++;
            }
        }

        // In-order walk with an explicit stack.
        ArrayDeque<Node> stack = new ArrayDeque<>();
        Node n = tree.root;
        long inorder = 0;
        int count = 0;
        int prev = -1;
        boolean sorted = true;
        while (n != null || !stack.isEmpty()) {
            while (n != null) {
                stack.push(n);
                n = n.left;
            }
            n = stack.pop();
            if (n.key <= prev) {
                sorted = false;
            }
            prev = n.key;
            count++;
            inorder = inorder * 1000003 + n.key + payloadDigest(n.payload);
            n = n.right;
        }
        int height = height(tree.root);

        System.out.println("SplayTree size=" + size + " permanent=" + permanent + " rounds=" + rounds);
        System.out.println("after build: " + afterBuild + " nodes; replaced " + replaced + " permanent keys");
        System.out.println("lookups: " + lookupHits + " hits, " + lookupMisses + " misses, hash "
                + Long.toString(hash));
        System.out.println("final: " + count + " nodes (size field " + tree.size + "), sorted " + sorted
                + ", height " + height);
        System.out.println("checksum " + Long.toString(inorder ^ hash));
    }

    /** Height without recursion (splay trees can be very unbalanced). */
    static int height(Node root) {
        if (root == null) {
            return 0;
        }
        ArrayDeque<Node> level = new ArrayDeque<>();
        level.add(root);
        int h = 0;
        while (!level.isEmpty()) {
            h++;
            int n = level.size();
            for (int i = 0; i < n; i++) {
                Node x = level.poll();
                if (x.left != null) {
                    level.add(x.left);
                }
                if (x.right != null) {
                    level.add(x.right);
                }
            }
        }
        return h;
    }
}
