package java.util.stream;

import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.*;

/** A sequence of objects (gcvm: sequential, pull-based; see docs/classlib.md). */
public interface Stream<T> extends BaseStream<T, Stream<T>> {
    Stream<T> filter(Predicate<? super T> predicate);

    <R> Stream<R> map(Function<? super T, ? extends R> mapper);

    IntStream mapToInt(ToIntFunction<? super T> mapper);

    LongStream mapToLong(ToLongFunction<? super T> mapper);

    DoubleStream mapToDouble(ToDoubleFunction<? super T> mapper);

    <R> Stream<R> flatMap(Function<? super T, ? extends Stream<? extends R>> mapper);

    IntStream flatMapToInt(Function<? super T, ? extends IntStream> mapper);

    <R> Stream<R> mapMulti(BiConsumer<? super T, ? super Consumer<R>> mapper);

    Stream<T> distinct();

    Stream<T> sorted();

    Stream<T> sorted(Comparator<? super T> comparator);

    Stream<T> peek(Consumer<? super T> action);

    Stream<T> limit(long maxSize);

    Stream<T> skip(long n);

    Stream<T> takeWhile(Predicate<? super T> predicate);

    Stream<T> dropWhile(Predicate<? super T> predicate);

    void forEach(Consumer<? super T> action);

    void forEachOrdered(Consumer<? super T> action);

    Object[] toArray();

    <A> A[] toArray(IntFunction<A[]> generator);

    T reduce(T identity, BinaryOperator<T> accumulator);

    Optional<T> reduce(BinaryOperator<T> accumulator);

    <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner);

    <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner);

    <R, A> R collect(Collector<? super T, A, R> collector);

    List<T> toList();

    Optional<T> min(Comparator<? super T> comparator);

    Optional<T> max(Comparator<? super T> comparator);

    long count();

    boolean anyMatch(Predicate<? super T> predicate);

    boolean allMatch(Predicate<? super T> predicate);

    boolean noneMatch(Predicate<? super T> predicate);

    Optional<T> findFirst();

    Optional<T> findAny();

    static <T> Stream<T> empty() {
        return RefPipeline.ofArray(new Object[0]);
    }

    static <T> Stream<T> of(T t) {
        return RefPipeline.ofArray(new Object[] { t });
    }

    static <T> Stream<T> ofNullable(T t) {
        return t == null ? RefPipeline.<T>ofArray(new Object[0]) : RefPipeline.<T>ofArray(new Object[] { t });
    }

    @SafeVarargs
    static <T> Stream<T> of(T... values) {
        return RefPipeline.ofArray(values);
    }

    static <T> Stream<T> iterate(T seed, UnaryOperator<T> f) {
        return RefPipeline.iterate(seed, null, f);
    }

    static <T> Stream<T> iterate(T seed, Predicate<? super T> hasNext, UnaryOperator<T> next) {
        if (hasNext == null) {
            throw new NullPointerException();
        }
        return RefPipeline.iterate(seed, hasNext, next);
    }

    static <T> Stream<T> generate(Supplier<? extends T> s) {
        return RefPipeline.generate(s);
    }

    static <T> Stream<T> concat(Stream<? extends T> a, Stream<? extends T> b) {
        return RefPipeline.concat(a, b);
    }

    static <T> Builder<T> builder() {
        return new RefPipeline.ListBuilder<T>();
    }

    interface Builder<T> extends Consumer<T> {
        void accept(T t);

        default Builder<T> add(T t) {
            accept(t);
            return this;
        }

        Stream<T> build();
    }
}
