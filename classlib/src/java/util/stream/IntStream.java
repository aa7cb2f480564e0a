package java.util.stream;

import java.util.OptionalInt;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.function.*;

/** A sequence of int values (gcvm: sequential, pull-based; see docs/classlib.md). */
public interface IntStream extends BaseStream<Integer, IntStream> {
    IntStream filter(IntPredicate predicate);

    IntStream map(IntUnaryOperator mapper);

    <U> Stream<U> mapToObj(IntFunction<? extends U> mapper);

    LongStream mapToLong(IntToLongFunction mapper);

    DoubleStream mapToDouble(IntToDoubleFunction mapper);

    LongStream asLongStream();

    DoubleStream asDoubleStream();

    IntStream flatMap(IntFunction<? extends IntStream> mapper);

    IntStream distinct();

    IntStream sorted();

    IntStream peek(IntConsumer action);

    IntStream limit(long maxSize);

    IntStream skip(long n);

    IntStream takeWhile(IntPredicate predicate);

    IntStream dropWhile(IntPredicate predicate);

    void forEach(IntConsumer action);

    void forEachOrdered(IntConsumer action);

    int[] toArray();

    int reduce(int identity, IntBinaryOperator op);

    OptionalInt reduce(IntBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner);

    int sum();

    OptionalInt min();

    OptionalInt max();

    long count();

    OptionalDouble average();

    java.util.IntSummaryStatistics summaryStatistics();

    boolean anyMatch(IntPredicate predicate);

    boolean allMatch(IntPredicate predicate);

    boolean noneMatch(IntPredicate predicate);

    OptionalInt findFirst();

    OptionalInt findAny();

    Stream<Integer> boxed();

    PrimitiveIterator.OfInt iterator();

    IntStream sequential();

    /** gcvm streams are sequential: returns this stream. */
    IntStream parallel();

    static IntStream empty() {
        return IntPipeline.of(new int[0]);
    }

    static IntStream of(int t) {
        return IntPipeline.of(new int[] { t });
    }

    static IntStream of(int... values) {
        return IntPipeline.of(values);
    }

    static IntStream iterate(int seed, IntUnaryOperator f) {
        return IntPipeline.iterate(seed, null, f);
    }

    static IntStream iterate(int seed, IntPredicate hasNext, IntUnaryOperator next) {
        if (hasNext == null) {
            throw new NullPointerException();
        }
        return IntPipeline.iterate(seed, hasNext, next);
    }

    static IntStream generate(IntSupplier s) {
        return IntPipeline.generate(s);
    }

    static IntStream concat(IntStream a, IntStream b) {
        return IntPipeline.concat(a, b);
    }

    static IntStream range(int startInclusive, int endExclusive) {
        return IntPipeline.range(startInclusive, endExclusive, false);
    }

    static IntStream rangeClosed(int startInclusive, int endInclusive) {
        return IntPipeline.range(startInclusive, endInclusive, true);
    }
}
