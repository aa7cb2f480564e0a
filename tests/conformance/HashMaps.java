// HashMaps: HashMap/HashSet/LinkedHashMap/LinkedHashSet iteration order
// (must match the JDK's table layout exactly: hash spreading h ^ h>>>16,
// power-of-two tables, resize splitting at load factor 0.75, removal,
// re-insertion, initial capacities), with String and Integer keys incl.
// negative and large integers, null key and values, colliding String keys
// ("Aa"/"BB" blocks) that grow one bucket past the treeify threshold,
// get/put return values, getOrDefault, putIfAbsent, merge,
// computeIfAbsent/computeIfPresent/compute, remove(k, v), replace,
// entrySet/keySet/values loops, entry setValue, equals/hashCode of maps,
// LinkedHashMap access order and an LRU cache via removeEldestEntry.
import java.util.*;

public class HashMaps {
    static String collide(int n, int width) {
        StringBuilder sb = new StringBuilder();
        for (int bit = width - 1; bit >= 0; bit--) sb.append(((n >> bit) & 1) == 0 ? "Aa" : "BB");
        return sb.toString();
    }

    public static void main(String[] args) {
        Map<String, Integer> hm = new HashMap<>();
        String[] words = ("the quick brown fox jumps over the lazy dog while seventeen zebras quietly munch "
                + "juicy kumquats beside xylophone players and every other animal sleeps").split(" ");
        for (String w : words) {
            hm.merge(w, 1, Integer::sum);
            if (hm.size() == 5 || hm.size() == 12 || hm.size() == 13) System.out.println("size " + hm.size() + ": " + hm);
        }
        System.out.println("words " + hm);
        System.out.println("keys " + hm.keySet());
        System.out.println("values " + hm.values());
        hm.remove("quick");
        hm.remove("zebras");
        hm.remove("absent");
        hm.put("quick", 42);
        hm.put("aardvark", 0);
        System.out.println("after remove/put " + hm);

        Map<Integer, String> im = new HashMap<>();
        int[] ints = {0, 1, 16, 17, 32, -1, -16, 100, 1000, 65536, 65537, 1 << 20, Integer.MAX_VALUE, Integer.MIN_VALUE, 31, 15, 48, 64, 7};
        for (int i : ints) im.put(i, "v" + i);
        System.out.println("ints " + im.keySet());
        for (int i = 0; i < 40; i += 3) im.remove(i);
        System.out.println("ints after removals " + im.keySet());
        Map<Integer, Integer> seq = new HashMap<>();
        for (int i = 0; i < 100; i++) seq.put(i * 37 - 1000, i);
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Integer, Integer> e : seq.entrySet()) sb.append(e.getKey()).append(':').append(e.getValue()).append(' ');
        System.out.println("seq " + sb.toString().trim());

        // null key and values
        Map<String, String> nm = new HashMap<>();
        nm.put(null, "nullkey");
        nm.put("k", null);
        nm.put("j", "J");
        System.out.println("nulls " + nm + " get(null) " + nm.get(null) + " containsKey(k) " + nm.containsKey("k") + " get(k) " + nm.get("k")
                + " getOrDefault(k) " + nm.getOrDefault("k", "dflt") + " getOrDefault(z) " + nm.getOrDefault("z", "dflt")
                + " containsValue(null) " + nm.containsValue(null));

        // return values and compute family
        Map<String, Integer> m = new HashMap<>();
        System.out.println("put " + m.put("a", 1) + " " + m.put("a", 2) + " putIfAbsent " + m.putIfAbsent("a", 3) + " " + m.putIfAbsent("b", 4)
                + " remove " + m.remove("b") + " " + m.remove("b") + " replace " + m.replace("a", 10) + " " + m.replace("zz", 1)
                + " remove(k,v) " + m.remove("a", 11) + " " + m.remove("a", 10) + " size " + m.size());
        for (String w : words) m.computeIfAbsent(w.substring(0, 1), k -> 0);
        for (String w : words) m.computeIfPresent(w.substring(0, 1), (k, v) -> v + w.length());
        m.compute("q", (k, v) -> v == null ? -1 : v * 100);
        m.compute("new", (k, v) -> v == null ? -1 : v * 100);
        m.computeIfPresent("t", (k, v) -> null);   // removes
        m.merge("o", 1000, (a, b) -> null);        // removes
        System.out.println("compute family " + m);
        for (Map.Entry<String, Integer> e : m.entrySet()) if (e.getKey().compareTo("m") < 0) e.setValue(-e.getValue());
        System.out.println("setValue " + m);
        m.replaceAll((k, v) -> v * 2);
        m.entrySet().removeIf(e -> e.getValue() < 0);
        m.keySet().remove("w");
        m.values().remove(Integer.valueOf(36));
        System.out.println("views " + m);

        // HashSet
        Set<String> hs = new HashSet<>(Arrays.asList(words));
        System.out.println("set " + hs + " size " + hs.size());
        Set<Integer> is = new HashSet<>();
        for (int i = 0; i < 30; i++) is.add((i * 7919) % 1000 - 500);
        System.out.println("int set " + is);
        is.removeIf(x -> x < 0);
        System.out.println("int set nonneg " + is + " contains 0? " + is.contains(0));
        Set<Character> cs = new HashSet<>();
        for (char c : "mississippi river delta".toCharArray()) cs.add(c);
        System.out.println("char set " + cs);

        // capacity affects iteration order
        Map<String, Integer> small = new HashMap<>(2), large = new HashMap<>(1024);
        for (String w : new String[]{"x1", "y2", "z3", "a4", "b5", "c6", "d7"}) { small.put(w, 1); large.put(w, 1); }
        System.out.println("cap2 " + small.keySet() + " cap1024 " + large.keySet() + " equal maps " + small.equals(large)
                + " hash " + small.hashCode());

        // colliding keys: 12 strings with identical hashCode in one bucket (treeified in the JDK)
        Map<String, Integer> coll = new HashMap<>();
        for (int i = 0; i < 12; i++) coll.put(collide(i * 5 % 16, 4), i);
        for (int i = 0; i < 60; i++) coll.put("k" + i, i);
        sb.setLength(0);
        for (String k : coll.keySet()) if (k.length() == 8) sb.append(k).append('=').append(coll.get(k)).append(' ');
        System.out.println("colliding hash " + collide(0, 4).hashCode() + ": " + sb.toString().trim());
        System.out.println("colliding map size " + coll.size() + " get " + coll.get("BBAaBBAa") + " " + coll.get("AaAaAaAa"));

        // LinkedHashMap: insertion order, access order, LRU
        Map<String, Integer> lhm = new LinkedHashMap<>();
        for (String w : words) lhm.merge(w, 1, Integer::sum);
        lhm.remove("fox");
        lhm.put("fox", 9);     // re-inserted at the end
        lhm.put("the", 99);    // existing key keeps position
        System.out.println("linked " + lhm);
        LinkedHashMap<Integer, String> access = new LinkedHashMap<>(16, 0.75f, true);
        for (int i = 0; i < 6; i++) access.put(i, "v" + i);
        access.get(2);
        access.get(0);
        access.put(4, "v4b");
        access.getOrDefault(1, "x");
        System.out.println("access order " + access.keySet());
        final int capacity = 4;
        Map<String, Integer> lru = new LinkedHashMap<>(8, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
                return size() > capacity;
            }
        };
        String[] accesses = {"a", "b", "c", "a", "d", "e", "b", "a", "f", "c", "a", "g"};
        for (String k : accesses) {
            if (lru.containsKey(k)) lru.get(k);
            else lru.put(k, k.charAt(0) - 'a');
            System.out.print(lru.keySet() + " ");
        }
        System.out.println();
        Set<String> lhs = new LinkedHashSet<>();
        for (String w : words) lhs.add(w);
        lhs.remove("the");
        lhs.add("the");
        System.out.println("linked set " + lhs);

        // bigger map: iteration order after many resizes, then clearing most entries
        Map<String, Integer> bigMap = new HashMap<>();
        for (int i = 0; i < 2000; i++) bigMap.put("key" + (i * 7 % 2000), i);
        for (int i = 0; i < 2000; i++) if (i % 50 != 0) bigMap.remove("key" + i);
        System.out.println("big survivors " + bigMap);
        long h = 0;
        for (Map.Entry<String, Integer> e : bigMap.entrySet()) h = h * 31 + e.getKey().hashCode() + e.getValue();
        System.out.println("big hash " + h + " map hashCode " + bigMap.hashCode());
    }
}
