package jdk.internal.gcvm;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads waiting for one condition of an object (a queue's "not empty", say), in FIFO
 * order, each woken alone with LockSupport.unpark. A signal wakes exactly one waiter, where
 * Object.notifyAll would wake every thread waiting on the monitor: with hundreds of threads
 * waiting, that herd costs far more than the work. Every method but {@link #park} is called
 * while holding the owner's monitor; waiters park outside it. A signal is never lost: a waiter
 * that was signalled but gives up (interrupted, timed out) passes it on in {@link #leave}.
 */
public final class WaitQueue {
    /** One waiting thread; `queued` while it is in the queue (a signal takes it out). */
    public static final class Waiter {
        final Thread thread = Thread.currentThread();
        public boolean queued;
        /** What the waiter waits for, when the owner counts it (a semaphore's permits). */
        public int need;
    }

    private final ArrayDeque<Waiter> waiters = new ArrayDeque<Waiter>();

    /** Queues `w` (a new waiter for the current thread when null) unless it is queued. */
    public Waiter add(Waiter w) {
        if (w == null) {
            w = new Waiter();
        }
        if (!w.queued) {
            w.queued = true;
            waiters.addLast(w);
        }
        return w;
    }

    /** Wakes the longest-waiting thread, if any. */
    public void signal() {
        Waiter w = waiters.pollFirst();
        if (w != null) {
            w.queued = false;
            LockSupport.unpark(w.thread);
        }
    }

    /** Wakes `n` waiting threads (fewer if fewer wait). */
    public void signal(int n) {
        for (int i = 0; i < n && !waiters.isEmpty(); i++) {
            signal();
        }
    }

    /**
     * Grants, from the longest-waiting on, what each waiter needs while it fits in what is left
     * of `available`, waking each one granted; stops at the first that does not fit (it stays
     * first in line, as a queued thread of the JDK's semaphore does). A woken waiter finds
     * itself out of the queue: it holds what it asked for and need not compete for it again.
     * Returns the total granted, for the owner to take from `available`.
     */
    public int grantWhileFits(int available) {
        int granted = 0;
        Waiter w;
        while ((w = waiters.peekFirst()) != null && w.need <= available - granted) {
            granted += w.need;
            signal();
        }
        return granted;
    }

    public void signalAll() {
        while (!waiters.isEmpty()) {
            signal();
        }
    }

    public boolean hasWaiters() {
        return !waiters.isEmpty();
    }

    /** Threads waiting and not yet signalled. */
    public int size() {
        return waiters.size();
    }

    /**
     * `w` stops waiting. If it had been signalled and did not use the signal (`unused`: it gave
     * up), the signal goes to the next waiter.
     */
    public void leave(Waiter w, boolean unused) {
        if (w == null) {
            return;
        }
        if (w.queued) {
            waiters.remove(w);
            w.queued = false;
        } else if (unused) {
            signal();
        }
    }

    /** `w` stops waiting and leaves the queue if still in it; true if it had been signalled. */
    public boolean withdraw(Waiter w) {
        if (w == null) {
            return false;
        }
        if (w.queued) {
            waiters.remove(w);
            w.queued = false;
            return false;
        }
        return true;
    }

    /**
     * Parks the current thread (outside any monitor) until signalled, interrupted, spuriously
     * or, when `timed`, until `deadline` (System.nanoTime). The caller re-checks its condition.
     */
    public static void park(Object blocker, boolean timed, long deadline) {
        if (!timed) {
            LockSupport.park(blocker);
        } else {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                LockSupport.parkNanos(blocker, left);
            }
        }
    }
}
