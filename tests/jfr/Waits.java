/**
 * A program that does, once each, what a JFR recording reports about threads: a contended
 * monitor entry (main blocks on a lock "holder" keeps for 150 ms), a wait ended by another
 * thread's notify ("notifier", after 80 ms), a 60 ms sleep, a busy loop for the execution
 * sampler, small allocations (TLABs), one 4 MB array (outside a TLAB) and System.gc().
 * Run on gcvm and on HotSpot by tests/jfr.rs.
 */
public class Waits {
    static final Object lock = new Object();
    static final Object signal = new Object();
    static volatile boolean holding;
    static boolean ready;

    public static void main(String[] args) throws Exception {
        Thread holder = new Thread(Waits::holdTheLock, "holder");
        holder.start();
        while (!holding) {
            Thread.sleep(1);
        }
        synchronized (lock) {
            System.out.println("entered after the holder");
        }
        Thread notifier = new Thread(Waits::notifyLater, "notifier");
        notifier.start();
        synchronized (signal) {
            while (!ready) {
                signal.wait();
            }
        }
        System.out.println("notified");
        Thread.sleep(60);
        long sum = busyFor(300);
        sum += allocate(400_000);
        byte[] big = new byte[4 << 20];
        System.gc();
        holder.join();
        notifier.join();
        System.out.println("done " + (sum != 0) + " " + big.length);
    }

    static void holdTheLock() {
        synchronized (lock) {
            holding = true;
            sleepQuietly(150);
        }
    }

    static void notifyLater() {
        sleepQuietly(80);
        synchronized (signal) {
            ready = true;
            signal.notifyAll();
        }
    }

    static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }

    /** Computes for `millis` milliseconds: where execution samples land. */
    static long busyFor(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    /** Allocates `n` small arrays, each kept a while (so that no compiler removes them). */
    static long allocate(int n) {
        int[][] recent = new int[1024][];
        long total = 0;
        for (int i = 0; i < n; i++) {
            int[] a = new int[16];
            a[i % 16] = i;
            recent[i % recent.length] = a;
            total += recent[(i * 7) % recent.length] == null ? 0 : 1;
        }
        return total;
    }
}
