package java.nio.charset;

import jdk.internal.gcvm.Utf8;

/**
 * Named charsets. gcvm knows only UTF-8, US-ASCII and ISO-8859-1; there are no encoders or
 * decoders, a Charset is only a name accepted by String and the I/O classes.
 */
public abstract class Charset implements Comparable<Charset> {

    private final String name;

    protected Charset(String canonicalName, String[] aliases) {
        this.name = canonicalName;
    }

    static Charset of(int code) {
        return new Known(Utf8.canonicalName(code));
    }

    public static Charset forName(String charsetName) {
        if (charsetName == null) {
            throw new IllegalArgumentException("Null charset name");
        }
        int code = Utf8.find(charsetName);
        if (code < 0) {
            throw new UnsupportedCharsetException(charsetName);
        }
        return code == Utf8.UTF_8 ? StandardCharsets.UTF_8
                : code == Utf8.US_ASCII ? StandardCharsets.US_ASCII : StandardCharsets.ISO_8859_1;
    }

    public static boolean isSupported(String charsetName) {
        return Utf8.find(charsetName) >= 0;
    }

    public static Charset defaultCharset() {
        return StandardCharsets.UTF_8;
    }

    public final String name() {
        return name;
    }

    public String displayName() {
        return name;
    }

    public final boolean isRegistered() {
        return true;
    }

    public boolean canEncode() {
        return true;
    }

    public final int compareTo(Charset that) {
        return name().compareToIgnoreCase(that.name());
    }

    public final int hashCode() {
        return name().hashCode();
    }

    public final boolean equals(Object ob) {
        if (this == ob) {
            return true;
        }
        if (!(ob instanceof Charset)) {
            return false;
        }
        return name.equals(((Charset) ob).name());
    }

    public final String toString() {
        return name();
    }

    private static final class Known extends Charset {
        Known(String name) {
            super(name, null);
        }
    }
}
