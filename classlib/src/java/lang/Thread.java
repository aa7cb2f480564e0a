package java.lang;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;

/**
 * Threads. gcvm contract: the first five instance fields are fixed (the VM reads {@code name},
 * {@code daemon}, {@code priority}, {@code tid}, {@code target}); the VM creates the main thread
 * object itself (name "main", tid 1). The VM must {@code notifyAll()} on a Thread object when
 * the thread terminates (join() waits on it, as in the JDK). For an uncaught exception the VM
 * may call {@link #dispatchUncaughtException(Throwable)}, which prints it the JDK's way.
 * There are no thread groups: toString always shows the group "main".
 */
public class Thread implements Runnable {

    private volatile String name;
    private boolean daemon;
    private int priority = 5;
    private long tid;
    private Runnable target;

    private boolean started;
    private volatile UncaughtExceptionHandler uncaughtExceptionHandler;
    /** This thread's ThreadLocal values (allocated lazily). */
    HashMap<ThreadLocal<?>, Object> threadLocals;

    public static final int MIN_PRIORITY = 1;
    public static final int NORM_PRIORITY = 5;
    public static final int MAX_PRIORITY = 10;

    private static int threadInitNumber;
    /** The main thread (created by the VM) has tid 1; threads created in Java start at 2. */
    private static long threadSeqNumber = 1;
    private static volatile UncaughtExceptionHandler defaultUncaughtExceptionHandler;

    private static synchronized int nextThreadNum() {
        return threadInitNumber++;
    }

    private static synchronized long nextThreadID() {
        return ++threadSeqNumber;
    }

    public Thread() {
        this(null, "Thread-" + nextThreadNum());
    }

    public Thread(Runnable target) {
        this(target, "Thread-" + nextThreadNum());
    }

    public Thread(String name) {
        this(null, name);
    }

    public Thread(Runnable target, String name) {
        if (name == null) {
            throw new NullPointerException("'name' is null");
        }
        this.name = name;
        this.target = target;
        this.tid = nextThreadID();
        Thread parent = currentThread();
        if (parent != null) {
            this.daemon = parent.daemon;
            this.priority = parent.priority;
        }
    }

    public static native Thread currentThread();

    public static native void yield();

    public static native void sleep(long millis) throws InterruptedException;

    public static void sleep(long millis, int nanos) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        if (nanos > 0 && millis < Long.MAX_VALUE) {
            millis++;
        }
        sleep(millis);
    }

    public static void onSpinWait() {
    }

    public synchronized void start() {
        if (started) {
            throw new IllegalThreadStateException();
        }
        started = true;
        start0();
        remember(this);
    }

    private native void start0();

    public final native boolean isAlive();

    @Override
    public void run() {
        if (target != null) {
            target.run();
        }
    }

    public void interrupt() {
        interrupt0();
    }

    private native void interrupt0();

    public static boolean interrupted() {
        return currentThread().isInterrupted0(true);
    }

    public boolean isInterrupted() {
        return isInterrupted0(false);
    }

    private native boolean isInterrupted0(boolean clearInterrupted);

    public final void setPriority(int newPriority) {
        if (newPriority > MAX_PRIORITY || newPriority < MIN_PRIORITY) {
            throw new IllegalArgumentException();
        }
        priority = newPriority;
    }

    public final int getPriority() {
        return priority;
    }

    public final synchronized void setName(String name) {
        if (name == null) {
            throw new NullPointerException("name cannot be null");
        }
        this.name = name;
    }

    public final String getName() {
        return name;
    }

    public long getId() {
        return tid;
    }

    public final void setDaemon(boolean on) {
        if (isAlive()) {
            throw new IllegalThreadStateException();
        }
        daemon = on;
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public final synchronized void join(long millis) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (millis == 0) {
            while (isAlive()) {
                wait(0);
            }
            return;
        }
        long startTime = System.nanoTime();
        long delay = millis;
        do {
            wait(delay);
        } while (isAlive() && (delay = millis - (System.nanoTime() - startTime) / 1000000L) > 0);
    }

    public final synchronized void join(long millis, int nanos) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        if (nanos > 0 && millis < Long.MAX_VALUE) {
            millis++;
        }
        join(millis);
    }

    public final void join() throws InterruptedException {
        join(0);
    }

    public State getState() {
        if (!started && tid != 1) {
            return State.NEW;
        }
        return isAlive() ? State.RUNNABLE : State.TERMINATED;
    }

    public String toString() {
        return "Thread[" + getName() + "," + getPriority() + ",main]";
    }

    /**
     * The current thread's frames (from a new exception, as in the JDK: the first element is
     * this method), or another thread's as the VM reads them while it is stopped; empty for a
     * thread that is not alive.
     */
    public StackTraceElement[] getStackTrace() {
        if (this != Thread.currentThread()) {
            if (!isAlive()) {
                return new StackTraceElement[0];
            }
            return getStackTrace0();
        }
        return (new Exception()).getStackTrace();
    }

    /** VM: the frames of this thread, which is not the caller, innermost first. */
    private native StackTraceElement[] getStackTrace0();

    /**
     * The threads getAllStackTraces reports: every thread started in Java, and the thread that
     * starts the first one or asks for the traces (the VM's main thread is not started in
     * Java). Threads that have ended are dropped whenever the set has doubled since the last
     * pruning, so it stays within twice the live threads (plus 16).
     */
    private static HashSet<Thread> known;
    private static int pruneAt = 16;

    private static synchronized void remember(Thread started) {
        if (known == null) {
            known = new HashSet<Thread>();
        }
        known.add(currentThread());
        known.add(started);
        if (known.size() >= pruneAt) {
            for (Iterator<Thread> it = known.iterator(); it.hasNext();) {
                if (!it.next().isAlive()) {
                    it.remove();
                }
            }
            pruneAt = Math.max(16, 2 * known.size());
        }
    }

    private static synchronized Thread[] knownThreads() {
        remember(currentThread());
        return known.toArray(new Thread[0]);
    }

    /**
     * A stack trace of every live thread the class library knows (see {@link #remember}); each
     * other thread's is read while it is stopped, one thread at a time, so the traces are not
     * one consistent snapshot (HotSpot's are). Threads that end meanwhile are left out.
     */
    public static Map<Thread, StackTraceElement[]> getAllStackTraces() {
        HashMap<Thread, StackTraceElement[]> traces = new HashMap<Thread, StackTraceElement[]>();
        for (Thread t : knownThreads()) {
            StackTraceElement[] trace = t.getStackTrace();
            if (t.isAlive()) {
                traces.put(t, trace);
            }
        }
        return traces;
    }

    public static void dumpStack() {
        new Exception("Stack trace").printStackTrace();
    }

    // ---- uncaught exceptions ----

    @FunctionalInterface
    public interface UncaughtExceptionHandler {
        void uncaughtException(Thread t, Throwable e);
    }

    public static void setDefaultUncaughtExceptionHandler(UncaughtExceptionHandler ueh) {
        defaultUncaughtExceptionHandler = ueh;
    }

    public static UncaughtExceptionHandler getDefaultUncaughtExceptionHandler() {
        return defaultUncaughtExceptionHandler;
    }

    public UncaughtExceptionHandler getUncaughtExceptionHandler() {
        return uncaughtExceptionHandler;
    }

    public void setUncaughtExceptionHandler(UncaughtExceptionHandler ueh) {
        uncaughtExceptionHandler = ueh;
    }

    /**
     * Reports an exception that escaped run(): the thread's handler, else the default handler,
     * else {@code Exception in thread "NAME" } followed by the stack trace on System.err.
     */
    private void dispatchUncaughtException(Throwable e) {
        UncaughtExceptionHandler ueh = uncaughtExceptionHandler;
        if (ueh == null) {
            ueh = defaultUncaughtExceptionHandler;
        }
        if (ueh != null) {
            ueh.uncaughtException(this, e);
            return;
        }
        System.err.print("Exception in thread \"" + getName() + "\" ");
        e.printStackTrace(System.err);
    }

    public enum State {
        NEW,
        RUNNABLE,
        BLOCKED,
        WAITING,
        TIMED_WAITING,
        TERMINATED
    }
}
