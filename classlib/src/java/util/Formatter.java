package java.util;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import jdk.internal.gcvm.VM;

/**
 * printf-style formatting compatible with java.util.Formatter for the conversions
 * {@code b B h H s S c C d o x X e E f g G a A % n}, the flags {@code - # + space 0 , (}, width,
 * precision and argument indices ({@code %2$s}, {@code %<s}), with the JDK's exceptions.
 *
 * <p>gcvm scope: the digits of %e, %f and %g come from VM natives (see jdk.internal.gcvm.VM);
 * sign, grouping, padding and justification are done here. Formatting is always in the US style
 * whatever Locale is given. BigInteger arguments take {@code %d %o %x} (sign and magnitude, as
 * the JDK prints them), BigDecimal arguments {@code %e %f %g} (digits from the BigDecimal itself,
 * rounded HALF_UP, as the JDK's). Not supported: date/time conversions ({@code %t}) and
 * Formattable. {@code %a} is supported without a precision.
 */
public final class Formatter implements Closeable, Flushable {

    private Appendable a;
    private final Locale l;
    private IOException lastException;

    public Formatter() {
        this(new StringBuilder(), Locale.getDefault());
    }

    public Formatter(Appendable a) {
        this(a == null ? new StringBuilder() : a, Locale.getDefault());
    }

    public Formatter(Locale l) {
        this(new StringBuilder(), l);
    }

    public Formatter(Appendable a, Locale l) {
        this.a = (a == null) ? new StringBuilder() : a;
        this.l = l;
    }

    public Locale locale() {
        ensureOpen();
        return l;
    }

    public Appendable out() {
        ensureOpen();
        return a;
    }

    public String toString() {
        ensureOpen();
        return a.toString();
    }

    public void flush() {
        ensureOpen();
        if (a instanceof Flushable) {
            try {
                ((Flushable) a).flush();
            } catch (IOException ioe) {
                lastException = ioe;
            }
        }
    }

    public void close() {
        if (a == null) {
            return;
        }
        try {
            if (a instanceof Closeable) {
                ((Closeable) a).close();
            }
        } catch (IOException ioe) {
            lastException = ioe;
        } finally {
            a = null;
        }
    }

    private void ensureOpen() {
        if (a == null) {
            throw new FormatterClosedException();
        }
    }

    public IOException ioException() {
        return lastException;
    }

    public Formatter format(String format, Object... args) {
        return format(l, format, args);
    }

    public Formatter format(Locale l, String format, Object... args) {
        ensureOpen();
        List<Object> parts = parse(format);
        StringBuilder out = new StringBuilder();
        int last = -1;
        int lasto = -1;
        for (Object part : parts) {
            if (part instanceof String) {
                out.append((String) part);
                continue;
            }
            Spec fs = (Spec) part;
            int index = fs.index;
            Object arg;
            if (fs.conversion == '%' || fs.conversion == 'n') {
                arg = null;
            } else if (index == -1) {
                if (last < 0 || (args != null && last > args.length - 1)) {
                    throw new MissingFormatArgumentException(fs.text);
                }
                arg = (args == null ? null : args[last]);
            } else if (index == 0) {
                lasto++;
                last = lasto;
                if (args != null && lasto > args.length - 1) {
                    throw new MissingFormatArgumentException(fs.text);
                }
                arg = (args == null ? null : args[lasto]);
            } else {
                last = index - 1;
                if (args != null && last > args.length - 1) {
                    throw new MissingFormatArgumentException(fs.text);
                }
                arg = (args == null ? null : args[last]);
            }
            fs.print(out, arg);
        }
        try {
            a.append(out);
        } catch (IOException x) {
            lastException = x;
        }
        return this;
    }

    // ---------------------------------------------------------------- parsing

    private static final String FLAG_CHARS = "-#+ 0,(<";

    /** Splits the format into literal Strings and Specs, validating every specifier. */
    private static List<Object> parse(String s) {
        List<Object> parts = new ArrayList<>();
        int i = 0;
        int len = s.length();
        while (i < len) {
            int pct = s.indexOf('%', i);
            if (pct < 0) {
                parts.add(s.substring(i));
                break;
            }
            if (pct > i) {
                parts.add(s.substring(i, pct));
            }
            Spec spec = parseSpec(s, pct);
            parts.add(spec);
            i = spec.end;
        }
        return parts;
    }

    private static int digitsEnd(String s, int i) {
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }

    private static int parseNumber(String s, int from, int to) {
        try {
            return Integer.parseInt(s.substring(from, to));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static Spec parseSpec(String s, int start) {
        int len = s.length();
        int i = start + 1;
        Spec spec = new Spec();
        // argument index: digits followed by '$'
        int d = digitsEnd(s, i);
        if (d > i && d < len && s.charAt(d) == '$') {
            spec.index = parseNumber(s, i, d);
            if (spec.index <= 0) {
                throw new IllegalFormatArgumentIndexException(spec.index);
            }
            i = d + 1;
        }
        // flags
        StringBuilder flags = new StringBuilder();
        while (i < len && FLAG_CHARS.indexOf(s.charAt(i)) >= 0) {
            char f = s.charAt(i);
            if (flags.indexOf(String.valueOf(f)) >= 0) {
                throw new DuplicateFormatFlagsException(String.valueOf(f));
            }
            flags.append(f);
            i++;
        }
        spec.setFlags(flags.toString());
        // width
        d = digitsEnd(s, i);
        if (d > i) {
            spec.width = parseNumber(s, i, d);
            i = d;
        }
        // precision
        if (i < len && s.charAt(i) == '.') {
            d = digitsEnd(s, i + 1);
            if (d == i + 1) {
                throw unknownAt(s, start);
            }
            spec.precision = parseNumber(s, i + 1, d);
            i = d;
        }
        if (i >= len) {
            throw unknownAt(s, start);
        }
        char c = s.charAt(i);
        if (c == 't' || c == 'T') {
            throw new UnsupportedOperationException(
                    "gcvm Formatter: date/time conversion %" + c + " is not supported");
        }
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '%')) {
            throw unknownAt(s, start);
        }
        spec.end = i + 1;
        spec.text = s.substring(start, spec.end);
        spec.setConversion(c);
        return spec;
    }

    private static UnknownFormatConversionException unknownAt(String s, int pct) {
        char c = (pct == s.length() - 1) ? '%' : s.charAt(pct + 1);
        return new UnknownFormatConversionException(String.valueOf(c));
    }

    // ---------------------------------------------------------------- specifiers

    private static final class Spec {
        int index;
        int width = -1;
        int precision = -1;
        boolean leftJustify;
        boolean alternate;
        boolean plus;
        boolean leadingSpace;
        boolean zeroPad;
        boolean group;
        boolean parentheses;
        boolean uppercase;
        char conversion;
        String text;
        int end;

        void setFlags(String f) {
            leftJustify = f.indexOf('-') >= 0;
            alternate = f.indexOf('#') >= 0;
            plus = f.indexOf('+') >= 0;
            leadingSpace = f.indexOf(' ') >= 0;
            zeroPad = f.indexOf('0') >= 0;
            group = f.indexOf(',') >= 0;
            parentheses = f.indexOf('(') >= 0;
            if (f.indexOf('<') >= 0) {
                index = -1;
            }
        }

        /** The flags in the JDK's canonical order (for exception messages). */
        String flagString() {
            StringBuilder sb = new StringBuilder();
            if (leftJustify) {
                sb.append('-');
            }
            if (uppercase) {
                sb.append('^');
            }
            if (alternate) {
                sb.append('#');
            }
            if (plus) {
                sb.append('+');
            }
            if (leadingSpace) {
                sb.append(' ');
            }
            if (zeroPad) {
                sb.append('0');
            }
            if (group) {
                sb.append(',');
            }
            if (parentheses) {
                sb.append('(');
            }
            if (index == -1) {
                sb.append('<');
            }
            return sb.toString();
        }

        boolean anyFlag() {
            return leftJustify || alternate || plus || leadingSpace || zeroPad || group
                    || parentheses || index == -1;
        }

        void setConversion(char c) {
            if (Character.isUpperCase(c) && "BHSCXEGA".indexOf(c) >= 0) {
                uppercase = true;
                c = Character.toLowerCase(c);
            }
            conversion = c;
            switch (c) {
                case 'b':
                case 'h':
                case 's':
                    checkGeneral();
                    break;
                case 'c':
                    checkCharacter();
                    break;
                case 'd':
                case 'o':
                case 'x':
                    checkInteger();
                    break;
                case 'e':
                case 'f':
                case 'g':
                case 'a':
                    checkFloat();
                    break;
                case '%':
                case 'n':
                    checkText();
                    break;
                default:
                    throw new UnknownFormatConversionException(String.valueOf(text.charAt(text.length() - 1)));
            }
        }

        private void failMismatch(String flag) {
            throw new FormatFlagsConversionMismatchException(flag, conversion);
        }

        private void checkBadFlags(boolean alt, boolean plusF, boolean space, boolean zero,
                boolean grp, boolean paren) {
            if (alt && alternate) {
                failMismatch("#");
            }
            if (plusF && plus) {
                failMismatch("+");
            }
            if (space && leadingSpace) {
                failMismatch(" ");
            }
            if (zero && zeroPad) {
                failMismatch("0");
            }
            if (grp && group) {
                failMismatch(",");
            }
            if (paren && parentheses) {
                failMismatch("(");
            }
        }

        private void checkGeneral() {
            if ((conversion == 'b' || conversion == 'h') && alternate) {
                failMismatch("#");
            }
            if (width == -1 && leftJustify) {
                throw new MissingFormatWidthException(text);
            }
            checkBadFlags(false, true, true, true, true, true);
        }

        private void checkCharacter() {
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            checkBadFlags(true, true, true, true, true, true);
            if (width == -1 && leftJustify) {
                throw new MissingFormatWidthException(text);
            }
        }

        private void checkNumeric() {
            if (width == -1 && (leftJustify || zeroPad)) {
                throw new MissingFormatWidthException(text);
            }
            if ((plus && leadingSpace) || (leftJustify && zeroPad)) {
                throw new IllegalFormatFlagsException(flagString());
            }
        }

        private void checkInteger() {
            checkNumeric();
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            if (conversion == 'd') {
                checkBadFlags(true, false, false, false, false, false);
            } else {
                checkBadFlags(false, false, false, false, true, false);
            }
        }

        private void checkFloat() {
            checkNumeric();
            if (conversion == 'a') {
                checkBadFlags(false, false, false, false, true, true);
            } else if (conversion == 'e') {
                checkBadFlags(false, false, false, false, true, false);
            } else if (conversion == 'g') {
                checkBadFlags(true, false, false, false, false, false);
            }
        }

        private void checkText() {
            if (precision != -1) {
                throw new IllegalFormatPrecisionException(precision);
            }
            if (conversion == '%') {
                if (alternate || plus || leadingSpace || zeroPad || group || parentheses
                        || index == -1) {
                    throw new IllegalFormatFlagsException(flagString());
                }
                if (width == -1 && leftJustify) {
                    throw new MissingFormatWidthException(text);
                }
            } else {
                if (width != -1) {
                    throw new IllegalFormatWidthException(width);
                }
                if (anyFlag()) {
                    throw new IllegalFormatFlagsException(flagString());
                }
            }
        }

        // ---- printing ----

        void print(StringBuilder out, Object arg) {
            switch (conversion) {
                case 'b':
                    printString(out, arg == null ? "false"
                            : (arg instanceof Boolean ? arg.toString() : "true"));
                    break;
                case 'h':
                    printString(out, arg == null ? "null" : Integer.toHexString(arg.hashCode()));
                    break;
                case 's':
                    if (alternate) {
                        failMismatch("#");
                    }
                    printString(out, arg == null ? "null" : arg.toString());
                    break;
                case 'c':
                    printCharacter(out, arg);
                    break;
                case 'd':
                case 'o':
                case 'x':
                    printInteger(out, arg);
                    break;
                case 'e':
                case 'f':
                case 'g':
                case 'a':
                    printFloat(out, arg);
                    break;
                case '%':
                    appendJustified(out, "%");
                    break;
                default:
                    out.append(System.lineSeparator());
                    break;
            }
        }

        private void printString(StringBuilder out, String s) {
            if (precision != -1 && precision < s.length()) {
                s = s.substring(0, precision);
            }
            if (uppercase) {
                s = s.toUpperCase();
            }
            appendJustified(out, s);
        }

        private void appendJustified(StringBuilder out, CharSequence cs) {
            if (width == -1) {
                out.append(cs);
                return;
            }
            boolean padRight = leftJustify;
            int sp = width - cs.length();
            if (padRight) {
                out.append(cs);
            }
            for (int i = 0; i < sp; i++) {
                out.append(' ');
            }
            if (!padRight) {
                out.append(cs);
            }
        }

        private void failConversion(Object arg) {
            throw new IllegalFormatConversionException(
                    uppercase ? Character.toUpperCase(conversion) : conversion, arg.getClass());
        }

        private void printCharacter(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            String s;
            if (arg instanceof Character) {
                s = arg.toString();
            } else if (arg instanceof Byte || arg instanceof Short || arg instanceof Integer) {
                int i = ((Number) arg).intValue();
                if (!Character.isValidCodePoint(i)) {
                    throw new IllegalFormatCodePointException(i);
                }
                s = new String(Character.toChars(i));
            } else {
                failConversion(arg);
                return;
            }
            printString(out, s);
        }

        private void printInteger(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            if (arg instanceof BigInteger) {
                printBigInteger(out, (BigInteger) arg);
                return;
            }
            long v;
            int bits;
            if (arg instanceof Integer) {
                v = (Integer) arg;
                bits = 32;
            } else if (arg instanceof Long) {
                v = (Long) arg;
                bits = 64;
            } else if (arg instanceof Short) {
                v = (Short) arg;
                bits = 16;
            } else if (arg instanceof Byte) {
                v = (Byte) arg;
                bits = 8;
            } else {
                failConversion(arg);
                return;
            }
            if (v < 0 && bits < 64 && conversion != 'd') {
                v += (1L << bits);
            }
            StringBuilder sb = new StringBuilder();
            if (conversion == 'd') {
                boolean neg = v < 0;
                String valueStr = Long.toString(v);
                leadingSign(sb, neg);
                localizedMagnitude(sb, valueStr, neg ? 1 : 0, adjustWidth(width, neg));
                trailingSign(sb, neg);
            } else {
                checkBadFlags(false, true, true, false, false, true);
                boolean octal = conversion == 'o';
                String s = octal ? Long.toOctalString(v) : Long.toHexString(v);
                int len = alternate ? s.length() + (octal ? 1 : 2) : s.length();
                if (alternate) {
                    sb.append(octal ? "0" : (uppercase ? "0X" : "0x"));
                }
                if (zeroPad) {
                    for (int i = len; i < width; i++) {
                        sb.append('0');
                    }
                }
                sb.append(uppercase ? s.toUpperCase() : s);
            }
            appendJustified(out, sb);
        }

        /** Sign and magnitude in every radix; '+', ' ' and '(' are allowed for o and x too. */
        private void printBigInteger(StringBuilder out, BigInteger value) {
            boolean neg = value.signum() < 0;
            BigInteger v = value.abs();
            StringBuilder sb = new StringBuilder();
            leadingSign(sb, neg);
            if (conversion == 'd') {
                localizedMagnitude(sb, v.toString(), 0, adjustWidth(width, neg));
            } else {
                boolean octal = conversion == 'o';
                String digits = v.toString(octal ? 8 : 16);
                String prefix = !alternate ? "" : octal ? "0" : (uppercase ? "0X" : "0x");
                sb.append(prefix);
                if (zeroPad) {
                    int used = sb.length() + digits.length() + (neg && parentheses ? 1 : 0);
                    appendZeros(sb, width - used);
                }
                sb.append(uppercase ? digits.toUpperCase() : digits);
            }
            trailingSign(sb, neg);
            appendJustified(out, sb);
        }

        private static void appendZeros(StringBuilder sb, int n) {
            for (int i = 0; i < n; i++) {
                sb.append('0');
            }
        }

        private void leadingSign(StringBuilder sb, boolean neg) {
            if (!neg) {
                if (plus) {
                    sb.append('+');
                } else if (leadingSpace) {
                    sb.append(' ');
                }
            } else {
                sb.append(parentheses ? '(' : '-');
            }
        }

        private void trailingSign(StringBuilder sb, boolean neg) {
            if (neg && parentheses) {
                sb.append(')');
            }
        }

        private int adjustWidth(int w, boolean neg) {
            return (w != -1 && neg && parentheses) ? w - 1 : w;
        }

        /**
         * Appends the digits of value[offset..] with ',' grouping of the integer part (if the
         * ',' flag is set), then zero-pads after {@code begin} up to width w (if '0' is set).
         */
        private void localizedMagnitude(StringBuilder sb, String value, int offset, int w) {
            int begin = sb.length();
            int len = value.length();
            int dot = len;
            for (int j = offset; j < len; j++) {
                if (value.charAt(j) == '.') {
                    dot = j;
                    break;
                }
            }
            char grpSep = group ? ',' : '\0';
            for (int j = offset; j < len; j++) {
                if (j == dot) {
                    sb.append('.');
                    grpSep = '\0';
                    continue;
                }
                sb.append(value.charAt(j));
                if (grpSep != '\0' && j != dot - 1 && ((dot - j) % 3 == 1)) {
                    sb.append(grpSep);
                }
            }
            if (w != -1 && zeroPad) {
                for (int k = sb.length(); k < w; k++) {
                    sb.insert(begin, '0');
                }
            }
        }

        private void printFloat(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            if (arg instanceof BigDecimal && conversion != 'a') {
                printBigDecimal(out, (BigDecimal) arg);
                return;
            }
            double value;
            if (arg instanceof Double) {
                value = (Double) arg;
            } else if (arg instanceof Float) {
                value = (Float) arg;
            } else {
                failConversion(arg);
                return;
            }
            StringBuilder sb = new StringBuilder();
            boolean neg = Double.compare(value, 0.0) == -1;
            if (!Double.isNaN(value)) {
                double v = Math.abs(value);
                leadingSign(sb, neg);
                if (!Double.isInfinite(v)) {
                    printFinite(sb, v, neg);
                } else {
                    sb.append(uppercase ? "INFINITY" : "Infinity");
                }
                trailingSign(sb, neg);
            } else {
                sb.append(uppercase ? "NAN" : "NaN");
            }
            appendJustified(out, sb);
        }

        private void printFinite(StringBuilder sb, double value, boolean neg) {
            switch (conversion) {
                case 'f': {
                    int prec = (precision == -1 ? 6 : precision);
                    String mant = VM.formatFixed(value, prec);
                    if (alternate && prec == 0) {
                        mant = mant + ".";
                    }
                    localizedMagnitude(sb, mant, 0, adjustWidth(width, neg));
                    break;
                }
                case 'e': {
                    int prec = (precision == -1 ? 6 : precision);
                    appendMantissaExponent(sb, VM.formatScientific(value, prec), prec, neg);
                    break;
                }
                case 'g': {
                    int prec = (precision == -1) ? 6 : (precision == 0 ? 1 : precision);
                    String s = VM.formatGeneral(value, prec);
                    if (s.indexOf('e') >= 0) {
                        appendMantissaExponent(sb, s, prec - 1, neg);
                    } else {
                        localizedMagnitude(sb, s, 0, adjustWidth(width, neg));
                    }
                    break;
                }
                default: {
                    String hex = Double.toHexString(value);
                    sb.append(uppercase ? hex.toUpperCase() : hex);
                    break;
                }
            }
        }

        // ---- BigDecimal: %e, %f, %g on the decimal digits themselves ----

        private void printBigDecimal(StringBuilder out, BigDecimal value) {
            boolean neg = value.signum() < 0;
            StringBuilder sb = new StringBuilder();
            leadingSign(sb, neg);
            BigDecimal v = value.abs();
            int prec = precision == -1 ? 6 : precision;
            if (conversion == 'e') {
                appendDecimalScientific(sb, v, prec, neg);
            } else if (conversion == 'f') {
                appendDecimalFixed(sb, v, prec, neg);
            } else {
                appendDecimalGeneral(sb, v, precision == 0 ? 1 : prec, neg);
            }
            trailingSign(sb, neg);
            appendJustified(out, sb);
        }

        /**
         * %g: v rounded HALF_UP to prec significant digits, then fixed for 10^-4 <= v < 10^prec
         * and for a zero of scale 0, scientific otherwise (a zero with another scale included).
         */
        private void appendDecimalGeneral(StringBuilder sb, BigDecimal v, int prec, boolean neg) {
            v = v.round(new MathContext(prec, RoundingMode.HALF_UP));
            boolean fixed = v.equals(BigDecimal.ZERO)
                    || (v.compareTo(BigDecimal.valueOf(1, 4)) >= 0 && v.compareTo(BigDecimal.valueOf(1, -prec)) < 0);
            if (fixed) {
                int exponent = -v.scale() + (v.unscaledValue().toString().length() - 1);
                appendDecimalFixed(sb, v, prec - exponent - 1, neg);
            } else {
                appendDecimalScientific(sb, v, prec - 1, neg);
            }
        }

        /** %f: prec digits after the point (rounded HALF_UP, or zeros appended). */
        private void appendDecimalFixed(StringBuilder sb, BigDecimal v, int prec, boolean neg) {
            if (v.scale() > prec) {
                v = v.setScale(prec, RoundingMode.HALF_UP);
            }
            String digits = v.unscaledValue().toString();
            int scale = Math.max(v.scale(), 0);
            StringBuilder mant = new StringBuilder();
            if (v.scale() <= 0) {
                mant.append(digits);
                if (v.signum() != 0) {
                    appendZeros(mant, -v.scale());
                }
            } else if (scale >= digits.length()) {
                mant.append("0.");
                appendZeros(mant, scale - digits.length());
                mant.append(digits);
            } else {
                mant.append(digits, 0, digits.length() - scale).append('.')
                        .append(digits, digits.length() - scale, digits.length());
            }
            int zeros = scale < prec ? prec - scale : 0;
            if (scale == 0 && (alternate || zeros > 0)) {
                mant.append('.');
            }
            appendZeros(mant, zeros);
            localizedMagnitude(sb, mant.toString(), 0, adjustWidth(width, neg));
        }

        /**
         * %e: prec + 1 significant digits (rounded HALF_UP, or zeros appended), an exponent of
         * at least two digits computed from the scale (so 0.000 prints as 0.000000e-03, as in
         * the JDK).
         */
        private void appendDecimalScientific(StringBuilder sb, BigDecimal v, int prec, boolean neg) {
            int zeros = 0;
            if (prec > v.precision() - 1) {
                zeros = prec - (v.precision() - 1);
            } else {
                v = v.round(new MathContext(prec + 1, RoundingMode.HALF_UP));
            }
            String digits = v.unscaledValue().toString();
            StringBuilder mant = new StringBuilder().append(digits.charAt(0));
            if (digits.length() > 1) {
                mant.append('.').append(digits, 1, digits.length());
            } else if (zeros > 0 || alternate) {
                mant.append('.');
            }
            appendZeros(mant, zeros);
            long exponent = -(long) v.scale() + (digits.length() - 1);
            long absExponent = Math.abs(exponent);
            String exp = (exponent < 0 ? "-" : "+") + (absExponent < 10 ? "0" : "") + absExponent;
            int newW = width == -1 ? -1 : adjustWidth(width - exp.length() - 1, neg);
            localizedMagnitude(sb, mant.toString(), 0, newW);
            sb.append(uppercase ? 'E' : 'e').append(exp);
        }

        /** For "d.ddde+xx" strings: grouping/zero padding on the mantissa, then the exponent. */
        private void appendMantissaExponent(StringBuilder sb, String s, int prec, boolean neg) {
            int e = s.indexOf('e');
            String mant = s.substring(0, e);
            String exp = s.substring(e + 1);
            if (alternate && prec == 0) {
                mant = mant + ".";
            }
            int newW = width;
            if (width != -1) {
                newW = adjustWidth(width - exp.length() - 1, neg);
            }
            localizedMagnitude(sb, mant, 0, newW);
            sb.append(uppercase ? 'E' : 'e');
            sb.append(exp);
        }
    }
}
