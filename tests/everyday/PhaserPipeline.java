import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicLong;

/** Producers and consumers that advance in rounds: a Phaser keeps every worker on the same
 * round, a BlockingQueue carries the items, and each round's totals are checked. */
public class PhaserPipeline {
    static final int PRODUCERS = 3, CONSUMERS = 2, ROUNDS = 5, ITEMS = 40;
    static final Integer POISON = Integer.MIN_VALUE;

    public static void main(String[] args) throws Exception {
        Phaser phaser = new Phaser(1) {
            @Override protected boolean onAdvance(int phase, int parties) {
                return phase + 1 >= ROUNDS || parties == 0;
            }
        };
        BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(16);
        long[][] produced = new long[ROUNDS][PRODUCERS];
        List<Thread> threads = new ArrayList<>();

        for (int p = 0; p < PRODUCERS; p++) {
            final int id = p;
            phaser.register();
            threads.add(new Thread(() -> {
                Random random = new Random(id);
                for (int round = 0; round < ROUNDS; round++) {
                    for (int i = 0; i < ITEMS; i++) {
                        int item = random.nextInt(1000);
                        produced[round][id] += item;
                        try { queue.put(item); } catch (InterruptedException e) { return; }
                    }
                    phaser.arriveAndAwaitAdvance();
                }
                phaser.arriveAndDeregister();
            }, "producer-" + p));
        }
        for (int c = 0; c < CONSUMERS; c++) {
            threads.add(new Thread(() -> {
                try {
                    while (true) {
                        Integer item = queue.take();
                        if (item.equals(POISON)) return;
                        total.addAndGet(item);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "consumer-" + c));
        }
        for (Thread t : threads) t.start();

        for (int round = 0; round < ROUNDS; round++) {
            // After the last round the phaser terminates, and what arriveAndAwaitAdvance returns
            // then depends on which party arrived last (the next phase, or a negative one), in
            // Java itself: only the phases before it are printed.
            int phase = phaser.arriveAndAwaitAdvance();
            long sum = 0;
            for (long s : produced[round]) sum += s;
            String next = round + 1 < ROUNDS ? "next phase " + phase : "last round";
            System.out.println("round " + round + " done, " + next + ", produced " + sum);
        }
        for (int c = 0; c < CONSUMERS; c++) queue.put(POISON);
        for (Thread t : threads) t.join();
        long all = 0;
        for (long[] round : produced) for (long s : round) all += s;
        System.out.println("produced " + all + ", consumed " + total.get() + ", equal " + (all == total.get()));
        System.out.println("terminated " + phaser.isTerminated() + ", queue empty " + queue.isEmpty());

        // The same hand-off with an Exchanger: two threads swap full and empty buffers.
        Exchanger<List<Integer>> exchanger = new Exchanger<>();
        Thread filler = new Thread(() -> {
            List<Integer> buffer = new ArrayList<>();
            try {
                for (int i = 0; i < 30; i++) {
                    buffer.add(i * i);
                    if (buffer.size() == 10) buffer = exchanger.exchange(buffer);
                }
            } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
        });
        filler.start();
        List<Integer> empty = new ArrayList<>();
        for (int swap = 0; swap < 3; swap++) {
            List<Integer> full = exchanger.exchange(empty);
            int sum = 0;
            for (int x : full) sum += x;
            System.out.println("swap " + swap + ": " + full.size() + " items, sum " + sum);
            full.clear();
            empty = full;
        }
        filler.join();
    }

    static final AtomicLong total = new AtomicLong();
}
