import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/** A weak reference is cleared once its referent is only weakly reachable, and kept while the
 * referent is strongly reachable — also among a few megabytes of live data (parallel copying
 * and marking with several GC workers). */
public class WeakCleared {
    static List<int[]> live = new ArrayList<>();

    static WeakReference<Object> weakToGarbage() {
        return new WeakReference<>(new Object());
    }

    public static void main(String[] args) {
        for (int i = 0; i < 600; i++) live.add(new int[2000]);
        List<WeakReference<Object>> dead = new ArrayList<>();
        List<WeakReference<int[]>> alive = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            dead.add(weakToGarbage());
            alive.add(new WeakReference<>(live.get(i % live.size())));
        }
        System.gc();
        int cleared = 0;
        for (WeakReference<Object> w : dead) if (w.get() == null) cleared++;
        int kept = 0;
        for (int i = 0; i < alive.size(); i++) if (alive.get(i).get() == live.get(i % live.size())) kept++;
        System.out.println("weakly reachable referents cleared: " + cleared + " of " + dead.size());
        System.out.println("strongly reachable referents kept: " + kept + " of " + alive.size());
        WeakReference<int[]> self = new WeakReference<>(new int[10]);
        Object[] holder = { self };
        System.gc();
        System.out.println("reference reachable only from the heap still works: "
                + (((WeakReference<?>) holder[0]).get() == null));
    }
}
