package java.time;

import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalAdjuster;
import java.time.temporal.TemporalAmount;
import java.time.temporal.TemporalField;
import java.time.temporal.TemporalUnit;
import java.time.temporal.UnsupportedTemporalTypeException;
import java.time.temporal.ValueRange;

/** A local date-time with a fixed offset from UTC, such as 2020-01-01T10:00+02:00. */
public final class OffsetDateTime implements Temporal, TemporalAdjuster, Comparable<OffsetDateTime>, java.io.Serializable {
    private final LocalDateTime dateTime;
    private final ZoneOffset offset;

    private OffsetDateTime(LocalDateTime dateTime, ZoneOffset offset) {
        this.dateTime = dateTime;
        this.offset = offset;
    }

    public static OffsetDateTime now() {
        return now(Clock.systemDefaultZone());
    }

    public static OffsetDateTime now(ZoneId zone) {
        return now(Clock.system(zone));
    }

    public static OffsetDateTime now(Clock clock) {
        return ofInstant(clock.instant(), clock.getZone());
    }

    public static OffsetDateTime of(LocalDate date, LocalTime time, ZoneOffset offset) {
        return of(LocalDateTime.of(date, time), offset);
    }

    public static OffsetDateTime of(LocalDateTime dateTime, ZoneOffset offset) {
        java.util.Objects.requireNonNull(dateTime, "dateTime");
        java.util.Objects.requireNonNull(offset, "offset");
        return new OffsetDateTime(dateTime, offset);
    }

    public static OffsetDateTime of(int year, int month, int dayOfMonth, int hour, int minute,
            int second, int nanoOfSecond, ZoneOffset offset) {
        return of(LocalDateTime.of(year, month, dayOfMonth, hour, minute, second, nanoOfSecond), offset);
    }

    public static OffsetDateTime ofInstant(Instant instant, ZoneId zone) {
        ZoneOffset offset = zone.fixedOffset();
        return new OffsetDateTime(LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), offset), offset);
    }

    public static OffsetDateTime from(TemporalAccessor temporal) {
        if (temporal instanceof OffsetDateTime) {
            return (OffsetDateTime) temporal;
        }
        if (temporal instanceof ZonedDateTime) {
            return ((ZonedDateTime) temporal).toOffsetDateTime();
        }
        try {
            ZoneOffset offset = ZoneOffset.from(temporal);
            return of(LocalDateTime.from(temporal), offset);
        } catch (DateTimeException ex) {
            throw new DateTimeException("Unable to obtain OffsetDateTime from TemporalAccessor: "
                    + temporal + " of type " + temporal.getClass().getName(), ex);
        }
    }

    public static OffsetDateTime parse(CharSequence text) {
        return parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    public static OffsetDateTime parse(CharSequence text, DateTimeFormatter formatter) {
        return formatter.parse(text, Queries.OFFSETDATETIME);
    }

    private OffsetDateTime local(LocalDateTime newDateTime) {
        return new OffsetDateTime(newDateTime, offset);
    }

    public OffsetDateTime withOffsetSameLocal(ZoneOffset offset) {
        return new OffsetDateTime(dateTime, offset);
    }

    public OffsetDateTime withOffsetSameInstant(ZoneOffset offset) {
        return ofInstant(toInstant(), offset);
    }

    public ZonedDateTime toZonedDateTime() {
        return ZonedDateTime.of(dateTime, offset);
    }

    public ZonedDateTime atZoneSameInstant(ZoneId zone) {
        return ZonedDateTime.ofInstant(toInstant(), zone);
    }

    @Override
    public Temporal adjustInto(Temporal temporal) {
        return temporal.with(ChronoField.EPOCH_DAY, toLocalDate().toEpochDay())
                .with(ChronoField.NANO_OF_DAY, toLocalTime().toNanoOfDay())
                .with(ChronoField.OFFSET_SECONDS, offset.getTotalSeconds());
    }

    // ---- fields

    @Override
    public boolean isSupported(TemporalField field) {
        return field instanceof ChronoField || (field != null && field.isSupportedBy(this));
    }

    @Override
    public boolean isSupported(TemporalUnit unit) {
        return dateTime.isSupported(unit);
    }

    @Override
    public ValueRange range(TemporalField field) {
        if (field == ChronoField.INSTANT_SECONDS || field == ChronoField.OFFSET_SECONDS) {
            return field.range();
        }
        return dateTime.range(field);
    }

    @Override
    public int get(TemporalField field) {
        if (field == ChronoField.INSTANT_SECONDS) {
            throw new UnsupportedTemporalTypeException("Invalid field 'InstantSeconds' for get() method, use getLong() instead");
        } else if (field == ChronoField.OFFSET_SECONDS) {
            return offset.getTotalSeconds();
        }
        return dateTime.get(field);
    }

    @Override
    public long getLong(TemporalField field) {
        if (field == ChronoField.INSTANT_SECONDS) {
            return toEpochSecond();
        } else if (field == ChronoField.OFFSET_SECONDS) {
            return offset.getTotalSeconds();
        }
        return dateTime.getLong(field);
    }

    public ZoneOffset getOffset() {
        return offset;
    }

    public LocalDateTime toLocalDateTime() {
        return dateTime;
    }

    public LocalDate toLocalDate() {
        return dateTime.toLocalDate();
    }

    public LocalTime toLocalTime() {
        return dateTime.toLocalTime();
    }

    public int getYear() {
        return dateTime.getYear();
    }

    public int getMonthValue() {
        return dateTime.getMonthValue();
    }

    public Month getMonth() {
        return dateTime.getMonth();
    }

    public int getDayOfMonth() {
        return dateTime.getDayOfMonth();
    }

    public int getDayOfYear() {
        return dateTime.getDayOfYear();
    }

    public DayOfWeek getDayOfWeek() {
        return dateTime.getDayOfWeek();
    }

    public int getHour() {
        return dateTime.getHour();
    }

    public int getMinute() {
        return dateTime.getMinute();
    }

    public int getSecond() {
        return dateTime.getSecond();
    }

    public int getNano() {
        return dateTime.getNano();
    }

    // ---- with / plus / minus (fixed offsets: the local date-time moves, the offset stays)

    @Override
    public OffsetDateTime with(TemporalAdjuster adjuster) {
        if (adjuster instanceof Instant) {
            return ofInstant((Instant) adjuster, offset);
        }
        return local(dateTime.with(adjuster));
    }

    @Override
    public OffsetDateTime with(TemporalField field, long newValue) {
        if (field == ChronoField.INSTANT_SECONDS) {
            return ofInstant(Instant.ofEpochSecond(newValue, getNano()), offset);
        } else if (field == ChronoField.OFFSET_SECONDS) {
            ChronoField.OFFSET_SECONDS.checkValidValue(newValue);
            return withOffsetSameLocal(ZoneOffset.ofTotalSeconds((int) newValue));
        }
        return local(dateTime.with(field, newValue));
    }

    public OffsetDateTime withYear(int year) {
        return local(dateTime.withYear(year));
    }

    public OffsetDateTime withMonth(int month) {
        return local(dateTime.withMonth(month));
    }

    public OffsetDateTime withDayOfMonth(int dayOfMonth) {
        return local(dateTime.withDayOfMonth(dayOfMonth));
    }

    public OffsetDateTime withDayOfYear(int dayOfYear) {
        return local(dateTime.withDayOfYear(dayOfYear));
    }

    public OffsetDateTime withHour(int hour) {
        return local(dateTime.withHour(hour));
    }

    public OffsetDateTime withMinute(int minute) {
        return local(dateTime.withMinute(minute));
    }

    public OffsetDateTime withSecond(int second) {
        return local(dateTime.withSecond(second));
    }

    public OffsetDateTime withNano(int nanoOfSecond) {
        return local(dateTime.withNano(nanoOfSecond));
    }

    public OffsetDateTime truncatedTo(TemporalUnit unit) {
        return local(dateTime.truncatedTo(unit));
    }

    @Override
    public OffsetDateTime plus(TemporalAmount amountToAdd) {
        if (amountToAdd instanceof Period) {
            return local(dateTime.plus(amountToAdd));
        }
        return (OffsetDateTime) amountToAdd.addTo(this);
    }

    @Override
    public OffsetDateTime plus(long amountToAdd, TemporalUnit unit) {
        if (unit instanceof ChronoUnit) {
            return local(dateTime.plus(amountToAdd, unit));
        }
        return unit.addTo(this, amountToAdd);
    }

    @Override
    public OffsetDateTime minus(TemporalAmount amountToSubtract) {
        if (amountToSubtract instanceof Period) {
            return local(dateTime.minus(amountToSubtract));
        }
        return (OffsetDateTime) amountToSubtract.subtractFrom(this);
    }

    @Override
    public OffsetDateTime minus(long amountToSubtract, TemporalUnit unit) {
        return amountToSubtract == Long.MIN_VALUE
                ? plus(Long.MAX_VALUE, unit).plus(1, unit) : plus(-amountToSubtract, unit);
    }

    public OffsetDateTime plusYears(long years) {
        return local(dateTime.plusYears(years));
    }

    public OffsetDateTime plusMonths(long months) {
        return local(dateTime.plusMonths(months));
    }

    public OffsetDateTime plusWeeks(long weeks) {
        return local(dateTime.plusWeeks(weeks));
    }

    public OffsetDateTime plusDays(long days) {
        return local(dateTime.plusDays(days));
    }

    public OffsetDateTime plusHours(long hours) {
        return local(dateTime.plusHours(hours));
    }

    public OffsetDateTime plusMinutes(long minutes) {
        return local(dateTime.plusMinutes(minutes));
    }

    public OffsetDateTime plusSeconds(long seconds) {
        return local(dateTime.plusSeconds(seconds));
    }

    public OffsetDateTime plusNanos(long nanos) {
        return local(dateTime.plusNanos(nanos));
    }

    public OffsetDateTime minusYears(long years) {
        return local(dateTime.minusYears(years));
    }

    public OffsetDateTime minusMonths(long months) {
        return local(dateTime.minusMonths(months));
    }

    public OffsetDateTime minusWeeks(long weeks) {
        return local(dateTime.minusWeeks(weeks));
    }

    public OffsetDateTime minusDays(long days) {
        return local(dateTime.minusDays(days));
    }

    public OffsetDateTime minusHours(long hours) {
        return local(dateTime.minusHours(hours));
    }

    public OffsetDateTime minusMinutes(long minutes) {
        return local(dateTime.minusMinutes(minutes));
    }

    public OffsetDateTime minusSeconds(long seconds) {
        return local(dateTime.minusSeconds(seconds));
    }

    public OffsetDateTime minusNanos(long nanos) {
        return local(dateTime.minusNanos(nanos));
    }

    @Override
    public long until(Temporal endExclusive, TemporalUnit unit) {
        OffsetDateTime end = OffsetDateTime.from(endExclusive);
        if (unit instanceof ChronoUnit) {
            LocalDateTime endLocal = LocalDateTime.ofEpochSecond(end.toEpochSecond(), end.getNano(), offset);
            return dateTime.until(endLocal, unit);
        }
        return unit.between(this, end);
    }

    public Instant toInstant() {
        return Instant.ofEpochSecond(toEpochSecond(), dateTime.getNano());
    }

    public long toEpochSecond() {
        return dateTime.toEpochSecond(offset);
    }

    public String format(DateTimeFormatter formatter) {
        return formatter.format(this);
    }

    private int compareInstant(long otherEpochSecond, int otherNano) {
        int cmp = Long.compare(toEpochSecond(), otherEpochSecond);
        return cmp != 0 ? cmp : getNano() - otherNano;
    }

    @Override
    public int compareTo(OffsetDateTime other) {
        int cmp = compareInstant(other.toEpochSecond(), other.getNano());
        return cmp == 0 ? dateTime.compareTo(other.dateTime) : cmp;
    }

    public boolean isBefore(OffsetDateTime other) {
        return compareInstant(other.toEpochSecond(), other.getNano()) < 0;
    }

    public boolean isAfter(OffsetDateTime other) {
        return compareInstant(other.toEpochSecond(), other.getNano()) > 0;
    }

    public boolean isEqual(OffsetDateTime other) {
        return compareInstant(other.toEpochSecond(), other.getNano()) == 0;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof OffsetDateTime)) {
            return false;
        }
        OffsetDateTime o = (OffsetDateTime) obj;
        return dateTime.equals(o.dateTime) && offset.equals(o.offset);
    }

    @Override
    public int hashCode() {
        return dateTime.hashCode() ^ offset.hashCode();
    }

    @Override
    public String toString() {
        return dateTime.toString() + offset.toString();
    }
}
