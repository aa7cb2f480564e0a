import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.text.ParseException;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

// TextFormats: java.text on gcvm. NumberFormat's five factories (number, integer, percent,
// currency with the default locale's generic sign) and their setters; DecimalFormat patterns
// with quoting, per mille, negative subpatterns, grouping, scientific and engineering
// notation, every rounding mode on halfway doubles (formatted from their exact binary value),
// longs, BigInteger and BigDecimal; toPattern; parse to Long/Double/BigDecimal and its errors;
// FieldPosition; MessageFormat; and an invoice table whose formatted lines are kept alive in a
// list while more are made (so the collectors move the formats' strings under stress).
public class TextFormats {
    public static void main(String[] args) throws ParseException {
        factories();
        patterns();
        roundingModes();
        bigNumbers();
        parsing();
        messages();
        invoice();
    }

    static void factories() {
        System.out.println("== factories");
        double[] values = {0, -0.0, 1234.5678, -1234.5678, 0.5, 1.5, 2.5, 1e15, 0.000123};
        NumberFormat[] formats = {NumberFormat.getInstance(), NumberFormat.getIntegerInstance(),
            NumberFormat.getPercentInstance(), NumberFormat.getCurrencyInstance()};
        for (NumberFormat f : formats) {
            StringBuilder line = new StringBuilder(((DecimalFormat) f).toPattern() + ":");
            for (double v : values) {
                line.append(' ').append(f.format(v));
            }
            line.append(' ').append(f.format(123456789L)).append(' ').append(f.format(Double.NaN))
                .append(' ').append(f.format(Double.NEGATIVE_INFINITY));
            System.out.println(line);
        }
        NumberFormat nf = NumberFormat.getNumberInstance();
        nf.setMinimumFractionDigits(2);
        nf.setMaximumFractionDigits(4);
        nf.setMinimumIntegerDigits(3);
        System.out.println(nf.format(3.14159265) + " " + nf.format(12345.6) + " " + nf.format(7));
        nf.setGroupingUsed(false);
        nf.setMaximumIntegerDigits(4);
        System.out.println(nf.format(1234567.891) + " " + nf.isGroupingUsed() + " "
                + nf.getMaximumIntegerDigits() + " " + nf.getMinimumFractionDigits());
    }

    static void patterns() {
        System.out.println("== patterns");
        String[] patterns = {"0.00", "#.##", "#,##0.00;(#,##0.00)", "'#'0.0 'units'", "0.0%",
            "#,##0\u2030", "000,000.###", "0.###E0", "##0.###E0", "00.00E00", "\u00a4 #,##0.00",
            "It''s #", "#,####"};
        double[] values = {0, 1, -1, 0.125, 1234.5, -98765.4321, 1e-5, 6.02214076e23};
        for (String p : patterns) {
            DecimalFormat f = new DecimalFormat(p);
            StringBuilder line = new StringBuilder(p + " [" + f.toPattern() + "]:");
            for (double v : values) {
                line.append(' ').append(f.format(v));
            }
            System.out.println(line);
        }
        DecimalFormat f = new DecimalFormat("0.00");
        f.applyPattern("#,##0.0#;-#");
        f.setDecimalSeparatorAlwaysShown(true);
        f.setPositivePrefix("+");
        System.out.println(f.toPattern() + " " + f.format(1234) + " " + f.format(-0.5));
        DecimalFormatSymbols s = new DecimalFormatSymbols();
        s.setDecimalSeparator(',');
        s.setGroupingSeparator('.');
        DecimalFormat german = new DecimalFormat("#,##0.00", s);
        System.out.println(german.format(1234567.891) + " " + s.getCurrencySymbol() + " "
                + s.getInternationalCurrencySymbol() + " " + s.getInfinity());
        try {
            new DecimalFormat("0.0.0");
        } catch (IllegalArgumentException e) {
            System.out.println("IAE " + e.getMessage());
        }
    }

    static void roundingModes() {
        System.out.println("== rounding");
        double[] halves = {0.125, 0.135, 2.675, 1.005, -0.125, -2.5, 0.5, 1.5, 0.15, 0.35};
        for (RoundingMode mode : RoundingMode.values()) {
            DecimalFormat f = new DecimalFormat("0.00");
            f.setRoundingMode(mode);
            StringBuilder line = new StringBuilder(mode + ":");
            for (double v : halves) {
                try {
                    line.append(' ').append(f.format(v));
                } catch (ArithmeticException e) {
                    line.append(" !");
                }
            }
            System.out.println(line);
        }
        Random rnd = new Random(42);
        DecimalFormat f = new DecimalFormat("#,##0.###");
        long sum = 0;
        for (int i = 0; i < 400; i++) {
            f.setRoundingMode(RoundingMode.values()[i % 7]);
            double v = (rnd.nextInt(2000001) - 1000000) / 8000.0;
            sum = sum * 31 + f.format(v).hashCode();
        }
        System.out.println("400 formats hash " + sum);
    }

    static void bigNumbers() {
        System.out.println("== big");
        DecimalFormat f = new DecimalFormat("#,##0.00");
        BigInteger big = BigInteger.valueOf(3).pow(60);
        BigDecimal dec = new BigDecimal("-12345678901234567890.125");
        System.out.println(f.format(big) + " " + f.format(dec) + " "
                + f.format(new BigDecimal("0.005")) + " " + f.format(Long.MIN_VALUE));
        DecimalFormat sci = new DecimalFormat("0.####E0");
        System.out.println(sci.format(big) + " " + sci.format(dec) + " " + sci.format(42));
        StringBuffer sb = new StringBuffer("total=");
        FieldPosition pos = new FieldPosition(NumberFormat.INTEGER_FIELD);
        f.format(9876.5, sb, pos);
        System.out.println(sb + " " + pos.getBeginIndex() + ".." + pos.getEndIndex());
    }

    static void parsing() throws ParseException {
        System.out.println("== parse");
        DecimalFormat f = new DecimalFormat("#,##0.###");
        String[] inputs = {"1,234", "-1,234.5", "3.0", "9223372036854775808", "-0", "12abc"};
        for (String in : inputs) {
            Number n = f.parse(in);
            System.out.println(in + " -> " + n.getClass().getSimpleName() + " " + n);
        }
        System.out.println(NumberFormat.getPercentInstance().parse("-45%"));
        System.out.println(new DecimalFormat("#,##0.00;(#,##0.00)").parse("(1,000.25)"));
        f.setParseBigDecimal(true);
        System.out.println(f.parse("123.4500"));
        ParsePosition pos = new ParsePosition(0);
        System.out.println(f.parse("x1", pos) + " " + pos.getErrorIndex());
        try {
            NumberFormat.getInstance().parse("abc");
        } catch (ParseException e) {
            System.out.println("ParseException: " + e.getMessage() + " at " + e.getErrorOffset());
        }
    }

    static void messages() {
        System.out.println("== messages");
        System.out.println(MessageFormat.format("{0} owes {1,number,currency} ({2,number,percent} of {3,number})",
                "Ann", 1234.5, 0.256, 4822.27));
        System.out.println(MessageFormat.format("'{0}' is literal, it''s {0}; {1,number,#.##}; {5}", "x", Math.PI));
        MessageFormat mf = new MessageFormat("Disk {1} holds {0,number,integer} files.");
        for (int i = 0; i < 3; i++) {
            System.out.println(mf.format(new Object[] {i * 1000 + 7, "D" + i}));
        }
        System.out.println(mf.toPattern());
    }

    static void invoice() {
        System.out.println("== invoice");
        NumberFormat money = NumberFormat.getCurrencyInstance();
        NumberFormat qty = NumberFormat.getIntegerInstance();
        DecimalFormat unit = new DecimalFormat("#,##0.00##");
        List<String> lines = new ArrayList<>();
        Random rnd = new Random(7);
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < 300; i++) {
            int q = rnd.nextInt(5000) + 1;
            BigDecimal price = BigDecimal.valueOf(rnd.nextInt(1000000), 4);
            BigDecimal amount = price.multiply(BigDecimal.valueOf(q));
            total = total.add(amount);
            lines.add(MessageFormat.format("{0}: {1} x {2} = {3}", i, qty.format(q),
                    unit.format(price), money.format(amount)));
        }
        for (int i = 0; i < lines.size(); i += 37) {
            System.out.println(lines.get(i));
        }
        System.out.println("total " + money.format(total) + " in " + lines.size() + " lines");
    }
}
