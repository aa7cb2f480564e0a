package java.util.concurrent.locks;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import jdk.internal.gcvm.WaitQueue;

/**
 * A read-write lock: many readers or one writer; the writer may also read and re-enter, and
 * downgrade by taking the read lock before releasing the write lock. Not fair, but FIFO among
 * the threads that had to wait.
 *
 * The state lives under one monitor (`sync`). Threads that must wait join one FIFO line and park
 * outside the monitor. A release *grants* the lock to the head of the line, as the JDK's
 * AbstractQueuedSynchronizer wakes its head: a writer once nobody holds the lock, or else every
 * reader up to the first writer in line. Only the threads granted are woken, and they already
 * hold the lock when they wake. A new reader waits if anyone is in line (so a waiting writer is
 * not starved), unless it already holds a read lock (re-entry must not deadlock behind a writer).
 */
public class ReentrantReadWriteLock implements ReadWriteLock, java.io.Serializable {
    private final Object sync = new Object();
    private Thread writer;
    private int writeHolds;
    private int readers;

    /** A thread waiting in line for the read or the write lock; `granted` once it holds it. */
    private static final class Waiter {
        final Thread thread = Thread.currentThread();
        final boolean write;
        volatile boolean granted;

        Waiter(boolean write) {
            this.write = write;
        }
    }

    private final transient ArrayDeque<Waiter> line = new ArrayDeque<Waiter>();
    private final java.util.HashMap<Thread, int[]> readHolds = new java.util.HashMap<Thread, int[]>();
    private final ReadLock readerLock = new ReadLock();
    private final WriteLock writerLock = new WriteLock();

    public ReentrantReadWriteLock() {
    }

    public ReentrantReadWriteLock(boolean fair) {
    }

    public ReentrantReadWriteLock.WriteLock writeLock() {
        return writerLock;
    }

    public ReentrantReadWriteLock.ReadLock readLock() {
        return readerLock;
    }

    public int getReadLockCount() {
        synchronized (sync) {
            return readers;
        }
    }

    public boolean isWriteLocked() {
        synchronized (sync) {
            return writer != null;
        }
    }

    public boolean isWriteLockedByCurrentThread() {
        synchronized (sync) {
            return writer == Thread.currentThread();
        }
    }

    /** Threads waiting for the read or the write lock. */
    public final int getQueueLength() {
        synchronized (sync) {
            return line.size();
        }
    }

    public final boolean hasQueuedThreads() {
        return getQueueLength() > 0;
    }

    public int getReadHoldCount() {
        synchronized (sync) {
            int[] h = readHolds.get(Thread.currentThread());
            return h == null ? 0 : h[0];
        }
    }

    /** Caller holds `sync`. */
    private boolean tryRead() {
        Thread me = Thread.currentThread();
        boolean holding = readHolds.containsKey(me);
        if (writer == me || (writer == null && (line.isEmpty() || holding))) {
            addReadHold(me);
            return true;
        }
        return false;
    }

    /** Caller holds `sync`. */
    private boolean tryWrite() {
        Thread me = Thread.currentThread();
        if (writer == me) {
            writeHolds++;
            return true;
        }
        if (writer == null && readers == 0 && line.isEmpty()) {
            writer = me;
            writeHolds = 1;
            return true;
        }
        return false;
    }

    private void addReadHold(Thread t) {
        int[] holds = readHolds.get(t);
        if (holds == null) {
            holds = new int[1];
            readHolds.put(t, holds);
        }
        holds[0]++;
        readers++;
    }

    /**
     * Caller holds `sync`: grants the lock to the head of the line if it can have it now (see
     * the class comment), waking only those granted.
     */
    private void grantNext() {
        if (writer != null) {
            return;
        }
        Waiter head = line.peekFirst();
        if (head != null && head.write) {
            if (readers == 0) {
                line.pollFirst();
                writer = head.thread;
                writeHolds = 1;
                wake(head);
            }
            return;
        }
        while ((head = line.peekFirst()) != null && !head.write) {
            line.pollFirst();
            addReadHold(head.thread);
            wake(head);
        }
    }

    private static void wake(Waiter w) {
        w.granted = true;
        LockSupport.unpark(w.thread);
    }

    /**
     * Takes the read or write lock, waiting in line for it (until `deadline` when `timed`);
     * false if the deadline passed first. An interrupt throws when `interruptible`, else is
     * kept. A waiter granted the lock keeps it, whatever else happened meanwhile.
     */
    private boolean acquire(boolean write, boolean interruptible, boolean timed, long deadline) throws InterruptedException {
        if (interruptible && Thread.interrupted()) {
            throw new InterruptedException();
        }
        Waiter w;
        synchronized (sync) {
            if (write ? tryWrite() : tryRead()) {
                return true;
            }
            if (timed && deadline - System.nanoTime() <= 0) {
                return false;
            }
            w = new Waiter(write);
            line.addLast(w);
        }
        boolean interrupted = false;
        try {
            while (!w.granted) {
                WaitQueue.park(this, timed, deadline);
                if (w.granted) {
                    break;
                }
                boolean interruptedNow = Thread.interrupted();
                boolean givingUp = (interruptedNow && interruptible) || (timed && deadline - System.nanoTime() <= 0);
                if (interruptedNow) {
                    interrupted = true;
                }
                if (givingUp && leaveLine(w)) {
                    if (interruptedNow && interruptible) {
                        interrupted = false;
                        throw new InterruptedException();
                    }
                    return false;
                }
            }
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** `w` gives up: out of the line unless it was granted meanwhile (then false: it holds it). */
    private boolean leaveLine(Waiter w) {
        synchronized (sync) {
            if (w.granted) {
                return false;
            }
            line.remove(w);
            grantNext();
            return true;
        }
    }

    private void acquireUninterruptibly(boolean write) {
        try {
            acquire(write, false, false, 0L);
        } catch (InterruptedException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        }
    }

    public class ReadLock implements Lock, java.io.Serializable {
        public void lock() {
            acquireUninterruptibly(false);
        }

        public void lockInterruptibly() throws InterruptedException {
            acquire(false, true, false, 0L);
        }

        public boolean tryLock() {
            synchronized (sync) {
                return tryRead();
            }
        }

        public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
            return acquire(false, true, true, System.nanoTime() + unit.toNanos(timeout));
        }

        public void unlock() {
            synchronized (sync) {
                Thread me = Thread.currentThread();
                int[] mine = readHolds.get(me);
                if (mine == null) {
                    throw new IllegalMonitorStateException("attempt to unlock read lock, not locked by current thread");
                }
                if (--mine[0] == 0) {
                    readHolds.remove(me);
                }
                readers--;
                if (readers == 0) {
                    grantNext();
                }
            }
        }

        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }
    }

    public class WriteLock implements Lock, java.io.Serializable {
        public void lock() {
            acquireUninterruptibly(true);
        }

        public void lockInterruptibly() throws InterruptedException {
            acquire(true, true, false, 0L);
        }

        public boolean tryLock() {
            synchronized (sync) {
                return tryWrite();
            }
        }

        public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
            return acquire(true, true, true, System.nanoTime() + unit.toNanos(timeout));
        }

        public void unlock() {
            synchronized (sync) {
                if (writer != Thread.currentThread()) {
                    throw new IllegalMonitorStateException();
                }
                if (--writeHolds == 0) {
                    writer = null;
                    grantNext();
                }
            }
        }

        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }

        public boolean isHeldByCurrentThread() {
            return isWriteLockedByCurrentThread();
        }
    }
}
