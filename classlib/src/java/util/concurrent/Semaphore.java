package java.util.concurrent;

import jdk.internal.gcvm.WaitQueue;

/**
 * A counting semaphore. Not fair: a thread arriving while permits are free takes them, even if
 * others wait. Threads that must wait queue in a {@link WaitQueue} and park outside the monitor.
 * A release hands the freed permits straight to the longest-waiting threads whose requests they
 * cover and wakes only those; a woken thread already holds its permits, so it never wakes to
 * find them taken. A waiter that gives up (interrupted, timed out) leaves the line, and the
 * threads behind it may then be granted what it was waiting for.
 */
public class Semaphore implements java.io.Serializable {
    private int permits;
    private final transient WaitQueue waiting = new WaitQueue();

    public Semaphore(int permits) {
        this.permits = permits;
    }

    public Semaphore(int permits, boolean fair) {
        this.permits = permits;
    }

    public void acquire() throws InterruptedException {
        acquire(1);
    }

    public void acquire(int n) throws InterruptedException {
        checkCount(n);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        take(n, true, false, 0L);
    }

    public void acquireUninterruptibly() {
        acquireUninterruptibly(1);
    }

    public void acquireUninterruptibly(int n) {
        checkCount(n);
        try {
            take(n, false, false, 0L);
        } catch (InterruptedException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        }
    }

    public boolean tryAcquire() {
        return tryAcquire(1);
    }

    public synchronized boolean tryAcquire(int n) {
        checkCount(n);
        return takeIfFree(n);
    }

    public boolean tryAcquire(long timeout, TimeUnit unit) throws InterruptedException {
        return tryAcquire(1, timeout, unit);
    }

    public boolean tryAcquire(int n, long timeout, TimeUnit unit) throws InterruptedException {
        checkCount(n);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        return take(n, true, true, System.nanoTime() + unit.toNanos(timeout));
    }

    /**
     * Takes `n` permits, waiting for them (until `deadline` when `timed`); false if the deadline
     * passed first. An interrupt throws when `interruptible`, else is kept for the caller.
     */
    private boolean take(int n, boolean interruptible, boolean timed, long deadline) throws InterruptedException {
        WaitQueue.Waiter w;
        synchronized (this) {
            if (takeIfFree(n)) {
                return true;
            }
            if (timed && deadline - System.nanoTime() <= 0) {
                return false;
            }
            w = waiting.add(null);
            w.need = n;
        }
        boolean interrupted = false;
        try {
            while (true) {
                WaitQueue.park(this, timed, deadline);
                synchronized (this) {
                    if (!w.queued) {
                        return true;
                    }
                    if (Thread.interrupted()) {
                        if (interruptible) {
                            giveUp(w);
                            throw new InterruptedException();
                        }
                        interrupted = true;
                    }
                    if (timed && deadline - System.nanoTime() <= 0) {
                        giveUp(w);
                        return false;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Caller holds the monitor: `w` leaves the line, so those behind it may be granted. */
    private void giveUp(WaitQueue.Waiter w) {
        waiting.withdraw(w);
        permits -= waiting.grantWhileFits(permits);
    }

    private boolean takeIfFree(int n) {
        if (permits >= n) {
            permits -= n;
            return true;
        }
        return false;
    }

    private static void checkCount(int n) {
        if (n < 0) {
            throw new IllegalArgumentException();
        }
    }

    public void release() {
        release(1);
    }

    public synchronized void release(int n) {
        checkCount(n);
        permits += n;
        permits -= waiting.grantWhileFits(permits);
    }

    public synchronized int availablePermits() {
        return permits;
    }

    public synchronized int drainPermits() {
        int n = permits;
        permits = 0;
        return n;
    }

    public synchronized boolean hasQueuedThreads() {
        return waiting.hasWaiters();
    }

    public String toString() {
        return super.toString() + "[Permits = " + availablePermits() + "]";
    }
}
