package java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;

/**
 * A read-write lock on one monitor: many readers or one writer; the writer may also read and
 * re-enter; a waiting writer keeps new readers out (no writer starvation). Not fair.
 */
public class ReentrantReadWriteLock implements ReadWriteLock, java.io.Serializable {
    private final Object sync = new Object();
    private Thread writer;
    private int writeHolds;
    private int readers;
    private int waitingWriters;
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

    public int getReadHoldCount() {
        synchronized (sync) {
            int[] h = readHolds.get(Thread.currentThread());
            return h == null ? 0 : h[0];
        }
    }

    private boolean tryRead() {
        Thread me = Thread.currentThread();
        int[] mine = readHolds.get(me);
        if (writer == me || (writer == null && (waitingWriters == 0 || mine != null))) {
            if (mine == null) {
                mine = new int[1];
                readHolds.put(me, mine);
            }
            mine[0]++;
            readers++;
            return true;
        }
        return false;
    }

    private boolean tryWrite() {
        Thread me = Thread.currentThread();
        if (writer == me) {
            writeHolds++;
            return true;
        }
        if (writer == null && readers == 0) {
            writer = me;
            writeHolds = 1;
            return true;
        }
        return false;
    }

    public class ReadLock implements Lock, java.io.Serializable {
        public void lock() {
            synchronized (sync) {
                boolean interrupted = false;
                while (!tryRead()) {
                    try {
                        sync.wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        public void lockInterruptibly() throws InterruptedException {
            synchronized (sync) {
                while (!tryRead()) {
                    sync.wait();
                }
            }
        }

        public boolean tryLock() {
            synchronized (sync) {
                return tryRead();
            }
        }

        public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            synchronized (sync) {
                while (!tryRead()) {
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
                Thread me = Thread.currentThread();
                int[] mine = readHolds.get(me);
                if (mine == null) {
                    throw new IllegalMonitorStateException("attempt to unlock read lock, not locked by current thread");
                }
                if (--mine[0] == 0) {
                    readHolds.remove(me);
                }
                readers--;
                sync.notifyAll();
            }
        }

        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }
    }

    public class WriteLock implements Lock, java.io.Serializable {
        public void lock() {
            synchronized (sync) {
                boolean interrupted = false;
                waitingWriters++;
                while (!tryWrite()) {
                    try {
                        sync.wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                waitingWriters--;
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        public void lockInterruptibly() throws InterruptedException {
            synchronized (sync) {
                waitingWriters++;
                try {
                    while (!tryWrite()) {
                        sync.wait();
                    }
                } finally {
                    waitingWriters--;
                    sync.notifyAll();
                }
            }
        }

        public boolean tryLock() {
            synchronized (sync) {
                return tryWrite();
            }
        }

        public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            synchronized (sync) {
                waitingWriters++;
                try {
                    while (!tryWrite()) {
                        long left = deadline - System.nanoTime();
                        if (left <= 0) {
                            return false;
                        }
                        sync.wait(Math.max(1L, left / 1000000L));
                    }
                    return true;
                } finally {
                    waitingWriters--;
                    sync.notifyAll();
                }
            }
        }

        public void unlock() {
            synchronized (sync) {
                if (writer != Thread.currentThread()) {
                    throw new IllegalMonitorStateException();
                }
                if (--writeHolds == 0) {
                    writer = null;
                    sync.notifyAll();
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
