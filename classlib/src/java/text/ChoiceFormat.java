package java.text;

import java.util.Arrays;

/**
 * A format that maps ranges of numbers to strings, as JDK 17's: "0#no files|1#one file|1<{0}
 * files". Limit i applies from choiceLimits[i] (inclusive) up to the next limit; '#' (or U+2264)
 * makes a limit inclusive, '<' exclusive (the limit becomes the next double up). A number below
 * the first limit gets the first string, NaN too. MessageFormat's {n,choice,...} uses it, and
 * formats the chosen string again as a message when it holds a '{'.
 */
public class ChoiceFormat extends NumberFormat {
    private double[] choiceLimits;
    private String[] choiceFormats;

    public ChoiceFormat(String newPattern) {
        applyPattern(newPattern);
    }

    public ChoiceFormat(double[] limits, String[] formats) {
        setChoices(limits, formats);
    }

    public void applyPattern(String newPattern) {
        StringBuilder limit = new StringBuilder();
        StringBuilder text = new StringBuilder();
        StringBuilder current = limit;
        double[] limits = new double[30];
        String[] formats = new String[30];
        int count = 0;
        double startValue = 0;
        double oldStartValue = Double.NaN;
        boolean inQuote = false;
        for (int i = 0; i < newPattern.length(); ++i) {
            char ch = newPattern.charAt(i);
            if (ch == '\'') {
                if (i + 1 < newPattern.length() && newPattern.charAt(i + 1) == ch) {
                    current.append(ch);
                    ++i;
                } else {
                    inQuote = !inQuote;
                }
            } else if (inQuote) {
                current.append(ch);
            } else if (ch == '<' || ch == '#' || ch == '\u2264') {
                if (limit.length() == 0) {
                    throw new IllegalArgumentException("Each interval must contain a number before a format");
                }
                startValue = parseLimit(limit.toString(), ch == '<');
                if (startValue <= oldStartValue) {
                    throw new IllegalArgumentException("Incorrect order of intervals, must be in ascending order");
                }
                limit.setLength(0);
                current = text;
            } else if (ch == '|') {
                if (count == limits.length) {
                    limits = Arrays.copyOf(limits, count * 2);
                    formats = Arrays.copyOf(formats, count * 2);
                }
                limits[count] = startValue;
                formats[count] = text.toString();
                ++count;
                oldStartValue = startValue;
                text.setLength(0);
                current = limit;
            } else {
                current.append(ch);
            }
        }
        if (current == text) {
            if (count == limits.length) {
                limits = Arrays.copyOf(limits, count + 1);
                formats = Arrays.copyOf(formats, count + 1);
            }
            limits[count] = startValue;
            formats[count] = text.toString();
            ++count;
        }
        choiceLimits = Arrays.copyOf(limits, count);
        choiceFormats = Arrays.copyOf(formats, count);
    }

    private static double parseLimit(String limit, boolean exclusive) {
        double value;
        if (limit.equals("\u221E")) {
            return Double.POSITIVE_INFINITY;
        } else if (limit.equals("-\u221E")) {
            return Double.NEGATIVE_INFINITY;
        }
        value = Double.parseDouble(limit);
        return exclusive ? nextDouble(value) : value;
    }

    public String toPattern() {
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < choiceLimits.length; ++i) {
            if (i != 0) {
                result.append('|');
            }
            // The form with the fewer digits: the limit itself with '#', or the double below it
            // with '<' (whichever lies closer to an integer), as the JDK chooses.
            double less = previousDouble(choiceLimits[i]);
            double tryLessOrEqual = Math.abs(Math.IEEEremainder(choiceLimits[i], 1.0d));
            double tryLess = Math.abs(Math.IEEEremainder(less, 1.0d));
            if (tryLessOrEqual < tryLess) {
                result.append(choiceLimits[i]).append('#');
            } else {
                if (choiceLimits[i] == Double.POSITIVE_INFINITY) {
                    result.append("\u221E");
                } else if (choiceLimits[i] == Double.NEGATIVE_INFINITY) {
                    result.append("-\u221E");
                } else {
                    result.append(less);
                }
                result.append('<');
            }
            appendQuotedText(result, choiceFormats[i]);
        }
        return result.toString();
    }

    private static void appendQuotedText(StringBuilder result, String text) {
        boolean needQuote = text.indexOf('<') >= 0 || text.indexOf('#') >= 0
                || text.indexOf('\u2264') >= 0 || text.indexOf('|') >= 0;
        if (needQuote) {
            result.append('\'');
        }
        for (int j = 0; j < text.length(); ++j) {
            char c = text.charAt(j);
            result.append(c);
            if (c == '\'') {
                result.append(c);
            }
        }
        if (needQuote) {
            result.append('\'');
        }
    }

    public void setChoices(double[] limits, String[] formats) {
        if (limits.length != formats.length) {
            throw new IllegalArgumentException("Array and limit arrays must be of the same length.");
        }
        choiceLimits = Arrays.copyOf(limits, limits.length);
        choiceFormats = Arrays.copyOf(formats, formats.length);
    }

    public double[] getLimits() {
        return Arrays.copyOf(choiceLimits, choiceLimits.length);
    }

    public Object[] getFormats() {
        return Arrays.copyOf(choiceFormats, choiceFormats.length);
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition status) {
        return format((double) number, toAppendTo, status);
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition status) {
        int i;
        for (i = 0; i < choiceLimits.length; ++i) {
            if (!(number >= choiceLimits[i])) {
                break; // also stops at NaN
            }
        }
        --i;
        if (i < 0) {
            i = 0;
        }
        return toAppendTo.append(choiceFormats[i]);
    }

    /** The limit of the longest choice string the text starts with at the position. */
    @Override
    public Number parse(String text, ParsePosition status) {
        int start = status.getIndex();
        int furthest = start;
        double bestNumber = Double.NaN;
        for (int i = 0; i < choiceFormats.length; ++i) {
            String choice = choiceFormats[i];
            if (text.regionMatches(start, choice, 0, choice.length())) {
                int end = start + choice.length();
                if (end > furthest) {
                    furthest = end;
                    bestNumber = choiceLimits[i];
                    if (furthest == text.length()) {
                        break;
                    }
                }
            }
        }
        status.setIndex(furthest);
        if (furthest == start) {
            status.setErrorIndex(furthest);
        }
        return Double.valueOf(bestNumber);
    }

    public static final double nextDouble(double d) {
        return Math.nextUp(d);
    }

    public static final double previousDouble(double d) {
        return Math.nextDown(d);
    }

    public static double nextDouble(double d, boolean positive) {
        return positive ? Math.nextUp(d) : Math.nextDown(d);
    }

    @Override
    public Object clone() {
        ChoiceFormat other = (ChoiceFormat) super.clone();
        other.choiceLimits = choiceLimits.clone();
        other.choiceFormats = choiceFormats.clone();
        return other;
    }

    @Override
    public int hashCode() {
        int result = choiceLimits.length;
        if (choiceFormats.length > 0) {
            result ^= choiceFormats[choiceFormats.length - 1].hashCode();
        }
        return result;
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (obj == null || getClass() != obj.getClass()) {
            return false;
        }
        ChoiceFormat other = (ChoiceFormat) obj;
        return Arrays.equals(choiceLimits, other.choiceLimits) && Arrays.equals(choiceFormats, other.choiceFormats);
    }
}
