import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Semaphores, synchronous queues and read-write locks with many threads: nothing lost, nothing
 * granted twice, timeouts and interrupts as in the JDK. Every printed line is independent of
 * scheduling.
 */
public class Synchronizers {
    public static void main(String[] args) throws Exception {
        semaphoreGuardsAPool();
        semaphoreWithLargeRequests();
        semaphoreTimeoutsAndInterrupts();
        synchronousHandOffs();
        synchronousQueueWithoutPartners();
        synchronousQueueInterrupts();
        cachedPoolReusesIdleWorkers();
        readWriteLockExcludesWriters();
        readWriteLockDowngradeAndTimeouts();
        barrierAndLatchRounds();
    }

    /** 40 threads share 3 permits: at most 3 inside at once, every acquire matched by a release. */
    static void semaphoreGuardsAPool() throws InterruptedException {
        Semaphore permits = new Semaphore(3);
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicLong work = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            final int id = i;
            Thread t = new Thread(() -> {
                for (int k = 0; k < 100; k++) {
                    permits.acquireUninterruptibly();
                    int now = inside.incrementAndGet();
                    most.accumulateAndGet(now, Math::max);
                    work.addAndGet(id * 100 + k);
                    inside.decrementAndGet();
                    permits.release();
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) t.join();
        System.out.println("pool: at most 3 inside " + (most.get() <= 3) + ", work " + work.get()
                + ", permits " + permits.availablePermits() + ", queued " + permits.hasQueuedThreads());
    }

    /** Waiters for 1, 2 and 5 permits: each gets exactly what it asked for, once enough is freed. */
    static void semaphoreWithLargeRequests() throws InterruptedException {
        Semaphore s = new Semaphore(0);
        AtomicInteger granted = new AtomicInteger();
        int[] wants = {1, 2, 5, 1, 3, 2, 1, 5};
        List<Thread> threads = new ArrayList<>();
        for (int w : wants) {
            Thread t = new Thread(() -> {
                s.acquireUninterruptibly(w);
                granted.addAndGet(w);
                s.release(w);
            });
            threads.add(t);
            t.start();
        }
        for (int i = 0; i < 5; i++) {
            s.release(1);
        }
        for (Thread t : threads) t.join();
        System.out.println("large requests: granted " + granted.get() + ", permits " + s.availablePermits());
    }

    static void semaphoreTimeoutsAndInterrupts() throws InterruptedException {
        Semaphore s = new Semaphore(1);
        System.out.println("tryAcquire(2) with 1 free: " + s.tryAcquire(2) + ", tryAcquire(1): " + s.tryAcquire(1));
        System.out.println("timed tryAcquire with none free: " + s.tryAcquire(20, TimeUnit.MILLISECONDS));
        String[] outcome = new String[1];
        Thread waiter = new Thread(() -> {
            try {
                s.acquire();
                outcome[0] = "acquired";
            } catch (InterruptedException e) {
                outcome[0] = "interrupted, flag now " + Thread.currentThread().isInterrupted();
            }
        });
        waiter.start();
        while (!s.hasQueuedThreads()) Thread.sleep(1);
        waiter.interrupt();
        waiter.join();
        System.out.println("interrupted acquire: " + outcome[0]);
        s.release();
        System.out.println("the permit was not lost: " + s.tryAcquire());
        Thread.currentThread().interrupt();
        try {
            s.acquire();
            System.out.println("acquire while interrupted: acquired");
        } catch (InterruptedException e) {
            System.out.println("acquire while interrupted: InterruptedException");
        }
        try {
            new Semaphore(1).release(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("release(-1): IllegalArgumentException");
        }
    }

    /** 8 producers and 8 consumers hand 4,000 numbers over: each taken exactly once. */
    static void synchronousHandOffs() throws InterruptedException {
        SynchronousQueue<Integer> q = new SynchronousQueue<>();
        AtomicLong sum = new AtomicLong();
        AtomicInteger count = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            final int base = p * 500;
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < 500; i++) q.put(base + i);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        for (int c = 0; c < 8; c++) {
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < 500; i++) {
                        sum.addAndGet(q.take());
                        count.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }));
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        System.out.println("hand-offs: " + count.get() + " taken, sum " + sum.get() + " (expected " + (3999L * 4000 / 2) + ")");
    }

    static void synchronousQueueWithoutPartners() throws InterruptedException {
        SynchronousQueue<String> q = new SynchronousQueue<>();
        System.out.println("offer with no taker: " + q.offer("x") + ", poll with no putter: " + q.poll());
        System.out.println("timed offer: " + q.offer("x", 20, TimeUnit.MILLISECONDS)
                + ", timed poll: " + q.poll(20, TimeUnit.MILLISECONDS));
        System.out.println("size " + q.size() + ", empty " + q.isEmpty() + ", peek " + q.peek() + ", " + q);
        Thread putter = new Thread(() -> {
            try {
                q.put("from a waiting putter");
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        putter.start();
        String got = null;
        while (got == null) {
            got = q.poll();
            if (got == null) Thread.sleep(1);
        }
        putter.join();
        System.out.println("poll: " + got);
        List<String> drained = new ArrayList<>();
        System.out.println("drainTo with no putter: " + q.drainTo(drained));
        try {
            q.offer(null);
        } catch (NullPointerException e) {
            System.out.println("offer(null): NullPointerException");
        }
    }

    static void synchronousQueueInterrupts() throws InterruptedException {
        SynchronousQueue<String> q = new SynchronousQueue<>();
        String[] outcome = new String[1];
        Thread taker = new Thread(() -> {
            try {
                outcome[0] = "took " + q.take();
            } catch (InterruptedException e) {
                outcome[0] = "interrupted";
            }
        });
        taker.start();
        Thread.sleep(20);
        taker.interrupt();
        taker.join();
        System.out.println("interrupted take: " + outcome[0] + "; a later offer finds no taker: " + q.offer("late"));
    }

    /** A cached pool hands each task to an idle worker through its SynchronousQueue. */
    static void cachedPoolReusesIdleWorkers() throws Exception {
        ExecutorService pool = Executors.newCachedThreadPool();
        long total = 0;
        for (int round = 0; round < 20; round++) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                final int n = round * 5 + i;
                results.add(pool.submit(() -> n * n));
            }
            for (Future<Integer> f : results) total += f.get();
        }
        pool.shutdown();
        System.out.println("cached pool: sum of squares " + total + ", terminated " + pool.awaitTermination(5, TimeUnit.SECONDS));
    }

    /** 30 readers and 6 writers: a writer is always alone, readers never see a half-made update. */
    static void readWriteLockExcludesWriters() throws InterruptedException {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        int[] pair = new int[2];
        AtomicInteger torn = new AtomicInteger();
        AtomicInteger writersInside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 6; w++) {
            threads.add(new Thread(() -> {
                for (int k = 0; k < 200; k++) {
                    lock.writeLock().lock();
                    try {
                        if (writersInside.incrementAndGet() != 1 || lock.getReadLockCount() != 0) overlaps.incrementAndGet();
                        pair[0]++;
                        Thread.yield();
                        pair[1]++;
                        writersInside.decrementAndGet();
                    } finally {
                        lock.writeLock().unlock();
                    }
                }
            }));
        }
        for (int r = 0; r < 30; r++) {
            threads.add(new Thread(() -> {
                for (int k = 0; k < 200; k++) {
                    lock.readLock().lock();
                    try {
                        if (pair[0] != pair[1] || writersInside.get() != 0) torn.incrementAndGet();
                    } finally {
                        lock.readLock().unlock();
                    }
                }
            }));
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        System.out.println("read-write: writes " + pair[0] + "/" + pair[1] + ", torn reads " + torn.get()
                + ", overlapping writers " + overlaps.get() + ", read locks left " + lock.getReadLockCount()
                + ", write locked " + lock.isWriteLocked());
    }

    static void readWriteLockDowngradeAndTimeouts() throws InterruptedException {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        lock.writeLock().lock();
        lock.readLock().lock();
        lock.writeLock().unlock();
        System.out.println("downgraded: write locked " + lock.isWriteLocked() + ", read holds " + lock.getReadHoldCount());
        boolean[] got = new boolean[2];
        Thread other = new Thread(() -> {
            try {
                got[0] = lock.readLock().tryLock(20, TimeUnit.MILLISECONDS);
                if (got[0]) lock.readLock().unlock();
                got[1] = lock.writeLock().tryLock(20, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        other.start();
        other.join();
        System.out.println("another reader gets in: " + got[0] + ", a writer times out: " + !got[1]);
        String[] outcome = new String[1];
        Thread writer = new Thread(() -> {
            try {
                lock.writeLock().lockInterruptibly();
                outcome[0] = "locked";
            } catch (InterruptedException e) {
                outcome[0] = "interrupted";
            }
        });
        writer.start();
        while (lock.getQueueLength() < 1) Thread.sleep(1);
        // A new reader waits behind the waiting writer, and must get in once the writer gives up.
        Thread reader = new Thread(() -> {
            lock.readLock().lock();
            lock.readLock().unlock();
        });
        reader.start();
        while (lock.getQueueLength() < 2) Thread.sleep(1);
        System.out.println("a writer and a reader wait: " + lock.hasQueuedThreads());
        writer.interrupt();
        writer.join();
        System.out.println("interrupted writer: " + outcome[0]);
        reader.join();
        System.out.println("the reader behind it got in: queue " + lock.getQueueLength());
        lock.readLock().unlock();
        System.out.println("unlocked: try write " + lock.writeLock().tryLock());
        try {
            lock.readLock().unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println("read unlock without a hold: IllegalMonitorStateException");
        }
    }

    /** 12 threads meet at a barrier 50 times; a latch releases them all at once. */
    static void barrierAndLatchRounds() throws Exception {
        int parties = 12;
        AtomicInteger trips = new AtomicInteger();
        CyclicBarrier barrier = new CyclicBarrier(parties, trips::incrementAndGet);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(parties);
        AtomicLong arrivals = new AtomicLong();
        for (int i = 0; i < parties; i++) {
            new Thread(() -> {
                try {
                    start.await();
                    for (int r = 0; r < 50; r++) {
                        arrivals.addAndGet(barrier.await());
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                } finally {
                    done.countDown();
                }
            }).start();
        }
        start.countDown();
        done.await();
        System.out.println("barrier: trips " + trips.get() + ", arrival indices sum " + arrivals.get()
                + ", broken " + barrier.isBroken());
    }
}
