import java.lang.ref.SoftReference;

/** A cache behind a soft reference: SoftCache.cache holds a SoftReference to an Object[] of
 *  entries. The entries are reachable only through the referent, so the Object[] retains them
 *  and the root path goes static SoftCache.cache -> referent -> [k]. */
public class SoftCache {
    static SoftReference<Object[]> cache;
    static final int ENTRIES = 500;

    static final class Entry {
        final int key;
        final int[] value;
        Entry(int key) { this.key = key; this.value = new int[30]; }
    }

    public static void main(String[] args) {
        Object[] entries = new Object[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) entries[i] = new Entry(i);
        cache = new SoftReference<>(entries);
        entries = null;
        long sum = 0;
        for (int round = 0; round < 300; round++) {
            int[] garbage = new int[1000];
            sum += garbage.length;
            Object[] c = cache.get();
            if (c != null) sum += ((Entry) c[round % ENTRIES]).key;
        }
        System.out.println(sum);
    }
}
