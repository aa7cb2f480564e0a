/*
 * DeathSites -- objects written to die in known methods (for `gcvm deaths`).
 *
 * GC behaviour exercised:
 *   - Every object dies young, and each kind dies in one known method, so
 *     a death-time trace (`gcvm run --trace-deaths`) can be checked against
 *     the source:
 *       * a Payload (and the long[] it allocates in its constructor) is
 *         allocated in main, parked in a static one-slot array, and dies
 *         in release(), which overwrites the slot;
 *       * an int[] scratch buffer is allocated in scratch() and dies when
 *         scratch() returns (its only reference is a local);
 *       * a Link chain built in chain() is dropped in main, which
 *         overwrites the local holding its head (the links die together).
 *   - Nothing survives long: the live set stays a few hundred bytes.
 *
 * Size argument (args[0], default 8): 25000 * size iterations.
 * Peak live size: a few KB.
 *
 * Prints: the number of iterations and a checksum.  Output is
 *   deterministic.
 */
public class DeathSites {

    /** Allocated in main, killed in release(). */
    static final class Payload {
        final int value;
        final long[] padding;

        Payload(int value) {
            this.value = value;
            this.padding = new long[4];
            this.padding[0] = value;
        }
    }

    /** A singly linked chain, dropped as a whole in main. */
    static final class Link {
        final int value;
        final Link next;

        Link(int value, Link next) {
            this.value = value;
            this.next = next;
        }
    }

    static final Payload[] SLOT = new Payload[1];

    /** Kills the parked Payload: the slot's only reference goes away here. */
    static void release() {
        SLOT[0] = null;
    }

    /** The scratch buffer dies when this method returns. */
    static int scratch(int i) {
        int[] buffer = new int[16];
        for (int k = 0; k < buffer.length; k++) {
            buffer[k] = i + k;
        }
        return buffer[i & 15];
    }

    static Link chain(int n, int seed) {
        Link head = null;
        for (int k = 0; k < n; k++) {
            head = new Link(seed + k, head);
        }
        return head;
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Math.max(1, Integer.parseInt(args[0])) : 8;
        int iterations = 25000 * size;
        long checksum = 0;
        Link head = null;
        for (int i = 0; i < iterations; i++) {
            SLOT[0] = new Payload(i);
            checksum += SLOT[0].padding[0];
            release();
            checksum += scratch(i);
            if (i % 100 == 0) {
                head = chain(8, i);
                checksum += head.value;
            }
        }
        System.out.println("iterations " + iterations);
        System.out.println("checksum " + checksum + " " + (head == null ? 0 : head.next.value));
    }
}
