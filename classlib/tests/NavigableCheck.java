import java.util.*;
import java.util.function.*;

/**
 * TreeMap/TreeSet navigable views: subMap/headMap/tailMap (all variants), descendingMap,
 * navigableKeySet, descendingKeySet, subSet/headSet/tailSet, descendingSet; navigation, range
 * checks and their exception messages, live updates in both directions, iterator removal,
 * sizes, toString. run.sh compiles it against the JDK and against the renamed classlib copies
 * (the import line above is rewritten) and diffs the outputs.
 */
public class NavigableCheck {

    static void p(Object o) {
        System.out.println(o);
    }

    interface Action {
        Object run() throws Exception;
    }

    /** Prints the result or the exception (NPE messages are HotSpot's helpful messages, which
     *  name local variables, so only the class is shown for those). */
    static void t(String label, Action a) {
        try {
            p(label + " -> " + a.run());
        } catch (Throwable e) {
            p(label + " !! " + e.getClass().getSimpleName()
                    + (e instanceof NullPointerException ? "" : ": " + e.getMessage()));
        }
    }

    static TreeMap<Integer, String> sample() {
        TreeMap<Integer, String> m = new TreeMap<>();
        for (int i = 0; i <= 100; i += 5) {
            m.put(i, "v" + i);
        }
        return m;
    }

    /** Navigation, bounds and sizes of one view. */
    static void describe(String label, NavigableMap<Integer, String> v) {
        p(label + " " + v + " size=" + v.size() + " empty=" + v.isEmpty());
        p("  keys " + v.keySet() + " values " + v.values() + " desc " + v.descendingMap());
        p("  descKeys " + v.descendingKeySet() + " nks " + v.navigableKeySet());
        t("  firstKey", () -> v.firstKey());
        t("  lastKey", () -> v.lastKey());
        p("  firstEntry " + v.firstEntry() + " lastEntry " + v.lastEntry());
        StringBuilder sb = new StringBuilder();
        for (int k = -5; k <= 105; k += 7) {
            sb.append(k).append(':').append(v.floorKey(k)).append('/').append(v.ceilingKey(k))
                    .append('/').append(v.lowerKey(k)).append('/').append(v.higherKey(k))
                    .append(' ');
        }
        p("  nav " + sb);
        sb = new StringBuilder();
        for (int k = 0; k <= 100; k += 10) {
            sb.append(k).append(':').append(v.floorEntry(k)).append('/').append(v.ceilingEntry(k))
                    .append('/').append(v.lowerEntry(k)).append('/').append(v.higherEntry(k))
                    .append('/').append(v.get(k)).append('/').append(v.containsKey(k)).append(' ');
        }
        p("  entries " + sb);
    }

    public static void main(String[] args) {
        mapViews();
        nestedViews();
        descending();
        liveUpdates();
        iteratorsOnViews();
        comparators();
        sets();
        setViews();
        emptyAndErrors();
    }

    static void mapViews() {
        p("== map views");
        TreeMap<Integer, String> m = sample();
        describe("map", m);
        describe("headMap(50)", m.headMap(50, false));
        describe("headMap(50,true)", m.headMap(50, true));
        describe("headMap(52,true)", m.headMap(52, true));
        describe("tailMap(50)", m.tailMap(50, true));
        describe("tailMap(50,false)", m.tailMap(50, false));
        describe("tailMap(-3,false)", m.tailMap(-3, false));
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                describe("subMap(20," + (a == 1) + ",70," + (b == 1) + ")",
                        m.subMap(20, a == 1, 70, b == 1));
                describe("subMap(22," + (a == 1) + ",68," + (b == 1) + ")",
                        m.subMap(22, a == 1, 68, b == 1));
            }
        }
        SortedMap<Integer, String> h = m.headMap(30);
        SortedMap<Integer, String> tl = m.tailMap(80);
        SortedMap<Integer, String> s = m.subMap(30, 60);
        p(h + " " + tl + " " + s + " " + h.firstKey() + " " + tl.lastKey() + " " + s.size());
        p(m.subMap(40, 40) + " " + m.subMap(40, true, 40, true) + " " + m.subMap(41, 44));
        p(m.headMap(0) + " " + m.headMap(0, true) + " " + m.tailMap(100, false) + " "
                + m.tailMap(101));
        SortedMap<Integer, String> sorted = m;
        p(sorted.headMap(15) + " " + sorted.tailMap(95) + " " + sorted.subMap(50, 65));
        NavigableMap<Integer, String> nav = m;
        p(nav.headMap(15, true) + " " + nav.subMap(50, false, 65, true));
        p(m.subMap(20, 70).equals(m.subMap(20, true, 65, true)) + " "
                + m.subMap(20, 70).hashCode() + " " + m.headMap(20).equals(new HashMap<>(
                        m.headMap(20))));
    }

    static void nestedViews() {
        p("== nested views");
        TreeMap<Integer, String> m = sample();
        NavigableMap<Integer, String> s = m.subMap(20, true, 80, false);
        describe("sub.headMap(50)", s.headMap(50, false));
        describe("sub.tailMap(50,false)", s.tailMap(50, false));
        describe("sub.subMap(30,60)", s.subMap(30, true, 60, true));
        describe("sub.sub.sub", s.subMap(25, true, 75, true).subMap(30, false, 70, false)
                .headMap(60, true));
        t("head out of range", () -> s.headMap(90));
        t("head at hi (exclusive bound)", () -> s.headMap(80));
        t("head at hi inclusive", () -> s.headMap(80, true));
        t("tail out of range", () -> s.tailMap(10));
        t("tail at lo", () -> s.tailMap(20));
        t("tail at lo exclusive", () -> s.tailMap(20, false));
        t("sub from out of range", () -> s.subMap(10, 50));
        t("sub to out of range", () -> s.subMap(30, 81));
        t("sub to at hi", () -> s.subMap(30, 80));
        t("sub to at hi inclusive", () -> s.subMap(30, true, 80, true));
        t("fromKey > toKey", () -> m.subMap(50, 40));
        t("fromKey > toKey nested", () -> s.subMap(60, 40));
        NavigableMap<Integer, String> ex = m.subMap(20, false, 80, false);
        t("excl tail at lo", () -> ex.tailMap(20, true));
        t("excl tail at lo false", () -> ex.tailMap(20, false));
        t("excl head at hi false", () -> ex.headMap(80, false));
        t("excl head at hi true", () -> ex.headMap(80, true));
        t("excl sub closed", () -> ex.subMap(20, false, 80, false));
        t("head.tail", () -> m.headMap(50).tailMap(30));
        t("tail.head", () -> m.tailMap(50).headMap(70));
        t("tail.head low", () -> m.tailMap(50).headMap(30));
    }

    static void descending() {
        p("== descending");
        TreeMap<Integer, String> m = sample();
        NavigableMap<Integer, String> d = m.descendingMap();
        describe("desc", d);
        describe("desc.headMap(50)", d.headMap(50, false));
        describe("desc.tailMap(50,true)", d.tailMap(50, true));
        describe("desc.subMap(70,20)", d.subMap(70, true, 20, false));
        describe("desc.desc", d.descendingMap());
        describe("sub.desc", m.subMap(15, false, 65, true).descendingMap());
        describe("sub.desc.head.desc", m.subMap(15, false, 65, true).descendingMap()
                .headMap(40, true).descendingMap());
        p(d.headMap(50) + " " + d.tailMap(50) + " " + d.subMap(70, 20));
        t("desc fromKey > toKey", () -> d.subMap(20, 70));
        t("desc sub out of range", () -> d.subMap(70, true, 20, false).subMap(75, 30));
        t("desc sub toKey out of range", () -> d.subMap(70, true, 20, false).subMap(60, 15));
        t("desc put out", () -> d.headMap(50).put(40, "x"));
        t("desc put in", () -> d.headMap(50).put(60, "x"));
        p(m.descendingKeySet() + " " + m.descendingKeySet().headSet(40) + " "
                + m.navigableKeySet().descendingSet().tailSet(40, false));
        p(d.pollFirstEntry() + " " + d.pollLastEntry() + " " + m);
        Comparator<? super Integer> c = d.comparator();
        p((c == null) + " " + c.compare(1, 2) + " " + d.descendingMap().comparator());
        p(d.firstEntry() + " " + d.headMap(90, true).lastEntry());
    }

    static void liveUpdates() {
        p("== live updates");
        TreeMap<Integer, String> m = sample();
        NavigableMap<Integer, String> s = m.subMap(20, true, 60, false);
        NavigableMap<Integer, String> h = m.headMap(30, true);
        NavigableMap<Integer, String> tl = m.tailMap(90, false);
        p(s.size() + " " + h.size() + " " + tl.size());
        m.put(21, "new21");
        m.put(99, "new99");
        m.remove(25);
        p(s + " " + s.size() + " " + h + " " + h.size() + " " + tl + " " + tl.size());
        p(s.put(33, "v33") + " " + s.put(20, "x20") + " " + s.remove(30) + " " + s.remove(70) + " "
                + s.get(70) + " " + s.containsKey(70) + " " + m);
        t("put above", () -> s.put(60, "x"));
        t("put below", () -> s.put(19, "x"));
        t("putIfAbsent out", () -> s.putIfAbsent(65, "x"));
        t("putIfAbsent in", () -> s.putIfAbsent(44, "x44"));
        t("computeIfAbsent out null", () -> s.computeIfAbsent(99, k -> null));
        t("computeIfAbsent out", () -> s.computeIfAbsent(99, k -> "y"));
        t("computeIfAbsent in", () -> s.computeIfAbsent(46, k -> "c" + k));
        t("compute out null", () -> s.compute(1, (k, v) -> null));
        t("compute out", () -> s.compute(1, (k, v) -> "z"));
        t("compute in", () -> s.compute(50, (k, v) -> v + "!"));
        t("computeIfPresent out", () -> s.computeIfPresent(80, (k, v) -> v + "?"));
        t("computeIfPresent in", () -> s.computeIfPresent(55, (k, v) -> null));
        t("merge out", () -> s.merge(5, "m", String::concat));
        t("merge in", () -> s.merge(35, "m", String::concat));
        t("head put", () -> h.put(31, "x"));
        t("head put ok", () -> h.put(-10, "neg"));
        t("tail put at bound", () -> tl.put(90, "x"));
        t("tail put", () -> tl.put(1000, "big"));
        p(m);
        p(s + " " + h + " " + tl);
        s.keySet().remove(40);
        s.values().remove("v45");
        s.entrySet().remove(new AbstractMap.SimpleEntry<>(50, "v50!"));
        s.entrySet().remove(new AbstractMap.SimpleEntry<>(90, "v90"));
        p(s.keySet().remove(95) + " " + s.entrySet().contains(new AbstractMap.SimpleEntry<>(33,
                "v33")) + " " + s.entrySet().contains(new AbstractMap.SimpleEntry<>(95, "v95")));
        p(m);
        s.clear();
        p(m + " " + s + " " + s.size() + " " + s.isEmpty());
        p(h.pollFirstEntry() + " " + h.pollLastEntry() + " " + tl.pollLastEntry() + " " + m);
        h.replaceAll((k, v) -> v.toUpperCase());
        p(m);
        NavigableSet<Integer> ks = m.tailMap(60, true).navigableKeySet();
        p(ks.pollFirst() + " " + ks.pollLast() + " " + ks + " " + m);
        t("keyset add", () -> ks.add(61));
    }

    static void iteratorsOnViews() {
        p("== iterators");
        for (int every = 1; every <= 3; every++) {
            TreeMap<Integer, String> m = new TreeMap<>();
            for (int i = 0; i < 60; i++) {
                m.put(i * 3 % 61, "v" + i);
            }
            Iterator<Integer> it = m.subMap(10, true, 50, true).keySet().iterator();
            int k = 0;
            while (it.hasNext()) {
                it.next();
                if (k++ % every == 0) {
                    it.remove();
                }
            }
            p(every + " " + m.keySet());
            Iterator<Map.Entry<Integer, String>> eit = m.headMap(30, false).descendingMap()
                    .entrySet().iterator();
            k = 0;
            while (eit.hasNext()) {
                Map.Entry<Integer, String> e = eit.next();
                if (k++ % every == 1) {
                    eit.remove();
                } else {
                    e.setValue(e.getValue() + "*");
                }
            }
            p(every + " " + m);
            Iterator<Integer> dit = m.tailMap(40, false).descendingKeySet().iterator();
            k = 0;
            while (dit.hasNext()) {
                dit.next();
                if (k++ % every == 0) {
                    dit.remove();
                }
            }
            p(every + " " + m.keySet());
            Iterator<String> vit = m.subMap(5, 45).values().iterator();
            while (vit.hasNext()) {
                if (vit.next().endsWith("*")) {
                    vit.remove();
                }
            }
            p(every + " " + m);
        }
        TreeMap<Integer, String> m = sample();
        t("remove twice", () -> {
            Iterator<Integer> it = m.headMap(50).keySet().iterator();
            it.next();
            it.remove();
            it.remove();
            return null;
        });
        t("remove before next", () -> {
            m.tailMap(50).keySet().iterator().remove();
            return null;
        });
        t("next past end", () -> {
            Iterator<Integer> it = m.subMap(50, 55).keySet().iterator();
            it.next();
            return it.next();
        });
        t("desc next past end", () -> {
            Iterator<Integer> it = m.subMap(50, true, 55, false).descendingKeySet().iterator();
            it.next();
            return it.next();
        });
        t("cme", () -> {
            for (Integer key : m.subMap(20, 80).keySet()) {
                if (key == 40) {
                    m.put(41, "x");
                }
            }
            return m;
        });
        t("cme desc", () -> {
            for (Integer key : m.descendingMap().keySet()) {
                if (key == 40) {
                    m.remove(45);
                }
            }
            return m;
        });
        t("entry setValue", () -> {
            Map.Entry<Integer, String> e = m.subMap(20, 80).entrySet().iterator().next();
            e.setValue("changed");
            return m.get(20);
        });
        t("exported setValue", () -> m.headMap(30, false).firstEntry().setValue("x"));
        t("exported desc setValue", () -> m.descendingMap().ceilingEntry(33).setValue("x"));
        Map.Entry<Integer, String> snap = m.tailMap(90, true).lastEntry();
        m.put(100, "later");
        p(snap + " " + m.tailMap(90, true).lastEntry());
    }

    static void comparators() {
        p("== comparators");
        Comparator<String> caseInsensitive = (x, y) -> x.compareToIgnoreCase(y);
        TreeMap<String, Integer> ci = new TreeMap<>(caseInsensitive);
        String[] words = {"delta", "Alpha", "charlie", "Bravo", "echo", "FOXTROT", "golf", "Hotel",
                "india", "Juliet", "kilo", "Lima"};
        for (int i = 0; i < words.length; i++) {
            ci.put(words[i], i);
        }
        p(ci + " " + ci.headMap("D") + " " + ci.tailMap("golF", false) + " "
                + ci.subMap("bravo", true, "HOTEL", true));
        p(ci.descendingMap() + " " + ci.descendingMap().headMap("e") + " "
                + ci.descendingKeySet().subSet("JULIET", "c"));
        p(ci.subMap("b", "h").put("CAT", 99) + " " + ci);
        t("ci out", () -> ci.headMap("c").put("Zulu", 1));
        p(ci.descendingMap().comparator().compare("a", "B") + " "
                + ci.headMap("c").comparator().compare("a", "B"));
        TreeMap<Integer, String> rev = new TreeMap<>(Comparator.reverseOrder());
        for (int i = 0; i < 20; i++) {
            rev.put(i * 7 % 20, "r" + i);
        }
        p(rev + " " + rev.headMap(10) + " " + rev.tailMap(10) + " " + rev.subMap(15, 5) + " "
                + rev.descendingMap().subMap(5, 15) + " " + rev.floorKey(-1) + " "
                + rev.headMap(10, false).ceilingKey(30) + " " + rev.descendingMap().comparator()
                .compare(1, 2));
        t("rev fromKey > toKey", () -> rev.subMap(5, 15));
        TreeSet<String> byLen = new TreeSet<>(Comparator.comparing(String::length)
                .thenComparing(Comparator.naturalOrder()));
        byLen.addAll(Arrays.asList(words));
        p(byLen + " " + byLen.headSet("zzzzz") + " " + byLen.tailSet("echo", false) + " "
                + byLen.descendingSet().subSet("charlie", "golf"));
    }

    static void sets() {
        p("== TreeSet");
        TreeSet<Integer> s = new TreeSet<>();
        for (int i = 0; i < 40; i++) {
            s.add(i * 13 % 41);
        }
        p(s + " " + s.size());
        p(s.headSet(10) + " " + s.headSet(10, true) + " " + s.tailSet(30) + " "
                + s.tailSet(30, false) + " " + s.subSet(10, 20) + " " + s.subSet(10, false, 20, true));
        p(s.descendingSet() + " " + s.descendingSet().headSet(30) + " "
                + s.descendingSet().tailSet(30, false) + " " + s.descendingSet().subSet(25, 15)
                + " " + s.descendingSet().descendingSet().headSet(3));
        StringBuilder sb = new StringBuilder();
        Iterator<Integer> dit = s.descendingIterator();
        while (dit.hasNext()) {
            sb.append(dit.next()).append(' ');
        }
        p(sb);
        NavigableSet<Integer> sub = s.subSet(5, true, 35, false);
        sb = new StringBuilder();
        for (int k = -1; k <= 42; k += 3) {
            sb.append(k).append(':').append(sub.floor(k)).append('/').append(sub.ceiling(k))
                    .append('/').append(sub.lower(k)).append('/').append(sub.higher(k))
                    .append('/').append(sub.contains(k)).append(' ');
        }
        p(sb);
        NavigableSet<Integer> ds = s.descendingSet();
        sb = new StringBuilder();
        for (int k = -1; k <= 42; k += 3) {
            sb.append(k).append(':').append(ds.floor(k)).append('/').append(ds.ceiling(k))
                    .append('/').append(ds.lower(k)).append('/').append(ds.higher(k)).append(' ');
        }
        p(sb);
        p(sub.first() + " " + sub.last() + " " + ds.first() + " " + ds.last() + " "
                + sub.pollFirst() + " " + sub.pollLast() + " " + ds.pollFirst() + " "
                + ds.pollLast() + " " + s);
        p(sub.add(20) + " " + sub.add(21) + " " + sub.remove(6) + " " + sub.remove(36) + " "
                + sub.remove(0) + " " + s);
        t("sub add out", () -> sub.add(35));
        t("sub add below", () -> sub.add(4));
        t("head add out", () -> s.headSet(10).add(10));
        t("desc head add out", () -> s.descendingSet().headSet(10).add(10));
        t("subSet fromKey > toKey", () -> s.subSet(20, 10));
        t("desc subSet fromKey > toKey", () -> s.descendingSet().subSet(10, 20));
        t("nested out of range", () -> sub.subSet(0, 10));
        t("nested head out", () -> sub.headSet(36));
        t("nested tail out", () -> sub.tailSet(1, false));
        p(sub.headSet(15).tailSet(8) + " " + sub.tailSet(20, false).headSet(30, true) + " "
                + sub.descendingSet().headSet(10, true));
        Iterator<Integer> it = sub.iterator();
        while (it.hasNext()) {
            if (it.next() % 2 == 0) {
                it.remove();
            }
        }
        p(s + " " + sub + " " + sub.size());
        it = s.descendingSet().tailSet(20).iterator();
        while (it.hasNext()) {
            if (it.next() % 3 == 0) {
                it.remove();
            }
        }
        p(s);
        it = s.headSet(30, false).descendingIterator();
        int k = 0;
        while (it.hasNext()) {
            it.next();
            if (k++ % 2 == 0) {
                it.remove();
            }
        }
        p(s);
        sub.clear();
        p(s + " " + sub + " " + sub.isEmpty());
        t("empty sub first", () -> sub.first());
        t("empty sub last", () -> sub.descendingSet().last());
        p(sub.pollFirst() + " " + sub.pollLast() + " " + sub.floor(20) + " " + sub.ceiling(20));
    }

    static void setViews() {
        p("== set views");
        TreeSet<String> s = new TreeSet<>();
        for (int i = 0; i < 26; i++) {
            s.add("" + (char) ('a' + (i * 7) % 26) + (char) ('a' + i));
        }
        p(s);
        NavigableSet<String> h = s.headSet("m", false);
        @SuppressWarnings("unchecked")
        TreeSet<String> hc = (TreeSet<String>) ((TreeSet<String>) h).clone();
        hc.add("zz");
        p(h + " " + hc + " " + hc.size() + " " + h.size());
        TreeSet<String> copy = new TreeSet<>(s.descendingSet());
        copy.add("aaa");
        p(copy + " " + copy.first() + " " + copy.comparator().compare("a", "b"));
        TreeSet<String> fromSub = new TreeSet<>((SortedSet<String>) s.subSet("d", "p"));
        p(fromSub + " " + fromSub.comparator());
        TreeSet<String> col = new TreeSet<>((Collection<String>) s.tailSet("s"));
        p(col);
        p(s.subSet("c", "k").equals(new TreeSet<>(Arrays.asList("ca", "dh", "eo", "fv", "gc",
                "hj", "iq", "jx"))) + " " + s.subSet("c", "k").hashCode() + " "
                + s.subSet("c", "k").containsAll(Arrays.asList("ca", "dh")));
        p(Arrays.toString(s.headSet("f").toArray()) + " "
                + Arrays.toString(s.descendingSet().headSet("w").toArray(new String[0])));
        s.headSet("c").clear();
        s.tailSet("w", true).removeIf(x -> x.endsWith("e") || x.endsWith("x"));
        p(s);
        TreeMap<String, Integer> m = new TreeMap<>();
        for (String x : s) {
            m.put(x, x.charAt(1) - 'a');
        }
        NavigableSet<String> ks = (NavigableSet<String>) m.keySet();
        p(ks.headSet("h") + " " + ks.descendingSet().headSet("t") + " " + ks.subSet("e", false,
                "p", true) + " " + ks.tailSet("r").first() + " " + ks.descendingIterator().next());
        ks.subSet("e", "k").clear();
        p(m);
        ks.headSet("h").retainAll(Arrays.asList("dh"));
        p(m);
    }

    static void emptyAndErrors() {
        p("== empty and errors");
        TreeMap<Integer, String> e = new TreeMap<>();
        describe("empty.head", e.headMap(10, false));
        describe("empty.desc", e.descendingMap());
        TreeMap<Integer, String> m = sample();
        describe("gap", m.subMap(41, true, 44, false));
        t("null head", () -> m.headMap(null));
        t("null tail", () -> m.tailMap(null, false));
        t("null sub", () -> m.subMap(10, null));
        t("null get in view", () -> m.headMap(10).get(null));
        t("null get in full desc", () -> m.descendingMap().get(null));
        t("null on empty", () -> e.headMap(null));
        TreeSet<String> ts = new TreeSet<>(Arrays.asList("a", "b"));
        t("null headSet", () -> ts.headSet(null));
        t("empty head first", () -> e.headMap(3).firstKey());
        t("empty desc last", () -> e.descendingMap().lastKey());
        t("empty set desc first", () -> new TreeSet<Integer>().descendingSet().first());
        p(e.headMap(5, false).pollFirstEntry() + " " + e.descendingMap().pollLastEntry() + " "
                + e.descendingKeySet().pollFirst() + " " + new TreeSet<Integer>().headSet(1, false)
                .pollLast());
        TreeMap<Object, Object> raw = new TreeMap<>();
        raw.put("s", 1);
        t("type check", () -> raw.headMap(1));
        t("type check tail", () -> raw.tailMap(Integer.valueOf(1), true));
    }
}
