package java.util.concurrent.locks;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * A reentrant mutual-exclusion lock built on one Java monitor (the {@code sync} object): the
 * owner and hold count are plain fields changed only while holding the monitor, and waiting
 * threads block in {@code sync.wait()} — a safepoint-safe blocking state, like every
 * Object.wait. Conditions queue their waiters under the same monitor, so no signal is lost.
 * Not fair: {@code new ReentrantLock(true)} behaves the same.
 */
public class ReentrantLock implements Lock, java.io.Serializable {
    final Object sync = new Object();
    private Thread owner;
    private int holds;

    public ReentrantLock() {
    }

    public ReentrantLock(boolean fair) {
    }

    public void lock() {
        boolean interrupted = false;
        synchronized (sync) {
            while (!tryAcquire(1)) {
                try {
                    sync.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    public void lockInterruptibly() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        synchronized (sync) {
            while (!tryAcquire(1)) {
                sync.wait();
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
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (sync) {
            while (!tryAcquire(1)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                sync.wait(Math.max(1L, left / 1000000L));
            }
            return true;
        }
    }

    public void unlock() {
        synchronized (sync) {
            if (owner != Thread.currentThread()) {
                throw new IllegalMonitorStateException();
            }
            if (--holds == 0) {
                owner = null;
                sync.notifyAll();
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
        sync.notifyAll();
        return saved;
    }

    /* Caller holds sync: takes the lock back with `saved` holds, ignoring interrupts. */
    boolean reacquire(int saved) {
        boolean interrupted = false;
        while (!tryAcquire(saved)) {
            try {
                sync.wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        return interrupted;
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

    /** A condition of a ReentrantLock: waiters queue under the lock's monitor. */
    static final class ConditionObject implements Condition {
        private final ReentrantLock lock;
        private final ArrayDeque<boolean[]> waiters = new ArrayDeque<boolean[]>();

        ConditionObject(ReentrantLock lock) {
            this.lock = lock;
        }

        public void await() throws InterruptedException {
            awaitUntil(0L, true);
        }

        public void awaitUninterruptibly() {
            try {
                awaitUntil(0L, false);
            } catch (InterruptedException e) {
                throw new InternalError(e);
            }
        }

        public long awaitNanos(long nanosTimeout) throws InterruptedException {
            long deadline = System.nanoTime() + Math.max(nanosTimeout, 1L);
            awaitUntil(deadline, true);
            return deadline - System.nanoTime();
        }

        public boolean await(long time, TimeUnit unit) throws InterruptedException {
            return awaitNanos(unit.toNanos(time)) > 0;
        }

        /* Waits until signalled (or the deadline, if non-zero). Returns whether signalled. */
        private boolean awaitUntil(long deadline, boolean interruptible) throws InterruptedException {
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException();
            }
            Object sync = lock.sync;
            synchronized (sync) {
                boolean[] node = new boolean[1];
                int saved = lock.releaseAll();
                waiters.addLast(node);
                InterruptedException interrupt = null;
                boolean interruptedLater = false;
                try {
                    while (!node[0]) {
                        long wait = 0L;
                        if (deadline != 0L) {
                            long left = deadline - System.nanoTime();
                            if (left <= 0) {
                                break;
                            }
                            wait = Math.max(1L, left / 1000000L);
                        }
                        try {
                            sync.wait(wait);
                        } catch (InterruptedException e) {
                            if (interruptible) {
                                interrupt = e;
                                break;
                            }
                            interruptedLater = true;
                        }
                    }
                } finally {
                    if (!node[0]) {
                        waiters.remove(node);
                    }
                    if (lock.reacquire(saved) || interruptedLater) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (interrupt != null) {
                    throw interrupt;
                }
                return node[0];
            }
        }

        public void signal() {
            synchronized (lock.sync) {
                if (lock.owner != Thread.currentThread()) {
                    throw new IllegalMonitorStateException();
                }
                boolean[] node = waiters.pollFirst();
                if (node != null) {
                    node[0] = true;
                    lock.sync.notifyAll();
                }
            }
        }

        public void signalAll() {
            synchronized (lock.sync) {
                if (lock.owner != Thread.currentThread()) {
                    throw new IllegalMonitorStateException();
                }
                boolean[] node;
                while ((node = waiters.pollFirst()) != null) {
                    node[0] = true;
                }
                lock.sync.notifyAll();
            }
        }
    }
}
