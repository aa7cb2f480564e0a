package java.io;

/**
 * Decodes bytes as UTF-8 (the only charset gcvm's readers decode; ISO-8859-1 and US-ASCII by
 * name too). Malformed input becomes U+FFFD; supplementary characters become surrogate pairs.
 */
public class InputStreamReader extends Reader {
    private final InputStream in;
    private final boolean latin1;
    private int pendingLow = -1;

    public InputStreamReader(InputStream in) {
        super(in);
        this.in = in;
        this.latin1 = false;
    }

    public InputStreamReader(InputStream in, String charsetName) throws UnsupportedEncodingException {
        super(in);
        this.in = in;
        String n = charsetName.toUpperCase();
        if (n.equals("UTF-8") || n.equals("UTF8")) {
            latin1 = false;
        } else if (n.equals("ISO-8859-1") || n.equals("US-ASCII") || n.equals("LATIN1")) {
            latin1 = true;
        } else {
            throw new UnsupportedEncodingException(charsetName);
        }
    }

    public InputStreamReader(InputStream in, java.nio.charset.Charset cs) {
        super(in);
        this.in = in;
        String n = cs.name();
        this.latin1 = n.equals("ISO-8859-1") || n.equals("US-ASCII");
    }

    public String getEncoding() {
        return latin1 ? "ISO8859_1" : "UTF8";
    }

    /* The next char, or -1 at the end. */
    private int decode() throws IOException {
        if (pendingLow >= 0) {
            int c = pendingLow;
            pendingLow = -1;
            return c;
        }
        int b = in.read();
        if (b < 0) {
            return -1;
        }
        if (latin1 || b < 0x80) {
            return b;
        }
        int need;
        int cp;
        if ((b & 0xE0) == 0xC0) {
            need = 1;
            cp = b & 0x1F;
        } else if ((b & 0xF0) == 0xE0) {
            need = 2;
            cp = b & 0x0F;
        } else if ((b & 0xF8) == 0xF0) {
            need = 3;
            cp = b & 0x07;
        } else {
            return 0xFFFD;
        }
        for (int i = 0; i < need; i++) {
            int c = in.read();
            if (c < 0 || (c & 0xC0) != 0x80) {
                return 0xFFFD;
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp >= 0x10000) {
            pendingLow = Character.lowSurrogate(cp);
            return Character.highSurrogate(cp);
        }
        return cp;
    }

    public int read() throws IOException {
        synchronized (lock) {
            return decode();
        }
    }

    public int read(char[] cbuf, int off, int len) throws IOException {
        synchronized (lock) {
            java.util.Objects.checkFromIndexSize(off, len, cbuf.length);
            if (len == 0) {
                return 0;
            }
            int n = 0;
            while (n < len) {
                if (n > 0 && pendingLow < 0 && in.available() <= 0) {
                    break;
                }
                int c = decode();
                if (c < 0) {
                    break;
                }
                cbuf[off + n++] = (char) c;
            }
            return n == 0 ? -1 : n;
        }
    }

    public boolean ready() throws IOException {
        return pendingLow >= 0 || in.available() > 0;
    }

    public void close() throws IOException {
        in.close();
    }
}
