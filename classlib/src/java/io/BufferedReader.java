package java.io;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** Buffers a Reader; readLine splits at \n, \r and \r\n. */
public class BufferedReader extends Reader {
    private Reader in;
    private char[] cb;
    private int nChars;
    private int nextChar;
    /* The last char read was a \r: a following \n belongs to the same line end. */
    private boolean skipLF;

    public BufferedReader(Reader in, int sz) {
        super(in);
        if (sz <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        this.in = in;
        cb = new char[sz];
    }

    public BufferedReader(Reader in) {
        this(in, 8192);
    }

    private void ensureOpen() throws IOException {
        if (in == null) {
            throw new IOException("Stream closed");
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(cb, 0, cb.length);
        nextChar = 0;
        nChars = Math.max(n, 0);
        return n > 0;
    }

    public int read() throws IOException {
        synchronized (lock) {
            ensureOpen();
            while (true) {
                if (nextChar >= nChars && !fill()) {
                    return -1;
                }
                if (skipLF) {
                    skipLF = false;
                    if (cb[nextChar] == '\n') {
                        nextChar++;
                        continue;
                    }
                }
                return cb[nextChar++];
            }
        }
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        synchronized (lock) {
            ensureOpen();
            java.util.Objects.checkFromIndexSize(off, len, cbuf.length);
            if (len == 0) {
                return 0;
            }
            int n = 0;
            while (n < len) {
                if (n > 0 && nextChar >= nChars && !in.ready()) {
                    break;
                }
                int c = read();
                if (c < 0) {
                    break;
                }
                cbuf[off + n++] = (char) c;
            }
            return n == 0 ? -1 : n;
        }
    }

    public String readLine() throws IOException {
        synchronized (lock) {
            ensureOpen();
            StringBuilder s = null;
            while (true) {
                if (nextChar >= nChars && !fill()) {
                    return s != null ? s.toString() : null;
                }
                if (skipLF) {
                    skipLF = false;
                    if (cb[nextChar] == '\n') {
                        nextChar++;
                        continue;
                    }
                }
                if (s == null) {
                    s = new StringBuilder();
                }
                int start = nextChar;
                while (nextChar < nChars) {
                    char c = cb[nextChar];
                    if (c == '\n' || c == '\r') {
                        s.append(cb, start, nextChar - start);
                        nextChar++;
                        if (c == '\r') {
                            skipLF = true;
                        }
                        return s.toString();
                    }
                    nextChar++;
                }
                s.append(cb, start, nextChar - start);
            }
        }
    }

    public long skip(long n) throws IOException {
        if (n < 0L) {
            throw new IllegalArgumentException("skip value is negative");
        }
        long r = n;
        while (r > 0 && read() >= 0) {
            r--;
        }
        return n - r;
    }

    public boolean ready() throws IOException {
        synchronized (lock) {
            ensureOpen();
            return nextChar < nChars || in.ready();
        }
    }

    public void close() throws IOException {
        synchronized (lock) {
            if (in != null) {
                in.close();
                in = null;
                cb = null;
            }
        }
    }

    public java.util.stream.Stream<String> lines() {
        return java.util.stream.StreamSupport.fromIterator(new Iterator<String>() {
            private String nextLine;

            public boolean hasNext() {
                if (nextLine != null) {
                    return true;
                }
                try {
                    nextLine = readLine();
                    return nextLine != null;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            public String next() {
                if (nextLine != null || hasNext()) {
                    String line = nextLine;
                    nextLine = null;
                    return line;
                }
                throw new NoSuchElementException();
            }
        });
    }
}
