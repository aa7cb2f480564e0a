import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/**
 * Tried as a new user would: write a CSV grade book into a temporary directory, read it back
 * with Scanner and with Files.lines, print a per-student report and save it next to the input.
 */
public class CsvReport {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("csvreport");
        Path csv = dir.resolve("grades.csv");
        Path report = dir.resolve("report.txt");
        try {
            writeGrades(csv);
            Map<String, List<Double>> grades = readGrades(csv);
            List<String> lines = new ArrayList<>();
            for (Map.Entry<String, List<Double>> e : grades.entrySet()) {
                DoubleSummaryStatistics s = e.getValue().stream().mapToDouble(Double::doubleValue).summaryStatistics();
                lines.add(String.format("%-8s n=%d avg=%6.2f min=%5.1f max=%5.1f", e.getKey(), s.getCount(), s.getAverage(), s.getMin(), s.getMax()));
            }
            Files.write(report, lines);
            Files.readAllLines(report).forEach(System.out::println);
            try (Stream<String> rows = Files.lines(csv)) {
                Map<String, Long> perCourse = rows.skip(1).map(r -> r.split(",")[1])
                        .collect(Collectors.groupingBy(c -> c, TreeMap::new, Collectors.counting()));
                System.out.println("rows per course: " + perCourse);
            }
            System.out.println("report bytes: " + Files.size(report));
        } finally {
            for (Path p : new Path[] {csv, report, dir}) {
                Files.deleteIfExists(p);
            }
        }
        System.out.println("cleaned up: " + Files.notExists(dir));
    }

    static void writeGrades(Path csv) throws IOException {
        String[] students = {"ada", "alan", "grace", "edsger", "barbara"};
        String[] courses = {"gc", "compilers", "os"};
        Random r = new Random(7);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv))) {
            out.println("student,course,grade");
            for (int i = 0; i < 60; i++) {
                out.printf("%s,%s,%.1f%n", students[r.nextInt(students.length)], courses[r.nextInt(courses.length)], 40 + r.nextInt(600) / 10.0);
            }
        }
    }

    static Map<String, List<Double>> readGrades(Path csv) throws IOException {
        Map<String, List<Double>> grades = new TreeMap<>();
        try (Scanner sc = new Scanner(csv)) {
            sc.nextLine();
            while (sc.hasNextLine()) {
                Scanner row = new Scanner(sc.nextLine()).useDelimiter(",");
                String student = row.next();
                row.next();
                grades.computeIfAbsent(student, k -> new ArrayList<>()).add(row.nextDouble());
            }
        }
        return grades;
    }
}
