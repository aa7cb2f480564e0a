package java.util.concurrent;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * gcvm's ForkJoinPool is an ordinary thread pool (no work stealing, no ForkJoinTask): enough
 * for the common pool CompletableFuture's async methods run on. Its workers are daemon threads
 * named ForkJoinPool.commonPool-worker-N (common pool) or ForkJoinPool-N-worker-M.
 */
public class ForkJoinPool extends AbstractExecutorService {
    private static final AtomicInteger poolNumber = new AtomicInteger(1);
    private static ForkJoinPool common;

    private final ThreadPoolExecutor executor;
    private final int parallelism;
    private final boolean isCommon;

    public ForkJoinPool() {
        this(Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    public ForkJoinPool(int parallelism) {
        this(parallelism, "ForkJoinPool-" + poolNumber.getAndIncrement() + "-worker-", false);
    }

    private ForkJoinPool(int parallelism, String prefix, boolean isCommon) {
        if (parallelism <= 0) {
            throw new IllegalArgumentException();
        }
        this.parallelism = parallelism;
        this.isCommon = isCommon;
        this.executor = new ThreadPoolExecutor(parallelism, parallelism, 60L, TimeUnit.SECONDS,
                new LinkedBlockingQueue<Runnable>(), new WorkerFactory(prefix));
    }

    private static final class WorkerFactory implements ThreadFactory {
        private final String prefix;
        private final AtomicInteger next = new AtomicInteger(1);

        WorkerFactory(String prefix) {
            this.prefix = prefix;
        }

        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, prefix + next.getAndIncrement());
            t.setDaemon(true);
            return t;
        }
    }

    public static synchronized ForkJoinPool commonPool() {
        if (common == null) {
            int p = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
            common = new ForkJoinPool(p, "ForkJoinPool.commonPool-worker-", true);
        }
        return common;
    }

    public static int getCommonPoolParallelism() {
        return commonPool().parallelism;
    }

    public int getParallelism() {
        return parallelism;
    }

    public void execute(Runnable task) {
        executor.execute(task);
    }

    public void shutdown() {
        if (!isCommon) {
            executor.shutdown();
        }
    }

    public java.util.List<Runnable> shutdownNow() {
        if (isCommon) {
            return new java.util.ArrayList<Runnable>();
        }
        return executor.shutdownNow();
    }

    public boolean isShutdown() {
        return executor.isShutdown();
    }

    public boolean isTerminated() {
        return executor.isTerminated();
    }

    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        if (isCommon) {
            return awaitQuiescence(timeout, unit);
        }
        return executor.awaitTermination(timeout, unit);
    }

    public boolean awaitQuiescence(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (executor.getActiveCount() > 0 || !executor.getQueue().isEmpty()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.yield();
        }
        return true;
    }
}
