package java.lang.reflect;

/** A checked exception thrown where the method's throws clause does not allow it. */
public class UndeclaredThrowableException extends RuntimeException {

    private static final long serialVersionUID = 330127114055056639L;

    public UndeclaredThrowableException(Throwable undeclaredThrowable) {
        super(null, undeclaredThrowable);
    }

    public UndeclaredThrowableException(Throwable undeclaredThrowable, String s) {
        super(s, undeclaredThrowable);
    }

    public Throwable getUndeclaredThrowable() {
        return super.getCause();
    }
}
