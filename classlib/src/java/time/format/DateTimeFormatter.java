package java.time.format;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalField;
import java.time.temporal.TemporalQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Formats and parses date-times: the ISO constants and ofPattern, as a list of printer-parsers
 * built the way the JDK's DateTimeFormatterBuilder builds them (including adjacent value
 * parsing, so "yyyyMMdd" parses). Text is English (Locale is accepted and ignored). Parsing
 * fills a Parsed and resolves it with the formatter's ResolverStyle (STRICT for the ISO
 * constants, SMART for ofPattern), with the JDK's error messages.
 *
 * Not supported: localized styles (ofLocalizedDate), week-based and quarter letters
 * (w W Y e c Q q), DateTimeFormatterBuilder, padding (p) and zone names beyond UTC/GMT.
 */
public final class DateTimeFormatter {
    public static final DateTimeFormatter ISO_LOCAL_DATE;
    public static final DateTimeFormatter ISO_OFFSET_DATE;
    public static final DateTimeFormatter ISO_DATE;
    public static final DateTimeFormatter ISO_LOCAL_TIME;
    public static final DateTimeFormatter ISO_OFFSET_TIME;
    public static final DateTimeFormatter ISO_TIME;
    public static final DateTimeFormatter ISO_LOCAL_DATE_TIME;
    public static final DateTimeFormatter ISO_OFFSET_DATE_TIME;
    public static final DateTimeFormatter ISO_ZONED_DATE_TIME;
    public static final DateTimeFormatter ISO_DATE_TIME;
    public static final DateTimeFormatter ISO_ORDINAL_DATE;
    public static final DateTimeFormatter ISO_INSTANT;
    public static final DateTimeFormatter BASIC_ISO_DATE;

    static {
        ISO_LOCAL_DATE = new Builder().value(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD).literal('-')
                .value(ChronoField.MONTH_OF_YEAR, 2).literal('-').value(ChronoField.DAY_OF_MONTH, 2)
                .toFormatter(ResolverStyle.STRICT);
        ISO_OFFSET_DATE = new Builder().caseSensitive(false).append(ISO_LOCAL_DATE).offsetId()
                .toFormatter(ResolverStyle.STRICT);
        ISO_DATE = new Builder().caseSensitive(false).append(ISO_LOCAL_DATE).optionalStart().offsetId()
                .toFormatter(ResolverStyle.STRICT);
        ISO_LOCAL_TIME = new Builder().value(ChronoField.HOUR_OF_DAY, 2).literal(':')
                .value(ChronoField.MINUTE_OF_HOUR, 2).optionalStart().literal(':')
                .value(ChronoField.SECOND_OF_MINUTE, 2).optionalStart()
                .fraction(ChronoField.NANO_OF_SECOND, 0, 9, true).toFormatter(ResolverStyle.STRICT);
        ISO_OFFSET_TIME = new Builder().caseSensitive(false).append(ISO_LOCAL_TIME).offsetId()
                .toFormatter(ResolverStyle.STRICT);
        ISO_TIME = new Builder().caseSensitive(false).append(ISO_LOCAL_TIME).optionalStart().offsetId()
                .toFormatter(ResolverStyle.STRICT);
        ISO_LOCAL_DATE_TIME = new Builder().caseSensitive(false).append(ISO_LOCAL_DATE).literal('T')
                .append(ISO_LOCAL_TIME).toFormatter(ResolverStyle.STRICT);
        ISO_OFFSET_DATE_TIME = new Builder().caseSensitive(false).append(ISO_LOCAL_DATE_TIME)
                .strict(false).offsetId().strict(true).toFormatter(ResolverStyle.STRICT);
        ISO_ZONED_DATE_TIME = new Builder().append(ISO_OFFSET_DATE_TIME).optionalStart().literal('[')
                .caseSensitive(true).zoneId(true).literal(']').toFormatter(ResolverStyle.STRICT);
        ISO_DATE_TIME = new Builder().append(ISO_LOCAL_DATE_TIME).optionalStart().offsetId()
                .optionalStart().literal('[').caseSensitive(true).zoneId(true).literal(']')
                .toFormatter(ResolverStyle.STRICT);
        ISO_ORDINAL_DATE = new Builder().caseSensitive(false)
                .value(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD).literal('-')
                .value(ChronoField.DAY_OF_YEAR, 3).optionalStart().offsetId().toFormatter(ResolverStyle.STRICT);
        ISO_INSTANT = new Builder().caseSensitive(false).add(new InstantElement())
                .toFormatter(ResolverStyle.STRICT);
        BASIC_ISO_DATE = new Builder().caseSensitive(false).value(ChronoField.YEAR, 4)
                .value(ChronoField.MONTH_OF_YEAR, 2).value(ChronoField.DAY_OF_MONTH, 2).optionalStart()
                .strict(false).offset("+HHMMss", "Z").strict(true).toFormatter(ResolverStyle.STRICT);
    }

    private final Composite root;
    private final Locale locale;
    private final ResolverStyle resolverStyle;
    private final ZoneId zone;

    private DateTimeFormatter(Composite root, Locale locale, ResolverStyle resolverStyle, ZoneId zone) {
        this.root = root;
        this.locale = locale;
        this.resolverStyle = resolverStyle;
        this.zone = zone;
    }

    public static DateTimeFormatter ofPattern(String pattern) {
        return new Builder().pattern(pattern).toFormatter(ResolverStyle.SMART);
    }

    public static DateTimeFormatter ofPattern(String pattern, Locale locale) {
        return ofPattern(pattern).withLocale(locale);
    }

    public Locale getLocale() {
        return locale;
    }

    public DateTimeFormatter withLocale(Locale locale) {
        return new DateTimeFormatter(root, locale, resolverStyle, zone);
    }

    public ZoneId getZone() {
        return zone;
    }

    public DateTimeFormatter withZone(ZoneId zone) {
        return new DateTimeFormatter(root, locale, resolverStyle, zone);
    }

    public ResolverStyle getResolverStyle() {
        return resolverStyle;
    }

    public DateTimeFormatter withResolverStyle(ResolverStyle resolverStyle) {
        return new DateTimeFormatter(root, locale, resolverStyle, zone);
    }

    // ---- formatting

    public String format(TemporalAccessor temporal) {
        StringBuilder buf = new StringBuilder(32);
        formatTo(temporal, buf);
        return buf.toString();
    }

    public void formatTo(TemporalAccessor temporal, Appendable appendable) {
        java.util.Objects.requireNonNull(temporal, "temporal");
        StringBuilder buf = new StringBuilder(32);
        root.format(new PrintContext(adjust(temporal)), buf);
        try {
            appendable.append(buf);
        } catch (java.io.IOException ex) {
            throw new DateTimeException(ex.getMessage(), ex);
        }
    }

    /** withZone: an instant-bearing temporal is shown in the override zone. */
    private TemporalAccessor adjust(TemporalAccessor temporal) {
        if (zone == null) {
            return temporal;
        }
        if (temporal instanceof ZonedDateTime) {
            return ((ZonedDateTime) temporal).withZoneSameInstant(zone);
        }
        if (temporal.isSupported(ChronoField.INSTANT_SECONDS)) {
            return ZonedDateTime.ofInstant(Instant.from(temporal), zone);
        }
        return new ZonedView(temporal, zone);
    }

    // ---- parsing

    public TemporalAccessor parse(CharSequence text) {
        java.util.Objects.requireNonNull(text, "text");
        try {
            return parseResolved(text);
        } catch (DateTimeParseException ex) {
            throw ex;
        } catch (RuntimeException ex) {
            throw createError(text, ex);
        }
    }

    public <T> T parse(CharSequence text, TemporalQuery<T> query) {
        java.util.Objects.requireNonNull(text, "text");
        java.util.Objects.requireNonNull(query, "query");
        try {
            return query.queryFrom(parseResolved(text));
        } catch (DateTimeParseException ex) {
            throw ex;
        } catch (RuntimeException ex) {
            throw createError(text, ex);
        }
    }

    private DateTimeParseException createError(CharSequence text, RuntimeException ex) {
        return new DateTimeParseException("Text '" + abbreviate(text) + "' could not be parsed: "
                + ex.getMessage(), text, 0, ex);
    }

    private static String abbreviate(CharSequence text) {
        if (text.length() > 64) {
            return text.subSequence(0, 64).toString() + "...";
        }
        return text.toString();
    }

    private Parsed parseResolved(CharSequence text) {
        ParseContext ctx = new ParseContext();
        int pos = root.parse(ctx, text, 0);
        if (pos < 0) {
            throw new DateTimeParseException("Text '" + abbreviate(text) + "' could not be parsed at index "
                    + ~pos, text, ~pos);
        }
        if (pos < text.length()) {
            throw new DateTimeParseException("Text '" + abbreviate(text)
                    + "' could not be parsed, unparsed text found at index " + pos, text, pos);
        }
        Parsed parsed = ctx.parsed;
        if (parsed.zone == null && zone != null) {
            parsed.zone = zone;
        }
        parsed.resolve(resolverStyle);
        return parsed;
    }

    @Override
    public String toString() {
        String s = root.toString();
        return s.startsWith("[") ? s : s.substring(1, s.length() - 1);
    }

    // ==== contexts

    private static final class PrintContext {
        final TemporalAccessor temporal;
        int optional;

        PrintContext(TemporalAccessor temporal) {
            this.temporal = temporal;
        }

        /** The field's value; null if absent inside an optional section, else the temporal throws. */
        Long value(TemporalField field) {
            if (optional > 0 && !temporal.isSupported(field)) {
                return null;
            }
            return temporal.getLong(field);
        }

        /** The zone if it is a region (not a ZoneOffset), for the ISO formatters' [zone] part. */
        ZoneId regionZone() {
            ZoneId z = temporal instanceof ZonedDateTime ? ((ZonedDateTime) temporal).getZone() : null;
            if (z instanceof ZoneOffset) {
                z = null;
            }
            if (z == null && optional == 0) {
                throw new DateTimeException("Unable to extract ZoneId from temporal " + temporal);
            }
            return z;
        }

        ZoneId zoneId() {
            ZoneId z = null;
            if (temporal instanceof ZonedDateTime) {
                z = ((ZonedDateTime) temporal).getZone();
            } else if (temporal instanceof ZoneId) {
                z = (ZoneId) temporal;
            } else if (temporal instanceof ZonedView) {
                z = ((ZonedView) temporal).zone;
            }
            if (z == null && optional == 0) {
                throw new DateTimeException("Unable to extract ZoneId from temporal " + temporal);
            }
            return z;
        }
    }

    private static final class ParseContext {
        Parsed parsed = new Parsed();
        boolean caseSensitive = true;
        boolean strict = true;

        boolean charEquals(char a, char b) {
            if (caseSensitive) {
                return a == b;
            }
            return a == b || Character.toUpperCase(a) == Character.toUpperCase(b)
                    || Character.toLowerCase(a) == Character.toLowerCase(b);
        }

        boolean regionMatches(CharSequence text, int pos, String s) {
            if (pos + s.length() > text.length()) {
                return false;
            }
            for (int i = 0; i < s.length(); i++) {
                if (!charEquals(text.charAt(pos + i), s.charAt(i))) {
                    return false;
                }
            }
            return true;
        }

        int set(ChronoField field, long value, int errorPos, int successPos) {
            return parsed.set(field, value) ? successPos : ~errorPos;
        }
    }

    /** A temporal without zone seen through withZone (for 'VV' and 'z' only). */
    private static final class ZonedView implements TemporalAccessor {
        final TemporalAccessor temporal;
        final ZoneId zone;

        ZonedView(TemporalAccessor temporal, ZoneId zone) {
            this.temporal = temporal;
            this.zone = zone;
        }

        @Override
        public boolean isSupported(TemporalField field) {
            return temporal.isSupported(field);
        }

        @Override
        public long getLong(TemporalField field) {
            return temporal.getLong(field);
        }

        @Override
        public String toString() {
            return temporal.toString();
        }
    }

    // ==== printer-parsers

    /** One element of a format: prints into buf (false: a field is missing in an optional section), parses from pos. */
    private abstract static class Element {
        abstract boolean format(PrintContext ctx, StringBuilder buf);

        /** The new position, or the complement (~) of the error position. */
        abstract int parse(ParseContext ctx, CharSequence text, int pos);
    }

    private static final class Composite extends Element {
        final Element[] elements;
        final boolean optional;

        Composite(List<Element> elements, boolean optional) {
            this.elements = elements.toArray(new Element[0]);
            this.optional = optional;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            int length = buf.length();
            if (optional) {
                ctx.optional++;
            }
            try {
                for (Element e : elements) {
                    if (!e.format(ctx, buf)) {
                        buf.setLength(length);
                        return true;
                    }
                }
            } finally {
                if (optional) {
                    ctx.optional--;
                }
            }
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int pos) {
            if (optional) {
                Parsed saved = ctx.parsed.copy();
                boolean savedCase = ctx.caseSensitive;
                boolean savedStrict = ctx.strict;
                int p = pos;
                for (Element e : elements) {
                    p = e.parse(ctx, text, p);
                    if (p < 0) {
                        ctx.parsed = saved;
                        ctx.caseSensitive = savedCase;
                        ctx.strict = savedStrict;
                        return pos;
                    }
                }
                ctx.caseSensitive = savedCase;
                ctx.strict = savedStrict;
                return p;
            }
            for (Element e : elements) {
                pos = e.parse(ctx, text, pos);
                if (pos < 0) {
                    break;
                }
            }
            return pos;
        }

        @Override
        public String toString() {
            StringBuilder buf = new StringBuilder();
            buf.append(optional ? "[" : "(");
            for (Element e : elements) {
                buf.append(e);
            }
            buf.append(optional ? "]" : ")");
            return buf.toString();
        }
    }

    /** parseCaseSensitive/Insensitive and parseStrict/Lenient. */
    private static final class Setting extends Element {
        final int kind;

        Setting(int kind) {
            this.kind = kind;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int pos) {
            switch (kind) {
                case 0:
                    ctx.caseSensitive = true;
                    break;
                case 1:
                    ctx.caseSensitive = false;
                    break;
                case 2:
                    ctx.strict = true;
                    break;
                default:
                    ctx.strict = false;
                    break;
            }
            return pos;
        }

        @Override
        public String toString() {
            switch (kind) {
                case 0:
                    return "ParseCaseSensitive(true)";
                case 1:
                    return "ParseCaseSensitive(false)";
                case 2:
                    return "ParseStrict(true)";
                default:
                    return "ParseStrict(false)";
            }
        }
    }

    private static final class Literal extends Element {
        final String literal;

        Literal(String literal) {
            this.literal = literal;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            buf.append(literal);
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int pos) {
            if (pos > text.length() || pos < 0) {
                throw new IndexOutOfBoundsException();
            }
            if (!ctx.regionMatches(text, pos, literal)) {
                return ~pos;
            }
            return pos + literal.length();
        }

        @Override
        public String toString() {
            if (literal.equals("'")) {
                return "''";
            }
            return "'" + literal.replace("'", "''") + "'";
        }
    }

    private static final long[] EXCEED_POINTS = {0L, 10L, 100L, 1000L, 10000L, 100000L, 1000000L,
        10000000L, 100000000L, 1000000000L, 10000000000L};

    /** A numeric field: appendValue(field[, min[, max, sign]]). */
    private static class NumberElement extends Element {
        final TemporalField field;
        final int minWidth;
        final int maxWidth;
        final SignStyle signStyle;
        /** -1: fixed width forced; 0: none; >0: width reserved for the adjacent fixed fields that follow. */
        int subsequentWidth;

        NumberElement(TemporalField field, int minWidth, int maxWidth, SignStyle signStyle) {
            this.field = field;
            this.minWidth = minWidth;
            this.maxWidth = maxWidth;
            this.signStyle = signStyle;
        }

        boolean isFixedWidthParse() {
            return subsequentWidth == -1
                    || (subsequentWidth > 0 && minWidth == maxWidth && signStyle == SignStyle.NOT_NEGATIVE);
        }

        long printValue(PrintContext ctx, long value) {
            return value;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            Long valueLong = ctx.value(field);
            if (valueLong == null) {
                return false;
            }
            long value = printValue(ctx, valueLong);
            String str = value == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(Math.abs(value));
            if (str.length() > maxWidth) {
                throw new DateTimeException("Field " + field + " cannot be printed as the value " + value
                        + " exceeds the maximum print width of " + maxWidth);
            }
            if (value >= 0) {
                if (signStyle == SignStyle.EXCEEDS_PAD) {
                    if (minWidth < 19 && minWidth < EXCEED_POINTS.length && value >= EXCEED_POINTS[minWidth]) {
                        buf.append('+');
                    }
                } else if (signStyle == SignStyle.ALWAYS) {
                    buf.append('+');
                }
            } else {
                if (signStyle == SignStyle.NOT_NEGATIVE) {
                    throw new DateTimeException("Field " + field + " cannot be printed as the value " + value
                            + " cannot be negative according to the SignStyle");
                } else if (signStyle != SignStyle.NEVER) {
                    buf.append('-');
                }
            }
            for (int i = 0; i < minWidth - str.length(); i++) {
                buf.append('0');
            }
            buf.append(str);
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int position) {
            int length = text.length();
            if (position == length) {
                return ~position;
            }
            char sign = text.charAt(position);
            boolean negative = false;
            boolean positive = false;
            if (sign == '+') {
                if (!signStyle.parse(true, ctx.strict, minWidth == maxWidth)) {
                    return ~position;
                }
                positive = true;
                position++;
            } else if (sign == '-') {
                if (!signStyle.parse(false, ctx.strict, minWidth == maxWidth)) {
                    return ~position;
                }
                negative = true;
                position++;
            } else if (signStyle == SignStyle.ALWAYS && ctx.strict) {
                return ~position;
            }
            boolean fixed = isFixedWidthParse();
            int effMinWidth = ctx.strict || fixed ? minWidth : 1;
            int minEndPos = position + effMinWidth;
            if (minEndPos > length) {
                return ~position;
            }
            int effMaxWidth = (ctx.strict || fixed ? maxWidth : 9) + Math.max(subsequentWidth, 0);
            long total = 0;
            boolean overflow = false;
            int pos = position;
            for (int pass = 0; pass < 2; pass++) {
                int maxEndPos = Math.min(pos + effMaxWidth, length);
                while (pos < maxEndPos) {
                    char ch = text.charAt(pos++);
                    int digit = ch >= '0' && ch <= '9' ? ch - '0' : -1;
                    if (digit < 0) {
                        pos--;
                        if (pos < minEndPos) {
                            return ~position;
                        }
                        break;
                    }
                    if ((pos - position) > 18) {
                        overflow = true;
                    } else {
                        total = total * 10 + digit;
                    }
                }
                if (subsequentWidth > 0 && pass == 0) {
                    int parseLen = pos - position;
                    effMaxWidth = Math.max(effMinWidth, parseLen - subsequentWidth);
                    pos = position;
                    total = 0;
                    overflow = false;
                } else {
                    break;
                }
            }
            if (overflow) {
                return ~position;
            }
            if (negative) {
                if (total == 0 && ctx.strict) {
                    return ~(position - 1);
                }
                total = -total;
            } else if (signStyle == SignStyle.EXCEEDS_PAD && ctx.strict) {
                int parseLen = pos - position;
                if (positive) {
                    if (parseLen <= minWidth) {
                        return ~(position - 1);
                    }
                } else if (parseLen > minWidth) {
                    return ~position;
                }
            }
            return setValue(ctx, total, position, pos);
        }

        int setValue(ParseContext ctx, long value, int errorPos, int successPos) {
            return ctx.set((ChronoField) field, value, errorPos, successPos);
        }

        @Override
        public String toString() {
            if (minWidth == 1 && maxWidth == 19 && signStyle == SignStyle.NORMAL) {
                return "Value(" + field + ")";
            }
            if (minWidth == maxWidth && signStyle == SignStyle.NOT_NEGATIVE) {
                return "Value(" + field + "," + minWidth + ")";
            }
            return "Value(" + field + "," + minWidth + "," + maxWidth + "," + signStyle + ")";
        }
    }

    /** A two-digit year (yy/uu): printed modulo 100, parsed into 2000..2099. */
    private static final class ReducedElement extends NumberElement {
        private static final int BASE = 2000;

        ReducedElement(TemporalField field) {
            super(field, 2, 2, SignStyle.NOT_NEGATIVE);
        }

        @Override
        long printValue(PrintContext ctx, long value) {
            long absValue = Math.abs(value);
            return absValue % 100;
        }

        @Override
        int setValue(ParseContext ctx, long value, int errorPos, int successPos) {
            int parseLen = successPos - errorPos;
            if (parseLen == 2 && value >= 0) {
                value = BASE + value;
            }
            return ctx.set((ChronoField) field, value, errorPos, successPos);
        }

        @Override
        public String toString() {
            return "ReducedValue(" + field + ",2,2,2000-01-01)";
        }
    }

    /** Fraction of a second (S..., and the ISO ".nnn"). */
    private static final class FractionElement extends NumberElement {
        final boolean decimalPoint;

        FractionElement(TemporalField field, int minWidth, int maxWidth, boolean decimalPoint) {
            super(field, minWidth, maxWidth, SignStyle.NOT_NEGATIVE);
            this.decimalPoint = decimalPoint;
        }

        @Override
        boolean isFixedWidthParse() {
            return subsequentWidth == -1 || (subsequentWidth > 0 && minWidth == maxWidth && !decimalPoint);
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            Long value = ctx.value(field);
            if (value == null) {
                return false;
            }
            long nano = field.range().checkValidValue(value, field);
            String digits = Long.toString(nano + 1000_000_000L).substring(1);
            int scale = 9;
            while (scale > 0 && digits.charAt(scale - 1) == '0') {
                scale--;
            }
            if (scale == 0) {
                if (minWidth > 0) {
                    if (decimalPoint) {
                        buf.append('.');
                    }
                    for (int i = 0; i < minWidth; i++) {
                        buf.append('0');
                    }
                }
            } else {
                int outputScale = Math.min(Math.max(scale, minWidth), maxWidth);
                if (decimalPoint) {
                    buf.append('.');
                }
                buf.append(digits, 0, outputScale);
            }
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int position) {
            boolean fixed = isFixedWidthParse();
            int effectiveMin = ctx.strict || fixed ? minWidth : 0;
            int effectiveMax = ctx.strict || fixed ? maxWidth : 9;
            int length = text.length();
            if (position == length) {
                return effectiveMin > 0 ? ~position : position;
            }
            if (decimalPoint) {
                if (text.charAt(position) != '.') {
                    return effectiveMin > 0 ? ~position : position;
                }
                position++;
            }
            int minEndPos = position + effectiveMin;
            if (minEndPos > length) {
                return ~position;
            }
            int maxEndPos = Math.min(position + effectiveMax, length);
            long total = 0;
            int pos = position;
            while (pos < maxEndPos) {
                char ch = text.charAt(pos++);
                int digit = ch >= '0' && ch <= '9' ? ch - '0' : -1;
                if (digit < 0) {
                    if (pos < minEndPos) {
                        return ~position;
                    }
                    pos--;
                    break;
                }
                total = total * 10 + digit;
            }
            for (int i = pos - position; i < 9; i++) {
                total *= 10;
            }
            return ctx.set((ChronoField) field, total, position, pos);
        }

        @Override
        public String toString() {
            return "Fraction(" + field + "," + minWidth + "," + maxWidth + (decimalPoint ? ",DecimalPoint" : "") + ")";
        }
    }

    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"};
    private static final String[] DAYS = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
        "Saturday", "Sunday"};

    /** English text of month, day-of-week, am/pm and era. */
    private static final class TextElement extends Element {
        final ChronoField field;
        final TextStyle style;

        TextElement(ChronoField field, TextStyle style) {
            this.field = field;
            this.style = style;
        }

        /** The text for each value, index 0 = the field's minimum. */
        private String[] texts() {
            String[] full;
            switch (field) {
                case MONTH_OF_YEAR:
                    full = MONTHS;
                    break;
                case DAY_OF_WEEK:
                    full = DAYS;
                    break;
                case AMPM_OF_DAY:
                    return new String[] {"AM", "PM"};
                default: // ERA
                    if (style == TextStyle.FULL || style == TextStyle.FULL_STANDALONE) {
                        return new String[] {"Before Christ", "Anno Domini"};
                    }
                    if (style == TextStyle.NARROW || style == TextStyle.NARROW_STANDALONE) {
                        return new String[] {"B", "A"};
                    }
                    return new String[] {"BC", "AD"};
            }
            String[] out = new String[full.length];
            for (int i = 0; i < full.length; i++) {
                out[i] = TextStyle.english(full[i], style);
            }
            return out;
        }

        private int minimum() {
            return (int) field.range().getMinimum();
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            Long value = ctx.value(field);
            if (value == null) {
                return false;
            }
            String[] texts = texts();
            long index = value - minimum();
            if (index >= 0 && index < texts.length) {
                buf.append(texts[(int) index]);
            } else {
                buf.append(value);
            }
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int pos) {
            if (pos > text.length()) {
                throw new IndexOutOfBoundsException();
            }
            String[] texts = texts();
            int best = -1;
            for (int i = 0; i < texts.length; i++) {
                if (ctx.regionMatches(text, pos, texts[i]) && (best < 0 || texts[i].length() > texts[best].length())) {
                    best = i;
                }
            }
            if (best < 0) {
                return ~pos;
            }
            return ctx.set(field, best + minimum(), pos, pos + texts[best].length());
        }

        @Override
        public String toString() {
            if (style == TextStyle.FULL) {
                return "Text(" + field + ")";
            }
            return "Text(" + field + "," + style + ")";
        }
    }

    /** A numeric offset: +HH, +HHmm, +HH:mm, +HHMM, +HH:MM, +HHMMss, +HH:MM:ss, +HHMMSS, +HH:MM:SS, +HHmmss, +HH:mm:ss. */
    private static final class OffsetElement extends Element {
        static final String[] PATTERNS = {"+HH", "+HHmm", "+HH:mm", "+HHMM", "+HH:MM", "+HHMMss",
            "+HH:MM:ss", "+HHMMSS", "+HH:MM:SS", "+HHmmss", "+HH:mm:ss"};
        final String pattern;
        final String noOffsetText;
        final int type;

        OffsetElement(String pattern, String noOffsetText) {
            this.pattern = pattern;
            this.noOffsetText = noOffsetText;
            int t = -1;
            for (int i = 0; i < PATTERNS.length; i++) {
                if (PATTERNS[i].equals(pattern)) {
                    t = i;
                }
            }
            if (t < 0) {
                throw new IllegalArgumentException("Invalid zone offset pattern: " + pattern);
            }
            this.type = t;
        }

        private boolean colon() {
            return pattern.indexOf(':') >= 0;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            Long offsetSecs = ctx.value(ChronoField.OFFSET_SECONDS);
            if (offsetSecs == null) {
                return false;
            }
            int totalSecs = Math.toIntExact(offsetSecs);
            if (totalSecs == 0) {
                buf.append(noOffsetText);
                return true;
            }
            int absHours = Math.abs((totalSecs / 3600) % 100);
            int absMinutes = Math.abs((totalSecs / 60) % 60);
            int absSeconds = Math.abs(totalSecs % 60);
            int bufPos = buf.length();
            int output = absHours;
            buf.append(totalSecs < 0 ? "-" : "+").append((char) (absHours / 10 + '0')).append((char) (absHours % 10 + '0'));
            if ((type >= 3 && type <= 8) || (type >= 9 && absSeconds > 0) || (type >= 1 && absMinutes > 0)) {
                pad2(buf, absMinutes);
                output += absMinutes;
                if (type == 7 || type == 8 || (type >= 5 && absSeconds > 0)) {
                    pad2(buf, absSeconds);
                    output += absSeconds;
                }
            }
            if (output == 0) {
                buf.setLength(bufPos);
                buf.append(noOffsetText);
            }
            return true;
        }

        private void pad2(StringBuilder buf, int value) {
            if (colon()) {
                buf.append(':');
            }
            buf.append((char) (value / 10 + '0')).append((char) (value % 10 + '0'));
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int position) {
            int length = text.length();
            int noOffsetLen = noOffsetText.length();
            if (noOffsetLen == 0) {
                if (position == length) {
                    return ctx.set(ChronoField.OFFSET_SECONDS, 0, position, position);
                }
            } else {
                if (position == length) {
                    return ~position;
                }
                if (ctx.regionMatches(text, position, noOffsetText)) {
                    return ctx.set(ChronoField.OFFSET_SECONDS, 0, position, position + noOffsetLen);
                }
            }
            char sign = text.charAt(position);
            if (sign == '+' || sign == '-') {
                int negative = sign == '-' ? -1 : 1;
                boolean isColon = colon();
                int[] array = new int[4];
                array[0] = position + 1;
                int parseType = type;
                if (!ctx.strict) {
                    if (isColon || (parseType == 0 && length > position + 3 && text.charAt(position + 3) == ':')) {
                        isColon = true;
                        parseType = 10;
                    } else {
                        parseType = 9;
                    }
                }
                if (!parseDigits(text, false, 1, array)) {
                    array[0] = ~array[0];
                }
                switch (parseType) {
                    case 0:
                        break;
                    case 1:
                    case 2:
                        parseDigits(text, isColon, 2, array);
                        break;
                    case 3:
                    case 4:
                        mandatory(parseDigits(text, isColon, 2, array), array);
                        break;
                    case 5:
                    case 6:
                        mandatory(parseDigits(text, isColon, 2, array), array);
                        parseDigits(text, isColon, 3, array);
                        break;
                    case 7:
                    case 8:
                        mandatory(parseDigits(text, isColon, 2, array), array);
                        mandatory(parseDigits(text, isColon, 3, array), array);
                        break;
                    default: // 9, 10: +HHmmss, +HH:mm:ss
                        if (parseDigits(text, isColon, 2, array)) {
                            parseDigits(text, isColon, 3, array);
                        }
                        break;
                }
                if (array[0] > 0) {
                    if (array[1] > 23 || array[2] > 59 || array[3] > 59) {
                        throw new DateTimeException("Value out of range: Hour[0-23], Minute[0-59], Second[0-59]");
                    }
                    long offsetSecs = negative * (array[1] * 3600L + array[2] * 60L + array[3]);
                    return ctx.set(ChronoField.OFFSET_SECONDS, offsetSecs, position, array[0]);
                }
            }
            if (noOffsetLen == 0) {
                return ctx.set(ChronoField.OFFSET_SECONDS, 0, position, position);
            }
            return ~position;
        }

        private static void mandatory(boolean parsed, int[] array) {
            if (!parsed && array[0] >= 0) {
                array[0] = ~array[0];
            }
        }

        /** Two digits (after a colon for minutes and seconds in colon style) into array[index]; array[0] is the position. */
        private static boolean parseDigits(CharSequence text, boolean isColon, int index, int[] array) {
            int pos = array[0];
            if (pos < 0) {
                return true;
            }
            if (isColon && index != 1) {
                if (pos + 1 > text.length() || text.charAt(pos) != ':') {
                    return false;
                }
                pos++;
            }
            if (pos + 2 > text.length()) {
                return false;
            }
            char ch1 = text.charAt(pos++);
            char ch2 = text.charAt(pos++);
            if (ch1 < '0' || ch1 > '9' || ch2 < '0' || ch2 > '9') {
                return false;
            }
            int value = (ch1 - 48) * 10 + (ch2 - 48);
            if (value > 59) {
                return false;
            }
            array[index] = value;
            array[0] = pos;
            return true;
        }

        @Override
        public String toString() {
            return "Offset(" + pattern + ",'" + noOffsetText.replace("'", "''") + "')";
        }
    }

    /** The localized offset: GMT, GMT+2, GMT+05:30 (short) or GMT+02:00 (full). */
    private static final class LocalizedOffsetElement extends Element {
        final boolean full;

        LocalizedOffsetElement(boolean full) {
            this.full = full;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            Long offsetSecs = ctx.value(ChronoField.OFFSET_SECONDS);
            if (offsetSecs == null) {
                return false;
            }
            buf.append("GMT");
            int totalSecs = Math.toIntExact(offsetSecs);
            if (totalSecs != 0) {
                int absHours = Math.abs((totalSecs / 3600) % 100);
                int absMinutes = Math.abs((totalSecs / 60) % 60);
                int absSeconds = Math.abs(totalSecs % 60);
                buf.append(totalSecs < 0 ? "-" : "+");
                if (full) {
                    buf.append(absHours / 10).append(absHours % 10).append(':')
                            .append(absMinutes / 10).append(absMinutes % 10);
                    if (absSeconds != 0) {
                        buf.append(':').append(absSeconds / 10).append(absSeconds % 10);
                    }
                } else {
                    buf.append(absHours);
                    if (absMinutes != 0 || absSeconds != 0) {
                        buf.append(':').append(absMinutes / 10).append(absMinutes % 10);
                        if (absSeconds != 0) {
                            buf.append(':').append(absSeconds / 10).append(absSeconds % 10);
                        }
                    }
                }
            }
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int pos) {
            if (!ctx.regionMatches(text, pos, "GMT")) {
                return ~pos;
            }
            pos += 3;
            if (pos >= text.length() || (text.charAt(pos) != '+' && text.charAt(pos) != '-')) {
                return ctx.set(ChronoField.OFFSET_SECONDS, 0, pos, pos);
            }
            int sign = text.charAt(pos) == '-' ? -1 : 1;
            int p = pos + 1;
            int[] parts = new int[3];
            for (int k = 0; k < 3; k++) {
                if (k > 0) {
                    if (p >= text.length() || text.charAt(p) != ':') {
                        break;
                    }
                    p++;
                }
                int start = p;
                int v = 0;
                while (p < text.length() && p - start < 2 && text.charAt(p) >= '0' && text.charAt(p) <= '9') {
                    v = v * 10 + text.charAt(p++) - '0';
                }
                if (p == start) {
                    return ~pos;
                }
                parts[k] = v;
            }
            return ctx.set(ChronoField.OFFSET_SECONDS, sign * (parts[0] * 3600L + parts[1] * 60L + parts[2]), pos, p);
        }

        @Override
        public String toString() {
            return "LocalizedOffset(" + (full ? "FULL" : "SHORT") + ")";
        }
    }

    /** VV (the zone ID) or z/zzzz (zone text: UTC, GMT and offsets only). */
    private static final class ZoneElement extends Element {
        final boolean id;
        final boolean full;
        final boolean regionOnly;

        ZoneElement(boolean id, boolean full) {
            this(id, full, false);
        }

        ZoneElement(boolean id, boolean full, boolean regionOnly) {
            this.id = id;
            this.full = full;
            this.regionOnly = regionOnly;
        }

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            ZoneId zone = regionOnly ? ctx.regionZone() : ctx.zoneId();
            if (zone == null) {
                return false;
            }
            if (id || zone instanceof ZoneOffset) {
                buf.append(zone.getId());
            } else {
                buf.append(zoneText(zone.getId(), full));
            }
            return true;
        }

        static String zoneText(String id, boolean full) {
            if (id.equals("UTC") || id.equals("Etc/UTC") || id.equals("Etc/UCT") || id.equals("UCT")
                    || id.equals("Etc/Universal") || id.equals("Universal") || id.equals("Etc/Zulu")
                    || id.equals("Zulu")) {
                return full ? "Coordinated Universal Time" : "UTC";
            }
            if (id.equals("GMT") || id.equals("Etc/GMT") || id.equals("Etc/Greenwich") || id.equals("Greenwich")
                    || id.equals("GMT0") || id.equals("Etc/GMT0") || id.equals("Etc/GMT+0") || id.equals("Etc/GMT-0")) {
                return full ? "Greenwich Mean Time" : "GMT";
            }
            return id;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int pos) {
            int end = pos;
            while (end < text.length()) {
                char c = text.charAt(end);
                if (Character.isLetterOrDigit(c) || "~/._+-:".indexOf(c) >= 0) {
                    end++;
                } else {
                    break;
                }
            }
            for (int e = end; e > pos; e--) {
                String candidate = text.subSequence(pos, e).toString();
                try {
                    ctx.parsed.zone = ZoneId.of(candidate);
                    return e;
                } catch (DateTimeException ex) {
                    // try a shorter prefix
                }
            }
            return ~pos;
        }

        @Override
        public String toString() {
            return id ? "ZoneId()" : "ZoneText(" + (full ? "FULL" : "SHORT") + ")";
        }
    }

    /** ISO_INSTANT: always UTC with 'Z', seconds always shown, fraction in groups of three digits. */
    private static final class InstantElement extends Element {
        private static final long SECONDS_PER_10000_YEARS = 146097L * 25L * 86400L;
        private static final long SECONDS_0000_TO_1970 = ((146097L * 5L) - (30L * 365L + 7L)) * 86400L;

        @Override
        boolean format(PrintContext ctx, StringBuilder buf) {
            Long inSecs = ctx.value(ChronoField.INSTANT_SECONDS);
            Long inNanos = null;
            if (ctx.temporal.isSupported(ChronoField.NANO_OF_SECOND)) {
                inNanos = ctx.temporal.getLong(ChronoField.NANO_OF_SECOND);
            }
            if (inSecs == null) {
                return false;
            }
            long inSec = inSecs;
            int inNano = ChronoField.NANO_OF_SECOND.checkValidIntValue(inNanos != null ? inNanos : 0);
            if (inSec >= -SECONDS_0000_TO_1970) {
                long zeroSecs = inSec - SECONDS_PER_10000_YEARS + SECONDS_0000_TO_1970;
                long hi = Math.floorDiv(zeroSecs, SECONDS_PER_10000_YEARS) + 1;
                long lo = Math.floorMod(zeroSecs, SECONDS_PER_10000_YEARS);
                LocalDateTime ldt = LocalDateTime.ofEpochSecond(lo - SECONDS_0000_TO_1970, 0, ZoneOffset.UTC);
                if (hi > 0) {
                    buf.append('+').append(hi);
                }
                buf.append(ldt);
                if (ldt.getSecond() == 0) {
                    buf.append(":00");
                }
            } else {
                long zeroSecs = inSec + SECONDS_0000_TO_1970;
                long hi = zeroSecs / SECONDS_PER_10000_YEARS;
                long lo = zeroSecs % SECONDS_PER_10000_YEARS;
                LocalDateTime ldt = LocalDateTime.ofEpochSecond(lo - SECONDS_0000_TO_1970, 0, ZoneOffset.UTC);
                int pos = buf.length();
                buf.append(ldt);
                if (ldt.getSecond() == 0) {
                    buf.append(":00");
                }
                if (hi < 0) {
                    if (ldt.getYear() == -10_000) {
                        buf.replace(pos, pos + 2, Long.toString(hi - 1));
                    } else if (lo == 0) {
                        buf.insert(pos, hi);
                    } else {
                        buf.insert(pos + 1, Math.abs(hi));
                    }
                }
            }
            if (inNano > 0) {
                buf.append('.');
                int div = 100_000_000;
                for (int i = 0; inNano > 0 || (i % 3) != 0; i++) {
                    int digit = inNano / div;
                    buf.append((char) (digit + '0'));
                    inNano = inNano - (digit * div);
                    div = div / 10;
                }
            }
            buf.append('Z');
            return true;
        }

        @Override
        int parse(ParseContext ctx, CharSequence text, int position) {
            DateTimeFormatter inner = new Builder().append(ISO_LOCAL_DATE).literal('T')
                    .value(ChronoField.HOUR_OF_DAY, 2).literal(':').value(ChronoField.MINUTE_OF_HOUR, 2)
                    .literal(':').value(ChronoField.SECOND_OF_MINUTE, 2)
                    .fraction(ChronoField.NANO_OF_SECOND, 0, 9, true).offsetId()
                    .toFormatter(ResolverStyle.STRICT);
            ParseContext sub = new ParseContext();
            sub.caseSensitive = ctx.caseSensitive;
            sub.strict = ctx.strict;
            int pos = inner.root.parse(sub, text, position);
            if (pos < 0) {
                return pos;
            }
            long[] v = sub.parsed.values;
            long year = v[ChronoField.YEAR.ordinal()];
            int month = (int) v[ChronoField.MONTH_OF_YEAR.ordinal()];
            int day = (int) v[ChronoField.DAY_OF_MONTH.ordinal()];
            int hour = (int) v[ChronoField.HOUR_OF_DAY.ordinal()];
            int min = (int) v[ChronoField.MINUTE_OF_HOUR.ordinal()];
            int sec = (int) v[ChronoField.SECOND_OF_MINUTE.ordinal()];
            long nano = sub.parsed.present[ChronoField.NANO_OF_SECOND.ordinal()]
                    ? v[ChronoField.NANO_OF_SECOND.ordinal()] : 0;
            int offset = (int) v[ChronoField.OFFSET_SECONDS.ordinal()];
            int days = 0;
            if (hour == 24 && min == 0 && sec == 0 && nano == 0) {
                hour = 0;
                days = 1;
            } else if (hour == 23 && min == 59 && sec == 60) {
                sec = 59;
            }
            int yearParsed = (int) (year % 10_000);
            long instantSecs;
            try {
                LocalDateTime ldt = LocalDateTime.of(yearParsed, month, day, hour, min, sec, 0).plusDays(days);
                instantSecs = ldt.toEpochSecond(ZoneOffset.ofTotalSeconds(offset));
                instantSecs += Math.multiplyExact(year / 10_000L, SECONDS_PER_10000_YEARS);
            } catch (RuntimeException ex) {
                return ~position;
            }
            int successPos = pos;
            successPos = ctx.set(ChronoField.INSTANT_SECONDS, instantSecs, position, successPos);
            return successPos < 0 ? successPos : ctx.set(ChronoField.NANO_OF_SECOND, nano, position, successPos);
        }

        @Override
        public String toString() {
            return "Instant()";
        }
    }

    // ==== building (a small private DateTimeFormatterBuilder)

    private static final class Builder {
        private final Builder parent;
        private final List<Element> elements = new ArrayList<>();
        private int valueParserIndex = -1;
        private Builder active = this;

        Builder() {
            this.parent = null;
        }

        private Builder(Builder parent) {
            this.parent = parent;
        }

        private int appendInternal(Element e) {
            active.elements.add(e);
            active.valueParserIndex = -1;
            return active.elements.size() - 1;
        }

        Builder add(Element e) {
            appendInternal(e);
            return this;
        }

        Builder append(DateTimeFormatter f) {
            appendInternal(new Composite(java.util.Arrays.asList(f.root.elements), false));
            return this;
        }

        Builder caseSensitive(boolean sensitive) {
            return add(new Setting(sensitive ? 0 : 1));
        }

        Builder strict(boolean strict) {
            return add(new Setting(strict ? 2 : 3));
        }

        Builder literal(char c) {
            return add(new Literal(String.valueOf(c)));
        }

        Builder literal(String s) {
            if (!s.isEmpty()) {
                add(new Literal(s));
            }
            return this;
        }

        Builder value(TemporalField field) {
            return number(new NumberElement(field, 1, 19, SignStyle.NORMAL));
        }

        Builder value(TemporalField field, int width) {
            if (width < 1 || width > 19) {
                throw new IllegalArgumentException("The width must be from 1 to 19 inclusive but was " + width);
            }
            return number(new NumberElement(field, width, width, SignStyle.NOT_NEGATIVE));
        }

        Builder value(TemporalField field, int minWidth, int maxWidth, SignStyle signStyle) {
            if (minWidth == maxWidth && signStyle == SignStyle.NOT_NEGATIVE) {
                return value(field, maxWidth);
            }
            return number(new NumberElement(field, minWidth, maxWidth, signStyle));
        }

        Builder fraction(TemporalField field, int minWidth, int maxWidth, boolean decimalPoint) {
            if (minWidth < 0 || minWidth > 9) {
                throw new IllegalArgumentException("Minimum width must be from 0 to 9 inclusive but was " + minWidth);
            }
            if (maxWidth < 1 || maxWidth > 9) {
                throw new IllegalArgumentException("Maximum width must be from 1 to 9 inclusive but was " + maxWidth);
            }
            FractionElement e = new FractionElement(field, minWidth, maxWidth, decimalPoint);
            if (minWidth == maxWidth && !decimalPoint) {
                return number(e);
            }
            return add(e);
        }

        /** Adjacent value parsing: a variable-width number followed by fixed-width ones reserves their width. */
        private Builder number(NumberElement e) {
            if (active.valueParserIndex >= 0) {
                int activeValueParser = active.valueParserIndex;
                NumberElement base = (NumberElement) active.elements.get(activeValueParser);
                boolean fixed = e.minWidth == e.maxWidth && e.signStyle == SignStyle.NOT_NEGATIVE
                        && !(e instanceof FractionElement && ((FractionElement) e).decimalPoint);
                if (fixed) {
                    base.subsequentWidth = Math.max(base.subsequentWidth, 0) + e.maxWidth;
                    e.subsequentWidth = -1;
                    appendInternal(e);
                    active.valueParserIndex = activeValueParser;
                } else {
                    if (base.subsequentWidth == 0) {
                        base.subsequentWidth = -1;
                    }
                    active.valueParserIndex = appendInternal(e);
                }
            } else {
                active.valueParserIndex = appendInternal(e);
            }
            return this;
        }

        Builder offsetId() {
            return offset("+HH:MM:ss", "Z");
        }

        Builder offset(String pattern, String noOffsetText) {
            return add(new OffsetElement(pattern, noOffsetText));
        }

        Builder zoneId(boolean regionOnly) {
            return add(new ZoneElement(true, false, regionOnly));
        }

        Builder optionalStart() {
            active.valueParserIndex = -1;
            active = new Builder(active);
            return this;
        }

        Builder optionalEnd() {
            if (active.parent == null) {
                throw new IllegalStateException("Cannot call optionalEnd() as there was no previous call to optionalStart()");
            }
            Builder finished = active;
            active = active.parent;
            if (!finished.elements.isEmpty()) {
                appendInternal(new Composite(finished.elements, true));
            }
            return this;
        }

        DateTimeFormatter toFormatter(ResolverStyle style) {
            while (active.parent != null) {
                optionalEnd();
            }
            return new DateTimeFormatter(new Composite(elements, false), Locale.getDefault(), style, null);
        }

        // ---- ofPattern

        Builder pattern(String pattern) {
            for (int pos = 0; pos < pattern.length(); pos++) {
                char cur = pattern.charAt(pos);
                if ((cur >= 'A' && cur <= 'Z') || (cur >= 'a' && cur <= 'z')) {
                    int start = pos++;
                    while (pos < pattern.length() && pattern.charAt(pos) == cur) {
                        pos++;
                    }
                    int count = pos - start;
                    if (cur == 'p') {
                        int pad = 0;
                        if (pos < pattern.length()) {
                            cur = pattern.charAt(pos);
                            if ((cur >= 'A' && cur <= 'Z') || (cur >= 'a' && cur <= 'z')) {
                                pad = count;
                                start = pos++;
                                while (pos < pattern.length() && pattern.charAt(pos) == cur) {
                                    pos++;
                                }
                                count = pos - start;
                            }
                        }
                        if (pad == 0) {
                            throw new IllegalArgumentException(
                                    "Pad letter 'p' must be followed by valid pad pattern: " + pattern);
                        }
                        throw new UnsupportedOperationException("gcvm: padding (pattern letter 'p') is not supported");
                    }
                    letter(cur, count);
                    pos--;
                } else if (cur == '\'') {
                    int start = pos++;
                    for (; pos < pattern.length(); pos++) {
                        if (pattern.charAt(pos) == '\'') {
                            if (pos + 1 < pattern.length() && pattern.charAt(pos + 1) == '\'') {
                                pos++;
                            } else {
                                break;
                            }
                        }
                    }
                    if (pos >= pattern.length()) {
                        throw new IllegalArgumentException("Pattern ends with an incomplete string literal: " + pattern);
                    }
                    String str = pattern.substring(start + 1, pos);
                    if (str.isEmpty()) {
                        literal('\'');
                    } else {
                        literal(str.replace("''", "'"));
                    }
                } else if (cur == '[') {
                    optionalStart();
                } else if (cur == ']') {
                    if (active.parent == null) {
                        throw new IllegalArgumentException("Pattern invalid as it contains ] without previous [");
                    }
                    optionalEnd();
                } else if (cur == '{' || cur == '}' || cur == '#') {
                    throw new IllegalArgumentException("Pattern includes reserved character: '" + cur + "'");
                } else {
                    literal(cur);
                }
            }
            return this;
        }

        private void letter(char cur, int count) {
            switch (cur) {
                case 'G':
                    eraText(count);
                    return;
                case 'y':
                case 'u':
                    year(cur == 'y' ? ChronoField.YEAR_OF_ERA : ChronoField.YEAR, count);
                    return;
                case 'M':
                case 'L':
                    monthOrDay(ChronoField.MONTH_OF_YEAR, cur, count, cur == 'L');
                    return;
                case 'E':
                    if (count <= 3) {
                        add(new TextElement(ChronoField.DAY_OF_WEEK, TextStyle.SHORT));
                    } else {
                        textByCount(ChronoField.DAY_OF_WEEK, cur, count, false);
                    }
                    return;
                case 'e':
                case 'c':
                    if (count >= 3) {
                        textByCount(ChronoField.DAY_OF_WEEK, cur, count, cur == 'c');
                        return;
                    }
                    throw new UnsupportedOperationException("gcvm: pattern letter '" + cur
                            + "' (localized week fields) is not supported");
                case 'a':
                    if (count != 1) {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    add(new TextElement(ChronoField.AMPM_OF_DAY, TextStyle.SHORT));
                    return;
                case 'd':
                case 'h':
                case 'H':
                case 'k':
                case 'K':
                case 'm':
                case 's':
                    if (count > 2) {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    if (count == 1) {
                        value(fieldFor(cur));
                    } else {
                        value(fieldFor(cur), 2);
                    }
                    return;
                case 'D':
                    if (count == 1) {
                        value(ChronoField.DAY_OF_YEAR);
                    } else if (count == 2) {
                        value(ChronoField.DAY_OF_YEAR, 2, 3, SignStyle.NOT_NEGATIVE);
                    } else if (count == 3) {
                        value(ChronoField.DAY_OF_YEAR, 3);
                    } else {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    return;
                case 'S':
                    fraction(ChronoField.NANO_OF_SECOND, count, count, false);
                    return;
                case 'n':
                case 'N':
                case 'A':
                    ChronoField f = cur == 'n' ? ChronoField.NANO_OF_SECOND
                            : cur == 'N' ? ChronoField.NANO_OF_DAY : ChronoField.MILLI_OF_DAY;
                    value(f, count, 19, SignStyle.NOT_NEGATIVE);
                    return;
                case 'V':
                    if (count != 2) {
                        throw new IllegalArgumentException("Pattern letter count must be 2: " + cur);
                    }
                    add(new ZoneElement(true, false));
                    return;
                case 'z':
                    if (count > 4) {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    add(new ZoneElement(false, count == 4));
                    return;
                case 'O':
                    if (count == 1) {
                        add(new LocalizedOffsetElement(false));
                    } else if (count == 4) {
                        add(new LocalizedOffsetElement(true));
                    } else {
                        throw new IllegalArgumentException("Pattern letter count must be 1 or 4: " + cur);
                    }
                    return;
                case 'X':
                    if (count > 5) {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    offset(OffsetElement.PATTERNS[count + (count == 1 ? 0 : 1)], "Z");
                    return;
                case 'x':
                    if (count > 5) {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    String zero = count == 1 ? "+00" : (count % 2 == 0 ? "+0000" : "+00:00");
                    offset(OffsetElement.PATTERNS[count + (count == 1 ? 0 : 1)], zero);
                    return;
                case 'Z':
                    if (count < 4) {
                        offset("+HHMM", "+0000");
                    } else if (count == 4) {
                        add(new LocalizedOffsetElement(true));
                    } else if (count == 5) {
                        offset("+HH:MM:ss", "Z");
                    } else {
                        throw new IllegalArgumentException("Too many pattern letters: " + cur);
                    }
                    return;
                case 'w':
                case 'W':
                case 'Y':
                case 'Q':
                case 'q':
                case 'B':
                    throw new UnsupportedOperationException("gcvm: pattern letter '" + cur
                            + "' (week-based, quarter and day-period fields) is not supported");
                default:
                    throw new IllegalArgumentException("Unknown pattern letter: " + cur);
            }
        }

        private static ChronoField fieldFor(char c) {
            switch (c) {
                case 'd':
                    return ChronoField.DAY_OF_MONTH;
                case 'h':
                    return ChronoField.CLOCK_HOUR_OF_AMPM;
                case 'H':
                    return ChronoField.HOUR_OF_DAY;
                case 'k':
                    return ChronoField.CLOCK_HOUR_OF_DAY;
                case 'K':
                    return ChronoField.HOUR_OF_AMPM;
                case 'm':
                    return ChronoField.MINUTE_OF_HOUR;
                default:
                    return ChronoField.SECOND_OF_MINUTE;
            }
        }

        private void eraText(int count) {
            if (count <= 3) {
                add(new TextElement(ChronoField.ERA, TextStyle.SHORT));
            } else if (count == 4) {
                add(new TextElement(ChronoField.ERA, TextStyle.FULL));
            } else if (count == 5) {
                add(new TextElement(ChronoField.ERA, TextStyle.NARROW));
            } else {
                throw new IllegalArgumentException("Too many pattern letters: G");
            }
        }

        private void year(ChronoField field, int count) {
            if (count == 2) {
                number(new ReducedElement(field));
            } else if (count < 4) {
                value(field, count, 19, SignStyle.NORMAL);
            } else {
                value(field, count, 19, SignStyle.EXCEEDS_PAD);
            }
        }

        private void monthOrDay(ChronoField field, char cur, int count, boolean standalone) {
            if (count == 1) {
                value(field);
            } else if (count == 2) {
                value(field, 2);
            } else {
                textByCount(field, cur, count, standalone);
            }
        }

        private void textByCount(ChronoField field, char cur, int count, boolean standalone) {
            TextStyle style;
            if (count == 3) {
                style = TextStyle.SHORT;
            } else if (count == 4) {
                style = TextStyle.FULL;
            } else if (count == 5) {
                style = TextStyle.NARROW;
            } else {
                throw new IllegalArgumentException("Too many pattern letters: " + cur);
            }
            add(new TextElement(field, standalone ? style.asStandalone() : style));
        }
    }
}
