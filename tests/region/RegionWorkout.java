// Drives the region collector into each of its kinds of collection, one phase per argument:
//
//   mixed      an old generation of ~40% of the heap, then half of it dropped at random while
//              young garbage churns: marking starts (occupancy above IHOP), the remark finds
//              old regions with much garbage, and mixed collections evacuate them.
//   humongous  primitive arrays of 3/4 of a region (with -Xmx32m: 512 KB regions), each
//              dropped 16 arrays later: young collections reclaim them eagerly, and the 16
//              reachable ones (a quarter of the heap) help start concurrent cycles.
//   failure    keeps everything it allocates until the heap is nearly full, so a young
//              collection finds no room for its copies (evacuation failure, "To-space
//              exhausted") and a full collection follows; then lets it all go.
//   weak       a weak reference to an object that grows old with a live old generation; the
//              object's last strong reference is dropped while young garbage churns and old
//              objects are replaced: a concurrent cycle's remark clears the reference, with no
//              full collection (System.gc() only if no cycle did it after many rounds).
//
// The output depends only on the arguments (checksums), so it is compared with HotSpot's.
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class RegionWorkout {
    static final class Node {
        final long id;
        Node next;
        int[] payload;
        Node(long id, Node next, int words) {
            this.id = id;
            this.next = next;
            this.payload = new int[words];
            this.payload[0] = (int) id;
        }
    }

    static long churn(int rounds) {
        long sum = 0;
        for (int i = 0; i < rounds; i++) {
            Node n = new Node(i, null, 8);
            sum += n.payload[0];
        }
        return sum;
    }

    static void mixed() {
        Random random = new Random(42);
        int count = 110_000; // ~ 110k * (24 + 80) bytes = 11.5 MB live at -Xmx32m
        Node[] old = new Node[count];
        for (int i = 0; i < count; i++) {
            old[i] = new Node(i, null, 16);
            if (i % 1000 == 0) churn(2000);
        }
        long checksum = 0;
        for (int round = 0; round < 6; round++) {
            // Drop a random half of the survivors, replace them with fresh ones.
            for (int i = 0; i < count / 2; i++) {
                int k = random.nextInt(count);
                old[k] = new Node(k + round, old[random.nextInt(count)], 16);
            }
            checksum += churn(400_000);
        }
        for (Node n : old) {
            if (n != null) checksum += n.id;
        }
        System.out.println("mixed checksum " + checksum);
    }

    static void humongous() {
        long sum = 0;
        // The last 16 arrays stay reachable: with -Xmx32m a quarter of the heap in humongous
        // regions, which with the dead ones awaiting the next young pause crosses the marking
        // threshold (45%), so concurrent cycles run too; more would crowd the heap into full
        // collections.
        long[][] recent = new long[16][];
        for (int i = 0; i < 200; i++) {
            long[] big = new long[48 * 1024]; // 384 KB: three quarters of a 512 KB region
            recent[i % recent.length] = big;
            big[i] = i;
            sum += big[i] + big.length;
            churn(2000);
        }
        System.out.println("humongous sum " + sum);
    }

    static void failure() {
        List<Node> kept = new ArrayList<>();
        long sum = 0;
        try {
            for (int i = 0; i < 400_000; i++) {
                kept.add(new Node(i, null, 12));
            }
        } catch (OutOfMemoryError e) {
            kept = null;
            System.out.println("heap filled");
        }
        if (kept != null) {
            for (Node n : kept) sum += n.payload[0];
            kept = null;
        }
        sum += churn(200_000);
        System.out.println("failure sum " + sum);
    }

    static void weak() throws InterruptedException {
        ReferenceQueue<Node> queue = new ReferenceQueue<>();
        Node target = new Node(-1, null, 16);
        WeakReference<Node> ref = new WeakReference<>(target, queue);
        Random random = new Random(7);
        int count = 110_000;
        Node[] old = new Node[count];
        for (int i = 0; i < count; i++) {
            old[i] = new Node(i, null, 16);
            if (i % 1000 == 0) churn(2000);
        }
        // Old by now: it outlived the copying of the whole old generation.
        long checksum = target.id;
        target = null;
        boolean enqueued = false;
        for (int round = 0; round < 400 && !enqueued; round++) {
            for (int i = 0; i < count / 20; i++) {
                int k = random.nextInt(count);
                old[k] = new Node(k + round, null, 16);
            }
            checksum += churn(50_000);
            enqueued = queue.poll() == ref;
        }
        if (!enqueued) {
            System.gc();
            enqueued = queue.remove(10_000) == ref;
        }
        for (Node n : old) {
            checksum += n.id;
        }
        System.out.println("weak enqueued " + enqueued + ", referent " + ref.get());
        System.out.println("weak checksum " + (checksum > 0));
    }

    public static void main(String[] args) throws InterruptedException {
        for (String phase : args) {
            switch (phase) {
                case "mixed" -> mixed();
                case "humongous" -> humongous();
                case "failure" -> failure();
                case "weak" -> weak();
                default -> throw new IllegalArgumentException(phase);
            }
        }
    }
}
