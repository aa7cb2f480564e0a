package java.time.chrono;

import java.time.temporal.Temporal;

/** A date-time with zone; only ZonedDateTime implements it (for the JDK's descriptors). */
public interface ChronoZonedDateTime<D extends ChronoLocalDate>
        extends Temporal, Comparable<ChronoZonedDateTime<?>> {
    long toEpochSecond();
}
