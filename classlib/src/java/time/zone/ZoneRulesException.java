package java.time.zone;

import java.time.DateTimeException;

/**
 * Thrown for a time-zone ID with no rules. gcvm carries no time-zone database: only UTC, GMT,
 * UT, Etc/UTC, Etc/GMT and fixed offsets exist, so every named region zone ends here.
 */
public class ZoneRulesException extends DateTimeException {
    public ZoneRulesException(String message) {
        super(message);
    }

    public ZoneRulesException(String message, Throwable cause) {
        super(message, cause);
    }
}
