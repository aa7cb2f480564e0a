package java.util;

/**
 * Locales as names. java.text's number formats know the separators and currencies of a few
 * locales (java.text.LocaleNumbers); everything else (Formatter, String.format, case mapping)
 * formats in the ROOT/English style ('.' decimal point, ',' grouping), whatever Locale is
 * passed. The default is English without a country, as HotSpot's under LANG=C.UTF-8.
 */
public final class Locale implements java.io.Serializable {

    public static final Locale ROOT = new Locale("", "");
    public static final Locale ENGLISH = new Locale("en", "");
    public static final Locale US = new Locale("en", "US");
    public static final Locale UK = new Locale("en", "GB");
    public static final Locale CANADA = new Locale("en", "CA");
    public static final Locale GERMAN = new Locale("de", "");
    public static final Locale GERMANY = new Locale("de", "DE");
    public static final Locale FRENCH = new Locale("fr", "");
    public static final Locale FRANCE = new Locale("fr", "FR");
    public static final Locale ITALIAN = new Locale("it", "");
    public static final Locale ITALY = new Locale("it", "IT");
    public static final Locale JAPANESE = new Locale("ja", "");
    public static final Locale JAPAN = new Locale("ja", "JP");
    public static final Locale CHINESE = new Locale("zh", "");
    public static final Locale CHINA = new Locale("zh", "CN");
    public static final Locale SIMPLIFIED_CHINESE = CHINA;
    public static final Locale PRC = CHINA;
    public static final Locale KOREAN = new Locale("ko", "");
    public static final Locale KOREA = new Locale("ko", "KR");
    public static final Locale CANADA_FRENCH = new Locale("fr", "CA");

    private static Locale defaultLocale = ENGLISH;

    private final String language;
    private final String country;

    public Locale(String language) {
        this(language, "");
    }

    public Locale(String language, String country) {
        this.language = language.toLowerCase();
        this.country = country.toUpperCase();
    }

    public Locale(String language, String country, String variant) {
        this(language, country);
    }

    public static Locale getDefault() {
        return defaultLocale;
    }

    public static synchronized void setDefault(Locale newLocale) {
        defaultLocale = Objects.requireNonNull(newLocale);
    }

    public static Locale forLanguageTag(String tag) {
        int dash = tag.indexOf('-');
        return dash < 0 ? new Locale(tag) : new Locale(tag.substring(0, dash), tag.substring(dash + 1));
    }

    public static Locale of(String language) {
        return new Locale(language);
    }

    public static Locale of(String language, String country) {
        return new Locale(language, country);
    }

    public String getLanguage() {
        return language;
    }

    public String getCountry() {
        return country;
    }

    public String getVariant() {
        return "";
    }

    public String toLanguageTag() {
        if (language.isEmpty()) {
            return "und";
        }
        return country.isEmpty() ? language : language + "-" + country;
    }

    @Override
    public String toString() {
        if (country.isEmpty()) {
            return language;
        }
        return language + "_" + country;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Locale)) {
            return false;
        }
        Locale o = (Locale) obj;
        return language.equals(o.language) && country.equals(o.country);
    }

    @Override
    public int hashCode() {
        return language.hashCode() * 31 + country.hashCode();
    }
}
