package java.util.concurrent;

/**
 * A queue that holds nothing: offer succeeds only when a taker is waiting (gcvm: a hand-off
 * slot under the queue's monitor).
 */
public class SynchronousQueue<E> extends java.util.AbstractQueue<E> implements BlockingQueue<E>, java.io.Serializable {
    private int takers;
    private E slot;

    public SynchronousQueue() {
    }

    public SynchronousQueue(boolean fair) {
    }

    public synchronized boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException();
        }
        if (takers == 0 || slot != null) {
            return false;
        }
        slot = e;
        takers--;
        notifyAll();
        return true;
    }

    public synchronized void put(E e) throws InterruptedException {
        if (e == null) {
            throw new NullPointerException();
        }
        while (takers == 0 || slot != null) {
            wait();
        }
        slot = e;
        takers--;
        notifyAll();
    }

    public boolean offer(E e, long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (this) {
            while (takers == 0 || slot != null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1L, left / 1000000L));
            }
            slot = e;
            takers--;
            notifyAll();
            return true;
        }
    }

    public synchronized E take() throws InterruptedException {
        takers++;
        notifyAll();
        try {
            while (slot == null) {
                wait();
            }
        } catch (InterruptedException ex) {
            if (slot == null) {
                takers--;
                throw ex;
            }
        }
        E e = slot;
        slot = null;
        notifyAll();
        return e;
    }

    public synchronized E poll(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        takers++;
        notifyAll();
        while (slot == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                takers--;
                return null;
            }
            try {
                wait(Math.max(1L, left / 1000000L));
            } catch (InterruptedException ex) {
                if (slot == null) {
                    takers--;
                    throw ex;
                }
            }
        }
        E e = slot;
        slot = null;
        notifyAll();
        return e;
    }

    public E poll() {
        return null;
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

    public java.util.Iterator<E> iterator() {
        return java.util.Collections.<E>emptyIterator();
    }

    public int drainTo(java.util.Collection<? super E> c) {
        return 0;
    }

    public int drainTo(java.util.Collection<? super E> c, int maxElements) {
        return 0;
    }
}
