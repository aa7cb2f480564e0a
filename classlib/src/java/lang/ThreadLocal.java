package java.lang;

import java.util.HashMap;
import java.util.Objects;
import java.util.function.Supplier;

/** Thread-local variables, stored in a per-thread HashMap keyed by ThreadLocal identity. */
public class ThreadLocal<T> {

    public ThreadLocal() {
    }

    protected T initialValue() {
        return null;
    }

    public static <S> ThreadLocal<S> withInitial(Supplier<? extends S> supplier) {
        return new SuppliedThreadLocal<>(supplier);
    }

    private static HashMap<ThreadLocal<?>, Object> map(boolean create) {
        Thread t = Thread.currentThread();
        if (t.threadLocals == null && create) {
            t.threadLocals = new HashMap<>();
        }
        return t.threadLocals;
    }

    @SuppressWarnings("unchecked")
    public T get() {
        HashMap<ThreadLocal<?>, Object> m = map(true);
        if (m.containsKey(this)) {
            return (T) m.get(this);
        }
        T value = initialValue();
        m.put(this, value);
        return value;
    }

    public void set(T value) {
        map(true).put(this, value);
    }

    public void remove() {
        HashMap<ThreadLocal<?>, Object> m = map(false);
        if (m != null) {
            m.remove(this);
        }
    }

    static final class SuppliedThreadLocal<T> extends ThreadLocal<T> {
        private final Supplier<? extends T> supplier;

        SuppliedThreadLocal(Supplier<? extends T> supplier) {
            this.supplier = Objects.requireNonNull(supplier);
        }

        @Override
        protected T initialValue() {
            return supplier.get();
        }
    }
}
