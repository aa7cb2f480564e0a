// Lab 05: Reference.get() during concurrent marking. A referent that only a weak reference
// reaches stays white while the marker runs (the marker does not trace referents). If the
// program calls get() then and stores the result where the marker has already been, the
// referent must survive the cycle: gcvm passes every referent get() returns through the
// pre-write barrier, which logs it in the thread's SATB buffer (Step 1), and remark greys it
// (Step 3) before references are processed. Without that, the referent is cleared and swept
// while the program holds it: the final walk finds a corrupted box, or the heap verifier a
// dangling reference. The output is deterministic: it counts what the program holds strongly,
// never what the collector cleared.
import java.lang.ref.WeakReference;

public class WeakGetDuringMarking {
    static final class Box {
        final int id;
        final long check;
        final int[] payload;

        Box(int id) {
            this.id = id;
            this.check = mix(id);
            this.payload = new int[id % 7 + 1];
            payload[0] = id;
        }

        boolean intact() {
            return check == mix(id) && payload.length == id % 7 + 1 && payload[0] == id;
        }
    }

    static long mix(int id) {
        long x = id * 0x9E3779B97F4A7C15L;
        x ^= x >>> 31;
        return x * 0xD6E8FEB86659FD93L;
    }

    static final int N = 2048;

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400_000;
        @SuppressWarnings("unchecked")
        WeakReference<Box>[] weak = new WeakReference[N];
        Box[] strong = new Box[N];
        Box[] rescued = new Box[256];
        long garbage = 0;
        for (int r = 0; r < rounds; r++) {
            int i = r % N;
            Box b = new Box(r);
            weak[i] = new WeakReference<>(b);
            strong[i] = i % 2 == 0 ? b : null;     // even slots: also held strongly
            WeakReference<Box> w = weak[(i * 31 + 7) % N];
            Box got = w == null ? null : w.get(); // for even i, a referent only w reaches
            if (got != null) {
                rescued[r % rescued.length] = got; // stored where the marker may have been
            }
            int[] noise = new int[4 + (r & 31)];
            garbage += noise.length;
        }
        int kept = 0;
        for (int i = 0; i < N; i += 2) {
            Box b = weak[i].get();
            if (b != strong[i] || !b.intact()) {
                throw new IllegalStateException("weak reference " + i + " lost its strongly held referent");
            }
            kept++;
        }
        for (Box b : rescued) {
            if (b != null && !b.intact()) {
                throw new IllegalStateException("box " + b.id + " was freed while the program held it");
            }
        }
        for (int i = 1; i < N; i += 2) {
            Box b = weak[i].get();
            if (b != null && !b.intact()) {
                throw new IllegalStateException("weak reference " + i + " points to a freed box");
            }
        }
        System.out.println("strongly held referents kept: " + kept + " of " + N / 2);
        System.out.println("rescued referents intact; garbage " + garbage);
    }
}
