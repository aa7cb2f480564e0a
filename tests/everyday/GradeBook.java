import java.text.DecimalFormat;
import java.util.*;
import java.util.stream.*;

/** A grade book: seeded scores for a class, weighted averages, letter grades, statistics per
 * section with streams and collectors, a histogram, and the top students per section. */
public class GradeBook {
    record Student(String name, String section, double[] scores) {
        double weighted(double[] weights) {
            double total = 0;
            for (int i = 0; i < scores.length; i++) total += scores[i] * weights[i];
            return total;
        }
    }

    static String letter(double score) {
        if (score >= 90) return "A";
        if (score >= 80) return "B";
        if (score >= 70) return "C";
        if (score >= 60) return "D";
        return "F";
    }

    public static void main(String[] args) {
        Random random = new Random(42);
        String[] sections = {"north", "south", "east"};
        double[] weights = {0.2, 0.2, 0.25, 0.35};
        List<Student> students = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            double[] scores = new double[weights.length];
            double talent = 55 + random.nextGaussian() * 15;
            for (int k = 0; k < scores.length; k++) scores[k] = Math.max(0, Math.min(100, talent + random.nextGaussian() * 8));
            students.add(new Student("student" + String.format("%02d", i), sections[random.nextInt(sections.length)], scores));
        }
        DecimalFormat two = new DecimalFormat("0.00");
        DecimalFormat pct = new DecimalFormat("#0.#%");

        Map<String, DoubleSummaryStatistics> bySection = students.stream().collect(Collectors.groupingBy(
            Student::section, TreeMap::new, Collectors.summarizingDouble(s -> s.weighted(weights))));
        bySection.forEach((section, stats) -> System.out.println(section + ": n=" + stats.getCount()
            + " mean=" + two.format(stats.getAverage()) + " min=" + two.format(stats.getMin()) + " max=" + two.format(stats.getMax())));

        Map<String, Long> letters = students.stream().collect(Collectors.groupingBy(
            s -> letter(s.weighted(weights)), TreeMap::new, Collectors.counting()));
        for (Map.Entry<String, Long> e : letters.entrySet()) {
            System.out.println(e.getKey() + " " + "#".repeat(e.getValue().intValue()) + " " + pct.format(e.getValue() / (double) students.size()));
        }

        Map<String, List<String>> top = students.stream()
            .sorted(Comparator.comparingDouble((Student s) -> s.weighted(weights)).reversed().thenComparing(Student::name))
            .collect(Collectors.groupingBy(Student::section, TreeMap::new,
                Collectors.collectingAndThen(Collectors.toList(), l -> l.stream().limit(3).map(Student::name).collect(Collectors.toList()))));
        System.out.println("top three: " + top);

        double[] all = students.stream().mapToDouble(s -> s.weighted(weights)).sorted().toArray();
        double median = (all[all.length / 2 - 1] + all[all.length / 2]) / 2;
        double mean = Arrays.stream(all).average().orElse(Double.NaN);
        double sd = Math.sqrt(Arrays.stream(all).map(x -> (x - mean) * (x - mean)).sum() / (all.length - 1));
        System.out.println("median " + two.format(median) + ", mean " + two.format(mean) + ", sd " + two.format(sd));
        Optional<Student> failing = students.stream().filter(s -> letter(s.weighted(weights)).equals("F")).findFirst();
        System.out.println("first failing: " + failing.map(Student::name).orElse("nobody"));
        String honours = students.stream().filter(s -> s.weighted(weights) >= 85).map(Student::name).sorted()
            .collect(Collectors.joining(", ", "[", "]"));
        System.out.println("honours: " + honours);
        IntSummaryStatistics exam = students.stream().mapToInt(s -> (int) Math.round(s.scores()[3])).summaryStatistics();
        System.out.println("final exam: " + exam);
        String countAndMean = students.stream().collect(Collectors.teeing(Collectors.counting(),
            Collectors.averagingDouble(s -> s.scores()[0]), (n, avg) -> n + " students, first quiz mean " + two.format(avg)));
        System.out.println(countAndMean);
        Map<String, Long> perfectBySection = students.stream().collect(Collectors.groupingBy(Student::section, TreeMap::new,
            Collectors.flatMapping(s -> Arrays.stream(s.scores()).boxed().filter(x -> x >= 95), Collectors.counting())));
        System.out.println("scores of 95 or more per section: " + perfectBySection);
        LongSummaryStatistics rounded = students.stream().collect(Collectors.summarizingLong(s -> Math.round(s.weighted(weights))));
        System.out.println("rounded totals: " + rounded);
        Map<String, Integer> sizes = students.stream().collect(Collectors.toUnmodifiableMap(Student::section, s -> 1, Integer::sum));
        System.out.println("section sizes: " + new TreeMap<>(sizes));
    }
}
