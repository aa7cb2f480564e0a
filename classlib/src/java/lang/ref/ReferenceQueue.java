package java.lang.ref;

/**
 * The queue cleared references are appended to by the Reference Handler thread. As in the JDK
 * the queue is a stack linked through {@code Reference.next}; a reference's {@code queue} field
 * says where it is: its queue, {@code ENQUEUED} while on it, {@code NULL} once removed (or if it
 * never had one).
 */
public class ReferenceQueue<T> {
    private static final class Null extends ReferenceQueue<Object> {
        boolean enqueue(Reference<?> r) {
            return false;
        }
    }

    static final ReferenceQueue<Object> NULL = new Null();
    static final ReferenceQueue<Object> ENQUEUED = new Null();

    private final Object lock = new Object();
    private volatile Reference<? extends T> head;
    private long queueLength;

    public ReferenceQueue() {
    }

    boolean enqueue(Reference<? extends T> r) {
        synchronized (lock) {
            ReferenceQueue<?> queue = r.queue;
            if (queue == NULL || queue == ENQUEUED) {
                return false;
            }
            r.queue = ENQUEUED;
            r.next = (head == null) ? r : head;
            head = r;
            queueLength++;
            lock.notifyAll();
            return true;
        }
    }

    private Reference<? extends T> reallyPoll() {
        Reference<? extends T> r = head;
        if (r == null) {
            return null;
        }
        r.queue = NULL;
        @SuppressWarnings("unchecked")
        Reference<? extends T> rn = r.next;
        head = (rn == r) ? null : rn;
        r.next = r;
        queueLength--;
        return r;
    }

    public Reference<? extends T> poll() {
        if (head == null) {
            return null;
        }
        synchronized (lock) {
            return reallyPoll();
        }
    }

    public Reference<? extends T> remove(long timeout) throws InterruptedException {
        if (timeout < 0) {
            throw new IllegalArgumentException("Negative timeout value");
        }
        synchronized (lock) {
            Reference<? extends T> r = reallyPoll();
            if (r != null) {
                return r;
            }
            long start = (timeout == 0) ? 0 : System.nanoTime();
            for (;;) {
                lock.wait(timeout);
                r = reallyPoll();
                if (r != null) {
                    return r;
                }
                if (timeout != 0) {
                    long end = System.nanoTime();
                    timeout -= (end - start) / 1000_000;
                    if (timeout <= 0) {
                        return null;
                    }
                    start = end;
                }
            }
        }
    }

    public Reference<? extends T> remove() throws InterruptedException {
        return remove(0);
    }
}
