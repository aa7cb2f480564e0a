package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface Function<T, R> {
    R apply(T t);

    default <V> Function<V, R> compose(Function<? super V, ? extends T> before) {
        Objects.requireNonNull(before);
        return new Support.Compose<V, T, R>(before, this);
    }

    default <V> Function<T, V> andThen(Function<? super R, ? extends V> after) {
        Objects.requireNonNull(after);
        return new Support.Compose<T, R, V>(this, after);
    }

    @SuppressWarnings("unchecked")
    static <T> Function<T, T> identity() {
        return (Function<T, T>) Support.Identity.INSTANCE;
    }
}
