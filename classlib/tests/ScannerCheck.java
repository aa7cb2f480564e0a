import java.util.*;

/**
 * java.util.Scanner's token rules on generated inputs: run by run.sh once against the JDK and
 * once against classlib's Scanner (renamed cltest.util.Scanner), the outputs must be identical.
 * Each input is a random mix of digits, signs, group separators, points, exponents, words,
 * booleans and whitespace; every token is probed with each hasNextX, then consumed with one
 * nextX chosen at random (its value or exception printed, and the token taken with next() if
 * it was refused). Lines are checked with nextLine over random line terminators, and custom
 * delimiters from the SimpleRegex subset.
 */
public class ScannerCheck {
    static final String[] PIECES = {
        "0", "7", "42", "-5", "+3", "1,000", "12,345,678", "1,00", ",5", "1,", "3.5", ".5", "5.",
        "-0.25", "1e3", "2E-2", "1.5e+10", "e5", "1e", "NaN", "-Infinity", "+NaN", "Infinity",
        "true", "FALSE", "True", "yes", "abc", "x1", "2147483647", "2147483648", "-2147483648",
        "9223372036854775807", "9223372036854775808", "007", "0x1F", "1_000", "--1", "+-2",
        "1.2.3", "١٢", "€", "1,234.5", "1,2345", "12,34,567", "-1,000.75e2", "00,000"
    };
    static final String[] SPACES = {" ", "  ", "\t", "\n", "\r\n", " \n ", "\u2003", "\f"};

    public static void main(String[] args) {
        Random r = new Random(20261202);
        for (int i = 0; i < 600; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + r.nextInt(8);
            if (r.nextBoolean()) {
                sb.append(SPACES[r.nextInt(SPACES.length)]);
            }
            for (int k = 0; k < n; k++) {
                if (k > 0) {
                    sb.append(SPACES[r.nextInt(SPACES.length)]);
                }
                sb.append(PIECES[r.nextInt(PIECES.length)]);
            }
            if (r.nextBoolean()) {
                sb.append(SPACES[r.nextInt(SPACES.length)]);
            }
            tokens(i, sb.toString(), r);
        }
        for (int i = 0; i < 200; i++) {
            lines(i, r);
        }
        String[] delimiters = {",", "\\s*,\\s*", "[,;]+", ";", "\\s+", "x", "ab|cd", "\\d"};
        for (int i = 0; i < 200; i++) {
            String d = delimiters[r.nextInt(delimiters.length)];
            StringBuilder sb = new StringBuilder();
            int n = r.nextInt(6);
            for (int k = 0; k < n; k++) {
                sb.append(PIECES[r.nextInt(PIECES.length)]);
                sb.append(new String[] {",", ", ", " ,", ";", ",,", " ", "x", "ab", "cd", "9"}[r.nextInt(10)]);
            }
            Scanner sc = new Scanner(sb.toString()).useDelimiter(d);
            List<String> got = new ArrayList<>();
            while (sc.hasNext()) {
                got.add("[" + sc.next() + "]");
            }
            System.out.println("delim " + i + " " + d + " " + show(sb.toString()) + " -> " + got);
        }
        System.out.println("ScannerCheck done");
    }

    static String show(String s) {
        return s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
    }

    static String outcome(Exception e) {
        return e.getClass().getSimpleName() + "(" + e.getMessage() + ")";
    }

    static void tokens(int id, String input, Random r) {
        Scanner sc = new Scanner(input);
        StringBuilder out = new StringBuilder("tokens " + id + " " + show(input) + ":");
        for (int guard = 0; guard < 20 && sc.hasNext(); guard++) {
            out.append(" {").append(sc.hasNextInt() ? "i" : "").append(sc.hasNextLong() ? "l" : "")
                    .append(sc.hasNextDouble() ? "d" : "").append(sc.hasNextBoolean() ? "b" : "").append("} ");
            try {
                switch (r.nextInt(5)) {
                    case 0: out.append("int=").append(sc.nextInt()); break;
                    case 1: out.append("long=").append(sc.nextLong()); break;
                    case 2: out.append("double=").append(sc.nextDouble()); break;
                    case 3: out.append("boolean=").append(sc.nextBoolean()); break;
                    default: out.append("line=").append(show(sc.nextLine())); break;
                }
            } catch (NoSuchElementException e) {
                out.append(outcome(e)).append(" next=").append(sc.next());
            }
        }
        out.append(" end hasNextLine=").append(sc.hasNextLine());
        try {
            sc.next();
        } catch (NoSuchElementException e) {
            out.append(' ').append(outcome(e));
        }
        System.out.println(out);
    }

    static void lines(int id, Random r) {
        String[] ends = {"\n", "\r\n", "\r", "\u2028", "\u0085", "\n\n"};
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(5);
        for (int k = 0; k < n; k++) {
            sb.append(PIECES[r.nextInt(PIECES.length)]).append(r.nextBoolean() ? " w" : "");
            if (k < n - 1 || r.nextBoolean()) {
                sb.append(ends[r.nextInt(ends.length)]);
            }
        }
        Scanner sc = new Scanner(sb.toString());
        StringBuilder out = new StringBuilder("lines " + id + " " + show(sb.toString()) + ":");
        for (int guard = 0; guard < 20 && sc.hasNextLine(); guard++) {
            if (r.nextInt(3) == 0 && sc.hasNext()) {
                out.append(" tok=").append(sc.next());
            } else {
                out.append(" [").append(show(sc.nextLine())).append(']');
            }
        }
        try {
            sc.nextLine();
        } catch (NoSuchElementException e) {
            out.append(' ').append(outcome(e));
        }
        System.out.println(out);
    }
}
