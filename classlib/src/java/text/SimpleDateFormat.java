package java.text;

import java.util.ArrayList;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/**
 * Formats and parses dates with a pattern (letters G y Y M L w W D d F E u a H k K h m s S z Z X
 * and quoted literals), in English, on a GregorianCalendar (so dates before 1582 are
 * proleptic Gregorian; see GregorianCalendar). Parsing follows the JDK's SimpleDateFormat:
 * leading blanks before a field are skipped, a numeric field followed directly by another
 * field takes exactly its letter count of digits, text fields match full or short names
 * ignoring case, two-digit years fall within 80 years before and 20 after now, and the
 * fields are resolved by the calendar (lenient unless setLenient(false)).
 */
public class SimpleDateFormat extends DateFormat {
    private static final String PATTERN_CHARS = "GyMdkHmsSEDFwWahKzZYuXL";
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"};
    private static final String[] SHORT_MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
        "Aug", "Sep", "Oct", "Nov", "Dec"};
    private static final String[] WEEKDAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday",
        "Friday", "Saturday"};
    private static final String[] SHORT_WEEKDAYS = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    private static final String[] AMPM = {"AM", "PM"};
    private static final String[] ERAS = {"BC", "AD"};

    private String pattern;
    /** The compiled pattern: a String is a literal, an int[] {letter, count} a field. */
    private transient List<Object> compiled;
    private int defaultCenturyStartYear;
    private Date defaultCenturyStart;

    public SimpleDateFormat() {
        this(DateFormat.dateTimePattern(SHORT, SHORT));
    }

    public SimpleDateFormat(String pattern) {
        this(pattern, Locale.getDefault());
    }

    public SimpleDateFormat(String pattern, Locale locale) {
        if (pattern == null || locale == null) {
            throw new NullPointerException();
        }
        this.calendar = new GregorianCalendar(TimeZone.getDefault());
        applyPattern(pattern);
        Calendar c = new GregorianCalendar();
        c.add(Calendar.YEAR, -80);
        set2DigitYearStart(c.getTime());
    }

    public void applyPattern(String pattern) {
        this.compiled = compile(pattern);
        this.pattern = pattern;
    }

    public String toPattern() {
        return pattern;
    }

    public void set2DigitYearStart(Date startDate) {
        defaultCenturyStart = new Date(startDate.getTime());
        Calendar c = (Calendar) calendar.clone();
        c.setTime(startDate);
        defaultCenturyStartYear = c.get(Calendar.YEAR);
    }

    public Date get2DigitYearStart() {
        return (Date) defaultCenturyStart.clone();
    }

    private static List<Object> compile(String pattern) {
        List<Object> out = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int length = pattern.length();
        for (int i = 0; i < length; i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                if (i + 1 < length && pattern.charAt(i + 1) == '\'') {
                    literal.append('\'');
                    i++;
                    continue;
                }
                int end = i + 1;
                StringBuilder quoted = new StringBuilder();
                while (true) {
                    if (end >= length) {
                        throw new IllegalArgumentException("Unterminated quote");
                    }
                    char q = pattern.charAt(end);
                    if (q == '\'') {
                        if (end + 1 < length && pattern.charAt(end + 1) == '\'') {
                            quoted.append('\'');
                            end += 2;
                            continue;
                        }
                        break;
                    }
                    quoted.append(q);
                    end++;
                }
                literal.append(quoted);
                i = end;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                if (PATTERN_CHARS.indexOf(c) < 0) {
                    throw new IllegalArgumentException("Illegal pattern character '" + c + "'");
                }
                int count = 1;
                while (i + 1 < length && pattern.charAt(i + 1) == c) {
                    count++;
                    i++;
                }
                if (c == 'X' && count > 3) {
                    throw new IllegalArgumentException("invalid ISO 8601 format: length=" + count);
                }
                if (literal.length() > 0) {
                    out.add(literal.toString());
                    literal.setLength(0);
                }
                out.add(new int[] {c, count});
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            out.add(literal.toString());
        }
        return out;
    }

    // ---- formatting

    @Override
    public StringBuffer format(Date date, StringBuffer toAppendTo, FieldPosition pos) {
        calendar.setTime(date);
        for (Object e : compiled) {
            if (e instanceof String) {
                toAppendTo.append((String) e);
            } else {
                int[] f = (int[]) e;
                formatField((char) f[0], f[1], toAppendTo);
            }
        }
        return toAppendTo;
    }

    private void formatField(char letter, int count, StringBuffer buf) {
        Calendar c = calendar;
        switch (letter) {
            case 'G':
                buf.append(ERAS[c.get(Calendar.ERA)]);
                break;
            case 'y':
            case 'Y': {
                int year = letter == 'y' ? c.get(Calendar.YEAR) : weekYear();
                if (count == 2) {
                    zeroPad(buf, year, 2, 2);
                } else {
                    zeroPad(buf, year, count, Integer.MAX_VALUE);
                }
                break;
            }
            case 'M':
            case 'L': {
                int month = c.get(Calendar.MONTH);
                if (count >= 4) {
                    buf.append(MONTHS[month]);
                } else if (count == 3) {
                    buf.append(SHORT_MONTHS[month]);
                } else {
                    zeroPad(buf, month + 1, count, Integer.MAX_VALUE);
                }
                break;
            }
            case 'E':
                buf.append(count >= 4 ? WEEKDAYS[c.get(Calendar.DAY_OF_WEEK) - 1]
                        : SHORT_WEEKDAYS[c.get(Calendar.DAY_OF_WEEK) - 1]);
                break;
            case 'a':
                buf.append(AMPM[c.get(Calendar.AM_PM)]);
                break;
            case 'k': {
                int h = c.get(Calendar.HOUR_OF_DAY);
                zeroPad(buf, h == 0 ? 24 : h, count, Integer.MAX_VALUE);
                break;
            }
            case 'h': {
                int h = c.get(Calendar.HOUR);
                zeroPad(buf, h == 0 ? 12 : h, count, Integer.MAX_VALUE);
                break;
            }
            case 'u': {
                int dow = c.get(Calendar.DAY_OF_WEEK);
                zeroPad(buf, dow == Calendar.SUNDAY ? 7 : dow - 1, count, Integer.MAX_VALUE);
                break;
            }
            case 'z':
                buf.append(c.getTimeZone().getDisplayName(false, count >= 4 ? TimeZone.LONG : TimeZone.SHORT));
                break;
            case 'Z': {
                int value = (c.get(Calendar.ZONE_OFFSET) + c.get(Calendar.DST_OFFSET)) / 60000;
                buf.append(value >= 0 ? '+' : '-');
                value = Math.abs(value);
                zeroPad(buf, (value / 60) * 100 + (value % 60), 4, Integer.MAX_VALUE);
                break;
            }
            case 'X': {
                int value = c.get(Calendar.ZONE_OFFSET) + c.get(Calendar.DST_OFFSET);
                if (value == 0) {
                    buf.append('Z');
                    break;
                }
                value /= 60000;
                buf.append(value >= 0 ? '+' : '-');
                value = Math.abs(value);
                zeroPad(buf, value / 60, 2, 2);
                if (count == 1) {
                    break;
                }
                if (count == 3) {
                    buf.append(':');
                }
                zeroPad(buf, value % 60, 2, 2);
                break;
            }
            default:
                zeroPad(buf, c.get(numericField(letter)), count, Integer.MAX_VALUE);
                break;
        }
    }

    private static int numericField(char letter) {
        switch (letter) {
            case 'd':
                return Calendar.DAY_OF_MONTH;
            case 'H':
                return Calendar.HOUR_OF_DAY;
            case 'm':
                return Calendar.MINUTE;
            case 's':
                return Calendar.SECOND;
            case 'S':
                return Calendar.MILLISECOND;
            case 'D':
                return Calendar.DAY_OF_YEAR;
            case 'F':
                return Calendar.DAY_OF_WEEK_IN_MONTH;
            case 'w':
                return Calendar.WEEK_OF_YEAR;
            case 'W':
                return Calendar.WEEK_OF_MONTH;
            case 'K':
                return Calendar.HOUR;
            default:
                throw new IllegalArgumentException("Illegal pattern character '" + letter + "'");
        }
    }

    private int weekYear() {
        int year = calendar.get(Calendar.YEAR);
        int week = calendar.get(Calendar.WEEK_OF_YEAR);
        int month = calendar.get(Calendar.MONTH);
        if (week == 1 && month == Calendar.DECEMBER) {
            return year + 1;
        }
        if (week >= 52 && month == Calendar.JANUARY) {
            return year - 1;
        }
        return year;
    }

    private static void zeroPad(StringBuffer buf, int value, int minDigits, int maxDigits) {
        String s = Integer.toString(Math.abs(value));
        if (s.length() > maxDigits) {
            s = s.substring(s.length() - maxDigits);
        }
        if (value < 0) {
            buf.append('-');
        }
        for (int i = s.length(); i < minDigits; i++) {
            buf.append('0');
        }
        buf.append(s);
    }

    // ---- parsing

    @Override
    public Date parse(String text, ParsePosition pos) {
        int start = pos.getIndex();
        int oldStart = start;
        int textLength = text.length();
        Calendar cal = (Calendar) calendar.clone();
        cal.clear();
        boolean[] ambiguousYear = {false};
        for (int i = 0; i < compiled.size(); i++) {
            Object e = compiled.get(i);
            if (e instanceof String) {
                String lit = (String) e;
                for (int k = 0; k < lit.length(); k++) {
                    if (start >= textLength || text.charAt(start) != lit.charAt(k)) {
                        pos.setIndex(oldStart);
                        pos.setErrorIndex(start);
                        return null;
                    }
                    start++;
                }
            } else {
                int[] f = (int[]) e;
                boolean obeyCount = i + 1 < compiled.size() && obeysCount(compiled.get(i + 1));
                int next = subParse(text, start, (char) f[0], f[1], obeyCount, ambiguousYear, cal);
                if (next < 0) {
                    pos.setIndex(oldStart);
                    pos.setErrorIndex(~next);
                    return null;
                }
                start = next;
            }
        }
        pos.setIndex(start);
        try {
            Date parsed = cal.getTime();
            if (ambiguousYear[0] && parsed.before(defaultCenturyStart)) {
                cal.add(Calendar.YEAR, 100);
                parsed = cal.getTime();
            }
            return parsed;
        } catch (IllegalArgumentException ex) {
            pos.setErrorIndex(start);
            pos.setIndex(oldStart);
            return null;
        }
    }

    /** Whether a numeric field followed directly by this element must take exactly its count of digits. */
    private static boolean obeysCount(Object next) {
        if (next instanceof String) {
            return false;
        }
        int[] f = (int[]) next;
        char letter = (char) f[0];
        if (letter == 'M' || letter == 'L') {
            return f[1] <= 2;
        }
        return "ydkHmsSDFwWhKYu".indexOf(letter) >= 0;
    }

    /** Parses one field at start; the position after it, or ~errorIndex. */
    private int subParse(String text, int start, char letter, int count, boolean obeyCount,
            boolean[] ambiguousYear, Calendar cal) {
        int fieldStart = start;
        while (true) {
            if (start >= text.length()) {
                return ~start;
            }
            char c = text.charAt(start);
            if (c != ' ' && c != '\t') {
                break;
            }
            start++;
        }
        switch (letter) {
            case 'G':
                return text(text, start, ERAS, null, Calendar.ERA, 0, cal);
            case 'M':
            case 'L':
                if (count <= 2) {
                    break;
                }
                return text(text, start, MONTHS, SHORT_MONTHS, Calendar.MONTH, 0, cal);
            case 'E':
                return text(text, start, WEEKDAYS, SHORT_WEEKDAYS, Calendar.DAY_OF_WEEK, 1, cal);
            case 'a':
                return text(text, start, AMPM, null, Calendar.AM_PM, 0, cal);
            case 'z':
            case 'Z':
                return zone(text, start, cal);
            case 'X':
                return isoZone(text, start, count, cal);
            default:
                break;
        }
        // as the JDK: a fixed-width field counts its digits from before the skipped blanks
        if (obeyCount && fieldStart + count > text.length()) {
            return ~start;
        }
        int end = obeyCount ? fieldStart + count : text.length();
        int p = start;
        boolean negative = false;
        if (p < end && text.charAt(p) == '-') {
            negative = true;
            p++;
        }
        int digitsStart = p;
        long value = 0;
        while (p < end && text.charAt(p) >= '0' && text.charAt(p) <= '9') {
            value = value * 10 + (text.charAt(p) - '0');
            if (value > Integer.MAX_VALUE) {
                return ~start;
            }
            p++;
        }
        if (p == digitsStart) {
            return ~start;
        }
        int v = (int) (negative ? -value : value);
        switch (letter) {
            case 'y':
            case 'Y':
                if (count <= 2 && p - digitsStart == 2 && !negative) {
                    int ambiguousTwoDigitYear = defaultCenturyStartYear % 100;
                    ambiguousYear[0] = v == ambiguousTwoDigitYear;
                    v += (defaultCenturyStartYear / 100) * 100 + (v < ambiguousTwoDigitYear ? 100 : 0);
                }
                cal.set(Calendar.YEAR, v);
                return p;
            case 'M':
            case 'L':
                cal.set(Calendar.MONTH, v - 1);
                return p;
            case 'k':
                if (!isLenient() && (v < 1 || v > 24)) {
                    return ~p;
                }
                cal.set(Calendar.HOUR_OF_DAY, v == 24 ? 0 : v);
                return p;
            case 'h':
                if (!isLenient() && (v < 1 || v > 12)) {
                    return ~p;
                }
                cal.set(Calendar.HOUR, v == 12 ? 0 : v);
                return p;
            case 'u':
                if (!isLenient() && (v < 1 || v > 7)) {
                    return ~p;
                }
                cal.set(Calendar.DAY_OF_WEEK, v == 7 ? Calendar.SUNDAY : v + 1);
                return p;
            default:
                cal.set(numericField(letter), v);
                return p;
        }
    }

    /** The longest full or short name matching at start, ignoring case. */
    private int text(String text, int start, String[] full, String[] shorter, int field, int base, Calendar cal) {
        int best = -1;
        int bestLen = 0;
        String[][] sets = shorter == null ? new String[][] {full} : new String[][] {full, shorter};
        for (String[] names : sets) {
            for (int i = 0; i < names.length; i++) {
                int len = names[i].length();
                if (len > bestLen && text.regionMatches(true, start, names[i], 0, len)) {
                    best = i;
                    bestLen = len;
                }
            }
            if (best >= 0) {
                break;
            }
        }
        if (best < 0) {
            return ~start;
        }
        cal.set(field, best + base);
        return start + bestLen;
    }

    /** z and Z: [+-]hhmm (RFC 822), GMT, GMT[+-]h[h][:mm] or a zone name (UTC and GMT only). */
    private int zone(String text, int start, Calendar cal) {
        char c = text.charAt(start);
        int sign = c == '+' ? 1 : c == '-' ? -1 : 0;
        if (sign != 0) {
            return numericZone(text, start + 1, sign, 0, false, cal);
        }
        if ((c == 'G' || c == 'g') && text.regionMatches(true, start, "GMT", 0, 3)) {
            int p = start + 3;
            if (p < text.length()) {
                c = text.charAt(p);
                sign = c == '+' ? 1 : c == '-' ? -1 : 0;
            }
            if (sign == 0) {
                setOffset(cal, 0);
                return p;
            }
            return numericZone(text, p + 1, sign, 0, true, cal);
        }
        String[] names = {"Coordinated Universal Time", "Greenwich Mean Time", "UTC", "GMT"};
        for (String n : names) {
            if (text.regionMatches(true, start, n, 0, n.length())) {
                setOffset(cal, 0);
                return start + n.length();
            }
        }
        return ~start;
    }

    /** X: Z or [+-]hh, [+-]hhmm, [+-]hh:mm by count. */
    private int isoZone(String text, int start, int count, Calendar cal) {
        char c = text.charAt(start);
        if (c == 'Z') {
            setOffset(cal, 0);
            return start + 1;
        }
        if (c != '+' && c != '-') {
            return ~(start + 1);
        }
        return numericZone(text, start + 1, c == '+' ? 1 : -1, count, count == 3, cal);
    }

    /** The JDK's subParseNumericZone: hh[[:]mm]; the error index is where it stopped. */
    private int numericZone(String text, int start, int sign, int count, boolean colon, Calendar cal) {
        int index = start;
        try {
            char c = text.charAt(index++);
            if (!Character.isDigit(c)) {
                return ~(index - 1);
            }
            int hours = c - '0';
            c = text.charAt(index++);
            if (Character.isDigit(c)) {
                hours = hours * 10 + (c - '0');
            } else {
                if (count > 0 || !colon) {
                    return ~(index - 1);
                }
                --index;
            }
            if (hours > 23) {
                return ~(index - 1);
            }
            int minutes = 0;
            if (count != 1) {
                c = text.charAt(index++);
                if (colon) {
                    if (c != ':') {
                        return ~(index - 1);
                    }
                    c = text.charAt(index++);
                }
                if (!Character.isDigit(c)) {
                    return ~(index - 1);
                }
                minutes = c - '0';
                c = text.charAt(index++);
                if (!Character.isDigit(c)) {
                    return ~(index - 1);
                }
                minutes = minutes * 10 + (c - '0');
                if (minutes > 59) {
                    return ~(index - 1);
                }
            }
            minutes += hours * 60;
            setOffset(cal, minutes * 60000 * sign);
            return index;
        } catch (IndexOutOfBoundsException e) {
            return ~(index - 1);
        }
    }

    private static void setOffset(Calendar cal, int millis) {
        cal.set(Calendar.ZONE_OFFSET, millis);
        cal.set(Calendar.DST_OFFSET, 0);
    }

    @Override
    public Object clone() {
        SimpleDateFormat other = (SimpleDateFormat) super.clone();
        other.defaultCenturyStart = (Date) defaultCenturyStart.clone();
        return other;
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof SimpleDateFormat)) {
            return false;
        }
        SimpleDateFormat that = (SimpleDateFormat) obj;
        return pattern.equals(that.pattern) && getTimeZone().equals(that.getTimeZone())
                && isLenient() == that.isLenient();
    }
}
