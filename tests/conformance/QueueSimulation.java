import java.util.*;
import java.util.function.*;

/** A bank-queue simulation with generics, lambdas and a seeded Random. */
public class QueueSimulation {
    interface Event extends Comparable<Event> {
        double time();
        default int compareTo(Event o) { return Double.compare(time(), o.time()); }
    }
    record Arrival(double time, int customer) implements Event {}
    record Departure(double time, int customer, int teller) implements Event {}

    static class Stats<T extends Number> {
        private final List<T> samples = new ArrayList<>();
        void add(T t) { samples.add(t); }
        double mean() { return samples.stream().mapToDouble(Number::doubleValue).average().orElse(Double.NaN); }
        <R> R summarize(Function<List<T>, R> f) { return f.apply(samples); }
    }

    public static void main(String[] args) {
        Random rnd = new Random(2024);
        PriorityQueue<Event> events = new PriorityQueue<>();
        Deque<Integer> line = new ArrayDeque<>();
        Map<Integer, Double> arrivedAt = new HashMap<>();
        boolean[] busy = new boolean[3];
        Stats<Double> waits = new Stats<>();
        Stats<Integer> lengths = new Stats<>();
        double t = 0;
        for (int c = 0; c < 200; c++) {
            t += -Math.log(1 - rnd.nextDouble()) * 1.1;
            events.add(new Arrival(t, c));
        }
        Supplier<Double> service = () -> 2 + rnd.nextDouble() * 2;
        IntSupplier freeTeller = () -> { for (int i = 0; i < busy.length; i++) if (!busy[i]) return i; return -1; };
        int served = 0;
        while (!events.isEmpty()) {
            Event e = events.poll();
            if (e instanceof Arrival a) {
                arrivedAt.put(a.customer(), a.time());
                line.addLast(a.customer());
            } else if (e instanceof Departure d) {
                busy[d.teller()] = false;
                served++;
            }
            int teller;
            while (!line.isEmpty() && (teller = freeTeller.getAsInt()) >= 0) {
                int c = line.pollFirst();
                busy[teller] = true;
                waits.add(e.time() - arrivedAt.get(c));
                events.add(new Departure(e.time() + service.get(), c, teller));
            }
            lengths.add(line.size());
        }
        System.out.printf("served %d, mean wait %.4f, mean line %.3f%n", served, waits.mean(), lengths.mean());
        System.out.println("max wait " + waits.summarize(l -> Collections.max(l)));
        System.out.println("longest line " + lengths.summarize(l -> l.stream().max(Integer::compare).get()));
        BiFunction<Integer, Integer, Integer> gcd = new BiFunction<>() {
            public Integer apply(Integer a, Integer b) { return b == 0 ? a : this.apply(b, a % b); }
        };
        System.out.println("gcd " + gcd.apply(1071, 462) + " " + new Arrival(1.5, 7));
    }
}
