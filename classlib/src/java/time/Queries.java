package java.time;

import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQuery;

/**
 * The X::from queries that the parse methods hand to DateTimeFormatter.parse (classlib code
 * may not use method references, so each is a small named class).
 */
final class Queries {
    static final TemporalQuery<LocalDate> LOCALDATE = new LocalDateQuery();
    static final TemporalQuery<LocalTime> LOCALTIME = new LocalTimeQuery();
    static final TemporalQuery<LocalDateTime> LOCALDATETIME = new LocalDateTimeQuery();
    static final TemporalQuery<Instant> INSTANT = new InstantQuery();
    static final TemporalQuery<ZonedDateTime> ZONEDDATETIME = new ZonedDateTimeQuery();
    static final TemporalQuery<OffsetDateTime> OFFSETDATETIME = new OffsetDateTimeQuery();

    private Queries() {
    }

    private static final class LocalDateQuery implements TemporalQuery<LocalDate> {
        @Override
        public LocalDate queryFrom(TemporalAccessor temporal) {
            return LocalDate.from(temporal);
        }
    }

    private static final class LocalTimeQuery implements TemporalQuery<LocalTime> {
        @Override
        public LocalTime queryFrom(TemporalAccessor temporal) {
            return LocalTime.from(temporal);
        }
    }

    private static final class LocalDateTimeQuery implements TemporalQuery<LocalDateTime> {
        @Override
        public LocalDateTime queryFrom(TemporalAccessor temporal) {
            return LocalDateTime.from(temporal);
        }
    }

    private static final class InstantQuery implements TemporalQuery<Instant> {
        @Override
        public Instant queryFrom(TemporalAccessor temporal) {
            return Instant.from(temporal);
        }
    }

    private static final class ZonedDateTimeQuery implements TemporalQuery<ZonedDateTime> {
        @Override
        public ZonedDateTime queryFrom(TemporalAccessor temporal) {
            return ZonedDateTime.from(temporal);
        }
    }

    private static final class OffsetDateTimeQuery implements TemporalQuery<OffsetDateTime> {
        @Override
        public OffsetDateTime queryFrom(TemporalAccessor temporal) {
            return OffsetDateTime.from(temporal);
        }
    }
}
