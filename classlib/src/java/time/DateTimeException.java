package java.time;

/** Thrown when a date-time value cannot be created, read, computed or formatted. */
public class DateTimeException extends RuntimeException {
    public DateTimeException(String message) {
        super(message);
    }

    public DateTimeException(String message, Throwable cause) {
        super(message, cause);
    }
}
