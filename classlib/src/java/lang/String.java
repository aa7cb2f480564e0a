package java.lang;

import java.io.UnsupportedEncodingException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Formatter;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.StringJoiner;
import jdk.internal.gcvm.SimpleRegex;
import jdk.internal.gcvm.Utf8;

/**
 * Immutable UTF-16 strings.
 *
 * <p>gcvm contract: {@code value} and {@code hash} are the first two instance fields; the VM
 * creates string constants by allocating a String and setting {@code value}. {@code hash == 0}
 * means "not computed yet". The regex-taking methods (split, matches, replaceAll, replaceFirst)
 * support the subset documented in {@link SimpleRegex}.
 */
public final class String implements java.io.Serializable, Comparable<String>, CharSequence {

    private final char[] value;
    private int hash;

    public static final Comparator<String> CASE_INSENSITIVE_ORDER = new CaseInsensitiveComparator();

    public String() {
        this.value = new char[0];
    }

    public String(String original) {
        this.value = original.value;
        this.hash = original.hash;
    }

    public String(char[] value) {
        this(value, 0, value.length);
    }

    public String(char[] value, int offset, int count) {
        checkOffsetCount(offset, count, value.length);
        this.value = copyRange(value, offset, count);
    }

    public String(int[] codePoints, int offset, int count) {
        checkOffsetCount(offset, count, codePoints.length);
        StringBuilder sb = new StringBuilder(count);
        for (int i = offset; i < offset + count; i++) {
            sb.appendCodePoint(codePoints[i]);
        }
        this.value = sb.toCharArray();
    }

    public String(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    public String(byte[] bytes, int offset, int length) {
        checkOffsetCount(offset, length, bytes.length);
        this.value = Utf8.decode(bytes, offset, length);
    }

    public String(byte[] bytes, String charsetName) throws UnsupportedEncodingException {
        this(bytes, 0, bytes.length, charsetName);
    }

    public String(byte[] bytes, int offset, int length, String charsetName)
            throws UnsupportedEncodingException {
        checkOffsetCount(offset, length, bytes.length);
        this.value = Utf8.decode(bytes, offset, length, Utf8.lookup(charsetName));
    }

    public String(byte[] bytes, java.nio.charset.Charset charset) {
        this(bytes, 0, bytes.length, charset);
    }

    public String(byte[] bytes, int offset, int length, java.nio.charset.Charset charset) {
        checkOffsetCount(offset, length, bytes.length);
        this.value = Utf8.decode(bytes, offset, length, Utf8.lookupKnown(charset.name()));
    }

    public String(StringBuffer buffer) {
        this.value = buffer.toString().value;
    }

    public String(StringBuilder builder) {
        this.value = builder.toCharArray();
    }

    /** Takes ownership of {@code value} (no copy): for classlib-internal use only. */
    String(char[] value, boolean share) {
        this.value = value;
    }

    /** Creates a string that owns {@code chars} (no copy). For classlib use only. */
    static String wrap(char[] chars) {
        return new String(chars, true);
    }

    private static char[] copyRange(char[] src, int offset, int count) {
        char[] r = new char[count];
        System.arraycopy(src, offset, r, 0, count);
        return r;
    }

    private static void checkOffsetCount(int offset, int count, int length) {
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new StringIndexOutOfBoundsException(
                    "offset " + offset + ", count " + count + ", length " + length);
        }
    }

    static void checkBoundsBeginEnd(int begin, int end, int length) {
        if (begin < 0 || begin > end || end > length) {
            throw new StringIndexOutOfBoundsException(
                    "begin " + begin + ", end " + end + ", length " + length);
        }
    }

    static void checkIndex(int index, int length) {
        if (index < 0 || index >= length) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + length);
        }
    }

    // ---- basic accessors ----

    public int length() {
        return value.length;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    public char charAt(int index) {
        if (index < 0 || index >= value.length) {
            throw new StringIndexOutOfBoundsException(index);
        }
        return value[index];
    }

    public int codePointAt(int index) {
        checkIndex(index, value.length);
        return Character.codePointAt(value, index, value.length);
    }

    public int codePointBefore(int index) {
        int i = index - 1;
        if (i < 0 || i >= value.length) {
            throw new StringIndexOutOfBoundsException(index);
        }
        return Character.codePointBefore(value, index, 0);
    }

    public int codePointCount(int beginIndex, int endIndex) {
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > value.length) {
            throw new IndexOutOfBoundsException();
        }
        return Character.codePointCount(value, beginIndex, endIndex - beginIndex);
    }

    public int offsetByCodePoints(int index, int codePointOffset) {
        if (index < 0 || index > value.length) {
            throw new IndexOutOfBoundsException();
        }
        return Character.offsetByCodePoints(this, index, codePointOffset);
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkBoundsBeginEnd(srcBegin, srcEnd, value.length);
        int n = srcEnd - srcBegin;
        if (dstBegin < 0 || dstBegin > dst.length - n) {
            throw new ArrayIndexOutOfBoundsException("Array index out of range: " + (dstBegin + n));
        }
        System.arraycopy(value, srcBegin, dst, dstBegin, n);
    }

    public byte[] getBytes() {
        return Utf8.encode(value, 0, value.length);
    }

    public byte[] getBytes(String charsetName) throws UnsupportedEncodingException {
        return Utf8.encode(value, 0, value.length, Utf8.lookup(charsetName));
    }

    public byte[] getBytes(java.nio.charset.Charset charset) {
        return Utf8.encode(value, 0, value.length, Utf8.lookupKnown(charset.name()));
    }

    public char[] toCharArray() {
        return value.clone();
    }

    /** The backing array (not a copy): classlib-internal. */
    char[] value() {
        return value;
    }

    // ---- comparison ----

    public boolean equals(Object anObject) {
        if (this == anObject) {
            return true;
        }
        if (anObject instanceof String) {
            char[] other = ((String) anObject).value;
            int n = value.length;
            if (n == other.length) {
                for (int i = 0; i < n; i++) {
                    if (value[i] != other[i]) {
                        return false;
                    }
                }
                return true;
            }
        }
        return false;
    }

    public boolean contentEquals(StringBuffer sb) {
        return contentEquals((CharSequence) sb);
    }

    public boolean contentEquals(CharSequence cs) {
        int n = value.length;
        if (n != cs.length()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (value[i] != cs.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    public boolean equalsIgnoreCase(String anotherString) {
        return (this == anotherString) ? true
                : (anotherString != null)
                        && (anotherString.value.length == value.length)
                        && regionMatches(true, 0, anotherString, 0, value.length);
    }

    public int compareTo(String anotherString) {
        char[] v1 = value;
        char[] v2 = anotherString.value;
        int lim = Math.min(v1.length, v2.length);
        for (int k = 0; k < lim; k++) {
            if (v1[k] != v2[k]) {
                return v1[k] - v2[k];
            }
        }
        return v1.length - v2.length;
    }

    public int compareToIgnoreCase(String str) {
        return CASE_INSENSITIVE_ORDER.compare(this, str);
    }

    private static final class CaseInsensitiveComparator
            implements Comparator<String>, java.io.Serializable {
        public int compare(String s1, String s2) {
            int n1 = s1.length();
            int n2 = s2.length();
            int min = Math.min(n1, n2);
            for (int i = 0; i < min; i++) {
                char c1 = s1.value[i];
                char c2 = s2.value[i];
                if (c1 != c2) {
                    c1 = Character.toUpperCase(c1);
                    c2 = Character.toUpperCase(c2);
                    if (c1 != c2) {
                        c1 = Character.toLowerCase(c1);
                        c2 = Character.toLowerCase(c2);
                        if (c1 != c2) {
                            return c1 - c2;
                        }
                    }
                }
            }
            return n1 - n2;
        }
    }

    public boolean regionMatches(int toffset, String other, int ooffset, int len) {
        return regionMatches(false, toffset, other, ooffset, len);
    }

    public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset,
            int len) {
        char[] ta = value;
        char[] pa = other.value;
        if ((ooffset < 0) || (toffset < 0) || (toffset > (long) ta.length - len)
                || (ooffset > (long) pa.length - len)) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            char c1 = ta[toffset + i];
            char c2 = pa[ooffset + i];
            if (c1 == c2) {
                continue;
            }
            if (!ignoreCase) {
                return false;
            }
            char u1 = Character.toUpperCase(c1);
            char u2 = Character.toUpperCase(c2);
            if (u1 != u2 && Character.toLowerCase(u1) != Character.toLowerCase(u2)) {
                return false;
            }
        }
        return true;
    }

    public boolean startsWith(String prefix, int toffset) {
        if (toffset < 0 || toffset > length() - prefix.length()) {
            return false;
        }
        char[] pa = prefix.value;
        for (int i = 0; i < pa.length; i++) {
            if (value[toffset + i] != pa[i]) {
                return false;
            }
        }
        return true;
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, length() - suffix.length());
    }

    public int hashCode() {
        int h = hash;
        if (h == 0) {
            for (char c : value) {
                h = 31 * h + c;
            }
            hash = h;
        }
        return h;
    }

    // ---- searching ----

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(int ch, int fromIndex) {
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (int i = fromIndex; i < value.length; i++) {
                if (value[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (!Character.isValidCodePoint(ch)) {
            return -1;
        }
        char hi = Character.highSurrogate(ch);
        char lo = Character.lowSurrogate(ch);
        for (int i = fromIndex; i < value.length - 1; i++) {
            if (value[i] == hi && value[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(int ch) {
        return lastIndexOf(ch, value.length - 1);
    }

    public int lastIndexOf(int ch, int fromIndex) {
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (int i = Math.min(fromIndex, value.length - 1); i >= 0; i--) {
                if (value[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (!Character.isValidCodePoint(ch)) {
            return -1;
        }
        char hi = Character.highSurrogate(ch);
        char lo = Character.lowSurrogate(ch);
        for (int i = Math.min(fromIndex, value.length - 2); i >= 0; i--) {
            if (value[i] == hi && value[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return indexOf(value, value.length, str.value, fromIndex);
    }

    /** Index of {@code target} in {@code source[0..sourceCount)}, starting at fromIndex. */
    static int indexOf(char[] source, int sourceCount, char[] target, int fromIndex) {
        int tlen = target.length;
        if (fromIndex >= sourceCount) {
            return (tlen == 0 ? sourceCount : -1);
        }
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (tlen == 0) {
            return fromIndex;
        }
        char first = target[0];
        int max = sourceCount - tlen;
        for (int i = fromIndex; i <= max; i++) {
            if (source[i] != first) {
                continue;
            }
            int j = 1;
            while (j < tlen && source[i + j] == target[j]) {
                j++;
            }
            if (j == tlen) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, value.length);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return lastIndexOf(value, value.length, str.value, fromIndex);
    }

    static int lastIndexOf(char[] source, int sourceCount, char[] target, int fromIndex) {
        int tlen = target.length;
        int rightIndex = sourceCount - tlen;
        if (fromIndex > rightIndex) {
            fromIndex = rightIndex;
        }
        if (fromIndex < 0) {
            return -1;
        }
        for (int i = fromIndex; i >= 0; i--) {
            int j = 0;
            while (j < tlen && source[i + j] == target[j]) {
                j++;
            }
            if (j == tlen) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(CharSequence s) {
        return indexOf(s.toString()) >= 0;
    }

    // ---- derived strings ----

    public String substring(int beginIndex) {
        return substring(beginIndex, value.length);
    }

    public String substring(int beginIndex, int endIndex) {
        int length = value.length;
        checkBoundsBeginEnd(beginIndex, endIndex, length);
        if (beginIndex == 0 && endIndex == length) {
            return this;
        }
        return new String(copyRange(value, beginIndex, endIndex - beginIndex), true);
    }

    public CharSequence subSequence(int beginIndex, int endIndex) {
        return this.substring(beginIndex, endIndex);
    }

    public String concat(String str) {
        if (str.isEmpty()) {
            return this;
        }
        char[] r = new char[value.length + str.value.length];
        System.arraycopy(value, 0, r, 0, value.length);
        System.arraycopy(str.value, 0, r, value.length, str.value.length);
        return new String(r, true);
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar == newChar || indexOf(oldChar) < 0) {
            return this;
        }
        char[] r = value.clone();
        for (int i = 0; i < r.length; i++) {
            if (r[i] == oldChar) {
                r[i] = newChar;
            }
        }
        return new String(r, true);
    }

    public String replace(CharSequence target, CharSequence replacement) {
        String trgtStr = target.toString();
        String replStr = replacement.toString();
        int tlen = trgtStr.length();
        if (tlen == 0) {
            return replaceEmpty(replStr);
        }
        int j = indexOf(trgtStr);
        if (j < 0) {
            return this;
        }
        StringBuilder sb = new StringBuilder(value.length + 16);
        int i = 0;
        while (j >= 0) {
            sb.append(value, i, j - i).append(replStr);
            i = j + tlen;
            j = indexOf(trgtStr, i);
        }
        sb.append(value, i, value.length - i);
        return sb.toString();
    }

    private String replaceEmpty(String repl) {
        StringBuilder sb = new StringBuilder(value.length * (repl.length() + 1) + repl.length());
        sb.append(repl);
        for (char c : value) {
            sb.append(c).append(repl);
        }
        return sb.toString();
    }

    public boolean matches(String regex) {
        return SimpleRegex.compile(regex).matches(this);
    }

    public String replaceFirst(String regex, String replacement) {
        return SimpleRegex.compile(regex).replace(this, replacement, false);
    }

    public String replaceAll(String regex, String replacement) {
        return SimpleRegex.compile(regex).replace(this, replacement, true);
    }

    public String[] split(String regex) {
        return split(regex, 0);
    }

    /**
     * Splits around matches of {@code regex} with the JDK's rules (limit, trailing empty strings
     * dropped when limit == 0, no leading empty string for a zero-width match at index 0).
     */
    public String[] split(String regex, int limit) {
        return SimpleRegex.compile(regex).split(this, limit);
    }

    public static String join(CharSequence delimiter, CharSequence... elements) {
        Objects.requireNonNull(delimiter);
        Objects.requireNonNull(elements);
        StringJoiner joiner = new StringJoiner(delimiter);
        for (CharSequence cs : elements) {
            joiner.add(cs);
        }
        return joiner.toString();
    }

    public static String join(CharSequence delimiter, Iterable<? extends CharSequence> elements) {
        Objects.requireNonNull(delimiter);
        Objects.requireNonNull(elements);
        StringJoiner joiner = new StringJoiner(delimiter);
        for (CharSequence cs : elements) {
            joiner.add(cs);
        }
        return joiner.toString();
    }

    public String toLowerCase(Locale locale) {
        return toLowerCase();
    }

    /** Lower case for ASCII, Latin-1, basic Greek and Cyrillic. */
    public String toLowerCase() {
        char[] r = null;
        for (int i = 0; i < value.length; i++) {
            char c = value[i];
            char l = Character.toLowerCase(c);
            if (l != c) {
                if (r == null) {
                    r = value.clone();
                }
                r[i] = l;
            }
        }
        return r == null ? this : new String(r, true);
    }

    public String toUpperCase(Locale locale) {
        return toUpperCase();
    }

    /** Upper case for ASCII, Latin-1 (including \u00df to "SS"), basic Greek and Cyrillic. */
    public String toUpperCase() {
        StringBuilder sb = null;
        for (int i = 0; i < value.length; i++) {
            char c = value[i];
            char u = Character.toUpperCase(c);
            if (u != c || c == '\u00df') {
                if (sb == null) {
                    sb = new StringBuilder(value.length + 4);
                    sb.append(value, 0, i);
                }
                if (c == '\u00df') {
                    sb.append("SS");
                } else {
                    sb.append(u);
                }
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? this : sb.toString();
    }

    public String trim() {
        int len = value.length;
        int st = 0;
        while ((st < len) && (value[st] <= ' ')) {
            st++;
        }
        while ((st < len) && (value[len - 1] <= ' ')) {
            len--;
        }
        return ((st > 0) || (len < value.length)) ? substring(st, len) : this;
    }

    private int firstNonWhitespace() {
        int i = 0;
        while (i < value.length) {
            int cp = Character.codePointAt(value, i, value.length);
            if (!Character.isWhitespace(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    private int lastNonWhitespace() {
        int i = value.length;
        while (i > 0) {
            int cp = Character.codePointBefore(value, i, 0);
            if (!Character.isWhitespace(cp)) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return i;
    }

    public String strip() {
        int left = firstNonWhitespace();
        if (left == value.length) {
            return "";
        }
        return substring(left, lastNonWhitespace());
    }

    public String stripLeading() {
        return substring(firstNonWhitespace());
    }

    public String stripTrailing() {
        return substring(0, lastNonWhitespace());
    }

    /** The lines of this string, split at \n, \r and \r\n (no empty last line). */
    public java.util.stream.Stream<String> lines() {
        final String s = this;
        return java.util.stream.StreamSupport.fromIterator(new java.util.Iterator<String>() {
            private int at;

            public boolean hasNext() {
                return at < s.length();
            }

            public String next() {
                if (at >= s.length()) {
                    throw new java.util.NoSuchElementException();
                }
                int end = at;
                while (end < s.length() && s.charAt(end) != '\n' && s.charAt(end) != '\r') {
                    end++;
                }
                String line = s.substring(at, end);
                if (end < s.length() && s.charAt(end) == '\r' && end + 1 < s.length() && s.charAt(end + 1) == '\n') {
                    end++;
                }
                at = end + 1;
                return line;
            }
        });
    }

    public boolean isBlank() {
        return firstNonWhitespace() == value.length;
    }

    public String repeat(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        if (count == 1) {
            return this;
        }
        int len = value.length;
        if (len == 0 || count == 0) {
            return "";
        }
        if (Integer.MAX_VALUE / count < len) {
            throw new OutOfMemoryError("Required length exceeds implementation limit");
        }
        char[] r = new char[len * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(value, 0, r, i * len, len);
        }
        return new String(r, true);
    }

    public String indent(int n) {
        if (isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (String line : linesList()) {
            if (n > 0) {
                sb.append(" ".repeat(n)).append(line);
            } else if (n < 0) {
                int drop = 0;
                while (drop < -n && drop < line.length()
                        && Character.isWhitespace(line.charAt(drop))) {
                    drop++;
                }
                sb.append(line, drop, line.length());
            } else {
                sb.append(line);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The lines of this string as lines() would stream them. */
    private List<String> linesList() {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (i < value.length) {
            char c = value[i];
            if (c == '\n' || c == '\r') {
                lines.add(substring(start, i));
                if (c == '\r' && i + 1 < value.length && value[i + 1] == '\n') {
                    i++;
                }
                start = i + 1;
            }
            i++;
        }
        if (start < value.length) {
            lines.add(substring(start));
        }
        return lines;
    }

    public String toString() {
        return this;
    }

    public static String format(String format, Object... args) {
        return new Formatter().format(format, args).toString();
    }

    public static String format(Locale l, String format, Object... args) {
        return new Formatter(l).format(format, args).toString();
    }

    public String formatted(Object... args) {
        return new Formatter().format(this, args).toString();
    }

    // ---- valueOf ----

    public static String valueOf(Object obj) {
        return (obj == null) ? "null" : obj.toString();
    }

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(boolean b) {
        return b ? "true" : "false";
    }

    public static String valueOf(char c) {
        return new String(new char[] {c}, true);
    }

    public static String valueOf(int i) {
        return Integer.toString(i);
    }

    public static String valueOf(long l) {
        return Long.toString(l);
    }

    public static String valueOf(float f) {
        return Float.toString(f);
    }

    public static String valueOf(double d) {
        return Double.toString(d);
    }

    /** Returns the canonical instance of this string (VM native). */
    public native String intern();
}
