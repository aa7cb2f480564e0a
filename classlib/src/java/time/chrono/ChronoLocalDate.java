package java.time.chrono;

import java.time.temporal.Temporal;
import java.time.temporal.TemporalAdjuster;

/**
 * A date in some calendar system. gcvm has only the ISO calendar (LocalDate); this interface
 * exists so that LocalDate's comparison methods have the JDK's descriptors.
 */
public interface ChronoLocalDate extends Temporal, TemporalAdjuster, Comparable<ChronoLocalDate> {
    long toEpochDay();
}
