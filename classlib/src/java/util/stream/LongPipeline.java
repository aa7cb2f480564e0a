package java.util.stream;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.function.*;

/**
 * gcvm's LongStream: a chain of pull iterators built lazily, consumed once by the terminal
 * operation (a second use throws IllegalStateException as in the JDK). Sequential only.
 */
final class LongPipeline implements LongStream {
    private PrimitiveIterator.OfLong source;
    private boolean linked;
    private Runnable closeHandlers;

    LongPipeline(PrimitiveIterator.OfLong source) {
        this.source = source;
    }

    /* Takes this stage's iterator, once. */
    PrimitiveIterator.OfLong take() {
        if (linked) {
            throw new IllegalStateException("stream has already been operated upon or closed");
        }
        linked = true;
        return source;
    }

    private LongPipeline chain(PrimitiveIterator.OfLong it) {
        LongPipeline p = new LongPipeline(it);
        p.closeHandlers = closeHandlers;
        return p;
    }

    static LongPipeline of(final long[] values) {
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            private int i;

            public boolean hasNext() {
                return i < values.length;
            }

            public long nextLong() {
                if (i >= values.length) {
                    throw new NoSuchElementException();
                }
                return values[i++];
            }
        });
    }

    static LongPipeline iterate(final long seed, final LongPredicate hasNext, final LongUnaryOperator f) {
        if (f == null) {
            throw new NullPointerException();
        }
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            private boolean started;
            private boolean finished;
            private long next = seed;

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

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                long v = next;
                next = f.applyAsLong(v);
                started = false;
                return v;
            }
        });
    }

    static LongPipeline generate(final LongSupplier s) {
        if (s == null) {
            throw new NullPointerException();
        }
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return true;
            }

            public long nextLong() {
                return s.getAsLong();
            }
        });
    }

    static LongPipeline concat(LongStream a, LongStream b) {
        final PrimitiveIterator.OfLong x = a.iterator();
        final PrimitiveIterator.OfLong y = b.iterator();
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return x.hasNext() || y.hasNext();
            }

            public long nextLong() {
                return x.hasNext() ? x.nextLong() : y.nextLong();
            }
        });
    }

    static LongPipeline range(final long from, final long to, final boolean closed) {
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            private long next = from;
            private boolean done = closed ? from > to : from >= to;

            public boolean hasNext() {
                return !done;
            }

            public long nextLong() {
                if (done) {
                    throw new NoSuchElementException();
                }
                long v = next;
                if (closed ? v == to : v + 1 >= to) {
                    done = true;
                } else {
                    next = v + 1;
                }
                return v;
            }
        });
    }

    public LongStream filter(final LongPredicate predicate) {
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private boolean ready;
            private long next;

            public boolean hasNext() {
                while (!ready && it.hasNext()) {
                    long v = it.nextLong();
                    if (predicate.test(v)) {
                        next = v;
                        ready = true;
                    }
                }
                return ready;
            }

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public LongStream map(final LongUnaryOperator mapper) {
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public long nextLong() {
                return mapper.applyAsLong(it.nextLong());
            }
        });
    }

    public <U> Stream<U> mapToObj(final LongFunction<? extends U> mapper) {
        final PrimitiveIterator.OfLong it = take();
        return new RefPipeline<U>(new java.util.Iterator<U>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public U next() {
                return mapper.apply(it.nextLong());
            }
        });
    }

    public Stream<Long> boxed() {
        final PrimitiveIterator.OfLong it = take();
        return new RefPipeline<Long>(new java.util.Iterator<Long>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public Long next() {
                return Long.valueOf(it.nextLong());
            }
        });
    }

    public IntStream mapToInt(final LongToIntFunction mapper) {
        final PrimitiveIterator.OfLong it = take();
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public int nextInt() {
                return mapper.applyAsInt(it.nextLong());
            }
        });
    }

    public DoubleStream mapToDouble(final LongToDoubleFunction mapper) {
        final PrimitiveIterator.OfLong it = take();
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public double nextDouble() {
                return mapper.applyAsDouble(it.nextLong());
            }
        });
    }

    public DoubleStream asDoubleStream() {
        return mapToDouble(new LongToDoubleFunction() {
            public double applyAsDouble(long v) {
                return v;
            }
        });
    }

    public LongStream flatMap(final LongFunction<? extends LongStream> mapper) {
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private PrimitiveIterator.OfLong inner;

            public boolean hasNext() {
                while (inner == null || !inner.hasNext()) {
                    if (!it.hasNext()) {
                        return false;
                    }
                    LongStream s = mapper.apply(it.nextLong());
                    inner = s == null ? null : s.iterator();
                }
                return true;
            }

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return inner.nextLong();
            }
        });
    }

    public LongStream distinct() {
        final PrimitiveIterator.OfLong it = take();
        final java.util.HashSet<Long> seen = new java.util.HashSet<Long>();
        return chain(new PrimitiveIterator.OfLong() {
            private boolean ready;
            private long next;

            public boolean hasNext() {
                while (!ready && it.hasNext()) {
                    long v = it.nextLong();
                    if (seen.add(Long.valueOf(v))) {
                        next = v;
                        ready = true;
                    }
                }
                return ready;
            }

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public LongStream sorted() {
        final LongPipeline self = this;
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private long[] sorted;
            private int i;

            public boolean hasNext() {
                if (sorted == null) {
                    sorted = new LongPipeline(it).toArray();
                    Arrays.sort(sorted);
                }
                return i < sorted.length;
            }

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return sorted[i++];
            }
        });
    }

    public LongStream peek(final LongConsumer action) {
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public long nextLong() {
                long v = it.nextLong();
                action.accept(v);
                return v;
            }
        });
    }

    public LongStream limit(final long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private long left = maxSize;

            public boolean hasNext() {
                return left > 0 && it.hasNext();
            }

            public long nextLong() {
                if (left <= 0) {
                    throw new NoSuchElementException();
                }
                left--;
                return it.nextLong();
            }
        });
    }

    public LongStream skip(final long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private long toSkip = n;

            public boolean hasNext() {
                while (toSkip > 0 && it.hasNext()) {
                    it.nextLong();
                    toSkip--;
                }
                return it.hasNext();
            }

            public long nextLong() {
                hasNext();
                return it.nextLong();
            }
        });
    }

    public LongStream takeWhile(final LongPredicate predicate) {
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private boolean ready;
            private boolean done;
            private long next;

            public boolean hasNext() {
                if (!ready && !done && it.hasNext()) {
                    long v = it.nextLong();
                    if (predicate.test(v)) {
                        next = v;
                        ready = true;
                    } else {
                        done = true;
                    }
                }
                return ready;
            }

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public LongStream dropWhile(final LongPredicate predicate) {
        final PrimitiveIterator.OfLong it = take();
        return chain(new PrimitiveIterator.OfLong() {
            private boolean dropping = true;
            private boolean ready;
            private long next;

            public boolean hasNext() {
                while (dropping && it.hasNext()) {
                    long v = it.nextLong();
                    if (!predicate.test(v)) {
                        dropping = false;
                        next = v;
                        ready = true;
                    }
                }
                dropping = false;
                return ready || it.hasNext();
            }

            public long nextLong() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (ready) {
                    ready = false;
                    return next;
                }
                return it.nextLong();
            }
        });
    }

    public void forEach(LongConsumer action) {
        PrimitiveIterator.OfLong it = take();
        while (it.hasNext()) {
            action.accept(it.nextLong());
        }
    }

    public void forEachOrdered(LongConsumer action) {
        forEach(action);
    }

    public long[] toArray() {
        PrimitiveIterator.OfLong it = take();
        long[] a = new long[16];
        int n = 0;
        while (it.hasNext()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = it.nextLong();
        }
        return Arrays.copyOf(a, n);
    }

    public long reduce(long identity, LongBinaryOperator op) {
        PrimitiveIterator.OfLong it = take();
        long r = identity;
        while (it.hasNext()) {
            r = op.applyAsLong(r, it.nextLong());
        }
        return r;
    }

    public OptionalLong reduce(LongBinaryOperator op) {
        PrimitiveIterator.OfLong it = take();
        if (!it.hasNext()) {
            return OptionalLong.empty();
        }
        long r = it.nextLong();
        while (it.hasNext()) {
            r = op.applyAsLong(r, it.nextLong());
        }
        return OptionalLong.of(r);
    }

    public <R> R collect(Supplier<R> supplier, ObjLongConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        PrimitiveIterator.OfLong it = take();
        R r = supplier.get();
        while (it.hasNext()) {
            accumulator.accept(r, it.nextLong());
        }
        return r;
    }

    public long sum() {
        PrimitiveIterator.OfLong it = take();
        long s = 0; while (it.hasNext()) { s += it.nextLong(); } return s;
    }

    public OptionalLong min() {
        return reduce(new LongBinaryOperator() {
            public long applyAsLong(long r, long v) {
                return Math.min(r, v);
            }
        });
    }

    public OptionalLong max() {
        return reduce(new LongBinaryOperator() {
            public long applyAsLong(long r, long v) {
                return Math.max(r, v);
            }
        });
    }

    public long count() {
        PrimitiveIterator.OfLong it = take();
        long n = 0;
        while (it.hasNext()) {
            it.nextLong();
            n++;
        }
        return n;
    }

    public OptionalDouble average() {
        PrimitiveIterator.OfLong it = take();
        long s = 0; long n = 0; while (it.hasNext()) { s += it.nextLong(); n++; } return n == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) s / n);
    }

    public java.util.LongSummaryStatistics summaryStatistics() {
        PrimitiveIterator.OfLong it = take();
        java.util.LongSummaryStatistics s = new java.util.LongSummaryStatistics();
        while (it.hasNext()) {
            s.accept(it.nextLong());
        }
        return s;
    }

    public boolean anyMatch(LongPredicate predicate) {
        PrimitiveIterator.OfLong it = take();
        while (it.hasNext()) {
            if (predicate.test(it.nextLong())) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(LongPredicate predicate) {
        PrimitiveIterator.OfLong it = take();
        while (it.hasNext()) {
            if (!predicate.test(it.nextLong())) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(LongPredicate predicate) {
        return !anyMatch(predicate);
    }

    public OptionalLong findFirst() {
        PrimitiveIterator.OfLong it = take();
        return it.hasNext() ? OptionalLong.of(it.nextLong()) : OptionalLong.empty();
    }

    public OptionalLong findAny() {
        return findFirst();
    }

    public PrimitiveIterator.OfLong iterator() {
        return take();
    }

    public boolean isParallel() {
        return false;
    }

    public LongStream sequential() {
        return this;
    }

    public LongStream parallel() {
        return this;
    }

    public LongStream unordered() {
        return this;
    }

    public LongStream onClose(Runnable closeHandler) {
        closeHandlers = RefPipeline.andThen(closeHandlers, closeHandler);
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
