package java.util;

/**
 * A task for a Timer, run once or repeatedly. `state` moves from VIRGIN to SCHEDULED, then to
 * EXECUTED (a one-shot task that ran) or CANCELLED; `nextExecutionTime` is in
 * System.currentTimeMillis, `period` is positive for fixed-rate, negative for fixed-delay
 * and 0 for one-shot tasks. All under `lock`.
 */
public abstract class TimerTask implements Runnable {
    static final int VIRGIN = 0;
    static final int SCHEDULED = 1;
    static final int EXECUTED = 2;
    static final int CANCELLED = 3;

    final Object lock = new Object();
    int state = VIRGIN;
    long nextExecutionTime;
    long period;

    protected TimerTask() {
    }

    public abstract void run();

    public boolean cancel() {
        synchronized (lock) {
            boolean result = state == SCHEDULED;
            state = CANCELLED;
            return result;
        }
    }

    public long scheduledExecutionTime() {
        synchronized (lock) {
            return period < 0 ? nextExecutionTime + period : nextExecutionTime - period;
        }
    }
}
