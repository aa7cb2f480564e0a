package java.util;

public class UnknownFormatFlagsException extends IllegalFormatException {

    public UnknownFormatFlagsException(String f) {
        super("Flags = " + f);
    }
}
