package java.text;

import java.util.ArrayList;
import java.util.Locale;

/**
 * Messages with numbered arguments: {0}, {1,number}, {1,number,integer|percent|currency|PATTERN},
 * with ' quoting ('' is a quote). Number arguments without a format are printed by
 * NumberFormat.getInstance(), Dates by the SHORT date-time DateFormat; {n,date} and {n,time}
 * take short|medium|long|full or a SimpleDateFormat pattern; {n,choice,PATTERN} picks a
 * ChoiceFormat string, which is formatted again as a message with the same arguments when it
 * holds a '{' ("{0,choice,0#no files|1#one file|1<{0,number,integer} files}").
 */
public class MessageFormat extends Format {
    private String pattern = "";
    /** Literal text before element i is texts[i]; the text after the last is texts[size]. */
    private ArrayList<String> texts = new ArrayList<String>();
    private ArrayList<Element> elements = new ArrayList<Element>();

    /** One {index,type,style}. */
    private static final class Element {
        int argument;
        String type;
        String style;
        Format format;
    }

    public MessageFormat(String pattern) {
        applyPattern(pattern);
    }

    public MessageFormat(String pattern, Locale locale) {
        applyPattern(pattern);
    }

    public static String format(String pattern, Object... arguments) {
        return new MessageFormat(pattern).format(arguments);
    }

    public Locale getLocale() {
        return Locale.getDefault();
    }

    public void setLocale(Locale locale) {
    }

    public void applyPattern(String pattern) {
        ArrayList<String> newTexts = new ArrayList<String>();
        ArrayList<Element> newElements = new ArrayList<Element>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                i = readQuoted(pattern, i, text);
            } else if (c == '{') {
                int close = findElementEnd(pattern, i);
                newTexts.add(text.toString());
                text.setLength(0);
                newElements.add(parseElement(pattern.substring(i + 1, close)));
                i = close + 1;
            } else if (c == '}') {
                throw new IllegalArgumentException("Unmatched braces in the pattern.");
            } else {
                text.append(c);
                i++;
            }
        }
        newTexts.add(text.toString());
        this.texts = newTexts;
        this.elements = newElements;
        this.pattern = pattern;
    }

    /** Appends the quoted text starting at the quote at i; returns the index after it. */
    private static int readQuoted(String pattern, int i, StringBuilder text) {
        if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '\'') {
            text.append('\'');
            return i + 2;
        }
        i++;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '\'') {
                    text.append('\'');
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            text.append(c);
            i++;
        }
        return i;
    }

    /** The index of the '}' closing the element opened at open (quotes and nesting respected). */
    private static int findElementEnd(String pattern, int open) {
        int depth = 0;
        boolean quoted = false;
        for (int i = open + 1; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (quoted) {
                continue;
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                if (depth == 0) {
                    return i;
                }
                depth--;
            }
        }
        throw new IllegalArgumentException("Unmatched braces in the pattern.");
    }

    private static Element parseElement(String body) {
        String[] parts = splitElement(body);
        Element e = new Element();
        String index = parts[0].trim();
        try {
            e.argument = Integer.parseInt(index);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException("can't parse argument number: " + index);
        }
        if (e.argument < 0) {
            throw new IllegalArgumentException("negative argument number: " + e.argument);
        }
        e.type = parts.length > 1 ? parts[1].trim() : null;
        e.style = parts.length > 2 ? parts[2] : null;
        if (e.type == null || e.type.isEmpty()) {
            e.type = null;
            return e;
        }
        String keyword = e.style == null ? "" : e.style.trim();
        if (e.type.equals("date") || e.type.equals("time")) {
            e.format = dateFormat(e.type.equals("date"), keyword, e.style);
            return e;
        }
        if (e.type.equals("choice")) {
            e.format = choiceFormat(e.style == null ? "" : e.style);
            return e;
        }
        if (!e.type.equals("number")) {
            throw new IllegalArgumentException("unknown format type: " + e.type);
        }
        e.format = numberFormat(keyword, e.style);
        return e;
    }

    private static ChoiceFormat choiceFormat(String style) {
        try {
            return new ChoiceFormat(style);
        } catch (Exception e) {
            throw new IllegalArgumentException("Choice Pattern incorrect: " + style, e);
        }
    }

    private static final String[] DATE_STYLES = {"full", "long", "medium", "short"};

    /** {n,date[,short|medium|long|full|PATTERN]} and {n,time[,...]}: English DateFormats. */
    private static Format dateFormat(boolean date, String keyword, String style) {
        int index = dateStyleIndex(keyword);
        if (keyword.isEmpty()) {
            index = DateFormat.DEFAULT;
        }
        if (index < 0) {
            return new SimpleDateFormat(style);
        }
        return date ? DateFormat.getDateInstance(index) : DateFormat.getTimeInstance(index);
    }

    private static int dateStyleIndex(String keyword) {
        for (int i = 0; i < DATE_STYLES.length; i++) {
            if (DATE_STYLES[i].equals(keyword)) {
                return i;
            }
        }
        return -1;
    }

    /** Splits "index,type,style" at the first two unquoted commas (the style keeps its quotes). */
    private static String[] splitElement(String body) {
        ArrayList<String> parts = new ArrayList<String>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted && parts.size() < 2) {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        parts.add(part.toString());
        return parts.toArray(new String[0]);
    }

    private static Format numberFormat(String keyword, String style) {
        if (keyword.isEmpty()) {
            return NumberFormat.getInstance();
        } else if (keyword.equals("integer")) {
            return NumberFormat.getIntegerInstance();
        } else if (keyword.equals("currency")) {
            return NumberFormat.getCurrencyInstance();
        } else if (keyword.equals("percent")) {
            return NumberFormat.getPercentInstance();
        }
        return new DecimalFormat(style);
    }

    public String toPattern() {
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < elements.size(); i++) {
            appendQuoted(result, texts.get(i));
            Element e = elements.get(i);
            result.append('{').append(e.argument);
            if (e.type != null) {
                boolean customDate = e.format instanceof SimpleDateFormat && e.style != null
                        && !e.style.trim().isEmpty()
                        && dateStyleIndex(e.style.trim()) < 0;
                result.append(',').append(customDate ? "date" : e.type); // HotSpot prints "date" for any pattern
                String keyword = e.style == null ? "" : e.style.trim();
                if (e.format instanceof ChoiceFormat) {
                    result.append(',').append(((ChoiceFormat) e.format).toPattern());
                } else if (e.format instanceof SimpleDateFormat) {
                    if (dateStyleIndex(keyword) >= 0 && dateStyleIndex(keyword) != DateFormat.DEFAULT) {
                        result.append(',').append(keyword);
                    } else if (!keyword.isEmpty() && dateStyleIndex(keyword) < 0) {
                        result.append(',').append(((SimpleDateFormat) e.format).toPattern());
                    }
                } else if (keyword.equals("integer") || keyword.equals("currency")
                        || keyword.equals("percent")) {
                    result.append(',').append(keyword);
                } else if (!keyword.isEmpty()) {
                    result.append(',').append(((DecimalFormat) e.format).toPattern());
                }
            }
            result.append('}');
        }
        appendQuoted(result, texts.get(elements.size()));
        return result.toString();
    }

    /** Literal text as a pattern: quotes doubled, braces quoted. */
    private static void appendQuoted(StringBuilder out, String text) {
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                if (!quoted) {
                    out.append('\'');
                    quoted = true;
                }
                out.append(c);
            } else if (c == '\'') {
                out.append("''");
            } else {
                if (quoted) {
                    out.append('\'');
                    quoted = false;
                }
                out.append(c);
            }
        }
        if (quoted) {
            out.append('\'');
        }
    }

    public final StringBuffer format(Object[] arguments, StringBuffer result, FieldPosition pos) {
        for (int i = 0; i < elements.size(); i++) {
            result.append(texts.get(i));
            appendArgument(result, elements.get(i), arguments);
        }
        result.append(texts.get(elements.size()));
        return result;
    }

    private static void appendArgument(StringBuffer result, Element e, Object[] arguments) {
        if (arguments == null || e.argument >= arguments.length) {
            result.append('{').append(e.argument).append('}');
            return;
        }
        Object value = arguments[e.argument];
        if (value == null) {
            result.append("null");
        } else if (e.format instanceof ChoiceFormat) {
            String chosen = e.format.format(value);
            result.append(chosen.indexOf('{') >= 0 ? new MessageFormat(chosen).format(arguments) : chosen);
        } else if (e.format != null) {
            result.append(e.format.format(value));
        } else if (value instanceof Number) {
            result.append(NumberFormat.getInstance().format(value));
        } else if (value instanceof java.util.Date) {
            result.append(DateFormat.getDateTimeInstance(DateFormat.SHORT, DateFormat.SHORT).format(value));
        } else if (value instanceof String) {
            result.append((String) value);
        } else {
            result.append(value.toString());
        }
    }

    @Override
    public final StringBuffer format(Object arguments, StringBuffer result, FieldPosition pos) {
        return format((Object[]) arguments, result, pos);
    }

    @Override
    public Object parseObject(String source, ParsePosition pos) {
        throw new UnsupportedOperationException("MessageFormat.parse");
    }

    public Format[] getFormats() {
        Format[] formats = new Format[elements.size()];
        for (int i = 0; i < formats.length; i++) {
            formats[i] = elements.get(i).format;
        }
        return formats;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof MessageFormat && ((MessageFormat) obj).toPattern().equals(toPattern());
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }
}
