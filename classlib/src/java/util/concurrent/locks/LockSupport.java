package java.util.concurrent.locks;

/**
 * park/unpark with one permit per thread. Each thread's permit lives in a table keyed by the
 * Thread object, guarded by its own monitor; a parked thread waits in Object.wait, which is a
 * safepoint-safe blocking state (so collections proceed while threads are parked). As in the
 * JDK, park may also return spuriously, on interrupt, or at its deadline.
 */
public class LockSupport {
    private LockSupport() {
    }

    private static final java.util.WeakHashMap<Thread, Permit> permits = new java.util.WeakHashMap<Thread, Permit>();

    private static final class Permit {
        boolean available;
    }

    private static Permit permitOf(Thread t) {
        synchronized (permits) {
            Permit p = permits.get(t);
            if (p == null) {
                p = new Permit();
                permits.put(t, p);
            }
            return p;
        }
    }

    public static void unpark(Thread thread) {
        if (thread == null) {
            return;
        }
        Permit p = permitOf(thread);
        synchronized (p) {
            p.available = true;
            p.notifyAll();
        }
    }

    public static void park() {
        parkUntilNanos(0L);
    }

    public static void park(Object blocker) {
        parkUntilNanos(0L);
    }

    public static void parkNanos(long nanos) {
        if (nanos > 0) {
            parkUntilNanos(System.nanoTime() + nanos);
        }
    }

    public static void parkNanos(Object blocker, long nanos) {
        parkNanos(nanos);
    }

    public static void parkUntil(long deadlineMillis) {
        long ms = deadlineMillis - System.currentTimeMillis();
        if (ms > 0) {
            parkUntilNanos(System.nanoTime() + ms * 1000000L);
        }
    }

    public static void parkUntil(Object blocker, long deadlineMillis) {
        parkUntil(deadlineMillis);
    }

    private static void parkUntilNanos(long deadline) {
        Thread me = Thread.currentThread();
        Permit p = permitOf(me);
        synchronized (p) {
            if (!p.available && !me.isInterrupted()) {
                long wait = 0L;
                if (deadline != 0L) {
                    wait = Math.max(1L, (deadline - System.nanoTime()) / 1000000L);
                }
                try {
                    p.wait(wait);
                } catch (InterruptedException e) {
                    me.interrupt();
                }
            }
            p.available = false;
        }
    }
}
