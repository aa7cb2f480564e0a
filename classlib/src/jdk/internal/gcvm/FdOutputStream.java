package jdk.internal.gcvm;

import java.io.IOException;
import java.io.OutputStream;

/** The stream Files.newOutputStream returns: bytes to an already opened descriptor. */
public final class FdOutputStream extends OutputStream {

    private final int fd;
    private boolean closed;

    public FdOutputStream(int fd) {
        this.fd = fd;
    }

    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    public void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new java.nio.channels.ClosedChannelException();
        }
        FileSystem.write(fd, b, off, len);
    }

    public void close() {
        if (!closed) {
            closed = true;
            FileSystem.close(fd);
        }
    }
}
