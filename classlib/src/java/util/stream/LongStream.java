package java.util.stream;

import java.util.OptionalLong;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.function.*;

/** A sequence of long values (gcvm: sequential, pull-based; see docs/classlib.md). */
public interface LongStream extends BaseStream<Long, LongStream> {
    LongStream filter(LongPredicate predicate);

    LongStream map(LongUnaryOperator mapper);

    <U> Stream<U> mapToObj(LongFunction<? extends U> mapper);

    IntStream mapToInt(LongToIntFunction mapper);

    DoubleStream mapToDouble(LongToDoubleFunction mapper);

    DoubleStream asDoubleStream();

    LongStream flatMap(LongFunction<? extends LongStream> mapper);

    LongStream distinct();

    LongStream sorted();

    LongStream peek(LongConsumer action);

    LongStream limit(long maxSize);

    LongStream skip(long n);

    LongStream takeWhile(LongPredicate predicate);

    LongStream dropWhile(LongPredicate predicate);

    void forEach(LongConsumer action);

    void forEachOrdered(LongConsumer action);

    long[] toArray();

    long reduce(long identity, LongBinaryOperator op);

    OptionalLong reduce(LongBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner);

    long sum();

    OptionalLong min();

    OptionalLong max();

    long count();

    OptionalDouble average();

    java.util.LongSummaryStatistics summaryStatistics();

    boolean anyMatch(LongPredicate predicate);

    boolean allMatch(LongPredicate predicate);

    boolean noneMatch(LongPredicate predicate);

    OptionalLong findFirst();

    OptionalLong findAny();

    Stream<Long> boxed();

    PrimitiveIterator.OfLong iterator();

    LongStream sequential();

    /** gcvm streams are sequential: returns this stream. */
    LongStream parallel();

    static LongStream empty() {
        return LongPipeline.of(new long[0]);
    }

    static LongStream of(long t) {
        return LongPipeline.of(new long[] { t });
    }

    static LongStream of(long... values) {
        return LongPipeline.of(values);
    }

    static LongStream iterate(long seed, LongUnaryOperator f) {
        return LongPipeline.iterate(seed, null, f);
    }

    static LongStream iterate(long seed, LongPredicate hasNext, LongUnaryOperator next) {
        if (hasNext == null) {
            throw new NullPointerException();
        }
        return LongPipeline.iterate(seed, hasNext, next);
    }

    static LongStream generate(LongSupplier s) {
        return LongPipeline.generate(s);
    }

    static LongStream concat(LongStream a, LongStream b) {
        return LongPipeline.concat(a, b);
    }

    static LongStream range(long startInclusive, long endExclusive) {
        return LongPipeline.range(startInclusive, endExclusive, false);
    }

    static LongStream rangeClosed(long startInclusive, long endInclusive) {
        return LongPipeline.range(startInclusive, endInclusive, true);
    }
}
