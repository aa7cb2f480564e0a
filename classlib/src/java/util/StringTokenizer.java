package java.util;

/**
 * Splits a string into tokens at delimiter characters (code points, as the JDK's: a
 * supplementary delimiter is matched whole). `position` is the next character to examine;
 * with `retDelims` each delimiter is a token of its own. nextToken(delim) changes the
 * delimiters for this and later tokens.
 */
public class StringTokenizer implements Enumeration<Object> {
    private int position;
    private final String str;
    private String delimiters;
    private final boolean retDelims;

    public StringTokenizer(String str, String delim, boolean returnDelims) {
        this.str = str;
        this.delimiters = delim;
        this.retDelims = returnDelims;
        str.length(); // NullPointerException for a null string, as the JDK's
    }

    public StringTokenizer(String str, String delim) {
        this(str, delim, false);
    }

    public StringTokenizer(String str) {
        this(str, " \t\n\r\f", false);
    }

    private boolean isDelimiter(int codePoint) {
        return delimiters != null && delimiters.indexOf(codePoint) >= 0;
    }

    /** The first position at or after `start` that is not a delimiter (unless retDelims). */
    private int skipDelimiters(int start) {
        if (delimiters == null) {
            throw new NullPointerException();
        }
        int p = start;
        while (!retDelims && p < str.length()) {
            int c = str.codePointAt(p);
            if (!isDelimiter(c)) {
                break;
            }
            p += Character.charCount(c);
        }
        return p;
    }

    /** The end of the token starting at `start`. */
    private int scanToken(int start) {
        int p = start;
        while (p < str.length()) {
            int c = str.codePointAt(p);
            if (isDelimiter(c)) {
                break;
            }
            p += Character.charCount(c);
        }
        if (retDelims && start == p && p < str.length()) {
            p += Character.charCount(str.codePointAt(p));
        }
        return p;
    }

    public boolean hasMoreTokens() {
        return skipDelimiters(position) < str.length();
    }

    public String nextToken() {
        position = skipDelimiters(position);
        if (position >= str.length()) {
            throw new NoSuchElementException();
        }
        int start = position;
        position = scanToken(position);
        return str.substring(start, position);
    }

    public String nextToken(String delim) {
        delimiters = delim;
        return nextToken();
    }

    public boolean hasMoreElements() {
        return hasMoreTokens();
    }

    public Object nextElement() {
        return nextToken();
    }

    public int countTokens() {
        int count = 0;
        int p = position;
        while (p < str.length()) {
            p = skipDelimiters(p);
            if (p >= str.length()) {
                break;
            }
            p = scanToken(p);
            count++;
        }
        return count;
    }
}
