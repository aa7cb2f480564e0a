package java.util;

/**
 * A map comparing keys (and, in containsValue and remove(k, v), values) by identity, laid out
 * as the JDK's: one array with each key at an even index and its value right after it, linear
 * probing from a slot derived from System.identityHashCode, a null key stored as the NULL_KEY
 * marker, the table doubled when more than a third of the pairs are used, and removal closing
 * the probe run behind it (so no tombstones). Iteration walks the array upwards; its order
 * depends on identity hash codes. Iterators are fail-fast; their entries write through.
 */
public class IdentityHashMap<K, V> extends AbstractMap<K, V> implements java.io.Serializable, Cloneable {
    private static final int DEFAULT_CAPACITY = 32;
    private static final int MINIMUM_CAPACITY = 4;
    private static final int MAXIMUM_CAPACITY = 1 << 29;
    static final Object NULL_KEY = new Object();

    transient Object[] table;
    int size;
    transient int modCount;

    public IdentityHashMap() {
        init(DEFAULT_CAPACITY);
    }

    public IdentityHashMap(int expectedMaxSize) {
        if (expectedMaxSize < 0) {
            throw new IllegalArgumentException("expectedMaxSize is negative: " + expectedMaxSize);
        }
        init(capacity(expectedMaxSize));
    }

    public IdentityHashMap(Map<? extends K, ? extends V> m) {
        this((int) ((1 + m.size()) * 1.1));
        putAll(m);
    }

    private static int capacity(int expectedMaxSize) {
        return expectedMaxSize > MAXIMUM_CAPACITY / 3 ? MAXIMUM_CAPACITY
            : expectedMaxSize <= 2 * MINIMUM_CAPACITY / 3 ? MINIMUM_CAPACITY
            : Integer.highestOneBit(expectedMaxSize + (expectedMaxSize << 1));
    }

    private void init(int initCapacity) {
        table = new Object[2 * initCapacity];
    }

    private static Object maskNull(Object key) {
        return key == null ? NULL_KEY : key;
    }

    static Object unmaskNull(Object key) {
        return key == NULL_KEY ? null : key;
    }

    private static int hash(Object x, int length) {
        int h = System.identityHashCode(x);
        return ((h << 1) - (h << 8)) & (length - 1);
    }

    private static int nextKeyIndex(int i, int len) {
        return i + 2 < len ? i + 2 : 0;
    }

    /** The index of `k`'s key slot, or -1. */
    private int indexOf(Object key) {
        Object k = maskNull(key);
        Object[] tab = table;
        int len = tab.length;
        int i = hash(k, len);
        while (true) {
            Object item = tab[i];
            if (item == k) {
                return i;
            }
            if (item == null) {
                return -1;
            }
            i = nextKeyIndex(i, len);
        }
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    @SuppressWarnings("unchecked")
    public V get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : (V) table[i + 1];
    }

    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    public boolean containsValue(Object value) {
        Object[] tab = table;
        for (int i = 1; i < tab.length; i += 2) {
            if (tab[i] == value && tab[i - 1] != null) {
                return true;
            }
        }
        return false;
    }

    private boolean containsMapping(Object key, Object value) {
        int i = indexOf(key);
        return i >= 0 && table[i + 1] == value;
    }

    @SuppressWarnings("unchecked")
    public V put(K key, V value) {
        Object k = maskNull(key);
        while (true) {
            Object[] tab = table;
            int len = tab.length;
            int i = hash(k, len);
            for (Object item; (item = tab[i]) != null; i = nextKeyIndex(i, len)) {
                if (item == k) {
                    V oldValue = (V) tab[i + 1];
                    tab[i + 1] = value;
                    return oldValue;
                }
            }
            int s = size + 1;
            if (s + (s << 1) > len && resize(len)) {
                continue;
            }
            modCount++;
            tab[i] = k;
            tab[i + 1] = value;
            size = s;
            return null;
        }
    }

    /** Doubles the table to hold `newCapacity` pairs; false if it cannot grow. */
    private boolean resize(int newCapacity) {
        int newLength = newCapacity * 2;
        Object[] oldTable = table;
        int oldLength = oldTable.length;
        if (oldLength == 2 * MAXIMUM_CAPACITY) {
            if (size == MAXIMUM_CAPACITY - 1) {
                throw new IllegalStateException("Capacity exhausted.");
            }
            return false;
        }
        if (oldLength >= newLength) {
            return false;
        }
        Object[] newTable = new Object[newLength];
        for (int j = 0; j < oldLength; j += 2) {
            Object key = oldTable[j];
            if (key != null) {
                int i = hash(key, newLength);
                while (newTable[i] != null) {
                    i = nextKeyIndex(i, newLength);
                }
                newTable[i] = key;
                newTable[i + 1] = oldTable[j + 1];
            }
        }
        table = newTable;
        return true;
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        int n = m.size();
        if (n == 0) {
            return;
        }
        if (n > size) {
            resize(capacity(n));
        }
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    @SuppressWarnings("unchecked")
    public V remove(Object key) {
        int i = indexOf(key);
        if (i < 0) {
            return null;
        }
        V oldValue = (V) table[i + 1];
        removeAt(i);
        return oldValue;
    }

    private boolean removeMapping(Object key, Object value) {
        int i = indexOf(key);
        if (i < 0 || table[i + 1] != value) {
            return false;
        }
        removeAt(i);
        return true;
    }

    private void removeAt(int i) {
        modCount++;
        size--;
        table[i + 1] = null;
        table[i] = null;
        closeDeletion(i);
    }

    /** Moves back into the hole at `d` any later entry of the probe run that belongs before it. */
    private void closeDeletion(int d) {
        Object[] tab = table;
        int len = tab.length;
        Object item;
        for (int i = nextKeyIndex(d, len); (item = tab[i]) != null; i = nextKeyIndex(i, len)) {
            int r = hash(item, len);
            if ((i < r && (r <= d || d <= i)) || (r <= d && d <= i)) {
                tab[d] = item;
                tab[d + 1] = tab[i + 1];
                tab[i] = null;
                tab[i + 1] = null;
                d = i;
            }
        }
    }

    public void clear() {
        modCount++;
        Arrays.fill(table, null);
        size = 0;
    }

    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o instanceof IdentityHashMap) {
            IdentityHashMap<?, ?> m = (IdentityHashMap<?, ?>) o;
            if (m.size() != size) {
                return false;
            }
            Object[] tab = m.table;
            for (int i = 0; i < tab.length; i += 2) {
                Object k = tab[i];
                if (k != null && !containsMapping(unmaskNull(k), tab[i + 1])) {
                    return false;
                }
            }
            return true;
        }
        if (o instanceof Map) {
            return entrySet().equals(((Map<?, ?>) o).entrySet());
        }
        return false;
    }

    public int hashCode() {
        int result = 0;
        Object[] tab = table;
        for (int i = 0; i < tab.length; i += 2) {
            Object key = tab[i];
            if (key != null) {
                result += System.identityHashCode(unmaskNull(key)) ^ System.identityHashCode(tab[i + 1]);
            }
        }
        return result;
    }

    @SuppressWarnings("unchecked")
    public Object clone() {
        try {
            IdentityHashMap<?, ?> m = (IdentityHashMap<?, ?>) super.clone();
            m.entrySet = null;
            m.keySet = null;
            m.values = null;
            m.table = table.clone();
            return m;
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    private static final int KEYS = 0;
    private static final int VALUES = 1;
    private static final int ENTRIES = 2;

    /**
     * Walks the key slots upwards over a copy of the table taken when it starts, so that a
     * removal (which may move entries of a probe run) neither skips nor repeats an entry;
     * fail-fast against changes it did not make.
     */
    private final class TableIterator<T> implements Iterator<T> {
        private final int kind;
        private final Object[] traversalTable = table.clone();
        private int index = size != 0 ? 0 : traversalTable.length;
        private int expectedModCount = modCount;
        private int lastReturnedIndex = -1;

        TableIterator(int kind) {
            this.kind = kind;
        }

        public boolean hasNext() {
            Object[] tab = traversalTable;
            for (int i = index; i < tab.length; i += 2) {
                if (tab[i] != null) {
                    index = i;
                    return true;
                }
            }
            index = tab.length;
            return false;
        }

        @SuppressWarnings("unchecked")
        public T next() {
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            lastReturnedIndex = index;
            index += 2;
            Object[] tab = traversalTable;
            Object key = unmaskNull(tab[lastReturnedIndex]);
            if (kind == KEYS) {
                return (T) key;
            }
            Object value = get(key);
            if (kind == VALUES) {
                return (T) value;
            }
            return (T) new LiveEntry((K) key, (V) value);
        }

        public void remove() {
            if (lastReturnedIndex == -1) {
                throw new IllegalStateException();
            }
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            Object key = unmaskNull(traversalTable[lastReturnedIndex]);
            lastReturnedIndex = -1;
            IdentityHashMap.this.remove(key);
            expectedModCount = modCount;
        }
    }

    /** An entry whose setValue writes through to the map (identity equality, as the JDK's). */
    private final class LiveEntry implements Map.Entry<K, V> {
        private final K key;
        private V value;

        LiveEntry(K key, V value) {
            this.key = key;
            this.value = value;
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            V old = this.value;
            this.value = value;
            put(key, value);
            return old;
        }

        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return e.getKey() == key && e.getValue() == value;
        }

        public int hashCode() {
            return System.identityHashCode(key) ^ System.identityHashCode(value);
        }

        public String toString() {
            return key + "=" + value;
        }
    }

    private transient Set<Map.Entry<K, V>> entrySet;

    public Set<K> keySet() {
        Set<K> ks = keySet;
        return ks != null ? ks : (keySet = new KeySet());
    }

    public Collection<V> values() {
        Collection<V> vs = values;
        return vs != null ? vs : (values = new Values());
    }

    public Set<Map.Entry<K, V>> entrySet() {
        Set<Map.Entry<K, V>> es = entrySet;
        return es != null ? es : (entrySet = new EntrySet());
    }

    private final class KeySet extends AbstractSet<K> {
        public Iterator<K> iterator() {
            return new TableIterator<K>(KEYS);
        }

        public int size() {
            return size;
        }

        public boolean contains(Object o) {
            return containsKey(o);
        }

        public boolean remove(Object o) {
            int oldSize = size;
            IdentityHashMap.this.remove(o);
            return size != oldSize;
        }

        public void clear() {
            IdentityHashMap.this.clear();
        }

        public int hashCode() {
            int result = 0;
            for (K key : this) {
                result += System.identityHashCode(key);
            }
            return result;
        }
    }

    private final class Values extends AbstractCollection<V> {
        public Iterator<V> iterator() {
            return new TableIterator<V>(VALUES);
        }

        public int size() {
            return size;
        }

        public boolean contains(Object o) {
            return containsValue(o);
        }

        public boolean remove(Object o) {
            for (Iterator<V> i = iterator(); i.hasNext();) {
                if (i.next() == o) {
                    i.remove();
                    return true;
                }
            }
            return false;
        }

        public void clear() {
            IdentityHashMap.this.clear();
        }
    }

    private final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public Iterator<Map.Entry<K, V>> iterator() {
            return new TableIterator<Map.Entry<K, V>>(ENTRIES);
        }

        public int size() {
            return size;
        }

        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return containsMapping(e.getKey(), e.getValue());
        }

        public boolean remove(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return removeMapping(e.getKey(), e.getValue());
        }

        public void clear() {
            IdentityHashMap.this.clear();
        }
    }
}
