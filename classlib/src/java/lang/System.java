package java.lang;

import java.io.OutputStream;
import java.io.PrintStream;
import jdk.internal.gcvm.VM;

/**
 * System facilities. {@code out} and {@code err} write through {@link VM#write} (the VM buffers
 * stdout and flushes it at exit and before every stderr write). {@code System.in} reads standard
 * input through the VM, buffered as in the JDK; setIn/setOut/setErr are not supported (the streams
 * are final).
 */
public final class System {

    public static final java.io.InputStream in;
    public static final PrintStream out;
    public static final PrintStream err;

    /** The JDK version gcvm's class library follows (a constant: using it initialises nothing). */
    static final String JAVA_VERSION = "17.0.15";

    private static final String[][] PROPERTIES = {
        {"line.separator", "\n"},
        {"java.version", JAVA_VERSION},
        {"java.specification.version", "17"},
        {"java.vendor", "gcvm"},
        {"java.vm.name", "gcvm"},
        {"os.name", "Linux"},
        {"file.separator", "/"},
        {"path.separator", ":"},
        {"file.encoding", "UTF-8"},
        {"java.vm.vendor", "gcvm"},
        {"java.class.version", "61.0"},
        {"os.arch", "amd64"},
        {"java.io.tmpdir", "/tmp"},
        {"native.encoding", "UTF-8"},
        {"stdout.encoding", "UTF-8"},
    };

    /* Properties the VM knows (user.dir, user.home, user.name, java.home, os.version). */
    private static native String vmProperty(String key);

    static {
        in = new java.io.BufferedInputStream(new FdInputStream(0));
        out = new PrintStream(new FdOutputStream(1), true);
        err = new PrintStream(new FdOutputStream(2), true);
    }

    private System() {
    }

    /** Standard input: reads block in the VM (a safe region, like Object.wait). */
    private static final class FdInputStream extends java.io.InputStream {
        private final int fd;

        FdInputStream(int fd) {
            this.fd = fd;
        }

        @Override
        public int read() {
            byte[] b = new byte[1];
            int n = VM.read(fd, b, 0, 1);
            return n <= 0 ? -1 : (b[0] & 0xff);
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            return VM.read(fd, b, off, len);
        }
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
    /** Runs the shutdown hooks, then ends the process (Runtime.exit). */
    public static void exit(int status) {
        Runtime.getRuntime().exit(status);
    }

    /** Ends the process at once: flush stdout, exit (VM native). */
    static native void halt0(int status);

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
        return vmProperty(key);
    }

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    /** The value of the environment variable `name`, or null (VM native). */
    public static String getenv(String name) {
        if (name == null) {
            throw new NullPointerException();
        }
        return getenv0(name);
    }

    private static native String getenv0(String name);

    /** The whole environment, unmodifiable. */
    public static java.util.Map<String, String> getenv() {
        String[] pairs = environ0();
        java.util.HashMap<String, String> env = new java.util.HashMap<String, String>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(env);
    }

    private static native String[] environ0();

    private static void checkKey(String key) {
        if (key == null) {
            throw new NullPointerException("key can't be null");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key can't be empty");
        }
    }
}
