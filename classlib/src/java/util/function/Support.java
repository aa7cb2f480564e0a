package java.util.function;

import java.util.Comparator;
import java.util.Objects;

/** Named implementations of the functional interfaces' default and static methods. */
final class Support {

    static final int AND = 0;
    static final int OR = 1;
    static final int NOT = 2;

    private Support() {
    }

    static final class Identity implements UnaryOperator<Object> {
        static final Identity INSTANCE = new Identity();

        public Object apply(Object t) {
            return t;
        }
    }

    static final class Compose<A, B, C> implements Function<A, C> {
        private final Function<? super A, ? extends B> first;
        private final Function<? super B, ? extends C> second;

        Compose(Function<? super A, ? extends B> first, Function<? super B, ? extends C> second) {
            this.first = first;
            this.second = second;
        }

        public C apply(A a) {
            return second.apply(first.apply(a));
        }
    }

    static final class BiThen<T, U, R, V> implements BiFunction<T, U, V> {
        private final BiFunction<T, U, R> first;
        private final Function<? super R, ? extends V> after;

        BiThen(BiFunction<T, U, R> first, Function<? super R, ? extends V> after) {
            this.first = first;
            this.after = after;
        }

        public V apply(T t, U u) {
            return after.apply(first.apply(t, u));
        }
    }

    static final class ConsumerThen<T> implements Consumer<T> {
        private final Consumer<T> first;
        private final Consumer<? super T> after;

        ConsumerThen(Consumer<T> first, Consumer<? super T> after) {
            this.first = first;
            this.after = after;
        }

        public void accept(T t) {
            first.accept(t);
            after.accept(t);
        }
    }

    static final class BiConsumerThen<T, U> implements BiConsumer<T, U> {
        private final BiConsumer<T, U> first;
        private final BiConsumer<? super T, ? super U> after;

        BiConsumerThen(BiConsumer<T, U> first, BiConsumer<? super T, ? super U> after) {
            this.first = first;
            this.after = after;
        }

        public void accept(T t, U u) {
            first.accept(t, u);
            after.accept(t, u);
        }
    }

    static final class PredicateOp<T> implements Predicate<T> {
        private final Predicate<T> a;
        private final Predicate<? super T> b;
        private final int op;

        PredicateOp(Predicate<T> a, Predicate<? super T> b, int op) {
            this.a = a;
            this.b = b;
            this.op = op;
        }

        public boolean test(T t) {
            switch (op) {
                case AND:
                    return a.test(t) && b.test(t);
                case OR:
                    return a.test(t) || b.test(t);
                default:
                    return !a.test(t);
            }
        }
    }

    static final class BiPredicateOp<T, U> implements BiPredicate<T, U> {
        private final BiPredicate<T, U> a;
        private final BiPredicate<? super T, ? super U> b;
        private final int op;

        BiPredicateOp(BiPredicate<T, U> a, BiPredicate<? super T, ? super U> b, int op) {
            this.a = a;
            this.b = b;
            this.op = op;
        }

        public boolean test(T t, U u) {
            switch (op) {
                case AND:
                    return a.test(t, u) && b.test(t, u);
                case OR:
                    return a.test(t, u) || b.test(t, u);
                default:
                    return !a.test(t, u);
            }
        }
    }

    static final class IsEqual<T> implements Predicate<T> {
        private final Object target;

        IsEqual(Object target) {
            this.target = target;
        }

        public boolean test(T t) {
            return Objects.equals(target, t);
        }
    }

    static final class MinMax<T> implements BinaryOperator<T> {
        private final Comparator<? super T> comparator;
        private final boolean min;

        MinMax(Comparator<? super T> comparator, boolean min) {
            this.comparator = comparator;
            this.min = min;
        }

        public T apply(T a, T b) {
            int c = comparator.compare(a, b);
            return min ? (c <= 0 ? a : b) : (c >= 0 ? a : b);
        }
    }

    static final class IntConsumerThen implements IntConsumer {
        private final IntConsumer first;
        private final IntConsumer after;

        IntConsumerThen(IntConsumer first, IntConsumer after) {
            this.first = first;
            this.after = after;
        }

        public void accept(int t) {
            first.accept(t);
            after.accept(t);
        }
    }

    static final class IntPredicateOp implements IntPredicate {
        private final IntPredicate a;
        private final IntPredicate b;
        private final int op;

        IntPredicateOp(IntPredicate a, IntPredicate b, int op) {
            this.a = a;
            this.b = b;
            this.op = op;
        }

        public boolean test(int t) {
            switch (op) {
                case AND:
                    return a.test(t) && b.test(t);
                case OR:
                    return a.test(t) || b.test(t);
                default:
                    return !a.test(t);
            }
        }
    }

    /** first then second; with both null it is the identity. */
    static final class IntCompose implements IntUnaryOperator {
        static final IntCompose IDENTITY = new IntCompose(null, null);

        private final IntUnaryOperator first;
        private final IntUnaryOperator second;

        IntCompose(IntUnaryOperator first, IntUnaryOperator second) {
            this.first = first;
            this.second = second;
        }

        public int applyAsInt(int v) {
            return first == null ? v : second.applyAsInt(first.applyAsInt(v));
        }
    }

    static final class LongConsumerThen implements LongConsumer {
        private final LongConsumer first;
        private final LongConsumer after;

        LongConsumerThen(LongConsumer first, LongConsumer after) {
            this.first = first;
            this.after = after;
        }

        public void accept(long t) {
            first.accept(t);
            after.accept(t);
        }
    }

    static final class LongPredicateOp implements LongPredicate {
        private final LongPredicate a;
        private final LongPredicate b;
        private final int op;

        LongPredicateOp(LongPredicate a, LongPredicate b, int op) {
            this.a = a;
            this.b = b;
            this.op = op;
        }

        public boolean test(long t) {
            switch (op) {
                case AND:
                    return a.test(t) && b.test(t);
                case OR:
                    return a.test(t) || b.test(t);
                default:
                    return !a.test(t);
            }
        }
    }

    /** first then second; with both null it is the identity. */
    static final class LongCompose implements LongUnaryOperator {
        static final LongCompose IDENTITY = new LongCompose(null, null);

        private final LongUnaryOperator first;
        private final LongUnaryOperator second;

        LongCompose(LongUnaryOperator first, LongUnaryOperator second) {
            this.first = first;
            this.second = second;
        }

        public long applyAsLong(long v) {
            return first == null ? v : second.applyAsLong(first.applyAsLong(v));
        }
    }

    static final class DoubleConsumerThen implements DoubleConsumer {
        private final DoubleConsumer first;
        private final DoubleConsumer after;

        DoubleConsumerThen(DoubleConsumer first, DoubleConsumer after) {
            this.first = first;
            this.after = after;
        }

        public void accept(double t) {
            first.accept(t);
            after.accept(t);
        }
    }

    static final class DoublePredicateOp implements DoublePredicate {
        private final DoublePredicate a;
        private final DoublePredicate b;
        private final int op;

        DoublePredicateOp(DoublePredicate a, DoublePredicate b, int op) {
            this.a = a;
            this.b = b;
            this.op = op;
        }

        public boolean test(double t) {
            switch (op) {
                case AND:
                    return a.test(t) && b.test(t);
                case OR:
                    return a.test(t) || b.test(t);
                default:
                    return !a.test(t);
            }
        }
    }

    /** first then second; with both null it is the identity. */
    static final class DoubleCompose implements DoubleUnaryOperator {
        static final DoubleCompose IDENTITY = new DoubleCompose(null, null);

        private final DoubleUnaryOperator first;
        private final DoubleUnaryOperator second;

        DoubleCompose(DoubleUnaryOperator first, DoubleUnaryOperator second) {
            this.first = first;
            this.second = second;
        }

        public double applyAsDouble(double v) {
            return first == null ? v : second.applyAsDouble(first.applyAsDouble(v));
        }
    }
}
