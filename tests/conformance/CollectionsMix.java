import java.util.*;

/** Collections a student reaches for: Random, PriorityQueue, TreeMap, BitSet, EnumMap, EnumSet. */
public class CollectionsMix {
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }

    public static void main(String[] args) {
        Random rnd = new Random(42);
        PriorityQueue<Integer> pq = new PriorityQueue<>(Comparator.reverseOrder());
        TreeMap<Integer, Integer> freq = new TreeMap<>();
        BitSet seen = new BitSet();
        for (int i = 0; i < 200; i++) {
            int v = rnd.nextInt(100);
            pq.add(v);
            freq.merge(v / 10, 1, Integer::sum);
            seen.set(v);
        }
        StringBuilder top = new StringBuilder();
        for (int i = 0; i < 5; i++) top.append(pq.poll()).append(' ');
        System.out.println("top " + top + "| freq " + freq + " | first>=55 " + freq.ceilingKey(5) + " head " + freq.headMap(3));
        System.out.println("seen " + seen.cardinality() + " len " + seen.length() + " size " + seen.size() + " next clear " + seen.nextClearBit(0) + " hash " + seen.hashCode());
        BitSet evens = new BitSet();
        for (int i = 0; i < 100; i += 2) evens.set(i);
        BitSet both = (BitSet) seen.clone();
        both.and(evens);
        System.out.println("even seen " + both.cardinality() + " " + both.get(0, 20) + " xor " + xor(seen, evens).cardinality() + " " + evens.stream().limit(5).sum());
        BitSet small = new BitSet();
        small.set(3, 7);
        small.flip(5);
        small.set(130);
        System.out.println(small + " " + small.length() + " " + small.size() + " " + small.previousSetBit(100) + " " + Arrays.toString(small.toLongArray()) + " " + small.equals(BitSet.valueOf(small.toLongArray())));
        EnumMap<Day, List<String>> plan = new EnumMap<>(Day.class);
        plan.put(Day.FRI, List.of("party"));
        plan.put(Day.MON, List.of("gym", "work"));
        plan.put(Day.WED, null);
        System.out.println(plan + " " + plan.containsKey(Day.WED) + " " + plan.get(Day.TUE) + " " + plan.size());
        EnumSet<Day> weekend = EnumSet.of(Day.SAT, Day.SUN);
        EnumSet<Day> work = EnumSet.complementOf(weekend);
        System.out.println(weekend + " " + work + " " + EnumSet.range(Day.TUE, Day.THU) + " " + EnumSet.allOf(Day.class).size() + " " + EnumSet.noneOf(Day.class));
        work.removeIf(d -> d.ordinal() % 2 == 0);
        System.out.println(work + " " + work.contains(Day.TUE) + " " + work.contains(Day.MON));
        Deque<String> dq = new ArrayDeque<>();
        dq.push("a"); dq.addLast("z"); dq.offerFirst("0");
        System.out.println(dq + " " + dq.peekLast() + " " + dq.pollFirst());
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 10; i++) nums.add(rnd.nextInt(1000));
        Collections.shuffle(nums, new Random(7));
        Collections.sort(nums);
        System.out.println(nums + " " + Collections.binarySearch(nums, nums.get(3)) + " " + rnd.nextGaussian() + " " + rnd.nextDouble() + " " + rnd.nextLong());
        TreeSet<String> words = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        words.addAll(List.of("pear", "Apple", "fig", "apple", "Banana"));
        System.out.println(words + " " + words.descendingSet() + " " + words.floor("c") + " " + words.subSet("b", "g"));
        LinkedHashMap<String, Integer> lru = new LinkedHashMap<>(16, 0.75f, true) {
            protected boolean removeEldestEntry(Map.Entry<String, Integer> e) { return size() > 3; }
        };
        for (String k : "a b c a d e a".split(" ")) lru.merge(k, 1, Integer::sum);
        System.out.println(lru);
    }

    static BitSet xor(BitSet a, BitSet b) {
        BitSet r = (BitSet) a.clone();
        r.xor(b);
        return r;
    }
}
