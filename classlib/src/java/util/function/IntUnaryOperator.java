package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface IntUnaryOperator {
    int applyAsInt(int operand);

    default IntUnaryOperator compose(IntUnaryOperator before) {
        Objects.requireNonNull(before);
        return new Support.IntCompose(before, this);
    }

    default IntUnaryOperator andThen(IntUnaryOperator after) {
        Objects.requireNonNull(after);
        return new Support.IntCompose(this, after);
    }

    static IntUnaryOperator identity() {
        return Support.IntCompose.IDENTITY;
    }
}
