package jdk.internal.gcvm;

import java.io.IOException;
import java.io.InputStream;

/** The stream Files.newInputStream returns: bytes from an already opened descriptor. */
public final class FdInputStream extends InputStream {

    private final int fd;
    private boolean closed;

    public FdInputStream(int fd) {
        this.fd = fd;
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new java.nio.channels.ClosedChannelException();
        }
    }

    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
    }

    public int read(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        return FileSystem.read(fd, b, off, len);
    }

    public int available() throws IOException {
        ensureOpen();
        long left = FileSystem.length(fd) - FileSystem.position(fd);
        return left <= 0 ? 0 : (int) Math.min(left, Integer.MAX_VALUE);
    }

    public void close() {
        if (!closed) {
            closed = true;
            FileSystem.close(fd);
        }
    }
}
