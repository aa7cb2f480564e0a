package java.io;

/** Reads its source in 8 KB chunks. */
public class BufferedInputStream extends FilterInputStream {
    private byte[] buf;
    private int pos;
    private int count;

    public BufferedInputStream(InputStream in) {
        this(in, 8192);
    }

    public BufferedInputStream(InputStream in, int size) {
        super(in);
        if (size <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        buf = new byte[size];
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        pos = 0;
        count = Math.max(n, 0);
        return n > 0;
    }

    public synchronized int read() throws IOException {
        if (pos >= count && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    public synchronized int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (pos >= count && !fill()) {
            return -1;
        }
        int n = Math.min(len, count - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    public synchronized int available() throws IOException {
        return (count - pos) + in.available();
    }

    public boolean markSupported() {
        return false;
    }
}
