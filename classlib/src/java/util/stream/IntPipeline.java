package java.util.stream;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.OptionalInt;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.function.*;

/**
 * gcvm's IntStream: a chain of pull iterators built lazily, consumed once by the terminal
 * operation (a second use throws IllegalStateException as in the JDK). Sequential only.
 */
final class IntPipeline implements IntStream {
    private PrimitiveIterator.OfInt source;
    private boolean linked;
    private Runnable closeHandlers;

    IntPipeline(PrimitiveIterator.OfInt source) {
        this.source = source;
    }

    /* Takes this stage's iterator, once. */
    PrimitiveIterator.OfInt take() {
        if (linked) {
            throw new IllegalStateException("stream has already been operated upon or closed");
        }
        linked = true;
        return source;
    }

    private IntPipeline chain(PrimitiveIterator.OfInt it) {
        IntPipeline p = new IntPipeline(it);
        p.closeHandlers = closeHandlers;
        return p;
    }

    static IntPipeline of(final int[] values) {
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            private int i;

            public boolean hasNext() {
                return i < values.length;
            }

            public int nextInt() {
                if (i >= values.length) {
                    throw new NoSuchElementException();
                }
                return values[i++];
            }
        });
    }

    static IntPipeline iterate(final int seed, final IntPredicate hasNext, final IntUnaryOperator f) {
        if (f == null) {
            throw new NullPointerException();
        }
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            private boolean started;
            private boolean finished;
            private int next = seed;

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

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                int v = next;
                next = f.applyAsInt(v);
                started = false;
                return v;
            }
        });
    }

    static IntPipeline generate(final IntSupplier s) {
        if (s == null) {
            throw new NullPointerException();
        }
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return true;
            }

            public int nextInt() {
                return s.getAsInt();
            }
        });
    }

    static IntPipeline concat(IntStream a, IntStream b) {
        final PrimitiveIterator.OfInt x = a.iterator();
        final PrimitiveIterator.OfInt y = b.iterator();
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return x.hasNext() || y.hasNext();
            }

            public int nextInt() {
                return x.hasNext() ? x.nextInt() : y.nextInt();
            }
        });
    }

    static IntPipeline range(final int from, final int to, final boolean closed) {
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            private int next = from;
            private boolean done = closed ? from > to : from >= to;

            public boolean hasNext() {
                return !done;
            }

            public int nextInt() {
                if (done) {
                    throw new NoSuchElementException();
                }
                int v = next;
                if (closed ? v == to : v + 1 >= to) {
                    done = true;
                } else {
                    next = v + 1;
                }
                return v;
            }
        });
    }

    public IntStream filter(final IntPredicate predicate) {
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private boolean ready;
            private int next;

            public boolean hasNext() {
                while (!ready && it.hasNext()) {
                    int v = it.nextInt();
                    if (predicate.test(v)) {
                        next = v;
                        ready = true;
                    }
                }
                return ready;
            }

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public IntStream map(final IntUnaryOperator mapper) {
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public int nextInt() {
                return mapper.applyAsInt(it.nextInt());
            }
        });
    }

    public <U> Stream<U> mapToObj(final IntFunction<? extends U> mapper) {
        final PrimitiveIterator.OfInt it = take();
        return new RefPipeline<U>(new java.util.Iterator<U>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public U next() {
                return mapper.apply(it.nextInt());
            }
        });
    }

    public Stream<Integer> boxed() {
        final PrimitiveIterator.OfInt it = take();
        return new RefPipeline<Integer>(new java.util.Iterator<Integer>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public Integer next() {
                return Integer.valueOf(it.nextInt());
            }
        });
    }

    public LongStream mapToLong(final IntToLongFunction mapper) {
        final PrimitiveIterator.OfInt it = take();
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public long nextLong() {
                return mapper.applyAsLong(it.nextInt());
            }
        });
    }

    public DoubleStream mapToDouble(final IntToDoubleFunction mapper) {
        final PrimitiveIterator.OfInt it = take();
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public double nextDouble() {
                return mapper.applyAsDouble(it.nextInt());
            }
        });
    }

    public LongStream asLongStream() {
        return mapToLong(new IntToLongFunction() {
            public long applyAsLong(int v) {
                return v;
            }
        });
    }

    public DoubleStream asDoubleStream() {
        return mapToDouble(new IntToDoubleFunction() {
            public double applyAsDouble(int v) {
                return v;
            }
        });
    }

    public IntStream flatMap(final IntFunction<? extends IntStream> mapper) {
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private PrimitiveIterator.OfInt inner;

            public boolean hasNext() {
                while (inner == null || !inner.hasNext()) {
                    if (!it.hasNext()) {
                        return false;
                    }
                    IntStream s = mapper.apply(it.nextInt());
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

    public IntStream distinct() {
        final PrimitiveIterator.OfInt it = take();
        final java.util.HashSet<Integer> seen = new java.util.HashSet<Integer>();
        return chain(new PrimitiveIterator.OfInt() {
            private boolean ready;
            private int next;

            public boolean hasNext() {
                while (!ready && it.hasNext()) {
                    int v = it.nextInt();
                    if (seen.add(Integer.valueOf(v))) {
                        next = v;
                        ready = true;
                    }
                }
                return ready;
            }

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public IntStream sorted() {
        final IntPipeline self = this;
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private int[] sorted;
            private int i;

            public boolean hasNext() {
                if (sorted == null) {
                    sorted = new IntPipeline(it).toArray();
                    Arrays.sort(sorted);
                }
                return i < sorted.length;
            }

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return sorted[i++];
            }
        });
    }

    public IntStream peek(final IntConsumer action) {
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public int nextInt() {
                int v = it.nextInt();
                action.accept(v);
                return v;
            }
        });
    }

    public IntStream limit(final long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private long left = maxSize;

            public boolean hasNext() {
                return left > 0 && it.hasNext();
            }

            public int nextInt() {
                if (left <= 0) {
                    throw new NoSuchElementException();
                }
                left--;
                return it.nextInt();
            }
        });
    }

    public IntStream skip(final long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private long toSkip = n;

            public boolean hasNext() {
                while (toSkip > 0 && it.hasNext()) {
                    it.nextInt();
                    toSkip--;
                }
                return it.hasNext();
            }

            public int nextInt() {
                hasNext();
                return it.nextInt();
            }
        });
    }

    public IntStream takeWhile(final IntPredicate predicate) {
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private boolean ready;
            private boolean done;
            private int next;

            public boolean hasNext() {
                if (!ready && !done && it.hasNext()) {
                    int v = it.nextInt();
                    if (predicate.test(v)) {
                        next = v;
                        ready = true;
                    } else {
                        done = true;
                    }
                }
                return ready;
            }

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public IntStream dropWhile(final IntPredicate predicate) {
        final PrimitiveIterator.OfInt it = take();
        return chain(new PrimitiveIterator.OfInt() {
            private boolean dropping = true;
            private boolean ready;
            private int next;

            public boolean hasNext() {
                while (dropping && it.hasNext()) {
                    int v = it.nextInt();
                    if (!predicate.test(v)) {
                        dropping = false;
                        next = v;
                        ready = true;
                    }
                }
                dropping = false;
                return ready || it.hasNext();
            }

            public int nextInt() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (ready) {
                    ready = false;
                    return next;
                }
                return it.nextInt();
            }
        });
    }

    public void forEach(IntConsumer action) {
        PrimitiveIterator.OfInt it = take();
        while (it.hasNext()) {
            action.accept(it.nextInt());
        }
    }

    public void forEachOrdered(IntConsumer action) {
        forEach(action);
    }

    public int[] toArray() {
        PrimitiveIterator.OfInt it = take();
        int[] a = new int[16];
        int n = 0;
        while (it.hasNext()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = it.nextInt();
        }
        return Arrays.copyOf(a, n);
    }

    public int reduce(int identity, IntBinaryOperator op) {
        PrimitiveIterator.OfInt it = take();
        int r = identity;
        while (it.hasNext()) {
            r = op.applyAsInt(r, it.nextInt());
        }
        return r;
    }

    public OptionalInt reduce(IntBinaryOperator op) {
        PrimitiveIterator.OfInt it = take();
        if (!it.hasNext()) {
            return OptionalInt.empty();
        }
        int r = it.nextInt();
        while (it.hasNext()) {
            r = op.applyAsInt(r, it.nextInt());
        }
        return OptionalInt.of(r);
    }

    public <R> R collect(Supplier<R> supplier, ObjIntConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        PrimitiveIterator.OfInt it = take();
        R r = supplier.get();
        while (it.hasNext()) {
            accumulator.accept(r, it.nextInt());
        }
        return r;
    }

    public int sum() {
        PrimitiveIterator.OfInt it = take();
        long s = 0; while (it.hasNext()) { s += it.nextInt(); } return (int) s;
    }

    public OptionalInt min() {
        return reduce(new IntBinaryOperator() {
            public int applyAsInt(int r, int v) {
                return Math.min(r, v);
            }
        });
    }

    public OptionalInt max() {
        return reduce(new IntBinaryOperator() {
            public int applyAsInt(int r, int v) {
                return Math.max(r, v);
            }
        });
    }

    public long count() {
        PrimitiveIterator.OfInt it = take();
        long n = 0;
        while (it.hasNext()) {
            it.nextInt();
            n++;
        }
        return n;
    }

    public OptionalDouble average() {
        PrimitiveIterator.OfInt it = take();
        long s = 0; long n = 0; while (it.hasNext()) { s += it.nextInt(); n++; } return n == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) s / n);
    }

    public java.util.IntSummaryStatistics summaryStatistics() {
        PrimitiveIterator.OfInt it = take();
        java.util.IntSummaryStatistics s = new java.util.IntSummaryStatistics();
        while (it.hasNext()) {
            s.accept(it.nextInt());
        }
        return s;
    }

    public boolean anyMatch(IntPredicate predicate) {
        PrimitiveIterator.OfInt it = take();
        while (it.hasNext()) {
            if (predicate.test(it.nextInt())) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(IntPredicate predicate) {
        PrimitiveIterator.OfInt it = take();
        while (it.hasNext()) {
            if (!predicate.test(it.nextInt())) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(IntPredicate predicate) {
        return !anyMatch(predicate);
    }

    public OptionalInt findFirst() {
        PrimitiveIterator.OfInt it = take();
        return it.hasNext() ? OptionalInt.of(it.nextInt()) : OptionalInt.empty();
    }

    public OptionalInt findAny() {
        return findFirst();
    }

    public PrimitiveIterator.OfInt iterator() {
        return take();
    }

    public boolean isParallel() {
        return false;
    }

    public IntStream sequential() {
        return this;
    }

    public IntStream parallel() {
        return this;
    }

    public IntStream unordered() {
        return this;
    }

    public IntStream onClose(Runnable closeHandler) {
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
