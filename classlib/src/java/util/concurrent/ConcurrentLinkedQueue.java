package java.util.concurrent;

import java.util.Collection;

/** An unbounded thread-safe FIFO queue (gcvm: a monitor-guarded deque, never blocking). */
public class ConcurrentLinkedQueue<E> extends MonitorBlockingQueue<E> {
    public ConcurrentLinkedQueue() {
        super(Integer.MAX_VALUE);
    }

    public ConcurrentLinkedQueue(Collection<? extends E> c) {
        super(Integer.MAX_VALUE);
        for (E e : c) {
            offer(e);
        }
    }
}
