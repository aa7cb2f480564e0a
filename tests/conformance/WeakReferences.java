import java.lang.ref.*;
import java.util.*;

public class WeakReferences {
    static Object keep;

    static WeakReference<Object> makeWeak(ReferenceQueue<Object> q) {
        return new WeakReference<>(new int[100], q);
    }

    public static void main(String[] args) throws Exception {
        ReferenceQueue<Object> q = new ReferenceQueue<>();
        keep = new StringBuilder("alive");
        WeakReference<Object> strong = new WeakReference<>(keep, q);
        WeakReference<Object> weak = makeWeak(q);
        System.gc();
        System.out.println("strongly reachable referent kept: " + (strong.get() == keep));
        System.out.println("weak cleared: " + (weak.get() == null));
        Reference<?> polled = q.remove(2000);
        System.out.println("enqueued is the weak one: " + (polled == weak));
        System.out.println("queue empty now: " + (q.poll() == null));
        System.out.println("strong not enqueued: " + !strong.isEnqueued());

        // Phantom: never yields its referent; enqueued once the referent is gone.
        ReferenceQueue<Object> pq = new ReferenceQueue<>();
        Object target = new Object();
        PhantomReference<Object> ph = new PhantomReference<>(target, pq);
        System.out.println("phantom get: " + ph.get());
        System.gc();
        System.out.println("phantom not enqueued while referent alive: " + (pq.poll() == null) + " " + (target != null));
        target = null;
        System.gc();
        System.out.println("phantom enqueued: " + (pq.remove(2000) == ph));
        System.out.println("phantom refersTo null: " + ph.refersTo(null));

        // Soft: kept while memory is plentiful.
        SoftReference<byte[]> soft = new SoftReference<>(new byte[1000]);
        System.gc();
        System.out.println("soft kept without pressure: " + (soft.get() != null));

        // Explicit clear and enqueue.
        WeakReference<Object> manual = new WeakReference<>(keep, q);
        System.out.println("enqueue(): " + manual.enqueue() + " again: " + manual.enqueue());
        System.out.println("manual cleared: " + (manual.get() == null) + " polled: " + (q.poll() == manual));

        // Many weak references to garbage: all cleared, all enqueued.
        List<WeakReference<Object>> many = new ArrayList<>();
        for (int i = 0; i < 1000; i++) many.add(new WeakReference<>(new Object(), q));
        System.gc();
        int cleared = 0;
        for (WeakReference<Object> w : many) if (w.get() == null) cleared++;
        int enq = 0;
        while (q.remove(500) != null) enq++;
        System.out.println("cleared " + cleared + " enqueued " + enq);

        // WeakHashMap: entries whose keys become unreachable are expunged.
        WeakHashMap<Object, String> whm = new WeakHashMap<>();
        Object k1 = new String("one");
        whm.put(k1, "1");
        Object k2 = new String("two");
        whm.put(k2, "2");
        whm.put("literal", "3");
        whm.put(null, "null");
        System.out.println("null key " + whm.get(null));
        System.out.println("before gc size " + whm.size());
        k2 = null;
        for (int i = 0; i < 100 && whm.size() > 3; i++) { System.gc(); Thread.sleep(10); }
        System.out.println("after gc size " + whm.size() + " " + whm.get("one") + " " + whm.get(k1) + " " + whm.get(null) + " " + whm.containsKey("two"));
        Map<Object, String> sorted = new TreeMap<>();
        for (Map.Entry<Object, String> e : whm.entrySet()) sorted.put(String.valueOf(e.getKey()), e.getValue());
        Reference.reachabilityFence(k1);
        System.out.println(sorted);
        WeakHashMap<Integer, Integer> order = new WeakHashMap<>();
        List<Integer> orderKeys = new ArrayList<>();
        for (int i = 0; i < 40; i++) { orderKeys.add(i * 7); order.put(orderKeys.get(i), i); }
        System.out.println(order + " " + orderKeys.size());
        System.out.println(k1);

        // Cleaner runs the action once the object is phantom reachable.
        Cleaner cleaner = Cleaner.create();
        Object watched = new Object();
        final Object lock = new Object();
        final boolean[] ran = new boolean[1];
        cleaner.register(watched, () -> { synchronized (lock) { ran[0] = true; lock.notifyAll(); } });
        watched = null;
        System.gc();
        synchronized (lock) {
            long end = System.currentTimeMillis() + 3000;
            while (!ran[0] && System.currentTimeMillis() < end) lock.wait(100);
        }
        System.out.println("cleaner ran: " + ran[0]);
        Cleaner.Cleanable c = cleaner.register(new Object(), () -> System.out.println("explicit clean"));
        c.clean();
        c.clean();
    }
}
