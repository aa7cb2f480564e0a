package java.util.concurrent;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;
import jdk.internal.gcvm.WaitQueue;

/**
 * A queue that holds nothing: each insert waits for a remove and each remove for an insert.
 *
 * gcvm's version is a dual queue under the queue's monitor, like the JDK's fair mode: waiting
 * putters queue with their element, waiting takers with an empty cell. A put that finds a
 * waiting taker fills its cell and unparks it (and no other thread); a take that finds a
 * waiting putter takes its element and unparks it. A waiter parks outside the monitor and
 * learns it was matched from its node's volatile flag, without taking the monitor again. A
 * waiter that gives up (timed out, interrupted) leaves the queue under the monitor, so it is
 * matched either before it leaves or never.
 */
public class SynchronousQueue<E> extends java.util.AbstractQueue<E> implements BlockingQueue<E>, java.io.Serializable {
    /** A waiting thread: a putter with its element, or a taker whose cell a putter fills. */
    private static final class Node<E> {
        final Thread thread = Thread.currentThread();
        E item;
        volatile boolean matched;

        Node(E item) {
            this.item = item;
        }
    }

    private final transient ArrayDeque<Node<E>> putters = new ArrayDeque<Node<E>>();
    private final transient ArrayDeque<Node<E>> takers = new ArrayDeque<Node<E>>();

    public SynchronousQueue() {
    }

    public SynchronousQueue(boolean fair) {
    }

    public boolean offer(E e) {
        checkElement(e);
        return giveToWaitingTaker(e);
    }

    public void put(E e) throws InterruptedException {
        checkElement(e);
        awaitMatch(new Node<E>(e), putters, false, 0L);
    }

    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        checkElement(e);
        return awaitMatch(new Node<E>(e), putters, true, System.nanoTime() + unit.toNanos(timeout)) != null;
    }

    public E take() throws InterruptedException {
        return awaitMatch(new Node<E>(null), takers, false, 0L).item;
    }

    public E poll(long timeout, TimeUnit unit) throws InterruptedException {
        Node<E> n = awaitMatch(new Node<E>(null), takers, true, System.nanoTime() + unit.toNanos(timeout));
        return n == null ? null : n.item;
    }

    public E poll() {
        return takeFromWaitingPutter();
    }

    /** Hands `e` to the longest-waiting taker; false if none waits. */
    private synchronized boolean giveToWaitingTaker(E e) {
        Node<E> taker = takers.pollFirst();
        if (taker == null) {
            return false;
        }
        taker.item = e;
        taker.matched = true;
        LockSupport.unpark(taker.thread);
        return true;
    }

    /** The element of the longest-waiting putter, which is released; null if none waits. */
    private synchronized E takeFromWaitingPutter() {
        Node<E> putter = putters.pollFirst();
        if (putter == null) {
            return null;
        }
        E e = putter.item;
        putter.matched = true;
        LockSupport.unpark(putter.thread);
        return e;
    }

    /**
     * Matches `n` with the longest-waiting partner, or queues it in `line` and parks until a
     * partner matches it. Returns `n` once matched, or null if the deadline passed first (when
     * `timed`). As in the JDK, a waiting partner is matched even if this thread is interrupted;
     * an interrupt while queued throws; after the match the interrupt is kept.
     */
    private Node<E> awaitMatch(Node<E> n, ArrayDeque<Node<E>> line, boolean timed, long deadline) throws InterruptedException {
        synchronized (this) {
            if (line == putters) {
                if (giveToWaitingTaker(n.item)) {
                    return n;
                }
            } else {
                E e = takeFromWaitingPutter();
                if (e != null) {
                    n.item = e;
                    return n;
                }
            }
            if (timed && deadline - System.nanoTime() <= 0) {
                return null;
            }
            line.addLast(n);
        }
        while (!n.matched) {
            WaitQueue.park(this, timed, deadline);
            if (n.matched) {
                break;
            }
            boolean interrupted = Thread.currentThread().isInterrupted();
            if (interrupted || (timed && deadline - System.nanoTime() <= 0)) {
                synchronized (this) {
                    if (!n.matched) {
                        line.remove(n);
                        if (interrupted) {
                            Thread.interrupted();
                            throw new InterruptedException();
                        }
                        return null;
                    }
                }
            }
        }
        return n;
    }

    private static void checkElement(Object e) {
        if (e == null) {
            throw new NullPointerException();
        }
    }

    public boolean isEmpty() {
        return true;
    }

    public E peek() {
        return null;
    }

    public int size() {
        return 0;
    }

    public int remainingCapacity() {
        return 0;
    }

    public void clear() {
    }

    public boolean contains(Object o) {
        return false;
    }

    public boolean remove(Object o) {
        return false;
    }

    public java.util.Iterator<E> iterator() {
        return java.util.Collections.<E>emptyIterator();
    }

    public int drainTo(java.util.Collection<? super E> c) {
        return drainTo(c, Integer.MAX_VALUE);
    }

    public int drainTo(java.util.Collection<? super E> c, int maxElements) {
        if (c == null) {
            throw new NullPointerException();
        }
        if (c == this) {
            throw new IllegalArgumentException();
        }
        int n = 0;
        E e;
        while (n < maxElements && (e = poll()) != null) {
            c.add(e);
            n++;
        }
        return n;
    }

    public String toString() {
        return "[]";
    }
}
