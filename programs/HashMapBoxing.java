/*
 * HashMapBoxing -- hash-map churn with boxed keys and values.
 *
 * GC behaviour exercised:
 *   - Boxing garbage: every key and value is an Integer or Long outside the
 *     small-value cache (-128..127), so each put/get/merge allocates fresh
 *     box objects, most of which die immediately (tiny 16-byte objects at a
 *     very high rate).
 *   - Rehash growth: each round starts from an empty HashMap with the default
 *     capacity and grows it to tens of thousands of entries, so the table
 *     array is repeatedly reallocated at twice the size (arrays of 16 .. 64K
 *     references) and the old tables die.
 *   - Medium-lived data: a round's map (entries, boxes, table) lives for the
 *     whole round, surviving several young collections, then dies at once.
 *   - Long-lived data with churn: a persistent HashMap<Long, Integer> index
 *     and a HashSet<Long> live for the whole run while entries are added and
 *     removed, so old table slots are overwritten with pointers to young
 *     entries (old-to-young references).
 *
 * Size argument (args[0], default 10): 3 * size - 1 rounds; each round
 *   performs 25000 put/merge/get/remove operations on a fresh map (keys
 *   drawn from a range of 8000-20000) plus 8000 on the persistent index.
 * Peak live size at the default size: about 5 MB (the persistent index of
 *   up to 40000 entries and a set of up to 20000 longs, plus one round map
 *   of up to ~15000 entries).
 *
 * Prints: per-round map sizes are folded into a checksum; the summary shows
 *   the final sizes of the persistent structures, the number of hits and
 *   misses, and order-independent sums over the maps' contents.  HashMap
 *   iteration order is never printed or used in an order-dependent way.
 */
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;

public class HashMapBoxing {

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        if (size < 1) {
            size = 1;
        }
        int rounds = 3 * size - 1;
        int opsPerRound = 25000;
        int indexOps = 8000;
        Random rnd = new Random(0xB0C5L);

        HashMap<Long, Integer> index = new HashMap<>();
        HashSet<Long> seen = new HashSet<>();
        long hits = 0;
        long misses = 0;
        long checksum = 0;

        for (int round = 0; round < rounds; round++) {
            HashMap<Integer, Long> counts = new HashMap<>();
            int keyRange = 8000 + rnd.nextInt(12000);
            for (int op = 0; op < opsPerRound; op++) {
                Integer key = Integer.valueOf(1000 + rnd.nextInt(keyRange));
                int what = rnd.nextInt(10);
                if (what < 4) {
                    counts.merge(key, Long.valueOf(1000L + op), Long::sum);
                } else if (what < 6) {
                    counts.put(key, Long.valueOf((long) key * 7919L + round));
                } else if (what < 9) {
                    Long v = counts.get(key);
                    if (v != null) {
                        hits++;
                        checksum += v ^ key;
                    } else {
                        misses++;
                    }
                } else {
                    Long v = counts.remove(key);
                    if (v != null) {
                        checksum -= v;
                    }
                }
            }
            // Order-independent digest of the round's map.
            long sum = 0;
            long xor = 0;
            for (Map.Entry<Integer, Long> e : counts.entrySet()) {
                long mix = e.getKey() * 0x9E3779B97F4A7C15L + e.getValue();
                sum += mix;
                xor ^= mix * 31;
            }
            checksum = checksum * 31 + sum + xor + counts.size();

            // Churn on the long-lived index.
            for (int op = 0; op < indexOps; op++) {
                Long key = Long.valueOf(1_000_000_000L + rnd.nextInt(60000) * 1000L);
                if (index.size() < 40000 && rnd.nextInt(3) != 0) {
                    index.put(key, Integer.valueOf(round * 100000 + op));
                } else {
                    Integer old = index.remove(key);
                    if (old != null) {
                        checksum += old;
                    }
                }
                if ((op & 7) == 0) {
                    if (!seen.add(key)) {
                        seen.remove(key);
                    }
                    if (seen.size() > 20000) {
                        seen.clear();
                    }
                }
            }
        }

        long indexSum = 0;
        for (Map.Entry<Long, Integer> e : index.entrySet()) {
            indexSum += e.getKey() * 3 + e.getValue();
        }
        long seenSum = 0;
        for (Long l : seen) {
            seenSum += l;
        }
        System.out.println("HashMapBoxing size=" + size + " rounds=" + rounds);
        System.out.println("lookups: hits " + hits + " misses " + misses);
        System.out.println("index entries " + index.size() + " sum " + indexSum);
        System.out.println("seen set " + seen.size() + " sum " + seenSum);
        System.out.println("checksum " + Long.toString(checksum));
    }
}
