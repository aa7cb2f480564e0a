package java.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * String properties with defaults, as the JDK 17's: a Hashtable by type whose entries live in
 * a ConcurrentHashMap (`map`, initial capacity 8), so iteration, toString and store order are
 * that map's (gcvm's ConcurrentHashMap has the JDK's layout). load and store read and write
 * the JDK's line format: comment lines (`#`, `!`), `key=value`, `key:value` or `key value`,
 * backslash continuation lines, escapes (`\t \n \r \f \\uXXXX`, any other escaped character
 * stands for itself); store escapes `= : # !`, leading spaces of values and all spaces of keys,
 * and (to a byte stream) every character outside printable ASCII as `\\uXXXX`.
 * The date line that store writes is in UTC (gcvm has no time zones).
 */
public class Properties extends Hashtable<Object, Object> {
    protected volatile Properties defaults;
    private transient volatile ConcurrentHashMap<Object, Object> map;

    public Properties() {
        this(null, 8);
    }

    public Properties(int initialCapacity) {
        this(null, initialCapacity);
    }

    public Properties(Properties defaults) {
        this(defaults, 8);
    }

    private Properties(Properties defaults, int initialCapacity) {
        super((Void) null);
        map = new ConcurrentHashMap<Object, Object>(initialCapacity);
        this.defaults = defaults;
    }

    public synchronized Object setProperty(String key, String value) {
        return put(key, value);
    }

    public String getProperty(String key) {
        Object value = map.get(key);
        String s = value instanceof String ? (String) value : null;
        Properties d = defaults;
        return s == null && d != null ? d.getProperty(key) : s;
    }

    public String getProperty(String key, String defaultValue) {
        String value = getProperty(key);
        return value == null ? defaultValue : value;
    }

    public Enumeration<?> propertyNames() {
        Hashtable<String, Object> h = new Hashtable<String, Object>();
        enumerate(h);
        return h.keys();
    }

    public Set<String> stringPropertyNames() {
        Map<String, String> h = new HashMap<String, String>();
        enumerateStringProperties(h);
        return Collections.unmodifiableSet(h.keySet());
    }

    /** Puts every property, defaults first, into `h` (a non-String key throws ClassCastException). */
    private void enumerate(Map<String, Object> h) {
        if (defaults != null) {
            defaults.enumerate(h);
        }
        for (Map.Entry<Object, Object> e : entrySet()) {
            h.put((String) e.getKey(), e.getValue());
        }
    }

    private void enumerateStringProperties(Map<String, String> h) {
        if (defaults != null) {
            defaults.enumerateStringProperties(h);
        }
        for (Map.Entry<Object, Object> e : entrySet()) {
            Object k = e.getKey();
            Object v = e.getValue();
            if (k instanceof String && v instanceof String) {
                h.put((String) k, (String) v);
            }
        }
    }

    public void list(PrintStream out) {
        out.println("-- listing properties --");
        for (Map.Entry<String, Object> e : listing().entrySet()) {
            out.println(e.getKey() + "=" + abbreviated((String) e.getValue()));
        }
    }

    public void list(PrintWriter out) {
        out.println("-- listing properties --");
        for (Map.Entry<String, Object> e : listing().entrySet()) {
            out.println(e.getKey() + "=" + abbreviated((String) e.getValue()));
        }
    }

    private Map<String, Object> listing() {
        Map<String, Object> h = new HashMap<String, Object>();
        enumerate(h);
        return h;
    }

    private static String abbreviated(String value) {
        return value.length() > 40 ? value.substring(0, 37) + "..." : value;
    }

    // ---- load

    public synchronized void load(Reader reader) throws IOException {
        Objects.requireNonNull(reader, "reader parameter is null");
        StringBuilder text = new StringBuilder();
        char[] buf = new char[8192];
        int n;
        while ((n = reader.read(buf, 0, buf.length)) > 0) {
            text.append(buf, 0, n);
        }
        parse(text.toString());
    }

    public synchronized void load(InputStream inStream) throws IOException {
        Objects.requireNonNull(inStream, "inStream parameter is null");
        byte[] bytes = inStream.readAllBytes();
        char[] chars = new char[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            chars[i] = (char) (bytes[i] & 0xff);
        }
        parse(new String(chars));
    }

    /** Puts every `key=value` of the logical lines of `text`. */
    private void parse(String text) {
        LineReader lines = new LineReader(text);
        String line;
        while ((line = lines.next()) != null) {
            putLine(line);
        }
    }

    private void putLine(String line) {
        int limit = line.length();
        int keyLen = 0;
        int valueStart = limit;
        boolean hasSep = false;
        boolean precedingBackslash = false;
        while (keyLen < limit) {
            char c = line.charAt(keyLen);
            if ((c == '=' || c == ':') && !precedingBackslash) {
                valueStart = keyLen + 1;
                hasSep = true;
                break;
            } else if (isWhitespace(c) && !precedingBackslash) {
                valueStart = keyLen + 1;
                break;
            }
            precedingBackslash = c == '\\' && !precedingBackslash;
            keyLen++;
        }
        while (valueStart < limit) {
            char c = line.charAt(valueStart);
            if (!isWhitespace(c)) {
                if (!hasSep && (c == '=' || c == ':')) {
                    hasSep = true;
                } else {
                    break;
                }
            }
            valueStart++;
        }
        put(unescape(line, 0, keyLen), unescape(line, valueStart, limit));
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\f';
    }

    /** The chars of `s` from `from` to `to` with backslash escapes resolved. */
    private static String unescape(String s, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        int i = from;
        while (i < to) {
            char c = s.charAt(i++);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (i >= to) {
                break;
            }
            c = s.charAt(i++);
            if (c == 'u') {
                if (i > to - 4) {
                    throw new IllegalArgumentException("Malformed \\uxxxx encoding.");
                }
                int value = 0;
                for (int k = 0; k < 4; k++) {
                    int d = Character.digit(s.charAt(i++), 16);
                    if (d < 0) {
                        throw new IllegalArgumentException("Malformed \\uxxxx encoding.");
                    }
                    value = (value << 4) + d;
                }
                out.append((char) value);
            } else {
                out.append(c == 't' ? '\t' : c == 'r' ? '\r' : c == 'n' ? '\n' : c == 'f' ? '\f' : c);
            }
        }
        return out.toString();
    }

    /**
     * The logical lines of a properties text: blank and comment lines dropped, leading
     * whitespace skipped, a line ending in an odd number of backslashes joined with the next
     * (whose leading whitespace is skipped; a continuation line is never a comment).
     */
    private static final class LineReader {
        private final String text;
        private int pos;

        LineReader(String text) {
            this.text = text;
        }

        /** The next physical line without its terminator (\n, \r or \r\n), or null at the end. */
        private String physicalLine() {
            int n = text.length();
            if (pos >= n) {
                return null;
            }
            int start = pos;
            while (pos < n && text.charAt(pos) != '\n' && text.charAt(pos) != '\r') {
                pos++;
            }
            String line = text.substring(start, pos);
            if (pos < n) {
                if (text.charAt(pos) == '\r' && pos + 1 < n && text.charAt(pos + 1) == '\n') {
                    pos++;
                }
                pos++;
            }
            return line;
        }

        private static String skipLeadingWhitespace(String line) {
            int i = 0;
            while (i < line.length() && isWhitespace(line.charAt(i))) {
                i++;
            }
            return line.substring(i);
        }

        private static boolean continues(CharSequence line) {
            int backslashes = 0;
            for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
                backslashes++;
            }
            return (backslashes & 1) == 1;
        }

        String next() {
            String line;
            do {
                line = physicalLine();
                if (line == null) {
                    return null;
                }
                line = skipLeadingWhitespace(line);
            } while (line.isEmpty() || line.charAt(0) == '#' || line.charAt(0) == '!');
            StringBuilder logical = new StringBuilder(line);
            while (continues(logical)) {
                logical.setLength(logical.length() - 1);
                String more = physicalLine();
                if (more == null) {
                    break;
                }
                logical.append(skipLeadingWhitespace(more));
            }
            return logical.toString();
        }
    }

    // ---- store

    public void store(Writer writer, String comments) throws IOException {
        writer.write(storeText(comments, false));
        writer.flush();
    }

    public void store(OutputStream out, String comments) throws IOException {
        String text = storeText(comments, true);
        byte[] bytes = new byte[text.length()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) text.charAt(i);
        }
        out.write(bytes);
        out.flush();
    }

    /** @deprecated as in the JDK: store that cannot report an IOException. */
    @Deprecated
    public void save(OutputStream out, String comments) {
        try {
            store(out, comments);
        } catch (IOException ignored) {
            // as the JDK's
        }
    }

    private String storeText(String comments, boolean escUnicode) {
        StringBuilder out = new StringBuilder();
        if (comments != null) {
            writeComments(out, comments);
        }
        out.append('#').append(dateLine()).append('\n');
        synchronized (this) {
            for (Map.Entry<Object, Object> e : entrySet()) {
                String key = (String) e.getKey();
                String value = (String) e.getValue();
                saveConvert(out, key, true, escUnicode);
                out.append('=');
                saveConvert(out, value, false, escUnicode);
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private static void appendUnicodeEscape(StringBuilder out, char c) {
        out.append('\\').append('u');
        out.append(HEX[(c >> 12) & 0xF]).append(HEX[(c >> 8) & 0xF]);
        out.append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
    }

    private static void saveConvert(StringBuilder out, String s, boolean escapeSpace, boolean escUnicode) {
        for (int x = 0; x < s.length(); x++) {
            char c = s.charAt(x);
            if (c > 61 && c < 127) {
                if (c == '\\') {
                    out.append('\\');
                }
                out.append(c);
                continue;
            }
            switch (c) {
                case ' ':
                    if (x == 0 || escapeSpace) {
                        out.append('\\');
                    }
                    out.append(' ');
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                case '=':
                case ':':
                case '#':
                case '!':
                    out.append('\\').append(c);
                    break;
                default:
                    if ((c < 0x0020 || c > 0x007e) && escUnicode) {
                        appendUnicodeEscape(out, c);
                    } else {
                        out.append(c);
                    }
            }
        }
    }

    /** `#` + the comments, each line break starting a new `#` line unless one follows. */
    private static void writeComments(StringBuilder out, String comments) {
        out.append('#');
        int len = comments.length();
        int last = 0;
        for (int current = 0; current < len; current++) {
            char c = comments.charAt(current);
            if (c > '\u00ff' || c == '\n' || c == '\r') {
                out.append(comments, last, current);
                if (c > '\u00ff') {
                    appendUnicodeEscape(out, c);
                } else {
                    out.append('\n');
                    if (c == '\r' && current != len - 1 && comments.charAt(current + 1) == '\n') {
                        current++;
                    }
                    if (current == len - 1
                        || (comments.charAt(current + 1) != '#' && comments.charAt(current + 1) != '!')) {
                        out.append('#');
                    }
                }
                last = current + 1;
            }
        }
        out.append(comments, last, len);
        out.append('\n');
    }

    private static final String[] DAYS = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

    /** The current time as Date.toString prints it, in UTC: `Wed Dec 02 09:52:03 UTC 2026`. */
    private static String dateLine() {
        long millis = System.currentTimeMillis();
        long days = Math.floorDiv(millis, 86400000L);
        int secs = (int) (Math.floorMod(millis, 86400000L) / 1000);
        // civil-from-days (proleptic Gregorian), days counted from 1970-01-01
        long z = days + 719468;
        long era = Math.floorDiv(z, 146097);
        long doe = z - era * 146097;
        long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        int day = (int) (doy - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        return DAYS[(int) Math.floorMod(days, 7L)] + " " + MONTHS[month - 1] + " " + twoDigits(day) + " "
            + twoDigits(secs / 3600) + ":" + twoDigits(secs / 60 % 60) + ":" + twoDigits(secs % 60) + " UTC " + year;
    }

    private static String twoDigits(int n) {
        return n < 10 ? "0" + n : String.valueOf(n);
    }

    // ---- the Hashtable methods, on `map`

    public int size() {
        return map.size();
    }

    public boolean isEmpty() {
        return map.isEmpty();
    }

    public Enumeration<Object> keys() {
        return Collections.enumeration(map.keySet());
    }

    public Enumeration<Object> elements() {
        return Collections.enumeration(map.values());
    }

    public Set<Object> keySet() {
        return map.keySet();
    }

    public Collection<Object> values() {
        return map.values();
    }

    public Set<Map.Entry<Object, Object>> entrySet() {
        return map.entrySet();
    }

    public boolean equals(Object o) {
        return map.equals(o);
    }

    public int hashCode() {
        return map.hashCode();
    }

    public String toString() {
        return map.toString();
    }

    public boolean contains(Object value) {
        return map.contains(value);
    }

    public boolean containsValue(Object value) {
        return map.containsValue(value);
    }

    public boolean containsKey(Object key) {
        return map.containsKey(key);
    }

    public Object get(Object key) {
        return map.get(key);
    }

    public synchronized Object put(Object key, Object value) {
        return map.put(key, value);
    }

    public synchronized Object remove(Object key) {
        return map.remove(key);
    }

    public synchronized void putAll(Map<?, ?> t) {
        map.putAll(t);
    }

    public synchronized void clear() {
        map.clear();
    }

    public Object getOrDefault(Object key, Object defaultValue) {
        return map.getOrDefault(key, defaultValue);
    }

    public synchronized void forEach(BiConsumer<? super Object, ? super Object> action) {
        map.forEach(action);
    }

    public synchronized void replaceAll(BiFunction<? super Object, ? super Object, ?> function) {
        map.replaceAll(function);
    }

    public synchronized Object putIfAbsent(Object key, Object value) {
        return map.putIfAbsent(key, value);
    }

    public synchronized boolean remove(Object key, Object value) {
        return map.remove(key, value);
    }

    public synchronized boolean replace(Object key, Object oldValue, Object newValue) {
        return map.replace(key, oldValue, newValue);
    }

    public synchronized Object replace(Object key, Object value) {
        return map.replace(key, value);
    }

    public synchronized Object computeIfAbsent(Object key, Function<? super Object, ?> mappingFunction) {
        return map.computeIfAbsent(key, mappingFunction);
    }

    public synchronized Object computeIfPresent(Object key, BiFunction<? super Object, ? super Object, ?> remappingFunction) {
        return map.computeIfPresent(key, remappingFunction);
    }

    public synchronized Object compute(Object key, BiFunction<? super Object, ? super Object, ?> remappingFunction) {
        return map.compute(key, remappingFunction);
    }

    public synchronized Object merge(Object key, Object value, BiFunction<? super Object, ? super Object, ?> remappingFunction) {
        return map.merge(key, value, remappingFunction);
    }

    protected void rehash() {
    }

    public synchronized Object clone() {
        Properties clone = (Properties) cloneHashtable();
        clone.map = new ConcurrentHashMap<Object, Object>(map);
        return clone;
    }

    private Object cloneHashtable() {
        return super.clone();
    }
}
