import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * java.util.concurrent's hand-offs under many threads: a ReentrantLock with two conditions as a
 * bounded buffer, lock contention, timed and interrupted waits on locks, conditions and queues,
 * LockSupport's permit, and rings of 64 threads through blocking queues. Everything printed is
 * independent of scheduling.
 */
public class LocksAndQueues {
    public static void main(String[] args) throws Exception {
        boundedBuffer();
        contention();
        timedAndInterruptedLocks();
        timedAndInterruptedQueues();
        permits();
        ring("linked", 64, 2000, false);
        ring("array", 64, 2000, true);
    }

    // ---- a bounded buffer: ReentrantLock, notFull and notEmpty conditions ----

    static final class Buffer {
        final ReentrantLock lock = new ReentrantLock();
        final Condition notFull = lock.newCondition();
        final Condition notEmpty = lock.newCondition();
        final long[] items = new long[4];
        int head, count;

        void put(long v) throws InterruptedException {
            lock.lock();
            try {
                while (count == items.length) notFull.await();
                items[(head + count) % items.length] = v;
                count++;
                notEmpty.signal();
            } finally {
                lock.unlock();
            }
        }

        long take() throws InterruptedException {
            lock.lock();
            try {
                while (count == 0) notEmpty.await();
                long v = items[head];
                head = (head + 1) % items.length;
                count--;
                notFull.signal();
                return v;
            } finally {
                lock.unlock();
            }
        }
    }

    static void boundedBuffer() throws InterruptedException {
        Buffer buffer = new Buffer();
        int producers = 8, consumers = 8, each = 300;
        long[] sums = new long[consumers];
        Thread[] threads = new Thread[producers + consumers];
        for (int p = 0; p < producers; p++) {
            final int base = p * each;
            threads[p] = new Thread(() -> {
                try {
                    for (int i = 1; i <= each; i++) buffer.put(base + i);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
        }
        for (int c = 0; c < consumers; c++) {
            final int me = c;
            threads[producers + c] = new Thread(() -> {
                try {
                    for (int i = 0; i < each; i++) sums[me] += buffer.take();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        long total = 0;
        for (long s : sums) total += s;
        long n = (long) producers * each;
        System.out.println("bounded buffer: sum " + total + ", expected " + (n * (n + 1) / 2) + ", left " + buffer.count);
    }

    // ---- 32 threads contending for one lock ----

    static long counter;

    static void contention() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Thread[] threads = new Thread[32];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                for (int k = 0; k < 200; k++) {
                    lock.lock();
                    try {
                        lock.lock(); // reentrant
                        try {
                            counter++;
                        } finally {
                            lock.unlock();
                        }
                    } finally {
                        lock.unlock();
                    }
                }
            });
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        System.out.println("contention: " + counter + ", locked after " + lock.isLocked());
    }

    // ---- timed and interrupted waits on a lock and a condition ----

    static void timedAndInterruptedLocks() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition never = lock.newCondition();
        Thread holder = new Thread(() -> {
            lock.lock();
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            } finally {
                lock.unlock();
            }
        });
        holder.start();
        while (!lock.isLocked()) Thread.sleep(1);
        boolean early = lock.tryLock(20, TimeUnit.MILLISECONDS);
        boolean later = lock.tryLock(5, TimeUnit.SECONDS);
        System.out.println("tryLock while held " + early + ", after release " + later);
        long left;
        try {
            left = never.awaitNanos(20_000_000L);
        } finally {
            lock.unlock();
        }
        System.out.println("awaitNanos timed out " + (left <= 0) + ", holds the lock again " + !lock.isLocked());
        holder.join();

        boolean[] threw = new boolean[1];
        Thread waiter = new Thread(() -> {
            lock.lock();
            try {
                never.await();
            } catch (InterruptedException e) {
                threw[0] = lock.isHeldByCurrentThread();
            } finally {
                lock.unlock();
            }
        });
        waiter.start();
        Thread.sleep(50);
        waiter.interrupt();
        waiter.join();
        System.out.println("await interrupted: InterruptedException with the lock held " + threw[0]);

        lock.lock();
        boolean[] threwOnLock = new boolean[1];
        Thread locker = new Thread(() -> {
            try {
                lock.lockInterruptibly();
                lock.unlock();
            } catch (InterruptedException e) {
                threwOnLock[0] = true;
            }
        });
        locker.start();
        Thread.sleep(50);
        locker.interrupt();
        locker.join();
        lock.unlock();
        System.out.println("lockInterruptibly interrupted " + threwOnLock[0]);
    }

    // ---- timed and interrupted waits on queues ----

    static void timedAndInterruptedQueues() throws InterruptedException {
        LinkedBlockingQueue<Integer> empty = new LinkedBlockingQueue<>();
        System.out.println("poll on empty: " + empty.poll(20, TimeUnit.MILLISECONDS));
        ArrayBlockingQueue<Integer> full = new ArrayBlockingQueue<>(1);
        full.put(1);
        System.out.println("offer on full: " + full.offer(2, 20, TimeUnit.MILLISECONDS) + ", size " + full.size());
        boolean[] threw = new boolean[1];
        Thread taker = new Thread(() -> {
            try {
                empty.take();
            } catch (InterruptedException e) {
                threw[0] = true;
            }
        });
        taker.start();
        Thread.sleep(50);
        taker.interrupt();
        taker.join();
        // The interrupted taker left: an element put now stays for the next taker.
        empty.put(7);
        System.out.println("take interrupted " + threw[0] + ", then " + empty.take());
    }

    // ---- LockSupport's permit ----

    static void permits() throws InterruptedException {
        LockSupport.unpark(Thread.currentThread());
        long t0 = System.nanoTime();
        LockSupport.park(); // the permit was available: returns at once
        LockSupport.parkNanos(20_000_000L);
        long waited = System.nanoTime() - t0;
        System.out.println("park with a permit returns, parkNanos waits " + (waited >= 15_000_000L));
        Thread parked = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) LockSupport.park();
        });
        parked.start();
        Thread.sleep(50);
        parked.interrupt();
        parked.join();
        System.out.println("interrupt wakes park " + !parked.isAlive());
    }

    // ---- a ring of threads through blocking queues ----

    static void ring(String name, int size, int passes, boolean bounded) throws InterruptedException {
        @SuppressWarnings("unchecked")
        java.util.concurrent.BlockingQueue<Integer>[] queues = new java.util.concurrent.BlockingQueue[size];
        for (int i = 0; i < size; i++) {
            queues[i] = bounded ? new ArrayBlockingQueue<>(1) : new LinkedBlockingQueue<>();
        }
        int[] last = new int[1];
        Thread[] threads = new Thread[size];
        for (int i = 0; i < size; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                try {
                    while (true) {
                        int token = queues[me].take();
                        if (token < 0) return;
                        if (token == 0) {
                            last[0] = me;
                            for (java.util.concurrent.BlockingQueue<Integer> q : queues) {
                                if (q != queues[me]) q.put(-1);
                            }
                            return;
                        }
                        queues[(me + 1) % size].put(token - 1);
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
            threads[i].start();
        }
        queues[0].put(passes);
        // Meanwhile the main thread allocates on its own, so that collections (and GC stress's)
        // stop the world while the ring's threads are parked or passing the token.
        long churned = 0;
        for (int i = 0; i < 20000; i++) {
            long[] pair = new long[] {i, passes};
            churned += pair[0] ^ pair[1];
        }
        for (Thread t : threads) t.join();
        System.out.println(name + " ring of " + size + ": last holder " + last[0] + " (expected " + (passes % size) + "), main churned " + churned);
    }
}
