package java.util.concurrent;

import java.util.Random;

/**
 * A random number generator per thread (gcvm: one java.util.Random per thread, seeded from the
 * clock and the thread; sequences differ from the JDK's, which are unseeded anyway).
 * setSeed throws UnsupportedOperationException as in the JDK.
 */
public class ThreadLocalRandom extends Random {
    private static final ThreadLocal<ThreadLocalRandom> RANDOMS = new ThreadLocal<ThreadLocalRandom>() {
        protected ThreadLocalRandom initialValue() {
            return new ThreadLocalRandom(System.nanoTime() ^ (31L * Thread.currentThread().getId()));
        }
    };

    private boolean initialized;

    private ThreadLocalRandom(long seed) {
        super(seed);
        initialized = true;
    }

    public static ThreadLocalRandom current() {
        return RANDOMS.get();
    }

    public void setSeed(long seed) {
        if (initialized) {
            throw new UnsupportedOperationException();
        }
        super.setSeed(seed);
    }
}
