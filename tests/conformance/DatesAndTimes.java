import java.text.DateFormat;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.TextStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/**
 * java.time, Date/Calendar/TimeZone and SimpleDateFormat/DateFormat: fixed dates through
 * arithmetic, fields, formatting and parsing, with HotSpot's exception messages; "now" is only
 * checked against System.currentTimeMillis, never printed. The default zone is set to UTC
 * first so that the output does not depend on the machine's zone.
 */
public class DatesAndTimes {
    public static void main(String[] args) throws Exception {
        TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
        localDates();
        timesAndDateTimes();
        instantsAndDurations();
        formatting();
        parsingErrors();
        zones();
        clocksAndNow();
        legacy();
    }

    static void localDates() {
        LocalDate d = LocalDate.of(2024, 2, 29);
        System.out.println(d + " " + d.getDayOfWeek() + " " + d.getDayOfYear() + " " + d.isLeapYear()
                + " " + d.lengthOfMonth() + " " + d.toEpochDay());
        System.out.println(d.plusYears(1) + " " + d.plusMonths(12) + " " + d.minusDays(60) + " " + d.plusWeeks(3));
        System.out.println(LocalDate.of(2023, 1, 31).plusMonths(1) + " " + LocalDate.ofEpochDay(0) + " "
                + LocalDate.ofYearDay(2023, 256) + " " + LocalDate.of(-44, Month.MARCH, 15));
        LocalDate a = LocalDate.of(1969, 7, 20);
        LocalDate b = LocalDate.of(2024, 3, 15);
        System.out.println(a.until(b) + " days=" + ChronoUnit.DAYS.between(a, b) + " weeks="
                + ChronoUnit.WEEKS.between(a, b) + " months=" + ChronoUnit.MONTHS.between(a, b) + " years="
                + a.until(b, ChronoUnit.YEARS) + " " + Period.between(b, a));
        System.out.println(a.isBefore(b) + " " + a.isAfter(b) + " " + a.compareTo(b) + " " + a.equals(LocalDate.parse("1969-07-20")));
        System.out.println(d.withDayOfMonth(1) + " " + d.with(ChronoField.MONTH_OF_YEAR, 4) + " " + d.get(ChronoField.ALIGNED_WEEK_OF_YEAR));
        List<LocalDate> days = new ArrayList<>();
        LocalDate.of(2023, 12, 29).datesUntil(LocalDate.of(2024, 1, 3)).forEach(days::add);
        Collections.reverse(days);
        System.out.println(days);
        for (Month m : Month.values()) {
            System.out.print(m.getDisplayName(TextStyle.SHORT, Locale.US) + m.length(false) + " ");
        }
        System.out.println();
        System.out.println(DayOfWeek.SUNDAY.plus(1) + " " + DayOfWeek.of(3).getDisplayName(TextStyle.FULL, Locale.US)
                + " " + Period.of(1, 14, 40).normalized() + " " + Period.parse("P2Y3M1W") + " " + Period.ZERO);
    }

    static void timesAndDateTimes() {
        LocalTime t = LocalTime.of(23, 59, 30, 500_000_000);
        System.out.println(t + " " + t.plusSeconds(45) + " " + t.minusHours(25) + " " + t.truncatedTo(ChronoUnit.MINUTES)
                + " " + t.toSecondOfDay() + " " + LocalTime.MIDNIGHT + " " + LocalTime.NOON.plusNanos(1000));
        LocalDateTime dt = LocalDateTime.of(2024, 12, 31, 23, 0);
        System.out.println(dt.plusHours(2) + " " + dt.plusMinutes(90).getDayOfWeek() + " " + dt.minusMonths(10)
                + " " + dt.toLocalDate() + " " + dt.toLocalTime() + " " + dt.toEpochSecond(ZoneOffset.UTC));
        System.out.println(ChronoUnit.HOURS.between(dt, dt.plusDays(3).plusMinutes(59)) + " "
                + Duration.between(dt, dt.plusSeconds(3723).plusNanos(5_000_000)) + " " + LocalDateTime.parse("2020-02-29T12:34:56.789"));
        ZonedDateTime z = dt.atZone(ZoneId.of("UTC"));
        OffsetDateTime o = dt.atOffset(ZoneOffset.ofHoursMinutes(5, 30));
        System.out.println(z + " " + z.toInstant() + " " + z.withZoneSameInstant(ZoneOffset.ofHours(-8)) + " " + o
                + " " + o.toInstant() + " " + o.withOffsetSameInstant(ZoneOffset.UTC));
    }

    static void instantsAndDurations() {
        Instant i = Instant.ofEpochMilli(1_700_000_000_123L);
        System.out.println(i + " " + i.getEpochSecond() + " " + i.getNano() + " " + i.plus(Duration.ofDays(400))
                + " " + i.minusSeconds(1_700_000_000L) + " " + Instant.EPOCH + " " + Instant.ofEpochSecond(-1, 1));
        System.out.println(Instant.parse("2038-01-19T03:14:08Z").getEpochSecond() + " " + i.truncatedTo(ChronoUnit.HOURS)
                + " " + i.until(Instant.parse("2024-01-01T00:00:00Z"), ChronoUnit.DAYS));
        Duration d = Duration.ofHours(1).plusMinutes(2).plusSeconds(3).plusMillis(500);
        System.out.println(d + " " + d.toMillis() + " " + d.toMinutes() + " " + d.getSeconds() + " " + d.getNano() + " "
                + d.negated() + " " + d.multipliedBy(3) + " " + d.dividedBy(4) + " " + Duration.ofMillis(-1500) + " "
                + Duration.ZERO + " " + Duration.ofDays(2).toHours());
        System.out.println(Duration.parse("PT1H2M3.5S").equals(d) + " " + Duration.parse("-P1DT2H") + " "
                + Duration.parse("PT-0.25S") + " " + d.compareTo(Duration.ofHours(1)) + " "
                + Duration.of(3, ChronoUnit.HALF_DAYS) + " " + d.toHoursPart() + ":" + d.toMinutesPart() + ":"
                + d.toSecondsPart());
    }

    static void formatting() {
        LocalDateTime dt = LocalDateTime.of(2009, 2, 13, 23, 31, 30, 123_456_789);
        String[] patterns = {"yyyy-MM-dd HH:mm:ss", "dd/MM/yy", "EEE, d MMM yyyy", "EEEE, MMMM d, uuuu 'at' h:mm a",
            "yyyyMMdd'T'HHmmss.SSS", "D 'day of' yyyy", "hh:mm:ss a", "k K", "MMMMM LLLL ccc", "A n"};
        for (String p : patterns) {
            System.out.println(p + " -> " + DateTimeFormatter.ofPattern(p).format(dt));
        }
        ZonedDateTime z = dt.atZone(ZoneId.of("GMT+02:00"));
        System.out.println(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm VV z O XXX xx Z").format(z));
        System.out.println(DateTimeFormatter.ISO_LOCAL_DATE.format(dt) + " " + DateTimeFormatter.ISO_LOCAL_TIME.format(dt)
                + " " + DateTimeFormatter.ISO_DATE.format(z) + " " + DateTimeFormatter.ISO_INSTANT.format(z)
                + " " + DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(z) + " " + DateTimeFormatter.BASIC_ISO_DATE.format(dt));
        DateTimeFormatter f = DateTimeFormatter.ofPattern("dd MMM yyyy HH:mm");
        LocalDateTime parsed = LocalDateTime.parse("05 Nov 2021 07:45", f);
        System.out.println(parsed + " " + LocalDate.parse("20240229", DateTimeFormatter.BASIC_ISO_DATE) + " "
                + LocalDate.parse("31/12/1999", DateTimeFormatter.ofPattern("dd/MM/yyyy")) + " "
                + LocalTime.parse("7:05 PM", DateTimeFormatter.ofPattern("h:mm a")) + " "
                + ZonedDateTime.parse("2020-05-01T10:00+02:00[UTC+02:00]") + " " + OffsetDateTime.parse("2020-05-01T10:00:00-03:00"));
        System.out.println(DateTimeFormatter.ofPattern("uuuu-MM-dd").withZone(ZoneOffset.UTC).format(Instant.ofEpochSecond(86400 * 365)));
        System.out.println(LocalDate.parse("2023-02-31", DateTimeFormatter.ofPattern("yyyy-MM-dd")));
    }

    interface Action {
        Object run() throws Exception;
    }

    static void attempt(String label, Action a) {
        try {
            System.out.println(label + ": " + a.run());
        } catch (Exception e) {
            System.out.println(label + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    static void parsingErrors() {
        attempt("feb 30", () -> LocalDate.of(2023, 2, 30));
        attempt("feb 29", () -> LocalDate.of(2023, 2, 29));
        attempt("month 13", () -> LocalDate.of(2023, 13, 1));
        attempt("hour 24", () -> LocalTime.of(24, 0));
        attempt("parse feb 30", () -> LocalDate.parse("2023-02-30"));
        attempt("parse garbage", () -> LocalDate.parse("next tuesday"));
        attempt("parse trailing", () -> LocalDate.parse("2023-01-011"));
        attempt("parse short", () -> LocalDateTime.parse("2023-01-01T10"));
        attempt("no date", () -> LocalDate.parse("10:15", DateTimeFormatter.ofPattern("HH:mm")));
        attempt("duration", () -> Duration.parse("1 hour"));
        attempt("period", () -> Period.parse("P1H"));
        attempt("instant", () -> Instant.parse("2020-01-01"));
        attempt("unsupported field", () -> LocalDate.of(2020, 1, 1).get(ChronoField.HOUR_OF_DAY));
        attempt("unsupported unit", () -> LocalTime.NOON.plus(1, ChronoUnit.DAYS));
        attempt("format time of date", () -> DateTimeFormatter.ofPattern("HH:mm").format(LocalDate.of(2020, 1, 1)));
        attempt("bad pattern", () -> DateTimeFormatter.ofPattern("yyyy-MM-dd'T"));
        attempt("bad letter", () -> DateTimeFormatter.ofPattern("bb"));
        attempt("overflow", () -> LocalDate.MAX.plusDays(1));
        attempt("instant overflow", () -> Instant.MAX.plusSeconds(1));
        attempt("duration overflow", () -> Duration.ofSeconds(Long.MAX_VALUE).plusSeconds(1));
        attempt("divide", () -> Duration.ofSeconds(1).dividedBy(0));
        try {
            LocalDate.parse("2020-01-0x");
        } catch (DateTimeParseException e) {
            System.out.println(e.getParsedString() + " @" + e.getErrorIndex());
        }
    }

    static void zones() {
        for (String id : new String[] {"Z", "UTC", "Etc/UTC", "GMT", "+05:30", "-08", "UTC+01:00", "GMT-3"}) {
            ZoneId z = ZoneId.of(id);
            System.out.print(z + "/" + z.normalized() + " ");
        }
        System.out.println();
        attempt("offset 19", () -> ZoneOffset.ofHours(19));
        attempt("bad offset", () -> ZoneId.of("+5:30"));
        attempt("bad region", () -> ZoneId.of("12345"));
        System.out.println(ZoneOffset.ofHoursMinutes(-3, -30).getTotalSeconds() + " " + ZoneOffset.of("+01:02:03")
                + " " + ZoneOffset.UTC.equals(ZoneId.of("Z")) + " " + ZoneId.of("UTC").equals(ZoneOffset.UTC));
        TimeZone tz = TimeZone.getTimeZone("GMT+5");
        System.out.println(tz.getID() + " " + tz.getRawOffset() + " " + tz.getDisplayName() + " "
                + TimeZone.getTimeZone("UTC").getDisplayName() + " " + TimeZone.getTimeZone("Nowhere").getID() + " "
                + TimeZone.getDefault().getID() + " " + ZoneId.systemDefault() + " " + tz.toZoneId());
    }

    static void clocksAndNow() {
        Clock fixed = Clock.fixed(Instant.parse("2015-06-30T23:59:59Z"), ZoneOffset.UTC);
        System.out.println(LocalDate.now(fixed) + " " + LocalTime.now(fixed) + " " + LocalDateTime.now(fixed) + " "
                + ZonedDateTime.now(fixed) + " " + Instant.now(fixed) + " " + fixed.millis() + " "
                + Clock.offset(fixed, Duration.ofSeconds(1)).instant());
        long before = System.currentTimeMillis();
        Instant now = Instant.now();
        long nowDate = new Date().getTime();
        long nowCal = Calendar.getInstance().getTimeInMillis();
        LocalDate today = LocalDate.now();
        long after = System.currentTimeMillis();
        System.out.println("Instant.now in window: " + (now.toEpochMilli() >= before && now.toEpochMilli() <= after)
                + ", new Date(): " + (nowDate >= before && nowDate <= after)
                + ", Calendar: " + (nowCal >= before && nowCal <= after)
                + ", LocalDate.now: " + (today.toEpochDay() - Math.floorDiv(before, 86_400_000L) <= 1)
                + ", Clock.systemUTC: " + (Math.abs(Clock.systemUTC().millis() - after) < 60_000));
    }

    static void legacy() throws ParseException {
        Date d = new Date(1_234_567_890_123L);
        System.out.println(d + " " + d.getTime() + " " + new Date(0) + " " + d.before(new Date(0)) + " "
                + d.toInstant() + " " + Date.from(Instant.EPOCH).getTime() + " " + d.compareTo(new Date(0)));
        Calendar c = new GregorianCalendar(2024, Calendar.JANUARY, 31, 22, 15, 5);
        c.add(Calendar.MONTH, 1);
        System.out.println(c.getTime() + " " + c.get(Calendar.DAY_OF_WEEK) + " " + c.get(Calendar.DAY_OF_YEAR)
                + " " + c.get(Calendar.WEEK_OF_YEAR) + " " + c.getActualMaximum(Calendar.DAY_OF_MONTH)
                + " " + c.get(Calendar.AM_PM) + " " + c.get(Calendar.HOUR));
        c.add(Calendar.HOUR_OF_DAY, 5);
        c.set(Calendar.DAY_OF_WEEK, Calendar.MONDAY);
        c.roll(Calendar.MONTH, -3);
        System.out.println(c.getTime() + " " + c.getTimeInMillis());
        Calendar strict = Calendar.getInstance();
        strict.clear();
        strict.setLenient(false);
        strict.set(2023, Calendar.FEBRUARY, 29);
        attempt("non-lenient", () -> strict.getTime());
        SimpleDateFormat f = new SimpleDateFormat("EEE, d MMM yyyy HH:mm:ss Z");
        System.out.println(f.format(d) + " | " + f.parse("Fri, 13 Feb 2009 23:31:30 +0100").getTime());
        f.setTimeZone(TimeZone.getTimeZone("GMT-05:30"));
        System.out.println(f.format(d) + " | " + new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXXX").format(d)
                + " | " + new SimpleDateFormat("yy/M/d h 'o''clock' a, zzzz").format(d));
        for (int style : new int[] {DateFormat.SHORT, DateFormat.MEDIUM, DateFormat.LONG, DateFormat.FULL}) {
            System.out.println(DateFormat.getDateInstance(style).format(d) + " | "
                    + DateFormat.getTimeInstance(style).format(d) + " | "
                    + DateFormat.getDateTimeInstance(style, style).format(d));
        }
        SimpleDateFormat p = new SimpleDateFormat("dd/MM/yyyy");
        System.out.println(p.parse("31/04/2020") + " " + p.parse("  7/1/2021"));
        p.setLenient(false);
        try {
            p.parse("31/04/2020");
        } catch (ParseException e) {
            System.out.println(e.getMessage() + " at " + e.getErrorOffset());
        }
        attempt("bad sdf", () -> new SimpleDateFormat("yyyy-bb"));
    }
}
