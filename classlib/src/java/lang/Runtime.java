package java.lang;

import java.util.ArrayList;
import java.util.List;

/**
 * The runtime singleton. Memory figures come from the VM's heap. Shutdown hooks run as in the
 * JDK: each in its own thread, all started together and joined, when the last non-daemon
 * thread ends (the VM calls runShutdownHooks), on System.exit/Runtime.exit, and on SIGINT,
 * SIGTERM and SIGHUP (the VM calls runShutdownHooks from a signal thread).
 */
public class Runtime {

    private static final Runtime currentRuntime = new Runtime();

    private final List<Thread> hooks = new ArrayList<>();

    private Runtime() {
    }

    public static Runtime getRuntime() {
        return currentRuntime;
    }

    public void exit(int status) {
        runShutdownHooks();
        System.halt0(status);
    }

    public void halt(int status) {
        System.halt0(status);
    }

    private boolean shuttingDown;

    /* Starts every registered hook and waits for all of them, once. */
    static void runShutdownHooks() {
        Runtime rt = currentRuntime;
        Thread[] toRun;
        synchronized (rt.hooks) {
            if (rt.shuttingDown) {
                return;
            }
            rt.shuttingDown = true;
            if (rt.hooks.isEmpty()) {
                return; // allocating nothing: the heap may have run out
            }
            toRun = rt.hooks.toArray(new Thread[0]);
        }
        for (Thread hook : toRun) {
            hook.start();
        }
        for (Thread hook : toRun) {
            while (true) {
                try {
                    hook.join();
                    break;
                } catch (InterruptedException ignored) {
                    // keep waiting, as the JDK does
                }
            }
        }
    }

    public void addShutdownHook(Thread hook) {
        if (hook == null) {
            throw new NullPointerException();
        }
        synchronized (hooks) {
            if (shuttingDown) {
                throw new IllegalStateException("Shutdown in progress");
            }
            if (hooks.contains(hook)) {
                throw new IllegalArgumentException("Hook previously registered");
            }
            hooks.add(hook);
        }
        noteShutdownHook();
    }

    /** Tells the VM a hook exists (so that a terminating signal runs the hooks). */
    private static native void noteShutdownHook();

    public boolean removeShutdownHook(Thread hook) {
        if (hook == null) {
            throw new NullPointerException();
        }
        synchronized (hooks) {
            if (shuttingDown) {
                throw new IllegalStateException("Shutdown in progress");
            }
            return hooks.remove(hook);
        }
    }

    public native int availableProcessors();

    public native long freeMemory();

    public native long totalMemory();

    public native long maxMemory();

    public native void gc();

    public void runFinalization() {
    }

    public static Version version() {
        return new Version();
    }

    /** Just enough of Runtime.Version for {@code Runtime.version().feature()}. */
    public static final class Version {
        Version() {
        }

        public int feature() {
            return 17;
        }

        public int interim() {
            return 0;
        }

        public int update() {
            return 15;
        }

        public int patch() {
            return 0;
        }

        public String toString() {
            return System.JAVA_VERSION;
        }
    }
}
