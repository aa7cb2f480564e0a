package java.lang;

import java.io.OutputStream;
import java.io.PrintStream;
import jdk.internal.gcvm.VM;

/**
 * System facilities. {@code out} and {@code err} write through {@link VM#write} (the VM buffers
 * stdout and flushes it at exit and before every stderr write). There is no {@code System.in},
 * and setOut/setErr are not supported (the streams are final).
 */
public final class System {

    public static final PrintStream out;
    public static final PrintStream err;

    private static final String[][] PROPERTIES = {
        {"line.separator", "\n"},
        {"java.version", "17.0.15"},
        {"java.specification.version", "17"},
        {"java.vendor", "gcvm"},
        {"java.vm.name", "gcvm"},
        {"os.name", "Linux"},
        {"file.separator", "/"},
        {"path.separator", ":"},
        {"file.encoding", "UTF-8"},
    };

    static {
        out = new PrintStream(new FdOutputStream(1), true);
        err = new PrintStream(new FdOutputStream(2), true);
    }

    private System() {
    }

    /** An unbuffered stream onto a VM file descriptor (1 or 2). */
    private static final class FdOutputStream extends OutputStream {
        private final int fd;

        FdOutputStream(int fd) {
            this.fd = fd;
        }

        @Override
        public void write(int b) {
            VM.write(fd, new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            VM.write(fd, b, off, len);
        }
    }

    public static native void arraycopy(Object src, int srcPos, Object dest, int destPos,
            int length);

    public static native long currentTimeMillis();

    public static native long nanoTime();

    public static native int identityHashCode(Object x);

    /** Terminates the VM (stdout is flushed first). */
    public static native void exit(int status);

    public static native void gc();

    public static void runFinalization() {
    }

    public static String lineSeparator() {
        return "\n";
    }

    public static String getProperty(String key) {
        checkKey(key);
        for (String[] p : PROPERTIES) {
            if (p[0].equals(key)) {
                return p[1];
            }
        }
        return null;
    }

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    /** gcvm has no environment access: always null. */
    public static String getenv(String name) {
        return null;
    }

    private static void checkKey(String key) {
        if (key == null) {
            throw new NullPointerException("key can't be null");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key can't be empty");
        }
    }
}
