package java.util.concurrent;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * A meeting point where two threads swap objects. gcvm's pairs threads through one FIFO line
 * of waiting offers under the exchanger's monitor (the JDK's uses a slot and an arena): an
 * arriving thread takes the longest-waiting offer, leaves its own item in it and unparks only
 * that thread; with no offer waiting it queues its own and parks outside the monitor. A woken
 * thread reads its partner's item from its own node (`matched` is volatile), without taking the
 * monitor again. A thread that gives up (interrupt, timeout) leaves the line under the monitor,
 * unless a partner matched it first, in which case the exchange stands.
 */
public class Exchanger<V> {
    private static final class Offer {
        final Thread thread = Thread.currentThread();
        final Object item;
        Object match;
        volatile boolean matched;

        Offer(Object item) {
            this.item = item;
        }
    }

    private final ArrayDeque<Offer> waiting = new ArrayDeque<Offer>();

    public Exchanger() {
    }

    public V exchange(V x) throws InterruptedException {
        try {
            return exchange(x, false, 0L);
        } catch (TimeoutException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        }
    }

    public V exchange(V x, long timeout, TimeUnit unit) throws InterruptedException, TimeoutException {
        return exchange(x, true, System.nanoTime() + unit.toNanos(timeout));
    }

    @SuppressWarnings("unchecked")
    private V exchange(V x, boolean timed, long deadline) throws InterruptedException, TimeoutException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Offer mine;
        synchronized (this) {
            Offer partner = waiting.pollFirst();
            if (partner != null) {
                partner.match = x;
                partner.matched = true;
                LockSupport.unpark(partner.thread);
                return (V) partner.item;
            }
            mine = new Offer(x);
            waiting.addLast(mine);
        }
        return (V) await(mine, timed, deadline);
    }

    /** Parks until a partner matches `mine`; gives up on an interrupt or at the deadline. */
    private Object await(Offer mine, boolean timed, long deadline) throws InterruptedException, TimeoutException {
        while (!mine.matched) {
            if (timed) {
                long left = deadline - System.nanoTime();
                if (left <= 0 && withdraw(mine)) {
                    throw new TimeoutException();
                }
                LockSupport.parkNanos(this, Math.max(left, 1L));
            } else {
                LockSupport.park(this);
            }
            if (Thread.interrupted()) {
                if (withdraw(mine)) {
                    throw new InterruptedException();
                }
                Thread.currentThread().interrupt(); // matched meanwhile: the exchange stands
            }
        }
        return mine.match;
    }

    /** Takes `mine` out of the line; false if a partner matched it first. */
    private synchronized boolean withdraw(Offer mine) {
        if (mine.matched) {
            return false;
        }
        waiting.remove(mine);
        return true;
    }
}
