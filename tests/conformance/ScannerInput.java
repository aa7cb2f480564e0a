import java.io.*;
import java.nio.file.*;
import java.util.*;

/** java.util.Scanner over strings, files and paths: tokens, numbers, lines and delimiters. */
public class ScannerInput {
    static void show(String what, Object value) {
        System.out.println(what + ": " + value);
    }

    public static void main(String[] args) throws IOException {
        tokens();
        numbers();
        lines();
        delimiters();
        errors();
        files();
    }

    static void tokens() {
        Scanner sc = new Scanner("  alpha beta\tgamma\n\ndelta  ");
        List<String> words = new ArrayList<>();
        while (sc.hasNext()) {
            words.add(sc.next());
        }
        show("tokens", words);
        show("hasNext at end", sc.hasNext());
        show("hasNextLine at end", sc.hasNextLine());
        sc.close();
        Scanner it = new Scanner("x y z");
        StringBuilder sb = new StringBuilder();
        it.forEachRemaining(s -> sb.append(s).append(';'));
        show("forEachRemaining", sb);
        show("pattern token", new Scanner("abc123 rest").hasNext("[a-z]+\\d+") + " " + new Scanner("abc").hasNext("\\d+"));
    }

    static void numbers() {
        Scanner sc = new Scanner("42 -7 +3 1,000 1,00 12345678901 3.5 .5 5. -2e3 1,234.25 NaN -Infinity true FALSE yes 0x10 007");
        show("int", sc.nextInt() + " " + sc.nextInt() + " " + sc.nextInt());
        show("grouped int", sc.hasNextInt() + " " + sc.nextInt());
        show("bad grouping", sc.hasNextInt() + " " + sc.hasNextDouble() + " " + sc.next());
        show("long", sc.hasNextInt() + " " + sc.hasNextLong() + " " + sc.nextLong());
        show("doubles", sc.nextDouble() + " " + sc.nextDouble() + " " + sc.nextDouble() + " " + sc.nextDouble() + " " + sc.nextDouble());
        show("nan/inf", sc.nextDouble() + " " + sc.nextDouble());
        show("booleans", sc.hasNextBoolean() + " " + sc.nextBoolean() + " " + sc.nextBoolean() + " " + sc.hasNextBoolean());
        show("not a number", sc.hasNextInt() + " " + sc.hasNextDouble() + " " + sc.next());
        show("hex is not an int", sc.hasNextInt() + " " + sc.next());
        show("leading zeros", sc.nextInt());
        Scanner floats = new Scanner("2.5 7 1e2");
        show("float", floats.nextFloat() + " " + floats.nextDouble() + " " + floats.nextDouble());
        int sum = 0;
        Scanner mixed = new Scanner("1 two 3 four 5");
        while (mixed.hasNext()) {
            if (mixed.hasNextInt()) {
                sum += mixed.nextInt();
            } else {
                mixed.next();
            }
        }
        show("sum of ints", sum);
    }

    static void lines() {
        Scanner sc = new Scanner("first line\nsecond\r\nthird\rfourth\n\nlast");
        List<String> ls = new ArrayList<>();
        while (sc.hasNextLine()) {
            ls.add(sc.nextLine());
        }
        show("lines", ls);
        Scanner mix = new Scanner("3\nJohn Smith\n4 5\n");
        int n = mix.nextInt();
        String rest = mix.nextLine();
        String name = mix.nextLine();
        show("int then lines", n + " [" + rest + "] [" + name + "] " + mix.nextInt() + " " + mix.nextInt() + " " + mix.hasNextLine() + " [" + mix.nextLine() + "] " + mix.hasNextLine());
        Scanner trailing = new Scanner("a\n");
        show("trailing newline", trailing.nextLine() + " " + trailing.hasNextLine());
        show("empty string", new Scanner("").hasNextLine() + " " + new Scanner("").hasNext());
    }

    static void delimiters() {
        Scanner csv = new Scanner("a,b,,c").useDelimiter(",");
        List<String> parts = new ArrayList<>();
        while (csv.hasNext()) {
            parts.add("[" + csv.next() + "]");
        }
        show("comma delimiter", parts);
        Scanner spaced = new Scanner("1 ; 2;3 ;  4").useDelimiter("\\s*;\\s*");
        int total = 0;
        while (spaced.hasNextInt()) {
            total += spaced.nextInt();
        }
        show("regex delimiter", total);
        Scanner words = new Scanner("one, two;three  four").useDelimiter("[,; ]+");
        List<String> w = new ArrayList<>();
        while (words.hasNext()) {
            w.add(words.next());
        }
        show("class delimiter", w);
        Scanner lineDelim = new Scanner("x=1\ny=2\n").useDelimiter("\n");
        show("newline delimiter", lineDelim.next() + " " + lineDelim.next() + " " + lineDelim.hasNext());
    }

    static void errors() {
        Scanner sc = new Scanner("word 99999999999 7");
        try {
            sc.nextInt();
        } catch (InputMismatchException e) {
            show("mismatch", e.getClass().getName() + " " + e.getMessage());
        }
        show("token kept", sc.next());
        try {
            sc.nextInt();
        } catch (InputMismatchException e) {
            show("overflow", e.getMessage());
        }
        show("overflow token kept", sc.nextLong());
        show("after", sc.nextInt());
        try {
            sc.next();
        } catch (NoSuchElementException e) {
            show("no token", e.getClass().getName() + " " + e.getMessage());
        }
        try {
            sc.nextInt();
        } catch (NoSuchElementException e) {
            show("no int", e.getClass().getName() + " " + e.getMessage());
        }
        try {
            sc.nextLine();
        } catch (NoSuchElementException e) {
            show("no line", e.getMessage());
        }
        try {
            new Scanner("maybe").nextBoolean();
        } catch (InputMismatchException e) {
            show("bad boolean", e.getClass().getName());
        }
        try {
            new Scanner("x").nextDouble();
        } catch (InputMismatchException e) {
            show("bad double", e.getClass().getName());
        }
        sc.close();
        sc.close();
        try {
            sc.hasNext();
        } catch (IllegalStateException e) {
            show("closed", e.getMessage());
        }
        try {
            new Scanner(new File("/nonexistent-gcvm-dir/in.txt"));
        } catch (FileNotFoundException e) {
            show("missing file", e.getMessage());
        }
        try {
            new Scanner(Path.of("/nonexistent-gcvm-dir/in.txt"));
        } catch (IOException e) {
            show("missing path", e.getClass().getName() + ": " + e.getMessage());
        }
    }

    static void files() throws IOException {
        Path dir = Files.createTempDirectory("gcvm-scanner");
        Path data = dir.resolve("data.txt");
        try {
            StringBuilder sb = new StringBuilder();
            for (int i = 1; i <= 2500; i++) {
                sb.append(i).append(i % 10 == 0 ? "\n" : " ");
            }
            sb.append("end of data \u00e9\n");
            Files.writeString(data, sb);
            long sum = 0;
            int count = 0;
            try (Scanner sc = new Scanner(data.toFile())) {
                while (sc.hasNextInt()) {
                    sum += sc.nextInt();
                    count++;
                }
                show("file ints", count + " " + sum + " then [" + sc.nextLine() + "]");
            }
            try (Scanner sc = new Scanner(data)) {
                int lines = 0;
                String last = null;
                while (sc.hasNextLine()) {
                    last = sc.nextLine();
                    lines++;
                }
                show("path lines", lines + " " + last);
            }
            try (Scanner sc = new Scanner(new FileInputStream(data.toFile()), "UTF-8")) {
                sc.useDelimiter("\n");
                show("stream first line", sc.next());
            }
        } finally {
            Files.deleteIfExists(data);
            Files.delete(dir);
        }
        show("cleaned up", !Files.exists(dir));
    }
}
