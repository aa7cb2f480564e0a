package java.util;

/** Base of the Formatter errors. */
public class IllegalFormatException extends IllegalArgumentException {

    IllegalFormatException() {
    }

    IllegalFormatException(String message) {
        super(message);
    }
}
