package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface DoublePredicate {
    boolean test(double value);

    default DoublePredicate and(DoublePredicate other) {
        Objects.requireNonNull(other);
        return new Support.DoublePredicateOp(this, other, Support.AND);
    }

    default DoublePredicate negate() {
        return new Support.DoublePredicateOp(this, null, Support.NOT);
    }

    default DoublePredicate or(DoublePredicate other) {
        Objects.requireNonNull(other);
        return new Support.DoublePredicateOp(this, other, Support.OR);
    }
}
