package java.util.concurrent;

import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;

/**
 * The shared body of gcvm's blocking queues: a FIFO ArrayDeque with a capacity, every
 * operation under the queue's monitor, waiting with Object.wait. Iterators work on a snapshot
 * (weakly consistent, never throwing ConcurrentModificationException); their remove removes
 * the element from the queue.
 */
abstract class MonitorBlockingQueue<E> extends AbstractQueue<E> implements BlockingQueue<E>, java.io.Serializable {
    private final ArrayDeque<E> items = new ArrayDeque<E>();
    private final int capacity;

    MonitorBlockingQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException();
        }
        this.capacity = capacity;
    }

    public synchronized int size() {
        return items.size();
    }

    public synchronized int remainingCapacity() {
        return capacity - items.size();
    }

    public synchronized boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        if (items.size() == capacity) {
            return false;
        }
        items.addLast(e);
        notifyAll();
        return true;
    }

    public synchronized void put(E e) throws InterruptedException {
        if (e == null) {
            throw new NullPointerException();
        }
        while (items.size() == capacity) {
            wait();
        }
        items.addLast(e);
        notifyAll();
    }

    public synchronized boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        if (e == null) {
            throw new NullPointerException();
        }
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (items.size() == capacity) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1L, left / 1000000L));
        }
        items.addLast(e);
        notifyAll();
        return true;
    }

    public synchronized E poll() {
        E e = items.pollFirst();
        if (e != null) {
            notifyAll();
        }
        return e;
    }

    public synchronized E take() throws InterruptedException {
        while (items.isEmpty()) {
            wait();
        }
        E e = items.pollFirst();
        notifyAll();
        return e;
    }

    public synchronized E poll(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (items.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            wait(Math.max(1L, left / 1000000L));
        }
        E e = items.pollFirst();
        notifyAll();
        return e;
    }

    public synchronized E peek() {
        return items.peekFirst();
    }

    public synchronized boolean remove(Object o) {
        boolean removed = o != null && items.remove(o);
        if (removed) {
            notifyAll();
        }
        return removed;
    }

    public synchronized boolean contains(Object o) {
        return o != null && items.contains(o);
    }

    public synchronized void clear() {
        items.clear();
        notifyAll();
    }

    public synchronized Object[] toArray() {
        return items.toArray();
    }

    public synchronized <T> T[] toArray(T[] a) {
        return items.toArray(a);
    }

    public synchronized String toString() {
        return items.toString();
    }

    public int drainTo(Collection<? super E> c) {
        return drainTo(c, Integer.MAX_VALUE);
    }

    public synchronized int drainTo(Collection<? super E> c, int maxElements) {
        if (c == null) {
            throw new NullPointerException();
        }
        if (c == this) {
            throw new IllegalArgumentException();
        }
        int n = 0;
        while (n < maxElements && !items.isEmpty()) {
            c.add(items.pollFirst());
            n++;
        }
        if (n > 0) {
            notifyAll();
        }
        return n;
    }

    public Iterator<E> iterator() {
        final ArrayList<E> snapshot;
        synchronized (this) {
            snapshot = new ArrayList<E>(items);
        }
        return new Iterator<E>() {
            private int next;
            private E last;

            public boolean hasNext() {
                return next < snapshot.size();
            }

            public E next() {
                if (next >= snapshot.size()) {
                    throw new java.util.NoSuchElementException();
                }
                last = snapshot.get(next++);
                return last;
            }

            public void remove() {
                if (last == null) {
                    throw new IllegalStateException();
                }
                MonitorBlockingQueue.this.remove(last);
                last = null;
            }
        };
    }
}
