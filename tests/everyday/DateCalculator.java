import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Period;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjuster;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A date calculator as a new user would write one: days between dates, adding months, the
 * weekday of a date, the next working day, ages, and a month calendar, with formatted output.
 */
public class DateCalculator {
    static final DateTimeFormatter INPUT = DateTimeFormatter.ofPattern("d.M.uuuu");
    static final DateTimeFormatter PRETTY = DateTimeFormatter.ofPattern("EEEE, d MMMM uuuu");

    public static void main(String[] args) {
        String[][] questions = {
            {"between", "1.1.2000", "31.12.2099"},
            {"between", "15.3.2024", "4.7.2024"},
            {"add-months", "31.1.2024", "1"},
            {"add-months", "29.2.2024", "12"},
            {"add-months", "31.10.2023", "-8"},
            {"weekday", "14.7.1789"},
            {"weekday", "1.1.2000"},
            {"next-workday", "29.3.2024"},
            {"next-workday", "12.6.2024"},
            {"age", "29.2.1996", "28.2.2024"},
            {"age", "29.2.1996", "1.3.2024"},
            {"weekday", "31.2.2024"},
            {"between", "1.13.2024", "1.1.2025"},
        };
        for (String[] q : questions) {
            try {
                System.out.println(String.join(" ", q) + " => " + answer(q));
            } catch (DateTimeParseException e) {
                System.out.println(String.join(" ", q) + " => error: " + e.getMessage());
            }
        }
        printMonth(2024, 2);
        printMonth(2026, 12);
        countWeekdays(2024);
    }

    static String answer(String[] q) {
        LocalDate a = LocalDate.parse(q[1], INPUT);
        switch (q[0]) {
            case "between": {
                LocalDate b = LocalDate.parse(q[2], INPUT);
                Period p = Period.between(a, b);
                return ChronoUnit.DAYS.between(a, b) + " days (" + p.getYears() + " years, " + p.getMonths()
                        + " months, " + p.getDays() + " days; " + ChronoUnit.WEEKS.between(a, b) + " weeks)";
            }
            case "add-months":
                return PRETTY.format(a.plusMonths(Long.parseLong(q[2])));
            case "weekday":
                return a.getDayOfWeek() + " (" + PRETTY.format(a) + ", day " + a.getDayOfYear() + " of "
                        + a.lengthOfYear() + ")";
            case "next-workday": {
                TemporalAdjuster nextWorkday = t -> {
                    LocalDate d = LocalDate.from(t).plusDays(1);
                    while (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                        d = d.plusDays(1);
                    }
                    return d;
                };
                return PRETTY.format(a.with(nextWorkday));
            }
            case "age": {
                LocalDate b = LocalDate.parse(q[2], INPUT);
                return Period.between(a, b).getYears() + " years";
            }
            default:
                throw new IllegalArgumentException(q[0]);
        }
    }

    static void printMonth(int year, int month) {
        LocalDate first = LocalDate.of(year, month, 1);
        System.out.println(DateTimeFormatter.ofPattern("MMMM uuuu").format(first));
        System.out.println("Mo Tu We Th Fr Sa Su");
        StringBuilder line = new StringBuilder();
        for (int i = 1; i < first.getDayOfWeek().getValue(); i++) {
            line.append("   ");
        }
        for (LocalDate d = first; d.getMonthValue() == month; d = d.plusDays(1)) {
            line.append(String.format("%2d ", d.getDayOfMonth()));
            if (d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                System.out.println(line.toString().stripTrailing());
                line.setLength(0);
            }
        }
        if (line.length() > 0) {
            System.out.println(line.toString().stripTrailing());
        }
    }

    static void countWeekdays(int year) {
        Map<DayOfWeek, Integer> counts = new LinkedHashMap<>();
        for (DayOfWeek d : DayOfWeek.values()) {
            counts.put(d, 0);
        }
        for (LocalDate d = LocalDate.of(year, 1, 1); d.getYear() == year; d = d.plusDays(1)) {
            counts.merge(d.getDayOfWeek(), 1, Integer::sum);
        }
        System.out.println(year + ": " + counts);
    }
}
