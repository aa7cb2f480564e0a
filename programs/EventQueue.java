/*
 * EventQueue -- a discrete-event simulation of a service centre with up to
 * 6000 servers, one shared waiting line, and customers who renege (give up)
 * after a patience timeout.
 *
 * GC behaviour exercised:
 *   - Nursery escapees: every customer, its payload (an int[] of 8-39 ints
 *     plus a small linked chain of 1-4 Task objects) and its events are
 *     allocated young and stay reachable from the PriorityQueue / waiting
 *     line for a simulated while -- a few thousand customers are in the
 *     system at once, so each one lives through a few MB of allocation,
 *     long enough to survive a small nursery's young collection -- and then
 *     die soon after.  This is the classic "medium lifetime" that defeats a
 *     nursery sized too small and causes premature promotion.
 *   - A long-lived, constantly mutated PriorityQueue backing array (old
 *     object) that receives pointers to young events on every offer:
 *     old-to-young references.
 *   - An ArrayDeque waiting line that grows and shrinks during bursts of
 *     arrivals (array reallocation).
 *   - Timeout events of customers who were served in time stay in the queue
 *     until they come due, so some queued objects are already logically
 *     dead but still reachable (floating garbage for the collector).
 *
 * Size argument (args[0], default 10): 16000 * size - 8000 customers arrive
 *   (8000 at size 1, 152000 at the default size) and there are
 *   min(6000, 750 * size) servers; about 2.8 events are processed per
 *   customer.
 * Peak live size at the default size: about 2 MB (up to ~7000 pending
 *   events and 6000 customers in service with their payloads).
 *
 * Prints: events processed and the maximum number pending, customers served
 *   / reneged, the longest waiting line, the most servers busy at once,
 *   total and maximum time in the system, and a checksum over the served
 *   customers' payloads.  Event ordering is total (time, then sequence
 *   number), so the output is deterministic.
 */
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.Random;

public class EventQueue {

    static final int ARRIVAL = 0;
    static final int DONE = 1;
    static final int TIMEOUT = 2;
    static final int AUDIT = 3;
    static final long AUDIT_PERIOD = 50000;

    static final class Task {
        final int cost;
        final Task next;

        Task(int cost, Task next) {
            this.cost = cost;
            this.next = next;
        }
    }

    static final class Customer {
        final int id;
        final long arrival;
        final int[] payload;
        final Task tasks;
        boolean inService;
        boolean gone;

        Customer(int id, long arrival, Random rnd) {
            this.id = id;
            this.arrival = arrival;
            int bits = rnd.nextInt();
            int n = 8 + (bits & 31);
            payload = new int[n];
            for (int i = 0; i < n; i++) {
                payload[i] = (id * 31 + i * 17) ^ (bits >>> 8);
            }
            Task t = null;
            int k = 1 + ((bits >>> 5) & 3);
            for (int i = 0; i < k; i++) {
                t = new Task(1 + ((bits >>> (10 + 4 * i)) & 15), t);
            }
            tasks = t;
        }

        int work() {
            int w = 0;
            for (Task t = tasks; t != null; t = t.next) {
                w += t.cost;
            }
            return w;
        }

        long digest() {
            long h = id;
            for (int p : payload) {
                h = h * 31 + p;
            }
            return h;
        }
    }

    static final class Event {
        final long time;
        final long seq;
        final int type;
        final Customer customer;
        final int server;

        Event(long time, long seq, int type, Customer customer, int server) {
            this.time = time;
            this.seq = seq;
            this.type = type;
            this.customer = customer;
            this.server = server;
        }
    }

    static long seq;
    static PriorityQueue<Event> queue;

    static void schedule(long time, int type, Customer c, int server) {
        queue.add(new Event(time, seq++, type, c, server));
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        if (size < 1) {
            size = 1;
        }
        int totalCustomers = 16000 * size - 8000;
        // Fewer servers at small sizes, so that even short runs saturate them.
        int servers = Math.min(6000, 750 * size);
        long serviceUnit = servers * 16L / 15;
        Random rnd = new Random(1234567L);
        Comparator<Event> order = (a, b) -> {
            if (a.time != b.time) {
                return a.time < b.time ? -1 : 1;
            }
            return Long.compare(a.seq, b.seq);
        };
        queue = new PriorityQueue<>(16, order);

        // One FIFO waiting line shared by all servers; free servers on a stack.
        ArrayDeque<Customer> line = new ArrayDeque<>();
        int[] free = new int[servers];
        int freeTop = 0;
        for (int s = servers - 1; s >= 0; s--) {
            free[freeTop++] = s;
        }

        long served = 0, reneged = 0, events = 0, totalWait = 0, maxWait = 0;
        int maxLine = 0, maxQueue = 0, arrived = 0, maxInService = 0;
        long checksum = 0;
        long audits = 0;

        schedule(0, ARRIVAL, null, -1);
        schedule(AUDIT_PERIOD, AUDIT, null, -1);
        while (!queue.isEmpty()) {
            if (queue.size() > maxQueue) {
                maxQueue = queue.size();
            }
            Event e = queue.poll();
            events++;
            long now = e.time;
            switch (e.type) {
                case ARRIVAL: {
                    Customer c = new Customer(arrived++, now, rnd);
                    if (freeTop > 0) {
                        int s = free[--freeTop];
                        c.inService = true;
                        schedule(now + c.work() * serviceUnit, DONE, c, s);
                        if (servers - freeTop > maxInService) {
                            maxInService = servers - freeTop;
                        }
                    } else {
                        line.addLast(c);
                        if (line.size() > maxLine) {
                            maxLine = line.size();
                        }
                        schedule(now + 2000 + rnd.nextInt(30000), TIMEOUT, c, -1);
                    }
                    if (arrived < totalCustomers) {
                        // Bursty arrivals: mostly quick, sometimes a lull.
                        int gap = rnd.nextInt(10) == 0 ? 40 + rnd.nextInt(200) : 1 + rnd.nextInt(18);
                        schedule(now + gap, ARRIVAL, null, -1);
                    }
                    break;
                }
                case DONE: {
                    Customer c = e.customer;
                    served++;
                    long wait = now - c.arrival;
                    totalWait += wait;
                    if (wait > maxWait) {
                        maxWait = wait;
                    }
                    checksum = checksum * 1000003 + c.digest() + wait;
                    c.gone = true;
                    // Serve the next customer who has not reneged.
                    Customer next;
                    while ((next = line.pollFirst()) != null && next.gone) {
                        // skip customers that already left
                    }
                    if (next != null) {
                        next.inService = true;
                        schedule(now + next.work() * serviceUnit, DONE, next, e.server);
                    } else {
                        free[freeTop++] = e.server;
                    }
                    break;
                }
                case TIMEOUT: {
                    Customer c = e.customer;
                    if (!c.inService && !c.gone) {
                        c.gone = true; // lazily removed from the line
                        reneged++;
                        checksum = checksum * 31 + c.id;
                    }
                    break;
                }
                default: { // AUDIT: periodic bookkeeping while customers keep coming
                    audits++;
                    checksum = checksum * 17 + line.size() * 1009L + (servers - freeTop);
                    if (arrived < totalCustomers) {
                        schedule(now + AUDIT_PERIOD, AUDIT, null, -1);
                    }
                    break;
                }
            }
        }

        System.out.println("EventQueue size=" + size + " customers=" + arrived + " servers=" + servers);
        System.out.println("events " + events + ", audits " + audits + ", max pending " + maxQueue);
        System.out.println("served " + served + ", reneged " + reneged + ", max line " + maxLine
                + ", max in service " + maxInService);
        System.out.println("total wait " + totalWait + ", max wait " + maxWait);
        System.out.println("checksum " + Long.toString(checksum));
    }
}
