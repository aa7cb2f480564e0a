package java.text;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Numbers formatted by a pattern: 0 # , . % \u2030 \u00a4 E ; and ' quoting, prefixes and
 * suffixes, a negative subpattern, grouping, scientific notation and the eight rounding modes
 * (HALF_EVEN by default), all as HotSpot prints them for the default English locale.
 *
 * A value becomes a digit string and the position of its decimal point (decimalAt: digits
 * "125", decimalAt 1 is 1.25), rounded with BigDecimal. A double is rounded from its exact
 * binary value, but when its shortest decimal form (Double.toString's digits) fits the digits
 * asked for, those are printed instead: this is what HotSpot does.
 */
public class DecimalFormat extends NumberFormat {
    private static final int MAXIMUM_INTEGER_DIGITS = Integer.MAX_VALUE;
    private static final int DOUBLE_INTEGER_DIGITS = 309;
    private static final int DOUBLE_FRACTION_DIGITS = 340;
    private static final char QUOTE = '\'';

    private DecimalFormatSymbols symbols = new DecimalFormatSymbols();
    /** The affixes in pattern form: the specials % \u2030 \u00a4 - bare, literals quoted. */
    private String posPrefixPattern = "";
    private String posSuffixPattern = "";
    private String negPrefixPattern = "-";
    private String negSuffixPattern = "";
    private String positivePrefix = "";
    private String positiveSuffix = "";
    private String negativePrefix = "-";
    private String negativeSuffix = "";
    private int multiplier = 1;
    private int groupingSize = 3;
    private boolean decimalSeparatorAlwaysShown;
    private boolean useExponentialNotation;
    private int minExponentDigits;
    private boolean parseBigDecimal;
    private RoundingMode roundingMode = RoundingMode.HALF_EVEN;

    public DecimalFormat() {
        this("#,##0.###");
    }

    public DecimalFormat(String pattern) {
        applyPattern(pattern);
    }

    public DecimalFormat(String pattern, DecimalFormatSymbols symbols) {
        this.symbols = (DecimalFormatSymbols) symbols.clone();
        applyPattern(pattern);
    }

    // ---------------------------------------------------------------- formatting

    @Override
    public final StringBuffer format(Object number, StringBuffer toAppendTo, FieldPosition pos) {
        if (number instanceof BigDecimal) {
            return format((BigDecimal) number, toAppendTo, pos);
        } else if (number instanceof BigInteger && ((BigInteger) number).bitLength() >= 64) {
            return format((BigInteger) number, toAppendTo, pos);
        }
        return super.format(number, toAppendTo, pos);
    }

    @Override
    public StringBuffer format(double number, StringBuffer result, FieldPosition pos) {
        if (number != number) {
            result.append(symbols.getNaN());
            return result;
        }
        boolean negative = (number < 0.0 || (number == 0.0 && 1 / number < 0.0)) ^ (multiplier < 0);
        if (multiplier != 1) {
            number *= multiplier;
        }
        if (Double.isInfinite(number)) {
            result.append(negative ? negativePrefix : positivePrefix);
            result.append(symbols.getInfinity());
            result.append(negative ? negativeSuffix : positiveSuffix);
            return result;
        }
        double magnitude = Math.abs(number);
        BigDecimal shortest = new BigDecimal(Double.toString(magnitude));
        BigDecimal exact = new BigDecimal(magnitude);
        int maxFrac = Math.min(getMaximumFractionDigits(), DOUBLE_FRACTION_DIGITS);
        int maxInt = Math.min(getMaximumIntegerDigits(), DOUBLE_INTEGER_DIGITS);
        BigDecimal rounded;
        if (useExponentialNotation) {
            int significant = significantDigits(maxInt, maxFrac);
            rounded = shortest.stripTrailingZeros().precision() <= significant
                    ? shortest : roundSignificant(exact, significant, negative);
        } else {
            rounded = shortest.stripTrailingZeros().scale() <= maxFrac ? shortest
                    : tooSmallToRound(shortest, maxFrac) ? BigDecimal.ZERO
                    : roundScale(exact, maxFrac, negative);
        }
        return subformat(result, pos, negative, rounded, false, maxInt, maxFrac,
                getMinimumIntegerDigits(), getMinimumFractionDigits());
    }

    @Override
    public StringBuffer format(long number, StringBuffer result, FieldPosition pos) {
        BigDecimal value = BigDecimal.valueOf(number);
        if (multiplier != 1) {
            value = value.multiply(BigDecimal.valueOf(multiplier));
        }
        return formatExact(result, pos, value, true);
    }

    private StringBuffer format(BigDecimal number, StringBuffer result, FieldPosition pos) {
        if (multiplier != 1) {
            number = number.multiply(BigDecimal.valueOf(multiplier));
        }
        return formatExact(result, pos, number, false);
    }

    private StringBuffer format(BigInteger number, StringBuffer result, FieldPosition pos) {
        BigDecimal value = new BigDecimal(number);
        if (multiplier != 1) {
            value = value.multiply(BigDecimal.valueOf(multiplier));
        }
        return formatExact(result, pos, value, true);
    }

    /** Formats a long, BigInteger or BigDecimal (after the multiplier). */
    private StringBuffer formatExact(StringBuffer result, FieldPosition pos, BigDecimal value,
            boolean isInteger) {
        boolean negative = value.signum() < 0;
        BigDecimal magnitude = value.abs();
        int maxInt = getMaximumIntegerDigits();
        int maxFrac = getMaximumFractionDigits();
        BigDecimal rounded;
        if (useExponentialNotation) {
            rounded = roundSignificant(magnitude, significantDigits(maxInt, maxFrac), negative);
        } else {
            int scale = isInteger ? 0 : maxFrac;
            rounded = tooSmallToRound(magnitude, scale) ? BigDecimal.ZERO
                    : roundScale(magnitude, scale, negative);
        }
        return subformat(result, pos, negative, rounded, isInteger, maxInt, maxFrac,
                getMinimumIntegerDigits(), getMinimumFractionDigits());
    }

    private static int significantDigits(int maxInt, int maxFrac) {
        int sum = maxInt + maxFrac;
        return sum < 0 ? Integer.MAX_VALUE : sum;
    }

    /** The rounding mode for a magnitude: CEILING and FLOOR swap for negative numbers. */
    private RoundingMode modeFor(boolean negative) {
        if (negative && roundingMode == RoundingMode.CEILING) {
            return RoundingMode.FLOOR;
        } else if (negative && roundingMode == RoundingMode.FLOOR) {
            return RoundingMode.CEILING;
        }
        return roundingMode;
    }

    /**
     * HotSpot prints zero, whatever the rounding mode, when a number's first digit lies more
     * than one place below the last fraction digit (0.0001 with two fraction digits, UP: 0.00).
     */
    private static boolean tooSmallToRound(BigDecimal magnitude, int maxFrac) {
        if (magnitude.signum() == 0) {
            return false;
        }
        BigDecimal stripped = magnitude.stripTrailingZeros();
        int decimalAt = stripped.precision() - stripped.scale();
        return -decimalAt > maxFrac;
    }

    private BigDecimal roundScale(BigDecimal magnitude, int scale, boolean negative) {
        if (magnitude.scale() <= scale) {
            return magnitude;
        }
        checkRoundingAllowed(magnitude.setScale(scale, RoundingMode.DOWN), magnitude);
        return magnitude.setScale(scale, modeFor(negative));
    }

    private BigDecimal roundSignificant(BigDecimal magnitude, int digits, boolean negative) {
        if (magnitude.signum() == 0 || magnitude.stripTrailingZeros().precision() <= digits) {
            return magnitude;
        }
        checkRoundingAllowed(magnitude.round(new MathContext(digits, RoundingMode.DOWN)), magnitude);
        return magnitude.round(new MathContext(digits, modeFor(negative)));
    }

    private void checkRoundingAllowed(BigDecimal truncated, BigDecimal magnitude) {
        if (roundingMode == RoundingMode.UNNECESSARY && truncated.compareTo(magnitude) != 0) {
            throw new ArithmeticException(
                    "Rounding needed with the rounding mode being set to RoundingMode.UNNECESSARY");
        }
    }

    /** Prints a rounded magnitude with the affixes of its sign. */
    private StringBuffer subformat(StringBuffer result, FieldPosition pos, boolean negative,
            BigDecimal rounded, boolean isInteger, int maxInt, int maxFrac, int minInt, int minFrac) {
        String digits;
        int decimalAt;
        if (rounded.signum() == 0) {
            digits = "";
            decimalAt = 0;
        } else {
            BigDecimal stripped = rounded.stripTrailingZeros();
            digits = stripped.unscaledValue().toString();
            decimalAt = digits.length() - stripped.scale();
        }
        result.append(negative ? negativePrefix : positivePrefix);
        if (useExponentialNotation) {
            appendScientific(result, pos, digits, decimalAt, maxInt, minInt, minFrac);
        } else {
            appendPlain(result, pos, digits, decimalAt, isInteger, maxInt, maxFrac, minInt, minFrac);
        }
        result.append(negative ? negativeSuffix : positiveSuffix);
        return result;
    }

    private char digitChar(String digits, int index) {
        int zeroDelta = symbols.getZeroDigit() - '0';
        return (char) (digits.charAt(index) + zeroDelta);
    }

    private void appendPlain(StringBuffer result, FieldPosition pos, String digits, int decimalAt,
            boolean isInteger, int maxInt, int maxFrac, int minInt, int minFrac) {
        char zero = symbols.getZeroDigit();
        int count = Math.max(minInt, decimalAt);
        int digitIndex = 0;
        if (count > maxInt) {
            count = maxInt;
            digitIndex = decimalAt - count;
        }
        int integerStart = result.length();
        for (int i = count - 1; i >= 0; --i) {
            if (i < decimalAt && digitIndex < digits.length()) {
                result.append(digitChar(digits, digitIndex++));
            } else {
                result.append(zero);
            }
            if (isGroupingUsed() && i > 0 && groupingSize != 0 && i % groupingSize == 0) {
                result.append(symbols.getGroupingSeparator());
            }
        }
        boolean fractionPresent = minFrac > 0 || (!isInteger && digitIndex < digits.length());
        if (!fractionPresent && result.length() == integerStart) {
            result.append(zero);
        }
        setField(pos, INTEGER_FIELD, integerStart, result.length());
        if (decimalSeparatorAlwaysShown || fractionPresent) {
            result.append(symbols.getDecimalSeparator());
        }
        int fractionStart = result.length();
        for (int i = 0; i < maxFrac; ++i) {
            if (i >= minFrac && (isInteger || digitIndex >= digits.length())) {
                break;
            }
            if (-1 - i > decimalAt - 1) {
                result.append(zero);
                continue;
            }
            if (!isInteger && digitIndex < digits.length()) {
                result.append(digitChar(digits, digitIndex++));
            } else {
                result.append(zero);
            }
        }
        setField(pos, FRACTION_FIELD, fractionStart, result.length());
    }

    private void appendScientific(StringBuffer result, FieldPosition pos, String digits,
            int decimalAt, int maxInt, int minInt, int minFrac) {
        char zero = symbols.getZeroDigit();
        boolean isZero = digits.isEmpty();
        int exponent = decimalAt;
        int minimumIntegerDigits = minInt;
        if (maxInt > 1 && maxInt > minInt) {
            exponent = exponentMultipleOf(exponent, maxInt);
            minimumIntegerDigits = 1;
        } else {
            exponent -= minInt;
        }
        if (isZero) {
            exponent = 0;
        }
        int minimumDigits = minInt + minFrac;
        if (minimumDigits < 0) {
            minimumDigits = Integer.MAX_VALUE;
        }
        int integerDigits = isZero ? minimumIntegerDigits : decimalAt - exponent;
        minimumDigits = Math.max(minimumDigits, integerDigits);
        int totalDigits = Math.max(digits.length(), minimumDigits);
        int start = result.length();
        for (int i = 0; i < totalDigits; ++i) {
            if (i == integerDigits) {
                setField(pos, INTEGER_FIELD, start, result.length());
                result.append(symbols.getDecimalSeparator());
            }
            result.append(i < digits.length() ? digitChar(digits, i) : zero);
        }
        if (decimalSeparatorAlwaysShown && totalDigits == integerDigits) {
            result.append(symbols.getDecimalSeparator());
        }
        result.append(symbols.getExponentSeparator());
        if (exponent < 0) {
            result.append(symbols.getMinusSign());
        }
        String exponentDigits = Long.toString(Math.abs((long) exponent));
        for (int i = exponentDigits.length(); i < minExponentDigits; ++i) {
            result.append(zero);
        }
        for (int i = 0; i < exponentDigits.length(); ++i) {
            result.append(digitChar(exponentDigits, i));
        }
    }

    /** The exponent, lowered to a multiple of repeat, for engineering-style patterns. */
    private static int exponentMultipleOf(int decimalAt, int repeat) {
        if (decimalAt >= 1) {
            return ((decimalAt - 1) / repeat) * repeat;
        }
        return ((decimalAt - repeat) / repeat) * repeat;
    }

    private static void setField(FieldPosition pos, int field, int begin, int end) {
        if (pos != null && pos.getField() == field) {
            pos.setBeginIndex(begin);
            pos.setEndIndex(end);
        }
    }

    // ---------------------------------------------------------------- parsing

    @Override
    public Number parse(String text, ParsePosition pos) {
        int start = pos.getIndex();
        boolean posMatch = text.startsWith(positivePrefix, start);
        boolean negMatch = text.startsWith(negativePrefix, start);
        if (posMatch && negMatch) {
            if (positivePrefix.length() > negativePrefix.length()) {
                negMatch = false;
            } else if (positivePrefix.length() < negativePrefix.length()) {
                posMatch = false;
            }
        }
        if (!posMatch && !negMatch) {
            pos.setErrorIndex(start);
            return null;
        }
        int position = start + (posMatch ? positivePrefix.length() : negativePrefix.length());
        if (text.startsWith(symbols.getInfinity(), position)) {
            position += symbols.getInfinity().length();
            return finishInfinity(text, pos, start, position, posMatch, negMatch);
        }
        StringBuilder number = new StringBuilder();
        int end = scanNumber(text, position, number);
        if (end < 0) {
            pos.setErrorIndex(position);
            return null;
        }
        boolean posSuffixOk = posMatch && text.startsWith(positiveSuffix, end);
        boolean negSuffixOk = negMatch && text.startsWith(negativeSuffix, end);
        if (posSuffixOk && negSuffixOk) {
            if (positiveSuffix.length() > negativeSuffix.length()) {
                negSuffixOk = false;
            } else if (positiveSuffix.length() < negativeSuffix.length()) {
                posSuffixOk = false;
            }
        }
        if (!posSuffixOk && !negSuffixOk) {
            pos.setErrorIndex(end);
            return null;
        }
        boolean negative = !posSuffixOk || (negSuffixOk && !posMatch);
        if (posSuffixOk && negSuffixOk) {
            negative = !posMatch;
        }
        pos.setIndex(end + (negative ? negativeSuffix.length() : positiveSuffix.length()));
        return toNumber(new BigDecimal(number.toString()), negative);
    }

    private Number finishInfinity(String text, ParsePosition pos, int start, int position,
            boolean posMatch, boolean negMatch) {
        if (posMatch && text.startsWith(positiveSuffix, position)) {
            pos.setIndex(position + positiveSuffix.length());
            return Double.valueOf(Double.POSITIVE_INFINITY);
        }
        if (negMatch && text.startsWith(negativeSuffix, position)) {
            pos.setIndex(position + negativeSuffix.length());
            return Double.valueOf(Double.NEGATIVE_INFINITY);
        }
        pos.setErrorIndex(position);
        return null;
    }

    /** Reads digits, grouping, a decimal point and an exponent into plain form; -1 if none. */
    private int scanNumber(String text, int position, StringBuilder number) {
        char zero = symbols.getZeroDigit();
        boolean sawDigit = false;
        boolean sawDecimal = false;
        int i = position;
        while (i < text.length()) {
            char c = text.charAt(i);
            int digit = c - zero;
            if (digit >= 0 && digit <= 9) {
                number.append((char) ('0' + digit));
                sawDigit = true;
            } else if (Character.digit(c, 10) >= 0) {
                number.append((char) ('0' + Character.digit(c, 10)));
                sawDigit = true;
            } else if (!sawDecimal && c == symbols.getDecimalSeparator()) {
                if (isParseIntegerOnly()) {
                    break;
                }
                number.append('.');
                sawDecimal = true;
            } else if (!sawDecimal && isGroupingUsed() && c == symbols.getGroupingSeparator()) {
                // grouping separators are skipped
            } else if (sawDigit && text.startsWith(symbols.getExponentSeparator(), i)) {
                int after = scanExponent(text, i + symbols.getExponentSeparator().length(), number);
                if (after > 0) {
                    i = after;
                }
                break;
            } else {
                break;
            }
            i++;
        }
        if (!sawDigit) {
            return -1;
        }
        return i;
    }

    private int scanExponent(String text, int i, StringBuilder number) {
        StringBuilder exponent = new StringBuilder("E");
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == symbols.getMinusSign())) {
            exponent.append(text.charAt(i) == '+' ? '+' : '-');
            i++;
        }
        int digitsStart = i;
        while (i < text.length() && Character.digit(text.charAt(i), 10) >= 0) {
            exponent.append((char) ('0' + Character.digit(text.charAt(i), 10)));
            i++;
        }
        if (i == digitsStart) {
            return -1;
        }
        number.append(exponent);
        return i;
    }

    /**
     * A Long when the value is integral, fits, and is not -0 (-0 is a Long when parsing integers
     * only); else a Double, or a BigDecimal if asked for.
     */
    private Number toNumber(BigDecimal magnitude, boolean negative) {
        BigDecimal value = negative ? magnitude.negate() : magnitude;
        if (multiplier != 1) {
            value = value.divide(BigDecimal.valueOf(multiplier), MathContext.DECIMAL128);
        }
        if (parseBigDecimal) {
            return value;
        }
        if (negative && value.signum() == 0 && !isParseIntegerOnly()) {
            return Double.valueOf(-0.0);
        }
        BigDecimal integral = value.stripTrailingZeros();
        if (integral.scale() <= 0 && integral.precision() - integral.scale() <= 19) {
            BigInteger big = integral.toBigInteger();
            if (big.bitLength() < 64) {
                return Long.valueOf(big.longValue());
            }
        }
        return Double.valueOf(value.doubleValue());
    }

    // ---------------------------------------------------------------- the pattern

    public void applyPattern(String pattern) {
        new PatternParser(pattern).applyTo(this);
    }

    public void applyLocalizedPattern(String pattern) {
        applyPattern(pattern);
    }

    /** One pass over a pattern: the positive subpattern's numbers and affixes, the negative's. */
    private static final class PatternParser {
        private final String pattern;
        private int index;
        private int digitLeftCount;
        private int zeroDigitCount;
        private int digitRightCount;
        private int groupingCount = -1;
        private int decimalPos = -1;
        private boolean useExponent;
        private int minExponentDigits;
        private int multiplier = 1;

        PatternParser(String pattern) {
            this.pattern = pattern;
        }

        void applyTo(DecimalFormat format) {
            String posPrefix = readAffix(true);
            readNumber();
            String posSuffix = readAffix(false);
            String negPrefix = "-" + posPrefix;
            String negSuffix = posSuffix;
            if (index < pattern.length() && pattern.charAt(index) == ';') {
                index++;
                int savedMultiplier = multiplier;
                negPrefix = readAffix(true);
                skipNumber();
                negSuffix = readAffix(false);
                multiplier = savedMultiplier;
            }
            format.posPrefixPattern = posPrefix;
            format.posSuffixPattern = posSuffix;
            format.negPrefixPattern = negPrefix;
            format.negSuffixPattern = negSuffix;
            format.multiplier = multiplier;
            setDigitCounts(format);
            format.expandAffixes();
        }

        private IllegalArgumentException malformed(String what) {
            return new IllegalArgumentException(what + " in pattern \"" + pattern + '"');
        }

        /** Reads a prefix (up to the number) or suffix (up to ';'), into canonical form. */
        private String readAffix(boolean prefix) {
            StringBuilder out = new StringBuilder();
            boolean inQuote = false;
            while (index < pattern.length()) {
                char c = pattern.charAt(index);
                if (inQuote) {
                    if (c == QUOTE) {
                        if (index + 1 < pattern.length() && pattern.charAt(index + 1) == QUOTE) {
                            out.append("''");
                            index++;
                        } else {
                            inQuote = false;
                        }
                    } else {
                        appendLiteral(out, c);
                    }
                } else if (c == QUOTE) {
                    if (index + 1 < pattern.length() && pattern.charAt(index + 1) == QUOTE) {
                        out.append("''");
                        index++;
                    } else {
                        inQuote = true;
                    }
                } else if (prefix && (c == '#' || c == '0' || c == ',' || c == '.')) {
                    break;
                } else if (c == ';') {
                    if (prefix) {
                        throw malformed("Unquoted special character ';'");
                    }
                    break;
                } else if (c == '%' || c == '\u2030') {
                    if (multiplier != 1) {
                        throw malformed("Too many percent/per mille characters");
                    }
                    multiplier = c == '%' ? 100 : 1000;
                    out.append(c);
                } else if (c == '\u00a4' || c == '-') {
                    out.append(c);
                } else if (!prefix && (c == '#' || c == '0' || c == ',' || c == '.')) {
                    throw malformed("Unquoted special character '" + c + "'");
                } else {
                    appendLiteral(out, c);
                }
                index++;
            }
            if (inQuote) {
                throw malformed("Unterminated quote");
            }
            return out.toString();
        }

        private void readNumber() {
            while (index < pattern.length()) {
                char c = pattern.charAt(index);
                if (c == '#') {
                    if (zeroDigitCount > 0) {
                        digitRightCount++;
                    } else {
                        digitLeftCount++;
                    }
                    countGrouping();
                } else if (c == '0') {
                    if (digitRightCount > 0) {
                        throw malformed("Unexpected '0'");
                    }
                    zeroDigitCount++;
                    countGrouping();
                } else if (c == ',') {
                    groupingCount = 0;
                } else if (c == '.') {
                    if (decimalPos >= 0) {
                        throw malformed("Multiple decimal separators");
                    }
                    decimalPos = digitLeftCount + zeroDigitCount + digitRightCount;
                } else if (c == 'E') {
                    if (useExponent) {
                        throw malformed("Multiple exponential symbols");
                    }
                    useExponent = true;
                    index++;
                    while (index < pattern.length() && pattern.charAt(index) == '0') {
                        minExponentDigits++;
                        index++;
                    }
                    if (digitLeftCount + zeroDigitCount < 1 || minExponentDigits < 1) {
                        throw malformed("Malformed exponential");
                    }
                    return;
                } else {
                    return;
                }
                index++;
            }
        }

        private void countGrouping() {
            if (groupingCount >= 0 && decimalPos < 0) {
                groupingCount++;
            }
        }

        private void skipNumber() {
            while (index < pattern.length() && "#0,.E".indexOf(pattern.charAt(index)) >= 0) {
                index++;
            }
        }

        private void setDigitCounts(DecimalFormat format) {
            if (zeroDigitCount == 0 && digitLeftCount > 0 && decimalPos >= 0) {
                // "#.##" reads as "#0.##", ".##" as ".0#"
                int n = decimalPos == 0 ? 1 : decimalPos;
                digitRightCount = digitLeftCount - n;
                digitLeftCount = n - 1;
                zeroDigitCount = 1;
            }
            if (groupingCount == 0) {
                throw malformed("Ending with a grouping separator");
            }
            int digitTotalCount = digitLeftCount + zeroDigitCount + digitRightCount;
            int effectiveDecimalPos = decimalPos >= 0 ? decimalPos : digitTotalCount;
            int minInt = effectiveDecimalPos - digitLeftCount;
            format.useExponentialNotation = useExponent;
            format.minExponentDigits = useExponent ? minExponentDigits : 0;
            format.setMinimumIntegerDigits(minInt);
            format.setMaximumIntegerDigits(useExponent ? digitLeftCount + minInt : MAXIMUM_INTEGER_DIGITS);
            format.setMinimumIntegerDigits(minInt);
            int maxFrac = decimalPos >= 0 ? digitTotalCount - decimalPos : 0;
            format.setMaximumFractionDigits(maxFrac);
            format.setMinimumFractionDigits(decimalPos >= 0
                    ? Math.max(0, digitLeftCount + zeroDigitCount - decimalPos) : 0);
            format.setMaximumFractionDigits(maxFrac);
            format.setGroupingUsed(groupingCount > 0);
            format.groupingSize = groupingCount > 0 ? groupingCount : 0;
            format.decimalSeparatorAlwaysShown = decimalPos == 0 || decimalPos == digitTotalCount;
        }
    }

    /** Appends a literal affix character, quoted if the pattern would read it as special. */
    private static void appendLiteral(StringBuilder out, char c) {
        if (c == QUOTE) {
            out.append("''");
        } else if ("#0,.;%\u2030\u00a4-E".indexOf(c) >= 0 || (c >= '1' && c <= '9')) {
            out.append(QUOTE).append(c).append(QUOTE);
        } else {
            out.append(c);
        }
    }

    private void expandAffixes() {
        positivePrefix = expandAffix(posPrefixPattern);
        positiveSuffix = expandAffix(posSuffixPattern);
        negativePrefix = expandAffix(negPrefixPattern);
        negativeSuffix = expandAffix(negSuffixPattern);
    }

    /** An affix in canonical pattern form with its specials replaced by the symbols. */
    private String expandAffix(String affixPattern) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < affixPattern.length(); i++) {
            char c = affixPattern.charAt(i);
            if (c == QUOTE) {
                out.append(affixPattern.charAt(i + 1));
                i += affixPattern.charAt(i + 1) == QUOTE ? 1 : 2;
            } else if (c == '%') {
                out.append(symbols.getPercent());
            } else if (c == '\u2030') {
                out.append(symbols.getPerMill());
            } else if (c == '-') {
                out.append(symbols.getMinusSign());
            } else if (c == '\u00a4') {
                if (i + 1 < affixPattern.length() && affixPattern.charAt(i + 1) == '\u00a4') {
                    out.append(symbols.getInternationalCurrencySymbol());
                    i++;
                } else {
                    out.append(symbols.getCurrencySymbol());
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    public String toPattern() {
        StringBuilder result = new StringBuilder();
        appendSubpattern(result, posPrefixPattern, posSuffixPattern);
        if (!negativeSuffix.equals(positiveSuffix)
                || !negativePrefix.equals(symbols.getMinusSign() + positivePrefix)) {
            result.append(';');
            appendSubpattern(result, negPrefixPattern, negSuffixPattern);
        }
        return result.toString();
    }

    public String toLocalizedPattern() {
        return toPattern();
    }

    private void appendSubpattern(StringBuilder result, String prefix, String suffix) {
        result.append(prefix);
        int minInt = getMinimumIntegerDigits();
        int digitCount = useExponentialNotation ? getMaximumIntegerDigits()
                : Math.max(groupingSize, minInt) + 1;
        for (int i = digitCount; i > 0; --i) {
            if (i != digitCount && isGroupingUsed() && groupingSize != 0 && i % groupingSize == 0) {
                result.append(',');
            }
            result.append(i <= minInt ? '0' : '#');
        }
        if (getMaximumFractionDigits() > 0 || decimalSeparatorAlwaysShown) {
            result.append('.');
        }
        for (int i = 0; i < getMaximumFractionDigits(); ++i) {
            result.append(i < getMinimumFractionDigits() ? '0' : '#');
        }
        if (useExponentialNotation) {
            result.append('E');
            for (int i = 0; i < minExponentDigits; ++i) {
                result.append('0');
            }
        }
        result.append(suffix);
    }

    // ---------------------------------------------------------------- properties

    public DecimalFormatSymbols getDecimalFormatSymbols() {
        return (DecimalFormatSymbols) symbols.clone();
    }

    public void setDecimalFormatSymbols(DecimalFormatSymbols newSymbols) {
        symbols = (DecimalFormatSymbols) newSymbols.clone();
        expandAffixes();
    }

    public String getPositivePrefix() { return positivePrefix; }
    public String getPositiveSuffix() { return positiveSuffix; }
    public String getNegativePrefix() { return negativePrefix; }
    public String getNegativeSuffix() { return negativeSuffix; }

    public void setPositivePrefix(String s) {
        positivePrefix = s;
        posPrefixPattern = quoteAll(s);
    }

    public void setPositiveSuffix(String s) {
        positiveSuffix = s;
        posSuffixPattern = quoteAll(s);
    }

    public void setNegativePrefix(String s) {
        negativePrefix = s;
        negPrefixPattern = quoteAll(s);
    }

    public void setNegativeSuffix(String s) {
        negativeSuffix = s;
        negSuffixPattern = quoteAll(s);
    }

    private static String quoteAll(String literal) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < literal.length(); i++) {
            appendLiteral(out, literal.charAt(i));
        }
        return out.toString();
    }

    public int getMultiplier() {
        return multiplier;
    }

    public void setMultiplier(int newValue) {
        multiplier = newValue;
    }

    public int getGroupingSize() {
        return groupingSize;
    }

    public void setGroupingSize(int newValue) {
        if (newValue < 0 || newValue > 127) {
            throw new IllegalArgumentException("newValue is out of valid range. value: " + newValue);
        }
        groupingSize = newValue;
    }

    public boolean isDecimalSeparatorAlwaysShown() {
        return decimalSeparatorAlwaysShown;
    }

    public void setDecimalSeparatorAlwaysShown(boolean newValue) {
        decimalSeparatorAlwaysShown = newValue;
    }

    public boolean isParseBigDecimal() {
        return parseBigDecimal;
    }

    public void setParseBigDecimal(boolean newValue) {
        parseBigDecimal = newValue;
    }

    @Override
    public RoundingMode getRoundingMode() {
        return roundingMode;
    }

    @Override
    public void setRoundingMode(RoundingMode roundingMode) {
        if (roundingMode == null) {
            throw new NullPointerException();
        }
        this.roundingMode = roundingMode;
    }

    @Override
    public Object clone() {
        DecimalFormat other = (DecimalFormat) super.clone();
        other.symbols = (DecimalFormatSymbols) symbols.clone();
        return other;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof DecimalFormat) || !super.equals(obj)) {
            return false;
        }
        DecimalFormat o = (DecimalFormat) obj;
        return toPattern().equals(o.toPattern()) && symbols.equals(o.symbols)
                && multiplier == o.multiplier && roundingMode == o.roundingMode;
    }

    @Override
    public int hashCode() {
        return super.hashCode() * 37 + positivePrefix.hashCode();
    }
}
