import java.util.*;
import java.util.concurrent.*;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.PrintStream;

/**
 * Compares gcvm's Hashtable, Properties, IdentityHashMap, StringTokenizer, UUID, Optional
 * streams, Spliterators, CopyOnWriteArrayList/Set and ConcurrentSkipListMap/Set with the JDK's:
 * run.sh runs it against both and diffs. Operation sequences are generated from seeded Randoms;
 * every result and every exception (class and message) is printed.
 */
public class MoreUtilCheck {
    interface Op {
        Object run() throws Exception;
    }

    static String show(Op op) {
        try {
            Object r = op.run();
            return String.valueOf(r);
        } catch (Exception e) {
            String name = e.getClass().getName().replace("cltest.util", "java.util");
            return name + ": " + e.getMessage();
        }
    }

    static void p(String label, Op op) {
        System.out.println(label + " -> " + show(op));
    }

    public static void main(String[] args) throws Exception {
        hashtable();
        properties();
        identityHashMap();
        stringTokenizer();
        uuid();
        optionals();
        spliterators();
        copyOnWrite();
        skipLists();
        System.out.println("MoreUtilCheck done");
    }

    static void hashtable() {
        for (int seed = 0; seed < 6; seed++) {
            Random r = new Random(seed);
            Hashtable<Object, Object> h = seed % 2 == 0 ? new Hashtable<>() : new Hashtable<>(3 + seed, 0.5f + seed / 10f);
            for (int i = 0; i < 300; i++) {
                Object k = r.nextBoolean() ? (Object) r.nextInt(200) : (Object) ("k" + r.nextInt(100));
                int op = r.nextInt(10);
                if (op < 5) {
                    h.put(k, "v" + i);
                } else if (op < 7) {
                    h.remove(k);
                } else if (op == 7) {
                    h.merge(k, "m", (a, b) -> a + "" + b);
                } else if (op == 8) {
                    h.computeIfAbsent(k, x -> "c" + x);
                } else {
                    h.putIfAbsent(k, "p");
                }
                if (i % 60 == 59) {
                    System.out.println("ht " + seed + " " + h.size() + " " + h);
                }
            }
            StringBuilder keys = new StringBuilder();
            for (Enumeration<Object> e = h.keys(); e.hasMoreElements();) {
                keys.append(e.nextElement()).append(' ');
            }
            System.out.println("keys " + keys);
            StringBuilder elems = new StringBuilder();
            for (Enumeration<Object> e = h.elements(); e.hasMoreElements();) {
                elems.append(e.nextElement()).append(' ');
            }
            System.out.println("elements " + elems);
            for (Iterator<Map.Entry<Object, Object>> it = h.entrySet().iterator(); it.hasNext();) {
                Map.Entry<Object, Object> e = it.next();
                if (e.getKey() instanceof Integer && ((Integer) e.getKey()) % 3 == 0) {
                    it.remove();
                } else if (e.getKey() instanceof String) {
                    e.setValue("s" + e.getValue());
                }
            }
            System.out.println("after " + h + " hash " + h.hashCode());
            @SuppressWarnings("unchecked")
            Hashtable<Object, Object> c = (Hashtable<Object, Object>) h.clone();
            System.out.println("clone " + c.equals(h) + " " + c + " " + h.keySet() + " " + h.values());
            System.out.println("contains " + h.contains("v5") + h.containsValue("p") + h.containsKey(7));
            h.keySet().removeIf(k -> k instanceof String);
            System.out.println("keys removed " + h);
            System.out.println("new from map " + new Hashtable<>(h));
        }
        Hashtable<String, Integer> h = new Hashtable<>();
        p("put null key", () -> h.put(null, 1));
        p("put null value", () -> h.put("a", null));
        p("get null", () -> h.get(null));
        p("contains null", () -> h.contains(null));
        p("capacity", () -> new Hashtable<String, String>(-1));
        p("load", () -> new Hashtable<String, String>(1, 0f));
        p("next empty", () -> h.keys().nextElement());
        h.put("a", 1);
        h.put("b", 2);
        p("cme", () -> {
            for (String k : h.keySet()) {
                h.put(k + "x", 3);
            }
            return h;
        });
        p("iterator remove twice", () -> {
            Iterator<String> it = h.keySet().iterator();
            it.next();
            it.remove();
            it.remove();
            return h;
        });
        p("self", () -> {
            Hashtable<Object, Object> s = new Hashtable<>();
            s.put("me", s);
            return s.toString();
        });
        p("dictionary", () -> {
            Dictionary<String, Integer> d = new Hashtable<>();
            d.put("x", 1);
            return d.get("x") + " " + d.size() + " " + d.isEmpty();
        });
    }

    static final String PROPS = "# a comment\n"
        + "! another\n"
        + "   \n"
        + "a=1\n"
        + "b : 2\n"
        + "c 3\n"
        + "  d\t=\t4  \n"
        + "e\n"
        + "f=\n"
        + "key\\ with\\ spaces = value with spaces\n"
        + "colon\\:key=x\\=y\n"
        + "multi = one \\\n"
        + "        two \\\n"
        + "   three\n"
        + "uni = caf\\u00e9 \\u4e2d\n"
        + "esc = tab\\there\\nnew\\rret\\fform\\\\back\\q\n"
        + "even = ends with two\\\\\n"
        + "next = line\n"
        + "cont = a\\\n"
        + "# not a comment\n"
        + "crlf = x\r\n"
        + "cr = y\r"
        + "last = z\\";

    static String dropDate(String stored) {
        StringBuilder sb = new StringBuilder();
        for (String line : stored.split("\n", -1)) {
            if (!line.matches("#[A-Z][a-z]{2} [A-Z][a-z]{2} \\d\\d \\d\\d:\\d\\d:\\d\\d .*")) {
                sb.append(line).append('|');
            }
        }
        return sb.toString();
    }

    static void properties() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(PROPS));
        System.out.println("props " + p.size() + " " + p);
        for (String k : new TreeSet<>(p.stringPropertyNames())) {
            System.out.println("  [" + k + "]=[" + p.getProperty(k) + "]");
        }
        Properties q = new Properties();
        q.load(new ByteArrayInputStream(PROPS.getBytes("ISO-8859-1")));
        System.out.println("stream load equal " + q.equals(p));
        Properties latin = new Properties();
        latin.load(new ByteArrayInputStream(new byte[] {'k', '=', (byte) 0xe9, (byte) 0xff}));
        System.out.println("latin " + (int) latin.getProperty("k").charAt(0) + " " + (int) latin.getProperty("k").charAt(1));
        p.setProperty(" lead", " space");
        p.setProperty("sym=:#!", "=:#! x");
        p.setProperty("ctl", "\u0001\u007f\u00e9\u4e2d");
        StringWriter w = new StringWriter();
        p.store(w, "Header\nline two\r\n#kept\r!bang\u4e2d");
        System.out.println("store writer " + dropDate(w.toString()));
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        p.store(bo, null);
        System.out.println("store stream " + dropDate(bo.toString("ISO-8859-1")));
        Properties back = new Properties();
        back.load(new StringReader(w.toString()));
        System.out.println("round trip " + back.equals(p));
        Properties defaults = new Properties();
        defaults.setProperty("a", "default-a");
        defaults.setProperty("only", "default-only");
        Properties withDefaults = new Properties(defaults);
        withDefaults.setProperty("a", "own-a");
        withDefaults.put("obj", 42);
        System.out.println("defaults " + withDefaults.getProperty("a") + " " + withDefaults.getProperty("only")
            + " " + withDefaults.getProperty("none") + " " + withDefaults.getProperty("none", "dflt")
            + " " + withDefaults.getProperty("obj") + " " + withDefaults.get("only") + " " + withDefaults.size());
        System.out.println("names " + new TreeSet<>(withDefaults.stringPropertyNames()));
        withDefaults.remove("obj");
        StringBuilder names = new StringBuilder();
        for (Enumeration<?> e = withDefaults.propertyNames(); e.hasMoreElements();) {
            names.append(e.nextElement()).append(' ');
        }
        System.out.println("propertyNames " + names);
        ByteArrayOutputStream lo = new ByteArrayOutputStream();
        Properties longValue = new Properties();
        for (int i = 0; i < 30; i++) {
            longValue.setProperty("key" + i, "value".repeat(i % 12));
        }
        longValue.list(new PrintStream(lo, true));
        System.out.print("list " + lo);
        System.out.println("toString " + longValue);
        p("malformed", () -> {
            new Properties().load(new StringReader("a=\\u12g4"));
            return null;
        });
        p("short unicode", () -> {
            new Properties().load(new StringReader("a=\\u12"));
            return null;
        });
        p("clone", () -> ((Properties) longValue.clone()).getProperty("key3"));
    }

    static void identityHashMap() {
        IdentityHashMap<Object, Object> m = new IdentityHashMap<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            keys.add(new String("key" + (i % 50)));
        }
        Random r = new Random(7);
        for (int i = 0; i < 2000; i++) {
            String k = keys.get(r.nextInt(keys.size()));
            if (r.nextInt(3) == 0) {
                m.remove(k);
            } else {
                m.put(k, i);
            }
        }
        m.put(null, "nullval");
        int sum = 0;
        for (Object v : m.values()) {
            sum += v instanceof Integer ? (Integer) v : 0;
        }
        System.out.println("ihm size " + m.size() + " sum " + sum + " null " + m.get(null) + " " + m.containsKey(null));
        int present = 0;
        for (String k : keys) {
            if (m.containsKey(k)) {
                present++;
            }
        }
        System.out.println("ihm present " + present + " equal-not-identical " + m.containsKey("key1") + " " + m.get(new String("key1")));
        Iterator<Map.Entry<Object, Object>> it = m.entrySet().iterator();
        int removed = 0;
        while (it.hasNext()) {
            Map.Entry<Object, Object> e = it.next();
            if (e.getValue() instanceof Integer && ((Integer) e.getValue()) % 2 == 0) {
                it.remove();
                removed++;
            } else {
                e.setValue("odd");
            }
        }
        System.out.println("ihm removed " + removed + " size " + m.size() + " values " + new TreeSet<>(m.values().stream().map(String::valueOf).toList()));
        IdentityHashMap<Object, Object> c = new IdentityHashMap<>(m);
        System.out.println("ihm copy equals " + c.equals(m) + " " + m.equals(c) + " hash " + (c.hashCode() == m.hashCode()));
        Integer big1 = 1000;
        Integer big2 = new Integer(1000);
        IdentityHashMap<Integer, String> ints = new IdentityHashMap<>();
        ints.put(big1, "a");
        ints.put(big2, "b");
        System.out.println("ihm ints " + ints.size() + " " + ints.get(big1) + ints.get(big2) + " " + ints.containsValue(new String("a")));
        System.out.println("ihm keyset remove " + ints.keySet().remove(big2) + " " + ints.size() + " " + ints);
        p("ihm negative", () -> new IdentityHashMap<String, String>(-3));
        p("ihm cme", () -> {
            for (Object k : m.keySet()) {
                m.put(new Object(), 1);
            }
            return null;
        });
    }

    static void stringTokenizer() {
        String[] inputs = {"", "a b  c", "  lead and trail  ", "a,b,,c,", ",,,", "x=1;y=2;z", "tab\tsep\nnew", "one"};
        String[] delims = {" ", ",", ";=", " \t\n", "xyz"};
        for (String s : inputs) {
            for (String d : delims) {
                for (boolean rd : new boolean[] {false, true}) {
                    StringTokenizer st = new StringTokenizer(s, d, rd);
                    StringBuilder sb = new StringBuilder("st [" + s + "] [" + d + "] " + rd + " n=" + st.countTokens() + ":");
                    while (st.hasMoreTokens()) {
                        sb.append(" <").append(st.nextToken()).append(">");
                    }
                    System.out.println(sb.toString().replace("\t", "\\t").replace("\n", "\\n"));
                }
            }
        }
        StringTokenizer st = new StringTokenizer("a b,c d");
        System.out.println("st default " + st.nextToken() + " " + st.nextToken(",") + " " + st.countTokens() + " " + st.nextElement() + " " + st.hasMoreElements());
        p("st end", () -> new StringTokenizer("").nextToken());
        p("st null str", () -> new StringTokenizer(null));
        p("st null delim", () -> new StringTokenizer("abc", null).hasMoreTokens());
        p("st supplementary", () -> {
            StringTokenizer s2 = new StringTokenizer("a\uD83D\uDE00b\uD83D\uDE00c", "\uD83D\uDE00");
            return s2.countTokens() + " " + s2.nextToken() + s2.nextToken();
        });
    }

    static void uuid() throws Exception {
        for (int i = 0; i < 200; i++) {
            byte[] name = ("name-" + i + "-" + "x".repeat(i % 70)).getBytes("UTF-8");
            UUID u = UUID.nameUUIDFromBytes(name);
            System.out.println("uuid3 " + u + " " + u.version() + " " + u.variant() + " " + u.hashCode());
        }
        System.out.println("uuid3 empty " + UUID.nameUUIDFromBytes(new byte[0]));
        Random r = new Random(11);
        List<UUID> list = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            UUID u = new UUID(r.nextLong(), r.nextLong());
            list.add(u);
            UUID back = UUID.fromString(u.toString());
            System.out.println("uuid " + u + " " + back.equals(u) + " " + u.hashCode() + " " + u.version() + " " + u.variant()
                + " " + u.compareTo(list.get(0)) + " " + u.getMostSignificantBits() + " " + u.getLeastSignificantBits());
        }
        Collections.sort(list);
        System.out.println("sorted " + list.subList(0, 5));
        UUID rnd = UUID.randomUUID();
        System.out.println("random " + rnd.version() + " " + rnd.variant() + " " + rnd.toString().length());
        String[] bad = {"1-2-3-4-5", "0-0-0-0", "00000000-0000-0000-0000-000000000000-1", "zz-1-1-1-1",
            "123456789-1234-1234-1234-123456789012", "1-1-1-1-1234567890123", "f-f-f-f-ffffffffffff"};
        for (String b : bad) {
            p("fromString " + b, () -> UUID.fromString(b));
        }
        p("timestamp", () -> UUID.nameUUIDFromBytes(new byte[1]).timestamp());
        p("time uuid", () -> {
            UUID t = UUID.fromString("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");
            return t.timestamp() + " " + t.clockSequence() + " " + t.node();
        });
    }

    static void optionals() {
        System.out.println("opt " + Optional.of("x").stream().toList() + Optional.empty().stream().count()
            + OptionalInt.of(3).stream().sum() + OptionalInt.empty().stream().count()
            + OptionalLong.of(4L).stream().sum() + OptionalDouble.of(2.5).stream().sum() + OptionalDouble.empty().stream().count());
    }

    static void spliterators() {
        Object[] arr = new Object[10];
        for (int i = 0; i < arr.length; i++) {
            arr[i] = "e" + i;
        }
        Spliterator<Object> s = Spliterators.spliterator(arr, Spliterator.ORDERED);
        System.out.println("spl " + s.estimateSize() + " " + s.characteristics() + " " + s.getExactSizeIfKnown());
        Spliterator<Object> left = s.trySplit();
        System.out.println("split " + left.estimateSize() + " " + s.estimateSize());
        StringBuilder sb = new StringBuilder();
        left.tryAdvance(x -> sb.append(x).append(','));
        left.forEachRemaining(x -> sb.append(x).append(';'));
        s.forEachRemaining(x -> sb.append(x).append(' '));
        System.out.println("walk " + sb + " " + left.tryAdvance(x -> { }));
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            list.add(i);
        }
        Spliterator<Integer> cs = Spliterators.spliterator(list, Spliterator.ORDERED);
        System.out.println("coll " + cs.characteristics() + " " + cs.estimateSize());
        Spliterator<Integer> first = cs.trySplit();
        System.out.println("coll split " + first.estimateSize() + " " + cs.estimateSize() + " " + first.characteristics());
        Spliterator<Integer> second = cs.trySplit();
        System.out.println("coll split2 " + second.estimateSize() + " " + cs.estimateSize());
        Spliterator<Integer> us = Spliterators.spliteratorUnknownSize(list.iterator(), Spliterator.ORDERED | Spliterator.SIZED);
        System.out.println("unknown " + us.characteristics() + " " + us.estimateSize() + " " + us.getExactSizeIfKnown());
        Spliterator<Integer> ufirst = us.trySplit();
        System.out.println("unknown split " + ufirst.estimateSize() + " " + ufirst.characteristics() + " " + us.estimateSize());
        Iterator<Object> it = Spliterators.iterator(Spliterators.spliterator(arr, 0));
        int n = 0;
        while (it.hasNext()) {
            it.next();
            n++;
        }
        System.out.println("iterator " + n + " " + Spliterators.emptySpliterator().estimateSize());
        p("iterator end", () -> it.next());
        p("comparator", () -> Spliterators.spliterator(arr, 0).getComparator());
        p("sorted comparator", () -> Spliterators.spliterator(arr, Spliterator.SORTED).getComparator());
    }

    static void copyOnWrite() {
        for (int seed = 0; seed < 4; seed++) {
            Random r = new Random(100 + seed);
            CopyOnWriteArrayList<Integer> l = new CopyOnWriteArrayList<>();
            for (int i = 0; i < 400; i++) {
                int op = r.nextInt(14);
                int v = r.nextInt(20);
                int idx = r.nextInt(l.size() + 3) - 1;
                String label = "cow " + seed + " " + i + " op" + op + " " + v + " " + idx;
                switch (op) {
                    case 0: case 1: p(label, () -> l.add(v)); break;
                    case 2: p(label, () -> { l.add(idx, v); return l; }); break;
                    case 3: p(label, () -> l.remove(idx)); break;
                    case 4: p(label, () -> l.remove((Object) v)); break;
                    case 5: p(label, () -> l.set(idx, v)); break;
                    case 6: p(label, () -> l.get(idx)); break;
                    case 7: p(label, () -> l.addIfAbsent(v)); break;
                    case 8: p(label, () -> l.addAllAbsent(List.of(v, v + 1, v + 2))); break;
                    case 9: p(label, () -> l.indexOf(v) + " " + l.lastIndexOf(v) + " " + l.indexOf(v, Math.max(0, idx)) + " " + l.lastIndexOf(v, idx)); break;
                    case 10: p(label, () -> l.removeIf(x -> x == v)); break;
                    case 11: p(label, () -> {
                        List<Integer> sub = l.subList(Math.max(0, idx), Math.max(0, Math.min(l.size(), idx + 3)));
                        sub.add(v);
                        String s = sub.toString() + sub.size();
                        sub.remove(0);
                        return s + sub;
                    }); break;
                    case 12: p(label, () -> l.addAll(idx, List.of(v, -v))); break;
                    default: p(label, () -> l.listIterator(idx).hasPrevious()); break;
                }
                if (i % 50 == 49) {
                    System.out.println(l + " " + l.hashCode() + " " + l.equals(new ArrayList<>(l)));
                }
            }
            Iterator<Integer> it = l.iterator();
            l.clear();
            int n = 0;
            while (it.hasNext()) {
                it.next();
                n++;
            }
            System.out.println("snapshot " + n + " " + l);
            p("iterator remove", () -> {
                Iterator<Integer> i2 = new CopyOnWriteArrayList<>(List.of(1, 2)).iterator();
                i2.next();
                i2.remove();
                return null;
            });
        }
        CopyOnWriteArrayList<String> l = new CopyOnWriteArrayList<>(new String[] {"d", "a", "c", "b"});
        l.sort(null);
        l.replaceAll(String::toUpperCase);
        List<String> sub = l.subList(1, 3);
        System.out.println("cow sort " + l + " " + sub);
        l.add("E");
        p("sublist cme", () -> sub.get(0));
        p("sublist range", () -> l.subList(3, 2));
        p("toArray", () -> Arrays.toString(l.toArray(new String[0])) + Arrays.toString(l.toArray(new String[8])));
        CopyOnWriteArraySet<Integer> set = new CopyOnWriteArraySet<>(List.of(3, 1, 3, 2, 1));
        System.out.println("cowset " + set + " " + set.add(1) + set.add(9) + " " + set.remove(3) + " " + set
            + " " + set.equals(Set.of(1, 2, 9)) + " " + set.hashCode() + " " + set.containsAll(List.of(1, 2)));
    }

    static void skipLists() {
        for (int seed = 0; seed < 4; seed++) {
            Random r = new Random(200 + seed);
            ConcurrentSkipListMap<Integer, String> m = seed % 2 == 0 ? new ConcurrentSkipListMap<>()
                : new ConcurrentSkipListMap<>(Comparator.reverseOrder());
            for (int i = 0; i < 500; i++) {
                int k = r.nextInt(60);
                int k2 = r.nextInt(60);
                int op = r.nextInt(16);
                String label = "csl " + seed + " " + i + " op" + op + " " + k + " " + k2;
                ConcurrentNavigableMap<Integer, String> view;
                int lo = seed % 2 == 0 ? Math.min(k, k2) : Math.max(k, k2);
                int hi = seed % 2 == 0 ? Math.max(k, k2) : Math.min(k, k2);
                switch (r.nextInt(5)) {
                    case 0: view = m.subMap(lo, hi); break;
                    case 1: view = m.headMap(k2, r.nextBoolean()); break;
                    case 2: view = m.tailMap(k2, r.nextBoolean()).descendingMap(); break;
                    case 3: view = m.descendingMap(); break;
                    default: view = m; break;
                }
                if (view != m && r.nextBoolean()) {
                    view = view.descendingMap();
                }
                ConcurrentNavigableMap<Integer, String> v = view;
                switch (op) {
                    case 0: case 1: case 2: p(label, () -> v.put(k, "v" + k)); break;
                    case 3: p(label, () -> v.remove(k)); break;
                    case 4: p(label, () -> v.get(k) + " " + v.containsKey(k)); break;
                    case 5: p(label, () -> v.floorKey(k) + " " + v.ceilingKey(k) + " " + v.lowerKey(k) + " " + v.higherKey(k)); break;
                    case 6: p(label, () -> v.floorEntry(k) + " " + v.ceilingEntry(k) + " " + v.lowerEntry(k) + " " + v.higherEntry(k)); break;
                    case 7: p(label, () -> v.firstKey() + " " + v.lastKey()); break;
                    case 8: p(label, () -> v.pollFirstEntry() + " " + v.pollLastEntry()); break;
                    case 9: p(label, () -> v.size() + " " + v); break;
                    case 10: p(label, () -> v.subMap(k, k2)); break;
                    case 11: p(label, () -> v.merge(k, "m", String::concat)); break;
                    case 12: p(label, () -> v.putIfAbsent(k, "p") + " " + v.replace(k, "r") + " " + v.remove(k, "zz")); break;
                    case 13: p(label, () -> v.keySet() + " " + v.descendingKeySet() + " " + v.values()); break;
                    case 14: p(label, () -> v.navigableKeySet().headSet(k).size() + " " + v.keySet().tailSet(k, false)); break;
                    default: p(label, () -> {
                        Iterator<Map.Entry<Integer, String>> it = v.entrySet().iterator();
                        int n = 0;
                        while (it.hasNext()) {
                            Map.Entry<Integer, String> e = it.next();
                            if (e.getKey() % 4 == 0) {
                                it.remove();
                                n++;
                            }
                        }
                        return n + " " + m.size();
                    }); break;
                }
            }
            System.out.println("final " + m + " " + m.hashCode() + " " + m.equals(new TreeMap<>(m)));
        }
        ConcurrentSkipListMap<String, Integer> m = new ConcurrentSkipListMap<>(Map.of("b", 2, "a", 1, "c", 3));
        p("null key", () -> m.put(null, 1));
        p("null value", () -> m.put("x", null));
        p("null get", () -> m.get(null));
        p("inconsistent", () -> m.subMap("c", "a"));
        p("sub out of range", () -> m.headMap("b").subMap("a", "z"));
        p("put out of range", () -> m.headMap("b").put("c", 9));
        p("entry setValue", () -> m.firstEntry().setValue(5));
        p("iter entry setValue", () -> m.entrySet().iterator().next().setValue(5));
        p("empty first", () -> new ConcurrentSkipListMap<String, String>().firstKey());
        p("empty firstEntry", () -> new ConcurrentSkipListMap<String, String>().firstEntry());
        p("keyset add", () -> m.keySet().add("z"));
        p("clone", () -> m.clone() + " " + m.clone().equals(m));
        p("compute", () -> m.compute("a", (k, x) -> x == null ? 0 : x + 10) + " " + m.computeIfPresent("zz", (k, x) -> 1)
            + " " + m.computeIfAbsent("d", k -> 4) + " " + m);
        ConcurrentSkipListSet<Integer> s = new ConcurrentSkipListSet<>();
        Random r = new Random(5);
        for (int i = 0; i < 100; i++) {
            int x = r.nextInt(50);
            if (r.nextInt(3) == 0) {
                s.remove(x);
            } else {
                s.add(x);
            }
        }
        System.out.println("cslset " + s + " " + s.size() + " " + s.first() + " " + s.last() + " " + s.floor(25) + " " + s.higher(25)
            + " " + s.headSet(10) + " " + s.tailSet(40, false) + " " + s.subSet(10, 20) + " " + s.descendingSet());
        System.out.println("cslset poll " + s.pollFirst() + " " + s.pollLast() + " " + s.descendingSet().headSet(30) + " " + s.clone().equals(s));
        Iterator<Integer> it = s.descendingIterator();
        System.out.println("cslset desc " + it.next() + " " + it.next());
        p("cslset out of range", () -> s.headSet(10).add(20));
        p("cslset null", () -> s.add(null));
        ConcurrentSkipListSet<String> rev = new ConcurrentSkipListSet<>(Comparator.reverseOrder());
        rev.addAll(List.of("pear", "apple", "fig", "kiwi"));
        System.out.println("cslset rev " + rev + " " + rev.comparator().compare("a", "b") + " " + new ConcurrentSkipListSet<>(rev));
    }
}
