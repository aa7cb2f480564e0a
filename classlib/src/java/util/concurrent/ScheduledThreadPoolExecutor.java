package java.util.concurrent;

import java.util.AbstractQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicLong;
import jdk.internal.gcvm.WaitQueue;

/**
 * A ThreadPoolExecutor whose queue orders tasks by the time they are due, as the JDK's: core
 * threads are started as tasks are scheduled (never more than the core size), every task is a
 * ScheduledFutureTask (due time in System.nanoTime, then the order of scheduling), a periodic
 * task puts itself back with its next due time after each run (fixed rate: the previous due
 * time plus the period; fixed delay: the end of the run plus the delay) and stops at its first
 * exception. After shutdown, delayed one-shot tasks still run and periodic ones are cancelled
 * (both policies settable). Waiting for the next due task follows the JDK's leader pattern on
 * a {@link WaitQueue}: only the first waiting worker parks until the head is due; the others
 * park until signalled, and each wake-up is handed to one thread.
 */
public class ScheduledThreadPoolExecutor extends ThreadPoolExecutor implements ScheduledExecutorService {
    private static final AtomicLong sequencer = new AtomicLong();
    private static final long DEFAULT_KEEPALIVE_MILLIS = 10L;

    private volatile boolean continueExistingPeriodicTasksAfterShutdown;
    private volatile boolean executeExistingDelayedTasksAfterShutdown = true;
    private volatile boolean removeOnCancel;
    private volatile boolean stopped;

    public ScheduledThreadPoolExecutor(int corePoolSize) {
        super(corePoolSize, Integer.MAX_VALUE, DEFAULT_KEEPALIVE_MILLIS, TimeUnit.MILLISECONDS, new DelayedWorkQueue());
    }

    public ScheduledThreadPoolExecutor(int corePoolSize, ThreadFactory threadFactory) {
        super(corePoolSize, Integer.MAX_VALUE, DEFAULT_KEEPALIVE_MILLIS, TimeUnit.MILLISECONDS, new DelayedWorkQueue(), threadFactory);
    }

    /** A task with its due time; `period` > 0 fixed rate, < 0 fixed delay, 0 once. */
    private class ScheduledFutureTask<V> extends FutureTask<V> implements RunnableScheduledFuture<V> {
        private final long sequenceNumber;
        private volatile long time;
        private final long period;
        /** The task put back in the queue for the next run (decorateTask may wrap this one). */
        RunnableScheduledFuture<V> outerTask = this;

        ScheduledFutureTask(Runnable r, V result, long triggerTime, long period) {
            super(r, result);
            this.time = triggerTime;
            this.period = period;
            this.sequenceNumber = sequencer.getAndIncrement();
        }

        ScheduledFutureTask(Callable<V> callable, long triggerTime) {
            super(callable);
            this.time = triggerTime;
            this.period = 0;
            this.sequenceNumber = sequencer.getAndIncrement();
        }

        public long getDelay(TimeUnit unit) {
            return unit.convert(time - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        public int compareTo(Delayed other) {
            if (other == this) {
                return 0;
            }
            if (other instanceof ScheduledFutureTask) {
                ScheduledFutureTask<?> x = (ScheduledFutureTask<?>) other;
                long diff = time - x.time;
                if (diff < 0) {
                    return -1;
                } else if (diff > 0) {
                    return 1;
                }
                return sequenceNumber < x.sequenceNumber ? -1 : 1;
            }
            long diff = getDelay(TimeUnit.NANOSECONDS) - other.getDelay(TimeUnit.NANOSECONDS);
            return diff < 0 ? -1 : (diff > 0 ? 1 : 0);
        }

        public boolean isPeriodic() {
            return period != 0;
        }

        private void setNextRunTime() {
            long p = period;
            time = p > 0 ? time + p : triggerTime(-p);
        }

        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            if (cancelled && removeOnCancel) {
                remove(this);
            }
            return cancelled;
        }

        public void run() {
            if (!canRunInCurrentRunState(this)) {
                cancel(false);
            } else if (!isPeriodic()) {
                super.run();
            } else if (super.runAndReset()) {
                setNextRunTime();
                reExecutePeriodic(outerTask);
            }
        }
    }

    private boolean canRunInCurrentRunState(RunnableScheduledFuture<?> task) {
        if (!isShutdown()) {
            return true;
        }
        if (stopped) {
            return false;
        }
        return task.isPeriodic() ? continueExistingPeriodicTasksAfterShutdown
            : (executeExistingDelayedTasksAfterShutdown || task.getDelay(TimeUnit.NANOSECONDS) <= 0);
    }

    private void delayedExecute(RunnableScheduledFuture<?> task) {
        if (isShutdown()) {
            throw new RejectedExecutionException("Task " + task + " rejected from " + this);
        }
        getQueue().add(task);
        if (!canRunInCurrentRunState(task) && remove(task)) {
            task.cancel(false);
        } else {
            ensurePrestart();
        }
    }

    private void reExecutePeriodic(RunnableScheduledFuture<?> task) {
        if (canRunInCurrentRunState(task)) {
            getQueue().add(task);
            if (canRunInCurrentRunState(task) || !remove(task)) {
                ensurePrestart();
                return;
            }
        }
        task.cancel(false);
    }

    /** Drops, at shutdown, the tasks the policies say not to run, and cancelled ones. */
    void onShutdown() {
        BlockingQueue<Runnable> q = getQueue();
        boolean keepDelayed = executeExistingDelayedTasksAfterShutdown;
        boolean keepPeriodic = continueExistingPeriodicTasksAfterShutdown;
        for (Object e : q.toArray()) {
            if (e instanceof RunnableScheduledFuture) {
                RunnableScheduledFuture<?> t = (RunnableScheduledFuture<?>) e;
                boolean drop = t.isPeriodic() ? !keepPeriodic : (!keepDelayed && t.getDelay(TimeUnit.NANOSECONDS) > 0);
                if ((drop || t.isCancelled()) && q.remove(t)) {
                    t.cancel(false);
                }
            }
        }
    }

    protected <V> RunnableScheduledFuture<V> decorateTask(Runnable runnable, RunnableScheduledFuture<V> task) {
        return task;
    }

    protected <V> RunnableScheduledFuture<V> decorateTask(Callable<V> callable, RunnableScheduledFuture<V> task) {
        return task;
    }

    private static long triggerTime(long delay) {
        long now = System.nanoTime();
        return now + (delay < (Long.MAX_VALUE >> 1) ? delay : Long.MAX_VALUE >> 1);
    }

    private static long triggerTime(long delay, TimeUnit unit) {
        return triggerTime(unit.toNanos(delay < 0 ? 0 : delay));
    }

    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        if (command == null || unit == null) {
            throw new NullPointerException();
        }
        RunnableScheduledFuture<Void> t = decorateTask(command,
            new ScheduledFutureTask<Void>(command, null, triggerTime(delay, unit), 0L));
        delayedExecute(t);
        return t;
    }

    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        if (callable == null || unit == null) {
            throw new NullPointerException();
        }
        RunnableScheduledFuture<V> t = decorateTask(callable,
            new ScheduledFutureTask<V>(callable, triggerTime(delay, unit)));
        delayedExecute(t);
        return t;
    }

    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return schedulePeriodic(command, initialDelay, period, unit, 1);
    }

    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        return schedulePeriodic(command, initialDelay, delay, unit, -1);
    }

    private ScheduledFuture<?> schedulePeriodic(Runnable command, long initialDelay, long period, TimeUnit unit, int sign) {
        if (command == null || unit == null) {
            throw new NullPointerException();
        }
        if (period <= 0L) {
            throw new IllegalArgumentException();
        }
        ScheduledFutureTask<Void> sft = new ScheduledFutureTask<Void>(command, null,
            triggerTime(initialDelay, unit), sign * unit.toNanos(period));
        RunnableScheduledFuture<Void> t = decorateTask(command, sft);
        sft.outerTask = t;
        delayedExecute(t);
        return t;
    }

    public void execute(Runnable command) {
        schedule(command, 0, TimeUnit.NANOSECONDS);
    }

    public Future<?> submit(Runnable task) {
        return schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    public <T> Future<T> submit(Runnable task, T result) {
        return schedule(Executors.callable(task, result), 0, TimeUnit.NANOSECONDS);
    }

    public <T> Future<T> submit(Callable<T> task) {
        return schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    public void setContinueExistingPeriodicTasksAfterShutdownPolicy(boolean value) {
        continueExistingPeriodicTasksAfterShutdown = value;
        if (!value && isShutdown()) {
            onShutdown();
        }
    }

    public boolean getContinueExistingPeriodicTasksAfterShutdownPolicy() {
        return continueExistingPeriodicTasksAfterShutdown;
    }

    public void setExecuteExistingDelayedTasksAfterShutdownPolicy(boolean value) {
        executeExistingDelayedTasksAfterShutdown = value;
        if (!value && isShutdown()) {
            onShutdown();
        }
    }

    public boolean getExecuteExistingDelayedTasksAfterShutdownPolicy() {
        return executeExistingDelayedTasksAfterShutdown;
    }

    public void setRemoveOnCancelPolicy(boolean value) {
        removeOnCancel = value;
    }

    public boolean getRemoveOnCancelPolicy() {
        return removeOnCancel;
    }

    public void shutdown() {
        super.shutdown();
    }

    public List<Runnable> shutdownNow() {
        stopped = true;
        return super.shutdownNow();
    }

    public BlockingQueue<Runnable> getQueue() {
        return super.getQueue();
    }

    /**
     * The scheduled tasks in due order (a PriorityQueue under the queue's monitor). take and
     * poll(timeout) wait for the head to be due: the first waiter (`leader`) parks until then,
     * the others until signalled. A new head, or the leader leaving with the queue non-empty,
     * signals one waiter, which becomes the leader.
     */
    static class DelayedWorkQueue extends AbstractQueue<Runnable> implements BlockingQueue<Runnable> {
        private final PriorityQueue<RunnableScheduledFuture<?>> heap = new PriorityQueue<RunnableScheduledFuture<?>>();
        private final WaitQueue available = new WaitQueue();
        private Thread leader;

        public synchronized boolean offer(Runnable x) {
            if (x == null) {
                throw new NullPointerException();
            }
            RunnableScheduledFuture<?> e = (RunnableScheduledFuture<?>) x;
            heap.add(e);
            if (heap.peek() == e) {
                leader = null;
                available.signal();
            }
            return true;
        }

        public void put(Runnable e) {
            offer(e);
        }

        public boolean add(Runnable e) {
            return offer(e);
        }

        public boolean offer(Runnable e, long timeout, TimeUnit unit) {
            return offer(e);
        }

        public synchronized Runnable poll() {
            RunnableScheduledFuture<?> first = heap.peek();
            return first == null || first.getDelay(TimeUnit.NANOSECONDS) > 0 ? null : heap.poll();
        }

        public Runnable take() throws InterruptedException {
            return await(false, 0L);
        }

        public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
            return await(true, System.nanoTime() + unit.toNanos(timeout));
        }

        /** The head once it is due (null if `deadline` passes first, when `timed`). */
        private Runnable await(boolean timed, long deadline) throws InterruptedException {
            Thread me = Thread.currentThread();
            WaitQueue.Waiter w = null;
            Runnable taken = null;
            try {
                while (true) {
                    long parkUntil;
                    boolean parkTimed;
                    synchronized (this) {
                        RunnableScheduledFuture<?> first = heap.peek();
                        long now = System.nanoTime();
                        if (first != null && first.getDelay(TimeUnit.NANOSECONDS) <= 0) {
                            taken = heap.poll();
                            return taken;
                        }
                        if (timed && deadline - now <= 0) {
                            return null;
                        }
                        parkTimed = timed;
                        parkUntil = deadline;
                        if (first != null && leader == null) {
                            leader = me;
                            long due = now + first.getDelay(TimeUnit.NANOSECONDS);
                            if (!timed || due - deadline < 0) {
                                parkUntil = due;
                            }
                            parkTimed = true;
                        }
                        w = available.add(w);
                    }
                    WaitQueue.park(this, parkTimed, parkUntil);
                    synchronized (this) {
                        if (leader == me) {
                            leader = null;
                        }
                    }
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
            } finally {
                synchronized (this) {
                    available.leave(w, taken == null);
                    if (leader == null && heap.peek() != null) {
                        available.signal();
                    }
                }
            }
        }

        public synchronized Runnable peek() {
            return heap.peek();
        }

        public synchronized int size() {
            return heap.size();
        }

        public synchronized boolean isEmpty() {
            return heap.isEmpty();
        }

        public int remainingCapacity() {
            return Integer.MAX_VALUE;
        }

        public synchronized boolean remove(Object o) {
            return heap.remove(o);
        }

        public synchronized boolean contains(Object o) {
            return heap.contains(o);
        }

        public synchronized void clear() {
            heap.clear();
        }

        public synchronized Object[] toArray() {
            return heap.toArray();
        }

        public synchronized <T> T[] toArray(T[] a) {
            return heap.toArray(a);
        }

        public synchronized int drainTo(Collection<? super Runnable> c) {
            return drainTo(c, Integer.MAX_VALUE);
        }

        public synchronized int drainTo(Collection<? super Runnable> c, int maxElements) {
            int n = 0;
            while (n < maxElements && !heap.isEmpty()) {
                c.add(heap.poll());
                n++;
            }
            return n;
        }

        public Iterator<Runnable> iterator() {
            ArrayList<Runnable> snapshot = new ArrayList<Runnable>();
            synchronized (this) {
                for (RunnableScheduledFuture<?> t : heap) {
                    snapshot.add(t);
                }
            }
            return snapshot.iterator();
        }
    }
}
