package java.util.concurrent;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A sorted concurrent map. gcvm's is not a skip list: a TreeMap (`base`) under one monitor
 * (`lock`, shared by the map and all its views). A view (subMap, headMap, tailMap,
 * descendingMap) is another ConcurrentSkipListMap with its bounds and direction, checked as
 * the JDK's ("key out of range", "inconsistent range"), working on the TreeMap's live view of
 * that range (`m`). Neither keys nor
 * values may be null. Iterators are weakly consistent: each walks a snapshot taken when it was
 * made and never throws ConcurrentModificationException; entries they and the navigation
 * methods return are immutable snapshots (setValue throws UnsupportedOperationException), and
 * their remove removes the key from the map.
 */
public class ConcurrentSkipListMap<K, V> extends AbstractMap<K, V>
        implements ConcurrentNavigableMap<K, V>, Cloneable, java.io.Serializable {
    private transient Object lock;
    /** The whole map; `m` is `base` itself or its TreeMap view of this view's range. */
    private transient TreeMap<K, V> base;
    private transient NavigableMap<K, V> m;
    /** A view's bounds in the base map's order (null: unbounded), and its direction. */
    private transient K lo;
    private transient boolean loInclusive;
    private transient K hi;
    private transient boolean hiInclusive;
    private transient boolean descending;
    private transient KeySet<K> keySet;
    private transient KeySet<K> descendingKeySet;

    public ConcurrentSkipListMap() {
        this(new TreeMap<K, V>());
    }

    public ConcurrentSkipListMap(Comparator<? super K> comparator) {
        this(new TreeMap<K, V>(comparator));
    }

    public ConcurrentSkipListMap(Map<? extends K, ? extends V> map) {
        this();
        putAll(map);
    }

    public ConcurrentSkipListMap(SortedMap<K, ? extends V> map) {
        this(map.comparator());
        putAll(map);
    }

    private ConcurrentSkipListMap(TreeMap<K, V> base) {
        this.lock = new Object();
        this.base = base;
        this.m = base;
    }

    /** A view of `base`; the range must already be checked. */
    private ConcurrentSkipListMap(ConcurrentSkipListMap<K, V> owner, K lo, boolean loInclusive, K hi,
                                  boolean hiInclusive, boolean descending) {
        this.lock = owner.lock;
        this.base = owner.base;
        this.lo = lo;
        this.loInclusive = loInclusive;
        this.hi = hi;
        this.hiInclusive = hiInclusive;
        this.descending = descending;
        NavigableMap<K, V> range;
        if (lo != null && hi != null) {
            range = base.subMap(lo, loInclusive, hi, hiInclusive);
        } else if (lo != null) {
            range = base.tailMap(lo, loInclusive);
        } else if (hi != null) {
            range = base.headMap(hi, hiInclusive);
        } else {
            range = base;
        }
        this.m = descending ? range.descendingMap() : range;
    }

    private static void checkKey(Object key) {
        if (key == null) {
            throw new NullPointerException();
        }
    }

    private static void checkEntry(Object key, Object value) {
        if (key == null || value == null) {
            throw new NullPointerException();
        }
    }

    @SuppressWarnings("unchecked")
    private int compare(K a, K b) {
        Comparator<? super K> c = base.comparator();
        return c != null ? c.compare(a, b) : ((Comparable<? super K>) a).compareTo(b);
    }

    // ---- views

    /**
     * The view of this map from `fromKey` to `toKey` (null: this map's own bound) in this map's
     * order, checked as the JDK's: a bound outside this view is "key out of range", bounds in
     * the wrong order "inconsistent range".
     */
    private ConcurrentSkipListMap<K, V> view(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        if (descending) {
            K k = fromKey;
            fromKey = toKey;
            toKey = k;
            boolean b = fromInclusive;
            fromInclusive = toInclusive;
            toInclusive = b;
        }
        if (lo != null) {
            if (fromKey == null) {
                fromKey = lo;
                fromInclusive = loInclusive;
            } else {
                int c = compare(fromKey, lo);
                if (c < 0 || (c == 0 && !loInclusive && fromInclusive)) {
                    throw new IllegalArgumentException("key out of range");
                }
            }
        }
        if (hi != null) {
            if (toKey == null) {
                toKey = hi;
                toInclusive = hiInclusive;
            } else {
                int c = compare(toKey, hi);
                if (c > 0 || (c == 0 && !hiInclusive && toInclusive)) {
                    throw new IllegalArgumentException("key out of range");
                }
            }
        }
        if (fromKey != null && toKey != null && compare(fromKey, toKey) > 0) {
            throw new IllegalArgumentException("inconsistent range");
        }
        return new ConcurrentSkipListMap<K, V>(this, fromKey, fromInclusive, toKey, toInclusive, descending);
    }

    public ConcurrentNavigableMap<K, V> subMap(K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
        if (fromKey == null || toKey == null) {
            throw new NullPointerException();
        }
        return view(fromKey, fromInclusive, toKey, toInclusive);
    }

    public ConcurrentNavigableMap<K, V> headMap(K toKey, boolean inclusive) {
        checkKey(toKey);
        return view(null, false, toKey, inclusive);
    }

    public ConcurrentNavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
        checkKey(fromKey);
        return view(fromKey, inclusive, null, false);
    }

    public ConcurrentNavigableMap<K, V> subMap(K fromKey, K toKey) {
        return subMap(fromKey, true, toKey, false);
    }

    public ConcurrentNavigableMap<K, V> headMap(K toKey) {
        return headMap(toKey, false);
    }

    public ConcurrentNavigableMap<K, V> tailMap(K fromKey) {
        return tailMap(fromKey, true);
    }

    public ConcurrentNavigableMap<K, V> descendingMap() {
        return new ConcurrentSkipListMap<K, V>(this, lo, loInclusive, hi, hiInclusive, !descending);
    }

    public NavigableSet<K> keySet() {
        KeySet<K> ks = keySet;
        return ks != null ? ks : (keySet = new KeySet<K>(this));
    }

    public NavigableSet<K> navigableKeySet() {
        return keySet();
    }

    public NavigableSet<K> descendingKeySet() {
        KeySet<K> ks = descendingKeySet;
        return ks != null ? ks : (descendingKeySet = new KeySet<K>(descendingMap()));
    }

    public Collection<V> values() {
        return new Values();
    }

    public Set<Map.Entry<K, V>> entrySet() {
        return new EntrySet();
    }

    // ---- queries

    public int size() {
        synchronized (lock) {
            return m.size();
        }
    }

    public boolean isEmpty() {
        synchronized (lock) {
            return m.isEmpty();
        }
    }

    public boolean containsKey(Object key) {
        checkKey(key);
        synchronized (lock) {
            return m.containsKey(key);
        }
    }

    public boolean containsValue(Object value) {
        checkKey(value);
        synchronized (lock) {
            return m.containsValue(value);
        }
    }

    public V get(Object key) {
        checkKey(key);
        synchronized (lock) {
            return m.get(key);
        }
    }

    public V getOrDefault(Object key, V defaultValue) {
        V v = get(key);
        return v == null ? defaultValue : v;
    }

    public Comparator<? super K> comparator() {
        return m.comparator();
    }

    public K firstKey() {
        synchronized (lock) {
            return m.firstKey();
        }
    }

    public K lastKey() {
        synchronized (lock) {
            return m.lastKey();
        }
    }

    public Map.Entry<K, V> firstEntry() {
        synchronized (lock) {
            return snapshot(m.firstEntry());
        }
    }

    public Map.Entry<K, V> lastEntry() {
        synchronized (lock) {
            return snapshot(m.lastEntry());
        }
    }

    public Map.Entry<K, V> pollFirstEntry() {
        synchronized (lock) {
            return snapshot(m.pollFirstEntry());
        }
    }

    public Map.Entry<K, V> pollLastEntry() {
        synchronized (lock) {
            return snapshot(m.pollLastEntry());
        }
    }

    public Map.Entry<K, V> lowerEntry(K key) {
        checkKey(key);
        synchronized (lock) {
            return snapshot(m.lowerEntry(key));
        }
    }

    public K lowerKey(K key) {
        checkKey(key);
        synchronized (lock) {
            return m.lowerKey(key);
        }
    }

    public Map.Entry<K, V> floorEntry(K key) {
        checkKey(key);
        synchronized (lock) {
            return snapshot(m.floorEntry(key));
        }
    }

    public K floorKey(K key) {
        checkKey(key);
        synchronized (lock) {
            return m.floorKey(key);
        }
    }

    public Map.Entry<K, V> ceilingEntry(K key) {
        checkKey(key);
        synchronized (lock) {
            return snapshot(m.ceilingEntry(key));
        }
    }

    public K ceilingKey(K key) {
        checkKey(key);
        synchronized (lock) {
            return m.ceilingKey(key);
        }
    }

    public Map.Entry<K, V> higherEntry(K key) {
        checkKey(key);
        synchronized (lock) {
            return snapshot(m.higherEntry(key));
        }
    }

    public K higherKey(K key) {
        checkKey(key);
        synchronized (lock) {
            return m.higherKey(key);
        }
    }

    private static <K, V> Map.Entry<K, V> snapshot(Map.Entry<K, V> e) {
        return e == null ? null : new AbstractMap.SimpleImmutableEntry<K, V>(e.getKey(), e.getValue());
    }

    // ---- updates

    public V put(K key, V value) {
        checkEntry(key, value);
        synchronized (lock) {
            return m.put(key, value);
        }
    }

    public V remove(Object key) {
        checkKey(key);
        synchronized (lock) {
            return m.remove(key);
        }
    }

    public boolean remove(Object key, Object value) {
        checkKey(key);
        synchronized (lock) {
            return value != null && m.remove(key, value);
        }
    }

    public V putIfAbsent(K key, V value) {
        checkEntry(key, value);
        synchronized (lock) {
            return m.putIfAbsent(key, value);
        }
    }

    public boolean replace(K key, V oldValue, V newValue) {
        if (key == null || oldValue == null || newValue == null) {
            throw new NullPointerException();
        }
        synchronized (lock) {
            return m.replace(key, oldValue, newValue);
        }
    }

    public V replace(K key, V value) {
        checkEntry(key, value);
        synchronized (lock) {
            return m.replace(key, value);
        }
    }

    public void clear() {
        synchronized (lock) {
            m.clear();
        }
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (key == null || mappingFunction == null) {
            throw new NullPointerException();
        }
        synchronized (lock) {
            return m.computeIfAbsent(key, mappingFunction);
        }
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        synchronized (lock) {
            return m.computeIfPresent(key, remappingFunction);
        }
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        synchronized (lock) {
            return m.compute(key, remappingFunction);
        }
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (key == null || value == null || remappingFunction == null) {
            throw new NullPointerException();
        }
        synchronized (lock) {
            return m.merge(key, value, remappingFunction);
        }
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) {
            throw new NullPointerException();
        }
        for (Map.Entry<K, V> e : entries()) {
            action.accept(e.getKey(), e.getValue());
        }
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (function == null) {
            throw new NullPointerException();
        }
        for (Map.Entry<K, V> e : entries()) {
            V v = function.apply(e.getKey(), e.getValue());
            if (v == null) {
                throw new NullPointerException();
            }
            replace(e.getKey(), e.getValue(), v);
        }
    }

    @SuppressWarnings("unchecked")
    public ConcurrentSkipListMap<K, V> clone() {
        ConcurrentSkipListMap<K, V> clone = new ConcurrentSkipListMap<K, V>(m.comparator());
        clone.putAll(this);
        return clone;
    }

    // ---- iteration

    /** The entries now in the view, in its order, as immutable snapshots. */
    private ArrayList<Map.Entry<K, V>> entries() {
        synchronized (lock) {
            ArrayList<Map.Entry<K, V>> list = new ArrayList<Map.Entry<K, V>>(m.size());
            for (Map.Entry<K, V> e : m.entrySet()) {
                list.add(new AbstractMap.SimpleImmutableEntry<K, V>(e.getKey(), e.getValue()));
            }
            return list;
        }
    }

    /** Walks a snapshot; remove() removes the last key returned from the map. */
    private abstract class SnapshotIterator<T> implements Iterator<T> {
        private final Iterator<Map.Entry<K, V>> it = entries().iterator();
        private Map.Entry<K, V> last;

        public boolean hasNext() {
            return it.hasNext();
        }

        Map.Entry<K, V> nextEntry() {
            return last = it.next();
        }

        public void remove() {
            if (last == null) {
                throw new IllegalStateException();
            }
            ConcurrentSkipListMap.this.remove(last.getKey());
            last = null;
        }
    }

    private final class EntryIterator extends SnapshotIterator<Map.Entry<K, V>> {
        public Map.Entry<K, V> next() {
            return nextEntry();
        }
    }

    private final class ValueIterator extends SnapshotIterator<V> {
        public V next() {
            return nextEntry().getValue();
        }
    }

    private final class KeyIterator extends SnapshotIterator<K> {
        public K next() {
            return nextEntry().getKey();
        }
    }

    Iterator<K> keyIterator() {
        return new KeyIterator();
    }

    private final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public Iterator<Map.Entry<K, V>> iterator() {
            return new EntryIterator();
        }

        public int size() {
            return ConcurrentSkipListMap.this.size();
        }

        public boolean isEmpty() {
            return ConcurrentSkipListMap.this.isEmpty();
        }

        public boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            V v = ConcurrentSkipListMap.this.get(e.getKey());
            return v != null && v.equals(e.getValue());
        }

        public boolean remove(Object o) {
            if (!(o instanceof Map.Entry)) {
                return false;
            }
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            return ConcurrentSkipListMap.this.remove(e.getKey(), e.getValue());
        }

        public void clear() {
            ConcurrentSkipListMap.this.clear();
        }
    }

    private final class Values extends AbstractCollection<V> {
        public Iterator<V> iterator() {
            return new ValueIterator();
        }

        public int size() {
            return ConcurrentSkipListMap.this.size();
        }

        public boolean isEmpty() {
            return ConcurrentSkipListMap.this.isEmpty();
        }

        public boolean contains(Object o) {
            return containsValue(o);
        }

        public void clear() {
            ConcurrentSkipListMap.this.clear();
        }
    }

    /** The keys of a map (or of one of its views) as a NavigableSet; add is not supported. */
    static final class KeySet<K> extends AbstractSet<K> implements NavigableSet<K> {
        private final ConcurrentNavigableMap<K, ?> map;

        KeySet(ConcurrentNavigableMap<K, ?> map) {
            this.map = map;
        }

        public int size() {
            return map.size();
        }

        public boolean isEmpty() {
            return map.isEmpty();
        }

        public boolean contains(Object o) {
            return map.containsKey(o);
        }

        public boolean remove(Object o) {
            return map.remove(o) != null;
        }

        public void clear() {
            map.clear();
        }

        public K lower(K e) {
            return map.lowerKey(e);
        }

        public K floor(K e) {
            return map.floorKey(e);
        }

        public K ceiling(K e) {
            return map.ceilingKey(e);
        }

        public K higher(K e) {
            return map.higherKey(e);
        }

        public Comparator<? super K> comparator() {
            return map.comparator();
        }

        public K first() {
            return map.firstKey();
        }

        public K last() {
            return map.lastKey();
        }

        public K pollFirst() {
            Map.Entry<K, ?> e = map.pollFirstEntry();
            return e == null ? null : e.getKey();
        }

        public K pollLast() {
            Map.Entry<K, ?> e = map.pollLastEntry();
            return e == null ? null : e.getKey();
        }

        @SuppressWarnings("unchecked")
        public Iterator<K> iterator() {
            return ((ConcurrentSkipListMap<K, ?>) map).keyIterator();
        }

        public Iterator<K> descendingIterator() {
            return descendingSet().iterator();
        }

        public NavigableSet<K> subSet(K fromElement, boolean fromInclusive, K toElement, boolean toInclusive) {
            return new KeySet<K>(map.subMap(fromElement, fromInclusive, toElement, toInclusive));
        }

        public NavigableSet<K> headSet(K toElement, boolean inclusive) {
            return new KeySet<K>(map.headMap(toElement, inclusive));
        }

        public NavigableSet<K> tailSet(K fromElement, boolean inclusive) {
            return new KeySet<K>(map.tailMap(fromElement, inclusive));
        }

        public NavigableSet<K> subSet(K fromElement, K toElement) {
            return subSet(fromElement, true, toElement, false);
        }

        public NavigableSet<K> headSet(K toElement) {
            return headSet(toElement, false);
        }

        public NavigableSet<K> tailSet(K fromElement) {
            return tailSet(fromElement, true);
        }

        public NavigableSet<K> descendingSet() {
            return new KeySet<K>(map.descendingMap());
        }
    }
}
