import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashSet;
import java.util.Set;

/** Cleared references arrive on their queue, each once; remove(timeout) waits and times out;
 * enqueue() by hand clears and enqueues. */
public class QueuePolled {
    static class Named extends WeakReference<Object> {
        final int id;
        Named(int id, ReferenceQueue<Object> q) {
            super(new Object(), q);
            this.id = id;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ReferenceQueue<Object> q = new ReferenceQueue<>();
        Named[] refs = new Named[100];
        for (int i = 0; i < refs.length; i++) refs[i] = new Named(i, q);
        System.gc();
        Set<Integer> seen = new HashSet<>();
        int duplicates = 0;
        Reference<?> r;
        while ((r = q.remove(1000)) != null) {
            if (!seen.add(((Named) r).id)) duplicates++;
        }
        System.out.println("dequeued " + seen.size() + " distinct, " + duplicates + " duplicates");
        System.out.println("empty queue poll: " + q.poll());
        long t0 = System.nanoTime();
        System.out.println("remove(50) on an empty queue: " + q.remove(50) + ", waited: " + ((System.nanoTime() - t0) >= 40_000_000L));
        Object keep = new Object();
        WeakReference<Object> manual = new WeakReference<>(keep, q);
        System.out.println("enqueue(): " + manual.enqueue() + ", again: " + manual.enqueue());
        System.out.println("cleared by enqueue: " + (manual.get() == null) + ", polled: " + (q.poll() == manual));
        try {
            q.remove(-1);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(keep != null);
    }
}
