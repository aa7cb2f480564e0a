package java.io;

import jdk.internal.gcvm.Utf8;

/**
 * Encodes chars to an OutputStream. Like the JDK's, it buffers (here: up to 8192 chars) until
 * flush or close; encoding is always UTF-8 (other charset names are checked, not honoured).
 */
public class OutputStreamWriter extends Writer {

    private static final int LIMIT = 8192;

    private final OutputStream out;
    private final StringBuilder pending = new StringBuilder();
    private boolean closed;

    public OutputStreamWriter(OutputStream out) {
        super(out);
        if (out == null) {
            throw new NullPointerException();
        }
        this.out = out;
    }

    public OutputStreamWriter(OutputStream out, String charsetName)
            throws UnsupportedEncodingException {
        this(out);
        Utf8.lookup(charsetName);
    }

    public String getEncoding() {
        return closed ? null : "UTF8";
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream closed");
        }
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        synchronized (lock) {
            ensureOpen();
            pending.append(cbuf, off, len);
            if (pending.length() >= LIMIT) {
                flushBuffer();
            }
        }
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        synchronized (lock) {
            ensureOpen();
            pending.append(str, off, off + len);
            if (pending.length() >= LIMIT) {
                flushBuffer();
            }
        }
    }

    void flushBuffer() throws IOException {
        if (pending.length() > 0) {
            byte[] bytes = pending.toString().getBytes();
            pending.setLength(0);
            out.write(bytes, 0, bytes.length);
        }
    }

    @Override
    public void flush() throws IOException {
        synchronized (lock) {
            ensureOpen();
            flushBuffer();
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (lock) {
            if (closed) {
                return;
            }
            try {
                flushBuffer();
                out.close();
            } finally {
                closed = true;
            }
        }
    }
}
