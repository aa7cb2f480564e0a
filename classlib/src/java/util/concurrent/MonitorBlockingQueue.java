package java.util.concurrent;

import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import jdk.internal.gcvm.WaitQueue;

/**
 * The shared body of gcvm's blocking queues: a FIFO ArrayDeque with a capacity, every
 * operation under the queue's monitor. Threads that must wait (a take on an empty queue, a put
 * on a full one) queue in a {@link WaitQueue} and park outside the monitor; each element added
 * wakes one taker and each removed wakes one putter, so a hand-off wakes only the thread that
 * can go on, however many wait. Iterators work on a snapshot (weakly consistent, never throwing
 * ConcurrentModificationException); their remove removes the element from the queue.
 */
abstract class MonitorBlockingQueue<E> extends AbstractQueue<E> implements BlockingQueue<E>, java.io.Serializable {
    private final ArrayDeque<E> items = new ArrayDeque<E>();
    private final int capacity;
    private final transient WaitQueue notEmpty = new WaitQueue();
    private final transient WaitQueue notFull = new WaitQueue();

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
        notEmpty.signal();
        return true;
    }

    public void put(E e) throws InterruptedException {
        insert(e, false, 0L);
    }

    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        return insert(e, true, System.nanoTime() + unit.toNanos(timeout));
    }

    /** Adds `e`, waiting for room (until `deadline` when `timed`); false if none came. */
    private boolean insert(E e, boolean timed, long deadline) throws InterruptedException {
        if (e == null) {
            throw new NullPointerException();
        }
        WaitQueue.Waiter w = null;
        boolean inserted = false;
        try {
            while (true) {
                synchronized (this) {
                    if (items.size() < capacity) {
                        items.addLast(e);
                        notEmpty.signal();
                        inserted = true;
                        return true;
                    }
                    if (timed && deadline - System.nanoTime() <= 0) {
                        return false;
                    }
                    w = notFull.add(w);
                }
                WaitQueue.park(this, timed, deadline);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        } finally {
            if (w != null) {
                synchronized (this) {
                    notFull.leave(w, !inserted);
                }
            }
        }
    }

    public synchronized E poll() {
        E e = items.pollFirst();
        if (e != null) {
            notFull.signal();
        }
        return e;
    }

    public E take() throws InterruptedException {
        return extract(false, 0L);
    }

    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        return extract(true, System.nanoTime() + unit.toNanos(timeout));
    }

    /** Removes the head, waiting for one (until `deadline` when `timed`); null if none came. */
    private E extract(boolean timed, long deadline) throws InterruptedException {
        WaitQueue.Waiter w = null;
        E taken = null;
        try {
            while (true) {
                synchronized (this) {
                    taken = items.pollFirst();
                    if (taken != null) {
                        notFull.signal();
                        return taken;
                    }
                    if (timed && deadline - System.nanoTime() <= 0) {
                        return null;
                    }
                    w = notEmpty.add(w);
                }
                WaitQueue.park(this, timed, deadline);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        } finally {
            if (w != null) {
                synchronized (this) {
                    notEmpty.leave(w, taken == null);
                }
            }
        }
    }

    public synchronized E peek() {
        return items.peekFirst();
    }

    public synchronized boolean remove(Object o) {
        boolean removed = o != null && items.remove(o);
        if (removed) {
            notFull.signal();
        }
        return removed;
    }

    public synchronized boolean contains(Object o) {
        return o != null && items.contains(o);
    }

    public synchronized void clear() {
        items.clear();
        notFull.signalAll();
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
        notFull.signal(n);
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
