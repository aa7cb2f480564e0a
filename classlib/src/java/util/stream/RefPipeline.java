package java.util.stream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.function.*;

/**
 * gcvm's Stream: a chain of pull iterators built lazily and consumed once by the terminal
 * operation (a second use throws IllegalStateException as in the JDK). Sequential only:
 * parallel() returns the same stream. Elements are produced one at a time through the whole
 * chain, so short-circuiting (limit, findFirst, anyMatch, takeWhile) works on infinite streams
 * and peek/map side effects interleave as in the JDK's sequential pipelines.
 */
final class RefPipeline<T> implements Stream<T> {
    private Iterator<T> source;
    private boolean linked;
    private Runnable closeHandlers;

    RefPipeline(Iterator<T> source) {
        this.source = source;
    }

    /** A stream over `it` (Collection.stream(), Arrays.stream(...)). */
    public static <T> Stream<T> fromIterator(Iterator<T> it) {
        return new RefPipeline<T>(it);
    }

    Iterator<T> take() {
        if (linked) {
            throw new IllegalStateException("stream has already been operated upon or closed");
        }
        linked = true;
        return source;
    }

    private <R> RefPipeline<R> chain(Iterator<R> it) {
        RefPipeline<R> p = new RefPipeline<R>(it);
        p.closeHandlers = closeHandlers;
        return p;
    }

    static Runnable andThen(final Runnable first, final Runnable second) {
        if (second == null) {
            throw new NullPointerException();
        }
        if (first == null) {
            return second;
        }
        return new Runnable() {
            public void run() {
                try {
                    first.run();
                } finally {
                    second.run();
                }
            }
        };
    }

    @SuppressWarnings("unchecked")
    static <T> Stream<T> ofArray(final Object[] values) {
        return new RefPipeline<T>(new Iterator<T>() {
            private int i;

            public boolean hasNext() {
                return i < values.length;
            }

            public T next() {
                if (i >= values.length) {
                    throw new NoSuchElementException();
                }
                return (T) values[i++];
            }
        });
    }

    static <T> Stream<T> iterate(final T seed, final Predicate<? super T> hasNext, final UnaryOperator<T> f) {
        if (f == null) {
            throw new NullPointerException();
        }
        return new RefPipeline<T>(new Iterator<T>() {
            private boolean started;
            private boolean finished;
            private T next = seed;

            public boolean hasNext() {
                if (finished) {
                    return false;
                }
                if (started) {
                    return true;
                }
                started = true;
                if (hasNext != null && !hasNext.test(next)) {
                    finished = true;
                    return false;
                }
                return true;
            }

            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                T v = next;
                next = f.apply(v);
                started = false;
                return v;
            }
        });
    }

    static <T> Stream<T> generate(final Supplier<? extends T> s) {
        if (s == null) {
            throw new NullPointerException();
        }
        return new RefPipeline<T>(new Iterator<T>() {
            public boolean hasNext() {
                return true;
            }

            public T next() {
                return s.get();
            }
        });
    }

    static <T> Stream<T> concat(Stream<? extends T> a, Stream<? extends T> b) {
        final Iterator<? extends T> x = a.iterator();
        final Iterator<? extends T> y = b.iterator();
        return new RefPipeline<T>(new Iterator<T>() {
            public boolean hasNext() {
                return x.hasNext() || y.hasNext();
            }

            public T next() {
                return x.hasNext() ? x.next() : y.next();
            }
        });
    }

    static final class ListBuilder<T> implements Stream.Builder<T> {
        private ArrayList<T> items = new ArrayList<T>();

        public void accept(T t) {
            if (items == null) {
                throw new IllegalStateException();
            }
            items.add(t);
        }

        public Stream<T> build() {
            if (items == null) {
                throw new IllegalStateException();
            }
            Iterator<T> it = items.iterator();
            items = null;
            return new RefPipeline<T>(it);
        }
    }

    /** Yields the upstream elements a subclass accepts; subclasses set `next` and return true. */
    private abstract static class Filtering<T> implements Iterator<T> {
        final Iterator<? extends Object> it;
        boolean ready;
        boolean done;
        T next;

        Filtering(Iterator<? extends Object> it) {
            this.it = it;
        }

        abstract boolean offer(Object v);

        public boolean hasNext() {
            while (!ready && !done && it.hasNext()) {
                ready = offer(it.next());
            }
            return ready;
        }

        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            ready = false;
            T v = next;
            next = null;
            return v;
        }
    }

    public Stream<T> filter(final Predicate<? super T> predicate) {
        if (predicate == null) {
            throw new NullPointerException();
        }
        return chain(new Filtering<T>(take()) {
            @SuppressWarnings("unchecked")
            boolean offer(Object v) {
                if (predicate.test((T) v)) {
                    next = (T) v;
                    return true;
                }
                return false;
            }
        });
    }

    public <R> Stream<R> map(final Function<? super T, ? extends R> mapper) {
        if (mapper == null) {
            throw new NullPointerException();
        }
        final Iterator<T> it = take();
        return chain(new Iterator<R>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public R next() {
                return mapper.apply(it.next());
            }
        });
    }

    public IntStream mapToInt(final ToIntFunction<? super T> mapper) {
        final Iterator<T> it = take();
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public int nextInt() {
                return mapper.applyAsInt(it.next());
            }
        });
    }

    public LongStream mapToLong(final ToLongFunction<? super T> mapper) {
        final Iterator<T> it = take();
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public long nextLong() {
                return mapper.applyAsLong(it.next());
            }
        });
    }

    public DoubleStream mapToDouble(final ToDoubleFunction<? super T> mapper) {
        final Iterator<T> it = take();
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public double nextDouble() {
                return mapper.applyAsDouble(it.next());
            }
        });
    }

    public <R> Stream<R> flatMap(final Function<? super T, ? extends Stream<? extends R>> mapper) {
        final Iterator<T> it = take();
        return chain(new Iterator<R>() {
            private Iterator<? extends R> inner;

            public boolean hasNext() {
                while (inner == null || !inner.hasNext()) {
                    if (!it.hasNext()) {
                        return false;
                    }
                    Stream<? extends R> s = mapper.apply(it.next());
                    inner = s == null ? null : s.iterator();
                }
                return true;
            }

            public R next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return inner.next();
            }
        });
    }

    public IntStream flatMapToInt(final Function<? super T, ? extends IntStream> mapper) {
        final Iterator<T> it = take();
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            private PrimitiveIterator.OfInt inner;

            public boolean hasNext() {
                while (inner == null || !inner.hasNext()) {
                    if (!it.hasNext()) {
                        return false;
                    }
                    IntStream s = mapper.apply(it.next());
                    inner = s == null ? null : s.iterator();
                }
                return true;
            }

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return inner.nextInt();
            }
        });
    }

    public <R> Stream<R> mapMulti(final BiConsumer<? super T, ? super Consumer<R>> mapper) {
        final Iterator<T> it = take();
        return chain(new Iterator<R>() {
            private final ArrayList<R> buffer = new ArrayList<R>();
            private int i;

            public boolean hasNext() {
                while (i == buffer.size()) {
                    if (!it.hasNext()) {
                        return false;
                    }
                    buffer.clear();
                    i = 0;
                    mapper.accept(it.next(), new Consumer<R>() {
                        public void accept(R r) {
                            buffer.add(r);
                        }
                    });
                }
                return true;
            }

            public R next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return buffer.get(i++);
            }
        });
    }

    public Stream<T> distinct() {
        final HashSet<Object> seen = new HashSet<Object>();
        return chain(new Filtering<T>(take()) {
            @SuppressWarnings("unchecked")
            boolean offer(Object v) {
                if (seen.add(v)) {
                    next = (T) v;
                    return true;
                }
                return false;
            }
        });
    }

    public Stream<T> sorted() {
        return sorted(null);
    }

    public Stream<T> sorted(final Comparator<? super T> comparator) {
        final Iterator<T> it = take();
        return chain(new Iterator<T>() {
            private Object[] sorted;
            private int i;

            @SuppressWarnings("unchecked")
            public boolean hasNext() {
                if (sorted == null) {
                    ArrayList<T> all = new ArrayList<T>();
                    while (it.hasNext()) {
                        all.add(it.next());
                    }
                    sorted = all.toArray();
                    if (comparator == null) {
                        Arrays.sort(sorted);
                    } else {
                        Arrays.sort((T[]) sorted, comparator);
                    }
                }
                return i < sorted.length;
            }

            @SuppressWarnings("unchecked")
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return (T) sorted[i++];
            }
        });
    }

    public Stream<T> peek(final Consumer<? super T> action) {
        final Iterator<T> it = take();
        return chain(new Iterator<T>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public T next() {
                T v = it.next();
                action.accept(v);
                return v;
            }
        });
    }

    public Stream<T> limit(final long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        final Iterator<T> it = take();
        return chain(new Iterator<T>() {
            private long left = maxSize;

            public boolean hasNext() {
                return left > 0 && it.hasNext();
            }

            public T next() {
                if (left <= 0) {
                    throw new NoSuchElementException();
                }
                left--;
                return it.next();
            }
        });
    }

    public Stream<T> skip(final long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        final Iterator<T> it = take();
        return chain(new Iterator<T>() {
            private long toSkip = n;

            public boolean hasNext() {
                while (toSkip > 0 && it.hasNext()) {
                    it.next();
                    toSkip--;
                }
                return it.hasNext();
            }

            public T next() {
                hasNext();
                return it.next();
            }
        });
    }

    public Stream<T> takeWhile(final Predicate<? super T> predicate) {
        return chain(new Filtering<T>(take()) {
            @SuppressWarnings("unchecked")
            boolean offer(Object v) {
                if (predicate.test((T) v)) {
                    next = (T) v;
                    return true;
                }
                done = true;
                return false;
            }
        });
    }

    public Stream<T> dropWhile(final Predicate<? super T> predicate) {
        return chain(new Filtering<T>(take()) {
            private boolean dropping = true;

            @SuppressWarnings("unchecked")
            boolean offer(Object v) {
                if (dropping && predicate.test((T) v)) {
                    return false;
                }
                dropping = false;
                next = (T) v;
                return true;
            }
        });
    }

    public void forEach(Consumer<? super T> action) {
        Iterator<T> it = take();
        while (it.hasNext()) {
            action.accept(it.next());
        }
    }

    public void forEachOrdered(Consumer<? super T> action) {
        forEach(action);
    }

    private ArrayList<T> drain() {
        Iterator<T> it = take();
        ArrayList<T> all = new ArrayList<T>();
        while (it.hasNext()) {
            all.add(it.next());
        }
        return all;
    }

    public Object[] toArray() {
        return drain().toArray();
    }

    @SuppressWarnings("unchecked")
    public <A> A[] toArray(IntFunction<A[]> generator) {
        ArrayList<T> all = drain();
        A[] a = generator.apply(all.size());
        if (a.length != all.size()) {
            throw new IllegalStateException("Begin size " + all.size() + " is not equal to fixed size " + a.length);
        }
        for (int i = 0; i < a.length; i++) {
            ((Object[]) a)[i] = all.get(i);
        }
        return a;
    }

    public T reduce(T identity, BinaryOperator<T> accumulator) {
        Iterator<T> it = take();
        T r = identity;
        while (it.hasNext()) {
            r = accumulator.apply(r, it.next());
        }
        return r;
    }

    public Optional<T> reduce(BinaryOperator<T> accumulator) {
        Iterator<T> it = take();
        if (!it.hasNext()) {
            return Optional.empty();
        }
        T r = it.next();
        while (it.hasNext()) {
            r = accumulator.apply(r, it.next());
        }
        return Optional.of(r);
    }

    public <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
        Iterator<T> it = take();
        U r = identity;
        while (it.hasNext()) {
            r = accumulator.apply(r, it.next());
        }
        return r;
    }

    public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
        Iterator<T> it = take();
        R r = supplier.get();
        while (it.hasNext()) {
            accumulator.accept(r, it.next());
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    public <R, A> R collect(Collector<? super T, A, R> collector) {
        Iterator<T> it = take();
        A container = collector.supplier().get();
        BiConsumer<A, ? super T> acc = collector.accumulator();
        while (it.hasNext()) {
            ((BiConsumer<A, T>) acc).accept(container, it.next());
        }
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return (R) container;
        }
        return collector.finisher().apply(container);
    }

    public List<T> toList() {
        return Collections.unmodifiableList(drain());
    }

    public Optional<T> min(final Comparator<? super T> comparator) {
        return reduce(new BinaryOperator<T>() {
            public T apply(T a, T b) {
                return comparator.compare(a, b) <= 0 ? a : b;
            }
        });
    }

    public Optional<T> max(final Comparator<? super T> comparator) {
        return reduce(new BinaryOperator<T>() {
            public T apply(T a, T b) {
                return comparator.compare(a, b) >= 0 ? a : b;
            }
        });
    }

    public long count() {
        Iterator<T> it = take();
        long n = 0;
        while (it.hasNext()) {
            it.next();
            n++;
        }
        return n;
    }

    public boolean anyMatch(Predicate<? super T> predicate) {
        Iterator<T> it = take();
        while (it.hasNext()) {
            if (predicate.test(it.next())) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(Predicate<? super T> predicate) {
        Iterator<T> it = take();
        while (it.hasNext()) {
            if (!predicate.test(it.next())) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(Predicate<? super T> predicate) {
        return !anyMatch(predicate);
    }

    public Optional<T> findFirst() {
        Iterator<T> it = take();
        return it.hasNext() ? Optional.of(it.next()) : Optional.<T>empty();
    }

    public Optional<T> findAny() {
        return findFirst();
    }

    public Iterator<T> iterator() {
        return take();
    }

    public boolean isParallel() {
        return false;
    }

    public Stream<T> sequential() {
        return this;
    }

    public Stream<T> parallel() {
        return this;
    }

    public Stream<T> unordered() {
        return this;
    }

    public Stream<T> onClose(Runnable closeHandler) {
        closeHandlers = andThen(closeHandlers, closeHandler);
        return this;
    }

    public void close() {
        linked = true;
        Runnable r = closeHandlers;
        closeHandlers = null;
        if (r != null) {
            r.run();
        }
    }
}
