import java.util.*;
import java.util.function.*;

/**
 * Exercises gcvm's java.util classes. run.sh compiles it twice: against the JDK and against
 * copies of classlib/src/java/util renamed to cltest.util (the import line above is rewritten),
 * runs both on HotSpot and diffs the output. Keys come from a local LCG so that the HashMap
 * checks do not depend on Random.
 */
public class UtilCheck {

    static long lcg = 12345;

    static int nextRand() {
        lcg = (lcg * 6364136223846793005L + 1442695040888963407L);
        return (int) (lcg >>> 33);
    }

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

    static String word(int i) {
        StringBuilder sb = new StringBuilder();
        int n = 1 + Math.abs(i % 7);
        int x = i;
        for (int k = 0; k < n; k++) {
            sb.append((char) ('a' + Math.abs(x % 26)));
            x = x / 3 + 17;
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        hashMaps();
        linkedHashMaps();
        hashSets();
        arrayLists();
        linkedLists();
        deques();
        priorityQueues();
        treeMaps();
        randoms();
        collections();
        arrays();
        misc();
        comparators();
    }

    static void hashMaps() {
        p("== HashMap");
        HashMap<String, Integer> m = new HashMap<>();
        for (int i = 0; i < 3000; i++) {
            int r = nextRand();
            m.put(word(r) + (r % 100), i);
            if (i % 250 == 0) {
                p(m.size() + " " + (m.size() < 40 ? m.toString() : m.keySet().toString().hashCode()));
            }
        }
        p(m.keySet());
        for (int i = 0; i < 3000; i += 3) {
            m.remove(word(i) + (i % 100));
        }
        Iterator<Map.Entry<String, Integer>> it = m.entrySet().iterator();
        int k = 0;
        while (it.hasNext()) {
            Map.Entry<String, Integer> e = it.next();
            if (k++ % 5 == 0) {
                it.remove();
            }
        }
        p(m);
        p(m.values());
        HashMap<Integer, String> im = new HashMap<>();
        for (int i = -50; i < 300; i += 7) {
            im.put(i * 13, "v" + i);
        }
        p(im);
        HashMap<Integer, Integer> coll = new HashMap<>();
        // 10 keys in one bucket: the JDK resizes (tables < 64) instead of treeifying. More
        // would treeify, which gcvm does not do (documented).
        for (int i = 0; i < 10; i++) {
            coll.put(i * 64, i);
            p(coll.keySet());
        }
        HashMap<Integer, Integer> cm = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            int key = nextRand() % 1000;
            cm.computeIfAbsent(key, x -> x * 2);
            cm.merge(key % 37, 1, Integer::sum);
            cm.compute(key % 53, (kk, v) -> v == null ? 1 : v + 1);
            if (i % 20 == 0) {
                p(cm);
            }
        }
        cm.putIfAbsent(5, 5);
        cm.computeIfPresent(5, (kk, v) -> null);
        p(cm.getOrDefault(999999, -1) + " " + cm.containsValue(2) + " " + cm.size());
        HashMap<Integer, Integer> small = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            small.computeIfAbsent(i * 5, x -> x);
        }
        small.computeIfAbsent(100, x -> x);
        p(small);
        small.put(200, 1);
        p(small);
        HashMap<String, Integer> copy = new HashMap<>(m);
        p(copy.equals(m) + " " + copy.hashCode() + " " + m.hashCode());
        p(copy.keySet());
        @SuppressWarnings("unchecked")
        HashMap<String, Integer> cl = (HashMap<String, Integer>) m.clone();
        p(cl.keySet());
        HashMap<Integer, Integer> sized = new HashMap<>(3);
        for (int i = 0; i < 10; i++) {
            sized.put(i * 3 + 100, i);
        }
        p(sized);
        sized.putAll(im.isEmpty() ? sized : Map.of(1, 2, 3, 4));
        p(sized);
        sized.replaceAll((kk, v) -> v * 10);
        StringBuilder sb = new StringBuilder();
        sized.forEach((kk, v) -> sb.append(kk).append(':').append(v).append(' '));
        p(sb);
        HashMap<Object, Object> nulls = new HashMap<>();
        nulls.put(null, "n");
        nulls.put("x", null);
        p(nulls + " " + nulls.get(null) + " " + nulls.containsKey("x"));
        t("cme", () -> {
            for (String s : m.keySet()) {
                m.put(s + "zz", 1);
            }
            return "none";
        });
        t("bad cap", () -> new HashMap<Integer, Integer>(-1));
        t("bad lf", () -> new HashMap<Integer, Integer>(1, 0f));
    }

    static void linkedHashMaps() {
        p("== LinkedHashMap");
        LinkedHashMap<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < 100; i++) {
            m.put(word(nextRand()), i);
        }
        p(m);
        LinkedHashMap<Integer, Integer> lru = new LinkedHashMap<Integer, Integer>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Integer> eldest) {
                return size() > 5;
            }
        };
        for (int i = 0; i < 20; i++) {
            lru.put(i % 8, i);
            lru.get((i * 3) % 8);
            p(lru);
        }
        lru.computeIfAbsent(42, x -> 1);
        lru.merge(42, 5, Integer::sum);
        p(lru + " " + lru.keySet() + " " + lru.values() + " " + lru.entrySet());
        LinkedHashSet<String> s = new LinkedHashSet<>();
        for (int i = 0; i < 30; i++) {
            s.add(word(i * 7));
        }
        s.remove(word(14));
        p(s);
    }

    static void hashSets() {
        p("== HashSet");
        HashSet<String> s = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            s.add(word(nextRand()));
        }
        p(s);
        HashSet<Integer> ints = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            ints.add(nextRand() % 5000 - 2500);
        }
        p(ints);
        List<Integer> src = new ArrayList<>(ints);
        HashSet<Integer> fromColl = new HashSet<>(src);
        p(fromColl);
        fromColl.removeAll(List.of(0, 1, 2));
        fromColl.retainAll(new HashSet<>(src.subList(0, 50)));
        p(fromColl + " " + fromColl.equals(new HashSet<>(fromColl)) + " " + fromColl.hashCode());
        HashSet<Long> longs = new HashSet<>();
        for (long i = 0; i < 40; i++) {
            longs.add(i * 1000003L << 20);
        }
        p(longs);
        HashSet<Double> ds = new HashSet<>(Arrays.asList(1.5, -0.0, 0.0, Double.NaN, 3.25, 1e10));
        p(ds.size() + " " + ds.contains(Double.NaN));
    }

    static void arrayLists() {
        p("== ArrayList");
        ArrayList<Integer> l = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            l.add(nextRand() % 100);
        }
        p(l);
        l.add(3, -1);
        l.remove(Integer.valueOf(-1));
        l.remove(0);
        l.set(2, 99);
        p(l + " " + l.indexOf(99) + " " + l.lastIndexOf(99) + " " + l.contains(5));
        List<Integer> sub = l.subList(5, 15);
        sub.remove(2);
        sub.add(1000);
        sub.subList(1, 3).clear();
        p(l + " " + sub);
        Iterator<Integer> it = l.iterator();
        while (it.hasNext()) {
            if (it.next() % 3 == 0) {
                it.remove();
            }
        }
        ListIterator<Integer> li = l.listIterator();
        while (li.hasNext()) {
            int v = li.next();
            if (v % 2 == 0) {
                li.set(v * 10);
            } else {
                li.add(-v);
            }
        }
        p(l);
        l.sort(null);
        p(l);
        l.sort(Comparator.reverseOrder());
        p(l);
        l.removeIf(x -> x < 0);
        l.replaceAll(x -> x + 1);
        p(l + " " + l.hashCode() + " " + l.equals(new LinkedList<>(l)));
        t("get", () -> l.get(100));
        t("get-1", () -> l.get(-1));
        t("add", () -> {
            l.add(1000, 1);
            return null;
        });
        t("remove", () -> l.remove(1000));
        t("sub", () -> l.subList(0, 1000));
        t("sub2", () -> l.subList(3, 1));
        t("cap", () -> new ArrayList<Integer>(-5));
        t("cme", () -> {
            for (Integer x : l) {
                if (x > 10) {
                    l.remove(x);
                }
            }
            return "none";
        });
        ArrayList<Integer> two = new ArrayList<>(List.of(1, 2, 3));
        t("penultimate", () -> {
            for (Integer x : two) {
                if (x == 2) {
                    two.remove(x);
                }
            }
            return two;
        });
        t("itr", () -> {
            Iterator<Integer> i2 = two.iterator();
            i2.remove();
            return null;
        });
        Object[] arr = l.toArray();
        Integer[] arr2 = l.toArray(new Integer[0]);
        p(arr.length + " " + arr2.length + " " + Arrays.toString(arr2));
        ArrayList<String> strs = new ArrayList<>(Arrays.asList("b", "a", "c"));
        strs.addAll(1, List.of("x", "y"));
        strs.retainAll(Set.of("a", "x", "c"));
        p(strs);
    }

    static void linkedLists() {
        p("== LinkedList");
        LinkedList<Integer> l = new LinkedList<>();
        for (int i = 0; i < 20; i++) {
            if (i % 3 == 0) {
                l.addFirst(i);
            } else {
                l.addLast(i);
            }
        }
        p(l + " " + l.getFirst() + " " + l.getLast() + " " + l.get(7));
        l.add(4, 100);
        l.remove(Integer.valueOf(9));
        l.removeFirst();
        l.removeLastOccurrence(18);
        p(l + " " + l.indexOf(100) + " " + l.peekLast() + " " + l.pollFirst() + " " + l.pop());
        ListIterator<Integer> li = l.listIterator(l.size());
        while (li.hasPrevious()) {
            int v = li.previous();
            if (v % 2 == 0) {
                li.remove();
            }
        }
        p(l);
        Iterator<Integer> d = l.descendingIterator();
        StringBuilder sb = new StringBuilder();
        while (d.hasNext()) {
            sb.append(d.next()).append(',');
        }
        p(sb);
        t("get", () -> l.get(50));
        t("empty", () -> new LinkedList<Integer>().getFirst());
        t("remove", () -> new LinkedList<Integer>().remove());
        t("listIterator", () -> l.listIterator(99));
        p(l.equals(new ArrayList<>(l)) + " " + l.hashCode());
    }

    static void deques() {
        p("== ArrayDeque");
        ArrayDeque<Integer> d = new ArrayDeque<>();
        for (int i = 0; i < 100; i++) {
            if (i % 3 == 0) {
                d.offerFirst(i);
            } else {
                d.offerLast(i);
            }
            if (i % 7 == 0) {
                d.pollFirst();
            }
            if (i % 11 == 0) {
                d.pollLast();
            }
        }
        p(d + " " + d.size() + " " + d.peekFirst() + " " + d.peekLast());
        Iterator<Integer> it = d.iterator();
        while (it.hasNext()) {
            if (it.next() % 4 == 0) {
                it.remove();
            }
        }
        p(d);
        Iterator<Integer> di = d.descendingIterator();
        int n = 0;
        while (di.hasNext()) {
            int v = di.next();
            if (n++ % 3 == 0) {
                di.remove();
            }
        }
        p(d);
        d.removeFirstOccurrence(50);
        d.removeLastOccurrence(53);
        d.push(-1);
        p(d + " " + d.pop() + " " + d.contains(62) + " " + Arrays.toString(d.toArray()));
        t("removeFirst", () -> new ArrayDeque<Integer>().removeFirst());
        t("element", () -> new ArrayDeque<Integer>().element());
        t("null", () -> {
            new ArrayDeque<Integer>().addFirst(null);
            return null;
        });
    }

    static void priorityQueues() {
        p("== PriorityQueue");
        PriorityQueue<Integer> pq = new PriorityQueue<>();
        for (int i = 0; i < 40; i++) {
            pq.add(nextRand() % 100);
        }
        p(pq);
        pq.remove(pq.toArray()[5]);
        Iterator<Integer> it = pq.iterator();
        int k = 0;
        while (it.hasNext()) {
            Integer v = it.next();
            if (k++ % 4 == 1) {
                it.remove();
            }
        }
        p(pq);
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) {
            sb.append(pq.poll()).append(' ');
        }
        p(sb);
        List<Integer> src = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            src.add(nextRand() % 50);
        }
        p(new PriorityQueue<>(src));
        PriorityQueue<Integer> rev = new PriorityQueue<>(Comparator.reverseOrder());
        rev.addAll(src);
        p(rev + " " + rev.peek());
        PriorityQueue<String> ps = new PriorityQueue<>(Comparator.comparing(String::length));
        for (int i = 0; i < 20; i++) {
            ps.offer(word(i * 13));
        }
        p(ps);
        t("cap", () -> new PriorityQueue<Integer>(0));
    }

    static void treeMaps() {
        p("== TreeMap");
        TreeMap<Integer, String> m = new TreeMap<>();
        for (int i = 0; i < 200; i++) {
            int key = nextRand() % 1000;
            m.put(key, word(key));
        }
        for (int i = 0; i < 200; i += 2) {
            m.remove(i * 5);
        }
        p(m);
        p(m.firstKey() + " " + m.lastKey() + " " + m.floorKey(500) + " " + m.ceilingKey(500) + " "
                + m.higherKey(m.firstKey()) + " " + m.lowerKey(m.lastKey()) + " "
                + m.floorEntry(-5) + " " + m.ceilingEntry(2000) + " " + m.firstEntry());
        Iterator<Integer> it = m.keySet().iterator();
        int k = 0;
        while (it.hasNext()) {
            it.next();
            if (k++ % 3 == 0) {
                it.remove();
            }
        }
        p(m.size() + " " + m.pollFirstEntry() + " " + m.pollLastEntry() + " " + m.values());
        TreeMap<String, Integer> byLen = new TreeMap<>(Comparator.comparing(String::length)
                .thenComparing(Comparator.reverseOrder()));
        for (int i = 0; i < 50; i++) {
            byLen.merge(word(i * 11), 1, Integer::sum);
        }
        p(byLen);
        TreeSet<String> ts = new TreeSet<>();
        for (int i = 0; i < 60; i++) {
            ts.add(word(nextRand()));
        }
        p(ts + " " + ts.first() + " " + ts.last() + " " + ts.ceiling("m") + " " + ts.floor("m")
                + " " + ts.higher("b") + " " + ts.lower("b") + " " + ts.pollFirst());
        Iterator<String> dit = ts.descendingIterator();
        StringBuilder sb = new StringBuilder();
        while (dit.hasNext()) {
            sb.append(dit.next()).append(' ');
        }
        p(sb);
        t("firstKey", () -> new TreeMap<Integer, Integer>().firstKey());
        t("null", () -> new TreeMap<Integer, Integer>().put(null, 1));
    }

    static void randoms() {
        p("== Random");
        for (long seed : new long[] {0, 1, 42, -7, 123456789012345L}) {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder();
            sb.append(r.nextInt()).append(' ').append(r.nextInt(10)).append(' ')
                    .append(r.nextInt(16)).append(' ').append(r.nextInt(1000000007)).append(' ')
                    .append(r.nextLong()).append(' ').append(r.nextDouble()).append(' ')
                    .append(r.nextFloat()).append(' ').append(r.nextBoolean()).append(' ')
                    .append(r.nextGaussian()).append(' ').append(r.nextGaussian()).append(' ')
                    .append(r.nextInt(5, 17)).append(' ').append(r.nextInt(-1000, 1 << 30))
                    .append(' ').append(r.nextLong(1000L)).append(' ').append(r.nextLong(1L << 40))
                    .append(' ').append(r.nextDouble(2.5)).append(' ').append(r.nextDouble(1, 3));
            byte[] bytes = new byte[7];
            r.nextBytes(bytes);
            sb.append(' ').append(Arrays.toString(bytes));
            r.setSeed(seed + 1);
            sb.append(' ').append(r.nextInt(Integer.MAX_VALUE));
            p(sb);
        }
        t("bound", () -> new Random(1).nextInt(0));
        t("origin", () -> new Random(1).nextInt(5, 2));
    }

    static void collections() {
        p("== Collections");
        List<Integer> al = new ArrayList<>();
        LinkedList<Integer> ll = new LinkedList<>();
        for (int i = 0; i < 25; i++) {
            al.add(i);
            ll.add(i);
        }
        Collections.shuffle(al, new Random(42));
        Collections.shuffle(ll, new Random(42));
        p(al + " " + ll);
        List<Integer> small = new LinkedList<>(List.of(1, 2, 3, 4));
        Collections.shuffle(small, new Random(7));
        p(small);
        Collections.sort(al);
        Collections.reverse(ll);
        p(al + " " + ll + " " + Collections.max(ll) + " " + Collections.min(ll, Comparator.reverseOrder()));
        Collections.swap(al, 0, 24);
        Collections.rotate(al, 3);
        p(al + " " + Collections.frequency(List.of(1, 2, 1, 1), 1) + " " + Collections.nCopies(3, "ab"));
        p(Collections.binarySearch(List.of(1, 3, 5, 7), 5) + " " + Collections.binarySearch(List.of(1, 3, 5, 7), 4));
        List<Integer> u = Collections.unmodifiableList(al);
        p(u.subList(0, 3) + " " + Collections.emptyList() + " " + Collections.singletonList(9)
                + " " + Collections.emptyMap() + " " + Collections.singletonMap("k", "v")
                + " " + Collections.unmodifiableMap(new TreeMap<>(Map.of(1, 2))));
        t("unmod", () -> u.add(1));
        t("empty get", () -> Collections.emptyList().get(0));
        t("ncopies", () -> Collections.nCopies(-1, 1));
        t("max empty", () -> Collections.max(new ArrayList<Integer>()));
        List<String> words = new ArrayList<>();
        Collections.addAll(words, "pear", "apple", "fig", "banana", "kiwi");
        Collections.sort(words, Collections.reverseOrder());
        p(words);
    }

    static void arrays() {
        p("== Arrays");
        int[] ia = new int[200];
        for (int i = 0; i < ia.length; i++) {
            ia[i] = nextRand() % 1000 - 500;
        }
        int[] ib = ia.clone();
        Arrays.sort(ia);
        p(Arrays.toString(ia));
        Arrays.sort(ib, 10, 50);
        p(Arrays.toString(ib) + " " + Arrays.hashCode(ib));
        p(Arrays.binarySearch(ia, ia[77]) + " " + Arrays.binarySearch(ia, 10000) + " "
                + Arrays.binarySearch(ia, -10000));
        double[] da = {3.5, -0.0, Double.NaN, 0.0, -1e300, Double.POSITIVE_INFINITY, 0.0, -0.0,
            Double.NEGATIVE_INFINITY, 1e-300, Double.NaN, 2, -2};
        Arrays.sort(da);
        p(Arrays.toString(da) + " " + Arrays.binarySearch(da, 0.0) + " "
                + Arrays.binarySearch(da, -0.0) + " " + Arrays.binarySearch(da, Double.NaN));
        float[] fa = {3.5f, -0.0f, Float.NaN, 0.0f, -1f, 7f};
        Arrays.sort(fa);
        p(Arrays.toString(fa));
        long[] la = new long[100];
        for (int i = 0; i < la.length; i++) {
            la[i] = ((long) nextRand() << 20) ^ nextRand();
        }
        Arrays.sort(la);
        p(Arrays.toString(la));
        char[] ca = "the quick brown fox jumps over the lazy dog".toCharArray();
        Arrays.sort(ca);
        p(new String(ca));
        short[] sa = {5, -3, 32767, -32768, 0};
        Arrays.sort(sa);
        byte[] ba = {5, -3, 127, -128, 0};
        Arrays.sort(ba);
        p(Arrays.toString(sa) + Arrays.toString(ba));
        String[][] pairs = new String[60][];
        for (int i = 0; i < pairs.length; i++) {
            pairs[i] = new String[] {word(i % 9), Integer.toString(i)};
        }
        Arrays.sort(pairs, Comparator.comparing(a -> a[0]));
        p(Arrays.deepToString(pairs));
        Integer[] boxed = new Integer[50];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = nextRand() % 20;
        }
        Arrays.sort(boxed, 5, 45, Collections.reverseOrder());
        p(Arrays.toString(boxed));
        Arrays.sort(boxed);
        p(Arrays.toString(boxed) + " " + Arrays.binarySearch(boxed, 7));
        p(Arrays.toString(Arrays.copyOf(new int[] {1, 2, 3}, 5)) + Arrays.toString(Arrays.copyOfRange(
                new String[] {"a", "b", "c"}, 1, 5)) + Arrays.asList(1, 2, 3) + Arrays.equals(
                new int[] {1}, new int[] {1}) + Arrays.deepEquals(new Object[] {new int[] {1}},
                new Object[] {new int[] {1}}) + Arrays.deepHashCode(new Object[] {new int[] {1}, "x"}));
        Object[] self = new Object[2];
        self[0] = self;
        self[1] = new double[] {1.5};
        p(Arrays.deepToString(self));
        int[] filled = new int[5];
        Arrays.fill(filled, 1, 3, 7);
        p(Arrays.toString(filled));
        String[] sarr = {"x"};
        Object[] grown = Arrays.copyOf(sarr, 3);
        p(grown.getClass().getSimpleName() + " " + grown.length);
        t("range", () -> {
            Arrays.sort(new int[3], 2, 1);
            return null;
        });
        t("range2", () -> {
            Arrays.fill(new int[3], 0, 5, 1);
            return null;
        });
        t("copyOfRange", () -> Arrays.copyOfRange(new int[3], 2, 1));
        List<Integer> asl = Arrays.asList(3, 1, 2);
        Collections.sort(asl);
        p(asl + " " + asl.getClass().getSimpleName());
        t("asList add", () -> asl.add(4));
    }

    static void misc() {
        p("== misc");
        p(Objects.hash(1, "a", null) + " " + Objects.equals(null, null) + " " + Objects.toString(null, "d")
                + " " + Objects.hashCode(null) + " " + Objects.requireNonNullElse(null, "e"));
        t("rnn", () -> Objects.requireNonNull(null, "msg"));
        t("checkIndex", () -> Objects.checkIndex(5, 3));
        t("checkFromTo", () -> Objects.checkFromToIndex(2, 1, 3));
        t("checkFromSize", () -> Objects.checkFromIndexSize(2, 5, 3));
        StringJoiner sj = new StringJoiner(", ", "{", "}");
        p(sj + " " + sj.setEmptyValue("EMPTY") + " " + sj.add("a").add(null).add("c") + " " + sj.length());
        p(Optional.of(5) + " " + Optional.empty() + " " + Optional.ofNullable(null).orElse(3) + " "
                + Optional.of("x").map(s -> s + "y").get() + " " + Optional.of(4).filter(x -> x > 5).isPresent());
        t("opt", () -> Optional.empty().get());
        List<Integer> lo = List.of(1, 2, 3);
        p(lo + " " + lo.equals(Arrays.asList(1, 2, 3)) + " " + lo.hashCode() + " " + lo.indexOf(2)
                + " " + lo.subList(1, 3) + " " + List.copyOf(new ArrayList<>(lo)));
        t("List.of add", () -> lo.add(4));
        t("List.of get", () -> lo.get(5));
        t("List.of null", () -> List.of(1, null));
        t("List.of contains null", () -> lo.contains(null));
        Set<String> so = Set.of("a", "b", "c");
        p(so.size() + " " + so.contains("b") + " " + new TreeSet<>(so) + " " + so.equals(new HashSet<>(so)));
        t("Set.of dup", () -> Set.of("a", "a"));
        Map<String, Integer> mo = Map.of("a", 1, "b", 2);
        p(mo.get("a") + " " + mo.get("z") + " " + new TreeMap<>(mo) + " " + mo.equals(new HashMap<>(mo))
                + " " + Map.entry("k", 1) + " " + new TreeMap<>(Map.ofEntries(Map.entry("q", 9))));
        t("Map.of dup", () -> Map.of("a", 1, "a", 2));
        t("Map.of put", () -> mo.put("c", 3));
        Map<String, List<Integer>> groups = new TreeMap<>();
        for (int i = 0; i < 20; i++) {
            groups.computeIfAbsent(word(i % 4), x -> new ArrayList<>()).add(i);
        }
        p(groups);
        Stack<Integer> st = new Stack<>();
        st.push(1);
        st.push(2);
        p(st + " " + st.peek() + " " + st.pop() + " " + st.search(1) + " " + st.empty());
        t("empty stack", () -> new Stack<Integer>().pop());
        Vector<String> v = new Vector<>(List.of("x", "y"));
        v.insertElementAt("w", 0);
        p(v + " " + v.firstElement() + " " + v.lastElement());
        AbstractMap.SimpleEntry<String, Integer> se = new AbstractMap.SimpleEntry<>("k", 1);
        p(se + " " + se.hashCode() + " " + se.equals(Map.entry("k", 1)));
    }

    record P(String name, int age, double score) {
    }

    static void comparators() {
        p("== Comparator");
        List<P> ps = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ps.add(new P(word(i % 6), i % 5, (i * 7) % 4 / 2.0));
        }
        ps.sort(Comparator.comparing(P::name).thenComparingInt(P::age).reversed());
        p(ps);
        ps.sort(Comparator.comparingDouble(P::score).thenComparing(P::name, Comparator.reverseOrder()));
        p(ps);
        ps.sort(Comparator.comparingLong((P x) -> x.age()).thenComparingDouble(P::score));
        p(ps);
        List<String> withNulls = new ArrayList<>(Arrays.asList("b", null, "a", null, "c"));
        withNulls.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
        p(withNulls);
        withNulls.sort(Comparator.nullsLast(Comparator.<String>naturalOrder().reversed()));
        p(withNulls);
        List<Map.Entry<String, Integer>> es = new ArrayList<>(List.of(Map.entry("b", 2), Map.entry("a", 3),
                Map.entry("c", 1)));
        es.sort(Map.Entry.comparingByValue());
        p(es);
        es.sort(Map.Entry.comparingByKey(Comparator.reverseOrder()));
        p(es);
    }
}
