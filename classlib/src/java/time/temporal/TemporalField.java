package java.time.temporal;

/** A field of date-time, such as month-of-year. ChronoField is the only implementation here. */
public interface TemporalField {
    TemporalUnit getBaseUnit();

    TemporalUnit getRangeUnit();

    ValueRange range();

    boolean isDateBased();

    boolean isTimeBased();

    boolean isSupportedBy(TemporalAccessor temporal);

    ValueRange rangeRefinedBy(TemporalAccessor temporal);

    long getFrom(TemporalAccessor temporal);

    <R extends Temporal> R adjustInto(R temporal, long newValue);

    default String getDisplayName(java.util.Locale locale) {
        return toString();
    }

    String toString();
}
