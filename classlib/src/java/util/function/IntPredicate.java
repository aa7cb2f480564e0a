package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface IntPredicate {
    boolean test(int value);

    default IntPredicate and(IntPredicate other) {
        Objects.requireNonNull(other);
        return new Support.IntPredicateOp(this, other, Support.AND);
    }

    default IntPredicate negate() {
        return new Support.IntPredicateOp(this, null, Support.NOT);
    }

    default IntPredicate or(IntPredicate other) {
        Objects.requireNonNull(other);
        return new Support.IntPredicateOp(this, other, Support.OR);
    }
}
