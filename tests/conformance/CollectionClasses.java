// CollectionClasses: java.util collections other than hash-based ones: ArrayList
// (add/insert/remove/set/indexOf/subList/contains/toArray/growth),
// LinkedList (deque and list ops), ArrayDeque (stack and queue), PriorityQueue
// (natural and comparator order, poll sequence), TreeMap (ordered iteration,
// first/last/floor/ceiling/headMap/tailMap/pollFirst), TreeSet, iterators
// and Iterator.remove, ConcurrentModificationException from modification
// during for-each, removeIf, replaceAll, List.sort with comparator,
// Collections.sort/reverse/shuffle(seeded Random)/max/min/frequency/
// nCopies/swap/unmodifiableList, List.of immutability, Optional, StringJoiner.
import java.util.*;

public class CollectionClasses {
    public static void main(String[] args) {
        ArrayList<Integer> al = new ArrayList<>();
        for (int i = 0; i < 20; i++) al.add(i * 3 % 7);
        System.out.println("al " + al + " size " + al.size());
        al.add(0, 100);
        al.add(5, 200);
        al.remove(Integer.valueOf(6));
        al.remove(1);
        al.set(2, -1);
        System.out.println("al " + al + " indexOf(200) " + al.indexOf(200) + " lastIndexOf(5) " + al.lastIndexOf(5)
                + " contains(4) " + al.contains(4) + " contains(99) " + al.contains(99));
        List<Integer> sub = al.subList(3, 8);
        System.out.println("subList " + sub + " sum " + sum(sub));
        sub.clear();
        System.out.println("after subList clear " + al);
        Object[] arr = al.toArray();
        Integer[] typed = al.toArray(new Integer[0]);
        System.out.println("toArray " + arr.length + " " + typed.length + " " + typed[0]);
        al.removeIf(x -> x % 2 == 0);
        al.replaceAll(x -> x * 10);
        System.out.println("removeIf/replaceAll " + al);
        ArrayList<Integer> big = new ArrayList<>();
        for (int i = 0; i < 10000; i++) big.add(i);
        long bs = 0;
        for (int i = big.size() - 1; i >= 0; i -= 3) bs += big.remove(i);
        System.out.println("big " + big.size() + " " + bs + " " + big.get(big.size() - 1));

        LinkedList<String> ll = new LinkedList<>();
        ll.add("b"); ll.addFirst("a"); ll.addLast("c"); ll.push("z"); ll.offer("d"); ll.add(2, "mid");
        System.out.println("ll " + ll + " first " + ll.getFirst() + " last " + ll.getLast() + " peek " + ll.peek());
        System.out.println("pop " + ll.pop() + " poll " + ll.poll() + " pollLast " + ll.pollLast() + " removeFirst " + ll.removeFirst()
                + " now " + ll + " get(1) " + ll.get(1));
        ListIterator<String> lit = ll.listIterator();
        while (lit.hasNext()) {
            String s = lit.next();
            if (s.equals("b")) lit.set("B");
            else lit.add(s + "+");
        }
        System.out.println("listIterator edits " + ll);

        ArrayDeque<Integer> stack = new ArrayDeque<>();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int i = 1; i <= 5; i++) { stack.push(i); queue.offer(i); }
        StringBuilder sb = new StringBuilder();
        while (!stack.isEmpty()) sb.append(stack.pop());
        sb.append('|');
        while (!queue.isEmpty()) sb.append(queue.poll());
        System.out.println("stack|queue " + sb + " empty poll " + queue.poll() + " peekFirst " + stack.peekFirst());
        ArrayDeque<Integer> ring = new ArrayDeque<>();
        for (int i = 0; i < 100; i++) { ring.addLast(i); if (ring.size() > 7) ring.removeFirst(); if (i % 10 == 0) ring.addFirst(-i); }
        System.out.println("ring " + ring);

        PriorityQueue<Integer> pq = new PriorityQueue<>();
        int[] vals = {5, 1, 9, 3, 7, 1, 8, 2, 6, 4, 0};
        for (int v : vals) pq.add(v);
        sb.setLength(0);
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println("pq natural " + sb.toString().trim());
        PriorityQueue<String> pqs = new PriorityQueue<>(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        pqs.addAll(List.of("ccc", "a", "bb", "zz", "b", "dddd", "aa"));
        sb.setLength(0);
        while (pqs.size() > 0) sb.append(pqs.poll()).append(' ');
        System.out.println("pq comparator " + sb.toString().trim() + " peek empty " + pqs.peek());

        TreeMap<String, Integer> tm = new TreeMap<>();
        String[] keys = {"pear", "apple", "fig", "kiwi", "banana", "cherry", "date"};
        for (int i = 0; i < keys.length; i++) tm.put(keys[i], i);
        tm.put("fig", 100);
        System.out.println("treemap " + tm + " first " + tm.firstKey() + " last " + tm.lastKey() + " floor(c) " + tm.floorKey("c")
                + " ceiling(c) " + tm.ceilingKey("c") + " lower(fig) " + tm.lowerKey("fig") + " higher(fig) " + tm.higherKey("fig"));
        System.out.println("headMap(date) " + tm.headMap("date") + " tailMap(kiwi) " + tm.tailMap("kiwi") + " subMap "
                + tm.subMap("b", "e") + " descending " + tm.descendingMap().keySet());
        Map.Entry<String, Integer> fe = tm.pollFirstEntry();
        System.out.println("pollFirst " + fe.getKey() + "=" + fe.getValue() + " then " + tm.keySet() + " values " + tm.values());
        TreeMap<Integer, String> rev = new TreeMap<>(Comparator.reverseOrder());
        for (int i = 0; i < 10; i++) rev.put(i * 7 % 10, "v" + i);
        System.out.println("reverse treemap " + rev);
        TreeSet<Integer> ts = new TreeSet<>();
        for (int i = 0; i < 50; i++) ts.add(i * i % 17);
        System.out.println("treeset " + ts + " floor(9) " + ts.floor(9) + " higher(16) " + ts.higher(16) + " headSet(5) " + ts.headSet(5)
                + " first " + ts.first() + " pollLast " + ts.pollLast() + " desc " + ts.descendingSet());

        // iterators & CME
        List<Integer> nums = new ArrayList<>(List.of(1, 2, 3, 4, 5, 6));
        Iterator<Integer> it = nums.iterator();
        while (it.hasNext()) if (it.next() % 3 == 0) it.remove();
        System.out.println("iterator remove " + nums);
        try {
            for (Integer n : nums) if (n == 2) nums.add(99);
            System.out.println("no CME?");
        } catch (ConcurrentModificationException e) {
            System.out.println("CME on ArrayList: " + e.getClass().getName());
        }
        try {
            for (String k : tm.keySet()) if (k.startsWith("b")) tm.remove(k);
            System.out.println("no CME?");
        } catch (ConcurrentModificationException e) {
            System.out.println("CME on TreeMap");
        }
        try {
            Iterator<Integer> empty = new ArrayList<Integer>().iterator();
            empty.next();
        } catch (NoSuchElementException e) {
            System.out.println("NoSuchElementException");
        }

        // Collections utilities with seeded Random
        List<Integer> deck = new ArrayList<>();
        for (int i = 0; i < 20; i++) deck.add(i);
        java.util.Collections.shuffle(deck, new Random(42));
        System.out.println("shuffled " + deck);
        java.util.Collections.sort(deck);
        java.util.Collections.reverse(deck);
        java.util.Collections.swap(deck, 0, 19);
        System.out.println("sorted-reversed-swapped " + deck + " max " + java.util.Collections.max(deck) + " min "
                + java.util.Collections.min(deck, Comparator.reverseOrder()));
        List<String> letters = new ArrayList<>(List.of("b", "a", "c", "a", "b", "a"));
        java.util.Collections.sort(letters, Comparator.reverseOrder());
        System.out.println(letters + " freq(a) " + java.util.Collections.frequency(letters, "a") + " nCopies "
                + java.util.Collections.nCopies(3, "xy") + " emptyList " + java.util.Collections.emptyList());
        List<String> ro = java.util.Collections.unmodifiableList(letters);
        try {
            ro.add("x");
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiableList.add -> UnsupportedOperationException");
        }
        try {
            List.of(1, 2).set(0, 5);
        } catch (UnsupportedOperationException e) {
            System.out.println("List.of(...).set -> UnsupportedOperationException");
        }
        System.out.println("List.of equals ArrayList " + List.of(1, 2, 3).equals(new ArrayList<>(List.of(1, 2, 3)))
                + " hash " + List.of(1, 2, 3).hashCode() + " " + new LinkedList<>(List.of(1, 2, 3)).hashCode());

        Optional<String> some = Optional.of("val"), none = Optional.empty();
        System.out.println(some.isPresent() + " " + none.isEmpty() + " " + some.get() + " " + none.orElse("dflt") + " "
                + some.map(String::toUpperCase).orElse("?") + " " + none.map(String::length).orElseGet(() -> -1) + " "
                + some.filter(s -> s.startsWith("x")).isPresent() + " " + some + " " + none + " " + Optional.ofNullable(null).isPresent());
        StringJoiner sj = new StringJoiner(", ", "{", "}");
        sj.setEmptyValue("EMPTY");
        System.out.println(sj);
        for (String k : keys) sj.add(k);
        System.out.println(sj + " length " + sj.length());
    }

    static int sum(List<Integer> xs) {
        int s = 0;
        for (int x : xs) s += x;
        return s;
    }
}
