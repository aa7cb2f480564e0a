/*
 * MultiThreadAlloc -- four threads allocating concurrently.
 *
 * GC behaviour exercised:
 *   - Concurrent allocation from several mutator threads (thread-local
 *     allocation buffers, allocation-path contention, stopping all threads
 *     at a safepoint for a collection, scanning several thread stacks as
 *     roots).
 *   - Each thread builds short-lived binary trees, boxed-integer lists that
 *     it sorts, and LinkedList work queues, and keeps a per-thread ring of
 *     recent results alive for a while (medium-lived data owned by one
 *     thread).
 *   - Shared, long-lived state mutated by all threads: a synchronized
 *     HashMap of per-key totals (monitor contention; a long-lived table
 *     pointing to young boxes created by any thread) and AtomicLong /
 *     AtomicInteger counters.
 *
 * Determinism: each thread uses its own seeded Random and computes its own
 *   checksum; shared state is only combined with commutative operations
 *   (sums), so the result does not depend on scheduling.  Per-thread results
 *   are printed in thread order after join().
 *
 * Size argument (args[0], default 8): each of the 4 threads runs
 *   35 * size - 25 rounds (10 at size 1, 255 at the default size); a round allocates a tree of depth 10-12 (2-8K nodes), a sorted
 *   list of 400 boxed Integers and a LinkedList queue of 300 elements.
 * Threads (args[1], default 4): more threads, each running the same rounds
 *   (the time to safepoint with more runnable threads than cores).
 * Peak live size at the default size: about 2 MB (four threads' rings of
 *   recent results, one tree per thread, and the shared map).
 *
 * Prints: one line per thread (rounds, nodes, checksum), the shared totals
 *   and a combined checksum.
 */
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

public class MultiThreadAlloc {

    static final class Node {
        final Node left;
        final Node right;
        final int value;

        Node(Node left, Node right, int value) {
            this.left = left;
            this.right = right;
            this.value = value;
        }
    }

    static final class Result {
        final int round;
        final long digest;
        final int[] sample;

        Result(int round, long digest, int[] sample) {
            this.round = round;
            this.digest = digest;
            this.sample = sample;
        }
    }

    /** Shared state, updated under a monitor. */
    static final class SharedTotals {
        private final HashMap<Integer, Long> totals = new HashMap<>();
        private long updates;

        synchronized void add(int key, long amount) {
            totals.merge(Integer.valueOf(key), Long.valueOf(amount), Long::sum);
            updates++;
        }

        synchronized long sum() {
            long s = 0;
            for (Map.Entry<Integer, Long> e : totals.entrySet()) {
                s += e.getKey() * 1000003L + e.getValue();
            }
            return s;
        }

        synchronized int size() {
            return totals.size();
        }

        synchronized long updates() {
            return updates;
        }
    }

    static final AtomicLong TOTAL_NODES = new AtomicLong();
    static final AtomicInteger ROUNDS_DONE = new AtomicInteger();
    static final SharedTotals SHARED = new SharedTotals();

    static Node build(int depth, int base) {
        if (depth == 0) {
            return new Node(null, null, base);
        }
        return new Node(build(depth - 1, base * 2), build(depth - 1, base * 2 + 1), base);
    }

    static long check(Node n, long[] count) {
        long h = 0;
        while (n != null) {
            count[0]++;
            h = h * 31 + n.value;
            h += check(n.left, count);
            n = n.right;
        }
        return h;
    }

    static final class Worker implements Runnable {
        final int index;
        final int rounds;
        long checksum;
        long nodes;

        Worker(int index, int rounds) {
            this.index = index;
            this.rounds = rounds;
        }

        @Override
        public void run() {
            Random rnd = new Random(1000L + index);
            Result[] ring = new Result[32];
            long[] count = new long[1];
            long h = index;
            for (int r = 0; r < rounds; r++) {
                // 1. A short-lived tree.
                int depth = 10 + rnd.nextInt(3);
                count[0] = 0;
                Node tree = build(depth, 1 + r);
                long th = check(tree, count);
                tree = null;
                nodes += count[0];
                TOTAL_NODES.addAndGet(count[0]);

                // 2. A list of boxed integers, sorted.
                ArrayList<Integer> list = new ArrayList<>();
                for (int i = 0; i < 400; i++) {
                    list.add(Integer.valueOf(rnd.nextInt(1_000_000)));
                }
                Collections.sort(list);
                long lh = 0;
                for (int i = 0; i < list.size(); i += 10) {
                    lh = lh * 17 + list.get(i);
                }

                // 3. A LinkedList work queue.
                LinkedList<int[]> queue = new LinkedList<>();
                long qh = 0;
                for (int i = 0; i < 300; i++) {
                    queue.addLast(new int[] {i, r, index});
                    if ((i & 3) == 3) {
                        int[] a = queue.removeFirst();
                        qh += a[0] * 3 + a[1];
                    }
                }
                while (!queue.isEmpty()) {
                    qh += queue.removeLast()[0];
                }

                long digest = th ^ (lh * 7) ^ (qh << 3);
                int[] sample = new int[8];
                for (int i = 0; i < sample.length; i++) {
                    sample[i] = list.get(i * 50);
                }
                ring[r % ring.length] = new Result(r, digest, sample);
                Result old = ring[(r + 1) % ring.length];
                if (old != null) {
                    digest += old.digest + old.sample[3];
                }
                h = h * 1000003 + digest;

                for (int i = 0; i < sample.length; i++) {
                    SHARED.add(rnd.nextInt(500), (digest >>> (i * 8)) & 0xFF);
                }
                ROUNDS_DONE.incrementAndGet();
            }
            checksum = h;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int threadCount = args.length > 1 ? Math.max(1, Integer.parseInt(args[1])) : 4;
        int rounds = 35 * size - 25;
        Worker[] workers = new Worker[threadCount];
        Thread[] threads = new Thread[threadCount];
        for (int i = 0; i < threadCount; i++) {
            workers[i] = new Worker(i, rounds);
            threads[i] = new Thread(workers[i]);
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }

        System.out.println("MultiThreadAlloc size=" + size + " threads=" + threadCount + " rounds=" + rounds);
        long combined = 0;
        for (int i = 0; i < threadCount; i++) {
            Worker w = workers[i];
            System.out.println("thread " + i + ": nodes " + w.nodes + " checksum " + Long.toString(w.checksum));
            combined = combined * 31 + w.checksum;
        }
        System.out.println("total nodes " + TOTAL_NODES.get() + ", rounds " + ROUNDS_DONE.get());
        System.out.println("shared map: keys " + SHARED.size() + ", updates " + SHARED.updates()
                + ", sum " + SHARED.sum());
        System.out.println("checksum " + Long.toString(combined ^ SHARED.sum()));
    }
}
