import java.io.*;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.text.NumberFormat;
import java.time.*;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.*;

/** A library's loan desk: loans with due dates, late fees in BigDecimal, the day's ledger saved
 * to a file and read back with a Scanner, and a report with formatted dates and money. It
 * works in a temporary directory and removes it. */
public class LibraryLoans {
    record Loan(String member, String title, LocalDate borrowed, int days) {
        LocalDate due() { return borrowed.plusDays(days); }
    }

    static final BigDecimal FEE_PER_DAY = new BigDecimal("0.25");
    static final BigDecimal FEE_CAP = new BigDecimal("10.00");

    static BigDecimal fee(Loan loan, LocalDate returned) {
        long late = Math.max(0, ChronoUnit.DAYS.between(loan.due(), returned));
        return FEE_PER_DAY.multiply(BigDecimal.valueOf(late)).min(FEE_CAP).setScale(2, RoundingMode.HALF_UP);
    }

    public static void main(String[] args) throws IOException {
        LocalDate start = LocalDate.of(2024, Month.FEBRUARY, 20);
        Random random = new Random(11);
        String[] members = {"ada", "alan", "grace", "edsger", "barbara"};
        String[] titles = {"SICP", "TAOCP vol. 1", "The Garbage Collection Handbook", "Dragon Book", "CLRS", "Crafting Interpreters"};
        List<Loan> loans = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            loans.add(new Loan(members[random.nextInt(members.length)], titles[random.nextInt(titles.length)],
                start.plusDays(random.nextInt(20)), 14 + 7 * random.nextInt(3)));
        }
        LocalDate today = LocalDate.of(2024, Month.MARCH, 31);
        DateTimeFormatter pretty = DateTimeFormatter.ofPattern("EEE d MMM uuuu");
        NumberFormat money = NumberFormat.getCurrencyInstance(Locale.UK);

        Path dir = Files.createTempDirectory("loans");
        Path ledger = dir.resolve("ledger.csv");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(ledger, StandardCharsets.UTF_8))) {
            for (Loan loan : loans) {
                LocalDate returned = loan.borrowed().plusDays(10 + random.nextInt(30));
                if (returned.isAfter(today)) returned = today;
                out.printf("%s;%s;%s;%d;%s%n", loan.member(), loan.title(), loan.borrowed(), loan.days(), returned);
            }
        }
        System.out.println("ledger lines: " + Files.readAllLines(ledger).size() + ", bytes " + Files.size(ledger));

        Map<String, BigDecimal> owed = new TreeMap<>();
        try (Scanner in = new Scanner(ledger)) {
            in.useDelimiter(";|\\n");
            while (in.hasNext()) {
                String member = in.next();
                String title = in.next();
                LocalDate borrowed = LocalDate.parse(in.next());
                int days = in.nextInt();
                LocalDate returned = LocalDate.parse(in.next());
                Loan loan = new Loan(member, title, borrowed, days);
                BigDecimal fee = fee(loan, returned);
                owed.merge(member, fee, BigDecimal::add);
                System.out.printf("%-8s %-32s due %s, back %s%s%n", member, title, pretty.format(loan.due()),
                    returned.format(DateTimeFormatter.ISO_LOCAL_DATE),
                    fee.signum() > 0 ? ", fee " + money.format(fee) : "");
            }
        }
        BigDecimal total = BigDecimal.ZERO;
        for (Map.Entry<String, BigDecimal> e : owed.entrySet()) {
            System.out.println(e.getKey() + " owes " + money.format(e.getValue()));
            total = total.add(e.getValue());
        }
        System.out.println("total " + money.format(total) + "; leap day in range: " + start.isLeapYear()
            + ", " + start.plusDays(9) + " is a " + start.plusDays(9).getDayOfWeek());
        Duration open = Duration.between(LocalTime.of(9, 30), LocalTime.of(17, 45));
        System.out.println("desk open " + open + " (" + open.toMinutes() + " minutes) per day");

        File[] files = dir.toFile().listFiles();
        System.out.println("files in the work directory: " + (files == null ? -1 : files.length));
        Files.delete(ledger);
        Files.delete(dir);
        System.out.println("cleaned up: " + !Files.exists(dir));
    }
}
