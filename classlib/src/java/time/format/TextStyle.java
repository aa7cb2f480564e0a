package java.time.format;

/** The style of text: full, short or narrow, each also stand-alone. */
public enum TextStyle {
    FULL, FULL_STANDALONE, SHORT, SHORT_STANDALONE, NARROW, NARROW_STANDALONE;

    public boolean isStandalone() {
        return (ordinal() & 1) == 1;
    }

    public TextStyle asStandalone() {
        return values()[ordinal() | 1];
    }

    public TextStyle asNormal() {
        return values()[ordinal() & ~1];
    }

    /** The English text for a full name in this style: "Monday", "Mon" or "M". */
    static String english(String full, TextStyle style) {
        switch (style) {
            case SHORT:
            case SHORT_STANDALONE:
                return full.substring(0, 3);
            case NARROW:
            case NARROW_STANDALONE:
                return full.substring(0, 1);
            default:
                return full;
        }
    }

    /** English text, for DayOfWeek and Month (same as english, reachable from java.time). */
    public static String englishText(String full, TextStyle style) {
        return english(full, style);
    }
}
