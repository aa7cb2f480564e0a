package java.util.concurrent;

/** A cancellable computation whose result is awaited with get() (one monitor). */
public class FutureTask<V> implements RunnableFuture<V> {
    private static final int NEW = 0;
    private static final int NORMAL = 1;
    private static final int EXCEPTIONAL = 2;
    private static final int CANCELLED = 3;

    private Callable<V> callable;
    private int state;
    private Object outcome;
    private Thread runner;

    public FutureTask(Callable<V> callable) {
        if (callable == null) {
            throw new NullPointerException();
        }
        this.callable = callable;
    }

    public FutureTask(Runnable runnable, V result) {
        this(new RunnableAdapter<V>(runnable, result));
    }

    static final class RunnableAdapter<T> implements Callable<T> {
        private final Runnable task;
        private final T result;

        RunnableAdapter(Runnable task, T result) {
            if (task == null) {
                throw new NullPointerException();
            }
            this.task = task;
            this.result = result;
        }

        public T call() {
            task.run();
            return result;
        }
    }

    public synchronized boolean isCancelled() {
        return state == CANCELLED;
    }

    public synchronized boolean isDone() {
        return state != NEW;
    }

    public boolean cancel(boolean mayInterruptIfRunning) {
        Thread t;
        synchronized (this) {
            if (state != NEW) {
                return false;
            }
            state = CANCELLED;
            t = runner;
            notifyAll();
        }
        if (mayInterruptIfRunning && t != null) {
            t.interrupt();
        }
        done();
        return true;
    }

    @SuppressWarnings("unchecked")
    private V report() throws ExecutionException {
        if (state == NORMAL) {
            return (V) outcome;
        }
        if (state == CANCELLED) {
            throw new CancellationException();
        }
        throw new ExecutionException((Throwable) outcome);
    }

    public synchronized V get() throws InterruptedException, ExecutionException {
        while (state == NEW) {
            wait();
        }
        return report();
    }

    public synchronized V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (state == NEW) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new TimeoutException();
            }
            wait(Math.max(1L, left / 1000000L));
        }
        return report();
    }

    protected void done() {
    }

    protected void set(V v) {
        finish(NORMAL, v);
    }

    protected void setException(Throwable t) {
        finish(EXCEPTIONAL, t);
    }

    private void finish(int s, Object o) {
        synchronized (this) {
            if (state != NEW) {
                return;
            }
            state = s;
            outcome = o;
            notifyAll();
        }
        done();
    }

    public void run() {
        Callable<V> c;
        synchronized (this) {
            if (state != NEW || runner != null) {
                return;
            }
            runner = Thread.currentThread();
            c = callable;
        }
        try {
            V result;
            try {
                result = c.call();
            } catch (Throwable ex) {
                setException(ex);
                return;
            }
            set(result);
        } finally {
            synchronized (this) {
                runner = null;
            }
        }
    }

    /**
     * Runs the computation without setting a result (for tasks run repeatedly); true if it ran
     * and completed normally and the future is still not done.
     */
    protected boolean runAndReset() {
        Callable<V> c;
        synchronized (this) {
            if (state != NEW || runner != null) {
                return false;
            }
            runner = Thread.currentThread();
            c = callable;
        }
        try {
            try {
                c.call();
            } catch (Throwable ex) {
                setException(ex);
                return false;
            }
            synchronized (this) {
                return state == NEW;
            }
        } finally {
            synchronized (this) {
                runner = null;
            }
        }
    }

    public String toString() {
        String status;
        synchronized (this) {
            switch (state) {
                case NORMAL:
                    status = "[Completed normally]";
                    break;
                case EXCEPTIONAL:
                    status = "[Completed exceptionally: " + outcome + "]";
                    break;
                case CANCELLED:
                    status = "[Cancelled]";
                    break;
                default:
                    status = "[Not completed]";
            }
        }
        return super.toString() + status;
    }
}
