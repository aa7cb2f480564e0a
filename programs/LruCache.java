/*
 * LruCache -- two least-recently-used caches under heavy churn.
 *
 * GC behaviour exercised:
 *   - The caches themselves are long-lived: a java.util.LinkedHashMap in
 *     access order (evicting through removeEldestEntry) and a hand-written
 *     cache made of a HashMap<Long, Node> plus an intrusive doubly linked
 *     list.  Their tables and the entries for "hot" keys survive many
 *     collections.
 *   - Keys come from a skewed distribution (small keys are far more likely),
 *     so hot entries stay cached for a long time while cold entries are
 *     evicted soon after insertion: cache entries and their values have a
 *     wide spread of lifetimes, many of them surviving a young collection
 *     and then dying in the old generation (medium-lived garbage, old-space
 *     fragmentation for a non-moving collector).
 *   - Every miss allocates a value (a small object with a String and an
 *     int[]), boxed keys and map entries; every eviction turns an old entry
 *     into garbage.  Hits relink list nodes: old-to-old pointer writes, and
 *     old-to-young writes when a freshly inserted node becomes the head.
 *
 * Size argument (args[0], default 10): each cache holds 2000 * size entries
 *   (capped at 20000), and 21000 * size - 12000
 *   requests are made to each cache (9000 at size 1, 198000 at the default).
 * Peak live size at the default size: about 6 MB (two caches of 20000
 *   entries, each entry ~150 bytes including its value).
 *
 * Prints: hits, misses and evictions of both caches, a hash of the 5 most
 *   recently used keys, and a checksum over all values returned.  Output is
 *   deterministic.
 */
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

public class LruCache {

    /** The cached payload: a short string plus a few ints. */
    static final class Value {
        final String text;
        final int[] data;
        final long version;

        Value(long key, long version) {
            StringBuilder sb = new StringBuilder();
            sb.append("val-").append(key).append('#').append(version);
            this.text = sb.toString();
            int n = 2 + (int) (key % 7);
            this.data = new int[n];
            for (int i = 0; i < n; i++) {
                data[i] = (int) (key * 31 + i * version);
            }
            this.version = version;
        }

        long digest() {
            long h = text.hashCode();
            for (int d : data) {
                h = h * 17 + d;
            }
            return h ^ version;
        }
    }

    /** LinkedHashMap-based cache. */
    static final class LinkedCache {
        final int capacity;
        int evictions;
        final LinkedHashMap<Integer, Value> map;

        LinkedCache(int capacity) {
            this.capacity = capacity;
            this.map = new LinkedHashMap<Integer, Value>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Integer, Value> eldest) {
                    if (size() > LinkedCache.this.capacity) {
                        evictions++;
                        return true;
                    }
                    return false;
                }
            };
        }
    }

    /** Hand-written LRU cache: hash map + doubly linked list (head = most recent). */
    static final class ListCache {
        static final class Node {
            final Long key;
            Value value;
            Node prev;
            Node next;

            Node(Long key, Value value) {
                this.key = key;
                this.value = value;
            }
        }

        final int capacity;
        final HashMap<Long, Node> index = new HashMap<>();
        Node head;
        Node tail;
        int evictions;

        ListCache(int capacity) {
            this.capacity = capacity;
        }

        private void unlink(Node n) {
            if (n.prev != null) {
                n.prev.next = n.next;
            } else {
                head = n.next;
            }
            if (n.next != null) {
                n.next.prev = n.prev;
            } else {
                tail = n.prev;
            }
            n.prev = null;
            n.next = null;
        }

        private void pushFront(Node n) {
            n.next = head;
            if (head != null) {
                head.prev = n;
            }
            head = n;
            if (tail == null) {
                tail = n;
            }
        }

        Value get(Long key) {
            Node n = index.get(key);
            if (n == null) {
                return null;
            }
            if (n != head) {
                unlink(n);
                pushFront(n);
            }
            return n.value;
        }

        void put(Long key, Value value) {
            Node n = index.get(key);
            if (n != null) {
                n.value = value;
                if (n != head) {
                    unlink(n);
                    pushFront(n);
                }
                return;
            }
            n = new Node(key, value);
            index.put(key, n);
            pushFront(n);
            if (index.size() > capacity) {
                Node victim = tail;
                unlink(victim);
                index.remove(victim.key);
                evictions++;
            }
        }
    }

    /** Skewed key: a uniform draw below a uniform bound favours small keys. */
    static int skewedKey(Random rnd, int keySpace) {
        int bound = 1 + rnd.nextInt(keySpace);
        return rnd.nextInt(bound);
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        if (size < 1) {
            size = 1;
        }
        int capacity = Math.min(20000, 2000 * size);
        int requests = 21000 * size - 12000;
        int keySpace = capacity * 4;
        Random rnd = new Random(42);

        LinkedCache c1 = new LinkedCache(capacity);
        ListCache c2 = new ListCache(capacity);
        long hits1 = 0, misses1 = 0, hits2 = 0, misses2 = 0;
        long checksum = 0;

        for (int r = 0; r < requests; r++) {
            int k1 = skewedKey(rnd, keySpace);
            Integer key1 = Integer.valueOf(k1 + 1000);
            Value v1 = c1.map.get(key1);
            if (v1 == null) {
                misses1++;
                v1 = new Value(key1, r);
                c1.map.put(key1, v1);
            } else {
                hits1++;
            }
            checksum = checksum * 31 + v1.digest();

            long k2 = skewedKey(rnd, keySpace) * 1000003L;
            Long key2 = Long.valueOf(k2);
            Value v2 = c2.get(key2);
            if (v2 == null) {
                misses2++;
                v2 = new Value(k2, r);
                c2.put(key2, v2);
            } else {
                hits2++;
                // Occasionally refresh a hit with a new value (old entry -> young value).
                if ((r & 15) == 0) {
                    v2 = new Value(k2, r);
                    c2.put(key2, v2);
                }
            }
            checksum = checksum * 31 + v2.digest();
        }

        // Most recently used keys: LinkedHashMap iterates from eldest to newest.
        long mru1 = 0;
        int skip = c1.map.size() - 5;
        Iterator<Integer> it = c1.map.keySet().iterator();
        int idx = 0;
        while (it.hasNext()) {
            Integer k = it.next();
            if (idx++ >= skip) {
                mru1 = mru1 * 1009 + k;
            }
        }
        long mru2 = 0;
        ListCache.Node n = c2.head;
        for (int i = 0; i < 5 && n != null; i++, n = n.next) {
            mru2 = mru2 * 1009 + n.key;
        }

        System.out.println("LruCache size=" + size + " capacity=" + capacity + " requests=" + requests);
        System.out.println("linked-hash-map cache: hits " + hits1 + " misses " + misses1
                + " evictions " + c1.evictions + " size " + c1.map.size() + " mru " + mru1);
        System.out.println("hand-written cache:    hits " + hits2 + " misses " + misses2
                + " evictions " + c2.evictions + " size " + c2.index.size() + " mru " + mru2);
        System.out.println("checksum " + Long.toString(checksum));
    }
}
