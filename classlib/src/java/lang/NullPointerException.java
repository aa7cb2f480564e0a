package java.lang;

/**
 * Thrown when null is used where an object is required.
 *
 * <p>As in JDK 17 (JEP 358), an exception the VM raises gets a helpful message computed lazily
 * from the bytecode at the top of its stack trace ({@link #getExtendedNPEMessage()}, see
 * runtime/interp/src/exec/npe.rs); one created with {@code new NullPointerException()} has none.
 */
public class NullPointerException extends RuntimeException {

    /** 0: stack trace not filled yet; 1: filled once (message computable); 2: computed. */
    private transient int extendedMessageState;
    private transient String extendedMessage;

    public NullPointerException() {
        super();
    }

    public NullPointerException(String message) {
        super(message);
    }

    /**
     * Refilling the stack trace would describe the wrong instruction, so the message is computed
     * before a second fill.
     */
    public synchronized Throwable fillInStackTrace() {
        if (extendedMessageState == 0) {
            extendedMessageState = 1;
        } else if (extendedMessageState == 1) {
            extendedMessage = getExtendedNPEMessage();
            extendedMessageState = 2;
        }
        return super.fillInStackTrace();
    }

    public String getMessage() {
        String message = super.getMessage();
        if (message == null) {
            synchronized (this) {
                if (extendedMessageState == 1) {
                    extendedMessage = getExtendedNPEMessage();
                    extendedMessageState = 2;
                }
                return extendedMessage;
            }
        }
        return message;
    }

    /** VM: the helpful message for the instruction at the top of the stack trace, or null. */
    private native String getExtendedNPEMessage();
}
