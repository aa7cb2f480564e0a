import java.util.*;
import java.util.function.*;

/**
 * HashMap tree bins: iteration order and behaviour when more than 8 keys share a bin of a table
 * with 64 or more buckets. run.sh compiles it against the JDK and against the renamed classlib
 * copies (the import line above is rewritten) and diffs the outputs. Every key set used here is
 * ordered deterministically by the JDK (equal hashes only among mutually Comparable keys of one
 * class, or among keys of different classes), so the output does not depend on identity hashes.
 */
public class TreeBinCheck {

    static void p(Object o) {
        System.out.println(o);
    }

    interface Action {
        Object run() throws Exception;
    }

    static void t(String label, Action a) {
        try {
            p(label + " -> " + a.run());
        } catch (Throwable e) {
            p(label + " !! " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** The n-th of the 2^width strings of "Aa"/"BB" blocks; all of one width share a hash. */
    static String collide(int n, int width) {
        StringBuilder sb = new StringBuilder();
        for (int bit = width - 1; bit >= 0; bit--) {
            sb.append(((n >> bit) & 1) == 0 ? "Aa" : "BB");
        }
        return sb.toString();
    }

    /** A permutation of 0..n-1 (a fixed LCG), so insertion orders are not sorted. */
    static int[] perm(int n, long seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        long s = seed;
        for (int i = n - 1; i > 0; i--) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            int j = (int) ((s >>> 33) % (i + 1));
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
        return a;
    }

    /** Comparable key with a chosen hash code. */
    static final class Key implements Comparable<Key> {
        final int id;
        final int h;

        Key(int id, int h) {
            this.id = id;
            this.h = h;
        }

        public int hashCode() {
            return h;
        }

        public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).id == id;
        }

        public int compareTo(Key o) {
            return Integer.compare(id, o.id);
        }

        public String toString() {
            return "K" + id + "/" + h;
        }
    }

    /** Not Comparable: tree order would depend on identity hashes, so only contents are shown. */
    static final class Plain {
        final int id;

        Plain(int id) {
            this.id = id;
        }

        public int hashCode() {
            return 7;
        }

        public boolean equals(Object o) {
            return o instanceof Plain && ((Plain) o).id == id;
        }

        public String toString() {
            return "P" + id;
        }
    }

    public static void main(String[] args) {
        collidingStrings();
        integerMultiples();
        removals();
        iteratorRemoval();
        computeFamily();
        mixedClasses();
        customKeys();
        linkedMaps();
        sets();
        copies();
    }

    static void collidingStrings() {
        p("== colliding strings");
        // 12 keys sharing one hash: two resizes (16 -> 32 -> 64) instead of treeifying, then a tree.
        HashMap<String, Integer> m = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            m.put(collide(i, 4), i);
            p(i + " " + m.keySet());
        }
        p(m);
        p(m.values());
        p(m.entrySet());
        // every key of width 6 (64 strings, one hash), inserted in a scrambled order
        int[] order = perm(64, 99);
        HashMap<String, Integer> big = new HashMap<>();
        for (int i = 0; i < 64; i++) {
            big.put(collide(order[i], 6), i);
            if (i % 7 == 0 || i > 58) {
                p(i + " " + big.keySet());
            }
        }
        for (int i = 0; i < 64; i++) {
            if (big.get(collide(i, 6)) == null || !big.containsKey(collide(i, 6))) {
                p("lookup failed " + i);
            }
        }
        p("absent " + big.get(collide(5, 5)) + " " + big.containsKey("AaAaAaAaAaBC") + " "
                + big.get(null) + " " + big.containsValue(63) + " " + big.containsValue(64));
        p("replace " + big.put(collide(17, 6), -17) + " " + big.put(collide(40, 6), -40));
        p(big);
        // several colliding groups (different prefixes) mixed with ordinary keys and resizes
        HashMap<String, Integer> mix = new HashMap<>();
        String[] prefixes = {"", "x", "Q", "zz", "p1", "p2"};
        int n = 0;
        for (int round = 0; round < 20; round++) {
            for (String pre : prefixes) {
                mix.put(pre + collide((round * 7 + pre.length()) % 32, 5), n++);
            }
            for (int j = 0; j < 15; j++) {
                mix.put("w" + (round * 15 + j), n++);
            }
            if (round % 4 == 3) {
                p(mix.size() + " " + mix.keySet());
            }
        }
    }

    static void integerMultiples() {
        p("== integer multiples");
        for (int step : new int[] {64, 128, 1024, 65536}) {
            HashMap<Integer, String> m = new HashMap<>();
            for (int i = 0; i < 40; i++) {
                m.put(i * step, "v" + i);
                if (i >= 7 && i <= 14 || i % 10 == 9) {
                    p(step + " " + i + " " + m.keySet());
                }
            }
            // grow the table past several resizes: tree bins split into lo/hi halves
            for (int i = 1; i < 300; i += 2) {
                m.put(i, "o" + i);
            }
            p(step + " grown " + m.keySet());
            for (int i = 0; i < 40; i++) {
                if (!("v" + i).equals(m.get(i * step))) {
                    p("lookup failed " + step + " " + i);
                }
            }
        }
        // pre-sized tables of 64 and 128 buckets: treeify at the 9th key of a bin directly
        for (int cap : new int[] {64, 128, 256}) {
            HashMap<Integer, Integer> m = new HashMap<>(cap);
            int[] order = perm(30, cap);
            for (int i = 0; i < 30; i++) {
                m.put(order[i] * cap - 1000, i);
                m.put(order[i] * cap + 3, -i);
            }
            p(cap + " " + m);
        }
        // negative and large multiples (spreading mixes the high half in)
        HashMap<Integer, Integer> m = new HashMap<>();
        for (int i = -60; i < 60; i++) {
            m.put(i << 20, i);
            m.put((i << 12) + 64 * i, i);
        }
        p(m.keySet());
        // a long run of inserts and removals with tree bins, then the whole order
        HashMap<Integer, Integer> r = new HashMap<>();
        long s = 7;
        for (int i = 0; i < 6000; i++) {
            s = s * 6364136223846793005L + 1442695040888963407L;
            int k = (int) ((s >>> 40) % 400) * 64;
            if ((s & 3) == 0) {
                r.remove(k);
            } else {
                r.put(k, i);
            }
            if (i % 1500 == 0) {
                p(r.size() + " " + r.keySet());
            }
        }
        p(r.size() + " " + r);
    }

    static void removals() {
        p("== removals");
        // remove the keys of a tree bin one by one (removeTreeNode, then untreeify when small)
        int[] ins = perm(20, 5);
        int[] del = perm(20, 11);
        HashMap<String, Integer> m = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            m.put(collide(ins[i], 5), i);
        }
        p(m.keySet());
        for (int i = 0; i < 20; i++) {
            Integer v = m.remove(collide(del[i], 5));
            p("remove " + collide(del[i], 5) + " " + v + " -> " + m.keySet());
            if (i == 10) {
                p("re-add " + m.put(collide(del[3], 5), 33) + " " + m.put(collide(del[0], 5), 30)
                        + " " + m.keySet());
            }
        }
        // integers: remove in different orders; remove(k, v); entrySet/keySet/values removal
        HashMap<Integer, Integer> im = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            im.put(i * 64, i);
        }
        for (int i = 0; i < 50; i += 3) {
            im.remove(i * 64);
            p(im.keySet());
        }
        p(im.remove(64, 99) + " " + im.remove(64, 1) + " " + im.remove(64 * 2, 2) + " " + im);
        p(im.keySet().remove(128 * 5) + " " + im.values().remove(17) + " "
                + im.entrySet().remove(new AbstractMap.SimpleEntry<>(64 * 44, 44)) + " " + im);
        im.keySet().removeIf(k -> k % 192 == 64);
        p(im);
        im.values().removeIf(v -> v % 5 == 0);
        p(im);
        im.clear();
        for (int i = 0; i < 20; i++) {
            im.put(i * 1024, i);
        }
        p(im);
    }

    static void iteratorRemoval() {
        p("== iterator removal");
        // iterator removal does not move the root to the front (movable == false)
        for (int every = 2; every <= 5; every++) {
            HashMap<String, Integer> m = new HashMap<>();
            int[] order = perm(32, every);
            for (int i = 0; i < 32; i++) {
                m.put(collide(order[i], 5), i);
            }
            Iterator<String> it = m.keySet().iterator();
            int k = 0;
            while (it.hasNext()) {
                String s = it.next();
                if (k++ % every == 0) {
                    it.remove();
                }
            }
            p(every + " " + m.keySet());
            it = m.keySet().iterator();
            while (it.hasNext()) {
                it.next();
                it.remove();
                if (m.size() % 4 == 0) {
                    p(m.size() + " " + m.keySet());
                }
            }
            t("cme", () -> {
                HashMap<Integer, Integer> c = new HashMap<>();
                for (int i = 0; i < 20; i++) {
                    c.put(i * 64, i);
                }
                for (Integer key : c.keySet()) {
                    if (key == 64 * 7) {
                        c.remove(key);
                    }
                }
                return c;
            });
        }
        HashMap<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < 40; i++) {
            m.put(i * 128, i);
        }
        Iterator<Map.Entry<Integer, Integer>> it = m.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Integer, Integer> e = it.next();
            if (e.getValue() % 3 != 0) {
                it.remove();
            } else {
                e.setValue(e.getValue() * 10);
            }
        }
        p(m);
    }

    static void computeFamily() {
        p("== compute family");
        HashMap<String, Integer> m = new HashMap<>();
        int[] order = perm(32, 3);
        for (int i = 0; i < 32; i++) {
            String k = collide(order[i], 5);
            if (i % 4 == 0) {
                m.computeIfAbsent(k, s -> s.length());
            } else if (i % 4 == 1) {
                m.compute(k, (s, v) -> v == null ? 100 : v + 1);
            } else if (i % 4 == 2) {
                m.merge(k, 7, Integer::sum);
            } else {
                m.putIfAbsent(k, -1);
            }
            if (i > 5 && i < 14) {
                p(i + " " + m.keySet());
            }
        }
        p(m);
        for (int i = 0; i < 32; i += 2) {
            String k = collide(i, 5);
            m.computeIfPresent(k, (s, v) -> v > 50 ? null : v * 2);
            m.merge(collide(i + 1, 5), 1, (a, b) -> a > 10 ? null : a + b);
        }
        p(m);
        p(m.computeIfAbsent(collide(0, 5), s -> 0) + " " + m.compute(collide(2, 5), (s, v) -> null)
                + " " + m.getOrDefault(collide(2, 5), -9) + " " + m.replace(collide(3, 5), 333)
                + " " + m.replace(collide(5, 5), 8, 555) + " " + m);
        m.replaceAll((s, v) -> v + s.length());
        p(m);
        HashMap<Integer, Integer> im = new HashMap<>();
        for (int i = 0; i < 60; i++) {
            im.computeIfAbsent(i * 64, k -> k / 64);
            im.merge((59 - i) * 128 + 64, 1, Integer::sum);
        }
        p(im);
        t("cme", () -> {
            HashMap<Integer, Integer> c = new HashMap<>();
            for (int i = 0; i < 20; i++) {
                c.put(i * 64, i);
            }
            return c.computeIfAbsent(64 * 30, k -> c.put(64 * 31, 1));
        });
    }

    static void mixedClasses() {
        p("== mixed classes");
        // keys of different classes with equal hashes: ordered by class name (tieBreakOrder)
        HashMap<Object, String> m = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            int h = 97 + 64 * i;
            m.put(h, "I");
            m.put((long) h, "L");
            m.put((short) h, "S");
            m.put((char) h, "C");
            if (i % 3 == 0) {
                p(i + " " + m);
            }
        }
        m.put("a", "str");
        m.put(Boolean.TRUE, "b");
        p(m);
        p(m.get(97) + " " + m.get(97L) + " " + m.get((short) 97) + " " + m.get('a') + " " + m.get("a")
                + " " + m.get((byte) 97) + " " + m.get(97.0));
        m.remove(97L);
        m.remove((char) (97 + 64 * 5));
        p(m);
        // the null key shares bin 0 with a tree of multiples of 64
        HashMap<Integer, String> n = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            n.put(i * 64, "v" + i);
        }
        n.put(null, "null");
        p(n + " " + n.get(null) + " " + n.containsKey(null));
        n.remove(0);
        n.remove(null);
        p(n);
    }

    static void customKeys() {
        p("== custom keys");
        // one hash, Comparable<Key>: ordered by compareTo inside the tree
        HashMap<Key, Integer> m = new HashMap<>();
        int[] order = perm(40, 17);
        for (int i = 0; i < 40; i++) {
            m.put(new Key(order[i], 12345), i);
            if (i >= 8 && i <= 12) {
                p(m.keySet());
            }
        }
        p(m.keySet());
        for (int i = 0; i < 40; i += 3) {
            m.remove(new Key(i, 12345));
        }
        p(m.keySet());
        // hashes differing in bits above the table mask: tree ordered by hash first
        HashMap<Key, Integer> h = new HashMap<>();
        for (int i = 0; i < 40; i++) {
            int id = order[i];
            h.put(new Key(id, (id % 5) * 4096 + 64 * (id % 3)), i);
        }
        p(h.keySet());
        // non-Comparable keys: contents and lookups only
        HashMap<Plain, Integer> pm = new HashMap<>();
        for (int i = 0; i < 30; i++) {
            pm.put(new Plain(i), i);
        }
        int found = 0;
        for (int i = 0; i < 35; i++) {
            if (pm.containsKey(new Plain(i))) {
                found++;
            }
        }
        for (int i = 0; i < 30; i += 2) {
            pm.remove(new Plain(i));
        }
        TreeSet<String> names = new TreeSet<>();
        for (Plain k : pm.keySet()) {
            names.add(k.toString());
        }
        p(found + " " + pm.size() + " " + names + " " + pm.get(new Plain(3)) + " "
                + pm.get(new Plain(4)));
    }

    static void linkedMaps() {
        p("== LinkedHashMap");
        LinkedHashMap<String, Integer> m = new LinkedHashMap<>();
        int[] order = perm(32, 21);
        for (int i = 0; i < 32; i++) {
            m.put(collide(order[i], 5), i);
        }
        p(m);
        for (int i = 0; i < 32; i += 3) {
            m.remove(collide(i, 5));
        }
        m.put(collide(0, 5), 1000);
        p(m);
        // an entry taken before treeification is replaced: setValue no longer reaches the map
        LinkedHashMap<Integer, String> lm = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            lm.put(i * 64, "v" + i);
        }
        Map.Entry<Integer, String> early = lm.entrySet().iterator().next();
        for (int i = 8; i < 14; i++) {
            lm.put(i * 64, "v" + i);
        }
        early.setValue("changed");
        p(lm + " " + early);
        HashMap<Integer, String> hm = new HashMap<>();
        for (int i = 0; i < 8; i++) {
            hm.put(i * 64, "v" + i);
        }
        Map.Entry<Integer, String> e2 = hm.entrySet().iterator().next();
        for (int i = 8; i < 14; i++) {
            hm.put(i * 64, "v" + i);
        }
        e2.setValue("changed");
        p(hm + " " + e2);
        // untreeify on resize split also replaces the nodes
        Map.Entry<Integer, String> e3 = hm.entrySet().iterator().next();
        for (int i = 1; i < 200; i += 2) {
            hm.put(i, "o");
        }
        e3.setValue("again");
        p(hm.get(0) + " " + e3);
        // access order and eviction with tree bins
        LinkedHashMap<Integer, Integer> lru = new LinkedHashMap<Integer, Integer>(64, 0.75f, true) {
            protected boolean removeEldestEntry(Map.Entry<Integer, Integer> eldest) {
                return size() > 12;
            }
        };
        for (int i = 0; i < 40; i++) {
            lru.put(i * 64, i);
            lru.get((i / 2) * 64);
            if (i % 8 == 7) {
                p(lru);
            }
        }
        LinkedHashMap<Integer, Integer> ao = new LinkedHashMap<>(16, 0.75f, true);
        for (int i = 0; i < 30; i++) {
            ao.put(i * 128, i);
        }
        for (int i = 29; i >= 0; i -= 4) {
            ao.get(i * 128);
            ao.computeIfPresent((i / 2) * 128, (k, v) -> v + 100);
        }
        p(ao);
        Iterator<Integer> it = ao.keySet().iterator();
        while (it.hasNext()) {
            if (it.next() % 256 == 0) {
                it.remove();
            }
        }
        p(ao);
    }

    static void sets() {
        p("== sets");
        HashSet<String> hs = new HashSet<>();
        int[] order = perm(64, 8);
        for (int i = 0; i < 64; i++) {
            hs.add(collide(order[i], 6));
            if (i == 9 || i == 20) {
                p(hs);
            }
        }
        p(hs);
        for (int i = 0; i < 64; i += 2) {
            hs.remove(collide(i, 6));
        }
        p(hs + " " + hs.contains(collide(1, 6)) + " " + hs.contains(collide(2, 6)));
        LinkedHashSet<Integer> ls = new LinkedHashSet<>();
        for (int i = 30; i > 0; i--) {
            ls.add(i * 256);
        }
        ls.remove(256 * 7);
        p(ls);
        HashSet<Integer> fromList = new HashSet<>(Arrays.asList(640, 0, 64, 1280, 192, 128, 256,
                320, 384, 448, 512, 576, 704, 768, 832, 896, 960, 1024));
        p(fromList);
    }

    static void copies() {
        p("== copies");
        HashMap<String, Integer> m = new HashMap<>();
        int[] order = perm(24, 4);
        for (int i = 0; i < 24; i++) {
            m.put(collide(order[i], 5), i);
            m.put("k" + i, i);
        }
        HashMap<String, Integer> c = new HashMap<>(m);
        @SuppressWarnings("unchecked")
        HashMap<String, Integer> cl = (HashMap<String, Integer>) m.clone();
        HashMap<String, Integer> pa = new HashMap<>();
        pa.put("first", 0);
        pa.putAll(m);
        LinkedHashMap<String, Integer> lc = new LinkedHashMap<>(m);
        p(m);
        p(c);
        p(cl);
        p(pa);
        p(lc);
        p(m.equals(c) + " " + c.equals(lc) + " " + (m.hashCode() == lc.hashCode()) + " "
                + m.equals(pa));
        HashMap<Integer, Integer> im = new HashMap<>();
        for (int i = 0; i < 30; i++) {
            im.put(i * 64, i);
        }
        p(new HashMap<>(im) + " " + im.clone());
        HashMap<Integer, Integer> sm = new HashMap<>(4);
        sm.putAll(im);
        p(sm);
    }
}
