package java.time.temporal;

/** A query on a temporal object, such as LocalDate::from passed to DateTimeFormatter.parse. */
public interface TemporalQuery<R> {
    R queryFrom(TemporalAccessor temporal);
}
