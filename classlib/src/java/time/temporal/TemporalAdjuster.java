package java.time.temporal;

/** A strategy for adjusting a temporal object (LocalDate, LocalTime, ... are adjusters too). */
public interface TemporalAdjuster {
    Temporal adjustInto(Temporal temporal);
}
