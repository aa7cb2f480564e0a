package java.lang;

import java.util.ArrayList;
import java.util.List;

/**
 * The runtime singleton. Memory figures come from the VM's heap. Shutdown hooks are recorded
 * but gcvm never runs them.
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
        System.exit(status);
    }

    public void halt(int status) {
        System.exit(status);
    }

    public void addShutdownHook(Thread hook) {
        if (hook == null) {
            throw new NullPointerException();
        }
        synchronized (hooks) {
            if (hooks.contains(hook)) {
                throw new IllegalArgumentException("Hook previously registered");
            }
            hooks.add(hook);
        }
    }

    public boolean removeShutdownHook(Thread hook) {
        synchronized (hooks) {
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
            return "17.0.15";
        }
    }
}
