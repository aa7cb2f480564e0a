// The "lost object" scenario for concurrent marking: threads keep moving nodes between lists by
// first deleting the only heap reference to a node (a.next = b.next) while holding it in a
// local, then storing it into another list (which the marker may already have scanned). Without
// a snapshot (deletion) barrier the marker can miss the node, the sweeper frees it, and a later
// allocation reuses its slot: the final walk then finds a node whose check does not match its
// id, a count that is off, or the heap verifier finds a dangling reference. Output is
// deterministic: each thread works on its own lists with its own seed.
public class LostObjects {
    static final class Node {
        final int id;
        final long check;
        Node next;
        Node other;
        int[] payload;

        Node(int id) {
            this.id = id;
            this.check = mix(id);
            this.payload = new int[id % 5 + 1];
            payload[0] = id;
        }
    }

    static long mix(int id) {
        long x = id * 0x9E3779B97F4A7C15L;
        x ^= x >>> 29;
        return x * 0xBF58476D1CE4E5B9L;
    }

    static final int LISTS = 48;

    static final class Worker extends Thread {
        final int seed;
        final int rounds;
        final Node[] heads = new Node[LISTS];
        long result;
        int nextId;

        Worker(int seed, int rounds) {
            this.seed = seed;
            this.rounds = rounds;
            this.nextId = seed * 1_000_000;
        }

        public void run() {
            int x = seed * 7919 + 1;
            for (int i = 0; i < LISTS; i++) {
                for (int k = 0; k < 20; k++) {
                    Node n = new Node(nextId++);
                    n.next = heads[i];
                    heads[i] = n;
                }
            }
            long garbage = 0;
            for (int r = 0; r < rounds; r++) {
                x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
                int src = (x & 0x7fffffff) % LISTS;
                int dst = ((x >>> 8) & 0x7fffffff) % LISTS;
                Node a = heads[src];
                if (a != null && a.next != null) {
                    Node b = a.next;
                    a.next = b.next;           // delete the only heap reference to b
                    int[] noise = new int[16]; // allocate while b is only in a local
                    garbage += noise.length;
                    b.next = heads[dst];        // store it where the marker may have been
                    heads[dst] = b;
                }
                Node c = heads[dst];
                if (c != null) {
                    Node o = heads[(src + 1) % LISTS];
                    c.other = o;                // cross links, overwritten often
                    if ((r & 3) == 0 && o != null) o.other = null;
                }
                if ((r & 15) == 0) {
                    Node n = new Node(nextId++);
                    n.next = heads[src];
                    heads[src] = n;
                }
                if ((r & 63) == 0 && heads[dst] != null) {
                    Node keep = heads[dst];
                    for (int k = 0; k < 3 && keep.next != null; k++) keep = keep.next;
                    keep.next = null;           // drop a tail: garbage
                }
            }
            long sum = 0;
            int count = 0;
            for (Node h : heads) {
                for (Node n = h; n != null; n = n.next) {
                    if (n.check != mix(n.id) || n.payload.length != n.id % 5 + 1 || n.payload[0] != n.id) {
                        throw new IllegalStateException("node " + n.id + " was corrupted: freed while reachable");
                    }
                    if (n.other != null && n.other.check != mix(n.other.id)) {
                        throw new IllegalStateException("cross link of " + n.id + " was corrupted");
                    }
                    sum += n.id;
                    count++;
                }
            }
            result = sum * 31 + count + garbage % 7;
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 150_000;
        Worker[] ws = new Worker[4];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = new Worker(i + 1, rounds);
            ws[i].start();
        }
        long total = 0;
        for (Worker w : ws) {
            w.join();
            total = total * 1_000_003 + w.result;
        }
        System.out.println("lost objects: none, checksum " + total);
    }
}
