package java.nio.charset;

import jdk.internal.gcvm.Utf8;

public final class StandardCharsets {

    private StandardCharsets() {
    }

    public static final Charset US_ASCII = Charset.of(Utf8.US_ASCII);
    public static final Charset ISO_8859_1 = Charset.of(Utf8.ISO_8859_1);
    public static final Charset UTF_8 = Charset.of(Utf8.UTF_8);
}
