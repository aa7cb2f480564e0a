//IMPORTS

/**
 * Exercises gcvm's Integer, Long, Short, Byte, Character, Math and StrictMath (the Java parts).
 * run.sh compiles it against the JDK and against copies of those classes renamed to cltest.lang
 * (the IMPORTS line becomes single-type imports of the copies) and diffs the output.
 */
public class LangCheck {

    static long lcg = 987654321;

    static long nextLong() {
        lcg = lcg * 6364136223846793005L + 1442695040888963407L;
        return lcg;
    }

    static void p(Object o) {
        System.out.println(o);
    }

    interface Action {
        Object run() throws Exception;
    }

    static void t(String label, Action a) {
        try {
            p(label + " -> " + a.run());
        } catch (Throwable e) {
            p(label + " !! " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        parsing();
        printing();
        bits();
        characters();
        math();
    }

    static void parsing() {
        p("== parsing");
        String[] inputs = {"0", "-0", "+5", "123", "-2147483648", "2147483647", "2147483648",
            "-2147483649", "abc", "", "-", "+", "ff", "FF", "7fffffff", "80000000", "z", "Zz",
            "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1_000",
            " 1", "1 ", "00000000000000000000001", "\u0661", "ffffffff", "4294967295",
            "4294967296", "18446744073709551615", "18446744073709551616", "0x10", "#ff", "010",
            "-0x80000000", "-010", "+-1", "32767", "32768", "-129", "127"};
        int[] radices = {10, 16, 2, 36, 8};
        for (String s : inputs) {
            for (int radix : radices) {
                t("parseInt " + s + " " + radix, () -> Integer.parseInt(s, radix));
                t("parseLong " + s + " " + radix, () -> Long.parseLong(s, radix));
                t("parseUnsignedInt " + s + " " + radix, () -> Integer.parseUnsignedInt(s, radix));
                t("parseUnsignedLong " + s + " " + radix, () -> Long.parseUnsignedLong(s, radix));
            }
            t("decode " + s, () -> Integer.decode(s));
            t("decodeL " + s, () -> Long.decode(s));
            t("parseShort " + s, () -> Short.parseShort(s));
            t("parseByte " + s, () -> Byte.parseByte(s));
            t("decodeS " + s, () -> Short.decode(s));
            t("valueOf " + s, () -> Integer.valueOf(s));
        }
        t("null", () -> Integer.parseInt(null));
        t("nullL", () -> Long.parseLong(null));
        t("radix", () -> Integer.parseInt("1", 1));
        t("radix2", () -> Integer.parseInt("1", 37));
        t("radixL", () -> Long.parseLong("1", 99));
        t("cache", () -> (Integer.valueOf(127) == Integer.valueOf(127)) + " "
                + (Integer.valueOf(128) == Integer.valueOf(128)) + " "
                + (Long.valueOf(-128) == Long.valueOf(-128)) + " "
                + (Short.valueOf((short) 5) == Short.valueOf((short) 5)) + " "
                + (Byte.valueOf((byte) -1) == Byte.valueOf((byte) -1)) + " "
                + (Character.valueOf('a') == Character.valueOf('a')) + " "
                + (Character.valueOf('\u00e9') == Character.valueOf('\u00e9')));
    }

    static void printing() {
        p("== printing");
        int[] ints = {0, 1, -1, 7, -7, 10, 100, 999, -1000, 123456789, Integer.MAX_VALUE,
            Integer.MIN_VALUE, 255, -255, 65536};
        for (int i : ints) {
            StringBuilder sb = new StringBuilder();
            sb.append(Integer.toString(i)).append(' ').append(Integer.toHexString(i)).append(' ')
                    .append(Integer.toOctalString(i)).append(' ').append(Integer.toBinaryString(i))
                    .append(' ').append(Integer.toUnsignedString(i)).append(' ')
                    .append(Integer.toString(i, 36)).append(' ').append(Integer.toString(i, 7))
                    .append(' ').append(Integer.toString(i, 99)).append(' ')
                    .append(Integer.toUnsignedString(i, 5)).append(' ')
                    .append(Integer.hashCode(i)).append(' ').append(Integer.valueOf(i).hashCode());
            p(sb);
        }
        long[] longs = {0, 1, -1, 1234567890123L, Long.MAX_VALUE, Long.MIN_VALUE, -99999999999L,
            1L << 40, 0xcafebabeL};
        for (long l : longs) {
            StringBuilder sb = new StringBuilder();
            sb.append(Long.toString(l)).append(' ').append(Long.toHexString(l)).append(' ')
                    .append(Long.toOctalString(l)).append(' ').append(Long.toBinaryString(l))
                    .append(' ').append(Long.toUnsignedString(l)).append(' ')
                    .append(Long.toString(l, 36)).append(' ').append(Long.toString(l, 3))
                    .append(' ').append(Long.toUnsignedString(l, 36)).append(' ')
                    .append(Long.toUnsignedString(l, 7)).append(' ').append(Long.hashCode(l))
                    .append(' ').append(Long.valueOf(l).hashCode());
            p(sb);
        }
        p(Short.toString((short) -5) + Byte.toString((byte) 100) + Short.valueOf((short) 3).hashCode()
                + Character.toString('x') + Character.toString(0x1F600).length()
                + Character.valueOf('q').hashCode());
    }

    static void bits() {
        p("== bits");
        for (int n = 0; n < 60; n++) {
            long l = nextLong();
            int i = (int) (l >>> 17);
            if (n < 4) {
                i = new int[] {0, -1, Integer.MIN_VALUE, 1}[n];
                l = new long[] {0, -1, Long.MIN_VALUE, 1}[n];
            }
            int j = (int) nextLong();
            StringBuilder sb = new StringBuilder();
            sb.append(Integer.bitCount(i)).append(' ').append(Integer.reverse(i)).append(' ')
                    .append(Integer.highestOneBit(i)).append(' ').append(Integer.lowestOneBit(i))
                    .append(' ').append(Integer.numberOfLeadingZeros(i)).append(' ')
                    .append(Integer.numberOfTrailingZeros(i)).append(' ')
                    .append(Integer.rotateLeft(i, n)).append(' ').append(Integer.rotateRight(i, n))
                    .append(' ').append(Integer.signum(i)).append(' ').append(Integer.reverseBytes(i))
                    .append(' ').append(Integer.compareUnsigned(i, j)).append(' ')
                    .append(j == 0 ? 0 : Integer.divideUnsigned(i, j)).append(' ')
                    .append(j == 0 ? 0 : Integer.remainderUnsigned(i, j)).append(' ')
                    .append(Integer.compare(i, j)).append(' ').append(Integer.toUnsignedLong(i))
                    .append(" | ").append(Long.bitCount(l)).append(' ').append(Long.reverse(l))
                    .append(' ').append(Long.highestOneBit(l)).append(' ')
                    .append(Long.numberOfLeadingZeros(l)).append(' ')
                    .append(Long.numberOfTrailingZeros(l)).append(' ').append(Long.rotateLeft(l, n))
                    .append(' ').append(Long.signum(l)).append(' ').append(Long.reverseBytes(l))
                    .append(' ').append(Long.divideUnsigned(l, j | 1)).append(' ')
                    .append(Long.remainderUnsigned(l, j | 1)).append(' ')
                    .append(Long.divideUnsigned(l, l >>> 1 | 1)).append(' ')
                    .append(Long.compareUnsigned(l, j)).append(' ')
                    .append(Short.reverseBytes((short) i)).append(' ')
                    .append(Character.reverseBytes((char) i));
            p(sb);
        }
    }

    static String flags(int c) {
        return "" + (Character.isDigit(c) ? 'D' : '.') + (Character.isLetter(c) ? 'L' : '.')
                + (Character.isLetterOrDigit(c) ? 'A' : '.') + (Character.isAlphabetic(c) ? 'a' : '.')
                + (Character.isWhitespace(c) ? 'W' : '.') + (Character.isSpaceChar(c) ? 'S' : '.')
                + (Character.isUpperCase(c) ? 'U' : '.') + (Character.isLowerCase(c) ? 'l' : '.')
                + (Character.isISOControl(c) ? 'C' : '.')
                + (Character.isJavaIdentifierStart(c) ? 'J' : '.')
                + (Character.isJavaIdentifierPart(c) ? 'j' : '.')
                + " " + Character.toUpperCase(c) + " " + Character.toLowerCase(c)
                + " " + Character.digit(c, 36) + " " + Character.digit(c, 10)
                + " " + Character.getNumericValue(c);
    }

    static void characters() {
        p("== Character");
        for (int c = 0; c <= 0x17F; c++) {
            p(Integer.toHexString(c) + " " + flags(c));
        }
        int[] more = {0x391, 0x3A3, 0x3B1, 0x3C2, 0x3C9, 0x3AA, 0x3CB, 0x410, 0x42F, 0x430, 0x44F,
            0x401, 0x451, 0x2000, 0x2007, 0x200A, 0x2028, 0x202F, 0x205F, 0x3000, 0x1680, 0xFEFF,
            0x4E00, 0xAC00, 0xFF21, 0xFF41};
        for (int c : more) {
            p(Integer.toHexString(c) + " " + flags(c));
        }
        for (int d = -1; d < 40; d++) {
            p(d + " " + (int) Character.forDigit(d, 16) + " " + (int) Character.forDigit(d, 36));
        }
        p(Character.isSurrogate('\ud800') + " " + Character.toChars(0x1F600).length + " "
                + Character.codePointAt("a\ud83d\ude00b", 1) + " " + Character.charCount(0x1F600)
                + " " + Character.isValidCodePoint(0x110000) + " "
                + Character.codePointCount("a\ud83d\ude00b", 0, 4) + " "
                + Character.offsetByCodePoints("a\ud83d\ude00b", 0, 2));
        t("toChars", () -> Character.toChars(-1));
        t("toChars2", () -> Character.toChars(0x110000));
    }

    static void math() {
        p("== Math");
        double[] ds = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994,
            -0.49999999999999994, 1e15 + 0.5, 4503599627370497.0, -4503599627370497.0, 1e300,
            -1e300, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 3.7, -3.7, 0.1, 9.223372036854776E18,
            -9.223372036854776E18, 2147483647.5, -2147483648.5, 1.0000000000000002};
        for (double d : ds) {
            StringBuilder sb = new StringBuilder();
            sb.append(d).append(": ").append(Math.floor(d)).append(' ').append(Math.ceil(d))
                    .append(' ').append(Math.rint(d)).append(' ').append(Math.round(d)).append(' ')
                    .append(Math.round((float) d)).append(' ').append(Math.abs(d)).append(' ')
                    .append(Math.signum(d)).append(' ').append(Math.ulp(d)).append(' ')
                    .append(Math.nextUp(d)).append(' ').append(Math.nextDown(d)).append(' ')
                    .append(Math.nextAfter(d, 0.0)).append(' ').append(Math.getExponent(d))
                    .append(' ').append(Math.copySign(3.0, d)).append(' ')
                    .append(Math.scalb(d, 3)).append(' ').append(Math.scalb(d, -1074)).append(' ')
                    .append(Math.toRadians(d)).append(' ').append(Math.toDegrees(d)).append(' ')
                    .append(StrictMath.floor(d)).append(' ').append(Math.ulp((float) d)).append(' ')
                    .append(Math.getExponent((float) d)).append(' ').append(Math.abs((float) d));
            p(sb);
            for (double e : new double[] {0.0, -0.0, Double.NaN, 1.0, -1.0}) {
                p("  " + Math.min(d, e) + " " + Math.max(d, e) + " " + Math.min((float) d, (float) e)
                        + " " + Math.max((float) d, (float) e));
            }
        }
        int[] is = {0, 1, -1, 7, -7, Integer.MAX_VALUE, Integer.MIN_VALUE, 3, -3};
        for (int a : is) {
            for (int b : is) {
                if (b != 0) {
                    p(a + " " + b + " " + Math.floorDiv(a, b) + " " + Math.floorMod(a, b) + " "
                            + Math.floorDiv((long) a, (long) b) + " " + Math.floorMod((long) a, b)
                            + " " + Math.multiplyHigh((long) a << 20, (long) b << 30) + " "
                            + Math.multiplyFull(a, b));
                }
                t("exact " + a + " " + b, () -> Math.addExact(a, b) + " " + Math.subtractExact(a, b)
                        + " " + Math.multiplyExact(a, b));
                t("exactL " + a + " " + b, () -> Math.multiplyExact((long) a << 32, (long) b));
            }
            t("neg " + a, () -> Math.negateExact(a) + " " + Math.incrementExact(a) + " " + Math.absExact(a));
            t("dec " + a, () -> Math.decrementExact(a));
        }
        t("toIntExact", () -> Math.toIntExact(1L << 31));
        t("floorDiv0", () -> Math.floorDiv(1, 0));
        t("abs", () -> Math.abs(Integer.MIN_VALUE) + " " + Math.abs(Long.MIN_VALUE) + " " + Math.abs(-0.0f));
    }
}
