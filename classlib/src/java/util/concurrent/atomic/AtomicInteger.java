package java.util.concurrent.atomic;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/**
 * An atomically updated int. gcvm contract: {@code value} is the only field and
 * {@link #compareAndSet} is a VM native; every read-modify-write is a CAS loop over it.
 */
public class AtomicInteger extends Number implements java.io.Serializable {

    private volatile int value;

    public AtomicInteger(int initialValue) {
        value = initialValue;
    }

    public AtomicInteger() {
    }

    public final int get() {
        return value;
    }

    public final void set(int newValue) {
        value = newValue;
    }

    public final void lazySet(int newValue) {
        value = newValue;
    }

    /** Atomically sets the value to newValue if it equals expectedValue (VM native). */
    public final native boolean compareAndSet(int expectedValue, int newValue);

    public final boolean weakCompareAndSet(int expectedValue, int newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final boolean weakCompareAndSetPlain(int expectedValue, int newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final int getAndSet(int newValue) {
        while (true) {
            int prev = value;
            if (compareAndSet(prev, newValue)) {
                return prev;
            }
        }
    }

    public final int getAndAdd(int delta) {
        while (true) {
            int prev = value;
            if (compareAndSet(prev, prev + delta)) {
                return prev;
            }
        }
    }

    public final int addAndGet(int delta) {
        return getAndAdd(delta) + delta;
    }

    public final int getAndIncrement() {
        return getAndAdd(1);
    }

    public final int getAndDecrement() {
        return getAndAdd(-1);
    }

    public final int incrementAndGet() {
        return getAndAdd(1) + 1;
    }

    public final int decrementAndGet() {
        return getAndAdd(-1) - 1;
    }

    public final int getAndUpdate(IntUnaryOperator updateFunction) {
        while (true) {
            int prev = value;
            int next = updateFunction.applyAsInt(prev);
            if (compareAndSet(prev, next)) {
                return prev;
            }
        }
    }

    public final int updateAndGet(IntUnaryOperator updateFunction) {
        while (true) {
            int prev = value;
            int next = updateFunction.applyAsInt(prev);
            if (compareAndSet(prev, next)) {
                return next;
            }
        }
    }

    public final int getAndAccumulate(int x, IntBinaryOperator accumulatorFunction) {
        while (true) {
            int prev = value;
            int next = accumulatorFunction.applyAsInt(prev, x);
            if (compareAndSet(prev, next)) {
                return prev;
            }
        }
    }

    public final int accumulateAndGet(int x, IntBinaryOperator accumulatorFunction) {
        while (true) {
            int prev = value;
            int next = accumulatorFunction.applyAsInt(prev, x);
            if (compareAndSet(prev, next)) {
                return next;
            }
        }
    }

    public String toString() {
        return Integer.toString(get());
    }

    public int intValue() {
        return (int) get();
    }

    public long longValue() {
        return (long) get();
    }

    public float floatValue() {
        return (float) get();
    }

    public double doubleValue() {
        return (double) get();
    }

    public final int getPlain() {
        return value;
    }

    public final void setPlain(int newValue) {
        value = newValue;
    }

    public final int getAcquire() {
        return value;
    }

    public final void setRelease(int newValue) {
        value = newValue;
    }
}
