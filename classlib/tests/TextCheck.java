import java.math.*;
import java.text.*;
import java.util.Random;

/**
 * java.text on generated inputs: DecimalFormat patterns (prefixes, suffixes, grouping,
 * percent/per mille, scientific, negative subpatterns) x values (doubles incl. halfway cases,
 * longs, BigInteger, BigDecimal) x the eight rounding modes, seeded; NumberFormat's factories
 * and setters; parse; MessageFormat. run.sh runs it against the JDK's java.text and against
 * the classlib's copy renamed to cltest.text, and diffs the outputs. Prints a case count.
 */
public class TextCheck {
    static final Random rnd = new Random(20261202L);
    static int cases;

    static final String[] PREFIXES = {"", "", "", "$", "'#'", "foo ", "\u00a4", "\u00a4\u00a4 ", "'It''s' ", "+"};
    static final String[] SUFFIXES = {"", "", "", "%", "\u2030", " kg", "'%'", "x", " \u00a4"};
    static final String[] FIXED = {"#,##0.###", "#,##0", "#,##0%", "\u00a4#,##0.00", "0.00", "#.##",
        "#", "00.0", "##0.##", "#,##0.00;(#,##0.00)", "0.0%", "##,##,#00.0##", "0.###E00", "00.##E0",
        "##0.#E0", "0.00E0", "0.", ".##", "#,##0.###\u2030", "0.00;-0.00", "000000", "#,####",
        "0.000000000000000000000", "##0.00000E0", "###,###.##", "0E0", "##0E0", "0.0##E0"};
    static final RoundingMode[] MODES = RoundingMode.values();

    public static void main(String[] args) {
        fixedPatterns();
        generatedPatterns();
        numberFormats();
        localeFormats();
        parsing();
        messageFormats();
        choiceFormats();
        System.out.println("cases " + cases);
    }

    static String randomPattern() {
        StringBuilder p = new StringBuilder(PREFIXES[rnd.nextInt(PREFIXES.length)]);
        boolean exponent = rnd.nextInt(4) == 0;
        int hashes = rnd.nextInt(4);
        int zeros = rnd.nextInt(4) + (exponent || rnd.nextBoolean() ? 1 : 0);
        int group = exponent ? 0 : rnd.nextInt(5);
        StringBuilder integer = new StringBuilder();
        for (int i = 0; i < hashes; i++) {
            integer.append('#');
        }
        for (int i = 0; i < zeros; i++) {
            integer.append('0');
        }
        if (group > 0 && integer.length() > 0) {
            while (integer.length() < group + 1) {
                integer.insert(0, '#');
            }
            integer.insert(integer.length() - group, ',');
        }
        p.append(integer);
        if (rnd.nextInt(3) > 0) {
            p.append('.');
            int fz = rnd.nextInt(4);
            int fh = rnd.nextInt(4);
            for (int i = 0; i < fz; i++) {
                p.append('0');
            }
            for (int i = 0; i < fh; i++) {
                p.append('#');
            }
        }
        if (integer.length() == 0 && (p.length() == 0 || p.charAt(p.length() - 1) != '#' && p.charAt(p.length() - 1) != '0')) {
            p.append('0');
        }
        if (exponent) {
            p.append(rnd.nextBoolean() ? "E0" : "E00");
        }
        String suffix = SUFFIXES[rnd.nextInt(SUFFIXES.length)];
        p.append(suffix);
        if (rnd.nextInt(5) == 0) {
            p.append(";(0)");
            if (suffix.length() > 0 && rnd.nextBoolean()) {
                p.append(" neg");
            }
        }
        return p.toString();
    }

    static double randomDouble() {
        switch (rnd.nextInt(8)) {
            case 0: return rnd.nextDouble();
            case 1: return (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(30) - 12);
            case 2: return (rnd.nextInt(20001) - 10000 + 0.5) / Math.pow(10, rnd.nextInt(5));
            case 3: return rnd.nextInt(2000) / 1000.0 - 1;
            case 4: return (double) (rnd.nextLong() >> rnd.nextInt(64));
            case 5: return Double.longBitsToDouble(rnd.nextLong());
            case 6: return rnd.nextInt(100) / 8.0 - 6;
            default: return new double[] {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.005, 1e-7,
                1e23, Double.MAX_VALUE, Double.MIN_VALUE, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1234567.891}[rnd.nextInt(16)];
        }
    }

    static long randomLong() {
        switch (rnd.nextInt(4)) {
            case 0: return rnd.nextLong();
            case 1: return rnd.nextInt(2001) - 1000;
            case 2: return Long.MIN_VALUE + rnd.nextInt(3);
            default: return rnd.nextLong() >> rnd.nextInt(64);
        }
    }

    static BigDecimal randomBigDecimal() {
        BigInteger unscaled = new BigInteger(rnd.nextInt(90) + 1, rnd);
        if (rnd.nextBoolean()) {
            unscaled = unscaled.negate();
        }
        return new BigDecimal(unscaled, rnd.nextInt(30) - 8);
    }

    static String run(DecimalFormat f, Object value) {
        cases++;
        try {
            if (value instanceof Double) {
                return f.format(((Double) value).doubleValue());
            } else if (value instanceof Long) {
                return f.format(((Long) value).longValue());
            }
            return f.format(value);
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    static void check(String pattern, Object[] values) {
        DecimalFormat f;
        try {
            f = new DecimalFormat(pattern);
        } catch (IllegalArgumentException e) {
            System.out.println(pattern + " -> " + e.getMessage());
            return;
        }
        System.out.println(pattern + " -> " + f.toPattern() + " " + f.getMinimumIntegerDigits() + ","
                + f.getMaximumIntegerDigits() + "," + f.getMinimumFractionDigits() + ","
                + f.getMaximumFractionDigits() + " g" + f.getGroupingSize() + f.isGroupingUsed()
                + " m" + f.getMultiplier() + " [" + f.getPositivePrefix() + "|"
                + f.getPositiveSuffix() + "|" + f.getNegativePrefix() + "|" + f.getNegativeSuffix() + "]");
        for (RoundingMode mode : MODES) {
            f.setRoundingMode(mode);
            StringBuilder line = new StringBuilder(" " + mode + ":");
            for (Object v : values) {
                line.append(' ').append(v).append('=').append(run(f, v));
            }
            System.out.println(line);
        }
    }

    static Object[] randomValues(int n) {
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            int kind = rnd.nextInt(10);
            if (kind < 6) {
                values[i] = Double.valueOf(randomDouble());
            } else if (kind < 8) {
                values[i] = Long.valueOf(randomLong());
            } else if (kind < 9) {
                values[i] = randomBigDecimal();
            } else {
                values[i] = new BigInteger(rnd.nextInt(100) + 1, rnd).subtract(BigInteger.ONE.shiftLeft(50));
            }
        }
        return values;
    }

    static void fixedPatterns() {
        for (String p : FIXED) {
            check(p, randomValues(12));
        }
    }

    static void generatedPatterns() {
        for (int i = 0; i < 1000; i++) {
            check(randomPattern(), randomValues(4));
        }
    }

    static void numberFormats() {
        NumberFormat[] formats = {NumberFormat.getInstance(), NumberFormat.getNumberInstance(),
            NumberFormat.getIntegerInstance(), NumberFormat.getPercentInstance(),
            NumberFormat.getCurrencyInstance()};
        for (int k = 0; k < 300; k++) {
            NumberFormat f = formats[rnd.nextInt(formats.length)];
            f = (NumberFormat) f.clone();
            StringBuilder line = new StringBuilder("nf");
            if (rnd.nextBoolean()) {
                int n = rnd.nextInt(6);
                f.setMaximumFractionDigits(n);
                line.append(" maxF").append(n);
            }
            if (rnd.nextBoolean()) {
                int n = rnd.nextInt(5);
                f.setMinimumFractionDigits(n);
                line.append(" minF").append(n);
            }
            if (rnd.nextInt(4) == 0) {
                int n = rnd.nextInt(6);
                f.setMaximumIntegerDigits(n);
                line.append(" maxI").append(n);
            }
            if (rnd.nextInt(4) == 0) {
                int n = rnd.nextInt(6);
                f.setMinimumIntegerDigits(n);
                line.append(" minI").append(n);
            }
            if (rnd.nextInt(3) == 0) {
                f.setGroupingUsed(false);
                line.append(" nogroup");
            }
            RoundingMode mode = MODES[rnd.nextInt(MODES.length - 1)];
            f.setRoundingMode(mode);
            line.append(' ').append(mode).append(' ').append(((DecimalFormat) f).toPattern()).append(':');
            for (Object v : randomValues(8)) {
                line.append(' ').append(v).append('=').append(run((DecimalFormat) f, v));
            }
            System.out.println(line);
        }
    }

    /** The factories for each locale the classlib knows (and one it does not: its country has
     * no currency there, so it falls back to the language's conventions). */
    static void localeFormats() {
        java.util.Locale[] locales = {java.util.Locale.ROOT, java.util.Locale.ENGLISH, java.util.Locale.US,
            java.util.Locale.UK, java.util.Locale.CANADA, new java.util.Locale("en", "AU"),
            new java.util.Locale("en", "IN"), java.util.Locale.GERMAN, java.util.Locale.GERMANY,
            java.util.Locale.FRENCH, java.util.Locale.FRANCE, java.util.Locale.ITALY,
            new java.util.Locale("es", "ES"), java.util.Locale.JAPAN, java.util.Locale.CHINA, java.util.Locale.KOREA,
            new java.util.Locale("en", "IE")};
        for (java.util.Locale locale : locales) {
            NumberFormat[] formats = {NumberFormat.getInstance(locale), NumberFormat.getIntegerInstance(locale),
                NumberFormat.getPercentInstance(locale), NumberFormat.getCurrencyInstance(locale)};
            DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(locale);
            StringBuilder line = new StringBuilder("locale ").append(locale).append(' ')
                .append(symbols.getCurrencySymbol()).append(' ').append(symbols.getInternationalCurrencySymbol())
                .append(' ').append(symbols.getGroupingSeparator()).append(symbols.getDecimalSeparator())
                .append(symbols.getMonetaryDecimalSeparator()).append(':');
            for (NumberFormat f : formats) {
                line.append(' ').append(((DecimalFormat) f).toPattern());
                for (Object v : randomValues(6)) {
                    line.append(' ').append(v).append('=').append(run((DecimalFormat) f, v));
                }
            }
            System.out.println(line);
            cases += 24;
        }
    }

    static void parsing() {
        String[] patterns = {"#,##0.###", "#,##0%", "\u00a4#,##0.00", "#,##0.00;(#,##0.00)", "0.###E0", "#,##0"};
        String[] inputs = {"1,234.5", "-1,234", "12%", "-0", "0", "abc", "\u00a41,234.50", "(12.00)",
            "1.5E3", "9223372036854775807", "9223372036854775808", "-12.50%", "1.0", "12abc",
            "\u221e", "-\u221e", "", "1,2,3", ".5", "3.14159", "-7", "1E-3"};
        for (String p : patterns) {
            DecimalFormat f = new DecimalFormat(p);
            for (String in : inputs) {
                cases++;
                ParsePosition pos = new ParsePosition(0);
                Number n = f.parse(in, pos);
                System.out.println("parse " + p + " '" + in + "' -> "
                        + (n == null ? "null" : n.getClass().getSimpleName() + " " + n)
                        + " " + pos.getIndex() + "/" + pos.getErrorIndex());
                try {
                    System.out.println("  " + f.parse(in));
                } catch (ParseException e) {
                    System.out.println("  ParseException " + e.getMessage() + " @" + e.getErrorOffset());
                }
            }
        }
        NumberFormat integer = NumberFormat.getIntegerInstance();
        for (String in : inputs) {
            cases++;
            ParsePosition pos = new ParsePosition(0);
            Number n = integer.parse(in, pos);
            System.out.println("int '" + in + "' -> " + n + " " + pos.getIndex());
        }
    }

    static void messageFormats() {
        String[] patterns = {"{0} has {1} items", "{1,number} and {0}", "{1,number,#.##} x",
            "'{0}' is {0}", "It''s {0,number,integer}", "{0,number,percent} {0,number,currency}",
            "{2}{1}{0}", "no args", "'quoted ''x'' text' {0}", "{0,number,0.000E0}"};
        Object[][] args = {{"a", 1234.5678, 7L}, {3, -0.125, "z"},
            {new BigDecimal("1234.5678"), 1e10, null}, {-1.5, 2, 3}};
        for (String p : patterns) {
            for (Object[] a : args) {
                cases++;
                try {
                    System.out.println("mf " + p + " -> " + MessageFormat.format(p, a));
                } catch (RuntimeException e) {
                    System.out.println("mf " + p + " -> " + e.getClass().getName());
                }
            }
            System.out.println("toPattern " + new MessageFormat(p).toPattern());
        }
    }

    /** ChoiceFormat patterns (fixed and generated: '#', '<', U+2264, infinities, quotes) on
     * values around every limit, toPattern, parse, and {n,choice} inside MessageFormat. */
    static void choiceFormats() {
        String[] fixed = {"0#no files|1#one file|1<many files", "-1#neg|0#zero|0<pos", "\u221e#inf",
            "-\u221e<below|0\u2264zero or more", "1#'#1'|2#it''s two|3<'a|b'", "0#a|0#b", "1#x|0#y", "#x",
            "a#b", "1.5#one and a half|2.25<more", "", "0#", "3#three|"};
        for (String p : fixed) {
            choiceCase(p);
        }
        for (int k = 0; k < 200; k++) {
            StringBuilder p = new StringBuilder();
            double limit = -5 + rnd.nextInt(4);
            int n = 1 + rnd.nextInt(4);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    p.append('|');
                    limit += rnd.nextInt(3) == 0 ? 0.25 : 1 + rnd.nextInt(3);
                }
                String[] ops = {"#", "<", "\u2264"};
                p.append(limit == Math.rint(limit) && rnd.nextBoolean() ? String.valueOf((long) limit) : String.valueOf(limit));
                p.append(ops[rnd.nextInt(ops.length)]).append("c").append(i);
            }
            choiceCase(p.toString());
        }
        String[] messages = {"There {0,choice,0#are no files|1#is one file|1<are {0,number,integer} files}.",
            "{0,choice,0#none|1#one|2#{1} and {0}}", "{1}: {0,choice,-1<negative|0#zero|0<{0,number,0.0}}",
            "{0,choice,x#bad}", "{0,choice,0#a|1#''q''|2#'{'lit'}'}"};
        Object[][] args = {{0, "a"}, {1, "b"}, {2, "c"}, {1234, "d"}, {-0.5, "e"}, {0.75, "f"}, {"str", "g"}};
        for (String m : messages) {
            for (Object[] a : args) {
                cases++;
                try {
                    System.out.println("mfc " + m + " " + a[0] + " -> " + MessageFormat.format(m, a));
                } catch (RuntimeException e) {
                    System.out.println("mfc " + m + " " + a[0] + " -> " + e.getClass().getName() + ": " + e.getMessage());
                }
            }
            try {
                System.out.println("toPattern " + new MessageFormat(m).toPattern());
            } catch (RuntimeException e) {
                System.out.println("toPattern " + e.getClass().getName() + ": " + e.getMessage());
            }
        }
    }

    static void choiceCase(String pattern) {
        cases++;
        StringBuilder line = new StringBuilder("choice ").append(pattern).append(" ->");
        try {
            ChoiceFormat f = new ChoiceFormat(pattern);
            line.append(" pattern ").append(f.toPattern()).append(" limits ")
                .append(java.util.Arrays.toString(f.getLimits())).append(':');
            double[] probes = {Double.NaN, Double.NEGATIVE_INFINITY, -6, -1, -0.5, 0, 0.25, 1, 1.5, 2, 2.25, 3, 7, 1e9, Double.POSITIVE_INFINITY};
            for (double v : probes) {
                line.append(' ').append(v).append('=').append(f.format(v));
            }
            for (double l : f.getLimits()) {
                line.append(' ').append(ChoiceFormat.previousDouble(l)).append('=').append(f.format(ChoiceFormat.previousDouble(l)));
                line.append(' ').append(l).append('=').append(f.format(l));
            }
            line.append(" long ").append(f.format(2L));
            for (Object o : f.getFormats()) {
                ParsePosition pos = new ParsePosition(0);
                Number n = f.parse(o + " tail", pos);
                line.append(" parse ").append(n).append('@').append(pos.getIndex()).append('/').append(pos.getErrorIndex());
            }
            ParsePosition none = new ParsePosition(0);
            line.append(" parse? ").append(f.parse("zzz", none)).append('@').append(none.getErrorIndex());
        } catch (RuntimeException e) {
            line.append(' ').append(e.getClass().getName()).append(": ").append(e.getMessage());
        }
        System.out.println(line);
    }
}
