import java.io.*;
import java.nio.file.*;
import java.util.*;

/**
 * Tried as a new user would: count the words of a text file (written first to a temporary
 * file), print the totals and the most frequent words, like `wc` plus a frequency table.
 */
public class WordCount {
    static final String[] VOCABULARY = {
        "the", "collector", "heap", "object", "marks", "sweeps", "a", "region", "of",
        "memory", "and", "barrier", "card", "table", "young", "old", "generation", "pause"
    };

    public static void main(String[] args) throws IOException {
        File text = File.createTempFile("wordcount", ".txt");
        try {
            writeText(text);
            count(text);
        } finally {
            System.out.println("deleted: " + text.delete());
        }
    }

    static void writeText(File file) throws IOException {
        Random random = new Random(42);
        try (PrintWriter out = new PrintWriter(new BufferedWriter(new FileWriter(file)))) {
            for (int line = 0; line < 150; line++) {
                int words = 3 + random.nextInt(12);
                StringBuilder sb = new StringBuilder();
                for (int w = 0; w < words; w++) {
                    if (w > 0) {
                        sb.append(random.nextInt(5) == 0 ? ",  " : " ");
                    }
                    String word = VOCABULARY[random.nextInt(VOCABULARY.length)];
                    sb.append(random.nextInt(7) == 0 ? word.toUpperCase() : word);
                }
                out.println(sb.append('.'));
            }
        }
    }

    static void count(File file) throws IOException {
        Map<String, Integer> counts = new HashMap<>();
        long lines = 0;
        long words = 0;
        long chars = 0;
        try (BufferedReader in = new BufferedReader(new FileReader(file))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines++;
                chars += line.length() + 1;
                for (String w : line.toLowerCase().split("[^a-z]+")) {
                    if (!w.isEmpty()) {
                        words++;
                        counts.merge(w, 1, Integer::sum);
                    }
                }
            }
        }
        System.out.printf("%d lines, %d words, %d chars (file length %d)%n", lines, words, chars, file.length());
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey()));
        for (Map.Entry<String, Integer> e : entries.subList(0, 10)) {
            System.out.printf("%-10s %5d%n", e.getKey(), e.getValue());
        }
        System.out.println("distinct words: " + counts.size());
        try (Scanner sc = new Scanner(file)) {
            int tokens = 0;
            while (sc.hasNext()) {
                sc.next();
                tokens++;
            }
            System.out.println("scanner tokens: " + tokens);
        }
        System.out.println("longest line: " + Files.lines(file.toPath()).mapToInt(String::length).max().getAsInt());
    }
}
