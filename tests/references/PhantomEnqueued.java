import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;

/** A phantom reference never returns its referent, is not enqueued while the referent is
 * reachable, and is cleared and enqueued after it becomes unreachable. */
public class PhantomEnqueued {
    public static void main(String[] args) throws InterruptedException {
        ReferenceQueue<Object> q = new ReferenceQueue<>();
        Object target = new int[64];
        PhantomReference<Object> ph = new PhantomReference<>(target, q);
        System.out.println("get() is always null: " + (ph.get() == null));
        System.gc();
        System.out.println("not enqueued while reachable: " + (q.poll() == null) + ", refers to target: " + ph.refersTo(target));
        target = null;
        System.gc();
        Reference<?> r = q.remove(5000);
        System.out.println("enqueued after unreachable: " + (r == ph));
        System.out.println("cleared: " + ph.refersTo(null));
    }
}
