package java.util;

import java.util.function.Consumer;

/**
 * Spliterator factories: over an array (splits in halves), over an iterator with or without a
 * known size (splits off batches of 1024, 2048, ... elements into array spliterators, as the
 * JDK's), and back from a spliterator to an iterator.
 */
public final class Spliterators {
    private static final int BATCH_UNIT = 1 << 10;
    private static final int MAX_BATCH = 1 << 25;

    private Spliterators() {
    }

    public static <T> Spliterator<T> emptySpliterator() {
        return new ArraySpliterator<T>(new Object[0], 0, 0, Spliterator.SIZED | Spliterator.SUBSIZED);
    }

    public static <T> Spliterator<T> spliterator(Object[] array, int additionalCharacteristics) {
        return new ArraySpliterator<T>(Objects.requireNonNull(array), 0, array.length, additionalCharacteristics);
    }

    public static <T> Spliterator<T> spliterator(Object[] array, int fromIndex, int toIndex, int additionalCharacteristics) {
        Objects.checkFromToIndex(fromIndex, toIndex, Objects.requireNonNull(array).length);
        return new ArraySpliterator<T>(array, fromIndex, toIndex, additionalCharacteristics);
    }

    public static <T> Spliterator<T> spliterator(Collection<? extends T> c, int characteristics) {
        return new IteratorSpliterator<T>(Objects.requireNonNull(c), null, -1, characteristics);
    }

    public static <T> Spliterator<T> spliterator(Iterator<? extends T> iterator, long size, int characteristics) {
        return new IteratorSpliterator<T>(null, Objects.requireNonNull(iterator), size, characteristics);
    }

    public static <T> Spliterator<T> spliteratorUnknownSize(Iterator<? extends T> iterator, int characteristics) {
        return new IteratorSpliterator<T>(null, Objects.requireNonNull(iterator), Long.MAX_VALUE,
            characteristics & ~(Spliterator.SIZED | Spliterator.SUBSIZED));
    }

    public static <T> Iterator<T> iterator(Spliterator<? extends T> spliterator) {
        return new Adapter<T>(Objects.requireNonNull(spliterator));
    }

    /** The iterator over a spliterator: one element fetched ahead. */
    private static final class Adapter<T> implements Iterator<T>, Consumer<T> {
        private final Spliterator<? extends T> spliterator;
        private boolean ready;
        private T next;

        Adapter(Spliterator<? extends T> spliterator) {
            this.spliterator = spliterator;
        }

        public void accept(T t) {
            ready = true;
            next = t;
        }

        public boolean hasNext() {
            if (!ready) {
                spliterator.tryAdvance(this);
            }
            return ready;
        }

        public T next() {
            if (!ready && !hasNext()) {
                throw new NoSuchElementException();
            }
            ready = false;
            T t = next;
            next = null;
            return t;
        }
    }

    /** Elements `index` to `fence` of an array; splits in halves. */
    static final class ArraySpliterator<T> implements Spliterator<T> {
        private final Object[] array;
        private int index;
        private final int fence;
        private final int characteristics;

        ArraySpliterator(Object[] array, int origin, int fence, int additionalCharacteristics) {
            this.array = array;
            this.index = origin;
            this.fence = fence;
            this.characteristics = additionalCharacteristics | Spliterator.SIZED | Spliterator.SUBSIZED;
        }

        public Spliterator<T> trySplit() {
            int lo = index;
            int mid = (lo + fence) >>> 1;
            if (lo >= mid) {
                return null;
            }
            index = mid;
            return new ArraySpliterator<T>(array, lo, mid, characteristics);
        }

        @SuppressWarnings("unchecked")
        public void forEachRemaining(Consumer<? super T> action) {
            Objects.requireNonNull(action);
            int hi = fence;
            int i = index;
            index = hi;
            for (; i < hi; i++) {
                action.accept((T) array[i]);
            }
        }

        @SuppressWarnings("unchecked")
        public boolean tryAdvance(Consumer<? super T> action) {
            Objects.requireNonNull(action);
            if (index >= 0 && index < fence) {
                action.accept((T) array[index++]);
                return true;
            }
            return false;
        }

        public long estimateSize() {
            return fence - index;
        }

        public int characteristics() {
            return characteristics;
        }

        public Comparator<? super T> getComparator() {
            if (hasCharacteristics(Spliterator.SORTED)) {
                return null;
            }
            throw new IllegalStateException();
        }
    }

    /**
     * An iterator (taken from `collection` on first use when given one) as a spliterator: `est`
     * is the size (-1 until the collection's is read, Long.MAX_VALUE unknown); trySplit copies
     * the next batch into an array spliterator.
     */
    static final class IteratorSpliterator<T> implements Spliterator<T> {
        private final Collection<? extends T> collection;
        private Iterator<? extends T> it;
        private final int characteristics;
        private long est;
        private int batch;

        IteratorSpliterator(Collection<? extends T> collection, Iterator<? extends T> it, long size, int characteristics) {
            this.collection = collection;
            this.it = it;
            this.est = size;
            this.characteristics = (characteristics & Spliterator.CONCURRENT) == 0
                ? characteristics | Spliterator.SIZED | Spliterator.SUBSIZED
                : characteristics;
        }

        /** The unknown-size constructor strips SIZED before this one would add it back. */
        private boolean sizeUnknown() {
            return est == Long.MAX_VALUE && collection == null;
        }

        private Iterator<? extends T> iterator() {
            if (it == null) {
                it = collection.iterator();
                est = collection.size();
            }
            return it;
        }

        public Spliterator<T> trySplit() {
            Iterator<? extends T> i = iterator();
            long s = est;
            if (s > 1 && i.hasNext()) {
                int n = batch + BATCH_UNIT;
                if (n > s) {
                    n = (int) s;
                }
                if (n > MAX_BATCH) {
                    n = MAX_BATCH;
                }
                Object[] a = new Object[n];
                int j = 0;
                do {
                    a[j] = i.next();
                } while (++j < n && i.hasNext());
                batch = j;
                if (est != Long.MAX_VALUE) {
                    est -= j;
                }
                return new ArraySpliterator<T>(a, 0, j, characteristics());
            }
            return null;
        }

        public void forEachRemaining(Consumer<? super T> action) {
            Objects.requireNonNull(action);
            iterator().forEachRemaining(action);
        }

        public boolean tryAdvance(Consumer<? super T> action) {
            Objects.requireNonNull(action);
            Iterator<? extends T> i = iterator();
            if (i.hasNext()) {
                action.accept(i.next());
                return true;
            }
            return false;
        }

        public long estimateSize() {
            iterator();
            return est;
        }

        public int characteristics() {
            return sizeUnknown() ? characteristics & ~(Spliterator.SIZED | Spliterator.SUBSIZED) : characteristics;
        }

        public Comparator<? super T> getComparator() {
            if (hasCharacteristics(Spliterator.SORTED)) {
                return null;
            }
            throw new IllegalStateException();
        }
    }
}
