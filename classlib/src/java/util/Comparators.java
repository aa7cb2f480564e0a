package java.util;

import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/** The named comparator classes behind Comparator's static and default methods. */
final class Comparators {

    private Comparators() {
    }

    static final class NaturalOrderComparator implements Comparator<Comparable<Object>>,
            java.io.Serializable {
        static final NaturalOrderComparator INSTANCE = new NaturalOrderComparator();

        public int compare(Comparable<Object> c1, Comparable<Object> c2) {
            return c1.compareTo(c2);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        public Comparator<Comparable<Object>> reversed() {
            return (Comparator) Collections.reverseOrder();
        }
    }

    static final class NullComparator<T> implements Comparator<T>, java.io.Serializable {
        private final boolean nullFirst;
        private final Comparator<T> real;

        @SuppressWarnings("unchecked")
        NullComparator(boolean nullFirst, Comparator<? super T> real) {
            this.nullFirst = nullFirst;
            this.real = (Comparator<T>) real;
        }

        public int compare(T a, T b) {
            if (a == null) {
                return (b == null) ? 0 : (nullFirst ? -1 : 1);
            } else if (b == null) {
                return nullFirst ? 1 : -1;
            } else {
                return (real == null) ? 0 : real.compare(a, b);
            }
        }

        public Comparator<T> thenComparing(Comparator<? super T> other) {
            Objects.requireNonNull(other);
            return new NullComparator<>(nullFirst, real == null ? other : real.thenComparing(other));
        }

        public Comparator<T> reversed() {
            return new NullComparator<>(!nullFirst, real == null ? null : real.reversed());
        }
    }

    static final class Then<T> implements Comparator<T>, java.io.Serializable {
        private final Comparator<T> first;
        private final Comparator<? super T> second;

        Then(Comparator<T> first, Comparator<? super T> second) {
            this.first = first;
            this.second = second;
        }

        public int compare(T c1, T c2) {
            int res = first.compare(c1, c2);
            return (res != 0) ? res : second.compare(c1, c2);
        }
    }

    static final class ByKey<T, U> implements Comparator<T>, java.io.Serializable {
        private final Function<? super T, ? extends U> keyExtractor;
        private final Comparator<? super U> keyComparator;

        ByKey(Function<? super T, ? extends U> keyExtractor, Comparator<? super U> keyComparator) {
            this.keyExtractor = keyExtractor;
            this.keyComparator = keyComparator;
        }

        public int compare(T c1, T c2) {
            return keyComparator.compare(keyExtractor.apply(c1), keyExtractor.apply(c2));
        }
    }

    static final class ByIntKey<T> implements Comparator<T>, java.io.Serializable {
        private final ToIntFunction<? super T> keyExtractor;

        ByIntKey(ToIntFunction<? super T> keyExtractor) {
            this.keyExtractor = keyExtractor;
        }

        public int compare(T c1, T c2) {
            return Integer.compare(keyExtractor.applyAsInt(c1), keyExtractor.applyAsInt(c2));
        }
    }

    static final class ByLongKey<T> implements Comparator<T>, java.io.Serializable {
        private final ToLongFunction<? super T> keyExtractor;

        ByLongKey(ToLongFunction<? super T> keyExtractor) {
            this.keyExtractor = keyExtractor;
        }

        public int compare(T c1, T c2) {
            return Long.compare(keyExtractor.applyAsLong(c1), keyExtractor.applyAsLong(c2));
        }
    }

    static final class ByDoubleKey<T> implements Comparator<T>, java.io.Serializable {
        private final ToDoubleFunction<? super T> keyExtractor;

        ByDoubleKey(ToDoubleFunction<? super T> keyExtractor) {
            this.keyExtractor = keyExtractor;
        }

        public int compare(T c1, T c2) {
            return Double.compare(keyExtractor.applyAsDouble(c1), keyExtractor.applyAsDouble(c2));
        }
    }

    static final class EntryByKey<K, V> implements Comparator<Map.Entry<K, V>>,
            java.io.Serializable {
        private final Comparator<? super K> cmp;

        EntryByKey(Comparator<? super K> cmp) {
            this.cmp = cmp;
        }

        @SuppressWarnings("unchecked")
        public int compare(Map.Entry<K, V> c1, Map.Entry<K, V> c2) {
            if (cmp == null) {
                return ((Comparable<Object>) c1.getKey()).compareTo(c2.getKey());
            }
            return cmp.compare(c1.getKey(), c2.getKey());
        }
    }

    static final class EntryByValue<K, V> implements Comparator<Map.Entry<K, V>>,
            java.io.Serializable {
        private final Comparator<? super V> cmp;

        EntryByValue(Comparator<? super V> cmp) {
            this.cmp = cmp;
        }

        @SuppressWarnings("unchecked")
        public int compare(Map.Entry<K, V> c1, Map.Entry<K, V> c2) {
            if (cmp == null) {
                return ((Comparable<Object>) c1.getValue()).compareTo(c2.getValue());
            }
            return cmp.compare(c1.getValue(), c2.getValue());
        }
    }
}
