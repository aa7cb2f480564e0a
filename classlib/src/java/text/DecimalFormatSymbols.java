package java.text;

import java.util.Locale;

/**
 * The characters DecimalFormat prints and parses. The default is the default English locale
 * (HotSpot with LANG=C.UTF-8: no country, so the currency is the generic sign U+00A4 and "XXX");
 * a locale asked for gets its separators and currency from {@link LocaleNumbers}.
 */
public class DecimalFormatSymbols implements Cloneable, java.io.Serializable {
    private char zeroDigit = '0';
    private char groupingSeparator = ',';
    private char decimalSeparator = '.';
    private char perMill = '\u2030';
    private char percent = '%';
    private char digit = '#';
    private char patternSeparator = ';';
    private String infinity = "\u221e";
    private String naN = "NaN";
    private char minusSign = '-';
    private String currencySymbol = "\u00a4";
    private String intlCurrencySymbol = "XXX";
    private char monetarySeparator = '.';
    private char monetaryGroupingSeparator = ',';
    private String exponentSeparator = "E";

    public DecimalFormatSymbols() {
        this(Locale.getDefault());
    }

    public DecimalFormatSymbols(Locale locale) {
        LocaleNumbers numbers = LocaleNumbers.of(locale);
        groupingSeparator = numbers.grouping;
        monetaryGroupingSeparator = numbers.grouping;
        decimalSeparator = numbers.decimal;
        monetarySeparator = numbers.decimal;
        currencySymbol = numbers.currencySymbol;
        intlCurrencySymbol = numbers.currencyCode;
    }

    public static DecimalFormatSymbols getInstance() {
        return new DecimalFormatSymbols(Locale.getDefault());
    }

    public static DecimalFormatSymbols getInstance(Locale locale) {
        return new DecimalFormatSymbols(locale);
    }

    public static Locale[] getAvailableLocales() {
        return new Locale[] {Locale.ROOT, Locale.ENGLISH, Locale.US, Locale.UK, Locale.CANADA,
                Locale.GERMAN, Locale.GERMANY, Locale.FRENCH, Locale.FRANCE, Locale.ITALY, Locale.JAPAN,
                Locale.CHINA};
    }

    public char getZeroDigit() { return zeroDigit; }
    public void setZeroDigit(char c) { zeroDigit = c; }
    public char getGroupingSeparator() { return groupingSeparator; }
    public void setGroupingSeparator(char c) { groupingSeparator = c; }
    public char getDecimalSeparator() { return decimalSeparator; }
    public void setDecimalSeparator(char c) { decimalSeparator = c; }
    public char getPerMill() { return perMill; }
    public void setPerMill(char c) { perMill = c; }
    public char getPercent() { return percent; }
    public void setPercent(char c) { percent = c; }
    public char getDigit() { return digit; }
    public void setDigit(char c) { digit = c; }
    public char getPatternSeparator() { return patternSeparator; }
    public void setPatternSeparator(char c) { patternSeparator = c; }
    public String getInfinity() { return infinity; }
    public void setInfinity(String s) { infinity = s; }
    public String getNaN() { return naN; }
    public void setNaN(String s) { naN = s; }
    public char getMinusSign() { return minusSign; }
    public void setMinusSign(char c) { minusSign = c; }
    public String getCurrencySymbol() { return currencySymbol; }
    public void setCurrencySymbol(String s) { currencySymbol = s; }
    public String getInternationalCurrencySymbol() { return intlCurrencySymbol; }
    public void setInternationalCurrencySymbol(String s) { intlCurrencySymbol = s; }
    public char getMonetaryDecimalSeparator() { return monetarySeparator; }
    public char getMonetaryGroupingSeparator() { return monetaryGroupingSeparator; }
    public void setMonetaryGroupingSeparator(char c) { monetaryGroupingSeparator = c; }
    public void setMonetaryDecimalSeparator(char c) { monetarySeparator = c; }
    public String getExponentSeparator() { return exponentSeparator; }
    public void setExponentSeparator(String s) { exponentSeparator = s; }

    @Override
    public Object clone() {
        try {
            return super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof DecimalFormatSymbols)) {
            return false;
        }
        DecimalFormatSymbols o = (DecimalFormatSymbols) obj;
        return zeroDigit == o.zeroDigit && groupingSeparator == o.groupingSeparator
                && decimalSeparator == o.decimalSeparator && perMill == o.perMill
                && percent == o.percent && digit == o.digit && minusSign == o.minusSign
                && patternSeparator == o.patternSeparator && infinity.equals(o.infinity)
                && naN.equals(o.naN) && currencySymbol.equals(o.currencySymbol)
                && intlCurrencySymbol.equals(o.intlCurrencySymbol)
                && monetarySeparator == o.monetarySeparator
                && monetaryGroupingSeparator == o.monetaryGroupingSeparator
                && exponentSeparator.equals(o.exponentSeparator);
    }

    @Override
    public int hashCode() {
        return zeroDigit * 37 + groupingSeparator * 37 + decimalSeparator;
    }
}
