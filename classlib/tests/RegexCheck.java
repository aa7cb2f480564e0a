import cltest.gcvm.SimpleRegex;
import cltest.gcvm.Utf8;
import java.util.Arrays;

/**
 * Compares gcvm's SimpleRegex (behind String.split/matches/replaceAll/replaceFirst) and its UTF-8
 * codec with the JDK's String methods. Prints only mismatches, then a summary line.
 */
public class RegexCheck {

    static int passed;
    static int failed;
    static int unsupported;

    static void check(String what, String expected, String actual) {
        if (actual.startsWith("!! UnsupportedOperationException: gcvm regex: unsupported")) {
            unsupported++;
        } else if (expected.equals(actual)) {
            passed++;
        } else {
            failed++;
            System.out.println("MISMATCH " + what + "\n  jdk:   " + expected + "\n  gcvm:  " + actual);
        }
    }

    static String run(Op op) {
        try {
            return op.run();
        } catch (Throwable e) {
            return "!! " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    interface Op {
        String run();
    }

    public static void main(String[] args) {
        String[] inputs = {"", "a", "a,b,c", ",a,,b,,", "  hello   world  ", "a|b|c", "a.b.c",
            "one two\tthree\nfour", "x1y22z333", "aaa", "abcabc", "key=value; k2 = v2",
            "2024-01-15", "The Quick brown FOX", "a\\b\\c", "$5 and $6", "tab\there", ",,,",
            "foo.bar@example.com", "CamelCaseString", "  ", "a  b", "1,2;3 4"};
        String[] patterns = {",", " ", "\\s+", "\\|", "\\.", ".", "\\s*,\\s*", "[,;]", "[^a-z]+",
            "\\d+", "\\d", "a", "aa", "", "b|c", "(a)(b)?", "\\W+", "[a-c]", "x*", "a+?", "\\w+",
            "[ \\t]+", "=", "\\s*=\\s*", "[A-Z]", "(?:ab)+", "-", "\\$", "\\\\", "o{2}", "[0-9]{2,}",
            "^a", "c$", "\\bfoo\\b", "[.@]", "(\\w)(\\w*)", "[^,]*", "\\Q.\\E", "a|", "\\p{L}",
            "(?=a)", "a++", "[[a]]"};
        int[] limits = {0, -1, 1, 2, 3};
        for (String in : inputs) {
            for (String pat : patterns) {
                for (int limit : limits) {
                    check("split(" + q(in) + ", " + q(pat) + ", " + limit + ")",
                            run(() -> Arrays.toString(in.split(pat, limit))),
                            run(() -> Arrays.toString(SimpleRegex.compile(pat).split(in, limit))));
                }
                check("matches(" + q(in) + ", " + q(pat) + ")",
                        run(() -> String.valueOf(in.matches(pat))),
                        run(() -> String.valueOf(SimpleRegex.compile(pat).matches(in))));
                for (String repl : new String[] {"_", "<$0>", "$1", "\\$", "[$2$1]", ""}) {
                    check("replaceAll(" + q(in) + ", " + q(pat) + ", " + q(repl) + ")",
                            run(() -> in.replaceAll(pat, repl)),
                            run(() -> SimpleRegex.compile(pat).replace(in, repl, true)));
                    check("replaceFirst(" + q(in) + ", " + q(pat) + ", " + q(repl) + ")",
                            run(() -> in.replaceFirst(pat, repl)),
                            run(() -> SimpleRegex.compile(pat).replace(in, repl, false)));
                }
            }
        }
        String[] texts = {"", "hello", "h\u00e9llo w\u00f6rld", "\u20ac100", "\ud83d\ude00 smile",
            "\ud800 lone", "tail \udc00", "\u0000\u007f\u0080\u07ff\u0800\uffff"};
        for (String s : texts) {
            check("utf8 encode " + q(s), Arrays.toString(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                    Arrays.toString(Utf8.encode(s.toCharArray(), 0, s.length())));
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            check("utf8 decode " + q(s), s.contains("\ud800") || s.contains("\udc00") ? "skip" : s,
                    s.contains("\ud800") || s.contains("\udc00") ? "skip"
                            : new String(Utf8.decode(b, 0, b.length)));
        }
        byte[][] bad = {{(byte) 0xff}, {(byte) 0xc3}, {(byte) 0xe2, (byte) 0x82}, {0x41, (byte) 0x80, 0x42},
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80}};
        for (byte[] b : bad) {
            check("utf8 decode bad " + Arrays.toString(b),
                    new String(b, java.nio.charset.StandardCharsets.UTF_8),
                    new String(Utf8.decode(b, 0, b.length)));
        }
        System.out.println("regex: " + passed + " passed, " + failed + " failed, " + unsupported
                + " skipped (pattern outside the supported subset)");
        if (failed > 0) {
            System.exit(1);
        }
    }

    static String q(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n") + "\"";
    }
}
