package java.io;

import jdk.internal.gcvm.FileSystem;

/**
 * Bytes from a file, unbuffered as the JDK's (each read is one native read). Opening a missing
 * file or a directory throws FileNotFoundException with HotSpot's message
 * ({@code name (No such file or directory)}).
 */
public class FileInputStream extends InputStream {

    private final int fd;
    private boolean closed;

    public FileInputStream(String name) throws FileNotFoundException {
        if (name == null) {
            throw new NullPointerException();
        }
        this.fd = FileSystem.openForStream(name, FileSystem.READ);
    }

    public FileInputStream(File file) throws FileNotFoundException {
        this(file.getPath());
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream Closed");
        }
    }

    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n <= 0 ? -1 : one[0] & 0xff;
    }

    public int read(byte[] b) throws IOException {
        return read(b, 0, b.length);
    }

    public int read(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        return FileSystem.read(fd, b, off, len);
    }

    public long skip(long n) throws IOException {
        ensureOpen();
        if (n <= 0) {
            return 0;
        }
        long pos = FileSystem.position(fd);
        FileSystem.seek(fd, pos + n);
        return n;
    }

    public int available() throws IOException {
        ensureOpen();
        long left = FileSystem.length(fd) - FileSystem.position(fd);
        return left <= 0 ? 0 : (int) Math.min(left, Integer.MAX_VALUE);
    }

    public void close() throws IOException {
        if (!closed) {
            closed = true;
            FileSystem.close(fd);
        }
    }
}
