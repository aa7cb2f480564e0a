package java.util;

public class MissingFormatWidthException extends IllegalFormatException {

    public MissingFormatWidthException(String s) {
        super(s);
    }
}
