package java.io;

import jdk.internal.gcvm.FileSystem;

/**
 * Bytes to a file, unbuffered as the JDK's. Truncates unless opened to append; a file that
 * cannot be opened throws FileNotFoundException with HotSpot's message.
 */
public class FileOutputStream extends OutputStream {

    private final int fd;
    private boolean closed;

    public FileOutputStream(String name) throws FileNotFoundException {
        this(name, false);
    }

    public FileOutputStream(String name, boolean append) throws FileNotFoundException {
        if (name == null) {
            throw new NullPointerException();
        }
        int mode = FileSystem.WRITE | FileSystem.CREATE
                | (append ? FileSystem.APPEND : FileSystem.TRUNCATE);
        this.fd = FileSystem.openForStream(name, mode);
    }

    public FileOutputStream(File file) throws FileNotFoundException {
        this(file.getPath(), false);
    }

    public FileOutputStream(File file, boolean append) throws FileNotFoundException {
        this(file.getPath(), append);
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream Closed");
        }
    }

    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    public void write(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        FileSystem.write(fd, b, off, len);
    }

    public void close() throws IOException {
        if (!closed) {
            closed = true;
            FileSystem.close(fd);
        }
    }
}
