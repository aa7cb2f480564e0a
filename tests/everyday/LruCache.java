import java.util.*;
import java.util.function.Function;

/** A memoising cache with least-recently-used eviction, built the textbook way on a
 * LinkedHashMap in access order, with hit/miss statistics, a weak-keyed side table and a
 * formatted report. */
public class LruCache {
    static final class Lru<K, V> extends LinkedHashMap<K, V> {
        private final int capacity;
        int evictions;
        Lru(int capacity) {
            super(16, 0.75f, true);
            this.capacity = capacity;
        }
        @Override protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
            boolean evict = size() > capacity;
            if (evict) evictions++;
            return evict;
        }
    }

    static final class Memo<K, V> {
        final Lru<K, V> cache;
        final Function<K, V> compute;
        int hits, misses;
        Memo(int capacity, Function<K, V> compute) {
            this.cache = new Lru<>(capacity);
            this.compute = compute;
        }
        V get(K key) {
            V value = cache.get(key);
            if (value != null) {
                hits++;
                return value;
            }
            misses++;
            value = compute.apply(key);
            cache.put(key, value);
            return value;
        }
    }

    public static void main(String[] args) {
        Memo<Integer, String> squares = new Memo<>(4, n -> "sq(" + n + ")=" + (long) n * n);
        int[] requests = {1, 2, 3, 1, 4, 5, 1, 2, 6, 1, 7, 3, 1};
        for (int r : requests) squares.get(r);
        System.out.println("cache order (eldest first): " + squares.cache.keySet());
        System.out.println(String.format("hits %d, misses %d, evictions %d, hit rate %.1f%%",
            squares.hits, squares.misses, squares.cache.evictions, 100.0 * squares.hits / requests.length));

        Random random = new Random(7);
        Memo<String, Integer> words = new Memo<>(64, w -> w.chars().map(c -> c - 'a' + 1).sum());
        String[] vocabulary = new String[200];
        for (int i = 0; i < vocabulary.length; i++) {
            StringBuilder w = new StringBuilder();
            for (int k = 0; k < 3 + random.nextInt(5); k++) w.append((char) ('a' + random.nextInt(26)));
            vocabulary[i] = w.toString();
        }
        long checksum = 0;
        for (int i = 0; i < 20_000; i++) {
            int index = (int) Math.min(vocabulary.length - 1, Math.abs(random.nextGaussian()) * 30);
            checksum += words.get(vocabulary[index]);
        }
        System.out.println(String.format("%-10s %8s %8s %9s", "cache", "hits", "misses", "evictions"));
        System.out.println(String.format("%-10s %8d %8d %9d", "words", words.hits, words.misses, words.cache.evictions));
        System.out.println("checksum " + checksum + ", size " + words.cache.size());

        Map<String, Integer> copy = new TreeMap<>(words.cache);
        Iterator<Map.Entry<String, Integer>> it = copy.entrySet().iterator();
        StringJoiner firstFive = new StringJoiner(", ", "{", "}");
        for (int i = 0; i < 5 && it.hasNext(); i++) {
            Map.Entry<String, Integer> e = it.next();
            firstFive.add(e.getKey() + "=" + e.getValue());
        }
        System.out.println("first five by key: " + firstFive);

        WeakHashMap<Object, String> tags = new WeakHashMap<>();
        Object strong = new Object();
        tags.put(strong, "kept");
        System.out.println("weak table holds the strongly held key: " + tags.get(strong) + ", size " + tags.size());
        squares.cache.clear();
        System.out.println("cleared: " + squares.cache.isEmpty() + ", eldest after refill: " + refill(squares));
    }

    static Integer refill(Memo<Integer, String> m) {
        for (int i = 10; i < 16; i++) m.get(i);
        return m.cache.keySet().iterator().next();
    }
}
