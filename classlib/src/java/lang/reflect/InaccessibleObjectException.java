package java.lang.reflect;

/** {@code setAccessible(true)} refused: the member's module does not open its package. */
public class InaccessibleObjectException extends RuntimeException {

    private static final long serialVersionUID = 4158786093378140901L;

    public InaccessibleObjectException() {
    }

    public InaccessibleObjectException(String msg) {
        super(msg);
    }
}
