package java.util;

public class IllegalFormatFlagsException extends IllegalFormatException {

    public IllegalFormatFlagsException(String f) {
        super("Flags = '" + f + "'");
    }
}
