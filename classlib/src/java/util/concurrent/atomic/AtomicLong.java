package java.util.concurrent.atomic;

import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * An atomically updated long. gcvm contract: {@code value} is the only field and
 * {@link #compareAndSet} is a VM native; every read-modify-write is a CAS loop over it.
 */
public class AtomicLong extends Number implements java.io.Serializable {

    private volatile long value;

    public AtomicLong(long initialValue) {
        value = initialValue;
    }

    public AtomicLong() {
    }

    public final long get() {
        return value;
    }

    public final void set(long newValue) {
        value = newValue;
    }

    public final void lazySet(long newValue) {
        value = newValue;
    }

    /** Atomically sets the value to newValue if it equals expectedValue (VM native). */
    public final native boolean compareAndSet(long expectedValue, long newValue);

    public final boolean weakCompareAndSet(long expectedValue, long newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final boolean weakCompareAndSetPlain(long expectedValue, long newValue) {
        return compareAndSet(expectedValue, newValue);
    }

    public final long getAndSet(long newValue) {
        while (true) {
            long prev = value;
            if (compareAndSet(prev, newValue)) {
                return prev;
            }
        }
    }

    public final long getAndAdd(long delta) {
        while (true) {
            long prev = value;
            if (compareAndSet(prev, prev + delta)) {
                return prev;
            }
        }
    }

    public final long addAndGet(long delta) {
        return getAndAdd(delta) + delta;
    }

    public final long getAndIncrement() {
        return getAndAdd(1);
    }

    public final long getAndDecrement() {
        return getAndAdd(-1);
    }

    public final long incrementAndGet() {
        return getAndAdd(1) + 1;
    }

    public final long decrementAndGet() {
        return getAndAdd(-1) - 1;
    }

    public final long getAndUpdate(LongUnaryOperator updateFunction) {
        while (true) {
            long prev = value;
            long next = updateFunction.applyAsLong(prev);
            if (compareAndSet(prev, next)) {
                return prev;
            }
        }
    }

    public final long updateAndGet(LongUnaryOperator updateFunction) {
        while (true) {
            long prev = value;
            long next = updateFunction.applyAsLong(prev);
            if (compareAndSet(prev, next)) {
                return next;
            }
        }
    }

    public final long getAndAccumulate(long x, LongBinaryOperator accumulatorFunction) {
        while (true) {
            long prev = value;
            long next = accumulatorFunction.applyAsLong(prev, x);
            if (compareAndSet(prev, next)) {
                return prev;
            }
        }
    }

    public final long accumulateAndGet(long x, LongBinaryOperator accumulatorFunction) {
        while (true) {
            long prev = value;
            long next = accumulatorFunction.applyAsLong(prev, x);
            if (compareAndSet(prev, next)) {
                return next;
            }
        }
    }

    public String toString() {
        return Long.toString(get());
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

    public final long getPlain() {
        return value;
    }

    public final void setPlain(long newValue) {
        value = newValue;
    }

    public final long getAcquire() {
        return value;
    }

    public final void setRelease(long newValue) {
        value = newValue;
    }
}
