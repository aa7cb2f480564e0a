package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface Predicate<T> {
    boolean test(T t);

    default Predicate<T> and(Predicate<? super T> other) {
        Objects.requireNonNull(other);
        return new Support.PredicateOp<T>(this, other, Support.AND);
    }

    default Predicate<T> negate() {
        return new Support.PredicateOp<T>(this, null, Support.NOT);
    }

    default Predicate<T> or(Predicate<? super T> other) {
        Objects.requireNonNull(other);
        return new Support.PredicateOp<T>(this, other, Support.OR);
    }

    static <T> Predicate<T> isEqual(Object targetRef) {
        return new Support.IsEqual<T>(targetRef);
    }

    @SuppressWarnings("unchecked")
    static <T> Predicate<T> not(Predicate<? super T> target) {
        Objects.requireNonNull(target);
        return (Predicate<T>) target.negate();
    }
}
