package java.time.format;

/** How the sign of a number is printed and parsed. */
public enum SignStyle {
    NORMAL, ALWAYS, NEVER, NOT_NEGATIVE, EXCEEDS_PAD;

    boolean parse(boolean positive, boolean strict, boolean fixedWidth) {
        switch (ordinal()) {
            case 0:
                return !positive || !strict;
            case 1:
            case 4:
                return true;
            default:
                return !strict && !fixedWidth;
        }
    }
}
