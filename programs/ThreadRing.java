/*
 * ThreadRing -- hundreds of threads handing work to each other.
 *
 * Behaviour exercised:
 *   - Many threads, nearly all blocked at any moment: parking and waking one
 *     thread among 503 (monitors, LockSupport.park/unpark, executor queues,
 *     blocking queues), thread registration, and safepoints with hundreds of
 *     threads that are already safe (blocked) and a few that must be stopped.
 *   - Little allocation: boxed tokens, queue nodes, tasks and messages, so
 *     collections are rare and their time to safepoint shows.
 *
 * The benchmarks-game thread-ring (503 threads pass a token around a ring),
 * once per hand-off mechanism, then a 500-thread message-passing round:
 *   monitor  each thread waits on its own lock until the token arrives
 *            (synchronized / wait / notify);
 *   park     each thread parks until its slot holds the token
 *            (LockSupport.park / unpark);
 *   pool     a fixed pool of 503 threads runs a chain of tasks, each task
 *            submitting the next (Executors.newFixedThreadPool);
 *   queue    each thread takes the token from its own LinkedBlockingQueue and
 *            puts it into the next thread's;
 *   messages 500 threads with ArrayBlockingQueue mailboxes forward 2,000
 *            messages along fixed pseudo-random routes until each has made
 *            its hops.
 *
 * Determinism: the token's last holder depends only on the number of passes;
 *   each message's route depends only on its own number, and the routes'
 *   checksums are summed, so the output does not depend on scheduling.
 *
 * Size argument (args[0], default 8): the ring passes the token 2,500 * size
 *   times per mechanism (the pool: 1,000 * size tasks) and each message makes
 *   25 * size hops. args[1], if given, runs one mechanism only (monitor, park,
 *   pool, queue or messages).
 * Peak live size: well under 1 MB (the threads' stacks are outside the heap).
 *
 * Prints: one line per mechanism (its name, the last holder or the routes'
 *   checksum), then a combined checksum.
 */
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

public class ThreadRing {
    static final int RING = 503;
    /** Not a token: tells a thread the ring is done (tokens count down from the passes to 0). */
    static final int STOP = Integer.MAX_VALUE;

    public static void main(String[] args) throws Exception {
        int size = args.length > 0 ? Math.max(1, Integer.parseInt(args[0])) : 8;
        String only = args.length > 1 ? args[1] : null;
        int passes = 2500 * size;
        long checksum = 17;
        if (only == null || only.equals("monitor")) {
            checksum = report("monitor", monitorRing(passes), checksum);
        }
        if (only == null || only.equals("park")) {
            checksum = report("park", parkRing(passes), checksum);
        }
        if (only == null || only.equals("pool")) {
            checksum = report("pool", poolChain(1000 * size), checksum);
        }
        if (only == null || only.equals("queue")) {
            checksum = report("queue", queueRing(passes), checksum);
        }
        if (only == null || only.equals("messages")) {
            checksum = report("messages", messages(500, 2000, 25 * size), checksum);
        }
        System.out.println("checksum " + Long.toString(checksum));
    }

    static long report(String name, long result, long checksum) {
        System.out.println(name + " " + Long.toString(result));
        return checksum * 31 + result;
    }

    /** The holder after `passes` passes from thread 1: threads are numbered 1..RING. */
    static int expectedHolder(int passes) {
        return passes % RING + 1;
    }

    // ---- monitors: each thread waits on its own lock ----

    static final class Mailbox {
        int token = -1;
    }

    static long monitorRing(int passes) throws InterruptedException {
        Mailbox[] boxes = new Mailbox[RING];
        for (int i = 0; i < RING; i++) boxes[i] = new Mailbox();
        int[] last = new int[1];
        Thread[] threads = new Thread[RING];
        for (int i = 0; i < RING; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                Mailbox mine = boxes[me];
                Mailbox next = boxes[(me + 1) % RING];
                while (true) {
                    int token;
                    synchronized (mine) {
                        while (mine.token < 0) {
                            try {
                                mine.wait();
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                        token = mine.token;
                        mine.token = -1;
                    }
                    if (token == 0) {
                        last[0] = me + 1;
                        for (Mailbox b : boxes) {
                            synchronized (b) {
                                b.token = STOP;
                                b.notify();
                            }
                        }
                        return;
                    }
                    if (token == STOP) return;
                    synchronized (next) {
                        next.token = token - 1;
                        next.notify();
                    }
                }
            });
            threads[i].start();
        }
        synchronized (boxes[0]) {
            boxes[0].token = passes;
            boxes[0].notify();
        }
        for (Thread t : threads) t.join();
        check(last[0], passes);
        return last[0];
    }

    // ---- LockSupport.park / unpark ----

    static long parkRing(int passes) throws InterruptedException {
        int[] tokens = new int[RING];
        java.util.Arrays.fill(tokens, -1);
        Thread[] threads = new Thread[RING];
        int[] last = new int[1];
        Object lock = new Object();
        for (int i = 0; i < RING; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                int next = (me + 1) % RING;
                while (true) {
                    int token;
                    synchronized (lock) {
                        token = tokens[me];
                        tokens[me] = -1;
                    }
                    if (token < 0) {
                        LockSupport.park();
                        continue;
                    }
                    if (token == STOP) return;
                    if (token == 0) {
                        last[0] = me + 1;
                        for (int k = 0; k < RING; k++) {
                            synchronized (lock) {
                                tokens[k] = STOP;
                            }
                            LockSupport.unpark(threads[k]);
                        }
                        return;
                    }
                    synchronized (lock) {
                        tokens[next] = token - 1;
                    }
                    LockSupport.unpark(threads[next]);
                }
            });
        }
        for (Thread t : threads) t.start();
        synchronized (lock) {
            tokens[0] = passes;
        }
        LockSupport.unpark(threads[0]);
        for (Thread t : threads) t.join();
        check(last[0], passes);
        return last[0];
    }

    // ---- a fixed pool: each task submits the next ----

    static long poolChain(int tasks) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(RING);
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong sum = new AtomicLong();
        submitChain(pool, tasks, sum, done);
        done.await();
        pool.shutdown();
        return sum.get();
    }

    static void submitChain(ExecutorService pool, int left, AtomicLong sum, CountDownLatch done) {
        pool.execute(() -> {
            sum.addAndGet(left);
            if (left == 1) {
                done.countDown();
            } else {
                submitChain(pool, left - 1, sum, done);
            }
        });
    }

    // ---- blocking queues ----

    static long queueRing(int passes) throws InterruptedException {
        @SuppressWarnings("unchecked")
        LinkedBlockingQueue<Integer>[] queues = new LinkedBlockingQueue[RING];
        for (int i = 0; i < RING; i++) queues[i] = new LinkedBlockingQueue<>();
        int[] last = new int[1];
        Thread[] threads = new Thread[RING];
        for (int i = 0; i < RING; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                try {
                    while (true) {
                        int token = queues[me].take();
                        if (token == STOP) return;
                        if (token == 0) {
                            last[0] = me + 1;
                            for (LinkedBlockingQueue<Integer> q : queues) q.put(STOP);
                            return;
                        }
                        queues[(me + 1) % RING].put(token - 1);
                    }
                } catch (InterruptedException e) {
                    // not interrupted in this program
                }
            });
            threads[i].start();
        }
        queues[0].put(passes);
        for (Thread t : threads) t.join();
        check(last[0], passes);
        return last[0];
    }

    // ---- message passing between mailboxes ----

    static final class Message {
        final int id;
        int hops;
        long route;

        Message(int id, int hops) {
            this.id = id;
            this.hops = hops;
            this.route = id;
        }
    }

    static long messages(int actors, int count, int hops) throws InterruptedException {
        @SuppressWarnings("unchecked")
        ArrayBlockingQueue<Message>[] boxes = new ArrayBlockingQueue[actors];
        for (int i = 0; i < actors; i++) boxes[i] = new ArrayBlockingQueue<>(count + 1);
        AtomicLong routes = new AtomicLong();
        CountDownLatch arrived = new CountDownLatch(count);
        Thread[] threads = new Thread[actors];
        for (int i = 0; i < actors; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                try {
                    while (true) {
                        Message m = boxes[me].take();
                        if (m.id < 0) return;
                        m.route = m.route * 1_000_003L + me;
                        if (--m.hops == 0) {
                            routes.addAndGet(m.route);
                            arrived.countDown();
                        } else {
                            int to = (int) ((m.id * 7919L + m.hops * 104729L + me) % actors);
                            boxes[to].put(m);
                        }
                    }
                } catch (InterruptedException e) {
                    // not interrupted in this program
                }
            });
            threads[i].start();
        }
        for (int m = 0; m < count; m++) boxes[m % actors].put(new Message(m, hops));
        arrived.await();
        for (ArrayBlockingQueue<Message> box : boxes) box.put(new Message(-1, 0));
        for (Thread t : threads) t.join();
        return routes.get();
    }

    static void check(int holder, int passes) {
        if (holder != expectedHolder(passes)) {
            throw new AssertionError("holder " + holder + ", expected " + expectedHolder(passes));
        }
    }
}
