package java.util.stream;

import java.util.*;
import java.util.function.*;

/**
 * The common collectors, with the JDK's result types (ArrayList, HashSet, HashMap unless a
 * factory is given), messages (`Duplicate key k (attempted merging values a and b)`) and
 * arithmetic (summingDouble/averagingDouble use the JDK's compensated summation).
 */
public final class Collectors {
    private Collectors() {
    }

    static final Set<Collector.Characteristics> NO_CHARACTERISTICS = Collections.emptySet();

    static final class CollectorImpl<T, A, R> implements Collector<T, A, R> {
        private final Supplier<A> supplier;
        private final BiConsumer<A, T> accumulator;
        private final BinaryOperator<A> combiner;
        private final Function<A, R> finisher;

        CollectorImpl(Supplier<A> supplier, BiConsumer<A, T> accumulator, BinaryOperator<A> combiner, Function<A, R> finisher) {
            this.supplier = supplier;
            this.accumulator = accumulator;
            this.combiner = combiner;
            this.finisher = finisher;
        }

        public Supplier<A> supplier() {
            return supplier;
        }

        public BiConsumer<A, T> accumulator() {
            return accumulator;
        }

        public BinaryOperator<A> combiner() {
            return combiner;
        }

        @SuppressWarnings("unchecked")
        public Function<A, R> finisher() {
            if (finisher == null) {
                return new Function<A, R>() {
                    public R apply(A a) {
                        return (R) a;
                    }
                };
            }
            return finisher;
        }

        public Set<Characteristics> characteristics() {
            return NO_CHARACTERISTICS;
        }
    }

    private static <A> BinaryOperator<A> noCombiner() {
        return new BinaryOperator<A>() {
            public A apply(A a, A b) {
                throw new UnsupportedOperationException("gcvm streams are sequential");
            }
        };
    }

    public static <T, C extends Collection<T>> Collector<T, ?, C> toCollection(Supplier<C> collectionFactory) {
        return new CollectorImpl<T, C, C>(collectionFactory, new BiConsumer<C, T>() {
            public void accept(C c, T t) {
                c.add(t);
            }
        }, Collectors.<C>noCombiner(), null);
    }

    public static <T> Collector<T, ?, List<T>> toList() {
        return new CollectorImpl<T, List<T>, List<T>>(new Supplier<List<T>>() {
            public List<T> get() {
                return new ArrayList<T>();
            }
        }, new BiConsumer<List<T>, T>() {
            public void accept(List<T> c, T t) {
                c.add(t);
            }
        }, Collectors.<List<T>>noCombiner(), null);
    }

    public static <T> Collector<T, ?, List<T>> toUnmodifiableList() {
        return collectingAndThen(Collectors.<T>toList(), new Function<List<T>, List<T>>() {
            public List<T> apply(List<T> l) {
                return List.copyOf(l);
            }
        });
    }

    public static <T> Collector<T, ?, Set<T>> toSet() {
        return new CollectorImpl<T, Set<T>, Set<T>>(new Supplier<Set<T>>() {
            public Set<T> get() {
                return new HashSet<T>();
            }
        }, new BiConsumer<Set<T>, T>() {
            public void accept(Set<T> c, T t) {
                c.add(t);
            }
        }, Collectors.<Set<T>>noCombiner(), null);
    }

    public static <T> Collector<T, ?, Set<T>> toUnmodifiableSet() {
        return collectingAndThen(Collectors.<T>toSet(), new Function<Set<T>, Set<T>>() {
            public Set<T> apply(Set<T> s) {
                return Set.copyOf(s);
            }
        });
    }

    public static Collector<CharSequence, ?, String> joining() {
        return joining("", "", "");
    }

    public static Collector<CharSequence, ?, String> joining(CharSequence delimiter) {
        return joining(delimiter, "", "");
    }

    public static Collector<CharSequence, ?, String> joining(final CharSequence delimiter, final CharSequence prefix, final CharSequence suffix) {
        return new CollectorImpl<CharSequence, StringJoiner, String>(new Supplier<StringJoiner>() {
            public StringJoiner get() {
                return new StringJoiner(delimiter, prefix, suffix);
            }
        }, new BiConsumer<StringJoiner, CharSequence>() {
            public void accept(StringJoiner j, CharSequence s) {
                j.add(s);
            }
        }, Collectors.<StringJoiner>noCombiner(), new Function<StringJoiner, String>() {
            public String apply(StringJoiner j) {
                return j.toString();
            }
        });
    }

    public static <T, U, A, R> Collector<T, ?, R> mapping(final Function<? super T, ? extends U> mapper, Collector<? super U, A, R> downstream) {
        final BiConsumer<A, ? super U> acc = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), new BiConsumer<A, T>() {
            @SuppressWarnings("unchecked")
            public void accept(A a, T t) {
                ((BiConsumer<A, U>) acc).accept(a, mapper.apply(t));
            }
        }, downstream.combiner(), downstream.finisher());
    }

    public static <T, A, R> Collector<T, ?, R> filtering(final Predicate<? super T> predicate, Collector<? super T, A, R> downstream) {
        final BiConsumer<A, ? super T> acc = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), new BiConsumer<A, T>() {
            @SuppressWarnings("unchecked")
            public void accept(A a, T t) {
                if (predicate.test(t)) {
                    ((BiConsumer<A, T>) acc).accept(a, t);
                }
            }
        }, downstream.combiner(), downstream.finisher());
    }

    public static <T, A, R, RR> Collector<T, A, RR> collectingAndThen(Collector<T, A, R> downstream, final Function<R, RR> finisher) {
        final Function<A, R> first = downstream.finisher();
        return new CollectorImpl<T, A, RR>(downstream.supplier(), downstream.accumulator(), downstream.combiner(), new Function<A, RR>() {
            public RR apply(A a) {
                return finisher.apply(first.apply(a));
            }
        });
    }

    public static <T> Collector<T, ?, Long> counting() {
        return new CollectorImpl<T, long[], Long>(new Supplier<long[]>() {
            public long[] get() {
                return new long[1];
            }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) {
                a[0]++;
            }
        }, Collectors.<long[]>noCombiner(), new Function<long[], Long>() {
            public Long apply(long[] a) {
                return a[0];
            }
        });
    }

    public static <T> Collector<T, ?, Optional<T>> minBy(final Comparator<? super T> comparator) {
        return reducing(new BinaryOperator<T>() {
            public T apply(T a, T b) {
                return comparator.compare(a, b) <= 0 ? a : b;
            }
        });
    }

    public static <T> Collector<T, ?, Optional<T>> maxBy(final Comparator<? super T> comparator) {
        return reducing(new BinaryOperator<T>() {
            public T apply(T a, T b) {
                return comparator.compare(a, b) >= 0 ? a : b;
            }
        });
    }

    public static <T> Collector<T, ?, Integer> summingInt(final ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, int[], Integer>(new Supplier<int[]>() {
            public int[] get() {
                return new int[1];
            }
        }, new BiConsumer<int[], T>() {
            public void accept(int[] a, T t) {
                a[0] += mapper.applyAsInt(t);
            }
        }, Collectors.<int[]>noCombiner(), new Function<int[], Integer>() {
            public Integer apply(int[] a) {
                return a[0];
            }
        });
    }

    public static <T> Collector<T, ?, Long> summingLong(final ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Long>(new Supplier<long[]>() {
            public long[] get() {
                return new long[1];
            }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) {
                a[0] += mapper.applyAsLong(t);
            }
        }, Collectors.<long[]>noCombiner(), new Function<long[], Long>() {
            public Long apply(long[] a) {
                return a[0];
            }
        });
    }

    public static <T> Collector<T, ?, Double> summingDouble(final ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, DoubleSummaryStatistics, Double>(new Supplier<DoubleSummaryStatistics>() {
            public DoubleSummaryStatistics get() {
                return new DoubleSummaryStatistics();
            }
        }, new BiConsumer<DoubleSummaryStatistics, T>() {
            public void accept(DoubleSummaryStatistics a, T t) {
                a.accept(mapper.applyAsDouble(t));
            }
        }, Collectors.<DoubleSummaryStatistics>noCombiner(), new Function<DoubleSummaryStatistics, Double>() {
            public Double apply(DoubleSummaryStatistics a) {
                return a.getSum();
            }
        });
    }

    public static <T> Collector<T, ?, Double> averagingInt(final ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Double>(new Supplier<long[]>() {
            public long[] get() {
                return new long[2];
            }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) {
                a[0] += mapper.applyAsInt(t);
                a[1]++;
            }
        }, Collectors.<long[]>noCombiner(), new Function<long[], Double>() {
            public Double apply(long[] a) {
                return (a[1] == 0) ? 0.0d : (double) a[0] / a[1];
            }
        });
    }

    public static <T> Collector<T, ?, Double> averagingLong(final ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, long[], Double>(new Supplier<long[]>() {
            public long[] get() {
                return new long[2];
            }
        }, new BiConsumer<long[], T>() {
            public void accept(long[] a, T t) {
                a[0] += mapper.applyAsLong(t);
                a[1]++;
            }
        }, Collectors.<long[]>noCombiner(), new Function<long[], Double>() {
            public Double apply(long[] a) {
                return (a[1] == 0) ? 0.0d : (double) a[0] / a[1];
            }
        });
    }

    public static <T> Collector<T, ?, Double> averagingDouble(final ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, DoubleSummaryStatistics, Double>(new Supplier<DoubleSummaryStatistics>() {
            public DoubleSummaryStatistics get() {
                return new DoubleSummaryStatistics();
            }
        }, new BiConsumer<DoubleSummaryStatistics, T>() {
            public void accept(DoubleSummaryStatistics a, T t) {
                a.accept(mapper.applyAsDouble(t));
            }
        }, Collectors.<DoubleSummaryStatistics>noCombiner(), new Function<DoubleSummaryStatistics, Double>() {
            public Double apply(DoubleSummaryStatistics a) {
                return a.getAverage();
            }
        });
    }

    public static <T> Collector<T, ?, IntSummaryStatistics> summarizingInt(final ToIntFunction<? super T> mapper) {
        return new CollectorImpl<T, IntSummaryStatistics, IntSummaryStatistics>(new Supplier<IntSummaryStatistics>() {
            public IntSummaryStatistics get() {
                return new IntSummaryStatistics();
            }
        }, new BiConsumer<IntSummaryStatistics, T>() {
            public void accept(IntSummaryStatistics a, T t) {
                a.accept(mapper.applyAsInt(t));
            }
        }, Collectors.<IntSummaryStatistics>noCombiner(), null);
    }

    public static <T> Collector<T, ?, T> reducing(final T identity, final BinaryOperator<T> op) {
        return new CollectorImpl<T, Object[], T>(new Supplier<Object[]>() {
            public Object[] get() {
                return new Object[] { identity };
            }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] a, T t) {
                a[0] = op.apply((T) a[0], t);
            }
        }, Collectors.<Object[]>noCombiner(), new Function<Object[], T>() {
            @SuppressWarnings("unchecked")
            public T apply(Object[] a) {
                return (T) a[0];
            }
        });
    }

    public static <T> Collector<T, ?, Optional<T>> reducing(final BinaryOperator<T> op) {
        return new CollectorImpl<T, Object[], Optional<T>>(new Supplier<Object[]>() {
            public Object[] get() {
                return new Object[2];
            }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] a, T t) {
                if (a[1] == null) {
                    a[0] = t;
                    a[1] = Boolean.TRUE;
                } else {
                    a[0] = op.apply((T) a[0], t);
                }
            }
        }, Collectors.<Object[]>noCombiner(), new Function<Object[], Optional<T>>() {
            @SuppressWarnings("unchecked")
            public Optional<T> apply(Object[] a) {
                return a[1] == null ? Optional.<T>empty() : Optional.of((T) a[0]);
            }
        });
    }

    public static <T, U> Collector<T, ?, U> reducing(final U identity, final Function<? super T, ? extends U> mapper, final BinaryOperator<U> op) {
        return new CollectorImpl<T, Object[], U>(new Supplier<Object[]>() {
            public Object[] get() {
                return new Object[] { identity };
            }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] a, T t) {
                a[0] = op.apply((U) a[0], mapper.apply(t));
            }
        }, Collectors.<Object[]>noCombiner(), new Function<Object[], U>() {
            @SuppressWarnings("unchecked")
            public U apply(Object[] a) {
                return (U) a[0];
            }
        });
    }

    public static <T, K> Collector<T, ?, Map<K, List<T>>> groupingBy(Function<? super T, ? extends K> classifier) {
        return groupingBy(classifier, Collectors.<T>toList());
    }

    public static <T, K, A, D> Collector<T, ?, Map<K, D>> groupingBy(Function<? super T, ? extends K> classifier, Collector<? super T, A, D> downstream) {
        return groupingBy(classifier, new Supplier<Map<K, D>>() {
            public Map<K, D> get() {
                return new HashMap<K, D>();
            }
        }, downstream);
    }

    public static <T, K, D, A, M extends Map<K, D>> Collector<T, ?, M> groupingBy(final Function<? super T, ? extends K> classifier, final Supplier<M> mapFactory, final Collector<? super T, A, D> downstream) {
        final Supplier<A> downstreamSupplier = downstream.supplier();
        final BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        final Function<A, D> downstreamFinisher = downstream.finisher();
        return new CollectorImpl<T, Map<K, A>, M>(new Supplier<Map<K, A>>() {
            @SuppressWarnings("unchecked")
            public Map<K, A> get() {
                return (Map<K, A>) mapFactory.get();
            }
        }, new BiConsumer<Map<K, A>, T>() {
            @SuppressWarnings("unchecked")
            public void accept(Map<K, A> m, T t) {
                K key = Objects.requireNonNull(classifier.apply(t), "element cannot be mapped to a null key");
                A container = m.get(key);
                if (container == null) {
                    container = downstreamSupplier.get();
                    m.put(key, container);
                }
                ((BiConsumer<A, T>) downstreamAccumulator).accept(container, t);
            }
        }, Collectors.<Map<K, A>>noCombiner(), new Function<Map<K, A>, M>() {
            @SuppressWarnings("unchecked")
            public M apply(Map<K, A> m) {
                for (Map.Entry<K, A> e : m.entrySet()) {
                    ((Map.Entry<K, Object>) (Map.Entry<K, ?>) e).setValue(downstreamFinisher.apply(e.getValue()));
                }
                return (M) m;
            }
        });
    }

    public static <T> Collector<T, ?, Map<Boolean, List<T>>> partitioningBy(Predicate<? super T> predicate) {
        return partitioningBy(predicate, Collectors.<T>toList());
    }

    public static <T, D, A> Collector<T, ?, Map<Boolean, D>> partitioningBy(final Predicate<? super T> predicate, final Collector<? super T, A, D> downstream) {
        final Supplier<A> downstreamSupplier = downstream.supplier();
        final BiConsumer<A, ? super T> downstreamAccumulator = downstream.accumulator();
        final Function<A, D> downstreamFinisher = downstream.finisher();
        return new CollectorImpl<T, Object[], Map<Boolean, D>>(new Supplier<Object[]>() {
            public Object[] get() {
                return new Object[] { downstreamSupplier.get(), downstreamSupplier.get() };
            }
        }, new BiConsumer<Object[], T>() {
            @SuppressWarnings("unchecked")
            public void accept(Object[] parts, T t) {
                ((BiConsumer<A, T>) downstreamAccumulator).accept((A) parts[predicate.test(t) ? 1 : 0], t);
            }
        }, Collectors.<Object[]>noCombiner(), new Function<Object[], Map<Boolean, D>>() {
            @SuppressWarnings("unchecked")
            public Map<Boolean, D> apply(Object[] parts) {
                // The JDK's Partition map prints {false=..., true=...}.
                Map<Boolean, D> m = new LinkedHashMap<Boolean, D>();
                m.put(Boolean.FALSE, downstreamFinisher.apply((A) parts[0]));
                m.put(Boolean.TRUE, downstreamFinisher.apply((A) parts[1]));
                return m;
            }
        });
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(final Function<? super T, ? extends K> keyMapper, final Function<? super T, ? extends U> valueMapper) {
        return new CollectorImpl<T, Map<K, U>, Map<K, U>>(new Supplier<Map<K, U>>() {
            public Map<K, U> get() {
                return new HashMap<K, U>();
            }
        }, new BiConsumer<Map<K, U>, T>() {
            public void accept(Map<K, U> m, T t) {
                K k = keyMapper.apply(t);
                U v = Objects.requireNonNull(valueMapper.apply(t));
                U u = m.putIfAbsent(k, v);
                if (u != null) {
                    throw new IllegalStateException(String.format("Duplicate key %s (attempted merging values %s and %s)", k, u, v));
                }
            }
        }, Collectors.<Map<K, U>>noCombiner(), null);
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toMap(Function<? super T, ? extends K> keyMapper, Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction) {
        return toMap(keyMapper, valueMapper, mergeFunction, new Supplier<Map<K, U>>() {
            public Map<K, U> get() {
                return new HashMap<K, U>();
            }
        });
    }

    public static <T, K, U, M extends Map<K, U>> Collector<T, ?, M> toMap(final Function<? super T, ? extends K> keyMapper, final Function<? super T, ? extends U> valueMapper, final BinaryOperator<U> mergeFunction, Supplier<M> mapFactory) {
        return new CollectorImpl<T, M, M>(mapFactory, new BiConsumer<M, T>() {
            public void accept(M m, T t) {
                m.merge(keyMapper.apply(t), valueMapper.apply(t), mergeFunction);
            }
        }, Collectors.<M>noCombiner(), null);
    }

    public static <T> Collector<T, ?, LongSummaryStatistics> summarizingLong(final ToLongFunction<? super T> mapper) {
        return new CollectorImpl<T, LongSummaryStatistics, LongSummaryStatistics>(new Supplier<LongSummaryStatistics>() {
            public LongSummaryStatistics get() {
                return new LongSummaryStatistics();
            }
        }, new BiConsumer<LongSummaryStatistics, T>() {
            public void accept(LongSummaryStatistics a, T t) {
                a.accept(mapper.applyAsLong(t));
            }
        }, Collectors.<LongSummaryStatistics>noCombiner(), null);
    }

    public static <T> Collector<T, ?, DoubleSummaryStatistics> summarizingDouble(final ToDoubleFunction<? super T> mapper) {
        return new CollectorImpl<T, DoubleSummaryStatistics, DoubleSummaryStatistics>(new Supplier<DoubleSummaryStatistics>() {
            public DoubleSummaryStatistics get() {
                return new DoubleSummaryStatistics();
            }
        }, new BiConsumer<DoubleSummaryStatistics, T>() {
            public void accept(DoubleSummaryStatistics a, T t) {
                a.accept(mapper.applyAsDouble(t));
            }
        }, Collectors.<DoubleSummaryStatistics>noCombiner(), null);
    }

    public static <T, U, A, R> Collector<T, ?, R> flatMapping(final Function<? super T, ? extends Stream<? extends U>> mapper, Collector<? super U, A, R> downstream) {
        final BiConsumer<A, ? super U> acc = downstream.accumulator();
        return new CollectorImpl<T, A, R>(downstream.supplier(), new BiConsumer<A, T>() {
            @SuppressWarnings("unchecked")
            public void accept(final A a, T t) {
                Stream<? extends U> items = mapper.apply(t);
                if (items == null) {
                    return;
                }
                try {
                    Iterator<? extends U> it = items.iterator();
                    while (it.hasNext()) {
                        ((BiConsumer<A, U>) acc).accept(a, it.next());
                    }
                } finally {
                    items.close();
                }
            }
        }, downstream.combiner(), downstream.finisher());
    }

    /** Both downstream collectors see every element; the merger combines their results. */
    public static <T, R1, R2, R> Collector<T, ?, R> teeing(Collector<? super T, ?, R1> downstream1,
            Collector<? super T, ?, R2> downstream2, final BiFunction<? super R1, ? super R2, R> merger) {
        @SuppressWarnings("unchecked")
        final Collector<T, Object, R1> first = (Collector<T, Object, R1>) downstream1;
        @SuppressWarnings("unchecked")
        final Collector<T, Object, R2> second = (Collector<T, Object, R2>) downstream2;
        Objects.requireNonNull(merger, "merger");
        return new CollectorImpl<T, Object[], R>(new Supplier<Object[]>() {
            public Object[] get() {
                return new Object[] { first.supplier().get(), second.supplier().get() };
            }
        }, new BiConsumer<Object[], T>() {
            public void accept(Object[] a, T t) {
                first.accumulator().accept(a[0], t);
                second.accumulator().accept(a[1], t);
            }
        }, Collectors.<Object[]>noCombiner(), new Function<Object[], R>() {
            public R apply(Object[] a) {
                return merger.apply(first.finisher().apply(a[0]), second.finisher().apply(a[1]));
            }
        });
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toUnmodifiableMap(Function<? super T, ? extends K> keyMapper, Function<? super T, ? extends U> valueMapper) {
        return collectingAndThen(Collectors.<T, K, U>toMap(keyMapper, valueMapper), new Function<Map<K, U>, Map<K, U>>() {
            public Map<K, U> apply(Map<K, U> m) {
                return Collections.unmodifiableMap(m);
            }
        });
    }

    public static <T, K, U> Collector<T, ?, Map<K, U>> toUnmodifiableMap(Function<? super T, ? extends K> keyMapper, Function<? super T, ? extends U> valueMapper, BinaryOperator<U> mergeFunction) {
        return collectingAndThen(Collectors.<T, K, U>toMap(keyMapper, valueMapper, mergeFunction), new Function<Map<K, U>, Map<K, U>>() {
            public Map<K, U> apply(Map<K, U> m) {
                return Collections.unmodifiableMap(m);
            }
        });
    }
}
