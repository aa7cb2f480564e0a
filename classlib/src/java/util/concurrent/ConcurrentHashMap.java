package java.util.concurrent;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A thread-safe hash map (every operation holds the map's monitor) laid out like the JDK's so
 * that iteration order matches: hash spreading {@code (h ^ (h >>> 16)) & 0x7fffffff},
 * power-of-two tables (16 by default; {@code new ConcurrentHashMap(n)} sizes for n / 0.75),
 * new nodes at the tail of their bin, a resize as soon as the count reaches 3/4 of the table,
 * and the JDK's transfer, which keeps each bin's trailing run of nodes going to the same half
 * and prepends the others (reversing them). Iteration goes from bin 0 upwards and never throws
 * ConcurrentModificationException. Difference: bins are never turned into trees (the JDK does
 * at 8 colliding keys in a table of 64 or more), so the order of a bin of 9+ colliding keys
 * may differ. Null keys and values throw NullPointerException.
 */
public class ConcurrentHashMap<K, V> extends AbstractMap<K, V> implements ConcurrentMap<K, V>, java.io.Serializable {
    private static final int MAXIMUM_CAPACITY = 1 << 30;
    private static final int DEFAULT_CAPACITY = 16;
    private static final int HASH_BITS = 0x7fffffff;

    static final class Node<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        volatile V val;
        Node<K, V> next;

        Node(int hash, K key, V val, Node<K, V> next) {
            this.hash = hash;
            this.key = key;
            this.val = val;
            this.next = next;
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return val;
        }

        public int hashCode() {
            return key.hashCode() ^ val.hashCode();
        }

        public String toString() {
            return key + "=" + val;
        }

        public V setValue(V value) {
            throw new UnsupportedOperationException();
        }

        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            Object k = e.getKey();
            Object v = e.getValue();
            return k != null && v != null && (k == key || k.equals(key)) && (v == val || v.equals(val));
        }
    }

    private Node<K, V>[] table;
    /* Before the table exists: its initial size; after: the count that triggers a resize. */
    private int sizeCtl;
    private int count;

    static int spread(int h) {
        return (h ^ (h >>> 16)) & HASH_BITS;
    }

    static int tableSizeFor(int c) {
        int n = -1 >>> Integer.numberOfLeadingZeros(c - 1);
        return (n < 0) ? 1 : (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    public ConcurrentHashMap() {
    }

    public ConcurrentHashMap(int initialCapacity) {
        this(initialCapacity, 0.75f, 1);
    }

    public ConcurrentHashMap(Map<? extends K, ? extends V> m) {
        this.sizeCtl = DEFAULT_CAPACITY;
        putAll(m);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor) {
        this(initialCapacity, loadFactor, 1);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor, int concurrencyLevel) {
        if (!(loadFactor > 0.0f) || initialCapacity < 0 || concurrencyLevel <= 0) {
            throw new IllegalArgumentException();
        }
        if (initialCapacity < concurrencyLevel) {
            initialCapacity = concurrencyLevel;
        }
        long size = (long) (1.0 + (long) initialCapacity / loadFactor);
        this.sizeCtl = (size >= (long) MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : tableSizeFor((int) size);
    }

    @SuppressWarnings("unchecked")
    private static <K, V> Node<K, V>[] newTable(int n) {
        return (Node<K, V>[]) new Node<?, ?>[n];
    }

    private Node<K, V>[] initTable() {
        if (table == null) {
            int n = (sizeCtl > 0) ? sizeCtl : DEFAULT_CAPACITY;
            table = newTable(n);
            sizeCtl = n - (n >>> 2);
        }
        return table;
    }

    public synchronized int size() {
        return count;
    }

    public long mappingCount() {
        return size();
    }

    public synchronized boolean isEmpty() {
        return count == 0;
    }

    private Node<K, V> find(Object key) {
        Node<K, V>[] tab = table;
        if (tab == null) {
            return null;
        }
        int h = spread(key.hashCode());
        for (Node<K, V> e = tab[(tab.length - 1) & h]; e != null; e = e.next) {
            if (e.hash == h && (e.key == key || e.key.equals(key))) {
                return e;
            }
        }
        return null;
    }

    public synchronized V get(Object key) {
        Node<K, V> e = find(key);
        return e == null ? null : e.val;
    }

    public synchronized boolean containsKey(Object key) {
        return find(key) != null;
    }

    public synchronized boolean containsValue(Object value) {
        if (value == null) {
            throw new NullPointerException();
        }
        Node<K, V>[] tab = table;
        if (tab != null) {
            for (int i = 0; i < tab.length; i++) {
                for (Node<K, V> e = tab[i]; e != null; e = e.next) {
                    if (e.val == value || value.equals(e.val)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    public V put(K key, V value) {
        return putVal(key, value, false);
    }

    private synchronized V putVal(K key, V value, boolean onlyIfAbsent) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
        int hash = spread(key.hashCode());
        Node<K, V>[] tab = initTable();
        int i = (tab.length - 1) & hash;
        Node<K, V> e = tab[i];
        if (e == null) {
            tab[i] = new Node<K, V>(hash, key, value, null);
        } else {
            Node<K, V> pred = null;
            for (; e != null; pred = e, e = e.next) {
                if (e.hash == hash && (e.key == key || e.key.equals(key))) {
                    V old = e.val;
                    if (!onlyIfAbsent) {
                        e.val = value;
                    }
                    return old;
                }
            }
            pred.next = new Node<K, V>(hash, key, value, null);
        }
        addCount(1);
        return null;
    }

    private void addCount(int delta) {
        count += delta;
        if (delta > 0) {
            while (table != null && count >= sizeCtl && table.length < MAXIMUM_CAPACITY) {
                transfer();
            }
        }
    }

    /* Doubles the table, moving bins from the last to the first as the JDK does. */
    private void transfer() {
        Node<K, V>[] tab = table;
        int n = tab.length;
        Node<K, V>[] next = newTable(n << 1);
        for (int i = n - 1; i >= 0; i--) {
            Node<K, V> f = tab[i];
            if (f == null) {
                continue;
            }
            int runBit = f.hash & n;
            Node<K, V> lastRun = f;
            for (Node<K, V> p = f.next; p != null; p = p.next) {
                int b = p.hash & n;
                if (b != runBit) {
                    runBit = b;
                    lastRun = p;
                }
            }
            Node<K, V> ln;
            Node<K, V> hn;
            if (runBit == 0) {
                ln = lastRun;
                hn = null;
            } else {
                hn = lastRun;
                ln = null;
            }
            for (Node<K, V> p = f; p != lastRun; p = p.next) {
                if ((p.hash & n) == 0) {
                    ln = new Node<K, V>(p.hash, p.key, p.val, ln);
                } else {
                    hn = new Node<K, V>(p.hash, p.key, p.val, hn);
                }
            }
            next[i] = ln;
            next[i + n] = hn;
        }
        table = next;
        int m = n << 1;
        sizeCtl = m - (m >>> 2);
    }

    public synchronized void putAll(Map<? extends K, ? extends V> m) {
        tryPresize(m.size());
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
            putVal(e.getKey(), e.getValue(), false);
        }
    }

    private void tryPresize(int size) {
        int c = (size >= (MAXIMUM_CAPACITY >>> 1)) ? MAXIMUM_CAPACITY : tableSizeFor(size + (size >>> 1) + 1);
        if (table == null) {
            int n = (sizeCtl > c) ? sizeCtl : c;
            table = newTable(n);
            sizeCtl = n - (n >>> 2);
            return;
        }
        while (c > sizeCtl && table.length < MAXIMUM_CAPACITY) {
            transfer();
        }
    }

    public synchronized V remove(Object key) {
        return replaceNode(key, null, null);
    }

    /* Replaces (value != null) or removes (value == null) the node of key, if its value is cv
     * (or cv is null). Returns the old value. */
    private V replaceNode(Object key, V value, Object cv) {
        Node<K, V>[] tab = table;
        if (tab == null) {
            return null;
        }
        int hash = spread(key.hashCode());
        int i = (tab.length - 1) & hash;
        Node<K, V> pred = null;
        for (Node<K, V> e = tab[i]; e != null; pred = e, e = e.next) {
            if (e.hash == hash && (e.key == key || e.key.equals(key))) {
                V ev = e.val;
                if (cv != null && cv != ev && !cv.equals(ev)) {
                    return null;
                }
                if (value != null) {
                    e.val = value;
                } else {
                    if (pred == null) {
                        tab[i] = e.next;
                    } else {
                        pred.next = e.next;
                    }
                    addCount(-1);
                }
                return ev;
            }
        }
        return null;
    }

    public synchronized void clear() {
        if (table != null) {
            for (int i = 0; i < table.length; i++) {
                table[i] = null;
            }
        }
        count = 0;
    }

    public V putIfAbsent(K key, V value) {
        return putVal(key, value, true);
    }

    public synchronized boolean remove(Object key, Object value) {
        if (key == null) {
            throw new NullPointerException();
        }
        return value != null && replaceNode(key, null, value) != null;
    }

    public synchronized boolean replace(K key, V oldValue, V newValue) {
        if (key == null || oldValue == null || newValue == null) {
            throw new NullPointerException();
        }
        return replaceNode(key, newValue, oldValue) != null;
    }

    public synchronized V replace(K key, V value) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
        return replaceNode(key, value, null);
    }

    public synchronized V getOrDefault(Object key, V defaultValue) {
        V v = get(key);
        return v == null ? defaultValue : v;
    }

    public synchronized V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (key == null || mappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> e = find(key);
        if (e != null) {
            return e.val;
        }
        V v = mappingFunction.apply(key);
        if (v != null) {
            putVal(key, v, false);
        }
        return v;
    }

    public synchronized V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> e = find(key);
        if (e == null) {
            return null;
        }
        V v = remappingFunction.apply(key, e.val);
        if (v != null) {
            e.val = v;
        } else {
            replaceNode(key, null, null);
        }
        return v;
    }

    public synchronized V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> e = find(key);
        V v = remappingFunction.apply(key, e == null ? null : e.val);
        if (e != null) {
            if (v != null) {
                e.val = v;
            } else {
                replaceNode(key, null, null);
            }
        } else if (v != null) {
            putVal(key, v, false);
        }
        return v;
    }

    public synchronized V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (key == null || value == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        Node<K, V> e = find(key);
        if (e == null) {
            putVal(key, value, false);
            return value;
        }
        V v = remappingFunction.apply(e.val, value);
        if (v != null) {
            e.val = v;
        } else {
            replaceNode(key, null, null);
        }
        return v;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) {
            throw new NullPointerException();
        }
        for (Map.Entry<K, V> e : entrySet()) {
            action.accept(e.getKey(), e.getValue());
        }
    }

    public static <K> KeySetView<K, Boolean> newKeySet() {
        return new KeySetView<K, Boolean>(new ConcurrentHashMap<K, Boolean>(), Boolean.TRUE);
    }

    public static <K> KeySetView<K, Boolean> newKeySet(int initialCapacity) {
        return new KeySetView<K, Boolean>(new ConcurrentHashMap<K, Boolean>(initialCapacity), Boolean.TRUE);
    }

    /* Iterates the table as it is at each step, from bin 0 upwards (weakly consistent). */
    private abstract class Traverser<T> implements Iterator<T> {
        private Node<K, V>[] tab;
        private int index;
        private Node<K, V> nextNode;
        private Node<K, V> lastReturned;

        Traverser() {
            synchronized (ConcurrentHashMap.this) {
                tab = table;
            }
            advance();
        }

        private void advance() {
            synchronized (ConcurrentHashMap.this) {
                if (nextNode != null) {
                    nextNode = nextNode.next;
                }
                while (nextNode == null && tab != null && index < tab.length) {
                    nextNode = tab[index++];
                }
            }
        }

        public boolean hasNext() {
            return nextNode != null;
        }

        Node<K, V> nextEntry() {
            Node<K, V> e = nextNode;
            if (e == null) {
                throw new NoSuchElementException();
            }
            lastReturned = e;
            advance();
            return e;
        }

        public void remove() {
            Node<K, V> p = lastReturned;
            if (p == null) {
                throw new IllegalStateException();
            }
            lastReturned = null;
            ConcurrentHashMap.this.remove(p.key);
        }
    }

    private final class KeyIterator extends Traverser<K> {
        public K next() {
            return nextEntry().key;
        }
    }

    private final class ValueIterator extends Traverser<V> {
        public V next() {
            return nextEntry().val;
        }
    }

    private final class EntryIterator extends Traverser<Map.Entry<K, V>> {
        public Map.Entry<K, V> next() {
            Node<K, V> e = nextEntry();
            return new MapEntry(e.key, e.val);
        }
    }

    /* An exported entry: setValue writes through to the map. */
    private final class MapEntry implements Map.Entry<K, V> {
        final K key;
        V val;

        MapEntry(K key, V val) {
            this.key = key;
            this.val = val;
        }

        public K getKey() {
            return key;
        }

        public V getValue() {
            return val;
        }

        public int hashCode() {
            return key.hashCode() ^ val.hashCode();
        }

        public String toString() {
            return key + "=" + val;
        }

        public boolean equals(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            Object k = e.getKey();
            Object v = e.getValue();
            return k != null && v != null && (k == key || k.equals(key)) && (v == val || v.equals(val));
        }

        public V setValue(V value) {
            if (value == null) {
                throw new NullPointerException();
            }
            V v = val;
            val = value;
            put(key, value);
            return v;
        }
    }

    /** The legacy Hashtable method: containsValue. */
    public boolean contains(Object value) {
        return containsValue(value);
    }

    public Enumeration<K> keys() {
        return Collections.enumeration(new ArrayList<K>(keySet()));
    }

    public Enumeration<V> elements() {
        return Collections.enumeration(new ArrayList<V>(values()));
    }

    public KeySetView<K, V> keySet() {
        return new KeySetView<K, V>(this, null);
    }

    public KeySetView<K, V> keySet(V mappedValue) {
        if (mappedValue == null) {
            throw new NullPointerException();
        }
        return new KeySetView<K, V>(this, mappedValue);
    }

    /** The keys as a Set; with a mapped value, add(k) puts (k, value). */
    public static class KeySetView<K, V> extends AbstractSet<K> implements java.io.Serializable {
        private final ConcurrentHashMap<K, V> map;
        private final V value;

        KeySetView(ConcurrentHashMap<K, V> map, V value) {
            this.map = map;
            this.value = value;
        }

        public ConcurrentHashMap<K, V> getMap() {
            return map;
        }

        public V getMappedValue() {
            return value;
        }

        public Iterator<K> iterator() {
            return map.new KeyIterator();
        }

        public int size() {
            return map.size();
        }

        public boolean contains(Object o) {
            return map.containsKey(o);
        }

        public boolean remove(Object o) {
            return map.remove(o) != null;
        }

        public boolean add(K e) {
            if (value == null) {
                throw new UnsupportedOperationException();
            }
            return map.putVal(e, value, true) == null;
        }

        public void clear() {
            map.clear();
        }
    }

    public Collection<V> values() {
        return new AbstractCollection<V>() {
            public Iterator<V> iterator() {
                return new ValueIterator();
            }

            public int size() {
                return ConcurrentHashMap.this.size();
            }

            public boolean contains(Object o) {
                return containsValue(o);
            }

            public void clear() {
                ConcurrentHashMap.this.clear();
            }
        };
    }

    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<Map.Entry<K, V>>() {
            public Iterator<Map.Entry<K, V>> iterator() {
                return new EntryIterator();
            }

            public int size() {
                return ConcurrentHashMap.this.size();
            }

            public boolean contains(Object o) {
                if (!(o instanceof Map.Entry)) {
                    return false;
                }
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                Object k = e.getKey();
                Object v = e.getValue();
                if (k == null || v == null) {
                    return false;
                }
                Object r = get(k);
                return r != null && (r == v || r.equals(v));
            }

            public boolean remove(Object o) {
                if (!(o instanceof Map.Entry)) {
                    return false;
                }
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                Object k = e.getKey();
                Object v = e.getValue();
                return k != null && v != null && ConcurrentHashMap.this.remove(k, v);
            }

            public void clear() {
                ConcurrentHashMap.this.clear();
            }
        };
    }

    public synchronized int hashCode() {
        int h = 0;
        Node<K, V>[] tab = table;
        if (tab != null) {
            for (int i = 0; i < tab.length; i++) {
                for (Node<K, V> e = tab[i]; e != null; e = e.next) {
                    h += e.key.hashCode() ^ e.val.hashCode();
                }
            }
        }
        return h;
    }
}
