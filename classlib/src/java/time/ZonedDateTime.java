package java.time;

import java.time.chrono.ChronoZonedDateTime;
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

/**
 * A local date-time in a zone. Every gcvm zone has one fixed offset (see ZoneId), so there are
 * no gaps or overlaps: date and time arithmetic both move the local date-time and keep the
 * offset. toString is the JDK's: 2020-01-01T10:00Z, or ...+02:00[UTC+02:00] for a region.
 */
public final class ZonedDateTime implements ChronoZonedDateTime<LocalDate>, java.io.Serializable {
    private final LocalDateTime dateTime;
    private final ZoneOffset offset;
    private final ZoneId zone;

    private ZonedDateTime(LocalDateTime dateTime, ZoneOffset offset, ZoneId zone) {
        this.dateTime = dateTime;
        this.offset = offset;
        this.zone = zone;
    }

    public static ZonedDateTime now() {
        return now(Clock.systemDefaultZone());
    }

    public static ZonedDateTime now(ZoneId zone) {
        return now(Clock.system(zone));
    }

    public static ZonedDateTime now(Clock clock) {
        return ofInstant(clock.instant(), clock.getZone());
    }

    public static ZonedDateTime of(LocalDate date, LocalTime time, ZoneId zone) {
        return of(LocalDateTime.of(date, time), zone);
    }

    public static ZonedDateTime of(LocalDateTime localDateTime, ZoneId zone) {
        java.util.Objects.requireNonNull(localDateTime, "localDateTime");
        java.util.Objects.requireNonNull(zone, "zone");
        return new ZonedDateTime(localDateTime, zone.fixedOffset(), zone);
    }

    public static ZonedDateTime of(int year, int month, int dayOfMonth, int hour, int minute,
            int second, int nanoOfSecond, ZoneId zone) {
        return of(LocalDateTime.of(year, month, dayOfMonth, hour, minute, second, nanoOfSecond), zone);
    }

    public static ZonedDateTime ofLocal(LocalDateTime localDateTime, ZoneId zone, ZoneOffset preferredOffset) {
        return of(localDateTime, zone);
    }

    public static ZonedDateTime ofInstant(Instant instant, ZoneId zone) {
        java.util.Objects.requireNonNull(zone, "zone");
        ZoneOffset offset = zone.fixedOffset();
        LocalDateTime ldt = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), offset);
        return new ZonedDateTime(ldt, offset, zone);
    }

    public static ZonedDateTime ofInstant(LocalDateTime localDateTime, ZoneOffset offset, ZoneId zone) {
        return ofInstant(localDateTime.toInstant(offset), zone);
    }

    public static ZonedDateTime from(TemporalAccessor temporal) {
        if (temporal instanceof ZonedDateTime) {
            return (ZonedDateTime) temporal;
        }
        if (temporal instanceof OffsetDateTime) {
            return ((OffsetDateTime) temporal).toZonedDateTime();
        }
        if (temporal instanceof java.time.format.Parsed) {
            ZonedDateTime z = ((java.time.format.Parsed) temporal).toZonedDateTime();
            if (z != null) {
                return z;
            }
        }
        throw new DateTimeException("Unable to obtain ZonedDateTime from TemporalAccessor: "
                + temporal + " of type " + temporal.getClass().getName());
    }

    public static ZonedDateTime parse(CharSequence text) {
        return parse(text, DateTimeFormatter.ISO_ZONED_DATE_TIME);
    }

    public static ZonedDateTime parse(CharSequence text, DateTimeFormatter formatter) {
        return formatter.parse(text, Queries.ZONEDDATETIME);
    }

    private ZonedDateTime local(LocalDateTime newDateTime) {
        return new ZonedDateTime(newDateTime, offset, zone);
    }

    public ZoneId getZone() {
        return zone;
    }

    public ZonedDateTime withZoneSameLocal(ZoneId zone) {
        return of(dateTime, zone);
    }

    public ZonedDateTime withZoneSameInstant(ZoneId zone) {
        return ofInstant(toInstant(), zone);
    }

    public ZonedDateTime withFixedOffsetZone() {
        return zone.equals(offset) ? this : new ZonedDateTime(dateTime, offset, offset);
    }

    public OffsetDateTime toOffsetDateTime() {
        return OffsetDateTime.of(dateTime, offset);
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
    public ZonedDateTime with(TemporalAdjuster adjuster) {
        if (adjuster instanceof Instant) {
            return ofInstant((Instant) adjuster, zone);
        }
        return local(dateTime.with(adjuster));
    }

    @Override
    public ZonedDateTime with(TemporalField field, long newValue) {
        if (field == ChronoField.INSTANT_SECONDS) {
            return ofInstant(Instant.ofEpochSecond(newValue, getNano()), zone);
        } else if (field == ChronoField.OFFSET_SECONDS) {
            ChronoField.OFFSET_SECONDS.checkValidValue(newValue);
            return ofInstant(toInstant(), ZoneOffset.ofTotalSeconds((int) newValue));
        }
        return local(dateTime.with(field, newValue));
    }

    public ZonedDateTime withYear(int year) {
        return local(dateTime.withYear(year));
    }

    public ZonedDateTime withMonth(int month) {
        return local(dateTime.withMonth(month));
    }

    public ZonedDateTime withDayOfMonth(int dayOfMonth) {
        return local(dateTime.withDayOfMonth(dayOfMonth));
    }

    public ZonedDateTime withDayOfYear(int dayOfYear) {
        return local(dateTime.withDayOfYear(dayOfYear));
    }

    public ZonedDateTime withHour(int hour) {
        return local(dateTime.withHour(hour));
    }

    public ZonedDateTime withMinute(int minute) {
        return local(dateTime.withMinute(minute));
    }

    public ZonedDateTime withSecond(int second) {
        return local(dateTime.withSecond(second));
    }

    public ZonedDateTime withNano(int nanoOfSecond) {
        return local(dateTime.withNano(nanoOfSecond));
    }

    public ZonedDateTime truncatedTo(TemporalUnit unit) {
        return local(dateTime.truncatedTo(unit));
    }

    @Override
    public ZonedDateTime plus(TemporalAmount amountToAdd) {
        if (amountToAdd instanceof Period) {
            return local(dateTime.plus(amountToAdd));
        }
        return (ZonedDateTime) amountToAdd.addTo(this);
    }

    @Override
    public ZonedDateTime plus(long amountToAdd, TemporalUnit unit) {
        if (unit instanceof ChronoUnit) {
            return local(dateTime.plus(amountToAdd, unit));
        }
        return unit.addTo(this, amountToAdd);
    }

    @Override
    public ZonedDateTime minus(TemporalAmount amountToSubtract) {
        if (amountToSubtract instanceof Period) {
            return local(dateTime.minus(amountToSubtract));
        }
        return (ZonedDateTime) amountToSubtract.subtractFrom(this);
    }

    @Override
    public ZonedDateTime minus(long amountToSubtract, TemporalUnit unit) {
        return amountToSubtract == Long.MIN_VALUE
                ? plus(Long.MAX_VALUE, unit).plus(1, unit) : plus(-amountToSubtract, unit);
    }

    public ZonedDateTime plusYears(long years) {
        return local(dateTime.plusYears(years));
    }

    public ZonedDateTime plusMonths(long months) {
        return local(dateTime.plusMonths(months));
    }

    public ZonedDateTime plusWeeks(long weeks) {
        return local(dateTime.plusWeeks(weeks));
    }

    public ZonedDateTime plusDays(long days) {
        return local(dateTime.plusDays(days));
    }

    public ZonedDateTime plusHours(long hours) {
        return local(dateTime.plusHours(hours));
    }

    public ZonedDateTime plusMinutes(long minutes) {
        return local(dateTime.plusMinutes(minutes));
    }

    public ZonedDateTime plusSeconds(long seconds) {
        return local(dateTime.plusSeconds(seconds));
    }

    public ZonedDateTime plusNanos(long nanos) {
        return local(dateTime.plusNanos(nanos));
    }

    public ZonedDateTime minusYears(long years) {
        return local(dateTime.minusYears(years));
    }

    public ZonedDateTime minusMonths(long months) {
        return local(dateTime.minusMonths(months));
    }

    public ZonedDateTime minusWeeks(long weeks) {
        return local(dateTime.minusWeeks(weeks));
    }

    public ZonedDateTime minusDays(long days) {
        return local(dateTime.minusDays(days));
    }

    public ZonedDateTime minusHours(long hours) {
        return local(dateTime.minusHours(hours));
    }

    public ZonedDateTime minusMinutes(long minutes) {
        return local(dateTime.minusMinutes(minutes));
    }

    public ZonedDateTime minusSeconds(long seconds) {
        return local(dateTime.minusSeconds(seconds));
    }

    public ZonedDateTime minusNanos(long nanos) {
        return local(dateTime.minusNanos(nanos));
    }

    @Override
    public long until(Temporal endExclusive, TemporalUnit unit) {
        ZonedDateTime end = ZonedDateTime.from(endExclusive);
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
    public int compareTo(ChronoZonedDateTime<?> other) {
        ZonedDateTime o = (ZonedDateTime) other;
        int cmp = compareInstant(o.toEpochSecond(), o.getNano());
        if (cmp == 0) {
            cmp = dateTime.compareTo(o.dateTime);
            if (cmp == 0) {
                cmp = zone.getId().compareTo(o.zone.getId());
            }
        }
        return cmp;
    }

    public boolean isBefore(ChronoZonedDateTime<?> other) {
        ZonedDateTime o = (ZonedDateTime) other;
        return compareInstant(o.toEpochSecond(), o.getNano()) < 0;
    }

    public boolean isAfter(ChronoZonedDateTime<?> other) {
        ZonedDateTime o = (ZonedDateTime) other;
        return compareInstant(o.toEpochSecond(), o.getNano()) > 0;
    }

    public boolean isEqual(ChronoZonedDateTime<?> other) {
        ZonedDateTime o = (ZonedDateTime) other;
        return compareInstant(o.toEpochSecond(), o.getNano()) == 0;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof ZonedDateTime)) {
            return false;
        }
        ZonedDateTime o = (ZonedDateTime) obj;
        return dateTime.equals(o.dateTime) && offset.equals(o.offset) && zone.equals(o.zone);
    }

    @Override
    public int hashCode() {
        return dateTime.hashCode() ^ offset.hashCode() ^ Integer.rotateLeft(zone.hashCode(), 3);
    }

    @Override
    public String toString() {
        String str = dateTime.toString() + offset.toString();
        if (offset != zone) {
            str += '[' + zone.toString() + ']';
        }
        return str;
    }
}
