/*
 * OldToYoung -- a large long-lived object graph whose fields are constantly
 * overwritten with freshly allocated objects.
 *
 * GC behaviour exercised:
 *   - Old-to-young pointers: a long-lived array of Holder objects and a
 *     long-lived Object[] "slot table" are built first (they are promoted /
 *     tenured after the first collections).  The main loop then keeps
 *     storing references to brand-new Payload objects into random Holders
 *     and random slots.  Every such store creates an old-to-young pointer,
 *     so a generational or region collector must record it (write barrier,
 *     card table, remembered set) and scan it at the next young collection;
 *     a collector that forgets a barrier loses live objects and the final
 *     checksum changes.
 *   - Old-to-old stores: Holders are relinked to other random Holders, so
 *     the long-lived graph keeps changing shape (concurrent marking must
 *     see these stores through its barrier).
 *   - Stores into a big Object[] (card marking / remembered-set entries for a
 *     large, possibly humongous array).
 *   - Medium lifetimes: each Payload keeps a pointer to the Payload it
 *     replaced (chains are cut at length 3), so a payload survives a couple
 *     of overwrites before dying, and payloads point both to younger and to
 *     older payloads.
 *
 * Size argument (args[0], default 8): 8000 * size Holders (capped at
 *   96000) and the same number of slots; 220000 * size - 100000 mutations
 *   (120000 at size 1, 1660000 at the default size).
 * Peak live size at the default size: about 15 MB (64000 Holders, a
 *   64000-slot array, up to 3 live Payloads per Holder's first field, 1 in
 *   its second field and 2 per slot).
 *
 * Prints: graph size, number of mutations, a checksum of a full walk of the
 *   graph after every eighth of the run, and the final checksum.  Random
 *   numbers come from a fixed-seed xorshift generator, so output is
 *   deterministic.
 */
public class OldToYoung {

    static final class Payload {
        final long value;
        Payload prev;
        final int[] extra;

        Payload(long value, Payload prev, boolean withExtra) {
            this.value = value;
            this.prev = prev;
            this.extra = withExtra ? new int[] {(int) value, (int) (value >>> 16), 7} : null;
        }

        /** Cuts the history chain at the given length. */
        void trim(int keep) {
            Payload p = this;
            for (int i = 1; i < keep && p != null; i++) {
                p = p.prev;
            }
            if (p != null) {
                p.prev = null;
            }
        }

        long digest() {
            long h = 0;
            for (Payload p = this; p != null; p = p.prev) {
                h = h * 31 + p.value;
                if (p.extra != null) {
                    h += p.extra[1];
                }
            }
            return h;
        }
    }

    static final class Holder {
        final int id;
        Payload first;
        Payload second;
        Holder link;
        long counter;

        Holder(int id) {
            this.id = id;
        }
    }

    static long state = 0x2545F4914F6CDD1DL;

    static int next(int bound) {
        state ^= state << 13;
        state ^= state >>> 7;
        state ^= state << 17;
        return (int) ((state >>> 33) % bound);
    }

    static long walk(Holder[] holders, Object[] slots) {
        long h = 0;
        for (Holder x : holders) {
            h = h * 1000003 + x.counter;
            if (x.first != null) {
                h += x.first.digest();
            }
            if (x.second != null) {
                h ^= x.second.digest();
            }
            if (x.link != null) {
                h += x.link.id;
            }
        }
        for (Object o : slots) {
            if (o instanceof Payload) {
                h = h * 31 + ((Payload) o).digest();
            } else if (o instanceof Holder) {
                h = h * 31 + ((Holder) o).id;
            }
        }
        return h;
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int n = Math.min(96000, 8000 * size);
        long mutations = 220000L * size - 100000L;
        Holder[] holders = new Holder[n];
        Object[] slots = new Object[n];
        for (int i = 0; i < n; i++) {
            holders[i] = new Holder(i);
            holders[i].first = new Payload(i, null, false);
        }
        for (int i = 0; i < n; i++) {
            holders[i].link = holders[next(n)];
            slots[i] = (i & 1) == 0 ? holders[i] : null;
        }

        System.out.println("OldToYoung size=" + size + " holders=" + n + " slots=" + n
                + " mutations=" + mutations);
        long checksum = 0;
        long phase = mutations / 8;
        for (long m = 1; m <= mutations; m++) {
            int i = next(n);
            Holder h = holders[i];
            int what = next(16);
            if (what < 7) {
                Payload p = new Payload(m, h.first, (m & 3) == 0);
                p.trim(3);
                h.first = p; // old Holder -> young Payload
            } else if (what < 10) {
                h.second = new Payload(m * 3, null, true);
            } else if (what < 12) {
                h.link = holders[next(n)]; // old -> old
                h.counter++;
            } else if (what < 15) {
                int s = next(n);
                Object old = slots[s];
                Payload prev = old instanceof Payload ? (Payload) old : null;
                Payload p = new Payload(-m, prev, false);
                p.trim(2);
                slots[s] = p; // big old array -> young Payload
            } else {
                // Drop references so that some old payloads die.
                h.second = null;
                slots[next(n)] = holders[next(n)];
            }
            if (m % phase == 0) {
                long w = walk(holders, slots);
                System.out.println("after " + m + " mutations: walk " + Long.toString(w));
                checksum = checksum * 31 + w;
            }
        }
        System.out.println("checksum " + Long.toString(checksum));
    }
}
