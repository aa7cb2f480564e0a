package java.util;

public class IllegalFormatArgumentIndexException extends IllegalFormatException {

    public IllegalFormatArgumentIndexException(int i) {
        super("Illegal format argument index = " + i);
    }
}
