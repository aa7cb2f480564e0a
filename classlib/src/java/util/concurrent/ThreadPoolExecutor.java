package java.util.concurrent;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * A pool of worker threads taking tasks from a queue. As in the JDK: a new worker is started
 * for each task while fewer than corePoolSize run; then tasks are queued; if the queue refuses
 * (a SynchronousQueue with no idle worker, or a full bounded queue) a worker is added up to
 * maximumPoolSize, else the task is rejected with RejectedExecutionException. Workers beyond
 * the core size leave after keepAliveTime idle. Threads come from the ThreadFactory
 * (Executors.defaultThreadFactory: non-daemon "pool-N-thread-M"). As in the JDK, shutdown
 * interrupts only idle workers (a running task is not disturbed), shutdownNow every worker,
 * and a worker that exits during shutdown interrupts the idle ones, so none stays blocked
 * on an empty queue; a worker clears a stray interrupt before each task unless stopping.
 */
public class ThreadPoolExecutor extends AbstractExecutorService {
    private final BlockingQueue<Runnable> workQueue;
    private final ThreadFactory threadFactory;
    private final long keepAliveNanos;
    private int corePoolSize;
    private int maximumPoolSize;
    private final Object mainLock = new Object();
    private final HashSet<Worker> workers = new HashSet<Worker>();
    private int idle;
    private boolean shutdown;
    /** shutdownNow was called: queued tasks are dropped and workers interrupted. */
    private boolean stopped;
    private boolean terminated;
    private long completedTasks;
    private int largestPoolSize;

    public ThreadPoolExecutor(int corePoolSize, int maximumPoolSize, long keepAliveTime, TimeUnit unit, BlockingQueue<Runnable> workQueue) {
        this(corePoolSize, maximumPoolSize, keepAliveTime, unit, workQueue, Executors.defaultThreadFactory());
    }

    public ThreadPoolExecutor(int corePoolSize, int maximumPoolSize, long keepAliveTime, TimeUnit unit, BlockingQueue<Runnable> workQueue, ThreadFactory threadFactory) {
        if (corePoolSize < 0 || maximumPoolSize <= 0 || maximumPoolSize < corePoolSize || keepAliveTime < 0) {
            throw new IllegalArgumentException();
        }
        if (workQueue == null || threadFactory == null) {
            throw new NullPointerException();
        }
        this.corePoolSize = corePoolSize;
        this.maximumPoolSize = maximumPoolSize;
        this.workQueue = workQueue;
        this.keepAliveNanos = unit.toNanos(keepAliveTime);
        this.threadFactory = threadFactory;
    }

    private final class Worker implements Runnable {
        Runnable firstTask;
        Thread thread;
        /** Waiting for a task (under mainLock): shutdown may interrupt it. */
        boolean idle;

        Worker(Runnable firstTask) {
            this.firstTask = firstTask;
        }

        public void run() {
            runWorker(this);
        }
    }

    public void execute(Runnable command) {
        if (command == null) {
            throw new NullPointerException();
        }
        synchronized (mainLock) {
            if (shutdown) {
                throw new RejectedExecutionException("Task " + command + " rejected from " + this);
            }
            if (workers.size() < corePoolSize) {
                addWorker(command);
                return;
            }
            if (idle > 0 || !(workQueue instanceof SynchronousQueue)) {
                if (workQueue.offer(command)) {
                    return;
                }
            }
            if (workers.size() < maximumPoolSize) {
                addWorker(command);
                return;
            }
        }
        throw new RejectedExecutionException("Task " + command + " rejected from " + this);
    }

    /**
     * Starts a worker without a first task unless the pool already has its core threads (one,
     * if the core size is 0) or cannot take more tasks (ScheduledThreadPoolExecutor's queue is
     * filled directly, not through execute).
     */
    void ensurePrestart() {
        synchronized (mainLock) {
            int wc = workers.size();
            if ((wc < corePoolSize || wc == 0) && !(shutdown && (stopped || workQueue.isEmpty()))) {
                addWorker(null);
            }
        }
    }

    public boolean prestartCoreThread() {
        synchronized (mainLock) {
            if (workers.size() < corePoolSize && !shutdown) {
                addWorker(null);
                return true;
            }
            return false;
        }
    }

    public int prestartAllCoreThreads() {
        int n = 0;
        while (prestartCoreThread()) {
            n++;
        }
        return n;
    }

    public boolean remove(Runnable task) {
        boolean removed = workQueue.remove(task);
        synchronized (mainLock) {
            tryTerminate();
        }
        return removed;
    }

    /* Caller holds mainLock. */
    private void addWorker(Runnable first) {
        Worker w = new Worker(first);
        Thread t = threadFactory.newThread(w);
        w.thread = t;
        workers.add(w);
        if (workers.size() > largestPoolSize) {
            largestPoolSize = workers.size();
        }
        t.start();
    }

    private void runWorker(Worker w) {
        Runnable task = w.firstTask;
        w.firstTask = null;
        try {
            while (task != null || (task = getTask(w)) != null) {
                clearInterruptUnlessStopping();
                try {
                    beforeExecute(w.thread, task);
                    Throwable thrown = null;
                    try {
                        task.run();
                    } catch (RuntimeException x) {
                        thrown = x;
                        throw x;
                    } catch (Error x) {
                        thrown = x;
                        throw x;
                    } finally {
                        afterExecute(task, thrown);
                    }
                } finally {
                    task = null;
                    synchronized (mainLock) {
                        completedTasks++;
                    }
                }
            }
        } finally {
            synchronized (mainLock) {
                workers.remove(w);
                if (!shutdown && workers.size() < Math.min(corePoolSize, 1) && !workQueue.isEmpty()) {
                    addWorker(null);
                }
                if (shutdown) {
                    interruptIdleWorkers();
                }
                tryTerminate();
            }
        }
    }

    /** A task runs with the interrupt flag clear, unless the pool is stopping (shutdownNow). */
    private void clearInterruptUnlessStopping() {
        boolean stopping;
        synchronized (mainLock) {
            stopping = stopped;
        }
        if (stopping) {
            Thread.currentThread().interrupt();
        } else {
            Thread.interrupted();
        }
    }

    /* Caller holds mainLock. */
    private void interruptIdleWorkers() {
        for (Worker w : workers) {
            if (w.idle) {
                w.thread.interrupt();
            }
        }
    }

    /* The next task, or null when this worker should exit. */
    private Runnable getTask(Worker w) {
        while (true) {
            boolean timed;
            synchronized (mainLock) {
                if (stopped || (shutdown && workQueue.isEmpty())) {
                    return null;
                }
                timed = workers.size() > corePoolSize;
                idle++;
                w.idle = true;
            }
            Runnable r = null;
            boolean interrupted = false;
            try {
                r = timed ? workQueue.poll(keepAliveNanos, TimeUnit.NANOSECONDS) : workQueue.take();
            } catch (InterruptedException e) {
                interrupted = true;
            }
            synchronized (mainLock) {
                idle--;
                w.idle = false;
                if (r != null) {
                    return r;
                }
                if (timed && !interrupted && workers.size() > corePoolSize) {
                    return null;
                }
            }
        }
    }

    /* Caller holds mainLock. */
    private void tryTerminate() {
        if (shutdown && workers.isEmpty() && workQueue.isEmpty() && !terminated) {
            terminated = true;
            terminated();
            mainLock.notifyAll();
        }
    }

    protected void beforeExecute(Thread t, Runnable r) {
    }

    protected void afterExecute(Runnable r, Throwable t) {
    }

    protected void terminated() {
    }

    public void shutdown() {
        synchronized (mainLock) {
            shutdown = true;
            interruptIdleWorkers();
            onShutdown();
            tryTerminate();
        }
    }

    /** Called by shutdown with mainLock held (ScheduledThreadPoolExecutor drops tasks here). */
    void onShutdown() {
    }

    public List<Runnable> shutdownNow() {
        List<Runnable> pending = new ArrayList<Runnable>();
        synchronized (mainLock) {
            shutdown = true;
            stopped = true;
            workQueue.drainTo(pending);
            for (Runnable r : workQueue.toArray(new Runnable[0])) {
                if (workQueue.remove(r)) {
                    pending.add(r);
                }
            }
            for (Worker w : workers) {
                w.thread.interrupt();
            }
            tryTerminate();
        }
        return pending;
    }

    public boolean isShutdown() {
        synchronized (mainLock) {
            return shutdown;
        }
    }

    public boolean isTerminated() {
        synchronized (mainLock) {
            return terminated;
        }
    }

    public boolean isTerminating() {
        synchronized (mainLock) {
            return shutdown && !terminated;
        }
    }

    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (mainLock) {
            while (!terminated) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                mainLock.wait(Math.max(1L, left / 1000000L));
            }
            return true;
        }
    }

    public int getPoolSize() {
        synchronized (mainLock) {
            return workers.size();
        }
    }

    public int getLargestPoolSize() {
        synchronized (mainLock) {
            return largestPoolSize;
        }
    }

    public int getCorePoolSize() {
        return corePoolSize;
    }

    public int getMaximumPoolSize() {
        return maximumPoolSize;
    }

    public long getCompletedTaskCount() {
        synchronized (mainLock) {
            return completedTasks;
        }
    }

    public BlockingQueue<Runnable> getQueue() {
        return workQueue;
    }

    public String toString() {
        String state;
        int poolSize;
        int active;
        long completed;
        synchronized (mainLock) {
            state = terminated ? "Terminated" : shutdown ? "Shutting down" : "Running";
            poolSize = workers.size();
            active = poolSize - idle;
            completed = completedTasks;
        }
        return super.toString() + "[" + state + ", pool size = " + poolSize + ", active threads = " + active
            + ", queued tasks = " + workQueue.size() + ", completed tasks = " + completed + "]";
    }

    public int getActiveCount() {
        synchronized (mainLock) {
            return workers.size() - idle;
        }
    }
}
