package java.text;

import java.util.Locale;

/**
 * The number conventions of the locales gcvm knows, as JDK 17's CLDR data gives them: the
 * grouping and decimal separators, the currency symbol and ISO code, and the number, currency and
 * percent patterns. The locales checked against the JDK (classlib/tests/TextCheck.java): the root
 * locale, en, en_US, en_GB, en_CA, en_AU, en_IN, de, de_DE, fr, fr_FR, it_IT, es_ES, ja_JP, zh_CN,
 * ko_KR and en_IE. A locale without a country gets the
 * generic currency sign U+00A4 and "XXX", as the JDK does. Any other language formats as English
 * does, and any other country's currency is U+00A4 (documented in docs/classlib.md).
 */
final class LocaleNumbers {
    final char grouping;
    final char decimal;
    final String currencySymbol;
    final String currencyCode;
    final String currencyPattern;
    final String percentPattern;

    private LocaleNumbers(char grouping, char decimal, String currencySymbol, String currencyCode,
            String currencyPattern, String percentPattern) {
        this.grouping = grouping;
        this.decimal = decimal;
        this.currencySymbol = currencySymbol;
        this.currencyCode = currencyCode;
        this.currencyPattern = currencyPattern;
        this.percentPattern = percentPattern;
    }

    static final String NUMBER_PATTERN = "#,##0.###";

    static LocaleNumbers of(Locale locale) {
        String language = locale.getLanguage();
        String country = locale.getCountry();
        String symbol = currencySymbol(country);
        String code = currencyCode(country);
        if (language.isEmpty()) {
            return new LocaleNumbers(',', '.', symbol, code, "\u00a4\u00a0#,##0.00", "#,##0%");
        }
        if (language.equals("de") || language.equals("es")) {
            return new LocaleNumbers('.', ',', symbol, code, "#,##0.00\u00a0\u00a4", "#,##0\u00a0%");
        }
        if (language.equals("it")) {
            return new LocaleNumbers('.', ',', symbol, code, "#,##0.00\u00a0\u00a4", "#,##0%");
        }
        if (language.equals("fr")) {
            return new LocaleNumbers('\u202f', ',', symbol, code, "#,##0.00\u00a0\u00a4", "#,##0\u00a0%");
        }
        boolean noCents = code.equals("JPY") || code.equals("KRW");
        String currencyPattern = noCents ? "\u00a4#,##0" : "\u00a4#,##0.00";
        return new LocaleNumbers(',', '.', symbol, code, currencyPattern, "#,##0%");
    }

    private static String currencySymbol(String country) {
        switch (country) {
            case "US": case "CA": case "AU": return "$";
            case "GB": return "\u00a3";
            case "IN": return "\u20b9";
            case "JP": return "\uffe5";
            case "CN": return "\u00a5";
            case "KR": return "\u20a9";
            default: return isEuroCountry(country) ? "\u20ac" : "\u00a4";
        }
    }

    private static String currencyCode(String country) {
        switch (country) {
            case "US": return "USD";
            case "CA": return "CAD";
            case "AU": return "AUD";
            case "GB": return "GBP";
            case "IN": return "INR";
            case "JP": return "JPY";
            case "CN": return "CNY";
            case "KR": return "KRW";
            default: return isEuroCountry(country) ? "EUR" : "XXX";
        }
    }

    private static boolean isEuroCountry(String country) {
        switch (country) {
            case "DE": case "FR": case "IT": case "ES": case "IE":
                return true;
            default:
                return false;
        }
    }
}
