package java.util.stream;

import java.util.OptionalDouble;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.function.*;

/** A sequence of double values (gcvm: sequential, pull-based; see docs/classlib.md). */
public interface DoubleStream extends BaseStream<Double, DoubleStream> {
    DoubleStream filter(DoublePredicate predicate);

    DoubleStream map(DoubleUnaryOperator mapper);

    <U> Stream<U> mapToObj(DoubleFunction<? extends U> mapper);

    IntStream mapToInt(DoubleToIntFunction mapper);

    LongStream mapToLong(DoubleToLongFunction mapper);

    DoubleStream flatMap(DoubleFunction<? extends DoubleStream> mapper);

    DoubleStream distinct();

    DoubleStream sorted();

    DoubleStream peek(DoubleConsumer action);

    DoubleStream limit(long maxSize);

    DoubleStream skip(long n);

    DoubleStream takeWhile(DoublePredicate predicate);

    DoubleStream dropWhile(DoublePredicate predicate);

    void forEach(DoubleConsumer action);

    void forEachOrdered(DoubleConsumer action);

    double[] toArray();

    double reduce(double identity, DoubleBinaryOperator op);

    OptionalDouble reduce(DoubleBinaryOperator op);

    <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner);

    double sum();

    OptionalDouble min();

    OptionalDouble max();

    long count();

    OptionalDouble average();

    java.util.DoubleSummaryStatistics summaryStatistics();

    boolean anyMatch(DoublePredicate predicate);

    boolean allMatch(DoublePredicate predicate);

    boolean noneMatch(DoublePredicate predicate);

    OptionalDouble findFirst();

    OptionalDouble findAny();

    Stream<Double> boxed();

    PrimitiveIterator.OfDouble iterator();

    DoubleStream sequential();

    /** gcvm streams are sequential: returns this stream. */
    DoubleStream parallel();

    static DoubleStream empty() {
        return DoublePipeline.of(new double[0]);
    }

    static DoubleStream of(double t) {
        return DoublePipeline.of(new double[] { t });
    }

    static DoubleStream of(double... values) {
        return DoublePipeline.of(values);
    }

    static DoubleStream iterate(double seed, DoubleUnaryOperator f) {
        return DoublePipeline.iterate(seed, null, f);
    }

    static DoubleStream iterate(double seed, DoublePredicate hasNext, DoubleUnaryOperator next) {
        if (hasNext == null) {
            throw new NullPointerException();
        }
        return DoublePipeline.iterate(seed, hasNext, next);
    }

    static DoubleStream generate(DoubleSupplier s) {
        return DoublePipeline.generate(s);
    }

    static DoubleStream concat(DoubleStream a, DoubleStream b) {
        return DoublePipeline.concat(a, b);
    }
}
