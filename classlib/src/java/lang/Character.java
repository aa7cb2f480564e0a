package java.lang;

/**
 * The char box and character classification.
 *
 * <p>gcvm scope: classification and case mapping are exact for ASCII and Latin-1
 * (U+0000..U+00FF), and also cover Latin Extended-A, basic Greek and basic Cyrillic case pairs;
 * {@link #isLetter} additionally knows the main CJK, kana and Hangul blocks. {@link #digit} and
 * {@link #getNumericValue} only know ASCII digits and letters (and the Latin-1 superscripts and
 * fractions for getNumericValue).
 */
public final class Character implements java.io.Serializable, Comparable<Character> {

    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uFFFF';

    @SuppressWarnings("unchecked")
    public static final Class<Character> TYPE = (Class<Character>) Class.getPrimitiveClass("char");

    public static final char MIN_HIGH_SURROGATE = '\uD800';
    public static final char MAX_HIGH_SURROGATE = '\uDBFF';
    public static final char MIN_LOW_SURROGATE = '\uDC00';
    public static final char MAX_LOW_SURROGATE = '\uDFFF';
    public static final char MIN_SURROGATE = MIN_HIGH_SURROGATE;
    public static final char MAX_SURROGATE = MAX_LOW_SURROGATE;
    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MIN_CODE_POINT = 0x000000;
    public static final int MAX_CODE_POINT = 0X10FFFF;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    private final char value;

    @Deprecated(since = "9")
    public Character(char value) {
        this.value = value;
    }

    private static final class CharacterCache {
        static final Character[] CACHE = new Character[128];

        static {
            for (int i = 0; i < CACHE.length; i++) {
                CACHE[i] = new Character((char) i);
            }
        }
    }

    public static Character valueOf(char c) {
        if (c <= 127) {
            return CharacterCache.CACHE[(int) c];
        }
        return new Character(c);
    }

    public char charValue() {
        return value;
    }

    public int hashCode() {
        return (int) value;
    }

    public static int hashCode(char value) {
        return (int) value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Character) {
            return value == ((Character) obj).charValue();
        }
        return false;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(char c) {
        return String.valueOf(c);
    }

    public static String toString(int codePoint) {
        return String.valueOf(toChars(codePoint));
    }

    public int compareTo(Character anotherCharacter) {
        return compare(this.value, anotherCharacter.value);
    }

    public static int compare(char x, char y) {
        return x - y;
    }

    public static char reverseBytes(char ch) {
        return (char) (((ch & 0xFF00) >> 8) | (ch << 8));
    }

    // ---- code points and surrogates ----

    public static boolean isValidCodePoint(int codePoint) {
        int plane = codePoint >>> 16;
        return plane < ((MAX_CODE_POINT + 1) >>> 16);
    }

    public static boolean isBmpCodePoint(int codePoint) {
        return codePoint >>> 16 == 0;
    }

    public static boolean isSupplementaryCodePoint(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT && codePoint < MAX_CODE_POINT + 1;
    }

    public static boolean isHighSurrogate(char ch) {
        return ch >= MIN_HIGH_SURROGATE && ch < (MAX_HIGH_SURROGATE + 1);
    }

    public static boolean isLowSurrogate(char ch) {
        return ch >= MIN_LOW_SURROGATE && ch < (MAX_LOW_SURROGATE + 1);
    }

    public static boolean isSurrogate(char ch) {
        return ch >= MIN_SURROGATE && ch < (MAX_SURROGATE + 1);
    }

    public static boolean isSurrogatePair(char high, char low) {
        return isHighSurrogate(high) && isLowSurrogate(low);
    }

    public static int charCount(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
    }

    public static int toCodePoint(char high, char low) {
        return ((high << 10) + low) + (MIN_SUPPLEMENTARY_CODE_POINT
                - (MIN_HIGH_SURROGATE << 10) - MIN_LOW_SURROGATE);
    }

    public static int codePointAt(CharSequence seq, int index) {
        char c1 = seq.charAt(index);
        if (isHighSurrogate(c1) && ++index < seq.length()) {
            char c2 = seq.charAt(index);
            if (isLowSurrogate(c2)) {
                return toCodePoint(c1, c2);
            }
        }
        return c1;
    }

    public static int codePointAt(char[] a, int index) {
        return codePointAt(a, index, a.length);
    }

    public static int codePointAt(char[] a, int index, int limit) {
        if (index >= limit || index < 0 || limit > a.length) {
            throw new IndexOutOfBoundsException();
        }
        char c1 = a[index];
        if (isHighSurrogate(c1) && ++index < limit) {
            char c2 = a[index];
            if (isLowSurrogate(c2)) {
                return toCodePoint(c1, c2);
            }
        }
        return c1;
    }

    public static int codePointBefore(CharSequence seq, int index) {
        char c2 = seq.charAt(--index);
        if (isLowSurrogate(c2) && index > 0) {
            char c1 = seq.charAt(--index);
            if (isHighSurrogate(c1)) {
                return toCodePoint(c1, c2);
            }
        }
        return c2;
    }

    public static int codePointBefore(char[] a, int index) {
        return codePointBefore(a, index, 0);
    }

    public static int codePointBefore(char[] a, int index, int start) {
        if (index <= start || start < 0 || start >= a.length) {
            throw new IndexOutOfBoundsException();
        }
        char c2 = a[--index];
        if (isLowSurrogate(c2) && index > start) {
            char c1 = a[--index];
            if (isHighSurrogate(c1)) {
                return toCodePoint(c1, c2);
            }
        }
        return c2;
    }

    public static char highSurrogate(int codePoint) {
        return (char) ((codePoint >>> 10) + (MIN_HIGH_SURROGATE - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
    }

    public static char lowSurrogate(int codePoint) {
        return (char) ((codePoint & 0x3ff) + MIN_LOW_SURROGATE);
    }

    public static int toChars(int codePoint, char[] dst, int dstIndex) {
        if (isBmpCodePoint(codePoint)) {
            dst[dstIndex] = (char) codePoint;
            return 1;
        } else if (isValidCodePoint(codePoint)) {
            dst[dstIndex + 1] = lowSurrogate(codePoint);
            dst[dstIndex] = highSurrogate(codePoint);
            return 2;
        } else {
            throw new IllegalArgumentException(invalidCodePoint(codePoint));
        }
    }

    public static char[] toChars(int codePoint) {
        if (isBmpCodePoint(codePoint)) {
            return new char[] {(char) codePoint};
        } else if (isValidCodePoint(codePoint)) {
            return new char[] {highSurrogate(codePoint), lowSurrogate(codePoint)};
        } else {
            throw new IllegalArgumentException(invalidCodePoint(codePoint));
        }
    }

    private static String invalidCodePoint(int codePoint) {
        String hex = Integer.toHexString(codePoint).toUpperCase();
        while (hex.length() < 4) {
            hex = "0" + hex;
        }
        return "Not a valid Unicode code point: 0x" + hex;
    }

    public static int codePointCount(CharSequence seq, int beginIndex, int endIndex) {
        int length = seq.length();
        if (beginIndex < 0 || endIndex > length || beginIndex > endIndex) {
            throw new IndexOutOfBoundsException();
        }
        int n = endIndex - beginIndex;
        for (int i = beginIndex; i < endIndex; ) {
            if (isHighSurrogate(seq.charAt(i++)) && i < endIndex
                    && isLowSurrogate(seq.charAt(i))) {
                n--;
                i++;
            }
        }
        return n;
    }

    public static int codePointCount(char[] a, int offset, int count) {
        if (count > a.length - offset || offset < 0 || count < 0) {
            throw new IndexOutOfBoundsException();
        }
        int endIndex = offset + count;
        int n = count;
        for (int i = offset; i < endIndex; ) {
            if (isHighSurrogate(a[i++]) && i < endIndex && isLowSurrogate(a[i])) {
                n--;
                i++;
            }
        }
        return n;
    }

    public static int offsetByCodePoints(CharSequence seq, int index, int codePointOffset) {
        int length = seq.length();
        if (index < 0 || index > length) {
            throw new IndexOutOfBoundsException();
        }
        int x = index;
        if (codePointOffset >= 0) {
            int i;
            for (i = 0; x < length && i < codePointOffset; i++) {
                if (isHighSurrogate(seq.charAt(x++)) && x < length
                        && isLowSurrogate(seq.charAt(x))) {
                    x++;
                }
            }
            if (i < codePointOffset) {
                throw new IndexOutOfBoundsException();
            }
        } else {
            int i;
            for (i = codePointOffset; x > 0 && i < 0; i++) {
                if (isLowSurrogate(seq.charAt(--x)) && x > 0
                        && isHighSurrogate(seq.charAt(x - 1))) {
                    x--;
                }
            }
            if (i < 0) {
                throw new IndexOutOfBoundsException();
            }
        }
        return x;
    }

    // ---- classification ----

    public static boolean isLowerCase(char ch) {
        return isLowerCase((int) ch);
    }

    public static boolean isLowerCase(int cp) {
        if (cp < 0x100) {
            return (cp >= 'a' && cp <= 'z') || cp == 0xAA || cp == 0xB5 || cp == 0xBA
                    || (cp >= 0xDF && cp <= 0xFF && cp != 0xF7);
        }
        return toUpperCase(cp) != cp || cp == 0x138 || cp == 0x149;
    }

    public static boolean isUpperCase(char ch) {
        return isUpperCase((int) ch);
    }

    public static boolean isUpperCase(int cp) {
        if (cp < 0x100) {
            return (cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7);
        }
        return toLowerCase(cp) != cp;
    }

    public static boolean isTitleCase(char ch) {
        return false;
    }

    public static boolean isTitleCase(int codePoint) {
        return false;
    }

    public static boolean isDigit(char ch) {
        return isDigit((int) ch);
    }

    /** The zero of every block of decimal digits (general category Nd) in the BMP. */
    private static final int[] DIGIT_ZEROS = {
        0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66,
        0x0CE6, 0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946,
        0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0,
        0xA9F0, 0xAA50, 0xABF0, 0xFF10
    };

    /** The decimal value of a Unicode decimal digit, or -1. */
    private static int decimalValue(int cp) {
        if (cp >= '0' && cp <= '9') {
            return cp - '0';
        }
        if (cp < 0x660) {
            return -1;
        }
        for (int zero : DIGIT_ZEROS) {
            if (cp >= zero && cp <= zero + 9) {
                return cp - zero;
            }
        }
        return -1;
    }

    public static boolean isDigit(int cp) {
        return decimalValue(cp) >= 0;
    }

    public static boolean isDefined(char ch) {
        return isDefined((int) ch);
    }

    public static boolean isDefined(int cp) {
        return cp >= 0 && cp < 0x378;
    }

    public static boolean isLetter(char ch) {
        return isLetter((int) ch);
    }

    public static boolean isLetter(int cp) {
        if (cp < 0x100) {
            return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == 0xAA
                    || cp == 0xB5 || cp == 0xBA
                    || (cp >= 0xC0 && cp <= 0xFF && cp != 0xD7 && cp != 0xF7);
        }
        return (cp >= 0x100 && cp <= 0x24F)
                || (cp >= 0x386 && cp <= 0x3FF && cp != 0x387 && cp != 0x38B && cp != 0x38D
                        && cp != 0x3A2 && cp != 0x3F6)
                || (cp >= 0x400 && cp <= 0x481) || (cp >= 0x48A && cp <= 0x52F)
                || (cp >= 0x3041 && cp <= 0x3096) || (cp >= 0x30A1 && cp <= 0x30FA)
                || (cp >= 0xFF21 && cp <= 0xFF3A) || (cp >= 0xFF41 && cp <= 0xFF5A)
                || (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7A3);
    }

    public static boolean isLetterOrDigit(char ch) {
        return isLetterOrDigit((int) ch);
    }

    public static boolean isLetterOrDigit(int cp) {
        return isLetter(cp) || isDigit(cp);
    }

    public static boolean isAlphabetic(int codePoint) {
        return isLetter(codePoint);
    }

    public static boolean isIdeographic(int cp) {
        return cp >= 0x4E00 && cp <= 0x9FFF;
    }

    public static boolean isJavaIdentifierStart(char ch) {
        return isJavaIdentifierStart((int) ch);
    }

    public static boolean isJavaIdentifierStart(int cp) {
        return isLetter(cp) || cp == '$' || cp == '_' || (cp >= 0xA2 && cp <= 0xA5);
    }

    public static boolean isJavaIdentifierPart(char ch) {
        return isJavaIdentifierPart((int) ch);
    }

    public static boolean isJavaIdentifierPart(int cp) {
        return isJavaIdentifierStart(cp) || isDigit(cp) || isIdentifierIgnorable(cp);
    }

    public static boolean isIdentifierIgnorable(char ch) {
        return isIdentifierIgnorable((int) ch);
    }

    public static boolean isIdentifierIgnorable(int cp) {
        return (cp >= 0 && cp <= 8) || (cp >= 0xE && cp <= 0x1B) || (cp >= 0x7F && cp <= 0x9F)
                || cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E)
                || (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF;
    }

    public static boolean isUnicodeIdentifierStart(char ch) {
        return isLetter(ch);
    }

    public static boolean isUnicodeIdentifierPart(char ch) {
        return isLetterOrDigit(ch) || ch == '_' || isIdentifierIgnorable(ch);
    }

    public static boolean isSpaceChar(char ch) {
        return isSpaceChar((int) ch);
    }

    public static boolean isSpaceChar(int cp) {
        return cp == ' ' || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A)
                || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
    }

    public static boolean isWhitespace(char ch) {
        return isWhitespace((int) ch);
    }

    public static boolean isWhitespace(int cp) {
        if (cp <= 0xFF) {
            return cp == ' ' || (cp >= 0x9 && cp <= 0xD) || (cp >= 0x1C && cp <= 0x1F);
        }
        return isSpaceChar(cp) && cp != 0x2007 && cp != 0x202F;
    }

    public static boolean isISOControl(char ch) {
        return isISOControl((int) ch);
    }

    public static boolean isISOControl(int cp) {
        return cp <= 0x9F && (cp >= 0x7F || (cp >>> 5 == 0));
    }

    @Deprecated
    public static boolean isSpace(char ch) {
        return (ch <= 0x0020) && (((((1L << 0x0009) | (1L << 0x000A) | (1L << 0x000C)
                | (1L << 0x000D) | (1L << 0x0020)) >> ch) & 1L) != 0);
    }

    // ---- case mapping ----

    public static char toLowerCase(char ch) {
        return (char) toLowerCase((int) ch);
    }

    public static int toLowerCase(int cp) {
        if (cp < 0x80) {
            return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
        }
        if (cp < 0x100) {
            return (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) ? cp + 32 : cp;
        }
        if (cp < 0x180) {
            return latinExtendedALower(cp);
        }
        if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) {
            return cp + 32;
        }
        if (cp >= 0x410 && cp <= 0x42F) {
            return cp + 32;
        }
        if (cp >= 0x400 && cp <= 0x40F) {
            return cp + 80;
        }
        if (cp >= 0xFF21 && cp <= 0xFF3A) {
            return cp + 32;
        }
        return cp;
    }

    public static char toUpperCase(char ch) {
        return (char) toUpperCase((int) ch);
    }

    public static int toUpperCase(int cp) {
        if (cp < 0x80) {
            return (cp >= 'a' && cp <= 'z') ? cp - 32 : cp;
        }
        if (cp < 0x100) {
            if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) {
                return cp - 32;
            }
            if (cp == 0xB5) {
                return 0x39C;
            }
            return cp == 0xFF ? 0x178 : cp;
        }
        if (cp < 0x180) {
            return latinExtendedAUpper(cp);
        }
        if (cp >= 0x3B1 && cp <= 0x3CB) {
            return cp == 0x3C2 ? 0x3A3 : cp - 32;
        }
        if (cp >= 0x430 && cp <= 0x44F) {
            return cp - 32;
        }
        if (cp >= 0x450 && cp <= 0x45F) {
            return cp - 80;
        }
        if (cp >= 0xFF41 && cp <= 0xFF5A) {
            return cp - 32;
        }
        return cp;
    }

    /** True if cp (U+0100..U+017F) is the upper-case member of a case pair. */
    private static boolean latinExtendedAIsUpperOfPair(int cp) {
        if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E)) {
            return (cp & 1) == 1;
        }
        if ((cp >= 0x100 && cp <= 0x12F) || (cp >= 0x132 && cp <= 0x137)
                || (cp >= 0x14A && cp <= 0x177)) {
            return (cp & 1) == 0;
        }
        return false;
    }

    private static int latinExtendedALower(int cp) {
        if (cp == 0x130) {
            return 'i';
        }
        if (cp == 0x178) {
            return 0xFF;
        }
        return latinExtendedAIsUpperOfPair(cp) ? cp + 1 : cp;
    }

    private static int latinExtendedAUpper(int cp) {
        if (cp == 0x131) {
            return 'I';
        }
        if (cp == 0x17F) {
            return 'S';
        }
        if (cp == 0x138 || cp == 0x149 || cp == 0x130 || cp == 0x178) {
            return cp;
        }
        return latinExtendedAIsUpperOfPair(cp - 1) ? cp - 1 : cp;
    }

    public static char toTitleCase(char ch) {
        return toUpperCase(ch);
    }

    public static int toTitleCase(int codePoint) {
        return toUpperCase(codePoint);
    }

    // ---- digits ----

    public static int digit(char ch, int radix) {
        return digit((int) ch, radix);
    }

    public static int digit(int cp, int radix) {
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return -1;
        }
        int value;
        int dec = decimalValue(cp);
        if (dec >= 0) {
            value = dec;
        } else if (cp >= 'a' && cp <= 'z') {
            value = cp - 'a' + 10;
        } else if (cp >= 'A' && cp <= 'Z') {
            value = cp - 'A' + 10;
        } else if (cp >= 0xFF21 && cp <= 0xFF3A) {
            value = cp - 0xFF21 + 10;
        } else if (cp >= 0xFF41 && cp <= 0xFF5A) {
            value = cp - 0xFF41 + 10;
        } else {
            return -1;
        }
        return value < radix ? value : -1;
    }

    public static int getNumericValue(char ch) {
        return getNumericValue((int) ch);
    }

    public static int getNumericValue(int cp) {
        int dec = decimalValue(cp);
        if (dec >= 0) {
            return dec;
        }
        if (cp >= 'a' && cp <= 'z') {
            return cp - 'a' + 10;
        }
        if (cp >= 'A' && cp <= 'Z') {
            return cp - 'A' + 10;
        }
        if (cp >= 0xFF21 && cp <= 0xFF3A) {
            return cp - 0xFF21 + 10;
        }
        if (cp >= 0xFF41 && cp <= 0xFF5A) {
            return cp - 0xFF41 + 10;
        }
        switch (cp) {
            case 0xB2:
                return 2;
            case 0xB3:
                return 3;
            case 0xB9:
                return 1;
            case 0xBC:
            case 0xBD:
            case 0xBE:
                return -2;
            default:
                return -1;
        }
    }

    public static char forDigit(int digit, int radix) {
        if ((digit >= radix) || (digit < 0)) {
            return '\0';
        }
        if ((radix < MIN_RADIX) || (radix > MAX_RADIX)) {
            return '\0';
        }
        if (digit < 10) {
            return (char) ('0' + digit);
        }
        return (char) ('a' - 10 + digit);
    }
}
