// Threads: a bounded buffer with wait/notifyAll, several producers and consumers, timed waits.
import java.util.ArrayDeque;

public class ProducerConsumer {
    static final class Buffer {
        private final ArrayDeque<Integer> items = new ArrayDeque<>();
        private final int capacity;
        Buffer(int capacity) { this.capacity = capacity; }
        synchronized void put(int v) throws InterruptedException {
            while (items.size() == capacity) wait();
            items.addLast(v);
            notifyAll();
        }
        synchronized int take() throws InterruptedException {
            while (items.isEmpty()) wait();
            int v = items.removeFirst();
            notifyAll();
            return v;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Buffer buffer = new Buffer(8);
        int producers = 3, consumers = 3, perProducer = 5000;
        long[] sums = new long[consumers];
        Thread[] ps = new Thread[producers];
        Thread[] cs = new Thread[consumers];
        for (int p = 0; p < producers; p++) {
            final int base = p * perProducer;
            ps[p] = new Thread(() -> {
                try {
                    for (int i = 0; i < perProducer; i++) buffer.put(base + i);
                } catch (InterruptedException e) { throw new RuntimeException(e); }
            });
        }
        for (int c = 0; c < consumers; c++) {
            final int id = c;
            cs[c] = new Thread(() -> {
                try {
                    for (int i = 0; i < perProducer; i++) sums[id] += buffer.take();
                } catch (InterruptedException e) { throw new RuntimeException(e); }
            });
        }
        for (Thread t : cs) t.start();
        for (Thread t : ps) t.start();
        for (Thread t : ps) t.join();
        for (Thread t : cs) t.join();
        long total = 0;
        for (long s : sums) total += s;
        long n = (long) producers * perProducer;
        System.out.println("total " + total + " expected " + (n * (n - 1) / 2));
        Object o = new Object();
        synchronized (o) {
            long before = System.nanoTime();
            o.wait(30);
            System.out.println("timed wait returned " + (System.nanoTime() - before >= 20_000_000L));
        }
        try {
            o.notify();
        } catch (IllegalMonitorStateException e) {
            System.out.println("notify without owning: " + e.getClass().getSimpleName());
        }
    }
}
