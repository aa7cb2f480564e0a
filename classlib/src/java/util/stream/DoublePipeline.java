package java.util.stream;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.OptionalDouble;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.function.*;

/**
 * gcvm's DoubleStream: a chain of pull iterators built lazily, consumed once by the terminal
 * operation (a second use throws IllegalStateException as in the JDK). Sequential only.
 */
final class DoublePipeline implements DoubleStream {
    private PrimitiveIterator.OfDouble source;
    private boolean linked;
    private Runnable closeHandlers;

    DoublePipeline(PrimitiveIterator.OfDouble source) {
        this.source = source;
    }

    /* Takes this stage's iterator, once. */
    PrimitiveIterator.OfDouble take() {
        if (linked) {
            throw new IllegalStateException("stream has already been operated upon or closed");
        }
        linked = true;
        return source;
    }

    private DoublePipeline chain(PrimitiveIterator.OfDouble it) {
        DoublePipeline p = new DoublePipeline(it);
        p.closeHandlers = closeHandlers;
        return p;
    }

    static DoublePipeline of(final double[] values) {
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            private int i;

            public boolean hasNext() {
                return i < values.length;
            }

            public double nextDouble() {
                if (i >= values.length) {
                    throw new NoSuchElementException();
                }
                return values[i++];
            }
        });
    }

    static DoublePipeline iterate(final double seed, final DoublePredicate hasNext, final DoubleUnaryOperator f) {
        if (f == null) {
            throw new NullPointerException();
        }
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            private boolean started;
            private boolean finished;
            private double next = seed;

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

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                double v = next;
                next = f.applyAsDouble(v);
                started = false;
                return v;
            }
        });
    }

    static DoublePipeline generate(final DoubleSupplier s) {
        if (s == null) {
            throw new NullPointerException();
        }
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return true;
            }

            public double nextDouble() {
                return s.getAsDouble();
            }
        });
    }

    static DoublePipeline concat(DoubleStream a, DoubleStream b) {
        final PrimitiveIterator.OfDouble x = a.iterator();
        final PrimitiveIterator.OfDouble y = b.iterator();
        return new DoublePipeline(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return x.hasNext() || y.hasNext();
            }

            public double nextDouble() {
                return x.hasNext() ? x.nextDouble() : y.nextDouble();
            }
        });
    }

    public DoubleStream filter(final DoublePredicate predicate) {
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private boolean ready;
            private double next;

            public boolean hasNext() {
                while (!ready && it.hasNext()) {
                    double v = it.nextDouble();
                    if (predicate.test(v)) {
                        next = v;
                        ready = true;
                    }
                }
                return ready;
            }

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public DoubleStream map(final DoubleUnaryOperator mapper) {
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public double nextDouble() {
                return mapper.applyAsDouble(it.nextDouble());
            }
        });
    }

    public <U> Stream<U> mapToObj(final DoubleFunction<? extends U> mapper) {
        final PrimitiveIterator.OfDouble it = take();
        return new RefPipeline<U>(new java.util.Iterator<U>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public U next() {
                return mapper.apply(it.nextDouble());
            }
        });
    }

    public Stream<Double> boxed() {
        final PrimitiveIterator.OfDouble it = take();
        return new RefPipeline<Double>(new java.util.Iterator<Double>() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public Double next() {
                return Double.valueOf(it.nextDouble());
            }
        });
    }

    public IntStream mapToInt(final DoubleToIntFunction mapper) {
        final PrimitiveIterator.OfDouble it = take();
        return new IntPipeline(new PrimitiveIterator.OfInt() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public int nextInt() {
                return mapper.applyAsInt(it.nextDouble());
            }
        });
    }

    public LongStream mapToLong(final DoubleToLongFunction mapper) {
        final PrimitiveIterator.OfDouble it = take();
        return new LongPipeline(new PrimitiveIterator.OfLong() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public long nextLong() {
                return mapper.applyAsLong(it.nextDouble());
            }
        });
    }

    public DoubleStream flatMap(final DoubleFunction<? extends DoubleStream> mapper) {
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private PrimitiveIterator.OfDouble inner;

            public boolean hasNext() {
                while (inner == null || !inner.hasNext()) {
                    if (!it.hasNext()) {
                        return false;
                    }
                    DoubleStream s = mapper.apply(it.nextDouble());
                    inner = s == null ? null : s.iterator();
                }
                return true;
            }

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return inner.nextDouble();
            }
        });
    }

    public DoubleStream distinct() {
        final PrimitiveIterator.OfDouble it = take();
        final java.util.HashSet<Double> seen = new java.util.HashSet<Double>();
        return chain(new PrimitiveIterator.OfDouble() {
            private boolean ready;
            private double next;

            public boolean hasNext() {
                while (!ready && it.hasNext()) {
                    double v = it.nextDouble();
                    if (seen.add(Double.valueOf(v))) {
                        next = v;
                        ready = true;
                    }
                }
                return ready;
            }

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public DoubleStream sorted() {
        final DoublePipeline self = this;
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private double[] sorted;
            private int i;

            public boolean hasNext() {
                if (sorted == null) {
                    sorted = new DoublePipeline(it).toArray();
                    Arrays.sort(sorted);
                }
                return i < sorted.length;
            }

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return sorted[i++];
            }
        });
    }

    public DoubleStream peek(final DoubleConsumer action) {
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            public boolean hasNext() {
                return it.hasNext();
            }

            public double nextDouble() {
                double v = it.nextDouble();
                action.accept(v);
                return v;
            }
        });
    }

    public DoubleStream limit(final long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private long left = maxSize;

            public boolean hasNext() {
                return left > 0 && it.hasNext();
            }

            public double nextDouble() {
                if (left <= 0) {
                    throw new NoSuchElementException();
                }
                left--;
                return it.nextDouble();
            }
        });
    }

    public DoubleStream skip(final long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private long toSkip = n;

            public boolean hasNext() {
                while (toSkip > 0 && it.hasNext()) {
                    it.nextDouble();
                    toSkip--;
                }
                return it.hasNext();
            }

            public double nextDouble() {
                hasNext();
                return it.nextDouble();
            }
        });
    }

    public DoubleStream takeWhile(final DoublePredicate predicate) {
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private boolean ready;
            private boolean done;
            private double next;

            public boolean hasNext() {
                if (!ready && !done && it.hasNext()) {
                    double v = it.nextDouble();
                    if (predicate.test(v)) {
                        next = v;
                        ready = true;
                    } else {
                        done = true;
                    }
                }
                return ready;
            }

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return next;
            }
        });
    }

    public DoubleStream dropWhile(final DoublePredicate predicate) {
        final PrimitiveIterator.OfDouble it = take();
        return chain(new PrimitiveIterator.OfDouble() {
            private boolean dropping = true;
            private boolean ready;
            private double next;

            public boolean hasNext() {
                while (dropping && it.hasNext()) {
                    double v = it.nextDouble();
                    if (!predicate.test(v)) {
                        dropping = false;
                        next = v;
                        ready = true;
                    }
                }
                dropping = false;
                return ready || it.hasNext();
            }

            public double nextDouble() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (ready) {
                    ready = false;
                    return next;
                }
                return it.nextDouble();
            }
        });
    }

    public void forEach(DoubleConsumer action) {
        PrimitiveIterator.OfDouble it = take();
        while (it.hasNext()) {
            action.accept(it.nextDouble());
        }
    }

    public void forEachOrdered(DoubleConsumer action) {
        forEach(action);
    }

    public double[] toArray() {
        PrimitiveIterator.OfDouble it = take();
        double[] a = new double[16];
        int n = 0;
        while (it.hasNext()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = it.nextDouble();
        }
        return Arrays.copyOf(a, n);
    }

    public double reduce(double identity, DoubleBinaryOperator op) {
        PrimitiveIterator.OfDouble it = take();
        double r = identity;
        while (it.hasNext()) {
            r = op.applyAsDouble(r, it.nextDouble());
        }
        return r;
    }

    public OptionalDouble reduce(DoubleBinaryOperator op) {
        PrimitiveIterator.OfDouble it = take();
        if (!it.hasNext()) {
            return OptionalDouble.empty();
        }
        double r = it.nextDouble();
        while (it.hasNext()) {
            r = op.applyAsDouble(r, it.nextDouble());
        }
        return OptionalDouble.of(r);
    }

    public <R> R collect(Supplier<R> supplier, ObjDoubleConsumer<R> accumulator, BiConsumer<R, R> combiner) {
        PrimitiveIterator.OfDouble it = take();
        R r = supplier.get();
        while (it.hasNext()) {
            accumulator.accept(r, it.nextDouble());
        }
        return r;
    }

    public double sum() {
        PrimitiveIterator.OfDouble it = take();
        java.util.DoubleSummaryStatistics st = new java.util.DoubleSummaryStatistics(); while (it.hasNext()) { st.accept(it.nextDouble()); } return st.getSum();
    }

    public OptionalDouble min() {
        return reduce(new DoubleBinaryOperator() {
            public double applyAsDouble(double r, double v) {
                return Math.min(r, v);
            }
        });
    }

    public OptionalDouble max() {
        return reduce(new DoubleBinaryOperator() {
            public double applyAsDouble(double r, double v) {
                return Math.max(r, v);
            }
        });
    }

    public long count() {
        PrimitiveIterator.OfDouble it = take();
        long n = 0;
        while (it.hasNext()) {
            it.nextDouble();
            n++;
        }
        return n;
    }

    public OptionalDouble average() {
        PrimitiveIterator.OfDouble it = take();
        java.util.DoubleSummaryStatistics st = new java.util.DoubleSummaryStatistics(); while (it.hasNext()) { st.accept(it.nextDouble()); } return st.getCount() == 0 ? OptionalDouble.empty() : OptionalDouble.of(st.getAverage());
    }

    public java.util.DoubleSummaryStatistics summaryStatistics() {
        PrimitiveIterator.OfDouble it = take();
        java.util.DoubleSummaryStatistics s = new java.util.DoubleSummaryStatistics();
        while (it.hasNext()) {
            s.accept(it.nextDouble());
        }
        return s;
    }

    public boolean anyMatch(DoublePredicate predicate) {
        PrimitiveIterator.OfDouble it = take();
        while (it.hasNext()) {
            if (predicate.test(it.nextDouble())) {
                return true;
            }
        }
        return false;
    }

    public boolean allMatch(DoublePredicate predicate) {
        PrimitiveIterator.OfDouble it = take();
        while (it.hasNext()) {
            if (!predicate.test(it.nextDouble())) {
                return false;
            }
        }
        return true;
    }

    public boolean noneMatch(DoublePredicate predicate) {
        return !anyMatch(predicate);
    }

    public OptionalDouble findFirst() {
        PrimitiveIterator.OfDouble it = take();
        return it.hasNext() ? OptionalDouble.of(it.nextDouble()) : OptionalDouble.empty();
    }

    public OptionalDouble findAny() {
        return findFirst();
    }

    public PrimitiveIterator.OfDouble iterator() {
        return take();
    }

    public boolean isParallel() {
        return false;
    }

    public DoubleStream sequential() {
        return this;
    }

    public DoubleStream parallel() {
        return this;
    }

    public DoubleStream unordered() {
        return this;
    }

    public DoubleStream onClose(Runnable closeHandler) {
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
