import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

/** 100 weak references whose referents nothing else holds, kept by a static list; then a
 * collection clears them all. The graph at that collection's start had 100 referent edges. */
public class WeakDrop {
    static final List<WeakReference<int[]>> REFS = new ArrayList<>();

    public static void main(String[] args) {
        for (int i = 0; i < 100; i++) {
            REFS.add(new WeakReference<>(new int[10]));
        }
        System.gc();
        int cleared = 0;
        for (WeakReference<int[]> r : REFS) {
            if (r.get() == null) {
                cleared++;
            }
        }
        System.out.println(cleared + " of " + REFS.size() + " cleared");
    }
}
