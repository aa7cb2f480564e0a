package java.util;

import java.io.Closeable;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UnsupportedEncodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import jdk.internal.gcvm.SimpleRegex;

/**
 * A text scanner over a String, an InputStream (System.in), a File or a Path, with the JDK's
 * token rules for the default English locale: the default delimiter is any run of whitespace
 * ({@code Character.isWhitespace}), integers may carry a sign and "," group separators in
 * groups of three ("1,000"), any Unicode decimal digits, doubles also accept ".5", "5.", exponents, NaN and Infinity,
 * booleans are case-insensitive. A token that does not fit leaves the scanner where it was and
 * throws InputMismatchException (no message; an out-of-range integer gives NumberFormatException's
 * message), no token at all throws NoSuchElementException, and nextLine at the end
 * NoSuchElementException("No line found"), as the JDK's.
 *
 * <p>Design: characters are read into a growing buffer, in chunks, only as far as the current
 * token or line needs (so an interactive System.in works). A custom delimiter
 * ({@link #useDelimiter}) is a {@link SimpleRegex} pattern and the input is then read to its end
 * before tokenizing. Not provided: Readable sources and channels, Pattern arguments (gcvm has
 * no java.util.regex), radix and locale changes, findInLine/findWithinHorizon/skip, tokens(),
 * nextBigInteger/nextBigDecimal, nextByte/nextShort, hex floats, the locale's
 * infinity symbol "∞".
 */
public final class Scanner implements Iterator<String>, Closeable {

    private final Reader source;
    private final StringBuilder buf = new StringBuilder();
    private int pos;
    private boolean eof;
    private boolean closed;
    private IOException lastException;
    /** null: the default whitespace delimiter. */
    private SimpleRegex delimiter;
    private String delimiterPattern = "\\p{javaWhitespace}+";

    // token bounds found by findToken
    private int tokenStart;
    private int tokenEnd;

    public Scanner(String source) {
        this.source = new StringReader(source);
    }

    public Scanner(InputStream source) {
        this.source = new InputStreamReader(Objects.requireNonNull(source, "source"));
    }

    public Scanner(InputStream source, String charsetName) {
        this.source = reader(source, charsetName);
    }

    public Scanner(InputStream source, java.nio.charset.Charset charset) {
        this.source = new InputStreamReader(source, charset);
    }

    public Scanner(File source) throws FileNotFoundException {
        this.source = new InputStreamReader(new FileInputStream(source));
    }

    public Scanner(File source, String charsetName) throws FileNotFoundException {
        this.source = reader(new FileInputStream(source), charsetName);
    }

    public Scanner(Path source) throws IOException {
        this.source = new InputStreamReader(Files.newInputStream(source));
    }

    public Scanner(Path source, String charsetName) throws IOException {
        this.source = reader(Files.newInputStream(source), charsetName);
    }

    private static Reader reader(InputStream in, String charsetName) {
        try {
            return new InputStreamReader(in, charsetName);
        } catch (UnsupportedEncodingException e) {
            throw new IllegalArgumentException(charsetName);
        }
    }

    // ---------------------------------------------------------------- input

    /** Reads another chunk; false at the end of the input. */
    private boolean fill() {
        if (eof) {
            return false;
        }
        char[] chunk = new char[1024];
        int n;
        try {
            n = source.read(chunk, 0, chunk.length);
        } catch (IOException e) {
            lastException = e;
            n = -1;
        }
        if (n < 0) {
            eof = true;
            return false;
        }
        buf.append(chunk, 0, n);
        return true;
    }

    /**
     * Drops the consumed text once it is most of the buffer. Called only before a scan starts
     * (a scan holds indices into the buffer).
     */
    private void compact() {
        if (pos > 4096 && pos * 2 > buf.length()) {
            buf.delete(0, pos);
            pos = 0;
        }
    }

    private void readAll() {
        while (fill()) {
            // keep reading
        }
    }

    /** The char at i, reading more as needed; -1 past the end of the input. */
    private int charAt(int i) {
        while (i >= buf.length()) {
            if (!fill()) {
                return -1;
            }
        }
        return buf.charAt(i);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("Scanner closed");
        }
        compact();
    }

    // ---------------------------------------------------------------- tokens

    /** Finds the next token (tokenStart, tokenEnd) without consuming it; false if none. */
    private boolean findToken() {
        ensureOpen();
        return delimiter == null ? findWhitespaceToken() : findDelimitedToken();
    }

    private boolean findWhitespaceToken() {
        int i = pos;
        int c;
        while ((c = charAt(i)) >= 0 && Character.isWhitespace((char) c)) {
            i++;
        }
        if (c < 0) {
            return false;
        }
        int j = i;
        while ((c = charAt(j)) >= 0 && !Character.isWhitespace((char) c)) {
            j++;
        }
        tokenStart = i;
        tokenEnd = j;
        return true;
    }

    private boolean findDelimitedToken() {
        readAll();
        int i = pos;
        int skipped = delimiter.matchEndAt(buf, i);
        if (skipped > i) {
            i = skipped;
        }
        if (i >= buf.length()) {
            return false;
        }
        int[] next = delimiter.findFrom(buf, i);
        while (next != null && next[1] == next[0] && next[0] == i && i < buf.length()) {
            next = delimiter.findFrom(buf, i + 1);
        }
        tokenStart = i;
        tokenEnd = next == null ? buf.length() : next[0];
        return true;
    }

    private String token() {
        return buf.substring(tokenStart, tokenEnd);
    }

    /** Takes the found token. */
    private String take() {
        String t = token();
        pos = tokenEnd;
        return t;
    }

    public boolean hasNext() {
        return findToken();
    }

    public String next() {
        if (!findToken()) {
            throw new NoSuchElementException();
        }
        return take();
    }

    public boolean hasNext(String pattern) {
        return findToken() && SimpleRegex.compile(pattern).matches(token());
    }

    public String next(String pattern) {
        if (!findToken()) {
            throw new NoSuchElementException();
        }
        if (!SimpleRegex.compile(pattern).matches(token())) {
            throw new InputMismatchException();
        }
        return take();
    }

    // ---------------------------------------------------------------- numbers

    /** Any Unicode decimal digit, as the JDK's {@code \p{javaDigit}}. */
    private static boolean isDigit(char c) {
        return Character.isDigit(c);
    }

    /** The token with group separators removed and every digit made ASCII. */
    private static String plainDigits(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',') {
                continue;
            }
            sb.append(c > 0x7f && Character.isDigit(c) ? (char) ('0' + Character.digit(c, 10)) : c);
        }
        return sb.toString();
    }

    /** Length of the numeral at s[from..]: digits, or 1-3 digits (not 0) then ",ddd" groups. */
    private static int numeralLength(String s, int from) {
        int i = from;
        while (i < s.length() && isDigit(s.charAt(i))) {
            i++;
        }
        int plain = i - from;
        if (plain == 0 || plain > 3 || s.charAt(from) == '0' || i >= s.length()
                || s.charAt(i) != ',') {
            return plain;
        }
        int j = i;
        while (j + 3 < s.length() && s.charAt(j) == ',' && isDigit(s.charAt(j + 1))
                && isDigit(s.charAt(j + 2)) && isDigit(s.charAt(j + 3))) {
            j += 4;
        }
        return j > i ? j - from : plain;
    }

    private static int signLength(String s) {
        return !s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
    }

    /** The token without group separators if it is an integer by the JDK's rules, else null. */
    private static String integerDigits(String s) {
        int sign = signLength(s);
        int n = numeralLength(s, sign);
        if (n == 0 || sign + n != s.length()) {
            return null;
        }
        return plainDigits(s);
    }

    /** The token without group separators if it is a decimal float by the JDK's rules. */
    private static String floatDigits(String s) {
        int sign = signLength(s);
        String body = s.substring(sign);
        if (body.equals("NaN") || body.equals("Infinity")) {
            return s;
        }
        int i = sign;
        int n = numeralLength(s, i);
        i += n;
        int fraction = 0;
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
                fraction++;
            }
            if (n == 0 && fraction == 0) {
                return null;
            }
        } else if (n == 0) {
            return null;
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exp = 0;
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
                exp++;
            }
            if (exp == 0) {
                return null;
            }
        }
        return i == s.length() ? plainDigits(s) : null;
    }

    /** The next token, checked by the given rule: InputMismatchException if it does not fit. */
    private String numberToken(boolean integer) {
        if (!findToken()) {
            throw new NoSuchElementException();
        }
        String digits = integer ? integerDigits(token()) : floatDigits(token());
        if (digits == null) {
            throw new InputMismatchException();
        }
        return digits;
    }

    public boolean hasNextInt() {
        if (!findToken()) {
            return false;
        }
        String d = integerDigits(token());
        if (d == null) {
            return false;
        }
        try {
            Integer.parseInt(d);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    public int nextInt() {
        String d = numberToken(true);
        try {
            int v = Integer.parseInt(d);
            pos = tokenEnd;
            return v;
        } catch (NumberFormatException e) {
            throw new InputMismatchException(e.getMessage());
        }
    }

    public boolean hasNextLong() {
        if (!findToken()) {
            return false;
        }
        String d = integerDigits(token());
        if (d == null) {
            return false;
        }
        try {
            Long.parseLong(d);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    public long nextLong() {
        String d = numberToken(true);
        try {
            long v = Long.parseLong(d);
            pos = tokenEnd;
            return v;
        } catch (NumberFormatException e) {
            throw new InputMismatchException(e.getMessage());
        }
    }

    public boolean hasNextDouble() {
        return findToken() && floatDigits(token()) != null;
    }

    public double nextDouble() {
        double v = Double.parseDouble(numberToken(false));
        pos = tokenEnd;
        return v;
    }

    public float nextFloat() {
        float v = Float.parseFloat(numberToken(false));
        pos = tokenEnd;
        return v;
    }

    private boolean isBoolean(String t) {
        return t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false");
    }

    public boolean hasNextBoolean() {
        return findToken() && isBoolean(token());
    }

    public boolean nextBoolean() {
        if (!findToken()) {
            throw new NoSuchElementException();
        }
        if (!isBoolean(token())) {
            throw new InputMismatchException();
        }
        return Boolean.parseBoolean(take());
    }

    // ---------------------------------------------------------------- lines

    private static boolean isLineEnd(int c) {
        return c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029' || c == '\u0085';
    }

    public boolean hasNextLine() {
        ensureOpen();
        return charAt(pos) >= 0;
    }

    /** The rest of the current line without its terminator (\n, \r\n, \r, \u2028...). */
    public String nextLine() {
        ensureOpen();
        if (charAt(pos) < 0) {
            throw new NoSuchElementException("No line found");
        }
        int i = pos;
        int c;
        while ((c = charAt(i)) >= 0 && !isLineEnd(c)) {
            i++;
        }
        String line = buf.substring(pos, i);
        if (c < 0) {
            pos = i;
        } else if (c == '\r' && charAt(i + 1) == '\n') {
            pos = i + 2;
        } else {
            pos = i + 1;
        }
        return line;
    }

    // ---------------------------------------------------------------- settings and closing

    public Scanner useDelimiter(String pattern) {
        this.delimiterPattern = pattern;
        this.delimiter = SimpleRegex.compile(pattern);
        return this;
    }

    public IOException ioException() {
        return lastException;
    }

    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            source.close();
        } catch (IOException e) {
            lastException = e;
        }
    }

    public void remove() {
        throw new UnsupportedOperationException();
    }

    public String toString() {
        return "java.util.Scanner[delimiters=" + delimiterPattern + "]";
    }
}
