package java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;
import jdk.internal.gcvm.WaitQueue;

/**
 * A reentrant mutual-exclusion lock: the owner and hold count are plain fields changed only
 * while holding one Java monitor (the {@code sync} object), and threads that must wait for the
 * lock, or on one of its conditions, queue in a {@link WaitQueue} and park outside the monitor
 * (a safe region: collections proceed). Unlocking wakes one waiting thread, signalling a
 * condition wakes one waiter of that condition: never every thread that waits, however many.
 * Not fair (a running thread may take the lock before the one woken): {@code new
 * ReentrantLock(true)} behaves the same.
 */
public class ReentrantLock implements Lock, java.io.Serializable {
    final Object sync = new Object();
    private Thread owner;
    private int holds;
    /** Threads waiting to take the lock; guarded by sync. */
    private final transient WaitQueue entry = new WaitQueue();

    public ReentrantLock() {
    }

    public ReentrantLock(boolean fair) {
    }

    public void lock() {
        try {
            acquire(1, false, false, 0L);
        } catch (InterruptedException e) {
            throw new InternalError(e);
        }
    }

    public void lockInterruptibly() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        acquire(1, true, false, 0L);
    }

    /**
     * Takes the lock with `n` holds, waiting in the entry queue (until `deadline`, by
     * System.nanoTime, when `timed`). Interrupts throw when `interruptible`, otherwise they are
     * kept for the caller (the flag is set again). False if the deadline passed.
     */
    boolean acquire(int n, boolean interruptible, boolean timed, long deadline) throws InterruptedException {
        WaitQueue.Waiter w = null;
        boolean acquired = false;
        boolean interrupted = false;
        try {
            while (true) {
                synchronized (sync) {
                    if (tryAcquire(n)) {
                        acquired = true;
                        return true;
                    }
                    if (timed && deadline - System.nanoTime() <= 0) {
                        return false;
                    }
                    w = entry.add(w);
                }
                WaitQueue.park(this, timed, deadline);
                if (Thread.interrupted()) {
                    if (interruptible) {
                        throw new InterruptedException();
                    }
                    interrupted = true;
                }
            }
        } finally {
            if (w != null) {
                synchronized (sync) {
                    entry.leave(w, !acquired);
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /* Caller holds sync. */
    boolean tryAcquire(int n) {
        Thread me = Thread.currentThread();
        if (owner == null) {
            owner = me;
            holds = n;
            return true;
        }
        if (owner == me) {
            holds += n;
            return true;
        }
        return false;
    }

    public boolean tryLock() {
        synchronized (sync) {
            return tryAcquire(1);
        }
    }

    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        return acquire(1, true, true, System.nanoTime() + unit.toNanos(timeout));
    }

    public void unlock() {
        synchronized (sync) {
            if (owner != Thread.currentThread()) {
                throw new IllegalMonitorStateException();
            }
            if (--holds == 0) {
                owner = null;
                entry.signal();
            }
        }
    }

    /* Caller holds sync and the lock: releases every hold, returns how many. */
    int releaseAll() {
        if (owner != Thread.currentThread()) {
            throw new IllegalMonitorStateException();
        }
        int saved = holds;
        holds = 0;
        owner = null;
        entry.signal();
        return saved;
    }

    public Condition newCondition() {
        return new ConditionObject(this);
    }

    public int getHoldCount() {
        synchronized (sync) {
            return owner == Thread.currentThread() ? holds : 0;
        }
    }

    public boolean isHeldByCurrentThread() {
        synchronized (sync) {
            return owner == Thread.currentThread();
        }
    }

    public boolean isLocked() {
        synchronized (sync) {
            return owner != null;
        }
    }

    public boolean isFair() {
        return false;
    }

    public String toString() {
        Thread o;
        synchronized (sync) {
            o = owner;
        }
        return super.toString() + ((o == null) ? "[Unlocked]" : "[Locked by thread " + o.getName() + "]");
    }

    /**
     * A condition of a ReentrantLock: its waiters queue in a WaitQueue guarded by the lock's
     * monitor; a signal wakes the longest waiter, which then takes the lock back.
     */
    static final class ConditionObject implements Condition {
        private final ReentrantLock lock;
        private final WaitQueue waiters = new WaitQueue();

        ConditionObject(ReentrantLock lock) {
            this.lock = lock;
        }

        public void await() throws InterruptedException {
            awaitUntil(false, 0L, true);
        }

        public void awaitUninterruptibly() {
            try {
                awaitUntil(false, 0L, false);
            } catch (InterruptedException e) {
                throw new InternalError(e);
            }
        }

        public long awaitNanos(long nanosTimeout) throws InterruptedException {
            long deadline = System.nanoTime() + Math.max(nanosTimeout, 0L);
            awaitUntil(true, deadline, true);
            return deadline - System.nanoTime();
        }

        public boolean await(long time, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + Math.max(unit.toNanos(time), 0L);
            return awaitUntil(true, deadline, true);
        }

        /**
         * Releases the lock, waits until signalled (or the deadline, when `timed`), takes the
         * lock back. Returns whether it was signalled. As in the JDK, an interrupt before the
         * signal throws (after the lock is back); one after it only sets the flag.
         */
        private boolean awaitUntil(boolean timed, long deadline, boolean interruptible) throws InterruptedException {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException();
            }
            WaitQueue.Waiter w;
            int saved;
            synchronized (lock.sync) {
                saved = lock.releaseAll();
                w = waiters.add(null);
            }
            boolean interrupted = false;
            boolean signalled;
            while (true) {
                synchronized (lock.sync) {
                    signalled = !w.queued;
                    if (signalled || (timed && deadline - System.nanoTime() <= 0) || (interrupted && interruptible)) {
                        waiters.leave(w, false);
                        break;
                    }
                }
                WaitQueue.park(this, timed, deadline);
                if (Thread.interrupted()) {
                    interrupted = true;
                }
            }
            lock.acquire(saved, false, false, 0L);
            if (interrupted && interruptible && !signalled) {
                throw new InterruptedException();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return signalled;
        }

        public void signal() {
            synchronized (lock.sync) {
                if (lock.owner != Thread.currentThread()) {
                    throw new IllegalMonitorStateException();
                }
                waiters.signal();
            }
        }

        public void signalAll() {
            synchronized (lock.sync) {
                if (lock.owner != Thread.currentThread()) {
                    throw new IllegalMonitorStateException();
                }
                waiters.signalAll();
            }
        }
    }
}
