package java.util.concurrent.atomic;

/** An atomically updated boolean; its read-modify-writes are synchronized on the instance. */
public class AtomicBoolean implements java.io.Serializable {

    private volatile boolean value;

    public AtomicBoolean(boolean initialValue) {
        value = initialValue;
    }

    public AtomicBoolean() {
    }

    public final boolean get() {
        return value;
    }

    public final synchronized boolean compareAndSet(boolean expectedValue, boolean newValue) {
        if (value == expectedValue) {
            value = newValue;
            return true;
        }
        return false;
    }

    public boolean weakCompareAndSet(boolean expectedValue, boolean newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final void set(boolean newValue) {
        value = newValue;
    }

    public final void lazySet(boolean newValue) {
        value = newValue;
    }

    public final synchronized boolean getAndSet(boolean newValue) {
        boolean prev = value;
        value = newValue;
        return prev;
    }

    public final boolean getPlain() {
        return value;
    }

    public final void setPlain(boolean newValue) {
        value = newValue;
    }

    public String toString() {
        return Boolean.toString(get());
    }
}
