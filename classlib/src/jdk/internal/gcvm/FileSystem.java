package jdk.internal.gcvm;

/**
 * The file natives (runtime/interp/src/library/files.rs) and the few helpers every file class
 * shares. The natives are thin OS calls on descriptors and path strings; failures the callers
 * turn into different exceptions come back as {@code -errno}, and {@link #errorMessage} gives
 * the OS text HotSpot puts into its messages ("No such file or directory").
 */
public final class FileSystem {

    public static final int READ = 1;
    public static final int WRITE = 2;
    public static final int APPEND = 4;
    public static final int CREATE = 8;
    public static final int CREATE_NEW = 16;
    public static final int TRUNCATE = 32;

    public static final int ENOENT = 2;
    public static final int EEXIST = 17;
    public static final int ENOTDIR = 20;
    public static final int EISDIR = 21;
    public static final int ENOTEMPTY = 39;
    public static final int EACCES = 13;

    public static final int KIND_FILE = 1;
    public static final int KIND_DIRECTORY = 2;

    private FileSystem() {
    }

    /** Opens path with the flags above: a descriptor, or -errno. */
    public static native int open(String path, int flags);

    /** Reads up to len bytes (in a safe region): the count, or -1 at the end. */
    public static native int read(int fd, byte[] b, int off, int len);

    /** Writes all len bytes (in a safe region). */
    public static native void write(int fd, byte[] b, int off, int len);

    public static native void seek(int fd, long pos);

    public static native long position(int fd);

    public static native long length(int fd);

    public static native void setLength(int fd, long len);

    public static native void close(int fd);

    /** 0 and out = {kind, size, last-modified ms}, or -errno. Follows links. */
    public static native int stat(String path, long[] out);

    /** The names in a directory, or null if it cannot be listed. */
    public static native String[] list(String dir);

    /** 0 or -errno. */
    public static native int mkdir(String path);

    /** Removes a file or an empty directory: 0 or -errno. */
    public static native int delete(String path);

    /** 0 or -errno. */
    public static native int rename(String from, String to);

    /** The OS text for an errno. */
    public static native String errorMessage(int errno);

    /** The kind of the file at path (KIND_FILE, KIND_DIRECTORY, 3 = other), or 0 if absent. */
    public static int kind(String path) {
        long[] st = new long[3];
        return stat(path, st) < 0 ? 0 : (int) st[0];
    }

    /** The file's stat, or null if absent. */
    public static long[] stat(String path) {
        long[] st = new long[3];
        return stat(path, st) < 0 ? null : st;
    }

    /** The descriptor of a file opened for a java.io stream, or FileNotFoundException as the JDK. */
    public static int openForStream(String path, int flags) throws java.io.FileNotFoundException {
        int fd = open(path, flags);
        if (fd < 0) {
            throw new java.io.FileNotFoundException(path + " (" + errorMessage(-fd) + ")");
        }
        return fd;
    }

    /** The current directory (user.dir). */
    public static String currentDirectory() {
        return System.getProperty("user.dir");
    }

    /** A fresh random number for temporary names. */
    public static synchronized long randomLong() {
        if (random == null) {
            random = new java.util.Random(System.nanoTime() ^ System.currentTimeMillis());
        }
        return random.nextLong();
    }

    private static java.util.Random random;
}
