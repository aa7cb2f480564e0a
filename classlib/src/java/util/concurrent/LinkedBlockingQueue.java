package java.util.concurrent;

import java.util.Collection;

/** An optionally bounded FIFO blocking queue (unbounded = Integer.MAX_VALUE). */
public class LinkedBlockingQueue<E> extends MonitorBlockingQueue<E> {
    public LinkedBlockingQueue() {
        super(Integer.MAX_VALUE);
    }

    public LinkedBlockingQueue(int capacity) {
        super(capacity);
    }

    public LinkedBlockingQueue(Collection<? extends E> c) {
        super(Integer.MAX_VALUE);
        for (E e : c) {
            if (!offer(e)) {
                throw new IllegalStateException("Queue full");
            }
        }
    }
}
