package java.util.concurrent.locks;

/**
 * park/unpark with one permit per thread, as the JDK's: the permit lives in the thread's VM
 * state (the natives park0/unpark0, the JDK's Unsafe.park/unpark), so parking and unparking
 * take only the target thread's own lock, whatever the number of threads. A parked thread is
 * in a safe region: collections proceed while it waits. As in the JDK, park may also return
 * spuriously, on interrupt, or at its deadline; callers re-check their condition.
 */
public class LockSupport {
    private LockSupport() {
    }

    /** Takes the permit, or blocks until unparked, interrupted, the deadline or spuriously. */
    private static native void park0(boolean absolute, long time);

    /** Makes `thread`'s permit available, waking it if it is parked. */
    private static native void unpark0(Thread thread);

    public static void unpark(Thread thread) {
        if (thread != null) {
            unpark0(thread);
        }
    }

    public static void park() {
        park0(false, 0L);
    }

    public static void park(Object blocker) {
        park0(false, 0L);
    }

    public static void parkNanos(long nanos) {
        if (nanos > 0) {
            park0(false, nanos);
        }
    }

    public static void parkNanos(Object blocker, long nanos) {
        parkNanos(nanos);
    }

    public static void parkUntil(long deadlineMillis) {
        park0(true, deadlineMillis);
    }

    public static void parkUntil(Object blocker, long deadlineMillis) {
        parkUntil(deadlineMillis);
    }
}
