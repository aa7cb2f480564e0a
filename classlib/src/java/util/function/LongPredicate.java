package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface LongPredicate {
    boolean test(long value);

    default LongPredicate and(LongPredicate other) {
        Objects.requireNonNull(other);
        return new Support.LongPredicateOp(this, other, Support.AND);
    }

    default LongPredicate negate() {
        return new Support.LongPredicateOp(this, null, Support.NOT);
    }

    default LongPredicate or(LongPredicate other) {
        Objects.requireNonNull(other);
        return new Support.LongPredicateOp(this, other, Support.OR);
    }
}
