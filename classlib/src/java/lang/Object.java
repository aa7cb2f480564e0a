package java.lang;

/** The root of the class hierarchy. identity hash, getClass and clone are VM natives. */
public class Object {

    public Object() {
    }

    public final native Class<?> getClass();

    /** Identity hash code (VM native). */
    public native int hashCode();

    public boolean equals(Object obj) {
        return this == obj;
    }

    /** Shallow copy; the VM throws CloneNotSupportedException for non-Cloneable instances. */
    protected native Object clone() throws CloneNotSupportedException;

    public String toString() {
        return getClass().getName() + "@" + Integer.toHexString(hashCode());
    }

    public final native void notify();

    public final native void notifyAll();

    public final native void wait(long timeoutMillis) throws InterruptedException;

    public final void wait() throws InterruptedException {
        wait(0L);
    }

    public final void wait(long timeoutMillis, int nanos) throws InterruptedException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeoutMillis value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        if (nanos > 0 && timeoutMillis < Long.MAX_VALUE) {
            timeoutMillis++;
        }
        wait(timeoutMillis);
    }

    /** Never called by gcvm (no finalization); present for source compatibility. */
    @Deprecated
    protected void finalize() throws Throwable {
    }
}
