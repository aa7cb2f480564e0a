package java.util;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The unmodifiable collections behind List.of, Set.of, Map.of and their copyOf variants. They
 * reject nulls (NullPointerException, also for contains(null)) and every mutator throws
 * UnsupportedOperationException. gcvm's Set.of/Map.of iterate in insertion order; the JDK's
 * order is randomised per JVM run, so programs cannot depend on it.
 */
final class ImmutableCollections {

    private ImmutableCollections() {
    }

    static UnsupportedOperationException uoe() {
        return new UnsupportedOperationException();
    }

    // ---------------------------------------------------------------- lists

    private static final ListN<Object> EMPTY_LIST = new ListN<>(new Object[0]);

    @SuppressWarnings("unchecked")
    static <E> List<E> emptyList() {
        return (List<E>) EMPTY_LIST;
    }

    @SafeVarargs
    static <E> List<E> listOf(E... elements) {
        Object[] copy = new Object[elements.length];
        for (int i = 0; i < elements.length; i++) {
            copy[i] = Objects.requireNonNull(elements[i]);
        }
        return new ListN<>(copy);
    }

    @SuppressWarnings("unchecked")
    static <E> List<E> listCopy(Collection<? extends E> coll) {
        if (coll instanceof ListN) {
            return (List<E>) coll;
        }
        return (List<E>) listOf(coll.toArray());
    }

    static final class ListN<E> extends AbstractList<E> implements RandomAccess,
            java.io.Serializable {
        private final Object[] elements;

        ListN(Object[] elements) {
            this.elements = elements;
        }

        @SuppressWarnings("unchecked")
        public E get(int index) {
            int n = elements.length;
            if (index < 0 || index >= n) {
                // The JDK's List12 (sizes 1 and 2) and ListN (other sizes) differ here.
                if (n == 1 || n == 2) {
                    throw new IndexOutOfBoundsException("Index: " + index + " Size: " + n);
                }
                throw new ArrayIndexOutOfBoundsException(
                        "Index " + index + " out of bounds for length " + n);
            }
            return (E) elements[index];
        }

        public int size() {
            return elements.length;
        }

        public boolean isEmpty() {
            return elements.length == 0;
        }

        public int indexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = 0; i < elements.length; i++) {
                if (o.equals(elements[i])) {
                    return i;
                }
            }
            return -1;
        }

        public int lastIndexOf(Object o) {
            Objects.requireNonNull(o);
            for (int i = elements.length - 1; i >= 0; i--) {
                if (o.equals(elements[i])) {
                    return i;
                }
            }
            return -1;
        }

        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }

        public Object[] toArray() {
            return Arrays.copyOf(elements, elements.length);
        }

        public List<E> subList(int fromIndex, int toIndex) {
            subListRangeCheck(fromIndex, toIndex, elements.length);
            return new ListN<>(Arrays.copyOfRange(elements, fromIndex, toIndex));
        }

        public boolean add(E e) {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public boolean addAll(int index, Collection<? extends E> c) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean removeIf(Predicate<? super E> filter) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }

        public void replaceAll(UnaryOperator<E> operator) {
            throw uoe();
        }

        public void sort(Comparator<? super E> c) {
            throw uoe();
        }

        public E set(int index, E element) {
            throw uoe();
        }

        public void add(int index, E element) {
            throw uoe();
        }

        public E remove(int index) {
            throw uoe();
        }

        public Iterator<E> iterator() {
            return new ListItr(0);
        }

        public ListIterator<E> listIterator(int index) {
            if (index < 0 || index > elements.length) {
                throw new IndexOutOfBoundsException("Index: " + index + " Size: " + elements.length);
            }
            return new ListItr(index);
        }

        private final class ListItr implements ListIterator<E> {
            private int cursor;

            ListItr(int cursor) {
                this.cursor = cursor;
            }

            public boolean hasNext() {
                return cursor != elements.length;
            }

            @SuppressWarnings("unchecked")
            public E next() {
                if (cursor >= elements.length) {
                    throw new NoSuchElementException();
                }
                return (E) elements[cursor++];
            }

            public boolean hasPrevious() {
                return cursor != 0;
            }

            @SuppressWarnings("unchecked")
            public E previous() {
                if (cursor <= 0) {
                    throw new NoSuchElementException();
                }
                return (E) elements[--cursor];
            }

            public int nextIndex() {
                return cursor;
            }

            public int previousIndex() {
                return cursor - 1;
            }

            public void remove() {
                throw uoe();
            }

            public void set(E e) {
                throw uoe();
            }

            public void add(E e) {
                throw uoe();
            }
        }
    }

    // ---------------------------------------------------------------- sets

    @SafeVarargs
    static <E> Set<E> setOf(E... elements) {
        return new SetN<>(elements);
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> setCopy(Collection<? extends E> coll) {
        if (coll instanceof SetN) {
            return (Set<E>) coll;
        }
        return (Set<E>) setOf(new HashSet<>(coll).toArray());
    }

    static final class SetN<E> extends AbstractSet<E> implements java.io.Serializable {
        private final Object[] elements;
        private final HashSet<Object> index;

        SetN(Object[] input) {
            elements = new Object[input.length];
            index = new HashSet<>();
            for (int i = 0; i < input.length; i++) {
                Object e = Objects.requireNonNull(input[i]);
                if (!index.add(e)) {
                    throw new IllegalArgumentException("duplicate element: " + e);
                }
                elements[i] = e;
            }
        }

        public int size() {
            return elements.length;
        }

        public boolean isEmpty() {
            return elements.length == 0;
        }

        public boolean contains(Object o) {
            return index.contains(Objects.requireNonNull(o));
        }

        public Iterator<E> iterator() {
            return new Iterator<E>() {
                private int i = 0;

                public boolean hasNext() {
                    return i < elements.length;
                }

                @SuppressWarnings("unchecked")
                public E next() {
                    if (i >= elements.length) {
                        throw new NoSuchElementException();
                    }
                    return (E) elements[i++];
                }
            };
        }

        public Object[] toArray() {
            return Arrays.copyOf(elements, elements.length);
        }

        public boolean add(E e) {
            throw uoe();
        }

        public boolean addAll(Collection<? extends E> c) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public boolean remove(Object o) {
            throw uoe();
        }

        public boolean removeAll(Collection<?> c) {
            throw uoe();
        }

        public boolean removeIf(Predicate<? super E> filter) {
            throw uoe();
        }

        public boolean retainAll(Collection<?> c) {
            throw uoe();
        }
    }

    // ---------------------------------------------------------------- maps

    static <K, V> Map<K, V> mapOf(Object... keysAndValues) {
        return new MapN<>(keysAndValues);
    }

    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> mapOfEntries(Map.Entry<? extends K, ? extends V>... entries) {
        Object[] kvs = new Object[entries.length * 2];
        for (int i = 0; i < entries.length; i++) {
            kvs[2 * i] = entries[i].getKey();
            kvs[2 * i + 1] = entries[i].getValue();
        }
        return new MapN<>(kvs);
    }

    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> mapCopy(Map<? extends K, ? extends V> map) {
        if (map instanceof MapN) {
            return (Map<K, V>) map;
        }
        return (Map<K, V>) mapOfEntries(map.entrySet().toArray(new Map.Entry[0]));
    }

    static final class MapN<K, V> extends AbstractMap<K, V> implements java.io.Serializable {
        private final Object[] table;
        private final HashMap<Object, Integer> index;

        MapN(Object[] input) {
            table = new Object[input.length];
            index = new HashMap<>();
            for (int i = 0; i < input.length; i += 2) {
                Object k = Objects.requireNonNull(input[i]);
                Object v = Objects.requireNonNull(input[i + 1]);
                if (index.put(k, i) != null) {
                    throw new IllegalArgumentException("duplicate key: " + k);
                }
                table[i] = k;
                table[i + 1] = v;
            }
        }

        public int size() {
            return table.length / 2;
        }

        public boolean isEmpty() {
            return table.length == 0;
        }

        public boolean containsKey(Object o) {
            return index.containsKey(Objects.requireNonNull(o));
        }

        public boolean containsValue(Object o) {
            Objects.requireNonNull(o);
            for (int i = 1; i < table.length; i += 2) {
                if (o.equals(table[i])) {
                    return true;
                }
            }
            return false;
        }

        @SuppressWarnings("unchecked")
        public V get(Object o) {
            Integer i = index.get(Objects.requireNonNull(o));
            return i == null ? null : (V) table[i + 1];
        }

        public Set<Map.Entry<K, V>> entrySet() {
            return new AbstractSet<Map.Entry<K, V>>() {
                public int size() {
                    return MapN.this.size();
                }

                public Iterator<Map.Entry<K, V>> iterator() {
                    return new Iterator<Map.Entry<K, V>>() {
                        private int i = 0;

                        public boolean hasNext() {
                            return i < table.length;
                        }

                        @SuppressWarnings("unchecked")
                        public Map.Entry<K, V> next() {
                            if (i >= table.length) {
                                throw new NoSuchElementException();
                            }
                            Map.Entry<K, V> e = new KeyValueHolder<>((K) table[i], (V) table[i + 1]);
                            i += 2;
                            return e;
                        }
                    };
                }
            };
        }

        public V put(K key, V value) {
            throw uoe();
        }

        public V remove(Object key) {
            throw uoe();
        }

        public void putAll(Map<? extends K, ? extends V> m) {
            throw uoe();
        }

        public void clear() {
            throw uoe();
        }

        public V putIfAbsent(K key, V value) {
            throw uoe();
        }

        public boolean remove(Object key, Object value) {
            throw uoe();
        }

        public V replace(K key, V value) {
            throw uoe();
        }

        public boolean replace(K key, V oldValue, V newValue) {
            throw uoe();
        }

        public void replaceAll(BiFunction<? super K, ? super V, ? extends V> f) {
            throw uoe();
        }

        public V computeIfAbsent(K key, Function<? super K, ? extends V> mf) {
            throw uoe();
        }

        public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> rf) {
            throw uoe();
        }

        public V compute(K key, BiFunction<? super K, ? super V, ? extends V> rf) {
            throw uoe();
        }

        public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> rf) {
            throw uoe();
        }
    }

    /** The immutable entry returned by Map.entry (no nulls). */
    static final class KeyValueHolder<K, V> implements Map.Entry<K, V> {
        final K key;
        final V value;

        KeyValueHolder(K k, V v) {
            key = Objects.requireNonNull(k);
            value = Objects.requireNonNull(v);
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            throw new UnsupportedOperationException("not supported");
        }

        public boolean equals(Object o) {
            return o instanceof Map.Entry && key.equals(((Map.Entry<?, ?>) o).getKey())
                    && value.equals(((Map.Entry<?, ?>) o).getValue());
        }

        public int hashCode() {
            return key.hashCode() ^ value.hashCode();
        }

        public String toString() {
            return key + "=" + value;
        }
    }
}
