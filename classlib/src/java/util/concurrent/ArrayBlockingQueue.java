package java.util.concurrent;

import java.util.Collection;

/** A bounded FIFO blocking queue. */
public class ArrayBlockingQueue<E> extends MonitorBlockingQueue<E> {
    public ArrayBlockingQueue(int capacity) {
        super(capacity);
    }

    public ArrayBlockingQueue(int capacity, boolean fair) {
        super(capacity);
    }

    public ArrayBlockingQueue(int capacity, boolean fair, Collection<? extends E> c) {
        super(capacity);
        for (E e : c) {
            add(e);
        }
    }
}
