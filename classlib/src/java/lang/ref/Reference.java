package java.lang.ref;

/**
 * The base of Soft, Weak and Phantom references. The collector does not trace {@code referent}
 * like other fields: it discovers the reference while tracing, clears it when the referent is
 * no longer strongly (or, for soft references, softly) reachable, and hands it to the VM's
 * pending list. The Reference Handler thread started here takes each pending reference and
 * enqueues it in its queue (docs/classlib.md, runtime/gc/src/shared/refs.rs).
 */
public abstract class Reference<T> {
    /* The VM reads this field's offset: it must stay the first field. */
    private T referent;
    volatile ReferenceQueue<? super T> queue;
    /* The next reference in the queue this one is on (itself at the tail). */
    volatile Reference next;

    static {
        Thread handler = new ReferenceHandler();
        handler.setPriority(Thread.MAX_PRIORITY);
        handler.setDaemon(true);
        handler.start();
    }

    /** The thread that enqueues the references the collector cleared. */
    private static final class ReferenceHandler extends Thread {
        ReferenceHandler() {
            super("Reference Handler");
        }

        public void run() {
            while (true) {
                Reference<?> r = takePending();
                r.enqueueFromPending();
            }
        }
    }

    /** Blocks until the collector has cleared a reference; returns it (VM native). */
    private static native Reference<?> takePending();

    private void enqueueFromPending() {
        ReferenceQueue<? super T> q = queue;
        if (q != ReferenceQueue.NULL) {
            q.enqueue(this);
        }
    }

    Reference(T referent) {
        this(referent, null);
    }

    Reference(T referent, ReferenceQueue<? super T> queue) {
        this.referent = referent;
        this.queue = (queue == null) ? ReferenceQueue.NULL : queue;
    }

    /** The referent, or null once cleared (native: keeps the referent alive while a
     * concurrent collector marks). */
    public native T get();

    public final boolean refersTo(T obj) {
        return referent == obj;
    }

    public void clear() {
        this.referent = null;
    }

    @Deprecated
    public boolean isEnqueued() {
        return this.queue == ReferenceQueue.ENQUEUED;
    }

    public boolean enqueue() {
        this.referent = null;
        return this.queue.enqueue(this);
    }

    protected Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }

    public static void reachabilityFence(Object ref) {
    }
}
