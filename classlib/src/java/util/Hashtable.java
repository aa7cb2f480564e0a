package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A synchronized hash table, laid out as the JDK's so that iteration order matches: an array of
 * chains indexed by `(hash & 0x7FFFFFFF) % table.length`, new entries at the head of their
 * chain, 11 slots and load factor 0.75 by default, a rehash to `2n + 1` slots when `count`
 * reaches `threshold` (old chains walked from the last slot down, each entry pushed onto the
 * head of its new chain), and iteration from the last slot down to slot 0. Neither keys nor
 * values may be null. Every public method holds the table's monitor; iterators are fail-fast,
 * enumerations (keys(), elements()) are not.
 */
public class Hashtable<K, V> extends Dictionary<K, V> implements Map<K, V>, Cloneable, java.io.Serializable {
    private static final int MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;
    private static final int KEYS = 0;
    private static final int VALUES = 1;
    private static final int ENTRIES = 2;

    private transient Entry<?, ?>[] table;
    private transient int count;
    private int threshold;
    private float loadFactor;
    private transient int modCount;
    private transient volatile Set<K> keySet;
    private transient volatile Set<Map.Entry<K, V>> entrySet;
    private transient volatile Collection<V> values;

    public Hashtable(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        }
        if (loadFactor <= 0 || Float.isNaN(loadFactor)) {
            throw new IllegalArgumentException("Illegal Load: " + loadFactor);
        }
        if (initialCapacity == 0) {
            initialCapacity = 1;
        }
        this.loadFactor = loadFactor;
        table = new Entry<?, ?>[initialCapacity];
        threshold = (int) Math.min(initialCapacity * loadFactor, MAX_ARRAY_SIZE + 1);
    }

    public Hashtable(int initialCapacity) {
        this(initialCapacity, 0.75f);
    }

    public Hashtable() {
        this(11, 0.75f);
    }

    public Hashtable(Map<? extends K, ? extends V> t) {
        this(Math.max(2 * t.size(), 11), 0.75f);
        putAll(t);
    }

    /** For Properties, which keeps its entries elsewhere. */
    Hashtable(Void unused) {
    }

    private static int indexFor(int hash, int length) {
        return (hash & 0x7FFFFFFF) % length;
    }

    public synchronized int size() {
        return count;
    }

    public synchronized boolean isEmpty() {
        return count == 0;
    }

    public synchronized Enumeration<K> keys() {
        return enumeration(KEYS);
    }

    public synchronized Enumeration<V> elements() {
        return enumeration(VALUES);
    }

    /** As the JDK's: an empty table gives the shared empty enumeration and iterator. */
    private <T> Enumeration<T> enumeration(int type) {
        return count == 0 ? Collections.<T>emptyEnumeration() : new Enumerator<T>(type, false);
    }

    private <T> Iterator<T> iterator(int type) {
        return count == 0 ? Collections.<T>emptyIterator() : new Enumerator<T>(type, true);
    }

    public synchronized boolean contains(Object value) {
        if (value == null) {
            throw new NullPointerException();
        }
        Entry<?, ?>[] tab = table;
        for (int i = tab.length; i-- > 0;) {
            for (Entry<?, ?> e = tab[i]; e != null; e = e.next) {
                if (e.value.equals(value)) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean containsValue(Object value) {
        return contains(value);
    }

    public synchronized boolean containsKey(Object key) {
        return find(key) != null;
    }

    @SuppressWarnings("unchecked")
    public synchronized V get(Object key) {
        Entry<?, ?> e = find(key);
        return e == null ? null : (V) e.value;
    }

    /** The entry for `key`, or null; a null key throws NullPointerException (its hashCode). */
    private Entry<?, ?> find(Object key) {
        int hash = key.hashCode();
        for (Entry<?, ?> e = table[indexFor(hash, table.length)]; e != null; e = e.next) {
            if (e.hash == hash && e.key.equals(key)) {
                return e;
            }
        }
        return null;
    }

    protected void rehash() {
        int oldCapacity = table.length;
        Entry<?, ?>[] oldMap = table;
        int newCapacity = (oldCapacity << 1) + 1;
        if (newCapacity - MAX_ARRAY_SIZE > 0) {
            if (oldCapacity == MAX_ARRAY_SIZE) {
                return;
            }
            newCapacity = MAX_ARRAY_SIZE;
        }
        Entry<?, ?>[] newMap = new Entry<?, ?>[newCapacity];
        modCount++;
        threshold = (int) Math.min(newCapacity * loadFactor, MAX_ARRAY_SIZE + 1);
        table = newMap;
        for (int i = oldCapacity; i-- > 0;) {
            Entry<?, ?> old = oldMap[i];
            while (old != null) {
                Entry<?, ?> e = old;
                old = old.next;
                int index = indexFor(e.hash, newCapacity);
                e.next = newMap[index];
                newMap[index] = e;
            }
        }
    }

    private void addEntry(int hash, K key, V value, int index) {
        if (count >= threshold) {
            rehash();
            hash = key.hashCode();
            index = indexFor(hash, table.length);
        }
        table[index] = new Entry<K, V>(hash, key, value, table[index]);
        count++;
        modCount++;
    }

    @SuppressWarnings("unchecked")
    public synchronized V put(K key, V value) {
        if (value == null) {
            throw new NullPointerException();
        }
        int hash = key.hashCode();
        int index = indexFor(hash, table.length);
        for (Entry<?, ?> e = table[index]; e != null; e = e.next) {
            if (e.hash == hash && e.key.equals(key)) {
                Entry<K, V> entry = (Entry<K, V>) e;
                V old = entry.value;
                entry.value = value;
                return old;
            }
        }
        addEntry(hash, key, value, index);
        return null;
    }

    @SuppressWarnings("unchecked")
    public synchronized V remove(Object key) {
        int hash = key.hashCode();
        int index = indexFor(hash, table.length);
        Entry<?, ?> prev = null;
        for (Entry<?, ?> e = table[index]; e != null; prev = e, e = e.next) {
            if (e.hash == hash && e.key.equals(key)) {
                unlink(index, prev, e);
                return (V) e.value;
            }
        }
        return null;
    }

    private void unlink(int index, Entry<?, ?> prev, Entry<?, ?> e) {
        if (prev != null) {
            prev.next = e.next;
        } else {
            table[index] = e.next;
        }
        modCount++;
        count--;
        e.value = null;
    }

    /** Removes exactly this entry object (iterators, entry-set removal). */
    private synchronized boolean removeEntry(Entry<?, ?> target) {
        int index = indexFor(target.hash, table.length);
        Entry<?, ?> prev = null;
        for (Entry<?, ?> e = table[index]; e != null; prev = e, e = e.next) {
            if (e == target) {
                unlink(index, prev, e);
                return true;
            }
        }
        return false;
    }

    public synchronized void putAll(Map<? extends K, ? extends V> t) {
        for (Map.Entry<? extends K, ? extends V> e : t.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    public synchronized void clear() {
        Entry<?, ?>[] tab = table;
        for (int index = tab.length; --index >= 0;) {
            tab[index] = null;
        }
        modCount++;
        count = 0;
    }

    @SuppressWarnings("unchecked")
    public synchronized Object clone() {
        Hashtable<?, ?> t;
        try {
            t = (Hashtable<?, ?>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
        if (table != null) { // null in a Properties, whose entries live elsewhere
            t.table = new Entry<?, ?>[table.length];
            for (int i = table.length; i-- > 0;) {
                t.table[i] = table[i] != null ? table[i].copyChain() : null;
            }
        }
        t.keySet = null;
        t.entrySet = null;
        t.values = null;
        t.modCount = 0;
        return t;
    }

    public synchronized String toString() {
        int max = size() - 1;
        if (max == -1) {
            return "{}";
        }
        StringBuilder sb = new StringBuilder();
        Iterator<Map.Entry<K, V>> it = entrySet().iterator();
        sb.append('{');
        for (int i = 0;; i++) {
            Map.Entry<K, V> e = it.next();
            K key = e.getKey();
            V value = e.getValue();
            sb.append(key == this ? "(this Map)" : key.toString());
            sb.append('=');
            sb.append(value == this ? "(this Map)" : value.toString());
            if (i == max) {
                return sb.append('}').toString();
            }
            sb.append(", ");
        }
    }

    public Set<K> keySet() {
        if (keySet == null) {
            keySet = new KeySet();
        }
        return keySet;
    }

    public Set<Map.Entry<K, V>> entrySet() {
        if (entrySet == null) {
            entrySet = new EntrySet();
        }
        return entrySet;
    }

    public Collection<V> values() {
        if (values == null) {
            values = new ValueCollection();
        }
        return values;
    }

    public synchronized boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map)) {
            return false;
        }
        Map<?, ?> t = (Map<?, ?>) o;
        if (t.size() != size()) {
            return false;
        }
        try {
            for (Map.Entry<K, V> e : entrySet()) {
                K key = e.getKey();
                V value = e.getValue();
                if (!value.equals(t.get(key))) {
                    return false;
                }
            }
        } catch (ClassCastException unused) {
            return false;
        } catch (NullPointerException unused) {
            return false;
        }
        return true;
    }

    public synchronized int hashCode() {
        int h = 0;
        if (count == 0 || loadFactor < 0) {
            return h;
        }
        loadFactor = -loadFactor; // a table containing itself does not recurse forever
        Entry<?, ?>[] tab = table;
        for (Entry<?, ?> entry : tab) {
            while (entry != null) {
                h += entry.hashCode();
                entry = entry.next;
            }
        }
        loadFactor = -loadFactor;
        return h;
    }

    @SuppressWarnings("unchecked")
    public synchronized V getOrDefault(Object key, V defaultValue) {
        V result = get(key);
        return result == null ? defaultValue : result;
    }

    @SuppressWarnings("unchecked")
    public synchronized void forEach(BiConsumer<? super K, ? super V> action) {
        Objects.requireNonNull(action);
        int expected = modCount;
        Entry<?, ?>[] tab = table;
        for (Entry<?, ?> entry : tab) {
            while (entry != null) {
                action.accept((K) entry.key, (V) entry.value);
                entry = entry.next;
                if (expected != modCount) {
                    throw new ConcurrentModificationException();
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    public synchronized void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        Objects.requireNonNull(function);
        int expected = modCount;
        for (Entry<?, ?> e : table) {
            for (Entry<K, V> entry = (Entry<K, V>) e; entry != null; entry = (Entry<K, V>) entry.next) {
                entry.value = Objects.requireNonNull(function.apply(entry.key, entry.value));
                if (expected != modCount) {
                    throw new ConcurrentModificationException();
                }
            }
        }
    }

    public synchronized V putIfAbsent(K key, V value) {
        Objects.requireNonNull(value);
        V old = get(key);
        if (old == null) {
            put(key, value);
        }
        return old;
    }

    public synchronized boolean remove(Object key, Object value) {
        Objects.requireNonNull(value);
        Entry<?, ?> e = find(key);
        if (e != null && e.value.equals(value)) {
            removeEntry(e);
            return true;
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    public synchronized boolean replace(K key, V oldValue, V newValue) {
        Objects.requireNonNull(oldValue);
        Objects.requireNonNull(newValue);
        Entry<K, V> e = (Entry<K, V>) find(key);
        if (e != null && e.value.equals(oldValue)) {
            e.value = newValue;
            return true;
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    public synchronized V replace(K key, V value) {
        Objects.requireNonNull(value);
        Entry<K, V> e = (Entry<K, V>) find(key);
        if (e == null) {
            return null;
        }
        V old = e.value;
        e.value = value;
        return old;
    }

    public synchronized V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        Objects.requireNonNull(mappingFunction);
        V old = get(key);
        if (old != null) {
            return old;
        }
        int mc = modCount;
        V value = mappingFunction.apply(key);
        if (mc != modCount) {
            throw new ConcurrentModificationException();
        }
        if (value != null) {
            put(key, value);
        }
        return value;
    }

    public synchronized V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        Objects.requireNonNull(remappingFunction);
        V old = get(key);
        if (old == null) {
            return null;
        }
        return remap(key, remappingFunction.apply(key, old));
    }

    public synchronized V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        Objects.requireNonNull(remappingFunction);
        V old = get(key);
        return remap(key, remappingFunction.apply(key, old));
    }

    public synchronized V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        Objects.requireNonNull(remappingFunction);
        Objects.requireNonNull(value);
        V old = get(key);
        return remap(key, old == null ? value : remappingFunction.apply(old, value));
    }

    /** Stores `value` for `key`, or removes the key when it is null; returns `value`. */
    private V remap(K key, V value) {
        if (value == null) {
            remove(key);
        } else {
            put(key, value);
        }
        return value;
    }

    /** A chain link; `hash` is the key's hashCode. */
    private static final class Entry<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        V value;
        Entry<?, ?> next;

        Entry(int hash, K key, V value, Entry<?, ?> next) {
            this.hash = hash;
            this.key = key;
            this.value = value;
            this.next = next;
        }

        Entry<K, V> copyChain() {
            return new Entry<K, V>(hash, key, value, next == null ? null : next.copyChain());
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return value;
        }

        public V setValue(V value) {
            if (value == null) {
                throw new NullPointerException();
            }
            V old = this.value;
            this.value = value;
            return old;
        }

        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return (key == null ? e.getKey() == null : key.equals(e.getKey()))
                && (value == null ? e.getValue() == null : value.equals(e.getValue()));
        }

        public int hashCode() {
            return hash ^ Objects.hashCode(value);
        }

        public String toString() {
            return key.toString() + "=" + value.toString();
        }
    }

    /** Walks the table from the last slot down; an iterator (not an enumeration) is fail-fast. */
    private final class Enumerator<T> implements Enumeration<T>, Iterator<T> {
        private final Entry<?, ?>[] tab = table;
        private int index = tab.length;
        private Entry<?, ?> entry;
        private Entry<?, ?> lastReturned;
        private final int type;
        private final boolean iterator;
        private int expectedModCount = modCount;

        Enumerator(int type, boolean iterator) {
            this.type = type;
            this.iterator = iterator;
        }

        public boolean hasMoreElements() {
            while (entry == null && index > 0) {
                entry = tab[--index];
            }
            return entry != null;
        }

        @SuppressWarnings("unchecked")
        public T nextElement() {
            if (!hasMoreElements()) {
                throw new NoSuchElementException("Hashtable Enumerator");
            }
            Entry<?, ?> e = lastReturned = entry;
            entry = e.next;
            return type == KEYS ? (T) e.key : (type == VALUES ? (T) e.value : (T) e);
        }

        public boolean hasNext() {
            return hasMoreElements();
        }

        public T next() {
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            return nextElement();
        }

        public void remove() {
            if (!iterator) {
                throw new UnsupportedOperationException();
            }
            if (lastReturned == null) {
                throw new IllegalStateException("Hashtable Enumerator");
            }
            if (modCount != expectedModCount) {
                throw new ConcurrentModificationException();
            }
            synchronized (Hashtable.this) {
                if (!removeEntry(lastReturned)) {
                    throw new ConcurrentModificationException();
                }
                expectedModCount++;
                lastReturned = null;
            }
        }
    }

    private final class KeySet extends AbstractSet<K> {
        public Iterator<K> iterator() {
            return Hashtable.this.<K>iterator(KEYS);
        }

        public int size() {
            return count;
        }

        public boolean contains(Object o) {
            return containsKey(o);
        }

        public boolean remove(Object o) {
            return Hashtable.this.remove(o) != null;
        }

        public void clear() {
            Hashtable.this.clear();
        }
    }

    private final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public Iterator<Map.Entry<K, V>> iterator() {
            return Hashtable.this.<Map.Entry<K, V>>iterator(ENTRIES);
        }

        public int size() {
            return count;
        }

        public boolean contains(Object o) {
            return matching(o) != null;
        }

        public boolean remove(Object o) {
            Entry<?, ?> e = matching(o);
            return e != null && removeEntry(e);
        }

        /** The table's entry equal to the entry `o`, or null. */
        private Entry<?, ?> matching(Object o) {
            if (!(o instanceof Map.Entry)) {
                return null;
            }
            Map.Entry<?, ?> entry = (Map.Entry<?, ?>) o;
            synchronized (Hashtable.this) {
                Object key = entry.getKey();
                Entry<?, ?> e = key == null ? null : find(key);
                return e != null && e.equals(entry) ? e : null;
            }
        }

        public void clear() {
            Hashtable.this.clear();
        }
    }

    private final class ValueCollection extends AbstractCollection<V> {
        public Iterator<V> iterator() {
            return Hashtable.this.<V>iterator(VALUES);
        }

        public int size() {
            return count;
        }

        public boolean contains(Object o) {
            return containsValue(o);
        }

        public void clear() {
            Hashtable.this.clear();
        }
    }
}
