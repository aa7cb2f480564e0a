package jdk.internal.gcvm;

import java.io.UnsupportedEncodingException;

/**
 * Byte/char conversion for the three charsets gcvm knows: UTF-8 (the default), US-ASCII and
 * ISO-8859-1. Unmappable chars encode as '?'; malformed input decodes to U+FFFD (one per
 * malformed sequence; the exact JDK grouping of malformed bytes is approximated).
 */
public final class Utf8 {

    public static final int UTF_8 = 0;
    public static final int US_ASCII = 1;
    public static final int ISO_8859_1 = 2;

    private Utf8() {
    }

    /** The charset code for a name, or -1 if unknown. */
    public static int find(String name) {
        if (name == null) {
            return -1;
        }
        String n = name.toUpperCase().replace("_", "-");
        switch (n) {
            case "UTF-8":
            case "UTF8":
                return UTF_8;
            case "US-ASCII":
            case "ASCII":
            case "ISO646-US":
                return US_ASCII;
            case "ISO-8859-1":
            case "ISO8859-1":
            case "LATIN1":
            case "ISO-LATIN-1":
            case "8859-1":
                return ISO_8859_1;
            default:
                return -1;
        }
    }

    /** The canonical name of a charset code. */
    public static String canonicalName(int code) {
        switch (code) {
            case US_ASCII:
                return "US-ASCII";
            case ISO_8859_1:
                return "ISO-8859-1";
            default:
                return "UTF-8";
        }
    }

    public static int lookup(String charsetName) throws UnsupportedEncodingException {
        if (charsetName == null) {
            throw new NullPointerException("charsetName");
        }
        int code = find(charsetName);
        if (code < 0) {
            throw new UnsupportedEncodingException(charsetName);
        }
        return code;
    }

    /** For names that come from a Charset object (always known). */
    public static int lookupKnown(String charsetName) {
        int code = find(charsetName);
        return code < 0 ? UTF_8 : code;
    }

    public static byte[] encode(char[] s, int off, int len) {
        return encode(s, off, len, UTF_8);
    }

    public static byte[] encode(char[] s, int off, int len, int charset) {
        if (charset != UTF_8) {
            int max = charset == US_ASCII ? 0x7F : 0xFF;
            byte[] r = new byte[len];
            int n = 0;
            for (int i = 0; i < len; i++) {
                char c = s[off + i];
                if (Character.isHighSurrogate(c) && i + 1 < len
                        && Character.isLowSurrogate(s[off + i + 1])) {
                    i++;
                }
                r[n++] = (byte) (c <= max ? c : '?');
            }
            return shrink(r, n);
        }
        byte[] buf = new byte[len * 3];
        int n = 0;
        int end = off + len;
        for (int i = off; i < end; i++) {
            char c = s[i];
            if (c < 0x80) {
                buf[n++] = (byte) c;
            } else if (c < 0x800) {
                buf[n++] = (byte) (0xC0 | (c >> 6));
                buf[n++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < end
                        && Character.isLowSurrogate(s[i + 1])) {
                    int cp = Character.toCodePoint(c, s[++i]);
                    buf[n++] = (byte) (0xF0 | (cp >> 18));
                    buf[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    buf[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    buf[n++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    buf[n++] = '?';
                }
            } else {
                buf[n++] = (byte) (0xE0 | (c >> 12));
                buf[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                buf[n++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return shrink(buf, n);
    }

    private static byte[] shrink(byte[] b, int n) {
        if (n == b.length) {
            return b;
        }
        byte[] r = new byte[n];
        System.arraycopy(b, 0, r, 0, Math.min(n, b.length));
        return r;
    }

    public static char[] decode(byte[] b, int off, int len) {
        return decode(b, off, len, UTF_8);
    }

    public static char[] decode(byte[] b, int off, int len, int charset) {
        if (charset != UTF_8) {
            char[] r = new char[len];
            for (int i = 0; i < len; i++) {
                int v = b[off + i] & 0xFF;
                r[i] = (charset == US_ASCII && v > 0x7F) ? '\uFFFD' : (char) v;
            }
            return r;
        }
        char[] out = new char[len];
        int n = 0;
        int i = off;
        int end = off + len;
        while (i < end) {
            int b0 = b[i] & 0xFF;
            if (b0 < 0x80) {
                out[n++] = (char) b0;
                i++;
                continue;
            }
            int need;
            int cp;
            int min;
            if (b0 >= 0xC2 && b0 <= 0xDF) {
                need = 1;
                cp = b0 & 0x1F;
                min = 0x80;
            } else if (b0 >= 0xE0 && b0 <= 0xEF) {
                need = 2;
                cp = b0 & 0x0F;
                min = 0x800;
            } else if (b0 >= 0xF0 && b0 <= 0xF4) {
                need = 3;
                cp = b0 & 0x07;
                min = 0x10000;
            } else {
                out[n++] = '\uFFFD';
                i++;
                continue;
            }
            int j = i + 1;
            boolean ok = true;
            for (int k = 0; k < need; k++, j++) {
                if (j >= end || (b[j] & 0xC0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (b[j] & 0x3F);
            }
            if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                out[n++] = '\uFFFD';
                i = ok ? j : Math.max(i + 1, j);
                continue;
            }
            if (cp >= 0x10000) {
                out[n++] = Character.highSurrogate(cp);
                out[n++] = Character.lowSurrogate(cp);
            } else {
                out[n++] = (char) cp;
            }
            i = j;
        }
        if (n == out.length) {
            return out;
        }
        char[] r = new char[n];
        System.arraycopy(out, 0, r, 0, n);
        return r;
    }
}
