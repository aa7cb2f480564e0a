package java.io;

/** Buffers characters (8192 by default) before passing them to the underlying Writer. */
public class BufferedWriter extends Writer {

    private Writer out;
    private final char[] cb;
    private int nextChar;

    public BufferedWriter(Writer out) {
        this(out, 8192);
    }

    public BufferedWriter(Writer out, int sz) {
        super(out);
        if (sz <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        this.out = out;
        this.cb = new char[sz];
    }

    private void ensureOpen() throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
    }

    void flushBuffer() throws IOException {
        synchronized (lock) {
            ensureOpen();
            if (nextChar == 0) {
                return;
            }
            out.write(cb, 0, nextChar);
            nextChar = 0;
        }
    }

    @Override
    public void write(int c) throws IOException {
        synchronized (lock) {
            ensureOpen();
            if (nextChar >= cb.length) {
                flushBuffer();
            }
            cb[nextChar++] = (char) c;
        }
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        synchronized (lock) {
            ensureOpen();
            java.util.Objects.checkFromIndexSize(off, len, cbuf.length);
            if (len >= cb.length) {
                flushBuffer();
                out.write(cbuf, off, len);
                return;
            }
            for (int i = 0; i < len; i++) {
                if (nextChar >= cb.length) {
                    flushBuffer();
                }
                cb[nextChar++] = cbuf[off + i];
            }
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        synchronized (lock) {
            ensureOpen();
            for (int i = 0; i < len; i++) {
                if (nextChar >= cb.length) {
                    flushBuffer();
                }
                cb[nextChar++] = s.charAt(off + i);
            }
        }
    }

    public void newLine() throws IOException {
        write(System.lineSeparator());
    }

    @Override
    public void flush() throws IOException {
        synchronized (lock) {
            flushBuffer();
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (lock) {
            if (out == null) {
                return;
            }
            try {
                flushBuffer();
            } finally {
                out.close();
                out = null;
            }
        }
    }
}
