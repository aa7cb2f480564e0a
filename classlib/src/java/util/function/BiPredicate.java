package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface BiPredicate<T, U> {
    boolean test(T t, U u);

    default BiPredicate<T, U> and(BiPredicate<? super T, ? super U> other) {
        Objects.requireNonNull(other);
        return new Support.BiPredicateOp<T, U>(this, other, Support.AND);
    }

    default BiPredicate<T, U> negate() {
        return new Support.BiPredicateOp<T, U>(this, null, Support.NOT);
    }

    default BiPredicate<T, U> or(BiPredicate<? super T, ? super U> other) {
        Objects.requireNonNull(other);
        return new Support.BiPredicateOp<T, U>(this, other, Support.OR);
    }
}
