import java.time.*;
import java.time.format.*;
import java.time.temporal.*;
import java.util.Date;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import java.text.*;
import java.util.Random;

/**
 * java.time, Date/Calendar/TimeZone and SimpleDateFormat/DateFormat on seeded random inputs:
 * dates, times, instants, durations and periods through toString/parse, plus/minus, until,
 * fields and validation messages; DateTimeFormatter and SimpleDateFormat on random patterns,
 * format and parse; Calendar fields, add, roll, set and lenient/strict resolution. run.sh runs
 * it against the JDK and against the classlib copies (renamed cltest.*) and diffs the outputs;
 * tests/library_checks.rs runs it on gcvm with small counts (first argument: a scale in percent).
 * Exceptions print as class and message with "cltest." mapped back to "java.". Only dates from
 * 1600 on go through Date/Calendar/SimpleDateFormat (before 1582 the JDK is Julian, gcvm
 * proleptic Gregorian).
 */
public class TimeCheck {
    static Random rnd = new Random(20261202L);
    static int scale = 100;
    static int cases;
    static StringBuilder out = new StringBuilder();

    public static void main(String[] args) {
        if (args.length > 0) {
            scale = Integer.parseInt(args[0]);
        }
        TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
        localDates(n(3000));
        localTimes(n(1500));
        localDateTimes(n(1500));
        instants(n(1500));
        durations(n(1500));
        periods(n(800));
        zones();
        formatters(n(1500));
        isoParsing(n(800));
        legacyDates(n(1500));
        calendars(n(1500));
        simpleDateFormats(n(1500));
        messageFormats();
        flush();
        System.out.println("cases " + cases);
    }

    static int n(int count) {
        return Math.max(1, count * scale / 100);
    }

    static void p(Object s) {
        cases++;
        out.append(s).append('\n');
        if (out.length() > 8192) {
            flush();
        }
    }

    static void flush() {
        System.out.print(out);
        out.setLength(0);
    }

    static String ex(Throwable e) {
        String name = e.getClass().getName().replace("cltest.", "java.");
        String msg = e.getMessage() == null ? "null" : e.getMessage().replace("cltest.", "java.");
        return "! " + name + ": " + sortBraces(msg);
    }

    /** Sorts the entries of a "{a=1, b=2}" map in a message: the JDK prints a HashMap of fields. */
    static String sortBraces(String msg) {
        int open = msg.indexOf('{');
        int close = msg.indexOf('}', open + 1);
        if (open < 0 || close < 0) {
            return msg;
        }
        String[] parts = msg.substring(open + 1, close).split(", ");
        java.util.Arrays.sort(parts);
        return msg.substring(0, open + 1) + String.join(", ", parts) + msg.substring(close);
    }

    interface Case {
        Object run() throws Exception;
    }

    static void t(String label, Case c) {
        try {
            p(label + " = " + c.run());
        } catch (Exception e) {
            p(label + " " + ex(e));
        }
    }

    static int year() {
        switch (rnd.nextInt(6)) {
            case 0:
                return rnd.nextInt(20001) - 10000;
            case 1:
                return rnd.nextInt(1999999999) - 999999999;
            default:
                return 1600 + rnd.nextInt(900);
        }
    }

    static LocalDate date() {
        return LocalDate.ofYearDay(year(), 1 + rnd.nextInt(365));
    }

    static LocalDate saneDate() {
        return LocalDate.of(1600 + rnd.nextInt(900), 1 + rnd.nextInt(12), 1).plusDays(rnd.nextInt(31));
    }

    static LocalTime time() {
        switch (rnd.nextInt(4)) {
            case 0:
                return LocalTime.of(rnd.nextInt(24), rnd.nextInt(60));
            case 1:
                return LocalTime.of(rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(60));
            case 2:
                return LocalTime.of(rnd.nextInt(24), rnd.nextInt(60), rnd.nextInt(60), rnd.nextInt(1000) * 1000_000);
            default:
                return LocalTime.ofNanoOfDay((long) (rnd.nextDouble() * 86400e9));
        }
    }

    static long amount() {
        switch (rnd.nextInt(5)) {
            case 0:
                return rnd.nextInt(21) - 10;
            case 1:
                return rnd.nextInt(2001) - 1000;
            case 2:
                return rnd.nextLong() % 100000000L;
            case 3:
                return rnd.nextLong();
            default:
                return rnd.nextInt(200001) - 100000;
        }
    }

    static final ChronoUnit[] UNITS = ChronoUnit.values();
    static final ChronoField[] FIELDS = ChronoField.values();

    static void localDates(int count) {
        for (int i = 0; i < count; i++) {
            final LocalDate d = date();
            final LocalDate e = rnd.nextBoolean() ? date() : d.plusDays(rnd.nextInt(2000) - 1000);
            final long a = amount();
            p(d + " dow=" + d.getDayOfWeek() + " doy=" + d.getDayOfYear() + " len=" + d.lengthOfMonth() + "/"
                    + d.lengthOfYear() + " leap=" + d.isLeapYear() + " ep=" + d.toEpochDay() + " h=" + d.hashCode()
                    + " m=" + d.getMonth() + " back=" + LocalDate.ofEpochDay(d.toEpochDay()).equals(d));
            t("plusDays " + a, () -> d.plusDays(a));
            t("plusWeeks " + a, () -> d.plusWeeks(a));
            t("plusMonths " + a, () -> d.plusMonths(a));
            t("minusMonths " + a, () -> d.minusMonths(a));
            t("plusYears " + a, () -> d.plusYears(a));
            t("minusDays " + a, () -> d.minusDays(a));
            final ChronoUnit u = UNITS[rnd.nextInt(UNITS.length)];
            t("plus " + u, () -> d.plus(a % 1000, u));
            t("until " + e + " " + u, () -> d.until(e, u));
            t("period " + e, () -> d.until(e));
            t("cmp", () -> Integer.signum(d.compareTo(e)) + " " + d.isBefore(e) + " " + d.isAfter(e) + " " + d.isEqual(e));
            final int dom = rnd.nextInt(34) - 1;
            t("withDay " + dom, () -> d.withDayOfMonth(dom));
            final int doy = rnd.nextInt(370) - 1;
            t("withDoy " + doy, () -> d.withDayOfYear(doy));
            final int m = rnd.nextInt(14) - 1;
            t("withMonth " + m, () -> d.withMonth(m));
            final int y = year();
            final int dd = rnd.nextInt(33);
            t("of " + y + " " + m + " " + dd, () -> LocalDate.of(y, m, dd));
            t("ofYearDay " + y + " " + doy, () -> LocalDate.ofYearDay(y, doy));
            final ChronoField f = FIELDS[rnd.nextInt(FIELDS.length)];
            t("get " + f, () -> d.get(f));
            t("getLong " + f, () -> d.getLong(f));
            t("range " + f, () -> d.range(f));
            final long v = rnd.nextInt(3) == 0 ? amount() : rnd.nextInt(400);
            t("with " + f + " " + v, () -> d.with(f, v));
            t("parse", () -> LocalDate.parse(d.toString()));
            t("between " + u, () -> u.between(d, e));
            t("atStartOfDay", () -> d.atStartOfDay());
        }
        String[] texts = {"2020-01-01", "2020-1-01", "2020-02-30", "2021-02-29", "+12345-01-01", "12345-01-01",
            "-0001-12-31", "2020-13-01", "2020-00-10", "20200101", "2020-01-01T10:00", " 2020-01-01", "abc", "",
            "2020-01-32", "0000-01-01", "-999999999-01-01", "+999999999-12-31", "+1000000000-01-01"};
        for (String s : texts) {
            t("LocalDate.parse '" + s + "'", () -> LocalDate.parse(s));
        }
        for (LocalDate edge : new LocalDate[] {LocalDate.MAX, LocalDate.MIN, LocalDate.of(999999999, 12, 1)}) {
            for (long days : new long[] {-40, -1, 1, 30, 31, 60}) {
                t("edge " + edge + " plusDays " + days, () -> edge.plusDays(days));
                t("edge " + edge + " plusMonths " + days, () -> edge.plusMonths(days));
            }
        }
        t("datesUntil", () -> {
            StringBuilder sb = new StringBuilder();
            LocalDate.of(2020, 2, 26).datesUntil(LocalDate.of(2020, 3, 3)).forEach(x -> sb.append(x).append(' '));
            return sb;
        });
    }

    static void localTimes(int count) {
        for (int i = 0; i < count; i++) {
            final LocalTime a = time();
            final LocalTime b = time();
            final long n = amount();
            p(a + " sod=" + a.toSecondOfDay() + " nod=" + a.toNanoOfDay() + " h=" + a.hashCode());
            t("plusHours " + n, () -> a.plusHours(n));
            t("plusMinutes " + n, () -> a.plusMinutes(n));
            t("plusSeconds " + n, () -> a.plusSeconds(n));
            t("plusNanos " + n, () -> a.plusNanos(n));
            t("minusMinutes " + n, () -> a.minusMinutes(n));
            final ChronoUnit u = UNITS[rnd.nextInt(UNITS.length)];
            t("plus " + u, () -> a.plus(n, u));
            t("until " + b + " " + u, () -> a.until(b, u));
            t("truncatedTo " + u, () -> a.truncatedTo(u));
            final ChronoField f = FIELDS[rnd.nextInt(FIELDS.length)];
            t("get " + f, () -> a.get(f));
            t("getLong " + f, () -> a.getLong(f));
            final long v = rnd.nextInt(3) == 0 ? amount() : rnd.nextInt(100);
            t("with " + f + " " + v, () -> a.with(f, v));
            t("parse", () -> LocalTime.parse(a.toString()));
            t("cmp", () -> Integer.signum(a.compareTo(b)) + " " + a.isBefore(b));
            final int h = rnd.nextInt(26) - 1;
            final int m = rnd.nextInt(62) - 1;
            t("of " + h + ":" + m, () -> LocalTime.of(h, m));
        }
        String[] texts = {"10:15", "10:15:30", "10:15:30.5", "10:15:30.123456789", "10:15:30.1234567891", "24:00",
            "10:60", "1:15", "10:15:", "10:15:30.", "T10:15"};
        for (String s : texts) {
            t("LocalTime.parse '" + s + "'", () -> LocalTime.parse(s));
        }
    }

    static void localDateTimes(int count) {
        for (int i = 0; i < count; i++) {
            final LocalDateTime a = LocalDateTime.of(rnd.nextBoolean() ? saneDate() : date(), time());
            final LocalDateTime b = rnd.nextBoolean() ? a.plusSeconds(rnd.nextInt(2000000) - 1000000).plusNanos(rnd.nextInt())
                    : LocalDateTime.of(date(), time());
            final long n = amount();
            p(a + " h=" + a.hashCode());
            t("plusHours " + n, () -> a.plusHours(n));
            t("minusMinutes " + n, () -> a.minusMinutes(n));
            t("plusSeconds " + n, () -> a.plusSeconds(n));
            t("plusNanos " + n, () -> a.plusNanos(n));
            final ChronoUnit u = UNITS[rnd.nextInt(UNITS.length)];
            t("plus " + u, () -> a.plus(n % 100000, u));
            t("until " + b + " " + u, () -> a.until(b, u));
            t("between", () -> Duration.between(a, b));
            final int off = (rnd.nextInt(37) - 18) * 1800;
            t("toEpochSecond " + off, () -> a.toEpochSecond(ZoneOffset.ofTotalSeconds(off)));
            t("toInstant", () -> a.toInstant(ZoneOffset.ofTotalSeconds(off)));
            t("atOffset", () -> a.atOffset(ZoneOffset.ofTotalSeconds(off)));
            t("atZone", () -> a.atZone(ZoneId.of(rnd.nextBoolean() ? "UTC" : "GMT+03:30")));
            t("parse", () -> LocalDateTime.parse(a.toString()));
            t("truncatedTo " + u, () -> a.truncatedTo(u));
            final ChronoField f = FIELDS[rnd.nextInt(FIELDS.length)];
            t("getLong " + f, () -> a.getLong(f));
            t("with " + f, () -> a.with(f, rnd.nextInt(60)));
            t("ofEpochSecond", () -> LocalDateTime.ofEpochSecond(n % 100000000000L, 0, ZoneOffset.ofTotalSeconds(off)));
        }
    }

    static Instant instant() {
        switch (rnd.nextInt(4)) {
            case 0:
                return Instant.ofEpochMilli(rnd.nextLong() % 100000000000000L);
            case 1:
                return Instant.ofEpochSecond(rnd.nextLong() % 31556889864403199L, rnd.nextInt(1000000000));
            case 2:
                return Instant.ofEpochSecond(rnd.nextInt(), rnd.nextInt(1000) * 1000);
            default:
                return Instant.ofEpochSecond(rnd.nextInt());
        }
    }

    static void instants(int count) {
        for (int i = 0; i < count; i++) {
            final Instant a = instant();
            final Instant b = rnd.nextBoolean() ? instant() : a.plusMillis(rnd.nextInt());
            final long n = amount();
            p(a + " s=" + a.getEpochSecond() + " n=" + a.getNano() + " h=" + a.hashCode());
            t("toEpochMilli", () -> a.toEpochMilli());
            t("parse", () -> Instant.parse(a.toString()));
            t("plusMillis " + n, () -> a.plusMillis(n));
            t("plusSeconds " + n, () -> a.plusSeconds(n));
            t("minusNanos " + n, () -> a.minusNanos(n));
            final ChronoUnit u = UNITS[rnd.nextInt(UNITS.length)];
            t("plus " + u, () -> a.plus(n % 1000000, u));
            t("until " + u, () -> a.until(b, u));
            t("truncatedTo " + u, () -> a.truncatedTo(u));
            t("between", () -> Duration.between(a, b));
            t("cmp", () -> Integer.signum(a.compareTo(b)) + " " + a.isBefore(b) + " " + a.isAfter(b));
            t("atUTC", () -> a.atZone(ZoneOffset.UTC));
            t("ofEpochMilli", () -> Instant.ofEpochMilli(n));
        }
        String[] texts = {"2020-01-01T10:00:00Z", "2020-01-01T10:00Z", "2020-01-01T10:00:00.5Z",
            "2020-01-01T10:00:00+02:00", "2020-01-01t10:00:00z", "+12020-01-01T10:00:00Z", "2020-01-01T24:00:00Z",
            "2020-01-01 10:00:00Z", "2020-01-01T10:00:00.123456789Z"};
        for (String s : texts) {
            t("Instant.parse '" + s + "'", () -> Instant.parse(s));
        }
    }

    static void durations(int count) {
        for (int i = 0; i < count; i++) {
            final Duration d = rnd.nextBoolean() ? Duration.ofSeconds(amount() % 10000000000L, rnd.nextInt(1000000000))
                    : Duration.ofMillis(rnd.nextInt(100000000) - 50000000);
            final Duration e = Duration.ofNanos(rnd.nextLong() % 100000000000000L);
            final long n = amount();
            p(d + " s=" + d.getSeconds() + " n=" + d.getNano() + " h=" + d.hashCode() + " neg=" + d.isNegative());
            t("parse", () -> Duration.parse(d.toString()));
            t("conv", () -> d.toDays() + " " + d.toHours() + " " + d.toMinutes() + " " + d.toSeconds() + " "
                    + d.toMillis() + " " + d.toNanos());
            t("parts", () -> d.toDaysPart() + " " + d.toHoursPart() + " " + d.toMinutesPart() + " "
                    + d.toSecondsPart() + " " + d.toMillisPart() + " " + d.toNanosPart());
            t("plus", () -> d.plus(e));
            t("minus", () -> d.minus(e));
            t("multipliedBy " + (n % 1000), () -> d.multipliedBy(n % 1000));
            t("dividedBy " + (n % 100), () -> d.dividedBy(n % 100));
            t("dividedByDuration", () -> d.dividedBy(e));
            t("negated/abs", () -> d.negated() + " " + d.abs());
            final ChronoUnit u = UNITS[rnd.nextInt(UNITS.length)];
            t("plus " + u, () -> d.plus(n % 100000, u));
            t("of " + u, () -> Duration.of(n % 1000, u));
            t("cmp", () -> Integer.signum(d.compareTo(e)));
            t("ofMinutes", () -> Duration.ofMinutes(n % 10000000) + " " + Duration.ofHours(n % 100000) + " "
                    + Duration.ofDays(n % 1000));
            t("addTo", () -> LocalDateTime.of(2020, 1, 1, 0, 0).plus(d));
        }
        String[] texts = {"PT20.345S", "PT15M", "PT10H", "P2D", "P2DT3H4M", "PT-6H3M", "-PT6H3M", "-PT-6H+3M",
            "PT1.5S", "PT-0.5S", "pt1s", "P", "PT", "P1DT", "PT1.1234567891S", "PT,5S", "P1W", "PT1H1H",
            "PT9223372036854775807S", "PT9223372036854775808S", "P106751991167301D", "+PT1S", "PT0.000000001S"};
        for (String s : texts) {
            t("Duration.parse '" + s + "'", () -> Duration.parse(s));
        }
    }

    static void periods(int count) {
        for (int i = 0; i < count; i++) {
            final Period a = Period.of(rnd.nextInt(41) - 20, rnd.nextInt(41) - 20, rnd.nextInt(101) - 50);
            final LocalDate d = saneDate();
            final LocalDate e = saneDate();
            p(a + " h=" + a.hashCode() + " norm=" + a.normalized() + " tm=" + a.toTotalMonths() + " neg="
                    + a.isNegative());
            t("parse", () -> Period.parse(a.toString()));
            t("between", () -> Period.between(d, e));
            t("plus", () -> d.plus(a) + " " + d.minus(a));
            t("ldt", () -> LocalDateTime.of(d, LocalTime.NOON).plus(a));
            t("mult", () -> a.multipliedBy(rnd.nextInt(7) - 3));
            t("ofWeeks", () -> Period.ofWeeks(rnd.nextInt(100)));
        }
        String[] texts = {"P1Y2M3D", "P1W", "P-1Y2M", "-P1Y2M", "P1Y2W3D", "p2y", "P", "P1D2Y", "P2147483648D",
            "PT1S", "P1Y2M3W4D"};
        for (String s : texts) {
            t("Period.parse '" + s + "'", () -> Period.parse(s));
        }
    }

    static void zones() {
        String[] ids = {"Z", "UTC", "GMT", "UT", "Etc/UTC", "Etc/GMT", "+02:00", "-05:30", "+5", "+05", "+0530",
            "+05:30:15", "UTC+02:00", "UTC+2", "GMT-05:30", "UT+01", "UTC+00:00", "+19:00", "+05:60", "05:00",
            "", "U", "UTC+", "GMT+25", "!bad", "+02:00:00"};
        for (String id : ids) {
            t("ZoneId.of '" + id + "'", () -> {
                ZoneId z = ZoneId.of(id);
                return z + " " + z.normalized() + " " + (z instanceof ZoneOffset) + " "
                        + LocalDateTime.of(2020, 1, 1, 12, 0).atZone(z) + " " + z.hashCode();
            });
        }
        for (int h = -19; h <= 19; h += 3) {
            final int hh = h;
            t("ofHours " + h, () -> ZoneOffset.ofHours(hh) + " " + ZoneOffset.ofHoursMinutes(hh, hh > 0 ? 30 : -30));
        }
        t("compare", () -> ZoneOffset.ofHours(2).compareTo(ZoneOffset.ofHours(-3)));
        t("tz", () -> TimeZone.getTimeZone("GMT+5").getID() + " " + TimeZone.getTimeZone("UTC").toZoneId()
                + " " + TimeZone.getTimeZone("GMT-0530").toZoneId());
    }

    static final String[] LETTERS = {"yyyy", "yy", "y", "uuuu", "u", "MM", "M", "MMM", "MMMM", "LLL", "dd", "d",
        "D", "DDD", "E", "EEEE", "a", "h", "hh", "H", "HH", "k", "K", "mm", "m", "ss", "s", "S", "SSS", "SSSSSS",
        "n", "A", "VV", "z", "zzzz", "Z", "ZZZZ", "ZZZZZ", "X", "XX", "XXX", "x", "xxx", "O", "OOOO", "G",
        "GGGG", "N", "eee", "ccc", "MMMMM", "EEEEE", "nnnnnnnnn"};
    static final String[] SEPS = {"-", "/", " ", ":", ".", "'T'", "'at'", ", ", "''", "", "[ ]", "_"};

    /** The supported fields of a parse result, in field order (its toString has HashMap order). */
    static String describe(TemporalAccessor t) {
        StringBuilder sb = new StringBuilder();
        for (ChronoField f : FIELDS) {
            if (t.isSupported(f)) {
                sb.append(f).append('=').append(t.getLong(f)).append(' ');
            }
        }
        return sb.toString();
    }

    static String randomPattern() {
        StringBuilder sb = new StringBuilder();
        int k = 1 + rnd.nextInt(6);
        for (int i = 0; i < k; i++) {
            sb.append(LETTERS[rnd.nextInt(LETTERS.length)]);
            sb.append(SEPS[rnd.nextInt(SEPS.length)]);
        }
        return sb.toString();
    }

    static final String[] ROUNDTRIP = {"yyyy-MM-dd HH:mm:ss", "dd/MM/yyyy", "MMM d, yyyy h:mm a",
        "EEEE, MMMM d, uuuu", "yyyyMMddHHmmss", "yyyyMMdd", "yy-M-d H:m:s.SSS", "uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS",
        "d MMMM uuuu", "EEE MMM dd HH:mm:ss yyyy", "HH:mm", "hh 'o''clock' a", "yyyy-DDD", "uuuu-MM-dd[ HH:mm]",
        "MM/dd/yyyy KK:mm a", "kk:mm", "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd HH:mm Z", "yyyy-MM-dd HH:mm VV",
        "yyyy-MM-dd HH:mmxx", "yyyyMMddHHmmssSSS", "GGGG yyyy", "yyyy-MM-dd HH:mm:ss O"};

    static void formatters(int count) {
        DateTimeFormatter[] iso = {DateTimeFormatter.ISO_LOCAL_DATE, DateTimeFormatter.ISO_LOCAL_TIME,
            DateTimeFormatter.ISO_LOCAL_DATE_TIME, DateTimeFormatter.ISO_DATE, DateTimeFormatter.ISO_TIME,
            DateTimeFormatter.ISO_DATE_TIME, DateTimeFormatter.ISO_OFFSET_DATE_TIME,
            DateTimeFormatter.ISO_ZONED_DATE_TIME, DateTimeFormatter.ISO_INSTANT, DateTimeFormatter.BASIC_ISO_DATE,
            DateTimeFormatter.ISO_ORDINAL_DATE, DateTimeFormatter.ISO_OFFSET_DATE, DateTimeFormatter.ISO_OFFSET_TIME};
        String[] zones = {"UTC", "Z", "+02:00", "-05:30", "GMT", "Etc/UTC", "UTC+01:00"};
        for (int i = 0; i < count; i++) {
            LocalDateTime ldt = LocalDateTime.of(rnd.nextInt(8) == 0 ? date() : saneDate(), time());
            ZoneId zone = ZoneId.of(zones[rnd.nextInt(zones.length)]);
            final TemporalAccessor[] targets = {ldt, ldt.toLocalDate(), ldt.toLocalTime(), ldt.atZone(zone),
                ldt.atOffset(ZoneOffset.ofHoursMinutes(rnd.nextInt(5) - 2, 0)), ldt.toInstant(ZoneOffset.UTC)};
            final TemporalAccessor target = targets[rnd.nextInt(targets.length)];
            final String pattern = rnd.nextInt(3) == 0 ? ROUNDTRIP[rnd.nextInt(ROUNDTRIP.length)] : randomPattern();
            t("fmt '" + pattern + "' " + target, () -> DateTimeFormatter.ofPattern(pattern).format(target));
            final DateTimeFormatter f = iso[rnd.nextInt(iso.length)];
            t("iso " + target, () -> f.format(target));
            t("iso parse", () -> describe(f.parse(f.format(target))));
            final String rp = ROUNDTRIP[rnd.nextInt(ROUNDTRIP.length)];
            final ZonedDateTime z = ldt.atZone(zone);
            t("roundtrip '" + rp + "'", () -> {
                DateTimeFormatter g = DateTimeFormatter.ofPattern(rp);
                String s = g.format(z);
                return s + " -> " + describe(g.parse(s)) + " | " + LocalDateTime.parse(s, g);
            });
            t("withZone", () -> DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss z").withZone(ZoneId.of("UTC"))
                    .format(ldt.toInstant(ZoneOffset.ofHours(3))));
            t("toString '" + pattern + "'", () -> DateTimeFormatter.ofPattern(pattern).toString());
        }
        String[] bad = {"yyyy-MM-dd'", "b", "ddd", "HHH", "aa", "V", "VVV", "zzzzz", "#", "{", "yyyy]", "OO",
            "XXXXXX", "ZZZZZZ", "SSSSSSSSSS", "p", "p-"};
        for (String s : bad) {
            t("ofPattern '" + s + "'", () -> DateTimeFormatter.ofPattern(s).toString());
        }
        t("iso toString", () -> DateTimeFormatter.ISO_LOCAL_DATE + " | " + DateTimeFormatter.ISO_LOCAL_TIME);
    }

    static void isoParsing(int count) {
        String[] patterns = {"yyyy-MM-dd", "dd/MM/yyyy", "yyyyMMdd", "d MMM uuuu", "EEE, d MMM yyyy", "HH:mm:ss",
            "h:mm a", "yyyy-MM-dd HH:mm", "yy-MM-dd", "MMMM d, yyyy", "yyyy-DDD", "uuuu-MM-dd HH:mm:ss.SSS"};
        for (int i = 0; i < count; i++) {
            final String pattern = patterns[rnd.nextInt(patterns.length)];
            LocalDateTime ldt = LocalDateTime.of(saneDate(), time());
            String text = DateTimeFormatter.ofPattern(pattern).format(ldt);
            final String mutated = mutate(text);
            t("parse '" + pattern + "' '" + mutated + "'", () -> {
                return describe(DateTimeFormatter.ofPattern(pattern).parse(mutated));
            });
            t("LocalDate.parse", () -> LocalDate.parse(mutated, DateTimeFormatter.ofPattern(pattern)));
            t("LocalDateTime.parse", () -> LocalDateTime.parse(mutated, DateTimeFormatter.ofPattern(pattern)));
            t("strict", () -> LocalDate.parse(mutated, DateTimeFormatter.ofPattern(pattern)
                    .withResolverStyle(ResolverStyle.STRICT)));
            final String iso = mutate(ldt.toString());
            t("LocalDateTime.parse '" + iso + "'", () -> LocalDateTime.parse(iso));
            final String zdt = mutate(ldt.atZone(ZoneId.of("UTC")).toString());
            t("ZonedDateTime.parse '" + zdt + "'", () -> ZonedDateTime.parse(zdt));
            final String odt = mutate(ldt.atOffset(ZoneOffset.ofHours(rnd.nextInt(25) - 12)).toString());
            t("OffsetDateTime.parse '" + odt + "'", () -> OffsetDateTime.parse(odt));
        }
    }

    static String mutate(String s) {
        if (s.isEmpty() || rnd.nextInt(3) != 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s);
        int pos = rnd.nextInt(sb.length());
        switch (rnd.nextInt(5)) {
            case 0:
                sb.deleteCharAt(pos);
                break;
            case 1:
                sb.insert(pos, (char) ('0' + rnd.nextInt(10)));
                break;
            case 2:
                sb.setCharAt(pos, (char) ('0' + rnd.nextInt(10)));
                break;
            case 3:
                sb.setCharAt(pos, "-: /xZ".charAt(rnd.nextInt(6)));
                break;
            default:
                sb.append('9');
                break;
        }
        return sb.toString();
    }

    static long saneMillis() {
        return -8520336000000L + (long) (rnd.nextDouble() * 2.5e13);
    }

    static void legacyDates(int count) {
        for (int i = 0; i < count; i++) {
            final Date d = new Date(saneMillis());
            final Date e = new Date(saneMillis());
            p(d + " " + d.getTime() + " h=" + d.hashCode() + " " + d.toInstant() + " " + Date.from(d.toInstant()).equals(d));
            t("cmp", () -> d.compareTo(e) + " " + d.before(e) + " " + d.after(e) + " " + d.equals(e));
            t("deprecated", () -> d.getYear() + " " + d.getMonth() + " " + d.getDate() + " " + d.getDay() + " "
                    + d.getHours() + " " + d.getMinutes() + " " + d.getSeconds() + " " + d.getTimezoneOffset());
        }
        t("Date(y,m,d)", () -> new Date(120, 1, 30) + " " + new Date(99, 11, 31, 23, 59, 60));
    }

    static final int[] CAL_FIELDS = {Calendar.YEAR, Calendar.MONTH, Calendar.DAY_OF_MONTH, Calendar.DAY_OF_WEEK,
        Calendar.DAY_OF_YEAR, Calendar.HOUR, Calendar.HOUR_OF_DAY, Calendar.MINUTE, Calendar.SECOND,
        Calendar.MILLISECOND, Calendar.AM_PM, Calendar.WEEK_OF_YEAR, Calendar.WEEK_OF_MONTH,
        Calendar.DAY_OF_WEEK_IN_MONTH, Calendar.ERA};

    /** roll of the week fields is not in gcvm (UnsupportedOperationException). */
    static final int[] ROLL_FIELDS = {Calendar.YEAR, Calendar.MONTH, Calendar.DAY_OF_MONTH, Calendar.DAY_OF_WEEK,
        Calendar.DAY_OF_YEAR, Calendar.HOUR, Calendar.HOUR_OF_DAY, Calendar.MINUTE, Calendar.SECOND,
        Calendar.MILLISECOND, Calendar.AM_PM};

    static String fields(Calendar c) {
        StringBuilder sb = new StringBuilder();
        for (int f = 0; f < Calendar.FIELD_COUNT; f++) {
            sb.append(c.get(f)).append(' ');
        }
        return sb.append(c.getTimeInMillis()).toString();
    }

    static void calendars(int count) {
        String[] zones = {"UTC", "GMT+02:00", "GMT-05:30", "Etc/UTC"};
        for (int i = 0; i < count; i++) {
            final Calendar c = Calendar.getInstance(TimeZone.getTimeZone(zones[rnd.nextInt(zones.length)]));
            c.setTimeInMillis(saneMillis());
            p(fields(c) + " max=" + c.getActualMaximum(Calendar.DAY_OF_MONTH) + "/"
                    + c.getActualMaximum(Calendar.DAY_OF_YEAR) + "/" + c.getActualMaximum(Calendar.WEEK_OF_YEAR) + "/"
                    + c.getActualMaximum(Calendar.WEEK_OF_MONTH) + "/" + c.getActualMaximum(Calendar.DAY_OF_WEEK_IN_MONTH));
            final int field = CAL_FIELDS[rnd.nextInt(CAL_FIELDS.length - 1)];
            final int rollField = ROLL_FIELDS[rnd.nextInt(ROLL_FIELDS.length)];
            final int amount = rnd.nextInt(3) == 0 ? rnd.nextInt(201) - 100 : rnd.nextInt(41) - 20;
            t("add " + field + " " + amount, () -> {
                Calendar x = (Calendar) c.clone();
                x.add(field, amount);
                return fields(x);
            });
            t("roll " + rollField + " " + amount, () -> {
                Calendar x = (Calendar) c.clone();
                x.roll(rollField, amount);
                return fields(x);
            });
            final int value = (field == Calendar.YEAR ? 1600 : 0)
                    + (rnd.nextInt(4) == 0 ? rnd.nextInt(400) - 20 : rnd.nextInt(32));
            final boolean lenient = rnd.nextInt(4) != 0;
            t("set " + field + " " + value + " " + lenient, () -> {
                Calendar x = (Calendar) c.clone();
                x.setLenient(lenient);
                x.set(field, value);
                return fields(x);
            });
            final int y = 1600 + rnd.nextInt(900);
            final int m = rnd.nextInt(14) - 1;
            final int d = rnd.nextInt(33);
            t("setYMD " + y + " " + m + " " + d + " " + lenient, () -> {
                Calendar x = (Calendar) c.clone();
                x.setLenient(lenient);
                x.clear();
                x.set(y, m, d, rnd.nextInt(25), rnd.nextInt(61));
                return fields(x);
            });
            t("gc", () -> {
                GregorianCalendar g = new GregorianCalendar(y, m, d);
                return g.getTime() + " " + g.isLeapYear(y) + " " + g.get(Calendar.DAY_OF_WEEK);
            });
            final int f1 = CAL_FIELDS[rnd.nextInt(CAL_FIELDS.length - 1)];
            final int f2 = CAL_FIELDS[rnd.nextInt(CAL_FIELDS.length - 1)];
            final int v1 = (f1 == Calendar.YEAR ? 1600 : 0) + rnd.nextInt(20);
            final int v2 = (f2 == Calendar.YEAR ? 1600 : 0) + rnd.nextInt(20);
            t("setTwo " + f1 + "=" + v1 + " " + f2 + "=" + v2, () -> {
                Calendar x = (Calendar) c.clone();
                x.set(f1, v1);
                x.set(f2, v2);
                return fields(x);
            });
            t("names", () -> c.getDisplayName(Calendar.MONTH, Calendar.LONG, java.util.Locale.getDefault()) + " "
                    + c.getDisplayName(Calendar.DAY_OF_WEEK, Calendar.SHORT, java.util.Locale.getDefault()));
        }
        Calendar c = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
        c.setTimeInMillis(0);
        p(c.toString().replace("cltest.", "java."));
        c.clear();
        p(c.toString().replace("cltest.", "java."));
        p(c.getTime() + " " + c.getTimeInMillis());
        for (int y = 1998; y < 2030; y++) {
            Calendar x = new GregorianCalendar(y, Calendar.DECEMBER, 31);
            p(y + " " + fields(x) + " " + x.getActualMaximum(Calendar.WEEK_OF_YEAR));
        }
    }

    static void messageFormats() {
        String[] patterns = {"{0,date}", "{0,time}", "{0,date,short}", "{0,date,medium}", "{0,time,long}",
            "{0,date,full}", "{0,time,full}", "{0,date,yyyy-MM-dd}", "{0}", "at {0,time,HH:mm} on {0,date,long}",
            "{0,date,  short }", "{1,number} on {0,date,EEE}", "{0,time,short}"};
        for (String p : patterns) {
            for (int i = 0; i < 3; i++) {
                final Date d = new Date(saneMillis());
                t("MessageFormat '" + p + "'", () -> {
                    MessageFormat m = new MessageFormat(p);
                    return m.format(new Object[] {d, 1234.5}) + " | " + m.toPattern();
                });
            }
        }
    }

    static final String[] SDF_LETTERS = {"yyyy", "yy", "y", "MM", "M", "MMM", "MMMM", "dd", "d", "D", "E", "EEEE",
        "a", "h", "hh", "H", "HH", "k", "K", "mm", "ss", "S", "SSS", "z", "zzzz", "Z", "X", "XX", "XXX", "G", "u",
        "F", "w", "W", "L", "Y"};

    static void simpleDateFormats(int count) {
        String[] zones = {"UTC", "GMT+02:00", "GMT-05:30", "Etc/UTC", "GMT"};
        String[] parsePatterns = {"yyyy-MM-dd", "dd/MM/yyyy HH:mm", "yyyyMMddHHmmss", "MMM d, yyyy", "EEE MMM dd HH:mm:ss z yyyy",
            "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "h:mm a", "dd MMMM yy", "yyyy-MM-dd HH:mm:ss XXX", "yyyy.MM.dd G 'at' HH:mm:ss"};
        for (int i = 0; i < count; i++) {
            final Date d = new Date(saneMillis());
            StringBuilder sb = new StringBuilder();
            int k = 1 + rnd.nextInt(5);
            for (int j = 0; j < k; j++) {
                sb.append(SDF_LETTERS[rnd.nextInt(SDF_LETTERS.length)]).append(SEPS[rnd.nextInt(SEPS.length - 1)]);
            }
            final String pattern = sb.toString().replace("[ ]", " ");
            final String zone = zones[rnd.nextInt(zones.length)];
            t("sdf '" + pattern + "'", () -> {
                SimpleDateFormat f = new SimpleDateFormat(pattern);
                f.setTimeZone(TimeZone.getTimeZone(zone));
                return f.format(d);
            });
            final String pp = parsePatterns[rnd.nextInt(parsePatterns.length)];
            final boolean lenient = rnd.nextInt(3) != 0;
            t("sdf parse '" + pp + "' " + lenient, () -> {
                SimpleDateFormat f = new SimpleDateFormat(pp);
                f.setTimeZone(TimeZone.getTimeZone(zone));
                f.setLenient(lenient);
                String s = mutate(f.format(d));
                try {
                    long time = f.parse(s).getTime();
                    return s + " -> " + (time < -11676096000000L ? "before 1600" : String.valueOf(time));
                } catch (ParseException e) {
                    return s + " -> ParseException " + e.getMessage() + " at " + e.getErrorOffset();
                }
            });
            final int ds = rnd.nextInt(4);
            final int ts = rnd.nextInt(4);
            t("styles " + ds + " " + ts, () -> {
                DateFormat a = DateFormat.getDateInstance(ds);
                DateFormat b = DateFormat.getTimeInstance(ts);
                DateFormat c = DateFormat.getDateTimeInstance(ds, ts);
                a.setTimeZone(TimeZone.getTimeZone(zone));
                b.setTimeZone(TimeZone.getTimeZone(zone));
                c.setTimeZone(TimeZone.getTimeZone(zone));
                return a.format(d) + " | " + b.format(d) + " | " + c.format(d) + " | " + c.parse(c.format(d)).getTime();
            });
        }
        String[] bad = {"yyyy-MM-dd'", "b", "XXXX", "q", "''", "'o''clock'"};
        for (String s : bad) {
            t("sdf '" + s + "'", () -> new SimpleDateFormat(s).toPattern() + " " + new SimpleDateFormat(s).format(new Date(0)));
        }
        t("default", () -> new SimpleDateFormat().toPattern() + " | " + DateFormat.getInstance().format(new Date(0)));
        String[] texts = {"2020-02-30", "2020-13-01", "2020-1-1", "  2020-01-01", "2020/01/01", "2020-01-01x", ""};
        for (String s : texts) {
            for (boolean lenient : new boolean[] {true, false}) {
                t("parse '" + s + "' " + lenient, () -> {
                    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd");
                    f.setLenient(lenient);
                    try {
                        return f.parse(s);
                    } catch (ParseException e) {
                        return "ParseException " + e.getMessage() + " at " + e.getErrorOffset();
                    }
                });
            }
        }
    }
}
