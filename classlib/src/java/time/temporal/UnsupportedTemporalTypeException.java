package java.time.temporal;

import java.time.DateTimeException;

/** Thrown when a field or unit is not supported by a date-time type. */
public class UnsupportedTemporalTypeException extends DateTimeException {
    public UnsupportedTemporalTypeException(String message) {
        super(message);
    }

    public UnsupportedTemporalTypeException(String message, Throwable cause) {
        super(message, cause);
    }
}
