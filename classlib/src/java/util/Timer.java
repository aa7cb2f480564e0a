package java.util;

/**
 * Runs TimerTasks on one background thread ("Timer-N", started by the constructor), as the
 * JDK's: the tasks wait in a binary heap ordered by next execution time (the JDK's TaskQueue,
 * 1-based, so tasks due at the same millisecond run in the same order); the thread waits on
 * the queue's monitor for the earliest (it is the only thread that waits there, so notify
 * wakes just it), runs each due task and reschedules a periodic one (fixed rate: from its
 * previous execution time; fixed delay: from now). A task that throws kills the timer: the
 * thread ends and later scheduling throws IllegalStateException("Timer already cancelled.").
 * The schedule methods taking a java.util.Date are not provided (gcvm has no Date).
 */
public class Timer {
    private static int nextSerialNumber;

    private final TaskQueue queue = new TaskQueue();
    private final TimerThread thread = new TimerThread(queue);

    private static synchronized int serialNumber() {
        return nextSerialNumber++;
    }

    public Timer() {
        this("Timer-" + serialNumber());
    }

    public Timer(boolean isDaemon) {
        this("Timer-" + serialNumber(), isDaemon);
    }

    public Timer(String name) {
        this(name, false);
    }

    public Timer(String name, boolean isDaemon) {
        thread.setName(name);
        thread.setDaemon(isDaemon);
        thread.start();
    }

    public void schedule(TimerTask task, long delay) {
        if (delay < 0) {
            throw new IllegalArgumentException("Negative delay.");
        }
        sched(task, System.currentTimeMillis() + delay, 0);
    }

    public void schedule(TimerTask task, long delay, long period) {
        if (delay < 0) {
            throw new IllegalArgumentException("Negative delay.");
        }
        if (period <= 0) {
            throw new IllegalArgumentException("Non-positive period.");
        }
        sched(task, System.currentTimeMillis() + delay, -period);
    }

    public void scheduleAtFixedRate(TimerTask task, long delay, long period) {
        if (delay < 0) {
            throw new IllegalArgumentException("Negative delay.");
        }
        if (period <= 0) {
            throw new IllegalArgumentException("Non-positive period.");
        }
        sched(task, System.currentTimeMillis() + delay, period);
    }

    private void sched(TimerTask task, long time, long period) {
        if (time < 0) {
            throw new IllegalArgumentException("Illegal execution time.");
        }
        if (Math.abs(period) > (Long.MAX_VALUE >> 1)) {
            period >>= 1;
        }
        synchronized (queue) {
            if (!thread.newTasksMayBeScheduled) {
                throw new IllegalStateException("Timer already cancelled.");
            }
            synchronized (task.lock) {
                if (task.state != TimerTask.VIRGIN) {
                    throw new IllegalStateException("Task already scheduled or cancelled");
                }
                task.nextExecutionTime = time;
                task.period = period;
                task.state = TimerTask.SCHEDULED;
            }
            queue.add(task);
            if (queue.getMin() == task) {
                queue.notify();
            }
        }
    }

    public void cancel() {
        synchronized (queue) {
            thread.newTasksMayBeScheduled = false;
            queue.clear();
            queue.notify();
        }
    }

    public int purge() {
        int result = 0;
        synchronized (queue) {
            for (int i = queue.size(); i > 0; i--) {
                if (queue.get(i).state == TimerTask.CANCELLED) {
                    queue.quickRemove(i);
                    result++;
                }
            }
            if (result != 0) {
                queue.heapify();
            }
        }
        return result;
    }

    /** The timer's thread: waits for the earliest task, runs it, reschedules it if periodic. */
    private static final class TimerThread extends Thread {
        boolean newTasksMayBeScheduled = true;
        private final TaskQueue queue;

        TimerThread(TaskQueue queue) {
            this.queue = queue;
        }

        public void run() {
            try {
                mainLoop();
            } finally {
                synchronized (queue) {
                    newTasksMayBeScheduled = false;
                    queue.clear();
                }
            }
        }

        private void mainLoop() {
            while (true) {
                try {
                    TimerTask task;
                    boolean taskFired;
                    synchronized (queue) {
                        while (queue.isEmpty() && newTasksMayBeScheduled) {
                            queue.wait();
                        }
                        if (queue.isEmpty()) {
                            break;
                        }
                        long currentTime;
                        long executionTime;
                        task = queue.getMin();
                        synchronized (task.lock) {
                            if (task.state == TimerTask.CANCELLED) {
                                queue.removeMin();
                                continue;
                            }
                            currentTime = System.currentTimeMillis();
                            executionTime = task.nextExecutionTime;
                            taskFired = executionTime <= currentTime;
                            if (taskFired) {
                                if (task.period == 0) {
                                    queue.removeMin();
                                    task.state = TimerTask.EXECUTED;
                                } else {
                                    queue.rescheduleMin(task.period < 0 ? currentTime - task.period : executionTime + task.period);
                                }
                            }
                        }
                        if (!taskFired) {
                            queue.wait(executionTime - currentTime);
                        }
                    }
                    if (taskFired) {
                        task.run();
                    }
                } catch (InterruptedException e) {
                    // as the JDK's: an interrupt of the timer thread is ignored
                }
            }
        }
    }

    /** A 1-based binary min-heap of tasks by nextExecutionTime (the JDK's TaskQueue). */
    private static final class TaskQueue {
        private TimerTask[] queue = new TimerTask[128];
        private int size;

        int size() {
            return size;
        }

        void add(TimerTask task) {
            if (size + 1 == queue.length) {
                queue = Arrays.copyOf(queue, 2 * queue.length);
            }
            queue[++size] = task;
            fixUp(size);
        }

        TimerTask getMin() {
            return queue[1];
        }

        TimerTask get(int i) {
            return queue[i];
        }

        void removeMin() {
            queue[1] = queue[size];
            queue[size--] = null;
            fixDown(1);
        }

        void quickRemove(int i) {
            queue[i] = queue[size];
            queue[size--] = null;
        }

        void rescheduleMin(long newTime) {
            queue[1].nextExecutionTime = newTime;
            fixDown(1);
        }

        boolean isEmpty() {
            return size == 0;
        }

        void clear() {
            for (int i = 1; i <= size; i++) {
                queue[i] = null;
            }
            size = 0;
        }

        private void swap(int i, int j) {
            TimerTask tmp = queue[i];
            queue[i] = queue[j];
            queue[j] = tmp;
        }

        private void fixUp(int k) {
            while (k > 1) {
                int j = k >> 1;
                if (queue[j].nextExecutionTime <= queue[k].nextExecutionTime) {
                    break;
                }
                swap(j, k);
                k = j;
            }
        }

        private void fixDown(int k) {
            int j;
            while ((j = k << 1) <= size && j > 0) {
                if (j < size && queue[j].nextExecutionTime > queue[j + 1].nextExecutionTime) {
                    j++;
                }
                if (queue[k].nextExecutionTime <= queue[j].nextExecutionTime) {
                    break;
                }
                swap(k, j);
                k = j;
            }
        }

        void heapify() {
            for (int i = size / 2; i >= 1; i--) {
                fixDown(i);
            }
        }
    }
}
