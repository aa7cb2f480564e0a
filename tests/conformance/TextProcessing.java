import java.util.*;
import java.util.stream.*;

/** Word frequencies, formatting and string methods over a text block. */
public class TextProcessing {
    public static void main(String[] args) {
        String text = """
            It was the best of times, it was the worst of times,
            it was the age of wisdom, it was the age of foolishness,
              it was the epoch of belief, it was the epoch of incredulity...
            """;
        Map<String, Long> freq = Arrays.stream(text.toLowerCase().split("[^a-z]+"))
            .filter(w -> !w.isBlank())
            .collect(Collectors.groupingBy(w -> w, TreeMap::new, Collectors.counting()));
        System.out.println(freq);
        List<Map.Entry<String, Long>> top = freq.entrySet().stream()
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
            .limit(4).collect(Collectors.toList());
        for (Map.Entry<String, Long> e : top) System.out.println(String.format("%-8s|%3d|%s", e.getKey(), e.getValue(), "*".repeat(e.getValue().intValue())));
        text.lines().map(String::strip).map(l -> l.length() + ":" + l.chars().filter(Character::isUpperCase).count()).forEach(System.out::println);
        String csv = "name, qty ,price\n apple,3, 1.25\nbanana , 12,0.5\n";
        double total = 0;
        for (String row : csv.lines().skip(1).toList()) {
            String[] f = row.split(",");
            int q = Integer.parseInt(f[1].trim());
            double p = Double.parseDouble(f[2].trim());
            total += q * p;
            System.out.printf("%10s x%-3d = %7.2f%n", f[0].strip(), q, q * p);
        }
        System.out.printf("total %.2f %s%n", total, String.join("/", List.of("a", "b", "c")));
        StringBuilder sb = new StringBuilder("racecar level noon");
        System.out.println(sb.reverse() + " " + "  padded ".stripLeading() + "|" + "  padded ".stripTrailing() + "| " + "ab".compareTo("b") + " " + "Hello".indexOf('l', 3));
        System.out.println("a1b22c333".replaceAll("[0-9]+", "#") + " " + "x,y,,z".split(",").length + " " + Arrays.toString("x,y,,z,,".split(",")) + " " + "CamelCaseString".chars().filter(Character::isUpperCase).mapToObj(c -> String.valueOf((char) c)).collect(Collectors.joining()));
        System.out.println(String.valueOf(new char[] { 'o', 'k' }) + " " + "tEsT".toUpperCase() + " " + "%d%%".formatted(50) + " " + "abc".contains("bc") + " " + "  ".isBlank() + " " + "x".repeat(0).isEmpty());
    }
}
